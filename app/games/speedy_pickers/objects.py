"""The 160 objects of Speedy Pickers and the clutter drawn around them, as plain data.

Each object is one emoji that all four vendored picture sets draw (OpenMoji,
Twemoji, Noto, Fluent flat), so every scene style can show every object. The
rulebook names no objects; the 40 per category are chosen (docs/rules/speedy-pickers.md):
things a player can name at a glance, few look-alikes inside one scene.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from app.games.core.i18n import _


class Category(StrEnum):
    """The four colours of object tiles; the value is its id in actions and views."""

    SPORT = "sport"
    LEISURE = "leisure"
    EVERYDAY = "everyday"
    HISTORY = "history"


@dataclass(frozen=True, slots=True)
class ObjectTile:
    """One object to find: its slug, English name, category and emoji codepoints.

    `emoji` is the Unicode sequence in lowercase hex joined by "-", without fe0f:
    the file name of its picture in every vendored set.
    """

    key: str
    name: str
    category: Category
    emoji: str


def _tiles(category: Category, rows: tuple[tuple[str, str, str], ...]) -> tuple[ObjectTile, ...]:
    return tuple(ObjectTile(key, name, category, emoji) for key, name, emoji in rows)


_SPORT: tuple[tuple[str, str, str], ...] = (
    ("soccer_ball", _("Soccer ball"), "26bd"),
    ("baseball", _("Baseball"), "26be"),
    ("softball", _("Softball"), "1f94e"),
    ("basketball", _("Basketball"), "1f3c0"),
    ("volleyball", _("Volleyball"), "1f3d0"),
    ("american_football", _("American football"), "1f3c8"),
    ("rugby_ball", _("Rugby ball"), "1f3c9"),
    ("tennis_ball", _("Tennis ball"), "1f3be"),
    ("flying_disc", _("Flying disc"), "1f94f"),
    ("bowling", _("Bowling ball and pins"), "1f3b3"),
    ("cricket_bat", _("Cricket bat and ball"), "1f3cf"),
    ("field_hockey", _("Field hockey stick"), "1f3d1"),
    ("ice_hockey", _("Ice hockey stick"), "1f3d2"),
    ("lacrosse", _("Lacrosse stick"), "1f94d"),
    ("ping_pong", _("Ping pong paddle"), "1f3d3"),
    ("badminton", _("Badminton racquet"), "1f3f8"),
    ("boxing_glove", _("Boxing glove"), "1f94a"),
    ("martial_arts_uniform", _("Martial arts uniform"), "1f94b"),
    ("goal_net", _("Goal net"), "1f945"),
    ("golf_flag", _("Golf flag"), "26f3"),
    ("ice_skate", _("Ice skate"), "26f8"),
    ("fishing_pole", _("Fishing pole"), "1f3a3"),
    ("diving_mask", _("Diving mask"), "1f93f"),
    ("running_shirt", _("Running shirt"), "1f3bd"),
    ("skis", _("Skis"), "1f3bf"),
    ("sled", _("Sled"), "1f6f7"),
    ("curling_stone", _("Curling stone"), "1f94c"),
    ("trophy", _("Trophy"), "1f3c6"),
    ("sports_medal", _("Sports medal"), "1f3c5"),
    ("gold_medal", _("Gold medal"), "1f947"),
    ("skateboard", _("Skateboard"), "1f6f9"),
    ("bicycle", _("Bicycle"), "1f6b2"),
    ("running_shoe", _("Running shoe"), "1f45f"),
    ("stopwatch", _("Stopwatch"), "23f1"),
    ("roller_skate", _("Roller skate"), "1f6fc"),
    ("racing_car", _("Racing car"), "1f3ce"),
    ("chequered_flag", _("Chequered flag"), "1f3c1"),
    ("canoe", _("Canoe"), "1f6f6"),
    ("dart", _("Dart board"), "1f3af"),
    ("bow_and_arrow", _("Bow and arrow"), "1f3f9"),
)

_LEISURE: tuple[tuple[str, str, str], ...] = (
    ("video_game", _("Game controller"), "1f3ae"),
    ("joystick", _("Joystick"), "1f579"),
    ("game_die", _("Die"), "1f3b2"),
    ("chess_pawn", _("Chess pawn"), "265f"),
    ("joker_card", _("Joker card"), "1f0cf"),
    ("mahjong_tile", _("Mahjong tile"), "1f004"),
    ("jigsaw_piece", _("Jigsaw piece"), "1f9e9"),
    ("teddy_bear", _("Teddy bear"), "1f9f8"),
    ("kite", _("Kite"), "1fa81"),
    ("yo_yo", _("Yo-yo"), "1fa80"),
    ("pool_ball", _("Pool 8 ball"), "1f3b1"),
    ("crystal_ball", _("Crystal ball"), "1f52e"),
    ("slot_machine", _("Slot machine"), "1f3b0"),
    ("guitar", _("Guitar"), "1f3b8"),
    ("violin", _("Violin"), "1f3bb"),
    ("trumpet", _("Trumpet"), "1f3ba"),
    ("saxophone", _("Saxophone"), "1f3b7"),
    ("drum", _("Drum"), "1f941"),
    ("banjo", _("Banjo"), "1fa95"),
    ("accordion", _("Accordion"), "1fa97"),
    ("microphone", _("Microphone"), "1f3a4"),
    ("headphones", _("Headphones"), "1f3a7"),
    ("palette", _("Artist palette"), "1f3a8"),
    ("theatre_masks", _("Theatre masks"), "1f3ad"),
    ("movie_camera", _("Movie camera"), "1f3a5"),
    ("clapper_board", _("Clapper board"), "1f3ac"),
    ("popcorn", _("Popcorn"), "1f37f"),
    ("ticket", _("Admission ticket"), "1f3ab"),
    ("camera", _("Camera"), "1f4f7"),
    ("tent", _("Tent"), "26fa"),
    ("beach_umbrella", _("Beach umbrella"), "1f3d6"),
    ("ferris_wheel", _("Ferris wheel"), "1f3a1"),
    ("roller_coaster", _("Roller coaster"), "1f3a2"),
    ("carousel_horse", _("Carousel horse"), "1f3a0"),
    ("balloon", _("Balloon"), "1f388"),
    ("party_popper", _("Party popper"), "1f389"),
    ("gift", _("Wrapped gift"), "1f381"),
    ("pinata", _("Piñata"), "1fa85"),
    ("nesting_dolls", _("Nesting dolls"), "1fa86"),
    ("magic_wand", _("Magic wand"), "1fa84"),
)

_EVERYDAY: tuple[tuple[str, str, str], ...] = (
    ("key", _("Key"), "1f511"),
    ("padlock", _("Padlock"), "1f512"),
    ("scissors", _("Scissors"), "2702"),
    ("pencil", _("Pencil"), "270f"),
    ("paperclip", _("Paperclip"), "1f4ce"),
    ("pushpin", _("Pushpin"), "1f4cc"),
    ("ruler", _("Ruler"), "1f4cf"),
    ("books", _("Books"), "1f4da"),
    ("envelope", _("Envelope"), "2709"),
    ("umbrella", _("Umbrella"), "2602"),
    ("glasses", _("Glasses"), "1f453"),
    ("t_shirt", _("T-shirt"), "1f455"),
    ("jeans", _("Jeans"), "1f456"),
    ("socks", _("Socks"), "1f9e6"),
    ("gloves", _("Gloves"), "1f9e4"),
    ("backpack", _("Backpack"), "1f392"),
    ("handbag", _("Handbag"), "1f45c"),
    ("toothbrush", _("Toothbrush"), "1faa5"),
    ("soap", _("Soap"), "1f9fc"),
    ("sponge", _("Sponge"), "1f9fd"),
    ("toilet_roll", _("Toilet roll"), "1f9fb"),
    ("broom", _("Broom"), "1f9f9"),
    ("basket", _("Basket"), "1f9fa"),
    ("light_bulb", _("Light bulb"), "1f4a1"),
    ("torch", _("Torch"), "1f526"),
    ("battery", _("Battery"), "1f50b"),
    ("plug", _("Electric plug"), "1f50c"),
    ("mobile_phone", _("Mobile phone"), "1f4f1"),
    ("laptop", _("Laptop"), "1f4bb"),
    ("alarm_clock", _("Alarm clock"), "23f0"),
    ("spoon", _("Spoon"), "1f944"),
    ("teapot", _("Teapot"), "1fad6"),
    ("chair", _("Chair"), "1fa91"),
    ("bed", _("Bed"), "1f6cf"),
    ("door", _("Door"), "1f6aa"),
    ("mirror", _("Mirror"), "1fa9e"),
    ("hammer", _("Hammer"), "1f528"),
    ("wrench", _("Wrench"), "1f527"),
    ("magnet", _("Magnet"), "1f9f2"),
    ("shopping_cart", _("Shopping trolley"), "1f6d2"),
)

_HISTORY: tuple[tuple[str, str, str], ...] = (
    ("crown", _("Crown"), "1f451"),
    ("crossed_swords", _("Crossed swords"), "2694"),
    ("shield", _("Shield"), "1f6e1"),
    ("dagger", _("Dagger"), "1f5e1"),
    ("scroll", _("Scroll"), "1f4dc"),
    ("amphora", _("Amphora"), "1f3fa"),
    ("classical_building", _("Classical building"), "1f3db"),
    ("castle", _("Castle"), "1f3f0"),
    ("japanese_castle", _("Japanese castle"), "1f3ef"),
    ("moai", _("Moai statue"), "1f5ff"),
    ("statue_of_liberty", _("Statue of Liberty"), "1f5fd"),
    ("hourglass", _("Hourglass"), "231b"),
    ("feather", _("Quill feather"), "1fab6"),
    ("mantelpiece_clock", _("Mantelpiece clock"), "1f570"),
    ("old_key", _("Old key"), "1f5dd"),
    ("oil_lamp", _("Oil lamp"), "1fa94"),
    ("candle", _("Candle"), "1f56f"),
    ("coin", _("Coin"), "1fa99"),
    ("money_bag", _("Money bag"), "1f4b0"),
    ("gem", _("Gem stone"), "1f48e"),
    ("compass", _("Compass"), "1f9ed"),
    ("world_map", _("World map"), "1f5fa"),
    ("telescope", _("Telescope"), "1f52d"),
    ("anchor", _("Anchor"), "2693"),
    ("ship", _("Ship"), "1f6a2"),
    ("locomotive", _("Steam locomotive"), "1f682"),
    ("sauropod", _("Sauropod"), "1f995"),
    ("t_rex", _("T-rex"), "1f996"),
    ("mammoth", _("Mammoth"), "1f9a3"),
    ("hut", _("Hut"), "1f6d6"),
    ("military_helmet", _("Military helmet"), "1fa96"),
    ("military_medal", _("Military medal"), "1f396"),
    ("top_hat", _("Top hat"), "1f3a9"),
    ("pick", _("Pick"), "26cf"),
    ("axe", _("Axe"), "1fa93"),
    ("chains", _("Chains"), "26d3"),
    ("alembic", _("Alembic"), "2697"),
    ("abacus", _("Abacus"), "1f9ee"),
    ("film_projector", _("Film projector"), "1f4fd"),
    ("telephone", _("Telephone"), "260e"),
)

OBJECTS: tuple[ObjectTile, ...] = (
    _tiles(Category.SPORT, _SPORT)
    + _tiles(Category.LEISURE, _LEISURE)
    + _tiles(Category.EVERYDAY, _EVERYDAY)
    + _tiles(Category.HISTORY, _HISTORY)
)

BY_KEY: Mapping[str, ObjectTile] = MappingProxyType({tile.key: tile for tile in OBJECTS})
NUMBERS: Mapping[str, int] = MappingProxyType({tile.key: n for n, tile in enumerate(OBJECTS)})
"""Each object's place in `OBJECTS`: a tile's short name in the page's ids (a search's end
names every tile that moves, so the ids are most of what it sends)."""

# Clutter: emoji drawn around the objects that are never asked for (food, nature,
# animals, weather, shapes). Clicking one finds nothing.
DECOYS: tuple[str, ...] = (
    # food and drink
    "1f34e",
    "1f34c",
    "1f347",
    "1f349",
    "1f353",
    "1f352",
    "1f351",
    "1f34d",
    "1f95d",
    "1f955",
    "1f33d",
    "1f966",
    "1f344",
    "1f95c",
    "1f35e",
    "1f950",
    "1f9c0",
    "1f355",
    "1f354",
    "1f32d",
    "1f369",
    "1f36a",
    "1f382",
    "1f36d",
    "1f36b",
    "1f95b",
    "1f9c1",
    "1f968",
    "1f96f",
    "1f9c7",
    # plants and nature
    "1f335",
    "1f333",
    "1f332",
    "1f334",
    "1f340",
    "1f341",
    "1f342",
    "1f33b",
    "1f337",
    "1f339",
    "1f33c",
    "1f338",
    "1f490",
    "1f331",
    "1f33f",
    "1f30d",
    "1f319",
    "2b50",
    "2601",
    "1f308",
    "26a1",
    "2744",
    "1f525",
    "1f4a7",
    "1f30b",
    # animals
    "1f408",
    "1f415",
    "1f41f",
    "1f422",
    "1f40c",
    "1f98b",
    "1f41e",
    "1f41d",
    "1f427",
    "1f986",
    "1f989",
    "1f418",
    "1f992",
    "1f993",
    "1f994",
    "1f407",
    "1f43f",
    "1f980",
    "1f419",
    "1f40a",
    # shapes and hearts
    "2764",
    "1f49a",
    "1f499",
    "1f49c",
    "1f536",
    "1f537",
    "1f53a",
    "1f7e2",
    "1f7e3",
    "1f7e1",
)
