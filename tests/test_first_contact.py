"""First contact with the command (issue 19, points 6, 7, 15-18): Ctrl-C while it starts, output on
terminals that cannot encode every name, help printed once and named in words, completion, and the
first mistakes a new user makes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"

# The console script as pip writes it (`pungchow_calc.cli:main`), with one byte on stdout once the
# package is imported: the signal is timed from pungchow's first line, not from the interpreter's own
# start (before it, a Ctrl-C is Python's to handle, README "Exit codes").
_SCRIPT = """\
import json
import os
import re
import sys
import pungchow_calc
os.write(1, b"+")
from pungchow_calc.cli import main
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(main())
"""


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), **extra}


@pytest.fixture(scope="module")
def console_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A `pungchow` console script in a temporary directory."""
    script = tmp_path_factory.mktemp("bin") / "pungchow"
    script.write_text(_SCRIPT)
    return script


@pytest.mark.parametrize(
    "argv", [["score", HAND], ["rules", "list"], ["--help"]], ids=["score", "rules", "help"]
)
@pytest.mark.parametrize("delay_ms", [0, 5, 20, 50])
def test_ctrl_c_while_the_command_starts(console_script, argv, delay_ms):
    """Ctrl-C at any moment of the imports: one line, exit 130, never a traceback or a death by signal."""
    proc = subprocess.Popen(
        [sys.executable, str(console_script), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(COLUMNS="80"),
    )
    assert proc.stdout is not None and proc.stdout.read(1) == b"+"
    time.sleep(delay_ms / 1000)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    if proc.returncode == 0:  # the command had finished before the signal came: nothing to say
        assert err == b""
        return
    assert proc.returncode == 130, (proc.returncode, err)
    assert err == b"interrupted\n"


def test_ctrl_c_under_python_m_is_exit_130():
    """`python -m pungchow_calc`, interrupted over its first 150 ms: exit 130 and one line once
    pungchow's code runs (CPython would end a -m run by SIGINT after an interrupted dataclass build)."""
    outcomes = []
    for delay_ms in range(20, 160, 10):
        proc = subprocess.Popen(
            [sys.executable, "-m", "pungchow_calc", "score", HAND],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(),
        )
        time.sleep(delay_ms / 1000)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        outcomes.append((delay_ms, proc.returncode, err.decode(errors="replace")))
    for delay_ms, code, err in outcomes:
        if "Traceback" in err:  # only in the interpreter's own start, before pungchow's first lines
            assert "pungchow_calc/cli" not in err and "pungchow_calc/engine" not in err, (delay_ms, err)
            continue
        assert (code, err) in ((130, "interrupted\n"), (0, "")), (delay_ms, code, err)
    assert any(code == 130 for _, code, _ in outcomes), outcomes


# --- 15: a bare command group prints its help once ------------------------------------------------


@pytest.mark.parametrize("argv", [[], ["evening"], ["rules"]], ids=["pungchow", "evening", "rules"])
def test_a_bare_group_prints_its_help_once(argv):
    """`pungchow`, `pungchow evening`, `pungchow rules` alone: the help once, exit 2 (no command:
    click's usage error, README "Help and conventions")."""
    result = run(*argv, env={"COLUMNS": "100"})
    assert result.exit_code == 2
    assert result.output.count("Usage: pungchow") == 1, result.output
    assert result.stderr == ""


# --- 18: the first mistakes: a ruleset file that is not there, a pipe closed early ---------------


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("nosuch.yaml", "error: nosuch.yaml: file not found\n"),
        ("house/rules.yml", "error: house/rules.yml: file not found\n"),
        ("/", "error: /: is a directory, not a ruleset file\n"),
    ],
    ids=["yaml", "yml-in-folder", "directory"],
)
@pytest.mark.parametrize("command", [["score", HAND], ["rules", "show"], ["rules", "check"]], ids=" ".join)
def test_a_ruleset_file_not_found_says_so(command, given, message):
    argv = [*command, given] if command[0] == "rules" else [*command, "-r", given]
    result = run(*argv)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)


