"""Scores: objects kept (beginner) or euros (expert), and the final ranking."""

from __future__ import annotations

from app.games.core.outcome import Result, rank_by
from app.games.speedy_pickers.cards import CARDS
from app.games.speedy_pickers.state import Player, SpeedyState

OBJECT_EUROS = 10
"""Each object still face up in front of a player at the end is worth 10 € (rulebook)."""


def score(state: SpeedyState, player: Player) -> int:
    """Returns a seat's score now: objects face up, or euros on cards plus 10 € per object."""
    if not state.expert:
        return len(player.kept)
    return sum(CARDS[card].euros for card in player.cards) + OBJECT_EUROS * len(player.kept)


def totals(state: SpeedyState) -> tuple[int, ...]:
    return tuple(score(state, player) for player in state.seats)


def final_result(state: SpeedyState) -> Result:
    """Returns totals, ranks (ties share) and what each turn added to each seat."""
    sums = totals(state)
    rounds, before = [], (0,) * state.players
    for after in state.turn_totals:
        rounds.append(tuple(a - b for a, b in zip(after, before, strict=True)))
        before = after
    return Result(scores=sums, ranks=rank_by(tuple((s,) for s in sums)), rounds=tuple(rounds))
