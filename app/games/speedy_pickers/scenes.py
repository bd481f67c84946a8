"""Which of the 8 scenes each seat plays: dealt at random, passed left, never played twice.

Seat s + 1 sits on seat s's left. A seat that would be passed a scene it has already played
draws a new one instead (rulebook: "If this happens, draw new ones"), from the scenes nobody
holds this turn, and the scene passed to it goes back to the box.
"""

from __future__ import annotations

from app.games.core.rng import Rng

SCENES = 8
WIDTH = 1600
HEIGHT = 1000


def deal(players: int, rng: Rng) -> tuple[tuple[int, ...], Rng]:
    """Returns a different scene for each seat, drawn at random."""
    order, rng = rng.shuffle(range(SCENES))
    return order[:players], rng


def pass_left(played: tuple[tuple[int, ...], ...], rng: Rng) -> tuple[tuple[int, ...], Rng]:
    """Returns each seat's next scene: its right-hand neighbour's, or a new one when that
    scene is one it has played. `played` is each seat's scenes so far, the last one current."""
    players = len(played)
    passed = [played[(seat - 1) % players][-1] for seat in range(players)]
    for seat in range(players):
        if passed[seat] not in played[seat]:
            continue
        spare = [
            scene for scene in range(SCENES) if scene not in passed and scene not in played[seat]
        ]
        if not spare:  # cannot happen with 8 scenes and 5 turns; keep the game going anyway
            spare = [scene for scene in range(SCENES) if scene not in passed]
        passed[seat], rng = rng.choice(spare)
    return tuple(passed), rng
