"""The painter "speedy_pickers.scene": args (scene_seed, scene_index, rotated, cloth, low_res).

Base scenes are drawn once per (seed, index) and kept in a small LRU, so a scene's other
looks (turned, under a cloth, from afar) are painted without drawing it again; the last few
painted looks (bytes plus hit test) in another, for whoever paints the same look twice.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from app.pictures.encode import WEBP, webp_bytes
from app.pictures.lru import Lru
from app.pictures.painted import Painted
from app.pictures.speedy_pickers.cloth import Cloth
from app.pictures.speedy_pickers.compose import HEIGHT, WIDTH, Scene, build
from app.pictures.speedy_pickers.looks import Finder, Look, apply
from app.pictures.speedy_pickers.styles import STYLES

NAME = "speedy_pickers.scene"
# Chosen: a base scene holds 4.9 MB (RGB pixels plus outlines) and is needed only to paint
# a look, so few are kept. A look (image bytes, about 170 KB, and the scene's packed
# outlines, about 115 KB) answers every click, but the server's easel keeps those
# (app/rooms/pictures.py, `GAMENIGHT_PICTURES_KEPT`): a painting process that kept them
# as well would hold a second copy, so only the last few are kept here.
BASE_SCENES = 12
LOOKS = 16


class ScenePainter:
    """Paints Speedy Pickers' search scenes; thread-safe, deterministic."""

    def __init__(self, scenes: int = BASE_SCENES, looks: int = LOOKS) -> None:
        self._scenes: Lru[Scene] = Lru(scenes)
        self._looks: Lru[Painted] = Lru(looks)

    def paint(self, args: tuple[Any, ...]) -> Painted:
        seed, index, look = parse(args)
        return self._looks.get((seed, index, look), lambda: self._paint(seed, index, look))

    def scene(self, seed: Hashable, index: int) -> Scene:
        """Returns the base scene, drawing it on first use."""
        return self._scenes.get((seed, index), lambda: build(seed, index))

    def forget(self) -> None:
        """Drops every cached scene and look (tests and benches measure cold starts with it)."""
        self._scenes.clear()
        self._looks.clear()

    def _paint(self, seed: Hashable, index: int, look: Look) -> Painted:
        scene = self.scene(seed, index)
        image, cover = apply(scene.image, look)
        finder = Finder(scene.outlines, WIDTH, HEIGHT, look.rotated, cover)
        return Painted(webp_bytes(image), WEBP, WIDTH, HEIGHT, finder)


def parse(args: tuple[Any, ...]) -> tuple[Hashable, int, Look]:
    """Returns (seed, index, look) from the picture's arguments, or raises ValueError."""
    if len(args) != 5:
        raise ValueError(
            f"{NAME} takes (scene_seed, scene_index, rotated, cloth, low_res), not {args!r}"
        )
    seed, index, rotated, cloth, low_res = args
    if not isinstance(index, int) or not 0 <= index < len(STYLES):
        raise ValueError(f"scene_index must be 0–{len(STYLES) - 1}, not {index!r}")
    return seed, index, Look(bool(rotated), _cloth(cloth), bool(low_res))


def _cloth(cloth: Any) -> Cloth | None:
    if cloth is None:
        return None
    if not (
        isinstance(cloth, tuple | list)
        and len(cloth) == 5
        and all(isinstance(v, int) and not isinstance(v, bool) for v in cloth)
    ):
        raise ValueError(
            f"cloth must be (centre x, centre y, width, height, angle) or None, not {cloth!r}"
        )
    cx, cy, width, height, angle = cloth
    return (cx, cy, width, height, angle)
