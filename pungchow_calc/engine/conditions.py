"""The registry of rule conditions: stable names that ruleset YAML refers to, with parameters.

Each entry builds a test from its YAML parameters once, at load time; the test then answers
for one arrangement (`unit` is None for a hand rule, the set or pair for a set or pair rule).
There is no module scanning and nothing is evaluated: a name not in `REGISTRY` is a load error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any

from .hand import Hand, Meld, MeldKind
from .tiles import BLOCKS, PLAYING_TILES, Suit, Tile, Wind


class WinBy(Enum):
    """How the winning tile came: drawn from the wall, drawn as a loose tile, or a claimed discard."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    WALL = "wall"
    LOOSE = "loose"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Situation:
    """The circumstances of a hand: who holds it, the round, and how it was won."""

    seat: Wind = Wind.EAST
    round: Wind = Wind.EAST
    winner: bool = True
    win_by: WinBy = WinBy.DISCARD
    original_hand: bool = False
    last_tile: bool = False
    first_discard: bool = False
    discarder: Wind | None = None
    robbing_kong: bool = False  # won with the tile another player added to an exposed pung
    original_call: bool = False  # declared calling before the first discard and kept the hand unchanged
    kong_after_kong: bool = False  # won on the loose tile drawn for a kong declared on a loose tile


@dataclass(frozen=True, slots=True)
class Context:
    """One arrangement of one hand, as the conditions see it."""

    situation: Situation
    hand: Hand
    melds: tuple[Meld, ...]
    counts: tuple[int, ...]  # all playing tiles, 34 long
    waits: tuple[Tile, ...]
    earlier: list[str] = field(default_factory=list)  # ids of point rules already applied
    # A non-winner's hand: the rules its completions by one tile would score (computed when first asked).
    calling: Callable[[], frozenset[str]] | None = None


Test = Callable[[Context, Meld | None], bool]


class ParamError(ValueError):
    """A condition's parameters are the wrong type or value."""


@dataclass(frozen=True, slots=True)
class Condition:
    """A registry entry: how to build the test, where it may be used, and what it means."""

    build: Callable[[Any], Test]
    scopes: frozenset[str]
    doc: str
    deferred: bool = False  # needs the other point lines first (e.g. "no other score")
    # Reads only the set or pair, the situation, whether the hand has a winning tile and which
    # tile it is when the set or pair holds it; never the rest of the arrangement. Scoring then
    # reuses its answer for the same set in another arrangement or hand (scoring._Plan).
    local: bool = False


HAND: frozenset[str] = frozenset({"hand", "set", "pair"})
UNIT: frozenset[str] = frozenset({"set", "pair"})


# --- parameter helpers -------------------------------------------------------------------


def _none(params: Any) -> None:
    if params not in (None, True):
        raise ParamError("takes no parameters")


def _choice(params: Any, allowed: tuple[str, ...]) -> frozenset[str]:
    items = params if isinstance(params, list) else [params]
    if not items or not all(isinstance(x, str) and x in allowed for x in items):
        raise ParamError(f"expects one of {', '.join(allowed)} (or a list of them), got {params!r}")
    return frozenset(items)


def _int(params: Any, name: str) -> int:
    if isinstance(params, bool) or not isinstance(params, int) or params < 0:
        raise ParamError(f"{name} must be a whole number, got {params!r}")
    return params


def _flag(attr: str) -> Callable[[Any], Test]:
    def build(params: Any) -> Test:
        _none(params)
        return lambda ctx, unit: bool(getattr(ctx.situation, attr))

    return build


# --- tile classes ------------------------------------------------------------------------

