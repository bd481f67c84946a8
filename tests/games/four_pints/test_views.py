"""What each viewer may see: public table parts, their own moves, never hidden cards."""

from __future__ import annotations

from dataclasses import replace

from app.games.core import MovesView, Pick
from app.games.four_pints import GAME
from app.games.four_pints.actions import Reveal
from app.games.four_pints.cards import Beer, Kind
from app.games.four_pints.state import Phase
from app.games.four_pints.texts import CARD_TEXTS
from app.games.four_pints.views import (
    BarView,
    BeerView,
    PintView,
    PlayerView,
    PurchaseView,
    RevealedView,
    ScoresView,
    StatusView,
)

from .tables import Cards, play, table, with_area


def test_view_has_the_named_parts() -> None:
    state = GAME.setup(3, {}, seed=3)
    view = GAME.view(state, None)
    assert set(view) == {"status", "bar", "purchase", "players", "actions", "scores"}
    assert isinstance(view["status"], StatusView)
    assert isinstance(view["bar"], BarView)
    assert isinstance(view["purchase"], PurchaseView)
    assert all(isinstance(player, PlayerView) for player in view["players"])
    assert isinstance(view["scores"], ScoresView)
    assert view["actions"] is None


def test_status_and_bar_show_counts_not_cards() -> None:
    state = GAME.setup(2, {}, seed=3)
    view = GAME.view(state, 0)
    assert view["status"] == StatusView(1, 2, state.keg, state.seat, "reveal", None, (), False)
    assert (view["bar"].deck, view["bar"].removed) == (6, 6)
    assert view["purchase"] == PurchaseView((), 1, 29, 0)


def test_view_hides_deck_order_and_removed_cards() -> None:
    state = GAME.setup(2, {}, seed=3)
    hidden = state.removed + state.beer_deck
    other = replace(
        state,
        removed=hidden[-6:],
        beer_deck=hidden[:-6],
        purchase_deck=state.purchase_deck[::-1],
        rng=state.rng.next64()[1],
    )
    for viewer in (None, 0, 1):
        assert GAME.view(state, viewer) == GAME.view(other, viewer)


def test_actions_view_only_for_current_seat() -> None:
    state = GAME.setup(2, {}, seed=3)
    view = GAME.view(state, state.seat)
    assert view["actions"] == MovesView(
        "reveal", "Reveal a Purchase card: you must reveal at least one.", (Pick(Reveal()),)
    )
    assert GAME.view(state, 1 - state.seat)["actions"] is None
    assert GAME.view(state, None)["actions"] is None


def test_unchanged_parts_compare_equal() -> None:
    cards = Cards()
    state = table(
        bar=(cards.beer(Beer.LAGER), None, None, None),
        purchase_deck=(cards.money(2), cards.money(3)),
    )
    before = GAME.view(state, 1)
    after = GAME.view(play(state, Reveal()), 1)
    assert after["bar"] == before["bar"]
    assert after["players"] == before["players"]
    assert after["scores"] == before["scores"]
    assert after["purchase"] != before["purchase"]


def test_purchase_view_lists_this_turns_cards() -> None:
    cards = Cards()
    state = table(purchase_deck=(cards.money(2), cards.event(Kind.DRUNK), cards.money(5)))
    state = with_area(state, 0, saved=cards.money(1))
    state = play(state, Reveal(), Reveal())  # the Drunk card forces a choice: £1 or £2
    purchase = GAME.view(state, 0)["purchase"]
    assert purchase.revealed == (
        RevealedView("money", "Money", 2, CARD_TEXTS[Kind.MONEY], True),
        RevealedView("drunk", "Drunk", 0, CARD_TEXTS[Kind.DRUNK], False),
    )
    assert purchase.money == 3
    assert GAME.view(state, 0)["actions"].phase == "drunk_money"


def test_bar_view_shows_the_happy_hour_price_to_whoever_still_has_it() -> None:
    cards = Cards()
    state = table(bar=(cards.beer(Beer.STOUT), None, None, None), discounts=frozenset({1}))
    assert GAME.view(state, 1)["bar"].slots[0] == BeerView("stout", "Stout", 5, 6, 2)
    assert GAME.view(state, 0)["bar"].slots[0] == BeerView("stout", "Stout", 5, 6, None)
    assert GAME.view(state, None)["bar"].slots[1] is None


def test_players_view_shows_pints_money_and_score() -> None:
    cards = Cards()
    state = table(keg=1)
    state = with_area(
        state,
        1,
        pints=(cards.pint(Beer.IPA), cards.pint(Beer.LAGER, True)),
        saved=cards.money(3),
        drunk=(cards.event(Kind.DRUNK),),
        happy_hour=cards.event(Kind.HAPPY_HOUR),
    )
    player = GAME.view(state, 0)["players"][1]
    assert player == PlayerView(
        seat=1,
        pints=(PintView("ipa", "IPA", 6, 8, False), PintView("lager", "Lager", 2, 1, True)),
        saved=3,
        drunk=1,
        happy_hour=True,
        keg=True,
        score=9,
    )


def test_scores_view_ranks_only_when_over() -> None:
    state = table(round_scores=((3, 4),))
    assert GAME.view(state, None)["scores"] == ScoresView(((3, 4),), (3, 4), None)
    over = replace(state, phase=Phase.OVER, round=2, round_scores=((3, 4), (5, 1)))
    assert GAME.view(over, None)["scores"] == ScoresView(((3, 4), (5, 1)), (8, 5), (1, 2))
    assert GAME.view(over, None)["status"].seat is None
