"""A base scene: all 160 objects and some clutter on a backdrop, drawn from (seed, index).

Deterministic: every choice comes from a `random.Random` seeded with the scene's seed and
index, so the same scene is the same picture in every process. Rotation, cloth and
resolution are looks applied later (looks.py), to this one cached base.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from app.games.speedy_pickers.objects import DECOYS, OBJECTS
from app.pictures.emoji import raster
from app.pictures.outlines import NOTHING, Bools, Labels, Mask, Outline, Outlines
from app.pictures.speedy_pickers import backdrops
from app.pictures.speedy_pickers.layouts import mosaic_cells, place
from app.pictures.speedy_pickers.styles import STYLES, Layout, Style
from app.pictures.speedy_pickers.treatments import treat

WIDTH, HEIGHT = 1600, 1000
MASTER_SIZE = 120  # every emoji is rasterised once at this size and scaled down from it
# Chosen: an object must keep at least this share of its own pixels in sight, else it is
# lifted above the things that hide it (a scene should be hard, never impossible).
MIN_VISIBLE = 0.55
# Chosen: a thin object is drawn larger, so that it covers at least this many pixels.
MIN_AREA = 700
_LIFTS = 12  # passes of lifting; two or three are usually enough
_EDGE = 4  # a moved object keeps this far inside the picture


@dataclass(frozen=True, slots=True, eq=False)
class Placed:
    """One thing ready to paste: its key ("" for clutter), sprite, outline and top-left corner."""

    key: str
    sprite: Image.Image
    bits: Bools  # the outline, the sprite's size
    left: int
    top: int

    def mask(self) -> Mask:
        """Returns the outline cut to the box of its set pixels and to the picture."""
        ys, xs = np.nonzero(self.bits)
        y0, y1, x0, x1 = int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1
        x0, y0 = max(x0, -self.left), max(y0, -self.top)
        x1, y1 = min(x1, WIDTH - self.left), min(y1, HEIGHT - self.top)
        return Mask(self.left + x0, self.top + y0, np.ascontiguousarray(self.bits[y0:y1, x0:x1]))


@dataclass(frozen=True, slots=True, eq=False)
class Scene:
    """A base scene: its RGB image and the outlines of what was drawn, bottom first."""

    image: Image.Image
    outlines: Outlines

    def nbytes(self) -> int:
        return (
            self.image.width * self.image.height * len(self.image.getbands())
            + self.outlines.nbytes()
        )


def build(seed: Hashable, index: int) -> Scene:
    """Draws scene `index` (0–7) of the game seeded `seed`."""
    style = STYLES[index]
    name = f"speedy_pickers.scene:{seed}:{index}"
    rng = random.Random(name)
    things = [(tile.key, tile.emoji) for tile in OBJECTS] + [
        ("", emoji) for emoji in rng.sample(DECOYS, style.decoys)
    ]
    rng.shuffle(things)
    sizes = [_size(rng, style) for _ in things]
    cells = (
        mosaic_cells(random.Random(f"{name}:tiles"), len(things), WIDTH, HEIGHT)
        if style.layout is Layout.CELLS
        else []
    )
    centres = place(style.layout, rng, sizes, WIDTH, HEIGHT, cells)
    placed = [
        _placed(style, rng, key, emoji, size, centre)
        for (key, emoji), size, centre in zip(things, sizes, centres, strict=True)
    ]
    placed = _lift_hidden(placed, rng)
    image = backdrops.draw(style.backdrop, random.Random(f"{name}:backdrop"), WIDTH, HEIGHT, cells)
    for thing in placed:
        image.paste(thing.sprite, (thing.left, thing.top), thing.sprite)
    return Scene(image, _outlines(placed))


def warm() -> None:
    """Rasterises every emoji of every style's set now (about 0.5 s a set here), so the
    first scene of each style costs no more than the next; call it from a worker thread."""
    for emoji_set in {style.emoji_set for style in STYLES}:
        for emoji in sorted({tile.emoji for tile in OBJECTS} | set(DECOYS)):
            raster(emoji_set, emoji, MASTER_SIZE)


def _size(rng: random.Random, style: Style) -> int:
    # Skewed towards small: a few big things, many small ones, as in a real hidden-object scene.
    return round(style.min_size + (style.max_size - style.min_size) * rng.random() ** 1.6)


def _placed(
    style: Style, rng: random.Random, key: str, emoji: str, size: int, centre: tuple[float, float]
) -> Placed:
    master = raster(style.emoji_set, emoji, MASTER_SIZE)
    size = max(size, _least_size(master))
    picture = master.resize((size, size), Image.Resampling.HAMMING)
    sprite, outline = treat(style.treatment, picture, rng)
    angle = rng.uniform(-style.max_turn, style.max_turn)
    sprite = sprite.rotate(angle, Image.Resampling.BILINEAR, expand=True)
    outline = outline.rotate(angle, Image.Resampling.NEAREST, expand=True)
    left = round(centre[0] - sprite.width / 2)
    top = round(centre[1] - sprite.height / 2)
    return Placed(key, sprite, np.asarray(outline) >= 128, left, top)


def _least_size(master: Image.Image) -> int:
    """Returns the side at which a thin emoji (a candle, a broom) still covers MIN_AREA."""
    solid = np.count_nonzero(np.asarray(master.getchannel("A")) >= 96) / (
        master.width * master.height
    )
    return math.ceil(math.sqrt(MIN_AREA / max(solid, 0.05)))


def _outlines(placed: Sequence[Placed]) -> Outlines:
    return Outlines([Outline(p.key, p.mask()) for p in placed])


def _lift_hidden(placed: Sequence[Placed], rng: random.Random) -> list[Placed]:
    """Returns the drawing order with too-hidden objects brought on top (until none is).

    The first pass only lifts them; later passes also move them to the emptiest of a few
    spots, since two objects on the same spot would otherwise take turns hiding each other.
    """
    order = list(placed)
    for attempt in range(_LIFTS):
        labels = _outlines(order).labels(0, 0, WIDTH, HEIGHT)
        visible = np.bincount(labels[labels != NOTHING].ravel(), minlength=len(order))
        hidden = [
            i for i, p in enumerate(order) if p.key and visible[i] < MIN_VISIBLE * int(p.bits.sum())
        ]
        if not hidden:
            break
        lifted = [order[i] if attempt == 0 else _moved(order[i], labels, rng) for i in hidden]
        kept = set(hidden)
        order = [p for i, p in enumerate(order) if i not in kept] + lifted
    return order


def _moved(thing: Placed, labels: Labels, rng: random.Random) -> Placed:
    """Returns `thing` moved to whichever of a few random spots it would cover least of."""
    height, width = thing.bits.shape
    best, best_cover = thing, None
    for _ in range(24):
        left = rng.randint(_EDGE, WIDTH - width - _EDGE)
        top = rng.randint(_EDGE, HEIGHT - height - _EDGE)
        cover = int(
            np.count_nonzero(labels[top : top + height, left : left + width][thing.bits] != NOTHING)
        )
        if best_cover is None or cover < best_cover:
            best, best_cover = Placed(thing.key, thing.sprite, thing.bits, left, top), cover
    return best
