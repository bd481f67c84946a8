"""A game with undos replays on its page: the moment after an undo is the moment before the
move it took back, and the log says who took back a move."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.games.core import Refusal
from app.games.core.undo import Undo
from app.games.registry import GAMES
from app.rooms.replays import Recording, rebuild
from tests.games.core.test_undo_playouts import playout_with_undos
from tests.support.replays import Served, served, store_game


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path) as serving:
        yield serving


async def test_a_replay_shows_each_undo_and_the_table_from_before_the_move(app: Served) -> None:
    game = GAMES["four-pints"]
    undos, log, final = playout_with_undos(game, 2)
    assert undos > 0
    players = 3
    stored = await store_game(app.store, game, players, 2, played=(log, final))
    page = (await app.client.get(stored.page, params={"view": "all"})).text
    assert page.count("took back a move.") == undos
    options = game.validate_options({})
    assert not isinstance(options, Refusal)
    seats = tuple({"name": f"P{n}", "person_id": n + 1} for n in range(players))
    recorded = Recording(game.id, 2, options, seats, game.rules_version, None, tuple(log), True)
    timeline = rebuild(game, recorded)
    assert timeline.states[-1] == final
    # The first undo takes back the move just before it: its moment is the one before that.
    first = next(n for n, (_seat, action) in enumerate(log, 1) if action == Undo().to_json())
    assert timeline.states[first] is timeline.states[first - 2]
    before = await app.client.get(f"{stored.page}/at/{first - 2}", params={"view": "0"})
    after = await app.client.get(f"{stored.page}/at/{first}", params={"view": "0"})
    assert before.status_code == after.status_code == 200
    assert before.text == after.text
