"""The command line as a user who makes typos types it: misspelled, missing, empty and repeated
options, streams closed or full, help at 60 and 80 columns, and random argument lists built from the
spec's own option names plus junk. Every line ends with a documented exit code and, for an error,
exactly one line `error: ...` (README "Help and conventions", "Trust" -> "Exit codes")."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
from pathlib import Path

import pytest
from cli_helpers import process, run
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.cli import spec
from pungchow_calc.cli.failure import EXIT_BAD_INPUT, EXIT_OUTPUT_FAILED

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
PLAYERS = "Ann,Bob,Cy,Di"
OTHERS = ["--other", "Bob=10", "--other", "Cy=20", "--other", "Di=5"]


def _pungchow(args: list[str], **streams: object) -> subprocess.CompletedProcess[bytes]:
    """`pungchow ARGS` in a fresh process (the real standard streams: closed, full, a left pipe)."""
    return process(*args, **streams)


def _close_stdout() -> None:
    os.close(1)  # the child starts as `pungchow ... >&-`


def _close_stderr() -> None:
    os.close(2)  # `pungchow ... 2>&-`


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    """A new evening of four players, no game yet."""
    path = tmp_path / "friday.jsonl"
    assert run("evening", "new", str(path), "--players", PLAYERS).exit_code == 0
    return path


# --- standard output closed (`>&-`): README exit codes, 3 "a closed file" -------------------------

CLOSED_STDOUT = {
    "score": ["score", HAND],
    "score-json": ["score", HAND, "--json"],
    "score-help": ["score", "--help"],
    "score-bad-hand": ["score", "x"],
    "settle": ["settle", "--east", HAND, "--south", "20"],
    "rules-list": ["rules", "list"],
}


@pytest.mark.parametrize("args", list(CLOSED_STDOUT.values()), ids=list(CLOSED_STDOUT))
def test_stdout_closed_is_one_line_and_exit_3(args):
    done = _pungchow(args, stdout=None, preexec_fn=_close_stdout)
    assert done.returncode == EXIT_OUTPUT_FAILED, done.stderr.decode()
    assert done.stderr == b"error: cannot write output: Bad file descriptor\n"


def test_stdout_closed_records_no_game(evening):
    """`evening hand ... >&-`: nothing could say what was recorded, so nothing is."""
    before = evening.read_bytes()
    done = _pungchow(
        ["evening", "hand", str(evening), HAND, "--winner", "Ann", *OTHERS],
        stdout=None,
        preexec_fn=_close_stdout,
    )
    assert done.returncode == EXIT_OUTPUT_FAILED, done.stderr.decode()
    assert done.stderr == b"error: cannot write output: Bad file descriptor\n"
    assert evening.read_bytes() == before


# --- standard input closed (`<&-`): no input, as from /dev/null ----------------------------------


def _close_stdin() -> None:
    os.close(0)


@pytest.mark.parametrize(
    "args", [["batch", "-"], ["evening", "play", "{log}"], ["score", HAND]], ids=["batch", "play", "score"]
)
def test_stdin_closed_reads_as_empty_input(evening, args):
    """`pungchow batch - <&-` and `evening play FILE <&-` ended in a traceback (sys.stdin is None)."""
    argv = [a.format(log=evening) for a in args]
    closed = _pungchow(argv, stdin=None, preexec_fn=_close_stdin)
    empty = _pungchow(argv, stdin=subprocess.DEVNULL)
    assert b"Traceback" not in closed.stderr, closed.stderr.decode()
    assert (closed.returncode, closed.stdout, closed.stderr) == (empty.returncode, empty.stdout, empty.stderr)


# --- standard error full or closed: the error line cannot be said, the exit code still says it ----

ERRORS = {
    "bad-hand": ["score", "x"],
    "usage": ["score", "--bogus"],
    "settle": ["settle"],
}


@pytest.mark.parametrize("args", list(ERRORS.values()), ids=list(ERRORS))
def test_an_error_to_a_full_stderr_is_exit_3(args):
    with open("/dev/full", "wb") as full:
        done = _pungchow(args, stderr=full)
    assert done.returncode == EXIT_OUTPUT_FAILED
    assert done.stdout == b""


@pytest.mark.parametrize("args", list(ERRORS.values()), ids=list(ERRORS))
def test_an_error_to_a_closed_stderr_is_exit_3(args):
    done = _pungchow(args, stderr=None, preexec_fn=_close_stderr)
    assert done.returncode == EXIT_OUTPUT_FAILED
    assert done.stdout == b""


# --- a JSON error to a reader that has left: still exit 2 ------------------------------------------


def _to_a_left_reader(args: list[str], stream: str) -> subprocess.CompletedProcess[bytes]:
    """Run pungchow with `stream` (stdout or stderr) a pipe whose reader has already left."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return _pungchow(args, **{stream: write_end})
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    "args",
    [["score", "x", "--json"], ["score", "--bogus", "--json"], ["settle", "--json"]],
    ids=["bad-hand", "usage", "settle"],
)
def test_a_json_error_to_a_left_reader_is_still_exit_2(args):
    """`pungchow score x --json | true`: the input was bad whether or not anyone read why."""
    done = _to_a_left_reader(args, "stdout")
    assert done.returncode == EXIT_BAD_INPUT
    assert done.stderr == b""


# The error line to a stderr whose reader had left was a BrokenPipeError taken for stdout's: exit 0, as if
# done. The input was bad whether or not anyone read why (`pungchow score x 2>&1 >/dev/null | true`).
@pytest.mark.parametrize(
    "args",
    [*ERRORS.values(), ["batch", "nosuch.txt"], ["score", HAND, "--limit", "9" * 25]],
    ids=[*ERRORS, "batch nosuch.txt", "score --limit 9x25"],
)
def test_an_error_to_a_left_stderr_reader_is_still_exit_2(args):
    done = _to_a_left_reader(args, "stderr")
    assert done.returncode == EXIT_BAD_INPUT
    assert done.stdout == b""


# --- usage errors name the command's own help --------------------------------------------------------

MISSING_VALUE = {
    "score --seat": (["score", HAND, "--seat"], "pungchow score"),
    "score --last-tile=yes": (["score", HAND, "--last-tile=yes"], "pungchow score"),
    "settle --east": (["settle", "--east"], "pungchow settle"),
    "batch --compare A": (["batch", "f.txt", "--compare", "pung-chow"], "pungchow batch"),
    "evening hand --winner": (["evening", "hand", "f.jsonl", HAND, "--winner"], "pungchow evening hand"),
    "evening status --ascii=1": (["evening", "status", "f.jsonl", "--ascii=1"], "pungchow evening status"),
}


@pytest.mark.parametrize(("args", "command"), list(MISSING_VALUE.values()), ids=list(MISSING_VALUE))
def test_a_missing_or_unwanted_value_points_to_the_commands_help(args, command):
    result = run(*args)
    assert result.exit_code == EXIT_BAD_INPUT
    assert result.stdout == ""
    assert result.stderr.endswith(f"(see '{command} --help')\n"), result.stderr
    assert result.stderr.count("\n") == 1


def test_json_given_a_value_is_still_asked_for_json():
    """`--json=yes` is a usage error (a flag takes no value), said as JSON: the user asked for it."""
    result = run("score", HAND, "--json=yes")
    assert result.exit_code == EXIT_BAD_INPUT
    assert result.stderr == ""
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "usage"
    assert error["message"] == "Option '--json' does not take a value. (see 'pungchow score --help')"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "diff", "pung-chow", "pung-chow-limit", "x"], "Got unexpected extra argument(s) (x)"),
        (["evening", "wash", "f.jsonl", "Ann", "1c", "9c"], "Got unexpected extra argument(s) (9c)"),
        (["diff", "1b1b1b", "3c3c3c", "-r", "a", "-r", "b"], "pungchow diff takes the hand as one argument"),
    ],
    ids=["rules-diff-extra", "evening-wash-extra", "diff-unquoted"],
)
def test_the_unquoted_hand_hint_is_for_the_hand_commands_only(args, message):
    """`rules diff A B x` has no hand to quote, though the last word of its name is `diff`'s."""
    result = run(*args)
    assert result.exit_code == EXIT_BAD_INPUT
    assert result.stderr.startswith(f"error: {message}"), result.stderr


# --- whole numbers: read by the spec's one reader, whichever way the line goes ------------------------

LENIENT_NUMBERS = {
    "chart --height ' 10'": (["evening", "chart", "{log}", "--height", " 10"], "--height", "' 10'"),
    "chart --width 3_0": (["evening", "chart", "{log}", "--width", "3_0"], "--width", "'3_0'"),
    "amend 1_0": (["evening", "amend", "{log}", "1_0", HAND, "--winner", "Ann", *OTHERS], "N", "'1_0'"),
    "amend +1": (["evening", "amend", "{log}", "+1", HAND, "--winner", "Ann", *OTHERS], "N", "'+1'"),
    "new --sets 2.0": (["evening", "new", "{new}", "--players", PLAYERS, "--sets", "2.0"], "--sets", "'2.0'"),
    "new --sets 20 digits": (
        ["evening", "new", "{new}", "--players", PLAYERS, "--sets", "9" * 20],
        "--sets",
        "a number of 20 digits",
    ),
    "repair --accept +1": (["evening", "repair", "{log}", "--accept", "+1"], "--accept", "'+1'"),
    "batch --workers ' 2'": (["batch", "{log}", "--workers", " 2"], "--workers", "' 2'"),
}


