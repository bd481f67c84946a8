"""The moves of Speedy Pickers and the codec that parses them from untrusted JSON.

Tiles are named by their object key, cards by their id. A `Mark` carries the point clicked
in the seat's own scene and `hit`, what the server's painter found there: the table's `Point`
choice names `hit` as the field the server fills, so a browser cannot forge it. The clock
actions (`TimeUp`, `PrepareUp`) come from the CLOCK seat when `timer(state)` runs out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """Claim `tile` by putting a magnifier at (x, y) of your scene in the search of `turn`."""

    kind: ClassVar[str] = "mark"
    tile: str
    turn: int
    x: int = 0
    y: int = 0
    hit: str = ""


@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    """Take your magnifier back from `tile`, putting the tile back where it was."""

    kind: ClassVar[str] = "take_back"
    tile: str


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """Stop searching this turn, taking the lowest free turn-order token (expert)."""

    kind: ClassVar[str] = "stop"


@dataclass(frozen=True, slots=True)
class Look(Action):
    """Keep looking: changes nothing. A bot's tick when it has found nothing yet."""

    kind: ClassVar[str] = "look"


@dataclass(frozen=True, slots=True)
class PlayPower(Action):
    """Turn Action card `card` sideways: `target` is the victim's seat (Cloth, Upside Down,
    Standing), `tile` the object to reserve (Reserved Object); unused fields stay default."""

    kind: ClassVar[str] = "play_power"
    card: int
    target: int = -1
    tile: str = ""


@dataclass(frozen=True, slots=True)
class Ready(Action):
    """Ready for the search (the prepare phase between turns)."""

    kind: ClassVar[str] = "ready"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy display card `card`, paying with objects of `category`."""

    kind: ClassVar[str] = "buy"
    card: int
    category: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass for good for the rest of this selling phase."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End this sale turn after a first buy under Double Dose, without a second one."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """CLOCK: the sand timer of turn `turn` ran out."""

    kind: ClassVar[str] = "time_up"
    turn: int


@dataclass(frozen=True, slots=True)
class PrepareUp(Action):
    """CLOCK: the prepare phase of turn `turn` ran its length; the search starts."""

    kind: ClassVar[str] = "prepare_up"
    turn: int


@dataclass(frozen=True, slots=True)
class CheckUp(Action):
    """CLOCK: the check of turn `turn` moves on from `checked` boards checked: the next board
    is checked, or, once every one is, the turn ends."""

    kind: ClassVar[str] = "check_up"
    turn: int
    checked: int


CODEC = ActionCodec(
    Mark, TakeBack, Stop, Look, PlayPower, Ready, Buy, Pass, Done, TimeUp, PrepareUp, CheckUp
)
