"""A batch file's bytes as the YAML parser reads them (listed.py): a JSON document mended where YAML
reads it otherwise, UTF-8 checked up to its first bad byte, and a read error under the parser made a
FileError (docs/batch.md)."""

from __future__ import annotations

import codecs
import io
import itertools
import re
import sys
from collections.abc import Callable, Iterable, Iterator

from ..engine.errors import not_utf8
from .entry import FileError

__all__ = ["Blocks", "Reading", "Utf8", "json_normalised"]


# What a JSON document holds that YAML 1.1 reads otherwise (docs/batch.md), mended before the YAML reader
# reads it, in place, on the line where it stands (a record's line number stays the item's line):
# - a string: \ud83c\udc04, a surrogate pair (one character, 🀄), is an error to YAML, and so is a
#   lone surrogate, which is no character: the pair is written as \U0001f004, a lone one as U+FFFD
#   (as a broken character of a UTF-16 file is, _decoded); a character YAML does not print (DEL, the
#   C1 controls, U+FFFE) is an error to it, and a NEL, U+2028 or U+2029 a line break, folded to a
#   space: each is written as its escape;
# - a key over 1024 characters is past YAML's longest implicit key, an error: written as an explicit
#   key (`? "..." :`);
# - a number with an exponent and no `.`, or none of the sign YAML 1.1 wants after the e (`1e3`), is
#   text to YAML: tagged a float (`!!float 1e3`), as JSON reads it.
_JSON_PIECE = re.compile(
    # A string's characters as runs (`[^"\\]*`), not one alternative each: the regular expression engine
    # kept a mark for every character of `(?:[^"\\]|\\.)*`, a 20 MB string taking 2.7 GB and 6 s.
    rb"""(?P<string>"[^"\\]*(?:\\.[^"\\]*)*"(?P<key>[ \t\r\n]*:)?)"""
    rb"|(?P<number>[-+.0-9eE]+)|[^\"\-+.0-9eE]+|(?P<open>\")",  # a number, or the e of `true`
    re.S,
)
_JSON_EXPONENT = re.compile(rb"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?[eE][-+]?[0-9]+")
_JSON_ODD = re.compile(
    rb"\\(?:\\|u[dD][89abAB][0-9a-fA-F]{2}(?:\\u[dD][c-fC-F][0-9a-fA-F]{2})?|u[dD][c-fC-F][0-9a-fA-F]{2})"
    rb"|\x7f|\xc2[\x80-\x9f]|\xef\xbf[\xbe\xbf]|\xe2\x80[\xa8\xa9]"
)
_LONGEST_KEY = 1000  # YAML's implicit key is at most 1024 characters, quotes included (bytes: more)


