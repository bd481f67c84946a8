"""The seat controls and clocks a room renders during a game: the host's hand / give back /
free buttons, a handed seat's "Play my seat again", a freed seat offered to watchers, and a
clock beside each seat that counts down for the one that must act."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from app.rooms.live import LiveRoom
from app.web.table import parts, render_part, viewer_of
from tests.rooms.toys import Tab, started, toy_room
from tests.support.rooms import ENV


def rendered(live: LiveRoom, person: int | None) -> dict[str, str]:
    viewer = viewer_of(live, person)
    room_parts = ("seats", "controls")
    wanted = [p for p in parts(ENV, live, viewer) if p.name in room_parts or "clock" in p.name]
    return {part.name: render_part(ENV, live, viewer, part) for part in wanted}


def commands(live: LiveRoom, person: int | None) -> list[dict[str, Any]]:
    values = re.findall(r"hx-vals='([^']*)'", rendered(live, person)["controls"])
    return [json.loads(html.unescape(v)) for v in values]


async def test_the_host_can_hand_or_free_every_seat_during_a_game() -> None:
    live = await started(toy_room(bot_delay=60), Tab(1), Tab(2), Tab(3))
    host = commands(live, 1)
    for seat in (0, 1):
        assert {"cmd": "hand", "seat": seat} in host and {"cmd": "free", "seat": seat} in host
    assert commands(live, 2) == []  # a player sees no seat controls of others
    assert commands(live, 3) == []  # nor does a watcher while no seat is free


async def test_a_handed_seat_shows_give_back_to_the_host_and_take_back_to_its_player() -> None:
    live = await started(toy_room(bot_delay=60), Tab(1), Tab(2))
    assert await live.handle(1, {"cmd": "hand", "seat": 1}) is None
    assert {"cmd": "give", "seat": 1} in commands(live, 1)
    assert {"cmd": "hand", "seat": 1} not in commands(live, 1)
    assert commands(live, 2) == [{"cmd": "reclaim"}]
    assert "(bot playing)" in rendered(live, 3)["seats"]


async def test_a_freed_seat_is_offered_to_watchers_and_shows_its_bot() -> None:
    live = await started(toy_room(bot_delay=60), Tab(1), Tab(2), Tab(3))
    assert await live.handle(1, {"cmd": "free", "seat": 1}) is None
    assert {"cmd": "sit", "seat": 1} in commands(live, 3)
    assert {"cmd": "sit", "seat": 1} in commands(live, 2)  # Bob watches now; he may retake it
    assert {"cmd": "sit", "seat": 1} not in commands(live, 1)  # Ann plays a seat already
    seats = rendered(live, 3)["seats"]
    assert "free seat" in seats and "(bot playing)" in seats


async def test_the_clock_counts_down_beside_the_seat_that_must_act() -> None:
    live = await started(toy_room(clock="normal", bot_delay=60), Tab(1), Tab(2))
    page = rendered(live, None)
    assert 'id="clock-0"' in page["seats"] and 'id="clock-1"' in page["seats"]  # the slots
    acting = re.search(r'data-countdown="([\d.]+)"', page["clock-0"])
    assert "running" in page["clock-0"] and acting and 319 < float(acting.group(1)) <= 320
    assert "running" not in page["clock-1"] and "data-countdown" not in page["clock-1"]
    assert ">5:00<" in page["clock-1"]  # the bank of a seat that waits
    assert "Normal" in page["seats"]  # which clock the room plays with


async def test_no_clock_parts_without_a_clock() -> None:
    live = await started(toy_room(), Tab(1), Tab(2))
    assert not [name for name in rendered(live, 1) if "clock" in name]


async def test_before_a_game_the_host_can_free_another_persons_seat() -> None:
    live = toy_room(people=2)
    live.attach(Tab(1))
    assert {"cmd": "free", "seat": 1} in commands(live, 1)
    assert {"cmd": "free", "seat": 0} not in commands(live, 1)  # the host's own: "Leave"
    assert await live.handle(2, {"cmd": "free", "seat": 0}) is not None
    assert await live.handle(1, {"cmd": "free", "seat": 1}) is None
    assert live.seats[1].person_id is None


def test_before_a_game_the_host_can_add_each_kind_of_bot_to_a_free_seat() -> None:
    live = toy_room(people=2)
    live.attach(Tab(1))
    assert {"cmd": "bot", "seat": 2, "bot": "random"} in commands(live, 1)
    # The kind in brackets: "add a expert bot" read wrong, and word order differs by language.
    assert "Seat 3: add a bot (random)" in rendered(live, 1)["controls"]
