"""How a tab's socket is written: in order, no task while idle, a slow tab is let go and
comes back to the whole current table."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest

from app.games.core import Refusal
from app.games.four_pints import GAME
from app.web import connection
from app.web.connection import Connection
from app.web.table import parts, viewer_of
from tests.support.rooms import ENV, room_with
from tests.support.tabs import normal, put_moved, swap, take_moved, top_level


class SlowSocket:
    """A WebSocket whose sends wait while `gate` is closed; it records what it was sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None
        self.gate = asyncio.Event()
        self.gate.set()
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def send_text(self, text: str) -> None:
        await self.gate.wait()
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed = code


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def _serve(socket: SlowSocket) -> tuple[Connection, asyncio.Task[None]]:
    live = room_with(GAME, GAME.setup(2, {}, 3), 2)
    conn = Connection(socket, live, 1, ENV)  # type: ignore[arg-type]
    task = asyncio.create_task(conn.run(max_bytes=4096))
    await _settle()
    return conn, task


async def _disconnect(socket: SlowSocket, task: asyncio.Task[None]) -> None:
    socket.inbox.put_nowait({"type": "websocket.disconnect"})
    await asyncio.wait_for(task, 5)


async def test_updates_go_out_in_order_and_an_idle_socket_keeps_no_task() -> None:
    socket = SlowSocket()
    conn, task = await _serve(socket)
    assert len(socket.sent) == 1 and 'id="table"' in socket.sent[0]  # the whole page first
    assert asyncio.all_tasks() == {asyncio.current_task(), task}  # no writer while idle
    for n in range(3):
        conn.flash(Refusal(f"message {n}"))
    await _settle()
    assert [("message 0" in s, "message 1" in s, "message 2" in s) for s in socket.sent[1:]] == [
        (True, False, False),
        (False, True, False),
        (False, False, True),
    ]
    assert asyncio.all_tasks() == {asyncio.current_task(), task}  # the writer ended
    await _disconnect(socket, task)


async def test_a_tab_too_far_behind_is_closed_and_nothing_more_is_queued() -> None:
    socket = SlowSocket()
    conn, task = await _serve(socket)
    socket.gate.clear()  # the tab stops reading
    for n in range(100):
        conn.flash(Refusal(f"message {n}"))
    await _settle()
    socket.gate.set()
    await _settle()
    assert socket.closed == 1013  # "try again later": the page reconnects and resyncs
    assert 60 <= len(socket.sent) <= 66  # what was queued before the limit, nothing after
    assert not any("message 99" in s for s in socket.sent)
    await _disconnect(socket, task)


def _page(messages: list[str]) -> dict[str, Any]:
    """Returns what a page shows after `messages`: each part's HTML by id (patches applied as
    htmx does: tests/support/tabs.py), and the log lines."""
    shown: dict[str, Any] = {"log": []}
    parts: dict[str, str] = {}
    for message in messages:
        moved = take_moved(parts, message)
        for ident, attrs, chunk in top_level(message):
            if ident == "log":
                lines = re.findall(r"<li>(.*?)</li>", chunk, re.S)
                shown["log"] = shown["log"] + lines if attrs.get("hx-swap-oob") else lines
            else:
                swap(parts, ident, attrs.get("hx-swap-oob"), chunk)
        put_moved(parts, moved)
    return {**shown, **parts}


def _same_page(fresh: dict[str, Any], patched: dict[str, Any]) -> None:
    """Checks that a page patched update after update shows every part a fresh page does."""
    for name, html in fresh.items():
        assert (normal(patched[name]) if name != "log" else patched[name]) == (
            normal(html) if name != "log" else html
        ), name


def _move(live: Any, rng: random.Random) -> None:
    """Applies a random legal move of the seat to act, as a committed move would."""
    match = live.match
    seat = min(GAME.active_seats(match.state))
    applied = GAME.apply(match.state, seat, rng.choice(GAME.legal_actions(match.state, seat)))
    assert not isinstance(applied, Refusal)
    live._advance(match, seat, applied)
    live._changed(seating=False)


async def test_a_tab_let_go_for_falling_behind_comes_back_to_the_whole_current_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connection, "_MAX_QUEUE", 4)
    rng = random.Random(5)
    slow, kept = SlowSocket(), SlowSocket()
    conn, task = await _serve(slow)
    live = conn.live
    watcher = Connection(kept, live, 1, ENV)  # type: ignore[arg-type]
    watcher_task = asyncio.create_task(watcher.run(max_bytes=4096))  # same person, kept up
    await _settle()
    slow.gate.clear()  # the first tab stops reading while the game goes on
    for _ in range(12):
        _move(live, rng)
        await _settle()
    slow.gate.set()
    await _settle()
    assert slow.closed == 1013
    await _disconnect(slow, task)

    again = SlowSocket()  # the page reconnects: a new connection, which has been sent nothing
    conn_again = Connection(again, live, 1, ENV)  # type: ignore[arg-type]
    again_task = asyncio.create_task(conn_again.run(max_bytes=4096))
    await _settle()
    assert len(again.sent) == 1  # the whole table at once, not a stream of old updates
    _same_page(_page(again.sent), _page(kept.sent))  # the page a tab that saw every update shows
    assert len(_page(again.sent)["log"]) > 0
    viewer = viewer_of(live, 1)
    assert {p.name for p in parts(ENV, live, viewer)} | {"log"} <= set(_page(again.sent))
    await _disconnect(again, again_task)
    await _disconnect(kept, watcher_task)
