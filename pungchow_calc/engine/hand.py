"""A hand as the table sees it: fixed sets on the table, the pool of concealed tiles, bonus tiles."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter
from typing import Any

from .cache import BoundedCache
from .errors import HandError, NotationError
from .notation import Group, Marker, ParsedHand, compact_hint, parse, season_hint
from .tiles import ALL_TILES, PLAYING_TILES, Tile


class MeldKind(Enum):
    """What a group of tiles is in an arrangement."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    SINGLE = "single"  # a leftover tile of a loser, or one tile of a special shape


# Each kind as a module name, for code that runs per hand, arrangement or set: in Python 3.11 a member
# read through its Enum class runs the class's __getattr__ hook (~70 ns; a module name ~5; docs/speed.md,
# "Shared values"). Other modules import these.
CHOW, PUNG, KONG, PAIR, SINGLE = MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG, MeldKind.PAIR, MeldKind.SINGLE
# The book lists the sets, then the pair; a loser's leftover tiles come last.
_SHOWN_LAST = {MeldKind.PAIR: 1, MeldKind.SINGLE: 2}


@dataclass(frozen=True, slots=True)
class Meld:
    """A set, a pair or a leftover tile in an arrangement."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    exposed: bool = False  # on the table, or completed by a claimed discard (docs/rulings.md)
    declared: bool = False  # a kong declared with its ends face down: scores as concealed
    winning: bool = False  # holds the winning tile
    order: int = 0  # typed position, to show the arrangement in the player's order
    # A kong claimed onto a concealed pung (`+`): scores as exposed; a rule may count it as concealed.
    claimed_kong: bool = False
    # Worked out once, when the meld is made, as scoring asks them of every arrangement:
    # where it is shown in an arrangement (sets in the order typed, then the pair, then leftovers; one
    # number, so that sorting compares integers, not tuples),
    shown: int = field(init=False, compare=False, repr=False)
    # and its notation as shown in an arrangement (docs/notation.md#markers).
    code: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # (kind, order, first tile, size) as digits: order < 1000 (typed groups; 99 and 100 mark none),
        # tile index < 42, size <= 18.
        shown = ((_SHOWN_LAST.get(self.kind, 0) * 1000 + self.order) * 100 + self.tiles[0].index) * 100 + len(
            self.tiles
        )
        object.__setattr__(self, "shown", shown)
        object.__setattr__(self, "code", "".join([t.code for t in self.tiles]) + self.mark)

    @property
    def is_set(self) -> bool:
        """A chow, pung or kong (one of the four sets)."""
        return self.kind in (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)

    @property
    def tile(self) -> Tile:
        """The first (lowest) tile."""
        return self.tiles[0]

    @property
    def mark(self) -> str:
        """The marker after its tiles: `*` exposed, `#` declared kong, `+` claimed kong, `=` exposed
        pair, or none."""
        if self.declared or self.claimed_kong:
            return "#" if self.declared else "+"
        if not self.exposed:
            return ""
        return "*" if self.is_set else "=" if self.kind is MeldKind.PAIR else ""


_MELDS: BoundedCache[tuple[Any, ...], Meld] = BoundedCache(65536)  # a batch meets a few thousand


def meld(
    kind: MeldKind,
    tiles: tuple[Tile, ...],
    exposed: bool = False,
    declared: bool = False,
    winning: bool = False,
    order: int = 0,
    claimed_kong: bool = False,
) -> Meld:
    """The Meld with these fields, shared: arranging builds the same sets for hand after hand."""
    key = (kind, tiles, exposed, declared, winning, order, claimed_kong)
    found = _MELDS.get(key)
    if found is None:
        found = _MELDS.put(key, Meld(kind, tiles, exposed, declared, winning, order, claimed_kong))
    return found


@dataclass(frozen=True, slots=True)
class Hand:
    """A parsed and checked hand."""

    parsed: ParsedHand
    fixed: tuple[Meld, ...]  # marked groups (`*`, `#`, `+`, `=`), as typed
    bonus: tuple[Tile, ...]  # flowers and seasons
    winning_tile: Tile | None
    winning_fixed: int | None  # index into `fixed` when `!` stands in a marked group
    # For each of the 34 tiles, the first typed group that put it in the pool (99: none did):
    # an arrangement shows a set where the earliest of its tiles was typed.
    first_typed: tuple[int, ...]
    # 34-long count vectors (by Tile.index), counted once in build: every stage of scoring reads them.
    counts: tuple[int, ...]  # every playing tile (fixed sets and pool)
    pool_counts: tuple[int, ...]  # the pool alone
    suits: tuple[int, bool]  # how many numbered suits it holds, and whether it holds an honor
    # A set laid open before the win (`*`, `+`, `=`): the hand is not closed (docs/riichi.md), asked
    # by rule after rule of every arrangement.
    opened: bool
    # Counted once in build: a winner's size is checked by them (require_winning_size), every hand.
    kongs: int  # how many kongs are declared (all of them marked groups)
    size: int  # how many playing tiles (fixed sets and pool)

    @property
    def code(self) -> str:
        """Canonical notation as typed."""
        return self.parsed.code

    @property
    def held(self) -> tuple[tuple[str, ...], str, str, str]:
        """What the hand holds, in canonical codes, however it was typed: its marked groups sorted (the
        one holding the winning tile with a `!` after it), the pool and the bonus tiles sorted, and the
        winning tile. The order of groups and of tiles in a group, and how the pool is grouped, are the
        typist's (docs/notation.md, Pooling; a marked group is a set whatever its tiles' order), so two
        hands alike in this score alike; only where a hand is shown follows the typed order."""
        return (
            tuple(sorted(m.code + "!" * m.winning for m in self.fixed)),
            "".join([t.code for t in self.pool]),
            "".join([t.code for t in self.bonus]),
            "" if self.winning_tile is None else self.winning_tile.code,
        )

    @property
    def pool(self) -> tuple[Tile, ...]:
        """Every unmarked playing tile, sorted."""
        return tuple([PLAYING_TILES[i] for i, n in enumerate(self.pool_counts) for _ in range(n)])

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every playing tile of the hand (fixed sets and pool)."""
        return tuple(t for m in self.fixed for t in m.tiles) + self.pool


