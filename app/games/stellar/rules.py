"""The rules of Stellar as a pure `Game`: setup, eleven rounds of turns, the final notebook card.

A turn runs in phases (`state.Phase`): take a row card, let the opponent clear
the row if it was a satellite, play a hand card, place the second card, refill
the row. The setup and the final phase are played by both players at once.
Every function here returns a new state; the `events` list a handler is given
is the only thing it appends to, and it belongs to that one call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from app.games.core.actions import Action
from app.games.core.choices import Choice, Pick, first_of_each
from app.games.core.contract import Game, Viewer
from app.games.core.i18n import _
from app.games.core.outcome import Applied, Event, Refusal, Result, Revealed
from app.games.core.reference import CardReference
from app.games.core.rng import Rng
from app.games.core.undo import hands_kept, unchanged
from app.games.stellar import texts
from app.games.stellar.actions import (
    CODEC,
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
from app.games.stellar.cards import (
    CARDS,
    HAND_SIZE,
    ROUNDS,
    ROW_SIZE,
    SIX_ZERO_VALUES,
    STARTING_CARDS,
    STARTING_SPACES,
    SUIT_NAMES,
    TELESCOPE_SIZE,
    Card,
    Kind,
    Suit,
)
from app.games.stellar.events import (
    Confirmed,
    DeckDrawn,
    Discarded,
    FaceDown,
    FaceDownSecret,
    FinalStarted,
    GameEnded,
    RowCleared,
    RowKept,
    RowRefilled,
    SatelliteMoved,
    SixZeroSet,
    StartChosen,
    StartShown,
    Taken,
    ToNotebook,
    ToTelescope,
    TurnStarted,
)
from app.games.stellar.placement import (
    entry_value,
    face_up_spaces,
    notebook_entry,
    place,
    placements,
)
from app.games.stellar.reference import REFERENCE
from app.games.stellar.scoring import final_result
from app.games.stellar.state import Board, Entry, Phase, StellarState
from app.games.stellar.views import (
    hand_view,
    notebooks_view,
    row_view,
    scores_view,
    status_view,
    telescopes_view,
)

Events = list[Event]
Row = tuple[Card | None, ...]

_PROMPTS: Mapping[Phase, str] = {
    Phase.SETUP: _(
        "Choose which starting card goes on the top of your telescope, and where;"
        " the other goes into your notebook."
    ),
    Phase.TAKE: _("Take a card from the row."),
    Phase.CLEAR: _(
        "Your opponent took a satellite: clear the rest of the row and refill it, or keep it."
    ),
    Phase.PLAY: _(
        "Play a hand card into your telescope or your notebook;"
        " the row card of its number goes into the other."
    ),
    Phase.PLACE: _("Choose where the second card goes in your telescope."),
    Phase.FINAL: _(
        "Add one hand card to your notebook (the other is discarded),"
        " set your 6/0 cards and satellites, then confirm."
    ),
}
_FACE_DOWN_PROMPT = _("The second card cannot go face up: choose a space for it face down.")
_CONFIRM_PROMPT = _("Set your 6/0 cards and satellites, then confirm your notebook.")

_WRONG_PHASE: Mapping[Phase, str] = {
    Phase.SETUP: _("First place your starting cards."),
    Phase.TAKE: _("First take a card from the row."),
    Phase.CLEAR: _("First decide whether to clear the row."),
    Phase.PLAY: _("Play a card from your hand into your telescope or your notebook."),
    Phase.PLACE: _("First put the second card into your telescope."),
    Phase.FINAL: _("Add a hand card to your notebook, then confirm."),
}

_OWN_TURN = frozenset({Phase.TAKE, Phase.PLAY, Phase.PLACE})
"""Phases of your own turn, when satellites in your notebook may move."""

_BOTH_AT_ONCE = frozenset({Phase.SETUP, Phase.FINAL})


class Stellar(Game[StellarState]):
    """Stellar for exactly 2 players: eleven rounds, then one last notebook card each."""

    id = "stellar"
    name = "Stellar"
    min_players = 2
    max_players = 2
    codec = CODEC
    stand_in = "greedy"
    pitch = _("A duel under the stars: fill your telescope and your notebook with runs of sky.")
    minutes = (15, 25)  # chosen: docs/rules, "Typical length"
    emblem = "1f52d"
    seat_parts = frozenset({"telescopes", "notebooks"})
    prompts: tuple[str, ...] = (*_PROMPTS.values(), _FACE_DOWN_PROMPT, _CONFIRM_PROMPT)
    """Every prompt a seat may be asked: the moves part holds them all and names the one it
    asks now, so a turn's start does not send its words again."""
    stacks: tuple[tuple[str, str], ...] = tuple((suit.value, SUIT_NAMES[suit]) for suit in Suit)
    """Each notebook stack's value and name: the moves part says them once, for a satellite's
    moves to name the stacks by value."""

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None
    ) -> StellarState:
        """Returns the dealt table: two starting cards and two hand cards each, the row out."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Stellar takes 2 players, not {players}")
        first, rng = Rng.from_seed(seed).below(players)
        starting, rng = rng.shuffle(STARTING_CARDS)
        rest = tuple(card for card in CARDS if card.kind is not Kind.STARTING)
        deck, rng = rng.shuffle((*rest, *starting[2 * players :]))
        hands = HAND_SIZE * players
        boards = tuple(
            Board(
                hand=deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)],
                starting=starting[2 * seat : 2 * seat + 2],
            )
            for seat in range(players)
        )
        return StellarState(
            players=players,
            rng=rng,
            first=first,
            round=1,
            seat=first,
            phase=Phase.SETUP,
            boards=boards,
            row=deck[hands : hands + ROW_SIZE],
            deck=deck[hands + ROW_SIZE :],
        )

    def active_seats(self, state: StellarState) -> frozenset[int]:
        """Returns who may act: both players in the setup and final phases, else one."""
        if state.phase is Phase.SETUP:
            return frozenset(s for s, board in enumerate(state.boards) if board.start is None)
        if state.phase is Phase.FINAL:
            return frozenset(s for s, board in enumerate(state.boards) if not board.done)
        if state.phase is Phase.OVER:
            return frozenset()
        if state.phase is Phase.CLEAR:
            return frozenset((state.opponent,))
        return frozenset((state.seat,))

    def legal_actions(self, state: StellarState, seat: int) -> tuple[Action, ...]:
        """Returns what the seat may do now, in a stable order."""
        if seat not in self.active_seats(state):
            return ()
        return _LEGAL[state.phase](state, seat)

    def apply(
        self, state: StellarState, seat: int, action: Action
    ) -> Applied[StellarState] | Refusal:
        """Returns the next state and its events, or why the action is not allowed."""
        if action not in self.legal(state, seat):
            return _explain(self, state, seat, action)
        events: Events = []
        state = _HANDLERS[type(action)](state, seat, action, events)
        return Applied(state, tuple(events))

    def undoable(
        self, before: StellarState, after: StellarState, seat: int, action: Action
    ) -> bool:
        """Returns whether a move of the seat's own turn may be taken back: taking a row card
        (while the opponent may not clear the row), moving a satellite, setting a 6/0. Never
        a card from the deck or a shuffle, nor a hand card played (it was hidden), nor a
        secret choice of the set-up or the last notebook card (docs/rules/stellar.md,
        "Taking back a move")."""
        hands = [board.hand for board in before.boards], [board.hand for board in after.boards]
        starts = [board.start for board in before.boards] == [b.start for b in after.boards]
        return unchanged(before, after, "rng", "deck") and hands_kept(*hands) and starts

    def public_view(self, state: StellarState) -> Mapping[str, Any]:
        """Returns the parts everyone sees alike: where the game stands, notebooks, scores."""
        return {
            "status": status_view(state, self.active_seats(state)),
            "notebooks": notebooks_view(state),
            "scores": scores_view(state),
        }

    def private_view(self, state: StellarState, viewer: Viewer) -> Mapping[str, Any]:
        """Returns the parts that depend on who looks; deck order is never in any part.

        The row shows a waiting deck card, the hand is the viewer's
        own, and a telescope shows its face-down cards to its owner only.
        """
        return {
            "row": row_view(state, viewer),
            "hand": hand_view(state, viewer),
            "telescopes": telescopes_view(state, viewer),
        }

    def result(self, state: StellarState) -> Result | None:
        """Returns totals and shared ranks once the game is over."""
        return final_result(state) if state.phase is Phase.OVER else None

    def card_reference(self) -> CardReference:
        """Returns the 60 celestial cards by type, equal cards together, with their copies."""
        return REFERENCE

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """Returns an event in plain words for the log."""
        return texts.describe(event, names)

    def revealed(self, state: StellarState) -> tuple[Revealed, ...]:
        """Returns what nobody saw, for a finished game's replay."""
        return texts.revealed(state)

    def choices(self, state: StellarState, seat: int) -> tuple[Choice, ...]:
        """Returns one button per distinct move: two alike satellites in one stack move alike."""
        legal = self.legal(state, seat)
        return tuple(Pick(action) for action in first_of_each(legal, partial(_alike, state, seat)))

    def phase_name(self, state: StellarState) -> str:
        return state.phase.value

    def prompt(self, state: StellarState, seat: int, offered: tuple[Choice, ...]) -> str:
        """Returns what the seat is asked in this phase."""
        legal = self.legal(state, seat)
        if state.phase is Phase.PLACE and any(
            isinstance(action, Place) and action.face_down for action in legal
        ):
            return _FACE_DOWN_PROMPT
        if state.phase is Phase.FINAL and not state.boards[seat].hand:
            return _CONFIRM_PROMPT
        return _PROMPTS[state.phase]


