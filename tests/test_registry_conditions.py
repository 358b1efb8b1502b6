"""The condition registry (engine/conditions/): one module per family, each exporting `CONDITIONS`; every
entry carries its parameter spec, which is both the loader's one check of its parameters and what the
JSON Schema says of them.
"""

from __future__ import annotations

import pytest

from pungchow_calc.engine import conditions
from pungchow_calc.engine.conditions import REGISTRY, Condition, ParamError, Spec
from pungchow_calc.engine.conditions.base import HAND, Flag
from pungchow_calc.engine.rules import Invalid, compile_ruleset
from pungchow_calc.schema import build_schema

NAMES = sorted(REGISTRY)


def test_the_registry_is_the_union_of_the_families():
    merged: dict[str, Condition] = {}
    for family in conditions.FAMILIES:
        assert family.__name__.startswith("pungchow_calc.engine.conditions.")
        assert not set(family.CONDITIONS) & set(merged), family.__name__
        merged.update(family.CONDITIONS)
    assert merged == REGISTRY


def test_a_condition_without_a_spec_cannot_be_made():
    with pytest.raises(TypeError):
        Condition(lambda params: lambda ctx, unit: True, HAND, "a condition with no spec")  # type: ignore[call-arg,arg-type]
    assert Condition(lambda params: lambda ctx, unit: True, Flag(), HAND, "with one").spec == Flag()


@pytest.mark.parametrize("name", NAMES)
def test_each_entry_has_a_spec_and_the_schema_is_what_it_says(name: str):
    entry = REGISTRY[name]
    assert isinstance(entry.spec, Spec) and type(entry.spec) is not Spec
    written = build_schema()["definitions"]["condition"]["anyOf"][1]["properties"][name]
    assert written == {**entry.spec.schema(), "description": entry.doc}


# Wrong parameters for every condition: the loader refuses each with the spec's own message.
WRONG: list[object] = [5, "no such thing", {"unknown": 1}, ["x", 3], {"min": -1}, {"ranks": [1]}]


@pytest.mark.parametrize("name", NAMES)
def test_the_spec_is_the_loaders_check(name: str):
    entry = REGISTRY[name]
    scope = "hand" if "hand" in entry.scopes else "set"
    for params in WRONG:
        rule = {"id": "r", "label": "R", "scope": scope, "when": [{name: params}], "points": 1}
        try:
            entry.spec.check(params)
        except ParamError as refused:
            with pytest.raises(Invalid) as loaded:
                compile_ruleset({"rules": [rule]}, "t", "<test>")
            assert loaded.value.message == f"condition {name!r} {refused}"
        else:
            compile_ruleset({"rules": [rule]}, "t", "<test>")  # what the spec takes, the loader takes
