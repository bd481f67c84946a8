"""The deck carried into a game: stickers on cards, rules in the boxes A-L consulted at their
places, the first player; what is refused; and the deck carried out again."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import pytest

from app.games.core import Applied, Refusal, replay
from app.games.core.choices import Choice, Pick
from app.games.stickers import GAME, Stickers
from app.games.stickers.actions import EffectAction, Play, Take, TakeTwo
from app.games.stickers.bots import BOTS
from app.games.stickers.cards import HAT, Category
from app.games.stickers.deck import Deck, Stuck, read_deck
from app.games.stickers.effects import TAKE_TWO
from app.games.stickers.hooks import BOXES, Counts, Effect, Events, Place, Rule
from app.games.stickers.scoring import scores
from app.games.stickers.state import BONUS, Pending, Phase, StickersState
from app.games.stickers.zones import draw_into_hand
from tests.games.stickers.tables import PLAIN_ROWS, card, cards, column, table
from tests.support.moves import Moves

C = Category


def test_stickers_add_stars_and_action_stickers_to_cards() -> None:
    plain = card(C.RULER_LORD, PLAIN_ROWS[0])
    carry = {"stickers": {str(plain): {"points": 2, "actions": [HAT]}}}
    state = GAME.setup(2, {}, 3, carry)
    assert state.card(plain).stars == 2 and state.card(plain).actions == (HAT,)
    assert state.deck == Deck(((plain, Stuck(2, (HAT,))),))


def test_the_printed_game_is_a_game_without_carry() -> None:
    assert GAME.setup(3, {}, 8) == GAME.setup(3, {}, 8, {}) == GAME.setup(3, {}, 8, None)
    assert GAME.setup(3, {}, 8).hooks.rules == ()


@pytest.mark.parametrize(
    ("carry", "reason"),
    [
        ([], "The deck is not in the right shape."),
        ({"stickers": {"200": {"points": 1}}}, "There is no card {card} to stick a sticker on."),
        ({"stickers": {"3": {"points": "1"}}}, "The stickers on card {card} make no sense."),
        ({"stickers": {"3": {"points": 99}}}, "The stickers on card {card} make no sense."),
        ({"stickers": {"0": {"actions": [HAT, HAT]}}}, "Card {card} has no room"),
        ({"stickers": {"3": {"actions": ["rocket"]}}}, "No rule says what"),
        ({"rules": {"C": "nobody-knows"}}, "The rule {rule} is not known."),
        ({"rules": {"Z": "nobody-knows"}}, "There is no box {box} in the rulebook."),
        ({"first": 3}, "The deck's first player is not at this table."),
        ({"first": "me"}, "The deck's first player is not a seat."),
    ],
)  # fmt: skip
def test_a_deck_that_cannot_be_played_is_refused(carry: Any, reason: str) -> None:
    read = GAME.read_carry(carry, 3)
    assert isinstance(read, Refusal) and read.reason.startswith(reason)
    with pytest.raises(ValueError):
        GAME.setup(3, {}, 1, carry)


def test_the_deck_goes_out_in_the_result_as_it_came_in() -> None:
    carry = {"stickers": {"5": {"points": 1, "actions": []}}, "rules": {}, "first": 1}
    state = GAME.setup(2, {}, 2, carry)
    assert read_deck(state.deck.to_carry()) == state.deck
    assert state.deck.to_carry() == carry


# --- toy rules, one per place, to show each hook is consulted ----------------------------------


def _swap_first_two(state: StickersState, events: Events) -> StickersState:
    board = state.board
    return replace(state, board=(board[1], board[0], *board[2:]))


def _always_take_two(state: StickersState, played: int, kinds: tuple[str, ...]) -> tuple[str, ...]:
    return (TAKE_TWO,)


def _one_more_take(
    state: StickersState, seat: int, played: tuple[int, ...], events: Events
) -> StickersState:
    return replace(state, pending=(*state.pending, Pending(TAKE_TWO, BONUS, 9)))


def _columns_count_double(state: StickersState, counts: Counts) -> Counts:
    return tuple(tuple(2 * count for count in seat) for seat in counts)


def _no_awards_for_seat_one(state: StickersState, awards: Counts) -> Counts:
    return tuple(tuple(0 for _ in seat) if n == 1 else seat for n, seat in enumerate(awards))


def _five_each(state: StickersState, points: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(p + 5 for p in points)


@dataclass(frozen=True, slots=True)
class Shine(EffectAction):
    """A toy action sticker: draw a card."""

    kind: ClassVar[str] = "shine"


def _shine_moves(state: StickersState, seat: int, pending: Pending) -> tuple[Shine, ...]:
    return (Shine(pending.source, pending.sticker),)


def _shine_offers(state: StickersState, seat: int, pending: Pending) -> tuple[Choice, ...]:
    return tuple(Pick(move) for move in _shine_moves(state, seat, pending))


def _shine(
    state: StickersState, seat: int, pending: Pending, action: EffectAction, events: Events
) -> StickersState:
    return draw_into_hand(state, seat, 1, events)


SHINE = Effect("shine", Shine, _shine_offers, _shine_moves, lambda *_: None, _shine)

TOYS = {
    rule.name: rule
    for rule in (
        Rule("swap-first", Place.SETUP, "Swap", "", setup=_swap_first_two),
        Rule("more-taking", Place.PLAYED, "More", "", played=_one_more_take),
        Rule("always-take", Place.BONUS, "Take", "", bonus=_always_take_two),
        Rule("shine", Place.ACTIONS, "Shine", "", effects=(SHINE,)),
        Rule("double", Place.MAJORITY, "Double", "", majority=_columns_count_double),
        Rule("no-seat-one", Place.AWARDS, "None", "", awards=_no_awards_for_seat_one),
        Rule("five", Place.FINAL, "Five", "", final=_five_each),
    )
}
TOY_GAME = Stickers(bots=BOTS, catalogue=TOYS)
toy_play = Moves(TOY_GAME).play


def test_every_box_stands_at_one_place() -> None:
    assert set(BOXES) == set("ABCDEFGHIJKL")
    assert {BOXES[box] for box in "AB"} == {Place.SETUP}
    assert {BOXES[box] for box in "FGHI"} == {Place.ACTIONS}


def test_a_rule_goes_only_in_a_box_of_its_place() -> None:
    read = TOY_GAME.read_carry({"rules": {"J": "swap-first"}}, 2)
    assert isinstance(read, Refusal) and read.reason == "The rule {rule} does not go in box {box}."


def test_a_setup_rule_in_box_a_changes_the_deal() -> None:
    plain = GAME.setup(2, {}, 4)
    ruled = TOY_GAME.setup(2, {}, 4, {"rules": {"A": "swap-first"}})
    assert ruled.board == (plain.board[1], plain.board[0], *plain.board[2:])
    assert ruled.hands == plain.hands


def ruled_turn(rules: dict[str, str], **carry: Any) -> StickersState:
    mice = cards(C.SPACE_MOUSE, *PLAIN_ROWS, 4)
    market = cards(C.GHOST_DUCKLING, *PLAIN_ROWS, 4, 5, 6)
    return table(
        players=2,
        hands={0: mice},
        market=market,
        game=TOY_GAME,
        carry={"rules": rules, **carry},
    )


def test_a_bonus_rule_in_box_d_replaces_the_printed_list() -> None:
    state = ruled_turn({"D": "always-take"})
    mice = sorted(state.hand)
    state = toy_play(state, Take(0), Play(mice[0], tuple(mice[1:])))
    assert [p.kind for p in state.pending] == [TAKE_TWO]  # three cards, yet no swap


def test_a_played_rule_in_box_c_adds_to_the_turn() -> None:
    state = ruled_turn({"C": "more-taking"})
    state = toy_play(state, Take(0), Play(sorted(state.hand)[0]))
    assert state.pending == (Pending(TAKE_TWO, BONUS, 9), Pending(TAKE_TWO, BONUS, 0))
    state = toy_play(state, TakeTwo(BONUS, 9, (0, 1)))
    assert state.pending == (Pending(TAKE_TWO, BONUS, 0),)


def test_an_action_rule_brings_a_new_sticker_and_its_move() -> None:
    plain = card(C.SPACE_MOUSE, PLAIN_ROWS[0])
    state = ruled_turn({"F": "shine"}, stickers={str(plain): {"actions": ["shine"]}})
    assert TOY_GAME.codec.decode({"kind": "shine", "source": plain, "sticker": 0}) == Shine(
        plain, 0
    )
    state = toy_play(state, Take(0), Play(plain))
    assert Pending("shine", plain, 0) in state.pending
    hand = len(state.hand)
    state = toy_play(state, Shine(plain, 0))
    assert len(state.hands[0]) == hand + 1


def test_the_sticker_of_a_rule_not_in_force_is_refused() -> None:
    read = TOY_GAME.read_carry({"stickers": {"3": {"actions": ["shine"]}}}, 2)
    assert isinstance(read, Refusal)


def test_scoring_rules_in_boxes_j_k_l_change_the_counts_awards_and_points() -> None:
    albums = {0: (column(*cards(C.SPACE_MOUSE, 2)),), 1: (column(*cards(C.SPACE_MOUSE, 3, 4)),)}
    rules = {"J": "double", "K": "no-seat-one", "L": "five"}
    plain = table(players=2, albums=albums)
    ruled = table(players=2, albums=albums, game=TOY_GAME, carry={"rules": rules})
    assert [s.total for s in scores(plain)] == [0, 15 + 1]
    assert [s.total for s in scores(ruled)] == [5, 1 + 5]
    assert [s.extra for s in scores(ruled)] == [5, 5]


def test_a_campaign_deck_plays_to_the_end_and_replays() -> None:
    carry = {
        "rules": {"A": "swap-first", "C": "more-taking", "F": "shine", "L": "five"},
        "stickers": {str(n): {"points": 1, "actions": ["shine"]} for n in range(2, 108, 12)},
        "first": 1,
    }
    rng = random.Random(3)
    state = TOY_GAME.setup(3, {}, 11, carry)
    log = []
    while TOY_GAME.active_seats(state):
        seat = min(TOY_GAME.active_seats(state))
        move = TOY_GAME.bots["greedy"](TOY_GAME, state, seat, rng)
        log.append((seat, move.to_json()))
        applied = TOY_GAME.apply(state, seat, move)
        assert isinstance(applied, Applied), applied
        state = applied.state
    assert state.phase is Phase.OVER
    assert replay(TOY_GAME, 3, {}, 11, log, carry) == state
    result = TOY_GAME.result(state)
    assert result is not None and result.carry == state.deck.to_carry()
    assert read_deck(result.carry) == state.deck
