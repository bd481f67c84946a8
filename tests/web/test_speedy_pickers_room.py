"""Speedy Pickers on the table: every part renders for every viewer through seeded bot games
in both modes, the moves part stays small, each searching seat gets its own scene as a
picture (spectators none), and whether a mark is right changes no byte of anyone's page
before the search ends."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from app.games.core import CLOCK, Applied
from app.games.speedy_pickers import GAME
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.cards import CATEGORY_NAMES
from app.games.speedy_pickers.objects import Category
from app.games.speedy_pickers.state import Phase
from app.web.render import make_environment
from tests.support.rooms import rendered, room_with
from tests.support.tabs import point_steps

PLAYERS = 3


def playout(mode: str, seed: int) -> list[Any]:
    """Returns every state of a seeded game of bots (the clock's actions now and then)."""
    state = GAME.setup(PLAYERS, {"mode": mode, "seconds": 60}, seed)
    rng = random.Random(seed)
    states = [state]
    while GAME.result(state) is None and len(states) < 600:
        seats = sorted(GAME.active_seats(state))
        timer = GAME.timer(state)
        if timer is not None and (not seats or rng.random() < 0.04):
            applied = GAME.apply(state, CLOCK, timer.action)
        else:
            seat = rng.choice(seats)
            applied = GAME.apply(state, seat, GAME.bots[GAME.stand_in](GAME, state, seat, rng))
        assert isinstance(applied, Applied), applied
        state = applied.state
        states.append(state)
    assert GAME.result(state) is not None
    return states


@pytest.mark.parametrize("mode", ["beginner", "expert"])
def test_every_part_renders_for_every_viewer_and_moves_stay_small(mode: str) -> None:
    for index, state in enumerate(playout(mode, 11)):
        if index % 5:
            continue
        pages = rendered(GAME, state, PLAYERS)
        for (person, name), html in pages.items():
            assert f'id="{name}"' in html.split(">", 1)[0], (person, name)
            if name == "actions":
                assert len(html.encode()) < 8192, (index, person)
        if state.phase is Phase.SEARCH:  # a seat still searching has its scene
            for seat in GAME.active_seats(state):
                assert "pictures/scene?v=" in pages[(seat + 1, "picture-scene")]
        assert "<img" not in pages.get((None, "picture-scene"), "")


def test_a_searching_seat_sees_its_own_scene_and_its_tiles_to_click() -> None:
    state = GAME.setup(2, {"mode": "beginner", "seconds": 60}, 3)
    live = room_with(GAME, state, 2)
    pages = rendered(GAME, state, 2)
    scene = pages[(1, "picture-scene")]
    assert "/rooms/code/pictures/scene?v=" in scene and 'width="1600" height="1000"' in scene
    assert len(point_steps(pages[(1, "actions")])) == len(state.centre)
    assert live.viewer_pictures(None) == {}


def test_whether_a_mark_is_right_changes_nothing_anyone_is_sent() -> None:
    state = GAME.setup(PLAYERS, {"mode": "expert", "seconds": 60}, 5)
    tile = state.centre[0]
    right = GAME.apply(state, 0, act.Mark(tile, state.turn, 700, 400, hit=tile))
    other = next(key for key in state.centre if key != tile)
    wrong = GAME.apply(state, 0, act.Mark(tile, state.turn, 700, 400, hit=other))
    assert isinstance(right, Applied) and isinstance(wrong, Applied)
    assert right.events == wrong.events
    # The marks differ in the state only; every page drawn from either is the same.
    assert rendered(GAME, right.state, PLAYERS) == rendered(GAME, wrong.state, PLAYERS)
    assert right.state != wrong.state  # and yet they are different states


@pytest.mark.parametrize("mode", ["beginner", "expert"])
def test_the_game_over_shows_the_result_and_no_search(mode: str) -> None:
    state = playout(mode, 7)[-1]
    pages = rendered(GAME, state, PLAYERS)
    table = " ".join(pages.values())
    for searching in ("Your scene", "Tiles to find", "left in the bag", "Cards on display"):
        assert searching not in table, searching
    assert "pictures/scene" not in table and "Take back" not in table
    # Who won is the room's summary (tests/web/test_end_summary.py); the score table ranks.
    scores = GAME.view(state, None)["scores"]
    assert scores.ranks is not None
    for person in (None, *range(1, PLAYERS + 1)):
        ranks = re.search(r'<div id="scores-ranks".*?</div>', pages[(person, "scores")])
        assert ranks is not None
        cells = re.findall(r'<span role="cell">(\d+)( <span class="winner">)?', ranks.group(0))
        assert [(int(r), bool(w)) for r, w in cells] == [(r, r == 1) for r in scores.ranks]


def test_a_tile_names_its_category_through_the_words_the_table_sends_once() -> None:
    """A tile's markup is its name and category class; the table's skeleton carries each
    category's words once, for the page to copy into every tile of that class."""
    state = GAME.setup(2, {"mode": "beginner", "seconds": 60}, 3)
    pages = rendered(GAME, state, 2)
    centre = pages[(1, "centre")]
    assert "<small>" not in centre and 'class="sp-tile ' in centre
    env = make_environment()
    skeleton = env.get_template("games/speedy_pickers/table.html").render(
        names=["A", "B"], game=GAME
    )
    for category in Category:
        name = CATEGORY_NAMES[category]
        expected = f'<template data-append-to=".sp-tile.{category.value}"><small> ({name})</small>'
        assert expected in skeleton, category
