"""The ruleset JSON Schema: in step with the registry and the loader, shipped as package data, enforced."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
import yaml

from pungchow_calc.engine import rules as ruleset_module
from pungchow_calc.engine.conditions import REGISTRY
from pungchow_calc.schema import build_schema, shipped_schema, validate

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = shipped_schema()


def test_condition_names_are_the_registry():
    condition = SCHEMA["definitions"]["condition"]["anyOf"]
    names = next(branch["enum"] for branch in condition if branch.get("type") == "string")
    mapped = next(branch["properties"] for branch in condition if branch.get("type") == "object")
    assert names == list(REGISTRY)
    assert set(mapped) == set(REGISTRY) | {"not", "any"}


def test_keys_are_the_loaders():
    assert set(SCHEMA["properties"]) == ruleset_module.TOP_KEYS
    assert set(SCHEMA["definitions"]["settings"]["properties"]) == set(ruleset_module.SETTING_KEYS)
    assert set(SCHEMA["definitions"]["rule"]["properties"]) == ruleset_module.RULE_KEYS


def test_shipped_file_is_the_generated_schema():
    """Regenerate with `python -m pungchow_calc.schema > rulesets/ruleset.schema.json`."""
    assert build_schema() == SCHEMA


def test_schema_is_package_data():
    found = resources.files("pungchow_calc.rulesets") / "ruleset.schema.json"
    assert json.loads(found.read_text(encoding="utf-8"))["title"] == "pungchow ruleset"


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "rulesets").glob("*.yaml")) + [ROOT / "samples" / "house-rules.yaml"],
    ids=lambda p: p.name,
)
def test_rulesets_point_at_the_schema_and_conform(path: Path):
    text = path.read_text(encoding="utf-8")
    target = "ruleset.schema.json" if path.parent.name == "rulesets" else "../rulesets/ruleset.schema.json"
    assert text.splitlines()[0] == f"# yaml-language-server: $schema={target}"
    assert validate(yaml.safe_load(text)) == []


RULE = {"id": "a", "label": "A", "points": 3}

CASES = [
    ({"rules": [RULE]}, None, None),
    ({"extends": "pung-chow", "settings": {"limit": 600}}, None, None),
    ({"name": "x"}, (), "needs 'rules'"),
    ({"rules": [RULE], "colour": 1}, ("colour",), "unknown key 'colour'"),
    ({"rules": [{**RULE, "when": ["nope"]}]}, ("rules", 0, "when", 0), "'nope' is not one of winner"),
    (
        {"rules": [{**RULE, "when": [{"meld": "pungs"}]}]},
        ("rules", 0, "when", 0, "meld"),
        "'pungs' is not one of",
    ),
    (
        {"rules": [{**RULE, "when": [{"meld": "pung", "tiles": "red"}]}]},
        ("rules", 0, "when", 0),
        "at most 1 key",
    ),
    (
        {"rules": [{**RULE, "when": [{"not": {"tiles": "reds"}}]}]},
        ("rules", 0, "when", 0, "not", "tiles"),
        "'reds'",
    ),
    ({"rules": [{**RULE, "points": "three"}]}, ("rules", 0, "points"), "must be integer or object"),
    ({"rules": [{**RULE, "points": {"exposed": 2}}]}, ("rules", 0, "points"), "needs 'concealed'"),
    ({"rules": [{**RULE, "points": -1}]}, ("rules", 0, "points"), "at least 0"),
    (
        {"rules": [{**RULE, "points": {"limit_fraction": 0}}]},
        ("rules", 0, "points", "limit_fraction"),
        "more than 0",
    ),
    ({"rules": [{**RULE, "doublings": 1}]}, ("rules", 0), "give only one of doublings, limit, points"),
    ({"rules": [{**RULE, "scope": "table"}]}, ("rules", 0, "scope"), "'table' is not one of hand, set, pair"),
    ({"rules": [{"label": "no id", "points": 1}]}, ("rules", 0), "needs 'id'"),
    ({"rules": [RULE], "settings": {"limit": "lots"}}, ("settings", "limit"), "must be integer or null"),
    ({"rules": [RULE], "settings": {"east_multiplier": 0}}, ("settings", "east_multiplier"), "at least 1"),
    (
        {"rules": [RULE], "settings": {"settle_losers": "yes"}},
        ("settings", "settle_losers"),
        "must be boolean",
    ),
    ({"rules": [RULE], "remove_rules": "mah_jongg"}, ("remove_rules",), "must be array"),
    ({"rules": [{**RULE, "limit": "yes"}]}, ("rules", 0, "limit"), "must be boolean"),
]


@pytest.mark.parametrize(
    ("doc", "path", "reason"),
    CASES,
    ids=[
        "good",
        "good-extends",
        "no-rules",
        "unknown-top-key",
        "unknown-condition",
        "bad-param",
        "two-key-condition",
        "nested-not",
        "points-text",
        "points-half-split",
        "points-negative",
        "fraction-zero",
        "two-values",
        "bad-scope",
        "no-id",
        "limit-text",
        "east-zero",
        "flag-text",
        "remove-not-list",
        "limit-flag-text",
    ],
)
def test_validator(doc: dict, path: tuple | None, reason: str | None):
    found = validate(doc)
    if path is None:
        assert found == []
        return
    assert found, "expected an error"
    first_path, first_reason = found[0]
    assert first_path == path
    assert reason in first_reason
