"""Score a hand under a ruleset: try every arrangement, apply the rules, keep the best."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .decomposition import loser_arrangements, shape_arrangement, waits, winning_arrangements
from .errors import HandError
from .hand import Hand, Meld, MeldKind, build, require_winning_size
from .notation import parse
from .predicates import Context, Situation, WinBy
from .ruleset import Rule, Ruleset
from .settlement import ALL_SEATS, winner_payments
from .tiles import Tile, Wind, counts_of

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


def limit_in_force(ruleset: Ruleset, limit: int | None | _Default) -> int | None:
    """The limit that caps payments: the option given, else the ruleset's."""
    return ruleset.settings.limit if isinstance(limit, _Default) else limit


def _display_order(arrangement: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """Sets in the order typed, then the pair, then leftovers (the book lists sets, then the pair)."""
    return tuple(sorted(arrangement, key=_display_key))


_SHOWN_LAST = {MeldKind.PAIR: 1, MeldKind.SINGLE: 2}


def _display_key(meld: Meld) -> tuple[int, int, int, int]:
    return (_SHOWN_LAST.get(meld.kind, 0), meld.order, meld.tiles[0].index, len(meld.tiles))


_SET_KINDS = (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)
_Plan = tuple[tuple[Rule, frozenset[MeldKind] | None], ...]
_ORDERED: dict[tuple[int, bool], tuple[Ruleset, _Plan]] = {}


def _rules_for(ruleset: Ruleset, winner: bool) -> _Plan:
    """The rules that can apply to a winner (or a loser), deferred ones last, each with the meld kinds
    its `meld:` condition allows (None: any); computed once per ruleset."""
    key = (id(ruleset), winner)
    cached = _ORDERED.get(key)
    if cached is None or cached[0] is not ruleset:
        wanted = ("winner", "all") if winner else ("others", "all")
        rules = [r for r in ruleset.rules if r.who in wanted]
        ordered = [r for r in rules if not r.deferred] + [r for r in rules if r.deferred]
        plan = tuple(
            (r, next((t.meld_kinds for t in r.tests if hasattr(t, "meld_kinds")), None)) for r in ordered
        )
        cached = (ruleset, plan)
        _ORDERED[key] = cached
    return cached[1]


def _evaluate(
    hand: Hand,
    ruleset: Ruleset,
    situation: Situation,
    arrangement: tuple[Meld, ...],
    hand_waits: tuple[Tile, ...],
    counts: tuple[int, ...],
    limit: int | None,
) -> tuple[tuple[Line, ...], int, int, str | None]:
    """Apply every rule to one arrangement, in display order: (lines, points, doublings, limit label)."""
    ctx = Context(situation, hand, arrangement, counts, hand_waits, [])
    nominal = limit if limit is not None else (ruleset.settings.limit or ruleset.settings.limit_hand_value)
    claimed: set[tuple[str, int]] = set()
    found: list[tuple[tuple[int, int, int], Rule, Meld | None, int]] = []
    units: dict[str, tuple[tuple[int, Meld | None], ...]] = {
        "hand": ((-1, None),),
        "set": tuple((i, m) for i, m in enumerate(arrangement) if m.kind in _SET_KINDS),
        "pair": tuple((i, m) for i, m in enumerate(arrangement) if m.kind is MeldKind.PAIR),
    }
    for rule, kinds in _rules_for(ruleset, situation.winner):
        for position, (slot, unit) in enumerate(units[rule.scope]):
            if kinds is not None and unit is not None and unit.kind not in kinds:
                continue
            if rule.group is not None and (rule.group, slot) in claimed:
                continue
            if not rule.applies(ctx, unit):
                continue
            if rule.group is not None:
                claimed.add((rule.group, slot))
            points = rule.points.value(unit.exposed if unit else False, nominal) if rule.points else 0
            if rule.points is not None and points == 0:
                continue  # a row worth nothing (e.g. an open chow filled by discard) prints nothing
            if points:
                ctx.earlier.append(rule.id)
            phase = KINDS_ORDER[rule.kind]
            key = (
                phase,
                slot if phase == 1 else rule.index,
                position if phase != 1 else rule.index,
            )
            found.append((key, rule, unit, points))
    found.sort(key=lambda item: item[0])
    lines: list[Line] = []
    total_points = sum(p for _, _, _, p in found)
    running = 0
    doublings = 0
    limit_label: str | None = None
    for _, rule, unit, points in found:
        if rule.limit:
            limit_label = limit_label or rule.label
            lines.append(Line("limit", rule.label, 0, 0, rule.id, unit.code if unit else None, running))
            continue
        if rule.doublings:
            doublings += rule.doublings
            running *= 2**rule.doublings  # point lines sort first: running is the points total
        else:
            running += points
        lines.append(
            Line(
                rule.kind,
                rule.label,
                points,
                rule.doublings,
                rule.id,
                unit.code if unit else None,
                running,
            )
        )
    return tuple(lines), total_points, doublings, limit_label


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
            raise HandError(
                f"too many tiles: a hand holds at most {14 + hand.kongs} here, {len(hand.tiles)} given",
                code="tile-count",
                column=1,
            )
        hand_waits = ()
        candidates = list(loser_arrangements(hand, ruleset.settings.loser_max_pairs))

    best: tuple[tuple[int, int], tuple[Meld, ...], tuple[Line, ...], int, int, str | None] | None = None
    for arrangement in map(_display_order, candidates):
        lines, points, doublings, limit_label = _evaluate(
            hand, ruleset, situation, arrangement, hand_waits, counts, cap
        )
        value = _value(ruleset, cap, points, doublings, limit_label)
        if best is None or (value, points) > best[0]:
            best = (
                (value, points),
                arrangement,
                lines,
                points,
                doublings,
                limit_label,
            )
    assert best is not None  # loser_arrangements always yields at least one arrangement
    (value, _), arrangement, lines, points, doublings, limit_label = best
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


def _value(ruleset: Ruleset, cap: int | None, points: int, doublings: int, limit_label: str | None) -> int:
    if limit_label is not None:
        nominal = cap if cap is not None else (ruleset.settings.limit_hand_value or ruleset.settings.limit)
        # A limit hand is worth "the full amount agreed upon" (Part II, "Limit Hands"), and never less
        # than its own count: with the limit lifted its tiles may count more (the cap still applies).
        return max(nominal or 0, points * 2**doublings)
    return points * 2**doublings


def score_text(
    text: str,
    ruleset: Ruleset,
    situation: Situation,
    limit: int | None | _Default = DEFAULT,
    seats: tuple[Wind, ...] = ALL_SEATS,
) -> Score:
    """Parse, build and score a hand written in SPEC §1 notation."""
    return score_hand(build(parse(text)), ruleset, situation, limit, seats)
