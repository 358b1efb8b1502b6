"""The work of `pungchow evening report|stats|chart|play|repair` (declared in cli/spec.py): reading an
evening back, the interactive table mode, and accepting lines changed or damaged since they were
written (by appending, never rewriting)."""

from __future__ import annotations

import json
import os
import stat
from itertools import takewhile
from typing import Any

from ..engine.errors import OptionError, PungchowError
from ..render.ascii import fit_data, output_stream, write_data
from .evening_run import say, say_notes, written_anyway
from .failure import EXIT_BAD_INPUT, CommandExit, fail, json_error

FORMATS = ("table", "csv", "json", "markdown")


def report_command(file: str, format_: str, breakdown: bool, ascii_only: bool) -> None:
    """The game-by-game history, totals, the fewest payments that square the evening, player statistics."""
    from ..evening.log import read
    from ..evening.report import report
    from ..evening.state import replay
    from ..render.evening import report_csv, report_markdown, report_text

    as_json = format_ == "json"
    try:
        if format_ not in FORMATS:
            raise OptionError(f"--format: {format_!r} is not one of {', '.join(FORMATS)}", code="bad-option")
        if breakdown and format_ in ("csv", "markdown"):  # their rows hold no score lines: it was dropped
            raise OptionError(
                f"--breakdown: the {format_} report has no score lines (--format table or json shows them)",
                code="bad-option",
            )
        evening = replay(read(file, say))
        data = report(evening, breakdown)  # the details are settled here (Game.detail)
    except PungchowError as error:
        fail(error, as_json)
    if format_ in ("csv", "markdown"):  # data only: the table and JSON carry the notes themselves
        say_notes(evening)
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


def stats_command(files: list[str], as_json: bool, ascii_only: bool) -> None:
    """Each player's statistics over several evenings (a player matched by name, in any case)."""
    from ..evening.log import read
    from ..evening.report import combined_stats
    from ..evening.state import replay
    from ..render.evening import stats_table

    try:
        copies = _once_each(files)
        files = [f for f in files if f not in copies]
        evenings = [replay(read(f, say)) for f in files]
        # The biggest hands are settled here (Game.detail).
        stats = combined_stats(list(zip(files, evenings, strict=True)))
    except PungchowError as error:
        fail(error, as_json)
    for note in copies.values():
        say(f"note: {note}")
    for evening in evenings:
        say_notes(evening)
    if as_json:
        print(json.dumps({"evenings": len(evenings), "players": stats}))
        return
    games = sum(len(e.games) for e in evenings)
    out = output_stream(ascii_only)
    count = len(evenings)
    print(f"{count} evening{'s' if count != 1 else ''}, {games} game{'s' if games != 1 else ''}", file=out)
    print(stats_table(fit_data(stats, out), [("evenings", "Evenings")]), file=out)


def _once_each(files: list[str]) -> dict[str, str]:
    """Refuse a log given twice (`jan.jsonl feb.jsonl jan.jsonl`, a link to it): its games would be
    counted twice, every total doubled. A copy of a log (`cp tonight.jsonl backup.jsonl`, taken then or
    mid-evening) is counted once, as the log it is the beginning of: the copies left out, each with its
    note. A file that cannot be read is read()'s to report (docs/evening.md, `evening stats`)."""
    seen: dict[tuple[int, int], str] = {}
    held: dict[str, bytes] = {}
    for file in files:
        try:
            fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK)  # a named pipe is not waited on: read()'s to say
        except (OSError, ValueError):
            continue
        try:
            found = os.fstat(fd)
            if stat.S_ISREG(found.st_mode):
                with os.fdopen(os.dup(fd), "rb") as log:
                    held[file] = log.read()
        except OSError:
            continue
        finally:
            os.close(fd)
        key = (found.st_dev, found.st_ino)
        if key in seen:
            said = f"{file}: the same log as {seen[key]} (each evening counts once)"
            raise OptionError(said, code="bad-option")
        seen[key] = file
    copies: dict[str, str] = {}
    for file, data in held.items():
        kept: list[str] = []  # the logs this one is the beginning of: it is their copy
        for other, more in held.items():
            if other == file or _told_apart(data, more):
                continue
            if not (more.startswith(data) or data.startswith(more)):  # copied, then each went its way
                raise OptionError(
                    f"{file}: its first {_shared(data, more)} lines are those of {other}, byte for byte, "
                    "and then the two differ: one was copied from the other and changed since; stats "
                    "cannot tell which is the evening: give only one of them",
                    code="bad-option",
                )
            if len(data) < len(more) or (data == more and files.index(other) < files.index(file)):
                kept.append(other)
        if kept:  # counted as the longest of them (the first given of those alike), which holds them all
            other = max(kept, key=lambda name: (len(held[name]), -files.index(name)))
            copies[file] = _copy_note(file, other, data == held[other])
    return copies


