"""A room's page, joining it with a name, and its WebSocket."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Form, WebSocket
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.games.core import Refusal
from app.games.core.i18n import _
from app.identity import COOKIE
from app.web.connection import Connection
from app.web.deps import (
    EnvDep,
    HubDep,
    IdentityDep,
    PersonDep,
    SettingsDep,
    StoreDep,
    language,
)
from app.web.names import set_person_cookie, usable_name
from app.web.render import refusal_text, render
from app.web.security import origin_allowed

router = APIRouter()

_CODE = Annotated[str, "invite code"]


@router.get("/r/{code}", response_class=HTMLResponse)
async def room_page(code: str, env: EnvDep, hub: HubDep, person: PersonDep) -> HTMLResponse:
    live = await hub.room(code) if len(code) <= 32 else None
    if live is None:
        return HTMLResponse(render(env, "error.html", message=_("No such room.")), status_code=404)
    names = await hub.store.person_names([person] if person else [])
    campaign_id = live.row.campaign_id
    campaign = await hub.store.campaign(campaign_id) if campaign_id is not None else None
    html = render(
        env,
        "room.html",
        room=live.row,
        game=live.game,
        me=names.get(person or 0),
        campaign=campaign,
        abandoned=live.presence.abandoned(bool(live.listeners), time.time()),
    )
    return HTMLResponse(html)


@router.post("/r/{code}/join")
async def join_room(
    code: str,
    env: EnvDep,
    hub: HubDep,
    store: StoreDep,
    identity: IdentityDep,
    settings: SettingsDep,
    person: PersonDep,
    name: Annotated[str, Form(max_length=200)],
) -> Response:
    live = await hub.room(code) if len(code) <= 32 else None
    if live is None:
        return HTMLResponse(render(env, "error.html", message=_("No such room.")), status_code=404)
    others = [live.seat_name(s) or "" for s in live.seats if s.person_id not in (None, person)]
    display = usable_name(name, others)
    if isinstance(display, Refusal):
        html = render(env, "error.html", message=refusal_text(env, display))
        return HTMLResponse(html, status_code=400)
    response = RedirectResponse(f"/r/{code}", status_code=303)
    if person is None:
        set_person_cookie(response, identity, settings, await store.create_person(display))
    else:
        await store.rename_person(person, display)
        hub.renamed(person, display)
    return response


@router.websocket("/ws/r/{code}")
async def room_socket(socket: WebSocket, code: str) -> None:
    app = socket.app
    settings = app.state.settings
    if not origin_allowed(socket.headers, socket.url.scheme, [settings.public_origin]):
        await socket.close(code=1008)  # policy violation: another site's page
        return
    live = await app.state.hub.room(code) if len(code) <= 32 else None
    if live is None:
        await socket.close(code=4404)
        return
    person = app.state.identity.read(socket.cookies.get(COOKIE))
    # The tab's language is the page's: its handshake carries the same cookie and header.
    env = app.state.envs[language(app.state.envs, socket.cookies, socket.headers)]
    await socket.accept()
    await Connection(socket, live, person, env).run(settings.max_message_bytes)
