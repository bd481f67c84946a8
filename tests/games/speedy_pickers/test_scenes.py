"""Scenes: each seat's own picture, passed left each turn, never the same scene twice."""

from __future__ import annotations

import pytest

from app.games.core import Picture, Rng
from app.games.speedy_pickers import GAME
from app.games.speedy_pickers.scenes import pass_left
from tests.games.speedy_pickers.tables import ready_all, start, time_up, turn_over


def _play_turns(players: int, turns: int) -> list[tuple[int, ...]]:
    """Returns each turn's scenes by seat, timing every search out."""
    state = start(players)
    seen = []
    for _turn in range(turns):
        seen.append(tuple(player.scene for player in state.seats))
        state = turn_over(state)
        if GAME.result(state) is None:
            state = ready_all(state)
    assert GAME.result(state) is not None
    return seen


def test_scenes_pass_to_the_left_neighbour() -> None:
    turns = _play_turns(6, 5)
    for before, after in zip(turns, turns[1:], strict=False):
        assert all(after[(seat + 1) % 6] == before[seat] for seat in range(6))


@pytest.mark.parametrize("players", range(2, 7))
def test_nobody_plays_the_same_scene_twice_and_no_two_seats_share_one(players: int) -> None:
    turns = _play_turns(players, 5)
    for seat in range(players):
        assert len({turn[seat] for turn in turns}) == 5
    for turn in turns:
        assert len(set(turn)) == players


def test_a_scene_coming_back_is_swapped_for_a_new_one() -> None:
    played = ((0, 1), (1, 0))  # two players after two turns: passing would give back their own
    passed, _rng = pass_left(played, Rng.from_seed(3))
    assert all(scene not in mine for scene, mine in zip(passed, played, strict=True))
    assert len(set(passed)) == 2


def test_each_seat_may_fetch_its_own_scene_only_while_the_search_runs() -> None:
    state = start(3)
    picture = GAME.pictures(state, 1)["scene"]
    player = state.player(1)
    assert picture == Picture(
        "speedy_pickers.scene", (state.scene_seed, player.scene, False, None, False), 1600, 1000
    )
    assert GAME.pictures(state, None) == {}
    assert GAME.pictures(time_up(state), 1) == {}


def test_the_scene_seed_comes_from_the_game_seed() -> None:
    assert start(3, seed=4).scene_seed == start(3, seed=4).scene_seed
    assert start(3, seed=4).scene_seed != start(3, seed=5).scene_seed
