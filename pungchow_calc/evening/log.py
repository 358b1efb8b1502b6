"""The evening's record: one append-only JSON Lines file, one event a line (docs/evening.md).

Writing: each event is one line, written with a single `os.write` on an `O_APPEND` descriptor under an
exclusive `flock`, then fsynced before success is reported; nothing is ever rewritten. Reading: a torn
last line (a crash mid-write) is reported and skipped; a damaged line anywhere else is an error naming
the line; a line from a newer log format is refused rather than misread.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.errors import PungchowError

FORMAT = 1  # the log format this program writes and reads (the `v` of every event)
EVENTS = ("start", "hand", "draw", "wash", "penalty", "undo", "amend")
LOCK_WAIT = 3.0  # seconds a writer waits for another to finish before giving up
_POLL = 0.05


class EveningError(PungchowError):
    """An evening log cannot be read or written as asked."""

    code = "evening"


@dataclass(frozen=True, slots=True)
class Line:
    """One event of the log and the line it was read from (1-based)."""

    number: int
    event: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Log:
    """A log as read: its events, and a one-line note when a torn line was skipped."""

    path: str
    lines: tuple[Line, ...]
    notes: tuple[str, ...] = ()
    torn_tail: bool = False  # the bytes after the last newline are a torn event


def encode(event: dict[str, Any]) -> bytes:
    """One event as one line of UTF-8 JSON (JSON escapes any newline inside a string)."""
    return (json.dumps(event, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")


def _check_version(path: str, number: int, event: dict[str, Any]) -> None:
    version = event.get("v")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise EveningError(f"{path} line {number}: no log format version (v)", code="evening-damaged")
    kind = event.get("event")
    if version > FORMAT or kind not in EVENTS:
        what = f"log format {version}" if version > FORMAT else f"an event {kind!r}"
        raise EveningError(
            f"{path} line {number}: {what} written by a newer pungchow (this one reads log format "
            f"{FORMAT}); upgrade pungchow to read this evening",
            code="evening-newer",
        )


def parse(path: str, data: bytes) -> Log:
    """Read the events of a log's bytes; see the module docstring for torn and damaged lines."""
    raw = data.split(b"\n")
    complete = raw[:-1]  # every line that ends with a newline
    tail = raw[-1]  # bytes after the last newline: a torn write, or nothing
    lines: list[Line] = []
    notes: list[str] = []
    torn = False
    pending: int | None = None  # a damaged line the next event may declare as a skipped torn write
    for i, text in enumerate([*complete, tail] if tail else complete, start=1):
        is_tail = bool(tail) and i == len(complete) + 1
        try:
            event = json.loads(text.decode("utf-8"))
            if not isinstance(event, dict):
                raise ValueError("not an object")
        except ValueError:
            if is_tail:
                notes.append(f"{path} line {i}: a torn last line (an event cut off mid-write) was ignored")
                torn = True
                continue
            if pending is not None:
                raise EveningError(
                    f"{path} line {pending}: damaged (not a JSON event)", code="evening-damaged"
                ) from None
            pending = i
            continue
        _check_version(path, i, event)
        if pending is not None:
            if event.get("skips_torn_line") != pending:
                raise EveningError(
                    f"{path} line {pending}: damaged (not a JSON event)", code="evening-damaged"
                )
            notes.append(f"{path} line {pending}: a torn event (cut off mid-write) was skipped")
            pending = None
        lines.append(Line(i, event))
    if pending is not None:
        raise EveningError(f"{path} line {pending}: damaged (not a JSON event)", code="evening-damaged")
    if not lines or lines[0].event.get("event") != "start":
        raise EveningError(f"{path}: not an evening log (no start event on line 1)", code="evening-damaged")
    return Log(path, tuple(lines), tuple(notes), torn)


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


def _read_all(fd: int) -> bytes:
    chunks: list[bytes] = []
    offset = 0
    while True:
        chunk = os.pread(fd, 1 << 20, offset)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)


def read(path: str, say: Callable[[str], None] | None = None) -> Log:
    """Read a log under a shared lock (a writer's line is never seen half-written)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        raise EveningError(
            f"{path}: no such evening (start one with `evening new`)", code="evening-missing"
        ) from None
    except OSError as error:
        raise EveningError(f"{path}: cannot read: {error.strerror}", code="evening-unreadable") from None
    try:
        _regular(fd, path)
        _lock(fd, path, fcntl.LOCK_SH, say)
        return parse(path, _read_all(fd))
    except IsADirectoryError:
        raise EveningError(f"{path}: is a directory", code="evening-unreadable") from None
    finally:
        os.close(fd)


def _write_line(fd: int, path: str, line: bytes, size: int) -> None:
    """Append one line with one write, then fsync; on failure put the file back as it was."""
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


def create(path: str, event: dict[str, Any]) -> None:
    """Write a new log holding the start event; an existing file is never overwritten."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except FileExistsError:
        raise EveningError(
            f"{path} already exists: an evening is never overwritten (choose another file)",
            code="evening-exists",
        ) from None
    except OSError as error:
        raise _refused(path, error) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            _write_line(fd, path, encode(event), 0)
        except EveningError:
            os.unlink(path)  # the empty file this command made: nothing of it is left
            raise
        directory = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
        try:
            os.fsync(directory)  # the new name itself survives a crash
        finally:
            os.close(directory)
    finally:
        os.close(fd)


def append(
    path: str,
    make: Callable[[Log], dict[str, Any]],
    say: Callable[[str], None] | None = None,
) -> tuple[Log, dict[str, Any]]:
    """Append the event `make(log)` builds from the log as it stands, all under the writer's lock.

    Reading, checking and writing under one lock means two terminals can never record from the same
    stale state. Returns the log as it was and the event written.
    """
    try:
        fd = os.open(path, os.O_RDWR | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise EveningError(
            f"{path}: no such evening (start one with `evening new`)", code="evening-missing"
        ) from None
    except OSError as error:
        raise _refused(path, error) from None
    try:
        _regular(fd, path)
        _lock(fd, path, fcntl.LOCK_EX, say)
        data = _read_all(fd)
        log = parse(path, data)
        event = dict(make(log))
        prefix = b"\n" if data and not data.endswith(b"\n") else b""
        if log.torn_tail:
            # End the torn line, and say in the new event that it is skipped on purpose.
            event["skips_torn_line"] = data.count(b"\n") + 1
        _write_line(fd, path, prefix + encode(event), len(data))
        return log, event
    finally:
        os.close(fd)
