"""A game's own pages, apart from any room: its card reference and its rules."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from app.games.core.i18n import _
from app.web.deps import EnvDep, GamesDep
from app.web.errors import error_page
from app.web.render import game_package, render
from app.web.rules import rules_html

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


@router.get("/games/{game_id}/rules", response_class=HTMLResponse)
async def rules(game_id: str, env: EnvDep, games: GamesDep) -> HTMLResponse:
    """Returns a game's rules as implemented (docs/rules/), in the site's layout; an unknown
    game, or one without a rules file, is a 404."""
    game = games.get(game_id)
    html = rules_html(game.id) if game is not None else None
    if game is None or html is None:
        return error_page(env, _("There is no such game."), 404)
    return HTMLResponse(render(env, "rules.html", game=game, rules=html))
