"""Painting in worker processes: the same bytes and outlines as painted here, a thread when
processes cannot paint, and a room rebuilt from its log (a restart) checks a click on its
scene as the room before it would have, though nothing it painted survived."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from app.games.core.pictures import Picture
from app.games.speedy_pickers import GAME
from app.games.speedy_pickers.rules import scene_picture
from app.pictures.registry import painter as registered_painter
from app.pictures.speedy_pickers.painter import NAME, ScenePainter
from app.rooms.live import LiveRoom
from app.rooms.pictures import Easel
from app.rooms.store import GameRow, RoomRow, SeatRow
from tests.rooms.toys import Tab
from tests.support.memory import MemoryStore
from tests.support.speedy import spots
from tests.support.toys import SkyPainter, painters

SEED = 4242
CLOTH = (700, 420, 520, 360, 25)


async def test_a_scene_painted_in_a_process_is_the_one_painted_here() -> None:
    easel = Easel(registered_painter, processes=1)
    here = ScenePainter()
    try:
        assert easel.in_processes
        for args in ((SEED, 3, False, None, False), (SEED, 3, True, CLOTH, True)):
            there = await easel.painted(Picture(NAME, args, 1600, 1000))
            painted = here.paint(args)
            assert there.data == painted.data
            found = spots(painted, step=10)
            assert len(found) > 100  # objects, clutter and background
            for x, y in found.values():
                assert there.hit(x, y) == painted.hit(x, y)
    finally:
        easel.close()


@dataclass(frozen=True, slots=True)
class Flat:
    """A toy painted picture that pickles."""

    data: bytes
    media_type: str = "image/png"

    def hit(self, x: int, y: int) -> str:
        return "flat"


class DiesElsewhere:
    """Paints in the process named by its argument; anywhere else the process dies."""

    def paint(self, args: tuple[Any, ...]) -> Flat:
        if os.getpid() != args[0]:
            os._exit(3)
        return Flat(b"here")


def dies_elsewhere(name: str) -> DiesElsewhere:
    return DiesElsewhere()


async def test_pictures_get_painted_in_a_thread_when_no_process_can_paint() -> None:
    easel = Easel(dies_elsewhere, processes=1)
    try:
        assert easel.in_processes
        painted = await easel.painted(Picture("toy.flat", (os.getpid(),), 10, 10))
        assert painted.data == b"here" and not easel.in_processes
    finally:
        easel.close()


async def test_a_lookup_that_cannot_reach_a_process_paints_in_a_thread() -> None:
    painter = SkyPainter()
    easel = Easel(painters(painter), processes=2)  # a closure: it does not pickle
    try:
        assert not easel.in_processes
        painted = await easel.painted(Picture("toy.sky", (0, 0, False), 300, 200))
        assert painted.data and painter.painted == [(0, 0, False)]
    finally:
        easel.close()


def pickers_room(store: Any, easel: Easel) -> LiveRoom:
    """Ann (id 1, host, seat 0) and Bob (id 2, seat 1) in a beginner game, not started."""
    row = RoomRow(1, "sp1", GAME.id, {"mode": "beginner", "seconds": 300}, True, 1, "open")
    seats = [SeatRow(0, 1, None), SeatRow(1, 2, None)]
    return LiveRoom(row, GAME, seats, {1: "Ann", 2: "Bob"}, store, 0.005, easel=easel)


async def mark(live: LiveRoom, person: int, tile: str, x: int, y: int) -> Any:
    assert live.match is not None
    seat = live.match.seat_of(person)
    assert seat is not None
    payload = {"cmd": "act", "kind": "mark", "tile": tile, "turn": live.match.state.turn,
               "x": x, "y": y, "hit": tile, "v": live.match.stamp(seat)}  # fmt: skip
    return await live.handle(person, payload)


def offered_tiles(live: LiveRoom, seat: int) -> list[str]:
    assert live.match is not None
    return [choice.base.tile for choice in GAME.offered(live.match.state, seat)
            if getattr(choice, "hit", None)]  # fmt: skip


async def test_a_room_rebuilt_mid_search_checks_a_click_on_its_scene_anew() -> None:
    store: Any = MemoryStore()
    live = pickers_room(store, Easel(registered_painter))
    live.attach(Tab(1))
    live.attach(Tab(2))
    assert await live.handle(1, {"cmd": "start"}) is None
    assert live.match is not None
    ann_scene = ScenePainter().paint(scene_picture(live.match.state, 0).args)
    tile = offered_tiles(live, 0)[0]
    assert await mark(live, 1, tile, *spots(ann_scene)[tile]) is None
    assert store.actions[-1][2]["hit"] == tile
    assert live.easel is not None
    live.easel.close()

    # The server restarts: a new room from the log, with an easel that has painted nothing
    # and a painting process that has drawn nothing.
    easel = Easel(registered_painter, processes=1)
    again = pickers_room(store, easel)
    seed, options = store.dealt
    clock, started = store.started
    players = store.players
    await again.restore(GameRow(1, seed, options, players, None, "playing", clock, started))
    assert again.match is not None and again.match.version == 1
    try:
        assert easel.in_processes
        bob_scene = ScenePainter().paint(scene_picture(again.match.state, 1).args)
        where = spots(bob_scene)
        tile = next(t for t in offered_tiles(again, 1) if t in where)
        wrong = next(t for t in offered_tiles(again, 1) if t != tile)
        assert await mark(again, 2, wrong, *where[tile]) is None  # it sent hit=wrong
        assert store.actions[-1][2]["hit"] == tile  # the server's, from the painted scene
        assert await mark(again, 2, tile, *where[""]) is None
        assert store.actions[-1][2]["hit"] == ""  # nothing there
    finally:
        easel.close()
