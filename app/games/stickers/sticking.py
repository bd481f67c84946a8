"""The sticker step that ends a campaign game, after the final scoring and before the result.

The winners get a trophy; the next upgrade of the journal is opened, and its stickers are
divided equally: every player receives one copy of each (the sheet's copies marked for more
players than sit at the table are set aside). Then everyone at once sticks theirs onto cards
in their own album: a victory-point or action sticker on an empty space of its kind (on a card
of its category when it names one), a decorative sticker on any card. A sticker with no place
in its player's album is stuck onto a random card of the deck with room for it, one in no album
when there is one (chosen: it is not lost, no one else chooses for a player, and it takes no
player's space). When every sticker is on, the game is over
and its result carries the campaign's next state.

The stickers stuck now change the cards from the next game on: this game's scores are final.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.games.core.choices import OneOf, first_of_each
from app.games.stickers.actions import Stick
from app.games.stickers.campaign import Aside, Campaign, Entry, OnCard, fits
from app.games.stickers.cards import CARDS
from app.games.stickers.events import StickerStuck, TrophyWon, UpgradeOpened
from app.games.stickers.hooks import Events
from app.games.stickers.scoring import final_result
from app.games.stickers.state import Phase, StickersState
from app.games.stickers.upgrades import SHEET_COPIES, UPGRADES, Sticker


@dataclass(frozen=True, slots=True)
class Placed:
    """A sticker of `seat`'s stuck this step onto `card`: by them, or `at_random` (it had no
    place in their album)."""

    seat: int
    sticker: Sticker
    card: int
    at_random: bool = False


@dataclass(frozen=True, slots=True)
class Sticking:
    """The sticker step: the upgrade opened (None: none left), this game's winners, each
    seat's stickers still to stick, those stuck so far, those set aside, and the seat that
    stuck one last."""

    upgrade: str | None
    winners: tuple[int, ...]
    left: tuple[tuple[Sticker, ...], ...]
    placed: tuple[Placed, ...] = ()
    aside: tuple[Aside, ...] = ()
    last: int | None = None


def start(state: StickersState, events: Events) -> StickersState:
    """Returns the state at the sticker step of a scored campaign game (over at once when no
    upgrade is left to open)."""
    assert state.campaign is not None
    winners = final_result(state).winners
    events.append(TrophyWon(winners))
    upgrade, campaign = state.campaign.next_upgrade()
    stickers = UPGRADES[upgrade].stickers if upgrade is not None else ()
    aside = tuple(
        Aside(upgrade, mark, sticker)
        for sticker in stickers
        for mark in SHEET_COPIES
        if mark > state.players and upgrade is not None
    )
    if upgrade is not None:
        events.append(UpgradeOpened(upgrade, len(aside)))
    left = (stickers,) * state.players
    sticking = Sticking(upgrade, winners, left, aside=aside)
    state = replace(state, campaign=campaign, sticking=sticking, phase=Phase.STICK)
    return settle(state, events)


def on_card(state: StickersState, card: int) -> OnCard:
    """Returns the stickers on a card now: the campaign's and those stuck this step."""
    assert state.campaign is not None and state.sticking is not None
    on = state.campaign.on_card(card)
    for placed in state.sticking.placed:
        if placed.card == card:
            on = on.with_sticker(placed.sticker)
    return on


def places(state: StickersState, seat: int, sticker: Sticker) -> tuple[int, ...]:
    """Returns the cards of the seat's album a sticker may go on now, by id."""
    album = sorted(card for column in state.albums[seat] for card in column.cards)
    return tuple(card for card in album if fits(sticker, card, on_card(state, card)))


def sticking_seats(state: StickersState) -> frozenset[int]:
    """Returns the seats with stickers still to stick."""
    if state.phase is not Phase.STICK or state.sticking is None:
        return frozenset()
    return frozenset(seat for seat, left in enumerate(state.sticking.left) if left)


def moves(state: StickersState, seat: int) -> tuple[Stick, ...]:
    """Returns every place for each kind of sticker the seat holds."""
    return tuple(
        option
        for choice in offers(state, seat)
        for option in choice.options
        if isinstance(option, Stick)
    )


