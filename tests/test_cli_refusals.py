"""Refusals of the command line outside evening and batch, pinned by the input that showed them: where
a refusal points (the column), what it names (the option), and the largest number an option takes."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from cli_helpers import run
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.arguments import MAX_WHOLE, whole_number
from pungchow_calc.engine.payments import MAX_POINTS

RIICHI = ("-r", "riichi-ema-2016")


# --- a refusal names the column of the group at fault (docs/notation.md, bad input) -----------------


@pytest.mark.parametrize(
    ("hand", "options", "code", "column"),
    [
        pytest.param(
            "1b2b3b 4b5b6b 7b8b9b 1c2c3c 5d!5d 1f",
            (),
            "not-written",
            35,
            id="1b2b3b-4b5b6b-7b8b9b-1c2c3c-5d!5d-1f",
        ),
        pytest.param("1b2b3b 1f 4b5b6b 2s 7b8b9b 1c2c3c 5d!5d", (), "not-written", 8, id="a-flower-mid-hand"),
        pytest.param(
            "1b2b3b 4b5b6b 7b8b9b 1c2c3c 5d5d=", ("--original-hand",), "not-written", 29, id="5d5d=-last"
        ),
        pytest.param(
            "1b2b3b 4b5b6b 7b8b9b 1c1c1c!* 5d5d", (), "not-written", 22, id="1c1c1c!*-the-winning-tile-laid"
        ),
        pytest.param(
            "1b2b3b 4b5b6b 7b8b9b* 1c2c3c 5d!5d", ("--riichi",), "open-hand", 15, id="7b8b9b*-with-riichi"
        ),
        pytest.param(
            "1b2b3b 4b5b6b 7b7b7b7b+ 1c2c3c* 5d!5d",
            ("--riichi",),
            "open-hand",
            15,
            id="7b7b7b7b+-before-1c2c3c*-with-riichi",
        ),
    ],
)
def test_a_riichi_refusal_names_the_column_of_its_group(hand, options, code, column):
    """Each used to say `(column 1)`, wherever the flower, the `=` pair, the laid set or the open set
    stood."""
    shown = run("score", hand, *RIICHI, *options)
    assert shown.exit_code == 2
    assert shown.stderr.endswith(f"(column {column})\n"), shown.stderr
    assert shown.stderr.count("\n") == 1
    as_json = run("score", hand, *RIICHI, *options, "--json")
    error = json.loads(as_json.stdout)["error"]
    assert (as_json.exit_code, error["code"], error["column"]) == (2, code, column)
    assert error["message"].endswith(f"(column {column})")


def test_a_riichi_refusal_in_settle_names_the_seat_and_the_column():
    shown = run(
        "settle",
        "--east",
        "1b2b3b 4b5b6b 7b8b9b 1c2c3c 5d!5d 1f",
        "--south",
        "0",
        "--west",
        "0",
        "--north",
        "0",
        "--drawn",
        *RIICHI,
    )
    assert shown.exit_code == 2
    assert (
        shown.stderr == "error: --east: riichi-ema-2016: this ruleset has no flowers or seasons (column 35)\n"
    )


def test_no_yaku_2c3c4c_star_is_about_the_hand_at_column_1():
    """A hand with no yaku is refused as a whole: `the hand: ...`, as a hand with no winning tile is,
    at the column its JSON and a batch record give (1: the hand's start)."""
    shown = run("score", "2c3c4c* 5d5d5d* 7b8b9b 3c4c5c! 8d8d", *RIICHI)
    assert shown.exit_code == 2
    as_json = run("score", "2c3c4c* 5d5d5d* 7b8b9b 3c4c5c! 8d8d", *RIICHI, "--json")
    error = json.loads(as_json.stdout)["error"]
    assert (error["code"], error["column"]) == ("no-yaku", 1)
    assert error["message"].startswith("no win under riichi-ema-2016: ")
    assert shown.stderr == f"error: the hand: {error['message']}\n"


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(
            ("score", "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", *RIICHI, "--seat", "3z"), id="score-seat-3z"
        ),
        pytest.param(
            (
                "settle",
                *RIICHI,
                "--east",
                "2000",
                "--south",
                "0",
                "--west",
                "0",
                "--north",
                "0",
                "--drawn",
                "--round",
                "3z",
            ),
            id="settle-round-3z",
        ),
    ],
)
def test_riichi_wind_tile_3z_as_a_wind_is_told_west(argv):
    """A riichi player's `3z` for a seat or round is refused with ours (regression: no hint was given)."""
    shown = run(*argv)
    assert shown.exit_code == 2
    assert shown.stderr.endswith(
        "'3z' is not a wind (east, south, west, north or e, s, w, n) (riichi's 3z is west)\n"
    )
    assert shown.stderr.count("\n") == 1


# --- settle: an empty seat is the option's fault ------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["--east", ""], id="east-empty-alone"),
        pytest.param(["--east", "  "], id="east-blank-alone"),
        pytest.param(["--east", "", "--south", "8"], id="east-empty-south-8"),
        pytest.param(["--south", "8", "--east", "\t"], id="south-8-east-tab"),
    ],
)
def test_settle_east_empty_names_the_option(argv):
    """`settle --east ''` used to say `settling needs at least two seats`, as if --east were not given
    (and beside another seat, `--east: empty hand (column 1)`)."""
    shown = run("settle", *argv)
    assert (shown.exit_code, shown.stderr) == (
        2,
        "error: --east: empty: give a hand or a whole-number score\n",
    )
    as_json = run("settle", *argv, "--json")
    assert json.loads(as_json.stdout) == {
        "error": {"code": "empty", "message": "--east: empty: give a hand or a whole-number score"}
    }


def test_settle_east_5_alone_still_needs_two_seats():
    shown = run("settle", "--east", "5")
    assert (shown.exit_code, shown.stderr) == (
        2,
        "error: settling needs at least two seats (two-handed game): give each player's hand or score"
        " by seat (--east HAND --south 0)\n",
    )


# --- a number larger than an option takes is refused, the largest named (arguments.whole_number) -------

