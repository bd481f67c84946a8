"""Setup: the board, the draw pile by player count, the stock, the market, the hands, the first
player, and the cards as chosen."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.stickers import GAME
from app.games.stickers.cards import CARDS, HAT, QUESTION, Category
from app.games.stickers.events import GameStarted, TurnStarted
from app.games.stickers.state import Phase
from tests.games.stickers.tables import everywhere


def test_there_are_108_cards_twelve_per_category() -> None:
    assert len(CARDS) == 108 and [c.id for c in CARDS] == list(range(108))
    assert Counter(c.category for c in CARDS) == dict.fromkeys(Category, 12)


def test_every_category_has_hats_and_a_question_mark_and_some_stars() -> None:
    for category in Category:
        mine = [c for c in CARDS if c.category is category]
        assert sum(c.actions == (HAT,) for c in mine) == 2
        assert sum(c.actions == (QUESTION,) for c in mine) == 1
        assert sum(c.stars for c in mine) == 8
        assert Counter(c.players for c in mine) == {2: 8, 3: 2, 4: 2}


@pytest.mark.parametrize(("players", "in_game"), [(2, 72), (3, 90), (4, 108)])
def test_the_draw_pile_depends_on_the_player_count(players: int, in_game: int) -> None:
    state = GAME.setup(players, {}, 7)
    assert len(state.removed) == 108 - in_game
    assert all(state.card(c).players > players for c in state.removed)
    assert len(state.stock) == 3 * players
    assert len(state.market) == 6
    assert all(len(hand) == 6 for hand in state.hands)
    assert len(state.pile) == in_game - 3 * players - 6 - 6 * players
    assert everywhere(state) == list(range(108))


def test_two_players_play_without_3_plus_and_4_cards_three_without_4_cards() -> None:
    two = GAME.setup(2, {}, 1)
    three = GAME.setup(3, {}, 1)
    assert {two.card(c).players for c in two.removed} == {3, 4}
    assert {three.card(c).players for c in three.removed} == {4}


def test_the_nine_markers_lie_at_random_on_the_board() -> None:
    boards = {GAME.setup(4, {}, seed).board for seed in range(20)}
    assert all(sorted(board) == sorted(Category) for board in boards)
    assert len(boards) > 15


def test_the_first_player_is_who_stuck_a_sticker_last() -> None:
    for first in range(3):
        state = GAME.setup(3, {}, 5, {"first": first})
        assert state.first == first and state.seat == first and state.phase is Phase.TAKE


def test_without_a_sticker_stuck_the_seed_draws_the_first_player() -> None:
    firsts = {GAME.setup(4, {}, seed).first for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.setup(4, {}, 3).first == GAME.setup(4, {}, 3).first


def test_the_deal_logs_the_board_and_the_first_turn() -> None:
    dealt = GAME.deal(2, {}, 4)
    started, turn = dealt.events
    assert isinstance(started, GameStarted) and isinstance(turn, TurnStarted)
    assert started.board == tuple(c.value for c in dealt.state.board)
    assert started.first == turn.seat == dealt.state.first
    lines = [GAME.describe(e, ["Ann", "Bob"]) for e in dealt.events]
    assert all(line and not line.endswith("Started") for line in lines)


def test_player_counts_out_of_range_are_refused() -> None:
    for players in (1, 5):
        with pytest.raises(ValueError):
            GAME.setup(players, {}, 1)
