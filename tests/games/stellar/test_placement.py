"""Telescope placement: next to your own suit, a new suit anywhere, face down when blocked."""

from __future__ import annotations

from app.games.stellar import GAME
from app.games.stellar.actions import Place, PlayNotebook, PlayTelescope, Take
from app.games.stellar.cards import Section, Suit
from app.games.stellar.events import FaceDown, FaceDownSecret, ToTelescope
from app.games.stellar.placement import face_up_spaces, placements
from app.games.stellar.scoring import breakdowns, section_total
from app.games.stellar.state import Phase

from .tables import Cards, play, play_events, refused, row, scope, table, with_board


def test_a_new_suit_may_go_on_any_free_space() -> None:
    cards = Cards()
    telescope = scope({3: cards.card(Suit.MOON, 2), 8: cards.card(Suit.CLOUD, 4)})
    planet = cards.card(Suit.PLANET, 1)
    assert face_up_spaces(telescope, planet) == (0, 1, 2, 4, 5, 6, 7, 9, 10, 11)


def test_a_suit_already_there_must_touch_an_edge_of_that_suit() -> None:
    cards = Cards()
    telescope = scope({3: cards.card(Suit.PLANET, 2), 0: cards.card(Suit.MOON, 4)})
    planet = cards.card(Suit.PLANET, 1)
    assert face_up_spaces(telescope, planet) == (1, 2, 4, 6)  # 3's neighbours but the moon's 0


def test_any_card_of_the_suit_will_do() -> None:
    cards = Cards()
    telescope = scope({0: cards.card(Suit.PLANET, 2), 11: cards.card(Suit.PLANET, 4)})
    assert face_up_spaces(telescope, cards.card(Suit.PLANET, 1)) == (1, 2, 3, 7, 10)


def test_six_zero_card_follows_its_suit() -> None:
    cards = Cards()
    telescope = scope({8: cards.card(Suit.ASTEROID, 2)})
    assert face_up_spaces(telescope, cards.six_zero(Suit.ASTEROID)) == (5, 9)


def test_blocked_card_goes_face_down_on_any_free_space() -> None:
    cards = Cards()
    telescope = scope(
        {8: cards.card(Suit.PLANET, 2), 5: cards.card(Suit.MOON, 1), 9: cards.card(Suit.MOON, 2)}
    )
    planet = cards.card(Suit.PLANET, 5)
    assert face_up_spaces(telescope, planet) == ()
    free = (0, 1, 2, 3, 4, 6, 7, 10, 11)
    assert placements(telescope, planet) == tuple((space, True) for space in free)


def test_face_down_card_counts_three_with_no_suit_and_no_stars() -> None:
    cards = Cards()
    planet = cards.card(Suit.PLANET, 1, stars=3)
    telescope = scope({5: planet}, face_down=frozenset({5}))
    placed = telescope[5]
    assert placed is not None and (placed.value, placed.suit, placed.stars) == (3, None, 0)
    # A face-down planet neither makes planets present nor lets a planet touch it.
    assert face_up_spaces(telescope, cards.card(Suit.PLANET, 2)) == (
        0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11,
    )  # fmt: skip
    board = with_board(table(), 0, telescope=telescope).boards[0]
    assert section_total(board, Section.MIDDLE) == 3
    assert breakdowns((board, board))[0].suits[0].stars == 0


