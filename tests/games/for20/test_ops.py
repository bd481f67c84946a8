"""The 28 operations of the rulebook, one test (at least) each, named by OP number."""

from __future__ import annotations

from app.games.for20 import GAME
from app.games.for20.actions import (
    Answer,
    EndTurn,
    Pass,
    PlayAction,
    PlayTool,
    Recycle,
    Smoke,
    TurnMaterial,
)
from app.games.for20.events import (
    DrawSkipped,
    GameCardDrawn,
    GameCardSeen,
    MaterialDrawn,
    PaperDumped,
    Recycled,
    Reshuffled,
)
from app.games.for20.state import Phase

from .tables import Cards, log, ops, play, play_events, refused, table, with_board


def _end_turn_to_seat_1(**decks: tuple[int, ...]):
    """Returns seat 1's fresh turn after seat 0 ends its own, and the events."""
    return play_events(table(**decks), EndTurn())


# --- A: drawing ---


def test_op01_a_turn_starts_with_a_material_face_up_in_the_reserve() -> None:
    cards = Cards()
    skunk, haze = cards("skunk"), cards("haze")
    state, events = _end_turn_to_seat_1(material_deck=(skunk, haze), game_deck=(cards("blunt"),))
    assert state.seat == 1 and state.boards[1].reserve == (skunk,)
    assert state.material_deck == (haze,)
    drawn = [event for event in events if isinstance(event, MaterialDrawn)]
    assert drawn == [MaterialDrawn(1, skunk, "turn")] and drawn[0].ops() == (1,)
    assert "OP 01 · Bob draws Skunk (2) into their reserve." in log(events)


def test_op02_then_a_secret_game_card_into_the_hand() -> None:
    cards = Cards()
    blunt = cards("blunt")
    state, events = _end_turn_to_seat_1(material_deck=(cards("skunk"),), game_deck=(blunt,))
    assert state.boards[1].hand == (blunt,)
    kinds = [type(event) for event in events]
    assert kinds.index(MaterialDrawn) < kinds.index(GameCardDrawn)  # the material comes first
    assert "OP 02 · Bob draws a game card." in log(events, 0)
    assert not any("Blunt" in line for line in log(events, 0))
    assert any("Blunt" in line for line in log(events, 1))
    assert [e for e in events if isinstance(e, GameCardSeen)][0].seen_by == frozenset({1})


# --- B: smoking ---


def test_op03_smoking_with_a_rolling_paper() -> None:
    cards = Cards()
    paper, skunk = cards("rolling-paper"), cards("skunk")
    state = with_board(table(), 0, hand=(paper,), reserve=(skunk,))
    state, events = play_events(state, Smoke((paper,), (skunk,)))
    board = state.boards[0]
    assert board.smoked == (skunk,) and board.reserve == () and board.hand == ()
    assert state.game_dump == (paper,)
    assert "OP 03 · Ann smokes Skunk (2) with Rolling Paper: 2 stoner points (2 in all)." in log(
        events
    )


def test_op04_a_legendary_tool_stays_in_the_area_and_is_turned() -> None:
    cards = Cards()
    pipe, afghan, charas = cards("pipe"), cards("afghan"), cards("charas")
    state = with_board(table(), 0, area=(pipe,), reserve=(afghan, charas))
    state, events = play_events(state, Smoke((pipe,), (afghan,)))
    assert state.boards[0].area == (pipe,) and state.boards[0].used == (pipe,)
    assert 4 in ops(events)
    reason = refused(state, Smoke((pipe,), (charas,))).text()
    assert reason == "That tool is turned: it has been used this turn."
    assert GAME.view(state, None)["players"][0].area[0].turned


def test_op04_the_bong_smokes_twice_before_it_is_turned() -> None:
    cards = Cards()
    bong, haze, skunk, kush = cards("bong"), cards("haze"), cards("skunk"), cards("kush")
    state = with_board(table(), 0, area=(bong,), reserve=(haze, skunk, kush))
    state = play(state, Smoke((bong,), (haze,)), Smoke((bong,), (skunk,)))
    assert refused(state, Smoke((bong,), (kush,))).text().startswith("That tool is turned")


