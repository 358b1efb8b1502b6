"""House rules: `extends:` overrides only what it names, inherits the rest (rules by id, settings by key)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pungchow_calc.engine.errors import RulesetError
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import Situation
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.ruleset_files import load

ROOT = Path(__file__).resolve().parent.parent
PUNGS = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"  # Part I: 48 (20 Mah-Jongg + 10 + 2 + 16)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def rule(ruleset, rule_id: str):
    return next(r for r in ruleset.rules if r.id == rule_id)


def plain_rules(ruleset) -> dict[str, dict]:
    return {r["id"]: dict(r) for r in ruleset.data["rules"]}


def test_override_one_value_inherits_the_rest(tmp_path: Path):
    path = write(tmp_path / "house.yaml", "extends: pung-chow\nrules:\n  - id: mah_jongg\n    points: 10\n")
    base, house = load("pung-chow"), load(str(path))
    mj = rule(house, "mah_jongg")
    assert (mj.label, mj.who, mj.scope, mj.points.exposed, mj.points.concealed) == (
        "Mah-Jongg",
        "winner",
        "hand",
        10,
        10,
    )
    base_rules, house_rules = plain_rules(base), plain_rules(house)
    assert list(house_rules) == list(base_rules)  # same rules, same order
    assert {k: v for k, v in house_rules.items() if k != "mah_jongg"} == {
        k: v for k, v in base_rules.items() if k != "mah_jongg"
    }
    assert house.settings == base.settings
    assert house.name == "house"  # named after its file: it is not the book's ruleset
    a = score_text(PUNGS, base, Situation())
    b = score_text(PUNGS, house, Situation())
    assert (a.points, b.points, a.payments, b.payments) == (
        48,
        38,
        {w: 96 for w in a.payments},
        {w: 76 for w in a.payments},
    )


def test_settings_override_by_key(tmp_path: Path):
    path = write(tmp_path / "limit600.yaml", "extends: pung-chow\nsettings:\n  limit: 600\n")
    house = load(str(path))
    assert (house.settings.limit, house.settings.east_multiplier, house.settings.loser_max_pairs) == (
        600,
        2,
        1,
    )
    assert house.settings.settle_losers is True
    spec = score_text("RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw", house, Situation(seat=Wind.NORTH))
    assert (spec.score, spec.payable, spec.limit) == (5760, 600, 600)
    assert {w.name.lower(): v for w, v in spec.payments.items()} == {"east": 1200, "south": 600, "west": 600}


def test_one_column_of_a_split_value(tmp_path: Path):
    path = write(
        tmp_path / "h.yaml",
        "extends: pung-chow\nrules:\n  - id: pung_simples\n    points: {concealed: 6}\n",
    )
    p = rule(load(str(path)), "pung_simples").points
    assert (p.exposed, p.concealed) == (2, 6)


def test_switching_points_to_doublings_drops_the_points(tmp_path: Path):
    path = write(tmp_path / "h.yaml", "extends: pung-chow\nrules:\n  - id: no_sequences\n    doublings: 1\n")
    r = rule(load(str(path)), "no_sequences")
    assert (r.points, r.doublings, r.label) == (None, 1, "No sequences in hand or on table")


def test_add_and_remove_rules(tmp_path: Path):
    path = write(
        tmp_path / "h.yaml",
        """extends: pung-chow
remove_rules: [only_place_to_win, drawing_winning_piece]
rules:
  - id: all_chows
    label: Four sequences
    who: winner
    when: [{count: {melds: chow, exactly: 4}}]
    points: 4
