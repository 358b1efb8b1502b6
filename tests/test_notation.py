"""Hand notation (docs/notation.md): tiles, compact runs, markers, `!`, case, canonical output, rejections."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import losing_hands, retyped, winning_hands

from pungchow_calc.engine.errors import NotationError
from pungchow_calc.engine.hand import Meld, _classify, build
from pungchow_calc.engine.notation import Group, Marker, parse
from pungchow_calc.engine.tiles import ALL_TILES, Suit, Tile


@pytest.mark.parametrize("tile", ALL_TILES, ids=lambda t: t.code)
def test_every_tile_reads_and_writes_back(tile):
    (group,) = parse(tile.code).groups
    assert group.tiles == (tile,)
    assert group.code == tile.code


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        pytest.param("123c", "1c2c3c", id="compact-chow"),
        pytest.param("555d", "5d5d5d", id="compact-pung"),
        pytest.param("EEEw", "EwEwEw", id="compact-winds"),
        pytest.param("RRRd", "RdRdRd", id="compact-dragons"),
        pytest.param("WWWd", "WdWdWd", id="compact-white-dragons"),
        pytest.param("WWWw", "WwWwWw", id="compact-west-winds"),
        pytest.param("ewewew", "EwEwEw", id="lower-case"),
        pytest.param("RDRDRD", "RdRdRd", id="upper-case"),
        pytest.param("wdwdwd", "WdWdWd", id="lower-white-dragons"),
        pytest.param("nwnwnw", "NwNwNw", id="lower-north-winds"),
        pytest.param("wwrd", "WwRd", id="lower-west-and-red"),
        pytest.param("ewsw", "EwSw", id="lower-east-and-south"),
        pytest.param("4c5c!6c", "4c5c!6c", id="winning-mid"),
        pytest.param("5c!5c", "5c!5c", id="winning-pair"),
        pytest.param("34!5c", "3c4c!5c", id="winning-in-compact"),
        pytest.param("555c!", "5c5c5c!", id="winning-after-suit"),
        pytest.param("1f2s", "1f2s", id="bonus"),
        pytest.param("1b2b3b*", "1b2b3b*", id="exposed-chow"),
        pytest.param("RdRdRdRd#", "RdRdRdRd#", id="declared-kong"),
        pytest.param("12b3c", "1b2b3c", id="mixed-runs"),
    ],
)
def test_group_canonical(text, canonical):
    assert parse(text).code == canonical


@pytest.mark.parametrize(
    ("text", "readings"),
    [
        pytest.param("wwww", "WwWw or WwWwWw", id="wwww"),
        pytest.param("wwwd", "WwWd or WdWdWd", id="wwwd"),
        pytest.param("WWWW", "WwWw or WwWwWw", id="WWWW"),
        pytest.param("wwwwww", "WwWwWw or WwWwWwWw", id="wwwwww"),
        pytest.param("wwww*", "WwWw* or WwWwWw*", id="wwww-exposed"),
        pytest.param("ww!ww", "Ww!Ww or WwWw!Ww", id="ww!ww"),
        pytest.param("ewwwwd", "EwWwWd or EwWdWdWd", id="ewwwwd"),
    ],
)
def test_a_group_in_one_case_that_reads_two_ways_is_refused(text: str, readings: str):
    """`wwww` was read as two west winds, WwWw, without a word, though it may be the compact run WWWw
    (three) and `wwwd` as WwWd, not WWWd: money moved on a guess (docs/notation.md, Case)."""
    with pytest.raises(NotationError) as caught:
        parse(f"1b1b1b {text}")
    assert caught.value.code == "ambiguous-group"
    assert caught.value.column == 8
    assert caught.value.message == (
        f"{text} reads two ways, {readings} (w is both a rank, as in Ww and Wd, and the suit of winds):"
        " type the one meant"
    )


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        pytest.param("ewewew", "EwEwEw", id="ewewew"),
        pytest.param("EWEWEW", "EwEwEw", id="EWEWEW"),
        pytest.param("wdwdwd", "WdWdWd", id="wdwdwd"),
        pytest.param("www", "WwWw", id="www"),
        pytest.param("Www", "WwWw", id="Www"),
        pytest.param("wwd", "WdWd", id="wwd"),
        pytest.param("rgwd", "RdGdWd", id="rgwd"),
    ],
)
def test_a_group_in_one_case_read_one_way_a_player_types_is_read(text: str, canonical: str):
    """Tile by tile, or a compact run of one rank: a run of several wind ranks (`ewe`+`w`) is no
    reading a player means, so `ewewew` is three east winds."""
    assert parse(text).code == canonical


def test_whole_hand_canonical_and_markers():
    hand = parse("rdrdrdrd# EEEW* gdgdgd wdwdwd! swsw")
    assert hand.code == "RdRdRdRd# EwEwEw* GdGdGd WdWdWd! SwSw"
    assert [g.marker for g in hand.groups] == [
        Marker.DECLARED,
        Marker.EXPOSED,
        Marker.CONCEALED,
        Marker.CONCEALED,
        Marker.CONCEALED,
    ]
    assert [hand.column(order) for order in range(len(hand.groups))] == [1, 11, 17, 24, 32]


@pytest.mark.parametrize(
    ("text", "code", "column", "needle"),
    [
        pytest.param("1b2b3b 1d2d4d*", "not-a-set", 8, "1d2d4d* is not a set", id="exposed-not-a-set"),
        pytest.param("5c5c*", "not-a-set", 1, "is not a set", id="exposed-pair"),
        pytest.param("1b2b3b*  5c5c5c#", "not-a-kong", 10, "is not a kong", id="hash-on-pung"),
        pytest.param("5c5c5c5c", "undeclared-kong", 1, "declare it", id="undeclared-kong"),
        pytest.param("1b 1x2x", "unknown-tile", 4, "not a tile group", id="unknown-suit"),
        pytest.param("0c", "unknown-tile", 1, "not a tile", id="rank-zero"),
        pytest.param("Xw", "unknown-tile", 1, "not a tile", id="unknown-wind"),
        pytest.param("5f", "unknown-tile", 1, "not a tile", id="flower-five"),
        pytest.param("1b2b3b*#", "bad-marker", 1, "at most one marker", id="two-markers"),
        pytest.param("1b*2b3b", "bad-marker", 1, "at most one marker", id="marker-inside"),
        pytest.param("!5c", "unknown-tile", 1, "! goes straight after the winning tile", id="bang-first"),
        pytest.param("5c!5c!", "many-winning", 1, "more than one winning tile", id="two-bangs-in-group"),
        pytest.param("5c!5c 6c!6c", "many-winning", 7, "only one tile", id="two-bangs"),
        pytest.param("5c5c5c 5c5c", "too-many-copies", 8, "at most four times", id="five-copies"),
        pytest.param("1f 1f", "too-many-copies", 4, "at most once", id="bonus-twice"),
        # The first error as typed is the one told, whatever build checks first.
        pytest.param("5c5c5c 5c5c 1b2b*", "too-many-copies", 8, "four times", id="copies-before-bad-set"),
        pytest.param("1b2b* 5c5c5c 5c5c", "not-a-set", 1, "is not a set", id="bad-set-before-copies"),
        pytest.param("5c!5c5c 5c5c 6c!", "too-many-copies", 9, "four times", id="copies-before-two-bangs"),
        pytest.param("5c!5c5c 6c! 5c5c", "many-winning", 9, "only one tile", id="two-bangs-before-copies"),
        pytest.param(
            "1f 2c 1f 1b2b*", "too-many-copies", 7, "at most once", id="bonus-copies-before-bad-set"
        ),
        pytest.param("2c3c4c 1f 1f", "too-many-copies", 11, "at most once", id="bonus-twice-after-a-set"),
        pytest.param("1f2c", "mixed-bonus", 1, "mixes bonus", id="bonus-mixed"),
        pytest.param("1f*", "bad-marker", 1, "bonus tiles take no marker", id="bonus-marked"),
        pytest.param("1f!", "bad-winning-tile", 1, "bonus tile cannot be", id="bonus-winning"),
        pytest.param("5c5c5c5c!#", "bad-winning-tile", 1, "face down", id="winning-in-hidden-kong"),
        pytest.param("   ", "empty", 1, "empty hand", id="empty"),
        pytest.param("1c" * 300, "too-long", 401, "too long", id="too-long"),
        # build counts each tile in 8 bits of one integer (hand._packed): 256 copies of a tile would
        # carry into the next tile's count, and are still told as too many copies of the right group.
        pytest.param("5c5c5c " + "6" * 256 + "c", "too-many-copies", 8, "6c may appear", id="256-copies"),
        pytest.param("6" * 255 + "c 7c", "too-many-copies", 1, "6c may appear", id="255-copies"),
        pytest.param("1c2c3c " * 46 + "Rd", "too-many-copies", 29, "1c may appear", id="many-sets"),
    ],
)
def test_rejections_name_the_group_and_column(text, code, column, needle):
    with pytest.raises(NotationError) as info:
        build(parse(text))
    assert info.value.code == code
    assert info.value.column == column
    assert needle in str(info.value)
    assert str(info.value).endswith(f"(column {column})")
    assert "\n" not in str(info.value)


@given(st.one_of(winning_hands(), losing_hands()).flatmap(retyped))
def test_the_built_counts_are_the_typed_tiles(text: str):
    """build adds packed counts (hand._packed): they must be the tiles typed, counted one by one; and
    where each tile was first typed in the pool."""
    hand = build(parse(text))
    counts, pool, pool_tiles, first = [0] * 34, [0] * 34, [], {}
    for order, group in enumerate(parse(text).groups):
        marked = group.marker is not Marker.CONCEALED
        for tile in group.tiles:
            if not tile.is_bonus:
                counts[tile.index] += 1
                pool[tile.index] += not marked
                if not marked:
                    pool_tiles.append(tile)
                    first.setdefault(tile.index, order)
    assert hand.first_typed == tuple(first.get(i, 99) for i in range(34))
    assert hand.counts == tuple(counts)
    assert hand.pool_counts == tuple(pool)
    assert hand.pool == tuple(sorted(pool_tiles, key=_index))
    assert hand.opened == any(m.exposed for m in hand.fixed)


@given(st.one_of(winning_hands(), losing_hands()).flatmap(retyped))
def test_the_fixed_sets_are_their_groups_wherever_typed(text: str):
    # build remembers each marked group's Meld by its spelling and place (hand._FIXED): the same groups
    # typed in the other order, or in other hands before, are the Melds their own reading and place make.
    for typed in (text, " ".join(reversed(text.split()))):
        parsed = parse(typed)
        expected = []
        for order, group in enumerate(parsed.groups):
            what, detail = _classify(group.tiles, group.marker, group.winning is not None)
            if what == "meld":
                kind, tiles, exposed, declared, claimed = detail
                expected.append(
                    Meld(kind, tiles, exposed, declared, group.winning is not None, order, claimed)
                )
        assert build(parsed).fixed == tuple(expected)


def _index(tile: Tile) -> int:
    return tile.index


def test_four_copies_spread_over_sets_are_fine():
    hand = build(parse("4c4c4c 2c3c4c 6b6b6b 7d8d9d 1b!1b"))
    assert len(hand.pool) == 14


# --- glyphs and slips ----------------------------------------------------------------------------


def test_glyphs_pasted_back_read_as_their_codes():
    """The glyphs pungchow prints, with the same markers, are the hand they show."""
    typed = parse("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c")
    pasted = parse(
        "\U0001f010\U0001f010\U0001f010 \U0001f009\U0001f009\U0001f009 "
        "\U0001f01d\U0001f01d\U0001f01d* \U0001f013\U0001f013\U0001f013* \U0001f00d!\U0001f00d"
    )
    assert pasted.code == typed.code
    kong = parse("\U0001f004\U0001f004\U0001f004\U0001f004#")
    assert kong.code == "RdRdRdRd#"


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        pytest.param("1b1b1b, 3c3c3c", "groups are separated by spaces, not commas", 7, id="commas"),
        pytest.param(
            "123p 1b1b1b", "123p is not a tile group: riichi's notation; type 1d2d3d 1b1b1b", 1, id="p"
        ),
        pytest.param(
            "1b1b1b 456m", "456m is not a tile group: riichi's notation; type 1b1b1b 4c5c6c", 8, id="m"
        ),
        pytest.param("789s", "789s is not a tile group: riichi's notation; type 7b8b9b", 1, id="s-high"),
        # Not told whole where a group reads two ways: `123s` is seasons beside our `1c2c3c`.
        pytest.param(
            "1c2c3c 123s 456m", "456m is not a tile group: dots are d, characters c, bamboo b", 13, id="mixed"
        ),
        pytest.param(
            "1b1b1b !7c7c", "!7c7c: ! goes straight after the winning tile, e.g. 7c!7c", 8, id="bang-first"
        ),
    ],
)
def test_common_slips_get_a_hint(text, message, column):
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.message.startswith(message)
    assert caught.value.column == column


# Regression: a hand in riichi's compact notation was told one group at a time ("dots are d, characters
# c, bamboo b"), on 3202062; now the whole of it in ours, on one line, where every group reads one way.
@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        pytest.param(
            "123m456p789s11z",
            "123m456p789s11z is not a tile group: riichi's notation; type 1c2c3c 4d5d6d 7b8b9b EwEw",
            1,
            id="123m456p789s11z",
        ),
        pytest.param(
            "234m 456p 789s 11z 5z!5z",
            "234m is not a tile group: riichi's notation; type 2c3c4c 4d5d6d 7b8b9b EwEw Wd!Wd",
            1,
            id="234m 456p 789s 11z 5z!5z",
        ),
        pytest.param(
            "1c2c3c 44z", "44z is not a tile group: riichi's notation; type 1c2c3c NwNw", 8, id="1c2c3c 44z"
        ),
        # Every group riichi's: `123s` is its bamboo, not our seasons.
        pytest.param(
            "123m 123s 77z",
            "123m is not a tile group: riichi's notation; type 1c2c3c 1b2b3b RdRd",
            1,
            id="123m 123s 77z",
        ),
        pytest.param(
            "1234567z!",
            "1234567z! is not a tile group: riichi's notation; type EwSwWwNwWdGdRd!",
            1,
            id="1-7z",
        ),
        pytest.param(
            "12!3m* 06p",
            "12!3m* is not a tile group: riichi's notation; type 1c2c!3c* 5d6d (EMA 2016 has no red fives: a "
            "red five (riichi's 0) is typed 5)",
            1,
            id="12!3m* 06p",
        ),
        pytest.param(
            "0m",
            "0m is not a tile group: riichi's notation; type 5c (EMA 2016 has no red fives: a red five "
            "(riichi's 0) is typed 5)",
            1,
            id="0m",
        ),
        # Not told whole: a group that is neither's (8z), a marker after two suits, a tile marked twice.
        pytest.param("8z 123m", "8z is not a tile group: winds are Ew", 1, id="8z 123m"),
        pytest.param("123m456p*", "123m456p* is not a tile group: dots are d", 1, id="123m456p*"),
        pytest.param("3!m!", "3!m! is not a tile group: 'm' is no rank", 1, id="3!m!"),
    ],
)
def test_a_hand_in_riichis_notation_is_told_whole_in_ours(text: str, message: str, column: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.message.startswith(message)
    assert caught.value.column == column
    said = caught.value.message.partition("; type ")[2].partition(" (EMA")[0]
    if said:  # what it says to type reads, as ours
        parse(said)


def test_riichis_honors_are_ours_in_the_order_riichi_md_gives():
    """1z-4z the winds East to North, 5z haku (Wd), 6z hatsu (Gd), 7z chun (Rd): docs/riichi.md."""
    for rank, code in enumerate(("Ew", "Sw", "Ww", "Nw", "Wd", "Gd", "Rd"), start=1):
        with pytest.raises(NotationError) as caught:
            parse(f"{rank}z")
        assert caught.value.message.endswith(f"; type {code}")


def test_seasons_in_one_run_are_still_seasons():
    """`123s` is three seasons (a compact run), not a riichi bamboo chow: only 5s-9s get the hint."""
    assert [t.code for t in parse("123s").groups[0].tiles] == ["1s", "2s", "3s"]


# --- the exposed pair `=` (docs/notation.md#markers) ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "exposed"),
    [
        pytest.param("EwEw=", "EwEw=", True, id="winds"),
        pytest.param("ewew=", "EwEw=", True, id="one-case"),
        pytest.param("55c=", "5c5c=", True, id="compact"),
        pytest.param("Rd!Rd=", "Rd!Rd=", True, id="winning-tile"),
    ],
)
def test_exposed_pair_reads_as_a_fixed_pair(text, canonical, exposed):
    group = parse(text).groups[0]
    assert group.marker is Marker.EXPOSED_PAIR and group.code == canonical
    (pair,) = build(parse(text)).fixed
    assert (pair.kind.value, pair.exposed, pair.code) == ("pair", exposed, canonical.replace("!", ""))


@pytest.mark.parametrize(
    ("text", "code", "needle"),
    [
        pytest.param(
            "5c5c5c=", "not-a-pair", "5c5c5c= is not a pair (= is for two identical tiles)", id="pung"
        ),
        pytest.param("5c6c=", "not-a-pair", "5c6c= is not a pair", id="different-tiles"),
        pytest.param("5c=", "not-a-pair", "5c= is not a pair", id="one-tile"),
        pytest.param("5c5c=*", "bad-marker", "at most one marker (*, #, + or =)", id="two-markers"),
        pytest.param(
            "5c5c*", "not-a-set", "5c5c* is not a set (an exposed pair is marked =)", id="star-hint"
        ),
        pytest.param("1f1f=", "bad-marker", "bonus tiles take no marker", id="bonus"),
    ],
)
def test_exposed_pair_refusals(text, code, needle):
    with pytest.raises(NotationError) as info:
        build(parse(text))
    assert info.value.code == code
    assert needle in str(info.value)


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        pytest.param("  1b  2b", [3, 7], id="spaces"),
        pytest.param("1b\t2b\n3b", [1, 4, 7], id="tab-and-newline"),
        pytest.param("1b2b3b\u00a05c5c5c", [1, 8], id="no-break-space"),
        pytest.param("\u30001b 1b", [2, 5], id="ideographic-space"),
        pytest.param("1b 1b 1b", [1, 4, 7], id="the-same-group-thrice"),
    ],
)
def test_groups_are_split_on_any_space_with_their_columns(text: str, columns: list[int]):
    parsed = parse(text)
    assert [parsed.column(order) for order in range(len(parsed.groups))] == columns


def _read_by_split(body: str) -> tuple[tuple[Tile, ...], int | None] | None:
    """The reading of a group body by _split's strict runs alone (the way every group was read
    before the canonical fast path): tiles and winning index, None where it refuses."""
    from pungchow_calc.engine.notation import _split, _tile

    chunks = _split(body, strict=True)
    if chunks is None:
        return None
    tiles: list[Tile] = []
    winning = None
    for ranks, suit in chunks:
        for rank, bang in ranks:
            tile = _tile(rank, suit)
            if tile is None:
                return None
            if bang:
                if winning is not None:
                    return None
                winning = len(tiles)
            tiles.append(tile)
    return tuple(tiles), winning


@given(
    st.lists(
        st.tuples(st.sampled_from([t.code for t in ALL_TILES]), st.booleans()),
        min_size=1,
        max_size=8,
    )
)
def test_canonical_fast_path_reads_as_split(codes: list[tuple[str, bool]]):
    from pungchow_calc.engine.notation import _canonical

    body = "".join(code + ("!" if bang else "") for code, bang in codes)
    fast = _canonical(body)
    banged = sum(bang for _, bang in codes)
    # One `!` at most is read by the fast path; more are left to _split's reading and its error.
    assert (fast is None) == (banged > 1)
    if fast is not None:
        assert fast == _read_by_split(body)


@pytest.mark.parametrize(
    "body",
    ["123c", "EEEw", "ewewew", "1b2b3", "1b!!", "!1b", "1B2B", "rdrd", "5c!5c!", "1bb", "0b", "5s"],
    ids=str,
)
def test_canonical_fast_path_leaves_other_spellings_to_split(body: str):
    from pungchow_calc.engine.notation import _canonical

    assert _canonical(body) is None


# A group's kind bit (Group.kinds) as its docstring names them, from each tile's suit.
_KIND = {Suit.DOTS: 1, Suit.BAMBOO: 2, Suit.CHARACTERS: 4, Suit.WINDS: 8, Suit.DRAGONS: 8}


@given(
    st.lists(st.sampled_from(ALL_TILES), min_size=1, max_size=5),
    st.sampled_from(list(Marker)),
    st.data(),
)
def test_a_groups_own_fields_are_its_tiles_whatever_was_made_before(
    tiles: list[Tile], marker: Marker, data: st.DataObject
):
    # Group's own fields are remembered by tiles, marker and winning index (notation._SPELLED): a group
    # made after others of the same tiles (every other marker, every other `!`, another spelling) has
    # the fields its own tiles give, written out here tile by tile.
    winning = data.draw(st.none() | st.integers(0, len(tiles) - 1))
    for other in Marker:
        Group(tuple(tiles), other, winning, "x")
    for other_winning in (None, *range(len(tiles))):
        Group(tuple(tiles), marker, other_winning, "x")
    group = Group(tuple(tiles), marker, winning, "y")
    code = "".join(t.code + ("!" if i == winning else "") for i, t in enumerate(tiles)) + marker.value
    assert group.code == code
    assert group.indexes == tuple(t.index for t in tiles)
    assert group.kinds == sum({_KIND.get(t.suit, 0) for t in tiles})


@pytest.mark.parametrize(
    ("texts", "code", "columns"),
    [
        pytest.param(["1x 2b", "2b 1x", "2b  2b 1x"], "unknown-tile", [1, 4, 8], id="unread-group"),
        pytest.param(
            ["1b1b1b1b 2b", "2b 1b1b1b1b", "2b  2b 1b1b1b1b"], "undeclared-kong", [1, 4, 8], id="built-group"
        ),
        pytest.param(
            ["1b1b1b* 1b1b", "2b 1b1b1b* 1b1b", "2b  2b 1b1b1b* 1b1b"],
            "too-many-copies",
            [9, 12, 16],
            id="copies",
        ),
    ],
)
def test_a_group_typed_again_elsewhere_is_told_at_its_own_column(
    texts: list[str], code: str, columns: list[int]
):
    # A group is read once per spelling and shared wherever it stands (notation._group): its column is
    # the hand's (ParsedHand.column), so the same bad group is told where each hand has it.
    for text, column in zip(texts, columns, strict=True):
        with pytest.raises(NotationError) as info:
            build(parse(text))
        assert (info.value.code, info.value.column) == (code, column)


@pytest.mark.parametrize(
    ("text", "reads"),
    [("3c3c3c", True), ("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", True), ("Bob", False), ("pung-chow", False)],
    ids=["a-group", "a-hand", "a-name", "a-ruleset"],
)
def test_reads_as_hand(text: str, reads: bool):
    """The one test of "is this hand notation" behind the CLI's hints (a stray word, a hand as a name)."""
    from pungchow_calc.engine.notation import reads_as_hand

    assert reads_as_hand(text) is reads


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        pytest.param(
            "s1s1s1 b2b3b4 c5c5c5 wewewe drdr",
            "s1s1s1 is not a tile group: Kajongg's notation (its s, stones, are our dots, d); type 1d1d1d "
            "2b3b4b 5c5c5c EwEwEw RdRd, with ! after the winning tile",
            id="s1s1s1-stones",
        ),
        pytest.param(
            "S3S3S3 b2b3b4 c5c5c5 wewewe Rd!Rd",
            "S3S3S3 is not a tile group: Kajongg's notation (its s, stones, are our dots, d); type 3d3d3d* "
            "2b3b4b 5c5c5c EwEwEw Rd!Rd",
            id="S3S3S3-open-beside-ours",
        ),
        pytest.param(
            "b1b1b1 5d5d5d",
            "b1b1b1 is not a tile group: a tile is written rank then suit (1b, not b1)",
            id="b1-bamboo-either-way",
        ),
    ],
)
def test_kajongg_notation_s1s1s1_is_told_in_ours(typed: str, said: str) -> None:
    """Regression (a Kajongg player's trial): `s1s1s1` was told "1s, not s1", a season here, and `1s` then
    "s is a season, bamboo is b": Kajongg's stones (dots) were led to bamboo."""
    with pytest.raises(NotationError) as caught:
        parse(typed)
    assert caught.value.message == said and caught.value.column == 1