def test_an_unknown_ruleset_name_lists_the_shipped_ones():
    result = run("score", HAND, "-r", "nosuch")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: nosuch: no ruleset 'nosuch' (shipped: ")


CLOSED_PIPE = {
    "score": ["score", HAND],
    "score-json": ["score", HAND, "--json"],
    "score-typer": ["score", HAND, "-s", "south", "--"],  # `--`: typer reads this one
    "settle": ["settle", "--east", HAND, "--south", "8", "--west", "4", "--north", "2"],
    "rules-show": ["rules", "show", "pung-chow"],
    "help": ["--help"],
}


@pytest.mark.parametrize("argv", list(CLOSED_PIPE.values()), ids=list(CLOSED_PIPE))
def test_a_reader_that_leaves_early_is_exit_0(argv):
    """`pungchow score ... | head -1`: the reader leaves before the output is written; exit 0 and
    nothing on stderr (README, exit codes), never rich's or click's exit 1."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "pungchow_calc", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(COLUMNS="80"),
    )
    assert proc.stdout is not None
    proc.stdout.close()  # before the command has written anything: every write meets a closed pipe
    _, err = proc.communicate(timeout=60)
    assert (proc.returncode, err) == (0, b"")


def test_score_piped_into_head():
    """The shell's own pipe, as a user types it."""
    command = f"set -o pipefail; {sys.executable} -m pungchow_calc score '{HAND}' | head -1"
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60, env=_env())
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("Hand:")


# --- 7: names on a terminal that cannot encode them -----------------------------------------------

NAMES = ["Zoë", "Zoe", "Ann", "李雷"]


@pytest.fixture(scope="module")
def named_evening(tmp_path_factory: pytest.TempPathFactory) -> str:
    """An evening of one game whose players' names need UTF-8 (and two differ only by `ë`)."""
    path = str(tmp_path_factory.mktemp("evening") / "e.jsonl")
    assert run("evening", "new", path, "--players", ",".join(NAMES)).exit_code == 0
    hand = run(
        "evening", "hand", path, "RdRdRd GdGdGd* WdWdWd 2b3b4b 9c!9c", "--winner", "Ann", "--from", "Zoë",
        "--other", "Zoë=2", "--other", "Zoe=4", "--other", "李雷=6",
    )  # fmt: skip
    assert hand.exit_code == 0, hand.output
    return path


def _pungchow(*argv: str, encoding: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "pungchow_calc", *argv],
        capture_output=True,
        timeout=60,
        env=_env(PYTHONIOENCODING=encoding, COLUMNS="120"),
    )


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("output_format", ["csv", "markdown"])
def test_data_formats_are_utf8_whatever_the_terminal(named_evening, encoding, output_format):
    done = _pungchow("evening", "report", named_evening, "--format", output_format, encoding=encoding)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("utf-8")  # UTF-8, or this raises
    for name in NAMES:
        assert name in text
    if output_format == "csv":
        assert text.splitlines()[0].endswith("Zoë total,Zoe total,Ann total,李雷 total")


def test_json_report_keeps_the_names(named_evening):
    done = _pungchow("evening", "report", named_evening, "--format", "json", encoding="ascii")
    assert done.returncode == 0, done.stderr
    assert set(NAMES) <= set(json.loads(done.stdout)["players"])


# How each terminal writes the names: every name distinct, none a `?`.
WRITTEN = {
    "ascii": {"Zoë": "Zo\\xeb", "Zoe": "Zoe", "Ann": "Ann", "李雷": "\\u674e\\u96f7"},
    "latin-1": {"Zoë": "Zoë", "Zoe": "Zoe", "Ann": "Ann", "李雷": "\\u674e\\u96f7"},
}


@pytest.mark.parametrize("encoding", list(WRITTEN))
@pytest.mark.parametrize("command", [["report"], ["stats"], ["status"]], ids=" ".join)
def test_terminal_text_keeps_names_distinct(named_evening, encoding, command):
    done = _pungchow("evening", *command, named_evening, encoding=encoding)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)
    assert "?" not in text
    for written in WRITTEN[encoding].values():
        assert written in text, text


@pytest.mark.parametrize("encoding", list(WRITTEN))
@pytest.mark.parametrize("command", [["report"], ["stats"]], ids=" ".join)
def test_escaped_names_keep_the_columns_aligned(named_evening, encoding, command):
    """The escapes are measured with the rest: each name starts where its column starts."""
    done = _pungchow("evening", *command, named_evening, encoding=encoding)
    lines = done.stdout.decode(encoding).splitlines()
    rule_at = next(i for i, line in enumerate(lines) if line.startswith("-"))
    rule, header = lines[rule_at], lines[rule_at - 1]
    starts = [i for i, c in enumerate(rule) if c == "-" and (i == 0 or rule[i - 1] == " ")]
    rows = [header] if command == ["report"] else lines[rule_at + 1 : rule_at + 5]
    for written in WRITTEN[encoding].values():
        found = [row.index(written) for row in rows if written in row]
        assert found and all(at in starts for at in found), (written, rows, starts)
