"""Every error a person can meet is the friendly error page (HTML, in the site's layout, with
the security headers), never FastAPI's JSON: a missing page, a wrong method, a form that fails
validation, an oversized or crafted form, a forged field, a crash."""

from __future__ import annotations

import gettext
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.games.core import CardReference, Refusal
from app.games.registry import GAMES
from app.web.errors import MAX_BODY
from app.web.render import make_environment, refusal_text
from tests.support.replays import Served, served

ORIGIN = {"origin": "http://127.0.0.1"}
FOUR_PINTS = type(GAMES["four-pints"])


class Crashing(FOUR_PINTS):  # type: ignore[misc, valid-type]
    """4 Pints whose card page crashes: a bug a person could meet."""

    id = "crashing"

    def card_reference(self) -> CardReference | None:
        raise RuntimeError("a bug")


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path, {**GAMES, "crashing": Crashing()}) as serving:
        yield serving


def friendly(response: httpx.Response, status: int) -> str:
    """Returns the page's text after checking it is the error page, not JSON."""
    assert response.status_code == status, response.text[:300]
    assert response.headers["content-type"].startswith("text/html")
    assert "content-security-policy" in response.headers
    assert "<h1>Sorry</h1>" in response.text and "Back to the lobby" in response.text
    assert '"detail"' not in response.text
    return response.text


async def test_a_missing_page_is_the_error_page(app: Served) -> None:
    page = friendly(await app.client.get("/no/such/page"), 404)
    assert "nothing at this address" in page


async def test_a_missing_room_and_game_are_the_error_page(app: Served) -> None:
    friendly(await app.client.get("/r/nosuchroom"), 404)
    friendly(await app.client.get("/games/nosuchgame/rules"), 404)


async def test_a_wrong_method_is_the_error_page(app: Served) -> None:
    response = await app.client.post("/", headers=ORIGIN)
    assert "does not take that kind of request" in friendly(response, 405)
    assert "GET" in response.headers["allow"]


async def test_a_form_missing_a_field_is_the_error_page(app: Served) -> None:
    response = await app.client.post("/rooms", data={"name": "Ann"}, headers=ORIGIN)
    assert "not filled in as it should be" in friendly(response, 422)


async def test_a_field_longer_than_allowed_is_the_error_page(app: Served) -> None:
    form = {"game_id": "four-pints", "name": "x" * 10_000}
    friendly(await app.client.post("/rooms", data=form, headers=ORIGIN), 422)


async def test_a_huge_field_is_refused_before_it_is_read(app: Served) -> None:
    form = {"game_id": "four-pints", "name": "x" * (MAX_BODY + 1)}
    response = await app.client.post("/rooms", data=form, headers=ORIGIN)
    assert "too much to send" in friendly(response, 413)


