"""Arbitrary text against the notation, the engine and the CLI: every input scores or is refused with a
one-line reason and exit 2; nothing raises a traceback or hangs, worst cases included."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout, suppress
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.cli import main
from pungchow_calc.engine.errors import PungchowError
from pungchow_calc.engine.hand import build
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.ruleset_files import builtin_names, load

RULESETS = [load(name) for name in builtin_names()]
NOTATION_CHARS = "123456789dbcwfsESWNRGWD!*# \t"
TOKENS = (
    [f"{r}{s}" for s in "dbc" for r in range(1, 10)]
    + ["Ew", "Sw", "Ww", "Nw", "Rd", "Gd", "Wd", "1f", "2f", "3f", "4f", "1s", "2s", "3s", "4s"]
    + ["!", "*", "#", " ", "  ", "0d", "Xw", "10c", "Ed", "5w"]
)

any_text = st.one_of(
    st.text(max_size=60),  # any unicode, control characters and NUL included
    st.text(alphabet=NOTATION_CHARS, max_size=80),  # notation letters in random order
    st.lists(st.sampled_from(TOKENS), max_size=40).map("".join),  # near-miss hands
    st.text(alphabet=NOTATION_CHARS + "\x00\x1b\u200b\u00a0\u3000é日🀄", min_size=380, max_size=420),
)


def run_main(args: list[str]) -> tuple[int, str, str]:
    """Run the console-script entry point in-process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), mock.patch.object(sys, "argv", ["pungchow", *args]):
        try:
            main()
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return code, out.getvalue(), err.getvalue()


def _one_line(message: str) -> bool:
    return message != "" and "\n" not in message and "\r" not in message and "Traceback" not in message


@given(any_text)
def test_parse_reads_or_refuses_with_a_column(text: str):
    try:
        parsed = parse(text)
    except PungchowError as error:
        assert error.code and _one_line(str(error))
        assert error.column is None or 1 <= error.column <= len(text) + 1
        return
    assert parse(parsed.code).code == parsed.code


@given(any_text, st.sampled_from(range(len(RULESETS))), st.booleans(), st.sampled_from(list(WinBy)))
def test_engine_scores_or_refuses(text: str, which: int, winner: bool, win_by: WinBy):
    situation = Situation(seat=Wind.SOUTH, winner=winner, win_by=win_by)
    try:
        result = score_text(text, RULESETS[which], situation)
    except PungchowError as error:
        assert error.code and _one_line(str(error))
        return
    assert result.score >= 0 and result.payable >= 0


OPTION_VALUES = st.one_of(
    st.sampled_from(["east", "s", "W", "north", "up", "", "-1", "0", "300", "99999999999999999999", "x"]),
    st.text(max_size=8),
)
OPTIONS = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "--drawn",
                "--loose",
                "--original-hand",
                "--last-tile",
                "--first-discard",
                "--loser",
                "--no-limit",
            ]
        ).map(lambda flag: [flag]),
        st.tuples(
            st.sampled_from(["--seat", "-s", "--round", "-w", "--win-by", "--from", "--limit", "-r"]),
            OPTION_VALUES,
        ).map(list),
    ),
    max_size=4,
).map(lambda groups: [arg for group in groups for arg in group])


@given(any_text, OPTIONS, st.booleans())
def test_cli_scores_or_refuses_in_one_line(text: str, options: list[str], as_json: bool):
    """Through `main()`, as the installed command runs (the fast path and typer's parser both)."""
    hand = ["--", text] if text.startswith("-") else [text]
    code, out, err = run_main(["score", *options, *(["--json"] if as_json else []), *hand])
    assert code in (0, 2), (code, out, err)
    assert "Traceback" not in err
    if code == 0:
        if as_json:
            assert json.loads(out)["score"] >= 0
        else:
            assert "Score: " in out
        return
    if as_json and out:
        error = json.loads(out)["error"]
        assert error["code"] and _one_line(error["message"])
    else:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), err
        assert lines[0].isprintable()


# --- worst cases decompose quickly ---------------------------------------------------------------

WORST = [
    ("four-kongs", "1c1c1c1c* 2c2c2c2c# 3c3c3c3c* 4c4c4c4c# 5c!5c", True),
    ("four-kongs-honors", "EwEwEwEw# SwSwSwSw* WwWwWwWw# NwNwNwNw* Rd!Rd", True),
    ("nine-gates-like", "1c1c1c2c3c4c5c6c7c8c9c9c9c 5c!", True),
    ("one-suit-14", "1c1c1c2c2c2c3c3c3c4c4c4c5c!5c", True),
    ("one-suit-many-ways", "2c2c2c3c3c3c4c4c4c5c5c5c6c!6c", True),
    ("compact-run", "111222333444c 5c!5c", True),
    ("loser-14-pairs-ish", "1c1c2c2c3c3c4c4c5c5c6c6c7c7c", False),
    ("loser-all-heads", "1c9c1d9d1b9bEwSwWwNwRdGdWd", False),
    ("loser-kongs", "1c1c1c1c* 2c2c2c2c# 3c3c3c3c* 4c4c4c4c# 5c5c", False),
    ("max-length-spaces", "1c " + " " * 390 + "2c", False),
    ("max-length-bangs", "1c!" * 133, True),
    ("400-chars", "1c2c3c" * 66 + "4c!4c"[:4], True),
    ("too-long", "1c" * 300, True),
    ("unicode", "１ｃ２ｃ３ｃ 🀇🀈🀉 ⅠⅡⅢ", True),
    ("control", "1c\x002c\x003c \x1b[2J 4c!4c", True),
    ("nul-only", "\x00" * 50, True),
    ("markers-only", "*#!*#!" * 60, True),
]


