"""The engine against the reference scorer (tests/reference_scorer.py), the slow oracle that tries every
arrangement and every rule with no shortcut: the same verdict, score, points, doublings, limit hand,
waits and breakdown lines, line by line.

Hands: generated ones of every marker (`*`, `#`, `+`, `=`, `!`) under every shipped ruleset, any seat,
round, way of winning and stated fact, with the ruleset's limit, no limit or a given one; every hand of
samples/*.txt; every converted Kajongg hand (tests/data/kajongg_hands.py).

Where several arrangements score the same best (score, points), the engine may show any of them: its
arrangement must be one of them, and its lines those of that arrangement.
"""

from __future__ import annotations

import shlex
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from data.kajongg_hands import CASES
from hypothesis import given
from hypothesis import strategies as st
from reference_scorer import Reference, arrangement_key, reference_score
from strategies import GenHand, losing_hands, ninth_wins, seats, special_hands, win_bys, winning_hands

from pungchow_calc.batch.words import split_line
from pungchow_calc.engine.errors import HandError, NotationError, OptionError
from pungchow_calc.engine.hand import build
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.rules import Ruleset
from pungchow_calc.engine.scoring import DEFAULT, Score, limit_in_force, score_text
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.options import scoring_args
from pungchow_calc.ruleset_files import builtin_names, load

ROOT = Path(__file__).resolve().parent.parent
# The reference implements the mechanisms of the book's and Kajongg's rulesets. A ruleset that uses a
# doubling base, limit tiers or a minimum of doublings (riichi-ema-2016) is checked against its own
# oracle instead, the riichi `mahjong` package (tests/test_riichi_ruleset.py); every shipped ruleset is
# one or the other (test_every_shipped_ruleset_has_an_oracle).
ORACLE_ELSEWHERE = {"riichi-ema-2016": "tests/test_riichi_ruleset.py"}
RULESETS: dict[str, Ruleset] = {name: load(name) for name in builtin_names() if name not in ORACLE_ELSEWHERE}


def test_every_shipped_ruleset_has_an_oracle():
    assert set(RULESETS) | set(ORACLE_ELSEWHERE) == set(builtin_names())
    for name, where in ORACLE_ELSEWHERE.items():
        assert (ROOT / where).is_file(), name
    # What the reference does not implement is what sends a ruleset elsewhere, and nothing else.
    for name in builtin_names():
        settings = load(name).settings
        elsewhere = bool(settings.doubling_base or settings.limits or settings.min_doublings)
        assert elsewhere == (name in ORACLE_ELSEWHERE), name


Limit = Any  # a number of points, None (no limit) or DEFAULT (the ruleset's)


def differences(text: str, ruleset: Ruleset, situation: Situation, limit: Limit = DEFAULT) -> list[str]:
    """How the engine's score of a hand differs from the reference's (empty: they agree)."""
    try:
        hand = build(parse(text))
    except NotationError as refused:  # not a hand at all: the engine reads it the same way
        with pytest.raises(NotationError) as caught:
            score_text(text, ruleset, situation, limit)
        return [] if caught.value.code == refused.code else [f"engine: {caught.value}; reading: {refused}"]
    expected = reference_score(hand, ruleset, situation, limit_in_force(ruleset, limit))
    try:
        got = score_text(text, ruleset, situation, limit)
    except (HandError, OptionError) as error:  # OptionError: stated facts the ruleset refuses
        if expected.refused == error.code:
            return []
        return [f"engine refuses ({error.code}: {error}); reference: {_said(expected)}"]
    return compare(got, expected)


def _said(ref: Reference) -> str:
    if ref.refused is not None:
        return f"refused ({ref.refused})"
    best = ref.best[0]
    return f"{best.score} ({best.points} points, {best.doublings} doublings), lines {list(best.lines)}"


