"""Conditions on which tiles a hand holds, named in the ruleset: tile lists and one-suit patterns.

- Tile lists: a parameter may name tile classes (`terminals`, `dragons`, ...) and single tiles by
  their notation (`2b`, `Gd`), so a ruleset defines its own classes, e.g. the green tiles of a
  "jade" hand: `{all_tiles: [2b, 3b, 4b, 6b, 8b, Gd]}`, or one named winning tile: `{won_with: 5d}`.
- Patterns in one suit: how many tiles of each rank 1-9 a hand holds in a single numbered suit,
  optionally with one extra tile of some ranks and with given other tiles once each. The "nine
  gates" (1112345678999 and one more) is `{suit_pattern: {ranks: [3,1,1,1,1,1,1,1,3], extra:
  [2,3,4,5,6,7,8]}}`. A pattern is also a special shape: a hand that matches it wins even when it
  does not make four sets and a pair (or not within the ruleset's `max_chows`).
- Knitted hands and seven pairs: special shapes of one rank in several suits, or of pairs.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import sub
from typing import Any

from ..decomposition import Shape
from ..errors import NotationError, as_written, closest
from ..hand import Meld
from ..notation import parse
from ..situation import Situation
from ..tiles import BLOCKS, PLAYING_TILES, Tile, Wind
from .base import HAND, Condition, Context, Custom, Decide, ParamError, Problems, Tally, Test, unknown_keys
from .tile_classes import MELD_KINDS, TILE_CLASSES, only_tiles_tally, reach, tile_sets

_TileSet = Callable[[Situation], frozenset[Tile]]


def _tile(code: str) -> Tile:
    """One playing tile from its notation, e.g. `5d`."""
    why = ""
    try:
        groups = parse(code).groups
    except NotationError as error:  # the notation's own reason: `10d`, ranks are 1-9
        groups = ()
        why = ": " + error.message.removeprefix(f"{code} is not a tile group: ")
    if len(groups) != 1 or len(groups[0].tiles) != 1 or groups[0].marker.value or groups[0].tiles[0].is_bonus:
        # A near class name (`terminal`) is told before the notation's reading of it as tiles.
        hint = closest(code, list(TILE_CLASSES)) or why
        if not hint and groups:
            hint = ": a tile list names one tile an item, without a marker, and no bonus tile"
        raise ParamError(
            f"{code!r} is neither a tile class ({', '.join(TILE_CLASSES)}) nor a playing tile{hint}"
        )
    return groups[0].tiles[0]


def tile_list(params: Any) -> _TileSet:
    """The tiles named by classes and/or tile codes (a name or a list), per seat and round."""
    items = params if isinstance(params, list) else [params]
    if not items or not all(isinstance(x, str) for x in items):
        raise ParamError(f"expects tile classes or tiles (a name or a list), got {as_written(params)}")
    names = [x for x in items if x in TILE_CLASSES]
    problems = Problems()  # every item that is neither, at once
    codes = frozenset(problems.check(_tile, x) for x in items if x not in TILE_CLASSES)
    problems.done()
    if not names:
        return lambda s: codes
    classes = tile_sets(names)
    if not codes:
        return classes
    # One set per set of classes (tile_sets keeps one per seat and round): the same object each time.
    joined: dict[frozenset[Tile], frozenset[Tile]] = {}

    def of(s: Situation) -> frozenset[Tile]:
        named = classes(s)
        found = joined.get(named)
        if found is None:
            found = joined[named] = named | codes
        return found

    return of


def _all_tiles(params: Any) -> Test:
    """Every playing tile of the hand is in the list (bonus tiles aside).

    Example: `{all_tiles: terminals}` ("heads and tails"); `{all_tiles: [2b, 3b, 4b, 6b, 8b, Gd]}`.
    """
    tiles = tile_list(params)
    outside: dict[frozenset[Tile], tuple[int, ...]] = {}  # the tiles not in the list, by the list

    def test(ctx: Context, unit: Meld | None) -> bool:
        allowed = tiles(ctx.situation)
        others = outside.get(allowed)
        if others is None:
            others = outside[allowed] = tuple(i for i, t in enumerate(PLAYING_TILES) if t not in allowed)
        return not any(map(ctx.counts.__getitem__, others))  # none held, counted in C

    return test


def _all_tiles_tally(params: Any) -> Decide:
    return only_tiles_tally(reach(tile_list(params)))


def _won_with(params: Any) -> Test:
    """The winning tile is in the list. Example: `{won_with: 5d}` (the five of dots)."""
    tiles = tile_list(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        win = ctx.hand.winning_tile
        return win is not None and win in tiles(ctx.situation)

    return test


# --- patterns in one suit ------------------------------------------------------------------

_PATTERN_KEYS = {"ranks", "extra", "with", "concealed", "extra_wins"}


def _ranks(value: Any, what: str, length: int | None) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
        raise ParamError(f"must be a list of whole numbers, got {as_written(value)}", what)
    if length is not None and (len(value) != length or not all(0 <= x <= 4 for x in value)):
        raise ParamError("must give nine counts (ranks 1 to 9), each 0 to 4", what)
    if length is None and not all(1 <= x <= 9 for x in value):
        raise ParamError("must list ranks 1 to 9", what)
    return tuple(value)


def _pattern(params: Any) -> tuple[tuple[int, ...], frozenset[int], tuple[Tile, ...], bool, bool]:
    """(rank counts, ranks the extra tile may have, other tiles held once each, concealed, extra wins);
    every problem of the mapping refused at once (Problems)."""
    wanted = f"expects a mapping with ranks (and {', '.join(sorted(_PATTERN_KEYS - {'ranks'}))})"
    if not isinstance(params, dict):
        raise ParamError(wanted)
    problems = Problems()
    problems.check(unknown_keys, params, _PATTERN_KEYS)
    if "ranks" not in params:
        problems.add(wanted)
    ranks = problems.check(_ranks, params.get("ranks", [0] * 9), "ranks", 9)
    extra = frozenset(problems.check(_ranks, params.get("extra", []), "extra", None, default=()))
    with_tiles = problems.check(_with_tiles, params.get("with", []), default=())
    flags = [params.get(k, False) for k in ("concealed", "extra_wins")]
    for key, value in zip(("concealed", "extra_wins"), flags, strict=True):
        if not isinstance(value, bool):
            problems.add(f"must be true or false, got {as_written(value)}", key)
    if flags[1] is True and not extra and all(problem.param != "extra" for problem in problems.found):
        problems.add("needs extra ranks (extra: [...])", "extra_wins")
    problems.done()
    return ranks, extra, with_tiles, flags[0], flags[1]


def _with_tiles(others: Any) -> tuple[Tile, ...]:
    """A pattern's `with`: other tiles held once each, each a playing tile."""
    if not isinstance(others, list) or not all(isinstance(x, str) for x in others):
        raise ParamError(f"must be a list of tiles, got {as_written(others)}", "with")
    problems = Problems()
    tiles = tuple(problems.check(_tile, x) for x in others)
    for problem in problems.found:  # a tile of `with`, said as its parameter's
        problem.param = "with"
    problems.done()
    return tiles


