"""The collector guard freezes survivors and still collects cycles in a full pass."""

from __future__ import annotations

import asyncio
import gc
import weakref

from app import gc_guard


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


async def test_guard_freezes_then_collects_old_cycles() -> None:
    gc.unfreeze()
    gc.disable()  # only the guard collects during this test
    try:
        ref = weakref.ref(Node())
        task = asyncio.create_task(gc_guard.guard(freeze_every=0.02, full_every=0.15))
        await asyncio.sleep(0.05)
        assert gc.get_freeze_count() > 0
        assert ref() is not None  # frozen, not yet collected
        await asyncio.sleep(0.2)
        assert ref() is None  # the full pass freed the old cycle
        task.cancel()
    finally:
        gc.unfreeze()
        gc.enable()
