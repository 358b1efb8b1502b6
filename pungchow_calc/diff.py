"""`diff` and `rules diff`: one hand scored under several rulesets line by line; two rulesets rule by rule.

Pure data: rows keyed so that the same thing lines up across rulesets. A hand-wide line is keyed
by its rule id (falling back on its label, so that two files naming the Mah-Jongg bonus
differently still line up); a set or pair line by the set it scores and its kind, since the two
books' tables give different rules (e.g. the limit game's "winning hand" rows) for the same set.
A file of hands' totals under two rulesets, `batch --compare`, is batch/compare.py.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .engine.errors import PungchowError
from .engine.payments import ALL_SEATS, Collect, SettlementRules, collection, payer_name
from .engine.rules import RULE_KEY_ORDER
from .engine.scoring import Line, Score
from .engine.situation import on_discard


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the side-by-side: what it is, and its value under each ruleset (None: absent)."""

    key: str
    label: str
    kind: str
    set: str | None
    values: tuple[Line | None, ...]
    refused: frozenset[int] = frozenset()  # rulesets (by index) that refused the hand: not compared
    # The rulesets (by index) whose line here is another rule than the first's, not the same one under
    # another name: a set's lines paired in order or by a like label (the book's pair completed by a
    # draw, 6, and DMJL's pair of dragons, 2), where no conditions or label say they are one rule.
    other_rules: frozenset[int] = frozenset()

    @property
    def differs(self) -> bool:
        """True when the rulesets that scored the hand do not all give this line the same value."""
        shown = {
            None if v is None else (v.points, v.doublings, v.kind)
            for i, v in enumerate(self.values)
            if i not in self.refused
        }
        return len(shown) > 1

    @property
    def named_otherwise(self) -> tuple[tuple[int, str], ...]:
        """The rulesets (by index) that score this row's line differently under a label of their own, with
        that label: where a reader asks why the values differ, the name to look the rule up by (`rules
        show`); the row itself shows the first ruleset's label only (docs/batch.md, diff)."""
        present = [(i, v) for i, v in enumerate(self.values) if v is not None and i not in self.refused]
        if len({(v.points, v.doublings, v.kind) for _, v in present}) < 2:
            return ()
        return tuple(
            (i, v.label)
            for i, v in present
            if v.label.casefold() != self.label.casefold() and i not in self.other_rules
        )

    @property
    def sharing(self) -> tuple[tuple[int, str], ...]:
        """The rulesets (by index) whose line on this set's row is another rule (other_rules), with its
        label, alike in value or not: the row is the set's, not one rule's under two names."""
        return tuple(
            (i, v.label)
            for i, v in enumerate(self.values)
            if v is not None and i in self.other_rules and i not in self.refused
        )

    def as_dict(self, names: tuple[str, ...]) -> dict[str, Any]:
        """JSON form: label, set and per-ruleset values (null when the line is absent), each with the
        label that ruleset gives the line."""
        return {
            "key": self.key,
            "label": self.label,
            "kind": self.kind,
            "set": self.set,
            "values": {
                name: None
                if v is None
                else {"points": v.points, "doublings": v.doublings, "rule": v.rule, "label": v.label}
                for name, v in zip(names, self.values, strict=True)
            },
            "differs": self.differs,
        }


