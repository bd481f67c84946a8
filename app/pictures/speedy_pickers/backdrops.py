"""What lies behind the objects: one drawing per backdrop, made from the scene's seed.

Backdrops carry their own clutter (confetti, stars, ripples, tiles) so the eye has more to
sort than the emoji alone; they stay fine-grained and low in contrast, so the image
compresses well and the objects stand out.
"""

from __future__ import annotations

import colorsys
import math
import random
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFilter

from app.pictures.speedy_pickers.layouts import Box
from app.pictures.speedy_pickers.styles import Backdrop

Floats = npt.NDArray[np.float32]


def draw(
    backdrop: Backdrop, rng: random.Random, width: int, height: int, cells: Sequence[Box]
) -> Image.Image:
    """Returns the backdrop as an RGB image of width × height."""
    if backdrop is Backdrop.MOSAIC:
        return _mosaic(rng, width, height, cells)
    return _BACKDROPS[backdrop](rng, width, height)


def _noise(rng: random.Random, width: int, height: int, amount: float) -> Floats:
    generator = np.random.default_rng(rng.getrandbits(64))
    return generator.normal(0.0, amount, (height, width, 1)).astype(np.float32)


def _gradient(width: int, height: int, top: tuple[int, ...], bottom: tuple[int, ...]) -> Floats:
    t = np.linspace(0.0, 1.0, height, dtype=np.float32)[:, None, None]
    a = np.array(top, dtype=np.float32)[None, None, :]
    b = np.array(bottom, dtype=np.float32)[None, None, :]
    return np.broadcast_to(a + (b - a) * t, (height, width, 3)).astype(np.float32)


def _image(pixels: Floats) -> Image.Image:
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")


def _hsv(h: float, s: float, v: float) -> tuple[int, int, int]:
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
    return int(r * 255), int(g * 255), int(b * 255)


def _confetti(rng: random.Random, width: int, height: int) -> Image.Image:
    hue = rng.random()
    image = _image(_gradient(width, height, _hsv(hue, 0.12, 1.0), _hsv(hue + 0.15, 0.22, 0.97)))
    pen = ImageDraw.Draw(image)
    for _ in range(420):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        colour = _hsv(rng.random(), 0.55, 0.95)
        size = rng.uniform(3, 9)
        if rng.random() < 0.5:
            pen.ellipse((x, y, x + size, y + size), fill=colour)
        else:
            a = rng.uniform(0, math.pi)
            dx, dy = math.cos(a) * size * 1.4, math.sin(a) * size * 1.4
            pen.line((x - dx, y - dy, x + dx, y + dy), fill=colour, width=3)
    return image


def _slate(rng: random.Random, width: int, height: int) -> Image.Image:
    pixels = _gradient(width, height, (58, 64, 78), (40, 44, 56)) + _noise(rng, width, height, 4.0)
    image = _image(pixels)
    pen = ImageDraw.Draw(image)
    for _ in range(160):  # scuffs and specks on a worn desk
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        grey = rng.randint(70, 105)
        if rng.random() < 0.7:
            r = rng.uniform(1, 2.5)
            pen.ellipse((x - r, y - r, x + r, y + r), fill=(grey, grey, grey + 10))
        else:
            length, a = rng.uniform(20, 90), rng.uniform(0, math.pi)
            pen.line(
                (x, y, x + length * math.cos(a), y + length * math.sin(a)),
                fill=(grey, grey, grey + 8),
            )
    return image


def _ruled(rng: random.Random, width: int, height: int) -> Image.Image:
    pixels = _gradient(width, height, (250, 246, 232), (244, 238, 220)) + _noise(
        rng, width, height, 2.0
    )
    image = _image(pixels)
    pen = ImageDraw.Draw(image)
    pitch = height / 10  # the shelves layout stands things on these lines
    for k in range(1, 11):
        y = k * pitch - 4
        pen.line((0, y, width, y), fill=(150, 180, 215), width=2)
        for sub in (1, 2, 3):
            ys = y - sub * pitch / 4
            pen.line((0, ys, width, ys), fill=(222, 228, 236), width=1)
    pen.line((70, 0, 70, height), fill=(225, 120, 120), width=2)
    for _ in range(18):  # doodles in the margin and between the rows
        x, y, r = rng.uniform(0, width), rng.uniform(0, height), rng.uniform(6, 22)
        pen.arc(
            (x - r, y - r, x + r, y + r),
            rng.uniform(0, 180),
            rng.uniform(200, 360),
            fill=(120, 120, 140),
            width=2,
        )
    return image


