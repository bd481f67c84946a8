"""Load generator: many four-player 4 Pints rooms, every seat a simulated person on a WebSocket.

Run from the repository root:

    .venv/bin/python -m bench.load --rooms 100 --db sqlite --seconds 30
    .venv/bin/python -m bench.load --rooms 1000 --db postgres --rate 500
    .venv/bin/python -m bench.load --rooms 100 --rate 0            # as fast as the server goes
    .venv/bin/python -m bench.load --rooms 50 --url http://127.0.0.1:8000 --server-pid 1234

What it does
------------
Unless --url is given it starts the real server (uvicorn in a subprocess, stopped by its PID at
the end) with tests.support.server.LiveServer: by default through its subclass `PortServer`,
which lets uvicorn bind --host/--port like scripts/serve and the Dockerfile, because LiveServer's
--fd start once left Nagle's algorithm on (see PortServer); --launch fd uses LiveServer unchanged.
The database is a scratch one: a temporary SQLite file, or a database `gn_bench_<hex>` created on
the PostgreSQL server (GAMENIGHT_BENCH_POSTGRES_URL, default the local `test` one's server) and
dropped afterwards. Then, per room, through the real endpoints:
POST /rooms (the creator is the host and already sits in seat 0), three POST /r/{code}/join, one
WebSocket per person (Origin header and the `gn_person` cookie, like a browser), `sit` for seats
1-3, and the host's `start`. During the run each room plays by itself: the player whose actions
part offers moves picks one at random and sends it as htmx would (the button's hx-vals, the
table's stamp `v`, plus htmx's HEADERS object); each player follows its page's moves as htmx
applies the server's patches (the whole part, buttons inserted, replaced or deleted by id, the
stamp); when a game ends the host sends `start` for a rematch.

Pacing: --rate is the total offered load in commands per second across all rooms (default 500).
Each room gets one slot every rooms/rate seconds, at a random phase, so the server sees a steady
load (an open-loop schedule, not a saturating closed loop). A room whose previous command is
still in flight when its slot comes sends as soon as it completes (at most one slot of catch-up;
older slots are dropped and counted as `skipped`). --rate 0 sends each room's next command as
soon as the previous one completed: the achieved rate is then the server's capacity for that
many rooms (and the latency is that of a saturated server).

How latency is measured, and why it is reliable
-----------------------------------------------
Latency is the time from sending a command to EVERY socket of its room (the mover's included)
having received the resulting update. Each socket records the arrival time of the first message it
gets after the send; the command completes when all four have one. Matching "first message after
the send" to the command is exact here, because:

* each room has at most one command in flight, and the next is sent only after all four sockets
  received their update (or after --timeout);
* nothing else writes to a room during the run: no bots, no spectators, no tabs connecting or
  leaving, and rooms share no state. So every message a room's sockets receive between a send
  and its completion was caused by that command;
* the server sends one message per socket per change (`Connection.changed` concatenates every
  changed part and the new log lines), and every accepted 4 Pints move changes something each
  viewer sees (at least a public log line; the mover's actions part always, as it is keyed by
  the version). The mean "messages per viewer per update" figure checks this (it should be 1.00),
  and an update that some socket never gets shows up as a timeout instead of a wrong number;
* a refusal reaches only the sender (a flash message): it is detected by `class="flash shown"`,
  counted, and the command is not counted in the latency (nor its bytes);
* cross-check: the next mover's stamp must be the sent version + 1 (0 after a start) when its
  moves arrive; any other value is counted as a version mismatch.

Matching on the version number alone would only time the next mover's socket: the other sockets'
parts carry no version. The arrival time is taken in the websockets protocol callback where the
frame is decoded (`BenchConnection.process_event`), before any task switch, and messages are
handed over as bytes without the receive queue; only the mover's message is searched for moves
(a substring test on the others). Client event-loop lag, which would inflate every figure, is
reported separately ("client loop lag"), as is the client's CPU; if either is high, split the
client with --procs K (rooms are divided between K forked client processes, results merged).
Latency is measured from the actual send time, so if the client or the server falls behind
schedule the figures hide that delay (coordinated omission): "send lag" (actual send time minus
scheduled slot) shows it.

Bytes per update per viewer: for every socket, the bytes received between a command's send and
the room's next send, once as the message text (HTML, UTF-8: what the server rendered) and once
as read from the TCP socket (WebSocket framing after permessage-deflate, which browsers and this
client negotiate; --no-deflate turns it off).

Server figures: RSS (VmRSS, and VmHWM = peak) of the server process (LiveServer.process.pid, or
--server-pid) from /proc, at start, after the setup and at the end; CPU of the server process,
of all `postgres` processes and of the whole machine over the measured window (the machine figure
includes anything else running). Latencies, bytes, rates and CPU cover only the measured window
(commands sent in it); the counters (refusals, timeouts, closed sockets...) cover the whole run.
The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import math
import multiprocessing
import os
import random
import re
import signal
import socket
import sys
import tempfile
import time
import traceback
import uuid
from collections.abc import Callable, Iterator
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException
from websockets.frames import Frame, Opcode

from app.identity import COOKIE
from bench import phases
from tests.support.server import LiveServer

POSTGRES_ADMIN_URL = os.environ.get(
    "GAMENIGHT_BENCH_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
GAME = "four-pints"
SEATS = 4
SETUP_ATTEMPTS = 5
TARGET = {"p50_ms": 5.0, "p99_ms": 50.0, "bytes": 2048, "rooms": 1000, "rate": 500}

_ACTIONS = b'<div id="actions"'
# A move button (its id is its action's: app/web/render.py), whole or patched in; a deleted
# one (app/web/patches.py); and the table's stamp, the version every move is sent with.
_MOVE = re.compile(rb"<button id=\"(mv-[0-9a-f]+)\"[^>]*? hx-vals='(\{[^']*\"cmd\": \"act\"[^']*)'")
_GONE = re.compile(rb'<div id="(mv-[0-9a-f]+)" hx-swap-oob="delete">')
_UNDO = b'"kind": "undo"'
_STAMP = re.compile(rb'<input id="stamp" name="v" value="(\d+)" hidden>')
_FLASH_SHOWN = b'class="flash shown"'
_START_BUTTON = b'id="start-game"'
_START_ENABLED = re.compile(rb"\"cmd\": \"start\"\}'\s*>")
_SEAT_ROW = re.compile(rb'<li id="seat-(\d+)"[^>]*>(.*?)</li>', re.DOTALL)
_SEAT_NAME = b'class="seat-name"'
_START = json.dumps({"cmd": "start"})
_PART = re.compile(rb'<(?:div|section|ol) id="([\w-]+)"')


# ---- one process's figures ------------------------------------------------------------------


class Stats:
    """Raw samples and counters of one client process, merged by the parent."""

    def __init__(self) -> None:
        self.lat_all: list[float] = []  # move: send -> all four sockets have the update (s)
        self.lat_mover: list[float] = []  # move: send -> the mover's own socket (s)
        self.lat_start: list[float] = []  # rematch: send -> all four sockets
        self.html_act: list[int] = []  # message bytes per viewer per move
        self.wire_act: list[int] = []  # TCP bytes per viewer per move
        self.frames_act = 0  # messages, summed over viewers and moves
        self.html_start: list[int] = []
        self.wire_start: list[int] = []
        self.send_lag: list[float] = []
        self.loop_lag: list[float] = []
        self.acts = 0
        self.starts = 0
        self.refusals = 0
        self.timeouts = 0
        self.version_mismatches = 0
        self.stalls = 0
        self.skipped = 0
        self.closed_sockets = 0
        self.deflate_sockets = 0  # sockets on which the server accepted permessage-deflate
        self.setup_retries = 0  # room creation/joins answered 5xx and tried again
        self.cpu_seconds = 0.0
        self.part_bytes: dict[str, int] = {}  # --part-sizes: bytes per part name, moves only
        self.part_sends: dict[str, int] = {}


class Run:
    """The timeline and settings shared by the rooms of one client process."""

    def __init__(self, interval: float, timeout: float, part_sizes: bool = False) -> None:
        self.interval = interval
        self.timeout = timeout
        self.part_sizes = part_sizes
        self.t0 = self.t_measure = self.t_end = math.inf
        self.stats = Stats()


# ---- sockets ------------------------------------------------------------------------------


class Player:
    """One person's WebSocket: counts what arrives and passes each message to its room."""

    __slots__ = ("room", "seat", "conn", "html", "wire", "frames", "lost", "moves", "stamp")

    def __init__(self, room: Room, seat: int) -> None:
        self.room = room
        self.seat = seat
        self.conn: BenchConnection | None = None
        self.moves: dict[bytes, bytes] = {}  # the move buttons its page shows: id -> hx-vals
        self.stamp: int | None = None  # the version its page sends moves with
        self.html = 0
        self.wire = 0
        self.frames = 0
        self.lost = False

    async def open(self, url: str, origin: str, cookie: str, deflate: bool) -> None:
        def factory(protocol: Any, **kwargs: Any) -> BenchConnection:
            return BenchConnection(protocol, self, **kwargs)

        self.conn = await connect(
            url,
            additional_headers={"Origin": origin, "Cookie": f"{COOKIE}={cookie}"},
            create_connection=factory,  # type: ignore[arg-type]
            compression="deflate" if deflate else None,
            ping_interval=None,  # browsers do not ping; the server may, and gets its pongs
            close_timeout=2,
            max_size=2**20,
            open_timeout=60,
        )

    async def send(self, text: str) -> None:
        assert self.conn is not None
        await self.conn.send(text)