TWENTY_NINES = "9" * 20


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["evening", "new", "{tmp}/e.jsonl", "--players", "A,B", "--sets", "999999999999999999"],
            "Invalid value for '--sets': 999999999999999999 is more than 100",
            id="sets-999999999999999999",
        ),
        pytest.param(
            ["evening", "new", "{tmp}/e.jsonl", "--players", "A,B", "--sets", "101"],
            "Invalid value for '--sets': 101 is more than 100",
            id="sets-101",
        ),
        pytest.param(
            ["evening", "new", "{tmp}/e.jsonl", "--players", "A,B", "--sets", TWENTY_NINES],
            "Invalid value for '--sets': a number of 20 digits is more than 100",
            id="sets-20-nines",
        ),
        pytest.param(
            ["batch", "{tmp}/none.txt", "--workers", TWENTY_NINES],
            "Invalid value for '--workers': a number of 20 digits is more than 999999999999999999",
            id="workers-20-nines",
        ),
        pytest.param(
            ["evening", "chart", "{tmp}/e.jsonl", "--width", TWENTY_NINES],
            "Invalid value for '--width': a number of 20 digits is more than 400",
            id="width-20-nines",
        ),
        pytest.param(
            ["evening", "amend", "{tmp}/e.jsonl", TWENTY_NINES, "--draw"],
            "Invalid value for 'N': a number of 20 digits is more than 999999999999999999",
            id="amend-20-nines",
        ),
        pytest.param(
            ["evening", "repair", "{tmp}/e.jsonl", "--accept", TWENTY_NINES],
            "Invalid value for '--accept': a number of 20 digits is more than 999999999999999999",
            id="accept-20-nines",
        ),
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "--limit", TWENTY_NINES],
            "--limit: a number of 20 digits is more than 1000000000",
            id="limit-20-nines",
        ),
        # A limit of a quintillion paid a limit hand 2e18 a seat: more than a JSON reader holds exactly.
        pytest.param(
            [
                "score",
                "1b1b1b 3c3c3c 5d5d5d 4b4b4b RdRd",
                "--original-hand",
                "-r",
                "classical-bmja",
                "--limit",
                "999999999999999999",
            ],
            "--limit: 999999999999999999 is more than 1000000000",
            id="limit-999999999999999999-blessing-of-heaven",
        ),  # fmt: skip
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "--limit", "1000000001"],
            "--limit: 1000000001 is more than 1000000000",
            id="limit-1000000001",
        ),
        pytest.param(
            ["settle", "--east", "999999999999999999", "--south", "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd"],
            "--east: a score of 999999999999999999 is more than 1000000000",
            id="settle --east 999999999999999999",
        ),
        pytest.param(
            ["settle", "--east", "1000000001", "--south", "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd"],
            "--east: a score of 1000000001 is more than 1000000000",
            id="settle --east 1000000001",
        ),
    ],
)
def test_a_number_too_large_names_the_option_and_the_largest(tmp_path, argv, message):
    """`--sets 999999999999999999` started an evening of a quintillion sets, and 19 digits or more
    said only `too large`."""
    shown = run(*[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert shown.exit_code == 2
    assert shown.stderr.replace(" (see ", "\n").splitlines()[0] == f"error: {message}"
    assert not (tmp_path / "e.jsonl").exists()  # no evening started


def test_sets_with_5000_leading_zeros_is_5(tmp_path):
    """Leading zeros are no digits of the number: read as 5, not refused as 5,001 digits, nor given to
    int() (which refuses over 4,300)."""
    shown = run("evening", "new", str(tmp_path / "e.jsonl"), "--players", "A,B", "--sets", "0" * 5000 + "5")
    assert shown.exit_code == 0, shown.stderr
    assert json.loads((tmp_path / "e.jsonl").read_text().splitlines()[0])["sets"] == 5


@given(st.integers(min_value=0, max_value=10**25), st.integers(min_value=0, max_value=3))
def test_whole_number_takes_exactly_the_numbers_up_to_the_largest(number, zeros):
    text = "0" * zeros + str(number)
    for most in (None, 100, 64):
        largest = MAX_WHOLE if most is None else most
        if number <= largest:
            assert whole_number(text, None, most) == number
        else:
            with pytest.raises(ValueError, match=f"is more than {largest}$"):
                whole_number(text, None, most)


# --- settle: a score written with separators is refused as a score ----------------------------------


@pytest.mark.parametrize(
    "value",
    # `10pts`, `120 points` (a regression: told `10pts is not a tile group` and riichi's suit hints).
    ["1,000", "1 000", "1_000", "1.000.000", "1'000", "2.5", "+1,000", "５", "١٢", "10pts", "120 points"],
    ids=[
        "1,000",
        "1-space-000",
        "1_000",
        "1.000.000",
        "1-apostrophe-000",
        "2.5",
        "+1,000",
        "fullwidth-5",
        "arabic-12",
        "10pts",
        "120-points",
    ],
)
def test_settle_east_1000_with_a_separator_is_a_bad_score(value):
    """`settle --east 1,000` said `groups are separated by spaces, not commas (column 2)`, and `2.5`
    `is not a tile group`: the player meant a score, and is told how to write one (never read as a
    guess: 1,000 and 1.000 are a thousand or one, by country)."""
    shown = run("settle", "--east", value, "--south", "3", "--winner", "east")
    assert shown.exit_code == 2
    assert shown.stderr.startswith("error: --east: ")
    assert shown.stderr.endswith(": a score is plain digits 0-9 (no commas, points or spaces)\n")
    as_json = run("settle", "--east", value, "--south", "3", "--winner", "east", "--json")
    assert json.loads(as_json.stdout)["error"]["code"] == "bad-score"


@pytest.mark.parametrize(
    ("seat", "value", "digits"),
    [
        pytest.param("--east", "+100", "100", id="east-+100"),
        pytest.param("--south", "-0", "0", id="south--0"),
        pytest.param("--south", "-00", "0", id="south--00"),
        pytest.param("--south", "+0", "0", id="south-+0"),
    ],
)
def test_settle_east_plus_100_is_a_bad_score_saying_the_digits(seat, value, digits):
    """Regression: `settle --east +100 --south -0` paid East's 100 and settled South on 0, where every
    number of the command line refuses a sign (`--limit +500`): a score is plain digits too."""
    table = {"--east": "100", "--south": "8", "--west": "4"} | {seat: value}
    args = ["settle", *(word for pair in table.items() for word in pair), "--winner", "east"]
    shown = run(*args)
    assert (shown.exit_code, shown.stdout) == (2, "")
    assert (
        shown.stderr
        == f"error: {seat}: {value!r}: a score is plain digits 0-9, with no sign: type {digits}\n"
    )
    assert json.loads(run(*args, "--json").stdout)["error"]["code"] == "bad-score"
    assert (
        run(*args[:-2], "--winner", "south" if seat == "--east" else "east").exit_code == 2
    )  # a loser's too


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param("1b,1b", "--east: groups are separated by spaces, not commas (column 3)", id="1b,1b"),
        pytest.param(
            "1e3",
            "--east: 1e3 is not a tile group: a tile is a rank and a suit letter (1d, 9c, Ew, Rd) (column 1)",
            id="1e3",
        ),
    ],
)
def test_settle_east_with_letters_is_still_read_as_a_hand(value, message):
    shown = run("settle", "--east", value, "--south", "3", "--winner", "east")
    assert (shown.exit_code, shown.stderr) == (2, f"error: {message}\n")


# --- a ruleset path that is there but is no file ----------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "-r"], ["rules", "check"]],
    ids=["score", "rules-check"],
)
def test_ruleset_from_a_pipe_dev_fd_63_is_not_a_regular_file(tmp_path, command):
    """`-r <(cat house.yaml)` (the shell's /dev/fd/63, a pipe) said `file not found`."""
    pipe = tmp_path / "house.pipe"
    os.mkfifo(pipe)  # never opened: nothing waits on it
    for path in (str(pipe), "/dev/null"):
        shown = run(*command, path)
        assert (shown.exit_code, shown.stderr) == (
            2,
            f"error: {path}: not a regular file (a pipe or a device): save the ruleset to a .yaml file\n",
        )


