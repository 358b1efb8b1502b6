"""How a ruleset scores one arrangement: its rules sorted into a plan once, then applied set by set.

A plan splits a ruleset's rules for one side (the winner, or the others) by scope; every set and
pair rule that reads only its unit, the situation and the winning tile lets the plan remember a set's
lines and reuse them in every arrangement and every hand that holds the same set.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Any, Literal, NamedTuple

from .cache import BoundedCache
from .conditions import Context, Tally, Test, lies_exposed
from .conditions.tile_classes import situated_tiles
from .hand import PAIR, SINGLE, Meld, MeldKind
from .rule_types import all_of, line_at
from .rules import Rule, Ruleset
from .situation import Situation
from .tiles import Tile

_Kinds = frozenset[MeldKind] | None  # the meld kinds a rule's `meld:` condition allows (None: any)
# A rule with the tests to ask of it (Rule.check, or those a Tally leaves; None: none, it holds) ...
_Checked = tuple[tuple[Rule, Test | None], ...]
# ... and a set or pair rule with the meld kinds its `meld:` condition allows, and the same.
_UnitRules = tuple[tuple[Rule, _Kinds, Test | None], ...]
# (line order, rule, unit, points, doublings): a line's doublings are its rule's, as the hand is open or
# not and times its `per:` count (Rule.doublings_when).
Found = tuple[int, Rule, Meld | None, int, int]
# A unit's (rule, points) lines; the groups they claimed; the ids of those worth points (Context.earlier).
_UnitLines = tuple[tuple[tuple[Rule, int], ...], frozenset[str], tuple[str, ...]]
_Lines = BoundedCache[tuple[Any, ...], _UnitLines]  # one situation's lines, per kind of set or pair
# The situated hand rules' lines as Found lines, the groups they claimed, the ids of those worth points.
_Situated = tuple[tuple[Found, ...], frozenset[str], tuple[str, ...]]
# A Tally as a key, counted in C: (Hand.suits, Hand.opened, whether a bonus tile is held, the kind of
# each meld).
_TallyKey = tuple[tuple[int, bool], bool, bool, tuple[MeldKind, ...]]


class Tallied(NamedTuple):
    """The rules read afresh in every arrangement, as an arrangement's Tally leaves them: those that
    could hold, each with the tests the tally does not settle (Rule.tallies)."""

    hand: _Checked  # Plan.hand, but those in `sure`
    # The lines of the group-less hand rules the tally settles as holding, worth the same in every hand
    # (no `per:` count, no share of the limit): added as they are, in Plan.hand order; with the ids of
    # those worth points (Context.earlier).
    sure: tuple[Found, ...]
    sure_ids: tuple[str, ...]
    hand_grouped: _Checked  # Plan.hand_grouped
    live_sets: _UnitRules  # Plan.live_sets
    live_pairs: _UnitRules  # Plan.live_pairs
    # The indexes of those live set (pair) rules when each scores a unit here as a remembered rule does:
    # the tally settles its other tests as holding, and those left read only the unit, the situation
    # and the winning tile (Rule.locals). Their lines are then remembered with the unit's, under this
    # key beside the unit's own (Memo.units). None: not so (they are asked of every unit).
    sets_key: tuple[int, ...] | None
    pairs_key: tuple[int, ...] | None
    late: _Checked  # Plan.late


class Memo(NamedTuple):
    """One situation's remembered lines: its sets' and pairs', and its situated hand rules'."""

    units: _Lines  # keyed by the facts the set and pair rules read (Plan.unit_facts)
    # The situated hand rules' lines as Found lines, keyed by whether the hand is open (two entries at
    # most), for the facts the situated rules read.
    situated: BoundedCache[bool, _Situated]
    # The set and pair rules' lines of a unit holding none of Plan.shared_tiles, as `units` but keyed
    # only by the facts those rules read other than to class the unit's own tiles (Plan.shared_facts):
    # met where `units` lacks a unit (a unit seen before in another seat or round). None: not shared.
    shared: tuple[frozenset[Tile], _Lines] | None  # (Plan.shared_tiles, the lines)


# Never compared, hashed or shown: one per ruleset, found by id (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Plan:
    """How a ruleset scores a winner (or a loser), worked out once per ruleset."""

    ruleset: Ruleset
    rules: tuple[Rule, ...]  # the side's rules, in file order
    hand: tuple[Rule, ...]  # hand rules that read the arrangement and belong to no group, in file order
    hand_grouped: tuple[Rule, ...]  # hand rules that read the arrangement and claim a group, in file order
    # Hand rules that read only the situation and whether the hand has a winning tile (e.g. "won
    # from the wall"): the same lines for every hand of one situation, so remembered with the sets'.
    situated: _UnitRules  # (rule, None, its check): read as the hand's unit lines
    sets: _UnitRules  # set rules, in file order (remembered, when `local`)
    pairs: _UnitRules  # pair rules, in file order (remembered, when `local`)
    # Set and pair rules that read more than their unit (e.g. "the hand holds four sets"), in a group
    # of their own: applied to each unit of each arrangement, beside the remembered lines.
    live_sets: _UnitRules
    live_pairs: _UnitRules
    late: tuple[Rule, ...]  # deferred rules (any scope): they read the other point lines
    late_units: bool  # whether a deferred rule is a set or pair rule (it then reads each unit again)
    # Whether a deferred rule belongs to a group: only then do the groups the situated, set and pair
    # lines claimed need writing down (hand rules come first and claim among themselves).
    late_groups: bool
    # The set and pair rules (but the live ones) read only their unit, the situation and the winning
    # tile, so a set scores the same lines in every arrangement and every hand that holds it:
    # remembered here.
    local: bool
    # Per situation, each set's lines (a few thousand kinds of set): keyed by the facts of the
    # situation that the set and pair rules read (`unit_facts`), not the whole situation, so
    # situations that differ only in facts those rules never read (e.g. the round, for a ruleset
    # without round winds; riichi, for the fu of a set) share their lines. The situated hand rules'
    # lines are keyed apart, by the facts they read (`situated_facts`).
    memo: BoundedCache[tuple[Any, bool, int | None], _Lines]
    # Each situation's Memo, keyed by every fact the remembered rules read (`remembered_fields`): one
    # lookup per hand, the two caches above met only for a situation not seen before.
    memos: BoundedCache[tuple[Any, bool, int | None], Memo]
    remembered_facts: Callable[[Situation], Any]  # the `remembered_fields` of a situation, as one value
    situated_memo: BoundedCache[tuple[Any, bool, int | None], BoundedCache[bool, _Situated]]
    remembered_fields: tuple[str, ...]  # the Situation fields the remembered rules read (Rule.reads)
    unit_facts: Callable[[Situation], Any]  # the fields the set and pair rules read, as one value
    # The fields the set and pair rules (but the live ones) read other than to class the unit's own
    # tiles (Rule.tile_reads), and the tiles whose class those facts change: a unit holding none of them
    # scores the same lines in every situation alike in these fields (Memo.shared). None: no rule
    # reads a fact only so (nothing is shared beyond `memo`).
    shared_facts: Callable[[Situation], Any]
    shared_tiles: frozenset[Tile] | None
    shared_memo: BoundedCache[tuple[Any, bool, int | None], _Lines]
    situated_facts: Callable[[Situation], Any]  # the fields the situated hand rules read
    # The fields of a set or pair its remembered lines are keyed by: those the set and pair rules
    # declare they read (Rule.unit_reads), its kind (which rules apply), and whether it lies exposed
    # when a rule's points depend on it; `winning_tile` adds which tile won to the key of the set
    # that holds it.
    unit_fields: tuple[str, ...]
    unit_key: Callable[[Meld], Any]  # those fields of a unit, as one value
    keys_winning_tile: bool  # "winning_tile" in unit_fields
    reads: frozenset[str]  # the situation facts some rule of the plan reads (situation.READABLE)
    # An on/off fact -> the ids of the rules that require it given (Rule.requires): without it they give
    # no line, whatever the hand (scoring._idle_facts).
    required_by: dict[str, frozenset[str]]
    limit_reads: frozenset[str]  # the situation facts the plan's limit hands read (fact_notes.beside_limit)
    open_values: bool  # some rule is worth other doublings in an open hand (`doublings: {closed, open}`)
    # Per Tally of an arrangement, the rules read afresh that could hold and the tests left to ask of
    # each (Rule.tallies): a pure function of the tally, so shared by every arrangement of that tally.
    tallied: BoundedCache[_TallyKey, Tallied]


MEMO_SITUATIONS = 512  # distinct situations (as the remembered rules read them) per plan
MEMO_UNITS = 16384  # distinct sets and pairs remembered per situation
MEMO_TALLIES = 4096  # distinct tallies (kinds of meld in order, suits, opened) per plan
_PLANS: BoundedCache[tuple[int, bool], Plan] = BoundedCache(64)  # rulesets in use at once


def plan_for(ruleset: Ruleset, winner: bool) -> Plan:
    """The plan for a ruleset and side, built on first use."""
    plan = _PLANS.get((id(ruleset), winner))
    if plan is None or plan.ruleset is not ruleset:
        wanted = ("winner", "all") if winner else ("others", "all")
        rules = [r for r in ruleset.rules if r.who in wanted]
        early = [r for r in rules if not r.deferred]
        every_unit = [r for r in early if r.scope != "hand"]
        live = _live(every_unit)
        units = [r for r in every_unit if all(r is not x for x in live)]
        hand = [r for r in early if r.scope == "hand"]
        # A group is claimed by the first of its rules in file order: a situated rule may be
        # remembered apart only when no arrangement-reading hand rule shares its group.
        read_groups = {r.group for r in hand if not r.local and r.group is not None}
        situated = [r for r in hand if r.local and r.group not in read_groups]
        arranged = [r for r in hand if all(r is not s for s in situated)]
        # The live rules too: their lines are remembered with a unit's where a tally leaves them local.
        read_by_units = _fields_read(units + live)
        shared = _fields_read(units, tile_reads=False)
        read_situated = _fields_read(situated)
        fields = tuple(sorted({*read_by_units, *read_situated}))
        unit_fields = _unit_fields(units + live)
        plain = tuple(f for f in unit_fields if f != "winning_tile")
        plan = Plan(
            ruleset=ruleset,
            rules=tuple(rules),
            hand=tuple(r for r in arranged if r.group is None),
            hand_grouped=tuple(r for r in arranged if r.group is not None),
            situated=tuple((r, None, r.check) for r in situated),
            sets=tuple((r, _meld_kinds(r), r.check) for r in units if r.scope == "set"),
            pairs=tuple((r, _meld_kinds(r), r.check) for r in units if r.scope == "pair"),
            live_sets=tuple((r, _meld_kinds(r), r.check) for r in live if r.scope == "set"),
            live_pairs=tuple((r, _meld_kinds(r), r.check) for r in live if r.scope == "pair"),
            late=tuple(r for r in rules if r.deferred),
            late_units=any(r.scope != "hand" for r in rules if r.deferred),
            late_groups=any(r.group is not None for r in rules if r.deferred),
            local=not every_unit or len(live) < len(every_unit),
            memo=BoundedCache(MEMO_SITUATIONS),
            memos=BoundedCache(MEMO_SITUATIONS),
            remembered_facts=attrgetter(*fields) if fields else _NOTHING,
            situated_memo=BoundedCache(MEMO_SITUATIONS),
            remembered_fields=fields,
            unit_facts=attrgetter(*read_by_units) if read_by_units else _NOTHING,
            shared_facts=attrgetter(*shared) if shared else _NOTHING,
            shared_tiles=situated_tiles() if any(r.tile_reads for r in units) else None,
            shared_memo=BoundedCache(MEMO_SITUATIONS),
            situated_facts=attrgetter(*read_situated) if read_situated else _NOTHING,
            unit_fields=unit_fields,
            unit_key=attrgetter(*plain),
            keys_winning_tile="winning_tile" in unit_fields,
            reads=frozenset().union(*(r.reads for r in rules)),
            required_by={
                fact: frozenset(r.id for r in rules if fact in r.requires)
                for fact in frozenset().union(*(r.requires for r in rules))
            },
            limit_reads=frozenset().union(*(r.reads for r in rules if r.limit)),
            open_values=any(r.open_doublings is not None for r in rules),
            tallied=BoundedCache(MEMO_TALLIES),
        )
        _PLANS.put((id(ruleset), winner), plan)
    return plan


def memo_for(plan: Plan, situation: Situation, has_winning: bool, nominal: int | None) -> Memo:
    """The plan's remembered set and pair lines for one situation (forgotten all at once if full)."""
    found = plan.memos.get((plan.remembered_facts(situation), has_winning, nominal))
    if found is not None:
        return found
    key = (plan.unit_facts(situation), has_winning, nominal)
    units = plan.memo.get(key)
    if units is None:
        units = plan.memo.put(key, BoundedCache(MEMO_UNITS))
    key = (plan.situated_facts(situation), has_winning, nominal)
    situated = plan.situated_memo.get(key)
    if situated is None:
        situated = plan.situated_memo.put(key, BoundedCache(2))
    shared = None
    if plan.shared_tiles is not None:
        key = (plan.shared_facts(situation), has_winning, nominal)
        lines = plan.shared_memo.get(key)
        if lines is None:
            lines = plan.shared_memo.put(key, BoundedCache(MEMO_UNITS))
        shared = (plan.shared_tiles, lines)
    found = Memo(units, situated, shared)
    return plan.memos.put((plan.remembered_facts(situation), has_winning, nominal), found)


