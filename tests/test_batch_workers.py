"""Worker processes of a batch (batch/workers.py): a worker that dies never hangs the batch nor loses an
entry. Each chunk a broken pool lost is scored again alone in a fresh worker; a chunk that kills its
worker twice gets `worker-died` records, in order, and is not tried a third time."""

from __future__ import annotations

import errno
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pungchow_calc.batch import workers as bw
from pungchow_calc.batch.entry import Entry
from pungchow_calc.batch.formats import Lines
from pungchow_calc.batch.run import run
from pungchow_calc.batch.scoring import Job

PUNGS = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
LINES = [PUNGS if n % 7 else "9z9z9z" for n in range(1, 41)]  # every 7th an error record
REAL_WORK = bw._work
DEADLY_LINE = 10  # the entry whose chunk kills the worker scoring it
KILLS: list[Path] = []  # the folder of a marker file per worker death, seen across processes
FLAKY = [False]  # True: only the first try kills


def _killing(chunk: list[bw._Packed], joined: bool = False, slot: int | None = None) -> bw._Results:
    """Kill the worker process (SIGKILL, as the out-of-memory killer does) on the deadly chunk."""
    if any(packed[0] == DEADLY_LINE for packed in chunk):
        directory = KILLS[0]
        if FLAKY[0] and any(directory.iterdir()):
            return REAL_WORK(chunk, joined, slot)  # a transient death: the second try succeeds
        (directory / str(os.getpid())).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return REAL_WORK(chunk, joined, slot)


def _entries() -> list[Entry]:
    return [Entry(n, text=line) for n, line in enumerate(LINES, start=1)]


def _single() -> list[tuple[bool, str]]:
    return list(run(iter(_entries()), Job(encode="json"), workers=1))


@pytest.fixture
def killer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Workers (forked after this) run `_killing`; chunks of 4 entries."""
    monkeypatch.setattr(bw, "_work", _killing)
    monkeypatch.setattr(bw, "CHUNK", 4)
    KILLS[:] = [tmp_path]
    yield tmp_path
    KILLS.clear()
    FLAKY[0] = False


def _parallel(deaths: list[tuple[int, int]]) -> list[tuple[bool, str]]:
    return list(
        run(
            iter(_entries()),
            Job(encode="json"),
            workers=2,
            inline=1,
            on_worker_died=lambda rescored, lost: deaths.append((rescored, lost)),
        )
    )


def test_a_chunk_that_kills_its_worker_twice_gets_worker_died_records(killer: Path):
    deaths: list[tuple[int, int]] = []
    got = _parallel(deaths)
    single = _single()
    records = [json.loads(text) for _, text in got]
    assert [r["line"] for r in records] == list(range(1, 41))  # every entry, in order
    deadly = range(10, 14)  # entries 2-5, 6-9, 10-13, ... make the chunks after the first inline one
    for (ok, text), (single_ok, single_text), record in zip(got, single, records, strict=True):
        if record["line"] in deadly:
            assert not ok
            assert record["error"]["code"] == bw.WORKER_DIED
            assert record["error"]["message"] == (
                "not scored: a worker process died twice while scoring the chunk of entries this one is in"
            )
        else:
            assert (ok, text) == (single_ok, single_text)
    assert len(list(killer.iterdir())) == 2  # in the pool, then alone: never a third time
    assert len(deaths) == 1 and deaths[0][1] == 4 and deaths[0][0] % 4 == 0


def test_a_worker_that_dies_once_costs_nothing(killer: Path):
    """A transient death (the out-of-memory killer): the lost chunks are scored again, same records."""
    FLAKY[0] = True
    deaths: list[tuple[int, int]] = []
    assert _parallel(deaths) == _single()
    assert len(list(killer.iterdir())) == 1
    assert len(deaths) == 1 and deaths[0][1] == 0 and deaths[0][0] >= 4


@pytest.mark.parametrize("workers", [1, 2], ids=["in-process", "workers"])
def test_a_finished_batch_freezes_what_it_built(workers: int, monkeypatch: pytest.MonkeyPatch):
    # batch/scoring.py settle_gc: the memo tables a batch filled are frozen at its end, so the
    # interpreter's exit frees them without collecting over them again and again (in a process the
    # batch owns, quiet_gc: the command's own).
    import gc

    from pungchow_calc.batch import scoring

    monkeypatch.setattr(scoring, "_QUIET", True)

    made = []
    entries = _entries()

    def noting() -> Iterator[Entry]:
        for entry in entries:
            made.append([entry.line])  # a tracked object made while the batch runs
            yield entry

    records = run(noting(), Job(encode="json"), workers=workers, inline=5)
    assert len(list(records)) == len(LINES)
    try:
        tracked = {id(o) for o in gc.get_objects()}  # generations 0-2: the frozen ones are apart
        assert not any(id(o) in tracked for o in made)
    finally:
        gc.unfreeze()


def _as_lines(items: list[tuple[bool, str] | Lines]) -> tuple[str, int, int]:
    """JSONL text, records and failures of a runner's output, whether one by one or as Lines."""
    text, count, failed = [], 0, 0
    for item in items:
        if isinstance(item, Lines):
            text.append(item.text)
            count, failed = count + item.count, failed + item.failed
        else:
            text.append(f"{item[1]}\n")
            count, failed = count + 1, failed + (not item[0])
    return "".join(text), count, failed


