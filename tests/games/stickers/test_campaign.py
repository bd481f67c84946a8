"""Whole campaigns of seeded bot games through the core's contract (carry_in, the result's
carry): the deck after game N is the deck before game N+1, every game replays from its seed,
log and carry, and the campaign's state keeps its invariants for 2-4 players, people changing
seats and joining later."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from app.games.core import Refusal, replay
from app.games.stickers import GAME
from app.games.stickers.campaign import Campaign, read_campaign
from app.games.stickers.cards import ACTION_SPACES, CARDS
from app.games.stickers.state import Phase
from app.games.stickers.upgrades import JOURNAL, SHEET_COPIES, UPGRADES, Kind
from tests.games.stickers.campaigns import PEOPLE, play_out
from tests.games.stickers.test_playouts import secrets_changed

_CAMPAIGNS = 3  # per player count
_GAMES = len(JOURNAL) + 1  # every upgrade opened, and one game after


def _read(carry: Any) -> Campaign:
    campaign = read_campaign(carry)
    assert not isinstance(campaign, Refusal), campaign
    return campaign


def _stickers_on_cards(campaign: Campaign) -> int:
    return sum((on.points != 0) + len(on.actions) + len(on.decor) for _card, on in campaign.cards)


def _check_campaign(campaign: Campaign, carry: Any, games: int) -> None:
    """Asserts what every campaign state must hold after `games` games."""
    assert campaign.to_json() == carry  # the state reads back as written
    assert len(campaign.journal) == games
    opened = campaign.opened
    assert len(opened) == min(games, len(JOURNAL)) == len(set(opened))
    assert tuple(UPGRADES[u].kind for u in opened) == JOURNAL[: len(opened)]
    assert sum(campaign.trophies().values()) == sum(len(e.winners) for e in campaign.journal)
    for card, on in campaign.cards:
        assert len(CARDS[card].actions) + len(on.actions) <= ACTION_SPACES
    sheets = sum(len(SHEET_COPIES) * len(UPGRADES[u].stickers) for u in opened)
    assert _stickers_on_cards(campaign) + len(campaign.aside) == sheets  # none lost, none made
    assert all(a.players > len(campaign.people) for a in campaign.aside)
    assert campaign.last in {p for e in campaign.journal for p in e.people}


def _seating(people: tuple[str, ...], game: int) -> tuple[str, ...]:
    """Returns the people in another order each game (seats change between evenings)."""
    shift = game % len(people)
    return people[shift:] + people[:shift]


def run_campaign(groups: list[tuple[str, ...]], seed: int) -> list[Any]:
    """Plays one game per group (the people at the table), each set up from the last one's
    carry; checks every game and returns the campaign's states."""
    carry: Any = None
    states = []
    for number, group in enumerate(groups, 1):
        people = _seating(group, number)
        assert GAME.check_carry(carry, people) is None
        table = GAME.carry_in(carry, people)
        before = _read(table["campaign"])
        game_seed = seed * 100 + number
        start = GAME.setup(len(people), {}, game_seed, table)
        assert start.deck == before.deck(people)  # set up from the campaign as it stood
        if before.last in people:
            assert people[start.first] == before.last
        over, log = play_out(start, game_seed)
        assert over.phase is Phase.OVER
        result = GAME.result(over)
        assert result is not None
        assert replay(GAME, len(people), {}, game_seed, log, table) == over
        carry = result.carry
        after = _read(carry)
        _check_campaign(after, carry, number)
        assert after.journal[-1].people == people
        assert after.journal[-1].winners == tuple(people[s] for s in result.winners)
        states.append(after)
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_campaigns_keep_their_invariants_and_every_game_replays(players: int) -> None:
    group = PEOPLE[:players]
    for seed in range(_CAMPAIGNS):
        states = run_campaign([group] * _GAMES, seed)
        final = states[-1]
        assert set(final.opened) == set(UPGRADES)  # all fifteen, then nothing more
        assert final.journal[-1].upgrade is None
        assert dict(final.rules).keys() == set("ABCDEFGHIJKL")
        assert len(final.aside) == sum(
            len(UPGRADES[u].stickers) * sum(m > players for m in SHEET_COPIES) for u in final.opened
        )


