"""The everyday `pungchow evening` commands' work, without typer: record a game won, a draw, a wash, a
false Mah-Jongg, take the last one back, show the status. Declared in cli/spec.py, run
without typer for a plainly written command line (importing typer costs more than the command), and
by the typer commands generated from the same declaration. Each returns its exit code.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from .. import RECORDED_ANYWAY, written_unsaid
from .. import options as opts
from ..engine.errors import OptionError, PungchowError
from ..engine.situation import FACT, FACTS
from ..render.ascii import fit_data, is_ascii, output_stream
from .failure import EXIT_BAD_INPUT, note, report, say  # say: the evening's messages too
from .spec import WIN_FIELDS


def say_notes(evening: Any) -> None:
    """What reading the evening skipped or accepted (a torn line, a line a repair accepted), on stderr:
    every command that reads it says so (docs/evening.md, "Safety")."""
    for said in evening.notes:
        note(said)


@contextmanager
def written_anyway(what: str, said: str | None = None) -> Iterator[None]:
    """Output about a change already in the log: when it cannot be written (a full disk), or a Ctrl-C
    stops it, the one-line error (cli.main, exit 3 or 130) says the change was made all the same, so
    nobody enters it twice (`said`: all it says instead, where that is not what to do)."""
    try:
        written_unsaid()  # said from here on, by the note below
        yield
        sys.stdout.flush()  # here, while it is known what was recorded
    except BrokenPipeError:
        raise  # the reader left (`| head`): not a failure
    except (OSError, KeyboardInterrupt) as error:
        error.add_note(said or RECORDED_ANYWAY.format(what))
        raise


def taken_back_anyway(what: str) -> AbstractContextManager[None]:
    """written_anyway for an undo (`what`: "game 3"): entered again, an undo would take back the game
    before it, so it says not to undo it again, not to enter it again."""
    done = f"{what} was taken back"
    return written_anyway(done, f"{done} all the same (see `evening status`; do not undo it again)")


_PARTED = re.compile(r"([^:]+?)\s*:\s*(\S.*)").fullmatch
_SPACED = re.compile(r"(.+?)\s+([0-9]+)").fullmatch
# Several players in one --other, a comma before each next `NAME=`: `Bob=10,Cy=4` (a hand holds no `=`).
_SEVERAL = re.compile(r"[^=,]+=[^=,]+(?:,[^=,]+=[^=,]+)+").fullmatch


def others_of(others: list[str] | None) -> dict[str, str]:
    """Read `--other NAME=HAND|SCORE` options into {name: text}."""
    out: dict[str, str] = {}
    for item in others or []:
        name, eq, text = item.partition("=")
        name = name.strip()
        if not eq or not name or not text.strip():
            # `Bob:10`, `Bob 10`: the name and the hand or score parted by a colon, or a score by a space
            # (a name may hold spaces: `Undo Smith`).
            parted = None if eq else _PARTED(item.strip()) or _SPACED(item.strip())
            typed = f" (type {parted[1]}={parted[2].strip()})" if parted else ""
            raise OptionError(f"--other {item!r}: give NAME=HAND or NAME=SCORE{typed}", code="bad-option")
        if name in out:
            raise OptionError(f"--other: {name} is given twice", code="bad-option")
        several = _SEVERAL(item.strip())
        if several is not None:  # `Bob=10,Cy=4`: one --other a player
            each = " ".join(f"--other {part.strip()}" for part in item.split(","))
            raise OptionError(
                f"--other {item!r}: one player each --other: {each}", code="bad-option", options=("--other",)
            )
        out[name] = text.strip()
    return out


def hand_record(winner: str, hand: str, others: dict[str, str], **won: Any) -> dict[str, Any]:
    """The record of a won game as the log keeps it (only what differs from the defaults); `won` is
    how it was won, by the option names of `evening hand` (cli/spec.py EVENING_WIN): win_by, drawn,
    loose, discarder, feeder, dead and the stated facts by field name (engine/situation.py FACTS)."""
    for name in won:
        if name not in WIN_FIELDS:
            raise TypeError(f"hand_record() got an unexpected keyword argument {name!r}")
    facts = {name: value for name, value in won.items() if name in FACT}
    # The win's facts are checked as `score` checks them (one way to win, the way a fact implies).
    way = {name: won[name] for name in ("win_by", "drawn", "loose") if name in won}
    checked = opts.make("", **way, **{k: v for k, v in facts.items() if FACT[k].situation})
    if winner in others:
        raise OptionError(
            f"--other: {winner} is the winner; give his hand as the HAND argument", code="bad-option"
        )
    record: dict[str, Any] = {"event": "hand", "winner": winner, "hands": {winner: hand, **others}}
    if checked.win_by.value != "discard":
        record["win_by"] = checked.win_by.value
    for key, value in (("from", won.get("discarder")), ("feeder", won.get("feeder"))):
        if value is not None:
            record[key] = value
    for fact in FACTS:  # an on/off fact as true, a valued one as typed (read again when settled)
        if facts.get(fact.field):
            record[fact.field] = True if fact.flag else facts[fact.field]
    if won.get("dead"):
        record["dead"] = list(won["dead"])
    return record


def draw_record(others: dict[str, str], dead: list[str] | None = None) -> dict[str, Any]:
    """The record of a draw game: no hands, or every player's."""
    if dead and not others:
        # A draw with no hands settles nothing (docs/evening.md): a dead hand would pay nobody, where
        # the player meant it to pay; refused rather than recorded as if it counted.
        raise OptionError(
            "--dead: a draw with no hands given moves nothing, so no hand pays as dead: give every "
            "player's hand or score (--other NAME=HAND|SCORE)",
            code="bad-option",
        )
    record: dict[str, Any] = {"event": "draw"}
    if others:
        record["hands"] = others
    if dead:
        record["dead"] = list(dead)
    return record


