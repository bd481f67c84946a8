"""A room held in memory: seats, the running game, who is watching; one writer at a time.

Every command goes through `LiveRoom.handle` under the room's lock. A game
action is checked by the engine, committed to the database, and only then
applied to the in-memory state and announced to the room's listeners. There
are no rules here (the engine has them) and no sockets (listeners are anything
with a `changed()` method), so a broadcast bus can be put between them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

from app.games.core import (
    CLOCK,
    Action,
    Applied,
    Event,
    Game,
    Picture,
    Point,
    Refusal,
    Result,
    Timer,
)
from app.games.core.bots import random_legal
from app.games.core.clock import PRESETS, Clocks, Preset
from app.games.core.clock import advance as advance_clocks
from app.games.core.clock import start as start_clocks
from app.games.core.i18n import _
from app.games.core.replay import ReplayError, steps
from app.games.core.undo import Trail, Undo
from app.games.core.undo import decode as decode_action
from app.games.core.undo import play as play_action
from app.rooms.action_log import CampaignMoved
from app.rooms.chat import COMMANDS as CHAT_COMMANDS
from app.rooms.chat import Chat
from app.rooms.pictures import Easel
from app.rooms.presence import Presence
from app.rooms.refusals import HOST_ONLY, NAMELESS
from app.rooms.store import GameRow, RoomRow, SeatRow, Store

log = logging.getLogger(__name__)

BOT_LABEL = _("Bot {number}")  # a bot's seat; people's names may not look like it (app.web.names)

UNSAVED = Refusal(_("That could not be saved, so it did not happen. Please try again."))
STALE = Refusal(_("The table changed before your move arrived; here it is again."))
TIME_UP = Refusal(_("Time was up before your move arrived, so it does not count."))
OFF_PICTURE = Refusal(_("That is not on the picture."))
UNPAINTED = Refusal(_("That picture could not be drawn. Please try again."))
CAMPAIGN_MOVED = Refusal(
    _(
        "Another game of this campaign ended first, so this one was set aside. "
        "Start a new game to play the campaign's next one."
    )
)

# Why a stand-in bot made a seat's move (the action log's `stand_in`; None: its own player).
AWAY = "away"  # its person was disconnected longer than the grace period
TIME = "time"  # its clock ran out: the stand-in made that one move
HOST = "host"  # the host handed the seat to a bot
OPEN = "open"  # the host freed the seat; nobody has taken it yet


class Listener(Protocol):
    person_id: int | None

    def changed(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Player:
    """Who sits in a game seat, as recorded when the game started."""

    name: str
    person_id: int | None = None
    bot: str | None = None  # the bot that plays it; with `stand_in` OPEN, until someone sits
    seat_no: int | None = None  # the room seat it is at (games stored before: None)
    stand_in: str | None = None  # HOST or OPEN while a bot plays it for a person

    @property
    def key(self) -> str:
        """Returns who this is in a campaign, the same in every game whatever the seat:
        "person:<id>", or "bot:<room seat>" for a bot."""
        return f"person:{self.person_id}" if self.person_id is not None else f"bot:{self.seat_no}"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "person_id": self.person_id,
            "bot": self.bot,
            "seat_no": self.seat_no,
            "stand_in": self.stand_in,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Player:
        return cls(
            data["name"],
            data.get("person_id"),
            data.get("bot"),
            data.get("seat_no"),
            data.get("stand_in"),
        )


@dataclass(slots=True)
class Match:
    """The game being played (or just finished) in a room."""

    record_id: int
    state: Any
    players: list[Player]
    version: int = 0  # actions applied so far = the last sequence number
    log: list[tuple[int, Event]] = field(default_factory=list)
    result: Result | None = None
    # Per seat, the version its offered moves date from: it moves on when the seat acts or
    # its legal actions change, not when another seat's move leaves them as they were. So in
    # simultaneous phases one player's move does not turn the other's buttons stale, while a
    # double click (the seat's own second send) still is. In a race (`Game.simultaneous`)
    # only the seat's own moves and the race's end move it: the engine arbitrates.
    stamps: dict[int, int] = field(default_factory=dict)
    # Per (viewer, picture name), the picture shown and the token its address carries: the
    # game and the version at which the viewer was first shown it, so a new picture gets a
    # new address and the address tells nothing about what it shows.
    pictures: dict[tuple[int | None, str], tuple[Picture, str]] = field(default_factory=dict)
    # Time, all of it rebuilt from the commit times in the log: the turn clocks (None when
    # the room has none), and the game's timer with when its key first appeared, so its
    # deadline (since + seconds) survives a restart.
    clocks: Clocks | None = None
    timer_key: str | None = None
    timer_since: float = 0.0
    # The campaign the game belongs to and the campaign's version it was set up from.
    campaign: tuple[int, int] | None = None
    # The moves a seat may take back now (app/games/core/undo.py), each with the clocks
    # from before it: an undo puts those back, so it refunds no time and gives no new
    # allowance (the seat's move runs on from when it began).
    trail: Trail = field(default_factory=Trail)

    @classmethod
    def dealt(cls, record_id: int, dealt: Applied[Any], players: list[Player]) -> Match:
        """Returns a match at its deal; what the set-up showed is logged as sequence 0."""
        match = cls(record_id, dealt.state, players)
        match.log.extend((0, event) for event in dealt.events)
        return match

    def stamp(self, seat: int) -> int:
        return self.stamps.get(seat, 0)

    def seat_of(self, person_id: int | None) -> int | None:
        for seat, player in enumerate(self.players):
            if person_id is not None and player.person_id == person_id:
                return seat
        return None


class LiveRoom:
    """One room's live state; all changes go through `handle` under `lock`."""

    def __init__(
        self,
        row: RoomRow,
        game: Game[Any],
        seats: list[SeatRow],
        names: dict[int, str],
        store: Store,
        bot_delay: float,
        *,
        away_grace: float = 60.0,
        clock_scale: float = 1.0,
        easel: Easel | None = None,
    ) -> None:
        self.row = row
        self.game = game
        self.seats = seats
        self.names = names
        self.store = store
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.match: Match | None = None
        # Why the room's last game cannot be shown (it does not replay here), if so.
        self.problem: Refusal | None = None
        self.revision = 0  # bumps on every change a viewer could see
        self.listeners: set[Listener] = set()
        self.chat = Chat()  # the room's chat (app/rooms/chat.py): not part of any game
        self.cache: dict[Any, Any] = {}  # per-revision view/render cache, cleared on change
        # What only seating changes (seats, names, who is online, a game starting or ending):
        # kept across moves, cleared by any other change.
        self.seating_cache: dict[Any, Any] = {}
        self.seating_generation = 0  # bumps with every seating change (when that cache clears)
        self._last_public: Mapping[str, Any] = {}  # see `_stable`
        # The keys of the shared parts (app/web/table.py) of the last revision they were
        # made for, per language: what every tab that was sent that revision holds.
        self.shared_keys: dict[str, dict[Any, Any]] = {}
        self.shared_trees: dict[str, dict[str, Any]] = {}  # and their unit trees
        self._bot_task: asyncio.Task[None] | None = None
        self._bot_ticks = 0  # bot moves made: part of each bot's random seed
        self._timer: tuple[str, asyncio.Task[None]] | None = None  # (key, task) of the clock
        self.away_grace = away_grace  # seconds disconnected before a bot takes a seat over
        self.clock_scale = clock_scale  # multiplies the clock presets (tests only)
        self._clock: tuple[tuple[float, int], asyncio.Task[None]] | None = None  # (due, task)
        self._gone: dict[int, float] = {}  # person -> since when no tab of theirs is attached
        self._away: frozenset[int] = frozenset()  # persons whose seats a bot plays meanwhile
        self._away_task: tuple[float, asyncio.Task[None]] | None = None
        self.easel = easel  # paints the game's pictures (None: a game without pictures)
        self._arrived = 0.0  # when the command being run arrived, before it waited for the lock
        self._hit_fields: dict[type[Action], str | None] = {}  # see `_hit_points`
        self._points: tuple[Any, dict[int, list[Point]]] | None = None  # (state, per seat)
        self.presence = Presence(row.seen_at or time.time())  # when somebody was last here

    # ---- loading -------------------------------------------------------------

    async def restore(self, record: GameRow) -> None:
        """Rebuilds the latest game from its seed and action log, clocks included: each
        action is replayed at the time it was committed.

        A game recorded under other rules, or whose log these rules refuse, is not shown cut
        short: it is marked unreplayable (kept as stored, for a server with its rules), the
        room says why, and the host may start a new game."""
        if record.status == "unreplayable":
            self.problem = _problem(record.problem or "")
            return
        if record.status == "abandoned":  # set aside (its campaign moved on): not resumed
            self.problem = CAMPAIGN_MOVED
            return
        why = None
        if record.rules_version != self.game.rules_version:
            why = (
                f"it was played with version {record.rules_version} of {self.game.name}'s "
                f"rules; this server plays version {self.game.rules_version}"
            )
        else:
            try:
                match = await self._rebuild(record)
            except ReplayError as error:
                why = f"its log does not replay on these rules ({error})"
        if why is not None:
            log.error("room %s: game %d cannot be restored: %s", self.row.code, record.id, why)
            await self.store.mark_unreplayable(record.id, self.row.id, why)
            self.problem = _problem(why)
            return
        self.match = match
        now = time.time()  # nobody is here yet: the grace period starts now
        self._gone.update((p.person_id, now) for p in match.players if p.person_id is not None)

    async def _rebuild(self, record: GameRow) -> Match:
        """Returns the recorded game replayed to its last action; raises ReplayError."""
        entries = await self.store.log(record.id)
        players = self._seated([Player.from_json(p) for p in record.players])
        dealt = self.game.deal(len(players), record.options, record.seed, record.carry)
        match = Match.dealt(record.id, dealt, players)
        match.campaign = record.campaign
        self._begin(match, record.started_at, record.clock)
        logged = ((entry.seat, entry.action) for entry in entries)
        for entry, applied in zip(entries, steps(self.game, match.state, logged), strict=False):
            action = decode_action(self.game, entry.action)  # it decoded in `steps`
            assert isinstance(action, Action)
            self._advance(match, entry.seat, applied, entry.at, action, entry.stand_in)
        match.result = self.game.result(match.state)
        return match

    def _seated(self, players: list[Player]) -> list[Player]:
        """Returns players with their room seats; a game stored before they were recorded
        took the filled seats in order."""
        filled = [s.seat_no for s in self.seats if s.person_id is not None or s.bot is not None]
        if all(p.seat_no is not None for p in players) or len(filled) != len(players):
            return players
        return [replace(p, seat_no=n) for p, n in zip(players, filled, strict=True)]

    def _begin(self, match: Match, at: float, clock: Mapping[str, Any] | None) -> None:
        """Starts a match's time at its deal: its game timer, and its turn clocks if any."""
        timer = self.game.timer(match.state)
        match.timer_key, match.timer_since = (timer.key if timer else None), at
        if clock:
            preset = Preset("", "", float(clock["bank"]), float(clock["allowance"]))
            running = self._clock_running(match.state, timer)
            match.clocks = start_clocks(preset, len(match.players), running, at)

    # ---- listeners -------------------------------------------------------------

    def attach(self, listener: Listener) -> None:
        self.listeners.add(listener)
        if listener.person_id is not None:
            self._gone.pop(listener.person_id, None)  # back: their seat is theirs at once
        self._review_away()
        self._changed()
        self._wake()
        self._schedule_away()

    def detach(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        person = listener.person_id
        if person is not None and self.seat_of(person) is not None and person not in self.online():
            self._gone.setdefault(person, time.time())
        self._review_away()
        self._changed()
        self._schedule_away()

    async def seen(self) -> None:
        """Notes that a tab connected or left now: the room's last seen time (see presence)."""
        now = time.time()
        if self.presence.note(now):
            await self.store.room_seen(self.row.id, now)

    def online(self) -> frozenset[int]:
        return frozenset(x.person_id for x in self.listeners if x.person_id is not None)

    def rename(self, person_id: int, name: str) -> None:
        if person_id in self.names:
            self.names[person_id] = name
            self._changed()

    def _changed(self, seating: bool = True) -> None:
        """Tells every listener the room changed; `seating=False` when only the game moved."""
        self.revision += 1
        self.cache.clear()
        if seating:
            self.seating_cache.clear()
            self.seating_generation += 1
        for listener in list(self.listeners):
            listener.changed()
        self.cache.clear()

    # ---- questions -------------------------------------------------------------

    @property
    def playing(self) -> bool:
        return self.match is not None and self.match.result is None

    def seat_of(self, person_id: int | None) -> int | None:
        """Returns the viewer's game seat, or None for a spectator."""
        return self.match.seat_of(person_id) if self.match else None

    def room_seat_of(self, person_id: int | None) -> int | None:
        for seat in self.seats:
            if person_id is not None and seat.person_id == person_id:
                return seat.seat_no
        return None

    def seat_name(self, seat: SeatRow) -> str | None:
        if seat.bot:
            return BOT_LABEL.format(number=seat.seat_no + 1)
        if seat.person_id is not None:
            return self.names.get(seat.person_id, "?")
        return None

    def game_view(self, viewer: int | None) -> Mapping[str, Any]:
        """Returns the engine's whole view for a seat (cached for this revision)."""
        key = ("view", viewer)
        view = self.cache.get(key)
        if view is None:
            view = self.cache[key] = {**self.public_view(), **self.private_view(viewer)}
        return view

    def public_view(self) -> Mapping[str, Any]:
        """Returns the parts every viewer sees alike, computed once per revision (an unchanged
        part is the very object of the revision before; see `_stable`)."""
        public = self.cache.get("public view")
        if public is None:
            assert self.match is not None
            public = self.cache["public view"] = self._stable(
                self.game.public_view(self.match.state)
            )
        return public

    def private_view(self, viewer: int | None) -> Mapping[str, Any]:
        """Returns the parts that depend on who is looking, with the seat's moves (cached for
        this revision)."""
        key = ("private view", viewer)
        private = self.cache.get(key)
        if private is None:
            assert self.match is not None
            game, state = self.game, self.match.state
            private = self.cache[key] = {
                **game.private_view(state, viewer),
                game.moves_part: game.moves_view(state, viewer),
            }
        return private

    def _stable(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """Returns the public view with each part equal to the last one's replaced by that
        object: a socket compares each part with what it was sent last, and an unchanged
        part is then the same object, so one comparison here replaces one per socket."""
        last = self._last_public
        seat_parts = self.game.seat_parts
        view = {
            name: _same_items(last.get(name), data)
            if name in seat_parts
            else _same(last.get(name), data)
            for name, data in view.items()
        }
        self._last_public = view
        return view

    # ---- pictures ------------------------------------------------------------------

    def viewer_pictures(self, viewer: int | None) -> Mapping[str, tuple[Picture, str]]:
        """Returns the pictures a viewer may look at now, by name, each with the token its
        address carries (new whenever the picture changes; cached for this revision)."""
        key = ("pictures", viewer)
        shown = self.cache.get(key)
        if shown is None:
            match = self.match
            pictures = self.game.pictures(match.state, viewer) if match is not None else {}
            shown = self.cache[key] = {
                name: self._token(viewer, name, picture) for name, picture in pictures.items()
            }
        return shown

    def pictures_shown(self, viewer: int | None) -> tuple[str, ...]:
        """Returns the names of every picture the viewer was shown in this game, so a page
        can be told that one is gone."""
        match = self.match
        if match is None:
            return ()
        self.viewer_pictures(viewer)  # gives the current ones their tokens
        return tuple(name for seen, name in match.pictures if seen == viewer)

    def _token(self, viewer: int | None, name: str, picture: Picture) -> tuple[Picture, str]:
        """Returns a viewer's picture with its token, giving a new picture a new one and
        having it painted meanwhile. A token is the game and the version the viewer was
        first shown the picture at: after a restart the same state has the same picture,
        so a token never names two pictures."""
        match = self.match
        assert match is not None
        known = match.pictures.get((viewer, name))
        if known is not None and known[0] == picture:
            return known
        made = match.pictures[(viewer, name)] = (picture, f"{match.record_id}-{match.version}")
        if self.easel is not None:
            self.easel.prepare(picture)
        return made

    def _hit_points(self, match: Match, seat: int) -> list[Point]:
        """Returns the seat's offered points whose hit field the server fills in, once per
        state and seat (a click asks before and after it waits for the lock), and
        remembers each one's action class and field (see `_resolve_point`)."""
        memo = self._points
        if memo is None or memo[0] is not match.state:
            memo = self._points = (match.state, {})
        points = memo[1].get(seat)
        if points is None:
            offered = self.game.offered(match.state, seat)
            points = memo[1][seat] = [
                c for c in offered if isinstance(c, Point) and c.hit is not None
            ]
            for point in points:
                self._hit_fields[type(point.base)] = point.hit
        return points

    def _hit_field(self, match: Match, kind: type[Action]) -> str | None:
        """Returns the hit field of an action class some point of this game fills in, or
        None. A room learns them from the points it offers; one rebuilt from its log (a
        restart) has offered none yet, so it asks every seat's points first."""
        if kind not in self._hit_fields:
            for seat in range(len(match.players)):
                self._hit_points(match, seat)
        return self._hit_fields.get(kind)

    async def _paint_points(self, person_id: int) -> None:
        """Has the pictures a person's click may be checked on painted before their command
        takes the room's lock, so the lock never waits for a painting."""
        match, seat = self.match, self.seat_of(person_id)
        if self.easel is None or match is None or seat is None or match.result is not None:
            return
        points = self._hit_points(match, seat)
        pictures = self.game.pictures(match.state, seat) if points else {}
        for name in {point.image for point in points}:
            picture = pictures.get(name)
            if picture is not None and self.easel.kept(picture) is None:
                try:
                    await self.easel.painted(picture)
                except Exception:  # noqa: BLE001 - _resolve_point reports it to the player
                    log.exception("room %s: picture %s not painted", self.row.code, name)

    async def _resolve_point(self, match: Match, seat: int, action: Action) -> Action | Refusal:
        """Returns a person's action with the hit field of the point it was built from
        filled in from the seat's own picture, whatever the client sent for it; a refusal
        for a point not on the picture. Other actions pass as they are.

        In a race a click may be built from a point no longer offered (another seat took
        that tile a moment before): it is filled in all the same, from a point of the same
        kind, and `apply` says who was first. An action of a kind the room has offered hit
        points of (to any seat, now or since it was loaded), while the seat is offered none,
        reaches `apply` with its hit field empty (its default, else None), so a client's
        value never gets through.
        """
        points = [p for p in self._hit_points(match, seat) if type(p.base) is type(action)]
        if not points:
            name = self._hit_field(match, type(action))
            return replace(action, **{name: _empty(action, name)}) if name else action
        point = next((p for p in points if p.made(action)), points[0])
        picture = self.game.pictures(match.state, seat).get(point.image)
        if picture is None or self.easel is None:
            return UNPAINTED
        x, y = getattr(action, point.x), getattr(action, point.y)
        if not (isinstance(x, int) and isinstance(y, int)):
            return OFF_PICTURE
        if not (0 <= x < picture.width and 0 <= y < picture.height):
            return OFF_PICTURE
        painted = self.easel.kept(picture)
        try:  # painted before the lock was taken unless the picture changed meanwhile
            painted = painted or await self.easel.painted(picture)
            return replace(action, **{point.hit or "": painted.hit(x, y)})
        except Exception:  # noqa: BLE001 - a painter's failure refuses the click, nothing more
            log.exception("room %s: no hit test on %s", self.row.code, point.image)
            return UNPAINTED

    # ---- commands ----------------------------------------------------------------

    async def handle(self, person_id: int | None, payload: Mapping[str, Any]) -> Refusal | None:
        """Runs one command from a person; returns a refusal to show them, or None."""
        command = _COMMANDS.get(str(payload.get("cmd")))
        if command is None:
            return Refusal(_("Unknown command."))
        if person_id is None:
            return NAMELESS
        arrived = time.time()
        if command is LiveRoom._act:
            await self._paint_points(person_id)
        async with self.lock:
            self._arrived = arrived
            try:
                return await command(self, person_id, payload)
            except SQLAlchemyError:
                log.exception("room %s: %s could not be saved", self.row.code, payload.get("cmd"))
                return UNSAVED  # the store is written before memory: nothing changed

    async def _act(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        match = self.match
        if match is None or match.result is not None:
            return Refusal(_("No game is running."))
        seat = match.seat_of(person_id)
        if seat is None:
            return Refusal(_("You are watching: only players can make moves."))
        if match.players[seat].stand_in == HOST:
            return Refusal(_("A bot is playing your seat: take it back first."))
        timer = self._timer_out(match, self._arrived)
        if timer is not None:
            # Arrived after the game's timer ran out: time's action comes first, as it would
            # have had the timer's task not been waiting for this lock; the move is too late.
            await self._ring(match, timer)
            return TIME_UP
        if str(payload.get("v")) != str(match.stamp(seat)):
            # The newer table is already on its way to this tab (every stamp change
            # re-sends the seat's controls), so a polite refusal is all it needs.
            return STALE
        action = decode_action(self.game, payload)
        if isinstance(action, Refusal):
            return action
        pointed = await self._resolve_point(match, seat, action)
        if isinstance(pointed, Refusal):
            return pointed
        return await self._apply(match, seat, pointed)

    async def _apply(
        self,
        match: Match,
        seat: int,
        payload: Mapping[str, Any] | Action,
        stand_in: str | None = None,
    ) -> Refusal | None:
        """Checks, commits and then shows one move (an action, or its JSON from a bot or a
        timer); `stand_in` says why a bot made it."""
        action = payload if isinstance(payload, Action) else decode_action(self.game, payload)
        if isinstance(action, Refusal):
            return action
        applied = play_action(self.game, match.state, match.trail, seat, action)
        if isinstance(applied, Refusal):
            return applied
        if applied.state is match.state and not applied.events:
            return None  # it changed nothing and showed nothing: no move to log or show
        result = self.game.result(applied.state)
        seq = match.version + 1
        moment = datetime.now(UTC)  # stored with the move: clocks are rebuilt from it
        try:
            await self.store.append_action(
                match.record_id,
                seq,
                seat,
                action.to_json(),
                result,
                self.row.id,
                [player.to_json() for player in match.players],
                at=moment,
                stand_in=stand_in,
                campaign=match.campaign,
            )
        except CampaignMoved:
            await self._set_aside(match)
            return CAMPAIGN_MOVED
        except SQLAlchemyError:
            log.exception("room %s: action %d could not be committed", self.row.code, seq)
            return UNSAVED  # nothing changed: the move simply did not happen
        # Committed: only now does anyone see the effect.
        self._advance(match, seat, applied, moment.timestamp(), action, stand_in)
        match.result = result
        self._changed(seating=result is not None)  # a game's end changes the room's controls
        self._wake()
        return None

    async def _set_aside(self, match: Match) -> None:
        """Ends a campaign game that cannot end: another game set up from the same campaign
        state ended first. It is kept, marked abandoned; the room is free for the next."""
        log.warning(
            "room %s: game %d set aside, its campaign moved on", self.row.code, match.record_id
        )
        await self.store.abandon_game(match.record_id, self.row.id, "its campaign moved on")
        self.match = None
        self.problem = CAMPAIGN_MOVED
        self._changed(seating=True)

    def _advance(
        self,
        match: Match,
        seat: int,
        applied: Applied[Any],
        at: float | None = None,
        action: Action | None = None,
        stand_in: str | None = None,
    ) -> None:
        """Makes a seat's applied move (`action`, made by a bot for the seat's person when
        `stand_in` says why), committed at `at` (epoch seconds; None: now), the match's next
        one: stamps, state, version, log, time, what may be taken back. Replaying a stored
        game and a committed move both go through here."""
        seq = match.version + 1
        before, trail, clocks = match.state, match.trail, match.clocks
        self._restamp(match, seat, applied.state, seq)
        match.state, match.version = applied.state, seq
        match.log.extend((seq, event) for event in applied.events)
        if isinstance(action, Undo):
            match.clocks = trail.last().kept  # no time back, no new allowance: see `trail`
        else:
            self._tick(match, seat, time.time() if at is None else at)
        if action is None or stand_in is not None:
            match.trail = Trail()  # a person takes back their own moves, not a stand-in's
        else:
            match.trail = trail.then(self.game, before, seat, action, applied, clocks)

    def can_undo(self, seat: int) -> bool:
        """Returns whether a seat's person may take back a move now (the Undo button)."""
        match = self.match
        return (
            match is not None
            and match.result is None
            and match.players[seat].stand_in is None
            and match.trail.lets(seat)
        )

    def _tick(self, match: Match, mover: int, at: float) -> None:
        """Moves a match's time on after a move at `at`: a timer seen for the first time
        runs from `at`; the turn clocks charge and start moves (see app/games/core/clock)."""
        timer = self.game.timer(match.state)
        key = timer.key if timer else None
        if key != match.timer_key:
            match.timer_key, match.timer_since = key, at
        if match.clocks is not None:
            running = self._clock_running(match.state, timer)
            match.clocks = advance_clocks(match.clocks, at, mover if mover >= 0 else None, running)

    def timer_left(self) -> float | None:
        """Returns the seconds left on the game's running timer, counted from its stored
        start (so a page rendered after a restart counts from what is really left)."""
        deadline = self.timer_deadline()
        return None if deadline is None else max(0.0, deadline - time.time())

    def timer_deadline(self) -> float | None:
        """Returns when the game's running timer runs out (epoch seconds), or None."""
        match = self.match
        if match is None or match.result is not None:
            return None
        timer = self.game.timer(match.state)
        if timer is None or timer.key != match.timer_key:
            return None
        return match.timer_since + timer.seconds

    def _timer_out(self, match: Match, at: float) -> Timer | None:
        """Returns the game's timer if it had run out at `at`, else None."""
        timer = self.game.timer(match.state)
        if timer is None or timer.key != match.timer_key:
            return None
        return timer if at >= match.timer_since + timer.seconds else None

    def _clock_running(self, state: Any, timer: Timer | None) -> frozenset[int]:
        """Returns the seats whose turn clocks run: those that must act, unless the game's own
        timer decides when this phase ends (a window, a sand timer): then no one's runs."""
        return frozenset() if timer is not None else self.game.active_seats(state)

    def _restamp(self, match: Match, mover: int, state: Any, seq: int) -> None:
        """Moves the stamp of the mover and of every seat whose offered moves changed.

        `Game.offered` remembers each state's offers per seat, so the new state's are
        computed once here and reused by every render of the seat's moves."""
        game = self.game
        match.stamps[mover] = seq
        race = game.simultaneous(state)
        if race is not None and race == game.simultaneous(match.state):
            return  # the race goes on: the others' offers stay valid, and apply arbitrates
        for seat in (game.active_seats(match.state) | game.active_seats(state)) - {mover}:
            if game.offered(match.state, seat) != game.offered(state, seat):
                match.stamps[seat] = seq

    async def _sit(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        if self.playing:
            return await self._take(person_id, payload)
        seat = self._seat_arg(payload)
        if seat is None or seat.person_id is not None or seat.bot is not None:
            return Refusal(_("That seat is not free."))
        if person_id not in self.names:
            self.names.update(await self.store.person_names([person_id]))
        current = self.room_seat_of(person_id)
        if current is not None:
            await self._set_seat(current, None, None)
        await self._set_seat(seat.seat_no, person_id, None)
        return None

    async def _stand(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        if self.playing:
            return Refusal(_("The game has started; seats are fixed until it ends."))
        current = self.room_seat_of(person_id)
        if current is None:
            return Refusal(_("You are not sitting at this table."))
        await self._set_seat(current, None, None)
        return None

    async def _add_bot(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        refusal = self._host_lobby_check(person_id)
        if refusal:
            return refusal
        seat = self._seat_arg(payload)
        kind = str(payload.get("bot", ""))
        if seat is None or seat.person_id is not None or seat.bot is not None:
            return Refusal(_("That seat is not free."))
        if kind not in self.game.bots:
            return Refusal(_("Unknown kind of bot."))
        await self._set_seat(seat.seat_no, None, kind)
        return None

    async def _clear_seat(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        refusal = self._host_lobby_check(person_id)
        if refusal:
            return refusal
        seat = self._seat_arg(payload)
        if seat is None or seat.person_id == person_id:
            return Refusal(_("That seat cannot be cleared."))
        await self._set_seat(seat.seat_no, None, None)
        return None

    async def _start(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        refusal = self._host_lobby_check(person_id)
        if refusal:
            return refusal
        players = [
            Player(self.seat_name(seat) or "?", seat.person_id, seat.bot, seat.seat_no)
            for seat in self.seats
            if seat.person_id is not None or seat.bot is not None
        ]
        if not self.game.min_players <= len(players) <= self.game.max_players:
            return Refusal(
                _("{game} needs {low} players.")
                if self.game.min_players == self.game.max_players
                else _("{game} needs {low}–{high} players."),
                {
                    "game": self.game.name,
                    "low": self.game.min_players,
                    "high": self.game.max_players,
                },
            )
        seed = secrets.randbits(62)
        options = self.row.options
        carried = await self._carried(players)
        if isinstance(carried, Refusal):
            return carried
        carry, campaign = carried
        dealt = self.game.deal(len(players), options, seed, carry)
        clock = self.clock_figures()
        moment = datetime.now(UTC)
        record_id = await self.store.start_game(
            self.row.id,
            self.row.game_type,
            seed,
            options,
            [p.to_json() for p in players],
            carry=carry,
            clock=clock,
            started_at=moment,
            rules_version=self.game.rules_version,
            campaign=campaign,
        )
        if self.problem is not None:
            self.problem = None
            self.seating_cache.clear()
        match = Match.dealt(record_id, dealt, players)
        match.campaign = campaign
        self._begin(match, moment.timestamp(), clock)
        self.match = match
        online = self.online()
        for player in players:  # a seated person without a tab open is away from the deal
            if player.person_id is not None and player.person_id not in online:
                self._gone.setdefault(player.person_id, moment.timestamp())
        self._review_away()
        self._changed()
        self._wake()
        self._schedule_away()
        return None

    async def _carried(self, players: list[Player]) -> tuple[Any, tuple[int, int] | None] | Refusal:
        """Returns what a new game is set up from: its campaign's state for these players (and
        the campaign with the version it is at), or nothing outside a campaign. The seated
        people join the campaign's group."""
        if self.row.campaign_id is None:
            return None, None
        campaign = await self.store.campaign(self.row.campaign_id)
        if campaign is None:
            return Refusal(_("This room's campaign no longer exists."))
        people = tuple(player.key for player in players)
        why = self.game.check_carry(campaign.carry, people)
        if why is not None:
            return Refusal(why)
        for player in players:
            if player.person_id is not None and player.person_id not in campaign.members:
                await self.store.join_campaign(campaign.id, player.person_id)
        return self.game.carry_in(campaign.carry, people), (campaign.id, campaign.version)

    def clock_figures(self) -> dict[str, float] | None:
        """Returns the turn clock a new game in this room runs with, None when it has none."""
        preset = PRESETS.get(self.row.clock)
        if preset is None:
            return None
        preset = preset.scaled(self.clock_scale)
        return {"bank": preset.bank, "allowance": preset.allowance}

    def _host_lobby_check(self, person_id: int) -> Refusal | None:
        if person_id != self.row.host_id:
            return HOST_ONLY
        if self.playing:
            return Refusal(_("The game has started; seats are fixed until it ends."))
        return None

    def _seat_arg(self, payload: Mapping[str, Any]) -> SeatRow | None:
        try:
            number = int(payload.get("seat", -1))
        except (TypeError, ValueError):
            return None
        return self.seats[number] if 0 <= number < len(self.seats) else None

    async def _set_seat(self, seat_no: int, person_id: int | None, bot: str | None) -> None:
        await self.store.set_seat(self.row.id, seat_no, person_id, bot)
        self.seats[seat_no] = SeatRow(seat_no, person_id, bot)
        self._changed()

    # ---- seats during a game: handing to a bot, freeing, taking ------------------------

    def game_seat(self, seat_no: int) -> int | None:
        """Returns the game seat played at a room seat, or None."""
        match = self.match
        if match is None:
            return None
        for seat, player in enumerate(match.players):
            if player.seat_no == seat_no:
                return seat
        return None

    def stand_in_reason(self, seat: int) -> str | None:
        """Returns why a bot plays a person's game seat now (HOST, OPEN, AWAY), or None."""
        assert self.match is not None
        player = self.match.players[seat]
        if player.stand_in is not None:
            return player.stand_in
        return AWAY if player.person_id is not None and player.person_id in self._away else None

    async def _hand(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        """The host hands a person's seat to a bot, until they or the host take it back."""
        found = self._host_game_seat(person_id, payload)
        if isinstance(found, Refusal):
            return found
        seat, player = found
        if player.person_id is None or player.stand_in is not None:
            return Refusal(_("Only a seat its person plays can be handed to a bot."))
        await self._set_player(seat, replace(player, stand_in=HOST))
        return None

    async def _give_back(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        """The host gives a seat handed to a bot back to its person."""
        found = self._host_game_seat(person_id, payload)
        if isinstance(found, Refusal):
            return found
        seat, player = found
        if player.stand_in != HOST:
            return Refusal(_("No bot is playing that seat for its person."))
        await self._set_player(seat, replace(player, stand_in=None))
        return None

    async def _reclaim(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        """A person takes back their seat from the bot the host handed it to."""
        match = self.match
        seat = match.seat_of(person_id) if match and self.playing else None
        if match is None or seat is None or match.players[seat].stand_in != HOST:
            return Refusal(_("No bot is playing a seat of yours."))
        await self._set_player(seat, replace(match.players[seat], stand_in=None))
        return None

    async def _free(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        """The host frees a seat: anyone watching may take it; a bot plays it until then.
        Before a game this is clearing the seat."""
        if not self.playing:
            return await self._clear_seat(person_id, payload)
        found = self._host_game_seat(person_id, payload)
        if isinstance(found, Refusal):
            return found
        seat, player = found
        if player.stand_in == OPEN:
            return Refusal(_("That seat is free already."))
        kind = player.bot if player.person_id is None and player.bot else self.game.stand_in
        await self._set_player(seat, Player(player.name, None, kind, player.seat_no, OPEN))
        assert player.seat_no is not None
        await self._set_seat(player.seat_no, None, None)
        return None

    async def _take(self, person_id: int, payload: Mapping[str, Any]) -> Refusal | None:
        """Someone watching takes a freed seat of the running game, from its bot."""
        match = self.match
        room_seat = self._seat_arg(payload)
        seat = self.game_seat(room_seat.seat_no) if room_seat else None
        if match is None or room_seat is None or seat is None:
            return Refusal(_("The game has started; seats are fixed until it ends."))
        if match.players[seat].stand_in != OPEN:
            return Refusal(_("That seat is not free."))
        if match.seat_of(person_id) is not None:
            return Refusal(_("You already play a seat in this game."))
        if person_id not in self.names:
            self.names.update(await self.store.person_names([person_id]))
        name = self.names.get(person_id, "?")
        await self._set_player(seat, Player(name, person_id, None, room_seat.seat_no))
        await self._set_seat(room_seat.seat_no, person_id, None)
        return None

    def _host_game_seat(
        self, person_id: int, payload: Mapping[str, Any]
    ) -> tuple[int, Player] | Refusal:
        """Returns the game seat and player a host's command names, or why not."""
        if person_id != self.row.host_id:
            return HOST_ONLY
        room_seat = self._seat_arg(payload)
        seat = self.game_seat(room_seat.seat_no) if room_seat and self.playing else None
        if self.match is None or seat is None:
            return Refusal(_("Nobody plays that seat in this game."))
        return seat, self.match.players[seat]

    async def _set_player(self, seat: int, player: Player) -> None:
        """Records who plays a game seat now: in the store first, then in memory."""
        match = self.match
        assert match is not None
        players = [*match.players]
        players[seat] = player
        await self.store.set_players(match.record_id, [p.to_json() for p in players])
        match.players[seat] = player
        self._review_away()
        self._changed()
        self._wake()
        self._schedule_away()

    def _wake(self) -> None:
        """Starts whatever must happen next on its own: bot moves, the game's timer, the
        turn clock."""
        self._schedule_bots()
        self._schedule_timer()
        self._schedule_clock()

    # ---- the game's timer ------------------------------------------------------------

    def _schedule_timer(self) -> None:
        """Runs the game's current timer, if any; a timer with a new key replaces the old.

        Time enters a game only as an action by the CLOCK seat, applied through `_apply`
        like any move (checked, committed, logged), so a replay needs no clock. The timer
        runs to a deadline, from the commit time of the move that started it, so after a
        restart it keeps the time it had left.
        """
        match = self.match
        timer = self.game.timer(match.state) if match and match.result is None else None
        if self._timer is not None:
            key, task = self._timer
            if timer is not None and timer.key == key and not task.done():
                return  # the same timer is already running
            task.cancel()
            self._timer = None
        if match is not None and timer is not None:
            if match.timer_key != timer.key:  # a match made without a log (tests): from now
                match.timer_key, match.timer_since = timer.key, time.time()
            deadline = match.timer_since + timer.seconds
            task = asyncio.get_running_loop().create_task(self._run_timer(timer, deadline))
            self._timer = (timer.key, task)

    async def _run_timer(self, timer: Timer, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with self.lock:
            match = self.match
            if match is None or match.result is not None:
                return
            current = self.game.timer(match.state)
            if current is None or current.key != timer.key:
                return  # the state moved on while this one waited
            await self._ring(match, timer)

    async def _ring(self, match: Match, timer: Timer) -> None:
        """Applies a timer's action as the CLOCK seat; its task, if another, is done for."""
        if self._timer is not None and self._timer[0] == timer.key:
            task = self._timer[1]
            self._timer = None  # _apply may schedule the next one
            if task is not asyncio.current_task():
                task.cancel()
        refusal = await self._apply(match, CLOCK, timer.action.to_json())
        if refusal is not None:
            log.error("room %s: timer %s refused: %s", self.row.code, timer.key, refusal.text())

    # ---- the turn clock ----------------------------------------------------------------

    def _schedule_clock(self) -> None:
        """Waits for the first seat to run out of time, if the room has a turn clock."""
        match = self.match
        due = match.clocks.next_out() if match and match.clocks and match.result is None else None
        if self._clock is not None:
            scheduled, task = self._clock
            if due == scheduled and not task.done():
                return
            task.cancel()
            self._clock = None
        if due is not None:
            self._clock = (due, asyncio.get_running_loop().create_task(self._run_clock(due)))

    async def _run_clock(self, due: tuple[float, int]) -> None:
        """Plays one move for a seat out of time, by the game's stand-in bot."""
        deadline, seat = due
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with self.lock:
            match = self.match
            if match is None or match.result is not None or match.clocks is None:
                return
            if match.clocks.next_out() != due:
                return  # the seat moved meanwhile
            if self._clock is not None and self._clock[0] == due:
                self._clock = None  # this task is ending; _apply schedules the next one
            if not self._people_here(match):
                return  # nobody is waiting; the next person to come back wakes it
            reason = self.stand_in_reason(seat)
            if reason is None and match.players[seat].person_id is not None:
                reason = TIME
            await self._stand_in_move(match, seat, reason)

    # ---- away: a bot plays the seat of someone disconnected too long ------------------

    def _people_here(self, match: Match) -> bool:
        """Returns whether any person playing the match has a tab at the table."""
        online = self.online()
        return any(p.person_id in online for p in match.players if p.person_id is not None)

    def _gone_players(self) -> list[tuple[int, float]]:
        """Returns (person, since when) for each person playing the running game with no tab
        at the table, while one of its people is here (a table nobody is at waits)."""
        match = self.match
        if match is None or match.result is not None or not self._people_here(match):
            return []
        playing = {p.person_id for p in match.players if p.person_id is not None}
        return [(person, since) for person, since in self._gone.items() if person in playing]

    def _review_away(self) -> bool:
        """Works out whose seats a bot plays because they are away; returns whether that
        changed. Only while one of the game's people is here: a table nobody is at waits."""
        cutoff = time.time() - self.away_grace
        away = frozenset(p for p, since in self._gone_players() if since <= cutoff)
        changed = away != self._away
        self._away = away
        return changed

    def _schedule_away(self) -> None:
        """Wakes up when the next person's grace period ends (while anyone is here to wait)."""
        pending = [since for p, since in self._gone_players() if p not in self._away]
        due = min(pending) + self.away_grace if pending else None
        if self._away_task is not None:
            scheduled, task = self._away_task
            if due == scheduled and not task.done():
                return
            task.cancel()
            self._away_task = None
        if due is not None:
            self._away_task = (due, asyncio.get_running_loop().create_task(self._run_away(due)))

    async def _run_away(self, due: float) -> None:
        await asyncio.sleep(max(0.0, due - time.time()) + 0.001)
        if self._away_task is not None and self._away_task[0] == due:
            self._away_task = None
        if self._review_away():
            self._changed()
            self._wake()
        self._schedule_away()

    # ---- bots --------------------------------------------------------------------

    def _schedule_bots(self) -> None:
        if self._bot_task is None or self._bot_task.done():
            if self._bot_seats():
                self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    def _bot_seats(self) -> list[int]:
        """Returns the seats that must act and that a bot plays (its own, or a stand-in): the
        first of them, or in a race (`Game.simultaneous`) all of them, since each searches
        on its own and one bot's moves must not keep the others waiting."""
        match = self.match
        if match is None or match.result is not None:
            return []
        seats = [
            seat
            for seat in sorted(self.game.active_seats(match.state))
            if (match.players[seat].bot and match.players[seat].person_id is None)
            or self.stand_in_reason(seat)
        ]
        return seats if self.game.simultaneous(match.state) is not None else seats[:1]

    async def _run_bots(self) -> None:
        """Plays bot turns one by one, pausing so people can follow; in a race every bot
        racing makes one move per pause."""
        while True:
            await asyncio.sleep(self.bot_delay)
            async with self.lock:
                seats = self._bot_seats()
                if not seats:
                    return
                for seat in seats:
                    # Same path as people, minus the version check: the bot read the state
                    # under the lock. _apply will not start a second bot task while this runs.
                    if self.match is None or seat not in self._bot_seats():
                        continue  # the race ended, or this seat stopped, meanwhile
                    if not await self._stand_in_move(self.match, seat, self.stand_in_reason(seat)):
                        return

    async def _stand_in_move(self, match: Match, seat: int, reason: str | None) -> bool:
        """Makes one bot move for a seat (its own bot, else the game's stand-in); returns
        whether it was played. `reason` is logged: why a bot moved for the seat's person."""
        player = match.players[seat]
        bot = self.game.bots.get(player.bot or self.game.stand_in, random_legal)
        # The tick tells apart a bot's turns at one version: one that changed nothing (a
        # searcher that found nothing yet) draws afresh next time.
        self._bot_ticks += 1
        rng = random.Random(f"{match.record_id}:{match.version}:{seat}:{self._bot_ticks}")
        action = bot(self.game, match.state, seat, rng)
        refusal = await self._apply(match, seat, action.to_json(), reason)
        if refusal is not None:
            log.error("room %s: bot move refused: %s", self.row.code, refusal.text())
        return refusal is None


def _problem(why: str) -> Refusal:
    return Refusal(
        _("This room's last game cannot be shown or continued on this server: {why}."),
        {"why": why},
    )


def _empty(action: Action, name: str) -> Any:
    """Returns an action field's default (None when it has none)."""
    for found in dataclasses.fields(action):
        if found.name == name:
            return None if found.default is dataclasses.MISSING else found.default
    return None


def _same(last: Any, data: Any) -> Any:
    return last if last is not None and last == data else data


def _same_items(last: Any, data: Any) -> Any:
    """`_same` for each seat's item of a per-seat part."""
    if last is None or len(last) != len(data):
        return data
    return tuple(_same(old, new) for old, new in zip(last, data, strict=True))


Command = Callable[[LiveRoom, int, Mapping[str, Any]], Any]

_COMMANDS: dict[str, Command] = {
    "act": LiveRoom._act,
    "sit": LiveRoom._sit,
    "stand": LiveRoom._stand,
    "bot": LiveRoom._add_bot,
    "clear": LiveRoom._clear_seat,
    "start": LiveRoom._start,
    "hand": LiveRoom._hand,
    "give": LiveRoom._give_back,
    "reclaim": LiveRoom._reclaim,
    "free": LiveRoom._free,
    **CHAT_COMMANDS,  # the room's chat: no game action, see app/rooms/chat.py
}
