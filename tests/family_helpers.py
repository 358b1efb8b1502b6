"""Small rulesets built in a test, to exercise one condition or setting at a time."""

from __future__ import annotations

from typing import Any

from pungchow_calc.engine.rules import Ruleset, compile_ruleset
from pungchow_calc.engine.scoring import DEFAULT, Score, score_text
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import Wind

MAH_JONGG = {"id": "mj", "label": "Mah Jongg", "who": "winner", "points": 20}


def one_rule(condition: Any, **settings: Any) -> Ruleset:
    """A ruleset of 20 points for Mah Jongg and one doubling rule `x` with this condition."""
    rule = {"id": "x", "label": "the condition", "when": [condition], "doublings": 1}
    return compile_ruleset({"settings": settings, "rules": [MAH_JONGG, rule]}, "test", "<test>")


def holds(
    hand: str, condition: Any, *, win_by: str = "wall", seat: str = "east", winner: bool = True, **flags: Any
) -> bool:
    """Whether the one rule with this condition gives a line to the hand."""
    return "x" in rule_ids(score(hand, one_rule(condition), win_by=win_by, seat=seat, winner=winner, **flags))


def score(
    hand: str,
    ruleset: Ruleset,
    *,
    win_by: str = "wall",
    seat: str = "east",
    winner: bool = True,
    limit: Any = DEFAULT,
    **flags: Any,
) -> Score:
    """Score a hand under a ruleset in a simple situation."""
    situation = Situation(seat=Wind.parse(seat), win_by=WinBy(win_by), winner=winner, **flags)
    return score_text(hand, ruleset, situation, limit)


def rule_ids(result: Score) -> set[str]:
    """The rules that gave a line."""
    return {line.rule for line in result.lines}
