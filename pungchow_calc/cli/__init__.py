"""The `pungchow` command: a thin layer over the engine (score, settle, evening, batch, diff, wash,
rules, docs).

`main` is the console-script entry point (`pungchow_calc.cli:main`); every command is declared once
in cli/spec.py (its handler lives in a module of this package), and the typer `app` is generated from
it. Exit codes: 0 done, 1 a batch entry failed, 2 bad input (a one-line reason), 3 the output could
not be written, 130 interrupted.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # no stub: the builtin under signal
import contextlib
import errno
import io
import os
import sys
from functools import lru_cache
from typing import Any

from .. import (
    _STARTING,
    EXIT_INTERRUPTED,
    INTERRUPTED,
    arguments,
    done_all_the_same,
    last_ctrl_c,
    note_ctrl_c,
    started,
)
from ..engine.errors import PungchowError, RepeatedOption, UnknownOption, ValueMissing, printable
from . import spec
from .failure import EXIT_BAD_INPUT, EXIT_OUTPUT_FAILED, json_error, report, say, silence

__all__ = ["app", "main"]

# Errors of writing the output (a full disk, a quota, a closed or failing device): reported in one
# line with their own exit code, never as a traceback (a closed pipe is not one: see main).
_WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF, errno.EROFS})
# Commands whose one argument is a hand (HAND, TILES): several words there mean an unquoted hand.
# By the whole command path: `rules diff` and `evening wash` end in the names of `diff` and `wash`.
_HAND_COMMANDS = frozenset(
    " ".join(("pungchow", *c.path))
    for c in spec.COMMANDS
    if len(c.path) == 1 and [a.metavar for a in c.args] in (["HAND"], ["TILES"])
)


WIDEST = 500  # COLUMNS past this is read as this: no terminal is wider (README, "Help and conventions")


def _widest_columns() -> None:
    """COLUMNS of 10,000 or more laid the help out in seconds to minutes (rich's layout grows with the
    square of the width), and past the machine's integers broke it with a traceback: read as WIDEST, for
    every layout, ours and rich's and typer's (they read the variable themselves)."""
    value = os.environ.get("COLUMNS", "")
    if value.isascii() and value.isdigit() and int(value) > WIDEST:
        os.environ["COLUMNS"] = str(WIDEST)


def main() -> None:
    """Console-script entry point: run the app; one line for bad input, a full disk or a closed pipe."""
    argv = sys.argv[1:]
    _widest_columns()
    if sys.stdin is None:  # started with standard input closed (`<&-`): no input, as from /dev/null
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - the process's stdin, to its end
    elif isinstance(sys.stdin, io.TextIOWrapper) and sys.stdin.errors == "strict":
        # A line that is not UTF-8 (a Latin-1 terminal, a binary file piped to `evening play`): its
        # bytes read as escapes (`\\xff`) that no name or hand matches, so it is refused in one line,
        # not a UnicodeDecodeError; text that a strict standard output can still write back.
        sys.stdin.reconfigure(errors="backslashreplace")
    if sys.stderr is None:  # started with standard error closed: its writes fail, as on `2>&-`
        sys.stderr = _ClosedStream()  # not print's fallback to stdout: an error line among the output
    if getattr(sys.stdout, "errors", None) == "strict":
        # A name the system gave in bytes its encoding cannot read (a file named in Latin-1 on a UTF-8
        # system: `evening status` shows it) is written as its escape, as standard error writes it,
        # never a traceback. Valid text is written as before.
        with contextlib.suppress(AttributeError, ValueError, OSError):
            sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    try:
        started()  # from here on, a Ctrl-C is a KeyboardInterrupt: inside the try, so it is caught
        if sys.stdout is None:
            # Started with standard output closed (`pungchow ... >&-`): Python then drops every print
            # without a word, so nothing is run (an evening game would be recorded unseen).
            code = _output_failed(OSError(errno.EBADF, os.strerror(errno.EBADF)))
        else:
            code = _run(argv)
        try:
            if sys.stdout is not None:
                sys.stdout.flush()  # here, not at interpreter exit, so that a failed write is reported
        except BrokenPipeError:
            _silence_stdout()
        except OSError as error:
            code = _output_failed(error)
        _ignore_interrupts()  # last in the try: a Ctrl-C until it is done is this command's own
    except KeyboardInterrupt as stop:  # between the command's end and here
        code = _interrupted(stop)
        _ignore_interrupts()
    except Exception:
        if not last_ctrl_c():
            raise
        # The Ctrl-C came as something else (note_ctrl_c): a RuntimeError from a class interrupted
        # as it was built by a lazy import (`rules list` at 50 ms, 2026-11-26).
        code = _interrupted(last_ctrl_c())
        _ignore_interrupts()
    sys.exit(code)


def _ignore_interrupts() -> None:
    """The command's process, its work done and its output out: a Ctrl-C now changes nothing, and
    during the interpreter's exit it would end the process by the signal (no line, no code).

    _signal is the builtin, imported with the package: nothing is imported here, since an import at
    this point (`import signal` was one, building its enums) was a window in which a Ctrl-C ended in
    a traceback and a death by signal (CI, 2026-11-26, `score` interrupted at 180 ms)."""
    if _STARTING:
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)


class _ClosedStream(io.TextIOBase):
    """A standard stream the process was started without: every write fails as on a closed file."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def __getattr__(name: str) -> Any:
    """`app`, the typer app with every command registered, built on first use (PEP 562)."""
    if name == "app":
        return _typer_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@lru_cache(maxsize=1)
