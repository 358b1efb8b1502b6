"""`pungchow score` through its entry point: exit codes, output, and the JSON of docs/json.md."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from cli_helpers import run, typer_probe

KONGS_HAND = "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw"


def test_json_of_the_four_kongs_example():
    result = run("score", KONGS_HAND, "--seat", "north", "--win-by", "discard", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    expected = {
        "ruleset": "pung-chow",
        "hand": KONGS_HAND,
        "seat": "north",
        "round": "east",
        "winner": True,
        "win_by": "discard",
        "arrangement": ["RdRdRdRd#", "EwEwEwEw*", "GdGdGd", "WdWdWd*", "SwSw"],
        "points": 90,
        "doublings": 6,
        "score": 5760,
        "limit": None,
        "payable": 5760,
        "waits": ["Sw", "Wd"],
        "payments": {"east": 11520, "south": 5760, "west": 5760},
    }
    assert {k: data[k] for k in expected} == expected
    assert data["lines"][0] == {
        "kind": "bonus",
        "label": "Mah-Jongg",
        "points": 20,
        "doublings": 0,
        "rule": "mah_jongg",
        "running": 20,
    }
    assert {line["kind"] for line in data["lines"]} <= {"bonus", "set", "pair", "double", "limit", "penalty"}


def test_human_breakdown_ascii():
    result = run("score", KONGS_HAND, "--seat", "n", "--ascii")
    assert result.exit_code == 0
    out = result.stdout
    assert "Hand: RdRdRdRd#   EwEwEwEw*   GdGdGd   Wd!WdWd*   SwSw" in out  # ! on the winning tile
    for text in ("Mah-Jongg", "No sequences", "All honor pieces", "5760", "Waits: Sw Wd"):
        assert text in out
    assert "east pays 11520" in out
    assert "\x1b[" not in out  # not a terminal: no colour codes


def test_unicode_tiles_by_default():
    result = run("score", KONGS_HAND, "--seat", "north")
    assert result.exit_code == 0
    assert "\U0001f004" in result.stdout  # red dragon glyph


COLOUR = re.compile(r"\x1b\[(?:[0-9]+;)*(?:3[0-8]|9[0-7])(?:;[0-9]+)*m")


def test_no_color_is_honoured():
    coloured = run("score", KONGS_HAND, env={"FORCE_COLOR": "1"})
    assert COLOUR.search(coloured.stdout)  # the check below means something
    result = run("score", KONGS_HAND, env={"NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert result.exit_code == 0
    assert not COLOUR.search(result.stdout)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ["1d2d4d* 3c3c3c 4b4b4b 5b5b5b 7d!7d"], "error: 1d2d4d* is not a set (column 1)", id="not-a-set"
        ),
        pytest.param(["1b2b3b 1d2d4d*"], "error: 1d2d4d* is not a set (column 8)", id="column"),
        pytest.param(["1b1b1b"], "error: the hand: a winning hand marks its winning tile", id="no-bang"),
        pytest.param(["5c!5c", "--seat", "x"], "error: --seat: 'x' is not a wind", id="bad-seat"),
        pytest.param(["5c!5c", "--win-by", "magic"], "error: --win-by: 'magic'", id="bad-win-by"),
        pytest.param(["5c!5c", "--drawn", "--loose"], "error: conflicting ways to win", id="drawn-loose"),
        pytest.param(["5c!5c", "--from", "east"], "error: --from: a player cannot win on his own", id="own"),
        pytest.param(
            ["5c!5c", "--drawn", "--from", "s"],
            "error: --from: the hand was not won by discard",
            id="from-drawn",
        ),
        pytest.param(["5c!5c", "--limit", "5", "--no-limit"], "error: --limit and --no-limit", id="limits"),
        pytest.param(["5c!5c", "-r", "nope"], "error: nope: no ruleset 'nope'", id="ruleset"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run("score", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_json_error_object():
    result = run("score", "5c5c5c5c 1b", "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["error"]["code"] == "undeclared-kong"
    assert data["error"]["message"].endswith("(column 1)")


def test_loser_has_no_payments():
    result = run("score", "RdRdRd 1b1b 2c3c4c SwSw 9d 7b", "--loser", "--seat", "south", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["winner"] is False
    assert "payments" not in data
    assert data["score"] == 20


def test_python_dash_m():
    proc = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "score", KONGS_HAND, "--seat", "north", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["score"] == 5760


# Importing typer costs more than loading the ruleset and scoring: a plain `score HAND` (the fast
# path of cli/__init__.py) runs without it, whatever it prints, a breakdown or a one-line error.
@pytest.mark.parametrize(
    "args",
    [
        pytest.param([KONGS_HAND, "--json"], id="json"),
        pytest.param([KONGS_HAND, "-s", "n", "--ascii"], id="text"),
        pytest.param(["1b2b3b", "--json"], id="bad-hand-json"),
        pytest.param(["1b2b3b", "--limit", "x"], id="bad-option"),
    ],
)
def test_a_plain_score_never_imports_typer(args):
    stderr = typer_probe("score", *args)
    assert stderr.endswith("no typer"), stderr


def test_score_help_still_goes_through_typer():
    proc = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "score", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "Usage: pungchow score" in proc.stdout
    assert typer_probe("score", "--help").endswith("exit 0; typer imported")


def test_glyph_hand_pasted_back_scores_the_same():
    """The hand line's glyphs, pasted back as the hand, give the same JSON (Wd! marks the win)."""
    shown = run("score", KONGS_HAND, "--seat", "north").stdout.splitlines()[0]
    assert shown.startswith("Hand: ")
    pasted = run("score", shown.removeprefix("Hand: "), "--seat", "north", "--json")
    typed = run("score", KONGS_HAND, "--seat", "north", "--json")
    assert pasted.exit_code == 0, pasted.output
    assert json.loads(pasted.stdout)["score"] == json.loads(typed.stdout)["score"] == 5760