_WINDS, _DRAGONS = Suit.WINDS, Suit.DRAGONS
# Classes that are fixed sets of tiles ...
FIXED_CLASSES: dict[str, Callable[[Tile], bool]] = {
    "simples": lambda t: t.is_simple,
    "terminals": lambda t: t.is_terminal,
    "heads": lambda t: t.is_head,
    "honors": lambda t: t.is_honor,
    "numbered": lambda t: not t.is_honor and not t.is_bonus,
    "winds": lambda t: t.suit is _WINDS,
    "dragons": lambda t: t.suit is _DRAGONS,
    "red": lambda t: t.suit is _DRAGONS and t.rank == 1,
    "green": lambda t: t.suit is _DRAGONS and t.rank == 2,
    "white": lambda t: t.suit is _DRAGONS and t.rank == 3,
}
# ... and classes that depend on who holds the hand and the round.
SITUATED_CLASSES: dict[str, Callable[[Tile, Situation], bool]] = {
    "own_wind": lambda t, s: t.suit is _WINDS and t.wind is s.seat,
    "round_wind": lambda t, s: t.suit is _WINDS and t.wind is s.round,
    "own_wind_in_own_round": lambda t, s: t.suit is _WINDS and t.wind is s.seat is s.round,
}
TILE_CLASSES = (*FIXED_CLASSES, *SITUATED_CLASSES)  # the names a `tiles:` parameter may use

MELD_KINDS: dict[str, frozenset[MeldKind]] = {
    "chow": frozenset({MeldKind.CHOW}),
    "pung": frozenset({MeldKind.PUNG}),
    "kong": frozenset({MeldKind.KONG}),
    "pair": frozenset({MeldKind.PAIR}),
    "pung_or_kong": frozenset({MeldKind.PUNG, MeldKind.KONG}),
    "set": frozenset({MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG}),
}


def _tile_sets(params: Any) -> Callable[[Situation], frozenset[Tile]]:
    """The tiles of the named classes, as a set per seat and round (built once, then looked up)."""
    names = _choice(params, TILE_CLASSES)
    fixed = frozenset(
        t for t in PLAYING_TILES if any(FIXED_CLASSES[n](t) for n in names if n in FIXED_CLASSES)
    )
    situated = [SITUATED_CLASSES[n] for n in sorted(names) if n in SITUATED_CLASSES]
    if not situated:
        return lambda s: fixed
    by_seat: dict[tuple[Wind, Wind], frozenset[Tile]] = {}

    def of(s: Situation) -> frozenset[Tile]:
        found = by_seat.get((s.seat, s.round))
        if found is None:
            found = fixed | {t for t in PLAYING_TILES if any(test(t, s) for test in situated)}
            by_seat[(s.seat, s.round)] = found
        return found

    return of


def _tiles_test(params: Any) -> Callable[[Tile, Situation], bool]:
    sets = _tile_sets(params)
    return lambda t, s: t in sets(s)


def _optional_tiles(params: dict[str, Any]) -> Callable[[Tile, Situation], bool]:
    """The `tiles:` class of a counting condition, or any tile when it names none."""
    return _tiles_test(params["tiles"]) if "tiles" in params else (lambda t, s: True)


def _meld_kinds(params: Any) -> frozenset[MeldKind]:
    """The meld kinds named (`pung`, `set`, `pung_or_kong`, ... or a list of them)."""
    return frozenset().union(*(MELD_KINDS[k] for k in _choice(params, tuple(MELD_KINDS))))


def _range(params: dict[str, Any], extra: set[str]) -> tuple[int, int]:
    """`min`/`max`/`exactly` of a counting condition, refusing keys other than those and `extra`."""
    unknown = set(params) - {"min", "max", "exactly"} - extra
    if unknown:
        raise ParamError(f"unknown parameter {sorted(unknown, key=str)[0]!r}")
    if not any(k in params for k in ("min", "max", "exactly")):
        raise ParamError("needs min, max or exactly")
    lo = _int(params.get("min", params.get("exactly", 0)), "min")
    hi = _int(params.get("max", params.get("exactly", 99)), "max")
    return lo, hi


# --- unit conditions (a set or a pair) ---------------------------------------------------


