"""The general mechanisms the riichi ruleset is built from (docs/riichi.md "What the engine builds on"),
each shown on a hand worked out by hand, and the refusals of hands and facts that cannot be scored."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import replace

import pytest
from cli_helpers import run
from riichi_ours import RULESET

from pungchow_calc.engine.conditions.indicators import NEXT
from pungchow_calc.engine.errors import PungchowError
from pungchow_calc.engine.impossible import IMPOSSIBLE
from pungchow_calc.engine.rules import Invalid, compile_ruleset
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import FACT, Situation, WinBy, read_tiles
from pungchow_calc.engine.tiles import PLAYING_TILES, Wind
from pungchow_calc.ruleset_files import load

PATH = RULESET.source
DISCARD, WALL, LOOSE = WinBy.DISCARD, WinBy.WALL, WinBy.LOOSE


def _facts(**given: object) -> Situation:
    for key in ("dora", "ura"):
        if key in given:
            given[key] = read_tiles(f"--{key}", str(given[key]))
    return Situation(**given)  # type: ignore[arg-type]


# (hand, facts, han, fu, basic points, limit, the doubling and limit rules)
WORKED = [
    pytest.param(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        {"riichi": True},
        2,
        30,
        480,
        None,
        ["riichi", "pinfu"],
        id="pinfu-riichi-ron-20+10",
    ),
    pytest.param(
        "2c2c!2c 5c6c7c 3d4d5d 6b7b8b 9d9d",
        {"riichi": True},
        1,
        40,
        320,
        None,
        ["riichi"],
        id="pung-completed-by-the-discard-is-open-20+10+2-rounded-up",
    ),
    pytest.param(
        "2c2c!2c 5c6c7c 3d4d5d 6b7b8b 9d9d",
        {"riichi": True, "win_by": WALL},
        2,
        30,
        480,
        None,
        ["riichi", "menzen_tsumo"],
        id="pung-completed-by-a-draw-is-concealed-20+2+4",
    ),
    pytest.param(
        "1c1c 3d3d 5b5b 7c7c 9d9d EwEw Rd!Rd",
        {"riichi": True},
        3,
        25,
        800,
        None,
        ["riichi", "chiitoitsu"],
        id="seven-pairs-25-not-rounded",
    ),
    pytest.param(
        "2c3c4c* 5d6d7d* 6b7b8b 3c4c5c! 8d8d",
        {},
        1,
        30,
        240,
        None,
        ["tanyao"],
        id="open-hand-without-fu-counts-30",
    ),
    pytest.param(
        "1c2c3c* 4c5c6c 7c8c9c 1c1c1c! EwEw",
        {},
        3,
        30,
        960,
        None,
        ["ittsu", "honitsu"],
        id="lower-han-when-open-ittsu-1-honitsu-2",
    ),
    pytest.param(
        "2c2c!2c 5c6c7c 3d4d5d 6b7b8b 9d9d",
        {"riichi": True, "dora": "1c"},
        4,
        40,
        2000,
        "Mangan",
        ["riichi", "dora"],
        id="three-dora-4-han-40-fu-over-2000-is-mangan",
    ),
    pytest.param(
        "9c1c1c 2c2c2c 3c3c3c 5c5c5c 9c!9c",
        {},
        10,
        50,
        4000,
        "Baiman",
        ["toitoi", "san_ankou", "chinitsu"],
        id="10-han-baiman",
    ),
    pytest.param(
        "RdRdRd* GdGdGd* WdWd!Wd EwEwEw NwNw",
        {},
        0,
        0,
        8000,
        "Daisangen",
        ["daisangen", "tsuuiisou"],  # both yakuman shown, one paid; nothing else beside them
        id="two-yakuman-are-one",
    ),
    # Renhou (RCR 2016 §4.2.4, "Five fan yaku"): a yaku alone (a hand of no other yaku wins a mangan),
    # adding up with the other yaku and dora; with a yakuman, the yakuman alone.
    pytest.param(
        "1c2c3c 5c6c7c 3d4d5d 6b7b8b 9d!9d",
        {"first_discard": True, "seat": Wind.SOUTH},
        5,
        40,
        2000,
        "Mangan",
        ["renhou"],
        id="renhou-alone-no-other-yaku-is-a-mangan",
    ),
    pytest.param(
        "1c2c3c 5c6c7c 3d4d5d 6b7b8b 9d!9d",
        {"first_discard": True, "seat": Wind.SOUTH, "dora": "8d"},
        7,
        40,
        3000,
        "Haneman",
        ["renhou", "dora"],
        id="renhou-with-two-dora-is-a-haneman",
    ),
    pytest.param(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 6d6d",
        {"first_discard": True, "seat": Wind.NORTH},
        7,
        30,
        3000,
        "Haneman",
        ["pinfu", "tanyao", "renhou"],
        id="renhou-pinfu-tanyao-add-up-to-haneman",
    ),
    pytest.param(
        "1c1c 3d3d 5b5b 7c7c 9d9d EwEw Rd!Rd",
        {"first_discard": True, "seat": Wind.WEST, "dora": "6c"},
        9,
        25,
        4000,
        "Baiman",
        ["chiitoitsu", "renhou", "dora"],
        id="renhou-seven-pairs-two-dora-baiman",
    ),
    pytest.param(
        "1c!9c1d9d1b9bEwSwSwWwNwWdGdRd",
        {"first_discard": True, "seat": Wind.WEST},
        0,
        0,
        8000,
        "Kokushi Musou",
        ["kokushi"],
        id="renhou-with-a-yakuman-is-the-yakuman",
    ),
    # A yakuman hand is the yakuman alone (limit_hand_alone): no honroutou, riichi, dora or fu beside it,
    # as the package's yaku and the EMA payment.
    pytest.param(
        "1c9c1d9d1b9bEwSwWwNwWdGdRd!Rd",
        {"riichi": True, "dora": "Gd"},
        0,
        0,
        8000,
        "Kokushi Musou",
        ["kokushi"],
        id="1c9c1d9d1b9bEwSwWwNwWdGdRd!Rd-riichi-dora-is-kokushi-alone",
    ),
    pytest.param(
        "1c1c1c 5d5d5d WdWdWd 9b9b9b EwEw!",
        {"riichi": True, "win_by": WALL, "dora": "4d"},
        0,
        0,
        8000,
        "Suu Ankou",
        ["suu_ankou"],
        id="1c1c1c-5d5d5d-WdWdWd-9b9b9b-EwEw!-tsumo-riichi-dora-is-suu-ankou-alone",
    ),
    pytest.param(
        "EwEw SwSw WwWw NwNw WdWd GdGd Rd!Rd",
        {},
        0,
        0,
        8000,
        "Tsuu Iisou",
        ["tsuuiisou"],
        id="EwEw-SwSw-WwWw-NwNw-WdWd-GdGd-RdRd!-seven-pairs-is-tsuuiisou-alone",
    ),
]


@pytest.mark.parametrize(("hand", "facts", "han", "fu", "basic", "limit", "rules"), WORKED)
def test_worked_hand(
    hand: str, facts: dict[str, object], han: int, fu: int, basic: int, limit: str | None, rules: list[str]
) -> None:
    score = score_text(hand, RULESET, _facts(**facts))
    got = (score.doublings, score.points, score.score, score.limit_hand)
    assert got == (han, fu, basic, limit)
    assert [line.rule for line in score.lines if line.kind in ("double", "limit")] == rules


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("4b", "5b"),
        ("9c", "1c"),
        ("9d", "1d"),
        ("Nw", "Ew"),
        ("Ew", "Sw"),
        ("Wd", "Gd"),
        ("Gd", "Rd"),
        ("Rd", "Wd"),
    ],
)
def test_an_indicator_shows_the_next_tile_wrapping(indicator: str, dora: str) -> None:
    tile = next(t for t in PLAYING_TILES if t.code == indicator)
    assert PLAYING_TILES[NEXT[tile]].code == dora


# Facts EMA play never has (docs/riichi.md "The facts of a win"): the ruleset's setting `impossible`
# (engine/situation.py IMPOSSIBLE), and the indicators' rows (Fact.most, Fact.under). Each: its id, the
# name in `impossible` that refuses it ("" for a row's bound), the hand, the facts, and the one line
# `score` prints for it (after "error: ").
PINFU = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
KAN = "RdRdRdRd# 1c2c3c 4c5c6c 7d8d9d 2b!2b"
IMPOSSIBLE_FACTS = [
    (
        "kong-after-kong-without-a-kong",
        "kong_after_kong_without_kong",
        PINFU,
        {"win_by": LOOSE, "kong_after_kong": True},
        "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, and the hand",
    ),
    # Regression: a kong after a kong with one kong (riichi has no flower to draw the first loose tile
    # for) was paid as rinshan, the limit under the Classical rulesets (Twofold Fortune).
    (
        "RdRdRdRd# 1c2c3c 4c5c6c 7d8d9d 2b!2b --kong-after-kong",
        "kong_after_kong_one_kong",
        KAN,
        {"win_by": LOOSE, "kong_after_kong": True},
        "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, itself drawn",
    ),
    (
        "rinshan-without-a-kong",
        "loose_without_kong",
        PINFU,
        {"win_by": LOOSE},
        "--loose: a loose tile is drawn only for a kong (or a flower or season), and the hand has none",
    ),
    (
        "haitei-with-rinshan",
        "last_tile_loose",
        KAN,
        {"win_by": LOOSE, "last_tile": True},
        "--last-tile and --loose contradict each other: a loose tile is never the last tile of the wall",
    ),
    # The kong the loose tile is drawn for is declared after the riichi (the win comes on the draw right
    # after it), and any kong, a concealed one too, ends the go-around of ippatsu.
    (
        "ippatsu-with-rinshan",
        "ippatsu_loose",
        KAN,
        {"win_by": LOOSE, "riichi": True, "ippatsu": True},
        "--ippatsu and --loose contradict each other: the kong the loose tile is drawn for ends ippatsu",
    ),
    (
        "ippatsu-with-double-riichi-and-a-kong-after-a-kong",
        "ippatsu_loose",
        "RdRdRdRd# 1c1c1c1c# 4c5c6c 7d8d9d 2b!2b",
        {"win_by": LOOSE, "kong_after_kong": True, "double_riichi": True, "ippatsu": True},
        "--ippatsu and --loose contradict each other: the kong the loose tile is drawn for ends ippatsu",
    ),
    # Double riichi is declared on the first turn and its ippatsu won before the next discard: in the
    # first go-arounds, some seventy tiles before the last.
    (
        "double-riichi-ippatsu-haitei",
        "double_riichi_ippatsu",
        PINFU,
        {"win_by": WALL, "double_riichi": True, "ippatsu": True, "last_tile": True},
        "--double-riichi, --ippatsu and --last-tile contradict each other: the ippatsu of a double riichi",
    ),
    (
        "double-riichi-ippatsu-houtei",
        "double_riichi_ippatsu",
        PINFU,
        {"double_riichi": True, "ippatsu": True, "last_tile": True},
        "--double-riichi, --ippatsu and --last-tile contradict each other: the ippatsu of a double riichi",
    ),
    # A kong robbed was added to a pung claimed after the double riichi (a call before it would have
    # ended the first turn), and the call ended ippatsu; only thirteen orphans robs a concealed kong.
    (
        "double-riichi-ippatsu-with-a-concealed-kong",
        "double_riichi_ippatsu",
        KAN,
        {"win_by": WALL, "double_riichi": True, "ippatsu": True},
        "--double-riichi and --ippatsu: no kong is declared before a double riichi nor before its ippatsu",
    ),
    (
        "double-riichi-ippatsu-chankan",
        "double_riichi_ippatsu",
        PINFU,
        {"double_riichi": True, "ippatsu": True, "robbing_kong": True},
        "--double-riichi, --ippatsu and --robbing-kong contradict each other: the kong robbed was added to",
    ),
    (
        "houtei-with-chankan",
        "last_tile_robbed",
        PINFU,
        {"robbing_kong": True, "last_tile": True},
        "--last-tile and --robbing-kong contradict each other: no kong is declared once the last tile",
    ),
    # Renhou (--first-discard): won on a discard before the winner's own first draw, in the first
    # uninterrupted go-around: nothing of his own turn, no call, no kong, no later play.
    (
        "renhou-self-drawn",
        "first_discard_after_turn",
        PINFU,
        {"first_discard": True, "seat": Wind.SOUTH, "win_by": WALL},
        "--first-discard is a win on a discard before one's own first draw, not self-drawn",
    ),
    (
        "renhou-on-a-loose-tile",
        "first_discard_after_turn",
        KAN,
        {"first_discard": True, "seat": Wind.SOUTH, "win_by": LOOSE},
        "--first-discard is a win on a discard before one's own first draw, not on a loose tile",
    ),
    (
        "renhou-with-riichi",
        "first_discard_after_turn",
        PINFU,
        {"first_discard": True, "seat": Wind.SOUTH, "riichi": True},
        "--first-discard and --riichi contradict each other: riichi is declared with one's own discard",
    ),
    (
        "renhou-with-double-riichi-and-ippatsu",
        "first_discard_after_turn",
        PINFU,
        {"first_discard": True, "seat": Wind.WEST, "double_riichi": True, "ippatsu": True},
        "--first-discard and --double-riichi contradict each other",
    ),
    (
        "renhou-with-chankan",
        "first_discard_after_turn",
        PINFU,
        {"first_discard": True, "seat": Wind.SOUTH, "robbing_kong": True},
        "--first-discard and --robbing-kong contradict each other: a kong ends the first uninterrupted",
    ),
    (
        "renhou-with-houtei",
        "first_discard_after_turn",
        PINFU,
        {"first_discard": True, "seat": Wind.NORTH, "last_tile": True},
        "--first-discard and --last-tile contradict each other",
    ),
    (
        "renhou-with-an-original-hand",
        "first_discard_after_turn",
        PINFU,
        {"first_discard": True, "seat": Wind.SOUTH, "original_hand": True},
        "--first-discard and --original-hand contradict each other",
    ),
    (
        "renhou-with-a-claimed-set",
        "first_discard_after_turn",
        "2c3c4c* 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        {"first_discard": True, "seat": Wind.SOUTH},
        "--first-discard: nothing is claimed in the first uninterrupted go-around, but a set is laid open",
    ),
    (
        "renhou-with-a-claimed-kong",
        "first_discard_after_turn",
        "RdRdRdRd+ 1c2c3c 4c5c6c 7d8d9d 2b!2b",
        {"first_discard": True, "seat": Wind.SOUTH},
        "--first-discard: nothing is claimed in the first uninterrupted go-around, but a set is laid open",
    ),
    (
        "renhou-with-a-concealed-kong",
        "first_discard_after_turn",
        KAN,
        {"first_discard": True, "seat": Wind.SOUTH},
        "--first-discard: no kong is declared before one's own first draw, not even a concealed one (#)",
    ),
    (
        "2c3c4c-5c6c7c-3d4d5d-6b7b8b!-9d9d-riichi-double-riichi",
        "riichi_twice",
        PINFU,
        {"riichi": True, "double_riichi": True},
        "--riichi and --double-riichi: riichi is declared once: give --double-riichi alone for a riichi "
        "declared on the first uninterrupted turn, else --riichi",
    ),
    (
        "original-hand-on-a-discard",
        "original_hand_after_call",
        PINFU,
        {"original_hand": True, "seat": Wind.SOUTH},
        "--original-hand is a win on the first draw from the wall, not by discard: add --drawn, or drop "
        "--original-hand",
    ),
    (
        "original-hand-on-a-loose-tile",
        "original_hand_after_call",
        KAN,
        {"original_hand": True, "win_by": LOOSE, "seat": Wind.SOUTH},
        "--original-hand is a win on the first draw from the wall, not on a loose tile: drop --loose or "
        "--original-hand",
    ),
    # Tenhou and chiihou with riichi, ippatsu, the last tile or a kong robbed (the package scores them).
    (
        "tenhou-2c3c4c-5c6c7c-3d4d5d-6b7b8b-9d9d-riichi",
        "original_hand_after_call",
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d9d",
        {"original_hand": True, "win_by": WALL, "riichi": True},
        "--original-hand and --riichi contradict each other: riichi is declared with one's own discard, "
        "after the first draw",
    ),
    (
        "tenhou-double-riichi-ippatsu",
        "original_hand_after_call",
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d9d",
        {"original_hand": True, "win_by": WALL, "double_riichi": True, "ippatsu": True},
        "--original-hand and --double-riichi contradict each other: riichi is declared with one's own "
        "discard, after the first draw",
    ),
    (
        "chiihou-riichi-ippatsu",
        "original_hand_after_call",
        PINFU,
        {"original_hand": True, "win_by": WALL, "seat": Wind.NORTH, "riichi": True, "ippatsu": True},
        "--original-hand and --riichi contradict each other: riichi is declared with one's own discard, "
        "after the first draw",
    ),
    (
        "original-hand-riichi-on-a-discard-not-told-to-add-drawn",
        "original_hand_after_call",
        PINFU,
        {"original_hand": True, "seat": Wind.SOUTH, "riichi": True},
        "--original-hand and --riichi contradict each other: riichi is declared with one's own discard, "
        "after the first draw",
    ),
    (
        "tenhou-haitei",
        "original_hand_after_call",
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d9d",
        {"original_hand": True, "win_by": WALL, "last_tile": True},
        "--original-hand and --last-tile contradict each other: the first draw is not the last tile",
    ),
    (
        "chiihou-haitei",
        "original_hand_after_call",
        PINFU,
        {"original_hand": True, "win_by": WALL, "seat": Wind.WEST, "last_tile": True},
        "--original-hand and --last-tile contradict each other: the first draw is not the last tile",
    ),
    (
        "original-hand-robbing-a-kong",
        "original_hand_after_call",
        PINFU,
        {"original_hand": True, "robbing_kong": True, "seat": Wind.SOUTH},
        "--original-hand and --robbing-kong contradict each other: a win on the first draw, and a win on a "
        "tile another player adds to a kong",
    ),
    (
        "original-hand-with-a-claimed-set",
        "original_hand_after_call",
        "2c3c4c* 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        {"original_hand": True, "win_by": WALL, "seat": Wind.SOUTH},
        "--original-hand: nothing is claimed before the first draw, but a set is laid open (*, +)",
    ),
    (
        "original-hand-with-a-claimed-kong",
        "original_hand_after_call",
        "RdRdRdRd+ 1c2c3c 4c5c6c 7d8d9d 2b!2b",
        {"original_hand": True, "win_by": WALL, "seat": Wind.SOUTH},
        "--original-hand: nothing is claimed before the first draw, but a set is laid open (*, +)",
    ),
    (
        "original-hand-with-a-concealed-kong",
        "original_hand_after_call",
        "RdRdRdRd# 1c2c3c 4c5c6c 7d8d9d 2b2b",
        {"original_hand": True, "win_by": WALL},
        "--original-hand: no kong is declared before the first draw, not even a concealed one (#)",
    ),
    (
        "chankan-of-a-tile-held-twice",
        "robbed_tile_held",
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 8b8b",
        {"robbing_kong": True},
        "--robbing-kong: the other three 8b are in the kong robbed, so the hand holds one 8b, not 3",
    ),
    # Regression: the robbed 8b is the fourth of a kong, whose other three no indicator can be (a fifth 8b).
    (
        "robbing-kong-dora-8b-on-8b",
        "robbed_tile_held",
        PINFU,
        {"riichi": True, "robbing_kong": True, "dora": "8b"},
        "--robbing-kong: the other three 8b are in the kong robbed, so the --dora indicators hold no 8b",
    ),
    (
        "robbing-kong-ura-8b-on-8b",
        "robbed_tile_held",
        PINFU,
        {"riichi": True, "robbing_kong": True, "dora": "1c", "ura": "8b"},
        "--robbing-kong: the other three 8b are in the kong robbed, so the --ura indicators hold no 8b",
    ),
    (
        "six-dora-indicators",
        "",
        PINFU,
        {"dora": "1c,1c,1c,2c,2c,2c"},
        "--dora: 6 tiles, but at most 5 are turned in a hand",
    ),
    (
        "more-ura-than-dora",
        "",
        PINFU,
        {"riichi": True, "dora": "1c", "ura": "2c,3c"},
        "--ura: 2 tiles, but one lies under each --dora indicator: at most 1",
    ),
]

# The same facts where the play has them: not refused.
POSSIBLE_FACTS = [
    pytest.param(KAN, {"win_by": LOOSE}, id="rinshan-with-a-concealed-kong"),
    pytest.param(
        "RdRdRdRd* 1c2c3c 4c5c6c 7d8d9d 2b!2b", {"win_by": LOOSE}, id="rinshan-with-an-exposed-kong"
    ),
    pytest.param(KAN, {"win_by": WALL, "last_tile": True}, id="haitei-with-a-kong"),
    # Ippatsu with a kong declared before the riichi, won from the wall; and robbing another's kong.
    pytest.param(
        KAN, {"win_by": WALL, "riichi": True, "ippatsu": True}, id="ippatsu-with-a-kong-won-from-the-wall"
    ),
    pytest.param(PINFU, {"robbing_kong": True, "riichi": True, "ippatsu": True}, id="ippatsu-with-chankan"),
    pytest.param(
        "1c9c1d9d1b9bEwSwWwNwWdGd!RdRd",
        {"robbing_kong": True, "double_riichi": True, "ippatsu": True},
        id="thirteen-orphans-double-riichi-ippatsu-robbing-a-concealed-kong",
    ),
    # A riichi declared late may win with ippatsu on the last tile; a double riichi without ippatsu too.
    pytest.param(PINFU, {"riichi": True, "ippatsu": True, "last_tile": True}, id="riichi-ippatsu-houtei"),
    pytest.param(
        PINFU, {"double_riichi": True, "last_tile": True, "win_by": WALL}, id="double-riichi-haitei"
    ),
    pytest.param(KAN, {"double_riichi": True, "win_by": WALL}, id="double-riichi-with-a-concealed-kong"),
    pytest.param(PINFU, {"last_tile": True, "riichi": True}, id="houtei"),
    pytest.param(PINFU, {"robbing_kong": True}, id="chankan-of-a-tile-held-once"),
    pytest.param(PINFU, {"robbing_kong": True, "riichi": True, "dora": "7b"}, id="chankan-with-another-dora"),
    pytest.param("2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d9d", {"original_hand": True, "win_by": WALL}, id="tenhou"),
    pytest.param(PINFU, {"original_hand": True, "win_by": WALL, "seat": Wind.WEST}, id="chiihou"),
    # Kan dora are turned for every kong at the table, the other players' too: five indicators with no
    # kong in the winner's hand (four kongs declared by the others) is play.
    pytest.param(PINFU, {"dora": "1c,1c,1c,2c,2c"}, id="five-dora-indicators"),
    pytest.param(PINFU, {"riichi": True, "dora": "1c,2c", "ura": "1d,2d"}, id="as-many-ura-as-dora"),
    pytest.param(PINFU, {"riichi": True, "ura": "1d,2d"}, id="ura-with-no-dora-given"),
    pytest.param(PINFU, {"first_discard": True, "seat": Wind.SOUTH}, id="renhou"),
    pytest.param(PINFU, {"first_discard": True, "seat": Wind.WEST, "dora": "5c"}, id="renhou-with-dora"),
    # The dealer wins on a discard in the first go-around too: no renhou, the hand's own yaku score.
    pytest.param(PINFU, {"first_discard": True}, id="first-discard-for-east"),
]


def test_each_impossible_name_is_declared_by_the_ruleset_and_refuses_its_rows() -> None:
    names = {name for _, name, *_ in IMPOSSIBLE_FACTS if name}
    # Every name but the book's first card played, East's discard: riichi's renhou is won on any
    # player's discard of the first go-around (test_a_ruleset_refuses_only_what_it_declares_impossible);
    # and original_hand_not_as_dealt, original_hand_after_call less its `--drawn`, for the book's rulesets.
    book = {"first_discard_not_easts", "original_hand_not_as_dealt", "ninth_win_not_easts"}
    assert names == set(IMPOSSIBLE) - book == RULESET.settings.impossible
    for _, name, hand, facts, message in IMPOSSIBLE_FACTS:
        if not name:
            continue
        # Without that one name the row is not refused for that reason: the name is what refuses it.
        settings = replace(RULESET.settings, impossible=RULESET.settings.impossible - {name})
        try:
            score_text(hand, replace(RULESET, settings=settings), _facts(**facts))
        except PungchowError as exc:
            assert not exc.message.startswith(message), name


@pytest.mark.parametrize(("hand", "facts"), POSSIBLE_FACTS)
def test_possible_facts_are_scored(hand: str, facts: dict[str, object]) -> None:
    score = score_text(hand, RULESET, _facts(**facts))
    assert score.score > 0


@pytest.mark.parametrize(
    ("hand", "facts", "code"),
    [
        pytest.param("2c3c4c* 5d5d5d* 7b8b9b 3c4c5c! 8d8d", {}, "no-yaku", id="no-yaku"),
        pytest.param(
            "2c3c4c* 5d5d5d* 7b8b9b 3c4c5c! 8d8d", {"dora": "1c,4d"}, "no-yaku", id="dora-are-no-yaku"
        ),
        pytest.param(
            "2c3c4c* 5d5d5d* 6b7b8b 3c4c5c! 8d8d",
            {"riichi": True},
            "open-hand",
            id="riichi-with-an-open-hand",
        ),
        pytest.param(
            "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", {"ippatsu": True}, "bad-option", id="ippatsu-without-riichi"
        ),
        pytest.param(
            "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", {"ura": "1c"}, "bad-option", id="ura-without-riichi"
        ),
        pytest.param(
            "2c2c2c2c# 5c6c7c 3d4d5d 6b7b8b! 9d9d",
            {"dora": "2c"},
            "bad-option",
            id="a-fifth-copy-as-indicator",
        ),
        pytest.param(
            "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
            {"riichi": True, "dora": "9d", "ura": "9d,9d"},
            "bad-option",
            id="indicators-and-hand-five-alike",
        ),
        *(pytest.param(hand, facts, "bad-option", id=name) for name, _, hand, facts, _ in IMPOSSIBLE_FACTS),
    ],
)
def test_refused(hand: str, facts: dict[str, object], code: str) -> None:
    with pytest.raises(PungchowError) as caught:
        score_text(hand, RULESET, _facts(**facts))
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["2c3c4c* 5d5d5d* 7b8b9b 3c4c5c! 8d8d"],
            "no win under riichi-ema-2016: a winning hand needs 1 han of its yaku, or a yakuman (Dora and "
            "Ura Dora do not count)",
            id="no-yaku",
        ),
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--ippatsu"], "--ippatsu needs --riichi", id="ippatsu"
        ),
        pytest.param(
            ["2c3c4c* 5d5d5d* 6b7b8b 3c4c5c! 8d8d", "--double-riichi"],
            "--double-riichi needs a closed hand",
            id="open-double-riichi",
        ),
        pytest.param(["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--dora", "9z"], "--dora:", id="bad-indicator"),
        # Riichi's honors written 1z-7z: the hint says the whole in ours (the list of indicators too).
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 5z5z"],
            "5z5z is not a tile group: riichi's notation; type 2c3c4c 5c6c7c 3d4d5d 6b7b8b! WdWd",
            id="2c3c4c-5c6c7c-3d4d5d-6b7b8b!-5z5z",
        ),
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--dora", "1z"],
            "--dora: 1z is not a tile group: riichi's notation; type Ew",
            id="dora-1z",
        ),
        # An empty list, or a marker on an indicator: one line naming the option (not "empty hand", and
        # a marker is not dropped in silence).
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--dora", ""],
            "--dora: no tile given: name the indicators (e.g. --dora 4c,Nw), or leave --dora out",
            id="dora-empty",
        ),
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--dora", " , "],
            "--dora: no tile given",
            id="dora-comma-only",
        ),
        # `--dora 8d --dora "$MORE"` with MORE unset was scored on 8d alone, the kan dora dropped without
        # a word, where `--dora ''` alone is refused.
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--dora", "8d", "--dora", ""],
            # Said of the value given empty, not of a joined '8d,' never typed (read_tiles).
            "--dora: no tile given: name the indicators (e.g. --dora 4c,Nw), or leave --dora out",
            id="dora-8d-dora-empty",
        ),
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--dora", "8d,,Nw"],
            "--dora: '8d,,Nw' leaves an indicator empty",
            id="dora-8d,,Nw",
        ),
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--riichi", "--ura", ",1c"],
            "--ura: ',1c' leaves an indicator empty",
            id="ura-,1c",
        ),
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--dora", "8d*"],
            "--dora: 8d*: an indicator is a plain tile, without * (e.g. --dora 4c,Nw) (column 1)",
            id="dora-8d*",
        ),
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--dora", "Nw,8d!"],
            "--dora: 8d!: an indicator is a plain tile, without ! (e.g. --dora 4c,Nw) (column 4)",
            id="dora-Nw,8d!",
        ),
        pytest.param(
            ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--riichi", "--ura", "1c1c1c1c#"],
            "--ura: 1c1c1c1c#: an indicator is a plain tile, without #",
            id="ura-1c1c1c1c#",
        ),
    ],
)
def test_the_cli_refuses_in_one_line(argv: list[str], message: str) -> None:
    result = run("score", *argv, "-r", PATH)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr


def _argv(facts: dict[str, object]) -> list[str]:
    """The options of `score` that state these facts (as _facts takes them)."""
    out: list[str] = []
    for name, value in facts.items():
        if isinstance(value, WinBy):
            out.append({LOOSE: "--loose", WALL: "--drawn", DISCARD: "--win-by=discard"}[value])
        elif isinstance(value, Wind):
            out += [f"--{name}", value.name.lower()]
        elif value is True:
            out.append(FACT[name].option)
        else:
            out += [FACT[name].option, str(value)]
    return out


@pytest.mark.parametrize(
    ("hand", "facts", "message"),
    [pytest.param(hand, facts, message, id=name) for name, _, hand, facts, message in IMPOSSIBLE_FACTS],
)
def test_the_cli_refuses_impossible_facts_in_one_line(
    hand: str, facts: dict[str, object], message: str
) -> None:
    result = run("score", hand, *_argv(facts), "-r", PATH)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {message}") and result.stderr.count("\n") == 1


def test_score_renhou_reads_first_discard_with_no_note() -> None:
    # A hand of no other yaku, won by renhou: a mangan from the discarder, and `--first-discard` is read
    # (no note that no rule scores it, as before renhou was a rule).
    result = run("score", "1c2c3c 5c6c7c 3d4d5d 6b7b8b 9d!9d", "-r", PATH, "-s", "south", "--first-discard")
    assert result.exit_code == 0, result.stderr
    assert "Renhou" in result.stdout and "Mangan" in result.stdout and "8000" in result.stdout
    assert "Note" not in result.stdout and "first-discard" not in result.stdout + result.stderr


def test_first_discard_for_the_dealer_is_noted_not_scored() -> None:
    # Renhou is another seat's (the dealer has drawn before any discard): East's win on a discard in the
    # first go-around scores its own yaku, and the note says no rule can use --first-discard there.
    result = run("score", PINFU, "-r", PATH, "--first-discard", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert "renhou" not in [line["rule"] for line in data["lines"]]
    (note,) = data["notes"]
    assert note.startswith("--first-discard: no rule of ruleset riichi-ema-2016 can use")
    assert note.endswith("in this hand (east seat, won by discard)")


def test_batch_records_each_impossible_line_as_an_error_and_goes_on(tmp_path) -> None:
    # A refused line is an error record in its place, never a dropped entry; the possible hand after
    # them is scored.
    path = tmp_path / "hands.txt"
    lines = [shlex.join([hand, *_argv(facts), "-r", PATH]) for _, _, hand, facts, _ in IMPOSSIBLE_FACTS]
    path.write_text("\n".join([*lines, shlex.join([KAN, "--loose", "-r", PATH])]) + "\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == len(IMPOSSIBLE_FACTS) + 1
    for record, (*_, message) in zip(records, IMPOSSIBLE_FACTS, strict=False):
        assert record["error"]["code"] == "bad-option" and record["error"]["message"].startswith(message)
    assert "error" not in records[-1] and records[-1]["win_by"] == "loose"
    assert result.exit_code == 1  # some entries failed


def test_a_ruleset_refuses_only_what_it_declares_impossible() -> None:
    # The setting is any ruleset's: the book's rulesets declare a kong after a kong with no kong (the
    # Classical Chinese ones), East's first discard and a robbed tile held twice, not a loose tile with
    # no kong (the book's loose tile for a flower), which scores there as ever; a house ruleset that
    # declares `loose_without_kong` refuses it, and accepts a loose tile for a flower.
    book = load("classical-bmja")
    assert book.settings.impossible == {
        "kong_after_kong_without_kong",
        "kong_after_kong_one_kong",
        "first_discard_after_turn",
        "original_hand_not_as_dealt",
        "first_discard_not_easts",
        "robbed_tile_held",
    }  # not ninth_win_not_easts: Kajongg's BMJA has no "East won nine times in a row" to refuse it for
    assert load("classical-dmjl").settings.impossible == book.settings.impossible | {"ninth_win_not_easts"}
    pungs = "1b1b1b 3c3c3c 5d5d5d 4b4b4b* 7c!7c"
    closed = "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c"  # nothing claimed before a win on the first discard
    # Blessing of Earth is won on East's first discard: another discarder named is refused, East scored.
    with pytest.raises(PungchowError, match="East's discard, but --from names west"):
        score_text(closed, book, Situation(seat=Wind.SOUTH, first_discard=True, discarder=Wind.WEST))
    assert score_text(closed, book, Situation(seat=Wind.SOUTH, first_discard=True, discarder=Wind.EAST)).score
    with pytest.raises(PungchowError, match="East's discard, but East's hand won"):
        score_text(closed, book, Situation(seat=Wind.EAST, first_discard=True))
    # Riichi's renhou: any player's discard of the first go-around.
    assert score_text(
        closed, RULESET, Situation(seat=Wind.SOUTH, first_discard=True, discarder=Wind.WEST)
    ).score
    assert score_text(pungs, book, Situation(win_by=LOOSE)).score > 0
    with pytest.raises(PungchowError, match="the other three 7c are in the kong robbed"):
        score_text(pungs, book, Situation(robbing_kong=True))
    house = compile_ruleset(
        {
            **book.data,
            "name": "house",
            "settings": {**book.data["settings"], "impossible": ["loose_without_kong"]},
        },
        "house",
        "<test>",
    )
    with pytest.raises(PungchowError, match="a loose tile is drawn only for a kong"):
        score_text(pungs, house, Situation(win_by=LOOSE))
    assert score_text(f"{pungs} 1f", house, Situation(win_by=LOOSE)).score > 0
    assert score_text(pungs, house, Situation(robbing_kong=True)).score > 0  # not declared: scored


def test_score_diff_and_rules_show_read_the_riichi_ruleset() -> None:
    hand = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
    scored = run("score", hand, "-r", PATH, "--riichi", "--dora", "8d", "--json")
    assert scored.exit_code == 0 and '"score": 1920' in scored.stdout and '"rule": "dora"' in scored.stdout
    diff = run("diff", hand, "-r", "pung-chow", "-r", "classical-bmja", "-r", PATH, "--riichi")
    assert diff.exit_code == 0 and "Pinfu" in diff.stdout and "Mah-Jongg" in diff.stdout
    card = run("rules", "show", PATH)
    assert card.exit_code == 0
    shown = ("han 2, open 1", "per indicated: dora", "Mangan: 5 han or more", "fu × 2^(han + 2)")
    shown += ("played by", "4 players", "a yakuman scores", "its yakuman lines alone")
    shown += ("rounds played", "east, south")
    # What the card did not say: which doublings replace which (group), and that dora are no yaku.
    shown += ("han 1, not with Double Riichi", "not with Ryanpeikou", "not with Junchan")
    shown += (
        "not with Chinitsu",
        "indicated: dora, not for the minimum",
        "indicated: ura, not for the minimum",
    )
    for text in shown:
        assert text in card.stdout
    # Its doublings are counted in its players' word, han (`words:`), never Harr's "doubles 2 times";
    # the book's card keeps them.
    assert "doubles" not in card.stdout and "times" not in card.stdout
    harr = run("rules", "show", "pung-chow").stdout
    assert "doubles" in harr and "once" in harr and not re.search(r"\bhan\b", harr)


def test_settle_pays_a_riichi_self_draw_as_docs_riichi_md_says() -> None:
    # docs/riichi.md "Payments": riichi, menzen tsumo, pinfu (basic 640) self-drawn by South with two
    # counters and a deposit, the losers given as 0: 1,300 + 200 from East, 700 + 200 from the others.
    hand = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
    losers = ("--east", "0", "--west", "0", "--north", "0")
    facts = ("--drawn", "--riichi", "--honba", "2", "--deposits", "1", "--json")
    result = run("settle", "-r", PATH, "--south", hand, *losers, *facts)
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["net"] == {"east": -1500, "south": 3300, "west": -900, "north": -900}
    assert record["deposits"] == 1000


# A hanchan is an East round and a South round (RCR 2016 §2.2, §3.6; the ruleset's `round_winds: 2`):
# a hand stated in the West or North round is scored as stated, with a note (regression: scored with no
# word that EMA's game has no such round, most often the seat's wind typed as the round's).
@pytest.mark.parametrize(
    ("argv", "payment"),
    [
        pytest.param(
            ["score", PINFU, "--round", "west", "-s", "west"], 1000, id="score-PINFU-round-west-s-west"
        ),
        pytest.param(["score", PINFU, "-w", "n", "-s", "east"], 1500, id="score-PINFU-w-n-s-east"),
    ],
)
def test_a_riichi_hand_in_a_round_ema_does_not_play_is_noted(argv: list[str], payment: int) -> None:
    result = run(*argv, "-r", PATH, "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    wind = record["round"]
    assert record["payments"] == {"discarder": payment}
    assert record["notes"] == [
        f"--round {wind}: ruleset riichi-ema-2016 plays the east and south rounds only (round_winds: 2): "
        f"scored with {wind} as the prevalent wind, as given"
    ]


def test_settle_west_2000_round_north_notes_the_round() -> None:
    # A winner's score given as a number: the round is still noted, the table settled as stated.
    seats = ("--west", "2000", "--east", "0", "--south", "0", "--north", "0", "--winner", "west")
    result = run("settle", "-r", PATH, *seats, "--from", "north", "--round", "north", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["net"]["west"] == 8000
    assert any(
        n.startswith("--round north: ruleset riichi-ema-2016 plays the east and south")
        for n in record["notes"]
    )


def test_round_south_and_the_books_round_west_have_no_round_note() -> None:
    assert "notes" not in json.loads(run("score", PINFU, "-r", PATH, "-w", "south", "--json").stdout)
    book = run("score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", "-w", "west", "--json")
    # Part I plays every round (no `plays the ... rounds only`), and no rule of it reads the round's wind.
    assert json.loads(book.stdout)["notes"] == [
        "--round west: no rule of ruleset pung-chow reads the round's wind"
    ]
    limit = run(
        "score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", "-w", "west", "-r", "pung-chow-limit", "--json"
    )
    assert "notes" not in json.loads(limit.stdout)  # Part II reads it (own wind in own round)
    assert "rounds played" not in run("rules", "show", "pung-chow").stdout


@pytest.mark.parametrize("value", [0, 5, "two"], ids=["round_winds-0", "round_winds-5", "round_winds-two"])
def test_round_winds_is_1_to_4(tmp_path, value) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: pung-chow\nsettings:\n  round_winds: {value}\n", encoding="utf-8")
    result = run("rules", "check", str(house))
    assert result.exit_code != 0 and "round_winds" in result.output


@pytest.mark.parametrize(
    "seats",
    [
        pytest.param(("--east", "0", "--west", "0"), id="south-HAND-east-0-west-0-drawn"),
        pytest.param(("--east", "0"), id="south-HAND-east-0-drawn"),
        # Regression: the winner's seat alone, as a riichi player gives it, was told "settling needs at
        # least two seats (two-handed game)", a game EMA riichi does not have.
        pytest.param((), id="south-HAND-drawn"),
    ],
)
def test_settle_refuses_a_riichi_table_without_four_seats(seats: tuple[str, ...]) -> None:
    # EMA riichi is played by four (the ruleset's `players: 4`): a seat left out is no three-handed
    # game of it, and settling without it would let that seat pay nothing (docs/riichi.md "Payments").
    hand = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
    result = run("settle", "-r", PATH, "--south", hand, *seats, "--drawn", "--riichi")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: ruleset riichi-ema-2016 is played by 4, not ")
    assert "give each player's seat, a loser's score as 0 (--west 0)" in result.stderr


def test_settle_refuses_a_riichi_draw_east_0_south_0_west_0_north_0_draw() -> None:
    # An exhaustive draw pays tenpai payments under EMA (docs/riichi.md#hanchan), which are not worked
    # out; the hands' differences are never settled under the ruleset: "No payments" would mislead.
    seats = ("--east", "0", "--south", "0", "--west", "0", "--north", "0")
    result = run("settle", "-r", PATH, *seats, "--draw", "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "no-draw-settlement"
    assert error["message"].startswith("ruleset riichi-ema-2016: its losers do not settle among themselves")


def test_settle_and_evening_keep_any_rulesets_players(tmp_path) -> None:
    # The setting is any ruleset's: a house Pung Chow played by three settles three seats, refuses four
    # (`too-many-seats`) and an evening of two (`too-few-seats`), nothing written.
    house = tmp_path / "three.yaml"
    house.write_text("extends: pung-chow\nsettings:\n  players: 3\n", encoding="utf-8")
    seats = ("--east", "10", "--south", "1b1b1b 3c3c3c 5d5d5d 4b4b4b* 7c!7c", "--west", "4")
    assert run("settle", "-r", str(house), *seats).exit_code == 0
    four = run("settle", "-r", str(house), *seats, "--north", "8", "--json")
    assert four.exit_code == 2 and json.loads(four.stdout)["error"]["code"] == "too-many-seats"
    log = tmp_path / "evening.jsonl"
    two = run("evening", "new", str(log), "--players", "A,B", "-r", str(house))
    assert two.exit_code == 2 and "is played by 3, not 2: name one player for each seat" in two.stderr
    assert not log.exists()
    assert run("evening", "new", str(log), "--players", "A,B,C", "-r", str(house)).exit_code == 0


@pytest.mark.parametrize(
    ("rule", "settings", "message"),
    [
        pytest.param(
            {"doublings": {"closed": 2}}, {}, "doublings is a number or {closed, open}", id="no-open"
        ),
        pytest.param(
            {"doublings": 1, "scope": "set", "per": {"indicated": "dora"}},
            {},
            "per is for a hand rule",
            id="per-set",
        ),
        pytest.param({"doublings": 1, "per": {"held": "dora"}}, {}, "unknown count 'held'", id="per-unknown"),
        pytest.param(
            {"doublings": 1, "per": {"indicated": "kan"}}, {}, "per 'indicated' expects", id="per-bad"
        ),
        pytest.param({"doublings": 1, "rounded": "no"}, {}, "rounded must be true or false", id="rounded"),
        pytest.param(
            {"doublings": 1},
            {
                "limits": [
                    {"name": "B", "doublings": 8, "score": 4},
                    {"name": "M", "doublings": 5, "score": 2},
                ]
            },
            "ascending",
            id="limits-order",
        ),
        pytest.param(
            {"doublings": 1},
            {"limits": [{"name": "Mangan", "doublings": 5, "scor": 2000}]},
            "unknown limit key 'scor' (did you mean 'score'?)",
            id="limits-key-scor",
        ),
        pytest.param(
            {"doublings": {"closed": 2, "opne": 1}},
            {},
            "unknown doublings key 'opne' (did you mean 'open'?)",
            id="doublings-key-opne",
        ),
        pytest.param(
            {"doublings": 1},
            {"round_points": 0},
            "round_points must be a whole number of 1 or more, or null, got 0",
            id="round-0",
        ),
        pytest.param({"doublings": 1}, {"players": 1}, "players must be 2 to 4, or 0", id="players-1"),
        pytest.param({"doublings": 1}, {"players": 5}, "players must be at most 4", id="players-5"),
        pytest.param(
            {"doublings": 1}, {"not_written": ["flowers"]}, "not_written is a list of", id="not-written"
        ),
        pytest.param(
            {"doublings": 1},
            {"impossible": ["rinshan"]},
            "impossible is a list of kong_after_kong_without_kong",
            id="impossible",
        ),
        pytest.param(
            {"doublings": 1}, {"impossible": "robbed_tile_held"}, "impossible is a list of", id="not-a-list"
        ),
    ],
)
def test_the_loader_refuses(rule: dict[str, object], settings: dict[str, object], message: str) -> None:
    doc = {"settings": settings, "rules": [{"id": "r", "label": "R", **rule}]}
    with pytest.raises(Invalid, match=re.escape(message)):
        compile_ruleset(doc, "t", "<test>")


def test_an_evening_of_the_riichi_ruleset_is_refused_and_nothing_written(tmp_path) -> None:
    # docs/riichi.md "The game (hanchan)": not built, so `evening new` refuses it in one line.
    path = tmp_path / "riichi.jsonl"
    result = run("evening", "new", str(path), "--players", "Ann,Bob,Cy,Di", "-r", PATH)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "cannot keep its game yet" in result.stderr and not path.exists()
    # ... with the way to settle its hands all the same. Regression: it said `score` or `batch`, which
    # move no money, where a house copy's refusal of counters and docs/riichi.md#hanchan say settle.
    assert result.stderr.endswith(": settle each hand with `pungchow settle`\n")


@pytest.mark.parametrize(
    ("dora", "expected"),
    [
        pytest.param("[8d, Nw]", None, id="dora-list-8d-Nw"),
        pytest.param("'8d,Nw'", None, id="dora-text-8d,Nw"),
        pytest.param("[8d, 8]", "dora: expects tiles, e.g. [4c, Nw], got 8", id="dora-list-with-a-number"),
        pytest.param("[8d, [Nw]]", "dora: expects tiles, as text or a list", id="dora-nested-list"),
        pytest.param("{a: 1}", "dora: expects tiles, as text or a list", id="dora-mapping"),
        pytest.param("[]", "--dora: no tile given", id="dora-empty-list"),
        pytest.param(
            "[8d, '']", "--dora: '8d,' leaves an indicator empty", id="dora-list-with-an-empty-item"
        ),
        pytest.param("[8d*]", "--dora: 8d*: an indicator is a plain tile", id="dora-list-with-a-marker"),
        # Regression: a null item (`~`, `null`) was a TypeError traceback, the entries after it lost.
        pytest.param("[8d, null]", "dora: expects tiles, e.g. [4c, Nw], got null", id="dora-8d-null"),
        pytest.param("[~]", "dora: expects tiles, e.g. [4c, Nw], got null", id="dora-tilde"),
    ],
)
def test_batch_yaml_dora_as_a_list_is_read_as_the_text(tmp_path, dora: str, expected: str | None) -> None:
    """`dora: [8d, Nw]` in a batch YAML entry is the text `8d,Nw`, read by --dora's own reader."""
    hand = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
    path = tmp_path / "hands.yaml"
    path.write_text(
        f"- {{hand: '{hand}', ruleset: {PATH}, riichi: true, dora: {dora}}}\n"
        f"- {{hand: '{hand}', ruleset: {PATH}, riichi: true, dora: [8d], ura: [1c]}}\n"
        f"- {{hand: '{hand}', ruleset: {PATH}, riichi: true, dora: '8d,Nw'}}\n",
        encoding="utf-8",
    )
    result = run("batch", str(path), "--format", "jsonl")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3]  # no entry dropped
    first, listed, text = records
    assert listed["score"] == 2000  # riichi, pinfu, two dora (9d9d), one ura (2c): mangan
    if expected is None:
        assert first["lines"] == text["lines"] and first["score"] == text["score"] == 1920
    else:
        assert expected in first["error"]["message"]


