"""Typed actions and the codec that turns untrusted JSON into them.

A game declares each action as a frozen dataclass subclassing `Action`, with a
unique `kind`. The codec is the only door from a browser message (or a stored
log row) to an action: unknown kinds, missing fields and wrong types come back
as a `Refusal`, never as an exception.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from app.games.core.i18n import _
from app.games.core.outcome import Refusal

_MAX_INT = 1 << 31


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game action; subclasses set `kind` and add typed fields."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """Returns the action as a JSON-ready dict, `kind` included."""
        data: dict[str, Any] = {"kind": self.kind}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


def _check_value(expected: Any, value: Any) -> tuple[bool, Any]:
    """Returns (ok, coerced) for a value against a field's declared type."""
    origin = typing.get_origin(expected)
    if expected is int:
        ok = isinstance(value, int) and not isinstance(value, bool) and abs(value) < _MAX_INT
        digits = value.lstrip("-") if isinstance(value, str) else ""
        if not ok and digits.isascii() and digits.isdigit() and len(value) < 10:
            return True, int(value)  # form fields arrive as strings
        return ok, value
    if expected is str:
        return isinstance(value, str) and len(value) <= 200, value
    if expected is bool:
        return isinstance(value, bool), value
    if origin is tuple:
        (inner, *_rest) = typing.get_args(expected)
        if isinstance(value, (str, int)):
            value = [value]  # a single checked box arrives as a scalar
        if not isinstance(value, list) or len(value) > 64:
            return False, value
        coerced = []
        for item in value:
            ok, item = _check_value(inner, item)
            if not ok:
                return False, value
            coerced.append(item)
        return True, tuple(coerced)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(expected)
        if value is None and type(None) in args:
            return True, None
        for arg in args:
            if arg is type(None):
                continue
            ok, coerced = _check_value(arg, value)
            if ok:
                return True, coerced
        return False, value
    return False, value


class ActionCodec:
    """Decodes untrusted payloads into a game's declared action classes."""

    def __init__(self, *classes: type[Action]) -> None:
        self._by_kind = {cls.kind: cls for cls in classes}
        self._hints = {cls.kind: typing.get_type_hints(cls) for cls in classes}
        if len(self._by_kind) != len(classes) or "" in self._by_kind:
            raise ValueError("every action class needs its own non-empty kind")

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(self._by_kind)

    def decode(self, payload: Mapping[str, Any]) -> Action | Refusal:
        """Returns the action a payload describes, or a refusal saying what is wrong."""
        if not isinstance(payload, Mapping):
            return Refusal(_("That is not a move in this game."))
        kind = payload.get("kind")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            return Refusal(_("That is not a move in this game."))
        values = {}
        hints = self._hints[cls.kind]
        for field in dataclasses.fields(cls):
            if field.name not in payload:
                if field.default is not dataclasses.MISSING:
                    continue
                return Refusal(_("That move is missing a choice."))
            ok, value = _check_value(hints[field.name], payload[field.name])
            if not ok:
                return Refusal(_("That move has a choice that makes no sense."))
            values[field.name] = value
        return cls(**values)
