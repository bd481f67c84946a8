"""What each viewer may see: the table's parts, their own hand and moves, never hidden cards,
never who could answer or who has passed."""

from __future__ import annotations

import dataclasses

from app.games.core import Gather, Item, MovesView, Pick, Span
from app.games.for20 import GAME
from app.games.for20.actions import Answer, EndTurn, Pass, Smoke
from app.games.for20.state import Phase
from app.games.for20.views import (
    AreaToolView,
    HandView,
    PilesView,
    PlayerView,
    ReserveCardView,
    ScoresView,
    StatusView,
    WindowView,
)

from .tables import Cards, play, table, with_board
from .test_playouts import secrets_changed


def test_view_has_one_part_per_screen_area() -> None:
    state = GAME.setup(4, {}, seed=3)
    public = GAME.public_view(state)
    assert set(public) == {"status", "window", "players", "piles", "scores"}
    assert isinstance(public["status"], StatusView) and public["window"] is None
    assert isinstance(public["piles"], PilesView) and isinstance(public["scores"], ScoresView)
    assert len(public["players"]) == 4 and all(isinstance(p, PlayerView) for p in public["players"])
    for viewer in (None, 0, 1, 2, 3):
        private = GAME.private_view(state, viewer)
        assert set(private) == {"hand"}
        assert GAME.view(state, viewer) == {
            **public,
            **private,
            "actions": GAME.moves_view(state, viewer),
        }
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["actions"] is None


def test_a_seat_sees_its_own_hand_and_counts_of_the_others() -> None:
    state = GAME.setup(3, {}, seed=4)
    view = GAME.view(state, 1)
    hand = view["hand"]
    assert isinstance(hand, HandView)
    assert [item.card.id for item in hand.cards] == list(state.boards[1].hand)
    assert [player.hand for player in view["players"]] == [len(b.hand) for b in state.boards]
    text = repr(view)
    for seat in (0, 2):
        for card in state.boards[seat].hand:
            assert f"CardView(id={card}," not in text


def test_hidden_things_never_change_a_view() -> None:
    state = GAME.setup(5, {"starting_materials": True}, seed=8)
    for viewer in (None, *range(5)):
        assert GAME.view(state, viewer) == GAME.view(secrets_changed(state, viewer), viewer)


def test_piles_show_decks_as_counts_and_dumps_face_up() -> None:
    cards = Cards()
    dumped = (cards("skunk"), cards("kush"))
    state = table(material_deck=cards.many("haze", 3), material_dump=dumped)
    piles = GAME.view(state, None)["piles"]
    assert piles.material_deck == 3 and piles.game_deck == 0
    assert [card.id for card in piles.material_dump] == list(dumped)
    assert piles.material_dump[1].name == "Kush" and piles.material_dump[1].points == 4


def test_players_show_reserve_marks_area_uses_and_the_stack_top_last() -> None:
    cards = Cards()
    bong, haze, skunk, kush = cards("bong"), cards("haze"), cards("skunk"), cards("kush")
    state = with_board(table(), 0, area=(bong,), reserve=(haze, skunk), smoked=(kush,))
    state = play(state, Smoke((bong,), (haze,)))
    state = dataclasses.replace(state, boards=(dataclasses.replace(state.boards[0],
                                turned=frozenset({skunk})), state.boards[1]))  # fmt: skip
    player = GAME.view(state, 1)["players"][0]
    assert player.reserve == (ReserveCardView(player.reserve[0].card, True),)
    assert player.area == (AreaToolView(player.area[0].card, 1, False),)
    assert [card.id for card in player.smoked] == [kush, haze] and player.score == 7
    assert player.to_move and player.first


def test_the_window_shows_who_declared_what_and_the_countdown_never_the_passes() -> None:
    cards = Cards()
    paper, skunk = cards("rolling-paper"), cards("skunk")
    state = with_board(table(3), 0, hand=(paper,), reserve=(skunk,))
    state = with_board(state, 1, hand=(cards("drug-test"), cards("munchies")))
    state = with_board(state, 2, hand=(cards("munchies"), cards("blunt")))
    state = play(state, Smoke((paper,), (skunk,)))
    window = GAME.view(state, None)["window"]
    assert isinstance(window, WindowView)
    assert (window.number, window.stage, window.seconds, window.seat) == (1, 1, 8, 0)
    assert window.answering == (1, 2)
    (entry,) = window.stack
    assert entry.kind == "smoke" and entry.points == 2
    assert [card.id for card in entry.tools] == [paper]
    status = GAME.view(state, None)["status"]
    assert status.phase == "window" and status.waiting == (1, 2)
    passed = play(state, Pass(), seat=2)
    for viewer in (None, 0, 1):
        assert GAME.view(passed, viewer) == GAME.view(state, viewer)


