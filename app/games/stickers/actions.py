"""The moves of Stickers.

The turn's steps are `Take` (a market card), `Play` (a collection: its visible card and the
other cards under it) and then effects, each an `EffectAction` naming the pending effect it
carries out (`source`, `sticker`; see `state.Pending`), until `EndTurn`. A Question mark's
chosen player answers with `Give`; the final reveal is `Reveal`, everyone at once; a campaign
game's sticker step is `Stick`, everyone at once.

A campaign rule that brings a new effect brings its own `EffectAction` class; the game's codec
is made from these and the rules' (`rules.Stickers`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core.actions import Action


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the market card in `slot` into your hand."""

    kind: ClassVar[str] = "take"
    slot: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a collection from your hand: `others` first, `visible` on top (the visible card)."""

    kind: ClassVar[str] = "play"
    visible: int
    others: tuple[int, ...] = ()

    @property
    def cards(self) -> tuple[int, ...]:
        return (*self.others, self.visible)


@dataclass(frozen=True, slots=True)
class EffectAction(Action):
    """Carry out a pending effect: the collection bonus (`source` -1) or the action sticker
    number `sticker` on card `source`."""

    source: int
    sticker: int


@dataclass(frozen=True, slots=True)
class TakeTwo(EffectAction):
    """Collection bonus of 1-2 cards: take the market cards in `slots` into your hand."""

    kind: ClassVar[str] = "take_two"
    slots: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Swap(EffectAction):
    """Collection bonus of 3 or more: swap the markers on two neighbouring spaces."""

    kind: ClassVar[str] = "swap"
    first: int = 0
    second: int = 0


@dataclass(frozen=True, slots=True)
class Hat(EffectAction):
    """Hat: play the top card of the draw pile into your album."""

    kind: ClassVar[str] = "hat"


@dataclass(frozen=True, slots=True)
class Ask(EffectAction):
    """Question mark: ask player `target` for a card of `category`."""

    kind: ClassVar[str] = "ask"
    target: int = -1
    category: str = ""


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Hand the asking player this card of the category they named."""

    kind: ClassVar[str] = "give"
    card: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Let the effects left go, and refill your hand and the market."""

    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """The final reveal: this card from your hand (its category's cards join your album)."""

    kind: ClassVar[str] = "reveal"
    card: int


@dataclass(frozen=True, slots=True)
class Stick(Action):
    """The sticker step: stick your sticker number `sticker` onto `card` of your album."""

    kind: ClassVar[str] = "stick"
    sticker: int
    card: int = -1


TURN_ACTIONS: tuple[type[Action], ...] = (Take, Play, Give, EndTurn, Reveal, Stick)
"""The moves that are not effects; effects' classes come with the effects (`effects.py`)."""
