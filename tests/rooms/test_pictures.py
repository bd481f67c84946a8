"""A seat's pictures: named by the game, given a new address token when they change, painted
off the event loop once per picture, and a click on one resolved by the server's hit test on
the clicking seat's own picture, whatever the client claimed was there."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from app.games.core import Point
from app.rooms.live import OFF_PICTURE, LiveRoom
from app.rooms.pictures import Easel
from app.rooms.store import GameRow, RoomRow, SeatRow
from tests.rooms.toys import Tab
from tests.support.memory import MemoryStore
from tests.support.toys import (
    GAME,
    HEIGHT,
    WIDTH,
    Checked,
    SkyGame,
    SkyPainter,
    order,
    painters,
)


def sky_room(
    people: int = 2,
    painter: SkyPainter | None = None,
    game: SkyGame = GAME,
    store: Any = None,
    **options: Any,
) -> LiveRoom:
    """Returns a Sky room of `people` seated persons (ids 1.., the first hosts), not started."""
    row = RoomRow(1, "sky1", game.id, {"seconds": 30, "standing": -1, **options}, True, 1, "open")
    seats = [SeatRow(n, n + 1, None) for n in range(people)]
    names = {n + 1: f"P{n + 1}" for n in range(people)}
    easel = Easel(painters(painter))
    store = MemoryStore() if store is None else store
    return LiveRoom(row, game, seats, names, store, 0.01, easel=easel)


async def sky_started(
    people: int = 2, game: SkyGame = GAME, **options: Any
) -> tuple[LiveRoom, SkyPainter]:
    painter = SkyPainter()
    live = sky_room(people, painter, game, **options)
    for person in range(1, people + 1):
        live.attach(Tab(person))
    assert await live.handle(1, {"cmd": "start"}) is None
    return live, painter


class Careless(SkyGame):
    """Offers Bob no point, yet would take his mark with whatever hit it carries."""

    def choices(self, state: Any, seat: int) -> tuple[Point, ...]:
        return () if seat == 1 else super().choices(state, seat)


def centre_of(live: LiveRoom, seat: int, tile: str) -> tuple[int, int]:
    """Returns where a tile's object is in a seat's picture this round."""
    assert live.match is not None
    band = WIDTH // 3
    return order(live.match.state.round, seat).index(tile) * band + band // 2, HEIGHT // 2


async def mark(live: LiveRoom, person: int, tile: str, x: int, y: int, **extra: Any) -> Any:
    assert live.match is not None
    seat = live.match.seat_of(person)
    payload = {"cmd": "act", "kind": "mark", "tile": tile, "x": x, "y": y, "v": 0, **extra}
    payload["v"] = live.match.stamp(seat) if seat is not None else 0
    return await live.handle(person, payload)


async def test_the_server_fills_in_what_lies_under_the_click() -> None:
    live, _painter = await sky_started()
    x, y = centre_of(live, 0, "moon")
    assert await mark(live, 1, "moon", x, y) is None
    store: Any = live.store
    assert store.actions[-1][2] == {"kind": "mark", "tile": "moon", "x": x, "y": y, "hit": "moon"}


async def test_a_hit_the_client_sent_is_overwritten() -> None:
    live, _painter = await sky_started()
    x, y = centre_of(live, 0, "sun")  # the sun is there, not the moon
    assert await mark(live, 1, "moon", x, y, hit="moon") is None
    store: Any = live.store
    assert store.actions[-1][2]["hit"] == "sun"  # logged as the server saw it: replay is exact
    assert live.match is not None and live.match.state.claims == (("moon", 0, False),)


async def test_each_seat_is_checked_on_its_own_picture() -> None:
    live, _painter = await sky_started()
    x, y = centre_of(live, 0, "star")
    assert centre_of(live, 1, "star") != (x, y)  # the seats' pictures differ
    assert await mark(live, 2, "star", x, y) is None
    store: Any = live.store
    assert store.actions[-1][2]["hit"] == order(0, 1)[x * 3 // WIDTH] != "star"


async def test_a_click_off_the_picture_or_not_offered_is_refused() -> None:
    live, _painter = await sky_started()
    assert await mark(live, 1, "moon", WIDTH, 10) == OFF_PICTURE
    assert await mark(live, 1, "moon", -1, 10) == OFF_PICTURE
    refusal = await mark(live, 1, "comet", 10, 10)  # filled in, then refused by the engine
    assert refusal is not None and refusal.text() == "No such tile."
    store: Any = live.store
    assert store.actions == []


async def test_a_hit_sent_while_no_point_is_offered_never_reaches_the_engine() -> None:
    live, _painter = await sky_started(game=Careless())
    live.viewer_pictures(0)
    assert await mark(live, 1, "sun", *centre_of(live, 0, "sun")) is None  # a point seen
    refusal = await mark(live, 2, "moon", 1, 1, hit="moon")
    assert refusal is not None and refusal.text() == "A mark needs a point on your picture."


async def test_a_room_rebuilt_from_its_log_never_lets_a_sent_hit_through_either() -> None:
    """After a restart the room has offered no point yet: it looks at every seat's."""
    live, _painter = await sky_started(game=Careless())
    again = sky_room(game=Careless(), store=live.store)
    store: Any = live.store
    (seed, options), (clock, started) = store.dealt, store.started
    await again.restore(GameRow(1, seed, options, store.players, None, "playing", clock, started))
    refusal = await mark(again, 2, "moon", 1, 1, hit="moon")
    assert refusal is not None and refusal.text() == "A mark needs a point on your picture."


