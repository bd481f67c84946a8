"""Undo in a real browser: a 4 Pints player who passes with Money left to save gets an Undo
button beside their moves, a double click on it takes back one move (the page locks it as it
locks moves, so nothing stale is sent and nothing is refused), and both logs say so."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser import people
from tests.browser.people import Person
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

BUDGET_S = 40.0

_READ = """() => {
  const buttons = [...document.querySelectorAll('#actions .moves button')];
  return {
    labels: buttons.map(b => b.textContent.trim()),
    ready: buttons.length > 0 && buttons.every(b => !b.disabled),
    undo: !!document.querySelector('#undo button'),
  };
}"""


def _until_undo(players: tuple[Person, Person]) -> Person:
    """Each turn: reveal once, then pass; returns the person offered Undo (a pass that left
    Money to save)."""
    deadline = time.monotonic() + BUDGET_S
    while time.monotonic() < deadline:
        states = [person.page.evaluate(_READ) for person in players]
        for person, state in zip(players, states, strict=True):
            if state["undo"]:
                return person
        movers = [(p, s) for p, s in zip(players, states, strict=True) if s["ready"]]
        if not movers:
            players[0].page.wait_for_timeout(10)
            continue
        person, state = movers[0]
        labels: list[str] = state["labels"]
        index = labels.index("Pass") if "Pass" in labels else 0
        person.click_and_wait(person.page.locator("#actions .moves button").nth(index))
    raise AssertionError("no pass with Money to save came up")


def test_a_double_click_on_undo_takes_back_one_move(
    browser: Any, sqlite_server: LiveServer
) -> None:
    ann, bob = Person(browser, "Ann"), Person(browser, "Bob")
    try:
        invite = people.open_room(ann, sqlite_server.url, "4 Pints")
        people.join_and_sit(bob, invite)
        people.start_game(ann, bob)
        for person in (ann, bob):
            person.page.locator("#status", has_text="Round 1 of 2").wait_for()
        mover = _until_undo((ann, bob))
        other = bob if mover is ann else ann
        assert not other.page.evaluate(_READ)["undo"]
        before = mover.messages()
        mover.page.locator("#undo button", has_text="Undo").dblclick()
        mover.page.wait_for_function(people.ANSWERED, arg=before)
        mover.page.locator("#actions .moves button", has_text="Pass").wait_for()
        assert mover.page.locator("#undo button").count() == 0
        line = f"{mover.name} took back a move."
        for person in (ann, bob):
            person.page.locator("#log", has_text=line).wait_for()
        mover.page.wait_for_timeout(300)  # a second, stale undo would be refused by now
        assert mover.page.locator("#log li", has_text=line).count() == 1
        for person in (ann, bob):
            person.assert_nothing_went_wrong()
    finally:
        ann.close()
        bob.close()
