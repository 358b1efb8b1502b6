"""`pungchow rules list | show | diff | check`: the score card, the differences, every kind of broken file."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import on_a_terminal, process, squeezed, without_columns
from cli_helpers import run as run_main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str):
    return run_main(*args, env={"COLUMNS": "200"})


_BOOK = {"9": 50, "10": 70, "11": 100, "12": 150, "13": 200}  # Part II, "Washing the Tiles"
_NINE_60 = {**_BOOK, "9": 60}


def test_list():
    result = run("rules", "list", "--json")
    assert result.exit_code == 0
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert {"pung-chow", "pung-chow-limit"} <= set(rows)
    assert rows["pung-chow"]["limit"] is None and rows["pung-chow-limit"]["limit"] == 300
    table = run("rules", "list")
    assert table.exit_code == 0
    assert "pung-chow-limit" in table.stdout and "300" in table.stdout


@pytest.mark.parametrize("columns", ["60", "80"])
def test_list_riichi_ema_2016_limits_mangan_to_sanbaiman(columns: str):
    """`rules list` said riichi-ema-2016's limit was "none" (JSON: only `"limit": null`), while `rules
    check` and every breakdown's header say "limits Mangan to Sanbaiman": its hands are capped by tiers."""
    rows = {row["name"]: row for row in json.loads(run("rules", "list", "--json").stdout)}
    assert rows["riichi-ema-2016"]["limits"] == ["Mangan", "Haneman", "Baiman", "Sanbaiman"]
    assert rows["riichi-ema-2016"]["limit"] is None and rows["pung-chow"]["limits"] == []
    table = run_main("rules", "list", env={"COLUMNS": columns})
    riichi = table.stdout[table.stdout.index("riichi-ema-2016") :]
    assert "Mangan to Sanbaiman" in riichi and "none" not in riichi
    assert max(map(len, table.stdout.splitlines())) <= int(columns)


def test_rules_list_at_60_columns_keeps_each_title_on_a_line_of_its_own():
    # Regression: stacked at 60, each title was a `title ...` pair, and pung-chow's wrapped, `I)` alone
    # on the next line; the title now stands on a line of its own under the name, the other values under it.
    shown = run_main("rules", "list", env={"COLUMNS": "60"}).stdout.splitlines()
    at = shown.index("pung-chow")
    assert shown[at + 1 : at + 3] == [
        "  Pung Chow, playing without a limit (Harr 1923, Part I)",
        "  limit none   rules 21",
    ]
    assert max(map(len, shown)) <= 60 and not any(line.lstrip().startswith("title") for line in shown), shown


def test_show_is_a_score_card():
    result = run("rules", "show", "pung-chow")
    assert result.exit_code == 0
    out = result.stdout
    for heading in ("Bonus scores", "Combination scores", "Doubling honors", "Settings"):
        assert heading in out
    assert out.index("Bonus scores") < out.index("Combination scores") < out.index("Doubling honors")
    rows = {}
    for line in out.splitlines():
        cells = [cell.strip() for cell in line.split("│")]
        if len(cells) >= 2:
            rows.setdefault(cells[0], cells[1:])
    assert rows["Mah-Jongg"][:2] == ["winner", "20"]
    assert rows["No sequences in hand or on table"][:3] == ["winner", "10", "no_sequences"]
    assert rows["3 of a kind of twos to eights"] == ["all", "2", "4", "meld: pung, tiles: simples"]
    assert rows["4 of a kind of ones, nines, winds or dragons"][:3] == ["all", "16", "32"]
    assert rows["All one suit except honor pieces"][:2] == ["all", "once"]
    assert rows["All one suit"][:2] == ["all", "3 times"]
    assert rows["Winning on original hand as drawn from the wall"][:2] == ["winner", "3 times"]
    assert rows["East pays and collects"] == ["× 2"]
    assert rows["limit"] == ["none"]


@pytest.mark.parametrize("columns", ["60", "80"])
def test_pung_chow_limit_card_marks_the_pair_rows_that_score_one_of_them(columns: str) -> None:
    """Regression (a rules enthusiast's trial): `Pair of heads drawn to complete hand 6` and `Pair of
    dragons 2` read as adding up, where group pair_value scores only the first that holds (Part II,
    Example 4: "8, not 8 + 4"); a group whose rows are each another kind of set (set_value) is unmarked."""
    out = run_main("rules", "show", "pung-chow-limit", "--ascii", env={"COLUMNS": columns}).stdout
    shown = squeezed(out)
    combos = shown.split("Combinationscores")[1].split("Doubling")[0]
    assert combos.count("oneofpair_value") == 10 and "oneofset_value" not in combos
    assert (
        squeezed("(one of GROUP: of a group's rows only the first that holds scores, in the order shown)")
        in combos
    )
    assert "one of" not in run_main("rules", "show", "pung-chow", "--ascii").stdout


@pytest.mark.parametrize(
    ("wash", "title"),
    [
        ("wash: {payments: {9: 50}, east_multiplier: 2}", "Washing the tiles (from each player, East × 2)"),
        ("wash: {payments: {9: 50}}", "Washing the tiles (from each player)"),
    ],
    ids=["east_multiplier-2", "east_multiplier-1"],
)
def test_show_a_house_wash_names_east_s_multiplier(tmp_path: Path, wash: str, title: str) -> None:
    # The book's East is not doubled on a wash; a table that doubles him printed as the book's did.
    house = tmp_path / "washing.yaml"
    house.write_text(f"extends: pung-chow-limit\n{wash}\n", encoding="utf-8")
    shown = run("rules", "show", str(house)).stdout.splitlines()
    assert [line for line in shown if line.startswith("Washing")] == [title]


def test_show_limit_ruleset_has_limit_hands_and_washing():
    result = run("rules", "show", "pung-chow-limit")
    assert result.exit_code == 0
    assert "Limit hands" in result.stdout and "Washing the tiles" in result.stdout
    limit_line = next(line for line in result.stdout.splitlines() if line.startswith("limit "))
    assert limit_line.split()[-1] == "300"


def test_show_json_is_the_merged_document(tmp_path: Path):
    house = ROOT / "samples" / "house-rules.yaml"
    result = run("rules", "show", str(house), "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["name"] == "house-rules" and doc["settings"]["limit"] == 600
    mj = next(r for r in doc["rules"] if r["id"] == "mah_jongg")
    assert mj == {"id": "mah_jongg", "label": "Mah-Jongg", "who": "winner", "points": 10}


@pytest.mark.parametrize(
    ("ruleset", "penalty", "what"),
    [
        pytest.param("pung-chow", "Dead hand", "type dead_hand; tiles 13", id="dead-hand"),
        pytest.param(
            "pung-chow-limit",
            "False Mah-Jongg",
            "type false_mahjongg; pays 0.5 x limit",  # as the points column says a share (--ascii)
            id="false",
        ),
        pytest.param(
            "pung-chow-limit",
            "Discarder pays for all (the fourth wind)",
            "type pays_for_all; liable discarder; when won_by: discard, exposed_sets:",
            id="pays-for-all",
        ),
    ],
)
def test_show_penalties_say_what_each_does(ruleset: str, penalty: str, what: str) -> None:
    # The card showed a penalty's label and type alone: not who pays what, nor when.
    lines = run("rules", "show", ruleset, "--ascii").stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if i > lines.index("Penalties") and line.startswith(penalty))
    assert what in " ".join(lines[at : at + 2])  # beside the label, or under it when the card stacks


def test_show_unknown():
    result = run("rules", "show", "no-such")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no-such: no ruleset 'no-such'")


def test_diff_book_rulesets():
    result = run("rules", "diff", "pung-chow", "pung-chow-limit", "--json")
    assert result.exit_code == 0
    changes = {(c["what"], c["key"]): c for c in json.loads(result.stdout)["changes"]}
    assert (changes[("setting", "limit")]["a"], changes[("setting", "limit")]["b"]) == (None, 300)
    mj = changes[("rule", "mah_jongg")]
    assert (mj["a"], mj["b"]) == ({"points": 20}, {"points": 10})
    winner_pung = changes[("rule", "winner_pung_simples")]
    assert winner_pung["a"] is None
    assert (
        winner_pung["b"]["points"] == {"exposed": 2, "concealed": 6} and winner_pung["b"]["who"] == "winner"
    )
    pung = changes[("rule", "pung_simples")]
    assert pung["a"]["who"] == "all" and pung["b"]["who"] == "others"
    assert "points" not in pung["a"]  # the others' table keeps the Part I values 2 / 4
    text = run("rules", "diff", "pung-chow", "pung-chow-limit")
    assert text.exit_code == 0
    assert "limit: none → 300" in text.stdout
    assert "mah_jongg (Mah-Jongg): points 20 → 10" in text.stdout
    assert "winner_pung_simples" in text.stdout and "only in pung-chow-limit" in text.stdout


# The washing table moves money (Part II, "Washing the Tiles"), and who keeps the deal is who pays and
# collects double (Part II, the wind box): `rules diff` said such files had "the same settings and
# rules" as the book.
_WASH_CHANGES = [
    (
        "wash: {payments: {9: 50}, east_multiplier: 2}",
        [
            ("wash.payments", {"9": 50, "10": 70, "11": 100, "12": 150, "13": 200}, {"9": 50}),
            ("wash.east_multiplier", 1, 2),
        ],
    ),
    (
        "wash: {payments: {9: 60, 10: 70, 11: 100, 12: 150, 13: 200}}",
        [("wash.payments", _BOOK, _NINE_60)],
    ),
    ("wash: {payments: {9: 50, 10: 70, 11: 100, 12: 150, 13: 200}, east_multiplier: 1}", []),
]
_EVENING_CHANGES = [
    ("evening: {east_repeat_cap: 3}", [("evening.east_repeat_cap", None, 3)]),
    (
        "evening: {draw_passes_deal: true, sets_per_evening: 4}",
        [("evening.draw_passes_deal", False, True), ("evening.sets_per_evening", None, 4)],
    ),
    ("evening: {round_wind: true}", []),
]


@pytest.mark.parametrize(
    ("section", "changed"),
    [*_WASH_CHANGES, *_EVENING_CHANGES],
    ids=[
        "east_multiplier-2",
        "nine-heads-60",
        "the-book's-table",
        "east_repeat_cap-3",
        "draw_passes_deal-sets_per_evening-4",
        "the-book's-round_wind",
    ],
)
def test_rules_diff_pung_chow_limit_and_a_house_wash_or_evening(
    tmp_path: Path, section: str, changed: list[Any]
) -> None:
    changes = _house_changes(tmp_path, "pung-chow-limit", section, changed)
    assert all(c["what"] == "setting" for c in changes)


def _house_changes(tmp_path: Path, base: str, written: str, changed: list[Any]) -> list[dict[str, Any]]:
    """`rules diff BASE HOUSE` of a house file extending BASE with `written`: its JSON changes, held to
    `changed` as (key, a, b), and the text saying "the same" exactly when none."""
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: {base}\n{written}\n", encoding="utf-8")
    result = run("rules", "diff", base, str(house), "--json")
    assert result.exit_code == 0, result.output
    changes = json.loads(result.stdout)["changes"]
    assert [(c["key"], c["a"], c["b"]) for c in changes] == changed
    text = run("rules", "diff", base, str(house)).stdout
    assert ("same settings and rules" in text) == (not changed)
    return changes


@pytest.mark.parametrize(
    ("rules", "changed"),
    [
        (
            "[{id: dora, counts_for_minimum: true}]",
            [("dora", {"counts_for_minimum": False}, {"counts_for_minimum": True})],
        ),
        (
            "[{id: seven_pairs_fu, rounded: true}]",
            [("seven_pairs_fu", {"rounded": False}, {"rounded": True})],
        ),
        (
            "[{id: dora, per: {indicated: [dora, ura]}}]",
            [("dora", {"per": {"indicated": "dora"}}, {"per": {"indicated": ["dora", "ura"]}})],
        ),
        ("[{id: dora, counts_for_minimum: false, note: as the EMA rules say}]", []),
    ],
    ids=[
        "dora-counts_for_minimum-true",
        "seven_pairs_fu-rounded-true",
        "dora-per-dora-ura",
        "dora-as-written",
    ],
)
def test_rules_diff_riichi_and_a_house_rule_key(tmp_path: Path, rules: str, changed: list[Any]) -> None:
    # A dora that counts for the minimum lets a hand of dora alone win (docs/riichi.md): `rules diff` said
    # such files had "the same settings and rules" as riichi-ema-2016.
    _house_changes(tmp_path, "riichi-ema-2016", f"rules: {rules}", changed)


@pytest.mark.parametrize(
    ("ruleset", "rows"),
    [
        ("pung-chow", []),
        ("pung-chow-limit", ["the wind of the round | turns each round"]),
        ("riichi-ema-2016", ["pungchow evening | cannot keep it yet"]),
        (
            "extends: pung-chow\nevening: {east_repeat_cap: 3, draw_passes_deal: true, sets_per_evening: 4}",
            [
                "East keeps the deal | 3 times in a row at most",
                "a draw game | passes the deal",
                "sets in an evening | 4",
            ],
        ),
    ],
    ids=["pung-chow", "pung-chow-limit", "riichi-ema-2016", "east_repeat_cap-3-draw_passes_deal-sets-4"],
)
def test_rules_show_names_the_evening_keys_not_part_one_s(
    tmp_path: Path, ruleset: str, rows: list[str]
) -> None:
    # A house file's `evening:` changed who keeps the deal, so who pays double: `rules show` said nothing.
    if ruleset.startswith("extends"):
        path = tmp_path / "evening.yaml"
        path.write_text(ruleset + "\n", encoding="utf-8")
        ruleset = str(path)
    text = run("rules", "show", ruleset, "--ascii").stdout
    settings = [
        " | ".join(cell.strip() for cell in line.split("|"))
        for line in text.split("\nSettings\n")[1].splitlines()
    ]
    keys = (
        "the wind of the round",
        "East keeps the deal",
        "a draw game",
        "after a false",
        "sets in",
        "pungchow",
    )
    assert [row for row in settings if row.startswith(keys)] == rows


def test_rules_diff_pung_chow_pung_chow_limit_names_the_round_wind() -> None:
    assert "evening.round_wind: false → true" in run("rules", "diff", "pung-chow", "pung-chow-limit").stdout


def test_rules_diff_pung_chow_pung_chow_limit_names_the_washing_table() -> None:
    result = run("rules", "diff", "pung-chow", "pung-chow-limit")
    assert "wash.payments: none → {9: 50, 10: 70, 11: 100, 12: 150, 13: 200}" in result.stdout
    assert "wash.east_multiplier: none → 1" in result.stdout


def test_rules_diff_pung_chow_limit_samples_taiwanese_insurance_names_its_penalties() -> None:
    # The file adds two penalties, who pays for all: `rules diff` said "the same settings and rules".
    house = str(ROOT / "samples" / "taiwanese-insurance.yaml")
    result = run("rules", "diff", "pung-chow-limit", house, "--json")
    changes = json.loads(result.stdout)["changes"]
    assert [(c["what"], c["key"], c["a"]) for c in changes] == [
        ("penalty", "insurance_big_three_dragons", None),
        ("penalty", "insurance_big_four_winds", None),
        ("penalty", "insurance_little_three_dragons", None),
    ]
    assert changes[0]["b"]["type"] == "pays_for_all" and changes[0]["b"]["liable"] == "feeder"
    text = run("rules", "diff", "pung-chow-limit", house).stdout
    assert "Penalties (by id; pung-chow-limit → " in text and "3 differences." in text
    assert "insurance_big_four_winds (Insurance, Big Four Winds): only in" in text


def test_rules_diff_a_dead_hand_of_14_tiles_names_the_key_that_changed(tmp_path: Path) -> None:
    house = tmp_path / "dead.yaml"
    house.write_text(
        "extends: pung-chow-limit\npenalties:\n"
        "  - {id: dead_hand, label: Dead hand, type: dead_hand, tiles: 14}\n",
        encoding="utf-8",
    )
    changes = json.loads(run("rules", "diff", "pung-chow-limit", str(house), "--json").stdout)["changes"]
    assert changes == [
        {"what": "penalty", "key": "dead_hand", "label": "Dead hand", "a": {"tiles": 13}, "b": {"tiles": 14}}
    ]


def test_diff_house_rules_names_only_what_changed():
    result = run("rules", "diff", "pung-chow", str(ROOT / "samples" / "house-rules.yaml"), "--json")
    assert result.exit_code == 0
    changes = json.loads(result.stdout)["changes"]
    assert [(c["what"], c["key"], c["a"], c["b"]) for c in changes] == [
        ("setting", "limit", None, 600),
        ("rule", "mah_jongg", {"points": 20}, {"points": 10}),
    ]


RIICHI_TIERS = "\n".join(
    [
        "extends: riichi-ema-2016",
        "settings:",
        "  limits:",
        "    - {name: Mangan, doublings: 5, score: 2000}",
        "    - {name: Haneman, doublings: 7, score: 3000}",
        "    - {name: Baiman, doublings: 8, score: 5000}",
        "    - {name: Kazoe yakuman, doublings: 13, score: 8000}",
        "",
    ]
)


@pytest.mark.parametrize(
    ("columns", "expected"),
    [
        pytest.param(
            80,
            [
                "  limits Haneman: doublings 6 → 7",
                "  limits Baiman: score 4000 → 5000",
                "  limits Sanbaiman: only in riichi-ema-2016: doublings 11, score 6000",
                "  limits Kazoe yakuman: only in house.yaml: doublings 13, score 8000",
            ],
            id="80-columns",
        ),
        pytest.param(
            60,
            [
                "  limits Haneman: doublings 6 → 7",
                "  limits Baiman: score 4000 → 5000",
                "  limits Sanbaiman: only in riichi-ema-2016: doublings 11,",
                "      score 6000",
                "  limits Kazoe yakuman: only in house.yaml: doublings 13,",
                "      score 8000",
            ],
            id="60-columns",
        ),
    ],
)
def test_diff_riichi_ema_2016_house_limits_shows_the_tiers_that_differ(
    tmp_path, monkeypatch, columns, expected
):
    """A house file changing one tier of `limits:` printed both whole lists, wrapped over six lines at 80
    columns; now each tier that differs, by name, and only the keys that differ."""
    (tmp_path / "house.yaml").write_text(RIICHI_TIERS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run_main("rules", "diff", "riichi-ema-2016", "house.yaml", env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    # Regression: "1 difference." was said under four tiers: each tier shown is counted.
    assert result.stdout.splitlines() == ["Settings", *expected, "4 differences."]
    assert all(len(line) <= columns for line in result.stdout.splitlines())
    as_json = json.loads(run("rules", "diff", "riichi-ema-2016", "house.yaml", "--json").stdout)
    assert len(as_json["changes"][0]["a"]) == 4  # --json keeps both whole lists, for tools


def test_diff_same():
    result = run("rules", "diff", "pung-chow", "pung-chow")
    assert result.exit_code == 0
    assert "have the same settings and rules" in result.stdout


def test_check_good_files():
    for path in (
        ROOT / "rulesets" / "pung-chow.yaml",
        ROOT / "rulesets" / "pung-chow-limit.yaml",
        ROOT / "samples" / "house-rules.yaml",
    ):
        result = run("rules", "check", str(path))
        assert result.exit_code == 0, result.stderr
        assert result.stdout.startswith(f"ok: {path}")
    result = run("rules", "check", str(ROOT / "samples" / "house-rules.yaml"), "--json")
    assert json.loads(result.stdout) == {
        "ok": True,
        "file": str(ROOT / "samples" / "house-rules.yaml"),
        "name": "house-rules",
        "rules": 21,
    }


GOOD_RULE = "  - id: a\n    label: A\n    points: 3\n"

BROKEN = [
    (
        "bad-yaml",
        {"x.yaml": "name: x\nrules:\n  - id: a\n    label: [unclosed\n"},
        "x.yaml",
        5,
        "not valid YAML",
    ),
    (
        "unknown-condition",
        {"x.yaml": "rules:\n  - id: a\n    label: A\n    points: 3\n    when: [nope]\n"},
        "x.yaml",
        5,
        "unknown condition 'nope'",
    ),
    (
        "bad-condition-param",
        {
            "x.yaml": "rules:\n  - id: a\n    label: A\n    scope: set\n    points: 3\n"
            + "    when: [{meld: pungs}]\n"
        },
        "x.yaml",
        6,
        "condition 'meld' expects one of chow, pung",
    ),
    (
        "wrong-type",
        {"x.yaml": "rules:\n  - id: a\n    label: A\n    points: three\n"},
        "x.yaml",
        4,
        "points must be a whole number of 0 or more, got 'three'",
    ),
    (
        "wrong-setting-type",
        {"x.yaml": "settings:\n  limit: lots\nrules:\n" + GOOD_RULE},
        "x.yaml",
        2,
        "limit must be a whole number of 1 or more, or null for no limit, got 'lots'",
    ),
    (
        "unknown-key",
        {"x.yaml": "rules:\n  - id: a\n    label: A\n    points: 3\n    colour: red\n"},
        "x.yaml",
        5,
        "unknown key 'colour'",
    ),
    ("unknown-top-key", {"x.yaml": "rulez: []\nrules:\n" + GOOD_RULE}, "x.yaml", 1, "unknown key 'rulez'"),
    (
        "two-values",
        {"x.yaml": "rules:\n  - id: a\n    label: A\n    points: 3\n    doublings: 1\n"},
        "x.yaml",
        2,
        "give exactly one of points, doublings or limit",
    ),
    (
        "duplicate-id",
        {"x.yaml": "rules:\n" + GOOD_RULE + GOOD_RULE},
        "x.yaml",
        5,
        "rule id 'a' appears twice (entries 1 and 2 of rules): give each rule an id of its own",
    ),
    (
        "duplicate-key",
        {"x.yaml": "rules:\n  - id: a\n    label: A\n    points: 3\n    points: 4\n"},
        "x.yaml",
        5,
        "key 'points' is written twice",
    ),
    ("no-label", {"x.yaml": "rules:\n  - id: a\n    points: 3\n"}, "x.yaml", 2, "needs a label"),
    # A ruleset author's trial: each of these checked ok and then moved money wrongly or never.
    (
        "limit-false-alone",  # scored 0 on every hand, silently
        {"x.yaml": "extends: pung-chow\nrules:\n  - id: nr\n    label: X\n    limit: false\n"},
        "x.yaml",
        3,
        "rule 'nr': give exactly one of points, doublings or limit (limit: false is no value: it says "
        "the rule is no limit hand)",
    ),
    (
        "hand-rule-points-exposed-5-concealed-50",  # paid 50 on a hand of four exposed sets
        {
            "x.yaml": "extends: pung-chow\nrules:\n  - id: nr\n    label: Split\n    who: winner\n"
            "    points: {exposed: 5, concealed: 50}\n"
        },
        "x.yaml",
        6,
        "rule 'nr': points {exposed, concealed} is the value of a set or a pair (scope: set or pair); a "
        "hand's rule has one value (doublings {closed, open} differ by an open hand)",
    ),
    (
        "dragon-pung-after-pung-heads",  # listed by `rules show`, never paid: pung_heads takes the group
        {
            "x.yaml": "extends: pung-chow\nrules:\n  - id: dragon_pung\n    label: Pung of dragons\n"
            "    scope: set\n    group: set_value\n    when: [{meld: pung}, {tiles: dragons}]\n"
            "    points: {exposed: 10, concealed: 20}\n"
        },
        "x.yaml",
        3,
        "rule 'dragon_pung' never scores: rule 'pung_heads' comes before it in group 'set_value' and "
        "holds wherever it does (a set takes the first rule of its group that matches): change "
        "'pung_heads' instead, or remove it (remove_rules) and write both, this one first",
    ),
    (
        "tier-big-10000-above-the-base-s-yakuman-8000",  # was at `settings:`, a line that says nothing
        {
            "x.yaml": "extends: riichi-ema-2016\nsettings:\n  limits:\n"
            "    - {name: Mangan, doublings: 5, score: 2000}\n"
            "    - {name: Big, doublings: 13, score: 10000}\n"
        },
        "x.yaml",
        5,
        "limit_hand_value 8000 is less than limit 'Big' (10000)",
    ),
    (
        "limit-hand-value-5000-below-the-base-s-sanbaiman",
        {"x.yaml": "extends: riichi-ema-2016\nsettings:\n  limit_hand_value: 5000\n"},
        "x.yaml",
        3,
        "limit_hand_value 5000 is less than limit 'Sanbaiman' (6000)",
    ),
    (
        "points-quoted-10",
        {"x.yaml": 'rules:\n  - id: a\n    label: A\n    points: "10"\n'},
        "x.yaml",
        4,
        "points must be a whole number of 0 or more, got '10': write it without quotes",
    ),
    (
        "no-sequences-false",
        {"x.yaml": "rules:\n  - id: a\n    label: A\n    points: 3\n    when: [{no_sequences: false}]\n"},
        "x.yaml",
        5,
        "condition 'no_sequences' takes no parameters: false does not turn it off; for its opposite write "
        "{not: no_sequences}",
    ),
    (
        "extends-club-a-beside-club-a-yaml",
        {"x.yaml": "extends: club-a\n", "club-a.yaml": "extends: pung-chow\n"},
        "x.yaml",
        1,
        "to read the file club-a.yaml beside the extending file, write club-a.yaml",
    ),
    (
        "cycle-x-yaml-y-yaml",  # was "extends: 'x.yaml' makes a cycle": which files, and what to do?
        {"x.yaml": "extends: y.yaml\n", "y.yaml": "extends: x.yaml\n"},
        "y.yaml",
        1,
        "extends: 'x.yaml' makes a cycle (x.yaml extends y.yaml extends x.yaml): extend a shipped ruleset "
        "or a file outside the cycle",
    ),
    (
        "cycle-of-three-entered-from-x-yaml",
        {"x.yaml": "extends: y.yaml\n", "y.yaml": "extends: z.yaml\n", "z.yaml": "extends: y.yaml\n"},
        "z.yaml",
        1,
        "extends: 'y.yaml' makes a cycle (y.yaml extends z.yaml extends y.yaml)",
    ),
    (
        "extends-x-yaml-itself",  # was "extends: 'x.yaml' makes a cycle", of one file
        {"x.yaml": "name: x\nextends: x.yaml\n"},
        "x.yaml",
        2,
        "extends: 'x.yaml' is this file itself, a cycle: extend a shipped ruleset or another file",
    ),
    (
        "missing-base",
        {"x.yaml": "name: x\nextends: gone.yaml\n"},
        "x.yaml",
        2,
        "extends: gone.yaml: file not found",
    ),
    ("not-a-mapping", {"x.yaml": "- just a list\n"}, "x.yaml", 1, "x.yaml:1: a ruleset is a mapping"),
    # Regression: an empty file was told only what a ruleset is, not that it held nothing.
    ("empty", {"x.yaml": ""}, "x.yaml", 1, "the file holds nothing: a ruleset is a mapping"),
    (
        "comments-only",
        {"x.yaml": "# a house ruleset, to be written\n"},
        "x.yaml",
        1,
        "the file holds nothing",
    ),
]


@pytest.mark.parametrize(
    ("files", "bad_file", "line", "reason"), [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN]
)
def test_check_rejects_broken_files(
    tmp_path: Path, files: dict[str, str], bad_file: str, line: int, reason: str
):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = run("rules", "check", str(tmp_path / "x.yaml"))
    assert result.exit_code == 2
    assert result.stdout == ""
    message = result.stderr.strip()
    assert re.match(rf"error: {re.escape(str(tmp_path / bad_file))}:{line}(:[0-9]+)?: ", message), message
    assert reason in message
    assert "\n" not in message and "Traceback" not in message


def test_check_json_error(tmp_path: Path):
    path = tmp_path / "x.yaml"
    path.write_text("rules:\n  - id: a\n    label: A\n    points: 3\n    when: [nope]\n", encoding="utf-8")
    result = run("rules", "check", str(path), "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert (error["code"], error["file"], error["line"]) == ("ruleset-invalid", str(path), 5)


# A file of one rule was `(1 rules, no limit)`: the count says its noun in the singular.
def test_check_one_rule_yaml_says_1_rule(tmp_path: Path):
    path = tmp_path / "one-rule.yaml"
    path.write_text("rules:\n  - id: going_out\n    label: Going out\n    points: 20\n", encoding="utf-8")
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout) == (0, f"ok: {path}: one-rule (1 rule, no limit)\n")


def test_check_missing_file(tmp_path: Path):
    result = run("rules", "check", str(tmp_path / "none.yaml"))
    assert result.exit_code == 2
    assert result.stderr == f"error: {tmp_path / 'none.yaml'}: file not found\n"


# `rules check` printed its `ok:` line with print(): a path the terminal's encoding cannot write was a
# traceback (UnicodeEncodeError, exit 1) after the file had checked out.
@pytest.mark.parametrize(
    ("encoding", "written"), [("ascii", "maison-\\xe9.yaml"), ("latin-1", "maison-\u00e9.yaml")]
)
def test_check_maison_e_acute_yaml_on_an_ascii_terminal(tmp_path: Path, encoding: str, written: str):
    path = tmp_path / "maison-\u00e9.yaml"
    path.write_text((ROOT / "samples" / "house-rules.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "rules", "check", str(path)],
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": encoding},
    )
    assert (done.returncode, done.stderr) == (0, b"")
    line = done.stdout.decode(encoding)
    assert line.startswith("ok: ") and written in line and line.endswith("(21 rules, limit 600)\n")


@pytest.mark.parametrize(
    ("name", "said"), [("riichi-ema-2016", "no: a loser's hand scores 0"), ("pung-chow", "yes")]
)
def test_show_says_whether_the_losers_settle(name: str, said: str) -> None:
    # A loser's hand under settle_losers: false scores 0 (its note says so in score and settle).
    result = run("rules", "show", name)
    line = next(
        line for line in result.stdout.splitlines() if line.startswith("losers settle among themselves")
    )
    assert line.split("│")[1].strip() == said


@pytest.mark.parametrize("columns", ["60", "80"])
def test_show_house_file_with_a_note_prints_the_note(tmp_path: Path, columns: str):
    # docs/rulesets.md, Rule keys: `note` is "a remark `rules show` prints"; it was read and dropped.
    from rich.cells import cell_len

    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: pung-chow\nrules:\n  - id: mah_jongg\n    points: 10\n"
        "    note: Part II calls 10 usual; the club agreed on it in 1924 after a long evening.\n",
        encoding="utf-8",
    )
    result = run_main("rules", "show", str(house), env={"COLUMNS": columns})
    assert result.exit_code == 0
    notes = result.stdout[result.stdout.index("Notes") : result.stdout.index("Settings")]
    text = " ".join(re.sub(r"[│┃━─╇┼]", " ", notes).split())  # the words, whatever the table's frame
    assert "Mah-Jongg" in text
    assert "Part II calls 10 usual; the club agreed on it in 1924 after a long evening." in text
    assert max(cell_len(line) for line in result.stdout.splitlines()) <= int(columns)


# `--ascii` asks for ASCII anywhere (README), but `rules list`, `show` and `diff` refused it as an
# unknown option (exit 2), and their tables and `·` on a UTF-8 terminal could not be made ASCII.
@pytest.mark.parametrize(
    "args",
    [
        ["rules", "list", "--ascii"],
        ["rules", "show", "riichi-ema-2016", "--ascii"],
        ["rules", "diff", "pung-chow", "riichi-ema-2016", "--ascii"],
    ],
    ids=" ".join,
)
def test_rules_riichi_ema_2016_ascii(args: list[str]) -> None:
    result = run_main(*args, env={"COLUMNS": "60", "PYTHONIOENCODING": "utf-8"})
    assert (result.exit_code, result.stderr) == (0, ""), result.stderr
    assert result.stdout.isascii() and "riichi" in result.stdout
    assert max(map(len, result.stdout.splitlines())) <= 60


# README: `--ascii` asks for ASCII anywhere; `rules check` alone had no such option (No such option).
def test_check_maison_e_acute_yaml_ascii_on_a_utf8_terminal(tmp_path: Path) -> None:
    path = tmp_path / "maison-\u00e9.yaml"
    path.write_text((ROOT / "samples" / "house-rules.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    result = run_main("rules", "check", str(path), "--ascii", env={"PYTHONIOENCODING": "utf-8"})
    assert (result.exit_code, result.stderr) == (0, ""), result.stderr
    assert result.stdout.isascii() and "maison-\\xe9.yaml: house" in result.stdout


# --- docs NAME: laid out on a terminal, the Markdown source when piped -------------------------------

_ESCAPES = re.compile(r"\x1b\[[0-9;]*m")  # rich's colours and styles
TOPICS = sorted(p.stem for p in (ROOT / "docs").glob("*.md"))


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("topic", ["json", "notation", "rulesets"])
def test_docs_on_a_terminal_reads_at_its_width(topic, width):
    """`docs json` printed its Markdown source on a terminal too: lines of up to 110 columns, wrapped by
    the terminal mid-word at 60. Laid out for the width, nothing cut (a table's long word folds)."""
    shown = _ESCAPES.sub("", on_a_terminal(["docs", topic], str(width)))
    source = (ROOT / "docs" / f"{topic}.md").read_text(encoding="utf-8")
    lines = shown.splitlines()
    assert lines and max(map(len, lines)) <= width, max(lines, key=len)
    assert shown.count("…") == source.count("…")  # no cell ended in rich's ellipsis
    assert "](" not in shown and "```" not in shown  # laid out, not the source
    title = source.splitlines()[0].lstrip("# ").replace("`", "")
    assert title in shown


