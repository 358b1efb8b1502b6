"""The work of `pungchow batch`, without typer: score a file of hands, one record per entry.

Declared in cli/spec.py: a plainly written `batch FILE [options]` runs here without typer, whose
import costs a long batch a tenth of a second before any hand is scored.

Exit codes: 0 every entry scored; 1 some entry has an error record (or a worker process died: see
batch/workers.py); 2 the file as a whole cannot be read; 130 stopped by SIGINT (Ctrl-C), 143 by SIGTERM.
A stopped batch writes every record it has scored, whole, closes a JSON array with `]`, and says how
many records it wrote in one line on stderr; a stopped `--compare` writes the summary of the entries
compared so far, and says how many.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from collections.abc import Iterator
from typing import Any

from .. import _STARTING
from .. import options as opts
from ..engine.errors import PungchowError, how_many
from .batch_output import Output, records_said, records_stdout, terminal_table
from .batch_signals import Stop, StopSignals
from .failure import EXIT_BAD_INPUT, EXIT_OUTPUT_FAILED, report, say, silence, tell

BATCH_FORMATS = ("table", "json", "jsonl", "csv")
EXIT_ENTRY_FAILED = 1
PROGRESS_MIN_ENTRIES = 4000  # below that a bar would only flicker
PROGRESS_EVERY = 500  # records between two moves of the bar


def run_batch(
    file: str,
    output_format: str = "table",
    ruleset: str | None = None,
    compare: tuple[str, str] | None = None,
    workers: int | None = None,
    input_format: str | None = None,
) -> int:
    """Score every hand of a file: one record per entry, in order; the exit code (1: an entry failed)."""
    from ..batch.formats import headings
    from ..batch.input import INPUT_FORMATS, Source
    from ..batch.run import default_workers, run
    from ..batch.scoring import Job, Scorer, quiet_gc
    from ..ruleset_files import column_names, same_file

    started = time.monotonic()
    refused = None
    # Said as evening report says its --format's (`--format: 'xml' is not one of ...`): what was typed.
    if output_format not in BATCH_FORMATS:
        refused = f"--format: {output_format!r} is not one of {', '.join(BATCH_FORMATS)}"
    elif input_format is not None and input_format not in INPUT_FORMATS:
        refused = f"--input-format: {input_format!r} is not one of {', '.join(INPUT_FORMATS)}"
    elif compare is not None and compare[0] == compare[1]:
        refused = "--compare needs two different rulesets"
    elif compare is not None and same_file(compare) is not None:  # one file by two paths
        refused = f"--compare {compare[1]}: the same ruleset as {compare[0]} (give two different rulesets)"
    elif compare is not None and ruleset is not None:
        # --compare scores every hand under A and B, whatever the lines say (docs/batch.md): a -r
        # beside it would change nothing, and whoever gave it meant something else.
        refused = (
            f"--ruleset {ruleset!r} does nothing beside --compare, which scores every hand under A and B:"
            " leave it out"
        )
    if refused is not None:
        report(opts.OptionError(refused, code="bad-option"), False)
        return EXIT_BAD_INPUT
    encode = {"json": "json", "jsonl": "json", "csv": "csv"}.get(output_format, "dict")
    job = Job(
        ruleset=ruleset,
        compare=compare,
        encode="dict" if compare else encode,
        command_options=_own_options(),
        folder=None if file == "-" else os.path.dirname(file) or ".",
    )
    n_workers = workers if workers is not None else default_workers()
    # Before the stop signals: rich's import for a terminal, render's; a Ctrl-C then is start-up's.
    table = terminal_table(output_format)
    stdout = records_stdout(output_format)
    failed = 0
    died = False
    source = progress = records = None
    summary = None
    columns: tuple[str, ...] | None = None  # --compare's A and B as its summary's table names them
    summarised = False
    empty = False
    unsaid: list[Exception] = []  # a failed entry's line that standard error could not take (_compare)
    if compare is not None:
        from ..batch.compare import Summary

        summary = Summary(compare)  # made before a stop can come: what was compared is summarised

    def worker_died(rescored: int, lost: int) -> None:
        nonlocal died
        died = True
        tail = f"; {lost} could not be scored (worker-died)" if lost else ""
        message = f"a worker process died: {rescored} entries it may have held were scored again{tail}"
        say(f"error: {message}")

    with StopSignals() as signals:
        out = Output(stdout, output_format, signals, table)
        # JSONL and CSV records are lines written as they are: a worker sends a chunk's together (Lines).
        joined = output_format in ("jsonl", "csv") and compare is None
        try:
            signals.release()  # a stop from here on raises Stop; one that came since __enter__, now
            # Under the stop signals: a Ctrl-C while the first line is awaited (standard input, a FIFO)
            # stops the batch as any other, with its one line and an empty JSON array closed.
            try:
                # A ruleset named on the command line that cannot be loaded is the command's mistake,
                # not an entry's: refused at once, as `score -r` refuses it, not an error record for
                # every line (each also printed under --compare). Loaded once (ruleset_files caches it).
                # `-r ''` too (`-r "$RULES"`, unset): it names no ruleset, and is never the default's.
                named = []
                for name in compare or ((ruleset,) if ruleset is not None else ()):
                    loaded = Scorer(job).ruleset(name)
                    named.append(loaded.name)
                if compare is not None:  # the summary's table names them by their `name:`s
                    columns = column_names(compare, named)
                if ruleset is not None:  # the table's headings until a row is scored (Output._head)
                    out.names = headings(loaded.settings.words)
                source = Source(file, kind=input_format)
                source.refuse_output(sys.stdout, "records" if summary is None else "summary")
                out.items = source.is_yaml
                entries = source.entries()
                first = next(entries, None)  # a file that is not a YAML list fails here, before any output
            except PungchowError as error:
                report(error, False)
                return EXIT_BAD_INPUT
            chain = iter(()) if first is None else itertools.chain((first,), entries)
            empty = first is None
            if _STARTING:  # the command's own process; a program running it keeps its collector as it is
                quiet_gc()
            progress = _batch_progress(source)
            # The workers are sent the file's lines as read (source.rest): each makes its entries itself.
            records = run(
                chain,
                job,
                n_workers,
                on_batch_end=out.flush,
                on_worker_died=worker_died,
                joined=joined,
                rest=source.rest,
                idle=source.idle_check(),
            )
            if summary is not None:
                failed = _compare(_tick(records, progress), summary, signals, unsaid)
                with signals.hold():  # written whole, once: a stop meanwhile waits, and finds it written
                    summarised = True
                    _write_summary(summary, output_format, out, columns)
            else:
                failed = out.write_all(_tick(records, progress))
            out.flush()
        except Stop as stop:
            if records is not None:
                records.close()  # terminates the workers, if the stop came while writing
            if progress is not None:
                progress.stop()
            if summary is None:
                out.finish()
                say(f"interrupted: {records_said(out.written)} written")
            else:  # the entries compared before the stop, in input order: their summary, said to be so
                if not summarised:
                    _write_summary(summary, output_format, out, columns)
                out.finish(framed=False)
                say(f"interrupted: the summary counts the first {summary.entries} entries")
            return 128 + stop.signum
        except PungchowError as error:  # the file broke as a whole (e.g. unreadable mid-way)
            # The records scored before it broke still stand, whole: a `json` array closed, as after a
            # stop (it parses), which it was not (docs/batch.md).
            out.finish(framed=summary is None)
            report(error, False)
            return EXIT_BAD_INPUT
        finally:
            if records is not None:
                records.close()
            if progress is not None:
                progress.stop()
            if source is not None:
                source.close()
    if empty:  # a wrong file, most likely: said whether stderr is a terminal or not (docs/batch.md)
        say(f"batch: no entries in {'standard input' if file == '-' else file}: nothing was scored")
    elif compare is None and sys.stderr.isatty():
        elapsed = time.monotonic() - started
        _say_fitted(f"batch: {records_said(out.written)}, {_refused(out, failed)}, {elapsed:.1f} s")
    if unsaid:
        return EXIT_OUTPUT_FAILED
    return EXIT_ENTRY_FAILED if failed or died else 0


def _say_fitted(line: str) -> None:
    """A line for stderr's terminal, wrapped after its commas to the terminal's width, its later lines
    indented: `batch: 1500 records, 5 errors (line 1004, line 1013, line 1063 and 2 more), 0.4 s` ran
    21 columns past 60 (README: every table reads at 60 and 80 columns). A place is never parted: the
    comma inside an item's `(line 7, column 3)` is no place to wrap."""
    from ..render.layout import pack, terminal_width

    parts = [""]
    depth = 0
    for n, char in enumerate(line):
        depth += (char == "(") - (char == ")")
        if char == "," and depth < 2 and line[n + 1 : n + 2] == " ":
            parts[-1] += ","
            parts.append("")
        elif not (char == " " and parts[-1] == "" and len(parts) > 1):  # the space after a comma
            parts[-1] += char
    lines = pack(parts, terminal_width(stream=sys.stderr) - 2, " ")
    for n, text in enumerate(lines):
        say(f"{'  ' * (n > 0)}{text}")