def tally_key(ctx: Context) -> _TallyKey:
    """The Tally of an arrangement as a key (Plan.tallied): told in C, as every arrangement asks it."""
    hand = ctx.hand
    return hand.suits, hand.opened, hand.bonus != (), tuple(map(_KIND, ctx.melds))


def tallied(plan: Plan, key: _TallyKey) -> Tallied:
    """The plan's rules read afresh that could hold in an arrangement of this tally, with the tests
    left (worked out, and remembered, when the plan has not met the tally before)."""
    (suits, honors), opened, bonus, kinds = key
    # A tally reads the kinds of meld as a multiset (Tally.count): arrangements with the same kinds in
    # another order share the work, found under the kinds in one order (by the identity of each kind).
    alike = (suits, honors), opened, bonus, tuple(sorted(kinds, key=id))
    found = plan.tallied.get(alike)
    if found is None:
        found = plan.tallied.put(alike, _tallied(plan, Tally(alike[3], suits, honors, opened, bonus)))
    return plan.tallied.put(key, found)


def _tallied(plan: Plan, tally: Tally) -> Tallied:
    """The rules read afresh that could hold under a tally, with the tests left (Plan.tallied)."""

    def left(rules: tuple[Rule, ...]) -> _Checked:
        return tuple((rule, check) for rule in rules if (check := _left(rule, tally)) is not False)

    def units(rules: _UnitRules) -> _UnitRules:
        return tuple((r, kinds, check) for r, kinds, _ in rules if (check := _left(r, tally)) is not False)

    hand = left(plan.hand)
    # As `evaluate` applies a group-less hand rule that holds (its doublings as the hand is open or not).
    opened = plan.open_values and tally.opened
    sure = tuple(
        (rule.hand_at, rule, None, worth, rule.doublings_open if opened else rule.doublings)
        for rule, check in hand
        if check is None and _fixed_worth(rule) and (worth := _worth_alone(rule)) is not None
    )
    sure_rules = [line[1] for line in sure]
    live_sets, live_pairs = units(plan.live_sets), units(plan.live_pairs)
    return Tallied(
        tuple((rule, check) for rule, check in hand if all(rule is not r for r in sure_rules)),
        sure,
        tuple(rule.id for _, rule, _, worth, _ in sure if worth),
        left(plan.hand_grouped),
        live_sets,
        live_pairs,
        _live_key(live_sets, tally),
        _live_key(live_pairs, tally),
        left(plan.late),
    )


