"""The evening's record: one append-only JSON Lines file, one event a line (docs/evening.md): its
format, checksums and the reading of its bytes (parse); the file itself is evening/logfile.py's.

Writing: each event is one line, written by `os.write` (a short write continued) on an `O_APPEND`
descriptor under an exclusive `flock`, then fsynced before success is reported; nothing is ever
rewritten. A new log is written beside its name and linked into place whole (create). Reading: a torn
last line (a crash mid-write) is reported and skipped; a damaged line anywhere else is an error naming
the line; a line from a newer log format is refused rather than misread. Each event carries `sum`, a
checksum of its content, so a change that leaves valid JSON is found too, and `prev`, the checksum of the
event before it, so a line deleted, repeated or moved is found; `repair` records, by a new
event, that a changed line is accepted as it now reads (docs/evening.md, "Damage and repair").
"""

from __future__ import annotations

import codecs
import hashlib
import json
import re
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.errors import PungchowError, as_written

FORMAT = 1  # the log format this program writes and reads (the `v` of every event)
EVENTS = ("start", "hand", "draw", "wash", "penalty", "undo", "amend", "repair")
SUM = "sum"  # the key of an event's checksum, always the last key of a line
PREV = "prev"  # the key of the checksum of the event written before it: a line deleted, repeated or moved
ID = "id"  # the key of the evening's id in its start line, written with `sum` (evening/record.py `new`)
BOM = b"\xef\xbb\xbf"  # UTF-8's byte order mark
_BEGINS = f'{{"v": {FORMAT}, "event": "'.encode()  # how every line `encode` writes begins, torn or not
_SUM_AT = re.compile(rb'"sum": "')  # where a checksum's value may begin (a quote in a name is escaped)
_SUM_VALUE = re.compile(rb'[0-9a-f]{0,16}("|$)')  # ... and what follows it in a line `encode` writes
STARTS = _BEGINS + b'start", '  # how every line `evening new` writes begins (encode)


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
    # surrogatepass: a lone surrogate escaped into a line by hand (`\ud800`) sums to what no line held
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


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


def link(event: Mapping[str, Any]) -> str | None:
    """What the next event's `prev` names this event by: its recorded checksum (None: it has none)."""
    given = event.get(SUM)
    return given if isinstance(given, str) else None


def _version(event: dict[str, Any]) -> int | None:
    """An event's log format version (`v`), or None where it holds none (or no whole number of 1 up)."""
    given = event.get("v")
    return given if isinstance(given, int) and not isinstance(given, bool) and given >= 1 else None


def _known(event: dict[str, Any]) -> bool:
    """Whether an event is one this pungchow reads: a log format version it knows, an event it knows."""
    version = _version(event)
    return version is not None and version <= FORMAT and event.get("event") in EVENTS


def _newer(event: dict[str, Any]) -> bool:
    """Whether an event is of a log format after this pungchow's (which may seal its lines otherwise)."""
    version = _version(event)
    return version is not None and version > FORMAT


def _check_version(path: str, number: int, event: dict[str, Any]) -> None:
    given, kind = event.get("v"), event.get("event")
    version = _version(event)
    if version is None and number == 1 and kind != "start":  # JSON of another program: never an evening
        raise _not_an_evening(path)
    if version is not None and version <= FORMAT and kind in EVENTS:
        return
    sealed = event.get(SUM)
    if (version or 0) <= FORMAT and isinstance(sealed, str) and sealed != content_sum(event):
        # Sealed under format 1 and changed since (a typo typed into `event` or `v`): a newer pungchow's
        # event of format 1 matches its checksum, so "upgrade" would send the reader the wrong way. (A
        # higher `v` may seal otherwise: that one is taken at its word, below.)
        # A value of the JSON line, as JSON writes it (`true`, `null`), where YAML's words are JSON's too.
        what = (
            f"its log format version (v) {as_written(given)}"
            if version is None
            else f"an event {as_written(kind)}"
        )
        raise EveningError(
            f"{path} line {number}: changed since it was written (its checksum does not match), and it "
            f"now holds {what}, which no pungchow writes: put the line back as it was from a copy",
            code="evening-changed",
        )
    if version is None:
        raise EveningError(f"{path} line {number}: no log format version (v)", code="evening-damaged")
    what = f"log format {version}" if version > FORMAT else f"an event {as_written(kind)}"
    raise EveningError(
        f"{path} line {number}: {what} written by a newer pungchow (this one reads log format "
        f"{FORMAT}); upgrade pungchow to read this evening",
        code="evening-newer",
    )


