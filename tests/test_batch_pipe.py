"""The pipe between a batch's reading process and its workers (batch/workers.py), for JSONL and CSV: a
worker writes a chunk's output lines, encoded, into a shared slot (workers._Slots), or sends them as
formats.Lines when they do not fit; the reading process writes them to its output's bytes
(cli/batch_output.py Output). Whatever the chunks' and the slots' sizes, the output is the bytes one
process writes: every record, whole, in input order, the header first."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.batch import workers as bw
from pungchow_calc.batch.formats import Lines, output_line, write_lines
from pungchow_calc.batch.run import run
from pungchow_calc.batch.scoring import Job, Scorer
from pungchow_calc.cli.batch_output import Output, _utf8_bytes
from pungchow_calc.cli.batch_signals import Stop, StopSignals

ROOT = Path(__file__).resolve().parent.parent
PUNGS = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"

# `pungchow batch` with the workers' chunk size and slot size set (the workers, forked, inherit them).
_PATCHED = """
import sys
from pungchow_calc.batch import input as bi, workers as bw
bw.CHUNK, bw.SLOT_SIZE, bi.READ_BLOCK = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
from pungchow_calc.cli import main
sys.argv = ["pungchow", *sys.argv[4:]]
main()
"""


def _batch_file(tmp_path: Path, count: int) -> Path:
    """Varied entries: scored hands, error records (a long one among them), blank and comment lines."""
    samples = [
        line
        for line in (ROOT / "samples" / "part1-examples.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    lines = []
    for n in range(count):
        if n % 11 == 5:
            lines.append("9z9z9z  # a bad hand")
        elif n % 13 == 7:
            lines.append("")
        elif n % 97 == 50:
            lines.append(f"{PUNGS} --bogus {'x' * 900}")  # an error record over a kilobyte
        else:
            lines.append(samples[n % len(samples)])
    path = tmp_path / "batch.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _run(
    tmp_path: Path, args: list[str], chunk: int = bw.CHUNK, slot: int = bw.SLOT_SIZE
) -> tuple[int, bytes]:
    """The batch's exit code and its output, written to a file (the bytes path, not a test's StringIO)."""
    out = tmp_path / "out"
    with out.open("wb") as stdout:
        code = subprocess.run(
            [sys.executable, "-c", _PATCHED, str(chunk), str(slot), "512", "batch", *args],
            stdout=stdout,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
            timeout=300,
        ).returncode
    return code, out.read_bytes()


@pytest.fixture(scope="module")
def entries_700(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The batch file every way of sending chunks scores (_batch_file's 700 entries), written once."""
    return _batch_file(tmp_path_factory.mktemp("pipe"), 700)


@cache
def _one_process(path: Path, fmt: str) -> tuple[int, bytes]:
    """What one process writes of `path` in `fmt`: the reference, run once for every way of sending."""
    return _run(path.parent, [str(path), "--format", fmt, "--workers", "1"])


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
@pytest.mark.parametrize(
    ("chunk", "slot"),
    [(1, bw.SLOT_SIZE), (7, bw.SLOT_SIZE), (400, bw.SLOT_SIZE), (7, 3000), (7, 1)],
    ids=["chunks-of-1", "chunks-of-7", "chunks-of-400", "some-chunks-too-big-for-a-slot", "no-chunk-fits"],
)
def test_workers_write_what_one_process_writes(
    tmp_path: Path, entries_700: Path, fmt: str, chunk: int, slot: int
):
    """Chunks of any size, in slots reused many times or sent through the pipe when they do not fit,
    make the same bytes as one process: every record once, whole, in order, the CSV header first."""
    path = entries_700
    alone = _one_process(path, fmt)
    parallel = _run(tmp_path, [str(path), "--format", fmt, "--workers", "2"], chunk, slot)
    assert parallel == alone
    code, data = parallel
    text = data.decode()
    if fmt == "jsonl":
        numbers = [json.loads(line)["line"] for line in text.splitlines()]
    else:
        assert text.startswith("line,hand,")
        numbers = [int(row.split(",", 1)[0]) for row in text.splitlines()[1:] if row[:1].isdigit()]
    assert numbers == [n + 1 for n in range(700) if n % 13 != 7 or n % 11 == 5]
    assert code == 1  # the error records, past the entries scored in-process, count


