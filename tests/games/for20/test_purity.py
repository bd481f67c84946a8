"""The rules are pure: no web, database, template, async, clock or global randomness."""

from __future__ import annotations

from pathlib import Path

import pytest

import app.games.for20 as package
from tests.games.test_purity import FORBIDDEN, imported_modules

_SOURCES = sorted(Path(package.__file__).parent.glob("*.py"))


@pytest.mark.parametrize("path", _SOURCES, ids=lambda path: path.name)
def test_for20_imports_nothing_impure(path: Path) -> None:
    allowed = {"random"} if path.name == "bots.py" else set()  # only for the bot's rng type
    assert imported_modules(path) & (FORBIDDEN | {"random"}) <= allowed


def test_bots_never_call_the_global_random() -> None:
    source = (Path(package.__file__).parent / "bots.py").read_text()
    assert "random." not in source.replace("random.Random", "")
