"""Output that cannot be written (a full disk) or encoded (an ASCII or Latin-1 terminal): one line
and exit 3 for the first, plain ASCII output for the second; never a traceback. A full disk is a
subprocess's, whose real standard output is /dev/full; an encoding is only the stream's to pungchow
(render/ascii.py reads it off the stream), so cli_helpers.encoded runs those in this process."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from cli_helpers import encoded, process

from pungchow_calc.cli.batch_output import records_said
from pungchow_calc.cli.failure import EXIT_OUTPUT_FAILED
from pungchow_calc.evening.report import ASCII_SPARKS, SPARKS

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
    # every JSON output of docs/json.md, an error object included (README: exit 3, not 2)
    "error-json": ["score", "1b1b1b", "--json"],
    "settle-json": ["settle", "--east", HAND, "--south", "20", "--json"],
    "diff-json": ["diff", HAND, "-r", "pung-chow", "-r", "pung-chow-limit", "--json"],
    "wash-json": ["wash", "1b9b1c9c1dEwSwWwNwRdGdWd5b", "-r", "pung-chow-limit", "-s", "s", "--json"],
    "rules-list-json": ["rules", "list", "--json"],
    "rules-show-json": ["rules", "show", "riichi-ema-2016", "--json"],
    "rules-diff-json": ["rules", "diff", "pung-chow", "samples/house-rules.yaml", "--json"],
    "rules-check-json": ["rules", "check", "samples/house-rules.yaml", "--json"],
    "evening-report-json": ["evening", "report", "samples/evening-part1.jsonl", "--format", "json"],
}


def _pungchow(args: list[str], stdout: object = subprocess.PIPE, env: dict[str, str] | None = None):
    return process(*args, stdout=stdout, env={**os.environ, **(env or {})})


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


@pytest.mark.parametrize("output_format", ["table", "jsonl", "json", "csv"])
def test_batch_compare_to_a_full_disk(batch_file, output_format):
    compare = ["--compare", "pung-chow", "pung-chow-limit", "--format", output_format]
    with open("/dev/full", "wb") as full:
        _assert_output_failed(_pungchow(["batch", str(batch_file), *compare], stdout=full))


def _whole_records(output_format: str, data: str) -> list[int]:
    """The line numbers of the records of a batch's output, each parsed whole (a torn one raises)."""
    import csv
    import io
    import json
    import re

    if output_format == "json":
        return [record["line"] for record in json.loads(data)]
    assert data.endswith("\n") or not data  # no record cut in half
    if output_format == "jsonl":
        return [json.loads(line)["line"] for line in data.splitlines()]
    if output_format == "csv":
        return [int(row[0]) for row in list(csv.reader(io.StringIO(data)))[1:]]
    return [int(re.match(r" *(\d+)  ", row)[1]) for row in data.splitlines()[1:]]  # type: ignore[index]


@pytest.mark.parametrize("workers", ["1", "2"], ids=["one-process", "workers"])
@pytest.mark.parametrize("output_format", ["table", "jsonl", "json", "csv"])
def test_batch_filling_the_disk_part_way_keeps_whole_records_and_says_how_many(
    tmp_path: Path, output_format: str, workers: str
):
    """A file that can take only part of the output (a full disk, a quota; here a file size limit):
    a worker's chunk the disk took in part was dropped without a word, the batch exiting 1 with 124
    lines of 300, the last cut in half. Now the file is cut back to its whole records (a JSON array
    closed), and the one line says how many there are, exit 3."""
    import resource

    path = tmp_path / "hands.txt"
    path.write_text(f"'{HAND}'\n'{KONGS}' -s n\nbad\n" * 100)
    whole = _pungchow(["batch", str(path), "--format", output_format, "--workers", workers])
    limit = len(whole.stdout) // 2

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    out = tmp_path / "out"
    with out.open("wb") as stdout:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pungchow_calc",
                "batch",
                str(path),
                "-f",
                output_format,
                "--workers",
                workers,
            ],
            stdout=stdout,
            stderr=subprocess.PIPE,
            preexec_fn=small_files,  # noqa: PLW1509 - only a limit, set before the exec
            timeout=60,
            check=False,
        )
    lines = _whole_records(output_format, out.read_text(encoding="utf-8"))
    assert done.returncode == EXIT_OUTPUT_FAILED
    assert (
        done.stderr.decode()
        == f"error: cannot write output: File too large; {records_said(len(lines))} written, whole\n"
    )
    assert 0 < len(lines) < 300 and lines == list(range(1, len(lines) + 1))