def _meld(params: Any) -> Test:
    kinds = _meld_kinds(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        return unit is not None and unit.kind in kinds

    test.meld_kinds = kinds  # type: ignore[attr-defined]  # lets scoring skip other melds unasked
    return test


def _tiles(params: Any) -> Test:
    sets = _tile_sets(params)
    return lambda ctx, unit: unit is not None and sets(ctx.situation).issuperset(unit.tiles)


def _exposed(params: Any) -> Test:
    _none(params)
    return lambda ctx, unit: unit is not None and unit.exposed


def _concealed(params: Any) -> Test:
    _none(params)
    return lambda ctx, unit: unit is not None and not unit.exposed


def _completes(params: Any) -> Test:
    _none(params)
    return lambda ctx, unit: unit is not None and unit.winning


def _wait(params: Any) -> Test:
    """Where a chow was filled: `closed` (middle, or the only open end, as 1-2 waiting for 3)
    or `open` (either end of two in a row); Part II "Scoring Values"."""
    wanted = _choice(params, ("closed", "open"))

    def test(ctx: Context, unit: Meld | None) -> bool:
        if unit is None or unit.kind is not MeldKind.CHOW or not unit.winning:
            return False
        win = ctx.hand.winning_tile
        low, high = unit.tiles[0].rank, unit.tiles[2].rank
        if win is None:
            return False
        closed = win.rank == low + 1 or (win.rank == high and low == 1) or (win.rank == low and high == 9)
        return ("closed" if closed else "open") in wanted

    return test


# --- hand conditions ---------------------------------------------------------------------


def _won_by(params: Any) -> Test:
    names = _choice(params, ("wall", "loose", "discard", "drawn"))
    ways = {WinBy(n) for n in names if n != "drawn"}
    if "drawn" in names:
        ways |= {WinBy.WALL, WinBy.LOOSE}
    # A hand won on the original draw has no winning tile to have drawn or claimed (Example 16).
    return lambda ctx, unit: ctx.hand.winning_tile is not None and ctx.situation.win_by in ways


def _seat(params: Any) -> Test:
    winds = {Wind.parse(w) for w in _choice(params, ("east", "south", "west", "north"))}
    return lambda ctx, unit: ctx.situation.seat in winds


def _no_sequences(params: Any) -> Test:
    _none(params)
    return lambda ctx, unit: not any(m.kind is MeldKind.CHOW for m in ctx.melds)


def _only_place(params: Any) -> Test:
    _none(params)
    return lambda ctx, unit: ctx.hand.winning_tile is not None and len(ctx.waits) == 1


def _suits_present(ctx: Context) -> tuple[int, bool]:
    """(number of numbered suits held, whether any honor is held)."""
    return _suits_of(ctx.counts)


@lru_cache(maxsize=4096)
def _suits_of(counts: tuple[int, ...]) -> tuple[int, bool]:
    # Three rules (one suit, one suit with honors, all honors) ask this of every arrangement.
    suits = sum(1 for lo, hi, numbered in BLOCKS if numbered and any(counts[lo:hi]))
    honors = any(counts[27:34])
    return suits, honors


def _one_suit_with_honors(params: Any) -> Test:
    _none(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        suits, honors = _suits_present(ctx)
        return suits == 1 and honors

    return test


def _one_suit(params: Any) -> Test:
    _none(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        suits, honors = _suits_present(ctx)
        return suits == 1 and not honors

    return test


def _all_honors(params: Any) -> Test:
    _none(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        suits, honors = _suits_present(ctx)
        return suits == 0 and honors

    return test


def _all_heads(params: Any) -> Test:
    _none(params)
    return lambda ctx, unit: all(PLAYING_TILES[i].is_head for i, c in enumerate(ctx.counts) if c)


def _own_bonus(params: Any) -> Test:
    """Holding the flower or season of one's own wind (Part I, "Use of the Mandarins")."""
    kinds = _choice(params, ("flower", "season"))
    suits = {Suit.FLOWERS if k == "flower" else Suit.SEASONS for k in kinds}
    return lambda ctx, unit: any(
        t.suit in suits and t.rank == ctx.situation.seat.value for t in ctx.hand.bonus
    )


def _count(params: Any) -> Test:
    """How many melds of a kind (and tile class) the arrangement holds: `min`, `max`, `exactly`."""
    if not isinstance(params, dict):
        raise ParamError("expects a mapping with melds and min/max/exactly")
    lo, hi = _range(params, {"melds", "tiles"})
    kinds = _meld_kinds(params.get("melds", "set"))
    tiles = _optional_tiles(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        n = sum(1 for m in ctx.melds if m.kind in kinds and all(tiles(t, ctx.situation) for t in m.tiles))
        return lo <= n <= hi

    return test


def _winning_in(params: Any) -> Test:
    """The winning tile stands in a meld of the given kind, e.g. the fourth tile of an exposed pung."""
    kinds = _meld_kinds(params)
    return lambda ctx, unit: any(m.winning and m.kind in kinds for m in ctx.melds)


def _no_other_points(params: Any) -> Test:
    """No point line applies but those named (Part I: "no other score than Mah-Jongg", SPEC §4.3)."""
    allowed: frozenset[str] = frozenset()
    if params not in (None, True):
        if not (isinstance(params, dict) and set(params) == {"except"}):
            raise ParamError("takes `except: [rule ids]`")
        ids = params["except"]
        if not (isinstance(ids, list) and all(isinstance(x, str) for x in ids)):
            raise ParamError("`except` must be a list of rule ids")
        allowed = frozenset(ids)
    return lambda ctx, unit: all(rule_id in allowed for rule_id in ctx.earlier)


def _single_heads_shape(counts: list[int], fixed: tuple[Meld, ...]) -> bool:
    """Thirteen different heads, one of them paired (Part II, limit hand 1)."""
    if fixed or sum(counts) != 14:
        return False
    return all(counts[i] >= 1 for i in _HEADS) and sorted(counts[i] for i in _HEADS).count(2) == 1


_HEADS = tuple(i for i, t in enumerate(PLAYING_TILES) if t.is_head)


SHAPES = {"single_heads": _single_heads_shape}


def _shape(params: Any) -> Test:
    names = _choice(params, tuple(SHAPES))
    tests = [SHAPES[n] for n in sorted(names)]

    def test(ctx: Context, unit: Meld | None) -> bool:
        counts = list(ctx.counts)
        return any(t(counts, ctx.hand.fixed) for t in tests)

    return test


# --- what lay on the table when the winning tile came (Part II "Penalties") ---------------


def _before_win(meld: Meld) -> tuple[Tile, ...]:
    """The tiles of a meld already complete before the winning tile came.

    A set holding the winning tile was completed by it (an exposed pung claimed to win was two tiles
    in the hand), except the fourth tile added to an exposed pung: those three lay on the table.
    """
    if not meld.winning:
        return meld.tiles
    return meld.tiles[1:] if meld.kind is MeldKind.KONG and meld.exposed else ()


def _on_table(meld: Meld) -> bool:
    # A kong declared face down lies on the table with its kind showing (two tiles face up).
    return meld.exposed or meld.declared


def _include_winning(params: dict[str, Any]) -> bool:
    value = params.get("include_winning", False)
    if not isinstance(value, bool):
        raise ParamError("include_winning must be true or false")
    return value


def _sets(on_table: bool) -> Callable[[Any], Test]:
    """Count sets of a kind and tile class; by default only those complete before the winning tile."""

    def build(params: Any) -> Test:
        if not isinstance(params, dict):
            raise ParamError("expects a mapping with melds, tiles and min/max/exactly")
        lo, hi = _range(params, {"melds", "tiles", "include_winning"})
        kinds = _meld_kinds(params.get("melds", "set"))
        tiles = _optional_tiles(params)
        include = _include_winning(params)

        def test(ctx: Context, unit: Meld | None) -> bool:
            n = sum(
                1
                for m in ctx.melds
                if m.kind in kinds
                and (not on_table or _on_table(m))
                and (include or not m.winning or len(_before_win(m)) == 3)
                and all(tiles(t, ctx.situation) for t in m.tiles)
            )
            return lo <= n <= hi

        return test

    return build


def _exposed_tiles(params: Any) -> Test:
    """Count tiles of a class lying on the table; `same_suit: true` counts the fullest numbered suit."""
    if not isinstance(params, dict):
        raise ParamError("expects a mapping with tiles and min/max/exactly")
    lo, hi = _range(params, {"tiles", "same_suit", "include_winning"})
    tiles = _optional_tiles(params)
    include = _include_winning(params)
    same_suit = params.get("same_suit", False)
    if not isinstance(same_suit, bool):
        raise ParamError("same_suit must be true or false")

    def test(ctx: Context, unit: Meld | None) -> bool:
        shown = [
            t
            for m in ctx.melds
            if _on_table(m)
            for t in (m.tiles if include else _before_win(m))
            if tiles(t, ctx.situation)
        ]
        if same_suit:
            n = max((sum(1 for t in shown if t.suit is suit) for suit in Suit if suit.is_numbered), default=0)
        else:
            n = len(shown)
        return lo <= n <= hi

    return test


def _winning_tile(params: Any) -> Test:
    """The winning tile is of this class (e.g. the dragon that gives the third set of dragons)."""
    test = _tiles_test(params)
    return lambda ctx, unit: ctx.hand.winning_tile is not None and test(ctx.hand.winning_tile, ctx.situation)


def _winning_meld(params: Any) -> Test:
    """The set or pair holding the winning tile is of this kind (`melds`) and class (`tiles`)."""
    if not isinstance(params, dict) or not params or set(params) - {"melds", "tiles"}:
        raise ParamError("expects a mapping with melds and/or tiles")
    kinds = _meld_kinds(params.get("melds", list(MELD_KINDS)))
    tiles = _optional_tiles(params)
    return lambda ctx, unit: any(
        m.winning and m.kind in kinds and all(tiles(t, ctx.situation) for t in m.tiles) for m in ctx.melds
    )


REGISTRY: dict[str, Condition] = {
    # who and how
    "winner": Condition(_flag("winner"), HAND, "the hand went Mah-Jongg", local=True),
    "won_by": Condition(_won_by, HAND, "how the winning tile came: wall, loose, discard, drawn", local=True),
    "seat": Condition(_seat, HAND, "the holder sits in this wind", local=True),
    "original_hand": Condition(_flag("original_hand"), HAND, "won on the hand as first drawn", local=True),
    "last_tile": Condition(_flag("last_tile"), HAND, "won with the last tile that may be drawn", local=True),
    "first_discard": Condition(_flag("first_discard"), HAND, "won on the first tile discarded", local=True),
    "only_place_to_win": Condition(_only_place, HAND, "exactly one tile could have completed"),
    # the whole hand
    "no_sequences": Condition(_no_sequences, HAND, "no chow in hand or on the table"),
    "one_suit_with_honors": Condition(_one_suit_with_honors, HAND, "one suit, with winds or dragons"),
    "one_suit": Condition(_one_suit, HAND, "one suit and nothing else"),
    "all_honors": Condition(_all_honors, HAND, "only winds and dragons"),
    "all_heads": Condition(_all_heads, HAND, "only ones, nines, winds and dragons"),
    "own_bonus": Condition(_own_bonus, HAND, "holds own wind's flower or season"),
    "count": Condition(_count, HAND, "how many melds of a kind and tile class"),
    "winning_in": Condition(_winning_in, HAND, "the winning tile stands in a meld of this kind"),
    "shape": Condition(_shape, HAND, "a special shape named by a limit hand"),
    "no_other_points": Condition(_no_other_points, HAND, "no other point line applies", deferred=True),
    # one set or pair
    "meld": Condition(_meld, UNIT, "the set or pair is of this kind", local=True),
    "tiles": Condition(_tiles, UNIT, "every tile of the set or pair is of this class", local=True),
    "exposed": Condition(_exposed, UNIT, "on the table or completed by a discard", local=True),
    "concealed": Condition(_concealed, UNIT, "in the hand (or a kong declared face down)", local=True),
    "completes_hand": Condition(_completes, UNIT, "holds the winning tile", local=True),
    "wait": Condition(_wait, UNIT, "a chow filled in the middle/only end (closed) or open end", local=True),
    # what lay on the table when the winning tile came (penalties: "discarder pays for all")
    "exposed_sets": Condition(_sets(True), HAND, "how many sets of a kind lay on the table before the win"),
    "sets_before_win": Condition(_sets(False), HAND, "how many sets of a kind were complete before the win"),
    "exposed_tiles": Condition(_exposed_tiles, HAND, "how many tiles of a class (one suit) lay on the table"),
    "winning_tile": Condition(_winning_tile, HAND, "the winning tile is of this class"),
    "winning_meld": Condition(_winning_meld, HAND, "the set or pair with the winning tile is of this kind"),
}

# Conditions kept in modules of their own, named by what they test. Each adds its entries to REGISTRY
# when imported; they build on the helpers above, so they are imported last (importing one of them
# first works too: it imports this module, which then finds it already under way).
from . import (  # noqa: E402
    bonus_conditions,  # noqa: F401
    calling_conditions,  # noqa: F401
    concealment_conditions,  # noqa: F401
    pattern_conditions,  # noqa: F401
    situation_conditions,  # noqa: F401
)
