"""Scores: totals over rounds and the final ranking."""

from __future__ import annotations

from app.games.core.i18n import _
from app.games.core.outcome import Result, rank_by, tie_broken
from app.games.four_pints.state import FourPintsState


def totals(state: FourPintsState) -> tuple[int, ...]:
    """Returns each seat's points summed over the rounds played so far."""
    return tuple(sum(row[seat] for row in state.round_scores) for seat in range(state.players))


def final_result(state: FourPintsState) -> Result:
    """Returns totals and ranks, ties broken by the best single round."""
    sums = totals(state)
    best = tuple(max(row[seat] for row in state.round_scores) for seat in range(state.players))
    ranks = rank_by(tuple(zip(sums, best, strict=True)))
    decided = None
    if tie_broken(sums, ranks):
        top = max(b for b, rank in zip(best, ranks, strict=True) if rank == 1)
        decided = _("Tied on points: the best single round ({points} points) decided.").format(
            points=top
        )
    return Result(scores=sums, ranks=ranks, rounds=state.round_scores, decided=decided)
