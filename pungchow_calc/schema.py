"""The JSON Schema of ruleset files, for editors: generated from the registry and the loader's key lists.

A condition's parameters are described by its entry's spec (`Condition.spec`, the same object that checks
them when a ruleset is loaded): this module declares no parameter of its own.

The schema ships as `rulesets/ruleset.schema.json` (each shipped ruleset points editors at it with a
`# yaml-language-server: $schema=...` first line). `build_schema()` derives it from the condition
registry and the loader's key lists, and tests check the shipped file equals it and that every shipped
and sample ruleset conforms, so condition names can never drift. Regenerate after adding a condition:
`python -m pungchow_calc.schema > rulesets/ruleset.schema.json`.

The schema only helps editors: what is a valid ruleset is decided by one loader,
`ruleset_files.load`, which `rules check` runs.
"""

from __future__ import annotations

import json
from typing import Any

SCHEMA_FILE = "ruleset.schema.json"


def build_schema() -> dict[str, Any]:
    """The ruleset schema, with condition names and parameters taken from the registry."""
    from .engine.conditions import REGISTRY
    from .engine.conditions.indicators import COUNTERS
    from .engine.impossible import IMPOSSIBLE
    from .engine.rule_sections import MAX_DOUBLINGS, MAX_INT, MAX_LOSER_PAIRS, SETTING_KEYS, TRUE_OR_FALSE
    from .engine.rule_types import MAX_EAST_MULTIPLIER, MAX_SMALL, MAX_WORD, NOT_WRITTEN, Words
    from .engine.rules import RULE_KEYS, SCOPES, TOP_KEYS, WHO

    names = list(REGISTRY)
    condition_props: dict[str, Any] = {}
    for name in names:  # each condition's parameters, as its spec describes them (Condition.spec)
        condition_props[name] = {**REGISTRY[name].spec.schema(), "description": REGISTRY[name].doc}
    condition_props["not"] = {"$ref": "#/definitions/condition", "description": "the condition fails"}
    condition_props["any"] = {
        "type": "array",
        "minItems": 1,
        "items": {"$ref": "#/definitions/condition"},
        "description": "at least one of the conditions holds",
    }
    # The loader's bounds (engine/rules.py, engine/rule_sections.py), so that an editor refuses what
    # `rules check` refuses.
    count = {"type": "integer", "minimum": 0, "maximum": MAX_INT}
    doubling = {"type": "integer", "minimum": 0, "maximum": MAX_DOUBLINGS}
    fraction = {
        "type": "object",
        "additionalProperties": False,
        "required": ["limit_fraction"],
        "properties": {"limit_fraction": {"type": "number", "exclusiveMinimum": 0, "maximum": 1}},
    }
    split = {"exposed": count, "concealed": count}
    whole_split = {"type": "object", "additionalProperties": False, "required": list(split)}
    points = {"anyOf": [count, {**whole_split, "properties": split}, fraction]}
    # A house file may change one column of a split value and keep the base's other (README,
    # "House rules with `extends:`"; ruleset_merge.merge).
    one_column = {"type": "object", "additionalProperties": False, "minProperties": 1, "properties": split}
    points_change = {"anyOf": [count, one_column, fraction]}
    rule_props: dict[str, Any] = {
        "id": {"type": "string", "minLength": 1, "description": "stable name; `extends` merges by it"},
        "label": {"type": "string", "minLength": 1, "description": "the line as the score card prints it"},
        "scope": {"type": "string", "enum": list(SCOPES), "description": "hand (default), set or pair"},
        "who": {"type": "string", "enum": list(WHO), "description": "winner, others or all (default)"},
        "group": {"type": "string", "description": "first matching rule of a group wins, per unit"},
        "when": {"type": "array", "items": {"$ref": "#/definitions/condition"}},
        "points": {"$ref": "#/definitions/points"},
        "doublings": {
            "description": "doublings, or {closed, open} when an open hand has other doublings",
            "anyOf": [
                doubling,
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["closed", "open"],
                    "properties": {"closed": doubling, "open": doubling},
                },
            ],
        },
        "per": {
            "description": "the value once per thing counted (conditions/indicators.py)",
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "additionalProperties": False,
            "properties": {name: c.spec.schema() for name, c in COUNTERS.items()},
        },
        "rounded": {
            "type": "boolean",
            "description": "false: a hand with this line keeps its points unrounded",
        },
        "counts_for_minimum": {
            "type": "boolean",
            "description": "false: its doublings do not count towards min_doublings (riichi's dora)",
        },
        "limit": {
            "description": "a limit hand, or a share of the limit paid when more than the count",
            "anyOf": [{"type": "boolean"}, {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}],
        },
        "note": {"type": "string"},
    }
    assert set(rule_props) == RULE_KEYS, "schema rule keys out of step with ruleset.RULE_KEYS"
    setting_props: dict[str, Any] = {}
    for key, doc in SETTING_KEYS.items():
        if key in ("limit", "limit_hand_value", "max_chows"):
            least = (
                0 if key == "max_chows" else 1
            )  # a limit of 0 would pay nothing (rule_sections.read_settings)
            setting_props[key] = {**count, "type": ["integer", "null"], "minimum": least, "description": doc}
        elif key in TRUE_OR_FALSE:
            setting_props[key] = {"type": "boolean", "description": doc}
        elif key == "round_points":
            small = {"minimum": 1, "maximum": MAX_SMALL}
            setting_props[key] = {"type": ["integer", "null"], **small, "description": doc}
        elif key in ("not_written", "impossible"):
            what = {"type": "string", "enum": list(NOT_WRITTEN if key == "not_written" else IMPOSSIBLE)}
            setting_props[key] = {"type": "array", "items": what, "description": doc}
        elif key == "limits":
            tier = {
                "type": "object",
                "additionalProperties": False,
                "required": ["name", "doublings", "score"],
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "doublings": doubling,
                    "score": count,
                },
            }
            setting_props[key] = {"type": "array", "items": tier, "description": doc}
        elif key == "words":
            text = {"type": "string", "minLength": 1, "maxLength": MAX_WORD}
            setting_props[key] = {
                "type": "object",
                "additionalProperties": False,
                "properties": dict.fromkeys(Words.__dataclass_fields__, text),
                "description": doc,
            }
        elif key == "round_winds":
            setting_props[key] = {**count, "minimum": 1, "maximum": 4, "description": doc}
        elif key == "players":
            setting_props[key] = {"type": "integer", "enum": [0, 2, 3, 4], "description": doc}
        elif key == "east_multiplier":
            setting_props[key] = {**count, "minimum": 1, "maximum": MAX_EAST_MULTIPLIER, "description": doc}
        elif key == "loser_max_pairs":
            setting_props[key] = {**count, "maximum": MAX_LOSER_PAIRS, "description": doc}
        else:  # doubling_base, min_doublings
            setting_props[key] = {**count, "maximum": MAX_SMALL, "description": doc}
    top: dict[str, Any] = {
        "$schema": {"type": "string"},
        "name": {"type": "string", "minLength": 1},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "extends": {"type": "string", "minLength": 1, "description": "shipped name or path of the base"},
        # An empty `settings:` (YAML null, e.g. only comments below it) is allowed, as the loader does.
        "settings": {"anyOf": [{"type": "null"}, {"$ref": "#/definitions/settings"}]},
        # Entries are whole rules, or changes to the base's rules in a house file: see "if" below.
        "rules": {"type": ["array", "null"]},
        "remove_rules": {"type": "array", "items": {"type": "string"}},
    }
    definitions: dict[str, Any] = {}
    if "penalties" in TOP_KEYS:
        top["penalties"] = {
            "anyOf": [{"type": "null"}, {"type": "array", "items": {"$ref": "#/definitions/penalty"}}]
        }
        top["remove_penalties"] = {"type": "array", "items": {"type": "string"}}
        definitions["penalty"] = _penalty_schema({"$ref": "#/definitions/points"}, count)
    if "wash" in TOP_KEYS:
        top["wash"] = {"anyOf": [{"type": "null"}, _wash_schema(count)]}
        top["remove_wash"] = {"const": True, "description": "drop the base's washing table"}
    if "evening" in TOP_KEYS:
        top["evening"] = {"anyOf": [{"type": "null"}, _evening_schema()]}
    if "settlement" in TOP_KEYS:
        top["settlement"] = {"anyOf": [{"type": "null"}, _settlement_schema(count)]}
    for key in sorted(TOP_KEYS - set(top)):  # a key added to the loader but not described here yet
        top[key] = {"description": "see pungchow_calc/engine/rules.py"}
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "pungchow ruleset",
        "description": "A Pung Chow score card as data (see rulesets/pung-chow.yaml).",
        "type": "object",
        "additionalProperties": False,
        "properties": top,
        # The schema describes one file as written, as an editor sees it. A file without `extends:`
        # is a whole ruleset: it needs rules, each with a label and exactly one value. A house file
        # (`extends:`) is partial: a rule entry names a base rule by id and changes only what it
        # gives (one column of a split value, say), so it needs only the id. Checking house files
        # as merged documents instead would flag valid, documented house files in every editor.
        # Whatever the schema says, `load` (and so `rules check`) decides; tests keep them in step.
        "if": {"required": ["extends"]},
        "then": {"properties": {"rules": {"items": {"$ref": "#/definitions/rule_change"}}}},
        "else": {
            "required": ["rules"],
            "properties": {
                "rules": {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/rule"}}
            },
        },
        "definitions": {
            **definitions,
            "settings": {"type": "object", "additionalProperties": False, "properties": setting_props},
            "points": points,
            "points_change": points_change,
            "rule": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "label"],
                "properties": rule_props,
                "oneOf": [{"required": [value]} for value in ("points", "doublings", "limit")],
            },
            "rule_change": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id"],
                "properties": {**rule_props, "points": {"$ref": "#/definitions/points_change"}},
                "not": {
                    "anyOf": [
                        {"required": ["points", "doublings"]},
                        {"required": ["points", "limit"]},
                        {"required": ["doublings", "limit"]},
                    ]
                },
            },
            "condition": {
                "anyOf": [
                    {"type": "string", "enum": names},
                    {
                        "type": "object",
                        "minProperties": 1,
                        "maxProperties": 1,
                        "additionalProperties": False,
                        "properties": condition_props,
                    },
                ]
            },
        },
    }


