"""Properties over generated hands (tests/strategies.py), for every shipped ruleset.

Each property is a promise a player relies on: the notation reads back as written, typing does not
change a score, concealing a set never costs points, doublings only multiply, payments follow the
East double and the limit, and every settlement balances.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from riichi_hands import riichi_cases
from riichi_ours import RULESET as RIICHI
from riichi_ours import situation as riichi_situation
from strategies import GenGroup, GenHand, losing_hands, ninth_wins, retyped, seats, win_bys, winning_hands

from pungchow_calc.batch.formats import score_json
from pungchow_calc.engine.conditions import Context
from pungchow_calc.engine.decomposition import _pool_size, loser_arrangements, winning_arrangements
from pungchow_calc.engine.errors import HandError, NotationError, PungchowError, TableError
from pungchow_calc.engine.hand import MeldKind, build
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.plan import _unit_lines, plan_for
from pungchow_calc.engine.rules import Rule, Ruleset
from pungchow_calc.engine.scoring import DEFAULT, Score, score_text
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.table import TableOptions, settle_scores, settle_table
from pungchow_calc.engine.tiles import PLAYING_TILES, Wind
from pungchow_calc.ruleset_files import builtin_names, load

# The properties below are those of rulesets that take any four sets and a pair (no max_chows) and never
# value a limit hand below its own count (limit_hand_counts): Harr's. Kajongg's Classical Chinese
# rulesets break both on purpose; they are checked against Kajongg's own tests (test_kajongg.py).
RULESETS: dict[str, Ruleset] = {
    name: ruleset
    for name in builtin_names()
    if (ruleset := load(name)).settings.max_chows is None and ruleset.settings.limit_hand_counts
}
rulesets = st.sampled_from(sorted(RULESETS))
# (hand, whether it is a winner's): winning hands and non-winning hands alike.
hands_and_sides = st.one_of(
    winning_hands().map(lambda h: (h, True)), losing_hands().map(lambda h: (h, False))
)


@st.composite
def situations(draw: st.DrawFn, winner: bool = True) -> Situation:
    """Any seat, round and way of winning, and now and then East's ninth win in a row."""
    seat = Wind.parse(draw(seats))
    win_by = WinBy(draw(win_bys)) if winner else WinBy.DISCARD
    on_a_discard = winner and win_by is WinBy.DISCARD
    return Situation(
        seat=seat,
        round=Wind.parse(draw(seats)),
        winner=winner,
        win_by=win_by,
        # An original hand marks no winning tile (docs/rulings.md): see
        # test_original_hand_without_a_winning_tile_scores.
        original_hand=False,
        last_tile=winner and draw(st.booleans()),
        # No first discard: it is won with nothing laid open, no kong, not on the last tile (the rulesets'
        # `impossible: first_discard_after_turn`), which the hands drawn here have at will; its scoring is
        # held to the reference scorer's (test_reference_scorer.py).
        # A discarder the hand may be claimed from under every ruleset: the player on the winner's left
        # (the book's chows come from him alone: chow_from_left, test_scoring.py), or none named.
        discarder=draw(st.sampled_from([Wind((seat.value + 2) % 4 + 1), None])) if on_a_discard else None,
        # Kajongg's rulesets (OTHER_RULESETS) score it East's limit hand, or refuse it for another seat;
        # the book's note it as idle (test_reference_scorer.py holds its scoring to the reference's).
        east_ninth_win=draw(ninth_wins(winner)),
    )


def summary(result: Score) -> dict[str, Any]:
    """Everything that must not depend on how the hand was typed (lines compared as a multiset)."""
    data = result.as_dict()
    lines = sorted(
        (line["kind"], line["label"], line["points"], line["doublings"], line["rule"], line.get("set", ""))
        for line in data["lines"]
    )
    keep = ("points", "doublings", "score", "limit", "payable", "limit_hand", "waits", "payments", "winner")
    return {"lines": lines, "arrangement": sorted(data["arrangement"])} | {k: data.get(k) for k in keep}


