"""Each game in the lobby shows a picture, a one-line pitch, its player count, its typical
length, and links its rules page (the rules as implemented, in the site's layout, safe under
the strict CSP) and its card page."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from app.games.core import Game
from app.games.registry import GAMES
from app.web.emoji import DIRECTORY
from app.web.rules import markdown_html, rules_path
from tests.support.replays import Served, served

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path) as serving:
        yield serving


def card_of(lobby: str, game: Game[Any]) -> str:
    """Returns the lobby's card (its room form) of one game."""
    cards = lobby.split('<form class="game-card"')[1:]
    return next(card for card in cards if f'value="{game.id}"' in card)


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
async def test_each_game_shows_its_picture_pitch_players_length_and_links(
    app: Served, game: Game[Any]
) -> None:
    card = card_of((await app.client.get("/")).text, game)
    assert game.emblem and (DIRECTORY / f"{game.emblem}.svg").is_file()
    assert f'src="/static/emoji/{game.emblem}.svg"' in card
    picture = await app.client.get(f"/static/emoji/{game.emblem}.svg")
    assert picture.status_code == 200 and picture.headers["content-type"].startswith("image/svg")
    assert game.pitch and game.pitch.replace("'", "&#39;") in card
    low, high = game.minutes or (0, 0)
    assert 0 < low < high and f"{low}–{high} minutes" in card
    players = f"{game.min_players}–{game.max_players} players"
    assert (players if game.min_players < game.max_players else "2 players") in card
    assert f'href="/games/{game.id}/rules"' in card and f'href="/games/{game.id}/cards"' in card


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_each_games_length_is_a_chosen_value_with_its_reason(game: Game[Any]) -> None:
    text = rules_path(game.id).read_text()
    section = text.split("## Typical length", 1)[1].split("\n## ", 1)[0]
    low, high = game.minutes or (0, 0)
    assert f"**Chosen: {low}–{high} minutes" in section
    assert "Reason" in section or "because" in section


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
async def test_each_games_rules_page_shows_its_rules_in_the_layout(
    app: Served, game: Game[Any]
) -> None:
    response = await app.client.get(f"/games/{game.id}/rules")
    assert response.status_code == 200
    assert "content-security-policy" in response.headers
    page = response.text
    title = rules_path(game.id).read_text().split("\n", 1)[0].lstrip("# ")
    assert f"<h1>{title}</h1>" in page.replace("&quot;", '"')
    assert 'class="topbar"' in page and "Back to the lobby" in page
    assert "<table>" in page  # its tables are tables
    assert " style=" not in page and "<script>" not in page


def test_rules_markdown_is_shown_as_text_never_as_markup() -> None:
    html = markdown_html(
        "<script>alert(1)</script>\n\n<b onclick=x>bold</b> [link](javascript:alert(1))\n\n"
        "| a | b |\n|---|--:|\n| 1 | 2 |\n"
    )
    assert "<script" not in html and "<b " not in html and "&lt;script&gt;" in html
    assert 'href="javascript' not in html
    assert "style=" not in html and '<td class="align-right">2</td>' in html


def test_readme_says_what_each_games_bots_are_called() -> None:
    readme = (ROOT / "README.md").read_text()
    for game in GAMES.values():
        row = re.search(rf"^\| {re.escape(game.name)} \|(.*)$", readme, re.M)
        assert row, game.name
        for bot in (*game.bots, game.stand_in):
            assert f"`{bot}`" in row.group(1), (game.name, bot)