def test_waits_use_the_output_tile_style():
    glyphs = run("score", KONGS_HAND, "--seat", "north").stdout
    assert "Waits: \U0001f001 \U0001f006" in glyphs  # south wind, white dragon
    assert "Waits: Sw Wd" in run("score", KONGS_HAND, "--seat", "north", "--ascii").stdout


def test_win_by_drawn_is_wall():
    drawn = json.loads(run("score", KONGS_HAND, "-s", "n", "--win-by", "drawn", "--json").stdout)
    wall = json.loads(run("score", KONGS_HAND, "-s", "n", "--win-by", "wall", "--json").stdout)
    assert drawn == wall and drawn["win_by"] == "wall"


@pytest.mark.parametrize(
    ("hand", "line"),
    [
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c7c",
            "error: the hand: a winning hand marks its winning tile with ! (or use --loser) (column 1)",
            id="missing-bang-sets-laid-open",
        ),
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c7c",
            "error: the hand: a winning hand marks its winning tile with ! "
            "(or use --original-hand, or --loser) (column 1)",
            id="missing-bang-nothing-laid-open",
        ),
        pytest.param(
            "1b1b1b1b# 3c3c3c 5d5d5d 4b4b4b 7c7c",
            "error: the hand: a winning hand marks its winning tile with ! (or use --loser) (column 1)",
            id="missing-bang-a-concealed-kong",
        ),
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d* 7c!7c",
            "error: the hand: a winning hand has 14 tiles plus one per kong: "
            "this one needs 14, but 11 were given"
            " (column 1)",
            id="too-few-tiles",
        ),
        pytest.param(  # regression: `but 1 were given`
            "Rd!",
            "error: the hand: a winning hand has 14 tiles plus one per kong: "
            "this one needs 14, but 1 was given "
            "(column 1)",
            id="Rd!-one-tile",
        ),
        pytest.param(
            "123p 456m 789b 1b1b1b 7c!7c",
            "error: 123p is not a tile group: riichi's notation; type 1d2d3d 4c5c6c 789b 1b1b1b 7c!7c "
            "(column 1)",
            id="riichi-letters",
        ),
        pytest.param(
            "1b1b1b, 3c3c3c", "error: groups are separated by spaces, not commas (column 7)", id="commas"
        ),
    ],
)
def test_slips_get_one_line_hints(hand, line):
    result = run("score", hand)
    assert result.exit_code == 2
    assert result.stderr == line + "\n"


