"""House rulesets at the edges (the TRUST round): values a ruleset allows but no table can play.

Each test is named after its input and failed before its fix (docs/rulesets.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from cli_helpers import run

from pungchow_calc.engine.errors import HandError
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import Situation
from pungchow_calc.engine.value import MAX_HAND_DOUBLINGS
from pungchow_calc.ruleset_files import builtin_dir, load

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
    expected = (
        f"error: {path}:{line}: {setting} must be a whole number of 1 or more, or null for no limit, got 0\n"
    )
    for argv in (("rules", "check", str(path)), ("score", HAND, "-r", str(path))):
        result = run(*argv)
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", expected)
    assert (
        run(
            "rules",
            "check",
            # The book's washing table (50 to 200) is above a limit of 1: a house table within it.
            str(
                _write(
                    tmp_path,
                    "extends: pung-chow-limit\nsettings:\n  limit: 1\nwash:\n  payments: {9: 1}\n",
                    "one.yaml",
                )
            ),
        ).exit_code
        == 0
    )


@pytest.mark.parametrize(
    ("tiers", "line", "message"),
    [
        pytest.param(
            "[{name: a, doublings: 0, score: 0}]",
            3,
            "limit 'a': score must be a whole number of 1 or more, got 0",
            id="a-0-0",
        ),
        pytest.param(
            "\n    - {name: Mangan, doublings: 5, score: 2000}"
            "\n    - {name: Haneman, doublings: 6, score: 300}",
            5,
            "limit 'Haneman' scores 300, less than 'Mangan' (2000) before it: a hand of more doublings would "
            "be paid less (scores rise with the doublings)",
            id="mangan-2000-haneman-300",
        ),
        # A negative score was refused at its line as "score must be a whole number of 1 or more, got
        # -8000": which tier, the line alone said.
        pytest.param(
            "\n    - {name: Mangan, doublings: 5, score: -8000}"
            "\n    - {name: Haneman, doublings: 6, score: 12000}",
            4,
            "limit 'Mangan': score must be a whole number of 1 or more, got -8000",
            id="mangan-score-minus-8000",
        ),
        pytest.param(
            "\n    - {name: Mangan, doublings: -5, score: 8000}",
            4,
            "limit 'Mangan': doublings must be a whole number of 0 or more, got -5",
            id="mangan-doublings-minus-5",
        ),
    ],
)
def test_a_limit_tier_of_0_or_below_the_one_before_is_refused(tmp_path, tiers, line, message):
    """`limits: [{name: a, doublings: 0, score: 0}]` scored every hand 0 ("limit hand: a"), and a
    Haneman of 300 paid a 6-han hand less than a Mangan: silently."""
    path = _write(tmp_path, f"extends: riichi-ema-2016\nsettings:\n  limits: {tiers}\n")
    for argv in (("rules", "check", str(path)), ("score", HAND, "-r", str(path), "--drawn")):
        result = run(*argv)
        assert (result.exit_code, result.stdout, result.stderr) == (
            2,
            "",
            f"error: {path}:{line}: {message}\n",
        )


@pytest.mark.parametrize(("value", "refused"), [(5000, True), (5999, True), (6000, False)])
def test_riichi_limit_hand_value_5000_below_sanbaiman_is_refused(tmp_path, value, refused):
    """A yakuman valued 5,000 was paid less than a counted sanbaiman (6,000), silently."""
    path = _write(tmp_path, f"extends: riichi-ema-2016\nsettings:\n  limit_hand_value: {value}\n")
    result = run("rules", "check", str(path))
    if refused:
        assert (result.exit_code, result.stderr) == (
            2,
            f"error: {path}:3: limit_hand_value {value} is less than limit 'Sanbaiman' (6000): a limit hand"
            " would be paid less than a hand of counted doublings\n",
        )
    else:
        assert (result.exit_code, result.stderr) == (0, ""), result.stderr


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        pytest.param("|\n  house", "'house\\n'", id="block-house"),
        pytest.param('"a\\nb"', "'a\\nb'", id="a-newline-b"),
        pytest.param('"  "', "'  '", id="spaces"),
        pytest.param('" house"', "' house'", id="space-house"),
    ],
)
def test_a_name_of_more_than_one_line_or_with_spaces_around_is_refused(tmp_path, name, shown):
    """`name: |` kept its line break: the breakdown's header broke in two and `--json` said
    "ruleset": "house\\n"."""
    path = _write(tmp_path, f"extends: pung-chow\nname: {name}\n")
    result = run("score", HAND, "-r", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"error: {path}:2: name must be one line of text, without spaces around it, got {shown}\n",
    )


def test_an_evening_recorded_under_a_name_or_tier_refused_since_still_reads():
    """A recorded evening's ruleset is compiled as it was (authored=False): the refusals are of writing."""
    from pungchow_calc.engine.rules import Invalid, compile_ruleset

    base = yaml.safe_load((builtin_dir() / "pung-chow.yaml").read_text(encoding="utf-8"))
    half = {"id": "half", "label": "Half", "who": "winner", "points": {"limit_fraction": 0.5}}
    for document in (
        {**base, "name": "house\n"},
        {**base, "settings": {**base["settings"], "limits": [{"name": "a", "doublings": 0, "score": 0}]}},
        {**base, "rules": [*base["rules"], half]},  # a share of no limit (pung-chow has none)
    ):
        assert compile_ruleset(document, "house", "e.jsonl", authored=False).rules
        with pytest.raises(Invalid):
            compile_ruleset(document, "house", "house.yaml")


NAMED = (
    "extends: classical-bmja\nrules:\n  - id: house\n    label: House\n    points: 1\n    when: [{when}]\n"
)


@pytest.mark.parametrize(
    ("when", "condition", "named"),
    [
        pytest.param(
            "{calling_for: limit_of_honours}", "calling_for", "limit_of_honours", id="calling-for-unknown"
        ),
        pytest.param(
            "{not: {any: [{calling_for: [only_honors, nosuch]}]}}",
            "calling_for",
            "nosuch",
            id="nested-in-not-any",
        ),
        pytest.param(
            "{no_other_points: {except: [nothing_here]}}",
            "no_other_points",
            "nothing_here",
            id="no-other-points-unknown",
        ),
    ],
)
def test_a_condition_naming_a_rule_the_ruleset_lacks_is_refused(tmp_path, when, condition, named):
    """`calling_for: limit_of_honours` loaded, and the rule could never hold; `except: [nothing_here]`
    (no such rule) made "no other score" never apply, as the Mah-Jongg line is always there: wrong scores,
    silently. Both are refused, naming the file, the line and the id (a typo: TYPOS below)."""
    path = _write(tmp_path, NAMED.replace("{when}", when))
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: {path}:6: rule 'house': {condition} names rule {named!r}, which this ruleset does not have\n"
    )


