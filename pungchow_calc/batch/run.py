"""Run a batch: every entry's record, in input order, streamed as it is scored.

Memory stays flat whatever the length of the file: entries are read one at a time, and with worker
processes (workers.py) only a few chunks are ever in flight.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Generator, Iterator
from typing import Any

from .entry import Block, Entry
from .formats import Lines
from .scoring import SETTLE_EVERY, Job, Scorer, settle_gc

INLINE_ENTRIES = 100  # score this many in-process before starting workers: small files start fast
# (fewer: the scoring in one process before the workers start weighs on a long batch; measured
# 2026-11-23, 20,000 hands, compiled engine: median 1.74 s with 500, 1.65 s with 150, 1.62 s with 20)


WORKERS_PER_CORE = 4  # --workers is capped at this many per core: more only fork and wait (a
# --workers 100000 forked until the system refused, minutes before a hand was scored)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_workers() -> int:
    """Worker processes for a long file: one per core, at most 4 (1 means score in-process)."""
    return max(1, min(_cores(), 4))


def most_workers() -> int:
    """The most worker processes a batch starts, whatever --workers asks (docs/batch.md)."""
    return WORKERS_PER_CORE * max(1, _cores())


def run(
    entries: Iterator[Entry],
    job: Job,
    workers: int = 1,
    inline: int = INLINE_ENTRIES,
    on_batch_end: Callable[[], None] | None = None,
    on_worker_died: Callable[[int, int], None] | None = None,
    joined: bool = False,
    rest: Callable[[], Iterator[Entry | Block]] | None = None,
    idle: Callable[[], bool] | None = None,
) -> Generator[tuple[bool, Any] | Lines, None, None]:
    """(ok, record) for every entry, in input order, as soon as each is scored.

    The first `inline` entries are scored here; if the input goes on and `workers` > 1, the
    rest is scored by worker processes (workers.py), with a bounded number of chunks in
    flight so that neither input nor output ever piles up in memory. `on_worker_died(rescored,
    lost)` is told when a worker process died: how many entries were scored again, and how many
    could not be scored (each of those gets a `worker-died` error record). With `joined` (for a
    job encoded as text, "json" or "csv"), the records of each chunk a worker scored come as one
    formats.Lines, their lines of output, in their place in the order. `rest` (input.Source.rest)
    gives what `entries` has not yet given, as read: the workers are sent its blocks of lines, not
    entries. `idle` (input.Source.idle_check) says when a live feed has nothing more ready: the
    workers are then sent what has come (workers.parallel).
    """
    scorer = Scorer(job)
    iterator = iter(entries)
    if not hasattr(os, "fork"):  # the workers are forked (workers.py): elsewhere (Windows), one process
        workers = 1
    workers = min(workers, most_workers())
    for count, entry in enumerate(iterator, start=1):
        yield scorer.encoded(entry)
        if count % SETTLE_EVERY == 0:
            settle_gc()
        if on_batch_end is not None:
            on_batch_end()  # in-process, each record is its own batch: shown as soon as scored
        if workers > 1 and count >= inline:
            break
    else:
        settle_gc()
        return
    unread = iterator if rest is None else rest()
    ahead = next(unread, None)
    if ahead is None:  # the file held `inline` entries exactly: nothing is left for a worker
        settle_gc()
        return
    # Imported here, not above: a short file never starts a worker, and the process pool's modules
    # (pickle, mmap, select) would cost its start-up more than scoring it.
    from .workers import parallel

    unread = itertools.chain((ahead,), unread)
    yield from parallel(unread, scorer, workers, on_batch_end, on_worker_died, joined, idle)
    settle_gc()