_INDEX = attrgetter("index")


def _short(ordered: tuple[Tile, ...], marker: Marker) -> str:
    """ ": a kong is typed with its four tiles (4b4b4b4b#) ..." for a kong's marker on three identical
    tiles (a tile left off, or a pung held concealed marked), else ""."""
    if len(ordered) == 3 and ordered[0] is ordered[-1]:
        kong = ordered[0].code * 4 + marker.value
        return f": a kong is typed with its four tiles ({kong}); a pung held concealed takes no marker"
    return ""


def _classify(tiles: tuple[Tile, ...], marker: Marker, winning: bool) -> tuple[str, Any]:
    """What one typed group is (docs/notation.md: markers, bonus tiles); asked once per spelling (_facts).

    Returns ("bonus" | "pool", None), ("meld", (kind, sorted tiles, exposed, declared, claimed kong)) or
    ("error", (code, message with `{text}` for the group as typed)).
    """
    bonus = [t.is_bonus for t in tiles]
    if any(bonus):
        if not all(bonus):
            return "error", ("mixed-bonus", "{text} mixes bonus tiles with playing tiles")
        if marker is not Marker.CONCEALED:
            return "error", ("bad-marker", "{text}: bonus tiles take no marker")
        if winning:
            return "error", ("bad-winning-tile", "{text}: a bonus tile cannot be the winning tile")
        return "bonus", None
    ordered = tuple(sorted(tiles, key=_INDEX))
    same = ordered[0] is ordered[-1]
    if marker is Marker.CONCEALED:
        if len(tiles) == 4 and same:
            return "error", (
                "undeclared-kong",
                "{text} is a kong: declare it with * (exposed) or # (concealed)",
            )
        return "pool", None
    if marker is Marker.DECLARED:
        if not (len(tiles) == 4 and same):
            return "error", (
                "not-a-kong",
                "{text} is not a kong (# is for four identical tiles)" + _short(ordered, marker),
            )
        if winning:
            return "error", (
                "bad-winning-tile",
                "{text}: the winning tile cannot be in a kong declared face down",
            )
        return "meld", (MeldKind.KONG, ordered, False, True, False)
    if marker is Marker.CLAIMED_KONG:
        # docs/notation.md: `+` is a kong whose fourth tile was claimed onto a pung held concealed.
        if not (len(tiles) == 4 and same):
            return "error", (
                "not-a-kong",
                "{text} is not a kong (+ is for four identical tiles)" + _short(ordered, marker),
            )
        return "meld", (MeldKind.KONG, ordered, True, False, True)
    if marker is Marker.EXPOSED_PAIR:
        # docs/notation.md: `=` is a pair laid exposed; it stays a pair (never the start of a pung).
        if not (len(tiles) == 2 and same):
            return "error", ("not-a-pair", "{text} is not a pair (= is for two identical tiles)")
        return "meld", (MeldKind.PAIR, ordered, True, False, False)
    if same and len(tiles) in (3, 4):
        return "meld", (MeldKind.PUNG if len(tiles) == 3 else MeldKind.KONG, ordered, True, False, False)
    low = ordered[0]
    if (
        len(tiles) == 3
        and low.suit.is_numbered
        and low.rank <= 7
        and ordered[1].index == low.index + 1
        and ordered[2].index == low.index + 2
    ):
        return "meld", (MeldKind.CHOW, ordered, True, False, False)
    if same and len(tiles) == 2:
        return "error", ("not-a-set", "{text} is not a set (an exposed pair is marked =)")
    return "error", ("not-a-set", "{text} is not a set")


