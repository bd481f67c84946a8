"""The application factory."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import PlainTextResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from app import gc_guard
from app.config import Settings
from app.db.engine import make_engine
from app.identity import Identity
from app.rooms.hub import Hub
from app.rooms.store import Store
from app.web.render import make_environment
from app.web.routes import games, lobby, rooms
from app.web.security import SecurityMiddleware

STATIC = Path(__file__).resolve().parents[1] / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    """Returns the app; migrations are applied by the start script, not here."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url)
        store = Store(engine)
        app.state.store = store
        app.state.hub = Hub(store, settings.bot_delay_ms / 1000)
        guard = None
        if settings.gc_guard:
            guard = asyncio.create_task(gc_guard.guard(settings.gc_full_seconds))
        yield
        if guard is not None:
            guard.cancel()
        await store.close()
        await engine.dispose()

    app = FastAPI(title="Gamenight", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.env = make_environment()
    app.state.identity = Identity(settings.signing_key)
    app.add_middleware(SecurityMiddleware, allowed_origins=[settings.public_origin])
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(lobby.router)
    app.include_router(rooms.router)
    app.include_router(games.router)

    @app.get("/healthz", response_class=PlainTextResponse)
    async def healthz() -> PlainTextResponse:
        try:
            async with app.state.store.engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        except SQLAlchemyError:
            return PlainTextResponse("database unavailable", status_code=503)
        return PlainTextResponse("ok")

    return app