def _json_odd(match: re.Match[bytes]) -> bytes:
    """The YAML escape of what a JSON string holds that YAML reads otherwise (_JSON_PIECE)."""
    odd = match[0]
    if odd[:1] != b"\\":  # a raw character YAML does not print, or takes for a line break
        return b"\\u%04x" % ord(odd.decode())
    if len(odd) == 12:  # a surrogate pair
        high, low = int(odd[2:6], 16), int(odd[8:12], 16)
        return b"\\U%08x" % (0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    return b"\\ufffd" if len(odd) == 6 else odd  # a lone surrogate; an escaped backslash, kept


def json_normalised(blocks: Iterable[bytes], mended: set[int] | None = None) -> Iterator[bytes]:
    """A JSON document's UTF-8 bytes, read a block at a time, as YAML reads them as JSON reads them
    (_JSON_PIECE); what is not valid JSON is left as it is, for the YAML reader to refuse. `mended`, when
    given, gets the lines (from 0) where something was written otherwise, whose columns may have moved."""
    held = b""  # a string or number a block ended in the middle of (or might have)
    more: list[bytes] = []  # blocks of a long string still not ended, after `held`: joined once
    lines = 0  # the line ends before `data`, counted only when something is mended (rare)
    for block in itertools.chain(blocks, (None,)):
        if block is not None:
            if held and b'"' not in block and held[:1] == b'"':
                more.append(block)  # looked at again once a quote comes (not added up: quadratic)
                continue
            data = b"".join((held, *more, block))
        else:
            data = b"".join((held, *more))
        more.clear()
        out = []
        at = 0
        for piece in _JSON_PIECE.finditer(data):
            if block is not None and (piece["open"] or (piece.end() == len(data) and piece.lastgroup)):
                break  # a string or a number that may go on in the next block
            at = piece.end()
            if piece["number"] and _JSON_EXPONENT.fullmatch(piece[0]):
                out.append(b"!!float " + piece[0])
            elif piece["string"]:
                text = piece["string"]
                if _JSON_ODD.search(text):
                    text = _JSON_ODD.sub(_json_odd, text)
                if piece["key"] and len(text) > _LONGEST_KEY:
                    text = b"? " + text
                out.append(text)
            else:
                out.append(piece[0])
                continue
            if mended is not None and out[-1] != piece[0]:
                first = lines + data.count(b"\n", 0, piece.start())
                mended.update(range(first, first + piece[0].count(b"\n") + 1))
        if mended is not None:
            lines += data.count(b"\n", 0, at)
        held = data[at:]
        if out:
            yield b"".join(out)
    if held:
        yield held


class Blocks(io.RawIOBase):
    """Blocks of bytes as a stream, for the YAML reader; a read error under it is a FileError."""

    def __init__(self, blocks: Iterator[bytes], path: str) -> None:
        self._blocks = blocks
        self._path = path
        self._left = b""

    def readable(self) -> bool:
        """A stream the parser reads."""
        return True

    def read(self, size: int = -1) -> bytes:
        """The next bytes of the blocks, at most `size` (all that is held when negative)."""
        try:
            while not self._left:
                block = next(self._blocks, None)
                if block is None:
                    return b""
                self._left = block
        except OSError as exc:
            raise FileError(f"{self._path}: cannot read: {exc.strerror or exc}") from None
        if size < 0 or size >= len(self._left):
            data, self._left = self._left, b""
        else:
            data, self._left = self._left[:size], self._left[size:]
        return data


_CONTINUATION = bytes(range(0x80, 0xC0))  # a UTF-8 character's bytes after its first
_WIDE_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_BE)  # (UTF-32 LE's starts as LE)


# What YAML's reader refuses anywhere in a file (YAML 1.1's printable characters; PyYAML's reader and
# libyaml's check the same): the C0 controls but tab and line ends, DEL, the C1 controls but NEL, U+FFFE
# and U+FFFF.
_UNPRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