# --- settle: a seat's hand not quoted ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        pytest.param(["--east", "1b1b1b", "3c3c3c", "--south", "5"], "--east", id="east-1b1b1b-3c3c3c"),
        pytest.param(["--south", "5", "--north=1b1b1b", "3c3c3c"], "--north", id="north=1b1b1b-3c3c3c"),
        pytest.param(
            ["--dead", "west", "--west", "1b1b1b", "3c3c3c", "--east", "5"], "--west", id="after-dead-west"
        ),
    ],
)
def test_settle_east_1b1b1b_3c3c3c_unquoted_names_the_seat(argv, option):
    """`settle --east 1b1b1b 3c3c3c ...` said `Got unexpected extra argument(s) (3c3c3c)`: the hint
    `score` gives an unquoted hand, for the seat it belongs to."""
    shown = run("settle", *argv)
    assert (shown.exit_code, shown.stderr) == (
        2,
        f"error: {option} takes the hand as one argument: put it in quotes\n",
    )
    as_json = run("settle", *argv, "--json")
    assert json.loads(as_json.stdout)["error"] == {
        "code": "usage",
        "message": f"{option} takes the hand as one argument: put it in quotes",
    }


CURLY = (
    "; '\u201c' (U+201C) is a typographic quote, which the shell does not read as one: quote the hand "
    "with ' or \""
)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["score", "\u201c1b1b1b", "3c3c3c", "5d5d5d*", "4b4b4b*", "Rd!Rd\u201d"],
            f"pungchow score takes the hand as one argument: put it in quotes{CURLY}",
            id="score",
        ),
        pytest.param(
            [
                "settle",
                "--east",
                "\u201c1b1b1b",
                "3c3c3c",
                "5d5d5d*",
                "4b4b4b*",
                "Rd!Rd\u201d",
                "--south",
                "0",
            ],
            f"--east takes the hand as one argument: put it in quotes{CURLY}",
            id="settle",
        ),
        pytest.param(
            ["score", "\u201c1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd\u201d"],
            f"\u201c1b1b1b is not a tile group: {CURLY[2:]} (column 1)",
            id="inside-the-quotes",
        ),
    ],
)
def test_hand_quoted_with_typographic_quotes_1b1b1b_rd_rd_is_told_so(argv, message):
    """`pungchow score \u201c1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd\u201d` (a word processor's or a chat's
    quotes, which the shell splits on) was told to put the hand in quotes, as it had; inside straight
    quotes the \u201c was `no part of the notation`. Both now name the typographic quote."""
    shown = run(*argv)
    assert (shown.exit_code, shown.stderr) == (2, f"error: {message}\n")
    as_json = run(*argv, "--json")
    assert json.loads(as_json.stdout)["error"]["message"] == message


@pytest.mark.parametrize(
    ("argv", "extra"),
    [
        # A value beginning with `-` is no hand begun: a negative score, or a word no option of settle's
        # is spelt (ValueMissing refuses only an option of the table as a value first).
        pytest.param(["--east", "-5", "3c3c3c", "--south", "10"], "3c3c3c", id="east-minus-5-3c3c3c"),
        pytest.param(["--east", "--bogus", "3c3c3c", "--south", "10"], "3c3c3c", id="east-bogus-3c3c3c"),
        # A score is no hand begun: no hand is digits alone.
        pytest.param(["--east", "12", "3c3c3c", "--south", "10"], "3c3c3c", id="east-12-3c3c3c"),
        # The stray word begins with `-` (a number, standard input's `-`): no group of the hand.
        pytest.param(["--east", "1b1b1b", "-5", "--south", "10"], "-5", id="east-1b1b1b-minus-5"),
        pytest.param(["--east", "1b1b1b", "-", "--south", "10"], "-", id="east-1b1b1b-dash"),
        # After `--` every word is a positional, a hand's group no longer.
        pytest.param(
            ["--east", "1b1b1b", "--south", "10", "--", "3c3c3c"], "3c3c3c", id="double-dash-3c3c3c"
        ),
    ],
)
def test_settle_a_stray_word_after_no_hand_begun_names_no_seat(argv, extra):
    """The branches of cli._unquoted_seat that name no seat, each reached by its input: the word is
    told as typer tells an extra argument, never as a seat's hand to quote."""
    shown = run("settle", *argv)
    assert (shown.exit_code, shown.stderr) == (
        2,
        f"error: Got unexpected extra argument(s) ({extra}) (see 'pungchow settle --help')\n",
    )


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["--east=--south", "0"], id="east=--south-0"),
        pytest.param(["--east=0", "0"], id="east=0-0"),
        pytest.param(["--east", "0", "0"], id="east-0-0"),
        pytest.param(["--east", "12", "south", "30"], id="east-12-south-30"),
    ],
)
def test_settle_east_east_0_is_no_unquoted_hand(argv):
    """`settle --east --east 0` (the option typed twice) said `--east takes the hand as one argument: put
    it in quotes`: no hand was begun (found by the long profile; it is refused as a value missing now,
    below); nor is a score (`--east=0 0`, a stray word after it: found by the long profile again)."""
    shown = run("settle", *argv)
    assert shown.exit_code == 2
    assert shown.stderr.startswith("error: Got unexpected extra argument(s) (")
    assert shown.stderr.endswith(") (see 'pungchow settle --help')\n")


# Regression: an option whose value is another option of the command was given that option for its
# value (click's reading), and the line refused for a word after it: `Got unexpected extra argument(s)
# (480)`, `--seat takes the hand as one argument` (arguments.read_args, ValueMissing).
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["settle", "--east", "--east", "480", "--south", "0", "--west", "0", "--north", "0"],
            "--east needs a value (the next word, --east, is an option) (see 'pungchow settle --help')",
            id="settle-east-east-480",
        ),
        pytest.param(
            ["score", "--seat", "--seat", "south", "1b1b1b"],
            "--seat needs a value (the next word, --seat, is an option) (see 'pungchow score --help')",
            id="score-seat-seat-south",
        ),
        pytest.param(
            ["score", "1b1b1b", "-s", "--drawn"],
            "-s needs a value (the next word, --drawn, is an option) (see 'pungchow score --help')",
            id="score-s-drawn",
        ),
        pytest.param(
            ["batch", "--compare", "pung-chow", "-f", "jsonl", "-"],
            "--compare needs 2 values (the word after pung-chow, -f, is an option)"
            " (see 'pungchow batch --help')",
            id="batch-compare-pung-chow-f",
        ),
        # Regression: one of the two at the end of the line said `--compare needs a value`, one given.
        pytest.param(
            ["batch", "-", "--compare", "pung-chow"],
            "--compare needs 2 values (see 'pungchow batch --help')",
            id="batch-compare-pung-chow",
        ),
        # A number is a value, refused by its own reader; a help option is what was asked for.
        pytest.param(
            ["score", "1b1b1b", "--honba", "-1"],
            "--honba: '-1' is not a whole number of 0 or more",
            id="honba--1",
        ),
    ],
)
def test_option_valued_by_another_option_is_refused(argv, message):
    shown = run(*argv)
    assert (shown.exit_code, shown.stdout, shown.stderr) == (2, "", f"error: {message}\n")


