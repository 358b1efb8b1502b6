"""The ruleset JSON Schema (for editors): valid draft-07, in step with the registry and the loader, shipped.

The schema is checked here with the `jsonschema` library (a test dependency only); at run time the one
loader, `ruleset_files.load`, decides what a valid ruleset is, so the tests below also hold the schema
and the loader to the same answer on a table of documents.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from pungchow_calc.engine import rule_sections
from pungchow_calc.engine import rules as ruleset_module
from pungchow_calc.engine.conditions import REGISTRY
from pungchow_calc.engine.errors import RulesetError
from pungchow_calc.ruleset_files import load
from pungchow_calc.schema import SCHEMA_FILE, build_schema, shipped_schema

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = shipped_schema()
VALIDATOR = jsonschema.validators.validator_for(SCHEMA)(SCHEMA)
RULESET_FILES = sorted((ROOT / "rulesets").glob("*.yaml")) + sorted((ROOT / "samples").glob("*.y*ml"))


def schema_errors(doc: Any) -> list[str]:
    return [error.message for error in VALIDATOR.iter_errors(doc)]


def test_schema_is_a_valid_draft_7_schema():
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert type(VALIDATOR) is jsonschema.Draft7Validator
    jsonschema.Draft7Validator.check_schema(SCHEMA)


def test_shipped_file_is_the_generated_schema():
    """Regenerate with `python -m pungchow_calc.schema > rulesets/ruleset.schema.json`."""
    assert build_schema() == SCHEMA
    assert json.loads((ROOT / "rulesets" / SCHEMA_FILE).read_text(encoding="utf-8")) == SCHEMA


def test_condition_names_are_the_registry():
    condition = SCHEMA["definitions"]["condition"]["anyOf"]
    names = next(branch["enum"] for branch in condition if branch.get("type") == "string")
    mapped = next(branch["properties"] for branch in condition if branch.get("type") == "object")
    assert names == list(REGISTRY)
    assert set(mapped) == set(REGISTRY) | {"not", "any"}


def test_keys_are_the_loaders():
    definitions = SCHEMA["definitions"]
    assert set(SCHEMA["properties"]) == ruleset_module.TOP_KEYS
    assert set(definitions["settings"]["properties"]) == set(rule_sections.SETTING_KEYS)
    assert set(definitions["rule"]["properties"]) == ruleset_module.RULE_KEYS
    assert set(definitions["rule_change"]["properties"]) == ruleset_module.RULE_KEYS
    assert set(definitions["penalty"]["properties"]) == ruleset_module.PENALTY_KEYS
    assert set(definitions["penalty"]["properties"]["type"]["enum"]) == set(ruleset_module.PENALTY_TYPES)
    wash = next(b for b in SCHEMA["properties"]["wash"]["anyOf"] if b.get("type") == "object")
    assert set(wash["properties"]) == rule_sections.WASH_KEYS
    terms = next(b for b in SCHEMA["properties"]["settlement"]["anyOf"] if b.get("type") == "object")
    assert set(terms["properties"]) == set(rule_sections.SETTLEMENT_KEYS)
    assert terms["properties"]["discard_pays"]["enum"] == list(rule_sections.DISCARD_PAYS)


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_rulesets_point_at_the_schema_and_conform(path: Path):
    text = path.read_text(encoding="utf-8")
    target = "ruleset.schema.json" if path.parent.name == "rulesets" else "../rulesets/ruleset.schema.json"
    assert text.splitlines()[0] == f"# yaml-language-server: $schema={target}"
    assert schema_errors(yaml.safe_load(text)) == []
    # What `extends:` made of it is a whole ruleset, and conforms as one.
    merged = load(str(path)).data
    assert "extends" not in merged
    assert schema_errors(json.loads(json.dumps(dict(merged)))) == []


RULE = {"id": "a", "label": "A", "points": 3}

# (document, whether it is a valid ruleset): the schema and the loader must give the same answer.
AGREE = [
    pytest.param({"rules": [RULE]}, True, id="good"),
    pytest.param({"extends": "pung-chow", "settings": {"limit": 600}}, True, id="good-extends"),
    pytest.param({"extends": "pung-chow", "settings": None}, True, id="empty-settings"),
    pytest.param(
        {"extends": "pung-chow", "rules": [{"id": "pung_heads", "points": {"concealed": 10}}]},
        True,
        id="house-split-value-one-column",
    ),
    pytest.param(
        {"extends": "pung-chow", "rules": [{"id": "mah_jongg", "label": "Going out"}]},
        True,
        id="house-label-only",
    ),
    pytest.param({"name": "x"}, False, id="no-rules"),
    pytest.param({"rules": []}, False, id="rules-empty"),
    pytest.param({"rules": [RULE], "colour": 1}, False, id="unknown-top-key"),
    pytest.param({"rules": [{**RULE, "when": ["nope"]}]}, False, id="unknown-condition"),
    pytest.param({"rules": [{**RULE, "scope": "set", "when": [{"meld": "pungs"}]}]}, False, id="bad-param"),
    pytest.param(
        {"rules": [{**RULE, "scope": "set", "when": [{"meld": "pung", "tiles": "reds"}]}]},
        False,
        id="two-key-condition",
    ),
    pytest.param({"rules": [{**RULE, "points": "three"}]}, False, id="points-text"),
    pytest.param({"rules": [{**RULE, "points": {"exposed": 2}}]}, False, id="whole-rule-half-split"),
    pytest.param({"rules": [{**RULE, "points": -1}]}, False, id="points-negative"),
    pytest.param({"rules": [{**RULE, "points": {"limit_fraction": 0}}]}, False, id="fraction-zero"),
    pytest.param({"rules": [{**RULE, "doublings": 1}]}, False, id="two-values"),
    pytest.param({"rules": [{"id": "a", "label": "A"}]}, False, id="no-value"),
    pytest.param({"rules": [{"id": "a", "points": 1}]}, False, id="no-label"),
    pytest.param({"rules": [{"label": "no id", "points": 1}]}, False, id="no-id"),
    pytest.param({"rules": [{**RULE, "scope": "table"}]}, False, id="bad-scope"),
    pytest.param({"rules": [RULE], "settings": {"limit": "lots"}}, False, id="limit-text"),
    pytest.param({"rules": [RULE], "settings": {"east_multiplier": 0}}, False, id="east-zero"),
    pytest.param({"rules": [RULE], "settings": {"limit": 0}}, False, id="limit-zero"),
    pytest.param({"rules": [RULE], "settings": {"limit_hand_value": 0}}, False, id="limit-hand-value-zero"),
    pytest.param({"rules": [RULE], "settings": {"max_chows": 0}}, True, id="max-chows-zero"),
    # The loader's bounds (engine/rules.py): the schema had no maximum, so an editor passed them.
    pytest.param({"rules": [{**RULE, "points": 10**9}]}, True, id="points-at-most"),
    pytest.param({"rules": [{**RULE, "points": 10**9 + 1}]}, False, id="points-over-most"),
    pytest.param({"rules": [{"id": "a", "label": "A", "doublings": 32}]}, True, id="doublings-32"),
    pytest.param({"rules": [{"id": "a", "label": "A", "doublings": 33}]}, False, id="doublings-33"),
    pytest.param(
        {"rules": [{"id": "a", "label": "A", "doublings": {"closed": 2, "open": 33}}]}, False, id="open-33"
    ),
    pytest.param(
        {"rules": [{"id": "a", "label": "A", "limit": 1}], "settings": {"limit": 9}}, False, id="share-1"
    ),
    pytest.param({"rules": [RULE], "settings": {"loser_max_pairs": 8}}, False, id="loser-pairs-8"),
    pytest.param({"rules": [RULE], "settings": {"doubling_base": 65}}, False, id="doubling-base-65"),
    pytest.param({"rules": [RULE], "settings": {"round_points": 65}}, False, id="round-points-65"),
    pytest.param({"rules": [RULE], "settings": {"east_multiplier": 10**9 + 1}}, False, id="east-over-most"),
    # East's payment past 2^53 (a 10^9 limit times a 10^9 multiplier): refused when written.
    pytest.param({"rules": [RULE], "settings": {"east_multiplier": 64}}, True, id="east-multiplier-64"),
    pytest.param({"rules": [RULE], "settings": {"east_multiplier": 65}}, False, id="east-multiplier-65"),
    pytest.param(
        {"rules": [RULE], "wash": {"payments": {9: 1}, "east_multiplier": 65}},
        False,
        id="wash-east-multiplier-65",
    ),
    pytest.param(
        {"rules": [RULE], "settings": {"limits": [{"name": "m", "doublings": 33, "score": 1}]}},
        False,
        id="tier-doublings-33",
    ),
    pytest.param({"rules": [RULE], "evening": {"sets_per_evening": 1001}}, False, id="sets-1001"),
    pytest.param({"rules": [RULE], "evening": {"east_repeat_cap": 1000}}, True, id="cap-1000"),
    pytest.param(
        {"rules": [RULE], "settlement": {"round_payments": 10**9 + 1}}, False, id="rounding-over-most"
    ),
    pytest.param({"rules": [RULE], "wash": {"payments": {9: 10**9}}}, True, id="wash-at-most"),
    pytest.param({"rules": [RULE], "wash": {"payments": {9: 10**9 + 1}}}, False, id="wash-over-most"),
    pytest.param({"rules": [RULE], "settings": {"settle_losers": "yes"}}, False, id="flag-text"),
    pytest.param({"rules": [RULE], "settings": {"shell": "sh"}}, False, id="unknown-setting"),
    pytest.param({"rules": [{**RULE, "limit": "yes"}]}, False, id="limit-flag-text"),
    pytest.param({"extends": "pung-chow", "remove_rules": "mah_jongg"}, False, id="remove-not-list"),
    pytest.param({"extends": "pung-chow", "rules": [{"label": "no id"}]}, False, id="house-rule-no-id"),
    pytest.param(
        {"extends": "pung-chow", "rules": [{"id": "mah_jongg", "points": 1, "doublings": 1}]},
        False,
        id="house-two-values",
    ),
    pytest.param(
        {"extends": "pung-chow", "rules": [{"id": "mah_jongg", "colour": "red"}]},
        False,
        id="house-unknown-rule-key",
    ),
]


@pytest.mark.parametrize(("doc", "valid"), AGREE)
def test_schema_and_loader_agree(tmp_path: Path, doc: dict[str, Any], valid: bool):
    path = tmp_path / "doc.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    try:
        load(str(path))
        loads = True
    except RulesetError:
        loads = False
    assert (schema_errors(doc) == [], loads) == (valid, valid)
