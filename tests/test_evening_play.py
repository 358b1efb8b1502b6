"""`pungchow evening play` fed through stdin in a subprocess: a transcript of a real session."""

from __future__ import annotations

import json
import os
from pathlib import Path

from evening_support import WINS, run

from pungchow_calc.evening.settle import FLAGS

ANN_WINS = ["Ann", "1b1b1x", WINS[0], "d", "Bob", "", "10", "12", "8", "y"]  # one typo, asked again
BOB_WINS = ["Bob", WINS[2], "wall", "", "4", "4", "4", "maybe", "y"]  # a wrong answer to y/n


def play(path: Path, lines: list[str]) -> tuple[int, str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80"}
    result = run("evening", "play", str(path), stdin="\n".join(lines) + "\n", env=env)
    return result.returncode, result.stdout + result.stderr


def test_a_session_records_games_checks_hands_and_undoes(tmp_path):
    path = tmp_path / "e.jsonl"
    assert run("evening", "new", str(path), "--players", "Ann,Bob,Cy,Di").returncode == 0
    code, out = play(path, ["help", *ANN_WINS, *BOB_WINS, "undo", "y", "status", "quit"])
    assert code == 0, out
    assert "1b1b1x is not a tile group (column 1) — try again" in out
    assert "Record this game?" in out and "answer y or n" in out
    assert "Recorded game 1." in out and "Recorded game 2." in out and "Take back game 2?" in out
    assert all(len(line) <= 80 for line in out.splitlines()), [x for x in out.splitlines() if len(x) > 80]
    assert "\x1b[" not in out  # no colour codes
    events = [json.loads(line)["event"] for line in path.read_text().splitlines()]
    assert events == ["start", "hand", "hand", "undo"]


def test_a_session_amends_and_cancels(tmp_path):
    path = tmp_path / "e.jsonl"
    assert run("evening", "new", str(path), "--players", "Ann,Bob,Cy,Di").returncode == 0
    amend = ["amend 1", "Cy", WINS[2], "wall", "", "4", "4", "4", "y"]
    declined = ["Di", WINS[3], "d", "", "", "1", "2", "3", "n"]  # shown, then not recorded
    code, out = play(path, [*ANN_WINS, *amend, *declined, "draw", "n", "y"])  # end of input ends it
    assert code == 0, out
    assert "Game 1 amended" in out and "(cancelled; nothing recorded)" in out
    events = [json.loads(line) for line in path.read_text().splitlines()]
    assert [e["event"] for e in events] == ["start", "hand", "amend", "draw"]
    assert events[2]["record"]["winner"] == "Cy"


def test_play_on_a_missing_evening_fails_cleanly(tmp_path):
    code, out = play(tmp_path / "none.jsonl", [])
    assert code == 2 and "no such evening" in out and "Traceback" not in out


def test_a_session_records_every_win_fact_of_a_hand(tmp_path):
    # The prompt offers what `evening hand` takes (evening.settle.FLAGS), robbing the kong included.
    path = tmp_path / "e.jsonl"
    assert run("evening", "new", str(path), "--players", "Ann,Bob,Cy,Di").returncode == 0
    robbed = ["Ann", WINS[0], "d", "Bob", "robbing-kong, original-call", "10", "12", "8", "y"]
    typo = ["Cy", WINS[2], "wall", "robbed-kong", "quit"]  # refused, with the words it takes
    code, out = play(path, [*robbed, *typo])
    assert code == 0, out
    assert "robbing-kong original-call kong-after-kong\n" in out
    also = out.split("Also, any of:", 1)[1].split("[Enter", 1)[0].split()
    assert also == [field.replace("_", "-") for field in FLAGS]
    assert "'robbed-kong' is not one of the words above" in out
    game = json.loads(path.read_text().splitlines()[1])
    assert game["robbing_kong"] is True and game["original_call"] is True
