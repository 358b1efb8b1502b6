"""fact_notes.check_facts through `pungchow_calc.cli:main`: a refusal of stated facts names every fact it
blames, in `score` and on a batch line, whose column is the last on the line of the options blamed
(docs/batch.md); the facts only a closed hand can have, given on an open hand, are named together, at
the first set laid open (docs/riichi.md "The facts of a win")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

RIICHI = "riichi-ema-2016"
OPEN = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"  # two sets laid open, the first at column 15
CLOSED = "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd"
_SET = "no set laid open (*, +) before the win"

# Facts only a closed hand can have, given on an open hand: each one given named in the one line (they
# were told one at a time: `--riichi --ippatsu` named --riichi, and --ippatsu only once it was dropped).
OPEN_HAND = {
    "--riichi": (["--riichi", "-r", RIICHI], f"--riichi needs a closed hand: {_SET}"),
    "--riichi --ippatsu": (
        ["-r", RIICHI, "--riichi", "--ippatsu"],
        f"--riichi and --ippatsu need a closed hand: {_SET}",
    ),
    "--ippatsu --double-riichi": (
        ["--ippatsu", "--double-riichi", "-r", RIICHI],
        f"--double-riichi and --ippatsu need a closed hand: {_SET}",
    ),
    # No rule of pung-chow reads them: the way out, to drop every one, whatever else is wrong.
    "--riichi --ippatsu under pung-chow": (
        ["--riichi", "--ippatsu"],
        f"--riichi and --ippatsu need a closed hand: {_SET}, and no rule of ruleset pung-chow scores riichi "
        "or ippatsu: drop --riichi and --ippatsu",
    ),
    "--riichi --double-riichi --ippatsu under pung-chow": (
        ["--riichi", "--double-riichi", "--ippatsu"],
        f"--riichi, --double-riichi and --ippatsu need a closed hand: {_SET}, and no rule of ruleset "
        "pung-chow scores riichi, double riichi or ippatsu: drop --riichi, --double-riichi and --ippatsu",
    ),
}


def _batch(tmp_path: Path, line: str, *options: str) -> tuple[dict[str, object], str, int]:
    """A batch of the one line: its JSON record's error, its table's text, and the table's exit code."""
    path = tmp_path / "hands.txt"
    path.write_text(line + "\n", encoding="utf-8")
    record = json.loads(run("batch", str(path), "--format", "jsonl", *options).stdout)
    table = run("batch", str(path), *options)
    return record["error"], table.stdout, table.exit_code


@pytest.mark.parametrize(("options", "said"), list(OPEN_HAND.values()), ids=list(OPEN_HAND))
def test_facts_only_a_closed_hand_has_are_named_together_at_the_first_set_laid_open(
    options: list[str], said: str, tmp_path: Path
) -> None:
    result = run("score", OPEN, *options)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {said} (column 15)\n")
    # A batch line says the same, its column the set's in the hand, as for any refusal of the hand.
    error, table, code = _batch(tmp_path, f"'{OPEN}' {' '.join(options)}")
    assert error == {"code": "open-hand", "message": f"{said} (column 15)", "column": 15}
    assert f"error [open-hand]: {said} (column 15)" in table and code == 1


def test_facts_only_a_closed_hand_has_are_scored_on_a_closed_hand() -> None:
    result = run(
        "score", "1b2b3b 3c4c5c 5d6d7d 4b4b4b Rd!Rd", "-r", RIICHI, "--riichi", "--ippatsu", "--json"
    )
    assert result.exit_code == 0, result.output
    assert {"riichi", "ippatsu"} <= {line["rule"] for line in json.loads(result.stdout)["lines"]}


# Facts that cannot go together (situation.unmet_need) on a batch line: the column is the option word of
# the last on the line of the facts blamed (one alone: its word, or its value's), never of an option the
# refusal names but does not blame, and the table says the same line.
UNMET = {
    "--ippatsu": (["-r", RIICHI, "--drawn", "--ippatsu"], "--ippatsu needs --riichi or --double-riichi", 64),
    "--ippatsu first": (
        ["--ippatsu", "-r", RIICHI, "--drawn"],
        "--ippatsu needs --riichi or --double-riichi",
        37,
    ),
    "--ura before --dora": (
        ["-r", RIICHI, "--riichi", "--ura", "1b,2b", "--dora", "3c"],
        "--ura: 2 tiles, but one lies under each --dora indicator: at most 1",
        77,
    ),
    "--dora before --ura": (
        ["-r", RIICHI, "--dora", "3c", "--ura", "1b,2b", "--riichi"],
        "--ura: 2 tiles, but one lies under each --dora indicator: at most 1",
        66,
    ),
    "six --dora": (
        ["--dora", "1b,2b,3b,4b,5b,6b", "-r", RIICHI],
        "--dora: 6 tiles, but at most 5 are turned in a hand",
        44,  # one option blamed: its value's word
    ),
}


@pytest.mark.parametrize(("options", "said", "column"), list(UNMET.values()), ids=list(UNMET))
def test_facts_that_cannot_go_together_stand_at_the_last_fact_blamed_on_a_batch_line(
    options: list[str], said: str, column: int, tmp_path: Path
) -> None:
    result = run("score", CLOSED, *options)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {said}\n")
    line = f"'{CLOSED}' {' '.join(options)}"
    error, table, code = _batch(tmp_path, line)
    assert error == {"code": "bad-option", "message": f"{said} (column {column})", "column": column}
    assert line[column - 1 :].split()[0] in ("--ippatsu", "--ura", "--dora", "1b,2b,3b,4b,5b,6b")
    assert f"error [bad-option]: {said} (column {column})" in table and code == 1
