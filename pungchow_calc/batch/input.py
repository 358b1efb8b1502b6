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
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple

from .. import options as opts
from ..engine.errors import PungchowError, closest
from ..engine.situation import SITUATION_FACTS

MAX_LINE = 4096  # a real line is under 150 characters
READ_BLOCK = 1 << 15  # bytes read at a time: one read gives a worker a few hundred lines
MAX_YAML_DEPTH = 64  # an entry nests two deep; the parser slows badly on thousands of levels

# YAML option names (either spelling, `win-by` or `win_by`) -> the `pungchow score` option.
# A YAML entry names score's options by their table names (and `from` for --from).
_YAML_VALUED = {o.name: o.spellings[0] for o in opts.OPTIONS if not o.flag} | {"from": "--from"}
_YAML_FLAGS: dict[str, str] = {name: option for option, name in opts.FLAGS.items()}
# The output options, by their spelling (`json: true`, `ascii: true`): taken as a line's `--json` and
# `--ascii` are, and ignored as they are (options._OUTPUT): the batch's --format says how records are
# written (docs/batch.md).
_YAML_FLAGS |= {o.spellings[0].removeprefix("--"): o.spellings[0] for o in opts.OPTIONS if o.output}
# Options whose value is a list (the indicators, `dora: [8d, Nw]`): a YAML list is their items with
# commas between, read by the option's own reader (engine/situation.py Fact.listed).
_YAML_LISTED = frozenset(fact.field for fact in SITUATION_FACTS if fact.listed)
# Every key an entry takes, for the hint to a mistyped one (`sead:`), as a text line's `--sead` has one.
_YAML_KEYS = sorted({"hand", *_YAML_VALUED, *_YAML_FLAGS})


class Entry(NamedTuple):
    """One entry of a batch file: its line number and its arguments, or why it cannot be read.

    A named tuple, not a frozen dataclass: a worker makes one for every line it is sent, and a frozen
    dataclass is made field by field through object.__setattr__ (measured 2026-11-26: 0.9 us an entry
    against 0.35 for the tuple, whose fields read about as fast).
    """

    line: int
    argv: tuple[str, ...] = ()
    error_code: str | None = None
    error_message: str | None = None
    text: str | None = None  # a text line not yet split: split where it is scored (in a worker)


Block = tuple[int, bytes]  # whole lines of a text file: the number of the first, their bytes
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
        if len(line) >= MAX_LINE and len(line) + (number != unended) > MAX_LINE:
            yield _too_long(number, len(line) + (number != unended))
            continue
        if isinstance(line, str):
            text = line
        else:
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                yield Entry(number, error_code="bad-line", error_message="line is not UTF-8 text")
                continue
            if text[:1] == "\ufeff":
                # A byte order mark starting a later line: files joined (`cat a.txt b.txt`), each saved
                # with one (Notepad). An editor shows none, and none is read, as at the file's start.
                text = text[1:]
        stripped = text.strip()
        if stripped and stripped[0] != "#":
            yield _new(Entry, (number, (), None, None, stripped))  # the tuple made at once (Entry)


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


# How a batch file is read (`batch --input-format`, docs/batch.md); without it, by the file's name.
INPUT_FORMATS = ("text", "yaml", "json")


def input_format(path: str) -> str:
    """How a file is read when no --input-format says: a .yaml/.yml file is a YAML list, a .json file a
    JSON one; anything else, standard input included, text lines."""
    lower = path.lower()
    return "yaml" if lower.endswith((".yaml", ".yml")) else "json" if lower.endswith(".json") else "text"


# The first line of a JSON list (`[`, `[{"hand": ...`, `["1b1b1b ..."`) or a YAML one (`- hand: ...`,
# `---`): never a batch line (neither starts with a hand or an option), so standard input read as text
# whose first entry is one is refused with a hint (Source._text_entries), not an error on every line.
_JSON_START = re.compile(r"\[\s*(?:[{\[\]\"]|$)")
_YAML_START = re.compile(r"(?:-|---)(?:\s|$)|%YAML\s")