@dataclass(frozen=True, slots=True)
class HandDiff:
    """A hand scored under two or more rulesets, lined up row by row.

    A ruleset may refuse the hand (BMJA's one chow at most makes some hands no Mah Jongg): its score
    is None and its refusal says why; the others are still compared (docs/json.md, diff).
    """

    names: tuple[str, ...]
    scores: tuple[Score | None, ...]
    rows: tuple[Row, ...]
    refusals: tuple[PungchowError | None, ...] = ()  # empty when every ruleset scored the hand
    # What the counters on the table (--honba N) add to each ruleset's collection (0: it pays nothing for
    # them; None: it refused the hand); empty when no counters are stated (table_counters).
    counters: tuple[int | None, ...] = ()

    def refusal(self, index: int) -> PungchowError | None:
        """Why ruleset `index` refused the hand, or None when it scored it."""
        return self.refusals[index] if self.refusals else None

    @property
    def first(self) -> Score:
        """The first ruleset's score that there is (the hand as every ruleset reads it)."""
        return next(s for s in self.scores if s is not None)

    def totals(self, index: int) -> dict[str, Any] | None:
        """Points, doublings, score, payable and payments under one ruleset (None: it refused)."""
        s = self.scores[index]
        if s is None:
            return None
        out = {
            "points": s.points,
            "doublings": s.doublings,
            "score": s.score,
            "limit": s.limit,
            "payable": s.payable,
            "limit_hand": s.limit_hand,
            "payments": None
            if s.payments is None
            else {payer_name(payer): amount for payer, amount in s.payments.items()},
        }
        # The table's counters and deposits, when stated: what each ruleset does with them (a winner's).
        if self.counters and s.payments is not None:
            out["counters"] = self.counters[index]
        if s.situation.deposits and s.payments is not None:
            out["deposits"] = s.deposits
        return out

    def difference(self, index: int) -> dict[str, Any] | None:
        """Ruleset `index` minus the first: score, payable and each payment (None: either refused)."""
        a, b = self.totals(0), self.totals(index)
        if a is None or b is None:
            return None
        out: dict[str, Any] = {
            "points": b["points"] - a["points"],
            "doublings": b["doublings"] - a["doublings"],
            "score": b["score"] - a["score"],
            "payable": b["payable"] - a["payable"],
        }
        if a["payments"] is not None and b["payments"] is not None:
            # Every payer of either ruleset (a payer absent from one pays 0 there): riichi's `discarder`
            # beside the book's seats too, so that the differences add up to what the winner collects.
            payers = [*a["payments"], *(p for p in b["payments"] if p not in a["payments"])]
            out["payments"] = {p: b["payments"].get(p, 0) - a["payments"].get(p, 0) for p in payers}
        for key in ("counters", "deposits"):  # stated: in both totals
            if key in a and key in b:
                out[key] = b[key] - a[key]
        return out

    def as_dict(self) -> dict[str, Any]:
        """JSON form (`diff --json`): the rows, totals per ruleset and differences from the first."""
        return {
            "hand": self.first.hand,
            "rulesets": list(self.names),
            "rows": [row.as_dict(self.names) for row in self.rows],
            "totals": {name: self.totals(i) for i, name in enumerate(self.names)},
            "difference": {name: self.difference(i) for i, name in enumerate(self.names) if i},
            "scores": {name: self._score_dict(i) for i, name in enumerate(self.names)},
        }

    def _score_dict(self, index: int) -> dict[str, Any]:
        """The score object, or `{"error": ...}` where the ruleset refused the hand."""
        s = self.scores[index]
        if s is not None:
            return s.as_dict()
        refusal = self.refusal(index)
        assert refusal is not None
        return {"error": refusal.to_dict()}


def _base(line: Line) -> str:
    """The row key a line shares with its kind in other rulesets (before any `#n`)."""
    if line.meld is not None:
        return f"{line.meld}|{'points' if line.kind in ('set', 'pair') else line.kind}"
    return f"rule:{line.rule}"


# How alike two labels of one set must be (difflib ratio) for rulesets of unequal line counts to share a
# row: the book's "Pair of dragons or own wind" and riichi's dragon pair line score 0.76, riichi's
# "Pair wait (tanki)" 0.41; the book's "Three (or four) of own wind" and DMJL's "Pung/Kong of Own Wind"
# 0.54, its "Pung/Kong of Round Wind" 0.48 (docs/json.md, diff rows; docs/rulesets.md's example).
_ALIKE = 0.5


def _ratio(a: str, b: str) -> float:
    """How alike two labels are, case aside (0 to 1)."""
    return difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio()


def rule_meanings(data: Mapping[str, Any]) -> dict[str, str]:
    """A ruleset's rules by id, each to its `when:` as written (a merged document's `rules`): two
    rulesets' rules with the same conditions mean the same line, whatever their labels."""
    rules = data.get("rules", [])
    return {
        r["id"]: json.dumps(r.get("when") or [], sort_keys=True)
        for r in rules
        if isinstance(r, dict) and isinstance(r.get("id"), str)
    }