def _live_key(rules: _UnitRules, tally: Tally) -> tuple[int, ...] | None:
    """Tallied.sets_key (pairs_key) of the live rules a tally leaves: their indexes when each test of
    each either reads only the unit, the situation and the winning tile or is settled as holding."""
    for rule, _, _ in rules:
        if rule.per is not None or not rule.locals:
            return None
        for local, decide in zip(rule.locals, rule.tallies or (None,) * len(rule.locals), strict=True):
            if not local and (decide is None or decide(tally) is not True):
                return None
    return tuple(rule.index for rule, _, _ in rules)


def _fixed_worth(rule: Rule) -> bool:
    """Whether a rule's line is worth the same in every hand: no `per:` count, no share of the limit."""
    return rule.per is None and (rule.points is None or rule.points.limit_fraction is None)


def _worth_alone(rule: Rule) -> int | None:
    """The points of a hand rule's line when it holds (None: a row worth nothing prints no line), for
    a rule of fixed worth (`_fixed_worth`): as `evaluate` works them out."""
    value = rule.points
    return 0 if value is None else value.value(False, None) or None


def _left(rule: Rule, tally: Tally) -> Test | None | Literal[False]:
    """False when the tally rules the rule out; else the one test (or all) of those it does not
    settle, or None when it settles them all (the rule holds)."""
    tallies = rule.tallies
    if not tallies:
        return rule.check if rule.tests else None  # the tally settles none of its tests
    # One pass, stopping at the first test the tally rules out (a new tally asks this of every rule).
    kept: list[Test] = []
    for test, decide in zip(rule.tests, tallies, strict=True):
        if decide is not None:
            verdict = decide(tally)
            if verdict is False:
                return False
            if verdict:
                continue  # the tally settles it: it holds
        kept.append(test)
    if len(kept) == len(tallies):
        return rule.check  # it settles none: every test, as the rule asks them (Rule.check)
    return (kept[0] if len(kept) == 1 else all_of(tuple(kept))) if kept else None


