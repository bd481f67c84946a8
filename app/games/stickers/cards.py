"""The 108 Stickers cards as printed, before any campaign sticker: plain data.

Nine categories of twelve cards. A card shows its stars (victory points), its category, its
action-sticker spot (some cards start with an action sticker on it) and its player-count
icon (none, "3+" or "4"). The rulebook prints no card list: every value here is chosen (see
docs/rules/stickers.md), and only this table holds them.

A card in a game (`Card`) is a printed card plus the stickers a campaign stuck on it
(`deck.Deck`): more stars, more action stickers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.games.core.i18n import _


class Category(StrEnum):
    """The nine categories; the first five are named in the rulebook, the rest chosen."""

    SPACE_MOUSE = "space_mouse"
    VLAD_PIGLET = "vlad_piglet"
    MAGIC_BUNNY = "magic_bunny"
    CUBE_OSAURUS = "cube_osaurus"
    RULER_LORD = "ruler_lord"
    ROBO_KITTEN = "robo_kitten"
    DISCO_OCTOPUS = "disco_octopus"
    CACTUS_KNIGHT = "cactus_knight"
    GHOST_DUCKLING = "ghost_duckling"


CATEGORY_NAMES: dict[Category, str] = {
    Category.SPACE_MOUSE: _("Space Mouse"),
    Category.VLAD_PIGLET: _("Vlad-piglet"),
    Category.MAGIC_BUNNY: _("Magic Bunny"),
    Category.CUBE_OSAURUS: _("Cube-osaurus"),
    Category.RULER_LORD: _("Ruler-lord"),
    Category.ROBO_KITTEN: _("Robo-kitten"),
    Category.DISCO_OCTOPUS: _("Disco Octopus"),
    Category.CACTUS_KNIGHT: _("Cactus Knight"),
    Category.GHOST_DUCKLING: _("Ghost Duckling"),
}

CATEGORY_COLOURS: dict[Category, str] = {
    Category.SPACE_MOUSE: "navy",
    Category.VLAD_PIGLET: "crimson",
    Category.MAGIC_BUNNY: "violet",
    Category.CUBE_OSAURUS: "green",
    Category.RULER_LORD: "gold",
    Category.ROBO_KITTEN: "silver",
    Category.DISCO_OCTOPUS: "pink",
    Category.CACTUS_KNIGHT: "olive",
    Category.GHOST_DUCKLING: "sky",
}
"""The colour a category's cards are printed in (the reveal speaks of a collection's colour)."""

HAT = "hat"
QUESTION = "question"
"""The two action stickers of the base game; a campaign rule may bring more (`hooks`)."""

STICKER_NAMES: dict[str, str] = {HAT: _("Hat"), QUESTION: _("Question mark")}

POINT_SPACES = 1
"""Empty victory-point spaces on every card (dashed outline): chosen, one each."""

ACTION_SPACES = 2
"""Action stickers a card's spot holds in all, the printed one included: chosen."""


@dataclass(frozen=True, slots=True)
class Card:
    """A card as it plays in one game: printed values plus the stickers stuck on it.

    `players` is the player-count icon: 2 for none (every game), 3 for "3+", 4 for "4".
    """

    id: int
    category: Category
    stars: int
    actions: tuple[str, ...]
    players: int

    @property
    def looks(self) -> tuple[Category, int, tuple[str, ...]]:
        """Returns what tells two cards apart in play (copies look the same)."""
        return self.category, self.stars, self.actions


_LAYOUT: tuple[tuple[int, tuple[str, ...], int], ...] = (
    # (stars, printed action stickers, player-count icon) for the 12 cards of a category
    (0, (HAT,), 2),
    (0, (QUESTION,), 2),
    (0, (), 2),
    (0, (), 2),
    (1, (), 2),
    (1, (), 2),
    (1, (), 2),
    (2, (), 2),
    (0, (HAT,), 3),
    (1, (), 3),
    (0, (), 4),
    (2, (), 4),
)
"""Chosen: the same twelve in every category, so no category is better before the campaign
changes it; cards with an action sticker carry no star (power or points, not both)."""

CARDS_PER_CATEGORY = len(_LAYOUT)

CARDS: tuple[Card, ...] = tuple(
    Card(number * CARDS_PER_CATEGORY + row, category, stars, actions, players)
    for number, category in enumerate(Category)
    for row, (stars, actions, players) in enumerate(_LAYOUT)
)
"""The printed deck, by id: ids 0-11 are Space Mice, 12-23 Vlad-piglets, and so on."""

HAND_SIZE = 6
MARKET_SIZE = 6
STOCK_PER_PLAYER = 3
