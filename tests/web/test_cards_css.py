"""Cards' pictures come from the vendored page set: every picture static/cards.css names is a
vendored SVG (a missing one would draw an empty card), and each game's cards have theirs."""

from __future__ import annotations

import pytest

from app.web.emoji import CARD_STYLES, DIRECTORY, card_pictures

# A class of each game's card faces that must carry a picture.
PICTURED = [".pcard.beer", ".st-card.suit-planet", ".f20-card.mw", ".sk-card.st-navy"]


def test_every_card_picture_is_vendored() -> None:
    assert card_pictures(), "static/cards.css names no picture"
    for codepoints in card_pictures():
        path = DIRECTORY / f"{codepoints}.svg"
        assert path.is_file(), path.name
        assert path.read_bytes().lstrip().startswith(b"<svg"), path.name


@pytest.mark.parametrize("selector", PICTURED)
def test_each_games_cards_have_a_picture(selector: str) -> None:
    assert f"{selector} {{ --pic: url(/static/emoji/" in CARD_STYLES.read_text()