# Regression: the same, with the option word last on the line, its own value missing too: the reader
# stopped at the later error (`--honba needs a value`), left the line to click, which took the option
# word for the value: `--seat: '--honba' is not a wind`, `-r: no ruleset '-r'` (arguments.read_args).
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["score", "1b1b1b", "--seat", "--honba"],
            "--seat needs a value (the next word, --honba, is an option) (see 'pungchow score --help')",
            id="score-seat-honba",
        ),
        pytest.param(
            ["score", "1b1b1b", "--seat", "--seat"],
            "--seat needs a value (the next word, --seat, is an option) (see 'pungchow score --help')",
            id="score-seat-seat",
        ),
        pytest.param(
            ["diff", "1b1b1b", "-r", "pung-chow", "-r", "-r"],
            "-r needs a value (the next word, -r, is an option) (see 'pungchow diff --help')",
            id="diff-r-pung-chow-r-r",
        ),
        pytest.param(
            ["settle", "--east", "10", "--south", "--west"],
            "--south needs a value (the next word, --west, is an option) (see 'pungchow settle --help')",
            id="settle-east-10-south-west",
        ),
    ],
)
def test_option_valued_by_an_option_last_on_the_line_is_refused(argv, message):
    shown = run(*argv)
    assert (shown.exit_code, shown.stdout, shown.stderr) == (2, "", f"error: {message}\n")


def test_score_s_json_says_the_value_is_missing_as_json():
    """`score HAND -s --json`: --json is an option, so the answer is JSON, not a seat `--json`."""
    shown = run("score", "1b1b1b", "-s", "--json")
    assert shown.exit_code == 2
    assert json.loads(shown.stdout)["error"] == {
        "code": "usage",
        "message": "-s needs a value (the next word, --json, is an option) (see 'pungchow score --help')",
    }


def test_score_seat_seat_help_shows_the_help():
    shown = run("score", "--seat", "--seat", "--help")
    assert shown.exit_code == 0 and "Usage: pungchow score" in shown.stdout


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["1b1b1b", "--south", "5"], id="a-word-first"),
        pytest.param(["--south", "5", "--drawn", "1b1b1b"], id="after-a-flag"),
        pytest.param(["--winner", "east", "5", "--south", "5"], id="after-winner"),
    ],
)
def test_settle_stray_word_not_after_a_seat_is_typers_message(argv):
    shown = run("settle", *argv)
    assert shown.exit_code == 2
    assert shown.stderr.startswith("error: Got unexpected extra argument(s) (")


def test_wash_1d_five_times_names_the_group_and_column():
    """`wash` said `1d appears 5 times; there are four of each tile`, with no position."""
    shown = run("wash", "1d9d1b9b1c9cEwSwWw 1d1d1d1d", "-r", "pung-chow-limit")
    assert (shown.exit_code, shown.stderr) == (
        2,
        "error: 1d1d1d1d: 1d may appear at most four times in a hand (column 20)\n",
    )


# --- docs: a topic as typed -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["NOTATION", "Notation.md", "notation", "NOTATION.MD", "docs/notation.Md"],
    ids=["NOTATION", "Notation.md", "notation", "NOTATION.MD", "docs-notation.Md"],
)
def test_docs_NOTATION_in_capitals_is_the_topic(name):
    """`docs NOTATION` said `no topic 'NOTATION'`: the topics are the files' names, in small letters."""
    shown = run("docs", name)
    assert shown.exit_code == 0
    assert shown.stdout.startswith("# Hand notation\n")


def test_docs_notatoin_names_the_closest_topic():
    shown = run("docs", "notatoin")
    assert shown.exit_code == 2
    assert shown.stderr.startswith("error: no topic 'notatoin' (did you mean 'notation'?): one of batch, ")


# --- notation: a glyph pasted from a chat app --------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [
        "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* \U0001f004\ufe0f!\U0001f004\ufe0f",
        "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* \U0001f004\ufe0e!\U0001f004",
        "\U0001f010\ufe0f\U0001f010\U0001f010 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd",
    ],
    ids=["red-dragon-emoji-selector", "red-dragon-text-selector", "one-bamboo-selector"],
)
def test_red_dragon_glyph_with_fe0f_reads_as_the_tile(hand):
    """`🀄️` (the glyph and U+FE0F, as chat apps and web pages send it) was `not a tile group`."""
    shown = run("score", hand, "--json")
    assert shown.exit_code == 0, shown.stdout
    assert json.loads(shown.stdout)["hand"] == "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"


def test_settle_east_with_leading_spaces_counts_the_column_as_typed():
    """`--east '   1b1b1b 3x'` said `(column 8)`, counted from the value with its spaces taken off."""
    shown = run("settle", "--east", "   1b1b1b 3x", "--south", "5")
    assert (shown.exit_code, shown.stderr) == (
        2,
        "error: --east: 3x is not a tile group: 'x' is no rank or suit (suits are b bamboo, c characters,"
        " d dots and dragons, w winds, f flowers, s seasons) (column 11)\n",
    )


# An original hand names no winning tile (docs/rulings.md "A hand won on the original draw"): a `!` with
# it was scored as a claimed discard (368 against 384, money moved on a guess). Riichi's chiihou is
# another seat's first draw and marks it; its tenhou is East's hand as dealt (docs/riichi.md).
ORIGINAL_HAND_BANG = [
    pytest.param(
        "1b1b1b 3c3c!3c 5d5d5d* 4b4b4b* RdRd",
        ("--original-hand",),
        "3c3c!3c: a hand won on the original draw (--original-hand) has no winning tile: drop the ! "
        "(column 8)",
        id="1b1b1b 3c3c!3c 5d5d5d* 4b4b4b* RdRd --original-hand",
    ),
    pytest.param(
        "1b1b1b 3c3c!3c 5d5d5d 4b4b4b RdRd",
        ("--original-hand", "-r", "classical-bmja"),
        "3c3c!3c: a hand won on the original draw (--original-hand) has no winning tile: drop the ! "
        "(column 8)",
        id="1b1b1b 3c3c!3c 5d5d5d 4b4b4b RdRd --original-hand -r classical-bmja",
    ),
    pytest.param(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        ("--original-hand", "--drawn", "-r", "riichi-ema-2016"),
        "6b7b8b!: East's hand won on the original draw (--original-hand) is complete as dealt: drop the ! "
        "(column 22)",
        id="2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d --original-hand --drawn -r riichi-ema-2016",
    ),
    pytest.param(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d9d",
        ("--original-hand", "--drawn", "-s", "south", "-r", "riichi-ema-2016"),
        "the hand: another seat's hand won on the original draw (--original-hand) is completed by its "
        "first draw: mark the tile drawn with ! (column 1)",
        id="2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d9d --original-hand --drawn -s south -r riichi-ema-2016",
    ),
]


# A `!` that should not be there was told as "the hand: ... drop the !", leaving it to be found among
# the groups (2026-11-27): the group that holds it is named, with its column.
LOSER_BANG = [
    pytest.param(
        "EwEwEw 1b2b3b 4c5c6c 7d8d9d Nw!Nw",
        ("--loser",),
        "Nw!Nw: a non-winning hand (--loser) has no winning tile: drop the ! (column 29)",
        id="EwEwEw 1b2b3b 4c5c6c 7d8d9d Nw!Nw --loser",
    ),
    pytest.param(
        "1b!2b3b 4c4c",
        ("--loser", "--json"),
        '{"error": {"code": "loser-winning-tile", "message": "1b!2b3b: a non-winning hand (--loser) has no '
        'winning tile: drop the ! (column 1)", "column": 1}}',
        id="1b!2b3b 4c4c --loser --json",
    ),
]


