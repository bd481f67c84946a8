"""Looking back on a game: its replay page, each moment of its table, its pictures, its file,
and a file imported back as a replay.

A room's games are at `/r/{code}/games/{n}` (the room's nth game): the invite code is the
secret, as for the room itself. A game that is over may be shown from any seat or with
everything revealed; a game still being played is shown only as the viewer may see it
now: a person who plays it sees their own seat, anyone else what a spectator sees.

An imported file is not stored: it is checked, replayed, and kept in this server's memory
(the latest few, `Imports`) under a new unguessable address, `/replays/{token}`; the file
itself is the lasting copy, to import again."""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment
from starlette.datastructures import UploadFile

from app.games.core import Game, Refusal
from app.games.core.i18n import _
from app.rooms.replay_file import MAX_BYTES, export, read
from app.rooms.replays import CannotReplay, Recording, Timeline, Timelines, recording
from app.web.chat import replay_lines
from app.web.deps import EnvDep, GamesDep, PersonDep, StoreDep, environment
from app.web.render import refusal_text, render, text
from app.web.replay_table import EVERYTHING, Seen, moment_html
from app.web.routes.pictures import missing_picture
from app.web.table import said_lines

router = APIRouter()

_View = Annotated[str, Query(max_length=8)]


class Imports:
    """Imported replays, kept in memory by their token: the latest `size`, oldest out."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._kept: OrderedDict[str, Recording] = OrderedDict()

    def add(self, recorded: Recording) -> str:
        token = secrets.token_urlsafe(12)
        self._kept[token] = recorded
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return token

    def get(self, token: str) -> Recording | None:
        return self._kept.get(token)


@dataclass(frozen=True, slots=True)
class Shown:
    """A game to look back on, wherever it comes from."""

    key: tuple[Any, ...]  # names it in the timelines' cache
    game: Game[Any]
    recorded: Recording
    base: str  # the address of its page
    room: str | None  # the invite code of its room (None: imported)
    number: int  # its number in its room (0: imported)


def timelines(request: Request) -> Timelines:
    found: Timelines = request.app.state.timelines
    return found


def imports(request: Request) -> Imports:
    found: Imports = request.app.state.imports
    return found


async def _room_game(request: Request, code: str, number: int) -> Shown | None:
    store = request.app.state.store
    room = await store.room_by_code(code) if len(code) <= 32 else None
    game = request.app.state.games.get(room.game_type) if room else None
    row = await store.room_game(room.id, number) if room and game else None
    if room is None or game is None or row is None:
        return None
    chat = await store.game_chat(row.id)
    recorded = recording(room.game_type, row, await store.log(row.id), chat)
    return Shown(("game", row.id), game, recorded, f"/r/{code}/games/{number}", code, number)


def _imported(request: Request, token: str) -> Shown | None:
    recorded = imports(request).get(token) if len(token) <= 32 else None
    game = request.app.state.games.get(recorded.game_type) if recorded else None
    if recorded is None or game is None:
        return None
    return Shown(("import", token), game, recorded, f"/replays/{token}", None, 0)


def _seen(shown: Shown, person: int | None, view: str) -> Seen:
    """Returns who the replay is shown as: what the viewer asked for once the game is over
    (everything by default), else only what the viewer may see now, whatever they asked."""
    recorded = shown.recorded
    if not recorded.over:
        return Seen(recorded.seat_of(person))
    if view.isdigit() and int(view) < len(recorded.players):
        return Seen(int(view))
    return Seen(None) if view == "table" else Seen(None, everything=True)


def _view_name(seen: Seen) -> str:
    return EVERYTHING if seen.everything else "table" if seen.seat is None else str(seen.seat)


def _missing(env: Environment) -> HTMLResponse:
    html = render(env, "error.html", message=_("There is no such game."))
    return HTMLResponse(html, status_code=404)


@router.get("/r/{code}/games", response_class=HTMLResponse)
async def room_games(
    code: str, env: EnvDep, store: StoreDep, games: GamesDep, person: PersonDep
) -> HTMLResponse:
    """Returns the list of a room's games, each linked to its replay."""
    room = await store.room_by_code(code) if len(code) <= 32 else None
    game = games.get(room.game_type) if room else None
    if room is None or game is None:
        return _missing(env)
    rows = await store.room_games(room.id)
    names = await store.person_names([person] if person else [])
    html = render(
        env, "replays/games.html", room=room, game=game, rows=rows, me=names.get(person or 0)
    )
    return HTMLResponse(html)


