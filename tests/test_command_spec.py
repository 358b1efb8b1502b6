"""One command spec (cli/spec.py): every command line of the README and docs/, and a table of unusual
ones, read by the spec's reader and by the typer app generated from the spec give the same call (the
same handler, the same keywords), or the reader leaves the line to typer, whose error it is."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import given, settings
from hypothesis import strategies as st

from pungchow_calc.cli import spec
from pungchow_calc.cli.typer_app import _UsageError, build
from pungchow_calc.engine.errors import RepeatedOption, UnknownOption, ValueMissing
from pungchow_calc.engine.notation import Marker

ROOT = Path(__file__).resolve().parent.parent
_CALLS: list[tuple[tuple[str, ...], dict[str, Any]]] = []
_APP = typer.main.get_command(
    build(invoke=lambda command, values: _CALLS.append((command.path, values)) or 0)
)


def _typer_call(argv: list[str]) -> Any:
    """What the generated typer app does with argv: the call it makes, "help", or its usage error."""
    _CALLS.clear()
    try:
        _APP.main(argv, prog_name="pungchow", standalone_mode=False)
    except _UsageError as error:
        return ("error", error.format_message())
    except typer.Exit:
        pass
    return _CALLS[0] if _CALLS else "help"


def _reader_call(argv: list[str]) -> Any:
    """What the spec's reader does with argv: the call, None (typer's), or its unknown option's error."""
    try:
        found = spec.read(argv)
    except (UnknownOption, ValueMissing) as error:
        return ("error", error.message)
    return None if found is None else (found[0].path, found[1])


def _shell_lines(text: str) -> list[tuple[int, list[str]]]:
    """The `pungchow ...` commands of a Markdown file's console, sh and plain code blocks, as the
    shell splits them (continued lines joined; a pipe, redirection or comment ends the command)."""
    found: list[tuple[int, list[str]]] = []
    fence: str | None = None  # the open block's language, None outside a block
    pending = ""
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fence = line[3:].strip() if fence is None else None
            continue
        if fence not in ("console", "sh", "bash", "shell", ""):
            continue
        line = pending + line.strip().removeprefix("$ ")
        if line.endswith("\\"):  # continued on the next line
            pending = line[:-1] + " "
            continue
        pending = ""
        if not line.startswith("pungchow "):
            continue
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        lexer.commenters = "#"
        words: list[str] = []
        for word in lexer:
            if word in ("|", ">", "<", ">>", "&&", ";", "&", "2>", "2>&1"):
                break
            words.append(word)
        found.append((number, words[1:]))
    return found


def _documented() -> list[Any]:
    cases = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for number, argv in _shell_lines(path.read_text(encoding="utf-8")):
            cases.append(pytest.param(argv, id=f"{path.name}:{number}"))
    return cases


DOCUMENTED = _documented()


def test_the_docs_hold_a_command_line_of_every_family():
    families = {case.values[0][0] for case in DOCUMENTED if case.values[0]}
    # `docs` is named in the README's prose only: the table below reads it.
    assert families == {"score", "settle", "evening", "batch", "diff", "wash", "rules"}


@pytest.mark.parametrize("argv", DOCUMENTED)
def test_a_documented_command_line_reads_the_same_either_way(argv):
    reader, typer_app = _reader_call(argv), _typer_call(argv)
    if reader is None:  # the reader leaves only help and typer's errors to typer
        assert typer_app == "help" or typer_app[0] == "error", (argv, typer_app)
    else:
        assert reader == typer_app


HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"


