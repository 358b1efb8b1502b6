"""Score a hand under a ruleset: try every arrangement, apply the rules, keep the best."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from json.encoder import encode_basestring_ascii as _json_str  # the string encoder json.dumps uses
from typing import Any

from .conditions import Context, Situation, WinBy
from .decomposition import loser_arrangements, shape_arrangement, waits, winning_arrangements
from .errors import HandError, PungchowError
from .hand import Hand, Meld, MeldKind, build, require_winning_size
from .notation import parse
from .payments import ALL_SEATS, winner_payments
from .rules import Rule, Ruleset
from .tiles import PLAYING_TILES, Tile, Wind, counts_of

KINDS_ORDER = {"bonus": 0, "set": 1, "pair": 1, "double": 2, "limit": 3, "penalty": 4}


class _Default:
    """Marker: use the ruleset's own limit."""

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT = _Default()


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the breakdown, with the running total as the book prints it."""

    kind: str
    label: str
    points: int
    doublings: int
    rule: str
    meld: str | None
    running: int

    def as_dict(self) -> dict[str, Any]:
        """SPEC §3 line object."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "label": self.label,
            "points": self.points,
            "doublings": self.doublings,
            "rule": self.rule,
            "running": self.running,
        }
        if self.meld is not None:
            out["set"] = self.meld
        return out


@dataclass(frozen=True, slots=True)
class Score:
    """The whole result for one hand."""

    ruleset: str
    hand: str
    situation: Situation
    arrangement: tuple[Meld, ...]
    bonus_tiles: tuple[Tile, ...]
    lines: tuple[Line, ...]
    points: int
    doublings: int
    score: int
    limit: int | None
    payable: int
    waits: tuple[Tile, ...]
    payments: dict[Wind, int] | None
    limit_hand: str | None

    def as_dict(self) -> dict[str, Any]:
        """SPEC §3 `score --json` object."""
        s = self.situation
        out: dict[str, Any] = {
            "ruleset": self.ruleset,
            "hand": self.hand,
            "seat": s.seat.word,
            "round": s.round.word,
            "winner": s.winner,
            "win_by": s.win_by.value,
            "arrangement": [m.code for m in self.arrangement if m.kind is not MeldKind.SINGLE]
            + [m.code for m in self.arrangement if m.kind is MeldKind.SINGLE],
            "bonus_tiles": [t.code for t in self.bonus_tiles],
            "lines": [line.as_dict() for line in self.lines],
            "points": self.points,
            "doublings": self.doublings,
            "score": self.score,
            "limit": self.limit,
            "payable": self.payable,
            "limit_hand": self.limit_hand,
            "waits": [t.code for t in self.waits],
        }
        if self.payments is not None:
            out["payments"] = {seat.word: amount for seat, amount in self.payments.items()}
        return out

    def as_json(self) -> str:
        """`json.dumps(self.as_dict())`, built from remembered pieces (a batch writes thousands)."""
        s = self.situation
        sets = [m.code for m in self.arrangement if m.kind is not MeldKind.SINGLE]
        singles = [m.code for m in self.arrangement if m.kind is MeldKind.SINGLE]
        parts = [
            '{"ruleset": ',
            _json_str(self.ruleset),
            ', "hand": ',
            _json_str(self.hand),
            ', "seat": ',
            _json_str(s.seat.word),
            ', "round": ',
            _json_str(s.round.word),
            ', "winner": ',
            "true" if s.winner else "false",
            ', "win_by": ',
            _json_str(s.win_by.value),
            ', "arrangement": ',
            _codes_json(sets + singles),
            ', "bonus_tiles": ',
            _codes_json([t.code for t in self.bonus_tiles]),
            ', "lines": [',
            ", ".join([_line_json(line) for line in self.lines]),
            '], "points": ',
            str(self.points),
            ', "doublings": ',
            str(self.doublings),
            ', "score": ',
            str(self.score),
            ', "limit": ',
            "null" if self.limit is None else str(self.limit),
            ', "payable": ',
            str(self.payable),
            ', "limit_hand": ',
            "null" if self.limit_hand is None else _json_str(self.limit_hand),
            ', "waits": ',
            _codes_json([t.code for t in self.waits]),
        ]
        if self.payments is not None:
            paid = [f"{_json_str(seat.word)}: {amount}" for seat, amount in self.payments.items()]
            parts += [', "payments": {', ", ".join(paid), "}"]
        parts.append("}")
        return "".join(parts)


