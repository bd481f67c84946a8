"""Finding pixels in a drawn scene to click on: where each thing shows, and where nothing is."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from app.pictures.outlines import NOTHING, Outlines
from app.pictures.speedy_pickers.compose import HEIGHT, WIDTH

Labels = npt.NDArray[np.int32]
Ints = npt.NDArray[np.intp]


def label_map(outlines: Outlines) -> Labels:
    return outlines.labels(0, 0, WIDTH, HEIGHT)


def visible_pixels(labels: Labels, outlines: Outlines, index: int) -> tuple[Ints, Ints]:
    """Returns the x and y of every pixel where outline `index` is the one on top."""
    mask = outlines.items[index].mask
    ys, xs = np.nonzero(labels[mask.top : mask.bottom, mask.left : mask.right] == index)
    return xs + mask.left, ys + mask.top


def visible_centre(labels: Labels, outlines: Outlines, index: int) -> tuple[int, int]:
    """Returns the pixel of `index`'s visible part nearest the middle of that part."""
    xs, ys = visible_pixels(labels, outlines, index)
    k = int(np.argmin((ys - ys.mean()) ** 2 + (xs - xs.mean()) ** 2))
    return int(xs[k]), int(ys[k])


def topmost(outlines: Outlines, x: int, y: int) -> int:
    """Returns the last-drawn outline covering (x, y), by brute force (the reference answer)."""
    for index in range(len(outlines.items) - 1, -1, -1):
        mask = outlines.items[index].mask
        if mask.left <= x < mask.right and mask.top <= y < mask.bottom:
            if mask.bits[y - mask.top, x - mask.left]:
                return index
    return NOTHING


def clear_of(labels: Labels, x: int, y: int, radius: int) -> bool:
    """Says whether no outline has a pixel within `radius` (Euclidean) of (x, y)."""
    y0, y1 = max(0, y - radius), min(HEIGHT, y + radius + 1)
    x0, x1 = max(0, x - radius), min(WIDTH, x + radius + 1)
    ys, xs = np.nonzero(labels[y0:y1, x0:x1] != NOTHING)
    return not np.any((ys + y0 - y) ** 2 + (xs + x0 - x) ** 2 <= radius * radius)
