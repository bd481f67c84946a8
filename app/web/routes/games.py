"""A game's own pages, apart from any room: its card reference."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from app.games.core.i18n import _
from app.web.deps import EnvDep, GamesDep
from app.web.render import game_package, render

router = APIRouter()


@router.get("/games/{game_id}/cards", response_class=HTMLResponse)
async def card_reference(game_id: str, env: EnvDep, games: GamesDep) -> HTMLResponse:
    """Returns the page listing every card of a game with its data: the page draws the
    groups, the game's `cards.html` macros their columns; an unknown game, or one with no
    card reference, is a 404."""
    game = games.get(game_id)
    reference = game.card_reference() if game is not None else None
    if game is None or reference is None:
        html = render(env, "error.html", message=_("There is no such game."))
        return HTMLResponse(html, status_code=404)
    template = f"games/{game_package(game.id)}/cards.html"
    return HTMLResponse(render(env, "cards.html", game=game, reference=reference, cards=template))