ALL_PUNG_CHOW_RULES = [
    r["id"] for r in yaml.safe_load((builtin_dir() / "pung-chow.yaml").read_text(encoding="utf-8"))["rules"]
]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            "extends: pung-chow\nremove_rules: [mah_jongg]\n",
            2,
            "rule 'no_other_score': no_other_points names rule 'mah_jongg', which this ruleset does not "
            "have: remove_rules drops it (keep it, or remove or change 'no_other_score' too)",
            id="remove-rules-mah-jongg",
        ),
        pytest.param(
            "extends: pung-chow\nremove_rules:\n  - own_wind\n  - mah_jongg\n",
            4,
            "rule 'no_other_score': no_other_points names rule 'mah_jongg', which this ruleset does not "
            "have: remove_rules drops it (keep it, or remove or change 'no_other_score' too)",
            id="remove-rules-mah-jongg-second-of-a-block-list",
        ),
        pytest.param(
            "extends: pung-chow\nname: x\nremove_rules: [" + ", ".join(ALL_PUNG_CHOW_RULES) + "]\n",
            3,
            "rules must be a non-empty list: remove_rules drops every rule of the base",
            id="remove-rules-every-rule",
        ),
        pytest.param(
            "name: x\nremove_rules: [mah_jongg]\nrules:\n" + "  - {id: x, label: X, points: 1}\n",
            2,
            "remove_rules drops entries of a base, and this file has no extends: name its base, or delete"
            " remove_rules",
            id="remove-rules-without-extends",
        ),
        pytest.param(
            "name: x\nrules:\n  - {id: x, label: X, points: 1}\nremove_penalties: [dead_hand]\n",
            4,
            "remove_penalties drops entries of a base, and this file has no extends: name its base, or"
            " delete remove_penalties",
            id="remove-penalties-without-extends",
        ),
        pytest.param(
            "name: x\nextends: pung-chow-limit\nsettings:\n  limit: null\n  limit_hand_value: null\n",
            2,
            # The first rule it breaks: Part II's first discard, half the limit (a limit hand follows).
            "rule 'first_discard' is worth a share of the limit (points: {limit_fraction: 0.5}), but no limit"
            " or limit_hand_value is set: it would score 0",
            id="inherited-limit-share-with-no-limit",
        ),
        pytest.param(
            "name: x\nextends: pung-chow-limit\nsettings:\n  limit: null\n  limit_hand_value: null\n"
            "rules:\n  - {id: first_discard, points: 100}\n",
            2,
            "rule 'single_heads' is a limit hand, but no limit or limit_hand_value is set: give what it is "
            "worth (settings: {limit_hand_value: 500}, or a limit: 500 for every hand)",
            id="inherited-limit-hand-with-no-limit",
        ),
    ],
)
def test_a_refusal_of_an_extending_file_names_its_line(tmp_path, text, line, message):
    """`remove_rules: [mah_jongg]` left `no_other_score` (inherited: `except: [mah_jongg]`) naming a rule
    gone, refused with no line at all; removing every rule said line 1; an inherited rule a setting broke
    had no line; `remove_rules` in a file with no `extends:` was passed over silently. Each names the file's
    line that makes it: the `remove_rules` entry, else `extends:`."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {path}:{line}: {message}\n")


def test_remove_rules_mah_jongg_and_the_rule_naming_it_is_read(tmp_path):
    fixed = _write(tmp_path, "extends: pung-chow\nremove_rules: [mah_jongg, no_other_score]\n", "fixed.yaml")
    assert run("rules", "check", str(fixed)).exit_code == 0


RULE_X = "  - id: x\n    label: X\n    points: 1\n"

# (document, the line of its null or empty entry, the message after "file:line: ").
NULL_ENTRIES = [
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "  -\n",
        6,
        "a rule is a mapping with id, label and a value",
        id="rules-dash-alone",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "  - null\n",
        6,
        "a rule is a mapping with id, label and a value",
        id="rules-null",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "  - {}\n",
        6,
        "every rule needs an id (a name)",
        id="rules-empty-mapping",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "  - id:\n    label: Y\n    points: 1\n",
        6,
        "every rule needs an id (a name)",
        id="rules-id-null",
    ),
    pytest.param(
        "extends: pung-chow\npenalties:\n  - id: p\n    label: P\n    type: dead_hand\n  -\n",
        6,
        "a penalty is a mapping with id, label and type",
        id="penalties-dash-alone",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    when:\n      - no_sequences\n      -\n",
        8,
        "a condition is a name or a one-key mapping, got null",
        id="when-dash-alone",
    ),
    pytest.param(
        "extends: pung-chow\nsettings:\n  not_written:\n    - exposed_pair\n    -\n",
        5,
        "not_written is a list of bonus_tiles, exposed_pair, winning_tile_laid, got null",
        id="not-written-dash-alone",
    ),
    pytest.param(
        "extends: pung-chow-limit\nsettings:\n  limits:\n    - {name: a, doublings: 1, score: 10}\n    -\n",
        5,
        "a limit is a mapping of name, doublings and score",
        id="limits-dash-alone",
    ),
    pytest.param(
        "extends: pung-chow\nwash:\n  payments:\n    2: 1\n    3:\n",
        5,
        "wash points must be a whole number of 0 or more, got null",
        id="wash-payment-null",
    ),
    pytest.param(
        "extends: pung-chow\nwash:\n  payments:\n    2: 1\n    ~: 2\n",
        5,
        "wash heads must be a whole number of 1 or more, got null",
        id="wash-heads-null",
    ),
    pytest.param(
        "extends: pung-chow\nremove_rules:\n  - own_wind\n  -\n",
        4,
        "remove_rules has an empty entry: each names a rule id",
        id="remove-rules-dash-alone",
    ),
    pytest.param(
        "extends: pung-chow\nremove_penalties:\n  -\n",
        3,
        "remove_penalties has an empty entry: each names a penalty id",
        id="remove-penalties-dash-alone",
    ),
]


@pytest.mark.parametrize(("text", "line", "message"), NULL_ENTRIES)
def test_a_null_entry_is_named_at_its_own_line(tmp_path, text, line, message):
    """A `-` alone (null) or an entry with no id in an extending file's `rules:` was named at the line
    of `rules:` (its place in the merge, past the base's rules, is not its place in the file); a null in
    `not_written:` at the key, a wash table's `3:` at `payments:`; `remove_rules: [null]` said it
    "names None"."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {path}:{line}: {message}\n")


# (document, its line, the message after "file:line: "): a misspelt name gets the name it is closest to.
TYPOS = [
    pytest.param(
        "extends: pung-chow\nsetings:\n  limit: 10\n",
        2,
        "unknown key 'setings' (did you mean 'settings'?)",
        id="top-key",
    ),
    pytest.param(
        "extends: pung-chow\nsettings:\n  limt: 10\n",
        3,
        "unknown setting 'limt' (did you mean 'limit'?)",
        id="setting",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n  - id: mah_jongg\n    pionts: 10\n",
        4,
        "rule 'mah_jongg': unknown key 'pionts' (did you mean 'points'?)",
        id="rule-key",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    when: [no_sequence]\n",
        6,
        "unknown condition 'no_sequence' (did you mean 'no_sequences'?)",
        id="condition",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    when: [{count: {meld: pung, min: 1}}]\n",
        6,
        "condition 'count' unknown parameter 'meld' (did you mean 'melds'?)",
        id="condition-parameter",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    scope: set\n    when: [{tiles: [dragons, wind]}]\n",
        7,
        "condition 'tiles' expects one of simples, terminals, heads, honors, numbered, winds, dragons, "
        "red, green, white, own_wind, round_wind, own_wind_in_own_round (or a list of them), "
        "got ['dragons', 'wind'] (did you mean 'winds'?)",
        id="tile-class",
    ),
    pytest.param(
        "extends: pung-chow\nremove_rules: [mahjong]\n",
        2,
        "remove_rules names 'mahjong', which the base lacks (did you mean 'mah_jongg'?)",
        id="remove-rules",
    ),
    pytest.param(
        "extends: classical-bmja\nrules:\n" + RULE_X + "    when: [{calling_for: only_honours}]\n",
        6,
        "rule 'x': calling_for names rule 'only_honours', which this ruleset does not have "
        "(did you mean 'only_honors'?)",
        id="rule-id",
    ),
    pytest.param(
        "extends: pung-chow\nevening:\n  east_repeat: 3\n",
        3,
        "unknown evening key 'east_repeat' (did you mean 'east_repeat_cap'?)",
        id="evening-key",
    ),
    pytest.param(
        "extends: pung-chow.yaml\n",
        1,
        "extends: pung-chow.yaml: file not found (the shipped ruleset is named 'pung-chow', without .yaml)",
        id="extends-shipped-name-as-a-file",
    ),
    # Regression: each of these said what the key takes (or not even that) with no hint for the typo.
    pytest.param(
        "extends: pung-chow\nsettlement:\n  discard_pays: discarer\n",
        3,
        "discard_pays must be one of each, discarder, got 'discarer' (did you mean 'discarder'?)",
        id="settlement-discard_pays-discarer",
    ),
    pytest.param(
        "extends: pung-chow\nevening:\n  after_false_mahjongg: east_keep\n",
        3,
        "after_false_mahjongg must be one of east_keeps_unless_caller, east_keeps, deal_passes, "
        "got 'east_keep' (did you mean 'east_keeps'?)",
        id="evening-after_false_mahjongg-east_keep",
    ),
    pytest.param(
        "extends: pung-chow\nevening:\n  east_win_cap: 9\n  east_win_cap_fact: east_nineth_win\n",
        4,
        "east_win_cap_fact must be null or one of original_hand, last_tile, first_discard, robbing_kong, "
        "original_call, kong_after_kong, east_ninth_win, riichi, double_riichi, ippatsu, "
        "got 'east_nineth_win' (did you mean 'east_ninth_win'?)",
        id="evening-east_win_cap_fact-east_nineth_win",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n  - id: x\n    label: X\n    scope: set\n"
        "    points: {exposed: 2, concealled: 4}\n",
        6,
        "points is a number, {exposed, concealed}, or {limit_fraction}, got {exposed: 2, concealled: 4} "
        "(did you mean 'concealed'?)",
        id="points-exposed-2-concealled-4",
    ),
    pytest.param(
        "extends: pung-chow\npenalties:\n  - id: p\n    label: P\n    type: pay_for_all\n",
        5,
        "penalty 'p': type must be one of dead_hand, false_mahjongg, pays_for_all, got 'pay_for_all' "
        "(did you mean 'pays_for_all'?)",
        id="penalty-type-pay_for_all",
    ),
    pytest.param(
        "extends: pung-chow\npenalties:\n  - id: p\n    label: P\n    type: pays_for_all\n"
        "    liable: feder\n",
        6,
        "penalty 'p': liable must be one of discarder, feeder, got 'feder' (did you mean 'feeder'?)",
        id="penalty-liable-feder",
    ),
    pytest.param(
        "extends: pung-chow\npenalties:\n  - id: p\n    label: P\n    type: pays_for_all\n"
        "    liable: feeder\n    excused: {no_chioce: true}\n",
        7,
        "penalty 'p': excused has unknown key 'no_chioce' (did you mean 'no_choice'?)",
        id="penalty-excused-no_chioce",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    when: [{nto: no_sequences}]\n",
        6,
        "unknown condition 'nto' (did you mean 'not'?)",
        id="condition-nto",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    when: [{ayn: [no_sequences, winner]}]\n",
        6,
        "unknown condition 'ayn' (did you mean 'any'?)",
        id="condition-ayn",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    when: [{won_by: drawn, seat: east}]\n",
        6,
        "a condition is a name or a one-key mapping, got {won_by: 'drawn', seat: 'east'}: write each "
        "condition as its own entry, [{won_by: 'drawn'}, {seat: 'east'}]",
        id="when-won_by-drawn-seat-east-in-one-entry",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    when: [won_by]\n",
        6,
        "condition 'won_by' expects one of wall, loose, discard, drawn (or a list of them), got null: "
        "a name alone gives it none, write {won_by: ...}",
        id="when-won_by-alone",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    when: [{not: [no_sequences, winner]}]\n",
        6,
        "not: takes one condition, got a list: for none of them write {not: {any: [...]}}, for one of "
        "them not holding, {any: [{not: ...}, ...]}",
        id="when-not-a-list",
    ),
    pytest.param(
        "extends: pung-chow\nrules:\n" + RULE_X + "    when: no_sequences\n",
        6,
        "rule 'x': when must be a list of conditions: write one as a list too, ['no_sequences']",
        id="when-no_sequences-bare",
    ),
    pytest.param(
        "extends: pung-chow\npenalties:\n  - id: p\n    label: P\n    type: pays_for_all\n"
        "    when: {won_by: discard}\n",
        6,
        "penalty 'p': when must be a list of conditions: write one as a list too, [{won_by: 'discard'}]",
        id="penalty-when-won_by-discard-bare",
    ),
]


