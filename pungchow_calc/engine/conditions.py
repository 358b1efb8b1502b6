"""The registry of rule conditions: stable names that ruleset YAML refers to, with parameters.

Each entry builds a test from its YAML parameters once, at load time; the test then answers
for one arrangement (`unit` is None for a hand rule, the set or pair for a set or pair rule).
There is no module scanning and nothing is evaluated: a name not in `REGISTRY` is a load error.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from .bonus_conditions import BONUS_CONDITIONS
from .calling_conditions import CALLING_CONDITIONS
from .concealment_conditions import CONCEALMENT_CONDITIONS
from .condition_base import (
    FACTS,
    FIXED_CLASSES,
    HAND,
    MELD_KINDS,
    SITUATED_CLASSES,
    TILE_CLASSES,
    UNIT,
    Condition,
    Context,
    ParamError,
    Situation,
    Test,
    WinBy,
    choice,
    count_range,
    fact_condition,
    meld_kinds,
    no_params,
    optional_tiles,
    reads,
    reads_tiles,
    tile_sets,
)
from .hand import Meld, MeldKind
from .laid_conditions import exposed_tiles, sets_shown, winning_meld, winning_tile
from .pattern_conditions import PATTERN_CONDITIONS
from .situation_conditions import SITUATION_CONDITIONS
from .tiles import PLAYING_TILES, Suit, Wind

__all__ = [
    "FACTS",
    "FIXED_CLASSES",
    "MELD_KINDS",
    "REGISTRY",
    "SHAPES",
    "SITUATED_CLASSES",
    "TILE_CLASSES",
    "facts_read",
    "Condition",
    "Context",
    "ParamError",
    "Situation",
    "Test",
    "WinBy",
]


_KIND = attrgetter("kind")

# --- unit conditions (a set or a pair) ---------------------------------------------------


def _meld(params: Any) -> Test:
    kinds = meld_kinds(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        return unit is not None and unit.kind in kinds

    test.meld_kinds = kinds  # type: ignore[attr-defined]  # lets scoring skip other melds unasked
    return test


def _tiles(params: Any) -> Test:
    sets = tile_sets(params)
    return lambda ctx, unit: unit is not None and sets(ctx.situation).issuperset(unit.tiles)


def _exposed(params: Any) -> Test:
    no_params(params)
    return lambda ctx, unit: unit is not None and unit.exposed


def _concealed(params: Any) -> Test:
    no_params(params)
    return lambda ctx, unit: unit is not None and not unit.exposed


def _completes(params: Any) -> Test:
    no_params(params)
    return lambda ctx, unit: unit is not None and unit.winning


def _wait(params: Any) -> Test:
    """Where a chow was filled: `closed` (middle, or the only open end, as 1-2 waiting for 3)
    or `open` (either end of two in a row); Part II "Scoring Values"."""
    wanted = choice(params, ("closed", "open"))

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
    names = choice(params, ("wall", "loose", "discard", "drawn"))
    ways = {WinBy(n) for n in names if n != "drawn"}
    if "drawn" in names:
        ways |= {WinBy.WALL, WinBy.LOOSE}
    # A hand won on the original draw has no winning tile to have drawn or claimed (Example 16).
    return lambda ctx, unit: ctx.hand.winning_tile is not None and ctx.situation.win_by in ways


def _seat(params: Any) -> Test:
    winds = {Wind.parse(w) for w in choice(params, ("east", "south", "west", "north"))}
    return lambda ctx, unit: ctx.situation.seat in winds


def _no_sequences(params: Any) -> Test:
    no_params(params)
    # `in` over a map runs in C: no generator frame per arrangement.
    return lambda ctx, unit: MeldKind.CHOW not in map(_KIND, ctx.melds)


def _only_place(params: Any) -> Test:
    no_params(params)
    return lambda ctx, unit: ctx.hand.winning_tile is not None and len(ctx.waits) == 1


# One suit, one suit with honors and all honors read the suits and honors a hand holds, counted
# once when it is built (Hand.suits): every arrangement of every hand asks them.
def _one_suit_with_honors(params: Any) -> Test:
    no_params(params)
    return lambda ctx, unit: ctx.hand.suits == (1, True)


def _one_suit(params: Any) -> Test:
    no_params(params)
    return lambda ctx, unit: ctx.hand.suits == (1, False)


def _all_honors(params: Any) -> Test:
    no_params(params)
    return lambda ctx, unit: ctx.hand.suits == (0, True)


def _all_heads(params: Any) -> Test:
    no_params(params)
    return lambda ctx, unit: all(PLAYING_TILES[i].is_head for i, c in enumerate(ctx.counts) if c)


def _own_bonus(params: Any) -> Test:
    """Holding the flower or season of one's own wind (Part I, "Use of the Mandarins")."""
    kinds = choice(params, ("flower", "season"))
    suits = {Suit.FLOWERS if k == "flower" else Suit.SEASONS for k in kinds}
    return lambda ctx, unit: (
        bool(ctx.hand.bonus)
        and any(t.suit in suits and t.rank == ctx.situation.seat.value for t in ctx.hand.bonus)
    )


