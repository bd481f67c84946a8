"""Keeping CPython's full garbage collections off the hot path.

A server with a thousand rooms holds about a million long-lived objects (sockets,
tasks, game states, each room's current views and rendered parts). CPython's
generational collector traverses all of them in each full (generation 2) pass: with
1,000 rooms at 500 moves/s that was 50-100 ms several times every 10 s, and every
move in flight waited. Freezing survivors (`gc.freeze()`) did not stop it: each
room replaces its state and views every few seconds, so the unfrozen part of the
old generation refilled with live objects as fast as it was frozen.

Our objects are mostly acyclic and freed by reference counting, and the young
generations still catch fresh cycles. So the guard turns automatic full collections
off and runs one itself, once in a long while (`full_every`, an hour by default), so
cycles among old objects cannot pile up forever. That one pass is a pause of a few
hundred milliseconds at 1,000 rooms, once an hour instead of several per minute.

It also makes the middle generation's passes shorter and more frequent: CPython's
default runs one every 10 young passes, and it traverses everything those 10 left
alive (each room's state, views and parts live until its next move, seconds later):
about 10 ms at 1,000 rooms and 500 moves/s, the largest pause left. Every 3 young
passes it is about 4 ms, for about the same total time (`_MIDDLE_EVERY`).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

_NEVER = 2**31 - 1  # a threshold the count of young collections never reaches
_MIDDLE_EVERY = 3  # young passes per middle-generation pass (CPython's default: 10)


async def guard(full_every: float) -> None:
    """Runs a full collection every `full_every` s and no other; restores CPython's
    thresholds when cancelled."""
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], _MIDDLE_EVERY, _NEVER)
    try:
        while True:
            await asyncio.sleep(full_every)
            started = time.perf_counter()
            found = gc.collect()
            log.info("full collection: %d objects freed in %.0f ms", found, _ms(started))
    finally:
        gc.set_threshold(*thresholds)


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000