@router.get("/r/{code}/games/last")
async def last_game(code: str, env: EnvDep, store: StoreDep) -> Response:
    """Sends to the replay of the room's latest game (the room links here when one ends)."""
    room = await store.room_by_code(code) if len(code) <= 32 else None
    count = await store.room_game_count(room.id) if room else 0
    if room is None or count == 0:
        return _missing(env)
    return RedirectResponse(f"/r/{code}/games/{count}", status_code=303)


@router.get("/r/{code}/games/{number}", response_class=HTMLResponse)
async def room_replay(
    request: Request,
    code: str,
    number: int,
    env: EnvDep,
    person: PersonDep,
    view: _View = EVERYTHING,
    at: int | None = None,
) -> HTMLResponse:
    shown = await _room_game(request, code, number)
    if shown is None:
        return _missing(env)
    return await _page(request, env, shown, person, view, at)


@router.get("/replays/{token}", response_class=HTMLResponse)
async def imported_replay(
    request: Request,
    token: str,
    env: EnvDep,
    person: PersonDep,
    view: _View = EVERYTHING,
    at: int | None = None,
) -> HTMLResponse:
    shown = _imported(request, token)
    if shown is None:
        html = render(
            env,
            "error.html",
            message=_("There is no such replay here: imported replays last until the server "
                      "restarts. Import the file again."),
        )  # fmt: skip
        return HTMLResponse(html, status_code=404)
    return await _page(request, env, shown, person, view, at)


async def _page(
    request: Request,
    env: Environment,
    shown: Shown,
    person: int | None,
    view: str,
    at: int | None,
) -> HTMLResponse:
    names = await request.app.state.store.person_names([person] if person else [])
    seen = _seen(shown, person, view)
    context: dict[str, Any] = {
        "shown": shown,
        "game": shown.game,
        "seen": seen,
        "view": _view_name(seen),
        "me": names.get(person or 0),
    }
    try:
        timeline = timelines(request).get(shown.key, shown.game, shown.recorded)
    except CannotReplay as error:
        html = render(env, "replays/page.html", problem=refusal_text(env, error.refusal), **context)
        return HTMLResponse(html)
    step = timeline.moves if at is None else min(max(at, 0), timeline.moves)
    html = render(
        env,
        "replays/page.html",
        problem=None,
        timeline=timeline,
        step=step,
        table=_moment(env, shown, timeline, step, seen),
        lines=replay_lines(_lines(env, shown, timeline, seen), shown.recorded.chat, timeline.moves),
        **context,
    )
    return HTMLResponse(html)


def _moment(env: Environment, shown: Shown, timeline: Timeline, step: int, seen: Seen) -> str:
    def picture_url(seat: int | None, name: str) -> str:
        view = "table" if seat is None else str(seat)
        return f"{shown.base}/pictures/{step}/{name}?view={view}"

    return moment_html(env, shown.game, shown.recorded, timeline, step, seen, picture_url)


def _lines(env: Environment, shown: Shown, timeline: Timeline, seen: Seen) -> list[tuple[int, str]]:
    """Returns the log as (move, line) for every event the viewer may see, in order, in the
    viewer's language."""
    names = shown.recorded.names
    describe = shown.game.log_line
    steps, lines = [], []
    for step, events in enumerate(timeline.events):
        for event in events:
            if seen.everything or event.visible_to(seen.seat):
                steps.append(step)
                lines.append(describe(event, names))
    return list(zip(steps, said_lines(env, lines), strict=True))


@router.get("/r/{code}/games/{number}/at/{step}", response_class=HTMLResponse)
async def room_moment(
    request: Request, code: str, number: int, step: int, person: PersonDep, view: _View = ""
) -> Response:
    """Returns the table after move `step`, for the replay page's script."""
    return _moment_response(request, await _room_game(request, code, number), person, view, step)


@router.get("/replays/{token}/at/{step}", response_class=HTMLResponse)
async def imported_moment(
    request: Request, token: str, step: int, person: PersonDep, view: _View = ""
) -> Response:
    return _moment_response(request, _imported(request, token), person, view, step)


