"""Turning a command into an event of the log: checked against the evening as it stands (under the
writer's lock), settled, and only then appended. A game that cannot be settled is never recorded.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from ..engine.errors import OptionError
from ..engine.rules import Ruleset
from . import log
from .settle import snapshot
from .state import Evening, Game, apply, begin, body, replay

Say = Callable[[str], None] | None
_NAME = re.compile(r"[^\s,=][^,=]{0,29}")


def now() -> str:
    """The time of an event, UTC to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def players_of(text: str) -> list[str]:
    """Read `--players "Ann,Bob,Cy,Di"`: two to four different names, in seat order."""
    names = [n.strip() for n in text.split(",")]
    for name in names:
        if not _NAME.fullmatch(name) or not name.isprintable():
            raise OptionError(
                f"--players: {name!r} is not a name (1 to 30 characters, no comma or =)", code="bad-player"
            )
    if not 2 <= len(names) <= 4:
        raise OptionError(f"--players: give two to four players, not {len(names)}", code="bad-player")
    if len(set(n.casefold() for n in names)) != len(names):
        raise OptionError("--players: every player needs a different name", code="bad-player")
    return names


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
    if not ruleset.evening.playable:
        raise OptionError(
            f"ruleset {ruleset.name}: `evening` cannot keep its game yet (its evening: playable: false)",
            code="not-playable",
        )
    if east is not None and east not in players:
        raise OptionError(f"--east: {east!r} is not one of the players", code="bad-player")
    if sets is not None and sets < 1:
        raise OptionError("--sets: at least one set", code="bad-option")
    event: dict[str, Any] = {
        "v": log.FORMAT,
        "event": "start",
        "at": now(),
        "players": players,
        "east": east or players[0],
        "sets": sets,
        "limit": limit_n,
        "no_limit": no_limit,
        "ruleset": snapshot(ruleset, given or ruleset.name),
    }
    evening = begin(event, path)  # the snapshot must compile before anything is written
    log.create(path, event)
    return evening


def load(path: str, say: Say = None) -> Evening:
    """Read and replay an evening."""
    return replay(log.read(path, say))


@dataclass(frozen=True, slots=True)
class Change:
    """What a recorded event did: the evening before and after, and the game it settled (if any)."""

    before: Evening
    after: Evening
    event: dict[str, Any]
    game: Game | None = None


def _stamp(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {"v": log.FORMAT, "event": kind, "at": now(), **fields}


def _cache(game: Game) -> dict[str, Any]:
    """The seats a game was played at and its nets: replay uses them while the seats still match."""
    return {
        "played": {"seats": {name: w.word for name, w in game.seats}, "round": game.round.word},
        "net": dict(game.net),
    }


def add(path: str, record: dict[str, Any], say: Say = None) -> Change:
    """Record one game (a hand, draw, wash or penalty) after settling it at the evening's seats."""
    found: list[Change] = []

    def make(current: log.Log) -> dict[str, Any]:
        before = replay(current)
        if before.over:
            raise OptionError(
                f"the evening is over: {before.sets} set(s) played (start a new evening)", code="evening-over"
            )
        stamped = _stamp(record["event"], body(record))
        after = apply(before, stamped, cached=False)
        game = after.games[-1]
        event = {**stamped, **_cache(game)}
        found.append(Change(before, replace_record(after, event), event, game))
        return event

    log.append(path, make, say)
    return found[0]


def replace_record(evening: Evening, event: dict[str, Any]) -> Evening:
    """The evening with its last game's record the event as written (so replays compare equal)."""
    last = evening.games[-1]
    return replace(evening, games=(*evening.games[:-1], replace(last, record=event)))


def undo(path: str, say: Say = None) -> Change:
    """Take back the most recent game or amendment still in force."""
    found: list[Change] = []

    def make(current: log.Log) -> dict[str, Any]:
        before = replay(current)
        if not before.undo:
            raise OptionError("there is nothing to undo", code="evening-nothing-to-undo")
        last = before.undo[-1]
        what = f"game {len(before.games)}" if last[0] == "game" else f"the amendment of game {last[1]}"
        event = _stamp("undo", {"takes_back": what})
        found.append(Change(before, apply(before, event), event))
        return event

    log.append(path, make, say)
    return found[0]


def amend(path: str, number: int, record: dict[str, Any], say: Say = None) -> Change:
    """Replace game `number` and replay the evening from it (later seats, and so nets, may change)."""
    found: list[Change] = []

    def make(current: log.Log) -> dict[str, Any]:
        before = replay(current)
        _check_game(number, before)
        trial = apply(before, _stamp("amend", {"game": number, "record": body(record)}), cached=False)
        game = trial.games[number - 1]
        event = _stamp("amend", {"game": number, "record": {**body(record), **_cache(game)}})
        found.append(Change(before, apply(before, event), event, game))
        return event

    log.append(path, make, say)
    return found[0]


def preview(evening: Evening, record: dict[str, Any]) -> Game:
    """The game a record would be if recorded now (settled, nothing written)."""
    return apply(evening, _stamp(record["event"], body(record)), cached=False).games[-1]


def preview_amend(evening: Evening, number: int, record: dict[str, Any]) -> Evening:
    """The evening if game `number` were amended to this record (nothing written)."""
    _check_game(number, evening)
    return apply(evening, _stamp("amend", {"game": number, "record": body(record)}), cached=False)


def _check_game(number: int, evening: Evening) -> None:
    """Refuse to amend a game the evening does not have."""
    games = len(evening.games)
    if not games:
        raise OptionError("no game has been recorded yet: there is nothing to amend", code="evening-no-game")
    if not 1 <= number <= games:
        shown = "game 1" if games == 1 else f"games 1 to {games}"
        raise OptionError(f"there is no game {number} to amend ({shown})", code="evening-no-game")
