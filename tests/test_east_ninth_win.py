"""Kajongg's "East won nine times in a row" (the fact `east_ninth_win`, engine/situation.py FACTS; the
setting `impossible: [ninth_win_not_easts]`): stated to `score`, `settle` and `batch`, through
`pungchow_calc.cli:main` (docs/rulings.md#east-nine-wins)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Result, json_of, run, squeezed

# Kajongg's DMJL only: its BMJA deletes the rule (src/predefined.py), and with it the deal passing on the
# ninth win (tests at the end).
CLASSICAL = ("classical-dmjl",)
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
    column = path.read_text(encoding="utf-8").index("--east-ninth-win") + 1  # the fact's word on the line
    said = f"{NOT_EAST} (column {column})"
    assert json.loads(batch.stdout)["error"] == {"code": "bad-option", "message": said, "column": column}
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


# --- An evening counts East's wins itself (the `evening:` settings east_win_cap, east_win_cap_fact) -------

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
WIN = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"  # Ann's, every game: 80 under BMJA, 40 under DMJL


def _ann_wins(path: Path, *facts: str) -> Result:
    """`evening hand`: Ann wins with WIN, the others holding 4, 8 and 12."""
    others = ("--other", "Bob=4", "--other", "Cy=8", "--other", "Di=12")
    return run("evening", "hand", str(path), "--winner", "Ann", WIN, *others, "--again", *facts)


def _evening(tmp_path: Path, ruleset: str, wins: int) -> Path:
    """A Classical evening in which Ann, East, has won `wins` times, a draw after her first."""
    path = tmp_path / "e.jsonl"
    assert run("evening", "new", str(path), "--players", ",".join(PLAYERS), "-r", ruleset).exit_code == 0
    for won in range(wins):
        assert _ann_wins(path).exit_code == 0
        if won == 0:  # a draw leaves East where he is and does not break the row (Kajongg's notRotated)
            assert run("evening", "draw", str(path), "--again").exit_code == 0
    return path


def _status(path: Path) -> dict[str, Any]:
    return json_of("evening", "status", str(path))


@pytest.mark.parametrize("ruleset", CLASSICAL)
def test_evening_ninth_win_of_east_is_the_limit_and_passes_the_deal(ruleset: str, tmp_path: Path) -> None:
    path = _evening(tmp_path, ruleset, 8)
    assert (_status(path)["east"], _status(path)["streak"]) == ("Ann", 9)  # eight wins and the draw
    before = _status(path)["totals"]["Ann"]
    result = _ann_wins(path)
    assert result.exit_code == 0, result.output
    assert "East won nine times in a row" in result.stdout
    assert _status(path)["totals"]["Ann"] - before == 6 * LIMIT[ruleset]  # the limit, East doubled, from 3
    assert _status(path)["east"] == "Bob"  # "the winds rotate" though East won
    last = json.loads(path.read_bytes().splitlines()[-1])
    assert "east_ninth_win" not in last  # what was typed: the evening states it, on replay too
    assert last["played"]["stated"] == ["east_ninth_win"]


# Regression: an evening let a player state East's ninth win of any win, paying the limit on a guess.
@pytest.mark.parametrize("ruleset", CLASSICAL)
def test_evening_east_ninth_win_typed_for_ann_s_third_win_is_refused(ruleset: str, tmp_path: Path) -> None:
    path = _evening(tmp_path, ruleset, 2)
    before = path.read_bytes()
    result = _ann_wins(path, "--east-ninth-win")
    message = (
        "--east-ninth-win: this is Ann's win 3 as East since the deal came to him, not win 9 (the evening "
        "states it of win 9 itself): leave it out"
    )
    assert (result.exit_code, result.stdout, squeezed(result.stderr)) == (
        2,
        "",
        squeezed(f"error: {message}"),
    )
    assert path.read_bytes() == before


def test_evening_east_ninth_win_typed_for_the_ninth_win_is_noted_not_recorded(tmp_path: Path) -> None:
    path = _evening(tmp_path, "classical-dmjl", 8)
    result = _ann_wins(path, "--east-ninth-win")
    assert result.exit_code == 0, result.output
    note = "note: --east-ninth-win: the evening states it of this game itself; not recorded"
    assert squeezed(note) in squeezed(result.stderr)
    assert "east_ninth_win" not in json.loads(path.read_bytes().splitlines()[-1])
    assert _status(path)["east"] == "Bob"


def test_evening_east_ninth_win_typed_for_another_seat_names_the_seat(tmp_path: Path) -> None:
    """Regression: the seat's name put for `--east` in `--east-ninth-win` (`Ann-ninth-win is ...`)."""
    path = _evening(tmp_path, "classical-dmjl", 1)
    others = ("--other", "Ann=4", "--other", "Cy=8", "--other", "Di=12")
    result = run("evening", "hand", str(path), "--winner", "Bob", WIN, *others, "--east-ninth-win")
    assert result.exit_code == 2
    assert squeezed(result.stderr) == squeezed(f"error: {NOT_EAST}")


