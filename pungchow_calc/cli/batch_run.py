"""The work of `pungchow batch`, without typer: score a file of hands, one record per entry.

Declared in cli/spec.py: a plainly written `batch FILE [options]` runs here without typer, whose
import costs a long batch a tenth of a second before any hand is scored.

Exit codes: 0 every entry scored; 1 some entry has an error record (or a worker process died: see
batch/workers.py); 2 the file as a whole cannot be read; 130 stopped by SIGINT (Ctrl-C), 143 by SIGTERM.
A stopped batch writes every record it has scored, whole, closes a JSON array with `]`, and says how
many records it wrote in one line on stderr; a stopped `--compare` writes the summary of the entries
compared so far, and says how many.
"""

from __future__ import annotations

import contextlib
import errno
import io
import itertools
import json
import os
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import IO, TYPE_CHECKING, Any

from .. import options as opts
from ..engine.errors import PungchowError
from .failure import EXIT_BAD_INPUT, EXIT_OUTPUT_FAILED, report, say, silence

if TYPE_CHECKING:  # the batch package is imported by the command that needs it (start-up time)
    from ..batch.formats import Lines


BATCH_FORMATS = ("table", "json", "jsonl", "csv")
EXIT_ENTRY_FAILED = 1
PROGRESS_MIN_ENTRIES = 4000  # below that a bar would only flicker
PROGRESS_EVERY = 500  # records between two moves of the bar


