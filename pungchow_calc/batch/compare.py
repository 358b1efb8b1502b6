"""`batch --compare A B`: each hand's totals under two rulesets, and what a batch of them comes to.

The totals only (score, payable, what the winner collects), as a long file wants; `pungchow diff`
lines one hand's breakdowns up rule by rule (diff.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..engine.scoring import Score
from .formats import placed


def totals(at: dict[str, int], rulesets: tuple[str, str], a: Score, b: Score) -> dict[str, Any]:
    """One entry's compare record at its position (entry.position): its hand, and its score, payable,
    collection, deposits under A, B."""
    return {
        **at,
        "hand": b.hand,
        "rulesets": list(rulesets),
        "score": [a.score, b.score],
        "payable": [a.payable, b.payable],
        "collects": [sum((a.payments or {}).values()), sum((b.payments or {}).values())],
        # What the winner takes from the table besides (`--deposits N`): no seat pays it, so it is not
        # in `collects`, as `score` says "collects N and D in deposits" (docs/json.md#batch-compare).
        "deposits": [a.deposits, b.deposits],
    }


@dataclass(slots=True)
class Summary:
    """How many hands change between two rulesets, and by how much (`batch --compare`)."""

    rulesets: tuple[str, str]
    entries: int = 0
    failed: int = 0
    changed: int = 0
    higher: int = 0
    lower: int = 0
    payable_changed: int = 0
    score_difference: int = 0
    payable_difference: int = 0
    collects_difference: int = 0
    deposits_difference: int = 0
    biggest_rise: dict[str, Any] | None = None
    biggest_fall: dict[str, Any] | None = None

    def add(self, record: dict[str, Any]) -> None:
        """Count one compare record (or error record)."""
        self.entries += 1
        if "error" in record:
            self.failed += 1
            return
        (a, b), (pa, pb), (ca, cb) = record["score"], record["payable"], record["collects"]
        da, db = record["deposits"]
        diff = b - a
        self.score_difference += diff
        self.payable_difference += pb - pa
        self.collects_difference += cb - ca
        self.deposits_difference += db - da
        if pa != pb:
            self.payable_changed += 1
        if diff or pa != pb:
            self.changed += 1
        if diff > 0:
            self.higher += 1
            if self.biggest_rise is None or diff > self.biggest_rise["difference"]:
                self.biggest_rise = _extreme(record, diff)
        elif diff < 0:
            self.lower += 1
            if self.biggest_fall is None or diff < self.biggest_fall["difference"]:
                self.biggest_fall = _extreme(record, diff)

    @property
    def scored(self) -> int:
        """Entries scored under both rulesets."""
        return self.entries - self.failed

    def as_dict(self) -> dict[str, Any]:
        """JSON form of the summary."""
        mean = self.score_difference / self.scored if self.scored else 0.0
        return {
            "rulesets": list(self.rulesets),
            "entries": self.entries,
            "scored": self.scored,
            "failed": self.failed,
            "changed": self.changed,
            "unchanged": self.scored - self.changed,
            "higher": self.higher,
            "lower": self.lower,
            "payable_changed": self.payable_changed,
            "score_difference": self.score_difference,
            # `or 0.0`: a fall too small for 2 places rounds to -0.0, which JSON and the table
            # would print as `-0.0` (total -1 over 301 hands); no mean is below zero by nothing.
            "mean_score_difference": round(mean, 2) or 0.0,
            "payable_difference": self.payable_difference,
            "collects_difference": self.collects_difference,
            "deposits_difference": self.deposits_difference,
            "biggest_rise": self.biggest_rise,
            "biggest_fall": self.biggest_fall,
        }


def _extreme(record: dict[str, Any], diff: int) -> dict[str, Any]:
    return {
        **placed(record),
        "hand": record["hand"],
        "score": record["score"],
        "difference": diff,
    }


def summarise(
    records: Iterator[tuple[bool, Any]],
    rulesets: tuple[str, str],
    on_error: Callable[[dict[str, Any]], None] | None = None,
    into: Summary | None = None,
) -> Summary:
    """Fold compare records into a Summary (`into`, or a new one); each failed entry is also passed
    to `on_error`."""
    summary = Summary(rulesets) if into is None else into
    for ok, record in records:
        summary.add(record)
        if not ok and on_error is not None:
            on_error(record)
    return summary
