"""`evening stats` scores the games again (the log caches only their nets), as `evening report` does."""

from __future__ import annotations

import json

from cli_helpers import run

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"


def test_stats_and_report_agree_on_the_biggest_hand(tmp_path):
    log = tmp_path / "evening.jsonl"
    assert run("evening", "new", str(log), "--players", "Ann,Bob,Cy,Di").exit_code == 0
    others = ["--other", "Ann=2", "--other", "Cy=20", "--other", "Di=4"]
    assert run("evening", "hand", str(log), HAND, "--winner", "Bob", *others).exit_code == 0
    report = json.loads(run("evening", "report", str(log), "--format", "json").stdout)
    stats = json.loads(run("evening", "stats", str(log), "--json").stdout)["players"]
    assert stats["Bob"]["biggest_hand"] == report["stats"]["Bob"]["biggest_hand"] > 0


def test_stats_of_one_evening_of_1_game_says_1_game(tmp_path):
    # Regression: "1 evening, 1 games".
    path = tmp_path / "e.jsonl"
    assert run("evening", "new", str(path), "--players", "Ann,Bob").exit_code == 0
    assert run("evening", "draw", str(path)).exit_code == 0
    done = run("evening", "stats", str(path))
    assert done.exit_code == 0 and done.stdout.splitlines()[0] == "1 evening, 1 game"
