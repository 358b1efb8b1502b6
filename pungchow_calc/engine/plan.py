"""How a ruleset scores one arrangement: its rules sorted into a plan once, then applied set by set.

A plan splits a ruleset's rules for one side (the winner, or the others) by scope; every set and
pair rule that reads only its unit, the situation and the winning tile lets the plan remember a set's
lines and reuse them in every arrangement and every hand that holds the same set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cache import BoundedCache
from .conditions import Context, Situation
from .hand import Meld, MeldKind
from .rules import Rule, Ruleset

KINDS_ORDER = {"bonus": 0, "set": 1, "pair": 1, "double": 2, "limit": 3, "penalty": 4}


_Kinds = frozenset[MeldKind] | None  # the meld kinds a rule's `meld:` condition allows (None: any)
Found = tuple[tuple[int, int, int], Rule, Meld | None, int]  # (line order, rule, unit, points)
_UnitLines = tuple[tuple[tuple[Rule, int], ...], frozenset[str]]  # (rule, points) lines; groups claimed
Memo = BoundedCache[tuple[Any, ...], _UnitLines]  # one situation's lines, per kind of set or pair


@dataclass(frozen=True, slots=True)
class Plan:
    """How a ruleset scores a winner (or a loser), worked out once per ruleset."""

    ruleset: Ruleset
    hand: tuple[Rule, ...]  # hand rules, in file order
    sets: tuple[tuple[Rule, _Kinds], ...]  # set rules, in file order
    pairs: tuple[tuple[Rule, _Kinds], ...]  # pair rules, in file order
    late: tuple[Rule, ...]  # deferred rules (any scope): they read the other point lines
    # Every set and pair rule reads only its unit, the situation and the winning tile, so a set
    # scores the same lines in every arrangement and every hand that holds it: remembered here.
    local: bool
    # Per situation (seats x rounds x ways to win ...), each set's lines (a few thousand kinds of set).
    memo: BoundedCache[tuple[Situation, bool, int | None], Memo]
    reads: frozenset[str]  # the situation facts some rule of the plan reads (conditions.FACTS)


MEMO_SITUATIONS = 512  # distinct situations remembered per plan
MEMO_UNITS = 16384  # distinct sets and pairs remembered per situation
_PLANS: BoundedCache[tuple[int, bool], Plan] = BoundedCache(64)  # rulesets in use at once


def plan_for(ruleset: Ruleset, winner: bool) -> Plan:
    """The plan for a ruleset and side, built on first use."""
    plan = _PLANS.get((id(ruleset), winner))
    if plan is None or plan.ruleset is not ruleset:
        wanted = ("winner", "all") if winner else ("others", "all")
        rules = [r for r in ruleset.rules if r.who in wanted]
        early = [r for r in rules if not r.deferred]
        units = [r for r in early if r.scope != "hand"]
        plan = Plan(
            ruleset=ruleset,
            hand=tuple(r for r in early if r.scope == "hand"),
            sets=tuple((r, _meld_kinds(r)) for r in units if r.scope == "set"),
            pairs=tuple((r, _meld_kinds(r)) for r in units if r.scope == "pair"),
            late=tuple(r for r in rules if r.deferred),
            local=all(r.local for r in units),
            memo=BoundedCache(MEMO_SITUATIONS),
            reads=frozenset().union(*(r.reads for r in rules)),
        )
        _PLANS.put((id(ruleset), winner), plan)
    return plan


def memo_for(plan: Plan, situation: Situation, has_winning: bool, nominal: int | None) -> Memo:
    """The plan's remembered set and pair lines for one situation (forgotten all at once if full)."""
    key = (situation, has_winning, nominal)
    memo = plan.memo.get(key)
    if memo is None:
        memo = plan.memo.put(key, BoundedCache(MEMO_UNITS))
    return memo


def _meld_kinds(rule: Rule) -> _Kinds:
    return next((t.meld_kinds for t in rule.tests if hasattr(t, "meld_kinds")), None)