def _groups(text: str) -> list[tuple[Any, ...]]:
    return [(g.tiles, g.marker, g.winning) for g in parse(text).groups]


# --- notation ------------------------------------------------------------------------------------


@given(st.one_of(winning_hands(), losing_hands()))
def test_canonical_text_is_what_the_generator_wrote(hand: GenHand):
    assert parse(hand.text()).code == hand.text()


@given(st.one_of(winning_hands(), losing_hands()))
def test_the_pool_size_told_by_the_hand_size_is_the_pools_count(hand: GenHand):
    # waits and winning_arrangements tell the pool's size from Hand.size (decomposition._pool_size).
    built = build(parse(hand.text()))
    assert _pool_size(built) == sum(built.pool_counts)


@given(st.one_of(winning_hands(), losing_hands()).flatmap(retyped))
def test_notation_round_trips(text: str):
    """parse -> canonical -> parse gives the same groups, and the same hand once built."""
    first = parse(text)
    canonical = first.code
    again = parse(canonical)
    assert _groups(canonical) == [(g.tiles, g.marker, g.winning) for g in first.groups]
    assert again.code == canonical
    a, b = build(first), build(again)
    assert (a.fixed, a.pool, a.bonus, a.winning_tile) == (b.fixed, b.pool, b.bonus, b.winning_tile)


# --- every valid hand scores, and the result is consistent ---------------------------------------


@given(winning_hands(), rulesets, situations())
def test_every_valid_winning_hand_scores_consistently(hand: GenHand, name: str, situation: Situation):
    ruleset = RULESETS[name]
    result = score_text(hand.text(), ruleset, situation)
    # Doublings only multiply: the score is points x 2^doublings, or a limit hand's value (never less).
    if result.limit_hand is None:
        assert result.score == result.points * 2**result.doublings
    else:
        assert result.score >= result.points * 2**result.doublings
        assert result.score >= (ruleset.settings.limit or ruleset.settings.limit_hand_value or 0)
    assert sum(line.points for line in result.lines) == result.points
    assert sum(line.doublings for line in result.lines) == result.doublings
    assert result.payable == (result.score if result.limit is None else min(result.score, result.limit))
    # The `!` tile completed the hand, so it is one of its waits (docs/json.md "waits").
    assert hand.win_tile is not None
    assert hand.win_tile in {t.code for t in result.waits}
    # Every tile typed is in the arrangement shown (kongs keep four, bonus tiles listed apart).
    shown = sorted(t.code for m in result.arrangement for t in m.tiles)
    assert shown == sorted(code for g in hand.groups for code in g.tiles)
    assert sorted(t.code for t in result.bonus_tiles) == sorted(hand.bonus)


@given(losing_hands(), rulesets, situations(winner=False))
def test_every_non_winning_hand_scores(hand: GenHand, name: str, situation: Situation):
    result = score_text(hand.text(), RULESETS[name], situation)
    assert result.payments is None and result.waits == ()
    assert result.score == result.points * 2**result.doublings or result.limit_hand is not None
    assert sum(line.points for line in result.lines) == result.points
    shown = sorted(t.code for m in result.arrangement for t in m.tiles)
    assert shown == sorted(code for g in hand.groups for code in g.tiles)


# --- what batch remembers and writes ------------------------------------------------------------


def _forgetful(ruleset: Ruleset) -> Ruleset:
    """The same ruleset with no rule marked local: scoring re-checks every set in every arrangement."""
    return replace(ruleset, rules=tuple(replace(rule, local=False) for rule in ruleset.rules))


FORGETFUL = {name: _forgetful(ruleset) for name, ruleset in RULESETS.items()}


