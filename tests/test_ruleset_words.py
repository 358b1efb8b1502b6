"""A ruleset's `words:` (engine/rule_types.Words) wherever its score is shown: riichi's yakuman, open and
closed where the book says limit hand, exposed and concealed, and a house file's words over pung-chow
alike, never a riichi special case (docs/rulesets.md, the setting `words`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run as run_main

CHINROUTOU = "1c1c1c 9c9c9c 1d1d1d 9d9d9d! 1b1b"  # riichi's yakuman of terminals, won on a discard
HEADS = "1c1c1c 9c9c9c 1b1b1b 9d9d9d! 9b9b"  # pung-chow-limit's "Sets of heads only"
MANGAN = ("2c3c4c 5c6c7c 2d3d4d 6d7d8d! 5b5b", "--riichi", "--drawn", "--dora", "1c")  # 5 han: a tier

# A house file over pung-chow-limit naming its limit hand and set columns in its own words.
HOUSE = (
    "extends: pung-chow-limit\nsettings:\n"
    "  words: {limit_hand: yakuman hand, exposed: open, concealed: shut}\n"
)


@pytest.fixture
def house(tmp_path: Path) -> str:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return str(path)


def shown(*argv: str, columns: int) -> list[str]:
    """The lines `pungchow ARGV` prints at COLUMNS, each checked to fit them."""
    result = run_main(*argv, "--ascii", env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= columns, result.stdout
    return lines


def value_cell(lines: list[str], label: str) -> str:
    """The Value cell of the breakdown's row `label` (`score --ascii`'s table)."""
    row = next(line for line in lines if line.startswith(label))
    return row.split("|")[2].strip()


COLUMNS = pytest.mark.parametrize("columns", [60, 80])


@COLUMNS
@pytest.mark.parametrize(
    ("ruleset", "hand", "label", "word"),
    [
        pytest.param("riichi-ema-2016", CHINROUTOU, "Chinroutou", "yakuman", id="riichi-yakuman"),
        pytest.param("pung-chow-limit", HEADS, "Sets of heads only", "limit", id="pung-chow-limit-unchanged"),
        pytest.param("house", HEADS, "Sets of heads only", "yakuman hand", id="house-over-pung-chow-limit"),
    ],
)
def test_score_says_a_limit_hand_in_the_rulesets_word(house, columns, ruleset, hand, label, word):
    lines = shown("score", hand, "-r", house if ruleset == "house" else ruleset, columns=columns)
    assert value_cell(lines, label) == word
    paid_as = "limit hand" if word == "limit" else word
    assert any(line.startswith("Score: ") and line.endswith(f"({paid_as}: {label})") for line in lines), lines


@COLUMNS
def test_score_says_a_limit_by_doublings_limit_hand_not_yakuman(columns):
    # Riichi's Mangan is a limit reached by han, no yakuman (docs/riichi.md "Han, basic points and limits").
    lines = shown("score", *MANGAN, "-r", "riichi-ema-2016", columns=columns)
    assert "Score: 2000  (limit hand: Mangan: 5 han, 20 fu)" in lines


@COLUMNS
@pytest.mark.parametrize(
    ("rulesets", "hand", "label", "cells", "closing"),
    [
        pytest.param(
            ("pung-chow", "riichi-ema-2016"),
            CHINROUTOU,
            "Chinroutou",
            ["-", "yakuman"],
            ["riichi-ema-2016: yakuman - Chinroutou"],
            id="pung-chow-riichi",
        ),
        pytest.param(
            ("pung-chow-limit", "house"),
            HEADS,
            "Sets of heads only",
            ["limit", "yakuman hand"],
            ["pung-chow-limit: limit hand - Sets of heads only", "house: yakuman hand - Sets of heads only"],
            id="pung-chow-limit-house",
        ),
    ],
)
def test_diff_says_a_limit_hand_in_each_rulesets_word(house, columns, rulesets, hand, label, cells, closing):
    named = [x for name in rulesets for x in ("-r", house if name == "house" else name)]
    lines = shown("diff", hand, *named, columns=columns)
    assert [line for line in lines if ": " in line and " - " in line and "|" not in line] == closing
    if columns == 80:  # at 60 two rulesets' rows are side by side too; at 80 always
        row = next(line for line in lines if line.startswith(label))
        assert [cell.strip() for cell in row.split("|")[2:4]] == cells


@COLUMNS
@pytest.mark.parametrize(
    ("ruleset", "label", "values"),
    [
        pytest.param("riichi-ema-2016", "Pung of simples", "open 2   closed 4", id="riichi"),
        pytest.param("house", "Pair of dragons", "open 2   shut 2", id="house"),
    ],
)
def test_rules_show_heads_a_sets_points_in_the_rulesets_words(house, columns, ruleset, label, values):
    lines = shown("rules", "show", house if ruleset == "house" else ruleset, columns=columns)
    row = lines[lines.index(label) + 1]
    assert row.startswith(f"  who all   {values}"), row
    # Neither book word heads a value anywhere (the rules' own `concealed: true` parameters stay).
    assert not re.search(r"\b(exposed|concealed) \d", "\n".join(lines))


@COLUMNS
def test_rules_show_pung_chow_keeps_exposed_and_concealed(columns):
    lines = shown("rules", "show", "pung-chow", columns=columns)
    header = next(line for line in lines if "exposed" in line)
    assert header.split() == (
        ["who", "exposed", "concealed", "when"]
        if columns == 60
        else ["|", "who", "|", "exposed", "|", "concealed", "|", "when"]
    )


def test_rules_show_json_keeps_its_keys_under_riichi():
    # JSON keys are stable whatever the words: a set's points stay `exposed` and `concealed`.
    result = run_main("rules", "show", "riichi-ema-2016", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    pung = next(rule for rule in data["rules"] if rule.get("label") == "Pung of simples")
    assert pung["points"] == {"exposed": 2, "concealed": 4}
    assert data["settings"]["words"]["exposed"] == "open"
    assert data["settings"]["words"]["concealed"] == "closed"


@COLUMNS
def test_evening_report_breakdown_says_a_limit_hand_in_the_rulesets_word(house, columns, tmp_path):
    log = str(tmp_path / "evening.jsonl")
    assert run_main("evening", "new", log, "--players", "Ann,Bob,Cy,Di", "-r", house).exit_code == 0
    played = run_main(
        "evening",
        "hand",
        log,
        "--winner",
        "Ann",
        HEADS,
        "--other",
        "Bob=0",
        "--other",
        "Cy=4",
        "--other",
        "Di=2",
    )
    assert played.exit_code == 0, played.output
    assert "Score: 300  (yakuman hand: Sets of heads only)" in played.stdout
    lines = shown("evening", "report", log, "--breakdown", columns=columns)
    row = next(line for line in lines if line.startswith("Sets of heads only"))
    assert row.split()[-2:] == ["yakuman", "hand"]


@pytest.mark.parametrize(
    ("words", "said"),
    [
        pytest.param("{exposd: open}", ":3: unknown word 'exposd' (did you mean 'exposed'?)", id="exposd"),
        pytest.param(
            '{concealed: ""}', ":3: words: concealed must be text of 1 to 40 characters", id="concealed-empty"
        ),
    ],
)
def test_a_new_words_key_is_checked_as_the_others(tmp_path, words, said):
    path = tmp_path / "typo.yaml"
    path.write_text(f"extends: pung-chow\nsettings:\n  words: {words}\n", encoding="utf-8")
    result = run_main("rules", "show", str(path))
    assert result.exit_code == 2
    assert result.stderr == f"error: {path}{said}\n"
