"""Part I golden hands: the 20 "Example of Hands and How They Are Scored", rebuilt from their
printed breakdowns (the pictures are lost), errata applied, asserting the whole result."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from cli_helpers import run, score_line

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "part1-examples.txt"

# (score arguments, lines as (rule id, set, points, doublings), points, doublings, score, payments, waits)
EXAMPLES = [
    # Ex 1: punged the 2 dot to win; sequences elsewhere; two waits (2d or 8c), so no 'only place'.
    pytest.param(
        "'1b2b3b 4c5c6c 7b8b9b* 2d2d!2d 8c8c' --seat south",
        [("mah_jongg", None, 20, 0), ("pung_simples", "2d2d2d*", 2, 0)],
        22,
        0,
        22,
        {"east": 44, "west": 22, "north": 22},
        ["2d", "8c"],
        id="example-1",
    ),
    # Ex 2: chowed the 1 character; four sequences and a plain pair; 1c or 4c would win.
    pytest.param(
        "'1c!2c3c 4b5b6b 7d8d9d* 2c3c4c 5b5b' --seat south",
        [("mah_jongg", None, 20, 0), ("no_other_score", None, 10, 0)],
        30,
        0,
        30,
        {"east": 60, "west": 30, "north": 30},
        ["1c", "4c"],
        id="example-2",
    ),
    # Ex 3 with the ERRATA (page 34): +2 for the pair of dragons, so 52, not the printed 50.
    # Drawn dragon fills the only place (the pair).
    pytest.param(
        "'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' --seat south --drawn",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("drawing_winning_piece", None, 2, 0),
            ("only_place_to_win", None, 2, 0),
            ("pung_heads", "1b1b1b", 8, 0),
            ("pung_simples", "3c3c3c", 4, 0),
            ("pung_simples", "5d5d5d*", 2, 0),
            ("pung_simples", "4b4b4b*", 2, 0),
            ("scoring_pair", "RdRd", 2, 0),
        ],
        52,
        0,
        52,
        {"east": 104, "west": 52, "north": 52},
        ["Rd"],
        id="example-3",
    ),
    # Ex 4: drew the third six; 6c or 9b would have won (no 'only place'); red dragons double.
    pytest.param(
        "'6c6c!6c 9b9b 2d2d2d* RdRdRd* 3b3b3b*' --seat south --drawn",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("drawing_winning_piece", None, 2, 0),
            ("pung_simples", "6c6c6c", 4, 0),
            ("pung_simples", "2d2d2d*", 2, 0),
            ("pung_heads", "RdRdRd*", 4, 0),
            ("pung_simples", "3b3b3b*", 2, 0),
            ("red_dragons", "RdRdRd*", 0, 1),
        ],
        44,
        1,
        88,
        {"east": 176, "west": 88, "north": 88},
        ["9b", "6c"],
        id="example-4",
    ),
    # Ex 5: all sets exposed, drew the pair's mate (only place); bamboo + dragons.
    pytest.param(
        "'2b2b2b* 9b9b9b* 1b1b1b* GdGdGd* 5b!5b' --seat south --drawn",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("drawing_winning_piece", None, 2, 0),
            ("only_place_to_win", None, 2, 0),
            ("pung_simples", "2b2b2b*", 2, 0),
            ("pung_heads", "9b9b9b*", 4, 0),
            ("pung_heads", "1b1b1b*", 4, 0),
            ("pung_heads", "GdGdGd*", 4, 0),
            ("one_suit_with_honors", None, 0, 1),
            ("green_dragons", "GdGdGd*", 0, 1),
        ],
        48,
        2,
        192,
        {"east": 384, "west": 192, "north": 192},
        ["5b"],
        id="example-5",
    ),
    # Ex 6: declared kong of nines; all characters, doubled three times.
    pytest.param(
        "'9c9c9c9c# 7c7c7c* 4c4c4c 1c1c1c 8c!8c' --seat south --drawn",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("drawing_winning_piece", None, 2, 0),
            ("only_place_to_win", None, 2, 0),
            ("kong_heads", "9c9c9c9c#", 32, 0),
            ("pung_simples", "7c7c7c*", 2, 0),
            ("pung_simples", "4c4c4c", 4, 0),
            ("pung_heads", "1c1c1c", 8, 0),
            ("one_suit", None, 0, 3),
        ],
        80,
        3,
        640,
        {"east": 1280, "west": 640, "north": 640},
        ["8c"],
        id="example-6",
    ),
    # Ex 7 with the ERRATA (page 36): the white dragons completed by a pung are exposed
    # (the hand of docs/json.md#score).
    pytest.param(
        "'RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw' --seat north",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("kong_heads", "RdRdRdRd#", 32, 0),
            ("kong_heads", "EwEwEwEw*", 16, 0),
            ("pung_heads", "GdGdGd", 8, 0),
            ("pung_heads", "WdWdWd*", 4, 0),
            ("all_honors", None, 0, 3),
            ("red_dragons", "RdRdRdRd#", 0, 1),
            ("green_dragons", "GdGdGd", 0, 1),
            ("white_dragons", "WdWdWd*", 0, 1),
        ],
        90,
        6,
        5760,
        {"east": 11520, "south": 5760, "west": 5760},
        ["Sw", "Wd"],
        id="example-7",
    ),
    # Ex 8: the eights punged to win (so 5b also waited); white and green dragons.
    pytest.param(
        "'WdWdWd* 4b4b4b* 8c8c!8c GdGdGd 5b5b' --seat south",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("pung_heads", "WdWdWd*", 4, 0),
            ("pung_simples", "4b4b4b*", 2, 0),
            ("pung_simples", "8c8c8c*", 2, 0),
            ("pung_heads", "GdGdGd", 8, 0),
            ("green_dragons", "GdGdGd", 0, 1),
            ("white_dragons", "WdWdWd*", 0, 1),
        ],
        46,
        2,
        184,
        {"east": 368, "west": 184, "north": 184},
        ["5b", "8c"],
        id="example-8",
    ),
    # Ex 9: 'a 6 character would have won also'; no other score though doubled for one suit
    # (docs/rulings.md#no-other-score).
    pytest.param(
        "'1c2c3c* 7c8c9c* 2c3c4c* 3c!4c5c 9c9c' --seat south",
        [("mah_jongg", None, 20, 0), ("no_other_score", None, 10, 0), ("one_suit", None, 0, 3)],
        30,
        3,
        240,
        {"east": 480, "west": 240, "north": 240},
        ["3c", "6c"],
        id="example-9",
    ),
    # Ex 10: four kongs, the pair drawn from the loose tiles (loose 10 + drawn 2 + only place 2).
    pytest.param(
        "'9b9b9b9b* 1c1c1c1c# RdRdRdRd* GdGdGdGd* 5d!5d' --seat south --loose",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("loose_tile", None, 10, 0),
            ("drawing_winning_piece", None, 2, 0),
            ("only_place_to_win", None, 2, 0),
            ("kong_heads", "9b9b9b9b*", 16, 0),
            ("kong_heads", "1c1c1c1c#", 32, 0),
            ("kong_heads", "RdRdRdRd*", 16, 0),
            ("kong_heads", "GdGdGdGd*", 16, 0),
            ("red_dragons", "RdRdRdRd*", 0, 1),
            ("green_dragons", "GdGdGdGd*", 0, 1),
        ],
        124,
        2,
        496,
        {"east": 992, "west": 496, "north": 496},
        ["5d"],
        id="example-10",
    ),
    # Ex 11: player is North Wind; all concealed, drew the third two (2b or 5b would win).
    pytest.param(
        "'NwNwNw RdRdRd 2b2b!2b 9b9b9b 5b5b' --seat north --drawn",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("drawing_winning_piece", None, 2, 0),
            ("pung_heads", "NwNwNw", 8, 0),
            ("pung_heads", "RdRdRd", 8, 0),
            ("pung_simples", "2b2b2b", 4, 0),
            ("pung_heads", "9b9b9b", 8, 0),
            ("one_suit_with_honors", None, 0, 1),
            ("red_dragons", "RdRdRd", 0, 1),
            ("own_wind", "NwNwNw", 0, 1),
        ],
        60,
        3,
        480,
        {"east": 960, "south": 480, "west": 480},
        ["2b", "5b"],
        id="example-11",
    ),
    # Ex 12: 'Two points for pair of red dragons'; west winds are not the south player's own.
    pytest.param(
        "'5c5c5c* WwWwWw* 1c2c3c* 6c!7c8c RdRd' --seat south",
        [
            ("mah_jongg", None, 20, 0),
            ("pung_simples", "5c5c5c*", 2, 0),
            ("pung_heads", "WwWwWw*", 4, 0),
            ("scoring_pair", "RdRd", 2, 0),
            ("one_suit_with_honors", None, 0, 1),
        ],
        28,
        1,
        56,
        {"east": 112, "west": 56, "north": 56},
        ["6c", "9c"],
        id="example-12",
    ),
    # Ex 13: East. Printed '3 dragons (exposed) 8': the value (and the total 48) is a concealed pung,
    # so the dragons are concealed and the fours were punged to win (shanpon with 7b).
    pytest.param(
        "'EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b' --seat east",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("pung_heads", "EwEwEw*", 4, 0),
            ("pung_heads", "1b1b1b*", 4, 0),
            ("pung_simples", "4b4b4b*", 2, 0),
            ("pung_heads", "RdRdRd", 8, 0),
            ("one_suit_with_honors", None, 0, 1),
            ("red_dragons", "RdRdRd", 0, 1),
            ("own_wind", "EwEwEw*", 0, 1),
        ],
        48,
        3,
        384,
        {"south": 768, "west": 768, "north": 768},
        ["4b", "7b"],
        id="example-13",
    ),
    # Ex 14 (West) with the ERRATA (page 41): +2 for the pair of dragons: 86 points, 1376, not 1344.
    pytest.param(
        "'WwWwWw SwSw!Sw NwNwNwNw# EwEwEw* RdRd' --seat west --drawn",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("drawing_winning_piece", None, 2, 0),
            ("pung_heads", "WwWwWw", 8, 0),
            ("pung_heads", "SwSwSw", 8, 0),
            ("kong_heads", "NwNwNwNw#", 32, 0),
            ("pung_heads", "EwEwEw*", 4, 0),
            ("scoring_pair", "RdRd", 2, 0),
            ("all_honors", None, 0, 3),
            ("own_wind", "WwWwWw", 0, 1),
        ],
        86,
        4,
        1376,
        {"east": 2752, "south": 1376, "north": 1376},
        ["Sw", "Rd"],
        id="example-14",
    ),
    # Ex 15: East; the pair's mate claimed from a discard fills the only place
    # (docs/rulings.md#only-place-to-win).
    pytest.param(
        "'1d1d1d1d# 9d9d9d9d# 4d4d4d4d* 7d7d7d7d* 5d!5d' --seat east",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("only_place_to_win", None, 2, 0),
            ("kong_heads", "1d1d1d1d#", 32, 0),
            ("kong_heads", "9d9d9d9d#", 32, 0),
            ("kong_simples", "4d4d4d4d*", 8, 0),
            ("kong_simples", "7d7d7d7d*", 8, 0),
            ("one_suit", None, 0, 3),
        ],
        112,
        3,
        896,
        {"south": 1792, "west": 1792, "north": 1792},
        ["5d"],
        id="example-15",
    ),
    # Ex 16: East wins on the original hand (no winning tile marked: no draw or only-place bonus).
    pytest.param(
        "'4c4c4c RdRdRd 1b2b3b 5d6d7d 2d2d' --seat east --original-hand",
        [
            ("mah_jongg", None, 20, 0),
            ("pung_simples", "4c4c4c", 4, 0),
            ("pung_heads", "RdRdRd", 8, 0),
            ("original_hand", None, 0, 3),
            ("red_dragons", "RdRdRd", 0, 1),
        ],
        32,
        4,
        512,
        {"south": 1024, "west": 1024, "north": 1024},
        [],
        id="example-16",
    ),
    # Ex 17: South; drew own wind to pair (only place); one suit with winds.
    pytest.param(
        "'1b1b1b 4b4b4b NwNwNwNw# 6b7b8b* Sw!Sw' --seat south --drawn",
        [
            ("mah_jongg", None, 20, 0),
            ("drawing_winning_piece", None, 2, 0),
            ("only_place_to_win", None, 2, 0),
            ("pung_heads", "1b1b1b", 8, 0),
            ("pung_simples", "4b4b4b", 4, 0),
            ("kong_heads", "NwNwNwNw#", 32, 0),
            ("scoring_pair", "SwSw", 2, 0),
            ("one_suit_with_honors", None, 0, 1),
        ],
        70,
        1,
        140,
        {"east": 280, "west": 140, "north": 140},
        ["Sw"],
        id="example-17",
    ),
    # Ex 18 (North) with the ERRATA (page 44): the green dragons completed by a pung are exposed (4),
    # so 114 points and 228, not 118 and 236.
    pytest.param(
        "'1b1b1b1b# 9c9c9c9c* 9d9d9d9d# GdGd!Gd 5c5c' --seat north",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("kong_heads", "1b1b1b1b#", 32, 0),
            ("kong_heads", "9c9c9c9c*", 16, 0),
            ("kong_heads", "9d9d9d9d#", 32, 0),
            ("pung_heads", "GdGdGd*", 4, 0),
            ("green_dragons", "GdGdGd*", 0, 1),
        ],
        114,
        1,
        228,
        {"east": 456, "south": 228, "west": 228},
        ["5c", "Gd"],
        id="example-18",
    ),
    # Ex 19: West; own wind concealed, white dragons exposed, one suit with honors.
    pytest.param(
        "'WwWwWw WdWdWd* 1c2c3c* 4c!5c6c 8c8c' --seat west",
        [
            ("mah_jongg", None, 20, 0),
            ("pung_heads", "WwWwWw", 8, 0),
            ("pung_heads", "WdWdWd*", 4, 0),
            ("one_suit_with_honors", None, 0, 1),
            ("white_dragons", "WdWdWd*", 0, 1),
            ("own_wind", "WwWwWw", 0, 1),
        ],
        32,
        3,
        256,
        {"east": 512, "south": 256, "north": 256},
        ["4c", "7c"],
        id="example-19",
    ),
    # Ex 20: East; the book's highest probable hand: 22016, East collects 44032 from each.
    pytest.param(
        "'RdRdRdRd# GdGdGdGd# WdWdWdWd# EwEwEwEw# Sw!Sw' --seat east --loose",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("loose_tile", None, 10, 0),
            ("drawing_winning_piece", None, 2, 0),
            ("only_place_to_win", None, 2, 0),
            ("kong_heads", "RdRdRdRd#", 32, 0),
            ("kong_heads", "GdGdGdGd#", 32, 0),
            ("kong_heads", "WdWdWdWd#", 32, 0),
            ("kong_heads", "EwEwEwEw#", 32, 0),
            ("all_honors", None, 0, 3),
            ("red_dragons", "RdRdRdRd#", 0, 1),
            ("green_dragons", "GdGdGdGd#", 0, 1),
            ("white_dragons", "WdWdWdWd#", 0, 1),
            ("own_wind", "EwEwEwEw#", 0, 1),
        ],
        172,
        7,
        22016,
        {"south": 44032, "west": 44032, "north": 44032},
        ["Sw"],
        id="example-20",
    ),
    # Ex 7 'held by the East Wind': own wind doubles again (11520) and each pays 23040.
    pytest.param(
        "'RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw' --seat east",
        [
            ("mah_jongg", None, 20, 0),
            ("no_sequences", None, 10, 0),
            ("kong_heads", "RdRdRdRd#", 32, 0),
            ("kong_heads", "EwEwEwEw*", 16, 0),
            ("pung_heads", "GdGdGd", 8, 0),
            ("pung_heads", "WdWdWd*", 4, 0),
            ("all_honors", None, 0, 3),
            ("red_dragons", "RdRdRdRd#", 0, 1),
            ("green_dragons", "GdGdGd", 0, 1),
            ("white_dragons", "WdWdWd*", 0, 1),
            ("own_wind", "EwEwEwEw*", 0, 1),
        ],
        90,
        7,
        11520,
        {"south": 23040, "west": 23040, "north": 23040},
        ["Sw", "Wd"],
        id="example-7e",
    ),
]


@pytest.mark.parametrize(("args", "lines", "points", "doublings", "score", "payments", "waits"), EXAMPLES)
def test_book_example(args, lines, points, doublings, score, payments, waits):
    result = score_line(args)
    assert [(x["rule"], x.get("set"), x["points"], x["doublings"]) for x in result["lines"]] == lines
    assert (result["points"], result["doublings"], result["score"]) == (points, doublings, score)
    assert result["payable"] == score  # no limit in Part I
    assert result["limit"] is None
    assert result["payments"] == payments
    assert result["waits"] == waits
    assert result["points"] == sum(x["points"] for x in result["lines"])
    assert result["score"] == result["points"] * 2 ** result["doublings"]


@pytest.mark.parametrize(("args", "lines", "points", "doublings", "score", "payments", "waits"), EXAMPLES)
def test_book_example_through_cli(args, lines, points, doublings, score, payments, waits):
    result = run("score", *shlex.split(args), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["score"], data["payments"]) == (score, payments)


def test_samples_file_lists_the_twenty_examples():
    lines = [x for x in SAMPLES.read_text().splitlines() if x.strip() and not x.startswith("#")]
    expected = [p.values[0] for p in EXAMPLES if p.id != "example-7e"]
    assert lines == expected


def test_running_total_doubles_like_the_book():
    # Example 7 prints 90 - 180 - 360 - 720 - ... - 5760: each doubling line carries the running total.
    result = score_line("'RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw' --seat north")
    running = [x["running"] for x in result["lines"] if x["kind"] == "double"]
    assert running == [720, 1440, 2880, 5760]


def test_east_double_is_paid_not_scored():
    # Example 8: "If player is East Wind, he collects double, or 368 from each player."
    result = score_line("'WdWdWd* 4b4b4b* 8c8c!8c GdGdGd 5b5b' --seat east")
    assert result["score"] == 184
    assert result["payments"] == {"south": 368, "west": 368, "north": 368}


# --- The Score Card's words: each breakdown line is labelled as the book's card names it ------------

# (score arguments, rule id, the Score Card's words less its leading "For")
SCORE_CARD_WORDS = [
    pytest.param(
        "'1c2c3c* 7c8c9c* 2c3c4c* 3c!4c5c 9c9c' --seat south", "mah_jongg", "Mah-Jongg", id="mah-jongg"
    ),
    pytest.param(
        "'1c2c3c* 7c8c9c* 2c3c4c* 3c!4c5c 9c9c' --seat south",
        "no_other_score",
        "No other score than Mah-Jongg in hand or on table",
        id="no-other-score-than-mah-jongg-in-hand-or-on-table",
    ),
    pytest.param(
        "'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' --seat south --drawn",
        "no_sequences",
        "No sequences in hand or on table",
        id="no-sequences-in-hand-or-on-table",
    ),
    pytest.param(
        "'9b9b9b9b* 1c1c1c1c# RdRdRdRd* GdGdGdGd* 5d!5d' --seat south --loose",
        "loose_tile",
        "Winning on a draw from the loose tiles",
        id="winning-on-a-draw-from-the-loose-tiles",
    ),
    pytest.param(
        "'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' --seat south --drawn",
        "drawing_winning_piece",
        "Drawing the winning piece",
        id="drawing-the-winning-piece",
    ),
    pytest.param(
        "'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' --seat south --drawn",
        "only_place_to_win",
        "Filling the only place to win",
        id="filling-the-only-place-to-win",
    ),
    pytest.param(
        "'NwNwNw RdRdRd 2b2b!2b 9b9b9b 5b5b' --seat north --drawn",
        "one_suit_with_honors",
        "All one suit except honor pieces",
        id="all-one-suit-except-honor-pieces",
    ),
    pytest.param(
        "'9c9c9c9c# 7c7c7c* 4c4c4c 1c1c1c 8c!8c' --seat south --drawn",
        "one_suit",
        "All one suit",
        id="all-one-suit",
    ),
    pytest.param(
        "'RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw' --seat north",
        "all_honors",
        "All honor pieces",
        id="all-honor-pieces",
    ),
    pytest.param(
        "'4c4c4c RdRdRd 1b2b3b 5d6d7d 2d2d' --seat east --original-hand",
        "original_hand",
        "Winning on original hand as drawn from the wall",
        id="winning-on-original-hand-as-drawn-from-the-wall",
    ),
    pytest.param(
        "'NwNwNw RdRdRd 2b2b!2b 9b9b9b 5b5b' --seat north --drawn",
        "own_wind",
        "Three (or four) of own wind",
        id="three-or-four-of-own-wind",
    ),
]


@pytest.mark.parametrize(("args", "rule", "words"), SCORE_CARD_WORDS)
def test_breakdown_line_says_the_score_cards_words(args: str, rule: str, words: str) -> None:
    labels = {x["rule"]: x["label"] for x in score_line(args)["lines"]}
    assert labels[rule] == words


# --- "A player may win with a score as low as 22 points or scores may run to 380,928 points" --------
# ("Summary of the Game"; Example 1: "This is the lowest winning hand that can be scored.")

LOWEST_WINNING_HANDS = [
    # Four sequences and a plain pair: drawing the winning piece forfeits "no other score" (item 6).
    pytest.param("'1c2c3c 4b5b6b 7d8d9d* 2c!3c4c 5b5b' --seat south --drawn", id="sequences-drawn"),
    # Claimed into the middle of a sequence: only the 2 for "filling the only place to win".
    pytest.param("'2c3c4c 5c6c7c 1b2b3b 4d5d!6d 9b9b' --seat south", id="sequences-only-place"),
    # A pair of dragons scores 2 and so forfeits "no other score".
    pytest.param("'1c2c3c 4b5b6b 7d8d9d* 2c!3c4c RdRd' --seat south", id="sequences-dragon-pair"),
]


@pytest.mark.parametrize("args", LOWEST_WINNING_HANDS)
def test_a_player_may_win_with_a_score_as_low_as_22_points(args: str) -> None:
    assert score_line(args)["score"] == 22


def test_scores_may_run_to_380928_points() -> None:
    # Example 20's "hand composed of sets of 3 of a kind, similar to this, which, if drawn on the original
    # draw, will yield more points": East's concealed pungs of the three dragons and his own wind, dealt
    # complete. 20 + 10 + 4 x 8 = 62 (no draw, no only place: Example 16), doubled 3 (all honor pieces)
    # + 3 (original hand) + 4 (three dragons, own wind) = 10 times, and East collects double from each.
    result = score_line("'RdRdRd GdGdGd WdWdWd EwEwEw NwNw' --seat east --original-hand")
    assert (result["points"], result["doublings"], result["score"]) == (62, 10, 63488)
    assert result["payments"] == {"south": 126976, "west": 126976, "north": 126976}
    assert sum(result["payments"].values()) == 380928


def test_winning_on_original_hand_names_no_seat():
    # The Score Card names no seat (docs/rulings.md#original-hand, an open point): South's doubles three
    # times as East's in Example 16 does, no tile marked, so no "Drawing the winning piece".
    result = score_line("'4c4c4c RdRdRd 1b2b3b 5d6d7d 2d2d' --seat south --original-hand")
    assert [(x["rule"], x["doublings"]) for x in result["lines"] if x["doublings"]] == [
        ("original_hand", 3),
        ("red_dragons", 1),
    ]
    assert (result["points"], result["score"]) == (32, 512)
    assert result["payments"] == {"east": 1024, "west": 512, "north": 512}


def test_five_doubling_honors_double_50_five_times_to_1600():
    # Score Card: "32 points in bonus scores, 18 in combination scores, making his total score 50. Then
    # if he has five doubling honors his final score is 1,600 points, i.e., 50-100-200-400-800-1,600."
    result = score_line("'GdGdGd* RdRdRd* SwSwSw* 2b2b!2b WdWd 2f' --seat south --drawn")
    bonus = sum(x["points"] for x in result["lines"] if x["kind"] == "bonus")
    assert (bonus, result["points"] - bonus) == (32, 18)
    assert [x["running"] for x in result["lines"] if x["kind"] == "double"] == [100, 200, 400, 800, 1600]
    assert result["score"] == 1600
