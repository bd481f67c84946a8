"""Only what changed is sent (app/web/patches.py): the units of a part, a keyed list's inserts
and deletes; and a tab patched move after move holds what a fresh tab is sent, in every game."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest

from app.games.registry import GAMES
from app.rooms import live as live_module
from app.web import table as table_module
from app.web.connection import Connection
from app.web.patches import patch, tree
from bench.broadcast import PLAYERS, next_move, room
from tests.support.rooms import ENV
from tests.support.tabs import normal, put_moved, swap, take_moved, top_level


def sent(old: str, new: str) -> str:
    return patch(tree(old), tree(new), new)


def applied(old: str, message: str) -> str:
    parts = {"p": old}
    moved = take_moved(parts, message)
    for ident, attrs, chunk in top_level(message):
        swap(parts, ident, attrs.get("hx-swap-oob"), chunk)
    put_moved(parts, moved)
    return parts["p"]


AREA = (
    '<div id="p"><h3>Ann</h3> <span id="p-score">{score} points</span>\n'
    '<div id="p-cards">{cards}</div></div>'
)


def area(score: int, *cards: str) -> str:
    faces = "".join(
        f'<span id="c-{c}" class="card">{c.upper()} long card text</span>' for c in cards
    )
    return AREA.format(score=score, cards=faces or "<i>none</i>")


def test_a_changed_unit_is_sent_alone() -> None:
    old, new = area(3, "a", "b"), area(4, "a", "b")
    assert sent(old, new) == '<span id="p-score">4 points</span>'
    assert applied(old, sent(old, new)) == new


def test_a_card_added_to_a_keyed_list_is_inserted_after_its_neighbour() -> None:
    old, new = area(3, "a", "b"), area(3, "a", "b", "c")
    assert sent(old, new) == (
        '<div hx-swap-oob="afterend:#c-b"><span id="c-c" class="card">C long card text</span></div>'
    )
    assert applied(old, sent(old, new)) == new


def test_a_card_gone_is_deleted_and_one_in_front_is_inserted_before_the_first_kept() -> None:
    old, new = area(3, "a", "b", "c"), area(3, "z", "b", "c")
    message = sent(old, new)
    assert '<div id="c-a" hx-swap-oob="delete"></div>' in message
    assert 'hx-swap-oob="beforebegin:#c-b"' in message
    assert applied(old, message) == new


def two_lists(card: str) -> tuple[str, str]:
    """Returns two lists of cards before and after card 3 moved from the second to the first."""
    lists = (
        '<div id="p"><div id="x">{}</div><p>long enough to patch rather than send whole</p>'
        '<div id="y">{}</div></div>'
    )
    old = lists.format(card.format(1), card.format(2) + card.format(3))
    new = lists.format(card.format(1) + card.format(3), card.format(2))
    return old, new


def test_a_card_moved_to_another_list_is_deleted_there_before_it_is_inserted_here() -> None:
    old, new = two_lists('<b id="c-{0}">{0}</b>')
    message = sent(old, new)
    assert message.startswith('<div id="c-3" hx-swap-oob="delete"></div>')
    assert applied(old, message) == new


def test_kept_units_that_change_order_send_their_parent_whole() -> None:
    old, new = area(3, "a", "b", "c"), area(3, "c", "b", "a")
    assert sent(old, new).startswith('<div id="p-cards">')
    assert applied(old, sent(old, new)) == new


def test_other_markup_changed_sends_the_element_whole_its_units_moved_not_sent() -> None:
    old, new = area(3, "a"), area(3, "a").replace("<h3>Ann</h3>", "<h3>Bob</h3>")
    assert sent(old, new) == (
        '<div id="p"><h3>Bob</h3> <i data-moved="p-score"></i>\n<i data-moved="p-cards"></i></div>'
    )
    assert applied(old, sent(old, new)) == new


def test_a_long_unit_moved_to_another_list_is_moved_by_the_page_not_sent_again() -> None:
    old, new = two_lists('<b id="c-{0}" class="card">{0} with a long text that is worth moving</b>')
    message = sent(old, new)
    assert message == '<div hx-swap-oob="afterend:#c-1"><i data-moved="c-3"></i></div>'
    assert applied(old, message) == new


def test_an_emptied_list_sends_its_parent_whole() -> None:
    old, new = area(3, "a", "b"), area(3)
    assert sent(old, new) == '<div id="p-cards"><i>none</i></div>'


def test_the_whole_part_when_the_changes_would_be_longer() -> None:
    old = '<div id="p"><b id="x">1</b></div>'
    new = '<div id="p"><b id="x">1</b><b id="y">2</b></div>'
    assert sent(old, new) == new


def test_table_cells_are_never_units_and_the_table_goes_whole() -> None:
    row = (
        '<div id="p"><p>Scores, a long heading here</p>'
        '<table id="t"><tr><td id="a">{}</td></tr></table></div>'
    )
    old, new = row.format(1), row.format(2)
    assert sent(old, new) == '<table id="t"><tr><td id="a">2</td></tr></table>'


def test_what_is_not_one_element_with_an_id_has_no_tree() -> None:
    assert tree('<div id="a"></div><div id="b"></div>') is None
    assert tree('<div class="x"></div>') is None
    assert tree('<ol id="log" hx-swap-oob="beforeend"><li>x</li></ol>') is None
    assert tree('text <div id="a"></div>') is None
    assert tree('<div id="a"><input id="stamp" value="1"><p>x</p></div>') is not None


def held(messages: list[str]) -> dict[str, str]:
    parts: dict[str, str] = {}
    for message in messages:
        moved = take_moved(parts, message)
        for ident, attrs, chunk in top_level(message):
            if ident not in ("log", "chat-log"):
                swap(parts, ident, attrs.get("hx-swap-oob"), chunk)
        put_moved(parts, moved)
    return parts


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_tab_patched_after_every_move_holds_what_a_fresh_tab_is_sent(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The room's clock stands still: a tab renders a countdown's seconds when it is made
    # (the page counts on from there), and this compares markup, not the clock.
    now = time.time()
    frozen = SimpleNamespace(time=lambda: now)
    monkeypatch.setattr(live_module, "time", frozen)
    monkeypatch.setattr(table_module, "time", frozen)
    monkeypatch.setitem(ENV.globals, "server_now", frozen.time)
    game, players = GAMES[game_id], PLAYERS[game_id]
    rng = random.Random(11)
    live = room(game, players, 11)
    people = [*range(1, players + 1), None]  # every seat, and a watcher
    tabs = {person: Connection(None, live, person, ENV) for person in people}  # type: ignore[arg-type]
    for tab in tabs.values():
        live.listeners.add(tab)
    holds: dict[int | None, list[str]] = {person: [] for person in people}
    checked = 0
    for move_no in range(160):
        match = live.match
        assert match is not None
        move = next_move(game, match.state, rng) if match.result is None else None
        if move is None:
            break
        seat, action = move
        result = game.apply(match.state, seat, action)
        if result.state is match.state and not result.events:  # type: ignore[union-attr]
            continue
        # With its action, as a room advances: what a person may take back (Undo) is kept.
        live._advance(match, seat, result, action=action)  # type: ignore[arg-type]
        match.result = game.result(match.state)
        live._changed(seating=match.result is not None)
        for person, tab in tabs.items():
            holds[person].extend(m for m in tab._outbox if m)
            tab._outbox.clear()
        if move_no % 8 and match.result is None:  # a game's end is always checked
            continue
        for person in people:
            fresh = Connection(None, live, person, ENV)  # type: ignore[arg-type]
            expected = held([fresh._diff()])
            have = held(holds[person])
            for name, html in expected.items():
                if name != "table":
                    assert normal(have.get(name, "")) == normal(html), (game_id, move_no, name)
            checked += 1
    assert checked >= 10
