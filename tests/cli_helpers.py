"""Running `pungchow` in-process through its entry point, `pungchow_calc.cli:main`, as users run it."""

from __future__ import annotations

import io
import json
import os
import shlex
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, TextIO
from unittest import mock

from pungchow_calc.cli import main
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.options import from_argv
from pungchow_calc.ruleset_files import load


@dataclass(frozen=True, slots=True)
class Result:
    """What one run printed and how it ended."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        """Both streams, stdout first."""
        return self.stdout + self.stderr


def run(*argv: str, env: dict[str, str] | None = None, input: str | bytes | None = None) -> Result:
    """`pungchow ARGV...` through main(), with sys.argv set, the streams captured and env added;
    `input` is what standard input holds (text or bytes), fed through a real pipe, as a shell's `|`."""
    out, err = io.StringIO(), io.StringIO()
    code = _main(argv, out, err, env, input)
    return Result(code, out.getvalue(), err.getvalue())


class _Kept(io.BytesIO):
    """Bytes a stream wrote, kept when the stream is closed (as a terminal keeps what it was shown)."""

    def close(self) -> None:
        """Kept open: its value is read after the command."""


def encoded(
    *argv: str, encoding: str, env: dict[str, str] | None = None, input: str | bytes | None = None
) -> subprocess.CompletedProcess[bytes]:
    """`pungchow ARGV...` through main() in this process, its standard streams of `encoding` as
    PYTHONIOENCODING makes a fresh process's (output strict, standard error `backslashreplace`): the
    bytes each was given, as `process` gives them. The streams' encoding is all a terminal's is to
    pungchow (render/ascii.py reads it off the stream)."""
    out, err = _Kept(), _Kept()
    stdout = io.TextIOWrapper(out, encoding=encoding, errors="strict", write_through=True)
    stderr = io.TextIOWrapper(err, encoding=encoding, errors="backslashreplace", write_through=True)
    code = _main(argv, stdout, stderr, env, input)
    for stream in (stdout, stderr):
        with suppress(ValueError):  # closed by the command
            stream.flush()
    return subprocess.CompletedProcess(["pungchow", *argv], code, out.getvalue(), err.getvalue())


def _main(
    argv: tuple[str, ...],
    stdout: TextIO,
    stderr: TextIO,
    env: dict[str, str] | None,
    input: str | bytes | None,
) -> int:
    """main() run with sys.argv `pungchow ARGV...`, the standard streams given (stdin: `input`, through a
    pipe) and `env` added; its exit code."""
    data = input.encode() if isinstance(input, str) else (input or b"")
    with (
        through_a_pipe(data) as stdin,
        mock.patch.dict(os.environ, env or {}),
        mock.patch.object(sys, "argv", ["pungchow", *argv]),
        mock.patch.object(sys, "stdin", stdin),
        mock.patch.object(sys, "stdout", stdout),
        mock.patch.object(sys, "stderr", stderr),
        _typer_terminal(env),
    ):
        try:
            main()
        except SystemExit as done:
            return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return 0


def _forced_terminal(environ: Mapping[str, str]) -> bool | None:
    """typer's FORCE_TERMINAL as a fresh process computes it from its environment (typer/rich_utils.py)."""
    if environ.get("_TYPER_FORCE_DISABLE_TERMINAL"):
        return False
    return True if any(environ.get(v) for v in ("GITHUB_ACTIONS", "FORCE_COLOR", "PY_COLORS")) else None


@contextmanager
def _typer_terminal(env: dict[str, str] | None) -> Iterator[None]:
    """typer reads FORCE_COLOR once, when it is imported: one run's environment (FORCE_COLOR given to one
    test) coloured every later run's help in the process, as no process of its own would. Each run is
    given the value its environment makes, and the process's own after it."""
    own = _forced_terminal(os.environ)
    rich_utils = sys.modules.get("typer.rich_utils")
    if rich_utils is not None:
        rich_utils.FORCE_TERMINAL = _forced_terminal({**os.environ, **(env or {})})  # type: ignore[attr-defined]
    try:
        yield
    finally:
        rich_utils = sys.modules.get("typer.rich_utils")
        if rich_utils is not None:
            rich_utils.FORCE_TERMINAL = own  # type: ignore[attr-defined]


@contextmanager
def through_a_pipe(data: bytes) -> Iterator[TextIO]:
    """The read end of an OS pipe as a text stream (UTF-8, as a shell gives Python), `data` written to
    the other end by a thread (a pipe holds 64 KB) and closed after it: end of input after `data`."""
    read_end, write_end = os.pipe()

    def feed() -> None:
        with suppress(BrokenPipeError), open(write_end, "wb") as writer:  # a reader that stopped early
            writer.write(data)

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    with open(read_end, encoding="utf-8") as stdin:
        yield stdin
    feeder.join(timeout=60)