def _worth(
    rule: Rule, ctx: Context, unit: Meld | None, slot: int, claimed: set[tuple[str, int]], nominal: int | None
) -> int | None:
    """The points of the line a rule gives this unit (claiming its group on the unit's slot), or None
    when it gives no line: it does not hold, its group is taken, or the row is worth nothing here."""
    if rule.group is not None and (rule.group, slot) in claimed:
        return None
    if not rule.applies(ctx, unit):
        return None
    if rule.group is not None:
        claimed.add((rule.group, slot))
    if rule.points is None:
        return 0  # a doubling or a limit line
    # A row worth nothing (e.g. an open chow filled by discard) prints nothing.
    return rule.points.value(unit.exposed if unit is not None else False, nominal) or None


def _unit_lines(
    rules: tuple[tuple[Rule, _Kinds], ...], ctx: Context, unit: Meld, nominal: int | None
) -> _UnitLines:
    """The lines the set or pair rules give one unit, in file order, each group claimed once."""
    claimed: set[tuple[str, int]] = set()
    out: list[tuple[Rule, int]] = []
    for rule, kinds in rules:
        if kinds is not None and unit.kind not in kinds:
            continue
        points = _worth(rule, ctx, unit, 0, claimed, nominal)
        if points is not None:
            out.append((rule, points))
    return tuple(out), frozenset(group for group, _ in claimed)


def _line_key(rule: Rule, slot: int, position: int) -> tuple[int, int, int]:
    """Where a line stands: bonus points, then each set's lines in set order, then doublings."""
    phase = KINDS_ORDER[rule.kind]
    return (phase, slot, rule.index) if phase == 1 else (phase, rule.index, position)


def evaluate(
    plan: Plan, ctx: Context, nominal: int | None, memo: Memo | None
) -> tuple[list[Found], int, int, tuple[str, float] | None]:
    """Apply every rule to one arrangement: (lines found, points, doublings, limit label)."""
    found: list[Found] = []
    claimed: set[tuple[str, int]] = set()  # (group, slot): one rule of a group per unit

    def line(rule: Rule, unit: Meld | None, slot: int, position: int, points: int) -> None:
        if points:
            ctx.earlier.append(rule.id)  # what "no other score" conditions read (deferred rules)
        found.append((_line_key(rule, slot, position), rule, unit, points))

    hand_slot: list[tuple[int, int, Meld | None]] = [(-1, 0, None)]
    for rule in plan.hand:
        points = _worth(rule, ctx, None, -1, claimed, nominal)
        if points is not None:
            line(rule, None, -1, 0, points)
    positions = {"set": 0, "pair": 0}
    slots: list[tuple[int, int, Meld | None]] = []  # (slot, position among its scope, unit)
    for slot, unit in enumerate(ctx.melds):
        if unit.kind is MeldKind.SINGLE:
            continue
        scope = "pair" if unit.kind is MeldKind.PAIR else "set"
        position = positions[scope]
        positions[scope] = position + 1
        slots.append((slot, position, unit))
        rules = plan.pairs if scope == "pair" else plan.sets
        if memo is not None:
            # Which tile won matters only to the set that holds it (e.g. a chow's closed wait).
            won = ctx.hand.winning_tile if unit.winning else None
            key = (unit.kind, unit.tiles, unit.exposed, unit.declared, unit.winning, won)
            lines = memo.get(key)
            if lines is None:
                lines = memo.put(key, _unit_lines(rules, ctx, unit, nominal))
        else:
            lines = _unit_lines(rules, ctx, unit, nominal)
        unit_lines, groups = lines
        claimed.update((group, slot) for group in groups)
        for rule, points in unit_lines:
            line(rule, unit, slot, position, points)
    for rule in plan.late:
        for slot, position, target in hand_slot if rule.scope == "hand" else slots:
            if target is not None and (target.kind is MeldKind.PAIR) != (rule.scope == "pair"):
                continue
            points = _worth(rule, ctx, target, slot, claimed, nominal)
            if points is not None:
                line(rule, target, slot, position, points)
    points_total = sum(points for _, _, _, points in found)
    doublings = sum(rule.doublings for _, rule, _, _ in found)
    # The largest share of the limit counts (a full limit hand before a half-limit one), then line order.
    limits = [(-rule.limit_fraction, key, rule.label) for key, rule, _, _ in found if rule.limit]
    top = min(limits) if limits else None
    return found, points_total, doublings, (top[2], -top[0]) if top else None
