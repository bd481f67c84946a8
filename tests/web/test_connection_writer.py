"""How a tab's socket is written: in order, no task while idle, a slow tab is let go."""

from __future__ import annotations

import asyncio
from typing import Any

from app.games.core import Refusal
from app.games.four_pints import GAME
from app.web.connection import Connection
from tests.support.rooms import ENV, room_with


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
