"""The two 60-card decks of For20 Cards, as plain data.

The Italian rulebook names the zones and the 28 operations but prints no card list; the names,
numbers and abilities here are chosen (see docs/rules/for20.md, "The cards") and live only in
these tables. Every physical card has an id: materials are 0-59, game cards 60-119 (actions,
then papers, legendary tools and out-of-turn cards), and actions and views name cards by id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from app.games.core.i18n import _

WIN_POINTS = 20
"""Stoner points that win at the end of a full round."""

HAND_SIZE = 5
"""Secret game cards dealt to each player."""

STARTING_MATERIALS = 3
"""Face-up materials in each reserve when the room option is on."""

MAX_PAPERS = 2
"""OP 06 combines two papers; never more."""


class MaterialType(StrEnum):
    WEED = "weed"
    HASH = "hash"
    SPECIAL = "special"  # works with any tool


class ToolType(StrEnum):
    WEED = "weed"
    HASH = "hash"
    COMBO = "combo"  # takes weed and hash


class Category(StrEnum):
    """What a card is; the value is its id in views."""

    MATERIAL = "material"
    ACTION = "action"
    PAPER = "paper"
    LEGENDARY = "legendary"
    OUT_OF_TURN = "out-of-turn"


class MaterialAbility(StrEnum):
    MUNCHIES = "munchies"  # when smoked: draw a game card
    SEEDS = "seeds"  # when smoked: draw a material into your reserve
    STICKY = "sticky"  # cannot be destroyed from a smoked stack


class ToolAbility(StrEnum):
    TWO_HITS = "two-hits"  # may smoke twice a turn before it is turned
    EMBERS = "embers"  # when used: +1 action coin
    INSPIRING = "inspiring"  # when used: draw a game card
    UNBREAKABLE = "unbreakable"  # cannot be destroyed (OP 11)
    CHAINED = "chained"  # cannot be stolen (Nice Tool!, OP 13)


class Effect(StrEnum):
    """What an action card does when it resolves (OP 09)."""

    RAID = "raid"  # Polizia: every material of an opponent's reserve to the dump (OP 10)
    LEGALIZE = "legalize"  # draw 2 materials; removed from the game (OP 16)
    DEALERS_COVE = "dealers-cove"  # a material of the materials dump into your reserve
    SCAVENGER = "scavenger"  # a tool of the game dump into your hand
    CONFISCATE = "confiscate"  # destroy a material of an opponent's reserve (OP 10)
    SPILLED_BOWL = "spilled-bowl"  # destroy the top of an opponent's smoked stack (OP 10)
    BROKEN_GLASS = "broken-glass"  # destroy a legendary tool of an opponent's area (OP 11)
    MUNCHIES = "munchies"  # draw 2 game cards
    GROW_BOX = "grow-box"  # draw 2 materials into your reserve
    SECOND_WIND = "second-wind"  # straighten your legendary tools
    RIP_OFF = "rip-off"  # move a material of an opponent's reserve into yours


class Target(StrEnum):
    """What an action names when it is played."""

    NONE = "none"
    OPPONENT = "opponent"  # a seat
    OPPONENT_RESERVE = "opponent-reserve"  # a seat and a material in its reserve
    OPPONENT_SMOKED = "opponent-smoked"  # a seat (its stack's top material)
    OPPONENT_AREA = "opponent-area"  # a seat and a legendary tool in its area
    MATERIALS_DUMP = "materials-dump"  # a material in the materials dump
    GAME_DUMP_TOOL = "game-dump-tool"  # a tool in the game dump


class Reaction(StrEnum):
    """The out-of-turn cards (OP 12-15)."""

    SHORT_MEMORY = "short-memory"  # OP 12: cancel an opponent's action or out-of-turn card
    NICE_TOOL = "nice-tool"  # OP 13: steal the legendary tool being used to smoke
    PASS_IT = "pass-it"  # OP 14: the materials being smoked go to your smoked stack
    DRUG_TEST = "drug-test"  # OP 15: that smoke is off, and no smoking for the rest of the turn


ANSWER_OPS: Mapping[Reaction, int] = MappingProxyType(
    {
        Reaction.SHORT_MEMORY: 12,
        Reaction.NICE_TOOL: 13,
        Reaction.PASS_IT: 14,
        Reaction.DRUG_TEST: 15,
    }
)

SMOKE_ANSWERS = frozenset({Reaction.NICE_TOOL, Reaction.PASS_IT, Reaction.DRUG_TEST})
"""Out-of-turn cards that answer a smoke; Short Memory answers action and out-of-turn cards."""


@dataclass(frozen=True, slots=True)
class MaterialSpec:
    """A line of the materials table: `count` cards alike."""

    key: str
    name: str
    type: MaterialType
    points: int  # stoner points when smoked
    coins: int  # action coins when turned (OP 07)
    ability: MaterialAbility | None
    count: int


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A paper (used once, OP 03/24) or a legendary tool (stays in the area, OP 04)."""

    key: str
    name: str
    legendary: bool
    type: ToolType
    low: int  # the min of the stoner points one smoke may hold
    high: int  # the max
    coins: int  # recycle value (OP 08/21)
    ability: ToolAbility | None
    count: int

    @property
    def uses(self) -> int:
        """Returns how many smokes a turn the tool allows before it is turned."""
        return 2 if self.ability is ToolAbility.TWO_HITS else 1


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """An action card: its coin cost to play (OP 09), recycle value (OP 22), effect, target."""

    key: str
    name: str
    cost: int
    coins: int
    effect: Effect
    target: Target
    count: int


