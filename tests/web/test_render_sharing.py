"""Which templates may share one render among viewers: never one that reads the viewer."""

from __future__ import annotations

from jinja2 import DictLoader, Environment

from app.web.table import _viewer_free


def env_with(**templates: str) -> Environment:
    return Environment(loader=DictLoader(templates), autoescape=True)


def test_template_reading_only_its_part_is_shared() -> None:
    assert _viewer_free(env_with(p="{{ part.x }} {{ names[0] }}"), "p")


def test_template_reading_the_seat_is_per_viewer() -> None:
    assert not _viewer_free(env_with(p="{% if seat == 1 %}mine{% endif %}"), "p")


def test_an_included_template_reading_the_viewer_makes_it_per_viewer() -> None:
    env = env_with(p='{% include "hand" %}', hand="{{ view.hand }}")
    assert not _viewer_free(env, "p")


def test_a_dynamic_include_is_per_viewer() -> None:
    assert not _viewer_free(env_with(p="{% include part.name %}"), "p")


def test_the_four_pints_parts_shared_are_the_public_ones() -> None:
    from app.web.render import make_environment

    env = make_environment()
    folder = "games/four_pints/parts"
    shared = {n for n in ("status", "bar", "purchase", "players", "scores", "actions")
              if _viewer_free(env, f"{folder}/{n}.html")}  # fmt: skip
    assert shared == {"status", "bar", "purchase", "players", "scores"}


def test_a_tab_in_step_is_sent_what_a_tab_comparing_part_by_part_is() -> None:
    """The changes of the shared parts are rendered once per revision for the tabs that were
    sent the revision before; a tab that missed one compares part by part. Both must send
    exactly the same, move after move, through a whole seeded game."""
    import random

    from app.games.core import Refusal
    from app.games.four_pints import GAME
    from app.web.connection import Connection
    from tests.support.rooms import ENV, room_with

    live = room_with(GAME, GAME.setup(3, {}, 7), 3)
    in_step = Connection(None, live, 2, ENV)  # type: ignore[arg-type]
    apart = Connection(None, live, 2, ENV)  # type: ignore[arg-type]
    rng = random.Random(7)
    compared = 0
    for _move in range(400):
        in_step.changed()
        apart._shared = dict(apart._shared) if apart._shared is not None else None  # not in step
        apart.changed()
        assert list(in_step._outbox) == list(apart._outbox)
        compared += len(in_step._outbox)
        in_step._outbox.clear()
        apart._outbox.clear()
        match = live.match
        assert match is not None
        if match.result is not None:
            break
        seat = min(GAME.active_seats(match.state))
        applied = GAME.apply(match.state, seat, rng.choice(GAME.legal_actions(match.state, seat)))
        assert not isinstance(applied, Refusal)
        live._advance(match, seat, applied)
        match.result = GAME.result(match.state)
        live.revision += 1
        live.cache.clear()
    assert compared > 100
