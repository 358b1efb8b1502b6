"""Best arrangement over pooled tiles, winning-tile placement, and waits (docs/notation.md, docs/json.md,
docs/rulings.md)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from reference_scorer import waits as reference_waits
from strategies import GenGroup, GenHand, draw_pair, draw_set, pick, special_hands, winning_hands

from pungchow_calc.engine import decomposition
from pungchow_calc.engine.decomposition import (
    _block,
    _block_fills,
    _block_waits,
    _fills_tried,
    _splittable,
    _status,
    is_complete,
    loser_arrangements,
    waits,
    winning_arrangements,
)
from pungchow_calc.engine.errors import HandError, NotationError
from pungchow_calc.engine.hand import MeldKind, build
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.rule_types import Ruleset
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import BLOCKS, PLAYING_TILES, Wind
from pungchow_calc.ruleset_files import load


def _at_least(examples: int) -> int:
    """Examples for the properties that hold the tuned decomposition to its definition: more than the
    CI profile's (several times its 40: these examples cost a millisecond or so, and the CI run keeps
    within its five minutes), and the long profile's 3,000 when it runs (tests/conftest.py)."""
    return max(examples, settings.default.max_examples)


def _hand(text: str):
    return build(parse(text))


def test_pooled_tiles_come_out_as_pungs_not_chows():
    # Issue 2: `1b1b1b2b2b2b3b3b3b` must score as three pungs, not three chows.
    result = score_text("1b1b1b2b2b2b3b3b3b 5c5c5c 9d!9d", load("pung-chow"), Situation(win_by=WinBy.WALL))
    arrangement = [m.code for m in result.arrangement]
    assert arrangement == ["1b1b1b", "2b2b2b", "3b3b3b", "5c5c5c", "9d9d"]
    assert result.points == 20 + 10 + 2 + 2 + 8 + 4 + 4 + 4  # MJ, no seq, drawn, only place; pungs


def test_both_readings_are_tried():
    hand = _hand("1b1b1b2b2b2b3b3b3b 5c5c5c 9d!9d")
    shapes = {tuple(sorted(m.kind.value for m in arr)) for arr in winning_arrangements(hand, False)}
    assert ("chow", "chow", "chow", "pair", "pung") in shapes
    assert ("pair", "pung", "pung", "pung", "pung") in shapes


@settings(max_examples=_at_least(250))
@given(winning_hands().map(GenHand.text), st.booleans())
def test_the_winning_tile_is_tried_once_in_each_set_or_pair_that_holds_it(text: str, by_discard: bool):
    # docs/rulings.md: each arrangement marks one meld of the pool as won, and each distinct meld of a
    # split that holds the winning tile is tried once (decomposition._HOLDING finds them by the tile).
    hand = _hand(text)
    win = hand.winning_tile
    found = list(winning_arrangements(hand, by_discard))
    assert found
    if hand.winning_fixed is not None:
        return
    unmarked: dict[tuple, set[tuple]] = {}
    for arrangement in found:
        assert arrangement[: len(hand.fixed)] == hand.fixed
        arrangement = arrangement[len(hand.fixed) :]  # the pool's sets and pair
        won = [i for i, m in enumerate(arrangement) if m.winning]
        assert len(won) == 1 and win in arrangement[won[0]].tiles
        split = tuple([(m.kind.value, m.tiles[0].index) for m in arrangement])  # in the split's order
        placed = (arrangement[won[0]].kind.value, arrangement[won[0]].tiles[0].index)
        assert placed not in unmarked.setdefault(split, set())  # no meld tried twice in one split
        unmarked[split].add(placed)
    for split, placed in unmarked.items():
        holding = {(kind, low) for kind, low in split if win in _meld_tiles(kind, low)}
        assert placed == holding


def _meld_tiles(kind: str, low: int) -> tuple:
    """The tiles of a pool's chow, pung or pair from its kind and lowest tile index."""
    if kind == "chow":
        return PLAYING_TILES[low : low + 3]
    return (PLAYING_TILES[low],) * (2 if kind == "pair" else 3)


def test_typed_grouping_is_only_a_hint():
    rs = load("pung-chow")
    a = score_text("1b1b1b 2b2b2b 3b3b3b 5c5c5c 9d!9d", rs, Situation())
    b = score_text("123b 123b 123b 555c 9d!9d", rs, Situation())
    assert a.score == b.score
    assert [m.code for m in a.arrangement] == [m.code for m in b.arrangement]