def _same_meaning(
    score: Score,
    index: int,
    table: dict[str, list[Line | None]],
    ns: list[int],
    free: list[str],
    meanings: tuple[dict[str, str], ...],
) -> list[tuple[int, str]]:
    """The lines and free rows whose rules have the same conditions (rule_meanings), each once."""
    if not meanings:
        return []
    pairs: list[tuple[int, str]] = []
    left = list(ns)  # the lines not yet paired
    for k in free:
        j, first = next((j, v) for j, v in enumerate(table[k]) if v is not None)
        want = meanings[j].get(first.rule)
        n = next((n for n in left if meanings[index].get(score.lines[n].rule) == want), None)
        if want is not None and n is not None:
            pairs.append((n, k))
            left.remove(n)
    return pairs


def _keys(
    score: Score, index: int, table: dict[str, list[Line | None]], meanings: tuple[dict[str, str], ...] = ()
) -> list[tuple[str, Line]]:
    """Each line with its row key: a set's lines of one kind take first the rows made so far whose rule
    has the same conditions (`meanings`, rule_meanings per ruleset: the book's "own wind" and riichi's
    seat wind pung), then the rest in order when there are as many of them, else the rows with the most
    alike label (above _ALIKE, each once, order kept); the rest get rows of their own (`#n`), so no line
    is lost or paired with a line of another kind."""
    groups: dict[str, list[int]] = {}
    for n, line in enumerate(score.lines):
        groups.setdefault(_base(line), []).append(n)
    keys: dict[int, str] = {}
    for base, ns in groups.items():
        rows = [k for k in table if k == base or k.startswith(f"{base}#")]
        free = [k for k in rows if table[k][index] is None]
        pairs = [] if base.startswith("rule:") else _same_meaning(score, index, table, ns, free, meanings)
        ns = [n for n in ns if n not in {n for n, _ in pairs}]
        free = [k for k in free if k not in {k for _, k in pairs}]
        if base.startswith("rule:") or len(free) == len(ns) or not free:
            pairs += list(zip(ns, free, strict=False))
        else:
            start = 0
            for k in free:
                label = _label(table[k])
                best = max(
                    range(start, len(ns)), key=lambda j: _ratio(label, score.lines[ns[j]].label), default=None
                )
                if best is not None and _ratio(label, score.lines[ns[best]].label) > _ALIKE:
                    pairs.append((ns[best], k))
                    start = best + 1
        keys.update(pairs)
        count = len(rows)
        for n in ns:
            if n not in keys:
                count += 1
                keys[n] = base if count == 1 else f"{base}#{count}"
    return [(keys[n], line) for n, line in enumerate(score.lines)]


def table_counters(score: Score, terms: SettlementRules, east_multiplier: int) -> int:
    """What the counters on the table (--honba N) add to a winner's collection under these terms (0: the
    ruleset pays nothing for them), as payments.collection adds them."""
    situation = score.situation
    how = Collect(on_discard(situation.win_by, situation.original_hand), situation.discarder, situation.honba)
    shares = collection(situation.seat, score.payable, east_multiplier, ALL_SEATS, terms, how)
    return sum(share.counters for share in shares)


def diff_hand(
    names: tuple[str, ...],
    results: tuple[Score | PungchowError, ...],
    counters: tuple[int | None, ...] = (),
    meanings: tuple[dict[str, str], ...] = (),
) -> HandDiff:
    """Line the breakdowns up: rows in the order they first appear, keyed as the module says; a
    ruleset that refused the hand (an error in `results`) has no value in any row. `counters`: what
    the counters stated add under each ruleset (table_counters), when any are; `meanings`: each
    ruleset's rule_meanings, to line a set's rules up by their conditions first."""
    scores = tuple(None if isinstance(r, PungchowError) else r for r in results)
    errors = tuple(r if isinstance(r, PungchowError) else None for r in results)
    refused = frozenset(i for i, e in enumerate(errors) if e is not None)
    order: list[str] = []
    table: dict[str, list[Line | None]] = {}
    for i, score in enumerate(scores):
        if score is None:
            continue
        for key, line in _keys(score, i, table, meanings):
            if key not in table:
                # A hand-wide line under another id but the same label is the same book line; failing
                # that, one whose rule has the same conditions (Part I's "No sequences" and Kajongg's
                # "No Chow", both `no_sequences`): never a row of a rule this ruleset has itself.
                if line.meld is None:
                    free = [k for k in order if k.startswith("rule:") and table[k][i] is None]
                    twin = next((k for k in free if _label(table[k]).lower() == line.label.lower()), None)
                    if twin is None and meanings:
                        twin = next((k for k in free if _same_rule(table[k], line, i, meanings)), None)
                    if twin is not None:
                        table[twin][i] = line
                        continue
                order.append(key)
                table[key] = [None] * len(scores)
            table[key][i] = line
    rows = []
    for key in order:
        values = table[key]
        j, first = next((j, v) for j, v in enumerate(values) if v is not None)
        other = frozenset(
            i for i, v in enumerate(values) if v is not None and not _one_rule(first, j, v, i, meanings)
        )
        rows.append(Row(key, first.label, first.kind, first.meld, tuple(values), refused, other))
    return HandDiff(names, scores, tuple(rows), errors if refused else (), counters)


