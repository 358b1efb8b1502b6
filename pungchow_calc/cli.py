"""The `pungchow` command: a thin typer layer over the engine (score, settle, batch, diff, wash, rules).

Every expected failure becomes a one-line `error: ...` on stderr (or a JSON error object with
`--json`) and exit code 2; nothing the user types can produce a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from . import options as opts
from .engine.errors import PungchowError

if TYPE_CHECKING:  # batch is imported by the command that needs it (start-up time)
    from . import batch as b

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


@app.command()
def score(
    hand: Annotated[str, typer.Argument(help="The hand, e.g. '1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c'.")],
    ruleset: RulesetOpt = opts.DEFAULT_RULESET,
    seat: SeatOpt = "east",
    round_: RoundOpt = "east",
    win_by: WinByOpt = None,
    drawn: DrawnOpt = False,
    loose: LooseOpt = False,
    from_: FromOpt = None,
    original_hand: OriginalOpt = False,
    last_tile: LastTileOpt = False,
    first_discard: FirstDiscardOpt = False,
    loser: LoserOpt = False,
    limit: LimitOpt = None,
    no_limit: NoLimitOpt = False,
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Score one hand and print an itemised breakdown and who pays whom."""
    from .engine.scoring import score_text
    from .ruleset_files import load

    try:
        options = opts.make(
            hand,
            ruleset=ruleset,
            seat=seat,
            round=round_,
            win_by_text=win_by,
            drawn=drawn,
            loose=loose,
            discarder=from_,
            original_hand=original_hand,
            last_tile=last_tile,
            first_discard=first_discard,
            loser=loser,
            limit=limit,
            no_limit=no_limit,
        )
        result = score_text(options.hand, load(options.ruleset), options.situation(), options.limit)
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from .render import console, print_score

    print_score(result, console(), ascii_only)


@app.command()
def wash(
    tiles: Annotated[str, typer.Argument(help="The original hand: 13 tiles, 14 for East.")],
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="Ruleset holding the washing table.")
    ] = "pung-chow-limit",
    seat: SeatOpt = "east",
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Washing the tiles (Part II): nine or more different heads in the original hand, and who pays."""
    from .engine.wash import wash_text
    from .ruleset_files import load

    try:
        result = wash_text(tiles, load(ruleset), opts.wind(seat, "--seat"))
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from .render import console, print_wash

    print_wash(result, console(), ascii_only)


_SEAT_HELP = "A hand in notation or a plain score; omit the seat for a two- or three-handed game."


@app.command()
def settle(
    east: Annotated[str | None, typer.Option("--east", help=_SEAT_HELP)] = None,
    south: Annotated[str | None, typer.Option("--south", help=_SEAT_HELP)] = None,
    west: Annotated[str | None, typer.Option("--west", help=_SEAT_HELP)] = None,
    north: Annotated[str | None, typer.Option("--north", help=_SEAT_HELP)] = None,
    winner: Annotated[
        str | None, typer.Option("--winner", help="Winning seat (default: the hand with a !; none: draw).")
    ] = None,
    ruleset: RulesetOpt = opts.DEFAULT_RULESET,
    round_: RoundOpt = "east",
    win_by: WinByOpt = None,
    drawn: DrawnOpt = False,
    loose: LooseOpt = False,
    from_: FromOpt = None,
    feeder: Annotated[
        str | None,
        typer.Option("--feeder", help="Seat that discarded the tile completing a dangerous set (insurance)."),
    ] = None,
    no_choice: Annotated[
        bool, typer.Option("--no-choice", help="The liable player had no choice in his discard.")
    ] = False,
    dead: Annotated[
        list[str] | None, typer.Option("--dead", help="A seat whose hand is dead (repeatable).")
    ] = None,
    false_mahjongg: Annotated[
        str | None, typer.Option("--false-mahjongg", help="Seat that called Mah-Jongg on an incomplete hand.")
    ] = None,
    original_hand: OriginalOpt = False,
    last_tile: LastTileOpt = False,
    first_discard: FirstDiscardOpt = False,
    limit: LimitOpt = None,
    no_limit: NoLimitOpt = False,
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Settle the table: who pays whom, with the East double, the limit and the penalties."""
    from .engine.table import TableOptions, settle_table
    from .engine.tiles import Wind
    from .ruleset_files import load

    try:
        # The win options are checked as `score` checks them (one way to win, the limit options).
        checked = opts.make("", win_by_text=win_by, drawn=drawn, loose=loose, limit=limit, no_limit=no_limit)
        given = {Wind.EAST: east, Wind.SOUTH: south, Wind.WEST: west, Wind.NORTH: north}
        table = TableOptions(
            winner=opts.wind(winner, "--winner") if winner is not None else None,
            round=opts.wind(round_, "--round"),
            win_by=checked.win_by.value,
            discarder=opts.wind(from_, "--from") if from_ is not None else None,
            feeder=opts.wind(feeder, "--feeder") if feeder is not None else None,
            original_hand=original_hand,
            last_tile=last_tile,
            first_discard=first_discard,
            limit=limit,
            no_limit=no_limit,
            no_choice=no_choice,
            dead=frozenset(opts.wind(seat, "--dead") for seat in dead or ()),
            false_mahjongg=opts.wind(false_mahjongg, "--false-mahjongg") if false_mahjongg else None,
        )
        result = settle_table({s: v for s, v in given.items() if v is not None}, load(ruleset), table)
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from .render import console, print_settlement

    print_settlement(result, console(), ascii_only)


