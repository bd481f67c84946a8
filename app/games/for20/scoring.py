"""Stoner points, the end of a full round (20+ wins, the FAQ's extra rounds), and the result."""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core.i18n import _
from app.games.core.outcome import Result, rank_by
from app.games.for20.cards import WIN_POINTS, points
from app.games.for20.state import Board, For20State

ROUND_LIMIT = 60
"""A safety stop the rulebook does not have: after this many rounds the leader wins."""


def score(board: Board) -> int:
    """Returns a player's stoner points: the sum over their smoked stack."""
    return sum(points(card) for card in board.smoked)


def scores(state: For20State) -> tuple[int, ...]:
    return tuple(score(board) for board in state.boards)


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """What the end of a full round decides: a winner, an extra round, or play on.

    `over` with `winner` None only at the round limit with a tie for the lead.
    """

    over: bool
    winner: int | None
    extra: bool
    contenders: tuple[int, ...]


def check_round(state: For20State) -> RoundCheck:
    """Returns the end-of-round decision.

    Not in an extra round: one player at 20+ wins; several send the game into an extra
    round (FAQ). After an extra round the one highest score wins if it is 20+; a tie for it
    plays another round; if nobody holds 20+ any more, play goes on as usual.
    """
    totals = scores(state)
    reached = tuple(seat for seat, total in enumerate(totals) if total >= WIN_POINTS)
    top = max(totals)
    leaders = tuple(seat for seat, total in enumerate(totals) if total == top)
    if state.round >= ROUND_LIMIT:
        return RoundCheck(True, leaders[0] if len(leaders) == 1 else None, False, leaders)
    if not reached:
        return RoundCheck(False, None, False, ())
    if not state.extra:
        if len(reached) == 1:
            return RoundCheck(True, reached[0], False, reached)
        return RoundCheck(False, None, True, reached)
    if len(leaders) == 1:
        return RoundCheck(True, leaders[0], False, leaders)
    return RoundCheck(False, None, True, leaders)


def final_result(state: For20State) -> Result:
    """Returns totals and ranks: the winner first, the others by stoner points."""
    totals = scores(state)
    keys = tuple((int(seat == state.winner), total) for seat, total in enumerate(totals))
    return Result(scores=totals, ranks=rank_by(keys), rounds=(totals,), decided=_decided(state))


def _decided(state: For20State) -> str | None:
    """Returns how the game was won, for the end-of-game summary."""
    if state.winner is None:
        return None
    if state.round >= ROUND_LIMIT:
        return _("Round {rounds} ended the game: the highest score won.").format(rounds=ROUND_LIMIT)
    if state.extra:
        return _("Several players reached {points} points: extra rounds decided.").format(
            points=WIN_POINTS
        )
    return _("The first to end a round with {points} points or more.").format(points=WIN_POINTS)
