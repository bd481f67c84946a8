"""For20 Cards through the real server: a declared move opens a reaction window on every
tab, and the server's clock closes it when nobody answers (timers are CLOCK actions)."""

from __future__ import annotations

import re

import pytest

from tests.support.server import LiveServer
from tests.support.tabs import Tab, join

pytestmark = pytest.mark.timeout(120)

ANSWERABLE = ("smoke", "action")


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_the_clock_closes_an_unanswered_window(server: LiveServer) -> None:
    options = {"starting_materials": "on", "window_seconds": "3"}
    code, ann_cookie = join(server.url, "Ann", game="for20", options=options)
    _code, bob_cookie = join(server.url, "Bob", code)
    ann = await Tab.open(server.url, code, ann_cookie)
    bob = await Tab.open(server.url, code, bob_cookie)
    await bob.until(lambda t: {"cmd": "sit", "seat": 1} in t.commands())
    await bob.send({"cmd": "sit", "seat": 1})
    await ann.until(lambda t: any(c.get("cmd") == "start" for c in t.commands()))
    await ann.send({"cmd": "start"})
    await ann.until(lambda t: "players-1" in t.parts)
    # The set-up's opening draws are in the log from the start (the deal, sequence 0).
    assert any(line.startswith("OP 01") for line in ann.log), ann.log

    def window_open(tab: Tab) -> bool:
        return "f20-window" in tab.parts.get("window", "")

    # Whoever's turn it is declares an answerable move if it can, else gains coins or ends.
    for _move in range(80):
        await ann.drain(0.05)
        if window_open(ann):
            break
        mover = ann if "Ann's turn" in ann.parts["status"] else bob
        await mover.until(lambda t: bool(t.moves()), 10)
        moves = mover.moves()
        pick = next(
            (m for wanted in (*ANSWERABLE, "turn", "end") for m in moves if m["kind"] == wanted),
            moves[0],
        )
        assert pick["kind"] != "pass"
        await mover.send(pick)
        await mover.until(lambda t, sent=pick: t.version() != sent["v"] or not t.moves(), 10)
    assert window_open(ann), "no answerable move in 80 moves"
    await bob.until(window_open)
    # The countdown is the time the server's timer has left (3 s when it opened).
    left = float(re.search(r'data-countdown="([0-9.]+)"', ann.parts["window"]).group(1))
    assert 2.0 < left <= 3.0, left
    # Nobody answers: at the latest 3 s later the server's clock has closed the window.
    for tab in (ann, bob):
        await tab.until(lambda t: not window_open(t), 6)
    assert any(line.startswith("The window closes") for line in ann.log)
    for tab in (ann, bob):
        assert not tab.flash_text()
        await tab.close()
