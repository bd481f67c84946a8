"""The languages the site speaks, and which one a person reads.

English is the source: message ids are English and it needs no catalogue. Every other
language is a catalogue, `app/locale/<code>/LC_MESSAGES/messages.po`, compiled to
`messages.mo` by the normal setup; a folder there is a language here, so adding a language
is adding a catalogue. A person's language is the one they chose with the switch (a
cookie), else the best of their browser's Accept-Language, else English.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path

from babel import Locale

SOURCE = "en"
COOKIE = "gn_lang"
DOMAIN = "messages"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
_MAX_PREFERENCES = 16  # a browser sends a handful; a longer header is not worth reading


def languages(folder: Path = LOCALE_DIR) -> tuple[str, ...]:
    """Returns the language codes served: English, then each catalogue's, sorted."""
    found = sorted(po.parents[1].name for po in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *(code for code in found if code != SOURCE))


def translations(code: str, folder: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """Returns a language's compiled catalogue (English: none, message ids are English).

    A catalogue that was not compiled is an error, not a silent fallback to English: the
    setup compiles them (`scripts/i18n-compile`)."""
    if code == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, folder, [code])


def autonym(code: str) -> str:
    """Returns a language's name in itself ("italiano"), as a language switch shows it."""
    return Locale.parse(code).get_display_name(code) or code


def chosen(cookie: str | None, accept_language: str | None, served: tuple[str, ...]) -> str:
    """Returns the language to speak: the cookie's if served, else the browser's best."""
    if cookie in served:
        return cookie
    return preferred(accept_language or "", served)


def preferred(accept_language: str, served: tuple[str, ...]) -> str:
    """Returns the served language the Accept-Language header likes best (ties: the order
    the header lists them), matching `it-IT` to `it`; English when none is served."""
    ranked: list[tuple[float, int, str]] = []
    for index, item in enumerate(accept_language.split(",")[:_MAX_PREFERENCES]):
        tag, _sep, params = item.strip().partition(";")
        quality = _quality(params)
        if tag and quality > 0:
            ranked.append((-quality, index, tag.strip().lower()))
    for _rank, _index, tag in sorted(ranked):
        code = tag.split("-")[0]
        if code in served:
            return code
    return SOURCE


def _quality(params: str) -> float:
    for param in params.split(";"):
        name, _sep, value = param.strip().partition("=")
        if name.strip() == "q":
            try:
                return min(max(float(value), 0.0), 1.0)
            except ValueError:
                return 0.0
    return 1.0


def names(served: tuple[str, ...]) -> Mapping[str, str]:
    """Returns each served language's autonym, by code."""
    return {code: autonym(code) for code in served}
