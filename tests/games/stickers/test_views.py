"""What each viewer sees: the public table, their own hand, nothing of other hands or the piles."""

from __future__ import annotations

import random

from app.games.core import Applied
from app.games.stickers import GAME
from app.games.stickers.actions import Play, Take
from app.games.stickers.cards import Category
from app.games.stickers.views import AlbumView, SpaceView, StatusView
from tests.games.stickers.tables import ONE_STAR_ROWS, PLAIN_ROWS, cards, play, table

C = Category


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = GAME.setup(3, {}, 6)
    for viewer in range(3):
        parts = GAME.view(state, viewer)
        assert tuple(c.id for c in parts["hand"]) == tuple(sorted(state.hands[viewer]))
        assert all(isinstance(album, AlbumView) for album in parts["albums"])
        assert [album.hand for album in parts["albums"]] == [6, 6, 6]
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator[GAME.moves_part] is None


def test_no_part_names_a_card_of_another_hand_or_the_piles() -> None:
    state = GAME.setup(4, {}, 2)
    hidden = set(state.pile) | set(state.stock) | set(state.removed)
    for viewer in (None, 0, 1):
        others = {c for seat, hand in enumerate(state.hands) if seat != viewer for c in hand}
        shown = repr(GAME.public_view(state)) + repr(GAME.private_view(state, viewer))
        for card in hidden | others:
            assert f"CardView(id={card}," not in shown


def test_the_board_shows_every_space_with_its_points() -> None:
    state = GAME.setup(2, {}, 1)
    board = GAME.public_view(state)["board"]
    assert len(board) == 9 and all(isinstance(space, SpaceView) for space in board)
    assert board[0].rarity == "legendary" and board[0].category == state.board[0].value
    assert (board[1].first, board[1].second) == (11, 8)


def test_the_status_shows_what_the_current_player_may_still_carry_out() -> None:
    mice = cards(C.SPACE_MOUSE, 0, *PLAIN_ROWS)  # the Hat Mouse visible, two under it
    market = cards(C.GHOST_DUCKLING, *PLAIN_ROWS, *ONE_STAR_ROWS, 7)
    state = table(players=2, hands={0: mice}, market=market)
    state = play(state, Take(0), Play(mice[0], mice[1:]))
    status = GAME.public_view(state)["status"]
    assert isinstance(status, StatusView)
    assert [(p.kind, p.source.id if p.source else None) for p in status.pending] == [
        ("swap", None),
        ("hat", mice[0]),
    ]
    assert [c.id for c in status.played] == [*mice[1:], mice[0]]


def test_the_scores_appear_once_the_game_is_over() -> None:
    rng = random.Random(1)
    state = GAME.setup(2, {}, 9)
    assert GAME.public_view(state)["scores"] is None
    while GAME.active_seats(state):
        seat = min(GAME.active_seats(state))
        applied = GAME.apply(state, seat, GAME.bots["random"](GAME, state, seat, rng))
        assert isinstance(applied, Applied)
        state = applied.state
    result = GAME.result(state)
    assert result is not None
    assert tuple(s.total for s in GAME.public_view(state)["scores"]) == result.scores


def test_the_status_names_the_winners_once_the_game_is_scored() -> None:
    rng = random.Random(2)
    state = GAME.setup(3, {}, 5)
    while GAME.active_seats(state):
        assert GAME.public_view(state)["status"].winners == ()
        seat = min(GAME.active_seats(state))
        applied = GAME.apply(state, seat, GAME.bots["greedy"](GAME, state, seat, rng))
        assert isinstance(applied, Applied)
        state = applied.state
    result = GAME.result(state)
    assert result is not None and result.winners
    assert GAME.public_view(state)["status"].winners == result.winners


def test_the_moves_part_holds_the_current_players_moves_only() -> None:
    state = GAME.setup(3, {}, 4)
    for viewer in range(3):
        moves = GAME.view(state, viewer)[GAME.moves_part]
        assert (moves is not None) == (viewer == state.seat)
    moves = GAME.view(state, state.seat)[GAME.moves_part]
    assert moves.phase == "take" and moves.prompt == "Choose a card from the market."