@pytest.mark.parametrize(("args", "name", "said"), list(LENIENT_NUMBERS.values()), ids=list(LENIENT_NUMBERS))
def test_a_number_not_in_plain_digits_is_refused(evening, args, name, said):
    """README, Help and conventions: a number is ASCII digits. typer's own reading took ' 10', 3_0,
    +1 and 2.0 (pydantic), so that `amend 1_0` corrected game 10; the spec's reader refuses them."""
    before = evening.read_bytes()
    new = evening.with_name("new.jsonl")
    argv = [a.format(log=evening, new=new) for a in args]
    result = run(*argv)
    assert result.exit_code == EXIT_BAD_INPUT, result.output
    assert result.stderr.startswith(f"error: Invalid value for '{name}': {said}"), result.stderr
    assert result.stderr.count("\n") == 1
    assert evening.read_bytes() == before and not new.exists()


@pytest.mark.parametrize(
    "args",
    [
        ["settle", "--east", "10", "--south", "\u0661\u0662", "--winner", "east"],
        ["settle", "--east", "\u0968\u0966", "--south", "5", "--winner", "east"],
        ["evening", "hand", "{log}", HAND, "--winner", "Ann", *OTHERS[:4], "--other", "Di=\u0665"],
    ],
    ids=["settle-arabic-indic-12", "settle-devanagari-20", "evening-other-arabic-indic-5"],
)
def test_a_plain_score_in_other_digits_moves_no_money(evening, args):
    """`settle --south ١٢` was a score of 12 (the regex's \\d is any script's digit): a score is
    ASCII digits; anything else is read as a hand, and refused."""
    before = evening.read_bytes()
    result = run(*[a.format(log=evening) for a in args])
    assert result.exit_code == EXIT_BAD_INPUT, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert evening.read_bytes() == before


@pytest.mark.parametrize("second", ["{log}", "{dir}/./{name}", "{link}"], ids=["same", "dot-path", "symlink"])
def test_stats_refuses_an_evening_given_twice(evening, second):
    """`evening stats jan.jsonl feb.jsonl jan.jsonl` counted January twice ("2 evenings") and doubled
    every total: an evening is counted once, so the line is refused, saying what was typed: one name
    twice, or one log by another name (it was `bad-option`, `X: the same log as X`, of one name twice)."""
    assert run("evening", "hand", str(evening), HAND, "--winner", "Ann", *OTHERS).exit_code == 0
    link = evening.with_name("link.jsonl")
    link.symlink_to(evening)
    again = second.format(log=evening, dir=evening.parent, name=evening.name, link=link)
    result = run("evening", "stats", str(evening), again, "--json")
    assert result.exit_code == EXIT_BAD_INPUT, result.output
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "evening-twice"
    did = (
        f"{again} is given twice"
        if again == str(evening)
        else f"{again} is {evening} again (another name for it)"
    )
    assert error["message"] == f"{did}: give each evening once (its games would count twice)"
    assert run("evening", "stats", str(evening)).exit_code == 0


@pytest.mark.parametrize(
    ("rulesets", "message"),
    [
        (
            ["pung-chow", "pung-chow", "pung-chow-limit"],
            "-r pung-chow is given twice: give each ruleset once",
        ),
        (["pung-chow", "pung-chow"], "give two or more different rulesets: -r A -r B"),
    ],
    ids=["a-repeat-among-two", "one-repeated"],
)
def test_diff_names_the_ruleset_given_twice(rulesets, message):
    """`diff HAND -r pung-chow -r pung-chow -r pung-chow-limit` holds two different rulesets, yet was
    told to "give two or more different rulesets": the repeated one is named."""
    result = run("diff", HAND, *(w for r in rulesets for w in ("-r", r)))
    assert result.exit_code == EXIT_BAD_INPUT
    assert result.stderr == f"error: {message}\n"


@pytest.mark.parametrize(
    "second",
    ["./{rel}", "{abs}", "{link}", "{builtin}"],
    ids=["dot-slash", "absolute", "symlink", "shipped-by-path"],
)
def test_diff_refuses_one_ruleset_file_given_by_two_paths(tmp_path, monkeypatch, second):
    """`diff HAND -r house.yaml -r ./house.yaml` compared one file with itself without a word (each
    spelling was a different ruleset to the repeat check); as `-r pung-chow -r pung-chow` is, it is
    refused, naming both spellings."""
    from pungchow_calc.ruleset_files import builtin_dir

    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("extends: pung-chow\nname: house\n", encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "house.yaml")
    first = "pung-chow" if second == "{builtin}" else "house.yaml"
    again = second.format(
        rel="house.yaml",
        abs=tmp_path / "house.yaml",
        link="link.yaml",
        builtin=builtin_dir() / "pung-chow.yaml",
    )
    result = run("diff", HAND, "-r", first, "-r", again, "-r", "classical-bmja")
    assert result.exit_code == EXIT_BAD_INPUT
    assert result.stderr == f"error: -r {again}: the same ruleset as -r {first} (give each ruleset once)\n"
    assert run("diff", HAND, "-r", first, "-r", "classical-bmja").exit_code == 0


@pytest.mark.parametrize("args", [["batch", "-hands.txt"], ["score", "-hx"], ["evening", "status", "-hx"]])
def test_batch_dash_hands_txt_is_refused_not_the_help(args):
    """Regression: `batch -hands.txt` (a file name typed with a dash) showed the help and exited 0, having
    scored nothing: click read a cluster of short options from -h, the help."""
    result = run(*args)
    assert (result.exit_code, result.stdout) == (EXIT_BAD_INPUT, "")
    assert result.stderr.startswith(
        f"error: No such option: {args[-1]} (-h, the help, takes nothing after it)"
    )
    assert result.stderr.count("\n") == 1


# --- help at 60 and 80 columns: every option's name whole, nothing cut ------------------------------

HELP_PATHS = [(), *((group,) for group in spec.GROUPS), *(c.path for c in spec.COMMANDS)]


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("path", HELP_PATHS, ids=lambda p: " ".join(p) or "pungchow")
def test_help_reads_whole_at_60_and_80_columns(path, width):
    result = run(*path, "--help", env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= width for line in lines), result.stdout
    assert "…" not in result.stdout, result.stdout  # rich cuts a word too long for its column
    command = spec.COMMAND.get(path)
    for option in command.options if command else ():
        for spelling in option.spellings:
            assert any(spelling in line.split() for line in lines), (spelling, result.stdout)