def _alike(state: StellarState, seat: int, action: Action) -> Any:
    """Returns what makes a move different to a player: moving a satellite is its stack,
    value and stars, not which of two alike cards it is."""
    if not isinstance(action, MoveSatellite):
        return action
    entry = next(e for e in state.boards[seat].notebook if e.card.id == action.card)
    return "move", entry.stack, entry.card.value, entry.card.stars, entry.chosen, action.stack


# --- legal actions ----------------------------------------------------------------------


def _legal_setup(state: StellarState, seat: int) -> tuple[Action, ...]:
    return tuple(
        Start(card.id, space) for card in state.boards[seat].starting for space in STARTING_SPACES
    )


def _legal_take(state: StellarState, seat: int) -> tuple[Action, ...]:
    takes = tuple(Take(slot) for slot, card in enumerate(state.row, start=1) if card)
    return takes + _legal_moves(state.boards[seat])


def _legal_clear(state: StellarState, seat: int) -> tuple[Action, ...]:
    return (Clear(), Keep())


def _legal_play(state: StellarState, seat: int) -> tuple[Action, ...]:
    """Returns every hand card to each space it may take, and to the notebook."""
    board = state.boards[seat]
    plays: list[Action] = []
    for card in board.hand:
        plays += [
            PlayTelescope(card.id, space, face_down)
            for space, face_down in placements(board.telescope, card)
        ]
        plays.append(PlayNotebook(card.id))
    return (*plays, *_legal_moves(board))