@pytest.mark.parametrize(("text", "winner"), [(t, w) for _, t, w in WORST], ids=[i for i, _, _ in WORST])
@pytest.mark.parametrize("ruleset", RULESETS, ids=[rs.name for rs in RULESETS])
def test_worst_cases_are_quick(text, winner, ruleset):
    started = time.process_time()  # this process's CPU: a busy machine's waits are not a blow-up
    for seat in Wind:
        try:
            score_text(text, ruleset, Situation(seat=seat, winner=winner))
        except PungchowError as error:
            assert _one_line(str(error))
    assert time.process_time() - started < 1.0


@given(
    st.lists(
        st.sampled_from(["1c", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"]), min_size=14, max_size=14
    )
)
def test_long_runs_of_one_suit_score_or_refuse_quickly(tiles: list[str]):
    """Fourteen tiles of one suit have the most arrangements a hand can have."""
    text = "".join(tiles[:-1]) + " " + tiles[-1] + "!"
    started = time.process_time()  # this process's CPU: a busy machine's waits are not a blow-up
    for ruleset in RULESETS:
        with suppress(PungchowError):
            score_text(text, ruleset, Situation())
    assert time.process_time() - started < 1.0


def test_parse_column_points_at_the_group():
    with pytest.raises(PungchowError) as caught:
        build(parse("1c2c3c 4c5c6c 1d2d4d* 7c!7c"))
    assert caught.value.column == 15


# --- the real program, in a process ----------------------------------------------------------------

PROCESS_INPUTS = [
    ("empty", ""),
    ("spaces", "   "),
    ("dash", "-"),
    ("option-like", "--json"),
    ("escape", "\x1b[31m1c"),
    ("unicode", "日本 🀄"),
    ("long", "9c" * 250),
    ("invalid-utf8", b"\xff\xfe1c".decode("utf-8", "surrogateescape")),
]


@pytest.mark.parametrize(
    ("text", "as_json"),
    [(t, False) for _, t in PROCESS_INPUTS] + [("\x1b[31m1c", True), ("日本 🀄", True)],
    ids=[i for i, _ in PROCESS_INPUTS] + ["escape-json", "unicode-json"],
)
def test_the_installed_command_refuses_cleanly(text, as_json):
    args = [sys.executable, "-m", "pungchow_calc", "score", *(["--json"] if as_json else []), "--", text]
    argv = [a.encode("utf-8", "surrogateescape") for a in args]
    done = subprocess.run(argv, capture_output=True, timeout=60)
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr
    if as_json:
        error = json.loads(done.stdout)["error"]
        assert error["code"]
    else:
        lines = done.stderr.decode("utf-8", "replace").splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ")
        assert b"\x1b" not in done.stderr


@pytest.mark.parametrize(
    "args",
    [["score", "-x"], ["score"], ["nosuch"], ["settle", "--bogus"]],
    ids=["unknown-option", "missing-hand", "unknown-command", "settle-unknown-option"],
)
def test_usage_errors_are_one_line(args):
    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "--help" in lines[0], done.stderr


# --- every command, arbitrary arguments ----------------------------------------------------------

HAND_LIKE = st.one_of(
    st.sampled_from(
        [
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c",
            "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw",
            "1c9c1d9d1b9bEwSwWwNwRdGdWd",
            "1b1b 3c4c 9d Ew Rd Gd",
            "120",
            "0",
            "-5",
        ]
    ),
    any_text,
)
COMMAND_ARGS = {
    "settle": st.lists(
        st.one_of(
            st.tuples(st.sampled_from(["--east", "--south", "--west", "--north"]), HAND_LIKE).map(list),
            st.tuples(
                st.sampled_from(["--winner", "--from", "--feeder", "--false-mahjongg", "--dead", "--limit"]),
                OPTION_VALUES,
            ).map(list),
            st.sampled_from([["--no-choice"], ["--no-limit"], ["--drawn"], ["--json"]]),
        ),
        max_size=6,
    ).map(lambda groups: [arg for group in groups for arg in group]),
    "wash": st.tuples(HAND_LIKE, st.sampled_from([[], ["-s", "south"], ["--json"], ["-r", "pung-chow"]])).map(
        lambda pair: ["--", pair[0], *pair[1]] if pair[0].startswith("-") else [pair[0], *pair[1]]
    ),
    "diff": st.tuples(
        HAND_LIKE, st.lists(st.sampled_from(["pung-chow", "pung-chow-limit", "x", ""]), max_size=3)
    ).map(lambda pair: [*(a for r in pair[1] for a in ("-r", r)), "--", pair[0]]),
    "rules": st.lists(
        st.one_of(st.sampled_from(["list", "show", "diff", "check", "pung-chow"]), any_text), max_size=3
    ),
}


@given(st.sampled_from(sorted(COMMAND_ARGS)).flatmap(lambda c: COMMAND_ARGS[c].map(lambda a: [c, *a])))
def test_every_command_answers_or_refuses_in_one_line(args: list[str]):
    code, out, err = run_main(args)
    assert code in (0, 1, 2), (args, code, err)
    assert "Traceback" not in err
    if code == 2 and not out.startswith("{") and "Usage:" not in out:  # a group alone prints its help
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (args, err)
