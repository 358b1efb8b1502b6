"""Conditions on who holds the hand and how it was won: the Situation's facts (engine/situation.py).

`winner`, `won_by` and `seat` read the facts every hand has; each stated fact of the table
(engine/situation.py FACTS) whose row names a condition gets one of the same name, reading that one
field (`original_hand`, `robbing_kong`, `kong_after_kong`: Kajongg's "Twofold Fortune", ...): a new
stated fact needs no code here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..situation import SITUATION_FACTS, WinBy
from ..tiles import Wind
from .base import HAND, Choice, Condition, Test, choice, fact_condition, reads

_WAYS = ("wall", "loose", "discard", "drawn")
_WINDS = ("east", "south", "west", "north")


def _won_by(params: Any) -> Test:
    names = choice(params, _WAYS)
    ways = {WinBy(n) for n in names if n != "drawn"}
    if "drawn" in names:
        ways |= {WinBy.WALL, WinBy.LOOSE}
    # A hand won on the original draw has no winning tile to have drawn or claimed (Example 16).
    return lambda ctx, unit: ctx.hand.winning_tile is not None and ctx.situation.win_by in ways


def _won_by_ways(params: Any) -> frozenset[str]:
    """The ways a winning tile came that `won_by` holds for (`drawn`: from the wall or a loose tile)."""
    names = choice(params, _WAYS)
    return (names - {"drawn"}) | ({"wall", "loose"} if "drawn" in names else frozenset())


def _won_by_reads(params: Any) -> frozenset[str]:
    # `drawn` and `discard` cannot tell a loose tile from one drawn from the wall; `wall` and `loose` can.
    names = params if isinstance(params, list) else [params]
    tells = any(isinstance(n, str) and n in ("wall", "loose") for n in names)
    return frozenset({"win_by", "loose"} if tells else {"win_by"})


def _seat(params: Any) -> Test:
    winds = {Wind.parse(w) for w in choice(params, _WINDS)}
    return lambda ctx, unit: ctx.situation.seat in winds


CONDITIONS: dict[str, Condition] = {
    "winner": replace(fact_condition("winner", "the hand went Mah-Jongg"), whose="winner"),
    "won_by": Condition(
        _won_by,
        Choice(_WAYS, "how the winning tile came"),
        HAND,
        "how the winning tile came: wall, loose, discard, drawn",
        local=True,
        reads=_won_by_reads,
        one_of=_won_by_ways,
    ),
    "seat": Condition(
        _seat,
        Choice(_WINDS, "the holder's seat"),
        HAND,
        "the holder sits in this wind",
        local=True,
        reads=reads("seat"),
        one_of=lambda params: choice(params, _WINDS),
    ),
    # A condition for each stated fact of the table that names one (`original_hand`, `robbing_kong`, ...).
    **{fact.field: fact_condition(fact.field, fact.condition) for fact in SITUATION_FACTS if fact.condition},
}
