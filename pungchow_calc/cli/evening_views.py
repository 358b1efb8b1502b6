"""The work of `pungchow evening report|stats|chart|play|repair` (declared in cli/spec.py): reading an
evening back, the interactive table mode, and accepting lines changed or damaged since they were
written (by appending, never rewriting)."""

from __future__ import annotations

import json
from itertools import takewhile
from typing import Any

from ..engine.errors import OptionError, PungchowError, how_many
from ..render.ascii import fit_data, output_stream, write_data
from .evening_run import say, say_notes, written_anyway
from .failure import EXIT_BAD_INPUT, CommandExit, fail, json_error, note

FORMATS = ("table", "csv", "json", "markdown")


def report_command(file: str, format_: str, breakdown: bool, ascii_only: bool) -> None:
    """The game-by-game history, totals, the fewest payments that square the evening, player statistics."""
    from ..evening.record import load
    from ..evening.report import report
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
        evening = load(file, say)
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
        print(report_text(fit_data(data, out), settings=evening.ruleset.settings), file=out)


def stats_command(files: list[str], as_json: bool, ascii_only: bool) -> None:
    """Each player's statistics over several evenings (a player matched by name, in any case)."""
    from ..evening.report import combined_stats, rulesets_note
    from ..evening.state import replayed
    from ..render.evening import stats_table

    try:
        held = _take_each(files)
        copies = _once_each(files, {f: data for f, data in held.items() if isinstance(data, bytes)})
        files = [f for f in files if f not in copies]
        # Each log is counted from the very bytes its copies were told by (one read of each).
        evenings = [replayed(f, _given(held[f])) for f in files]
        # The biggest hands are settled here (Game.detail).
        stats = combined_stats(list(zip(files, evenings, strict=True)))
    except PungchowError as error:
        fail(error, as_json)
    for said in copies.values():
        note(said)
    for evening in evenings:
        say_notes(evening)
    mixed = rulesets_note(list(zip(files, evenings, strict=True)))
    if mixed is not None:
        note(mixed)
    if as_json:
        print(json.dumps({"evenings": len(evenings), "players": stats}))
        return
    games = sum(len(e.games) for e in evenings)
    out = output_stream(ascii_only)
    count = len(evenings)
    print(f"{how_many(count, 'evening')}, {how_many(games, 'game')}", file=out)
    print(stats_table(fit_data(stats, out), [("evenings", "Evenings")]), file=out)


def _take_each(files: list[str]) -> dict[str, bytes | PungchowError]:
    """Each log's bytes, read once (logfile.take, under its lock), or why it cannot be read, said in its
    turn (a file given twice, or a link to it, is refused first: its games would be counted twice, every
    total doubled). Read twice, a log that grew between the reads could be told a copy by the one and
    counted by the other."""
    from ..evening.logfile import take

    seen: dict[tuple[int, int], str] = {}
    held: dict[str, bytes | PungchowError] = {}
    for file in files:
        try:
            key, data = take(file, say)
        except PungchowError as error:
            held.setdefault(file, error)
            continue
        if key in seen:  # what was typed: one name twice, or one log by two names (a path, a link)
            from ..evening.log import EveningError

            first = seen[key]
            said = (
                f"{file} is given twice"
                if file == first
                else f"{file} is {first} again (another name for it)"
            )
            raise EveningError(
                f"{said}: give each evening once (its games would count twice)", code="evening-twice"
            )
        seen[key] = file
        held[file] = data
    return held


def _given(data: bytes | PungchowError) -> bytes:
    """A log's bytes as read, or the error that reading it met, raised in its turn."""
    if isinstance(data, PungchowError):
        raise data
    return data