def test_output_of_another_encoding_gets_utf8_data(tmp_path: Path):
    """An output that does not encode as UTF-8 (here UTF-16) gets CSV as UTF-8 data all the same
    (docs/batch.md), the workers' lines written as they are: the same bytes as one process writes."""
    path = tmp_path / "many.txt"
    path.write_text(f"{PUNGS}\n" * 300 + "9z9z9z\n", encoding="utf-8")

    def batch(workers: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [
                sys.executable,
                "-m",
                "pungchow_calc",
                "batch",
                str(path),
                "--format",
                "csv",
                "--workers",
                workers,
            ],
            capture_output=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONIOENCODING": "utf-16", "PYTHONPATH": str(ROOT)},
            timeout=300,
        )

    alone, parallel = batch("1"), batch("2")
    assert (parallel.returncode, parallel.stdout) == (alone.returncode, alone.stdout) == (1, alone.stdout)
    assert parallel.stdout.decode("utf-8").count("\n") == 302


def test_the_bytes_of_a_utf8_stream_alone():
    """Lines go to the bytes under a text stream that encodes as UTF-8, however its encoding is spelled."""
    raw = io.BytesIO()
    assert _utf8_bytes(io.TextIOWrapper(raw, encoding="UTF8")) is raw
    assert _utf8_bytes(io.TextIOWrapper(io.BytesIO(), encoding="latin-1")) is None
    assert _utf8_bytes(io.TextIOWrapper(io.BytesIO(), encoding="utf-8-sig")) is None  # its mark, once
    assert _utf8_bytes(io.StringIO()) is None


_PIECES = st.lists(
    st.one_of(
        st.text(max_size=30).map(lambda text: ("text", text)),
        st.text(max_size=30).map(lambda text: ("lines", text)),
        st.just(("flush", "")),
    ),
    max_size=25,
)


@given(pieces=_PIECES, utf8=st.booleans())
def test_text_and_lines_come_out_in_the_order_gathered(pieces: list[tuple[str, str]], utf8: bool):
    """Text written through the stream's text layer and Lines written to its bytes, gathered in any
    order and written at any batch ends, come out in the order gathered, counted once each."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="utf-8" if utf8 else "utf-16-le")
    out = Output(stream, "jsonl", StopSignals())
    expected, records = [], 0
    for kind, text in pieces:
        if kind == "flush":
            out.flush()
            assert out.written == records
            continue
        expected.append(text)
        if kind == "text":
            out.write(text)
        else:
            out.write_all(iter([Lines.of("json", [(True, text)])]))
            expected.append("\n")
            records += 1
    out.flush()
    stream.flush()
    assert raw.getvalue().decode("utf-8" if utf8 else "utf-16-le") == "".join(expected)
    assert out.written == records


def test_a_line_that_is_not_strictly_utf8_goes_as_text():
    """A lone surrogate cannot be encoded strictly: the chunk's lines go as text (Lines.data a str), for
    the output's own error handler, never into a slot as bytes another encoder would not have made."""
    results = [(True, '{"line": 1}'), (False, "\udcff")]
    lines = Lines.of("json", results)
    assert lines.data == '{"line": 1}\n\udcff\n' and (lines.count, lines.failed) == (2, 1)
    slots = bw._Slots(1)
    try:
        assert bw._written(slots.maps[0], "json", results) is None
        assert bw._written(slots.maps[0], "json", results[:1]) == len(b'{"line": 1}\n')
        assert slots.lines((0, 12, 1, 0)) == Lines(b'{"line": 1}\n', 1, 0)
    finally:
        slots.close()


def test_chunks_too_big_for_a_slot_come_as_lines(monkeypatch: pytest.MonkeyPatch):
    """A worker writes a chunk into its slot when it fits, and returns Lines when it does not."""
    scorer = Scorer(Job(encode="json"))
    results = [scorer.encoded(bw.Entry(n, text=PUNGS)) for n in range(1, 4)]
    size = sum(len(f"{payload}\n".encode()) for _, payload in results)
    for room, fits in ((size, True), (size - 1, False)):
        monkeypatch.setattr(bw, "SLOT_SIZE", room)
        slots = bw._Slots(1)
        try:
            assert (bw._written(slots.maps[0], "json", results) == size) == fits
        finally:
            slots.close()


