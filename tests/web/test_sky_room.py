"""The toy race on pictures (tests/support/toys.py) in a real server, with real WebSocket
clients: each seat's picture served to that seat alone, clicks resolved by the server, two
claims of one tile at the same moment with one winner told to both, the race's countdown on
the server's clock, and nothing about where an object is in any byte a player receives."""

from __future__ import annotations

import asyncio
import html
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.identity import COOKIE
from tests.support.server import LiveServer
from tests.support.tabs import Tab, join
from tests.support.toys import HEIGHT, WIDTH, order

FACTORY = "tests.support.toys:create_toy_app"


@pytest.fixture
def sky_server(sqlite_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(sqlite_url, tmp_path, factory=FACTORY).start()
    yield live
    live.close()


async def sky_game(
    server: LiveServer, seconds: int = 30, standing: int = -1
) -> tuple[str, Tab, Tab, str, str]:
    """Ann opens a Sky room, Bob sits in seat 2, Ann starts; returns (code, tabs, cookies)."""
    options = {"seconds": str(seconds), "standing": str(standing)}
    code, ann_cookie = join(server.url, "Ann", game="sky", options=options)
    _code, bob_cookie = join(server.url, "Bob", code)
    ann = await Tab.open(server.url, code, ann_cookie)
    bob = await Tab.open(server.url, code, bob_cookie)
    await bob.until(lambda t: {"cmd": "sit", "seat": 1} in t.commands())
    await bob.send({"cmd": "sit", "seat": 1})
    await ann.until(lambda t: any(c.get("cmd") == "start" for c in t.commands()))
    await ann.send({"cmd": "start"})
    for tab in (ann, bob):
        await tab.until(lambda t: "picture-sky" in t.parts and "point-step" in t.parts["actions"])
    return code, ann, bob, ann_cookie, bob_cookie


def steps(tab: Tab) -> dict[str, dict[str, Any]]:
    """Returns the tiles offered to the tab, each as the move a click on its picture sends
    (but the point), with the seat's version."""
    return {move["tile"]: move for move in tab.points()}


def picture_url(tab: Tab) -> str:
    return html.unescape(re.search(r'src="([^"]+)"', tab.parts["picture-sky"]).group(1))


def click(tab: Tab, tile: str, at: tuple[int, int], **extra: Any) -> dict[str, Any]:
    return {**steps(tab)[tile], "x": at[0], "y": at[1], **extra}


def centre(round_no: int, seat: int, tile: str) -> tuple[int, int]:
    band = WIDTH // 3
    return order(round_no, seat).index(tile) * band + band // 2, HEIGHT // 2


async def test_each_seat_fetches_its_own_picture_and_nobody_else_does(
    sky_server: LiveServer,
) -> None:
    code, ann, bob, ann_cookie, bob_cookie = await sky_game(sky_server)
    url = picture_url(ann)
    assert re.fullmatch(rf"/rooms/{code}/pictures/sky\?v=\d+-\d+", url)  # nothing it shows

    def get(path: str, cookie: str | None = None) -> httpx.Response:
        cookies = {COOKIE: cookie} if cookie else {}
        with httpx.Client(base_url=sky_server.url, cookies=cookies) as client:
            return client.get(path)

    mine, theirs = get(url, ann_cookie), get(picture_url(bob), bob_cookie)
    bobs_at_anns, watcher = get(url, bob_cookie), get(url)
    unknown = get(f"/rooms/{code}/pictures/moon", ann_cookie)
    no_room = get("/rooms/nope/pictures/sky", ann_cookie)
    stale = get(f"/rooms/{code}/pictures/sky?v=0-0", ann_cookie)
    assert mine.status_code == 200 and mine.headers["content-type"] == "image/png"
    assert mine.content.startswith(b"\x89PNG") and mine.content != theirs.content
    assert "private" in mine.headers["cache-control"] and mine.headers["vary"] == "Cookie"
    assert bobs_at_anns.content == theirs.content  # the address names no seat: the cookie does
    assert watcher.status_code == 404 and unknown.status_code == 404
    assert no_room.status_code == 404
    assert stale.status_code == 200 and stale.headers["cache-control"] == "no-store"
    await ann.close()
    await bob.close()


async def test_a_click_is_resolved_by_the_server_and_its_answer_stays_secret(
    sky_server: LiveServer,
) -> None:
    _code, ann, bob, *_cookies = await sky_game(sky_server)
    bob.received.clear()
    # Ann clicks where the sun is in her picture but says it is the moon, and that she hit it.
    await ann.send(click(ann, "moon", centre(0, 0, "sun"), hit="moon"))
    await ann.until(lambda t: any("marked the moon" in line for line in t.log))
    await bob.until(lambda t: any("Ann claims the moon" in line for line in t.log))
    await bob.drain(0.3)
    sent_to_bob = "".join(bob.received)
    assert "marked the" not in sent_to_bob  # where Ann clicked is hers alone
    # What: nobody's. His steps (only the claimed one is sent, deleted) say no hit either.
    assert '"hit": "' not in sent_to_bob
    assert '"hit": null' in bob.parts["actions"] and '"hit": "' not in bob.parts["actions"]
    # Two more claims end the round; only then does anyone learn whose marks were right.
    await bob.send(click(bob, "sun", centre(0, 1, "sun")))
    await ann.until(lambda t: "sun" not in steps(t))
    await ann.send(click(ann, "star", centre(0, 0, "star")))
    await bob.until(lambda t: any("Round 1 is over" in line for line in t.log))
    over = next(line for line in bob.log if "Round 1 is over" in line)
    assert "Bob: sun" in over and "Ann: star" in over and "moon" not in over  # the forged hit
    await ann.close()
    await bob.close()


async def test_two_players_grabbing_one_tile_at_once_get_one_winner_told_to_both(
    sky_server: LiveServer,
) -> None:
    _code, ann, bob, *_cookies = await sky_game(sky_server)
    await asyncio.gather(
        ann.send(click(ann, "star", centre(0, 0, "star"))),
        bob.send(click(bob, "star", centre(0, 1, "star"))),
    )
    for tab in (ann, bob):
        await tab.until(lambda t: any("claims the star" in line for line in t.log))
    winner_line = next(line for line in ann.log if "claims the star" in line)
    assert winner_line == next(line for line in bob.log if "claims the star" in line)
    loser = bob if winner_line.startswith("Ann") else ann
    await loser.until(lambda t: bool(t.flash_text()))
    assert "quicker" in loser.flash_text()
    winner = ann if loser is bob else bob
    await winner.drain(0.3)
    assert not winner.flash_text()
    for tab in (ann, bob):  # the tile is gone from both tables; every other tile is still there
        assert set(steps(tab)) == {"sun", "moon"}
    await ann.close()
    await bob.close()


async def test_a_click_made_before_seeing_anothers_claim_still_counts(
    sky_server: LiveServer,
) -> None:
    _code, ann, bob, *_cookies = await sky_game(sky_server)
    bobs_click = click(bob, "sun", centre(0, 1, "sun"))  # made on Bob's table as it was
    await ann.send(click(ann, "moon", centre(0, 0, "moon")))
    await bob.until(lambda t: any("Ann claims the moon" in line for line in t.log))
    await bob.send(bobs_click)
    await ann.until(lambda t: any("Bob claims the sun" in line for line in t.log))
    await bob.drain(0.3)
    assert not bob.flash_text()  # not "the table changed": the race goes on
    await ann.close()
    await bob.close()


async def test_every_screen_counts_down_to_the_servers_deadline(sky_server: LiveServer) -> None:
    _code, ann, bob, *_cookies = await sky_game(sky_server, seconds=30)
    marks = []
    for tab in (ann, bob):
        found = re.search(r'data-deadline-at="([\d.]+)" data-now="([\d.]+)"', tab.parts["status"])
        assert found is not None
        marks.append((float(found.group(1)), float(found.group(2))))
    assert marks[0][0] == marks[1][0]  # one deadline, the server's
    deadline, now = marks[0]
    assert 0 < deadline - now <= 30 and abs(now - time.time()) < 5
    await ann.close()
    await bob.close()


async def test_a_new_round_brings_a_new_picture_address(sky_server: LiveServer) -> None:
    _code, ann, bob, *_cookies = await sky_game(sky_server, seconds=1)
    first = picture_url(ann)
    await ann.until(lambda t: "Round 2" in t.parts.get("status", ""), timeout=10)
    await ann.until(lambda t: picture_url(t) != first)
    await ann.close()
    await bob.close()
