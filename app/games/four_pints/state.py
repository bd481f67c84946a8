"""The immutable state of a game of 4 Pints.

Every card is in exactly one place: a deck, the bar, the removed pile, a
discard pile, the center of the table or a game area. `revealed` is not a
place but this turn's history, kept so the table can show what was drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.games.core.rng import Rng
from app.games.four_pints.cards import SPILLED_POINTS, BeerCard, PurchaseCard


class Phase(StrEnum):
    """What the current player must do next; each pending choice is a phase."""

    REVEAL = "reveal"
    ELBOW = "elbow"
    SLIP = "slip"
    DRUNK_SPILL = "drunk_spill"
    DRUNK_MONEY = "drunk_money"
    SAVE = "save"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Pint:
    """A bought Beer card in a game area, upright or spilled."""

    card: BeerCard
    spilled: bool = False

    @property
    def points(self) -> int:
        return SPILLED_POINTS if self.spilled else self.card.spec.points


@dataclass(frozen=True, slots=True)
class Area:
    """One player's game area: pints, the saved Money card, Drunk cards, Happy Hour."""

    pints: tuple[Pint, ...] = ()
    saved: PurchaseCard | None = None
    drunk: tuple[PurchaseCard, ...] = ()
    happy_hour: PurchaseCard | None = None

    @property
    def score(self) -> int:
        return sum(pint.points for pint in self.pints)


@dataclass(frozen=True, slots=True)
class FourPintsState:
    """The whole table; the top of every deck is index 0."""

    players: int
    rng: Rng
    round: int  # 1-based
    keg: int  # the round's first player
    seat: int  # whose turn it is
    phase: Phase
    areas: tuple[Area, ...]
    bar: tuple[BeerCard | None, ...]
    beer_deck: tuple[BeerCard, ...]
    removed: tuple[BeerCard, ...]
    beer_discard: tuple[BeerCard, ...]
    purchase_deck: tuple[PurchaseCard, ...]
    purchase_discard: tuple[PurchaseCard, ...]
    center: tuple[PurchaseCard, ...] = ()
    revealed: tuple[PurchaseCard, ...] = ()
    discounts: frozenset[int] = frozenset()  # seats with an unused Happy Hour half price
    round_scores: tuple[tuple[int, ...], ...] = ()

    @property
    def area(self) -> Area:
        """Returns the current player's game area."""
        return self.areas[self.seat]

    @property
    def happy_hour_owner(self) -> int | None:
        """Returns the seat with the Happy Hour card in front of it, if any."""
        for seat, area in enumerate(self.areas):
            if area.happy_hour is not None:
                return seat
        return None

    @property
    def center_money(self) -> tuple[PurchaseCard, ...]:
        """Returns the unused Money cards revealed this turn."""
        return tuple(card for card in self.center if card.is_money)

    @property
    def money(self) -> int:
        """Returns the pounds the current player can spend now, saved card included."""
        saved = self.area.saved
        return sum(card.value for card in self.center_money) + (saved.value if saved else 0)