class BenchConnection(ClientConnection):
    """A websockets client connection that hands each text message to its player at once.

    Messages skip the receive queue: the arrival time is taken where the frame is decoded,
    and nothing is decoded to str unless the room needs to read it.
    """

    def __init__(self, protocol: Any, player: Player, **kwargs: Any) -> None:
        self.player = player
        self._partial: bytearray | None = None
        super().__init__(protocol, **kwargs)

    def data_received(self, data: bytes) -> None:
        self.player.wire += len(data)
        super().data_received(data)

    def process_event(self, event: Any) -> None:
        if isinstance(event, Frame):  # the handshake response is not a Frame
            opcode = event.opcode
            if opcode is Opcode.TEXT and event.fin:
                data = event.data
                self.player.room.on_message(
                    self.player, time.perf_counter(), data if type(data) is bytes else bytes(data)
                )
                return
            if opcode is Opcode.TEXT or (opcode is Opcode.CONT and self._partial is not None):
                self._partial = (self._partial or bytearray()) + event.data
                if event.fin:
                    data, self._partial = bytes(self._partial), None
                    self.player.room.on_message(self.player, time.perf_counter(), data)
                return
        super().process_event(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self.player.room.on_lost(self.player)
        super().connection_lost(exc)


# ---- rooms --------------------------------------------------------------------------------


class Room:
    """Four players at one table, at most one command in flight."""

    def __init__(self, run: Run, index: int) -> None:
        self.run = run
        self.index = index
        self.code = ""
        self.players = [Player(self, seat) for seat in range(SEATS)]
        self.headers: dict[str, Any] = {}
        self.mover: Player | None = None
        self.moves: list[bytes] = []
        self.expect_v: int | None = None
        self.startable = False
        self.seated = 0
        self.rows: dict[int, bool] = {}  # the host's page: each seat's row, whether it has a name
        self.changed = asyncio.Event()
        self.closed = False
        self.closing = False  # our own close at the end: lost sockets are not counted
        # the command in flight
        self.inflight = False
        self.kind = ""
        self.sender: Player | None = None
        self.t_send = 0.0
        self.measured = False
        self.arrived = [-1.0] * SEATS
        self.missing = 0
        self.done: asyncio.Future[bool] | None = None
        self.timer: asyncio.TimerHandle | None = None
        # (kind, measured, counters at send) of the last command, until the next send
        self.window: tuple[str, bool, list[tuple[int, int, int]]] | None = None

    # -- receiving

    def on_message(self, player: Player, now: float, data: bytes) -> None:
        player.html += len(data)
        player.frames += 1
        if self.run.part_sizes and self.window is not None and self.window[:2] == ("act", True):
            _count_parts(self.run.stats, data)
        if b"mv-" in data or b'id="stamp"' in data or _ACTIONS in data:
            self._read_moves(player, data)
        if player.seat == 0:
            # The controls and the seats patch by id: the start button, a seat's row
            if _START_BUTTON in data:
                self.startable = _START_ENABLED.search(data) is not None
            for row in _SEAT_ROW.finditer(data):
                self.rows[int(row.group(1))] = _SEAT_NAME in row.group(2)
            self.seated = sum(self.rows.values())
        if _FLASH_SHOWN in data:
            self.run.stats.refusals += 1
            if self.inflight and player is self.sender:
                self._finish(refused=True)
                return
        if self.inflight and self.arrived[player.seat] < 0:
            self.arrived[player.seat] = now - self.t_send
            self.missing -= 1
            if self.missing == 0:
                self._finish()
        self.changed.set()

    def _read_moves(self, player: Player, data: bytes) -> None:
        """Follows the moves a player's page shows, as htmx applies the server's patches: the
        whole actions part, buttons inserted or replaced by id, deleted ones; and the stamp."""
        if _ACTIONS in data:
            player.moves = {}
        for gone in _GONE.findall(data):
            player.moves.pop(gone, None)
        # not the Undo button (its own part), which the bench never presses
        player.moves.update((k, v) for k, v in _MOVE.findall(data) if _UNDO not in v)
        stamp = _STAMP.search(data)
        if stamp is not None:
            player.stamp = int(stamp.group(1))
        if player.moves:
            self.mover, self.moves = player, list(player.moves.values())
            if self.expect_v is not None:
                if player.stamp != self.expect_v:
                    self.run.stats.version_mismatches += 1
                self.expect_v = None
        elif self.mover is player:
            self.mover, self.moves = None, []

    def on_lost(self, player: Player) -> None:
        if not player.lost and not self.closing:
            self.run.stats.closed_sockets += 1  # the server closed it, or the connection broke
        player.lost = True
        self.closed = True
        self.changed.set()

    # -- sending

    async def send(self, kind: str, sender: Player, text: str, expect_v: int) -> bool:
        """Sends one command; returns once all four sockets have its update (True) or not."""
        run = self.run
        loop = asyncio.get_running_loop()
        self._close_window()
        now = time.perf_counter()
        self.measured = run.t_measure <= now < run.t_end
        self.window = (kind, self.measured, [(p.html, p.wire, p.frames) for p in self.players])
        self.kind, self.sender, self.expect_v = kind, sender, expect_v
        self.arrived = [-1.0] * SEATS
        self.missing = SEATS
        self.done = done = loop.create_future()
        self.timer = loop.call_later(run.timeout, self._timed_out)
        self.inflight = True
        self.t_send = time.perf_counter()
        try:
            await sender.send(text)
        except WebSocketException:
            self.on_lost(sender)
            self._finish(refused=True)
        return await done

    def _finish(self, refused: bool = False) -> None:
        self.inflight = False
        if self.timer is not None:
            self.timer.cancel()
        if refused:
            if self.window is not None:
                self.window = (self.window[0], False, self.window[2])
        elif self.measured:
            stats = self.run.stats
            if self.kind == "act":
                stats.acts += 1
                stats.lat_all.append(max(self.arrived))
                assert self.sender is not None
                stats.lat_mover.append(self.arrived[self.sender.seat])
            else:
                stats.starts += 1
                stats.lat_start.append(max(self.arrived))
        if self.done is not None and not self.done.done():
            self.done.set_result(not refused)

    def _timed_out(self) -> None:
        self.run.stats.timeouts += 1
        self.timer = None
        self._finish(refused=True)

    def _close_window(self) -> None:
        """Records the bytes each viewer received for the previous command."""
        if self.window is None:
            return
        kind, measured, before = self.window
        self.window = None
        if not measured:
            return
        stats = self.run.stats
        act = kind == "act"
        html_sizes = stats.html_act if act else stats.html_start
        wire_sizes = stats.wire_act if act else stats.wire_start
        for player, (html_at, wire_at, frames_at) in zip(self.players, before, strict=True):
            html_sizes.append(player.html - html_at)
            wire_sizes.append(player.wire - wire_at)
            if act:
                stats.frames_act += player.frames - frames_at

    def _move(self) -> tuple[str, int]:
        """Returns a random offered move as htmx would send it, and the version expected next."""
        raw = random.choice(self.moves).decode()
        if "&" in raw:
            raw = html.unescape(raw)
        payload = json.loads(raw)
        assert self.mover is not None and self.mover.stamp is not None
        payload["v"] = self.mover.stamp  # the table includes its stamp in every move
        payload["HEADERS"] = self.headers
        return json.dumps(payload), self.mover.stamp + 1

    # -- the room's life

    async def setup(
        self, http: httpx.AsyncClient, ws_base: str, origin: str, deflate: bool
    ) -> None:
        """Creates the room, three people join, four sockets, everyone sits, the host starts."""
        response = await self._post(http, "/rooms", {"game_id": GAME, "name": f"R{self.index} A"})
        self.code = response.headers["location"].rsplit("/", 1)[1]
        cookies = [_person_cookie(response)]
        for seat in range(1, SEATS):
            name = f"R{self.index} {'ABCD'[seat]}"
            response = await self._post(http, f"/r/{self.code}/join", {"name": name})
            cookies.append(_person_cookie(response))
        self.headers = {
            "HX-Request": "true",
            "HX-Trigger": None,
            "HX-Trigger-Name": None,
            "HX-Target": None,
            "HX-Current-URL": f"{origin}/r/{self.code}",
        }
        url = f"{ws_base}/ws/r/{self.code}"
        await asyncio.gather(
            *(p.open(url, origin, c, deflate) for p, c in zip(self.players, cookies, strict=True))
        )
        self.run.stats.deflate_sockets += sum(
            bool(p.conn is not None and p.conn.protocol.extensions) for p in self.players
        )
        for seat in range(1, SEATS):
            await self.players[seat].send(json.dumps({"cmd": "sit", "seat": seat}))
        await self._until(lambda: self.seated == SEATS and self.startable, "everyone seated")
        self.expect_v = 0
        await self.players[0].send(_START)
        await self._until(lambda: self.mover is not None, "the first move offered")

    async def _post(self, http: httpx.AsyncClient, path: str, form: dict[str, str]) -> Any:
        """Posts a form like a browser; retries server errors (counted), expects a redirect."""
        for attempt in range(SETUP_ATTEMPTS):
            response = await http.post(path, data=form)
            if response.status_code == 303:
                return response
            if response.status_code < 500 or attempt == SETUP_ATTEMPTS - 1:
                break
            self.run.stats.setup_retries += 1
            await asyncio.sleep(0.5 * (attempt + 1))
        raise RuntimeError(f"POST {path}: {response.status_code} {response.text[:200]}")

    async def _until(self, check: Callable[[], bool], what: str, timeout: float = 60) -> None:
        deadline = time.perf_counter() + timeout
        while not check():
            if self.closed:
                raise RuntimeError(f"room {self.code}: a socket closed while waiting for {what}")
            self.changed.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise RuntimeError(f"room {self.code}: timed out waiting for {what}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)

    async def play(self) -> None:
        """Plays moves and rematches at this room's pace until the end of the run."""
        run, stats = self.run, self.run.stats
        interval = run.interval
        due = run.t0 + random.random() * interval
        while not self.closed:
            if interval:
                delay = due - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
            now = time.perf_counter()
            if now >= run.t_end:
                break
            if interval:
                if now >= run.t_measure:
                    stats.send_lag.append(now - due)
                due += interval
                if due < now - interval:
                    stats.skipped += int((now - due) / interval)
                    due = now
            if self.mover is not None:
                text, expect_v = self._move()
                await self.send("act", self.mover, text, expect_v)
            elif self.startable:
                await self.send("start", self.players[0], _START, 0)
            else:
                stats.stalls += 1  # nobody can move and no rematch is offered: should not happen
                await asyncio.sleep(0.1)
        self._close_window()

    async def close(self) -> None:
        self.closing = True
        for player in self.players:
            if player.conn is not None:
                with contextlib.suppress(Exception):
                    await player.conn.close()


def _count_parts(stats: Stats, data: bytes) -> None:
    """Adds the size of each top-level part of a message to the per-part totals."""
    starts = [(m.start(), m.group(1).decode()) for m in _PART.finditer(data)]
    for (begin, name), (end, _next) in zip(starts, [*starts[1:], (len(data), "")], strict=True):
        stats.part_bytes[name] = stats.part_bytes.get(name, 0) + end - begin
        stats.part_sends[name] = stats.part_sends.get(name, 0) + 1


def _person_cookie(response: httpx.Response) -> str:
    for header in response.headers.get_list("set-cookie"):
        name, _sep, rest = header.partition("=")
        if name.strip() == COOKIE:
            return rest.split(";", 1)[0]
    raise RuntimeError(f"no {COOKIE} cookie in the response")


# ---- one client process -------------------------------------------------------------------


def client_main(
    options: dict[str, Any], url: str, origin: str, first: int, count: int, pipe: Any
) -> None:
    """Sets up and plays rooms first..first+count-1; talks to the parent over `pipe`."""
    try:
        random.seed(options["seed"] * 7919 + first)
        _run_loop(_client(options, url, origin, first, count, pipe))
    except BaseException:  # noqa: BLE001 - reported to the parent, which stops the run
        pipe.send(("error", traceback.format_exc()))
    finally:
        pipe.close()


def _run_loop(coroutine: Any) -> Any:
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


async def _client(
    options: dict[str, Any], url: str, origin: str, first: int, count: int, pipe: Any
) -> None:
    loop = asyncio.get_running_loop()
    interval = options["rooms"] / options["rate"] if options["rate"] > 0 else 0.0
    run = Run(interval, options["timeout"], options["part_sizes"])
    rooms = [Room(run, index) for index in range(first, first + count)]
    ws_base = url.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    gate = asyncio.Semaphore(options["setup_concurrency"])

    async def set_up(room: Room) -> None:
        async with gate:
            await room.setup(http, ws_base, origin, not options["no_deflate"])

    no_cookies = CookieJar(DefaultCookiePolicy(allowed_domains=[]))  # every request a stranger
    limits = httpx.Limits(max_connections=options["setup_concurrency"])
    async with httpx.AsyncClient(
        base_url=url, headers={"Origin": origin}, cookies=no_cookies, timeout=120, limits=limits
    ) as http:
        await asyncio.gather(*(set_up(room) for room in rooms))
    pipe.send(("ready", count))
    run.t0, run.t_measure, run.t_end = await loop.run_in_executor(None, pipe.recv)
    monitor = asyncio.create_task(_monitor(run))
    try:
        await asyncio.gather(*(room.play() for room in rooms))
    finally:
        monitor.cancel()
        await asyncio.gather(*(room.close() for room in rooms))
    pipe.send(("done", vars(run.stats)))


async def _monitor(run: Run) -> None:
    """Samples the event loop's lag and the process CPU time over the measured window."""
    period = 0.005
    await asyncio.sleep(max(0.0, run.t_measure - time.perf_counter()))
    cpu_start = time.process_time()
    while time.perf_counter() < run.t_end:
        before = time.perf_counter()
        await asyncio.sleep(period)
        run.stats.loop_lag.append(max(0.0, time.perf_counter() - before - period))
        run.stats.cpu_seconds = time.process_time() - cpu_start


# ---- the parent: server, databases, clients, report --------------------------------------


@contextlib.contextmanager
def scratch_database(kind: str, folder: Path) -> Iterator[str]:
    """Yields the URL of a new empty database, removed afterwards."""
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{folder}/bench.db"
        return
    import psycopg

    admin_url = POSTGRES_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    name = f"gn_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=5) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield f"{POSTGRES_ADMIN_URL.rpartition('/')[0]}/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _proc_status(pid: int | None, field: str) -> float | None:
    """Returns a VmRSS/VmHWM-style field of /proc/<pid>/status, in MiB."""
    if pid is None:
        return None
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_of(pid: int) -> float:
    """Returns a process's user+system CPU seconds so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICK


def _postgres_cpu() -> dict[int, float]:
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                if (entry / "comm").read_text().strip() == "postgres":
                    found[int(entry.name)] = _cpu_of(int(entry.name))
    return found


def _machine_cpu() -> tuple[float, float]:
    """Returns (busy, total) jiffies of all CPUs."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    total = sum(values[:8])
    return total - idle, total


class Sampler:
    """CPU counters of the server, PostgreSQL and the machine, read at two instants."""

    def __init__(self, pid: int | None, postgres: bool) -> None:
        self.pid = pid
        self.postgres = postgres
        self.start: tuple[float, float, dict[int, float], tuple[float, float]] | None = None

    def _read(self) -> tuple[float, float, dict[int, float], tuple[float, float]]:
        server = 0.0
        if self.pid is not None:
            with contextlib.suppress(OSError):
                server = _cpu_of(self.pid)
        return (
            time.perf_counter(),
            server,
            _postgres_cpu() if self.postgres else {},
            _machine_cpu(),
        )

    def begin(self) -> None:
        self.start = self._read()

    def end(self) -> dict[str, float | None]:
        assert self.start is not None
        t0, server0, pg0, (busy0, total0) = self.start
        t1, server1, pg1, (busy1, total1) = self._read()
        wall = t1 - t0
        pg = sum(v - pg0.get(pid, 0.0) for pid, v in pg1.items())
        return {
            "server_cpu_pct": 100 * (server1 - server0) / wall if self.pid else None,
            "postgres_cpu_pct": 100 * pg / wall if self.postgres else None,
            "machine_cpu_pct": 100 * (busy1 - busy0) / max(1, total1 - total0),
        }


def drive(options: dict[str, Any], url: str, origin: str, pid: int | None) -> dict[str, Any]:
    """Forks the client processes, runs the timeline, returns the merged figures."""
    procs = max(1, min(options["procs"], options["rooms"]))
    context = multiprocessing.get_context("fork")
    figures: dict[str, Any] = {"rss_start_mib": _proc_status(pid, "VmRSS")}
    children, pipes = [], []
    first = 0
    t_setup = time.perf_counter()
    for index in range(procs):
        count = options["rooms"] // procs + (1 if index < options["rooms"] % procs else 0)
        ours, theirs = context.Pipe()
        child = context.Process(
            target=client_main, args=(options, url, origin, first, count, theirs), daemon=True
        )
        child.start()
        theirs.close()
        children.append(child)
        pipes.append(ours)
        first += count
    try:
        for pipe in pipes:
            _expect(pipe, "ready", 3600)
        figures["setup_seconds"] = time.perf_counter() - t_setup
        figures["rss_after_setup_mib"] = _proc_status(pid, "VmRSS")
        t0 = time.perf_counter() + 0.3
        t_measure = t0 + options["warmup"]
        t_end = t_measure + options["seconds"]
        for pipe in pipes:
            pipe.send((t0, t_measure, t_end))
        sampler = Sampler(pid, options["db"] == "postgres")
        time.sleep(max(0.0, t_measure - time.perf_counter()))
        sampler.begin()
        if options["phases"] and pid is not None:
            os.kill(pid, signal.SIGUSR2)  # bench.phases: start counting
        time.sleep(max(0.0, t_end - time.perf_counter()))
        if options["phases"] and pid is not None:
            os.kill(pid, signal.SIGUSR1)  # bench.phases: write the totals
        figures.update(sampler.end())
        figures["rss_end_mib"] = _proc_status(pid, "VmRSS")
        figures["rss_peak_mib"] = _proc_status(pid, "VmHWM")
        results = [_expect(pipe, "done", options["timeout"] + 120) for pipe in pipes]
    finally:
        for child in children:
            child.join(timeout=30)
            if child.is_alive():
                child.kill()
                child.join()
    return summarise(options, procs, results, figures)


def _expect(pipe: Any, kind: str, timeout: float) -> Any:
    if not pipe.poll(timeout):
        raise RuntimeError(f"a client process sent nothing for {timeout:.0f} s (waiting: {kind})")
    got, payload = pipe.recv()
    if got == "error":
        raise RuntimeError(f"a client process failed:\n{payload}")
    if got != kind:
        raise RuntimeError(f"a client process sent {got!r}, expected {kind!r}")
    return payload


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))]


