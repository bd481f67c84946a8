"""Setup: shuffled decks, 5 secret game cards each, the optional 3 materials, a random first."""

from __future__ import annotations

import pytest

from app.games.for20 import GAME
from app.games.for20.state import Phase

from .test_playouts import cards_everywhere


@pytest.mark.parametrize("players", range(2, 7))
def test_five_game_cards_each_and_the_first_turn_drawn(players: int) -> None:
    state = GAME.setup(players, {}, seed=players)
    assert state.phase is Phase.MAIN and state.seat == state.first and state.turn == 1
    for seat, board in enumerate(state.boards):
        drew = seat == state.first  # OP 01-02 for the first turn
        assert len(board.hand) == 5 + drew and len(board.reserve) == int(drew)
    assert len(state.game_deck) == 60 - 5 * players - 1
    assert cards_everywhere(state) == list(range(120))


def test_optional_three_face_up_materials_per_reserve() -> None:
    state = GAME.setup(4, {"starting_materials": True}, seed=2)
    assert [len(board.reserve) for board in state.boards] == [
        3 + (seat == state.first) for seat in range(4)
    ]
    assert len(state.material_deck) == 60 - 12 - 1


def test_the_first_player_comes_from_the_seed() -> None:
    firsts = {GAME.setup(6, {}, seed=seed).first for seed in range(40)}
    assert firsts == set(range(6))
    assert GAME.setup(3, {}, seed=9) == GAME.setup(3, {}, seed=9)


def test_two_to_six_players() -> None:
    assert (GAME.id, GAME.name, GAME.min_players, GAME.max_players) == (
        "for20",
        "For20 Cards",
        2,
        6,
    )
    with pytest.raises(ValueError):
        GAME.setup(7, {}, seed=1)
    assert {option.key for option in GAME.options} == {"starting_materials", "window_seconds"}
    assert GAME.validate_options({}) == {"starting_materials": False, "window_seconds": 8}
