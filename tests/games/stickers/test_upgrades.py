"""The campaign's upgrades: the catalogue fills each box A-L once, each rule does what it says
at its place, the new action stickers work (chain reactions too), and opening each upgrade
puts its rules in force and its stickers on cards."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.core import Refusal
from app.games.stickers import GAME
from app.games.stickers.abilities import ARROW, BRUSH, CLOVER, MAGNET, Arrow, Brush, Clover, Magnet
from app.games.stickers.actions import Hat, Play, Take
from app.games.stickers.campaign import Campaign, Entry, table_carry
from app.games.stickers.cards import HAT, QUESTION, Category
from app.games.stickers.effects import SWAP, TAKE_TWO
from app.games.stickers.hooks import BOXES
from app.games.stickers.scoring import counts, scores
from app.games.stickers.state import BONUS, Pending, StickersState
from app.games.stickers.upgrades import ABILITIES, JOURNAL, RULES, UPGRADES, Kind, Space
from app.games.stickers.views import bonus_lines
from tests.games.stickers.campaigns import PEOPLE, at_sticker_step, campaign_before, play_out
from tests.games.stickers.tables import HAT_ROW, PLAIN_ROWS, card, cards, column, play, table
from tests.support.rooms import rendered

C = Category
MICE = cards(C.SPACE_MOUSE, *PLAIN_ROWS, 4, 5, 6)
DUCKS = cards(C.GHOST_DUCKLING, *PLAIN_ROWS, 4, 5, 6)


# --- the catalogue ---------------------------------------------------------------------------


def test_the_upgrades_fill_every_box_once_with_a_rule_of_its_place() -> None:
    boxes = [box for upgrade in UPGRADES.values() for box, _rule in upgrade.rules]
    assert sorted(boxes) == sorted(BOXES)
    for upgrade in UPGRADES.values():
        for box, name in upgrade.rules:
            assert RULES[name].place is BOXES[box]
    assert set(RULES) == {name for u in UPGRADES.values() for _box, name in u.rules}


def test_there_are_six_numbered_abilities_and_one_upgrade_per_category() -> None:
    assert [UPGRADES[u].number for u in ABILITIES] == [1, 2, 3, 4, 5, 6]
    categories = [u.category for u in UPGRADES.values() if u.kind is Kind.CATEGORY]
    assert sorted(categories) == sorted(Category)
    assert Counter(JOURNAL) == {Kind.ABILITY: 6, Kind.CATEGORY: 9}
    assert JOURNAL[0] is Kind.ABILITY  # "after your first game, open ability upgrade 1"


def test_every_action_sticker_of_an_upgrade_has_a_rule_saying_what_it_does() -> None:
    printed = {HAT, QUESTION}
    for upgrade in UPGRADES.values():
        brought = {e.kind for _box, name in upgrade.rules for e in RULES[name].effects}
        for sticker in upgrade.stickers:
            if sticker.space is Space.ACTION:
                assert sticker.name in printed | brought, (upgrade.id, sticker)


# --- boxes A and B: setup --------------------------------------------------------------------


def test_rule_a_opening_exhibit_plays_the_top_card_into_every_album() -> None:
    plain = GAME.setup(3, {}, 4)
    ruled = GAME.setup(3, {}, 4, {"rules": {"A": "opening-exhibit"}})
    for step in range(3):
        seat = (plain.first + step) % 3
        top = plain.pile[step]
        assert ruled.albums[seat] == (column(top),)
    assert ruled.pile == plain.pile[3:] and ruled.hands == plain.hands


def test_rule_b_underdog_deals_a_card_more_to_those_with_fewer_trophies() -> None:
    people = PEOPLE[:3]
    campaign = campaign_before("ability-2", people)  # Vlad-piglet's upgrade opened: rule B
    journal = (Entry(1, people, (people[0],), "ability-1"),)
    journal += (Entry(2, people, (people[0], people[1]), "category-vlad_piglet"),)
    campaign = Campaign(campaign.rng, people, None, journal)
    state = GAME.setup(3, {}, 2, table_carry(campaign, people))
    assert state.trophies == (2, 1, 0)
    assert [len(hand) for hand in state.hands] == [6, 7, 7]


# --- box C: a collection placed --------------------------------------------------------------


def test_rule_c_a_new_column_draws_a_card_and_a_longer_one_does_not() -> None:
    carry = {"rules": {"C": "new-column"}}
    state = table(players=2, hands={0: MICE[:2]}, market=DUCKS, carry=carry)
    state = play(state, Take(0), Play(MICE[0]))
    assert len(state.hands[0]) == 1 + 1 + 1  # the duck, the other mouse, the drawn card
    grown = table(
        players=2,
        hands={0: MICE[:2]},
        market=DUCKS,
        albums={0: (column(MICE[2]),)},
        carry=carry,
    )
    grown = play(grown, Take(0), Play(MICE[0]))
    assert len(grown.hands[0]) == 2


# --- boxes D and E: the collection bonus -----------------------------------------------------


def _played(rules: dict[str, str], size: int) -> list[str]:
    state = table(players=2, hands={0: MICE[:size]}, market=DUCKS, carry={"rules": rules})
    state = play(state, Take(0), Play(MICE[0], MICE[1:size]))
    return [p.kind for p in state.pending if p.source == BONUS]


def test_rule_d_grand_collection_of_five_earns_both_bonuses() -> None:
    assert _played({"D": "grand-collection"}, 5) == [SWAP, TAKE_TWO]
    assert _played({"D": "grand-collection"}, 4) == [SWAP]
    assert _played({}, 5) == [SWAP]


def test_rule_e_encore_a_collection_of_four_also_plays_a_hat() -> None:
    assert _played({"E": "encore"}, 4) == [SWAP, HAT]
    assert _played({"E": "encore"}, 3) == [SWAP]
    state = table(players=2, hands={0: MICE[:4]}, market=DUCKS, carry={"rules": {"E": "encore"}})
    state = play(state, Take(0), Play(MICE[0], MICE[1:4]))
    top = state.pile[0]
    state = play(state, Hat(BONUS, 1))
    assert state.column(0, state.card(top).category).visible == top


def test_the_table_says_what_the_collection_bonus_will_be_with_the_rules() -> None:
    plain = [(line.low, line.high, line.kinds) for line in bonus_lines(table(players=2))]
    assert plain == [(1, 2, (TAKE_TWO,)), (3, None, (SWAP,))]
    ruled = table(players=2, carry={"rules": {"D": "grand-collection", "E": "encore"}})
    lines = [(line.low, line.high, line.kinds) for line in bonus_lines(ruled)]
    assert lines == [
        (1, 2, (TAKE_TWO,)),
        (3, 3, (SWAP,)),
        (4, 4, (SWAP, HAT)),
        (5, None, (SWAP, TAKE_TWO, HAT)),
    ]


def test_the_table_shows_the_collection_bonus_by_size() -> None:
    ruled = table(players=2, carry={"rules": {"E": "encore"}})
    html = rendered(GAME, ruled, 2)[(None, "bonus")]
    assert "Your collection bonus" in html and "4 or more cards" in html
    assert "take 2 market cards" in html and "play the top card of the draw pile" in html


# --- boxes F-I: new action stickers ----------------------------------------------------------


def _sticker_turn(kind: str, box: str) -> tuple[StickersState, int]:
    """Returns the effects step after a card with a `kind` sticker was played visible."""
    plain = MICE[0]
    carry = {"rules": {box: kind}, "stickers": {str(plain): {"actions": [kind]}}}
    state = table(players=2, hands={0: (plain,)}, market=DUCKS, carry=carry)
    state = play(state, Take(0), Play(plain))
    assert Pending(kind, plain, 0) in state.pending
    return state, plain


def test_rule_f_magnet_takes_a_market_card_of_your_choice() -> None:
    state, plain = _sticker_turn(MAGNET, "F")
    wanted = state.market[3]
    state = play(state, Magnet(plain, 0, 3))
    assert wanted in state.hands[0] and wanted not in state.market


def test_rule_g_brush_plays_a_hand_card_and_its_stickers_chain() -> None:
    hatted = card(C.GHOST_DUCKLING, HAT_ROW)
    plain = MICE[0]
    carry = {"rules": {"G": BRUSH}, "stickers": {str(plain): {"actions": [BRUSH]}}}
    state = table(players=2, hands={0: (plain, hatted)}, market=DUCKS[:3], carry=carry)
    state = play(state, Take(0), Play(plain), Brush(plain, 0, hatted))
    assert state.column(0, C.GHOST_DUCKLING).visible == hatted
    assert Pending(HAT, hatted, 0) in state.pending  # a chain reaction


def test_rule_h_arrow_swaps_neighbouring_markers_and_refuses_others() -> None:
    state, plain = _sticker_turn(ARROW, "H")
    board = state.board
    refusal = GAME.apply(state, 0, Arrow(plain, 0, 0, 8))
    assert isinstance(refusal, Refusal)
    state = play(state, Arrow(plain, 0, 0, 1))
    assert state.board == (board[1], board[0], *board[2:])


def test_rule_i_clover_draws_two_cards() -> None:
    state, plain = _sticker_turn(CLOVER, "I")
    held = len(state.hands[0])
    state = play(state, Clover(plain, 0))
    assert len(state.hands[0]) == held + 2


def test_a_new_sticker_without_its_rule_is_refused() -> None:
    read = GAME.read_carry({"stickers": {"3": {"actions": [MAGNET]}}}, 2)
    assert isinstance(read, Refusal)


# --- boxes J, K, L: scoring ------------------------------------------------------------------


def test_rule_j_shiny_counts_a_card_with_a_points_sticker_twice() -> None:
    shiny = MICE[0]
    albums = {0: (column(shiny),), 1: (column(*MICE[1:3]),)}
    carry = {"rules": {"J": "shiny"}, "stickers": {str(shiny): {"points": 1}}}
    state = table(players=2, albums=albums, carry=carry)
    mice = list(Category).index(C.SPACE_MOUSE)
    assert [seat[mice] for seat in counts(state)] == [2, 2]
    plain = table(players=2, albums=albums, carry={"stickers": {str(shiny): {"points": 1}}})
    assert [seat[mice] for seat in counts(plain)] == [1, 2]


def test_rule_k_monopoly_gives_three_points_to_a_category_s_only_collector() -> None:
    albums = {0: (column(MICE[0]),), 1: (column(DUCKS[0]), column(MICE[1]))}
    plain = scores(table(players=2, albums=albums))
    ruled = scores(table(players=2, albums=albums, carry={"rules": {"K": "monopoly"}}))
    ducks = list(Category).index(C.GHOST_DUCKLING)
    assert ruled[1].majority[ducks] == plain[1].majority[ducks] + 3
    assert ruled[0].total == plain[0].total  # mice are shared: no monopoly


def test_rule_l_rainbow_scores_a_point_per_column() -> None:
    albums = {0: (column(MICE[0]), column(DUCKS[0])), 1: (column(MICE[1]),)}
    ruled = scores(table(players=2, albums=albums, carry={"rules": {"L": "rainbow"}}))
    assert [s.extra for s in ruled] == [2, 1]


# --- opening each upgrade ----------------------------------------------------------------------


@pytest.mark.parametrize("upgrade", list(UPGRADES))
def test_opening_an_upgrade_divides_its_stickers_and_puts_its_rules_in_force(
    upgrade: str,
) -> None:
    people = PEOPLE[:3]
    campaign = campaign_before(upgrade, people)
    every = tuple(c for c in range(108) if c % 12 < 10)  # all cards of 3+ players
    albums = {
        seat: tuple(
            column(*[c for c in every if c // 12 == cat and c % 3 == seat]) for cat in range(9)
        )
        for seat in range(3)
    }
    state = table(players=3, albums=albums, rest_in_pile=False)
    state, _events = at_sticker_step(state, campaign, people)
    stickers = UPGRADES[upgrade].stickers
    assert state.sticking.left == (stickers,) * 3  # one of each for everyone
    assert [a.players for a in state.sticking.aside] == [4] * len(stickers)
    over, _log = play_out(state, 1)
    result = GAME.result(over)
    assert result is not None
    after = result.carry
    assert after["opened"][-1] == upgrade
    for box, rule in UPGRADES[upgrade].rules:
        assert after["rules"][box] == rule
    placed = over.sticking.placed
    assert Counter(p.sticker for p in placed) == Counter(stickers * 3)
    for p in placed:
        assert not p.at_random
        assert p.card in {c for col in over.albums[p.seat] for c in col.cards}
        assert p.sticker.category in (None, over.card(p.card).category)
