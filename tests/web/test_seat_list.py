"""The seats a room lists: every seat, empty ones too, before a game and after it ends;
during a game only the game's seats (a seat freed for watchers stays: it is played)."""

from __future__ import annotations

from app.rooms.live import LiveRoom
from app.web.table import parts, render_part, viewer_of
from tests.rooms.toys import Tab, started, toy_room, until
from tests.support.rooms import ENV


def seats_html(live: LiveRoom, person: int | None = 1) -> str:
    viewer = viewer_of(live, person)
    part = next(p for p in parts(ENV, live, viewer) if p.name == "seats")
    return render_part(ENV, live, viewer, part)


async def test_empty_seats_show_in_the_lobby_and_after_the_game_but_not_during_it() -> None:
    live = toy_room(people=2)  # three seats, the third empty
    assert seats_html(live).count("empty seat") == 1
    await started(live, Tab(1), Tab(2))
    during = seats_html(live)
    assert "empty seat" not in during
    assert during.count("<li ") == 2
    assert "P1" in during and "P2" in during
    assert await live.handle(1, {"cmd": "free", "seat": 1}) is None
    freed = seats_html(live, None)
    assert "free seat" in freed and "empty seat" not in freed  # played by a bot: listed
    assert await live.handle(1, {"cmd": "hand", "seat": 0}) is None  # bots play to the end
    await until(lambda: not live.playing)
    assert seats_html(live).count("empty seat") == 2  # the third, and the seat freed in play
