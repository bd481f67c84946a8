"""Display names and the person cookie."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from fastapi.responses import RedirectResponse, Response

from app.config import Settings
from app.games.core import Refusal
from app.games.core.i18n import _
from app.identity import COOKIE, Identity
from app.rooms.live import BOT_LABEL
from app.rooms.store import Store

MAX_NAME = 24
MAX_CAMPAIGN_NAME = 60  # campaigns.name

UNUSABLE = Refusal(_("Please give a name of 1 to 24 characters."))
# Why a name is refused when somebody seated already has it: at the table being joined, or at
# one of the tables where a person renaming themselves sits.
TAKEN_HERE = _("Someone at this table is already called {name}: please choose another name.")
TAKEN_WHERE_YOU_SIT = _(
    "Someone at a table where you sit is already called {name}: please choose another name."
)

# Letters of other scripts (and a digit) that look like Latin ones, folded to them when names
# are compared: "Аnn" with a Cyrillic А must not pass for the Ann at the table, nor "Вот 2"
# or "B0T 2" for a bot. Only the comparison folds them; a name is shown as it was given.
_LOOKALIKES = str.maketrans(
    "АВЕКМНОРСТХаеорсухтΑΒΕΖΗΙΚΜΝΟΡΤΥΧοι0",
    "ABEKMHOPCTXaeopcyxtABEZHIKMNOPTYXoio",
)
# The bot word of a bot seat's label ("Bot" of "Bot {number}") as a word of its own: beside
# digits, spaces or signs ("Bot 2", "bot_1", "(bot playing)", "bot: random"), not in "Robot".
_BOT_WORD = BOT_LABEL.split("{", 1)[0].strip().casefold()
_BOT = re.compile(rf"(?<![^\W\d_]){re.escape(_BOT_WORD)}(?![^\W\d_])")


def clean_name(raw: str, longest: int = MAX_NAME) -> str | None:
    """Returns a display name with control characters removed, or None if unusable."""
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    return text if 1 <= len(text) <= longest else None


def compared(name: str) -> str:
    """Returns the form of a name that two names are compared by: no case, width or
    lookalike letters of other scripts, single spaces."""
    folded = unicodedata.normalize("NFKC", name).translate(_LOOKALIKES).casefold()
    return " ".join(folded.split())


def looks_like_a_bot(name: str) -> bool:
    return _BOT.search(compared(name)) is not None


def name_refusal(name: str, taken: Iterable[str], namesake: str = TAKEN_HERE) -> Refusal | None:
    """Returns why a person may not use a name at a table where the others seated are called
    `taken`: it looks like a bot's label, or one of them already has it (None: it is fine)."""
    if looks_like_a_bot(name):
        return Refusal(
            _("{name} looks like a bot's label: please choose another name."), {"name": name}
        )
    key = compared(name)
    if any(compared(other) == key for other in taken):
        return Refusal(namesake, {"name": name})
    return None


def usable_name(raw: str, taken: Iterable[str] = (), namesake: str = TAKEN_HERE) -> str | Refusal:
    """Returns the display name to use, cleaned, or why it cannot be used at a table where
    the others seated are called `taken` (`namesake` says why one of them has it)."""
    display = clean_name(raw)
    if display is None:
        return UNUSABLE
    return name_refusal(display, taken, namesake) or display


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


async def person_or_new(store: Store, person: int | None, name: str) -> tuple[int, bool] | Refusal:
    """Returns who is acting and whether they are new: the signed-in person, else a new one
    with the name given (a Refusal when it is unusable or looks like a bot's label)."""
    if person is not None:
        return person, False
    display = usable_name(name)
    if isinstance(display, Refusal):
        return display
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
