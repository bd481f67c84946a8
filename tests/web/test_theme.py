"""The colour scheme (static/theme.css) passes WCAG AA in both modes: every pair of text and
background colour the pages draw with has a contrast of at least 4.5:1 (3:1 for outlines and
controls against the felt), and both modes name the same colours."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

THEME = Path(__file__).resolve().parents[2] / "static" / "theme.css"
TEXT = 4.5  # WCAG AA, normal text
LARGE = 3.0  # WCAG AA, large text and user-interface components

# (foreground, background, the least contrast); a background may be "shade over felt".
PAIRS = [
    *[
        (fg, bg, TEXT)
        for fg in ("text", "muted", "link")
        for bg in ("bg", "surface", "surface-2", "felt")
    ],
    *[(fg, "shade-2 over felt", TEXT) for fg in ("text", "muted", "link", "on-felt")],
    *[(fg, "shade-2 over surface", TEXT) for fg in ("text", "muted")],
    ("muted", "topbar", TEXT),
    ("link", "topbar", TEXT),
    ("on-felt", "felt", TEXT),
    ("ink", "card", TEXT),
    ("ink-muted", "card", TEXT),
    ("on-accent", "accent", TEXT),
    ("on-ok", "ok", TEXT),
    ("on-danger", "danger", TEXT),
    ("text", "button-2", TEXT),
    ("text", "window", TEXT),
    ("muted", "window", TEXT),
    ("text", "field", TEXT),
    ("good", "felt", TEXT),
    ("highlight", "felt", LARGE),  # a ring round a card stands out from the felt beyond it
]


def _modes() -> dict[str, dict[str, str]]:
    """Returns each mode's colours by name: the dark defaults, the light ones over them."""
    css = THEME.read_text()
    light_at = css.index("prefers-color-scheme: light")
    found = {}
    for mode, text in (("dark", css[:light_at]), ("light", css[light_at:])):
        found[mode] = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6,8})\b", text))
    return found


MODES = _modes()


def _rgba(hex_colour: str) -> tuple[float, float, float, float]:
    digits = hex_colour.lstrip("#")
    alpha = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
    r, g, b = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b, alpha


def _over(top: tuple[float, ...], base: tuple[float, ...]) -> tuple[float, float, float, float]:
    a = top[3]
    r, g, b = (top[i] * a + base[i] * (1 - a) for i in range(3))
    return r, g, b, 1.0


def _colour(colours: dict[str, str], name: str) -> tuple[float, float, float, float]:
    if " over " in name:
        top, base = name.split(" over ")
        return _over(_rgba(colours[top]), _colour(colours, base))
    rgba = _rgba(colours[name])
    assert rgba[3] == 1.0, f"--{name} is translucent: name what it lies over"
    return rgba


def _luminance(colour: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """Returns the WCAG 2 contrast ratio of two opaque colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_both_modes_name_the_same_colours() -> None:
    assert MODES["dark"].keys() == MODES["light"].keys()


@pytest.mark.parametrize("mode", ["dark", "light"])
@pytest.mark.parametrize(("fg", "bg", "least"), PAIRS, ids=[f"{f}-on-{b}" for f, b, _ in PAIRS])
def test_text_stands_out_from_what_it_is_drawn_on(
    mode: str, fg: str, bg: str, least: float
) -> None:
    colours = MODES[mode]
    ratio = contrast(_colour(colours, fg), _colour(colours, bg))
    assert ratio >= least, f"{mode}: --{fg} on {bg} is {ratio:.2f}:1, under {least}:1"


def test_the_old_secondary_grey_would_fail() -> None:
    """The check itself: the grey secondary text had before (2.9:1 on the felt) is refused."""
    assert contrast(_rgba("#8c857a"), _rgba("#21472f")) < TEXT