def run_batch(
    file: str,
    output_format: str = "table",
    ruleset: str | None = None,
    compare: tuple[str, str] | None = None,
    workers: int | None = None,
    input_format: str | None = None,
) -> int:
    """Score every hand of a file: one record per entry, in order; the exit code (1: an entry failed)."""
    from ..batch.input import INPUT_FORMATS, Source
    from ..batch.run import default_workers, run
    from ..batch.scoring import Job, Scorer, quiet_gc

    started = time.monotonic()
    refused = None
    if output_format not in BATCH_FORMATS:
        refused = f"--format must be one of {', '.join(BATCH_FORMATS)}"
    elif input_format is not None and input_format not in INPUT_FORMATS:
        refused = f"--input-format must be one of {', '.join(INPUT_FORMATS)}"
    elif compare is not None and compare[0] == compare[1]:
        refused = "--compare needs two different rulesets"
    elif compare is not None and ruleset is not None:
        # --compare scores every hand under A and B, whatever the lines say (docs/batch.md): a -r
        # beside it would change nothing, and whoever gave it meant something else.
        refused = (
            f"--ruleset {ruleset!r} does nothing beside --compare, which scores every hand under A and B:"
            " leave it out"
        )
    if refused is not None:
        report(opts.OptionError(refused, code="bad-option"), False)
        return EXIT_BAD_INPUT
    encode = {"json": "json", "jsonl": "json", "csv": "csv"}.get(output_format, "dict")
    job = Job(ruleset=ruleset, compare=compare, encode="dict" if compare else encode)
    n_workers = workers if workers is not None else default_workers()
    # Before the stop signals: rich's import for a terminal, render's; a Ctrl-C then is start-up's.
    table = _terminal_table(output_format)
    stdout = _stdout(output_format)
    failed = 0
    died = False
    source = progress = records = None
    summary = None
    summarised = False
    unsaid: list[Exception] = []  # a failed entry's line that standard error could not take (_compare)
    if compare is not None:
        from ..batch.compare import Summary

        summary = Summary(compare)  # made before a stop can come: what was compared is summarised

    def worker_died(rescored: int, lost: int) -> None:
        nonlocal died
        died = True
        tail = f"; {lost} could not be scored (worker-died)" if lost else ""
        message = f"a worker process died: {rescored} entries it may have held were scored again{tail}"
        say(f"error: {message}")

    with _StopSignals() as signals:
        out = _Output(stdout, output_format, signals, table)
        # JSONL and CSV records are lines written as they are: a worker sends a chunk's together (Lines).
        joined = output_format in ("jsonl", "csv") and compare is None
        try:
            signals.release()  # a stop from here on raises _Stop; one that came since __enter__, now
            # Under the stop signals: a Ctrl-C while the first line is awaited (standard input, a FIFO)
            # stops the batch as any other, with its one line and an empty JSON array closed.
            try:
                # A ruleset named on the command line that cannot be loaded is the command's mistake,
                # not an entry's: refused at once, as `score -r` refuses it, not an error record for
                # every line (each also printed under --compare). Loaded once (ruleset_files caches it).
                # `-r ''` too (`-r "$RULES"`, unset): it names no ruleset, and is never the default's.
                for name in compare or ((ruleset,) if ruleset is not None else ()):
                    Scorer(job).ruleset(name)
                source = Source(file, kind=input_format)
                source.refuse_output(sys.stdout)
                entries = source.entries()
                first = next(entries, None)  # a file that is not a YAML list fails here, before any output
            except PungchowError as error:
                report(error, False)
                return EXIT_BAD_INPUT
            chain = iter(()) if first is None else itertools.chain((first,), entries)
            quiet_gc()
            progress = _batch_progress(source)
            # The workers are sent the file's lines as read (source.rest): each makes its entries itself.
            records = run(
                chain,
                job,
                n_workers,
                on_batch_end=out.flush,
                on_worker_died=worker_died,
                joined=joined,
                rest=source.rest,
                idle=source.idle_check(),
            )
            if summary is not None:
                failed = _compare(_tick(records, progress), summary, signals, unsaid)
                with signals.hold():  # written whole, once: a stop meanwhile waits, and finds it written
                    summarised = True
                    _write_summary(summary, output_format, out)
            else:
                failed = out.write_all(_tick(records, progress))
            out.flush()
        except _Stop as stop:
            if records is not None:
                records.close()  # terminates the workers, if the stop came while writing
            if progress is not None:
                progress.stop()
            if summary is None:
                out.finish()
                say(f"interrupted: {out.written} records written")
            else:  # the entries compared before the stop, in input order: their summary, said to be so
                if not summarised:
                    _write_summary(summary, output_format, out)
                out.finish(framed=False)
                say(f"interrupted: the summary counts the first {summary.entries} entries")
            return 128 + stop.signum
        except PungchowError as error:  # the file broke as a whole (e.g. unreadable mid-way)
            # The records scored before it broke still stand, whole: a `json` array closed, as after a
            # stop (it parses), which it was not (docs/batch.md).
            out.finish(framed=summary is None)
            report(error, False)
            return EXIT_BAD_INPUT
        finally:
            if records is not None:
                records.close()
            if progress is not None:
                progress.stop()
            if source is not None:
                source.close()
    if compare is None and sys.stderr.isatty():
        elapsed = time.monotonic() - started
        say(f"batch: {out.written} records, {failed} errors, {elapsed:.1f} s")
    if unsaid:
        return EXIT_OUTPUT_FAILED
    return EXIT_ENTRY_FAILED if failed or died else 0


class _Stop(BaseException):
    """A stop signal arrived (a BaseException, so no `except Exception` turns it into a record)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _StopSignals:
    """While a batch runs, SIGINT and SIGTERM raise _Stop in the main thread, except while records
    are being written: then the stop waits for the write to end, so no record is cut in half. A
    second signal, once the batch is stopping, ends the process at once."""

    def __init__(self) -> None:
        self.stopping: int | None = None
        self._holding = False
        self._old: dict[int, Any] = {}

    def __enter__(self) -> _StopSignals:
        self._holding = True  # until release(): a stop is put off, never raised outside the batch's try
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) is signal.SIG_IGN:  # ignored when started (`batch ... &` in a
                continue  # script): it stays so, as Python itself leaves an inherited SIG_IGN
            self._old[signum] = signal.signal(signum, self._handle)
        return self

    def release(self) -> None:
        """Let a stop signal raise _Stop from now on; one that came since __enter__ raises it now."""
        self._holding = False
        if self.stopping is not None:
            raise _Stop(self.stopping)

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._old.items():
            signal.signal(signum, handler)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.stopping is not None:
            os._exit(128 + self.stopping)
        self.stopping = signum
        if not self._holding:
            raise _Stop(signum)

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Put off a stop signal until the block ends."""
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
        if self.stopping is not None:
            raise _Stop(self.stopping)