def test_winning_tile_goes_where_it_scores_best():
    # 5c can complete the pung or the chow; as a drawn tile the concealed pung is worth more
    # than an exposed one, and docs/rulings.md lets the player choose.
    rs = load("pung-chow")
    result = score_text("5c5c5c 5c!6c7c 1b1b1b 9d9d9d 2b2b", rs, Situation(win_by=WinBy.DISCARD))
    placed = next(m for m in result.arrangement if m.winning)
    assert placed.kind is MeldKind.CHOW  # by discard the chow loses nothing; the pung stays concealed
    assert result.points == 20 + 4 + 8 + 8


def test_discard_completed_set_scores_exposed():
    # docs/rulings.md: completed by a claimed discard, so exposed though typed without '*'.
    rs = load("pung-chow")
    result = score_text("5c5c!5c 1b1b1b 9d9d9d 2b3b4b 6b6b", rs, Situation(win_by=WinBy.DISCARD))
    assert "5c5c5c*" in [m.code for m in result.arrangement]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("1c2c3c* 7c8c9c* 2c3c4c* 3c!4c5c 9c9c", ["3c", "6c"], id="example-9-two-waits"),
        pytest.param("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", ["Rd"], id="pair-wait"),
        pytest.param("2c3c4c 5c!6c7c 1b1b1b 9d9d9d 2b2b", ["5c", "8c"], id="two-sided"),
        pytest.param("1b2b3b! 5c5c5c 9d9d9d 7b8b9b Ew Ew", ["3b"], id="edge-wait"),
        pytest.param("1b1b1b1b# 2b2b2b 3b3b3b 4b4b!4b 5b5b", ["3b", "4b", "5b", "6b"], id="all-bamboo"),
        # All four 4c are held, so 4c is no place to win; only 5c completes 4c-5c-6c.
        pytest.param("4c4c4c 4c5c!6c 1b1b1b 9d9d9d EwEw", ["5c"], id="four-copies-held"),
        # 1112345678999 of one suit waits on every tile of it.
        pytest.param(
            "1c1c1c 2c3c4c 5c6c7c 8c9c!9c 9c9c",
            ["1c", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"],
            id="nine-gates",
        ),
    ],
)
def test_waits(text, expected):
    assert [t.code for t in waits(_hand(text))] == expected


def test_a_tile_whose_four_copies_are_held_is_no_wait():
    # Pool 1b1b1b1b? cannot be typed concealed; use a declared kong plus a single: Rd is held four times.
    hand = _hand("RdRdRdRd# 1c1c1c 5b5b5b 7d7d7d Ew!Ew")
    assert [t.code for t in waits(hand)] == ["Ew"]
    # Add a 4th Ew wait check: with EwEwEw on the table, Ew is no place to win; 9c is the only one.
    hand = _hand("EwEwEw* 1c1c1c 5b5b5b 7d7d7d 9c!9c")
    assert "Ew" not in [t.code for t in waits(hand)]


def test_is_complete_counts():
    assert is_complete(_hand("1b2b3b 4b5b6b 7b8b9b 1c1c1c 5d5d").pool_counts, 4)
    assert not is_complete(_hand("1b2b3b 4b5b6b 7b8b9b 1c1c1c 5d6d").pool_counts, 4)


def test_loser_arrangements_keep_every_pung_and_one_pair():
    hand = _hand("1b1b1b RdRd GdGd 2c3c4c 7d 9d")
    arrangements = list(loser_arrangements(hand, 1))
    assert all(any(m.code == "1b1b1b" for m in arr) for arr in arrangements)
    pairs = sorted(tuple(m.code for m in arr if m.kind is MeldKind.PAIR) for arr in arrangements)
    assert pairs == [(), ("GdGd",), ("RdRd",)]


# --- the quick split test agrees with listing the splits ------------------------------------------

_BLOCKS = st.one_of(
    st.tuples(st.just(True), st.lists(st.integers(0, 4), min_size=9, max_size=9)),  # a suit
    st.tuples(st.just(False), st.lists(st.integers(0, 4), min_size=3, max_size=4)),  # winds, dragons
)


