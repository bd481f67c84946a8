"""Scoring of hand-worked boards: stars × runs, section bonuses, diversity, shared ranks."""

from __future__ import annotations

from dataclasses import replace

from app.games.core import Result
from app.games.stellar import GAME
from app.games.stellar.cards import Suit
from app.games.stellar.scoring import breakdowns
from app.games.stellar.state import Board, Phase
from app.games.stellar.views import ScoreLineView, SectionScoreView, SuitScoreView

from .tables import Cards, note, scope, table

P, M, C, A, B = Suit.PLANET, Suit.MOON, Suit.CLOUD, Suit.ASTEROID, Suit.BLACK_HOLE


def _boards() -> tuple[Board, Board]:
    """Returns the two boards worked out by hand below."""
    cards = Cards()
    sat_a, sat_b, sat_c = cards.satellite(), cards.satellite(), cards.satellite()
    # Board A. Telescope (value, stars):
    #   top     0 Planet 1 ★★★   1 Planet 2 ★★   2 Moon 1 ★★★   3 Cloud 3 ★ (start)  4 Asteroid 2 ★★
    #   middle  5 Black Hole 4 ★   6 Satellite (2)   7 Planet 6/0 (6)
    #   bottom  8 face down (a Moon 5: 3)  9 Asteroid 5  10 Cloud 4 ★  11 Black Hole 5
    telescope_a = scope(
        {
            0: cards.card(P, 1, 3),
            1: cards.card(P, 2, 2),
            2: cards.card(M, 1, 3),
            3: cards.starting(C),
            4: cards.card(A, 2, 2),
            5: cards.card(B, 4, 1),
            6: sat_a,
            7: cards.six_zero(P),
            8: cards.card(M, 5),
            9: cards.card(A, 5),
            10: cards.card(C, 4, 1),
            11: cards.card(B, 5),
        },
        face_down=frozenset({8}),
    )
    # Notebook A: Planet 3 4 4 5; Moon 2 4; Cloud 1 3 + Satellite (2); Black Hole 4 5 6/0.
    notebook_a = note(
        cards.card(P, 3, 1),
        cards.card(P, 4, 1),
        cards.card(P, 4, 0),
        cards.card(P, 5),
        cards.card(M, 2, 2),
        cards.card(M, 4, 1),
        cards.card(C, 1, 3),
        cards.card(C, 3, 1),
        sat_b,
        cards.card(B, 4, 0),
        cards.card(B, 5),
        cards.six_zero(B),
        stacks={sat_b.id: C},
    )
    # Board B. Telescope:
    #   top     0 Planet 3 ★ (start)  1 Moon 2 ★  2 Cloud 5  3 Cloud 2 ★★  4 Asteroid 1 ★★★
    #   middle  5 Moon 6/0 (6)  6 Asteroid 4 ★  7 Black Hole 1 ★★★
    #   bottom  8 Planet 5  9 face down (a Cloud 1 ★★: 3)  10 Asteroid 3 ★  11 Moon 5
    telescope_b = scope(
        {
            0: cards.starting(P),
            1: cards.card(M, 2, 1),
            2: cards.card(C, 5),
            3: cards.card(C, 2, 2),
            4: cards.card(A, 1, 3),
            5: cards.six_zero(M),
            6: cards.card(A, 4, 1),
            7: cards.card(B, 1, 3),
            8: cards.card(P, 5),
            9: cards.card(C, 1, 2),
            10: cards.card(A, 3, 1),
            11: cards.card(M, 5),
        },
        face_down=frozenset({9}),
    )
    # Notebook B: Asteroid 2 3 4 5 + 6/0 set to 0; Black Hole 1 2; Planet 1; Moon 1 3 + Satellite.
    six_zero = cards.six_zero(A)
    notebook_b = note(
        cards.card(A, 2, 1),
        cards.starting(A),
        cards.card(A, 4, 0),
        cards.card(A, 5),
        six_zero,
        cards.card(B, 1, 2),
        cards.card(B, 2, 2),
        cards.card(P, 1, 2),
        cards.card(M, 1, 2),
        cards.card(M, 3, 1),
        sat_c,
        stacks={sat_c.id: M},
    )
    notebook_b = tuple(
        replace(entry, chosen=0) if entry.card == six_zero else entry for entry in notebook_b
    )
    return Board(telescope=telescope_a, notebook=notebook_a), Board(
        telescope=telescope_b, notebook=notebook_b
    )


