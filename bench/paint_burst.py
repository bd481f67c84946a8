"""Speedy Pickers: N rooms starting at once, time until every scene is painted (in process).

    .venv/bin/python -m bench.paint_burst --rooms 20                 # the default: processes
    .venv/bin/python -m bench.paint_burst --rooms 20 --workers 0     # one thread (the fallback)

The server's own easel (`app/rooms/pictures.py`) with the registry's painter is asked, at one
instant, for the first turn's scenes of `--rooms` six-seat rooms (each room its own seed, each
seat its own scene index, as a game deals them), as a hundred hosts pressing "start" together
would. It reports the time until the last scene is painted and kept (ready for the page's
image and the hit test), scenes per second, the CPU seconds per scene (this process and its
workers: what contention on a shared machine does not change), and how late the event loop
ran meanwhile: a
probe asks to wake every 10 ms and records how much later it did (the clicks of every room
wait that long). A first room is painted before the burst ("warm-up", its time printed), so
the workers have rasterised their emoji and the burst measures what every later game pays.
`--workers` is `GAMENIGHT_PAINTING_WORKERS` (default: cores - 1, at least 1; 0: one thread).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from app.config import Settings
from app.games.core.pictures import Picture
from app.pictures.registry import painter
from app.pictures.speedy_pickers.compose import HEIGHT, WIDTH
from app.pictures.speedy_pickers.painter import NAME
from app.pictures.speedy_pickers.styles import STYLES
from app.rooms.pictures import Easel

SEATS = 6
_PROBE_S = 0.010


def scenes(room: int, seed: int) -> list[Picture]:
    """Returns a room's first-turn scenes, one per seat."""
    scene_seed = seed * 100_000 + room
    return [
        Picture(NAME, (scene_seed, (room + seat) % len(STYLES), False, None, False), WIDTH, HEIGHT)
        for seat in range(SEATS)
    ]


async def probe(stop: asyncio.Event, lags: list[float]) -> None:
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(_PROBE_S)
        lags.append(time.perf_counter() - asked - _PROBE_S)


async def burst(easel: Easel, pictures: list[Picture]) -> tuple[float, float, list[float]]:
    """Prepares every picture at once; returns the seconds until all are painted, the CPU
    seconds this process and its workers spent meanwhile, and the event loop's lags."""
    stop, lags = asyncio.Event(), list[float]()
    watcher = asyncio.get_running_loop().create_task(probe(stop, lags))
    began, cpu = time.perf_counter(), cpu_seconds()
    for picture in pictures:
        easel.prepare(picture)
    await asyncio.gather(*(easel.painted(picture) for picture in pictures))
    took, cpu = time.perf_counter() - began, cpu_seconds() - cpu
    stop.set()
    await watcher
    return took, cpu, lags


def cpu_seconds() -> float:
    """Returns the CPU time of this process and of its children (the painting workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = time.process_time()
    for child in _children():
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def workers_rss_mib() -> float:
    """Returns the resident memory of this process's children (the painting workers)."""
    total = 0
    for child in _children():
        for line in Path(f"/proc/{child}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return round(total / 1024, 1)


def _children() -> list[str]:
    me = os.getpid()
    return Path(f"/proc/{me}/task/{me}/children").read_text().split()


def ms(values: list[float]) -> dict[str, float]:
    ordered = sorted(values) or [0.0]
    return {
        "p50": round(statistics.median(ordered) * 1000, 1),
        "p99": round(ordered[int(len(ordered) * 0.99)] * 1000, 1),
        "max": round(ordered[-1] * 1000, 1),
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    easel = Easel(painter, size=(args.rooms + 1) * SEATS, processes=args.workers)
    try:
        warm, _cpu, _lags = await burst(easel, scenes(-1, args.seed))
        took, cpu, lags = await burst(
            easel, [p for room in range(args.rooms) for p in scenes(room, args.seed)]
        )
        where = "processes" if easel.in_processes else "thread"
        rss = workers_rss_mib() if easel.in_processes else None
    finally:
        easel.close()
    count = args.rooms * SEATS
    return {
        "rooms": args.rooms,
        "scenes": count,
        "workers": args.workers,
        "painted_in": where,
        "warm_up_s": round(warm, 2),
        "all_painted_s": round(took, 2),
        "scenes_per_s": round(count / took, 2),
        "cpu_s_per_scene": round(cpu / count, 3),
        "loop_lag_ms": ms(lags),
        "workers_rss_mib": rss,
        "cpus": len(os.sched_getaffinity(0)),
        "load_average": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--workers", type=int, default=Settings().painting_workers)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = asyncio.run(run(args))
    lag = out["loop_lag_ms"]
    print(
        f"{out['rooms']} rooms at once: {out['scenes']} scenes painted in {out['painted_in']}"
        f" ({out['workers']} workers) in {out['all_painted_s']} s ({out['scenes_per_s']}/s,"
        f" {out['cpu_s_per_scene']} CPU s each; warm-up room {out['warm_up_s']} s);"
        f" event loop late p50 {lag['p50']} ms,"
        f" p99 {lag['p99']} ms, max {lag['max']} ms; workers RSS {out['workers_rss_mib']} MiB"
    )
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