@settings(max_examples=_at_least(400))
@given(_BLOCKS, st.booleans())
def test_quick_split_test_agrees_with_listing_the_splits(block: tuple[bool, list[int]], pair: bool):
    # decomposition._splittable answers "does it split?" without listing the ways (waits ask it of
    # every tile that could come): it must agree with decomposition._block, which lists them.
    numbered, counts = block
    assert _splittable(tuple(counts), numbered, pair) == bool(_block(tuple(counts), numbered, pair))


# --- the block splits agree with their definition ------------------------------------------------

_CHOW, _PUNG, _PAIR = 0, 34, 68  # decomposition's part numbers: a kind's base plus the lowest tile's index


@cache
def _block_by_definition(counts: tuple[int, ...], numbered: bool, pair: bool) -> tuple[tuple[int, ...], ...]:
    """decomposition._block as it was first written (lo 0): from the lowest tile held, a pung, then the
    pair, then a chow, each followed by every split of the rest."""
    i = next((i for i, count in enumerate(counts) if count), None)
    if i is None:
        return () if pair else ((),)
    out: list[tuple[int, ...]] = []
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        out += [(_PUNG + i, *rest) for rest in _block_by_definition(tuple(c), numbered, pair)]
        c[i] += 3
    if pair and c[i] >= 2:
        c[i] -= 2
        out += [(_PAIR + i, *rest) for rest in _block_by_definition(tuple(c), numbered, False)]
        c[i] += 2
    if numbered and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        out += [(_CHOW + i, *rest) for rest in _block_by_definition(tuple(c), numbered, pair)]
    return tuple(out)


def _counts(tiles: list[int], size: int) -> list[int]:
    return [tiles.count(i) for i in range(size)]


@st.composite
def hand_blocks(draw: st.DrawFn) -> tuple[bool, list[int], int]:
    """A block of at most fourteen tiles (no more than four alike), as a hand's pool holds: a suit, or the
    winds and dragons (one block of seven, as decomposition splits them, or either alone), any tiles or
    sets and perhaps a pair (most blocks of a winning hand split), and the index of its lowest tile."""
    numbered, size, lo = draw(
        st.sampled_from(
            [(True, 9, 0), (True, 9, 9), (True, 9, 18), (False, 7, 27), (False, 4, 27), (False, 3, 31)]
        )
    )
    if draw(st.booleans()):
        tiles = draw(st.lists(st.integers(0, size - 1), max_size=14))
    else:
        starts = [("chow", i) for i in range(size - 2) if numbered] + [("pung", i) for i in range(size)]
        tiles = [
            i
            for kind, low in draw(st.lists(st.sampled_from(starts), max_size=4))
            for i in ((low, low + 1, low + 2) if kind == "chow" else (low,) * 3)
        ]
        tiles += [draw(st.integers(0, size - 1))] * 2 * draw(st.booleans())
    counts = _counts(tiles, size)
    assume(max(counts) <= 4)
    return numbered, counts, lo