def _typer_app() -> Any:
    """The typer app, generated from the command spec (cli/spec.py)."""
    from .typer_app import build

    return build()


@lru_cache(maxsize=2)
def _click_command(shell_given: bool) -> Any:
    """The click command typer builds from the app, built once a process (50 ms: a program calling main
    again, as the tests do, builds it once). `shell_given`: typer's switch that makes the completion
    options take the shell as their value (read as the command is built)."""
    import typer.main

    return typer.main.get_command(_typer_app())


def _run(argv: list[str]) -> int:
    """Run one command line; return its exit code."""
    try:
        quick = _fast_without_typer(argv)
        if quick is not None:
            return quick
        return _run_typer(argv)
    except KeyboardInterrupt as stop:
        return _interrupted(stop)
    except ValueError as error:
        # typer turns option values into ints with int(), which refuses numbers of over 4,300 digits.
        if "integer string conversion" not in str(error):
            raise
        say("error: a number on the command line is too long")
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # `pungchow ... | head`: the reader left; say nothing more and exit cleanly.
        _silence_stdout()
        return 0
    except OSError as error:
        if error.errno not in _WRITE_ERRNOS:
            raise
        return _output_failed(error)


# Every ordinary command line is read by the spec's reader and run without typer: typer 0.29 coerces
# every non-flag value through a pydantic TypeAdapter, and importing typer and pydantic costs more
# than most commands' work (`python -X importtime`; `score ... --json` takes about 0.08 s this way,
# 0.22 s through typer). Anything the reader does not take (--help, a typo, `--`, several hands, a
# missing value) goes to the typer app generated from the same spec, so help and errors read the
# same either way.
def _fast_without_typer(argv: list[str]) -> int | None:
    """Run an ordinary command line without importing typer; its exit code, or None (typer's)."""
    try:
        call = spec.read(argv)
    except RepeatedOption as error:  # `-s south -s west`: which was meant would be a guess
        report(error, bool(error.given.get("as_json")) or _asks_json(argv))
        return EXIT_BAD_INPUT
    except (UnknownOption, ValueMissing) as error:  # in arguments' words, a batch line's too
        said = error.message + (_dash_name(argv, error.name) if isinstance(error, UnknownOption) else "")
        return _usage(said, _command_name(spec.find(argv)), argv)
    if call is None:
        misnamed = spec.misnamed(argv)  # `SCORE`: typer has no hint for caps lock
        return None if misnamed is None else _usage(*misnamed, argv)
    command, values = call
    return command.run(values)