def _shared(data: bytes, more: bytes) -> int:
    """How many whole lines two logs begin with, byte for byte."""
    whole = zip(data.split(b"\n")[:-1], more.split(b"\n")[:-1], strict=False)  # [:-1]: what no \n ends
    return sum(1 for _ in takewhile(lambda pair: pair[0] == pair[1], whole))


def _told_apart(data: bytes, more: bytes) -> bool:
    """Whether two logs are two evenings: they share no line after the start line. Two evenings begun in
    the same second by the same players share their start line; a line after it holds the time of its
    own event and the checksum of the line before it, so one shared too is a copy (docs/evening.md).
    Their first two whole lines tell it (a log's every pair is compared: no log is split whole)."""
    head, other = data.split(b"\n", 2), more.split(b"\n", 2)
    return len(head) < 3 or len(other) < 3 or head[:2] != other[:2]


def _copy_note(file: str, other: str, same: bool) -> str:
    """What `evening stats` says of a copy it left out."""
    what = f"{file} and {other} hold the same bytes" if same else f"{file} holds the beginning of {other}"
    return f"{what} (a copy): the evening is counted once, as {other}"


def chart_command(file: str, width: int | None, height: int, ascii_only: bool) -> None:
    """The running totals as a chart in the terminal (plain characters)."""
    from ..evening.record import load
    from ..evening.report import running
    from ..render.evening import chart_text
    from ..render.layout import terminal_width

    try:
        evening = load(file, say)
    except PungchowError as error:
        fail(error, False)
    say_notes(evening)
    if not evening.games:  # one line, exit 0, as `report` and `status` show an empty evening
        print(f"{file}: no games recorded yet; nothing to chart", file=output_stream(ascii_only))
        return
    out = output_stream(ascii_only)  # a name's ASCII escapes are laid out in the legend (fit_data)
    print(chart_text(fit_data(running(evening), out), width or terminal_width(), height), file=out)


def play_command(file: str, ascii_only: bool) -> int:
    """The interactive table mode: prompts for each game, checks it, shows it, records it."""
    from .evening_play import Table

    return Table(file, ascii_only).run()


def repair_command(file: str, accept: list[int] | None, as_json: bool, ascii_only: bool) -> None:
    """Find lines changed or damaged since they were written; --accept them as they now read."""
    from ..evening.record import load, repair

    try:
        done = repair(file, list(accept or []), say)
    except PungchowError as error:
        fail(error, as_json)
    found = dict(done.found)
    if done.event is None and found:
        given = sorted(set(accept or []))
        wanted = " ".join(f"--accept {n}" for n in sorted(found))
        if not given:
            why = f"{len(found)} line(s) changed or damaged since written"
        elif set(given) - set(found):
            stray = min(set(given) - set(found))
            why = (
                f"--accept {stray}: that line reads as it was written"
                if 1 <= stray <= done.lines
                else f"--accept {stray}: there is no line {stray} (the log has {done.lines} lines)"
            )
        else:
            why = f"line {min(set(found) - set(given))} must be accepted too"
        refused = OptionError(
            f"{file}: {why}; nothing was recorded. To accept every such line as it now reads: "
            f"pungchow evening repair {file} {wanted}",
            code="evening-repair",
        )
        if as_json:  # one JSON object: the error, with what was found
            damaged = [{"line": n, "what": w} for n, w in done.found]
            json_error({**refused.to_dict(), "damaged": damaged})  # the one printer of the error object
            raise CommandExit(EXIT_BAD_INPUT)
        out = output_stream(ascii_only)
        for number, what in done.found:
            _say(f"line {number}: {what}", out)
        fail(refused, False)
    if done.event is None:
        say_notes(done)  # a torn last line, a line accepted before: said as every command says them
        if accept:
            nothing = OptionError(
                f"{file}: every line reads as written; nothing to accept", code="evening-repair"
            )
            fail(nothing, as_json)
        if as_json:
            print(json.dumps({"damaged": [], "recorded": None}))
        else:
            _say(f"{file}: every line reads as written; nothing to repair", output_stream(ascii_only))
        return
    with written_anyway(f"the repair was recorded on line {done.line}"):
        evening = load(file, say)
        say_notes(evening)
        if as_json:
            accepted = [item["line"] for item in done.event["accepts"]]
            print(json.dumps({"accepted": accepted, "recorded": done.line, "totals": evening.totals()}))
            return
        out = output_stream(ascii_only)
        for number, what in done.found:
            _say(f"Accepted line {number} as it now reads: {what}", out)
        _say(f"Recorded on line {done.line}: nothing else in {file} was changed.", out)
        totals = evening.totals()
        _say("Totals: " + ", ".join(f"{n} {v:+d}" if v else f"{n} 0" for n, v in totals.items()), out)


def _say(text: str, out: Any) -> None:
    """A line of `repair`'s report, wrapped to the terminal's width (a long path, a long reason), as
    `out` writes it (under ASCII a name's escapes, `\\u674e`, measured with the rest: fit_data)."""
    from ..render.layout import hanging, terminal_width

    print(*hanging(fit_data(text, out), terminal_width()), sep="\n", file=out)
