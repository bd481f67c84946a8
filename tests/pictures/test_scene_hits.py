"""Clicks against a base scene's outlines: every object found, near misses, overlaps, clutter."""

from __future__ import annotations

import numpy as np
import pytest

from app.games.speedy_pickers.objects import OBJECTS
from app.pictures.outlines import NOTHING
from app.pictures.speedy_pickers.compose import MIN_AREA
from app.pictures.speedy_pickers.looks import TOLERANCE
from app.pictures.speedy_pickers.painter import ScenePainter
from app.pictures.speedy_pickers.styles import STYLES
from tests.pictures.spots import clear_of, label_map, topmost, visible_centre, visible_pixels

SEED = 20261201


@pytest.mark.parametrize("index", range(len(STYLES)))
def test_every_object_is_found_at_its_visible_centre(painter: ScenePainter, index: int) -> None:
    scene = painter.scene(SEED, index)
    picture = painter.paint((SEED, index, False, None, False))
    labels = label_map(scene.outlines)
    found = {}
    for i, outline in enumerate(scene.outlines.items):
        if outline.key:
            found[outline.key] = picture.hit(*visible_centre(labels, scene.outlines, i))
    assert found == {tile.key: tile.key for tile in OBJECTS}


def test_a_click_just_beside_an_object_finds_it_and_one_further_finds_nothing(
    painter: ScenePainter,
) -> None:
    scene = painter.scene(SEED, 0)
    picture = painter.paint((SEED, 0, False, None, False))
    labels = label_map(scene.outlines)
    checked = 0
    for i, outline in enumerate(scene.outlines.items):
        if not outline.key:
            continue
        xs, ys = visible_pixels(labels, scene.outlines, i)
        left = int(np.argmin(xs))
        x, y = int(xs[left]), int(ys[left])
        near, far = x - TOLERANCE + 1, x - TOLERANCE - 2
        others = labels[max(0, y - 12) : y + 13, max(0, x - 16) : x]
        if far < 0 or np.any((others != NOTHING) & (others != i)):
            continue  # something else is close by: not a clean edge to test on
        assert picture.hit(near, y) == outline.key
        assert clear_of(labels, far, y, TOLERANCE)
        assert picture.hit(far, y) == ""
        checked += 1
    assert checked >= 40


def test_where_objects_overlap_the_one_on_top_wins(painter: ScenePainter) -> None:
    scene = painter.scene(SEED, 1)  # stickers in piles: many overlaps
    picture = painter.paint((SEED, 1, False, None, False))
    items = scene.outlines.items
    overlaps = 0
    for upper in range(len(items) - 1, 0, -1):
        a = items[upper].mask
        for lower in range(upper):
            b = items[lower].mask
            x0, y0 = max(a.left, b.left), max(a.top, b.top)
            x1, y1 = min(a.right, b.right), min(a.bottom, b.bottom)
            if x0 >= x1 or y0 >= y1 or not (items[upper].key and items[lower].key):
                continue
            both = a.window(x0, y0, x1, y1) & b.window(x0, y0, x1, y1)
            ys, xs = np.nonzero(both)
            if len(ys) == 0:
                continue
            x, y = int(xs[len(xs) // 2]) + x0, int(ys[len(ys) // 2]) + y0
            on_top = topmost(scene.outlines, x, y)
            assert on_top >= upper
            assert picture.hit(x, y) == scene.outlines.key(on_top)
            overlaps += 1
    assert overlaps >= 50


def test_clutter_is_never_an_object(painter: ScenePainter) -> None:
    scene = painter.scene(SEED, 6)
    picture = painter.paint((SEED, 6, False, None, False))
    labels = label_map(scene.outlines)
    decoys = [i for i, o in enumerate(scene.outlines.items) if not o.key]
    assert len(decoys) == STYLES[6].decoys
    for i in decoys:
        if len(visible_pixels(labels, scene.outlines, i)[0]):
            assert picture.hit(*visible_centre(labels, scene.outlines, i)) == ""


def test_the_background_and_outside_the_picture_are_nothing(painter: ScenePainter) -> None:
    scene = painter.scene(SEED, 2)
    picture = painter.paint((SEED, 2, False, None, False))
    labels = label_map(scene.outlines)
    ys, xs = np.nonzero(labels == NOTHING)
    clear = [(int(x), int(y)) for x, y in zip(xs[::997], ys[::997], strict=True)]
    clear = [(x, y) for x, y in clear if clear_of(labels, x, y, TOLERANCE)]
    assert len(clear) > 50
    assert {picture.hit(x, y) for x, y in clear} == {""}
    assert picture.hit(-1, 10) == picture.hit(10, 1000) == picture.hit(1600, 0) == ""


@pytest.mark.parametrize("index", range(len(STYLES)))
def test_every_object_shows_enough_of_itself(painter: ScenePainter, index: int) -> None:
    scene = painter.scene(SEED, index)
    labels = label_map(scene.outlines)
    shown = np.bincount(labels[labels != NOTHING], minlength=len(scene.outlines.items))
    keys = set()
    for i, outline in enumerate(scene.outlines.items):
        if outline.key:
            keys.add(outline.key)
            assert shown[i] >= 0.5 * outline.mask.bits.sum(), outline.key
            assert shown[i] >= 0.5 * MIN_AREA, outline.key
    assert keys == {tile.key for tile in OBJECTS}
