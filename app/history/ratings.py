"""Ratings from openskill's Plackett-Luce model, which ranks any number of players at once.

Only the formula's library computes ratings; this module maps our ranks to its call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    """A person's rating: openskill's mean and uncertainty."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """Returns the conservative figure leaderboards sort by (mu - 3 sigma)."""
        return MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal()


def initial() -> Skill:
    """Returns the rating of someone who has not played a rated game yet."""
    fresh = MODEL.rating()
    return Skill(fresh.mu, fresh.sigma)


def rate(before: Mapping[int, Skill], ranks: Mapping[int, int]) -> dict[int, Skill]:
    """Returns each person's rating after a game where they finished at `ranks` (1 best,
    equal ranks tie), from their ratings `before` (a person missing there starts fresh)."""
    people = sorted(ranks)
    teams = [
        [MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in (before.get(p, initial()) for p in people)
    ]
    rated = MODEL.rate(teams, ranks=[float(ranks[p]) for p in people])
    return {p: Skill(team[0].mu, team[0].sigma) for p, team in zip(people, rated, strict=True)}