""",
    )
    house = load(str(path))
    ids = [r.id for r in house.rules]
    assert "only_place_to_win" not in ids and "drawing_winning_piece" not in ids
    assert ids[-1] == "all_chows" and len(ids) == len(load("pung-chow").rules) - 1
    s = score_text("123c 456c 789c 234d 5d!5d", house, Situation())
    assert [(line.rule, line.points) for line in s.lines] == [("mah_jongg", 20), ("all_chows", 4)]


def test_chain_of_three_and_relative_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    write(tmp_path / "club" / "base.yaml", "extends: pung-chow\nsettings:\n  limit: 600\n")
    write(
        tmp_path / "club" / "nights" / "friday.yaml",
        "extends: ../base.yaml\nname: friday\nrules:\n  - id: mah_jongg\n    points: 10\n",
    )
    monkeypatch.chdir(tmp_path)  # the base is found next to the extending file, not from here
    friday = load("club/nights/friday.yaml")
    assert friday.name == "friday"
    assert friday.settings.limit == 600
    assert rule(friday, "mah_jongg").points.exposed == 10
    assert rule(friday, "pung_heads").points.concealed == 8


@pytest.mark.parametrize(
    ("files", "start", "code", "bad_file", "line", "message"),
    [
        (
            {"a.yaml": "name: a\nextends: b.yaml\n", "b.yaml": "extends: a.yaml\n"},
            "a.yaml",
            "ruleset-extends",
            "b.yaml",
            1,
            "cycle",
        ),
        ({"a.yaml": "# me\nextends: a.yaml\n"}, "a.yaml", "ruleset-extends", "a.yaml", 2, "itself, a cycle"),
        (
            {"a.yaml": "name: a\n\nextends: missing.yaml\n"},
            "a.yaml",
            "ruleset-not-found",
            "a.yaml",
            3,
            "missing.yaml",
        ),
        ({"a.yaml": "extends: no-such-book\n"}, "a.yaml", "ruleset-not-found", "a.yaml", 1, "no-such-book"),
        (
            {
                "a.yaml": "extends: pung-chow\nrules:\n  - id: x\n    label: X\n    points: 1\n"
                "  - id: x\n    points: 2\n"
            },
            "a.yaml",
            "ruleset-invalid",
            "a.yaml",
            6,
            "appears twice",
        ),
        (
            {"a.yaml": "extends: pung-chow\nremove_rules: [nope]\n"},
            "a.yaml",
            "ruleset-invalid",
            "a.yaml",
            2,
            "nope",
        ),
        (
            {
                "a.yaml": "extends: b.yaml\n",
                "b.yaml": "extends: pung-chow\nrules:\n  - id: y\n    label: Y\n    points: -1\n",
            },
            "a.yaml",
            "ruleset-invalid",
            "b.yaml",
            5,
            "points",
        ),
    ],
    ids=["cycle", "self", "missing-file", "missing-name", "duplicate-id", "remove-unknown", "error-in-base"],
)
def test_broken_extends(tmp_path: Path, files, start, code, bad_file, line, message):
    for name, text in files.items():
        write(tmp_path / name, text)
    with pytest.raises(RulesetError) as caught:
        load(str(tmp_path / start))
    err = caught.value
    assert err.code == code
    assert Path(err.file).name == bad_file
    assert err.line == line
    assert message in err.message


def test_house_rules_sample():
    house = load(str(ROOT / "samples" / "house-rules.yaml"))
    base = load("pung-chow")
    assert house.name == "house-rules"
    assert rule(house, "mah_jongg").points.exposed == 10
    assert house.settings.limit == 600
    changed = {k for k, v in plain_rules(house).items() if plain_rules(base).get(k) != v}
    assert changed == {"mah_jongg"}
    s = score_text(PUNGS, house, Situation())
    assert (s.points, s.payable, {w.name.lower(): v for w, v in s.payments.items()}) == (
        38,
        38,
        {"south": 76, "west": 76, "north": 76},
    )


@pytest.mark.parametrize("key", ["settings", "penalties", "evening", "settlement"])
def test_an_empty_section_in_a_house_file_changes_nothing(tmp_path, key):
    # `settings:` with only comments under it is YAML null: the schema and the loader agree on it.
    from cli_helpers import run

    path = tmp_path / "house.yaml"
    path.write_text(f"extends: pung-chow-limit\n{key}:\n")
    result = run("rules", "check", str(path))
    assert result.exit_code == 0, result.output
    house, base = load(str(path)), load("pung-chow-limit")
    assert (house.settings, house.wash) == (base.settings, base.wash)
    assert [p.id for p in house.penalties] == [p.id for p in base.penalties]


def test_an_empty_wash_over_pung_chow_without_a_table_changes_nothing(tmp_path):
    house = load(str(write(tmp_path / "house.yaml", "extends: pung-chow\nwash:\n")))
    assert house.wash is None


@pytest.mark.parametrize("wash", ["wash: ~", "wash: null", "wash:"], ids=["tilde", "null", "empty"])
def test_wash_null_over_pung_chow_limit_is_refused_naming_remove_wash(tmp_path, wash):
    """`wash: ~` kept the base's table without a word: `wash:` is replaced whole, so it reads as "no
    table", while an empty section changes nothing (docs/rulesets.md, "House rules")."""
    path = write(tmp_path / "house.yaml", f"extends: pung-chow-limit\n{wash}\n")
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    assert (caught.value.code, caught.value.line) == ("ruleset-invalid", 2)
    assert caught.value.message == (
        "wash: is empty, and an empty section changes nothing: to play without the base's washing table "
        "write remove_wash: true instead; to keep it, delete wash:"
    )


