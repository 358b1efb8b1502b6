"""bonus_tiles: flowers and seasons counted as scoring tiles (engine/conditions/bonus.py)."""

from __future__ import annotations

import pytest
from family_helpers import holds, one_rule
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.engine.rules import Invalid

HAND = "1b2b3b* 4c4c4c* 7d8d9d* EwEwEw* Gd!Gd"
BONUS = ["1f", "2f", "3f", "4f", "1s", "2s", "3s", "4s"]


@pytest.mark.parametrize(
    ("bonus", "params", "seat", "expected"),
    [
        ("1f 2f 3f 4f", {"kinds": "flower", "exactly": 4}, "east", True),  # all four flowers
        ("1f 2f 3f 1s", {"kinds": "flower", "exactly": 4}, "east", False),
        ("1s 2s 3s 4s", {"kinds": "season", "min": 4}, "east", True),
        ("1f 2s 3f", {"exactly": 3}, "east", True),  # both kinds by default
        ("2f 2s", {"own": True, "exactly": 2}, "south", True),  # own flower and own season
        ("2f 2s", {"own": True, "exactly": 2}, "east", False),
        ("", {"max": 0}, "east", True),
    ],
    ids=["all-flowers", "three-flowers", "all-seasons", "any-three", "own-both", "not-own", "none"],
)
def test_bonus_tiles(bonus: str, params: dict[str, object], seat: str, expected: bool) -> None:
    assert holds(f"{HAND} {bonus}", {"bonus_tiles": params}, seat=seat) is expected


@given(st.lists(st.sampled_from(BONUS), unique=True), st.integers(0, 8))
def test_bonus_tiles_counts_every_bonus_tile(held: list[str], n: int) -> None:
    assert holds(" ".join([HAND, *held]), {"bonus_tiles": {"exactly": n}}) is (len(held) == n)


@pytest.mark.parametrize(
    "params",
    [{"kinds": "fruit", "min": 1}, {"own": 1, "min": 1}, {"kinds": "flower"}, "flower", {"many": 2}],
    ids=["bad-kind", "bad-own", "no-count", "not-a-mapping", "unknown-key"],
)
def test_bonus_tiles_bad_parameters(params: object) -> None:
    with pytest.raises(Invalid, match="bonus_tiles"):
        one_rule({"bonus_tiles": params})
