"""Kajongg's "East won nine times in a row" (the fact `east_ninth_win`, engine/situation.py FACTS; the
setting `impossible: [ninth_win_not_easts]`): stated to `score`, `settle` and `batch`, through
`pungchow_calc.cli:main` (docs/rulings.md#east-nine-wins)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import json_of, run

CLASSICAL = ("classical-dmjl", "classical-bmja")
PUNGS = "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c"  # a hand of both rulesets (BMJA: one chow at most)
LIMIT = {"classical-dmjl": 500, "classical-bmja": 1000}
# The same hand's own count, unchanged when the fact is not stated.
OWN = {"classical-dmjl": 176, "classical-bmja": 80}


@pytest.mark.parametrize("ruleset", CLASSICAL)
def test_score_east_ninth_win_is_the_limit(ruleset: str) -> None:
    assert json_of("score", PUNGS, "-r", ruleset)["score"] == OWN[ruleset]
    scored = json_of("score", PUNGS, "-r", ruleset, "--east-ninth-win")
    assert (scored["score"], scored["limit_hand"]) == (LIMIT[ruleset], "East won nine times in a row")


@pytest.mark.parametrize("ruleset", CLASSICAL)
def test_settle_east_ninth_win_east_collects_the_limit_doubled(ruleset: str) -> None:
    settled = json_of(
        "settle", "-r", ruleset, "--east", PUNGS, "--south", "8", "--west", "4", "--north", "0",
        "--east-ninth-win",
    )  # fmt: skip
    limit = LIMIT[ruleset]
    # Every loser pays East the limit doubled; the losers settle their differences (8, 4, 0).
    assert settled["net"] == {
        "east": 6 * limit,
        "south": -2 * limit + 12,
        "west": -2 * limit,
        "north": -2 * limit - 12,
    }


NOT_EAST = (
    "--east-ninth-win is East's ninth win in a row, but the winner sits south: drop it, or name East's hand"
)


# Regression: stated of another seat's win, the limit was paid on a guess (the rule reads the fact).
@pytest.mark.parametrize("ruleset", CLASSICAL)
def test_score_east_ninth_win_seat_south_is_refused(ruleset: str, tmp_path: Path) -> None:
    argv = [PUNGS, "-r", ruleset, "--seat", "south", "--east-ninth-win"]
    human = run("score", *argv)
    assert (human.exit_code, human.stdout, human.stderr) == (2, "", f"error: {NOT_EAST}\n")
    path = tmp_path / "hands.txt"
    path.write_text(f"'{PUNGS}' -r {ruleset} --seat south --east-ninth-win\n", encoding="utf-8")
    batch = run("batch", str(path), "--format", "jsonl")
    assert json.loads(batch.stdout)["error"] == {"code": "bad-option", "message": NOT_EAST}
    assert batch.exit_code == 1


@pytest.mark.parametrize("ruleset", CLASSICAL)
@pytest.mark.parametrize("east", ["2b2b2b 6d6d6d 8c8c8c WwWwWw Nw", "8"], ids=["a-hand", "a-score"])
def test_settle_east_ninth_win_for_south_is_refused(ruleset: str, east: str) -> None:
    result = run(
        "settle", "-r", ruleset, "--east", east, "--south", PUNGS, "--west", "4", "--north", "0",
        "--east-ninth-win",
    )  # fmt: skip
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {NOT_EAST}\n")


def test_kajongg_words_east_won_nine_times_in_a_row_are_refused_with_the_option() -> None:
    result = run("score", PUNGS, "-r", "classical-dmjl", "--east-won-nine-times-in-a-row")
    assert result.exit_code == 2
    assert "Kajongg's east-won-nine-times-in-a-row is --east-ninth-win" in result.stderr


def test_east_ninth_win_under_the_book_is_noted_as_read_by_no_rule() -> None:
    scored = json_of("score", PUNGS, "-r", "pung-chow", "--east-ninth-win")
    assert scored["score"] == json_of("score", PUNGS, "-r", "pung-chow")["score"]
    result = run("score", PUNGS, "-r", "pung-chow", "--east-ninth-win", env={"COLUMNS": "200"})
    assert "--east-ninth-win: no rule of ruleset pung-chow scores East's ninth win in a row" in result.stdout