def test_the_holder_and_the_non_holder_see_the_same_table() -> None:
    cards = Cards()
    paper, skunk = cards("rolling-paper"), cards("skunk")
    state = with_board(table(3), 0, hand=(paper,), reserve=(skunk,))
    state = with_board(state, 1, hand=(cards("drug-test"), cards("munchies")))
    state = with_board(state, 2, hand=(cards("munchies"), cards("blunt")))
    state = play(state, Smoke((paper,), (skunk,)))
    bob, cat = GAME.view(state, 1), GAME.view(state, 2)
    assert {k: v for k, v in bob.items() if k not in ("hand", "actions")} == {
        k: v for k, v in cat.items() if k not in ("hand", "actions")
    }
    assert isinstance(bob["actions"], MovesView) and len(bob["actions"].choices) == 2
    assert (
        bob["actions"].prompt == "A move can be answered: play an out-of-turn card, or let it go."
    )
    assert cat["actions"].choices == (Pick(Pass()),)
    assert cat["actions"].prompt == "A move can be answered; you have no answer you can pay for."
    test = state.boards[1].hand[0]
    pay = Gather(Answer(test, 0), "pay", (Item(state.boards[1].hand[1]),), Span(1, 1))
    assert pay in bob["actions"].choices
    plays = {item.card.id: item.plays for item in bob["hand"].cards}
    assert plays == {test: ("answer",), state.boards[1].hand[1]: ("pay",)}


def test_hand_cards_say_how_they_can_be_played_now() -> None:
    cards = Cards()
    paper, bong, munchies, skunk = (
        cards("rolling-paper"),
        cards("bong"),
        cards("munchies"),
        cards("skunk"),
    )
    state = with_board(table(coins=1), 0, hand=(paper, bong, munchies), reserve=(skunk,))
    plays = {item.card.id: item.plays for item in GAME.view(state, 0)["hand"].cards}
    assert plays == {
        paper: ("smoke", "recycle"),
        bong: ("tool", "recycle"),
        munchies: ("action", "recycle"),
    }


def test_status_reports_the_turn() -> None:
    state = table(coins=3, new_tool=True)
    status = GAME.view(state, 0)["status"]
    assert (status.round, status.turn, status.seat, status.coins) == (1, 1, 0, 3)
    assert status.new_tool and not status.no_smoking and status.waiting == (0,)
    assert status.win_points == 20 and not status.is_over


def test_answer_payloads_round_trip_through_the_codec() -> None:
    payload = {"kind": "answer", "card": 112, "target": 0, "pay": ["70", 71]}
    assert GAME.codec.decode(payload) == Answer(112, 0, (70, 71))
    assert GAME.codec.decode({"kind": "smoke", "tools": 86, "materials": [3, 4]}) == Smoke(
        (86,), (3, 4)
    )


def test_a_closed_window_shows_its_answers_until_the_turn_ends() -> None:
    cards = Cards()
    paper, skunk, kush, bong = cards("rolling-paper"), cards("skunk"), cards("kush"), cards("bong")
    state = with_board(table(), 0, hand=(paper,), reserve=(skunk, kush), area=(bong,))
    state = with_board(state, 1, hand=(cards("drug-test"), cards("munchies")))
    state = play(state, Smoke((bong,), (kush,)))
    test, pay = state.boards[1].hand
    state = play(state, Answer(test, 0, (pay,)), seat=1)
    assert state.phase is Phase.MAIN  # Bob was the only one asked; nobody answers him
    window = GAME.view(state, None)["window"]
    assert isinstance(window, WindowView) and not window.open
    assert [(e.seat, e.kind) for e in window.stack] == [(0, "smoke"), (1, "answer")]
    assert (window.seconds, window.answering, window.targets) == (0, (), ())
    assert GAME.view(play(state, EndTurn()), None)["window"] is None


def test_a_window_nobody_answered_leaves_nothing_on_show() -> None:
    cards = Cards()
    paper, skunk = cards("rolling-paper"), cards("skunk")
    state = with_board(table(), 0, hand=(paper,), reserve=(skunk,))
    state = with_board(state, 1, hand=(cards("drug-test"), cards("munchies")))
    state = play(play(state, Smoke((paper,), (skunk,))), Pass(), seat=1)
    assert GAME.view(state, None)["window"] is None
