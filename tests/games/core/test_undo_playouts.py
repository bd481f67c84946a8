"""Undo in random playouts of every game: bots now and then take back a move and play on.

After every undo the state is exactly the one before the move it took back and no viewer's
table shows anything it did not show then; every move the core let be taken back drew,
shuffled and revealed nothing; and the seed plus the log, undos included, replays to the
same final state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games.core import Action, Game, Refusal, replay
from app.games.core.bots import playout
from app.games.core.undo import MoveUndone, Trail, Undo, decode, play
from app.games.registry import GAMES
from tests.support.undo import options_for, seats_for

# Seeds enough for some undo in each game: in Speedy Pickers only a buy under Double Dose
# may be taken back (the seller may buy again), which few games see.
_SEEDS = {"speedy_pickers": range(12)}


def _shows_others_nothing_private(
    game: Game[Any], before: Any, after: Any, mover: int, players: int
) -> None:
    """A move that may be taken back showed nothing that was hidden: what nobody saw (decks
    in order, what lay face down) is as it was, and every other seat's table changed only
    where a spectator's did too. So the undo hides again nothing that was anyone's
    secret."""
    assert game.revealed(after) == game.revealed(before)
    watched, watcher = game.view(before, None), game.view(after, None)
    for viewer in range(players):
        if viewer == mover:
            continue
        old, new = game.view(before, viewer), game.view(after, viewer)
        for name, part in new.items():
            if name != game.moves_part and part != old[name]:
                assert watcher[name] != watched[name], (name, viewer)  # a public change


def playout_with_undos(
    game: Game[Any], seed: int
) -> tuple[int, list[tuple[int, dict[str, Any]]], Any]:
    """Plays a seeded game with bots that take back a move a third of the times they may
    (`bots.playout`), checking every move on the way; returns how many undos they made, the
    log and the final state."""
    players = seats_for(game)
    log, final = playout(
        game, players, seed, random.Random(seed), options=options_for(game), undo_chance=0.33
    )
    state, trail, undos = game.setup(players, options_for(game), seed), Trail(), 0
    for seat, payload in log:
        action = decode(game, payload)
        assert isinstance(action, Action)
        applied = play(game, state, trail, seat, action)
        assert not isinstance(applied, Refusal), applied.text()
        if isinstance(action, Undo):
            undos += 1
            # The very state before the undone move: every table is as it was then.
            assert applied.state is trail.last().before
            assert applied.events == (MoveUndone(seat),)
        trail = trail.then(game, state, seat, action, applied)
        if trail.lets(seat) and not isinstance(action, Undo):
            assert state.rng == applied.state.rng, "a move that used the RNG"
            _shows_others_nothing_private(game, state, applied.state, seat, players)
        # Whoever moved, no one else may take anything back now.
        assert not any(trail.lets(other) for other in range(players) if other != seat)
        state = applied.state
    assert state == final
    return undos, log, final


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bots_that_undo_replay_exactly(game_id: str) -> None:
    game = GAMES[game_id]
    made = 0
    for seed in _SEEDS.get(game_id, range(4)):
        undos, log, final = playout_with_undos(game, seed)
        made += undos
        assert replay(game, seats_for(game), options_for(game), seed, log) == final
    assert made > 0, f"no undo was ever possible in {game_id}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_game_names_an_action_undo(game_id: str) -> None:
    assert Undo.kind not in GAMES[game_id].codec.kinds


def test_an_undo_with_nothing_to_take_back_is_refused_in_a_replay() -> None:
    game = GAMES["four-pints"]
    state = game.setup(2, {}, 1)
    seat = next(iter(game.active_seats(state)))
    with pytest.raises(Exception, match="refused"):
        replay(game, 2, {}, 1, [(seat, Undo().to_json())])
