"""A game's player count as the lobby and refusals say it: "2 players" for a game of a
fixed count (Stellar), "2–4 players" for a range; never "2 to 2"."""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.games.registry import GAMES
from tests.rooms.toys import TurnGame, toy_room
from tests.support.replays import Served, served


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path) as serving:
        yield serving


def counts(page: str) -> dict[str, str]:
    """Returns each game card's player count line, by the game's name."""
    card = (
        r'<form class="game-card"[^>]*>\s*<h2>(?:<span class="game-emblem".*?</span> )?([^<]*)'
        r'</h2>\s*(?:<p class="game-pitch">[^<]*</p>\s*)?<p class="muted">([^·<]*)'
    )
    found = re.findall(card, page, re.S)
    return {html.unescape(name): " ".join(count.split()) for name, count in found}


async def test_the_lobby_says_a_fixed_count_once_and_a_range_with_a_dash(app: Served) -> None:
    page = (await app.client.get("/")).text
    shown = counts(page)
    assert shown["Stellar"] == "2 players"
    assert shown["4 Pints"] == "2–4 players"
    assert shown["For20 Cards"] == "2–6 players"
    assert " to " not in "".join(shown.values())
    assert set(shown) >= {game.name for game in GAMES.values()}


class PairGame(TurnGame):
    """The toy turn game, for exactly two."""

    max_players = 2


async def test_starting_short_of_a_fixed_count_names_it_once() -> None:
    live = toy_room(people=1)
    live.game = PairGame()
    refusal = await live.handle(1, {"cmd": "start"})
    assert refusal is not None
    assert refusal.text() == "Turns needs 2 players."
    live.game = TurnGame()
    refusal = await live.handle(1, {"cmd": "start"})
    assert refusal is not None
    assert refusal.text() == "Turns needs 2–3 players."
