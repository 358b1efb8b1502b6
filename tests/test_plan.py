"""How a plan applies rules: groups claimed once per unit, also by rules deferred to the end."""

from __future__ import annotations

from dataclasses import replace

import pytest
from family_helpers import MAH_JONGG, score

from pungchow_calc.engine.plan import memo_for, plan_for
from pungchow_calc.engine.rules import compile_ruleset
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.ruleset_files import load

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


# --- remembered lines are shared by situations the rules cannot tell apart ----------------------


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
    plan = plan_for(load(ruleset), winner=True)
    base = Situation(seat=Wind.EAST, round=Wind.EAST, win_by=WinBy.DISCARD, discarder=Wind.NORTH)
    one = memo_for(plan, base, True, None)
    other = memo_for(plan, replace(base, **changed), True, None)  # type: ignore[arg-type]
    assert (one is other) is shared
