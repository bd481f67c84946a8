"""Showing a move leaves no garbage cycles: a render unlinks its context from the macros it
made (app/web/render.py), or each move's views live until the collector finds them."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from app.games.registry import GAMES
from bench.broadcast import PLAYERS, run

# Before the unlinking, each move of these games left 46-230 objects in cycles; after, 3-10,
# mostly once-only (a template's first load, a finished game's log).
_MOST_PER_MOVE = 20


@pytest.fixture
def saved_garbage() -> Iterator[list[object]]:
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_showing_moves_leaves_few_objects_in_cycles(
    game_id: str, saved_garbage: list[object]
) -> None:
    result = run(GAMES[game_id], 200, PLAYERS[game_id], 1, 3)
    gc.collect()
    per_move = len(saved_garbage) / result["moves"]
    kinds = sorted({type(o).__name__ for o in saved_garbage})
    assert per_move < _MOST_PER_MOVE, (game_id, round(per_move), kinds[:20])
