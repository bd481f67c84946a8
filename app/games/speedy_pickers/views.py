"""What each viewer sees of a Speedy Pickers table: one plain, comparable value per part.

Which tile each player claimed is public (it is called out at the table); where a magnifier
lies and whether it is right are not, not even to its owner, until the search ends: then
kept tiles show face up and wrong ones face down. The bag's and the deck's order never leave
the engine. A seat's scene itself is a `Picture` (`SpeedyPickers.pictures`), not a view part.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core.choices import Choice, OneOf, Pick
from app.games.core.contract import Viewer
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.cards import (
    CARDS,
    CATEGORY_NAMES,
    CATEGORY_SYMBOLS,
    POWER_NAMES,
    Kind,
    Power,
)
from app.games.speedy_pickers.objects import BY_KEY, NUMBERS
from app.games.speedy_pickers.scoring import final_result, score
from app.games.speedy_pickers.state import Phase, SpeedyState
from app.games.speedy_pickers.texts import POWER_TEXTS
from app.games.speedy_pickers.turns import TURNS, magnifiers_left, pool_left


@dataclass(frozen=True, slots=True)
class TileView:
    """An object tile as printed: its name and its category's symbol."""

    key: str
    name: str
    category: str
    category_name: str
    symbol: str  # the category symbol's emoji codepoints
    n: int  # its place in the list of objects (`objects.NUMBERS`): its name in the page's ids


@dataclass(frozen=True, slots=True)
class CardView:
    """A Transaction card's face; `used` is an Action card turned sideways."""

    id: int
    kind: str
    euros: int
    objects: int
    category: str | None
    category_name: str | None
    symbol: str | None
    power: str | None
    power_name: str | None
    text: str | None
    used: bool = False


@dataclass(frozen=True, slots=True)
class StatusView:
    turn: int
    turns: int
    mode: str
    phase: str
    seller: int | None
    pool: int | None  # magnifiers left in the beginner's shared pool
    waiting: tuple[int, ...]  # seats that may still act in this phase
    is_over: bool


@dataclass(frozen=True, slots=True)
class SandTimerView:
    """The sand timer's length; the server counts it down from `timer`'s deadline."""

    seconds: int
    running: bool


@dataclass(frozen=True, slots=True)
class CentreView:
    tiles: tuple[TileView, ...]
    bag: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat as everyone sees it. During the search `marked` are claimed tiles, right or
    wrong unknown; after it `kept` are face up and `face_down` the wrong marks."""

    seat: int
    marked: tuple[TileView, ...]
    reserved: TileView | None
    kept: tuple[TileView, ...]
    face_down: tuple[TileView, ...]
    magnifiers: int | None  # its own magnifiers left (expert)
    extra_magnifier: bool
    token: int | None
    passed: bool
    searching: bool
    cloth: bool
    upside_down: bool
    standing: bool
    cards: tuple[CardView, ...]
    score: int


@dataclass(frozen=True, slots=True)
class DisplayView:
    cards: tuple[CardView, ...]
    deck: int


@dataclass(frozen=True, slots=True)
class ScoresView:
    """Each turn's gain (turns × seats), totals (objects or euros), ranks once it is over."""

    unit: str  # "objects" or "euros"
    turns: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class PowerView:
    """One of the viewer's Action cards and whether it can be played now."""

    card: int
    power: str
    name: str
    text: str
    used: bool
    playable: bool


@dataclass(frozen=True, slots=True)
class MeView:
    """The viewer's own side: which scene, how its powers strike it, its powers. The tiles it
    claimed are in its player area and on its take-back buttons (never where nor whether right)."""

    seat: int
    scene: int  # 1-8, the scene's number on the box
    upside_down: bool
    cloth: bool
    standing: bool
    magnifiers: int | None  # its own left (expert); the beginner's pool is in the status
    powers: tuple[PowerView, ...]


def tile_view(key: str) -> TileView:
    tile = BY_KEY[key]
    return TileView(
        key,
        tile.name,
        tile.category.value,
        CATEGORY_NAMES[tile.category],
        CATEGORY_SYMBOLS[tile.category],
        NUMBERS[key],
    )


def card_view(card_id: int, used: bool = False) -> CardView:
    card = CARDS[card_id]
    category = card.category
    power = card.power
    return CardView(
        id=card.id,
        kind=card.kind.value,
        euros=card.euros,
        objects=card.objects,
        category=category.value if category else None,
        category_name=CATEGORY_NAMES[category] if category else None,
        symbol=CATEGORY_SYMBOLS[category] if category else None,
        power=power.value if power else None,
        power_name=POWER_NAMES[power] if power else None,
        text=POWER_TEXTS[power] if power else None,
        used=used,
    )


