"""Load run: rooms of six Speedy Pickers players clicking in their scenes during the search.

Run from the repository root:

    .venv/bin/python -m bench.pickers_load --rooms 100 --seconds 30
    .venv/bin/python -m bench.pickers_load --rooms 20 --db postgres
    .venv/bin/python -m bench.pickers_load --rooms 10 --url http://127.0.0.1:8000 --server-pid 1234
    .venv/bin/python -m bench.pickers_load --rooms 20 --painting-workers 0   # one thread paints

What it does
------------
Unless --url is given it starts the real server (bench.load's PortServer: uvicorn in a
subprocess binding like scripts/serve, stopped by its PID) on a scratch database. Per room,
through the real endpoints: POST /rooms for Speedy Pickers (beginner, the longest sand timer,
300 s, so the measured window is one search), five joins, one WebSocket per person (Origin and
cookie as a browser), `sit` for seats 1-5 and the host's `start`. It waits until every socket
shows the search, then fetches every seat's scene once, as each page does (`GET
/rooms/{code}/pictures/scene`, with the person's cookie: the server has had it painted since
it first showed the seat its table, in its painting processes (`--painting-workers`, the
server's GAMENIGHT_PAINTING_WORKERS; 0: one thread); the time to the last scene is reported).
The server's CPU and RSS are its own process's, without its painting processes.

Then every person clicks at a human pace: after a pause drawn uniformly from 2-5 s, they pick
one of the tiles their moves part offers and click a random point of their scene (the move
their page would send: the point step's action, x and y, and `v`), or, when the shared pool
of magnifiers runs low (an empty pool ends the search in beginner mode, and this run measures
the search), take one of their marks back (a button); should a search end all the same, they
press "ready" (timed apart). So the server does what a click costs: the hit test on the seat's
own painted scene, the race check, the commit, and every screen's update.

Latency is the time from sending a click to EVERY socket of the room (the clicker's included)
having a message that arrived after the send. It is exact because each room has at most one
click in flight (a person whose turn to click comes while another's is in flight waits for it;
at these rates that is rare, and the wait is reported as "queued"), and nothing else writes to a
room. A refused click (another was first to that tile, or the clicker's table had moved on)
reaches the clicker alone, as a flash message: it is counted, not timed. Arrival times are taken
when the client's reader gets each message; the client's own event-loop lag is reported, as it
would inflate every figure. The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from app.identity import COOKIE
from bench.load import PortServer, Sampler, _ms, _proc_status, scratch_database
from tests.support.tabs import point_steps

SEATS = 6
WIDTH, HEIGHT = 1600, 1000
TARGET_P99_MS = 50.0
_BUTTON = re.compile(r"hx-vals='(\{[^']*\"kind\": \"take_back\"[^']*)'")
_POOL = re.compile(r"(\d+) magnifiers? left in the pool")
_READY = re.compile(r"hx-vals='(\{\"kind\": \"ready\"[^']*)'")
_ACTIONS = re.compile(r'<div id="actions">.*?(?=<div id="|<section id="|<ol id="|\Z)', re.S)
_FLASH_SHOWN = 'class="flash shown"'


@dataclass
class Person:
    """One seat's socket: the latest moves part it was sent, and when messages arrived."""

    name: str
    cookie: str
    socket: Any = None
    actions: str = ""
    pool: int = 0  # magnifiers left in the shared pool, as the status says
    arrived: list[float] = field(default_factory=list)  # arrival times since the last send
    flashed: bool = False
    reader: asyncio.Task[None] | None = None

    async def read(self) -> None:
        async for message in self.socket:
            text = message if isinstance(message, str) else message.decode()
            self.arrived.append(time.perf_counter())
            found = _ACTIONS.findall(text)  # the last: a new table's skeleton has an empty one
            if found:
                self.actions = found[-1]
            pool = _POOL.findall(text)
            if pool:
                self.pool = int(pool[-1])
            if _FLASH_SHOWN in text:
                self.flashed = True

    def click(self, rng: random.Random) -> dict[str, Any] | None:
        """Returns the move this person's page would send now: a tile and a point, or one of
        their marks taken back when the shared pool runs low (an empty pool ends the search,
        and this run measures the search), or "ready" between turns; None for nothing."""
        steps = point_steps(self.actions)
        backs = _BUTTON.findall(self.actions)
        if backs and (not steps or self.pool <= SEATS):
            return json.loads(html.unescape(rng.choice(backs)))
        if steps:
            return {**rng.choice(steps), "x": rng.randrange(WIDTH), "y": rng.randrange(HEIGHT)}
        ready = _READY.findall(self.actions)
        return json.loads(html.unescape(ready[0])) if ready else None