@pytest.mark.parametrize("columns", ["0", "1", "5", "19"])
@pytest.mark.parametrize(
    "args",
    [
        ["score", HAND],
        ["settle", "--east", HAND, "--south", "20"],
        ["rules", "list"],
        ["rules", "show", "pung-chow"],
        ["rules", "diff", "pung-chow", "pung-chow-limit"],
        ["evening", "status", "{log}"],
    ],
    ids=["score", "settle", "rules-list", "rules-show", "rules-diff", "evening-status"],
)
def test_a_terminal_narrower_than_any_layout_gets_the_narrowest(evening, args, columns):
    """COLUMNS=0 (or a pane a few cells wide) ended `settle` and `rules` in a StopIteration
    traceback: the output is laid out at the narrowest width the layouts take (20) instead."""
    result = run(*[a.format(log=evening) for a in args], env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


@pytest.mark.parametrize("columns", ["99999999999999999999", "100000"])
@pytest.mark.parametrize(
    "args",
    [["--help"], ["score", "--help"], ["rules", "show", "pung-chow"]],
    ids=["help", "score-help", "card"],
)
def test_columns_99999999999999999999_reads_as_the_widest_terminal(args, columns):
    """Regression (a fuzzing trial): past the machine's integers the help ended in an OverflowError
    traceback, exit 1, and at 10,000 columns it took minutes (rich lays help out in the square of the
    width): COLUMNS past 500 is read as 500 (README, "Help and conventions")."""
    result = run(*args, env={"COLUMNS": columns})
    assert (result.exit_code, result.stderr) == (0, ""), result.stderr
    assert max(len(line) for line in result.stdout.splitlines()) <= 500


@pytest.mark.parametrize(
    ("args", "said"),
    [
        pytest.param(
            ["settle", "--east", "--", "8", "--json"], "--east took -- as its value", id="settle-east"
        ),
        pytest.param(
            ["score", HAND, "--seat", "--", "x", "--json"], "--seat took -- as its value", id="score-seat"
        ),
        pytest.param(["evening", "report", "{log}", "-fjson", "extra"], None, id="report-fjson"),
    ],
)
def test_settle_east_dashes_8_json_is_a_json_error(evening, args, said):
    """Regression (a fuzzing trial): a `--` an option took as its value was read as the end of the
    options, so `--json` after it went unheard and the error was plain text on stderr, and `score`'s
    said the hand was not quoted (it was); `-fjson`, click's attached form, was not heard either."""
    result = run(*[arg.format(log=evening) for arg in args])
    error = json.loads(result.stdout)["error"]
    assert (result.exit_code, result.stderr) == (2, ""), result.stderr
    if said is not None:
        assert said in error["message"] and "quotes" not in error["message"], error


# --- random command lines: the spec's own words, misspelled, with junk ------------------------------

# Junk with no path separator: a FILE argument may be junk, and `evening new` would create it (the
# property runs in a temporary directory). No NUL: a command line cannot hold one (C strings).
JUNK = st.text(
    alphabet=st.characters(blacklist_characters="/\\\x00", blacklist_categories=("Cs",)), max_size=12
) | st.sampled_from(["", " ", "-", "--", "-1", "=", "\x1b[31m", "\x7f", "é", "🀄", "x" * 300])
NUMBERS = st.sampled_from(["0", "1", "-5", "1e3", " 5", "5 ", "10" * 15, "١٢", "²", "0x10", "9" * 19])
VALUES = st.one_of(
    NUMBERS,
    st.sampled_from(["e", "north", "N", "wall", "pung-chow", "nosuch", "Ann", "Bob=10", "Ann,Bob", "json"]),
    st.sampled_from([HAND, "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw", "1c9c1d9d1b9bEwSwWwNwRdGdWd", "4c,Nw"]),
    JUNK,
)
FILES = ["friday.jsonl", "hands.txt", "missing.jsonl", ".", "-"]


def _misspelled(draw: st.DrawFn, spelling: str) -> str:
    """A typo of an option's spelling: a letter dropped, doubled or changed, or its case."""
    i = draw(st.integers(1, len(spelling) - 1))
    return draw(
        st.sampled_from(
            [
                spelling[:i] + spelling[i + 1 :],
                spelling[:i] + spelling[i] + spelling[i:],
                spelling[:i] + "x" + spelling[i + 1 :],
                spelling.upper(),
                spelling.lstrip("-"),
                "-" + spelling.lstrip("-"),
            ]
        )
    )


@st.composite
def _typed_lines(draw: st.DrawFn) -> list[str]:
    """A command line of a random command as a hurried user types it: its real option names (some
    misspelled, some without their value, some with `=`), values out of range, positionals too few
    or too many, `--` anywhere, junk."""
    command = draw(st.sampled_from(spec.COMMANDS))
    spellings = [s for o in command.options for s in o.spellings] or ["--json"]
    words: list[str] = []
    for _ in range(draw(st.integers(0, 7))):
        kind = draw(st.integers(0, 9))
        if kind <= 2:
            words += [draw(st.sampled_from(spellings)), draw(VALUES)]
        elif kind == 3:
            words.append(draw(st.sampled_from(spellings)))  # a flag, or a value left out
        elif kind == 4:
            words.append(f"{draw(st.sampled_from(spellings))}={draw(VALUES)}")
        elif kind == 5:
            words.append(_misspelled(draw, draw(st.sampled_from(spellings))))
        elif kind == 6:
            words.append(draw(st.sampled_from([*FILES, "1", "0"])))
        elif kind == 7:
            words.append(draw(st.sampled_from(["--", "-h", "--json", "--help"])))
        else:
            words.append(draw(VALUES))
    path = list(command.path)
    if draw(st.integers(0, 9)) == 0:
        path[-1] = _misspelled(draw, "--" + path[-1]).lstrip("-") or "x"  # the command itself mistyped
    return [*path, *words]


EXIT_CODES = {0, 1, 2, 3, 130}  # README, Trust -> Exit codes (143 is a SIGTERM's, never sent here)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding an evening of two games and a batch file, for the property's FILE words."""
    folder = tmp_path_factory.mktemp("typos")
    log = str(folder / "friday.jsonl")
    assert run("evening", "new", log, "--players", PLAYERS).exit_code == 0
    assert run("evening", "hand", log, HAND, "--winner", "Ann", *OTHERS).exit_code == 0
    (folder / "hands.txt").write_text(f"'{HAND}' -s n\n'{HAND}' --loser\n")
    return folder


@given(argv=_typed_lines(), columns=st.sampled_from(["80", "60", "0", "7"]))
def test_a_typed_line_answers_or_refuses_in_one_line(workdir, argv, columns):
    with contextlib.chdir(workdir):
        result = run(*argv, env={"COLUMNS": columns})
    assert result.exit_code in EXIT_CODES, (argv, result)
    assert "Traceback" not in result.output, (argv, result)
    if result.exit_code != 2:
        return
    if result.stdout.startswith('{"error": '):  # --json: the error object, one line, nothing on stderr
        assert result.stdout.count("\n") == 1 and result.stderr == "", (argv, result)
        error = json.loads(result.stdout)["error"]  # docs/json.md, Errors
        assert isinstance(error["code"], str) and isinstance(error["message"], str), (argv, result)
        message = error["message"]
    else:
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (argv, result)
        message = lines[0]
    # A usage error names the help of the command typed (or of a group it is in), and the hint about
    # quoting a hand is for the commands that take one.
    named = message.partition("(see '")[2].partition(" --help')")[0].split()[1:]
    assert named == argv[: len(named)], (argv, message)
    hinted = message.partition(" takes the hand as one argument")
    if hinted[1]:
        taker = hinted[0].split()[-1]
        if taker.startswith("--"):  # settle's seat option, its value a hand begun (not an option word)
            assert argv[0] == "settle", argv
            at = next(i for i, word in enumerate(argv) if word.partition("=")[0] == taker)  # or --east=HAND
            value = argv[at].partition("=")[2] if "=" in argv[at] else argv[at + 1]
            assert not value.startswith("-") and not value.strip().isdigit(), argv  # a hand begun
        else:
            assert taker in ("score", "wash", "diff") and argv[0] == taker, argv


# --- an option typed with a dash, in full-width or with one hyphen ---------------------------------

DASHED = "typed with a dash, not hyphens"
WIDE = "it is typed in full-width characters"
ONE = "a long option takes two hyphens"
RIICHI = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
WINDS = "(east, south, west, north or e, s, w, n)"


@pytest.mark.parametrize(
    ("args", "said", "help"),
    [
        pytest.param(
            ["score", HAND, "—json"],
            f"—json is not an option: type --json ({DASHED})",
            "score",
            id="em-dash-json",
        ),
        pytest.param(
            ["score", "–drawn", HAND],
            f"–drawn is not an option: type --drawn ({DASHED})",
            "score",
            id="en-dash-drawn-first",
        ),
        pytest.param(
            ["score", HAND, "−−seat", "south"],
            f"−−seat is not an option: type --seat ({DASHED})",
            "score",
            id="minus-minus-seat-south",
        ),
        pytest.param(
            ["score", HAND, "－－ｄｒａｗｎ"],
            f"－－ｄｒａｗｎ is not an option: type --drawn ({WIDE})",
            "score",
            id="fullwidth-drawn",
        ),
        pytest.param(
            ["score", HAND, "-seat", "south"],
            f"-seat is not an option: type --seat ({ONE})",
            "score",
            id="one-hyphen-seat-south",
        ),
        pytest.param(
            ["score", HAND, "-json"],
            f"-json is not an option: type --json ({ONE})",
            "score",
            id="one-hyphen-json",
        ),
        pytest.param(
            ["settle", "—east", HAND, "--south", "8"],
            f"—east is not an option: type --east ({DASHED})",
            "settle",
            id="settle-em-dash-east",
        ),
        pytest.param(
            ["diff", HAND, "-r", "pung-chow", "—r", "riichi-ema-2016"],
            f"—r is not an option: type -r ({DASHED})",
            "diff",
            id="diff-em-dash-r",
        ),
        pytest.param(
            ["rules", "show", "—json", "pung-chow"],
            f"—json is not an option: type --json ({DASHED})",
            "rules show",
            id="rules-show-em-dash-json-first",
        ),
        pytest.param(
            ["rules", "check", "pung-chow", "—json"],
            f"—json is not an option: type --json ({DASHED})",
            "rules check",
            id="rules-check-em-dash-json",
        ),
    ],
)
def test_an_option_typed_with_a_dash_full_width_or_one_hyphen_is_named(args, said, help):
    """`score 'HAND' —json` (a word processor's `--`) was told "takes the hand as one argument: put it in
    quotes", the hand quoted all along; `rules show —json pung-chow` "unexpected extra argument
    (pung-chow)"; `score 'HAND' -json` "No such option: -j"."""
    result = run(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"error: {said} (see 'pungchow {help} --help')\n",
    )


CAPS = "options are typed in lower case"


@pytest.mark.parametrize(
    ("args", "said", "fixed", "help"),
    [
        pytest.param(
            ["score", RIICHI, "-r", "riichi-ema-2016", "--RIICHI"],
            "--RIICHI",
            "--riichi",
            "score",
            id="--RIICHI",
        ),
        pytest.param(["score", HAND, "--Seat", "south"], "--Seat", "--seat", "score", id="--Seat-south"),
        pytest.param(["score", HAND, "-S", "south"], "-S", "-s", "score", id="-S-south"),
        pytest.param(["score", HAND, "--DORA=4c"], "--DORA=4c", "--dora", "score", id="--DORA=4c"),
        pytest.param(
            ["diff", HAND, "-R", "pung-chow", "-r", "riichi-ema-2016"],
            "-R",
            "-r",
            "diff",
            id="diff-R-pung-chow",
        ),
        pytest.param(["batch", "hands.txt", "-F", "json"], "-F", "-f", "batch", id="batch-F-json"),
        pytest.param(
            ["rules", "list", "--ASCII"], "--ASCII", "--ascii", "rules list", id="rules-list--ASCII"
        ),
        pytest.param(
            ["evening", "status", "e.jsonl", "--JSON"], "--JSON", "--json", "evening status", id="--JSON"
        ),
    ],
)
def test_an_option_typed_in_capitals_is_named(args, said, fixed, help):
    """Caps lock left on: `--RIICHI` was told only "No such option: --RIICHI", no spelling being close
    to it for difflib (`--Riichi` got a hint, `-R` and `-S` none): the option meant is named."""
    result = run(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"error: {said} is not an option: type {fixed} ({CAPS}) (see 'pungchow {help} --help')\n",
    )


COMMAND_CAPS = "commands are typed in lower case"


@pytest.mark.parametrize(
    ("args", "said", "meant", "why", "help"),
    [
        pytest.param(["SCORE", HAND], "SCORE", "score", COMMAND_CAPS, "pungchow", id="SCORE-HAND"),
        pytest.param(["Score", HAND], "Score", "score", COMMAND_CAPS, "pungchow", id="Score-HAND"),
        pytest.param(["SETTLE", "--east", "10"], "SETTLE", "settle", COMMAND_CAPS, "pungchow", id="SETTLE"),
        pytest.param(["--", "RULES", "list"], "RULES", "rules", COMMAND_CAPS, "pungchow", id="--RULES-list"),
        pytest.param(
            ["evening", "PLAY", "e.jsonl"],
            "PLAY",
            "play",
            COMMAND_CAPS,
            "pungchow evening",
            id="evening-PLAY",
        ),
        pytest.param(
            ["rules", "SHOW", "pung-chow"], "SHOW", "show", COMMAND_CAPS, "pungchow rules", id="rules-SHOW"
        ),
        pytest.param(["ｓｃｏｒｅ", HAND], "ｓｃｏｒｅ", "score", WIDE, "pungchow", id="full-width-score"),
        # A near miss was told the closest by typer already, from the same table: unchanged.
        pytest.param(["scroe", HAND], "scroe", "score", None, "pungchow", id="scroe-HAND"),
        pytest.param(["setle"], "setle", "settle", None, "pungchow", id="setle"),
        pytest.param(["rules", "chek", "x.yaml"], "chek", "check", None, "pungchow rules", id="rules-chek"),
        # Another tool's word for a command here (regression: `rules compare` was told no command).
        pytest.param(
            ["rules", "compare", "pung-chow", "classical-bmja"],
            "compare",
            "diff",
            "compare is diff here",
            "pungchow rules",
            id="rules-compare",
        ),
        pytest.param(["compare", HAND], "compare", "diff", "compare is diff here", "pungchow", id="compare"),
        pytest.param(
            ["evening", "Start", "e.jsonl"],
            "Start",
            "new",
            "start is new here",
            "pungchow evening",
            id="start",
        ),
        pytest.param(
            ["rules", "validate", "x.yaml"],
            "validate",
            "check",
            "validate is check here",
            "pungchow rules",
            id="rules-validate",
        ),
    ],
)
def test_a_command_typed_in_capitals_or_misspelt_names_the_command(args, said, meant, why, help):
    """Caps lock left on: `pungchow SCORE HAND` was told only "No such command 'SCORE'." (difflib finds
    nothing close to it; `Score` it did): the command meant is named, from the one command table."""
    result = run(*args)
    hint = f" ({why})" if why else ""
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"error: No such command {said!r}. Did you mean {meant!r}?{hint} (see '{help} --help')\n",
    )