@pytest.mark.parametrize(("hand", "options", "said"), LOSER_BANG)
def test_a_non_winning_hand_marked_with_bang_is_told_where(hand, options, said, pungchow) -> None:
    as_json = "--json" in options
    assert pungchow("score", hand, *options) == (2, f"{said}\n" * as_json, f"error: {said}\n" * (not as_json))


@pytest.mark.parametrize(("hand", "options", "said"), ORIGINAL_HAND_BANG)
def test_original_hand_and_its_winning_tile(hand: str, options: tuple[str, ...], said: str, pungchow) -> None:
    assert pungchow("score", hand, *options) == (2, "", f"error: {said}\n")


@pytest.mark.parametrize(
    ("hand", "options"),
    [
        pytest.param("2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d9d", (), id="tenhou-2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d9d"),
        pytest.param(
            "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
            ("-s", "west"),
            id="chiihou-2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        ),
    ],
)
def test_tenhou_and_chiihou_as_written_score(hand: str, options: tuple[str, ...], pungchow) -> None:
    code, out, err = pungchow(
        "score", hand, "--original-hand", "--drawn", "-r", "riichi-ema-2016", "--json", *options
    )
    assert code == 0, err
    assert json.loads(out)["limit_hand"] in ("Tenhou", "Chiihou")


# How a hand was won and who discarded its winning tile describe a win: with --loser they were accepted
# and silently ignored.
@pytest.mark.parametrize(
    ("options", "said"),
    [
        pytest.param(
            ("--from", "south"), "--from", id="1b1b1b 3c3c3c 5d5d5d* 4b4b RdRd --loser --from south"
        ),
        pytest.param(("--drawn",), "--drawn", id="1b1b1b 3c3c3c 5d5d5d* 4b4b RdRd --loser --drawn"),
        pytest.param(("--loose",), "--loose", id="1b1b1b 3c3c3c 5d5d5d* 4b4b RdRd --loser --loose"),
        pytest.param(
            ("--win-by", "wall"), "--win-by", id="1b1b1b 3c3c3c 5d5d5d* 4b4b RdRd --loser --win-by wall"
        ),
        # The book's three facts of a win were scored silently with --loser (docs/notation.md: refused).
        pytest.param(
            ("--original-hand",),
            "--original-hand",
            id="1b1b1b 3c3c3c 5d5d5d* 4b4b RdRd --loser --original-hand",
        ),
        pytest.param(
            ("--last-tile",), "--last-tile", id="1b1b1b 3c3c3c 5d5d5d* 4b4b RdRd --loser --last-tile"
        ),
        pytest.param(
            ("--first-discard",),
            "--first-discard",
            id="1b1b1b 3c3c3c 5d5d5d* 4b4b RdRd --loser --first-discard",
        ),
    ],
)
def test_loser_with_a_way_of_winning(options: tuple[str, ...], said: str, pungchow) -> None:
    done = pungchow("score", "1b1b1b 3c3c3c 5d5d5d* 4b4b RdRd", "--loser", *options)
    assert done == (
        2,
        "",
        f"error: {said} describes a win, but --loser scores a non-winning hand: drop {said} or --loser\n",
    )


# An empty or blank ruleset name, told with the shipped names to choose from.
NO_RULESET = (
    "names no ruleset (shipped: classical-bmja, classical-dmjl, pung-chow, pung-chow-limit, riichi-ema-2016;"
    " or give a .yaml path)"
)
MESSAGES = [
    # A tile marked twice is the same mistake as two tiles marked: it read "not a tile group".
    pytest.param(
        ("score", "1b1b1b 3c3c3c 5d5d5d!! 4b4b4b RdRd"),
        "error: 5d5d5d!! marks its winning tile more than once: one ! straight after it (5d5d5d!)"
        " (column 15)",
        id="5d5d5d!!",
    ),
    # An empty ruleset name was put before the message as `<ruleset>: no ruleset ''`.
    pytest.param(
        ("score", "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd", "-r", ""),
        f"error: -r '' {NO_RULESET}",
        id="-r ''",
    ),
    pytest.param(
        ("score", "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd", "-r", " "),
        f"error: -r ' ' {NO_RULESET}",
        id="-r ' '",
    ),
    # A positional given empty was refused naming `-r`, an option the user did not type.
    pytest.param(
        ("rules", "show", ""),
        f"error: '' {NO_RULESET}",
        id="rules show ''",
    ),
    pytest.param(
        ("rules", "diff", "pung-chow", " "),
        f"error: ' ' {NO_RULESET}",
        id="rules diff pung-chow ' '",
    ),
    pytest.param(
        ("rules", "check", ""),
        f"error: '' {NO_RULESET}",
        id="rules check ''",
    ),
    # The open set was an `=` pair, and the message spoke of sets (*, +); pung-chow reads no riichi, so
    # the way out is to drop it (situation.UNREAD_HINT).
    pytest.param(
        ("score", "2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d!9d=", "--riichi"),
        "error: --riichi needs a closed hand: no pair laid open (=) before the win, and no rule of ruleset"
        " pung-chow scores riichi: drop --riichi (column 29)",
        id="2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d!9d= --riichi",
    ),
]


@pytest.mark.parametrize(("argv", "said"), MESSAGES)
def test_message(argv: tuple[str, ...], said: str, pungchow) -> None:
    assert pungchow(*argv) == (2, "", f"{said}\n")


HAND = "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd"
RIICHI_HINT = "Riichi: no ruleset 'Riichi'; the riichi ruleset here is riichi-ema-2016 (shipped: "


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(("score", HAND, "-r", "Riichi"), id="score"),
        pytest.param(("settle", "--east", "4", "--south", "8", "-r", "Riichi"), id="settle"),
        pytest.param(("diff", HAND, "-r", "pung-chow", "-r", "Riichi"), id="diff"),
        pytest.param(("batch", "-", "-r", "Riichi"), id="batch -r"),
        pytest.param(("batch", "-", "--compare", "pung-chow", "Riichi"), id="batch --compare"),
        pytest.param(("rules", "show", "Riichi"), id="rules show"),
        pytest.param(("rules", "check", "Riichi"), id="rules check"),
        pytest.param(("rules", "diff", "pung-chow", "Riichi"), id="rules diff"),
        pytest.param(("evening", "new", "{log}", "--players", "A,B,C,D", "-r", "Riichi"), id="evening new"),
    ],
)
def test_riichi_is_refused_with_a_hint_in_every_command(argv, pungchow, tmp_path) -> None:
    # `-r Riichi` named the shipped rulesets but not the one meant; the hint is never taken as the name.
    log = tmp_path / "evening.jsonl"
    code, out, err = pungchow(*(word.format(log=log) for word in argv))
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {RIICHI_HINT}")
    assert not log.exists()


def test_riichi_on_a_batch_line_is_that_lines_record_with_the_hint() -> None:
    done = run("batch", "-", "-f", "jsonl", input=f"{HAND} -r Riichi\n")
    record = json.loads(done.stdout)
    assert done.exit_code == 1
    assert record["error"]["code"] == "ruleset-not-found"
    assert record["error"]["message"].startswith(RIICHI_HINT)


