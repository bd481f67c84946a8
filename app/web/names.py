"""Display names and the person cookie."""

from __future__ import annotations

import unicodedata

from fastapi.responses import RedirectResponse, Response

from app.config import Settings
from app.identity import COOKIE, Identity
from app.rooms.store import Store

MAX_NAME = 24
MAX_CAMPAIGN_NAME = 60  # campaigns.name


def clean_name(raw: str, longest: int = MAX_NAME) -> str | None:
    """Returns a display name with control characters removed, or None if unusable."""
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    return text if 1 <= len(text) <= longest else None


def set_person_cookie(
    response: Response, identity: Identity, settings: Settings, person: int
) -> None:
    response.set_cookie(
        COOKIE,
        identity.sign(person),
        max_age=60 * 60 * 24 * 365,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )


async def person_or_new(store: Store, person: int | None, name: str) -> tuple[int, bool] | None:
    """Returns who is acting and whether they are new: the signed-in person, else a new one
    with the name given (None when it is unusable)."""
    if person is not None:
        return person, False
    display = clean_name(name)
    if display is None:
        return None
    return await store.create_person(display), True


def redirect_as(
    url: str, acting: tuple[int, bool], identity: Identity, settings: Settings
) -> RedirectResponse:
    """Returns the redirect after a form post (303), signing in a person it just made."""
    response = RedirectResponse(url, status_code=303)
    person, new = acting
    if new:
        set_person_cookie(response, identity, settings, person)
    return response
