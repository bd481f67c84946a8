"""Stickers events in plain words for the log: every message is marked for translation.

Cards are named by their category (the log does not repeat a card's stickers, which the
table shows)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from app.games.core.i18n import Joined, _, n_
from app.games.core.outcome import Event
from app.games.core.outcome import Revealed as Hidden
from app.games.core.texts import game_over, names_and
from app.games.stickers.campaign_views import sticker_name
from app.games.stickers.cards import CARDS, CATEGORY_NAMES, Category
from app.games.stickers.events import (
    Asked,
    Drew,
    DrewCards,
    GameEnded,
    GameStarted,
    Handed,
    HandedCard,
    LastRound,
    MarketRefilled,
    Played,
    RevealChosen,
    Revealed,
    StickerStuck,
    Swapped,
    Took,
    TrophyWon,
    TurnEnded,
    TurnStarted,
    UpgradeOpened,
)
from app.games.stickers.upgrades import UPGRADES, Space, Sticker

if TYPE_CHECKING:
    from app.games.stickers.state import StickersState


Names = Sequence[str]


def describe(event: Event, names: Names) -> str:
    """Returns one log line for an event, with seats written as player names."""
    describer = _DESCRIBERS.get(type(event))
    return describer(event, names) if describer else type(event).__name__


def _category(key: str) -> str:
    return CATEGORY_NAMES[Category(key)]


def _cards(cards: Sequence[int]) -> str:
    return Joined(", ", (CATEGORY_NAMES[CARDS[card].category] for card in cards))


def _started(event: Any, names: Names) -> str:
    rarest = _category(event.board[0])
    return _("The markers are laid out, {rarest} is legendary; {name} plays first.").format(
        rarest=rarest, name=names[event.first]
    )


def _turn_started(event: Any, names: Names) -> str:
    if event.last_round:
        return _("It is {name}'s turn (last round).").format(name=names[event.seat])
    return _("It is {name}'s turn.").format(name=names[event.seat])


def _took(event: Any, names: Names) -> str:
    text = (
        _("{name} takes {cards} from the market (collection bonus).")
        if event.bonus
        else _("{name} takes {cards} from the market.")
    )
    return text.format(name=names[event.seat], cards=_cards(event.cards))


def _played(event: Any, names: Names) -> str:
    if event.hat:
        return _("{name}'s Hat plays a {category} from the draw pile.").format(
            name=names[event.seat], category=_category(event.category)
        )
    count = len(event.cards)
    text = n_(
        "{name} plays {count} {category} card.", "{name} plays {count} {category} cards.", count
    )
    return text.format(name=names[event.seat], count=count, category=_category(event.category))


def _swapped(event: Any, names: Names) -> str:
    return _("{name} swaps the {first} and {second} markers.").format(
        name=names[event.seat], first=_category(event.first), second=_category(event.second)
    )


def _asked(event: Any, names: Names) -> str:
    return _("{name} asks {target} for a {category}.").format(
        name=names[event.seat], target=names[event.target], category=_category(event.category)
    )


def _handed(event: Any, names: Names) -> str:
    return _("{target} hands {name} a {category} and draws a card.").format(
        name=names[event.seat], target=names[event.target], category=_category(event.category)
    )


def _handed_card(event: Any, names: Names) -> str:
    return _("The card handed over: {card}.").format(card=_cards((event.card,)))


def _drew(event: Any, names: Names) -> str:
    text = n_("{name} draws {count} card.", "{name} draws {count} cards.", event.count)
    line: str = text.format(name=names[event.seat], count=event.count)
    if event.from_stock:
        line = Joined(" ", (line, _("({count} from the stock)").format(count=event.from_stock)))
    return line


def _drew_cards(event: Any, names: Names) -> str:
    return _("Drawn: {cards}.").format(cards=_cards(event.cards))


def _market(event: Any, names: Names) -> str:
    return _("New in the market: {cards}.").format(cards=_cards(event.cards))


def _turn_ended(event: Any, names: Names) -> str:
    return _("{name} ends their turn.").format(name=names[event.seat])


def _last_round(event: Any, names: Names) -> str:
    return _("The draw pile is empty: this round is the last.")


def _reveal_chosen(event: Any, names: Names) -> str:
    return _("{name} has chosen a card for the final reveal.").format(name=names[event.seat])


def _revealed(event: Any, names: Names) -> str:
    if not event.added:
        return _("{name} reveals a {card}, which fits no collection.").format(
            name=names[event.seat], card=_cards((event.card,))
        )
    count = len(event.added)
    text = n_(
        "{name} reveals a {card}: {count} card joins the album.",
        "{name} reveals a {card}: {count} cards join the album.",
        count,
    )
    return text.format(name=names[event.seat], card=_cards((event.card,)), count=count)


def _game_ended(event: Any, names: Names) -> str:
    return game_over(event.winners, event.scores[event.winners[0]], names)


def _trophy(event: Any, names: Names) -> str:
    text = n_("{names} gets a trophy.", "{names} get a trophy each.", len(event.seats))
    return text.format(names=names_and(names[seat] for seat in event.seats))


def _upgrade_opened(event: Any, names: Names) -> str:
    upgrade = UPGRADES[event.upgrade]
    line: str = _("Upgrade opened: {title}.").format(title=upgrade.title)
    if upgrade.category is not None:
        line = _("Upgrade opened: {title} ({category}).").format(
            title=upgrade.title, category=CATEGORY_NAMES[upgrade.category]
        )
    if event.aside:
        aside = _("({count} set aside for a bigger group)").format(count=event.aside)
        line = Joined(" ", (line, aside))
    return line


def _sticker_stuck(event: Any, names: Names) -> str:
    sticker = sticker_name(Sticker(Space(event.space), event.name))
    if event.at_random:
        return _(
            "{name}'s {sticker} sticker has no place in their album: it goes on a {card}."
        ).format(name=names[event.seat], sticker=sticker, card=_cards((event.card,)))
    return _("{name} sticks a {sticker} sticker on a {card}.").format(
        name=names[event.seat], sticker=sticker, card=_cards((event.card,))
    )


_DESCRIBERS: Mapping[type[Event], Callable[[Any, Names], str]] = {
    GameStarted: _started,
    TurnStarted: _turn_started,
    Took: _took,
    Played: _played,
    Swapped: _swapped,
    Asked: _asked,
    Handed: _handed,
    HandedCard: _handed_card,
    Drew: _drew,
    DrewCards: _drew_cards,
    MarketRefilled: _market,
    TurnEnded: _turn_ended,
    LastRound: _last_round,
    RevealChosen: _reveal_chosen,
    Revealed: _revealed,
    GameEnded: _game_ended,
    TrophyWon: _trophy,
    UpgradeOpened: _upgrade_opened,
    StickerStuck: _sticker_stuck,
}


def revealed(state: StickersState) -> tuple[Hidden, ...]:
    """Returns what nobody saw: the draw pile and the stock, in the order they are drawn."""

    def named(cards: tuple[int, ...]) -> tuple[str, ...]:
        return tuple(CATEGORY_NAMES[state.card(card).category] for card in cards)

    return (
        Hidden(_("The draw pile"), named(state.pile)),
        Hidden(_("The stock"), named(state.stock)),
    )
