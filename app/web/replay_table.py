"""A replayed table: the room's own templates (the game's skeleton and its parts) rendered
for one moment of a rebuilt game, as one viewer saw it, or with everything revealed.

The room sends the skeleton, then each part into the slot of its id; a replay renders both
at once and puts each part's HTML in its slot (`<div id="name"></div>` in the skeleton)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from jinja2 import Environment

from app.games.core import Game
from app.rooms.replays import Recording, Timeline
from app.web.render import game_package, render
from app.web.table import Viewer

EVERYTHING = "all"
"""The point of view that shows everything: each seat's own, and what no seat saw."""

_SLOT = re.compile(r'<div id="([A-Za-z0-9_-]+)"></div>')


class Seen(NamedTuple):
    """Who a replay is shown as: a seat, a spectator (None), or everything revealed."""

    seat: int | None
    everything: bool = False


PictureUrl = Callable[[int | None, str], str]
"""The address of a seat's picture (by name) at the moment shown."""


def moment_html(
    env: Environment,
    game: Game[Any],
    recorded: Recording,
    timeline: Timeline,
    step: int,
    seen: Seen,
    picture_url: PictureUrl,
) -> str:
    """Returns the table after move `step` (0: the deal) as `seen` sees it: the game's
    skeleton with its parts in their slots; with everything revealed, the spectator's table
    with each seat's own areas, then what each seat alone saw and what nobody saw."""
    state = timeline.states[step]
    names = list(recorded.names)
    table_seat = None if seen.everything else seen.seat
    context = _Context(env, game, names)
    skeleton = render(
        env,
        "room/parts/table.html",
        part=(recorded.game_type, "replay"),
        package=game_package(recorded.game_type),
        seat=table_seat,
        names=names,
        game=game,
    )
    parts = dict(_parts(context, state, table_seat, picture_url))
    if seen.everything:
        for owner in range(len(names)):  # each seat's own area, as its owner saw it
            for name, data in game.private_view(state, owner).items():
                if name in game.seat_parts:
                    parts[f"{name}-{owner}"] = context.part(name, data[owner], owner, state)
    html = _SLOT.sub(lambda slot: parts.get(slot.group(1), slot.group(0)), skeleton)
    if seen.everything:
        html += render(
            env,
            "replays/hidden.html",
            seats=tuple(_hidden(context, state, picture_url)),
            revealed=game.revealed(state),
        )
    return html


class _Context:
    """What a part's template reads, as in the room (`table._context`), for a replay: no
    moves (nothing is played from a replay) and no running timer."""

    def __init__(self, env: Environment, game: Game[Any], names: list[str]) -> None:
        self.env, self.game, self.names = env, game, names
        self.folder = f"games/{game_package(game.id)}/parts"

    def part(self, name: str, data: Any, seat: int | None, state: Any) -> str:
        return render(
            self.env,
            f"{self.folder}/{name}.html",
            part=data,
            key=data,
            viewer=Viewer(None, seat, None),
            seat=seat,
            room=None,
            game=self.game,
            names=self.names,
            version=0,
            view=self.view(state, seat),
            package=game_package(self.game.id),
            timer_left=_nothing,
            timer_deadline=_nothing,
        )

    def view(self, state: Any, seat: int | None) -> Mapping[str, Any]:
        game = self.game
        return {**game.public_view(state), **game.private_view(state, seat), game.moves_part: None}


def _nothing() -> None:
    return None


def _parts(
    context: _Context, state: Any, seat: int | None, picture_url: PictureUrl
) -> Iterator[tuple[str, str]]:
    """Yields (slot id, HTML) for every part of the table as a seat (or a spectator) saw it."""
    game = context.game
    for name, data in context.view(state, seat).items():
        if name == game.moves_part:
            continue  # nothing is played from a replay
        if name in game.seat_parts:
            for index, item in enumerate(data):
                yield f"{name}-{index}", context.part(name, item, seat, state)
        else:
            yield name, context.part(name, data, seat, state)
    for name, picture in game.pictures(state, seat).items():
        data = (name, picture_url(seat, name), picture.width, picture.height, True)
        yield f"picture-{name}", render(context.env, "room/parts/picture.html", part=data)


class HiddenSeat(NamedTuple):
    """What one seat alone saw: its private parts' HTML and its pictures' addresses."""

    name: str
    parts: tuple[str, ...]
    pictures: tuple[tuple[str, int, int], ...]  # (address, width, height)


def _hidden(context: _Context, state: Any, picture_url: PictureUrl) -> Iterator[HiddenSeat]:
    game = context.game
    everyone = game.private_view(state, None)
    for seat, name in enumerate(context.names):
        own = game.private_view(state, seat)
        parts = tuple(
            context.part(part, data, seat, state)
            for part, data in own.items()
            if part not in game.seat_parts and data != everyone.get(part)
        )
        pictures = tuple(
            (picture_url(seat, picture_name), picture.width, picture.height)
            for picture_name, picture in game.pictures(state, seat).items()
        )
        yield HiddenSeat(name, parts, pictures)
