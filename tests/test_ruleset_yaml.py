"""Reading one ruleset file: a key written twice is refused (anywhere), named by file and line.

YAML itself keeps the last of two equal keys silently, so `limit: 300` then `limit: 600` would score
with 600 and nobody would know the file was ambiguous. The one loader refuses it, and `score -r`
and `rules check` say the same thing, since `rules check` is that loader.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

from pungchow_calc.engine.errors import RulesetError
from pungchow_calc.ruleset_files import load
from pungchow_calc.ruleset_yaml import strict_loader

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
RULE = "  - id: a\n    label: A\n    points: 1\n"


# (id, document, line of the second key, the key as the message shows it, line of the first)
DUPLICATES = [
    ("top-level", "name: a\nname: b\nrules:\n" + RULE, 2, "'name'", 1),
    ("setting", "settings:\n  limit: 300\n  limit: 600\nrules:\n" + RULE, 3, "'limit'", 2),
    ("rule-key", "rules:\n  - id: a\n    label: A\n    points: 1\n    points: 2\n", 5, "'points'", 4),
    ("flow-mapping", "rules:\n  - {id: a, label: A, points: 1, id: b}\n", 2, "'id'", 2),
    (
        "condition-parameter",
        "rules:\n  - id: a\n    label: A\n    scope: set\n    points: 1\n"
        "    when:\n      - count: {melds: pung, min: 1, min: 2}\n",
        7,
        "'min'",
        7,
    ),
    ("wash-heads", "wash:\n  payments:\n    9: 1\n    9: 2\nrules:\n" + RULE, 4, "9", 3),
    ("house-file", "extends: pung-chow\nsettings:\n  limit: 300\n  limit: 600\n", 4, "'limit'", 3),
    ("in-an-anchor", "settings: &s\n  limit: 1\n  limit: 2\nrules:\n" + RULE, 3, "'limit'", 2),
]


@pytest.mark.parametrize(
    ("text", "line", "key", "first"), [d[1:] for d in DUPLICATES], ids=[d[0] for d in DUPLICATES]
)
def test_a_key_written_twice_is_refused(tmp_path: Path, text: str, line: int, key: str, first: int):
    path = tmp_path / "twice.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    error = caught.value
    assert (error.code, error.file, error.line) == ("ruleset-duplicate-key", str(path), line)
    assert error.message == f"key {key} is written twice (first on line {first})"


def test_a_duplicate_key_in_the_base_is_named_in_the_base(tmp_path: Path):
    (tmp_path / "base.yaml").write_text("rules:\n" + RULE + "settings:\n  limit: 1\n  limit: 2\n")
    (tmp_path / "house.yaml").write_text("extends: base.yaml\n")
    with pytest.raises(RulesetError) as caught:
        load(str(tmp_path / "house.yaml"))
    assert (caught.value.code, caught.value.file, caught.value.line) == (
        "ruleset-duplicate-key",
        str(tmp_path / "base.yaml"),
        7,
    )


def test_a_merge_key_may_be_overridden(tmp_path: Path):
    # `<<: *base` then a key of its own is YAML's way to override; it is not a key written twice.
    path = tmp_path / "merge.yaml"
    path.write_text(
        "rules:\n  - &r {id: a, label: A, points: 1}\n  - <<: *r\n    id: b\n    points: 2\n",
        encoding="utf-8",
    )
    assert [(r.id, r.label, r.points.exposed) for r in load(str(path)).rules] == [
        ("a", "A", 1),
        ("b", "A", 2),
    ]


def test_a_number_and_a_string_are_different_keys(tmp_path: Path):
    # The string "9" and the number 9 are different keys: no key is written twice, the loader judges the rest.
    path = tmp_path / "types.yaml"
    path.write_text("wash:\n  payments:\n    9: 1\n    '9': 2\nrules:\n" + RULE, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    assert caught.value.code == "ruleset-invalid"  # "9" is not a whole number of heads


def test_the_loader_is_the_c_safe_loader_where_there_is_one():
    import yaml

    loader = strict_loader()
    assert issubclass(loader, getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert issubclass(loader, yaml.constructor.SafeConstructor)
    assert not issubclass(loader, yaml.constructor.FullConstructor)


def test_without_libyaml_the_pure_python_loader_refuses_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import yaml

    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    strict_loader.cache_clear()
    try:
        assert issubclass(strict_loader(), yaml.SafeLoader)
        path = tmp_path / "twice.yaml"
        path.write_text("settings:\n  limit: 300\n  limit: 600\nrules:\n" + RULE, encoding="utf-8")
        with pytest.raises(RulesetError) as caught:
            load(str(path))
        assert (caught.value.code, caught.value.line) == ("ruleset-duplicate-key", 3)
    finally:
        strict_loader.cache_clear()  # the next test gets the C loader back


DUPLICATE_LIMIT = "extends: pung-chow\nsettings:\n  limit: 300\n  limit: 600\n"


def test_duplicate_limit_refused_by_score_and_rules_check_alike(tmp_path, pungchow):
    path = tmp_path / "duplicate-limit.yaml"
    path.write_text(DUPLICATE_LIMIT, encoding="utf-8")
    expected = f"error: {path}:4: key 'limit' is written twice (first on line 3)\n"
    codes = {}
    for args in (["score", HAND, "-r", str(path)], ["rules", "check", str(path)]):
        assert pungchow(*args) == (2, "", expected), args
        code, out, _ = pungchow(*args, "--json")
        assert code == 2
        codes[args[0]] = json.loads(out)["error"]["code"]
    assert codes == {"score": "ruleset-duplicate-key", "rules": "ruleset-duplicate-key"}


# YAML 1.1 reads `010` as octal 8 and `1:30` as base 60 (90): a value a player wrote as 10 or as
# text would score and pay as another number. (id, the value, how YAML reads it)
SURPRISE_NUMBERS = [
    ("limit-010", "010", "8"),
    ("limit-0300", "0300", "192"),
    ("limit-minus-010", "-010", "-8"),
    ("limit-1:30", "1:30", "90"),
]


@pytest.mark.parametrize(
    ("value", "reading"), [s[1:] for s in SURPRISE_NUMBERS], ids=[s[0] for s in SURPRISE_NUMBERS]
)
def test_a_number_yaml_would_read_as_octal_or_base_60_is_refused(tmp_path: Path, value: str, reading: str):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: pung-chow\nsettings:\n  limit: {value}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    error = caught.value
    assert (error.code, error.file, error.line, error.column) == ("ruleset-yaml", str(path), 3, 10)
    assert f"YAML reads {value} as {reading}" in error.message


@pytest.mark.parametrize("value", ["0", "10", "1_000", "0x10", "+300"])
def test_a_plain_number_still_reads(tmp_path: Path, value: str):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: pung-chow\nsettings:\n  limit: {value}\n", encoding="utf-8")
    if value == "0":
        with pytest.raises(RulesetError, match="limit must be a whole number of 1 or more"):
            load(str(path))
    else:
        assert load(str(path)).settings.limit == int(value, 0)


# Regression: a value that begins with `*` and names no anchor (text meant: `name: *house`, as a hand
# marks an exposed set) was "alias *house refers to a node that contains it", a cycle it is not.
@pytest.mark.parametrize(
    ("text", "anchor", "line", "column"),
    [
        pytest.param("extends: pung-chow\nname: *house\n", "house", 2, 7, id="name-star-house"),
        pytest.param("extends: pung-chow\n*a: 1\n", "a", 2, 1, id="star-a-as-a-key"),
        pytest.param(
            "extends: pung-chow\nrules:\n  - id: mah_jongg\n    label: *bonus\n",
            "bonus",
            4,
            12,
            id="label-star-bonus",
        ),
    ],
)
def test_an_alias_to_no_anchor_is_said_so_at_its_place(
    tmp_path: Path, text: str, anchor: str, line: int, column: int
):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    error = caught.value
    assert (error.code, error.line, error.column) == ("ruleset-yaml", line, column)
    assert error.message == (
        f"not valid YAML: *{anchor} is an alias, and no &{anchor} is written before it: quote a value that"
        " begins with * if it is text"
    )


# An anchor's value refused where an alias uses it is named at the alias (that place's rule makes it
# wrong: a set condition under `scope: hand`), not at the anchor, where it fits the rule it was written
# for; a value wrong wherever it is (an unknown condition) is still named where it is written.
_SET_RULE = "  - id: r1\n    label: R1\n    scope: set\n    points: 2\n"
_HAND_RULE = "  - id: r2\n    label: R2\n    scope: hand\n    points: 2\n"
ALIASED = [
    ("when-star-c", "    when: &c [{meld: pung}]\n", "    when: *c\n", 13, "condition 'meld' needs a set"),
    (
        "entry-star-c",
        "    when:\n      - &c {meld: pung}\n",
        "    when:\n      - {won_by: wall}\n      - *c\n",
        16,
        "condition 'meld' needs a set",
    ),
    (
        "flow-entry-star-c",
        "    when: [&c {meld: pung}]\n",
        "    when: [{won_by: wall},\n       *c]\n",
        14,
        "condition 'meld' needs a set",
    ),
    (
        "anchor-wrong-anywhere",
        "    when: &c [{bogus: 3}]\n",
        "    when: *c\n",
        8,
        "unknown condition 'bogus'",
    ),
]


@pytest.mark.parametrize(
    ("first", "second", "line", "said"), [a[1:] for a in ALIASED], ids=[a[0] for a in ALIASED]
)
def test_rules_check_names_a_value_refused_through_an_alias_at_the_alias(
    tmp_path: Path, first: str, second: str, line: int, said: str
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(
        f"extends: pung-chow\nname: h\nrules:\n{_SET_RULE}{first}{_HAND_RULE}{second}", encoding="utf-8"
    )
    result = run("rules", "check", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {path}:{line}: {said}"), result.stderr


def test_rules_check_names_a_rule_repeated_by_an_alias_at_the_alias(tmp_path: Path) -> None:
    """`- *r` repeats rule r1 whole: its id appears twice at the alias (line 9), not at the anchor (4)."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "extends: pung-chow\nname: h\nrules:\n  - &r\n    id: r1\n    label: R1\n    scope: set\n"
        "    points: 2\n  - *r\n",
        encoding="utf-8",
    )
    result = run("rules", "check", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {path}:9: rule id 'r1' appears twice"), result.stderr


# Several unknown keys in one mapping are named together, in the one line of exit 2, each with its own
# hint, at the line of the first as the file writes them: the author fixes them all in one go, not one
# per run.
SEVERAL_UNKNOWN = [
    (
        "settings",
        "settings:\n  limt: 600\n  east_multipler: 3\n  draw_setles: false\n",
        4,
        "unknown settings 'limt' (did you mean 'limit'?), 'east_multipler' (did you mean 'east_multiplier'?)"
        " and 'draw_setles' (did you mean 'draw_settles'?)",
    ),
    (
        "rule-keys",
        "rules:\n  - id: mah_jongg\n    pionts: 10\n    lable: MJ\n",
        5,
        "rule 'mah_jongg': unknown keys 'pionts' (did you mean 'points'?) and 'lable' (did you mean"
        " 'label'?)",
    ),
    (
        "top-level",
        "titel: x\nzzz: y\n",
        3,
        "unknown keys 'titel' (did you mean 'title'?) and 'zzz'",
    ),
    (
        "wash",
        "wash:\n  paymnts: {9: 1}\n  east_multplier: 2\n",
        4,
        "unknown wash keys 'paymnts' (did you mean 'payments'?) and 'east_multplier' (did you mean"
        " 'east_multiplier'?)",
    ),
    (
        "count-parameters",
        "rules:\n  - id: r9\n    label: R\n    scope: set\n    points: 2\n"
        "    when: [{count: {melds: pung, mn: 1, mx: 2}}]\n",
        8,
        "condition 'count' unknown parameters 'mn' (did you mean 'min'?) and 'mx' (did you mean 'max'?)",
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "said"), [u[1:] for u in SEVERAL_UNKNOWN], ids=[u[0] for u in SEVERAL_UNKNOWN]
)
def test_rules_check_names_every_unknown_key_of_a_mapping_at_once(
    tmp_path: Path, text: str, line: int, said: str
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: pung-chow\nname: h\n{text}", encoding="utf-8")
    result = run("rules", "check", str(path))
    assert result.exit_code == 2
    assert result.stderr == f"error: {path}:{line}: {said}\n"
    # one unknown word alone reads as before: the closest known name, or every known one
    path.write_text("extends: pung-chow\nname: h\nzzz: y\n", encoding="utf-8")
    assert run("rules", "check", str(path)).stderr.startswith(f"error: {path}:3: unknown key 'zzz' (known: ")
