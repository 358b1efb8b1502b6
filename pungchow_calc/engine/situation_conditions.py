"""Conditions on how a hand was won that the tiles cannot show: stated by the player (options).

Each reads one flag of the Situation: robbing a kong (winning on the tile another player adds to
an exposed pung), an original call (calling declared before the first discard, the hand then
left unchanged), and a kong after a kong (the winning tile is the loose tile drawn for a second
kong declared on the loose tile of the first; Kajongg's "Twofold Fortune").
"""

from __future__ import annotations

from .condition_base import Condition, fact_condition

SITUATION_CONDITIONS: dict[str, Condition] = {
    "robbing_kong": fact_condition(
        "robbing_kong", "won with the tile added to another player's exposed pung"
    ),
    "original_call": fact_condition("original_call", "won after calling from the first discard on"),
    "kong_after_kong": fact_condition(
        "kong_after_kong", "won on the loose tile of a kong declared on a loose tile"
    ),
}
