"""What can happen in For20 Cards, for the log; cards are named by id (`cards.CARDS`).

Each event carries the numbers of the rulebook operations it performs (`ops()`), so the log
reads "OP 03 · Ann smokes …" and a rule is findable by its number. Hand cards are secret: a
drawn game card is named only to its drawer (`seen_by`); in a reaction window a pass, and an
answer until its stage closes, are seen only by whoever chose them, so no one learns who could
have answered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core.outcome import Event
from app.games.for20.cards import ANSWER_OPS, Category, category, out_of_turn


@dataclass(frozen=True, slots=True)
class For20Event(Event):
    """An event with the rulebook operations it performs."""

    OPS: ClassVar[tuple[int, ...]] = ()

    def ops(self) -> tuple[int, ...]:
        return self.OPS


def _smoke_ops(tools: tuple[int, ...], materials: tuple[int, ...]) -> tuple[int, ...]:
    """Returns OP 03 (paper) or 04 (legendary), 05 for several materials, 06 for two papers."""
    legendary = category(tools[0]) is Category.LEGENDARY
    ops = [4 if legendary else 3]
    if len(materials) > 1:
        ops.append(5)
    if len(tools) > 1:
        ops.append(6)
    return tuple(ops)


@dataclass(frozen=True, slots=True)
class TurnStarted(For20Event):
    seat: int
    round: int
    turn: int


@dataclass(frozen=True, slots=True)
class MaterialDrawn(For20Event):
    """`seat` drew material `card` face up into its reserve; `cause` is turn, action or ability."""

    seat: int
    card: int
    cause: str

    def ops(self) -> tuple[int, ...]:
        return (1,) if self.cause == "turn" else ()


@dataclass(frozen=True, slots=True)
class GameCardDrawn(For20Event):
    """`seat` drew a game card, unseen by the others."""

    seat: int
    cause: str

    def ops(self) -> tuple[int, ...]:
        return (2,) if self.cause == "turn" else ()


@dataclass(frozen=True, slots=True)
class GameCardSeen(For20Event):
    """Only for the drawer: which game card it was."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Reshuffled(For20Event):
    """OP 25: a deck ran out and its dump, `cards` cards, was shuffled into a new deck."""

    OPS = (25,)
    deck: str  # "materials" or "game"
    cards: int


@dataclass(frozen=True, slots=True)
class DrawSkipped(For20Event):
    """A draw found its deck and dump empty: OP 26 (no material), 27 (no game card), 28 (none)."""

    seat: int
    materials: bool  # the material could not be drawn
    game: bool  # the game card could not be drawn
    cause: str

    def ops(self) -> tuple[int, ...]:
        if self.cause != "turn":
            return ()
        if self.materials and self.game:
            return (28,)
        return (26,) if self.materials else (27,)


@dataclass(frozen=True, slots=True)
class ToolPlayed(For20Event):
    """`seat` put legendary tool `card` from its hand into its area (the turn's new tool).

    The rulebook has no operation of its own for this; OP 04 is the one of legendaries in
    the area, so the line carries its number."""

    OPS = (4,)
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class SmokeDeclared(For20Event):
    """`seat` declares a smoke; it waits in a reaction window."""

    seat: int
    tools: tuple[int, ...]
    materials: tuple[int, ...]
    points: int

    def ops(self) -> tuple[int, ...]:
        return _smoke_ops(self.tools, self.materials)


@dataclass(frozen=True, slots=True)
class Smoked(For20Event):
    """`seat` smoked `materials` (highest on top) with `tools`: `points` more, `total` now."""

    seat: int
    tools: tuple[int, ...]
    materials: tuple[int, ...]
    points: int
    total: int

    def ops(self) -> tuple[int, ...]:
        return _smoke_ops(self.tools, self.materials)


@dataclass(frozen=True, slots=True)
class PaperDumped(For20Event):
    """OP 24: the used papers went to the game dump."""

    OPS = (24,)
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AbilityUsed(For20Event):
    """Card `card`'s ability (`ability`, a cards ability value) worked for `seat`."""

    seat: int
    card: int
    ability: str


@dataclass(frozen=True, slots=True)
class MaterialTurned(For20Event):
    """OP 07: `seat` turned `card` for `coins` action coins; it is locked for the turn."""

    OPS = (7,)
    seat: int
    card: int
    coins: int


@dataclass(frozen=True, slots=True)
class Recycled(For20Event):
    """OP 08: `seat` discarded `card` for `coins` (OP 21 a paper, 22 an action, 23 out of turn)."""

    seat: int
    card: int
    coins: int

    def ops(self) -> tuple[int, ...]:
        extra = {Category.PAPER: 21, Category.ACTION: 22, Category.OUT_OF_TURN: 23}
        more = extra.get(category(self.card))
        return (8,) if more is None else (8, more)


@dataclass(frozen=True, slots=True)
class ActionDeclared(For20Event):
    """OP 09: `seat` paid `cost` coins for action `card`, naming `target_seat`/`target_card`."""

    OPS = (9,)
    seat: int
    card: int
    cost: int
    target_seat: int | None
    target_card: int | None


