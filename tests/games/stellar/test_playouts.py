"""Seeded bot playouts: invariants after every action, and replay rebuilds the game."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from app.games.core import Action, Applied, Refusal, replay
from app.games.stellar import GAME
from app.games.stellar.actions import (
    Clear,
    Done,
    Keep,
    MoveSatellite,
    Place,
    PlayNotebook,
    PlayTelescope,
    SetSixZero,
    Start,
    Take,
)
from app.games.stellar.bots import greedy
from app.games.stellar.cards import CARDS, Card
from app.games.stellar.state import Phase, Placed, StellarState
from app.games.stellar.views import ScoreLineView

_GAMES = 200
_GREEDY_EVERY = 10  # one game in ten has a greedy bot in it
_THOROUGH = 1  # this random game tries every possible action at every step
_VIEW_EVERY = 3  # other games check one viewer's view every third step, the viewers in turn


def _mix(seed: int) -> tuple[str, str]:
    if seed % _GREEDY_EVERY:
        return ("random", "random")
    mixes = (("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"))
    return mixes[seed // _GREEDY_EVERY % len(mixes)]


def _cards_everywhere(state: StellarState) -> list[int]:
    """Returns the id of every card found in any place on the table."""
    cards: list[Card] = [*state.deck, *state.discard, *(c for c in state.row if c)]
    cards += [state.drawn] if state.drawn else []
    for board in state.boards:
        cards += [*board.hand, *board.starting, *(entry.card for entry in board.notebook)]
        cards += [placed.card for placed in board.telescope if placed]
    return sorted(card.id for card in cards)


def _secrets_changed(state: StellarState, viewer: int | None) -> StellarState:
    """Returns the table with everything the viewer may not know changed.

    That is the deck order, the RNG, the discard pile, the other hands, the other
    player's face-down cards and secret starting choice, and a deck card waiting
    for another player's telescope: each swapped with deck cards.
    """
    deck = list(state.deck[::-1])

    def swap(card: Card) -> Card:
        if not deck:
            return card
        deck.append(card)
        return deck.pop(0)

    boards = []
    for seat, board in enumerate(state.boards):
        if seat != viewer:
            start = board.start
            if start is not None and board.starting:
                other = next(card for card in board.starting if card.id != start[0])
                start = (other.id, (start[1] + 1) % 5)
            board = dataclasses.replace(
                board,
                hand=tuple(swap(card) for card in board.hand),
                telescope=tuple(
                    Placed(swap(placed.card), True) if placed and placed.face_down else placed
                    for placed in board.telescope
                ),
                start=start,
            )
        boards.append(board)
    drawn = state.drawn
    if drawn is not None and state.drawn_from_deck and viewer != state.seat:
        drawn = swap(drawn)
    return dataclasses.replace(
        state,
        boards=tuple(boards),
        discard=tuple(swap(card) for card in state.discard),
        drawn=drawn,
        deck=tuple(deck),
        rng=state.rng.next64()[1],
    )


# Views, and in the moves part the core's choices holding the game's typed actions.
_VIEW_MODULES = (".views", ".core.choices", ".actions")


def _walk(value: Any) -> Iterator[Any]:
    """Yields every value nested in a view part."""
    yield value
    if dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _walk(getattr(value, field.name))
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from _walk(item)


def _check_view(state: StellarState, viewer: int | None, thorough: bool) -> Mapping[str, Any]:
    """Asserts a view is plain data that does not change when only hidden things change."""
    view = GAME.view(state, viewer)
    assert view == GAME.view(_secrets_changed(state, viewer), viewer)
    if thorough:
        for value in _walk(view):
            assert isinstance(value, (int, str, bool, type(None), tuple, dict)) or (
                dataclasses.is_dataclass(value) and type(value).__module__.endswith(_VIEW_MODULES)
            )
    return view


def _check_scores(view: Mapping[str, Any]) -> None:
    """Asserts each live score is the sum of its parts."""
    for line in view["scores"].players:
        assert isinstance(line, ScoreLineView)
        parts = sum(suit.points for suit in line.suits) + sum(s.bonus for s in line.sections)
        assert line.total == parts + line.diversity
        assert all(suit.points == suit.stars * suit.run for suit in line.suits)


def _every_action(state: StellarState, seat: int) -> list[Action]:
    """Returns legal and illegal actions of every kind, with cards of the seat and others."""
    board = state.boards[seat]
    own = [card.id for card in (*board.hand, *board.starting)]
    noted = [entry.card.id for entry in board.notebook if entry.card.kind.value != "normal"]
    foreign = [-1, next(card.id for card in state.row if card) if any(state.row) else 0]
    actions: list[Action] = [Clear(), Keep(), Done(), *(Take(slot) for slot in range(7))]
    actions += [Place(space, down) for space in range(-1, 13) for down in (False, True)]
    for card in own + foreign:
        actions += [Start(card, space) for space in (-1, 0, 4, 5)]
        actions += [PlayTelescope(card, s, down) for s in range(-1, 13) for down in (False, True)]
        actions.append(PlayNotebook(card))
    for card in noted + foreign:
        actions += [MoveSatellite(card, stack) for stack in ("planet", "moon", "comet")]
        actions += [SetSixZero(card, value) for value in (0, 3, 6)]
    return actions


def _check_moves(state: StellarState, thorough: bool) -> None:
    """Asserts idle seats have no moves, and (thorough) exactly the legal moves apply."""
    active = GAME.active_seats(state)
    for seat in range(state.players):
        legal = GAME.legal_actions(state, seat)
        assert bool(legal) == (seat in active)
        if not thorough or seat not in active:
            continue
        for action in legal:
            applied = GAME.apply(state, seat, action)
            assert isinstance(applied, Applied)
            assert all(event.seen_by in (None, frozenset({seat})) for event in applied.events)
        for action in _every_action(state, seat):
            outcome = GAME.apply(state, seat, action)
            assert isinstance(outcome, Refusal) == (action not in legal), action
            if isinstance(outcome, Refusal):
                assert outcome.text() and "{" not in outcome.text()


def _check_end(state: StellarState) -> None:
    """Asserts the finished table: full telescopes, 13 notebook cards each, 2 discarded."""
    assert state.phase is Phase.OVER and GAME.result(state) is not None
    for board in state.boards:
        assert None not in board.telescope and board.hand == ()
        assert len(board.notebook) == 13
    assert len(state.discard) == 2


def _play(seed: int) -> None:
    """Plays one seeded game with the seed's bots, checking every step and the replay."""
    mix = _mix(seed)
    rng = random.Random(seed)
    thorough = seed == _THOROUGH
    state = GAME.setup(2, {}, seed)
    log: list[tuple[int, dict[str, Any]]] = []
    for step in range(10_000):
        checked = step % _VIEW_EVERY == 0
        viewers = (None, 0, 1) if thorough else ((None, 0, 1)[step // _VIEW_EVERY % 3],) * checked
        for viewer in viewers:
            _check_scores(_check_view(state, viewer, thorough))
        assert _cards_everywhere(state) == list(range(len(CARDS)))
        _check_moves(state, thorough)
        active = sorted(GAME.active_seats(state))
        if not active:
            break
        seat = rng.choice(active)  # in the setup and the end, either player may go first
        bot = GAME.bots[mix[seat]]
        action = bot(GAME, state, seat, rng)
        if bot is greedy:
            assert action == greedy(GAME, _secrets_changed(state, seat), seat, rng)
        payload = action.to_json()
        assert GAME.codec.decode(payload) == action
        log.append((seat, payload))
        applied = GAME.apply(state, seat, action)
        assert isinstance(applied, Applied), (action, applied)
        assert all(event.seen_by in (None, frozenset({seat})) for event in applied.events)
        state = applied.state
    _check_end(state)
    assert replay(GAME, 2, {}, seed, log) == state


@pytest.mark.parametrize("block", range(8))
def test_seeded_playouts_keep_every_invariant(block: int) -> None:
    for seed in range(block, _GAMES, 8):
        _play(seed)
