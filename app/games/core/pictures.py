"""Pictures as data: what a viewer's picture shows, named by a painter and its arguments.

An engine never sees pixels. It says which picture each viewer may look at now
(`Game.pictures`), as a `Picture`: the name of a painter (the server's, outside the pure
engines) and the hashable arguments it paints from. The server paints it off the event
loop, keeps it per `Picture`, serves it to that viewer alone, and, for a `Point` choice
with a `hit` field, asks the painted picture what lies under a click.
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
