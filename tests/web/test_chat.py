"""The room's chat through real WebSocket clients against a real server: delivered to the
other tabs, escaped, stored before anyone sees it (it survives a restart), rate-limited,
refused with a reason when too long, empty, malformed, muted or from a watcher the host
has not let write; and never a game action."""

from __future__ import annotations

import html
import re

import pytest

from app.rooms.chat import BURST, MAX_LENGTH
from tests.support.server import LiveServer
from tests.support.tabs import Tab, join
from tests.web.test_realtime import seated_game

NASTY = "<script>alert(1)</script> \" onmouseover='x' & <b>bold</b>"


def said(tab: Tab) -> list[str]:
    """Returns the chat's lines as a person reads them: name and text, tags removed."""
    return [html.unescape(re.sub(r"<[^>]+>", "", line)).split(" ", 1)[1] for line in tab.chat]


async def say(tab: Tab, text: object) -> None:
    tab.parts.pop("flash", None)  # a refusal of this line is a new flash
    await tab.send({"cmd": "say", "text": text})


async def refused(tab: Tab, words: str) -> str:
    """Waits for a refusal shown to this tab and returns it; it must contain `words`."""
    await tab.until(lambda t: bool(t.flash_text()))
    text = html.unescape(tab.flash_text())
    assert words in text, text
    return text


async def test_a_message_reaches_every_tab_escaped_and_survives_a_restart(
    server: LiveServer,
) -> None:
    code, ann, bob, ann_cookie, _bob_cookie = await seated_game(server)
    watcher = await Tab.open(server.url, code, None)
    await watcher.until(lambda t: "chat-who" in t.parts)
    await say(ann, NASTY)
    for tab in (ann, bob, watcher):
        await tab.until(lambda t: len(t.chat) == 1)
        assert said(tab) == [f"Ann {NASTY}"]
        raw = "".join(tab.received)
        assert "<script>" not in raw and "<b>bold</b>" not in raw
        assert "&lt;script&gt;" in raw
        assert '" onmouseover' not in raw and "'x'" not in raw  # no attribute broken out of
    for tab in (ann, bob, watcher):
        await tab.close()
    server.kill()  # no clean shutdown: what anyone saw was committed first
    server.start()
    again = await Tab.open(server.url, code, ann_cookie)
    await again.until(lambda t: len(t.chat) == 1)
    assert said(again) == [f"Ann {NASTY}"]
    await again.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_chat_is_no_game_action(server: LiveServer) -> None:
    """A message changes nothing in the game: the mover's buttons keep their version and still
    play, and the other tabs are sent the line alone."""
    _code, ann, bob = (await seated_game(server))[:3]
    mover = ann if ann.moves() else bob
    other = bob if mover is ann else ann
    moves = mover.moves()
    await other.drain()
    other.received.clear()
    await say(other, "your move!")
    await mover.until(lambda t: len(t.chat) == 1)
    await other.until(lambda t: len(t.chat) == 1)
    await other.drain()
    update = "".join(other.received)
    ids = set(re.findall(r'<[a-z]+ id="([^"]+)"', update))
    assert ids == {"chat-log"}, ids  # nothing of the table, seats, controls or game log
    assert len(update.encode()) < 1024
    assert mover.moves() == moves
    await mover.send(next(m for m in moves if m["kind"] == "reveal"))
    await other.until(lambda t: any("revealed" in line for line in t.log))
    assert not mover.flash_text()
    await ann.close()
    await bob.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_writing_too_fast_is_refused_and_says_when_to_write_again(
    server: LiveServer,
) -> None:
    _code, ann, bob = (await seated_game(server))[:3]
    for n in range(BURST):
        await say(ann, f"line {n}")
    await bob.until(lambda t: len(t.chat) == BURST)
    await say(ann, "one too many")
    text = await refused(ann, "you may write again in")
    assert re.search(r"in \d+ s", text)
    await ann.drain(0.3)
    await bob.drain(0.3)
    assert "one too many" not in " ".join(said(bob))
    assert len(bob.chat) == BURST
    await ann.send({"cmd": "react", "reaction": "gg"})  # reactions have a bucket of their own
    await bob.until(lambda t: len(t.chat) == BURST + 1)
    assert "chat-emoji" in bob.chat[-1] and "Good game" in bob.chat[-1]
    await ann.close()
    await bob.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_bad_lines_are_refused_with_a_reason_and_control_characters_dropped(
    server: LiveServer,
) -> None:
    _code, ann, bob = (await seated_game(server))[:3]
    cases = [
        ("x" * (MAX_LENGTH + 1), f"at most {MAX_LENGTH} characters"),
        ("   \n\t ", "Write something first"),
        (["not", "text"], "could not be understood"),
        (None, "could not be understood"),
    ]
    for text, reason in cases:
        await say(ann, text)
        await refused(ann, reason)
    ann.parts.pop("flash", None)
    await ann.send({"cmd": "react", "reaction": "<img src=x>"})
    await refused(ann, "Unknown reaction")
    await say(ann, "tab\there\u0000\u202eevil\u0007 line\nbreak")
    await bob.until(lambda t: any("evil" in line for line in said(t)))
    assert said(bob)[-1] == "Ann tab hereevil line break"
    assert len(bob.chat) == 1  # nothing refused was said
    await say(ann, "y" * MAX_LENGTH)  # the longest allowed
    await bob.until(lambda t: len(t.chat) == 2)
    await ann.close()
    await bob.close()


