"""What every rule condition is built from: the situation and arrangement it reads, the registry
entry that describes it, the checks of its YAML parameters, and the tile classes and meld kinds those
parameters name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .hand import Hand, Meld, MeldKind
from .tiles import PLAYING_TILES, Suit, Tile, Wind


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


@dataclass(slots=True)
class Context:
    """One arrangement of one hand, as the conditions see it.

    Not frozen, unlike the domain types: one is made for every arrangement of every hand scored, and
    a frozen dataclass sets each field through a call; no condition assigns to it.
    """

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


# The facts of a Situation a condition may read: its fields, and `loose` (whether a tile drawn was a
# loose tile rather than one from the wall, which only a condition naming `wall` or `loose` tells apart).
FACTS = frozenset({*Situation.__dataclass_fields__, "loose"})
Reads = Callable[[Any], frozenset[str]]  # the facts a condition reads, given its YAML parameters


def reads(*facts: str) -> Reads:
    """The same facts whatever the parameters."""
    fixed = frozenset(facts)
    assert fixed <= FACTS, fixed - FACTS
    return lambda params: fixed


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


@dataclass(frozen=True, slots=True)
class Condition:
    """A registry entry: how to build the test, where it may be used, and what it means."""

    build: Callable[[Any], Test]
    scopes: frozenset[str]
    doc: str
    deferred: bool = False  # needs the other point lines first (e.g. "no other score")
    # Reads only the set or pair, the situation, whether the hand has a winning tile and which
    # tile it is when the set or pair holds it; never the rest of the hand (its other sets, its
    # bonus tiles). Scoring then reuses its answer for the same set in another arrangement or hand,
    # and a hand rule's answer for every hand of the same situation (plan.Plan).
    local: bool = False
    # Which facts of the situation it reads: `pungchow` notes an option no rule of a ruleset reads,
    # and scoring shares a local rule's remembered lines among situations alike in these facts
    # (plan.Plan.remembered_fields), so a fact read and not named here would be a wrong score (a
    # property test changes the unnamed facts and requires the same lines).
    reads: Reads = reads()


HAND = frozenset({"hand", "set", "pair"})
UNIT = frozenset({"set", "pair"})


# --- parameter helpers -------------------------------------------------------------------


def no_params(params: Any) -> None:
    if params not in (None, True):
        raise ParamError("takes no parameters")


def choice(params: Any, allowed: tuple[str, ...]) -> frozenset[str]:
    items = params if isinstance(params, list) else [params]
    if not items or not all(isinstance(x, str) and x in allowed for x in items):
        raise ParamError(f"expects one of {', '.join(allowed)} (or a list of them), got {params!r}")
    return frozenset(items)


def whole_number(params: Any, name: str) -> int:
    if isinstance(params, bool) or not isinstance(params, int) or params < 0:
        raise ParamError(f"{name} must be a whole number, got {params!r}")
    return params


def flag(attr: str) -> Callable[[Any], Test]:
    def build(params: Any) -> Test:
        no_params(params)
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
_SITUATED_READS = {
    "own_wind": ("seat",),
    "round_wind": ("round",),
    "own_wind_in_own_round": ("seat", "round"),
}

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
    sets = tile_sets(params)
    return lambda t, s: t in sets(s)


def optional_tiles(params: dict[str, Any]) -> Callable[[Tile, Situation], bool]:
    """The `tiles:` class of a counting condition, or any tile when it names none."""
    return tiles_test(params["tiles"]) if "tiles" in params else (lambda t, s: True)


def meld_kinds(params: Any) -> frozenset[MeldKind]:
    """The meld kinds named (`pung`, `set`, `pung_or_kong`, ... or a list of them)."""
    return frozenset().union(*(MELD_KINDS[k] for k in choice(params, tuple(MELD_KINDS))))


def fact_condition(fact: str, doc: str) -> Condition:
    """A condition that is a fact of the situation itself (`original_hand`, `robbing_kong`, ...)."""
    return Condition(flag(fact), HAND, doc, local=True, reads=reads(fact))


def count_range(params: dict[str, Any], extra: set[str]) -> tuple[int, int]:
    """`min`/`max`/`exactly` of a counting condition, refusing keys other than those and `extra`."""
    unknown = set(params) - {"min", "max", "exactly"} - extra
    if unknown:
        raise ParamError(f"unknown parameter {sorted(unknown, key=str)[0]!r}")
    if not any(k in params for k in ("min", "max", "exactly")):
        raise ParamError("needs min, max or exactly")
    lo = whole_number(params.get("min", params.get("exactly", 0)), "min")
    hi = whole_number(params.get("max", params.get("exactly", 99)), "max")
    return lo, hi
