"""Final scoring: majorities by rarity, stars, and the tie-break by the rarest category.

Majority: in each category the players with the most cards get the level's higher value, those
with the second most the lower one. Tied players all get their placement's value and the next
placement is not awarded (a tie for the most: nobody gets the lower value). With two players
only the most is awarded. A player needs at least one card of a category to place in it
(chosen: "the player who collected the second-most" of nothing collected nothing).

Campaign rules consult their boxes here: J the counts, K the awards, L points after the stars.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core.i18n import _
from app.games.core.outcome import Result, rank_by, tie_broken
from app.games.stickers.board import level_of
from app.games.stickers.cards import CATEGORY_NAMES, Category
from app.games.stickers.hooks import Awards, Counts
from app.games.stickers.state import Album, StickersState

_CATEGORIES = tuple(Category)


@dataclass(frozen=True, slots=True)
class Score:
    """One seat's final score: majority points per category (in `Category` order), the stars
    in its album, points from campaign rules (box L), and the total."""

    majority: tuple[int, ...]
    stars: int
    extra: int

    @property
    def total(self) -> int:
        return sum(self.majority) + self.stars + self.extra


def counts(state: StickersState) -> Counts:
    """Returns the cards each seat counts per category for majorities (box J may change them)."""
    out: Counts = tuple(_album_counts(album) for album in state.albums)
    for hook in state.hooks.majority:
        out = hook(state, out)
    return out


def _album_counts(album: Album) -> tuple[int, ...]:
    held = {column.category: len(column.cards) for column in album}
    return tuple(held.get(category, 0) for category in _CATEGORIES)


def placements(counts: tuple[int, ...], first: int, second: int, players: int) -> tuple[int, ...]:
    """Returns each seat's majority points in one category from its card counts."""
    held = sorted({count for count in counts if count > 0}, reverse=True)
    if not held:
        return (0,) * len(counts)
    most = held[0]
    tied_first = counts.count(most) > 1
    runner_up = held[1] if len(held) > 1 and not tied_first and players > 2 else None
    return tuple(
        first if count == most else second if count == runner_up else 0 for count in counts
    )


def awards(state: StickersState, counted: Counts) -> Awards:
    """Returns the majority points per seat and category (box K may change them)."""
    by_category = {}
    for space, category in enumerate(state.board):
        level = level_of(space)
        column = tuple(seat_counts[_CATEGORIES.index(category)] for seat_counts in counted)
        by_category[category] = placements(column, level.first, level.second, state.players)
    out: Awards = tuple(
        tuple(by_category[category][seat] for category in _CATEGORIES)
        for seat in range(state.players)
    )
    for hook in state.hooks.awards:
        out = hook(state, out)
    return out


def stars(state: StickersState, seat: int) -> int:
    """Returns the stars on the cards in a seat's album."""
    return sum(state.card(card).stars for column in state.albums[seat] for card in column.cards)


def scores(state: StickersState) -> tuple[Score, ...]:
    """Returns every seat's score as the albums stand now."""
    counted = counts(state)
    awarded = awards(state, counted)
    extra = (0,) * state.players
    for hook in state.hooks.final:
        extra = hook(state, extra)
    return tuple(
        Score(awarded[seat], stars(state, seat), extra[seat]) for seat in range(state.players)
    )


def rarest_first(state: StickersState, seat: int) -> tuple[int, ...]:
    """Returns the seat's cards per category in board order, the rarest category first: the
    tie-break compares these in order."""
    counted = counts(state)[seat]
    return tuple(counted[_CATEGORIES.index(category)] for category in state.board)


def final_result(state: StickersState) -> Result:
    """Returns totals and ranks (ties broken by the rarest categories) and the deck to carry."""
    totals = tuple(score.total for score in scores(state))
    keys = tuple((totals[seat], *rarest_first(state, seat)) for seat in range(state.players))
    ranks = rank_by(keys)
    return Result(totals, ranks, carry=state.deck.to_carry(), decided=_decided(state, keys, ranks))


def _decided(
    state: StickersState, keys: tuple[tuple[int, ...], ...], ranks: tuple[int, ...]
) -> str | None:
    """Returns the category that broke a tie on points for the win, if one did."""
    totals = tuple(key[0] for key in keys)
    if not tie_broken(totals, ranks):
        return None
    winner = ranks.index(1)
    tied = [
        key for key, rank in zip(keys, ranks, strict=True) if rank > 1 and key[0] == totals[winner]
    ]
    runner_up = max(tied)
    level = next(
        n for n, (a, b) in enumerate(zip(keys[winner][1:], runner_up[1:], strict=True)) if a != b
    )
    return _("Tied on points: more cards of {category} decided.").format(
        category=CATEGORY_NAMES[state.board[level]]
    )
