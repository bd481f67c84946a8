"""What the campaign page and the sticker step show of stickers, upgrades and the journal: one
plain, comparable value per part. Names are message ids the templates translate; people are
person keys ("person:12"), which the page names."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.games.core.contract import Viewer
from app.games.stickers.abilities import ABILITY_NAMES
from app.games.stickers.campaign import Campaign
from app.games.stickers.cards import CARDS, CATEGORY_NAMES, STICKER_NAMES
from app.games.stickers.hooks import BOXES
from app.games.stickers.state import StickersState
from app.games.stickers.sticking import places, sticking_seats
from app.games.stickers.upgrades import DECOR_NAMES, JOURNAL, RULES, UPGRADES, Space, Sticker
from app.games.stickers.views import CardView, card_view

ACTION_NAMES: Mapping[str, str] = {**STICKER_NAMES, **ABILITY_NAMES}
"""Every action sticker's name, by kind."""


@dataclass(frozen=True, slots=True)
class StickerView:
    space: str  # "points", "action" or "decor"
    name: str  # a message id: the sticker's name ("+1" for points)
    category: str | None  # the category name it must go on, if any
    players: int = 2  # a set-aside copy's mark: 3 "3+", 4 "4"


@dataclass(frozen=True, slots=True)
class RuleView:
    box: str
    title: str
    text: str


@dataclass(frozen=True, slots=True)
class UpgradeView:
    id: str
    kind: str
    title: str
    text: str
    category: str | None
    rules: tuple[RuleView, ...]
    stickers: tuple[StickerView, ...]


@dataclass(frozen=True, slots=True)
class EntryView:
    game: int
    people: tuple[str, ...]
    winners: tuple[str, ...]
    upgrade: UpgradeView | None


@dataclass(frozen=True, slots=True)
class SpaceView:
    """A space of the journal: its kind, and the upgrade opened there (None: not yet)."""

    kind: str
    upgrade: UpgradeView | None


@dataclass(frozen=True, slots=True)
class JournalView:
    people: tuple[str, ...]
    last: str | None
    games: tuple[EntryView, ...]
    trophies: tuple[tuple[str, int], ...]  # by person, in the order they joined
    spaces: tuple[SpaceView, ...]
    rules: tuple[RuleView, ...]  # in force, by box
    aside: tuple[StickerView, ...]


@dataclass(frozen=True, slots=True)
class StickeredView:
    """A card with campaign stickers: as it plays now, and what was stuck on it."""

    card: CardView
    points: int
    actions: tuple[StickerView, ...]
    decor: tuple[StickerView, ...]


def sticker_view(sticker: Sticker, players: int = 2) -> StickerView:
    category = None if sticker.category is None else CATEGORY_NAMES[sticker.category]
    return StickerView(sticker.space.value, sticker_name(sticker), category, players)


def sticker_name(sticker: Sticker) -> str:
    if sticker.space is Space.POINTS:
        return f"+{sticker.points}"
    names = ACTION_NAMES if sticker.space is Space.ACTION else DECOR_NAMES
    return names.get(sticker.name, sticker.name)


def rule_view(box: str, name: str) -> RuleView:
    rule = RULES[name]
    return RuleView(box, rule.title, rule.text)


def upgrade_view(upgrade_id: str) -> UpgradeView:
    upgrade = UPGRADES[upgrade_id]
    category = None if upgrade.category is None else CATEGORY_NAMES[upgrade.category]
    return UpgradeView(
        upgrade.id,
        upgrade.kind.value,
        upgrade.title,
        upgrade.text,
        category,
        tuple(rule_view(box, name) for box, name in upgrade.rules),
        tuple(sticker_view(sticker) for sticker in upgrade.stickers),
    )


def journal_view(campaign: Campaign) -> JournalView:
    opened = campaign.opened
    trophies = campaign.trophies()
    return JournalView(
        campaign.people,
        campaign.last,
        tuple(
            EntryView(
                e.game, e.people, e.winners, None if e.upgrade is None else upgrade_view(e.upgrade)
            )
            for e in campaign.journal
        ),
        tuple((person, trophies[person]) for person in campaign.people),
        tuple(
            SpaceView(kind.value, upgrade_view(opened[n]) if n < len(opened) else None)
            for n, kind in enumerate(JOURNAL)
        ),
        tuple(rule_view(box, name) for box, name in sorted(campaign.rules) if box in BOXES),
        tuple(sticker_view(a.sticker, a.players) for a in campaign.aside),
    )


def stickered_view(campaign: Campaign) -> tuple[StickeredView, ...]:
    deck = {card.id: card for card in campaign.deck(()).cards()}
    return tuple(
        StickeredView(
            card_view(deck[card]),
            on.points,
            tuple(_named(Space.ACTION, kind) for kind in on.actions),
            tuple(_named(Space.DECOR, picture) for picture in on.decor),
        )
        for card, on in campaign.cards
        if card < len(CARDS)
    )


def _named(space: Space, name: str) -> StickerView:
    return sticker_view(Sticker(space, name))


def campaign_parts(campaign: Campaign) -> Mapping[str, Any]:
    """Returns the campaign page's parts: the journal and every stickered card."""
    return {"journal": journal_view(campaign), "cards": stickered_view(campaign)}


# --- the table's sticker step ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlacedView:
    seat: int
    sticker: StickerView
    card: CardView
    at_random: bool


@dataclass(frozen=True, slots=True)
class StickingView:
    """The sticker step: the upgrade opened, the winners' trophies, each seat's stickers still
    to stick, those stuck, and how many copies were set aside."""

    upgrade: UpgradeView | None
    winners: tuple[int, ...]
    left: tuple[tuple[StickerView, ...], ...]
    placed: tuple[PlacedView, ...]
    aside: int


@dataclass(frozen=True, slots=True)
class SpacesView:
    """One of the viewer's stickers (`index` in their list) and the cards of their album it
    may go on."""

    index: int
    sticker: StickerView
    cards: tuple[CardView, ...]


def sticking_view(state: StickersState) -> StickingView | None:
    step = state.sticking
    if step is None:
        return None
    return StickingView(
        None if step.upgrade is None else upgrade_view(step.upgrade),
        step.winners,
        tuple(tuple(sticker_view(s) for s in left) for left in step.left),
        tuple(
            PlacedView(p.seat, sticker_view(p.sticker), card_view(state.card(p.card)), p.at_random)
            for p in step.placed
        ),
        len(step.aside),
    )


def spaces_view(state: StickersState, viewer: Viewer) -> tuple[SpacesView, ...] | None:
    """Returns the viewer's stickers with the cards each may go on (None: nothing to stick)."""
    if viewer is None or viewer not in sticking_seats(state):
        return None
    assert state.sticking is not None
    return tuple(
        SpacesView(
            index,
            sticker_view(sticker),
            tuple(card_view(state.card(card)) for card in places(state, viewer, sticker)),
        )
        for index, sticker in enumerate(state.sticking.left[viewer])
    )
