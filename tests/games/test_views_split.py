"""Every registered game's view is its public parts plus the viewer's private ones and moves,
and the public parts really are the same for every viewer (the server computes them once per
state)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games.core import Game, Refusal
from app.games.registry import GAMES


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
def test_view_is_public_plus_private(game: Game[Any]) -> None:
    rng = random.Random(5)
    players = game.max_players
    state = game.setup(players, {}, 9)
    for _step in range(120):
        public = game.public_view(state)
        for viewer in [*range(players), None]:
            private = game.private_view(state, viewer)
            assert not public.keys() & private.keys()
            moves = {game.moves_part: game.moves_view(state, viewer)}
            assert game.moves_part not in private
            assert game.view(state, viewer) == {**public, **private, **moves}
        active = game.active_seats(state)
        if not active:
            break
        seat = min(active)
        applied = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert not isinstance(applied, Refusal)
        state = applied.state
