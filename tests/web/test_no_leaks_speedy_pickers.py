"""Speedy Pickers' secrets never reach a browser during the search: every byte sent to each
player and to a spectator is recorded while players mark tiles rightly, wrongly (on another
object) and on nothing, and none of it names an object that is not a tile on the table, says
what a click hit, or where anyone clicked. Only the end of the search shows which marks were
right (kept face up)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.games.speedy_pickers.objects import BY_KEY
from tests.support.server import LiveServer
from tests.support.speedy import actions_of, painted_scene, spots, state_of
from tests.support.tabs import Tab, join

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "gamenight.db"


@pytest.fixture
def speedy_server(database: Path, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite+aiosqlite:///{database}", tmp_path).start()
    yield live
    live.close()


def steps(tab: Tab) -> dict[str, dict[str, Any]]:
    """Returns the tiles offered to the tab, each as the move a click on its picture sends
    (but the point), with the seat's version."""
    return {move["tile"]: move for move in tab.points()}


def searching(tab: Tab) -> bool:
    return "Search!" in tab.parts.get("status", "")


def _search_over(message: str) -> bool:
    """Returns whether a message brings a status, or its phase alone (a patch), saying the
    search is not on."""
    status = re.search(r'<div id="status" class="[^"]*">(.*?)</div>', message, re.S)
    phase = re.search(r'<span id="status-phase"[^>]*>(.*?)</span>', message)
    return any(found is not None and "Search!" not in found.group(1) for found in (status, phase))


async def test_nothing_about_where_objects_are_reaches_anyone_before_the_search_ends(
    speedy_server: LiveServer, database: Path
) -> None:
    url = speedy_server.url
    options = {"mode": "beginner", "seconds": "30"}
    code, ann_cookie = join(url, "Ann", game="speedy_pickers", options=options)
    _code, bob_cookie = join(url, "Bob", code)
    ann = await Tab.open(url, code, ann_cookie)
    bob = await Tab.open(url, code, bob_cookie)
    watcher = await Tab.open(url, code, None)
    await bob.until(lambda t: {"cmd": "sit", "seat": 1} in t.commands())
    await bob.send({"cmd": "sit", "seat": 1})
    await ann.until(lambda t: any(c.get("cmd") == "start" for c in t.commands()))
    for tab in (ann, bob, watcher):
        tab.received.clear()
    await ann.send({"cmd": "start"})
    for tab in (ann, bob):
        await tab.until(lambda t: searching(t) and bool(steps(t)))
    await watcher.until(searching)
    state = state_of(database, code)
    tiles = set(state.centre)
    ann_spots = spots(painted_scene(state, 0))
    bob_spots = spots(painted_scene(state, 1))
    right, wrong, nothing = sorted(tiles)[:3]
    decoy = next(key for key in ann_spots if key and key not in tiles)  # another object
    clicks = [(ann, right, ann_spots[right]), (ann, wrong, ann_spots[decoy]),
              (bob, nothing, bob_spots[""])]  # fmt: skip
    for tab, tile, (x, y) in clicks:  # each made on the table as it is after the last
        await tab.send({**steps(tab)[tile], "x": x, "y": y, "hit": tile})  # a forged hit
        await tab.until(lambda t, m=tile: m not in steps(t) or bool(t.flash_text()))
        assert not tab.flash_text(), (tab.flash_text(), tile)
    async with httpx.AsyncClient(base_url=url) as client:  # a spectator gets no scene
        assert (await client.get(f"/rooms/{code}/pictures/scene")).status_code == 404
    await ann.until(lambda t: not searching(t), timeout=60)  # the sand timer runs out
    ends = {}
    for tab in (ann, bob, watcher):
        await tab.until(lambda t: not searching(t), timeout=10)
        ends[id(tab)] = next(i for i, m in enumerate(tab.received) if _search_over(m))
    logged = [a for a in actions_of(database, code) if a["kind"] == "mark"]
    assert [a["hit"] for a in logged] == [right, decoy, ""]  # as the server saw them
    secret_keys = set(BY_KEY) - tiles
    for tab in (ann, bob, watcher):
        during = "".join(tab.received[: ends[id(tab)]])
        for key in secret_keys:
            assert f'"{key}"' not in during and f"/{key}." not in during, key
        assert re.sub(r"<[^>]+>", " ", during).count(BY_KEY[decoy].name) == 0
        assert f'"hit": "{right}"' not in during and f'"hit": "{decoy}"' not in during
        for mark in logged:
            assert f'"x": {mark["x"]}' not in during and f'"y": {mark["y"]}' not in during
    # After the search: the right mark is kept face up, the others turned face down.
    after = "".join(ann.received[ends[id(ann)] :])
    assert "Kept:" in after and "Face down:" in after
    for tab in (ann, bob, watcher):
        await tab.close()
