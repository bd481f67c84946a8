"""Typed dependencies the routes ask for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Depends, Request
from jinja2 import Environment

from app.config import Settings
from app.games.core import Game
from app.identity import COOKIE, Identity
from app.rooms.hub import Hub
from app.rooms.store import Store
from app.web import locales


def _settings(request: Request) -> Settings:
    return request.app.state.settings


def _store(request: Request) -> Store:
    return request.app.state.store


def _hub(request: Request) -> Hub:
    return request.app.state.hub


def _games(request: Request) -> Mapping[str, Game[Any]]:
    return request.app.state.games


def environment(request: Request) -> Environment:
    """Returns the environment of the language this request is answered in (pages, the error
    pages too)."""
    envs: Mapping[str, Environment] = request.app.state.envs
    return envs[language(request.app.state.envs, request.cookies, request.headers)]


def language(
    envs: Mapping[str, Any], cookies: Mapping[str, str], headers: Mapping[str, str]
) -> str:
    """Returns the language a page or a socket speaks: the switch's cookie, else the
    browser's Accept-Language (a WebSocket's handshake carries both)."""
    return locales.chosen(cookies.get(locales.COOKIE), headers.get("accept-language"), tuple(envs))


def _identity(request: Request) -> Identity:
    return request.app.state.identity


def _person(request: Request) -> int | None:
    return request.app.state.identity.read(request.cookies.get(COOKIE))


SettingsDep = Annotated[Settings, Depends(_settings)]
StoreDep = Annotated[Store, Depends(_store)]
GamesDep = Annotated[Mapping[str, Game[Any]], Depends(_games)]
HubDep = Annotated[Hub, Depends(_hub)]
EnvDep = Annotated[Environment, Depends(environment)]
IdentityDep = Annotated[Identity, Depends(_identity)]
PersonDep = Annotated[int | None, Depends(_person)]