# A group's playing tiles counted as one integer, 8 bits a tile (bit 8 * Tile.index up): a hand's
# counts are its groups' integers added, in C. A field never carries into the next while the hand
# holds at most 4 * 34 tiles (more is too many copies anyway, told by _too_many_copies).
_BITS = 8
_MOST_TILES = 4 * 34
# Adding 3 to every field sets one of its bits 3 to 7 exactly when it counts five copies or more.
_PLUS_THREE = sum(3 << _BITS * i for i in range(34))
_FIVE_OR_MORE = sum(0b11111000 << _BITS * i for i in range(34))


def _packed(indexes: tuple[int, ...]) -> int:
    return sum(1 << _BITS * i for i in indexes)


# What each typed group is (_classify) and its packed counts, by its canonical spelling (Group.code
# names its tiles, marker and winning tile): a batch meets a few thousand groups.
_FACTS: BoundedCache[str, tuple[str, Any, int]] = BoundedCache(16384)


# The Meld of each marked group by its canonical spelling and its place in the hand (_facts' detail,
# its `!` and place make it): a batch types a few thousand, and a key of a string and a number is found
# sooner than meld()'s seven fields.
_FIXED: BoundedCache[tuple[str, int], Meld] = BoundedCache(16384)


def _facts(group: Group) -> tuple[str, Any, int]:
    """A group's entry in _FACTS, made when missing."""
    what, detail = _classify(group.tiles, group.marker, group.winning is not None)
    return _FACTS.put(group.code, (what, detail, 0 if what == "bonus" else _packed(group.indexes)))


# How many of each tile a hand may hold: four of a playing tile, one of each flower and season.
_MOST = tuple(1 if t.is_bonus else 4 for t in ALL_TILES)


def build(parsed: ParsedHand) -> Hand:
    """Turn typed groups into a hand, enforcing docs/notation.md: markers, declared kongs, tile counts."""
    fixed: list[Meld] = []
    bonus: list[Tile] = []
    pooled: list[tuple[int, tuple[int, ...]]] = []  # (order, indexes) of each group in the pool
    counted = 0  # the packed counts (_packed) of every playing tile
    in_pool = 0  # of the pool's
    size = 0  # how many playing tiles
    kinds = 0  # Group.kinds of every group
    kongs = 0
    opened = False
    winning_tile: Tile | None = None
    winning_fixed: int | None = None
    groups = parsed.groups
    known, placed = _FACTS.get, _FIXED.get
    for order, group in enumerate(groups):
        what, detail, packed = known(group.code) or _facts(group)
        if what == "error":
            _too_many_copies(parsed, order)  # an error is told where it is first met
            code, message = detail
            raise NotationError(
                message.format(text=group.text) + season_hint((group,)) + _space_inside(parsed, order),
                code=code,
                column=parsed.column(order),
            )
        if group.winning is not None:
            if winning_tile is not None:
                _too_many_copies(parsed, order + 1)
                raise NotationError(
                    f"{group.text}: only one tile may be marked ! as the winning tile",
                    code="many-winning",
                    column=parsed.column(order),
                )
            winning_tile = group.tiles[group.winning]
        if what == "pool":
            in_pool += packed
            pooled.append((order, group.indexes))
        elif what == "bonus":
            bonus.extend(group.tiles)
            continue
        else:
            kind, tiles, exposed, declared, claimed_kong = detail
            if group.winning is not None:
                winning_fixed = len(fixed)
            opened |= exposed
            if kind is KONG:
                kongs += 1
            found = placed((group.code, order))
            if found is None:
                # (meld's fields in order: exposed, declared, winning, order, claimed kong)
                found = meld(kind, tiles, exposed, declared, group.winning is not None, order, claimed_kong)
                _FIXED.put((group.code, order), found)
            fixed.append(found)
        counted += packed
        size += len(group.tiles)
        kinds |= group.kinds
    if size > _MOST_TILES or (counted + _PLUS_THREE) & _FIVE_OR_MORE:
        _too_many_copies(parsed, len(groups))
    if bonus and len(set(bonus)) < len(bonus):
        _too_many_copies(parsed, len(groups))
    counts = tuple(counted.to_bytes(34, "little"))  # every field is under 256 (checked above)
    first_typed = [99] * 34
    for order, indexes in reversed(pooled):  # the earliest group that put a tile in the pool stays
        for i in indexes:
            first_typed[i] = order
    # Positional (Hand's field order): keywords cost a frozen dataclass more, and every hand is built.
    return Hand(
        parsed,
        tuple(fixed),
        tuple(sorted(bonus, key=_INDEX)) if bonus else (),
        winning_tile,
        winning_fixed,
        tuple(first_typed),
        counts,
        # no marked group: every playing tile is in the pool
        tuple(in_pool.to_bytes(34, "little")) if fixed else counts,
        _SUITS[kinds],
        opened,
        kongs,
        size,
    )


