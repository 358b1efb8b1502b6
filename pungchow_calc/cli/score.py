"""`pungchow score`, `wash` and `diff`: one hand under one or more rulesets."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from .. import options as opts
from ..engine.errors import PungchowError
from .common import AsciiOpt, JsonOpt, SeatOpt, app, complete_ruleset, fail, with_score_options
from .plain import score_hand

NOTATION = """Hand notation (all of it: pungchow docs notation):

- dots 1d..9d, bamboo 1b..9b, characters 1c..9c
- winds Ew Sw Ww Nw; dragons Rd Gd Wd (red, green, white)
- bonus tiles: flowers 1f..4f, seasons 1s..4s
- compact runs: 123c = 1c2c3c, 555d, EEEw
- groups are separated by spaces; a group may end with
  * (exposed) or # (a kong declared face down)
- ! straight after a tile marks the winning tile: 7c!7c
- the tile glyphs pungchow prints are read as well

Examples:

  pungchow score '1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c'

  pungchow score 'RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw' -s north
"""

HandArg = Annotated[
    str,
    typer.Argument(
        metavar="HAND", help="The hand, quoted as one argument (notation below).", show_default=False
    ),
]


@app.command(epilog=NOTATION)
@with_score_options()
def score(hand: HandArg, **given: Any) -> None:
    """Score one hand and print an itemised breakdown and who pays whom."""
    code = score_hand(hand, **given)  # the same work main() runs without typer for a plain command line
    if code:
        raise typer.Exit(code)


@app.command()
def wash(
    tiles: Annotated[str, typer.Argument(metavar="TILES", help="The original hand: 13 tiles, 14 for East.")],
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset",
            "-r",
            metavar="NAME|PATH",
            help="Ruleset holding the washing table.",
            autocompletion=complete_ruleset,
        ),
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

    print_wash(result, console(ascii_only), ascii_only)


@app.command("diff")
@with_score_options(without=frozenset({"ruleset"}))
def diff_command(
    hand: Annotated[str, typer.Argument(metavar="HAND", help="The hand, as for `score`.")],
    rulesets: Annotated[
        list[str],
        typer.Option(
            "--ruleset",
            "-r",
            metavar="NAME|PATH",
            help="A ruleset to compare (give two or more).",
            autocompletion=complete_ruleset,
        ),
    ],
    **given: Any,
) -> None:
    """The same hand under two or more rulesets, line by line, with totals, payments and differences."""
    from ..compare import diff_hand
    from ..engine.scoring import Score, score_text
    from ..ruleset_files import load

    as_json, ascii_only = given.pop("as_json", False), given.pop("ascii_only", False)
    results: list[Score | PungchowError] = []
    try:
        if len(rulesets) < 2 or len(set(rulesets)) != len(rulesets):
            raise opts.OptionError("give two or more different rulesets: -r A -r B", code="bad-option")
        options = opts.make(hand, **given)
        for name in rulesets:
            ruleset = load(name)  # a ruleset that cannot be read is bad input: it stops the command
            try:
                results.append(score_text(options.hand, ruleset, options.situation(), options.limit))
            except PungchowError as refusal:
                # One ruleset's refusal (BMJA's one chow at most) is part of the comparison.
                results.append(refusal)
        refusals = [r for r in results if isinstance(r, PungchowError)]
        if len(refusals) == len(results):  # no ruleset scores it: bad input, in the first one's words
            raise refusals[0]
    except PungchowError as error:
        fail(error, as_json)
    result = diff_hand(tuple(rulesets), tuple(results))
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from ..render import console, print_hand_diff

    print_hand_diff(result, console(ascii_only), ascii_only)
