"""`pungchow diff` when a ruleset refuses the hand: BMJA (rulesets/classical-bmja.yaml, max_chows: 1)
is no Mah Jongg with two chows. That ruleset's column shows it refused and why; the others are still
compared, and the command succeeds. A hand no ruleset scores is bad input (exit 2, one line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import json_of, run

from pungchow_calc.diff import diff_hand
from pungchow_calc.engine.errors import HandError, PungchowError
from pungchow_calc.engine.scoring import Score, score_text
from pungchow_calc.engine.situation import Situation
from pungchow_calc.ruleset_files import load

TWO_CHOWS = "1b2b3b 4c5c6c 7d7d7d EwEwEw 5d!5d"  # four sets and a pair, two of them chows
ONE_CHOW = "1b2b3b 4c4c4c 7d7d7d EwEwEw 5d!5d"
NOT_A_HAND = "1b2b3b 4c5c6c 7d8d7d EwEwEw 5d!5d"
THREE = ("-r", "pung-chow", "-r", "classical-dmjl", "-r", "classical-bmja")
REASON = "not a winning hand: this ruleset allows at most 1 chow"
SAID = f"{REASON} (column 1)"  # on the terminal as in JSON and a batch record: the hand as a whole


def test_bmja_refuses_two_chows_on_its_own() -> None:
    result = run("score", TWO_CHOWS, "-r", "classical-bmja")
    assert (result.exit_code, result.stderr) == (2, f"error: the hand: {SAID}\n")


def test_human_table_shows_the_refusing_column() -> None:
    result = run("diff", TWO_CHOWS, *THREE, "--ascii", env={"COLUMNS": "200"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Hand: 1b2b3b   4c5c6c   7d7d7d   EwEwEw   5d!5d"
    points = next(line for line in lines if line.startswith("points "))
    assert [cell.strip() for cell in points.split("|")[2:]] == ["32", "34", "refused"]
    mah_jongg = next(line for line in lines if line.startswith("Mah-Jongg "))
    assert [cell.strip() for cell in mah_jongg.split("|")[2:]] == ["20", "-", ""]
    assert lines[-1] == f"classical-bmja refuses the hand: {SAID}"


def test_human_two_rulesets_leave_the_difference_blank() -> None:
    result = run(
        "diff", TWO_CHOWS, "-r", "classical-bmja", "-r", "pung-chow", "--ascii", env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0
    rows = {line.split("|")[0].strip(): line.split("|") for line in result.stdout.splitlines() if "|" in line}
    assert [cell.strip() for cell in rows["score"][2:]] == ["refused", "64", ""]
    assert [cell.strip() for cell in rows["south pays"][2:]] == ["-", "128", ""]
    # The hand is shown as the ruleset that scored it reads it.
    assert result.stdout.startswith("Hand: 1b2b3b   4c5c6c   7d7d7d   EwEwEw   5d!5d\n")
    assert result.stdout.endswith(f"classical-bmja refuses the hand: {SAID}\n")


def test_json_puts_an_error_object_where_the_score_would_be() -> None:
    compared = json_of("diff", TWO_CHOWS, *THREE)
    assert compared["rulesets"] == ["pung-chow", "classical-dmjl", "classical-bmja"]
    assert compared["scores"]["classical-bmja"] == {
        "error": {"code": "not-winning", "message": f"{REASON} (column 1)", "column": 1}
    }
    assert compared["scores"]["pung-chow"]["score"] == 64
    assert compared["totals"]["classical-bmja"] is None
    assert compared["difference"]["classical-bmja"] is None
    assert compared["difference"]["classical-dmjl"]["score"] == 136 - 64
    for row in compared["rows"]:
        assert row["values"]["classical-bmja"] is None
    # A row both scoring rulesets value alike does not differ because the third refused.
    pung = next(row for row in compared["rows"] if row["key"] == "EwEwEw|points")
    assert pung["differs"] is False


def test_json_when_the_first_ruleset_refuses() -> None:
    compared = json_of("diff", TWO_CHOWS, "-r", "classical-bmja", "-r", "pung-chow")
    assert compared["hand"] == TWO_CHOWS
    assert compared["difference"] == {"pung-chow": None}
    assert compared["totals"]["pung-chow"]["payable"] == 64
    assert "error" in compared["scores"]["classical-bmja"]


def test_every_ruleset_scoring_has_no_refusal() -> None:
    compared = json_of("diff", ONE_CHOW, *THREE)
    assert all("error" not in s for s in compared["scores"].values())
    assert all(t is not None for t in compared["totals"].values())
    human = run("diff", ONE_CHOW, *THREE, "--ascii")
    assert "refused" not in human.stdout


@pytest.mark.parametrize("as_json", [False, True], ids=["human", "json"])
def test_a_hand_every_ruleset_refuses_is_one_error(as_json: bool) -> None:
    argv = ["diff", NOT_A_HAND, *THREE] + (["--json"] if as_json else [])
    result = run(*argv)
    assert result.exit_code == 2
    message = "not a winning hand: the tiles do not make four sets and a pair"  # the first ruleset's words
    if as_json:
        assert result.stderr == ""
        assert json.loads(result.stdout)["error"]["code"] == "not-winning"
        assert json.loads(result.stdout)["error"]["message"].startswith(message)
    else:
        assert result.stdout == ""
        assert result.stderr == f"error: the hand: {message} (column 1)\n"


def test_all_refusing_with_different_reasons_reports_the_first(tmp_path: Path) -> None:
    none = tmp_path / "no-chows.yaml"
    none.write_text("extends: classical-bmja\nname: no-chows\nsettings:\n  max_chows: 0\n", encoding="utf-8")
    result = run("diff", ONE_CHOW, "-r", str(none), "-r", "classical-bmja")
    assert result.exit_code == 0  # BMJA takes one chow
    result = run("diff", TWO_CHOWS, "-r", str(none), "-r", "classical-bmja")
    assert (result.exit_code, result.stdout) == (2, "")
    said = "not a winning hand: this ruleset allows at most 0 chows (column 1)"
    assert result.stderr == f"error: the hand: {said}\n"


def test_an_unreadable_ruleset_still_stops_diff() -> None:
    result = run("diff", TWO_CHOWS, "-r", "classical-bmja", "-r", "no-such-ruleset")
    assert result.exit_code == 2
    assert result.stdout == "" and "no-such-ruleset" in result.stderr


def test_a_bad_hand_is_still_one_error() -> None:
    result = run("diff", "1d2d4d*", "-r", "pung-chow", "-r", "classical-bmja", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "not-a-set"


def test_diff_hand_lines_up_only_the_rulesets_that_scored() -> None:
    harr, bmja = load("pung-chow"), load("classical-bmja")
    scored = score_text(TWO_CHOWS, harr, Situation())
    refusal = HandError(REASON, code="not-winning", column=1)
    results: tuple[Score | PungchowError, ...] = (scored, refusal)
    diff = diff_hand(("pung-chow", "classical-bmja"), results)
    assert diff.scores == (scored, None)
    assert diff.refusal(1) is refusal and diff.refusal(0) is None
    assert diff.first is scored
    assert all(row.values[1] is None and not row.differs for row in diff.rows)
    # Every ruleset scoring: no refusals kept, the same diff as before refusals existed.
    both = diff_hand(("a", "b"), (scored, score_text(ONE_CHOW, bmja, Situation())))
    assert both.refusals == () and both.refusal(1) is None


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        pytest.param("classical-dmjl", "classical-bmja", "max_chows: none → 1", id="dmjl-bmja"),
        pytest.param("pung-chow", "classical-dmjl", "robbing_the_kong (Robbing the Kong)", id="harr-dmjl"),
    ],
)
def test_rules_diff_of_the_classical_rulesets(a: str, b: str, expected: str) -> None:
    result = run("rules", "diff", a, b, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert expected in result.stdout
    machine = json_of("rules", "diff", a, b)
    assert machine["rulesets"] == [a, b] and machine["changes"]


_PUNGS = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        # Regression: told only "Missing option '--ruleset' / '-r'.", the rulesets typed as words.
        pytest.param(
            [_PUNGS, "pung-chow", "classical-bmja"],
            "error: Missing option '--ruleset' / '-r': pung-chow follows the hand (give it as -r pung-chow) "
            "(see 'pungchow diff --help')",
            id="HAND pung-chow classical-bmja",
        ),
        # Regression: an unquoted hand without -r was told only that -r is missing.
        pytest.param(
            ["1b1b1b", "3c3c3c"],
            "error: pungchow diff takes the hand as one argument: put it in quotes",
            id="1b1b1b 3c3c3c",
        ),
        pytest.param(
            [_PUNGS], "error: Missing option '--ruleset' / '-r'. (see 'pungchow diff --help')", id="HAND"
        ),
    ],
)
def test_diff_without_r_names_the_word_after_the_hand(argv: list[str], line: str) -> None:
    result = run("diff", *argv)
    assert (result.exit_code, result.stderr) == (2, line + "\n")