# --- batch, diff and rules (issue 5) -------------------------------------------------------

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
    from . import batch as b

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
                from .render import console, print_compare_summary

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
    from . import batch as b

    failed = 0
    if output_format == "csv":
        write(b.csv_text(list(b.CSV_COLUMNS)))
    elif output_format == "json":
        write("[")
    elif output_format == "table":
        from .render import BATCH_HEADER, batch_row

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

    from .render import console

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


@app.command("diff")
def diff_command(
    hand: Annotated[str, typer.Argument(help="The hand, as for `score`.")],
    rulesets: Annotated[
        list[str], typer.Option("--ruleset", "-r", help="A ruleset to compare (give two or more).")
    ],
    seat: SeatOpt = "east",
    round_: RoundOpt = "east",
    win_by: WinByOpt = None,
    drawn: DrawnOpt = False,
    loose: LooseOpt = False,
    from_: FromOpt = None,
    original_hand: OriginalOpt = False,
    last_tile: LastTileOpt = False,
    first_discard: FirstDiscardOpt = False,
    loser: LoserOpt = False,
    limit: LimitOpt = None,
    no_limit: NoLimitOpt = False,
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """The same hand under two or more rulesets, line by line, with totals, payments and differences."""
    from .compare import diff_hand
    from .engine.scoring import score_text
    from .ruleset_files import load

    try:
        if len(rulesets) < 2 or len(set(rulesets)) != len(rulesets):
            raise opts.OptionError("give two or more different rulesets: -r A -r B", code="bad-option")
        options = opts.make(
            hand,
            seat=seat,
            round=round_,
            win_by_text=win_by,
            drawn=drawn,
            loose=loose,
            discarder=from_,
            original_hand=original_hand,
            last_tile=last_tile,
            first_discard=first_discard,
            loser=loser,
            limit=limit,
            no_limit=no_limit,
        )
        scores = tuple(
            score_text(options.hand, load(name), options.situation(), options.limit) for name in rulesets
        )
    except PungchowError as error:
        fail(error, as_json)
    result = diff_hand(tuple(rulesets), scores)
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from .render import console, print_hand_diff

    print_hand_diff(result, console(), ascii_only)


rules_app = typer.Typer(
    help="List the rulesets, show one as a score card, compare two, or check a file.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(rules_app, name="rules")


@rules_app.command("list")
def rules_list(as_json: JsonOpt = False) -> None:
    """The shipped rulesets (give any other by its .yaml path)."""
    from .ruleset_files import builtin_names, load

    rows: list[dict[str, Any]] = []
    for name in builtin_names():
        try:
            r = load(name)
        except PungchowError as error:
            rows.append({"name": name, "error": str(error)})
            continue
        rows.append(
            {
                "name": r.name,
                "title": r.title,
                "limit": r.settings.limit,
                "rules": len(r.rules),
                "file": r.source,
            }
        )
    if as_json:
        print(json.dumps(rows))
        return
    from .render import console, print_rulesets

    print_rulesets(rows, console())


@rules_app.command("show")
def rules_show(
    name: Annotated[str, typer.Argument(help="Ruleset name or YAML path.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the merged ruleset document.")] = False,
) -> None:
    """Print a ruleset as a score card: bonus scores, combinations, doubling honors, limit hands, settings."""
    from .compare import _plain
    from .ruleset_files import load

    try:
        ruleset = load(name)
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(_plain(ruleset.data)))
        return
    from .render import console, print_score_card

    print_score_card(ruleset, console())


@rules_app.command("diff")
def rules_diff(
    a: Annotated[str, typer.Argument(help="First ruleset (name or path).")],
    b: Annotated[str, typer.Argument(help="Second ruleset (name or path).")],
    as_json: JsonOpt = False,
) -> None:
    """Settings (by key) and rules (by id) that differ between two rulesets."""
    from .compare import diff_rulesets
    from .ruleset_files import load

    try:
        changes = diff_rulesets(load(a), load(b))
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps({"rulesets": [a, b], "changes": [c.as_dict() for c in changes]}))
        return
    from .render import console, print_rules_diff

    print_rules_diff((a, b), changes, console())