def offers(state: StickersState, seat: int) -> tuple[OneOf, ...]:
    """Returns one choice per kind of sticker the seat holds: the cards it may go on."""
    if seat not in sticking_seats(state):
        return ()
    assert state.sticking is not None
    held = state.sticking.left[seat]
    kinds = first_of_each(range(len(held)), lambda index: held[index])
    return tuple(
        OneOf(Stick(index), tuple(Stick(index, card) for card in places(state, seat, held[index])))
        for index in kinds
    )


def stick(state: StickersState, seat: int, action: Stick, events: Events) -> StickersState:
    """Returns the state after the seat stuck one of its stickers on a card of its album."""
    assert state.sticking is not None
    held = state.sticking.left[seat]
    sticker = held[action.sticker]
    left = (*held[: action.sticker], *held[action.sticker + 1 :])
    state = _placed(state, Placed(seat, sticker, action.card), seat, left)
    events.append(StickerStuck(seat, sticker.space.value, sticker.name, action.card))
    return settle(state, events)


def _placed(
    state: StickersState, placed: Placed, seat: int, left: tuple[Sticker, ...]
) -> StickersState:
    sticking = state.sticking
    assert sticking is not None
    lefts = (*sticking.left[:seat], left, *sticking.left[seat + 1 :])
    last = sticking.last if placed.at_random else placed.seat
    sticking = replace(sticking, left=lefts, placed=(*sticking.placed, placed), last=last)
    return replace(state, sticking=sticking)


def settle(state: StickersState, events: Events) -> StickersState:
    """Returns the state with every sticker that has no place in its player's album stuck at
    random (until none is left without a place: one stuck at random may fill a card of
    another album), over once no sticker is left."""
    changed = True
    while changed:
        changed = False
        for seat in range(state.players):
            placed = _homeless(state, seat)
            if placed is not None:
                state = _at_random(state, seat, placed, events)
                changed = True
    return state if sticking_seats(state) else replace(state, phase=Phase.OVER)


def _homeless(state: StickersState, seat: int) -> int | None:
    """Returns the index of a sticker of the seat's with no place in its album, if any."""
    assert state.sticking is not None
    held = state.sticking.left[seat]
    return next((i for i, sticker in enumerate(held) if not places(state, seat, sticker)), None)


def _at_random(state: StickersState, seat: int, index: int, events: Events) -> StickersState:
    """Returns the state with a seat's sticker stuck onto a random card with room for it (from
    the game's RNG); with none anywhere in the deck, the sticker is lost."""
    assert state.sticking is not None
    held = state.sticking.left[seat]
    sticker, left = held[index], (*held[:index], *held[index + 1 :])
    free = free_anywhere(state, sticker)
    if not free:
        sticking = state.sticking
        lefts = (*sticking.left[:seat], left, *sticking.left[seat + 1 :])
        return replace(state, sticking=replace(sticking, left=lefts))
    card, rng = state.rng.choice(free)
    state = _placed(
        replace(state, rng=rng), Placed(seat, sticker, card, at_random=True), seat, left
    )
    events.append(StickerStuck(seat, sticker.space.value, sticker.name, card, at_random=True))
    return state


def next_campaign(state: StickersState) -> Campaign:
    """Returns the campaign's state after this game: its journal entry, the stickers stuck,
    those set aside, and who stuck last. Copies set aside for a player count the group
    already reaches (its members were not all at this table) go onto random cards at once:
    no one will join for them."""
    campaign, sticking = state.campaign, state.sticking
    assert campaign is not None and sticking is not None
    entry = Entry(
        len(campaign.journal) + 1,
        state.people,
        tuple(state.people[seat] for seat in sticking.winners),
        sticking.upgrade,
    )
    last = campaign.last if sticking.last is None else state.people[sticking.last]
    campaign = replace(
        campaign,
        journal=(*campaign.journal, entry),
        aside=(*campaign.aside, *sticking.aside),
        last=last,
    )
    return campaign.stuck_on(tuple((p.card, p.sticker) for p in sticking.placed)).released()


def free_anywhere(state: StickersState, sticker: Sticker) -> tuple[int, ...]:
    """Returns the cards of the deck with room for a sticker now, outside every album when
    some are (so a sticker stuck at random takes no player's space)."""
    free = tuple(card.id for card in CARDS if fits(sticker, card.id, on_card(state, card.id)))
    held = {card for album in state.albums for column in album for card in column.cards}
    return tuple(card for card in free if card not in held) or free
