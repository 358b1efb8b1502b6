"""Score a long batch in worker processes, in input order, whatever happens to a worker.

The pool is a `concurrent.futures.ProcessPoolExecutor`, which says when a worker process dies
(BrokenProcessPool) where `multiprocessing.Pool` quietly replaces it and waits for ever for the
chunk it lost. When the pool breaks, every chunk then in flight is scored again, one chunk at a
time, each alone in a fresh worker, so the chunk that kills its worker is found and the rest are
scored. A chunk that kills its worker a second time is not tried again: each of its entries gets a
`worker-died` error record. Each chunk is thus tried at most twice, and the batch neither hangs,
loops nor drops an entry.

What crosses the pipe is kept cheap for the reading process, which has the whole batch to feed: a
text file's lines go to the workers as the blocks they were read in (input.Source.rest), each worker
making their entries (input.block_entries); and with `joined` (the CLI's JSONL and CSV output) a
worker writes a chunk's lines of output, encoded, into a slot of memory it shares with the reading
process (_Slots), which takes them from there as one formats.Lines and writes them as they are; a
chunk that does not fit its slot comes through the pipe as its Lines.
Measured 2026-11-26, 20,000 hands, 2 workers: the reading process spent 15.4 us per riichi hand and
14.2 per closed hand (start-up included) before, 12.8 and 11.4 after; input.py, formats.Lines and
_Slots give each part's figures.

Ctrl-C in a terminal reaches the whole process group: the workers ignore SIGINT, and the parent
alone decides what to do (stop the workers, finish the output). When the parent stops early
(a signal, a reader that left), the workers are terminated at once.
"""

from __future__ import annotations

import mmap
import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .formats import Lines, output_line
from .input import Block, Entry, FileError, block_entries
from .scoring import SETTLE_EVERY, Job, Scorer, quiet_gc, settle_gc

CHUNK = SETTLE_EVERY  # lines per task sent to a worker (entries, or a text file's lines, blank ones
# included); the worker calls settle_gc after each
WORKER_DIED = "worker-died"
# Signals that stop a batch: blocked while workers are forked, so a worker never runs the parent's
# handler (it ignores SIGINT and dies quietly on SIGTERM once its initializer has run).
STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}
WAIT = 0.5  # seconds between looks at a signal while waiting for a chunk

SLOT_SIZE = 1 << 22  # bytes of a chunk's output a slot holds (pages are used as they are written);
# a chunk with more (thousands of short lines' error records) is sent through the pipe instead

_WORKER: Scorer | None = None
_SLOTS: list[mmap.mmap] = []  # a worker's view of the pool's slots (_Slots)

_Packed = tuple[int, tuple[str, ...], str | None, str | None, str | None]
_Chunk = list[_Packed | Block]  # entries, packed, and blocks of a text file's lines (input.Source.rest)
_InSlot = tuple[int, int, int, int]  # a chunk's output lines written in a slot: slot, bytes, records, failed
_Results = list[tuple[bool, Any]] | Lines | _InSlot
_InFlight = tuple[_Chunk, int | None, Future[_Results]]  # a chunk sent, its slot, its results to come


def _init_worker(job: Job, rulesets: dict[str, Any] | None, slots: list[mmap.mmap] | None = None) -> None:
    global _WORKER
    _SLOTS[:] = slots or ()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C for the whole batch
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's terminate() ends a worker silently
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    quiet_gc()
    _WORKER = Scorer(job, rulesets)


def _pack(entry: Entry) -> _Packed:
    # Plain tuples pickle in C; a frozen dataclass goes through Python-level __getstate__ and
    # __setstate__, which cost the reading process as much as splitting the line does.
    return (entry.line, entry.argv, entry.error_code, entry.error_message, entry.text)


def _unpacked(chunk: _Chunk) -> Iterator[Entry]:
    """The entries of a chunk, in order: a block of lines makes its entries here (input.block_entries)."""
    for item in chunk:
        if len(item) == 2:
            yield from block_entries(*item)
        else:
            yield Entry(*item)


def _work(chunk: _Chunk, joined: bool = False, slot: int | None = None) -> _Results:
    assert _WORKER is not None
    encoded = _WORKER.encoded
    results = [encoded(entry) for entry in _unpacked(chunk)]
    settle_gc()
    if slot is not None:
        size = _written(_SLOTS[slot], _WORKER.job.encode, results)
        if size is not None:
            return slot, size, len(results), sum(not ok for ok, _ in results)
    return _finished(_WORKER, results, joined)


def _written(into: mmap.mmap, encode: str, results: list[tuple[bool, Any]]) -> int | None:
    """Write the results' output lines into a slot, encoded as UTF-8; their size, or None when they do
    not fit (or hold text that is not strictly UTF-8: sent as Lines, as text, instead)."""
    into.seek(0)
    write = into.write
    try:
        for _, payload in results:
            write(output_line(encode, payload).encode())
    except (ValueError, UnicodeEncodeError):  # mmap: "data out of range"
        return None
    return into.tell()


