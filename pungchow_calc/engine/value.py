"""A hand's value: the arrangement that scores most (its points rounded, doubled and capped by the
limits), and the limit hand it is paid as (docs/rulesets.md; docs/riichi.md "Han, basic points and
limits"). scoring.py evaluates the arrangements; this chooses among them and values the choice."""

from __future__ import annotations

from .errors import HandError
from .hand import Meld
from .plan import Found
from .rule_types import LimitTier
from .rules import Ruleset


def best_arrangement(
    ruleset: Ruleset,
    cap: int | None,
    minimum: int,
    candidates: list[tuple[Meld, ...]],
    evaluated: list[list[Found]],
) -> tuple[int, tuple[Meld, ...], list[Found], int, int, str | None]:
    """The arrangement that scores most, of the candidates and the lines each found (plan.evaluate), as
    paid: (value, arrangement, lines found, points, doublings, the limit hand it is paid as); a limit
    hand paid alone (limit_hand_alone) keeps its limit lines only. `minimum`: the doublings a win needs
    (0 for a loser); HandError when no arrangement has them."""
    settings = ruleset.settings
    best: tuple[tuple[int, ...], tuple[Meld, ...], list[Found], int, int, str | None] | None = None
    for index, found in enumerate(evaluated):  # the arrangement read only when it is the best so far
        points = doublings = 0
        top: tuple[float, int, str] | None = None
        for line_key, rule, _, line_points, line_doublings in found:
            points += line_points
            doublings += line_doublings
            # The largest share of the limit counts (a full limit hand before a half-limit one), then
            # line order.
            if rule.limit:
                candidate = (-rule.limit_fraction, line_key, rule.label)
                if top is None or candidate < top:
                    top = candidate
        limit_hand = (top[2], -top[0]) if top else None
        if minimum and limit_hand is None and _counted(found) < minimum:
            continue  # no win in this arrangement: too few doublings that count (docs/riichi.md)
        raw = points
        if settings.round_points:
            for line in found:  # a loop, not all(): no generator per arrangement
                if not line[1].rounded:
                    break
            else:
                points = -(-points // settings.round_points) * settings.round_points
        value, limit_label = hand_value(ruleset, cap, points, doublings, limit_hand)
        # With a doubling base, on equal value the arrangement with more doublings is taken (the
        # package's and the tables' order: han, then fu, then the fu before rounding; a limit hand's
        # fu never matter, so its arrangements are not told apart by them).
        key: tuple[int, ...] = (
            (value, doublings, points, raw if limit_hand is None else 0)
            if settings.doubling_base
            else (value, points)
        )
        if best is None or key > best[0]:
            best = (key, candidates[index], found, points, doublings, limit_label)
    if best is None:
        aside = [rule.label for rule in ruleset.rules if not rule.counts_for_minimum]
        # In the ruleset's words, as its players say them (riichi: "1 han of its yaku, or a yakuman").
        words = settings.words
        raise HandError(
            f"no win under {ruleset.name}: a winning hand needs {words.of(minimum)} of its {words.rules}, "
            f"or a {words.limit_hand}" + (f" ({' and '.join(aside)} do not count)" if aside else ""),
            code="no-yaku",
            column=1,
        )
    key, arrangement, found, points, doublings, limit_label = best
    if settings.limit_hand_alone and limit_label is not None:
        alone = [line for line in found if line[1].limit]
        if any(line[1].label == limit_label for line in alone):
            # Paid as a limit hand: its limit lines are what is paid (docs/riichi.md "Yakuman").
            found, points, doublings = alone, 0, 0
    return key[0], arrangement, found, points, doublings, limit_label


def _counted(found: list[Found]) -> int:
    """The doublings of the lines whose rules count towards a ruleset's min_doublings."""
    counted = 0
    for line in found:  # a loop: faster than a comprehension over a hand's few lines
        if line[1].counts_for_minimum:
            counted += line[4]
    return counted


# The most doublings a hand may reach, the doubling base included (docs/rulesets.md#reference): far
# beyond any score card (riichi's richest hands double under 60 times), and it keeps a score within
# what JSON readers, floats and Python's printing of integers take.
MAX_HAND_DOUBLINGS = 256


def hand_value(
    ruleset: Ruleset, cap: int | None, points: int, doublings: int, limit: tuple[str, float] | None
) -> tuple[int, str | None]:
    """The hand's value, and the limit hand it is paid as (None when paid by its count)."""
    settings = ruleset.settings
    if doublings + settings.doubling_base > MAX_HAND_DOUBLINGS:
        # A ruleset's rules may double a hand without end (each rule at most 32 times, rules.py): a
        # count of thousands of digits is no score a table pays, and no output can print it whole.
        raise HandError(
            f"the hand doubles {doublings + settings.doubling_base} times under {ruleset.name}, "
            f"more than a score can hold (at most {MAX_HAND_DOUBLINGS})",
            code="too-many-doublings",
        )
    count = points * 2 ** (doublings + settings.doubling_base)
    if limit is None:
        if settings.limits:
            return _tier(settings.limits, count, doublings)
        return count, None
    label, share = limit
    nominal = cap if cap is not None else (ruleset.settings.limit_hand_value or ruleset.settings.limit)
    if settings.limits and settings.limit_hand_value:
        # Under limits by doublings a limit hand is the tier above them (riichi's yakuman, 8000), whatever
        # the cap in force: a house `--limit` caps what is paid, never raises it (docs/riichi.md).
        nominal = settings.limit_hand_value
    if share < 1:
        # A share of the limit (e.g. `limit: 0.5`) is paid only when it is more than the hand's count
        # (its value under the limits by doublings, where the ruleset has them).
        part = round((nominal or 0) * share)
        own = _tier(settings.limits, count, doublings) if settings.limits else (count, None)
        return (part, label) if part > own[0] else own
    # A limit hand is worth "the full amount agreed upon" (Part II, "Limit Hands"), and never less
    # than its own count: with the limit lifted its tiles may count more (the cap still applies),
    # unless the ruleset values it at the limit alone (limit_hand_counts: false).
    if not ruleset.settings.limit_hand_counts:
        return nominal or 0, label
    return max(nominal or 0, count), label


def _tier(tiers: tuple[LimitTier, ...], count: int, doublings: int) -> tuple[int, str | None]:
    """A count under limits by doublings: the highest tier the doublings reach, else the first tier
    when the count passes its score, else the count (docs/riichi.md "Han, basic points and limits")."""
    reached = None
    for tier in tiers:
        if doublings >= tier.doublings:
            reached = tier
    if reached is not None:
        return reached.score, reached.name
    first = tiers[0]
    return (first.score, first.name) if count > first.score else (count, None)
