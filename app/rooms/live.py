"""A room held in memory: seats, the running game, who is watching; one writer at a time.

Every command goes through `LiveRoom.handle` under the room's lock. A game
action is checked by the engine, committed to the database, and only then
applied to the in-memory state and announced to the room's listeners. There
are no rules here (the engine has them) and no sockets (listeners are anything
with a `changed()` method), so a broadcast bus can be put between them.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

from app.games.core import CLOCK, Applied, Event, Game, Refusal, Result, Timer
from app.games.core.i18n import _
from app.rooms.store import GameRow, RoomRow, SeatRow, Store

log = logging.getLogger(__name__)

UNSAVED = Refusal(_("That could not be saved, so it did not happen. Please try again."))
STALE = Refusal(_("The table changed before your move arrived; here it is again."))


class Listener(Protocol):
    person_id: int | None

    def changed(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Player:
    """Who sits in a game seat, as recorded when the game started."""

    name: str
    person_id: int | None = None
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "person_id": self.person_id, "bot": self.bot}


@dataclass(slots=True)
class Match:
    """The game being played (or just finished) in a room."""

    record_id: int
    state: Any
    players: list[Player]
    version: int = 0  # actions applied so far = the last sequence number
    log: list[tuple[int, Event]] = field(default_factory=list)
    result: Result | None = None
    # Per seat, the version its offered moves date from: it moves on when the seat acts or
    # its legal actions change, not when another seat's move leaves them as they were. So in
    # simultaneous phases one player's move does not turn the other's buttons stale, while a
    # double click (the seat's own second send) still is.
    stamps: dict[int, int] = field(default_factory=dict)

    @classmethod
    def dealt(cls, record_id: int, dealt: Applied[Any], players: list[Player]) -> Match:
        """Returns a match at its deal; what the set-up showed is logged as sequence 0."""
        match = cls(record_id, dealt.state, players)
        match.log.extend((0, event) for event in dealt.events)
        return match

    def stamp(self, seat: int) -> int:
        return self.stamps.get(seat, 0)

    def seat_of(self, person_id: int | None) -> int | None:
        for seat, player in enumerate(self.players):
            if person_id is not None and player.person_id == person_id:
                return seat
        return None


class LiveRoom:
    """One room's live state; all changes go through `handle` under `lock`."""

    def __init__(
        self,
        row: RoomRow,
        game: Game[Any],
        seats: list[SeatRow],
        names: dict[int, str],
        store: Store,
        bot_delay: float,
    ) -> None:
        self.row = row
        self.game = game
        self.seats = seats
        self.names = names
        self.store = store
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.match: Match | None = None
        self.revision = 0  # bumps on every change a viewer could see
        self.listeners: set[Listener] = set()
        self.cache: dict[Any, Any] = {}  # per-revision view/render cache, cleared on change
        # What only seating changes (seats, names, who is online, a game starting or ending):
        # kept across moves, cleared by any other change.
        self.seating_cache: dict[Any, Any] = {}
        self._last_public: Mapping[str, Any] = {}  # see `_stable`
        self._bot_task: asyncio.Task[None] | None = None
        self._timer: tuple[str, asyncio.Task[None]] | None = None  # (key, task) of the clock

    # ---- loading -------------------------------------------------------------

    async def restore(self, record: GameRow) -> None:
        """Rebuilds the latest game from its seed and action log."""
        entries = await self.store.actions(record.id)
        players = [Player(p["name"], p.get("person_id"), p.get("bot")) for p in record.players]
        dealt = self.game.deal(len(players), record.options, record.seed, record.carry)
        match = Match.dealt(record.id, dealt, players)
        for seat, payload in entries:
            action = self.game.codec.decode(payload)
            applied = (
                None if isinstance(action, Refusal) else self.game.apply(match.state, seat, action)
            )
            if applied is None or isinstance(applied, Refusal):
                # Should never happen; replay() would raise. Keep what replays cleanly.
                log.error("room %s: stored action %s does not replay", self.row.code, payload)
                break
            self._advance(match, seat, applied)
        match.result = self.game.result(match.state)
        self.match = match

    # ---- listeners -------------------------------------------------------------

    def attach(self, listener: Listener) -> None:
        self.listeners.add(listener)
        self._changed()
        self._wake()

    def detach(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        self._changed()

    def online(self) -> frozenset[int]:
        return frozenset(x.person_id for x in self.listeners if x.person_id is not None)

    def rename(self, person_id: int, name: str) -> None:
        if person_id in self.names:
            self.names[person_id] = name
            self._changed()

    def _changed(self, seating: bool = True) -> None:
        """Tells every listener the room changed; `seating=False` when only the game moved."""
        self.revision += 1
        self.cache.clear()
        if seating:
            self.seating_cache.clear()
        for listener in list(self.listeners):
            listener.changed()

    # ---- questions -------------------------------------------------------------

    @property
    def playing(self) -> bool:
        return self.match is not None and self.match.result is None

    def seat_of(self, person_id: int | None) -> int | None:
        """Returns the viewer's game seat, or None for a spectator."""
        return self.match.seat_of(person_id) if self.match else None

    def room_seat_of(self, person_id: int | None) -> int | None:
        for seat in self.seats:
            if person_id is not None and seat.person_id == person_id:
                return seat.seat_no
        return None

    def seat_name(self, seat: SeatRow) -> str | None:
        if seat.bot:
            return _("Bot {number}").format(number=seat.seat_no + 1)
        if seat.person_id is not None:
            return self.names.get(seat.person_id, "?")
        return None

    def game_view(self, viewer: int | None) -> Mapping[str, Any]:
        """Returns the engine's view for a seat (cached for this revision)."""
        key = ("view", viewer)
        view = self.cache.get(key)
        if view is None:
            assert self.match is not None
            state = self.match.state
            public = self.cache.get("public view")
            if public is None:  # the same for every viewer: computed once per revision
                public = self.cache["public view"] = self._stable(self.game.public_view(state))
            private = self.game.private_view(state, viewer)
            moves = {self.game.moves_part: self.game.moves_view(state, viewer)}
            view = self.cache[key] = {**public, **private, **moves}
        return view

    def _stable(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """Returns the public view with each part equal to the last one's replaced by that
        object: a socket compares each part with what it was sent last, and an unchanged
        part is then the same object, so one comparison here replaces one per socket."""
        last = self._last_public
        seat_parts = self.game.seat_parts
        view = {
            name: _same_items(last.get(name), data)
            if name in seat_parts
            else _same(last.get(name), data)
            for name, data in view.items()
        }
        self._last_public = view
        return view

    # ---- commands ----------------------------------------------------------------

    async def handle(self, person_id: int | None, payload: Mapping[str, Any]) -> Refusal | None:
        """Runs one command from a person; returns a refusal to show them, or None."""
        command = _COMMANDS.get(str(payload.get("cmd")))
        if command is None:
            return Refusal(_("Unknown command."))
        if person_id is None:
            return Refusal(_("Join the room with a name first."))
        async with self.lock:
            try:
                return await command(self, person_id, payload)
            except SQLAlchemyError:
                log.exception("room %s: %s could not be saved", self.row.code, payload.get("cmd"))
                return UNSAVED  # the store is written before memory: nothing changed

    async def _act(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        match = self.match
        if match is None or match.result is not None:
            return Refusal(_("No game is running."))
        seat = match.seat_of(person_id)
        if seat is None:
            return Refusal(_("You are watching: only players can make moves."))
        if str(payload.get("v")) != str(match.stamp(seat)):
            # The newer table is already on its way to this tab (every stamp change
            # re-sends the seat's controls), so a polite refusal is all it needs.
            return STALE
        return await self._apply(match, seat, payload)

    async def _apply(self, match: Match, seat: int, payload: Mapping[str, Any]) -> Refusal | None:
        action = self.game.codec.decode(payload)
        if isinstance(action, Refusal):
            return action
        applied = self.game.apply(match.state, seat, action)
        if isinstance(applied, Refusal):
            return applied
        result = self.game.result(applied.state)
        seq = match.version + 1
        try:
            await self.store.append_action(
                match.record_id,
                seq,
                seat,
                action.to_json(),
                result,
                self.row.id,
                [player.to_json() for player in match.players],
            )
        except SQLAlchemyError:
            log.exception("room %s: action %d could not be committed", self.row.code, seq)
            return UNSAVED  # nothing changed: the move simply did not happen
        # Committed: only now does anyone see the effect.
        self._advance(match, seat, applied)
        match.result = result
        self._changed(seating=result is not None)  # a game's end changes the room's controls
        self._wake()
        return None

    def _advance(self, match: Match, seat: int, applied: Applied[Any]) -> None:
        """Makes a seat's applied move the match's next one: stamps, state, version, log.
        Replaying a stored game and a committed move both go through here."""
        seq = match.version + 1
        self._restamp(match, seat, applied.state, seq)
        match.state, match.version = applied.state, seq
        match.log.extend((seq, event) for event in applied.events)

    def _restamp(self, match: Match, mover: int, state: Any, seq: int) -> None:
        """Moves the stamp of the mover and of every seat whose offered moves changed.

        `Game.offered` remembers each state's offers per seat, so the new state's are
        computed once here and reused by every render of the seat's moves."""
        game = self.game
        match.stamps[mover] = seq
        for seat in (game.active_seats(match.state) | game.active_seats(state)) - {mover}:
            if game.offered(match.state, seat) != game.offered(state, seat):
                match.stamps[seat] = seq

    async def _sit(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        if self.playing:
            return Refusal(_("The game has started; seats are fixed until it ends."))
        seat = self._seat_arg(payload)
        if seat is None or seat.person_id is not None or seat.bot is not None:
            return Refusal(_("That seat is not free."))
        if person_id not in self.names:
            self.names.update(await self.store.person_names([person_id]))
        current = self.room_seat_of(person_id)
        if current is not None:
            await self._set_seat(current, None, None)
        await self._set_seat(seat.seat_no, person_id, None)
        return None

    async def _stand(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        if self.playing:
            return Refusal(_("The game has started; seats are fixed until it ends."))
        current = self.room_seat_of(person_id)
        if current is None:
            return Refusal(_("You are not sitting at this table."))
        await self._set_seat(current, None, None)
        return None

    async def _add_bot(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        refusal = self._host_lobby_check(person_id)
        if refusal:
            return refusal
        seat = self._seat_arg(payload)
        kind = str(payload.get("bot", ""))
        if seat is None or seat.person_id is not None or seat.bot is not None:
            return Refusal(_("That seat is not free."))
        if kind not in self.game.bots:
            return Refusal(_("Unknown kind of bot."))
        await self._set_seat(seat.seat_no, None, kind)
        return None

    async def _clear_seat(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        refusal = self._host_lobby_check(person_id)
        if refusal:
            return refusal
        seat = self._seat_arg(payload)
        if seat is None or seat.person_id == person_id:
            return Refusal(_("That seat cannot be cleared."))
        await self._set_seat(seat.seat_no, None, None)
        return None

    async def _start(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        refusal = self._host_lobby_check(person_id)
        if refusal:
            return refusal
        players = [
            Player(self.seat_name(seat) or "?", seat.person_id, seat.bot)
            for seat in self.seats
            if seat.person_id is not None or seat.bot is not None
        ]
        if not self.game.min_players <= len(players) <= self.game.max_players:
            return Refusal(
                _("{game} needs {low} to {high} players."),
                {
                    "game": self.game.name,
                    "low": self.game.min_players,
                    "high": self.game.max_players,
                },
            )
        seed = secrets.randbits(62)
        options = self.row.options
        dealt = self.game.deal(len(players), options, seed)
        record_id = await self.store.start_game(
            self.row.id, self.row.game_type, seed, options, [p.to_json() for p in players]
        )
        self.match = Match.dealt(record_id, dealt, players)
        self._changed()
        self._wake()
        return None

    def _host_lobby_check(self, person_id: int) -> Refusal | None:
        if person_id != self.row.host_id:
            return Refusal(_("Only the host can do that."))
        if self.playing:
            return Refusal(_("The game has started; seats are fixed until it ends."))
        return None

    def _seat_arg(self, payload: Mapping[str, Any]) -> SeatRow | None:
        try:
            number = int(payload.get("seat", -1))
        except (TypeError, ValueError):
            return None
        return self.seats[number] if 0 <= number < len(self.seats) else None

    async def _set_seat(self, seat_no: int, person_id: int | None, bot: str | None) -> None:
        await self.store.set_seat(self.row.id, seat_no, person_id, bot)
        self.seats[seat_no] = SeatRow(seat_no, person_id, bot)
        self._changed()

    def _wake(self) -> None:
        """Starts whatever must happen next on its own: bot moves, the game's clock."""
        self._schedule_bots()
        self._schedule_timer()

    # ---- the clock -----------------------------------------------------------------

    def _schedule_timer(self) -> None:
        """Runs the game's current timer, if any; a timer with a new key replaces the old.

        Time enters a game only as an action by the CLOCK seat, applied through `_apply`
        like any move (checked, committed, logged), so a replay needs no clock. After a
        restart a running timer starts again from its full length.
        """
        match = self.match
        timer = self.game.timer(match.state) if match and match.result is None else None
        if self._timer is not None:
            key, task = self._timer
            if timer is not None and timer.key == key and not task.done():
                return  # the same timer is already running
            task.cancel()
            self._timer = None
        if timer is not None:
            task = asyncio.get_running_loop().create_task(self._run_timer(timer))
            self._timer = (timer.key, task)

    async def _run_timer(self, timer: Timer) -> None:
        await asyncio.sleep(timer.seconds)
        async with self.lock:
            match = self.match
            if match is None or match.result is not None:
                return
            current = self.game.timer(match.state)
            if current is None or current.key != timer.key:
                return  # the state moved on while this one waited
            if self._timer is not None and self._timer[0] == timer.key:
                self._timer = None  # this task is ending; _apply may schedule the next one
            refusal = await self._apply(match, CLOCK, timer.action.to_json())
            if refusal is not None:
                log.error("room %s: timer %s refused: %s", self.row.code, timer.key, refusal.text())

    # ---- bots --------------------------------------------------------------------

    def _schedule_bots(self) -> None:
        if self._bot_task is None or self._bot_task.done():
            if self._bot_seat() is not None:
                self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    def _bot_seat(self) -> int | None:
        match = self.match
        if match is None or match.result is not None:
            return None
        for seat in sorted(self.game.active_seats(match.state)):
            if match.players[seat].bot:
                return seat
        return None

    async def _run_bots(self) -> None:
        """Plays bot turns one by one, pausing so people can follow."""
        while True:
            await asyncio.sleep(self.bot_delay)
            async with self.lock:
                seat = self._bot_seat()
                if seat is None or self.match is None:
                    return
                match = self.match
                bot = self.game.bots[match.players[seat].bot or ""]
                rng = random.Random(f"{match.record_id}:{match.version}:{seat}")
                action = bot(self.game, match.state, seat, rng)
                # Same path as people, minus the version check: the bot read the state
                # under the lock. _apply will not start a second bot task while this runs.
                refusal = await self._apply(match, seat, action.to_json())
                if refusal is not None:
                    log.error("room %s: bot move refused: %s", self.row.code, refusal.text())
                    return


def _same(last: Any, data: Any) -> Any:
    return last if last is not None and last == data else data


def _same_items(last: Any, data: Any) -> Any:
    """`_same` for each seat's item of a per-seat part."""
    if last is None or len(last) != len(data):
        return data
    return tuple(_same(old, new) for old, new in zip(last, data, strict=True))


Command = Callable[[LiveRoom, int, Mapping[str, Any]], Any]

_COMMANDS: dict[str, Command] = {
    "act": LiveRoom._act,
    "sit": LiveRoom._sit,
    "stand": LiveRoom._stand,
    "bot": LiveRoom._add_bot,
    "clear": LiveRoom._clear_seat,
    "start": LiveRoom._start,
}
