"""Painted pictures for live rooms: painted in worker processes, kept per `Picture`.

Engines name pictures as data (`app.games.core.pictures.Picture`); painters turn them into
image bytes and know what lies under a point. Painting is CPU work (composing a scene
takes most of a second), so it never runs on the event loop: `Easel.painted` has it done by
a pool of worker processes, paints each `Picture` once however many ask at the same time,
and keeps the most recent ones here, in the server's process, where clicks are checked.
Which painter draws which name comes from a lookup the application is built with, so tests
paint with toys and no module holds global state.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from app.games.core.pictures import Picture

log = logging.getLogger(__name__)


class Painted(Protocol):
    """A picture as painted: its image bytes (no metadata) and what lies under a point."""

    @property
    def data(self) -> bytes: ...

    @property
    def media_type(self) -> str: ...

    def hit(self, x: int, y: int) -> str:
        """Returns the key of the topmost thing under (x, y) in the painted picture's own
        pixels, or "" for nothing."""
        ...


class Painter(Protocol):
    def paint(self, args: tuple[Any, ...]) -> Painted: ...


PainterLookup = Callable[[str], Painter]
"""Returns the painter of a name (`Picture.painter`); raises KeyError for an unknown one.
To paint in worker processes it must pickle (a module-level function, as the registry's)
and what its painters return must pickle too (bytes and arrays)."""


def no_painters(name: str) -> Painter:
    """A lookup that knows no painter: for a server whose games have no pictures."""
    raise KeyError(name)


def paint(painters: PainterLookup, name: str, args: tuple[Any, ...]) -> Painted:
    """Paints a picture where the worker runs: a process looks the painter up in its own
    registry (its own caches of what it drew), a thread in the server's."""
    return painters(name).paint(args)


class Easel:
    """Paints pictures off the event loop and keeps the last `size` of them.

    `size` should hold every picture in play (Speedy Pickers: one per seat of each running
    room, about 0.5-0.8 MB each with its outlines): a click on a picture no longer kept waits
    for it to be painted again. `processes` worker processes paint (0: one worker thread of
    this process); the pool starts on the first painting and `close` ends it.
    """

    def __init__(self, painters: PainterLookup, size: int = 256, processes: int = 0) -> None:
        self.painters = painters
        self.size = size
        self.processes = processes
        self._kept: OrderedDict[Picture, Painted] = OrderedDict()
        self._painting: dict[Picture, asyncio.Task[Painted]] = {}
        self._pool: Executor | None = None
        self._pool_painted = False  # whether the process pool has painted anything yet

    @property
    def in_processes(self) -> bool:
        """Whether pictures are painted in worker processes (else in a thread: see `_open`)."""
        return isinstance(self._executor(), ProcessPoolExecutor)

    def kept(self, picture: Picture) -> Painted | None:
        """Returns the picture if it is painted and kept, else None (without painting)."""
        painted = self._kept.get(picture)
        if painted is not None:
            self._kept.move_to_end(picture)
        return painted

    async def painted(self, picture: Picture) -> Painted:
        """Returns the painted picture: the kept one, or painted now by a worker (once,
        however many ask meanwhile). Raises KeyError for an unknown painter."""
        painted = self.kept(picture)
        if painted is not None:
            return painted
        task = self._painting.get(picture) or self._start(picture)
        return await asyncio.shield(task)

    def prepare(self, picture: Picture) -> None:
        """Starts painting a picture someone will ask for soon (a new turn's scene), so it
        is ready when their page fetches it or they click on it."""
        if picture in self._kept or picture in self._painting:
            return
        try:
            self._start(picture)
        except (KeyError, RuntimeError):
            return  # an unknown painter fails when asked for; no loop: nothing to prepare for

    def close(self) -> None:
        """Stops painting: pictures waited for fail, the workers end after their current one.

        It waits for them (a second at most), so their queues and locks are released before
        the server's process exits rather than reported leaked."""
        for task in self._painting.values():
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _start(self, picture: Picture) -> asyncio.Task[Painted]:
        """Starts painting; raises KeyError for an unknown painter (RuntimeError: no loop)."""
        self.painters(picture.painter)  # an unknown name fails here, not in a worker
        task = asyncio.get_running_loop().create_task(self._paint(picture))
        self._painting[picture] = task
        task.add_done_callback(lambda done: self._done(picture, done))
        return task

    async def _paint(self, picture: Picture) -> Painted:
        job = (paint, self.painters, picture.painter, picture.args)
        pool = self._executor()
        try:
            painted = await self._submit(pool, job)
        except BrokenProcessPool as error:
            # A worker died (killed for its memory, say) or none could start: paint again
            # on a new pool, or in a thread if this one never painted (see `_open`).
            self._lost(pool, error)
            pool = self._executor()
            painted = await self._submit(pool, job)
        if pool is self._pool:
            self._pool_painted = True
        return painted

    async def _submit(self, pool: Executor, job: tuple[Any, ...]) -> Painted:
        """Paints on `pool`; a pool that cannot take the job raises BrokenProcessPool (a
        painter's own errors come through as they are)."""
        try:
            future = asyncio.get_running_loop().run_in_executor(pool, *job)
        except OSError as error:  # a worker process could not be started
            raise BrokenProcessPool(str(error)) from error
        painted: Painted = await future
        return painted

    def _done(self, picture: Picture, task: asyncio.Task[Painted]) -> None:
        self._painting.pop(picture, None)
        if task.cancelled() or task.exception() is not None:
            return  # whoever awaits it sees the error; the next ask paints again
        self._kept[picture] = task.result()
        self._kept.move_to_end(picture)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = self._open()
        return self._pool

    def _open(self) -> Executor:
        """Returns a pool of `processes` workers, or one thread when that cannot be.

        The thread is the fallback because a host may forbid what a process pool needs
        (semaphores in /dev/shm, starting processes), and a lookup made of closures (a
        test's toys) cannot be sent to another process: pictures then still get painted,
        off the event loop, at the cost of sharing this process's interpreter lock.
        """
        if self.processes > 0:
            try:
                pickle.dumps(self.painters)
                # Spawned, not forked: a fork would copy the running event loop, its
                # sockets and threads, into every worker.
                return ProcessPoolExecutor(
                    self.processes,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_started,
                    initargs=(os.getpid(),),
                )
            except (pickle.PicklingError, TypeError, AttributeError, OSError) as error:
                log.warning("painting in a thread, not in processes: %s", error)
                self.processes = 0
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="easel")

    def _lost(self, pool: Executor, error: BaseException) -> None:
        """Drops a broken pool (once, however many paintings saw it break)."""
        if pool is not self._pool:
            return
        if not self._pool_painted:
            log.warning("painting in a thread: the worker processes did not start (%s)", error)
            self.processes = 0
        else:
            log.warning("a painting process was lost (%s): starting new ones", error)
        pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None
        self._pool_painted = False


def _worker_started(server: int) -> None:
    """Runs first in each worker process: Ctrl-C is the server's to handle (it ends the
    pool), and a worker whose server was killed outright ends too instead of lingering."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(server,), name="easel-watch", daemon=True).start()


def _watch(server: int) -> None:
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)
