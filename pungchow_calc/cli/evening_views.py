"""`pungchow evening report|stats|chart|play`: reading an evening back, and the interactive table mode."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..ascii_output import fit_data, output_stream, write_data
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
        evening = replay(read(file, say), cached=False)  # every game scored again, for the breakdowns
    except PungchowError as error:
        fail(error, as_json)
    data = report(evening, breakdown)
    if as_json:
        print(json.dumps(data))
        return
    # CSV and Markdown are data for another program: UTF-8 whatever the terminal. The table is text
    # for this terminal: a name it cannot encode is escaped (`Zo\xeb`) before the columns are
    # measured, so they stay aligned and two names stay two.
    if format_ == "csv":
        write_data(report_csv(data))
    elif format_ == "markdown":
        write_data(report_markdown(data))
    else:
        out = output_stream(ascii_only)
        print(report_text(fit_data(data, out)), file=out)


@evening_app.command("stats")
def stats_command(
    files: Annotated[list[str], typer.Argument(metavar="FILE", help="One or more evening logs.")],
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Each player's statistics over several evenings (players matched by name)."""
    from ..evening.log import read
    from ..evening.report import combined_stats
    from ..evening.state import replay
    from ..render_evening import stats_table

    try:  # every game scored again: the biggest hands are not in the log's cached nets
        evenings = [replay(read(f, say), cached=False) for f in files]
    except PungchowError as error:
        fail(error, as_json)
    stats = combined_stats(evenings)
    if as_json:
        print(json.dumps({"evenings": len(evenings), "players": stats}))
        return
    games = sum(len(e.games) for e in evenings)
    out = output_stream(ascii_only)
    print(f"{len(evenings)} evening{'s' if len(evenings) != 1 else ''}, {games} games", file=out)
    print(stats_table(fit_data(stats, out), [("evenings", "Evenings")]), file=out)


@evening_app.command("chart")
def chart_command(
    file: FileArg,
    width: Annotated[
        int | None,
        typer.Option(
            "--width", metavar="N", help="Columns to use (default: the terminal's).", min=20, max=400
        ),
    ] = None,
    height: Annotated[
        int, typer.Option("--height", metavar="N", help="Rows of the chart.", min=5, max=100)
    ] = 16,
    ascii_only: AsciiOpt = False,
) -> None:
    """The running totals as a chart in the terminal (plain characters)."""
    from ..evening.record import load
    from ..evening.report import running
    from ..layout import terminal_width
    from ..render_evening import chart_text

    try:
        evening = load(file, say)
    except PungchowError as error:
        fail(error, False)
    print(chart_text(running(evening), width or terminal_width(), height), file=output_stream(ascii_only))


@evening_app.command("play")
def play_command(file: FileArg, ascii_only: AsciiOpt = False) -> None:
    """The interactive table mode: prompts for each game, checks it, shows it, records it."""
    from .evening_play import Table

    code = Table(file, ascii_only).run()
    if code:
        raise typer.Exit(code)
