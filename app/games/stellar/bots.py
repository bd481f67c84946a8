"""Bots for Stellar: a random one and a greedy one that plans each turn's two cards.

The greedy bot reads only what its seat may know: its own board (hand and
face-down cards included), the row, the second card when it is its own, and
the opponent's telescope sums and notebook. It never looks at the deck, the
other hand or the other player's face-down cards; a test checks that changing
those never changes its move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.games.core.actions import Action
from app.games.core.bots import random_legal
from app.games.core.contract import Bot, Game
from app.games.stellar.actions import (
    Clear,
    Done,
    Keep,
    MoveSatellite,
    Place,
    PlayNotebook,
    PlayTelescope,
    Start,
    Take,
)
from app.games.stellar.cards import NEIGHBOURS, ROUNDS, SECTION_SPACES, Card, Section, Suit
from app.games.stellar.placement import notebook_entry, place, placements, run_lengths
from app.games.stellar.scoring import (
    DIVERSITY_BONUS,
    SECTION_BONUS,
    breakdowns,
    section_total,
)
from app.games.stellar.state import Board, Phase, StellarState, Telescope

_STAR_HOPE = 1.5
"""Stars a suit may still gain at the start of the game (fades to 0 by the end)."""

_RUN_HOPE = 2.0
"""Run length a notebook stack may still gain at the start of the game."""

_CRAMPED = 2.0
"""What a suit with stars loses when no free space touches it any more."""


@dataclass(frozen=True, slots=True)
class _Known:
    """The rival's section sums (public) and the share of the game still to play."""

    rival: tuple[int, ...]
    left: float  # share of the game still to play: 1 at the start, 0 at the end