@given(
    hands_and_sides,
    rulesets,
    st.data(),
)
def test_remembered_set_lines_match_a_fresh_count(pair: tuple[GenHand, bool], name: str, data: st.DataObject):
    # Set and pair lines are remembered per situation (plan.Plan): only right if every condition
    # marked `local` in the registry reads nothing but its set, the situation and the winning tile.
    hand, winner = pair
    situation = data.draw(situations(winner=winner))
    remembered = score_text(hand.text(), RULESETS[name], situation)
    fresh = score_text(hand.text(), FORGETFUL[name], situation)
    assert remembered.as_dict() == fresh.as_dict()


@given(hands_and_sides, rulesets, st.data())
def test_remembered_rules_read_no_fact_they_do_not_declare(
    pair: tuple[GenHand, bool], name: str, data: st.DataObject
):
    # Remembered lines are shared by every situation alike in the facts the remembered rules
    # declare they read (plan.Plan.remembered_fields): so in two such situations each set, pair and
    # situated hand rule must give the same lines, whatever the other facts are.
    hand, winner = pair
    ruleset = RULESETS[name]
    plan = plan_for(ruleset, winner)
    first = data.draw(situations(winner=winner))
    other = data.draw(situations(winner=winner))
    alike = replace(other, **{field: getattr(first, field) for field in plan.remembered_fields})
    built = build(parse(hand.text()))
    if winner:
        arrangements = list(winning_arrangements(built, first.win_by is WinBy.DISCARD))
    else:
        arrangements = list(loser_arrangements(built, ruleset.settings.loser_max_pairs))
    assume(arrangements)

    def lines(s: Situation, arrangement: Any, unit: Any, rules: Any) -> Any:
        return _unit_lines(rules, Context(s, built, arrangement, built.counts, (), [], None), unit, None)

    for arrangement in arrangements[:3]:
        assert lines(first, arrangement, None, plan.situated) == lines(
            alike, arrangement, None, plan.situated
        )
        for unit in arrangement:
            rules = plan.pairs if unit.kind is MeldKind.PAIR else plan.sets
            assert lines(first, arrangement, unit, rules) == lines(alike, arrangement, unit, rules), unit.code


def _grouped(ruleset: Ruleset) -> Ruleset:
    """The same ruleset with every rule in a group of its own: scoring then takes the general way
    (plan._worth, every group claim written down) where it applies a group-less rule in place."""
    return replace(
        ruleset,
        rules=tuple(rule if rule.group else replace(rule, group=f"own {rule.id}") for rule in ruleset.rules),
    )


GROUPED = {name: _grouped(ruleset) for name, ruleset in RULESETS.items()}


@given(hands_and_sides, rulesets, st.data())
def test_rules_applied_in_place_match_the_general_way(
    pair: tuple[GenHand, bool], name: str, data: st.DataObject
):
    # plan.evaluate applies a group-less hand rule without plan._worth, and writes group claims
    # down only when a deferred rule has a group: both shortcuts must score as the general way.
    hand, winner = pair
    situation = data.draw(situations(winner=winner))
    shortcut = score_text(hand.text(), RULESETS[name], situation)
    general = score_text(hand.text(), GROUPED[name], situation)
    assert shortcut.as_dict() == general.as_dict()


@given(
    hands_and_sides,
    rulesets,
    st.data(),
)
def test_json_text_is_json_dumps_of_the_record(pair: tuple[GenHand, bool], name: str, data: st.DataObject):
    # batch --format json/jsonl writes Score.as_json(): byte for byte what json.dumps would write.
    hand, winner = pair
    result = score_text(hand.text(), RULESETS[name], data.draw(situations(winner=winner)))
    assert result.as_json() == json.dumps(result.as_dict())
    # A batch record opens with its line number (batch/formats.score_json: as_json's `head`).
    line = data.draw(st.integers(min_value=1, max_value=10**6))
    assert score_json(line, result) == json.dumps({"line": line, **result.as_dict()})


# --- typing does not matter ----------------------------------------------------------------------