def _one_rule(first: Line, j: int, line: Line, i: int, meanings: tuple[dict[str, str], ...]) -> bool:
    """Whether `line` (ruleset `i`) is the rule of `first` (ruleset `j`) under its name or another: the
    same id or label, or the same conditions stated (rule_meanings); a hand-wide row is keyed so."""
    if first.meld is None or line.rule == first.rule or line.label.casefold() == first.label.casefold():
        return True
    if not meanings:
        return True  # nothing to tell them apart by: as before, the row's own name
    want = meanings[j].get(first.rule)
    return want not in (None, "[]") and want == meanings[i].get(line.rule)


def _label(values: list[Line | None]) -> str:
    return next(v.label for v in values if v is not None)


def _same_rule(
    values: list[Line | None], line: Line, index: int, meanings: tuple[dict[str, str], ...]
) -> bool:
    """Whether a hand-wide row's rule has the conditions of `line`'s rule (ruleset `index`), stated
    (a rule of no conditions, Mah-Jongg's, says nothing alike), and is no rule of that ruleset itself."""
    j, first = next((j, v) for j, v in enumerate(values) if v is not None)
    want = meanings[j].get(first.rule)
    return (
        first.rule not in meanings[index]
        and want not in (None, "[]")
        and want == meanings[index].get(line.rule)
    )


# --- rulesets ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between two rulesets: a setting, or a rule by id (None where absent)."""

    what: str  # "setting" | "rule" | "penalty" | "title"
    key: str
    label: str
    a: Any
    b: Any

    def as_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"what": self.what, "key": self.key, "label": self.label, "a": self.a, "b": self.b}


# Every rule key that moves money (all but `id` and `note`): `per` counts the value, `rounded: false`
# keeps the points unrounded, `counts_for_minimum: false` (riichi's dora) lets no hand win on it alone
# (docs/rulesets.md, Rule keys).
RULE_FIELDS = tuple(key for key in RULE_KEY_ORDER if key not in ("id", "note"))
DEFAULT_FIELDS: dict[str, Any] = {
    "scope": "hand",
    "who": "all",
    "group": None,
    "when": [],
    "limit": False,
    "rounded": True,
    "counts_for_minimum": True,
}


