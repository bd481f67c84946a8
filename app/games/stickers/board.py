"""The rarity board: nine spaces in five levels of rarity, each level with its two point values.

Spaces are numbered in the rulebook's tie-break order: the legendary space first, then the lower
rarities, each level's spaces left to right. A game's board is the category marker on each
space, in that order. The rulebook prints neither the levels nor the points: they are chosen
(docs/rules/stickers.md); the epic level's 11 / 8 is the rulebook's scoring example.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.games.core.i18n import _


class Rarity(StrEnum):
    LEGENDARY = "legendary"
    EPIC = "epic"
    RARE = "rare"
    UNCOMMON = "uncommon"
    COMMON = "common"


@dataclass(frozen=True, slots=True)
class Level:
    """A rarity level: points for the most cards (`first`) and the second most (`second`)."""

    rarity: Rarity
    name: str
    first: int
    second: int
    spaces: int


LEVELS: tuple[Level, ...] = (
    Level(Rarity.LEGENDARY, _("Legendary"), 15, 10, 1),
    Level(Rarity.EPIC, _("Epic"), 11, 8, 2),
    Level(Rarity.RARE, _("Rare"), 8, 5, 2),
    Level(Rarity.UNCOMMON, _("Uncommon"), 6, 3, 2),
    Level(Rarity.COMMON, _("Common"), 4, 2, 2),
)

SPACE_LEVELS: tuple[int, ...] = tuple(
    number for number, level in enumerate(LEVELS) for _space in range(level.spaces)
)
"""The level (an index into `LEVELS`) of each space, in board order."""

SPACES = len(SPACE_LEVELS)


def level_of(space: int) -> Level:
    return LEVELS[SPACE_LEVELS[space]]


def neighbours(first: int, second: int) -> bool:
    """Returns whether two spaces' markers are neighbours: their levels differ by exactly 1."""
    return abs(SPACE_LEVELS[first] - SPACE_LEVELS[second]) == 1


NEIGHBOUR_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (first, second)
    for first in range(SPACES)
    for second in range(first + 1, SPACES)
    if neighbours(first, second)
)
"""Every pair of spaces whose markers a collection bonus of 3 or more may swap."""
