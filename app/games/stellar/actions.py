"""The moves of Stellar and the codec that parses them from untrusted JSON.

Cards are named by their id (`Card.id`), telescope spaces by 0-11 (see
`cards.SPACES`), row slots by their printed number 1-5 and notebook stacks by
a `Suit` value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Start(Action):
    """Put starting card `telescope` on top-section `space`; the other goes to the notebook."""

    kind: ClassVar[str] = "start"
    telescope: int
    space: int


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the card under row slot `slot` (1-5) into your hand."""

    kind: ClassVar[str] = "take"
    slot: int


@dataclass(frozen=True, slots=True)
class Clear(Action):
    """Your opponent took a satellite: clear the rest of the row and refill it."""

    kind: ClassVar[str] = "clear"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Your opponent took a satellite: leave the row as it is."""

    kind: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class PlayTelescope(Action):
    """Play hand card `card` to telescope `space`; `face_down` when it cannot go face up."""

    kind: ClassVar[str] = "telescope"
    card: int
    space: int
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class PlayNotebook(Action):
    """Play hand card `card` to your notebook (in the final phase: your last notebook card)."""

    kind: ClassVar[str] = "notebook"
    card: int


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the turn's second card on telescope `space`, face down if it cannot go face up."""

    kind: ClassVar[str] = "place"
    space: int
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class MoveSatellite(Action):
    """Move satellite `card` in your notebook to the stack of suit `stack`."""

    kind: ClassVar[str] = "move"
    card: int
    stack: str


@dataclass(frozen=True, slots=True)
class SetSixZero(Action):
    """Count 6/0 card `card` in your notebook as `value` (6 or 0)."""

    kind: ClassVar[str] = "six_zero"
    card: int
    value: int


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Confirm your notebook at the end of the game."""

    kind: ClassVar[str] = "done"


CODEC = ActionCodec(
    Start, Take, Clear, Keep, PlayTelescope, PlayNotebook, Place, MoveSatellite, SetSixZero, Done
)
