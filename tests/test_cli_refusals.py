"""Refusals of the command line outside evening and batch, pinned by the input that showed them: where
a refusal points (the column), what it names (the option), and the largest number an option takes."""

from __future__ import annotations

import json

import pytest
from cli_helpers import run

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


def test_no_yaku_2c3c4c_star_is_about_the_hand_not_column_1():
    """A hand with no yaku is refused as a whole: `the hand: ...`, as a hand with no winning tile is;
    it used to end in `(column 1)`."""
    shown = run("score", "2c3c4c* 5d5d5d* 7b8b9b 3c4c5c! 8d8d", *RIICHI)
    assert shown.exit_code == 2
    assert shown.stderr.startswith("error: the hand: no win under riichi-ema-2016: ")
    assert "column" not in shown.stderr
    as_json = run("score", "2c3c4c* 5d5d5d* 7b8b9b 3c4c5c! 8d8d", *RIICHI, "--json")
    assert json.loads(as_json.stdout)["error"]["code"] == "no-yaku"


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
        "error: settling needs at least two seats (two-handed game)\n",
    )
