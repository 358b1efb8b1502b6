"""engine/cache.py: the bounded cache scoring shares melds, lines and plans through."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pungchow_calc
from pungchow_calc.engine import decomposition, hand, plan, score_types, scoring
from pungchow_calc.engine.cache import BoundedCache
from pungchow_calc.engine.conditions import tile_classes


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


def _engine_memos() -> list[tuple[str, Any]]:
    """Every functools cache kept at the top of a module of pungchow_calc, by dotted name."""
    for info in pkgutil.walk_packages(pungchow_calc.__path__, "pungchow_calc."):
        if info.name != "pungchow_calc.__main__":
            importlib.import_module(info.name)
    return [
        (f"{name}.{attr}", value)
        for name, module in sorted(sys.modules.items())
        if name.startswith("pungchow_calc")
        for attr, value in vars(module).items()
        if hasattr(value, "cache_parameters") and getattr(value, "__module__", None) == name
    ]


def test_no_memo_keyed_by_its_arguments_is_unbounded():
    """A functools cache with no maxsize only where nothing is passed (one answer): any key a ruleset or
    a hand can vary, a long run could fill without end (a long Hypothesis run grew to 6.9 GB)."""
    memos = _engine_memos()
    assert memos, "no functools cache found: the walk is broken"
    unbounded = [
        name
        for name, memo in memos
        if memo.cache_parameters()["maxsize"] is None and inspect.signature(memo.__wrapped__).parameters
    ]
    assert unbounded == []


def test_class_lists_many_distinct_keys():
    """A house ruleset may name any list of the tile classes: the answers kept stay bounded."""
    names = sorted(tile_classes.TILE_CLASSES)
    lists = [[n for i, n in enumerate(names) if bits >> i & 1] for bits in range(1, 2 ** len(names))][:600]
    for memo, ask in (
        (tile_classes._class_values, tile_classes.class_values),
        (tile_classes._class_kinds, tile_classes.class_kinds),
    ):
        memo.cache_clear()
        for listed in lists:
            ask(listed)
        maxsize = memo.cache_parameters()["maxsize"]
        assert maxsize is not None and memo.cache_info().currsize <= maxsize < len(lists)
        memo.cache_clear()  # the shipped rulesets' lists come back on the next load
