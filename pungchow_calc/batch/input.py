"""Read a batch file: one entry per text line or YAML list item, lazily, with its line number.

Text files hold one `pungchow score` argument list per line (shell quoting, `#` comments); YAML files
hold a list of mappings with the same option names. Nothing is scored here: an entry that cannot be
read carries its error code and message, so that the runner still gives it a record.

A text file is read a block of whole lines at a time (Source.blocks), and a block is made into entries
by block_entries, in this process or, for a long batch, in the worker process that scores it: the
reading process then only reads blocks and counts their lines (Source.rest). Measured 2026-11-26
(r20k and c20k, per hand): reading each line and sending it to a worker as a packed entry cost the
reading process 1.4-1.5 us and the worker 0.7; reading blocks and sending them costs it 0.1-0.15,
and the worker 0.9 (block_entries included).
"""

from __future__ import annotations

import codecs
import io
import itertools
import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from ..engine.errors import not_utf8
from .entry import Block, Entry, FileError

# A line's bytes with its line end, counted as one whatever it is (LF, CRLF, a lone CR): a file saved on
# Windows is refused at the same length as the file saved elsewhere. A real line is under 150 characters.
MAX_LINE = 4096
READ_BLOCK = 1 << 15  # bytes read at a time: one read gives a worker a few hundred lines


# An Entry made of its fields' tuple at once, as Entry._make does, without the call to Entry.__new__
# that takes them one by one (block_entries: 0.15 us a line less, measured 2026-11-26).
_new = tuple.__new__


def _too_long(number: int, size: int) -> Entry:
    return Entry(number, error_code="bad-line", error_message=f"line is too long ({size} bytes)")


def block_entries(first: int, data: bytes) -> Iterator[Entry]:
    """The entries of a block of whole lines (Source.blocks), the first line numbered `first`: a blank
    or comment line makes none, a line over MAX_LINE bytes (with its newline) or not UTF-8 an error."""
    # Nearly every block is ASCII: decoded at once, its lines' lengths in bytes unchanged.
    lines: list[Any] = data.decode("ascii").split("\n") if data.isascii() else data.split(b"\n")
    if not lines[-1]:
        lines.pop()  # nothing after the last newline
        unended = 0
    else:
        unended = first + len(lines) - 1  # the file's last line, with no newline
    for number, line in enumerate(lines, start=first):
        if len(line) >= MAX_LINE:
            # A CRLF's CR, still on the line (_reads), is its line end with the LF: not counted again.
            size = len(line) + (number != unended) - line.endswith("\r" if isinstance(line, str) else b"\r")
            if size > MAX_LINE:
                yield _too_long(number, size)
                continue
        if isinstance(line, str):
            text = line
        else:
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                text, refused = _not_utf8(line, exc)
                if refused is not None:
                    yield Entry(number, error_code="bad-line", error_message=refused)
                    continue
            if text[:1] == "\ufeff":
                # A byte order mark starting a later line: files joined (`cat a.txt b.txt`), each saved
                # with one (Notepad). An editor shows none, and none is read, as at the file's start.
                text = text[1:]
        stripped = text.strip()
        if stripped and stripped[0] != "#":
            yield _new(Entry, (number, (), None, None, stripped, None, None, None))  # made at once (_new)


def _not_utf8(line: bytes, error: UnicodeDecodeError) -> tuple[str, str | None]:
    """A line that is not UTF-8 (a file saved as Latin-1 or Windows-1252, `# Zo\xeb`): its text before a
    `#` comment that holds every byte not UTF-8, which nothing reads (words.strip_comment), or its
    refusal naming the first such byte and its column (as a ruleset's names it, ruleset_yaml.py)."""
    from .words import strip_comment

    text = line.decode("utf-8", "surrogateescape")  # each byte not UTF-8 one lone surrogate
    kept = strip_comment(text)
    if not any("\udc80" <= c <= "\udcff" for c in kept):
        return kept, None
    column = len(line[: error.start].decode("utf-8", "replace")) + 1
    return "", f"line is {not_utf8(line[error.start], column)}"