def greedy(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
    """Returns the move that leaves the seat's board worth most, from what the seat may know."""
    legal = game.legal_actions(state, seat)
    choose = _CHOOSERS.get(state.phase)
    action = choose(state, seat, legal) if choose else None
    return action if action in legal else legal[0]


def _known(state: StellarState, seat: int) -> _Known:
    rival = state.boards[(seat + 1) % state.players]
    turns = 2 * ROUNDS
    played = 2 * (state.round - 1) + (state.seat != state.first)
    left = 0.0 if state.phase is Phase.FINAL else max(turns - played, 0) / turns
    return _Known(tuple(section_total(rival, section) for section in Section), left)


def _worth(known: _Known, telescope: Telescope, runs: Mapping[Suit, int]) -> float:
    """Returns what a board should be worth at the end: its score now plus what it may become."""
    left = known.left
    stars = dict.fromkeys(_SUITS, 0)
    sums = [0] * len(_SECTIONS)
    shown: set[Suit] = set()
    for space, placed in enumerate(telescope):
        if placed is not None:
            sums[_SECTION_OF[space]] += placed.value
            if placed.suit is not None:
                stars[placed.suit] += placed.stars
                shown.add(placed.suit)
    worth = sum(
        (stars[suit] + left * _STAR_HOPE) * (runs[suit] + left * _RUN_HOPE) for suit in _SUITS
    )
    worth += sum(
        SECTION_BONUS * _chance(own - rival, left)
        for own, rival in zip(sums, known.rival, strict=True)
    )
    worth += _diversity(len(shown), telescope.count(None), left)
    return worth - _cramped(telescope) * left


def _chance(lead: int, left: float) -> float:
    """Returns the chance of winning a section bonus with this lead (exact at the end)."""
    if left == 0:
        return float(lead > 0)
    return 0.5 + 0.5 * math.tanh(lead / (2 + 8 * left))


def _diversity(suits: int, free: int, left: float) -> float:
    """Returns the diversity bonus, or a hope of it while the missing suits still fit."""
    if suits == len(_SUITS):
        return DIVERSITY_BONUS
    return DIVERSITY_BONUS * left * suits / len(_SUITS) if free >= len(_SUITS) - suits else 0.0


def _cramped(telescope: Telescope) -> float:
    """Returns a penalty per starry suit with no free space next to it (its next card is lost)."""
    open_to: dict[Suit, bool] = {}
    for space, placed in enumerate(telescope):
        if placed is not None and placed.stars:
            suit = placed.card.suit
            assert suit is not None  # only face-up suited cards have stars
            touching = open_to.get(suit, False)
            open_to[suit] = touching or any(telescope[other] is None for other in NEIGHBOURS[space])
    return _CRAMPED * sum(not touching for touching in open_to.values())


_SUITS: tuple[Suit, ...] = tuple(Suit)
_SECTIONS: tuple[Section, ...] = tuple(Section)
_SECTION_OF: tuple[int, ...] = tuple(
    index
    for space in range(len(NEIGHBOURS))
    for index, section in enumerate(_SECTIONS)
    if space in SECTION_SPACES[section]
)


# --- one board change -----------------------------------------------------------------------


def _noted(board: Board, card: Card) -> Board:
    """Returns the board with a card added to its notebook."""
    return replace(board, notebook=(*board.notebook, notebook_entry(board, card)))


def _runs(board: Board, card: Card | None = None) -> Mapping[Suit, int]:
    """Returns the notebook's run lengths, with a card added first if one is given."""
    return run_lengths((_noted(board, card) if card is not None else board).notebook)


def _best_space(
    known: _Known, telescope: Telescope, runs: Mapping[Suit, int], card: Card
) -> tuple[float, tuple[int, bool]]:
    """Returns the worth of the best telescope space for a card, and that (space, face_down)."""
    return max(
        (_worth(known, place(telescope, space, card, face_down), runs), (space, face_down))
        for space, face_down in placements(telescope, card)
    )


# --- planning a turn --------------------------------------------------------------------------


def _plan(known: _Known, board: Board, card: Card, second: Card | None) -> tuple[float, Action]:
    """Returns the best worth of playing a hand card now, and the play that reaches it.

    `second` is the row card of the played card's number; when it would come
    from the deck (None) the bot cannot know it, and counts the play without it.
    """
    worth, option = _best_space(known, board.telescope, _runs(board, second), card)
    options: list[tuple[float, Action]] = [(worth, PlayTelescope(card.id, *option))]
    runs = _runs(board, card)
    if second is not None:
        worth = _best_space(known, board.telescope, runs, second)[0]
    else:
        worth = _worth(known, board.telescope, runs)
    options.append((worth, PlayNotebook(card.id)))
    return max(options, key=lambda option: option[0])


def _second(card: Card, row: Sequence[Card | None]) -> Card | None:
    """Returns the row card a played card calls for, or None when it comes from the deck."""
    return None if card.is_six_zero else row[card.value - 1]


def _take(state: StellarState, seat: int, legal: Sequence[Action]) -> Action | None:
    """Returns the take whose best play afterwards leaves the board worth most."""
    board = state.boards[seat]
    known = _known(state, seat)
    plans: dict[tuple[int, int | None], float] = {}  # most plays recur from take to take
    best: tuple[float, Action] | None = None
    for action in legal:
        if not isinstance(action, Take):
            continue
        taken = state.row[action.slot - 1]
        assert taken is not None
        row = (*state.row[: action.slot - 1], None, *state.row[action.slot :])
        worths = []
        for card in (*board.hand, taken):
            second = _second(card, row)
            key = (card.id, second.id if second else None)
            if key not in plans:
                plans[key] = _plan(known, board, card, second)[0]
            worths.append(plans[key])
        if best is None or max(worths) > best[0]:
            best = (max(worths), action)
    return best[1] if best else None


def _play(state: StellarState, seat: int, legal: Sequence[Action]) -> Action | None:
    board = state.boards[seat]
    known = _known(state, seat)
    plans = (_plan(known, board, card, _second(card, state.row)) for card in board.hand)
    return max(plans, key=lambda plan: plan[0])[1]


def _place(state: StellarState, seat: int, legal: Sequence[Action]) -> Action | None:
    assert state.drawn is not None
    board = state.boards[seat]
    return Place(*_best_space(_known(state, seat), board.telescope, _runs(board), state.drawn)[1])


def _clear(state: StellarState, seat: int, legal: Sequence[Action]) -> Action | None:
    """Returns Clear when the row helps the player who took the satellite more than this one."""
    taker = state.seat
    theirs = _row_gain(_known(state, taker), state.boards[taker], state.row)
    mine = _row_gain(_known(state, seat), state.boards[seat], state.row)
    return Clear() if theirs > mine else Keep()


def _row_gain(known: _Known, board: Board, row: Iterable[Card | None]) -> float:
    """Returns the most one row card could add to a board's public part, in either area."""
    runs = _runs(board)
    base = _worth(known, board.telescope, runs)
    gains = [0.0]
    for card in row:
        if card is not None:
            gains.append(_worth(known, board.telescope, _runs(board, card)) - base)
            if None in board.telescope:
                gains.append(_best_space(known, board.telescope, runs, card)[0] - base)
    return max(gains)


def _setup(state: StellarState, seat: int, legal: Sequence[Action]) -> Action | None:
    """Returns the start on the top space with most neighbours (room to grow around it)."""
    starts = [action for action in legal if isinstance(action, Start)]
    return max(starts, key=lambda start: (len(NEIGHBOURS[start.space]), -start.telescope))


def _final(state: StellarState, seat: int, legal: Sequence[Action]) -> Action | None:
    """Returns the best last notebook card, then any satellite move that scores more, then Done."""
    board = state.boards[seat]
    if board.hand:
        return max(
            (action for action in legal if isinstance(action, PlayNotebook)),
            key=lambda play: _score(state, seat, _noted(board, _card(board, play.card))),
        )
    now = _score(state, seat, board)
    moves = [
        (_score(state, seat, _moved(board, move)), move)
        for move in legal
        if isinstance(move, MoveSatellite)
    ]
    best = max(moves, key=lambda move: move[0], default=None)
    return best[1] if best is not None and best[0] > now else Done()


def _score(state: StellarState, seat: int, board: Board) -> int:
    boards = (*state.boards[:seat], board, *state.boards[seat + 1 :])
    return breakdowns(boards)[seat].total


def _moved(board: Board, move: MoveSatellite) -> Board:
    notebook = tuple(
        replace(entry, stack=Suit(move.stack)) if entry.card.id == move.card else entry
        for entry in board.notebook
    )
    return replace(board, notebook=notebook)


def _card(board: Board, card_id: int) -> Card:
    return next(card for card in board.hand if card.id == card_id)


_CHOOSERS: Mapping[Phase, Callable[[StellarState, int, Sequence[Action]], Action | None]] = {
    Phase.SETUP: _setup,
    Phase.TAKE: _take,
    Phase.CLEAR: _clear,
    Phase.PLAY: _play,
    Phase.PLACE: _place,
    Phase.FINAL: _final,
}

BOTS: Mapping[str, Bot] = {"random": random_legal, "greedy": greedy}
