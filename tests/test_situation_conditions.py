"""Stated situations: robbing_kong, original_call, kong_after_kong (engine/conditions/situation.py)."""

from __future__ import annotations

import pytest
from family_helpers import holds, one_rule

from pungchow_calc.engine.rules import Invalid

HAND = "1b2b!3b* 4c4c4c* 7d8d9d* EwEwEw* GdGd"
FLAGS = ("robbing_kong", "original_call", "kong_after_kong")


@pytest.mark.parametrize("flag", FLAGS)
@pytest.mark.parametrize("stated", [True, False], ids=["stated", "not-stated"])
def test_flag_reads_the_situation(flag: str, stated: bool) -> None:
    assert holds(HAND, flag, win_by="discard", **{flag: stated}) is stated


@pytest.mark.parametrize("flag", FLAGS)
def test_flag_takes_no_parameters(flag: str) -> None:
    with pytest.raises(Invalid, match="takes no parameters"):
        one_rule({flag: 3})