def test_a_command_in_capitals_under_json_is_the_error_object():
    result = run("SCORE", HAND, "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["message"].startswith(
        "No such command 'SCORE'. Did you mean 'score'? (commands are typed in lower case)"
    )


def test_every_command_word_in_capitals_names_it():
    """Derived from the one table (cli/spec.py): every command and group word, at its level."""
    for command in spec.COMMANDS:
        *group, word = command.path
        assert spec.misnamed([*group, word.upper()]) == (
            f"No such command {word.upper()!r}. Did you mean {word!r}? ({COMMAND_CAPS})",
            " ".join(("pungchow", *group)),
        )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # A batch line `HAND -S south` was the record `No such option: -S`.
        pytest.param(
            f"'{HAND}' -S south\n'{HAND}' --DRAWN\n",
            [
                f"-S is not an option: type -s ({CAPS}) (column 39)",
                f"--DRAWN is not an option: type --drawn ({CAPS}) (column 39)",
            ],
            id="capitals",
        ),
        # A batch line `HAND —drawn` was refused as `—drawn is not a tile group (column 37)`.
        pytest.param(
            f"{HAND} —drawn\n{HAND} －－ｄｒａｗｎ\n",
            [
                f"—drawn is not an option: type --drawn ({DASHED}) (column 37)",
                f"－－ｄｒａｗｎ is not an option: type --drawn ({WIDE}) (column 37)",
            ],
            id="dash-and-full-width",
        ),
    ],
)
def test_a_batch_line_with_an_option_mistyped_names_it(tmp_path, text, said):
    lines = tmp_path / "hands.txt"
    lines.write_text(text, encoding="utf-8")
    records = [json.loads(line) for line in run("batch", str(lines), "-f", "jsonl").stdout.splitlines()]
    assert [r["error"]["message"] for r in records] == said


