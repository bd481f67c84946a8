"""Where things are in a Speedy Pickers room's scenes, for tests that click on them: the test
reads the game's seed and log from the server's database (as a restart would), rebuilds the
state, and paints the seat's scene itself. Nothing here reaches a browser."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from app.games.core import replay
from app.games.speedy_pickers import GAME
from app.games.speedy_pickers.rules import scene_picture
from app.pictures.registry import painter


def state_of(database: Path, code: str) -> Any:
    """Returns the state of a room's latest game, replayed from the database."""
    with sqlite3.connect(database) as db:
        game_id, seed, options, players = db.execute(
            "SELECT g.id, g.seed, g.options, g.players FROM games g JOIN rooms r"
            " ON g.room_id = r.id WHERE r.code = ? ORDER BY g.id DESC LIMIT 1",
            (code,),
        ).fetchone()
        log = db.execute(
            "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
    actions = [(seat, json.loads(action)) for seat, action in log]
    return replay(GAME, len(json.loads(players)), json.loads(options), seed, actions)


def actions_of(database: Path, code: str) -> list[dict[str, Any]]:
    """Returns every action logged for a room's latest game, in order."""
    with sqlite3.connect(database) as db:
        rows = db.execute(
            "SELECT a.action FROM actions a JOIN games g ON a.game_id = g.id JOIN rooms r"
            " ON g.room_id = r.id WHERE r.code = ? ORDER BY g.id, a.seq",
            (code,),
        ).fetchall()
    return [json.loads(row[0]) for row in rows]


def painted_scene(state: Any, seat: int) -> Any:
    """Returns the seat's scene as the server paints it now."""
    picture = scene_picture(state, seat)
    return painter(picture.painter).paint(picture.args)


def spots(painted: Any, step: int = 6) -> dict[str, tuple[int, int]]:
    """Returns, for each thing that shows in a painted scene, a pixel well inside what shows
    of it (the grid point nearest the middle of those it covers); "" is where nothing is."""
    found: dict[str, list[tuple[int, int]]] = {}
    for y in range(step // 2, painted.height, step):
        for x in range(step // 2, painted.width, step):
            found.setdefault(painted.hit(x, y), []).append((x, y))
    return {key: _middle(points) for key, points in found.items()}


def _middle(points: list[tuple[int, int]]) -> tuple[int, int]:
    mx, my = sum(x for x, _y in points) / len(points), sum(y for _x, y in points) / len(points)
    return min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
