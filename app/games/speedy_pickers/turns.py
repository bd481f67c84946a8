"""The course of a game: set-up, the start of each turn, the check after the search, the end
of a turn and of the game.

Functions return a new state and append what happened to `events`, the list that belongs to
one `apply` call.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.core.outcome import Event
from app.games.core.rng import Rng
from app.games.speedy_pickers import scenes
from app.games.speedy_pickers.cards import CARDS, SEARCH_POWERS
from app.games.speedy_pickers.events import (
    CardsDrawn,
    Checked,
    ExtraMagnifierSpent,
    GameEnded,
    PrepareOpened,
    SearchEnded,
    SearchStarted,
    TilesDrawn,
    TurnEnded,
    TurnStarted,
)
from app.games.speedy_pickers.objects import OBJECTS
from app.games.speedy_pickers.scoring import totals
from app.games.speedy_pickers.state import Effects, Mode, Phase, Player, SpeedyState

Events = list[Event]

TURNS = 5
TILES_PER_PLAYER = 3
"""The centre holds 3 tiles per player plus one (rulebook)."""
CARDS_PER_PLAYER = 2
"""The display holds 2 Transaction cards per player (rulebook)."""
MAGNIFIERS = 3
"""Magnifiers per player: each player's own (expert) or the shared pool's share (beginner)."""
PREPARE_SECONDS = 30
"""Chosen: between turns the table waits at most 30 s for everyone to be ready (and to play
powers), so nobody holds the search back."""
CHECK_STEP_SECONDS = 1
"""Chosen: in beginner mode the boards are checked one by one, a second apart (the rulebook's
neighbours check them around the table), so each player's result can be read as it comes."""
CHECK_SECONDS = 3
"""Chosen: once every board is checked, the results and the turn's scores are on view 3 s
before the next tiles are read aloud (or the game ends)."""


def new_game(players: int, mode: Mode, seconds: int, seed: int, events: Events) -> SpeedyState:
    """Returns turn 1 ready to play: scenes dealt, tiles read aloud, cards on display."""
    rng = Rng.from_seed(seed)
    scene_seed, rng = rng.below(1 << 31)
    dealt, rng = scenes.deal(players, rng)
    bag, rng = rng.shuffle([tile.key for tile in OBJECTS])
    deck: tuple[int, ...] = ()
    if mode is Mode.EXPERT:
        deck, rng = rng.shuffle(range(len(CARDS)))
    state = SpeedyState(
        players=players,
        mode=mode,
        seconds=seconds,
        rng=rng,
        scene_seed=scene_seed,
        turn=1,
        phase=Phase.SEARCH,
        seats=tuple(Player(scenes=(scene,)) for scene in dealt),
        bag=bag,
        centre=(),
        deck=deck,
    )
    return _open_turn(state, events)


def centre_size(players: int) -> int:
    return TILES_PER_PLAYER * players + 1


def magnifiers_left(state: SpeedyState, seat: int) -> int:
    """Returns the magnifiers the seat may still place: its own (expert) or the pool's."""
    if state.expert:
        player = state.player(seat)
        return MAGNIFIERS + player.extra_magnifier - len(player.marks)
    return pool_left(state)


def pool_left(state: SpeedyState) -> int:
    """Returns the magnifiers left in the beginner's shared pool."""
    return MAGNIFIERS * state.players - sum(len(player.marks) for player in state.seats)


def search_powers(state: SpeedyState, seat: int) -> tuple[int, ...]:
    """Returns the seat's unused Action cards that are played before the search."""
    player = state.player(seat)
    return tuple(
        card
        for card in player.cards
        if card not in player.used and CARDS[card].power in SEARCH_POWERS
    )


def start_search(state: SpeedyState, events: Events) -> SpeedyState:
    events.append(SearchStarted(state.seconds))
    return replace(state, phase=Phase.SEARCH)


def check_all(state: SpeedyState, reason: str, events: Events) -> SpeedyState:
    """Returns the state after the neighbours' check of every board (expert: the sale
    follows): right marks kept, wrong ones face down, a Reserved Object not found back in the
    bag."""
    events.append(SearchEnded(state.turn, reason))
    returned_all: list[str] = []
    for seat in range(state.players):
        state, returned = _check(state, seat, events)
        returned_all += returned
    return _back_into_bag(state, returned_all)


def start_check(state: SpeedyState, reason: str, events: Events) -> SpeedyState:
    """Returns the check phase (beginner) with the first board checked; the clock checks the
    others one by one (`check_next`)."""
    events.append(SearchEnded(state.turn, reason))
    return check_next(replace(state, phase=Phase.CHECK, checked=0), events)


