"""Scores: stars times runs per suit, the three section bonuses, the diversity bonus."""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core.outcome import Result, rank_by
from app.games.stellar.cards import SECTION_SPACES, SUITS, Section, Suit
from app.games.stellar.placement import run_lengths
from app.games.stellar.state import Board, StellarState

SECTION_BONUS = 10
DIVERSITY_BONUS = 10


@dataclass(frozen=True, slots=True)
class SuitScore:
    """Stars of a suit face up in the telescope × the longest run in its notebook stack."""

    suit: Suit
    stars: int
    run: int

    @property
    def points(self) -> int:
        return self.stars * self.run


@dataclass(frozen=True, slots=True)
class SectionScore:
    """A telescope section's card sum and the bonus it earns against the other players."""

    section: Section
    total: int
    bonus: int


@dataclass(frozen=True, slots=True)
class Breakdown:
    """One player's score, part by part."""

    suits: tuple[SuitScore, ...]
    sections: tuple[SectionScore, ...]
    diversity: int

    @property
    def total(self) -> int:
        suits = sum(score.points for score in self.suits)
        return suits + sum(score.bonus for score in self.sections) + self.diversity


def suit_scores(board: Board) -> tuple[SuitScore, ...]:
    stars = dict.fromkeys(SUITS, 0)
    for placed in board.telescope:
        if placed is not None and placed.suit is not None:
            stars[placed.suit] += placed.stars
    runs = run_lengths(board.notebook)
    return tuple(SuitScore(suit, stars[suit], runs[suit]) for suit in SUITS)


def section_total(board: Board, section: Section) -> int:
    """Returns the sum of the card values in one section (face-down cards count 3)."""
    return sum(
        placed.value
        for space in SECTION_SPACES[section]
        if (placed := board.telescope[space]) is not None
    )


def has_every_suit(board: Board) -> bool:
    """Returns True when every suit shows face up in the telescope; satellites do not count."""
    return {placed.suit for placed in board.telescope if placed} >= set(Suit)


def breakdowns(boards: tuple[Board, ...]) -> tuple[Breakdown, ...]:
    """Returns each player's score; a section bonus goes to the one strictly highest sum."""
    totals = {
        section: tuple(section_total(board, section) for board in boards) for section in Section
    }
    return tuple(
        Breakdown(
            suit_scores(board),
            tuple(
                SectionScore(section, sums[seat], SECTION_BONUS if _alone_best(sums, seat) else 0)
                for section, sums in totals.items()
            ),
            DIVERSITY_BONUS if has_every_suit(board) else 0,
        )
        for seat, board in enumerate(boards)
    )


def _alone_best(sums: tuple[int, ...], seat: int) -> bool:
    return all(sums[seat] > other for index, other in enumerate(sums) if index != seat)


def final_result(state: StellarState) -> Result:
    """Returns totals and ranks; a tie is a shared rank (the rulebook breaks no ties)."""
    scores = tuple(breakdown.total for breakdown in breakdowns(state.boards))
    ranks = rank_by(tuple((score,) for score in scores))
    return Result(scores=scores, ranks=ranks, rounds=(scores,))
