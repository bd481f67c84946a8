"""Image bytes that say nothing but pixels: no EXIF, XMP, ICC profile or text chunks."""

from __future__ import annotations

import io

from PIL import Image

WEBP = "image/webp"
_QUALITY = 80  # chosen: busy 1600×1000 scenes stay near 200 KB and still look sharp
# Chosen: encoder effort 2 of 6: half the time of 4 (60 against 130 ms a scene here) for
# 3 % more bytes; painting is what a room waits for when many start at once.
_METHOD = 2


def webp_bytes(image: Image.Image) -> bytes:
    """Returns `image` as a lossy WebP holding only its pixels (a bare VP8 chunk)."""
    clean = Image.frombytes("RGB", image.size, image.convert("RGB").tobytes())
    out = io.BytesIO()
    clean.save(out, "WEBP", quality=_QUALITY, method=_METHOD, exif=b"", icc_profile=None, xmp=b"")
    return out.getvalue()
