"""A viewer's look at a base scene: turned 180°, under a cloth, seen from afar; and its hit test.

The look is applied to the cached base image; the hit test maps a point of the painted
picture back to the base scene's outlines, so a click means the same thing in every look.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image

from app.pictures.outlines import BLOCKED, Mask, Outlines, nearest
from app.pictures.speedy_pickers.cloth import Cloth, throw

# Chosen: a click this many pixels beside an object's outline still finds it (an edge of
# a few pixels is where a finger or a quick mouse lands), and no further.
TOLERANCE = 4
# Chosen: "from afar" (the Standing power) shows the scene at 1/2.5 of its resolution
# (640×400), blown back up to the same size, so the picture's pixels and the clicks keep
# their meaning; half was hardly blurred at all on a laptop screen.
LOW_RES_FACTOR = 2.5


@dataclass(frozen=True, slots=True)
class Look:
    """How one viewer sees a scene."""

    rotated: bool = False
    cloth: Cloth | None = None
    low_res: bool = False


def apply(image: Image.Image, look: Look) -> tuple[Image.Image, Mask | None]:
    """Returns the picture as `look` shows it, and where its cloth lies (if any)."""
    out = image.transpose(Image.Transpose.ROTATE_180) if look.rotated else image.copy()
    cover = throw(out, look.cloth) if look.cloth is not None else None
    if look.low_res:
        small = out.resize(
            (round(out.width / LOW_RES_FACTOR), round(out.height / LOW_RES_FACTOR)),
            Image.Resampling.BOX,
        )
        out = small.resize(out.size, Image.Resampling.BILINEAR)
    return out, cover


@dataclass(frozen=True, slots=True, eq=False)
class Finder:
    """Answers what lies under a point of one painted look."""

    outlines: Outlines
    width: int
    height: int
    rotated: bool
    cover: Mask | None

    def __call__(self, x: int, y: int) -> str:
        if not (0 <= x < self.width and 0 <= y < self.height):
            return ""
        r = TOLERANCE
        x0, y0 = max(0, x - r), max(0, y - r)
        x1, y1 = min(self.width, x + r + 1), min(self.height, y + r + 1)
        if self.rotated:  # painted (x, y) is base (width-1-x, height-1-y)
            window = self.outlines.labels(
                self.width - x1, self.height - y1, self.width - x0, self.height - y0
            )
            window = window[::-1, ::-1]
        else:
            window = self.outlines.labels(x0, y0, x1, y1)
        if self.cover is not None:
            window = np.where(self.cover.window(x0, y0, x1, y1), BLOCKED, window)
        return self.outlines.key(nearest(window, x - x0, y - y0, r))
