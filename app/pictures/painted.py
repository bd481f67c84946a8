"""What a painter hands back: image bytes with no metadata, and the hit test that goes with them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True, eq=False)
class Painted:
    """One viewer's picture: the encoded image and what lies under each of its pixels."""

    data: bytes
    media_type: str
    width: int
    height: int
    finder: Callable[[int, int], str]

    def hit(self, x: int, y: int) -> str:
        """Returns the key of the topmost object under (x, y) in this picture's pixels, or ""."""
        return self.finder(x, y)


class Painter(Protocol):
    """Turns a picture's arguments into a painted picture; the same arguments, the same bytes."""

    def paint(self, args: tuple[Any, ...]) -> Painted: ...
