"""One browser tab's WebSocket: parse what it sends, send it the parts that changed.

The socket holds no rules and no shared state: it forwards commands to its
`LiveRoom` and, when told the room changed, diffs the viewer's parts against
what it last sent and sends only the changed ones (out-of-band swaps by id).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from jinja2 import Environment
from starlette.websockets import WebSocket, WebSocketDisconnect

from app.games.core import Refusal
from app.games.core.i18n import _
from app.rooms.live import LiveRoom
from app.web.chat import ChatFeed
from app.web.patches import Node
from app.web.render import refusal_text, render
from app.web.table import (
    Part,
    Viewer,
    changed_parts,
    controls_part,
    log_lines,
    own_game_parts,
    seats_part,
    shared,
    summary_part,
    table_part,
    viewer_of,
    visible_log,
)

log = logging.getLogger(__name__)

_MAX_QUEUE = 64  # a tab this far behind is too slow; it reconnects and gets a fresh page

MALFORMED = Refusal(_("That message could not be understood."))
TOO_BIG = Refusal(_("That message is too large."))


class Connection:
    """A tab watching a room: its viewer, what it was last sent, and its outbox."""

    def __init__(self, socket: WebSocket, live: LiveRoom, person_id: int | None, env: Environment):
        self.socket = socket
        self.live = live
        self.person_id = person_id
        self.env = env
        self._sent: dict[str, Any] = {}  # this viewer's own parts: name -> key last sent
        self._trees: dict[str, Node | None] = {}  # and the unit trees of their HTML
        self._shared: dict[Any, Any] | None = None  # the keys of the shared parts it holds
        self._shared_trees: dict[str, Node | None] = {}  # and their trees
        self._log_table: Any = None
        self._log_seq = 0
        self._outbox: deque[str | None] = deque()  # None: close the socket
        self._serving = False  # set by `run`: a writer may be started
        self._closing = False  # the socket is being closed: nothing more is queued
        self._writer: asyncio.Task[None] | None = None
        self._flash_shown = False
        self._chat = ChatFeed()  # what it was sent of the room's chat (app/web/chat.py)

    def changed(self) -> None:
        """Queues the parts that changed for this viewer since the last send."""
        html = self._diff()
        if html:
            self._push(html)

    def _push(self, html: str | None) -> None:
        if self._closing:
            return
        if html is None or len(self._outbox) >= _MAX_QUEUE:
            html, self._closing = None, True  # close: the tab will reconnect and resync
        self._outbox.append(html)
        if self._writer is None and self._serving:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    def _diff(self) -> str:
        live, env = self.live, self.env
        viewer = viewer_of(live, self.person_id)
        table = table_part(live, viewer)
        if self._sent.get("table") != table.key:
            # a new skeleton: every part and the log go again, whole
            self._sent, self._trees, self._shared, self._shared_trees = {}, {}, None, {}
        common = shared(env, live)
        # A tab sent every revision holds what the room's shared parts were last: it takes
        # their changes as rendered once for all; any other compares part by part.
        held = self._shared
        in_step = held is not None and held is common.since
        if not in_step:  # compared part by part, in copies of what it holds
            keys, trees = dict(held or {}), dict(self._shared_trees)
        chunks = [*self._own(viewer, (table, summary_part(live, viewer), seats_part(live, viewer)))]
        if in_step:
            chunks.append(common.clocks_html)
        else:
            chunks.extend(changed_parts(env, live, viewer, common.clocks, keys, trees))
        chunks.extend(self._own(viewer, (controls_part(live, viewer),)))
        if in_step:
            chunks.append(common.game_html)
        else:
            chunks.extend(changed_parts(env, live, viewer, common.game, keys, trees))
        chunks.extend(self._own(viewer, own_game_parts(env, live, viewer)))
        self._shared, self._shared_trees = common.keys, common.trees
        chunks.append(self._log_chunk(viewer))
        chunks.append(self._chat.diff(env, live, viewer))
        return "".join(chunks)

    def _own(self, viewer: Viewer, made: Iterable[Part]) -> Iterator[str]:
        """Yields what to send of this viewer's own parts that changed, noting them as sent."""
        return changed_parts(self.env, self.live, viewer, made, self._sent, self._trees)

    def _log_chunk(self, viewer: Any) -> str:
        table = self._sent.get("table")
        fresh = table != self._log_table
        after = -1 if fresh else self._log_seq  # -1: the deal's lines (sequence 0) too
        # Tabs of one seat (and all spectators) that were sent the same lines see the same.
        seen = ("log lines", viewer.seat, after)
        found = self.live.cache.get(seen)
        if found is None:
            found = self.live.cache[seen] = visible_log(self.live, viewer, after)
        seq, positions = found
        # Viewers who may see the same new lines share one render (usually every seat).
        key = ("log", positions, fresh, self.env.globals["locale"])
        cached = self.live.cache.get(key)
        if cached is None:
            lines = log_lines(self.env, self.live, positions)
            html = render(self.env, "room/parts/log.html", lines=lines, append=not fresh)
            cached = self.live.cache[key] = (seq, html if lines or fresh else "")
        self._log_table, self._log_seq = table, cached[0]
        return cached[1]

    def flash(self, refusal: Refusal | None) -> None:
        """Sends this tab alone a message (or clears it)."""
        if refusal is None and not self._flash_shown:
            return
        self._flash_shown = refusal is not None
        text = refusal_text(self.env, refusal) if refusal else ""
        self._push(render(self.env, "room/parts/flash.html", text=text))

    async def run(self, max_bytes: int) -> None:
        """Serves the socket until it closes: reads commands, writes updates."""
        self._serving = True
        self.live.attach(self)
        try:
            await self.live.seen()
            await self._read(max_bytes)
        except WebSocketDisconnect:
            pass
        finally:
            self.live.detach(self)
            self._serving = False
            self._outbox.clear()
            if self._writer is not None:
                self._writer.cancel()
            await self.live.seen()

    async def _read(self, max_bytes: int) -> None:
        while True:
            message = await self.socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None and message.get("bytes") is not None:
                text = message["bytes"].decode("utf-8", "replace")
            payload = _parse(text, max_bytes)
            if isinstance(payload, Refusal):
                self.flash(payload)
                continue
            refusal = await self.live.handle(self.person_id, payload)
            self.flash(refusal)

    async def _write(self) -> None:
        """Sends what is queued, then ends: a task per burst of updates, none while idle.

        A writer waiting on a queue for each of thousands of idle sockets re-made its
        waiting future and coroutines after every message; they lived until the next one,
        seconds later, and were a third of what the young collections traversed.
        """
        outbox = self._outbox
        try:
            while outbox:
                html = outbox.popleft()
                if html is None:
                    await self.socket.close(code=1013)
                    return
                await self.socket.send_text(html)
        except (WebSocketDisconnect, RuntimeError):
            return  # the tab went away; the reader notices and detaches
        finally:
            self._writer = None


def _parse(text: str | None, max_bytes: int) -> dict[str, Any] | Refusal:
    """Returns the JSON object a tab sent, or a refusal for anything else."""
    if text is None:
        return MALFORMED
    if len(text) > max_bytes:
        return TOO_BIG
    try:
        payload = json.loads(text)
    except ValueError:
        return MALFORMED
    if not isinstance(payload, dict):
        return MALFORMED
    payload.pop("HEADERS", None)  # htmx adds request headers; nothing in them is trusted
    return payload
