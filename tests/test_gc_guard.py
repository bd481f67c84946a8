"""The collector guard stops automatic full collections and still frees old cycles."""

from __future__ import annotations

import asyncio
import gc
import weakref

from app import gc_guard


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


async def test_only_the_guard_runs_full_collections_and_they_free_old_cycles() -> None:
    before = gc.get_threshold()
    task = asyncio.create_task(gc_guard.guard(full_every=0.2))
    await asyncio.sleep(0.01)
    try:
        assert gc.get_threshold()[0] == before[0]  # young collections as usual
        assert gc.get_threshold()[1] == 3  # shorter middle-generation passes
        assert gc.get_threshold()[2] > 10**9  # no automatic full pass
        node = Node()
        ref = weakref.ref(node)
        gc.collect(1)  # the node survives a young collection: it is old now
        del node
        for _ in range(30):
            gc.collect(1)  # young collections do not look at old objects
        assert ref() is not None
        await asyncio.sleep(0.3)
        assert ref() is None  # the guard's full pass freed the old cycle
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert gc.get_threshold() == before
