"""What a ruleset's play never has (engine/impossible.py IMPOSSIBLE, the setting `impossible`) under the
book's rulesets, through `pungchow_calc.cli:main`: a hand that cannot have happened at a table is refused
in one line, never paid (docs/rulings.md#impossible)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

BOOK = ("pung-chow", "pung-chow-limit", "classical-bmja", "classical-dmjl")


def _refused(argv: list[str], message: str, tmp_path: Path) -> None:
    """`score` refuses ARGV in one line (exit 2), and a batch line of it is refused the same way."""
    human = run("score", *argv)
    assert (human.exit_code, human.stdout, human.stderr) == (2, "", f"error: {message}\n")
    hand, *options = argv
    path = tmp_path / "hands.txt"
    path.write_text(f"'{hand}' {' '.join(options)}\n", encoding="utf-8")
    batch = run("batch", str(path), "--format", "jsonl")
    record = json.loads(batch.stdout)
    assert record["error"] == {"code": "bad-option", "message": message}
    assert batch.exit_code == 1  # an entry failed


# --- robbed_tile_held: the robbed tile's other three lie in the pung robbed -----------------------------

ROBBED_HELD = [
    (
        "1b1b1b 3c3c3c 5d5d5d 4b4b4b* 7c!7c",
        (),
        "--robbing-kong: the other three 7c are in the kong robbed, so the hand holds one 7c, not 2",
    ),
    (
        "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c6c6c!",
        (),
        "--robbing-kong: the other three 6c are in the kong robbed, so the hand holds one 6c, not 3",
    ),
    (
        "6c6c6c* 3c3c3c 4b4b4b* 9d9d 6c!7c8c",
        (),
        "--robbing-kong: the other three 6c are in the kong robbed, so the hand holds one 6c, not 4",
    ),
    (
        "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c!7c8c",
        ("--dora", "6c"),
        "--robbing-kong: the other three 6c are in the kong robbed, so the --dora indicators hold no 6c",
    ),
]


# Regression: a robbed tile held twice (a fifth with the three on the table) was paid under the book's
# rulesets, Robbing the Kong's doubling and all under the Classical ones; riichi alone refused it.
@pytest.mark.parametrize("ruleset", BOOK)
@pytest.mark.parametrize(
    ("hand", "extra", "message"),
    [pytest.param(*case, id=f"{case[0]} --robbing-kong {' '.join(case[1])}".strip()) for case in ROBBED_HELD],
)
def test_robbing_kong_with_the_robbed_tile_held_again_is_refused(
    hand: str, extra: tuple[str, ...], message: str, ruleset: str, tmp_path: Path
) -> None:
    _refused([hand, "-r", ruleset, "--robbing-kong", "--from", "south", *extra], message, tmp_path)


@pytest.mark.parametrize("ruleset", BOOK)
def test_robbing_kong_with_the_robbed_tile_held_once_is_paid(ruleset: str) -> None:
    result = run("score", "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c!7c8c", "-r", ruleset, "--robbing-kong", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["score"] > 0
