"""Every word a table shows comes from a catalogue: card names and texts, labels, the log.

Each game is played a few random moves and every part of its table, for every viewer,
and every log line, is rendered in a pseudo language whose catalogue writes each message
as ⟪message⟫. What remains outside the brackets, but for the players' names, must hold
no word: a word there is English that no catalogue can translate (a view's name shown
without `_()`, a log line formatted into plain English).
"""

from __future__ import annotations

import gettext
import io
import random
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from app.games.core import Game, Refusal
from app.games.registry import GAMES
from app.rooms.live import BOT_LABEL, LiveRoom, Match, Player
from app.rooms.store import RoomRow, SeatRow
from app.web.locales import LOCALE_DIR
from app.web.render import game_package, make_environment, render
from app.web.table import log_lines, parts, render_part, viewer_of
from tests.support.rooms import room_with

_INNERMOST = re.compile(r"⟪[^⟪⟫]*⟫")
_WORD = re.compile(r"[^\W\d_]{2,}")
_READ_ATTRIBUTES = frozenset({"title", "alt", "placeholder", "aria-label"})


def pseudo_translations() -> gettext.GNUTranslations:
    """Returns a catalogue translating every message of the template as ⟪message⟫."""
    with (LOCALE_DIR / "messages.pot").open("rb") as file:
        template = read_po(file)
    catalog = Catalog(locale="it", fuzzy=False)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(f"⟪{form}⟫" for form in message.id)
            catalog.add(tuple(message.id), forms, context=message.context)
        else:
            catalog.add(message.id, f"⟪{message.id}⟫", context=message.context)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


ENV = make_environment(locale="it", translations=pseudo_translations())


class _Shown(HTMLParser):
    """Collects what a person reads: the text (one run, as a message may hold markup, a
    card's face) and each read attribute."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.attributes: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attributes.extend(v for name, v in attrs if name in _READ_ATTRIBUTES and v)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def untranslated(html: str, names: list[str]) -> list[str]:
    """Returns the words shown outside any message (players' names aside)."""
    shown = _Shown()
    shown.feed(html)
    found = []
    for text in ["".join(shown.text), *shown.attributes]:
        while _INNERMOST.search(text):
            text = _INNERMOST.sub(" ", text)
        for name in names:
            text = text.replace(name, " ")
        found.extend(_WORD.findall(text))
    return found


def played(game: Game[Any], moves: int, seed: int) -> LiveRoom:
    """Returns a room of the game's fewest players after up to `moves` random moves."""
    players = game.min_players
    live = room_with(game, game.setup(players, {}, seed), players)
    rng = random.Random(seed)
    for _ in range(moves):
        match = live.match
        assert match is not None
        seats = sorted(game.active_seats(match.state))
        if match.result is not None or not seats:
            break
        seat = rng.choice(seats)
        actions = game.legal_actions(match.state, seat)
        if not actions:
            break
        applied = game.apply(match.state, seat, rng.choice(actions))
        assert not isinstance(applied, Refusal)
        live._advance(match, seat, applied)
        match.result = game.result(match.state)
    return live


def table_words(live: LiveRoom) -> dict[str, list[str]]:
    """Returns, per part (and the log), the untranslated words any viewer is shown."""
    match = live.match
    assert match is not None
    names = [player.name for player in match.players]
    found: dict[str, list[str]] = {}
    for person in [*range(1, len(names) + 1), None]:
        viewer = viewer_of(live, person)
        for part in parts(ENV, live, viewer):
            words = untranslated(render_part(ENV, live, viewer, part), names)
            if words:
                found.setdefault(part.name, []).extend(words)
    lines = log_lines(ENV, live, tuple(range(len(match.log))))
    log = [word for line in lines for word in untranslated(line, names)]
    if log:
        found["log"] = log
    return found


@pytest.mark.parametrize("moves", [0, 12, 60])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_table_shows_only_words_a_catalogue_translates(game_id: str, moves: int) -> None:
    live = played(GAMES[game_id], moves, seed=7)
    assert table_words(live) == {}


def test_english_left_outside_a_message_is_found() -> None:
    assert untranslated("<p>⟪Your turn⟫ Ann</p>", ["Ann"]) == []
    assert untranslated("<p>⟪{name} bought ⟪Stout⟫ for 3⟫</p>", []) == []
    assert untranslated("<p>⟪<b>Skunk</b> on top⟫</p>", []) == []
    assert untranslated("<p>⟪Bought⟫ for 3</p>", []) == ["for"]
    assert untranslated('<p title="Skunk">⟪Hand⟫: Skunk</p>', []) == ["Skunk", "Skunk"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_card_reference_page_shows_only_words_a_catalogue_translates(game_id: str) -> None:
    game = GAMES[game_id]
    reference = game.card_reference()
    assert reference is not None
    cards = f"games/{game_package(game.id)}/cards.html"
    html = render(ENV, "cards.html", game=game, reference=reference, cards=cards)
    switch = list(ENV.globals["languages"].values())  # each language by its own name
    assert untranslated(html, switch) == []


def test_a_bot_s_seat_label_is_said_in_the_viewer_s_language() -> None:
    game = GAMES["four-pints"]
    row = RoomRow(1, "code", game.id, {}, True, 1, "playing")
    seats = [SeatRow(0, 1, None), SeatRow(1, None, "random")]
    live = LiveRoom(row, game, seats, {1: "Ann"}, None, 0)  # type: ignore[arg-type]
    bot = Player(BOT_LABEL.format(number=2), None, "random", 1)
    live.match = Match(1, game.setup(2, {}, 7), [Player("Ann", 1, None, 0), bot])
    viewer = viewer_of(live, 1)
    html = "".join(render_part(ENV, live, viewer, part) for part in parts(ENV, live, viewer))
    assert "⟪Bot 2⟫" in html
    assert untranslated(html, ["Ann"]) == []
