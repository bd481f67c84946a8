"""What each viewer may see: the table's parts, their own hand and moves, never hidden cards."""

from __future__ import annotations

from dataclasses import replace

from app.games.core import MovesView
from app.games.stellar import GAME
from app.games.stellar.actions import Place, PlayNotebook, PlayTelescope, Start, Take
from app.games.stellar.cards import Card, Suit
from app.games.stellar.events import FaceDownSecret
from app.games.stellar.state import Phase
from app.games.stellar.views import (
    CardView,
    EntryView,
    HandView,
    NotebookView,
    RowView,
    ScoresView,
    SectionView,
    SpaceView,
    StackView,
    StatusView,
    TelescopeView,
)

from .tables import Cards, note, play, play_events, row, scope, table, with_board


def test_view_has_the_named_parts() -> None:
    state = GAME.setup(2, {}, seed=3)
    view = GAME.view(state, None)
    assert set(view) == {"status", "row", "hand", "telescopes", "notebooks", "scores", "actions"}
    assert isinstance(view["status"], StatusView)
    assert isinstance(view["row"], RowView)
    assert all(isinstance(part, TelescopeView) for part in view["telescopes"])
    assert all(isinstance(part, NotebookView) for part in view["notebooks"])
    assert isinstance(view["scores"], ScoresView)
    assert view["hand"] is None and view["actions"] is None  # a spectator has neither


def test_public_parts_are_the_same_for_every_viewer() -> None:
    cards = Cards()
    state = table(row=row(*cards.filler(5)), deck=cards.filler(4))
    face_down = scope({4: cards.card(Suit.MOON, 1)}, face_down=frozenset({4}))
    state = with_board(state, 0, hand=cards.filler(2), telescope=face_down)
    public = GAME.public_view(state)
    assert set(public) == {"status", "notebooks", "scores"}
    for viewer in (None, 0, 1):
        private = GAME.private_view(state, viewer)
        assert set(private) == {"row", "hand", "telescopes"}
        assert GAME.view(state, viewer) == {
            **public,
            **private,
            "actions": GAME.moves_view(state, viewer),
        }


def test_status_during_setup_waits_for_both() -> None:
    state = GAME.setup(2, {}, seed=3)
    status = GAME.view(state, 0)["status"]
    assert status == StatusView(1, 11, state.first, None, "setup", (0, 1), (2, 2), 47, 0, False)


def test_a_seat_sees_its_own_hand_and_starting_cards_only() -> None:
    state = GAME.setup(2, {}, seed=3)
    hand = GAME.view(state, 1)["hand"]
    assert isinstance(hand, HandView)
    assert [card.id for card in hand.cards] == [card.id for card in state.boards[1].hand]
    assert [card.id for card in hand.starting] == [card.id for card in state.boards[1].starting]
    everything = repr(GAME.view(state, 1))
    for card in (*state.boards[0].hand, *state.boards[0].starting):
        assert f"CardView(id={card.id}," not in everything


def test_row_slots_are_numbered_and_the_deck_is_a_count() -> None:
    state = GAME.setup(2, {}, seed=3)
    part = GAME.view(state, None)["row"]
    assert [slot.number for slot in part.slots] == [1, 2, 3, 4, 5]
    assert [slot.card.id for slot in part.slots] == [card.id for card in state.row]
    assert part.deck == len(state.deck) and part.drawn is None and not part.drawn_hidden
    shuffled = replace(state, deck=state.deck[::-1], rng=state.rng.next64()[1])
    for viewer in (None, 0, 1):
        assert GAME.view(state, viewer) == GAME.view(shuffled, viewer)


def test_face_down_card_is_shown_to_its_owner_only() -> None:
    cards = Cards()
    moon = cards.card(Suit.MOON, 5)
    state = with_board(table(), 0, telescope=scope({8: moon}, face_down=frozenset({8})))
    mine = GAME.view(state, 0)["telescopes"][0].spaces[8]
    assert mine == SpaceView(8, 3, 0, "bottom", CardView(moon.id, "normal", "moon", "Moon", 5, 0),
                             True, 3)  # fmt: skip
    for viewer in (1, None):
        theirs = GAME.view(state, viewer)["telescopes"][0].spaces[8]
        assert theirs == SpaceView(8, 3, 0, "bottom", None, True, 3)


def test_deck_card_waiting_for_a_space_is_shown_to_its_player_only() -> None:
    cards = Cards()
    planet3 = cards.card(Suit.PLANET, 3)
    state = table(row=row(*cards.filler(5)), deck=cards.filler(4))
    state = play(with_board(state, 0, hand=(planet3,)), Take(3), PlayNotebook(planet3.id))
    assert state.phase is Phase.PLACE and state.drawn_from_deck
    assert GAME.view(state, 0)["row"].drawn.id == state.drawn.id
    for viewer in (1, None):
        part = GAME.view(state, viewer)["row"]
        assert part.drawn is None and part.drawn_hidden


def test_row_card_waiting_for_a_space_is_public() -> None:
    cards = Cards()
    planet1 = cards.card(Suit.PLANET, 1)
    state = table(row=row(*cards.filler(5)), deck=cards.filler(4))
    state = play(with_board(state, 0, hand=(planet1,)), Take(3), PlayNotebook(planet1.id))
    assert GAME.view(state, 1)["row"].drawn.id == state.drawn.id


