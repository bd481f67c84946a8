"""Engines' messages: their English words, with what a translation needs."""

from __future__ import annotations

import copy
import pickle

import pytest

from app.games.core.i18n import Joined, Text, _, n_


def test_a_marked_message_is_its_english_words() -> None:
    message = _("Your turn")
    assert message == "Your turn" and isinstance(message, Text)
    assert (message.msgid, message.plural, dict(message.params)) == ("Your turn", None, {})


def test_filling_a_message_keeps_it_a_message() -> None:
    beer = _("Stout")
    line = _("{name} bought {beer}.").format(name="Ann", beer=beer)
    assert line == "Ann bought Stout." and isinstance(line, Text)
    assert line.msgid == "{name} bought {beer}."
    assert line.params == {"name": "Ann", "beer": beer}


def test_a_plural_message_picks_its_english_form_and_keeps_both() -> None:
    one = n_("{count} card", "{count} cards", 1, count=1)
    many = n_("{count} card", "{count} cards", 5).format(count=5)
    assert (one, many) == ("1 card", "5 cards")
    assert (many.msgid, many.plural, many.number) == ("{count} card", "{count} cards", 5)


def test_joined_messages_are_a_list_of_messages() -> None:
    listed = Joined(", ", (_("Stout"), _("Lager")))
    assert listed == "Stout, Lager" and listed.items == ("Stout", "Lager")


def test_placeholders_are_named() -> None:
    with pytest.raises(TypeError):
        _("{} cards").format(3)


@pytest.mark.parametrize("copied", [pickle.loads, copy.deepcopy])
def test_a_message_survives_pickling_and_copying(copied: object) -> None:
    line = n_("{name} draws {count} card.", "{name} draws {count} cards.", 2).format(
        name="Ann", count=2
    )
    listed = Joined(_(" and "), (line, _("Stout")))
    for message in (line, listed):
        again = copied(pickle.dumps(message)) if copied is pickle.loads else copied(message)  # type: ignore[operator]
        assert again == message and type(again) is type(message)
        assert vars(again) == vars(message)
