"""The For20 card reference: both decks as the table draws them, read from `cards.CARDS`."""

from __future__ import annotations

from app.games.core.i18n import _
from app.games.core.reference import CardEntry, CardGroup, CardReference, alike
from app.games.for20.cards import CARDS, Category
from app.games.for20.views import CARD_VIEWS, CardView

_GROUPS: tuple[tuple[Category, str, str], ...] = (
    (
        Category.MATERIAL,
        _("Materials"),
        _(
            "The materials deck. Smoked for their stoner points, or turned for their coins"
            " (OP 07). Weed needs a weed or combo tool, hash a hash or combo tool; special"
            " fits any tool."
        ),
    ),
    (
        Category.PAPER,
        _("Papers"),
        _(
            "Game deck. Used once, then to the game dump; two papers smoke together by adding"
            " their ranges (OP 06). One new tool from the hand a turn."
        ),
    ),
    (
        Category.LEGENDARY,
        _("Legendary tools"),
        _(
            "Game deck. Put into your area, where they stay; used, a tool is turned until the"
            " end of your turn. One new tool from the hand a turn."
        ),
    ),
    (
        Category.ACTION,
        _("Actions"),
        _("Game deck. Played in your turn for their cost in action coins (OP 09)."),
    ),
    (
        Category.OUT_OF_TURN,
        _("Out-of-turn cards"),
        _(
            "Game deck. Played in another player's turn, to answer a move in its reaction"
            " window: discard as many other hand cards as the card asks (OP 12-15)."
        ),
    ),
)


def _entries(category: Category) -> tuple[CardEntry[CardView], ...]:
    """Returns a category's cards in deck order, the copies of one card as one entry."""
    cards = (card for card in CARDS if card.category is category)
    return alike(cards, key=lambda card: card.spec, view=lambda card: CARD_VIEWS[card.id])


REFERENCE = CardReference(
    tuple(CardGroup(kind.value, title, _entries(kind), note) for kind, title, note in _GROUPS),
    _("Two decks: the materials deck, and the game deck of tools, actions and out-of-turn cards."),
)
