"""`pungchow batch` stopped from outside, through the entry point: Ctrl-C (SIGINT to the whole process
group), SIGTERM, and a worker process killed with SIGKILL.

A stopped batch exits 130 (SIGINT) or 143 (SIGTERM) with one line on stderr, and what it wrote is
whole: JSON still parses, JSONL and CSV end on a complete record. A killed worker neither hangs the
batch nor loses an entry. Each batch reads standard input kept open, so it cannot finish before the
signal, whatever the machine's load: nothing here depends on timing.
"""

from __future__ import annotations

import contextlib
import csv
import fcntl
import functools
import io
import json
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from cli_helpers import read_terminal

from pungchow_calc.batch.formats import CSV_COLUMNS, TABLE_HEADER, csv_text
from pungchow_calc.batch.input import Source
from pungchow_calc.batch.run import INLINE_ENTRIES, run
from pungchow_calc.batch.scoring import Job

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")

ROOT = Path(__file__).resolve().parent.parent
PATIENCE = 120  # seconds before a test gives up on a batch that should have moved: a hang, not a timing


def _sample_lines() -> list[str]:
    """Every entry line of the sample files, good and bad, for varied records."""
    lines: list[str] = []
    for name in ("part1-examples.txt", "part2-examples.txt", "club-evening.txt"):
        for line in (ROOT / "samples" / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                lines.append(line)
    return lines + ['"1b1b1b 3c3c', "1b1b1b --bogus"]


def _input(count: int) -> bytes:
    lines = _sample_lines()
    return "".join(f"{lines[n % len(lines)]}\n" for n in range(count)).encode()


# The first 100 entries are scored in the batch's own process (batch.INLINE_ENTRIES); the rest in
# worker processes. 2,800 entries keep two workers busy with two chunks.
ENTRIES = INLINE_ENTRIES + 800


class Batch:
    """`pungchow batch - --workers 2` reading a pipe left open, writing to a file."""

    def __init__(
        self, tmp_path: Path, output_format: str, workers: int = 2, more: tuple[str, ...] = ()
    ) -> None:
        self.out_path = tmp_path / f"out.{output_format}"
        self._out = self.out_path.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pungchow_calc", "batch", "-", "--format", output_format]
            + ["--workers", str(workers), *more],
            stdin=subprocess.PIPE,
            stdout=self._out,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group, as a shell job has
        )

    def feed(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def workers(self) -> list[int]:
        """The batch's child processes (its workers), from /proc."""
        pids: list[int] = []
        for children in Path(f"/proc/{self.proc.pid}/task").glob("*/children"):
            try:
                pids += [int(pid) for pid in children.read_text().split()]
            except OSError:  # a thread that ended meanwhile
                continue
        return pids

    def wait_for(self, records: int) -> None:
        """Wait until `records` lines are out and the workers are up (never a timed assertion)."""
        deadline = time.monotonic() + PATIENCE
        while self.out_path.read_bytes().count(b"\n") < records or not self.workers():
            assert self.proc.poll() is None, self.finish()
            assert time.monotonic() < deadline, "the batch made no progress"
            time.sleep(0.02)

    def finish(self) -> tuple[int, str, str]:
        """(exit code, stdout, stderr) once it has ended."""
        assert self.proc.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.proc.stdin.close()
        assert self.proc.stderr is not None
        err = self.proc.stderr.read()  # to its end: the batch and its workers have all ended
        self.proc.wait(timeout=PATIENCE)
        self._out.close()
        return self.proc.returncode, self.out_path.read_text(encoding="utf-8"), err.decode()


@functools.cache
def _expected(data: bytes, output_format: str) -> list[str]:
    """The records of a batch, one text per record, scored in this process."""
    source = Source("-", stdin=io.BytesIO(data))
    encode = "csv" if output_format == "csv" else "json"
    records = run(source.entries(), Job(encode=encode), workers=1)
    return [csv_text(record) if encode == "csv" else f"{record}\n" for _, record in records]


def _gone(pid: int) -> bool:
    """A process that has ended (or is a zombie left to a parent that does not reap)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except (OSError, IndexError):
        return True


@pytest.mark.parametrize(
    ("sent", "code", "to_group"),
    [(signal.SIGINT, 130, True), (signal.SIGTERM, 143, False)],
    ids=["ctrl-c", "sigterm"],
)
@pytest.mark.parametrize("output_format", ["json", "jsonl", "csv"])
def test_stopped_batch_writes_whole_records(tmp_path, output_format, sent, code, to_group):
    data = _input(ENTRIES)
    batch = Batch(tmp_path, output_format)
    batch.feed(data)
    batch.wait_for(records=INLINE_ENTRIES)
    workers = batch.workers()
    if to_group:  # Ctrl-C in a terminal: the whole foreground group, workers too
        os.killpg(batch.proc.pid, sent)
    else:
        os.kill(batch.proc.pid, sent)
    exit_code, out, err = batch.finish()
    assert exit_code == code
    match = re.fullmatch(r"interrupted: (\d+) records? written\n", err)
    assert match, err  # one line: no traceback from the batch or any worker
    written = int(match[1])
    assert INLINE_ENTRIES <= written <= ENTRIES
    expected = _expected(data, output_format)[:written]
    if output_format == "json":
        assert json.loads(out) == [json.loads(text) for text in expected]
    elif output_format == "jsonl":
        assert out == "".join(expected)
    else:
        assert out == csv_text(list(CSV_COLUMNS)) + "".join(expected)
        rows = list(csv.reader(io.StringIO(out)))
        assert all(len(row) == len(CSV_COLUMNS) for row in rows)
    assert all(_gone(pid) for pid in workers)


COMPARED = ("pung-chow", "classical-bmja")


@pytest.mark.parametrize("output_format", ["json", "csv", "table"])
def test_compare_stopped_by_ctrl_c_summarises_the_entries_compared(tmp_path, output_format):
    """`batch --compare A B`, Ctrl-C once the workers are at it: the summary of the entries compared
    so far (the first N, in input order), and one line saying so. It printed no summary, and said
    `interrupted: 0 records written`."""
    from pungchow_calc.batch.compare import summarise

    data = _input(ENTRIES)
    batch = Batch(tmp_path, output_format, more=("--compare", *COMPARED))
    batch.feed(data)
    deadline = time.monotonic() + PATIENCE
    while not batch.workers():  # past the first 100 entries, scored in the batch's own process
        assert batch.proc.poll() is None and time.monotonic() < deadline, "no worker started"
        time.sleep(0.02)
    os.killpg(batch.proc.pid, signal.SIGINT)
    exit_code, out, err = batch.finish()
    assert exit_code == 130
    match = re.search(r"^interrupted: the summary counts the first (\d+) entries\n\Z", err, re.M)
    assert match, err  # the last line; the failed entries' lines before it, no traceback
    counted = int(match[1])
    assert INLINE_ENTRIES <= counted <= ENTRIES
    first = b"".join(data.splitlines(keepends=True)[:counted])  # every line of _input is an entry
    records = run(Source("-", stdin=io.BytesIO(first)).entries(), Job(compare=COMPARED, encode="dict"))
    expected = summarise(records, COMPARED).as_dict()
    if output_format == "json":
        assert json.loads(out) == expected
    elif output_format == "csv":
        assert dict(csv.reader(io.StringIO(out)))["entries"] == str(counted)
    else:
        assert re.search(rf"^entries\s+\S\s+{counted}$", out, re.M), out
        assert f"mean {expected['mean_score_difference']:+} per hand" in " ".join(out.split())
    assert err.count("\n") == 1 + expected["failed"]


def _catches(pid: int, signum: int) -> bool:
    """Whether a process has a handler of its own for a signal (/proc: SigCgt)."""
    status = Path(f"/proc/{pid}/status").read_text()
    caught = int(re.search(r"^SigCgt:\s*([0-9a-f]+)$", status, re.M)[1], 16)  # type: ignore[index]
    return bool(caught >> (signum - 1) & 1)


@pytest.mark.parametrize(
    ("sent", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"]
)
@pytest.mark.parametrize("output_format", ["json", "jsonl", "csv", "table"])
def test_stopped_while_standard_input_has_no_line_yet(tmp_path, output_format, sent, code):
    """`tail -f hands.txt | pungchow batch - --format json > out.json`, stopped before a line came:
    the one line and the exit code, and the JSON array closed. It said only `interrupted` (Ctrl-C) or
    nothing at all, killed by SIGTERM, and left out.json empty: not JSON."""
    batch = Batch(tmp_path, output_format)
    deadline = time.monotonic() + PATIENCE
    while not _catches(batch.proc.pid, signal.SIGTERM):  # the batch's stop handlers are in place
        assert batch.proc.poll() is None and time.monotonic() < deadline, "SIGTERM never handled"
        time.sleep(0.02)
    os.kill(batch.proc.pid, sent)
    try:
        batch.proc.wait(timeout=5)  # stopped by the signal, not by the end of its input
    except subprocess.TimeoutExpired:
        # CPython runs a signal's handler between two bytecodes: one that comes in the C code just before
        # the read of standard input (a loaded machine stops the process there) waits until that read
        # returns, and nothing comes. A person presses Ctrl-C again; a supervisor sends SIGTERM again.
        os.kill(batch.proc.pid, sent)
        batch.proc.wait(timeout=PATIENCE)
    exit_code, out, err = batch.finish()
    assert (exit_code, err) == (code, "interrupted: 0 records written\n")
    empty = {"json": "[]\n", "jsonl": "", "csv": csv_text(list(CSV_COLUMNS)), "table": TABLE_HEADER + "\n"}
    assert out == empty[output_format]


def test_a_stop_between_the_handlers_and_the_batch_is_raised_inside_it():
    """A signal that comes as the stop handlers are installed, before the batch's `try`, was a `Stop`
    traceback and exit 1 (the test above hit it); it is put off until the batch releases it there."""
    from pungchow_calc.cli.batch_signals import Stop, StopSignals

    signals = StopSignals()
    with signals:
        os.kill(os.getpid(), signal.SIGTERM)
        while signals.stopping is None:  # the handler runs between two bytecodes: put off, not raised
            pass
        with pytest.raises(Stop) as stop:
            signals.release()
    assert stop.value.signum == signal.SIGTERM


def test_ctrl_c_while_scoring_in_process(tmp_path):
    """With one worker the batch scores in its own process: stopped all the same, JSON closed."""
    data = _input(400)
    batch = Batch(tmp_path, "json", workers=1)
    batch.feed(data)
    deadline = time.monotonic() + PATIENCE
    while batch.out_path.read_bytes().count(b"\n") < 100:
        assert batch.proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    os.killpg(batch.proc.pid, signal.SIGINT)
    exit_code, out, err = batch.finish()
    assert exit_code == 130
    written = int(re.fullmatch(r"interrupted: (\d+) records? written\n", err)[1])  # type: ignore[index]
    assert len(json.loads(out)) == written >= 100


def test_a_killed_worker_loses_nothing(tmp_path):
    """kill -9 of a worker mid-batch: noticed, its chunks scored again, every record as without it."""
    data = _input(ENTRIES)
    batch = Batch(tmp_path, "jsonl")
    batch.feed(data)
    batch.wait_for(records=INLINE_ENTRIES)
    os.kill(batch.workers()[0], signal.SIGKILL)
    more = _input(ENTRIES + 400)[len(data) :]
    batch.feed(more)
    exit_code, out, err = batch.finish()
    assert out == "".join(_expected(data + more, "jsonl"))
    assert exit_code == 1  # every record is right, but a worker died: the batch says so
    died = r"error: a worker process died: \d+ entries it may have held were scored again\n"
    assert re.fullmatch(died, err), err


def test_progress_counts_hands_and_ends_with_a_summary(tmp_path):
    """On a terminal stderr: a bar counting hands of the file's lines, then one summary line."""
    path = tmp_path / "hands.txt"
    path.write_bytes(_input(400) + b"# a comment line is counted as a line, scored in no time\n" * 4000)
    status, screen = _batch_on_a_terminal(tmp_path / "out.jsonl", str(path), "--format", "jsonl")
    assert status == 1  # two bad lines in the samples
    assert "/4400" in screen  # hands counted against the file's lines (an estimate), not bytes
    assert "KiB" not in screen and "MB" not in screen
    records = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    failed = [record["line"] for record in records if "error" in record]  # the samples' two bad lines
    assert re.search(rf"batch: 400 records, {re.escape(_refused(failed))}, \d+\.\d s\r?\n$", screen), screen[
        -300:
    ]


def _refused(lines: list[int]) -> str:
    """The summary's count of errors and where the first three stand (`5 errors (line 4, line 9, line 12
    and 2 more)`)."""
    said = f"{len(lines)} error{'s' * (len(lines) != 1)}"
    if not lines:
        return said
    more = f" and {len(lines) - 3} more" if len(lines) > 3 else ""
    return f"{said} ({', '.join(f'line {n}' for n in lines[:3])}{more})"


# Regression: the summary said `batch: 1000 records, 4 errors, 0.1 s`, and the organiser had to search
# the output for them: it names where the first three stand, past the first 100 lines (a worker's) too.
@pytest.mark.parametrize("output_format", ["table", "json", "jsonl", "csv"])
def test_club_file_with_4_errors_past_line_450_names_where_they_stand(tmp_path, output_format):
    lines = ['"1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c" -s south'] * 1000
    for n in (450, 700, 701, 950):
        lines[n] = lines[n].replace("!", "", 1)  # no winning tile marked
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, screen = _batch_on_a_terminal(tmp_path / "out", str(path), "-f", output_format, "--workers", "2")
    assert status == 1
    said = "4 errors (line 451, line 701, line 702 and 1 more)"
    assert re.search(rf"batch: 1000 records, {re.escape(said)}, \d+\.\d s\r?\n$", screen), screen[-300:]


def test_term_dumb_stderr_shows_only_the_summary(tmp_path):
    """Regression: under TERM=dumb (Emacs' shell) rich cannot redraw the bar, and its transient bar left
    a blank line before the summary. No bar there: the summary line alone, no escape code."""
    path = tmp_path / "hands.txt"
    path.write_bytes(_input(400) + b"# a comment line\n" * 4000)
    status, screen = _batch_on_a_terminal(
        tmp_path / "out.jsonl", str(path), "--format", "jsonl", columns="60", term="dumb"
    )
    assert status == 1  # two bad lines in the samples
    # The summary names where the first failures stand (line 43, ...), nothing before it: wrapped after a
    # comma to the 60 columns, its later lines indented.
    assert re.fullmatch(
        r"batch: 400 records, \d+ errors? \([^\r\n]*,\r\n(  [^\r\n]*,\r\n)*  [^\r\n]*\), \d+\.\d s\r\n",
        screen,
    ), repr(screen)
    assert all(len(line) <= 60 for line in screen.split("\r\n")), repr(screen)


# Regression: at COLUMNS=60 the summary of a file with 5 errors past line 1000 ran to 81 columns (108 for
# a JSON list's items), and past the terminal's 60 when COLUMNS was unset (a shell does not export it)
# with the records redirected: stdout has no width then, stderr's terminal has. Wrapped after a comma.
@pytest.mark.parametrize("columns", ["60", "80", None], ids=["60", "80", "unset-60-terminal"])
@pytest.mark.parametrize("suffix", ["txt", "json"])
def test_summary_of_1500_lines_with_5_errors_past_line_1000_fits_the_terminal(tmp_path, suffix, columns):
    good = {"hand": "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", "seat": "south"}
    entries = [good] * 1500
    for n in (1003, 1012, 1062, 1100, 1200):
        entries[n] = {**good, "hand": good["hand"].replace("!", "")}  # no winning tile marked
    path = tmp_path / f"hands.{suffix}"
    if suffix == "json":  # a web form's export: every item on line 1
        text = json.dumps(entries)
        path.write_text(text, encoding="utf-8")
        # Each refused item with the column where it starts (after the items before it and their `, `).
        starts = [len(json.dumps(entries[:n])) + 2 for n in (1003, 1012, 1062)]  # `[...]` less `]`, `, `
        places = ", ".join(
            f"item {n + 1} (line 1, column {at})" for n, at in zip((1003, 1012, 1062), starts, strict=True)
        )
    else:
        path.write_text("".join(f"'{e['hand']}' -s south\n" for e in entries), encoding="utf-8")
        places = "line 1004, line 1013, line 1063"
    status, screen = _batch_on_a_terminal(
        tmp_path / "out", str(path), "-f", "jsonl", columns=columns, size=60
    )
    assert status == 1
    lines = screen.rstrip("\r\n").split("\r\n")
    width = int(columns or 60)
    assert all(len(line) <= width for line in lines), lines
    assert all(line.startswith("  ") for line in lines[1:]), lines  # later lines indented under the first
    # 81 columns of it at 80 too (the items' places, with their columns, 131: 3 lines; at 60, each place
    # whole on its line, never parted after `(line 1,`: 4)
    assert len(lines) == ((4 if width == 60 else 3) if suffix == "json" else 2), lines
    said = " ".join(line.strip() for line in lines)  # worded as ever, only wrapped
    expected = rf"batch: 1500 records, 5 errors \({re.escape(places)} and 2 more\), \d+\.\d s"
    assert re.fullmatch(expected, said), said


# Regression: at COLUMNS=60 a YAML list's summary parted a place across two lines, `item 5 (line 7,` then
# `column 3) and 1 more)`: it wraps only after a comma between places, each place whole on its line.
def test_summary_of_yaml_list_with_4_refused_items_keeps_each_place_on_one_line(tmp_path):
    good = "- hand: 1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd\n  seat: south\n"
    bad = "- hand: 1d2d4d* 5c5c5c 6c6c6c 9c!9c 1c2c3c\n"
    path = tmp_path / "hands.yaml"
    path.write_text(good * 2 + bad * 4, encoding="utf-8")
    status, screen = _batch_on_a_terminal(tmp_path / "out", str(path), columns="60", size=60)
    assert status == 1
    lines = screen.rstrip("\r\n").split("\r\n")
    assert lines == [
        "batch: 6 records, 4 errors (item 3 (line 5, column 3),",
        "  item 4 (line 6, column 3),",
        "  item 5 (line 7, column 3) and 1 more), " + lines[2].rsplit(", ", 1)[1],
    ]
    assert re.fullmatch(r"\d+\.\d s", lines[2].rsplit(", ", 1)[1])


def _batch_on_a_terminal(
    output: Path, *args: str, columns: str | None = "120", term: str = "xterm", size: int = 120
) -> tuple[int, str]:
    """Run `pungchow batch ARGS` with its output to `output` and its standard error on a pseudo-terminal
    `size` wide, of `columns` (None: COLUMNS unset) and `term`: (exit code, what the terminal was sent)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, size, 0, 0))
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    with output.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pungchow_calc", "batch", *args],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=slave,
            env={**env, **({} if columns is None else {"COLUMNS": columns}), "TERM": term},
        )
    os.close(slave)
    screen = _read_all(master)
    return proc.wait(timeout=PATIENCE), screen


def _read_all(fd: int) -> str:
    shown = read_terminal(fd)
    os.close(fd)
    return shown.decode(errors="replace")


def test_no_summary_when_stderr_is_not_a_terminal(tmp_path):
    path = tmp_path / "hands.txt"
    path.write_bytes(_input(30))
    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "batch", str(path), "--format", "jsonl"],
        capture_output=True,
        timeout=PATIENCE,
    )
    assert done.stderr == b""
    assert len(done.stdout.splitlines()) == 30


def _ignore_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a shell starts `pungchow batch ... &` in a script


@pytest.mark.parametrize(
    "line",
    [
        pytest.param(["-", "--format", "jsonl", "--workers", "1"], id="read-by-the-spec"),
        pytest.param(["--format", "jsonl", "--workers", "1", "--", "-"], id="read-by-typer"),
    ],
)
def test_ctrl_c_to_a_batch_started_with_sigint_ignored(tmp_path, line):
    """A batch started with SIGINT ignored (a background job of a non-interactive shell) keeps it
    ignored, as Python itself does: its stop handler took it over, and a Ctrl-C meant for the
    script's foreground stopped it (exit 130). SIGTERM still stops it."""
    data = _input(300)
    out_path = tmp_path / "out.jsonl"
    with out_path.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pungchow_calc", "batch", *line],
            stdin=subprocess.PIPE,
            stdout=out,
            stderr=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=_ignore_ctrl_c,
        )
        deadline = time.monotonic() + PATIENCE
        while not _catches(proc.pid, signal.SIGTERM):  # the batch's stop handlers are in place
            assert proc.poll() is None and time.monotonic() < deadline, "SIGTERM never handled"
            time.sleep(0.02)
        assert not _catches(proc.pid, signal.SIGINT)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(data, timeout=PATIENCE)
    assert (proc.returncode, err) == (1, b"")  # 1: the samples' bad lines, each an error record
    assert out_path.read_text(encoding="utf-8").splitlines(keepends=True) == _expected(data, "jsonl")
