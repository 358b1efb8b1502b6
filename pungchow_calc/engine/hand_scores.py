"""The scores a hand of a ruleset can have, where its settings decide them (docs/settling.md).

A score typed as a number (`settle --east 1300`) moves money as if a hand scored it; under a ruleset
whose score is points x 2^(doublings + doubling_base), rounded and capped by `limits`, most numbers are
no hand's score (a payment typed for it), so money never moves on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd

from .rule_types import Ruleset

__all__ = ["HandScores", "hand_scores", "least_win", "limit_scores", "score_step"]


@dataclass(frozen=True, slots=True)
class HandScores:
    """The scores a hand can have: a count points x 2^(doublings + base) up to the first limit, with
    doublings from `least` to below `most` and points a multiple of `step` or one of `unrounded`; or one
    of `limits` (the tiers, the limit hands); or 0 where no doubling is needed (`least` 0)."""

    base: int
    step: int
    unrounded: frozenset[int]
    least: int
    most: int
    first: int
    limits: tuple[int, ...]
    # The ruleset's words for doublings and points (its `words:`, riichi's han and fu), as `rules show`
    # says its score.
    doublings: str = "doublings"
    points: str = "points"

    def counts(self) -> range:
        """The exponents of 2 a counted score is points times."""
        return range(self.least + self.base, self.most + self.base)

    def holds(self, value: int) -> bool:
        """Whether a hand can score `value`."""
        if value == 0:
            # Nothing: a loser's score, where losers settle; a winner needs min_doublings of a hand whose
            # points are never 0, so a winner's 0 is a slip that still moved the counters and deposits.
            return self.least == 0
        if value in self.limits:
            return True
        if value > self.first:
            return False
        for power in self.counts():
            points, left = divmod(value, 1 << power)
            if left:
                return False  # and by every higher power
            if points % self.step == 0 or points in self.unrounded:
                return True
        return False

    def nearest(self, value: int) -> tuple[int | None, int | None]:
        """The scores nearest `value` below and above it (None: none)."""
        found = set(self.limits)
        for power in self.counts():
            scale = 1 << power
            points = value // scale
            below = points - points % self.step
            found.update(p * scale for p in (below, below + self.step, *self.unrounded) if p > 0)
        found = {s for s in found if s in self.limits or s <= self.first}
        lower = [s for s in found if s < value]
        higher = [s for s in found if s > value]
        return (max(lower) if lower else None, min(higher) if higher else None)

    def hint(self, value: int) -> str:
        """Why no hand scores `value`, and the scores nearest it."""
        below, above = self.nearest(value)
        near = [str(s) for s in (below, above) if s is not None]
        nearest = f"the nearest are {' and '.join(near)}" if len(near) > 1 else f"the nearest is {near[0]}"
        return (
            f"a score is {self.points} x 2^({self.doublings} + {self.base}) up to {self.first}, or a limit "
            f"({', '.join(map(str, self.limits))}); {nearest} "
            "(the score is the hand's value before payment, not what is paid)"
        )


def hand_scores(ruleset: Ruleset) -> HandScores | None:
    """The scores a hand of `ruleset` can have, or None where its settings do not decide them: points
    that are arbitrary sums (no `limits`, a limit hand that counts), or worth a share of the limit."""
    settings = ruleset.settings
    if not settings.limits or settings.limit_hand_counts or settings.limit_hand_value is None:
        return None
    unrounded: set[int] = set()
    limits = {tier.score for tier in settings.limits} | limit_scores(ruleset)
    for rule in ruleset.rules:
        points = rule.points
        if points is not None and points.limit_fraction is not None:
            return None  # worth a share of the limit in force, which `--limit` sets
        if not rule.rounded and points is not None:
            if rule.per is not None:
                return None  # its points once per thing counted: any multiple
            # A line kept unrounded is the hand's points in all (riichi's seven pairs: "25 in all,
            # nothing added", docs/riichi.md "Fu").
            unrounded.update((points.exposed, points.concealed))
    return HandScores(
        base=settings.doubling_base,
        step=settings.round_points or 1,
        unrounded=frozenset(unrounded),
        # A loser whose score settles (settle_losers) needs no doublings; a winner min_doublings (a
        # loser's score that pays nothing is noted, not checked: engine/table.py).
        least=0 if settings.settle_losers else settings.min_doublings,
        most=settings.limits[0].doublings,
        first=settings.limits[0].score,
        limits=tuple(sorted(limits)),
        doublings=settings.words.doublings,
        points=settings.words.points,
    )


def least_win(ruleset: Ruleset) -> tuple[int, tuple[str, ...]]:
    """The least score a winning hand of `ruleset` has, and the rules every win scores that make it:
    the points of its rules for the winner with no condition (the book's Mah-Jongg, 20 under Part I and
    10 under Part II), doubled `doubling_base` times; (0, ()) where no rule gives every win points.

    A hand adds to them and never takes away (points and doublings are never negative, rules.py), and
    a limit hand is worth at least its count (value.hand_value), unless the ruleset pays it the limit
    alone (`limit_hand_counts: false`): then the least is that limit's, where it is lower.
    pung-chow-limit's is (10, ("Mah-Jongg",)) (tests/test_hand_scores.py).
    """
    settings = ruleset.settings
    always = [
        rule
        for rule in ruleset.rules
        if rule.who == "winner" and rule.scope == "hand" and not rule.tests and not rule.limit
        and rule.points is not None and rule.points.limit_fraction is None and rule.per is None
    ]  # fmt: skip
    points = sum(min(rule.points.exposed, rule.points.concealed) for rule in always if rule.points)
    if not points:
        return 0, ()
    least = points * 2**settings.doubling_base
    limit_hand = settings.limit_hand_value or settings.limit
    if not settings.limit_hand_counts and limit_hand and any(rule.limit for rule in ruleset.rules):
        least = min(least, limit_hand)
    return least, tuple(rule.label for rule in always)


def score_step(ruleset: Ruleset, cap: int | None) -> int:
    """What every counted score of `ruleset` is a multiple of, where hand_scores decides nothing: the
    greatest common divisor of all its rules' points (a share of the limit as the limit in force, `cap`,
    and its own limits make it), times 2^doubling_base; 1 where its points are rounded. A score is their
    sum, doubled, so under the book's rulesets, whose points are all even, no hand scores 21 (Part I's
    "a player may win with a score as low as 22 points"); a limit is said apart (engine/table.py)."""
    settings = ruleset.settings
    if settings.round_points is not None and settings.round_points > 1:
        return 1
    step = 0
    for rule in ruleset.rules:
        points = rule.points
        if points is None:
            continue
        if points.limit_fraction is None:
            step = gcd(step, points.exposed, points.concealed)
        else:
            for limit in (cap, settings.limit, settings.limit_hand_value):
                step = gcd(step, points.value(False, limit))
    return (step or 1) << settings.doubling_base


def limit_scores(ruleset: Ruleset) -> frozenset[int]:
    """The scores a hand paid as a limit has whatever its points (hand_scores' limits beside its tiers,
    score_step's exceptions): the ruleset's limit, its limit hands' value and their shares of it."""
    settings = ruleset.settings
    found = {value for value in (settings.limit, settings.limit_hand_value) if value is not None}
    if settings.limit_hand_value is not None:
        found.update(
            round(settings.limit_hand_value * rule.limit_fraction) for rule in ruleset.rules if rule.limit
        )
    return frozenset(found)
