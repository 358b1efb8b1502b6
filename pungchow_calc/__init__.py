"""pungchow: a scoring calculator for Pung Chow, the mahjong of L. L. Harr's book (1923)."""

import os
import sys
from types import FrameType

EXIT_INTERRUPTED = 130
INTERRUPTED = "interrupted"  # the one line a Ctrl-C prints, whenever it comes (README, exit codes)


def _interrupted_while_starting(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C while the command's modules import: one line and exit 130, no traceback. Nothing has
    been read or written yet, so there is nothing to finish."""
    os.write(2, f"{INTERRUPTED}\n".encode())
    os._exit(EXIT_INTERRUPTED)


# First thing the command runs, before its modules import (about 50 ms of them): a KeyboardInterrupt
# raised inside an import would end in a traceback and a death by signal. The command is starting
# when this package is imported by `python -m pungchow_calc` (runpy imports it while argv[0] is still
# `-m`) or by the console script (argv[0] is the script). main() (cli/__init__.py) puts Python's own
# handler back, so a Ctrl-C while a command works is the KeyboardInterrupt every command handles; a
# program that imports this package as a library keeps its handler. _signal is the builtin under the
# signal module, whose import builds enums for a millisecond.
_PROGRAM = os.path.basename(sys.argv[0]) if sys.argv else ""
_STARTING = sys.argv[:1] == ["-m"] or _PROGRAM in ("pungchow", "pungchow.exe")
if _STARTING:
    import _signal  # type: ignore[import-not-found]  # no stub: the builtin under signal

    # The handler first, before anything else imports: a Ctrl-C during `import gc` ended in a
    # traceback (a fuzzing trial, once in 240 early interrupts).
    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        try:  # noqa: SIM105 - contextlib is one more import in the window this closes
            _signal.signal(_signal.SIGINT, _interrupted_while_starting)
        except ValueError:  # imported outside the main thread: not the command starting
            pass

    import gc

    # What the command's modules build as they import (classes, functions, tables) lives until the
    # process ends, so the cycle collector, which would walk it some twenty times while they import
    # (about 3 ms of `score` or a one-line batch), finds nothing to free: paused until main, which
    # freezes it (never walked again) and resumes the collector (started, below).
    gc.disable()


_CTRL_C: list[BaseException] = []  # the Ctrl-Cs raised since main began (note_ctrl_c)


def note_ctrl_c(signum: int, frame: FrameType | None) -> None:
    """A Ctrl-C once the command runs: kept, then raised as the KeyboardInterrupt every command
    handles.

    Kept because it does not always reach main as a KeyboardInterrupt: raised while a class is
    built (a dataclass's field, as a module imports lazily) Python reports it as a RuntimeError,
    and typer turns it into Exit(130). main says the one line either way, with what the command
    added to it (its notes: a game recorded all the same) (cli/__init__.py)."""
    stop = KeyboardInterrupt()
    _CTRL_C.append(stop)
    raise stop


def last_ctrl_c() -> BaseException | None:
    """The last Ctrl-C raised since main began, or None."""
    return _CTRL_C[-1] if _CTRL_C else None


# A change written to an evening log that the command has not yet said it made: noted by the log while
# a Ctrl-C is held over the write (evening/log.py), taken by the command once it goes on to say so
# (cli/evening_run.py written_anyway), and said with the one line of a Ctrl-C that comes in between
# (cli/__init__.py, evening play): so nobody enters a game again that was recorded.
_UNSAID: list[str] = []
RECORDED_ANYWAY = "{} all the same (see `evening status`; do not enter it again)"


def note_written(path: str) -> None:
    """A line was written to the evening log `path`, not yet said by the command (written_unsaid)."""
    _UNSAID.append(path)


def written_unsaid() -> str | None:
    """The note for a change written but not yet said (note_written), or None; said from now on."""
    note = RECORDED_ANYWAY.format(f"the change was recorded in {_UNSAID[-1]}") if _UNSAID else None
    _UNSAID.clear()
    return note


def done_all_the_same(stop: BaseException | None) -> list[str]:
    """What a Ctrl-C `stop` leaves done: the notes the command added to it (a change recorded), else a
    change written but not yet said (written_unsaid); empty when nothing was."""
    notes = getattr(stop, "__notes__", None) or [written_unsaid()]
    return [note for note in notes if note]


def started() -> None:
    """The command's main has begun: a Ctrl-C from here on is the KeyboardInterrupt every command
    handles, noted (note_ctrl_c) (cli/__init__.py main)."""
    import _signal  # type: ignore[import-not-found]  # no stub: the builtin under signal

    _CTRL_C.clear()  # a caller's earlier run of main in its own process is not this one's
    _UNSAID.clear()
    if _signal.getsignal(_signal.SIGINT) is _interrupted_while_starting:
        _signal.signal(_signal.SIGINT, note_ctrl_c)
    if _STARTING:
        import gc

        if not gc.isenabled():  # paused while the command's modules imported (above)
            gc.freeze()
            gc.enable()


__version__ = "0.1.0"