_LINE_HEADS: dict[tuple[Any, ...], str] = {}


def _line_json(line: Line) -> str:
    """`json.dumps(line.as_dict())`: the part before the running total is remembered per rule row."""
    key = (line.kind, line.label, line.points, line.doublings, line.rule)
    head = _LINE_HEADS.get(key)
    if head is None:
        if len(_LINE_HEADS) >= 65536:
            _LINE_HEADS.clear()
        whole = json.dumps({**line.as_dict(), "running": 0})
        head = _LINE_HEADS[key] = whole[: whole.rindex('"running": ') + len('"running": ')]
    tail = "}" if line.meld is None else f', "set": {_json_str(line.meld)}}}'
    return f"{head}{line.running}{tail}"


def _codes_json(codes: list[str]) -> str:
    return "[" + ", ".join([_json_str(c) for c in codes]) + "]"


def limit_in_force(ruleset: Ruleset, limit: int | None | _Default) -> int | None:
    """The limit that caps payments: the option given, else the ruleset's."""
    return ruleset.settings.limit if isinstance(limit, _Default) else limit


def _display_order(arrangement: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """Sets in the order typed, then the pair, then leftovers (the book lists sets, then the pair)."""
    return tuple(sorted(arrangement, key=_display_key))


_SHOWN_LAST = {MeldKind.PAIR: 1, MeldKind.SINGLE: 2}


def _display_key(meld: Meld) -> tuple[int, int, int, int]:
    return (_SHOWN_LAST.get(meld.kind, 0), meld.order, meld.tiles[0].index, len(meld.tiles))


_Kinds = frozenset[MeldKind] | None  # the meld kinds a rule's `meld:` condition allows (None: any)
_Found = tuple[tuple[int, int, int], Rule, Meld | None, int]  # (line order, rule, unit, points)
_UnitLines = tuple[tuple[tuple[Rule, int], ...], frozenset[str]]  # (rule, points) lines; groups claimed


@dataclass(frozen=True, slots=True)
class _Plan:
    """How a ruleset scores a winner (or a loser), worked out once per ruleset."""

    ruleset: Ruleset
    hand: tuple[Rule, ...]  # hand rules, in file order
    sets: tuple[tuple[Rule, _Kinds], ...]  # set rules, in file order
    pairs: tuple[tuple[Rule, _Kinds], ...]  # pair rules, in file order
    late: tuple[Rule, ...]  # deferred rules (any scope): they read the other point lines
    # Every set and pair rule reads only its unit, the situation and the winning tile, so a set
    # scores the same lines in every arrangement and every hand that holds it: remembered here.
    local: bool
    memo: dict[tuple[Situation, bool, int | None], dict[tuple[Any, ...], _UnitLines]]


_PLANS: dict[tuple[int, bool], _Plan] = {}
MEMO_SITUATIONS = 512  # distinct situations remembered per plan (seats x rounds x ways to win ...)


def _plan(ruleset: Ruleset, winner: bool) -> _Plan:
    """The plan for a ruleset and side, built on first use."""
    plan = _PLANS.get((id(ruleset), winner))
    if plan is None or plan.ruleset is not ruleset:
        wanted = ("winner", "all") if winner else ("others", "all")
        rules = [r for r in ruleset.rules if r.who in wanted]
        early = [r for r in rules if not r.deferred]
        units = [r for r in early if r.scope != "hand"]
        plan = _Plan(
            ruleset=ruleset,
            hand=tuple(r for r in early if r.scope == "hand"),
            sets=tuple((r, _meld_kinds(r)) for r in units if r.scope == "set"),
            pairs=tuple((r, _meld_kinds(r)) for r in units if r.scope == "pair"),
            late=tuple(r for r in rules if r.deferred),
            local=all(r.local for r in units),
            memo={},
        )
        _PLANS[(id(ruleset), winner)] = plan
    return plan


def _memo(
    plan: _Plan, situation: Situation, has_winning: bool, nominal: int | None
) -> dict[tuple[Any, ...], _UnitLines]:
    """The plan's remembered set and pair lines for one situation (forgotten all at once if full)."""
    key = (situation, has_winning, nominal)
    memo = plan.memo.get(key)
    if memo is None:
        if len(plan.memo) >= MEMO_SITUATIONS:
            plan.memo.clear()  # an odd run of situations: start again rather than grow
        memo = plan.memo[key] = {}
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


def _evaluate(
    plan: _Plan,
    ctx: Context,
    nominal: int | None,
    memo: dict[tuple[Any, ...], _UnitLines] | None,
) -> tuple[list[_Found], int, int, tuple[str, float] | None]:
    """Apply every rule to one arrangement: (lines found, points, doublings, (limit label, share))."""
    found: list[_Found] = []
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
                lines = memo[key] = _unit_lines(rules, ctx, unit, nominal)
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


def _lines(found: list[_Found]) -> tuple[Line, ...]:
    """The breakdown as the book prints it: point lines, then doublings, with the running total."""
    lines: list[Line] = []
    running = 0
    for _, rule, unit, points in sorted(found, key=lambda item: item[0]):
        code = unit.code if unit else None
        if rule.limit:
            lines.append(_line("limit", rule.label, 0, 0, rule.id, code, running))
            continue
        if rule.doublings:
            running *= 2**rule.doublings  # point lines sort first: running is the points total
        else:
            running += points
        lines.append(_line(rule.kind, rule.label, points, rule.doublings, rule.id, code, running))
    return tuple(lines)


_LINES: dict[tuple[Any, ...], Line] = {}


def _line(
    kind: str, label: str, points: int, doublings: int, rule: str, meld: str | None, running: int
) -> Line:
    """The Line with these fields, shared: the same lines recur hand after hand in a batch."""
    key = (kind, label, points, doublings, rule, meld, running)
    found = _LINES.get(key)
    if found is None:
        if len(_LINES) >= 65536:
            _LINES.clear()
        found = _LINES[key] = Line(kind, label, points, doublings, rule, meld, running)
    return found


def score_hand(
    hand: Hand,
    ruleset: Ruleset,
    situation: Situation,
    limit: int | None | _Default = DEFAULT,
    seats: tuple[Wind, ...] = ALL_SEATS,
) -> Score:
    """Score a built hand; raise HandError when it is not the kind of hand the situation says."""
    cap = limit_in_force(ruleset, limit)
    counts = tuple(counts_of(hand.tiles))
    if situation.winner:
        if hand.winning_tile is None and not situation.original_hand:
            raise HandError(
                "a winning hand marks its winning tile with ! (or use --original-hand, or --loser)",
                code="no-winning-tile",
                column=1,
            )
        require_winning_size(hand)
        hand_waits = waits(hand, ruleset.shapes)
        candidates = list(winning_arrangements(hand, situation.win_by is WinBy.DISCARD))
        most = ruleset.settings.max_chows
        if most is not None:  # e.g. a hand of four sets and a pair may hold one chow at most
            candidates = [a for a in candidates if sum(m.kind is MeldKind.CHOW for m in a) <= most]
        if not candidates and any(shape(list(counts), hand.fixed) for shape in ruleset.shapes):
            candidates = [shape_arrangement(hand)]
        if not candidates:
            raise HandError(
                "not a winning hand: the tiles do not make four sets and a pair"
                + (" or a special hand of this ruleset" if ruleset.shapes else ""),
                code="not-winning",
                column=1,
            )
    else:
        if hand.winning_tile is not None:
            raise HandError(
                "a non-winning hand (--loser) has no winning tile: drop the !",
                code="loser-winning-tile",
                column=1,
            )
        if len(hand.tiles) > 14 + hand.kongs:
            if ruleset.settings.long_hand_scores_zero:
                return _long_hand(hand, ruleset, situation, cap)
            raise HandError(
                f"too many tiles: a hand holds at most {14 + hand.kongs} here, {len(hand.tiles)} given",
                code="tile-count",
                column=1,
            )
        hand_waits = ()
        candidates = list(loser_arrangements(hand, ruleset.settings.loser_max_pairs))

    plan = _plan(ruleset, situation.winner)
    # Limit-fraction points (Part II) count from the limit in force, else the ruleset's own.
    nominal = cap if cap is not None else (ruleset.settings.limit or ruleset.settings.limit_hand_value)
    memo = _memo(plan, situation, hand.winning_tile is not None, nominal) if plan.local else None
    best: tuple[tuple[int, int], tuple[Meld, ...], list[_Found], int, int, str | None] | None = None
    calling = None if situation.winner else _calling(hand, ruleset, situation)
    for arrangement in map(_display_order, candidates):
        ctx = Context(situation, hand, arrangement, counts, hand_waits, [], calling)
        found, points, doublings, limit_hand = _evaluate(plan, ctx, nominal, memo)
        value, limit_label = _value(ruleset, cap, points, doublings, limit_hand)
        if best is None or (value, points) > best[0]:
            best = ((value, points), arrangement, found, points, doublings, limit_label)
    assert best is not None  # loser_arrangements always yields at least one arrangement
    (value, _), arrangement, found, points, doublings, limit_label = best
    lines = _lines(found)
    payable = value if cap is None else min(value, cap)
    payments = (
        winner_payments(situation.seat, payable, ruleset.settings.east_multiplier, seats)
        if situation.winner
        else None
    )
    return Score(
        ruleset=ruleset.name,
        hand=hand.code,
        situation=situation,
        arrangement=arrangement,
        bonus_tiles=hand.bonus,
        lines=lines,
        points=points,
        doublings=doublings,
        score=value,
        limit=cap,
        payable=payable,
        waits=hand_waits,
        payments=payments,
        limit_hand=limit_label,
    )


def _value(
    ruleset: Ruleset, cap: int | None, points: int, doublings: int, limit: tuple[str, float] | None
) -> tuple[int, str | None]:
    """The hand's value, and the limit hand it is paid as (None when paid by its count)."""
    count = points * 2**doublings
    if limit is None:
        return count, None
    label, share = limit
    nominal = cap if cap is not None else (ruleset.settings.limit_hand_value or ruleset.settings.limit)
    if share < 1:
        # A share of the limit (e.g. `limit: 0.5`) is paid only when it is more than the hand's count.
        part = round((nominal or 0) * share)
        return (part, label) if part > count else (count, None)
    # A limit hand is worth "the full amount agreed upon" (Part II, "Limit Hands"), and never less
    # than its own count: with the limit lifted its tiles may count more (the cap still applies),
    # unless the ruleset values it at the limit alone (limit_hand_counts: false).
    if not ruleset.settings.limit_hand_counts:
        return nominal or 0, label
    return max(nominal or 0, count), label


def _calling(hand: Hand, ruleset: Ruleset, situation: Situation) -> Callable[[], frozenset[str]]:
    """The rules that would score the hand completed by one more tile from the wall (asked lazily)."""
    found: list[frozenset[str]] = []

    def rules() -> frozenset[str]:
        if not found:
            found.append(_completions(hand, ruleset, situation))
        return found[0]

    return rules


def _completions(hand: Hand, ruleset: Ruleset, situation: Situation) -> frozenset[str]:
    held = counts_of(hand.tiles)
    won = replace(situation, winner=True, win_by=WinBy.WALL)
    out: set[str] = set()
    for tile in PLAYING_TILES:
        if held[tile.index] >= 4:
            continue
        try:
            result = score_hand(build(parse(f"{hand.code} {tile.code}!")), ruleset, won, None)
        except PungchowError:
            continue  # not a winning hand with this tile
        # A limit hand is paid as that limit hand alone.
        out.update(
            line.rule
            for line in result.lines
            if result.limit_hand is None or (line.kind == "limit" and line.label == result.limit_hand)
        )
    return frozenset(out)


def _long_hand(hand: Hand, ruleset: Ruleset, situation: Situation, cap: int | None) -> Score:
    """A non-winning hand with too many tiles, under `long_hand_scores_zero`: it scores 0."""
    return Score(
        ruleset=ruleset.name,
        hand=hand.code,
        situation=situation,
        arrangement=hand.fixed,
        bonus_tiles=hand.bonus,
        lines=(),
        points=0,
        doublings=0,
        score=0,
        limit=cap,
        payable=0,
        waits=(),
        payments=None,
        limit_hand=None,
    )


def score_text(
    text: str,
    ruleset: Ruleset,
    situation: Situation,
    limit: int | None | _Default = DEFAULT,
    seats: tuple[Wind, ...] = ALL_SEATS,
) -> Score:
    """Parse, build and score a hand written in SPEC §1 notation."""
    return score_hand(build(parse(text)), ruleset, situation, limit, seats)
