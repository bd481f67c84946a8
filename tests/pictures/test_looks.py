"""A viewer's look: turned, under a cloth, from afar; clicks map back to the same objects."""

from __future__ import annotations

import io
import math

import numpy as np
from PIL import Image

from app.pictures.outlines import NOTHING
from app.pictures.speedy_pickers.compose import HEIGHT, WIDTH
from app.pictures.speedy_pickers.painter import ScenePainter
from tests.pictures.spots import label_map, visible_centre

SEED = 20261201  # as in the other picture tests: scenes drawn once, shared
INDEX = 4
CLOTH = (700, 420, 520, 360, 25)  # centre x, centre y, width, height, degrees


def pixels(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as image:
        assert image.size == (WIDTH, HEIGHT)
        return np.asarray(image.convert("RGB"), dtype=np.int16)


def cloth_reach(x: int, y: int) -> float:
    """Returns how far (x, y) lies outside CLOTH's rectangle (negative: inside), in pixels."""
    cx, cy, w, h, degrees = CLOTH
    a = math.radians(degrees)
    u = (x - cx) * math.cos(a) + (y - cy) * math.sin(a)
    v = -(x - cx) * math.sin(a) + (y - cy) * math.cos(a)
    return max(abs(u) - w / 2, abs(v) - h / 2)


def centres(painter: ScenePainter) -> dict[str, tuple[int, int]]:
    scene = painter.scene(SEED, INDEX)
    labels = label_map(scene.outlines)
    return {
        o.key: visible_centre(labels, scene.outlines, i)
        for i, o in enumerate(scene.outlines.items)
        if o.key
    }


def test_a_turned_scene_finds_each_object_where_it_was_turned_to(painter: ScenePainter) -> None:
    turned = painter.paint((SEED, INDEX, True, None, False))
    for key, (x, y) in centres(painter).items():
        assert turned.hit(WIDTH - 1 - x, HEIGHT - 1 - y) == key
    upright = pixels(painter.paint((SEED, INDEX, False, None, False)).data)
    assert np.abs(pixels(turned.data)[::-1, ::-1] - upright).mean() < 4  # the same picture, turned


def test_nothing_is_found_under_the_cloth_and_all_else_still_is(painter: ScenePainter) -> None:
    covered = painter.paint((SEED, INDEX, False, CLOTH, False))
    under, beside = 0, 0
    for key, (x, y) in centres(painter).items():
        if cloth_reach(x, y) < -10:
            assert covered.hit(x, y) == ""
            under += 1
        elif cloth_reach(x, y) > 30:
            assert covered.hit(x, y) == key
            beside += 1
    assert under >= 5 and beside >= 100


def test_the_cloth_is_drawn_into_the_image(painter: ScenePainter) -> None:
    bare = pixels(painter.paint((SEED, INDEX, False, None, False)).data)
    covered = pixels(painter.paint((SEED, INDEX, False, CLOTH, False)).data)
    changed = np.abs(covered - bare).sum(axis=2) > 60
    cx, cy = CLOTH[0], CLOTH[1]
    assert changed[cy - 100 : cy + 100, cx - 150 : cx + 150].mean() > 0.9
    assert changed[:, 1300:].mean() < 0.01


def test_a_cloth_on_a_turned_scene_lies_where_the_viewer_sees_it(painter: ScenePainter) -> None:
    look = painter.paint((SEED, INDEX, True, CLOTH, False))
    for key, (x, y) in centres(painter).items():
        tx, ty = WIDTH - 1 - x, HEIGHT - 1 - y  # where the viewer sees it
        if cloth_reach(tx, ty) < -10:
            assert look.hit(tx, ty) == ""
        elif cloth_reach(tx, ty) > 30:
            assert look.hit(tx, ty) == key


def test_a_low_res_look_keeps_its_size_and_its_clicks_but_loses_detail(
    painter: ScenePainter,
) -> None:
    sharp = painter.paint((SEED, INDEX, False, None, False))
    blurred = painter.paint((SEED, INDEX, False, None, True))
    assert (blurred.width, blurred.height) == (sharp.width, sharp.height) == (WIDTH, HEIGHT)
    for key, (x, y) in centres(painter).items():
        assert blurred.hit(x, y) == key
    # What a 640×400 copy cannot hold: much less of it is left in the low-res look.
    detail = [lost_at_640(p.data) for p in (sharp, blurred)]
    assert detail[1] < 0.75 * detail[0]


def lost_at_640(data: bytes) -> float:
    with Image.open(io.BytesIO(data)) as image:
        small = image.convert("RGB").resize((640, 400), Image.Resampling.BOX)
        again = small.resize(image.size, Image.Resampling.BILINEAR)
        return float(np.abs(pixels(data) - np.asarray(again, dtype=np.int16)).mean())


def test_every_look_at_once(painter: ScenePainter) -> None:
    look = painter.paint((SEED, INDEX, True, CLOTH, True))
    scene = painter.scene(SEED, INDEX)
    labels = label_map(scene.outlines)
    assert look.hit(CLOTH[0], CLOTH[1]) == ""
    found = sum(
        look.hit(WIDTH - 1 - x, HEIGHT - 1 - y) == key for key, (x, y) in centres(painter).items()
    )
    assert 100 <= found < 160
    assert labels[0, 0] == NOTHING or look.hit(WIDTH - 1, HEIGHT - 1) is not None
