"""Writing finished games' summaries and ratings: once per game at its end, or all again.

`record_end` runs in the transaction that closes a game (app/rooms/action_log.py) and does
nothing for a game it has seen (its summary is the mark), so a retried end cannot rate a game
twice. `rebuild` recomputes every summary and rating from the stored games in the order their
ends were recorded, the same rules in the same order, for after an import or a rules change.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, case, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from app.db.models import (
    ActionRow,
    FinalScore,
    GameRecord,
    GameSummary,
    PersonTally,
    Rating,
    Rivalry,
)
from app.history.ratings import Skill, initial, rate
from app.history.rules import (
    LEFT,
    EndedGame,
    EndedSeat,
    met,
    ordered,
    rated_people,
    summarize,
    tallied,
)

_CHUNK = 1000  # games read at once by the rebuild


def record_end(conn: Connection, game_id: int) -> bool:
    """Writes a finished game's summary, adds it to its people's tallies and rivalries and,
    if it counts, updates their ratings; returns False (writing nothing) if the game is not
    finished or was recorded already."""
    seen = conn.execute(select(GameSummary.game_id).where(GameSummary.game_id == game_id))
    if seen.first() is not None:
        return False
    games = load_ended(conn, [game_id])
    if not games:
        return False
    game = games[0]
    conn.execute(insert(GameSummary).values(dataclasses.asdict(summarize(game))))
    counts = Counts()
    counts.add(game)
    _add_counts(conn, counts)
    ranks = rated_people(game)
    if ranks:
        before = _ratings(conn, game.game_type, ranks)
        after = rate({p: skill for p, (skill, _n) in before.items()}, ranks)
        _write_ratings(conn, game.game_type, before, after)
    return True


def rebuild(conn: Connection) -> int:
    """Recomputes every finished game's summary, every tally, rivalry and rating; returns the
    games seen."""
    for model in (Rating, Rivalry, PersonTally, GameSummary):
        conn.execute(delete(model))
    counts = Counts()
    ids = (
        conn.execute(
            select(GameRecord.id)
            .where(GameRecord.status == "finished", GameRecord.finished_at.is_not(None))
            .order_by(GameRecord.finished_at, GameRecord.id)
        )
        .scalars()
        .all()
    )
    skills: dict[tuple[str, int], tuple[Skill, int]] = {}
    seen = 0
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start : start + _CHUNK]
        games = ordered(load_ended(conn, chunk))
        conn.execute(insert(GameSummary), [dataclasses.asdict(summarize(g)) for g in games])
        for game in games:
            _rate_in_memory(skills, game)
            counts.add(game)
        seen += len(games)
    rows = [_rating_row(kind, person, skill, n) for (kind, person), (skill, n) in skills.items()]
    for model, table in ((Rating, rows), *counts.tables()):
        if table:
            conn.execute(insert(model), table)
    return seen


class Counts:
    """Tallies and rivalries added up over games, as rows of their tables."""

    def __init__(self) -> None:
        self.tallies: dict[tuple[int, str], list[int]] = {}
        self.rivalries: dict[tuple[int, int], list[int]] = {}

    def add(self, game: EndedGame) -> None:
        for t in tallied(game):
            played, wins, total, best = self.tallies.get(
                (t.person_id, t.game_type), (0, 0, 0, t.score)
            )
            self.tallies[(t.person_id, t.game_type)] = [
                played + 1,
                wins + t.won,
                total + t.score,
                max(best, t.score),
            ]
        for m in met(game):
            games, ahead, behind = self.rivalries.get((m.person_id, m.rival_id), (0, 0, 0))
            self.rivalries[(m.person_id, m.rival_id)] = [
                games + 1,
                ahead + m.ahead,
                behind + m.behind,
            ]

    def tables(self) -> list[tuple[type[PersonTally] | type[Rivalry], list[dict[str, Any]]]]:
        tallies = [
            {"person_id": p, "game_type": k, "played": n, "wins": w, "score_sum": s, "best": b}
            for (p, k), (n, w, s, b) in self.tallies.items()
        ]
        rivalries = [
            {"person_id": p, "rival_id": r, "games": n, "ahead": a, "behind": b}
            for (p, r), (n, a, b) in self.rivalries.items()
        ]
        return [(PersonTally, tallies), (Rivalry, rivalries)]


def _add_counts(conn: Connection, counts: Counts) -> None:
    """Adds one game's counts to the stored ones (a row is made on a first meeting)."""
    (_tally, tallies), (_rivalry, rivalries) = counts.tables()
    _add_up(conn, PersonTally, tallies, ("person_id", "game_type"), ("played", "wins", "score_sum"))
    _add_up(conn, Rivalry, rivalries, ("person_id", "rival_id"), ("games", "ahead", "behind"))


