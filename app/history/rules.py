"""Which finished games count for ratings, and what a game's summary says: pure rules.

The rule for games finished by bots (chosen; docs/history.md says why): a person's seat was
played by a bot for them when any of its moves was made because the seat was handed to a bot
or freed (stand-in "host" or "open"), when it ended the game still in a bot's hands, or when
stand-ins made more than a quarter of its moves for any reason (the person was away, or out
of time). One such seat keeps the whole game out of ratings: the others' ranks against a bot
playing for someone say little about the people.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

# Stand-in reasons that mean the person left the seat for good (app/rooms/live.py).
LEFT = frozenset({"host", "open"})
# More than this share of a seat's moves made by stand-ins marks it played by a bot.
STAND_IN_SHARE = 0.25


@dataclass(frozen=True, slots=True)
class EndedSeat:
    """A seat of a finished game: who ended in it, how it scored, who made its moves."""

    seat_no: int
    person_id: int | None
    score: int
    rank: int  # 1 is the winner; equal ranks share a place
    moves: int = 0
    stood_in: int = 0  # moves a stand-in bot made for the seat's person
    left: int = 0  # of those, moves made after the seat was handed over or freed
    stand_in_at_end: bool = False  # the seat ended the game in a stand-in's hands


@dataclass(frozen=True, slots=True)
class EndedGame:
    """What a finished game's summary and rating are made from."""

    game_id: int
    game_type: str
    started_at: datetime
    finished_at: datetime
    moves: int
    seats: tuple[EndedSeat, ...]


@dataclass(frozen=True, slots=True)
class Summary:
    game_id: int
    game_type: str
    finished_at: datetime
    moves: int
    duration_s: float
    top_score: int
    margin: int | None
    bot_finished: bool
    rated: bool


def played_by_bot(seat: EndedSeat) -> bool:
    """Returns whether a stand-in bot played this seat for its person (the module's rule)."""
    if seat.left or seat.stand_in_at_end:
        return True
    return seat.moves > 0 and seat.stood_in / seat.moves > STAND_IN_SHARE


def rated_people(game: EndedGame) -> dict[int, int]:
    """Returns each person's rank in a game that counts for ratings; empty if it does not."""
    if any(played_by_bot(seat) for seat in game.seats):
        return {}
    people = {seat.person_id: seat.rank for seat in game.seats if seat.person_id is not None}
    seated = sum(1 for seat in game.seats if seat.person_id is not None)
    if len(people) < 2 or len(people) != seated:  # one person at two seats: not a contest
        return {}
    return people


def summarize(game: EndedGame) -> Summary:
    """Returns the game's summary: its length, best score, winning margin and whether it
    counts for ratings."""
    scores = sorted((seat.score for seat in game.seats), reverse=True)
    return Summary(
        game.game_id,
        game.game_type,
        game.finished_at,
        game.moves,
        max(0.0, (game.finished_at - game.started_at).total_seconds()),
        scores[0] if scores else 0,
        scores[0] - scores[1] if len(scores) > 1 else None,
        any(played_by_bot(seat) for seat in game.seats),
        bool(rated_people(game)),
    )


def ordered(games: Sequence[EndedGame]) -> list[EndedGame]:
    """Returns games in the order their ends were recorded (ratings depend on it)."""
    return sorted(games, key=lambda game: (game.finished_at, game.game_id))


@dataclass(frozen=True, slots=True)
class Tallied:
    """What one finished game adds to a person's tally at its kind."""

    person_id: int
    game_type: str
    won: bool
    score: int


@dataclass(frozen=True, slots=True)
class Met:
    """What one finished game adds to how a person fared against another in it."""

    person_id: int
    rival_id: int
    ahead: bool
    behind: bool


def tallied(game: EndedGame) -> list[Tallied]:
    """Returns each person's part in a finished game, rated or not: they played it."""
    return [
        Tallied(person, game.game_type, seat.rank == 1, seat.score)
        for person, seat in _people_seats(game).items()
    ]


def met(game: EndedGame) -> list[Met]:
    """Returns every ordered pair of people in a finished game and who finished above."""
    seats = _people_seats(game)
    return [
        Met(me, them, mine.rank < theirs.rank, mine.rank > theirs.rank)
        for me, mine in seats.items()
        for them, theirs in seats.items()
        if me != them
    ]


def _people_seats(game: EndedGame) -> dict[int, EndedSeat]:
    """Returns the seat of each person (the first, should one sit at two)."""
    seats: dict[int, EndedSeat] = {}
    for seat in game.seats:
        if seat.person_id is not None:
            seats.setdefault(seat.person_id, seat)
    return seats
