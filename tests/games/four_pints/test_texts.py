"""Every event reads as a plain English line in the log."""

from __future__ import annotations

import pytest

from app.games.core import Event
from app.games.four_pints import events as ev
from app.games.four_pints.texts import describe

NAMES = ("Ann", "Bob", "Cat")


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (ev.RoundStarted(2, 1), "Round 2 begins: Bob has the Keg and plays first."),
        (ev.TurnStarted(0), "It is Ann's turn."),
        (ev.DrunkSobered(0, 1), "Ann discards a Drunk card (1 left)."),
        (ev.HappyHourEnded(2), "Happy Hour is over: Cat discards it."),
        (
            ev.PurchaseReshuffled(12),
            "The Purchase deck ran out: 12 discarded cards make a new deck.",
        ),
        (ev.CardRevealed(0, "money", 3), "Ann revealed £3."),
        (ev.CardRevealed(1, "happy-hour", 0), "Bob revealed Happy Hour."),
        (
            ev.PintSpilled(1, 0, "stout", "elbowing", False),
            "Bob elbowed Ann: Ann's Stout is spilled.",
        ),
        (
            ev.PintSpilled(1, 0, "ipa", "elbowing", True),
            "Bob elbowed Ann: Ann's spilled IPA is lost.",
        ),
        (ev.PintSpilled(2, 2, "lager", "slip", False), "Cat slipped: their Lager is spilled."),
        (
            ev.PintSpilled(2, 2, "red-ale", "drunk", True),
            "Cat is drunk and loses their spilled Red Ale.",
        ),
        (ev.NothingToSpill(0, "elbowing"), "Nobody has a pint for Ann to elbow."),
        (ev.DrunkEffect(0, 2), "Ann has 2 Drunk cards and must spill one of their pints."),
        (ev.MoneyDiscarded(0, (3, 2)), "Ann discarded £3, £2."),
        (ev.MoneyDiscarded(0, ()), "Ann has no Money to discard."),
        (
            ev.HappyHourStarted(1),
            "Happy Hour! Starting with Bob, everyone's next pint is half price.",
        ),
        (
            ev.Bought(0, "bitter", 3, (2, 1), False),
            "Ann bought a pint of Bitter for £3, paying £2, £1.",
        ),
        (ev.BarRefilled(2, "ipa"), "A pint of IPA comes to the bar."),
        (ev.Passed(1), "Bob passed."),
        (ev.Saved(1, 5, None), "Bob saved £5."),
        (ev.Saved(1, 5, 1), "Bob saved £5 and discarded the £1 saved before."),
        (ev.RoundEnded(2, (4, 9, 0)), "Round 2 ends. Scores: Ann 4, Bob 9, Cat 0."),
        (ev.GameEnded((20, 14, 9), (0,)), "The game is over: Ann wins with 20 points."),
        (
            ev.GameEnded((20, 20, 9), (0, 1)),
            "The game is over: Ann and Bob share the win with 20 points.",
        ),
    ],
)
def test_describe(event: Event, line: str) -> None:
    assert describe(event, NAMES) == line


def test_every_event_type_has_words() -> None:
    from app.games.four_pints.texts import _DESCRIBERS

    declared = {
        value
        for value in vars(ev).values()
        if isinstance(value, type) and issubclass(value, Event) and value is not Event
    }
    assert declared == set(_DESCRIBERS)
