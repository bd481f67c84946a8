"""What can happen in Speedy Pickers, for the log.

All events are public (`seen_by` None): which tile a player claimed is called out at the
table, but no event carries a point or a `hit`, and whether a mark is right appears only in
`Checked`, once the search phase is over. `texts.describe` puts each one into words.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core.outcome import Event


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    turn: int


@dataclass(frozen=True, slots=True)
class TilesDrawn(Event):
    """Tiles drawn from the bag and read aloud, into the centre."""

    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Transaction cards drawn onto the display."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PrepareOpened(Event):
    """The next search starts when everyone is ready, or after `seconds`; holders of Action
    cards may play them first (`powers`)."""

    seconds: int
    powers: bool = False


@dataclass(frozen=True, slots=True)
class SearchStarted(Event):
    seconds: int


@dataclass(frozen=True, slots=True)
class PowerPlayed(Event):
    """`seat` turned card `card` sideways; `target` (-1: none) and `tile` ("" : none)."""

    seat: int
    card: int
    power: str
    target: int = -1
    tile: str = ""


@dataclass(frozen=True, slots=True)
class ReadyForSearch(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Marked(Event):
    """`seat` claimed `tile` with a magnifier (where, and whether rightly, stays hidden)."""

    seat: int
    tile: str


@dataclass(frozen=True, slots=True)
class TookBack(Event):
    seat: int
    tile: str


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    """`seat` stopped searching and took turn-order token `token`."""

    seat: int
    token: int
    last_magnifier: bool = False


@dataclass(frozen=True, slots=True)
class SearchEnded(Event):
    """Why the search ended: "time", "found" (beginner: nothing left to mark) or "stopped"."""

    turn: int
    reason: str


@dataclass(frozen=True, slots=True)
class Checked(Event):
    """The neighbour's check of one seat: tiles kept, turned face down, back to the bag."""

    seat: int
    right: tuple[str, ...]
    wrong: tuple[str, ...]
    returned: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TokenGiven(Event):
    """A seat still searching at the end got the lowest token left."""

    seat: int
    token: int


@dataclass(frozen=True, slots=True)
class ExtraMagnifierSpent(Event):
    """The extra magnifier won a 4th object and goes back to the box."""

    seat: int


@dataclass(frozen=True, slots=True)
class SaleStarted(Event):
    order: tuple[int, ...]  # seats in token order


@dataclass(frozen=True, slots=True)
class Bought(Event):
    seat: int
    card: int
    paid: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int
    forced: bool = False  # nothing on display the seat could pay for


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    turn: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    totals: tuple[int, ...]
    winners: tuple[int, ...]