@pytest.mark.parametrize(
    ("topic", "width", "words"),
    [
        ("riichi", 60, ["--robbing-kong", "--original-hand", "--double-riichi"]),
        ("notation", 60, ["ambiguous-group", "bad-winning-tile"]),
        ("notation", 80, ["original-hand-winning-tile"]),
    ],
)
def test_docs_riichi_at_60_columns_keeps_option_names_whole(topic, width, words):
    """Regression (a trial on narrow terminals): a table too wide for the terminal folded its cells, so
    `--robbing-kong` read `--robbing-kon` / `g` (44 such breaks in `docs riichi` at 60 columns): such a
    table is a list, a row an item, wrapped between words."""
    shown = _ESCAPES.sub("", on_a_terminal(["docs", topic], str(width)))
    lines = shown.splitlines()
    assert max(map(len, lines)) <= width
    assert all(any(word in line for line in lines) for word in words), words


def test_stacked_tables_keeps_a_table_that_fits_and_lists_one_that_does_not():
    from pungchow_calc.render.terminal import stacked_tables

    table = "| code | meaning |\n| --- | --- |\n| `bad-seat` | a seat that is no wind \\| its word |\n"
    assert stacked_tables(table, 80) == table
    assert stacked_tables(table, 30).splitlines() == [
        "- `bad-seat` — meaning: a seat that is no wind \\| its word"
    ]
    fenced = "```\n| a | b |\n| - | - |\n| 1 | 2 |\n```"
    assert stacked_tables(fenced, 5) == fenced  # an example is shown as it is


