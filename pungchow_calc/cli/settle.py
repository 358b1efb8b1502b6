"""`pungchow settle`: who pays whom at a table."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from .. import options as opts
from ..engine.errors import PungchowError
from ..engine.situation import FACT
from .common import (
    AsciiOpt,
    DepositsOpt,
    DoraOpt,
    DoubleRiichiOpt,
    DrawnOpt,
    FirstDiscardOpt,
    FromOpt,
    HonbaOpt,
    IppatsuOpt,
    JsonOpt,
    KongAfterKongOpt,
    LastTileOpt,
    LimitOpt,
    LooseOpt,
    NoLimitOpt,
    OriginalCallOpt,
    OriginalOpt,
    RiichiOpt,
    RobbingKongOpt,
    RoundOpt,
    RulesetOpt,
    UraOpt,
    WinByOpt,
    app,
    complete_wind,
    fail,
)

_SEAT_HELP = "A hand in notation or a plain score; omit the seat for a two- or three-handed game."
_HAND = "HAND|SCORE"


@app.command()
def settle(
    east: Annotated[str | None, typer.Option("--east", metavar=_HAND, help=_SEAT_HELP)] = None,
    south: Annotated[str | None, typer.Option("--south", metavar=_HAND, help=_SEAT_HELP)] = None,
    west: Annotated[str | None, typer.Option("--west", metavar=_HAND, help=_SEAT_HELP)] = None,
    north: Annotated[str | None, typer.Option("--north", metavar=_HAND, help=_SEAT_HELP)] = None,
    winner: Annotated[
        str | None,
        typer.Option(
            "--winner",
            metavar="SEAT",
            help="Winning seat (default: the hand with a !).",
            autocompletion=complete_wind,
        ),
    ] = None,
    draw: Annotated[
        bool,
        typer.Option("--draw", help="No hand won: a draw game; the hands settle differences only."),
    ] = False,
    ruleset: RulesetOpt = opts.DEFAULT_RULESET,
    round_: RoundOpt = "east",
    win_by: WinByOpt = None,
    drawn: DrawnOpt = False,
    loose: LooseOpt = False,
    from_: FromOpt = None,
    feeder: Annotated[
        str | None,
        typer.Option(
            "--feeder",
            metavar="SEAT",
            help="Seat that discarded the tile completing a dangerous set (insurance).",
            autocompletion=complete_wind,
        ),
    ] = None,
    no_choice: Annotated[bool, typer.Option(FACT["no_choice"].option, help=FACT["no_choice"].help)] = False,
    dead: Annotated[
        list[str] | None,
        typer.Option(
            "--dead",
            metavar="SEAT",
            help="A seat whose hand is dead (repeatable).",
            autocompletion=complete_wind,
        ),
    ] = None,
    false_mahjongg: Annotated[
        str | None,
        typer.Option(
            "--false-mahjongg",
            metavar="SEAT",
            help="Seat that called Mah-Jongg on an incomplete hand.",
            autocompletion=complete_wind,
        ),
    ] = None,
    original_hand: OriginalOpt = False,
    last_tile: LastTileOpt = False,
    first_discard: FirstDiscardOpt = False,
    robbing_kong: RobbingKongOpt = False,
    original_call: OriginalCallOpt = False,
    kong_after_kong: KongAfterKongOpt = False,
    honba: HonbaOpt = None,
    deposits: DepositsOpt = None,
    riichi: RiichiOpt = False,
    double_riichi: DoubleRiichiOpt = False,
    ippatsu: IppatsuOpt = False,
    dora: DoraOpt = None,
    ura: UraOpt = None,
    limit: LimitOpt = None,
    no_limit: NoLimitOpt = False,
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Settle the table: who pays whom, with the East double, the limit and the penalties."""
    from ..engine.situation import stated
    from ..engine.table import TableOptions, settle_table
    from ..engine.tiles import Wind
    from ..ruleset_files import load

    try:
        # The win options are checked as `score` checks them (one way to win, the way a situation
        # option implies, the limit options).
        checked = opts.make(
            "",
            win_by=win_by,
            drawn=drawn,
            loose=loose,
            limit=limit,
            no_limit=no_limit,
            robbing_kong=robbing_kong,
            original_call=original_call,
            kong_after_kong=kong_after_kong,
            honba=honba,
            deposits=deposits,
            riichi=riichi,
            double_riichi=double_riichi,
            ippatsu=ippatsu,
            dora=dora,
            ura=ura,
        )
        given = {Wind.EAST: east, Wind.SOUTH: south, Wind.WEST: west, Wind.NORTH: north}
        table = TableOptions(
            winner=opts.wind(winner, "--winner") if winner is not None else None,
            round=opts.wind(round_, "--round"),
            win_by=checked.win_by,
            discarder=opts.wind(from_, "--from") if from_ is not None else None,
            feeder=opts.wind(feeder, "--feeder") if feeder is not None else None,
            stated=stated(
                original_hand=original_hand,
                last_tile=last_tile,
                first_discard=first_discard,
                robbing_kong=robbing_kong,
                original_call=original_call,
                kong_after_kong=kong_after_kong,
                honba=honba,
                deposits=deposits,
                riichi=riichi,
                double_riichi=double_riichi,
                ippatsu=ippatsu,
                dora=dora,
                ura=ura,
                no_choice=no_choice,
            ),
            limit=checked.limit if isinstance(checked.limit, int) else None,
            no_limit=no_limit,
            dead=frozenset(opts.wind(seat, "--dead") for seat in dead or ()),
            false_mahjongg=opts.wind(false_mahjongg, "--false-mahjongg") if false_mahjongg else None,
            draw=draw,
        )
        result = settle_table({s: v for s, v in given.items() if v is not None}, load(ruleset), table)
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from ..render import console, print_settlement

    print_settlement(result, console(ascii_only), ascii_only)