def test_remove_wash_true_over_pung_chow_limit_drops_its_table(tmp_path):
    from pungchow_calc.engine.errors import WashError
    from pungchow_calc.engine.wash import wash_text

    house = load(str(write(tmp_path / "house.yaml", "extends: pung-chow-limit\nremove_wash: true\n")))
    base = load("pung-chow-limit")
    assert (house.wash, house.settings, len(house.rules)) == (None, base.settings, len(base.rules))
    assert "wash" not in house.data and "remove_wash" not in house.data
    with pytest.raises(WashError) as caught:
        wash_text("1d9d1b9b1c9c EwSwWwNw 2c3c4c", house, Wind.SOUTH)
    assert caught.value.code == "no-wash-table"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            "extends: pung-chow\nremove_wash: true\n",
            "remove_wash drops the base's washing table, and the base has none",
            id="pung-chow-remove-wash",
        ),
        pytest.param(
            "extends: pung-chow-limit\nremove_wash: false\n",
            "remove_wash is true (drop the base's washing table), or left out",
            id="remove-wash-false",
        ),
        pytest.param(
            "extends: pung-chow-limit\nremove_wash: true\nwash: {payments: {9: 10}}\n",
            "remove_wash drops the base's washing table, and wash: writes one",
            id="remove-wash-and-wash-9-10",
        ),
        pytest.param(
            "name: x\nremove_wash: true\nrules: [{id: a, label: A, points: 1}]\n",
            "remove_wash drops entries of a base, and this file has no extends: name its base, or delete "
            "remove_wash",
            id="remove-wash-without-extends",
        ),
    ],
)
def test_remove_wash_that_drops_nothing_is_refused_at_its_line(tmp_path, text, message):
    with pytest.raises(RulesetError) as caught:
        load(str(write(tmp_path / "house.yaml", text)))
    assert (caught.value.message, caught.value.line) == (message, 2)


SPLIT_VALUE_HOUSE = "extends: pung-chow\nrules: [{id: pung_heads, points: {concealed: 10}}]\n"