def compare(got: Score, expected: Reference) -> list[str]:
    """The differences between an engine Score and the reference's answer for the same hand."""
    if expected.refused is not None:
        return [f"engine scores {got.score}; reference refuses ({expected.refused})"]
    mine = [r for r in expected.best if arrangement_key(r.arrangement) == arrangement_key(got.arrangement)]
    if not mine:
        shown = " ".join(m.code for m in got.arrangement)
        return [
            f"engine's arrangement {shown} ({got.score}, {got.points} points) is not a best one; "
            f"reference: {_said(expected)}"
        ]
    ref = mine[0]
    out = []
    lines = tuple((x.kind, x.label, x.points, x.doublings, x.rule, x.meld, x.running) for x in got.lines)
    fields: list[tuple[str, Any, Any]] = [
        ("score", got.score, ref.score),
        ("points", got.points, ref.points),
        ("doublings", got.doublings, ref.doublings),
        ("limit hand", got.limit_hand, ref.limit_hand),
        ("payable", got.payable, expected.payable),
        ("waits", [t.code for t in got.waits], [t.code for t in expected.waits]),
        ("lines", lines, ref.lines),
    ]
    for what, engine, reference in fields:
        if engine != reference:
            out.append(f"{what}: engine {engine!r}, reference {reference!r}")
    return out


# --- engine bugs the comparison found, each now a regression test named after its input ----------


@pytest.mark.parametrize(
    ("text", "waits"),
    [("8d!8c 2d2b2c3d3b3c4d4b4c4d4b4c", ["8d", "8b"]), ("6d!6b6c1d1b1c2d2b2c3d3b3c1d1b", ["6d", "1c"])],
    ids=["TripleKnitting-7", "long-profile"],
)
def test_regression_knitted_hand_waits_on_any_rank_across_the_suits(text: str, waits: list[str]):
    # Kajongg's TripleKnitting-7: triple knitting (2, 3, 4 in the three suits twice over) and the pair
    # 8d 8c, won with the 8d; the 8b would have made the pair as well. The engine once tried, for a
    # special shape, only tiles near a held one of their own suit, and found no wait at all.
    result = score_text(text, RULESETS["classical-bmja"], Situation(win_by=WinBy.WALL))
    assert [t.code for t in result.waits] == waits


# --- generated hands ---------------------------------------------------------------------------------


@st.composite
def situations(draw: st.DrawFn, winner: bool) -> Situation:
    """Any seat, round and way of winning, and any of the stated facts (docs/notation.md#options)."""
    seat = Wind.parse(draw(seats))
    win_by = WinBy(draw(win_bys)) if winner else WinBy.DISCARD
    flag = st.booleans() if winner else st.just(False)
    return Situation(
        seat=seat,
        round=Wind.parse(draw(seats)),
        winner=winner,
        win_by=win_by,
        original_hand=draw(flag),
        last_tile=draw(flag),
        first_discard=draw(flag),
        discarder=draw(st.sampled_from([w for w in Wind if w is not seat]))
        if winner and win_by is WinBy.DISCARD
        else None,
        robbing_kong=draw(flag),
        original_call=draw(flag),
        kong_after_kong=draw(flag),
        east_ninth_win=draw(ninth_wins(winner)),
    )


limits = st.one_of(st.just(DEFAULT), st.none(), st.integers(1, 2000))
rulesets = st.sampled_from(sorted(RULESETS))


@given(winning_hands(), rulesets, situations(winner=True), limits)
def test_winning_hands_score_as_the_reference_does(
    hand: GenHand, name: str, situation: Situation, limit: Limit
):
    assert differences(hand.text(), RULESETS[name], situation, limit) == []


@given(winning_hands(), rulesets, situations(winner=True))
def test_original_hands_score_as_the_reference_does(hand: GenHand, name: str, situation: Situation):
    """A hand won on the original draw: no `!` (docs/notation.md)."""
    text = replace(hand, win=None).text()
    assert differences(text, RULESETS[name], replace(situation, original_hand=True)) == []


@given(losing_hands(), rulesets, situations(winner=False), limits)
def test_losing_hands_score_as_the_reference_does(
    hand: GenHand, name: str, situation: Situation, limit: Limit
):
    assert differences(hand.text(), RULESETS[name], situation, limit) == []


@given(special_hands(), rulesets, situations(winner=True), limits)
def test_special_shapes_score_as_the_reference_does(
    hand: GenHand, name: str, situation: Situation, limit: Limit
):
    text, ruleset = hand.text(), RULESETS[name]
    assert differences(text, ruleset, situation, limit) == []


@given(special_hands(), rulesets, situations(winner=False))
def test_hands_calling_for_a_special_shape_score_as_the_reference_does(
    hand: GenHand, name: str, situation: Situation
):
    """The special hand less its winning tile, as a non-winner: what it is calling for (`calling_for`)."""
    assert hand.win is not None
    rest = tuple(g for i, g in enumerate(hand.groups) if i != hand.win[0])
    assert differences(replace(hand, groups=rest, win=None).text(), RULESETS[name], situation) == []