# Hand.suits for each Group.kinds bits: how many numbered suits, and whether an honor is held.
_SUITS = tuple(((k & 1) + (k >> 1 & 1) + (k >> 2 & 1), bool(k & 8)) for k in range(16))


def _space_inside(parsed: ParsedHand, order: int) -> str:
    """ "; a space inside the set? type 5d5d5d*" for a marked group that is no set of its marker but
    makes one with the concealed group typed just before it (`5d 5d5d*`, `1b2b 3b*`: a space typed inside
    the set), else ""."""
    group = parsed.groups[order]
    before = parsed.groups[order - 1] if order else None
    if before is None or before.marker is not Marker.CONCEALED or group.marker is Marker.CONCEALED:
        return ""
    joined = before.text + group.text
    try:
        whole = parse(joined).groups[0]
    except NotationError:
        return ""
    what = _classify(whole.tiles, whole.marker, whole.winning is not None)[0]
    return f"; a space inside the set? type {joined}" if what == "meld" else ""


def _too_many_copies(parsed: ParsedHand, end: int) -> None:
    """Raise for the first of the hand's groups before `end`, as typed, that holds one copy of a tile
    too many (four of a playing tile, one of a flower or season: docs/notation.md); return if none does."""
    seen = [0] * 42
    for order, group in enumerate(parsed.groups[:end]):
        for i in group.indexes:
            seen[i] += 1
            if seen[i] > _MOST[i]:
                tile = ALL_TILES[i]
                times = "once" if tile.is_bonus else "four times"
                raise NotationError(
                    f"{group.text}: {tile.code} may appear at most {times} in a hand{season_hint((group,))}",
                    code="too-many-copies",
                    column=parsed.column(order),
                )


def given(count: int) -> str:
    """How many tiles were typed, as a refusal of a hand's size says it: `1 was given`, `13 were given`."""
    return f"{count} {'was' if count == 1 else 'were'} given"


def size_hint(hand: Hand, need: int) -> str:
    """What a hand of the wrong size may have been meant as, told beside its count: seasons typed as
    riichi's souzu (notation.season_hint), and, for a tile too many, four of a tile held concealed in
    more than one group (`4b4b4b 4b`: a kong typed undeclared, which counts no tile more), else ""."""
    hint = season_hint(hand.parsed.groups) + compact_hint(hand.parsed.groups)
    if hand.size > need:
        four = next((i for i, n in enumerate(hand.pool_counts) if n == 4), None)
        if four is not None:
            code = PLAYING_TILES[four].code
            hint += f"; {code} is held four times: a kong is one group, declared ({code * 4}# or {code * 4}*)"
    return hint


# "A player must at all times during the game have thirteen (13) tiles ... for every four of a kind ...
# an extra tile" ("Mah-Jongg or Mah-Diao"; the original hand, "Drawing the original hand"): a hand held,
# one more with the winning tile. Every ruleset's: a dead-hand penalty may say its own (Penalty.tiles).
HAND_TILES = 13


def require_winning_size(hand: Hand) -> None:
    """A winner holds four sets and a pair: 14 tiles plus one per kong (Harr, "Mah-Jongg")."""
    need = HAND_TILES + 1 + hand.kongs
    have = hand.size
    if have != need:
        raise HandError(
            f"a winning hand has {HAND_TILES + 1} tiles plus one per kong: "
            f"this one needs {need}, but {given(have)}" + size_hint(hand, need),
            code="tile-count",
            column=1,
        )