@dataclass(frozen=True, slots=True)
class ActionResolved(For20Event):
    """OP 09: action `card` of `seat` takes effect and goes to the game dump."""

    OPS = (9,)
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class MaterialDestroyed(For20Event):
    """OP 10: `owner`'s material `card` went from its `zone` (reserve, smoked) to the dump."""

    OPS = (10,)
    seat: int
    owner: int
    card: int
    zone: str


@dataclass(frozen=True, slots=True)
class ToolDestroyed(For20Event):
    """OP 11: `owner`'s legendary tool `card` went to the game dump."""

    OPS = (11,)
    seat: int
    owner: int
    card: int


@dataclass(frozen=True, slots=True)
class Recovered(For20Event):
    """`seat` took `card` back from a dump (`zone`): Dealer's Cove or Scavenger."""

    OPS = (9,)
    seat: int
    card: int
    zone: str


@dataclass(frozen=True, slots=True)
class MaterialStolen(For20Event):
    """Rip-off: `seat` moved `owner`'s reserve material `card` into its own reserve."""

    OPS = (9,)
    seat: int
    owner: int
    card: int


@dataclass(frozen=True, slots=True)
class SecondWind(For20Event):
    """`seat` straightened its legendary tools `cards` with Second Wind."""

    OPS = (9,)
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LegalizeRemoved(For20Event):
    """OP 16-17: Legalize leaves the game; from now on Polizia is only discarded."""

    OPS = (16, 17)
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class WindowOpened(For20Event):
    """A reaction window opens on `seat`'s move; its first stage lasts `seconds` at most."""

    number: int
    seat: int
    seconds: int


@dataclass(frozen=True, slots=True)
class AnswerChosen(For20Event):
    """Only for the seat: it declared `card` on stack entry `target`, paying `pay`; everyone
    sees it (`AnswerDeclared`) when the stage closes."""

    seat: int
    card: int
    target: int
    pay: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StageOpened(For20Event):
    """Answers were shown: stage `stage` of window `number` lets the others answer them, for
    `seconds` at most."""

    number: int
    stage: int
    seconds: int


@dataclass(frozen=True, slots=True)
class AnswerDeclared(For20Event):
    """OP 12-15: `seat` answers stack entry `target` (`target_seat`'s) with `card`, paying `pay`;
    shown when the stage in which it was chosen closes."""

    seat: int
    card: int
    target: int
    target_seat: int
    pay: tuple[int, ...]

    def ops(self) -> tuple[int, ...]:
        return (ANSWER_OPS[out_of_turn(self.card).answer],)


@dataclass(frozen=True, slots=True)
class Passed(For20Event):
    """Only for the seat: it let the stage go (`auto` when the stage's time ran out first)."""

    seat: int
    auto: bool


@dataclass(frozen=True, slots=True)
class WindowClosed(For20Event):
    """A stage closed with no answer to show, or nobody can answer the ones shown: the stack
    resolves, last answer first."""

    number: int


@dataclass(frozen=True, slots=True)
class Cancelled(For20Event):
    """OP 12: `seat`'s Short Memory cancels `owner`'s `card` (an action or out-of-turn card)."""

    OPS = (12,)
    seat: int
    owner: int
    card: int


@dataclass(frozen=True, slots=True)
class ToolStolen(For20Event):
    """OP 13: `seat` took `owner`'s legendary `card` into its own area; the smoke is off."""

    OPS = (13,)
    seat: int
    owner: int
    card: int


@dataclass(frozen=True, slots=True)
class SmokeTaken(For20Event):
    """OP 14: `seat` smoked `owner`'s `materials` into its own stack, with no abilities."""

    OPS = (14,)
    seat: int
    owner: int
    materials: tuple[int, ...]
    points: int
    total: int


@dataclass(frozen=True, slots=True)
class SmokingBanned(For20Event):
    """OP 15: `owner` may not smoke for the rest of the turn."""

    OPS = (15,)
    seat: int
    owner: int


@dataclass(frozen=True, slots=True)
class SmokeOff(For20Event):
    """`owner`'s declared smoke does not happen: papers back in hand, materials in reserve."""

    owner: int
    card: int  # the out-of-turn card that stopped it

    def ops(self) -> tuple[int, ...]:
        return (ANSWER_OPS[out_of_turn(self.card).answer],)


@dataclass(frozen=True, slots=True)
class Fizzled(For20Event):
    """`seat`'s `card` had nothing left to act on and goes to the game dump."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class MaterialsStraightened(For20Event):
    """OP 18: `seat`'s turned materials stand straight again."""

    OPS = (18,)
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ToolsStraightened(For20Event):
    """OP 19: `seat`'s used legendary tools stand straight again."""

    OPS = (19,)
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CoinsLost(For20Event):
    """OP 20: `seat`'s `coins` unspent action coins are lost."""

    OPS = (20,)
    seat: int
    coins: int


@dataclass(frozen=True, slots=True)
class RoundEnded(For20Event):
    round: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ExtraRound(For20Event):
    """Several players are at 20+ (or tie for the lead): another full round (FAQ)."""

    round: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(For20Event):
    scores: tuple[int, ...]
    winner: int | None
