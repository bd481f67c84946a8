"""Which seats bots played for their people, and so which games count for ratings."""

from __future__ import annotations

from datetime import UTC, datetime

from app.history.rules import EndedGame, EndedSeat, played_by_bot, rated_people, summarize

AT = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def seat(n: int, person: int | None, score: int, rank: int, **moves: int | bool) -> EndedSeat:
    return EndedSeat(n, person, score, rank, **moves)  # type: ignore[arg-type]


def game(*seats: EndedSeat) -> EndedGame:
    return EndedGame(1, "four-pints", AT, AT.replace(hour=21), 40, seats)


def test_a_seat_handed_to_a_bot_or_freed_was_played_by_a_bot_even_for_one_move() -> None:
    assert played_by_bot(seat(0, 1, 5, 1, moves=20, stood_in=1, left=1))


def test_a_seat_left_in_a_stand_ins_hands_at_the_end_was_played_by_a_bot() -> None:
    assert played_by_bot(seat(0, 1, 5, 1, moves=20, stand_in_at_end=True))


def test_a_few_moves_made_while_away_do_not_count_a_quarter_does() -> None:
    assert not played_by_bot(seat(0, 1, 5, 1, moves=20, stood_in=5))  # exactly a quarter
    assert played_by_bot(seat(0, 1, 5, 1, moves=20, stood_in=6))


def test_one_seat_played_by_a_bot_keeps_the_whole_game_out_of_ratings() -> None:
    ended = game(seat(0, 1, 9, 1, moves=10), seat(1, 2, 5, 2, moves=10, stood_in=1, left=1))
    assert rated_people(ended) == {}
    assert summarize(ended).bot_finished and not summarize(ended).rated


def test_bots_seated_from_the_start_are_left_out_and_the_people_rated() -> None:
    ended = game(seat(0, 1, 9, 2), seat(1, None, 12, 1), seat(2, 2, 3, 3))
    assert rated_people(ended) == {1: 2, 2: 3}


def test_a_game_with_one_person_is_not_rated() -> None:
    assert rated_people(game(seat(0, 1, 9, 1), seat(1, None, 3, 2))) == {}


def test_summary_has_the_length_best_score_and_margin() -> None:
    summary = summarize(game(seat(0, 1, 9, 2), seat(1, 2, 12, 1), seat(2, 3, 9, 2)))
    assert (summary.duration_s, summary.top_score, summary.margin, summary.moves) == (
        3600.0,
        12,
        3,
        40,
    )