@pytest.mark.parametrize(("text", "line", "message"), TYPOS)
def test_a_misspelt_name_gets_a_did_you_mean(tmp_path, text, line, message):
    """Each said only "unknown ..." (a rule key with no hint at all, a condition with all fifty names)."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {path}:{line}: {message}\n")


def test_a_name_close_to_nothing_still_lists_the_known_ones(tmp_path):
    path = _write(tmp_path, "extends: pung-chow\nsettings:\n  zzz: 1\n")
    assert run("rules", "check", str(path)).stderr.startswith(
        f"error: {path}:3: unknown setting 'zzz' (known: limit, limit_hand_value, "
    )


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            "name: x\nsettings:\n  - 1\n",
            2,
            "settings must be a mapping, got a list: write its keys without '- ' before them",
            id="settings-a-list-below",
        ),
        pytest.param(
            "extends: pung-chow\nrulez:\n  - id: x\n",
            2,
            "unknown key 'rulez' (did you mean 'rules'?)",
            id="rulez",
        ),
        pytest.param(
            "extends: pung-chow\nrules:\n" + RULE_X + "    when:\n      won_by: wall\n",
            6,
            "rule 'x': when must be a list of conditions: write one as a list too, [{won_by: 'wall'}]",
            id="when-a-mapping-below",
        ),
    ],
)
def test_a_key_whose_value_is_below_it_is_named_at_its_own_line(tmp_path, text, line, message):
    """The error named the line of the value (the one below the key) for a key written on a line of
    its own: `settings:` then `  - 1` said line 3."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stderr) == (2, f"error: {path}:{line}: {message}\n")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            'name: "house\nrules:\n  - {id: a, label: A, points: 1}\n',
            "4:1: not valid YAML: found unexpected end of stream (while scanning a quoted scalar, "
            'which starts at line 1, column 7): close the " there with another "',
            id="unclosed-quote",
        ),
        pytest.param(
            "name: x\nrules:\n  - id: a\n    label: 'A\n    points: 3\n",
            "6:1: not valid YAML: found unexpected end of stream (while scanning a quoted scalar, "
            "which starts at line 4, column 12): close the ' there with another '",
            id="label-A-unclosed-single-quote",
        ),
        pytest.param(
            "name: !!python/object/apply:os.system ['echo hi']\nrules: [{id: a, label: A, points: 1}]\n",
            "1:7: not valid YAML: could not determine a constructor for the tag "
            "'tag:yaml.org,2002:python/object/apply:os.system': a ruleset holds plain YAML values: delete "
            "the tag, or quote the value if it is text",
            id="name-python-object-apply-tag",
        ),
        pytest.param(
            "name: !house x\nrules: [{id: a, label: A, points: 1}]\n",
            "1:7: not valid YAML: could not determine a constructor for the tag '!house': a ruleset holds "
            "plain YAML values: delete the tag, or quote the value if it is text",
            id="name-custom-tag",
        ),
        pytest.param(
            "name: x\nsettings:\n  limit:500\n  east_multiplier: 1\nrules: [{id: a, label: A, points: 1}]\n",
            "4:18: not valid YAML: mapping values are not allowed in this context: line 3 reads "
            "'limit:500' as text, not a key: write a space after its colon (limit: 500)",
            id="settings-limit-500-glued-above-a-key",
        ),
        pytest.param(
            "name: x\nrules:\n  - id: a\n    label: A\n    points:3\n",
            "6:1: not valid YAML: could not find expected ':' (while scanning a simple key, which starts at "
            "line 5, column 5): line 5 reads 'points:3' as text, not a key: write a space after its colon "
            "(points: 3)",
            id="rule-points-3-glued-last",
        ),
        pytest.param(
            "name: x\nrules: [a, b\n",
            "3:1: not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence, "
            "which starts at line 2, column 8): close the [ with ], and write a comma between its entries",
            id="unclosed-bracket",
        ),
        pytest.param(
            "name: x\nrules:\n\t- {id: a, label: A, points: 1}\n",
            "3:1: not valid YAML: a tab: YAML indents with spaces only",
            id="tab-indent",
        ),
        pytest.param(
            "name: x\nrules:\n  - id: a\n   label: A\n",
            "4:4: not valid YAML: did not find expected '-' indicator (while parsing a block collection, "
            "which starts at line 3, column 3): line 4 is indented 3 spaces, the key above it 4: indent "
            "the keys of one mapping alike",
            id="bad-indentation",
        ),
    ],
)
def test_a_yaml_mistake_is_named_where_it_began(tmp_path, text, message):
    """An unclosed quote was named only at the end of the file (`:4: found unexpected end of stream`),
    a tab as "found character that cannot start any token": the line, the column, and where the quote or
    bracket began."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stderr) == (2, f"error: {path}:{message}\n")
    as_json = json.loads(run("score", HAND, "-r", str(path), "--json").stdout)["error"]
    assert (as_json["code"], as_json["line"], as_json["column"]) == (
        "ruleset-yaml",
        *map(int, message.split(":")[:2]),
    )


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            'extends: pung-chow\nname: "house\\e[2J"\n',
            2,
            r"('\x1b') in 'house\x1b[2J'",
            id="clear-screen-in-name",
        ),
        pytest.param(
            'extends: pung-chow\nrules:\n  - id: mah_jongg\n    label: "MJ \\e]0;owned\\a"\n',
            4,
            r"('\x1b') in 'MJ \x1b]0;owned\x07'",
            id="window-title-in-label",
        ),
        pytest.param(
            'extends: pung-chow\nrules:\n  - id: x\n    label: "\\0"\n    points: 1\n',
            4,
            r"('\x00') in '\x00'",
            id="nul",
        ),
    ],
)
def test_a_control_character_in_a_rulesets_text_is_refused(tmp_path, text, line, message):
    """A YAML escape (`"\\e[2J"`) put a terminal control sequence in a name or label, and `score` and
    `rules show` printed it raw: a shared house file could clear the screen or retitle the window."""
    path = _write(tmp_path, text)
    for argv in (
        ("rules", "check", str(path)),
        ("rules", "show", str(path)),
        ("score", HAND, "-r", str(path)),
    ):
        result = run(*argv)
        assert "\x1b" not in result.output and "\x07" not in result.output
        expected = (
            f"error: {path}:{line}: a control character {message}: text that is printed cannot hold one\n"
        )
        assert (result.exit_code, result.stderr) == (2, expected)


def test_line_breaks_and_tabs_in_a_note_are_text(tmp_path):
    path = _write(
        tmp_path, "extends: pung-chow\nrules:\n  - id: mah_jongg\n    note: |\n      two\n      lines\n"
    )
    assert run("rules", "check", str(path)).exit_code == 0


def test_extends_base_yaml_is_never_read_from_the_current_directory(tmp_path, monkeypatch):
    """`club/friday.yaml` saying `extends: base.yaml`, run from a folder that holds a `base.yaml` (and
    `club/` none), loaded that one: the same house file meant another ruleset depending on where it
    was run. docs/rulesets.md: relative to the extending file, not to the current directory."""
    (tmp_path / "club").mkdir()
    _write(tmp_path, "extends: pung-chow\nsettings:\n  limit: 999\n", "base.yaml")
    friday = _write(tmp_path, "extends: base.yaml\n", "club/friday.yaml")
    monkeypatch.chdir(tmp_path)
    result = run("rules", "check", "club/friday.yaml")
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: {friday}:1: extends: base.yaml: file not found beside the extending file "
        f"({tmp_path / 'club' / 'base.yaml'})\n",
    )
    _write(tmp_path, "extends: pung-chow\nsettings:\n  limit: 500\n", "club/base.yaml")
    assert run("rules", "check", "club/friday.yaml").stdout == f"ok: {friday}: friday (21 rules, limit 500)\n"


def test_a_penalty_id_written_twice_in_one_file_is_refused(tmp_path):
    """Two `dead_hand` entries in one house file: the second silently replaced the first (rules refuse
    an id written twice; penalties merge like rules)."""
    text = (
        "extends: pung-chow-limit\npenalties:\n"
        "  - {id: dead_hand, label: Dead, type: dead_hand}\n"
        "  - {id: dead_hand, label: Dead hand of 12, type: dead_hand, tiles: 12}\n"
    )
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: {path}:4: penalty id 'dead_hand' appears twice (entries 1 and 2 of penalties): give each "
        "penalty an id of its own\n",
    )


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"settings": {"limit": 0}}, id="limit-0"),
        pytest.param({"remove_rules": ["mah_jongg"]}, id="no-other-points-names-a-removed-rule"),
    ],
)
def test_an_evening_recorded_under_a_ruleset_refused_since_still_reads(tmp_path, change):
    """An evening keeps its ruleset as a snapshot (evening/settle.py). One begun under a house file that
    the loader now refuses (`limit: 0`, a rule naming one removed) must still replay, as recorded: the
    new checks are of writing a ruleset, and a recorded evening is never lost."""
    from pungchow_calc.evening.settle import digest, ruleset_of
    from pungchow_calc.ruleset_merge import merge

    base = yaml.safe_load((builtin_dir() / "pung-chow.yaml").read_text(encoding="utf-8"))
    document = json.loads(json.dumps(merge(base, change)))
    shot = {"name": "house", "given": "house.yaml", "hash": digest(document), "document": document}
    ruleset = ruleset_of({"ruleset": shot}, "e.jsonl")
    assert score_text(HAND, ruleset, Situation()).score == 48 - (20 if "remove_rules" in change else 0)
    path = _write(tmp_path, yaml.safe_dump({"extends": "pung-chow", **change}))
    assert run("rules", "check", str(path)).exit_code == 2  # as a file, it is refused


def test_rules_diff_pung_chow_riichi_ema_2016_json_is_json(tmp_path):
    """`rules diff pung-chow riichi-ema-2016 --json` ended in a TypeError traceback (a limit tier and
    a frozenset are no JSON), and the text printed `LimitTier(name='Mangan', ...)` and `frozenset({...})`
    in an order that changed from run to run. Settings are shown as a ruleset writes them."""
    result = run("rules", "diff", "pung-chow", "riichi-ema-2016", "--json")
    assert result.exit_code == 0, result.output
    settings = {
        c["key"]: (c["a"], c["b"]) for c in json.loads(result.stdout)["changes"] if c["what"] == "setting"
    }
    assert settings["limits"] == (
        [],
        [
            {"name": "Mangan", "doublings": 5, "score": 2000},
            {"name": "Haneman", "doublings": 6, "score": 3000},
            {"name": "Baiman", "doublings": 8, "score": 4000},
            {"name": "Sanbaiman", "doublings": 11, "score": 6000},
        ],
    )
    assert settings["not_written"] == ([], ["bonus_tiles", "exposed_pair", "winning_tile_laid"])
    text = run("rules", "diff", "pung-chow", "riichi-ema-2016", env={"COLUMNS": "200"}).stdout
    assert "  limits: none → {name: Mangan, doublings: 5, score: 2000}, {name: Haneman, " in text
    assert "  not_written: adds bonus_tiles, exposed_pair, winning_tile_laid\n" in text
    assert "LimitTier" not in text and "frozenset" not in text


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            "extends: pung-chow\nrules:\n  - id: x\n    label: No\n    points: 1\n",
            4,
            "rule 'x': needs a label, got false: YAML reads yes, no, on and off as true or false; "
            "put it in quotes",
            id="label-No",
        ),
        pytest.param(
            "extends: pung-chow\nrules:\n  - id: off\n    label: Off the wall\n    points: 1\n",
            3,
            "every rule needs an id (a name), got false: YAML reads yes, no, on and off as true or false; "
            "put it in quotes",
            id="id-off",
        ),
        pytest.param(
            "extends: pung-chow\nname: 1923\n",
            2,
            "name must be text, got 1923: YAML reads it as a number; put it in quotes",
            id="name-1923",
        ),
    ],
)
def test_text_that_yaml_reads_as_a_boolean_or_a_number_says_so(tmp_path, text, line, message):
    """`label: No` was refused as "needs a label" (YAML 1.1 reads No as false): the user gave one."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stderr) == (2, f"error: {path}:{line}: {message}\n")