@dataclass
class Figures:
    marks: list[float] = field(default_factory=list)
    takebacks: list[float] = field(default_factory=list)
    others: list[float] = field(default_factory=list)  # "ready", should a search end
    queued: list[float] = field(default_factory=list)
    refused: int = 0
    timeouts: int = 0
    idle: int = 0  # turns to click with nothing to click


class Room:
    def __init__(self, code: str, people: list[Person]) -> None:
        self.code = code
        self.people = people
        self.lock = asyncio.Lock()  # one click in flight per room: exact matching

    async def click(self, person: Person, move: dict[str, Any], figures: Figures,
                    timeout: float) -> None:  # fmt: skip
        asked = time.perf_counter()
        async with self.lock:
            figures.queued.append(time.perf_counter() - asked)
            for other in self.people:
                other.arrived.clear()
            person.flashed = False
            sent = time.perf_counter()
            await person.socket.send(json.dumps({**move, "HEADERS": {}}))
            deadline = sent + timeout
            while True:
                if person.flashed:
                    figures.refused += 1
                    return
                if all(other.arrived for other in self.people):
                    latency = max(other.arrived[0] for other in self.people) - sent
                    kinds = {"mark": figures.marks, "take_back": figures.takebacks}
                    kinds.get(move["kind"], figures.others).append(latency)
                    return
                if time.perf_counter() > deadline:
                    figures.timeouts += 1
                    return
                await asyncio.sleep(0.0005)


async def open_room(url: str, index: int) -> Room:
    """Creates a room, seats six people and starts the search; returns it once every socket
    shows the search."""
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}) as client:
        form = {"game_id": "speedy_pickers", "name": f"P{index}-0", "mode": "beginner",
                "seconds": "300", "listed": ""}  # fmt: skip
        response = await client.post("/rooms", data=form)
        code = response.headers["location"].rsplit("/", 1)[1]
        people = [Person(f"P{index}-0", client.cookies[COOKIE])]
    for seat in range(1, SEATS):
        async with httpx.AsyncClient(base_url=url, headers={"Origin": url}) as client:
            await client.post(f"/r/{code}/join", data={"name": f"P{index}-{seat}"})
            people.append(Person(f"P{index}-{seat}", client.cookies[COOKIE]))
    ws = url.replace("http://", "ws://") + f"/ws/r/{code}"
    for person in people:
        headers = {"Origin": url, "Cookie": f"{COOKIE}={person.cookie}"}
        person.socket = await websockets.connect(ws, additional_headers=headers, max_size=2**22)
        person.reader = asyncio.get_running_loop().create_task(person.read())
    for seat, person in enumerate(people[1:], start=1):
        await person.socket.send(json.dumps({"cmd": "sit", "seat": seat}))
        await asyncio.sleep(0.05)
    for _attempt in range(20):  # the sits may still be on their way: start again until it does
        await asyncio.sleep(0.25)
        await people[0].socket.send(json.dumps({"cmd": "start"}))
        with contextlib.suppress(TimeoutError):
            await _until(lambda: all("point-step" in p.actions for p in people), 2)
            return Room(code, people)
    raise TimeoutError(f"room {code} did not start its search")


async def _until(check: Any, timeout: float) -> None:
    deadline = time.perf_counter() + timeout
    while not check():
        if time.perf_counter() > deadline:
            raise TimeoutError("a room did not get to its search")
        await asyncio.sleep(0.02)


async def fetch_scenes(url: str, rooms: list[Room]) -> float:
    """Fetches every seat's scene as its page would; returns the seconds until the last."""
    began = time.perf_counter()

    async def fetch(room: Room, person: Person) -> None:
        cookies = {COOKIE: person.cookie}
        async with httpx.AsyncClient(base_url=url, cookies=cookies, timeout=600) as client:
            response = await client.get(f"/rooms/{room.code}/pictures/scene")
            assert response.status_code == 200, response.status_code

    await asyncio.gather(*(fetch(room, person) for room in rooms for person in room.people))
    return time.perf_counter() - began


async def play(room: Room, person: Person, figures: Figures, until: float, rng: random.Random,
               timeout: float) -> None:  # fmt: skip
    while True:
        await asyncio.sleep(rng.uniform(2.0, 5.0))
        if time.perf_counter() >= until:
            return
        move = person.click(rng)
        if move is None:
            figures.idle += 1
            continue
        await room.click(person, move, figures, timeout)