def _once_each(files: list[str], held: dict[str, bytes]) -> dict[str, str]:
    """A copy of a log (`cp tonight.jsonl backup.jsonl`, taken then or mid-evening, saved again with
    CRLF line ends) is counted once, as the log it is the beginning of: the copies left out, each with
    its note (docs/evening.md, `evening stats`)."""
    plain = {file: _plain(data) for file, data in held.items()}
    heads = {file: _head(data) for file, data in plain.items()}
    copies: dict[str, str] = {}
    for file, data in plain.items():
        kept: list[str] = []  # the logs this one is the beginning of: it is their copy
        for other, more in plain.items():
            if other == file or _told_apart(heads[file], heads[other]):
                continue
            if not (more.startswith(data) or data.startswith(more)):  # copied, then each went its way
                shared = _shared(data, more)
                said = (
                    f"its first {shared} lines are those of {other}, byte for byte, and then the two differ"
                    if shared
                    else f"its start line holds the evening id of {other}'s but is written otherwise"
                )
                raise OptionError(
                    f"{file}: {said}: one was copied from the other and changed since; stats cannot tell "
                    "which is the evening: give only one of them",
                    code="evening-twice",  # one evening given twice (a copy gone its own way): no option
                )
            if len(data) < len(more) or (data == more and files.index(other) < files.index(file)):
                kept.append(other)
        if kept:  # counted as the longest of them (the first given of those alike), which holds them all
            other = max(kept, key=lambda name: (len(plain[name]), -files.index(name)))
            same = "bytes" if held[file] == held[other] else ""
            if not same and data == plain[other]:
                bare = _bare(held[file]) == _bare(held[other])
                crlf = b"\r" in held[file] + held[other]
                same = "events" if not bare else "other line ends" if crlf else "a byte order mark"
            copies[file] = _copy_note(file, other, same)
    return copies


def _plain(data: bytes) -> bytes:
    """A log's lines as written: a byte order mark, CRLF line ends and an event written out again by
    another program (`jq -c`: spaced or escaped otherwise, its keys in their order), which a copy may be
    saved with, change no event (docs/evening.md, "Safety"; a raw CR is never inside one). A line that
    is not JSON (a torn write) is kept as it is: a copy taken mid-write holds the beginning of its line."""
    return b"\n".join(_as_written(line) for line in _bare(data).split(b"\n"))


def _bare(data: bytes) -> bytes:
    """A log's bytes without a byte order mark and with LF line ends."""
    from ..evening.log import BOM

    return data.removeprefix(BOM).replace(b"\r\n", b"\n")


def _as_written(line: bytes) -> bytes:
    """A whole event as `evening.log.encode` writes it (its keys in the order given); else the line (no
    event: evening.log.decode, which reads every line the log holds)."""
    from ..evening.log import decode

    event = decode(line)
    if event is None:
        return line
    return json.dumps(event, ensure_ascii=False, separators=(", ", ": ")).encode("utf-8")


def _shared(data: bytes, more: bytes) -> int:
    """How many whole lines two logs begin with, byte for byte."""
    whole = zip(data.split(b"\n")[:-1], more.split(b"\n")[:-1], strict=False)  # [:-1]: what no \n ends
    return sum(1 for _ in takewhile(lambda pair: pair[0] == pair[1], whole))


_Head = tuple[bytes, bytes | None, str | None]  # a log's start line, its whole line 2 (None: none), its id


def _head(data: bytes) -> _Head:
    """What tells a log from another: its start line, its second line when whole (ended, or whole JSON:
    a torn write is not), and whether the start line holds the evening's `id` (an older pungchow's has
    none: None). Taken once per log, never split whole for every pair."""
    start, *rest = data.split(b"\n", 2)
    second = rest[0] if rest and rest[0].strip() else None
    if second is not None and len(rest) == 1 and not _json_object(second):
        second = None  # cut off mid-write: not yet a line the two could share
    try:
        named = json.loads(start)
    except ValueError:
        named = None
    named_id = named.get("id") if isinstance(named, dict) else None
    return start, second, named_id if isinstance(named_id, str) and named_id else None