async def test_pictures_are_painted_off_the_event_loop_once_each() -> None:
    live, painter = await sky_started()
    tokens = {seat: live.viewer_pictures(seat)["sky"] for seat in (0, 1)}  # prepared here
    assert live.easel is not None
    painted = await asyncio.gather(*(live.easel.painted(p) for p, _t in tokens.values()))
    await asyncio.gather(*(live.easel.painted(p) for p, _t in tokens.values()))
    assert sorted(painter.painted) == [(0, 0, False), (0, 1, False)]  # once per picture
    assert threading.main_thread().name not in painter.threads
    assert painted[0].data.startswith(b"\x89PNG") and painted[0].data != painted[1].data


async def test_a_new_picture_gets_a_new_token_and_spectators_get_none() -> None:
    live, _painter = await sky_started()
    first = live.viewer_pictures(0)["sky"]
    assert live.viewer_pictures(None) == {}
    x, y = centre_of(live, 1, "sun")
    assert await mark(live, 2, "sun", x, y) is None
    assert live.viewer_pictures(0)["sky"] == first  # the same picture keeps its address
    for tile in ("moon", "star"):
        assert await mark(live, 1, tile, *centre_of(live, 0, tile)) is None
    picture, token = live.viewer_pictures(0)["sky"]
    assert picture != first[0] and token != first[1] and picture.args[0] == 1  # round 2
    assert "sun" not in token and "moon" not in token  # a version, nothing of what it shows


async def test_a_click_is_checked_against_the_picture_when_not_painted_yet() -> None:
    painter = SkyPainter()
    live = sky_room(2, painter)
    live.attach(Tab(1))
    assert await live.handle(1, {"cmd": "start"}) is None
    assert live.easel is not None
    live.easel.size = 0  # keeps nothing: every click paints its picture again
    x, y = centre_of(live, 0, "star")
    assert await mark(live, 1, "star", x, y) is None
    store: Any = live.store
    assert store.actions[-1][2]["hit"] == "star"
    assert threading.main_thread().name not in painter.threads


async def test_a_standing_seat_gets_a_small_picture_and_no_zoom() -> None:
    live, _painter = await sky_started(standing=1)
    picture, _token = live.viewer_pictures(1)["sky"]
    assert (picture.width, picture.height) == (WIDTH // 2, HEIGHT // 2)
    assert live.match is not None
    points = GAME.offered(live.match.state, 1)
    assert points and not any(p.zoom for p in points)
    # Its clicks are in its own (small) picture's pixels.
    band = WIDTH // 6
    x = order(0, 1).index("moon") * band + band // 2
    assert await mark(live, 2, "moon", x, HEIGHT // 4) is None
    store: Any = live.store
    assert store.actions[-1][2]["hit"] == "moon"
    assert await mark(live, 2, "sun", WIDTH // 2 + 1, 10) == OFF_PICTURE


async def test_only_the_seat_sees_where_it_clicked() -> None:
    live, _painter = await sky_started()
    x, y = centre_of(live, 0, "moon")
    assert await mark(live, 1, "moon", x, y) is None
    assert live.match is not None
    checked = [event for _seq, event in live.match.log if isinstance(event, Checked)]
    assert checked and all(not event.visible_to(1) and event.visible_to(0) for event in checked)
