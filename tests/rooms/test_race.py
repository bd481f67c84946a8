"""Races: while a game's seats act at once (`Game.simultaneous`), one seat's move leaves the
others' offers valid, so a click made at the same moment is judged by the engine, which
gives the tile to the first and tells the second why not; a double click counts once; and
a click that arrives after the game's timer ran out does not count."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from app.rooms.live import STALE, TIME_UP
from tests.rooms.test_pictures import centre_of, mark, sky_started
from tests.rooms.toys import until


async def test_a_move_by_one_racer_leaves_the_others_stamp() -> None:
    live, _painter = await sky_started(3)
    match = live.match
    assert match is not None
    before = {seat: match.stamp(seat) for seat in range(3)}
    assert await mark(live, 1, "sun", *centre_of(live, 0, "sun")) is None
    assert match.stamp(0) == 1  # the mover's own stamp moves: its double click is stale
    assert match.stamp(1) == before[1] and match.stamp(2) == before[2]


async def test_a_click_made_before_seeing_anothers_move_is_judged_by_the_engine() -> None:
    live, _painter = await sky_started()
    match = live.match
    assert match is not None
    seen = match.stamp(1)  # what Bob's page carries
    assert await mark(live, 1, "moon", *centre_of(live, 0, "moon")) is None
    x, y = centre_of(live, 1, "sun")
    # Bob clicked the sun against the table before Ann's move: not stale, and it counts.
    sent = {"cmd": "act", "kind": "mark", "tile": "sun", "x": x, "y": y, "v": seen}
    assert await live.handle(2, sent) is None
    assert [tile for tile, _seat, _right in match.state.claims] == ["moon", "sun"]


async def test_two_claims_of_one_tile_at_once_have_one_clear_winner() -> None:
    live, _painter = await sky_started()
    match = live.match
    assert match is not None
    ann = {"cmd": "act", "kind": "mark", "tile": "star", "v": match.stamp(0)}
    bob = {"cmd": "act", "kind": "mark", "tile": "star", "v": match.stamp(1)}
    ann.update(zip("xy", centre_of(live, 0, "star"), strict=True))
    bob.update(zip("xy", centre_of(live, 1, "star"), strict=True))
    results = await asyncio.gather(live.handle(1, ann), live.handle(2, bob))
    assert results[0] is None  # the first to reach the room wins the tile
    assert results[1] is not None and "quicker" in results[1].text()
    assert match.state.claims == (("star", 0, True),)
    lines = [GAMEOF(live).describe(event, ["Ann", "Bob"]) for _seq, event in match.log]
    assert "Ann claims the star" in lines  # what both tables show in the log


def GAMEOF(live: Any) -> Any:  # noqa: N802 - reads like the game it returns
    return live.game


async def test_a_double_click_counts_once() -> None:
    live, _painter = await sky_started()
    match = live.match
    assert match is not None
    click = {"cmd": "act", "kind": "mark", "tile": "sun", "v": match.stamp(0)}
    click.update(zip("xy", centre_of(live, 0, "sun"), strict=True))
    first, second = await asyncio.gather(live.handle(1, click), live.handle(1, dict(click)))
    assert first is None and second == STALE
    assert len(match.state.claims) == 1


async def test_a_click_after_the_timer_ran_out_does_not_count() -> None:
    live, _painter = await sky_started(seconds=30)
    match = live.match
    assert match is not None
    match.timer_since = time.time() - 31  # the round's 30 s are up; its task has not run yet
    x, y = centre_of(live, 0, "sun")
    assert await mark(live, 1, "sun", x, y) == TIME_UP
    store: Any = live.store
    assert [action["kind"] for _seq, _seat, action in store.actions] == ["end_round"]
    assert match.state.round == 1 and match.state.claims == ()


async def test_a_click_just_in_time_counts_and_the_timer_then_ends_the_round() -> None:
    live, _painter = await sky_started(seconds=1)
    match = live.match
    assert match is not None
    assert await mark(live, 1, "sun", *centre_of(live, 0, "sun")) is None
    await until(lambda: match.state.round == 1)  # the timer fired as the CLOCK seat
    store: Any = live.store
    assert [action["kind"] for _seq, _seat, action in store.actions] == ["mark", "end_round"]
    assert live.timer_deadline() is not None  # round 2's timer runs


async def test_the_deadline_is_the_servers_and_survives_as_stored() -> None:
    live, _painter = await sky_started(seconds=30)
    match = live.match
    assert match is not None
    deadline = live.timer_deadline()
    assert deadline is not None and abs(deadline - (match.timer_since + 30)) < 1e-6
    left = live.timer_left()
    assert left is not None and 29 < left <= 30
