"""Tiny catalogues for tests of the language machinery, apart from the real translations.

`create_app` is the server factory of a test that needs Italian and Russian to say
something whatever the real catalogues hold yet: the app, with those two languages'
environments made from the few messages below.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Mapping

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from fastapi import FastAPI

from app import main
from app.web.render import make_environment

TINY: Mapping[str, Mapping[str | tuple[str, str], str | tuple[str, ...]]] = {
    "it": {
        "Start a game night": "Inizia una serata di giochi",
        "empty seat": "posto vuoto",
        "That message could not be understood.": "Quel messaggio non si capisce.",
        "Round %(round)s of %(rounds)s": "Giro %(round)s di %(rounds)s",
        "It is {name}'s turn.": "Tocca a {name}.",
        "{name} revealed £{value}.": "{name} ha scoperto £{value}.",
        "{name} revealed {card}.": "{name} ha scoperto {card}.",
        ("{name} draws {count} card.", "{name} draws {count} cards."): (
            "{name} pesca {count} carta.",
            "{name} pesca {count} carte.",
        ),
    },
    "ru": {
        "Start a game night": "Начните игровой вечер",
        "empty seat": "свободное место",
        "That message could not be understood.": "Это сообщение непонятно.",
        "Round %(round)s of %(rounds)s": "Раунд %(round)s из %(rounds)s",
        "It is {name}'s turn.": "Ход игрока {name}.",
        "{name} revealed £{value}.": "{name} открывает £{value}.",
        "{name} revealed {card}.": "{name} открывает {card}.",
        ("{name} draws {count} card.", "{name} draws {count} cards."): (
            "{name} берёт {count} карту.",
            "{name} берёт {count} карты.",
            "{name} берёт {count} карт.",
        ),
    },
}


def tiny_translations(code: str) -> gettext.GNUTranslations:
    """Returns a language's tiny catalogue, compiled in memory."""
    catalog = Catalog(locale=code)
    for msgid, msgstr in TINY[code].items():
        catalog.add(msgid, msgstr)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def create_app() -> FastAPI:
    """Returns the app with the tiny Italian and Russian catalogues."""
    app = main.create_app()
    for code in TINY:
        app.state.envs[code] = make_environment(locale=code, translations=tiny_translations(code))
    return app