def _blueprint(rng: random.Random, width: int, height: int) -> Image.Image:
    pixels = _gradient(width, height, (24, 66, 132), (18, 52, 110)) + _noise(
        rng, width, height, 2.5
    )
    image = _image(pixels)
    pen = ImageDraw.Draw(image)
    for gx in range(0, width, 25):
        pen.line((gx, 0, gx, height), fill=(56, 102, 166) if gx % 100 else (80, 128, 190), width=1)
    for gy in range(0, height, 25):
        pen.line((0, gy, width, gy), fill=(56, 102, 166) if gy % 100 else (80, 128, 190), width=1)
    for _ in range(14):  # construction circles and dimension lines
        x, y, r = rng.uniform(0, width), rng.uniform(0, height), rng.uniform(30, 140)
        pen.ellipse((x - r, y - r, x + r, y + r), outline=(110, 150, 205), width=1)
        pen.line((x - r, y, x + r, y), fill=(110, 150, 205), width=1)
    return image


def _night(rng: random.Random, width: int, height: int) -> Image.Image:
    pixels = _gradient(width, height, (12, 16, 48), (44, 22, 70))
    small = Image.new("RGB", (width // 8, height // 8))
    pen = ImageDraw.Draw(small)
    for _ in range(7):  # nebulae, drawn small, blurred and blown up: cheap and soft
        x, y, r = rng.uniform(0, small.width), rng.uniform(0, small.height), rng.uniform(10, 40)
        pen.ellipse(
            (x - r, y - r * 0.6, x + r, y + r * 0.6), fill=_hsv(rng.uniform(0.5, 0.9), 0.7, 0.35)
        )
    haze = small.filter(ImageFilter.GaussianBlur(10)).resize(
        (width, height), Image.Resampling.BILINEAR
    )
    image = _image(pixels + np.asarray(haze, dtype=np.float32) * 0.8)
    pen = ImageDraw.Draw(image)
    for _ in range(700):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        v = rng.randint(120, 255)
        r = rng.choice((0.6, 0.9, 1.3, 1.8))
        pen.ellipse((x - r, y - r, x + r, y + r), fill=(v, v, min(255, v + 20)))
    return image


def _halftone(rng: random.Random, width: int, height: int) -> Image.Image:
    image = _image(_gradient(width, height, (250, 244, 236), (246, 238, 228)))
    pen = ImageDraw.Draw(image)
    ink = _hsv(rng.random(), 0.22, 0.95)
    pitch = 16
    cx, cy = rng.uniform(0, width), rng.uniform(0, height)
    reach = math.hypot(width, height)
    for row, y in enumerate(range(0, height + pitch, pitch)):
        for x in range(-(row % 2) * pitch // 2, width + pitch, pitch):
            r = 0.8 + 3.2 * (1 - math.hypot(x - cx, y - cy) / reach) ** 2
            pen.ellipse((x - r, y - r, x + r, y + r), fill=ink)
    return image


def _sand(rng: random.Random, width: int, height: int) -> Image.Image:
    ys = np.arange(height, dtype=np.float32)[:, None]
    xs = np.arange(width, dtype=np.float32)[None, :]
    phase = rng.uniform(0, 6.28)
    ripples = np.sin(ys / 11.0 + 2.2 * np.sin(xs / 170.0 + phase) + 0.8 * np.sin(xs / 47.0))
    base = _gradient(width, height, (238, 214, 160), (222, 192, 136))
    pixels = base + (ripples * 7.0)[:, :, None] + _noise(rng, width, height, 5.0)
    image = _image(pixels)
    pen = ImageDraw.Draw(image)
    for _ in range(90):  # pebbles and bits of shell
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        r = rng.uniform(2, 6)
        tone = rng.randint(150, 235)
        pen.ellipse((x - r, y - r * 0.7, x + r, y + r * 0.7), fill=(tone, tone - 20, tone - 45))
    return image


def _mosaic(rng: random.Random, width: int, height: int, cells: Sequence[Box]) -> Image.Image:
    image = Image.new("RGB", (width, height), (70, 62, 58))
    pen = ImageDraw.Draw(image)
    hue = rng.random()
    for x0, y0, x1, y1 in cells:
        colour = _hsv(
            hue + rng.uniform(-0.12, 0.12) + rng.choice((0.0, 0.5)),
            rng.uniform(0.25, 0.5),
            rng.uniform(0.75, 0.95),
        )
        pen.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), fill=colour)
    return image


_BACKDROPS: dict[Backdrop, Callable[[random.Random, int, int], Image.Image]] = {
    Backdrop.CONFETTI: _confetti,
    Backdrop.SLATE: _slate,
    Backdrop.RULED: _ruled,
    Backdrop.BLUEPRINT: _blueprint,
    Backdrop.NIGHT: _night,
    Backdrop.HALFTONE: _halftone,
    Backdrop.SAND: _sand,
}