def _live(units: list[Rule]) -> list[Rule]:
    """The set and pair rules applied afresh to every arrangement: those not `local`, when each is in a
    group no other unit rule claims (or none), so the remembered lines claim what they always did;
    else every unit rule (nothing remembered)."""
    live = [r for r in units if not r.local]
    groups = {r.group for r in live if r.group is not None}
    if any(r.group in groups for r in units if r.local):
        return units
    return live


def _fields_read(rules: list[Rule], tile_reads: bool = True) -> tuple[str, ...]:
    """The Situation fields the rules' conditions read (Rule.reads; `loose` is told by `win_by`);
    without `tile_reads`, but those read only to class a unit's own tiles (Rule.tile_reads)."""
    read = {
        "win_by" if fact == "loose" else fact
        for rule in rules
        for fact in (rule.reads if tile_reads else rule.reads - rule.tile_reads)
    }
    return tuple(sorted(read & set(Situation.__dataclass_fields__)))


def _unit_fields(rules: list[Rule]) -> tuple[str, ...]:
    """The fields of a unit its remembered lines are keyed by (Plan.unit_fields)."""
    read = {"kind"}.union(*(rule.unit_reads for rule in rules))
    split = [r for r in rules if r.points is not None and r.points.exposed != r.points.concealed]
    if split:
        read.add("exposed")  # the line's worth reads it (Points.value)
    if any(r.scope == "pair" for r in split):
        read.add("winning")  # and a pair's whether it holds the winning tile (lies_exposed)
    return tuple(sorted(read))


