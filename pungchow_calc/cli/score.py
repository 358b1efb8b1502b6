"""`pungchow score`, `wash` and `diff`: one hand under one or more rulesets."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from .. import options as opts
from ..engine.errors import PungchowError
from .common import (
    AsciiOpt,
    DrawnOpt,
    FirstDiscardOpt,
    FromOpt,
    JsonOpt,
    LastTileOpt,
    LimitOpt,
    LooseOpt,
    LoserOpt,
    NoLimitOpt,
    OriginalOpt,
    RoundOpt,
    RulesetOpt,
    SeatOpt,
    WinByOpt,
    app,
    fail,
)


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
    from ..engine.scoring import score_text
    from ..ruleset_files import load

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
    from ..render import console, print_score

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
    from ..engine.wash import wash_text
    from ..ruleset_files import load

    try:
        result = wash_text(tiles, load(ruleset), opts.wind(seat, "--seat"))
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from ..render import console, print_wash

    print_wash(result, console(), ascii_only)


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
    from ..compare import diff_hand
    from ..engine.scoring import score_text
    from ..ruleset_files import load

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
    from ..render import console, print_hand_diff

    print_hand_diff(result, console(), ascii_only)