def _run_typer(argv: list[str]) -> int:
    """Run a command line through typer; its exit code."""
    import signal

    # A Ctrl-C in typer's hands is not always a KeyboardInterrupt by the time it reaches us: typer
    # turns it into Exit(130), which click (standalone_mode=False) returns as a plain 130; and inside
    # an import (rich's, for the help) it may end a dataclass's build, which Python reports as a
    # RuntimeError. So the signal is noted as it comes (note_ctrl_c: the console script's handler
    # already; here for a caller of main in its own process), and either way the one line is said
    # (main; tests/test_first_contact.py). A command that takes Ctrl-C itself (batch) sets its own.
    # Each KeyboardInterrupt raised is kept: what the command adds to it (a game recorded all the
    # same: evening_run.written_anyway) is said with the line.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # ignored when started (`... &` in a
        return _typer_code(argv)  # script): it stays so, as Python itself leaves an inherited SIG_IGN
    try:
        previous = signal.signal(signal.SIGINT, note_ctrl_c)
    except ValueError:  # not the main thread (a library caller's): Python's own handling stands
        return _typer_code(argv)
    try:
        return _typer_code(argv)
    finally:
        signal.signal(signal.SIGINT, previous)


def _typer_code(argv: list[str]) -> int:
    """_run_typer's command line through typer; its exit code."""
    import typer

    from .typer_app import _UsageError

    refused = _completion_refused(argv)
    if refused is not None:
        return _usage(refused, None, argv)
    try:
        # One program name in help and errors, however it was started (`python -m pungchow_calc`, a
        # test runner's process): the command users type.
        command = _click_command(_shell_given())
        code = command(args=spec.help_line(argv), prog_name="pungchow", standalone_mode=False)
        if code == EXIT_INTERRUPTED and last_ctrl_c():  # typer's Exit(130) for a Ctrl-C, returned
            return _interrupted(last_ctrl_c())
        return code if isinstance(code, int) else 0
    except typer.Exit as done:
        if isinstance(done.__cause__, KeyboardInterrupt):  # typer's runner: Ctrl-C is Exit(130)
            return _interrupted(done.__cause__)
        return done.exit_code
    except _UsageError as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            # `pungchow` (or `pungchow evening`) alone: typer printed the help once already, while the
            # error was made (click's convention: exit 2, no command was given).
            return EXIT_BAD_INPUT
        return _usage_error(error, argv)
    except typer.Abort:  # end of input at a prompt (click has ended the line)
        return EXIT_INTERRUPTED
    except SystemExit as done:
        # typer turns a closed pipe into exit 1; the reader leaving is exit 0 here, as in _run.
        cause = done.__context__
        if isinstance(cause, OSError) and cause.errno == errno.EPIPE:
            _silence_stdout()
            return 0
        raise


def _interrupted(stop: BaseException | None = None) -> int:
    """Ctrl-C: one line on stderr (after the terminal's `^C`, on a line of its own), exit 130; with
    what was done all the same (`stop`'s notes: a game recorded before it came)."""
    said = INTERRUPTED + "".join(f"; {note}" for note in done_all_the_same(stop))
    with contextlib.suppress(OSError, ValueError):  # stderr closed: the exit code says it
        print(f"\n{said}" if sys.stderr.isatty() else said, file=sys.stderr, flush=True)
    return EXIT_INTERRUPTED