def test_a_ruleset_saved_as_utf_16_says_so(tmp_path):
    """Notepad's "Unicode" is UTF-16: "not UTF-8 text" left the user to guess."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: pung-chow\n", encoding="utf-16")
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: {path}: not UTF-8 text (it is UTF-16: save it as UTF-8)\n",
    )


@pytest.mark.parametrize(
    ("data", "where"),
    [
        pytest.param(b"extends: pung-chow\n# caf\xe9\n", "2:6", id="cafe-latin-1-comment"),
        pytest.param(b"extends: pung-chow\nname: h\xe9\n", "2:8", id="name-latin-1"),
        pytest.param(
            "extends: pung-chow\n# \u00e9t\u00e9 ".encode() + b"caf\xe9\n", "2:10", id="utf-8-before"
        ),
    ],
)
def test_a_ruleset_saved_as_latin_1_names_the_line(tmp_path, data, where):
    """Regression: `# caf\xe9` saved as Latin-1 said `house.yaml: not UTF-8 text`, with no line to look at."""
    path = tmp_path / "house.yaml"
    path.write_bytes(data)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: {path}:{where}: not UTF-8 text (byte 0xe9): save the file as UTF-8\n",
    )


def test_two_documents_in_one_ruleset_file(tmp_path):
    """The second `---` said "(expected a single document in the stream, which starts at line 1, ...)"."""
    path = _write(tmp_path, "extends: pung-chow\n---\nname: second\n")
    result = run("rules", "check", str(path))
    assert result.stderr == (
        f"error: {path}:2:1: not valid YAML: but found another document "
        "(expected a single document in the stream)\n"
    )


def test_a_utf_8_byte_order_mark_and_crlf_lines_are_read(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_bytes(b"\xef\xbb\xbfextends: pung-chow\r\nsettings:\r\n  limit: 600\r\n")
    assert run("rules", "check", str(path)).stdout == f"ok: {path}: house (21 rules, limit 600)\n"


def test_r_a_file_without_yaml_in_its_name_says_how_to_give_it(tmp_path, monkeypatch):
    """`-r myrules` (a file here, no .yaml) is read as a shipped name: the refusal says to write ./myrules."""
    _write(tmp_path, "extends: pung-chow\n", "myrules")
    monkeypatch.chdir(tmp_path)
    result = run("score", HAND, "-r", "myrules")
    assert result.exit_code == 2
    assert result.stderr.endswith("; to read the file myrules, write ./myrules)\n")
    assert run("score", HAND, "-r", "./myrules").exit_code == 0


@pytest.mark.parametrize("suffix", [".yaml", ".yml"])
def test_r_club_beside_club_yaml_names_the_file(tmp_path, monkeypatch, suffix):
    """`-r club` with ./club.yaml here said only "or give a .yaml path": it names the file to write."""
    (tmp_path / f"club{suffix}").write_text("extends: pung-chow\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("score", HAND, "-r", "club")
    assert result.exit_code == 2
    assert result.stderr.endswith(f"; to read the file club{suffix}, write club{suffix})\n")
    assert run("score", HAND, "-r", f"club{suffix}").exit_code == 0


def test_a_chain_of_nine_extends_ending_at_pung_chow_names_the_ninth_step(tmp_path):
    """r4.yaml -> ... -> r12.yaml -> pung-chow is nine steps: the error named the shipped pung-chow.yaml
    (blameless) and no line. docs/rulesets.md: the extending file and its `extends:` line, and the
    file the chain starts from (the one checked, eight files away)."""
    for i in range(4, 12):
        _write(tmp_path, f"name: r{i}\nextends: r{i + 1}.yaml\n", f"r{i}.yaml")
    last = _write(tmp_path, "name: r12\nextends: pung-chow\n", "r12.yaml")
    result = run("rules", "check", str(tmp_path / "r4.yaml"))
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: {last}:2: extends: chain is too long (more than 8 steps from r4.yaml)\n",
    )
    assert run("rules", "check", str(tmp_path / "r5.yaml")).exit_code == 0  # eight steps


NEVER = "extends: pung-chow\nrules:\n" + RULE_X


@pytest.mark.parametrize(
    ("when", "line", "message"),
    [
        pytest.param(
            "    when:\n      - won_by: wall\n      - won_by: discard\n",
            8,
            "won_by: wall (entry 1) and won_by: discard never both hold, so it could never apply: "
            "for either, write one won_by: [wall, discard]",
            id="won-by-wall-and-discard",
        ),
        pytest.param(
            "    when: [{won_by: drawn}, winner, {won_by: [discard]}]\n",
            6,
            "won_by: drawn (entry 1) and won_by: [discard] never both hold, so it could never apply: "
            "for either, write one won_by: [drawn, discard]",
            id="won-by-drawn-and-discard",
        ),
        pytest.param(
            "    when: [{seat: east}, {seat: [south, west]}]\n",
            6,
            "seat: east (entry 1) and seat: [south, west] never both hold, so it could never apply: "
            "for either, write one seat: [east, south, west]",
            id="seat-east-and-south-west",
        ),
        pytest.param(
            "    scope: set\n    when: [{meld: pung}, {meld: chow}]\n",
            7,
            "meld: pung (entry 1) and meld: chow never both hold, so it could never apply: "
            "for either, write one meld: [pung, chow]",
            id="meld-pung-and-chow",
        ),
        pytest.param(
            "    scope: set\n    when: [{wait: open}, {wait: closed}]\n",
            7,
            "wait: open (entry 1) and wait: closed never both hold, so it could never apply: "
            "for either, write one wait: [open, closed]",
            id="wait-open-and-closed",
        ),
        pytest.param(
            "    when: [no_sequences, {not: no_sequences}]\n",
            6,
            "no_sequences (entry 1) and not: no_sequences never both hold, so it could never apply: "
            "delete one",
            id="no-sequences-and-not",
        ),
        pytest.param(
            "    when: [{not: {seat: east}}, {seat: east}]\n",
            6,
            "not: {seat: east} (entry 1) and seat: east never both hold, so it could never apply: delete one",
            id="not-seat-east-and-seat-east",
        ),
        pytest.param(
            "    scope: set\n    when: [{tiles: honors}, {tiles: simples}]\n",
            7,
            "tiles: honors (entry 1) and tiles: simples never both hold, so it could never apply: "
            "for either, write one tiles: [honors, simples]",
            id="tiles-honors-and-simples",
        ),
        pytest.param(
            "    scope: pair\n    when: [{tiles: own_wind}, {tiles: [dragons, numbered]}]\n",
            7,
            "tiles: own_wind (entry 1) and tiles: [dragons, numbered] never both hold, so it could never "
            "apply: for either, write one tiles: [own_wind, dragons, numbered]",
            id="tiles-own-wind-and-dragons-numbered",
        ),
        pytest.param(
            "    scope: set\n    when: [{tiles: winds}, {not: {tiles: honors}}]\n",
            7,
            "tiles: winds (entry 1) and not: {tiles: honors} never both hold, so it could never apply: "
            "delete one",
            id="tiles-winds-and-not-honors",
        ),
        pytest.param(
            "    scope: set\n    when: [{not: {tiles: winds}}, {tiles: round_wind}]\n",
            7,
            "not: {tiles: winds} (entry 1) and tiles: round_wind never both hold, so it could never apply: "
            "delete one",
            id="not-winds-and-tiles-round-wind",
        ),
        pytest.param(
            "    scope: set\n    when: [{meld: pung}, {not: {meld: pung_or_kong}}]\n",
            7,
            "meld: pung (entry 1) and not: {meld: pung_or_kong} never both hold, so it could never apply: "
            "delete one",
            id="meld-pung-and-not-pung-or-kong",
        ),
        pytest.param(
            "    when: [{won_by: wall}, {not: {won_by: drawn}}]\n",
            6,
            "won_by: wall (entry 1) and not: {won_by: drawn} never both hold, so it could never apply: "
            "delete one",
            id="won-by-wall-and-not-drawn",
        ),
        pytest.param(
            "    when: [{winning_in: pung}, {winning_in: [chow, pair]}]\n",
            6,
            "winning_in: pung (entry 1) and winning_in: [chow, pair] never both hold, so it could never "
            "apply: for either, write one winning_in: [pung, chow, pair]",
            id="winning-in-pung-and-chow-pair",
        ),
        pytest.param(
            "    scope: set\n    when: [{meld: chow}, exposed, {tiles: honors}]\n",
            7,
            "meld: chow (entry 1) and tiles: honors never both hold, so it could never apply: "
            "no set or pair is of a kind both allow",
            id="meld-chow-and-tiles-honors",
        ),
        pytest.param(
            "    scope: set\n    when: [{tiles: terminals}, {wait: open}]\n",
            7,
            "tiles: terminals (entry 1) and wait: open never both hold, so it could never apply: "
            "no set or pair is of a kind both allow",
            id="tiles-terminals-and-wait-open",
        ),
        pytest.param(
            "    scope: set\n    when: [{wait: closed}, {meld: pung_or_kong}]\n",
            7,
            "wait: closed (entry 1) and meld: pung_or_kong never both hold, so it could never apply: "
            "no set or pair is of a kind both allow",
            id="wait-closed-and-meld-pung-or-kong",
        ),
    ],
)
def test_a_when_no_hand_can_meet_is_refused(tmp_path, when, line, message):
    """`when: [{won_by: wall}, {won_by: discard}]` loaded, and the rule never scored: silently."""
    path = _write(tmp_path, NEVER + when)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"error: {path}:{line}: rule 'x': when: {message}\n",
    )


@pytest.mark.parametrize(
    "when",
    [
        pytest.param("    when: [{won_by: drawn}, {won_by: wall}]\n", id="won-by-drawn-and-wall-share-wall"),
        pytest.param(
            "    scope: set\n    when: [{meld: pung_or_kong}, {meld: kong}]\n", id="meld-kinds-overlap"
        ),
        pytest.param("    when: [{seat: east}, {any: [{seat: south}]}]\n", id="inside-any-not-judged"),
        pytest.param(
            "    when: [{count: {melds: set, exactly: 1}}, {count: {melds: set, exactly: 2}}]\n",
            id="counting-not-judged",
        ),
        pytest.param("    when: [{won_by: wall}, {not: {won_by: discard}}]\n", id="not-of-another-value"),
        pytest.param(
            "    when: [{won_by: drawn}, {not: {won_by: wall}}]\n", id="drawn-and-not-wall-is-loose"
        ),
        pytest.param(
            "    scope: set\n    when: [{tiles: own_wind}, {tiles: round_wind}]\n",
            id="own-and-round-wind-meet",
        ),
        pytest.param(
            "    scope: set\n    when: [{tiles: own_wind}, {not: {tiles: round_wind}}]\n",
            id="own-wind-and-not-round-wind",
        ),
        pytest.param(
            "    scope: set\n    when: [{tiles: [terminals, simples]}, {meld: chow}]\n", id="chow-1-2-3"
        ),
        pytest.param("    scope: set\n    when: [{tiles: simples}, {wait: open}]\n", id="simples-chow-wait"),
        pytest.param("    scope: set\n    when: [{meld: set}, {wait: open}]\n", id="meld-set-holds-chows"),
        pytest.param(
            "    scope: set\n    when: [{tiles: honors}, {not: {meld: chow}}]\n", id="not-chow-beside-honors"
        ),
    ],
)
def test_a_when_that_some_hand_may_meet_is_read(tmp_path, when):
    assert run("rules", "check", str(_write(tmp_path, NEVER + when))).exit_code == 0


def test_an_evening_recorded_under_a_when_no_hand_can_meet_still_reads():
    """A recorded evening's ruleset is compiled as it was (authored=False): the refusal is of writing."""
    from pungchow_calc.engine.rules import compile_ruleset

    base = yaml.safe_load((builtin_dir() / "pung-chow.yaml").read_text(encoding="utf-8"))
    rule = {"id": "x", "label": "X", "points": 1, "when": [{"won_by": "wall"}, {"won_by": "discard"}]}
    document = {**base, "rules": [*base["rules"], rule]}
    ruleset = compile_ruleset(document, "house", "e.jsonl", authored=False)
    assert score_text(HAND, ruleset, Situation()).score == 48


