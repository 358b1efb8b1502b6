"""The everyday `pungchow evening` commands read and run without typer, whose import costs more than
the command itself (and it coerces values through pydantic). The same work runs as under typer
(cli/evening_run.py); only the reading of the argument list differs. Anything not plainly one of these
commands goes to typer as usual.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.situation import FACTS

# The stated facts' options from their table (engine/situation.py).
_WIN_FLAGS = {"--drawn": "drawn", "--loose": "loose", **{f.option: f.field for f in FACTS if f.flag}}
_WIN_VALUED = {
    "--winner": "winner",
    "--from": "from_",
    "--feeder": "feeder",
    "--win-by": "win_by",
    **{f.option: f.field for f in FACTS if not f.flag},
}
_OUT = {"--json": "as_json", "--ascii": "ascii_only"}  # the output options every command takes
_LISTS = {"--other": "other", "--dead": "dead"}


def _read(
    argv: list[str], names: list[str], flags: dict[str, str], valued: dict[str, str], lists: dict[str, str]
) -> dict[str, Any] | None:
    """Keyword arguments from argv (positionals take `names` in order), or None if anything is unusual."""
    values: dict[str, Any] = {}
    positional: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        option, eq, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if option in flags and not eq:
            values[flags[option]] = True
        elif option in valued or option in lists:
            if not eq:
                i += 1
                if i >= len(argv) or argv[i].startswith("--"):
                    return None
                inline = argv[i]
            if option in lists:
                values.setdefault(lists[option], []).append(inline)
            elif valued[option] in values:
                return None  # given twice: let typer say what it says
            else:
                values[valued[option]] = inline
        elif arg.startswith("-"):
            return None  # --help, a typo, `--`: typer's job
        else:
            positional.append(arg)
        i += 1
    if len(positional) != len(names):
        return None
    return {**dict(zip(names, positional, strict=True)), **values}


def fast(argv: list[str]) -> int | None:
    """Run `evening status|hand|draw|wash|false-mahjongg|undo ...` directly; None for anything else."""
    if len(argv) < 3 or argv[0] != "evening":
        return None
    from . import evening_run as commands

    table: dict[str, tuple[Callable[..., int], list[str], dict[str, str], dict[str, str], dict[str, str]]] = {
        "hand": (commands.run_hand, ["file", "hand"], {**_WIN_FLAGS, **_OUT}, _WIN_VALUED, _LISTS),
        "draw": (commands.run_draw, ["file"], _OUT, {}, _LISTS),
        "wash": (commands.run_wash, ["file", "player", "tiles"], _OUT, {}, {}),
        "false-mahjongg": (commands.run_false_mahjongg, ["file", "player"], _OUT, {}, {}),
        "undo": (commands.run_undo, ["file"], _OUT, {}, {}),
    }
    if argv[1] == "status":
        found = _read(argv[2:], ["file"], _OUT, {}, {})
        if found is None:
            return None
        return commands.show_status(
            found["file"], found.get("as_json", False), found.get("ascii_only", False)
        )
    if argv[1] not in table:
        return None
    command, names, flags, valued, lists = table[argv[1]]
    found = _read(argv[2:], names, flags, valued, lists)
    if found is None or (argv[1] == "hand" and "winner" not in found):
        return None
    return command(**found)
