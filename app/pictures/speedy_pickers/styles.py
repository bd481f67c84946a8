"""The eight scene styles as data: which emoji set, how each picture is treated, how things are
laid out, what lies behind them. Index 0–7 is the scene's number in the game."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.pictures.emoji import EmojiSet


class Treatment(StrEnum):
    """How each emoji is drawn over its set's own style (speedy_pickers/treatments.py)."""

    NATURAL = "natural"  # as the set draws it
    STICKER = "sticker"  # white die-cut border and a soft shadow
    INK = "ink"  # only the dark lines, in white chalk-like ink
    GLOW = "glow"  # a coloured halo, as if lit from behind
    DUOTONE = "duotone"  # two inks of a risograph print
    SHADOW = "shadow"  # a hard shadow cast low and to the right
    HUE = "hue"  # colours turned round the colour wheel, so colour is no clue


class Layout(StrEnum):
    """Where things go (app/pictures/speedy_pickers/layouts.py)."""

    SCATTER = "scatter"  # evenly spread, best-candidate sampling
    PILES = "piles"  # heaped in a dozen piles
    SHELVES = "shelves"  # standing in rows on the lines of the page
    SPIRAL = "spiral"  # a sunflower spiral from the middle out
    RINGS = "rings"  # on concentric ellipses
    CELLS = "cells"  # one in each tile of a mosaic


class Backdrop(StrEnum):
    """What lies behind (app/pictures/speedy_pickers/backdrops.py)."""

    CONFETTI = "confetti"
    SLATE = "slate"
    RULED = "ruled"
    BLUEPRINT = "blueprint"
    NIGHT = "night"
    HALFTONE = "halftone"
    SAND = "sand"
    MOSAIC = "mosaic"


@dataclass(frozen=True, slots=True)
class Style:
    """One scene style; sizes are the emoji's square side in pixels at 1600×1000."""

    name: str
    emoji_set: EmojiSet
    treatment: Treatment
    layout: Layout
    backdrop: Backdrop
    min_size: int
    max_size: int
    max_turn: int  # degrees either way
    decoys: int  # how many clutter emoji among the 160 objects


STYLES: tuple[Style, ...] = (
    Style("confetti", EmojiSet.TWEMOJI, Treatment.NATURAL, Layout.SCATTER, Backdrop.CONFETTI,
          min_size=44, max_size=92, max_turn=25, decoys=60),
    Style("stickers", EmojiSet.TWEMOJI, Treatment.STICKER, Layout.PILES, Backdrop.SLATE,
          min_size=52, max_size=100, max_turn=70, decoys=70),
    Style("sketchbook", EmojiSet.OPENMOJI, Treatment.NATURAL, Layout.SHELVES, Backdrop.RULED,
          min_size=50, max_size=94, max_turn=14, decoys=80),
    Style("blueprint", EmojiSet.OPENMOJI, Treatment.INK, Layout.SPIRAL, Backdrop.BLUEPRINT,
          min_size=58, max_size=108, max_turn=180, decoys=45),
    Style("night", EmojiSet.NOTO, Treatment.GLOW, Layout.SCATTER, Backdrop.NIGHT,
          min_size=40, max_size=96, max_turn=35, decoys=70),
    Style("riso", EmojiSet.NOTO, Treatment.DUOTONE, Layout.RINGS, Backdrop.HALFTONE,
          min_size=50, max_size=98, max_turn=20, decoys=60),
    Style("beach", EmojiSet.FLUENT, Treatment.SHADOW, Layout.PILES, Backdrop.SAND,
          min_size=44, max_size=104, max_turn=180, decoys=80),
    Style("mosaic", EmojiSet.FLUENT, Treatment.HUE, Layout.CELLS, Backdrop.MOSAIC,
          min_size=50, max_size=100, max_turn=40, decoys=60),
)  # fmt: skip