def test_the_deck_after_a_game_is_the_deck_before_the_next() -> None:
    group = PEOPLE[:3]
    states = run_campaign([group] * 5, 7)
    for number, after in enumerate(states[:-1], 2):
        people = _seating(group, number)
        next_table = GAME.carry_in(after.to_json(), people)
        assert _read(next_table["campaign"]) == after  # nobody new: nothing changes
        assert GAME.setup(3, {}, 1, next_table).deck == after.deck(people)
        assert after.deck(people).stuck  # the games stuck something


def test_players_joining_later_get_the_set_aside_stickers_on_random_cards() -> None:
    two, three, four = PEOPLE[:2], PEOPLE[:3], PEOPLE[:4]
    states = run_campaign([two, two, two, three, three, four, two], 4)
    for after in states[:3]:  # two players: the 3+ and 4 copies wait
        copies = sum(len(UPGRADES[u].stickers) for u in after.opened)
        assert Counter(a.players for a in after.aside) == {3: copies, 4: copies}
    before_join = states[2]
    joined = _read(GAME.carry_in(before_join.to_json(), three)["campaign"])
    assert set(joined.people) == set(three)
    assert {a.players for a in joined.aside} == {4}
    gained = _stickers_on_cards(joined) - _stickers_on_cards(before_join)
    assert gained == sum(a.players == 3 for a in before_join.aside)
    assert set(states[5].people) == set(four) and states[5].aside == ()
    # A group of four playing with two: nobody will join, so nothing waits.
    assert states[6].aside == ()


def test_a_new_campaign_starts_from_the_printed_deck() -> None:
    table = GAME.carry_in(None, PEOPLE[:2])
    state = GAME.setup(2, {}, 3, table)
    assert state.deck.stuck == () and state.deck.rules == ()
    assert state.cards == GAME.setup(2, {}, 3).cards


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda c: {**c, "format": 99}, "not one this version"),
        (lambda c: {**c, "people": ["someone"]}, "damaged"),
        (lambda c: {**c, "opened": []}, "disagree with its journal"),
        (lambda c: {**c, "trophies": {}}, "disagree with its journal"),
        (lambda c: {**c, "cards": {"999": {"points": 1, "actions": [], "decor": []}}}, "damaged"),
        (lambda c: {**c, "cards": {"0": {"points": 1, "actions": ["hat", "hat"], "decor": []}}},
         "no room"),
        (lambda c: {**c, "journal": c["journal"][::-1]}, "damaged"),
        (lambda c: {**c, "rng": "not hex"}, "damaged"),
    ],
)  # fmt: skip
def test_a_damaged_campaign_state_is_refused_with_a_reason(change: Any, reason: str) -> None:
    carry = run_campaign([PEOPLE[:2]] * 2, 1)[-1].to_json()
    assert GAME.check_carry(carry, PEOPLE[:2]) is None
    why = GAME.check_carry(change(carry), PEOPLE[:2])
    assert why is not None and reason in why


def test_the_campaign_page_shows_the_journal_and_every_stickered_card() -> None:
    final = run_campaign([PEOPLE[:2]] * 4, 2)[-1]
    parts = GAME.campaign_view(final.to_json())
    journal, stickered = parts["journal"], parts["cards"]
    assert [g.game for g in journal.games] == [1, 2, 3, 4]
    assert [s.upgrade.id for s in journal.spaces if s.upgrade] == list(final.opened)
    assert [s.kind for s in journal.spaces] == [k.value for k in JOURNAL]
    assert {c.card.id for c in stickered} == {card for card, _on in final.cards}
    assert dict(journal.trophies) == dict(final.trophies())
    assert JOURNAL[0] is Kind.ABILITY


def test_a_campaign_game_with_every_rule_keeps_secrets_from_views_and_bots() -> None:
    group = PEOPLE[:3]
    ruled = run_campaign([group] * len(JOURNAL), 5)[-1]  # every box filled
    table = GAME.carry_in(ruled.to_json(), group)
    state = GAME.setup(3, {}, 77, table)
    rng = random.Random(77)
    for step in range(400):
        active = sorted(GAME.active_seats(state))
        if not active:
            break
        viewer = (None, *range(3))[step % 4]
        assert GAME.view(state, viewer) == GAME.view(secrets_changed(state, viewer), viewer)
        seat = rng.choice(active)
        move = GAME.bots["greedy"](GAME, state, seat, rng)
        assert move == GAME.bots["greedy"](GAME, secrets_changed(state, seat), seat, rng)
        applied = GAME.apply(state, seat, move)
        assert not isinstance(applied, Refusal)
        state = applied.state
    assert state.phase is Phase.OVER and GAME.result(state) is not None