def test_split_value_house_file_accepted_by_score_and_rules_check(tmp_path, pungchow):
    """One column of a split value (README, "House rules"): every command takes it, `rules check` too."""
    import json

    path = write(tmp_path / "split-value.yaml", SPLIT_VALUE_HOUSE)
    assert pungchow("rules", "check", str(path)) == (0, f"ok: {path}: split-value (21 rules, no limit)\n", "")
    code, out, err = pungchow("rules", "check", str(path), "--json")
    assert (code, json.loads(out), err) == (
        0,
        {"ok": True, "file": str(path), "name": "split-value", "rules": 21},
        "",
    )
    code, out, err = pungchow("score", PUNGS, "-r", str(path), "--json")
    assert (code, err) == (0, "")
    heads = [
        (line["set"], line["points"]) for line in json.loads(out)["lines"] if line["rule"] == "pung_heads"
    ]
    assert heads == [("1b1b1b", 10)]  # concealed: the house's 10; the book's 8 (Part I: 48 -> 50)
    assert json.loads(out)["points"] == 50
    for args in (["rules", "show", str(path)], ["rules", "diff", "pung-chow", str(path)]):
        code, out, err = pungchow(*args)
        assert (code, err) == (0, "") and "3 of a kind of ones" in out, args


def test_house_evening_section_changes_only_the_keys_it_names(tmp_path):
    # `evening:` merges key by key like `settings:`: capping East's repeats keeps Part II's round wind.
    base = load("pung-chow-limit")
    assert base.evening.round_wind is True
    house = write(tmp_path / "house.yaml", "extends: pung-chow-limit\nevening:\n  east_repeat_cap: 3\n")
    loaded = load(str(house))
    assert loaded.evening.east_repeat_cap == 3
    assert loaded.evening.round_wind is True
    assert loaded.evening.draw_passes_deal is base.evening.draw_passes_deal


def test_extends_rule_id_mah_jong_without_label_names_the_typo(tmp_path: Path):
    # A house file meaning to change the base's mah_jongg, with the id mistyped: the rule is new (no
    # label inherited), and the message must say so and name the base's id, not only "needs a label".
    path = write(tmp_path / "house.yaml", "extends: pung-chow\nrules:\n  - id: mah_jong\n    points: 30\n")
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    assert (caught.value.code, caught.value.file, caught.value.line) == ("ruleset-invalid", str(path), 3)
    assert "'mah_jong' is not a rule of the base" in caught.value.message
    assert "did you mean 'mah_jongg'?" in caught.value.message


# Found by a house-ruleset author's trial (2026-11-29): each was refused at the right line in words that
# sent the author elsewhere.
@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            "extends: pung-chow-limit\nrules:\n  - id: x\n    lable: X\n    points: 1\n",
            4,
            "rule 'x': unknown key 'lable' (did you mean 'label'?)",
            id="new-rule-lable-was-told-a-new-rule-needs-a-label",
        ),
        pytest.param(
            "extends: pung-chow\nrules:\n  - id: x\n    label: X\n    points: 1\n  - idd: y\n",
            6,
            "a rule with no id: unknown key 'idd' (did you mean 'id'?)",
            id="second-rule-idd-was-rule-45-of-the-merged-list",
        ),
        pytest.param(
            "extends: pung-chow-limit\nrules:\n  - mah_jongg: {points: 5}\n",
            3,
            "a rule with no id: unknown key 'mah_jongg' (a rule is written `- id: mah_jongg`, its keys "
            "beside the id)",
            id="mah_jongg-as-a-key-was-rule-44",
        ),
        pytest.param(
            "extends: pung-chow-limit\nrules:\n  - id: mah_jongg\n    points: 5\nremove_rules: [mah_jongg]\n",
            3,
            "rule 'mah_jongg' is changed here and removed by remove_rules: keep one of them",
            id="changed-and-removed-was-not-a-rule-of-the-base",
        ),
        pytest.param(
            "extends: pung-chow-limit\npenalties:\n  - id: false_mahjongg\n    pays: {limit_fraction: 1.5}\n",
            4,
            "limit_fraction must be a number above 0 and at most 1, got 1.5",
            id="limit_fraction-1.5-was-refused-without-its-value",
        ),
    ],
)
def test_a_house_rule_written_wrong_is_told_what_the_author_wrote(tmp_path, text, line, message):
    path = write(tmp_path / "house.yaml", text)
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    assert (caught.value.code, caught.value.message, caught.value.line) == ("ruleset-invalid", message, line)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("rules: {}", "rules must be a list", id="rules-empty-mapping"),
        pytest.param("rules: false", "rules must be a list", id="rules-false"),
        pytest.param(
            'remove_rules: ""', "remove_rules must be a list of rule ids", id="remove_rules-empty-text"
        ),
        pytest.param("remove_rules: no", "remove_rules must be a list of rule ids", id="remove_rules-no"),
        pytest.param("penalties: {}", "penalties must be a list", id="penalties-empty-mapping"),
        pytest.param(
            "remove_penalties: 0", "remove_penalties must be a list of penalty ids", id="remove_penalties-0"
        ),
    ],
)
def test_a_false_list_section_in_a_house_file_is_refused_at_its_line(tmp_path, text, message):
    """`rules: {}` or `remove_rules: no` in a house file was taken as "nothing": `rules check` said ok
    and the file changed nothing, while the schema refuses it. Only an empty section (null) is nothing."""
    with pytest.raises(RulesetError) as caught:
        load(str(write(tmp_path / "house.yaml", f"extends: pung-chow\n{text}\n")))
    assert (caught.value.code, caught.value.message, caught.value.line) == ("ruleset-invalid", message, 2)