class FileError(PungchowError):
    """The batch file as a whole cannot be read (missing, not a YAML list): exit 2, no records."""

    default_code = "batch-file"


# A line of plain words and 'quoted' or "quoted" hands (nearly every line) splits the same by this
# pattern as by shlex, in a tenth of the time (a property test holds the two equal); anything else
# (backslashes, a quote inside a word) goes to shlex.
# shlex's whitespace is these four alone (a form feed is part of a word to it).
_WORD = r""""([^"\\]*)"|'([^']*)'|([^ \t\r\n"'\\]+)"""
_SIMPLE_LINE = re.compile(rf"[ \t\r\n]*(?:(?:{_WORD})(?:[ \t\r\n]+|$))*")
_SIMPLE_WORD = re.compile(_WORD)
# Printable ASCII and shlex's whitespace, without a quote, a backslash or a `#`: a line of these (an
# entry's options, after its quoted hand) is split by shlex exactly where str.split splits it.
_PLAIN_LINE = re.compile(r"[\t\n\r !$-&(-\[\]-~]*")
# A line's first word quoted, no backslash in it, then a space or the end: a hand with its options after.
_QUOTED_HEAD = re.compile(r"""[ \t\r\n]*(?:"([^"\\]*)"|'([^']*)')(?=[ \t\r\n]|$)""")
# A comment starts a word: without a `#` at the start of the line or after a space there is none
# (a kong's `#` ends its word).
_COMMENT_START = re.compile(r"(?:^|\s)#")


def strip_comment(text: str) -> str:
    """Cut a `#` comment off a line as a shell does: a `#` that starts a word, outside quotes.

    A `#` inside a word is the declared-kong marker (`RdRdRdRd#`), and an apostrophe in a comment
    (`# the loser's hand`) must not open a quotation.
    """
    quote: str | None = None
    word_start = True
    i = 0
    while i < len(text):
        ch = text[i]
        if quote == "'":
            quote = None if ch == "'" else quote
        elif quote == '"':
            if ch == "\\":
                i += 1
            elif ch == '"':
                quote = None
        elif ch == "\\":
            i += 1
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and word_start:
            return text[:i]
        word_start = quote is None and ch.isspace()
        i += 1
    return text


def split_line(text: str) -> list[str]:
    """Shell-split one text line, without its comment."""
    if _PLAIN_LINE.fullmatch(text):
        return text.split()
    head = _QUOTED_HEAD.match(text)
    if head is not None and _PLAIN_LINE.fullmatch(text, head.end()):
        double, single = head.groups()
        return [single if double is None else double, *text[head.end() :].split()]
    if "#" in text and _COMMENT_START.search(text):
        text = strip_comment(text)
    if _SIMPLE_LINE.fullmatch(text):
        # One group of the three matched, the others are "": joined, the word.
        return list(map("".join, _SIMPLE_WORD.findall(text)))
    import shlex  # here: few lines need it (start-up of a batch that has none)

    return shlex.split(text)


