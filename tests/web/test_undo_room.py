"""The Undo button over real WebSockets: offered to the mover alone while its move may be
taken back, stamped like a move (a stale click is refused), logged for everyone, refused
with a reason when there is nothing to take back, and kept across a restart."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from tests.support.server import LiveServer
from tests.support.tabs import Tab, normal
from tests.web.test_realtime import mover, seated_game


def undo_button(tab: Tab) -> dict[str, Any] | None:
    """Returns what the tab's Undo button sends (with the table's stamp, which the table
    includes in every move), or None when it has none."""
    found = re.findall(r"hx-vals='([^']*)'", tab.parts.get("undo", ""))
    return {**json.loads(html.unescape(found[0])), "v": tab.version()} if found else None


async def _settle(*tabs: Tab) -> None:
    for tab in tabs:
        await tab.drain(0.15)


async def until_undoable(ann: Tab, bob: Tab) -> tuple[Tab, Tab]:
    """Plays 4 Pints until a seat passes with Money left in the center (a pass that may be
    taken back: the turn goes on with the save); returns (that seat's tab, the other)."""
    for _ in range(80):
        active, other = mover(ann, bob)
        if undo_button(active) is not None:
            return active, other
        offered = active.moves()
        assert offered, "nobody has a move"
        passing = next((m for m in offered if m["kind"] == "pass"), None)
        reveal = next((m for m in offered if m["kind"] == "reveal"), None)
        await active.send(passing or reveal or offered[0])
        await _settle(ann, bob)
    raise AssertionError("no pass with Money to save came up")


async def test_the_mover_alone_gets_an_undo_that_takes_the_move_back(
    sqlite_server: LiveServer,
) -> None:
    _code, ann, bob = (await seated_game(sqlite_server))[:3]
    await _settle(ann, bob)
    assert undo_button(ann) is None and undo_button(bob) is None  # nothing to take back yet
    active, other = await until_undoable(ann, bob)
    assert undo_button(other) is None
    saving = active.parts["actions"]
    click = undo_button(active)
    assert click is not None and click["kind"] == "undo" and click["cmd"] == "act"
    await active.send(click)
    await active.until(lambda t: undo_button(t) is None and t.parts["actions"] != saving)
    assert any(m["kind"] == "pass" for m in active.moves())  # back before the pass
    await other.until(lambda t: any("took back a move" in line for line in t.log))
    assert any("took back a move" in line for line in active.log)
    # The same click again is stale (its stamp is old); with the fresh stamp there is
    # nothing left to take back: both refused with a reason, and nothing changes.
    await active.send(click)
    await active.until(lambda t: "changed before your move" in t.flash_text())
    await active.send({**click, "v": active.version()})
    await active.until(lambda t: "no move of yours to take back" in t.flash_text())
    await ann.close()
    await bob.close()


async def test_a_watcher_cannot_undo(sqlite_server: LiveServer) -> None:
    code, ann, bob = (await seated_game(sqlite_server))[:3]
    await _settle(ann, bob)
    watcher = await Tab.open(sqlite_server.url, code, None)
    await watcher.until(lambda t: "status" in t.parts)
    assert undo_button(watcher) is None
    await ann.close()
    await bob.close()
    await watcher.close()


async def test_an_undone_move_stays_undone_after_a_restart(server: LiveServer) -> None:
    code, ann, bob, ann_cookie, bob_cookie = await seated_game(server)
    await _settle(ann, bob)
    active, _other = await until_undoable(ann, bob)
    click = undo_button(active)
    assert click is not None
    await active.send(click)
    await active.until(lambda t: undo_button(t) is None)
    await _settle(ann, bob)
    before, log_before = dict(ann.parts), list(ann.log)
    server.kill()
    server.start()
    again = await Tab.open(server.url, code, ann_cookie)
    await again.until(lambda t: "scores" in t.parts)
    await again.drain()
    for part in ("status", "bar", "purchase", "players-0", "players-1", "actions", "undo"):
        assert normal(again.parts[part]) == normal(before[part]), part
    assert again.log == log_before
    await again.close()
