"""The everyday `pungchow evening` commands' work, without typer: record a game won, a draw, a wash, a
false Mah-Jongg, take the last one back, show the status. `main` runs a plainly written command of
these here directly (cli/evening_fast.py), because importing typer costs more than the command; the
typer commands (cli/evening.py) run the same functions. Each returns its exit code.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .. import options as opts
from ..ascii_output import is_ascii, output_stream
from ..engine.errors import OptionError, PungchowError
from ..engine.situation import FACT, FACTS
from .plain import EXIT_BAD_INPUT, report


def say(message: str) -> None:
    """A message of the evening log (a repaired line, a note) on stderr."""
    print(message, file=sys.stderr)


def others_of(others: list[str] | None) -> dict[str, str]:
    """Read `--other NAME=HAND|SCORE` options into {name: text}."""
    out: dict[str, str] = {}
    for item in others or []:
        name, eq, text = item.partition("=")
        name = name.strip()
        if not eq or not name or not text.strip():
            raise OptionError(f"--other {item!r}: give NAME=HAND or NAME=SCORE", code="bad-option")
        if name in out:
            raise OptionError(f"--other: {name} is given twice", code="bad-option")
        out[name] = text.strip()
    return out


def hand_record(
    winner: str,
    hand: str,
    others: dict[str, str],
    *,
    win_by: str | None = None,
    drawn: bool = False,
    loose: bool = False,
    from_: str | None = None,
    feeder: str | None = None,
    dead: list[str] | None = None,
    **facts: Any,
) -> dict[str, Any]:
    """The record of a won game as the log keeps it (only what differs from the defaults); `facts` are
    the stated facts by field name (engine/situation.py FACTS), e.g. `robbing_kong=True`."""
    for name in facts:
        if name not in FACT:
            raise TypeError(f"hand_record() got an unexpected keyword argument {name!r}")
    # The win's facts are checked as `score` checks them (one way to win, the way a fact implies).
    won: dict[str, Any] = {k: v for k, v in facts.items() if FACT[k].situation}
    checked = opts.make("", win_by=win_by, drawn=drawn, loose=loose, **won)
    if winner in others:
        raise OptionError(
            f"--other: {winner} is the winner; give his hand as the HAND argument", code="bad-option"
        )
    record: dict[str, Any] = {"event": "hand", "winner": winner, "hands": {winner: hand, **others}}
    if checked.win_by.value != "discard":
        record["win_by"] = checked.win_by.value
    for key, value in (("from", from_), ("feeder", feeder)):
        if value is not None:
            record[key] = value
    for fact in FACTS:  # an on/off fact as true, a valued one as typed (read again when settled)
        if facts.get(fact.field):
            record[fact.field] = True if fact.flag else facts[fact.field]
    if dead:
        record["dead"] = list(dead)
    return record


def draw_record(others: dict[str, str], dead: list[str] | None = None) -> dict[str, Any]:
    """The record of a draw game: no hands, or every player's."""
    record: dict[str, Any] = {"event": "draw"}
    if others:
        record["hands"] = others
    if dead:
        record["dead"] = list(dead)
    return record


def _game_done(change: Any, as_json: bool, ascii_only: bool) -> None:
    from ..evening.report import describe, round_name
    from ..layout import hanging, terminal_width
    from ..render_evening import game_text

    game = change.game
    if as_json:
        print(json.dumps({"game": game.number, "event": change.event, "totals": change.after.totals()}))
        return
    out = output_stream(ascii_only)
    print(game_text(game, describe(game), round_name(change.after, game)), file=out)
    totals = change.after.totals()
    shown = ", ".join(f"{n} {v:+d}" if v else f"{n} 0" for n, v in totals.items())
    print("", *hanging(f"Totals: {shown}", terminal_width()), sep="\n", file=out)
    if change.after.east != change.before.east:
        print(f"The deal passes: {change.after.east} is East Wind", file=out)
    else:
        print(f"{change.after.east} stays East Wind", file=out)


def record_game(file: str, record: dict[str, Any], as_json: bool, ascii_only: bool) -> int:
    """Append a game's record to the evening and show it; the exit code (2: refused, nothing written)."""
    from ..evening.record import add

    try:
        change = add(file, record, say)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    _game_done(change, as_json, ascii_only)
    return 0


def run_hand(file: str, hand: str, winner: str, other: list[str] | None = None, **given: Any) -> int:
    """`evening hand`: record a game won (given: hand_record's options, and as_json, ascii_only)."""
    as_json, ascii_only = given.pop("as_json", False), given.pop("ascii_only", False)
    try:
        record = hand_record(winner, hand, others_of(other), **given)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    return record_game(file, record, as_json, ascii_only)


def run_draw(
    file: str,
    other: list[str] | None = None,
    dead: list[str] | None = None,
    as_json: bool = False,
    ascii_only: bool = False,
) -> int:
    """`evening draw`: record a draw game."""
    try:
        record = draw_record(others_of(other), dead)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    return record_game(file, record, as_json, ascii_only)


def run_wash(file: str, player: str, tiles: str, as_json: bool = False, ascii_only: bool = False) -> int:
    """`evening wash`: record washing the tiles."""
    return record_game(file, {"event": "wash", "player": player, "tiles": tiles}, as_json, ascii_only)


def run_false_mahjongg(file: str, player: str, as_json: bool = False, ascii_only: bool = False) -> int:
    """`evening false-mahjongg`: record a false Mah-Jongg."""
    record = {"event": "penalty", "type": "false_mahjongg", "player": player}
    return record_game(file, record, as_json, ascii_only)


def run_undo(file: str, as_json: bool = False, ascii_only: bool = False) -> int:
    """`evening undo`: take back the last game (or amendment)."""
    from ..evening.record import undo as take_back
    from ..render_evening import totals_change

    try:
        change = take_back(file, say)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    if as_json:
        print(json.dumps({"event": change.event, "totals": change.after.totals()}))
        return 0
    out = output_stream(ascii_only)
    print(f"Took back {change.event['takes_back']}.", file=out)
    print(totals_change(change.before.totals(), change.after.totals()), file=out)
    return 0


def show_status(file: str, as_json: bool, ascii_only: bool = False) -> int:
    """Print `evening status`; the exit code (also the fast path's: no typer needed)."""
    from ..evening.record import load
    from ..evening.report import running, status

    try:
        evening = load(file, say)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    data = status(evening)
    for note in evening.notes:
        print(f"note: {note}", file=sys.stderr)
    if as_json:
        print(json.dumps(data))
        return 0
    from ..render_evening import status_text

    out = output_stream(ascii_only)
    print(status_text({**data, "notes": []}, running(evening), file, is_ascii(out)), file=out)
    return 0
