"""The application factory."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import PlainTextResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from app import gc_guard
from app.config import Settings
from app.db.engine import make_engine
from app.games.core import Game
from app.games.registry import GAMES
from app.identity import Identity
from app.pictures.registry import painter as registered_painter
from app.rooms.hub import Hub
from app.rooms.pictures import Easel, PainterLookup
from app.rooms.replays import Timelines
from app.rooms.store import Store
from app.web import emoji, errors, locales
from app.web.render import make_environment
from app.web.routes import (
    campaigns,
    history,
    language,
    lobby,
    people,
    pictures,
    replays,
    rooms,
)
from app.web.routes import games as game_pages
from app.web.security import SecurityMiddleware

STATIC = Path(__file__).resolve().parents[1] / "static"


def create_app(
    settings: Settings | None = None,
    *,
    games: Mapping[str, Game[Any]] = GAMES,
    painters: PainterLookup = registered_painter,
    templates: Sequence[Path] = (),
) -> FastAPI:
    """Returns the app; migrations are applied by the start script, not here. `games`,
    `painters` and more `templates` folders are what it serves: the registry's games, unless
    a test brings its own toys."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url)
        store = Store(engine)
        easel = Easel(painters, settings.pictures_kept, settings.painting_workers)
        app.state.store = store
        app.state.easel = easel
        app.state.hub = Hub(
            store,
            settings.bot_delay_ms / 1000,
            away_grace=settings.away_grace_seconds,
            clock_scale=settings.clock_scale,
            games=games,
            easel=easel,
        )
        guard = None
        if settings.gc_guard:
            guard = asyncio.create_task(gc_guard.guard(settings.gc_full_seconds))
        yield
        if guard is not None:
            guard.cancel()
        await store.close()
        await engine.dispose()
        easel.close()

    app = FastAPI(title="Gamenight", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.games = games
    # One environment per language, made once (each compiles its templates on first use).
    app.state.envs = {code: make_environment(templates, code) for code in locales.languages()}
    app.state.env = app.state.envs[locales.SOURCE]
    app.state.identity = Identity(settings.signing_key)
    app.state.timelines = Timelines()  # rebuilt games, for the next look at their replay
    app.state.imports = replays.Imports()  # replays imported from files, in memory only
    errors.install(app)  # inside the security middleware: its headers go on error pages too
    app.add_middleware(SecurityMiddleware, allowed_origins=[settings.public_origin])
    # Before /static, which would otherwise take (and miss) these paths.
    app.mount(emoji.URL, StaticFiles(directory=emoji.DIRECTORY), name="emoji")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(lobby.router)
    app.include_router(rooms.router)
    app.include_router(campaigns.router)
    app.include_router(game_pages.router)
    app.include_router(pictures.router)
    app.include_router(replays.router)
    app.include_router(history.router)
    app.include_router(people.router)
    app.include_router(language.router)

    @app.get("/healthz", response_class=PlainTextResponse)
    async def healthz() -> PlainTextResponse:
        try:
            async with app.state.store.engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        except SQLAlchemyError:
            return PlainTextResponse("database unavailable", status_code=503)
        return PlainTextResponse("ok")

    return app
