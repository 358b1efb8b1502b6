"""Conditions on one set or pair (a `set` or `pair` rule's unit): its kind, its tiles, how it lies.

Every one is local: it reads only its unit (the fields it declares in `unit_reads`), the situation
and the winning tile, so scoring remembers a set's lines (plan.Plan).
"""

from __future__ import annotations

from typing import Any

from ..hand import CHOW, Meld, MeldKind
from ..tiles import Tile
from .base import UNIT, Choice, Condition, Context, Flag, Test, choice, lies_exposed, reads
from .tile_classes import (
    MELD_KINDS,
    TILE_CLASSES,
    class_kinds,
    class_values,
    meld_kinds,
    reads_tiles,
    tile_sets,
)

WAITS = ("closed", "open")
_CHOWS = MELD_KINDS["chow"]


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
    return lambda ctx, unit: unit is not None and lies_exposed(unit, ctx.situation.win_by)


def _concealed(params: Any) -> Test:
    return lambda ctx, unit: unit is not None and not lies_exposed(unit, ctx.situation.win_by)


def _completes(params: Any) -> Test:
    return lambda ctx, unit: unit is not None and unit.winning


def chow_wait(unit: Meld, win: Tile | None) -> str | None:
    """Where the winning tile filled a chow that holds it: `closed` (middle, or the only open end, as
    1-2 waiting for 3) or `open` (either end of two in a row); Part II "Scoring Values". None: the unit
    is no chow holding the winning tile."""
    if unit.kind is not CHOW or not unit.winning or win is None:
        return None
    low, high = unit.tiles[0].rank, unit.tiles[2].rank
    closed = win.rank == low + 1 or (win.rank == high and low == 1) or (win.rank == low and high == 9)
    return "closed" if closed else "open"


def wait_kinds(params: Any) -> frozenset[MeldKind]:
    """The kinds of set a `wait` can hold for: a chow's (chow_wait: a unit that is no chow has no wait)."""
    return _CHOWS


def _wait(params: Any) -> Test:
    """The chow's wait is one of those named (chow_wait)."""
    wanted = choice(params, WAITS)

    def test(ctx: Context, unit: Meld | None) -> bool:
        return unit is not None and chow_wait(unit, ctx.hand.winning_tile) in wanted

    return test


CONDITIONS: dict[str, Condition] = {
    "meld": Condition(
        _meld,
        Choice(tuple(MELD_KINDS), "kind of set or pair"),
        UNIT,
        "the set or pair is of this kind",
        local=True,
        unit_reads=frozenset({"kind"}),
        one_of=meld_kinds,
        kinds=meld_kinds,
    ),
    "tiles": Condition(
        _tiles,
        Choice(TILE_CLASSES, "class every tile belongs to"),
        UNIT,
        "every tile of the set or pair is of this class",
        local=True,
        reads=reads_tiles(),
        unit_reads=frozenset({"tiles"}),
        tile_reads=True,  # `_tiles`: the seat and round only class the unit's own tiles
        one_of=class_values,
        kinds=class_kinds,
    ),
    "exposed": Condition(
        _exposed,
        Flag(),
        UNIT,
        "on the table or completed by a discard",
        local=True,
        reads=reads("win_by"),  # a pair completed by a discard lies exposed (lies_exposed)
        unit_reads=frozenset({"exposed", "winning"}),
    ),
    "concealed": Condition(
        _concealed,
        Flag(),
        UNIT,
        "in the hand (or a kong declared face down)",
        local=True,
        reads=reads("win_by"),
        unit_reads=frozenset({"exposed", "winning"}),
    ),
    "completes_hand": Condition(
        _completes, Flag(), UNIT, "holds the winning tile", local=True, unit_reads=frozenset({"winning"})
    ),
    "wait": Condition(
        _wait,
        Choice(WAITS, "where a chow was filled"),
        UNIT,
        "a chow filled in the middle/only end (closed) or open end",
        local=True,
        unit_reads=frozenset({"kind", "tiles", "winning", "winning_tile"}),
        one_of=lambda params: choice(params, WAITS),
        kinds=wait_kinds,
    ),
}
