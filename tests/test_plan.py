"""How a plan applies rules: groups claimed once per unit, also by rules deferred to the end."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from family_helpers import MAH_JONGG, score
from hypothesis import given
from hypothesis import strategies as st
from strategies import GenHand, losing_hands, special_hands, winning_hands

from pungchow_calc.engine import plan as plan_module
from pungchow_calc.engine.conditions import REGISTRY, Context
from pungchow_calc.engine.conditions.base import UNIT
from pungchow_calc.engine.decomposition import loser_arrangements, shape_arrangement, winning_arrangements
from pungchow_calc.engine.hand import Hand, Meld, MeldKind, build, meld
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.plan import _line_key, _unit_lines, evaluate, memo_for, plan_for, tallied, tally_key
from pungchow_calc.engine.rule_types import LINE_PLACES, UNITS_AT, line_at
from pungchow_calc.engine.rules import Ruleset, compile_ruleset
from pungchow_calc.engine.scoring import _display_order
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import PLAYING_TILES, Wind
from pungchow_calc.ruleset_files import builtin_names, load

PUNG_POINTS = {
    "id": "pung_points",
    "label": "a pung",
    "scope": "set",
    "group": "worth",
    "when": [{"meld": "pung"}],
    "points": 4,
}


def _late(group: str) -> dict[str, object]:
    """A deferred set rule (it reads the other lines) of the given group, worth 1 a set."""
    return {
        "id": "plain_set",
        "label": "a set worth nothing else",
        "scope": "set",
        "group": group,
        "when": [{"no_other_points": {"except": ["mj", "pung_points", "plain_set"]}}],
        "points": 1,
    }


@pytest.mark.parametrize(
    ("group", "plain_sets"),
    [("worth", ["1c2c3c", "5d6d7d"]), ("other", ["1b1b1b", "1c2c3c", "5d6d7d", "8d8d8d"])],
    ids=["same-group-as-the-pungs", "a-group-of-its-own"],
)
def test_a_deferred_rule_respects_the_groups_claimed_before_it(group: str, plain_sets: list[str]):
    ruleset = compile_ruleset({"rules": [MAH_JONGG, PUNG_POINTS, _late(group)]}, "test", "<test>")
    result = score("1b1b1b 1c2c3c 5d6d7d 8d8d8d Rd!Rd", ruleset)
    assert sorted(line.meld for line in result.lines if line.rule == "plain_set") == plain_sets
    assert result.points == 20 + 4 + 4 + len(plain_sets)


def test_a_set_rule_worth_nothing_still_claims_its_group_before_a_deferred_rule():
    # An exposed chow worth nothing here prints no line, yet its rule holds and claims the group: the
    # deferred rule of that group gives it no line (the chow's lines are otherwise empty).
    chow = {
        "id": "pung_points",
        "label": "a chow",
        "scope": "set",
        "group": "worth",
        "when": [{"meld": "chow"}],
        "points": {"exposed": 0, "concealed": 2},
    }
    ruleset = compile_ruleset({"rules": [MAH_JONGG, chow, _late("worth")]}, "test", "<test>")
    result = score("1c2c3c* 5d6d7d 1b1b1b 8d8d8d Rd!Rd", ruleset)
    assert sorted(line.meld for line in result.lines if line.rule == "plain_set") == ["1b1b1b", "8d8d8d"]


# --- remembered lines are shared by situations the rules cannot tell apart ----------------------


def _memos(ruleset: str, changed: dict[str, object]) -> tuple[Any, Any]:
    """The winner's memos of a ruleset's plan for a discard won in the east seat and round, and for
    the same situation with `changed`."""
    plan = plan_for(load(ruleset), winner=True)
    base = Situation(seat=Wind.EAST, round=Wind.EAST, win_by=WinBy.DISCARD, discarder=Wind.NORTH)
    return memo_for(plan, base, True, None), memo_for(plan, replace(base, **changed), True, None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("ruleset", "changed", "shared"),
    [
        pytest.param("pung-chow", {"round": Wind.SOUTH}, True, id="pung-chow-reads-no-round"),
        pytest.param("pung-chow", {"discarder": Wind.WEST}, True, id="nor-the-discarder"),
        pytest.param("pung-chow", {"seat": Wind.SOUTH}, False, id="it-reads-the-seat"),
        pytest.param("pung-chow", {"win_by": WinBy.WALL}, False, id="and-the-way-to-win"),
        pytest.param("classical-dmjl", {"round": Wind.SOUTH}, False, id="dmjl-reads-the-round"),
    ],
)
def test_situations_share_remembered_lines_unless_a_rule_reads_the_difference(
    ruleset: str, changed: dict[str, object], shared: bool
):
    one, other = _memos(ruleset, changed)
    assert (one.units is other.units and one.situated is other.situated) is shared


@pytest.mark.parametrize(
    ("changed", "units", "situated"),
    [
        pytest.param({"riichi": True}, True, False, id="riichi-is-the-situated-rules-fact"),
        pytest.param({"ippatsu": True, "riichi": True}, True, False, id="and-ippatsu"),
        pytest.param({"seat": Wind.SOUTH}, False, False, id="the-seat-wind-pung-reads-the-seat"),
        pytest.param({"dora": (PLAYING_TILES[0],)}, True, True, id="dora-are-counted-per-hand"),
    ],
)
def test_set_lines_and_situated_lines_are_remembered_apart(
    changed: dict[str, object], units: bool, situated: bool
):
    # Riichi's sets score their fu whatever riichi, ippatsu or the last tile: the situations those
    # facts tell apart share the set lines, and only the situated hand rules' lines are kept apart.
    one, other = _memos("riichi-ema-2016", changed)
    assert (one.units is other.units, one.situated is other.situated) == (units, situated)


@pytest.mark.parametrize(
    ("ruleset", "changed", "shared"),
    [
        pytest.param("riichi-ema-2016", {"seat": Wind.SOUTH, "round": Wind.WEST}, True, id="riichi-winds"),
        pytest.param("pung-chow-limit", {"round": Wind.SOUTH}, True, id="limit-round-wind"),
        pytest.param("pung-chow-limit", {"win_by": WinBy.WALL}, False, id="limit-reads-the-way-to-win"),
    ],
)
def test_a_unit_of_no_wind_is_shared_by_seats_and_rounds_its_rules_tell_only_by_its_tiles(
    ruleset: str, changed: dict[str, object], shared: bool
):
    # Their set rules read the seat and round only to class a set's own tiles (`tiles: own_wind`,
    # Condition.tile_reads): each situation keeps its own memo, but a set holding no wind is looked up
    # among every situation's (Memo.shared), unless a rule reads the difference itself.
    one, other = _memos(ruleset, changed)
    assert one.units is not other.units
    assert one.shared is not None and other.shared is not None
    assert (one.shared[1] is other.shared[1]) is shared


@pytest.mark.parametrize(
    "text",
    [
        "EwEwEw 1c2c3c 4d5d6d 7b8b9b 5c!5c",
        "SwSwSw 1c2c3c 4d5d6d WwWwWw 5c!5c",
        "1c2c3c 4d5d6d 7b8b9b 2c2c2c Nw!Nw",
    ],
    ids=["east-pung", "south-and-west-pungs", "north-pair"],
)
def test_wind_sets_are_scored_afresh_in_each_seat_and_round(text: str):
    # A set of winds is never taken from another situation's lines (their own_wind/round_wind classes
    # differ): the remembered lines answer as the rules asked afresh in every seat and round in turn.
    assert _remembered_disagreements_anywhere(text) == {}


# --- remembered lines answer as the rules asked afresh ----------------------------------------------

_MEMO_SITUATIONS = (
    Situation(),
    Situation(seat=Wind.SOUTH, round=Wind.WEST, win_by=WinBy.DISCARD, discarder=Wind.NORTH, riichi=True),
    Situation(seat=Wind.WEST, round=Wind.SOUTH, win_by=WinBy.LOOSE, last_tile=True),
    Situation(seat=Wind.NORTH, round=Wind.NORTH, winner=False),
)


def remembered_disagreements(ruleset: Ruleset, text: str) -> set[str]:
    """The situations in which evaluating an arrangement with the plan's memos (the units' lines, the
    situated lines: Memo) answers otherwise than without them."""
    hand = build(parse(text))
    found = set()
    for situation in _MEMO_SITUATIONS:
        plan = plan_for(ruleset, situation.winner)
        if not plan.local:
            continue  # nothing is remembered
        nominal = ruleset.settings.limit or ruleset.settings.limit_hand_value
        memo = memo_for(plan, situation, hand.winning_tile is not None, nominal)
        for arrangement in _arrangements(hand) * 2:  # the second time from what the first remembered
            ctx = Context(situation, hand, arrangement, hand.counts, (), [], None)
            plain = Context(situation, hand, arrangement, hand.counts, (), [], None)
            remembered = evaluate(plan, ctx, nominal, memo)
            if remembered != evaluate(plan, plain, nominal, None) or ctx.earlier != plain.earlier:
                found.add(f"{situation.seat.name} {situation.win_by.value}")
    return found


# Set and pair rules read afresh (`count` reads the whole arrangement): riichi's (a count the tally
# always settles), and one the tally settles only for some arrangements (a count with a least number).
LIVE_PROBES = {
    "live probe": compile_ruleset(
        {
            "rules": [
                MAH_JONGG,
                PUNG_POINTS,
                {
                    "id": "dragon_pair_beside_a_dragon_pung",
                    "label": "x",
                    "scope": "pair",
                    "when": [
                        {"tiles": "dragons"},
                        {"count": {"melds": "pung_or_kong", "tiles": "dragons", "min": 1}},
                    ],
                    "points": 2,
                },
                {
                    "id": "pair_wait_in_four_sets",
                    "label": "y",
                    "scope": "pair",
                    "when": ["completes_hand", {"count": {"melds": "set", "exactly": 4}}],
                    "points": 2,
                },
            ]
        },
        "probe",
        "<test>",
    )
}


def _anywhere(disagreements: Any, probes: dict[str, Any], text: str) -> dict[str, set[str]]:
    """The rules `disagreements(ruleset, text)` finds, by ruleset, over the shipped ones and the probes."""
    found = {}
    for name, ruleset in {**RULESETS, **probes}.items():
        where = disagreements(ruleset, text)
        if where:
            found[name] = where
    return found


def _remembered_disagreements_anywhere(text: str) -> dict[str, set[str]]:
    return _anywhere(remembered_disagreements, LIVE_PROBES, text)


@given(st.one_of(winning_hands(), losing_hands(), special_hands()))
def test_remembered_lines_answer_as_the_rules_asked_afresh(hand: GenHand):
    # A plan remembers a set's lines and its situated hand rules' lines per situation (Memo): the memos
    # are shared by every hand the plan scores, so a set met before in another place, hand or
    # arrangement must score as if asked afresh.
    assert _remembered_disagreements_anywhere(hand.text()) == {}


@pytest.mark.parametrize(
    "text",
    [
        "1b1b1b 2c2c2c 5d5d5d 8d8d8d Rd!Rd",
        "8d8d8d 1b1b1b 2c2c2c 5d5d5d Rd!Rd",
        "2c2c2c* 1b1b1b 5d5d5d 8d8d8d Rd!Rd",
        "1c2c3c 1c2c3c 4c!5c6c 7c8c9c EwEw",
        "RdRdRdRd# EwEwEwEw* 2c!3c4c 7b8b9b 9d9d",
        "1d1d1d1d* 2d2d 3d3d 4d 5b 6b 7c EwEw",
        "GdGdGd 1b1b1b 2c2c2c 5d5d5d Rd!Rd",
        "9b9b9b 1b1b1b 2c2c2c 5d5d5d Rd!Rd",
    ],
    ids=[
        "pungs",
        "the-same-pungs-elsewhere",
        "one-laid-open",
        "a-wait-in-a-run",
        "kongs",
        "a-loser",
        "a-dragon-pair-beside-a-dragon-pung",
        "the-same-pair-beside-none",
    ],
)
def test_remembered_lines_answer_as_asked_afresh_on_sets_met_in_other_places(text: str):
    assert _remembered_disagreements_anywhere(text) == {}


def test_live_rules_are_remembered_only_where_the_tally_leaves_them_local():
    # A pair rule that counts the hand's dragon pungs is read afresh: where the tally cannot settle the
    # count, a dragon pair met before must not score the lines it scored beside a dragon pung.
    plan = plan_for(LIVE_PROBES["live probe"], True)
    assert [r.id for r, _, _ in plan.live_pairs] == [
        "dragon_pair_beside_a_dragon_pung",
        "pair_wait_in_four_sets",
    ]
    for text, local in [
        ("GdGdGd 1b1b1b 2c2c2c 5d5d5d Rd!Rd", False),
        ("1c2c3c 4c5c6c 7c8c9c 2d3d4d 5b!5b", True),
    ]:
        hand = build(parse(text))
        ctx = Context(Situation(), hand, _arrangements(hand)[0], hand.counts, (), [], None)
        assert (tallied(plan, tally_key(ctx)).pairs_key is not None) is local
    assert _remembered_disagreements_anywhere("GdGdGd 1b1b1b 2c2c2c 5d5d5d Rd!Rd") == {}
    assert _remembered_disagreements_anywhere("9b9b9b 1b1b1b 2c2c2c 5d5d5d Rd!Rd") == {}


def test_a_remembered_line_that_disagrees_is_caught():
    # The check above fails when a remembered entry is wrong (here: every set's lines forgotten).
    # The plans start afresh: with 63 cached by earlier tests, the next one fills the cache, which then
    # forgets the plan corrupted below (BoundedCache), and the check would meet a sound one.
    plan_module._PLANS.clear()
    ruleset = compile_ruleset({"rules": [MAH_JONGG, PUNG_POINTS]}, "test", "<test>")
    text = "1b1b1b 2c2c2c 5d5d5d 8d8d8d Rd!Rd"
    assert remembered_disagreements(ruleset, text) == set()
    plan = plan_for(ruleset, True)
    nominal = ruleset.settings.limit or ruleset.settings.limit_hand_value
    for situation in _MEMO_SITUATIONS[:3]:
        units = memo_for(plan, situation, True, nominal).units
        for key in list(units._data):
            units.put(key, ((), frozenset(), ()))
    assert remembered_disagreements(ruleset, text) != set()


# --- remembered set lines are keyed by exactly the unit fields the rules declare ------------------

RULESETS = {name: load(name) for name in builtin_names()}
_VARIED = ("exposed", "declared", "winning", "claimed_kong")  # the Meld fields a marker sets (`*#+=!`)


def _variants(unit: Meld) -> list[tuple[str, Meld]]:
    """The unit with one of its marker fields changed (a kong's `#` and `+` only on a kong)."""
    out = []
    for name in _VARIED:
        if name in ("declared", "claimed_kong") and unit.kind is not MeldKind.KONG:
            continue
        fields = {f: getattr(unit, f) for f in ("exposed", "declared", "winning", "claimed_kong")}
        fields[name] = not fields[name]
        out.append((name, meld(unit.kind, unit.tiles, order=unit.order, **fields)))
    return out


def undeclared_unit_reads(ruleset: Ruleset, text: str, situation: Situation) -> set[str]:
    """The unit fields, not among those the plan keys its remembered lines by, that change a set's lines."""
    plan = plan_for(ruleset, situation.winner)
    if not plan.local:
        return set()  # nothing is remembered
    hand = build(parse(text))
    found = set()
    for arrangement in list(winning_arrangements(hand, situation.win_by is WinBy.DISCARD))[:3]:
        ctx = Context(situation, hand, arrangement, hand.counts, (), [], None)
        for unit in arrangement:
            if unit.kind is MeldKind.SINGLE:
                continue
            rules = plan.pairs if unit.kind is MeldKind.PAIR else plan.sets
            lines = _unit_lines(rules, ctx, unit, None)
            for name, other in _variants(unit):
                if name not in plan.unit_fields and _unit_lines(rules, ctx, other, None) != lines:
                    found.add(name)
    return found


# Parameters for each local set or pair condition of the registry: a one-rule ruleset of each (as a
# set rule and as a pair rule) holds the condition itself to what it declares, whatever the shipped
# rulesets happen to key their lines by.
PROBE_PARAMS: dict[str, list[object]] = {
    "meld": ["kong", "pair", "set"],
    "tiles": ["honors", "own_wind"],
    "exposed": [None],
    "concealed": [None],
    "completes_hand": [None],
    "wait": ["closed", "open"],
}
LOCAL_UNIT_CONDITIONS = sorted(n for n, c in REGISTRY.items() if c.local and c.scopes == UNIT)
PROBES = {
    f"probe {name}={params} ({scope})": compile_ruleset(
        {
            "rules": [
                MAH_JONGG,
                {
                    "id": "p",
                    "label": "p",
                    "scope": scope,
                    "when": [name if params is None else {name: params}],
                }
                | {"points": 1},
            ]
        },
        "probe",
        "<test>",
        # Every pairing of condition and scope, those no unit meets too (`meld: kong` as a pair rule),
        # which an author's file is refused for (authoring._out_of_reach).
        authored=False,
    )
    for name in LOCAL_UNIT_CONDITIONS
    for params in PROBE_PARAMS.get(name, [])
    for scope in ("set", "pair")
}


def test_every_local_unit_condition_is_probed():
    assert sorted(PROBE_PARAMS) == LOCAL_UNIT_CONDITIONS


def _undeclared_anywhere(text: str) -> dict[str, set[str]]:
    """undeclared_unit_reads under every ruleset (shipped, probes) and way of winning (only those found)."""
    found = {}
    for name, ruleset in {**RULESETS, **PROBES}.items():
        for win_by in WinBy:
            fields = undeclared_unit_reads(ruleset, text, Situation(win_by=win_by))
            if fields:
                found[f"{name} {win_by.value}"] = fields
    return found


@given(winning_hands())
def test_remembered_set_lines_read_no_unit_field_they_do_not_declare(hand: GenHand):
    # Scoring shares a set's remembered lines among sets alike in the fields the rules declare
    # (Condition.unit_reads, plan.Plan.unit_fields): a set with any other marker field changed
    # (exposed, `#`, `+`, the winning tile's place) must then give the same lines.
    assert _undeclared_anywhere(hand.text()) == {}


@pytest.mark.parametrize(
    "text",
    [
        "1b1b1b1b+ 2c3c4c 5d6d7d 8d8d8d Rd!Rd",
        "RdRdRdRd# EwEwEwEw* 2c!3c4c 7b8b9b 9d9d",
        "1c2c3c 4c!5c6c 7c8c9c 1b1b1b EwEw",
        "GdGdGd* WdWdWd 2b2b2b 5c5c5c 9c!9c",
        "SwSw= 1d1d1d 2d2d!2d 3d3d3d* 9b9b9b9b*",
    ],
    ids=[
        "claimed-kong",
        "declared-kong-closed-wait",
        "one-suit-chows",
        "claimed-pung-pair-wins",
        "exposed-pair",
    ],
)
def test_markers_read_as_declared(text: str):
    assert _undeclared_anywhere(text) == {}


def test_a_condition_reading_an_undeclared_unit_field_is_caught():
    # The property above fails for a local set rule that reads `claimed_kong` without declaring it:
    # its lines would be shared between a `+` kong and a `*` kong, and one of them scored wrong.
    base = compile_ruleset(
        {
            "rules": [
                MAH_JONGG,
                {"id": "k", "label": "kong", "scope": "set", "when": ["exposed"], "points": 8},
            ]
        },
        "test",
        "<test>",
    )
    rule = base.rules[1]
    assert rule.local and "claimed_kong" not in rule.unit_reads
    sneaky = replace(rule, tests=(lambda ctx, unit: unit is not None and unit.claimed_kong,))
    ruleset = replace(base, rules=(base.rules[0], sneaky))
    hand = "1b1b1b1b+ 2c3c4c 5d6d7d 8d8d8d Rd!Rd"
    assert undeclared_unit_reads(ruleset, hand, Situation()) == {"claimed_kong"}
    declared = replace(
        ruleset, rules=(base.rules[0], replace(sneaky, unit_reads=frozenset({"claimed_kong"})))
    )
    assert undeclared_unit_reads(declared, hand, Situation()) == set()


# --- hand rules are asked only where an arrangement's tally leaves them a chance -------------------

# Parameters for each condition that says what an arrangement's Tally tells of it (Condition.tally).
TALLY_PARAMS: dict[str, list[object]] = {
    "count": [
        {"melds": "chow", "exactly": 2},
        {"melds": "pung_or_kong", "tiles": "own_wind", "min": 1},
        {"melds": "pair", "tiles": "dragons", "max": 0},
        {"melds": "set", "tiles": "simples", "max": 2},
    ],
    "no_sequences": [None],
    "own_bonus": ["flower", "season"],
    "one_suit": [None],
    "one_suit_with_honors": [None],
    "all_honors": [None],
    "all_heads": [None],
    "winning_in": ["pung", "chow"],
    "shape": ["single_heads"],
    "repeated_sets": [{"melds": "chow", "min": 1}, {"melds": "set", "max": 0}],
    "in_every_suit": ["chow", "pung_or_kong"],
    "straight": [None],
    "every_meld_holds": ["terminals", "heads", "simples"],
    "closed_hand": [None],
    "concealed_sets": [{"melds": "pung_or_kong", "min": 2}, {"max": 1, "claimed_kongs": True}],
    "exposed_melds": [{"max": 0}, {"melds": "kong", "min": 1}],
    "exposed_sets": [{"melds": "pung", "min": 1}, {"tiles": "honors", "max": 0}],
    "sets_before_win": [{"min": 4}, {"melds": "chow", "max": 1}],
    "winning_meld": [{"melds": "chow", "wait": "open"}, {"tiles": "dragons"}],
    "all_tiles": [
        "terminals",
        ["2b", "3b", "4b", "6b", "8b", "Gd"],
        ["simples", "own_wind"],
        ["1d", "2d", "3d"],
    ],
    "suit_pattern": [
        {"ranks": [3, 1, 1, 1, 1, 1, 1, 1, 3], "extra": [1, 2, 3, 4, 5, 6, 7, 8, 9], "concealed": True},
        {"ranks": [2, 0, 0, 0, 0, 0, 0, 0, 0], "with": ["Ew", "3b", "4b"]},
    ],
    "seven_pairs": [["simples", "heads"], "heads"],
}
TALLIED_CONDITIONS = sorted(n for n, c in REGISTRY.items() if c.tally is not None)


def _hand_rule(when: list[object]) -> Ruleset:
    rule = {"id": "x", "label": "x", "when": when, "doublings": 1}
    return compile_ruleset({"rules": [MAH_JONGG, rule]}, "probe", "<test>")


TALLY_PROBES = {
    f"tally {name}={params}": _hand_rule([name if params is None else {name: params}])
    for name in TALLIED_CONDITIONS
    for params in TALLY_PARAMS.get(name, [])
} | {
    "tally not": _hand_rule([{"not": {"count": {"melds": "chow", "min": 1}}}]),
    "tally any": _hand_rule([{"any": ["one_suit", {"count": {"melds": "kong", "exactly": 0}}]}]),
    "tally any of one unsettled": _hand_rule([{"any": ["straight", "closed_hand"]}]),
    "tally a pair rule": compile_ruleset(
        {
            "rules": [
                MAH_JONGG,
                {
                    "id": "x",
                    "label": "x",
                    "scope": "pair",
                    "when": ["completes_hand", {"count": {"melds": "set", "exactly": 4}}],
                    "points": 2,
                },
            ]
        },
        "probe",
        "<test>",
    ),
}


def test_every_tallied_condition_is_probed():
    assert sorted(TALLY_PARAMS) == TALLIED_CONDITIONS


def _arrangements(hand: Hand) -> list[tuple[Meld, ...]]:
    """Every way scoring may arrange the hand: as a winner (either way to win), a special shape, a loser."""
    found = [*winning_arrangements(hand, False), *winning_arrangements(hand, True), shape_arrangement(hand)]
    if hand.winning_tile is None:
        found.extend(list(loser_arrangements(hand, 2))[:6])
    return list(map(_display_order, found))


_TALLY_SITUATIONS = (
    Situation(),
    Situation(seat=Wind.SOUTH, round=Wind.WEST, win_by=WinBy.DISCARD, discarder=Wind.NORTH),
    Situation(seat=Wind.NORTH, round=Wind.NORTH, winner=False),
)


def tally_disagreements(ruleset: Ruleset, text: str) -> set[str]:
    """The rules read afresh (hand rules, live set and pair rules, deferred rules) whose tallied checks
    (Plan.tallied) answer otherwise than the rule itself, for the hand or any of its units."""
    hand = build(parse(text))
    found = set()
    for situation in _TALLY_SITUATIONS:
        plan = plan_for(ruleset, situation.winner)
        read_afresh = [
            *plan.hand,
            *plan.hand_grouped,
            *(r for r, _, _ in plan.live_sets + plan.live_pairs),
            *plan.late,
        ]
        for arrangement in _arrangements(hand):
            ctx = Context(situation, hand, arrangement, hand.counts, (), [], None)
            checks = tallied(plan, tally_key(ctx))
            left = dict(
                checks.hand
                + tuple((line[1], None) for line in checks.sure)
                + checks.hand_grouped
                + checks.late
                + tuple((r, check) for r, _, check in checks.live_sets + checks.live_pairs)
            )
            for rule in read_afresh:
                for unit in (None, *arrangement) if rule.scope != "hand" else (None,):
                    check = left.get(rule, False)
                    holds = check is not False and (check is None or check(ctx, unit))
                    if holds != rule.check(ctx, unit):
                        found.add(rule.id)
    return found


def _tally_disagreements_anywhere(text: str) -> dict[str, set[str]]:
    return _anywhere(tally_disagreements, TALLY_PROBES, text)


@given(st.one_of(winning_hands(), losing_hands(), special_hands()))
def test_a_tally_never_answers_otherwise_than_the_tests(hand: GenHand):
    # Scoring asks a hand rule only when its arrangement's tally leaves it a chance, and asks only the
    # tests the tally does not settle (Condition.tally, plan.Plan.tallied): that must answer as every
    # test of the rule would, whatever the hand, its arrangement and the situation.
    assert _tally_disagreements_anywhere(hand.text()) == {}


@pytest.mark.parametrize(
    "text",
    [
        "1b9b1c9c1d9dEwSwWwNwRdGdWd!Wd",
        "1c1c1c2c3c4c5c6c7c8c9c9c9c!5c",
        "2b2b3b3b4b4b6b6b8b8bGdGd!1c1c",
        "RdRdRd* 1b2b3b 1b2b3b 7d8d9d! 9c9c",
        "EwEwEw SwSwSwSw# WwWwWw NwNw!Nw 5d5d",
        "1d2d3d 1b2b3b 1c2c3c 4c5c6c! 7c7c",
        "1d2d3d 4d5d6d 7d8d9d! 2b2b2b 5c5c",
        "1d1d1d1d* 2d2d 3d3d 4d 5b 6b 7c EwEw",
        "1d2d3d 4d5d6d 7d8d9d! 2b2b2b 5c5c 1f 3s",
    ],
    ids=[
        "thirteen-heads",
        "nine-gates",
        "seven-pairs-of-green-and-a-pair-more",
        "two-alike-chows-and-an-open-dragon-pung",
        "four-winds-with-a-declared-kong",
        "three-suits-at-one-rank",
        "a-straight",
        "a-loser-with-singles",
        "east-s-own-flower-and-west-s-season",
    ],
)
def test_tallies_answer_as_the_tests_on_hands_they_settle(text: str):
    assert _tally_disagreements_anywhere(text) == {}


def test_a_tally_that_contradicts_its_test_is_caught():
    # The property above fails for a tally that rules out what its test allows.
    ruleset = _hand_rule([{"count": {"melds": "chow", "min": 1}}])
    rule = ruleset.rules[1]
    wrong = replace(rule, tallies=(lambda tally: False,))
    broken = replace(ruleset, rules=(ruleset.rules[0], wrong))
    hand = "1d2d3d 4d5d6d 7d8d9d! 2b2b2b 5c5c"
    assert tally_disagreements(ruleset, hand) == set()
    assert tally_disagreements(broken, hand) == {"x"}


@pytest.mark.parametrize(
    ("text", "asked", "not_asked"),
    [
        (
            "1b1b1b 2c2c2c 5d5d5d 8d8d8d Rd!Rd",
            {"closed_ron", "toitoi", "san_ankou", "suu_ankou", "daisangen"},
            {"pinfu", "iipeikou", "ryanpeikou", "ittsu", "junchan", "tanyao", "chinitsu", "kokushi"},
        ),
        (
            "1c2c3c 4c5c6c 7c8c9c 2d3d4d 5b!5b",
            {"closed_ron", "pinfu", "iipeikou", "ittsu", "tanyao"},
            {"toitoi", "san_ankou", "suu_ankou", "honroutou", "chinroutou", "tsuuiisou", "seven_pairs_fu"},
        ),
    ],
    ids=["four-pungs", "four-chows"],
)
def test_the_tally_leaves_only_rules_that_could_hold(text: str, asked: set[str], not_asked: set[str]):
    # Riichi's rules of chows are not asked of a hand of pungs, nor its rules of pungs of one of chows;
    # nor one of simples of a hand with honors, nor a rule of terminals only of one with chows.
    plan = plan_for(load("riichi-ema-2016"), winner=True)
    hand = build(parse(text))
    ctx = Context(Situation(win_by=WinBy.DISCARD), hand, _arrangements(hand)[0], hand.counts, (), [], None)
    checks = tallied(plan, tally_key(ctx))
    left = {rule.id for rule, _ in checks.hand + checks.hand_grouped} | {line[1].id for line in checks.sure}
    assert asked <= left
    assert not_asked.isdisjoint(left)


# --- a set's line key, made once per rule, is where _line_key places it ----------------------------


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_unit_line_keys_made_once_are_line_keys(name: str):
    # evaluate reads a set's or pair's line key from Rule.unit_at (made once per rule) for every unit
    # an arrangement holds: at most 18 (14 tiles and one per kong), all single.
    assert UNITS_AT > 14 + 4
    for rule in RULESETS[name].rules:
        for at in range(UNITS_AT):
            assert rule.unit_at[at if rule.phase == 1 else 0] == _line_key(rule, at, 0)
            assert rule.unit_at[0 if rule.phase == 1 else at] == _line_key(rule, 0, at)


# --- a line's place, told as one integer, sorts as the (phase, first, second) it stands for ----------

_PLACE = st.tuples(st.integers(0, 4), st.integers(-1, LINE_PLACES - 2), st.integers(-1, LINE_PLACES - 2))


@given(a=_PLACE, b=_PLACE)
def test_line_places_sort_as_their_parts(a: tuple[int, int, int], b: tuple[int, int, int]):
    # scoring._lines sorts a hand's lines by line_at's integers; the breakdown's order is the tuples'.
    assert (line_at(*a) < line_at(*b)) == (a < b)
    assert (line_at(*a) == line_at(*b)) == (a == b)
