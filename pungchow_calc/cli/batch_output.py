"""A batch's records on standard output: gathered as they come, written a batch at a time under the
stop signals (batch_signals.py), counted, cut back to whole records when a file cannot take them, and
written as UTF-8 for data (JSON, CSV) whatever the terminal's encoding. Split from batch_run.py (the
command).
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

from ..engine.errors import how_many

if TYPE_CHECKING:  # the batch package is imported by the command that needs it (start-up time)
    from ..batch.formats import Lines
    from .batch_signals import StopSignals


FIRST_REFUSED = 3  # the failed entries a batch's summary line names (batch_run)
# An error record's position in its JSON or CSV text (formats.json_text, csv_row): `{"line": N, "item": I,
# "column": C, "error": ...`, and `N,I,` then the empty columns and the code (scored rows have a hand there).
_JSON_REFUSED = re.compile(r'^\{"line": (\d+), (?:"item": (\d+), )?(?:"column": (\d+), )?"error": ', re.M)
_CSV_REFUSED = re.compile(r"^(\d+),(?:(\d+),)?,{16}[a-z]", re.M)


def records_said(count: int) -> str:
    """`1 record`, `20 records`: a count of records as the batch's messages say it."""
    return how_many(count, "record")


def terminal_table(output_format: str) -> Any:
    """The table sized to the terminal when stdout is one (formats.TerminalTable); None for the fixed
    columns of formats.table_row, the same bytes whatever the terminal, for a pipe or a file."""
    if output_format != "table" or not sys.stdout.isatty():
        return None
    from ..batch.formats import TerminalTable
    from ..render.layout import wrap
    from ..render.terminal import console

    return TerminalTable(console().width, wrap)


class Output:
    """Records as text on stdout: gathered as they come, written a batch at a time, counted."""

    def __init__(self, stream: IO[str], output_format: str, signals: StopSignals, table: Any = None) -> None:
        self.stream = stream
        self.format = output_format
        self.table = table  # a formats.TerminalTable on a terminal, else None (formats.table_row)
        self.written = 0  # records on stdout, whole
        self.items = False  # the entries are a YAML or JSON list's: the CSV and table number their items
        self.refused: list[dict[str, int]] = []  # the first FIRST_REFUSED failed entries' positions
        self._signals = signals
        # What the last batch gathered, written at its end: text, and a worker's lines as UTF-8 bytes
        # (formats.Lines), written to the stream's own bytes when it encodes as UTF-8 (_utf8_bytes);
        # each with the records it holds (0: a header, a footer, the compare summary). A piece and its
        # count are gathered in one call, which a stop signal (raised between calls) cannot split: the
        # records written after a stop are exactly those counted.
        self._pending: list[tuple[str | Lines, int]] = []
        self._bytes = _utf8_bytes(stream)
        self._started = False  # the header (and for JSON the `[`) is in _pending or written
        # The table's points and doublings headings (formats.headings): the first entry's ruleset's when
        # it is scored, else (an error record first, no entries) the batch ruleset's (`-r`), set here by
        # the command; the header waits in _pending at `_heading` for them (docs/batch.md).
        from ..batch.formats import BOOK_HEADINGS

        self.names: tuple[str, str] = BOOK_HEADINGS
        self._heading: int | None = None
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
        if self._heading is not None:  # no entry yet (a file of none, a stop): the batch ruleset's words
            self._head(self.names)
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
            error.add_note(f"{records_said(self.written)} written, whole")
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
        from ..batch.formats import csv_columns, csv_text

        self._started = True
        if self.format == "csv":
            self._pending.append((csv_text(csv_columns(self.items)), 0))
        elif self.format == "json":
            self._pending.append(("[", 0))
        elif self.format == "table":  # its text once its headings are known (_head)
            self._heading = len(self._pending)
            self._pending.append(("", 0))

    def _head(self, names: tuple[str, str]) -> None:
        """Head the table's points and doublings columns `names` (formats.headings): its header, and the
        terminal's table laid out for them."""
        from ..batch.formats import TerminalTable, table_header

        assert self._heading is not None
        self.names = names
        if self.table is not None:
            self.table = TerminalTable(self.table.width, self.table.wrap, names)
        header = table_header(self.items, names) if self.table is None else self.table.header(self.items)
        self._pending[self._heading] = (header + "\n", 0)
        self._heading = None

    def write_all(self, records: Iterator[Any]) -> int:
        """Gather records, (ok, payload) or a worker's Lines, as they come (the batch end writes
        them); return how many failed."""
        from ..batch.formats import HEADINGS, Lines, output_line, table_row

        self.header()
        failed = 0
        append = self._pending.append
        fmt = self.format
        encode = "csv" if fmt == "csv" else "json"
        comma = "," if self.written else ""  # JSON: before every record but the first
        for item in records:
            if type(item) is Lines:  # JSONL or CSV: a worker's chunk of records, already lines
                append((item, item.count))
                failed += item.failed
                if item.failed and len(self.refused) < FIRST_REFUSED:
                    self._refused_in(item.text)
                continue
            ok, payload = item
            failed += not ok
            if not ok and len(self.refused) < FIRST_REFUSED:
                self._refused_in(payload)
            if fmt in ("jsonl", "csv"):
                append((output_line(encode, payload), 1))
            elif fmt == "json":
                append((f"{comma}\n{payload}", 1))
                comma = ","
            else:
                if self._heading is not None:  # the first entry's row heads the table, when scored
                    self._head(payload.get(HEADINGS, self.names))
                row = table_row(payload, self.names) if self.table is None else self._terminal_row(payload)
                append((row + "\n", 1))
        self.footer()
        return failed

    def _refused_in(self, records: Any) -> None:
        """Note where the first failed entries stand (for the summary: batch_run), from their records: a
        record (the table's), its JSON or CSV text, a CSV row, or a worker's lines of them."""
        from ..batch.formats import POSITION, placed

        if isinstance(records, dict):
            found = [placed(records)]
        elif isinstance(records, list):  # a CSV row
            found = [{"line": records[0], "item": records[1]} if self.items else {"line": records[0]}]
        else:
            pattern = _CSV_REFUSED if self.format == "csv" else _JSON_REFUSED
            found = [
                {key: int(number) for key, number in zip(POSITION, numbers, strict=False) if number}
                for numbers in pattern.findall(records)
            ]
        self.refused += found[: FIRST_REFUSED - len(self.refused)]

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


def records_stdout(output_format: str) -> Any:
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
