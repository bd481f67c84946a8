"""The contract every game fills in, shared by all five games.

A game is a `Game` object (static facts: name, player counts, options, action
codec, bots) whose methods are pure functions of an immutable state:

    setup(players, options, seed, carry) -> state   (deal: the same, with its events)
    carry_in(carry, people)              -> a campaign's state made the carry of a set-up
                                            (`check_carry` vets it first); the game's
                                            `Result.carry` is the campaign's next state
    active_seats(state)                  -> the seats that may act now (often several)
    choices(state, seat)                 -> what the table offers that seat, as shapes it
                                            builds (a button, a set of items, one of several
                                            targets, a point of a picture; `choices.py`),
                                            no two alike
    legal_actions(state, seat)           -> a bounded set of complete legal actions, for bots
                                            and random playouts (not always all of them)
    apply(state, seat, action)           -> Applied(state, events) | Refusal
    view(state, seat | None)             -> the parts of the table that viewer may know
                                            (= public_view(state) + private_view(state, seat)
                                            + the seat's moves, `moves_part`)
    result(state)                        -> Result once the game is over, else None
    timer(state)                         -> the clock action to fire, if any
    simultaneous(state)                  -> the key of a phase in which seats race, if any
    pictures(state, viewer)              -> the pictures that viewer may look at now
    card_reference()                     -> every card with its data, for the reference page
    revealed(state)                      -> what nobody saw, for a finished game's replay
    undoable(before, after, seat, action) -> whether that move may be taken back (`undo.py`)

No I/O, no clock, no globals: randomness comes from the `Rng` inside the state
and time only enters as an action by the `CLOCK` seat, so a seed plus the
action log always rebuilds the same game (see `replay`). `legal` and `offered`
remember `legal_actions` and `choices` per state and seat; being pure, they
would answer the same again.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from app.games.core.actions import Action, ActionCodec
from app.games.core.choices import Choice, MovesView, StateMemo, picks
from app.games.core.i18n import _
from app.games.core.outcome import Applied, CoreEvent, Event, Refusal, Result, Revealed
from app.games.core.pictures import Picture
from app.games.core.reference import CardReference

if TYPE_CHECKING:
    import random

S = TypeVar("S")

CLOCK = -1
"""The seat that timer actions (a sand timer running out, a turn clock) are applied by."""

Viewer = int | None
"""A seat number, or None for a spectator."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One room option a host can set when creating a room."""

    key: str
    label: str
    kind: Literal["bool", "choice", "int"]
    default: Any
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) pairs for "choice"
    minimum: int = 0
    maximum: int = 0


@dataclass(frozen=True, slots=True)
class Timer:
    """A clock the server must run: after `seconds`, apply `action` as the CLOCK seat.

    `key` identifies the timer so a server can tell a new timer from one it
    already scheduled (the state may change while the same timer runs).
    """

    key: str
    seconds: float
    action: Action


Bot = Callable[["Game[Any]", Any, int, "random.Random"], Action]
"""A bot picks one legal action for a seat; its randomness is the server's, not the game's."""