def _NOTHING(situation: Situation) -> tuple[()]:
    return ()


def _meld_kinds(rule: Rule) -> _Kinds:
    return next((t.meld_kinds for t in rule.tests if hasattr(t, "meld_kinds")), None)


def _worth(
    rule: Rule,
    check: Test | None,
    ctx: Context,
    unit: Meld | None,
    slot: int,
    claimed: set[tuple[str, int]],
    nominal: int | None,
) -> int | None:
    """The points of the line a rule gives this unit (claiming its group on the unit's slot), or None
    when it gives no line: `check` (its tests, or those left to ask; None: it holds) does not hold,
    its group is taken, or the row is worth nothing here."""
    group = rule.group
    if group is not None and (group, slot) in claimed:
        return None
    if check is not None and not check(ctx, unit):
        return None
    if group is not None:
        claimed.add((group, slot))
    points = rule.points
    if points is None:
        return 0  # a doubling or a limit line
    # A row worth nothing (e.g. an open chow filled by discard) prints nothing.
    return points.value(unit is not None and lies_exposed(unit, ctx.situation.win_by), nominal) or None


def _unit_lines(rules: _UnitRules, ctx: Context, unit: Meld | None, nominal: int | None) -> _UnitLines:
    """The lines the rules give one unit (None: the hand), in file order, each group claimed once."""
    claimed: set[tuple[str, int]] = set()
    out: list[tuple[Rule, int]] = []
    kind = unit.kind if unit is not None else None
    exposed = unit is not None and lies_exposed(unit, ctx.situation.win_by)  # the pair a discard completed
    for rule, kinds, check in rules:
        if kinds is not None and kind not in kinds:
            continue
        if rule.group is None:  # no group to claim: `_worth` in place, as for most set rules
            if check is None or check(ctx, unit):
                value = rule.points
                points = 0 if value is None else value.value(exposed, nominal) or None
                if points is not None:
                    out.append((rule, points))
            continue
        points = _worth(rule, check, ctx, unit, 0, claimed, nominal)
        if points is not None:
            out.append((rule, points))
    if not out and not claimed:  # the usual answer of set or pair rules read afresh: nothing
        return _NO_LINES
    return tuple(out), frozenset([group for group, _ in claimed]), tuple([r.id for r, w in out if w])


