"""Saying engines' messages in a language: message ids, plural forms, parameters."""

from __future__ import annotations

import gettext
import io

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from app.games.core import Refusal
from app.games.core.i18n import Joined, _, n_
from app.web.render import make_environment, say


def russian() -> gettext.GNUTranslations:
    catalog = Catalog(locale="ru", fuzzy=False)
    catalog.add("{name} bought {beer}.", "{name} купил {beer}.")
    catalog.add("Stout", "Стаут")
    catalog.add("Lager", "Лагер")
    catalog.add(" and ", " и ")
    catalog.add(
        ("{count} card", "{count} cards"), ("{count} карта", "{count} карты", "{count} карт")
    )
    catalog.add("{card} is not in your hand.", "{card} нет у вас в руке.")
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


RU = russian()


def test_a_message_and_the_messages_in_it_are_said() -> None:
    line = _("{name} bought {beer}.").format(name="Ann", beer=_("Stout"))
    assert say(RU, line) == "Ann купил Стаут."


def test_a_player_s_name_is_never_translated_even_when_it_is_a_word() -> None:
    line = _("{name} bought {beer}.").format(name="Stout", beer=_("Lager"))
    assert say(RU, line) == "Stout купил Лагер."
    assert say(RU, "Stout") == "Stout"


def test_plural_forms_follow_the_language_s_rule() -> None:
    said = [say(RU, n_("{count} card", "{count} cards", n, count=n)) for n in (1, 3, 5, 21)]
    assert said == ["1 карта", "3 карты", "5 карт", "21 карта"]


def test_joined_messages_are_said_item_by_item() -> None:
    listed = Joined(_(" and "), (_("Stout"), "Ann", _("Lager")))
    assert say(RU, listed) == "Стаут и Ann и Лагер"


def test_a_refusal_is_said_with_its_parameters() -> None:
    refusal = Refusal(_("{card} is not in your hand."), {"card": _("Stout")})
    assert say(RU, refusal) == "Стаут нет у вас в руке."


def test_english_is_the_message_s_own_words() -> None:
    line = _("{name} bought {beer}.").format(name="Ann", beer=_("Stout"))
    assert say(gettext.NullTranslations(), line) == "Ann bought Stout." == line


def test_a_template_s_underscore_says_an_engine_s_message_with_parts() -> None:
    env = make_environment(locale="ru", translations=RU)
    line = _("{name} bought {beer}.").format(name="<b>Ann</b>", beer=_("Stout"))
    shown = env.from_string("{{ _(line) }}|{{ _(listed) }}|{{ _(beer) }}").render(
        line=line, listed=Joined(", ", (_("Stout"), _("Lager"))), beer=_("Lager")
    )
    assert shown == "&lt;b&gt;Ann&lt;/b&gt; купил Стаут.|Стаут, Лагер|Лагер"
