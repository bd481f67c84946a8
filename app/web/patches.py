"""What to send a tab so that a part it holds becomes the part's new HTML: only the elements
that changed.

A part is one element with an id (its slot on the page). Inside it, every element with an id
is a unit the server may send alone, out of band (htmx replaces the element of that id):

- a unit whose own markup is unchanged, apart from units inside it, is not sent; the units
  inside it are compared in turn;
- a run of sibling units separated only by whitespace is a keyed list: a unit that appeared
  is inserted beside a kept one (after the unit before it, or before the first kept one),
  one that went is deleted, the others are compared in place; when kept units change order,
  or none is kept, the parent is sent whole;
- anything else that changed is sent whole;
- a unit the tab holds that a change carries unchanged (it moved to another list, or its
  parent is sent whole) is not sent again: an empty `<i data-moved="id">` stands in its
  place, and the page moves the element it holds there (static/app.js takes every element a
  message names out before htmx swaps, and puts each in its place after).

So a template gives an id to what changes on its own (a player's score line, a card in a
pile, a notebook cell, a move button), and a move re-sends that, not the whole area around
it. Ids must be unique on the page and name the same thing from one update to the next.

Table-internal elements (`td`, `tr`...) are never units: the HTML parser drops them at the
top of a message, so a table is sent whole. The parse is a scan of tags (the server's own
templates: attribute values are escaped, so they hold no `>`) of the elements with an id
alone, each closed by counting its own tag, made once per rendered part and shared by every
tab that is sent it.
"""

from __future__ import annotations

import re

__all__ = ["Node", "patch", "tree"]

_OPEN_ID = re.compile(r'<([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?\sid="([^"]+)"[^>]*>')
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
# Never units: parsed out of place at the top of a message (or, for a template, inert).
_NOT_UNITS = frozenset(
    {
        "caption",
        "col",
        "colgroup",
        "option",
        "optgroup",
        "tbody",
        "td",
        "template",
        "tfoot",
        "th",
        "thead",
        "tr",
    }
)
_OOB = "hx-swap-oob"


class Node:
    """An element with an id: its whole markup, and the units directly inside it with the
    markup between them (`between[0]` up to the first unit, `between[-1]` after the last).

    The units are found when first asked for: a patch looks inside only the elements that
    changed. Compared and hashed by identity: a tab's part is looked up by the node it holds.
    """

    __slots__ = ("_between", "_units", "html", "id", "void")

    def __init__(self, ident: str, html: str, void: bool = False) -> None:
        self.id = ident
        self.html = html
        self.void = void
        self._units: tuple[Node, ...] | None = None
        self._between: tuple[str, ...] = ()

    @property
    def units(self) -> tuple[Node, ...]:
        if self._units is None:
            self._expand()
        return self._units  # type: ignore[return-value]

    @property
    def between(self) -> tuple[str, ...]:
        if self._units is None:
            self._expand()
        return self._between

    def _expand(self) -> None:
        html = self.html
        if self.void:
            self._units, self._between = (), (html,)
            return
        units: list[Node] = []
        between: list[str] = []
        at = html.index(">") + 1  # after its own opening tag
        cursor = 0
        while True:
            found = _OPEN_ID.search(html, at)
            if found is None:
                break
            tag = found.group(1).lower()
            if tag in _NOT_UNITS:
                at = found.end()
                continue
            void = tag in _VOID or found.group(0).endswith("/>")
            end = found.end() if void else _closing(html, tag, found.end())
            if end < 0:  # an element with an id left open: the markup around it goes whole
                units, between, cursor = [], [], 0
                break
            between.append(html[cursor : found.start()])
            units.append(Node(found.group(2), html[found.start() : end], void))
            cursor = at = end  # what is inside a unit is the unit's own
        between.append(html[cursor:])
        self._units, self._between = tuple(units), tuple(between)


def tree(html: str) -> Node | None:
    """Returns a part's HTML as its unit tree, or None when it is not one element with an
    id (such a part is always sent whole)."""
    html_start = len(html) - len(html.lstrip())
    opening = _OPEN_ID.match(html, html_start)
    if opening is None or _OOB in opening.group(0):
        return None  # no id, or a part swapped another way (the log appends)
    tag = opening.group(1).lower()
    if tag in _NOT_UNITS or tag in _VOID:
        return None
    end = _closing(html, tag, opening.end())
    if end < 0 or html[end:].strip():
        return None  # left open, or markup after the element
    return Node(opening.group(2), html[html_start:end])


def _closing(html: str, tag: str, at: int) -> int:
    """Returns where the element of `tag` opened just before `at` ends, or -1."""
    pattern = _TAGS.get(tag)
    if pattern is None:
        pattern = _TAGS[tag] = re.compile(rf"<(/?){tag}[\s>/]", re.IGNORECASE)
    depth = 1
    for found in pattern.finditer(html, at):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return html.index(">", found.end() - 1) + 1
    return -1


_TAGS: dict[str, re.Pattern[str]] = {}


