"""`deal` is `setup` plus what the set-up showed: the same state for every registered game,
and events that can be put into words (For20 Cards logs the first player's opening draws)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.core import Event, Game
from app.games.for20 import GAME as FOR20
from app.games.registry import GAMES


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
def test_deal_is_setup_with_its_events(game: Game[Any]) -> None:
    for seed in range(5):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        dealt = game.deal(players, {}, seed)
        assert dealt.state == game.setup(players, {}, seed)
        names = [f"P{n}" for n in range(players)]
        for event in dealt.events:
            assert isinstance(event, Event)
            assert game.describe(event, names) != type(event).__name__


def test_for20_logs_the_opening_draws() -> None:
    lines = [FOR20.describe(e, ["Ann", "Bob"]) for e in FOR20.deal(2, {}, 3).events]
    assert any(line.startswith("OP 01") for line in lines), lines
    assert any(line.startswith("OP 02") for line in lines), lines