def _penalty_schema(points: dict[str, Any], count: dict[str, Any]) -> dict[str, Any]:
    """Penalties ("Penalties"; "Mah-Jongg or Mah-Diao"), as far as the loader's key lists tell."""
    from .engine.rules import LIABLE, PENALTY_KEYS, PENALTY_TYPES

    keys: set[str] = PENALTY_KEYS
    conditions = {"type": "array", "items": {"$ref": "#/definitions/condition"}}
    known: dict[str, Any] = {
        "id": {"type": "string", "minLength": 1},
        "label": {"type": "string", "minLength": 1},
        "type": {"type": "string", "enum": sorted(PENALTY_TYPES)},
        "note": {"type": "string"},
        "tiles": count,
        "pays": points,
        "liable": {"type": "string", "enum": list(LIABLE)},
        "when": conditions,
        "excused": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"no_choice": {"type": "boolean"}, "waiting_with": conditions},
        },
    }
    props = {key: known.get(key, {}) for key in sorted(keys)}
    return {"type": "object", "additionalProperties": False, "required": ["id"], "properties": props}


def _wash_schema(count: dict[str, Any]) -> dict[str, Any]:
    """Part II "Washing the Tiles": different heads -> points from each player."""
    from .engine.rule_types import MAX_EAST_MULTIPLIER

    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "payments": {
                "type": "object",
                "minProperties": 1,
                "additionalProperties": count,
                "description": "different heads (1-13): points from each player",
            },
            "east_multiplier": {**count, "minimum": 1, "maximum": MAX_EAST_MULTIPLIER},
        },
    }


