"""A Stickers campaign's state: what outlives a game, kept by person, never by seat.

It is the core's campaign state (plain JSON, `to_json` / `read_campaign`):

    {"format": 1,
     "rng": "9e3779b97f4a7c15",                 # the campaign's own RNG (None: not seeded yet)
     "people": ["person:4", "person:9"],        # everyone who has played, in order of joining
     "last": "person:9",                        # who most recently stuck on a sticker
     "journal": [{"game": 1, "people": [...], "winners": ["person:9"], "upgrade": "ability-1"}],
     "opened": ["ability-1"],                   # upgrades opened, in order (from the journal)
     "trophies": {"person:9": 1},               # from the journal's winners
     "rules": {"F": "magnet"},                  # box -> rule in force (from the upgrades)
     "cards": {"17": {"points": 1, "actions": ["magnet"], "decor": ["heart"]}},
     "aside": [{"upgrade": "ability-1", "players": 3, "sticker": {...}}]}

`opened`, `trophies` and `rules` are written for whoever reads the state (the campaign page,
an export) and checked against the journal when read. A set-up's carry for one table is
`table_carry`: the campaign (with anyone new joined) and the people at its seats, in order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from app.games.core.i18n import _
from app.games.core.outcome import Refusal
from app.games.core.rng import Rng
from app.games.stickers.cards import ACTION_SPACES, CARDS, POINT_SPACES, Category
from app.games.stickers.deck import Deck, Stuck
from app.games.stickers.upgrades import (
    ABILITIES,
    CATEGORY_UPGRADES,
    JOURNAL,
    STICKERS,
    UPGRADES,
    Kind,
    Space,
    Sticker,
)

FORMAT = 1


@dataclass(frozen=True, slots=True)
class OnCard:
    """The stickers stuck on one card: victory points, action stickers, decorative ones."""

    points: int = 0
    actions: tuple[str, ...] = ()
    decor: tuple[str, ...] = ()

    def free(self, card: int, space: Space) -> bool:
        """Returns whether the card has an empty space for a sticker of that space."""
        if space is Space.POINTS:
            return self.points == 0 and POINT_SPACES > 0
        if space is Space.ACTION:
            return len(CARDS[card].actions) + len(self.actions) < ACTION_SPACES
        return True

    def with_sticker(self, sticker: Sticker) -> OnCard:
        """Returns these stickers with one more stuck on."""
        if sticker.space is Space.POINTS:
            return replace(self, points=sticker.points)
        if sticker.space is Space.ACTION:
            return replace(self, actions=(*self.actions, sticker.name))
        return replace(self, decor=(*self.decor, sticker.name))


@dataclass(frozen=True, slots=True)
class Aside:
    """A sticker set aside from `upgrade`: its copy was marked for `players` players."""

    upgrade: str
    players: int
    sticker: Sticker


@dataclass(frozen=True, slots=True)
class Entry:
    """One game in the journal: its number, who played, who won (a trophy each), the upgrade
    opened after it (None once all are open)."""

    game: int
    people: tuple[str, ...]
    winners: tuple[str, ...]
    upgrade: str | None


@dataclass(frozen=True, slots=True)
class Campaign:
    """The campaign's state; cards by id ascending, only those with stickers."""

    rng: Rng | None = None
    people: tuple[str, ...] = ()
    last: str | None = None
    journal: tuple[Entry, ...] = ()
    cards: tuple[tuple[int, OnCard], ...] = ()
    aside: tuple[Aside, ...] = ()

    @property
    def opened(self) -> tuple[str, ...]:
        return tuple(entry.upgrade for entry in self.journal if entry.upgrade is not None)

    @property
    def rules(self) -> tuple[tuple[str, str], ...]:
        """Returns the rules in force, (box, rule name) by box: those the opened upgrades
        stuck into boxes."""
        return tuple(sorted(rule for upgrade in self.opened for rule in UPGRADES[upgrade].rules))

    def trophies(self) -> Counter[str]:
        return Counter(person for entry in self.journal for person in entry.winners)

    def on_card(self, card: int) -> OnCard:
        return dict(self.cards).get(card, OnCard())

    def stuck_on(self, placed: tuple[tuple[int, Sticker], ...]) -> Campaign:
        """Returns the campaign with these stickers stuck on these cards."""
        cards = dict(self.cards)
        for card, sticker in placed:
            cards[card] = cards.get(card, OnCard()).with_sticker(sticker)
        return replace(self, cards=tuple(sorted(cards.items())))

    def deck(self, people: tuple[str, ...]) -> Deck:
        """Returns the deck a table of these people plays: the stickers that change play,
        the rules in force, and the seat of who stuck last (None when not at the table)."""
        stuck = tuple(
            (card, Stuck(on.points, on.actions))
            for card, on in self.cards
            if on.points or on.actions
        )
        first = people.index(self.last) if self.last in people else None
        return Deck(stuck, self.rules, first)

    def next_upgrade(self) -> tuple[str | None, Campaign]:
        """Returns the upgrade to open after the next game (by the journal's next space: the
        next ability upgrade, or a random unopened category upgrade) and the campaign with
        its RNG moved on; None once every space is filled."""
        done = len(self.opened)
        if done >= len(JOURNAL):
            return None, self
        if JOURNAL[done] is Kind.ABILITY:
            opened = set(self.opened)
            return next(u for u in ABILITIES if u not in opened), self
        unopened = tuple(u for u in CATEGORY_UPGRADES if u not in self.opened)
        assert self.rng is not None
        choice, rng = self.rng.choice(unopened)
        return choice, replace(self, rng=rng)

    def joined(self, people: tuple[str, ...]) -> Campaign:
        """Returns the campaign once the people at a table joined its group: when it grows,
        the stickers set aside for a group of its new size are stuck onto random cards."""
        new = tuple(person for person in people if person not in self.people)
        return replace(self, people=(*self.people, *new)).released() if new else self

    def released(self) -> Campaign:
        """Returns the campaign with the set-aside stickers its group is big enough for stuck
        onto random cards (from the campaign's RNG): only those for a bigger group wait."""
        size = len(self.people)
        due = tuple(aside for aside in self.aside if aside.players <= size)
        campaign = replace(self, aside=tuple(a for a in self.aside if a.players > size))
        for aside in due:
            campaign = campaign.stuck_at_random(aside.sticker)
        return campaign

    def stuck_at_random(self, sticker: Sticker) -> Campaign:
        """Returns the campaign with a sticker on a random card that has room for it (from
        the campaign's RNG); with no such card anywhere, the sticker is lost."""
        free = tuple(card.id for card in CARDS if fits(sticker, card.id, self.on_card(card.id)))
        if not free or self.rng is None:
            return self
        card, rng = self.rng.choice(free)
        return replace(self, rng=rng).stuck_on(((card, sticker),))

    def to_json(self) -> dict[str, Any]:
        """Returns the state as JSON-ready data (the shape `read_campaign` reads)."""
        return {
            "format": FORMAT,
            "rng": None if self.rng is None else f"{self.rng.state:016x}",
            "people": list(self.people),
            "last": self.last,
            "journal": [
                {
                    "game": e.game,
                    "people": list(e.people),
                    "winners": list(e.winners),
                    "upgrade": e.upgrade,
                }
                for e in self.journal
            ],
            "opened": list(self.opened),
            "trophies": dict(sorted(self.trophies().items())),
            "rules": dict(self.rules),
            "cards": {
                str(card): {
                    "points": on.points,
                    "actions": list(on.actions),
                    "decor": list(on.decor),
                }
                for card, on in self.cards
            },
            "aside": [
                {"upgrade": a.upgrade, "players": a.players, "sticker": sticker_json(a.sticker)}
                for a in self.aside
            ],
        }