@pytest.mark.parametrize("topic", TOPICS)
def test_docs_piped_is_the_shipped_file_byte_for_byte(topic):
    """`pungchow docs json > json.md` (README, "Help and conventions") is the file, whatever COLUMNS."""
    piped = process("docs", topic, env=without_columns("60"))
    assert (piped.returncode, piped.stdout) == (0, (ROOT / "docs" / f"{topic}.md").read_bytes())


@pytest.mark.parametrize(
    ("encoding", "extra"),
    [("ascii", []), ("latin-1", []), ("utf-8", ["--ascii"])],
    ids=["ascii-terminal", "latin-1-terminal", "--ascii"],
)
def test_docs_riichi_on_a_latin_1_terminal_is_laid_out_in_ascii(encoding, extra):
    """Regression (a trial on plain terminals): such a terminal was given the Markdown file in UTF-8,
    whatever it could show (`—` as mojibake, 493 lines past 60 columns), and `docs --ascii` was refused.
    It is laid out for the width, in ASCII."""
    shown = _ESCAPES.sub("", on_a_terminal(["docs", "riichi", *extra], "60", encoding))
    assert shown.isascii() and "](" not in shown and "```" not in shown
    assert max(map(len, shown.splitlines())) <= 60


@pytest.mark.parametrize("columns", [60, 80])
def test_check_ok_line_with_a_long_path_reads_at_60_and_80(tmp_path: Path, columns: int):
    """`rules check` printed `ok: PATH: NAME (...)` in one line, past 60 columns with a long path: the
    terminal broke it anywhere. On a terminal now wrapped after a `/`, the path whole when the lines
    are joined (ASCII too: escaped before it is measured); piped, the one line a script reads."""
    folder = tmp_path.joinpath("club", "house-rules-for-thursday-evenings", "the-long-table", "kept")
    folder.mkdir(parents=True)
    path = folder / "maison-\u00e9.yaml"
    path.write_text((ROOT / "samples" / "house-rules.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    said = "house-rules (21 rules, limit 600)"
    for encoding, written in (("utf-8", str(path)), ("ascii", str(path).replace("\u00e9", "\\xe9"))):
        shown = on_a_terminal(["rules", "check", str(path)], str(columns), encoding)
        lines = shown.splitlines()
        assert max(map(len, lines)) <= columns, lines
        assert lines[0].startswith("ok: /") and all(line.startswith("    ") for line in lines[1:])
        assert squeezed(shown) == squeezed(f"ok: {written}: {said}")
    piped = process("rules", "check", str(path), env=without_columns(str(columns)))
    assert (piped.returncode, piped.stdout) == (0, f"ok: {path}: {said}\n".encode())


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize(
    ("ruleset", "names"),
    [
        pytest.param(
            "pung-chow-limit", ["first_discard_after_turn", "robbed_tile_held"], id="pung-chow-limit"
        ),
        pytest.param("riichi-ema-2016", ["loose_without_kong", "riichi_twice"], id="riichi-ema-2016"),
    ],
)
def test_rules_show_lists_what_its_impossible_setting_refuses(ruleset: str, names: list[str], columns: int):
    """Regression: `rules show` never said which hands and facts the ruleset refuses as impossible (its
    setting `impossible:`), so a house file's list could be read only in its YAML."""
    result = run_main("rules", "show", ruleset, env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    shown = result.stdout[result.stdout.index("Refused as impossible") :]
    for name in names:
        assert name in shown
    assert squeezed("robbing a kong with a winning tile the hand holds") in squeezed(shown)
    assert max(map(len, result.stdout.splitlines())) <= columns


def _card(tmp_path: Path, ruleset: str, columns: int) -> str:
    """`rules show RULESET` at `columns` (a house file's text, `extends: ...`, written first), which
    must succeed within the width."""
    if ruleset.startswith("extends"):
        path = tmp_path / "house.yaml"
        path.write_text(ruleset, encoding="utf-8")
        ruleset = str(path)
    result = run_main("rules", "show", ruleset, env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    assert max(map(len, result.stdout.splitlines())) <= columns
    return result.stdout


_FAN_HOUSE = "extends: pung-chow\nsettings: {min_doublings: 2, words: {doubling: fan, doublings: fan}}\n"


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize(
    ("ruleset", "rows"),
    [
        pytest.param(
            "riichi-ema-2016",
            [
                "score | fu × 2^(han + 2)",
                "fu rounded up to | 10",
                "han a win needs | 1",
                "Mangan: 5 han or more | 2000",
                "Sanbaiman: 11 han or more | 6000",
            ],
            id="riichi-ema-2016",
        ),
        pytest.param(_FAN_HOUSE, ["fan a win needs | 2"], id="house-words-fan"),
        pytest.param("pung-chow", [], id="pung-chow"),
    ],
)
def test_rules_show_says_doublings_in_the_ruleset_s_words(
    tmp_path: Path, ruleset: str, rows: list[str], columns: int
) -> None:
    """Regression: the card of riichi-ema-2016, whose `words:` say han, read "doublings a win needs" and
    "Mangan: 5 doublings or more" where its refusal of a hand short of a yaku says han."""
    settings = _card(tmp_path, ruleset, columns).split("\nSettings\n")[1]
    cells = [" | ".join(cell.strip() for cell in line.split("│")) for line in settings.splitlines()]
    assert [cell for cell in cells if cell in rows] == rows
    assert "doublings" not in settings


_MINIPOINTS_HOUSE = "extends: riichi-ema-2016\nsettings: {words: {points: minipoints}}\n"


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize(
    ("ruleset", "word", "title"),
    [
        pytest.param("riichi-ema-2016", "fu", "Fu of the hand", id="riichi-ema-2016"),
        pytest.param(_MINIPOINTS_HOUSE, "minipoints", "Minipoints of the hand", id="house-words-minipoints"),
        pytest.param("pung-chow", "points", "Bonus scores", id="pung-chow"),
    ],
)
def test_rules_show_riichi_ema_2016_bonus_scores_say_fu(
    tmp_path: Path, ruleset: str, word: str, title: str, columns: int
) -> None:
    """Regression: riichi's card said `fu × 2^(han + 2)` in its settings but `points 20` for each of its
    fu (Winning (fu), Self-drawn (fu)): the Bonus scores' column is named in the ruleset's `words:`."""
    bonus = _card(tmp_path, ruleset, columns).split(f"\n{title}\n")[1].split("\n\n")[0]
    # Its column's header (`┃ points ┃`), or each row's cell where the table stacks (`who winner   fu 20`).
    assert re.search(rf"[┃ ] {word} [┃ ]|\b{word} 20\b", bonus), bonus
    assert word == "points" or re.search(r"[┃ ] points [┃ ]|\bpoints \d", bonus) is None


_YAKUMAN_HAND = (
    "extends: riichi-ema-2016\n"
    "settings: {words: {doubling: han, doublings: han, rules: yaku, limit_hand: yakuman hand}}\n"
)


@pytest.mark.parametrize("columns", [60, 80])
def test_rules_diff_riichi_ema_2016_house_words_yakuman_hand_names_the_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    """Regression: a house file changing one of riichi's `words:` printed both whole mappings of four
    words, wrapped over three lines; now the word that differs, as `words.KEY` (--json keeps both)."""
    (tmp_path / "house.yaml").write_text(_YAKUMAN_HAND, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run_main("rules", "diff", "riichi-ema-2016", "house.yaml", env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Settings",
        "  words.limit_hand: yakuman → yakuman hand",
        "1 difference.",
    ]
    as_json = json.loads(run("rules", "diff", "riichi-ema-2016", "house.yaml", "--json").stdout)
    assert as_json["changes"][0]["a"]["doublings"] == "han"  # --json keeps both whole mappings


@pytest.mark.parametrize("columns", [60, 80])
def test_rules_diff_pung_chow_riichi_ema_2016_names_each_word(columns: int) -> None:
    result = run_main("rules", "diff", "pung-chow", "riichi-ema-2016", env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    words = [line for line in result.stdout.splitlines() if line.startswith("  words")]
    assert words == [
        "  words.doubling: doubling → han",
        "  words.doublings: doublings → han",
        "  words.rules: rules → yaku",
        "  words.limit_hand: limit hand → yakuman",
        "  words.points: points → fu",
        "  words.exposed: exposed → open",
        "  words.concealed: concealed → closed",
    ]
    assert max(map(len, result.stdout.splitlines())) <= columns


def test_rules_diff_riichi_ema_2016_house_fan_counts_each_word(tmp_path: Path) -> None:
    """Regression: two words of `words:` changed were shown on two lines under "1 difference."."""
    house = tmp_path / "h1.yaml"
    house.write_text(
        "extends: riichi-ema-2016\nsettings:\n  words:\n    doubling: fan\n    doublings: fan\n",
        encoding="utf-8",
    )
    result = run_main("rules", "diff", "riichi-ema-2016", str(house), env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Settings",
        "  words.doubling: han → fan",
        "  words.doublings: han → fan",
        "2 differences.",
    ]


_FAN_YAKUMAN_HOUSE = (
    "extends: pung-chow-limit\n"
    "settings: {words: {doubling: fan, doublings: fan, limit_hand: maximum hand, points: fu}}\n"
)
_BOOK_TITLES = ["Bonus scores", "Combination scores", "Doubling honors", "Limit hands"]
# The card's section titles, in order, up to its Settings: the ruleset's `words:` where they are not
# the book's (render/rules.section_titles), never its name.
SECTION_TITLES = {
    "pung-chow": ("pung-chow", [*_BOOK_TITLES[:3], "Penalties", "Refused as impossible", "Settings"]),
    "pung-chow-limit": ("pung-chow-limit", _BOOK_TITLES),
    "riichi-ema-2016": (
        "riichi-ema-2016",
        ["Fu of the hand", "Fu of the sets and pairs", "Han of the hand", "Yakuman"],
    ),
    "house-fan-maximum-hand-fu": (
        _FAN_YAKUMAN_HOUSE,
        ["Fu of the hand", "Fu of the sets and pairs", "Fan of the hand", "Maximum hand"],
    ),
    "house-words-fan": (_FAN_HOUSE, ["Bonus scores", "Combination scores", "Fan of the hand"]),
    "house-words-minipoints": (
        _MINIPOINTS_HOUSE,
        ["Minipoints of the hand", "Minipoints of the sets and pairs", "Han of the hand", "Yakuman"],
    ),
}


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize(("ruleset", "titles"), list(SECTION_TITLES.values()), ids=list(SECTION_TITLES))
def test_rules_show_titles_its_sections_in_the_ruleset_s_words(
    tmp_path: Path, ruleset: str, titles: list[str], columns: int
) -> None:
    """Regression: riichi-ema-2016's card, whose fu, han and yakuman its settings said, titled its sections
    Bonus scores, Combination scores, Doubling honors and Limit hands, the book's words."""
    card = _card(tmp_path, ruleset, columns)
    shown = [line for line in card.splitlines() if line in {*_BOOK_TITLES, *titles}]
    assert shown[: len(titles)] == titles
    if titles[0] != "Bonus scores" or titles[2] != "Doubling honors":
        assert not any(book in card for book in _BOOK_TITLES[2 if titles[0] == "Bonus scores" else 0 :])


@pytest.mark.parametrize("columns", [60, 80])
def test_rules_show_riichi_ema_2016_says_no_limit_hand(tmp_path: Path, columns: int) -> None:
    """Regression: riichi's settings said `limit hand value` and `a limit hand scores: its limit lines
    alone`, the book's words for its yakuman."""
    settings = _card(tmp_path, "riichi-ema-2016", columns).split("\nSettings\n")[1]
    cells = [" | ".join(cell.strip() for cell in line.split("│")) for line in settings.splitlines()]
    assert "yakuman value | 8000" in cells and "a yakuman scores | its yakuman lines alone" in cells
    assert "limit hand" not in settings and "limit lines" not in settings


@pytest.mark.parametrize(
    ("ruleset", "pairs", "settle"),
    [
        pytest.param("pung-chow", "pairs a loser may score | 1", "yes", id="pung-chow"),
        # Regression: riichi's card said `pairs a loser may score 1`, of losers whose hands score 0.
        pytest.param("riichi-ema-2016", None, "no: a loser's hand scores 0", id="riichi-ema-2016"),
    ],
)
def test_the_score_card_counts_a_losers_pairs_only_where_losers_score(ruleset, pairs, settle):
    shown = squeezed(run_main("rules", "show", ruleset, "--ascii").stdout)
    assert squeezed(f"losers settle among themselves | {settle}") in shown
    assert (squeezed("pairs a loser may score") in shown) is (pairs is not None)
    if pairs is not None:
        assert squeezed(pairs) in shown


@pytest.mark.parametrize(
    ("ruleset", "rows"),
    [
        pytest.param(
            "classical-bmja",
            ["chows a winning hand may hold | 1 at most",
             "a limit hand is worth | its value, never its own count",
             "a loser's hand of too many tiles | scores 0 (a long hand)"],
            id="classical-bmja",
        ),
        pytest.param(
            "classical-dmjl",
            ["the win passing the deal | stated (--east-ninth-win)", "limit hand value | 500"],
            id="classical-dmjl",
        ),
        pytest.param("pung-chow", ["a winning chow on a discard | from the player on the left only",
                                   "limit hand value | none"], id="pung-chow"),
        pytest.param("riichi-ema-2016", ["a score above 2000 | Mangan, 2000"], id="riichi-ema-2016"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("columns", ["60", "80"])
def test_classical_bmja_card_shows_max_chows_1(ruleset: str, rows: list[str], columns: str) -> None:
    """Regression (a rules enthusiast's trial): the card left out settings that decide what wins and what
    is paid: BMJA's one chow at most (a two-chow hand is refused), Kajongg's limit hand worth the limit
    and long hand scoring 0, the book's chow from the left, riichi's score above 2000 paid as a mangan;
    and it named a fact by its id (`stated east_ninth_win`), not the option a player types."""
    card = run_main("rules", "show", ruleset, "--ascii", env={"COLUMNS": columns}).stdout
    settings = card.split("\nSettings\n")[1].splitlines()
    for row in rows:  # a label wrapped at 60 columns goes on under it, its value on its first line
        label, value = row.split(" | ")
        found = [
            " ".join(line.split("|")[0].strip() for line in settings[at : at + 3])
            for at, line in enumerate(settings)
            if line.split("|")[-1].strip() == value
        ]
        assert any(words.startswith(label) for words in found), (row, found)


@pytest.mark.parametrize("columns", ["60", "80"])
def test_rules_show_stacked_descriptions_stand_alone(columns: str) -> None:
    """Regression (a user trial): at 80 columns `Refused as impossible` and `Penalties` stacked each
    description after the column's name, `  what a win on the first discard ...`: it stands alone."""
    shown = run_main("rules", "show", "pung-chow-limit", env={"COLUMNS": columns}).stdout
    assert "first_discard_after_turn\n  a win on the first discard" in shown
    assert not [line for line in shown.splitlines() if line.startswith(("  what ", "  note "))]


def test_limit_false_on_mah_jongg_keeps_its_20_points(tmp_path: Path) -> None:
    """`limit: false` says a rule is no limit hand: over the base's Mah-Jongg it dropped the 20 points
    (merged as a value given), and the hand scored `Mah-Jongg 0` (a ruleset author's trial)."""
    path = tmp_path / "x.yaml"
    path.write_text("extends: pung-chow\nrules:\n  - id: mah_jongg\n    limit: false\n", encoding="utf-8")
    assert run("rules", "check", str(path)).exit_code == 0
    assert run("rules", "diff", "pung-chow", str(path)).stdout.startswith("pung-chow and ")
    hand = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"
    scored = [
        json.loads(run("score", hand, "-r", name, "--json").stdout)["score"]
        for name in ("pung-chow", str(path))
    ]
    assert scored[0] == scored[1] == 50


PAIR_RULES = (
    "extends: pung-chow\nrules:\n  - id: scoring_pair\n    points: {exposed: 2, concealed: 6}\n"
    "  - id: pair_exposed\n    label: Pair exposed\n    scope: pair\n    when: [exposed]\n    points: 7\n"
    "  - id: pair_concealed\n    label: Pair concealed\n    scope: pair\n    when: [concealed]\n"
    "    points: 3\n  - id: one_exposed\n    label: One exposed\n    who: winner\n"
    "    when: [{exposed_melds: {exactly: 1}}]\n    points: 100\n"
)


@pytest.mark.parametrize(
    ("how", "lines"),
    [
        ([], {"Pair of dragons or own wind": 2, "Pair exposed": 7, "One exposed": 100}),
        (["--drawn"], {"Pair of dragons or own wind": 6, "Pair concealed": 3}),
    ],
    ids=["rd-rd-by-discard", "rd-rd-drawn"],
)
def test_pair_rd_rd_completed_by_a_discard_lies_exposed(
    tmp_path: Path, how: list[str], lines: dict[str, int]
):
    """A pair completed by a claimed discard was exposed to `exposed_melds` and `all_concealed`, and
    concealed to a pair rule's `exposed`/`concealed` and its split value (a ruleset author's trial: both
    `One exposed` and `Pair concealed` paid, and the pair its concealed 6): it lies exposed to all."""
    path = tmp_path / "pairs.yaml"
    path.write_text(PAIR_RULES, encoding="utf-8")
    score = json.loads(
        run("score", "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd", "-r", str(path), "--json", *how).stdout
    )
    shown = {
        line["label"]: line["points"]
        for line in score["lines"]
        if "Pair" in line["label"] or "One" in line["label"]
    }
    assert shown == lines


@pytest.mark.parametrize("width", [60, 80])
def test_show_house_rules_committee_yaml_path_breaks_after_a_slash(tmp_path: Path, width: int) -> None:
    """`rules show`'s file line folded a path longer than the terminal mid-word (`house-rules-committ` /
    `ee.yaml`, a ruleset author's trial); it breaks after a `/`, as `rules check` breaks it."""
    folder = tmp_path / "a-very-long-folder-name-for-the-club" / "another-level-of-folders"
    folder.mkdir(parents=True)
    path = folder / "house-rules-committee.yaml"
    path.write_text((ROOT / "samples" / "house-rules.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    shown = _ESCAPES.sub("", on_a_terminal(["rules", "show", str(path)], str(width))).splitlines()
    start = next(i for i, line in enumerate(shown) if line.startswith("name: "))
    head = shown[start : shown.index("", start)]
    assert all(len(line) <= width for line in head), head
    assert head[0] == "name: house-rules · file:" and "".join(head[1:]) == str(path), head
    assert all(line.endswith("/") for line in head[1:-1]), head
