"""One painter for all picture tests: scenes are drawn once per session and shared."""

from __future__ import annotations

import pytest

from app.pictures.speedy_pickers.painter import ScenePainter


@pytest.fixture(scope="session")
def painter() -> ScenePainter:
    return ScenePainter(scenes=8, looks=32)
