"""A page in each language: chosen from the browser's Accept-Language, or by the switch on
every page, which is remembered; a room's WebSocket speaks its tab's language.

The server here runs with tiny Italian and Russian catalogues (tests/support/languages.py),
so these tests do not wait for the real translations; `test_real_catalogues_translate_the_lobby`
reads the real ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import httpx
import pytest
from babel.messages.pofile import read_po

from app.history import charts
from app.web.locales import LOCALE_DIR, chosen, languages, preferred
from app.web.render import make_environment, render
from app.web.routes.language import back_to
from tests.support.server import LiveServer
from tests.support.tabs import Tab, join

SERVED = ("en", "it", "ru")
LOBBY = {
    "en": "Start a game night",
    "it": "Inizia una serata di giochi",
    "ru": "Начните игровой вечер",
}


@pytest.fixture(scope="module")
def speaking(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server on SQLite whose Italian and Russian are the tiny test catalogues."""
    tmp = tmp_path_factory.mktemp("languages")
    server = LiveServer(
        f"sqlite+aiosqlite:///{tmp / 'gamenight.db'}",
        tmp,
        factory="tests.support.languages:create_app",
    ).start()
    yield server
    server.close()


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("ru", "ru"),
        ("de-DE,de;q=0.9,ru;q=0.5,it;q=0.4", "ru"),
        ("en-GB,ru;q=0.9", "en"),
        ("fr, it;q=0", "en"),  # q=0: "not this one"
        ("ru;q=0.2, it;q=0.8", "it"),
        ("", "en"),
        ("*", "en"),
        ("it;q=banana", "en"),
    ],
)
def test_the_browser_s_preference_picks_the_best_served_language(
    header: str, language: str
) -> None:
    assert preferred(header, SERVED) == language


def test_a_chosen_language_wins_over_the_browser_s_and_an_unknown_one_is_ignored() -> None:
    assert chosen("ru", "it", SERVED) == "ru"
    assert chosen("xx", "it", SERVED) == "it"
    assert chosen(None, None, SERVED) == "en"


def test_every_catalogue_is_a_language() -> None:
    assert languages() == ("en", "it", "ru")


def test_the_switch_goes_back_to_the_page_it_was_on_and_never_to_another_site() -> None:
    assert back_to("http://127.0.0.1:8000/r/abc?x=1") == "/r/abc?x=1"
    assert back_to(None) == "/"
    assert back_to("http://evil.example//evil.example/") == "/"
    assert back_to("http://127.0.0.1:8000/\\evil.example") == "/"


@pytest.mark.parametrize("language", ["en", "it", "ru"])
def test_the_lobby_speaks_the_browser_s_language(speaking: LiveServer, language: str) -> None:
    page = httpx.get(f"{speaking.url}/", headers={"Accept-Language": f"{language};q=0.9"})
    assert f'<html lang="{language}">' in page.text
    assert LOBBY[language] in page.text
    others = [words for code, words in LOBBY.items() if code != language]
    assert not any(words in page.text for words in others)


def test_every_page_offers_the_switch(speaking: LiveServer) -> None:
    page = httpx.get(f"{speaking.url}/").text
    assert 'action="/language"' in page
    for code, name in (("it", "italiano"), ("ru", "русский")):
        assert f'value="{code}" lang="{code}"' in page and name in page


def test_the_switch_is_remembered_over_the_browser_s_language(speaking: LiveServer) -> None:
    url = speaking.url
    with httpx.Client(base_url=url, headers={"Origin": url, "Accept-Language": "it"}) as client:
        assert LOBBY["it"] in client.get("/").text
        chose = client.post("/language", data={"lang": "ru"}, headers={"Referer": f"{url}/replays"})
        assert chose.status_code == 303 and chose.headers["location"] == "/replays"
        assert LOBBY["ru"] in client.get("/").text  # the cookie, though the browser says it
        assert '<html lang="ru">' in client.get("/replays").text


def test_an_unknown_language_is_refused_and_changes_nothing(speaking: LiveServer) -> None:
    url = speaking.url
    with httpx.Client(base_url=url, headers={"Origin": url}) as client:
        refused = client.post("/language", data={"lang": "xx"})
        assert refused.status_code == 400
        assert "gn_lang" not in client.cookies
        assert LOBBY["en"] in client.get("/").text


def test_a_cross_site_switch_is_refused(speaking: LiveServer) -> None:
    refused = httpx.post(
        f"{speaking.url}/language", data={"lang": "ru"}, headers={"Origin": "http://evil.example"}
    )
    assert refused.status_code == 403 and "gn_lang" not in refused.cookies


