"""Tiles, suits and winds: the 34 playing tiles and the 8 bonus tiles (Harr, "Description of Tiles")."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Suit(Enum):
    """A family of tiles; the value is the suit letter of the notation."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    DOTS = "d"
    BAMBOO = "b"
    CHARACTERS = "c"
    WINDS = "w"
    DRAGONS = "D"  # written with the letter d after R/G/W: `Rd`
    FLOWERS = "f"
    SEASONS = "s"

    @property
    def is_numbered(self) -> bool:
        """True for the three suits that run 1 to 9 and make sequences."""
        return self in NUMBERED_SUITS

    @property
    def is_honor(self) -> bool:
        """True for winds and dragons (the book's honor pieces)."""
        return self in (Suit.WINDS, Suit.DRAGONS)

    @property
    def is_bonus(self) -> bool:
        """True for flowers and seasons (the mandarins)."""
        return self in (Suit.FLOWERS, Suit.SEASONS)


NUMBERED_SUITS = (Suit.DOTS, Suit.BAMBOO, Suit.CHARACTERS)


class Wind(Enum):
    """A seat or a round; the value is its number on the mandarins (1 = East ... 4 = North)."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    EAST = 1
    SOUTH = 2
    WEST = 3
    NORTH = 4

    @property
    def letter(self) -> str:
        """The notation letter: E, S, W or N."""
        return self.name[0]

    @classmethod
    def parse(cls, text: str, winner: Wind | None = None) -> Wind:
        """Read `east|south|west|north` or `e|s|w|n` (any case). `winner`: the winner's seat, when the
        wind read is another seat's and the winner's is given (`--from`), for the hint of riichi's seat
        named from the winner's (`kamicha`)."""
        wind = _WIND_WORDS.get(text.strip().lower())
        if wind is None:
            from .errors import closest, wide_hint  # only when something is wrong

            words = "east, south, west, north or e, s, w, n"
            typed = text.strip().lower()
            said = _RIICHI_WINDS.get(typed)
            tile = _WIND_WORDS.get(typed[0]) if len(typed) == 2 and typed[1] == "w" else None
            if said:
                hint = f" (riichi's {typed} is {said})"
            elif tile is not None:  # the wind's tile in our notation (`--seat Sw`): refused, with its word
                hint = f" ({text.strip()} is the {tile.word} wind's tile: type {tile.word} or {tile.word[0]})"
            else:
                # A wind mistyped (`sout`) is named, never read as it: money never moves on a guess.
                hint = (
                    _seat_word_hint(typed, winner)
                    or wide_hint(text)
                    or closest(typed, list(_WIND_NAMES.values()), ties=True)
                )
            raise ValueError(f"{text!r} is not a wind ({words}){hint}")
        return wind

    def after(self, steps: int) -> Wind:
        """The seat `steps` turns after this one in the order of play (East, South, West, North)."""
        return Wind((self.value - 1 + steps) % 4 + 1)

    @property
    def word(self) -> str:
        """The lower-case name used in output: `east` ... `north`."""
        return _WIND_NAMES[self]


