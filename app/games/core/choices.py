"""What a seat is offered, as shapes the table builds step by step.

A game's `choices(state, seat)` returns these, as plain comparable data:

- `Pick`: one complete action (a button).
- `Gather`: a set of items that fills one list field of a base action, with a count range
  and/or a points-sum range (the table shows the running total): For20's materials for a
  smoke, the cards that pay for an answer. Several gathers with the same field share their
  items on the table; choosing one of them is the first step (For20's tool).
- `OneOf`: one of several ways to complete a base action (an action card's target: an
  opponent and one of their cards), shown under one heading with a short button each.
- `Point`: a click on a picture; the base action gets the point's x and y in the picture's
  own pixels, and, when it names a `hit` field, what the server's painter finds there.

The table only helps: whatever it sends is decoded by the codec and checked by `apply` as one
composed action, so a built action that breaks a rule gets the engine's refusal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from app.games.core.actions import Action


@dataclass(frozen=True, slots=True)
class Span:
    """An inclusive range of whole numbers."""

    low: int
    high: int

    def holds(self, value: int) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True, slots=True)
class Item:
    """Something a gather may take: its value in the action's field, and its points."""

    value: int
    points: int = 0


@dataclass(frozen=True, slots=True)
class Pick:
    """Pick one of these: a button that sends a complete action."""

    action: Action


@dataclass(frozen=True, slots=True)
class Gather:
    """Pick a set of `items`: the action is `base` with `field` set to the chosen values.

    The set holds `count` items, and their points add up to a number in `total` (when set).
    """

    base: Action
    field: str
    items: tuple[Item, ...]
    count: Span
    total: Span | None = None

    def fits(self, values: Iterable[int]) -> bool:
        """Returns whether a set of values is one this shape allows."""
        chosen = list(values)
        points = {item.value: item.points for item in self.items}
        if len(set(chosen)) != len(chosen) or any(value not in points for value in chosen):
            return False
        total = sum(points[value] for value in chosen)
        return self.count.holds(len(chosen)) and (self.total is None or self.total.holds(total))

    def build(self, values: Iterable[int]) -> Action:
        """Returns the base action with the chosen values in its field."""
        return dataclasses.replace(self.base, **{self.field: tuple(values)})


@dataclass(frozen=True, slots=True)
class OneOf:
    """Pick one way to complete `base`: each option is a complete action that differs from
    it in some fields; a button sends only those (the base is sent by its heading)."""

    base: Action
    options: tuple[Action, ...]

    def changes(self, option: Action) -> dict[str, Any]:
        """Returns the fields in which an option differs from the base."""
        base = self.base.to_json()
        return {key: value for key, value in option.to_json().items() if base.get(key) != value}


@dataclass(frozen=True, slots=True)
class Point:
    """Click a point of a picture (`width` × `height` pixels): the action is `base` with
    fields `x` and `y` set to the point, in the picture's pixels.

    `image` is the name of one of the viewer's pictures (`Game.pictures`), which the server
    paints and serves to that viewer alone, or else the address of a fixed picture (a
    static file). Several points on one picture are its steps: the player chooses one (a
    tile), then clicks.

    `hit` names the action field the SERVER fills in with what the picture's painter finds
    under the point (an object's key, or "" for nothing) before `apply` sees the action;
    whatever a client sent for it is overwritten, so it cannot be forged, and the action is
    logged with it, so a replay needs no pixels. It needs `image` to name a picture.
    """

    base: Action
    image: str
    width: int
    height: int
    x: str = "x"
    y: str = "y"
    hit: str | None = None
    zoom: bool = True  # False: the page offers no zoom (a courtesy; see `Game.pictures`)

    def build(self, x: int, y: int, hit: str | None = None) -> Action:
        """Returns the base action at (x, y) (with `hit` in its hit field, when it has one)."""
        fields: dict[str, Any] = {self.x: x, self.y: y}
        if self.hit is not None:
            fields[self.hit] = hit
        return dataclasses.replace(self.base, **fields)

    def made(self, action: Action) -> bool:
        """Returns whether an action is this point's base at some point (any x, y, hit)."""
        if type(action) is not type(self.base):
            return False
        fields = [self.x, self.y] + ([self.hit] if self.hit is not None else [])
        reset = {name: getattr(self.base, name) for name in fields}
        return dataclasses.replace(action, **reset) == self.base


Choice = Pick | Gather | OneOf | Point


@dataclass(frozen=True, slots=True)
class MovesView:
    """A seat's moves, the same shape in every game: its phase, what is asked, the choices."""

    phase: str
    prompt: str
    choices: tuple[Choice, ...]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Returns the complete actions offered as buttons, in order."""
        return tuple(choice.action for choice in self.choices if isinstance(choice, Pick))

    @property
    def gathers(self) -> tuple[Gather, ...]:
        return tuple(choice for choice in self.choices if isinstance(choice, Gather))

    @property
    def one_of(self) -> tuple[OneOf, ...]:
        return tuple(choice for choice in self.choices if isinstance(choice, OneOf))

    @property
    def points(self) -> tuple[Point, ...]:
        return tuple(choice for choice in self.choices if isinstance(choice, Point))


def picks(actions: Iterable[Action]) -> tuple[Pick, ...]:
    """Returns one button per distinct action, in first-seen order."""
    return tuple(Pick(action) for action in dict.fromkeys(actions))


def first_of_each(actions: Iterable[Any], alike: Callable[[Any], Any]) -> tuple[Any, ...]:
    """Returns the first of the things that `alike` maps to the same value (so no two
    buttons do the same), in order."""
    seen: dict[Any, Any] = {}
    for action in actions:
        seen.setdefault(alike(action), action)
    return tuple(seen.values())


class StateMemo:
    """Remembers answers of pure functions of a state for the states seen last.

    Keyed by the state's identity (states are immutable; each entry holds its state, so an
    identity is never reused while remembered): one accepted move asks for a seat's offers
    in `apply`, when restamping and once per viewer's render, and all of them get one answer.
    """

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._entries: dict[int, tuple[Any, dict[Any, Any]]] = {}

    def get(self, state: Any, key: Any, make: Callable[[], Any]) -> Any:
        """Returns the answer remembered for (state, key), made by `make` the first time."""
        entry = self._entries.get(id(state))
        if entry is None or entry[0] is not state:
            if len(self._entries) >= self.size:
                del self._entries[next(iter(self._entries))]  # the oldest state
            entry = self._entries[id(state)] = (state, {})
        answers = entry[1]
        if key not in answers:
            answers[key] = make()
        return answers[key]
