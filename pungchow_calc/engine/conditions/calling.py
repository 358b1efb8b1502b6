"""Conditions on what a non-winning hand is calling for: the hand one tile short of a given rule.

Some rulesets pay a non-winner whose hand needs one tile to complete a limit hand, e.g. Kajongg's BMJA
"Calling for Only Honors" (0.4 of the limit). `{calling_for: [only_honors]}` holds when some tile,
drawn from the wall, would complete the hand as a winner that the rule `only_honors` scores (when the
completed hand is a limit hand, only the limit hand it is paid as counts). The completions are scored by
the scorer itself (`Context.calling`), once per hand and only when a rule asks.
"""

from __future__ import annotations

from typing import Any

from ..errors import as_written
from ..hand import Meld
from .base import HAND, Condition, Context, Custom, ParamError, Test


def _rule_ids(params: Any) -> frozenset[str]:
    """The rule ids named (a name or a list)."""
    ids = params if isinstance(params, list) else [params]
    if not ids or not all(isinstance(x, str) and x for x in ids):
        raise ParamError(f"expects rule ids (a name or a list), got {as_written(params)}")
    return frozenset(ids)


def _calling_for(params: Any) -> Test:
    """The hand is one tile from a winning hand scored by one of these rules (ids of this ruleset)."""
    wanted = _rule_ids(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        return ctx.calling is not None and not wanted.isdisjoint(ctx.calling())

    return test


_IDS = {
    "description": "rule ids of this ruleset",
    "anyOf": [{"type": "string"}, {"type": "array", "minItems": 1, "items": {"type": "string"}}],
}

CONDITIONS: dict[str, Condition] = {
    "calling_for": Condition(
        _calling_for,
        Custom(_rule_ids, _IDS),
        HAND,
        "one tile from a winning hand that these rules score",
        names_rules=_rule_ids,
        whose="others",  # a winner's hand is calling for nothing (scoring: no calling for a winner)
    ),
}