def test_whole_hand_errors_of_a_seat_name_the_seat_and_column_1():
    """settle's hands fail like score's; the seat's option names the hand, the column its JSON's."""
    result = run("settle", "--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c 8c", "--south", "20")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: --east: a winning hand has 14 tiles plus one per kong: this one needs 14, but 15 were given"
        " (column 1)\n"
    )


_SETS = "4d5d6d 7c8c9c 1b2b3b Rd!Rd"
_RIICHI_WIN = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        # Riichi's souzu typed as ours: seasons (bonus tiles), read as typed, with the hint beside the
        # error they make, never read as bamboo (docs/notation.md, "Hints for common slips").
        pytest.param(
            [f"1s2s3s {_SETS}"],
            "the hand: a winning hand has 14 tiles plus one per kong: this one needs 14, but 11 were given; "
            "1s2s3s: s is a season, bamboo is b (1b2b3b) (column 1)",
            id="1s2s3s",
        ),
        pytest.param(
            [f"11s {_SETS}"],
            "11s: 1s may appear at most once in a hand; 11s: s is a season, bamboo is b (11b) (column 1)",
            id="11s",
        ),
        pytest.param(
            [f"123s* {_SETS}"],
            "123s*: bonus tiles take no marker; 123s*: s is a season, bamboo is b (123b*) (column 1)",
            id="123s*",
        ),
        pytest.param(
            [f"1s2s3s {_SETS}", "-r", "riichi-ema-2016"],
            "riichi-ema-2016: this ruleset has no flowers or seasons; 1s2s3s: s is a season, bamboo is b "
            "(1b2b3b) (column 1)",
            id="1s2s3s-riichi",
        ),
        pytest.param(
            [_RIICHI_WIN, "-r", "riichi-ema-2016", "--riichi", "--dora", "1s"],
            "--dora: indicators are playing tiles, not flowers or seasons; 1s: s is a season, bamboo is b "
            "(1b) (column 1)",
            id="dora-1s",
        ),
        # Regression: a flower or season among the indicators was told without its column.
        pytest.param(
            [_RIICHI_WIN, "-r", "riichi-ema-2016", "--riichi", "--dora", "4c,Nw,2f"],
            "--dora: indicators are playing tiles, not flowers or seasons (column 7)",
            id="dora-4c,Nw,2f",
        ),
        pytest.param(
            [f"0m5m5m {_SETS}"],
            "0m5m5m is not a tile group: riichi's notation; type 5c5c5c 4d5d6d 7c8c9c 1b2b3b Rd!Rd (EMA 2016 "
            "has no red fives: a red five (riichi's 0) is typed 5) (column 1)",
            id="0m5m5m",
        ),
        pytest.param(
            [f"0b {_SETS}"],
            "0b is not a tile group: ranks are 1-9 (a red five (riichi's 0) is typed 5: no ruleset here has "
            "red fives) (column 1)",
            id="0b",
        ),
        pytest.param(
            [f"8z {_SETS}"],
            "8z is not a tile group: winds are Ew Sw Ww Nw (riichi's 1z-4z), dragons Wd Gd Rd (5z-7z) "
            "(column 1)",
            id="8z",
        ),
        pytest.param(
            [f"1w1w1w {_SETS}"],
            "1w1w1w is not a tile group: winds are Ew Sw Ww Nw (riichi's 1z-4z), dragons Wd Gd Rd (5z-7z) "
            "(column 1)",
            id="1w1w1w",
        ),
        pytest.param(
            ["123m456p789s11z 5z!5z"],
            "123m456p789s11z is not a tile group: riichi's notation; type 1c2c3c 4d5d6d 7b8b9b EwEw Wd!Wd "
            "(column 1)",
            id="123m456p789s11z",
        ),
        # Two groups run together: the likely missing space is said.
        pytest.param(
            ["5d5d5d*4b4b4b* 1b2b3b 7c8c9c Rd!Rd"],
            "5d5d5d*4b4b4b*: a group ends with at most one marker (*, #, + or =); a space missing? "
            "5d5d5d* 4b4b4b* (column 1)",
            id="5d5d5d*4b4b4b*",
        ),
        # The marker typed before its group: said where it goes, not `# 2c2c2c2c` (refused as well);
        # on c3fc11a the hint was "a space missing? # 2c2c2c2c".
        pytest.param(
            ["#2c2c2c2c 3c3c3c 4c4c4c 6b6b6b 9d9d!"],
            "#2c2c2c2c: a group ends with at most one marker (*, #, + or =); a marker goes straight after "
            "its group: 2c2c2c2c# (column 1)",
            id="#2c2c2c2c",
        ),
        pytest.param(
            ["*2c2c2c* 3c3c3c 4c4c4c 6b6b6b 9d9d!"],
            "*2c2c2c*: a group ends with at most one marker (*, #, + or =) (column 1)",
            id="*2c2c2c*",
        ),
        # No tile after the marker: no space is said to be missing.
        pytest.param(
            ["1b1b1b 3c3c3c 5d5d5d* 4b4b4b*; Rd!Rd"],
            "4b4b4b*;: a group ends with at most one marker (*, #, + or =) (column 23)",
            id="4b4b4b*;",
        ),
        # A tired player's slips at the table: refused with what is wrong, never read on a guess.
        pytest.param(
            ["1b1b1b 3c3c3c 5d5d5d * 4b4b4b* Rd!Rd"],
            "*: a marker goes straight after its group, with no space before it (e.g. 5d5d5d*) (column 22)",
            id="5d5d5d *",
        ),
        pytest.param(
            ["1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd."],
            "Rd!Rd. is not a tile group: '.' is no part of the notation (groups are separated by spaces) "
            "(column 31)",
            id="Rd!Rd.",
        ),
        pytest.param(
            ["1b1b1b/3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"],
            "1b1b1b/3c3c3c is not a tile group: '/' is no part of the notation (groups are separated by "
            "spaces) (column 1)",
            id="1b1b1b/3c3c3c",
        ),
        pytest.param(
            ['"1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"'],
            "\"1b1b1b is not a tile group: '\"' is no part of the notation (a quote goes around the whole "
            "hand) (column 1)",
            id="quoted-twice",
        ),
        # A backslash is shown as typed (it was Python's repr, '\\'); at a group's end, a shell command's
        # line continued inside the hand's quotes.
        pytest.param(
            ["1b1b1b 3c3c3c \\\n5d5d5d* 4b4b4b* Rd!Rd"],
            "\\ is not a tile group: '\\' is no part of the notation (a \\ that continues a command's "
            "line goes outside the quotes: leave it out of the hand) (column 15)",
            id="1b1b1b 3c3c3c \\",
        ),
        pytest.param(
            ["1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd\\"],
            "Rd!Rd\\ is not a tile group: '\\' is no part of the notation (a \\ that continues a "
            "command's line goes outside the quotes: leave it out of the hand) (column 31)",
            id="Rd!Rd\\",
        ),
        pytest.param(
            ["1b1b1b\\3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"],
            "1b1b1b\\3c3c3c is not a tile group: '\\' is no part of the notation (groups are separated by "
            "spaces) (column 1)",
            id="1b1b1b\\3c3c3c",
        ),
        pytest.param(
            ["1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd --seat south"],
            "--seat is not a tile group: an option is written after the hand, outside its quotes (column 37)",
            id="--seat-inside-the-quotes",
        ),
        pytest.param(
            ["1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd 5f"],
            "5f is not a tile group: flowers are 1f-4f, seasons 1s-4s (column 37)",
            id="5f",
        ),
        pytest.param(
            ["1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd f1"],
            "f1 is not a tile group: a tile is written rank then suit (1f, not f1) (column 37)",
            id="f1",
        ),
    ],
)
def test_riichi_spellings_and_run_together_groups_get_a_hint(argv, line):
    result = run("score", *argv)
    assert (result.exit_code, result.stderr) == (2, f"error: {line}\n")