# (a rule's or penalty's lines, the line refused, the message after "file:line: ").
NO_COUNT = [
    pytest.param(
        RULE_X + "    when: [{count: {min: 3, max: 2}}]\n",
        6,
        "rule 'x': when: count: min: 3 is above max: 2, so no count meets it",
        id="count-min-3-max-2",
    ),
    pytest.param(
        RULE_X + "    when:\n      - winner\n      - {count: {melds: pung, exactly: 3, min: 1}}\n",
        8,
        "rule 'x': when: count: exactly: 3 and min: 1 say two counts: give exactly alone, or min and max",
        id="count-exactly-3-min-1",
    ),
    pytest.param(
        RULE_X + "    when: [{not: {exposed_melds: {exactly: 1, max: 4}}}]\n",
        6,
        "rule 'x': when: exposed_melds: exactly: 1 and max: 4 say two counts: give exactly alone, or min "
        "and max",
        id="not-exposed-melds-exactly-1-max-4",
    ),
    pytest.param(
        RULE_X + "    when: [{any: [winner, {bonus_tiles: {min: 5, max: 4}}]}]\n",
        6,
        "rule 'x': when: bonus_tiles: min: 5 is above max: 4, so no count meets it",
        id="any-bonus-tiles-min-5-max-4",
    ),
    pytest.param(
        "  - {id: p, label: P, type: pays_for_all, when: [{count: {min: 3, max: 2}}]}\n",
        3,
        "penalty 'p': when: count: min: 3 is above max: 2, so no count meets it",
        id="penalty-count-min-3-max-2",
    ),
]


@pytest.mark.parametrize(("entry", "line", "message"), NO_COUNT)
def test_a_count_no_hand_can_meet_or_of_two_counts_is_refused(tmp_path, entry, line, message):
    """`{count: {min: 3, max: 2}}` loaded and never held; `{exactly: 3, min: 1}` loaded as 1 to 3:
    silently. Refused wherever a ruleset file is read: `rules check`, `rules show`, `score -r`."""
    _refused_wherever_read(tmp_path, entry, line, message)


PENALTY_P = "  - {id: p, label: P, type: pays_for_all, "
# (a rule's or penalty's lines, the line refused, the message after "file:line: "): a hand holds at most
# 14 tiles and one more a kong (18), four sets, seven sets and pairs, the eight flowers and seasons.
MORE_THAN_A_HAND = [
    pytest.param(
        PENALTY_P + "when: [{exposed_tiles: {tiles: honors, same_suit: true, min: 1}}]}\n",
        3,
        "penalty 'p': when: exposed_tiles: min: 1 is more than any hand counts (same_suit: true counts one "
        "numbered suit, and tiles: honors holds none), so no hand meets it",
        id="penalty-exposed-tiles-tiles-honors-same-suit-min-1",
    ),
    pytest.param(
        RULE_X
        + "    when: [{not: {exposed_tiles: {tiles: [winds, own_wind], same_suit: true, exactly: 3}}}]\n",
        6,
        "rule 'x': when: exposed_tiles: exactly: 3 is more than any hand counts (same_suit: true counts one "
        "numbered suit, and tiles: [winds, own_wind] holds none), so no hand meets it",
        id="not-exposed-tiles-tiles-winds-own-wind-same-suit-exactly-3",
    ),
    pytest.param(
        RULE_X + "    when: [{exposed_tiles: {min: 19}}]\n",
        6,
        "rule 'x': when: exposed_tiles: min: 19 is more than any hand counts (a hand holds at most 18 "
        "tiles), so no hand meets it",
        id="exposed-tiles-min-19",
    ),
    pytest.param(
        RULE_X + "    when: [{count: {melds: pung_or_kong, min: 5}}]\n",
        6,
        "rule 'x': when: count: min: 5 is more than any hand counts (a hand holds at most 4 sets), so no "
        "hand meets it",
        id="count-melds-pung-or-kong-min-5",
    ),
    pytest.param(
        RULE_X + "    when: [{any: [winner, {exposed_melds: {exactly: 8}}]}]\n",
        6,
        "rule 'x': when: exposed_melds: exactly: 8 is more than any hand counts (a hand holds at most 7 "
        "sets and pairs), so no hand meets it",
        id="any-exposed-melds-exactly-8",
    ),
    pytest.param(
        RULE_X + "    when: [{concealed_sets: {min: 5, max: 9}}]\n",
        6,
        "rule 'x': when: concealed_sets: min: 5 is more than any hand counts (a hand holds at most 4 "
        "sets), so no hand meets it",
        id="concealed-sets-min-5-max-9",
    ),
    pytest.param(
        RULE_X + "    when: [{repeated_sets: {melds: chow, min: 3}}]\n",
        6,
        "rule 'x': when: repeated_sets: min: 3 is more than any hand counts (a hand holds at most 4 sets, "
        "and two alike repeat once), so no hand meets it",
        id="repeated-sets-melds-chow-min-3",
    ),
    pytest.param(
        RULE_X + "    when: [{bonus_tiles: {kinds: flower, exactly: 5}}]\n",
        6,
        "rule 'x': when: bonus_tiles: exactly: 5 is more than any hand counts (a hand holds at most 4 "
        "flowers), so no hand meets it",
        id="bonus-tiles-kinds-flower-exactly-5",
    ),
    pytest.param(
        PENALTY_P + "when: [{bonus_tiles: {own: true, min: 3}}]}\n",
        3,
        "penalty 'p': when: bonus_tiles: min: 3 is more than any hand counts (a hand holds at most 2 flowers "
        "and seasons of its own wind), so no hand meets it",
        id="penalty-bonus-tiles-own-min-3",
    ),
]


