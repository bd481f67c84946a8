"""What a person changes about themselves: their display name."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form
from fastapi.responses import RedirectResponse, Response

from app.games.core import Refusal
from app.games.core.i18n import _
from app.web.deps import EnvDep, HubDep, PersonDep, StoreDep
from app.web.errors import error_page
from app.web.names import TAKEN_WHERE_YOU_SIT, usable_name
from app.web.render import refusal_text

router = APIRouter()

NAMELESS = _("You have no name here yet: open a room or join one first.")


@router.post("/me/name")
async def rename(
    env: EnvDep,
    hub: HubDep,
    store: StoreDep,
    person: PersonDep,
    name: Annotated[str, Form(max_length=200)],
    back: Annotated[str, Form(max_length=200)] = "/",
) -> Response:
    """Gives a person another name, checked as joining a table checks it, against everyone
    seated with them at any table they sit at; then goes back to the page they were on."""
    known = await store.person_names([person] if person else [])
    if person is None or person not in known:
        return error_page(env, NAMELESS, 403)
    display = usable_name(name, await store.tablemates(person), TAKEN_WHERE_YOU_SIT)
    if isinstance(display, Refusal):
        return error_page(env, refusal_text(env, display), 400)
    await store.rename_person(person, display)
    hub.renamed(person, display)
    return RedirectResponse(_local(back), status_code=303)


def _local(path: str) -> str:
    """Returns `path` if it is a page of this site, else the lobby (no open redirect)."""
    return path if path.startswith("/") and not path.startswith(("//", "/\\")) else "/"
