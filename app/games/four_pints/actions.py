"""The moves of 4 Pints and the codec that parses them from untrusted JSON.

Pints and Money cards of the same beer or value are interchangeable, so
choices name a beer (`Beer` value) or a value in pounds, never a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Turn the top Purchase card face up in the center."""

    kind: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy the pint in bar slot `slot` (0-3); the engine picks the Money cards to pay with."""

    kind: ClassVar[str] = "buy"
    slot: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Stop revealing without buying."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Elbow(Action):
    """Spill a `beer` pint of the opponent at seat `target` (Elbowing)."""

    kind: ClassVar[str] = "elbow"
    target: int
    beer: str


@dataclass(frozen=True, slots=True)
class SpillOwn(Action):
    """Spill one of your own `beer` pints (Slip, or a second Drunk card)."""

    kind: ClassVar[str] = "spill_own"
    beer: str


@dataclass(frozen=True, slots=True)
class DiscardMoney(Action):
    """Discard a Money card worth `value` pounds (a first Drunk card)."""

    kind: ClassVar[str] = "discard_money"
    value: int


@dataclass(frozen=True, slots=True)
class Save(Action):
    """Save an unused Money card worth `value` from the center, discarding the old one."""

    kind: ClassVar[str] = "save"
    value: int


@dataclass(frozen=True, slots=True)
class KeepSaved(Action):
    """Keep the card already saved (or none) and discard the center."""

    kind: ClassVar[str] = "keep_saved"


CODEC = ActionCodec(Reveal, Buy, Pass, Elbow, SpillOwn, DiscardMoney, Save, KeepSaved)
