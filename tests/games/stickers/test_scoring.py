"""Final scoring: majorities by rarity (ties, two players), stars, and the tie-break."""

from __future__ import annotations

from app.games.stickers.board import LEVELS, NEIGHBOUR_PAIRS, SPACE_LEVELS, level_of
from app.games.stickers.cards import Category
from app.games.stickers.scoring import final_result, placements, scores
from app.games.stickers.state import Phase
from tests.games.stickers.tables import (
    ONE_STAR_ROWS,
    PLAIN_ROWS,
    TWO_STAR_ROW,
    cards,
    column,
    table,
)

C = Category
BORI, OLIVER, BENCE, ROBI = range(4)
RULER = list(C).index(C.RULER_LORD)
# Ruler-lord on the first epic space (1).
BOARD = (
    C.SPACE_MOUSE,
    C.RULER_LORD,
    C.VLAD_PIGLET,
    C.MAGIC_BUNNY,
    C.CUBE_OSAURUS,
    C.ROBO_KITTEN,
    C.DISCO_OCTOPUS,
    C.CACTUS_KNIGHT,
    C.GHOST_DUCKLING,
)


def test_the_rulebook_example_4_2_2_1_scores_11_8_8_0() -> None:
    state = table(
        board=BOARD,  # Ruler-lord on an epic space: 11 for the most, 8 for the second most
        albums={
            BORI: (column(*cards(C.RULER_LORD, 2, 3, 10, 1)),),
            OLIVER: (column(*cards(C.RULER_LORD, 0, 8)),),
            BENCE: (column(*cards(C.RULER_LORD, 4, 5)),),
            ROBI: (column(*cards(C.RULER_LORD, 6)),),
        },
    )
    ruler_points = tuple(score.majority[RULER] for score in scores(state))
    assert ruler_points == (11, 8, 8, 0)


def test_placements_follow_the_tie_rule() -> None:
    assert placements((4, 2, 2, 1), 11, 8, 4) == (11, 8, 8, 0)
    assert placements((3, 3, 1, 0), 11, 8, 4) == (11, 11, 0, 0)  # no second after a tie
    assert placements((5, 2, 1, 0), 11, 8, 4) == (11, 8, 0, 0)
    assert placements((0, 0, 0, 0), 11, 8, 4) == (0, 0, 0, 0)
    assert placements((2, 0, 0), 11, 8, 3) == (11, 0, 0)  # nothing collected, nothing placed


def test_with_two_players_only_the_most_scores() -> None:
    assert placements((4, 2), 11, 8, 2) == (11, 0)
    assert placements((3, 3), 11, 8, 2) == (11, 11)


def test_stars_count_one_point_each() -> None:
    two_stars = cards(C.GHOST_DUCKLING, TWO_STAR_ROW)
    ones = cards(C.CACTUS_KNIGHT, *ONE_STAR_ROWS)
    state = table(players=2, albums={0: (column(*two_stars), column(*ones))})
    assert scores(state)[0].stars == 5
    assert scores(state)[1].stars == 0


def test_a_tie_in_points_goes_to_the_most_cards_of_the_rarest_category() -> None:
    legendary, epic = BOARD[0], BOARD[1]
    state = table(
        players=2,
        board=BOARD,
        phase=Phase.OVER,
        albums={
            0: (column(*cards(legendary, *PLAIN_ROWS)),),  # 15 points
            1: (column(*cards(epic, 4, 5, TWO_STAR_ROW)),),  # 11 points and 4 stars
        },
    )
    result = final_result(state)
    assert result.scores == (LEVELS[0].first, 15)
    assert result.ranks == (1, 2)


def test_a_tie_in_points_and_cards_is_shared() -> None:
    state = table(
        players=2,
        board=BOARD,
        phase=Phase.OVER,
        albums={0: (column(*cards(BOARD[0], 2)),), 1: (column(*cards(BOARD[0], 3)),)},
    )
    assert final_result(state).ranks == (1, 1)


def test_the_board_has_five_levels_and_nine_spaces_legendary_first() -> None:
    assert len(SPACE_LEVELS) == 9 and SPACE_LEVELS[0] == 0
    assert [level.spaces for level in LEVELS] == [1, 2, 2, 2, 2]
    assert level_of(1).first == 11 and level_of(1).second == 8  # the example's values
    assert all(first > second > 0 for first, second in ((lv.first, lv.second) for lv in LEVELS))
    assert all(abs(SPACE_LEVELS[a] - SPACE_LEVELS[b]) == 1 for a, b in NEIGHBOUR_PAIRS)


def test_the_result_ranks_by_points_and_carries_the_deck() -> None:
    state = table(
        players=3,
        board=BOARD,
        phase=Phase.OVER,
        albums={2: (column(*cards(BOARD[0], *PLAIN_ROWS)),)},
    )
    result = final_result(state)
    assert result.scores == (0, 0, LEVELS[0].first)
    assert result.ranks[2] == 1 and result.winners == (2,)
    assert result.carry == state.deck.to_carry()
