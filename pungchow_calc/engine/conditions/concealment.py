"""Conditions on concealment as a rule means it: which kongs count as concealed is a parameter.

A set is exposed when it lies on the table or was completed by a claimed discard (docs/notation.md).
Two kinds of kong are in between, and rules differ on them: a kong declared face down (`#`) scores as
concealed everywhere; a kong claimed onto a concealed pung (`+`) scores as exposed, yet some rules
count it as concealed (Kajongg's "Three Concealed Pongs", "Only Concealed Melds", "Concealed True
Color Game", "Hidden Treasure"). Both parameters default to the set's own scoring:
`declared_kongs: true` (counted as concealed) and `claimed_kongs: false` (counted as exposed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..hand import SINGLE, Meld
from ..situation import DISCARD, WinBy
from .base import (
    HAND,
    Boolean,
    Choice,
    Condition,
    Context,
    Counter,
    Decide,
    Flag,
    FlagOr,
    Keys,
    Spec,
    Test,
    count_range,
    count_tally,
    lies_exposed,
    reads,
)
from .tile_classes import MELD_KINDS, meld_kinds, most_melds


def concealed_as(meld: Meld, win_by: WinBy, declared_kongs: bool, claimed_kongs: bool) -> bool:
    """Whether a set or pair counts as concealed, with each kind of kong counted as the rule says.

    A pair completed by a claimed discard is exposed like a set (the claimed tile lies on the table),
    and so is a pair laid exposed (`=`, docs/notation.md).
    """
    if meld.declared:
        return declared_kongs
    if meld.claimed_kong:
        return claimed_kongs
    return not lies_exposed(meld, win_by)


def _kong_params(params: dict[str, Any]) -> tuple[bool, bool]:
    """(declared_kongs, claimed_kongs): whether each kind of kong counts as concealed (checked: _COUNTED)."""
    return params.get("declared_kongs", True), params.get("claimed_kongs", False)


def _concealed_sets(params: Any) -> Test:
    """How many sets of a kind are concealed: `{melds: pung_or_kong, min: 3, claimed_kongs: true}`.

    Example: Kajongg's "Three Concealed Pongs" is `{concealed_sets: {melds: pung_or_kong, min: 3,
    claimed_kongs: true}}`; a pung completed by a claimed discard is not concealed.
    """
    lo, hi = count_range(params, {"melds", "declared_kongs", "claimed_kongs"})
    kinds = meld_kinds(params.get("melds", "set"))
    declared, claimed = _kong_params(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        win_by = ctx.situation.win_by
        n = 0
        for m in ctx.melds:  # a loop, not sum(): no generator per arrangement
            if m.kind in kinds and concealed_as(m, win_by, declared, claimed):
                n += 1
        return lo <= n <= hi

    return test


def _kongs_only(params: Any) -> Callable[[Context, Meld], bool]:
    """The concealment rule of a condition whose only parameters are the kong ones (or none)."""
    return _rule(*_kong_params(params if isinstance(params, dict) else {}))


def _all_concealed(params: Any) -> Test:
    """Every set and the pair are concealed: none on the table, none completed by a claimed discard.

    Example: Kajongg's "Only Concealed Melds" is `{all_concealed: {claimed_kongs: true}}`.
    """
    concealed = _kongs_only(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        return all(concealed(ctx, m) for m in ctx.melds if m.kind is not SINGLE)

    return test


def _exposed_melds(params: Any) -> Test:
    """How many sets and pairs are exposed (on the table or claimed): `{melds: [set, pair], max: 2}`.

    Example: Kajongg's original call scores only with fewer than three exposed melds:
    `{exposed_melds: {melds: [set, pair], max: 2}}`; `{exposed_melds: {max: 0}}` is a concealed hand.
    """
    lo, hi = count_range(params, {"melds", "declared_kongs", "claimed_kongs"})
    kinds = meld_kinds(params.get("melds", ["set", "pair"]))
    concealed = _rule(*_kong_params(params))

    def test(ctx: Context, unit: Meld | None) -> bool:
        n = sum(1 for m in ctx.melds if m.kind in kinds and not concealed(ctx, m))
        return lo <= n <= hi

    return test


def _winning_concealed(params: Any) -> Test:
    """The winning tile is concealed: drawn, and the set or pair it completes counts as concealed.

    Example: Kajongg's "Won with Last Tile Taken from Wall" asks whether the last tile is concealed,
    not where it came from: a drawn tile laid in an exposed set (`2d!2d2d*` with `--loose`) is not.
    """
    concealed = _kongs_only(params)

    def test(ctx: Context, unit: Meld | None) -> bool:
        if ctx.hand.winning_tile is None or ctx.situation.win_by is DISCARD:
            return False
        return any(m.winning and concealed(ctx, m) for m in ctx.melds)

    return test


def _closed_hand(params: Any) -> Test:
    """No set was laid open before the win: no `*`, `+` or `=` group (a kong declared face down keeps
    the hand closed). A set the winning discard completes does not open the hand, though it scores as
    exposed (docs/riichi.md: riichi, pinfu, menzen tsumo and the closed han read this)."""
    return lambda ctx, unit: not ctx.hand.opened


def _closed_hand_tally(params: Any) -> Decide:
    return lambda tally: not tally.opened


def _counted_tally(default: Any) -> Callable[[Any], Decide]:
    """The Tally of a count of some sets of a kind (`melds`, else `default`): the concealed or exposed."""

    def tally(params: Any) -> Decide:
        lo, hi = count_range(params, {"melds", "declared_kongs", "claimed_kongs"})
        return count_tally(meld_kinds(params.get("melds", default)), lo, hi, exact=False)

    return tally


def _rule(declared: bool, claimed: bool) -> Callable[[Context, Meld], bool]:
    def concealed(ctx: Context, meld: Meld) -> bool:
        return concealed_as(meld, ctx.situation.win_by, declared, claimed)

    return concealed


def _kong_fields(declared: str, claimed: str) -> tuple[tuple[str, Spec], ...]:
    return (
        ("declared_kongs", Boolean(declared)),
        ("claimed_kongs", Boolean(claimed)),
    )


def _counted(default: Any) -> Counter:
    """The parameters of a count of concealed or exposed sets and pairs (`melds` by default `default`)."""
    return Counter(
        "expects a mapping with melds, min/max/exactly and the kong parameters",
        1,
        (
            ("melds", Choice(tuple(MELD_KINDS), "kind of meld to count")),
            *_kong_fields(
                "a kong declared face down is concealed", "a kong claimed onto a pung is concealed"
            ),
        ),
        most=most_melds(default),
    )


_KONGS_ONLY = FlagOr(
    Keys(
        "takes declared_kongs and claimed_kongs (true or false)",
        _kong_fields("declared kongs are concealed", "claimed kongs are concealed"),
    )
)

CONDITIONS: dict[str, Condition] = {
    "closed_hand": Condition(
        _closed_hand,
        Flag(),
        HAND,
        "no set laid open before the win (a face-down kong keeps it closed)",
        tally=_closed_hand_tally,
    ),
    "concealed_sets": Condition(
        _concealed_sets,
        _counted("set"),
        HAND,
        "how many sets of a kind are concealed (which kongs count: parameters)",
        tally=_counted_tally("set"),
    ),
    "exposed_melds": Condition(
        _exposed_melds,
        _counted(["set", "pair"]),
        HAND,
        "how many sets and pairs are exposed (which kongs count: parameters)",
        tally=_counted_tally(["set", "pair"]),
    ),
    "all_concealed": Condition(
        _all_concealed,
        _KONGS_ONLY,
        HAND,
        "no set or pair exposed or claimed (which kongs count: parameters)",
    ),
    "winning_concealed": Condition(
        _winning_concealed,
        _KONGS_ONLY,
        HAND,
        "the winning tile was drawn into a concealed set or pair (which kongs count: parameters)",
        reads=reads("win_by"),
    ),
}
