"""How a command fails: the exit codes, the one-line report of an expected failure, and `fail`,
which every handler calls (run without typer or under it: cli/spec.py)."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from typing import IO, Any, NoReturn

from ..engine.errors import PungchowError

EXIT_BAD_INPUT = 2
EXIT_OUTPUT_FAILED = 3  # the output could not be written (a full disk): nothing else failed

# Errors about the hand as a whole (its count, its `!`, no yaku in it): said as about the hand, with the
# column the engine gives them (1), as JSON and a batch record say it (PungchowError.__str__, the one
# place a column is written).
_WHOLE_HAND = frozenset(
    {
        "no-winning-tile",
        "tile-count",
        "not-winning",
        "no-yaku",
    }
)


def report(error: PungchowError, as_json: bool) -> None:
    """Report an expected failure in one line on stderr (or a JSON error object on stdout)."""
    if as_json:
        json_error(error.to_dict())
        return
    say(f"error: {reason(error)}")


def say(line: str) -> None:
    """One line on stderr. A reader of it that has left (`2>&1 >out | head -1`) changes nothing else:
    the command goes on, its output and its exit code stand (README, exit codes), and later lines go
    nowhere. A full or closed stderr (`2>/dev/full`, `2>&-`) raises: exit 3 (cli.main)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except BrokenPipeError:
        silence(sys.stderr)


def note(text: str) -> None:
    """`note: TEXT` on stderr (what reading an evening skipped, a stated fact no rule reads, evenings of
    different rulesets), as `tell` says a line."""
    tell(f"note: {text}")


def tell(line: str) -> None:
    """A line on stderr: on a terminal, wrapped to its width, the later lines indented, as the batch
    summary is (a 142-character note ran past a 60-column screen); one line for a program reading it."""
    try:
        on_a_terminal = sys.stderr.isatty()
    except (AttributeError, ValueError):  # no stream, or a closed one: said as one line, as ever
        on_a_terminal = False
    if not on_a_terminal:
        say(line)
        return
    from ..render.layout import hanging, terminal_width

    for part in hanging(line, terminal_width(stream=sys.stderr), indent=6):
        say(part)


def silence(stream: IO[str]) -> None:
    """Point a standard stream's descriptor at /dev/null: a reader of it has left, and what is still
    written to it, or flushed at interpreter exit, has nothing to fail on."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):  # no descriptor (a test's capture, `>&-`): no flush at exit
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def json_error(error: dict[str, Any]) -> None:
    """Print the JSON error object on stdout. A reader that has left (`| true`) changes nothing: the
    exit code still says 2 (README, exit codes: 0 is for a command that was done)."""
    with contextlib.suppress(BrokenPipeError):  # main silences stdout, and keeps the code
        print(json.dumps({"error": error}))


def reason(error: PungchowError) -> str:
    """The one line a person reads for an expected failure, its column as its JSON and a batch record
    give it; `the hand: ` first for an error about the hand as a whole."""
    said = str(error)
    if error.code in _WHOLE_HAND and not error.seated:  # `--east: ...` names it (settle; a player, evening)
        return f"the hand: {said}"
    return said


class CommandExit(Exception):
    """A handler ends with this exit code (its failure already reported); cli/spec.py turns it
    into the code, and the typer commands into typer's Exit."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def fail(error: PungchowError, as_json: bool) -> NoReturn:
    """Report an expected failure in one line (or a JSON error object) and exit 2."""
    report(error, as_json)
    raise CommandExit(EXIT_BAD_INPUT)
