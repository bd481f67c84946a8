"""Stellar's table and its refusals number the telescope spaces alike (1 to 12)."""

from __future__ import annotations

import re

from app.games.core import Refusal
from app.games.stellar import GAME
from app.games.stellar.actions import Start
from app.games.stellar.cards import STARTING_SPACES
from tests.support.rooms import rendered


def test_the_start_refusal_names_the_top_section_as_the_table_numbers_it() -> None:
    state = GAME.setup(2, {}, seed=5)
    telescope = rendered(GAME, state, 2)[(1, "telescopes-0")]
    free = r'id="telescopes-0-(\d+)"[^>]*>\s*<span id="telescopes-0-\1-in" class="spot-no">(\d+)<'
    shown = dict(re.findall(free, telescope))
    top = [shown[str(space)] for space in STARTING_SPACES]
    refusal = GAME.apply(state, 0, Start(state.boards[0].starting[0].id, 5))
    assert isinstance(refusal, Refusal)
    text = refusal.reason.format(**refusal.params)
    assert text.endswith(f"top section ({top[0]} to {top[-1]})."), (text, top)
