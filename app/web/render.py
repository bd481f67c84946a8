"""Jinja2 rendering for pages and for the fragments sent over WebSockets."""

from __future__ import annotations

import functools
import gettext
import hashlib
import re
import time
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from pathlib import Path
from types import FunctionType
from typing import Any, Protocol

import markupsafe
from babel import dates, numbers
from jinja2 import Environment, FileSystemLoader, Template, select_autoescape
from jinja2.runtime import Context, Macro, new_context
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape

from app.games.core import Action, Point, Refusal
from app.games.core.i18n import Joined, Text
from app.web import locales
from app.web.emoji import emoji
from app.web.locales import SOURCE
from app.web.rules import rules_html

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


class IndentFreeLoader(FileSystemLoader):
    """Loads templates without the indentation of their lines.

    Indentation keeps templates readable but is dead weight on the wire: every move
    sends fragments to every viewer, and it was about a fifth of their bytes. No
    template holds text whose leading spaces matter (no <pre>, no <textarea>).
    """

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Any]:
        source, filename, uptodate = super().get_source(environment, template)
        return "\n".join(line.lstrip() for line in source.split("\n")), filename, uptodate


class DirectCalls(Context):
    """A template context that calls plain functions directly.

    Templates call every function through `Context.call`, which looks on it (and on its
    `__call__`) for Jinja's pass_context-like markers: three attribute lookups per call of
    `_()`, `move()` or `ngettext()`, about a fifth of a moves part's render. A plain Python
    function without a marker is called as Jinja would call it; anything else (macros,
    classes, marked functions) goes the usual way.
    """

    def call(self, obj: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        if type(obj) is not FunctionType or hasattr(obj, "jinja_pass_arg"):
            return super().call(obj, *args, **kwargs)
        if kwargs:
            kwargs.pop("_loop_vars", None)  # what Jinja's compiled loops and blocks pass along
            kwargs.pop("_block_vars", None)
        try:
            return obj(*args, **kwargs)
        except StopIteration:  # as Context.call: a callable's StopIteration is undefined
            return self.environment.undefined("a callable raised StopIteration")


class LoadedOnce(Environment):
    """An environment that keeps each template it loaded, by name, for good.

    Templates are never reloaded (`auto_reload=False`), so Jinja's LRU cache, with its
    lock and weak reference per lookup, only costs time on the hot path: every part a
    move re-renders, and every `{% import %}` inside it, looks its template up.
    """

    context_class = DirectCalls

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._loaded: dict[str, Template] = {}

    def get_template(
        self,
        name: str | Template,
        parent: str | None = None,
        globals: MutableMapping[str, Any] | None = None,  # noqa: A002 - Jinja's name
    ) -> Template:
        if isinstance(name, Template) or globals is not None:
            return _escaping_fast(super().get_template(name, parent, globals))
        if parent is not None:
            name = self.join_path(name, parent)
        loaded = self._loaded.get(name)
        if loaded is None:
            loaded = self._loaded[name] = _escaping_fast(super().get_template(name))
        return loaded


def _escaping_fast(template: Template) -> Template:
    """Returns the template with its compiled code escaping through `fast_escape`.

    An autoescaped template escapes every `{{ }}` it writes by the `escape` its compiled
    module imported from Jinja (markupsafe's): a Python function whose `Markup(...)` runs
    Markup's Python `__new__`, a sixth of a part's render. The module's globals are the
    template's own, so only its escaping changes, to the same strings made faster.
    """
    namespace = template.root_render_func.__globals__
    if namespace.get("escape") is escape:
        namespace["escape"] = fast_escape
    return template


_new_str = str.__new__
_escape_inner = markupsafe._escape_inner  # type: ignore[attr-defined]  # what escape uses: C when built


def fast_escape(value: Any) -> Markup:
    """Returns what markupsafe's `escape` returns, for less: a string's escaped text and an
    int's digits are made Markup by `str.__new__` (what Markup's `__new__` ends in for a
    plain string), a Markup is itself (its `__html__`); anything else goes to `escape`."""
    kind = type(value)
    if kind is str:
        return _new_str(Markup, _escape_inner(value))
    if kind is Markup:
        return value
    if kind is int:
        return _new_str(Markup, int.__repr__(value))
    return escape(value)


def make_environment(
    extra: Sequence[Path] = (),
    locale: str = SOURCE,
    translations: gettext.NullTranslations | None = None,
) -> Environment:
    """Returns the Jinja environment of one language: autoescaped, with that language's
    gettext callables installed. `extra` folders hold more templates (a test's toy games);
    `translations` default to the language's compiled catalogue."""
    env = LoadedOnce(
        loader=IndentFreeLoader([TEMPLATES, *extra]),
        autoescape=select_autoescape(default=True, default_for_string=True),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    # One environment per language, made once: its templates are compiled with its
    # callables, and every render cache is kept per language (`locale` in their keys).
    if translations is None:
        translations = locales.translations(locale)
    gettext_, ngettext_, pgettext_ = _callables(translations)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext_, ngettext_, newstyle=False, pgettext=pgettext_
    )
    env.globals["_"] = env.globals["gettext"]  # skip Jinja's context-passing alias
    env.globals["translations"] = translations
    env.globals["locale"] = locale
    env.globals["languages"] = _LANGUAGES  # the switch on every page: code -> own name
    env.globals["say"] = lambda message: say(translations, message)
    env.globals["format_date"] = functools.partial(dates.format_date, locale=locale)
    env.globals["format_datetime"] = functools.partial(dates.format_datetime, locale=locale)
    env.globals["format_number"] = functools.partial(numbers.format_decimal, locale=locale)
    env.globals["server_now"] = time.time  # a countdown tells the page the server's time
    env.filters["money"] = lambda value: f"£{value}"
    env.filters["move_vals"] = move_vals
    env.filters["action_json"] = action_json
    env.filters["point_bases"] = point_bases
    env.filters["split_bases"] = split_bases
    env.globals["memo"] = Memo()
    env.filters["emoji"] = emoji
    env.globals["rules_html"] = rules_html  # a game's rules page, if it has one
    env.globals["move"] = move_button
    env.globals["move_id"] = move_id
    return env


_LANGUAGES = locales.names(locales.languages())


def move_button(
    action: Action, label: str, version: int = 0, cls: str = "", spot: str | None = None
) -> Markup:
    """Returns a move's button: it sends the action; the seat's version `v` goes with it
    from the table's stamp (`#stamp`, included by the table), not from the button.

    A button is the same from one version to the next, so a moves part that changed sends
    only the buttons that did (app/web/patches.py), each known by its action's id.
    `version` is accepted and unused (templates pass it). A plain function, not a template
    macro: every moves part a move re-renders draws a dozen of these, and a Jinja macro call
    cost more than the button it makes. `label` is escaped unless it is Markup."""
    classes = f' class="{escape(cls)}"' if cls else ""
    data = f' data-spot="{escape(spot)}"' if spot else ""
    ident, vals = _move_parts(action)
    html = (
        f"<button id=\"{ident}\"{classes} ws-send hx-vals='{vals}'{data}>{escape(label)}</button>"
    )
    return Markup(html)


def move_vals(action: Action, version: int = 0) -> Markup:
    """Returns a move's hx-vals: the action's JSON and `cmd`, safe inside a single-quoted
    attribute (`version` is unused: the table's stamp carries it). An action's part is made
    once: moves parts are rendered after every move and mostly offer the same actions."""
    return Markup(_move_parts(action)[1])


def move_id(action: Action) -> str:
    """Returns the page id of an action's control (`mv-` and a digest of the action): the
    same action, the same element from one update to the next."""
    return _move_parts(action)[0]


@functools.lru_cache(maxsize=8192)
def _move_parts(action: Action) -> tuple[str, str]:
    vals = _action_vals(action)
    digest = hashlib.blake2s(vals.encode(), digest_size=6).hexdigest()
    return f"mv-{digest}", f'{vals}, "cmd": "act"}}'


class Memo:
    """`memo(macro, *args)` in a template: the macro's output for those arguments, made once.

    For macros called often whose output depends on their (hashable) arguments alone, such
    as a tile's chip, or a picture's point steps, which every seat's moves part shows again
    after every click: calling a Jinja macro costs more than the few tags it writes. Keyed
    by the macro's compiled code (the same for every render of its template) and the
    arguments, a macro among them by its code too; bounded, oldest first out.
    """

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._made: dict[tuple[Any, ...], Any] = {}

    def __call__(self, macro: Any, *args: Any) -> Any:
        key = (macro._func.__code__, *(_code_of(arg) for arg in args))
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= self.size:
                del self._made[next(iter(self._made))]
            made = self._made[key] = macro(*args)
        return made


def _code_of(value: Any) -> Any:
    return value._func.__code__ if isinstance(value, Macro) else value


def action_json(action: Action) -> Markup:
    """Returns an action's JSON, safe inside a single-quoted attribute (made once per action,
    as `move_vals`: a picture's point steps are rendered again after every click)."""
    return Markup(_action_vals(action) + "}")


_STEP_VALUE = re.compile(r"[A-Za-z0-9_-]+")


class _Based(Protocol):
    @property
    def base(self) -> Action: ...


class _Gathered(_Based, Protocol):
    @property
    def field(self) -> str: ...


def split_bases(steps: Sequence[_Gathered]) -> tuple[Markup, tuple[Markup, ...]]:
    """Returns the JSON of what the steps' base actions share (a builder's steps say it once,
    on their container) but the field they fill (static/moves.js sets it from the items
    chosen) and, per step, of the rest. Each is safe inside a single-quoted attribute."""
    shared, own = _split(steps)
    shared.pop(steps[0].field, None)
    return htmlsafe_json_dumps(shared), tuple(htmlsafe_json_dumps(o) for o in own)


def _split(steps: Sequence[_Based]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Returns what the steps' base actions share, as JSON data, and each one's rest."""
    bases = [step.base.to_json() for step in steps]
    shared = {k: v for k, v in bases[0].items() if all(k in b and b[k] == v for b in bases)}
    return shared, [{k: v for k, v in base.items() if k not in shared} for base in bases]


def point_bases(
    points: Sequence[Point],
) -> tuple[Markup, str, tuple[tuple[str, Markup | None], ...]]:
    """Returns, for a set of steps on one picture (room/moves.html): the JSON of what the
    points' base actions share (said once, on the container `steps-<image>`); the field in
    which alone they differ, when it holds in each a string that can end an id (a search's
    thirteen tiles differ in the tile alone); and each step's id and the JSON of the rest of
    its base (None: nothing). With that field a step is named by its value,
    `steps-<image>-<value>`, which is all it holds (the same step from one update to the
    next); else it has its action's id (`move_id`) and the rest of its base."""
    shared, own = _split(points)
    keys = {tuple(o) for o in own}
    field = next(iter(keys))[0] if len(keys) == 1 and len(next(iter(keys))) == 1 else ""
    if field and all(isinstance(o[field], str) and _STEP_VALUE.fullmatch(o[field]) for o in own):
        prefix = f"steps-{points[0].image}-"
        return htmlsafe_json_dumps(shared), field, tuple((prefix + o[field], None) for o in own)
    steps = tuple(
        (move_id(point.base), htmlsafe_json_dumps(o) if o else None)
        for point, o in zip(points, own, strict=True)
    )
    return htmlsafe_json_dumps(shared), "", steps


@functools.lru_cache(maxsize=8192)
def _action_vals(action: Action) -> str:
    """Returns the action's JSON without its closing brace, HTML-safe (as Jinja's tojson)."""
    return str(htmlsafe_json_dumps(action.to_json()))[:-1]


def _callables(
    translations: gettext.NullTranslations,
) -> tuple[Callable[..., str], Callable[..., str], Callable[..., str]]:
    """Returns gettext, ngettext and pgettext (a message in a context, where one English
    word says two things: the replay's "Play" and a card's) taking keyword variables, like
    Jinja's newstyle ones.

    `_()` of an engine's message with parameters (or a `Joined`) says it, parts and all.
    Plain functions are called directly by templates, without the context lookup of
    Jinja's newstyle gettext: it matters on the hot path, where every move re-renders
    parts. Variables are escaped by Markup's % formatting, as newstyle does.
    """

    def gettext_(message: str, **variables: Any) -> str:
        kind = type(message)
        if kind is Joined or (kind is Text and message.params):  # type: ignore[attr-defined]
            return say(translations, message)  # an engine's message made of parts
        text = translations.gettext(message)
        return _filled(text, variables) if variables else text

    def ngettext_(singular: str, plural: str, num: int, /, **variables: Any) -> str:
        # `num` may also be a variable: what says the number (an element of its own)
        text = translations.ngettext(singular, plural, num)
        return _filled(text, {"num": num, **variables})

    def pgettext_(context: str, message: str, **variables: Any) -> str:
        text = translations.pgettext(context, message)
        return _filled(text, variables) if variables else text

    return gettext_, ngettext_, pgettext_


def _filled(text: str, variables: Mapping[str, Any]) -> Markup:
    """Returns a message's words with its `%(name)s` placeholders filled in, each variable
    escaped: what `Markup(text) % variables` returns, without the Python-level helper object
    Markup's % makes per variable (a tenth of a moves part's render). Every placeholder in
    our catalogues is a `%(name)s` (tests/web/test_catalogues.py checks)."""
    return _new_str(Markup, text % {name: fast_escape(value) for name, value in variables.items()})


def refusal_text(env: Environment, refusal: Refusal) -> str:
    """Returns a refusal translated for the viewer, parameters filled in."""
    return say(env.globals["translations"], refusal)  # type: ignore[arg-type]


def text(env: Environment, message: str) -> str:
    """Returns a message (a `Text` or `Joined`; a plain string is kept) in the env's
    language."""
    return say(env.globals["translations"], message)  # type: ignore[arg-type]


def locale_of(env: Environment) -> str:
    """Returns the language an environment speaks ("en", "it")."""
    return env.globals["locale"]  # type: ignore[return-value]


def say(translations: gettext.NullTranslations, message: str | Refusal) -> str:
    """Returns a message in a language: a `Text` by its msgid (and plural form for its
    count) with its parameters said too, a `Joined` item by item, a refusal by its reason.
    A plain string is words as they are (a player's name), there and inside a message:
    everything marked with `core.i18n._` is a `Text`."""
    kind = type(message)
    if kind is Text:
        assert isinstance(message, Text)
        if message.plural is None:
            words = translations.gettext(message.msgid)
        else:
            words = translations.ngettext(message.msgid, message.plural, message.number)
        return words.format(**_said(translations, message.params)) if message.params else words
    if kind is Joined:
        assert isinstance(message, Joined)
        return _said_one(translations, message.separator).join(
            _said_one(translations, item) for item in message.items
        )
    if isinstance(message, Refusal):
        return translations.gettext(message.reason).format(**_said(translations, message.params))
    return message  # words as they are: a player's name


def _said(translations: gettext.NullTranslations, params: Mapping[str, Any]) -> dict[str, Any]:
    """Returns a message's parameters with those that are messages said: only `Text` and
    `Joined` values are; any other (a player's name, a number) is shown as it is."""
    return {name: _said_one(translations, value) for name, value in params.items()}


def _said_one(translations: gettext.NullTranslations, value: Any) -> Any:
    return say(translations, value) if type(value) in _MESSAGES else value


_MESSAGES = (Text, Joined)


def game_package(game_id: str) -> str:
    """Returns the template folder of a game ("four-pints" -> "four_pints")."""
    return game_id.replace("-", "_")


def render(env: Environment, template: str, **context: Any) -> str:
    """Renders a template; the same output as `Template.render`, with less overhead.

    Every move renders a few parts for every viewer, and `Template.render` spends more
    time than a small part's own code on setting up: it copies the globals out of a
    ChainMap, and its context lists them, which makes each `{% import %}` build the
    imported module again instead of using the cached one. Here the globals are merged
    into the variables as a plain dict and the context is made without that list.
    """
    loaded = env.get_template(template)
    merged = {**env.globals, **context}
    variables = new_context(env, loaded.name, loaded.blocks, merged, shared=True)
    try:
        return env.concat(loaded.root_render_func(variables))
    except Exception:  # noqa: BLE001 - re-raised with the template's lines, as Jinja does
        env.handle_exception()
    finally:
        # A macro the template defines holds the context, which holds the macro: a cycle
        # only the garbage collector frees, with every view the context reads. Unlinked
        # here, reference counting frees it all at once.
        variables.vars.clear()
        variables.exported_vars.clear()
