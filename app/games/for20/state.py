"""The immutable state of a game of For20 Cards.

Cards are held by id (`cards.CARDS`). Every card is in exactly one of the eight zones of the
rulebook — the two decks and the two dumps in the middle, and each player's hand, reserve, area
and smoked stack — or, for a moment, in a pending move of a reaction window (an action card,
the papers of a declared smoke, an out-of-turn card), or out of the game (Legalize, OP 16).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from app.games.core.rng import Rng


class Phase(StrEnum):
    """What the game waits for."""

    MAIN = "main"  # the current player's operations
    WINDOW = "window"  # a declared move waits for answers (OP 12-15)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Board:
    """One player's four zones; `smoked` lists the stack bottom first, its top last."""

    hand: tuple[int, ...] = ()
    reserve: tuple[int, ...] = ()
    turned: frozenset[int] = frozenset()  # reserve materials turned for coins (OP 07)
    area: tuple[int, ...] = ()  # legendary tools
    used: tuple[int, ...] = ()  # one entry per smoke this turn with an area tool (OP 04)
    smoked: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SmokeMove:
    """A declared smoke: papers from the hand (OP 03/06) or one area legendary (OP 04)."""

    seat: int
    tools: tuple[int, ...]
    materials: tuple[int, ...]
    legendary: bool


@dataclass(frozen=True, slots=True)
class ActionMove:
    """A played action card (OP 09), with the seat and card it names, if any."""

    seat: int
    card: int
    target_seat: int | None
    target_card: int | None


@dataclass(frozen=True, slots=True)
class AnswerMove:
    """An out-of-turn card answering stack entry `target`; `pay` went to the game dump."""

    seat: int
    card: int
    target: int
    pay: tuple[int, ...]


Pending = SmokeMove | ActionMove | AnswerMove


@dataclass(frozen=True, slots=True)
class Window:
    """An open reaction window: the declared move at the stack's bottom, answers above it.

    It runs in stages. In each stage `seats` may answer the entries from `layer` up: the
    declared move in stage 1, then the answers shown when the previous stage closed. Choices
    are secret until the stage closes: `chosen` holds the answers declared in it (one a seat,
    in seat order, so arrival order leaves no trace), `passed` who let it go. No view shows
    either. `number` counts windows in the game; with `stage` it keys the timer.
    """

    number: int
    stack: tuple[Pending, ...]
    seats: frozenset[int]
    layer: int = 0
    stage: int = 1
    chosen: tuple[AnswerMove, ...] = ()
    passed: frozenset[int] = frozenset()

    @property
    def top(self) -> Pending:
        return self.stack[-1]

    @property
    def decided(self) -> frozenset[int]:
        """Returns the seats that have chosen in this stage: answered or passed."""
        return self.passed | {answer.seat for answer in self.chosen}


@dataclass(frozen=True, slots=True)
class For20State:
    """The whole table; a deck's top is index 0, a dump's top its last card."""

    players: int
    rng: Rng
    window_seconds: int
    first: int  # the first player, drawn from the seed
    round: int  # 1-based
    turn: int  # 1-based count of turns played in the game
    seat: int  # whose turn it is
    phase: Phase
    boards: tuple[Board, ...]
    material_deck: tuple[int, ...]
    game_deck: tuple[int, ...]
    material_dump: tuple[int, ...] = ()
    game_dump: tuple[int, ...] = ()
    removed: tuple[int, ...] = ()  # Legalize, once played (OP 16)
    coins: int = 0  # the current player's action coins this turn (lost at its end, OP 20)
    new_tool: bool = False  # a tool from the hand was used this turn (FAQ: one per turn)
    no_smoking: bool = False  # Drug Test! (OP 15) for the rest of the turn
    window: Window | None = None
    windows: int = 0  # windows opened so far
    answered: tuple[Pending, ...] = ()  # the last closed window's stack, if answers were shown
    extra: bool = False  # an extra round is on: several reached 20 in the same round
    winner: int | None = None

    @property
    def board(self) -> Board:
        """Returns the current player's board."""
        return self.boards[self.seat]

    @property
    def legalized(self) -> bool:
        """Returns True once Legalize has been played (OP 16-17)."""
        return bool(self.removed)

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Returns the other seats in turn order after `seat`."""
        return tuple((seat + step) % self.players for step in range(1, self.players))


def set_board(state: For20State, seat: int, board: Board, **changes: Any) -> For20State:
    """Returns the state with one board replaced, and any other `changes` in one copy."""
    boards = (*state.boards[:seat], board, *state.boards[seat + 1 :])
    return replace(state, boards=boards, **changes)


def change_board(state: For20State, seat: int, **changes: Any) -> For20State:
    """Returns the state with fields of one board changed."""
    return set_board(state, seat, replace(state.boards[seat], **changes))


def without(cards: tuple[int, ...], gone: tuple[int, ...] | frozenset[int]) -> tuple[int, ...]:
    """Returns the cards in order, minus the gone ones."""
    return tuple(card for card in cards if card not in gone)