@dataclass(frozen=True, slots=True)
class OutOfTurnSpec:
    """An out-of-turn card: `pay` other hand cards are discarded to play it (OP 12-15)."""

    key: str
    name: str
    answer: Reaction
    pay: int
    coins: int  # recycle value (OP 23)
    count: int


Spec = MaterialSpec | ToolSpec | ActionSpec | OutOfTurnSpec

W, H, S = MaterialType.WEED, MaterialType.HASH, MaterialType.SPECIAL

# Chosen: 28 weed, 22 hash, 10 special; points 1-5, 149 in all (2.48 a card); cheap materials
# turn for 2 coins, the rest for 1.
MATERIALS: tuple[MaterialSpec, ...] = (
    MaterialSpec("homegrown", _("Homegrown"), W, 1, 2, None, 7),
    MaterialSpec("skunk", _("Skunk"), W, 2, 1, None, 8),
    MaterialSpec("haze", _("Haze"), W, 3, 1, None, 6),
    MaterialSpec("lemon-haze", _("Lemon Haze"), W, 3, 1, MaterialAbility.MUNCHIES, 2),
    MaterialSpec("kush", _("Kush"), W, 4, 1, None, 3),
    MaterialSpec("white-widow", _("White Widow"), W, 5, 1, None, 2),
    MaterialSpec("brown-hash", _("Brown Hash"), H, 1, 2, None, 5),
    MaterialSpec("marocchino", _("Marocchino"), H, 2, 1, None, 6),
    MaterialSpec("afghan", _("Afghan"), H, 3, 1, None, 6),
    MaterialSpec("charas", _("Charas"), H, 4, 1, None, 3),
    MaterialSpec("ice-o-lator", _("Ice-o-lator"), H, 5, 1, None, 2),
    MaterialSpec("bagseed", _("Bagseed"), S, 1, 2, MaterialAbility.SEEDS, 3),
    MaterialSpec("kief", _("Kief"), S, 2, 1, None, 5),
    MaterialSpec("moon-rock", _("Moon Rock"), S, 5, 1, MaterialAbility.STICKY, 2),
)

TW, TH, TC = ToolType.WEED, ToolType.HASH, ToolType.COMBO