def _game_done(change: Any, as_json: bool, ascii_only: bool, notes: list[str]) -> None:
    from ..evening.report import cap_passed, describe, round_name
    from ..render.evening import game_text, shown_game
    from ..render.layout import hanging, hanging_phrases, terminal_width

    game = change.game
    if as_json:
        done = {"game": game.number, "event": change.event, "totals": change.after.totals()}
        why = cap_passed(game)
        if why is not None:  # as the report's history has it (docs/json.md): only where a cap passed it
            done["deal_passed"] = why
        if notes:  # a win option that changed nothing and was not recorded (idle_note)
            done["notes"] = notes
        print(json.dumps(done))
        return
    out = output_stream(ascii_only)  # each name as `out` writes it, laid out so (fit_data)
    print(
        game_text(
            shown_game(game, out), fit_data(describe(game), out), round_name(change.after, game), out=out
        ),
        file=out,
    )
    totals = fit_data(change.after.totals(), out)
    shown = ", ".join(f"{n} {v:+d}" if v else f"{n} 0" for n, v in totals.items())
    print(
        "",
        *hanging_phrases(f"Totals: {shown}", terminal_width()),  # a name kept with its total
        *hanging(deal_text(change.before, change.after, out), terminal_width()),
        sep="\n",
        file=out,
    )


def deal_text(before: Any, after: Any, out: Any) -> str:
    """Where the deal stands after a game recorded (or previewed, `evening play`): East stays, or the
    deal passes, and why when a cap of the ruleset passed it though East kept it (report.cap_passed:
    `The deal passes (Ann's 9th win in a row as East): Bob is East Wind`); each name as `out` writes it
    (fit_data)."""
    east = fit_data(after.east, out)
    if after.over:  # the sets agreed on are played: nobody deals, as amend says
        return "Next game: none, the evening is over"
    if after.east == before.east:
        return f"{east} stays East Wind"
    return f"The deal passes{_because(after, out)}: {east} is East Wind"


def _because(evening: Any, out: Any) -> str:
    """` (Ann's 9th win in a row as East)` when a cap passed the deal after the evening's last game
    though East kept it (report.cap_passed), as `out` writes it; else nothing (so under the book's
    rulesets, which have no cap, and once the evening is over: nobody deals)."""
    from ..evening.report import cap_passed

    why = cap_passed(evening.games[-1]) if evening.games and not evening.over else None
    return f" ({fit_data(why, out)})" if why is not None else ""


def idle_note(flag: str, ruleset: str, spelled: str = "--", stated: tuple[str, ...] = ()) -> str:
    """The note for a win fact left out as changing nothing (evening.record.idle_flags); `stated`: the
    facts the evening states of the game itself (state.Game.stated), which it says instead."""
    word = spelled + flag.replace("_", "-")
    if flag in stated:
        return f"{word}: the evening states it of this game itself; not recorded"
    return f"{word}: no rule of ruleset {ruleset} can use it in this game; not recorded"


def record_game(
    file: str, record: dict[str, Any], as_json: bool, ascii_only: bool, again: bool = False
) -> int:
    """Append a game's record to the evening and show it; the exit code (2: refused, nothing written).
    `again`: though the last game, minutes ago, was the same (record.check_repeat)."""
    from ..evening.record import add

    try:
        change = add(file, record, say, again=again)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    number = change.game.number if change.game is not None else len(change.after.games)
    with written_anyway(f"game {number} was recorded"):
        say_notes(change.before)
        stated = change.game.stated if change.game is not None else ()
        idle = [idle_note(flag, change.after.ruleset.name, stated=stated) for flag in change.idle]
        if not as_json:  # with --json they are the object's `notes`, as score's (docs/json.md)
            for said in idle:
                note(said)
        _game_done(change, as_json, ascii_only, idle)
    return 0


