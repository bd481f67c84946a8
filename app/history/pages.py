"""What the history pages show, read with a few indexed queries each, a page at a time.

Nothing here adds up a person's games or computes a rating: summaries, tallies, rivalries
and ratings are written at each game's end (app/history/record.py); these reads select.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import (
    FinalScore,
    GameRecord,
    GameSummary,
    Person,
    PersonTally,
    Rating,
    Rivalry,
)
from app.history.record import aware

RESULTS_PER_PAGE = 20
GAMES_PER_PAGE = 20
STANDINGS_PER_PAGE = 25
RIVALS = 20  # the friends played most, on a person's page
RECORDS = 5  # games in each of a game's records (longest, highest, closest)
CHART_RESULTS = 60  # a person's latest results in the scores chart
ENDED = ("finished", "abandoned", "unreplayable")  # statuses a game's list shows


@dataclass(frozen=True, slots=True)
class Tally:
    """A person's record at one game."""

    game_type: str
    played: int
    wins: int
    average: float
    best: int
    rating: float | None  # the leaderboard's figure (ordinal), None before a rated game
    rated_games: int


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One of a person's finished games: how they did."""

    game_id: int
    game_type: str
    finished_at: datetime | None
    score: int
    rank: int
    seats: int
    bot_finished: bool
    rated: bool


@dataclass(frozen=True, slots=True)
class Rival:
    """A friend and how the person fared against them in games both played."""

    person_id: int
    name: str
    games: int
    ahead: int  # games the person finished above them
    behind: int


@dataclass(frozen=True, slots=True)
class PersonPage:
    person_id: int
    name: str
    tallies: list[Tally]
    results: list[ResultLine]
    older: int | None  # the `before` cursor of the next page of results, None at the end
    rivals: list[Rival]


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    person_id: int
    name: str
    rating: float
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class GameLine:
    """A game in a list: who played, who won, how it went and whether it counts."""

    game_id: int
    status: str
    at: datetime | None
    players: list[str]
    winners: list[str]
    moves: int | None
    duration_s: float | None
    top_score: int | None
    margin: int | None
    bot_finished: bool
    rated: bool


@dataclass(frozen=True, slots=True)
class GamePage:
    standings: list[Standing]
    page: int
    more_standings: bool
    longest: list[GameLine]
    highest: list[GameLine]
    closest: list[GameLine]
    recent: list[GameLine]
    older: int | None


async def person_page(
    session: AsyncSession, person_id: int, before: int | None = None
) -> PersonPage | None:
    """Returns a person's page, results from the newest game below `before`; None if there
    is no such person."""
    name = await session.scalar(select(Person.display_name).where(Person.id == person_id))
    if name is None:
        return None
    results = await _results(session, person_id, before, RESULTS_PER_PAGE + 1)
    older = results[RESULTS_PER_PAGE - 1].game_id if len(results) > RESULTS_PER_PAGE else None
    return PersonPage(
        person_id,
        name,
        await tallies(session, person_id),
        results[:RESULTS_PER_PAGE],
        older,
        await _rivals(session, person_id),
    )


async def chart_results(session: AsyncSession, person_id: int) -> list[ResultLine]:
    """Returns the person's latest results for the scores chart, oldest first."""
    return list(reversed(await _results(session, person_id, None, CHART_RESULTS)))


async def tallies(session: AsyncSession, person_id: int) -> list[Tally]:
    """Returns the person's record per game kind, the most played first."""
    rows = await session.execute(
        select(PersonTally, Rating.ordinal, Rating.games)
        .outerjoin(
            Rating,
            and_(Rating.person_id == person_id, Rating.game_type == PersonTally.game_type),
        )
        .where(PersonTally.person_id == person_id)
        .order_by(PersonTally.played.desc(), PersonTally.game_type)
    )
    return [
        Tally(
            t.game_type,
            t.played,
            t.wins,
            t.score_sum / t.played if t.played else 0.0,
            t.best,
            ordinal,
            rated or 0,
        )
        for t, ordinal, rated in rows.tuples()
    ]


async def _results(
    session: AsyncSession, person_id: int, before: int | None, limit: int
) -> list[ResultLine]:
    query = (
        select(
            FinalScore.game_id,
            GameRecord.game_type,
            GameRecord.finished_at,
            GameRecord.players,
            FinalScore.score,
            FinalScore.rank,
            GameSummary.bot_finished,
            GameSummary.rated,
        )
        .join(GameRecord, GameRecord.id == FinalScore.game_id)
        .outerjoin(GameSummary, GameSummary.game_id == FinalScore.game_id)
        .where(FinalScore.person_id == person_id)
        .order_by(FinalScore.game_id.desc())
        .limit(limit)
    )
    if before is not None:
        query = query.where(FinalScore.game_id < before)
    return [
        ResultLine(
            r.game_id,
            r.game_type,
            _or_none(r.finished_at),
            r.score,
            r.rank,
            len(r.players) if isinstance(r.players, list) else 0,
            bool(r.bot_finished),
            bool(r.rated),
        )
        for r in await session.execute(query)
    ]