def _first_sight(
    shared: tuple[frozenset[Tile], _Lines] | None,
    rules: _UnitRules,
    ctx: Context,
    unit: Meld,
    nominal: int | None,
    memo_key: Any,
) -> _UnitLines:
    """A unit's lines where its situation's memo lacks them: those of the same unit in a situation
    alike in what the rules read of it (Memo.shared), when it holds no tile whose class differs."""
    if shared is None or not shared[0].isdisjoint(unit.tiles):
        return _unit_lines(rules, ctx, unit, nominal)
    lines = shared[1]
    return lines.get(memo_key) or lines.put(memo_key, _unit_lines(rules, ctx, unit, nominal))


def _situated(plan: Plan, ctx: Context, nominal: int | None, opened: bool) -> _Situated:
    """The situated hand rules' lines (Plan.situated), as Found lines of a hand open or not."""
    lines, groups, counted = _unit_lines(plan.situated, ctx, None, nominal)
    found = tuple(
        [
            (rule.hand_at, rule, None, worth, rule.doublings_open if opened else rule.doublings)
            for rule, worth in lines
        ]
    )
    return found, groups, counted


def _joined(lines: _UnitLines, fresh: _UnitLines) -> _UnitLines:
    """A unit's remembered lines and its live rules' lines, as if one list of rules gave them."""
    if fresh is _NO_LINES:  # the usual answer of the live rules
        return lines
    return (*lines[0], *fresh[0]), lines[1] | fresh[1], (*lines[2], *fresh[2])


