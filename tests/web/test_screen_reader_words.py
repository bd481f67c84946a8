"""Colour is never the only carrier of meaning, and symbols are said in words: every Stellar
card names its suit, a For20 material or tool in a move names its type (move buttons have no
colour), stars are hidden from screen readers (Stickers' are drawn by CSS) and said as "2
stars", a filled telescope space says its number, and a seat's green or grey dot says
"online" or "away". Checked on tables that seeded bot games reach."""

from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from app.games.core.bots import playout
from app.games.for20 import GAME as FOR20
from app.games.for20.cards import CARDS, MaterialSpec, ToolSpec
from app.games.stellar import GAME as STELLAR
from app.games.stellar.cards import SATELLITE_NAME, SUIT_NAMES
from app.games.stickers import GAME as STICKERS
from tests.support.rooms import ENV, rendered

_TYPES = "weed|hash|special|combo"


class _Texts(HTMLParser):
    """The text of each element whose class list has `marker`, with its classes; and each
    element hidden from screen readers (aria-hidden) with the visually hidden words after it."""

    def __init__(self, marker: str) -> None:
        super().__init__()
        self.marker = marker
        self.found: list[tuple[list[str], str]] = []
        self.hidden: list[tuple[str, str]] = []  # (its classes, the next element's text...)
        self._open: list[tuple[str, int | None]] = []  # tag, index into found when marked
        self._said: tuple[str, int] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        index = None
        if self.marker in classes:
            self.found.append((classes, ""))
            index = len(self.found) - 1
        if values.get("aria-hidden") == "true":
            self.hidden.append((" ".join(classes), ""))
        elif "visually-hidden" in classes and self.hidden and self.hidden[-1][1] == "":
            self._said = ("", len(self.hidden) - 1)
        self._open.append((tag, index))

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for _tag, index in self._open:
            if index is not None:
                classes, text = self.found[index]
                self.found[index] = (classes, text + data)
        if self._said is not None:
            shown, _ = self.hidden[self._said[1]]
            self.hidden[self._said[1]] = (shown, data)
            self._said = None


def _parsed(html: str, marker: str) -> _Texts:
    parser = _Texts(marker)
    parser.feed(html)
    return parser


def _tables(game: Any, players: int, seeds: range, moves: tuple[int, ...]) -> list[dict[Any, str]]:
    """Every part's HTML for every viewer, at a few points of a few seeded bot games."""
    out = []
    for seed in seeds:
        for n in moves:
            _log, state = playout(game, players, seed, random.Random(seed), moves=n)
            out.append(rendered(game, state, players))
    return out


def test_every_stellar_card_names_its_suit_and_says_its_stars() -> None:
    """A card's stars (class `s1`-`s3`) and starting diamond (`start`) are drawn by
    static/cards.css with an empty alternative text, and said in its visually hidden `<i>`
    words; no star symbol is in a card's own text."""
    names = {suit.value: name for suit, name in SUIT_NAMES.items()} | {"satellite": SATELLITE_NAME}
    css = (Path(__file__).parents[2] / "static" / "cards.css").read_text()
    assert re.search(r"\.st-card > i\b[^{]*\{[^}]*clip-path: inset\(50%\)", css)
    for n in (1, 2, 3):
        assert f'.st-card.s{n}::after {{ content: "{"★" * n}"; content: "{"★" * n}" / ""; }}' in css
    cards = stars = spaces = 0
    for parts in _tables(STELLAR, 2, range(2), (3, 40)):
        for (_viewer, part), html in parts.items():
            parsed = _parsed(html, "st-card")
            for classes, text in parsed.found:
                suit = next((c[5:] for c in classes if c.startswith("suit-")), None)
                if suit is not None:
                    cards += 1
                    assert names[suit] in text, (part, classes, text)
                    assert "★" not in text and "◆" not in text, (part, text)
                starred = next((int(c[1]) for c in classes if re.fullmatch(r"s\d", c)), 0)
                if starred:
                    stars += 1
                    plural = "star" if starred == 1 else "stars"
                    assert f"<i> {starred} {plural}</i>" in html, (part, classes)
                    assert re.search(rf"\b{starred} {plural}\b", text), (part, text)
                if "start" in classes:
                    assert "starting card" in text, (part, text)
            if part.startswith("telescopes-"):
                spaces += html.count("Space ")
                filled = html.count('class="st-card')
                assert html.count(">Space ") == filled, part
    assert cards > 50 and stars > 5 and spaces > 0, (cards, stars, spaces)


