"""A small thread-safe least-recently-used cache: painters run in the web layer's worker threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Lru(Generic[V]):
    """Keeps at most `size` values; `get` makes a missing one with `make`, once per key."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[Hashable, threading.Lock] = {}

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        found = self._lookup(key)
        if found is not None:
            return found[0]
        with self._lock:
            making = self._making.setdefault(key, threading.Lock())
        # Two viewers asking for the same new scene wait for one drawing, not two.
        with making:
            found = self._lookup(key)
            if found is not None:
                return found[0]
            value = make()
            with self._lock:
                self._values[key] = value
                while len(self._values) > self._size:
                    self._values.popitem(last=False)
                self._making.pop(key, None)
            return value

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()

    def _lookup(self, key: Hashable) -> tuple[V] | None:
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return (self._values[key],)
            return None
