"""The campaign's upgrades, as data: 6 ability upgrades and 9 category upgrades, the stickers
each divides among the players, and the rules they stick into the boxes "Rule A" to "Rule L".

A rule is a `hooks.Rule`: a name, the place of its box, and its hook there (what the hooks do
is `campaign_rules.py`; the new action stickers of boxes F-I are `abilities.py`). Every value
here is chosen (docs/rules/stickers.md says why): the rulebook names the upgrades and the boxes
but prints neither their stickers nor their rules.

An upgrade's sticker sheet holds four copies of each of its stickers: two for every game, one
marked "3+" and one marked "4". A table of n players divides the copies it may use (n of
them: one each) and sets the others aside (`campaign.py` sticks them onto random cards when the
campaign's group grows to their number).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from app.games.core.i18n import _
from app.games.stickers import campaign_rules as hook
from app.games.stickers.abilities import (
    ARROW,
    ARROW_EFFECT,
    BRUSH,
    BRUSH_EFFECT,
    CLOVER,
    CLOVER_EFFECT,
    MAGNET,
    MAGNET_EFFECT,
)
from app.games.stickers.cards import HAT, QUESTION, Category
from app.games.stickers.hooks import Place, Rule


class Space(StrEnum):
    """Where on a card a sticker goes."""

    POINTS = "points"  # the victory-point space (dashed outline)
    ACTION = "action"  # the action-sticker spot (dashed outline)
    DECOR = "decor"  # decorative: no designated spot, anywhere on a card


@dataclass(frozen=True, slots=True)
class Sticker:
    """One sticker of an upgrade: its space, its name (victory points as a number, an action
    sticker's kind, a decorative sticker's picture), and the category whose cards it must go
    on (None: any card)."""

    space: Space
    name: str
    category: Category | None = None

    @property
    def points(self) -> int:
        return int(self.name) if self.space is Space.POINTS else 0


class Kind(StrEnum):
    ABILITY = "ability"
    CATEGORY = "category"


@dataclass(frozen=True, slots=True)
class Upgrade:
    """An upgrade: the rules it sticks into boxes (box, rule name), and the stickers every
    player receives from it, one of each."""

    id: str
    kind: Kind
    title: str
    text: str
    rules: tuple[tuple[str, str], ...]
    stickers: tuple[Sticker, ...]
    number: int = 0  # an ability upgrade's number
    category: Category | None = None  # a category upgrade's category


SHEET_COPIES: tuple[int, ...] = (2, 2, 3, 4)
"""The player-count mark of each copy of a sticker on a sheet: two for every game ("2"), one
"3+", one "4". A table of n players uses the copies marked n or less: n copies, one each."""

JOURNAL: tuple[Kind, ...] = tuple(
    Kind.ABILITY if space == "A" else Kind.CATEGORY for space in "ACACCACCACACCAC"
)
"""The campaign journal's spaces, left to right: the kind of upgrade opened after each game
(an ability upgrade: the next by number; a category upgrade: a random unopened one). After the
fifteenth game nothing is left to open. Chosen: ability 1 first (the rulebook's example), the
abilities spread so that every few games brings a new action."""


def _points(value: int, category: Category | None = None) -> Sticker:
    return Sticker(Space.POINTS, str(value), category)


def _action(kind: str, category: Category | None = None) -> Sticker:
    return Sticker(Space.ACTION, kind, category)


def _decor(picture: str) -> Sticker:
    return Sticker(Space.DECOR, picture)


DECOR_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "heart": _("Heart"),
        "moon": _("Moon"),
        "rocket": _("Rocket"),
        "crown": _("Crown"),
        "rainbow": _("Rainbow"),
        "flower": _("Flower"),
        "lightning": _("Lightning"),
        "cloud": _("Cloud"),
        "sun": _("Sun"),
    }
)
"""The decorative stickers' pictures: no effect on play, stuck anywhere."""

_RULES: tuple[Rule, ...] = (
    Rule(
        "opening-exhibit",
        Place.SETUP,
        _("Opening exhibit"),
        _("After the deal, each player, from the first, plays the top card of the draw pile"
          " into their album (no effects)."),
        setup=hook.opening_exhibit,
    ),
    Rule(
        "underdog",
        Place.SETUP,
        _("Underdog"),
        _("After the deal, every player with fewer trophies than the most draws a card."),
        setup=hook.underdog,
    ),
    Rule(
        "new-column",
        Place.PLAYED,
        _("New column"),
        _("A collection that starts a new column in your album draws you a card."),
        played=hook.new_column,
    ),
    Rule(
        "grand-collection",
        Place.BONUS,
        _("Grand collection"),
        _("A collection of 5 or more cards also takes 2 market cards, besides the swap."),
        bonus=hook.grand_collection,
    ),
    Rule(
        "encore",
        Place.BONUS,
        _("Encore"),
        _("A collection of 4 or more cards also plays the top card of the draw pile, as a"
          " Hat does."),
        bonus=hook.encore,
    ),
    Rule(
        MAGNET,
        Place.ACTIONS,
        _("Magnet"),
        _("Magnet sticker: take a market card of your choice into your hand."),
        effects=(MAGNET_EFFECT,),
    ),
    Rule(
        BRUSH,
        Place.ACTIONS,
        _("Brush"),
        _("Brush sticker: play a card from your hand into your album; its action stickers"
          " may be carried out too."),
        effects=(BRUSH_EFFECT,),
    ),
    Rule(
        ARROW,
        Place.ACTIONS,
        _("Arrow"),
        _("Arrow sticker: swap two neighbouring markers on the rarity board."),
        effects=(ARROW_EFFECT,),
    ),
    Rule(
        CLOVER,
        Place.ACTIONS,
        _("Clover"),
        _("Clover sticker: draw 2 cards."),
        effects=(CLOVER_EFFECT,),
    ),
    Rule(
        "shiny",
        Place.MAJORITY,
        _("Shiny"),
        _("A card with a victory-point sticker counts as 2 cards for majorities."),
        majority=hook.shiny,
    ),
    Rule(
        "monopoly",
        Place.AWARDS,
        _("Monopoly"),
        _("A category only one player collects gives them 3 more points."),
        awards=hook.monopoly,
    ),
    Rule(
        "rainbow",
        Place.FINAL,
        _("Rainbow"),
        _("Each player scores 1 point per category in their album."),
        final=hook.rainbow,
    ),
)  # fmt: skip

RULES: Mapping[str, Rule] = MappingProxyType({rule.name: rule for rule in _RULES})
"""Every rule a campaign may put in force, by name (read-only)."""

C = Category

_ABILITY_PLAN: tuple[tuple[str, str, tuple[str, str], tuple[Sticker, ...]], ...] = (
    # (title, text, the box and rule it sticks in, the stickers each player receives)
    (
        _("Ability 1: Magnet"),
        _("The Magnet sticker comes into the game (Rule F)."),
        ("F", MAGNET),
        (_action(MAGNET),),
    ),
    (
        _("Ability 2: Grand collection"),
        _("Big collections earn both bonuses (Rule D)."),
        ("D", "grand-collection"),
        (_points(1), _decor("crown")),
    ),
    (
        _("Ability 3: Brush"),
        _("The Brush sticker comes into the game (Rule G)."),
        ("G", BRUSH),
        (_action(BRUSH),),
    ),
    (
        _("Ability 4: Encore"),
        _("Collections of 4 earn a Hat (Rule E), and more Hats to stick."),
        ("E", "encore"),
        (_action(HAT),),
    ),
    (
        _("Ability 5: Arrow"),
        _("The Arrow sticker comes into the game (Rule H)."),
        ("H", ARROW),
        (_action(ARROW),),
    ),
    (
        _("Ability 6: Clover"),
        _("The Clover sticker comes into the game (Rule I)."),
        ("I", CLOVER),
        (_action(CLOVER), _points(1)),
    ),
)
"""Chosen: the abilities bring the new abilities, the four new action stickers (boxes F-I)
and the two bonus rules (D, E), in this order."""

_ABILITIES: tuple[Upgrade, ...] = tuple(
    Upgrade(f"ability-{number}", Kind.ABILITY, title, text, (rule,), stickers, number=number)
    for number, (title, text, rule, stickers) in enumerate(_ABILITY_PLAN, 1)
)

_CATEGORY_PLAN: tuple[tuple[Category, tuple[tuple[str, str], ...], int, str, str], ...] = (
    # (category, rules it sticks in, points sticker, action sticker, decorative sticker)
    (C.SPACE_MOUSE, (("A", "opening-exhibit"),), 1, HAT, "rocket"),
    (C.VLAD_PIGLET, (("B", "underdog"),), 1, QUESTION, "heart"),
    (C.MAGIC_BUNNY, (("C", "new-column"),), 1, HAT, "moon"),
    (C.CUBE_OSAURUS, (("J", "shiny"),), 2, QUESTION, "lightning"),
    (C.RULER_LORD, (("K", "monopoly"),), 1, QUESTION, "crown"),
    (C.ROBO_KITTEN, (("L", "rainbow"),), 1, HAT, "sun"),
    (C.DISCO_OCTOPUS, (), 2, HAT, "rainbow"),
    (C.CACTUS_KNIGHT, (), 2, QUESTION, "flower"),
    (C.GHOST_DUCKLING, (), 2, HAT, "cloud"),
)
"""Chosen: six category upgrades bring a rule (boxes A, B, C, J, K, L), the three without one
bring 2-point stickers instead; each brings a points and an action sticker for its own
category's cards and a decorative sticker."""

_CATEGORIES: tuple[Upgrade, ...] = tuple(
    Upgrade(
        f"category-{category.value}",
        Kind.CATEGORY,
        _("Category upgrade"),
        _("New stickers for one category's cards, and maybe a new rule."),
        rules,
        (_points(points, category), _action(action, category), _decor(decor)),
        category=category,
    )
    for category, rules, points, action, decor in _CATEGORY_PLAN
)

UPGRADES: Mapping[str, Upgrade] = MappingProxyType(
    {upgrade.id: upgrade for upgrade in (*_ABILITIES, *_CATEGORIES)}
)
"""Every upgrade by id: the ability upgrades in number order, then the category upgrades."""

ABILITIES: tuple[str, ...] = tuple(upgrade.id for upgrade in _ABILITIES)
CATEGORY_UPGRADES: tuple[str, ...] = tuple(upgrade.id for upgrade in _CATEGORIES)

STICKERS: frozenset[Sticker] = frozenset(
    sticker for upgrade in UPGRADES.values() for sticker in upgrade.stickers
)
"""Every sticker an upgrade holds: what a campaign's stored stickers may be."""
