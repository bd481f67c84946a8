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