# (a rule's lines, the line refused, the message after "file:line: "): a pair rule is asked of each pair,
# a set rule of each chow, pung and kong (plan.py), so a unit condition of no such kind never holds.
OUT_OF_SCOPE = [
    pytest.param(
        RULE_X + "    scope: pair\n    when: [{meld: pung}]\n",
        7,
        "rule 'x': when: meld: pung never holds in a rule of scope: pair, which judges only pairs: change "
        "the scope or the entry",
        id="scope-pair-meld-pung",
    ),
    pytest.param(
        RULE_X + "    scope: set\n    when: [{tiles: heads}, {meld: pair}]\n",
        7,
        "rule 'x': when: meld: pair never holds in a rule of scope: set, which judges only chows, pungs and "
        "kongs: change the scope or the entry",
        id="scope-set-tiles-heads-meld-pair",
    ),
    pytest.param(
        RULE_X + "    scope: pair\n    when: [completes_hand, {wait: open}]\n",
        7,
        "rule 'x': when: wait: open never holds in a rule of scope: pair, which judges only pairs: change "
        "the scope or the entry",
        id="scope-pair-completes-hand-wait-open",
    ),
    # A winner's hand calls for nothing; a loser's never went Mah-Jongg.
    pytest.param(
        RULE_X + "    who: winner\n    when: [{calling_for: mah_jongg}]\n",
        7,
        "rule 'x': when: calling_for holds only for a hand that did not go Mah-Jongg, and the rule is who: "
        "winner: change who or the entry",
        id="who-winner-calling-for-mah-jongg",
    ),
    pytest.param(
        RULE_X + "    who: others\n    when: [{seat: east}, winner]\n",
        7,
        "rule 'x': when: winner holds only for a hand that went Mah-Jongg, and the rule is who: others: "
        "change who or the entry",
        id="who-others-seat-east-winner",
    ),
]


@pytest.mark.parametrize(
    ("scope", "when"),
    [
        pytest.param("pair", "[{tiles: dragons}]", id="pair-of-dragons"),
        pytest.param("set", "[{meld: [pung, pair]}]", id="set-pung-or-pair"),
        pytest.param("pair", "[{not: {meld: pung}}]", id="pair-not-pung"),
        pytest.param("set", "[{meld: chow}, {winning_meld: {melds: pair}}]", id="chow-won-on-a-pair"),
        pytest.param(
            "hand\n    who: others", "[{not: winner}, {calling_for: mah_jongg}]", id="others-calling"
        ),
        pytest.param("hand\n    who: winner", "[winner]", id="winner-winner"),
    ],
)
def test_a_condition_some_unit_of_the_scope_or_hand_of_who_may_meet_is_read(tmp_path, scope, when):
    path = _write(tmp_path, f"{NEVER}    scope: {scope}\n    when: {when}\n")
    assert run("rules", "check", str(path)).exit_code == 0


@pytest.mark.parametrize(("entry", "line", "message"), OUT_OF_SCOPE)
def test_a_condition_no_unit_of_the_scope_or_hand_of_who_meets_is_refused(tmp_path, entry, line, message):
    """`scope: pair` with `meld: pung`, `who: winner` with `calling_for`, loaded and never held, silently,
    while `meld: pung` beside `meld: pair` was refused (docs/rulesets.md#basic-conditions)."""
    _refused_wherever_read(tmp_path, entry, line, message)


@pytest.mark.parametrize(("entry", "line", "message"), MORE_THAN_A_HAND)
def test_a_count_more_than_any_hand_holds_is_refused(tmp_path, entry, line, message):
    """`{exposed_tiles: {tiles: honors, same_suit: true, min: 1}}` (same_suit counts a numbered suit) and
    `{count: {melds: pung_or_kong, min: 5}}` loaded and never held, silently, while `{min: 3, max: 2}`
    was refused (docs/rulesets.md#basic-conditions)."""
    _refused_wherever_read(tmp_path, entry, line, message)


# (a rule's or penalty's lines, the line refused, the message after "file:line: ").
NEVER_ONE_ENTRY_OR_PENALTY = [
    pytest.param(
        RULE_X + "    when: [{winning_meld: {melds: pung, wait: open}}]\n",
        6,
        "rule 'x': when: winning_meld: melds: pung and wait: open allow no kind of set or pair in common, "
        "so it never holds",
        id="winning-meld-melds-pung-wait-open",
    ),
    pytest.param(
        RULE_X + "    when:\n      - winner\n      - {winning_meld: {tiles: [dragons, winds], wait: closed}}"
        "\n",
        8,
        "rule 'x': when: winning_meld: tiles: [dragons, winds] and wait: closed allow no kind of set or pair "
        "in common, so it never holds",
        id="winning-meld-tiles-dragons-winds-wait-closed",
    ),
    pytest.param(
        RULE_X + "    when: [{not: {winning_meld: {melds: chow, tiles: terminals}}}]\n",
        6,
        "rule 'x': when: winning_meld: melds: chow and tiles: terminals allow no kind of set or pair in "
        "common, so it never holds",
        id="not-winning-meld-melds-chow-tiles-terminals",
    ),
    pytest.param(
        RULE_X + "    when: [{count: {melds: chow, tiles: honors, min: 1}}]\n",
        6,
        "rule 'x': when: count: melds: chow and tiles: honors allow no kind of set or pair in common, so "
        "none is counted and no hand meets a count of 1 or more",
        id="count-melds-chow-tiles-honors-min-1",
    ),
    pytest.param(
        RULE_X + "    when: [{exposed_sets: {melds: chow, tiles: heads, exactly: 2}}]\n",
        6,
        "rule 'x': when: exposed_sets: melds: chow and tiles: heads allow no kind of set or pair in "
        "common, so none is counted and no hand meets a count of 2 or more",
        id="exposed-sets-melds-chow-tiles-heads-exactly-2",
    ),
    pytest.param(
        PENALTY_P + "when: [{winning_meld: {melds: [pung, pair], wait: open}}]}\n",
        3,
        "penalty 'p': when: winning_meld: melds: [pung, pair] and wait: open allow no kind of set or pair in "
        "common, so it never holds",
        id="penalty-winning-meld-melds-pung-pair-wait-open",
    ),
    pytest.param(
        PENALTY_P + "when: [{won_by: wall}, {won_by: discard}]}\n",
        3,
        "penalty 'p': when: won_by: wall (entry 1) and won_by: discard never both hold, so it could never "
        "apply: for either, write one won_by: [wall, discard]",
        id="penalty-won-by-wall-won-by-discard",
    ),
    pytest.param(
        PENALTY_P + "when: [winner], excused: {waiting_with: [{seat: east}, {seat: south}]}}\n",
        3,
        "penalty 'p': waiting_with: seat: east (entry 1) and seat: south never both hold, so it could "
        "never apply: for either, write one seat: [east, south]",
        id="penalty-waiting-with-seat-east-seat-south",
    ),
    pytest.param(
        PENALTY_P + "when: [{no_sequences}, {not: {no_sequences}}]}\n",
        3,
        "penalty 'p': when: no_sequences (entry 1) and not: {no_sequences} never both hold, so it could "
        "never apply: delete one",
        id="penalty-no-sequences-not-no-sequences",
    ),
    pytest.param(
        PENALTY_P + "when: [{no_other_points: {except: [mah_jong]}}]}\n",
        3,
        "penalty 'p': no_other_points names rule 'mah_jong', which this ruleset does not have (did you "
        "mean 'mah_jongg'?)",
        id="penalty-no-other-points-except-mah-jong",
    ),
]


@pytest.mark.parametrize(("entry", "line", "message"), NEVER_ONE_ENTRY_OR_PENALTY)
def test_a_when_no_hand_can_meet_by_one_entry_or_in_a_penalty_is_refused(tmp_path, entry, line, message):
    """`{winning_meld: {melds: pung, wait: open}}` (a wait is a chow's) loaded and never held, and a
    penalty's `when:` of `won_by: wall` and `won_by: discard`, or naming a rule id the ruleset lacks:
    silently. Refused as a rule's `when:` is (docs/rulesets.md#basic-conditions)."""
    _refused_wherever_read(tmp_path, entry, line, message)


