"""Where campaign rules plug into the engine: the boxes "Rule A" to "Rule L" and their hooks.

The printed rulebook leaves twelve blank boxes, each at a place in the rules. A campaign sticks
a rule into a box; the deck names which rule is in which box (`deck.Deck.rules`), and the
engine consults the rules in force at their place, in box order:

| boxes | place | the engine asks | hook |
|---|---|---|---|
| A, B | setup | after the deal, before the first turn | `SetupHook(state, events) -> state` |
| C | played | after a collection is placed | `PlayedHook(state, seat, cards, events) -> state` |
| D, E | bonus | which effects a collection of n cards grants | `BonusHook(state, n, kinds)` |
| F-I | actions | what an action sticker does | new `Effect`s, by sticker kind |
| J | majority | the card counts majorities compare | `CountHook(state, counts) -> counts` |
| K | awards | the majority points per seat and category | `AwardHook(state, awards) -> awards` |
| L | final | points after the stars | `FinalHook(state, points) -> points` |

A rule is data: its name, its place, and the hook (or effects) for that place; the catalogue
of rules the campaign can open is `upgrades.RULES` (what they do: `campaign_rules.py`). With no
rule in force every hook list is empty and the game is the printed base game. Box D holds the
printed collection bonus (≤2: take two; ≥3: swap): a rule in D or E receives what the printed
list grants and may replace or extend it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from app.games.core.actions import Action
from app.games.core.choices import Choice
from app.games.core.i18n import _
from app.games.core.outcome import Event, Refusal

if TYPE_CHECKING:
    from app.games.stickers.actions import EffectAction
    from app.games.stickers.state import Pending, StickersState

Events = list[Event]
Counts = tuple[tuple[int, ...], ...]
"""[seat][category, in `Category` order]: cards counted for majorities."""
Awards = tuple[tuple[int, ...], ...]
"""[seat][category, in `Category` order]: majority points."""


class Place(StrEnum):
    SETUP = "setup"
    PLAYED = "played"
    BONUS = "bonus"
    ACTIONS = "actions"
    MAJORITY = "majority"
    AWARDS = "awards"
    FINAL = "final"


BOXES: Mapping[str, Place] = {
    "A": Place.SETUP,
    "B": Place.SETUP,
    "C": Place.PLAYED,
    "D": Place.BONUS,
    "E": Place.BONUS,
    "F": Place.ACTIONS,
    "G": Place.ACTIONS,
    "H": Place.ACTIONS,
    "I": Place.ACTIONS,
    "J": Place.MAJORITY,
    "K": Place.AWARDS,
    "L": Place.FINAL,
}
"""The blank boxes of the rulebook and the place in the rules each stands at."""

SetupHook = Callable[["StickersState", Events], "StickersState"]
PlayedHook = Callable[["StickersState", int, tuple[int, ...], Events], "StickersState"]
BonusHook = Callable[["StickersState", int, tuple[str, ...]], tuple[str, ...]]
CountHook = Callable[["StickersState", Counts], Counts]
AwardHook = Callable[["StickersState", Awards], Awards]
FinalHook = Callable[["StickersState", tuple[int, ...]], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Effect:
    """What a pending effect (a bonus or an action sticker) of one `kind` is: its move's class,
    what the table offers for it, the complete moves bots choose from, why a move of it is
    refused (None when allowed), and what carrying it out does."""

    kind: str
    action: type[EffectAction]
    offers: Callable[[StickersState, int, Pending], tuple[Choice, ...]]
    moves: Callable[[StickersState, int, Pending], tuple[Action, ...]]
    check: Callable[[StickersState, int, Pending, EffectAction], Refusal | None]
    resolve: Callable[[StickersState, int, Pending, EffectAction, Events], StickersState]


@dataclass(frozen=True, slots=True)
class Rule:
    """A campaign rule for the boxes of one place: its name and its hook for that place
    (the one matching `place`; `effects` for the actions place)."""

    name: str
    place: Place
    title: str
    text: str
    setup: SetupHook | None = None
    played: PlayedHook | None = None
    bonus: BonusHook | None = None
    effects: tuple[Effect, ...] = ()
    majority: CountHook | None = None
    awards: AwardHook | None = None
    final: FinalHook | None = None


@dataclass(frozen=True, slots=True)
class Hooks:
    """The rules in force, resolved: per place, the hooks in box order, and every effect by
    kind (the printed ones, and those the rules bring, which replace a printed one of the
    same kind)."""

    effects: tuple[Effect, ...]
    rules: tuple[tuple[str, Rule], ...] = ()
    setup: tuple[SetupHook, ...] = ()
    played: tuple[PlayedHook, ...] = ()
    bonus: tuple[BonusHook, ...] = ()
    majority: tuple[CountHook, ...] = ()
    awards: tuple[AwardHook, ...] = ()
    final: tuple[FinalHook, ...] = ()

    def effect(self, kind: str) -> Effect | None:
        """Returns the effect of a kind of pending effect, if the game knows it."""
        return next((effect for effect in self.effects if effect.kind == kind), None)


def build_hooks(
    rules: tuple[tuple[str, str], ...],
    catalogue: Mapping[str, Rule],
    printed: tuple[Effect, ...],
) -> Hooks | Refusal:
    """Returns the hooks of the rules in boxes (box letter, rule name), or why they cannot be."""
    placed: list[tuple[str, Rule]] = []
    for box, name in sorted(rules):
        rule = catalogue.get(name)
        if box not in BOXES:
            return Refusal(_("There is no box {box} in the rulebook."), {"box": box})
        if rule is None:
            return Refusal(_("The rule {rule} is not known."), {"rule": name})
        if rule.place is not BOXES[box]:
            return Refusal(
                _("The rule {rule} does not go in box {box}."), {"rule": name, "box": box}
            )
        placed.append((box, rule))
    if len({box for box, _rule in placed}) != len(placed):
        return Refusal(_("A box holds one rule."))
    in_force = [rule for _box, rule in placed]
    brought = tuple(effect for rule in in_force for effect in rule.effects)
    replaced = {effect.kind for effect in brought}
    return Hooks(
        effects=(*(effect for effect in printed if effect.kind not in replaced), *brought),
        rules=tuple(placed),
        setup=tuple(rule.setup for rule in in_force if rule.setup),
        played=tuple(rule.played for rule in in_force if rule.played),
        bonus=tuple(rule.bonus for rule in in_force if rule.bonus),
        majority=tuple(rule.majority for rule in in_force if rule.majority),
        awards=tuple(rule.awards for rule in in_force if rule.awards),
        final=tuple(rule.final for rule in in_force if rule.final),
    )