def test_an_evening_recorded_with_dora_8d_star_stays_readable(tmp_path) -> None:
    """An indicator with a marker (`--dora 8d*`) was accepted before it was refused: an evening that
    recorded one (under a ruleset that scores no dora) still reads, amends and reports; a new one is
    refused and nothing is written."""
    from pungchow_calc.evening import logfile

    path = tmp_path / "e.jsonl"
    win = ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--drawn", "--other", "B=0", "--other", "C=0"]
    assert run("evening", "new", str(path), "--players", "A,B,C,D", "-r", "pung-chow").exit_code == 0
    assert (
        run("evening", "hand", str(path), *win, "--other", "D=0", "--winner", "A", "--dora", "8d").exit_code
        == 0
    )
    first = json.loads(path.read_text().splitlines()[-1])
    old = {k: v for k, v in first.items() if k not in ("sum", "prev")} | {"dora": "8d*"}
    logfile.append(str(path), lambda _: old)  # as an earlier version wrote it
    before = path.read_bytes()
    refused = run("evening", "hand", str(path), *win, "--other", "D=0", "--winner", "A", "--dora", "8d*")
    assert refused.exit_code == 2 and "--dora: 8d*: an indicator is a plain tile" in refused.stderr
    assert path.read_bytes() == before  # nothing written
    for argv in (["report"], ["status"], ["undo"]):
        result = run("evening", argv[0], str(path))
        assert result.exit_code == 0, (argv, result.stderr)


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["--dora", "8d", "--dora", "Nw"], id="dora-8d-dora-Nw"),
        pytest.param(["--dora=8d", "--dora", "Nw"], id="dora=8d-dora-Nw"),
        pytest.param(["--dora", "Nw", "--dora", "8d", "--"], id="dora-twice-read-by-typer"),
    ],
)
def test_dora_given_twice_adds_the_indicators_not_the_last_alone(argv: list[str]) -> None:
    """`--dora 8d --dora Nw` (a kan dora turned later) is `--dora 8d,Nw`: the 8d (two dora on 9d9d)
    is not dropped in silence for the last one given."""
    hand = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
    result = run("score", "-r", PATH, "--riichi", "--json", *argv, hand)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["score"] == 1920  # riichi, pinfu, two dora


