"""Counts a rule may be paid per (`per:` in a rule): tiles held that indicators point to.

Riichi's dora (docs/riichi.md "Dora", RCR 2016 §2.7): an indicator turned on the dead wall shows the
next tile in order, and each such tile held is worth the rule's value once. The order wraps within a
suit (9 to 1), the winds (East, South, West, North, East) and the dragons (white, green, red, white).
`{indicated: dora}` counts for the `--dora` indicators, `{indicated: ura}` for `--ura`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from ..tiles import BLOCKS, PLAYING_TILES, Suit, Tile
from .base import Choice, Context, Reads, Spec, choice

_INDICATORS = ("dora", "ura")  # the stated facts (engine/situation.py) that hold indicator tiles
_DRAGON_ORDER = ("Wd", "Gd", "Rd")  # white, green, red (RCR 2016 §2.7)


def _next_index(tile: Tile) -> int:
    """The index (Tile.index) of the tile an indicator shows."""
    if tile.suit is Suit.DRAGONS:
        at = _DRAGON_ORDER.index(tile.code)
        code = _DRAGON_ORDER[(at + 1) % 3]
        return next(t.index for t in PLAYING_TILES if t.code == code)
    lo, hi, _ = next(block for block in BLOCKS if block[0] <= tile.index < block[1])
    return lo + (tile.index - lo + 1) % (hi - lo)


NEXT: dict[Tile, int] = {t: _next_index(t) for t in PLAYING_TILES}
INDICATORS = _INDICATORS  # the stated facts an `indicated` count reads


def unshown(indicators: tuple[Tile, ...], counts: tuple[int, ...]) -> tuple[tuple[Tile, Tile], ...]:
    """Each indicator the hand (`counts`, Hand.counts) holds, once, whose tile shown it holds none of, with
    that tile, in the order given (scoring's note of them: docs/riichi.md "Dora").

    Only an indicator held: the slip it shows is a player typing the dora he holds (`--dora 9d` meaning
    9d), and an indicator neither held nor showing a tile held is most hands' dora, nothing to say."""
    found: dict[Tile, Tile] = {}
    for tile in indicators:
        shown = NEXT[tile]
        if counts[tile.index] and not counts[shown]:
            found.setdefault(tile, PLAYING_TILES[shown])  # PLAYING_TILES in index order
    return tuple(found.items())


Count = Callable[[Context], int]


def _indicated(params: Any) -> Count:
    """How many tiles held (every tile of the hand, kongs' four) the stated indicators point to; a list
    of them (`[dora, ura]`, as the spec allows) counts each one's."""
    indicators = attrgetter(*sorted(choice(params, _INDICATORS)))
    one = isinstance(params, str) or len(set(params)) == 1

    def count(ctx: Context) -> int:
        counts = ctx.counts
        n = 0
        for tiles in (indicators(ctx.situation),) if one else indicators(ctx.situation):
            for tile in tiles:  # a loop, not sum(): no generator per arrangement
                n += counts[NEXT[tile]]
        return n

    return count


# Never compared, hashed or shown: a `per:` counter, found by name (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Counter:
    """A `per:` entry: how to build the count, its parameters, what it reads, what it means."""

    build: Callable[[Any], Count]
    spec: Spec
    doc: str
    reads: Reads
    # It counts the tiles of the one fact it reads: nothing when that fact is not given (Rule.requires).
    of_fact: bool = False


COUNTERS: dict[str, Counter] = {
    "indicated": Counter(
        _indicated,
        Choice(_INDICATORS, "the stated indicators"),
        "each tile held that an indicator points to (the next tile in order)",
        lambda params: frozenset(params if isinstance(params, list) else [params]) & frozenset(_INDICATORS),
        of_fact=True,
    ),
}