def run_hand(file: str, hand: str, winner: str, other: list[str] | None = None, **given: Any) -> int:
    """`evening hand`: record a game won (given: hand_record's options, and as_json, ascii_only)."""
    as_json, ascii_only = given.pop("as_json", False), given.pop("ascii_only", False)
    again = given.pop("again", False)
    try:
        record = hand_record(winner, hand, others_of(other), **given)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    return record_game(file, record, as_json, ascii_only, again)


def run_draw(
    file: str,
    other: list[str] | None = None,
    dead: list[str] | None = None,
    again: bool = False,
    as_json: bool = False,
    ascii_only: bool = False,
) -> int:
    """`evening draw`: record a draw game."""
    try:
        record = draw_record(others_of(other), dead)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    return record_game(file, record, as_json, ascii_only, again)


def run_wash(
    file: str, player: str, tiles: str, again: bool = False, as_json: bool = False, ascii_only: bool = False
) -> int:
    """`evening wash`: record washing the tiles."""
    return record_game(file, {"event": "wash", "player": player, "tiles": tiles}, as_json, ascii_only, again)


def run_false_mahjongg(
    file: str, player: str, again: bool = False, as_json: bool = False, ascii_only: bool = False
) -> int:
    """`evening false-mahjongg`: record a false Mah-Jongg."""
    record = {"event": "penalty", "type": "false_mahjongg", "player": player}
    return record_game(file, record, as_json, ascii_only, again)


def change_text(before: Any, after: Any, out: Any) -> str:
    """What an amendment or undo changed: who is East, the round of the next game, and each player's
    seat (and the seat before, where it moved) with the totals before and after (evening play and the
    one-shot commands); each name as `out` writes it (fit_data), so the lines fit the width."""
    from ..evening.report import round_name
    from ..render.evening import signed, table
    from ..render.layout import hanging, terminal_width

    def where(evening: Any) -> str:
        if evening.over:  # never a round one past the end (docs/evening.md, `status --json`)
            return "none, the evening is over"
        return f"{round_name(evening)} of set {evening.round_index() // 4 + 1}"

    moved = after.east != before.east
    east = (
        f"East Wind is now {fit_data(after.east, out)} (was {fit_data(before.east, out)})"
        if moved
        else f"East Wind is still {fit_data(after.east, out)}"
    )
    # Why, when the change makes a cap pass the deal after the last game though East kept it, or takes
    # that away, whether East moved or stayed the one it passed to (the cap's reason is gone either
    # way: docs/evening.md#why-the-deal-passes); in deal_text's words, none under the book's rulesets.
    passes, passed = _because(after, out), _because(before, out)
    if passes and (moved or passes != passed):
        east += f": the deal passes{passes}"
    elif passed and not passes:
        east += f": the deal no longer passes{passed}"
    was, now = where(before), where(after)
    said = [east, f"Next game: {now} (was {was})" if was != now else f"Next game: {now}, as before"]
    lines = [line for text in said for line in hanging(text, terminal_width())]  # 30-letter names
    old, new = dict(before.seats()), dict(after.seats())
    old_totals, new_totals = before.totals(), after.totals()
    rows = [
        [
            fit_data(name, out),
            new[name].word if old[name] == new[name] else f"{new[name].word} (was {old[name].word})",
            signed(old_totals[name]),
            signed(new_totals[name]),
            signed(new_totals[name] - old_totals[name]),
        ]
        for name in after.players
    ]
    lines.append(table(["Player", "Seat", "Before", "After", "Change"], rows, {2, 3, 4}))
    return "\n".join(lines)


def run_undo(file: str, again: bool = False, as_json: bool = False, ascii_only: bool = False) -> int:
    """`evening undo`: take back the last game (or amendment)."""
    from ..evening.record import undo as take_back

    try:
        change = take_back(file, say, again=again)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    with taken_back_anyway(change.event["takes_back"]):
        say_notes(change.before)
        if as_json:
            print(json.dumps({"event": change.event, "totals": change.after.totals()}))
            return 0
        out = output_stream(ascii_only)
        print(f"Took back {change.event['takes_back']}.", file=out)
        print(change_text(change.before, change.after, out), file=out)
    return 0


def show_status(file: str, as_json: bool, ascii_only: bool = False) -> int:
    """Print `evening status`; the exit code."""
    from ..evening.record import load
    from ..evening.report import status

    try:
        evening = load(file, say)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    data = status(evening)
    say_notes(evening)
    if as_json:
        print(json.dumps(data))
        return 0
    out = output_stream(ascii_only)
    print(status_view({**data, "notes": []}, evening, file, out), file=out)
    return 0


def status_view(data: dict[str, Any], evening: Any, file: str, out: Any) -> str:
    """`status` as `out` writes it: under ASCII a name's escapes (`\\u674e`) are laid out with the rest,
    so every line still fits the width (docs/evening.md, "Plain terminals")."""
    from ..evening.report import running
    from ..render.evening import status_text

    return status_text(
        fit_data(data, out), fit_data(running(evening), out), fit_data(file, out), is_ascii(out)
    )
