"""Turning a command into an event of the log: checked against the evening as it stands (under the
writer's lock), settled, and only then appended. A game that cannot be settled is never recorded.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from ..engine.errors import OptionError, PungchowError, digits_hint
from ..engine.rules import Ruleset
from ..engine.seats import read_seat
from ..engine.table import Settlement, check_players, refuse_as_new
from ..engine.tiles import Wind
from ..engine.wash import Wash, refuse_a_win
from . import log, logfile
from .names import player_named, seated
from .settle import FLAGS, VALUED, seats_named, snapshot
from .state import (
    Evening,
    Game,
    apply,
    begin,
    body,
    check_end,
    keeps_game,
    played,
    replay,
    replayed,
    unmendable,
)

Say = Callable[[str], None] | None
AT_FORMAT = "%Y-%m-%dT%H:%M:%SZ"  # an event's `at`: UTC to the second (now, _seconds_since)


def now() -> str:
    """The time of an event, UTC to the second."""
    return datetime.now(UTC).strftime(AT_FORMAT)


def new_id() -> str:
    """A new evening's id: 16 random hex digits (`evening new`'s start line)."""
    return os.urandom(8).hex()


def new(
    path: str,
    players: list[str],
    east: str | None,
    ruleset: Ruleset,
    limit: str | None = None,
    no_limit: bool = False,
    sets: int | None = None,
    given: str | None = None,
) -> Evening:
    """Start an evening: seat the players and snapshot the ruleset (FILE is never overwritten)."""
    from .. import options

    checked = options.make("", limit=limit, no_limit=no_limit)  # the limit options, checked as `score` does
    limit_n = checked.limit if isinstance(checked.limit, int) else None
    keeps_game(ruleset)  # first, as before: what else is wrong matters only for a ruleset it can keep
    options.check_limit(ruleset, checked.limit)
    above = ruleset.wash.above(limit_n) if ruleset.wash is not None and limit_n is not None else None
    if above is not None:  # as a ruleset's own limit: a wash row above it is not paid on a guess
        heads, points = above
        raise OptionError(
            f"--limit {limit_n}: the washing table pays {points} from each player for {heads} different"
            f" heads, above the limit: the book does not say whether a wash is capped (its table stays"
            f" below its limits); give --limit {points} or more",
            code="bad-option",
        )
    check_players(ruleset, len(players), "name one player for each seat (--players)")
    if east is not None:
        found = player_named(east, players)
        if found is None:
            raise OptionError(f"--east: {east!r} is not one of the players", code="bad-player")
        east = found
    if sets is not None and sets < 1:
        raise OptionError("--sets: at least one set", code="bad-option")
    event: dict[str, Any] = {
        "v": log.FORMAT,
        "event": "start",
        "at": now(),
        # Two evenings begun in the same second by the same players differ here, and only a copy of a
        # log shares it: `evening stats` tells a copy by it (docs/evening.md, "A copy in `evening stats`").
        "id": new_id(),
        "players": players,
        "east": east or players[0],
        "sets": sets,
        "limit": limit_n,
        "no_limit": no_limit,
        "ruleset": snapshot(ruleset, given or ruleset.name),
    }
    evening = begin(event, path)  # the snapshot must compile before anything is written
    logfile.create(path, event)
    return evening


def load(path: str, say: Say = None) -> Evening:
    """Read and replay an evening."""
    return replayed(path, logfile.take(path, say)[1])


def _append(path: str, make: Callable[[log.Log], dict[str, Any]], say: Say) -> dict[str, Any]:
    """Append the event `make` builds (logfile.append); a line refused as the log is read is said as
    every reader says it (state.unmendable: never a repair hint that repair would refuse)."""
    try:
        return logfile.append(path, make, say)[1]
    except log.EveningError as error:
        if error.line is None:
            raise
        try:
            data = logfile.take(path)[1]  # read again, as the lock was let go: only to word the refusal
        except log.EveningError:
            raise error from None
        raise unmendable(error, path, data) from None


@dataclass(frozen=True, slots=True)
class Change:
    """What a recorded event did: the evening before and after, and the game it settled (if any)."""

    before: Evening
    after: Evening
    event: dict[str, Any]
    game: Game | None = None
    idle: tuple[str, ...] = ()  # the win facts left out as changing nothing in the game (idle_flags)


def _stamp(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {"v": log.FORMAT, "event": kind, "at": now(), **fields}


def _cache(game: Game) -> dict[str, Any]:
    """The seats a game was played at and its nets: for a person reading the log, and checked on replay."""
    return {"played": played(game), "net": dict(game.net)}


class EveningChanged(log.EveningError):
    """The evening changed between a preview and its confirmation (`expect` of add, amend, undo)."""

    default_code = "evening-changed"


def _check_unchanged(before: Evening, expect: Evening | None) -> None:
    """Refuse to write when the evening is no longer the one a preview was made from (another terminal
    recorded meanwhile): a confirmed entry is recorded exactly as shown, or not at all."""
    if expect is not None and (before != expect or before.start != expect.start):  # start: another log
        raise EveningChanged(
            "the evening changed since this was shown (another terminal recorded meanwhile); nothing "
            "was recorded"
        )


REPEAT_WINDOW = 300  # seconds: a one-shot command repeating the last event within them is refused


def _seconds_since(then: Any, at: str) -> int | None:
    """Whole seconds from the time `then` (an event's `at`, as now() writes it) to `at`; None unreadable."""
    try:
        start = datetime.strptime(str(then), AT_FORMAT)
        return int((datetime.strptime(at, AT_FORMAT) - start).total_seconds())
    except ValueError:
        return None


def same_game(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two game events are the same game however each was typed (docs/evening.md, "Two
    terminals"): check_repeat's and `evening play`'s one test. Alike but for their bookkeeping (when,
    the seals, the nets, a torn line ended: state.body), each hand or score as the engine reads it
    (_as_read), the dead hands in any order; names are as seated already (names.seated), options read
    into fields. The rest is compared as written, a fact's value too (only riichi's take one, and no
    evening keeps a riichi game yet): a game refused as a repeat is recorded with `--again` or "y", a
    game recorded twice moves money twice."""
    return _as_read(one) == _as_read(other)


def _as_read(event: dict[str, Any]) -> dict[str, Any]:
    """A game event's body with each value that is read before it is settled as read (same_game)."""
    out = body(event)
    if isinstance(out.get("hands"), dict):
        out["hands"] = {name: _hand_read(text) for name, text in out["hands"].items()}
    if out.get("event") == "wash" and "tiles" in out:
        out["tiles"] = _hand_read(out["tiles"])
    if out.get("original_hand") is True and out.get("win_by") == "wall":
        # A win on the original draw is self-drawn however typed (situation.on_discard): `--drawn`
        # beside it says nothing more, and the same game typed with and without it is one game.
        del out["win_by"]
    if isinstance(out.get("dead"), list) and all(isinstance(name, str) for name in out["dead"]):
        out["dead"] = sorted(out["dead"])  # a set of players (settle: frozenset)
    return out


def _hand_read(text: Any) -> Any:
    """A hand or score as the table reads it (seats.read_seat): a score's number, a hand's tiles however
    typed (Hand.held); anything else as written."""
    if not isinstance(text, str):
        return text
    try:
        value = read_seat(Wind.EAST, text)  # the seat names an error only, and an error is not kept
    except PungchowError:
        return text
    return value if isinstance(value, int) else value.held


def check_repeat(current: log.Log, event: dict[str, Any], games: int, again: bool) -> None:
    """Refuse a command that does again what the log's last event did less than REPEAT_WINDOW seconds
    ago, unless `again` (`--again`): the same game recorded, a second undo. Two people at two terminals
    typing the game just played would record it twice (and two taking back a wrong game would take
    back the one before it too); `play`, which shows what it will write, is told by EveningChanged
    instead (docs/evening.md, "Two terminals"). The same amendment twice is check_changes's, at any
    time. `games`: the games played."""
    last = current.lines[-1].event
    if again or last.get("event") != event["event"]:
        return
    corrected = event["event"] != "undo" and not same_game(last, event)
    if corrected and not _same_win(last, event):
        return
    ago = _seconds_since(last.get("at"), event["at"])
    # A time ahead of this clock's is as recent: another machine's terminal on a shared folder, its clock
    # a few seconds on (or this one set back meanwhile), typed the same game just now.
    if ago is None or not -REPEAT_WINDOW < ago < REPEAT_WINDOW:
        return
    when = f"{ago} s ago" if ago >= 0 else f"just now (by a clock {-ago} s ahead of this one)"
    if event["event"] == "undo":
        raise OptionError(
            f"{last.get('takes_back')} was taken back {when} (at another terminal?); nothing was taken "
            f"back: to take back {event['takes_back']} as well, give --again",
            code="evening-repeat",
        )
    if corrected:
        # The same winner with the same hand, a minute later, but another score or fact: the game typed
        # again to correct it (a loser's score mistyped), which recorded would count the game twice.
        raise OptionError(
            f"game {games} was recorded {when} with the same winner and hand, {last['winner']}'s, and "
            "something else differs (typed again to correct it?); nothing was recorded: to correct it, "
            f"`pungchow evening amend {shlex.quote(current.path)} {games}` with these options; if this is "
            "another game, give --again",
            code="evening-repeat",
        )
    raise OptionError(
        f"game {games} was recorded {when} with the same result (at another terminal?); nothing was "
        "recorded: if this is another game with the same result, give --again",
        code="evening-repeat",
    )


def _same_win(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two game events are won by the same player with the same hand (as the engine reads it):
    one game typed twice, the second to correct something else (check_repeat)."""
    winner = one.get("winner")
    if one.get("event") != "hand" or not isinstance(winner, str) or other.get("winner") != winner:
        return False
    hands, others = one.get("hands"), other.get("hands")
    if not isinstance(hands, dict) or not isinstance(others, dict):
        return False
    return winner in hands and _hand_read(hands[winner]) == _hand_read(others.get(winner))


def add(
    path: str, record: dict[str, Any], say: Say = None, expect: Evening | None = None, again: bool = False
) -> Change:
    """Record one game (a hand, draw, wash or penalty) after settling it at the evening's seats; with
    `expect`, only if the evening is still that one (else EveningChanged, nothing written); without
    it, not the last game again minutes later unless `again` (check_repeat)."""
    found: list[Change] = []

    def make(current: log.Log) -> dict[str, Any]:
        before = replay(current)
        _check_unchanged(before, expect)
        named = seated(record, before.players)
        if before.over:
            raise OptionError(
                f"the evening is over: {before.sets_played} (start a new evening, or change a game with "
                "`evening undo` or `evening amend`)",
                code="evening-over",
            )
        idle = idle_flags(before, named)
        stamped = _stamp(named["event"], body(without(named, idle)))
        # The game settled first: a slip in it (a score missing, the winner's own discard) is told as
        # itself, not as the last game typed again to correct it (an evening host's trial was told to
        # amend, which then refused the same slip).
        after = apply(before, stamped)
        _refused_as_new(after.games[-1], before.ruleset)
        if expect is None:
            check_repeat(current, stamped, len(before.games), again)
        found.append(Change(before, after, stamped, after.games[-1], idle))
        return {**stamped, **_cache(after.games[-1])}

    written = _append(path, make, say)
    change = found[0]
    assert change.game is not None
    game = replace(change.game, record=written)  # the record as the log holds it (so replays compare equal)
    return replace(change, after=replace_record(change.after, written), event=written, game=game)


def repair(path: str, accept: list[int], say: Say = None) -> logfile.Repair:
    """`evening repair`: find the lines changed or damaged since they were written; accept those named
    in `accept` (all of them, or nothing is written) by appending a repair event (docs/evening.md)."""
    return logfile.repair(path, accept, replay, lambda accepts: _stamp("repair", {"accepts": accepts}), say)


def replace_record(evening: Evening, event: dict[str, Any]) -> Evening:
    """The evening with its last game's record the event as written (so replays compare equal)."""
    last = evening.games[-1]
    return replace(evening, games=(*evening.games[:-1], replace(last, record=event)))


def undo(path: str, say: Say = None, expect: Evening | None = None, again: bool = False) -> Change:
    """Take back the most recent game or amendment still in force (with `expect`, `again`: as for add)."""
    found: list[Change] = []

    def make(current: log.Log) -> dict[str, Any]:
        before = replay(current)
        _check_unchanged(before, expect)
        if not before.undo:
            raise OptionError("there is nothing to undo", code="evening-nothing-to-undo")
        last = before.undo[-1]
        what = f"game {len(before.games)}" if last[0] == "game" else f"the amendment of game {last[1]}"
        found.append(Change(before, before, {}))
        stamped = _stamp("undo", {"takes_back": what})
        if expect is None:
            check_repeat(current, stamped, len(before.games), again)
        return stamped

    written = _append(path, make, say)
    before = found[0].before
    return Change(before, apply(before, written), written)


def amend(
    path: str,
    number: int,
    record: dict[str, Any],
    say: Say = None,
    expect: Evening | None = None,
) -> Change:
    """Replace game `number` and replay the evening from it (later seats, and so nets, may change);
    with `expect`: as for add. Never an amendment that leaves the game as it reads (check_changes)."""
    found: list[Change] = []

    def make(current: log.Log) -> dict[str, Any]:
        before = replay(current)
        named = seated(record, before.players)
        idle = idle_flags(before, named, number)
        kept = body(without(named, idle))
        stamped = _stamp("amend", {"game": number, "record": kept})
        # Before the evening is compared with the one shown: the same amendment recorded meanwhile at
        # another terminal (just what was confirmed here), however long ago and whatever was recorded
        # after it, is said so, never shown again to confirm.
        check_changes(before, number, kept)
        _check_unchanged(before, expect)
        _check_game(number, before)
        trial = apply(before, stamped)
        _refused_as_new(trial.games[number - 1], before.ruleset)
        check_end(before, trial, number)
        found.append(Change(before, trial, {}, None, idle))
        # The new record is sealed on its own too, so that a replay can take its nets (state.play).
        sealed = log.seal({**kept, **_cache(trial.games[number - 1])})
        return {**stamped, "record": sealed}

    written = _append(path, make, say)
    before = found[0].before
    after = apply(before, written)
    return Change(before, after, written, after.games[number - 1], found[0].idle)


def check_changes(evening: Evening, number: int, record: dict[str, Any]) -> None:
    """Refuse an amendment that would leave game `number` the same game, however typed (same_game): it
    changes no game, and recorded all the same, the next `undo` would take back it, not the amendment
    meant, as when two terminals type the same correction (docs/evening.md, "Two terminals"). Made by
    `amend` and by play before it shows one; a game the evening does not have is _check_game's."""
    game = evening.games[number - 1] if 1 <= number <= len(evening.games) else None
    if game is None or not same_game(game.record, record):
        return
    # A game an older pungchow recorded so, which a new record may not be (a liable player unnamed):
    # that is what is said, as of any other amendment, so that it is put right.
    _refused_as_new(game, evening.ruleset)
    amended = any(entry[0] == "amend" and entry[1] == number for entry in evening.undo)
    where = " (amended at another terminal?)" if amended else ""
    raise OptionError(f"game {number} already reads so{where}; nothing was recorded", code="evening-repeat")


def preview(evening: Evening, record: dict[str, Any]) -> Game:
    """The game a record would be if recorded now (settled, nothing written)."""
    return preview_add(evening, record).games[-1]


def preview_add(evening: Evening, record: dict[str, Any]) -> Evening:
    """The evening if a record were recorded now (settled, nothing written): who deals next, as
    preview_amend gives it."""
    after = apply(evening, _stamp(record["event"], body(record)))
    _refused_as_new(after.games[-1], evening.ruleset)
    return after


def preview_amend(evening: Evening, number: int, record: dict[str, Any]) -> Evening:
    """The evening if game `number` were amended to this record (nothing written)."""
    _check_game(number, evening)
    after = apply(evening, _stamp("amend", {"game": number, "record": body(record)}))
    _refused_as_new(after.games[number - 1], evening.ruleset)
    check_end(evening, after, number)
    return after


def _refused_as_new(game: Game, ruleset: Ruleset) -> None:
    """Refuse a new or amended game that `settle` or `wash` would refuse: a winner's number below what
    every win scores, payments that turn on a liable player not named, or on the hand of one given as a
    score (table.refuse_as_new; the player named as the evening names him), or a wash of East's complete
    original hand (wash.refuse_a_win). A game recorded so before is replayed as it was."""
    if isinstance(game.detail, Wash):
        refuse_a_win(game.detail, ruleset)
    if isinstance(game.detail, Settlement):
        try:
            refuse_as_new(game.detail)
        except PungchowError as error:
            raise seats_named(error, {wind.word: name for name, wind in game.seats}) from None


def without(record: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """The record without these keys."""
    return {k: v for k, v in record.items() if k not in keys}


def _previewed(evening: Evening, record: dict[str, Any], number: int | None) -> Game:
    """The game a record would be, new or (`number`) amending that game: nothing written."""
    return (
        preview(evening, record)
        if number is None
        else preview_amend(evening, number, record).games[number - 1]
    )


def stated_itself(evening: Evening, record: dict[str, Any], number: int | None = None) -> tuple[str, ...]:
    """The facts the evening would state of a game itself (state.Game.stated: east_win_cap_fact), for
    the note on one typed all the same; () when the game cannot be settled (its own error says why)."""
    try:
        return _previewed(evening, record, number).stated
    except PungchowError:
        return ()


def _outcome(evening: Evening, record: dict[str, Any], number: int | None) -> tuple[Any, ...]:
    """What a game comes to in money and scores (not its notes): to tell whether a fact changed it."""
    from ..engine.table import Settlement

    game = _previewed(evening, record, number)
    detail = game.detail
    if not isinstance(detail, Settlement):
        return (game.net,)
    return game.net, detail.payments, dict(detail.scored or detail.scores)


def idle_flags(evening: Evening, record: dict[str, Any], number: int | None = None) -> tuple[str, ...]:
    """The win facts given for a won game, on/off (evening.settle.FLAGS) or with a value (VALUED: `--dora
    1b`, `--honba 2`), that nothing of the ruleset can use in it: leaving them out changes neither a score
    nor a payment. Recording them would say they counted; the commands leave them out and say so (issue
    19). `number`: the game being amended.

    Each is left out in turn and kept out only while the game comes to the same, so facts that count
    together (a rule asking for either of two) are never both dropped.
    """
    given = (
        *(flag for flag in FLAGS if record.get(flag) is True),
        *(name for name in VALUED if record.get(name)),  # as typed: text, never empty (hand_record)
    )
    if record.get("event") != "hand" or not given:
        return ()
    from ..engine.errors import PungchowError

    try:
        base = _outcome(evening, record, number)
    except PungchowError:
        return ()  # the game cannot be settled: its own error says why
    idle: list[str] = []
    for flag in given:
        trial = without(record, (*idle, flag))
        try:
            same = _outcome(evening, trial, number) == base
        except PungchowError:
            same = False  # the game does not stand without it (a hand won on the original draw)
        if same:
            idle.append(flag)
    return tuple(idle)


def no_game_to_amend(typed: str, games: int) -> str:
    """Why game `typed` cannot be amended in an evening of `games` games: none is recorded yet, or none
    has that number; `evening amend` and play's `amend` say it alike (docs/evening.md)."""
    if not games:
        return "no game has been recorded yet: there is nothing to amend"
    shown = "game 1" if games == 1 else f"games 1 to {games}"
    if typed.isascii() and typed.isdigit() and len(typed) <= 18:  # longer: as the command line's limit
        return f"there is no game {int(typed)} to amend ({shown})"
    return f"{typed!r} is not a game's number ({shown}){digits_hint(typed)}"


def _check_game(number: int, evening: Evening) -> None:
    """Refuse to amend a game the evening does not have."""
    games = len(evening.games)
    if not 1 <= number <= games:
        raise OptionError(no_game_to_amend(str(number), games), code="evening-no-game")