@pytest.mark.parametrize("output_format", ["table", "jsonl", "json", "csv"])
def test_batch_appended_to_a_full_file_keeps_what_the_file_held(tmp_path: Path, output_format: str):
    """`batch hands.txt >> results.txt` on a disk that takes nothing more: a file opened to append stands
    at offset 0 until its first write, and the records' end was read there, so the cut back to the
    whole records emptied the file of what it held before the batch. It keeps it; no record is added."""
    import resource

    path = tmp_path / "hands.txt"
    path.write_text(f"'{HAND}'\n'{KONGS}' -s n\n" * 50)
    out = tmp_path / "results.txt"
    before = "the results of last week, kept\n" * 40
    out.write_text(before, encoding="utf-8")
    limit = len(before.encode()) + 10  # room for less than the first write

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    stdout = os.open(out, os.O_WRONLY | os.O_APPEND)  # as the shell's >> opens it: no seek to its end
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pungchow_calc", "batch", str(path), "-f", output_format],
            stdout=stdout,
            stderr=subprocess.PIPE,
            preexec_fn=small_files,  # noqa: PLW1509 - only a limit, set before the exec
            timeout=60,
            check=False,
        )
    finally:
        os.close(stdout)
    assert done.returncode == EXIT_OUTPUT_FAILED, done.stderr
    assert done.stderr.decode() == "error: cannot write output: File too large; 0 records written, whole\n"
    # What it held, and for JSON the array of no records the batch began, closed (as on an empty file).
    assert out.read_text(encoding="utf-8") == before + ("[]\n" if output_format == "json" else "")


