"""Shared helpers of the evening tests: run the installed entry point, and a few hands."""

from __future__ import annotations

import contextlib
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Result, cli
from cli_helpers import run as in_process

WINS = (
    "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c",
    "EwEwEw* 1b2b3b 4c5c6c 7d8d9d Rd!Rd",
    "2c3c4c 5c6c7c* 8d8d8d GdGdGd* 9b!9b",
    "RdRdRd GdGdGd* WdWdWd 2b3b4b 9c!9c",
)
LOSER = "2d2d2d 6b7b8b* 9d9d 3c4c 1c Nw Sw"  # 13 tiles, no winning tile
WASH_13 = "1b9b1c9c1d9dEwSwWwNwRdGdWd"  # thirteen different heads (13 tiles: not East)
WASH_9 = "1b9b1c9c1dEwSwWwNw 2b3b4b5b"  # nine different heads
PLAYERS = ["Ann", "Bob", "Cy", "Di"]  # the table of most evenings: Ann sits East


@contextlib.contextmanager
def as_an_older_pungchow() -> Iterator[None]:
    """Within it, an evening records a game as a pungchow did before a new game's refusals (evening
    record.refuse_as_new lifted): to show that such a game is replayed as it was recorded."""
    from pungchow_calc.evening import record

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(record, "refuse_as_new", lambda settlement: None)
        yield


def ok(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run a command that must succeed; its stdout."""
    code, out, err = cli(capsys, *args)
    assert code == 0, (args, out, err)
    return out


def status(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    """`evening status FILE --json`."""
    return json.loads(ok(capsys, "evening", "status", str(path), "--json"))


def run(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`pungchow ARGS` through main() in this process, `stdin` fed through a real pipe and `env` added
    (cli_helpers.run): what a subprocess would give. A fresh process costs a third of a second; a test
    that needs one (a signal, a terminal) runs cli_helpers.process itself."""
    result = in_process(*args, input=stdin, env=env)
    return subprocess.CompletedProcess(["pungchow", *args], result.exit_code, result.stdout, result.stderr)


def succeeds(*args: str) -> Result:
    """A command a test's set-up or another terminal runs (`evening new`, `hand`, `undo`, ...), through
    main() in this process: what it said, having succeeded (exit 0). A fresh process costs a third of
    a second, and a test of `evening play` needs one only for `play` itself, whose terminal it drives."""
    result = in_process(*args)
    assert result.exit_code == 0, (args, result.output)
    return result


def new_evening(tmp_path: Path, *extra: str) -> Path:
    """`evening new` of PLAYERS, `extra` its options (through main(), in this process); the log,
    tmp_path/e.jsonl."""
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", ",".join(PLAYERS), *extra)
    return path


def hand(
    path: Path, winner: str, players: list[str], win: str = WINS[0], again: bool = True, **extra: str
) -> list[str]:
    """Arguments of `evening hand`: the winner's hand and every other player as a plain score; with
    `--again` unless `again` is False (a test records the same game seconds apart on purpose:
    record.check_repeat; `amend`, which takes the same options but `--again`, is given [3:] of it)."""
    args = ["evening", "hand", str(path), "--winner", winner, win, *(["--again"] if again else [])]
    for i, name in enumerate(p for p in players if p != winner):
        args += ["--other", f"{name}={4 * (i + 1)}"]
    for key, value in extra.items():
        args += [f"--{key.replace('_', '-')}", value] if value else [f"--{key.replace('_', '-')}"]
    return args
