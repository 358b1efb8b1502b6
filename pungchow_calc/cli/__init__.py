"""The `pungchow` command: a thin typer layer over the engine (score, settle, batch, diff, wash, rules).

`main` is the console-script entry point (`pungchow_calc.cli:main`); each command lives in a module
of this package and registers itself on the shared `app`.
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from .. import options as opts
from . import batch, evening, rules, settle  # noqa: F401 - importing a command module registers it
from .common import EXIT_BAD_INPUT, _UsageError, app, printable
from .score import score

__all__ = ["app", "main"]

# to typer, so errors and help read exactly as before.
_SCORE_FLAGS = {**opts.FLAGS, "--json": "as_json", "--ascii": "ascii_only"}
# The same options as batch lines take, under the names of score()'s parameters.
_PARAMETER = {"round": "round_", "win_by_text": "win_by", "discarder": "from_"}
_SCORE_VALUED = {option: _PARAMETER.get(name, name) for option, name in opts.VALUED.items()}


def _fast_score_args(argv: list[str]) -> dict[str, Any] | None:
    """Keyword arguments for `score()` when argv is plainly `score HAND [its options]`, else None."""
    if not argv or argv[0] != "score":
        return None
    values: dict[str, Any] = {}
    hands: list[str] = []
    i = 1
    while i < len(argv):
        arg = argv[i]
        name, eq, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in _SCORE_FLAGS and not eq:
            values[_SCORE_FLAGS[name]] = True
        elif name in _SCORE_VALUED:
            if not eq:
                i += 1
                if i >= len(argv) or argv[i].startswith("-"):
                    return None
                inline = argv[i]
            values[_SCORE_VALUED[name]] = inline
        elif arg.startswith("-"):
            return None
        else:
            hands.append(arg)
        i += 1
    if len(hands) != 1:
        return None
    if "limit" in values:
        if not values["limit"].isdigit():
            return None
        values["limit"] = int(values["limit"])
    return {"hand": hands[0], **values}


def main() -> None:
    """Console-script entry point: run the app, ending quietly on a closed pipe or Ctrl-C."""
    try:
        fast = _fast_score_args(sys.argv[1:])
        if fast is not None:
            try:
                score(**fast)
            except typer.Exit as done:
                sys.exit(done.exit_code)
            return
        quick = evening.fast(sys.argv[1:])  # `evening status`, `hand`...: no typer start-up
        if quick is not None:
            sys.exit(quick)
        code = app(standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except _UsageError as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            app()  # `pungchow` alone: print the help as usual
        # A mistyped command line is bad input like any other: one line and exit 2 (TEAM rules).
        message = " ".join(printable(error.format_message()).split())
        name = error.ctx.command_path if error.ctx is not None else "pungchow"
        print(f"error: {message} (see '{name} --help')", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    except typer.Abort:
        sys.exit(130)
    except ValueError as error:
        # typer turns option values into ints with int(), which refuses numbers of over 4,300 digits.
        if "integer string conversion" not in str(error):
            raise
        print("error: a number on the command line is too long", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    except BrokenPipeError:
        # `pungchow ... | head`: the reader left; say nothing more and exit cleanly.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(0)
    except KeyboardInterrupt:
        sys.exit(130)
