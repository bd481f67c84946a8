"""History pages: a person's results and charts, a game's leaderboard and records."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment

from app.games.core.i18n import _
from app.history import charts, pages
from app.rooms.store import Store
from app.web.deps import EnvDep, GamesDep, PersonDep, StoreDep
from app.web.render import locale_of, render, text
from app.web.security import IMAGE_CSP

router = APIRouter()

Cursor = Annotated[int | None, Query(ge=1, le=2**62)]
Page = Annotated[int, Query(ge=0, le=10_000)]


@router.get("/people/{person_id}", response_class=HTMLResponse)
async def person(
    person_id: int,
    env: EnvDep,
    games: GamesDep,
    store: StoreDep,
    me: PersonDep,
    before: Cursor = None,
) -> HTMLResponse:
    """Returns a person's page; `before` pages back through their results."""
    async with store.session() as session:
        found = await pages.person_page(session, person_id, before)
    if found is None:
        return _missing(env, _("There is no such person."))
    html = render(
        env,
        "history/person.html",
        page=found,
        before=before,
        games={game.id: game.name for game in games.values()},
        me=await _name(store, me),
    )
    return HTMLResponse(html)


@router.get("/people/{person_id}/scores.svg")
async def scores_chart(person_id: int, env: EnvDep, games: GamesDep, store: StoreDep) -> Response:
    """Returns the chart of a person's latest scores, a line per game."""
    async with store.session() as session:
        results = await pages.chart_results(session, person_id)
    series: dict[str, list[tuple[datetime, int]]] = {}
    for line in results:
        if line.finished_at is not None:
            name = _game_name(env, games, line.game_type)
            series.setdefault(name, []).append((line.finished_at, line.score))
    title = _text(env, _("Scores, latest games"))
    return _svg(charts.scores_over_time(title, series, locale_of(env)))


@router.get("/people/{person_id}/wins.svg")
async def wins_chart(person_id: int, env: EnvDep, games: GamesDep, store: StoreDep) -> Response:
    """Returns the chart of the share of games a person won, a bar per game."""
    async with store.session() as session:
        tallies = await pages.tallies(session, person_id)
    rates = {
        _game_name(env, games, t.game_type): 100 * t.wins / t.played for t in tallies if t.played
    }
    return _svg(charts.win_rates(_text(env, _("Games won")), rates, locale_of(env)))


@router.get("/games/{game_id}/history", response_class=HTMLResponse)
async def game(
    game_id: str,
    env: EnvDep,
    games: GamesDep,
    store: StoreDep,
    me: PersonDep,
    page: Page = 0,
    before: Cursor = None,
) -> HTMLResponse:
    """Returns a game's leaderboard (`page`), its records and its games (`before`)."""
    found = games.get(game_id)
    if found is None:
        return _missing(env, _("There is no such game."))
    async with store.session() as session:
        history = await pages.game_page(session, game_id, page, before)
    html = render(
        env,
        "history/game.html",
        game=found,
        history=history,
        before=before,
        me=await _name(store, me),
    )
    return HTMLResponse(html)


async def _name(store: Store, person: int | None) -> str | None:
    """Returns the viewer's name for the top bar, None for someone without a cookie."""
    return (await store.person_names([person])).get(person) if person else None


def _svg(svg: str) -> Response:
    return Response(
        svg,
        media_type="image/svg+xml",
        headers={"content-security-policy": IMAGE_CSP, "cache-control": "no-cache"},
    )


def _text(env: Environment, message: str) -> str:
    return text(env, message)


def _game_name(env: Environment, games: GamesDep, game_type: str) -> str:
    found = games.get(game_type)
    return _text(env, found.name) if found is not None else game_type


def _missing(env: Environment, message: str) -> HTMLResponse:
    return HTMLResponse(render(env, "error.html", message=_text(env, message)), status_code=404)