def _children() -> list[int]:
    """This process's child processes, from /proc (the workers of a batch run here)."""
    pids: list[int] = []
    for children in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
        pids += [int(pid) for pid in children.read_text().split()]
    return pids


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
@pytest.mark.parametrize("joined", [False, True], ids=["records", "joined"])
def test_a_chunk_larger_than_a_pipe_holds_goes_whole(monkeypatch: pytest.MonkeyPatch, joined: bool):
    """A chunk of several hundred kilobytes (more than a pipe holds) reaches its worker whole, while
    the reading process goes on reading results; its records come back whole, and the workers end."""
    monkeypatch.setattr(bw, "CHUNK", 3000)
    lines = [PUNGS if n % 3 else f"{PUNGS} --bogus {'x' * 900}" for n in range(1, 1801)]
    entries = [bw.Entry(n, text=line) for n, line in enumerate(lines, start=1)]
    alone = list(run(iter(entries), Job(encode="json"), workers=1))
    got = list(run(iter(entries), Job(encode="json"), workers=2, inline=1, joined=joined))
    texts = [t for item in got for t in (item.text.splitlines() if isinstance(item, Lines) else [item[1]])]
    assert texts == [payload for _, payload in alone]
    assert _children() == []


@given(pauses=st.lists(st.booleans(), min_size=1, max_size=40))
def test_a_feed_that_pauses_anywhere_gets_every_record_in_order(pauses: list[bool]):
    """A live feed (input.Source.idle_check) that has nothing ready after any entry: the chunk is cut
    there and every chunk in flight is given before reading on; each entry still gets its one record,
    in order, as one process gives them."""
    entries = [bw.Entry(n, text=PUNGS if n % 5 else "9z9z9z") for n in range(1, 41)]
    alone = list(run(iter(entries), Job(encode="json"), workers=1))
    asked = iter(pauses * 2)
    got = list(run(iter(entries), Job(encode="json"), workers=2, inline=1, idle=lambda: next(asked, False)))
    assert got == alone
    assert _children() == []


def _failing(chunk: bw._Chunk, joined: bool = False, slot: int | None = None) -> bw._Results:
    raise ValueError("a bug in the scoring")


def test_a_worker_that_raises_stops_the_batch_with_its_traceback(monkeypatch: pytest.MonkeyPatch):
    """An exception in a worker (a bug, not a bad entry: those are records) ends the batch with the
    worker's traceback, as the reading process's own would, and no worker is left behind."""
    monkeypatch.setattr(bw, "_work", _failing)
    entries = [bw.Entry(n, text=PUNGS) for n in range(1, 30)]
    with pytest.raises(RuntimeError, match="(?s)failed scoring a chunk.*ValueError: a bug in the scoring"):
        list(run(iter(entries), Job(encode="json"), workers=2, inline=1))
    assert _children() == []


@pytest.mark.parametrize("asked", [100_000, 10**30], ids=["workers-100000", "workers-10e30"])
def test_a_huge_workers_starts_at_most_4_per_core(monkeypatch: pytest.MonkeyPatch, asked: int):
    """`--workers 100000` forked until the system refused (minutes before a hand was scored): a batch
    starts at most run.WORKERS_PER_CORE per core, and the records are those of one process."""
    from pungchow_calc.batch import run as batch_run

    started: list[int] = []
    real = bw.parallel

    def parallel(entries: Any, scorer: Scorer, workers: int, *more: Any) -> Any:
        started.append(workers)
        return real(entries, scorer, min(workers, 2), *more)  # no more than 2 forked here, old code or new

    monkeypatch.setattr(bw, "parallel", parallel)
    entries = [bw.Entry(n, text=PUNGS if n % 4 else "9z9z9z") for n in range(1, 30)]
    alone = list(run(iter(entries), Job(encode="json"), workers=1))
    assert list(run(iter(entries), Job(encode="json"), workers=asked, inline=1)) == alone
    assert started == [batch_run.WORKERS_PER_CORE * len(os.sched_getaffinity(0))]


