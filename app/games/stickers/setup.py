"""Setting up a game: the rarity board, the draw pile for the number of players, the stock, the
market, the hands and the first player; then the rules in boxes A and B."""

from __future__ import annotations

from app.games.core.rng import Rng
from app.games.stickers.campaign import Campaign
from app.games.stickers.cards import HAND_SIZE, MARKET_SIZE, STOCK_PER_PLAYER, Category
from app.games.stickers.deck import Deck
from app.games.stickers.events import GameStarted
from app.games.stickers.flow import begin_turn
from app.games.stickers.hooks import Events, Hooks
from app.games.stickers.state import Phase, StickersState


def deal(
    players: int,
    seed: int,
    deck: Deck,
    hooks: Hooks,
    events: Events,
    campaign: Campaign | None = None,
    people: tuple[str, ...] = (),
    trophies: tuple[int, ...] = (),
) -> StickersState:
    """Returns the first turn of a game dealt from `deck` (its stickers and rules in force);
    a campaign game passes its `campaign`, `people` and `trophies` (`state.StickersState`).

    The first player is the deck's (who most recently stuck on a sticker), or drawn from the
    seed when the deck names none (a first game: nobody has stuck one yet, or they are not at
    this table)."""
    rng = Rng.from_seed(seed)
    board, rng = rng.shuffle(tuple(Category))
    cards = deck.cards()
    in_game = tuple(card.id for card in cards if card.players <= players)
    removed = tuple(card.id for card in cards if card.players > players)
    pile, rng = rng.shuffle(in_game)
    stock_size = STOCK_PER_PLAYER * players
    stock, rng = rng.shuffle(pile[:stock_size])
    pile = pile[stock_size:]
    market, pile = pile[:MARKET_SIZE], pile[MARKET_SIZE:]
    hands = tuple(pile[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players))
    pile = pile[players * HAND_SIZE :]
    first = deck.first
    if first is None:
        first, rng = rng.below(players)
    state = StickersState(
        players=players,
        rng=rng,
        deck=deck,
        hooks=hooks,
        cards=cards,
        board=board,
        pile=pile,
        stock=stock,
        market=market,
        hands=hands,
        albums=((),) * players,
        removed=removed,
        first=first,
        seat=first,
        phase=Phase.TAKE,
        campaign=campaign,
        people=people,
        trophies=trophies,
    )
    events.append(GameStarted(first, tuple(c.value for c in board), len(removed)))
    for setup_hook in hooks.setup:
        state = setup_hook(state, events)
    return begin_turn(state, state.first, events)
