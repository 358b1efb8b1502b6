"""One game of an evening settled by the engine: the ruleset snapshot, the game's record checked against
the table, and the one call to `settle_table` (or `wash`) per game.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from typing import Any

from ..engine.errors import OptionError, PungchowError, WashError, as_written, either
from ..engine.penalties import false_mahjongg_penalty
from ..engine.rules import Invalid, Ruleset, compile_ruleset
from ..engine.situation import FACTS, WinBy, flag_facts, recorded
from ..engine.table import Settlement, TableOptions, settle_table
from ..engine.tiles import Wind
from ..engine.wash import Wash, original_hand, wash
from .log import EveningError

# A hand's stated facts, the options of `evening hand` and the keys of its record (the table of
# stated facts, engine/situation.py): the on/off ones, and those with a value (kept as typed).
FLAGS = tuple(fact.field for fact in flag_facts())
VALUED = tuple(fact.field for fact in FACTS if not fact.flag)
# Where a Part II rule the evening's ruleset lacks is found: its ruleset is chosen by `evening new`, and no
# other evening command reads -r (the engine's refusals say `try -r pung-chow-limit`, settle's and wash's).
EVENING_PART_II = "an evening begun with `evening new FILE -r pung-chow-limit` has it"


def _plain(value: Any) -> Any:
    if hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _keys_back(value: Any) -> Any:
    """JSON keys are text: a key written as a whole number was one in the ruleset (wash heads)."""
    if isinstance(value, dict):
        return {(int(k) if k.isdigit() else k): _keys_back(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_keys_back(v) for v in value]
    return value


def digest(document: dict[str, Any]) -> str:
    """The snapshot's hash: sha256 of its canonical JSON."""
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def snapshot(ruleset: Ruleset, given: str) -> dict[str, Any]:
    """The start event's record of the ruleset: as given (`-r`), its merged document and the hash."""
    document = _plain(ruleset.data)
    return {"name": ruleset.name, "given": given, "hash": digest(document), "document": document}


def ruleset_of(start: dict[str, Any], path: str = "") -> Ruleset:
    """Compile the ruleset snapshot of a start event (never the house file it came from)."""
    shot = start.get("ruleset")
    if not isinstance(shot, dict) or not isinstance(shot.get("document"), dict):
        raise EveningError(f"{path} line 1: the start event has no ruleset snapshot", code="evening-damaged")
    if digest(shot["document"]) != shot.get("hash"):
        raise EveningError(
            f"{path} line 1: the ruleset snapshot does not match its hash (edited by hand?)",
            code="evening-damaged",
        )
    try:
        return _compiled(json.dumps(shot["document"]), str(shot.get("name") or "evening"))
    except Invalid as bad:
        raise EveningError(
            f"{path} line 1: the ruleset snapshot cannot be read: {bad.message}", code="evening-damaged"
        ) from None


@lru_cache(maxsize=8)
def _compiled(document: str, name: str) -> Ruleset:
    """A snapshot compiled once a process, whichever log recorded it (`evening stats` over a club's
    evenings of one ruleset compiles it once, not once a log: 16 ms each)."""
    # authored=False: the snapshot was accepted when the evening began; a check added to the loader
    # since (a limit of 0, say) must not make a recorded evening unreadable.
    return compile_ruleset(_keys_back(json.loads(document)), name, "an evening's snapshot", authored=False)


def table_options(
    *,
    winner: Wind | None,
    round: Wind,
    win_by: str,
    discarder: Wind | None,
    feeder: Wind | None,
    limit: int | None,
    no_limit: bool,
    dead: frozenset[Wind],
    false_mahjongg: Wind | None,
    draw: bool,
    **facts: Any,
) -> TableOptions:
    """The one place the evening builds TableOptions (keyword arguments only; `facts`: FLAGS, VALUED)."""
    fields = TableOptions.__dataclass_fields__
    values: dict[str, Any] = {
        "winner": winner,
        "round": round,
        # `win_by` is text in some versions of TableOptions and a WinBy in others.
        "win_by": WinBy(win_by) if isinstance(fields["win_by"].default, WinBy) else win_by,
        "discarder": discarder,
        "feeder": feeder,
        "stated": recorded(**facts),  # as read when recorded (hand_record read them as `score` does)
        "limit": limit,
        "no_limit": no_limit,
        "dead": dead,
        "false_mahjongg": false_mahjongg,
    }
    if "draw" in fields:  # a table with no winner says it is a draw
        values["draw"] = draw
    return TableOptions(**values)


