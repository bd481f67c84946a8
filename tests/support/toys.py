"""A toy race on pictures, its painter, and a server that hosts it: what any game with an
image or a race uses of the core and the web layer, without Speedy Pickers.

Sky: each round every seat searches its own picture of the sky for the sun, the moon and
the star, all at once against a timer. A seat claims an object's tile by choosing it and
clicking where it is in its own picture: the first claim of a tile wins it, a later one is
refused. Whether a claim was right (the server's hit test) stays secret until the round
ends. The three objects stand in three bands of the picture, in an order that depends on
the round and the seat, so nobody's picture tells where anyone else's objects are. A
"standing" seat gets a picture painted at half size and no zoom.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from fastapi import FastAPI

from app.games.core import (
    CLOCK,
    Action,
    ActionCodec,
    Applied,
    Event,
    Game,
    OptionSpec,
    Picture,
    Point,
    Refusal,
    Result,
    Timer,
    rank_by,
)
from app.games.core.bots import random_legal
from app.main import create_app

OBJECTS = ("sun", "moon", "star")
ROUNDS = 2
WIDTH, HEIGHT = 300, 200
PAINTER = "toy.sky"


@dataclass(frozen=True, slots=True)
class Mark(Action):
    kind: ClassVar[str] = "mark"
    tile: str = ""
    x: int = 0
    y: int = 0
    hit: str | None = None  # filled in by the server from the seat's picture


@dataclass(frozen=True, slots=True)
class EndRound(Action):
    kind: ClassVar[str] = "end_round"


@dataclass(frozen=True, slots=True)
class Sky:
    players: int
    seconds: int
    standing: int  # the seat that may not lean in (-1: none)
    round: int = 0
    claims: tuple[tuple[str, int, bool], ...] = ()  # (tile, seat, right) this round
    scores: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    seat: int
    tile: str


@dataclass(frozen=True, slots=True)
class Checked(Event):
    seat: int
    tile: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    round: int
    right: tuple[tuple[int, str], ...] = field(default=())


def order(round_no: int, seat: int) -> tuple[str, ...]:
    """Returns the objects from left to right in a seat's picture of a round."""
    shift = (round_no + seat) % len(OBJECTS)
    return OBJECTS[shift:] + OBJECTS[:shift]


