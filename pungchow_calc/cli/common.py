"""Shared pieces of the command line: the typer app, the option types, and how a failure is reported.

Every expected failure becomes a one-line `error: ...` on stderr (or a JSON error object with
`--json`) and exit code 2; nothing the user types can produce a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, NoReturn

import typer

from ..engine.errors import PungchowError

app = typer.Typer(
    name="pungchow",
    help="Score Pung Chow hands exactly as L. L. Harr's book (1923) does.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2
_UsageError: Any = typer.BadParameter.__mro__[1]  # click's UsageError, as typer bundles it


@app.callback()
def _root() -> None:
    """Score Pung Chow hands exactly as L. L. Harr's book (1923) does."""


RulesetOpt = Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset name or YAML path.")]
SeatOpt = Annotated[str, typer.Option("--seat", "-s", help="Seat: east|south|west|north (e|s|w|n).")]
RoundOpt = Annotated[str, typer.Option("--round", "-w", help="Prevailing wind of the round.")]
WinByOpt = Annotated[str | None, typer.Option("--win-by", help="wall|loose|discard (default discard).")]
DrawnOpt = Annotated[bool, typer.Option("--drawn", help="Short for --win-by wall.")]
LooseOpt = Annotated[bool, typer.Option("--loose", help="Short for --win-by loose.")]
FromOpt = Annotated[str | None, typer.Option("--from", help="Seat that discarded the winning tile.")]
OriginalOpt = Annotated[bool, typer.Option("--original-hand", help="Won on the original draw.")]
LastTileOpt = Annotated[bool, typer.Option("--last-tile", help="Won with the last drawable tile.")]
FirstDiscardOpt = Annotated[bool, typer.Option("--first-discard", help="Won on the first discard.")]
LoserOpt = Annotated[bool, typer.Option("--loser", help="A non-winning hand (no !, may be incomplete).")]
LimitOpt = Annotated[int | None, typer.Option("--limit", help="Limit in points (overrides the ruleset).")]
NoLimitOpt = Annotated[bool, typer.Option("--no-limit", help="Play without a limit.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON (SPEC §3).")]
AsciiOpt = Annotated[bool, typer.Option("--ascii", help="Tiles as codes, not Unicode glyphs.")]


def fail(error: PungchowError, as_json: bool) -> NoReturn:
    """Report an expected failure in one line (or a JSON error object) and exit 2."""
    if as_json:
        print(json.dumps({"error": error.to_dict()}))
    else:
        print(f"error: {printable(str(error))}", file=sys.stderr)
    raise typer.Exit(EXIT_BAD_INPUT)


def printable(text: str) -> str:
    """Text safe for a terminal: control characters (escape sequences, NUL) shown as `\\x1b` escapes."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
