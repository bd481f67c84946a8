"""What can happen in Stellar, for the log; cards are named by id (`cards.CARDS`).

Hand cards, the starting choices until both are made, a deck card on its way
into a telescope and face-down cards are secret: an event that names one is
seen only by its owner (`seen_by`), and a public event without the card tells
everyone else what happened. `texts.describe` puts each one into words.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core.outcome import Event


@dataclass(frozen=True, slots=True)
class StartChosen(Event):
    """`seat` has placed its starting cards; they are shown once both players have."""

    seat: int


@dataclass(frozen=True, slots=True)
class StartShown(Event):
    """`seat` put starting card `telescope` on `space` and `notebook` in its notebook."""

    seat: int
    telescope: int
    space: int
    notebook: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    round: int
    seat: int


@dataclass(frozen=True, slots=True)
class Taken(Event):
    """`seat` took `card` from row slot `slot`."""

    seat: int
    slot: int
    card: int


@dataclass(frozen=True, slots=True)
class RowCleared(Event):
    """`seat` cleared `cards` cards from the row after the opponent took a satellite."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class RowKept(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DeckDrawn(Event):
    """`seat` plays the top card of the deck as the second card (no row card for the value)."""

    seat: int
    value: int | None  # the value that named no row card; None for a 6/0 card


@dataclass(frozen=True, slots=True)
class ToTelescope(Event):
    """`seat` put `card` face up on `space`; `source` is hand, row or deck."""

    seat: int
    card: int
    space: int
    source: str


@dataclass(frozen=True, slots=True)
class FaceDown(Event):
    """`seat` put a card from `source` face down on `space`: it counts 3, no suit, no stars."""

    seat: int
    space: int
    source: str


@dataclass(frozen=True, slots=True)
class FaceDownSecret(Event):
    """Only for its owner: which card lies face down on `space`."""

    seat: int
    space: int
    card: int


@dataclass(frozen=True, slots=True)
class ToNotebook(Event):
    """`seat` put `card` in its notebook, in the stack of `stack`."""

    seat: int
    card: int
    stack: str
    source: str


@dataclass(frozen=True, slots=True)
class RowRefilled(Event):
    slot: int
    card: int


@dataclass(frozen=True, slots=True)
class SatelliteMoved(Event):
    seat: int
    card: int
    stack: str


@dataclass(frozen=True, slots=True)
class SixZeroSet(Event):
    seat: int
    card: int
    value: int


@dataclass(frozen=True, slots=True)
class FinalStarted(Event):
    """Eleven rounds are over: each player adds one hand card to the notebook."""


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """`seat` discarded its last hand card, unseen."""

    seat: int


@dataclass(frozen=True, slots=True)
class Confirmed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    totals: tuple[int, ...]
    winners: tuple[int, ...]
