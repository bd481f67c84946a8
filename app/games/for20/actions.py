"""The moves of For20 Cards and the codec that parses them from untrusted JSON.

Cards are named by id (`cards.CARDS`), seats by number. The current player's moves come in the
main phase; `pass` and `answer` in a reaction window, from the other players; `close_stage` only
from the CLOCK seat, when `timer(state)` runs out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Smoke(Action):
    """OP 03-06: smoke reserve `materials` with one or two papers or one area legendary."""

    kind: ClassVar[str] = "smoke"
    tools: tuple[int, ...]
    materials: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TurnMaterial(Action):
    """OP 07: turn a reserve material for its action coins; it is locked for the turn."""

    kind: ClassVar[str] = "turn"
    card: int


@dataclass(frozen=True, slots=True)
class Recycle(Action):
    """OP 08 (21-23): discard a hand card to the game dump for its coin value."""

    kind: ClassVar[str] = "recycle"
    card: int


@dataclass(frozen=True, slots=True)
class PlayAction(Action):
    """OP 09: spend coins on an action card; `seat` and `target` name what it hits, if anything."""

    kind: ClassVar[str] = "action"
    card: int
    seat: int | None = None
    target: int | None = None


@dataclass(frozen=True, slots=True)
class PlayTool(Action):
    """Put a legendary tool from the hand into your area (the turn's one new tool)."""

    kind: ClassVar[str] = "tool"
    card: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """OP 18-20: end your turn."""

    kind: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the move in the reaction window go unanswered."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """OP 12-15: play out-of-turn `card` on stack entry `target`, discarding `pay` to pay."""

    kind: ClassVar[str] = "answer"
    card: int
    target: int
    pay: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CloseStage(Action):
    """CLOCK: stage `stage` of window `window` ran its length; whoever has not chosen passes."""

    kind: ClassVar[str] = "close_stage"
    window: int
    stage: int


CODEC = ActionCodec(
    Smoke,
    TurnMaterial,
    Recycle,
    PlayAction,
    PlayTool,
    EndTurn,
    Pass,
    Answer,
    CloseStage,
)
