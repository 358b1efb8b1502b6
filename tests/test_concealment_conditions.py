"""Concealment with a say over kongs (engine/conditions/concealment.py) and the `+` kong."""

from __future__ import annotations

import pytest
from family_helpers import MAH_JONGG, holds, one_rule, rule_ids, score

from pungchow_calc.engine.errors import NotationError
from pungchow_calc.engine.hand import MeldKind, build
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.rules import Invalid, compile_ruleset
from pungchow_calc.engine.scoring import Score
from pungchow_calc.ruleset_files import load

CLAIMED = "9c9c9c9c+ 1b1b1b 2b2b2b 4b!4b 1d1d1d"  # a kong claimed onto a concealed pung, three pungs
DECLARED = "9c9c9c9c# 1b1b1b 2b2b2b 4b!4b 1d1d1d"
THREE = {"melds": "pung_or_kong", "min": 4}


@pytest.mark.parametrize(
    ("hand", "condition", "win_by", "expected"),
    [
        (CLAIMED, {"concealed_sets": THREE}, "wall", False),  # the + kong scores as exposed ...
        (CLAIMED, {"concealed_sets": {**THREE, "claimed_kongs": True}}, "wall", True),  # ... unless counted
        (DECLARED, {"concealed_sets": THREE}, "wall", True),  # a # kong is concealed ...
        (DECLARED, {"concealed_sets": {**THREE, "declared_kongs": False}}, "wall", False),  # ... unless not
        ("9c9c9c9c# 1b1b1b 2b2b2b 4b4b 1d1d!1d", {"concealed_sets": THREE}, "discard", False),  # claimed pung
        (CLAIMED, "all_concealed", "wall", False),
        (CLAIMED, {"all_concealed": {"claimed_kongs": True}}, "wall", True),
        (DECLARED, "all_concealed", "wall", True),
        (DECLARED, "all_concealed", "discard", False),  # the pair was completed by a claimed discard
        (CLAIMED, {"exposed_melds": {"exactly": 1}}, "wall", True),
        (CLAIMED, {"exposed_melds": {"max": 0, "claimed_kongs": True}}, "wall", True),
        (DECLARED, {"exposed_melds": {"melds": "pair", "exactly": 1}}, "discard", True),
        ("1b2b3b* 1c1c1c* 5d5d5d 6d6d6d Rd!Rd", {"exposed_melds": {"max": 2}}, "wall", True),
        ("1b2b3b* 1c1c1c* 5d5d5d* 6d6d6d Rd!Rd", {"exposed_melds": {"max": 2}}, "wall", False),
        (DECLARED, "winning_concealed", "wall", True),  # drawn into the concealed pair
        (DECLARED, "winning_concealed", "loose", True),  # a loose tile is drawn too
        (DECLARED, "winning_concealed", "discard", False),  # a claimed tile is exposed
        ("2d!2d2d* 9c9c9c9c# 5d5d5d 1b1b1b 2b2b", "winning_concealed", "loose", False),  # laid exposed
    ],
    ids=[
        "claimed-kong-exposed",
        "claimed-kong-counted",
        "declared-kong-concealed",
        "declared-kong-not-counted",
        "pung-claimed-to-win",
        "all-concealed-claimed-kong",
        "all-concealed-claimed-kong-counted",
        "all-concealed-declared",
        "all-concealed-pair-claimed",
        "exposed-melds-claimed-kong",
        "exposed-melds-claimed-kong-counted",
        "exposed-pair-claimed",
        "two-exposed",
        "three-exposed",
        "winning-concealed-drawn",
        "winning-concealed-loose",
        "winning-concealed-claimed",
        "winning-concealed-laid-exposed",
    ],
)
def test_concealment(hand: str, condition: object, win_by: str, expected: bool) -> None:
    assert holds(hand, condition, win_by=win_by) is expected


@pytest.mark.parametrize(
    "condition",
    [
        {"concealed_sets": {"min": 3, "claimed_kongs": "yes"}},
        {"concealed_sets": {"melds": "pung"}},
        {"all_concealed": {"kongs": True}},
        {"exposed_melds": 2},
        {"winning_concealed": {"kongs": True}},
    ],
    ids=["bad-flag", "no-count", "unknown-key", "not-a-mapping", "winning-unknown-key"],
)
def test_concealment_bad_parameters(condition: object) -> None:
    with pytest.raises(Invalid):
        one_rule(condition)


def test_plus_marks_a_kong_claimed_onto_a_concealed_pung() -> None:
    hand = build(parse("9c9c9c9c+ 1b1b1b* 2b2b2b 1d1d1d 4b!4b"))
    kong = hand.fixed[0]
    assert (kong.kind, kong.exposed, kong.declared, kong.claimed_kong) == (MeldKind.KONG, True, False, True)
    assert kong.code == "9c9c9c9c+" and parse("9c9c9c9c+").code == "9c9c9c9c+"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("9c9c9c+", "not-a-kong"),
        ("9c9c9c8c+", "not-a-kong"),
        ("9c9c+9c9c", "bad-marker"),
        ("9c9c9c9c+*", "bad-marker"),
    ],
    ids=["a-pung", "not-identical", "marker-inside", "two-markers"],
)
def test_plus_refuses_what_is_no_kong(text: str, code: str) -> None:
    with pytest.raises(NotationError) as caught:
        build(parse(text))
    assert caught.value.code == code


@pytest.mark.parametrize("name", ["pung-chow", "pung-chow-limit", "classical-dmjl", "classical-bmja"])
@pytest.mark.parametrize(
    "hand",
    ["9c9c9c9c* 1b1b1b* 2b2b2b 4b!4b 1d1d1d", "EwEwEwEw* RdRdRd 5d5d5d* 7b8b9b Gd!Gd 1f"],
    ids=["terminals", "honors"],
)
def test_claimed_kong_scores_as_an_exposed_kong(name: str, hand: str) -> None:
    """The kong's own line is the exposed value; only `claimed_kongs` rules tell `+` from `*`, and
    Harr's rulesets have none, so there the whole score is the same."""
    ruleset = load(name)
    exposed = score(hand, ruleset)
    claimed = score(hand.replace("* ", "+ ", 1), ruleset)

    def kong_lines(result: Score) -> list[tuple[str, int]]:
        return [(line.rule, line.points) for line in result.lines if line.meld and len(line.meld) == 9]

    assert kong_lines(exposed) == kong_lines(claimed) != []
    if name.startswith("pung-chow"):
        assert (exposed.points, exposed.doublings) == (claimed.points, claimed.doublings)


@pytest.mark.parametrize(
    ("win_by", "expected"), [("wall", True), ("discard", False)], ids=["drawn", "claimed"]
)
def test_winning_concealed_in_a_special_shape(win_by: str, expected: bool) -> None:
    """A special shape is shown as pairs and single tiles: the single winning tile is concealed only
    when drawn."""
    rules = [
        MAH_JONGG,
        {
            "id": "pairs",
            "label": "seven pairs",
            "who": "winner",
            "when": [{"seven_pairs": "heads"}],
            "points": 10,
        },
        {"id": "x", "label": "the condition", "when": ["winning_concealed"], "doublings": 1},
    ]
    ruleset = compile_ruleset({"rules": rules}, "test", "<test>")
    result = score("1d1d9d9d1b1b9b9b1c1c9c9cRd!Rd", ruleset, win_by=win_by)
    assert ("x" in rule_ids(result)) is expected