_SEAT_OPTION = re.compile(r"--(winner|from|feeder|dead|false-mahjongg) (names )?(east|south|west|north)\b")
# A seat given a score (`--south 0`, settle's hint for a long hand): an evening gives it as NAME=SCORE.
_SEAT_SCORE = re.compile(r"--(east|south|west|north) ([0-9]+)\b")
# A seat's option, not an option it begins (`--east-ninth-win`).
_SEAT = re.compile(r"--(east|south|west|north)\b(?!-)")
# A seat counted in a list (`1b appears 7 times on the table (east 4, south 3)`): the player's name.
_SEAT_COUNTED = re.compile(r"(?:(?<=\()|(?<=, ))(east|south|west|north) ([0-9]+)\b")
# A seat's hand as the engine says it (`east's hand is complete`): an evening says the player's.
_SEAT_HAND = re.compile(r"\b(east|south|west|north)'s hand\b")


def seats_named(error: PungchowError, names: dict[str, str]) -> PungchowError:
    """The engine's error with each seat (`--south`) called by the player's name (names: wind word ->
    name), and a score hinted for a seat (`--south 0`) as an evening takes it (`--other Bob=0`)."""
    # `--from names west`: the seat is what the refusal turns on (East's discard), so it is said too
    message = _SEAT_OPTION.sub(
        lambda m: f"--{m[1]} names {names[m[3]]} ({m[3]})" if m[2] else f"--{m[1]} {names[m[3]]}",
        error.message,
    )
    message = _SEAT_SCORE.sub(lambda m: f"--other {names[m[1]]}={m[2]}", message)
    message = _SEAT.sub(lambda m: names[m[1]], message)
    message = _SEAT_HAND.sub(lambda m: f"{names[m[1]]}'s hand", message)
    message = _SEAT_COUNTED.sub(lambda m: f"{names[m[1]]} {m[2]}", message)
    named = type(error)(message, code=error.code, column=error.column)
    named.seated = error.seated  # `--east: ` is now the player's name, still naming whose hand it is
    return named


def washer_hint(error: PungchowError, record: dict[str, Any], names: dict[str, str]) -> PungchowError:
    """A wash's tile count that fits another seat's hand (engine/wash.py's seat_hint), said with the
    players to name instead: an evening takes a player's name, never `--seat` (`score`'s hint)."""
    if not isinstance(error, WashError):
        return error
    player = record.get("player")
    if player not in names.values():
        return error
    seat = next(w for w, name in names.items() if name == player)
    others = [names[w] for w in error.seat_hint if w in names]
    if not others:
        # A count no seat's hand has: the hand said as the washer's, his seat beside it (a user trial:
        # `North's original hand is 13 tiles` of Ann's wash, as the engine says a seat's).
        said = error.message.replace(
            f"{seat.capitalize()}'s original hand", f"{player}'s original hand, as {seat.capitalize()},", 1
        )
        return WashError(said, code=error.code) if said != error.message else error
    whose = "East's hand" if error.seat_hint == ("east",) else "another player's hand"
    return WashError(
        f"{error.message}: {player} is {seat.capitalize()}; for {whose}, name {either(others)} instead of "
        f"{player}",
        code=error.code,
    )


def drawn_winner_hint(error: PungchowError, record: dict[str, Any], seats: dict[str, Wind]) -> PungchowError:
    """A complete hand in a draw (`evening draw --other Ann=HAND`): settle's hint (mark the !, or
    `--winner east --original-hand`) names options `evening draw` has not; the game is a win, which
    `evening hand` records (or `evening amend` of a game given as a draw; docs/evening.md)."""
    said = _SEAT_HAND.match(error.message)
    if record.get("event") != "draw" or error.code != "complete-hand-no-winner" or said is None:
        return error
    from ..engine.impossible import may_be_dealt
    from ..engine.seats import read_seat

    seat = said[1]
    player = next(name for name, wind in seats.items() if wind.word == seat)
    hand = read_seat(seats[player], record["hands"][player])  # read already: the hand found complete
    dealt = " (or --original-hand)" if not isinstance(hand, int) and may_be_dealt(hand) else ""
    return type(error)(
        f"{seat}'s hand is complete, so this game was no draw: give it as a win, --winner {seat} and its"
        f" winning tile marked !{dealt}, with evening hand or evening amend",
        code=error.code,
    )


