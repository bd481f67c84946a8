"""Jinja2 rendering for pages and for the fragments sent over WebSockets."""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from app.games.core import Refusal

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def make_environment() -> Environment:
    """Returns the Jinja environment: autoescaped, with gettext callables installed."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True, default_for_string=True),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    # Null translations until catalogues exist; every visible string already goes
    # through _() or {% trans %}, so a catalogue can be dropped in later.
    translations = gettext.NullTranslations()
    env.install_gettext_translations(translations, newstyle=True)  # type: ignore[attr-defined]
    env.globals["translations"] = translations
    env.globals["say"] = lambda refusal: refusal_text(env, refusal)
    env.filters["money"] = lambda value: f"£{value}"
    return env


def refusal_text(env: Environment, refusal: Refusal) -> str:
    """Returns a refusal translated for the viewer, parameters filled in."""
    translations: gettext.NullTranslations = env.globals["translations"]  # type: ignore[assignment]
    return translations.gettext(refusal.reason).format(**refusal.params)


def game_package(game_id: str) -> str:
    """Returns the template folder of a game ("four-pints" -> "four_pints")."""
    return game_id.replace("-", "_")


def render(env: Environment, template: str, **context: Any) -> str:
    return env.get_template(template).render(**context)
