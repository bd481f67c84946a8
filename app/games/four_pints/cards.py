"""The 48 cards of 4 Pints as plain data: beers, purchase cards and the tables behind them.

Prices, points and the Money split are not printed in the rulebook; the values
here are chosen (see docs/rules/four-pints.md) and live only in this table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from app.games.core.i18n import _


class Beer(StrEnum):
    """A type of pint; the value is its id in actions and views."""

    LAGER = "lager"
    BITTER = "bitter"
    RED_ALE = "red-ale"
    STOUT = "stout"
    IPA = "ipa"


@dataclass(frozen=True, slots=True)
class BeerSpec:
    """How many cards of a beer there are, what it costs and what it scores upright."""

    beer: Beer
    name: str
    count: int
    price: int
    points: int


# Chosen: convex points, so the rare expensive beers reward pushing your luck.
BEER_SPECS: tuple[BeerSpec, ...] = (
    BeerSpec(Beer.LAGER, _("Lager"), count=5, price=2, points=2),
    BeerSpec(Beer.BITTER, _("Bitter"), count=4, price=3, points=3),
    BeerSpec(Beer.RED_ALE, _("Red Ale"), count=3, price=4, points=5),
    BeerSpec(Beer.STOUT, _("Stout"), count=2, price=5, points=6),
    BeerSpec(Beer.IPA, _("IPA"), count=2, price=6, points=8),
)

SPECS: Mapping[Beer, BeerSpec] = MappingProxyType({spec.beer: spec for spec in BEER_SPECS})

SPILLED_POINTS = 1
"""A spilled pint scores this much whatever the beer."""


class Kind(StrEnum):
    """The kinds of purchase card; the value is its id in views."""

    MONEY = "money"
    DRUNK = "drunk"
    ELBOWING = "elbowing"
    SLIP = "slip"
    HAPPY_HOUR = "happy-hour"


KIND_NAMES: Mapping[Kind, str] = MappingProxyType(
    {
        Kind.MONEY: _("Money"),
        Kind.DRUNK: _("Drunk"),
        Kind.ELBOWING: _("Elbowing"),
        Kind.SLIP: _("Slip"),
        Kind.HAPPY_HOUR: _("Happy Hour"),
    }
)

# Chosen: 18 Money cards split £1 ×7, £2 ×5, £3 ×4, £5 ×2 (£45 in all).
MONEY_SPLIT: tuple[tuple[int, int], ...] = ((1, 7), (2, 5), (3, 4), (5, 2))

EVENT_COUNTS: tuple[tuple[Kind, int], ...] = (
    (Kind.DRUNK, 8),
    (Kind.ELBOWING, 2),
    (Kind.SLIP, 2),
    (Kind.HAPPY_HOUR, 1),
)


@dataclass(frozen=True, slots=True)
class BeerCard:
    """One physical Beer card; `id` tells apart cards of the same beer."""

    id: int
    beer: Beer

    @property
    def spec(self) -> BeerSpec:
        return SPECS[self.beer]


@dataclass(frozen=True, slots=True)
class PurchaseCard:
    """One physical Purchase card; `value` is the pounds on a Money card, else 0."""

    id: int
    kind: Kind
    value: int = 0

    @property
    def is_money(self) -> bool:
        return self.kind is Kind.MONEY


BEER_CARDS: tuple[BeerCard, ...] = tuple(
    BeerCard(index, beer)
    for index, beer in enumerate(spec.beer for spec in BEER_SPECS for _copy in range(spec.count))
)

PURCHASE_CARDS: tuple[PurchaseCard, ...] = tuple(
    PurchaseCard(index, kind, value)
    for index, (kind, value) in enumerate(
        [(Kind.MONEY, value) for value, count in MONEY_SPLIT for _copy in range(count)]
        + [(kind, 0) for kind, count in EVENT_COUNTS for _copy in range(count)]
    )
)

STARTING_MONEY = 1
"""The value of the Money card dealt to every game area each round."""

BAR_SIZE = 4

REMOVED_BEERS: Mapping[int, int] = MappingProxyType({2: 6, 3: 3, 4: 0})
"""Beer cards put out of the round, face down, by number of players."""
