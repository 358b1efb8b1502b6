"""Conditions on how a hand was won that the tiles cannot show: stated by the player (options).

Each reads one flag of the Situation: robbing a kong (winning on the tile another player adds to
an exposed pung), an original call (calling declared before the first discard, the hand then
left unchanged), and a kong after a kong (the winning tile is the loose tile drawn for a second
kong declared on the loose tile of the first; Kajongg's "Twofold Fortune").
"""

from __future__ import annotations

from .conditions import HAND, REGISTRY, Condition, _flag

SITUATION_CONDITIONS: dict[str, Condition] = {
    "robbing_kong": Condition(
        _flag("robbing_kong"), HAND, "won with the tile added to another player's exposed pung", local=True
    ),
    "original_call": Condition(
        _flag("original_call"), HAND, "won after calling from the first discard on", local=True
    ),
    "kong_after_kong": Condition(
        _flag("kong_after_kong"), HAND, "won on the loose tile of a kong declared on a loose tile", local=True
    ),
}
REGISTRY.update(SITUATION_CONDITIONS)
