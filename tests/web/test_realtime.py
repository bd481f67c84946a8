"""Two real WebSocket clients in one room, against a real server on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.support.server import LiveServer
from tests.support.tabs import Tab, join, normal


async def seated_game(server: LiveServer) -> tuple[str, Tab, Tab, str, str]:
    """Ann opens a room, Bob sits in seat 2, Ann starts; returns (code, ann, bob, cookies)."""
    code, ann_cookie = join(server.url, "Ann")
    _code, bob_cookie = join(server.url, "Bob", code)
    ann = await Tab.open(server.url, code, ann_cookie)
    bob = await Tab.open(server.url, code, bob_cookie)
    await bob.until(lambda t: {"cmd": "sit", "seat": 1} in t.commands())
    await bob.send({"cmd": "sit", "seat": 1})
    await ann.until(lambda t: "Bob" in t.parts.get("seats", "") and not t.flash_text())
    await ann.until(lambda t: any(c.get("cmd") == "start" for c in t.commands()))
    await ann.send({"cmd": "start"})
    await ann.until(lambda t: "status" in t.parts)
    await bob.until(lambda t: "status" in t.parts)
    return code, ann, bob, ann_cookie, bob_cookie


def mover(ann: Tab, bob: Tab) -> tuple[Tab, Tab]:
    """Returns (the tab whose turn it is, the other)."""
    return (ann, bob) if ann.moves() else (bob, ann)


async def test_one_player_sees_the_others_move(server: LiveServer) -> None:
    _code, ann, bob = (await seated_game(server))[:3]
    active, other = mover(ann, bob)
    before = other.parts["purchase"]
    reveal = next(m for m in active.moves() if m["kind"] == "reveal")
    await active.send(reveal)
    await other.until(lambda t: t.parts["purchase"] != before)
    assert "No cards revealed yet" not in other.parts["purchase"]
    await other.until(lambda t: any("revealed" in line for line in t.log))
    # Not their turn: the other tab never received a move button or another seat's choices.
    assert '"cmd": "act"' not in "".join(other.received)
    await ann.close()
    await bob.close()


async def test_only_the_mover_gets_move_buttons(server: LiveServer) -> None:
    _code, ann, bob = (await seated_game(server))[:3]
    active, other = mover(ann, bob)
    assert active.moves() and not other.moves()
    assert "ws-send" not in other.parts.get("actions", "")
    await ann.close()
    await bob.close()


async def test_a_move_sends_only_changed_parts(server: LiveServer) -> None:
    _code, ann, bob = (await seated_game(server))[:3]
    active, other = mover(ann, bob)
    await other.drain()
    other.received.clear()
    await active.send(next(m for m in active.moves() if m["kind"] == "reveal"))
    await other.until(lambda t: len(t.received) > 0)
    await other.drain()
    update = "".join(other.received)
    # The purchase zone changed (the card revealed: the part, or its changed elements).
    assert 'id="purchase"' in update or 'id="purchase-' in update
    if "Happy Hour" not in update:  # Happy Hour halves the bar's prices; nothing else does
        assert 'id="bar' not in update  # the bar did not change: nothing of it re-sent
    assert 'id="table"' not in update  # never the whole page
    assert len(update.encode()) < 2048
    await ann.close()
    await bob.close()


async def test_reconnecting_tab_gets_everything_it_missed(server: LiveServer) -> None:
    code, ann, bob, _ann_cookie, bob_cookie = await seated_game(server)
    await bob.close()
    for _ in range(3):
        moves = ann.moves()
        if not moves:
            break
        await ann.send(next((m for m in moves if m["kind"] == "reveal"), moves[0]))
        await ann.until(lambda t: not t.flash_text(), 5)
        await ann.drain(0.3)
    again = await Tab.open(server.url, code, bob_cookie)
    await again.until(lambda t: "scores" in t.parts)
    await again.drain()
    # "status" says "Your turn" to the mover only, by design; the rest is the same for both.
    for part in ("bar", "purchase", "players-0", "players-1", "scores"):
        assert normal(again.parts[part]) == normal(ann.parts[part]), part
    assert again.log == ann.log
    await ann.close()
    await again.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_spectator_watches_without_moves(server: LiveServer) -> None:
    code, ann, bob = (await seated_game(server))[:3]
    watcher = await Tab.open(server.url, code, None)
    await watcher.until(lambda t: "players-0" in t.parts)
    assert not watcher.moves()
    assert "Join with a name" in watcher.parts["controls"]
    await watcher.send({"cmd": "act", "kind": "reveal", "v": 0})
    await watcher.until(lambda t: bool(t.flash_text()))
    assert "Join the room" in watcher.flash_text()
    for tab in (ann, bob, watcher):
        await tab.close()
