"""The vendored emoji sets (scripts/vendor-emoji) rasterised once per set and size, in memory."""

from __future__ import annotations

import io
import threading
from enum import StrEnum
from pathlib import Path

import resvg_py
from PIL import Image

EMOJI_DIR = Path(__file__).parent / "emoji"


class EmojiSet(StrEnum):
    """A vendored set; the value is its folder under app/pictures/emoji/."""

    OPENMOJI = "openmoji"
    TWEMOJI = "twemoji"
    NOTO = "noto"
    FLUENT = "fluent"


def svg_path(emoji_set: EmojiSet, codepoints: str) -> Path:
    return EMOJI_DIR / emoji_set.value / f"{codepoints}.svg"


_rasters: dict[tuple[EmojiSet, str, int], Image.Image] = {}
_lock = threading.Lock()


def raster(emoji_set: EmojiSet, codepoints: str, size: int) -> Image.Image:
    """Returns the emoji as a size×size RGBA image, rasterised on first use and kept.

    Scenes draw every emoji from one master size and scale it down, so a set costs one
    rasterisation per emoji for the life of the process (about 2 ms each here).
    """
    key = (emoji_set, codepoints, size)
    with _lock:
        found = _rasters.get(key)
    if found is not None:
        return found
    png = resvg_py.svg_to_bytes(
        svg_path=str(svg_path(emoji_set, codepoints)), width=size, height=size
    )
    image = Image.open(io.BytesIO(bytes(png))).convert("RGBA")
    image.load()
    with _lock:
        return _rasters.setdefault(key, image)


def cached_bytes() -> int:
    """Returns the memory held by rasterised emoji (RGBA pixels)."""
    with _lock:
        return sum(image.width * image.height * 4 for image in _rasters.values())