def test_a_for20_material_or_tool_in_a_move_names_its_type() -> None:
    typed = sorted(
        {card.spec.name for card in CARDS if isinstance(card.spec, MaterialSpec | ToolSpec)},
        key=len,
        reverse=True,  # "King Size Paper" before "Paper"
    )
    named = re.compile(rf"\b({'|'.join(map(re.escape, typed))})\b( \d\b)?+(?! \((?:{_TYPES})\))")
    typed_names = re.compile(rf"\b({'|'.join(map(re.escape, typed))})( \d)? \(({_TYPES})\)")
    checked = 0
    for parts in _tables(FOR20, 3, range(4), (2, 6, 12, 20, 30)):
        for (viewer, part), html in parts.items():
            if part != "actions":
                continue
            text = re.sub(r"<[^>]+>", " ", html)
            checked += len(typed_names.findall(text))
            untyped = [m.group(0) for m in named.finditer(text)]
            assert not untyped, (untyped, text[:400])
            # Cards a move refers to on the page (room/moves.html's `ref`: the builder's items,
            # the coins' options) are labelled by a copy of their face there, which names the
            # type of a material or tool (its <i>).
            page = "".join(h for (v, _p), h in parts.items() if v == viewer)
            for tag in re.findall(r"<[^>]* data-ref=[^>]*>", html):
                ref = re.findall(r'data-ref="([^"]+)"', tag)[0]
                items = re.search(r'data-items="([^"]*)"', tag)
                values = re.search(r"data-values='([^']*)'", tag)
                ids = json.loads(values.group(1)) if values else []
                ids += [int(i.split(":")[0]) for i in items.group(1).split()] if items else []
                if values is None and items is not None and not items.group(1):
                    continue  # a builder kept on the page between turns, offering nothing now
                assert ids, tag
                for card in ids:
                    face = re.search(rf'id="{ref}{card}"[^>]*>(.*?)</b></span>', page)
                    assert face is not None, (ref, card)
                    spec = CARDS[card].spec
                    if isinstance(spec, MaterialSpec | ToolSpec):
                        assert re.search(rf"<i>({_TYPES})</i>", face.group(1)), face.group(1)
                        checked += 1
    assert checked > 10, checked


def test_stickers_stars_are_said_in_words() -> None:
    """A card's stars are drawn by CSS from its class (s1..s5: no symbol in the text) and
    said in words as many as the class draws."""
    said = 0
    for parts in _tables(STICKERS, 2, range(2), (4, 30)):
        for (_viewer, part), html in parts.items():
            for drawn, words in re.findall(r'<u class="s(\d)"><i>([^<]*)</i></u>', html):
                said += 1
                assert re.fullmatch(rf"{drawn} stars?", words), (part, words)
            assert not re.search(r"<u class=\"s\d\">(?!<i>[^<]*</i></u>)", html), part
    assert said > 5, said


def test_a_seats_online_dot_is_said_in_words() -> None:
    rows = [(0, "Ann", None, True, True, True, None), (1, "Bob", None, False, False, False, None)]
    seats = ENV.get_template("room/parts/seats.html").render(key=(rows, False, None))
    dot = r'class="dot (on|off)"[^>]*></span><span class="visually-hidden">(\w+):<'
    said = re.findall(dot, seats)
    assert said == [("on", "online"), ("off", "away")], seats
