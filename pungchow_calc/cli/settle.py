"""The work of `pungchow settle`: who pays whom at a table (declared in cli/spec.py)."""

from __future__ import annotations

import json
from typing import Any

from .. import options as opts
from ..engine.errors import PungchowError
from .failure import fail


def settle(
    *,
    east: str | None,
    south: str | None,
    west: str | None,
    north: str | None,
    winner: str | None,
    draw: bool,
    ruleset: str,
    round: str,
    win_by: str | None,
    drawn: bool,
    loose: bool,
    discarder: str | None,
    feeder: str | None,
    dead: list[str] | None,
    false_mahjongg: str | None,
    limit: str | None,
    no_limit: bool,
    as_json: bool,
    ascii_only: bool,
    **facts: Any,
) -> None:
    """Settle the table: who pays whom, with the East double, the limit and the penalties."""
    from ..engine.situation import FACT, stated
    from ..engine.table import TableOptions, refuse_as_new, settle_table
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
            **{name: on for name, on in facts.items() if FACT[name].situation},
        )
        given = {Wind.EAST: east, Wind.SOUTH: south, Wind.WEST: west, Wind.NORTH: north}
        winner_w = opts.wind(winner, "--winner") if winner is not None else None
        table = TableOptions(
            winner=winner_w,
            round=opts.wind(round, "--round"),
            win_by=checked.win_by,
            # Riichi's `--from kamicha` is hinted the wind it is from the winner's, when --winner gives it.
            discarder=opts.wind(discarder, "--from", winner_w) if discarder is not None else None,
            feeder=opts.wind(feeder, "--feeder") if feeder is not None else None,
            stated=stated(**facts),
            limit=checked.limit if isinstance(checked.limit, int) else None,
            no_limit=no_limit,
            dead=_once([opts.wind(seat, "--dead") for seat in dead or ()]),
            false_mahjongg=(
                opts.wind(false_mahjongg, "--false-mahjongg") if false_mahjongg is not None else None
            ),
            draw=draw,
        )
        rules = load(ruleset)
        opts.check_limit(rules, checked.limit)
        result = settle_table({s: v for s, v in given.items() if v is not None}, rules, table)
        refuse_as_new(result)
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from ..render.terminal import console, print_settlement

    print_settlement(result, console(ascii_only), ascii_only)


def _once(seats: list[Any]) -> frozenset[Any]:
    """The seats of `--dead`, each given once: `--dead s --dead south` (west meant) would leave west's
    dead hand unpaid without a word (as `diff -r` refuses a ruleset given twice)."""
    twice = opts.first_repeat(seats)
    if twice is not None:
        raise opts.OptionError(f"--dead {twice.word} is given twice: give each seat once", code="bad-option")
    return frozenset(seats)
