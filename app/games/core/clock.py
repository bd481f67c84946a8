"""Turn clocks as pure arithmetic: a time bank per seat plus a free allowance per move.

A seat's clock runs while the seat must act. Each move (each action the seat takes, or
each stretch in which it must act) first spends the move's allowance, which is free and
not saved up; only time beyond it comes out of the bank. A seat runs out when a move has
used its allowance and the whole bank: then its deadline has passed, and the server plays
that one move for it. An empty bank stays empty, so from then on the seat has the
allowance alone for each move (as a "simple delay" chess clock, and Board Game Arena's
bank of reflection time).

Nothing here reads a clock: every function takes the times it needs (seconds, such as the
epoch seconds at which each action was committed), so replaying a game's log with its
stored times rebuilds exactly the same clocks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.games.core.i18n import _


@dataclass(frozen=True, slots=True)
class Preset:
    """A pace a host may pick for a room: each seat's bank and each move's allowance."""

    key: str
    label: str
    bank: float  # seconds per seat for the whole game, beyond the allowances
    allowance: float  # seconds each move may take before the bank runs

    def scaled(self, factor: float) -> Preset:
        """Returns the preset with both figures multiplied (a test-only speed-up)."""
        return Preset(self.key, self.label, self.bank * factor, self.allowance * factor)


OFF = "off"
# Chosen figures (see the README and docs/ARCHITECTURE.md): the allowance covers an
# ordinary move, so a steady player never touches the bank; the bank covers the few hard
# decisions of a 20-40 minute game, or a short absence.
PRESETS: dict[str, Preset] = {
    "relaxed": Preset("relaxed", _("Relaxed: 60 s a move + 10 min bank"), 600, 60),
    "normal": Preset("normal", _("Normal: 20 s a move + 5 min bank"), 300, 20),
    "fast": Preset("fast", _("Fast: 8 s a move + 2 min bank"), 120, 8),
}
CHOICES: tuple[tuple[str, str], ...] = (
    (OFF, _("Off: no clock")),
    *((preset.key, preset.label) for preset in PRESETS.values()),
)


@dataclass(frozen=True, slots=True)
class Clocks:
    """Every seat's clock: what is left in its bank, and since when its current move runs."""

    bank: float
    allowance: float
    banks: tuple[float, ...]
    since: tuple[float | None, ...]  # None: the seat does not have to act

    def deadline(self, seat: int) -> float | None:
        """Returns when the seat runs out of time, or None while its clock is stopped."""
        since = self.since[seat]
        return None if since is None else since + self.allowance + self.banks[seat]

    def left(self, seat: int, now: float) -> float:
        """Returns the seconds the seat has at `now`: to its deadline while it must act,
        else its bank."""
        deadline = self.deadline(seat)
        return self.banks[seat] if deadline is None else max(0.0, deadline - now)

    def next_out(self) -> tuple[float, int] | None:
        """Returns the earliest (deadline, seat) among the seats that must act."""
        deadlines = [
            (deadline, seat)
            for seat in range(len(self.banks))
            if (deadline := self.deadline(seat)) is not None
        ]
        return min(deadlines) if deadlines else None


def start(preset: Preset, seats: int, running: Iterable[int], at: float) -> Clocks:
    """Returns fresh clocks at the deal (`at`), running for the seats that act first."""
    clocks = Clocks(preset.bank, preset.allowance, (preset.bank,) * seats, (None,) * seats)
    return advance(clocks, at, None, running)


def advance(clocks: Clocks, at: float, mover: int | None, running: Iterable[int]) -> Clocks:
    """Returns the clocks after a move made at `at` by `mover` (None for the game's own clock).

    Every seat whose move ends here is charged for it: the mover, and each seat that had to
    act and no longer has to. `running` are the seats that must act next: a seat that was
    already running and did not move keeps its move going, the mover and any newly running
    seat start a new move at `at`.
    """
    now_running = frozenset(running)
    banks = list(clocks.banks)
    since = list(clocks.since)
    for seat, began in enumerate(clocks.since):
        ends = began is not None and (seat == mover or seat not in now_running)
        if ends:
            assert began is not None
            banks[seat] = charge(clocks, banks[seat], at - began)
            since[seat] = None
        if seat in now_running and since[seat] is None:
            since[seat] = at
    return Clocks(clocks.bank, clocks.allowance, tuple(banks), tuple(since))


def charge(clocks: Clocks, bank: float, used: float) -> float:
    """Returns the bank left after a move that took `used` seconds: the allowance is free."""
    return max(0.0, bank - max(0.0, used - clocks.allowance))