def _terminal_table(output_format: str) -> Any:
    """The table sized to the terminal when stdout is one (formats.TerminalTable); None for the fixed
    columns of formats.table_row, the same bytes whatever the terminal, for a pipe or a file."""
    if output_format != "table" or not sys.stdout.isatty():
        return None
    from ..batch.formats import TerminalTable
    from ..render.layout import wrap
    from ..render.terminal import console

    return TerminalTable(console().width, wrap)


class _Output:
    """Records as text on stdout: gathered as they come, written a batch at a time, counted."""

    def __init__(self, stream: IO[str], output_format: str, signals: _StopSignals, table: Any = None) -> None:
        self.stream = stream
        self.format = output_format
        self.table = table  # a formats.TerminalTable on a terminal, else None (formats.table_row)
        self.written = 0  # records on stdout, whole
        self._signals = signals
        # What the last batch gathered, written at its end: text, and a worker's lines as UTF-8 bytes
        # (formats.Lines), written to the stream's own bytes when it encodes as UTF-8 (_utf8_bytes);
        # each with the records it holds (0: a header, a footer, the compare summary). A piece and its
        # count are gathered in one call, which a stop signal (raised between calls) cannot split: the
        # records written after a stop are exactly those counted.
        self._pending: list[tuple[str | Lines, int]] = []
        self._bytes = _utf8_bytes(stream)
        self._started = False  # the header (and for JSON the `[`) is in _pending or written
        self._closed = False  # the footer likewise
        self._file = _regular_file(stream)  # its descriptor, when stdout is a file a failed write can cut
        # What the file held before the batch (`>> results.txt`): never cut, never counted as records.
        self._held = os.fstat(self._file).st_size if self._file is not None else 0

    def flush(self) -> None:
        """Write what has been gathered: a signal waits until it is all out."""
        with self._signals.hold():
            self._write_pending()

    def _write_pending(self) -> None:
        """Write what has been gathered. A file that cannot take it all (a full disk, a quota) is cut
        back to the records before it, whole (a JSON array closed, if there is room); the error, which
        says how many there are, goes on (exit 3: cli._output_failed)."""
        if self._file is None:
            self._write_gathered()
            return
        fd = self._file
        # The text layer is flushed: the end of the records so far. A file opened to append (the shell's
        # `>>`) stands at 0 until its first write, and its records go after what it held.
        whole = max(os.lseek(fd, 0, os.SEEK_CUR), self._held)
        try:
            self._write_gathered()
        except OSError as error:
            self._cut(fd, whole)
            error.add_note(f"{self.written} records written, whole")
            raise

    def _cut(self, fd: int, whole: int) -> None:
        """Cut the file back to `whole` bytes, its records before a failed write; a JSON array closed."""
        closing = ""
        if self.format == "json" and self._started:  # records' array, not a compare summary
            closing = "[]\n" if whole == self._held else "\n]\n" if self.written else "]\n"
        with contextlib.suppress(OSError):
            os.ftruncate(fd, whole)
            os.lseek(fd, whole, os.SEEK_SET)
            if closing and os.write(fd, closing.encode()) < len(closing):
                os.ftruncate(fd, whole)

    def _write_gathered(self) -> None:
        stream, raw = self.stream, self._bytes
        text: list[str] = []
        records = 0
        for piece, count in self._pending:
            records += count
            if isinstance(piece, str):
                text.append(piece)
            elif raw is None or isinstance(piece.data, str):  # as text (Lines.of: not strictly UTF-8)
                text.append(piece.text)
            else:  # the text before it goes out first
                if text:
                    self._write_text("".join(text))
                    text.clear()
                write_all(raw, piece.data)
        if text:
            self._write_text("".join(text))
        self._pending.clear()
        stream.flush()
        self.written += records

    def _write_text(self, text: str) -> None:
        """Write text: to the stream's UTF-8 bytes when it has them (write_all: a short write of a full
        disk, which the text layer passes over, is an error), else through the text layer."""
        if self._bytes is None:
            self.stream.write(text)
            return
        self.stream.flush()  # (nothing: every text goes through here)
        write_all(self._bytes, text.encode("utf-8", getattr(self.stream, "errors", None) or "strict"))

    def write(self, text: str) -> None:
        """Gather text that is not a record (the compare summary)."""
        self._pending.append((text, 0))

    def header(self) -> None:
        """The column names, or the opening `[` of a JSON array."""
        from ..batch.formats import CSV_COLUMNS, TABLE_HEADER, csv_text

        self._started = True
        if self.format == "csv":
            self._pending.append((csv_text(list(CSV_COLUMNS)), 0))
        elif self.format == "json":
            self._pending.append(("[", 0))
        elif self.format == "table":
            self._pending.append(((TABLE_HEADER if self.table is None else self.table.header()) + "\n", 0))

    def write_all(self, records: Iterator[Any]) -> int:
        """Gather records, (ok, payload) or a worker's Lines, as they come (the batch end writes
        them); return how many failed."""
        from ..batch.formats import Lines, output_line, table_row

        self.header()
        failed = 0
        append = self._pending.append
        fmt = self.format
        encode = "csv" if fmt == "csv" else "json"
        row = table_row if self.table is None else self._terminal_row
        comma = "," if self.written else ""  # JSON: before every record but the first
        for item in records:
            if type(item) is Lines:  # JSONL or CSV: a worker's chunk of records, already lines
                append((item, item.count))
                failed += item.failed
                continue
            ok, payload = item
            failed += not ok
            if fmt in ("jsonl", "csv"):
                append((output_line(encode, payload), 1))
            elif fmt == "json":
                append((f"{comma}\n{payload}", 1))
                comma = ","
            else:
                append((row(payload) + "\n", 1))
        self.footer()
        return failed

    def _terminal_row(self, record: dict[str, Any]) -> str:
        """A record as the terminal table's row; on a terminal that escapes what it cannot show
        (`Zo\\xeb`), escaped before the row is laid out, so that the escapes are measured with the rest."""
        from ..render.ascii import fit_data

        return str(self.table.row(fit_data(record, self.stream)))

    def footer(self) -> None:
        """Close a JSON array."""
        self._closed = True
        if self.format == "json":
            some = self.written or any(count for _, count in self._pending)
            self._pending.append(("\n]\n" if some else "]\n", 0))

    def finish(self, framed: bool = True) -> None:
        """After a stop: write the whole records gathered, with the header and footer they need
        (`framed`; not around a compare summary)."""
        if framed and not self._started:
            self.header()
        if framed and not self._closed:
            self.footer()
        self._write_pending()