async def test_a_huge_body_sent_in_chunks_is_refused(app: Served) -> None:
    async def chunks() -> AsyncIterator[bytes]:
        # fields under the parser's 1 MB each, with no length said: only counting stops it
        yield b"game_id=four-pints"
        for n in range(MAX_BODY // 900_000 + 1):
            yield f"&f{n}=".encode() + b"x" * 900_000

    headers = {**ORIGIN, "content-type": "application/x-www-form-urlencoded"}
    response = await app.client.post("/rooms", content=chunks(), headers=headers)
    friendly(response, 413)


async def test_a_form_with_many_fields_is_the_error_page(app: Served) -> None:
    form = {"game_id": "four-pints", "name": "Ann", **{f"f{n}": "1" for n in range(5000)}}
    friendly(await app.client.post("/rooms", data=form, headers=ORIGIN), 400)


async def test_a_huge_multipart_body_is_the_error_page(app: Served) -> None:
    files = {"file": ("campaign.json", b"{" + b" " * (MAX_BODY + 10) + b"}", "application/json")}
    response = await app.client.post("/campaigns/import", files=files, headers=ORIGIN)
    friendly(response, 413)


async def test_a_multipart_part_over_the_parsers_limit_is_the_error_page(app: Served) -> None:
    # under the body limit, over the 1 MB a multipart text field may hold
    data = {"name": "x" * (1024 * 1024 + 10)}
    files = {"file": ("campaign.json", b"{}", "application/json")}
    response = await app.client.post("/campaigns/import", data=data, files=files, headers=ORIGIN)
    friendly(response, 400)


async def test_a_body_that_lies_about_its_length_is_the_error_page(app: Served) -> None:
    headers = {**ORIGIN, "content-length": "lots"}
    response = await app.client.post("/rooms", content=b"game_id=x", headers=headers)
    friendly(response, 400)


FORGED: list[tuple[dict[str, Any], int, str]] = [
    ({"game_id": "chess"}, 404, "Unknown game"),
    ({"game_id": "four-pints", "clock": "sundial"}, 400, "Unknown turn clock"),
    ({"game_id": "four-pints", "campaign": "new"}, 400, "no campaigns"),
    ({"game_id": "stickers", "campaign": "nosuchcampaign"}, 403, "member of"),
]


@pytest.mark.parametrize(("form", "status", "said"), FORGED)
async def test_forged_fields_are_the_error_page(
    app: Served, form: dict[str, Any], status: int, said: str
) -> None:
    response = await app.client.post("/rooms", data={"name": "Ann", **form}, headers=ORIGIN)
    assert said in friendly(response, status)


async def test_a_crash_is_the_error_page(app: Served) -> None:
    page = friendly(await app.client.get("/games/crashing/cards"), 500)
    assert "went wrong on our side" in page and "a bug" not in page


WINDOW = "“Seconds to answer a move out of turn (each stage)”"
OPTION_ERRORS = [
    ({"window_seconds": "2"}, f"{WINDOW} must be from 3 to 30."),
    ({"window_seconds": "soon"}, f"{WINDOW} needs a whole number."),
]


@pytest.mark.parametrize(("options", "said"), OPTION_ERRORS)
async def test_an_option_error_names_the_option_as_the_form_labels_it(
    app: Served, options: dict[str, str], said: str
) -> None:
    form = {"game_id": "for20", "name": "Ann", **options}
    page = friendly(await app.client.post("/rooms", data=form, headers=ORIGIN), 400)
    assert said in page and "window_seconds" not in page.split("<main>")[1]


def test_an_option_errors_label_is_translated_with_the_message() -> None:
    class Italian(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return {"Mode": "Modalità"}.get(message, message)

    env = make_environment()
    env.globals["translations"] = Italian()
    refusal = GAMES["speedy_pickers"].validate_options({"mode": "cheat"})
    assert isinstance(refusal, Refusal)
    assert refusal_text(env, refusal) == "Please pick one of the choices for “Modalità”."


class Bracketed(gettext.NullTranslations):
    """Writes every message as ⟪message⟫, so what went through the catalogue shows."""

    def gettext(self, message: str) -> str:
        return f"⟪{message}⟫"


LABEL_ERRORS = [
    ("speedy_pickers", {"mode": "cheat"}, "⟪Please pick one of the choices for “⟪Mode⟫”.⟫"),
    ("for20", {"window_seconds": "soon"}, f"⟪“⟪{WINDOW[1:-1]}⟫” needs a whole number.⟫"),
    ("for20", {"window_seconds": "2"}, f"⟪“⟪{WINDOW[1:-1]}⟫” must be from 3 to 30.⟫"),
]


@pytest.mark.parametrize(("game_id", "options", "said"), LABEL_ERRORS)
def test_every_option_error_says_its_label_in_the_viewer_s_language(
    game_id: str, options: dict[str, str], said: str
) -> None:
    env = make_environment()
    env.globals["translations"] = Bracketed()
    refusal = GAMES[game_id].validate_options(options)
    assert isinstance(refusal, Refusal)
    assert refusal_text(env, refusal) == said


async def test_a_missing_static_file_is_the_error_page(app: Served) -> None:
    friendly(await app.client.get("/static/no-such-file.css"), 404)
    friendly(await app.client.get("/static/emoji/no-such-emoji.svg"), 404)


async def test_a_cross_site_post_is_the_error_page(app: Served) -> None:
    response = await app.client.post(
        "/rooms", data={"game_id": "four-pints"}, headers={"origin": "https://evil.example"}
    )
    assert "sent from another site" in friendly(response, 403)


async def test_an_address_with_a_malformed_part_is_the_error_page(app: Served) -> None:
    friendly(await app.client.get("/people/not-a-number"), 422)