def _usage_error(error: Any, argv: list[str]) -> int:
    """A mistyped command line is bad input like any other: one line (or the JSON error object
    under --json) and exit 2."""
    ctx = error.ctx
    # the parser's own errors (`--seat` without its value, `--drawn=1`) carry no context
    found = spec.find(argv)
    name = ctx.command_path if ctx is not None else _command_name(found)
    message = " ".join(printable(error.format_message()).split())
    if type(error).__name__ == "NoSuchOption" and found is not None:  # a command's (not the group's):
        # in the words of the spec's reader, as a line typer never sees says it (`--help --bogus`)
        message = printable(arguments.unknown_option(error.option_name, found.spelling).message)
        message += _dash_name(argv, error.option_name)
    extra = message.startswith("Got unexpected extra argument")
    missing = message.startswith("Missing option")
    # `evening hand FILE Ann 'HAND'`, `diff pung-chow 'HAND' -r B`: a word that is no hand typed where the
    # hand goes, the hand after it, was told only that an option is missing (or, worse, to quote a hand
    # that was quoted): the word is named, with the option to give it by where the message names one.
    misplaced = _name_before_the_hand(argv) if extra or missing else None
    if misplaced is not None:
        said = f"{misplaced} stands where the hand goes"
        if missing:
            option = message.rsplit("'", 2)[-2]  # `Missing option '--winner'.`: `--winner`
            return _usage(f"{message[:-1]}: {said} (give it as {option} {misplaced})", name, argv)
        return _usage(f"{message}: {said} (give it by its option)", name, argv)
    if name in _HAND_COMMANDS and missing:
        from ..engine.notation import reads_as_hand

        # `diff 'HAND' A B`: its rulesets typed as words, told only that -r is missing (click checks a
        # missing option before extra words); the word after the hand is named.
        stray = _after_the_hand(argv)
        if stray is not None and not reads_as_hand(stray):  # a group: the hand is not quoted (below)
            option = message.rsplit("'", 2)[-2]  # `Missing option '--ruleset' / '-r'.`: `-r`
            return _usage(
                f"{message[:-1]}: {stray} follows the hand (give it as {option} {stray})", name, argv
            )
        extra = extra or stray is not None
    if extra and name == "pungchow batch":
        first = ctx.params.get("file") if ctx is not None else None  # the one file it read
        joined = _files_to_join(message, first)
        if joined is not None:
            return _usage(f"{message}: {joined}", name, argv)
    dashed = _dashes_taken(argv, found) if extra else None
    if dashed is not None:
        return _usage(f"{message}: {dashed}", name, argv)
    apart = _names_apart(message, argv) if extra else None
    if apart is not None:
        return _usage(f"{message}: {apart}", name, argv)
    by_seat = _hand_with_no_seat(argv) if extra else None
    if by_seat is not None:
        return _usage(f"{message}: {by_seat}", name, argv)
    misspelt = _misspelt(argv, found) if extra or type(error).__name__ == "NoSuchOption" else None
    seat = _unquoted_seat(argv) if extra else None
    second = _second_ruleset(argv, name) if extra and name in _HAND_COMMANDS else None
    if second is not None:  # `diff 'HAND' -r pung-chow classical-dmjl`: told its hand was not quoted
        return _usage(f"{message}: {second}", name, argv)
    if misspelt is not None:  # `'HAND' —json` was told as a hand not quoted
        return _usage(misspelt, name, argv)
    if name in _HAND_COMMANDS and extra:
        message = f"{name} takes the hand as one argument: put it in quotes{_curly_quoted(argv)}"
    elif seat is not None:
        message = f"{seat} takes the hand as one argument: put it in quotes{_curly_quoted(argv)}"
    else:
        return _usage(message, name, argv)
    return _usage(message, None, argv)


def _dashes_taken(argv: list[str], found: Any) -> str | None:
    """`--seat -- x`: an option that takes a value took the `--` as it, so the word after it stood
    alone (told as a hand not quoted, though it was): said as what happened (a fuzzing trial)."""
    taker = _options_part(argv, found)[1]
    if taker is None:
        return None
    return f"{taker} took -- as its value: give its value after it ({taker} {found.spelling[taker].metavar})"


def _options_part(argv: list[str], found: Any) -> tuple[list[str], str | None]:
    """The words before the `--` that ends the options, and the first option that took a `--` as its
    value (`settle --east -- 8 --json`: that `--` ends nothing), by the command's table (`found`)."""
    valued = {s: o.nargs for s, o in found.spelling.items() if not o.flag} if found is not None else {}
    words: list[str] = []
    taker = owner = None
    owed = 0  # values still owed to the option before (`owner`)
    for word in argv:
        if owed:
            owed -= 1
            taker = taker or (owner if word == "--" else None)
        elif word == "--":
            break
        else:
            owed, owner = valued.get(word, 0), word
        words.append(word)
    return words, taker