def _count(params: Any) -> Test:
    """How many melds of a kind (and tile class) the arrangement holds: `min`, `max`, `exactly`."""
    if not isinstance(params, dict):
        raise ParamError("expects a mapping with melds and min/max/exactly")
    lo, hi = count_range(params, {"melds", "tiles"})
    kinds = meld_kinds(params.get("melds", "set"))
    tiles = optional_tiles(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        n = sum(1 for m in ctx.melds if m.kind in kinds and all(tiles(t, ctx.situation) for t in m.tiles))
        return lo <= n <= hi

    return test


def _winning_in(params: Any) -> Test:
    """The winning tile stands in a meld of the given kind, e.g. the fourth tile of an exposed pung."""
    kinds = meld_kinds(params)
    return lambda ctx, unit: any(m.winning and m.kind in kinds for m in ctx.melds)


def _no_other_points(params: Any) -> Test:
    """No point line applies but those named (Part I: "no other score than Mah-Jongg", docs/rulings.md)."""
    allowed: frozenset[str] = frozenset()
    if params not in (None, True):
        if not (isinstance(params, dict) and set(params) == {"except"}):
            raise ParamError("takes `except: [rule ids]`")
        ids = params["except"]
        if not (isinstance(ids, list) and all(isinstance(x, str) for x in ids)):
            raise ParamError("`except` must be a list of rule ids")
        allowed = frozenset(ids)
    return lambda ctx, unit: allowed.issuperset(ctx.earlier)


def _single_heads_shape(counts: list[int], fixed: tuple[Meld, ...]) -> bool:
    """Thirteen different heads, one of them paired (Part II, limit hand 1)."""
    if fixed or sum(counts) != 14:
        return False
    return all(counts[i] >= 1 for i in _HEADS) and sorted(counts[i] for i in _HEADS).count(2) == 1


_HEADS = tuple(i for i, t in enumerate(PLAYING_TILES) if t.is_head)


SHAPES = {"single_heads": _single_heads_shape}


def _shape(params: Any) -> Test:
    names = choice(params, tuple(SHAPES))
    tests = [SHAPES[n] for n in sorted(names)]

    def test(ctx: Context, unit: Meld | None) -> bool:
        counts = list(ctx.counts)
        return any(t(counts, ctx.hand.fixed) for t in tests)

    return test


def _won_by_reads(params: Any) -> frozenset[str]:
    # `drawn` and `discard` cannot tell a loose tile from one drawn from the wall; `wall` and `loose` can.
    names = params if isinstance(params, list) else [params]
    tells = any(isinstance(n, str) and n in ("wall", "loose") for n in names)
    return frozenset({"win_by", "loose"} if tells else {"win_by"})


_HOLDER = reads("seat")
_TILES = reads_tiles("tiles")  # a `tiles:` class in a mapping of parameters
_CLASS = reads_tiles()  # the parameter is the class

REGISTRY: dict[str, Condition] = {
    # who and how
    "winner": fact_condition("winner", "the hand went Mah-Jongg"),
    "won_by": Condition(
        _won_by,
        HAND,
        "how the winning tile came: wall, loose, discard, drawn",
        local=True,
        reads=_won_by_reads,
    ),
    "seat": Condition(_seat, HAND, "the holder sits in this wind", local=True, reads=_HOLDER),
    "original_hand": fact_condition("original_hand", "won on the hand as first drawn"),
    "last_tile": fact_condition("last_tile", "won with the last tile that may be drawn"),
    "first_discard": fact_condition("first_discard", "won on the first tile discarded"),
    "only_place_to_win": Condition(_only_place, HAND, "exactly one tile could have completed"),
    # the whole hand
    "no_sequences": Condition(_no_sequences, HAND, "no chow in hand or on the table"),
    "one_suit_with_honors": Condition(_one_suit_with_honors, HAND, "one suit, with winds or dragons"),
    "one_suit": Condition(_one_suit, HAND, "one suit and nothing else"),
    "all_honors": Condition(_all_honors, HAND, "only winds and dragons"),
    "all_heads": Condition(_all_heads, HAND, "only ones, nines, winds and dragons"),
    "own_bonus": Condition(_own_bonus, HAND, "holds own wind's flower or season", reads=_HOLDER),
    "count": Condition(_count, HAND, "how many melds of a kind and tile class", reads=_TILES),
    "winning_in": Condition(_winning_in, HAND, "the winning tile stands in a meld of this kind"),
    "shape": Condition(_shape, HAND, "a special shape named by a limit hand"),
    "no_other_points": Condition(_no_other_points, HAND, "no other point line applies", deferred=True),
    # one set or pair
    "meld": Condition(_meld, UNIT, "the set or pair is of this kind", local=True),
    "tiles": Condition(
        _tiles, UNIT, "every tile of the set or pair is of this class", local=True, reads=_CLASS
    ),
    "exposed": Condition(_exposed, UNIT, "on the table or completed by a discard", local=True),
    "concealed": Condition(_concealed, UNIT, "in the hand (or a kong declared face down)", local=True),
    "completes_hand": Condition(_completes, UNIT, "holds the winning tile", local=True),
    "wait": Condition(_wait, UNIT, "a chow filled in the middle/only end (closed) or open end", local=True),
    # what lay on the table when the winning tile came (penalties: "discarder pays for all")
    "exposed_sets": Condition(
        sets_shown(True), HAND, "how many sets of a kind lay on the table before the win", reads=_TILES
    ),
    "sets_before_win": Condition(
        sets_shown(False), HAND, "how many sets of a kind were complete before the win", reads=_TILES
    ),
    "exposed_tiles": Condition(
        exposed_tiles, HAND, "how many tiles of a class (one suit) lay on the table", reads=_TILES
    ),
    "winning_tile": Condition(winning_tile, HAND, "the winning tile is of this class", reads=_CLASS),
    "winning_meld": Condition(
        winning_meld, HAND, "the set or pair with the winning tile is of this kind", reads=_TILES
    ),
    # Conditions kept in modules of their own, named by what they test (the classical rule families).
    **BONUS_CONDITIONS,
    **CALLING_CONDITIONS,
    **CONCEALMENT_CONDITIONS,
    **PATTERN_CONDITIONS,
    **SITUATION_CONDITIONS,
}


def facts_read(when: Any) -> frozenset[str]:
    """The situation facts a compiled `when:` list reads (through `not` and `any` too).

    Anything not a known condition (never so once compiled) counts as reading every fact.
    """
    if isinstance(when, list):
        return frozenset().union(*(facts_read(entry) for entry in when))
    if isinstance(when, str):
        name, params = when, None
    elif isinstance(when, dict) and len(when) == 1:
        ((name, params),) = when.items()
    else:
        return FACTS
    if name in ("not", "any"):
        return facts_read(params if isinstance(params, list) else [params])
    condition = REGISTRY.get(name) if isinstance(name, str) else None
    return FACTS if condition is None else condition.reads(params)