def fits(sticker: Sticker, card: int, on: OnCard) -> bool:
    """Returns whether a sticker may go on a card with these stickers already on it: a space
    of its kind free, on a card of its category."""
    category_ok = sticker.category is None or CARDS[card].category is sticker.category
    return category_ok and on.free(card, sticker.space)


def sticker_json(sticker: Sticker) -> dict[str, Any]:
    category = None if sticker.category is None else sticker.category.value
    return {"space": sticker.space.value, "name": sticker.name, "category": category}


def read_sticker(raw: Any) -> Sticker | None:
    """Returns the sticker JSON data names, if an upgrade holds one like it."""
    if not isinstance(raw, dict) or set(raw) != {"space", "name", "category"}:
        return None
    try:
        category = None if raw["category"] is None else Category(raw["category"])
        sticker = Sticker(Space(raw["space"]), raw["name"], category)
    except (ValueError, TypeError):
        return None
    return sticker if sticker in STICKERS else None


def is_person(key: Any) -> bool:
    """Returns whether a value is a person key of the core ("person:<id>" or "bot:<seat>")."""
    if not isinstance(key, str):
        return False
    kind, _sep, rest = key.partition(":")
    return kind in ("person", "bot") and rest.isdigit()


def read_campaign(raw: Any) -> Campaign | Refusal:
    """Returns the campaign JSON data describes (None: a new campaign), or why it is not one."""
    if raw is None:
        return Campaign()
    damaged = Refusal(_("This campaign's state is damaged."))
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        return Refusal(_("This campaign's state is not one this version of Stickers reads."))
    try:
        campaign = _read(raw)
    except (KeyError, TypeError, ValueError, AttributeError):
        return damaged
    if campaign is None:
        return damaged
    written = (raw.get("opened"), raw.get("trophies"), raw.get("rules"))
    if written != (list(campaign.opened), dict(campaign.trophies()), dict(campaign.rules)):
        return Refusal(_("This campaign's upgrades, trophies or rules disagree with its journal."))
    return campaign


