"""scoring._idle_facts tries a hand without each stated fact to see whether it changes nothing (the note
"--x: no rule of ruleset R can use ..."). Its shortcuts must decide each trial as the full path would:
here they are held to it.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any
from unittest.mock import patch

import pytest
import riichi_ours as ours
from hypothesis import assume, given
from hypothesis import strategies as st
from riichi_hands import RiichiCase, riichi_cases
from strategies import GenHand, winning_hands

from pungchow_calc.engine import scoring
from pungchow_calc.engine.conditions import Context
from pungchow_calc.engine.errors import PungchowError
from pungchow_calc.engine.hand import build
from pungchow_calc.engine.impossible import IMPOSSIBLE
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.plan import evaluate, lost_without, plan_for
from pungchow_calc.engine.rules import Ruleset, compile_ruleset
from pungchow_calc.engine.scoring import _less, _unmet, _winning, score_hand
from pungchow_calc.engine.situation import SITUATION_FACTS, Situation, WinBy, unmet_need
from pungchow_calc.engine.tiles import PLAYING_TILES, Wind
from pungchow_calc.ruleset_files import builtin_names, load

# Each stated field's value when not given (its default): False, 0 or no tiles.
NOT_GIVEN: dict[str, Any] = {
    f.name: f.default for f in fields(Situation) if f.name in {x.field for x in SITUATION_FACTS}
}


def _value(field: str) -> st.SearchStrategy[Any]:
    """Any value of a stated field, by the kind of its default: on/off, a count, or tiles."""
    empty = NOT_GIVEN[field]
    if isinstance(empty, bool):
        return st.booleans()
    if isinstance(empty, int):
        return st.integers(0, 3)
    return st.lists(st.sampled_from(PLAYING_TILES), max_size=7).map(tuple)


stated_situations = st.fixed_dictionaries({field: _value(field) for field in NOT_GIVEN}).map(
    lambda values: Situation(**values)
)


@given(stated_situations, st.sets(st.sampled_from(sorted(NOT_GIVEN))))
def test_unmet_need_of_dropped_facts_is_that_of_the_situation_without_them(
    situation: Situation, dropped: set[str]
):
    # _idle_facts knows a trial refused from the facts alone (unmet_need with `dropped`) before it
    # makes the trial's situation: the answer must be the one the situation without them gets.
    without = replace(situation, **{field: NOT_GIVEN[field] for field in dropped})
    assert unmet_need(situation, dropped) == unmet_need(without)


# --- the trials that only take lines away (plan.lost_without) -------------------------------------

RULESETS: dict[str, Ruleset] = {name: load(name) for name in builtin_names()}
FLAGS = tuple(fact.field for fact in SITUATION_FACTS if fact.flag)
# Winning hands of every kind: riichi's shapes (yakuman, seven pairs, thirteen orphans, many
# arrangements) and the book's (kongs of every kind, exposed pairs, bonus tiles).
hand_texts = st.one_of(riichi_cases().map(lambda case: case.hand), winning_hands().map(GenHand.text))


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    """A winner's situation with any on/off facts and indicators, consistent or not: `evaluate` reads
    them as given (the refusals are fact_notes.check_facts', before it)."""
    return Situation(
        seat=draw(st.sampled_from(Wind)),
        round=draw(st.sampled_from(Wind)),
        win_by=draw(st.sampled_from(WinBy)),
        dora=draw(_value("dora")),
        ura=draw(_value("ura")),
        **{field: draw(st.booleans()) for field in FLAGS},
    )


@given(
    hand_texts,
    st.sampled_from(sorted(RULESETS)),
    situations(),
    st.sets(st.sampled_from(sorted(NOT_GIVEN)), min_size=1, max_size=3),
)
def test_an_arrangement_without_facts_that_only_take_lines_away_finds_its_lines_less_theirs(
    text: str, name: str, situation: Situation, left_out: set[str]
):
    # _idle_facts scores a trial without facts from the lines found with them, less those of the rules
    # plan.lost_without names, where it names any: evaluating each arrangement afresh finds the same.
    ruleset = RULESETS[name]
    plan = plan_for(ruleset, True)
    lost = lost_without(plan, frozenset(left_out))
    assume(lost is not None and all(_unmet(situation, guard) for guard in lost[1]))
    assert lost is not None
    hand = build(parse(text))
    try:  # its arrangements, whatever the facts say of its winning tile (an original hand's has none)
        hand_waits, arrangements = _winning(hand, ruleset, replace(situation, original_hand=False))
    except PungchowError:
        assume(False)
    without = replace(situation, **{field: NOT_GIVEN[field] for field in left_out})
    nominal = ruleset.settings.limit or ruleset.settings.limit_hand_value
    for arrangement in arrangements:
        found = evaluate(plan, Context(situation, hand, arrangement, hand.counts, hand_waits), nominal, None)
        fresh = evaluate(plan, Context(without, hand, arrangement, hand.counts, hand_waits), nominal, None)
        assert _less(found, lost[0]) == fresh


def _outcome(text: str, ruleset: Ruleset, situation: Situation) -> object:
    try:
        return score_hand(build(parse(text)), ruleset, situation)
    except PungchowError as exc:
        return type(exc), str(exc)


@given(riichi_cases(), st.sampled_from(sorted(RULESETS)))
def test_the_notes_of_facts_that_change_nothing_are_those_of_the_full_trials(case: RiichiCase, name: str):
    # The whole score, notes included, with the trials' shortcut and with every trial scored afresh.
    situation = ours.situation(case.facts)
    shortcut = _outcome(case.hand, RULESETS[name], situation)
    with patch.object(scoring, "lost_without", lambda plan, facts: None):
        assert _outcome(case.hand, RULESETS[name], situation) == shortcut


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_some_trial_of_each_shipped_ruleset_with_such_facts_takes_the_shortcut(name: str):
    # The properties above are not vacuous: every ruleset whose rules require a fact has a fact whose
    # trial only takes lines away.
    plan = plan_for(RULESETS[name], True)
    required = [fact for fact in FLAGS if plan.required_by.get(fact)]
    assert not required or any(lost_without(plan, frozenset([fact])) for fact in required)


MAH_JONGG = {"id": "mj", "label": "Mah Jongg", "who": "winner", "points": 20}
LAST = {"id": "last", "label": "the last tile", "when": ["last_tile"], "doublings": 1}
URA = {"id": "ura", "label": "ura dora", "per": {"indicated": "ura"}, "doublings": 1}
# Small rulesets, one for each reason the rules reading a fact may take away more than their own lines
# without it: (rules, the fact left out, the rules lost_without names and its guards; None: it names none).
PROBES: dict[str, tuple[list[dict[str, Any]], str, tuple[list[str], list[list[str]]] | None]] = {
    # Its rules need it given and their lines are read by no other rule: they lose their lines only.
    "a fact its rule requires": ([MAH_JONGG, LAST], "last_tile", (["last"], [])),
    "a fact whose tiles its rule counts": ([MAH_JONGG, URA], "ura", (["ura"], [])),
    # A rule reads it but holds without it (the other fact given): it keeps its line ...
    "a rule asking for either fact": (
        [MAH_JONGG, LAST, {**LAST, "id": "either", "when": [{"any": ["last_tile", "first_discard"]}]}],
        "last_tile",
        None,
    ),
    # ... unless it requires a fact not given, when it gives no line either way.
    "a rule asking for either fact, and the ura": (
        [MAH_JONGG, {**URA, "when": [{"any": ["last_tile", "first_discard"]}]}],
        "last_tile",
        (["ura"], [["ura"]]),
    ),
    # Its rule claims a group: another rule of the group gives its line in its place ...
    "a group shared with a rule that reads none": (
        [MAH_JONGG, {**LAST, "group": "g"}, {"id": "plain", "label": "plain", "group": "g", "doublings": 1}],
        "last_tile",
        None,
    ),
    # ... unless that rule requires a fact not given.
    "a group shared with a rule requiring another fact": (
        [MAH_JONGG, {**LAST, "group": "g"}, {**LAST, "id": "first", "group": "g", "when": ["first_discard"]}],
        "last_tile",
        (["last"], [["first_discard"]]),
    ),
    # Its rule is worth points, and a deferred rule asks that no other points apply.
    "points a deferred rule reads": (
        [
            MAH_JONGG,
            {**LAST, "doublings": None, "points": 10},
            {**LAST, "id": "alone", "when": [{"no_other_points": {"except": ["mj"]}}]},
        ],
        "last_tile",
        None,
    ),
}


@pytest.mark.parametrize("probe", sorted(PROBES))
@pytest.mark.parametrize("first_discard", [False, True])
def test_the_rules_a_fact_takes_away_alone(probe: str, first_discard: bool):
    rules, fact, expected = PROBES[probe]
    rules = [{k: v for k, v in rule.items() if v is not None} for rule in rules]
    plan = plan_for(compile_ruleset({"rules": rules}, "t", "<t>"), True)
    lost = lost_without(plan, frozenset([fact]))
    named = None if lost is None else (sorted(r.id for r in lost[0]), [sorted(g) for g in lost[1]])
    assert named == expected
    # Evaluated afresh without the fact, the arrangement finds its lines less those of the rules that
    # read it when lost_without names them and the situation leaves a fact of each guard out; with the
    # other fact given, the rule spared or the other rule of the group gives a line, and it does not.
    hand = build(parse("1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c"))
    ura = parse("9b").groups[0].tiles  # it indicates the 1b: three held
    situation = Situation(win_by=WinBy.WALL, last_tile=True, first_discard=first_discard, ura=ura)
    (arrangement,) = _winning(hand, plan.ruleset, situation)[1]
    found = evaluate(plan, Context(situation, hand, arrangement, hand.counts, ()), None, None)
    without = Context(replace(situation, **{fact: NOT_GIVEN[fact]}), hand, arrangement, hand.counts, ())
    readers = frozenset(rule for rule in plan.rules if fact in rule.reads)
    if lost is not None and all(_unmet(situation, guard) for guard in lost[1]):
        assert _less(found, readers) == evaluate(plan, without, None, None)
    elif first_discard:
        assert _less(found, readers) != evaluate(plan, without, None, None)


@given(hand_texts, situations(), st.sets(st.sampled_from(FLAGS), min_size=1))
def test_no_test_of_impossible_refuses_a_fact_left_out(text: str, situation: Situation, left_out: set[str]):
    # _idle_facts' shortcut does not check a trial's facts again: a hand whose facts passed each test
    # passes it with fewer of them (each test refuses facts given, with each other or with the hand).
    hand = build(parse(text))
    without = replace(situation, **dict.fromkeys(left_out, False))
    for name, check in IMPOSSIBLE.items():
        if check.test(hand, situation) is None:
            assert check.test(hand, without) is None, name