def cli(capsys: Any, *args: str) -> tuple[int, str, str]:
    """Run `pungchow ARGS` through main(): (exit code, stdout, stderr). `capsys` is taken where a test
    has it at hand, and not used: run captures the streams itself."""
    result = run(*args)
    return result.exit_code, result.stdout, result.stderr


def json_of(*argv: str) -> dict[str, Any]:
    """A command's `--json` answer, the command having succeeded (exit 0)."""
    result = run(*argv, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def off_the_line(error: dict[str, Any], line: str) -> int:
    """The column a batch gives an option's error (docs/batch.md: the word at fault, where it starts on
    its line), checked to start a word of `line`, and taken off the error object (its `column` and its
    message's ` (column N)`): what is left is what `score`, which has no line, says."""
    column: int = error.pop("column")
    suffix = f" (column {column})"
    assert error["message"].endswith(suffix), error
    error["message"] = error["message"].removesuffix(suffix)
    assert 0 < column <= len(line) and not line[column - 1].isspace(), (line, column)
    assert column == 1 or line[column - 2].isspace(), (line, column)
    return column


def score_line(args: str, *extra: str) -> dict[str, Any]:
    """A `score` line (its words as a shell splits them, then `extra`) scored in-process: its JSON fields."""
    options = from_argv([*shlex.split(args), *extra])
    return score_text(options.hand, load(options.ruleset), options.situation(), options.limit).as_dict()


def process(*argv: str, **options: Any) -> subprocess.CompletedProcess[Any]:
    """`python -m pungchow_calc ARGV...` in a fresh process, a minute at most: both streams piped (as
    bytes) unless `options`, subprocess.run's, say otherwise (`stdout=`, `input=`, `env=`, `text=`)."""
    return subprocess.run(
        [sys.executable, "-m", "pungchow_calc", *argv],
        **{"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "timeout": 60, "check": False, **options},
    )


def read_terminal(master: int) -> bytes:
    """All a pseudo-terminal showed, read from its `master` end until the other side closes."""
    chunks: list[bytes] = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed (Linux says EIO)
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def without_columns(columns: str | None) -> dict[str, str]:
    """This process's environment with COLUMNS as given (None: unset, as in a plain pipe)."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    return env if columns is None else {**env, "COLUMNS": columns}


def on_a_terminal(
    args: list[str],
    columns: str,
    encoding: str = "utf-8",
    env: dict[str, str] | None = None,
    stderr: bool = False,
) -> str:
    """`pungchow ARGS` with stdout (or, `stderr`, standard error alone) on a pseudo-terminal COLUMNS wide
    (of that encoding), `env` added to the environment: what it showed."""
    master, slave = os.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "pungchow_calc", *args],
        stdout=subprocess.DEVNULL if stderr else slave,
        stderr=slave if stderr else subprocess.DEVNULL,
        env={**without_columns(columns), "PYTHONIOENCODING": encoding, **(env or {})},
    ) as child:
        os.close(slave)
        shown = read_terminal(master)
        child.wait(timeout=60)
    os.close(master)
    return shown.decode().replace("\r\n", "\n")  # the terminal writes \n as \r\n


# Part I Example 13's table, by seat: East wins (the `!`); the others hold 13 tiles (plus one per kong).
EXAMPLE_13 = {
    "east": "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b",
    "south": "2c2c2c 5d5d5d* 9c9c GdGd 3b4b 8d",
    "west": "WwWwWw* 1c2c3c 6d7d8d 9d9d 2b3b",
    "north": "NwNwNwNw# 3c4c5c* 6c6c 7c8c Wd SwSw",
}


def squeezed(text: str) -> str:
    """`text` without its whitespace: to find a message however the terminal's width wrapped it, a long
    path broken mid-word included (the tests' temporary folders are longer under pytest-xdist)."""
    return "".join(text.split())


def seat_args(hands: dict[str, str]) -> list[str]:
    """`--SEAT HAND` for each seat, as `settle` takes a table."""
    return [word for seat, hand in hands.items() for word in (f"--{seat}", hand)]


# A fresh interpreter runs `pungchow ARGV...` through main() and says, last on stderr, how it ended and
# whether typer was imported: the commands plainly written (score, batch, the everyday evening ones)
# must run without it, as importing typer costs more than their work.
_TYPER_PROBE = """
import sys
from pungchow_calc.cli import main
sys.argv = ["pungchow", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    sys.stderr.write(f"exit {done.code}; ")
sys.stderr.write("typer imported" if "typer" in sys.modules else "no typer")
"""


def typer_probe(*argv: str) -> str:
    """stderr of `pungchow ARGV...` in a fresh process, ending `exit N; no typer` (or `typer imported`)."""
    proc = subprocess.run(
        [sys.executable, "-c", _TYPER_PROBE, *argv], capture_output=True, text=True, check=False
    )
    return proc.stderr