ONE_SUIT = "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 5d!5d"  # nine dots exposed: Part II, Penalties 2
PAYS_FOR_ALL_NOTE = (
    "Discarder pays for all (nine tiles of one suit exposed): the winning hand qualifies, so the discarder "
    "pays these amounts for all unless excused: settle the table to know who pays (settle ... --from SEAT)"
)


@pytest.mark.parametrize(
    ("command", "notes"),
    [
        pytest.param(["score", ONE_SUIT, "-s", "south", "--json"], [PAYS_FOR_ALL_NOTE], id="score-discard"),
        pytest.param(["score", ONE_SUIT, "-s", "south", "--drawn", "--json"], [], id="score-drawn"),
        pytest.param(["batch", "-", "-f", "jsonl"], [PAYS_FOR_ALL_NOTE], id="batch"),
    ],
)
def test_one_suit_won_on_a_discard_says_the_discarder_pays_for_all(command: list[str], notes: list[str]):
    """Regression: `score -r pung-chow-limit` of a hand the discarder pays for all showed each loser
    paying his own share, without a word: alone, the hand cannot say who pays (his excuse is his own
    hand's), so a note says the discarder pays them for all unless excused (docs/settling.md)."""
    stdin = f"'{ONE_SUIT}' -s south -r pung-chow-limit\n" if command[0] == "batch" else None
    result = run(*command, *([] if stdin else ["-r", "pung-chow-limit"]), input=stdin)
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    assert record.get("notes", []) == notes
    assert record["payments"] == ({"east": 288, "west": 144, "north": 144} if notes else record["payments"])


