"""The server runs a game's clock: when `Game.timer` names a timer, its action is applied by
the CLOCK seat after the timer's seconds, through the same checked, committed path as a move;
a timer the state has moved past never fires, and a new key replaces the old timer."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from app.games.core import CLOCK, Action, ActionCodec, Applied, Game, Refusal, Result, Timer
from app.rooms.live import LiveRoom, Match, Player
from app.rooms.store import GameRow, RoomRow, SeatRow
from tests.support.memory import MemoryStore

TICK_S = 0.3  # long enough that a busy test machine cannot blur the order


@dataclass(frozen=True, slots=True)
class Tick(Action):
    kind: ClassVar[str] = "tick"


@dataclass(frozen=True, slots=True)
class Press(Action):
    kind: ClassVar[str] = "press"


@dataclass(frozen=True, slots=True)
class Countdown:
    ticks: int = 0
    presses: int = 0


class CountdownGame(Game[Countdown]):
    """A one-seat toy: the clock ticks three times; pressing restarts the current tick."""

    id = "countdown"
    name = "Countdown"
    min_players = 1
    max_players = 1
    codec = ActionCodec(Tick, Press)
    seconds = TICK_S

    def setup(self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None):
        return Countdown()

    def active_seats(self, state: Countdown) -> frozenset[int]:
        return frozenset() if state.ticks >= 3 else frozenset({0})

    def legal_actions(self, state: Countdown, seat: int) -> tuple[Action, ...]:
        if state.ticks >= 3:
            return ()
        return (Tick(),) if seat == CLOCK else (Press(),)

    def apply(self, state: Countdown, seat: int, action: Action) -> Applied[Countdown] | Refusal:
        if action not in self.legal_actions(state, seat):
            return Refusal("Not now.")
        if isinstance(action, Tick):
            return Applied(replace(state, ticks=state.ticks + 1))
        return Applied(replace(state, presses=state.presses + 1))

    def view(self, state: Countdown, viewer: int | None) -> Mapping[str, Any]:
        return {"count": (state.ticks, state.presses)}

    def result(self, state: Countdown) -> Result | None:
        return Result((state.ticks,), (1,)) if state.ticks >= 3 else None

    def timer(self, state: Countdown) -> Timer | None:
        if state.ticks >= 3:
            return None
        # A press changes the key: the running tick is replaced by a fresh one.
        return Timer(f"tick-{state.ticks}-{state.presses}", self.seconds, Tick())


def room(store: MemoryStore, game: CountdownGame | None = None) -> LiveRoom:
    game = game or CountdownGame()
    row = RoomRow(1, "code", game.id, {}, True, 1, "playing")
    live = LiveRoom(row, game, [SeatRow(0, 1, None)], {1: "Ann"}, store, 0)  # type: ignore[arg-type]
    live.match = Match(1, game.setup(1, {}, 0), [Player("Ann", 1)])
    return live


async def test_the_clock_ticks_as_clock_actions_until_the_game_ends() -> None:
    store = MemoryStore()
    live = room(store)
    live._wake()
    await asyncio.sleep(TICK_S * 3 + 0.3)
    assert live.match is not None and live.match.state.ticks == 3
    assert live.match.result is not None
    assert [(seat, action["kind"]) for _seq, seat, action in store.actions] == [(CLOCK, "tick")] * 3
    assert live._timer is None  # no timer once the game is over


async def test_a_move_that_changes_the_timer_key_restarts_it() -> None:
    store = MemoryStore()
    live = room(store)
    live._wake()
    await asyncio.sleep(TICK_S * 0.6)
    refusal = await live.handle(1, {"cmd": "act", "kind": "press", "v": 0})
    assert refusal is None
    await asyncio.sleep(TICK_S * 0.6)  # the first tick would have fired by now
    assert live.match is not None and live.match.state.ticks == 0
    await asyncio.sleep(TICK_S * 0.8)
    assert live.match.state.ticks == 1


async def test_a_player_cannot_send_the_clocks_action() -> None:
    live = room(MemoryStore())
    refusal = await live.handle(1, {"cmd": "act", "kind": "tick", "v": 0})
    assert isinstance(refusal, Refusal)
    assert live.match is not None and live.match.state.ticks == 0


async def test_a_restored_timer_fires_at_its_old_deadline_not_after_a_full_length() -> None:
    """The deadline is the commit time of the move that started the timer plus its length,
    so a room rebuilt from its log (a server restart) keeps the time the timer had left."""
    game = CountdownGame()
    game.seconds = 1.0
    store = MemoryStore()
    live = room(store, game)
    live._wake()
    await asyncio.sleep(0.1)
    assert await live.handle(1, {"cmd": "act", "kind": "press", "v": 0}) is None
    pressed = store.rows[-1][3]  # the new timer runs from this commit
    await asyncio.sleep(0.5)
    assert live._timer is not None
    live._timer[1].cancel()  # the server goes away with its tasks
    again = room(store, game)
    await again.restore(GameRow(1, 0, {}, [{"name": "Ann", "person_id": 1}], None, "playing"))
    assert again.match is not None and again.match.timer_since == pressed
    again._wake()
    await asyncio.sleep(max(0.0, pressed + 1.0 - time.time()) + 0.25)
    fired = [at for _seq, seat, _action, at, _by in store.rows if seat == CLOCK]
    assert fired and abs(fired[0] - (pressed + 1.0)) < 0.2  # a restart from full: +0.6 s


async def test_a_restored_timer_shows_the_time_it_really_has_left() -> None:
    """Pages count a game timer down from `timer_left`: after a restart it is what the
    stored deadline leaves, not the timer's full length."""
    game = CountdownGame()
    game.seconds = 1.0
    store = MemoryStore()
    live = room(store, game)
    live._wake()
    assert await live.handle(1, {"cmd": "act", "kind": "press", "v": 0}) is None
    pressed = store.rows[-1][3]
    left = live.timer_left()
    assert left is not None and 0.8 < left <= 1.0
    assert live._timer is not None
    live._timer[1].cancel()
    await asyncio.sleep(0.4)
    again = room(store, game)
    await again.restore(GameRow(1, 0, {}, [{"name": "Ann", "person_id": 1}], None, "playing"))
    left = again.timer_left()
    assert left is not None and abs(left - (pressed + 1.0 - time.time())) < 0.05
    assert left < 0.7  # a full length would be 1.0


async def test_no_turn_clock_runs_while_the_games_own_timer_decides() -> None:
    """A phase with a game timer (a window, a sand timer) ends by that timer: the turn clock
    of the seats in it stands still, so it never plays a move for them."""
    live = room(MemoryStore())
    assert live.match is not None
    live._begin(live.match, 100.0, {"bank": 1.0, "allowance": 0.1})
    assert live.match.clocks is not None and live.match.clocks.next_out() is None