@given(st.data(), winning_hands(), rulesets, situations())
def test_score_is_independent_of_typing(data: st.DataObject, hand: GenHand, name: str, situation: Situation):
    """Shuffled, regrouped, compact or recased concealed tiles, groups in any order: the same score."""
    ruleset = RULESETS[name]
    text = data.draw(retyped(hand), label="retyped")
    assert summary(score_text(text, ruleset, situation)) == summary(
        score_text(hand.text(), ruleset, situation)
    )


@given(st.data(), st.one_of(winning_hands(), losing_hands()))
def test_a_hand_retyped_holds_the_same(data: st.DataObject, hand: GenHand):
    """Hand.held, by which an evening tells the same game typed at two terminals (record.same_game), is
    the same for every retyping that scores the same (test_score_is_independent_of_typing)."""
    text = data.draw(retyped(hand), label="retyped")
    assert build(parse(text)).held == build(parse(hand.text())).held


@pytest.mark.parametrize(
    ("one", "other"),
    [
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c",
            "1b1b1b 3c3c!3c 5d5d5d* 4b4b4b* 7c7c",
            id="won-on-3c-not-7c",
        ),
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", "1b1b1b* 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", id="1b1b1b-exposed"
        ),
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b4b* 7c!7c",
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b4b# 7c!7c",
            id="4b-kong-exposed-or-declared",
        ),
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b4b* 7c!7c",
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b4b+ 7c!7c",
            id="4b-kong-exposed-or-claimed",
        ),
        pytest.param(
            "4c5c!6c* 1b1b1b 3c3c3c 7d7d7d 5c5c",
            "4c5c6c* 1b1b1b 3c3c3c 7d7d7d 5c!5c",
            id="5c-won-in-the-exposed-chow-or-the-pair",
        ),
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c 1f", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c 2f", id="1f-or-2f"
        ),
    ],
)
def test_hands_that_score_apart_hold_apart(one: str, other: str):
    # Hand.held keeps what the typist says of the hand: the winning tile and where it lies, each marker.
    assert build(parse(one)).held != build(parse(other)).held


@given(st.data(), losing_hands(), rulesets, situations(winner=False))
def test_loser_score_is_independent_of_typing(
    data: st.DataObject, hand: GenHand, name: str, situation: Situation
):
    ruleset = RULESETS[name]
    text = data.draw(retyped(hand), label="retyped")
    assert summary(score_text(text, ruleset, situation)) == summary(
        score_text(hand.text(), ruleset, situation)
    )


# The rulesets the properties above leave out: Kajongg's (which cap chows) and riichi.
OTHER_RULESETS = {name: load(name) for name in builtin_names() if name not in RULESETS}


@st.composite
def _other_rulesets_case(draw: st.DrawFn) -> tuple[str, Ruleset, Situation]:
    """A hand, one of the rulesets the properties above leave out (Kajongg's, which cap chows, and
    riichi), and a situation: riichi's drawn with its stated facts (tests/riichi_hands.py)."""
    name = draw(st.sampled_from(sorted(OTHER_RULESETS)))
    if name == RIICHI.name:
        case = draw(riichi_cases())
        return case.hand, RIICHI, riichi_situation(case.facts)
    hand, winner = draw(hands_and_sides)
    return hand.text(), OTHER_RULESETS[name], draw(situations(winner=winner))


def _as_generated(text: str) -> GenHand:
    """A hand's text as a GenHand (its groups, `!` and bonus tiles), for `retyped` to type anew."""
    groups: list[GenGroup] = []
    bonus: list[str] = []
    win = None
    for group in parse(text).groups:
        codes = tuple(tile.code for tile in group.tiles)
        if group.marker.value == "" and all(code[1] in "fs" for code in codes):
            bonus += codes
            continue
        if group.winning is not None:
            win = (len(groups), group.winning)
        groups.append(GenGroup("loose" if group.marker.value == "" else "set", codes, group.marker.value))
    return GenHand(tuple(groups), win, tuple(bonus))


