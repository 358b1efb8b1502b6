"""The options of `pungchow score`: one table (OPTIONS) of their spellings, help and readers, and
the one place their values are checked (make).

Kept free of typer so that `batch` can read a million lines without building a CLI per line; the
typer commands and the start-up fast path are built from the same table (cli/common.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from .engine.errors import OptionError
from .engine.score_types import DEFAULT, _Default
from .engine.situation import Situation, WinBy
from .engine.tiles import Wind

DEFAULT_RULESET = "pung-chow"


@dataclass(frozen=True, slots=True)
class ScoreOptions:
    """Everything `pungchow score` takes besides output format."""

    hand: str
    ruleset: str = DEFAULT_RULESET
    seat: Wind = Wind.EAST
    round: Wind = Wind.EAST
    win_by: WinBy = WinBy.DISCARD
    discarder: Wind | None = None
    original_hand: bool = False
    last_tile: bool = False
    first_discard: bool = False
    loser: bool = False
    limit: int | None | _Default = DEFAULT
    robbing_kong: bool = False
    original_call: bool = False
    kong_after_kong: bool = False

    def situation(self) -> Situation:
        """The Situation the scorer needs."""
        return Situation(
            seat=self.seat,
            round=self.round,
            winner=not self.loser,
            win_by=self.win_by,
            original_hand=self.original_hand,
            last_tile=self.last_tile,
            first_discard=self.first_discard,
            discarder=self.discarder,
            robbing_kong=self.robbing_kong,
            original_call=self.original_call,
            kong_after_kong=self.kong_after_kong,
        )


def wind(value: str, option: str) -> Wind:
    """Read a seat or round, naming the option on error."""
    try:
        return Wind.parse(value)
    except ValueError as exc:
        raise OptionError(f"{option}: {exc}", code="bad-option") from None


_WIN_BY_WORDS = {**{w.value: w for w in WinBy}, "drawn": WinBy.WALL}  # rulesets say `won_by: drawn`


def read_win_by(value: str) -> WinBy:
    """Read `wall|loose|discard` (`drawn` is another word for wall)."""
    found = _WIN_BY_WORDS.get(value.strip().lower())
    if found is None:
        raise OptionError(f"--win-by: {value!r} is not one of wall, loose, discard", code="bad-option")
    return found


MAX_LIMIT_DIGITS = 18  # no table plays to a quintillion; int() refuses 4,300 digits anyway


def read_limit(value: str) -> int:
    """Read `--limit N`: a whole number in ASCII digits (str.isdigit also takes '²' and '١٢')."""
    if not (value.isascii() and value.isdigit()):
        raise OptionError(f"--limit: {value!r} is not a whole number", code="bad-option")
    if len(value) > MAX_LIMIT_DIGITS:
        raise OptionError(f"--limit: a number of {len(value)} digits is too large", code="bad-option")
    return int(value)


@dataclass(frozen=True, slots=True)
class Option:
    """One option of `pungchow score`: its spellings, its help, and how its value is read.

    The typer commands (score, diff, settle), the start-up fast path and batch lines are all built
    from OPTIONS, so they cannot drift apart.
    """

    name: str  # the make() keyword, and the parameter name of the typer commands
    spellings: tuple[str, ...]  # the long spelling first
    help: str
    metavar: str = ""  # the value's name in --help; "" for an on/off flag
    default: str | None = None  # the value when the option is not given (valued options)
    read: Callable[[str], Any] = str  # text -> checked value; raises OptionError
    output: bool = False  # a format option: batch lines accept it and ignore it (batch picks)

    @property
    def flag(self) -> bool:
        """True for an on/off option (no value)."""
        return not self.metavar


OPTIONS: tuple[Option, ...] = (
    Option("ruleset", ("--ruleset", "-r"), "Ruleset name or YAML path.", "NAME|PATH", DEFAULT_RULESET),
    Option(
        "seat",
        ("--seat", "-s"),
        "Seat: east|south|west|north (e|s|w|n).",
        "SEAT",
        "east",
        partial(wind, option="--seat"),
    ),
    Option(
        "round",
        ("--round", "-w"),
        "Prevailing wind of the round.",
        "WIND",
        "east",
        partial(wind, option="--round"),
    ),
    Option(
        "win_by",
        ("--win-by",),
        "How the winning tile came: wall|loose|discard (drawn = wall; default discard).",
        "HOW",
        None,
        read_win_by,
    ),
    Option("drawn", ("--drawn",), "Short for --win-by wall."),
    Option("loose", ("--loose",), "Short for --win-by loose."),
    Option(
        "discarder",
        ("--from",),
        "Seat that discarded the winning tile.",
        "SEAT",
        None,
        partial(wind, option="--from"),
    ),
    Option("original_hand", ("--original-hand",), "Won on the original draw."),
    Option("last_tile", ("--last-tile",), "Won with the last drawable tile."),
    Option("first_discard", ("--first-discard",), "Won on the first discard."),
    Option("robbing_kong", ("--robbing-kong",), "Won by robbing a kong (a win by discard)."),
    Option("original_call", ("--original-call",), "Won on an original call (declared calling at the start)."),
    Option(
        "kong_after_kong",
        ("--kong-after-kong",),
        "Won on the loose tile of a second kong (implies --loose).",
    ),
    Option("loser", ("--loser",), "A non-winning hand (no !, may be incomplete)."),
    Option("limit", ("--limit",), "Limit in points (overrides the ruleset).", "N", None, read_limit),
    Option("no_limit", ("--no-limit",), "Play without a limit."),
    Option("as_json", ("--json",), "Print the result as JSON (see docs/json.md).", output=True),
    Option("ascii_only", ("--ascii",), "Plain ASCII output: tiles as codes, no glyphs.", output=True),
)
OPTION: dict[str, Option] = {o.name: o for o in OPTIONS}
SPELLING: dict[str, Option] = {s: o for o in OPTIONS for s in o.spellings}
# score's on/off scoring options -> make() keyword (batch's YAML entries take these names too)
FLAGS: dict[str, str] = {o.spellings[0]: o.name for o in OPTIONS if o.flag and not o.output}


def _read(name: str, text: str | None) -> Any:
    """An option's value read by its table entry; None when the option was not given."""
    return None if text is None else OPTION[name].read(text)