def test_evening_amending_a_win_to_a_draw_makes_the_ninth_the_eighth(tmp_path: Path) -> None:
    """The evening knows the history as it now reads: a win amended away before East's ninth makes it
    his eighth, settled again without the limit, and he keeps the deal."""
    path = _evening(tmp_path, "classical-dmjl", 9)
    assert _status(path)["east"] == "Bob"
    ninth = _status(path)["totals"]
    assert run("evening", "amend", str(path), "3", "--draw").exit_code == 0  # game 3: Ann's second win
    status = _status(path)
    assert status["east"] == "Ann"
    # Game 3's win (+480) is gone, and game 10 is her own count (+480), no longer the limit (+3000).
    assert ninth["Ann"] - status["totals"]["Ann"] == 480 + (6 * LIMIT["classical-dmjl"] - 480)


DATA = Path(__file__).parent / "data"


def test_evening_recorded_before_nine_wins_replays_byte_identically(tmp_path: Path) -> None:
    """An evening begun before the setting (its snapshot has no east_win_cap) is read as it was: Ann's
    tenth win in a row is no limit hand, the deal is hers; its report is what that pungchow printed
    (tests/data: written by main at c9f9b0f), and a game added never rewrites a recorded byte."""
    path = tmp_path / "e.jsonl"
    path.write_bytes((DATA / "evening-before-nine-wins-classical-dmjl.jsonl").read_bytes())
    before = path.read_bytes()
    shown = run("evening", "report", str(path), env={"COLUMNS": "80"})
    assert shown.stdout == (DATA / "evening-before-nine-wins-classical-dmjl.report").read_text(
        encoding="utf-8"
    )
    assert (_status(path)["east"], _status(path)["streak"]) == ("Ann", 11)
    assert _ann_wins(path).exit_code == 0
    assert path.read_bytes()[: len(before)] == before
    assert _status(path)["east"] == "Ann"
    assert _status(path)["totals"]["Ann"] == 4800 + 480


# --- Why the deal passes, and East's run (report.cap_passed, report.east_run) ----------------------------

NINTH = "Ann's 9th win in a row as East"