# What the person typed to name a player in each place of a record: the message names it.
TYPED = {
    "winner": "--winner",
    "from": "--from",
    "feeder": "--feeder",
    "dead": "--dead",
    "hands": "--other",
    "player": "PLAYER",
}


def _seat(value: Any, key: str, seats: dict[str, Wind]) -> Wind:
    """The seat of a player named in a record (the message names the option `key` comes from)."""
    if not isinstance(value, str) or value not in seats:
        players = ", ".join(seats)
        raise OptionError(
            f"{TYPED[key]}: {as_written(value)} is not at the table ({players}){who_sits(value, seats)}",
            code="bad-player",
        )
    return seats[value]


def who_sits(value: Any, seats: dict[str, Wind]) -> str:
    """`--winner south` (settle's way, a seat): who sits there this game, to be named instead; "" for
    any other word. Only said, never taken: the seats move as the deal passes (docs/evening.md)."""
    if not isinstance(value, str) or not seat_word(value):
        return ""
    wind = Wind.parse(value)
    name = next((player for player, seat in seats.items() if seat is wind), None)
    return "" if name is None else f": an evening names players, and {wind.word} is {name} this game"


_SEAT_WORDS = frozenset(wind.word for wind in Wind)


def seat_word(text: str) -> bool:
    """Whether the text is a seat's word (`south`, `EAST`): typed where a player goes it is refused,
    never taken (who_sits), and no player may be named so (names.players_of). Whole words only: a
    letter may begin a player's name (`E` of Ed)."""
    return text.strip().casefold() in _SEAT_WORDS


def _maybe(record: dict[str, Any], key: str, seats: dict[str, Wind]) -> Wind | None:
    value = record.get(key)
    return None if value is None else _seat(value, key, seats)


def _hands(record: dict[str, Any], seats: dict[str, Wind], required: bool) -> dict[Wind, str] | None:
    hands = record.get("hands")
    if hands is None and not required:
        return None
    if not isinstance(hands, dict) or not all(isinstance(v, str) for v in hands.values()):
        raise OptionError("hands: give each player's hand or score as text", code="bad-option")
    for name in hands:
        _seat(name, "hands", seats)
    missing = [name for name in seats if name not in hands]
    if missing:
        raise OptionError(
            f"no hand or score for {', '.join(missing)}: give every player (NAME=HAND or NAME=SCORE); "
            "a player left out is never taken as 0",
            code="missing-player",
        )
    return {seats[name]: text for name, text in hands.items()}


def game_result(
    ruleset: Ruleset, start: dict[str, Any], record: dict[str, Any], seats: dict[str, Wind], round: Wind
) -> tuple[Settlement | Wash | None, dict[str, int]]:
    """Settle one game (the record of a hand, draw, wash or penalty) at these seats: (detail, nets)."""
    names = {w.word: name for name, w in seats.items()}
    try:
        detail = _settle(ruleset, start, record, seats, round)
    except PungchowError as error:
        raise seats_named(
            drawn_winner_hint(washer_hint(error, record, names), record, seats), names
        ) from None
    if detail is None:
        return None, dict.fromkeys(seats, 0)
    if isinstance(detail, Wash):
        net = {name: -detail.payments.get(w, 0) for name, w in seats.items()}
        net[names[detail.seat.word]] = detail.total
        return detail, net
    return detail, {name: detail.net[w] for name, w in seats.items()}