class Utf8(io.RawIOBase):
    """A YAML or JSON file's bytes for the parser, up to the first that is not UTF-8 (a file saved as
    Latin-1 or Windows-1252, `# Zo\xeb`) or is a character YAML refuses (a NUL): the parser, which
    decodes and checks each read whole, refused the read it stood in at line 1, the items before it
    unscored; they are read, and the next read is the error, at the byte's line and column (a bad-yaml
    record: `yaml_entries`). A file that starts with a UTF-16 or UTF-32 byte order mark is the parser's
    to decode."""

    def __init__(self, reader: io.RawIOBase, path: str) -> None:
        self._reader = reader
        self._path = path
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._head = b""  # the file's first bytes: a byte order mark of UTF-16 or UTF-32?
        self._passed_on = 0  # bytes checked and passed on
        self._lines = 0  # the line ends passed on
        self._column = 0  # the characters passed on since the last line end
        self._ended = False  # the reader has given its last bytes (an empty read)
        self._error: Exception | None = None  # the byte not UTF-8, raised at the next read
        self._unchecked = False  # UTF-16 or UTF-32: passed on as read
        self._unpassed = b""  # the bytes of the read the error stopped, from the refused one on

    def readable(self) -> bool:
        """A stream the parser reads."""
        return True

    def read(self, size: int = -1) -> bytes:
        """The next bytes read, up to the first that is not UTF-8 or is a character YAML refuses (its error
        raised at the next read)."""
        if self._error is not None:
            raise self._error
        data: bytes = self._reader.read(size)
        self._ended = self._ended or not data
        if self._unchecked:
            return data
        pending = self._decoder.getstate()[0]  # the start of a character the last read cut
        held = len(pending)
        self._head = (self._head + data)[:4] if len(self._head) < 4 else self._head
        bad_byte = -1  # where the first byte not UTF-8 stands in pending + data
        try:
            text = self._decoder.decode(data, not data)
        except UnicodeDecodeError as exc:
            if self._passed_on == 0 and any(bom.startswith(self._head[:2]) for bom in _WIDE_BOMS):
                self._unchecked = True  # (its first bytes are none of UTF-8's: the error is at once)
                return data
            bad_byte = exc.start
            text = (pending + data)[:bad_byte].decode("utf-8")
        # The reader checks each read whole, so a character it refuses (a NUL, a BEL) refused the read it
        # stood in, at line 1, the items before it unscored, as a byte not UTF-8 did: stopped at it too.
        refused = _UNPRINTABLE.search(text)
        if refused is not None:
            good = max(0, len(text[: refused.start()].encode("utf-8")) - held)
            self._passed(data[:good])
            code = ord(refused.group())
            what = " (a control character)" if code < 0x20 or 0x7F <= code <= 0x9F else ""
            return self._stop(data, good, f"U+{code:04X}{what} at column {self._column + 1}: remove it")
        if bad_byte >= 0:
            good = max(0, bad_byte - held)
            self._passed(data[:good])
            return self._stop(data, good, not_utf8((pending + data)[bad_byte], self._column + 1))
        self._passed(data)
        return data

    def _stop(self, data: bytes, good: int, problem: str) -> bytes:
        """The bytes before the first refused (`good` of `data`), its error raised at the next read, or now
        when there are none (a bad-yaml record at its line: `yaml_entries`)."""
        import yaml

        mark = yaml.Mark(self._path, 0, self._lines, self._column, None, 0)
        self._error = yaml.MarkedYAMLError(problem=problem, problem_mark=mark)
        self._unpassed = data[good:]  # read and never passed on: counted by lines_to_end
        if not good:
            raise self._error from None
        return data[:good]

    def last_line(self) -> int:
        """The number of the file's last line (from 1), once the parser has read to its end: a mark past
        it (the parser's end of the stream, after a last line end or none) is said at it, a line the file
        has. Before the end, or for UTF-16 passed on uncounted, no line is past it (sys.maxsize)."""
        if not self._ended or self._unchecked:
            return sys.maxsize
        return max(1, self._lines + (1 if self._column else 0))

    def lines_to_end(self) -> int | None:
        """The number of the file's last line, reading on to its end past where the parser stopped (a
        break: what is after it is never parsed, and the record says how far the file went on), or None
        where it cannot be counted (UTF-16 passed on, a read error)."""
        if self._unchecked:
            return None
        lines, column = self._lines, self._column
        try:
            for data in itertools.chain((self._unpassed,), iter(lambda: self._reader.read(1 << 16), b"")):
                end = data.rfind(b"\n")
                lines += data.count(b"\n")
                column = len(data) - end - 1 if end >= 0 else column + len(data)
        except (FileError, OSError):
            return None
        return max(1, lines + (1 if column else 0))

    def _passed(self, data: bytes) -> None:
        """Count the lines and the last line's characters of bytes given to the parser."""
        self._passed_on += len(data)
        end = data.rfind(b"\n")
        if end >= 0:
            self._lines += data.count(b"\n")
            self._column = 0
        tail = data[end + 1 :]
        self._column += len(tail.translate(None, _CONTINUATION))  # a character's first bytes


class Reading(io.RawIOBase):
    """Wraps a byte stream's reads so that a read error under the YAML parser is a FileError."""

    def __init__(self, read: Callable[[int], bytes], path: str) -> None:
        """`read`: the stream's read1 (Source._counted_read), what has come, not a whole `size`: a
        buffered pipe's read(size) waits for `size` bytes, so a live feed's items (a script writing one
        at a time) waited for 64 kB more, or the end."""
        self._path = path
        self._read = read

    def readable(self) -> bool:
        """A stream the parser reads."""
        return True

    def read(self, size: int = -1) -> bytes:
        """What the stream has come with, at most `size` bytes."""
        try:
            data = self._read(size)
        except OSError as exc:
            raise FileError(f"{self._path}: cannot read: {exc.strerror or exc}") from None
        return data