def _read(raw: dict[str, Any]) -> Campaign | None:
    """Returns the campaign in well-shaped data, None when a value makes no sense (a shape
    error raises, and the caller says the state is damaged)."""
    people = tuple(raw["people"])
    last = raw["last"]
    if not all(map(is_person, people)) or len(set(people)) != len(people):
        return None
    if last is not None and last not in people:
        return None
    rng = None if raw["rng"] is None else Rng(int(raw["rng"], 16))
    journal = tuple(_read_entry(number, e, people) for number, e in enumerate(raw["journal"], 1))
    if None in journal or not _opened_in_order(journal):
        return None
    cards = tuple(sorted(_read_card(key, value) for key, value in raw["cards"].items()))
    aside = tuple(_read_aside(a) for a in raw["aside"])
    if None in aside or len({card for card, _on in cards}) != len(cards):
        return None
    return Campaign(rng, people, last, journal, cards, aside)  # type: ignore[arg-type]


def _read_entry(number: int, raw: dict[str, Any], group: tuple[str, ...]) -> Entry | None:
    people, winners, upgrade = tuple(raw["people"]), tuple(raw["winners"]), raw["upgrade"]
    ok = (
        raw["game"] == number
        and set(people) <= set(group)
        and set(winners) <= set(people)
        and (upgrade is None or upgrade in UPGRADES)
    )
    return Entry(number, people, winners, upgrade) if ok else None


def _opened_in_order(journal: tuple[Entry | None, ...]) -> bool:
    """Returns whether the journal opened each upgrade once, of the kind of its space, the
    abilities in number order, and skipped no space."""
    opened = [e.upgrade for e in journal if e is not None]
    filled = [u for u in opened if u is not None]
    if None in opened and opened.index(None) < len(JOURNAL):
        return False
    kinds = tuple(UPGRADES[u].kind for u in filled)
    abilities = [u for u in filled if UPGRADES[u].kind is Kind.ABILITY]
    return (
        len(set(filled)) == len(filled)
        and kinds == JOURNAL[: len(kinds)]
        and abilities == list(ABILITIES[: len(abilities)])
    )


def _read_card(key: str, raw: dict[str, Any]) -> tuple[int, OnCard]:
    card = int(key)
    if not 0 <= card < len(CARDS) or set(raw) != {"points", "actions", "decor"}:
        raise ValueError("no such card")
    points, actions, decor = raw["points"], tuple(raw["actions"]), tuple(raw["decor"])
    if not isinstance(points, int) or isinstance(points, bool):
        raise ValueError("points")
    if not all(isinstance(name, str) for name in (*actions, *decor)):
        raise ValueError("names")
    return card, OnCard(points, actions, decor)


def _read_aside(raw: dict[str, Any]) -> Aside | None:
    sticker = read_sticker(raw["sticker"])
    upgrade, players = raw["upgrade"], raw["players"]
    if sticker is None or upgrade not in UPGRADES or players not in (3, 4):
        return None
    return Aside(upgrade, players, sticker)


def table_carry(campaign: Campaign, people: tuple[str, ...]) -> dict[str, Any]:
    """Returns the set-up carry of a table: the campaign with the table's people joined, and
    who sits where."""
    return {"campaign": campaign.joined(people).to_json(), "people": list(people)}


def read_table(raw: Any) -> tuple[Campaign, tuple[str, ...]] | Refusal:
    """Returns the campaign and the people at the seats a table's carry names, or why not."""
    if not isinstance(raw, dict) or set(raw) != {"campaign", "people"}:
        return Refusal(_("The deck is not in the right shape."))
    campaign = read_campaign(raw["campaign"])
    if isinstance(campaign, Refusal):
        return campaign
    people = raw["people"]
    if not isinstance(people, list) or not all(map(is_person, people)):
        return Refusal(_("The campaign's players are not in the right shape."))
    if len(set(people)) != len(people) or not set(people) <= set(campaign.people):
        return Refusal(_("The campaign's players are not in the right shape."))
    return campaign, tuple(people)