def _legal_place(state: StellarState, seat: int) -> tuple[Action, ...]:
    board = state.boards[seat]
    assert state.drawn is not None
    places = tuple(Place(*option) for option in placements(board.telescope, state.drawn))
    return places + _legal_moves(board)


def _legal_final(state: StellarState, seat: int) -> tuple[Action, ...]:
    """Returns the last notebook card while one is in hand, then the settings and Done."""
    board = state.boards[seat]
    first: tuple[Action, ...] = tuple(PlayNotebook(card.id) for card in board.hand)
    if not board.hand:
        first = (Done(),)
    settings = tuple(
        SetSixZero(entry.card.id, value)
        for entry in board.notebook
        if entry.card.is_six_zero
        for value in SIX_ZERO_VALUES
        if value != entry_value(board.notebook, entry)
    )
    return first + settings + _legal_moves(board)


def _legal_moves(board: Board) -> tuple[Action, ...]:
    """Returns each move of a notebook satellite to another stack."""
    return tuple(
        MoveSatellite(entry.card.id, suit.value)
        for entry in board.notebook
        if entry.card.is_satellite
        for suit in Suit
        if suit is not entry.stack
    )


_LEGAL: Mapping[Phase, Callable[[StellarState, int], tuple[Action, ...]]] = {
    Phase.SETUP: _legal_setup,
    Phase.TAKE: _legal_take,
    Phase.CLEAR: _legal_clear,
    Phase.PLAY: _legal_play,
    Phase.PLACE: _legal_place,
    Phase.FINAL: _legal_final,
}

