"""The card table and the telescope grid match the rulebook and the reviews' facts."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from app.games.stellar.cards import (
    CARDS,
    NEIGHBOURS,
    SECTION_SPACES,
    SPACES,
    STARTING_CARDS,
    STARTING_SPACES,
    Kind,
    Section,
    Suit,
)

_RULES = Path(__file__).resolve().parents[3] / "docs" / "rules" / "stellar.md"


def test_sixty_celestial_cards_with_unique_ids() -> None:
    assert len(CARDS) == 60
    assert [card.id for card in CARDS] == list(range(60))


def test_five_starting_cards_one_per_suit_all_value_3() -> None:
    assert sorted(card.suit for card in STARTING_CARDS) == sorted(Suit)
    assert {card.value for card in STARTING_CARDS} == {3}


def test_one_six_zero_card_per_suit() -> None:
    six_zero = [card for card in CARDS if card.kind is Kind.SIX_ZERO]
    assert sorted(card.suit for card in six_zero) == sorted(Suit)
    assert {card.value for card in six_zero} == {6}


def test_satellites_are_suitless_starless_twos() -> None:
    satellites = [card for card in CARDS if card.kind is Kind.SATELLITE]
    assert len(satellites) == 5
    assert {(card.suit, card.value, card.stars) for card in satellites} == {(None, 2, 0)}


def test_normal_cards_show_a_row_number_and_zero_to_three_stars() -> None:
    normal = [card for card in CARDS if card.kind in (Kind.NORMAL, Kind.STARTING)]
    assert {card.value for card in normal} == {1, 2, 3, 4, 5}
    assert {card.stars for card in CARDS} == {0, 1, 2, 3}


def test_every_suit_has_the_same_cards() -> None:
    by_suit = {
        suit: Counter((c.kind, c.value, c.stars) for c in CARDS if c.suit is suit) for suit in Suit
    }
    assert len({frozenset(counts.items()) for counts in by_suit.values()}) == 1
    assert all(sum(counts.values()) == 11 for counts in by_suit.values())


def test_more_stars_on_lower_values() -> None:
    planets = [card for card in CARDS if card.suit is Suit.PLANET]
    average = {
        value: sum(c.stars for c in planets if c.value == value)
        / sum(1 for c in planets if c.value == value)
        for value in (1, 2, 3, 4, 5, 6)
    }
    assert [average[value] for value in sorted(average)] == sorted(average.values(), reverse=True)


def test_telescope_sections_hold_five_three_and_four_spaces() -> None:
    assert len(SPACES) == 12 and [space.id for space in SPACES] == list(range(12))
    assert SECTION_SPACES[Section.TOP] == (0, 1, 2, 3, 4)
    assert SECTION_SPACES[Section.MIDDLE] == (5, 6, 7)
    assert SECTION_SPACES[Section.BOTTOM] == (8, 9, 10, 11)
    assert STARTING_SPACES == SECTION_SPACES[Section.TOP]


def test_middle_and_bottom_are_single_rows() -> None:
    rows = {section: {SPACES[s].row for s in SECTION_SPACES[section]} for section in Section}
    assert rows == {Section.TOP: {0, 1}, Section.MIDDLE: {2}, Section.BOTTOM: {3}}


def test_neighbours_are_the_spaces_whose_edges_touch() -> None:
    def touching(a: int, b: int) -> bool:
        one, two = SPACES[a], SPACES[b]
        overlap = min(one.x, two.x) + 2 - max(one.x, two.x)  # cards are 2 half-widths wide
        if one.row == two.row:
            return overlap == 0  # side by side
        return abs(one.row - two.row) == 1 and overlap > 0

    expected = tuple(
        frozenset(b for b in range(12) if b != a and touching(a, b)) for a in range(12)
    )
    assert NEIGHBOURS == expected
    assert all(a in NEIGHBOURS[b] for a in range(12) for b in NEIGHBOURS[a])


def test_card_ids_are_in_the_order_the_rules_doc_lists() -> None:
    rows = re.findall(r"^\| (\d+) \| (6/0|\d) \| (★*|—) \|", _RULES.read_text(), re.M)
    documented = [(int(i), 6 if n == "6/0" else int(n), stars.count("★")) for i, n, stars in rows]
    for place, suit in enumerate(Suit):
        cards = CARDS[11 * place : 11 * (place + 1)]
        assert all(card.suit is suit for card in cards)
        assert [(card.id - 11 * place, card.value, card.stars) for card in cards] == documented
    assert [card.id for card in STARTING_CARDS] == [0, 11, 22, 33, 44]
    assert all(card.is_satellite for card in CARDS[55:])
