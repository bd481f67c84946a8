"""Emoji on pages are drawn from the vendored pictures (a screen may have no emoji font, and
headless Chromium has none): every symbol Speedy Pickers' pages show has one, and a page's
emoji is an <img> of it, the character kept as its alt text."""

from __future__ import annotations

from app.games.speedy_pickers.cards import PAGE_SYMBOLS
from app.games.speedy_pickers.objects import DECOYS, OBJECTS
from app.web.emoji import DIRECTORY, URL, emoji


def test_every_symbol_the_pages_show_is_vendored_for_pages() -> None:
    for codepoints in [*PAGE_SYMBOLS, *(tile.emoji for tile in OBJECTS), *DECOYS]:
        assert (DIRECTORY / f"{codepoints}.svg").is_file(), codepoints


def test_a_vendored_emoji_is_its_picture_with_the_character_as_alt_text() -> None:
    assert emoji("1f3c5") == f'<img class="emoji" src="{URL}/1f3c5.svg" alt="🏅" draggable="false">'


def test_an_emoji_without_a_picture_stays_a_character() -> None:
    assert emoji("1f600") == "😀"  # not vendored
    assert emoji(None) == emoji("") == ""