# --- every hand of the samples and of Kajongg's tests ------------------------------------------------


def _sample_lines() -> list[tuple[str, list[str]]]:
    """(id, `score` arguments) of every hand in samples/*.txt; settle-table.txt's seats as `score` would
    see them: the hand with `!` a winner on --from's discard, the others as losers."""
    out = []
    for path in sorted((ROOT / "samples").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        if path.name == "settle-table.txt":
            words = shlex.split(text.replace("\\\n", " "), comments=True)
            seat_hands = {
                w[2:]: words[i + 1]
                for i, w in enumerate(words)
                if w[2:] in ("east", "south", "west", "north")
            }
            discarder = words[words.index("--from") + 1]
            for seat, hand in seat_hands.items():
                side = ["--from", discarder] if "!" in hand else ["--loser"]
                out.append((f"{path.name}:{seat}", [hand, "--seat", seat, *side]))
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip() and not line.strip().startswith("#"):
                out.append((f"{path.name}:{number}", split_line(line)))
    return out


SAMPLES = _sample_lines()


def test_every_sample_file_gives_hands():
    files = {name.split(":")[0] for name, _ in SAMPLES}
    assert files == {p.name for p in (ROOT / "samples").glob("*.txt")}
    assert len(SAMPLES) >= 50


@pytest.mark.parametrize("argv", [a for _, a in SAMPLES], ids=[n for n, _ in SAMPLES])
def test_sample_hands_score_as_the_reference_does(argv: list[str]):
    hand, name, situation, limit = scoring_args(argv)
    for ruleset in {name, *RULESETS}:  # the line's own ruleset, and every shipped one
        assert differences(hand, RULESETS.get(ruleset) or load(ruleset), situation, limit) == [], ruleset


KAJONGG = [c for c in CASES if c.hand is not None]


@pytest.mark.parametrize("case", KAJONGG, ids=[c.name for c in KAJONGG])
def test_kajongg_hands_score_as_the_reference_does(case: Any):
    situation = case.as_situation()
    for name, ruleset in RULESETS.items():
        # Without a limit of its own, a ruleset's DEFAULT is no limit: scored once, not twice.
        for limit in (DEFAULT, None) if limit_in_force(ruleset, DEFAULT) is not None else (DEFAULT,):
            assert differences(case.hand, ruleset, situation, limit) == [], (
                name,
                limit,
            )


# --- the comparison itself would see a wrong score -----------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"points": 53}, "points"),
        ({"doublings": 1}, "doublings"),
        ({"score": 104}, "score"),
        ({"payable": 51}, "payable"),
        ({"waits": ()}, "waits"),
    ],
    ids=["points", "doublings", "score", "payable", "waits"],
)
def test_a_wrong_engine_score_is_caught(change: dict[str, Any], field: str):
    text, ruleset = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", RULESETS["pung-chow"]
    situation = Situation(seat=Wind.SOUTH, win_by=WinBy.WALL)
    expected = reference_score(build(parse(text)), ruleset, situation, None)
    right = score_text(text, ruleset, situation)
    assert compare(right, expected) == []
    found = compare(replace(right, **change), expected)
    assert len(found) == 1 and found[0].startswith(field)


def test_wrong_lines_are_caught():
    text, ruleset = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", RULESETS["pung-chow"]
    situation = Situation(seat=Wind.SOUTH, win_by=WinBy.WALL)
    expected = reference_score(build(parse(text)), ruleset, situation, None)
    right = score_text(text, ruleset, situation)
    swapped = replace(right, lines=(right.lines[1], right.lines[0], *right.lines[2:]))
    assert [d.split(":")[0] for d in compare(swapped, expected)] == ["lines"]


