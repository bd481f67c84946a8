"""The painters' cache: bounded, least recently used out first, one drawing per key at a time."""

from __future__ import annotations

import threading
import time

from app.pictures.lru import Lru


def test_it_keeps_the_most_recently_used_and_no_more() -> None:
    cache: Lru[int] = Lru(2)
    made: list[str] = []

    def make(key: str) -> int:
        made.append(key)
        return len(made)

    assert cache.get("a", lambda: make("a")) == 1
    assert cache.get("b", lambda: make("b")) == 2
    assert cache.get("a", lambda: make("a")) == 1  # "a" is now the most recent
    cache.get("c", lambda: make("c"))  # pushes out "b"
    assert len(cache) == 2
    cache.get("b", lambda: make("b"))
    assert made == ["a", "b", "c", "b"]


def test_viewers_asking_at_once_wait_for_one_drawing() -> None:
    cache: Lru[int] = Lru(4)
    calls = []

    def slow() -> int:
        calls.append(1)
        time.sleep(0.05)
        return 7

    results: list[int] = []
    threads = [
        threading.Thread(target=lambda: results.append(cache.get("scene", slow))) for _ in range(6)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [7] * 6
    assert len(calls) == 1
