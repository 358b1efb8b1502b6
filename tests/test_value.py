"""engine/value.py: a hand's points doubled, then capped by the limits, and the limit hand it is paid as."""

from __future__ import annotations

import pytest

from pungchow_calc.engine.errors import HandError
from pungchow_calc.engine.value import MAX_HAND_DOUBLINGS, hand_value
from pungchow_calc.ruleset_files import load


@pytest.mark.parametrize(
    ("ruleset", "cap", "points", "doublings", "limit", "value", "label"),
    [
        # Riichi: basic points = fu x 2^(han + 2); a tier reached by its han, or the first by the count.
        pytest.param("riichi-ema-2016", None, 30, 3, None, 960, None, id="riichi-30fu-3han"),
        pytest.param("riichi-ema-2016", None, 40, 4, None, 2000, "Mangan", id="riichi-40fu-4han-passes-2000"),
        pytest.param("riichi-ema-2016", None, 30, 4, None, 1920, None, id="riichi-30fu-4han-under-2000"),
        pytest.param("riichi-ema-2016", None, 20, 6, None, 3000, "Haneman", id="riichi-6han"),
        pytest.param("riichi-ema-2016", None, 20, 13, None, 6000, "Sanbaiman", id="riichi-13han-no-kazoe"),
        # A yakuman is worth limit_hand_value alone, whatever a house cap (docs/riichi.md).
        pytest.param("riichi-ema-2016", 4000, 0, 0, ("Kokushi", 1.0), 8000, "Kokushi", id="yakuman-alone"),
        # The book: points doubled without a cap; a limit hand of Part II worth the limit, or its count.
        pytest.param("pung-chow", None, 90, 6, None, 5760, None, id="book-example-7"),
        pytest.param("pung-chow-limit", 300, 20, 1, ("Heads", 1.0), 300, "Heads", id="limit-hand-the-limit"),
        pytest.param(
            "pung-chow-limit", None, 100, 3, ("Heads", 1.0), 800, "Heads", id="limit-hand-counts-more"
        ),
        # A share of the limit is paid when it is more than the hand's count, rounded half to even.
        pytest.param("pung-chow-limit", 1001, 20, 1, ("Half", 0.5), 500, "Half", id="half-of-1001"),
        pytest.param("pung-chow-limit", 1003, 20, 1, ("Half", 0.5), 502, "Half", id="half-of-1003"),
        pytest.param("pung-chow-limit", 300, 100, 1, ("Half", 0.5), 200, None, id="half-less-than-count"),
    ],
)
def test_hand_value(
    ruleset: str,
    cap: int | None,
    points: int,
    doublings: int,
    limit: tuple[str, float] | None,
    value: int,
    label: str | None,
) -> None:
    assert hand_value(load(ruleset), cap, points, doublings, limit) == (value, label)


def test_hand_value_past_the_most_doublings_is_refused_with_the_ruleset() -> None:
    with pytest.raises(HandError) as raised:
        hand_value(load("pung-chow"), None, 20, MAX_HAND_DOUBLINGS + 1, None)
    assert raised.value.code == "too-many-doublings" and "under pung-chow" in raised.value.message
