"""The lobby: the games, the open rooms, creating a room."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment

from app.games.core import Refusal
from app.games.core.clock import CHOICES as CLOCK_CHOICES
from app.games.core.clock import OFF
from app.web.deps import EnvDep, GamesDep, IdentityDep, PersonDep, SettingsDep, StoreDep
from app.web.names import clean_name, set_person_cookie
from app.web.render import refusal_text, render

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def lobby(env: EnvDep, games: GamesDep, store: StoreDep, person: PersonDep) -> HTMLResponse:
    rooms = await store.listed_rooms()
    names = await store.person_names([person] if person else [])
    html = render(
        env,
        "lobby.html",
        games=list(games.values()),
        names={game.id: game.name for game in games.values()},
        rooms=rooms,
        me=names.get(person or 0),
        me_id=person if person in names else None,
        clocks=CLOCK_CHOICES,
    )
    return HTMLResponse(html)


@router.post("/rooms")
async def create_room(
    request: Request,
    env: EnvDep,
    games: GamesDep,
    store: StoreDep,
    identity: IdentityDep,
    settings: SettingsDep,
    person: PersonDep,
    game_id: Annotated[str, Form(max_length=40)],
    name: Annotated[str, Form(max_length=200)] = "",
    listed: Annotated[str, Form(max_length=10)] = "",
    clock: Annotated[str, Form(max_length=16)] = OFF,
) -> Response:
    game = games.get(game_id)
    if game is None:
        return _error(env, "Unknown game.", 404)
    if clock not in {key for key, _label in CLOCK_CHOICES}:
        return _error(env, "Unknown turn clock.", 400)
    form = await request.form()
    options = game.validate_options(
        {spec.key: form.get(spec.key) for spec in game.options if spec.key in form}
    )
    if isinstance(options, Refusal):
        return _error(env, refusal_text(env, options), 400)
    new_person = None
    if person is None:
        display = clean_name(name)
        if display is None:
            return _error(env, "Please give a name of 1 to 24 characters.", 400)
        person = new_person = await store.create_person(display)
    code = await store.create_room(
        game.id, options, person, game.max_players, listed == "on", clock
    )
    response = RedirectResponse(f"/r/{code}", status_code=303)
    if new_person is not None:
        set_person_cookie(response, identity, settings, new_person)
    return response


def _error(env: Environment, message: str, status: int) -> HTMLResponse:
    return HTMLResponse(render(env, "error.html", message=message), status_code=status)
