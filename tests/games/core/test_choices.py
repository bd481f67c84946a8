"""A seat's choices are shapes: a gather allows exactly the sets its count and points range
allow, a point builds its action from x and y, and a toy picture game's click is checked by
its engine like any move; offers are computed once per state and seat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from app.games.core import (
    Action,
    ActionCodec,
    Applied,
    Game,
    Gather,
    Item,
    MovesView,
    Pick,
    Point,
    Refusal,
    Result,
    Span,
)


@dataclass(frozen=True, slots=True)
class Tap(Action):
    """Tap the picture at (x, y), in its pixels."""

    kind: ClassVar[str] = "tap"
    x: int = 0
    y: int = 0


@dataclass(frozen=True, slots=True)
class Target:
    """A 400 × 300 picture with a 40-pixel target at (300, 100); `hits` counted."""

    hits: int = 0
    taps: int = 0


PICTURE = "/static/toy-target.svg"


class TargetGame(Game[Target]):
    """A one-seat toy for moves that are clicks on a picture (as Speedy Pickers' will be)."""

    id = "target"
    name = "Target"
    min_players = 1
    max_players = 1
    codec = ActionCodec(Tap)

    def setup(self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None):
        return Target()

    def active_seats(self, state: Target) -> frozenset[int]:
        return frozenset() if state.taps >= 3 else frozenset({0})

    def legal_actions(self, state: Target, seat: int) -> tuple[Action, ...]:
        return (Tap(300, 100), Tap(0, 0)) if seat in self.active_seats(state) else ()

    def choices(self, state: Target, seat: int) -> tuple[Point, ...]:
        return (Point(Tap(), PICTURE, 400, 300),) if seat in self.active_seats(state) else ()

    def apply(self, state: Target, seat: int, action: Action) -> Applied[Target] | Refusal:
        if not isinstance(action, Tap) or seat not in self.active_seats(state):
            return Refusal("Not now.")
        if not (0 <= action.x < 400 and 0 <= action.y < 300):
            return Refusal("That is not on the picture.")
        hit = abs(action.x - 300) <= 20 and abs(action.y - 100) <= 20
        return Applied(replace(state, hits=state.hits + hit, taps=state.taps + 1))

    def public_view(self, state: Target) -> Mapping[str, Any]:
        return {"score": state.hits}

    def private_view(self, state: Target, viewer: int | None) -> Mapping[str, Any]:
        return {}

    def result(self, state: Target) -> Result | None:
        return None


GAME = TargetGame()


def test_a_gather_allows_the_sets_within_its_count_and_points() -> None:
    gather = Gather(Tap(), "x", (Item(1, 1), Item(2, 2), Item(3, 3)), Span(1, 2), Span(3, 4))
    assert gather.fits([1, 2]) and gather.fits([3]) and gather.fits([1, 3])
    assert not gather.fits([1])  # 1 point: under the range
    assert not gather.fits([2, 3])  # 5 points
    assert not gather.fits([1, 2, 3])  # three items
    assert not gather.fits([3, 3]) and not gather.fits([4])  # twice, or not offered


def test_a_click_on_the_picture_is_checked_by_the_engine() -> None:
    state = GAME.setup(1, {}, 1)
    view = GAME.view(state, 0)
    moves = view[GAME.moves_part]
    assert isinstance(moves, MovesView) and moves.points == (Point(Tap(), PICTURE, 400, 300),)
    point = moves.points[0]
    sent = GAME.codec.decode({**point.build(301, 99).to_json(), "cmd": "act", "v": 0})
    assert sent == Tap(301, 99)
    applied = GAME.apply(state, 0, sent)
    assert isinstance(applied, Applied) and applied.state.hits == 1
    assert isinstance(GAME.apply(state, 0, point.build(400, 10)), Refusal)
    assert GAME.view(state, None)[GAME.moves_part] is None  # a spectator has no moves


def test_offers_are_computed_once_per_state_and_seat() -> None:
    calls: list[int] = []

    class Counting(TargetGame):
        def choices(self, state: Target, seat: int) -> tuple[Point, ...]:
            calls.append(seat)
            return super().choices(state, seat)

    game, state = Counting(), Target()
    for _render in range(3):
        game.offered(state, 0)
        game.moves_view(state, 0)
    assert calls == [0]
    game.offered(Target(), 0)  # an equal but new state: its own offers
    assert calls == [0, 0]


def test_the_default_choices_are_one_button_per_distinct_legal_action() -> None:
    class Doubled(TargetGame):
        def choices(self, state: Target, seat: int) -> tuple[Any, ...]:
            return Game.choices(self, state, seat)

        def legal_actions(self, state: Target, seat: int) -> tuple[Action, ...]:
            return (Tap(1, 1), Tap(1, 1), Tap(2, 2))

    assert Doubled().choices(Target(), 0) == (Pick(Tap(1, 1)), Pick(Tap(2, 2)))