def test_op05_several_materials_in_range_with_the_highest_on_top() -> None:
    cards = Cards()
    king, skunk, homegrown = cards("king-size"), cards("skunk"), cards("homegrown")
    haze = cards("haze")
    state = with_board(table(), 0, hand=(king,), reserve=(skunk, homegrown, haze))
    reason = refused(state, Smoke((king,), (skunk, haze))).text()
    assert reason == "These materials make 5 stoner points; the tool takes 1 to 4."
    state, events = play_events(state, Smoke((king,), (skunk, homegrown)))
    assert state.boards[0].smoked == (homegrown, skunk)  # Skunk (2) on top
    assert {3, 5} <= ops(events)


def test_op05_a_smoke_below_the_tools_minimum_is_refused() -> None:
    cards = Cards()
    blunt, skunk = cards("blunt"), cards("skunk")
    state = with_board(table(), 0, hand=(blunt,), reserve=(skunk,))
    assert refused(state, Smoke((blunt,), (skunk,))).text().endswith("takes 3 to 6.")


def test_op06_two_papers_combined_add_their_ranges() -> None:
    cards = Cards()
    paper, king, widow = cards("rolling-paper"), cards("king-size"), cards("white-widow")
    state = with_board(table(), 0, hand=(paper, king), reserve=(widow,))
    assert refused(state, Smoke((paper,), (widow,))).text().endswith("takes 1 to 3.")
    assert refused(state, Smoke((king,), (widow,))).text().endswith("takes 1 to 4.")
    state, events = play_events(state, Smoke((king, paper), (widow,)))
    assert state.boards[0].smoked == (widow,)
    assert sorted(state.game_dump) == sorted((paper, king))
    assert {3, 6, 24} <= ops(events)


def test_op06_never_more_than_two_papers() -> None:
    cards = Cards()
    papers = cards.many("rolling-paper", 3)
    state = with_board(table(), 0, hand=papers, reserve=(cards("white-widow"),))
    widow = state.boards[0].reserve[0]
    assert refused(state, Smoke(papers, (widow,))).text() == "At most two papers can be combined."


# --- C: action coins ---


def test_op07_turning_a_material_gives_its_coins_and_locks_it() -> None:
    cards = Cards()
    homegrown, paper = cards("homegrown"), cards("rolling-paper")
    state = with_board(table(), 0, reserve=(homegrown,), hand=(paper,))
    state, events = play_events(state, TurnMaterial(homegrown))
    assert state.coins == 2 and state.boards[0].turned == {homegrown}
    assert "OP 07 · Ann turns Homegrown (1) for 2 action coins; it is locked this turn." in log(
        events
    )
    reason = refused(state, Smoke((paper,), (homegrown,))).text()
    assert reason == "A turned material is locked for this turn and cannot be smoked."
    assert refused(state, TurnMaterial(homegrown)).text() == (
        "That material is already turned this turn."
    )


def test_op08_discarding_a_game_card_gives_its_coin_value() -> None:
    cards = Cards()
    hookah = cards("hookah")
    state = with_board(table(), 0, hand=(hookah,))
    state, events = play_events(state, Recycle(hookah))
    assert state.coins == 3 and state.game_dump == (hookah,) and state.boards[0].hand == ()
    assert ops(events) == {8}


# --- D: actions ---


def test_op09_an_action_costs_coins_and_goes_to_the_game_dump() -> None:
    cards = Cards()
    munchies, homegrown = cards("munchies"), cards("homegrown")
    drawn = (cards("blunt"), cards("bong"))
    state = with_board(table(game_deck=drawn), 0, hand=(munchies,), reserve=(homegrown,))
    reason = refused(state, PlayAction(munchies)).text()
    assert reason == "Munchies costs 1 action coins; you have 0."
    state, events = play_events(state, TurnMaterial(homegrown), PlayAction(munchies))
    assert state.coins == 1 and state.game_dump == (munchies,)
    assert state.boards[0].hand == drawn
    assert "OP 09 · Ann plays Munchies for 1 coin." in log(events)