# East as a module name, for code that runs per hand (as hand.CHOW ...: the Enum class's __getattr__).
EAST = Wind.EAST
_WIND_NAMES = {wind: wind.name.lower() for wind in Wind}
_WIND_WORDS = {
    **{name: wind for wind, name in _WIND_NAMES.items()},
    **{n[0]: w for w, n in _WIND_NAMES.items()},
}
# Riichi's honors in its compact notation, 1z to 7z: the winds East to North, then haku, hatsu and chun,
# the white, green and red dragons (docs/riichi.md "Writing a riichi hand"), as our codes.
RIICHI_Z = ("Ew", "Sw", "Ww", "Nw", "Wd", "Gd", "Rd")
# Riichi's names of the winds (ton, nan, shaa, pei) and their tiles (1z-4z), as its players type them:
# refused with ours (Wind.parse), never read as the wind (docs/riichi.md).
_RIICHI_WINDS = {
    "ton": "east",
    "nan": "south",
    "sha": "west",
    "shaa": "west",
    "pei": "north",
    "pe": "north",
    **{f"{n}z": _WIND_WORDS[code[0].lower()].word for n, code in enumerate(RIICHI_Z[:4], start=1)},
}
# Riichi's words for a seat by its part in the hand (docs/riichi.md "The facts of a win"): the dealer
# (oya) is East, a non-dealer (ko) any other seat. Refused with the wind meant (Wind.parse).
_DEALER_WORDS = {
    "dealer": "the dealer is east",
    "banker": "the banker, East Wind, is east",  # "East Wind (or banker)" ("Settling the Scores")
    "oya": "riichi's oya, the dealer, is east",
    "ko": "riichi's ko, a non-dealer, is south, west or north: type the seat's wind",
    "non-dealer": "a non-dealer is south, west or north: type the seat's wind",
}
# Riichi's seats named from the winner's (docs/riichi.md): shimocha plays just after him, toimen sits
# opposite, kamicha plays just before him (the player whose discard he may chii). Each: its turns after
# the winner's in the order of play, and where it sits. Refused with the wind meant (Wind.parse).
_RELATIVE_SEATS = {
    "shimocha": (1, "playing after"),
    "toimen": (2, "opposite"),
    "kamicha": (3, "playing before"),
}


def _seat_word_hint(typed: str, winner: Wind | None) -> str:
    """ " (riichi's oya, the dealer, is east)" for riichi's word for a seat (`oya`, `kamicha`), the wind
    a seat named from the winner's is worked out from his (`winner`) when given; else ""."""
    said = _DEALER_WORDS.get(typed)
    if said:
        return f" ({said})"
    # The book names a seat by its wind's whole name ("East Wind 'Mah-Jongged'", "Illustrations of Score
    # Settling"): refused with the word, never read for it, as every other word for a seat.
    wind = _WIND_WORDS.get("".join(typed.replace("-", " ").replace("_", " ").split()).removesuffix("wind"))
    if wind is not None and len(typed) > 2:
        return f" (the book's {wind.word.title()} Wind is {wind.word}: type {wind.word} or {wind.word[0]})"
    if typed not in _RELATIVE_SEATS:
        return ""
    steps, where = _RELATIVE_SEATS[typed]
    if winner is None:
        return f" (riichi's {typed} is relative to the winner's seat, the seat {where} it: type its wind)"
    seat = winner.after(steps).word
    return f" (riichi's {typed}, the seat {where} the winner's, is {seat} when the winner sits {winner.word})"