def _stdout(output_format: str) -> Any:
    """Standard output for the records, whatever its encoding: the table is text for the terminal
    (render.ascii.output_stream: what the encoding lacks, escaped, `caf\\xe9`); CSV and JSON are data
    for another program, UTF-8 whatever the terminal (render.ascii.write_data), as evening's CSV is."""
    from ..render.ascii import output_stream

    stream = sys.stdout
    if output_format == "table":
        return output_stream()
    raw = getattr(stream, "buffer", None)
    if raw is None or _utf8_bytes(stream) is not None:
        return stream  # UTF-8 already (or a test's capture, which takes text)
    return _Utf8Data(stream, raw)


class _Utf8Data:
    """Standard output of another encoding (ASCII, Latin-1) written as UTF-8: each text through
    render.ascii.write_data; a worker's lines, UTF-8 already, straight to the bytes (_utf8_bytes)."""

    encoding = "utf-8"

    def __init__(self, stream: IO[str], raw: IO[bytes]) -> None:
        self._stream = stream
        self.buffer = raw

    def write(self, text: str) -> int:
        from ..render.ascii import write_data

        write_data(text)
        return len(text)

    def flush(self) -> None:
        self._stream.flush()


def write_all(raw: IO[bytes], data: bytes) -> None:
    """Write all of `data`, or raise why not. A buffered file's write that the disk takes only in part
    (a full disk, a quota) returns the count written, its error lost, and the text layer over it does
    not look: the rest of a chunk of records went nowhere, the batch exiting 0 or 1 (a file of 300
    hands kept 100). Written again, the rest raises the error (ENOSPC: exit 3)."""
    view = memoryview(data)
    while view:
        count = raw.write(view)
        if not count:  # nothing taken, nothing raised (never seen): not a loop for ever
            raise OSError(errno.EIO, "the output took nothing")
        view = view[count:]