def test_diff_refusal_names_the_ruleset_once(pungchow) -> None:
    """`diff '... Rd!Rd=' -r pung-chow -r riichi-ema-2016` said `riichi-ema-2016 refuses the hand:
    riichi-ema-2016: ...`."""
    code, out, _ = pungchow(
        "diff", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b Rd!Rd=", "-r", "pung-chow", "-r", "riichi-ema-2016"
    )
    assert code == 0
    assert "riichi-ema-2016 refuses the hand: this ruleset has no exposed pair (=) (column 30)\n" in out


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(
            ("RdRdRd GdGdGd WdWdWd EwEwEw Sw!Sw", "-s", "south", "--no-limit"),
            id="RdRdRd GdGdGd WdWdWd EwEwEw Sw!Sw",
        ),
        pytest.param(
            (
                "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
                "-r",
                "riichi-ema-2016",
                "--riichi",
                "--drawn",
                "-s",
                "south",
                "--deposits",
                "2",
            ),
            id="2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d --deposits 2",
        ),
    ],
)
def test_payments_line_breaks_between_payments(argv: tuple[str, ...], columns: int) -> None:
    """The `Payments:` line wrapped inside a payment, its last number alone on the next line."""
    done = run("score", *argv, env={"COLUMNS": str(columns)})
    assert done.exit_code == 0
    lines = done.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Payments: "))
    shown = [line for line in lines[start:] if not line.startswith("Note")]
    assert all(len(line) <= columns for line in shown)
    assert all(not line.split()[0].isdigit() for line in shown)  # no number alone at a line's start
    assert " ".join(shown).count(" pays ") == 3 and "collects" in " ".join(shown)


def test_settle_east_complete_with_original_hand_but_no_winner(pungchow) -> None:
    """`settle --east '1b1b1b 3c3c3c 5d5d5d* 4b4b4b* RdRd' ... --original-hand` told the user to add the
    --original-hand already given (and a `!`, which an original hand never marks)."""
    argv = ("--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* RdRd", "--south", "2", "--west", "4", "--north", "6")
    assert pungchow("settle", *argv, "--original-hand") == (
        2,
        "",
        "error: east's hand is complete: a hand won on the original draw (--original-hand) marks no winning "
        "tile, so name its winner: --winner east\n",
    )


# A hand as dealt takes no discard: `--from` with `--original-hand` was accepted and ignored.
@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(
            ("score", "1b1b1b 3c3c3c 5d5d5d 4b4b4b RdRd", "--original-hand", "--from", "south"), id="score"
        ),
        pytest.param(
            (
                "settle", "--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* RdRd",
                "--south", "2", "--west", "4", "--north", "6",
                "--original-hand", "--winner", "east", "--from", "south",
            ),
            id="settle",
        ),
    ],
)  # fmt: skip
def test_original_hand_from_south(argv: tuple[str, ...], pungchow) -> None:
    said = (
        "--from: a hand won on the original draw (--original-hand) takes no discard: give --from or "
        "--original-hand, not both"
    )
    assert pungchow(*argv) == (2, "", f"error: {said}\n")


def test_settle_honba_2_deposits_1_under_pung_chow_notes_each_once(pungchow) -> None:
    """`settle --south '... 6b7b8b! 9d9d' ... --honba 2 --deposits 1` noted each unpaid fact twice: once
    from the winner's scored hand, once from the settlement."""
    code, out, _ = pungchow(
        "settle", "--south", "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        "--east", "0", "--west", "0", "--north", "0",
        "--honba", "2", "--deposits", "1", "--from", "east", "--json",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["notes"] == [
        "--honba: ruleset pung-chow pays nothing for counters (no counter_points in its settlement)",
        "--deposits: ruleset pung-chow pays nothing for deposits (no deposit_points in its settlement)",
    ]


# --- the largest limit and score taken keep every amount exact in JSON (2^53) ------------------------


def _integers(value: object) -> list[int]:
    """Every integer of a JSON document."""
    if isinstance(value, dict):
        return [n for v in value.values() for n in _integers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _integers(v)]
    return [value] if isinstance(value, int) and not isinstance(value, bool) else []


@pytest.mark.parametrize(
    "ruleset", ["pung-chow", "pung-chow-limit", "classical-dmjl", "classical-bmja", "riichi-ema-2016"]
)
def test_the_largest_limit_and_scores_pay_what_json_holds_exactly(ruleset):
    east = "1b1b1b 3c3c3c 5d5d5d 4b4b4b RdRd"  # East's original hand: a limit hand where there are some
    most = str(MAX_POINTS)
    # The largest counts riichi takes: one as large as a counter's or a stick's worth is their points.
    riichi = ("--drawn", "--honba", "299", "--deposits", "999") if ruleset.startswith("riichi") else ()
    scored = run("score", east, "--original-hand", "-r", ruleset, "--limit", most, *riichi, "--json")
    assert scored.exit_code == 0, scored.stderr
    seats = (
        ["--south", most, "--west", most, "--north", "0"]
        if not riichi
        else ["--south", "0", "--west", "0", "--north", "0"]
    )
    settled = run("settle", "--east", east, *seats, "--winner", "east", "--original-hand", "-r", ruleset,
                  "--limit", most, *riichi, "--json")  # fmt: skip
    assert settled.exit_code == 0, settled.stderr
    for shown in (scored, settled):
        assert max(_integers(json.loads(shown.stdout))) <= 2**53


# --- an option of one value given twice: which was meant would be a guess ------------------------------

PUNGS = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        pytest.param(
            ["score", PUNGS, "-s", "south", "-s", "west"],
            "--seat is given 2 times ('south', 'west')",
            id="score -s -s",
        ),
        pytest.param(
            ["score", PUNGS, "--round", "east", "-w", "south"],
            "--round is given 2 times ('east', 'south')",
            id="score --round -w",
        ),
        pytest.param(
            ["score", PUNGS, "-r", "pung-chow", "-r", "classical-bmja"],
            "--ruleset is given 2 times ('pung-chow', 'classical-bmja')",
            id="score -r -r",
        ),
        pytest.param(
            ["score", PUNGS, "-ssouth", "--seat=west"],
            "--seat is given 2 times ('south', 'west')",
            id="score -ssouth --seat=west",
        ),
        pytest.param(
            ["score", PUNGS, "--from", "s", "--from", "n"],
            "--from is given 2 times ('s', 'n')",
            id="score --from --from",
        ),
        pytest.param(
            ["score", PUNGS, "-r", "riichi-ema-2016", "--honba", "1", "--honba", "2"],
            "--honba is given 2 times ('1', '2')",
            id="score --honba --honba",
        ),
        pytest.param(
            ["diff", PUNGS, "-r", "pung-chow", "-r", "classical-bmja", "-s", "s", "-s", "w"],
            "--seat is given 2 times ('s', 'w')",
            id="diff -s -s",
        ),
        pytest.param(
            ["settle", "--east", PUNGS, "--south", "8", "--winner", "e", "--winner", "s"],
            "--winner is given 2 times ('e', 's')",
            id="settle --winner --winner",
        ),
        pytest.param(
            ["wash", "1b9b1c9c1dEwSwWwNwRdGdWd2b", "-s", "s", "-s", "w"],
            "--seat is given 2 times ('s', 'w')",
            id="wash -s -s",
        ),
        # `pungchow -- score ...` went through typer, which counted the last value.
        pytest.param(
            ["--", "score", PUNGS, "-s", "south", "-s", "west"],
            "--seat is given 2 times ('south', 'west')",
            id="-- score -s -s",
        ),
    ],
)
def test_an_option_of_one_value_given_twice_is_refused(argv: list[str], said: str):
    """`score HAND -s south -s west` was scored for west, click's last value, without a word: money moved
    on a guess. Refused, one line naming the option and both values, exit 2; under --json the error
    object (code option-twice)."""
    result = run(*argv)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {said}: give it once\n")
    as_json = run(*argv, "--json")
    assert as_json.exit_code == 2
    assert json.loads(as_json.stdout) == {
        "error": {"code": "option-twice", "message": f"{said}: give it once"}
    }


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["score", PUNGS, "--drawn", "--drawn"], id="score --drawn --drawn"),
        pytest.param(["score", PUNGS, "--json", "--json"], id="score --json --json"),
        pytest.param(
            ["diff", PUNGS, "-r", "pung-chow", "-r", "classical-bmja", "--loose", "--loose"],
            id="diff --loose",
        ),
    ],
)
def test_a_flag_given_twice_says_the_same_thing_and_is_taken(argv: list[str]):
    """A flag twice is not ambiguous (on is on): taken, as docs/batch.md and the README say."""
    assert run(*argv).exit_code == 0


