"""A campaign's page, joining it, its export as JSON, and importing one as a new campaign.

Who may see what (chosen): the page is open to anyone with its link, like a room's invite
link, so a group shares one address; its code is unguessable. Joining takes a name (or the
signed-in person). The export holds the campaign's whole state, which may say more than
the page shows (what is still to be opened), so only its members may download it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, UploadFile
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from app.games.core import Game, Refusal
from app.games.core.clock import CHOICES as CLOCK_CHOICES
from app.games.core.i18n import _
from app.rooms.store import CampaignRow, Store
from app.web import campaigns as book
from app.web.deps import EnvDep, GamesDep, IdentityDep, PersonDep, SettingsDep, StoreDep
from app.web.errors import error_page
from app.web.names import person_or_new, redirect_as
from app.web.render import game_package, refusal_text, render

router = APIRouter()

_NO_SUCH = _("There is no such campaign.")


@router.get("/campaigns/{code}", response_class=HTMLResponse)
async def campaign_page(
    code: str, env: EnvDep, games: GamesDep, store: StoreDep, person: PersonDep
) -> HTMLResponse:
    """Returns the page of a campaign: its journal, what its game shows of its state, its
    members, and a form that opens a room for its next game."""
    found = await _campaign(store, games, code)
    if found is None:
        return error_page(env, _NO_SUCH, 404)
    campaign, game = found
    names = await store.person_names([*campaign.members, *([person] if person else [])])
    group = book.members(campaign, names)
    games_here = await store.campaign_games(campaign.id)
    entries = book.journal(campaign, games_here)
    rooms = [None] * (len(entries) - len(games_here)) + [
        g.room_code if g.status == "playing" else None for g in games_here
    ]
    replays = [None] * (len(entries) - len(games_here)) + [
        f"/r/{g.room_code}/games/{g.number}" for g in games_here
    ]
    people = book.people(campaign, group, entries)
    package = game_package(game.id)
    parts = [
        Markup(render(env, f"games/{package}/campaign/{name}.html", part=part, people=people))
        for name, part in game.campaign_view(campaign.carry).items()
    ]
    html = render(
        env,
        "campaign.html",
        campaign=campaign,
        game=game,
        journal=list(zip(entries, rooms, replays, strict=True)),
        members=group,
        parts=parts,
        me=names.get(person or 0),
        member=person in campaign.members,
        clocks=CLOCK_CHOICES,
    )
    return HTMLResponse(html)


@router.post("/campaigns/{code}/join")
async def join_campaign(
    code: str,
    env: EnvDep,
    games: GamesDep,
    store: StoreDep,
    identity: IdentityDep,
    settings: SettingsDep,
    person: PersonDep,
    name: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Adds the person (a new one with the name given) to the campaign's group."""
    found = await _campaign(store, games, code)
    if found is None:
        return error_page(env, _NO_SUCH, 404)
    acting = await person_or_new(store, person, name)
    if isinstance(acting, Refusal):
        return error_page(env, refusal_text(env, acting), 400)
    await store.join_campaign(found[0].id, acting[0])
    return redirect_as(f"/campaigns/{code}", acting, identity, settings)


@router.get("/campaigns/{code}/export")
async def export_campaign(
    code: str, env: EnvDep, games: GamesDep, store: StoreDep, person: PersonDep
) -> Response:
    """Returns the campaign as a JSON file, for its members."""
    found = await _campaign(store, games, code)
    if found is None:
        return error_page(env, _NO_SUCH, 404)
    campaign, game = found
    if person not in campaign.members:
        return error_page(env, _("Only the campaign's members can export it."), 403)
    group = book.members(campaign, await store.person_names(campaign.members))
    entries = book.journal(campaign, await store.campaign_games(campaign.id))
    document = book.export(campaign, game, group, entries)
    filename = f"campaign-{game_package(game.id)}-{campaign.code}.json"
    return Response(
        document.model_dump_json(indent=1),
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{filename}"'},
    )


@router.post("/campaigns/import")
async def import_campaign(
    env: EnvDep,
    games: GamesDep,
    store: StoreDep,
    identity: IdentityDep,
    settings: SettingsDep,
    person: PersonDep,
    file: Annotated[UploadFile, File()],
    name: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Makes a new campaign from an exported one (its state, name and journal), with the
    importer as its only member; refuses, creating nothing, a file it cannot trust."""
    raw = await file.read(book.MAX_EXPORT_BYTES + 1)
    document = book.parse(raw, games)
    if isinstance(document, Refusal):
        return error_page(env, refusal_text(env, document), 400)
    acting = await person_or_new(store, person, name)
    if isinstance(acting, Refusal):
        return error_page(env, refusal_text(env, acting), 400)
    campaign_id = await store.create_campaign(
        document.game_type,
        document.name,
        [acting[0]],
        document.carry,
        version=document.version,
        history=book.history(document),
    )
    campaign = await store.campaign(campaign_id)
    assert campaign is not None
    return redirect_as(f"/campaigns/{campaign.code}", acting, identity, settings)


async def _campaign(
    store: Store, games: Mapping[str, Game[Any]], code: str
) -> tuple[CampaignRow, Game[Any]] | None:
    """Returns the campaign of a page's code with its game, None if either is unknown."""
    campaign = await store.campaign_by_code(code) if len(code) <= 32 else None
    game = games.get(campaign.game_type) if campaign is not None else None
    if campaign is None or game is None:
        return None
    return campaign, game
