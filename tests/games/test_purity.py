"""Engines are pure: no web, database, template, asyncio, clock or global random imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "app" / "games"
FORBIDDEN = {"fastapi", "starlette", "sqlalchemy", "jinja2", "asyncio", "time", "datetime", "os"}


def imported_modules(path: Path) -> set[str]:
    """Returns the top-level modules a file imports at run time (TYPE_CHECKING blocks aside)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize(
    "path", sorted(GAMES.rglob("*.py")), ids=lambda p: str(p.relative_to(GAMES))
)
def test_engine_module_is_pure(path: Path) -> None:
    found = imported_modules(path) & FORBIDDEN
    assert not found, f"{path.name} imports {found}"
    if path.name != "bots.py":  # bots take the server's random.Random as a parameter
        assert "random" not in imported_modules(path), f"{path.name} imports random"


@pytest.mark.parametrize(
    "path", sorted(GAMES.rglob("bots.py")), ids=lambda p: str(p.relative_to(GAMES))
)
def test_bots_never_call_the_global_random(path: Path) -> None:
    """Bots get the server's `random.Random`; the module-level functions would be global state."""
    assert "random." not in path.read_text().replace("random.Random", "")