async def lag_probe(until: float, lags: list[float]) -> None:
    while time.perf_counter() < until:
        asked = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append(time.perf_counter() - asked - 0.05)


async def run(args: argparse.Namespace, url: str, pid: int | None) -> dict[str, Any]:
    rooms: list[Room] = []
    setup = time.perf_counter()
    for start in range(0, args.rooms, 8):  # a few rooms at a time: joins are HTTP round trips
        batch = range(start, min(args.rooms, start + 8))
        rooms += await asyncio.gather(*(open_room(url, index) for index in batch))
    setup = time.perf_counter() - setup
    painted = await fetch_scenes(url, rooms)
    rss_after_setup = _proc_status(pid, "VmRSS")
    figures, lags = Figures(), []
    rng = random.Random(args.seed)
    sampler = Sampler(pid, args.db == "postgres")
    sampler.begin()
    until = time.perf_counter() + args.seconds
    players = [
        play(room, person, figures, until, random.Random(rng.random()), args.timeout)
        for room in rooms
        for person in room.people
    ]
    await asyncio.gather(lag_probe(until, lags), *players)
    cpu = sampler.end()
    for room in rooms:
        for person in room.people:
            await person.socket.close()
    clicks = len(figures.marks) + len(figures.takebacks)
    return {
        "rooms": args.rooms,
        "painting_workers": args.painting_workers,
        "sockets": args.rooms * SEATS,
        "seconds": args.seconds,
        "setup_s": round(setup, 1),
        "scenes_painted_s": round(painted, 1),
        "clicks": clicks,
        "clicks_per_s": round(clicks / args.seconds, 1),
        "marks_ms": _ms(figures.marks),
        "takebacks_ms": _ms(figures.takebacks),
        "all_clicks_ms": _ms(figures.marks + figures.takebacks),
        "others_ms": _ms(figures.others),
        "queued_ms": _ms(figures.queued),
        "refused": figures.refused,
        "timeouts": figures.timeouts,
        "nothing_to_click": figures.idle,
        "client_loop_lag_ms": _ms(lags),
        "server_rss_mib": {
            "after_setup": rss_after_setup,
            "end": _proc_status(pid, "VmRSS"),
            "peak": _proc_status(pid, "VmHWM"),
        },  # fmt: skip
        **cpu,
        "target_p99_ms": TARGET_P99_MS,
    }


def render(out: dict[str, Any]) -> str:
    lines = [
        f"{out['rooms']} rooms × {SEATS} players ({out['sockets']} sockets), "
        f"{out['seconds']} s of search, {out['clicks']} clicks ({out['clicks_per_s']}/s)",
        f"set-up {out['setup_s']} s; "
        f"every scene painted and fetched in {out['scenes_painted_s']} s",
    ]
    for name in ("marks_ms", "takebacks_ms", "all_clicks_ms", "queued_ms", "client_loop_lag_ms"):
        f = out[name]
        lines.append(f"{name:>20}: p50 {f['p50']}  p90 {f['p90']}  p99 {f['p99']}  max {f['max']}")
    lines.append(f"refused {out['refused']}, timeouts {out['timeouts']}, "
                 f"nothing to click {out['nothing_to_click']}")  # fmt: skip
    lines.append(f"server CPU {out['server_cpu_pct']}%, machine {out['machine_cpu_pct']}%, "
                 f"RSS {out['server_rss_mib']}")  # fmt: skip
    p99 = out["all_clicks_ms"]["p99"]
    verdict = "met" if p99 is not None and p99 < TARGET_P99_MS else "NOT met"
    lines.append(f"target: p99 click -> every screen under {TARGET_P99_MS} ms: {verdict}")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--url", help="a running server to target instead of starting one")
    parser.add_argument("--server-pid", type=int, help="its PID, for CPU and RSS")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--painting-workers", type=int, help="the server's painting processes")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with contextlib.ExitStack() as stack:
        if args.url:
            url, pid = args.url.rstrip("/"), args.server_pid
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="gn-bench-")))
            database_url = stack.enter_context(scratch_database(args.db, folder))
            settings = {}
            if args.painting_workers is not None:
                settings["GAMENIGHT_PAINTING_WORKERS"] = str(args.painting_workers)
            server = PortServer(database_url, folder, settings=settings)
            stack.callback(server.close)  # terminates the server by its PID
            server.start()
            assert server.process is not None
            url, pid = server.url, server.process.pid
        print(f"server {url} (pid {pid}): setting up {args.rooms} rooms...", file=sys.stderr)
        out = asyncio.run(run(args, url, pid))
    print(render(out))
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
