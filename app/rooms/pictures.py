"""Painted pictures for live rooms: painted in a worker thread, kept per `Picture`.

Engines name pictures as data (`app.games.core.pictures.Picture`); painters turn them into
image bytes and know what lies under a point. Painting is CPU work (composing a scene
takes most of a second), so it never runs on the event loop: `Easel.painted` runs it on a
small pool of worker threads, paints each `Picture` once however many ask at the same
time, and keeps the most recent ones. Which painter draws which name comes from a lookup
the application is built with, so tests paint with toys and no module holds global state.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from app.games.core.pictures import Picture


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
"""Returns the painter of a name (`Picture.painter`); raises KeyError for an unknown one."""


def no_painters(name: str) -> Painter:
    """A lookup that knows no painter: for a server whose games have no pictures."""
    raise KeyError(name)


class Easel:
    """Paints pictures off the event loop and keeps the last `size` of them.

    `size` should hold every picture in play (Speedy Pickers: one per seat of each running
    room, about 0.5-0.8 MB each with its outlines): a click on a picture no longer kept waits for
    it to be painted again. `threads` is small on purpose: the machine's cores also run the
    event loop, and two scenes painted at once finish no sooner than one after the other.
    """

    def __init__(self, painters: PainterLookup, size: int = 256, threads: int = 1) -> None:
        self.painters = painters
        self.size = size
        self._kept: OrderedDict[Picture, Painted] = OrderedDict()
        self._painting: dict[Picture, asyncio.Future[Painted]] = {}
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="easel")

    def kept(self, picture: Picture) -> Painted | None:
        """Returns the picture if it is painted and kept, else None (without painting)."""
        painted = self._kept.get(picture)
        if painted is not None:
            self._kept.move_to_end(picture)
        return painted

    async def painted(self, picture: Picture) -> Painted:
        """Returns the painted picture: the kept one, or painted now in a worker thread
        (once, however many ask meanwhile). Raises KeyError for an unknown painter."""
        painted = self.kept(picture)
        if painted is not None:
            return painted
        future = self._painting.get(picture) or self._start(picture)
        return await asyncio.shield(future)

    def prepare(self, picture: Picture) -> None:
        """Starts painting a picture someone will ask for soon (a new turn's scene), so it
        is ready when their page fetches it or they click on it."""
        if picture in self._kept or picture in self._painting:
            return
        try:
            self._start(picture)
        except (KeyError, RuntimeError):
            return  # an unknown painter fails when asked for; no loop: nothing to prepare for

    def _start(self, picture: Picture) -> asyncio.Future[Painted]:
        """Starts painting in a worker thread; raises KeyError for an unknown painter."""
        painter = self.painters(picture.painter)
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._pool, painter.paint, picture.args)
        self._painting[picture] = future
        future.add_done_callback(lambda done: self._done(picture, done))
        return future

    def _done(self, picture: Picture, future: asyncio.Future[Painted]) -> None:
        self._painting.pop(picture, None)
        if future.cancelled() or future.exception() is not None:
            return  # whoever awaits it sees the error; the next ask paints again
        self._kept[picture] = future.result()
        self._kept.move_to_end(picture)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
