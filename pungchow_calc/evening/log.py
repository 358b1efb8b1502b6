"""The evening's record: one append-only JSON Lines file, one event a line (docs/evening.md).

Writing: each event is one line, written with a single `os.write` on an `O_APPEND` descriptor under an
exclusive `flock`, then fsynced before success is reported; nothing is ever rewritten. A new log is
written beside its name and linked into place whole (create). Reading: a torn
last line (a crash mid-write) is reported and skipped; a damaged line anywhere else is an error naming
the line; a line from a newer log format is refused rather than misread. Each event carries `sum`, a
checksum of its content, so a change that leaves valid JSON is found too, and `prev`, the checksum of the
event before it, so a line deleted, repeated or moved is found; `repair` records, by a new
event, that a changed line is accepted as it now reads (docs/evening.md, "Damage and repair").
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # no stub: the builtin under signal (no enum build)
import codecs
import errno
import fcntl
import hashlib
import json
import os
import re
import shlex
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from .. import note_written
from ..engine.errors import PungchowError

FORMAT = 1  # the log format this program writes and reads (the `v` of every event)
EVENTS = ("start", "hand", "draw", "wash", "penalty", "undo", "amend", "repair")
SUM = "sum"  # the key of an event's checksum, always the last key of a line
PREV = "prev"  # the key of the checksum of the event written before it: a line deleted, repeated or moved
ID = "id"  # the key of the evening's id in its start line, written with `sum` (evening/record.py `new`)
BOM = b"\xef\xbb\xbf"  # UTF-8's byte order mark
_BEGINS = f'{{"v": {FORMAT}, "event": "'.encode()  # how every line `encode` writes begins, torn or not
_SUM_AT = re.compile(rb'"sum": "')  # where a checksum's value may begin (a quote in a name is escaped)
_SUM_VALUE = re.compile(rb'[0-9a-f]{0,16}("|$)')  # ... and what follows it in a line `encode` writes
_STARTS = _BEGINS + b'start", '  # how every line `evening new` writes begins (encode)
LOCK_WAIT = 3.0  # seconds a writer waits for another to finish before giving up
_POLL = 0.05


class EveningError(PungchowError):
    """An evening log cannot be read or written as asked."""

    default_code = "evening"

    def __init__(self, message: str, *, code: str | None = None, line: int | None = None) -> None:
        super().__init__(message, code=code)
        self.line = line  # set when accepting this line as it now reads (`evening repair`) would mend it


@dataclass(frozen=True, slots=True)
class Line:
    """One event of the log and the line it was read from (1-based)."""

    number: int
    event: dict[str, Any]
    accepted: bool = False  # changed after it was written, and accepted as it reads by a repair event


@dataclass(frozen=True, slots=True)
class Log:
    """A log as read: its events, and a one-line note when a torn line was skipped."""

    path: str
    lines: tuple[Line, ...]
    notes: tuple[str, ...] = ()
    torn: tuple[int, ...] = ()  # the lines at the end that are torn writes, which the next event skips
    ends_line: bool = True  # the file ends with a newline (else the next event starts with one)


def content_sum(event: Mapping[str, Any]) -> str:
    """An event's checksum: sha256 of its canonical JSON (keys sorted, no spaces, without `sum`), 16 hex."""
    content = {k: v for k, v in event.items() if k != SUM}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def line_sum(text: bytes) -> str:
    """The checksum of a line's bytes as they stand (what a repair event accepts)."""
    return hashlib.sha256(text).hexdigest()[:16]


def seal(event: Mapping[str, Any]) -> dict[str, Any]:
    """The event with its checksum last (a new `sum`, whatever the event held)."""
    content = {k: v for k, v in event.items() if k != SUM}
    return {**content, SUM: content_sum(content)}


