"""calling_for: a non-winner one tile from a winning hand a named rule scores (conditions/calling.py)."""

from __future__ import annotations

import pytest
from family_helpers import MAH_JONGG, one_rule, rule_ids, score

from pungchow_calc.engine.rules import Invalid, compile_ruleset

HONORS = {"id": "honors", "label": "Only honors", "who": "winner", "when": ["all_honors"], "limit": True}
CALLING = {
    "id": "calling",
    "label": "Calling for only honors",
    "who": "others",
    "when": [{"calling_for": "honors"}],
    "limit": 0.4,
}
RULES = compile_ruleset({"settings": {"limit": 1000}, "rules": [MAH_JONGG, HONORS, CALLING]}, "t", "<test>")


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("EwEwEw* SwSwSw* WwWwWwWw* NwNwNw Rd", True),  # a red dragon pairs it
        ("EwEwEw* SwSwSw* WwWwWwWw* NwNwNw 1b", False),  # only the one of bamboo would pair it
        ("EwEwEw* SwSwSw* WwWwWwWw* NwNwNw", False),  # one tile short of calling
    ],
    ids=["calling", "calling-for-another-hand", "too-few-tiles"],
)
def test_calling_for(hand: str, expected: bool) -> None:
    result = score(hand, RULES, winner=False)
    assert ("calling" in rule_ids(result)) is expected
    assert (result.limit_hand, result.score) == (
        ("Calling for only honors", 400) if expected else (None, result.score)
    )


def test_calling_share_gives_way_to_a_higher_count() -> None:
    big = {"id": "kong", "label": "Kong", "scope": "set", "when": [{"meld": "kong"}], "points": 500}
    rules = compile_ruleset(
        {"settings": {"limit": 1000}, "rules": [MAH_JONGG, HONORS, CALLING, big]}, "t", "<test>"
    )
    result = score("EwEwEw* SwSwSw* WwWwWwWw* NwNwNw Rd", rules, winner=False)
    assert (result.limit_hand, result.score) == (None, 500)


def test_winners_do_not_call() -> None:
    calling = {**CALLING, "who": "all"}
    rules = compile_ruleset(
        {"settings": {"limit": 1000}, "rules": [MAH_JONGG, HONORS, calling]}, "t", "<test>"
    )
    assert "calling" not in rule_ids(score("EwEwEw* SwSwSw* WwWwWwWw* NwNwNw Rd!Rd", rules))


@pytest.mark.parametrize("params", [[], "", [3], None], ids=["empty", "blank", "not-text", "none"])
def test_calling_for_bad_parameters(params: object) -> None:
    with pytest.raises(Invalid, match="calling_for"):
        one_rule({"calling_for": params}, limit=500)
