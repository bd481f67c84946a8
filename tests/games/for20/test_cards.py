"""The two decks as data: 60 materials and 60 game cards (26 actions, 26 tools, 8 out of turn)."""

from __future__ import annotations

from collections import Counter

from app.games.for20.cards import (
    ACTIONS,
    CARDS,
    MATERIALS,
    OUT_OF_TURN,
    TOOLS,
    Category,
    MaterialType,
    ToolType,
    fits,
)


def test_two_decks_of_sixty_with_ids_0_to_119() -> None:
    assert [card.id for card in CARDS] == list(range(120))
    counts = Counter(card.category for card in CARDS)
    assert counts[Category.MATERIAL] == 60
    assert counts[Category.ACTION] == 26
    assert counts[Category.PAPER] + counts[Category.LEGENDARY] == 26
    assert counts[Category.OUT_OF_TURN] == 8
    assert all(card.category is Category.MATERIAL for card in CARDS[:60])


def test_the_named_actions_are_there_and_legalize_is_unique() -> None:
    names = {spec.name: spec.count for spec in ACTIONS}
    assert {"Polizia", "Legalize", "Dealer's Cove", "Scavenger"} <= set(names)
    assert names["Legalize"] == 1


def test_every_card_has_a_cost_or_range_and_a_coin_value() -> None:
    assert all(1 <= spec.points <= 5 and spec.coins >= 1 for spec in MATERIALS)
    assert all(1 <= spec.low <= spec.high and spec.coins >= 1 for spec in TOOLS)
    assert all(spec.cost >= 1 and spec.coins >= 1 for spec in ACTIONS)
    assert all(spec.pay >= 1 and spec.coins >= 1 for spec in OUT_OF_TURN)
    assert {spec.key for spec in OUT_OF_TURN} == {
        "short-memory",
        "nice-tool",
        "pass-it",
        "drug-test",
    }


def test_every_legendary_has_an_ability_and_papers_have_none() -> None:
    assert all((spec.ability is not None) == spec.legendary for spec in TOOLS)
    assert {spec.name for spec in TOOLS if not spec.legendary} >= {"Rolling Paper", "Blunt"}


def test_type_compatibility() -> None:
    assert fits(MaterialType.WEED, ToolType.WEED) and fits(MaterialType.WEED, ToolType.COMBO)
    assert not fits(MaterialType.WEED, ToolType.HASH)
    assert fits(MaterialType.HASH, ToolType.HASH) and not fits(MaterialType.HASH, ToolType.WEED)
    assert all(fits(MaterialType.SPECIAL, tool_type) for tool_type in ToolType)
