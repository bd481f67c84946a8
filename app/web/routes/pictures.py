"""A viewer's pictures: the image a game shows one viewer, served to that viewer alone."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from app.games.core.i18n import _
from app.rooms.pictures import Easel
from app.web.deps import HubDep, PersonDep, environment
from app.web.render import text

router = APIRouter()

# The address carries a token that changes with the picture, so a browser may keep what it
# fetched for as long as the page lives; but only for this person (private, per cookie).
_KEEP = {"Cache-Control": "private, max-age=86400", "Vary": "Cookie"}
_FRESH = {"Cache-Control": "no-store", "Vary": "Cookie"}


@router.get("/rooms/{code}/pictures/{name}")
async def picture(
    request: Request,
    code: str,
    name: str,
    hub: HubDep,
    person: PersonDep,
    v: Annotated[str, Query(max_length=40)] = "",
) -> Response:
    """Returns the requesting person's picture of that name, as the game shows it to their
    seat now (a spectator gets what the game shows spectators, usually nothing: 404).

    An address with an older token gets the current picture, not kept: the page asking for
    it is about to be told the new address.
    """
    live = await hub.room(code) if len(code) <= 32 and len(name) <= 40 else None
    shown = live.viewer_pictures(live.seat_of(person)).get(name) if live is not None else None
    if live is None or shown is None:
        return missing_picture(request)
    picture, token = shown
    easel: Easel = request.app.state.easel
    try:
        painted = await easel.painted(picture)
    except KeyError:
        return missing_picture(request)
    headers = _KEEP if v == token else _FRESH
    return Response(painted.data, media_type=painted.media_type, headers=headers)


def missing_picture(request: Request) -> Response:
    """Returns the answer for a picture that is not (or no longer) there, in plain words."""
    words = text(environment(request), _("No such picture."))
    return Response(words, status_code=404, media_type="text/plain")