def _second_ruleset(argv: list[str], name: str) -> str | None:
    """`-r A B`: a ruleset named after another's -r (a shipped name, or a .yaml file), how to give it
    (`diff` takes each with its own -r; `score` one, `diff` both); else None."""
    from ..ruleset_files import names_a_ruleset

    for i, word in enumerate(argv[:-2]):
        after = argv[i + 2]
        if word in ("-r", "--ruleset") and names_a_ruleset(after):
            both = f"-r {argv[i + 1]} -r {after}"
            if name == "pungchow diff":
                return f"{after} follows -r {argv[i + 1]} (each ruleset has its own -r: {both})"
            return f"{after} follows -r {argv[i + 1]} (a hand under two rulesets: pungchow diff HAND {both})"
    return None


# An evening command's -r but `new`'s: the evening's ruleset is the one its log began with.
EVENING_RULESET = (
    "an evening keeps the ruleset it began with, `evening new FILE -r NAME`: it is not given again"
)


def _dash_name(argv: list[str], option: str) -> str:
    """ " (-Dash as a player's name is given after --: ...)" where a command taking a player as a word
    (`evening wash FILE -Dash TILES`) refused his name as an option (`No such option: -D`): `evening new`
    seats a name beginning with - (docs/evening.md); `-r` given to an evening command but `new`, that
    the evening keeps its ruleset; else ""."""
    command = spec.find(argv)
    if command is None:
        return ""
    if command.path[0] == "evening" and option in ("-r", "--ruleset") and "--ruleset" not in command.spelling:
        # `evening wash FILE Ann TILES -r pung-chow-limit`: typed as a refusal's `try -r` has it, it was
        # told to be a player's name; the evening's ruleset is the one its log began with (docs/evening.md).
        return f" ({EVENING_RULESET})"
    if not any(arg.name == "player" for arg in command.args):
        return ""
    named = next(  # `--jsn` is an option mistyped: its hint names the option meant
        (w for w in argv if arguments.names_option(w) and w[1] != "-" and w.startswith(option)),
        None,
    )
    if named is None:
        return ""
    return f" ({printable(named)} as a player's name is given after --: `-- {printable(named)}`)"


def _curly_quoted(argv: list[str]) -> str:
    """ "; '“' (U+201C) is a typographic quote ..." when a word begins with one (a hand quoted as a
    word processor or a chat app writes quotes, which the shell splits into words), else ""."""
    from ..engine.notation import TYPOGRAPHIC_QUOTES, typographic_quote_hint

    first = next((word[0] for word in argv if word[:1] in TYPOGRAPHIC_QUOTES), None)
    return "" if first is None else f"; {typographic_quote_hint(first)}"


def _after_the_hand(argv: list[str]) -> str | None:
    """The word after a hand command's one argument (`diff 'HAND' pung-chow`), or None."""
    read = _read_line(argv)
    if read is None:
        return None
    command, words, _ = read
    return words[len(command.args)] if len(words) > len(command.args) else None


def _read_line(argv: list[str]) -> tuple[spec.Command, list[str], dict[str, Any]] | None:
    """A command line's command, its words and its options given, as the spec's reader reads them (for
    a usage error's hint), or None where no command is named or the line cannot be read (its own error
    is typer's to tell)."""
    found = spec.locate(argv)
    if found is None:
        return None
    command, start = found
    try:
        words, given = arguments.read_args(argv[start:], command.spelling)
    except PungchowError:
        return None
    return command, words, given


def _hand_with_no_seat(argv: list[str]) -> str | None:
    """How to give hands to a command taking each by its seat's option (`settle --east HAND|SCORE`)
    when a line gives none of them and its first stray word is a hand (`settle 'HAND'`, typed as
    `score` takes it; docs/settling.md), else None."""
    from ..engine.notation import reads_as_hand

    read = _read_line(argv)
    if read is None:
        return None
    command, words, given = read
    seats = [o for o in command.options if o.metavar.startswith("HAND")]
    if not seats or any(o.name in given for o in seats) or not words or not reads_as_hand(words[0]):
        return None
    return (
        f"{command.path[-1]} takes each player's hand by seat, "
        + " ".join(f"{o.spellings[0]} HAND" for o in seats[:2])
        + " ... (the winner's with its winning tile marked !); to score one hand, type pungchow score HAND"
    )


