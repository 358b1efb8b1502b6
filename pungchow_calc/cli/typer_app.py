"""The typer app, generated from the command spec (cli/spec.py): --help, shell completion, and every
line the spec's reader does not take (its errors). Each generated command calls the same handler
with the same keywords as the reader would; nothing here declares a command or an option.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from .. import arguments
from . import spec
from .help_output import help_output


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


def _one_space_between_columns() -> None:
    """On a terminal narrower than 80 columns, options panels with one space between their columns,
    not typer's two: at 60 the panels of `diff` and `evening hand` (a column for the required mark,
    `--kong-after-kong`, a NAME=HAND) are otherwise too narrow, and rich cuts the longest option name
    (`--kong-after-k…`); every table must read at 60 columns (README, Help and conventions). Wider,
    typer's two spaces part a value's name from its help. Set when help is printed, so that no other
    command line imports rich."""
    from rich.console import Console
    from typer import rich_utils

    _dumb_terminal_width()
    narrow = Console(width=rich_utils.MAX_WIDTH).width < 80  # the width typer's console will have
    # (top, right, bottom, left): rich takes 2 or 4 values, typer declares 2
    rich_utils.STYLE_OPTIONS_TABLE_PADDING = (0, 1, 0, 0) if narrow else (0, 1)  # type: ignore[assignment]


def _dumb_terminal_width() -> None:
    """Under TERM=dumb, help as wide as the terminal: rich takes a dumb terminal as 80 columns unless its
    environment gives both COLUMNS and LINES (render/terminal.console sets the width of every other
    output so). typer makes its own console; set for help alone, which ends the process."""
    import os
    import shutil

    from rich.console import Console

    from ..render.layout import terminal_width

    if Console().is_dumb_terminal and not os.environ.get("LINES", "").isdigit():
        os.environ["COLUMNS"] = str(terminal_width())
        os.environ["LINES"] = str(shutil.get_terminal_size().lines)


class Command(TyperCommand):
    """A command whose --help names values by words, not typer's <str> and <bool>, and whose parser
    reads a word as an option as the spec's reader does (arguments.names_option)."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The command's parameters, their values named by words (_named)."""
        return _named(super().get_params(ctx))

    def make_parser(self, ctx: Any) -> Any:
        """click's parser, taking a word that names no option as a value (_parser_class)."""
        parser: Any = super().make_parser(ctx)
        parser.__class__ = _parser_class(type(parser))
        return parser

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The command's --help, one space between its columns, no spaces at a line's end."""
        _one_space_between_columns()
        with help_output():
            super().format_help(ctx, formatter)


def _parser_class(click_parser: Any) -> type:
    """click's parser, taking a word that names no option (`-1`: arguments.names_option) as a value: click
    would refuse it as "No such option: -1" before its reader (`amend N`: whole_number) could say why."""

    class Parser(click_parser):  # type: ignore[misc, valid-type]
        def _process_opts(self, arg: str, state: Any) -> None:
            if arguments.names_option(arg):
                super()._process_opts(arg, state)
            else:
                state.largs.append(arg)

    return Parser


class Group(TyperGroup):
    """A command group whose --help names values by words, not typer's <bool>, and lists its
    commands in spec.ORDER (a group's own commands, not named there, as declared)."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The group's parameters, their values named by words (_named)."""
        return _named(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The group's --help, one space between its columns, no spaces at a line's end."""
        _one_space_between_columns()
        with help_output():
            super().format_help(ctx, formatter)

    def list_commands(self, ctx: Any) -> list[str]:
        """The group's commands: the top level's in spec.ORDER, a subgroup's as declared."""
        names = super().list_commands(ctx)
        if ctx.parent is not None:  # `evening`, `rules`: as declared (their `wash`, `diff` are not the top's)
            return names
        return sorted(names, key=lambda n: spec.ORDER.index(n) if n in spec.ORDER else len(spec.ORDER))


_HELP = "Score Pung Chow hands exactly as L. L. Harr's book (1923) does."

_UsageError: Any = typer.BadParameter.__mro__[1]  # click's UsageError, as typer bundles it


def _version(shown: bool) -> None:
    if shown:
        from .. import __version__

        print(f"pungchow {__version__}")
        raise typer.Exit()


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


def _any_case(names: list[str], incomplete: str) -> list[str]:
    """The names starting with `incomplete` in any case, each written with the letters typed: typer
    offers only what starts exactly as typed, and `S` must offer `South` (winds and topics are read
    in any case: `--seat South`, `docs JSON`)."""
    return [incomplete + name[len(incomplete) :] for name in names if name.startswith(incomplete.lower())]


def complete_wind(incomplete: str) -> list[str]:
    """Shell completion of a seat or a round: the four winds."""
    return _any_case(["east", "south", "west", "north"], incomplete)


def complete_topic(incomplete: str) -> list[str]:
    """Shell completion of `docs`: its topics."""
    from .rules import topic_names

    return _any_case(topic_names(), incomplete)


# What the shell completes a value from (Option.complete, Arg.complete).
_COMPLETE: dict[str, Callable[[str], list[str]]] = {
    "ruleset": complete_ruleset,
    "wind": complete_wind,
    "topic": complete_topic,
}


def _whole_number(minimum: int | None = None, maximum: int | None = None) -> Callable[[str], int]:
    """typer's reader of a number: the spec's (arguments.whole_number), so that a line typer reads
    takes exactly the numbers the spec's reader takes (not pydantic's ' 10', '1_0', '+1', '2.0')."""

    def read(text: str | int) -> int:
        if isinstance(text, int):  # the option's default (`--height`: 16), not typed
            return text
        try:
            return arguments.whole_number(text, minimum, maximum)
        except ValueError as error:
            raise typer.BadParameter(str(error)) from None

    return read


def _option_parameter(option: arguments.Option) -> inspect.Parameter:
    """A typer parameter for an option of the spec: a flag is a bool, a value text (or int), a
    repeatable option a list, `nargs` 2 a tuple; required when the spec says so."""
    kind: Any = option.kind
    if option.flag:
        kind = bool
    elif option.many or option.joined:
        kind = list[option.kind]  # type: ignore[name-defined]
    elif option.nargs > 1:
        kind = tuple[(option.kind,) * option.nargs]  # type: ignore[misc]
    default: Any = False if option.flag else option.default
    if option.required:
        default = inspect.Parameter.empty
    elif default is None:
        kind = kind | None
    info = typer.Option(
        *option.spellings,
        help=option.help,
        metavar=option.metavar,
        autocompletion=_COMPLETE.get(option.complete),
        parser=_whole_number(option.minimum, option.maximum) if option.kind is int else None,
        min=option.minimum,  # shown in --help ([5<=x<=100]); the parser checks it
        max=option.maximum,
    )
    return inspect.Parameter(
        option.name, inspect.Parameter.KEYWORD_ONLY, annotation=Annotated[kind, info], default=default
    )


def _arg_parameter(arg: spec.Arg) -> inspect.Parameter:
    """A typer parameter for a positional of the spec."""
    kind: Any = list[arg.kind] if arg.many else arg.kind  # type: ignore[name-defined]
    default: Any = inspect.Parameter.empty
    if arg.optional:
        kind, default = kind | None, None
    info = typer.Argument(
        metavar=arg.metavar,
        help=arg.help,
        autocompletion=_COMPLETE.get(arg.complete),
        parser=_whole_number(arg.minimum) if arg.kind is int else None,
        show_default=arg.show_default,
    )
    return inspect.Parameter(
        arg.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Annotated[kind, info], default=default
    )


Invoke = Callable[[spec.Command, dict[str, Any]], int]


def _run(command: spec.Command, values: dict[str, Any]) -> int:
    return command.run(values)


def as_read(command: spec.Command, values: dict[str, Any]) -> dict[str, Any]:
    """typer's values of a command as the spec's reader gives them (arguments.read_args): a repeatable
    option a list, not typer's tuple, or its default when absent; a joined one its values as one text."""
    for option in command.options:
        if option.many and values.get(option.name) is not None:
            values[option.name] = list(values[option.name]) or option.default
        elif option.joined and values.get(option.name) is not None:
            given = values[option.name]
            values[option.name] = functools.reduce(arguments.joined, given, None) if given else option.default
    for arg in command.args:
        if arg.many:
            values[arg.name] = list(values[arg.name])
    return values


def _typer_command(command: spec.Command, invoke: Invoke) -> Callable[..., None]:
    """The typer command of a spec entry: its parameters, and a body that hands the values over as
    the reader would (a list, not typer's tuple; an absent repeatable option as its default)."""

    def run(**values: Any) -> None:
        code = invoke(command, as_read(command, values))
        if code:
            raise typer.Exit(code)

    parameters = [*map(_arg_parameter, command.args), *map(_option_parameter, command.options)]
    run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    run.__name__ = command.path[-1].replace("-", "_")
    run.__doc__ = command.help
    return run


def build(invoke: Invoke = _run) -> typer.Typer:
    """The typer app of every command in the spec (`invoke` runs a command: tests record it)."""
    root = typer.Typer(
        name="pungchow",
        help=_HELP,
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": list(arguments.HELP)},
        cls=Group,
    )
    root.callback()(_root)
    groups: dict[str, typer.Typer] = {}
    for name, help_text in spec.GROUPS.items():
        groups[name] = typer.Typer(
            help=help_text,
            no_args_is_help=True,
            add_completion=False,
            pretty_exceptions_enable=False,
            cls=Group,
        )
        root.add_typer(groups[name], name=name)
    for command in spec.COMMANDS:
        owner = groups[command.path[0]] if len(command.path) > 1 else root
        owner.command(command.path[-1], help=command.help, epilog=command.epilog, cls=Command)(
            _typer_command(command, invoke)
        )
    return root
