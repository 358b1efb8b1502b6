"""Help and conventions: --version/-V, -h, shell completion, the notation in `score --help`, JSON
usage errors, and output that fits a 60- or 80-column terminal."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from unittest import mock

import pytest
from cli_helpers import run

from pungchow_calc import __version__

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
KONGS = "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw"
LOSER = "RdRdRd 2b2b 2c3c4c SwSw 9d 7b 8b"


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    result = run(flag)
    assert result.exit_code == 0
    assert result.stdout == f"pungchow {__version__}\n"


@pytest.mark.parametrize("argv", [["-h"], ["--help"], ["score", "-h"], ["rules", "show", "-h"]])
def test_short_and_long_help(argv):
    result = run(*argv, env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert "Usage: pungchow" in result.stdout


# A help option where a value is due was read as the value (East's hand: "--help is not a tile
# group"); the help is shown, as anywhere else on the line. `--east=--help` stays a value, as in click.
@pytest.mark.parametrize(
    ("argv", "usage"),
    [
        (["settle", "--east", "--help"], "Usage: pungchow settle"),
        (["settle", "--east", "-h"], "Usage: pungchow settle"),
        (["score", HAND, "-s", "--help"], "Usage: pungchow score"),
    ],
    ids=["settle-east-help", "settle-east-h", "score-seat-help"],
)
def test_settle_east_help(argv: list[str], usage: str) -> None:
    result = run(*argv, env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert usage in result.stdout


def test_completion_is_offered_and_start_up_still_works():
    result = run("--help", env={"COLUMNS": "100"})
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout
    # `--show-completion` names the shell it runs under (typer asks shellingham, which reads the parent
    # processes): run from bash, as a user types it, whatever started pytest (a job in the background
    # has no shell above it, and got "Shell  not supported."). `; exit $?` keeps bash from exec'ing it.
    command = f"{shlex.quote(sys.executable)} -m pungchow_calc --show-completion; exit $?"
    done = subprocess.run(
        ["bash", "-c", command],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SHELL": "/bin/bash"},
    )
    assert done.returncode == 0, done.stderr
    assert "complete" in done.stdout
    assert run("score", HAND, "--json").exit_code == 0


@pytest.mark.parametrize("option", ["--show-completion", "--install-completion"])
def test_completion_under_sh_says_which_shells_in_one_line(option):
    # Regression: under sh (dash) typer printed `Shell sh not supported.` and exited 1, a failed batch
    # entry's code, with no `error:`; nothing is installed either way.
    done = subprocess.run(
        ["sh", "-c", f"{shlex.quote(sys.executable)} -m pungchow_calc {option}; exit $?"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SHELL": "/bin/sh"},
    )
    said = f"error: {option}: pungchow completes bash, zsh, fish and PowerShell, and runs under sh: "
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == said + "run it from one of them\n"


def test_completion_where_no_shell_is_found_says_so():
    import shellingham

    with mock.patch.object(shellingham, "detect_shell", side_effect=shellingham.ShellDetectionFailure):
        result = run("--show-completion")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "error: --show-completion: pungchow completes bash, zsh, fish and PowerShell, and finds no shell"
        " running it: run it from one of them\n"
    )


def test_score_help_explains_the_notation():
    out = run("score", "--help", env={"COLUMNS": "100"}).stdout
    for text in (
        "1d..9d",
        "1b..9b",
        "1c..9c",
        "Ew Sw Ww Nw",
        "Rd Gd Wd",
        "1f..4f",
        "* (exposed)",
        "# (a kong",
    ):
        assert text in out
    assert "! straight after a tile" in out
    assert out.count("pungchow score '") == 2  # two examples
    assert "HAND" in out and "SEAT" in out and "NAME|PATH" in out
    assert "Print the result as JSON (`pungchow docs json`)" in out


@pytest.mark.parametrize(
    "argv",
    [["score", "--bogus", "--json"], ["score", HAND, "--json", "--limit"], ["diff", HAND, "--json"]],
    ids=["unknown-option", "missing-value", "missing-ruleset"],
)
def test_usage_errors_under_json_are_json(argv):
    result = run(*argv)
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "usage" and error["message"]
    assert result.stderr == ""


def test_an_unquoted_hand_gets_a_hint():
    result = run("score", "1b1b1b", "3c3c3c", "5d5d5d*", "4b4b4b*", "7c!7c")
    assert result.exit_code == 2
    assert result.stderr == "error: pungchow score takes the hand as one argument: put it in quotes\n"


# --- narrow terminals ----------------------------------------------------------------------------

WIDE = {
    "score": ["score", KONGS, "-s", "n"],
    "score-loser": ["score", LOSER, "--loser", "-s", "s"],
    "diff": ["diff", HAND, "-r", "pung-chow", "-r", "pung-chow-limit", "-s", "s"],
    "settle": ["settle", "--east", HAND, "--south", LOSER, "--west", "8", "--north", "12", "--from", "s"],
}


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("args", list(WIDE.values()), ids=list(WIDE))
def test_output_fits_the_terminal(args, width):
    result = run(*args, "--ascii", env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line.rstrip()) <= width for line in lines), "\n".join(lines)
    # Every set of a winning hand is whole on some line: none is split across two.
    hands = [a for a in args if "!" in a]
    for hand in hands:
        for group in hand.split():
            canonical = group.replace("!", "")
            assert any(canonical in line.replace("!", "") for line in lines), (group, "\n".join(lines))


@pytest.mark.parametrize(
    "command",
    [
        [],
        ["score"],
        ["diff"],
        ["wash"],
        ["settle"],
        ["batch"],
        ["rules"],
        ["rules", "show"],
        ["rules", "check"],
    ],
    ids=lambda c: " ".join(c) or "pungchow",
)
def test_help_names_values_by_words(command):
    """Values are named HAND, SEAT, N ... and flags by nothing: never typer's <str>, <bool>, <int>."""
    result = run(*command, "--help", env={"COLUMNS": "120"})
    assert result.exit_code == 0
    assert "<" not in result.stdout, result.stdout


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("args", list(WIDE.values()), ids=list(WIDE))
def test_glyph_output_fits_the_terminal(args, width):
    """With glyphs too: no line wider than the terminal (in cells), no set split across lines."""
    from rich.cells import cell_len

    from pungchow_calc.render.terminal import set_text

    result = run(*args, env={"COLUMNS": str(width), "PYTHONIOENCODING": "utf-8"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(cell_len(line.rstrip()) <= width for line in lines), "\n".join(lines)
    for hand in (a for a in args if "!" in a):
        for group in hand.split():
            glyphs = set_text(group.replace("!", ""), ascii_only=False)
            assert any(glyphs in line.replace("!", "") for line in lines), (group, "\n".join(lines))


@pytest.mark.parametrize(
    "group",
    [pytest.param("evening", id="evening-wash-not-first"), pytest.param("rules", id="rules-diff-not-first")],
)
def test_a_group_help_lists_its_commands_as_declared(group):
    # `evening --help` listed `wash` before `new`, and `rules --help` `diff` before `list`: the top-level
    # order (where `wash` and `diff` are commands too) sorted a group's commands of the same name.
    from pungchow_calc.cli import spec

    declared = [c.path[1] for c in spec.COMMANDS if len(c.path) == 2 and c.path[0] == group]
    shown = run(group, "--help", env={"COLUMNS": "100"}).stdout
    listed = re.findall(r"^│ ([a-z-]+) ", shown[shown.index("Commands") :], re.MULTILINE)
    assert listed == declared, shown


# `--ippatsu` and `--ura` said "(needs --riichi)": a double riichi's ippatsu typed so, with --riichi
# beside --double-riichi, is refused (riichi is declared once). Both name either.
@pytest.mark.parametrize("command", ["score", "settle", "diff"])
def test_help_ippatsu_ura_needs_riichi_or_double_riichi(command: str) -> None:
    result = run(command, "--help", env={"COLUMNS": "200"})
    assert result.exit_code == 0
    lines = [line for line in result.stdout.splitlines() if "--ippatsu" in line or "--ura " in line]
    assert len(lines) == 2 and all("(needs --riichi or --double-riichi)" in line for line in lines), lines


@pytest.mark.parametrize("columns", ["60", "80"])
def test_settle_help_draw_says_a_ruleset_may_settle_nothing(columns: str) -> None:
    """Regression: `settle --help` said a draw's hands "settle differences only", where under
    `draw_settles: false` (classical-bmja, classical-dmjl: Kajongg's) a draw settles nothing."""
    result = run("settle", "--help", env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    said = " ".join(word for line in result.stdout.splitlines() for word in line.strip(" │").split())
    assert (
        "the hands settle their differences, or nothing where the ruleset says so (draw_settles: false)"
        in said
    )
    assert "differences only" not in said


# rich pads each help line outside a panel to the terminal's width: the lines are written without those
# spaces (cli/typer_app._help_output), a colour code among them kept, so a style still ends.
@pytest.mark.parametrize("colour", [{}, {"FORCE_COLOR": "1", "TERM": "xterm"}], ids=["plain", "colour"])
@pytest.mark.parametrize("width", ["60", "80"])
@pytest.mark.parametrize(
    "command",
    [[], ["settle"], ["evening"], ["evening", "draw"], ["rules", "check"]],
    ids=lambda c: " ".join(c) or "pungchow",
)
def test_help_lines_end_without_padding(command: list[str], width: str, colour: dict[str, str]) -> None:
    result = run(*command, "--help", env={"COLUMNS": width, **colour})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "Usage: " in re.sub(r"\x1b\[[0-9;]*m", "", result.stdout)
    assert ("\x1b[" in result.stdout) is bool(colour)
    assert not [line for line in lines if re.search(r" (?:\x1b\[[0-9;]*m)*$", line)], lines
    assert lines[0] in ("", "\x1b[1m\x1b[0m") and max(len(line) for line in lines) > 40


def test_help_without_a_command_ends_without_padding() -> None:
    """`pungchow` alone prints its help (exit 2, no command was given): trimmed too."""
    result = run(env={"COLUMNS": "80"})
    assert result.exit_code == 2
    assert "Usage: pungchow" in result.stdout and not re.search(r" $", result.stdout, re.M)