def encode(event: dict[str, Any]) -> bytes:
    """One event, sealed, as one line of UTF-8 JSON (JSON escapes any newline inside a string)."""
    return (json.dumps(seal(event), ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")


def _link(event: Mapping[str, Any]) -> str | None:
    """What the next event's `prev` names this event by: its recorded checksum (None: it has none)."""
    given = event.get(SUM)
    return given if isinstance(given, str) else None


def _check_version(path: str, number: int, event: dict[str, Any]) -> None:
    given, kind = event.get("v"), event.get("event")
    version = given if isinstance(given, int) and not isinstance(given, bool) and given >= 1 else None
    if version is None and number == 1 and kind != "start":  # JSON of another program: never an evening
        raise _not_an_evening(path)
    if version is not None and version <= FORMAT and kind in EVENTS:
        return
    sealed = event.get(SUM)
    if (version or 0) <= FORMAT and isinstance(sealed, str) and sealed != content_sum(event):
        # Sealed under format 1 and changed since (a typo typed into `event` or `v`): a newer pungchow's
        # event of format 1 matches its checksum, so "upgrade" would send the reader the wrong way. (A
        # higher `v` may seal otherwise: that one is taken at its word, below.)
        what = f"its log format version (v) {given!r}" if version is None else f"an event {kind!r}"
        raise EveningError(
            f"{path} line {number}: changed since it was written (its checksum does not match), and it "
            f"now holds {what}, which no pungchow writes: put the line back as it was from a copy",
            code="evening-changed",
        )
    if version is None:
        raise EveningError(f"{path} line {number}: no log format version (v)", code="evening-damaged")
    what = f"log format {version}" if version > FORMAT else f"an event {kind!r}"
    raise EveningError(
        f"{path} line {number}: {what} written by a newer pungchow (this one reads log format "
        f"{FORMAT}); upgrade pungchow to read this evening",
        code="evening-newer",
    )


def _decode(text: bytes) -> dict[str, Any] | None:
    """A line's event, or None when it is not a JSON object."""
    try:
        event = json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError):  # RecursionError: brackets nested deeper than json reads
        return None
    if not isinstance(event, dict):
        return None
    if b"\\ud" in text.lower():  # an escaped surrogate: a lone one (`"\\udcff"`) has no UTF-8 to sum
        try:
            json.dumps(event, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            return None
    return event


def _could_be_torn(text: bytes) -> bool:
    """Whether a line that is not JSON could be a write cut off: the beginning of a line `encode` writes,
    so it begins as every event does and some ending makes it whole JSON (a line that stops just after
    a `}` outside a string, such as an amendment cut just after its record's own `sum`, included). A
    line written whole and changed after (a byte of its `sum` or its last `}` flipped, a `:` changed)
    has no such ending: damage, never skipped as torn."""
    if not text.strip():
        return True  # a blank line (an editor's, CRLF or spaces): skipped as one, losing nothing (_skipped)
    if not text.strip(b"\0"):
        return True  # NUL bytes alone: the file grew for a line none of whose bytes reached the disk
    if not _BEGINS.startswith(text[: len(_BEGINS)]):
        return False
    # NUL bytes after it: a crash where the file grew before its data reached the disk. A write cut
    # inside a character leaves its first bytes, which wait for the rest in the decoder. Only JSON's
    # whitespace (and an editor's CR) ends it: a whole line whose newline had a bit flipped (\x0b,
    # whitespace to bytes.rstrip, never written by `encode`) is damage, not a torn write skipped for good.
    body = text.rstrip(b"\0").rstrip(b" \t\r")
    try:
        head = codecs.getincrementaldecoder("utf-8")().decode(body).encode("utf-8")
    except UnicodeDecodeError:
        return False
    for at in _SUM_AT.finditer(head):  # the event's own `sum` (a player may be named "sum" in its hands)
        if _closers(head[: at.start()]) == b"}" and not _SUM_VALUE.match(head, at.end()):
            return False  # a checksum is 16 hex digits (content_sum): written whole, then changed
    if _closers(head) == b"":  # whole already, yet no event (_decode: a lone surrogate): changed, not cut off
        return False
    inside = _closers(head) == b'"'
    for middle in _STRING_ENDS if inside else _VALUE_ENDS:
        closers = _closers(head + middle)
        if closers is None or closers == b'"':
            continue
        try:
            json.loads(head + middle + closers)
        except (ValueError, RecursionError):  # nested deeper than json reads: no line `encode` writes
            continue
        return True
    return False


# What may follow where a write stopped, up to the brackets it leaves open (_closers): inside a string
# (after a `\`, inside a `\u` escape), and elsewhere (after a key, a `:`, a `,`, inside a number or a
# true, false or null). A torn write is a prefix of a line `encode` writes, so one of them ends it.
_STRING_ENDS = tuple(
    end + key for end in (b'"', b'n"', b'0000"', b'000"', b'00"', b'0"') for key in (b"", b": 0")
)
_VALUE_ENDS = (b"", b"0", b": 0", b'"k": 0', b"rue", b"ue", b"e", b"alse", b"lse", b"se", b"ull", b"ll", b"l")


def _closers(text: bytes) -> bytes | None:
    """What closes the objects and arrays a JSON text leaves open (b"" when none; None when it closes
    one it never opened, or is spaced as `encode` never spaces; b'"' when it stops inside a string)."""
    open_: list[int] = []
    in_string = escaped = False
    before = 0  # the byte before this one outside strings
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte in b" \t\r\n":
            # `encode` writes one space after a `,` or `:` and no other: a `}` of a whole line changed to
            # a space or CR (the `played` seats left open, so `prev` and `sum` fall inside them) reads as
            # JSON once closed, but is no beginning of a line it wrote.
            if byte != 0x20 or before not in b",:":
                return None
        elif byte == 0x22:
            in_string = True
        elif byte in b"{[":
            open_.append(byte)
        elif byte in b"}]":
            if not open_:
                return None
            open_.pop()
        if not in_string or byte == 0x22:
            before = byte
    if in_string:
        return b'"'
    return bytes(0x7D if byte == 0x7B else 0x5D for byte in reversed(open_))


def _acceptances(rows: list[tuple[int, bytes, dict[str, Any] | None]]) -> dict[int, tuple[str, int]]:
    """What the log's own repair events accept: {line: (its bytes' checksum, the repair's line)}."""
    out: dict[int, tuple[str, int]] = {}
    for number, _, event in rows:
        if event is None or event.get("event") != "repair" or event.get(SUM) != content_sum(event):
            continue  # a repair event that is itself changed accepts nothing (and is refused below)
        for item in event.get("accepts") or ():
            if isinstance(item, dict) and isinstance(item.get("line"), int) and item["line"] < number:
                out[item["line"]] = (str(item.get("bytes")), number)
    return out


def _accepts(digest: str, number: int, text: bytes) -> bool:
    """Whether a repair's checksum is of this line's bytes, whichever line end (LF or CRLF) and, on line
    1, byte order mark they now have: those change no event (docs/evening.md, "Safety"), so a log saved
    again with CRLF still reads its accepted lines."""
    bare = text.removesuffix(b"\r")
    if number == 1:
        bare = bare.removeprefix(BOM)
    forms = [bare, bare + b"\r"]
    if number == 1:
        forms += [BOM + form for form in forms]
    return any(digest == line_sum(form) for form in forms)


def repair_hint(path: str, number: int) -> str:
    """The end of the message about a line that `evening repair` can accept."""
    return f"; to accept the line as it now reads: pungchow evening repair {path} --accept {number}"


_UNSEALED = "changed since it was written (its checksum, sum, is gone)"
_OUT_OF_PLACE = (
    "out of place: the line before it is not the one it was written after (a line deleted, repeated or moved)"
)


def _not_an_evening(path: str) -> EveningError:
    return EveningError(f"{path}: not an evening log (no start event on line 1)", code="evening-damaged")


def _lone_cr_ends(text: bytes) -> bool:
    """Whether an unreadable line is whole events ended by lone carriage returns (an old Mac editor's
    line ends): a raw CR is never inside an event (JSON escapes it), so one that ends a whole event is a
    line end, never damage."""
    pieces = text.removeprefix(BOM).split(b"\r")
    return len(pieces) > 1 and _decode(pieces[0]) is not None


def _lone_cr(path: str, number: int) -> EveningError:
    # Not read on a guess (where one line ends is the question) and never rewritten: the reader is
    # told how to save it again. Not offered to `repair` (no `line`): accepting it would lose events.
    return EveningError(
        f"{path} line {number}: its lines end in a lone carriage return (CR, as an old Mac editor saves "
        "them), not a line feed (LF); nothing was read or changed: save the file again with LF (or CRLF) "
        "line ends, e.g. `tr '\\r' '\\n' < OLD > NEW`, and use that",
        code="evening-line-ends",
    )


def _unreadable(path: str, number: int, text: bytes) -> EveningError:
    if number == 1:
        # The start event holds the players and the ruleset: accepted as it reads, no evening would be
        # left, so `repair` is never offered for it. A first line that does not begin as a start event
        # does was never one (a text file given by mistake).
        if not _STARTS.startswith(text.removeprefix(BOM)[: len(_STARTS)]):
            return _not_an_evening(path)
        return EveningError(
            f"{path} line 1: the evening's start event is damaged (not JSON); it holds the players and "
            "the ruleset, so a repair cannot accept it as it reads: put the line back from a copy",
            code="evening-damaged",
        )
    return EveningError(
        f"{path} line {number}: damaged (not a JSON event){repair_hint(path, number)}",
        code="evening-damaged",
        line=number,
    )


def _changed(path: str, number: int, what: str) -> EveningError:
    return EveningError(
        f"{path} line {number}: {what}{repair_hint(path, number)}", code="evening-changed", line=number
    )


def _skipped(path: str, number: int, text: bytes, torn: str) -> str:
    """The note for a line skipped as a torn write: a blank line (an editor's, at the end) is said to be
    one, since no crash of a write leaves it and nothing was lost with it."""
    return f"{path} line {number}: " + ("a blank line was skipped" if not text.strip() else torn)


def _moves_nothing(event: dict[str, Any]) -> bool:
    """Whether an event records a result that moves no money (a draw: every net 0)."""
    net = event.get("net")
    return isinstance(net, dict) and bool(net) and not any(net.values())


def parse(path: str, data: bytes, accept: Mapping[int, str] | None = None) -> Log:
    """Read the events of a log's bytes; see the module docstring for torn, damaged and changed lines.

    `accept` ({line: line_sum}) accepts lines as a repair event would (`repair` tries a repair with it).
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        # An editor's "Unicode" save (Notepad): every event is there, two bytes a character. Not read
        # as it is (an append would be UTF-8 in a UTF-16 file); said so, where it read as no evening.
        raise EveningError(
            f'{path}: saved as UTF-16 (an editor\'s "Unicode"), and an evening log is UTF-8; nothing was '
            "read or changed: save it again as UTF-8, or "
            f"iconv -f UTF-16 -t UTF-8 {shlex.quote(path)} > fixed.jsonl, and use fixed.jsonl",
            code="evening-damaged",
        )
    raw = data.split(b"\n")
    tail = raw[-1]  # bytes after the last newline: a torn write, or nothing
    texts = raw if tail else raw[:-1]
    # A byte order mark an editor put before the first line (Notepad saving "UTF-8 with BOM") changes
    # no event: it is read past, as JSON reads past a CR before the newline.
    rows = [(i, text, _decode(text.removeprefix(BOM) if i == 1 else text)) for i, text in enumerate(texts, 1)]
    accepted = {n: (digest, 0) for n, digest in (accept or {}).items()}
    accepted.update(_acceptances(rows))
    lines: list[Line] = []
    notes: list[str] = []
    pending: list[int] = []  # damaged lines the next event may declare as torn writes it skips
    sealed = False  # a line with a checksum was read: every later line must have one
    seen: dict[bytes, int] = {}  # each event line's bytes: the first line that reads so (a copy's twin)
    last: str | None = None  # the `_link` of the event before (None: none, or an unreadable line accepted)
    bare: int | None = None  # the event before, when it was read with no checksum and not accepted so
    for number, text, event in rows:
        digest, by = accepted.get(number, ("", 0))
        ok = bool(digest) and _accepts(digest, number, text)  # accepted, and unchanged since
        repaired = f" by the repair on line {by}" if by else ""
        if event is None:
            if not ok and _lone_cr_ends(text):
                raise _lone_cr(path, number)
            if ok:
                notes.append(f"{path} line {number}: damaged, and skipped{repaired}")
                last = bare = None  # what it said it followed is lost with it
            else:
                pending.append(number)
            continue
        _check_version(path, number, event)
        if pending:
            claim = event.get("skips_torn_line")
            if (claim if isinstance(claim, list) else [claim]) != pending:
                raise _unreadable(path, pending[0], rows[pending[0] - 1][1])
            notes += [
                _skipped(path, n, texts[n - 1], "a torn event (cut off mid-write) was skipped")
                for n in pending
            ]
            pending = []
        given = event.get(SUM)
        after = event.get(PREV)
        if after is not None and bare is not None:
            # `prev` is written only after a line with a checksum (_add): the line before had one, and it
            # is gone (its `"sum"` key changed, a bit flipped in it, or taken out with an edit).
            raise _changed(path, bare, f"{_UNSEALED}: line {number} names it as the line before it (prev)")
        misplaced = after is not None and last is not None and after != last
        twin = seen.setdefault(text.rstrip(b"\r"), number)
        if given is None:
            sealer = PREV if PREV in event else ID if number == 1 and ID in event else None
            if sealer is not None and not ok:  # a start line with no game after it has no `prev` to tell it
                raise _changed(path, number, f"{_UNSEALED}: a line holding `{sealer}` is written with one")
            if sealed and not ok:
                raise _changed(path, number, "has no checksum (sum), unlike the lines before it")
            if twin != number and not ok and not _moves_nothing(event):
                # An older pungchow's line has no `prev` to find a copy by, and each event holds its
                # time to the second: a line that repeats another byte for byte and moves money is a
                # copy, never a game. Two draws in one second are two draws (they move nothing).
                raise _changed(
                    path,
                    number,
                    f"repeats line {twin} byte for byte (a line copied?), and it has no checksum "
                    "to tell a copy from a game",
                )
        elif given != content_sum(event):
            if not ok:  # both said: accepting the change alone would hide a line deleted before it
                also = f", and {_OUT_OF_PLACE}" if misplaced else ""
                raise _changed(
                    path, number, f"changed since it was written (its checksum does not match){also}"
                )
        else:
            sealed = True
        if misplaced and not ok:
            # A sealed line copied whole: its own checksum matches, so say what accepting it would do.
            copy = f"; it repeats line {twin} byte for byte (a line copied? accepted, it counts twice)"
            raise _changed(path, number, _OUT_OF_PLACE + (copy if twin != number else ""))
        last = _link(event)
        bare = number if given is None and not ok else None
        if ok:
            notes.append(f"{path} line {number}: changed after it was written, and accepted{repaired}")
        lines.append(Line(number, event, ok))
    # Damaged lines after the last event are torn writes: a crash mid-write, or mid-way through the
    # write that skips an earlier torn line (docs/evening.md, "Safety"); the next event skips them all.
    # A line that is not the beginning of a line `encode` writes, or holds a whole object, was not cut
    # off mid-write: damaged.
    whole = next((n for n in pending if not _could_be_torn(rows[n - 1][1])), None)
    if whole is not None:
        raise _unreadable(path, whole, rows[whole - 1][1])
    torn = "a torn last line (an event cut off mid-write) was ignored"
    notes += [_skipped(path, n, texts[n - 1], torn) for n in pending]
    if not lines and (not data or pending == [1] and _STARTS.startswith(rows[0][1][: len(_STARTS)])):
        # `evening new` was cut off (a crash between creating the file and writing its start, or
        # during that write): it reported nothing, and no game can have been recorded after it.
        what = "empty (was `evening new` cut off?)" if not data else "its start was cut off mid-write"
        raise EveningError(
            f"{path}: {what}: no game was recorded in it; delete it and start the evening again",
            code="evening-damaged",
        )
    if not lines or lines[0].event.get("event") != "start" or lines[0].number != 1:
        raise _not_an_evening(path)
    return Log(path, tuple(lines), tuple(notes), tuple(pending), data.endswith(b"\n") or not data)


def _named(path: str) -> None:
    """Refuse a FILE that is empty or only spaces before the system is asked: it names no file (`evening
    new "   "` would make a file no one could see in a listing; `""` read as `: cannot record`)."""
    if not path.strip():
        raise EveningError(
            f"FILE {path!r}: a name that is empty or only spaces names no file; give the evening's log, "
            "e.g. tonight.jsonl",
            code="evening-no-file",
        )


def _refused(path: str, error: OSError) -> EveningError:
    reason = error.strerror or str(error)
    return EveningError(f"{path}: cannot record: {reason}; nothing was recorded", code="evening-write")


def _lock(fd: int, path: str, mode: int, say: Callable[[str], None] | None) -> None:
    """Take the file's lock, waiting up to LOCK_WAIT seconds for another pungchow to finish."""
    deadline = time.monotonic() + LOCK_WAIT
    told = False
    while True:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                outcome = "nothing was recorded" if mode == fcntl.LOCK_EX else "nothing was read"
                raise EveningError(
                    f"{path}: another pungchow is writing this evening; gave up after {LOCK_WAIT:g} s "
                    f"({outcome}); try again",
                    code="evening-locked",
                ) from None
            if say is not None and not told:
                say(f"{path}: another pungchow is writing this evening; waiting...")
                told = True
            time.sleep(_POLL)


def _regular(fd: int, path: str) -> None:
    import stat

    if not stat.S_ISREG(os.fstat(fd).st_mode):
        raise EveningError(f"{path}: not a regular file, so not an evening log", code="evening-unreadable")


def _read_all(fd: int, path: str) -> bytes:
    """The log's bytes; a read that fails (EIO: a failing disk) is the log's fault, said as such, not
    the output's (`cannot write output`, exit 3)."""
    chunks: list[bytes] = []
    offset = 0
    while True:
        try:
            chunk = os.pread(fd, 1 << 20, offset)
        except IsADirectoryError:
            raise
        except OSError as error:
            raise EveningError(f"{path}: cannot read: {error.strerror}", code="evening-unreadable") from None
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)


def read(path: str, say: Callable[[str], None] | None = None) -> Log:
    """Read a log under a shared lock (a writer's line is never seen half-written)."""
    return parse(path, take(path, say)[1])


def take(path: str, say: Callable[[str], None] | None = None) -> tuple[tuple[int, int], bytes]:
    """A log's bytes, read once under a shared lock, and which file they are (device, inode): what
    `evening stats` tells copies by is what it counts (parse), never a second read of a log that may
    have grown between the two."""
    _named(path)
    _heal(path)
    try:  # non-blocking: a named pipe given by mistake is refused below, not waited on for ever
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise EveningError(
            f"{path}: no such evening (start one with `evening new`)", code="evening-missing"
        ) from None
    except OSError as error:
        raise EveningError(f"{path}: cannot read: {error.strerror}", code="evening-unreadable") from None
    try:
        found = os.fstat(fd)
        _regular(fd, path)
        _lock(fd, path, fcntl.LOCK_SH, say)
        return (found.st_dev, found.st_ino), _read_all(fd, path)
    except IsADirectoryError:
        raise EveningError(f"{path}: is a directory", code="evening-unreadable") from None
    finally:
        os.close(fd)


@contextmanager
def _recording() -> Iterator[None]:
    """A Ctrl-C waits until the block is done: a line written and fsynced (or taken back). Once the
    line is written the event is recorded, and the command must go on to say so; stopped there with
    "interrupted", the player would type the game again and it would count twice (docs/evening.md,
    "Safety"). If the block fails, nothing was recorded and the Ctrl-C stops the command as usual."""
    held = _signal.pthread_sigmask(_signal.SIG_BLOCK, {_signal.SIGINT})
    try:
        yield
    except BaseException:
        _signal.pthread_sigmask(_signal.SIG_SETMASK, held)
        raise
    if _signal.SIGINT not in held and _signal.SIGINT in _signal.sigpending():
        _signal.sigwait({_signal.SIGINT})  # it came too late to stop the record: spent, not raised
    _signal.pthread_sigmask(_signal.SIG_SETMASK, held)


def _write_line(fd: int, path: str, line: bytes, size: int) -> None:
    """Append one line with one write, then fsync; on failure put the file back as it was."""
    with _recording():
        _write_durably(fd, path, line, size)
        note_written(path)  # before a Ctrl-C held meanwhile can come: its line must say so (cli main)


def _write_durably(fd: int, path: str, line: bytes, size: int) -> None:
    try:
        written = os.write(fd, line)
        if written != len(line):
            raise OSError(errno.ENOSPC, f"only {written} of {len(line)} bytes could be written")
        os.fsync(fd)
    except OSError as error:
        try:  # take back a partial line, so a failed command leaves the log exactly as it was
            os.ftruncate(fd, size)
            os.fsync(fd)
        except OSError:
            pass  # the partial line will read as a torn line and be skipped
        raise _refused(path, error) from None


def _exists(path: str) -> EveningError:
    return EveningError(
        f"{path} already exists: an evening is never overwritten (choose another file)",
        code="evening-exists",
    )


# A file system without hard links (FAT on a USB stick: EPERM) cannot publish the log by `os.link`.
_NO_LINKS = {errno.EPERM, getattr(errno, "ENOTSUP", -1), getattr(errno, "EOPNOTSUPP", -1)}
_EXCL = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


def create(path: str, event: dict[str, Any]) -> None:
    """Write a new log holding the start event; an existing file is never overwritten.

    The line is written and fsynced in a hidden file beside FILE, which is then linked to FILE's name
    (`os.link` fails if the name exists) and unlinked: a reader never sees FILE empty or half written,
    as it could between an `O_EXCL` create and its first write (docs/evening.md, "Safety").
    """
    _named(path)
    _heal(path, whole_folder=True)  # what a crash of an earlier `evening new` here left, refused or not
    if os.path.lexists(path):
        raise _exists(path)  # said before anything is written; the link below is the check that counts
    if not os.path.basename(path):  # `nosuch/`: a folder's name, as O_CREAT said of it before
        raise _refused(path, OSError(errno.EISDIR, os.strerror(errno.EISDIR)))
    folder = os.path.dirname(os.path.abspath(path))
    # The log's name begins it (whose it is, if a crash leaves it), cut so that a name the system takes
    # is never made too long for it by what is added (40 characters are at most 160 bytes).
    temp = os.path.join(
        folder, f".{os.path.basename(path)[:_TEMP_KEEPS]}.{os.getpid()}.{os.urandom(4).hex()}.new"
    )
    try:
        fd = os.open(temp, _EXCL, 0o644)
    except FileNotFoundError:  # of a file it was to make: the folder is what is missing
        raise EveningError(
            f"{path}: cannot start an evening there: there is no folder {folder}", code="evening-write"
        ) from None
    except OSError as error:
        raise _refused(path, error) from None
    try:
        with _recording():
            line = encode(event)
            _write_durably(fd, path, line, 0)
            _publish(temp, path, line)
            note_written(path)  # before a Ctrl-C held meanwhile can come: its line must say so (cli main)
            _fsync_folder(folder)  # the new name itself survives a crash
    finally:
        os.close(fd)
        with suppress(FileNotFoundError):
            os.unlink(temp)  # after success only a second name of the log; after failure nothing is left


_TEMP_KEEPS = 40  # characters of the log's name that begin its hidden temp's (create)
_TEMP = re.compile(r"\.(.+)\.[0-9]+\.[0-9a-f]{8}\.new", re.DOTALL)  # the name create gives it


def _heal(path: str, *, whole_folder: bool = False) -> None:
    """Remove the hidden temp that a crash between `create`'s link and unlink left beside the log: a
    second name of the log itself (the same inode, both names regular files, never a symbolic link), so
    nothing of any log is lost; and this log's that was never linked (_clear_unfinished). Anything else
    is left as it is (docs/evening.md, "Safety"). `whole_folder`: every log's second name in the folder
    (`evening new`), else only this log's."""
    folder = os.path.dirname(os.path.abspath(path))
    mine = os.path.basename(path)
    try:
        names = os.listdir(folder)
    except OSError:
        return  # a folder it cannot list: the log is refused or read as it may be, nothing is removed
    _clear_unfinished(path, names)
    for name in names:
        found = _TEMP.fullmatch(name)
        if found is None:
            continue
        logs = [n for n in names if _TEMP.fullmatch(n) is None] if whole_folder else [mine]
        for log_name in logs:
            if log_name[:_TEMP_KEEPS] == found[1] and _same_file(folder, name, log_name):
                with suppress(OSError):  # another pungchow removed it first, or a read-only folder
                    os.unlink(os.path.join(folder, name))
                break


def _clear_unfinished(path: str, names: list[str]) -> None:
    """Remove the hidden temp that an `evening new` of this FILE left when it was killed before its
    link, or, where there are no hard links (FAT), after writing FILE itself: never linked (one name),
    holding at most one start line, and made by a process that no longer runs. It never held a recorded
    evening (docs/evening.md, "Safety"), and the next command on FILE (or `evening new` of it) removes
    it; anything else is left as it is (a process of that number still running may be an `evening
    new` at work). `names`: the folder's, as listed (_heal)."""
    import stat

    folder = os.path.dirname(os.path.abspath(path))
    for name in names:
        found = _TEMP.fullmatch(name)
        if found is None or found[1] != os.path.basename(path)[:_TEMP_KEEPS]:
            continue
        temp = os.path.join(folder, name)
        try:
            info = os.lstat(temp)
            if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1 or info.st_size > _MOST_START:
                continue  # a symbolic link, a log's second name (_heal), or no temp `create` writes
            with open(temp, "rb") as file:
                held = file.read().rstrip(b"\0")  # NUL bytes: a crash where the file grew, not its data
        except OSError:
            continue
        start = held[: len(_STARTS)]
        if _STARTS.startswith(start) and b"\n" not in held[:-1] and _gone(name.rsplit(".", 3)[1]):
            with suppress(OSError):  # another pungchow removed it first, or a read-only folder
                os.unlink(temp)


_MOST_START = 1 << 20  # bytes: a start line holds one ruleset; a bigger hidden file is none `create` wrote


def _gone(pid: str) -> bool:
    """Whether no process of this number runs here (a process of another user's is one that runs)."""
    number = int(pid)
    if number <= 0 or number == os.getpid():
        return False  # 0 would signal this process group; this process's own temp is at work
    try:
        os.kill(number, 0)  # signal 0: only whether it could be sent
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):
        return False
    return False


