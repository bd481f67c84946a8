"""A live room held in memory, for tests that render a table without a server."""

from __future__ import annotations

from typing import Any

from app.games.core import Game
from app.rooms.live import LiveRoom, Match, Player
from app.rooms.store import RoomRow, SeatRow
from app.web.render import make_environment
from app.web.table import parts, render_part, viewer_of

ENV = make_environment()


def room_with(game: Game[Any], state: Any, players: int) -> LiveRoom:
    """Returns a room of `players` seated people (person ids 1..n) playing `state`."""
    row = RoomRow(1, "code", game.id, {}, True, 1, "playing")
    seats = [SeatRow(n, n + 1, None) for n in range(players)]
    live = LiveRoom(row, game, seats, {n + 1: f"P{n}" for n in range(players)}, None, 0)  # type: ignore[arg-type]
    live.match = Match(1, state, [Player(f"P{n}", n + 1) for n in range(players)])
    return live


def assert_only_the_owner_sees(
    game: Game[Any], state: Any, changed: Any, seat: int, players: int, where: Any = ()
) -> None:
    """Asserts that changing a seat's secrets (`state` into `changed`) changes no HTML of any
    part for any other viewer (every other seat and a spectator). Person ids are seat + 1."""
    before = rendered(game, state, players)
    after = rendered(game, changed, players)
    owner = seat + 1
    for key, html in before.items():
        if key[0] != owner:
            assert after[key] == html, (*where, key)


def rendered(game: Game[Any], state: Any, players: int) -> dict[Any, str]:
    """Returns every part's HTML for every viewer (each seat and a spectator)."""
    live = room_with(game, state, players)
    out = {}
    for person in [*range(1, players + 1), None]:
        viewer = viewer_of(live, person)
        for part in parts(ENV, live, viewer):
            out[(person, part.name)] = render_part(ENV, live, viewer, part)
    return out
