"""A game's rules as implemented (docs/rules/<game>.md), as HTML for its rules page.

The Markdown is ours, but it is still rendered as text, never as markup: markdown-it with raw
HTML off escapes any tag in it, and its link check drops `javascript:` and the like. The one
thing it writes that the strict CSP would block, a table column's `style="text-align:…"`, is
turned into a class."""

from __future__ import annotations

import functools
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"

_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
_ALIGNED = {"text-align:left": "align-left", "text-align:center": "align-center",
            "text-align:right": "align-right"}  # fmt: skip


def rules_path(game_id: str) -> Path:
    """Returns where a game's rules are: docs/rules/ names files with hyphens."""
    return RULES / f"{game_id.replace('_', '-')}.md"


@functools.cache
def rules_html(game_id: str) -> Markup | None:
    """Returns a game's rules as HTML, or None when it has no rules file (read once: the
    files ship with the app)."""
    path = rules_path(game_id)
    return markdown_html(path.read_text(encoding="utf-8")) if path.is_file() else None


def markdown_html(text: str) -> Markup:
    """Returns Markdown as HTML that is safe to show: every tag in the text escaped."""
    tokens = _MARKDOWN.parse(text)
    for token in tokens:
        _no_style(token)
    return Markup(_MARKDOWN.renderer.render(tokens, _MARKDOWN.options, {}))


def _no_style(token: Token) -> None:
    """Moves a table cell's alignment from a style attribute into a class."""
    style = token.attrs.pop("style", None)
    if style is not None:
        token.attrSet("class", _ALIGNED.get(str(style), ""))
