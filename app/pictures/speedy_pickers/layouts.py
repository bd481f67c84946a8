"""Where each thing goes in a scene: centres for a list of sizes, one function per layout.

Every centre keeps its whole square inside the picture. Overlaps are allowed; the scene
checks afterwards that every object still shows enough of itself.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import numpy as np

from app.pictures.speedy_pickers.styles import Layout

Centre = tuple[float, float]
Box = tuple[int, int, int, int]  # x0, y0, x1, y1
_MARGIN = 6


def place(
    layout: Layout,
    rng: random.Random,
    sizes: Sequence[int],
    width: int,
    height: int,
    cells: Sequence[Box],
) -> list[Centre]:
    """Returns a centre for each size, in the same order; `cells` are the mosaic's tiles."""
    if layout is Layout.CELLS:
        centres = _in_cells(rng, cells)
    else:
        centres = _LAYOUTS[layout](rng, sizes, width, height)
    return [_inside(c, s, width, height) for c, s in zip(centres, sizes, strict=True)]


def _inside(centre: Centre, size: int, width: int, height: int) -> Centre:
    half = size / 2 + _MARGIN
    x = min(max(centre[0], half), width - half)
    y = min(max(centre[1], half), height - half)
    return x, y


def _scatter(rng: random.Random, sizes: Sequence[int], width: int, height: int) -> list[Centre]:
    """Mitchell's best candidate: of a few random spots, take the one farthest from the rest."""
    placed = np.zeros((len(sizes), 3))  # x, y, radius
    out: list[Centre] = []
    for i, size in enumerate(sizes):
        half = size / 2 + _MARGIN  # drawn inside, not pushed against the edge afterwards
        candidates = np.array(
            [(rng.uniform(half, width - half), rng.uniform(half, height - half)) for _ in range(14)]
        )
        if i == 0:
            best = candidates[0]
        else:
            gaps = (
                np.hypot(
                    candidates[:, None, 0] - placed[None, :i, 0],
                    candidates[:, None, 1] - placed[None, :i, 1],
                )
                - placed[None, :i, 2]
            )
            best = candidates[int(np.argmax(gaps.min(axis=1)))]
        placed[i] = (best[0], best[1], size / 2)
        out.append((float(best[0]), float(best[1])))
    return out


def _piles(rng: random.Random, sizes: Sequence[int], width: int, height: int) -> list[Centre]:
    """Heaps spread over the picture, each a loose Gaussian pile, with room between them."""
    count = rng.randint(12, 16)
    inset = 170
    heaps = [
        (x + inset, y + inset)
        for x, y in _scatter(rng, [300] * count, width - 2 * inset, height - 2 * inset)
    ]
    spread = [rng.uniform(105, 150) for _ in heaps]
    out = []
    for _ in sizes:
        k = rng.randrange(count)
        for _try in range(6):  # redraw what falls off the picture rather than crowd its edge
            x, y = rng.gauss(heaps[k][0], spread[k]), rng.gauss(heaps[k][1], spread[k] * 0.8)
            if 40 < x < width - 40 and 40 < y < height - 40:
                break
        out.append((x, y))
    return out


def _shelves(rng: random.Random, sizes: Sequence[int], width: int, height: int) -> list[Centre]:
    """Rows across the page, each thing standing on its row's line, a little jostled."""
    rows = 10
    pitch = height / rows
    order = list(range(len(sizes)))
    rng.shuffle(order)
    per_row = math.ceil(len(sizes) / rows)
    out: list[Centre] = [(0.0, 0.0)] * len(sizes)
    for r in range(rows):
        members = order[r * per_row : (r + 1) * per_row]
        step = width / max(1, len(members))
        for j, i in enumerate(members):
            x = (j + 0.5) * step + rng.uniform(-0.35, 0.35) * step
            baseline = (r + 1) * pitch - 4
            out[i] = (x, baseline - sizes[i] / 2 + rng.uniform(-6, 10))
    return out


def _spiral(rng: random.Random, sizes: Sequence[int], width: int, height: int) -> list[Centre]:
    """A sunflower (golden-angle) spiral stretched over the picture."""
    golden = math.pi * (3 - math.sqrt(5))
    turn = rng.uniform(0, 2 * math.pi)
    count = len(sizes)
    order = list(range(count))
    rng.shuffle(order)
    out: list[Centre] = [(0.0, 0.0)] * count
    for n, i in enumerate(order):
        r = math.sqrt((n + 0.5) / count) * 1.08
        a = n * golden + turn
        out[i] = (
            width / 2 + r * width * 0.5 * math.cos(a) + rng.uniform(-12, 12),
            height / 2 + r * height * 0.5 * math.sin(a) + rng.uniform(-12, 12),
        )
    return out


def _rings(rng: random.Random, sizes: Sequence[int], width: int, height: int) -> list[Centre]:
    """Concentric ellipses, more things on the longer rings, each ring turned a little."""
    rings = 7
    radii = [(k + 0.6) / rings for k in range(rings)]
    total = sum(radii)
    counts = [max(1, round(len(sizes) * r / total)) for r in radii]
    counts[-1] += len(sizes) - sum(counts)
    order = list(range(len(sizes)))
    rng.shuffle(order)
    out: list[Centre] = [(0.0, 0.0)] * len(sizes)
    n = 0
    for radius, count in zip(radii, counts, strict=True):
        start = rng.uniform(0, 2 * math.pi)
        for j in range(count):
            if n == len(order):
                break
            a = start + 2 * math.pi * j / count + rng.uniform(-0.08, 0.08)
            wobble = 1 + rng.uniform(-0.05, 0.05)
            out[order[n]] = (
                width / 2 + radius * wobble * width * 0.56 * math.cos(a),
                height / 2 + radius * wobble * height * 0.56 * math.sin(a),
            )
            n += 1
    return out


def mosaic_cells(rng: random.Random, count: int, width: int, height: int) -> list[Box]:
    """Splits the picture into `count` rectangles, always cutting the largest one (the mosaic)."""
    cells = [(0, 0, width, height)]
    while len(cells) < count:
        cells.sort(key=lambda c: (c[2] - c[0]) * (c[3] - c[1]))
        x0, y0, x1, y1 = cells.pop()
        if x1 - x0 >= y1 - y0:
            cut = int(x0 + (x1 - x0) * rng.uniform(0.35, 0.65))
            cells += [(x0, y0, cut, y1), (cut, y0, x1, y1)]
        else:
            cut = int(y0 + (y1 - y0) * rng.uniform(0.35, 0.65))
            cells += [(x0, y0, x1, cut), (x0, cut, x1, y1)]
    cells.sort()
    return cells


def _in_cells(rng: random.Random, tiles: Sequence[Box]) -> list[Centre]:
    """One thing per mosaic tile (the backdrop draws the same tiles)."""
    cells = list(tiles)
    rng.shuffle(cells)
    return [
        (
            (x0 + x1) / 2 + rng.uniform(-0.2, 0.2) * (x1 - x0),
            (y0 + y1) / 2 + rng.uniform(-0.2, 0.2) * (y1 - y0),
        )
        for x0, y0, x1, y1 in cells
    ]


_LAYOUTS: dict[Layout, Callable[[random.Random, Sequence[int], int, int], list[Centre]]] = {
    Layout.SCATTER: _scatter,
    Layout.PILES: _piles,
    Layout.SHELVES: _shelves,
    Layout.SPIRAL: _spiral,
    Layout.RINGS: _rings,
}
