"""The condition registry (engine/conditions/): one module per family, each exporting `CONDITIONS`; every
entry carries its parameter spec, which is both the loader's one check of its parameters and what the
JSON Schema says of them.
"""

from __future__ import annotations

import pytest

from pungchow_calc.engine import conditions
from pungchow_calc.engine.conditions import REGISTRY, TILE_CLASSES, Condition, Context, ParamError, Spec
from pungchow_calc.engine.conditions.base import HAND, Flag, situated_tiles
from pungchow_calc.engine.hand import MeldKind, build, meld
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.rules import Invalid, compile_ruleset
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import PLAYING_TILES, Suit, Wind
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
            # What the spec takes, the loader takes, given the rules it names (Condition.names_rules).
            named = sorted(entry.names_rules(params) - {"r"}) if entry.names_rules else []
            others = [{"id": n, "label": n, "points": 1} for n in named]
            compile_ruleset({"rules": [rule, *others]}, "t", "<test>")


# --- a condition that reads its facts only to class its unit's own tiles --------------------------

TILE_READERS = sorted(name for name, entry in REGISTRY.items() if entry.tile_reads)
_SITUATIONS = [Situation(seat=seat, round=wind) for seat in Wind for wind in Wind]


def test_the_situated_tiles_are_the_winds():
    assert situated_tiles() == frozenset(t for t in PLAYING_TILES if t.suit is Suit.WINDS)


def test_the_tiles_condition_reads_its_facts_only_to_class_its_units_tiles():
    assert TILE_READERS == ["tiles"]


@pytest.mark.parametrize("name", TILE_READERS)
@pytest.mark.parametrize("params", TILE_CLASSES, ids=list(TILE_CLASSES))
def test_a_tile_reader_answers_alike_in_every_seat_and_round_for_a_unit_of_other_tiles(
    name: str, params: str
):
    # Condition.tile_reads lets the plan share a unit's lines among seats and rounds (Memo.shared) when
    # it holds none of situated_tiles(): the answer for such a unit must not change with them.
    test = REGISTRY[name].make(params)
    hand = build(parse("1c2c3c 4d4d4d 7b8b9b RdRdRd 5c!5c"))
    units = [
        meld(kind, tiles)
        for kind, tiles in [
            (MeldKind.CHOW, (t, PLAYING_TILES[t.index + 1], PLAYING_TILES[t.index + 2]))
            for t in PLAYING_TILES
            if t.suit.is_numbered and t.rank <= 7
        ]
        + [(kind, (t,) * n) for t in PLAYING_TILES for kind, n in ((MeldKind.PUNG, 3), (MeldKind.PAIR, 2))]
    ]
    for unit in units:
        answers = {test(Context(s, hand, (unit,), hand.counts, ()), unit) for s in _SITUATIONS}
        if situated_tiles().isdisjoint(unit.tiles):
            assert len(answers) == 1, unit.code


ONE_OF = sorted(name for name, entry in REGISTRY.items() if entry.one_of is not None)


@pytest.mark.parametrize("name", ONE_OF)
def test_values_one_of_says_share_nothing_never_both_hold(name: str):
    """Condition.one_of lets the loader refuse a `when:` asking two values that share none (rules.py
    _never_both): in every seat, way of winning and set or pair tried, two such tests never both hold."""
    entry = REGISTRY[name]
    values = entry.spec.values  # type: ignore[attr-defined]  # each is a Choice
    tests = {v: entry.make(v) for v in values}
    hand = build(parse("1c2c3c 4d4d4d 7b8b9b RdRdRd 5c!5c"))
    win = hand.winning_tile
    units = [
        meld(kind, tiles, winning=winning)
        for kind, tiles in [
            (MeldKind.CHOW, tuple(PLAYING_TILES[i] for i in (3, 4, 5))),
            (MeldKind.CHOW, tuple(PLAYING_TILES[i] for i in (4, 5, 6))),
            (MeldKind.PUNG, (win,) * 3),
            (MeldKind.KONG, (win,) * 4),
            (MeldKind.PAIR, (win,) * 2),
        ]
        for winning in (False, True)
    ]
    situations = [Situation(seat=seat, win_by=way) for seat in Wind for way in WinBy]
    for situation in situations:
        for unit in units:
            held = {
                v
                for v, test in tests.items()
                if test(Context(situation, hand, (unit,), hand.counts, ()), unit)
            }
            for v in held:
                for w in held:
                    assert entry.one_of(v) & entry.one_of(w), (name, v, w, situation, unit.code)
