"""A seeded random number generator that lives inside game state.

The generator is an immutable value: every draw returns the value and the next
generator. Keeping it in the state (never the global `random`) is what lets
seed + action log replay a game exactly, on any machine and Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Rng:
    """SplitMix64: tiny, fast, and fully specified, so replays never drift."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed & _MASK)

    def next64(self) -> tuple[int, Rng]:
        """Returns a 64-bit value and the advanced generator."""
        state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """Returns a uniform integer in [0, n) and the advanced generator."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Rejection sampling keeps the draw exactly uniform.
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Returns a Fisher-Yates shuffled copy of items and the advanced generator."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """Returns one element of a non-empty sequence and the advanced generator."""
        index, rng = self.below(len(items))
        return items[index], rng