def check_next(state: SpeedyState, events: Events) -> SpeedyState:
    """Returns the state with the next board checked; after the last one, the turn's scores
    written down (the clock then ends the turn: `check_up`)."""
    state, returned = _check(state, state.checked, events)
    state = _back_into_bag(replace(state, checked=state.checked + 1), returned)
    if state.checked == state.players:
        state = _write_scores(state, events)
    return state


def check_up(state: SpeedyState, events: Events) -> SpeedyState:
    """Returns the state once the check's clock ran out: the next board checked, or, once
    every one is, the next turn (or the game's end)."""
    if state.checked == state.players:
        return next_turn(state, events)
    return check_next(state, events)


def _back_into_bag(state: SpeedyState, returned: list[str]) -> SpeedyState:
    if not returned:
        return state
    bag, rng = state.rng.shuffle(state.bag + tuple(returned))
    return replace(state, bag=bag, rng=rng)


def _check(state: SpeedyState, seat: int, events: Events) -> tuple[SpeedyState, list[str]]:
    """Returns the state with one seat's marks checked, and the tiles going back to the bag."""
    player = state.player(seat)
    right = [mark.tile for mark in player.marks if mark.right]
    wrong = [m.tile for m in player.marks if not m.right and m.tile != player.reserved]
    returned = [] if player.reserved is None or player.reserved in right else [player.reserved]
    events.append(Checked(seat, tuple(right), tuple(wrong), tuple(returned)))
    extra = player.extra_magnifier
    if extra and len(right) > MAGNIFIERS:
        extra = False  # the 3+1 rule: it won a 4th object, so it is spent
        events.append(ExtraMagnifierSpent(seat))
    state = state.with_player(
        seat,
        kept=player.kept + tuple(right),
        face_down=player.face_down + tuple(wrong),
        marks=(),
        reserved=None,
        effects=Effects(),
        extra_magnifier=extra,
    )
    return state, returned


def end_turn(state: SpeedyState, events: Events) -> SpeedyState:
    """Returns the next turn set up, or the game over after the 5th, the turn's scores
    written down (the expert's sale is over)."""
    return next_turn(_write_scores(state, events), events)


def _write_scores(state: SpeedyState, events: Events) -> SpeedyState:
    """Returns the state with the turn's scores written down (`TurnEnded`), no seller."""
    now = totals(state)
    events.append(TurnEnded(state.turn, now))
    return replace(state, turn_totals=(*state.turn_totals, now), seller=None, bought=0)


def next_turn(state: SpeedyState, events: Events) -> SpeedyState:
    """Returns the next turn set up, or the game over after the 5th; the turn's scores are
    written down."""
    if state.turn == TURNS:
        now = state.turn_totals[-1]
        best = max(now)
        events.append(GameEnded(now, tuple(s for s, total in enumerate(now) if total == best)))
        return replace(state, phase=Phase.OVER)
    passed, rng = scenes.pass_left(tuple(p.scenes for p in state.seats), state.rng)
    seats = tuple(
        replace(
            player,
            scenes=(*player.scenes, scene),
            token=None,
            passed=False,
            ready=False,
            double_dose=False,
        )
        for player, scene in zip(state.seats, passed, strict=True)
    )
    state = replace(state, turn=state.turn + 1, seats=seats, rng=rng)
    return _open_turn(state, events)


def _open_turn(state: SpeedyState, events: Events) -> SpeedyState:
    """Returns the turn's table ready: tiles topped up and read aloud, the display refilled,
    then the search at once in turn 1 (the room's start is its signal), else the prepare
    phase: the results of the last turn stay on view until everyone is ready, and a click
    meant for the last search cannot land in the next one."""
    events.append(TurnStarted(state.turn))
    state = _top_up(state, events)
    if state.expert:
        state = _refill_display(state, events)
    if state.turn == 1:
        return start_search(state, events)
    holders = any(search_powers(state, seat) for seat in range(state.players))
    events.append(PrepareOpened(PREPARE_SECONDS, holders))
    return replace(state, phase=Phase.PREPARE)


def _top_up(state: SpeedyState, events: Events) -> SpeedyState:
    need = max(0, centre_size(state.players) - len(state.centre))
    drawn = state.bag[:need]
    events.append(TilesDrawn(drawn))
    return replace(state, centre=state.centre + drawn, bag=state.bag[need:])


def _refill_display(state: SpeedyState, events: Events) -> SpeedyState:
    need = max(0, CARDS_PER_PLAYER * state.players - len(state.display))
    drawn = state.deck[:need]
    events.append(CardsDrawn(drawn))
    return replace(state, display=state.display + drawn, deck=state.deck[need:])