async def _rivals(session: AsyncSession, person_id: int) -> list[Rival]:
    rows = await session.execute(
        select(Rivalry.rival_id, Person.display_name, Rivalry.games)
        .add_columns(Rivalry.ahead, Rivalry.behind)
        .join(Person, Person.id == Rivalry.rival_id)
        .where(Rivalry.person_id == person_id)
        .order_by(Rivalry.games.desc(), Rivalry.rival_id)
        .limit(RIVALS)
    )
    return [Rival(*row) for row in rows.tuples()]


async def game_page(
    session: AsyncSession, game_type: str, page: int = 0, before: int | None = None
) -> GamePage:
    """Returns a game's page: its leaderboard's `page`, its records, and its games from the
    newest below `before`."""
    standings = await _standings(session, game_type, page)
    recent_ids = await _recent_ids(session, game_type, before)
    older = recent_ids[GAMES_PER_PAGE - 1] if len(recent_ids) > GAMES_PER_PAGE else None
    recent_ids = recent_ids[:GAMES_PER_PAGE]
    kind = GameSummary.game_type == game_type
    longest = await _record_ids(
        session, kind, GameSummary.duration_s.desc(), GameSummary.game_id.desc()
    )
    highest = await _record_ids(
        session, kind, GameSummary.top_score.desc(), GameSummary.game_id.desc()
    )
    closest = await _record_ids(
        session,
        and_(kind, GameSummary.margin.is_not(None)),
        GameSummary.margin,
        GameSummary.game_id,
    )
    lines = await _game_lines(session, {*recent_ids, *longest, *highest, *closest})
    return GamePage(
        standings[:STANDINGS_PER_PAGE],
        page,
        len(standings) > STANDINGS_PER_PAGE,
        [lines[i] for i in longest],
        [lines[i] for i in highest],
        [lines[i] for i in closest],
        [lines[i] for i in recent_ids],
        older,
    )


async def _standings(session: AsyncSession, game_type: str, page: int) -> list[Standing]:
    rows = await session.execute(
        select(Rating.person_id, Person.display_name, Rating.ordinal, Rating.mu, Rating.sigma)
        .add_columns(Rating.games)
        .join(Person, Person.id == Rating.person_id)
        .where(Rating.game_type == game_type)
        .order_by(Rating.ordinal.desc(), Rating.person_id)
        .offset(page * STANDINGS_PER_PAGE)
        .limit(STANDINGS_PER_PAGE + 1)
    )
    first = page * STANDINGS_PER_PAGE + 1
    return [
        Standing(first + n, pid, name, ordinal, mu, sigma, games)
        for n, (pid, name, ordinal, mu, sigma, games) in enumerate(rows.tuples())
    ]


async def _recent_ids(session: AsyncSession, game_type: str, before: int | None) -> list[int]:
    query = (
        select(GameRecord.id)
        .where(GameRecord.game_type == game_type, GameRecord.status.in_(ENDED))
        .order_by(GameRecord.id.desc())
        .limit(GAMES_PER_PAGE + 1)
    )
    if before is not None:
        query = query.where(GameRecord.id < before)
    return list((await session.scalars(query)).all())


async def _record_ids(session: AsyncSession, where: Any, *order: Any) -> list[int]:
    query = select(GameSummary.game_id).where(where).order_by(*order).limit(RECORDS)
    return list((await session.scalars(query)).all())


async def _game_lines(session: AsyncSession, ids: set[int]) -> dict[int, GameLine]:
    if not ids:
        return {}
    rows = (
        await session.execute(
            select(
                GameRecord.id,
                GameRecord.status,
                GameRecord.finished_at,
                GameRecord.players,
                GameSummary.moves,
                GameSummary.duration_s,
                GameSummary.top_score,
                GameSummary.margin,
                GameSummary.bot_finished,
                GameSummary.rated,
            )
            .outerjoin(GameSummary, GameSummary.game_id == GameRecord.id)
            .where(GameRecord.id.in_(ids))
        )
    ).all()
    winners: dict[int, list[int]] = {}
    for game_id, seat_no in await session.execute(
        select(FinalScore.game_id, FinalScore.seat_no).where(
            FinalScore.game_id.in_(ids), FinalScore.rank == 1
        )
    ):
        winners.setdefault(game_id, []).append(seat_no)
    return {
        r.id: GameLine(
            r.id,
            r.status,
            _or_none(r.finished_at),
            names := _names(r.players),
            [names[s] for s in sorted(winners.get(r.id, [])) if s < len(names)],
            r.moves,
            r.duration_s,
            r.top_score,
            r.margin,
            bool(r.bot_finished),
            bool(r.rated),
        )
        for r in rows
    }


def _names(players: Any) -> list[str]:
    """Returns the names seated in a game, as stored with it (user text: templates escape)."""
    if not isinstance(players, Sequence):
        return []
    return [str(p.get("name", "?")) if isinstance(p, dict) else "?" for p in players]


def _or_none(moment: datetime | None) -> datetime | None:
    return None if moment is None else aware(moment)