@pytest.mark.parametrize("key", ["rules", "remove_rules", "remove_penalties"])
def test_an_empty_list_section_in_a_house_file_changes_nothing(tmp_path, key):
    house = load(str(write(tmp_path / "house.yaml", f"extends: pung-chow\n{key}:\n")))
    assert plain_rules(house) == plain_rules(load("pung-chow"))


# Regression: a partial `words:` replaced its base's whole mapping, so a house file over riichi naming
# one word (`limit_hand: yakuman hand`) lost han, yaku with it and said "doublings" and "rules" again.
@pytest.mark.parametrize(
    ("words", "expected"),
    [
        pytest.param(
            "{limit_hand: yakuman hand}",
            {
                "doubling": "han",
                "doublings": "han",
                "rules": "yaku",
                "limit_hand": "yakuman hand",
                "points": "fu",
                "exposed": "open",
                "concealed": "closed",
            },
            id="limit_hand-yakuman-hand",
        ),
        pytest.param(
            "{doubling: fan, doublings: fan}",
            {
                "doubling": "fan",
                "doublings": "fan",
                "rules": "yaku",
                "limit_hand": "yakuman",
                "points": "fu",
                "exposed": "open",
                "concealed": "closed",
            },
            id="doubling-fan-doublings-fan",
        ),
    ],
)
def test_words_over_riichi_ema_2016_keep_the_words_not_given(tmp_path, words, expected):
    from dataclasses import asdict

    path = write(tmp_path / "house.yaml", f"extends: riichi-ema-2016\nsettings:\n  words: {words}\n")
    house = load(str(path))
    assert asdict(house.settings.words) == expected
    assert house.data["settings"]["words"] == expected  # rules show --json: the merged document


def test_words_over_a_file_with_words_merge_down_a_chain(tmp_path):
    from dataclasses import asdict

    write(tmp_path / "club.yaml", "extends: pung-chow\nsettings:\n  words: {doubling: fan, doublings: fan}\n")
    path = write(tmp_path / "friday.yaml", "extends: club.yaml\nsettings:\n  words: {rules: lines}\n")
    assert asdict(load(str(path)).settings.words) == {
        "doubling": "fan",
        "doublings": "fan",
        "rules": "lines",
        "limit_hand": "limit hand",
        "points": "points",
        "exposed": "exposed",
        "concealed": "concealed",
    }


def test_words_empty_mapping_over_riichi_ema_2016_is_refused_naming_both_ways(tmp_path):
    path = write(tmp_path / "house.yaml", "extends: riichi-ema-2016\nsettings:\n  words: {}\n")
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    assert (caught.value.code, caught.value.line) == ("ruleset-invalid", 3)
    assert caught.value.message == (
        "words: is empty, and the base's words are kept word by word: to say the engine's, write them "
        "(words: {doubling: doubling, doublings: doublings, rules: rules, limit_hand: limit hand, points: "
        "points, exposed: exposed, concealed: concealed}); "
        "to keep the base's, delete words:"
    )


