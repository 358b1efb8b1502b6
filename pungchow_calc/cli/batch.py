"""`pungchow batch`: score a file of hands, one record per entry."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .. import options as opts
from ..engine.errors import PungchowError
from .common import app, fail

if TYPE_CHECKING:  # batch is imported by the command that needs it (start-up time)
    from .. import batch as b


BATCH_FORMATS = ("table", "json", "jsonl", "csv")
EXIT_ENTRY_FAILED = 1
PROGRESS_MIN_BYTES = 256 * 1024  # about 4,000 lines: below that a bar would only flicker


@app.command()
def batch(
    file: Annotated[
        str, typer.Argument(help="Text file of `score` argument lines, a .yaml list, or - (stdin).")
    ],
    output_format: Annotated[str, typer.Option("--format", "-f", help="table|json|jsonl|csv.")] = "table",
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", "-r", help="Ruleset for lines that name none.")
    ] = None,
    compare: Annotated[
        tuple[str, str] | None,
        typer.Option("--compare", help="Score every hand under rulesets A and B and summarise the changes."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", help="Processes for a long file (default: one per core, at most 4)."),
    ] = None,
) -> None:
    """Score every hand of a file: one record per entry, in order; exit 1 if any entry failed."""
    from .. import batch as b

    if output_format not in BATCH_FORMATS:
        fail(
            opts.OptionError(f"--format must be one of {', '.join(BATCH_FORMATS)}", code="bad-option"), False
        )
    if workers is not None and workers < 1:
        fail(opts.OptionError("--workers must be 1 or more", code="bad-option"), False)
    if compare is not None and compare[0] == compare[1]:
        fail(opts.OptionError("--compare needs two different rulesets", code="bad-option"), False)
    try:
        source = b.Source(file)
        entries = source.entries()
        first = next(entries, None)  # a file that is not a YAML list fails here, before any output
    except PungchowError as error:
        fail(error, False)
    chain = iter(()) if first is None else _prepend(first, entries)
    encode = {"json": "json", "jsonl": "json", "csv": "csv"}.get(output_format, "dict")
    job = b.Job(ruleset=ruleset, compare=compare, encode="dict" if compare else encode)
    n_workers = workers if workers is not None else b.default_workers()
    b.quiet_gc()
    out = sys.stdout
    progress = _batch_progress(source)
    failed = 0
    pending: list[str] = []  # records written since the last batch ended: one write per batch

    def flush() -> None:
        out.write("".join(pending))
        pending.clear()
        out.flush()

    try:
        records = b.run(chain, job, n_workers, on_batch_end=flush)
        if compare is not None:

            def report(record: dict[str, object]) -> None:
                err = record["error"]
                print(f"line {record['line']}: error [{err['code']}]: {err['message']}", file=sys.stderr)  # type: ignore[index]

            summary = b.summarise(_tick(records, progress, source), compare, on_error=report)
            failed = summary.failed
            if output_format == "table":
                from ..render import console, print_compare_summary

                print_compare_summary(summary.as_dict(), console())
            elif output_format == "csv":
                for key, value in summary.as_dict().items():
                    out.write(
                        b.csv_text([key, json.dumps(value) if isinstance(value, dict | list) else value])
                    )
            else:
                out.write(json.dumps(summary.as_dict()) + "\n")
        else:
            failed = _write_records(_tick(records, progress, source), output_format, pending.append)
        flush()
    except PungchowError as error:  # the file broke as a whole (e.g. unreadable mid-way)
        flush()  # the records scored before it broke still stand
        fail(error, False)
    finally:
        if progress is not None:
            progress.stop()
        source.close()
    if failed:
        raise typer.Exit(EXIT_ENTRY_FAILED)


def _prepend(first: b.Entry, rest: Iterator[b.Entry]) -> Iterator[b.Entry]:
    yield first
    yield from rest


def _write_records(
    records: Iterator[tuple[bool, object]], output_format: str, write: Callable[[str], object]
) -> int:
    """Write records as they come; return how many failed."""
    from .. import batch as b

    failed = 0
    if output_format == "csv":
        write(b.csv_text(list(b.CSV_COLUMNS)))
    elif output_format == "json":
        write("[")
    elif output_format == "table":
        from ..render import BATCH_HEADER, batch_row

        write(BATCH_HEADER + "\n")
    first = True
    for ok, payload in records:
        failed += not ok
        if output_format == "jsonl":
            write(f"{payload}\n")
        elif output_format == "json":
            write(f"{'' if first else ','}\n{payload}")
        elif output_format == "csv":
            write(b.csv_text(payload))  # type: ignore[arg-type]
        else:
            write(batch_row(payload) + "\n")  # type: ignore[arg-type]
        first = False
    if output_format == "json":
        write("\n]\n" if not first else "]\n")
    return failed


def _batch_progress(source: object) -> Any:
    """A progress bar on stderr for a long file, when stderr is a terminal and stdout is not."""
    size = getattr(source, "size", None)
    if size is None or size < PROGRESS_MIN_BYTES or not sys.stderr.isatty() or sys.stdout.isatty():
        return None
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

    from ..render import console

    progress = Progress(
        TextColumn("scoring"),
        BarColumn(),
        DownloadColumn(),
        TimeRemainingColumn(),
        console=console(stderr=True),
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    )
    progress.add_task("batch", total=size)
    progress.start()
    return progress


def _tick(records: Iterator[Any], progress: Any, source: Any) -> Iterator[Any]:
    """Pass records through, moving the progress bar every few hundred."""
    if progress is None:
        yield from records
        return
    task = progress.task_ids[0]
    for n, item in enumerate(records):
        if n % 500 == 0:
            progress.update(task, completed=source.bytes_read)
        yield item
