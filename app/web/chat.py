"""The chat on a room's page and in a replay: its parts for one viewer, its lines as they come.

A tab is sent two small parts (`chat-say`: the box to write in, or why the viewer may not;
`chat-who`: who may write, who is muted, and the host's switches), each only when its key
changes, and the chat's lines as appends to `#chat-log` (the room's latest `TAIL` when the
tab connects). The box is re-sent only when whether the viewer may write changes, so what
they are typing survives a game starting or someone else being muted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, NamedTuple

from jinja2 import Environment

from app.games.core import Refusal
from app.rooms.chat import REACTION, REACTIONS, mutable, why_not
from app.rooms.live import LiveRoom
from app.rooms.store import ChatLine
from app.web.render import render
from app.web.table import Viewer


class Shown(NamedTuple):
    """A chat line as a page shows it."""

    iso: str  # when, for <time datetime> (static/chat.js shows it in the viewer's time)
    clock: str  # when, as HH:MM UTC until then
    name: str
    reaction: tuple[str, str] | None  # a reaction's (codepoints, label), else None
    text: str  # a message's text


def shown(line: ChatLine) -> Shown:
    moment = datetime.fromtimestamp(line.at, UTC)
    reaction = REACTIONS.get(line.text, ("", line.text)) if line.kind == REACTION else None
    return Shown(
        moment.isoformat(timespec="seconds"), moment.strftime("%H:%M"), line.name, reaction,
        "" if reaction else line.text,
    )  # fmt: skip


class ChatFeed:
    """What one tab was sent of its room's chat: its parts' keys and the last line's id."""

    def __init__(self) -> None:
        self._sent: dict[str, Any] = {}
        self._last: int | None = None  # None: nothing yet, the tab gets the tail

    def diff(self, env: Environment, live: LiveRoom, viewer: Viewer) -> str:
        """Returns the HTML of what changed in the chat for this tab since the last call."""
        chunks = [self._part(env, live, name, key) for name, key in _parts(live, viewer)]
        chunks.append(self._lines(env, live))
        return "".join(chunks)

    def _part(self, env: Environment, live: LiveRoom, name: str, key: Any) -> str:
        if name in self._sent and self._sent[name] == key:
            return ""
        self._sent[name] = key
        cache = live.chat.cache
        html = cache.get((name, key))
        if html is None:
            template = f"room/parts/{name.replace('-', '_')}.html"
            html = cache[(name, key)] = render(
                env, template, part=key, code=live.row.code, reactions=_REACTIONS
            )
        return str(html)

    def _lines(self, env: Environment, live: LiveRoom) -> str:
        chat = live.chat
        last = chat.last_id()
        after = self._last
        if after is not None and after >= last:
            return ""
        key = ("lines", after)
        html = chat.cache.get(key)
        if html is None:
            lines = chat.lines if after is None else chat.since(after)
            html = chat.cache[key] = lines_html(env, lines, append=after is not None)
        self._last = last
        return str(html)


_REACTIONS = tuple((key, codepoints, label) for key, (codepoints, label) in REACTIONS.items())


def _parts(live: LiveRoom, viewer: Viewer) -> tuple[tuple[str, Any], ...]:
    """Returns each chat part's name and key (all its template shows) for a viewer, made
    once per chat change and seating change (a move changes neither)."""
    cache = live.chat.cache
    if cache.get("seating") != live.seating_generation:  # only this seating's are wanted
        cache.clear()
        cache["seating"] = live.seating_generation
    cache_key = ("parts", viewer.person_id)
    made: tuple[tuple[str, Any], ...] | None = cache.get(cache_key)
    if made is None:
        refusal: Refusal | None = why_not(live, viewer.person_id)
        host = viewer.person_id is not None and viewer.person_id == live.row.host_id
        muted = tuple(live.chat.muted.items())
        people = tuple(mutable(live).items()) if host else ()
        made = cache[cache_key] = (
            ("chat-say", refusal.reason if refusal else None),  # a message id: hashable
            ("chat-who", (host, live.row.chat_watchers, muted, people)),
        )
    return made


def lines_html(env: Environment, lines: Iterable[ChatLine], append: bool) -> str:
    """Returns chat lines as the room's `#chat-log` (or, with `append`, added to it)."""
    return render(env, "room/parts/chat_lines.html", lines=[shown(x) for x in lines], append=append)


def replay_lines(
    events: Sequence[tuple[int, str]], chat: Sequence[ChatLine], moves: int
) -> list[tuple[int, str, Shown | None]]:
    """Returns a replay's log, (move, line, None), with its chat, (move, "", line), each line
    after the events of the move it followed (a line written after the last move loaded is
    shown at the last)."""
    merged: list[tuple[int, str, Shown | None]] = []
    said = sorted(((min(line.after, moves), index, line) for index, line in enumerate(chat)))
    at = 0
    for step, text in events:
        while at < len(said) and said[at][0] < step:
            merged.append((said[at][0], "", shown(said[at][2])))
            at += 1
        merged.append((step, text, None))
    merged.extend((after, "", shown(line)) for after, _index, line in said[at:])
    return merged
