"""House rulesets at the edges (the TRUST round): values a ruleset allows but no table can play.

Each test is named after its input and failed before its fix (docs/rulesets.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

from pungchow_calc.engine.errors import HandError
from pungchow_calc.engine.scoring import MAX_HAND_DOUBLINGS, score_text
from pungchow_calc.engine.situation import Situation
from pungchow_calc.ruleset_files import load

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"


def _write(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _doubling_rules(count: int, each: int = 32) -> str:
    """`count` hand rules of `each` doublings (the most one rule may give), all of which hold."""
    rules = "".join(f"  - {{id: d{i}, label: D{i}, doublings: {each}}}\n" for i in range(count))
    return "extends: pung-chow\nrules:\n" + rules


@pytest.mark.parametrize(
    "count",
    [
        pytest.param(40, id="forty-rules-past-float"),
        pytest.param(500, id="five-hundred-rules-past-4300-digits"),
    ],
)
def test_rules_of_32_doublings_each_refuse_the_hand(tmp_path, count):
    """40 rules of 32 doublings made `batch --compare` end in an OverflowError traceback (its mean is a
    float); 500 made a score of over 4,300 digits, which `score` called "a number on the command line
    is too long" and `batch` an internal error. The hand is refused, in one line, naming the ruleset."""
    path = _write(tmp_path, _doubling_rules(count))
    hands = _write(tmp_path, f"{HAND}\n{HAND} --seat south\n", "hands.txt")
    score = run("score", HAND, "-r", str(path))
    assert (score.exit_code, score.stdout) == (2, "")
    assert score.stderr == (
        f"error: the hand doubles {count * 32} times under house, more than a score can hold "
        f"(at most {MAX_HAND_DOUBLINGS})\n"
    )
    as_json = run("score", HAND, "-r", str(path), "--json")
    assert json.loads(as_json.stdout)["error"]["code"] == "too-many-doublings"
    batch = run("batch", str(hands), "-r", str(path), "--format", "jsonl")
    records = [json.loads(line) for line in batch.stdout.splitlines()]
    assert batch.exit_code == 1
    assert [r["error"]["code"] for r in records] == ["too-many-doublings"] * 2
    compare = run("batch", str(hands), "--compare", "pung-chow", str(path), "--format", "json")
    assert compare.exit_code == 1 and "Traceback" not in compare.output
    assert json.loads(compare.stdout)["failed"] == 2


def test_doublings_up_to_the_bound_still_score(tmp_path):
    """Eight rules of 32 doublings (256, the bound) score as before: only what no table can pay is refused."""
    rs = load(str(_write(tmp_path, _doubling_rules(8))))
    result = score_text(HAND, rs, Situation())
    assert result.doublings == MAX_HAND_DOUBLINGS
    assert result.score == result.points * 2**MAX_HAND_DOUBLINGS
    with pytest.raises(HandError) as refused:
        score_text(HAND, load(str(_write(tmp_path, _doubling_rules(9), "nine.yaml"))), Situation())
    assert refused.value.code == "too-many-doublings"


@pytest.mark.parametrize(
    ("setting", "line"),
    [pytest.param("limit", 3, id="limit-0"), pytest.param("limit_hand_value", 3, id="limit-hand-value-0")],
)
def test_a_limit_of_0_is_refused(tmp_path, setting, line):
    """`limit: 0` capped every payment at 0: the whole table played for nothing, silently (`--limit 0`
    was already refused). No limit is written null."""
    path = _write(tmp_path, f"extends: pung-chow-limit\nsettings:\n  {setting}: 0\n")
    expected = f"error: {path}:{line}: {setting} must be at least 1 point, or null for no limit\n"
    for argv in (("rules", "check", str(path)), ("score", HAND, "-r", str(path))):
        result = run(*argv)
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", expected)
    assert (
        run(
            "rules",
            "check",
            str(_write(tmp_path, "extends: pung-chow-limit\nsettings:\n  limit: 1\n", "one.yaml")),
        ).exit_code
        == 0
    )


NAMED = (
    "extends: classical-bmja\nrules:\n  - id: house\n    label: House\n    points: 1\n    when: [{when}]\n"
)


@pytest.mark.parametrize(
    ("when", "condition", "named"),
    [
        pytest.param("{calling_for: only_honours}", "calling_for", "only_honours", id="calling-for-typo"),
        pytest.param(
            "{not: {any: [{calling_for: [only_honors, nosuch]}]}}",
            "calling_for",
            "nosuch",
            id="nested-in-not-any",
        ),
        pytest.param(
            "{no_other_points: {except: [mahjongg]}}",
            "no_other_points",
            "mahjongg",
            id="no-other-points-typo",
        ),
    ],
)
def test_a_condition_naming_a_rule_the_ruleset_lacks_is_refused(tmp_path, when, condition, named):
    """`calling_for: only_honours` (British spelling) loaded, and the rule could never hold; `except:
    [mahjongg]` made "no other score" never apply, as the Mah-Jongg line is always there: wrong scores,
    silently. Both are refused, naming the file, the line and the id."""
    path = _write(tmp_path, NAMED.replace("{when}", when))
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: {path}:6: rule 'house': {condition} names rule {named!r}, which this ruleset does not have\n"
    )


def test_remove_rules_mah_jongg_under_pung_chow_names_the_rule_that_still_needs_it(tmp_path):
    """Removing `mah_jongg` left `no_other_score` (inherited: `except: [mah_jongg]`) naming a rule gone.
    The refusal names that rule, and no line of a file that does not write it (it said line 1)."""
    path = _write(tmp_path, "extends: pung-chow\nremove_rules: [mah_jongg]\n")
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: {path}: rule 'no_other_score': no_other_points names rule 'mah_jongg', "
        "which this ruleset does not have\n",
    )
    fixed = _write(tmp_path, "extends: pung-chow\nremove_rules: [mah_jongg, no_other_score]\n", "fixed.yaml")
    assert run("rules", "check", str(fixed)).exit_code == 0