def _first_of_each(splits: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The splits with each one's later repeats in another order left out."""
    first: dict[tuple[int, ...], tuple[int, ...]] = {}
    for split in splits:
        first.setdefault(tuple(sorted(split)), split)
    return tuple(first.values())


@settings(max_examples=_at_least(600))
@given(hand_blocks(), st.booleans())
def test_block_splits_are_those_of_the_definition_in_its_order(
    block: tuple[bool, list[int], int], pair: bool
):
    # decomposition._block walks the counts in place and numbers each part where it lies in the 34; the
    # splits and their order (it shows in the arrangements) are the definition's, each part moved by the
    # block's lowest index, and the definition's second reading of a split (a chow then a pung where
    # the pung then the chow came first) left out.
    numbered, counts, lo = block
    expected = tuple(
        tuple(lo + part for part in split)
        for split in _first_of_each(_block_by_definition(tuple(counts), numbered, pair))
    )
    assert _block(counts, numbered, pair, lo) == expected


@pytest.mark.parametrize(
    ("counts", "pair", "expected"),
    [
        pytest.param((4, 1, 1, 0, 0, 0, 0, 0, 0), False, ((_PUNG, _CHOW),), id="four-alike-and-a-chow-once"),
        pytest.param((3, 1, 1, 0, 0, 0, 0, 0, 0), True, ((_PAIR, _CHOW),), id="a-pair-and-a-chow-once"),
        pytest.param(
            (4, 4, 4, 0, 0, 0, 0, 0, 0),
            False,
            ((_PUNG, _CHOW, _PUNG + 1, _PUNG + 2), (_CHOW,) * 4),
            id="four-alike-pungs-or-chows",
        ),
        pytest.param(
            (3, 3, 3, 0, 0, 0, 0, 0, 0),
            False,
            ((_PUNG, _PUNG + 1, _PUNG + 2), (_CHOW,) * 3),
            id="pungs-first",
        ),
        pytest.param((0, 0, 0, 0, 0, 0, 0, 2, 2), True, (), id="no-chow-past-nine"),
    ],
)
def test_block_splits_of_known_blocks(
    counts: tuple[int, ...], pair: bool, expected: tuple[tuple[int, ...], ...]
):
    assert _block(counts, True, pair) == expected


@st.composite
def repeated_split_hands(draw: st.DrawFn) -> GenHand:
    """A winning hand whose concealed tiles hold a chow beside a pung or the pair of its lowest tile (the
    definition reads that split twice: the pung or pair first, and the chow first), the rest any sets."""
    suit = draw(st.sampled_from("dbc"))
    rank = draw(st.integers(1, 7))
    low = f"{rank}{suit}"
    groups = [GenGroup("chow", tuple(f"{rank + k}{suit}" for k in range(3)))]
    with_pung = draw(st.booleans())
    groups.append(GenGroup("pung", (low,) * 3) if with_pung else GenGroup("pair", (low,) * 2))
    counts: Counter[str] = Counter(tile for group in groups for tile in group.tiles)
    groups += [draw_set(draw, counts) for _ in range(2 if with_pung else 3)]
    if with_pung:
        pair = draw_pair(draw, counts)
        groups.append(GenGroup("pair", (pair, pair)))
    groups = draw(st.permutations(groups))
    places = [
        (g, i) for g, group in enumerate(groups) for i in range(len(group.tiles)) if group.marker != "#"
    ]
    return GenHand(tuple(groups), pick(draw, places))


_EVERY_RULESET = {
    name: load(name)
    for name in ("pung-chow", "pung-chow-limit", "classical-bmja", "classical-dmjl", "riichi-ema-2016")
}


def _scored(text: str, ruleset: Ruleset, situation: Situation) -> dict | str:
    """The hand's score as its JSON record's fields, or the refusal's code."""
    try:
        return score_text(text, ruleset, situation).as_dict()
    except HandError as exc:
        return exc.code


@settings(max_examples=300)
@given(
    repeated_split_hands().map(GenHand.text),
    st.sampled_from(sorted(_EVERY_RULESET)),
    st.sampled_from([WinBy.WALL, WinBy.DISCARD]),
)
def test_a_split_read_again_in_another_order_changes_no_score(text: str, name: str, win_by: WinBy):
    # decomposition._block lists a split once where the definition lists it again with a chow before the
    # pung or pair of its lowest tile: that second reading's arrangement holds the same sets in another
    # order, and scoring it too (as before) must change nothing in any ruleset.
    situation = Situation(win_by=win_by)
    ruleset = _EVERY_RULESET[name]
    once = _scored(text, ruleset, situation)
    with _splits_read_twice():
        twice = _scored(text, ruleset, situation)
    assert once == twice


@contextmanager
def _splits_read_twice() -> Iterator[None]:
    """decomposition's block splits as the definition lists them, repeats included, while in the block."""

    def by_definition(
        counts: Sequence[int], numbered: bool, pair: bool, lo: int = 0
    ) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(lo + part for part in split)
            for split in _block_by_definition(tuple(counts), numbered, pair)
        )

    walked = decomposition._block
    decomposition._placed_block.cache_clear()
    decomposition._block = by_definition
    try:
        yield
    finally:
        decomposition._block = walked
        decomposition._placed_block.cache_clear()