def test_op10_destroyed_materials_go_to_the_materials_dump() -> None:
    cards = Cards()
    confiscate, bowl = cards("confiscate"), cards("spilled-bowl")
    kush, skunk, haze = cards("kush"), cards("skunk"), cards("haze")
    state = with_board(table(coins=5), 0, hand=(confiscate, bowl))
    state = with_board(state, 1, reserve=(kush,), smoked=(skunk, haze))
    state, events = play_events(state, PlayAction(confiscate, 1, kush), PlayAction(bowl, 1))
    assert state.boards[1].reserve == () and state.boards[1].smoked == (skunk,)
    assert state.material_dump == (kush, haze)
    assert (
        "OP 10 · Bob's Haze (3) is destroyed from their smoked stack (to the materials dump)."
        in (log(events))
    )


def test_op10_a_moon_rock_on_top_protects_the_stack() -> None:
    cards = Cards()
    bowl, rock = cards("spilled-bowl"), cards("moon-rock")
    state = with_board(table(coins=3), 0, hand=(bowl,))
    state = with_board(state, 1, smoked=(cards("skunk"), rock))
    assert PlayAction(bowl, 1) not in GAME.legal_actions(state, 0)
    assert (
        refused(state, PlayAction(bowl, 1)).text() == "There is nothing this action could hit now."
    )


def test_op11_a_destroyed_legendary_goes_to_the_game_dump() -> None:
    cards = Cards()
    glass, bong, vaporizer = cards("broken-glass"), cards("bong"), cards("vaporizer")
    state = with_board(table(coins=3), 0, hand=(glass,))
    state = with_board(state, 1, area=(bong, vaporizer))
    assert PlayAction(glass, 1, vaporizer) not in GAME.legal_actions(state, 0)  # unbreakable
    state, events = play_events(state, PlayAction(glass, 1, bong))
    assert state.boards[1].area == (vaporizer,) and state.game_dump == (bong, glass)
    assert 11 in ops(events)


def test_op11_scavenger_recovers_a_tool_from_the_game_dump() -> None:
    cards = Cards()
    scavenger, bong = cards("scavenger"), cards("bong")
    state = with_board(table(coins=2, game_dump=(bong, cards("munchies"))), 0, hand=(scavenger,))
    state = play(state, PlayAction(scavenger, None, bong))
    assert bong in state.boards[0].hand and bong not in state.game_dump


def test_op10_dealers_cove_recovers_a_material_from_the_materials_dump() -> None:
    cards = Cards()
    cove, kush = cards("dealers-cove"), cards("kush")
    state = with_board(table(coins=2, material_dump=(kush,)), 0, hand=(cove,))
    state = play(state, PlayAction(cove, None, kush))
    assert state.boards[0].reserve == (kush,) and state.material_dump == ()


# --- E: out of turn ---


def test_op12_short_memory_cancels_an_action_in_progress() -> None:
    cards = Cards()
    confiscate, kush = cards("confiscate"), cards("kush")
    memory, payment = cards("short-memory"), cards("munchies")
    state = with_board(table(coins=2), 0, hand=(confiscate,))
    state = with_board(state, 1, reserve=(kush,), hand=(memory, payment))
    state = play(state, PlayAction(confiscate, 1, kush))
    assert state.phase is Phase.WINDOW and GAME.active_seats(state) == {1}
    state, events = play_events(state, Answer(memory, 0, (payment,)), seat=1)
    assert state.phase is Phase.MAIN  # Ann has nothing to answer with: it resolves at once
    assert state.boards[1].reserve == (kush,) and state.coins == 0
    assert set(state.game_dump) == {confiscate, memory, payment}
    assert "OP 12 · Bob's Short Memory cancels Ann's Confiscate." in log(events)


