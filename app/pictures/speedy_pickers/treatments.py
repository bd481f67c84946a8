"""Per-picture drawing treatments: each turns one emoji into the sprite a scene pastes.

Each returns the sprite and its outline (the pixels a click finds it by), the same size and
centred alike. Halos and shadows are left out of the outline; a sticker's border is in it,
since it reads as part of the sticker.
"""

from __future__ import annotations

import colorsys
import random
from collections.abc import Callable

import numpy as np
from PIL import Image, ImageChops, ImageFilter, ImageOps

from app.pictures.speedy_pickers.styles import Treatment

Sprite = tuple[Image.Image, Image.Image]  # RGBA picture, L outline


def _threshold(level: int) -> list[int]:
    return [255 if a >= level else 0 for a in range(256)]


def _scale(factor: float) -> list[int]:
    return [min(255, int(a * factor)) for a in range(256)]


# Lookup tables for Image.point, made once (a Python function is called 256 times per use).
_SOLID = _threshold(96)
_GROWN = _threshold(24)
_HALF = _threshold(128)
_SHADOW_STICKER = _scale(110 / 255)
_SHADOW_CAST = _scale(120 / 255)
_HALO = _scale(2.0)


def treat(treatment: Treatment, image: Image.Image, rng: random.Random) -> Sprite:
    """Returns the sprite and outline of one size×size RGBA emoji drawn with `treatment`."""
    return _TREATMENTS[treatment](image, rng)


def _outline_of(image: Image.Image) -> Image.Image:
    return image.getchannel("A").point(_SOLID)


def _padded(image: Image.Image, pad: int) -> Image.Image:
    out = Image.new("RGBA", (image.width + 2 * pad, image.height + 2 * pad), (0, 0, 0, 0))
    out.paste(image, (pad, pad))
    return out


def _natural(image: Image.Image, rng: random.Random) -> Sprite:
    return image, _outline_of(image)


def _grown(alpha: Image.Image, radius: int) -> Image.Image:
    """Returns the alpha grown by about `radius` pixels (a box blur, thresholded: cheap)."""
    return alpha.filter(ImageFilter.BoxBlur(radius)).point(_GROWN)


def _sticker(image: Image.Image, rng: random.Random) -> Sprite:
    border = max(3, image.width // 18)
    picture = _padded(image, border + 4)
    cut = _grown(picture.getchannel("A"), border)
    cut = cut.filter(ImageFilter.GaussianBlur(0.8))
    shadow = cut.filter(ImageFilter.GaussianBlur(3)).point(_SHADOW_STICKER)
    out = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    out.paste((20, 20, 30, 255), (2, 3), shadow)
    out.paste((255, 255, 255, 255), (0, 0), cut)
    out.alpha_composite(picture)
    return out, cut.point(_HALF)


def _ink(image: Image.Image, rng: random.Random) -> Sprite:
    """OpenMoji's dark outlines become white ink; its fills become a faint wash."""
    rgba = np.asarray(image, dtype=np.float32)
    light = rgba[..., :3] @ np.array([0.299, 0.587, 0.114], dtype=np.float32)
    alpha = rgba[..., 3] / 255.0
    ink = np.clip((170.0 - light) / 110.0, 0.0, 1.0)
    wash = 0.18
    out = np.empty(rgba.shape, dtype=np.uint8)
    out[..., 0] = 236
    out[..., 1] = 244
    out[..., 2] = 255
    out[..., 3] = np.clip(alpha * (wash + (1.0 - wash) * ink) * 255.0, 0, 255).astype(np.uint8)
    return Image.fromarray(out, "RGBA"), _outline_of(image)


def _glow(image: Image.Image, rng: random.Random) -> Sprite:
    hue = rng.random()
    r, g, b = (int(c * 255) for c in colorsys.hsv_to_rgb(hue, 0.65, 1.0))
    picture = _padded(image, 10)
    halo = picture.getchannel("A").filter(ImageFilter.GaussianBlur(6)).point(_HALO)
    out = Image.new("RGBA", picture.size, (r, g, b, 0))
    out.putalpha(halo)
    out.alpha_composite(picture)
    return out, _outline_of(picture)


# Risograph ink pairs: a dark ink for shadows, a light one for highlights.
_DUOTONES: tuple[tuple[tuple[int, int, int], tuple[int, int, int]], ...] = (
    ((30, 40, 120), (255, 120, 150)),
    ((20, 90, 80), (255, 200, 60)),
    ((120, 20, 60), (120, 220, 230)),
    ((50, 30, 90), (250, 160, 60)),
    ((0, 80, 160), (255, 230, 120)),
    ((140, 40, 20), (170, 230, 170)),
)


def _duotone(image: Image.Image, rng: random.Random) -> Sprite:
    dark, light = rng.choice(_DUOTONES)
    grey = ImageOps.posterize(ImageOps.autocontrast(image.convert("RGB").convert("L")), 3)
    out = ImageOps.colorize(grey, dark, light).convert("RGBA")
    out.putalpha(image.getchannel("A"))
    return out, _outline_of(image)


def _shadow(image: Image.Image, rng: random.Random) -> Sprite:
    offset = max(3, image.width // 14)
    picture = _padded(image, offset + 2)
    shade = ImageChops.offset(picture.getchannel("A"), offset, offset)
    shade = shade.filter(ImageFilter.GaussianBlur(1.5)).point(_SHADOW_CAST)
    out = Image.new("RGBA", picture.size, (70, 45, 15, 0))
    out.putalpha(shade)
    out.alpha_composite(picture)
    return out, _outline_of(picture)


def _hue(image: Image.Image, rng: random.Random) -> Sprite:
    turn = rng.randint(50, 205)
    hsv = np.array(image.convert("RGB").convert("HSV"))
    hsv[..., 0] = (hsv[..., 0].astype(np.int16) + turn).astype(np.uint8)
    out = Image.fromarray(hsv, "HSV").convert("RGBA")
    out.putalpha(image.getchannel("A"))
    return out, _outline_of(image)


_TREATMENTS: dict[Treatment, Callable[[Image.Image, random.Random], Sprite]] = {
    Treatment.NATURAL: _natural,
    Treatment.STICKER: _sticker,
    Treatment.INK: _ink,
    Treatment.GLOW: _glow,
    Treatment.DUOTONE: _duotone,
    Treatment.SHADOW: _shadow,
    Treatment.HUE: _hue,
}