def _ms(values: list[float]) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for name, q in (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100)):
        value = _percentile(values, q)
        out[name] = None if value is None else round(value * 1000, 2)
    return out


def _sizes(values: list[int]) -> dict[str, float | None]:
    if not values:
        return {"mean": None, "p99": None, "max": None}
    return {
        "mean": round(sum(values) / len(values), 1),
        "p99": _percentile(values, 99),  # type: ignore[arg-type]
        "max": max(values),
    }


def summarise(
    options: dict[str, Any], procs: int, results: list[dict[str, Any]], figures: dict[str, Any]
) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for result in results:
        for key, value in result.items():
            if isinstance(value, list):
                merged.setdefault(key, []).extend(value)
            elif isinstance(value, dict):
                totals = merged.setdefault(key, {})
                for name, number in value.items():
                    totals[name] = totals.get(name, 0) + number
            else:
                merged[key] = merged.get(key, 0) + value
    seconds = options["seconds"]
    act_viewers = len(merged["html_act"])
    out: dict[str, Any] = {
        "rooms": options["rooms"],
        "sockets": options["rooms"] * SEATS,
        "db": options["db"],
        "target_rate": options["rate"],
        "seconds": seconds,
        "warmup": options["warmup"],
        "procs": procs,
        "deflate": merged["deflate_sockets"] > 0,  # negotiated: offered and accepted
        "launch": "url" if options["url"] else options["launch"],
        "server_ws": None if options["url"] else options["server_ws"],
        "actions_per_s": round(merged["acts"] / seconds, 1),
        "rematches_per_s": round(merged["starts"] / seconds, 2),
        "actions": merged["acts"],
        "latency_all_ms": _ms(merged["lat_all"]),
        "latency_mover_ms": _ms(merged["lat_mover"]),
        "latency_rematch_ms": _ms(merged["lat_start"]),
        "bytes_per_viewer_update": _sizes(merged["html_act"]),
        "wire_bytes_per_viewer_update": _sizes(merged["wire_act"]),
        "messages_per_viewer_update": round(merged["frames_act"] / act_viewers, 3)
        if act_viewers
        else None,
        "bytes_per_viewer_rematch": _sizes(merged["html_start"]),
        "refusals": merged["refusals"],
        "timeouts": merged["timeouts"],
        "version_mismatches": merged["version_mismatches"],
        "stalls": merged["stalls"],
        "skipped_slots": merged["skipped"],
        "closed_sockets": merged["closed_sockets"],
        "setup_retries": merged["setup_retries"],
        "send_lag_ms": _ms(merged["send_lag"]),
        "client_loop_lag_ms": _ms(merged["loop_lag"]),
        "client_cpu_pct": round(100 * merged["cpu_seconds"] / seconds, 1),
    }
    ours = sum(figures.get(k) or 0.0 for k in ("server_cpu_pct", "postgres_cpu_pct"))
    if figures.get("machine_cpu_pct") is not None:
        machine = figures["machine_cpu_pct"] * (os.cpu_count() or 1)
        out["other_cpu_pct"] = round(max(0.0, machine - ours - out["client_cpu_pct"]), 1)
    if options["part_sizes"] and act_viewers:
        total = sum(merged["part_bytes"].values()) or 1
        out["parts"] = {
            name: {
                "sent_pct": round(100 * merged["part_sends"][name] / act_viewers, 1),
                "mean_bytes_when_sent": round(size / merged["part_sends"][name]),
                "share_pct": round(100 * size / total, 1),
            }
            for name, size in sorted(merged["part_bytes"].items(), key=lambda kv: -kv[1])
        }
    for key, value in figures.items():
        out[key] = round(value, 1) if isinstance(value, float) else value
    lat, size = out["latency_all_ms"], out["bytes_per_viewer_update"]
    out["meets_target"] = bool(
        lat["p50"] is not None
        and lat["p50"] <= TARGET["p50_ms"]
        and lat["p99"] <= TARGET["p99_ms"]
        and size["p99"] is not None
        and size["p99"] <= TARGET["bytes"]
    )
    return out