def test_words_empty_mapping_over_pung_chow_without_words_is_read(tmp_path):
    path = write(tmp_path / "house.yaml", "extends: pung-chow\nsettings:\n  words: {}\n")
    assert load(str(path)).settings.words == load("pung-chow").settings.words


# Regression: a house file giving one key of a base penalty (`pays:` of pung-chow-limit's false
# Mah-Jongg) was refused, "penalty 'false_mahjongg': needs a label": penalties replaced the base's entry
# whole while rules merge key by key. Now penalties merge as rules do.
def test_penalties_false_mahjongg_pays_limit_fraction_1_keeps_label_and_type(tmp_path):
    text = "extends: pung-chow-limit\npenalties:\n  - id: false_mahjongg\n    pays: {limit_fraction: 1}\n"
    house = load(str(write(tmp_path / "house.yaml", text)))
    base = load("pung-chow-limit")
    (penalty,) = [p for p in house.penalties if p.id == "false_mahjongg"]
    (was,) = [p for p in base.penalties if p.id == "false_mahjongg"]
    assert (penalty.label, penalty.type, penalty.pays.limit_fraction) == (was.label, was.type, 1.0)
    assert [p.id for p in house.penalties] == [p.id for p in base.penalties]  # same place, same order


def test_penalties_discarder_heads_excused_alone_keeps_its_when(tmp_path):
    text = "extends: pung-chow-limit\npenalties:\n  - id: discarder_heads\n    excused: {no_choice: false}\n"
    house = load(str(write(tmp_path / "house.yaml", text)))
    base = load("pung-chow-limit")
    (penalty,) = [p for p in house.penalties if p.id == "discarder_heads"]
    (was,) = [p for p in base.penalties if p.id == "discarder_heads"]
    assert (penalty.label, penalty.liable, len(penalty.tests)) == (was.label, was.liable, len(was.tests))
    assert (was.excused_no_choice, penalty.excused_no_choice) == (True, False)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            "extends: pung-chow-limit\npenalties:\n  - id: false_mahjong\n    pays: {limit_fraction: 1}\n",
            3,
            "penalty 'false_mahjong' is not a penalty of the base (did you mean 'false_mahjongg'?): a new "
            "penalty needs a label",
            id="false_mahjong-without-label",
        ),
        pytest.param(
            "extends: pung-chow-limit\npenalties:\n  - id: dead_hand\n    type: false_mahjongg\n"
            "    pays: 10\n",
            4,
            "penalty 'dead_hand' changes type ('dead_hand' to 'false_mahjongg'), so it is written whole: "
            "give its label and every key of its type",
            id="dead_hand-type-false_mahjongg-without-label",
        ),
    ],
)
def test_a_house_penalty_meant_as_a_change_that_is_none_is_refused_at_its_line(tmp_path, text, line, message):
    with pytest.raises(RulesetError) as caught:
        load(str(write(tmp_path / "house.yaml", text)))
    assert (caught.value.code, caught.value.line, caught.value.message) == ("ruleset-invalid", line, message)


def test_a_house_penalty_of_another_type_written_whole_replaces_the_base_s(tmp_path):
    text = (
        "extends: pung-chow-limit\nremove_penalties: [false_mahjongg]\npenalties:\n"
        "  - {id: dead_hand, label: Dead hand pays half, type: false_mahjongg, pays: {limit_fraction: 0.5}}\n"
    )
    (penalty,) = [p for p in load(str(write(tmp_path / "h.yaml", text))).penalties if p.id == "dead_hand"]
    assert (penalty.label, penalty.type, penalty.pays.limit_fraction) == (
        "Dead hand pays half",
        "false_mahjongg",
        0.5,
    )