def _same_file(folder: str, temp: str, log_name: str) -> bool:
    """Whether two names in a folder are one regular file (lstat: a symbolic link is never followed)."""
    import stat

    try:
        a = os.lstat(os.path.join(folder, temp))
        b = os.lstat(os.path.join(folder, log_name))
    except OSError:
        return False
    return (
        stat.S_ISREG(a.st_mode) and stat.S_ISREG(b.st_mode) and (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)
    )


def _publish(temp: str, path: str, line: bytes) -> None:
    """Give the written log its name, never replacing a file that has it."""
    try:
        os.link(temp, path)
        return
    except FileExistsError:
        raise _exists(path) from None
    except FileNotFoundError:  # the folder was there when the temp was made: the temp is what went
        # On a folder two machines share, the other's pungchow cannot see this PID run (_gone).
        raise EveningError(
            f"{path}: its hidden file {os.path.basename(temp)} was removed meanwhile (by a pungchow on "
            "another machine sharing the folder?); nothing was recorded: try again",
            code="evening-write",
        ) from None
    except OSError as error:
        if error.errno not in _NO_LINKS:
            raise _refused(path, error) from None
    # No hard links here: the file is made with O_EXCL and written at once, as before os.link was used.
    try:
        target = os.open(path, _EXCL | os.O_APPEND, 0o644)
    except FileExistsError:
        raise _exists(path) from None
    except OSError as error:
        raise _refused(path, error) from None
    try:
        _write_durably(target, path, line, 0)
    except EveningError:
        os.unlink(path)  # the empty file this command made: nothing of it is left
        raise
    finally:
        os.close(target)


