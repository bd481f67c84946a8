"""A room's chat: who may write, what a line may hold and how often, the host's mutes, and the
latest lines kept in memory for the tabs.

Chat is not a game action. A line is committed to its own table (with the game it was
written during and that game's moves made by then, so a replay shows it at that moment),
then kept here and announced to the room's listeners; the game's state, version, stamps,
clocks, log and the room's revision stay as they were. Bots never chat.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from app.games.core import Refusal
from app.games.core.i18n import _
from app.rooms.refusals import HOST_ONLY, NAMELESS
from app.rooms.store import ChatLine, RoomRow, SeatRow, Store

if TYPE_CHECKING:
    from app.rooms.live import Listener, Match

MESSAGE = "message"
REACTION = "reaction"
MAX_LENGTH = 300  # characters of a message, after cleaning
TAIL = 100  # lines a tab is sent when it connects (and that the room keeps in memory)
BURST = 5  # lines a person may write at once in a room...
EVERY = 2.0  # ...then one per this many seconds (a token bucket per person and kind)

# The quick reactions: a key (what is stored and sent) -> the emoji's codepoints (drawn from
# the vendored set, app/web/emoji.py, so a screen without an emoji font shows them too) and
# what it says, for screen readers and as its tooltip.
REACTIONS: Mapping[str, tuple[str, str]] = {
    "gg": ("1f389", _("Good game")),
    "love": ("2764", _("Love it")),
    "fire": ("1f525", _("Great move")),
    "clever": ("1f4a1", _("Clever")),
    "spot-on": ("1f3af", _("Spot on")),
    "patience": ("23f3", _("Take your time")),
}

EMPTY = Refusal(_("Write something first."))
TOO_LONG = Refusal(
    _("A message can be at most {limit} characters; yours has {length}."),
)
NOT_TEXT = Refusal(_("That message could not be understood."))
UNKNOWN_REACTION = Refusal(_("Unknown reaction."))
WATCHERS_QUIET = Refusal(_("In this room only the players can write in the chat."))
MUTED = Refusal(_("The host has muted you in this room's chat."))
TOO_FAST = Refusal(_("You are writing quickly: you may write again in {seconds} s."))
NOBODY = Refusal(_("That person has not been in this room."))
NOT_YOURSELF = Refusal(_("The host cannot mute themselves."))

# Whitespace that breaks a line becomes a space; the bidirectional overrides and isolates
# (which can make a line read backwards, or hide part of it) are dropped with the controls.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_SPACES = frozenset("\t\n\r\x0b\x0c\x85\u2028\u2029")


def clean(text: Any) -> str | Refusal:
    """Returns a message as it will be stored: one line, control characters and direction
    overrides removed, trimmed; or why it cannot be written."""
    if not isinstance(text, str):
        return NOT_TEXT
    kept = "".join(
        " " if ch in _SPACES else ch
        for ch in unicodedata.normalize("NFC", text)
        if ch in _SPACES or not (unicodedata.category(ch) == "Cc" or ch in _BIDI)
    ).strip()
    if not kept:
        return EMPTY
    if len(kept) > MAX_LENGTH:
        return Refusal(TOO_LONG.reason, {"limit": MAX_LENGTH, "length": len(kept)})
    return kept


@dataclass(frozen=True, slots=True)
class Bucket:
    """A token bucket: `tokens` lines may be written now, as of `at` (epoch seconds)."""

    tokens: float
    at: float


def take(bucket: Bucket | None, now: float) -> tuple[Bucket, float]:
    """Returns the bucket after one line at `now`, and 0; or the bucket as it is and the
    seconds until a line may be written, when it is empty."""
    if bucket is None:
        bucket = Bucket(float(BURST), now)
    tokens = min(float(BURST), bucket.tokens + max(0.0, now - bucket.at) / EVERY)
    if tokens < 1.0:
        return bucket, (1.0 - tokens) * EVERY
    return Bucket(tokens - 1.0, now), 0.0


class ChatRoom(Protocol):
    """What the chat needs of a live room (`LiveRoom`)."""

    row: RoomRow
    store: Store
    seats: list[SeatRow]
    names: dict[int, str]
    match: Match | None
    listeners: set[Listener]
    chat: Chat

    def room_seat_of(self, person_id: int | None) -> int | None: ...


class Chat:
    """A room's chat in memory: its latest lines, who is muted, each person's bucket."""

    def __init__(self) -> None:
        self.lines: deque[ChatLine] = deque(maxlen=TAIL)
        self.muted: dict[int, str] = {}  # person -> name
        self.generation = 0  # bumps with every change a tab could see
        self.cache: dict[Any, Any] = {}  # per generation (app/web/chat.py), cleared on change
        self.buckets: dict[tuple[int, str], Bucket] = {}

    def load(self, lines: list[ChatLine], muted: dict[int, str]) -> None:
        self.lines.extend(lines)
        self.muted.update(muted)

    def last_id(self) -> int:
        return self.lines[-1].id if self.lines else 0

    def since(self, after: int) -> list[ChatLine]:
        """Returns the lines kept after the line with id `after`, in order."""
        return [line for line in self.lines if line.id > after]

    def writers(self) -> dict[int, str]:
        """Returns the people who wrote a line kept here, by id, with their names."""
        return {line.person_id: line.name for line in self.lines}


def is_player(room: ChatRoom, person_id: int) -> bool:
    """Returns whether a person sits at the room's table or plays its game (the host counts:
    they run the room)."""
    match = room.match
    return (
        person_id == room.row.host_id
        or room.room_seat_of(person_id) is not None
        or (match is not None and match.seat_of(person_id) is not None)
    )


def why_not(room: ChatRoom, person_id: int | None) -> Refusal | None:
    """Returns why a person may not write in the room's chat now, or None."""
    if person_id is None:
        return NAMELESS
    if person_id in room.chat.muted:
        return MUTED
    if not room.row.chat_watchers and not is_player(room, person_id):
        return WATCHERS_QUIET
    return None