_PHASE_ACTIONS: Mapping[Phase, tuple[type[Action], ...]] = {
    Phase.SETUP: (Start,),
    Phase.TAKE: (Take, MoveSatellite),
    Phase.CLEAR: (Clear, Keep),
    Phase.PLAY: (PlayTelescope, PlayNotebook, MoveSatellite),
    Phase.PLACE: (Place, MoveSatellite),
    Phase.FINAL: (PlayNotebook, SetSixZero, MoveSatellite, Done),
}


# --- refusals ---------------------------------------------------------------------------


def _explain(game: Stellar, state: StellarState, seat: int, action: Action) -> Refusal:
    """Returns a player-readable reason why an action that is not legal now was refused."""
    if type(action) not in _HANDLERS:
        return Refusal(_("That is not a move in this game."))
    if state.phase is Phase.OVER:
        return Refusal(_("The game is over."))
    if seat not in game.active_seats(state):
        return _explain_waiting(state, seat)
    if not isinstance(action, _PHASE_ACTIONS[state.phase]):
        return Refusal(_WRONG_PHASE[state.phase])
    return _EXPLAIN_CHOICE[type(action)](state, seat, action)


def _explain_waiting(state: StellarState, seat: int) -> Refusal:
    """Returns why a seat that may not act now is refused."""
    if not 0 <= seat < state.players:
        return Refusal(_("It is not your turn."))
    if state.phase is Phase.SETUP:
        return Refusal(_("You have placed your starting cards: wait for your opponent."))
    if state.phase is Phase.FINAL:
        return Refusal(_("You have confirmed your notebook: wait for your opponent."))
    if state.phase is Phase.CLEAR:
        return Refusal(_("Wait: your opponent may clear the row."))
    return Refusal(_("It is not your turn."))


def _explain_start(state: StellarState, seat: int, action: Any) -> Refusal:
    if action.telescope not in {card.id for card in state.boards[seat].starting}:
        return Refusal(_("That is not one of your starting cards."))
    first, last = (space + 1 for space in (STARTING_SPACES[0], STARTING_SPACES[-1]))
    return Refusal(  # numbered from 1, as the table and the log number the spaces
        _("Your starting card goes on a space of the top section ({first} to {last})."),
        {"first": first, "last": last},
    )


def _explain_take(state: StellarState, seat: int, action: Any) -> Refusal:
    if not 1 <= action.slot <= ROW_SIZE:
        return Refusal(_("The row has slots 1 to 5."))
    return Refusal(_("Row slot {slot} is empty."), {"slot": action.slot})


def _explain_telescope(state: StellarState, seat: int, action: Any) -> Refusal:
    card = _hand_card(state.boards[seat], action.card)
    if card is None:
        return Refusal(_("You do not have that card."))
    return _explain_space(state.boards[seat], card, action.space, action.face_down)


def _explain_place(state: StellarState, seat: int, action: Any) -> Refusal:
    assert state.drawn is not None
    return _explain_space(state.boards[seat], state.drawn, action.space, action.face_down)