def test_output_failure_is_not_an_entry_failure():
    """Exit 1 means a batch entry failed, 2 bad input; a full disk is neither."""
    from pungchow_calc.cli.batch_run import EXIT_ENTRY_FAILED
    from pungchow_calc.cli.failure import EXIT_BAD_INPUT

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
    done = encoded(*args, encoding=encoding, env={"COLUMNS": "100"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert done.stdout.isascii()
    if args[0] in ("score", "settle", "diff") or args[:2] == ["rules", "show"]:
        assert b"|" in done.stdout  # tables drawn with rich's box.ASCII


@pytest.fixture(scope="module")
def cafe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A hand and the line `café`, 150 times: past the first 100 entries, so the workers score some."""
    path = tmp_path_factory.mktemp("cafe") / "cafe.txt"
    path.write_text(f"'{HAND}'\ncafé\n" * 150, encoding="utf-8")
    return path


@cache
def _utf8_batch(path: Path, output_format: str) -> bytes:
    """The batch of `path` in `output_format` on a UTF-8 stream: what the data formats always are."""
    return encoded("batch", str(path), "--format", output_format, encoding="utf-8").stdout


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("output_format", ["csv", "table", "jsonl", "json"])
def test_batch_of_cafe_on_a_narrow_encoding(cafe, output_format, encoding, workers):
    """A line `café` (an error record naming it) on an ASCII terminal was a UnicodeEncodeError
    traceback in csv and table, and Latin-1 bytes in a Latin-1 terminal's CSV. CSV and JSON are data,
    UTF-8 whatever the terminal; the table is the terminal's text, `caf\\xe9` on ASCII."""
    path = cafe
    done = encoded("batch", str(path), "--format", output_format, "--workers", workers, encoding=encoding)
    assert (done.returncode, done.stderr) == (1, b""), done.stderr.decode(errors="replace")[-300:]
    if output_format == "table":
        shown = {"ascii": b"caf\\xe9 is not", "latin-1": "café is not".encode("latin-1")}[encoding]
    else:
        shown = {"csv": "café is not".encode(), "jsonl": b"caf\\u00e9 is not", "json": b"caf\\u00e9 is not"}[
            output_format
        ]
    assert done.stdout.count(shown) == 150
    if output_format != "table":
        assert done.stdout == _utf8_batch(path, output_format)


TILE_COMMANDS = {name: args for name, args in ENCODED.items() if args[0] != "rules"}  # those with --ascii


@pytest.mark.parametrize("args", list(TILE_COMMANDS.values()), ids=list(TILE_COMMANDS))
def test_ascii_option_is_pure_ascii(args):
    done = encoded(*args, "--ascii", encoding="utf-8", env={"COLUMNS": "100"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii(), done.stdout.decode()
    for glyph in ("—", "×", "−", "·", "│", "━"):
        assert glyph.encode() not in done.stdout


def test_glyphs_by_default_on_a_utf8_terminal():
    done = encoded(*ENCODED["score"], encoding="utf-8")
    assert done.returncode == 0
    assert "\U0001f004".encode() in done.stdout


# --- the evening commands -----------------------------------------------------------------------

PLAYERS = "Zoë,Bob,Cy,Di"  # a name outside ASCII: an ASCII terminal shows it escaped, `Zo\xeb`
# What each terminal shows of it (a Latin-1 terminal can write `ë`); CSV and Markdown are UTF-8 data.
SHOWN = {"ascii": b"Zo\\xeb", "latin-1": "Zoë".encode("latin-1"), "data": "Zoë".encode()}
OTHERS = ["--other", "Bob=10", "--other", "Cy=20", "--other", "Di=4"]
EVENING = {
    "new": ["evening", "new", "{new}", "--players", PLAYERS, "-r", "pung-chow-limit"],
    "hand": ["evening", "hand", "{log}", HAND, "--winner", "Zoë", *OTHERS],
    "draw": ["evening", "draw", "{log}", "--other", "Zoë=2", *OTHERS],
    "false-mahjongg": ["evening", "false-mahjongg", "{log}", "Cy"],
    "undo": ["evening", "undo", "{log}"],
    "amend": ["evening", "amend", "{log}", "1", KONGS, "--winner", "Zoë", *OTHERS],
    "status": ["evening", "status", "{log}"],
    "report": ["evening", "report", "{log}", "--breakdown"],
    "report-markdown": ["evening", "report", "{log}", "--format", "markdown"],
    "report-csv": ["evening", "report", "{log}", "--format", "csv"],
    "stats": ["evening", "stats", "{log}"],
    "chart": ["evening", "chart", "{log}"],
    "play": ["evening", "play", "{log}"],
}
PLAY_INPUT = "status\nreport\nBob\n1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c\nwall\n\n8\n4\n2\ny\nquit\n"


@pytest.fixture(scope="module")
def evening_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An evening of three games, its first player named outside ASCII (built in-process, once)."""
    from cli_helpers import run

    path = tmp_path_factory.mktemp("evening") / "evening.jsonl"
    for args in (
        ["evening", "new", str(path), "--players", PLAYERS, "-r", "pung-chow-limit"],
        ["evening", "hand", str(path), HAND, "--winner", "Zoë", *OTHERS],
        ["evening", "hand", str(path), KONGS, "--winner", "Bob", "--other", "Zoë=6", *OTHERS[2:]],
        ["evening", "draw", str(path)],
    ):
        assert run(*args).exit_code == 0
    return path


def _evening_args(args: list[str], log: Path, tmp_path: Path) -> list[str]:
    """The command's arguments on a fresh copy of the evening (commands that record must not share it)."""
    copy = tmp_path / "evening.jsonl"
    copy.write_bytes(log.read_bytes())
    return [a.format(log=copy, new=tmp_path / "new.jsonl") for a in args]


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("args", list(EVENING.values()), ids=list(EVENING))
def test_a_narrow_encoding_gets_ascii_evening_output(evening_log, tmp_path, args, encoding):
    done = encoded(
        *_evening_args(args, evening_log, tmp_path),
        encoding=encoding,
        env={"COLUMNS": "80"},
        input=PLAY_INPUT if args[1] == "play" else None,
    )
    assert (done.returncode, done.stderr) == (0, b""), done.stderr.decode()
    data = "--format" in args
    if encoding == "ascii" and not data:
        assert done.stdout.isascii(), done.stdout.decode(encoding, "replace")
    done.stdout.decode("utf-8" if data else encoding)  # the terminal's encoding, or UTF-8 for data
    assert b"Zo?" not in done.stdout
    assert SHOWN["data" if data else encoding] in done.stdout or args[1] == "false-mahjongg"  # Cy only
    if args[1] in ("status", "play"):
        assert b"Check: totals sum to 0 - ok" in done.stdout
    if args[1] == "status":
        assert _running(done.stdout.decode(encoding)) <= set(ASCII_SPARKS)


@pytest.mark.parametrize("args", list(EVENING.values()), ids=list(EVENING))
def test_evening_ascii_option_is_pure_ascii(evening_log, tmp_path, args, monkeypatch):
    import io

    from cli_helpers import run

    monkeypatch.setattr(sys, "stdin", io.StringIO(PLAY_INPUT))  # read by `play` only
    done = run(*_evening_args(args, evening_log, tmp_path), "--ascii")
    assert (done.exit_code, done.stderr) == (0, ""), done.stderr
    if "--format" in args:  # CSV and Markdown are data: UTF-8 even with --ascii (docs/evening.md)
        assert "Zoë" in done.stdout
        return
    assert done.stdout.isascii(), done.stdout
    assert "Zo\\xeb" in done.stdout or args[1] == "false-mahjongg"


def test_evening_status_draws_glyphs_on_a_utf8_terminal(evening_log):
    from cli_helpers import run

    done = run("evening", "status", str(evening_log))
    assert done.exit_code == 0
    assert "Zoë" in done.stdout and " · " in done.stdout and "—" in done.stdout
    assert _running(done.stdout) <= set(SPARKS)


def _running(status: str) -> set[str]:
    """The characters of the sparklines (`Running`) in `evening status`: four, one a game and one before."""
    rows = [line.split() for line in status.splitlines() if line.startswith(("Zo", "Bob", "Cy", "Di"))]
    assert len(rows) == 4 and all(len(row[-1]) == 4 for row in rows), rows
    return {ch for row in rows for ch in row[-1]}


def test_evening_status_to_a_full_disk(evening_log):
    with open("/dev/full", "wb") as full:
        _assert_output_failed(_pungchow(["evening", "status", str(evening_log)], stdout=full))


def test_evening_status_of_xff_jsonl_to_a_strict_utf_8_output_writes_its_escape(tmp_path):
    """Regression: a log named in bytes the system's encoding cannot read (`\\xff.jsonl`, a Latin-1
    name on a UTF-8 system) was shown by `status` through a UTF-8 output that refuses such names (a
    UTF-8 locale's, PYTHONIOENCODING=utf-8): a traceback (UnicodeEncodeError). Written as its escape,
    as standard error writes it."""
    folder = os.fsencode(tmp_path)
    try:
        with open(folder + b"/\xff.jsonl", "wb") as log, open("samples/evening-part1.jsonl", "rb") as sample:
            log.write(sample.read())
    except OSError:  # a file system that takes only UTF-8 names (macOS): nothing to show
        pytest.skip("no file can be named in bytes that are not UTF-8 here")
    done = _pungchow(
        ["evening", "status", os.fsdecode(folder + b"/\xff.jsonl")], env={"PYTHONIOENCODING": "utf-8"}
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert done.stdout.startswith(b"\\udcff.jsonl \xc2\xb7 pung-chow")


HAND = "1b1b1b 9d9d9d 2c3c4c 5c5c5c 6c!6c"


def test_json_of_a_ruleset_file_named_in_bytes_not_utf_8_holds_no_lone_surrogate(tmp_path, monkeypatch):
    """Regression: `-r $'x\\xff.yaml' --json` wrote `"file": "x\\udcff.yaml"`, a lone surrogate, which
    strict JSON readers refuse and UTF-8 cannot encode; and a file with no `name:` was named `n\\udcff`
    in every record. Each is written as the message shows it, `x\\\\udcff.yaml`."""
    from cli_helpers import run

    monkeypatch.chdir(tmp_path)
    try:
        with open(b"n\xff.yaml", "wb") as house:
            house.write(b"extends: pung-chow\n")
    except OSError:  # a file system that takes only UTF-8 names (macOS)
        pytest.skip("no file can be named in bytes that are not UTF-8 here")
    import json

    said = {
        ("score", "x"): lambda data: data["error"]["file"],
        ("score", "n"): lambda data: data["ruleset"],
        ("rules", "n"): lambda data: data["file"],
    }
    expected = {("score", "x"): "x\\udcff.yaml", ("score", "n"): "n\\udcff", ("rules", "n"): "n\\udcff.yaml"}
    for (command, stem), field in said.items():
        argv = ["score", HAND, "-r"] if command == "score" else ["rules", "check"]
        result = run(*argv, f"{stem}\udcff.yaml", "--json")
        result.stdout.encode("utf-8")  # strict: no lone surrogate
        assert field(json.loads(result.stdout)).endswith(expected[command, stem]), result.stdout