def _line_key(rule: Rule, slot: int, position: int) -> int:
    """Where a line stands: bonus points, then each set's lines in set order, then doublings."""
    phase = rule.phase
    return line_at(phase, slot, rule.index) if phase == 1 else line_at(phase, rule.index, position)


def evaluate(plan: Plan, ctx: Context, nominal: int | None, memo: Memo | None) -> list[Found]:
    """Apply every rule to one arrangement: the lines found."""
    found: list[Found] = []
    add = found.append
    earlier = ctx.earlier  # what "no other score" conditions read (deferred rules)
    # Whether a set was laid open before the win: rules worth other doublings then (`{closed, open}`).
    # Its rules' doublings are then `doublings_open` (Rule.doublings_when, written out for every line).
    opened = plan.open_values and ctx.hand.opened
    claimed: set[tuple[str, int]] = set()  # (group, slot): one rule of a group per unit
    # Lines are keyed by where they stand (`_line_key`): a hand rule's line by its phase and index.
    if plan.situated:
        if memo is not None:  # remembered as the lines themselves, in a hand open or not
            situated = memo.situated.get(opened) or memo.situated.put(
                opened, _situated(plan, ctx, nominal, opened)
            )
        else:
            situated = _situated(plan, ctx, nominal, opened)
        situated_lines, situated_groups, counted = situated
        if situated_groups and plan.late_groups:
            claimed.update((group, -1) for group in situated_groups)
        earlier.extend(counted)
        found.extend(situated_lines)
    # The hand rules this arrangement's tally leaves, and what is left to ask of each.
    key = tally_key(ctx)
    checks = plan.tallied.get(key) or tallied(plan, key)
    if checks.sure:
        earlier.extend(checks.sure_ids)
        found.extend(checks.sure)
    for rule, check in checks.hand:  # no group to claim: `_worth` in place, as nearly every hand rule is
        if check is None or check(ctx, None):
            times = 1 if rule.per is None else rule.per(ctx)
            if not times:
                continue
            value = rule.points
            points = 0 if value is None else value.value(False, nominal) * times or None
            if points is not None:
                if points:
                    earlier.append(rule.id)
                doubled = rule.doublings_open if opened else rule.doublings
                add((rule.hand_at, rule, None, points, doubled * times))
    for rule, check in checks.hand_grouped:  # a group is claimed by the first of its rules that holds
        times = 1 if rule.per is None else rule.per(ctx)
        if not times:
            continue
        points = _worth(rule, check, ctx, None, -1, claimed, nominal)
        if points is not None:
            if points:
                earlier.append(rule.id)
            doubled = rule.doublings_open if opened else rule.doublings
            add((rule.hand_at, rule, None, points * times, doubled * times))
    sets_so_far = pairs_so_far = 0  # a line's position among the sets (or pairs) of the arrangement
    # Deferred set and pair rules read the units again: remember where each one stands.
    deferred = plan.late_units
    late_groups = plan.late_groups
    slots: list[tuple[int, int, Meld | None]] = []  # (slot, position among its scope, unit)
    winning_tile = ctx.hand.winning_tile
    unit_key = plan.unit_key
    keys_winning_tile = plan.keys_winning_tile
    remembered = memo.units.get if memo is not None else None
    shared = memo.shared if memo is not None else None  # met on a unit's first sight in this situation
    put = memo.units.put if memo is not None else None
    # Read once for the five units of the arrangement.
    pairs, sets, live_pairs, live_sets = plan.pairs, plan.sets, checks.live_pairs, checks.live_sets
    pairs_key, sets_key = checks.pairs_key, checks.sets_key
    for slot, unit in enumerate(ctx.melds):
        kind = unit.kind
        if kind is PAIR:
            rules = pairs
            live = live_pairs
            live_key = pairs_key
            position = pairs_so_far
            pairs_so_far += 1
        elif kind is SINGLE:
            continue
        else:
            rules = sets
            live = live_sets
            live_key = sets_key
            position = sets_so_far
            sets_so_far += 1
        if deferred:
            slots.append((slot, position, unit))
        if remembered is not None and put is not None:
            # Which tile won matters only to the set that holds it (e.g. a chow's closed wait).
            memo_key = (
                (unit_key(unit), winning_tile) if keys_winning_tile and unit.winning else unit_key(unit)
            )
            if live and live_key is not None:  # the live rules score the unit as remembered ones here
                lines = remembered((memo_key, live_key)) or put(
                    (memo_key, live_key),
                    _joined(
                        remembered(memo_key)
                        or put(memo_key, _first_sight(shared, rules, ctx, unit, nominal, memo_key)),
                        _unit_lines(live, ctx, unit, nominal),
                    ),
                )
                live = ()
            else:
                lines = remembered(memo_key) or put(
                    memo_key, _first_sight(shared, rules, ctx, unit, nominal, memo_key)
                )
        else:
            lines = _unit_lines(rules, ctx, unit, nominal)
        if live:  # rules read afresh beside the remembered ones (nearly always no line)
            lines = _joined(lines, _unit_lines(live, ctx, unit, nominal))
        if lines is _NO_LINES:  # most units (no line, no group claimed): nothing to add
            continue
        unit_lines, groups, counted = lines
        if groups and late_groups:
            claimed.update((group, slot) for group in groups)
        if unit_lines:
            earlier.extend(counted)
            for rule, worth in unit_lines:
                # _line_key, made once per rule (Rule.unit_at)
                line_at = rule.unit_at[slot if rule.phase == 1 else position]
                add((line_at, rule, unit, worth, rule.doublings_open if opened else rule.doublings))
    for rule, check in checks.late:
        for at, place, target in _HAND_SLOT if rule.scope == "hand" else slots:
            if target is not None and (target.kind is PAIR) != (rule.scope == "pair"):
                continue
            late = _worth(rule, check, ctx, target, at, claimed, nominal)
            if late is not None:
                if late:
                    earlier.append(rule.id)
                add((_line_key(rule, at, place), rule, target, late, rule.doublings_when(opened)))
    return found


