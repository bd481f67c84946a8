"""The web layer's own words for people go through gettext (`_()`), never as bare strings.

Read from the source's AST: a string handed to what shows it to a person (an error page,
a refusal, a response's body, a template's `message`/`text`/`problem`), and any sentence
written in code (a capital, words, a full stop), must be marked by `_()`, `gettext` or
`ngettext`, so Babel extracts it and each viewer reads it in their language.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "app" / "web"
_MARKERS = frozenset({"_", "gettext", "ngettext", "n_"})
# Calls whose arguments a person reads, and the keywords that carry such words.
_SHOWN_BY = frozenset(
    {"error_page", "Refusal", "_missing", "HTMLResponse", "PlainTextResponse", "Response"}
)
_SHOWN_AS = frozenset({"message", "text", "problem", "reason"})


def bare_words(source: str) -> list[str]:
    """Returns the strings a person would read that are not marked for translation."""
    tree = ast.parse(source)
    marked = _marked_strings(tree)
    docstrings = _docstrings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for argument in _shown_arguments(node):
                if _is_words(argument) and id(argument) not in marked:
                    found.append(ast.unparse(argument))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in marked and id(node) not in docstrings and _sentence(node.value):
                found.append(node.value)
    return sorted(set(found))


def _shown_arguments(call: ast.Call) -> list[ast.expr]:
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
    shown = [kw.value for kw in call.keywords if kw.arg in _SHOWN_AS]
    if name in _SHOWN_BY:
        shown.extend(call.args)
    return shown


def _is_words(node: ast.expr) -> bool:
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and _letters(v.value) for v in node.values)
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and _letters(node.value)


def _letters(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def _sentence(text: str) -> bool:
    """A string that reads as a sentence for a person: "There is no such game."."""
    words = text.split()
    return len(words) >= 2 and text[:1].isupper() and text.rstrip().endswith((".", "!", "?"))


def _marked_strings(tree: ast.AST) -> set[int]:
    marked: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in _MARKERS:
                marked.update(id(arg) for arg in node.args)
    return marked


def _docstrings(tree: ast.AST) -> set[int]:
    """Returns the strings standing as statements: docstrings, a constant's documentation."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


SOURCES = sorted(WEB.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(WEB)))
def test_the_web_layer_marks_every_word_it_shows(path: Path) -> None:
    assert bare_words(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        'error_page(env, "Unknown game.", 404)',
        'render(env, "error.html", message="No such room.")',
        'Refusal("That seat is taken.")',
        'Response(f"No game {n} here", status_code=404)',
        'NOTE = "Please give your name."',
    ],
)
def test_bare_words_are_found(source: str) -> None:
    assert bare_words(source) != []


@pytest.mark.parametrize(
    "source",
    [
        'error_page(env, _("Unknown game."), 404)',
        'render(env, "error.html", message=_("No such room."))',
        'Refusal(_("That seat is taken."))',
        'Response(body, media_type="text/plain")',
        'def f():\n    """Returns the page. Nothing else."""',
        'log.info("%s", x)',
    ],
)
def test_marked_words_pass(source: str) -> None:
    assert bare_words(source) == []
