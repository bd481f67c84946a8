"""Rendering a seat's moves part as the server does, and the positions that once blew it up."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

from jinja2 import Environment

from app.games.core import Game
from app.games.for20 import GAME as FOR20
from app.games.for20.actions import Smoke
from app.games.for20.state import For20State
from app.web.render import game_package, make_environment, render
from tests.support.tabs import filled

_ENV: Environment | None = None


def environment() -> Environment:
    global _ENV
    if _ENV is None:
        _ENV = make_environment()
    return _ENV


def render_moves(game: Game[Any], state: Any, seat: int, version: int = 7, view: Any = None) -> str:
    """Returns the HTML of the seat's moves part, from the same template and context as
    `app.web.table` gives it (names and version stand in for the room's); `view` is the
    seat's whole view, when already made (the server makes it once per move)."""
    view = game.view(state, seat) if view is None else view
    template = f"games/{game_package(game.id)}/parts/{game.moves_part}.html"
    names = [f"Player {number + 1}" for number in range(game.max_players)]
    return render(
        environment(), template, part=view[game.moves_part], view=view, seat=seat,
        viewer=None, key=None, room=None, game=game, names=names, version=version,
        package=game_package(game.id),
    )  # fmt: skip


class _Buttons(HTMLParser):
    """Collects each button's label, led by the groups it sits in (Stellar's spaces read
    "telescope 1" under each card, For20's targets a name under each action card: one button
    per card, not copies; a labelled group, `role="group"` with its `aria-label`, such as
    Stickers' row of a Question mark's categories for one player)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.groups: list[str | None] = []
        self.label: list[str] | None = None
        self.found: list[str] = []
        self.template = False
        self.lists: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if self.label is not None and values.get("data-copy"):
            # static/moves.js labels it with a copy of the page's element of that id
            self.label.append(f"[copy of #{values['data-copy']}]")
        if tag in ("div", "span"):
            # Buttons static/app.js and static/moves.js make from data: one per value
            group = " / ".join(g for g in (*self.groups, values.get("hx-vals")) if g)
            # what lists share may be said by an element around them (data-lists)
            around = json.loads(values.get("data-lists") or "{}")
            said = {**(self.lists[-1] if self.lists else {}), **around}
            self.lists.append(said)
            field = values.get("data-field") or said.get("field")
            if values.get("data-values") and field and not self.template:
                for value in json.loads(values["data-values"]):
                    self.found.append(f"{group}: {field}={value}")
                more = values.get("data-more") or said.get("more")
                if more:  # then a copy of that template's buttons
                    self.found.append(f"{group}: [copy of #{more}]")
            if values.get("data-copies") and not self.template:
                for value in values["data-copies"].split(","):
                    self.found.append(f"{group}: {value.strip()}")
            # A card group, or an action's heading whose buttons name its targets.
            one_of = values.get("hx-vals") if values.get("class") == "one-of" else None
            labelled = values.get("aria-label") if values.get("role") == "group" else None
            self.groups.append(values.get("data-pick") or one_of or labelled)
        elif tag == "button" and not self.template:
            self.label = []
        elif tag == "template":  # its buttons are copied where a list names it (data-more)
            self.template = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "template":
            self.template = False
        if tag in ("div", "span") and self.groups:
            self.groups.pop()
            self.lists.pop()
        elif tag == "button" and self.label is not None:
            group = " / ".join(g for g in self.groups if g)
            text = re.sub(r"\s+", " ", "".join(self.label)).strip()
            self.found.append(f"{group}: {text}" if group else text)
            self.label = None

    def handle_data(self, data: str) -> None:
        if self.label is not None:
            self.label.append(data)


def buttons(html: str) -> list[str]:
    """Returns the visible label of every button in a part (tags stripped), led by its card
    group when it is in one (a template's own only where the page copies it: `data-append-to`)."""
    parser = _Buttons()
    parser.feed(filled(html))
    return parser.found


def hoarded_for20() -> tuple[For20State, int]:
    """Returns a For20 main phase in which seat 0 holds 13 materials, 4 papers and 2
    legendaries in the area (33,385 listed smokes before smokes were built), with copies of
    cards, coins and action cards that name opponents' cards; and the seat to look at."""
    from tests.games.for20.tables import Cards, table, with_board

    cards = Cards()
    reserve = (
        *cards.many("skunk", 2), *cards.many("homegrown", 2), cards("haze"), cards("kush"),
        cards("brown-hash"), *cards.many("afghan", 2), cards("charas"), cards("kief"),
        cards("bagseed"), cards("moon-rock"),
    )  # fmt: skip
    hand = (
        *cards.many("rolling-paper", 2), cards("king-size"), cards("blunt"),
        cards("confiscate"), cards("munchies"), cards("drug-test"), cards("bong"),
    )  # fmt: skip
    state = table(6, coins=6)
    state = with_board(state, 0, reserve=reserve, hand=hand, area=(cards("hookah"), cards("pipe")))
    rivals = ("white-widow", "marocchino", "haze", "ice-o-lator", "lemon-haze", "brown-hash")
    for seat in range(1, 6):
        other = (cards(rivals[seat - 1]), cards(rivals[seat]))
        state = with_board(state, seat, reserve=other, hand=(cards("homegrown"),))
    return state, 0


def answering_for20() -> tuple[For20State, int]:
    """Returns a For20 reaction window in which seat 1 holds every out-of-turn card and a big
    hand to pay with (pay combinations used to be listed one by one); and that seat."""
    from tests.games.for20.tables import Cards, play, table, with_board

    cards = Cards()
    paper, skunk, homegrown = cards("rolling-paper"), cards("skunk"), cards("homegrown")
    answers = (
        *cards.many("short-memory", 2), *cards.many("nice-tool", 2), *cards.many("pass-it", 2),
        *cards.many("drug-test", 2),
    )  # fmt: skip
    pay = (*cards.many("second-wind", 2), cards("grow-box"), *cards.many("king-size", 3))
    state = table(3)
    state = with_board(state, 0, hand=(paper,), reserve=(skunk, homegrown))
    state = with_board(state, 1, hand=(*answers, *pay))
    state = with_board(state, 2, hand=(cards("munchies"), cards("blunt")))
    state = play(state, Smoke((paper,), (skunk,)))
    return state, 1


POSITIONS = {"for20 hoard": hoarded_for20, "for20 answers": answering_for20}
"""Positions that once made the moves part huge, by name: (state, seat to look at)."""

__all__ = ["FOR20", "POSITIONS", "buttons", "render_moves"]
