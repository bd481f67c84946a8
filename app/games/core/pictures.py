"""Pictures as data: what a viewer's picture shows, named by its painter and arguments.

An engine never draws: it says which painter paints a viewer's picture and with which
hashable arguments, and the web layer renders it (away from the event loop) and serves it
only to that viewer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Picture:
    """What one viewer's picture shows, as data: a painter (by name) and its hashable arguments."""

    painter: str  # e.g. "speedy_pickers.scene"
    args: tuple[Any, ...]  # e.g. (scene_seed, scene_index, rotated, cloth, low_res)
    width: int
    height: int
