"""The sticker step that ends a campaign game: the stickers divided equally, the 3+ and 4 copies
set aside and stuck at random when the group grows, legal places (empty spaces of the
sticker's kind on its category's cards in your own album; decorative ones anywhere), the
result only once every sticker is on, the trophy, and who stuck last."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from app.games.core import Applied, Refusal
from app.games.core.choices import OneOf
from app.games.stickers import GAME
from app.games.stickers.actions import Stick, Take
from app.games.stickers.campaign import Aside, OnCard, read_campaign, table_carry
from app.games.stickers.cards import Category
from app.games.stickers.events import StickerStuck, TrophyWon, UpgradeOpened
from app.games.stickers.state import Phase
from app.games.stickers.upgrades import UPGRADES, Space, Sticker
from tests.games.stickers.campaigns import PEOPLE, at_sticker_step, campaign_before, play_out
from tests.games.stickers.tables import HAT_ROW, PLAIN_ROWS, cards, column, table
from tests.support.rooms import rendered

C = Category
MICE = cards(C.SPACE_MOUSE, HAT_ROW, *PLAIN_ROWS, 4)
DUCKS = cards(C.GHOST_DUCKLING, *PLAIN_ROWS)
MOUSE_UPGRADE = "category-space_mouse"  # +1 on a Space Mouse, a Hat on a Space Mouse, a rocket


def mouse_step(players: int = 2, albums: dict[int, tuple] | None = None):  # type: ignore[type-arg]
    """Returns the sticker step of a game after which the Space Mouse upgrade opens."""
    people = PEOPLE[:players]
    albums = albums or {0: (column(*MICE),), 1: (column(*DUCKS),)}
    state = table(players=players, albums=albums, rest_in_pile=False)
    return at_sticker_step(state, campaign_before(MOUSE_UPGRADE, people), people)


def test_the_winners_get_a_trophy_and_the_next_upgrade_opens() -> None:
    state, events = mouse_step()
    assert [e for e in events if isinstance(e, TrophyWon)] == [TrophyWon((0,))]
    assert UpgradeOpened(MOUSE_UPGRADE, 2 * 3) in events  # 3 stickers, copies "3+" and "4"
    assert state.phase is Phase.STICK and state.sticking.upgrade == MOUSE_UPGRADE


@pytest.mark.parametrize(("players", "aside"), [(2, [3, 4]), (3, [4]), (4, [])])
def test_the_stickers_are_divided_equally_and_the_rest_set_aside(
    players: int, aside: list[int]
) -> None:
    albums = {seat: (column(*cards(list(C)[seat], *PLAIN_ROWS)),) for seat in range(players)}
    albums[0] = (column(*MICE),)
    state, _events = mouse_step(players, albums)
    stickers = UPGRADES[MOUSE_UPGRADE].stickers
    # Seats without a Space Mouse have their mouse stickers stuck at random: count them too.
    given = [
        Counter((*left, *(p.sticker for p in state.sticking.placed if p.seat == seat)))
        for seat, left in enumerate(state.sticking.left)
    ]
    assert given == [Counter(stickers)] * players
    assert sorted(a.players for a in state.sticking.aside) == sorted(aside * len(stickers))


def test_a_sticker_goes_on_an_empty_space_of_its_kind_on_its_category_in_your_album() -> None:
    full, pointed = MICE[0], MICE[1]  # a printed Hat and one stuck: its action spot is full
    campaign = campaign_before(MOUSE_UPGRADE, PEOPLE[:2]).stuck_on(
        ((pointed, Sticker(Space.POINTS, "1")), (full, Sticker(Space.ACTION, "hat")))
    )
    state = table(players=2, albums={0: (column(*MICE),), 1: (column(*DUCKS),)})
    state, _ = at_sticker_step(state, campaign, PEOPLE[:2])
    offers = {c.base.sticker: c for c in GAME.choices(state, 0)}
    assert all(isinstance(c, OneOf) for c in offers.values())
    held = state.sticking.left[0]
    points, hat, rocket = (held.index(s) for s in UPGRADES[MOUSE_UPGRADE].stickers)
    on = {kind: {o.card for o in offers[index].options} for kind, index in
          (("points", points), ("hat", hat), ("rocket", rocket))}  # fmt: skip
    assert on["points"] == set(MICE) - {pointed}
    assert on["hat"] == set(MICE) - {full}
    assert on["rocket"] == set(MICE)  # decorative: anywhere
    refused = [
        Stick(points, pointed),  # its points space is taken
        Stick(points, DUCKS[0]),  # another player's album (and another category)
        Stick(rocket, DUCKS[0]),  # another player's album
        Stick(hat, full),  # its action spot is full
        Stick(9, MICE[2]),  # no such sticker
    ]
    for move in refused:
        assert isinstance(GAME.apply(state, 0, move), Refusal), move


def test_decorative_stickers_go_on_any_card_even_a_full_one() -> None:
    decor = Sticker(Space.DECOR, "rocket")
    full = OnCard(points=1, actions=("hat",))
    assert full.free(MICE[0], Space.DECOR) and not full.free(MICE[0], Space.ACTION)
    state, _ = mouse_step()
    index = state.sticking.left[0].index(decor)
    state = GAME.apply(state, 0, Stick(index, MICE[0])).state
    state = GAME.apply(state, 0, Stick(0, MICE[0])).state  # +1 on the same card
    assert not GAME.apply(state, 0, Stick(0, MICE[0])).state.sticking.left[0]  # and the Hat


def test_a_sticker_with_no_place_in_its_album_goes_on_a_random_card() -> None:
    state, events = mouse_step()  # seat 1 has only ducks: its mouse stickers have no place
    random_ones = [e for e in events if isinstance(e, StickerStuck) and e.at_random]
    assert {(e.seat, e.name) for e in random_ones} == {(1, "1"), (1, "hat")}
    for e in random_ones:
        assert state.card(e.card).category is C.SPACE_MOUSE
    assert [s.name for s in state.sticking.left[1]] == ["rocket"]


def test_everyone_sticks_at_once_and_the_result_comes_after_the_last_sticker() -> None:
    state, _ = mouse_step()
    assert GAME.simultaneous(state) == "stick"
    assert GAME.active_seats(state) == {0, 1}
    assert GAME.result(state) is None
    state = GAME.apply(state, 1, Stick(0, DUCKS[0])).state  # seat 1's rocket
    for _ in range(3):
        assert GAME.result(state) is None
        state = GAME.apply(state, 0, Stick(0, MICE[2])).state
    assert state.phase is Phase.OVER and GAME.active_seats(state) == frozenset()
    result = GAME.result(state)
    assert result is not None
    after = read_campaign(result.carry)
    assert not isinstance(after, Refusal)
    assert after.last == PEOPLE[0]  # seat 0 stuck last
    assert after.on_card(MICE[2]) == OnCard(1, ("hat",), ("rocket",))
    assert after.on_card(DUCKS[0]).decor == ("rocket",)
    assert after.journal[-1].winners == (PEOPLE[0],) and after.opened[-1] == MOUSE_UPGRADE


def test_who_stuck_last_starts_the_next_game_whatever_their_seat() -> None:
    campaign = campaign_before(MOUSE_UPGRADE, PEOPLE[:3])
    campaign = replace(campaign, last=PEOPLE[1])
    for people in [
        PEOPLE[:3],
        (PEOPLE[2], PEOPLE[0], PEOPLE[1]),
        (PEOPLE[1], PEOPLE[2], PEOPLE[0]),
    ]:
        state = GAME.setup(3, {}, 7, GAME.carry_in(campaign.to_json(), people))
        assert state.people[state.first] == PEOPLE[1]


def test_set_aside_stickers_go_on_random_cards_when_the_group_grows() -> None:
    hat = Sticker(Space.ACTION, "hat", C.SPACE_MOUSE)
    points = Sticker(Space.POINTS, "1", C.SPACE_MOUSE)
    aside = (
        Aside(MOUSE_UPGRADE, 3, hat),
        Aside(MOUSE_UPGRADE, 4, hat),
        Aside(MOUSE_UPGRADE, 3, points),
    )
    two = replace(campaign_before(MOUSE_UPGRADE, PEOPLE[:2]), aside=aside)
    same = two.joined(PEOPLE[:2])
    assert same == two  # nobody new: nothing stuck
    three = two.joined((PEOPLE[2], PEOPLE[0], PEOPLE[1]))
    assert three.people == PEOPLE[:3]
    assert three.aside == (aside[1],)
    stuck = [(card, on) for card, on in three.cards if card not in dict(two.cards)]
    assert sorted(len(on.actions) + (on.points > 0) for _card, on in stuck) in ([1, 1], [2])
    assert all(card // 12 == 0 for card, _on in stuck)  # Space Mice, as the stickers say
    four = three.joined(PEOPLE[:4])
    assert four.aside == ()
    total = sum(len(on.actions) + (on.points > 0) for _card, on in four.cards)
    assert total == sum(len(on.actions) + (on.points > 0) for _card, on in two.cards) + 3
    # carry_in does the same, and the next game's deck has the stickers on.
    carry = GAME.carry_in(two.to_json(), PEOPLE[:3])
    assert read_campaign(carry["campaign"]) == three
    assert GAME.setup(3, {}, 1, carry).deck == three.deck(PEOPLE[:3])


def test_a_stand_in_bot_places_for_an_absent_player() -> None:
    state, _ = mouse_step()
    move = GAME.bots[GAME.stand_in](GAME, state, 0, random.Random(0))
    assert isinstance(move, Stick) and isinstance(GAME.apply(state, 0, move), Applied)
    over, _log = play_out(state, 3)
    assert GAME.result(over) is not None


def test_the_step_shows_each_player_their_stickers_and_where_they_may_go() -> None:
    state, _ = mouse_step()
    pages = rendered(GAME, state, 2)
    assert "Your stickers" in pages[(1, "spaces")] and "may go on" in pages[(1, "spaces")]
    assert "Your stickers" not in pages[(None, "spaces")]
    assert "Sticker step" in pages[(None, "sticking")]
    assert "Stick" in pages[(1, "actions")]
    assert GAME.view(state, 1)["spaces"] != GAME.view(state, 0)["spaces"]


def test_outside_a_campaign_the_game_ends_without_a_sticker_step() -> None:
    state = GAME.setup(2, {}, 5)
    over, _log = play_out(state, 5)
    assert over.sticking is None and over.campaign is None
    assert isinstance(GAME.apply(over, 0, Take(0)), Refusal)


def test_the_carry_of_a_campaign_table_names_its_people() -> None:
    campaign = campaign_before(MOUSE_UPGRADE, PEOPLE[:2])
    carry = table_carry(campaign, PEOPLE[:2])
    assert isinstance(GAME.read_carry(carry, 3), Refusal)  # two people, three seats
    assert isinstance(GAME.read_carry({**carry, "people": ["person:99", PEOPLE[0]]}, 2), Refusal)