def _name_before_the_hand(argv: list[str]) -> str | None:
    """The word standing where a command's HAND argument goes when it is no hand and the word after it
    is one (`evening hand FILE Ann 'HAND'`), or None."""
    from ..engine.notation import reads_as_hand

    read = _read_line(argv)
    if read is None:
        return None
    command, words, _ = read
    at = next((i for i, arg in enumerate(command.args) if (arg.metavar or arg.name.upper()) == "HAND"), None)
    if at is None or len(words) != len(command.args) + 1:  # one word more than it takes
        return None
    return None if reads_as_hand(words[at]) or not reads_as_hand(words[at + 1]) else words[at]


def _misspelt(argv: list[str], found: spec.Command | None) -> str | None:
    """Why the first word of a line (before `--`) that means one of its command's options is not one
    (arguments.misspelt_option: `—json`, `－－ｊｓｏｎ`, `-json`), else None."""
    if found is None:
        return None
    words = argv[: argv.index("--") if "--" in argv else len(argv)]
    return next((why for word in words if (why := arguments.misspelt_option(word, found.spelling))), None)


def _command_name(found: spec.Command | None) -> str:
    """The command a command line names (spec.find), as its help does (`pungchow score`), or `pungchow`."""
    return " ".join(("pungchow", *found.path)) if found else "pungchow"


def _asks_json(argv: list[str]) -> bool:
    """Whether a command line asks for JSON, so that its usage error is the JSON error object: `--json`
    (`--json=yes` too), or `json` for a command's `json_format` option (`evening report --format json`),
    whose other failures are error objects and whose reader expects JSON on standard output
    (docs/json.md#errors)."""
    found = spec.find(argv)
    words = _options_part(argv, found)[0]  # (a fuzzing trial: `--json` after a `--` taken as a value)
    if any(word == "--json" or word.startswith("--json=") for word in words):
        return True
    if found is None or found.json_format is None:
        return False
    spelled = {s for s, option in found.spelling.items() if option.name == found.json_format}
    for i, word in enumerate(words):
        option, eq, value = word.partition("=")
        short = next((s for s in spelled if len(s) == 2 and word.startswith(s) and len(word) > 2), None)
        if (
            (eq and option in spelled and value == "json")
            or (word in spelled and words[i + 1 : i + 2] == ["json"])
            or (short is not None and word[2:] == "json")  # `-fjson`, as click reads it
        ):
            return True
    return False


def _files_to_join(message: str, first: str | None) -> str | None:
    """`batch a.txt b.txt`: a batch reads one file; when each extra word is a file, the way to read
    them as one is said (docs/batch.md), not the parser's bare "unexpected extra argument" alone."""
    import os
    import shlex

    words = message[message.rfind("(") + 1 : message.rfind(")")].split()
    if not words or not all(os.path.isfile(word) for word in words):
        return None
    files = " ".join(shlex.quote(word) for word in (first or "FILE", *words))
    return f"a batch reads one file: to score several as one, cat {files} | pungchow batch -"


def _names_apart(message: str, argv: list[str]) -> str | None:
    """`evening new FILE --players Ann Bob Cy Di`: the names typed as words after --players, which takes
    them as one value (docs/evening.md); the value to type is said, else None."""
    import shlex

    extras = message[message.rfind("(") + 1 : message.rfind(")")]
    for at, word in enumerate(argv):
        option, eq, value = word.partition("=")
        if option != "--players":
            continue
        first = [value] if eq else argv[at + 1 : at + 2]
        after = argv[at + (1 if eq else 2) :]
        words = next((after[:n] for n in range(1, len(after) + 1) if " ".join(after[:n]) == extras), None)
        if first and words:
            names = ",".join(name.strip().rstrip(",") for name in [*first, *words])
            return f"--players takes the names as one value: --players {shlex.quote(names)}"
    return None