@pytest.mark.parametrize(
    "when",
    [
        pytest.param("{winning_meld: {melds: [chow, pung], wait: open}}", id="chow-or-pung-open"),
        pytest.param("{winning_meld: {melds: chow, tiles: simples, wait: closed}}", id="chow-of-simples"),
        pytest.param("{winning_meld: {melds: pair, tiles: terminals}}", id="pair-of-terminals"),
        pytest.param("{count: {melds: chow, tiles: [terminals, simples], min: 1}}", id="chow-1-2-3"),
        pytest.param("{count: {melds: chow, tiles: honors, max: 0}}", id="count-of-none-max-0"),
        pytest.param("{exposed_sets: {melds: chow, tiles: honors, min: 0, max: 0}}", id="min-0-max-0"),
        pytest.param(
            "{exposed_tiles: {tiles: [honors, simples], same_suit: true, min: 9}}", id="some-simple"
        ),
        pytest.param("{exposed_tiles: {tiles: honors, same_suit: true, max: 0}}", id="same-suit-max-0"),
        pytest.param("{exposed_tiles: {min: 18}}", id="four-kongs-and-a-pair-18"),
        pytest.param("{count: {melds: [pung, pair], exactly: 7}}", id="seven-pairs-7"),
        pytest.param("{exposed_melds: {melds: set, min: 4}}", id="four-sets-4"),
        pytest.param("{repeated_sets: {melds: chow, min: 2}}", id="twice-two-alike-2"),
        pytest.param("{bonus_tiles: {exactly: 8}}", id="eight-bonus-tiles"),
        pytest.param("{bonus_tiles: {kinds: season, own: true, min: 1}}", id="own-season-1"),
    ],
)
def test_one_entry_that_some_hand_may_meet_is_read(tmp_path, when):
    path = _write(tmp_path, f"extends: pung-chow\nrules:\n{RULE_X}    when: [{when}]\n")
    assert run("rules", "check", str(path)).exit_code == 0


def test_a_rule_removed_that_a_penalty_names_is_refused_naming_the_penalty(tmp_path):
    """The hint named the rule at the penalty's index (`mah_jongg`, rules[0]), not the penalty."""
    path = _write(
        tmp_path,
        "extends: pung-chow\nremove_rules: [no_other_score]\npenalties:\n"
        + PENALTY_P
        + "when: [{no_other_points: {except: [no_other_score]}}]}\n",
    )
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: {path}:4: penalty 'p': no_other_points names rule 'no_other_score', which this ruleset does "
        "not have: remove_rules drops it (keep it, or remove or change 'p' too)\n",
    )


def test_an_evening_recorded_under_a_penalty_or_entry_no_hand_can_meet_still_reads():
    """A recorded evening's ruleset is compiled as it was (authored=False): the refusal is of writing."""
    from pungchow_calc.engine.rules import Invalid, compile_ruleset

    base = yaml.safe_load((builtin_dir() / "pung-chow.yaml").read_text(encoding="utf-8"))
    never = {"winning_meld": {"melds": "pung", "wait": "open"}}
    rule = {"id": "x", "label": "X", "points": 1, "when": [never]}
    penalty = {"id": "p", "label": "P", "type": "pays_for_all"}
    penalty["when"] = [{"won_by": "wall"}, {"won_by": "discard"}]
    document = {**base, "rules": [*base["rules"], rule], "penalties": [*base["penalties"], penalty]}
    ruleset = compile_ruleset(document, "house", "e.jsonl", authored=False)
    assert score_text(HAND, ruleset, Situation()).score == 48
    with pytest.raises(Invalid, match="allow no kind of set or pair in common"):
        compile_ruleset(document, "house", "house.yaml")


def _refused_wherever_read(tmp_path: Path, entry: str, line: int, message: str) -> None:
    """A rule or penalty entry, added to pung-chow by a house file, is refused by `rules check`, `rules
    show` and `score -r` alike, at its line."""
    section = "penalties" if "type:" in entry else "rules"
    path = _write(tmp_path, f"extends: pung-chow\n{section}:\n{entry}")
    for args in (
        ("rules", "check", str(path)),
        ("rules", "show", str(path)),
        ("score", HAND, "-r", str(path)),
    ):
        result = run(*args)
        assert (result.exit_code, result.stdout, result.stderr) == (
            2,
            "",
            f"error: {path}:{line}: {message}\n",
        ), args


@pytest.mark.parametrize(
    "count",
    [
        pytest.param("{min: 2, max: 2}", id="min-2-max-2"),
        pytest.param("{exactly: 3, min: 3}", id="exactly-3-min-3"),
        pytest.param("{exactly: 0, max: 0}", id="exactly-0-max-0"),
        pytest.param("{min: 0, max: 0}", id="min-0-max-0"),
    ],
)
def test_a_count_of_one_reading_is_read(tmp_path, count):
    path = _write(
        tmp_path, f"extends: pung-chow\nrules:\n{RULE_X}    when: [{{count: {{melds: set, {count[1:]}}}]\n"
    )
    assert run("rules", "check", str(path)).exit_code == 0


@pytest.mark.parametrize("count", ["{min: 1}", "{exactly: 4}", "{max: 2}"])
def test_a_count_that_names_nothing_to_count_is_refused_as_the_schema_says(tmp_path, count):
    # Regression: `count: {min: 1}` loaded (counting every set and pair), while the schema asks for
    # one of its fields beside the bound; an authoring refusal, so recorded evenings still open.
    path = _write(tmp_path, f"extends: pung-chow\nrules:\n{RULE_X}    when: [{{count: {count}}}]\n")
    result = run("rules", "check", str(path))
    assert result.exit_code == 2
    assert result.stderr.endswith(
        ":6: rule 'x': when: count: names nothing to count: give melds or tiles beside min, max or exactly\n"
    ), result.stderr


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            "extends: pung-chow\nremove_rules: [own_wind, own_wind]\n",
            2,
            "remove_rules names 'own_wind' twice (entries 1 and 2): delete one",
            id="remove-rules-own-wind-own-wind",
        ),
        pytest.param(
            "extends: pung-chow\nremove_rules:\n  - own_wind\n  - mah_jongg\n  - no_other_score\n"
            "  - mah_jongg\n",
            6,
            "remove_rules names 'mah_jongg' twice (entries 2 and 4): delete one",
            id="remove-rules-mah-jongg-twice",
        ),
        pytest.param(
            "extends: pung-chow\nremove_penalties: [dead_hand, dead_hand]\n",
            2,
            "remove_penalties names 'dead_hand' twice (entries 1 and 2): delete one",
            id="remove-penalties-dead-hand-dead-hand",
        ),
    ],
)
def test_an_id_removed_twice_is_refused(tmp_path, text, line, message):
    """`remove_rules: [x, x]` was read as `[x]`: a slip (a typo for another id, a line pasted twice)
    passed unnoticed."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {path}:{line}: {message}\n")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param(
            "extends: pung-chow\nrules:\n" + RULE_X + "    when: [{count: {min: 3, max: 2}}]\n", 6, id="rule"
        ),
        pytest.param("extends: pung-chow\nremove_rules: [mah_jongg]\n", 2, id="remove-rules"),
        pytest.param("extends: pung-chow\nsettings:\n  limit: 0\n", 3, id="setting"),
        pytest.param("name: x\nrules:\n  - {id: a, label: A}\n", 3, id="no-extends"),
    ],
)
def test_a_refusal_finds_its_line_without_reading_the_yaml_again(tmp_path, monkeypatch, text, line):
    """The refusal of a house file found its line by parsing the file's text again (twice, and once more
    for each line asked): the node tree of the one read (ruleset_yaml.Read) knows every line."""
    from pungchow_calc.engine.errors import RulesetError

    path = _write(tmp_path, text)

    def again(*args, **kwargs):
        raise AssertionError("the ruleset's YAML was parsed again")

    for name in ("safe_load", "compose", "load"):
        monkeypatch.setattr(yaml, name, again)
    with pytest.raises(RulesetError) as refused:
        load(str(path))
    assert (refused.value.file, refused.value.line) == (str(path), line)


def test_an_evening_recorded_under_east_multiplier_1000_still_reads():
    """East's multiplier is bounded when a ruleset is written (its payments past 2^53, docs/json.md), not
    in the snapshot an evening recorded before the bound."""
    from pungchow_calc.engine.rules import Invalid, compile_ruleset

    base = yaml.safe_load((builtin_dir() / "pung-chow.yaml").read_text(encoding="utf-8"))
    document = {**base, "settings": {**base["settings"], "east_multiplier": 1000}}
    assert compile_ruleset(document, "house", "e.jsonl", authored=False).settings.east_multiplier == 1000
    with pytest.raises(Invalid, match="east_multiplier must be at most 64, got 1000"):
        compile_ruleset(document, "house", "house.yaml")


@pytest.mark.parametrize(
    ("file_name", "text", "line", "said"),
    [
        pytest.param(
            "house.yaml",
            "name: pung-chow\nextends: pung-chow\nsettings: {limit: 300}\n",
            1,
            "name: 'pung-chow' is",
            id="name-pung-chow",
        ),
        pytest.param(
            "house.yaml",
            "extends: pung-chow\nname: riichi-ema-2016\n",
            2,
            "name: 'riichi-ema-2016' is",
            id="name-riichi-ema-2016",
        ),
        pytest.param(
            "classical-bmja.yaml",
            "extends: pung-chow\n",
            1,
            "with no name:, this file is named after itself, 'classical-bmja',",
            id="file-classical-bmja-yaml",
        ),
    ],
)
def test_a_house_file_named_as_a_shipped_ruleset_is_refused(tmp_path, file_name, text, line, said):
    """Such a file scored under the shipped name: every breakdown, JSON record and batch line claimed
    the book's ruleset (or riichi's) for house rules."""
    path = _write(tmp_path, text, file_name)
    name = said.split("'")[1]
    for args in (("rules", "check", str(path)), ("score", HAND, "-r", str(path))):
        result = run(*args)
        assert result.exit_code == 2, result.stdout
        assert result.stderr == (
            f"error: {path}:{line}: {said} the shipped ruleset's name, and this file differs from it: give"
            f" it a name of its own (name: my-{name})\n"
        )


def test_a_copy_of_a_shipped_ruleset_left_as_shipped_reads(tmp_path):
    for name in ("pung-chow", "riichi-ema-2016"):
        path = _write(tmp_path, (builtin_dir() / f"{name}.yaml").read_text(encoding="utf-8"), f"{name}.yaml")
        result = run("rules", "check", str(path))
        assert (result.exit_code, result.stderr) == (0, ""), result.stderr
        assert result.stdout.startswith(f"ok: {path}: {name} ")


HOUSE = "extends: pung-chow-limit\nname: club\n"
NEW_RULE = HOUSE + "rules:\n  - id: x\n    label: X\n"
RULE_SECTION = "rules: [{id: a, label: A, points: 1}]\n"


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        pytest.param(
            HOUSE + "limit: 500\n",
            "3",
            "unknown key 'limit': it is a key of settings: write it indented under settings:",
            id="limit-500-not-indented",
        ),
        pytest.param(
            HOUSE + "discard_pays: discarder\n",
            "3",
            "unknown key 'discard_pays': it is a key of settlement: write it indented under settlement:",
            id="discard-pays-not-indented",
        ),
        pytest.param(
            NEW_RULE + "    limit: half\n",
            "6",
            "rule 'x': limit must be true, false or a share of the limit above 0 and below 1 (0.5: half the "
            "limit), got 'half'",
            id="limit-half",
        ),
        pytest.param(
            NEW_RULE + "    limit: 1.5\n",
            "6",
            "rule 'x': limit must be true, false or a share of the limit above 0 and below 1 (0.5: half the "
            "limit), got 1.5",
            id="limit-1.5",
        ),
        pytest.param(
            NEW_RULE + "    scope: sets\n    points: 1\n",
            "6",
            "rule 'x': scope must be one of hand, set, pair, got 'sets' (did you mean 'set'?)",
            id="scope-sets",
        ),
        pytest.param(
            NEW_RULE + "    who: winners\n    points: 1\n",
            "6",
            "rule 'x': who must be one of winner, others, all, got 'winners' (did you mean 'winner'?)",
            id="who-winners",
        ),
        pytest.param(
            NEW_RULE + "    points: {exposed: 2, concealed: 4, hidden: 3}\n",
            "6",
            "points is a number, {exposed, concealed}, or {limit_fraction}, got {exposed: 2, concealed: 4, "
            "hidden: 3}",
            id="points-hidden-3",
        ),
        pytest.param(
            HOUSE + "settings:\n  not_written: [exposed_pair, bonus_tile]\n",
            "4",
            "not_written is a list of bonus_tiles, exposed_pair, winning_tile_laid, got 'bonus_tile' "
            "(did you mean 'bonus_tiles'?)",
            id="not-written-bonus-tile",
        ),
        pytest.param(
            HOUSE + "settings:\n  not_written: exposed_pair\n",
            "4",
            "not_written is a list of bonus_tiles, exposed_pair, winning_tile_laid, got 'exposed_pair': "
            "write one as a list too, [exposed_pair]",
            id="not-written-exposed-pair-alone",
        ),
        pytest.param(
            NEW_RULE + "     points: 10\n",
            "6:12",
            "not valid YAML: mapping values are not allowed in this context: line 6 is indented 5 spaces, "
            "the key above it 4: indent the keys of one mapping alike",
            id="points-indented-5",
        ),
        pytest.param(
            NEW_RULE + "  points: 10\n",
            "6:3",
            "not valid YAML: did not find expected '-' indicator (while parsing a block collection, which "
            "starts at line 4, column 3): line 6 is indented 2 spaces, the key above it 4: indent the keys "
            "of one mapping alike",
            id="points-indented-2",
        ),
        pytest.param(
            NEW_RULE + "    points: 10\n    when: all_tiles: simples\n",
            "7:20",
            "not valid YAML: mapping values are not allowed in this context: a value holding ': ' is written "
            'in quotes ("a: b") or as a mapping ({a: b})',
            id="when-all-tiles-simples-unbracketed",
        ),
        pytest.param(
            HOUSE + "rules: [{id: a, label: A, points: 1]\n",
            "3:36",
            "not valid YAML: did not find expected ',' or '}' (while parsing a flow mapping, which starts at "
            "line 3, column 9): close the { with }, and write a comma between its entries",
            id="flow-mapping-unclosed",
        ),
    ],
)
def test_a_house_file_mistake_says_what_to_do(tmp_path, text, where, message):
    """A key of `settings:` at the left margin was "unknown key 'limit' (known: $schema, ...)", a word for
    a limit share "limit must be true or false (or a share of the limit)" with no value shown, a key
    indented one space too far YAML's "mapping values are not allowed in this context": each now says
    what was read and what to write."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {path}:{where}: {message}\n")


