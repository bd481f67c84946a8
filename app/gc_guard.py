"""Keeping CPython's full garbage collections off the hot path.

A server with a thousand rooms holds about a million long-lived objects (sockets,
tasks, game states). CPython's generational collector rescans all of them in each
full (generation 2) pass, which took 300-570 ms here every ~20 s at that size:
every move in flight waits, and p99 latency is that pause. Our objects are mostly
acyclic and freed by reference counting, so we periodically move everything that
survived into the permanent generation (`gc.freeze()`, which costs a list splice)
and let the young generations keep catching fresh cycles. Once in a long while we
unfreeze and run one full pass, so cycles among old objects cannot pile up forever.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)


async def guard(freeze_every: float, full_every: float) -> None:
    """Freezes survivors every `freeze_every` s; a full collection every `full_every` s."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if time.monotonic() - last_full >= full_every:
            gc.unfreeze()
            started = time.perf_counter()
            found = gc.collect()
            log.info("full collection: %d objects freed in %.0f ms", found, _ms(started))
            last_full = time.monotonic()
        gc.freeze()


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000