def _regular_file(stream: IO[str]) -> int | None:
    """The descriptor under a stream that is a regular file (`> out.json`), or None: a pipe, a
    terminal, a device (/dev/full), a test's capture, which a failed write cannot be cut back on."""
    import stat

    try:
        fd = stream.fileno()
        return fd if stat.S_ISREG(os.fstat(fd).st_mode) else None
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return None


def _utf8_bytes(stream: IO[str]) -> IO[bytes] | None:
    """The byte stream under a text stream that encodes as UTF-8, where a worker's encoded lines can go
    as they are: no decoding, joining and encoding again in this process (the same bytes: a worker
    sends text it cannot encode strictly as text). None for any other stream (a test's StringIO,
    another encoding): the lines are then written as text."""
    import codecs

    raw = getattr(stream, "buffer", None)
    encoding = getattr(stream, "encoding", None)
    if raw is None or encoding is None:
        return None
    return raw if codecs.lookup(encoding).name == "utf-8" else None


def _compare(
    records: Iterator[tuple[bool, Any]], summary: Any, signals: _StopSignals, unsaid: list[Exception]
) -> int:
    """Fold compare records into the summary (compare.Summary), reporting each failed entry; return
    failures. Each record is counted whole: a stop waits for it, so the summary of an interrupted
    batch counts exactly the entries it says. A list standard error cannot take (`2>/dev/full`,
    `2>&-`) ends there, as one whose reader left does (say): its error goes in `unsaid`, the summary
    is still written, and the exit code is 3 (README, exit codes)."""
    from ..batch.compare import summarise

    def report(record: dict[str, Any]) -> None:
        if unsaid:
            return
        err = record["error"]
        try:
            say(f"line {record['line']}: error [{err['code']}]: {err['message']}")
        except (OSError, ValueError) as error:  # ValueError: a closed stream's
            unsaid.append(error)
            silence(sys.stderr)

    def counted(records: Iterator[tuple[bool, Any]]) -> Iterator[tuple[bool, Any]]:
        for record in records:
            with signals.hold():
                yield record

    return summarise(counted(records), summary.rulesets, on_error=report, into=summary).failed


def _write_summary(summary: Any, output_format: str, out: _Output) -> None:
    """Write a compare summary (compare.Summary) in the output format."""
    from ..batch.formats import csv_text

    if output_format == "table":
        from ..render.terminal import console, print_compare_summary

        print_compare_summary(summary.as_dict(), console())
    elif output_format == "csv":
        for key, value in summary.as_dict().items():
            out.write(csv_text([key, json.dumps(value) if isinstance(value, dict | list) else value]))
    else:
        out.write(json.dumps(summary.as_dict()) + "\n")


def _batch_progress(source: Any) -> Any:
    """A progress bar on stderr counting hands, when stderr is a terminal and stdout is not."""
    if not sys.stderr.isatty() or sys.stdout.isatty():
        return None
    total = source.estimated_entries()  # None for a stream: the bar counts without an end
    if total is not None and total < PROGRESS_MIN_ENTRIES:
        return None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..render.terminal import console

    progress = Progress(
        TextColumn("scoring"),
        BarColumn(),
        MofNCompleteColumn(),
        _rate_column(),
        TimeRemainingColumn(),
        console=console(stderr=True),
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    )
    progress.add_task("batch", total=total)
    progress.start()
    return progress


def _rate_column() -> Any:
    """A rich column showing hands scored per second."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class HandsPerSecond(ProgressColumn):
        def render(self, task: Any) -> Text:
            speed = task.speed
            return Text("" if speed is None else f"{speed:,.0f} hands/s")

    return HandsPerSecond()


def _tick(records: Iterator[Any], progress: Any) -> Iterator[Any]:
    """Pass records through, moving the progress bar every PROGRESS_EVERY."""
    if progress is None:
        yield from records
        return
    from ..batch.formats import Lines

    task = progress.task_ids[0]
    count = 0
    shown = 0
    for item in records:
        count += item.count if type(item) is Lines else 1
        if count - shown >= PROGRESS_EVERY:
            progress.update(task, completed=count)
            shown = count
        yield item
    progress.update(task, completed=count)