def patch(old: Node | None, new: Node | None, new_html: str) -> str:
    """Returns what turns a tab's `old` part into `new` (whose HTML is `new_html`): the
    changed units, or the whole part when that is no longer, or when either has no tree."""
    if old is None or new is None or old.id != new.id:
        return new_html
    changes: list[str] = []
    _changes(old, new, changes)
    # Deletes first: htmx deletes every element of an id, so an element that moved to another
    # list must be gone from the old one before it is inserted in the new one.
    changes.sort(key=_not_deleted)
    made = _moved(old, "".join(changes), new_html)
    if 2 * len(made) < len(new_html):
        return made  # far shorter than the part: its whole markup need not be looked at
    whole = _moved(old, new_html, new_html, whole=True)
    return made if len(made) < len(whole) else whole


def _moved(old: Node, made: str, new_html: str, whole: bool = False) -> str:
    """Returns `made` with each unit under `old` that it carries unchanged (outermost first)
    as a placeholder, and without the deletes of those units (the page moves them); `whole`:
    `made` is the part's whole new markup, whose own element is not a unit moved. A unit
    still in the new part as it was, and not carried, stays where it is with all inside it."""
    moved: list[str] = []
    pending = list(reversed(old.units))
    while pending:
        unit = pending.pop()
        if unit.html in made:
            if _movable(unit):
                made = made.replace(unit.html, _MOVED.format(unit.id), 1)
                moved.append(unit.id)
                continue
        elif unit.html in new_html:
            continue  # in place, unchanged
        if not unit.void:
            pending.extend(reversed(unit.units))
    for ident in moved if not whole else ():
        made = made.replace(_deleted(ident), "")
    return made


def _movable(unit: Node) -> bool:
    """Returns whether a unit may be moved rather than sent: longer than its placeholder,
    and holding nothing htmx or a script acts on (a moved element is not processed again)."""
    html = unit.html
    return len(html) > len(_MOVED) + len(unit.id) and not any(
        hook in html for hook in ("ws-send", "hx-", "data-")
    )


def _changes(old: Node, new: Node, out: list[str]) -> None:
    if old.html == new.html:
        return
    old_ids = [unit.id for unit in old.units]
    new_ids = [unit.id for unit in new.units]
    if old_ids == new_ids and old.between == new.between:
        for was, now in zip(old.units, new.units, strict=True):
            _changes(was, now, out)
        return
    if not _keyed_list(old, new, old_ids, new_ids, out):
        out.append(new.html)


def _keyed_list(
    old: Node, new: Node, old_ids: list[str], new_ids: list[str], out: list[str]
) -> bool:
    """Adds the inserts, deletes and in-place changes that turn old's units into new's, and
    returns True; or returns False (the parent goes whole) when the units are not a keyed
    list of the same parent: other markup changed, an id repeats, or kept units moved."""
    if not old.units or not new.units:
        return False
    if old.between[0] != new.between[0] or old.between[-1] != new.between[-1]:
        return False
    if any(gap.strip() for gap in (*old.between[1:-1], *new.between[1:-1])):
        return False
    old_set, new_set = set(old_ids), set(new_ids)
    if len(old_set) != len(old_ids) or len(new_set) != len(new_ids):
        return False
    if [i for i in old_ids if i in new_set] != [i for i in new_ids if i in old_set]:
        return False
    made: list[str] = [_deleted(i) for i in old_ids if i not in new_set]
    was = {unit.id: unit for unit in old.units}
    index = 0
    while index < len(new.units):
        unit = new.units[index]
        kept = was.get(unit.id)
        if kept is not None:
            _changes(kept, unit, made)
            index += 1
            continue
        run = index  # a run of new units goes in one insert, beside a kept unit
        while index < len(new.units) and new.units[index].id not in was:
            index += 1
        if run > 0:  # after the unit before it, each with the gap before it
            where, anchor = "afterend", new.units[run - 1].id
            markup = "".join(new.between[i] + new.units[i].html for i in range(run, index))
        elif index < len(new.units):  # first: before the first kept one, each with its gap after
            where, anchor = "beforebegin", new.units[index].id
            markup = "".join(new.units[i].html + new.between[i + 1] for i in range(run, index))
        else:
            return False  # no unit kept: nothing to place the new ones by
        if not _SELECTABLE.match(anchor):
            return False  # an id a selector cannot name as it is
        made.append(f'<div {_OOB}="{where}:#{anchor}">{markup}</div>')
    out.extend(made)
    return True


def _deleted(ident: str) -> str:
    return f'<div id="{ident}" {_OOB}="{_DELETE}></div>'


def _not_deleted(change: str) -> bool:
    return not change.endswith(_DELETE_END)


_DELETE = 'delete"'
_MOVED = '<i data-moved="{}"></i>'
_SELECTABLE = re.compile(r"[A-Za-z][\w-]*\Z")  # an id that `#id` selects as written
_DELETE_END = f"{_DELETE}></div>"