def _moment_response(
    request: Request, shown: Shown | None, person: int | None, view: str, step: int
) -> Response:
    timeline = _timeline(request, shown)
    env = environment(request)
    if shown is None or timeline is None or not 0 <= step <= timeline.moves:
        missing = text(env, _("There is no such moment."))
        return Response(missing, status_code=404, media_type="text/plain")
    seen = _seen(shown, person, view)
    html = _moment(env, shown, timeline, step, seen)
    return HTMLResponse(html, headers={"Cache-Control": "private, no-cache", "Vary": "Cookie"})


def _timeline(request: Request, shown: Shown | None) -> Timeline | None:
    if shown is None:
        return None
    try:
        return timelines(request).get(shown.key, shown.game, shown.recorded)
    except CannotReplay:
        return None


@router.get("/r/{code}/games/{number}/pictures/{step}/{name}")
async def room_picture(
    request: Request,
    code: str,
    number: int,
    step: int,
    name: str,
    person: PersonDep,
    view: _View = "",
) -> Response:
    """Returns a seat's picture at a moment of the replay, if the viewer may see it."""
    return await _picture(
        request, await _room_game(request, code, number), person, view, step, name
    )


@router.get("/replays/{token}/pictures/{step}/{name}")
async def imported_picture(
    request: Request, token: str, step: int, name: str, person: PersonDep, view: _View = ""
) -> Response:
    return await _picture(request, _imported(request, token), person, view, step, name)


async def _picture(
    request: Request, shown: Shown | None, person: int | None, view: str, step: int, name: str
) -> Response:
    missing = missing_picture(request)
    timeline = _timeline(request, shown)
    if shown is None or timeline is None or not 0 <= step <= timeline.moves:
        return missing
    seen = _seen(shown, person, view)
    if seen.everything:  # a seat's picture is asked for by its seat
        return missing
    picture = shown.game.pictures(timeline.states[step], seen.seat).get(name)
    if picture is None:
        return missing
    try:
        painted = await request.app.state.easel.painted(picture)
    except KeyError:
        return missing
    headers = {"Cache-Control": "private, max-age=86400", "Vary": "Cookie"}
    return Response(painted.data, media_type=painted.media_type, headers=headers)


@router.get("/r/{code}/games/{number}/game.json")
async def room_file(request: Request, code: str, number: int, env: EnvDep) -> Response:
    """Returns the game as a file, once it is over (before, its seed would tell its deck)."""
    shown = await _room_game(request, code, number)
    if shown is None:
        return _missing(env)
    return _file(env, shown)


@router.get("/replays/{token}/game.json")
async def imported_file(request: Request, token: str, env: EnvDep) -> Response:
    shown = _imported(request, token)
    return _missing(env) if shown is None else _file(env, shown)


def _file(env: Environment, shown: Shown) -> Response:
    if not shown.recorded.over:
        message = _("A game can be downloaded once it is over.")
        return HTMLResponse(render(env, "error.html", message=message), status_code=403)
    data = json.dumps(export(shown.game, shown.recorded), separators=(",", ":"))
    name = f"{shown.game.id}-{shown.room or 'replay'}-{shown.number or 1}.json"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    return Response(data, media_type="application/json", headers=headers)


@router.get("/replays", response_class=HTMLResponse)
async def import_form(env: EnvDep, store: StoreDep, person: PersonDep) -> HTMLResponse:
    names = await store.person_names([person] if person else [])
    html = render(env, "replays/import.html", problem=None, me=names.get(person or 0))
    return HTMLResponse(html)


@router.post("/replays")
async def import_file(request: Request, env: EnvDep, games: GamesDep) -> Response:
    """Reads an uploaded replay file and shows it, or says why it is refused."""
    refusal = _too_large(request)
    data = b""
    if refusal is None:
        form = await request.form(max_files=1, max_fields=4)
        upload = form.get("file")
        data = await upload.read(MAX_BYTES + 1) if isinstance(upload, UploadFile) else b""
        if not data:
            refusal = Refusal(_("Choose a replay file to import."))
    found = read(data, games) if refusal is None else refusal
    if isinstance(found, Refusal):
        html = render(env, "replays/import.html", problem=refusal_text(env, found), me=None)
        return HTMLResponse(html, status_code=400)
    recorded, timeline = found
    token = imports(request).add(recorded)
    timelines(request).put(("import", token), recorded, timeline)  # replayed once, not twice
    return RedirectResponse(f"/replays/{token}", status_code=303)


def _too_large(request: Request) -> Refusal | None:
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BYTES + 10_000:  # the form's own bytes
        return Refusal(_("The file is too large (at most {limit} bytes)."), {"limit": MAX_BYTES})
    return None
