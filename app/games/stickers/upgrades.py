"""The campaign's upgrades: the rules they bring for the boxes "Rule A" to "Rule L".

This is where the 9 category upgrades and 6 ability upgrades go, as data: each rule a
`hooks.Rule` (a name, the place of its box, its hook there; new action stickers as
`hooks.Effect`s for boxes F-I), and each upgrade the stickers it divides among the players.
None is designed yet: with this empty catalogue only the printed game can be set up, and a
deck naming a rule is refused (`rules.Stickers.read_carry`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from app.games.stickers.hooks import Rule

RULES: Mapping[str, Rule] = MappingProxyType({})
"""Every rule a campaign may put in force, by name (read-only)."""
