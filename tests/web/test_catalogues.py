"""Every language's catalogue is complete: every message the code and templates mark (the
template `app/locale/messages.pot`, itself up to date with the source) is translated, none
is fuzzy, placeholders are kept, and plural forms follow the language's rule.

These fail until the Italian and Russian translations are merged: that is their point.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from app.web.locales import LOCALE_DIR, languages

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALE_DIR / "messages.pot"
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}|%\([A-Za-z_]+\)[sd]")


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def catalogue(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / "messages.po"


def problems(language: str, catalog: Catalog, template: Catalog) -> list[str]:
    """Returns what keeps a catalogue from being complete, one line each."""
    found: list[str] = []
    if catalog.fuzzy:
        found.append("the catalogue's header is fuzzy")
    expected = Catalog(locale=language).plural_forms
    if catalog.plural_forms != expected:
        found.append(f"plural forms {catalog.plural_forms!r}, not {expected!r}")
    for message in template:
        if message.id and catalog.get(message.id, message.context) is None:
            found.append(f"missing: {message.id!r}")
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if message.fuzzy:
            found.append(f"fuzzy: {message.id!r}")
        if not all(forms) or (message.pluralizable and len(forms) != catalog.num_plurals):
            found.append(f"untranslated: {message.id!r}")
            continue
        wanted = _placeholders(message.id)
        if any(_placeholders(form) != wanted for form in forms if form):
            found.append(f"placeholders changed: {message.id!r}")
    return found


def _placeholders(message: str | tuple[str, ...] | list[str]) -> set[str]:
    """Returns the named placeholders of a message (all its forms) but the plural count,
    which a form may say in words ("one card")."""
    ids = (message,) if isinstance(message, str) else message
    found = {match for text in ids for match in _PLACEHOLDER.findall(text)}
    return found - {"%(num)s", "{count}", "{num}"}


TRANSLATED = [code for code in languages() if code != "en"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_catalogue_translates_every_message(language: str) -> None:
    assert problems(language, read(catalogue(language)), read(TEMPLATE)) == []


def test_the_template_holds_every_message_the_source_marks(tmp_path: Path) -> None:
    fresh = tmp_path / "messages.pot"
    extract = [str(Path(sys.executable).with_name("pybabel")), "-q", "extract", "-F", "babel.cfg"]
    keywords = ["-k", "_", "-k", "n_:1,2", "-k", "gettext", "-k", "ngettext:1,2"]
    keywords += ["-k", "pgettext:1c,2"]
    subprocess.run(
        [*extract, *keywords, "--no-location", "-o", str(fresh), "."], cwd=ROOT, check=True
    )
    ids = {(message.id, message.context) for message in read(fresh) if message.id}
    committed = {(message.id, message.context) for message in read(TEMPLATE) if message.id}
    assert ids - committed == set(), "run scripts/i18n-extract"
    assert committed - ids == set(), "run scripts/i18n-extract"


_PERCENT = re.compile(r"%(?:\(([A-Za-z_]+)\))?(.)")


@pytest.mark.parametrize("language", [None, *TRANSLATED])
def test_every_percent_placeholder_is_a_named_string(language: str | None) -> None:
    # app/web/render.py fills a template's message by escaping each variable to a string
    # first: a `%(n)d` or a positional `%s` would break there (a literal % is written %%).
    path = TEMPLATE if language is None else catalogue(language)
    for message in read(path):
        texts = [message.id] if isinstance(message.id, str) else list(message.id)
        texts += [message.string] if isinstance(message.string, str) else list(message.string)
        for text in texts:
            if "%(" not in text:
                continue  # not %-formatted: a message without variables, or {name} style
            for name, kind in _PERCENT.findall(text):
                assert (name and kind == "s") or (not name and kind == "%"), (message.id, text)


def test_italian_and_russian_are_served() -> None:
    assert {"it", "ru"} <= set(TRANSLATED)


def test_russian_has_three_plural_forms_and_italian_two() -> None:
    assert read(catalogue("ru")).num_plurals == 3
    assert read(catalogue("it")).num_plurals == 2


# The check itself, on a deliberately incomplete catalogue written to a file.


def _template() -> Catalog:
    template = Catalog(fuzzy=False)
    template.add("Your turn")
    template.add("{name} wins")
    template.add("Ready")
    template.add(("{num} card", "{num} cards"))
    return template


def _written(catalog: Catalog, path: Path) -> Catalog:
    with path.open("wb") as file:
        write_po(file, catalog)
    return read(path)


def test_a_complete_catalogue_passes(tmp_path: Path) -> None:
    catalog = Catalog(locale="ru", fuzzy=False)
    catalog.add("Your turn", "Ваш ход")
    catalog.add("{name} wins", "{name} побеждает")
    catalog.add("Ready", "Готово")
    catalog.add(("{num} card", "{num} cards"), ("{num} карта", "{num} карты", "{num} карт"))
    assert problems("ru", _written(catalog, tmp_path / "ru.po"), _template()) == []


def test_an_incomplete_catalogue_fails(tmp_path: Path) -> None:
    catalog = Catalog(locale="ru", fuzzy=False)
    catalog.add("Your turn", "")  # untranslated
    catalog.add("{name} wins", "{имя} побеждает")  # a placeholder translated away
    catalog.add(("{num} card", "{num} cards"), ("{num} карта", "{num} карты", ""))
    catalog.add("Old words", "Старые слова", flags=["fuzzy"])
    found = problems("ru", _written(catalog, tmp_path / "ru.po"), _template())
    assert found == [
        "missing: 'Ready'",
        "untranslated: 'Your turn'",
        "placeholders changed: '{name} wins'",
        "untranslated: ('{num} card', '{num} cards')",
        "fuzzy: 'Old words'",
    ]


def test_a_catalogue_with_the_wrong_plural_rule_fails(tmp_path: Path) -> None:
    catalog = Catalog(locale="ru", fuzzy=False)
    catalog.add("Your turn", "Ваш ход")
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    found = problems("ru", _written(catalog, tmp_path / "ru.po"), Catalog(fuzzy=False))
    assert any(line.startswith("plural forms") for line in found)


def test_the_plural_rules_are_the_agreed_ones() -> None:
    assert Catalog(locale="it").plural_forms == "nplurals=2; plural=(n != 1);"
    assert Catalog(locale="ru").plural_forms == (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
        "(n%100<10 || n%100>=20) ? 1 : 2);"
    )