def _outcome(text: str, ruleset: Ruleset, situation: Situation) -> Any:
    """The summary of the score, or the code of the refusal (a Kajongg ruleset refuses a second chow)."""
    try:
        return summary(score_text(text, ruleset, situation))
    except PungchowError as error:
        return error.code


@given(_other_rulesets_case(), st.data())
def test_typing_does_not_matter_under_the_other_rulesets(
    case: tuple[str, Ruleset, Situation], data: st.DataObject
):
    """Kajongg's rulesets and riichi (whose fu read the wait, so where the `!` tile is typed) score a
    hand typed any way alike, or refuse it alike (docs/notation.md)."""
    text, ruleset, situation = case
    again = data.draw(retyped(_as_generated(text)), label="retyped")
    assert _outcome(again, ruleset, situation) == _outcome(text, ruleset, situation)


# --- concealing never costs ----------------------------------------------------------------------


def _conceal(hand: GenHand, index: int) -> GenHand:
    group = hand.groups[index]
    marker = "#" if group.kind == "kong" else ""
    return hand.with_group(index, GenGroup(group.kind, group.tiles, marker))


@given(st.data(), winning_hands(), rulesets, situations())
def test_concealing_a_set_never_lowers_the_score(
    data: st.DataObject, hand: GenHand, name: str, situation: Situation
):
    """Moving a set from the table into the hand (an exposed kong to a declared one) never lowers the
    score. A set holding the `!` of a hand won by discard stays exposed by rule (docs/rulings.md), so it
    scores the same. Where concealing opens a new wait the hand loses "only place to win": that is
    the book's rule, not a fall in the set's value, so such hands are compared with waits equal."""
    exposed = [
        g
        for g, group in enumerate(hand.groups)
        if group.marker == "*" and not (group.kind == "kong" and hand.win is not None and hand.win[0] == g)
    ]
    assume(exposed)
    index = data.draw(st.sampled_from(exposed), label="set to conceal")
    ruleset = RULESETS[name]
    before = score_text(hand.text(), ruleset, situation)
    after = score_text(_conceal(hand, index).text(), ruleset, situation)
    assume(before.waits == after.waits)
    assert after.score >= before.score
    assert after.payable >= before.payable


def test_concealing_can_open_a_wait():
    """The exception above, pinned: 2c3c4c* plus 5c waits only on 5c; concealed, 2345c waits on 2c or 5c."""
    rs = RULESETS["pung-chow"]
    exposed = score_text("2c3c4c* 6d6d6d* 7b7b7b* 9d9d9d* 5c!5c", rs, Situation())
    concealed = score_text("2c3c4c 6d6d6d* 7b7b7b* 9d9d9d* 5c!5c", rs, Situation())
    assert [t.code for t in exposed.waits] == ["5c"]
    assert [t.code for t in concealed.waits] == ["2c", "5c"]
    assert "only_place_to_win" in {line.rule for line in exposed.lines}
    assert "only_place_to_win" not in {line.rule for line in concealed.lines}


# --- doublings only multiply ---------------------------------------------------------------------


def _with_extra_doubling(ruleset: Ruleset) -> Ruleset:
    extra = Rule(
        id="extra_doubling",
        label="Extra doubling",
        scope="hand",
        who="all",
        group=None,
        tests=(),
        points=None,
        doublings=1,
        limit=False,
        deferred=False,
        index=len(ruleset.rules),
    )
    return replace(ruleset, rules=(*ruleset.rules, extra))


DOUBLED = {name: _with_extra_doubling(rs) for name, rs in RULESETS.items()}


@given(
    hands_and_sides,
    rulesets,
    st.data(),
)
def test_adding_a_doubling_doubles_the_score(pair: tuple[GenHand, bool], name: str, data: st.DataObject):
    hand, winner = pair
    situation = data.draw(situations(winner=winner))
    before = score_text(hand.text(), RULESETS[name], situation)
    after = score_text(hand.text(), DOUBLED[name], situation)
    assert after.points == before.points
    assert after.doublings == before.doublings + 1
    if before.limit_hand is None:
        assert after.score == 2 * before.score
    assert after.score >= before.score
    assert after.payable >= before.payable