def test_op12_short_memory_does_not_stop_a_smoke() -> None:
    cards = Cards()
    paper, skunk = cards("rolling-paper"), cards("skunk")
    memory, payment = cards("short-memory"), cards("munchies")
    state = with_board(table(), 0, hand=(paper,), reserve=(skunk,))
    state = with_board(state, 1, hand=(memory, payment))
    state = play(state, Smoke((paper,), (skunk,)))
    assert state.phase is Phase.WINDOW  # two cards in hand could be a Drug Test! and its price
    assert GAME.legal_actions(state, 1) == (Pass(),)
    assert refused(state, Answer(memory, 0, (payment,)), seat=1).text() == (
        "Short Memory cancels an opponent's action or out-of-turn card, not a smoke."
    )
    state = play(state, Pass(), seat=1)
    assert state.boards[0].smoked == (skunk,)


def test_op13_nice_tool_steals_the_legendary_being_used() -> None:
    cards = Cards()
    bong, haze = cards("bong"), cards("haze")
    nice, pay = cards("nice-tool"), cards.many("munchies", 2)
    state = with_board(table(), 0, area=(bong,), reserve=(haze,))
    state = with_board(state, 1, hand=(nice, *pay))
    state = play(state, Smoke((bong,), (haze,)))
    state, events = play_events(state, Answer(nice, 0, pay), seat=1)
    assert state.boards[0].area == () and state.boards[1].area == (bong,)
    assert state.boards[1].used == ()  # it arrives straight, ready for Bob's turn
    assert state.boards[0].reserve == (haze,) and state.boards[0].smoked == ()
    assert "OP 13 · Bob steals Ann's Bong into their own area." in log(events)


def test_op14_pass_it_takes_the_smoke_and_stops_its_abilities() -> None:
    cards = Cards()
    paper, lemon = cards("rolling-paper"), cards("lemon-haze")
    passit, pay = cards("pass-it"), cards.many("munchies", 2)
    state = with_board(table(game_deck=(cards("blunt"),)), 0, hand=(paper,), reserve=(lemon,))
    state = with_board(state, 1, hand=(passit, *pay))
    state = play(state, Smoke((paper,), (lemon,)))
    state, events = play_events(state, Answer(passit, 0, pay), seat=1)
    assert state.boards[1].smoked == (lemon,) and state.boards[0].smoked == ()
    assert paper in state.game_dump  # the paper was used all the same
    assert state.boards[0].hand == () and len(state.game_deck) == 1  # Lemon Haze drew nothing
    assert "OP 14 · Bob takes Ann's smoke: Lemon Haze (3), 3 stoner points (3 in all)." in log(
        events
    )


def test_op15_drug_test_stops_the_smoke_and_bans_smoking_for_the_turn() -> None:
    cards = Cards()
    paper, skunk, bong = cards("rolling-paper"), cards("skunk"), cards("bong")
    test, pay = cards("drug-test"), cards("munchies")
    state = with_board(table(), 0, hand=(paper,), reserve=(skunk,), area=(bong,))
    state = with_board(state, 1, hand=(test, pay))
    state = play(state, Smoke((paper,), (skunk,)))
    state, events = play_events(state, Answer(test, 0, (pay,)), seat=1)
    assert state.no_smoking and state.boards[0].hand == (paper,)  # the paper was not used
    assert state.boards[0].reserve == (skunk,)
    reason = refused(state, Smoke((bong,), (skunk,))).text()
    assert reason == "Drug Test!: you may not smoke for the rest of this turn."
    assert not any(isinstance(action, Smoke) for action in GAME.legal_actions(state, 0))
    assert "OP 15 · Ann may not smoke for the rest of this turn." in log(events)
    state = play(state, EndTurn(), EndTurn())
    assert not state.no_smoking


# --- F: special cards ---


