"""Display names and the person cookie."""

from __future__ import annotations

import unicodedata

from fastapi.responses import Response

from app.config import Settings
from app.identity import COOKIE, Identity

MAX_NAME = 24


def clean_name(raw: str) -> str | None:
    """Returns a display name with control characters removed, or None if unusable."""
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    return text if 1 <= len(text) <= MAX_NAME else None


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