@pytest.mark.parametrize(
    ("text", "name", "situation", "score"),
    [
        # Part I Example 3 with the ERRATA: 52 (samples/part1-examples.txt).
        (
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd",
            "pung-chow",
            Situation(seat=Wind.SOUTH, win_by=WinBy.WALL),
            52,
        ),
        # Part I Example 7 (README): 90 points doubled six times.
        ("RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw", "pung-chow", Situation(seat=Wind.NORTH), 5760),
        # Part II Example 5, "Single Heads": a limit hand, 300 (samples/part2-examples.txt).
        (
            "1d9d 1b9b 1c9c EwSwWwNw RdGd WdWd!",
            "pung-chow-limit",
            Situation(seat=Wind.SOUTH, win_by=WinBy.WALL),
            300,
        ),
    ],
    ids=["part1-example3", "part1-example7", "part2-example5-single-heads"],
)
def test_the_reference_scores_the_books_examples(text: str, name: str, situation: Situation, score: int):
    # The oracle on its own: a reference that agreed with a broken engine would fail here.
    ruleset = RULESETS[name]
    result = reference_score(build(parse(text)), ruleset, situation, ruleset.settings.limit)
    assert result.refused is None
    assert {r.score for r in result.best} == {score}


@pytest.mark.parametrize(
    ("text", "winner", "refused"),
    [
        ("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* RdRd", True, "no-winning-tile"),
        ("1b1b1b 3c3c3c 5d5d5d* 4b4b Rd!Rd", True, "tile-count"),
        ("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Gd", True, "not-winning"),
        ("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", False, "loser-winning-tile"),
    ],
    ids=["no-bang", "short", "no-pair", "loser-with-bang"],
)
def test_the_reference_refuses_what_the_engine_refuses(text: str, winner: bool, refused: str):
    situation = Situation(winner=winner)
    ruleset = RULESETS["pung-chow"]
    assert reference_score(build(parse(text)), ruleset, situation, None).refused == refused
    assert differences(text, ruleset, situation) == []


def test_nine_gates_shape_2d_won_on_a_discard_is_arranged_in_sets_under_dmjl():
    """Found by the long hypothesis profile: the reference scorer arranged `1112345678999 + 3` won on a
    discarded 2d as the nine-gates shape beside its sets, so the chow the discard completed vanished
    and Concealed True Color Game (a limit) held. The engine, as Kajongg, arranges it in sets
    (docs/rulings.md, "Special shapes"): True Color Game, 224; and the reference now agrees."""
    text = "2d! 1d 1d 1d 3d 4d 5d 6d 7d 8d 9d 9d 9d 3d"
    situation = Situation(winner=True, win_by=WinBy.DISCARD, discarder=Wind.SOUTH)
    ruleset = load("classical-dmjl")
    score = score_text(text, ruleset, situation)
    assert [m.code for m in score.arrangement][:4] == ["1d2d3d*", "3d4d5d", "6d7d8d", "9d9d9d"]
    assert (score.score, score.limit_hand) == (224, None)
    assert "concealed_true_color_game" not in {line.rule for line in score.lines}
    assert differences(text, ruleset, situation) == []


@pytest.mark.parametrize(
    ("name", "seat", "refused", "limit_hand"),
    [
        ("classical-dmjl", Wind.EAST, None, "East won nine times in a row"),
        ("classical-dmjl", Wind.SOUTH, "bad-option", None),
        # Kajongg's BMJA deletes the rule: no rule scores it, none refuses it (as the book's).
        ("classical-bmja", Wind.EAST, None, None),
        ("classical-bmja", Wind.NORTH, None, None),
        ("pung-chow", Wind.SOUTH, None, None),  # no rule scores it, none refuses it: a note, scored as is
    ],
    ids=["dmjl-east", "dmjl-south-refused", "bmja-east-idle", "bmja-north-idle", "pung-chow-south-idle"],
)
def test_east_ninth_win_is_east_limit_hand_in_the_reference(
    name: str, seat: Wind, refused: str | None, limit_hand: str | None
):
    """Regression: the reference never refused `--east-ninth-win` for another seat's win (the ruleset's
    impossible ninth_win_not_easts), so its drawn situations could not state it: it scored another
    seat's win as the limit hand the engine refuses."""
    text, ruleset = "1b1b1b 2c2c2c 3d3d3d 4b4b4b 5c!5c", load(name)
    situation = Situation(seat=seat, winner=True, east_ninth_win=True)
    expected = reference_score(build(parse(text)), ruleset, situation, ruleset.settings.limit)
    assert expected.refused == refused
    assert refused is not None or {r.limit_hand for r in expected.best} == {limit_hand}
    assert differences(text, ruleset, situation) == []