def _json_object(text: bytes) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def _told_apart(head: _Head, other: _Head) -> bool:
    """Whether two logs are two evenings. Their start lines differ: two (the evening's id, written by
    `evening new`, differs for every evening). Alike, and each has a second line: two unless they share
    it, since a line after the start holds the time of its own event and the checksum of the line before
    it, so a shared one is a copy's. Alike, and one has no game yet: the id says it is a copy; an older
    log without one cannot be told from another begun in the same second, so it counts as an evening of
    no game (docs/evening.md, "A copy in `evening stats`")."""
    if head[0] != other[0]:
        # One id in start lines that differ (keys reordered, or one edited): never two evenings on a
        # guess, each game counted twice; the two are refused (_once_each).
        return head[2] is None or head[2] != other[2]
    if head[1] is not None and other[1] is not None:
        return head[1] != other[1]
    return not head[2]


def _copy_note(file: str, other: str, same: str) -> str:
    """What `evening stats` says of a copy it left out (`same`: "bytes" when it holds the other's
    bytes, what else it was saved with when it holds their lines, "" when it holds their beginning)."""
    if same == "bytes":
        what = f"{file} and {other} hold the same bytes"
    elif same == "events":
        what = f"{file} and {other} hold the same events (one written out again, spaced or escaped otherwise)"
    elif same:
        what = f"{file} and {other} hold the same lines (one saved with {same})"
    else:
        what = f"{file} holds the beginning of {other}"
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
            why = f"{how_many(len(found), 'line')} changed or damaged since written"
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
            _unheeded(file, evening)
            accepted = [item["line"] for item in done.event["accepts"]]
            print(json.dumps({"accepted": accepted, "recorded": done.line, "totals": evening.totals()}))
            return
        out = output_stream(ascii_only)
        for number, what in done.found:
            _say(f"Accepted line {number} as it now reads: {what}", out)
        _say(f"Recorded on line {done.line}: nothing else in {file} was changed.", out)
        from ..evening.log import OUT_OF_PLACE

        moved = [str(number) for number, what in done.found if OUT_OF_PLACE in what]
        if moved:
            # What a deleted line held (a game, an undo) is gone from the count: the totals may have moved
            # (an evening host's trial accepted a line after a deleted undo, and a game came back).
            _say(
                f"What a line deleted before line {' and '.join(moved)} held no longer counts: the totals "
                "below are the log's as it now reads; compare them with the table's (a copy of the log, "
                "if one was kept, holds the deleted line).",
                out,
            )
        _unheeded(file, evening)
        totals = evening.totals()
        _say("Totals: " + ", ".join(f"{n} {v:+d}" if v else f"{n} 0" for n, v in totals.items()), out)


def _say(text: str, out: Any) -> None:
    """A line of `repair`'s report, wrapped to the terminal's width (a long path, a long reason), as
    `out` writes it (under ASCII a name's escapes, `\\u674e`, measured with the rest: fit_data)."""
    from ..render.layout import hanging, terminal_width

    print(*hanging(fit_data(text, out), terminal_width()), sep="\n", file=out)


def _unheeded(file: str, evening: Any) -> None:
    """Note each game accepted with a `net` edited by hand, which the evening does not count: its money
    is what its hands and scores settle (a user trial: `net` 288 edited to 388 was "accepted", the totals
    unchanged, and nothing said why)."""
    from ..evening.state import unheeded_nets

    for number, written, settled in unheeded_nets(evening):
        names = [name for name, value in settled.items() if written.get(name) != value]
        typed = ", ".join(f"{name} {written.get(name)}" for name in names)
        counted = ", ".join(f"{name} {settled[name]}" for name in names)
        note(
            f"game {number}: its line's net ({typed}) is not what its hands and scores settle ({counted}), "
            f"which the evening counts: to change a game's money, pungchow evening amend {file} {number}"
        )
