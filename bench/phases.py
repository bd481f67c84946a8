"""Where a server's CPU goes, by phase of a move: run uvicorn with the phases timed.

`bench.load --phases` starts the server as `python -m bench.phases <uvicorn arguments>`.
This wraps the functions a move passes through with timers of the thread's CPU time (not
the wall clock, so other processes on the machine do not inflate them), starts counting
on SIGUSR2 and writes the totals as JSON to `$GAMENIGHT_BENCH_PHASES` on SIGUSR1; the
benchmark sends both around its measured window and prints the table.

A coroutine is timed step by step (`_Timed`): only while it runs, never while it waits,
so a phase that awaits the database counts its own CPU and not that of the other tasks
that ran meanwhile. Phases nest (the render inside a move's handling); the garbage
collector's passes are counted where they happen and also on their own. cProfile, the
other way to see this, slowed Python-heavy code (templates) several times more than the
compiled parts (uvloop, asyncpg, the kernel's socket writes), which misplaced the budget.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Generator
from typing import Any

_clock = time.thread_time_ns

_WS = "uvicorn.protocols.websockets.websockets_sansio_impl"
_PROTOCOL = "WebSocketsSansIOProtocol"

# (module, attribute path, phase name): what a 4 Pints move passes through, outside in.
PHASES = (
    (_WS, f"{_PROTOCOL}.data_received", "frames in"),
    (_WS, f"{_PROTOCOL}.send_keepalive_ping", "keepalive pings"),
    ("app.web.connection", "Connection._read", "reader task"),
    ("app.rooms.live", "LiveRoom.handle", "  handle a command"),
    ("app.rooms.live", "LiveRoom._apply", "    apply, log, show"),
    ("app.games.four_pints.rules", "FourPints.apply", "      engine apply"),
    ("app.rooms.store", "Store.append_action", "      append (own CPU)"),
    ("app.rooms.live", "LiveRoom._advance", "      advance"),
    ("app.rooms.live", "LiveRoom._changed", "      render and queue"),
    ("app.web.connection", "Connection._diff", "        per-tab diffs"),
    ("app.rooms.action_log", "ActionLog._write", "log writer task"),
    ("app.rooms.action_log", "AsyncRows.insert", "  database insert"),
    ("app.web.connection", "Connection._write", "socket writer tasks"),
    (_WS, f"{_PROTOCOL}.send", "  frames out"),
)  # fmt: skip


class _Totals:
    def __init__(self) -> None:
        self.ns: dict[str, int] = {}
        self.calls: dict[str, int] = {}
        self.started = (0, 0.0)

    def add(self, name: str, ns: int, calls: int = 1) -> None:
        self.ns[name] = self.ns.get(name, 0) + ns
        self.calls[name] = self.calls.get(name, 0) + calls


_totals = _Totals()


class _Timed:
    """Awaits a coroutine, counting the CPU of its steps (not the time it waits)."""

    __slots__ = ("coro", "name")

    def __init__(self, coro: Any, name: str) -> None:
        self.coro, self.name = coro, name

    def __await__(self) -> Generator[Any, Any, Any]:
        coro, name, sent, error = self.coro, self.name, None, None
        calls = 1
        while True:
            started = _clock()
            try:
                yielded = coro.throw(error) if error is not None else coro.send(sent)
            except StopIteration as done:
                _totals.add(name, _clock() - started, calls)
                return done.value
            except BaseException:
                _totals.add(name, _clock() - started, calls)
                raise
            _totals.add(name, _clock() - started, calls)
            calls = 0  # one call, however many steps
            try:
                sent, error = (yield yielded), None
            except BaseException as thrown:  # noqa: BLE001 - handed on to the coroutine
                sent, error = None, thrown


def _timed(function: Callable[..., Any], name: str) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(function):

        async def timed_coroutine(*args: Any, **kwargs: Any) -> Any:
            return await _Timed(function(*args, **kwargs), name)

        return timed_coroutine

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = _clock()
        try:
            return function(*args, **kwargs)
        finally:
            _totals.add(name, _clock() - started)

    return timed


def install() -> None:
    for module_name, path, name in PHASES:
        owner: Any = importlib.import_module(module_name)
        *outer, attribute = path.split(".")
        for part in outer:
            owner = getattr(owner, part)
        setattr(owner, attribute, _timed(getattr(owner, attribute), name))
    collecting = [0]

    def collector(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collecting[0] = _clock()
        else:
            _totals.add(f"gc generation {info['generation']}", _clock() - collecting[0])

    gc.callbacks.append(collector)
    signal.signal(signal.SIGUSR2, _begin)
    signal.signal(signal.SIGUSR1, _end)


def _begin(*_: Any) -> None:
    _totals.ns.clear()
    _totals.calls.clear()
    _totals.started = (_clock(), time.process_time())


def _end(*_: Any) -> None:
    thread0, process0 = _totals.started
    figures = {
        "main thread": [_clock() - thread0, 1],
        "whole process": [round((time.process_time() - process0) * 1e9), 1],
        **{name: [ns, _totals.calls[name]] for name, ns in _totals.ns.items()},
    }
    path = os.environ.get("GAMENIGHT_BENCH_PHASES")
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(figures, out)


def table(figures: dict[str, list[int]], moves: int) -> str:
    """Returns the phases as µs of CPU per move, in the order of `PHASES`."""
    order = ["whole process", "main thread", *(name for _m, _p, name in PHASES)]
    order += sorted(name for name in figures if name.startswith("gc "))
    lines = ["CPU per move by phase (µs; phases nest, indented; gc counted where it runs too)"]
    for name in order:
        if name in figures:
            ns, calls = figures[name]
            # Long-lived tasks are one call in all; their steps are not counted as calls.
            per_move = f"   ({calls / moves:.2f} calls/move)" if calls * 100 >= moves else ""
            lines.append(f"  {name:<34}{ns / 1000 / moves:8.1f}{per_move}")
    return "\n".join(lines)


def main() -> None:
    install()
    import uvicorn.main

    sys.argv = ["uvicorn", *sys.argv[1:]]
    uvicorn.main.main()


if __name__ == "__main__":
    main()