@given(winning_hands(), rulesets, situations())
def test_own_flower_never_lowers(hand: GenHand, name: str, situation: Situation):
    own = f"{situation.seat.value}f"
    assume(own not in hand.bonus)
    ruleset = RULESETS[name]
    before = score_text(hand.text(), ruleset, situation)
    after = score_text(replace(hand, bonus=(*hand.bonus, own)).text(), ruleset, situation)
    assert after.score >= before.score
    assert after.doublings >= before.doublings


# --- payments ------------------------------------------------------------------------------------

tables = st.sampled_from(
    [
        tuple(Wind),
        (Wind.EAST, Wind.SOUTH, Wind.WEST),
        (Wind.SOUTH, Wind.WEST, Wind.NORTH),
        (Wind.EAST, Wind.WEST),
    ]
)


@given(winning_hands(), rulesets, situations(), st.one_of(st.none(), st.integers(1, 5000)), tables)
def test_payments_obey_east_double_and_limit(
    hand: GenHand, name: str, situation: Situation, limit: int | None, table: tuple[Wind, ...]
):
    # The discarder sits at the table too: North's chow at a table of East, South and West (found by the
    # long profile) was refused as no chow from the winner's left, West there (chow_from_left).
    assume(situation.seat in table and situation.discarder in (None, *table))
    ruleset = RULESETS[name]
    result = score_text(hand.text(), ruleset, situation, DEFAULT if limit is None else limit, table)
    cap = ruleset.settings.limit if limit is None else limit
    assert result.limit == cap
    assert result.payable == (result.score if cap is None else min(result.score, cap))
    assert result.payments is not None
    assert set(result.payments) == set(table) - {situation.seat}
    multiplier = ruleset.settings.east_multiplier
    for seat, amount in result.payments.items():
        east = Wind.EAST in (seat, situation.seat)
        assert amount == result.payable * (multiplier if east else 1)
        if cap is not None:
            assert amount <= cap * (multiplier if east else 1)


# --- settlements balance -------------------------------------------------------------------------

seat_scores = st.dictionaries(st.sampled_from(list(Wind)), st.integers(0, 100_000), min_size=2, max_size=4)


@given(seat_scores, st.data(), st.one_of(st.none(), st.integers(1, 3000)), st.booleans(), st.integers(1, 4))
def test_every_settlement_balances(
    scores: dict[Wind, int], data: st.DataObject, limit: int | None, settle_losers: bool, multiplier: int
):
    seat_list = sorted(scores, key=lambda w: w.value)
    winner = data.draw(st.one_of(st.none(), st.sampled_from(seat_list)), label="winner")
    others = [s for s in seat_list if s is not winner]
    dead = data.draw(st.lists(st.sampled_from(others), unique=True, max_size=len(others)), label="dead")
    result = settle_scores(
        scores, winner, limit=limit, east_multiplier=multiplier, settle_losers=settle_losers, dead=dead
    )
    assert sum(result.net.values()) == 0
    for payment in result.payments:
        assert payment.amount > 0 and payment.payer is not payment.payee
        if limit is not None:
            east = Wind.EAST in (payment.payer, payment.payee)
            assert payment.amount <= limit * (multiplier if east else 1)
    if winner is not None and scores[winner] > 0 and winner not in dead:
        collected = [p for p in result.payments if p.payee is winner and p.reason.startswith("Mah-Jongg")]
        assert {p.payer for p in collected} == set(others)