def _finished(scorer: Scorer, results: list[tuple[bool, Any]], joined: bool) -> _Results:
    """A chunk's results as the runner asked: each record, or `joined` their output lines (Lines)."""
    return Lines.of(scorer.job.encode, results) if joined else results


def _chunks(items: Iterator[Entry | Block], size: int) -> Iterator[_Chunk]:
    """Chunks of about `size` lines: entries, packed, and blocks of lines as they were read."""
    chunk: _Chunk = []
    lines = 0
    try:
        for item in items:
            if isinstance(item, Entry):
                chunk.append(_pack(item))
                lines += 1
            else:
                chunk.append(item)
                lines += item[1].count(b"\n")
            if lines >= size:
                yield chunk
                chunk, lines = [], 0
    except FileError:
        if chunk:
            yield chunk  # the entries read before the file broke are scored all the same
        raise
    if chunk:
        yield chunk


def _start_method() -> str:
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


class _Slots:
    """Shared memory where the workers write chunks' output lines (`joined`), one slot per chunk in
    flight, for this process to take them as they are: no pickling in the worker, no pipe, no
    unpickling here. Forked workers alone share it (a spawned one sends its Lines through the pipe).

    Measured 2026-11-26, 20,000 hands (least of 8 whole `batch --format jsonl` runs, 2 workers): the
    reading process spent 0.225 s on closed hands (c20k, 19 MB of output) and 0.265 on riichi ones
    (r20k, 33 MB) when each chunk's lines came through the pipe (unpickling, then joining and encoding
    them here), 0.204 and 0.227 taking them from the slots: 1 and 1.9 us a hand less. The workers
    spend no more (writing each line into the slot costs about what pickling it did, and they no
    longer push half a megabyte a chunk through a pipe of 64 kB).
    """

    def __init__(self, count: int) -> None:
        self.maps = [mmap.mmap(-1, SLOT_SIZE) for _ in range(count)]
        self._free = list(range(count))

    def take(self) -> int | None:
        """A free slot for a chunk about to be sent (None: none free, its lines come by the pipe)."""
        return self._free.pop() if self._free else None

    def give_back(self, slot: int | None) -> None:
        """The slot's chunk is done with: the slot may take another."""
        if slot is not None:
            self._free.append(slot)

    def lines(self, result: _InSlot) -> Lines:
        """A chunk's Lines from what its worker wrote in its slot."""
        slot, size, count, failed = result
        return Lines(self.maps[slot][:size], count, failed)

    def close(self) -> None:
        """Unmap every slot."""
        for shared in self.maps:
            shared.close()


class _Pool:
    """A process pool started on first use, that can be dropped when broken and started afresh.

    Python 3.11's executor has no public way to stop its workers mid-chunk, and a worker that dies
    while sending a result leaves the pool's reading thread waiting for the rest for ever. So the
    pool reaches into three of the executor's attributes (`_processes`, `_result_queue`,
    `_call_queue`), named where they are used.
    """

    def __init__(
        self, scorer: Scorer, workers: int, joined: bool = False, slots: _Slots | None = None
    ) -> None:
        self.scorer = scorer
        self.workers = workers
        self.joined = joined
        self.slots = slots  # forked workers' alone
        self._executor: ProcessPoolExecutor | None = None

    def submit(self, chunk: _Chunk, slot: int | None = None) -> Future[_Results]:
        """Send a chunk to a worker (its lines to be written in `slot`); a pool that is already broken
        gives a failed future."""
        if self._executor is None:
            method = _start_method()
            # A forked worker starts with the rulesets this process has loaded, warm from the entries
            # scored here (a load costs a worker about as much as scoring 200 hands); a spawned
            # one loads its own.
            loaded = self.scorer.loaded() if method == "fork" else None
            shared = self.slots.maps if self.slots is not None and method == "fork" else None
            self._executor = ProcessPoolExecutor(
                self.workers,
                multiprocessing.get_context(method),
                _init_worker,
                (self.scorer.job, loaded, shared),
            )
            # Chunks still queued for workers that died are dropped quietly, not with a traceback
            # from the queue's feeding thread (they are scored again or reported by the runner).
            self._executor._call_queue._ignore_epipe = True  # type: ignore[attr-defined]
        # Workers (and the pool's own threads) are started by submit: with the stop signals
        # blocked, they inherit the block, and only this (main) thread ever receives them.
        old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        try:
            return self._executor.submit(_work, chunk, self.joined, slot)
        except BrokenProcessPool as exc:
            failed: Future[_Results] = Future()
            failed.set_exception(exc)
            return failed
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    def _processes(self) -> list[Any]:
        executor = self._executor
        return list((getattr(executor, "_processes", None) or {}).values())

    def lost_a_worker(self) -> bool:
        """Whether a worker process has died (the pool may not have noticed yet)."""
        return any(process.exitcode is not None for process in self._processes())

    def close(self, now: bool = False) -> None:
        """Shut the pool down: after the last chunk, or `now`, ending the workers mid-chunk.

        Every chunk not finished then fails (BrokenProcessPool) or is cancelled.
        """
        executor = self._executor
        if executor is None:
            return
        if now:
            processes = self._processes()
            for process in processes:
                process.terminate()
            for process in processes:
                process.join()
            # A worker ended while sending its results leaves the pool's thread reading a
            # message that will never end: with every writer closed, it reads the end of file.
            executor._result_queue._writer.close()  # type: ignore[attr-defined]
        self._executor = None
        executor.shutdown(wait=True, cancel_futures=True)