def test_actions_carry_card_space_and_face_down_for_the_table_to_highlight() -> None:
    cards = Cards()
    planet1 = cards.card(Suit.PLANET, 1)
    state = table(row=row(*cards.filler(5)), deck=cards.filler(4))
    state = with_board(state, 0, hand=(planet1,), telescope=scope({0: cards.card(Suit.PLANET, 2)}))
    state = play(state, Take(5))
    actions = GAME.view(state, 0)["actions"]
    assert isinstance(actions, MovesView) and actions.phase == "play"
    spaces = [a.space for a in actions.actions if a.kind == "telescope" and a.card == planet1.id]
    assert spaces == [1, 2, 3]
    assert PlayNotebook(planet1.id) in actions.actions
    assert PlayTelescope(planet1.id, 1, face_down=False) in actions.actions
    assert GAME.view(state, 1)["actions"] is None


def test_prompt_for_a_face_down_second_card() -> None:
    cards = Cards()
    moon5 = cards.card(Suit.MOON, 5)
    walls = {11: cards.card(Suit.MOON, 2), 7: cards.card(Suit.CLOUD, 2)}
    walls[10] = cards.card(Suit.CLOUD, 3)
    state = table(row=row(*cards.filler(4), moon5), deck=cards.filler(4))
    state = with_board(state, 0, hand=(cards.card(Suit.PLANET, 5),), telescope=scope(walls))
    state = play(state, Take(1), PlayNotebook(state.boards[0].hand[0].id))
    actions = GAME.view(state, 0)["actions"]
    assert actions.prompt == "The second card cannot go face up: choose a space for it face down."
    assert all(a.face_down for a in actions.actions if a.kind == "place")
    assert Place(0, True) in GAME.legal_actions(state, 0)


def test_telescope_view_lays_out_the_pyramid_with_section_totals() -> None:
    cards = Cards()
    state = with_board(
        table(),
        1,
        telescope=scope({0: cards.six_zero(Suit.PLANET), 6: cards.satellite()}),
    )
    telescope = GAME.view(state, None)["telescopes"][1]
    assert [(space.row, space.x) for space in telescope.spaces[:5]] == [
        (0, 2), (0, 4), (1, 1), (1, 3), (1, 5),
    ]  # fmt: skip
    assert telescope.sections == (
        SectionView("top", "Top", (0, 1, 2, 3, 4), 6),
        SectionView("middle", "Middle", (5, 6, 7), 2),
        SectionView("bottom", "Bottom", (8, 9, 10, 11), 0),
    )
    assert telescope.spaces[0].value == 6 and telescope.spaces[1].card is None


def test_notebook_view_shows_stacks_lowest_first_with_their_run() -> None:
    cards = Cards()
    satellite, six_zero = cards.satellite(), cards.six_zero(Suit.MOON)
    notebook = note(
        cards.card(Suit.MOON, 5),
        cards.card(Suit.MOON, 3),
        six_zero,
        satellite,
        cards.card(Suit.PLANET, 4),
        stacks={satellite.id: Suit.MOON},
    )
    state = with_board(table(), 0, notebook=notebook)
    moon = GAME.view(state, 1)["notebooks"][0].stacks[4]
    assert isinstance(moon, StackView) and moon.suit == "moon"
    assert [(entry.card.id, entry.value) for entry in moon.entries] == [
        (satellite.id, 2),
        (notebook[1].card.id, 3),
        (notebook[0].card.id, 5),
        (six_zero.id, 6),
    ]
    assert moon.run == (2, 3)  # 2-3 and 5-6 are equally long: the lower run is shown
    assert moon.entries[-1] == EntryView(
        CardView(six_zero.id, "six-zero", "moon", "Moon", 6, 0), 6, False
    )


def test_unchanged_parts_compare_equal() -> None:
    state = GAME.setup(2, {}, seed=4)
    before = GAME.view(state, 1)
    after = GAME.view(play(state, Start(state.boards[0].starting[0].id, 0), seat=0), 1)
    assert after["row"] == before["row"]
    assert after["telescopes"] == before["telescopes"]
    assert after["notebooks"] == before["notebooks"]
    assert after["status"] != before["status"]


def _face_down_from_hand(cards: Cards, hand_card: Card, slot_five: Card) -> list[str]:
    """Returns the log lines the opponent reads when seat 0 must play `hand_card` face down
    (planets are blocked: the one planet's neighbours are taken)."""
    blocked = scope(
        {8: cards.card(Suit.PLANET, 2), 5: cards.card(Suit.MOON, 1), 9: cards.card(Suit.MOON, 2)}
    )
    state = table(row=row(*cards.filler(4), slot_five), deck=cards.filler(4))
    state = with_board(state, 0, telescope=blocked, hand=(hand_card, cards.filler(1)[0]))
    _state, events = play_events(state, Take(1), PlayTelescope(hand_card.id, 0, face_down=True))
    seen = [event for event in events if event.visible_to(1)]
    assert not any(isinstance(event, FaceDownSecret) for event in seen)
    return [GAME.describe(event, ["Ann", "Bob"]) for event in seen]


def test_a_face_down_hand_card_shows_its_printed_number_by_the_row_slot_it_calls() -> None:
    cards = Cards()
    planet5, cloud5 = cards.card(Suit.PLANET, 5), cards.card(Suit.CLOUD, 5)
    lines = _face_down_from_hand(cards, planet5, slot_five=cloud5)
    assert "Ann put Interstellar Cloud 5 in their notebook." in lines  # everyone saw it in slot 5
    assert "Black Hole 4 ★ comes to row slot 5." in lines
    assert not any("Planet 5" in line for line in lines)


def test_a_face_down_six_zero_from_the_hand_is_named_in_the_log() -> None:
    cards = Cards()
    lines = _face_down_from_hand(cards, cards.six_zero(Suit.PLANET), cards.filler(1)[0])
    assert "A 6/0 card has no row slot: Ann's second card is the top of the deck." in lines