@given(winning_hands(), rulesets, seats, st.data())
def test_table_settlement_balances(hand: GenHand, name: str, winner_seat: str, data: st.DataObject):
    winner = Wind.parse(winner_seat)
    table = {winner: hand.text()}
    for seat in Wind:
        # East plays at every table ("East Wind acts for the dummy"); the others may be left out.
        if seat is not winner and (seat is Wind.EAST or data.draw(st.booleans(), label=f"{seat.name} plays")):
            table[seat] = str(data.draw(st.integers(0, 3000), label=f"{seat.name} score"))
    assume(len(table) >= 2)
    ruleset = RULESETS[name]
    result = settle_table(table, ruleset, TableOptions(win_by=WinBy(data.draw(win_bys, label="win by"))))
    assert result.winner is winner
    assert sum(result.net.values()) == 0
    multiplier = ruleset.settings.east_multiplier
    for payment in result.payments:
        if payment.payee is winner and payment.reason.startswith("Mah-Jongg"):
            east = Wind.EAST in (payment.payer, winner)
            assert payment.amount == result.payable * (multiplier if east else 1)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_rulesets_under_test(name):
    """The properties run over every shipped ruleset (a new one joins automatically)."""
    assert RULESETS[name].rules


# --- waits agree with scoring --------------------------------------------------------------------

PLAYING_CODES = [t.code for t in PLAYING_TILES]


@given(winning_hands(win_in_exposed=False), rulesets)
def test_waits_are_exactly_the_tiles_that_complete_the_hand(hand: GenHand, name: str):
    """Each wait, put in place of the `!` tile, makes a hand that scores; every other tile (with a
    copy left to draw) does not. Cross-checks the fast waits search against the full arrangement."""
    ruleset = RULESETS[name]
    waits = {t.code for t in score_text(hand.text(), ruleset, Situation()).waits}
    assert hand.win is not None
    g, i = hand.win
    group = hand.groups[g]
    rest = replace(hand.with_group(g, GenGroup("loose", group.tiles[:i] + group.tiles[i + 1 :])), win=None)
    held = Counter(code for grp in rest.groups for code in grp.tiles)
    for code in PLAYING_CODES:
        if held[code] >= 4:
            assert code not in waits
            continue
        text = rest.text() + f" {code}!"
        try:
            score_text(text, ruleset, Situation())
            completes = True
        except HandError as error:
            assert error.code == "not-winning", str(error)
            completes = False
        except NotationError as error:  # the moved tiles spelled four alike without a marker
            assert error.code == "undeclared-kong"
            continue
        assert completes == (code in waits), (text, sorted(waits))


@given(winning_hands(), rulesets, seats)
def test_original_hand_without_a_winning_tile_scores(hand: GenHand, name: str, seat: str):
    """A hand won on the original draw names no winning tile (docs/notation.md): it scores, with no waits."""
    ruleset = RULESETS[name]
    # As dealt: nothing laid open, no kong (each drew a loose tile; `impossible: original_hand_not_as_dealt`).
    dealt = tuple(
        GenGroup("pung", g.tiles[:3]) if g.kind == "kong" else replace(g, marker="") for g in hand.groups
    )
    text = replace(hand, groups=dealt, win=None).text()
    situation = Situation(seat=Wind.parse(seat), win_by=WinBy.WALL, original_hand=True)
    result = score_text(text, ruleset, situation)
    assert result.waits == ()
    assert result.score >= result.points * 2**result.doublings
    assert result.points * 2**result.doublings > 0


@given(winning_hands(), rulesets, st.booleans())
def test_a_winning_hand_with_its_bang_forgotten_is_refused(hand: GenHand, name: str, draw: bool):
    """Money never moves on a guess: a complete hand at a table with no winner named is refused (with
    --draw too), never settled as a dead hand or a draw."""
    ruleset = RULESETS[name]
    forgotten = replace(hand, win=None).text()
    table = {Wind.EAST: forgotten, Wind.SOUTH: "40"}
    try:
        settle_table(table, ruleset, TableOptions(draw=draw))
    except TableError as error:
        assert error.code == "complete-hand-no-winner"
        assert str(error).startswith("east's hand is complete")
    else:
        raise AssertionError(f"{forgotten!r} settled with no winner")
