"""Conditions on what lay on the table when the winning tile came (Part II "Penalties"): the sets
and tiles shown before the win, and the winning tile and set. The penalties' `when:` lists use them
("discarder pays for all"), as any rule may.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .condition_base import (
    MELD_KINDS,
    Context,
    ParamError,
    Test,
    count_range,
    meld_kinds,
    optional_tiles,
    tiles_test,
)
from .hand import Meld, MeldKind
from .tiles import Suit, Tile


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


def sets_shown(on_table: bool) -> Callable[[Any], Test]:
    """Count sets of a kind and tile class; by default only those complete before the winning tile."""

    def build(params: Any) -> Test:
        if not isinstance(params, dict):
            raise ParamError("expects a mapping with melds, tiles and min/max/exactly")
        lo, hi = count_range(params, {"melds", "tiles", "include_winning"})
        kinds = meld_kinds(params.get("melds", "set"))
        tiles = optional_tiles(params)
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


def exposed_tiles(params: Any) -> Test:
    """Count tiles of a class lying on the table; `same_suit: true` counts the fullest numbered suit."""
    if not isinstance(params, dict):
        raise ParamError("expects a mapping with tiles and min/max/exactly")
    lo, hi = count_range(params, {"tiles", "same_suit", "include_winning"})
    tiles = optional_tiles(params)
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


def winning_tile(params: Any) -> Test:
    """The winning tile is of this class (e.g. the dragon that gives the third set of dragons)."""
    test = tiles_test(params)
    return lambda ctx, unit: ctx.hand.winning_tile is not None and test(ctx.hand.winning_tile, ctx.situation)


def winning_meld(params: Any) -> Test:
    """The set or pair holding the winning tile is of this kind (`melds`) and class (`tiles`)."""
    if not isinstance(params, dict) or not params or set(params) - {"melds", "tiles"}:
        raise ParamError("expects a mapping with melds and/or tiles")
    kinds = meld_kinds(params.get("melds", list(MELD_KINDS)))
    tiles = optional_tiles(params)
    return lambda ctx, unit: any(
        m.winning and m.kind in kinds and all(tiles(t, ctx.situation) for t in m.tiles) for m in ctx.melds
    )