def _extra_rank(
    counts: list[int] | tuple[int, ...],
    ranks: tuple[int, ...],
    extra: frozenset[int],
    others: tuple[Tile, ...],
) -> int | None:
    """The matched suit's extra rank (0 when the pattern has none), or None when the counts do not match."""
    if sum(counts) != sum(ranks) + len(others) + (1 if extra else 0):
        return None  # the pattern's own size: asked of every tile that could come (waits)
    rest = list(counts)
    for tile in others:
        if rest[tile.index] != 1:
            return None
        rest[tile.index] = 0
    # The one block held must be a numbered suit (asked of every tile that could come: loops, in C
    # where they can be, no list or generator made for each).
    lo = None
    for start, end, numbered in BLOCKS:
        if any(rest[start:end]):
            if lo is not None or not numbered:
                return None
            lo = start
    if lo is None:
        return None
    diff = list(map(sub, rest[lo : lo + 9], ranks))
    if min(diff) < 0:
        return None
    if not extra:
        return 0 if not any(diff) else None
    if sum(diff) != 1:
        return None
    rank = diff.index(1) + 1
    return rank if rank in extra else None


def _suit_pattern(params: Any) -> Test:
    """The hand is the pattern: see the module docstring. `concealed: true` wants nothing declared or
    exposed before the win; `extra_wins: true` wants the winning tile to be the extra one."""
    ranks, extra, others, concealed, extra_wins = _pattern(params)

    # With honors alone beside it, the pattern's hand holds one numbered suit (Hand.suits).
    one_suit = all(tile.is_honor for tile in others)

    def test(ctx: Context, unit: Meld | None) -> bool:
        if concealed and ctx.hand.fixed or one_suit and ctx.hand.suits[0] != 1:
            return False
        rank = _extra_rank(ctx.counts, ranks, extra, others)
        if rank is None:
            return False
        win = ctx.hand.winning_tile
        return not extra_wins or (win is not None and not win.is_honor and win.rank == rank)

    return test