@pytest.mark.parametrize(
    ("args", "said"),
    [
        pytest.param(
            ["score", "２ｃ３ｃ４ｃ 5c6c7c 3d4d5d 6b7b8b! 9d9d"],
            f"２ｃ３ｃ４ｃ is not a tile group: {WIDE}; type 2c3c4c (column 1)",
            id="fullwidth-2c3c4c",
        ),
        pytest.param(
            ["score", HAND.replace("5d5d5d*", "5d5d5d＊")],
            f"5d5d5d＊ is not a tile group: {WIDE}; type 5d5d5d* (column 15)",
            id="fullwidth-star",
        ),
        pytest.param(
            ["score", HAND, "--seat", "ｓｏｕｔｈ"],
            f"--seat: 'ｓｏｕｔｈ' is not a wind {WINDS}: {WIDE}; type south",
            id="seat-fullwidth-south",
        ),
        pytest.param(
            ["score", HAND, "--win-by", "ｗａｌｌ"],
            f"--win-by: 'ｗａｌｌ' is not one of wall, loose, discard: {WIDE}; type wall",
            id="win-by-fullwidth-wall",
        ),
        pytest.param(
            ["score", HAND, "--limit", "３００"],
            f"--limit: '３００' is not a whole number: {WIDE}; type 300",
            id="limit-fullwidth-300",
        ),
        pytest.param(
            ["score", RIICHI, *("-r", "riichi-ema-2016", "--honba", "２")],
            f"--honba: '２' is not a whole number of 0 or more: {WIDE}; type 2",
            id="honba-fullwidth-2",
        ),
        pytest.param(
            ["score", RIICHI, *("-r", "riichi-ema-2016", "--dora", "８ｄ")],
            f"--dora: ８ｄ is not a tile group: {WIDE}; type 8d (column 1)",
            id="dora-fullwidth-8d",
        ),
        # Regression: `０c` was told "type 0c", which is refused in turn (no red fives): the plain form's
        # own slip is said with it, so what the hint leads to is not another refusal.
        pytest.param(
            ["score", RIICHI, *("-r", "riichi-ema-2016", "--dora", "０c")],
            f"--dora: ０c is not a tile group: {WIDE} (0c); ranks are 1-9 (a red five (riichi's 0) is "
            "typed 5: no ruleset here has red fives) (column 1)",
            id="dora-fullwidth-0c",
        ),
        pytest.param(
            ["score", "１ｍ２ｍ３ｍ 5c6c7c 3d4d5d 6b7b8b! 9d9d"],
            f"１ｍ２ｍ３ｍ is not a tile group: {WIDE} (1m2m3m); dots are d, characters c, bamboo b; "
            "s is a season (column 1)",
            id="fullwidth-1m2m3m",
        ),
    ],
)
def test_a_value_typed_in_full_width_is_refused_with_its_ascii(args, said):
    """An input method left on full-width (`２ｃ３ｃ４ｃ`, a riichi player's) was refused with no word of
    why: the value is still refused (never read on a guess), the ASCII it means named."""
    result = run(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {said}\n")


@pytest.mark.parametrize("typed", ["²", "١٢", "ｶ"], ids=["superscript-2", "arabic-12", "halfwidth-katakana"])
def test_a_value_in_other_characters_is_not_told_full_width(typed):
    """Only full-width forms get the hint: NFKC makes `²` a 2 too, which no input method's width is."""
    result = run("score", HAND, "--limit", typed)
    assert result.stderr == f"error: --limit: {typed!r} is not a whole number\n"


# --- slips at the table: one line, where, exit 2, and a hint that leads to the right input --------

_SUITS = "(suits are b bamboo, c characters, d dots and dragons, w winds, f flowers, s seasons)"
_TWO_WAYS = "(w is both a rank, as in Ww and Wd, and the suit of winds): type the one meant"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d5d5d* wwww 4b4b4b* Rd!Rd"],
            f"wwww reads two ways, WwWw or WwWwWw {_TWO_WAYS} (column 23)",
            id="wwww",
        ),
        pytest.param(
            ["settle", "--east", HAND, "--south", "1b1b1b 2c2c2c 3d3d3d wwwd", "--west", "2", "--north", "2"],
            f"--south: wwwd reads two ways, WwWd or WdWdWd {_TWO_WAYS} (column 22)",
            id="settle-wwwd",
        ),
        pytest.param(
            ["score", RIICHI, "-r", "riichi-ema-2016", "--dora", "wwwd"],
            f"--dora: wwwd reads two ways, WwWd or WdWdWd {_TWO_WAYS} (column 1)",
            id="dora-wwwd",
        ),
        pytest.param(
            ["score", "1o 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"],
            f"1o is not a tile group: 'o' is no rank or suit {_SUITS} (column 1)",
            id="1o",
        ),
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd ten"],
            "ten is not a tile group: a tile is a rank and a suit letter (1d, Ew), a number is written in"
            " digits (10) (column 37)",
            id="ten",
        ),
        pytest.param(
            ["settle", "--east", HAND, "--south", "ten"],
            "--south: 'ten': a score is plain digits 0-9 (no commas, points or spaces): type 10",
            id="settle-south-ten",
        ),
        pytest.param(
            ["settle", "--east", HAND, "--south", "1o"],
            "--south: '1o': a score is plain digits 0-9 (no commas, points or spaces): type 10",
            id="settle-south-1o",
        ),
        pytest.param(
            ["score", HAND, "--limit", "1o"],
            "--limit: '1o' is not a whole number: a number is typed in digits; type 10",
            id="limit-1o",
        ),
        # Regression: `0o300` was hinted `type 00300` (its o read as a slip for 0), a number YAML refuses
        # in a batch file; it may be octal 192 or a slip for 300, so it is said, never taken.
        pytest.param(
            ["score", HAND, "--limit", "0o300"],
            "--limit: '0o300' is not a whole number: a number is typed in decimal digits (0o300 is octal"
            " for 192)",
            id="limit-0o300",
        ),
        pytest.param(
            ["score", HAND, "--honba", "0x12C"],
            "--honba: '0x12C' is not a whole number of 0 or more: a number is typed in decimal digits"
            " (0x12C is hexadecimal for 300)",
            id="honba-0x12C",
        ),
        pytest.param(
            ["settle", "--east", HAND, "--south", "0b101"],
            "--south: '0b101': a score is plain digits 0-9 (no commas, points or spaces) (0b101 is binary"
            " for 5)",
            id="settle-south-0b101",
        ),
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d5d5d*! 4b4b4b* 7c7c"],
            "5d5d5d*!: ! goes straight after the winning tile, not after the marker: type 5d5d5d! (a group"
            " the winning discard completes scores as exposed without *) (column 15)",
            id="5d5d5d*!",
        ),
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!!Rd"],
            "Rd!!Rd marks its winning tile more than once: one ! straight after it (Rd!Rd) (column 31)",
            id="Rd!!Rd",
        ),
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d 5d5d* 4b4b4b* 7c!7c"],
            "5d5d* is not a set (an exposed pair is marked =); a space inside the set? type 5d5d5d*"
            " (column 18)",
            id="5d 5d5d*",
        ),
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b 4b 7c!7c"],
            "the hand: a winning hand has 14 tiles plus one per kong: "
            "this one needs 14, but 15 were given; 4b is held"
            " four times: a kong is one group, declared (4b4b4b4b# or 4b4b4b4b*) (column 1)",
            id="4b4b4b 4b",
        ),
        pytest.param(
            ["score", "www 1d2d3d 4d5d6d 7d8d9d! 5b5b"],
            "the hand: a winning hand has 14 tiles plus one per kong: "
            "this one needs 14, but 13 were given; www reads"
            " as WwWw (2 tiles) (column 1)",
            id="www",
        ),
        pytest.param(
            ["score", "1b1b1b 3c3c3c\u200b5d5d5d* 4b4b4b* 7c!7c"],
            "3c3c3c\\u200b5d5d5d* is not a tile group: it holds U+200B, a character that prints as nothing:"
            " type the hand without it (column 8)",
            id="zero-width-space",
        ),
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c 1b1b1"],
            "1b1b1 is not a tile group: a tile is a rank and a suit letter (1d, 9c, Ew, Rd) (column 37)",
            id="1b1b1",
        ),
        pytest.param(
            ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b# 7c!7c"],
            "4b4b4b# is not a kong (# is for four identical tiles): a kong is typed with its four tiles"
            " (4b4b4b4b#); a pung held concealed takes no marker (column 23)",
            id="4b4b4b#",
        ),
        pytest.param(
            ["score", HAND, "--win-by", "self-drawn"],
            "--win-by: 'self-drawn' is not one of wall, loose, discard (self-drawn is --drawn, or --win-by"
            " wall)",
            id="win-by-self-drawn",
        ),
        pytest.param(
            ["score", HAND, "--from", "e"],
            "--from: a player cannot win on his own discard (a tile he drew himself: --drawn)",
            id="from-the-winner",
        ),
        pytest.param(
            ["wash", "1d9d1c9cEwSwWwNwRdGd 9c 1s2s3s", "-r", "pung-chow-limit"],
            "1s2s3s: flowers and seasons are not part of the original hand; leave them out; 1s2s3s: s is a"
            " season, bamboo is b (1b2b3b) (column 25)",
            id="wash-1s2s3s",
        ),
        # A riichi fact refused for want of riichi, under a ruleset no rule of which reads it, told the
        # player to type --riichi, which there changes nothing but adds notes: the way out is to drop it.
        pytest.param(
            ["score", "1b2b3b 3c3c3c 5d5d5d 4b4b4b Rd!Rd", "--drawn", "--ippatsu"],
            "--ippatsu needs --riichi or --double-riichi, and no rule of ruleset pung-chow scores ippatsu:"
            " drop --ippatsu",
            id="--ippatsu",
        ),
        pytest.param(
            ["score", "1b2b3b 3c3c3c 5d5d5d 4b4b4b Rd!Rd", "--drawn", "--ura", "3c", "-r", "classical-dmjl"],
            "--ura needs --riichi or --double-riichi, and no rule of ruleset classical-dmjl scores ura dora:"
            " drop --ura",
            id="--ura 3c -r classical-dmjl",
        ),
        # Where a rule reads it, the refusal is as it was: riichi is what is missing.
        pytest.param(
            ["score", "1b2b3b 3c3c3c 5d5d5d 4b4b4b Rd!Rd", "--drawn", "--ippatsu", "-r", "riichi-ema-2016"],
            "--ippatsu needs --riichi or --double-riichi",
            id="--ippatsu -r riichi-ema-2016",
        ),
    ],
)
def test_a_slip_at_the_table_is_one_line_with_where_and_a_hint(args, said):
    """Each was refused with no hint (`1o`, `ten`, a zero-width space, `1b1b1`), a generic one
    (`5d5d5d*!`: `at most one marker`; `Rd!!Rd`: `more than one winning tile`; `5d 5d5d*`: `5d5d* is
    not a set`), one that misled (`wash ... 1s2s3s`: leave out the seasons meant as bamboo), or was read
    on a guess (`wwww`: two west winds)."""
    result = run(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {said}\n")


@pytest.mark.parametrize(
    ("group", "said", "typed"),
    [
        pytest.param(
            "5d5d5d5d*!",
            "5d5d5d5d*!: ! goes straight after the winning tile, not after the marker: type 5d5d5d5d!*"
            " (column 1)",
            "5d5d5d5d!*",
            id="5d5d5d5d*!",
        ),
        pytest.param(
            "5d5d5d5d+!",
            "5d5d5d5d+!: ! goes straight after the winning tile, not after the marker: type 5d5d5d5d!+"
            " (column 1)",
            "5d5d5d5d!+",
            id="5d5d5d5d+!",
        ),
        pytest.param(
            "5d5d5d5d#!",
            "5d5d5d5d#!: ! goes straight after the winning tile, not after the marker, and the winning tile"
            " cannot be in a kong declared face down: mark it in the group it completed (column 1)",
            None,
            id="5d5d5d5d#!",
        ),
    ],
)
def test_a_bang_after_a_kongs_marker_is_told_a_group_that_scores(group, said, typed):
    """`5d5d5d5d*!` was told `type 5d5d5d5d!`, an undeclared kong refused in turn, and `5d5d5d5d#!`
    `type 5d5d5d5d!#`, a winning tile in a face-down kong refused in turn (docs/notation.md: a hint
    never leads to another refusal)."""
    rest = " 1b1b1b 3c3c3c 4b4b4b* RdRd"
    result = run("score", group + rest)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {said}\n")
    if typed is not None:
        assert run("score", typed + rest, "--ascii").exit_code == 0


OPEN = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"  # two sets laid open, the first at column 15
CLOSED = "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd"
_DROP = ", and no rule of ruleset {} scores {}: drop {}"
# A fact no rule of the ruleset reads (riichi's, under pung-chow) is answered first: whatever else is
# wrong with it, the way out is to drop it, and the refusal says so (situation.UNREAD_HINT) before any
# other fact's refusal. `--riichi` on an open hand under pung-chow was told only that riichi needs a
# closed hand, as if closing it would help.
UNREAD_FIRST = {
    "--riichi": (
        [OPEN, "--riichi"],
        "--riichi needs a closed hand: no set laid open (*, +) before the win"
        + _DROP.format("pung-chow", "riichi", "--riichi")
        + " (column 15)",
    ),
    "--double-riichi": (
        [OPEN, "--double-riichi"],
        "--double-riichi needs a closed hand: no set laid open (*, +) before the win"
        + _DROP.format("pung-chow", "double riichi", "--double-riichi")
        + " (column 15)",
    ),
    "--dora 1b,1b": (
        [OPEN, "--dora", "1b,1b"],
        "--dora: 1b would be a fifth 1b (the hand 3, --dora 2)" + _DROP.format("pung-chow", "dora", "--dora"),
    ),
    "--dora 6 tiles": (
        [OPEN, "--dora", "1b,2b,3b,4b,5b,6b"],
        "--dora: 6 tiles, but at most 5 are turned in a hand" + _DROP.format("pung-chow", "dora", "--dora"),
    ),
    "--riichi --ura 1b,2b --dora 3c -r classical-dmjl": (
        [CLOSED, "--riichi", "--ura", "1b,2b", "--dora", "3c", "-r", "classical-dmjl"],
        # Both blamed (one ura under each dora), and neither scored by classical-dmjl: drop both.
        "--ura: 2 tiles, but one lies under each --dora indicator: at most 1"
        + _DROP.format("classical-dmjl", "ura dora or dora", "--ura and --dora"),
    ),
    # Both orders of two problems: the fact pung-chow reads (--original-hand, on a hand with a set laid
    # open) refused first before, now after the fact it never reads; and the other way round (--ippatsu
    # without riichi, refused first before too), whichever option is typed first.
    "--original-hand --riichi": (
        [OPEN.replace("Rd!Rd", "RdRd"), "--original-hand", "--riichi"],
        "--riichi needs a closed hand: no set laid open (*, +) before the win"
        + _DROP.format("pung-chow", "riichi", "--riichi")
        + " (column 15)",
    ),
    "--riichi --original-hand": (
        [OPEN.replace("Rd!Rd", "RdRd"), "--riichi", "--original-hand"],
        "--riichi needs a closed hand: no set laid open (*, +) before the win"
        + _DROP.format("pung-chow", "riichi", "--riichi")
        + " (column 15)",
    ),
    "--original-hand --dora 1b,1b": (
        [OPEN.replace("Rd!Rd", "RdRd"), "--original-hand", "--dora", "1b,1b"],
        "--dora: 1b would be a fifth 1b (the hand 3, --dora 2)" + _DROP.format("pung-chow", "dora", "--dora"),
    ),
    "--ippatsu --original-hand": (
        [OPEN.replace("Rd!Rd", "RdRd"), "--ippatsu", "--original-hand"],
        "--ippatsu needs --riichi or --double-riichi" + _DROP.format("pung-chow", "ippatsu", "--ippatsu"),
    ),
    # Where a rule reads the fact, its refusal is as it was: the hand or the facts are what to change.
    "--riichi -r riichi-ema-2016": (
        [OPEN, "--riichi", "-r", "riichi-ema-2016"],
        "--riichi needs a closed hand: no set laid open (*, +) before the win (column 15)",
    ),
    "--original-hand alone": (
        [OPEN.replace("Rd!Rd", "RdRd"), "--original-hand"],
        "--original-hand: nothing is claimed before the first draw, but a set is laid open (*, +): drop"
        " --original-hand",
    ),
}


@pytest.mark.parametrize(("args", "said"), list(UNREAD_FIRST.values()), ids=list(UNREAD_FIRST))
def test_a_fact_no_rule_reads_is_told_to_drop_whatever_else_is_wrong(args, said):
    result = run("score", *args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {said}\n")


def test_a_fact_no_rule_reads_given_right_is_scored_with_a_note():
    """Only a fact refused is answered so: given as it may be, it is scored, with the note it had."""
    result = run("score", CLOSED, "--riichi")
    assert result.exit_code == 0, result.stderr
    assert "Note: --riichi: no rule of ruleset pung-chow scores riichi" in result.stdout


def test_evening_play_asks_whether_a_hand_is_dead_with_the_season_hint(evening):
    """`evening play` asked `Cy's hand has 10 tiles, not 13: is it dead` of `1s2s3s ...` (seasons typed
    as riichi's souzu) without the hint `settle` gives beside the same count."""
    typed = ["Bob", "EwEwEw* 1b2b3b 4c5c6c 7d8d9d Rd!Rd", "discard", "Ann", "", "8"]
    typed += ["1s2s3s 2d2d2d 6b7b8b* 5c5c5c 9d", "n", "cancel", "quit"]
    result = run("evening", "play", str(evening), input="\n".join(typed) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert (
        "Cy's hand has 10 tiles, not 13; 1s2s3s: s is a season, bamboo is b (1b2b3b): is it dead (scores"
        " nothing, pays all)?" in result.stdout
    )


def test_evening_play_asks_again_for_wwww_naming_no_player(evening):
    """A reason naming a seat's word is said with the player's name in play: `wwww` must be told without
    one (a first wording, `w is a rank, west or white`, came out `w is a rank, Cy or white`)."""
    typed = ["Bob", "wwww 1b2b3b 4c5c6c 7d8d9d Rd!Rd", "cancel", "quit"]
    result = run("evening", "play", str(evening), input="\n".join(typed) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert (
        f"  wwww reads two ways, WwWw or WwWwWw {_TWO_WAYS} (column 1) — type it again (or `cancel`)"
        in result.stdout
    )


def test_evening_play_told_a_hand_where_the_winner_is_asked_says_so(evening):
    """A hand typed at `who won?` (the order of `evening hand HAND --winner NAME`) was only `not a
    player ... or a command`."""
    typed = [HAND, "quit"]
    result = run("evening", "play", str(evening), input="\n".join(typed) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert (
        f"  {HAND!r}: not a player (Ann, Bob, Cy, Di) or a command (`help`); that is a hand: type who won"
        " first, and his hand when asked" in result.stdout
    )


def test_evening_play_told_a_seat_where_the_winner_is_asked_says_who_sits_there(evening):
    """`south` typed at `who won?` (settle's way, by seat) was only `not a player ... or a command`:
    who sits there this game is said, never taken (money never moves on a guess)."""
    result = run("evening", "play", str(evening), input="South\nquit\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert (
        "  'South': not a player (Ann, Bob, Cy, Di) or a command (`help`): an evening names players, and"
        " south is Bob this game" in result.stdout
    ), result.stdout
    assert "Game 1 — who won?" in result.stdout.rsplit("'South'", 1)[1]  # asked again


@pytest.mark.parametrize("name", ["South", "EAST", "west", " North "], ids=["South", "EAST", "west", "North"])
def test_evening_new_with_a_player_named_south_is_refused(tmp_path, name):
    """Regression: `--players Ann,Bob,South,Di` seated South at west, and `--winner south` then paid that
    player (in play too), where a seat typed for a player is refused saying who sits there: a guess."""
    path = tmp_path / "e.jsonl"
    result = run("evening", "new", str(path), "--players", f"Ann,Bob,{name},Di")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: --players: {name.strip()!r} is a seat's name, which the seats pass from player to player: "
        "give the player's own name\n"
    )
    assert not path.exists()


def test_evening_play_south_where_a_player_southey_sits_is_told_who_sits_south_not_taken(tmp_path):
    """`south` began Southey's name at play's prompts, which take the start of a name: the seat's word
    is never a start of a name (it is refused, saying who sits there, as at `who won?`)."""
    path = tmp_path / "e.jsonl"
    assert run("evening", "new", str(path), "--players", "Ann,Bob,Southey,Di").exit_code == 0
    result = run("evening", "play", str(path), input="south\nsouthe\ncancel\nquit\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert (
        "  'south': not a player (Ann, Bob, Southey, Di) or a command (`help`): an evening names players,"
        in (result.stdout)
    )
    assert "Southey's hand" in result.stdout.rsplit("'south'", 1)[1]  # `southe` begins his name


def test_evening_play_a_seat_at_the_discarder_and_amend_prompts_says_who_sits_there(evening):
    """Regression: `west` at "Who discarded the winning tile?" and `south` at amend's "Who won it?"
    were only `not one of Ann, Cy, Di` and `say a player`; every other prompt says who sits there."""
    hand = "EwEwEw* 1b2b3b 4c5c6c 7d8d9d Rd!Rd"
    first = ["Bob", hand, "", "west", "cancel", "quit"]
    result = run("evening", "play", str(evening), input="\n".join(first) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "  'west' is not one of Ann, Cy, Di: an evening names players, and west is Cy this game\n" in (
        result.stdout
    )
    others = ["--other", "Ann=2", "--other", "Cy=4", "--other", "Di=0"]
    assert run("evening", "hand", str(evening), hand, "--winner", "Bob", *others).exit_code == 0
    second = ["amend 1", "south", "cancel", "quit"]
    result = run("evening", "play", str(evening), input="\n".join(second) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    said = "  'south': say a player (Ann, Bob, Cy, Di) or draw: an evening names players, and south is Bob"
    assert said + " this game\n" in result.stdout, result.stdout


@pytest.mark.parametrize(
    ("other", "said"),
    [
        pytest.param("Bob:10", " (type Bob=10)", id="Bob:10"),
        pytest.param("Bob 10", " (type Bob=10)", id="Bob 10"),
        pytest.param("Bob: 2c2c2c", " (type Bob=2c2c2c)", id="Bob: 2c2c2c"),
        pytest.param("Bob 2c2c2c", "", id="Bob 2c2c2c"),
        pytest.param("Bob=", "", id="Bob="),
    ],
)
def test_evening_hand_other_not_name_equals_says_how(evening, other, said):
    """`--other Bob:10` was only `give NAME=HAND or NAME=SCORE`: the `=` it needs is named where a colon
    (or before a score a space) stood; a space before a hand is no such sign (a name may hold spaces)."""
    result = run("evening", "hand", str(evening), HAND, "--winner", "Ann", "--other", other, *OTHERS[2:])
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: --other {other!r}: give NAME=HAND or NAME=SCORE{said}\n",
    )


def test_evening_play_told_the_winner_as_discarder_says_why(evening):
    """Naming the winner at `Who discarded the winning tile?` was `'Bob' is not one of Ann, Cy, Di`, as
    for a name not at the table; `--from` the winner says why, and how a self-drawn win is told."""
    typed = ["Bob", "EwEwEw* 1b2b3b 4c5c6c 7d8d9d Rd!Rd", "discard", "bob", "cancel", "quit"]
    result = run("evening", "play", str(evening), input="\n".join(typed) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert (
        "  Bob won: a player cannot win on his own discard (a tile he drew himself: change `how` to wall)\n"
        in result.stdout
    )


def test_evening_play_quotes_a_hand_as_typed_with_a_seat_word_in_it(evening):
    """`... Rd!Rd west` at the winner's hand was told `Cy is not a tile group`: play says each seat the
    engine names by the player's name, and took the typed word for one."""
    typed = ["Bob", HAND + " west", "cancel", "quit"]
    result = run("evening", "play", str(evening), input="\n".join(typed) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "  west is not a tile group: west names a seat or a round (its wind's tile is Ww)" in result.stdout
    assert "Cy is not a tile group" not in result.stdout


def test_batch_yaml_limit_ten_is_told_in_digits(tmp_path: Path):
    """A YAML batch's `limit: ten` was `expects a whole number ..., got 'ten'`, with no word of the digits
    that the command line's `--limit ten` is now told."""
    path = tmp_path / "hands.yaml"
    path.write_text(f"- hand: {HAND}\n  limit: ten\n")
    result = run("batch", str(path), "-f", "jsonl")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"] == {
        "code": "bad-entry",
        "message": "limit: expects a whole number (or null for no limit), got 'ten': a number is typed in"
        " digits; type 10",
    }


def test_batch_yaml_limit_0o300_is_told_it_is_octal_not_to_type_00300(tmp_path: Path):
    """Regression: `limit: 0o300` was hinted `type 00300`, which the next item, so typed, was refused
    for (`00300 is a number YAML reads in its own way`): it is said what 0o300 is, never guessed."""
    path = tmp_path / "hands.yaml"
    path.write_text(f"- hand: {HAND}\n  limit: 0o300\n")
    result = run("batch", str(path), "-f", "jsonl")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"] == {
        "code": "bad-entry",
        "message": "limit: expects a whole number (or null for no limit), got '0o300': a number is typed in"
        " decimal digits (0o300 is octal for 192)",
    }


@pytest.mark.parametrize(
    ("line", "word", "column"),
    [
        pytest.param("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c\tsouth", "south", 37, id="hand-tab-south"),
        pytest.param("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c North", "North", 37, id="hand-North"),
        pytest.param("'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c east'", "east", 37, id="quoted-hand-east"),
    ],
)
def test_batch_line_hand_tab_south_names_south_a_seat(tmp_path: Path, line: str, word: str, column: int):
    """A spreadsheet's hand and seat columns saved as text (`HAND<TAB>south`) were told `south is not a
    tile group: 'o' is no rank or suit`, as if a tile were mistyped: the word is a seat's, said so."""
    path = tmp_path / "hands.txt"
    path.write_text(f"{line}\n", encoding="utf-8")
    result = run("batch", str(path), "-f", "jsonl")
    assert result.exit_code == 1
    tile = f"{word[0].upper()}w"
    assert json.loads(result.stdout)["error"] == {
        "code": "unknown-tile",
        "message": f"{word} is not a tile group: {word} names a seat or a round (its wind's tile is {tile})"
        f" (column {column})",
        "column": column,
    }


def test_evening_play_amend_two_is_told_in_digits(evening):
    """`amend two` at play's prompt was `'two': there is no such game (1 to 1)`, as for a game past the
    last: the one-shot `evening amend FILE two` is told the digits."""
    assert run("evening", "draw", str(evening)).exit_code == 0
    typed = ["amend two", "cancel", "quit"]
    result = run("evening", "play", str(evening), input="\n".join(typed) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "  'two' is not a game's number (game 1): a number is typed in digits; type 2\n" in result.stdout


@pytest.mark.parametrize(
    "typed", [b"ab\xff\n", b"Bob\n\xe9\ncancel\n"], ids=["who-won-ab-xff", "hand-latin-1-e9"]
)
def test_evening_play_answer_not_utf8_on_a_strict_stdin_is_refused_in_one_line(evening, typed):
    """`printf 'ab\\xff\\n' | pungchow evening play FILE` in a UTF-8 locale (standard input strict, not
    the C locale's escapes) ended in a UnicodeDecodeError traceback: the answer is refused as any other."""
    result = run("evening", "play", str(evening), input=typed + b"quit\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "\\xff" in result.stdout or "\\xe9" in result.stdout


S_EQUALS = "-s=south: a short option takes no `=`: type -s south or --seat=south"
R_EQUALS = "-r=pung-chow: a short option takes no `=`: type -r pung-chow or --ruleset=pung-chow"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        pytest.param(["score", HAND, "-s=south"], S_EQUALS, id="score-s=south"),
        pytest.param(["wash", "1b9b1c9c1d9dEwSwWwNwRdGdWd", "-s=south"], S_EQUALS, id="wash-s=south"),
        pytest.param(
            ["settle", "--east", HAND, "--south", "20", "-r=pung-chow"], R_EQUALS, id="settle-r=pung-chow"
        ),
        pytest.param(["diff", HAND, "-r=pung-chow", "-r", "classical-bmja"], R_EQUALS, id="diff-r=pung-chow"),
        pytest.param(
            ["evening", "new", "{dir}/e.jsonl", "--players", PLAYERS, "-r=pung-chow"],
            R_EQUALS,
            id="evening-new-r=",
        ),
    ],
)
def test_s_equals_south_is_refused_with_the_forms_to_type_in_every_command(tmp_path, args, said):
    # Regression: `-s=south` was `--seat: '=south' is not a wind` (click's reading, the value `=south`),
    # `-r=pung-chow` `no ruleset '=pung-chow'`; argparse reads `south`. Neither guessed: the forms named.
    args = [a.replace("{dir}", str(tmp_path)) for a in args]
    result = run(*args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {said} (see 'pungchow ") and result.stderr.count("\n") == 1
    assert os.listdir(tmp_path) == []  # no evening begun
    answer = json.loads(run(*args, "--json").stdout) if args[0] != "evening" else None
    assert answer is None or answer["error"]["message"].startswith(said)


def test_a_batch_line_with_s_equals_south_is_refused_as_score_refuses_it_and_the_rest_scored(tmp_path):
    lines = tmp_path / "hands.txt"
    lines.write_text(f"'{HAND}' -s=south\n'{HAND}' -s south\n", encoding="utf-8")
    result = run("batch", str(lines), "-f", "jsonl")
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["error"]["message"] == f"{S_EQUALS} (column 39)" and second["seat"] == "south"


@pytest.mark.parametrize("option", ["-s=south", "-s south", "--seat south", "-w south", "--round=south"])
def test_evening_hand_given_s_equals_south_says_the_evening_knows_the_seats(evening, option):
    # `score`'s seat and round on `evening hand`: `No such option: -s`, no hint (or one to --dead).
    result = run("evening", "hand", str(evening), HAND, "--winner", "Ann", *OTHERS, *option.split())
    name = option.split()[0].partition("=")[0]
    assert result.exit_code == 2 and result.stderr.startswith(
        f"error: No such option: {name} (an evening knows each player's seat and the round: name the players,"
        " --winner NAME, --other NAME=HAND)"
    ), result.stderr


_SETTLE_BY_SEAT = (
    "settle takes each player's hand by seat, --east HAND --south HAND ... (the winner's with its "
    "winning tile marked !); to score one hand, type pungchow score HAND"
)


@pytest.mark.parametrize(
    ("argv", "told"),
    [
        pytest.param(
            ["settle", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"],
            "Got unexpected extra argument(s) (1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd): " + _SETTLE_BY_SEAT,
            id="settle-quoted-hand",
        ),
        pytest.param(
            ["settle", "1b1b1b", "3c3c3c"],
            "Got unexpected extra argument(s) (1b1b1b 3c3c3c): " + _SETTLE_BY_SEAT,
            id="settle-unquoted-hand",
        ),
        pytest.param(["settle", "foo"], "Got unexpected extra argument(s) (foo)", id="settle-foo-no-hint"),
    ],
)
def test_settle_given_a_hand_as_score_takes_it_is_told_the_seats(argv: list[str], told: str):
    """`pungchow settle 'HAND'`, typed as `score` takes a hand, was told only `Got unexpected extra
    argument(s)`: a hand is told that settle takes one per seat; a word that is no hand is told as before."""
    result = run(*argv)
    assert result.exit_code == 2
    assert result.stderr == f"error: {told} (see 'pungchow settle --help')\n"


WON = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"


@pytest.mark.parametrize(
    ("argv", "told"),
    [
        pytest.param(
            ["evening", "hand", "{log}", "Ann", WON],
            "Missing option '--winner': Ann stands where the hand goes (give it as --winner Ann)",
            id="evening-hand-FILE-Ann-HAND",
        ),
        pytest.param(
            ["diff", "pung-chow", WON],
            "Missing option '--ruleset' / '-r': pung-chow stands where the hand goes "
            "(give it as -r pung-chow)",
            id="diff-pung-chow-HAND",
        ),
        pytest.param(
            ["diff", "pung-chow", WON, "-r", "classical-bmja"],
            f"Got unexpected extra argument(s) ({WON}): pung-chow stands where the hand goes (give it by its "
            "option)",
            id="diff-pung-chow-HAND-r-bmja",
        ),
        pytest.param(
            ["score", "south", WON],
            f"Got unexpected extra argument(s) ({WON}): south stands where the hand goes "
            "(give it by its option)",
            id="score-south-HAND",
        ),
    ],
)
def test_a_word_typed_where_the_quoted_hand_goes_is_named(evening: Path, argv: list[str], told: str):
    """`evening hand FILE Ann 'HAND'` was told only `Missing option '--winner'`, and `score south 'HAND'`
    or `diff pung-chow 'HAND' -r B` to put a hand in quotes that was quoted: the word standing where the
    hand goes is named, with the option to give it by where the refusal names one."""
    command = argv[0] if argv[0] != "evening" else "evening hand"
    result = run(*(str(evening) if word == "{log}" else word for word in argv))
    assert result.exit_code == 2
    assert result.stderr == f"error: {told} (see 'pungchow {command} --help')\n"


# A newcomer's words where a command or a value goes (a user trial): each told what was meant, exit 2.
NEWCOMER = [
    pytest.param(
        ["1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"],
        "error: No such command '1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd': a hand is scored by its command: "
        "pungchow score '1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' (see 'pungchow --help')",
        id="a-hand-without-score",
    ),
    pytest.param(
        ["1b1b1b", "3c3c3c"],
        "error: No such command '1b1b1b': a hand is scored by its command: pungchow score 'HAND' (the whole "
        "hand in quotes) (see 'pungchow --help')",
        id="an-unquoted-hand-without-score",
    ),
    pytest.param(
        ["help", "score"],
        "error: No such command 'help': help is --help (pungchow --help, or COMMAND --help) (see 'pungchow "
        "--help')",
        id="help",
    ),
    pytest.param(
        ["-help"],
        "error: No such option: -help (help is --help: two hyphens) (see 'pungchow --help')",
        id="one-hyphen-help",  # click read -h -e -l -p and said `No such option: -e`
    ),
    pytest.param(
        ["evening", "-help"],
        "error: No such option: -help (help is --help: two hyphens) (see 'pungchow evening --help')",
        id="evening-one-hyphen-help",
    ),
    pytest.param(
        ["rules", "pung-chow"],
        "error: No such command 'pung-chow': a ruleset is shown by `pungchow rules show pung-chow` (see "
        "'pungchow rules --help')",
        id="rules-pung-chow",
    ),
    pytest.param(
        ["evening", "t.jsonl"],
        "error: No such command 't.jsonl': an evening's log follows its command: pungchow evening status "
        "t.jsonl (see 'pungchow evening --help')",
        id="evening-a-log",
    ),
    pytest.param(
        ["diff", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "-r", "pung-chow", "classical-dmjl"],
        "error: Got unexpected extra argument(s) (classical-dmjl): classical-dmjl follows -r pung-chow "
        "(each ruleset has its own -r: -r pung-chow -r classical-dmjl) (see 'pungchow diff --help')",
        id="diff-two-rulesets-one-r",
    ),
    pytest.param(
        ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "-r", "pung-chow", "classical-dmjl"],
        "error: Got unexpected extra argument(s) (classical-dmjl): classical-dmjl follows -r pung-chow (a "
        "hand under two rulesets: pungchow diff HAND -r pung-chow -r classical-dmjl) (see 'pungchow score "
        "--help')",
        id="score-two-rulesets",
    ),
    pytest.param(
        ["evening", "new", "{log}", "--players", "Ann Bob Cy Di"],
        "error: --players: give two to four players, not 1 (names are separated by commas: 'Ann,Bob,Cy,Di')",
        id="players-spaced",
    ),
]


TOPICS = "batch, evening, json, limit-game, notation, riichi, rulesets, rulings, settling, speed"
NEWCOMER += [
    pytest.param(
        ["docs", command],
        f"error: no topic {command!r} (pungchow {command} is told in `pungchow docs {topic}`): one of "
        + TOPICS,
        id=f"docs-{command}",  # found by the heading that names `pungchow COMMAND` in the topic
    )
    for command, topic in (
        ("settle", "settling"),
        ("diff", "batch"),
        ("rules", "rulesets"),
        ("score", "notation"),
    )
]


@pytest.mark.parametrize(("argv", "said"), NEWCOMER)
def test_a_newcomers_word_is_told_what_was_meant(tmp_path, argv: list[str], said: str) -> None:
    done = run(*(word.replace("{log}", str(tmp_path / "e.jsonl")) for word in argv))
    assert (done.exit_code, done.stdout, done.stderr) == (2, "", said + "\n")


def test_other_with_several_players_is_told_one_each(tmp_path) -> None:
    """`--other Bob=10,Cy=4` was read as Bob's hand `10,Cy=4`: `groups are separated by spaces`."""
    log = str(tmp_path / "e.jsonl")
    assert run("evening", "new", log, "--players", "Ann,Bob,Cy").exit_code == 0
    done = run(
        "evening",
        "hand",
        log,
        "--winner",
        "Ann",
        "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd",
        "--other",
        "Bob=10,Cy=4",
    )
    assert (done.exit_code, done.stderr) == (
        2,
        "error: --other 'Bob=10,Cy=4': one player each --other: --other Bob=10 --other Cy=4\n",
    )
