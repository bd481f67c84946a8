"""The end: 20+ stoner points at the end of a full round; extra rounds on ties (the FAQ)."""

from __future__ import annotations

from dataclasses import replace

from app.games.for20 import GAME
from app.games.for20.actions import EndTurn, Smoke
from app.games.for20.events import ExtraRound, GameEnded, RoundEnded
from app.games.for20.scoring import ROUND_LIMIT
from app.games.for20.state import Phase

from .tables import Cards, log, play, play_events, table, with_board

_KEYS = ("haze", "afghan", "skunk", "marocchino", "homegrown", "brown-hash")


def smoked(cards: Cards, total: int) -> tuple[int, ...]:
    """Returns materials worth exactly `total` stoner points (3s, then 2s and 1s)."""
    out: list[int] = []
    points = {"haze": 3, "afghan": 3, "skunk": 2, "marocchino": 2, "homegrown": 1}
    points["brown-hash"] = 1
    for key in _KEYS:
        while total >= points[key]:
            try:
                out.append(cards(key))
            except LookupError:
                break
            total -= points[key]
    assert total == 0
    return tuple(out)


def _last_turn(*totals: int, extra: bool = False):
    """Returns the last seat's turn of round 1 with the given scores, and the card picker."""
    cards = Cards()
    players = len(totals)
    state = table(players, seat=players - 1, extra=extra)
    for seat, total in enumerate(totals):
        state = with_board(state, seat, smoked=smoked(cards, total))
    return state, cards


def test_one_player_at_20_wins_at_the_end_of_the_round() -> None:
    state, _cards = _last_turn(21, 12)
    state, events = play_events(state, EndTurn(), seat=1)
    assert state.phase is Phase.OVER and state.winner == 0
    assert GAME.result(state).ranks == (1, 2) and GAME.result(state).scores == (21, 12)
    assert GAME.active_seats(state) == frozenset()
    assert "The game is over: Ann wins with 21 stoner points." in log(events)


def test_20_in_the_middle_of_a_round_does_not_end_the_game() -> None:
    cards = Cards()
    paper, haze = cards("rolling-paper"), cards("haze")
    state = with_board(table(), 0, smoked=smoked(cards, 18), hand=(paper,), reserve=(haze,))
    state = play(state, Smoke((paper,), (haze,)), EndTurn())
    assert state.phase is Phase.MAIN and state.seat == 1  # everyone has the same turns
    state = play(state, EndTurn())
    assert state.winner == 0


def test_points_lost_before_the_round_ends_do_not_win() -> None:
    cards = Cards()
    state, _ = _last_turn(0, 0)
    state = with_board(state, 0, smoked=smoked(cards, 20))
    bowl = cards("spilled-bowl")
    state = with_board(replace(state, coins=3), 1, hand=(bowl,))
    from app.games.for20.actions import PlayAction

    state = play(state, PlayAction(bowl, 0), EndTurn(), seat=1)
    assert state.phase is Phase.MAIN and state.round == 2


def test_faq_several_at_20_in_the_same_round_play_another_full_round() -> None:
    state, _cards = _last_turn(22, 20)
    state, events = play_events(state, EndTurn(), seat=1)
    assert state.phase is Phase.MAIN and state.extra and state.round == 2
    assert [e for e in events if isinstance(e, ExtraRound)] == [ExtraRound(2, (0, 1))]
    assert "Ann and Bob are tied at 20 or more: everyone plays another full round." in log(events)
    state = play(state, EndTurn(), EndTurn())
    assert state.phase is Phase.OVER and state.winner == 0  # the highest score wins


def test_faq_a_persisting_tie_goes_on_until_one_leader() -> None:
    state, cards = _last_turn(21, 21, extra=True)
    state = play(state, EndTurn(), seat=1)
    assert state.phase is Phase.MAIN and state.extra  # still tied: another round
    haze, paper = cards("kush"), cards("king-size")
    state = with_board(state, 0, hand=(paper,), reserve=(haze,))
    state, events = play_events(state, Smoke((paper,), (haze,)), EndTurn(), EndTurn())
    assert state.phase is Phase.OVER and state.winner == 0
    assert [e.round for e in events if isinstance(e, RoundEnded)] == [2]


def test_after_an_extra_round_the_leader_needs_20() -> None:
    state, _cards = _last_turn(15, 12, extra=True)
    state = play(state, EndTurn(), seat=1)
    assert state.phase is Phase.MAIN and not state.extra


def test_the_round_limit_ends_the_game_with_the_leader_or_a_shared_lead() -> None:
    state, _cards = _last_turn(9, 9, 4)
    state = replace(state, round=ROUND_LIMIT)
    state, events = play_events(state, EndTurn(), seat=2)
    assert state.phase is Phase.OVER and state.winner is None
    assert GAME.result(state).ranks == (1, 1, 3)
    assert [e for e in events if isinstance(e, GameEnded)] == [GameEnded((9, 9, 4), None)]


def test_a_finished_game_takes_no_moves() -> None:
    state, _cards = _last_turn(21, 12)
    state = play(state, EndTurn(), seat=1)
    applied = GAME.apply(state, 0, EndTurn())
    assert applied.text() == "The game is over."
    assert GAME.view(state, 0)["actions"] is None
    assert GAME.view(state, None)["status"].is_over