@rules_app.command("check")
def rules_check(
    file: Annotated[str, typer.Argument(help="Ruleset YAML file to validate.")],
    as_json: JsonOpt = False,
) -> None:
    """Validate a ruleset file against the schema and the loader; exit 2 naming file, line and reason."""
    from .schema import check

    try:
        ruleset = check(file)
    except PungchowError as error:
        fail(error, as_json)
    except OSError as error:
        fail(PungchowError(f"{file}: cannot read: {error.strerror}", code="ruleset-unreadable"), as_json)
    if as_json:
        print(
            json.dumps(
                {"ok": True, "file": ruleset.source, "name": ruleset.name, "rules": len(ruleset.rules)}
            )
        )
        return
    limit = "no limit" if ruleset.settings.limit is None else f"limit {ruleset.settings.limit}"
    print(f"ok: {ruleset.source}: {ruleset.name} ({len(ruleset.rules)} rules, {limit})")


# `score` without typer's parsing: this typer coerces every non-flag value through a pydantic
# TypeAdapter, and importing pydantic alone costs more than the whole scoring. Only argument lists
# made wholly of `score`'s own options take this path; anything else (--help, a typo, `--`) goes
# to typer, so errors and help read exactly as before.
_SCORE_FLAGS = {**opts.FLAGS, "--json": "as_json", "--ascii": "ascii_only"}
# The same options as batch lines take, under the names of score()'s parameters.
_PARAMETER = {"round": "round_", "win_by_text": "win_by", "discarder": "from_"}
_SCORE_VALUED = {option: _PARAMETER.get(name, name) for option, name in opts.VALUED.items()}


def _fast_score_args(argv: list[str]) -> dict[str, Any] | None:
    """Keyword arguments for `score()` when argv is plainly `score HAND [its options]`, else None."""
    if not argv or argv[0] != "score":
        return None
    values: dict[str, Any] = {}
    hands: list[str] = []
    i = 1
    while i < len(argv):
        arg = argv[i]
        name, eq, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in _SCORE_FLAGS and not eq:
            values[_SCORE_FLAGS[name]] = True
        elif name in _SCORE_VALUED:
            if not eq:
                i += 1
                if i >= len(argv) or argv[i].startswith("-"):
                    return None
                inline = argv[i]
            values[_SCORE_VALUED[name]] = inline
        elif arg.startswith("-"):
            return None
        else:
            hands.append(arg)
        i += 1
    if len(hands) != 1:
        return None
    if "limit" in values:
        if not values["limit"].isdigit():
            return None
        values["limit"] = int(values["limit"])
    return {"hand": hands[0], **values}


def main() -> None:
    """Console-script entry point: run the app, ending quietly on a closed pipe or Ctrl-C."""
    try:
        fast = _fast_score_args(sys.argv[1:])
        if fast is not None:
            try:
                score(**fast)
            except typer.Exit as done:
                sys.exit(done.exit_code)
            return
        code = app(standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except _UsageError as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            app()  # `pungchow` alone: print the help as usual
        # A mistyped command line is bad input like any other: one line and exit 2 (TEAM rules).
        message = " ".join(printable(error.format_message()).split())
        name = error.ctx.command_path if error.ctx is not None else "pungchow"
        print(f"error: {message} (see '{name} --help')", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    except typer.Abort:
        sys.exit(130)
    except ValueError as error:
        # typer turns option values into ints with int(), which refuses numbers of over 4,300 digits.
        if "integer string conversion" not in str(error):
            raise
        print("error: a number on the command line is too long", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    except BrokenPipeError:
        # `pungchow ... | head`: the reader left; say nothing more and exit cleanly.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(0)
    except KeyboardInterrupt:
        sys.exit(130)