async def test_the_host_mutes_and_unmutes_and_everyone_sees_who_is_muted(
    server: LiveServer,
) -> None:
    _code, ann, bob = (await seated_game(server))[:3]
    await say(bob, "hi")
    await ann.until(lambda t: len(t.chat) == 1)
    await bob.send({"cmd": "mute", "person": 1})
    await refused(bob, "Only the host")
    mute = next(
        c for c in _commands(ann, "chat-who") if c.get("cmd") == "mute"
    )  # the host's button for Bob
    await ann.send(mute)
    await bob.until(lambda t: "Muted by the host" in t.parts.get("chat-who", ""))
    assert "Bob" in bob.parts["chat-who"]
    assert "muted you" in bob.parts["chat-say"] and "<form" not in bob.parts["chat-say"]
    await say(bob, "can you hear me?")
    await refused(bob, "The host has muted you")
    await ann.drain(0.3)
    assert len(ann.chat) == 1
    unmute = next(c for c in _commands(ann, "chat-who") if c.get("cmd") == "unmute")
    assert unmute["person"] == mute["person"]
    await ann.send(unmute)
    await bob.until(lambda t: "<form" in t.parts.get("chat-say", ""))
    await say(bob, "back")
    await ann.until(lambda t: len(t.chat) == 2)
    await ann.close()
    await bob.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_mute_is_kept_across_a_restart(server: LiveServer) -> None:
    code, ann, bob, _ann_cookie, bob_cookie = await seated_game(server)
    await say(bob, "hi")
    await ann.until(lambda t: len(t.chat) == 1)
    await ann.send(next(c for c in _commands(ann, "chat-who") if c.get("cmd") == "mute"))
    await bob.until(lambda t: "muted you" in t.parts.get("chat-say", ""))
    await ann.close()
    await bob.close()
    server.kill()
    server.start()
    again = await Tab.open(server.url, code, bob_cookie)
    await again.until(lambda t: "chat-say" in t.parts)
    await say(again, "still?")
    await refused(again, "The host has muted you")
    await again.close()


async def test_watchers_write_only_when_the_host_lets_them(server: LiveServer) -> None:
    code, ann, bob, _ann_cookie, _bob_cookie = await seated_game(server)
    _code, carl_cookie = join(server.url, "Carl", code)
    carl = await Tab.open(server.url, code, carl_cookie)
    await carl.until(lambda t: "chat-say" in t.parts)
    assert "<form" not in carl.parts["chat-say"]
    await say(carl, "let me talk")
    await refused(carl, "only the players can write")
    anonymous = await Tab.open(server.url, code, None)
    await anonymous.until(lambda t: "chat-say" in t.parts)
    await say(anonymous, "hello")
    await refused(anonymous, "Join the room with a name first")
    assert {"cmd": "chat-watchers", "on": True} not in _commands(bob, "chat-who")  # host only
    await bob.send({"cmd": "chat-watchers", "on": True})
    await refused(bob, "Only the host")
    await ann.send({"cmd": "chat-watchers", "on": True})
    await carl.until(lambda t: "<form" in t.parts.get("chat-say", ""))
    await say(carl, "thanks!")
    await bob.until(lambda t: said(t) == ["Carl thanks!"])
    assert "watchers too" in bob.parts["chat-who"]
    await ann.send({"cmd": "chat-watchers", "on": False})
    await carl.until(lambda t: "<form" not in t.parts.get("chat-say", ""))
    await say(carl, "again")
    await refused(carl, "only the players can write")
    for tab in (ann, bob, carl, anonymous):
        await tab.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_the_watchers_setting_is_remembered_with_the_room(server: LiveServer) -> None:
    code, ann, bob, _ann_cookie, _bob_cookie = await seated_game(server)
    await ann.send({"cmd": "chat-watchers", "on": True})
    await ann.until(lambda t: "watchers too" in t.parts.get("chat-who", ""))
    await ann.close()
    await bob.close()
    server.kill()
    server.start()
    _code, carl_cookie = join(server.url, "Carl", code)
    carl = await Tab.open(server.url, code, carl_cookie)
    await carl.until(lambda t: "chat-say" in t.parts)
    await say(carl, "hi all")
    await carl.until(lambda t: said(t) == ["Carl hi all"])
    await carl.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_reconnecting_tab_gets_the_latest_lines_once(server: LiveServer) -> None:
    code, ann, bob, _ann_cookie, bob_cookie = await seated_game(server)
    await bob.close()
    for n in range(3):
        await say(ann, f"while you were away {n}")
    await ann.until(lambda t: len(t.chat) == 3)
    again = await Tab.open(server.url, code, bob_cookie)
    await again.until(lambda t: len(t.chat) == 3)
    await again.drain()
    assert said(again) == said(ann)
    await say(ann, "welcome back")
    await again.until(lambda t: len(t.chat) == 4)
    await again.drain()
    assert said(again)[-1] == "Ann welcome back" and len(again.chat) == 4
    await ann.close()
    await again.close()


def _commands(tab: Tab, part: str) -> list[dict[str, object]]:
    import json

    values = re.findall(r"hx-vals='([^']*)'", tab.parts.get(part, ""))
    return [json.loads(html.unescape(v)) for v in values]