@pytest.mark.parametrize(
    ("argv", "read"),
    [
        pytest.param(["score", HAND, "--ruleset=pung-chow-limit"], True, id="inline-value"),
        pytest.param(["score", HAND, "-rbmja"], True, id="short-with-value-attached"),
        # `-s=south`: click reads `=south`, argparse `south`; the reader refuses it (typer never sees it).
        pytest.param(["score", HAND, "-s=south"], "refused here", id="short-with-equals-attached"),
        pytest.param(["batch", "f.txt", "-fjson"], True, id="batch-short-attached"),
        pytest.param(["score", HAND, "--drawn", "--drawn"], True, id="flag-twice"),
        pytest.param(["score", "-s", "west", "--", HAND], True, id="double-dash-after-options"),
        pytest.param(["score", HAND, "--json=yes"], "refused", id="flag-with-value"),
        # A value missing at the end: refused in the words a batch line says it in (`--limit needs a
        # value`), where typer said `Option '--limit' requires an argument.`
        pytest.param(["score", HAND, "--limit"], "refused here", id="missing-value"),
        pytest.param(["score", HAND, "--colour"], "refused", id="unknown-option"),
        pytest.param(["score", HAND, "--sear", "s"], "refused", id="unknown-option-like-three"),
        pytest.param(["score", HAND, "-Xn"], "refused", id="unknown-short-option"),
        pytest.param(["score", HAND, "-h", "--colour"], False, id="help-then-unknown-option"),
        pytest.param(["score", HAND, "-5"], False, id="negative-number"),
        pytest.param(["score", "1b1b1b", "3c3c3c"], False, id="unquoted-hand"),
        pytest.param(["score", "--", HAND], True, id="double-dash"),
        pytest.param(["score", "--", HAND, "--json"], False, id="double-dash-then-an-option-word"),
        pytest.param(["score", "-h"], False, id="help"),
        # A `--` before a command's word ends its group's options (click): the same command, read here.
        pytest.param(["--", "score", HAND, "-s", "w"], True, id="double-dash-before-the-command"),
        pytest.param(["evening", "--", "status", "e.jsonl"], True, id="double-dash-in-a-group"),
        pytest.param(["--", "evening", "--", "status", "e.jsonl"], True, id="double-dash-at-each-level"),
        pytest.param(["--", "--", "score", HAND], False, id="double-dash-twice"),
        pytest.param(["--"], False, id="double-dash-alone"),
        pytest.param(["settle", "--east", "12", "--dead=s", "--dead", "w", "--draw"], True, id="repeated"),
        pytest.param(["diff", HAND, "-r", "bmja"], True, id="one-ruleset"),
        pytest.param(["diff", HAND], False, id="no-ruleset"),
        pytest.param(["batch", "-", "--compare", "bmja", "pung-chow"], True, id="stdin-and-pair"),
        pytest.param(["batch", "-", "--compare", "bmja"], "refused here", id="half-a-pair"),
        pytest.param(["batch", "f.txt", "--workers=2"], True, id="inline-number"),
        pytest.param(["batch", "f.txt", "--workers", "two"], False, id="not-a-number"),
        pytest.param(["evening", "hand", "e.jsonl", HAND, "--other", "Bob=4"], False, id="no-winner"),
        pytest.param(["evening", "amend", "e.jsonl", "3", "--draw"], True, id="amend-draw"),
        pytest.param(["evening", "amend", "e.jsonl", "x", "--draw"], False, id="amend-not-a-number"),
        pytest.param(["evening", "amend", "e.jsonl", "-1", "--draw"], False, id="amend-negative"),
        pytest.param(["score", "-5"], True, id="negative-hand"),
        pytest.param(["evening", "chart", "e.jsonl", "--width", "19"], False, id="below-range"),
        pytest.param(["evening", "chart", "e.jsonl", "--height=100"], True, id="top-of-range"),
        pytest.param(["evening", "repair", "e.jsonl", "--accept", "3", "--accept=5"], True, id="int-list"),
        pytest.param(["evening", "stats", "a.jsonl", "b.jsonl"], True, id="files"),
        pytest.param(["evening"], False, id="group-alone"),
        pytest.param(["rules", "diff", "bmja"], False, id="one-of-two"),
        pytest.param(["docs"], True, id="no-topic"),
        pytest.param([], False, id="nothing"),
    ],
)
def test_an_unusual_line_reads_the_same_or_goes_to_typer(argv, read):
    """A line the reader takes makes typer's call; one it leaves (`--`, help, an error) main() runs
    through typer itself, so it reads as typer reads it by construction; an unknown option it refuses
    ("refused") in the words typer's parser says it in."""
    reader = _reader_call(argv)
    assert (reader is not None) == bool(read)
    if read == "refused here":
        assert reader[0] == "error", reader
    elif read:
        assert reader == _typer_call(argv)


def test_every_command_is_in_the_help_order_and_the_typer_app():
    assert {c.path[0] for c in spec.COMMANDS} == set(spec.ORDER)
    for command in spec.COMMANDS:
        group = _APP
        for word in command.path:
            group = group.commands[word]  # type: ignore[attr-defined]
        assert group.help == command.help


def test_no_option_is_spelt_with_a_capital():
    """A capital in an option word is a slip (caps lock), told as such (options.misspelt_option)."""
    assert [s for c in spec.COMMANDS for o in c.options for s in o.spellings if s != s.lower()] == []


def test_a_handler_is_a_function_of_its_module():
    """Handlers are named as text (imported when run): each name resolves, and takes every keyword."""
    import importlib
    import inspect

    for command in spec.COMMANDS:
        module, name = command.handler.split(":")
        function = getattr(importlib.import_module(f"pungchow_calc.cli.{module}"), name)
        signature = inspect.signature(function)
        keywords = [a.name for a in command.args] + [o.name for o in command.options]
        signature.bind(**dict.fromkeys(keywords))  # raises TypeError for a keyword it lacks


_WORD = st.text(alphabet="abcxyz019!*#=. ", min_size=1, max_size=8).filter(lambda w: not w.startswith("-"))


