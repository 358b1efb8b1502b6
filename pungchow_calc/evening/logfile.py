"""The evening log's file: read under a shared lock, appended under an exclusive one and fsynced, a
new log created beside its name and linked into place whole, and `repair`'s accepting event appended
(docs/evening.md, "Safety"). What a line holds and how the bytes read is evening/log.py's.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # no stub: the builtin under signal (no enum build)
import errno
import fcntl
import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from .. import note_written
from .log import PREV, STARTS, EveningError, Log, encode, link, parse, seal, tried

LOCK_WAIT = 3.0  # seconds a writer waits for another to finish before giving up
_POLL = 0.05


def _named(path: str) -> None:
    """Refuse a FILE that is empty or only spaces before the system is asked: it names no file (`evening
    new "   "` would make a file no one could see in a listing; `""` read as `: cannot record`)."""
    if not path.strip():
        raise EveningError(
            f"FILE {path!r}: a name that is empty or only spaces names no file; give the evening's log, "
            "e.g. tonight.jsonl",
            code="evening-no-file",
        )


def _not_a_folder(path: str) -> None:
    """Refuse a FILE that names a folder, one there or a name ending in `/`, saying the file to type: the
    system's `Is a directory` (or, for a folder there, `already exists`) told no one what to do."""
    if os.path.isdir(path):
        inside = os.path.join(path, "tonight.jsonl")
        raise EveningError(
            f"{path} is a folder: give the evening's log file in it, e.g. {inside}",
            code="evening-no-file",
        )
    if not os.path.basename(path):
        stem = path.rstrip("/")
        if stem and os.path.lexists(stem):
            # A file there (an evening already started, often): the file it would name is that one,
            # which `evening new` never overwrites, so it is not offered as the one to type.
            raise EveningError(
                f"{path} ends in /, a folder's name, but {stem} is a file, not a folder (an evening is "
                "never overwritten): give the new evening's log file another name",
                code="evening-no-file",
            )
        name = stem if stem.endswith(".jsonl") else f"{stem}.jsonl"
        raise EveningError(
            f"{path} ends in /, a folder's name, and there is no such folder: give the evening's log "
            f"file, e.g. {name}",
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
        raise _missing(path) from None
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
    """Append one line (a short write continued), then fsync; on failure put the file back as it was."""
    with _recording():
        _write_durably(fd, path, line, size)
        note_written(path)  # before a Ctrl-C held meanwhile can come: its line must say so (cli main)


def _write_durably(fd: int, path: str, line: bytes, size: int) -> None:
    try:
        written = os.write(fd, line)
        while written < len(line):
            # A short write (the disk filled up mid-line): the next write says why, as the system words
            # it (`No space left on device`, docs/notation.md evening-write), or writes the rest.
            more = os.write(fd, line[written:])
            if not more:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            written += more
        os.fsync(fd)
    except OSError as error:
        try:  # take back a partial line, so a failed command leaves the log exactly as it was
            os.ftruncate(fd, size)
            os.fsync(fd)
        except OSError:
            pass  # the partial line will read as a torn line and be skipped
        raise _refused(path, error) from None


def _dangling(path: str) -> str | None:
    """The target of a symbolic link `path` that leads nowhere, else None: told as such, never as a log
    missing (`start one with evening new`) that `evening new` then refuses as existing."""
    try:
        return os.readlink(path) if os.path.islink(path) and not os.path.exists(path) else None
    except OSError:
        return None


def _missing(path: str) -> EveningError:
    target = _dangling(path)
    if target is not None:
        return EveningError(
            f"{path}: a symbolic link to {target}, which does not exist (moved or deleted?): give the "
            "log's own name",
            code="evening-missing",
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):  # `evening new` would refuse it too: the folder is what is missing
        return EveningError(f"{path}: no such evening: there is no folder {folder}", code="evening-missing")
    return EveningError(f"{path}: no such evening (start one with `evening new`)", code="evening-missing")


def _exists(path: str) -> EveningError:
    target = _dangling(path)
    if target is not None:  # a log is never begun through a link: its target may be another's
        return EveningError(
            f"{path} already exists, as a symbolic link to {target}, which does not exist: an evening "
            "is never begun through a link (give the log's own name, or remove the link)",
            code="evening-exists",
        )
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
    _not_a_folder(path)
    _heal(path, whole_folder=True)  # what a crash of an earlier `evening new` here left, refused or not
    if os.path.lexists(path):
        raise _exists(path)  # said before anything is written; the link below is the check that counts
    folder = os.path.dirname(os.path.abspath(path))
    # The log's name begins it (whose it is, if a crash leaves it), cut so that a name the system takes
    # is never made too long for it by what is added (40 characters are at most 160 bytes).
    temp = os.path.join(
        folder, f".{os.path.basename(path)[:_TEMP_KEEPS]}.{os.getpid()}.{os.urandom(4).hex()}.new"
    )
    try:
        fd = os.open(temp, _EXCL, 0o644)
    except FileNotFoundError as error:  # of a file it was to make: the folder is what is missing
        if os.path.isdir(folder):  # or a folder of the system's that makes no files (/proc)
            raise EveningError(
                f"{path}: cannot start an evening there: the folder {folder} takes no new files "
                f"({error.strerror}); give a path in a folder of your own",
                code="evening-write",
            ) from None
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
        start = held[: len(STARTS)]
        if STARTS.startswith(start) and b"\n" not in held[:-1] and _gone(name.rsplit(".", 3)[1]):
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
        raise _missing(path) from None
    except OSError as error:
        raise _refused(path, error) from None


def _held(path: str, say: Callable[[str], None] | None) -> int:
    """The log opened for writing and locked, the very file its name now names: one replaced while
    the lock was awaited (an editor or `sed -i` saving it as a new file) would take the line into a
    file no name reaches, a game reported recorded and lost; so the name is opened again and the new
    file locked (docs/evening.md, "Safety")."""
    while True:
        fd = _open_for_writing(path)
        try:
            _regular(fd, path)
            _lock(fd, path, fcntl.LOCK_EX, say)
            held = os.fstat(fd)
            try:
                named = os.stat(path)
            except FileNotFoundError:
                raise _missing(path) from None
            except OSError as error:  # its folder made unreadable meanwhile: refused as the open is
                raise _refused(path, error) from None
            if (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)


def _add(fd: int, path: str, data: bytes, log: Log, event: dict[str, Any]) -> dict[str, Any]:
    """Write one event after the log's bytes (under the writer's lock); the event as written, sealed."""
    if log.torn:
        # End the torn line(s), and say in the new event that they are skipped on purpose.
        event = {**event, "skips_torn_line": log.torn[0] if len(log.torn) == 1 else list(log.torn)}
    after = link(log.lines[-1].event)
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
    fd = _held(path, say)
    try:
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
    if not accept:  # a listing writes nothing: read as `status` reads, so a read-only log is listed too
        return _repair(path, take(path, say)[1], accept, check, make, None)
    fd = _held(path, say)
    try:
        return _repair(path, _read_all(fd, path), accept, check, make, fd)
    finally:
        os.close(fd)


def _repair(
    path: str,
    data: bytes,
    accept: Sequence[int],
    check: Callable[[Log], object],
    make: Callable[[list[dict[str, Any]]], dict[str, Any]],
    fd: int | None,
) -> Repair:
    """`repair` of a log's bytes, read under its lock (`fd`: the writer's, held to append the event)."""
    log, trial, found = tried(path, data, check)  # a refusal accepting would not mend: not for `repair`
    wanted = sorted(set(accept))
    held = data.count(b"\n") + (0 if log.ends_line else 1)
    if not found:  # its notes are the log's as every command reads it (none tried as accepted)
        return Repair((), None, lines=held, notes=log.notes)
    if wanted != sorted(trial) or fd is None:
        return Repair(tuple(found), None, lines=held)
    event = make([{"line": n, "bytes": trial[n]} for n in wanted])
    return Repair(tuple(found), _add(fd, path, data, log, event), held + 1, held)