def make(
    hand: str,
    *,
    ruleset: str = DEFAULT_RULESET,
    seat: str = "east",
    round: str = "east",
    win_by: str | None = None,
    drawn: bool = False,
    loose: bool = False,
    discarder: str | None = None,
    original_hand: bool = False,
    last_tile: bool = False,
    first_discard: bool = False,
    loser: bool = False,
    limit: str | None = None,
    no_limit: bool = False,
    robbing_kong: bool = False,
    original_call: bool = False,
    kong_after_kong: bool = False,
) -> ScoreOptions:
    """Check and combine option values as typed (docs/notation.md, commands): the one place they are
    checked, whether they came from typer, the fast path or a batch line."""
    ways = [w for w, on in (("wall", drawn), ("loose", loose)) if on]
    if win_by is not None:
        ways.append(_read("win_by", win_by).value)
    if len(set(ways)) > 1:
        raise OptionError(f"conflicting ways to win: {', '.join(sorted(set(ways)))}", code="bad-option")
    how = WinBy(ways[0]) if ways else WinBy.DISCARD
    how = _situation_way(how, bool(ways), robbing_kong, kong_after_kong)
    if loser:
        stated = [
            o
            for o, on in (
                ("--robbing-kong", robbing_kong),
                ("--original-call", original_call),
                ("--kong-after-kong", kong_after_kong),
            )
            if on
        ]
        if stated:
            raise OptionError(
                f"{stated[0]} describes a win, but --loser scores a non-winning hand", code="bad-option"
            )
    seat_w: Wind = _read("seat", seat)
    from_w: Wind | None = _read("discarder", discarder)
    if from_w is not None:
        if how is not WinBy.DISCARD:
            raise OptionError(
                "--from names a discarder, but the hand was not won by discard", code="bad-option"
            )
        if from_w is seat_w:
            raise OptionError("--from: a player cannot win on his own discard", code="bad-option")
    limit_n: int | None = _read("limit", limit)
    if limit_n is not None and no_limit:
        raise OptionError("--limit and --no-limit contradict each other", code="bad-option")
    if limit_n is not None and limit_n < 1:
        raise OptionError("--limit must be a positive number of points", code="bad-option")
    limit_value: int | None | _Default = DEFAULT
    if no_limit:
        limit_value = None
    elif limit_n is not None:
        limit_value = limit_n
    return ScoreOptions(
        hand=hand,
        ruleset=_read("ruleset", ruleset),
        seat=seat_w,
        round=_read("round", round),
        win_by=how,
        discarder=from_w,
        original_hand=original_hand,
        last_tile=last_tile,
        first_discard=first_discard,
        loser=loser,
        limit=limit_value,
        robbing_kong=robbing_kong,
        original_call=original_call,
        kong_after_kong=kong_after_kong,
    )


