"""The language switch: a person's choice, remembered in a cookie."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from app.games.core.i18n import _
from app.web import locales
from app.web.deps import EnvDep, SettingsDep
from app.web.errors import error_page

router = APIRouter()

_YEAR = 60 * 60 * 24 * 365


@router.post("/language")
async def choose_language(
    request: Request,
    env: EnvDep,
    settings: SettingsDep,
    lang: Annotated[str, Form(max_length=16)],
) -> Response:
    """Remembers the language chosen and goes back to the page it was chosen on (the
    Referer, which this site's pages send to itself), else the lobby."""
    if lang not in request.app.state.envs:
        return error_page(env, _("That language is not available."), 400)
    response = RedirectResponse(back_to(request.headers.get("referer")), status_code=303)
    response.set_cookie(
        locales.COOKIE,
        lang,
        max_age=_YEAR,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    return response


def back_to(referer: str | None) -> str:
    """Returns the path (and query) of the page a form was sent from, never another site."""
    parts = urlsplit(referer or "")
    path = parts.path or "/"
    if not path.startswith("/") or path.startswith("//") or "\\" in path:
        return "/"
    return f"{path}?{parts.query}" if parts.query else path