def _add_up(
    conn: Connection,
    model: type[PersonTally] | type[Rivalry],
    rows: list[dict[str, Any]],
    keys: tuple[str, ...],
    sums: tuple[str, ...],
) -> None:
    """Inserts rows, or adds their `sums` to the rows already there (and keeps the higher
    `best`, for a table that has one)."""
    if not rows:
        return
    upsert = postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert
    into = upsert(model).values(rows)
    stored = model.__table__.c
    new = into.excluded
    changes: dict[str, Any] = {column: stored[column] + new[column] for column in sums}
    if "best" in stored:
        changes["best"] = case((new.best > stored.best, new.best), else_=stored.best)
    conn.execute(into.on_conflict_do_update(index_elements=list(keys), set_=changes))


def load_ended(conn: Connection, game_ids: Sequence[int]) -> list[EndedGame]:
    """Returns the finished games among `game_ids` with their seats' scores and moves."""
    records = conn.execute(
        select(
            GameRecord.id,
            GameRecord.game_type,
            GameRecord.started_at,
            GameRecord.finished_at,
            GameRecord.players,
        ).where(
            GameRecord.id.in_(game_ids),
            GameRecord.status == "finished",
            GameRecord.finished_at.is_not(None),
        )
    ).all()
    if not records:
        return []
    found = [record.id for record in records]
    scores = conn.execute(
        select(
            FinalScore.game_id,
            FinalScore.seat_no,
            FinalScore.person_id,
            FinalScore.score,
            FinalScore.rank,
        )
        .where(FinalScore.game_id.in_(found))
        .order_by(FinalScore.game_id, FinalScore.seat_no)
    ).all()
    moves = _moves(conn, found)
    by_game: dict[int, list[Any]] = {}
    for row in scores:
        by_game.setdefault(row.game_id, []).append(row)
    made: dict[int, int] = {}
    for (game, _log_seat), counts in moves.items():
        made[game] = made.get(game, 0) + counts[0]
    return [
        EndedGame(
            r.id,
            r.game_type,
            aware(r.started_at),
            aware(r.finished_at),
            made.get(r.id, 0),
            tuple(_seat(s, moves, r.players) for s in by_game.get(r.id, [])),
        )
        for r in records
    ]


def _moves(conn: Connection, game_ids: Sequence[int]) -> dict[tuple[int, int], tuple[int, ...]]:
    """Returns (moves, moves by a stand-in, moves by one after the seat was left) per game
    and log seat."""
    left = func.sum(case((ActionRow.stand_in.in_(LEFT), 1), else_=0))
    rows = conn.execute(
        select(
            ActionRow.game_id,
            ActionRow.seat,
            func.count(),
            func.count(ActionRow.stand_in),
            left,
        )
        .where(ActionRow.game_id.in_(game_ids))
        .group_by(ActionRow.game_id, ActionRow.seat)
    ).all()
    return {(row[0], row[1]): (int(row[2]), int(row[3]), int(row[4] or 0)) for row in rows}


def _seat(row: Any, moves: Mapping[tuple[int, int], tuple[int, ...]], players: Any) -> EndedSeat:
    made, stood_in, left = moves.get((row.game_id, row.seat_no), (0, 0, 0))
    player = (
        players[row.seat_no] if isinstance(players, list) and row.seat_no < len(players) else {}
    )
    at_end = isinstance(player, dict) and player.get("stand_in") is not None
    return EndedSeat(row.seat_no, row.person_id, row.score, row.rank, made, stood_in, left, at_end)


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive UTC datetimes."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _ratings(
    conn: Connection, game_type: str, people: Iterable[int]
) -> dict[int, tuple[Skill, int]]:
    """Returns the people's ratings at a game with their rated games, locked until the
    transaction ends (on PostgreSQL) so two servers cannot update one from the same value."""
    rows = conn.execute(
        select(Rating.person_id, Rating.mu, Rating.sigma, Rating.games)
        .where(Rating.game_type == game_type, Rating.person_id.in_(list(people)))
        .with_for_update()
    )
    return {row.person_id: (Skill(row.mu, row.sigma), row.games) for row in rows}


def _write_ratings(
    conn: Connection,
    game_type: str,
    before: Mapping[int, tuple[Skill, int]],
    after: Mapping[int, Skill],
) -> None:
    for person, skill in after.items():
        if person in before:
            conn.execute(
                update(Rating)
                .where(Rating.game_type == game_type, Rating.person_id == person)
                .values(
                    mu=skill.mu, sigma=skill.sigma, ordinal=skill.ordinal, games=Rating.games + 1
                )
            )
        else:
            conn.execute(insert(Rating).values(_rating_row(game_type, person, skill, 1)))


def _rate_in_memory(skills: dict[tuple[str, int], tuple[Skill, int]], game: EndedGame) -> None:
    ranks = rated_people(game)
    if not ranks:
        return
    before = {p: skills.get((game.game_type, p), (initial(), 0)) for p in ranks}
    after = rate({p: skill for p, (skill, _n) in before.items()}, ranks)
    for person, skill in after.items():
        skills[(game.game_type, person)] = (skill, before[person][1] + 1)


def _rating_row(game_type: str, person: int, skill: Skill, games: int) -> dict[str, Any]:
    return {
        "game_type": game_type,
        "person_id": person,
        "mu": skill.mu,
        "sigma": skill.sigma,
        "ordinal": skill.ordinal,
        "games": games,
    }
