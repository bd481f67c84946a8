"""A game looked back on: what rebuilds it (a `Recording`, from the store or from a file) and
the table after each of its moves (a `Timeline`), rebuilt by the engine through the one
replay path (`replay.steps`), never from anything stored but the seed and the log."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from app.games.core import Event, Game, Refusal, Result
from app.games.core.i18n import _
from app.games.core.replay import ReplayError, steps
from app.rooms.store import ChatLine, GameRow, LogRow


@dataclass(frozen=True, slots=True)
class Recording:
    """Everything a game is rebuilt from, and who played it."""

    game_type: str
    seed: int
    options: Mapping[str, Any]
    players: tuple[Mapping[str, Any], ...]  # per seat: name, person_id, bot (as stored)
    rules_version: int
    carry: Any
    actions: tuple[tuple[int, Mapping[str, Any]], ...]  # (seat, action JSON), in order
    over: bool  # it will not go on (finished, abandoned, unreplayable): all may be shown
    chat: tuple[ChatLine, ...] = ()  # the room's chat while it was played, in order

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(str(player.get("name", "?")) for player in self.players)

    def seat_of(self, person_id: int | None) -> int | None:
        """Returns the seat a person played, or None (a person at no seat, or nobody)."""
        for seat, player in enumerate(self.players):
            if person_id is not None and player.get("person_id") == person_id:
                return seat
        return None


def recording(
    game_type: str, row: GameRow, log: list[LogRow], chat: list[ChatLine] | None = None
) -> Recording:
    """Returns a stored game as a recording, with the chat written while it was played."""
    return Recording(
        game_type,
        row.seed,
        row.options,
        tuple(row.players),
        row.rules_version,
        row.carry,
        tuple((entry.seat, entry.action) for entry in log),
        row.status != "playing",
        tuple(chat or ()),
    )


@dataclass(frozen=True, slots=True)
class Timeline:
    """A game move by move: `states[0]` is the deal and `states[n]` the table after move n;
    `events[n]` is what move n showed (`events[0]`: what the deal showed)."""

    states: tuple[Any, ...]
    events: tuple[tuple[Event, ...], ...]
    result: Result | None

    @property
    def moves(self) -> int:
        return len(self.states) - 1


class CannotReplay(Exception):
    """Why a recording cannot be shown on this server's rules (a `Refusal` a player reads)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.text())
        self.refusal = refusal


def rebuild(game: Game[Any], recorded: Recording) -> Timeline:
    """Returns the recording replayed move by move; raises CannotReplay when it was played
    with other rules, or when its log does not replay on these (never a game cut short)."""
    if recorded.rules_version != game.rules_version:
        raise CannotReplay(
            Refusal(
                _(
                    "This game was played with version {played} of the rules of {game}; "
                    "this server plays version {here}, so it cannot be replayed here."
                ),
                {"played": recorded.rules_version, "game": game.name, "here": game.rules_version},
            )
        )
    try:
        dealt = game.deal(len(recorded.players), recorded.options, recorded.seed, recorded.carry)
        states, events = [dealt.state], [dealt.events]
        for applied in steps(game, dealt.state, recorded.actions):
            states.append(applied.state)
            events.append(applied.events)
    except ReplayError as error:
        raise CannotReplay(
            Refusal(_("This game's log does not replay on these rules: {why}."), {"why": error})
        ) from error
    return Timeline(tuple(states), tuple(events), game.result(states[-1]))


class Timelines:
    """Rebuilt games kept for their next look (a viewer steps through one move at a time),
    bounded: at most `games` of them and `states` states in all, the least recently looked
    at going first. A game still being played is kept per length of its log, so a longer
    log is rebuilt, never an old one shown."""

    def __init__(self, games: int = 64, states: int = 50_000) -> None:
        self.games = games
        self.states = states
        self._kept: OrderedDict[Hashable, Timeline | CannotReplay] = OrderedDict()
        self._held = 0

    def get(self, key: Hashable, game: Game[Any], recorded: Recording) -> Timeline:
        """Returns the timeline of a recording known by `key` (with its log's length);
        raises CannotReplay as `rebuild` does (that answer is kept too)."""
        full = (key, len(recorded.actions))
        kept = self._kept.get(full)
        if kept is None:
            try:
                kept = rebuild(game, recorded)
            except CannotReplay as error:
                kept = error
            self._keep(full, kept)
        else:
            self._kept.move_to_end(full)
        if isinstance(kept, CannotReplay):
            raise kept
        return kept

    def put(self, key: Hashable, recorded: Recording, timeline: Timeline) -> None:
        """Keeps a timeline rebuilt elsewhere (a file checked on import) for its next look."""
        self._keep((key, len(recorded.actions)), timeline)

    def _keep(self, key: Hashable, kept: Timeline | CannotReplay) -> None:
        self._kept[key] = kept
        self._held += _size(kept)
        while len(self._kept) > 1 and (len(self._kept) > self.games or self._held > self.states):
            _old, dropped = self._kept.popitem(last=False)
            self._held -= _size(dropped)


def _size(kept: Timeline | CannotReplay) -> int:
    return len(kept.states) if isinstance(kept, Timeline) else 1
