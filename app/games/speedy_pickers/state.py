"""The immutable state of a game of Speedy Pickers.

Every object tile is in exactly one place: the bag, the centre of the table, a player's
reserved spot, a player's marks (in front of them, being searched), their kept tiles (face
up), their face-down tiles (wrong marks) or the discard (spent in the selling phase). Every
Transaction card is in the deck, on display or held by a player. A mark's point and `hit`
never leave the engine before the search phase ends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from app.games.core.rng import Rng

Cloth = tuple[int, int, int, int, int]
"""Where a cloth lies on a scene: centre x, centre y, width, height (picture pixels, after any
turn of the scene) and its angle in degrees."""


class Mode(StrEnum):
    BEGINNER = "beginner"
    EXPERT = "expert"


class Phase(StrEnum):
    """Where a turn stands: getting ready (and playing powers) before the search, the search,
    the check after it (beginner: board by board, on the clock), the sale (expert), or the
    game over."""

    PREPARE = "prepare"
    SEARCH = "search"
    CHECK = "check"
    SELL = "sell"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Mark:
    """A magnifier on a scene: the tile claimed, the point clicked and what lies there."""

    tile: str
    x: int
    y: int
    hit: str

    @property
    def right(self) -> bool:
        return self.hit == self.tile


@dataclass(frozen=True, slots=True)
class Effects:
    """What opponents' powers do to one player's scene this turn (the picture's arguments)."""

    rotated: bool = False
    cloth: Cloth | None = None
    low_res: bool = False


@dataclass(frozen=True, slots=True)
class Player:
    """One seat: its tiles, marks, cards, scenes played and this turn's standing."""

    kept: tuple[str, ...] = ()  # objects face up, in the order won
    face_down: tuple[str, ...] = ()  # wrong marks: out of play, worth nothing
    marks: tuple[Mark, ...] = ()
    reserved: str | None = None  # a Reserved Object tile in front of this seat
    cards: tuple[int, ...] = ()  # Transaction card ids, in the order bought
    used: frozenset[int] = frozenset()  # Action cards turned sideways
    extra_magnifier: bool = False
    scenes: tuple[int, ...] = ()  # scene indexes played; the last is this turn's
    effects: Effects = Effects()
    token: int | None = None  # turn-order token taken (expert), 1 = sells first
    passed: bool = False  # turned the token to its Pass side
    ready: bool = False  # ready for the search (the prepare phase)
    double_dose: bool = False  # may buy 2 cards a sale turn this turn

    @property
    def scene(self) -> int:
        return self.scenes[-1]

    @property
    def marked(self) -> tuple[str, ...]:
        return tuple(mark.tile for mark in self.marks)

    def mark_on(self, tile: str) -> Mark | None:
        for mark in self.marks:
            if mark.tile == tile:
                return mark
        return None


@dataclass(frozen=True, slots=True)
class SpeedyState:
    """The whole table; the top of the bag and of the deck is index 0."""

    players: int
    mode: Mode
    seconds: int  # the sand timer
    rng: Rng
    scene_seed: int
    turn: int  # 1-based
    phase: Phase
    seats: tuple[Player, ...]
    bag: tuple[str, ...]
    centre: tuple[str, ...]
    discarded: tuple[str, ...] = ()
    deck: tuple[int, ...] = ()
    display: tuple[int, ...] = ()
    seller: int | None = None  # whose sale turn it is
    bought: int = 0  # cards the seller bought this sale turn
    turn_totals: tuple[tuple[int, ...], ...] = ()  # each seat's score after each turn
    checked: int = 0  # the boards checked so far in the check phase (in seat order)

    @property
    def expert(self) -> bool:
        return self.mode is Mode.EXPERT

    def player(self, seat: int) -> Player:
        return self.seats[seat]

    def with_player(self, seat: int, **changes: object) -> SpeedyState:
        """Returns the state with one seat's fields changed."""
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], **changes)  # type: ignore[arg-type]
        return replace(self, seats=tuple(seats))

    def holder(self, tile: str) -> int | None:
        """Returns the seat that claimed or reserved a tile this turn, if any."""
        for seat, player in enumerate(self.seats):
            if player.reserved == tile or tile in player.marked:
                return seat
        return None