def decode(text: bytes) -> dict[str, Any] | None:
    """A line's event, or None when it is not a JSON object, or one no event holds (nested deeper than
    json reads, a lone surrogate)."""
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
    # NUL bytes after it: a crash where the file grew before its data reached the disk (taken off
    # first: a write cut inside the beginning every event has is one too). A write cut inside a
    # character leaves its first bytes, which wait for the rest in the decoder. Only JSON's whitespace
    # (and an editor's CR) ends it: a whole line whose newline had a bit flipped (\x0b, whitespace to
    # bytes.rstrip, never written by `encode`) is damage, not a torn write skipped for good.
    body = text.rstrip(b"\0")
    if not _BEGINS.startswith(body[: len(_BEGINS)]):
        return False
    body = body.rstrip(b" \t\r")
    try:
        head = codecs.getincrementaldecoder("utf-8")().decode(body).encode("utf-8")
    except UnicodeDecodeError:
        return False
    for at in _SUM_AT.finditer(head):  # the event's own `sum` (a player may be named "sum" in its hands)
        if _closers(head[: at.start()]) == b"}" and not _SUM_VALUE.match(head, at.end()):
            return False  # a checksum is 16 hex digits (content_sum): written whole, then changed
    if _closers(head) == b"":  # whole already, yet no event (decode: a lone surrogate): changed, not cut off
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


def repair_hints(path: str, numbers: list[int]) -> str:
    """repair_hint for one line or several: what `evening repair` must be told to accept together."""
    if len(numbers) == 1:
        return repair_hint(path, numbers[0])
    accepts = " ".join(f"--accept {n}" for n in numbers)
    return f"; to accept the lines as they now read: pungchow evening repair {path} {accepts}"


def tried(
    path: str, data: bytes, check: Callable[[Log], object]
) -> tuple[Log, dict[int, str], tuple[tuple[int, str], ...]]:
    """What `evening repair` would accept, found as it finds it: the log read with each line refused as
    changed or damaged accepted as it now reads, one after another, until it reads and `check` (the
    replay) passes. Returns the log, the lines accepted ({line: line_sum}) and why each was refused.

    A refusal that accepting its line would not mend is raised: as it is where no line was accepted;
    else said of the first line found (`..., and as it now reads: ...: put the log back as it was from a
    copy`), so that no reader hints a repair that repair then refuses (docs/evening.md)."""
    trial: dict[int, str] = {}
    found: list[tuple[int, str]] = []
    while True:
        try:
            log = parse(path, data, trial)
            check(log)
            return log, trial, tuple(found)
        except EveningError as error:
            if error.line is None or error.line in trial:
                if not found:
                    raise
                raise _unmended(path, found[0], error) from None
            what = error.message.removeprefix(f"{path} line {error.line}: ")
            found.append((error.line, what.split(repair_hint(path, error.line))[0]))
            trial[error.line] = line_sum(data.split(b"\n")[error.line - 1])


def _unmended(path: str, first: tuple[int, str], refusal: EveningError) -> EveningError:
    """The refusal of a log whose first changed line (`first`), accepted as it now reads with those the
    repair would accept after it, still leaves `refusal`: a line deleted that later lines need (an
    amendment of the game it held), a winner not at the table."""
    number, what = first
    why = refusal.message.removeprefix(f"{path} line {number}: ")
    whole = "line" if refusal.message.startswith(f"{path} line {number}: ") else "log"
    put_back = "" if "from a copy" in why else f"; put the {whole} back as it was from a copy"
    return EveningError(
        f"{path} line {number}: {what}, and as it now reads: {why}{put_back}", code=refusal.code
    )


_UNSEALED = "changed since it was written (its checksum, sum, is gone)"
_CHANGED = "changed after it was written"  # an accepted line's note (_lines), unless only out of place
# The reason of a line whose line before it was deleted, repeated or moved (`repair` says what it means
# for the money: cli/evening_views.py).
OUT_OF_PLACE = (
    "out of place: the line before it is not the one it was written after (a line deleted, repeated or moved)"
)