def test_op16_legalize_leaves_the_game() -> None:
    cards = Cards()
    legalize, skunk, haze = cards("legalize"), cards("skunk"), cards("haze")
    state = with_board(table(coins=2, material_deck=(skunk, haze)), 0, hand=(legalize,))
    state, events = play_events(state, PlayAction(legalize))
    assert state.removed == (legalize,) and legalize not in state.game_dump
    assert state.boards[0].reserve == (skunk, haze)
    assert state.legalized and 16 in ops(events)


def test_op17_after_legalize_polizia_is_only_discarded() -> None:
    cards = Cards()
    polizia, kush = cards("polizia"), cards("kush")
    state = with_board(table(coins=3, removed=(cards("legalize"),)), 0, hand=(polizia,))
    state = with_board(state, 1, reserve=(kush,))
    assert refused(state, PlayAction(polizia, 1)).text() == (
        "After Legalize, Polizia can only be discarded."
    )
    state = play(state, Recycle(polizia))
    assert state.coins == 4  # one coin for a Polizia


def test_op17_polizia_still_pays_for_an_out_of_turn_card() -> None:
    cards = Cards()
    paper, skunk, test, polizia = (
        cards("rolling-paper"),
        cards("skunk"),
        cards("drug-test"),
        cards("polizia"),
    )
    state = with_board(table(removed=(cards("legalize"),)), 0, hand=(paper,), reserve=(skunk,))
    state = with_board(state, 1, hand=(test, polizia))
    state = play(state, Smoke((paper,), (skunk,)))
    state = play(state, Answer(test, 0, (polizia,)), seat=1)
    assert polizia in state.game_dump and state.no_smoking


def test_polizia_raids_a_whole_reserve_before_legalize() -> None:
    cards = Cards()
    polizia, kush, skunk = cards("polizia"), cards("kush"), cards("skunk")
    state = with_board(table(coins=3), 0, hand=(polizia,))
    state = with_board(state, 1, reserve=(kush, skunk))
    state = play(state, PlayAction(polizia, 1))
    assert state.boards[1].reserve == () and state.material_dump == (kush, skunk)


# --- G: end of turn ---


def _busy_turn():
    cards = Cards()
    bong, homegrown, haze = cards("bong"), cards("homegrown"), cards("haze")
    state = with_board(table(), 0, area=(bong,), reserve=(homegrown, haze))
    state = play(state, TurnMaterial(homegrown), Smoke((bong,), (haze,)))
    return homegrown, bong, play_events(state, EndTurn())


def test_op18_turned_materials_stand_straight_at_the_end_of_the_turn() -> None:
    homegrown, _bong, (state, events) = _busy_turn()
    assert state.boards[0].turned == frozenset() and state.boards[0].reserve == (homegrown,)
    assert "OP 18 · Ann's turned materials stand straight again." in log(events)


def test_op19_used_tools_stand_straight_at_the_end_of_the_turn() -> None:
    _homegrown, bong, (state, events) = _busy_turn()
    assert state.boards[0].used == ()
    assert "OP 19 · Ann's used tools stand straight again." in log(events)
    view = GAME.view(state, None)["players"][0]
    assert view.area[0].card.id == bong and not view.area[0].turned


def test_op20_unspent_coins_are_lost() -> None:
    _homegrown, _bong, (state, events) = _busy_turn()
    assert state.coins == 0
    assert "OP 20 · Ann loses 2 unspent action coins." in log(events)


# --- H: recycling ---


def _recycled(key: str) -> tuple[int, Recycled]:
    cards = Cards()
    card = cards(key)
    state, events = play_events(with_board(table(), 0, hand=(card,)), Recycle(card))
    (event,) = [event for event in events if isinstance(event, Recycled)]
    return state.coins, event


def test_op21_recycling_a_paper() -> None:
    coins, event = _recycled("blunt")
    assert coins == 2 and event.ops() == (8, 21)