@pytest.mark.parametrize(
    ("counts", "pair", "expected"),
    [
        pytest.param((3, 3, 3, 0, 0, 0, 0, 0, 0), False, True, id="three-pungs-or-three-chows"),
        pytest.param((1, 1, 1, 1, 1, 1, 0, 0, 0), False, True, id="two-chows"),
        pytest.param((4, 1, 1, 0, 0, 0, 0, 0, 0), False, True, id="four-alike-are-a-pung-and-a-chow"),
        pytest.param((4, 1, 1, 0, 0, 0, 0, 0, 0), True, False, id="six-tiles-hold-no-pair"),
        pytest.param((0, 0, 0, 0, 0, 0, 0, 1, 2), True, False, id="no-chow-past-nine"),
        pytest.param((2, 2, 2, 0, 0, 0, 0, 0, 2), True, True, id="two-chows-and-a-pair-of-nines"),
        pytest.param((3, 1, 1, 0, 0, 0, 0, 0, 0), True, True, id="pair-then-chow-from-the-same-tile"),
        pytest.param((0, 2, 1, 1, 1, 0, 0, 0, 0), True, True, id="pair-below-a-chow"),
        pytest.param((0, 1, 1, 3, 0, 0, 0, 0, 0), True, True, id="pair-above-a-chow"),
    ],
)
def test_quick_split_test_on_known_blocks(counts: tuple[int, ...], pair: bool, expected: bool):
    assert _splittable(counts, True, pair) is expected


# --- special shapes: the tiles the waits try (decomposition.Shape.near) ------------------------------

SHAPES = [
    pytest.param(shape, id=f"{name}-{k}")
    for name in ("classical-bmja", "classical-dmjl", "pung-chow-limit", "riichi-ema-2016")
    for k, shape in enumerate(load(name).shapes)
]
_HEADS = [i for i, t in enumerate(PLAYING_TILES) if t.is_head]
_SUITS = [(lo, hi) for lo, hi, numbered in BLOCKS if numbered]


@st.composite
def shape_hands(draw: st.DrawFn) -> list[int]:
    """A fourteen-tile count vector of one of the special shapes' families (seven pairs, thirteen
    heads, one suit's patterns with or without the winds, knitted ranks), built to be near-complete."""
    counts = [0] * len(PLAYING_TILES)
    family = draw(st.sampled_from(["pairs", "head-pairs", "heads", "gates", "snake", "knitted"]))
    if family in ("pairs", "head-pairs"):
        pool = _HEADS if family == "head-pairs" else range(len(PLAYING_TILES))
        for i in draw(st.lists(st.sampled_from(list(pool)), min_size=7, max_size=7, unique=True)):
            counts[i] = 2
    elif family == "heads":
        for i in _HEADS:
            counts[i] = 1
        counts[draw(st.sampled_from(_HEADS))] += 1
    elif family in ("gates", "snake"):
        lo, _ = draw(st.sampled_from(_SUITS))
        ranks = [3, 1, 1, 1, 1, 1, 1, 1, 3] if family == "gates" else [2, 1, 1, 1, 1, 1, 1, 1, 1]
        for r, n in enumerate(ranks):
            counts[lo + r] = n
        if family == "gates":
            counts[lo + draw(st.integers(0, 8))] += 1
        else:
            for tile in ("Ew", "Sw", "Ww", "Nw"):
                counts[parse(tile).groups[0].tiles[0].index] = 1
    else:  # knitted: four ranks in all three suits and one in two, or seven ranks in two suits
        triples = draw(st.sampled_from([0, 4]))
        two = draw(st.sampled_from([(0, 1), (0, 2), (1, 2)]))
        rank = st.integers(0, 8)
        for r in draw(st.lists(rank, min_size=triples, max_size=triples)):
            for lo, _ in _SUITS:
                counts[lo + r] += 1
        for r in draw(st.lists(rank, min_size=7 - 6 * (triples > 0), max_size=7 - 6 * (triples > 0))):
            for s in two:
                counts[_SUITS[s][0] + r] += 1
    return counts


@pytest.mark.parametrize("shape", SHAPES)
@given(counts=shape_hands())
def test_the_waits_try_every_tile_that_completes_a_shape(shape, counts: list[int]):
    # The waits try only `shape.near(...)`: any tile whose removal leaves a hand the tile completes must
    # be among them (else a special hand's wait would go missing from waits and from the wait rules).
    if max(counts) > 4 or not shape(counts, ()):
        return
    for index, held in enumerate(counts):
        if held:
            before = list(counts)
            before[index] -= 1
            assert index in list(shape.near(before)), PLAYING_TILES[index].code


_A_SET = build(parse("1b2b3b* 5c!5c")).fixed