# The way of winning each situation option implies. The tile robbed from a kong is scored as a
# claimed discard (it completes the robber's hand as a discard would; Kajongg's "Robbing the Kong"),
# and a kong after a kong wins on the loose tile drawn for the second kong. Either option sets the
# way when none is typed, so `--kong-after-kong` alone means `--loose` as well; a way typed that
# contradicts it is refused rather than one of the two being guessed at (money never moves on a guess).
def _situation_way(how: WinBy, typed: bool, robbing_kong: bool, kong_after_kong: bool) -> WinBy:
    """The way of winning once --robbing-kong and --kong-after-kong are taken into account."""
    if robbing_kong and kong_after_kong:
        raise OptionError(
            "--robbing-kong and --kong-after-kong contradict each other: a robbed tile is not a loose tile",
            code="bad-option",
        )
    if not (robbing_kong or kong_after_kong):
        return how
    option, way = ("--robbing-kong", WinBy.DISCARD) if robbing_kong else ("--kong-after-kong", WinBy.LOOSE)
    if typed and how is not way:
        said = {WinBy.DISCARD: "by discard", WinBy.WALL: "from the wall", WinBy.LOOSE: "on a loose tile"}
        raise OptionError(f"{option} is a win {said[way]}, not {said[how]}", code="bad-option")
    return way


def from_argv(argv: list[str], defaults: dict[str, Any] | None = None) -> ScoreOptions:
    """Read `pungchow score` arguments (a batch line after shell splitting)."""
    hand, values = _read_argv(argv, defaults)
    return make(hand, **values)


def scoring_args(
    argv: list[str], defaults: dict[str, Any] | None = None
) -> tuple[str, str, Situation, int | None | _Default]:
    """(hand, ruleset, situation, limit) of `pungchow score` arguments, as batch needs them: the
    options are checked once per distinct spelling (a club file repeats a few dozen)."""
    hand, values = _read_argv(argv, defaults)
    return (hand, *_settled(tuple(values.items())))


@lru_cache(maxsize=4096)
def _settled(values: tuple[tuple[str, Any], ...]) -> tuple[str, Situation, int | None | _Default]:
    options = make("", **dict(values))
    return options.ruleset, options.situation(), options.limit


def split_argv(argv: list[str]) -> tuple[list[str], dict[str, Any]]:
    """The words (hand groups) and the options of a `score` argument list, by the option table:
    flags map to True, valued options to their text. Unknown options are refused."""
    values: dict[str, Any] = {}
    words: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        spelled, eq, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        option = SPELLING.get(spelled)
        if option is not None and option.flag and not eq:
            values[option.name] = True
        elif option is not None and not option.flag:
            if not eq:
                i += 1
                if i >= len(argv):
                    raise OptionError(f"{spelled} needs a value", code="bad-option")
                inline = argv[i]
            values[option.name] = inline
        elif arg.startswith("-") and len(arg) > 1 and not arg[1].isdigit():
            raise OptionError(f"unknown option {arg}", code="bad-option")
        else:
            words.append(arg)
        i += 1
    return words, values


def _read_argv(argv: list[str], defaults: dict[str, Any] | None) -> tuple[str, dict[str, Any]]:
    """The hand and the make() keywords of a batch line; format options are accepted and ignored."""
    words, given = split_argv(argv)
    if not words:
        raise OptionError("no hand given", code="bad-option")
    values = dict(defaults or {})
    values.update((name, value) for name, value in given.items() if not OPTION[name].output)
    # A hand may be given as one quoted argument or as several groups.
    return " ".join(words), values