# The rules whose lines go, and the guards: facts of which the situation must leave one not given.
Lost = tuple[frozenset[Rule], tuple[frozenset[str], ...]]


@lru_cache(maxsize=256)  # per plan (hashed by identity) and facts: the same few, hand after hand
def lost_without(plan: Plan, facts: frozenset[str]) -> Lost | None:
    """The rules whose lines an arrangement loses when these facts are no longer given, where that is all
    it loses, with the guards that must hold for it (for each, some fact of it not given in the
    situation): each rule that reads one of them gives no line without them (it requires one of them,
    Rule.requires), or in no situation with a guard of its own (it requires a fact not given); its line
    is read by no other rule: a deferred rule, reading the point lines, meets no points of it, and it
    shares its group only with rules that read one of them or, under a guard, give no line. None: not
    so (the arrangement is evaluated again; scoring._idle_facts)."""
    lost = [rule for rule in plan.rules if not facts.isdisjoint(rule.reads)]
    guards: set[frozenset[str]] = set()
    for rule in lost:
        if plan.late and rule.points is not None:
            return None
        if facts.isdisjoint(rule.requires):
            if not rule.requires:
                return None
            guards.add(rule.requires)
        if rule.group is None:
            continue
        for other in plan.rules:
            if other.group == rule.group and all(other is not r for r in lost):
                if not other.requires:
                    return None
                guards.add(other.requires)
    return frozenset(lost), tuple(sorted(guards, key=sorted))


_KIND = attrgetter("kind")
_NO_LINES: _UnitLines = ((), frozenset(), ())
_HAND_SLOT: tuple[tuple[int, int, Meld | None], ...] = ((-1, 0, None),)