@pytest.mark.parametrize("shape", SHAPES)
@given(counts=shape_hands())
def test_a_concealed_shape_is_never_made_with_a_group_marked(shape, counts: list[int]):
    # The waits skip a shape that says it is `concealed` when a group is marked: its test must then
    # be false (else a special hand's wait would go missing).
    if shape.concealed:
        assert not shape(counts, _A_SET)
        assert not shape(counts, _A_SET[:1])


def test_the_shapes_that_need_nothing_marked_say_so():
    # Every shape of the riichi ruleset (kokushi, chuuren, chiitoitsu) is concealed: the waits of a hand
    # with an open set try none of them.
    assert [shape.concealed for shape in load("riichi-ema-2016").shapes] == [True, True, True]


# --- the waits agree with their plain definition ---------------------------------------------------

_WAIT_RULESETS = {name: load(name) for name in ("pung-chow", "classical-bmja", "riichi-ema-2016")}
_TILE = re.compile(r"[1-9][dbc]|[ESWN]w|[RGW]d")


@st.composite
def any_tiles(draw: st.DrawFn) -> str:
    """Fourteen concealed tiles of one suit and the honors (most complete nothing), one marked `!`."""
    pool = [t.code for t in PLAYING_TILES if t.code[1] in "dwD" or t.code in ("Rd", "Gd", "Wd")]
    tiles = draw(st.lists(st.sampled_from(pool), min_size=14, max_size=14))
    assume(max(tiles.count(t) for t in tiles) <= 4)
    win = draw(st.integers(0, 13))
    return " ".join(t + "!" * (i == win) for i, t in enumerate(tiles))


@st.composite
def one_tile_changed(draw: st.DrawFn, text: str) -> str:
    """The hand with one playing tile typed as another (it may then complete nothing)."""
    places = list(_TILE.finditer(text))
    at = pick(draw, places)
    other = draw(st.sampled_from(PLAYING_TILES)).code
    return text[: at.start()] + other + text[at.end() :]


_WAIT_HANDS = st.one_of(
    winning_hands().map(GenHand.text),
    special_hands().map(GenHand.text),
    winning_hands().map(GenHand.text).flatmap(one_tile_changed),
    any_tiles(),
)


@settings(max_examples=_at_least(250))
@given(_WAIT_HANDS, st.sampled_from(sorted(_WAIT_RULESETS)))
def test_waits_are_every_tile_that_completes_the_hand(text: str, name: str):
    # decomposition.waits looks fills up block by block and tries each shape's near tiles alone; the
    # reference tries every tile of which a copy is left against every split and every shape.
    ruleset = _WAIT_RULESETS[name]
    try:
        hand = _hand(text)
    except NotationError:
        return
    assert waits(hand, ruleset.shapes, ruleset.settings.max_chows) == reference_waits(hand, ruleset)


@settings(max_examples=_at_least(400))
@given(_BLOCKS)
def test_block_fills_are_every_tile_that_leaves_the_block_splitting(block: tuple[bool, list[int]]):
    # decomposition._block_fills skips tiles that cannot join (too far, or the wrong index sum for
    # sets alone): what it finds must be every tile whose addition leaves the block splitting (a fifth
    # copy aside: waits never asks for one).
    numbered, counts = block
    grown_size = sum(counts) + 1
    pair = grown_size % 3 == 2
    expected: list[int] = []
    if grown_size % 3 != 1:
        for i in range(len(counts)):
            grown = list(counts)
            grown[i] += 1
            if counts[i] < 4 and bool(_block(tuple(grown), numbered, pair)):
                expected.append(i)
    found_pair, fills = _block_fills(tuple(counts), numbered)
    assert (found_pair, tuple(i for i in fills if counts[i] < 4)) == (pair, tuple(expected))


@settings(max_examples=_at_least(400))
@given(
    st.lists(st.integers(0, 8), max_size=13).filter(
        lambda tiles: max([tiles.count(t) for t in tiles] or [0]) <= 4
    )
)
def test_suit_fills_by_code_agree_with_trying_each_tile(tiles: list[int]):
    # decomposition._block_fills looks a suit of a hand's size up in _sets_codes(); the general way
    # (_fills_tried, taken for the honors and for larger suits) tries each tile with _splittable.
    counts = tuple(tiles.count(i) for i in range(9))
    pair, fills = _block_fills(counts, True)
    assert fills == (_fills_tried(counts, True, pair) if len(tiles) % 3 != 0 else ())