def _not_an_evening(path: str) -> EveningError:
    return EveningError(f"{path}: not an evening log (no start event on line 1)", code="evening-damaged")


def _lone_cr_ends(text: bytes) -> bool:
    """Whether an unreadable line is whole events ended by lone carriage returns (an old Mac editor's
    line ends): a raw CR is never inside an event (JSON escapes it), so one that ends a whole event is a
    line end, never damage."""
    pieces = text.removeprefix(BOM).split(b"\r")
    return len(pieces) > 1 and decode(pieces[0]) is not None


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
        if not STARTS.startswith(text.removeprefix(BOM)[: len(STARTS)]):
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
    if data == BOM:  # an empty log an editor saved "UTF-8 with BOM": empty, as the BOM changes no event
        data = b""
    raw = data.split(b"\n")
    tail = raw[-1]  # bytes after the last newline: a torn write, or nothing
    texts = raw if tail else raw[:-1]
    # A byte order mark an editor put before the first line (Notepad saving "UTF-8 with BOM") changes
    # no event: it is read past, as JSON reads past a CR before the newline.
    rows = [(i, text, decode(text.removeprefix(BOM) if i == 1 else text)) for i, text in enumerate(texts, 1)]
    accepted = {n: (digest, 0) for n, digest in (accept or {}).items()}
    accepted.update(_acceptances(rows))
    lines: list[Line] = []
    notes: list[str] = []
    pending: list[int] = []  # damaged lines the next event may declare as torn writes it skips
    sealed = False  # a line with a checksum was read: every later line must have one
    seen: dict[bytes, int] = {}  # each event line's bytes: the first line that reads so (a copy's twin)
    last: str | None = None  # the `link` of the event before (None: none, or an unreadable line accepted)
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
        if number > 1 and not _known(event) and not _newer(event) and (ok or (sealed and SUM not in event)):
            # A line no pungchow writes where every line has a checksum (`{}` appended, an event's name
            # mistyped with its `sum` taken out): damage to accept, then skipped as damaged lines are,
            # not a newer pungchow's line (an evening host's trial found no way out but an editor).
            if not ok:
                raise _changed(path, number, "has no checksum (sum), unlike the lines before it")
            notes.append(f"{path} line {number}: damaged, and skipped{repaired}")
            last = bare = None
            continue
        _check_version(path, number, event)
        if number > 1 and event.get("event") == "start":
            # Its own checksum matches and it follows no line (no `prev`), so nothing else would name it:
            # another log appended (`cat a.jsonl b.jsonl`) or its first line pasted in. Never accepted
            # by a repair: it would seat another table in the middle of this evening.
            raise EveningError(
                f"{path} line {number}: a second start event (the first line of an evening: another log "
                "appended or pasted here?); take out the lines that are not this evening's, or put the "
                "log back from a copy",
                code="evening-damaged",
            )
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
                also = f", and {OUT_OF_PLACE}" if misplaced else ""
                raise _changed(
                    path, number, f"changed since it was written (its checksum does not match){also}"
                )
        else:
            sealed = True
        if misplaced and not ok:
            # A sealed line copied whole: its own checksum matches, so say what accepting it would do.
            copy = f"; it repeats line {twin} byte for byte (a line copied? accepted, it counts twice)"
            raise _changed(path, number, OUT_OF_PLACE + (copy if twin != number else ""))
        last = link(event)
        bare = number if given is None and not ok else None
        if ok:
            # Said as it was refused: a line accepted for its place (a line before it deleted) was
            # never changed, and one changed too is said out of place, the line missing kept in view.
            changed = given is None or given != content_sum(event)
            place = "out of place (a line before it deleted, repeated or moved)" if misplaced else ""
            what = " and ".join(w for w in (_CHANGED if changed else "", place) if w) or _CHANGED
            notes.append(f"{path} line {number}: {what}, and accepted{repaired}")
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
    first = rows[0][1].rstrip(b"\0") if rows else b""  # NUL bytes: the file grew, its data never came
    if not lines and (not data or pending == [1] and STARTS.startswith(first[: len(STARTS)])):
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