def test_stars_times_longest_run_per_suit() -> None:
    a, b = breakdowns(_boards())
    # A: Planet 3+2 (the 6/0 has none) = 5 stars × run 3-4-5 (a copy adds nothing) = 15
    #    Black Hole 1 × run 4-5-6 (the 6/0 counts 6, its best) = 3
    #    Cloud 1+1 = 2 × run 1-2-3 (the satellite is the 2) = 6
    #    Asteroid 2 × no notebook cards = 0
    #    Moon 3 (the face-down Moon counts nothing) × run 1 (2 and 4 are apart) = 3   together 27
    assert [(s.suit, s.stars, s.run, s.points) for s in a.suits] == [
        (P, 5, 3, 15),
        (B, 1, 3, 3),
        (C, 2, 3, 6),
        (A, 2, 0, 0),
        (M, 3, 1, 3),
    ]
    # B: Planet 1 × run 1 = 1;  Black Hole 3 × run 1-2 = 6;  Cloud 2 × 0 = 0
    #    Asteroid 3+1+1 = 5 × run 2-3-4-5 (the 6/0 was set to 0: 0 is not next to 2) = 20
    #    Moon 1 × run 1-2-3 (satellite as 2) = 3                                together 30
    assert [(s.suit, s.stars, s.run, s.points) for s in b.suits] == [
        (P, 1, 1, 1),
        (B, 3, 2, 6),
        (C, 2, 0, 0),
        (A, 5, 4, 20),
        (M, 1, 3, 3),
    ]


def test_section_bonus_to_the_higher_sum() -> None:
    a, b = breakdowns(_boards())
    # Top:    A 1+2+1+3+2 = 9     B 3+2+5+2+1 = 13  -> B
    # Middle: A 4+2+6 = 12        B 6+4+1 = 11      -> A (satellite 2, 6/0 counts 6)
    # Bottom: A 3+5+4+5 = 17      B 5+3+3+5 = 16    -> A (face-down cards count 3)
    assert [(s.total, s.bonus) for s in a.sections] == [(9, 0), (12, 10), (17, 10)]
    assert [(s.total, s.bonus) for s in b.sections] == [(13, 10), (11, 0), (16, 0)]


def test_diversity_and_totals() -> None:
    a, b = breakdowns(_boards())
    # Both show all five suits face up: +10 each.
    # A: 27 + 20 + 10 = 57        B: 30 + 10 + 10 = 50
    assert (a.diversity, b.diversity) == (10, 10)
    assert (a.total, b.total) == (57, 50)
    over = table(phase=Phase.OVER, round=11, boards=_boards())
    assert GAME.result(over) == Result(scores=(57, 50), ranks=(1, 2), rounds=((57, 50),))


def test_scores_view_shows_the_same_breakdown() -> None:
    state = table(boards=_boards())
    line = GAME.view(state, None)["scores"].players[1]
    assert isinstance(line, ScoreLineView) and line.total == 50
    assert line.suits[3] == SuitScoreView("asteroid", "Asteroid", 5, 4, 20)
    assert line.sections[0] == SectionScoreView("top", "Top", 13, 10)
    assert GAME.view(state, None)["scores"].ranks is None


def test_diversity_ignores_face_down_cards_and_satellites() -> None:
    cards = Cards()
    # Four suits face up, the fifth only face down, plus a satellite: no bonus.
    telescope = scope(
        {
            0: cards.card(P, 1),
            1: cards.card(M, 1),
            2: cards.card(C, 1),
            3: cards.card(A, 1),
            4: cards.card(B, 1),
            5: cards.satellite(),
        },
        face_down=frozenset({4}),
    )
    (board,) = breakdowns((Board(telescope=telescope),))
    assert board.diversity == 0


def test_tied_section_gives_nobody_the_bonus_and_a_tied_total_shares_the_rank() -> None:
    cards = Cards()
    # Both: a 4 in the middle, nothing else: 0 + 0 + 0 points each, ranks shared.
    one = Board(telescope=scope({6: cards.card(P, 4)}))
    two = Board(telescope=scope({5: cards.card(M, 4)}))
    assert [s.bonus for s in breakdowns((one, two))[0].sections] == [0, 0, 0]
    over = table(phase=Phase.OVER, round=11, boards=(one, two))
    result = GAME.result(over)
    assert result is not None and result.ranks == (1, 1) and result.winners == (0, 1)


def test_no_result_before_the_end() -> None:
    assert GAME.result(GAME.setup(2, {}, 1)) is None