def word_column(text: str, index: int) -> int | None:
    """The 1-based column where word `index` of a line (split_line's words) starts, for an error that
    names a word (options.StrayWord); None past the last. Found by shlex, the splitter split_line
    matches: each word it reads ends on the blank after it, and the next starts at the next non-blank."""
    import shlex

    stream = io.StringIO(text)
    lexer = shlex.shlex(stream, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""  # a comment follows the words, as split_line reads them
    at = 0
    for _ in range(index):
        if lexer.get_token() is None:
            return None
        at = stream.tell()
    while at < len(text) and text[at] in lexer.whitespace:
        at += 1
    return at + 1 if at < len(text) else None


def quoted_word(text: str) -> Callable[[int], bool]:
    """Whether word `index` of a line (split_line's words) is written in quotes, starting with ' or "
    (options._unquoted_hand: a quoted first word is the whole hand)."""
    if "'" not in text and '"' not in text:
        return _unquoted

    def quoted(index: int) -> bool:
        column = word_column(text, index)
        return column is not None and text[column - 1] in "'\""

    return quoted


def _first(entry: Entry) -> None:
    """Refuse standard input, read as text, whose first entry starts a JSON or YAML list: each of its
    lines would be an error record; which it is meant to be is said, not guessed (--input-format)."""
    text = entry.text or ""
    for kind, start in (("json", _JSON_START), ("yaml", _YAML_START)):
        if start.match(text):
            raise FileError(
                f"line {entry.line}: standard input is read as text lines, and this one starts a"
                f" {kind.upper()} list: give --input-format {kind} (or --input-format text)"
            )


def _unquoted(index: int) -> bool:
    """quoted_word's answer for a line with no quote in it: no word is quoted."""
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
        count = 0
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
                mark = "{" if self.kind == "json" else "\n-"  # JSON has no `-` items
                ends = ("\n", "\r", "\r\n", mark)
                lf, cr, crlf, item = ends if codec else tuple(end.encode() for end in ends)
                for block in blocks:
                    # A YAML item's "\n-", a CRLF, may straddle two blocks: the last character read first.
                    if self.is_yaml:
                        count += (last + block).count(item) - last.count(item)  # a `{` in last: counted
                    else:  # a line ends with LF, CRLF or a lone CR, as the reader reads it (_reads)
                        count += block.count(lf) + block.count(cr) - (last + block).count(crlf)
                    last = block[-1:] or last
        except OSError:
            return None
        if not self.is_yaml and last not in (lf, cr):
            count += 1  # a last line with no end
        return count

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
                    yield _too_long(number, skipped + end + 1)
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
        stream = self._stream
        read = stream.read1 if hasattr(stream, "read1") else stream.read
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

    def _yaml_entries(self) -> Iterator[Entry]:
        """Walk YAML parse events so that even a long list is read item by item."""
        import yaml

        from ..ruleset_yaml import nested_too_deep

        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        # A JSON file: read as YAML once what YAML reads otherwise is mended (json_normalised), from
        # UTF-8 (a JSON file in UTF-16 or UTF-32, with its byte order mark, decoded first).
        json = self.kind == "json"
        stream = (
            _Blocks(json_normalised(self._decoded()), self.path)
            if json
            else _Reading(self._stream, self.path)
        )
        events = yaml.parse(stream, Loader=loader)
        try:
            yield from _yaml_items(events, json)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
            problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            if nested_too_deep(exc):  # the parser's own limit, met before ours (_skip)
                problem = f"nested more than {MAX_YAML_DEPTH} deep"
            line = mark.line + 1 if mark is not None else 1
            # The rest of the file cannot be read; say so once, at the line where it broke.
            # A JSON file's is said to be JSON, which its writer knows it for (the code is the same).
            said = "JSON" if json else "YAML"
            yield Entry(line, error_code="bad-yaml", error_message=f"not valid {said}: {problem}")


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
    rb"""(?P<string>"(?:[^"\\]|\\.)*"(?P<key>[ \t\r\n]*:)?)"""
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


def json_normalised(blocks: Iterable[bytes]) -> Iterator[bytes]:
    """A JSON document's UTF-8 bytes, read a block at a time, as YAML reads them as JSON reads them
    (_JSON_PIECE); what is not valid JSON is left as it is, for the YAML reader to refuse."""
    held = b""  # a string or number a block ended in the middle of (or might have)
    for block in itertools.chain(blocks, (None,)):
        if block is not None:
            if held and b'"' not in block and held[:1] == b'"':
                held += block  # a long string still not ended: looked at again once a quote comes
                continue
            data = held + block
        else:
            data = held
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
        held = data[at:]
        if out:
            yield b"".join(out)
    if held:
        yield held


class _Blocks(io.RawIOBase):
    """Blocks of bytes as a stream, for the YAML reader; a read error under it is a FileError."""

    def __init__(self, blocks: Iterator[bytes], path: str) -> None:
        self._blocks = blocks
        self._path = path
        self._left = b""

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
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


class _Reading(io.RawIOBase):
    """Wraps a byte stream so that a read error under the YAML parser is a FileError."""

    def __init__(self, stream: IO[bytes], path: str) -> None:
        self._stream = stream
        self._path = path

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        try:
            data = self._stream.read(size)
        except OSError as exc:
            raise FileError(f"{self._path}: cannot read: {exc.strerror or exc}") from None
        return data


def _yaml_items(events: Iterator[Any], json: bool = False) -> Iterator[Entry]:
    """The entries of a YAML (or JSON: `json`) list, from its parse events."""
    import yaml

    ev = yaml.events
    depth_started = False
    events = _Lookahead(events)
    for event in events:
        if isinstance(event, ev.StreamStartEvent | ev.DocumentStartEvent):
            continue
        if isinstance(event, ev.StreamEndEvent | ev.DocumentEndEvent):
            continue
        if not depth_started:
            if isinstance(event, ev.SequenceStartEvent):
                depth_started = True
                continue
            if isinstance(event, ev.ScalarEvent) and event.value == "" and event.implicit[0]:
                return  # an empty file: no entries
            raise FileError(
                'a JSON batch file is a list of mappings ([{"hand": ...}])'
                if json
                else "a YAML batch file is a list of mappings (- hand: ...)"
            )
        if isinstance(event, ev.SequenceEndEvent):
            depth_started = False
            continue
        line = event.start_mark.line + 1
        if isinstance(event, ev.ScalarEvent):
            value = _scalar_value(event)
            if isinstance(value, str):
                try:
                    argv = split_line(value)
                except ValueError as exc:
                    yield Entry(line, error_code="bad-line", error_message=f"cannot split entry: {exc}")
                else:
                    # Kept as its text too, split again where it is scored, as a text line is: a word
                    # besides the hand is named with its column in the item (word_column), and a
                    # quoted first word is known (quoted_word).
                    entry = Entry(line, tuple(argv), text=value) if argv else Entry(line)
                    events.after(event)  # its line read to its end first
                    yield entry
            else:
                yield Entry(line, error_code="bad-entry", error_message="an entry is a mapping (hand: ...)")
            continue
        if isinstance(event, ev.MappingStartEvent):
            yield _yaml_mapping(events, line)
            continue
        _skip(events, event)
        yield Entry(line, error_code="bad-entry", error_message="an entry is a mapping (hand: ...)")


class _Lookahead:
    """Parse events, the next one parsed before a string item is given (after): the parser gives
    `- "HAND" -s south` (a text line pasted as an item, YAML only up to its closing quote) the item
    "HAND" before it finds the words after it invalid; scored, it would be scored without its
    options, on a guess, and its line given a second record, the break's (docs/batch.md)."""

    _NONE: Any = object()

    def __init__(self, events: Iterator[Any]) -> None:
        self._events = events
        self._held: Any = self._NONE

    def __iter__(self) -> _Lookahead:
        return self

    def __next__(self) -> Any:
        if self._held is self._NONE:
            return next(self._events)
        event, self._held = self._held, self._NONE
        if event is self._NONE:
            raise StopIteration
        return event

    def after(self, item: Any) -> None:
        """Parse the event after a string item now; a break in the YAML on the item's own last line is
        raised (its bad-yaml record is the item's one record), a break on a later line is not yet."""
        import yaml

        try:
            self._held = next(self._events, self._NONE)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
            if mark is not None and mark.line == item.end_mark.line:
                raise
            self._events = self._raising(exc)
        except FileError as exc:  # a read error after the item: it was read whole, and still stands
            self._events = self._raising(exc)

    @staticmethod
    def _raising(error: Exception) -> Iterator[Any]:
        """A break found by after(), raised when the next event is wanted."""
        raise error
        yield  # a generator


_CONSTRUCT: list[Any] = []
_INT = "tag:yaml.org,2002:int"


class _YamlNumber(str):
    """The text of a number YAML 1.1 reads in its own way (0300 octal, 1:40, 1_000): _scalar_value."""


_PLAIN_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")  # a whole number as every reader of a number reads it


def _scalar_value(event: Any) -> Any:
    """A scalar event's value as safe_load would give it (bools, numbers, null, text)."""
    import yaml

    if not _CONSTRUCT:
        _CONSTRUCT.extend((yaml.resolver.Resolver(), yaml.constructor.SafeConstructor()))
    resolver, constructor = _CONSTRUCT
    tag = (
        event.tag
        if event.tag not in (None, "!")
        else resolver.resolve(yaml.ScalarNode, event.value, event.implicit)
    )
    if tag == _INT and event.implicit[0] and not _PLAIN_INT.fullmatch(event.value):
        # YAML 1.1 reads 0300 as octal 192, 1:40 as 100, 1_000 and 0x3e8 as 1000: numbers no batch line or
        # option reads so (`--limit 0300` is 300). Kept as the text written, for the option's reader.
        return _YamlNumber(event.value)
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    try:
        return constructor.construct_object(node)
    except yaml.YAMLError:
        return _Nested  # an unknown tag: not an option value
    except (ValueError, OverflowError):
        return event.value  # a 5,000-digit number, a date of month 13: kept as the text written


def _skip(events: Iterator[Any], start: Any) -> None:
    """Consume a nested collection whose start event was `start`."""
    import yaml

    ev = yaml.events
    if not isinstance(start, ev.CollectionStartEvent):
        return
    depth = 1
    for event in events:
        if isinstance(event, ev.CollectionStartEvent):
            depth += 1
            if depth > MAX_YAML_DEPTH:  # stop before the parser crawls through thousands of levels
                problem = f"nested more than {MAX_YAML_DEPTH} deep"
                raise yaml.MarkedYAMLError(problem=problem, problem_mark=event.start_mark)  # type: ignore[arg-type]  # the C parser's Mark
        elif isinstance(event, ev.CollectionEndEvent):
            depth -= 1
            if depth == 0:
                return


def _yaml_mapping(events: Iterator[Any], line: int) -> Entry:
    import yaml

    ev = yaml.events
    pairs: list[tuple[Any, Any]] = []
    key: Any = None
    want_key = True
    for event in events:
        if isinstance(event, ev.MappingEndEvent):
            break
        if isinstance(event, ev.SequenceStartEvent) and not want_key and _listed(key):
            value: Any = _yaml_list(events)
        elif isinstance(event, ev.CollectionStartEvent):
            _skip(events, event)
            value = _Nested
        elif isinstance(event, ev.ScalarEvent):
            value = _scalar_value(event)
            if value is None and not event.value and event.implicit[0] and not want_key and _blank(key):
                value = _Blank
        else:  # an alias
            value = _Alias(event.anchor)
        if want_key:
            key = value
        else:
            pairs.append((key, value))
        want_key = not want_key
    try:
        return Entry(line, tuple(mapping_argv(pairs)))
    except ValueError as exc:
        return Entry(line, error_code="bad-entry", error_message=str(exc))


class _Nested:
    """Marks a value that is a list or mapping where an option value was expected."""


class _Alias:
    """Marks a YAML alias (`seat: *s`) where an option value was expected, with its anchor's name. Not
    read (mapping_argv); it was refused as "not a list or mapping", which it need not be. Not text: an
    alias as a key (`*seat: south`) is no option name."""

    def __init__(self, anchor: str) -> None:
        self.anchor = anchor


class _Blank:
    """Marks `limit:` left empty: YAML reads it as null, which a limit takes as no limit (`limit: null`),
    so a value not yet filled in would lift the limit; refused (mapping_argv), money moved on no guess."""


def _blank(key: Any) -> bool:
    """Whether an entry's key is one whose empty value is refused, not read as null (_Blank)."""
    return isinstance(key, str) and key.strip().lower() == "limit"


def _listed(key: Any) -> bool:
    """Whether an entry's key names an option whose value is a list (_YAML_LISTED)."""
    return isinstance(key, str) and key.strip().lower().replace("-", "_") in _YAML_LISTED


def _yaml_list(events: Iterator[Any]) -> tuple[Any, ...] | type[_Nested]:
    """The items of a list (its start event consumed), or _Nested when one is a list, mapping or alias."""
    import yaml

    ev = yaml.events
    items: list[Any] = []
    nested = False
    for event in events:
        if isinstance(event, ev.SequenceEndEvent):
            break
        if isinstance(event, ev.ScalarEvent):
            items.append(_scalar_value(event))
        else:
            _skip(events, event)  # a nested list or mapping (an alias has nothing to skip)
            nested = True
    return _Nested if nested else tuple(items)


def mapping_argv(pairs: list[tuple[Any, Any]]) -> list[str]:
    """Turn a YAML entry's option names and values into `pungchow score` arguments."""
    argv: list[str] = []
    hand: str | None = None
    given: dict[str, str] = {}  # each option given, by what it sets: the key that gave it
    for key, value in pairs:
        if not isinstance(key, str):
            shown = (
                "a list or mapping"
                if key is _Nested
                else f"*{key.anchor}, a YAML alias"
                if isinstance(key, _Alias)
                else repr(key)[:40]
            )
            raise ValueError(f"option names are text, got {shown}")
        name = key.strip().lower().replace("-", "_")
        # YAML keeps the last of a key written twice: the entry would be scored on a guess (seat:
        # south, then seat: north); so are two spellings of one option (win-by and win_by, from and
        # discarder).
        option = _YAML_FLAGS.get(name) or _YAML_VALUED.get(name) or name
        if option in given:
            first = given[option]
            twice = "given twice" if first == key else f"given twice (also as {first})"
            raise ValueError(f"{key}: {twice} in this entry")
        given[option] = key
        if isinstance(value, _Alias):
            raise ValueError(
                f"{key}: *{value.anchor} is a YAML alias, which a batch entry does not read: write the value"
            )
        if value is _Nested:
            if name == "hand":
                raise ValueError("hand: write the hand as one line of text")
            if name in _YAML_LISTED:
                raise ValueError(
                    f"{key}: expects tiles, as text or a list (e.g. [4c, Nw]), not a mapping or a nested list"
                )
            raise ValueError(f"{key}: expects a single value, not a list or mapping")
        if name == "hand":
            if not isinstance(value, str):
                raise ValueError(f"hand: expects text, got {value!r}")
            hand = value
        elif name in _YAML_FLAGS:
            if not isinstance(value, bool):
                raise ValueError(f"{key}: expects true or false, got {value!r}")
            if value:
                argv.append(_YAML_FLAGS[name])
        elif name == "limit":
            if value is _Blank:
                raise ValueError("limit: is empty: give a whole number, or null for no limit")
            if value is None:
                argv.append("--no-limit")
            elif isinstance(value, _YamlNumber):
                raise ValueError(
                    f"limit: {value} is a number YAML reads in its own way (0300 as octal 192, 1:40 as 100):"
                    " write the digits alone, with no leading 0"
                )
            elif isinstance(value, bool) or not isinstance(value, int) or value.bit_length() > 63:
                big = isinstance(value, int) and value.bit_length() > 63  # repr() refuses 4,300 digits
                shown = "a number too large" if big else repr(value)[:40]
                raise ValueError(f"limit: expects a whole number (or null for no limit), got {shown}")
            else:
                argv += ["--limit", str(value)]
        elif name in _YAML_VALUED:
            if value is None or isinstance(value, bool):
                raise ValueError(f"{key}: expects a value, got {value!r}")
            if isinstance(value, tuple):  # a list, of an option that takes one (_YAML_LISTED)
                wrong = next((item for item in value if not isinstance(item, str)), None)
                if wrong is not None:
                    raise ValueError(f"{key}: expects tiles, e.g. [4c, Nw], got {wrong!r}"[:120])
                value = ",".join(value)
            argv += [_YAML_VALUED[name], str(value)]
        else:
            # Named as the entry spells its keys: `last-tiel` is `last-tile`, `last_tiel` `last_tile`.
            dashed = "-" in key
            keys = [k.replace("_", "-") for k in _YAML_KEYS] if dashed else _YAML_KEYS
            hint = closest(name.replace("_", "-") if dashed else name, keys) or opts.riichi_win_hint(key)
            raise ValueError(f"unknown option {key!r}{hint}")
    if hand is None:
        raise ValueError("no hand given (hand: ...)")
    return [hand, *argv]