# Byte order marks of a text file in another encoding than UTF-8 (UTF-32 first: its little-endian
# mark starts with UTF-16's), and the codec that reads it, its own mark included.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_LONE_CR = re.compile(rb"\r(?!\n)")


def _codec(first: bytes) -> str | None:
    """The codec of a text file whose first bytes are `first`: its byte order mark's, or UTF-16's when
    it has none but its first line has a NUL in every other byte (a UTF-16 editor's or tool's file
    without the mark; UTF-8 text never holds a NUL); None for UTF-8."""
    codec = next((codec for bom, codec in _BOMS if first.startswith(bom)), None)
    if codec is not None or b"\0" not in first:
        return codec
    sample = first[: min(len(first), 512) // 2 * 2]
    for codec in ("utf-16-le", "utf-16-be"):
        line = sample.decode(codec, "replace").lstrip("\r\n").partition("\n")[0]
        if line and all("\0" < c < "\u0100" for c in line):  # each unit's other byte a NUL
            return codec
    return None


_NOT_A_BATCH_FILE = "a batch file is text lines, a YAML list or a JSON list, not"
_EXPORT_THE_SHEET = (
    'export the sheet as a JSON list of rows ([{"hand": ..., "seat": ...}], the columns named as score\'s'
    " options)"
)
# A file no batch reads whatever its name, known by its first bytes: a spreadsheet saved as it is, or a
# file compressed. Read as text lines, each line was `line is not UTF-8 text ...: save the file as UTF-8`,
# a hint no spreadsheet or archive can follow: refused once, with what it is and what to do (docs/batch.md).
_BINARY = (
    (b"PK\x03\x04", "a zip archive, as an .xlsx or .ods sheet is", _EXPORT_THE_SHEET),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an Excel .xls sheet", _EXPORT_THE_SHEET),
    (b"\x1f\x8b", "a gzip-compressed file", "unpack it first ({gunzip} | pungchow batch -)"),
)


_HEAD = 4096  # the bytes of a file's start compared at its end (Source._counted_read)


def _start_now(stream: Any, length: int) -> bytes | None:
    """The first `length` bytes a file holds now, read without moving the stream; None where they cannot
    be read so (no descriptor, no pread)."""
    try:
        return os.pread(stream.fileno(), length, 0)
    except (AttributeError, OSError, io.UnsupportedOperation):
        return None


def _refuse_binary(first: bytes, path: str) -> None:
    """Refuse a file whose first bytes are a spreadsheet's or an archive's (_BINARY): a FileError."""
    for magic, what, hint in _BINARY:
        if first.startswith(magic):
            import shlex

            name, gunzip = (
                ("standard input", "... | gunzip")
                if path == "-"
                else (path, f"gunzip -c {shlex.quote(path)}")
            )
            said = hint.replace("{gunzip}", gunzip)  # not format(): the sheet's hint holds braces
            raise FileError(f"{name}: {_NOT_A_BATCH_FILE} {what}: {said}")


# How a batch file is read (`batch --input-format`, docs/batch.md); without it, by the file's name.
INPUT_FORMATS = ("text", "yaml", "json")


def input_format(path: str) -> str:
    """How a file is read when no --input-format says: a .yaml/.yml file is a YAML list, a .json file a
    JSON one; anything else, standard input included, text lines."""
    lower = path.lower()
    return "yaml" if lower.endswith((".yaml", ".yml")) else "json" if lower.endswith(".json") else "text"


# The first line of a JSON list (`[`, `[{"hand": ...`, `["1b1b1b ..."`, `[1, 2]`, `[null,`) or a YAML one
# (`- hand: ...`, `---`): never a batch line (neither starts with a hand or an option), so standard input
# read as text whose first entry is one is refused with a hint (Source._text_entries), not an error on
# every line. A number or true/false/null is one only when a comma or the list's end follows it: `[1st
# table]`, a header, is a text line's error record (docs/batch.md).
_JSON_START = re.compile(
    r"\[\s*(?:[{\[\]\"]|$|(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)\s*(?:[,\]]|$))"
)
_YAML_START = re.compile(r"(?:-|---)(?:\s|$)|%YAML\s")
# A JSON mapping (`{"hand": ...}`) first: JSON Lines (`jq -c`), which a batch reads once in one list.
_JSON_OBJECT = re.compile(r"\{\s*(?:[\"}]|$)")


def _first(entry: Entry) -> None:
    """Refuse standard input, read as text, whose first entry starts a JSON or YAML list: each of its
    lines would be an error record; which it is meant to be is said, not guessed (--input-format)."""
    text = entry.text or ""
    if _JSON_OBJECT.match(text):
        raise FileError(
            f"line {entry.line}: standard input is read as text lines, and this one is a JSON mapping, as"
            " JSON Lines hold: a batch reads them in one JSON list (jq -s . | pungchow batch -"
            " --input-format json)"
        )
    for kind, start in (("json", _JSON_START), ("yaml", _YAML_START)):
        if start.match(text):
            raise FileError(
                f"line {entry.line}: standard input is read as text lines, and this one starts a"
                f" {kind.upper()} list: give --input-format {kind} (or --input-format text)"
            )


# A string that ends an item of a JSON list (`"HAND -s south",` or `..."]`): a key ends with `:`. Counted
# only in a list with no mappings (Source.estimated_entries), whose values could end so too.
_JSON_TEXT_ITEM = re.compile(r'"\s*[,\]]')
_JSON_TEXT_ITEM_BYTES = re.compile(_JSON_TEXT_ITEM.pattern.encode())  # the same, in a file read as bytes


def _appended(output: Any) -> bool:
    """Whether the output was opened to append (`>> FILE`): its descriptor's O_APPEND (not known, on a
    system without fcntl: False)."""
    try:
        import fcntl
    except ImportError:  # Windows
        return False
    try:
        return bool(fcntl.fcntl(output.fileno(), fcntl.F_GETFL) & os.O_APPEND)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return False


class Source:
    """A batch file or standard input, read lazily; `size` is a regular file's size in bytes."""

    def __init__(self, path: str, stdin: IO[bytes] | None = None, kind: str | None = None) -> None:
        """`kind`: text, yaml or json (INPUT_FORMATS), as --input-format says; None: by the name."""
        self.path = path
        self._given = kind is not None  # said on the command line: standard input is not looked at
        self._rest: Iterator[Entry | Block] = iter(())  # what entries() reads from (see rest())
        self._block: Iterator[Entry] = iter(())  # the entries of the block entries() is in the middle of
        self.size: int | None = None
        self.kind = kind if kind is not None else input_format(path)
        # A JSON file is read as a YAML one: a JSON list of mappings is YAML's flow style (docs/batch.md);
        # read as text lines, its every line was an error record (`[ is not a tile group`).
        self.is_yaml = self.kind != "text"
        if path == "-":
            import sys

            self._stream: IO[bytes] = stdin if stdin is not None else sys.stdin.buffer
            self._owned = False
        elif not path:  # `batch "$HANDS"`, unset: Path("") is the folder, "cannot read: Is a directory"
            raise FileError("'' names no file: give the batch file, or - for standard input")
        else:
            try:
                self._stream = Path(path).open("rb")  # noqa: SIM115 - closed in close()
            except OSError as exc:
                raise FileError(f"{path}: cannot read: {exc.strerror}") from None
            if Path(path).is_dir():
                raise FileError(f"{path}: is a directory")
            if kind is None and path.lower().endswith(".csv"):
                # A spreadsheet's CSV export, read as text lines, gave every row `groups are separated
                # by spaces, not commas`: refused once, with the ways a batch reads a sheet.
                self._stream.close()
                raise FileError(
                    f"{path}: {_NOT_A_BATCH_FILE} CSV: {_EXPORT_THE_SHEET}, or give --input-format text to"
                    " read its lines as score's arguments"
                )
            self._owned = True
            try:
                status = os.fstat(self._stream.fileno())
            except OSError:
                self.size = None
            else:  # a named pipe or a device has no size: its lines can be read once, by the batch
                self.size = status.st_size if stat.S_ISREG(status.st_mode) else None

    def idle_check(self) -> Callable[[], bool] | None:
        """For a pipe or a terminal, a check that nothing more is ready to read now (a live feed,
        `tail -f hands.txt | pungchow batch -`): the workers are then sent what has come, not kept
        waiting for a whole chunk. None for a regular file, whose lines are always there."""
        try:
            fd = self._stream.fileno()
            if stat.S_ISREG(os.fstat(fd).st_mode):
                return None
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            return None
        import select

        def idle() -> bool:
            # _decoded reads with read1, a block larger than the stream's buffer: the buffer is left
            # empty, so what is ready is what the descriptor holds (an ended pipe is ready: its end).
            try:
                return not select.select([fd], [], [], 0)[0]
            except (OSError, ValueError):
                return False

        return idle

    def refuse_output(self, output: Any, written: str = "records") -> None:
        """Refuse a batch file that is also the output (`batch hands.txt > hands.txt`: the shell emptied
        it before it was read, and the batch said nothing, 0 records; `>> hands.txt`: the records were
        read back as lines): a FileError saying which it was, and what to write instead. `written`:
        what goes to the output, `records` or (--compare) `the summary`."""
        try:
            mine, out = os.fstat(self._stream.fileno()), os.fstat(output.fileno())
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            return  # no descriptor (a test's capture): not the file
        if not stat.S_ISREG(mine.st_mode) or (mine.st_dev, mine.st_ino) != (out.st_dev, out.st_ino):
            return
        name = self.path if self._owned else "standard input"  # `batch - < hands.txt >> hands.txt`
        where = self.path if self._owned else "the same file"
        kind, what = written, f"the {written}"
        them = "it" if written == "summary" else "them"
        if _appended(output):
            raise FileError(
                f"{name} is also the output (>> {where}): {what} would be added to its hands, and be"
                f" read as hands; append {them} to another file (>> {kind}.txt)"
            )
        if mine.st_size == 0:  # `>`: emptied by the shell before the batch started (never by the batch)
            raise FileError(
                f"{name} is also the output (> {where}): the shell emptied it before the batch started, so"
                f" it holds no hands now (restore it from a copy); write {what} to another file"
                f" (> {kind}.txt)"
            )
        raise FileError(f"{name} is also the output: write {what} to another file (> {kind}.txt)")

    def close(self) -> None:
        """Close the file (never standard input)."""
        if self._owned:
            self._stream.close()

    def estimated_entries(self) -> int | None:
        """About how many entries a regular file holds, counted cheaply before scoring (for a progress
        bar): its lines, the `-` items at the start of a line of a YAML list, or the `{` of a JSON list's
        mappings. None for a stream, a named pipe included (opened again to be counted, it would give
        the count its lines)."""
        if self.size is None or self.path == "-":
            return None
        count = strings = 0  # strings: a JSON list's items that are text, `["HAND -s south", ...]`
        last: Any = b"\n"
        try:
            with Path(self.path).open("rb") as counted:
                blocks: Iterator[Any] = iter(lambda: counted.read(1 << 20), b"")
                first = next(blocks, b"")
                codec = _codec(first)
                blocks = itertools.chain((first,), blocks)
                if codec is not None:  # UTF-16/32: its line ends counted as the reader sees them (_decoded)
                    decode = codecs.getincrementaldecoder(codec)("replace").decode
                    blocks, last = (decode(block) for block in blocks), "\n"
                is_json = self.kind == "json"
                mark = "{" if is_json else "\n-"  # JSON has no `-` items
                ends = ("\n", "\r", "\r\n", mark)
                lf, cr, crlf, item = ends if codec else tuple(end.encode() for end in ends)
                text_item = _JSON_TEXT_ITEM if codec else _JSON_TEXT_ITEM_BYTES
                for block in blocks:
                    # A YAML item's "\n-", a CRLF, may straddle two blocks: the last character read first.
                    if self.is_yaml:
                        count += (last + block).count(item) - last.count(item)  # a `{` in last: counted
                        if is_json and not count:
                            strings += len(text_item.findall(block))
                    else:  # a line ends with LF, CRLF or a lone CR, as the reader reads it (_reads)
                        count += block.count(lf) + block.count(cr) - (last + block).count(crlf)
                    last = block[-1:] or last
        except OSError:
            return None
        if not self.is_yaml and last not in (lf, cr):
            count += 1  # a last line with no end
        # A JSON list of text items, its lines as strings (`json.dumps(lines)`), has no `{`: its strings
        # that end an item are counted. Counted 0, a long one had no progress bar.
        return count or strings

    def entries(self) -> Iterator[Entry]:
        """Every entry, lazily: text lines, or the items of a YAML list."""
        if self.is_yaml:
            entries = self._rest = self._yaml_entries()
            return entries
        self._rest = self.blocks()
        return self._text_entries()

    def rest(self) -> Iterator[Entry | Block]:
        """What entries() has not given yet, as read: the entries of the block it was in the middle
        of, then the blocks after it (and the error entries of overlong lines), for block_entries to
        make into entries where they are scored. entries() must not be used after this."""
        yield from self._block
        yield from self._rest

    def _text_entries(self) -> Iterator[Entry]:
        looked = self.path != "-" or self._given  # standard input's first entry is looked at (_first)
        for item in self._rest:
            if isinstance(item, Entry):
                looked = True
                yield item
            else:
                self._block = block_entries(*item)
                if not looked:
                    first = next(self._block, None)
                    if first is None:
                        continue
                    looked = True
                    _first(first)
                    yield first
                yield from self._block

    def blocks(self) -> Iterator[Entry | Block]:
        """A text file as blocks of whole lines, each (number of its first line, its bytes), read
        READ_BLOCK bytes at a time (as they come from a pipe). A line over MAX_LINE that a block
        cannot hold comes between them as its error entry: it is counted in pieces, never held, so
        one without an end cannot fill the memory. A read error mid-way is a FileError."""
        number = 1
        rest = b""  # the start of a line whose end is not read yet
        skipped = 0  # the length so far of an overlong line not held (0: none)
        try:
            for block in self._reads():
                if skipped:
                    end = block.find(b"\n")
                    if end < 0:
                        skipped += len(block)
                        continue
                    # Its end counted as one byte, a CRLF's too (MAX_LINE): _reads keeps a CRLF whole.
                    yield _too_long(number, skipped + end + 1 - (block[end - 1 : end] == b"\r"))
                    number, skipped, block = number + 1, 0, block[end + 1 :]
                last = block.rfind(b"\n") + 1
                if last:
                    lines = rest + block[:last] if rest else block[:last]
                    yield number, lines
                    number += lines.count(b"\n")
                    rest = block[last:]
                else:
                    rest += block
                if len(rest) > MAX_LINE:
                    skipped, rest = len(rest), b""
        except OSError as exc:
            raise FileError(f"{self.path}: cannot read: {exc.strerror or exc}") from None
        if skipped:
            yield _too_long(number, skipped)
        elif rest:
            yield number, rest

    def _reads(self) -> Iterator[bytes]:
        """The file's bytes as read (_decoded), each line ended by a newline: a carriage return not
        followed by one (old Mac line ends, a lone CR) ends a line too, as a text editor reads it.
        A CRLF keeps its CR (block_entries strips it); a CR ending a read waits for the next, unless
        nothing more has come (a live feed, `idle_check`): its line is then ended at once, and a LF
        that comes next, the CRLF's second half, is dropped (the line's number and text are the
        same either way; only its length counts one byte less against MAX_LINE)."""
        held = b""  # a CR that ended the last read: a line end of its own unless a LF comes next
        ended = False  # a CR that ended the last read was taken as a line end: a LF next is its own
        idle = self.idle_check()
        for data in self._decoded():
            if ended and data:  # (a decoded read may be empty: half a UTF-16 character)
                ended = False
                if data[:1] == b"\n":
                    data = data[1:]
            block = held + data if held else data
            held = b""
            if block[-1:] == b"\r":
                if idle is not None and idle():  # a line written, and nothing after it yet
                    ended, block = True, block[:-1] + b"\n"
                else:
                    held, block = b"\r", block[:-1]
            # Counted in C, no copy: nearly every file has no CR, or only CRLFs.
            if b"\r" in block and block.count(b"\r") != block.count(b"\r\n"):
                block = _LONE_CR.sub(b"\n", block)
            if block:
                yield block
        if held:
            yield b"\n"

    def _decoded(self) -> Iterator[bytes]:
        """The file's bytes as read, READ_BLOCK at a time, as UTF-8: a UTF-8 byte order mark dropped,
        a file that starts with a UTF-16 or UTF-32 one (Windows Notepad's "Unicode", PowerShell's
        `>`) decoded, as the YAML reader does."""
        read = self._counted_read()
        first = b""
        while len(first) < 4 and (more := read(READ_BLOCK)):
            first += more  # enough to know the byte order mark, however a pipe cuts its reads
        codec = _codec(first)
        if codec is None:
            yield first[3:] if first.startswith(codecs.BOM_UTF8) else first
            while block := read(READ_BLOCK):
                yield block
            return
        # Half a character (a stray byte) is U+FFFD: its line gets an error record, the others are read.
        decode = codecs.getincrementaldecoder(codec)("replace").decode
        block = first
        while block:
            yield decode(block).encode()
            block = read(READ_BLOCK)
        yield decode(b"", True).encode()

    def _counted_read(self) -> Callable[[int], bytes]:
        """The stream's read1 (or read), counting the bytes: a regular file that ends before the size it
        had when opened was cut short while it was read (`> hands.txt` from another program, a sheet
        saved again): a FileError, not its last line read in part and scored (`... Rd!Rd --seat
        south` cut to `... Rd!Rd`, East's), nor its later lines dropped without a word."""
        stream = self._stream
        read = stream.read1 if hasattr(stream, "read1") else stream.read
        size = self.size if self.path != "-" else None
        got = 0
        head = b""  # its first bytes as read: the same at its end, or it was saved again meanwhile

        def counted(wanted: int) -> bytes:
            nonlocal got, head
            data = read(wanted)
            if not got:  # the first bytes, before any line is read: a spreadsheet's or an archive's?
                _refuse_binary(data, self.path)
            if len(head) < _HEAD:
                head += data[: _HEAD - len(head)]
            got += len(data)
            if not data and size is not None and got < size:
                raise FileError(
                    f"{self.path}: cannot read: it was cut short while it was read ({got:,} of its {size:,}"
                    " bytes)"
                )
            if not data and size is not None and head and _start_now(stream, len(head)) not in (head, None):
                # Saved again in place, longer (`> hands.txt` from another program): read on from where
                # it was, its records are two files' spliced; a file that grew keeps its start.
                raise FileError(
                    f"{self.path}: cannot read: it was saved again while it was read (its start is not what "
                    "was read): the records are of two files spliced; score it again once it is written"
                )
            return data

        return counted

    def _yaml_entries(self) -> Iterator[Entry]:
        """Walk YAML parse events so that even a long list is read item by item (listed.py)."""
        from .listed import yaml_entries

        return yaml_entries(self._counted_read(), self._decoded, self.path, json=self.kind == "json")