@pytest.mark.parametrize("columns", [60, 80])
def test_evening_hand_ninth_win_says_why_the_deal_passes(tmp_path: Path, columns: int) -> None:
    """Regression: East's ninth win said only "The deal passes: Bob is East Wind", though Ann won."""
    path = _evening(tmp_path, "classical-dmjl", 8)
    result = run(
        "evening", "hand", str(path), "--winner", "Ann", WIN, "--other", "Bob=4", "--other", "Cy=8",
        "--other", "Di=12", "--again", env={"COLUMNS": str(columns)},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert squeezed(f"The deal passes ({NINTH}): Bob is East Wind") in squeezed(result.stdout)
    assert all(len(line) <= columns for line in result.stdout.splitlines()), result.stdout


@pytest.mark.parametrize(
    ("wins", "passes_on", "deals"),
    [
        pytest.param(7, None, "if East loses, Bob deals next", id="7-wins"),
        pytest.param(8, "win", "if East loses, or wins his 9th in a row, Bob deals next", id="8-wins"),
    ],
)
def test_evening_status_says_who_deals_after_east_s_eighth_win(
    tmp_path: Path, wins: int, passes_on: str | None, deals: str
) -> None:
    """Regression: after Ann's eighth win status said "if East loses, Bob deals next", as though her
    ninth would keep her East; the cap passes the deal on it (a draw still leaves her East)."""
    path = _evening(tmp_path, "classical-dmjl", wins)
    assert _status(path)["east_run"]["passes_on"] == passes_on
    for columns in (60, 80):
        shown = run("evening", "status", str(path), env={"COLUMNS": str(columns)}).stdout
        assert squeezed(f"East: Ann (has kept the deal {wins + 1} times); {deals}") in squeezed(shown), shown
        assert all(len(line) <= columns for line in shown.splitlines()), shown


@pytest.mark.parametrize("columns", [60, 80])
def test_evening_status_shows_east_s_run_toward_the_ninth_win(tmp_path: Path, columns: int) -> None:
    """Regression: status showed East's streak (wins and draws), never his wins the cap counts."""
    path = _evening(tmp_path, "classical-dmjl", 3)  # three wins and a draw: kept the deal 4 times
    east_run = {"kept": 4, "wins": 3, "east_repeat_cap": None, "east_win_cap": 9, "passes_on": None}
    assert _status(path)["east_run"] == east_run
    shown = run("evening", "status", str(path), env={"COLUMNS": str(columns)}).stdout
    assert squeezed("Ann as East: 3 wins in a row (the deal passes on the 9th)") in squeezed(shown)
    assert all(len(line) <= columns for line in shown.splitlines()), shown


def test_evening_hand_json_of_the_ninth_win_says_why_the_deal_passed(tmp_path: Path) -> None:
    """Regression (a script author's trial): `evening hand --json` never had `deal_passed`, which
    docs/json.md gives a game recorded with --json, as the report's history does."""
    path = _evening(tmp_path, "classical-dmjl", 7)
    before = json.loads(_ann_wins(path, "--json").stdout)  # her eighth: she keeps the deal
    assert "deal_passed" not in before
    ninth = _ann_wins(path, "--json")
    assert ninth.exit_code == 0, ninth.output
    assert json.loads(ninth.stdout)["deal_passed"] == NINTH


@pytest.mark.parametrize("columns", [60, 80])
def test_evening_report_ninth_win_says_why_the_deal_passed(tmp_path: Path, columns: int) -> None:
    """Regression: the report showed Bob East after Ann's win, and never why."""
    path = _evening(tmp_path, "classical-dmjl", 9)  # game 10 (the draw is game 2) is her ninth win
    shown = run("evening", "report", str(path), env={"COLUMNS": str(columns)}).stdout
    assert squeezed(f"Game 10: the deal passes ({NINTH}) Settling up") in squeezed(shown)
    assert all(len(line) <= columns for line in shown.splitlines()), shown
    history = json.loads(run("evening", "report", str(path), "--format", "json").stdout)["history"]
    assert [g["game"] for g in history if "deal_passed" in g] == [10]
    assert history[-1]["deal_passed"] == NINTH
    markdown = run("evening", "report", str(path), "--format", "markdown").stdout
    assert f"\n- Game 10: the deal passes ({NINTH})\n" in markdown


@pytest.mark.parametrize("columns", [60, 80])
def test_evening_amend_ann_s_9th_win_to_bob_s_win_says_why_bob_stays_east_no_longer(
    tmp_path: Path, columns: int
) -> None:
    """Regression: game 10, Ann's 9th win (the cap passed the deal to Bob), amended to Bob's win: Bob is
    East all the same, now because Ann lost, and amend said only "East Wind is still Bob"."""
    path = _evening(tmp_path, "classical-dmjl", 9)
    env = {"COLUMNS": str(columns)}
    others = ("--other", "Ann=4", "--other", "Cy=8", "--other", "Di=12")
    amended = run("evening", "amend", str(path), "10", "--winner", "Bob", WIN, *others, env=env)
    assert amended.exit_code == 0, amended.output
    assert squeezed(f"East Wind is still Bob: the deal no longer passes ({NINTH}) Next game") in squeezed(
        amended.stdout
    )
    undone = run("evening", "undo", str(path), env=env)  # her 9th again: the other way, said alike
    assert squeezed(f"East Wind is still Bob: the deal passes ({NINTH}) Next game") in squeezed(undone.stdout)
    assert all(len(line) <= columns for r in (amended, undone) for line in r.stdout.splitlines())


def test_play_ann_s_9th_win_on_bob_s_discard_says_why_the_deal_passes_once(tmp_path: Path) -> None:
    """Regression: play recorded East's ninth win and showed Bob East in the status, with no word why;
    then said why twice, in the preview and again under `Recorded game 10.`."""
    path = _evening(tmp_path, "classical-dmjl", 8)
    typed = ["Ann", WIN, "d", "Bob", "", "4", "8", "12", "y", "quit"]
    result = run("evening", "play", str(path), input="\n".join(typed) + "\n", env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    said = squeezed(result.stdout)
    why = squeezed(f"The deal passes ({NINTH}): Bob is East Wind")
    preview, recorded = said.split(squeezed("Recorded game 10."))
    assert preview.endswith(f"{why}{squeezed('Record this game? [Y/n] y')}"), result.stdout
    assert why not in recorded, result.stdout  # the status below shows Bob East: why is said above
    assert squeezed("Bob as East: 0 wins in a row (the deal passes on the 9th)") in said
    assert all(len(line) <= 60 for line in result.stdout.splitlines()), result.stdout


@pytest.mark.parametrize("ruleset", ["pung-chow", "pung-chow-limit"])
def test_the_book_s_status_and_report_carry_no_run_and_no_why(ruleset: str, tmp_path: Path) -> None:
    """The book's rulesets have no cap: their status and report read as before (no east_run, no why)."""
    path = _evening(tmp_path, ruleset, 2)
    assert "east_run" not in _status(path)
    shown = run("evening", "status", str(path)).stdout
    assert "as East:" not in shown
    report = json.loads(run("evening", "report", str(path), "--format", "json").stdout)
    assert not any("deal_passed" in g for g in report["history"])


# --- amend, undo and play's preview say when a cap passes the deal (evening_run.change_text) ----------

PASSES = f"East Wind is now Bob (was Ann): the deal passes ({NINTH})"
NO_LONGER = f"East Wind is now Ann (was Bob): the deal no longer passes ({NINTH})"


@pytest.mark.parametrize("columns", [60, 80])
def test_evening_amend_undo_say_when_a_cap_passes_the_deal(tmp_path: Path, columns: int) -> None:
    """Regression: amend and undo said "East Wind is now Ann (was Bob)" and never that game 10, Ann's
    9th win as East, passed the deal (or, amended to her 8th, no longer did)."""
    path = _evening(tmp_path, "classical-dmjl", 9)
    env = {"COLUMNS": str(columns)}
    said = [
        run("evening", "amend", str(path), "3", "--draw", env=env),  # game 10 becomes her 8th win
        run("evening", "undo", str(path), env=env),  # takes the amendment back: her 9th again
        run("evening", "undo", str(path), "--again", env=env),  # takes game 10 back
    ]
    for result in said:
        assert result.exit_code == 0, result.output
        assert all(len(line) <= columns for line in result.stdout.splitlines()), result.stdout
    expected = [NO_LONGER, PASSES, NO_LONGER]
    assert [squeezed(e) in squeezed(r.stdout) for e, r in zip(expected, said, strict=True)] == [True] * 3


def test_evening_amend_east_s_win_to_his_ninth_says_why_east_stays_bob(tmp_path: Path) -> None:
    """Game 10 amended from Bob's win to Ann's 9th: Bob is East all the same, now by the cap."""
    path = _evening(tmp_path, "classical-dmjl", 8)
    others = ("--other", "Ann=4", "--other", "Cy=8", "--other", "Di=12")
    assert run("evening", "hand", str(path), "--winner", "Bob", WIN, *others).exit_code == 0
    result = run(
        "evening", "amend", str(path), "10", "--winner", "Ann", WIN, "--other", "Bob=4", "--other", "Cy=8",
        "--other", "Di=12", env={"COLUMNS": "80"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert squeezed(f"East Wind is still Bob: the deal passes ({NINTH})") in squeezed(result.stdout)


def test_evening_play_preview_of_ninth_win_says_the_deal_passes(tmp_path: Path) -> None:
    """Regression: play's preview of East's ninth win asked "Record this game?" with no word that the
    deal would pass (said only once recorded)."""
    path = _evening(tmp_path, "classical-dmjl", 8)
    before = path.read_bytes()
    typed = ["Ann", WIN, "d", "Bob", "", "4", "8", "12", "n", "cancel", "quit"]
    result = run("evening", "play", str(path), input="\n".join(typed) + "\n", env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    preview = f"The deal passes ({NINTH}): Bob is East Wind Record this game?"
    assert squeezed(preview) in squeezed(result.stdout)
    assert all(len(line) <= 60 for line in result.stdout.splitlines()), result.stdout
    assert path.read_bytes() == before  # "n", then cancel: nothing recorded


@pytest.mark.parametrize("ruleset", ["pung-chow", "pung-chow-limit"])
def test_the_book_s_amend_undo_and_preview_carry_no_why(ruleset: str, tmp_path: Path) -> None:
    """The book's rulesets have no cap: amend, undo and play's preview read as before."""
    path = _evening(tmp_path, ruleset, 2)
    others = ("--other", "Ann=4", "--other", "Cy=8", "--other", "Di=12")
    assert run("evening", "hand", str(path), "--winner", "Bob", WIN, *others).exit_code == 0
    amended = run("evening", "amend", str(path), "4", "--draw", env={"COLUMNS": "80"})
    assert "East Wind is now Ann (was Bob)\n" in amended.stdout
    undone = run("evening", "undo", str(path), env={"COLUMNS": "80"})
    assert "East Wind is now Bob (was Ann)\n" in undone.stdout
    typed = ["Ann", WIN, "d", "Bob", "", "4", "8", "12", "n", "cancel", "quit"]
    shown = run("evening", "play", str(path), input="\n".join(typed) + "\n").stdout
    assert "Record this game?" in shown
    assert "The deal passes" not in shown


@pytest.mark.parametrize(
    ("winner", "said"),
    [
        pytest.param("Ann", "east-ninth-win: this is Ann's win 1 as East since the deal came", id="ann-1st"),
        pytest.param("Bob", "east-ninth-win is Ann's ninth win in a row, but the winner sits Bob", id="bob"),
    ],
)
def test_play_also_east_ninth_win_of_game_1_is_named_as_typed(tmp_path: Path, winner: str, said: str) -> None:
    """Regression: play named the fact `--Ann-ninth-win` (its first word taken for East's seat)."""
    path = _evening(tmp_path, "classical-dmjl", 0)
    typed = [winner, WIN, "", "", "east-ninth-win", "4", "8", "12", "cancel", "quit"]
    result = run("evening", "play", str(path), input="\n".join(typed) + "\n", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    shown = " ".join(result.stdout.split())
    assert said in shown and "-ninth-win" not in shown.replace("east-ninth-win", ""), result.stdout
    assert "--east-ninth-win" not in shown, result.stdout  # at the table, the word typed after "Also"


# --- Kajongg's BMJA deletes "East won nine times in a row" (src/predefined.py, ClassicalChineseBMJA:
# `del self.winnerRules['Eastwonninetimesinarow']`): no limit for the ninth win, no deal passed.


def test_classical_bmja_east_ninth_win_is_noted_as_read_by_no_rule() -> None:
    scored = json_of("score", PUNGS, "-r", "classical-bmja", "--east-ninth-win")
    assert (scored["score"], scored["limit_hand"]) == (OWN["classical-bmja"], None)
    result = run("score", PUNGS, "-r", "classical-bmja", "--east-ninth-win", env={"COLUMNS": "200"})
    noted = "--east-ninth-win: no rule of ruleset classical-bmja scores East's ninth win in a row"
    assert noted in result.stdout
    south = run("score", PUNGS, "-r", "classical-bmja", "--seat", "south", "--east-ninth-win")
    assert south.exit_code == 0, south.stderr  # not refused: no rule reads it (no ninth_win_not_easts)


def test_classical_bmja_evening_ninth_win_of_east_keeps_the_deal(tmp_path: Path) -> None:
    path = _evening(tmp_path, "classical-bmja", 8)
    gains = []
    for _ in range(2):  # her ninth win, then her tenth: each her own count, the deal kept
        before = _status(path)["totals"]["Ann"]
        result = _ann_wins(path)
        assert result.exit_code == 0, result.output
        assert "East won nine times in a row" not in result.stdout
        gains.append(_status(path)["totals"]["Ann"] - before)
    assert gains[0] == gains[1] < 6 * LIMIT["classical-bmja"]
    assert (_status(path)["east"], _status(path)["streak"]) == ("Ann", 11)
    last = json.loads(path.read_bytes().splitlines()[-1])
    assert "stated" not in last.get("played", {})