def _evening_schema() -> dict[str, Any]:
    """`pungchow evening`: how the deal passes (engine/rule_sections.py EVENING_KEYS)."""
    from .engine.rule_sections import AFTER_FALSE_MAHJONGG, CAP_FACTS, EVENING_KEYS, MAX_EVENING

    count = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_EVENING}
    kinds: dict[str, Any] = {
        "round_wind": {"type": "boolean"},
        "east_repeat_cap": count,
        "east_win_cap": {**count, "minimum": 1},
        "east_win_cap_fact": {"type": ["string", "null"], "enum": [*CAP_FACTS, None]},
        "draw_passes_deal": {"type": "boolean"},
        "after_false_mahjongg": {"type": "string", "enum": list(AFTER_FALSE_MAHJONGG)},
        "sets_per_evening": {**count, "minimum": 1},
        "playable": {"type": "boolean"},
    }
    props = {key: {**kinds[key], "description": doc} for key, doc in EVENING_KEYS.items()}
    return {"type": "object", "additionalProperties": False, "properties": props}


def _settlement_schema(count: dict[str, Any]) -> dict[str, Any]:
    """How the winner's collection is paid (engine/rule_sections.py SETTLEMENT_KEYS)."""
    from .engine.rule_sections import DISCARD_PAYS, SETTLEMENT_KEYS

    kinds: dict[str, Any] = {
        "discard_pays": {"type": "string", "enum": list(DISCARD_PAYS)},
        "round_payments": {**count, "minimum": 1},
        "counter_points": count,
        "deposit_points": count,
    }
    props = {key: {**kinds[key], "description": doc} for key, doc in SETTLEMENT_KEYS.items()}
    return {"type": "object", "additionalProperties": False, "properties": props}


def shipped_schema() -> dict[str, Any]:
    """The schema file shipped with the rulesets."""
    from .ruleset_files import builtin_dir

    return json.loads((builtin_dir() / SCHEMA_FILE).read_text(encoding="utf-8"))


def main() -> None:
    """Print the schema (to regenerate the shipped file)."""
    print(json.dumps(build_schema(), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