def _plain(value: Any) -> Any:
    """A YAML value as plain lists and dicts (documents are read-only mappings)."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _as_written(value: Any) -> Any:
    """A compiled setting as a ruleset writes it: limit tiers as mappings, sets of names as sorted lists
    (a frozenset's order changes from run to run, and neither is JSON)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _as_written(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, frozenset | set):
        return sorted(value)
    if isinstance(value, tuple):
        return [_as_written(v) for v in value]
    return value


def rule_values(raw: dict[str, Any]) -> dict[str, Any]:
    """A rule's fields with the defaults filled in, so that omitted and default values compare equal."""
    return {
        f: _plain(raw.get(f, DEFAULT_FIELDS.get(f))) for f in RULE_FIELDS if f in raw or f in DEFAULT_FIELDS
    }


def _written(raw: dict[str, Any]) -> dict[str, Any]:
    """A penalty's keys as written, but its id."""
    return {k: v for k, v in raw.items() if k != "id"}


def _by_id(
    what: str, a: Any, b: Any, values: Callable[[dict[str, Any]], dict[str, Any]], order: tuple[str, ...] = ()
) -> list[Change]:
    """The entries (rules or penalties) that differ, matched by id: one only in A or B whole, one in
    both by the fields that differ (in `order`, then as written); A's order, then B's new ids."""
    in_a = {r["id"]: r for r in _plain(a)}
    in_b = {r["id"]: r for r in _plain(b)}
    changes: list[Change] = []
    for entry_id in [*in_a, *[i for i in in_b if i not in in_a]]:
        ra, rb = in_a.get(entry_id), in_b.get(entry_id)
        label = (ra or rb or {}).get("label", entry_id)
        va, vb = (None if r is None else values(r) for r in (ra, rb))
        if va is None or vb is None:
            changes.append(Change(what, entry_id, label, va, vb))
        elif va != vb:
            keys = dict.fromkeys([*(f for f in order if f in va or f in vb), *va, *vb])
            fields = [f for f in keys if va.get(f) != vb.get(f)]
            changes.append(
                Change(what, entry_id, label, {f: va.get(f) for f in fields}, {f: vb.get(f) for f in fields})
            )
    return changes


def diff_rulesets(a: Any, b: Any) -> list[Change]:
    """Settings (by key, with the settlement, evening and washing table), rules and penalties (by id) that
    differ."""
    changes: list[Change] = []
    sa, sb = a.settings, b.settings
    for key in (f.name for f in dataclasses.fields(sa)):
        va, vb = getattr(sa, key), getattr(sb, key)
        if va != vb:
            changes.append(Change("setting", key, key, _as_written(va), _as_written(vb)))
    # The settlement section moves money as the settings do, and the evening section (who keeps the
    # deal, so who pays and collects double: Part II, the wind box) too: their keys as `SECTION.KEY`.
    for section in ("settlement", "evening"):
        ta, tb = getattr(a, section), getattr(b, section)
        for key in (f.name for f in dataclasses.fields(ta)):
            va, vb = getattr(ta, key), getattr(tb, key)
            if va != vb:
                changes.append(Change("setting", f"{section}.{key}", key, va, vb))
    # So does the washing table (Part II, "Washing the Tiles"): its rows (heads: points from each
    # player) and East's multiplier as `wash.KEY`, none in a ruleset without one.
    for key in ("payments", "east_multiplier"):
        va, vb = (None if r.wash is None else _as_written(getattr(r.wash, key)) for r in (a, b))
        if key == "payments":
            va, vb = (None if v is None else dict(v) for v in (va, vb))
        if va != vb:
            changes.append(Change("setting", f"wash.{key}", key, va, vb))
    changes += _by_id("rule", a.data["rules"], b.data["rules"], rule_values, RULE_FIELDS)
    # And the penalties (Harr, "Penalties"), as written: who pays for all, and when.
    changes += _by_id("penalty", a.data.get("penalties") or [], b.data.get("penalties") or [], _written)
    return changes


TierChange = tuple[str, dict[str, Any] | None, dict[str, Any] | None]  # name, in A, in B


def tier_changes(a: list[Any], b: list[Any]) -> list[TierChange]:
    """The limit tiers (`limits:`, as `diff_rulesets` writes them) that differ, matched by name (the k-th
    of a name with the k-th): (name, the tier in A or None, in B or None), only the keys that differ
    where both have it; A's order, then B's new tiers."""

    def keyed(tiers: list[Any]) -> dict[tuple[str, int], dict[str, Any]]:
        seen: dict[str, int] = {}
        out = {}
        for tier in tiers:
            seen[tier["name"]] = seen.get(tier["name"], -1) + 1
            out[tier["name"], seen[tier["name"]]] = tier
        return out

    ka, kb = keyed(a), keyed(b)
    changes: list[TierChange] = []
    for key in [*ka, *(k for k in kb if k not in ka)]:
        ta, tb = ka.get(key), kb.get(key)
        if ta is None or tb is None:
            changes.append((key[0], ta, tb))
        elif ta != tb:
            keys = [k for k in ta if ta[k] != tb.get(k)]
            changes.append((key[0], {k: ta[k] for k in keys}, {k: tb.get(k) for k in keys}))
    return changes
