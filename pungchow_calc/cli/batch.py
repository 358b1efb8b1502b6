"""`pungchow batch`: the typer command; the work is cli/batch_run.py's (which `main` runs directly when
the command line is plainly written)."""

from __future__ import annotations

from typing import Annotated

import typer

from .batch_run import run_batch
from .common import app, complete_ruleset


@app.command()
def batch(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE", help="Text file of `score` argument lines, a .yaml list, or - (stdin)."
        ),
    ],
    output_format: Annotated[
        str, typer.Option("--format", "-f", metavar="FORMAT", help="table|json|jsonl|csv.")
    ] = "table",
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            "-r",
            metavar="NAME|PATH",
            help="Ruleset for lines that name none.",
            autocompletion=complete_ruleset,
        ),
    ] = None,
    compare: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--compare",
            metavar="A B",
            help="Score every hand under rulesets A and B and summarise the changes.",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", metavar="N", help="Processes for a long file (default: one per core, at most 4)."
        ),
    ] = None,
) -> None:
    """Score every hand of a file: one record per entry, in order; exit 1 if any entry failed."""
    code = run_batch(file, output_format, ruleset, compare, workers)
    if code:
        raise typer.Exit(code)
