"""`pungchow evening report|stats|chart|play`: reading an evening back, and the interactive table mode."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..ascii_output import output_stream
from ..engine.errors import OptionError, PungchowError
from .common import AsciiOpt, JsonOpt, fail
from .evening import FileArg, evening_app
from .evening_run import say

FORMATS = ("table", "csv", "json", "markdown")


@evening_app.command("report")
def report_command(
    file: FileArg,
    format_: Annotated[str, typer.Option("--format", "-f", help="table, csv, json or markdown.")] = "table",
    breakdown: Annotated[bool, typer.Option("--breakdown", help="Each hand's score lines too.")] = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """The game-by-game history, totals, the fewest payments that square the evening, player statistics."""
    from ..evening.log import read
    from ..evening.report import report
    from ..evening.state import replay
    from ..render_evening import report_csv, report_markdown, report_text

    as_json = format_ == "json"
    try:
        if format_ not in FORMATS:
            raise OptionError(f"--format: {format_!r} is not one of {', '.join(FORMATS)}", code="bad-option")
        data = report(replay(read(file, say)), breakdown)  # the details are settled here (Game.detail)
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(data))
        return
    out = output_stream(ascii_only)  # a name the terminal cannot encode is written `?`, not a traceback
    if format_ == "csv":
        print(report_csv(data), end="", file=out)
    elif format_ == "markdown":
        print(report_markdown(data), end="", file=out)
    else:
        print(report_text(data), file=out)


@evening_app.command("stats")
def stats_command(
    files: Annotated[list[str], typer.Argument(help="One or more evening logs.")],
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Each player's statistics over several evenings (players matched by name)."""
    from ..evening.log import read
    from ..evening.report import combined_stats
    from ..evening.state import replay
    from ..render_evening import stats_table

    try:
        evenings = [replay(read(f, say)) for f in files]
        stats = combined_stats(evenings)  # the biggest hands are settled here (Game.detail)
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps({"evenings": len(evenings), "players": stats}))
        return
    games = sum(len(e.games) for e in evenings)
    out = output_stream(ascii_only)
    print(f"{len(evenings)} evening{'s' if len(evenings) != 1 else ''}, {games} games", file=out)
    print(stats_table(stats, [("evenings", "Evenings")]), file=out)


@evening_app.command("chart")
def chart_command(
    file: FileArg,
    width: Annotated[int, typer.Option("--width", help="Columns to use (default 80).", min=20, max=400)] = 80,
    height: Annotated[int, typer.Option("--height", help="Rows of the chart.", min=5, max=100)] = 16,
    ascii_only: AsciiOpt = False,
) -> None:
    """The running totals as a chart in the terminal (plain characters)."""
    from ..evening.record import load
    from ..evening.report import running
    from ..render_evening import chart_text

    try:
        evening = load(file, say)
    except PungchowError as error:
        fail(error, False)
    print(chart_text(running(evening), width, height), file=output_stream(ascii_only))


@evening_app.command("play")
def play_command(file: FileArg, ascii_only: AsciiOpt = False) -> None:
    """The interactive table mode: prompts for each game, checks it, shows it, records it."""
    from .evening_play import Table

    code = Table(file, ascii_only).run()
    if code:
        raise typer.Exit(code)