async def say(room: ChatRoom, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
    """A person writes a message."""
    text = clean(payload.get("text"))
    if isinstance(text, Refusal):
        return text
    return await _post(room, person_id, MESSAGE, text)


async def react(room: ChatRoom, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
    """A person sends a quick reaction (one of `REACTIONS`, never free text)."""
    key = payload.get("reaction")
    if not isinstance(key, str) or key not in REACTIONS:
        return UNKNOWN_REACTION
    return await _post(room, person_id, REACTION, key)


async def _post(room: ChatRoom, person_id: int, kind: str, text: str) -> Refusal | None:
    """Checks, commits, then shows one line; a refused line changes nothing."""
    refusal = why_not(room, person_id)
    if refusal is not None:
        return refusal
    chat = room.chat
    moment = datetime.now(UTC)
    bucket, wait = take(chat.buckets.get((person_id, kind)), moment.timestamp())
    if wait > 0:
        return Refusal(TOO_FAST.reason, {"seconds": max(1, round(wait + 0.49))})
    match = room.match
    game_id, after = (match.record_id, match.version) if match is not None else (None, 0)
    name = await _name(room, person_id)
    line_id = await room.store.add_chat(room.row.id, game_id, after, person_id, kind, text, moment)
    # Committed: only now does anyone see it (and only now does it count against the rate).
    chat.buckets[(person_id, kind)] = bucket
    chat.lines.append(ChatLine(line_id, person_id, name, kind, text, moment.timestamp(),
                               game_id, after))  # fmt: skip
    _announce(room)
    return None


async def _name(room: ChatRoom, person_id: int) -> str:
    """Returns a person's name now (a watcher's is looked up once)."""
    if person_id not in room.names:
        room.names.update(await room.store.person_names([person_id]))
    return room.names.get(person_id, "?")


async def mute(room: ChatRoom, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
    """The host mutes a person: their new lines are refused until unmuted."""
    return await _set_mute(room, person_id, payload, True)


async def unmute(room: ChatRoom, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
    return await _set_mute(room, person_id, payload, False)


async def _set_mute(
    room: ChatRoom, host_id: int, payload: Mapping[str, Any], muted: bool
) -> Refusal | None:
    if host_id != room.row.host_id:
        return HOST_ONLY
    target = payload.get("person")
    if not isinstance(target, int) or isinstance(target, bool):
        return NOBODY
    if target == host_id:
        return NOT_YOURSELF
    name = mutable(room).get(target) or room.chat.muted.get(target)
    if name is None:
        return NOBODY
    if (target in room.chat.muted) == muted:
        return None  # already so (a second tab's click): nothing to do
    await room.store.set_chat_mute(room.row.id, target, muted)
    if muted:
        room.chat.muted[target] = name
    else:
        room.chat.muted.pop(target, None)
    _announce(room)
    return None


def mutable(room: ChatRoom) -> dict[int, str]:
    """Returns the people the host may mute, with their names: whoever wrote a line kept in
    memory, sits at the table or plays its game; not the host, not anyone muted already."""
    people = room.chat.writers()
    for seat in room.seats:
        if seat.person_id is not None:
            people.setdefault(seat.person_id, room.names.get(seat.person_id, "?"))
    if room.match is not None:
        for player in room.match.players:
            if player.person_id is not None:
                people.setdefault(player.person_id, player.name)
    return {
        person: name
        for person, name in people.items()
        if person != room.row.host_id and person not in room.chat.muted
    }


async def watchers(room: ChatRoom, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
    """The host lets watchers write in the chat, or not (remembered with the room)."""
    if person_id != room.row.host_id:
        return HOST_ONLY
    allowed = payload.get("on")
    if not isinstance(allowed, bool):
        return NOT_TEXT
    if allowed != room.row.chat_watchers:
        await room.store.set_chat_watchers(room.row.id, allowed)
        room.row = replace(room.row, chat_watchers=allowed)
        _announce(room)
    return None


def _announce(room: ChatRoom) -> None:
    """Tells every tab the chat changed. Not the room's revision: nothing else did."""
    room.chat.generation += 1
    room.chat.cache.clear()
    for listener in list(room.listeners):
        listener.changed()


async def load(room: ChatRoom) -> None:
    """Reads a room's chat after a (re)start: its latest lines and who is muted."""
    store = room.store
    room.chat.load(await store.chat_tail(room.row.id, TAIL), await store.chat_mutes(room.row.id))


COMMANDS = {
    "say": say,
    "react": react,
    "mute": mute,
    "unmute": unmute,
    "chat-watchers": watchers,
}
