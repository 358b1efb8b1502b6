"""The condition registry (engine/conditions/): one module per family, each exporting `CONDITIONS`; every
entry carries its parameter spec, which is both the loader's one check of its parameters and what the
JSON Schema says of them.
"""

from __future__ import annotations

import itertools

import pytest

from pungchow_calc.engine import conditions
from pungchow_calc.engine.conditions import REGISTRY, TILE_CLASSES, Condition, Context, ParamError, Spec
from pungchow_calc.engine.conditions.base import HAND, Counter, Flag, refusal
from pungchow_calc.engine.conditions.tile_classes import situated_tiles
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
            assert loaded.value.message == refusal(f"condition {name!r}", refused)
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


JUDGED = sorted(
    name for name, entry in REGISTRY.items() if entry.one_of is not None or entry.kinds is not None
)
# Every set and pair of the game, lying concealed or completed by the winning tile.
_EVERY_UNIT = [
    meld(kind, tiles, winning=winning)
    for kind, tiles in [
        *(
            (MeldKind.CHOW, (t, PLAYING_TILES[t.index + 1], PLAYING_TILES[t.index + 2]))
            for t in PLAYING_TILES
            if t.suit.is_numbered and t.rank <= 7
        ),
        *(
            (kind, (t,) * n)
            for t in PLAYING_TILES
            for kind, n in ((MeldKind.PUNG, 3), (MeldKind.KONG, 4), (MeldKind.PAIR, 2))
        ),
    ]
    for winning in (False, True)
]


@pytest.mark.parametrize("name", JUDGED)
def test_what_one_of_and_kinds_say_holds_for_every_set_seat_and_round(name: str):
    """The loader refuses a `when:` of two entries that never both hold by Condition.one_of (values that
    share none; a `not:` of values holding all of the other's) and Condition.kinds (kinds of set or pair
    that share none): authoring.py _never_both_hint. Each is tried on every set and pair, in every seat,
    round and way of winning: two values that share none never both hold, a value whose values another
    holds all of never holds without it, and a test holds only for a unit of one of its kinds."""
    entry = REGISTRY[name]
    names = entry.spec.values  # type: ignore[attr-defined]  # each is a Choice
    values = [*names, *(list(pair) for pair in itertools.pairwise(names))]  # and lists of two
    tests = [entry.make(v) for v in values]
    one_of = [entry.one_of(v) for v in values] if entry.one_of is not None else None
    kinds = [entry.kinds(v) for v in values] if entry.kinds is not None else None
    hand = build(parse("1c2c3c 4d4d4d 7b8b9b RdRdRd 5c!5c"))
    # What one_of says of the values held together depends on which are held alone: each such set of
    # values is checked once, where it is first met (the suite's time: 10 s where every unit checked it).
    checked: set[tuple[int, ...]] = set()
    for situation in [Situation(seat=s, round=r, win_by=way) for s in Wind for r in Wind for way in WinBy]:
        for unit in _EVERY_UNIT:
            ctx = Context(situation, hand, (unit,), hand.counts, ())
            held = [i for i, test in enumerate(tests) if test(ctx, unit)]
            for i in held:
                assert kinds is None or unit.kind in kinds[i], (name, values[i], unit.code)
            if one_of is None or tuple(held) in checked:
                continue
            checked.add(tuple(held))
            for i in held:
                for j in range(len(values)):
                    if j in held:
                        assert one_of[i] & one_of[j], (name, values[i], values[j], situation, unit.code)
                    else:
                        assert not one_of[i] <= one_of[j], (name, values[i], values[j], situation, unit.code)


# The conditions whose mapping holds fields of kinds (base.KindsOf): `{melds: pung, wait: open}`.
KINDS_OF = sorted(name for name, entry in REGISTRY.items() if getattr(entry.spec, "kinds_of", ()))
_EVERY_LAID_UNIT = [
    meld(unit.kind, unit.tiles, exposed=exposed, winning=unit.winning)
    for unit in _EVERY_UNIT
    for exposed in (False, True)
]


def test_the_conditions_of_fields_of_kinds_are_those_known():
    assert KINDS_OF == ["count", "exposed_sets", "sets_before_win", "winning_meld"]


@pytest.mark.parametrize("name", KINDS_OF)
def test_what_the_fields_of_kinds_refuse_never_holds_and_what_they_read_does(name: str):
    """The loader refuses a mapping whose fields allow no kind of set or pair in common (Spec.mistake,
    base.kinds_mistake: `{winning_meld: {melds: pung, wait: open}}`, `{count: {melds: chow, tiles:
    honors, min: 1}}`). Every two or three of their values are tried on every set and pair, laid or not,
    holding the winning tile or not, in every seat and round: what is refused never holds (a count of one
    at least), and what is read holds for some."""
    entry = REGISTRY[name]
    fields = dict(entry.spec.fields)  # type: ignore[attr-defined]
    named = [field for field, _ in entry.spec.kinds_of]  # type: ignore[attr-defined]
    counted = {"min": 1} if isinstance(entry.spec, Counter) else {}
    hand = build(parse("1c2c3c 4d4d4d 7b8b9b RdRdRd 5c!5c"))
    situations = [Situation(seat=s, round=r, win_by=WinBy.DISCARD) for s in Wind for r in Wind]
    tried: set[tuple[tuple[str, object], ...]] = set()  # a mapping of fewer fields recurs in the product
    for chosen in itertools.product(*(fields[field].values for field in named)):  # type: ignore[attr-defined]
        for size in range(2, len(named) + 1):
            for keys in itertools.combinations(range(len(named)), size):
                if (once := tuple((named[k], chosen[k]) for k in keys)) in tried:
                    continue
                tried.add(once)
                params = {named[k]: chosen[k] for k in keys} | counted
                test = entry.make(params)
                held = any(
                    test(Context(s, hand, (unit,), hand.counts, ()), None)
                    for unit in _EVERY_LAID_UNIT
                    for s in situations
                )
                assert held is (entry.spec.mistake(params) is None), (name, params)