@pytest.mark.parametrize("flaky", [False, True], ids=["dies-twice", "dies-once"])
def test_joined_chunks_survive_a_dying_worker(killer: Path, flaky: bool):
    """With `joined` (the CLI's JSONL and CSV) the workers send Lines, the recovered and the lost
    chunks' records included: the same lines as in-process, `worker-died` ones for a lost chunk."""
    FLAKY[0] = flaky
    deaths: list[tuple[int, int]] = []
    got = list(
        run(
            iter(_entries()),
            Job(encode="json"),
            workers=2,
            inline=1,
            joined=True,
            on_worker_died=lambda rescored, lost: deaths.append((rescored, lost)),
        )
    )
    assert any(isinstance(item, Lines) for item in got)
    text, count, failed = _as_lines(got)
    single_text, _, single_failed = _as_lines(_single())
    records = [json.loads(line) for line in text.splitlines()]
    assert count == len(records) == len(LINES)
    assert [r["line"] for r in records] == list(range(1, 41))
    if flaky:
        assert (text, failed) == (single_text, single_failed)
    else:
        died = [r["line"] for r in records if r.get("error", {}).get("code") == bw.WORKER_DIED]
        assert died == list(range(10, 14))
        single = [json.loads(line) for line in single_text.splitlines()]
        assert [r for r in records if r["line"] not in died] == [r for r in single if r["line"] not in died]
        assert failed == sum("error" in r for r in records)


def _refusing(monkeypatch: pytest.MonkeyPatch, call: str, allowed: int) -> None:
    """The machine's limit: `os.<call>` works `allowed` times, then fails as a full process table
    (fork: EAGAIN, a container's pid limit, `ulimit -u`) or open-file table (pipe: EMFILE) does."""
    real = getattr(os, call)
    code = errno.EAGAIN if call == "fork" else errno.EMFILE
    calls = [0]

    def limited() -> Any:
        calls[0] += 1
        if calls[0] > allowed:
            raise OSError(code, os.strerror(code))
        return real()

    monkeypatch.setattr(bw.os, call, limited)


@pytest.mark.parametrize("joined", [False, True], ids=["records", "joined"])
@pytest.mark.parametrize(
    ("call", "allowed"),
    [("fork", 0), ("fork", 1), ("pipe", 0), ("pipe", 1), ("pipe", 3)],
    ids=["no-fork", "one-fork", "no-pipe", "half-a-worker's-pipes", "one-worker-and-a-half"],
)
def test_workers_4_where_the_machine_allows_fewer(
    monkeypatch: pytest.MonkeyPatch, call: str, allowed: int, joined: bool
):
    """`--workers 4` with fewer processes or open files to be had: it was a traceback after the first
    100 records (BlockingIOError, Too many open files), the rest lost. The workers that could be
    started score the batch, or none and it is scored here: every record, in order, no file left open."""
    _refusing(monkeypatch, call, allowed)
    monkeypatch.setattr(bw, "CHUNK", 4)
    fds = len(os.listdir("/proc/self/fd"))
    got = list(run(iter(_entries()), Job(encode="json"), workers=4, inline=1, joined=joined))
    assert _as_lines(got) == _as_lines(_single())
    assert len(os.listdir("/proc/self/fd")) == fds


def test_more_slots_than_the_machine_maps(monkeypatch: pytest.MonkeyPatch):
    """Thousands of workers asked: their shared slots cannot all be mapped (ENOMEM); the chunks' lines
    then come through the pipes, the records the same."""

    def refused(*args: Any) -> Any:
        raise OSError(errno.ENOMEM, os.strerror(errno.ENOMEM))

    monkeypatch.setattr(bw.mmap, "mmap", refused)
    monkeypatch.setattr(bw, "CHUNK", 4)
    got = list(run(iter(_entries()), Job(encode="json"), workers=2, inline=1, joined=True))
    assert _as_lines(got) == _as_lines(_single())