class SkyGame(Game[Sky]):
    id = "sky"
    name = "Sky"
    min_players = 2
    max_players = 4
    codec = ActionCodec(Mark, EndRound)
    bots = {"random": random_legal}
    options = (
        OptionSpec("seconds", "Seconds per round", "int", 30, minimum=1, maximum=600),
        OptionSpec("standing", "Standing seat", "int", -1, minimum=-1, maximum=3),
    )

    def setup(self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None):
        seconds, standing = options.get("seconds", 30), options.get("standing", -1)
        return Sky(players, int(seconds), int(standing), scores=(0,) * players)

    def over(self, state: Sky) -> bool:
        return state.round >= ROUNDS

    def free(self, state: Sky) -> tuple[str, ...]:
        claimed = {tile for tile, _seat, _right in state.claims}
        return tuple(tile for tile in OBJECTS if tile not in claimed)

    def active_seats(self, state: Sky) -> frozenset[int]:
        return frozenset() if self.over(state) else frozenset(range(state.players))

    def simultaneous(self, state: Sky) -> Any:
        return None if self.over(state) else ("search", state.round)

    def timer(self, state: Sky) -> Timer | None:
        if self.over(state):
            return None
        return Timer(f"round-{state.round}", state.seconds, EndRound())

    def size(self, state: Sky, seat: int) -> tuple[int, int]:
        return (WIDTH // 2, HEIGHT // 2) if seat == state.standing else (WIDTH, HEIGHT)

    def pictures(self, state: Sky, viewer: int | None) -> Mapping[str, Picture]:
        if viewer is None or self.over(state):
            return {}
        width, height = self.size(state, viewer)
        args = (state.round, viewer, viewer == state.standing)
        return {"sky": Picture(PAINTER, args, width, height)}

    def choices(self, state: Sky, seat: int) -> tuple[Point, ...]:
        if seat not in self.active_seats(state):
            return ()
        width, height = self.size(state, seat)
        zoom = seat != state.standing
        return tuple(
            Point(Mark(tile), "sky", width, height, hit="hit", zoom=zoom)
            for tile in self.free(state)
        )

    def legal_actions(self, state: Sky, seat: int) -> tuple[Action, ...]:
        # A bot knows its own picture (the toy's layout is no secret to the server's bots).
        if seat not in self.active_seats(state):
            return ()
        width, height = self.size(state, seat)
        band = width // 3
        where = {tile: i for i, tile in enumerate(order(state.round, seat))}
        return tuple(
            Mark(tile, where[tile] * band + band // 2, height // 2, tile)
            for tile in self.free(state)
        )

    def apply(self, state: Sky, seat: int, action: Action) -> Applied[Sky] | Refusal:
        if self.over(state):
            return Refusal("The game is over.")
        if isinstance(action, EndRound):
            return self._end(state) if seat == CLOCK else Refusal("Only time ends a round.")
        if not isinstance(action, Mark) or seat not in self.active_seats(state):
            return Refusal("Not now.")
        if action.tile not in OBJECTS:
            return Refusal("No such tile.")
        if action.hit is None:
            return Refusal("A mark needs a point on your picture.")
        for tile, owner, _right in state.claims:
            if tile == action.tile:
                if owner == seat:
                    return Refusal("You have claimed that tile already.")
                return Refusal("Someone was quicker: that tile was claimed just before you.")
        claims = (*state.claims, (action.tile, seat, action.hit == action.tile))
        checked = Checked(seat, action.tile, action.x, action.y, seen_by=frozenset({seat}))
        after = replace(state, claims=claims)
        events: list[Event] = [Claimed(seat, action.tile), checked]
        if not self.free(after):
            ended = self._end(after)
            return Applied(ended.state, (*events, *ended.events))
        return Applied(after, tuple(events))

    def _end(self, state: Sky) -> Applied[Sky]:
        right = tuple((seat, tile) for tile, seat, ok in state.claims if ok)
        scores = list(state.scores)
        for seat, _tile in right:
            scores[seat] += 1
        after = replace(state, round=state.round + 1, claims=(), scores=tuple(scores))
        return Applied(after, (RoundOver(state.round, right),))

    def public_view(self, state: Sky) -> Mapping[str, Any]:
        claims = tuple((tile, seat) for tile, seat, _right in state.claims)
        return {"status": (state.round, claims, state.scores, self.over(state))}

    def private_view(self, state: Sky, viewer: int | None) -> Mapping[str, Any]:
        return {}

    def result(self, state: Sky) -> Result | None:
        if not self.over(state):
            return None
        return Result(state.scores, rank_by(state.scores))

    def describe(self, event: Event, names: Sequence[str]) -> str:
        if isinstance(event, Claimed):
            return f"{names[event.seat]} claims the {event.tile}"
        if isinstance(event, Checked):
            return f"{names[event.seat]} marked the {event.tile} at {event.x} {event.y}"
        if isinstance(event, RoundOver):
            found = ", ".join(f"{names[seat]}: {tile}" for seat, tile in event.right)
            return f"Round {event.round + 1} is over; found: {found or 'nothing'}"
        return super().describe(event, names)


GAME = SkyGame()
GAMES: Mapping[str, Game[Any]] = {GAME.id: GAME}

_COLOURS = {"sun": (250, 200, 30), "moon": (220, 220, 235), "star": (120, 200, 255)}


@dataclass(frozen=True, slots=True)
class PaintedSky:
    data: bytes
    media_type: str
    round: int
    seat: int
    width: int
    height: int

    def hit(self, x: int, y: int) -> str:
        """Returns the object in the band under (x, y), or "" above or below the bands."""
        if not (0 <= x < self.width and self.height // 4 <= y < self.height * 3 // 4):
            return ""
        return order(self.round, self.seat)[min(2, x * 3 // self.width)]


class SkyPainter:
    """Paints a seat's sky as a PNG: three coloured bands, the objects in its order. It
    remembers the threads it painted on and what it painted, for tests."""

    def __init__(self) -> None:
        self.threads: list[str] = []
        self.painted: list[tuple[Any, ...]] = []

    def paint(self, args: tuple[Any, ...]) -> PaintedSky:
        round_no, seat, small = args
        self.threads.append(threading.current_thread().name)
        self.painted.append(args)
        width, height = (WIDTH // 2, HEIGHT // 2) if small else (WIDTH, HEIGHT)
        bands = [_COLOURS[tile] for tile in order(round_no, seat)]
        rows = []
        for y in range(height):
            inside = height // 4 <= y < height * 3 // 4
            row = bytearray(b"\x00")
            for x in range(width):
                row += bytes(bands[min(2, x * 3 // width)] if inside else (20, 30, 60))
            rows.append(bytes(row))
        return PaintedSky(_png(width, height, b"".join(rows)), "image/png", round_no, seat,
                          width, height)  # fmt: skip


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))  # fmt: skip


def painters(painter: SkyPainter | None = None) -> Any:
    """Returns a painter lookup knowing the toy's painter alone."""
    known = {PAINTER: painter or SkyPainter()}
    return lambda name: known[name]


TEMPLATES = Path(__file__).resolve().parent / "templates"


def create_toy_app() -> FastAPI:
    """The application serving the toy games alone (for `LiveServer(factory=...)`)."""
    return create_app(games=GAMES, painters=painters(), templates=[TEMPLATES])
