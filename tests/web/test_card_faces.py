"""Every card says what it is on its face, wherever the table draws it: a For20 card its type
(materials and tools) and its coins, a 4 Pints pint its price and points, an event its effect."""

from __future__ import annotations

from html.parser import HTMLParser

from app.games.for20 import GAME as FOR20
from app.games.for20.cards import CARDS
from app.games.four_pints import GAME as FOUR_PINTS
from app.games.four_pints.actions import Reveal
from app.games.four_pints.cards import Beer, Kind
from app.games.four_pints.texts import CARD_TEXTS
from tests.games.for20.tables import Cards, with_board
from tests.games.for20.tables import table as for20_table
from tests.games.four_pints.tables import Cards as PintCards
from tests.games.four_pints.tables import play, with_area
from tests.games.four_pints.tables import table as pints_table
from tests.support.rooms import rendered

_BY_NAME = {card.spec.name: card.spec for card in CARDS}
# A face's parts by tag (templates/games/for20/macros.html): the first <b> is its name, a later
# one its coins; <u> holds the words for a screen reader.
_PARTS = {"b": "name", "i": "ty", "em": "pts", "small": "small", "u": "said", "span": "?"}


class _Faces(HTMLParser):
    """Collects each For20 card face: its name and the text of its parts by tag."""

    def __init__(self) -> None:
        super().__init__()
        self.faces: list[dict[str, str]] = []
        self._open: list[str] = []  # the part of each element open inside a face

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "span" and "f20-card" in classes:
            self.faces.append({})
            self._open = ["face"]
        elif self._open and tag in _PARTS:
            part = _PARTS[tag]
            self._open.append("co" if part == "name" and "name" in self.faces[-1] else part)

    def handle_endtag(self, tag: str) -> None:
        if self._open and tag in _PARTS:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1] != "face":
            self.faces[-1][self._open[-1]] = self.faces[-1].get(self._open[-1], "") + data


def for20_faces(html: str) -> list[dict[str, str]]:
    parser = _Faces()
    parser.feed(html)
    return parser.faces


def test_every_for20_face_shows_its_coins_and_a_tool_or_material_its_type() -> None:
    cards = Cards()
    state = for20_table(
        material_dump=(cards("homegrown"),), game_dump=(cards("blunt"), cards("munchies"))
    )
    state = with_board(
        state,
        0,
        hand=(cards("rolling-paper"), cards("bong"), cards("polizia"), cards("short-memory")),
        reserve=(cards("skunk"), cards("afghan"), cards("kief")),
        area=(cards("hookah"),),
        smoked=(cards("haze"),),
    )
    faces = [face for html in rendered(FOR20, state, 2).values() for face in for20_faces(html)]
    seen = {face["name"] for face in faces}
    assert {"Rolling Paper", "Bong", "Polizia", "Short Memory", "Skunk", "Hookah"} <= seen
    assert {"Homegrown", "Blunt", "Haze", "Kief", "Afghan", "Munchies"} <= seen
    for face in faces:
        spec = _BY_NAME[face["name"]]
        assert face["co"] == str(spec.coins), face
        assert face["said"].split()[-1] == ("coin" if spec.coins == 1 else "coins"), face
        kind = getattr(spec, "type", None)
        assert face.get("ty") == (kind.value if kind else None), face


def test_a_for20_tool_face_shows_its_range_and_an_action_its_cost() -> None:
    cards = Cards()
    state = with_board(for20_table(), 0, hand=(cards("hookah"), cards("polizia")))
    html = rendered(FOR20, state, 2)[(1, "hand")]  # person 1 sits in seat 0
    hookah, polizia = for20_faces(html)
    assert (hookah["ty"], hookah["small"], hookah["co"]) == ("combo", "3–8", "3")
    assert (polizia["small"], polizia["co"]) == ("costs 3 coins", "1")


def test_a_four_pints_pint_shows_its_price_and_what_it_scores() -> None:
    cards = PintCards()
    state = with_area(
        pints_table(), 1, pints=(cards.pint(Beer.IPA), cards.pint(Beer.LAGER, spilled=True))
    )
    html = rendered(FOUR_PINTS, state, 2)[(None, "players-1")]
    assert "<b>IPA</b>£6 · 8 pts" in html and "<b>Lager</b>£2 · 1 pt" in html


def test_a_revealed_event_card_says_what_it_does() -> None:
    cards = PintCards()
    state = pints_table(purchase_deck=(cards.event(Kind.SLIP), cards.money(2)))
    state = play(state, Reveal())
    html = rendered(FOUR_PINTS, state, 2)[(None, "purchase")]
    assert f"<b>Slip</b><small>{CARD_TEXTS[Kind.SLIP]}</small>" in html
