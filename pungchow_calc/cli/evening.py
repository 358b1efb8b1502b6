"""`pungchow evening new` and `amend`: an evening at the table, recorded game by game in an append-only
log (every evening command is declared in cli/spec.py; the everyday ones' work is cli/evening_run.py).

In the book a "game" is one hand, from the deal to Mah-Jongg (or a draw): this command group says "game"
for each numbered entry of the evening (a hand won, a draw, a wash, a false Mah-Jongg) and "hand" for
the tiles a player holds.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.errors import OptionError, PungchowError
from ..render.ascii import fit_data, output_stream
from .evening_run import (
    change_text,
    draw_record,
    hand_record,
    idle_note,
    others_of,
    say,
    say_notes,
    written_anyway,
)
from .failure import fail, note


def new(
    file: str,
    players: str,
    east: str | None,
    ruleset: str,
    limit: str | None,
    no_limit: bool,
    sets: int | None,
    as_json: bool,
    ascii_only: bool,
) -> None:
    """Start an evening: seat the players and record the ruleset (an existing FILE is never overwritten)."""
    from ..evening.names import players_of
    from ..evening.record import new as start
    from ..render.layout import hanging_phrases, terminal_width
    from ..ruleset_files import load

    try:
        evening = start(file, players_of(players), east, load(ruleset), limit, no_limit, sets, ruleset)
    except PungchowError as error:
        fail(error, as_json)
    started = (  # not "do not enter it again", as of a game: the evening is there to be played
        f"{file}: the evening was started all the same (see `evening status`): record its games in it; "
        "`evening new` again would refuse the file"
    )
    with written_anyway(f"{file}: the evening was started", started):
        if as_json:  # the new evening as `evening status --json` gives it (docs/evening.md)
            from ..evening.report import status

            print(json.dumps(status(evening)))
            return
        seats = ", ".join(f"{name} {w.word}" for name, w in sorted(evening.seats(), key=lambda s: s[1].value))
        out = output_stream(ascii_only)  # the names as `out` writes them, wrapped so (fit_data)
        said = hanging_phrases(
            fit_data(f"{file}: a new evening under {evening.ruleset.name}: {seats}", out), terminal_width()
        )
        print(*said, sep="\n", file=out)


def amend(
    file: str,
    number: int,
    hand: str | None,
    winner: str | None,
    draw_game: bool,
    other: list[str] | None,
    as_json: bool,
    ascii_only: bool,
    **won: Any,
) -> None:
    """Correct game N (the same options as `hand`, or --draw); the evening is replayed from it."""
    from ..evening.record import amend as correct

    try:
        if draw_game:
            if winner is not None or hand is not None:
                raise OptionError("--draw: a draw has no winner or winning hand", code="bad-option")
            _no_win(won)
            record = draw_record(others_of(other), won.get("dead"))
        elif winner is None or hand is None:
            raise OptionError("give --winner NAME and the winner's HAND, or --draw", code="bad-option")
        else:
            record = hand_record(winner, hand, others_of(other), **won)
        change = correct(file, number, record, say)
    except PungchowError as error:
        fail(error, as_json)
    with written_anyway(f"game {number} was amended"):
        say_notes(change.before)
        stated = change.game.stated if change.game is not None else ()
        for flag in change.idle:
            note(idle_note(flag, change.after.ruleset.name, stated=stated))
        before, after = change.before.totals(), change.after.totals()
        if as_json:
            print(json.dumps({"game": number, "event": change.event, "before": before, "after": after}))
            return
        from ..render.layout import hanging, terminal_width

        out = output_stream(ascii_only)
        said = f"Game {number} amended; the evening was replayed from it."
        print(*hanging(said, terminal_width()), sep="\n", file=out)  # a phone's 40 columns
        print(change_text(change.before, change.after, out), file=out)


def _no_win(won: dict[str, Any]) -> None:
    """Refuse an option of how a game was won beside `amend --draw`: a draw records none of them, and
    `--draw --from Bob` recorded the draw without a word of Bob (as `settle --draw --from` refuses it)."""
    from ..engine.situation import DISCARD
    from ..options import read_win_by
    from .spec import COMMAND, WIN_FIELDS

    for option in COMMAND[("evening", "amend")].options:
        value = won.get(option.name)
        if option.name not in WIN_FIELDS or option.name == "dead" or value in (None, False):
            continue
        if option.name != "win_by" or read_win_by(value) is not DISCARD:  # the default restated: no win
            raise OptionError(
                f"{option.spellings[0]} describes a win, but --draw says no hand won", code="no-winner"
            )