# The shells typer writes a completion script for (typer/_completion_shared.py, 0.29).
COMPLETED_SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def _completion_refused(argv: list[str]) -> str | None:
    """Why `--show-completion` or `--install-completion` cannot be done, else None: the shell it runs
    under is one typer has no script for (`sh`, dash), or none is found. typer said `Shell sh not
    supported.` with exit 1, a failed batch entry's code; here it is a usage error (exit 2) saying what
    to do. The options take no value (`--show-completion=bash` is typer's to refuse): the shell is the
    one running pungchow, as typer finds it."""
    if not argv or argv[0] not in ("--show-completion", "--install-completion"):
        return None
    if _shell_given():
        return None  # the shell is then the option's value, typer's to read
    shell = _shell_running()
    if shell in COMPLETED_SHELLS:
        return None
    under = f"runs under {printable(shell)}" if shell else "finds no shell running it"
    return (
        f"{argv[0]}: pungchow completes bash, zsh, fish and PowerShell, and {under}: run it from one of them"
    )


def _shell_given() -> bool:
    """typer's switch (an environment variable its own tests set) under which the completion options
    take the shell as their value instead of finding the one running."""
    return bool(os.environ.get("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"))


def _shell_running() -> str | None:
    """The shell pungchow runs under, as typer finds it (shellingham, which typer requires), else None."""
    try:
        import shellingham  # type: ignore[import-untyped]

        name, _command = shellingham.detect_shell()
    except Exception:  # noqa: BLE001 - ShellDetectionFailure, or shellingham missing: no shell found
        return None
    return str(name).lower()


def _usage(message: str, name: str | None, argv: list[str]) -> int:
    """Say a mistyped command line's error (with where its help is, when `name` is given) in one line,
    or as the JSON error object under --json; exit 2."""
    if name is not None:
        message = f"{printable(message)} (see '{name} --help')"
    if _asks_json(argv):
        json_error({"code": "usage", "message": message})
    else:
        say(f"error: {message}")
    return EXIT_BAD_INPUT


def _unquoted_seat(argv: list[str]) -> str | None:
    """The option taking a hand (`settle --east HAND|SCORE`) whose value the first word no option
    takes comes straight after (`settle --east 1b1b1b 3c3c3c ...`: a hand not quoted), else None.
    A value beginning with `-` is no hand begun: a negative score (`--east -5 3c3c3c`) or a word no option
    is spelt (`--east --bogus 3c3c3c`; an option of the table is refused before, ValueMissing); nor is a
    score (tests/test_cli_refusals.py, each branch by its input)."""
    found = spec.locate(argv)
    if found is None:
        return None
    command, start = found
    after: str | None = None  # the seat option whose value the last word was
    words = iter(argv[start:])
    for word in words:
        spelled, eq, given = word.partition("=")
        option = command.spelling.get(spelled if eq and spelled.startswith("--") else word)
        # The first stray word; one beginning with `-` (`-5`, `-`, or `--`, after which no word is a
        # hand's group) is none of a hand.
        if option is None:
            return None if word.startswith("-") else after
        value = given if eq else None
        if not option.flag and not eq:
            value = next(words, None)  # its value
        # A score (`--east 0 0`: a stray word after it) is no hand begun: no hand is digits alone.
        begun = value is not None and not value.startswith("-") and not value.strip().isdigit()
        after = spelled if option.metavar.startswith("HAND") and begun else None
    return None


def _output_failed(error: OSError) -> int:
    """The output could not be written: say so in one line on stderr, exit 3."""
    _silence_stdout()
    reason = error.strerror or os.strerror(error.errno or 0)
    done = "".join(f"; {note}" for note in getattr(error, "__notes__", ()))  # e.g. a game was recorded
    # Standard error itself full or closed (`2>/dev/full`, `2>&-`, perhaps the very line that failed):
    # nothing can be said; the exit code says it.
    with contextlib.suppress(OSError, ValueError):
        print(f"error: cannot write output: {reason}{done}", file=sys.stderr, flush=True)
    return EXIT_OUTPUT_FAILED


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the flush at interpreter exit has nothing to fail on."""
    silence(sys.stdout)
