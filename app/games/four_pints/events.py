"""What can happen in 4 Pints, for the log; every card in 4 Pints is played face up.

All events are public (`seen_by` None): removed cards and deck order never
appear in an event. `texts.describe` puts each one into words.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core.outcome import Event


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round is set up; `keg` holds the Keg and plays first."""

    round: int
    keg: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DrunkSobered(Event):
    """At the start of a turn, one Drunk card was discarded; `left` remain."""

    seat: int
    left: int


@dataclass(frozen=True, slots=True)
class HappyHourEnded(Event):
    """The drawer's turn came round again: Happy Hour is discarded."""

    seat: int


@dataclass(frozen=True, slots=True)
class PurchaseReshuffled(Event):
    """The empty Purchase deck was rebuilt from `cards` discarded cards."""

    cards: int


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """`kind` is a `Kind` value; `value` is the pounds of a Money card, else 0."""

    seat: int
    kind: str
    value: int


@dataclass(frozen=True, slots=True)
class PintSpilled(Event):
    """`seat`'s card (`cause`: elbowing, slip, drunk) spilled `owner`'s `beer` pint.

    `discarded` means it was already spilled and has now left the round.
    """

    seat: int
    owner: int
    beer: str
    cause: str
    discarded: bool


@dataclass(frozen=True, slots=True)
class NothingToSpill(Event):
    """A spill effect (`cause`) found no pint to spill and is ignored."""

    seat: int
    cause: str


@dataclass(frozen=True, slots=True)
class DrunkEffect(Event):
    """`seat` now holds `count` Drunk cards and suffers that effect."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class MoneyDiscarded(Event):
    """Money cards worth `values` were discarded because of Drunk cards."""

    seat: int
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HappyHourStarted(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Bought(Event):
    """`seat` bought a `beer` pint for `price`, paying with cards worth `paid`."""

    seat: int
    beer: str
    price: int
    paid: tuple[int, ...]
    discounted: bool


@dataclass(frozen=True, slots=True)
class BarRefilled(Event):
    slot: int
    beer: str


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Saved(Event):
    """`seat` saved a `value` Money card; `replaced` is the old saved card's value."""

    seat: int
    value: int
    replaced: int | None


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    round: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    totals: tuple[int, ...]
    winners: tuple[int, ...]