def test_blocked_hand_card_is_played_face_down_and_uses_its_printed_number() -> None:
    cards = Cards()
    blocked = {8: cards.card(Suit.PLANET, 2), 5: cards.card(Suit.MOON, 1)}
    blocked[9] = cards.card(Suit.MOON, 2)
    planet5 = cards.card(Suit.PLANET, 5)
    cloud5 = cards.card(Suit.CLOUD, 5)
    state = table(row=row(*cards.filler(4), cloud5), deck=cards.filler(4))
    state = with_board(state, 0, telescope=scope(blocked), hand=(planet5, cards.filler(1)[0]))
    state = play(state, Take(1))
    assert PlayTelescope(planet5.id, 0) not in GAME.legal_actions(state, 0)
    assert PlayTelescope(planet5.id, 0, face_down=True) in GAME.legal_actions(state, 0)
    state, events = play_events(state, PlayTelescope(planet5.id, 0, face_down=True))
    assert FaceDown(0, 0, "hand") in events
    secret = next(event for event in events if isinstance(event, FaceDownSecret))
    assert secret == FaceDownSecret(0, 0, planet5.id, seen_by=frozenset({0}))
    assert state.boards[0].telescope[0].face_down
    assert [entry.card for entry in state.boards[0].notebook] == [cloud5]  # slot 5, as printed


def test_second_card_obeys_the_same_rule() -> None:
    cards = Cards()
    moon1 = cards.card(Suit.MOON, 1)
    state = table(row=row(moon1, *cards.filler(4)), deck=cards.filler(4))
    planet1 = cards.card(Suit.PLANET, 1)
    state = with_board(
        state,
        0,
        telescope=scope({11: cards.card(Suit.MOON, 4)}),
        hand=(planet1, cards.filler(1)[0]),
    )
    state = play(state, Take(2), PlayNotebook(planet1.id))
    assert state.phase is Phase.PLACE and state.drawn == moon1
    assert [a for a in GAME.legal_actions(state, 0) if isinstance(a, Place)] == [
        Place(7),
        Place(10),
    ]
    state, events = play_events(state, Place(10))
    assert ToTelescope(0, moon1.id, 10, "row") in events


def test_satellite_goes_on_any_free_space() -> None:
    cards = Cards()
    telescope = scope({3: cards.card(Suit.PLANET, 2)})
    assert face_up_spaces(telescope, cards.satellite()) == (0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11)


def test_satellite_is_wild_for_the_suit_next_to_it() -> None:
    cards = Cards()
    telescope = scope({0: cards.card(Suit.PLANET, 2), 11: cards.satellite()})
    # Planet at 0 touches 1, 2, 3; the satellite at 11 stands in for a planet: 7, 10.
    assert face_up_spaces(telescope, cards.card(Suit.PLANET, 1)) == (1, 2, 3, 7, 10)
    # A satellite alone does not make any suit present: a moon still goes anywhere.
    assert len(face_up_spaces(telescope, cards.card(Suit.MOON, 1))) == 10


def test_placement_refusals_say_why() -> None:
    cards = Cards()
    planet1 = cards.card(Suit.PLANET, 1)
    state = table(row=row(*cards.filler(5)), deck=cards.filler(4))
    state = with_board(
        state,
        0,
        telescope=scope({3: cards.card(Suit.PLANET, 2), 11: cards.card(Suit.MOON, 2)}),
        hand=(planet1, cards.filler(1)[0]),
    )
    state = play(state, Take(1))
    assert refused(state, PlayTelescope(planet1.id, 3)).reason == "That space is already taken."
    assert refused(state, PlayTelescope(planet1.id, 12)).reason == (
        "There is no such space in the telescope."
    )
    assert refused(state, PlayTelescope(planet1.id, 9)).text() == (
        "A Planet card must go next to a Planet card already in your telescope."
    )
    assert refused(state, PlayTelescope(planet1.id, 0, face_down=True)).reason == (
        "That card can go face up, so it may not go face down."
    )
    assert refused(state, PlayTelescope(999, 0)).reason == "You do not have that card."
    moon = cards.card(Suit.MOON, 5)
    walled = with_board(
        state,
        0,
        telescope=scope({11: cards.card(Suit.MOON, 2), 7: planet1, 10: cards.card(Suit.CLOUD, 1)}),
        hand=(moon,),
    )
    assert refused(walled, PlayTelescope(moon.id, 0)).text() == (
        "No free space touches a Moon card: this card must go face down."
    )