def _suit_pattern_tally(params: Any) -> Decide:
    # The pattern's hand holds its one numbered suit, and the suits and honors of its other tiles.
    _, _, others, concealed, _ = _pattern(params)
    suits = 1 + len({t.suit for t in others if t.suit.is_numbered})
    honors = any(t.is_honor for t in others)

    def decide(tally: Tally) -> bool | None:
        if concealed and tally.opened or not 1 <= tally.suits <= suits or tally.honors and not honors:
            return False
        return None

    return decide


_NUMBERED_TILES = tuple(i for lo, hi, numbered in BLOCKS if numbered for i in range(lo, hi))


def _suit_pattern_shape(params: Any) -> Shape:
    """The pattern as a special shape (whole-hand counts and the fixed sets)."""
    ranks, extra, others, concealed, _ = _pattern(params)
    other_tiles = tuple(tile.index for tile in others)
    # An honor held that is none of the pattern's others stays in the hand whatever tile comes.
    stray_honors = tuple(
        i for lo, hi, numbered in BLOCKS if not numbered for i in range(lo, hi) if i not in other_tiles
    )

    def shape(counts: list[int], fixed: tuple[Meld, ...]) -> bool:
        return not (concealed and fixed) and _extra_rank(counts, ranks, extra, others) is not None

    def near(counts: list[int]) -> list[int]:
        if any(map(counts.__getitem__, stray_honors)):
            return []
        # The last tile is of the one suit held (any suit when none is), or one of the pattern's others.
        suits = [range(lo, hi) for lo, hi, numbered in BLOCKS if numbered and any(counts[lo:hi])]
        if len(suits) > 1:
            return []
        return [*(suits[0] if suits else _NUMBERED_TILES), *other_tiles]

    return Shape(shape, near, concealed)


# --- knitted hands and seven pairs -----------------------------------------------------------

_NUMBERED = tuple(lo for lo, _, numbered in BLOCKS if numbered)


