"""Output that cannot be written (a full disk) or encoded (an ASCII or Latin-1 terminal): one line
and exit 3 for the first, plain ASCII output for the second; never a traceback. Subprocesses, since
both are about the real standard output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pungchow_calc.cli.common import EXIT_OUTPUT_FAILED

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
KONGS = "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw"
COMMANDS = {
    "score": ["score", KONGS, "--seat", "north"],
    "score-json": ["score", KONGS, "--seat", "north", "--json"],
    "score-slow-path": ["score", HAND, "--"],
    "settle": ["settle", "--east", HAND, "--south", "20", "--west", "8"],
    "diff": ["diff", HAND, "-r", "pung-chow", "-r", "pung-chow-limit"],
    "rules-show": ["rules", "show", "pung-chow-limit"],
    "wash": ["wash", "1b9b1c9c1dEwSwWwNwRdGdWd5b", "-r", "pung-chow-limit", "-s", "s"],
}


def _pungchow(args: list[str], stdout: object = subprocess.PIPE, env: dict[str, str] | None = None):
    return subprocess.run(
        [sys.executable, "-m", "pungchow_calc", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
        timeout=60,
        check=False,
    )


@pytest.fixture
def batch_file(tmp_path: Path) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text(f"'{HAND}'\n'{KONGS}' -s n\n")
    return path


def _assert_output_failed(done: subprocess.CompletedProcess[bytes]) -> None:
    assert done.returncode == EXIT_OUTPUT_FAILED
    assert done.stderr == b"error: cannot write output: No space left on device\n"


@pytest.mark.parametrize("args", list(COMMANDS.values()), ids=list(COMMANDS))
def test_full_disk_is_one_line_and_exit_3(args):
    with open("/dev/full", "wb") as full:
        _assert_output_failed(_pungchow(args, stdout=full))


@pytest.mark.parametrize("output_format", ["table", "jsonl", "json", "csv"])
def test_batch_to_a_full_disk(batch_file, output_format):
    with open("/dev/full", "wb") as full:
        _assert_output_failed(_pungchow(["batch", str(batch_file), "--format", output_format], stdout=full))


def test_output_failure_is_not_an_entry_failure():
    """Exit 1 means a batch entry failed, 2 bad input; a full disk is neither."""
    from pungchow_calc.cli.batch import EXIT_ENTRY_FAILED
    from pungchow_calc.cli.common import EXIT_BAD_INPUT

    assert len({EXIT_OUTPUT_FAILED, EXIT_ENTRY_FAILED, EXIT_BAD_INPUT}) == 3


# --- a terminal that cannot show the glyphs ------------------------------------------------------

ENCODED = {
    "score": ["score", KONGS, "--seat", "north"],
    "settle": ["settle", "--east", HAND, "--south", "20", "--west", "8"],
    "diff": ["diff", HAND, "-r", "pung-chow", "-r", "pung-chow-limit"],
    "rules-show": ["rules", "show", "pung-chow-limit"],
    "rules-diff": ["rules", "diff", "pung-chow", "pung-chow-limit"],
    "wash": ["wash", "1b9b1c9c1dEwSwWwNwRdGdWd5b", "-r", "pung-chow-limit", "-s", "s"],
}


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("args", list(ENCODED.values()), ids=list(ENCODED))
def test_a_narrow_encoding_gets_ascii_output(args, encoding):
    done = _pungchow(args, env={"PYTHONIOENCODING": encoding, "COLUMNS": "100"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert done.stdout.isascii()
    if args[0] in ("score", "settle", "diff") or args[:2] == ["rules", "show"]:
        assert b"|" in done.stdout  # tables drawn with rich's box.ASCII


TILE_COMMANDS = {name: args for name, args in ENCODED.items() if args[0] != "rules"}  # those with --ascii


@pytest.mark.parametrize("args", list(TILE_COMMANDS.values()), ids=list(TILE_COMMANDS))
def test_ascii_option_is_pure_ascii(args):
    done = _pungchow([*args, "--ascii"], env={"PYTHONIOENCODING": "utf-8", "COLUMNS": "100"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii(), done.stdout.decode()
    for glyph in ("—", "×", "−", "·", "│", "━"):
        assert glyph.encode() not in done.stdout


def test_glyphs_by_default_on_a_utf8_terminal():
    done = _pungchow(ENCODED["score"], env={"PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0
    assert "\U0001f004".encode() in done.stdout
