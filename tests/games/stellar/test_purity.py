"""The rules are pure: no web, database, template, async, clock or global randomness."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import app.games.stellar as package

_FORBIDDEN = {"fastapi", "starlette", "sqlalchemy", "jinja2", "asyncio", "time", "random"}
_SOURCES = sorted(Path(package.__file__).parent.glob("*.py"))


def _imported_roots(path: Path) -> set[str]:
    """Returns the top-level module names a source file imports."""
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("path", _SOURCES, ids=lambda path: path.name)
def test_stellar_imports_nothing_impure(path: Path) -> None:
    allowed = {"random"} if path.name == "bots.py" else set()  # only for the bot's rng type
    assert _imported_roots(path) & _FORBIDDEN <= allowed


def test_bots_never_call_the_global_random() -> None:
    source = (Path(package.__file__).parent / "bots.py").read_text()
    assert "random." not in source.replace("random.Random", "")
