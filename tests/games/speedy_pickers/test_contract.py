"""The game contract for a game not (yet) in the registry: the checks `test_views_split.py`
and `test_deal.py` make for registered games, made here for Speedy Pickers in both modes."""

from __future__ import annotations

import random

import pytest

from app.games.core import CLOCK, Applied
from app.games.speedy_pickers import GAME


@pytest.mark.parametrize("mode", ["beginner", "expert"])
def test_view_is_public_plus_private(mode: str) -> None:
    rng = random.Random(5)
    players = GAME.max_players
    state = GAME.setup(players, {"mode": mode}, 9)
    for _step in range(150):
        public = GAME.public_view(state)
        for viewer in [*range(players), None]:
            private = GAME.private_view(state, viewer)
            assert not public.keys() & private.keys()
            moves = {GAME.moves_part: GAME.moves_view(state, viewer)}
            assert GAME.moves_part not in private
            assert GAME.view(state, viewer) == {**public, **private, **moves}
        active = GAME.active_seats(state)
        if not active:
            break
        timer = GAME.timer(state)
        if timer is not None and rng.random() < 0.05:
            applied = GAME.apply(state, CLOCK, timer.action)
        else:
            seat = min(active)
            applied = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert isinstance(applied, Applied)
        state = applied.state


def test_every_legal_action_is_accepted_and_survives_the_codec() -> None:
    state = GAME.setup(4, {"mode": "expert"}, 2)
    for seat in GAME.active_seats(state):
        for action in GAME.legal_actions(state, seat):
            assert GAME.codec.decode(action.to_json()) == action
            assert isinstance(GAME.apply(state, seat, action), Applied)


def test_the_scene_click_names_hit_as_the_field_the_server_fills() -> None:
    from app.games.core import Point

    state = GAME.setup(2, {}, 1)
    points = [choice for choice in GAME.offered(state, 0) if isinstance(choice, Point)]
    assert len(points) == len(state.centre)
    assert {point.image for point in points} == {"scene"}
    assert all(point.hit == "hit" for point in points)
    assert {point.base.tile for point in points} == set(state.centre)  # type: ignore[attr-defined]
    built = points[0].build(10, 20, "soccer_ball")
    assert GAME.codec.decode(built.to_json()) == built


def test_simultaneous_phases_are_keyed_by_turn() -> None:
    state = GAME.setup(2, {}, 1)
    assert GAME.simultaneous(state) == "speedy_pickers:search:1"