# Chosen: 16 papers and 10 legendary tools, two of each legendary.
TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec("rolling-paper", _("Rolling Paper"), False, TW, 1, 3, 1, None, 6),
    ToolSpec("king-size", _("King Size Paper"), False, TC, 1, 4, 1, None, 4),
    ToolSpec("hash-cone", _("Hash Cone"), False, TH, 2, 5, 1, None, 3),
    ToolSpec("blunt", _("Blunt"), False, TC, 3, 6, 2, None, 3),
    ToolSpec("bong", _("Bong"), True, TW, 2, 7, 2, ToolAbility.TWO_HITS, 2),
    ToolSpec("pipe", _("Pipe"), True, TH, 1, 5, 2, ToolAbility.EMBERS, 2),
    ToolSpec("chillum", _("Chillum"), True, TC, 1, 4, 2, ToolAbility.INSPIRING, 2),
    ToolSpec("vaporizer", _("Vaporizer"), True, TC, 2, 6, 3, ToolAbility.UNBREAKABLE, 2),
    ToolSpec("hookah", _("Hookah"), True, TC, 3, 8, 3, ToolAbility.CHAINED, 2),
)

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("polizia", _("Polizia"), 3, 1, Effect.RAID, Target.OPPONENT, 2),
    ActionSpec("legalize", _("Legalize"), 2, 1, Effect.LEGALIZE, Target.NONE, 1),
    ActionSpec(
        "dealers-cove", _("Dealer's Cove"), 2, 1, Effect.DEALERS_COVE, Target.MATERIALS_DUMP, 3
    ),
    ActionSpec("scavenger", _("Scavenger"), 2, 1, Effect.SCAVENGER, Target.GAME_DUMP_TOOL, 2),
    ActionSpec("confiscate", _("Confiscate"), 2, 1, Effect.CONFISCATE, Target.OPPONENT_RESERVE, 3),
    ActionSpec(
        "spilled-bowl", _("Spilled Bowl"), 3, 1, Effect.SPILLED_BOWL, Target.OPPONENT_SMOKED, 4
    ),
    ActionSpec(
        "broken-glass", _("Broken Glass"), 3, 1, Effect.BROKEN_GLASS, Target.OPPONENT_AREA, 2
    ),
    ActionSpec("munchies", _("Munchies"), 1, 1, Effect.MUNCHIES, Target.NONE, 3),
    ActionSpec("grow-box", _("Grow Box"), 3, 1, Effect.GROW_BOX, Target.NONE, 2),
    ActionSpec("second-wind", _("Second Wind"), 1, 1, Effect.SECOND_WIND, Target.NONE, 2),
    ActionSpec("rip-off", _("Rip-off"), 3, 1, Effect.RIP_OFF, Target.OPPONENT_RESERVE, 2),
)

OUT_OF_TURN: tuple[OutOfTurnSpec, ...] = (
    OutOfTurnSpec("short-memory", _("Short Memory"), Reaction.SHORT_MEMORY, 1, 1, 2),
    OutOfTurnSpec("nice-tool", _("Nice Tool!"), Reaction.NICE_TOOL, 2, 1, 2),
    OutOfTurnSpec("pass-it", _("Pass It!"), Reaction.PASS_IT, 2, 1, 2),
    OutOfTurnSpec("drug-test", _("Drug Test!"), Reaction.DRUG_TEST, 1, 1, 2),
)

DRAWS = 2
"""Cards that Legalize, Munchies and Grow Box draw."""


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card; `id` is how actions and views name it."""

    id: int
    category: Category
    spec: Spec

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def coins(self) -> int:
        """Returns the coins printed on the card: when turned (a material) or recycled."""
        return self.spec.coins


def _category(spec: Spec) -> Category:
    if isinstance(spec, MaterialSpec):
        return Category.MATERIAL
    if isinstance(spec, ActionSpec):
        return Category.ACTION
    if isinstance(spec, OutOfTurnSpec):
        return Category.OUT_OF_TURN
    return Category.LEGENDARY if spec.legendary else Category.PAPER


_GAME_SPECS: tuple[Spec, ...] = (*ACTIONS, *TOOLS, *OUT_OF_TURN)

CARDS: tuple[Card, ...] = tuple(
    Card(index, _category(spec), spec)
    for index, spec in enumerate(
        spec for spec in (*MATERIALS, *_GAME_SPECS) for _copy in range(spec.count)
    )
)

MATERIAL_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.category is Category.MATERIAL)
GAME_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.category is not Category.MATERIAL)

DECK_SIZE = 60


def material(card_id: int) -> MaterialSpec:
    """Returns the spec of a material card."""
    spec = CARDS[card_id].spec
    assert isinstance(spec, MaterialSpec)
    return spec


def tool(card_id: int) -> ToolSpec:
    spec = CARDS[card_id].spec
    assert isinstance(spec, ToolSpec)
    return spec


def action(card_id: int) -> ActionSpec:
    spec = CARDS[card_id].spec
    assert isinstance(spec, ActionSpec)
    return spec


def out_of_turn(card_id: int) -> OutOfTurnSpec:
    spec = CARDS[card_id].spec
    assert isinstance(spec, OutOfTurnSpec)
    return spec


def category(card_id: int) -> Category:
    return CARDS[card_id].category


def points(card_id: int) -> int:
    return material(card_id).points


def fits(material_type: MaterialType, tool_type: ToolType) -> bool:
    """Returns True when a tool may smoke a material: Special fits all, Combo takes all."""
    return (
        material_type is MaterialType.SPECIAL
        or tool_type is ToolType.COMBO
        or material_type.value == tool_type.value
    )