def status_view(state: SpeedyState) -> StatusView:
    over = state.phase is Phase.OVER
    if state.phase is Phase.PREPARE:
        waiting = tuple(s for s in range(state.players) if not state.player(s).ready)
    elif state.phase is Phase.SEARCH:
        waiting = tuple(s for s in range(state.players) if state.player(s).token is None)
    else:
        waiting = () if state.seller is None else (state.seller,)
    return StatusView(
        turn=state.turn,
        turns=TURNS,
        mode=state.mode.value,
        phase=state.phase.value,
        seller=state.seller if state.phase is Phase.SELL else None,
        pool=None if state.expert or over else pool_left(state),
        waiting=waiting,
        is_over=over,
    )


def timer_view(state: SpeedyState) -> SandTimerView:
    return SandTimerView(state.seconds, state.phase is Phase.SEARCH)


def centre_view(state: SpeedyState) -> CentreView | None:
    """Returns the tiles read aloud, or None once the game is over (nothing is left to find)."""
    if state.phase is Phase.OVER:
        return None
    return CentreView(tuple(tile_view(key) for key in state.centre), len(state.bag))


def display_view(state: SpeedyState) -> DisplayView | None:
    """Returns the cards on display, or None once the game is over (nothing is left to buy)."""
    if state.phase is Phase.OVER:
        return None
    return DisplayView(tuple(card_view(card) for card in state.display), len(state.deck))


def players_view(state: SpeedyState) -> tuple[PlayerView, ...]:
    return tuple(_player_view(state, seat) for seat in range(state.players))


def _player_view(state: SpeedyState, seat: int) -> PlayerView:
    player = state.player(seat)
    effects = player.effects
    reserved = player.reserved
    return PlayerView(
        seat=seat,
        marked=tuple(tile_view(key) for key in player.marked),
        reserved=tile_view(reserved) if reserved is not None else None,
        kept=tuple(tile_view(key) for key in player.kept),
        face_down=tuple(tile_view(key) for key in player.face_down),
        magnifiers=magnifiers_left(state, seat) if state.expert else None,
        extra_magnifier=player.extra_magnifier,
        token=player.token,
        passed=player.passed,
        searching=state.phase is Phase.SEARCH and player.token is None,
        cloth=effects.cloth is not None,
        upside_down=effects.rotated,
        standing=effects.low_res,
        cards=tuple(card_view(card, card in player.used) for card in player.cards),
        score=score(state, player),
    )


def scores_view(state: SpeedyState) -> ScoresView:
    result = final_result(state)
    over = state.phase is Phase.OVER
    return ScoresView(
        unit="euros" if state.expert else "objects",
        turns=result.rounds,
        totals=result.scores,
        ranks=result.ranks if over else None,
    )


def me_view(state: SpeedyState, viewer: Viewer, offered: tuple[Choice, ...]) -> MeView | None:
    """Returns the viewer's own side, or None for a spectator and once the game is over (the
    result is what is left to see)."""
    if viewer is None or not 0 <= viewer < state.players or state.phase is Phase.OVER:
        return None
    player = state.player(viewer)
    effects = player.effects
    playable = _playable_cards(offered)
    powers = tuple(
        PowerView(
            card,
            power.value,
            POWER_NAMES[power],
            POWER_TEXTS[power],
            card in player.used,
            card in playable or _alike_playable(card, playable, player.used),
        )
        for card in player.cards
        if (power := CARDS[card].power) is not None and CARDS[card].kind is Kind.ACTION
    )
    return MeView(
        seat=viewer,
        scene=player.scene + 1,
        upside_down=effects.rotated,
        cloth=effects.cloth is not None,
        standing=effects.low_res,
        magnifiers=magnifiers_left(state, viewer) if state.expert else None,
        powers=powers,
    )


def _playable_cards(offered: tuple[Choice, ...]) -> frozenset[int]:
    cards: set[int] = set()
    for choice in offered:
        base = (
            choice.action
            if isinstance(choice, Pick)
            else choice.base
            if isinstance(choice, OneOf)
            else None
        )
        if isinstance(base, act.PlayPower):
            cards.add(base.card)
    return frozenset(cards)


def _alike_playable(card: int, playable: frozenset[int], used: frozenset[int]) -> bool:
    """Returns whether another unused card of the same power is offered (one stands for all)."""
    power: Power | None = CARDS[card].power
    return card not in used and any(CARDS[other].power is power for other in playable)
