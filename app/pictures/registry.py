"""Painter name -> Painter: the web layer looks a Picture's painter up here and calls `paint`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from app.pictures.painted import Painter
from app.pictures.speedy_pickers.painter import NAME as SPEEDY_PICKERS_SCENE
from app.pictures.speedy_pickers.painter import ScenePainter

PAINTERS: Mapping[str, Painter] = MappingProxyType({SPEEDY_PICKERS_SCENE: ScenePainter()})


def painter(name: str) -> Painter:
    """Returns the painter called `name`, or raises KeyError."""
    return PAINTERS[name]