def _refused(out: Output, failed: int) -> str:
    """How many entries failed, and where the first stand: `89 errors (line 4, line 13, line 63 and 86
    more)`, `1 error (item 317 (line 1, column 48211))`, `0 errors`: the organiser knows which lines to
    mend."""
    from ..render.terminal import where

    said = how_many(failed, "error")
    if not failed or not out.refused:
        return said
    places = [where(at) for at in out.refused]
    more = failed - len(places)
    return f"{said} ({', '.join(places)}{f' and {more} more' if more > 0 else ''})"


def _compare(
    records: Iterator[tuple[bool, Any]], summary: Any, signals: StopSignals, unsaid: list[Exception]
) -> int:
    """Fold compare records into the summary (compare.Summary), reporting each failed entry; return
    failures. Each record is counted whole: a stop waits for it, so the summary of an interrupted
    batch counts exactly the entries it says. A list standard error cannot take (`2>/dev/full`,
    `2>&-`) ends there, as one whose reader left does (say): its error goes in `unsaid`, the summary
    is still written, and the exit code is 3 (README, exit codes)."""
    from ..batch.compare import summarise
    from ..render.terminal import where

    def report(record: dict[str, Any]) -> None:
        if unsaid:
            return
        err = record["error"]
        try:
            tell(f"{where(record)}: error [{err['code']}]: {err['message']}")  # wrapped on a terminal
        except (OSError, ValueError) as error:  # ValueError: a closed stream's
            unsaid.append(error)
            silence(sys.stderr)

    def counted(records: Iterator[tuple[bool, Any]]) -> Iterator[tuple[bool, Any]]:
        for record in records:
            with signals.hold():
                yield record

    return summarise(counted(records), summary.rulesets, on_error=report, into=summary).failed