def render_table(out: dict[str, Any]) -> str:
    def lat(key: str) -> str:
        v = out[key]
        if v["p50"] is None:
            return "no samples"
        return f"p50 {v['p50']:.2f}  p90 {v['p90']:.2f}  p99 {v['p99']:.2f}  max {v['max']:.2f}"

    def size(key: str) -> str:
        v = out[key]
        return (
            "no samples"
            if v["mean"] is None
            else (f"mean {v['mean']:.0f}  p99 {v['p99']}  max {v['max']}")
        )

    def num(value: Any, unit: str = "") -> str:
        return "n/a" if value is None else f"{value}{unit}"

    rate = "as fast as possible" if not out["target_rate"] else f"{out['target_rate']} actions/s"
    rows = [
        (
            "rooms / sockets",
            f"{out['rooms']} / {out['sockets']}  (db {out['db']}, "
            f"{out['procs']} client process(es), deflate {'on' if out['deflate'] else 'off'}, "
            f"launch {out['launch']}, ws {out['server_ws'] or 'as the server runs'})",
        ),
        ("offered load", f"{rate}; {out['seconds']} s measured after {out['warmup']} s warm-up"),
        (
            "actions/s achieved",
            f"{out['actions_per_s']}  ({out['actions']} moves, "
            f"{out['rematches_per_s']} rematches/s)",
        ),
        ("latency to all 4 sockets, ms", lat("latency_all_ms")),
        ("latency to the mover, ms", lat("latency_mover_ms")),
        ("rematch latency, ms", lat("latency_rematch_ms")),
        ("bytes/viewer/update (message)", size("bytes_per_viewer_update")),
        ("bytes/viewer/update (wire)", size("wire_bytes_per_viewer_update")),
        ("messages/viewer/update", num(out["messages_per_viewer_update"])),
        ("bytes/viewer/rematch (message)", size("bytes_per_viewer_rematch")),
        (
            "refusals / timeouts / v-mismatch",
            f"{out['refusals']} / {out['timeouts']} / {out['version_mismatches']}",
        ),
        (
            "stalls / skipped slots / closed",
            f"{out['stalls']} / {out['skipped_slots']} / {out['closed_sockets']}",
        ),
        ("send lag behind schedule, ms", lat("send_lag_ms")),
        ("client loop lag, ms", lat("client_loop_lag_ms")),
        (
            "CPU % of one core",
            f"server {num(out.get('server_cpu_pct'))}  postgres "
            f"{num(out.get('postgres_cpu_pct'))}  clients {out['client_cpu_pct']}  other "
            f"processes {num(out.get('other_cpu_pct'))}  (machine "
            f"{num(out.get('machine_cpu_pct'))} % of all {os.cpu_count()} cores)",
        ),
        (
            "server RSS, MiB",
            f"start {num(out.get('rss_start_mib'))}  after setup "
            f"{num(out.get('rss_after_setup_mib'))}  end {num(out.get('rss_end_mib'))}  peak "
            f"{num(out.get('rss_peak_mib'))}",
        ),
        (
            "setup time, s",
            f"{num(out.get('setup_seconds'))}  ({out['setup_retries']} HTTP 5xx retried)",
        ),
        ("target p50<=5 p99<=50 ms, <=2 KB", "met" if out["meets_target"] else "NOT met"),
    ]
    for name, part in out.get("parts", {}).items():
        rows.append(
            (
                f"  part {name}",
                f"in {part['sent_pct']}% of updates, {part['mean_bytes_when_sent']} B when sent, "
                f"{part['share_pct']}% of bytes",
            )
        )
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    description = (__doc__ or "").split("\n", 1)[0]
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=description)
    parser.add_argument("--rooms", type=int, default=100, help="four-player rooms (default 100)")
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--seconds", type=float, default=30, help="measured time (default 30)")
    parser.add_argument("--warmup", type=float, default=3, help="unmeasured start (default 3)")
    parser.add_argument(
        "--rate",
        type=float,
        default=500,
        help="total actions/s across all rooms; 0 = as fast as possible",
    )
    parser.add_argument("--procs", type=int, default=1, help="client processes (default 1)")
    parser.add_argument("--url", help="target an already running server instead of starting one")
    parser.add_argument(
        "--launch",
        choices=("port", "fd"),
        default="port",
        help="how to start the server: uvicorn --host/--port like scripts/serve (default), "
        "or LiveServer's --fd exactly as the tests do",
    )
    parser.add_argument("--origin", help="Origin header (default: the server URL)")
    parser.add_argument("--server-pid", type=int, help="with --url: read RSS/CPU of this PID")
    parser.add_argument(
        "--timeout", type=float, default=30, help="give up on a command after (default 30 s)"
    )
    parser.add_argument(
        "--setup-concurrency", type=int, default=32, help="rooms being created at once (default 32)"
    )
    parser.add_argument(
        "--no-deflate", action="store_true", help="the client does not offer permessage-deflate"
    )
    parser.add_argument(
        "--phases",
        action="store_true",
        help="run the server it starts under bench.phases and print its CPU per move by phase "
        "(4 Pints moves: the engine phase is its rules')",
    )
    parser.add_argument(
        "--server-deflate",
        action="store_true",
        help="start the server with permessage-deflate on (GAMENIGHT_WS_DEFLATE=true; off by "
        "default, as in scripts/serve)",
    )
    parser.add_argument(
        "--server-ws",
        default="websockets-sansio",
        choices=("websockets-sansio", "websockets", "auto"),
        help="uvicorn's WebSocket implementation for the server it starts (default "
        "websockets-sansio, as scripts/serve and the image)",
    )
    parser.add_argument(
        "--part-sizes", action="store_true", help="also split message bytes by part (slower)"
    )
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args(argv)


