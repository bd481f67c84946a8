"""The 60 celestial cards of Stellar and the telescope grid, as plain data.

Values, stars, the number of satellites and the grid's shape are not printed in
the rulebook; the values here are chosen (see docs/rules/stellar.md) and live
only in these tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from app.games.core.i18n import _


class Suit(StrEnum):
    """A type of celestial object; the value is its id in actions and views."""

    PLANET = "planet"
    BLACK_HOLE = "black-hole"
    CLOUD = "cloud"
    ASTEROID = "asteroid"
    MOON = "moon"


SUITS: tuple[Suit, ...] = tuple(Suit)

SUIT_NAMES: Mapping[Suit, str] = MappingProxyType(
    {
        Suit.PLANET: _("Planet"),
        Suit.BLACK_HOLE: _("Black Hole"),
        Suit.CLOUD: _("Interstellar Cloud"),
        Suit.ASTEROID: _("Asteroid"),
        Suit.MOON: _("Moon"),
    }
)


class Kind(StrEnum):
    """What sort of card it is; the value is its id in views."""

    STARTING = "starting"  # the diamond cards, one per suit
    NORMAL = "normal"
    SIX_ZERO = "six-zero"
    SATELLITE = "satellite"


SATELLITE_NAME = _("Satellite")


@dataclass(frozen=True, slots=True)
class CardSpec:
    """A line of the card table: `count` cards of one suit, value and number of stars."""

    kind: Kind
    suit: Suit | None
    value: int
    stars: int
    count: int = 1


SATELLITE_VALUE = 2
SIX_ZERO_VALUES = (6, 0)
"""A 6/0 card prints 6; in a notebook its owner may count it as 0 instead."""

FACE_DOWN_VALUE = 3
"""A card that could not be placed face up counts this much, with no suit and no stars."""

# Chosen: per suit, values 1-5 twice each with the starting 3 as the second 3, plus one 6/0;
# the lower the value, the more stars (1 ★★★, 1 ★★, 2 ★★, 2 ★, 3 ★, 3 ★, 4 ★, 4, 5, 5, 6/0).
_SUIT_CARDS: tuple[tuple[Kind, int, int], ...] = (
    (Kind.STARTING, 3, 1),
    (Kind.NORMAL, 1, 3),
    (Kind.NORMAL, 1, 2),
    (Kind.NORMAL, 2, 2),
    (Kind.NORMAL, 2, 1),
    (Kind.NORMAL, 3, 1),
    (Kind.NORMAL, 4, 1),
    (Kind.NORMAL, 4, 0),
    (Kind.NORMAL, 5, 0),
    (Kind.NORMAL, 5, 0),
    (Kind.SIX_ZERO, 6, 0),
)

SATELLITES = 5

CARD_SPECS: tuple[CardSpec, ...] = (
    *(CardSpec(kind, suit, value, stars) for suit in Suit for kind, value, stars in _SUIT_CARDS),
    CardSpec(Kind.SATELLITE, None, SATELLITE_VALUE, 0, count=SATELLITES),
)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical celestial card; `id` is how actions and views name it."""

    id: int
    kind: Kind
    suit: Suit | None
    value: int  # as printed: a 6/0 card prints 6
    stars: int

    @property
    def name(self) -> str:
        """Returns the card's suit name, or Satellite."""
        return SATELLITE_NAME if self.suit is None else SUIT_NAMES[self.suit]

    @property
    def is_satellite(self) -> bool:
        return self.kind is Kind.SATELLITE

    @property
    def is_six_zero(self) -> bool:
        return self.kind is Kind.SIX_ZERO


CARDS: tuple[Card, ...] = tuple(
    Card(index, spec.kind, spec.suit, spec.value, spec.stars)
    for index, spec in enumerate(spec for spec in CARD_SPECS for _copy in range(spec.count))
)

STARTING_CARDS: tuple[Card, ...] = tuple(card for card in CARDS if card.kind is Kind.STARTING)

ROW_SIZE = 5
"""The numbered row: slots 1 to 5, one for each value a normal card can show."""

HAND_SIZE = 2
ROUNDS = 11


# --- the telescope ------------------------------------------------------------------
#
# Chosen: 12 spaces in four brick-offset rows of 2, 3, 3 and 4 cards (x in half card widths):
#
#            [ 0 ][ 1 ]             top section: 0-4
#          [ 2 ][ 3 ][ 4 ]
#          [ 5 ][ 6 ][ 7 ]          middle section: 5-7
#        [ 8 ][ 9 ][10 ][11 ]       bottom section: 8-11
#
# Two spaces are adjacent when their card edges touch: side by side in a row, or one above
# the other with overlapping edges (half an edge is enough).


class Section(StrEnum):
    TOP = "top"
    MIDDLE = "middle"
    BOTTOM = "bottom"


SECTION_NAMES: Mapping[Section, str] = MappingProxyType(
    {Section.TOP: _("Top"), Section.MIDDLE: _("Middle"), Section.BOTTOM: _("Bottom")}
)


@dataclass(frozen=True, slots=True)
class SpaceSpec:
    """A space of the telescope: its row (0 at the top), left edge in half card widths."""

    id: int
    row: int
    x: int
    section: Section


SPACES: tuple[SpaceSpec, ...] = (
    SpaceSpec(0, 0, 2, Section.TOP),
    SpaceSpec(1, 0, 4, Section.TOP),
    SpaceSpec(2, 1, 1, Section.TOP),
    SpaceSpec(3, 1, 3, Section.TOP),
    SpaceSpec(4, 1, 5, Section.TOP),
    SpaceSpec(5, 2, 1, Section.MIDDLE),
    SpaceSpec(6, 2, 3, Section.MIDDLE),
    SpaceSpec(7, 2, 5, Section.MIDDLE),
    SpaceSpec(8, 3, 0, Section.BOTTOM),
    SpaceSpec(9, 3, 2, Section.BOTTOM),
    SpaceSpec(10, 3, 4, Section.BOTTOM),
    SpaceSpec(11, 3, 6, Section.BOTTOM),
)

NEIGHBOURS: tuple[frozenset[int], ...] = (
    frozenset({1, 2, 3}),
    frozenset({0, 3, 4}),
    frozenset({0, 3, 5}),
    frozenset({0, 1, 2, 4, 6}),
    frozenset({1, 3, 7}),
    frozenset({2, 6, 8, 9}),
    frozenset({3, 5, 7, 9, 10}),
    frozenset({4, 6, 10, 11}),
    frozenset({5, 9}),
    frozenset({5, 6, 8, 10}),
    frozenset({6, 7, 9, 11}),
    frozenset({7, 10}),
)
"""Edge-adjacent spaces of each space, by space id."""

TELESCOPE_SIZE = len(SPACES)

SECTION_SPACES: Mapping[Section, tuple[int, ...]] = MappingProxyType(
    {
        section: tuple(space.id for space in SPACES if space.section is section)
        for section in Section
    }
)

STARTING_SPACES = SECTION_SPACES[Section.TOP]
"""Where a player may put their starting card: any space of the top section."""