@st.composite
def _command_lines(draw: st.DrawFn) -> list[str]:
    """A well-formed line of a random command: its positionals in order, options anywhere between
    them, each by any spelling, inline (`--x=v`) or not, repeated where it may be."""
    command = draw(st.sampled_from(spec.COMMANDS))
    words: list[str] = []
    for arg in command.args:
        if arg.optional and draw(st.booleans()):
            break  # an optional positional is the last one
        count = draw(st.integers(1, 3)) if arg.many else 1
        for _ in range(count):
            words.append(str(draw(st.integers(arg.minimum or 0, 99))) if arg.kind is int else draw(_WORD))
    options: list[list[str]] = []
    for option in command.options:
        if not option.required and draw(st.booleans()):
            continue
        # Given twice where it may be: a repeatable option, a joined one, a flag (test below: any other).
        repeats = option.many or option.joined or option.flag
        for _ in range(draw(st.integers(1, 2)) if repeats else 1):
            spelled = draw(st.sampled_from(option.spellings))
            if option.flag:
                options.append([spelled])
                continue
            if option.kind is int:
                low, high = option.minimum or 0, option.maximum or 999
                values = [str(draw(st.integers(low, high)))]
            else:
                values = [draw(_WORD) for _ in range(option.nargs)]
            if option.nargs == 1 and spelled.startswith("--") and draw(st.booleans()):
                options.append([f"{spelled}={values[0]}"])
            elif option.nargs == 1 and len(spelled) == 2 and values[0][:1] != "=" and draw(st.booleans()):
                options.append([f"{spelled}{values[0]}"])  # `-ssouth`, as click reads it (`-s=x` is refused)
            else:
                options.append([spelled, *values])
    chunks = [[word] for word in words]
    for option_words in draw(st.permutations(options)):
        chunks.insert(draw(st.integers(0, len(chunks))), option_words)
    return [*command.path, *(word for chunk in chunks for word in chunk)]


@settings(max_examples=300, deadline=None)
@given(_command_lines())
def test_any_well_formed_line_reads_the_same_either_way(argv):
    reader = _reader_call(argv)
    assert reader is not None, argv
    assert reader == _typer_call(argv)


def _single_valued() -> list[Any]:
    """Every option of every command that takes one value (not repeatable), with two values of its kind."""
    cases = []
    for command in spec.COMMANDS:
        for option in command.options:
            if option.flag or option.many or option.joined:
                continue
            low = option.minimum or 0
            if option.kind is int:
                first, second = [str(low)], [str(low + 1)]
            else:
                first, second = ["a"] * option.nargs, ["b"] * option.nargs
            argv = [*command.path, option.spellings[0], *first, option.spellings[-1], *second]
            cases.append(pytest.param(argv, option.spellings[0], id=" ".join(argv)))
    return cases


@pytest.mark.parametrize(("argv", "named"), _single_valued())
def test_an_option_of_one_value_given_twice_is_refused_by_the_reader(argv, named):
    """`score HAND -s south -s west` was scored for west (click's last value counts): which seat was
    meant is a guess, refused by the one reader for every command, naming the option and both values."""
    with pytest.raises(RepeatedOption) as refused:
        spec.read(argv)
    assert refused.value.code == "option-twice"
    assert refused.value.message.startswith(f"{named} is given 2 times (")
    assert refused.value.message.endswith("): give it once")


def test_no_command_module_declares_typer_parameters():
    """Commands are declared in cli/spec.py only: no module but the generated app's builds a typer
    option or argument, or registers a command (the second declaration this spec replaced)."""
    cli = ROOT / "pungchow_calc" / "cli"
    for path in sorted(cli.glob("*.py")):
        if path.name == "typer_app.py":
            continue
        text = path.read_text(encoding="utf-8")
        for made in ("typer.Option(", "typer.Argument(", ".command(", ".add_typer(", "typer.Typer("):
            assert made not in text, (path.name, made)


def test_score_help_names_the_markers_plus_and_equals():
    """`score --help`'s notation named `*` and `#` only: `+` and `=` (README "Hand notation") were
    nowhere in the help, though the reader takes them."""
    for marker in Marker:
        if marker is not Marker.CONCEALED:
            assert f" {marker.value} (" in spec.NOTATION, marker


def test_every_option_of_every_command_is_named_in_the_manual() -> None:
    """A new option (a stated fact's, from its row) is told to users in README.md or docs/: a developer's
    trial added `--after-flower` and nothing asked for it to be written there."""
    root = Path(__file__).resolve().parent.parent
    manual = "".join(
        p.read_text(encoding="utf-8") for p in [root / "README.md", *(root / "docs").glob("*.md")]
    )
    unnamed = [
        (" ".join(command.path), option.spellings[0])
        for command in spec.COMMANDS
        for option in command.options
        if f"`{option.spellings[0]}" not in manual and f"{option.spellings[0]}`" not in manual
    ]
    assert unnamed == []