def test_without_fork_a_batch_is_scored_in_one_process(monkeypatch: pytest.MonkeyPatch):
    """Where the system cannot fork (Windows), the workers asked for are not started: the same records."""
    entries = [bw.Entry(n, text=PUNGS if n % 4 else "9z9z9z") for n in range(1, 30)]
    alone = list(run(iter(entries), Job(encode="json"), workers=1))
    monkeypatch.delattr(os, "fork")
    assert list(run(iter(entries), Job(encode="json"), workers=2, inline=1, joined=True)) == alone


_CELLS = st.one_of(
    st.integers(-(10**6), 10**6),
    st.text(alphabet=st.sampled_from("ab ,\"\n\r'é€#"), max_size=12),
    st.just(""),
)


@given(rows=st.lists(st.lists(_CELLS, min_size=1, max_size=6), max_size=8))
def test_write_lines_writes_csv_rows_as_csv_text_makes_each(rows: list[list[object]]):
    """write_lines (a worker writing a chunk's rows into its slot) writes the bytes of csv_text's rows,
    one by one, whatever the quoting the cells call for."""
    written: list[bytes] = []
    write_lines(written.append, "csv", rows)
    assert b"".join(written) == "".join(output_line("csv", row) for row in rows).encode()


@given(payloads=st.lists(st.text(max_size=20), max_size=8))
def test_write_lines_writes_json_lines_as_output_line_makes_each(payloads: list[str]):
    written: list[bytes] = []
    write_lines(written.append, "json", payloads)
    assert b"".join(written) == "".join(output_line("json", payload) for payload in payloads).encode()


def _stopped_at(event: int, output_format: str, items: list[Any]) -> tuple[str, int] | None:
    """What a stopped batch writes, and the records it says it wrote, when the stop signal's Stop is
    raised before the `event`-th line that Output.write_all runs (None: it ends before that line)."""
    stream = io.StringIO()
    out = Output(stream, output_format, StopSignals())
    lines = 0

    def trace(frame: Any, kind: str, arg: Any) -> Any:
        if frame.f_code is not Output.write_all.__code__:
            return None

        def line(frame: Any, kind: str, arg: Any) -> Any:
            nonlocal lines
            if kind == "line":
                lines += 1
                if lines == event:
                    raise Stop(2)
            return line

        return line

    sys.settrace(trace)
    try:
        out.write_all(iter(items))
    except Stop:
        pass
    else:
        return None
    finally:
        sys.settrace(None)
    out.finish()
    return stream.getvalue(), out.written


@pytest.mark.parametrize("output_format", ["jsonl", "json", "csv"])
def test_a_stop_between_any_two_lines_counts_exactly_the_records_written(output_format: str):
    """Regression (`assert 300 == 299` in test_ctrl_c_while_scoring_in_process, under load): a stop
    raised after a record was gathered but before it was counted wrote one record more than
    "interrupted: N records written" said. Stopped before each line of write_all in turn, the count
    is what the output holds."""
    payloads = [json.dumps({"line": n, "hand": "1b2b3b"}) for n in range(1, 4)]
    if output_format == "csv":
        payloads = [[n, "1b2b3b"] for n in range(1, 4)]  # type: ignore[misc]
    encode = "csv" if output_format == "csv" else "json"
    items: list[Any] = [(True, payloads[0]), (False, payloads[1])]
    if output_format != "json":  # a worker's chunk: JSONL and CSV only
        items.append(Lines.of(encode, [(True, payloads[2]), (True, payloads[2])]))
    event = 1
    while (stopped := _stopped_at(event, output_format, items)) is not None:
        text, written = stopped
        if output_format == "json":
            held = len(json.loads(text))
        else:
            held = text.count("\n") - (output_format == "csv")  # the header
        assert held == written, (event, text)
        event += 1
    assert event > 10  # every line of the loop was a place to stop


@pytest.mark.parametrize(("count", "said"), [(0, "0 records"), (1, "1 record"), (2, "2 records")])
def test_one_record_is_said_in_the_singular(count: int, said: str):
    """Regression: `batch: 1 records, 1 errors`, `interrupted: 1 records written` (records_said)."""
    from pungchow_calc.cli.batch_output import records_said

    assert records_said(count) == said
