"""How a plan applies rules: groups claimed once per unit, also by rules deferred to the end."""

from __future__ import annotations

import pytest
from family_helpers import MAH_JONGG, score

from pungchow_calc.engine.rules import compile_ruleset

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