def _knit_params(params: Any) -> tuple[int, int]:
    """(triples, pairs) of a knitted hand: `{triples: 4, pairs: 1}`, fourteen tiles in all."""
    if not isinstance(params, dict):
        raise ParamError("expects a mapping with triples and pairs")
    problems = Problems()  # every problem at once
    problems.check(unknown_keys, params, {"triples", "pairs"})
    triples, pairs = params.get("triples", 0), params.get("pairs", 0)
    for key, value in (("triples", triples), ("pairs", pairs)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.add(f"must be a whole number of 0 or more, got {as_written(value)}", key)
    if not problems.found and 3 * triples + 2 * pairs != 14:
        problems.add("triples and pairs must make fourteen tiles (3 x triples + 2 x pairs)")
    problems.done()
    return triples, pairs


def _is_knitted(counts: list[int] | tuple[int, ...], triples: int, pairs: int) -> bool:
    """Knitted sets: a triple is one rank in all three suits, a pair one rank in two suits (all the
    pairs in the same two suits); no honors. Every possible triple is taken first, as Kajongg does."""
    if any(counts[27:34]):
        return False
    found_triples = 0
    pair_suits: set[tuple[int, ...]] = set()
    found_pairs = 0
    for rank in range(9):
        here = [counts[lo + rank] for lo in _NUMBERED]
        common = min(here)
        found_triples += common
        rest = [n - common for n in here]
        held = tuple(i for i, n in enumerate(rest) if n)
        if not held:
            continue
        if len(held) != 2 or rest[held[0]] != rest[held[1]]:
            return False
        found_pairs += rest[held[0]]
        pair_suits.add(held)
    return found_triples == triples and found_pairs == pairs and len(pair_suits) <= 1


def _knitted(params: Any) -> Test:
    """A knitted hand, nothing declared. Examples: "knitting" `{knitted: {pairs: 7}}`, "triple
    knitting" `{knitted: {triples: 4, pairs: 1}}` (Kajongg's BMJA half-limit hands)."""
    triples, pairs = _knit_params(params)
    return lambda ctx, unit: not ctx.hand.fixed and _is_knitted(ctx.counts, triples, pairs)


def _knitted_shape(params: Any) -> Shape:
    triples, pairs = _knit_params(params)
    return Shape(
        lambda counts, fixed: not fixed and _is_knitted(counts, triples, pairs),
        near=lambda counts: _NUMBERED_TILES,  # a knitted hand holds no honors
        concealed=True,
    )


def _is_seven_pairs(counts: list[int] | tuple[int, ...], allowed: frozenset[Tile]) -> bool:
    # Counted in C first: the waits ask this of every tile that could come (decomposition.waits).
    if counts.count(2) != 7 or counts.count(0) != len(counts) - 7:
        return False
    return all(PLAYING_TILES[i] in allowed for i, n in enumerate(counts) if n)


def _pair_tiles(params: Any) -> frozenset[Tile]:
    """The tiles of a seven-pairs shape: a shape is judged without a seat, so no seat's classes."""
    tiles = tile_list(params)
    if any(tiles(Situation()) != tiles(Situation(seat=w, round=w)) for w in Wind):
        raise ParamError("a shape's tiles cannot depend on the seat or round")
    return tiles(Situation())


def _seven_pairs(params: Any) -> Test:
    """Seven different pairs, every tile of the list, nothing declared. Example: "all pair honors"
    `{seven_pairs: heads}` (pairs of ones, nines, winds and dragons)."""
    tiles = _pair_tiles(params)
    return lambda ctx, unit: not ctx.hand.fixed and _is_seven_pairs(ctx.counts, tiles)


def _seven_pairs_tally(params: Any) -> Decide:
    # Seven different pairs hold no three alike, and only the list's tiles.
    only = only_tiles_tally(_pair_tiles(params))
    alike = MELD_KINDS["pung_or_kong"]
    return lambda tally: False if tally.count(alike) else only(tally)


def _seven_pairs_shape(params: Any) -> Shape:
    tiles = _pair_tiles(params)
    return Shape(
        lambda counts, fixed: not fixed and _is_seven_pairs(counts, tiles),
        # Six pairs and a single before the last tile: it pairs the single.
        near=lambda counts: (counts.index(1),) if counts.count(1) == 1 else (),
        concealed=True,
    )


_TILE_LIST = {
    "description": "tile classes and/or tiles in notation (e.g. 2b, Gd)",
    "anyOf": [{"type": "string"}, {"type": "array", "minItems": 1, "items": {"type": "string"}}],
}
_SUIT_PATTERN = {
    "type": "object",
    "additionalProperties": False,
    "required": ["ranks"],
    "properties": {
        "ranks": {
            "type": "array",
            "minItems": 9,
            "items": {"type": "integer", "minimum": 0, "maximum": 4},
            "description": "how many tiles of each rank 1-9 the suit holds",
        },
        "extra": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1, "maximum": 9},
            "description": "ranks one extra tile may have",
        },
        "with": {"type": "array", "items": {"type": "string"}, "description": "tiles held once each"},
        "concealed": {"type": "boolean", "description": "nothing declared or exposed"},
        "extra_wins": {"type": "boolean", "description": "the extra tile is the winning tile"},
    },
}
_KNITTED = {
    "type": "object",
    "additionalProperties": False,
    "minProperties": 1,
    "properties": {
        "triples": {"type": "integer", "minimum": 0, "description": "one rank in all three suits"},
        "pairs": {"type": "integer", "minimum": 0, "description": "one rank in two suits"},
    },
}

CONDITIONS: dict[str, Condition] = {
    "all_tiles": Condition(
        _all_tiles,
        Custom(tile_list, _TILE_LIST),
        HAND,
        "every tile is of these classes or tiles",
        tally=_all_tiles_tally,
    ),
    # Not local: it reads the winning tile whatever set holds it (plan.py keys remembered lines by
    # the winning tile only for the set that holds it).
    "won_with": Condition(
        _won_with, Custom(tile_list, _TILE_LIST), HAND, "the winning tile is one of these classes or tiles"
    ),
    "suit_pattern": Condition(
        _suit_pattern,
        Custom(_pattern, _SUIT_PATTERN),
        HAND,
        "the tiles of one suit make this pattern of ranks",
        tally=_suit_pattern_tally,
    ),
    "knitted": Condition(
        _knitted,
        Custom(_knit_params, _KNITTED),
        HAND,
        "knitted triples and pairs: one rank in three or two suits",
    ),
    "seven_pairs": Condition(
        _seven_pairs,
        Custom(_pair_tiles, _TILE_LIST),
        HAND,
        "seven different pairs of these tiles",
        tally=_seven_pairs_tally,
    ),
}
# Conditions that are also special shapes: name -> build the shape test from the parameters.
PATTERN_SHAPES: dict[str, Callable[[Any], Shape]] = {
    "suit_pattern": _suit_pattern_shape,
    "knitted": _knitted_shape,
    "seven_pairs": _seven_pairs_shape,
}
