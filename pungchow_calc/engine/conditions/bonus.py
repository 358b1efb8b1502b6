"""Conditions on the bonus tiles a hand holds: flowers and seasons counted as scoring tiles.

Harr's rulesets only double for one's own flower or season (`own_bonus`); other families pay
points for every bonus tile held and double for a full set of four, e.g. Kajongg's Classical
Chinese rulesets: 4 points a flower or season, a doubling for all four flowers.
"""

from __future__ import annotations

from typing import Any

from ..hand import Meld
from ..tiles import Suit
from .base import (
    HAND,
    Boolean,
    Choice,
    Condition,
    Context,
    Counter,
    Decide,
    Test,
    choice,
    count_range,
    reads,
)

BONUS_KINDS = {"flower": Suit.FLOWERS, "season": Suit.SEASONS}


def _bonus_tiles(params: Any) -> Test:
    """How many bonus tiles the hand holds: `{kinds: [flower, season], own: false, min/max/exactly}`.

    `kinds` (default both) names the bonus suits counted; `own: true` counts only the tiles of the
    holder's own wind (numbers 1-4 are East to North). Example: `{bonus_tiles: {kinds: flower,
    exactly: 4}}` is "all four flowers"; `{bonus_tiles: {exactly: 3}}` is three bonus tiles of any kind.
    """
    lo, hi = count_range(params, {"kinds", "own"})
    kinds = choice(params.get("kinds", list(BONUS_KINDS)), tuple(BONUS_KINDS))
    suits = frozenset(BONUS_KINDS[k] for k in kinds)
    own = params.get("own", False)

    def test(ctx: Context, unit: Meld | None) -> bool:
        seat = ctx.situation.seat.value
        n = sum(1 for t in ctx.hand.bonus if t.suit in suits and (not own or t.rank == seat))
        return lo <= n <= hi

    return test


def _most_bonus(params: dict[str, Any]) -> tuple[int, str]:
    """Counter.most of `bonus_tiles`: one each of four flowers and four seasons, one of each its own."""
    kinds = sorted(choice(params.get("kinds", list(BONUS_KINDS)), tuple(BONUS_KINDS)))
    own = params.get("own", False)
    most = len(kinds) * (1 if own else 4)
    what = " and ".join(f"{kind}s" for kind in kinds)
    return most, f"a hand holds at most {most} {what}" + (" of its own wind" if own else "")


def _own_bonus(params: Any) -> Test:
    """Holding the flower or season of one's own wind (Part I, "Use of the Mandarins")."""
    kinds = choice(params, _KINDS)
    suits = {BONUS_KINDS[k] for k in kinds}
    return lambda ctx, unit: (
        bool(ctx.hand.bonus)
        and any(t.suit in suits and t.rank == ctx.situation.seat.value for t in ctx.hand.bonus)
    )


def _no_bonus_tally(params: Any) -> Decide:
    """The Tally of `own_bonus`: no bonus tile held, no own flower or season (most hands, whose every
    arrangement would ask it)."""
    return lambda tally: None if tally.bonus else False


_KINDS = tuple(BONUS_KINDS)

# Neither is local: they read the hand's bonus tiles, which no remembered line is keyed by (plan.py).
CONDITIONS: dict[str, Condition] = {
    "own_bonus": Condition(
        _own_bonus,
        Choice(_KINDS, "own flower or own season"),
        HAND,
        "holds own wind's flower or season",
        reads=reads("seat"),
        tally=_no_bonus_tally,
    ),
    "bonus_tiles": Condition(
        _bonus_tiles,
        Counter(
            "expects a mapping with kinds, own and min/max/exactly",
            1,
            (
                ("kinds", Choice(_KINDS, "bonus suits counted (default both)")),
                ("own", Boolean("count only the holder's own flower/season")),
            ),
            most=_most_bonus,
        ),
        HAND,
        "how many flowers/seasons are held (own: only the holder's wind)",
    ),
}
