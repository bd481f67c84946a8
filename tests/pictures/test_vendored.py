"""The vendored emoji sets hold a picture of every object and decoy, with their licenses."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.registry import GAMES
from app.games.speedy_pickers.cards import PAGE_SYMBOLS
from app.games.speedy_pickers.objects import BY_KEY, DECOYS, OBJECTS, Category
from app.pictures.emoji import EMOJI_DIR, EmojiSet, svg_path
from app.pictures.registry import PAINTERS
from app.web.emoji import PAGE_SET, card_pictures


def test_there_are_40_objects_in_each_of_the_4_categories() -> None:
    assert Counter(tile.category for tile in OBJECTS) == dict.fromkeys(Category, 40)
    assert len(BY_KEY) == len({tile.emoji for tile in OBJECTS}) == 160


def test_decoys_are_never_objects() -> None:
    assert len(set(DECOYS)) == len(DECOYS)
    assert not set(DECOYS) & {tile.emoji for tile in OBJECTS}


@pytest.mark.parametrize("emoji_set", list(EmojiSet))
def test_every_set_draws_every_object_and_decoy(emoji_set: EmojiSet) -> None:
    for emoji in [tile.emoji for tile in OBJECTS] + list(DECOYS):
        path = svg_path(emoji_set, emoji)
        assert path.is_file(), path.name
        assert path.read_bytes().lstrip().startswith(b"<svg"), path.name
    assert (EMOJI_DIR / emoji_set.value / "LICENSE").is_file()


def test_nothing_else_is_vendored() -> None:
    """Speedy Pickers' emoji and each game's emblem (the lobby's picture) in every set; the
    page set also the cards' pictures."""
    emblems = {game.emblem for game in GAMES.values() if game.emblem}
    symbols = {tile.emoji for tile in OBJECTS} | set(DECOYS) | set(PAGE_SYMBOLS) | emblems
    for emoji_set in EmojiSet:
        extra = set(card_pictures()) if emoji_set is PAGE_SET else set()
        wanted = {f"{symbol}.svg" for symbol in symbols | extra}
        names = {p.name for p in (EMOJI_DIR / emoji_set.value).iterdir()} - {"LICENSE"}
        assert names == wanted


def test_the_scene_painter_is_registered() -> None:
    assert "speedy_pickers.scene" in PAINTERS