def _explain_space(board: Board, card: Card, space: int, face_down: bool) -> Refusal:
    """Returns why a card may not go on a telescope space (face down or not)."""
    if not 0 <= space < TELESCOPE_SIZE:
        return Refusal(_("There is no such space in the telescope."))
    if board.telescope[space] is not None:
        return Refusal(_("That space is already taken."))
    face_up = face_up_spaces(board.telescope, card)
    if face_down and face_up:
        return Refusal(_("That card can go face up, so it may not go face down."))
    if not face_up:
        return Refusal(
            _("No free space touches a {suit} card: this card must go face down."),
            {"suit": card.name},
        )
    return Refusal(
        _("A {suit} card must go next to a {suit} card already in your telescope."),
        {"suit": card.name},
    )


def _explain_notebook(state: StellarState, seat: int, action: Any) -> Refusal:
    return Refusal(_("You do not have that card."))


def _explain_move(state: StellarState, seat: int, action: Any) -> Refusal:
    entry = _notebook_entry(state.boards[seat], action.card)
    if entry is None or not entry.card.is_satellite:
        return Refusal(_("That is not a satellite in your notebook."))
    if action.stack not in set(Suit):
        return Refusal(_("There is no such notebook stack."))
    return Refusal(_("That satellite is already in that stack."))


def _explain_six_zero(state: StellarState, seat: int, action: Any) -> Refusal:
    board = state.boards[seat]
    entry = _notebook_entry(board, action.card)
    if entry is None or not entry.card.is_six_zero:
        return Refusal(_("That is not a 6/0 card in your notebook."))
    if action.value not in SIX_ZERO_VALUES:
        return Refusal(_("A 6/0 card counts 6 or 0."))
    return Refusal(_("That card already counts {value}."), {"value": action.value})


def _explain_done(state: StellarState, seat: int, action: Any) -> Refusal:
    return Refusal(_("First add one of your hand cards to your notebook."))


def _explain_other(state: StellarState, seat: int, action: Any) -> Refusal:
    return Refusal(_("That move is not allowed now."))


_EXPLAIN_CHOICE: Mapping[type[Action], Callable[[StellarState, int, Any], Refusal]] = {
    Start: _explain_start,
    Take: _explain_take,
    Clear: _explain_other,
    Keep: _explain_other,
    PlayTelescope: _explain_telescope,
    PlayNotebook: _explain_notebook,
    Place: _explain_place,
    MoveSatellite: _explain_move,
    SetSixZero: _explain_six_zero,
    Done: _explain_done,
}


# --- setup --------------------------------------------------------------------------------