def test_help_beside_an_option_given_twice_is_help():
    """`--help` asks for the help: given, whatever else the line holds."""
    result = run("score", PUNGS, "-s", "south", "-s", "west", "--help")
    assert result.exit_code == 0 and "Usage: pungchow score" in result.stdout


# docs/json.md: an error's `code` is stable and "every code is listed in notation.md"; `no-discarder`
# (settle under riichi without --from), `too-many-doublings`, `not-playable` and `no-hanchan` were not.
@pytest.mark.source  # reads the checkout's source for the codes
def test_codes_no_discarder_too_many_doublings_not_playable_no_hanchan_are_listed_in_notation_md() -> None:
    root = Path(__file__).resolve().parent.parent
    raised = {
        code
        for path in (root / "pungchow_calc").rglob("*.py")
        # A code given where raised, or an error class's own (default_code, engine/errors.py).
        for code in re.findall(
            r'\b(?:code=|default_code(?:: ClassVar\[str\])? = )"([a-z-]+)"', path.read_text(encoding="utf-8")
        )
    }
    listed = set(re.findall(r"`([a-z-]+)`", (root / "docs" / "notation.md").read_text(encoding="utf-8")))
    assert {"no-discarder", "too-many-doublings", "not-playable", "no-hanchan", "option-twice"} <= raised
    # The base classes' own codes are never raised bare: every raise of them names its code.
    assert raised - listed == {"error", "option", "ruleset", "table"}


@pytest.mark.source  # reads the checkout's source for the codes
def test_the_error_tables_of_notation_md_have_a_row_for_every_code_and_every_row_is_raised() -> None:
    """Regression: `not-written`, `open-hand` and `no-yaku` were in the prose only, and the tables
    named messages no code gives (`--workers must be 1 or more`)."""
    root = Path(__file__).resolve().parent.parent
    source = "".join(p.read_text(encoding="utf-8") for p in (root / "pungchow_calc").rglob("*.py"))
    doc = (root / "docs" / "notation.md").read_text(encoding="utf-8")
    tables = doc[doc.index("## Errors of the notation and the hand") :]
    rows = set(re.findall(r"^\| `([a-z-]+)` \|", tables, re.MULTILINE))
    raised = set(re.findall(r'\b(?:code=|default_code(?:: ClassVar\[str\])? = )"([a-z-]+)"', source))
    # The classes' own codes, never raised bare (the test above), are named in the prose.
    assert raised - rows == {"error", "option", "ruleset", "table", "notation", "hand", "wash", "evening"}
    # Every row's code is a string of the source (some are given as a tuple or a constant).
    assert {code for code in rows if f'"{code}"' not in source} == set()
    assert "must be 1 or more" not in tables


# --- --no-limit under limits by doublings (docs/notation.md#options, docs/riichi.md#limits) ---------

MANGAN = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"  # with --riichi --dora 4d,4d,4d: a mangan, 2,000
TIERED_NAME = "tiered.yaml"
TIERED = "extends: pung-chow\nsettings:\n  limits:\n    - {name: Big, doublings: 3, score: 500}\n"
NO_LIMIT_REFUSED = (
    "--no-limit lifts only a flat limit: ruleset {name} limits a hand by its doublings and score ({tiers}),"
    " which stay; leave --no-limit out"
)
RIICHI_NO_LIMIT = NO_LIMIT_REFUSED.format(name="riichi-ema-2016", tiers="Mangan to Sanbaiman")


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(("score", MANGAN, *RIICHI, "--riichi", "--no-limit"), id="score"),
        pytest.param(
            ("diff", MANGAN, "-r", "riichi-ema-2016", "-r", TIERED_NAME, "--riichi", "--no-limit"),
            id="diff-every-ruleset-tiered",
        ),
        pytest.param(
            ("settle", "--east", MANGAN, "--south", "0", "--west", "0", "--north", "0", "--from", "south")
            + (*RIICHI, "--riichi", "--no-limit"),
            id="settle",
        ),
    ],
)
def test_no_limit_under_riichi_is_refused(argv: tuple[str, ...], pungchow, tmp_path, monkeypatch) -> None:
    # It changed nothing and said nothing: the mangan stayed 2,000 under --no-limit.
    monkeypatch.chdir(tmp_path)
    Path(TIERED_NAME).write_text(TIERED)
    assert pungchow(*argv) == (2, "", f"error: {RIICHI_NO_LIMIT}\n")


def test_diff_no_limit_beside_riichi_refuses_riichis_column_alone(pungchow) -> None:
    # The whole command was refused; a ruleset's refusal is its column's in diff (docs/batch.md), and the
    # book's hand is still compared, uncapped.
    code, out, err = pungchow("diff", MANGAN, "-r", "pung-chow", *RIICHI, "--riichi", "--no-limit", "--json")
    assert (code, err) == (0, "")
    done = json.loads(out)
    assert done["scores"]["riichi-ema-2016"] == {"error": {"code": "bad-option", "message": RIICHI_NO_LIMIT}}
    assert (done["totals"]["riichi-ema-2016"], done["totals"]["pung-chow"]["payable"]) == (None, 30)


@pytest.mark.parametrize(
    ("text", "options"),
    [
        pytest.param(f"'{MANGAN}' -r riichi-ema-2016 --riichi --no-limit\n", (), id="line"),
        pytest.param(f"'{MANGAN}' --riichi --no-limit\n", RIICHI, id="batch -r"),
        pytest.param(
            f"'{MANGAN}' --riichi --no-limit\n", ("--compare", "pung-chow", "riichi-ema-2016"), id="compare"
        ),
    ],
)
def test_no_limit_under_riichi_is_a_batch_lines_error_record(text: str, options: tuple[str, ...]) -> None:
    done = run("batch", "-", "-f", "jsonl", *options, input=text)
    assert done.exit_code == 1
    column = text.index("--no-limit") + 1  # the word at fault, on its line (docs/batch.md)
    said = f"{RIICHI_NO_LIMIT} (column {column})"
    wanted = {"code": "bad-option", "message": said, "column": column}
    if options[:1] == ("--compare",):
        assert done.stderr == f"line 1: error [bad-option]: {said}\n"
    else:
        assert json.loads(done.stdout) == {"line": 1, "error": wanted}


