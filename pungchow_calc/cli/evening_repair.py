"""`pungchow evening repair FILE [--accept N ...]`: find the lines of an evening changed or damaged since
they were written, and accept them on purpose by appending a repair event (never by rewriting the file).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..ascii_output import output_stream
from ..engine.errors import OptionError, PungchowError
from .common import AsciiOpt, JsonOpt, fail
from .evening import FileArg, evening_app
from .evening_run import say


@evening_app.command("repair")
def repair_command(
    file: FileArg,
    accept: Annotated[
        list[int] | None,
        typer.Option("--accept", metavar="LINE", help="Accept this line as it now reads (repeatable)."),
    ] = None,
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Find lines changed or damaged since they were written; --accept them as they now read."""
    from ..evening.record import load, repair

    try:
        done = repair(file, list(accept or []), say)
    except PungchowError as error:
        fail(error, as_json)
    found = dict(done.found)
    if done.event is None and found:
        if as_json:
            print(json.dumps({"damaged": [{"line": n, "what": w} for n, w in done.found]}))
        else:
            out = output_stream(ascii_only)
            for number, what in done.found:
                print(f"line {number}: {what}", file=out)
        given = sorted(set(accept or []))
        wanted = " ".join(f"--accept {n}" for n in sorted(found))
        if not given:
            why = f"{len(found)} line(s) changed or damaged since written"
        elif set(given) - set(found):
            why = f"--accept {min(set(given) - set(found))}: that line reads as it was written"
        else:
            why = f"line {min(set(found) - set(given))} must be accepted too"
        fail(
            OptionError(
                f"{file}: {why}; nothing was recorded. To accept every such line as it now reads: "
                f"pungchow evening repair {file} {wanted}",
                code="evening-repair",
            ),
            False,
        )
    if done.event is None:
        if accept:
            nothing = OptionError(
                f"{file}: every line reads as written; nothing to accept", code="evening-repair"
            )
            fail(nothing, as_json)
        if as_json:
            print(json.dumps({"damaged": [], "recorded": None}))
        else:
            print(f"{file}: every line reads as written; nothing to repair", file=output_stream(ascii_only))
        return
    evening = load(file, say)
    if as_json:
        accepted = [item["line"] for item in done.event["accepts"]]
        print(json.dumps({"accepted": accepted, "recorded": done.line, "totals": evening.totals()}))
        return
    out = output_stream(ascii_only)
    for number, what in done.found:
        print(f"Accepted line {number} as it now reads: {what}", file=out)
    print(f"Recorded on line {done.line}: nothing else in {file} was changed.", file=out)
    totals = evening.totals()
    print("Totals: " + ", ".join(f"{n} {v:+d}" if v else f"{n} 0" for n, v in totals.items()), file=out)