def _start(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    """Returns the state with a seat's secret starting choice; both are shown once both chose."""
    assert isinstance(action, Start)
    board = replace(state.boards[seat], start=(action.telescope, action.space))
    state = _set_board(state, seat, board)
    events.append(StartChosen(seat))
    if any(other.start is None for other in state.boards):
        return state
    for other in range(state.players):
        state = _show_start(state, other, events)
    state = replace(state, phase=Phase.TAKE, seat=state.first)
    events.append(TurnStarted(state.round, state.seat))
    return state


def _show_start(state: StellarState, seat: int, events: Events) -> StellarState:
    """Returns the state with a seat's starting cards in its telescope and notebook."""
    board = state.boards[seat]
    assert board.start is not None
    card_id, space = board.start
    (up,) = (card for card in board.starting if card.id == card_id)
    (note,) = (card for card in board.starting if card.id != card_id)
    board = replace(
        board,
        telescope=place(board.telescope, space, up, face_down=False),
        notebook=(notebook_entry(board, note),),
        starting=(),
    )
    events.append(StartShown(seat, up.id, space, note.id))
    return _set_board(state, seat, board)


# --- a turn -------------------------------------------------------------------------------


def _take(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    """Returns the state with a row card in hand; a satellite lets the opponent clear the row."""
    assert isinstance(action, Take)
    card = state.row[action.slot - 1]
    assert card is not None
    row = _set_slot(state.row, action.slot, None)
    board = replace(state.board, hand=(*state.board.hand, card))
    state = _set_board(state, seat, board, row=row)
    events.append(Taken(seat, action.slot, card.id))
    clearable = card.is_satellite and any(row)
    return replace(state, phase=Phase.CLEAR if clearable else Phase.PLAY)


def _clear(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    """Returns the row's other cards replaced from the deck, then shuffled into the deck."""
    cleared = tuple(card for card in state.row if card is not None)
    slots = [slot for slot, card in enumerate(state.row, start=1) if card is not None]
    events.append(RowCleared(seat, len(cleared)))
    row: Row = (None,) * len(state.row)
    refill = state.deck[: len(slots)]
    deck, rng = state.rng.shuffle(state.deck[len(slots) :] + cleared)
    short = len(slots) - len(refill)  # only when the deck ran out first
    refill, deck = refill + deck[:short], deck[short:]
    for slot, card in zip(slots, refill, strict=True):
        row = _set_slot(row, slot, card)
        events.append(RowRefilled(slot, card.id))
    return replace(state, row=row, deck=deck, rng=rng, phase=Phase.PLAY)


def _keep(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    events.append(RowKept(seat))
    return replace(state, phase=Phase.PLAY)


def _play_telescope(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    """Returns the state after a hand card goes into the telescope and the second card follows."""
    assert isinstance(action, PlayTelescope)
    card = _hand_card(state.board, action.card)
    assert card is not None
    state = _set_board(state, seat, _without_hand_card(state.board, card))
    state = _to_telescope(state, card, action.space, action.face_down, "hand", events)
    second, source, state = _second_card(state, card, events)
    state = _to_notebook(state, second, source, events)
    return _end_turn(state, events)


def _play_notebook(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    """Returns the state after a hand card goes into the notebook; the second card waits."""
    assert isinstance(action, PlayNotebook)
    if state.phase is Phase.FINAL:
        return _final_card(state, seat, action.card, events)
    card = _hand_card(state.board, action.card)
    assert card is not None
    state = _set_board(state, seat, _without_hand_card(state.board, card))
    state = _to_notebook(state, card, "hand", events)
    second, source, state = _second_card(state, card, events)
    state = replace(state, phase=Phase.PLACE, drawn=second, drawn_from_deck=source == "deck")
    options = placements(state.board.telescope, second)
    if len(options) == 1:  # no choice to make: the last free space
        return _place(state, seat, Place(*options[0]), events)
    return state


def _place(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    """Returns the state after the second card goes onto its telescope space."""
    assert isinstance(action, Place) and state.drawn is not None
    source = "deck" if state.drawn_from_deck else "row"
    state = _to_telescope(state, state.drawn, action.space, action.face_down, source, events)
    return _end_turn(replace(state, drawn=None, drawn_from_deck=False), events)


def _second_card(
    state: StellarState, played: Card, events: Events
) -> tuple[Card, str, StellarState]:
    """Returns the row card numbered as the played card (the deck top if none), its source."""
    slot = None if played.is_six_zero else played.value
    card = state.row[slot - 1] if slot is not None else None
    if card is not None and slot is not None:
        return card, "row", replace(state, row=_set_slot(state.row, slot, None))
    assert state.deck, "22 turns take 44 of the 52 cards dealt after the setup"
    events.append(DeckDrawn(state.seat, slot))
    return state.deck[0], "deck", replace(state, deck=state.deck[1:])


def _to_telescope(
    state: StellarState, card: Card, space: int, face_down: bool, source: str, events: Events
) -> StellarState:
    """Returns the state with a card on a space of the current player's telescope."""
    board = replace(state.board, telescope=place(state.board.telescope, space, card, face_down))
    if face_down:
        events.append(FaceDown(state.seat, space, source))
        events.append(FaceDownSecret(state.seat, space, card.id, seen_by=frozenset({state.seat})))
    else:
        events.append(ToTelescope(state.seat, card.id, space, source))
    return _set_board(state, state.seat, board)


def _to_notebook(state: StellarState, card: Card, source: str, events: Events) -> StellarState:
    """Returns the state with a card in its stack of the current player's notebook."""
    entry = notebook_entry(state.board, card)
    board = replace(state.board, notebook=(*state.board.notebook, entry))
    events.append(ToNotebook(state.seat, card.id, entry.stack.value, source))
    return _set_board(state, state.seat, board)


def _end_turn(state: StellarState, events: Events) -> StellarState:
    """Returns the refilled row and the next turn, or the final phase after eleven rounds."""
    row, deck = state.row, state.deck
    for slot, card in enumerate(state.row, start=1):
        if card is None and deck:
            top, deck = deck[0], deck[1:]
            row = _set_slot(row, slot, top)
            events.append(RowRefilled(slot, top.id))
    following = state.opponent
    number = state.round + (following == state.first)
    state = replace(state, row=tuple(row), deck=deck, seat=following, round=min(number, ROUNDS))
    if number > ROUNDS:
        events.append(FinalStarted())
        return replace(state, phase=Phase.FINAL)
    events.append(TurnStarted(state.round, following))
    return replace(state, phase=Phase.TAKE)


# --- free moves and the end ------------------------------------------------------------------


def _move(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    assert isinstance(action, MoveSatellite)
    stack = Suit(action.stack)
    state = _set_entry(state, seat, action.card, stack=stack)
    events.append(SatelliteMoved(seat, action.card, stack.value))
    return state


def _set_six_zero(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    assert isinstance(action, SetSixZero)
    events.append(SixZeroSet(seat, action.card, action.value))
    return _set_entry(state, seat, action.card, chosen=action.value)


def _final_card(state: StellarState, seat: int, card_id: int, events: Events) -> StellarState:
    """Returns the state after the last notebook card, the rest of the hand discarded."""
    board = state.boards[seat]
    card = _hand_card(board, card_id)
    assert card is not None
    rest = tuple(other for other in board.hand if other != card)
    entry = notebook_entry(board, card)
    board = replace(board, hand=(), notebook=(*board.notebook, entry))
    events.append(ToNotebook(seat, card.id, entry.stack.value, "hand"))
    if rest:
        events.append(Discarded(seat))
    return _set_board(state, seat, board, discard=state.discard + rest)


def _done(state: StellarState, seat: int, action: Action, events: Events) -> StellarState:
    """Returns the state with a seat's notebook confirmed; the game ends once both are."""
    state = _set_board(state, seat, replace(state.boards[seat], done=True))
    events.append(Confirmed(seat))
    if not all(board.done for board in state.boards):
        return state
    state = replace(state, phase=Phase.OVER)
    result = final_result(state)
    events.append(GameEnded(result.scores, result.winners))
    return state


_HANDLERS: Mapping[type[Action], Callable[[StellarState, int, Action, Events], StellarState]] = {
    Start: _start,
    Take: _take,
    Clear: _clear,
    Keep: _keep,
    PlayTelescope: _play_telescope,
    PlayNotebook: _play_notebook,
    Place: _place,
    MoveSatellite: _move,
    SetSixZero: _set_six_zero,
    Done: _done,
}


# --- small state helpers -----------------------------------------------------------------


def _hand_card(board: Board, card_id: int) -> Card | None:
    return next((card for card in board.hand if card.id == card_id), None)


def _notebook_entry(board: Board, card_id: int) -> Entry | None:
    return next((entry for entry in board.notebook if entry.card.id == card_id), None)


def _without_hand_card(board: Board, card: Card) -> Board:
    return replace(board, hand=tuple(other for other in board.hand if other != card))


def _set_entry(state: StellarState, seat: int, card_id: int, **changes: Any) -> StellarState:
    """Returns the state with one notebook entry of a seat changed."""
    board = state.boards[seat]
    notebook = tuple(
        replace(entry, **changes) if entry.card.id == card_id else entry for entry in board.notebook
    )
    return _set_board(state, seat, replace(board, notebook=notebook))


def _set_slot(row: Row, slot: int, card: Card | None) -> Row:
    return (*row[: slot - 1], card, *row[slot:])


def _set_board(state: StellarState, seat: int, board: Board, **changes: Any) -> StellarState:
    """Returns the state with one board replaced, and any other `changes` in one copy."""
    return replace(
        state, boards=(*state.boards[:seat], board, *state.boards[seat + 1 :]), **changes
    )
