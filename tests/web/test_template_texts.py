"""Every word a template shows goes through the translation machinery.

Each template is parsed with Jinja (its AST, not a regular expression) and flattened in
order: its literal HTML as written, every expression as a placeholder. What an HTML parser
then finds as text between tags, or in an attribute a person reads (title, alt,
placeholder, aria-label, a submit input's value), must hold no letter: words belong in
`{{ _() }}`, `{% trans %}` or `ngettext`, which are expressions, not literal HTML.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from jinja2 import Environment, nodes

from app.web.render import TEMPLATES

_HOLE = "\x00"  # where an expression's output goes
_READ_ATTRIBUTES = frozenset({"title", "alt", "placeholder", "aria-label"})
_BUTTON_INPUTS = frozenset({"submit", "button", "reset"})

_ENV = Environment(extensions=["jinja2.ext.i18n"])


def flattened(source: str) -> str:
    """Returns a template's literal text in order, each expression it outputs a hole."""
    chunks: list[str] = []

    def walk(node: nodes.Node) -> None:
        if isinstance(node, nodes.TemplateData):
            chunks.append(node.data)
        elif isinstance(node, nodes.Output):
            for child in node.nodes:
                if isinstance(child, nodes.TemplateData):
                    chunks.append(child.data)
                elif isinstance(child, nodes.Const) and isinstance(child.value, str):
                    chunks.append(child.value)  # {{ "words" }}: literal text all the same
                else:
                    chunks.append(_HOLE)
        else:
            for child in node.iter_child_nodes():
                walk(child)

    walk(_ENV.parse(source))
    return "".join(chunks)


class _Words(HTMLParser):
    """Collects the words outside the translation machinery: text and read attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._skipping = 0  # inside <script> or <style>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skipping += 1
        shown = dict(attrs)
        for name, value in attrs:
            read = name in _READ_ATTRIBUTES or (
                name == "value" and tag == "input" and shown.get("type") in _BUTTON_INPUTS
            )
            if read and value and _has_letters(value):
                self.found.append(f'<{tag} {name}="{value}">')

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skipping:
            self._skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self._skipping and _has_letters(data):
            self.found.append(data.strip())


def _has_letters(text: str) -> bool:
    return any(ch.isalpha() for ch in text.replace(_HOLE, ""))


def untranslated(source: str) -> list[str]:
    """Returns the words a template shows outside the translation machinery."""
    words = _Words()
    words.feed(flattened(source))
    words.close()
    return words.found


TEMPLATE_FILES = sorted(TEMPLATES.rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATE_FILES, ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_a_template_shows_no_words_outside_the_translation_machinery(path: Path) -> None:
    assert untranslated(path.read_text(encoding="utf-8")) == []


def test_every_template_is_checked() -> None:
    assert len(TEMPLATE_FILES) > 50


@pytest.mark.parametrize(
    "source",
    [
        "<p>Your turn</p>",
        "<p>{{ _('Hello') }} and welcome</p>",
        '<button title="Start the game">{{ _("Start") }}</button>',
        '<img alt="A card" src="/x.png">',
        '<input placeholder="Your name">',
        '<input type="submit" value="Join">',
        '<a aria-label="Seat {{ n }}" href="#">{{ n }}</a>',
        "{% if x %}<span>Ready</span>{% endif %}",
        "{% macro m() %}<b>Bot</b>{% endmacro %}",
        '{{ "Literal words" }}',
    ],
)
def test_words_outside_the_machinery_are_found(source: str) -> None:
    assert untranslated(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "<p>{{ _('Your turn') }}</p>",
        "<p>{% trans %}Your turn{% endtrans %}</p>",
        "<p>{% trans n=3 %}One card{% pluralize %}{{ n }} cards{% endtrans %}</p>",
        '<button title="{{ _("Start the game") }}">{{ name }}</button>',
        '<input type="hidden" name="cmd" value="start">',
        '<button name="lang" value="it">{{ name }}</button>',
        "<p>{{ score }} · {{ total }} &times; 2 — £{{ price }}</p>",
        '<div class="board" id="table" data-kind="pint"></div>',
    ],
)
def test_words_inside_the_machinery_pass(source: str) -> None:
    assert untranslated(source) == []