_SUITS_OF_A_HAND = st.lists(st.integers(0, 8), max_size=13).filter(
    lambda tiles: max([tiles.count(t) for t in tiles] or [0]) <= 4
)


@settings(max_examples=_at_least(400))
@given(st.one_of(_SUITS_OF_A_HAND.map(lambda tiles: (True, [tiles.count(i) for i in range(9)])), _BLOCKS))
def test_block_waits_agree_with_the_status_and_fills(block: tuple[bool, list[int]]):
    # decomposition._block_waits tells a suit of a hand's size (held before the winning tile) from its
    # code at once; by definition it is _status's answer (by _splittable) and _block_fills'.
    numbered, counts = block
    splits, has_pair = _status(tuple(counts), numbered)
    expected = (has_pair if splits else None, *_block_fills(tuple(counts), numbered))
    assert _block_waits(tuple(counts), numbered) == expected


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        pytest.param((3, 1, 1, 1, 1, 1, 1, 1, 3), (True, tuple(range(9))), id="nine-gates-every-tile"),
        pytest.param((1, 0, 0, 0, 0, 0, 0, 0, 0), (True, (0,)), id="the-tile-pairs-a-single"),
        pytest.param((2, 0, 0, 0, 0, 0, 0, 0, 0), (False, (0,)), id="the-tile-makes-a-pung"),
        pytest.param((0, 0, 0, 1, 1, 0, 0, 0, 0), (False, (2, 5)), id="either-end-of-a-run"),
        pytest.param((1, 1, 1, 1, 0, 0, 0, 0, 0), (True, (0, 3)), id="pair-either-end-of-four"),
        pytest.param((0, 0, 2, 2, 0, 0, 0, 0, 0), (True, (2, 3)), id="either-pair-makes-a-pung"),
        pytest.param((1, 1, 1, 0, 0, 0, 0, 0, 0), (False, ()), id="a-size-no-tile-completes"),
    ],
)
def test_block_fills_of_known_blocks(counts: tuple[int, ...], expected: tuple[bool, tuple[int, ...]]):
    # decomposition._block_fills tries a third of the tiles for each place the pair can lie.
    assert _block_fills(counts, True) == expected


# Found by a classical player's trial (2026-11-29): the waits ignored BMJA's one chow (max_chows), so a
# tile that needs two chows, which the ruleset refuses as a win, was shown as a wait, and a house rule
# `only_place_to_win` over classical-bmja did not pay a hand of one real wait.
@pytest.mark.parametrize(
    ("text", "win_by", "expected"),
    [
        pytest.param("1b1b1b* 9d9d9d* 2c3c4c 5c5c5c 6c!6c", WinBy.DISCARD, ("6c",), id="6c-not-1c-4c-7c"),
        pytest.param(
            "1c1c1c2c3c4c5c6c7c8c9c9c9c5c!",
            WinBy.WALL,
            ("2c", "3c", "4c", "5c", "6c", "7c", "8c"),
            id="gates-of-heaven-2c-to-8c",
        ),
        pytest.param("1b1c 2b2c 3b3c 4b4c 5b5c 6b6c 7b7c!", WinBy.DISCARD, ("7c",), id="knitting-7c"),
    ],
)
def test_bmja_waits_are_tiles_of_one_chow_at_most(
    text: str, win_by: WinBy, expected: tuple[str, ...]
) -> None:
    from pungchow_calc.ruleset_files import load

    score = score_text(text, load("classical-bmja"), Situation(win_by=win_by))
    assert tuple(t.code for t in score.waits) == expected


def test_a_house_only_place_to_win_over_bmja_pays_the_one_real_wait(tmp_path) -> None:
    from pungchow_calc.ruleset_files import load

    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: classical-bmja\nrules:\n  - id: only_one\n    label: Only place to win\n"
        "    scope: hand\n    when: [only_place_to_win]\n    points: 4\n",
        encoding="utf-8",
    )
    score = score_text("1b1b1b* 9d9d9d* 2c3c4c 5c5c5c 6c!6c", load(str(house)), Situation(seat=Wind.SOUTH))
    assert "only_one" in [line.rule for line in score.lines]
