"""Score a long batch in worker processes, in input order, whatever happens to a worker.

The workers are forked from this process (the rulesets it has loaded and scored with come along,
warm), each with a pipe for its tasks and one for its results; a worker that dies is seen at once,
its result pipe ending. When a worker dies, every chunk then in flight is scored again, one chunk at
a time, each alone in a fresh worker, so the chunk that kills its worker is found and the rest are
scored. A chunk that kills its worker a second time is not tried again: each of its entries gets a
`worker-died` error record. Each chunk is thus tried at most twice, and the batch neither hangs,
loops nor drops an entry.

The pool is this module's own (_Pool), not `concurrent.futures.ProcessPoolExecutor`: the reading
process waits on the pipes itself, where the executor keeps two threads to feed and read them and
imports logging, socket, multiprocessing's connections and queues (17 ms of a batch's start-up).
Measured 2026-11-26, 20,000 hands, 2 workers, least of 5-8 whole runs, the old code and the new in
turn: the reading process spent 0.208 s (c20k, JSONL), 0.197 (c20k, CSV) and 0.224 (r20k, JSONL)
with the executor, 0.185, 0.178 and 0.202 with this pool: about 1 us a hand less.

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

import contextlib
import mmap
import os
import pickle
import select
import signal
import struct
from collections import deque
from collections.abc import Callable, Generator, Iterator
from typing import Any, NoReturn

from .entry import Block, Entry, FileError
from .formats import Lines, write_lines
from .input import block_entries
from .scoring import SETTLE_EVERY, Job, Scorer, quiet_gc, settle_gc

CHUNK = SETTLE_EVERY  # lines per task sent to a worker (entries, or a text file's lines, blank ones
# included); the worker calls settle_gc after each
WORKER_DIED = "worker-died"
# Signals that stop a batch: blocked while workers are forked, so a worker never runs the parent's
# handler (it ignores SIGINT and dies quietly on SIGTERM).
STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}

SLOT_SIZE = 1 << 22  # bytes of a chunk's output a slot holds (pages are used as they are written);
# a chunk with more (thousands of short lines' error records) is sent through the pipe instead

_WORKER: Scorer | None = None
_SLOTS: list[mmap.mmap] = []  # a worker's view of the pool's slots (_Slots)
_SIZE = struct.Struct("!Q")  # the length of a message on a pipe, before it

_Packed = tuple[int, tuple[str, ...], str | None, str | None, str | None, int | None, int | None, int | None]
_Chunk = list[_Packed | Block]  # entries, packed, and blocks of a text file's lines (input.Source.rest)
_InSlot = tuple[int, int, int, int]  # a chunk's output lines written in a slot: slot, bytes, records, failed
_Results = list[tuple[bool, Any]] | Lines | _InSlot
_InFlight = tuple[int, _Chunk, int | None]  # a chunk sent: its number, itself, its slot


class WorkerDied(Exception):
    """A worker process ended with chunks in its hands (killed, out of memory)."""


def _init_worker(job: Job, rulesets: dict[str, Any] | None, slots: list[mmap.mmap] | None = None) -> None:
    global _WORKER
    _SLOTS[:] = slots or ()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C for the whole batch
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's terminate() ends a worker silently
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    quiet_gc()
    _WORKER = Scorer(job, rulesets)


def _pack(entry: Entry) -> _Packed:
    # Plain tuples pickle in C; a named tuple goes through Python-level __getnewargs__ (a frozen
    # dataclass through __getstate__ and __setstate__), a cost to the reading process.
    return (
        entry.line,
        entry.argv,
        entry.error_code,
        entry.error_message,
        entry.text,
        entry.item,
        entry.column,
        entry.at,
    )


def _unpacked(chunk: _Chunk) -> Iterator[Entry]:
    """The entries of a chunk, in order: a block of lines makes its entries here (input.block_entries)."""
    for item in chunk:
        if len(item) == 2:
            yield from block_entries(*item)
        else:
            yield Entry(*item)


def _scored(scorer: Scorer, chunk: _Chunk) -> list[tuple[bool, Any]]:
    """Every entry of a chunk scored, in order."""
    encoded = scorer.encoded
    results = [encoded(entry) for entry in _unpacked(chunk)]
    settle_gc()
    return results


def _work(chunk: _Chunk, joined: bool = False, slot: int | None = None) -> _Results:
    assert _WORKER is not None
    results = _scored(_WORKER, chunk)
    if slot is not None:
        size = _written(_SLOTS[slot], _WORKER.job.encode, results)
        if size is not None:
            return slot, size, len(results), sum(not ok for ok, _ in results)
    return _finished(_WORKER, results, joined)


def _written(into: mmap.mmap, encode: str, results: list[tuple[bool, Any]]) -> int | None:
    """Write the results' output lines into a slot, encoded as UTF-8; their size, or None when they do
    not fit (or hold text that is not strictly UTF-8: sent as Lines, as text, instead)."""
    into.seek(0)
    try:
        write_lines(into.write, encode, [payload for _, payload in results])
    except (ValueError, UnicodeEncodeError):  # mmap: "data out of range"
        return None
    return into.tell()


def _finished(scorer: Scorer, results: list[tuple[bool, Any]], joined: bool) -> _Results:
    """A chunk's results as the runner asked: each record, or `joined` their output lines (Lines)."""
    return Lines.of(scorer.job.encode, results) if joined else results


