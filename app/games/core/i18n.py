"""The translation marker used inside pure game code.

Engines must not depend on the viewer's language, so they only *mark* strings:
`_()` returns its argument unchanged and lets babel/xgettext find it. The web
layer translates the marked message id for each viewer when it renders.
"""


def _(message: str) -> str:
    """Marks a player-visible message for translation; returns it unchanged."""
    return message


def n_(singular: str, plural: str, count: int) -> str:
    """Marks a message with a plural form (xgettext's ngettext); returns the English form
    for `count`. Catalogues will pick the right form per language when they arrive."""
    return singular if count == 1 else plural
