"""The `pungchow` command: a thin typer layer over the engine (score, settle, batch, diff, wash, rules).

Every expected failure becomes a one-line `error: ...` on stderr (or a JSON error object with
`--json`) and exit code 2; nothing the user types can produce a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, NoReturn

import typer

from . import options as opts
from .errors import PungchowError

app = typer.Typer(
    name="pungchow",
    help="Score Pung Chow hands exactly as L. L. Harr's book (1923) does.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2


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
        print(f"error: {error}", file=sys.stderr)
    raise typer.Exit(EXIT_BAD_INPUT)


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
    from .ruleset import load
    from .scoring import score_text

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
    from .ruleset import load
    from .wash import wash_text

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
    from .ruleset import load
    from .settlement import TableOptions, settle_table
    from .tiles import Wind

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


def main() -> None:
    """Console-script entry point: run the app, ending quietly on a closed pipe or Ctrl-C."""
    try:
        app()
    except BrokenPipeError:
        # `pungchow ... | head`: the reader left; say nothing more and exit cleanly.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(0)
    except KeyboardInterrupt:
        sys.exit(130)