def test_batch_line_with_dora_twice_adds_them(tmp_path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(f"'2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d' -r {PATH} --riichi --dora 8d --dora Nw\n")
    result = run("batch", str(path), "--format", "jsonl")
    assert json.loads(result.stdout)["score"] == 1920


@pytest.mark.parametrize("ruleset", [PATH, "pung-chow"])
def test_settle_feeder_west_where_no_penalty_makes_a_feeder_pay_is_noted(ruleset: str) -> None:
    """`--feeder` (riichi's pao, not worked out) was passed over in silence: now a note says nobody
    pays for him; the payments are as without it."""
    hand = "WdWdWd* GdGdGd* RdRdRd 1c2c3c 9d!9d"
    argv = ["settle", "-r", ruleset, "--south", hand, "--east", "0", "--west", "0", "--north", "0"]
    argv += ["--from", "east", "--json"]
    fed = json.loads(run(*argv, "--feeder", "west").stdout)
    plain = json.loads(run(*argv).stdout)
    assert fed["payments"] == plain["payments"]
    assert any(note.startswith("--feeder west: ruleset ") for note in fed["notes"])
    assert not any("--feeder" in note for note in plain["notes"])


def test_per_indicated_dora_ura_counts_both_not_a_traceback(tmp_path) -> None:
    """`per: {indicated: [dora, ura]}` (the spec takes a list) ended in a ValueError traceback."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: riichi-ema-2016\nrules: [{id: dora, per: {indicated: [dora, ura]}}]\n")
    score = score_text(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", load(str(house)), _facts(riichi=True, dora="1c", ura="8d")
    )
    lines = {line.rule: line.doublings for line in score.lines}
    assert (lines["dora"], lines["ura_dora"]) == (3, 2)  # 2c once (dora 1c), 9d twice (ura 8d)


@pytest.mark.parametrize(
    ("facts", "summary"),
    [
        # Regression: the summary said only "(limit hand: Haneman)", the han and fu that reached it
        # nowhere but in the breakdown's lines, one by one; then "6 doublings" where `rules show` says
        # han (b216755): now in the ruleset's words.
        pytest.param(
            ("--riichi", "--dora", "8d,8d"),
            "Score: 3000  (limit hand: Haneman: 6 han, 30 fu)",
            id="PINFU-riichi-dora-8d-8d",
        ),
        # Regression: a counted hand's summary said "30 points x 2^(2 + 2)", neither fu nor han as a
        # riichi player counts them: now in the ruleset's words (`words: {points: fu}`).
        pytest.param(("--riichi",), "Score: 480  (30 fu x 2^(2 han + 2))", id="PINFU-riichi"),
        # A yakuman has no han or fu of its own (limit_hand_alone): its name alone, said as the ruleset's
        # limit hand (`words: {limit_hand: yakuman}`), where a tier above stays a limit hand.
        pytest.param((), "Score: 8000  (yakuman: Kokushi Musou)", id="kokushi"),
    ],
)
def test_score_names_the_han_and_fu_of_a_limit_reached_by_them(facts: tuple[str, ...], summary: str) -> None:
    hand = "1c9c1d9d1b9bEwSwWwNwWdGdRd!Rd" if not facts else PINFU
    result = run("score", hand, "-r", PATH, *facts, "--ascii")
    assert result.exit_code == 0, result.output
    assert summary in result.stdout.splitlines()


def test_score_pinfu_riichi_dora_8d_8d_under_a_house_words_fan_says_fan(tmp_path) -> None:
    """The summary's han are the ruleset's word for doublings (`words:`), a house file's too."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: riichi-ema-2016\nsettings: {words: {doublings: fan}}\n", encoding="utf-8")
    result = run("score", PINFU, "-r", str(house), "--riichi", "--dora", "8d,8d", "--ascii")
    assert "Score: 3000  (limit hand: Haneman: 6 fan, 30 fu)" in result.stdout.splitlines()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # Regression: riichi's names of the honors as tiles were told "'h' is no rank or suit (...)".
        pytest.param(
            [PINFU, "--riichi", "--dora", "chun"],
            "error: --dora: chun is not a tile group: riichi's chun is Rd (column 1)",
            id="dora-chun",
        ),
        pytest.param(
            [PINFU, "--riichi", "--dora", "4c,Haku"],
            "error: --dora: Haku is not a tile group: riichi's haku is Wd (column 4)",
            id="dora-4c-Haku",
        ),
        pytest.param(
            [PINFU, "--riichi", "--dora", "5c", "--ura", "pei"],
            "error: --ura: pei is not a tile group: riichi's pei is Nw (column 1)",
            id="ura-pei",
        ),
        pytest.param(
            ["ton ton ton 2c3c4c 5c6c7c 3d4d5d 1b!1b"],
            "error: ton is not a tile group: riichi's ton is Ew (column 1)",
            id="ton-ton-ton-hand",
        ),
    ],
)
def test_riichis_names_of_the_honors_are_refused_with_their_tiles(argv: list[str], message: str) -> None:
    result = run("score", *argv, "-r", PATH)
    assert result.exit_code == 2
    assert result.stderr.strip() == message


# Regression: a fifth copy among the indicators alone was told "with the hand's tiles" on b216755, on a
# hand holding none of it; now where the five are, as settle counts the table's.
@pytest.mark.parametrize(
    ("facts", "message"),
    [
        pytest.param(
            ["--dora", "8d,8d,8d,8d,8d"], "--dora: 8d would be a fifth 8d (--dora 5)", id="--dora 8d x5"
        ),
        pytest.param(
            ["--dora", "9d,9d,9d"], "--dora: 9d would be a fifth 9d (the hand 2, --dora 3)", id="--dora 9d x3"
        ),
        pytest.param(
            ["--riichi", "--dora", "8d,8d,8d", "--ura", "8d,8d"],
            "--ura: 8d would be a fifth 8d (--dora 3, --ura 2)",
            id="--dora 8d x3 --ura 8d x2",
        ),
    ],
)
def test_pinfu_fifth_indicator_names_where_the_five_are(facts: list[str], message: str) -> None:
    result = run("score", PINFU, "-r", PATH, *facts)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {message}\n")