def test_settle_of_one_suit_says_nothing_of_the_score_alone():
    """`settle` settles the penalty itself (or refuses without --from): the lone hand's note is not its."""
    seats = [
        "--east",
        "1c2c3c 4c5c6c 7c8c9c 6c6c EwEw",
        "--south",
        ONE_SUIT,
        "--west",
        "1b2b3b 4b5b6b 7b8b9b 3c3c Nw 9d",
    ]
    result = run(
        "settle",
        "-r",
        "pung-chow-limit",
        *seats,
        "--north",
        "WdWdWd 2b2b 5b5b 6b7b8b 3d 4d Sw",
        "--from",
        "west",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    assert all("pays these amounts" not in note for note in json.loads(result.stdout)["notes"])


@pytest.mark.parametrize("ruleset", ["classical-dmjl", "classical-bmja"])
def test_classical_hand_scored_alone_is_not_noted_for_dangerous_game(ruleset: str) -> None:
    """Kajongg's Dangerous Game turns on the table's word (`settle --feeder`), not on the hand: a hand
    scored alone says nothing of it."""
    result = run("score", "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b", "-r", ruleset, "--ascii")
    assert result.exit_code == 0, result.stderr
    assert "Dangerous" not in result.stdout and "feeder" not in result.stdout


# East's share multiplied is said where it is paid, as settle's reasons say it (regression: `score`
# printed "east pays 600" of a payable 300, or "east collects 960" of 160 from each, with no line saying
# why); riichi's payments are its own terms, not the book's East double, and say nothing of it.
@pytest.mark.parametrize(
    ("argv", "payments"),
    [
        pytest.param(
            ["-r", "pung-chow-limit", "--seat", "north", "--round", "north"],
            "Payments: east pays 600 (East x2), south pays 300, west pays 300 - north collects 1200",
            id="-r pung-chow-limit --seat north",
        ),
        pytest.param(
            ["-r", "pung-chow-limit", "--seat", "east", "--round", "north"],
            "Payments: south pays 320, west pays 320, north pays 320 - east collects 960 (East x2)",
            id="-r pung-chow-limit --seat east",
        ),
        pytest.param(
            ["-r", "pung-chow", "--seat", "south"],
            "Payments: east pays 224 (East x2), west pays 112, north pays 112 - south collects 448",
            id="-r pung-chow --seat south",
        ),
        pytest.param(
            ["-r", "riichi-ema-2016", "--seat", "east"],
            "Payments: south pays 4000, west pays 4000, north pays 4000 - east collects 12000",
            id="-r riichi-ema-2016 --seat east",
        ),
    ],
)
def test_score_9c9c9c_NwNwNw_5b5b_5b_RdRdRd_2d2d_drawn_says_east_x2(argv: list[str], payments: str) -> None:
    result = run(
        "score", "9c9c9c NwNwNw 5b5b!5b RdRdRd* 2d2d", "--drawn", "--ascii", *argv, env={"COLUMNS": "160"}
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == payments


# --- a breakdown in the ruleset's words (docs/riichi.md "Reading the breakdown") -------------------

JUNCHAN_HAND = "1b2b3b 1c2c3c 1d2d3d 7c8c9c 9d!9d"


def _breakdown(stdout: str) -> list[list[str]]:
    """The breakdown's rows as their cells, between the table's rule and the `Score:` line."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if set(line) <= set("-+━╇┃─┼") and line) + 1
    end = next(i for i, line in enumerate(lines) if line.startswith("Score:"))
    return [[cell.strip() for cell in re.split(r"[|│]", line)] for line in lines[start:end]]


@pytest.mark.parametrize("columns", ["60", "80"])
@pytest.mark.parametrize("ascii_only", [True, False], ids=["ascii", "unicode"])
def test_score_1b2b3b_1c2c3c_1d2d3d_7c8c9c_9d_9d_riichi_counts_fu_then_han(columns: str, ascii_only: bool):
    # Regression: the yaku read `double x2`, `double x3` and the Total ran 64, 256, 2048, the book's
    # doubled points; a riichi player adds the fu and counts the han (fu x 2^(han + 2)).
    argv = ["score", JUNCHAN_HAND, "-r", "riichi-ema-2016", "--riichi", *(["--ascii"] if ascii_only else [])]
    result = run(*argv, env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    rows = [(row[0], row[2], row[3]) for row in _breakdown(result.stdout)]
    assert rows == [
        ("Winning (fu)", "20", "20 fu"),
        ("Closed hand won on a discard (fu)", "10", "30 fu"),
        ("Pair wait (tanki)", "2", "32 fu"),
        ("Riichi", "1 han", "1 han"),
        ("Sanshoku Doujun", "2 han", "3 han"),
        ("Junchan", "3 han", "6 han"),
    ]
    assert all(len(line) <= int(columns) for line in result.stdout.splitlines())
    assert "double" not in result.stdout


@pytest.mark.parametrize("columns", ["60", "80"])
def test_score_1b2b3b_open_riichi_says_the_open_han(columns: str):
    # An open hand's yaku as scored open: sanshoku 1 han, junchan 2 (docs/riichi.md "Yaku").
    result = run(
        "score",
        "1b2b3b* 1c2c3c 1d2d3d 7c8c9c 9d!9d",
        "-r",
        "riichi-ema-2016",
        "--ascii",
        env={"COLUMNS": columns},
    )
    assert result.exit_code == 0, result.output
    rows = [(row[0], row[2], row[3]) for row in _breakdown(result.stdout)]
    assert rows[-2:] == [("Sanshoku Doujun", "1 han", "1 han"), ("Junchan", "2 han", "3 han")]


def test_score_breakdown_words_come_from_a_house_files_settings(tmp_path):
    # Keyed on the ruleset's doubling_base and words:, never its name: a house file's fan are said.
    house = tmp_path / "house.yaml"
    house.write_text(
        "name: house\nextends: riichi-ema-2016\nsettings:\n  words: {doubling: fan, doublings: fan}\n"
    )
    result = run("score", JUNCHAN_HAND, "-r", str(house), "--riichi", "--ascii", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert [row[2:] for row in _breakdown(result.stdout)][-2:] == [["2 fan", "3 fan"], ["3 fan", "6 fan"]]


@pytest.mark.parametrize("columns", ["60", "80"])
def test_score_the_books_breakdown_still_doubles(columns: str):
    # The book's rulesets keep its words and doubled running total (`double x3`, 90 -> 5760).
    result = run(
        "score", KONGS_HAND, "--seat", "north", "--win-by", "discard", "--ascii", env={"COLUMNS": columns}
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"double x3 +\| +720$", result.stdout, re.M)
    assert re.search(r"double +\| +5760$", result.stdout, re.M)
    assert not re.search(r"\d han\b", result.stdout)