async def test_a_room_s_tabs_each_get_the_table_and_its_updates_in_their_language(
    speaking: LiveServer,
) -> None:
    url = speaking.url
    code, ann_cookie = join(url, "Ann")
    _code, bob_cookie = join(url, "Bob", code)
    ann = await Tab.open(url, code, ann_cookie, language="it")
    bob = await Tab.open(url, code, bob_cookie, language="ru")
    watcher = await Tab.open(url, code, None, language="en")
    await bob.until(lambda t: {"cmd": "sit", "seat": 1} in t.commands())
    await bob.send({"cmd": "sit", "seat": 1})
    await ann.until(lambda t: any(c.get("cmd") == "start" for c in t.commands()))
    await ann.send({"cmd": "start"})
    for tab, words in ((ann, "Giro 1 di"), (bob, "Раунд 1 из"), (watcher, "Round 1 of")):
        await tab.until(lambda t, words=words: words in t.parts.get("status", ""))
    await ann.until(lambda t: any("Tocca a" in line for line in t.log))
    await bob.until(lambda t: any("Ход игрока" in line for line in t.log))
    await watcher.until(lambda t: any("turn." in line for line in t.log))
    # A move: its log line reaches each tab in that tab's language.
    mover = ann if ann.moves() else bob
    await mover.send(next(m for m in mover.moves() if m["kind"] == "reveal"))
    said = {ann: "ha scoperto", bob: "открывает", watcher: "revealed"}
    for tab, words in said.items():
        await tab.until(lambda t, words=words: any(words in line for line in t.log))
    assert not any("revealed" in line or "открывает" in line for line in ann.log)
    assert not any("revealed" in line or "ha scoperto" in line for line in bob.log)
    assert not any("ha scoperto" in line or "открывает" in line for line in watcher.log)
    for tab in (ann, bob, watcher):
        await tab.close()


async def test_a_refusal_reaches_a_tab_in_its_language(speaking: LiveServer) -> None:
    code, _cookie = join(speaking.url, "Ann")
    italian = await Tab.open(speaking.url, code, None, language="it")
    russian = await Tab.open(speaking.url, code, None, language="ru")
    for tab, words in (
        (italian, "Quel messaggio non si capisce."),
        (russian, "Это сообщение непонятно."),
    ):
        await tab.until(lambda t: "seats" in t.parts)
        await tab.send("not json")
        await tab.until(lambda t, words=words: t.flash_text() == words)
        await tab.close()


async def test_a_tab_s_language_is_the_switch_s(speaking: LiveServer) -> None:
    url = speaking.url
    code, ann_cookie = join(url, "Ann")
    tab = await Tab.open(url, code, ann_cookie, language="it", cookies={"gn_lang": "ru"})
    await tab.until(lambda t: "seats" in t.parts)
    assert "свободное место" in tab.parts["seats"] and "posto vuoto" not in tab.parts["seats"]
    await tab.close()
    page = httpx.get(
        f"{url}/r/{code}", cookies={"gn_lang": "ru"}, headers={"Accept-Language": "it"}
    )
    assert '<html lang="ru">' in page.text


def _catalogue_words(language: str, msgid: str) -> str:
    with Path(LOCALE_DIR, language, "LC_MESSAGES", "messages.po").open("rb") as po:
        message = read_po(po).get(msgid)
    return "" if message is None or message.fuzzy else str(message.string)


@pytest.mark.parametrize("language", ["it", "ru"])
def test_real_catalogues_translate_the_lobby(sqlite_server: LiveServer, language: str) -> None:
    """With the real catalogues (this fails until they are translated)."""
    words = _catalogue_words(language, "Start a game night")
    assert words and words != "Start a game night"
    page = httpx.get(f"{sqlite_server.url}/", headers={"Accept-Language": language})
    assert words in page.text


PLAY = '{{ pgettext("replay", "Play") }} | {{ pgettext("card", "Play") }}'


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Play | Play"), ("it", "Riproduci | Gioca"), ("ru", "Воспроизвести | Сыграть")],
)
def test_the_replay_s_play_and_a_card_s_are_two_messages(language: str, said: str) -> None:
    """With the real catalogues: one English word, two contexts (the replay's button,
    playing a card), each translated in its own words."""
    assert make_environment(locale=language).from_string(PLAY).render() == said


def test_a_message_in_a_context_fills_its_variables_escaped() -> None:
    source = '{{ pgettext("test", "%(name)s wins", name=name) }}'
    assert make_environment().from_string(source).render(name="<b>") == "&lt;b&gt; wins"


@pytest.mark.parametrize(
    ("language", "day", "number"),
    [
        ("en", "Dec 1, 2026", "1,234.5"),
        ("it", "1 dic 2026", "1.234,5"),
        ("ru", "1 дек. 2026", "1 234,5"),
    ],
)
def test_history_dates_and_numbers_follow_the_language(
    language: str, day: str, number: str
) -> None:
    env = make_environment(locale=language)
    moment = datetime(2026, 12, 1, 18, 30)
    html = render(env, "history/marks.html")
    assert html.strip() == ""  # macros only
    shown = env.from_string(
        '{% from "history/marks.html" import day %}{{ day(m) }} {{ format_number(n, "#,##0.0") }}'
    ).render(m=moment, n=1234.5)
    assert day in shown and number in shown.replace("\xa0", " ").replace("\u202f", " ")
    assert '<time datetime="2026-12-01">' in shown


def test_charts_write_days_and_shares_in_the_language() -> None:
    svg = charts.scores_over_time("t", {"4 Pints": [(datetime(2026, 12, 1), 3)]}, "ru")
    assert "дек" in svg and "Dec" not in svg
    shares = charts.win_rates("t", {"4 Pints": 50.0}, "it")
    assert "50%" in shares