@contextlib.contextmanager
def _env(**values: str) -> Iterator[None]:
    """Sets environment variables (the server started meanwhile inherits them), then restores."""
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class PortServer(LiveServer):
    """LiveServer listening like production: uvicorn binds --host/--port itself (scripts/serve).

    LiveServer hands uvicorn a bound socket (--fd); it sets TCP_NODELAY on it, so both launch
    modes now measure the same (4 rooms at full speed: 470 moves/s with --launch fd). The
    default stays the production way of listening.
    """

    def _listen(self) -> tuple[list[str], tuple[int, ...]]:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        return ["--host", "127.0.0.1", "--port", str(self.port)], ()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.rooms < 1 or args.rate < 0 or args.seconds <= 0:
        raise SystemExit("--rooms must be >= 1, --rate >= 0 and --seconds > 0")
    options = vars(args)
    with contextlib.ExitStack() as stack:
        if args.url:
            url, pid = args.url.rstrip("/"), args.server_pid
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="gn-bench-")))
            database_url = stack.enter_context(scratch_database(args.db, folder))
            launcher = LiveServer if args.launch == "fd" else PortServer
            runner = ("-m", "bench.phases") if args.phases else ("-m", "uvicorn")
            server = launcher(database_url, folder, ws=args.server_ws, runner=runner)
            if args.phases:
                phases_file = folder / "phases.json"
                stack.enter_context(_env(GAMENIGHT_BENCH_PHASES=str(phases_file)))
            stack.callback(server.close)  # terminates the server by its PID
            if args.server_deflate:
                stack.enter_context(_env(GAMENIGHT_WS_DEFLATE="true"))
            server.start()
            assert server.process is not None
            url, pid = server.url, server.process.pid
        print(
            f"server {url} (pid {pid}), db {args.db}: setting up {args.rooms} rooms...",
            file=sys.stderr,
            flush=True,
        )
        out = drive(options, url, args.origin or url, pid)
        if args.phases:
            out["phases"] = _read_phases(phases_file)
    print(render_table(out))
    if args.phases:
        print(phases.table(out["phases"], max(1, out["actions"])))
    print(json.dumps(out, sort_keys=True))
    return 0


def _read_phases(path: Path) -> dict[str, list[int]]:
    """Returns what the server's bench.phases wrote when told to (it may take a moment)."""
    deadline = time.monotonic() + 10
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.2)  # written in one call; let it finish
    return json.loads(path.read_text(encoding="utf-8"))


if __name__ == "__main__":
    sys.exit(main())
