"""Shared pieces of the command line: the typer app, the score options as typer parameters (built
from the option table, options.OPTIONS), and how a failure is reported.

Every expected failure becomes a one-line `error: ...` on stderr (or a JSON error object with
`--json`) and exit code 2; nothing the user types can produce a traceback.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from .. import options as opts
from ..engine.errors import PungchowError
from ..engine.errors import printable as printable  # the command modules read it here
from .plain import EXIT_BAD_INPUT, report
from .plain import EXIT_OUTPUT_FAILED as EXIT_OUTPUT_FAILED


class _NamedArgument(TyperArgument):
    """An argument that --help names by its metavar alone (HAND), without typer's `<str>`, and the
    usage line as users write it: `FILE`, `[HAND]`, `FILES...`, not typer's `{FILE}`."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None if self.metavar else super().display_type_rich(ctx)

    def _usage_display_name(self) -> str:
        name = self.display_name_raw if self.required else f"[{self.display_name_raw}]"
        return name if self.nargs == 1 else f"{name}..."


def _named(params: list[Any]) -> list[Any]:
    """Parameters as --help should name them: values by words (HAND, SEAT, N), flags by nothing."""
    for param in params:
        if param.metavar is None:  # typer would print <bool>, <str>: a flag gets nothing, a value a word
            is_flag = getattr(param, "is_flag", False)
            param.metavar = "" if is_flag else (param.opts[0].lstrip("-") or param.name or "").upper()
        if type(param) is TyperArgument:
            param.__class__ = _NamedArgument
    return params


class Command(TyperCommand):
    """A command whose --help names values by words, not typer's <str> and <bool>."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _named(super().get_params(ctx))


# `pungchow --help` lists the commands in the order a new user meets them: one hand, a table, an
# evening; then the tools; then the reference.
COMMAND_ORDER = ("score", "settle", "evening", "batch", "diff", "wash", "rules", "docs")


class Group(TyperGroup):
    """A command group whose --help names values by words, not typer's <bool>, and lists its
    commands in COMMAND_ORDER (a group's own commands, not named there, as registered)."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _named(super().get_params(ctx))

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return sorted(
            names, key=lambda n: COMMAND_ORDER.index(n) if n in COMMAND_ORDER else len(COMMAND_ORDER)
        )


def use_named_help(typer_app: typer.Typer) -> None:
    """Every command registered on `typer_app` (and its sub-apps) gets the word-named --help."""
    for info in typer_app.registered_commands:
        if info.cls in (None, TyperCommand):
            info.cls = Command
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            if not isinstance(group.typer_instance.info.cls, type):  # typer's default group class
                group.typer_instance.info.cls = Group  # `-h` without `<bool>`
            use_named_help(group.typer_instance)


app = typer.Typer(
    name="pungchow",
    help="Score Pung Chow hands exactly as L. L. Harr's book (1923) does.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    cls=Group,
)

_UsageError: Any = typer.BadParameter.__mro__[1]  # click's UsageError, as typer bundles it


def _version(shown: bool) -> None:
    if shown:
        from .. import __version__

        print(f"pungchow {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            help="Print the version and exit.",
            callback=_version,
            is_eager=True,
            metavar="",
        ),
    ] = False,
) -> None:
    """Score Pung Chow hands exactly as L. L. Harr's book (1923) does."""


def complete_ruleset(incomplete: str) -> list[str]:
    """Shell completion of a ruleset: the shipped names, and for a path its folders and YAML files."""
    import glob
    import os

    from ..ruleset_files import builtin_names

    found = [name for name in builtin_names() if name.startswith(incomplete)]
    for path in sorted(glob.glob(glob.escape(incomplete) + "*")):
        if os.path.isdir(path):
            found.append(path + os.sep)
        elif path.endswith((".yaml", ".yml")):
            found.append(path)
    return found


def complete_wind(incomplete: str) -> list[str]:
    """Shell completion of a seat or a round: the four winds."""
    return [w for w in ("east", "south", "west", "north") if w.startswith(incomplete.lower())]


# Options of the table whose values the shell can complete.
_COMPLETE: dict[str, Callable[[str], list[str]]] = {
    "ruleset": complete_ruleset,
    "seat": complete_wind,
    "round": complete_wind,
    "discarder": complete_wind,
}


def option_info(name: str) -> Any:
    """The typer.Option of a score option, from its entry in the option table (options.OPTIONS)."""
    option = opts.OPTION[name]
    return typer.Option(
        *option.spellings, help=option.help, metavar=option.metavar, autocompletion=_COMPLETE.get(name)
    )


def option_parameter(option: opts.Option) -> inspect.Parameter:
    """A typer command parameter for an option of the table: a flag is a bool, a value stays text
    (options.make reads it, the same way for typer, the fast path and batch lines)."""
    kind: Any = bool if option.flag else (str if option.default is not None else str | None)
    return inspect.Parameter(
        option.name,
        inspect.Parameter.KEYWORD_ONLY,
        annotation=Annotated[kind, option_info(option.name)],
        default=False if option.flag else option.default,
    )


F = TypeVar("F", bound=Callable[..., Any])


def with_score_options(*, without: frozenset[str] = frozenset()) -> Callable[[F], F]:
    """Give a command every option of the table (but those named in `without`) as keyword
    parameters; the command takes them as `**given`."""

    def add(command: F) -> F:
        signature = inspect.signature(command, eval_str=True)
        own = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
        table = [option_parameter(o) for o in opts.OPTIONS if o.name not in without]
        command.__signature__ = signature.replace(parameters=[*own, *table])  # type: ignore[attr-defined]
        return command

    return add


# Options settle shares with score, from the same table.
RulesetOpt = Annotated[str, option_info("ruleset")]
SeatOpt = Annotated[str, option_info("seat")]
RoundOpt = Annotated[str, option_info("round")]
WinByOpt = Annotated[str | None, option_info("win_by")]
DrawnOpt = Annotated[bool, option_info("drawn")]
LooseOpt = Annotated[bool, option_info("loose")]
FromOpt = Annotated[str | None, option_info("discarder")]
OriginalOpt = Annotated[bool, option_info("original_hand")]
LastTileOpt = Annotated[bool, option_info("last_tile")]
FirstDiscardOpt = Annotated[bool, option_info("first_discard")]
RobbingKongOpt = Annotated[bool, option_info("robbing_kong")]
OriginalCallOpt = Annotated[bool, option_info("original_call")]
KongAfterKongOpt = Annotated[bool, option_info("kong_after_kong")]
HonbaOpt = Annotated[str | None, option_info("honba")]
DepositsOpt = Annotated[str | None, option_info("deposits")]
RiichiOpt = Annotated[bool, option_info("riichi")]
DoubleRiichiOpt = Annotated[bool, option_info("double_riichi")]
IppatsuOpt = Annotated[bool, option_info("ippatsu")]
DoraOpt = Annotated[str | None, option_info("dora")]
UraOpt = Annotated[str | None, option_info("ura")]
LimitOpt = Annotated[str | None, option_info("limit")]
NoLimitOpt = Annotated[bool, option_info("no_limit")]
JsonOpt = Annotated[bool, option_info("as_json")]
AsciiOpt = Annotated[bool, option_info("ascii_only")]


def fail(error: PungchowError, as_json: bool) -> NoReturn:
    """Report an expected failure in one line (or a JSON error object) and exit 2."""
    report(error, as_json)
    raise typer.Exit(EXIT_BAD_INPUT)
