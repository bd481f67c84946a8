"""What leaves the server is pixels only: no metadata; the same seed gives the same bytes."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image

from app.pictures.speedy_pickers.painter import ScenePainter
from app.pictures.speedy_pickers.styles import STYLES

MAX_BYTES = 400_000
SEED = 20261201  # the seed the other picture tests draw, so their scenes are shared


def riff_chunks(data: bytes) -> list[bytes]:
    """Returns the four-byte ids of a WebP file's chunks."""
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    assert struct.unpack("<I", data[4:8])[0] == len(data) - 8
    chunks, at = [], 12
    while at < len(data):
        fourcc, size = data[at : at + 4], struct.unpack("<I", data[at + 4 : at + 8])[0]
        chunks.append(fourcc)
        at += 8 + size + (size & 1)
    return chunks


@pytest.mark.parametrize(
    "args",
    [(SEED, 0, False, None, False), (SEED, 3, True, (400, 300, 300, 200, 10), True)],
    ids=["plain", "every-look"],
)
def test_the_image_holds_one_bare_vp8_chunk(painter: ScenePainter, args: tuple) -> None:
    picture = painter.paint(args)
    assert picture.media_type == "image/webp"
    assert riff_chunks(picture.data) == [b"VP8 "]
    with Image.open(io.BytesIO(picture.data)) as image:
        assert not {"exif", "icc_profile", "xmp", "dpi"} & set(image.info)
        assert not image.getexif()


def test_no_name_of_an_object_is_in_the_bytes(painter: ScenePainter) -> None:
    data = painter.paint((SEED, 0, False, None, False)).data
    # Long words only: three random bytes of compressed pixels may well spell "svg".
    for word in (b"soccer_ball", b"speedy_pickers", b"twemoji", b"openmoji", b"<?xpacket", b"Exif"):
        assert word not in data


def test_the_same_seed_paints_the_same_bytes(painter: ScenePainter) -> None:
    again = ScenePainter()  # nothing cached: drawn anew
    for args in [(SEED, 5, False, None, False), (SEED, 7, True, (800, 500, 400, 300, 45), True)]:
        assert again.paint(args).data == painter.paint(args).data
    other_seed = painter.paint((SEED + 1, 5, False, None, False)).data
    assert other_seed != painter.paint((SEED, 5, False, None, False)).data


@pytest.mark.parametrize("index", range(len(STYLES)))
def test_every_scene_is_under_400_kb(painter: ScenePainter, index: int) -> None:
    assert len(painter.paint((SEED, index, False, None, False)).data) < MAX_BYTES


def test_arguments_that_are_not_a_scene_are_refused(painter: ScenePainter) -> None:
    for args in [(1, 8, False, None, False), (1, 0, False, (1, 2), False), (1, 0, False)]:
        with pytest.raises(ValueError):
            painter.paint(args)
