"""Conditions on the whole hand: its suits, its kinds of set, the shapes of limit hands, the waits and
the other point lines (a `hand` rule's arrangement).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from ..decomposition import SHAPES
from ..errors import as_written
from ..hand import CHOW, SINGLE, Meld, MeldKind
from ..tiles import BLOCKS, PLAYING_TILES, Suit
from .base import (
    HAND,
    Choice,
    Condition,
    Context,
    Counter,
    Custom,
    Decide,
    Flag,
    FlagOr,
    Keys,
    ParamError,
    Tally,
    Test,
    any_tally,
    choice,
    count_range,
    count_tally,
)
from .tile_classes import (
    MELD_KINDS,
    TILE_CLASSES,
    class_kinds,
    meld_kinds,
    most_melds,
    only_tiles_tally,
    reach,
    reads_tiles,
    tile_sets,
)

_KIND = attrgetter("kind")


def _no_sequences(params: Any) -> Test:
    # `in` over a map runs in C: no generator frame per arrangement.
    return lambda ctx, unit: CHOW not in map(_KIND, ctx.melds)


_CHOWS = MELD_KINDS["chow"]
_SETS = MELD_KINDS["set"]
_SINGLES = frozenset({MeldKind.SINGLE})


def _no_sequences_tally(params: Any) -> Decide:
    return lambda tally: not tally.count(_CHOWS)


def _suits_tally(suits: int, honors: bool) -> Callable[[Any], Decide]:
    """The Tally of a test of Hand.suits: it settles it."""
    return lambda params: lambda tally: tally.suits == suits and tally.honors is honors


def _only_place(params: Any) -> Test:
    return lambda ctx, unit: ctx.hand.winning_tile is not None and len(ctx.waits) == 1


# One suit, one suit with honors and all honors read the suits and honors a hand holds, counted
# once when it is built (Hand.suits): every arrangement of every hand asks them.
def _one_suit_with_honors(params: Any) -> Test:
    return lambda ctx, unit: ctx.hand.suits == (1, True)


def _one_suit(params: Any) -> Test:
    return lambda ctx, unit: ctx.hand.suits == (1, False)


def _all_honors(params: Any) -> Test:
    return lambda ctx, unit: ctx.hand.suits == (0, True)


def _all_heads(params: Any) -> Test:
    # No tile held but heads, counted in C.
    return lambda ctx, unit: not any(map(ctx.counts.__getitem__, _NOT_HEADS))


def _count_tally(params: Any) -> Decide:
    lo, hi = count_range(params, {"melds", "tiles"})
    of_kinds = count_tally(meld_kinds(params.get("melds", "set")), lo, hi, exact="tiles" not in params)
    if "tiles" not in params or any(not t.is_honor for t in reach(tile_sets(params["tiles"]))):
        return of_kinds
    # Melds of honors (dragons, winds, ...): none without an honor held.
    none = lo == 0
    return lambda tally: of_kinds(tally) if tally.honors else none


def _count(params: Any) -> Test:
    """How many melds of a kind (and tile class) the arrangement holds: `min`, `max`, `exactly`."""
    lo, hi = count_range(params, {"melds", "tiles"})
    kinds = meld_kinds(params.get("melds", "set"))
    if "tiles" not in params:
        # Counted in C (no generator frame): every arrangement asks several of these.
        of_kind = kinds.__contains__
        return lambda ctx, unit: lo <= sum(map(of_kind, map(_KIND, ctx.melds))) <= hi
    tiles = tile_sets(params["tiles"])

    def test(ctx: Context, unit: Meld | None) -> bool:
        allowed = tiles(ctx.situation)  # the class's tiles for this seat and round, looked up once
        n = 0
        for m in ctx.melds:
            if m.kind in kinds:
                for tile in m.tiles:
                    if tile not in allowed:
                        break
                else:
                    n += 1
        return lo <= n <= hi

    return test


def _winning_in(params: Any) -> Test:
    """The winning tile stands in a meld of the given kind, e.g. the fourth tile of an exposed pung."""
    kinds = meld_kinds(params)
    return lambda ctx, unit: any(m.winning and m.kind in kinds for m in ctx.melds)


def _winning_in_tally(params: Any) -> Decide:
    return count_tally(meld_kinds(params), 1, 99, exact=False)


def _rule_ids(ids: Any) -> None:
    if not (isinstance(ids, list) and all(isinstance(x, str) for x in ids)):
        raise ParamError(f"must be a list of rule ids, got {as_written(ids)}", "except")


def _excepted(params: Any) -> frozenset[str]:
    """The rule ids `except` names (none for the bare flag)."""
    return frozenset(params["except"]) if isinstance(params, dict) else frozenset()


def _no_other_points(params: Any) -> Test:
    """No point line applies but those named (Part I: "no other score than Mah-Jongg", docs/rulings.md)."""
    allowed = _excepted(params)
    return lambda ctx, unit: allowed.issuperset(ctx.earlier)


_NOT_HEADS = tuple(i for i, t in enumerate(PLAYING_TILES) if not t.is_head)


def _single_heads_tally(tally: Tally) -> bool | None:
    # Thirteen different heads and one of them twice make no set (no three alike, no 2 to 8 for a run)
    # and hold every suit and honors.
    if tally.count(_SETS) or tally.suits != 3 or not tally.honors:
        return False
    return None


_SHAPE_TALLIES: dict[str, Decide] = {"single_heads": _single_heads_tally}  # by SHAPES name


def _shape_tally(params: Any) -> Decide | None:
    # The test holds when any of the shapes does (`_shape`).
    return any_tally([_SHAPE_TALLIES.get(n) for n in sorted(choice(params, tuple(SHAPES)))])


def _shape(params: Any) -> Test:
    names = choice(params, tuple(SHAPES))
    tests = [SHAPES[n] for n in sorted(names)]

    def test(ctx: Context, unit: Meld | None) -> bool:
        counts = list(ctx.counts)
        return any(t(counts, ctx.hand.fixed) for t in tests)

    return test


def _repeated_sets(params: Any) -> Test:
    """How many times a set repeats an identical one of the arrangement (two alike: once; four alike:
    twice). Example: riichi's iipeikou `{repeated_sets: {melds: chow, min: 1}}`, ryanpeikou `min: 2`."""
    lo, hi = count_range(params, {"melds"})
    kinds = meld_kinds(params.get("melds", "set"))

    def test(ctx: Context, unit: Meld | None) -> bool:
        seen: dict[tuple[Any, ...], int] = {}
        for m in ctx.melds:
            if m.kind in kinds:
                key = (m.kind is CHOW, m.tiles[0])
                seen[key] = seen.get(key, 0) + 1
        n = sum(c // 2 for c in seen.values())
        return lo <= n <= hi

    return test


def _repeated_sets_tally(params: Any) -> Decide:
    # Two alike repeat once: n sets of the kind repeat at most n // 2 times.
    lo, hi = count_range(params, {"melds"})
    kinds = meld_kinds(params.get("melds", "set"))
    return lambda tally: False if tally.count(kinds) // 2 < lo else None


def _most_repeats(params: dict[str, Any]) -> tuple[int, str]:
    """Counter.most of `repeated_sets`: n sets or pairs of the kind repeat at most n // 2 times."""
    most, why = most_melds("set")(params)
    return most // 2, f"{why}, and two alike repeat once"


def _in_every_suit_tally(params: Any) -> Decide:
    kinds = meld_kinds(params)
    return lambda tally: False if tally.count(kinds) < 3 or tally.suits < 3 else None


def _in_every_suit(params: Any) -> Test:
    """A set of this kind at the same rank in each of the three numbered suits (riichi's sanshoku:
    `{in_every_suit: chow}`, `{in_every_suit: pung_or_kong}`)."""
    kinds = meld_kinds(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        held: dict[int, set[Suit]] = {}
        for m in ctx.melds:
            tile = m.tiles[0]
            if m.kind in kinds and tile.suit.is_numbered:
                held.setdefault(tile.rank, set()).add(tile.suit)
        return any(len(suits) == 3 for suits in held.values())

    return test


# Each numbered suit's first tiles of 1-2-3, 4-5-6 and 7-8-9.
_STRAIGHTS = tuple(
    frozenset({PLAYING_TILES[lo], PLAYING_TILES[lo + 3], PLAYING_TILES[lo + 6]})
    for lo, _, numbered in BLOCKS
    if numbered
)


def _straight(params: Any) -> Test:
    """Chows 1-2-3, 4-5-6 and 7-8-9 of one suit (riichi's ittsu)."""

    def test(ctx: Context, unit: Meld | None) -> bool:
        starts = {m.tiles[0] for m in ctx.melds if m.kind is CHOW}
        return len(starts) >= 3 and any(run <= starts for run in _STRAIGHTS)

    return test


def _straight_tally(params: Any) -> Decide:
    return lambda tally: False if tally.count(_CHOWS) < 3 else None


def _every_meld_holds_tally(params: Any) -> Decide:
    # With no tile left single, an honor stands in a set or pair of honors: that holds a tile of the
    # class only if the class has honors.
    honors = any(t.is_honor for t in reach(tile_sets(params)))
    return lambda tally: False if tally.honors and not honors and not tally.count(_SINGLES) else None


def _all_heads_tally(params: Any) -> Decide:
    return only_tiles_tally(frozenset(t for t in PLAYING_TILES if t.is_head))


def _every_meld_holds(params: Any) -> Test:
    """Every set and the pair hold a tile of the class (riichi's chanta: heads; junchan: terminals)."""
    tiles = tile_sets(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        wanted = tiles(ctx.situation)
        for m in ctx.melds:  # noqa: SIM110 - a loop, not all(): no generator per arrangement
            if m.kind is not SINGLE and wanted.isdisjoint(m.tiles):
                return False
        return True

    return test


_EXCEPT = Keys(
    "takes `except: [rule ids]`",
    (("except", Custom(_rule_ids, {"type": "array", "items": {"type": "string"}})),),
    required=("except",),
)

CONDITIONS: dict[str, Condition] = {
    "only_place_to_win": Condition(_only_place, Flag(), HAND, "exactly one tile could have completed"),
    "no_sequences": Condition(
        _no_sequences, Flag(), HAND, "no chow in hand or on the table", tally=_no_sequences_tally
    ),
    "one_suit_with_honors": Condition(
        _one_suit_with_honors, Flag(), HAND, "one suit, with winds or dragons", tally=_suits_tally(1, True)
    ),
    "one_suit": Condition(_one_suit, Flag(), HAND, "one suit and nothing else", tally=_suits_tally(1, False)),
    "all_honors": Condition(_all_honors, Flag(), HAND, "only winds and dragons", tally=_suits_tally(0, True)),
    "all_heads": Condition(
        _all_heads, Flag(), HAND, "only ones, nines, winds and dragons", tally=_all_heads_tally
    ),
    "count": Condition(
        _count,
        Counter(
            "expects a mapping with melds and min/max/exactly",
            2,
            (
                ("melds", Choice(tuple(MELD_KINDS), "kind of meld to count")),
                ("tiles", Choice(TILE_CLASSES, "class of their tiles")),
            ),
            kinds_of=(("melds", meld_kinds), ("tiles", class_kinds)),
            most=most_melds("set"),
        ),
        HAND,
        "how many melds of a kind and tile class",
        reads=reads_tiles("tiles"),
        tally=_count_tally,
    ),
    "winning_in": Condition(
        _winning_in,
        Choice(tuple(MELD_KINDS), "kind of meld holding the winning tile"),
        HAND,
        "the winning tile stands in a meld of this kind",
        tally=_winning_in_tally,
        one_of=meld_kinds,  # one meld of an arrangement holds the winning tile (decomposition.py)
    ),
    "shape": Condition(
        _shape,
        Choice(tuple(SHAPES), "special shape of a limit hand"),
        HAND,
        "a special shape named by a limit hand",
        tally=_shape_tally,
    ),
    "repeated_sets": Condition(
        _repeated_sets,
        Counter(
            "expects a mapping with melds and min/max/exactly",
            1,
            (("melds", Choice(tuple(MELD_KINDS), "kind of set that repeats")),),
            most=_most_repeats,
        ),
        HAND,
        "how many sets repeat an identical one (two alike once, four alike twice)",
        tally=_repeated_sets_tally,
    ),
    "in_every_suit": Condition(
        _in_every_suit,
        Choice(tuple(MELD_KINDS), "kind of set"),
        HAND,
        "a set of this kind at the same rank in each numbered suit",
        tally=_in_every_suit_tally,
    ),
    "straight": Condition(
        _straight, Flag(), HAND, "chows 1-2-3, 4-5-6 and 7-8-9 of one suit", tally=_straight_tally
    ),
    "every_meld_holds": Condition(
        _every_meld_holds,
        Choice(TILE_CLASSES, "class of tile every set and pair holds"),
        HAND,
        "every set and the pair hold a tile of this class",
        reads=reads_tiles(),
        tally=_every_meld_holds_tally,
    ),
    "no_other_points": Condition(
        _no_other_points,
        FlagOr(_EXCEPT),
        HAND,
        "no other point line applies",
        deferred=True,
        names_rules=_excepted,
    ),
}
