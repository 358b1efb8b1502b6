"""Conditions on who holds the hand and how it was won: the Situation's facts (engine/situation.py).

The facts the tiles cannot show are stated by the player (the options of the table of stated facts):
robbing a kong (winning on the tile another player adds to an exposed pung), an original call (calling
declared before the first discard, the hand then left unchanged), a kong after a kong (the winning tile
is the loose tile drawn for a second kong declared on the loose tile of the first; Kajongg's "Twofold
Fortune"), ... Each reads one field of the Situation and declares it (`reads`).
"""

from __future__ import annotations

from typing import Any

from ..situation import WinBy
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


def _won_by_reads(params: Any) -> frozenset[str]:
    # `drawn` and `discard` cannot tell a loose tile from one drawn from the wall; `wall` and `loose` can.
    names = params if isinstance(params, list) else [params]
    tells = any(isinstance(n, str) and n in ("wall", "loose") for n in names)
    return frozenset({"win_by", "loose"} if tells else {"win_by"})


def _seat(params: Any) -> Test:
    winds = {Wind.parse(w) for w in choice(params, _WINDS)}
    return lambda ctx, unit: ctx.situation.seat in winds


CONDITIONS: dict[str, Condition] = {
    "winner": fact_condition("winner", "the hand went Mah-Jongg"),
    "won_by": Condition(
        _won_by,
        Choice(_WAYS, "how the winning tile came"),
        HAND,
        "how the winning tile came: wall, loose, discard, drawn",
        local=True,
        reads=_won_by_reads,
    ),
    "seat": Condition(
        _seat,
        Choice(_WINDS, "the holder's seat"),
        HAND,
        "the holder sits in this wind",
        local=True,
        reads=reads("seat"),
    ),
    "original_hand": fact_condition("original_hand", "won on the hand as first drawn"),
    "last_tile": fact_condition("last_tile", "won with the last tile that may be drawn"),
    "first_discard": fact_condition("first_discard", "won on the first tile discarded"),
    "robbing_kong": fact_condition(
        "robbing_kong", "won with the tile added to another player's exposed pung"
    ),
    "original_call": fact_condition("original_call", "won after calling from the first discard on"),
    "kong_after_kong": fact_condition(
        "kong_after_kong", "won on the loose tile of a kong declared on a loose tile"
    ),
}
