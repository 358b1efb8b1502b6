"""The riichi package's scoring tests, converted (tests/data/riichi_package_hands.py), under EMA options.

Every case that applies under EMA must come out of the oracle (tests/riichi_oracle.py) exactly as the
package's test expects it; every excluded case must really differ under the EMA options (else its
exclusion hides a case we could check), or be no hand in our notation.
"""

from __future__ import annotations

import pytest
from data.riichi_package_hands import CASES, SCORE_CASES, Case, ScoreCase
from riichi_oracle import Facts, Refusal, package_cost, score

APPLY = [c for c in CASES if not c.excluded]
EXCLUDED = [c for c in CASES if c.excluded and c.hand is not None]


def _value(case: Case) -> tuple[object, ...]:
    assert case.hand is not None and case.facts is not None
    result = score(case.hand, Facts(**case.facts))
    if isinstance(result, Refusal):
        return ("refused", result.code)
    return (
        result.han,
        result.fu,
        result.total,
        tuple(sorted(result.yaku_names)),
        tuple(a for _, a in result.payments),
    )


def _expected(case: Case) -> tuple[object, ...]:
    e = case.expect
    if e.refusal is not None:
        return ("refused", e.refusal)
    return (e.han, e.fu, e.total, e.yaku, e.payments)


@pytest.mark.parametrize("case", APPLY, ids=[c.name for c in APPLY])
def test_package_case_under_ema(case: Case) -> None:
    assert _value(case) == _expected(case)


@pytest.mark.parametrize("case", EXCLUDED, ids=[c.name for c in EXCLUDED])
def test_excluded_case_differs_under_ema(case: Case) -> None:
    assert _value(case) != _expected(case), f"{case.name} is excluded ({case.excluded}) but holds under EMA"


def test_every_evaluation_is_accounted_for() -> None:
    # 192 estimate_hand_value calls in the package's fu, yaku and yakuman tests, 69 calculate_scores
    # calls in its scores tests: each converted, or excluded with its reason.
    assert (len(CASES), len(SCORE_CASES)) == (192, 69)
    assert len({c.name for c in CASES}) == len(CASES)
    assert len({c.name for c in SCORE_CASES}) == len(SCORE_CASES)
    assert all(c.excluded for c in CASES if c.hand is None)
    assert len(APPLY) >= 120


def test_departures_are_the_documented_ones() -> None:
    # docs/riichi.md lists the package's departures from the EMA text; a case meets no other.
    met = {d for c in APPLY for d in c.departs}
    assert met <= {"double-wind-pair", "yakuman-stacking"}
    assert "yakuman-stacking" in met


SCORE_APPLY = [c for c in SCORE_CASES if not c.excluded]
SCORE_EXCLUDED = [c for c in SCORE_CASES if c.excluded]


def _cost(case: ScoreCase) -> tuple[int, ...]:
    got = package_cost(case.han, case.fu, Facts(**case.facts), case.yakuman)
    return tuple(got[k] for k in ("main", "additional", "main_bonus", "additional_bonus", "total"))


@pytest.mark.parametrize("case", SCORE_APPLY, ids=[c.name for c in SCORE_APPLY])
def test_package_score_case_under_ema(case: ScoreCase) -> None:
    expected = (case.main, case.additional, case.main_bonus, case.additional_bonus, case.total)
    assert _cost(case) == expected


@pytest.mark.parametrize("case", SCORE_EXCLUDED, ids=[c.name for c in SCORE_EXCLUDED])
def test_excluded_score_case_differs_under_ema(case: ScoreCase) -> None:
    expected = (case.main, case.additional, case.main_bonus, case.additional_bonus, case.total)
    assert _cost(case) != expected, f"{case.name} is excluded ({case.excluded}) but holds under EMA"
