"""The translation marker used inside pure game code.

Engines must not depend on the viewer's language, so they only *mark* strings:
`_()` returns its argument unchanged and lets babel/xgettext find it. The web
layer translates the marked message id for each viewer when it renders.
"""


def _(message: str) -> str:
    """Marks a player-visible message for translation; returns it unchanged."""
    return message