def _fsync_folder(folder: str) -> None:
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def _open_for_writing(path: str) -> int:
    _named(path)
    _heal(path)
    try:
        return os.open(path, os.O_RDWR | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise EveningError(
            f"{path}: no such evening (start one with `evening new`)", code="evening-missing"
        ) from None
    except OSError as error:
        raise _refused(path, error) from None


def _add(fd: int, path: str, data: bytes, log: Log, event: dict[str, Any]) -> dict[str, Any]:
    """Write one event after the log's bytes (under the writer's lock); the event as written, sealed."""
    if log.torn:
        # End the torn line(s), and say in the new event that they are skipped on purpose.
        event = {**event, "skips_torn_line": log.torn[0] if len(log.torn) == 1 else list(log.torn)}
    after = _link(log.lines[-1].event)
    if after is not None:  # so a line deleted, repeated or moved is found (docs/evening.md, "Safety")
        event = {**event, PREV: after}
    written = seal(event)
    prefix = b"" if log.ends_line else b"\n"
    _write_line(fd, path, prefix + encode(written), len(data))
    return written


def append(
    path: str,
    make: Callable[[Log], dict[str, Any]],
    say: Callable[[str], None] | None = None,
) -> tuple[Log, dict[str, Any]]:
    """Append the event `make(log)` builds from the log as it stands, all under the writer's lock.

    Reading, checking and writing under one lock means two terminals can never record from the same
    stale state. Returns the log as it was and the event as written (with its checksum).
    """
    fd = _open_for_writing(path)
    try:
        _regular(fd, path)
        _lock(fd, path, fcntl.LOCK_EX, say)
        data = _read_all(fd, path)
        log = parse(path, data)
        return log, _add(fd, path, data, log, dict(make(log)))
    finally:
        os.close(fd)


@dataclass(frozen=True, slots=True)
class Repair:
    """What `repair` found: each damaged line and why, and the repair event written (None: nothing)."""

    found: tuple[tuple[int, str], ...]  # (line, what is wrong with it)
    event: dict[str, Any] | None
    line: int = 0  # the line the repair event was written on
    lines: int = 0  # the lines the log held when it was read (an --accept past them names no line)
    notes: tuple[str, ...] = ()  # what reading it skipped or accepted (a torn line), when none was found


def _line_bytes(data: bytes, number: int) -> bytes:
    return data.split(b"\n")[number - 1]


def repair(
    path: str,
    accept: Sequence[int],
    check: Callable[[Log], object],
    make: Callable[[list[dict[str, Any]]], dict[str, Any]],
    say: Callable[[str], None] | None = None,
) -> Repair:
    """Find every changed or unreadable line (`check` replays the log too); when `accept` names exactly
    those lines, append the repair event `make(accepts)` accepting each as it now reads. Nothing is
    ever rewritten."""
    fd = _open_for_writing(path)
    try:
        _regular(fd, path)
        _lock(fd, path, fcntl.LOCK_EX, say)
        data = _read_all(fd, path)
        trial: dict[int, str] = {}
        found: list[tuple[int, str]] = []
        while True:
            try:
                log = parse(path, data, trial)
                check(log)
                break
            except EveningError as error:
                if error.line is None or error.line in trial:
                    raise  # accepting a line would not mend this: it is not for `repair`
                what = error.message.removeprefix(f"{path} line {error.line}: ")
                found.append((error.line, what.split(repair_hint(path, error.line))[0]))
                trial[error.line] = line_sum(_line_bytes(data, error.line))
        wanted = sorted(set(accept))
        held = data.count(b"\n") + (0 if log.ends_line else 1)
        if not found:  # its notes are the log's as every command reads it (none tried as accepted)
            return Repair((), None, lines=held, notes=log.notes)
        if wanted != sorted(trial):
            return Repair(tuple(found), None, lines=held)
        event = make([{"line": n, "bytes": trial[n]} for n in wanted])
        return Repair(tuple(found), _add(fd, path, data, log, event), held + 1, held)
    finally:
        os.close(fd)