def _write_summary(summary: Any, output_format: str, out: Output, columns: tuple[str, ...] | None) -> None:
    """Write a compare summary (compare.Summary) in the output format; the table names the rulesets
    `columns` (ruleset_files.column_names: their `name:`s), the data as they were given."""
    from ..batch.formats import csv_text

    if output_format == "table":
        from ..render.terminal import console, print_compare_summary

        print_compare_summary(summary.as_dict(), console(), columns)
    elif output_format == "csv":
        for key, value in summary.as_dict().items():
            out.write(csv_text([key, json.dumps(value) if isinstance(value, dict | list) else value]))
    else:
        out.write(json.dumps(summary.as_dict()) + "\n")


def _batch_progress(source: Any) -> Any:
    """A progress bar on stderr counting hands, when stderr is a terminal and stdout is not."""
    if not sys.stderr.isatty() or sys.stdout.isatty():
        return None
    total = source.estimated_entries()  # None for a stream: the bar counts without an end
    if total is not None and total < PROGRESS_MIN_ENTRIES:
        return None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..render.terminal import console

    out = console(stderr=True)
    if out.is_dumb_terminal:  # a bar cannot be redrawn there: rich left a blank line before the summary
        return None
    progress = Progress(
        TextColumn("scoring"),
        BarColumn(),
        MofNCompleteColumn(),
        _rate_column(),
        TimeRemainingColumn(),
        console=out,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    )
    progress.add_task("batch", total=total)
    progress.start()
    return progress


def _rate_column() -> Any:
    """A rich column showing hands scored per second."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class HandsPerSecond(ProgressColumn):
        def render(self, task: Any) -> Text:
            speed = task.speed
            return Text("" if speed is None else f"{speed:,.0f} hands/s")

    return HandsPerSecond()


def _tick(records: Iterator[Any], progress: Any) -> Iterator[Any]:
    """Pass records through, moving the progress bar every PROGRESS_EVERY."""
    if progress is None:
        yield from records
        return
    from ..batch.formats import Lines

    task = progress.task_ids[0]
    count = 0
    shown = 0
    for item in records:
        count += item.count if type(item) is Lines else 1
        if count - shown >= PROGRESS_EVERY:
            progress.update(task, completed=count)
            shown = count
        yield item
    progress.update(task, completed=count)


def _own_options() -> frozenset[str]:
    """The spellings of batch's own options (cli/spec.py) that no batch line takes (options.SPELLING)."""
    from .spec import COMMANDS

    batch = next(command for command in COMMANDS if command.path == ("batch",))
    return frozenset(batch.spelling) - frozenset(opts.SPELLING) - {"-h", "--help"}
