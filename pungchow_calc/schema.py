"""The JSON Schema of ruleset files, and a small validator for the part of JSON Schema it uses.

The schema ships as `rulesets/ruleset.schema.json` (each shipped ruleset points editors at it);
`build_schema()` derives it from the registry and the loader's key lists, and a test checks the
shipped file equals it, so condition names can never drift. Regenerate after adding a condition:
`python -m pungchow_calc.schema > rulesets/ruleset.schema.json`.

The validator covers exactly the keywords the schema uses (draft-07 subset: type, enum,
minLength, minimum, maximum, exclusiveMinimum, properties, additionalProperties, required,
items, minItems, minProperties, maxProperties, anyOf, not, $ref to #/definitions), so checking a
user's file needs no dependency beyond the standard library.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

SCHEMA_FILE = "ruleset.schema.json"
Path_ = tuple[Any, ...]


def build_schema() -> dict[str, Any]:
    """The ruleset schema, with condition names and parameters taken from the registry."""
    from .engine.conditions import MELD_KINDS, REGISTRY, SHAPES, TILE_CLASSES
    from .engine.rules import RULE_KEYS, SCOPES, SETTING_KEYS, TOP_KEYS, WHO

    def choice(values: list[str], doc: str) -> dict[str, Any]:
        one = {"type": "string", "enum": values}
        many = {"type": "array", "minItems": 1, "items": one}
        return {"description": doc, "anyOf": [one, many]}

    def counter(min_properties: int, **fields: Any) -> dict[str, Any]:
        """A counting condition: its own fields and min / max / exactly (predicates._range)."""
        whole = {"type": "integer", "minimum": 0}
        return {
            "type": "object",
            "additionalProperties": False,
            "minProperties": min_properties,
            "properties": {**fields, "min": whole, "max": whole, "exactly": whole},
        }

    flag = {"type": ["null", "boolean"], "enum": [None, True]}
    tile_list = {
        "description": "tile classes and/or tiles in notation (e.g. 2b, Gd)",
        "anyOf": [{"type": "string"}, {"type": "array", "minItems": 1, "items": {"type": "string"}}],
    }
    params: dict[str, dict[str, Any]] = {
        "meld": choice(list(MELD_KINDS), "kind of set or pair"),
        "winning_in": choice(list(MELD_KINDS), "kind of meld holding the winning tile"),
        "tiles": choice(list(TILE_CLASSES), "class every tile belongs to"),
        "won_by": choice(["wall", "loose", "discard", "drawn"], "how the winning tile came"),
        "seat": choice(["east", "south", "west", "north"], "the holder's seat"),
        "own_bonus": choice(["flower", "season"], "own flower or own season"),
        "wait": choice(["closed", "open"], "where a chow was filled"),
        "shape": choice(list(SHAPES), "special shape of a limit hand"),
        "count": counter(
            2,
            melds=choice(list(MELD_KINDS), "kind of meld to count"),
            tiles=choice(list(TILE_CLASSES), "class of their tiles"),
        ),
        # Penalties ("discarder pays for all"): sets and tiles on the table before the winning tile.
        **{
            name: counter(
                1,
                melds=choice(list(MELD_KINDS), "kind of set to count"),
                tiles=choice(list(TILE_CLASSES), "class of their tiles"),
                include_winning={"type": "boolean", "description": "count the winning set too"},
            )
            for name in ("exposed_sets", "sets_before_win")
        },
        "exposed_tiles": counter(
            1,
            tiles=choice(list(TILE_CLASSES), "class of the tiles to count"),
            same_suit={"type": "boolean", "description": "count the fullest numbered suit only"},
            include_winning={"type": "boolean", "description": "count the set the winning tile made"},
        ),
        "winning_tile": choice(list(TILE_CLASSES), "class of the winning tile"),
        "winning_meld": {
            "type": "object",
            "additionalProperties": False,
            "minProperties": 1,
            "properties": {
                "melds": choice(list(MELD_KINDS), "kind of the set or pair holding the winning tile"),
                "tiles": choice(list(TILE_CLASSES), "class of its tiles"),
            },
        },
        # Bonus tiles as scoring tiles, concealment with a say over kongs, tiles named in the ruleset.
        "bonus_tiles": counter(
            1,
            kinds=choice(["flower", "season"], "bonus suits counted (default both)"),
            own={"type": "boolean", "description": "count only the holder's own flower/season"},
        ),
        **{
            name: counter(
                1,
                melds=choice(list(MELD_KINDS), "kind of meld to count"),
                declared_kongs={"type": "boolean", "description": "a kong declared face down is concealed"},
                claimed_kongs={"type": "boolean", "description": "a kong claimed onto a pung is concealed"},
            )
            for name in ("concealed_sets", "exposed_melds")
        },
        "all_concealed": {
            "anyOf": [
                flag,
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "declared_kongs": {"type": "boolean", "description": "declared kongs are concealed"},
                        "claimed_kongs": {"type": "boolean", "description": "claimed kongs are concealed"},
                    },
                },
            ]
        },
        "all_tiles": tile_list,
        "won_with": tile_list,
        "suit_pattern": {
            "type": "object",
            "additionalProperties": False,
            "required": ["ranks"],
            "properties": {
                "ranks": {
                    "type": "array",
                    "minItems": 9,
                    "items": {"type": "integer", "minimum": 0, "maximum": 4},
                    "description": "how many tiles of each rank 1-9 the suit holds",
                },
                "extra": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 1, "maximum": 9},
                    "description": "ranks one extra tile may have",
                },
                "with": {"type": "array", "items": {"type": "string"}, "description": "tiles held once each"},
                "concealed": {"type": "boolean", "description": "nothing declared or exposed"},
                "extra_wins": {"type": "boolean", "description": "the extra tile is the winning tile"},
            },
        },
        "knitted": {
            "type": "object",
            "additionalProperties": False,
            "minProperties": 1,
            "properties": {
                "triples": {"type": "integer", "minimum": 0, "description": "one rank in all three suits"},
                "pairs": {"type": "integer", "minimum": 0, "description": "one rank in two suits"},
            },
        },
        "seven_pairs": tile_list,
        "calling_for": {
            "description": "rule ids of this ruleset",
            "anyOf": [{"type": "string"}, {"type": "array", "minItems": 1, "items": {"type": "string"}}],
        },
        "no_other_points": {
            "anyOf": [
                flag,
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["except"],
                    "properties": {"except": {"type": "array", "items": {"type": "string"}}},
                },
            ]
        },
    }
    names = list(REGISTRY)
    condition_props: dict[str, Any] = {}
    for name in names:
        entry = dict(params.get(name, flag))
        entry["description"] = REGISTRY[name].doc
        condition_props[name] = entry
    condition_props["not"] = {"$ref": "#/definitions/condition", "description": "the condition fails"}
    condition_props["any"] = {
        "type": "array",
        "minItems": 1,
        "items": {"$ref": "#/definitions/condition"},
        "description": "at least one of the conditions holds",
    }
    count = {"type": "integer", "minimum": 0}
    points = {
        "anyOf": [
            count,
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["exposed", "concealed"],
                "properties": {"exposed": count, "concealed": count},
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["limit_fraction"],
                "properties": {"limit_fraction": {"type": "number", "exclusiveMinimum": 0, "maximum": 1}},
            },
        ]
    }
    rule_props: dict[str, Any] = {
        "id": {"type": "string", "minLength": 1, "description": "stable name; `extends` merges by it"},
        "label": {"type": "string", "minLength": 1, "description": "the line as the score card prints it"},
        "scope": {"type": "string", "enum": list(SCOPES), "description": "hand (default), set or pair"},
        "who": {"type": "string", "enum": list(WHO), "description": "winner, others or all (default)"},
        "group": {"type": "string", "description": "first matching rule of a group wins, per unit"},
        "when": {"type": "array", "items": {"$ref": "#/definitions/condition"}},
        "points": points,
        "doublings": count,
        "limit": {
            "description": "a limit hand, or a share of the limit paid when more than the count",
            "anyOf": [{"type": "boolean"}, {"type": "number", "exclusiveMinimum": 0, "maximum": 1}],
        },
        "note": {"type": "string"},
    }
    assert set(rule_props) == RULE_KEYS, "schema rule keys out of step with ruleset.RULE_KEYS"
    setting_props: dict[str, Any] = {}
    for key, doc in SETTING_KEYS.items():
        if key in ("limit", "limit_hand_value", "max_chows"):
            setting_props[key] = {"type": ["integer", "null"], "minimum": 0, "description": doc}
        elif key in ("settle_losers", "limit_hand_counts", "long_hand_scores_zero"):
            setting_props[key] = {"type": "boolean", "description": doc}
        elif key == "east_multiplier":
            setting_props[key] = {"type": "integer", "minimum": 1, "description": doc}
        else:
            setting_props[key] = {"type": "integer", "minimum": 0, "description": doc}
    top: dict[str, Any] = {
        "$schema": {"type": "string"},
        "name": {"type": "string", "minLength": 1},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "extends": {"type": "string", "minLength": 1, "description": "shipped name or path of the base"},
        # An empty `settings:` (YAML null, e.g. only comments below it) is allowed, as the loader does.
        "settings": {"anyOf": [{"type": "null"}, {"$ref": "#/definitions/settings"}]},
        "rules": {"type": "array", "items": {"$ref": "#/definitions/rule"}},
        "remove_rules": {"type": "array", "items": {"type": "string"}},
    }
    definitions: dict[str, Any] = {}
    if "penalties" in TOP_KEYS:
        top["penalties"] = {
            "anyOf": [{"type": "null"}, {"type": "array", "items": {"$ref": "#/definitions/penalty"}}]
        }
        top["remove_penalties"] = {"type": "array", "items": {"type": "string"}}
        definitions["penalty"] = _penalty_schema(points)
    if "wash" in TOP_KEYS:
        top["wash"] = {"anyOf": [{"type": "null"}, _wash_schema()]}
    for key in sorted(TOP_KEYS - set(top)):  # a key added to the loader but not described here yet
        top[key] = {"description": "see pungchow_calc/engine/rules.py"}
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "pungchow ruleset",
        "description": "A Pung Chow score card as data (see rulesets/pung-chow.yaml).",
        "type": "object",
        "additionalProperties": False,
        "anyOf": [{"required": ["rules"]}, {"required": ["extends"]}],
        "properties": top,
        "definitions": {
            **definitions,
            "settings": {"type": "object", "additionalProperties": False, "properties": setting_props},
            "rule": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id"],
                "properties": rule_props,
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


def _penalty_schema(points: dict[str, Any]) -> dict[str, Any]:
    """Penalties ("Penalties"; "Mah-Jongg or Mah-Diao"), as far as the loader's key lists tell."""
    from .engine.rules import LIABLE, PENALTY_KEYS, PENALTY_TYPES

    keys: set[str] = PENALTY_KEYS
    conditions = {"type": "array", "items": {"$ref": "#/definitions/condition"}}
    known: dict[str, Any] = {
        "id": {"type": "string", "minLength": 1},
        "label": {"type": "string", "minLength": 1},
        "type": {"type": "string", "enum": sorted(PENALTY_TYPES)},
        "note": {"type": "string"},
        "tiles": {"type": "integer", "minimum": 0},
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


def _wash_schema() -> dict[str, Any]:
    """Part II "Washing the Tiles": different heads -> points from each player."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "payments": {
                "type": "object",
                "minProperties": 1,
                "additionalProperties": {"type": "integer", "minimum": 0},
                "description": "different heads (9-13): points from each player",
            },
            "east_multiplier": {"type": "integer", "minimum": 1},
        },
    }


def shipped_schema() -> dict[str, Any]:
    """The schema file shipped with the rulesets."""
    from .ruleset_files import builtin_dir

    return json.loads((builtin_dir() / SCHEMA_FILE).read_text(encoding="utf-8"))


# --- validation ---------------------------------------------------------------------------

_TYPES: dict[str, Any] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
}


def _kind(value: Any) -> str:
    for name in ("null", "boolean", "integer", "number", "string", "array", "object"):
        if _TYPES[name](value):
            return name
    return type(value).__name__


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/"):
            raise ValueError(f"unsupported $ref {ref!r}")
        node: Any = root
        for part in ref[2:].split("/"):
            node = node[part]
        schema = node
    return schema


def _where(path: Path_) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "the ruleset"


def errors(
    value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None, path: Path_ = ()
) -> Iterator[tuple[Path_, str]]:
    """Every (path, reason) where `value` breaks `schema`; empty when it conforms."""
    root = root if root is not None else schema
    schema = _resolve(schema, root)
    types = schema.get("type")
    if types is not None:
        allowed = [types] if isinstance(types, str) else types
        if not any(_TYPES[t](value) for t in allowed):
            yield path, f"{_where(path)} must be {' or '.join(allowed)}, not {_kind(value)} {value!r}"
            return
    if "enum" in schema and value not in schema["enum"]:
        shown = ", ".join("null" if v is None else str(v) for v in schema["enum"])
        yield path, f"{_where(path)}: {value!r} is not one of {shown}"
        return
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        yield path, f"{_where(path)} must not be empty"
    if _TYPES["number"](value):
        if "minimum" in schema and value < schema["minimum"]:
            yield path, f"{_where(path)} must be at least {schema['minimum']}, not {value!r}"
        if "maximum" in schema and value > schema["maximum"]:
            yield path, f"{_where(path)} must be at most {schema['maximum']}, not {value!r}"
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            yield path, f"{_where(path)} must be more than {schema['exclusiveMinimum']}, not {value!r}"
    if isinstance(value, dict):
        yield from _object(value, schema, root, path)
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            yield path, f"{_where(path)} needs at least {schema['minItems']} item(s)"
        if "items" in schema:
            for i, item in enumerate(value):
                yield from errors(item, schema["items"], root, (*path, i))
    if "anyOf" in schema:
        yield from _any_of(value, schema["anyOf"], root, path)
    if "not" in schema and not any(True for _ in errors(value, schema["not"], root, path)):
        yield path, f"{_where(path)}: {_not_reason(schema['not'])}"


def _object(
    value: dict[Any, Any], schema: dict[str, Any], root: dict[str, Any], path: Path_
) -> Iterator[tuple[Path_, str]]:
    props = schema.get("properties", {})
    for key in schema.get("required", []):
        if key not in value:
            yield path, f"{_where(path)} needs {key!r}"
    if len(value) < schema.get("minProperties", 0):
        yield path, f"{_where(path)} needs at least {schema['minProperties']} key(s)"
    if len(value) > schema.get("maxProperties", len(value)):
        yield path, f"{_where(path)} takes at most {schema['maxProperties']} key(s), got {len(value)}"
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        if key in props:
            yield from errors(item, props[key], root, (*path, key))
        elif extra is False:
            known = ", ".join(k for k in props if not k.startswith("$")) if len(props) < 20 else None
            hint = f" (known: {known})" if known else ""
            yield (*path, key), f"{_where(path)}: unknown key {key!r}{hint}"
        elif isinstance(extra, dict):
            yield from errors(item, extra, root, (*path, key))


def _any_of(
    value: Any, options: list[dict[str, Any]], root: dict[str, Any], path: Path_
) -> Iterator[tuple[Path_, str]]:
    found = [list(errors(value, option, root, path)) for option in options]
    if any(not f for f in found):
        return
    # Report the branch meant for this kind of value (a string condition, a mapping condition...).
    fitting = [f for f, option in zip(found, options, strict=True) if _fits_type(value, option, root)]
    if fitting:
        # Several fit (two shapes of mapping): the one that comes closest, i.e. with fewest errors.
        yield from min(fitting, key=len)
        return
    kinds = sorted({t for o in options for t in _branch_types(o, root)})
    yield (
        path,
        f"{_where(path)} must be {' or '.join(kinds) or 'another value'}, not {_kind(value)} {value!r}",
    )


def _branch_types(schema: dict[str, Any], root: dict[str, Any]) -> list[str]:
    schema = _resolve(schema, root)
    types = schema.get("type")
    if types is None:
        return [t for s in schema.get("anyOf", []) for t in _branch_types(s, root)]
    return [types] if isinstance(types, str) else list(types)


def _fits_type(value: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    schema = _resolve(schema, root)
    types = schema.get("type")
    if types is None:
        return "anyOf" not in schema or any(_fits_type(value, s, root) for s in schema["anyOf"])
    allowed = [types] if isinstance(types, str) else types
    return any(_TYPES[t](value) for t in allowed)


def _not_reason(schema: dict[str, Any]) -> str:
    options = schema.get("anyOf", [schema])
    keys = sorted({k for o in options for k in o.get("required", [])})
    if keys:
        return f"give only one of {', '.join(keys)}"
    return "value not allowed here"


def validate(value: Any, schema: dict[str, Any] | None = None) -> list[tuple[Path_, str]]:
    """All schema errors of a ruleset document (the shipped schema unless one is given)."""
    return list(errors(value, schema if schema is not None else shipped_schema()))


def _duplicate_key(text: str) -> tuple[int, str] | None:
    """The first mapping key written twice (YAML itself keeps the last one silently)."""
    import yaml

    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, RecursionError):
        return None
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            seen: set[Any] = set()
            for key, value in node.value:
                name = getattr(key, "value", None)
                if isinstance(name, str) and name in seen:
                    return key.start_mark.line + 1, name
                seen.add(name)
                stack.append(value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return None


def check(file: str) -> Any:
    """Validate a ruleset file: YAML, duplicate keys, the schema, then a full load (extends included).

    Returns the loaded Ruleset; raises RulesetError naming the file, the line and the reason.
    """
    from .engine.errors import RulesetError
    from .ruleset_files import _read, line_of, load, resolve

    path = resolve(file).resolve()
    text, doc = _read(path)
    duplicate = _duplicate_key(text)
    if duplicate is not None:
        line, key = duplicate
        raise RulesetError(f"key {key!r} is written twice", code="ruleset-invalid", file=str(path), line=line)
    if not isinstance(doc, dict):
        raise RulesetError(
            "a ruleset is a mapping (name:, settings:, rules: ...)",
            code="ruleset-invalid",
            file=str(path),
            line=1,
        )
    found = validate(doc)
    if found:
        where, reason = found[0]
        raise RulesetError(reason, code="ruleset-schema", file=str(path), line=line_of(text, where))
    return load(str(path))


def main() -> None:
    """Print the schema (to regenerate the shipped file)."""
    print(json.dumps(build_schema(), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
