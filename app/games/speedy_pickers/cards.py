"""The 100 Transaction cards of Speedy Pickers and the category symbols, as plain data.

The rulebook gives the split (76 Collector, 24 Action) and what each kind costs; euro values,
how many Collector cards ask for 2 objects and how many of each power there are are chosen
(docs/rules/speedy-pickers.md) and live only in this table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from app.games.core.i18n import _
from app.games.speedy_pickers.objects import Category


class Power(StrEnum):
    """The six powers of Action cards; the value is its id in actions and views."""

    CLOTH = "cloth"
    UPSIDE_DOWN = "upside_down"
    STANDING = "standing"
    RESERVED = "reserved"
    DOUBLE_DOSE = "double_dose"
    EXTRA_MAGNIFIER = "extra_magnifier"


VICTIM_POWERS = frozenset({Power.CLOTH, Power.UPSIDE_DOWN, Power.STANDING})
"""Powers played on an opponent's scene."""

SEARCH_POWERS = VICTIM_POWERS | {Power.RESERVED, Power.EXTRA_MAGNIFIER}
"""Powers played in the prepare phase, before the search starts; Double Dose is for the sale."""

POWER_NAMES: Mapping[Power, str] = MappingProxyType(
    {
        Power.CLOTH: _("Cloth"),
        Power.UPSIDE_DOWN: _("Upside Down"),
        Power.STANDING: _("Standing"),
        Power.RESERVED: _("Reserved Object"),
        Power.DOUBLE_DOSE: _("Double Dose"),
        Power.EXTRA_MAGNIFIER: _("Extra Magnifier"),
    }
)

CATEGORY_NAMES: Mapping[Category, str] = MappingProxyType(
    {
        Category.SPORT: _("Sport"),
        Category.LEISURE: _("Leisure"),
        Category.EVERYDAY: _("Everyday"),
        Category.HISTORY: _("History"),
    }
)

# Chosen: the symbol printed on a tile and a Collector card, as emoji codepoints (lowercase hex,
# as objects.py writes them). None is one of the 160 objects nor a decoy: a symbol beside a
# tile's name must not look like a picture of the object to find, nor be something in the scene.
CATEGORY_SYMBOLS: Mapping[Category, str] = MappingProxyType(
    {
        Category.SPORT: "1f3c3",  # person running
        Category.LEISURE: "1f3b6",  # musical notes
        Category.EVERYDAY: "1f3e0",  # house
        Category.HISTORY: "269c",  # fleur-de-lis
    }
)

SAND_TIMER_SYMBOL = "23f3"  # hourglass with flowing sand, beside the countdown
WINNER_SYMBOL = "1f3c6"  # trophy, beside the winner's rank

# Every emoji the table's pages show besides the objects. They are vendored with the objects'
# pictures (scripts/vendor-emoji) so that pages draw them as images: a screen without an emoji
# font (headless Chromium, many desktops) would show empty boxes for the characters.
PAGE_SYMBOLS: tuple[str, ...] = (*CATEGORY_SYMBOLS.values(), SAND_TIMER_SYMBOL, WINNER_SYMBOL)


class Kind(StrEnum):
    COLLECTOR = "collector"
    ACTION = "action"


@dataclass(frozen=True, slots=True)
class TransactionCard:
    """One card: its id (its index in `CARDS`), what it costs, what it is worth.

    A Collector card costs `objects` tiles of `category`; an Action card costs 3 tiles of any
    one category (`category` None) and carries a `power`.
    """

    id: int
    kind: Kind
    euros: int
    objects: int
    category: Category | None = None
    power: Power | None = None


ACTION_COST = 3
"""An Action card costs this many objects with the same symbol (rulebook)."""

ACTION_EUROS = 10
"""Chosen: an Action card is worth 10 € at the end, a third of the 30 € its objects were worth
kept: the power is what you pay for."""

# Chosen: per category 19 Collector cards: 13 for one object (5 × 15 €, 5 × 20 €, 3 × 25 €) and
# 6 for two (2 × 35 €, 2 × 40 €, 2 × 50 €). Every one pays more than its objects kept (10 € each).
COLLECTOR_SPLIT: tuple[tuple[int, int, int], ...] = (
    (1, 15, 5),
    (1, 20, 5),
    (1, 25, 3),
    (2, 35, 2),
    (2, 40, 2),
    (2, 50, 2),
)

POWER_COPIES = 4
"""Chosen: 4 cards of each of the six powers make the 24 Action cards (the box has 4 cloths)."""


def _build() -> tuple[TransactionCard, ...]:
    """Returns the deck in reference order: Collector cards by category, then Action cards."""
    faces: list[tuple[Kind, int, int, Category | None, Power | None]] = []
    for category in Category:
        for objects, euros, copies in COLLECTOR_SPLIT:
            faces += [(Kind.COLLECTOR, euros, objects, category, None)] * copies
    for power in Power:
        faces += [(Kind.ACTION, ACTION_EUROS, ACTION_COST, None, power)] * POWER_COPIES
    return tuple(TransactionCard(n, *face) for n, face in enumerate(faces))


CARDS: tuple[TransactionCard, ...] = _build()
"""All 100 cards; a card's id is its index here."""
