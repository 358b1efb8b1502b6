"""engine/cache.py: the bounded cache scoring shares melds, lines and plans through."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.engine import decomposition, hand, plan, score_types, scoring
from pungchow_calc.engine.cache import BoundedCache


@given(st.integers(min_value=1, max_value=8), st.lists(st.integers(min_value=0, max_value=20), max_size=60))
def test_never_holds_more_than_maxsize(maxsize: int, keys: list[int]):
    cache: BoundedCache[int, str] = BoundedCache(maxsize)
    for key in keys:
        assert cache.put(key, str(key)) == str(key)
        assert len(cache) <= maxsize
        # What was just put is always there, with its value.
        assert key in cache and cache.get(key) == str(key)


def test_a_missing_key_is_none():
    cache: BoundedCache[str, int] = BoundedCache(2)
    assert cache.get("a") is None and "a" not in cache


def test_full_forgets_everything_then_remembers_the_new_entry():
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("c", 3)
    assert len(cache) == 1 and cache.get("c") == 3 and cache.get("a") is None


def test_putting_a_held_key_again_when_full_forgets_nothing():
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("b", 5)
    assert len(cache) == 2 and cache.get("a") == 1 and cache.get("b") == 5


def test_clear():
    cache: BoundedCache[int, int] = BoundedCache(3)
    cache.put(1, 1)
    cache.clear()
    assert len(cache) == 0 and cache.get(1) is None


@pytest.mark.parametrize("maxsize", [0, -1], ids=["zero", "negative"])
def test_maxsize_below_one_is_refused(maxsize: int):
    with pytest.raises(ValueError):
        BoundedCache(maxsize)


@pytest.mark.parametrize(
    "cache",
    [hand._MELDS, decomposition._PART_MELDS, scoring._LINES, score_types._SITUATIONS, plan._PLANS],
    ids=["melds", "pool-melds", "lines", "situation-json", "plans"],
)
def test_the_engine_caches_are_bounded(cache: BoundedCache[object, object]):
    assert isinstance(cache, BoundedCache) and len(cache) <= cache.maxsize
