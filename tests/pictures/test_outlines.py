"""The hit test on made-up outlines, where every answer is known by construction."""

from __future__ import annotations

import numpy as np

from app.pictures.outlines import BLOCKED, NOTHING, Mask, Outline, Outlines, nearest
from app.pictures.speedy_pickers.looks import TOLERANCE, Finder


def square(left: int, top: int, side: int) -> Mask:
    return Mask(left, top, np.ones((side, side), dtype=np.bool_))


def ring(left: int, top: int, side: int) -> Mask:
    bits = np.ones((side, side), dtype=np.bool_)
    bits[4:-4, 4:-4] = False
    return Mask(left, top, bits)


# Bottom first: a ball, a bat over its right half, clutter over the bat's corner, a hoop.
OUTLINES = Outlines(
    [
        Outline("ball", square(100, 100, 50)),
        Outline("bat", square(130, 100, 50)),
        Outline("", square(170, 140, 30)),
        Outline("hoop", ring(300, 300, 40)),
    ]
)
WIDTH, HEIGHT = 400, 400


def finder(rotated: bool = False, cover: Mask | None = None) -> Finder:
    return Finder(OUTLINES, WIDTH, HEIGHT, rotated, cover)


def test_the_outline_drawn_last_is_on_top() -> None:
    hit = finder()
    assert hit(110, 120) == "ball"
    assert hit(140, 120) == "bat"  # over the ball
    assert hit(175, 145) == ""  # clutter over the bat
    assert hit(165, 120) == "bat"


def test_a_hole_in_an_outline_is_not_the_object() -> None:
    hit = finder()
    assert hit(301, 320) == "hoop"
    assert hit(320, 320) == ""  # the middle of the hoop, far from its rim


def test_tolerance_reaches_exactly_so_far() -> None:
    hit = finder()
    assert hit(100 - TOLERANCE, 120) == "ball"
    assert hit(100 - TOLERANCE - 1, 120) == ""
    assert hit(120, 100 - TOLERANCE) == "ball"
    assert hit(100 - 3, 100 - 3) == ""  # diagonal: 4.2 px from the corner


def test_near_clutter_finds_nothing_rather_than_an_object_further_off() -> None:
    hit = finder()
    assert hit(200 + 2, 150) == ""  # 2 px right of the clutter, which hides the bat's edge


def test_a_turned_look_maps_points_back() -> None:
    hit = finder(rotated=True)
    assert hit(WIDTH - 1 - 110, HEIGHT - 1 - 120) == "ball"
    assert hit(WIDTH - 1 - 140, HEIGHT - 1 - 120) == "bat"
    assert hit(WIDTH - 1 - (100 - TOLERANCE), HEIGHT - 1 - 120) == "ball"


def test_nothing_is_found_under_a_cloth_nor_just_beside_it() -> None:
    cloth = square(120, 90, 30)  # over the ball's and the bat's meeting
    hit = finder(cover=cloth)
    assert hit(135, 110) == ""
    assert hit(118, 110) == "ball"  # in sight just beside the cloth
    assert hit(135, 88) == ""  # 2 px above the cloth: the cloth is nearest
    assert hit(165, 130) == "bat"


def test_equally_near_outlines_give_the_one_on_top() -> None:
    window = np.full((9, 9), NOTHING, dtype=np.int32)
    window[4, 0] = 1
    window[4, 8] = 3
    assert nearest(window, 4, 4, 4) == 3
    window[0, 4] = BLOCKED
    assert nearest(window, 4, 4, 4) == BLOCKED


def test_packed_masks_keep_their_bits() -> None:
    bits = np.random.default_rng(1).random((37, 53)) > 0.5
    mask = Mask(10, 20, bits)
    assert (mask.bits == bits).all()
    assert (mask.window(0, 0, 70, 70)[20:57, 10:63] == bits).all()
    assert mask.nbytes == 37 * 7
