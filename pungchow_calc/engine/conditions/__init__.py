"""The registry of rule conditions: stable names that ruleset YAML refers to, with parameters.

Each family module (situation, sets, whole, bonus, concealment, pattern, calling, laid) exports its
entries as `CONDITIONS`, a dict of name -> `base.Condition`; the registry below is their union, written
out here (there is no module scanning, and nothing is evaluated: a name not in `REGISTRY` is a load
error). An entry carries its parameter spec (`Condition.spec`: the one check of its parameters, and the
JSON Schema pungchow_calc/schema.py writes), the situation facts it reads (`reads`) and, for a local
set or pair condition, the fields of the unit it reads (`unit_reads`). Each entry builds a test from its
YAML parameters once, at load time; the test then answers for one arrangement (`unit` is None for a
hand rule, the set or pair for a set or pair rule).
"""

from __future__ import annotations

from typing import Any

from ..decomposition import SHAPES
from . import bonus, calling, concealment, laid, pattern, sets, situation, whole
from .base import (
    READABLE,
    UNIT_FIELDS,
    Condition,
    Context,
    Decide,
    ParamError,
    Spec,
    Tally,
    Test,
    any_tally,
    lies_exposed,
)
from .pattern import PATTERN_SHAPES
from .tile_classes import FIXED_CLASSES, MELD_KINDS, SITUATED_CLASSES, TILE_CLASSES

__all__ = [
    "FIXED_CLASSES",
    "MELD_KINDS",
    "PATTERN_SHAPES",
    "READABLE",
    "REGISTRY",
    "SHAPES",
    "SITUATED_CLASSES",
    "TILE_CLASSES",
    "UNIT_FIELDS",
    "Condition",
    "Context",
    "Decide",
    "ParamError",
    "Spec",
    "Tally",
    "Test",
    "any_tally",
    "lies_exposed",
    "facts_read",
    "facts_required",
    "params_mistakes",
    "rules_named",
    "unit_fields_read",
]

FAMILIES = (situation, whole, sets, laid, bonus, concealment, pattern, calling)
REGISTRY: dict[str, Condition] = {
    **situation.CONDITIONS,  # who holds the hand and how it was won
    **whole.CONDITIONS,  # the whole hand
    **sets.CONDITIONS,  # one set or pair
    **laid.CONDITIONS,  # what lay on the table when the winning tile came (the penalties)
    **bonus.CONDITIONS,  # the bonus tiles held
    **concealment.CONDITIONS,  # concealment as a rule means it
    **pattern.CONDITIONS,  # tiles named in the ruleset, one-suit patterns, knitted hands, seven pairs
    **calling.CONDITIONS,  # what a non-winning hand is calling for
}
assert len(REGISTRY) == sum(len(f.CONDITIONS) for f in FAMILIES), "a condition name is given twice"


def _entries(when: Any) -> list[tuple[Condition | None, Any]]:
    """The registry entries (None: not a condition) a `when:` list names, through `not` and `any`."""
    if isinstance(when, list):
        return [found for entry in when for found in _entries(entry)]
    name: Any  # a mapping's key may be any YAML scalar: Any, for a compiled engine (engine/rules.py)
    if isinstance(when, str):
        name, params = when, None
    elif isinstance(when, dict) and len(when) == 1:
        ((name, params),) = when.items()
    else:
        return [(None, when)]
    if name in ("not", "any"):
        return _entries(params if isinstance(params, list) else [params])
    return [(REGISTRY.get(name) if isinstance(name, str) else None, params)]


def facts_read(when: Any, tile_reads: bool = True) -> frozenset[str]:
    """The situation facts a compiled `when:` list reads (through `not` and `any` too); without
    `tile_reads`, leaving out those read only to class the unit's own tiles (Condition.tile_reads).

    Anything not a known condition (never so once compiled) counts as reading every fact.
    """
    return frozenset().union(
        *(
            READABLE if condition is None else condition.reads(params)
            for condition, params in _entries(when)
            if tile_reads or condition is None or not condition.tile_reads
        )
    )


def facts_required(when: Any) -> frozenset[str]:
    """The on/off facts a `when:` list requires given: its conditions that are a fact itself
    (Condition.fact), at the top level (not under `not` or `any`)."""
    top = (
        [e for e in when if not (isinstance(e, dict) and ("not" in e or "any" in e))]
        if isinstance(when, list)
        else []
    )
    return frozenset(
        condition.fact
        for condition, params in _entries(top)
        if condition is not None and condition.fact and params in (None, True)
    )


_NAMES = {condition: name for name, condition in REGISTRY.items()}  # entries hash by identity


def rules_named(when: Any) -> list[tuple[str, str]]:
    """(condition, rule id) for each rule of the ruleset a compiled `when:` list names by id
    (Condition.names_rules), through `not` and `any`."""
    return [
        (_NAMES[condition], rule_id)
        for condition, params in _entries(when)
        if condition is not None and condition.names_rules is not None
        for rule_id in sorted(condition.names_rules(params))
    ]


def params_mistakes(when: Any) -> list[tuple[str, str]]:
    """(condition, why) for each entry of a compiled `when:` list whose parameters its spec accepts but
    no one means (Spec.mistake: a count whose min is above its max), through `not` and `any`."""
    return [
        (_NAMES[condition], why)
        for condition, params in _entries(when)
        if condition is not None and (why := condition.spec.mistake(params)) is not None
    ]


def unit_fields_read(when: Any) -> frozenset[str]:
    """The fields of its set or pair a compiled `when:` list reads (Condition.unit_reads)."""
    return frozenset().union(
        *(UNIT_FIELDS if condition is None else condition.unit_reads for condition, _ in _entries(when))
    )
