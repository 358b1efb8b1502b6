"""The tile classes and meld kinds a condition's parameters name (`tiles: dragons`, `own_wind`;
`melds: pung_or_kong`): which tiles each holds for a seat and round, the facts a class reads, the kinds
of set or pair its tiles can make, and the most sets and pairs a count of them can find. Split from
base.py, which holds what every condition is built from (Context, Condition, the parameter specs).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from ..hand import MeldKind
from ..situation import Situation
from ..tiles import PLAYING_TILES, Suit, Tile, Wind
from .base import Decide, Most, Reads, Tally, choice


def reads_tiles(key: str | None = None) -> Reads:
    """The holder's seat and the round when the `tiles:` parameter (or the parameter itself, for
    `key=None`) names a class that depends on them (`own_wind`, `round_wind`, ...)."""

    def facts(params: Any) -> frozenset[str]:
        named = params if key is None else (params.get(key) if isinstance(params, dict) else None)
        names = named if isinstance(named, list) else [named]
        return frozenset(
            fact for name in names if isinstance(name, str) for fact in _SITUATED_READS.get(name, ())
        )

    return facts


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
_SITUATED_READS = {
    "own_wind": ("seat",),
    "round_wind": ("round",),
    "own_wind_in_own_round": ("seat", "round"),
}


@cache  # asked when a plan is made: the same answer for every ruleset
def situated_tiles() -> frozenset[Tile]:
    """The tiles whose place in a situated class (SITUATED_CLASSES) some seat or round changes (the
    winds): a tile outside them is in each class or not whoever holds it, whatever the round."""
    situations = [Situation(seat=seat, round=wind) for seat in Wind for wind in Wind]
    return frozenset(
        t
        for test in SITUATED_CLASSES.values()
        for t in PLAYING_TILES
        if len({test(t, s) for s in situations}) > 1
    )


MELD_KINDS: dict[str, frozenset[MeldKind]] = {
    "chow": frozenset({MeldKind.CHOW}),
    "pung": frozenset({MeldKind.PUNG}),
    "kong": frozenset({MeldKind.KONG}),
    "pair": frozenset({MeldKind.PAIR}),
    "pung_or_kong": frozenset({MeldKind.PUNG, MeldKind.KONG}),
    "set": frozenset({MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG}),
}


def tile_sets(params: Any) -> Callable[[Situation], frozenset[Tile]]:
    """The tiles of the named classes, as a set per seat and round (built once, then looked up)."""
    names = choice(params, TILE_CLASSES)
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


def tiles_test(params: Any) -> Callable[[Tile, Situation], bool]:
    """A test whether a tile is in the named classes, for a seat and round (tile_sets)."""
    sets = tile_sets(params)
    return lambda t, s: t in sets(s)


def optional_tiles(params: dict[str, Any]) -> Callable[[Tile, Situation], bool]:
    """The `tiles:` class of a counting condition, or any tile when it names none."""
    return tiles_test(params["tiles"]) if "tiles" in params else (lambda t, s: True)


def meld_kinds(params: Any) -> frozenset[MeldKind]:
    """The meld kinds named (`pung`, `set`, `pung_or_kong`, ... or a list of them)."""
    return frozenset().union(*(MELD_KINDS[k] for k in choice(params, tuple(MELD_KINDS))))


def reach(tiles: Callable[[Situation], frozenset[Tile]]) -> frozenset[Tile]:
    """Every tile a class (or list) of tiles may hold, whatever the seat and round."""
    return frozenset().union(*(tiles(Situation(seat=seat, round=wind)) for seat in Wind for wind in Wind))


def class_values(params: Any) -> frozenset[tuple[Wind, Wind, Tile]]:
    """The tiles of the named classes in each seat and round, as (seat, round, tile): two classes share
    one of these exactly when a tile is in both in some seat and round (Condition.one_of of `tiles`)."""
    return _class_values(choice(params, TILE_CLASSES))


# Asked of every `tiles:` rule as a ruleset loads: the same few classes each time, but a house ruleset
# may name any of the 2**13 lists of classes (some 70 KB of answer each), so at most CLASS_LISTS kept.
CLASS_LISTS = 256


@lru_cache(maxsize=CLASS_LISTS)
def _class_values(names: frozenset[str]) -> frozenset[tuple[Wind, Wind, Tile]]:
    tiles = tile_sets(sorted(names))
    return frozenset(
        (seat, wind, t) for seat in Wind for wind in Wind for t in tiles(Situation(seat=seat, round=wind))
    )


def holds_run(tiles: frozenset[Tile]) -> bool:
    """Whether the tiles hold three of a numbered suit in a row: the tiles of a chow."""
    numbered = {(t.suit, t.rank) for t in tiles if t.suit.is_numbered}
    return any((suit, rank + 1) in numbered and (suit, rank + 2) in numbered for suit, rank in numbered)


_CHOW = frozenset({MeldKind.CHOW})
_ALL_KINDS = frozenset(MeldKind)


def class_kinds(params: Any) -> frozenset[MeldKind]:
    """The kinds of set or pair whose tiles can all be of the named classes: no chow unless they hold a
    run in some seat and round (Condition.kinds of `tiles`)."""
    return _class_kinds(choice(params, TILE_CLASSES))


@lru_cache(maxsize=CLASS_LISTS)  # as _class_values
def _class_kinds(names: frozenset[str]) -> frozenset[MeldKind]:
    # In one seat and round: the situated classes add only winds, which hold no run in any.
    return _ALL_KINDS if holds_run(tile_sets(sorted(names))(Situation())) else _ALL_KINDS - _CHOW


def only_tiles_tally(allowed: frozenset[Tile]) -> Decide:
    """The Tally of "every tile held is one of `allowed`": ruled out by an honor, a numbered suit or a
    chow the tiles cannot hold."""
    honors = any(t.is_honor for t in allowed)
    suits = len({t.suit for t in allowed if t.suit.is_numbered})
    runs = holds_run(allowed)

    def decide(tally: Tally) -> bool | None:
        if tally.honors and not honors or tally.suits > suits or not runs and tally.count(_CHOW):
            return False
        return None

    return decide


# What a hand scored holds at most (Counter.most): 14 playing tiles and one more for each kong (a hand
# is refused with more, scoring.py, docs/notation.md), so four kongs at most (4 x 5 > 14 + 5), 18
# tiles, four sets (each 3 tiles beside a kong's fourth: 3 x 5 > 14), seven pairs or seven sets and
# pairs in all (3 per set, 2 per pair, 14 in all), and one of each of the eight flowers and seasons.
MOST_TILES = 18
MOST_SETS = 4
MOST_MELDS = 7


def most_melds(default: Any) -> Most:
    """Counter.most of a count of sets and pairs of the kinds `melds` names (`default` when not given)."""

    def most(params: dict[str, Any]) -> tuple[int, str]:
        kinds = meld_kinds(params.get("melds", default))
        if MeldKind.PAIR not in kinds:
            return MOST_SETS, f"a hand holds at most {MOST_SETS} sets"
        return MOST_MELDS, f"a hand holds at most {MOST_MELDS} sets and pairs"

    return most
