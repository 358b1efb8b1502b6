"""One small bounded cache for the values scoring shares hand after hand (melds, lines, plans).

A batch meets the same few thousand sets and score lines again and again; remembering them saves
building them anew, and forgetting everything when full keeps an odd run of input from growing the
memory without bound. `functools.lru_cache` stays the tool for memoising a pure function; this is for
the places that look a value up by a key of their own and build it only when missing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """A dict of at most `maxsize` entries that forgets them all at once when full.

    Forgetting all at once (not least-recently-used) costs nothing on a hit, which is nearly every
    lookup: `get` is the dict's own method.
    """

    __slots__ = ("_data", "get", "maxsize")

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError("a bounded cache holds at least one entry")
        self.maxsize = maxsize
        self._data: dict[K, V] = {}
        self.get: Callable[[K], V | None] = self._data.get

    def put(self, key: K, value: V) -> V:
        """Remember `value` under `key` (forgetting everything first when full) and return it."""
        data = self._data
        if len(data) >= self.maxsize and key not in data:
            data.clear()  # an odd run of input: start again rather than grow
        data[key] = value
        return value

    def clear(self) -> None:
        """Forget every entry."""
        self._data.clear()

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data