class Game(ABC, Generic[S]):
    """Static facts about a game plus its pure rules."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    codec: ActionCodec
    bots: Mapping[str, Bot] = MappingProxyType({})  # read-only; each game sets its own
    stand_in: str = "random"
    """The bot (a key of `bots`) that plays a person's seat for them: while they are away, when
    their clock runs out, when the host hands their seat to a bot. A game names its best."""
    seat_parts: frozenset[str] = frozenset()
    """View parts that are a tuple with one item per seat (each player's area): a server may
    send each item on its own, so a move re-sends only the areas it changed."""
    moves_part: str = "actions"
    """The view part that holds a seat's moves (a `MovesView`, or None when it has none): a
    server stamps it with the seat's version, and the table builds its choices."""
    rules_version: int = 1
    """Which rules this code plays. Raise it with any change that would make a stored log
    replay differently (a new rule, another deal): each game records the version it was
    played with, and a game recorded under another one is not replayed on these rules."""
    pitch: str = ""
    """One line the lobby shows under the game's name (marked with `_`)."""
    minutes: tuple[int, int] | None = None
    """How long a game typically takes, (fewest, most) minutes: chosen values, each with its
    reason in the game's docs/rules page."""
    emblem: str | None = None
    """The lobby's picture of the game: emoji codepoints ("1f52d"), drawn from the vendored
    page set (scripts/vendor-emoji keeps every game's)."""
    campaigns: bool = False
    """Whether the game's games come in campaigns: state that outlives a game (its result's
    `carry`, plain JSON data) and sets up the next one of the same campaign."""

    def __init__(self, bots: Mapping[str, Bot] | None = None) -> None:
        """Makes the game with its bots, by name (a game's package passes its own); without
        any, it keeps the ones its class names."""
        if bots is not None:
            self.bots = dict(bots)

    def setup(self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None) -> S:
        """Returns the starting state for a number of seats. A game overrides this or `deal`
        (each is made of the other)."""
        return self.deal(players, options, seed, carry).state

    def deal(
        self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None
    ) -> Applied[S]:
        """Returns the starting state with what the set-up showed (for the log), such as the
        first player's opening draws. The state is always `setup`'s; most games show nothing."""
        if type(self).setup is Game.setup:
            raise NotImplementedError("a game overrides setup or deal")
        return Applied(self.setup(players, options, seed, carry))

    def check_carry(self, carry: Any, people: tuple[str, ...]) -> str | None:
        """Returns why a campaign's stored state cannot set up a game for these people (for a
        player to read, marked with `_`), or None when it can. The server asks before every
        set-up from a campaign: stored data may come from an import, or from older code."""
        return None

    def campaign_view(self, carry: Any) -> Mapping[str, Any]:
        """Returns the parts a campaign's page shows of its state (what the games changed:
        Stickers' stickered cards and opened upgrades), each rendered by the game's template
        `games/<package>/campaign/<name>.html`; nothing by default. The page also lists the
        campaign's games (when, who played, who won) from the store."""
        return {}

    def carry_in(self, carry: Any, people: tuple[str, ...]) -> Any:
        """Returns the `carry` a set-up receives from its campaign's state (None before the
        first game), for the people at its seats in seat order. A person is the same key in
        every game of a campaign, whatever seat they take ("person:12"; a bot is "bot:<seat>"),
        so a game keeps what is theirs (their album) with them. By default, the state as is."""
        return carry

    @abstractmethod
    def active_seats(self, state: S) -> frozenset[int]:
        """Returns the seats that may act now; empty once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> tuple[Action, ...]:
        """Returns a bounded, finite set of complete actions the seat may take now, in a
        stable order: what bots and random playouts choose from.

        Every one passes `apply`. A game whose moves cannot all be listed (sets of cards, a
        point on a picture) returns a sensible sample and offers people `choices`; `apply`
        still accepts every legal action, listed or not.
        """

    def choices(self, state: S, seat: int) -> tuple[Choice, ...]:
        """Returns what the table offers the seat now, no two alike: by default one button
        per distinct legal action. A game overrides it to offer shapes to build."""
        return picks(self.legal(state, seat))

    def legal(self, state: S, seat: int) -> tuple[Action, ...]:
        """Returns `legal_actions`, computed once per state and seat."""
        return self._memo().get(state, ("legal", seat), lambda: self.legal_actions(state, seat))

    def offered(self, state: S, seat: int) -> tuple[Choice, ...]:
        """Returns `choices`, computed once per state and seat: the server compares them
        between states (stale clicks), renders them, and a game's views may read them."""
        return self._memo().get(state, ("choices", seat), lambda: self._choices(state, seat))

    def _choices(self, state: S, seat: int) -> tuple[Choice, ...]:
        # A seat that may not act now has nothing to choose (`active_seats`): every viewer's
        # moves are asked for after every move, and most seats are waiting.
        return self.choices(state, seat) if seat in self.active_seats(state) else ()

    def moves_view(self, state: S, viewer: Viewer) -> MovesView | None:
        """Returns the viewer's moves when they have some, else None (spectators never)."""
        offered = self.offered(state, viewer) if viewer is not None else ()
        if not offered:
            return None
        assert viewer is not None
        return MovesView(self.phase_name(state), self.prompt(state, viewer, offered), offered)

    def phase_name(self, state: S) -> str:
        """Returns the name of the phase the game is in, for the moves part."""
        return ""

    def prompt(self, state: S, seat: int, offered: tuple[Choice, ...]) -> str:
        """Returns what the seat is asked to do, shown above its moves (marked with `_`)."""
        return ""

    def _memo(self) -> StateMemo:
        memo = self.__dict__.get("_state_memo")
        if memo is None:
            memo = self.__dict__["_state_memo"] = StateMemo()
        return memo

    @abstractmethod
    def apply(self, state: S, seat: int, action: Action) -> Applied[S] | Refusal:
        """Returns the next state and events, or a refusal a player can read."""

    def view(self, state: S, viewer: Viewer) -> Mapping[str, Any]:
        """Returns the table's parts (name -> plain data) that this viewer may know."""
        return {
            **self.public_view(state),
            **self.private_view(state, viewer),
            self.moves_part: self.moves_view(state, viewer),
        }

    def public_view(self, state: S) -> Mapping[str, Any]:
        """Returns the parts that are the same for every viewer, spectators included.

        A server computes these once per state instead of once per viewer; a game that
        does not split its view leaves this empty and overrides `view` alone.
        """
        return {}

    def private_view(self, state: S, viewer: Viewer) -> Mapping[str, Any]:
        """Returns the parts that depend on who is looking (all of them, unless split), but
        the moves part, which `moves_view` makes."""
        if type(self).view is Game.view:
            raise NotImplementedError("a game overrides view, or public_view and private_view")
        return self.view(state, viewer)

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Returns the final result once the game is over, else None."""

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """Returns an event for the log, as a message (`core.i18n.Text` or `Joined`: its
        English words, with the message id and parameters the web layer says in each
        viewer's language); games override this."""
        return type(event).__name__

    def log_line(self, event: Event, names: Sequence[str]) -> str:
        """Returns a log line: the core's own events (a move taken back) say themselves,
        the game `describe`s its own."""
        if isinstance(event, CoreEvent):
            return event.say(names)
        return self.describe(event, names)

    def undoable(self, before: S, after: S, seat: int, action: Action) -> bool:
        """Returns whether the seat may take back its move from `before` to `after`.

        Asked only after the core's checks passed (`undo.may_take_back`: the seat's own
        turn goes on, nobody else may act, no race, no timer started, nothing shown to some
        seats only). A game answers False when the move drew a hidden card, used the RNG
        or revealed anything hidden (a card from a hand). Never, by default: a game whose
        turns are one action long has nothing to take back."""
        return False

    def revealed(self, state: S) -> tuple[Revealed, ...]:
        """Returns what no seat's view shows (a deck's order, what lay under a mark), for the
        replay of a game that is over, with everything revealed: the seats' own views are
        shown beside it, so this is only what nobody saw. Nothing by default."""
        return ()

    def timer(self, state: S) -> Timer | None:
        """Returns the clock running now, if the game has one."""
        return None

    def simultaneous(self, state: S) -> Hashable | None:
        """Returns a key naming the phase running now when its seats act at once and race
        (a search against a sand timer), else None.

        While the key stays the same, a seat's offered moves stay valid when others act (its
        stamp moves on only with its own moves), so one player's click never makes another's
        concurrent click stale: `apply` arbitrates the race, refusing the later of two claims
        on one thing with a reason that says who was first.
        """
        return None

    def pictures(self, state: S, viewer: Viewer) -> Mapping[str, Picture]:
        """Returns the pictures this viewer may look at now, by name (a `Point`'s `image`):
        the server serves each to that viewer alone, and paints it only when asked. A
        spectator (None) gets what the game gives spectators, usually nothing."""
        return {}

    def card_reference(self) -> CardReference | None:
        """Returns every card of the game with its data, drawn by the game's `cards.html`
        template on its reference page; None when the game has no cards to list."""
        return None

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any] | Refusal:
        """Returns the options with defaults filled in, or a refusal for a bad value."""
        out: dict[str, Any] = {}
        for spec in self.options:
            value = raw.get(spec.key, spec.default)
            if spec.kind == "bool":
                value = value in (True, "on", "true", "1", 1)
            elif spec.kind == "choice":
                if value not in {choice for choice, _label in spec.choices}:
                    return Refusal(
                        _("Please pick one of the choices for “{option}”."),
                        _named(spec),
                    )
            elif spec.kind == "int":
                try:
                    value = int(value)
                except (TypeError, ValueError):
                    return Refusal(_("“{option}” needs a whole number."), _named(spec))
                if not spec.minimum <= value <= spec.maximum:
                    return Refusal(
                        _("“{option}” must be from {minimum} to {maximum}."),
                        _named(spec, minimum=spec.minimum, maximum=spec.maximum),
                    )
            out[spec.key] = value
        return out


def _named(spec: OptionSpec, **more: Any) -> dict[str, Any]:
    """Returns a refusal's parameters naming an option as the room form labels it (its label,
    a `Text`, said in the viewer's language like the message)."""
    return {"option": spec.label, **more}
