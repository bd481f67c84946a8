"""4 Pints move buttons say what the move does: a spill that throws a pint away, keeping
a saved card or saving nothing."""

from __future__ import annotations

import html
import re
from dataclasses import replace

from app.games.four_pints import GAME
from app.games.four_pints.cards import Beer
from app.games.four_pints.state import FourPintsState, Phase, Pint
from tests.games.four_pints.tables import Cards, table, with_area
from tests.support.rooms import rendered


def _labels(state: FourPintsState) -> list[str]:
    """Returns the move buttons seat 0 (P0, person 1) is shown."""
    part = rendered(GAME, state, state.players)[(1, "actions")]
    return [html.unescape(label) for label in re.findall(r"<button[^>]*>([^<]*)</button>", part)]


def _spilled_pints(cards: Cards) -> tuple[Pint, ...]:
    return (cards.pint(Beer.LAGER, spilled=True), cards.pint(Beer.BITTER, spilled=True))


def test_elbowing_an_upright_pint_says_spill() -> None:
    cards = Cards()
    pints = (cards.pint(Beer.LAGER), cards.pint(Beer.BITTER), cards.pint(Beer.IPA, spilled=True))
    state = with_area(table(phase=Phase.ELBOW), 1, pints=pints)
    assert _labels(state) == ["Spill P1's Lager", "Spill P1's Bitter"]


def test_elbowing_only_spilled_pints_says_they_are_thrown_away() -> None:
    state = with_area(table(phase=Phase.ELBOW), 1, pints=_spilled_pints(Cards()))
    assert _labels(state) == [
        "Throw away P1's spilled Lager",
        "Throw away P1's spilled Bitter",
    ]


def test_spilling_your_own_upright_pint_says_spill() -> None:
    cards = Cards()
    state = with_area(
        table(phase=Phase.SLIP), 0, pints=(cards.pint(Beer.LAGER), cards.pint(Beer.STOUT))
    )
    assert _labels(state) == ["Spill my Lager", "Spill my Stout"]


def test_spilling_your_own_spilled_pints_says_they_are_thrown_away() -> None:
    state = with_area(table(phase=Phase.DRUNK_SPILL), 0, pints=_spilled_pints(Cards()))
    assert _labels(state) == ["Throw away my spilled Lager", "Throw away my spilled Bitter"]


def _saving(saved: int | None) -> FourPintsState:
    cards = Cards()
    center = (cards.money(2), cards.money(3))
    state = replace(table(phase=Phase.SAVE), center=center, revealed=center)
    return with_area(state, 0, saved=cards.money(saved) if saved else None)


def test_declining_to_save_keeps_the_saved_card_by_its_value() -> None:
    assert _labels(_saving(saved=1)) == ["Save £2", "Save £3", "Keep my saved £1"]


def test_declining_to_save_with_nothing_saved_says_save_nothing() -> None:
    assert _labels(_saving(saved=None)) == ["Save £2", "Save £3", "Save nothing"]