def test_op22_recycling_an_action() -> None:
    coins, event = _recycled("broken-glass")
    assert coins == 1 and event.ops() == (8, 22)


def test_op23_recycling_an_out_of_turn_card() -> None:
    coins, event = _recycled("pass-it")
    assert coins == 1 and event.ops() == (8, 23)


def test_op24_a_used_paper_goes_to_the_game_dump_by_itself() -> None:
    cards = Cards()
    cone, afghan = cards("hash-cone"), cards("afghan")
    state = with_board(table(game_dump=(cards("munchies"),)), 0, hand=(cone,), reserve=(afghan,))
    state, events = play_events(state, Smoke((cone,), (afghan,)))
    assert state.game_dump[-1] == cone  # on top of the dump
    assert [e for e in events if isinstance(e, PaperDumped)] == [PaperDumped(0, (cone,))]


# --- I: decks ---


def test_op25_an_empty_deck_is_rebuilt_from_its_shuffled_dump() -> None:
    cards = Cards()
    dumped_materials = cards.many("skunk", 3)
    dumped_game = cards.many("munchies", 3)
    state, events = _end_turn_to_seat_1(material_dump=dumped_materials, game_dump=dumped_game)
    assert [e for e in events if isinstance(e, Reshuffled)] == [
        Reshuffled("materials", 3),
        Reshuffled("game", 3),
    ]
    assert state.material_dump == () and state.game_dump == ()
    assert len(state.material_deck) == 2 and len(state.game_deck) == 2
    assert state.boards[1].reserve[0] in dumped_materials
    assert state.boards[1].hand[0] in dumped_game


def test_op26_no_materials_anywhere_only_the_game_card_is_drawn() -> None:
    cards = Cards()
    state, events = _end_turn_to_seat_1(game_deck=(cards("blunt"),))
    assert state.boards[1].reserve == () and len(state.boards[1].hand) == 1
    (skipped,) = [e for e in events if isinstance(e, DrawSkipped)]
    assert skipped.ops() == (26,)


def test_op27_no_game_cards_anywhere_only_the_material_is_drawn() -> None:
    cards = Cards()
    state, events = _end_turn_to_seat_1(material_deck=(cards("skunk"),))
    assert len(state.boards[1].reserve) == 1 and state.boards[1].hand == ()
    (skipped,) = [e for e in events if isinstance(e, DrawSkipped)]
    assert skipped.ops() == (27,)


def test_op28_nothing_anywhere_no_draw_and_the_turn_goes_on() -> None:
    state, events = _end_turn_to_seat_1()
    assert state.seat == 1 and state.phase is Phase.MAIN
    assert state.boards[1].reserve == () and state.boards[1].hand == ()
    (skipped,) = [e for e in events if isinstance(e, DrawSkipped)]
    assert skipped.ops() == (28,)
    assert "OP 28 · Both decks and dumps are empty: Bob draws nothing." in log(events)
    assert GAME.legal_actions(state, 1) == (EndTurn(),)


def test_effects_draw_only_what_exists() -> None:
    cards = Cards()
    grow = cards("grow-box")
    skunk = cards("skunk")
    state = with_board(table(coins=3, material_deck=(skunk,)), 0, hand=(grow,))
    state = play(state, PlayAction(grow))
    assert state.boards[0].reserve == (skunk,) and state.material_deck == ()


def test_pass_is_not_a_move_outside_a_window() -> None:
    assert refused(table(), Pass()).text() == "There is no move to answer now."


def test_one_new_legendary_per_turn_and_it_smokes_at_once() -> None:
    cards = Cards()
    bong, pipe, haze = cards("bong"), cards("pipe"), cards("haze")
    state = with_board(table(), 0, hand=(bong, pipe), reserve=(haze,))
    state = play(state, PlayTool(bong))
    assert refused(state, PlayTool(pipe)).text() == (
        "You have already used a new tool from your hand this turn."
    )
    state = play(state, Smoke((bong,), (haze,)))
    assert state.boards[0].smoked == (haze,)
