"""Conditions on what lay on the table when the winning tile came (Part II "Penalties"): the sets
and tiles shown before the win, and the winning tile and set. The penalties' `when:` lists use them
("discarder pays for all"), as any rule may.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..hand import KONG, Meld
from ..situation import Situation
from ..tiles import Suit, Tile
from .base import (
    HAND,
    Boolean,
    Choice,
    Condition,
    Context,
    Counter,
    Decide,
    Keys,
    Test,
    choice,
    count_range,
    count_tally,
)
from .sets import WAITS, chow_wait, wait_kinds
from .tile_classes import (
    MELD_KINDS,
    MOST_TILES,
    TILE_CLASSES,
    class_kinds,
    meld_kinds,
    most_melds,
    optional_tiles,
    reads_tiles,
    tile_sets,
    tiles_test,
)


def _before_win(meld: Meld) -> tuple[Tile, ...]:
    """The tiles of a meld already complete before the winning tile came.

    A set holding the winning tile was completed by it (an exposed pung claimed to win was two tiles
    in the hand), except the fourth tile added to an exposed pung: those three lay on the table.
    """
    if not meld.winning:
        return meld.tiles
    return meld.tiles[1:] if meld.kind is KONG and meld.exposed else ()


def _on_table(meld: Meld) -> bool:
    # A kong declared face down lies on the table with its kind showing (two tiles face up).
    return meld.exposed or meld.declared


def sets_shown(on_table: bool) -> Callable[[Any], Test]:
    """Count sets of a kind and tile class; by default only those complete before the winning tile."""

    def build(params: Any) -> Test:
        lo, hi = count_range(params, {"melds", "tiles", "include_winning"})
        kinds = meld_kinds(params.get("melds", "set"))
        tiles = optional_tiles(params)
        include = params.get("include_winning", False)

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
    lo, hi = count_range(params, {"tiles", "same_suit", "include_winning"})
    tiles = optional_tiles(params)
    include = params.get("include_winning", False)
    same_suit = params.get("same_suit", False)

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
    """The set or pair holding the winning tile is of this kind (`melds`) and class (`tiles`), and, with
    `wait`, a chow filled that way (e.g. riichi's pinfu: `{melds: chow, wait: open}`, docs/riichi.md)."""
    kinds = meld_kinds(params.get("melds", list(MELD_KINDS)))
    tiles = optional_tiles(params)
    waits = choice(params["wait"], WAITS) if "wait" in params else None
    return lambda ctx, unit: any(
        m.winning
        and m.kind in kinds
        and all(tiles(t, ctx.situation) for t in m.tiles)
        and (waits is None or chow_wait(m, ctx.hand.winning_tile) in waits)
        for m in ctx.melds
    )


def _shown_tally(params: Any) -> Decide:
    lo, hi = count_range(params, {"melds", "tiles", "include_winning"})
    return count_tally(meld_kinds(params.get("melds", "set")), lo, hi, exact=False)


def _winning_meld_tally(params: Any) -> Decide:
    return count_tally(meld_kinds(params.get("melds", list(MELD_KINDS))), 1, 99, exact=False)


def _most_shown(params: dict[str, Any]) -> tuple[int, str]:
    """Counter.most of `exposed_tiles`: a hand's tiles; none where `same_suit` (a numbered suit's tiles)
    meets a `tiles:` class of no numbered tile (`honors`). `same_suit` is for Part II "Penalties" 2.1,
    "nine tiles or more of the same suit are exposed" (a hand "entirely one suit"; docs/settling.md)."""
    # In any seat and round: the situated classes hold only winds (tile_classes.SITUATED_CLASSES).
    if (
        params.get("same_suit")
        and "tiles" in params
        and not any(t.suit.is_numbered for t in tile_sets(params["tiles"])(Situation()))
    ):
        shown = params["tiles"]
        named = f"[{', '.join(map(str, shown))}]" if isinstance(shown, list) else shown
        return 0, f"same_suit: true counts one numbered suit, and tiles: {named} holds none"
    return MOST_TILES, f"a hand holds at most {MOST_TILES} tiles"


def _include(doc: str) -> Boolean:
    return Boolean(doc)


_SHOWN = Counter(
    "expects a mapping with melds, tiles and min/max/exactly",
    1,
    (
        ("melds", Choice(tuple(MELD_KINDS), "kind of set to count")),
        ("tiles", Choice(TILE_CLASSES, "class of their tiles")),
        ("include_winning", _include("count the winning set too")),
    ),
    kinds_of=(("melds", meld_kinds), ("tiles", class_kinds)),
    most=most_melds("set"),
)
_TILES = reads_tiles("tiles")  # a `tiles:` class in a mapping of parameters

CONDITIONS: dict[str, Condition] = {
    "exposed_sets": Condition(
        sets_shown(True),
        _SHOWN,
        HAND,
        "how many sets of a kind lay on the table before the win",
        reads=_TILES,
        tally=_shown_tally,
    ),
    "sets_before_win": Condition(
        sets_shown(False),
        _SHOWN,
        HAND,
        "how many sets of a kind were complete before the win",
        reads=_TILES,
        tally=_shown_tally,
    ),
    "exposed_tiles": Condition(
        exposed_tiles,
        Counter(
            "expects a mapping with tiles and min/max/exactly",
            1,
            (
                ("tiles", Choice(TILE_CLASSES, "class of the tiles to count")),
                ("include_winning", _include("count the set the winning tile made")),
                (
                    "same_suit",
                    Boolean("count the fullest numbered suit only"),
                ),
            ),
            most=_most_shown,
        ),
        HAND,
        "how many tiles of a class (one suit) lay on the table",
        reads=_TILES,
    ),
    "winning_tile": Condition(
        winning_tile,
        Choice(TILE_CLASSES, "class of the winning tile"),
        HAND,
        "the winning tile is of this class",
        reads=reads_tiles(),
    ),
    "winning_meld": Condition(
        winning_meld,
        Keys(
            "expects a mapping with melds and/or tiles",
            (
                ("melds", Choice(tuple(MELD_KINDS), "kind of the set or pair holding the winning tile")),
                ("tiles", Choice(TILE_CLASSES, "class of its tiles")),
                ("wait", Choice(WAITS, "a chow filled in the middle/only end (closed) or open end")),
            ),
            min_properties=1,
            kinds_of=(("melds", meld_kinds), ("tiles", class_kinds), ("wait", wait_kinds)),
        ),
        HAND,
        "the set or pair with the winning tile is of this kind",
        reads=_TILES,
        tally=_winning_meld_tally,
    ),
}
