"""History pages: a person's and a game's, empty and full, a page at a time, with user text
escaped, the charts as script-free SVG images, and unrated games marked."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from app.web.security import IMAGE_CSP
from tests.history.games import EVIL, GAMES_PLAYED, Filled, served_history


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Filled]:
    with served_history(tmp_path_factory.mktemp("history")) as served:
        yield served


def get(filled: Filled, path: str) -> httpx.Response:
    response = httpx.get(filled.url + path, timeout=10)
    assert response.status_code == 200, (path, response.status_code)
    return response


def result_rows(html: str) -> list[str]:
    results = html.split("<h2>Results</h2>", 1)[1]
    day = r"<time datetime=\"\d{4}-\d\d-\d\d\">[^<]+</time>"
    return re.findall(rf"<tr(?: class=\"won\")?><td>{day}</td>", results)


def test_a_person_with_no_games_has_a_page_and_empty_charts(filled: Filled) -> None:
    html = get(filled, f"/people/{filled.newcomer}").text
    assert "No finished games yet." in html and "Newcomer" in html
    for chart in ("scores", "wins"):
        svg = get(filled, f"/people/{filled.newcomer}/{chart}.svg")
        assert svg.headers["content-type"].startswith("image/svg+xml")
        assert svg.text.startswith("<svg") and "<script" not in svg.text


def test_an_unknown_person_or_game_is_a_404(filled: Filled) -> None:
    assert httpx.get(filled.url + "/people/999999").status_code == 404
    assert httpx.get(filled.url + "/games/chess/history").status_code == 404
    assert httpx.get(filled.url + "/people/1?before=abc").status_code == 422


def test_a_persons_page_tallies_their_games_and_friends(filled: Filled) -> None:
    html = get(filled, f"/people/{filled.ann}").text
    tally = re.search(r"4 Pints</a></td>\s*<td class=\"num\">(\d+)</td>", html)
    assert tally is not None and int(tally.group(1)) == GAMES_PLAYED + 1
    assert f'href="/people/{filled.evil}"' in html  # head to head, linked
    assert "Against friends" in html
    assert f'src="/people/{filled.ann}/scores.svg"' in html


def test_results_page_back_without_repeats_to_the_first_game(filled: Filled) -> None:
    seen: list[str] = []
    path = f"/people/{filled.ann}"
    pages = 0
    while path:
        html = get(filled, path).text
        rows = result_rows(html)
        assert 0 < len(rows) <= 20
        seen.extend(rows)
        older = re.search(r'href="(/people/\d+\?before=\d+)"', html)
        path = older.group(1) if older else ""
        pages += 1
    assert pages == 8 and len(seen) == GAMES_PLAYED + 1


def test_user_text_is_escaped_on_every_page(filled: Filled) -> None:
    for path in (f"/people/{filled.evil}", f"/people/{filled.ann}", "/games/four-pints/history"):
        html = get(filled, path).text
        assert EVIL not in html, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, path


def test_charts_are_svg_images_with_no_script_and_their_own_policy(filled: Filled) -> None:
    for chart in ("scores", "wins"):
        svg = get(filled, f"/people/{filled.ann}/{chart}.svg")
        assert "<script" not in svg.text and not re.search(r"\son[a-z]+\s*=", svg.text)
        assert svg.headers["content-security-policy"] == IMAGE_CSP
        assert "4 Pints" in svg.text
    page = get(filled, f"/people/{filled.ann}")
    assert "script-src 'self'" in page.headers["content-security-policy"]


def test_a_games_leaderboard_pages_and_marks_unrated_games(filled: Filled) -> None:
    first = get(filled, "/games/four-pints/history").text
    places = re.findall(r'<tr><td class="num">(\d+)</td><td><a href="/people/', first)
    assert places == [str(n) for n in range(1, 26)]
    assert 'href="/games/four-pints/history?page=1"' in first
    second = get(filled, "/games/four-pints/history?page=1").text
    assert re.findall(r'<tr><td class="num">(\d+)</td><td><a href="/people/', second) == [
        str(n) for n in range(26, 34)
    ]  # Ann, Bob, the escaped one and 30 others: 33 rated people
    assert "The longest games" in first and "The closest games" in first
    games = first.split("<h2>Games</h2>", 1)[1]
    assert "abandoned" in games
    listed = get(filled, "/games/four-pints/history?before=" + _older(first)).text
    assert "finished by bots" in first + listed


def test_a_game_nobody_played_has_an_empty_page(filled: Filled) -> None:
    html = get(filled, "/games/stellar/history").text
    assert "No rated games yet." in html and "No games here." in html


def test_the_lobby_links_the_history_pages(filled: Filled) -> None:
    html = get(filled, "/").text
    assert 'href="/games/four-pints/history"' in html


def _older(html: str) -> str:
    found = re.search(r"/games/four-pints/history\?before=(\d+)", html)
    assert found is not None
    return found.group(1)
