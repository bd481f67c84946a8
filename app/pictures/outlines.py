"""Which drawn thing lies under a point: each thing's outline (an alpha mask) in drawing order.

Masks are kept cropped to their boxes (a few hundred KB for a whole scene instead of a
full-size label map), and a click looks only at the few boxes near it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Bools = npt.NDArray[np.bool_]
Labels = npt.NDArray[np.int32]

NOTHING = -1  # background: no outline here
BLOCKED = -2  # something drawn over everything (a cloth): nothing can be found here


class Mask:
    """A boolean mask placed with its top-left corner at (left, top), kept packed 8 to a byte.

    A scene's outlines stay cached as long as anyone may click on it; packed they take
    about 110 KB a scene instead of 0.85 MB.
    """

    __slots__ = ("left", "top", "right", "bottom", "_packed")

    def __init__(self, left: int, top: int, bits: Bools) -> None:
        self.left, self.top = left, top
        self.right, self.bottom = left + int(bits.shape[1]), top + int(bits.shape[0])
        self._packed = np.packbits(bits, axis=1)

    @property
    def bits(self) -> Bools:
        return self.rows(self.top, self.bottom)

    @property
    def nbytes(self) -> int:
        return int(self._packed.nbytes)

    def rows(self, y0: int, y1: int) -> Bools:
        """Returns rows [y0, y1) of the mask (picture coordinates, inside the mask) unpacked."""
        packed = self._packed[y0 - self.top : y1 - self.top]
        return np.unpackbits(packed, axis=1, count=self.right - self.left).astype(np.bool_)

    def window(self, x0: int, y0: int, x1: int, y1: int) -> Bools:
        """Returns the mask over the window [x0, x1) × [y0, y1), False outside it."""
        out = np.zeros((y1 - y0, x1 - x0), dtype=np.bool_)
        ax0, ay0 = max(x0, self.left), max(y0, self.top)
        ax1, ay1 = min(x1, self.right), min(y1, self.bottom)
        if ax0 < ax1 and ay0 < ay1:
            out[ay0 - y0 : ay1 - y0, ax0 - x0 : ax1 - x0] = self.rows(ay0, ay1)[
                :, ax0 - self.left : ax1 - self.left
            ]
        return out


@dataclass(frozen=True, slots=True, eq=False)
class Outline:
    """One drawn thing: the key it answers to ("" for clutter) and where its pixels are."""

    key: str
    mask: Mask


class Outlines:
    """The outlines of a picture, bottom first; a later one hides an earlier one."""

    def __init__(self, outlines: Sequence[Outline]) -> None:
        self.items = tuple(outlines)
        self._boxes = np.array(
            [(o.mask.left, o.mask.top, o.mask.right, o.mask.bottom) for o in self.items],
            dtype=np.int32,
        ).reshape(-1, 4)

    def labels(self, x0: int, y0: int, x1: int, y1: int) -> Labels:
        """Returns the index of the topmost outline at each pixel of a window (NOTHING if none)."""
        out = np.full((y1 - y0, x1 - x0), NOTHING, dtype=np.int32)
        boxes = self._boxes
        near = np.nonzero(
            (boxes[:, 0] < x1) & (boxes[:, 2] > x0) & (boxes[:, 1] < y1) & (boxes[:, 3] > y0)
        )[0]
        for index in near:  # ascending: drawing order, so the topmost is written last
            mask = self.items[index].mask
            ax0, ay0 = max(x0, mask.left), max(y0, mask.top)
            ax1, ay1 = min(x1, mask.right), min(y1, mask.bottom)
            bits = mask.rows(ay0, ay1)[:, ax0 - mask.left : ax1 - mask.left]
            out[ay0 - y0 : ay1 - y0, ax0 - x0 : ax1 - x0][bits] = index
        return out

    def key(self, label: int) -> str:
        return self.items[label].key if label >= 0 else ""

    def nbytes(self) -> int:
        """Returns the memory held by the masks."""
        return sum(o.mask.nbytes for o in self.items) + self._boxes.nbytes


def nearest(window: Labels, cx: int, cy: int, tolerance: int) -> int:
    """Returns the label at (cx, cy) of a window, or else the nearest one within `tolerance`.

    Background (NOTHING) never wins; clutter and BLOCKED do, so a click beside a decoy or
    on the edge of a cloth finds nothing rather than an object further away.
    """
    here = int(window[cy, cx])
    if here != NOTHING:
        return here
    ys, xs = np.nonzero(window != NOTHING)
    if len(ys) == 0:
        return NOTHING
    distances = (ys - cy) ** 2 + (xs - cx) ** 2
    least = int(distances.min())
    if least > tolerance * tolerance:
        return NOTHING
    ties = window[ys[distances == least], xs[distances == least]]
    # Equally near: the cloth covers all, else the one drawn last is on top.
    return BLOCKED if bool(np.any(ties == BLOCKED)) else int(ties.max())
