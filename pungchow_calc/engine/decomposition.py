"""Split concealed tiles into sets and a pair in every possible way, and find a hand's waits; the special
shapes that are no sets (single heads).

Counts are split in independent blocks (each numbered suit, the honors) and every block's
decompositions are memoised, so a hand with many arrangements still takes microseconds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

from .cache import BoundedCache
from .hand import CHOW, KONG, PAIR, PUNG, SINGLE, Hand, Meld, MeldKind, meld
from .tiles import ALL_TILES, BLOCKS, PLAYING_TILES, Tile

# Each remembered block table holds at most this many blocks (least recently used go first): a long
# batch meets some thousands per 100,000 hands. Measured on a 1,000,000-line batch (README "Speed"):
# 8,192 keeps its memory level after the first 400,000 lines (66 MB at the end) for 4% more time than
# 65,536, where it was still growing at the end (81 MB); 4,096 held it at 58 MB for 12% more time.
BLOCK_TABLES = 8192

# A shape test for special limit hands (e.g. "single heads"): whole-hand counts and fixed sets.
ShapeTest = Callable[[list[int], tuple[Meld, ...]], bool]
# The tiles (indexes) that might complete a special shape, given the counts held before the last one
# came: the waits try these alone, not every tile (the answer stays the shape test's own).
Near = Callable[[list[int]], Iterable[int]]
EVERY_TILE: tuple[int, ...] = tuple(range(len(PLAYING_TILES)))


# Never compared, hashed or shown: a special shape, its test a function (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Shape:
    """A special shape: its test, the tiles worth trying as the last one (default: every tile), and
    whether it is made only with nothing fixed (its test is false whenever a group is marked: the waits
    then skip it)."""

    test: ShapeTest
    near: Near = lambda counts: EVERY_TILE
    concealed: bool = False

    def __call__(self, counts: list[int], fixed: tuple[Meld, ...]) -> bool:
        """Whether the tiles (counts) and the fixed sets make the shape."""
        return self.test(counts, fixed)


def _single_heads_shape(counts: list[int], fixed: tuple[Meld, ...]) -> bool:
    """Thirteen different heads, one of them paired (Part II, limit hand 1)."""
    if fixed or sum(counts) != 14:
        return False
    heads = list(map(counts.__getitem__, _HEADS))
    return 0 not in heads and heads.count(2) == 1  # 13 held, one twice: the 14th is a head too


_HEADS = tuple(i for i, t in enumerate(PLAYING_TILES) if t.is_head)


def _heads_near(counts: list[int]) -> tuple[int, ...]:
    """The last tile of single heads is a head, and so is every tile before it: with a head held twice,
    the one head missing; with none twice, any head."""
    heads = list(map(counts.__getitem__, _HEADS))
    if sum(counts) != sum(heads) or max(heads) > 2:
        return ()
    twice = heads.count(2)
    if twice == 0:
        return _HEADS
    return tuple(i for i, n in zip(_HEADS, heads, strict=True) if not n) if twice == 1 else ()


# The special shapes a ruleset names by name (conditions/whole.py `shape`); here, below the conditions,
# so that the facts a win cannot have (situation.py) may ask for them too.
SHAPES = {"single_heads": Shape(_single_heads_shape, near=_heads_near, concealed=True)}


# A set or pair of the pool in a split, as one number: its kind's base plus the index (within the 34) of
# its lowest tile. Numbers hash and compare in C, and the melds they make are looked up by them. A block's
# splits (_block) are numbered so from the start, given the index of the block's lowest tile.
_Placed = int
_CHOW_PART, _PUNG_PART, _PAIR_PART = 0, 34, 68
_PARTS = 102  # part numbers run below this: a part and where it is shown make one number


def _block(counts: Sequence[int], numbered: bool, pair: bool, lo: int = 0) -> tuple[tuple[_Placed, ...], ...]:
    """Every way to split one block (starting at index `lo` of the 34) into pungs, chows and (if `pair`)
    exactly one pair."""
    found: list[tuple[_Placed, ...]] = []
    size = len(counts)
    # A held count past the end stops the search for the lowest tile held without a test of the index.
    _walk([*counts, 1], 0, size, size - 2 if numbered else 0, pair, lo, [], found, _PUNG_FIRST)
    return tuple(found)


# What the lowest tile held may still start, when the part before started there too (_walk).
_PUNG_FIRST, _PAIR_FIRST, _CHOW_ONLY = 0, 1, 2


def _walk(
    counts: list[int],
    i: int,
    size: int,
    chows_below: int,
    pair: bool,
    lo: int,
    parts: list[_Placed],
    found: list[tuple[_Placed, ...]],
    after: int,
) -> None:
    """Add to `found` each split of what is left of `counts` (from index `i` up), after `parts`: the
    lowest tile held starts a pung, then the pair, then a chow (below `chows_below`), each in turn, and
    the rest is split the same way. The parts starting at one tile come pungs first, then the pair, then
    chows (`after`: what the part before was, if it started at `i` too): four alike beside a chow make a
    pung and a chow once, not again as a chow and a pung, the same split in another order (every split
    is tried, docs/rulings.md#winning-tile-placement; the order of its sets changes no score)."""
    start = i
    while not counts[i]:
        i += 1
    if i == size:  # nothing left
        if not pair:
            found.append(tuple(parts))
        return
    if i != start:
        after = _PUNG_FIRST
    held = counts[i]
    if held >= 3 and after == _PUNG_FIRST:
        counts[i] = held - 3
        parts.append(_PUNG_PART + lo + i)
        _walk(counts, i, size, chows_below, pair, lo, parts, found, _PUNG_FIRST)
        parts.pop()
        counts[i] = held
    if pair and held >= 2 and after != _CHOW_ONLY:
        counts[i] = held - 2
        parts.append(_PAIR_PART + lo + i)
        _walk(counts, i, size, chows_below, False, lo, parts, found, _PAIR_FIRST)
        parts.pop()
        counts[i] = held
    if i < chows_below and counts[i + 1] and counts[i + 2]:
        counts[i] = held - 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        parts.append(_CHOW_PART + lo + i)
        _walk(counts, i, size, chows_below, pair, lo, parts, found, _CHOW_ONLY)
        parts.pop()
        counts[i] = held
        counts[i + 1] += 1
        counts[i + 2] += 1


def _splittable(block: Sequence[int], numbered: bool, pair: bool) -> bool:
    """Whether one block (left as it is) splits into sets (and exactly one pair if `pair`):
    `bool(_block(...))`, answered without listing the ways (a property test holds the two equal),
    since finding the waits asks it of every tile that could come."""
    if not numbered:  # winds or dragons: pungs and at most one pair, nothing else
        twos = 0
        for count in block:
            if count == 2:
                twos += 1
            elif count % 3:
                return False
        return twos == pair
    if not pair:
        return _sets_only(block)
    # Every set's tile indexes add up to a multiple of 3, so the pair's index p has 2p = the block's
    # index sum (mod 3): only those places are tried.
    total = 0
    for i, count in enumerate(block):
        total += i * count
    rest = list(block)
    for i in range(2 * total % 3, len(block), 3):
        if block[i] >= 2:
            rest[i] -= 2
            if _sets_only(rest):
                return True
            rest[i] += 2
    return False


def _sets_only(counts: Iterable[int]) -> bool:
    """Whether a numbered block splits into chows and pungs. From the lowest tile up: three alike
    chows are three pungs, so the lowest tile's count (less the chows running through it), modulo 3,
    is how many chows must start there."""
    # The chows begun one and two tiles below, carried along (the counts are left as they are: each
    # block is tested with several tiles added, and no copy is made for a test).
    one_below = two_below = 0
    for count in counts:
        count -= one_below + two_below
        if count < 0:
            return False
        two_below = one_below
        one_below = count % 3
    return not (one_below or two_below)  # no chow runs past the block's nine


def _splits(counts: tuple[int, ...], sets_needed: int, pairs_needed: int = 1) -> list[tuple[_Placed, ...]]:
    """Every split of a 34-count vector into `sets_needed` sets and one pair (none: `pairs_needed` 0);
    the caller has checked that it holds 3 tiles a set and 2 a pair."""
    # Each of the four blocks (_SPLIT_BLOCKS: the three suits, the honors) named, not looped over: every
    # winning hand is split, and a loop's steps cost more than the lookups.
    (dots, dots_pair), (bamboo, bamboo_pair), (characters, characters_pair), (honors, honors_pair) = map(
        _placed_block, map(counts.__getitem__, _SLICES), _NUMBERED_BLOCKS, _LOWEST
    )
    if not (dots and bamboo and characters and honors):
        return []
    if dots_pair + bamboo_pair + characters_pair + honors_pair != pairs_needed:
        return []
    if len(dots) == len(bamboo) == len(characters) == len(honors) == 1:  # the usual case: one way only
        return [dots[0] + bamboo[0] + characters[0] + honors[0]]
    return [d + b + c + h for d, b, c, h in product(dots, bamboo, characters, honors)]


@lru_cache(maxsize=BLOCK_TABLES)
def _placed_block(
    block: tuple[int, ...], numbered: bool, lo: int
) -> tuple[tuple[tuple[_Placed, ...], ...], bool]:
    """Every split of one block (starting at index `lo` of the 34) into sets, and a pair if its size
    calls for one; and whether it does."""
    n = sum(block)
    if n % 3 == 1:
        return (), False
    has_pair = n % 3 == 2
    return _block(block, numbered, has_pair, lo), has_pair


# The blocks a count vector is split in here: tiles.BLOCKS with the winds and dragons as one block.
# Neither makes sequences, so they split tile by tile either way (at most one way), and one block less
# is one table lookup less for every hand.
_SPLIT_BLOCKS = (
    *[block for block in BLOCKS if block[2]],
    (min(lo for lo, _, numbered in BLOCKS if not numbered), len(PLAYING_TILES), False),  # honors last
)
_SLICES = tuple(slice(lo, hi) for lo, hi, _ in _SPLIT_BLOCKS)
_NUMBERED_BLOCKS = tuple(numbered for _, _, numbered in _SPLIT_BLOCKS)
_LOWEST = tuple(lo for lo, _, _ in _SPLIT_BLOCKS)


def is_complete(counts: list[int] | tuple[int, ...], sets_needed: int, pairs_needed: int = 1) -> bool:
    """True when the counts split into `sets_needed` sets and a pair (none: `pairs_needed` 0)."""
    if sum(counts) != 3 * sets_needed + 2 * pairs_needed:
        return False
    pairs = 0
    for lo, hi, numbered in _SPLIT_BLOCKS:
        ok, has_pair = _block_status(tuple(counts[lo:hi]), numbered)
        if not ok:
            return False
        pairs += has_pair
    return pairs == pairs_needed


def still_needed(fixed: tuple[Meld, ...] | list[Meld]) -> tuple[int, int]:
    """(sets, pairs) the pool must still make: four sets and a pair, less the marked groups (an
    exposed pair `=` is the hand's pair, docs/notation.md). Negative: too many marked groups."""
    if not fixed:
        return 4, 1  # a concealed hand: the usual case
    pairs = [m.kind for m in fixed].count(PAIR)
    return 4 - (len(fixed) - pairs), 1 - pairs


def complete_hand(hand: Hand, shapes: tuple[Shape, ...] = ()) -> bool:
    """True when the hand as it stands is a Mah-Jongg, whichever tile came last: its fixed sets and
    pool make four sets and a pair, or its tiles make one of the ruleset's special shapes."""
    sets_needed, pairs_needed = still_needed(hand.fixed)
    if sets_needed >= 0 and pairs_needed >= 0 and is_complete(hand.pool_counts, sets_needed, pairs_needed):
        return True
    return any(shape(list(hand.counts), hand.fixed) for shape in shapes)


def _meld(kind: str, index: int, order: int) -> Meld:
    tile = PLAYING_TILES[index]
    if kind == "chow":
        tiles = (tile, PLAYING_TILES[index + 1], PLAYING_TILES[index + 2])
        return meld(CHOW, tiles, order=order)
    if kind == "pung":
        return meld(PUNG, (tile,) * 3, order=order)
    return meld(PAIR, (tile,) * 2, order=order)


def _pool_melds(hand: Hand, parts: tuple[_Placed, ...]) -> list[Meld]:
    first = hand.first_typed
    get = _PART_MELDS.get
    melds = []
    for part in parts:
        low = _LOW[part]
        # A set is shown where the earliest of its tiles was typed (the grouping is only a hint).
        order = min(first[low], first[low + 1], first[low + 2]) if part < _PUNG_PART else first[low]
        key = order * _PARTS + part
        found = get(key)
        if found is None:
            found = _PART_MELDS.put(key, meld(_KIND[part], _TILES[part], order=order))
        melds.append(found)
    return melds


# Each set or pair of the pool, made once per place it is shown (a few thousand in a batch), and as the
# set or pair the winning tile completed, by discard or not.
_PART_MELDS: BoundedCache[int, Meld] = BoundedCache(65536)
_WINNING_MELDS: BoundedCache[int, Meld] = BoundedCache(65536)
# By part number (_Placed): its kind, the index of its lowest tile and its tiles (none for a chow that
# would run past a nine or into the honors: no split holds one).
_KIND = (MeldKind.CHOW,) * 34 + (MeldKind.PUNG,) * 34 + (MeldKind.PAIR,) * 34
_LOW = tuple(range(34)) * 3
_TILES: tuple[tuple[Tile, ...], ...] = (
    tuple(
        PLAYING_TILES[i : i + 3] if any(lo <= i < hi - 2 for lo, hi, numbered in BLOCKS if numbered) else ()
        for i in range(34)
    )
    + tuple((t,) * 3 for t in PLAYING_TILES)
    + tuple((t,) * 2 for t in PLAYING_TILES)
)


# By the index of a tile, the parts that hold it (none: a bonus tile), asked of every part of every
# winning split: the one the winning tile completes.
_HOLDING: tuple[frozenset[_Placed], ...] = tuple(
    frozenset(part for part, tiles in enumerate(_TILES) if tile in tiles) for tile in ALL_TILES
)
_NO_PARTS: frozenset[_Placed] = frozenset()


def _pool_size(hand: Hand) -> int:
    """How many tiles the pool holds (the sum of Hand.pool_counts), told by the hand's size: every
    winning hand asks it, and a closed hand (nothing marked) has all its playing tiles in the pool."""
    fixed = hand.fixed
    return hand.size - sum([len(m.tiles) for m in fixed]) if fixed else hand.size


def winning_arrangements(hand: Hand, by_discard: bool) -> Iterator[tuple[Meld, ...]]:
    """Every complete arrangement, with the winning tile tried in each place it can go (docs/rulings.md)."""
    fixed = hand.fixed
    sets_needed, pairs_needed = still_needed(fixed)
    if sets_needed < 0 or pairs_needed < 0:
        return
    counts = hand.pool_counts
    if _pool_size(hand) != 3 * sets_needed + 2 * pairs_needed:
        return
    win = hand.winning_tile
    placing = win is not None and hand.winning_fixed is None
    holding = _HOLDING[win.index] if win is not None else _NO_PARTS  # the parts the winning tile is in
    for parts in _splits(counts, sets_needed, pairs_needed):
        melds = _pool_melds(hand, parts)
        if not placing:
            yield fixed + tuple(melds)
            continue
        tried: set[_Placed] = set()
        for k, part in enumerate(parts):
            if part not in holding or part in tried:
                continue
            tried.add(part)
            unit = melds[k]
            key = 2 * (unit.order * _PARTS + part) + by_discard
            placed = _WINNING_MELDS.get(key)
            if placed is None:
                placed = _WINNING_MELDS.put(
                    key,
                    # A set completed by a claimed discard is exposed (docs/rulings.md).
                    meld(
                        unit.kind,
                        unit.tiles,
                        exposed=by_discard and unit.is_set,
                        winning=True,
                        order=unit.order,
                    ),
                )
            arrangement = melds.copy()
            arrangement[k] = placed
            yield fixed + tuple(arrangement)


def shape_arrangement(hand: Hand) -> tuple[Meld, ...]:
    """A special-shape hand shown as its pair and single tiles."""
    counts = hand.pool_counts
    melds: list[Meld] = []
    for index, count in enumerate(counts):
        tile = PLAYING_TILES[index]
        win = tile == hand.winning_tile
        if count >= 2:
            melds.append(meld(PAIR, (tile,) * count, winning=win, order=99))
        elif count == 1:
            melds.append(meld(SINGLE, (tile,), winning=win))
    return tuple(hand.fixed) + tuple(melds)


def loser_arrangements(hand: Hand, max_pairs: int) -> Iterator[tuple[Meld, ...]]:
    """Partial arrangements of a non-winning hand: every pung it holds, and each choice of pairs.

    Chows score nothing for a loser, so they are formed only from what is left, for display.
    """
    counts = hand.pool_counts
    first = hand.first_typed
    max_pairs -= sum(1 for m in hand.fixed if m.kind is PAIR)  # exposed pairs score first
    pungs = [i for i, c in enumerate(counts) if c >= 3]
    base = list(counts)
    for i in pungs:
        base[i] -= 3
    pair_options = [i for i, c in enumerate(base) if c >= 2]
    choices: list[tuple[int, ...]] = [()]
    for n in range(1, max_pairs + 1):
        choices.extend(combinations(pair_options, n))
    for pairs in choices:
        rest = list(base)
        melds = [_meld("pung", i, 0) for i in pungs]
        for i in pairs:
            rest[i] -= 2
            melds.append(_meld("pair", i, 0))
        for lo, hi, numbered in BLOCKS:
            if not numbered:
                continue
            for i in range(lo, hi - 2):
                while rest[i] and rest[i + 1] and rest[i + 2]:
                    for k in range(3):
                        rest[i + k] -= 1
                    melds.append(_meld("chow", i, 0))
        melds = [meld(m.kind, m.tiles, order=min(first[t.index] for t in m.tiles)) for m in melds]
        singles = tuple(
            meld(SINGLE, (PLAYING_TILES[i],), order=100) for i, c in enumerate(rest) for _ in range(c)
        )
        yield tuple(hand.fixed) + tuple(melds) + singles


def waits(hand: Hand, shapes: tuple[Shape, ...] = (), max_chows: int | None = None) -> tuple[Tile, ...]:
    """Every tile that would have completed the hand in place of the winning tile (docs/json.md "waits",
    docs/rulings.md): in four sets and a pair of at most `max_chows` chows (the setting), or a shape."""
    win = hand.winning_tile
    if win is None:
        return ()
    fixed = hand.fixed
    before = list(hand.pool_counts)  # the concealed tiles before the winning one came
    concealed = _pool_size(hand)  # how many, the winning one too
    if hand.winning_fixed is not None:
        held = fixed[hand.winning_fixed]
        if held.kind is KONG:
            # Won with the fourth tile of an exposed pung: that tile was the only way in.
            return (win,)
        fixed = fixed[: hand.winning_fixed] + fixed[hand.winning_fixed + 1 :]
        for tile in held.tiles:
            before[tile.index] += 1
        concealed += len(held.tiles)
    before[win.index] -= 1
    counts = hand.counts  # every tile held, the winning one too
    sets_needed, pairs_needed = still_needed(fixed)
    found: list[int] = []
    if concealed == 3 * sets_needed + 2 * pairs_needed:
        # One added tile changes one block only, so each block is judged once as it stands (the same
        # test as `is_complete`, block by block), and the tiles that would mend or keep it are looked up
        # by its counts.
        held_before = tuple(before)
        blocks = dots, bamboo, characters, honors = tuple(  # _SPLIT_BLOCKS, named (as in _splits)
            map(_block_waits, map(held_before.__getitem__, _SLICES), _NUMBERED_BLOCKS)
        )
        status = (dots[0], bamboo[0], characters[0], honors[0])
        bad = status.count(None)
        if bad <= 1:  # one tile mends one block at most
            pairs = status.count(True)
            for b in (status.index(None),) if bad else range(len(_SPLIT_BLOCKS)):
                has_pair, grown_pair, fills = blocks[b]
                # The whole hand needs exactly one pair; all four copies held before the winning tile
                # came leaves no place (docs/rulings.md): the winning tile's own kind always has one.
                if pairs - (has_pair is True) + grown_pair == pairs_needed:
                    lo = _LOWEST[b]
                    found.extend([lo + i for i in fills if counts[lo + i] < 4 or lo + i == win.index])
    if found and max_chows is not None:  # BMJA's one chow: a tile that needs two makes no win there
        room = max_chows - [m.kind for m in fixed].count(CHOW)
        found = [i for i in found if _within_chows(before, i, sets_needed, pairs_needed, room)]
    if shapes:
        whole = list(counts)  # every tile held before the winning one came
        whole[win.index] -= 1
        known = set(found)
        for shape in shapes:
            if shape.concealed and fixed:
                continue  # nothing it could make
            # A tile far from every one held may complete a special shape: a knitted hand pairs one rank
            # across the suits (Kajongg's TripleKnitting-7); each shape names the tiles worth trying.
            test = shape.test
            for index in shape.near(whole):
                if index not in known and whole[index] < 4:
                    whole[index] += 1
                    if test(whole, fixed):
                        known.add(index)
                    whole[index] -= 1
        if len(known) > len(found):
            found = sorted(known)
    # Blocks come in tile order and each block's fills in order: `found` is sorted.
    return tuple([PLAYING_TILES[i] for i in found])


def _within_chows(before: list[int], index: int, sets_needed: int, pairs_needed: int, room: int) -> bool:
    """Whether the concealed tiles `before`, with the tile `index` added, split into the sets and pair
    needed with at most `room` chows (waits under max_chows)."""
    grown = list(before)
    grown[index] += 1
    return any(
        sum(part < _PUNG_PART for part in parts) <= room
        for parts in _splits(tuple(grown), sets_needed, pairs_needed)
    )


@lru_cache(maxsize=BLOCK_TABLES)
def _block_waits(block: tuple[int, ...], numbered: bool) -> tuple[bool | None, bool, tuple[int, ...]]:
    """(whether the block holds a pair as it splits, None when it does not split; whether it holds one
    after one tile more; each tile, by index within the block, whose addition leaves it splitting)."""
    size = sum(block)
    if numbered and size <= _SETS_TILES + 1:
        # A suit of a hand's size: its code and index sum serve both questions, and its size answers
        # one of them at once (as it stands, or with a tile more, it is the wrong size to split).
        code = int.from_bytes(bytes(block), "little")
        rest = size % 3
        sets_codes = _sets_codes()
        if rest == 0:  # sets alone, or nothing
            return (False if code in sets_codes else None), False, ()
        total = _index_sum(block)
        if rest == 1:
            return None, True, _pair_fills(block, code, total, sets_codes)
        # Held with a pair: it splits when taking out one pair (at index p, 2p + the sets' index sum
        # being `total`, modulo 3) leaves sets.
        status = None
        for p in range(2 * total % 3, 9, 3):
            if block[p] >= 2 and code - 2 * _ONE[p] in sets_codes:
                status = True
                break
        return status, False, _sets_fills(code, total, sets_codes)
    # The status unremembered: each block comes here once (this table remembers it), and on closed hands
    # the status table alone (is_complete's) would never be asked for it again.
    splits, has_pair = _status(block, numbered)
    return has_pair if splits else None, *_block_fills(block, numbered)


def _block_fills(block: tuple[int, ...], numbered: bool) -> tuple[bool, tuple[int, ...]]:
    """(whether the block with one tile more holds a pair; each tile, by index within the block, whose
    addition leaves the block splitting into sets and that pair)."""
    grown_size = sum(block) + 1
    pair = grown_size % 3 == 2
    if grown_size % 3 == 1:
        return pair, ()  # no tile can make it sets (and a pair)
    if not numbered or grown_size > _SETS_TILES + 2:
        return pair, _fills_tried(block, numbered, pair)
    code = int.from_bytes(bytes(block), "little")
    total = _index_sum(block)
    sets_codes = _sets_codes()
    return pair, _pair_fills(block, code, total, sets_codes) if pair else _sets_fills(code, total, sets_codes)


# A suit of a hand's size (at most four sets and a pair with a tile added) is told by its code, changed
# by the tile added and the pair taken out, looked up in _sets_codes(). Sets alone have tile indexes
# adding up to a multiple of 3 (as in _splittable), so only a third of the tiles can leave a suit
# splitting: those that bring its index sum `total` to such a multiple, with the pair (if any) taken out.


def _index_sum(block: tuple[int, ...]) -> int:
    """A number equal, modulo 3, to the sum of a suit's tile indexes (all the fills ask of it): indexes
    1, 4 and 7 count once, 2, 5 and 8 as -1, the rest as 0."""
    return block[1] - block[2] + block[4] - block[5] + block[7] - block[8]


def _sets_fills(code: int, total: int, sets_codes: frozenset[int]) -> tuple[int, ...]:
    """Each tile whose addition leaves a suit (`code`, index sum `total`) splitting into sets alone."""
    return tuple([i for i in range(-total % 3, 9, 3) if code + _ONE[i] in sets_codes])


def _pair_fills(block: tuple[int, ...], code: int, total: int, sets_codes: frozenset[int]) -> tuple[int, ...]:
    """Each tile whose addition leaves a suit splitting into sets and a pair."""
    found = 0  # a bit for each tile found (kept in tile order, as a set would not be)
    # The tile pairs one held (index p, the rest sets: total - p a multiple of 3).
    for p in range(total % 3, 9, 3):
        if block[p] and code - _ONE[p] in sets_codes:
            found |= 1 << p
    # A pair is held (index p) and the tile joins the rest as sets (total - 2p + i a multiple of 3).
    for p in _NINE:
        if block[p] >= 2:
            rest = code - 2 * _ONE[p]
            for one, bit in _BY_INDEX_SUM[(2 * p - total) % 3]:
                if rest + one in sets_codes:
                    found |= bit
    return _TILES_OF[found]


def _fills_tried(block: tuple[int, ...], numbered: bool, pair: bool) -> tuple[int, ...]:
    """_block_fills' answer found by trying with _splittable each tile that matches or neighbours
    (within two, in a suit) a held one: for the honors, and suits of more tiles than a hand holds."""
    grown = list(block)  # the block changed for each test in turn
    padded = (0, 0, *block) if numbered else (0, 0, 0, 0, 0)
    out = []
    for i, count in enumerate(block):
        if count or any(padded[i : i + 5]):  # a wind or dragon joins only its own kind
            grown[i] += 1
            if _splittable(grown, numbered, pair):
                out.append(i)
            grown[i] -= 1
    return tuple(out)


# A suit's counts as one number, a byte a tile (its bytes read as an integer): _sets_codes() holds the
# number of every suit that splits into at most four chows and pungs, made from the sets themselves,
# so a test of a suit with a tile added or a pair taken out is one addition and one lookup.
_SETS_TILES = 12  # four sets: all a hand holds
_NINE = range(9)
_ONE = tuple(1 << 8 * i for i in _NINE)
# By an index modulo 3, the tiles of that index as (the code of one, its bit in a set of tiles).
_BY_INDEX_SUM = tuple(tuple((_ONE[i], 1 << i) for i in range(r, 9, 3)) for r in range(3))


def _bit_tiles() -> tuple[tuple[int, ...], ...]:
    """The tiles (indexes within a suit) of each set of bits, bit i for index i: the sets with bit i
    are those without it, i added (made on loading in 32 us, where reading each set's bits takes 400)."""
    found: list[tuple[int, ...]] = [()]
    for i in _NINE:
        found += [(*tiles, i) for tiles in found]
    return tuple(found)


_TILES_OF = _bit_tiles()


@lru_cache(maxsize=1)
def _sets_codes() -> frozenset[int]:
    """The codes of every suit of at most four sets, made when a suit's fills are first asked (1.1 ms)."""
    return frozenset(
        sum(sets)
        for n in range(_SETS_TILES // 3 + 1)
        for sets in combinations_with_replacement(
            [_ONE[i] + _ONE[i + 1] + _ONE[i + 2] for i in range(7)] + [3 * one for one in _ONE], n
        )
    )


def _status(block: tuple[int, ...], numbered: bool) -> tuple[bool, bool]:
    """(whether the block splits into sets, and a pair if its size calls for one; whether it holds a pair)."""
    n = sum(block)
    if n % 3 == 1:
        return False, False
    has_pair = n % 3 == 2
    return _splittable(block, numbered, has_pair), has_pair


_block_status = lru_cache(maxsize=BLOCK_TABLES)(_status)  # is_complete asks it of the same blocks often
