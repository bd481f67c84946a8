"""The Cloth power: a checked cloth thrown over part of a viewer's scene, drawn into the image.

A cloth is (centre x, centre y, width, height, angle in degrees) in the picture's pixels as
the viewer sees it (after any turn). Its edge is wavy and its folds shaded, both from those
five numbers, so the same cloth is the same picture. Its mask is kept: nothing is found under it.
"""

from __future__ import annotations

import math
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from app.pictures.outlines import Mask

Cloth = tuple[int, int, int, int, int]

_COLOURS = ((200, 40, 48), (30, 90, 170), (40, 130, 70), (220, 150, 30))


def throw(image: Image.Image, cloth: Cloth) -> Mask:
    """Draws `cloth` onto `image` (RGB, in place) and returns where it lies."""
    cx, cy, width, height, angle = cloth
    rng = random.Random(f"cloth:{cloth}")
    shape = Image.new("L", image.size, 0)
    ImageDraw.Draw(shape).polygon(_outline(rng, cx, cy, width, height, angle), fill=255)
    box = shape.getbbox()
    if box is None:
        return Mask(0, 0, np.zeros((0, 0), dtype=np.bool_))
    _shade(image, shape, box)
    x0, y0, x1, y1 = box
    cut = shape.crop(box)
    image.paste(_fabric(rng, box, cx, cy, angle), (x0, y0), cut)
    return Mask(x0, y0, np.asarray(cut) >= 128)


def _outline(
    rng: random.Random, cx: int, cy: int, width: int, height: int, angle: int
) -> list[tuple[float, float]]:
    """Returns the cloth's edge: a rectangle whose sides ripple like thrown fabric."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    waves = [(rng.uniform(2, 5), rng.uniform(0, 6.3), rng.uniform(0.02, 0.05)) for _ in range(3)]
    corners = [
        (-width / 2, -height / 2),
        (width / 2, -height / 2),
        (width / 2, height / 2),
        (-width / 2, height / 2),
    ]
    points = []
    for k in range(4):
        (ux0, uy0), (ux1, uy1) = corners[k], corners[(k + 1) % 4]
        length = math.hypot(ux1 - ux0, uy1 - uy0)
        nx, ny = (uy1 - uy0) / max(length, 1), -(ux1 - ux0) / max(length, 1)
        for j in range(24):
            t = j / 24
            u, v = ux0 + (ux1 - ux0) * t, uy0 + (uy1 - uy0) * t
            ripple = sum(amp * math.sin(freq * 40 * (k + t) + phase) for amp, phase, freq in waves)
            u, v = u + nx * ripple, v + ny * ripple
            points.append((cx + u * ca - v * sa, cy + u * sa + v * ca))
    return points


def _shade(image: Image.Image, shape: Image.Image, box: tuple[int, int, int, int]) -> None:
    """Darkens the scene just below and right of the cloth: its shadow."""
    x0, y0, x1, y1 = box
    region = (
        max(0, x0 - 16),
        max(0, y0 - 16),
        min(image.width, x1 + 16),
        min(image.height, y1 + 16),
    )
    soft = shape.crop(region).filter(ImageFilter.GaussianBlur(6)).point(lambda a: a * 90 // 255)
    shadow = Image.new("L", soft.size, 0)
    shadow.paste(soft, (6, 8))
    image.paste((0, 0, 0), region, shadow)


def _fabric(
    rng: random.Random, box: tuple[int, int, int, int], cx: int, cy: int, angle: int
) -> Image.Image:
    """Returns gingham with soft folds over `box`, its checks square to the cloth."""
    x0, y0, x1, y1 = box
    ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    a = math.radians(angle)
    u = (xs - cx) * math.cos(a) + (ys - cy) * math.sin(a)
    v = -(xs - cx) * math.sin(a) + (ys - cy) * math.cos(a)
    check = 22.0
    stripes = ((np.floor(u / check) % 2) + (np.floor(v / check) % 2)).astype(
        np.float32
    )  # 0, 1 or 2
    colour = np.array(rng.choice(_COLOURS), dtype=np.float32)
    white = np.array((250, 246, 240), dtype=np.float32)
    mix = (stripes / 2.0)[..., None]
    pixels = white + (colour - white) * mix
    folds = 1.0 + 0.10 * np.sin(
        u / rng.uniform(45, 70) + v / rng.uniform(90, 140) + rng.uniform(0, 6.3)
    )
    pixels = pixels * folds[..., None]
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")