WIND_LETTERS = "ESWN"
DRAGON_LETTERS = "RGW"  # red, green, white
DRAGON_NAMES = {"R": "red", "G": "green", "W": "white"}
# Riichi's names of the honor tiles, as its players type a tile (`--dora chun`): refused with our code
# (notation.parse's hint), never read as the tile: the winds' names above, haku, hatsu and chun.
RIICHI_HONORS = {
    **{name: f"{wind[0].upper()}w" for name, wind in _RIICHI_WINDS.items() if not name.endswith("z")},
    "haku": "Wd",
    "hatsu": "Gd",
    "chun": "Rd",
}


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One tile: a suit and a rank (1-9 numbered suits, 1-4 winds and bonus tiles, 1-3 dragons).

    Tiles are interned (`make` returns the one instance of each of the 42) and every property is
    computed once, because scoring asks them millions of times in a batch.
    """

    suit_order: int
    rank: int
    suit: Suit = field(init=False, repr=False)
    index: int = field(init=False, repr=False)  # 0-33 playing tiles (count vectors), 34-41 bonus
    code: str = field(init=False, repr=False)  # canonical notation, e.g. `5d`, `Ew`, `Rd`, `2f`
    is_bonus: bool = field(init=False, repr=False)  # flowers and seasons
    is_honor: bool = field(init=False, repr=False)  # winds and dragons
    is_terminal: bool = field(init=False, repr=False)  # a one or a nine of a numbered suit
    is_head: bool = field(init=False, repr=False)  # one, nine, wind or dragon (Part II)
    is_simple: bool = field(init=False, repr=False)  # two to eight of a numbered suit
    wind: Wind | None = field(init=False, repr=False)  # a wind tile's wind, or a bonus tile's number

    def __post_init__(self) -> None:
        suit = _SUIT_BY_ORDER[self.suit_order]
        setattr_ = object.__setattr__
        setattr_(self, "suit", suit)
        setattr_(self, "index", _BASE[suit] + self.rank - 1)
        if suit is Suit.WINDS:
            code = WIND_LETTERS[self.rank - 1] + "w"
        elif suit is Suit.DRAGONS:
            code = DRAGON_LETTERS[self.rank - 1] + "d"
        else:
            code = f"{self.rank}{suit.value}"
        setattr_(self, "code", code)
        setattr_(self, "is_bonus", suit.is_bonus)
        setattr_(self, "is_honor", suit.is_honor)
        terminal = suit.is_numbered and self.rank in (1, 9)
        setattr_(self, "is_terminal", terminal)
        setattr_(self, "is_head", terminal or suit.is_honor)
        setattr_(self, "is_simple", suit.is_numbered and 2 <= self.rank <= 8)
        setattr_(self, "wind", Wind(self.rank) if suit is Suit.WINDS or suit.is_bonus else None)

    # Equality is identity (eq=False): there is one instance of each tile, and copies or pickles
    # come back as that instance (__reduce__). The hash is object's own, by identity: computed in C,
    # it keeps every dict and cache keyed by tiles off the Python-level call a hash method costs
    # (about a hundred per hand scored). No output depends on the order of a set of tiles. Tiles
    # have no ordering methods: sort them by `index` (a compiled class that defines comparisons
    # loses its hash, as a Python class that defines __eq__ does).
    def __reduce__(self) -> tuple[object, tuple[int]]:
        return _by_index, (self.index,)

    def __str__(self) -> str:
        return self.code

    @property
    def glyph(self) -> str:
        """The Unicode mahjong glyph (U+1F000 block)."""
        return chr(_GLYPH_BASE[self.suit] + self.rank - 1)


_SUIT_BY_ORDER = tuple(Suit)
_SUIT_ORDER = {suit: n for n, suit in enumerate(_SUIT_BY_ORDER)}
_BASE = {
    Suit.DOTS: 0,
    Suit.BAMBOO: 9,
    Suit.CHARACTERS: 18,
    Suit.WINDS: 27,
    Suit.DRAGONS: 31,
    Suit.FLOWERS: 34,
    Suit.SEASONS: 38,
}
_GLYPH_BASE = {
    Suit.CHARACTERS: 0x1F007,
    Suit.BAMBOO: 0x1F010,
    Suit.DOTS: 0x1F019,
    Suit.WINDS: 0x1F000,
    Suit.DRAGONS: 0x1F004,
    Suit.FLOWERS: 0x1F022,
    Suit.SEASONS: 0x1F026,
}


def _by_index(index: int) -> Tile:
    return ALL_TILES[index]


def make(suit: Suit, rank: int) -> Tile:
    """The tile of a suit and rank (the one interned instance)."""
    return _INTERNED[(suit, rank)]


# How many ranks each suit has, in tile order: the 34 playing tiles, then the 8 bonus tiles.
_RANKS = (
    (Suit.DOTS, 9),
    (Suit.BAMBOO, 9),
    (Suit.CHARACTERS, 9),
    (Suit.WINDS, 4),
    (Suit.DRAGONS, 3),
    (Suit.FLOWERS, 4),
    (Suit.SEASONS, 4),
)
_INTERNED: dict[tuple[Suit, int], Tile] = {
    (suit, rank): Tile(_SUIT_ORDER[suit], rank) for suit, top in _RANKS for rank in range(1, top + 1)
}
PLAYING_TILES: tuple[Tile, ...] = tuple(t for t in _INTERNED.values() if not t.is_bonus)
BONUS_TILES: tuple[Tile, ...] = tuple(t for t in _INTERNED.values() if t.is_bonus)
ALL_TILES: tuple[Tile, ...] = PLAYING_TILES + BONUS_TILES

# Count vectors are split in blocks that decompose independently: three numbered suits and
# the honors (winds and dragons never form sequences).
BLOCKS: tuple[tuple[int, int, bool], ...] = (
    (0, 9, True),
    (9, 18, True),
    (18, 27, True),
    (27, 31, False),
    (31, 34, False),
)
