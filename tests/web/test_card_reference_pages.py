"""Each game's card reference page: every card with its data, linked from the lobby and from
a room's page; an unknown game has none."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import httpx
import pytest

from app.games.registry import GAMES
from tests.support.server import LiveServer
from tests.support.tabs import join

# The Keg is no deck card; Speedy Pickers' deck is its 100 Transaction cards.
DECK_SIZES = {"for20": 120, "four-pints": 47, "stellar": 60, "speedy_pickers": 100, "stickers": 108}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("cards")
    live = LiveServer(f"sqlite+aiosqlite:///{folder / 'gamenight.db'}", folder).start()
    yield live.url
    live.close()


class _Rows(HTMLParser):
    """Collects the reference's card rows: their copies and the text of each cell."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[int, list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "tr" and found.get("class") == "ref-card":
            self.rows.append((int(found["data-count"] or 0), []))
        elif tag == "td" and self.rows:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None:
            self.rows[-1][1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def card_rows(html: str) -> list[tuple[int, list[str]]]:
    parser = _Rows()
    parser.feed(html)
    return parser.rows


def row_of(html: str, name: str) -> tuple[int, list[str]]:
    """Returns the row whose card (first cell) starts with `name`."""
    return next(row for row in card_rows(html) if row[1][0].startswith(name))


def page(url: str, game_id: str) -> str:
    response = httpx.get(f"{url}/games/{game_id}/cards")
    assert response.status_code == 200, response.text
    return response.text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_game_page_lists_every_card_of_its_decks(url: str, game_id: str) -> None:
    html = page(url, game_id)
    reference = GAMES[game_id].card_reference()
    assert reference is not None
    rows = card_rows(html)
    assert len(rows) == sum(len(group.entries) for group in reference.groups)
    assert sum(count for count, _cells in rows) == reference.cards == DECK_SIZES[game_id]
    assert f"{DECK_SIZES[game_id]} cards in all." in html


def test_the_for20_page_shows_type_points_range_coins_cost_pay_and_ability(url: str) -> None:
    html = page(url, "for20")
    assert row_of(html, "Bong")[1][1:] == [
        "weed", "2–7", "2", "Smokes twice a turn before it is turned.", "2"
    ]  # fmt: skip
    assert row_of(html, "Homegrown")[1][1:] == ["weed", "1", "2", "—", "7"]
    assert row_of(html, "King Size Paper")[1][1:4] == ["combo", "1–4", "1"]
    polizia = row_of(html, "Polizia")
    assert polizia[0] == 2 and polizia[1][1:3] == ["3", "1"]
    assert row_of(html, "Nice Tool!")[1][1:3] == ["2", "1"]  # discard 2, recycles for 1


def test_the_speedy_pickers_page_shows_categories_costs_worth_and_powers(url: str) -> None:
    html = page(url, "speedy_pickers")
    cloth = row_of(html, "Cloth")
    assert "3" in cloth[1][3:] and cloth[1][1]  # costs 3 objects; says what it does
    assert any(cells[0].endswith("Sport") for _count, cells in card_rows(html))


def test_the_speedy_pickers_symbols_are_pictures_the_server_serves(url: str) -> None:
    html = page(url, "speedy_pickers")
    sources = set(re.findall(r'<img class="emoji" src="([^"]+)"', html))
    assert len(sources) == 4  # one per category
    for source in sources:
        response = httpx.get(f"{url}{source}")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("image/svg+xml")
        assert response.content.lstrip().startswith(b"<svg")


def test_the_four_pints_page_shows_prices_points_and_what_cards_do(url: str) -> None:
    html = page(url, "four-pints")
    assert row_of(html, "IPA") == (2, ["IPA", "£6", "£3", "8", "1", "2"])
    five = row_of(html, "£5")
    assert five[0] == 2 and "this turn's money" in five[1][1]
    elbowing = row_of(html, "Elbowing")
    assert elbowing[0] == 2 and "opponent" in elbowing[1][1]
    assert "Keg" in html


def test_the_stellar_page_shows_numbers_stars_and_the_satellites(url: str) -> None:
    html = page(url, "stellar")
    rows = card_rows(html)
    ones_with_three_stars = [cells for _count, cells in rows if cells[1:3] == ["1", "3"]]
    assert len(ones_with_three_stars) == 5  # one in each type
    assert row_of(html, "2 Satellite") == (5, ["2 Satellite", "2", "0", "Wild.", "5"])
    assert sum(1 for _count, cells in rows if cells[1] == "6/0") == 5


def test_an_unknown_game_has_no_card_page(url: str) -> None:
    response = httpx.get(f"{url}/games/chess/cards")
    assert response.status_code == 404
    assert "There is no such game." in response.text


def test_the_page_has_no_inline_script_or_style(url: str) -> None:
    for game_id in GAMES:
        html = page(url, game_id)
        assert not re.search(r"<script(?![^>]*\bsrc=)", html)
        assert " style=" not in html and "<style" not in html and " on" + "click" not in html


def test_the_lobby_links_each_game_to_its_cards(url: str) -> None:
    html = httpx.get(f"{url}/").text
    for game_id in GAMES:
        assert f'href="/games/{game_id}/cards"' in html


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_room_page_links_to_its_games_cards(url: str, game_id: str) -> None:
    code, _cookie = join(url, "Ann", game=game_id)
    html = httpx.get(f"{url}/r/{code}").text
    assert f'href="/games/{game_id}/cards"' in html
    others = [other for other in GAMES if other != game_id]
    assert not any(f'href="/games/{other}/cards"' in html for other in others)