def test_rules_diff_impossible_adds_loose_without_kong_drops_robbed_tile_held(tmp_path):
    """A house's `impossible:` of four facts against the book's four was two whole lists of names, a
    player left to find the one added and the one dropped."""
    written = "first_discard_after_turn, original_hand_not_as_dealt, first_discard_not_easts, "
    written += "loose_without_kong"
    path = _write(tmp_path, f"{HOUSE}settings:\n  impossible: [{written}]\n")
    result = run("rules", "diff", "pung-chow-limit", str(path), env={"COLUMNS": "200"})
    assert (result.exit_code, result.stdout.splitlines()[:2]) == (
        0,
        ["Settings", "  impossible: adds loose_without_kong; drops robbed_tile_held"],
    )


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            HOUSE + "settings:\n  settle_losers: yes please\n",
            4,
            "settle_losers must be true or false, got 'yes please'",
            id="settle_losers-yes-please",
        ),
        pytest.param(
            HOUSE + "evening:\n  round_wind: 'yes'\n",
            4,
            "round_wind must be true or false, got 'yes'",
            id="round_wind-quoted-yes",
        ),
        pytest.param(
            NEW_RULE + "    points: 1\n    rounded: 'no'\n",
            7,
            "rule 'x': rounded must be true or false, got 'no'",
            id="rounded-quoted-no",
        ),
        pytest.param(
            HOUSE + "penalties:\n  - id: p\n    label: P\n    type: pays_for_all\n    liable: feeder\n"
            "    excused: {no_choice: 1}\n",
            8,
            "penalty 'p': no_choice must be true or false, got 1",
            id="excused-no_choice-1",
        ),
    ],
)
def test_a_true_or_false_key_given_anything_else_shows_what_it_got(tmp_path, text, line, message):
    """Regression: `settle_losers: yes please` was told only "must be true or false", not what was read."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {path}:{line}: {message}\n")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            "name: x\nsettings:\n  limit:500\n" + RULE_SECTION,
            2,
            "settings must be a mapping, got 'limit:500': write a space after the colon (limit: 500)",
            id="settings-limit-500-glued",
        ),
        pytest.param(
            "name: x\nsettings:\n  limit = 500\n" + RULE_SECTION,
            2,
            "settings must be a mapping, got 'limit = 500': write key: value (limit: 500)",
            id="settings-limit-equals-500",
        ),
        pytest.param(
            "name: x\nsettings:\n  - limit: 500\n" + RULE_SECTION,
            2,
            "settings must be a mapping, got a list: write its keys without '- ' before them",
            id="settings-dash-limit-500",
        ),
        pytest.param(
            "name: x\nsettings:\n  round_payments: 100\n" + RULE_SECTION,
            3,
            "unknown setting 'round_payments': it is a key of settlement: write it under settlement:",
            id="settings-round_payments",
        ),
        pytest.param(
            "name: x\nevening:\n  east_multiplier: 1\n" + RULE_SECTION,
            3,
            "unknown evening key 'east_multiplier': it is a key of settings: write it under settings:",
            id="evening-east_multiplier",
        ),
        pytest.param(
            "name: x\nsettlement:\n  limit: 100\n" + RULE_SECTION,
            3,
            "unknown settlement key 'limit': it is a key of settings: write it under settings:",
            id="settlement-limit",
        ),
        pytest.param(
            "name: x\nrules:\n  id: a\n  label: A\n  points: 3\n",
            2,
            "rules must be a non-empty list, got a mapping: begin each rule with '- ' (- id: ...)",
            id="rules-without-dashes",
        ),
        pytest.param(
            "extends: pung-chow\nrules:\n  id: mah_jongg\n  points: 10\n",
            2,
            "rules must be a list, got a mapping: begin each rule with '- ' (- id: ...)",
            id="house-rules-without-dashes",
        ),
        pytest.param(
            "name: x\n" + RULE_SECTION + "penalties:\n  id: p\n  label: P\n",
            3,
            "penalties must be a list, got a mapping: begin each penalty with '- ' (- id: ...)",
            id="penalties-without-dashes",
        ),
    ],
)
def test_a_section_written_otherwise_says_what_to_write(tmp_path, text, line, message):
    """Regression: each said only "settings must be a mapping" or "rules must be a non-empty list", and a
    settlement key under settings: was offered the setting it is closest to (`round_points`)."""
    path = _write(tmp_path, text)
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {path}:{line}: {message}\n")


def test_a_share_of_the_limit_with_no_limit_is_refused_naming_its_line(tmp_path):
    """Regression: `points: {limit_fraction: 0.5}` under a ruleset with no limit loaded, then scored 0 on
    every hand (noted as a fact no rule can use), where a `limit: true` rule is refused at load."""
    path = _write(
        tmp_path,
        "extends: pung-chow\nname: fr\nrules:\n"
        "  - {id: half, label: Half, who: winner, when: [first_discard], points: {limit_fraction: 0.5}}\n",
    )
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: {path}:4: rule 'half' is worth a share of the limit (points: {{limit_fraction: 0.5}}), but"
        " no limit or limit_hand_value is set: it would score 0\n"
    )
    with_limit = path.read_text(encoding="utf-8").replace("name: fr\n", "name: fr\nsettings: {limit: 500}\n")
    path.write_text(with_limit, encoding="utf-8")
    assert run("rules", "check", str(path)).exit_code == 0