def test_limit_null_in_a_yaml_batch_under_riichi_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "hands.yaml"
    path.write_text(f"- hand: {MANGAN}\n  ruleset: riichi-ema-2016\n  riichi: true\n  limit: null\n")
    done = run("batch", str(path), "-f", "jsonl")
    assert (done.exit_code, json.loads(done.stdout)) == (
        1,
        {"line": 1, "item": 1, "column": 3, "error": {"code": "bad-option", "message": RIICHI_NO_LIMIT}},
    )


def test_no_limit_under_a_house_ruleset_with_tiers_starts_no_evening(tmp_path: Path) -> None:
    house = tmp_path / "tiered.yaml"
    house.write_text(TIERED)
    log = tmp_path / "e.jsonl"
    done = run("evening", "new", str(log), "--players", "A,B,C,D", "-r", str(house), "--no-limit")
    said = NO_LIMIT_REFUSED.format(name="tiered", tiers="Big")
    assert (done.exit_code, done.stdout, done.stderr) == (2, "", f"error: {said}\n")
    assert not log.exists()


@pytest.mark.parametrize(
    ("argv", "payable"),
    [
        # --limit N still caps the basic points under riichi (docs/riichi.md#limits).
        pytest.param(
            ("score", MANGAN, *RIICHI, "--riichi", "--dora", "4d,4d,4d", "--limit", "1000"),
            1000,
            id="riichi --limit",
        ),
        # A flat limit is lifted as ever.
        pytest.param(
            ("score", "RdRdRd GdGdGd WdWdWd 1b1b1b 2b!2b", "-r", "pung-chow-limit", "--no-limit"),
            1664,
            id="pung-chow-limit --no-limit",
        ),
    ],
)
def test_limit_options_that_do_something_are_taken(argv: tuple[str, ...], payable: int, pungchow) -> None:
    code, out, err = pungchow(*argv, "--json")
    assert (code, err, json.loads(out)["payable"]) == (0, "", payable)


# Regression: `score '1c2c3c 4c5c6c 7d8d9d 1b1b1b Rd!Rd' -r classical-bmja` said `the hand: not a winning
# hand: this ruleset allows at most 1 chow` with no column, where the same line in a batch said
# `(column 1)`: the terminal's line dropped the column of a whole-hand error (cli/failure.py reason).
# Every command that reads a hand now says the error's own words, column and all (PungchowError.__str__).
BMJA_TWO_CHOWS = "1c2c3c 4c5c6c 7d8d9d 1b1b1b Rd!Rd"
BMJA_SAID = "not a winning hand: this ruleset allows at most 1 chow (column 1)"


@pytest.mark.parametrize(
    ("argv", "stream", "said"),
    [
        pytest.param(
            ["score", BMJA_TWO_CHOWS, "-r", "classical-bmja"], "stderr", "error: the hand: ", id="score"
        ),
        pytest.param(
            ["settle", "-r", "classical-bmja", "--east", BMJA_TWO_CHOWS, "--south", "8"],
            "stderr",
            "error: --east: ",
            id="settle",
        ),
        pytest.param(
            ["diff", BMJA_TWO_CHOWS, "-r", "pung-chow", "-r", "classical-bmja"],
            "stdout",
            "classical-bmja refuses the hand: ",
            id="diff",
        ),
    ],
)
def test_1c2c3c_4c5c6c_7d8d9d_1b1b1b_Rd_Rd_under_bmja_is_at_column_1_as_in_a_batch(
    argv: list[str], stream: str, said: str
) -> None:
    batch = run("batch", "-", "-f", "jsonl", input=f"'{BMJA_TWO_CHOWS}' -r classical-bmja\n")
    error = json.loads(batch.stdout)["error"]
    assert (error["message"], error["column"]) == (BMJA_SAID, 1)
    result = run(*argv, env={"COLUMNS": "200"})
    lines = getattr(result, stream).splitlines()
    assert f"{said}{BMJA_SAID}" in lines, result.output


@pytest.mark.parametrize(
    ("files", "extra", "hint"),
    [
        pytest.param(["a.txt", "b.txt"], ["b.txt"], "cat a.txt b.txt | pungchow batch -", id="a-txt-b-txt"),
        pytest.param(
            ["a.txt", "b.txt", "c.txt"],
            ["b.txt", "c.txt"],
            "cat a.txt b.txt c.txt | pungchow batch -",
            id="a-txt-b-txt-c-txt",
        ),
    ],
)
def test_batch_a_txt_b_txt_names_the_way_to_read_them_as_one(tmp_path, monkeypatch, files, extra, hint):
    """`batch a.txt b.txt` was told only `Got unexpected extra argument(s) (b.txt)`: a batch reads one
    file, and the files named are joined by cat (docs/batch.md)."""
    monkeypatch.chdir(tmp_path)
    for name in files:
        Path(name).write_text("1b1b1b 2b2b2b 3b3b3b 5d5d5d RdRd!\n", encoding="utf-8")
    shown = run("batch", *files)
    assert (shown.exit_code, shown.stdout) == (2, "")
    assert shown.stderr == (
        f"error: Got unexpected extra argument(s) ({' '.join(extra)}): a batch reads one file: to score"
        f" several as one, {hint} (see 'pungchow batch --help')\n"
    )


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        # -f forgotten: a word that is no file is not told to cat it
        pytest.param("json", "json", id="a-txt-json"),
        # the parser's message parts the words by spaces: a name with one is not guessed at
        pytest.param("c d.txt", "c d.txt", id="a-txt-c-d-txt"),
    ],
)
def test_batch_a_txt_and_a_word_no_file_is_typers_message(tmp_path, monkeypatch, extra, said):
    """An extra word that is not a file the hint could name is told as typer tells it."""
    monkeypatch.chdir(tmp_path)
    for name in ("a.txt", "c d.txt"):
        Path(name).write_text("1b1b1b 2b2b2b 3b3b3b 5d5d5d RdRd!\n", encoding="utf-8")
    shown = run("batch", "a.txt", extra)
    assert (shown.exit_code, shown.stderr) == (
        2,
        f"error: Got unexpected extra argument(s) ({said}) (see 'pungchow batch --help')\n",
    )


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(
            ["score", "1b1b1b 2b2b2b 3b3b3b 5d5d5d RdRd!", "--limit", "-5"], id="score-limit-minus-5"
        ),
        pytest.param(
            ["evening", "new", "e.jsonl", "--players", "A,B,C,D", "--limit", "-5"], id="new-limit-minus-5"
        ),
    ],
)
def test_limit_minus_5_is_a_whole_number_below_1(tmp_path, monkeypatch, argv):
    """`--limit -5` was told `'-5' is not a whole number`, which it is, then `not a whole number of 0 or
    more`, where 0 is refused too: it is below the least, 1, as `--workers 0` is told."""
    monkeypatch.chdir(tmp_path)
    shown = run(*argv)
    assert (shown.exit_code, shown.stdout, shown.stderr) == (2, "", "error: --limit: -5 is less than 1\n")
    assert not (tmp_path / "e.jsonl").exists()