def check_record(record: dict[str, Any], seats: dict[str, Wind]) -> None:
    """Refuse a game's record (a hand, draw, wash or penalty) holding a value the commands never write:
    a player not at the table, a `win_by`, a flag or a `dead` of the wrong type, hands not text. The one
    check of a record's fields, made before it is settled and before a sealed line's nets are taken
    (state.play), so a value of the wrong shape under a good checksum is refused naming its line, never
    met later by a reader (`report`, `stats`) as a traceback (docs/evening.md, "Safety")."""
    kind = record.get("event")
    if kind == "wash":
        _seat(record.get("player"), "player", seats)
        if not isinstance(record.get("tiles"), str):
            raise OptionError("wash: give the original hand's tiles", code="bad-option")
        return
    for flag in FLAGS:
        if not isinstance(record.get(flag, False), bool):
            raise OptionError(f"{flag}: must be true or false", code="bad-option")
    for name in VALUED:
        if not isinstance(record.get(name, ""), str):
            raise OptionError(f"{name}: must be text, as typed", code="bad-option")
    dead = record.get("dead", [])
    if not isinstance(dead, list):
        raise OptionError("dead: must be a list of players", code="bad-option")
    for name in dead:
        _seat(name, "dead", seats)
    if kind == "penalty":
        if record.get("type") != "false_mahjongg":
            raise OptionError(f"penalty: unknown type {as_written(record.get('type'))}", code="bad-option")
        _seat(record.get("player"), "player", seats)
        return
    if kind == "draw":
        _hands(record, seats, required=False)
        return
    if kind != "hand":
        raise OptionError(f"{as_written(kind)} is not a game", code="bad-option")
    _seat(record.get("winner"), "winner", seats)  # before the hands, which name him too
    _hands(record, seats, required=True)
    win_by = record.get("win_by", "discard")
    if win_by not in ("wall", "loose", "discard"):  # a list or an object too (no hash is taken)
        raise OptionError(
            f"win_by: {as_written(win_by)} is not one of wall, loose, discard", code="bad-option"
        )
    _maybe(record, "from", seats)
    _maybe(record, "feeder", seats)


def _settle(
    ruleset: Ruleset, start: dict[str, Any], record: dict[str, Any], seats: dict[str, Wind], round: Wind
) -> Settlement | Wash | None:
    check_record(record, seats)
    kind = record.get("event")
    order = tuple(sorted(seats.values(), key=lambda w: w.value))
    if kind == "wash":
        seat = seats[record["player"]]
        tiles = record["tiles"]
        from ..engine.notation import parse
        from ..engine.wash import wash_table

        wash_table(ruleset, EVENING_PART_II)
        return wash(original_hand(tiles, seat), ruleset, seat, parse(tiles).code, order)
    options: dict[str, Any] = {
        "winner": None,
        "round": round,
        "win_by": "discard",
        "discarder": None,
        "feeder": None,
        **{flag: False for flag in FLAGS},
        "limit": start.get("limit"),
        "no_limit": bool(start.get("no_limit")),
        "dead": frozenset(seats[d] for d in record.get("dead", [])),
        "false_mahjongg": None,
        "draw": False,
    }
    if kind == "penalty":
        false_mahjongg_penalty(ruleset, "", EVENING_PART_II)  # as `evening false-mahjongg` asks for it
        options["false_mahjongg"] = seats[record["player"]]
        try:
            return settle_table(dict.fromkeys(order, "0"), ruleset, table_options(**options))
        except OptionError as error:
            if error.code != "no-limit":
                raise
            # settle's words name its option (`--false-mahjongg: ...`), which an evening has not: say
            # where the missing limit comes from (docs/rulings.md#false-mahjongg).
            why = (
                "it was begun with `evening new --no-limit`"
                if options["no_limit"]
                else f"ruleset {ruleset.name} sets none"
            )
            raise OptionError(
                f"a false Mah-Jongg pays a share of the limit, and this evening has no limit ({why}): "
                "nothing was recorded",
                code="no-limit",
            ) from None
    if kind == "draw":
        hands = _hands(record, seats, required=False)
        if hands is None:
            return None  # a draw with no hands given moves nothing
        options["draw"] = True
        return settle_table(hands, ruleset, table_options(**options))
    hands = _hands(record, seats, required=True)
    assert hands is not None
    options.update(
        winner=seats[record["winner"]],
        win_by=record.get("win_by", "discard"),
        discarder=_maybe(record, "from", seats),
        feeder=_maybe(record, "feeder", seats),
        **{flag: bool(record.get(flag, False)) for flag in FLAGS},
        **{name: record[name] for name in VALUED if name in record},
    )
    return settle_table(hands, ruleset, table_options(**options))
