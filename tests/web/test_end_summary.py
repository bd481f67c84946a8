"""The end-of-game summary at the top of the table: winner, final scores, what decided, and
"play again" for the host alone."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from app.games.core import Result
from app.games.core.bots import playout
from app.games.core.i18n import _
from app.games.registry import GAMES
from app.web.render import text
from app.web.table import render_part, summary_of, summary_part, viewer_of
from tests.support.rooms import ENV, room_with

PLAYERS = {"four-pints": 3, "stellar": 2, "for20": 3, "speedy_pickers": 3, "stickers": 3}


def finished(game_id: str, seed: int = 3) -> Any:
    game = GAMES[game_id]
    _log, state = playout(game, PLAYERS[game_id], seed, random.Random(seed), moves=20000)
    assert game.result(state) is not None, "the playout reached the end"
    return game, state


def summary_html(game: Any, state: Any, person: int | None) -> str:
    live = room_with(game, state, PLAYERS[game.id])
    live.match.result = game.result(state)  # as LiveRoom._apply sets it
    viewer = viewer_of(live, person)
    return render_part(ENV, live, viewer, summary_part(live, viewer))


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_finished_game_opens_with_its_winner_scores_and_play_again(game_id: str) -> None:
    game, state = finished(game_id)
    result: Result = game.result(state)
    host = summary_html(game, state, 1)  # person 1 hosts (tests.support.rooms)
    names = [f"P{n}" for n in range(PLAYERS[game_id])]
    winners = [names[seat] for seat in result.winners]
    heading = re.search(r"<h2[^>]*>(.*?)</h2>", host, re.S)
    assert heading and all(name in heading.group(1) for name in winners)
    listed = re.findall(r"<li[^>]*><span>\d+\.</span> ([^<]+) <span>", host)
    assert sorted(listed) == sorted(names)
    assert listed[0] in winners or not winners  # the best first
    assert '"cmd": "start"' in host and "Play again" in host
    # The history: the game's leaderboard and each seated person's games.
    assert f'href="/games/{game_id}/history"' in host
    assert all(f'href="/people/{n}"' in host for n in range(1, PLAYERS[game_id] + 1))
    other = summary_html(game, state, 2)
    assert '"cmd": "start"' not in other and "The host can start a rematch." in other


def test_while_a_game_runs_the_summary_is_its_empty_frame_not_shown() -> None:
    game = GAMES["four-pints"]
    state = game.setup(3, game.validate_options({}), 1)  # type: ignore[arg-type]
    host = summary_html(game, state, 1)
    # Its title is empty, which app.css does not show; no score, no control waits in it.
    assert '<h2 id="summary-title"></h2>' in host
    assert "<li" not in host and "ws-send" not in host and "Play again" not in host
    # The history links wait in the frame, so the game's end does not send them.
    assert 'href="/games/four-pints/history"' in host
    other = summary_html(game, state, 2)
    assert '<h2 id="summary-title"></h2>' in other and "<li" not in other
    assert "ws-send" not in other
    css = (Path(__file__).parents[2] / "static" / "app.css").read_text()
    assert re.search(r"\.summary:has\(> #summary-title:empty\)[^{]*\{ display: none; \}", css)


def test_the_margin_is_shown_when_nothing_else_decided() -> None:
    summary = summary_of(Result(scores=(12, 20, 15), ranks=(3, 1, 2)))
    assert summary.margin == 5 and [row[1] for row in summary.rows] == [1, 2, 0]
    shared = summary_of(Result(scores=(20, 20), ranks=(1, 1)))
    assert shared.margin == 0 and shared.winners == (0, 1)


def test_four_pints_says_a_tie_on_points_was_broken_by_the_best_round() -> None:
    from app.games.four_pints.scoring import final_result

    game = GAMES["four-pints"]
    state = game.setup(2, game.validate_options({}), 1)  # type: ignore[arg-type]
    tied = state.__class__(**{**_fields(state), "round_scores": ((10, 4), (2, 8))})
    result = final_result(tied)
    assert result.ranks == (1, 2) and result.decided is not None
    assert text(ENV, result.decided) == (
        "Tied on points: the best single round (10 points) decided."
    )
    clear = final_result(state.__class__(**{**_fields(state), "round_scores": ((10, 4),)}))
    assert clear.decided is None


def test_what_decided_is_said_in_the_viewers_language_with_its_parameters() -> None:
    import gettext

    from app.web.render import make_environment

    class Pirate(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return {"Sport": "Arrr-sport", "More of {category}.": "Arrr, more {category}!"}.get(
                message, message
            )

    env = make_environment(translations=Pirate())
    decided = _("More of {category}.").format(category=_("Sport"))
    assert text(env, decided) == "Arrr, more Arrr-sport!"


def _fields(state: Any) -> dict[str, Any]:
    return {name: getattr(state, name) for name in state.__dataclass_fields__}