def _result(pool: _Pool, future: Future[_Results]) -> _Results:
    """Wait for a chunk, looking up every WAIT seconds so that a signal handler runs promptly, and
    so that a worker's death the pool missed ends the wait (BrokenProcessPool)."""
    while True:
        try:
            return future.result(timeout=WAIT)
        except TimeoutError:
            if pool.lost_a_worker():
                pool.close(now=True)
        except CancelledError:
            raise BrokenProcessPool("the pool was closed with this chunk unfinished") from None


def parallel(
    entries: Iterator[Entry | Block],
    scorer: Scorer,
    workers: int,
    on_batch_end: Callable[[], None] | None = None,
    on_worker_died: Callable[[int, int], None] | None = None,
    joined: bool = False,
) -> Generator[tuple[bool, Any] | Lines, None, None]:
    """(ok, record) for every entry, in input order, scored by `workers` processes in chunks; or with
    `joined` (a text encoding), a Lines for each chunk. `entries` may hold blocks of a text file's
    lines (input.Source.rest), made into entries by the worker."""
    # At most 2 * workers + 1 chunks are in flight: a slot for each.
    slots = _Slots(2 * workers + 1) if joined and _start_method() == "fork" else None
    pool = _Pool(scorer, workers, joined, slots)
    pending: deque[_InFlight] = deque()
    unreadable: FileError | None = None
    finished = False
    try:
        chunks = _chunks(entries, CHUNK)
        while True:
            try:
                for chunk in chunks:
                    slot = None if slots is None else slots.take()
                    pending.append((chunk, slot, pool.submit(chunk, slot)))
                    if len(pending) > 2 * workers:
                        break
            except FileError as error:  # the file broke mid-way: the chunks before it still stand
                unreadable, chunks = error, iter(())
            if not pending:
                break
            chunk, slot, future = pending[0]
            try:
                results = _result(pool, future)
            except BrokenProcessPool:
                pool.close(now=True)
                rescored, lost = _recover(pending, scorer, joined, slots)
                if on_worker_died is not None:
                    on_worker_died(rescored, lost)
                continue  # the head now holds its results
            pending.popleft()
            if isinstance(results, tuple):  # written in its slot: taken out before the slot takes another
                assert slots is not None
                results = slots.lines(results)
            if slots is not None:
                slots.give_back(slot)
            if isinstance(results, Lines):
                yield results
            else:
                yield from results
            if on_batch_end is not None:
                on_batch_end()
        finished = True
        if unreadable is not None:
            raise unreadable
    finally:
        pool.close(now=not finished)
        if slots is not None:
            slots.close()


def _recover(
    pending: deque[_InFlight], scorer: Scorer, joined: bool, slots: _Slots | None
) -> tuple[int, int]:
    """Score again, alone in a fresh worker each, the chunks a broken pool lost; (rescored, lost).

    A chunk that breaks its worker again gets `worker-died` records: it is not tried a third time.
    """
    rescored = lost = 0
    alone = _Pool(scorer, 1, joined, slots)
    try:
        for index, (chunk, slot, future) in enumerate(pending):
            if not future.cancelled() and future.exception() is None:
                continue  # done before the pool broke: its results stand
            retry = alone.submit(chunk, slot)  # the broken pool's workers are gone: the slot is free
            lines = [entry.line for entry in _unpacked(chunk)]  # its entries (a block's, made here too)
            try:
                results = _result(alone, retry)
                rescored += len(lines)
            except BrokenProcessPool:
                alone.close(now=True)
                results = _finished(scorer, [_died(scorer, line) for line in lines], joined)
                lost += len(lines)
            done: Future[_Results] = Future()
            done.set_result(results)
            pending[index] = (chunk, slot, done)
    finally:
        alone.close()
    return rescored, lost


def _died(scorer: Scorer, line: int) -> tuple[bool, Any]:
    message = "not scored: a worker process died twice while scoring the chunk of entries this one is in"
    return scorer.encoded(Entry(line, error_code=WORKER_DIED, error_message=message))
