"""The lobby: the games, the open rooms, a person's campaigns, creating a room."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from app.games.core import Refusal
from app.games.core.clock import CHOICES as CLOCK_CHOICES
from app.games.core.clock import OFF
from app.games.core.i18n import _
from app.rooms.presence import ABANDONED_AFTER
from app.web.deps import (
    EnvDep,
    GamesDep,
    HubDep,
    IdentityDep,
    PersonDep,
    SettingsDep,
    StoreDep,
)
from app.web.errors import error_page
from app.web.names import MAX_CAMPAIGN_NAME, clean_name, person_or_new, redirect_as
from app.web.render import refusal_text, render

router = APIRouter()

NEW = "new"  # the campaign field's value for a new campaign


@router.get("/", response_class=HTMLResponse)
async def lobby(
    env: EnvDep, games: GamesDep, store: StoreDep, hub: HubDep, person: PersonDep
) -> HTMLResponse:
    now = time.time()
    rooms = await store.listed_rooms(now - ABANDONED_AFTER, hub.occupied())
    names = await store.person_names([person] if person else [])
    hosts = await store.person_names([room.host_id for room, _seated, _seats in rooms])
    campaigns = await store.campaigns_of(person) if person else []
    html = render(
        env,
        "lobby.html",
        games=list(games.values()),
        names={game.id: game.name for game in games.values()},
        rooms=rooms,
        hosts=hosts,
        now=now,
        me=names.get(person or 0),
        me_id=person if person in names else None,
        clocks=CLOCK_CHOICES,
        campaigns=[c for c in campaigns if c.game_type in games],
        imports=any(game.campaigns for game in games.values()),
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
    campaign: Annotated[str, Form(max_length=32)] = "",
    campaign_name: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Opens a room for a game; for a game with campaigns, its games may be a campaign's
    next ones: a new campaign (`campaign` "new", named), or one the host is a member of
    (`campaign` its code)."""
    game = games.get(game_id)
    if game is None:
        return error_page(env, _("Unknown game."), 404)
    if clock not in {key for key, _label in CLOCK_CHOICES}:
        return error_page(env, _("Unknown turn clock."), 400)
    form = await request.form()
    options = game.validate_options(
        {spec.key: form.get(spec.key) for spec in game.options if spec.key in form}
    )
    if isinstance(options, Refusal):
        return error_page(env, refusal_text(env, options), 400)
    if campaign and not game.campaigns:
        return error_page(env, _("This game has no campaigns."), 400)
    title = clean_name(campaign_name, MAX_CAMPAIGN_NAME)
    if campaign == NEW and title is None:
        return error_page(env, _("Please give the campaign a name of 1 to 60 characters."), 400)
    acting = await person_or_new(store, person, name)
    if isinstance(acting, Refusal):
        return error_page(env, refusal_text(env, acting), 400)
    host = acting[0]
    campaign_id = None
    if campaign == NEW and title is not None:
        campaign_id = await store.create_campaign(game.id, title, [host])
    elif campaign:
        found = await store.campaign_by_code(campaign)
        if found is None or found.game_type != game.id or host not in found.members:
            return error_page(env, _("You can only continue a campaign you are a member of."), 403)
        campaign_id = found.id
    code = await store.create_room(
        game.id, options, host, game.max_players, listed == "on", clock, campaign_id
    )
    return redirect_as(f"/r/{code}", acting, identity, settings)