def _chunks(
    items: Iterator[Entry | Block], size: int, idle: Callable[[], bool] | None = None
) -> Iterator[tuple[_Chunk, bool]]:
    """Chunks of about `size` lines: entries, packed, and blocks of lines as they were read; each
    with True when it was cut short because `idle` said nothing more was ready to read (a live feed)."""
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
                yield chunk, False
                chunk, lines = [], 0
            elif idle is not None and idle():
                yield chunk, True
                chunk, lines = [], 0
    except FileError:
        if chunk:
            yield chunk, False  # the entries read before the file broke are scored all the same
        raise
    if chunk:
        yield chunk, False


class _Slots:
    """Shared memory where the workers write chunks' output lines (`joined`), one slot per chunk in
    flight, for this process to take them as they are: no pickling in the worker, no pipe, no
    unpickling here.

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


def _message(value: Any) -> bytes:
    """A value as one message on a pipe: its length, then its pickle."""
    data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    return _SIZE.pack(len(data)) + data


def _serve(
    tasks: int, results: int, job: Job, rulesets: dict[str, Any], slots: list[mmap.mmap] | None
) -> NoReturn:
    """A worker's life: score each chunk read from `tasks`, send its results on `results`, until the
    parent closes `tasks` (or a result cannot be sent: the parent has gone)."""
    try:
        _init_worker(job, rulesets, slots)
        reader = os.fdopen(tasks, "rb")
        while len(head := reader.read(_SIZE.size)) == _SIZE.size:
            number, chunk, joined, slot = pickle.loads(reader.read(_SIZE.unpack(head)[0]))
            reply: tuple[int, _Results | None, str | None]
            try:
                reply = (number, _work(chunk, joined, slot), None)
            except Exception:  # a bug: the parent stops the batch with it, its traceback shown there
                import traceback

                reply = (number, None, traceback.format_exc())
            data = memoryview(_message(reply))
            while data:
                data = data[os.write(results, data) :]
    finally:
        os._exit(0)  # never the parent's exit handlers, nor a flush of its buffers


class _Worker:
    """A worker process seen from the parent: its pid, its pipes' ends, the numbers of the chunks
    sent to it not yet answered, the bytes of tasks not yet taken by its pipe, of results not yet whole."""

    __slots__ = ("pid", "tasks", "results", "held", "unsent", "received")

    def __init__(self, pid: int, tasks: int, results: int) -> None:
        self.pid = pid
        self.tasks = tasks
        self.results = results
        self.held: deque[int] = deque()
        self.unsent = bytearray()
        self.received = bytearray()

    def send(self) -> None:
        """Write what the task pipe takes now, without waiting (WorkerDied: the pipe's reader is gone)."""
        try:
            del self.unsent[: os.write(self.tasks, self.unsent)]
        except BlockingIOError:
            pass
        except BrokenPipeError:
            raise WorkerDied from None

    def receive(self) -> list[tuple[int, _Results]]:
        """The results whole after reading what the result pipe holds (WorkerDied: it has ended)."""
        data = os.read(self.results, 1 << 20)
        if not data:
            raise WorkerDied
        received = self.received
        received += data
        done = []
        while len(received) >= _SIZE.size:
            end = _SIZE.size + _SIZE.unpack_from(received)[0]
            if len(received) < end:
                break
            number, results, failure = pickle.loads(memoryview(received)[_SIZE.size : end])
            del received[:end]
            if failure is not None:
                raise RuntimeError(f"a worker process failed scoring a chunk:\n{failure}")
            self.held.remove(number)
            done.append((number, results))
        return done


class _Pool:
    """Worker processes forked on first use, each sent chunks through its own pipe: at most
    `depth` chunks held by a worker, the one with the fewest taking the next.

    As many workers are forked as the machine allows (a limit on processes or open files, as in a
    container): fewer than asked, or none, and then each chunk is scored in this process as it is
    submitted, as where there is no fork (docs/batch.md), never a traceback with entries lost."""

    def __init__(
        self, scorer: Scorer, workers: int, joined: bool = False, slots: _Slots | None = None
    ) -> None:
        self.scorer = scorer
        self.workers = workers
        self.joined = joined
        self.slots = slots
        self._workers: list[_Worker] = []
        self._here: list[tuple[int, _Results]] = []  # chunks scored here (no worker), not yet collected

    def _start(self) -> None:
        loaded = self.scorer.loaded()  # a forked worker starts warm, with the rulesets loaded here
        shared = None if self.slots is None else self.slots.maps
        # Forked with the stop signals blocked: a worker never runs this process's handlers.
        old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        try:
            for _ in range(self.workers):
                ends: list[int] = []
                try:
                    ends += os.pipe()
                    ends += os.pipe()
                    pid = os.fork()
                except OSError:  # EAGAIN (processes), EMFILE (open files), ENOMEM: those started do it
                    for fd in ends:
                        os.close(fd)
                    break
                tasks_read, tasks_write, results_read, results_write = ends
                if pid == 0:  # the worker: none of the parent's ends, its own nor its elders'
                    try:
                        for fd in (tasks_write, results_read, *self._fds()):
                            os.close(fd)
                        _serve(tasks_read, results_write, self.scorer.job, loaded, shared)
                    finally:
                        os._exit(1)  # never back into the parent's code
                os.close(tasks_read)
                os.close(results_write)
                os.set_blocking(tasks_write, False)
                self._workers.append(_Worker(pid, tasks_write, results_read))
        except BaseException:
            self.close(now=True)
            raise
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    def _fds(self) -> Iterator[int]:
        for worker in self._workers:
            yield worker.tasks
            yield worker.results

    def submit(self, number: int, chunk: _Chunk, slot: int | None = None) -> None:
        """Send a chunk to the worker holding the fewest (its lines to be written in `slot`)."""
        if not self._workers:
            self._start()
        if not self._workers:  # not one could be started: scored here, collected as a worker's results
            self._here.append((number, _finished(self.scorer, _scored(self.scorer, chunk), self.joined)))
            return
        worker = min(self._workers, key=lambda worker: len(worker.held))
        worker.held.append(number)
        worker.unsent += _message((number, chunk, self.joined, slot))
        worker.send()

    def collect(self) -> list[tuple[int, _Results]]:
        """Wait for results, and give those that came, each with its chunk's number (WorkerDied: a
        worker has ended). The unsent tasks go as their pipes take them meanwhile."""
        if self._here:
            here, self._here = self._here, []
            return here
        poller = select.poll()
        by_fd: dict[int, _Worker] = {}
        for worker in self._workers:
            by_fd[worker.results] = worker
            poller.register(worker.results, select.POLLIN)
            if worker.unsent:
                by_fd[worker.tasks] = worker
                poller.register(worker.tasks, select.POLLOUT)
        done: list[tuple[int, _Results]] = []
        for fd, _ in poller.poll():
            worker = by_fd[fd]
            if fd == worker.tasks:
                worker.send()
            else:
                done += worker.receive()
        return done

    def close(self, now: bool = False) -> None:
        """End the workers: after their last chunk (their task pipes closed), or `now` (terminated)."""
        workers, self._workers = self._workers, []
        for worker in workers:
            os.close(worker.tasks)
            if now:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(worker.pid, signal.SIGTERM)
        for worker in workers:
            os.waitpid(worker.pid, 0)
            os.close(worker.results)


def parallel(
    entries: Iterator[Entry | Block],
    scorer: Scorer,
    workers: int,
    on_batch_end: Callable[[], None] | None = None,
    on_worker_died: Callable[[int, int], None] | None = None,
    joined: bool = False,
    idle: Callable[[], bool] | None = None,
) -> Generator[tuple[bool, Any] | Lines, None, None]:
    """(ok, record) for every entry, in input order, scored by `workers` processes in chunks; or with
    `joined` (a text encoding), a Lines for each chunk. `entries` may hold blocks of a text file's
    lines (input.Source.rest), made into entries by the worker. When `idle` (input.Source.idle_check)
    says nothing more is ready to read, what has come is sent as a chunk and every chunk in flight is
    given before reading on: a live feed's records come as its lines do, not a chunk later."""
    # At most 2 * workers + 1 chunks are in flight: a slot for each.
    try:
        slots = _Slots(2 * workers + 1) if joined else None
    except OSError:  # more than the machine maps (thousands of workers asked): the lines come by the pipes
        slots = None
    pool = _Pool(scorer, workers, joined, slots)
    pending: deque[_InFlight] = deque()
    done: dict[int, _Results] = {}
    unreadable: FileError | None = None
    finished = False
    drain = False  # the input had nothing more ready: every chunk in flight is given before reading on
    try:
        chunks: Iterator[tuple[int, tuple[_Chunk, bool]]] = enumerate(_chunks(entries, CHUNK, idle))
        while True:
            if drain and idle is not None and not idle():
                drain = False  # more came meanwhile (a quick but uneven pipe): read on, every worker busy
            try:
                for number, (chunk, cut) in chunks if not drain else ():
                    slot = None if slots is None else slots.take()
                    pending.append((number, chunk, slot))
                    drain = cut
                    pool.submit(number, chunk, slot)
                    if drain or len(pending) > 2 * workers:
                        break
            except WorkerDied:
                pass  # seen below
            except FileError as error:  # the file broke mid-way: the chunks before it still stand
                unreadable, chunks = error, iter(())
            if not pending:
                if drain:
                    drain = False
                    continue
                break
            number, _, slot = pending[0]
            try:
                while number not in done:
                    done.update(pool.collect())
            except WorkerDied:
                pool.close(now=True)
                rescored, lost = _recover(pending, done, scorer, joined, slots)
                if on_worker_died is not None:
                    on_worker_died(rescored, lost)
                continue  # every chunk in flight now has its results
            pending.popleft()
            results = done.pop(number)
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
    pending: deque[_InFlight], done: dict[int, _Results], scorer: Scorer, joined: bool, slots: _Slots | None
) -> tuple[int, int]:
    """Score again, alone in a fresh worker each, the chunks in flight when a worker died; (rescored,
    lost). A chunk that breaks its worker again gets `worker-died` records: it is not tried a third time.
    """
    rescored = lost = 0
    alone = _Pool(scorer, 1, joined, slots)
    try:
        for number, chunk, slot in pending:
            if number in done:
                continue  # done before the worker died: its results stand
            lines = [
                (entry.line, entry.item, entry.at) for entry in _unpacked(chunk)
            ]  # (a block's made here too)
            try:
                alone.submit(number, chunk, slot)  # the dead pool's workers are gone: the slot is free
                while number not in done:
                    done.update(alone.collect())
                rescored += len(lines)
            except WorkerDied:
                alone.close(now=True)
                done[number] = _finished(scorer, [_died(scorer, *at) for at in lines], joined)
                lost += len(lines)
    finally:
        alone.close()
    return rescored, lost


def _died(scorer: Scorer, line: int, item: int | None, at: int | None = None) -> tuple[bool, Any]:
    message = "not scored: a worker process died twice while scoring the chunk of entries this one is in"
    return scorer.encoded(Entry(line, error_code=WORKER_DIED, error_message=message, item=item, at=at))
