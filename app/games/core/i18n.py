"""The translation markers and message values used inside pure game code.

Engines must not depend on the viewer's language, so they only *mark* strings and hand
out *messages*: `_("...")` (found by Babel) makes a `Text`, a message id, and its
`.format(...)` a `Text` with parameters (`n_` one with a plural form and count); the web
layer translates a `Text` for each viewer when it renders (`app.web.render.say`). A `Text`
*is* its English words (a str equal to them), so logs, tests and replays that read a line
as text read it as before, and a catalogue finds a message with no parameters by it.

Words put together from messages stay messages only through `.format` and `Joined`: an
f-string, `+` or `str.join` of messages gives plain English.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class Text(str):
    """A message for a player: its English words, with the message id and parameters that
    a translation needs. A parameter that is a `Text` (a card's name, a list of them) is
    translated too; any other is shown as it is (a player's name, a number)."""

    msgid: str
    plural: str | None
    number: int  # the count a plural form is chosen by
    params: Mapping[str, Any]

    def __new__(cls, msgid: str, /, **params: Any) -> Text:
        return cls._made(msgid, None, 1, msgid, params)

    def format(self, *args: object, **params: Any) -> Text:
        """Returns this message with (more of) its named placeholders filled: a message."""
        if args:
            raise TypeError("a message's placeholders are named, not positional")
        english = self.plural if self.plural is not None and self.number != 1 else self.msgid
        return Text._made(self.msgid, self.plural, self.number, english, {**self.params, **params})

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (to a painting process) and copied as the message it is, not as its words.
        return (_remade, (self.msgid, self.plural, self.number, dict(self.params)))

    @classmethod
    def _made(
        cls, msgid: str, plural: str | None, count: int, english: str, params: Mapping[str, Any]
    ) -> Text:
        made = str.__new__(cls, str.format(english, **params) if params else english)
        made.msgid, made.plural, made.number = str(msgid), plural and str(plural), count
        made.params = params
        return made


def _remade(msgid: str, plural: str | None, count: int, params: dict[str, Any]) -> Text:
    english = plural if plural is not None and count != 1 else msgid
    return Text._made(msgid, plural, count, english, params)


def _(message: str) -> Text:
    """Marks a player-visible message for translation; returns it as a message (equal to
    the string given)."""
    return Text(message)


def n_(singular: str, plural: str, count: int, /, **params: Any) -> Text:
    """Returns a message with a plural form (xgettext's ngettext): English picks by `count`,
    a translation by its language's plural rule; `params` (or `.format`) fill its
    placeholders."""
    return _remade(singular, plural, count, params)


class Joined(str):
    """Messages written one after the other with a separator (itself a message: ", " or
    " and "), translated item by item."""

    separator: str
    items: tuple[str, ...]

    def __new__(cls, separator: str, items: Iterable[str]) -> Joined:
        listed = tuple(items)
        made = str.__new__(cls, str.join(separator, listed))
        made.separator, made.items = separator, listed
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.separator, self.items))
