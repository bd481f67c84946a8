"""Emoji on pages as pictures: a data table's codepoints become an <img> of a vendored SVG.

Pages cannot count on an emoji font: headless Chromium and many desktops have none and show
empty boxes. So an emoji the server holds a picture of is drawn from that picture, served as a
static file; any other stays a character (which a screen with the font still shows)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from markupsafe import Markup, escape

from app.pictures.emoji import EMOJI_DIR, EmojiSet

# Chosen: Twemoji, flat and legible at the size of text.
PAGE_SET = EmojiSet.TWEMOJI
URL = "/static/emoji"
DIRECTORY = EMOJI_DIR / PAGE_SET.value


@functools.cache
def _drawn() -> frozenset[str]:
    """The codepoints the page set holds a picture of (read once: the files ship with the app)."""
    return frozenset(path.stem for path in DIRECTORY.glob("*.svg"))


def emoji(codepoints: str | None) -> Markup:
    """Returns an emoji from the codepoints data tables give ("1f3c5", "1f468-200d-..."):
    its picture when vendored (the character as its alt text), else the character."""
    if not codepoints:
        return Markup("")
    text = "".join(chr(int(point, 16)) for point in codepoints.split("-"))
    if codepoints not in _drawn():
        return escape(text)
    return Markup('<img class="emoji" src="{}/{}.svg" alt="{}" draggable="false">').format(
        URL, codepoints, text
    )


# The stylesheet that draws cards' pictures from the page set, by URL, in classes the parts carry.
CARD_STYLES = Path(__file__).resolve().parents[2] / "static" / "cards.css"


def card_pictures() -> tuple[str, ...]:
    """Returns the codepoints of the pictures static/cards.css draws cards with, in its order
    (scripts/vendor-emoji keeps them in the page set besides Speedy Pickers' emoji)."""
    found = re.findall(rf"url\({re.escape(URL)}/([0-9a-f-]+)\.svg\)", CARD_STYLES.read_text())
    return tuple(dict.fromkeys(found))
