"""The options of `pungchow score`, read from typed values or from an argument list (batch lines).

Kept free of typer so that `batch` can read a million lines without building a CLI per line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .engine.conditions import Situation, WinBy
from .engine.errors import OptionError
from .engine.scoring import DEFAULT, _Default
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
        )


def wind(value: str, option: str) -> Wind:
    """Read a seat or round, naming the option on error."""
    try:
        return Wind.parse(value)
    except ValueError as exc:
        raise OptionError(f"{option}: {exc}", code="bad-option") from None


def win_by(value: str) -> WinBy:
    """Read `wall|loose|discard`."""
    try:
        return WinBy(value.strip().lower())
    except ValueError:
        raise OptionError(
            f"--win-by: {value!r} is not one of wall, loose, discard", code="bad-option"
        ) from None


def make(
    hand: str,
    *,
    ruleset: str = DEFAULT_RULESET,
    seat: str = "east",
    round: str = "east",
    win_by_text: str | None = None,
    drawn: bool = False,
    loose: bool = False,
    discarder: str | None = None,
    original_hand: bool = False,
    last_tile: bool = False,
    first_discard: bool = False,
    loser: bool = False,
    limit: int | None = None,
    no_limit: bool = False,
) -> ScoreOptions:
    """Check and combine option values the way the CLI spells them (SPEC §2)."""
    ways = [w for w, on in (("wall", drawn), ("loose", loose)) if on]
    if win_by_text is not None:
        ways.append(win_by(win_by_text).value)
    if len(set(ways)) > 1:
        raise OptionError(f"conflicting ways to win: {', '.join(sorted(set(ways)))}", code="bad-option")
    how = WinBy(ways[0]) if ways else WinBy.DISCARD
    seat_w = wind(seat, "--seat")
    from_w = wind(discarder, "--from") if discarder is not None else None
    if from_w is not None:
        if how is not WinBy.DISCARD:
            raise OptionError(
                "--from names a discarder, but the hand was not won by discard", code="bad-option"
            )
        if from_w is seat_w:
            raise OptionError("--from: a player cannot win on his own discard", code="bad-option")
    if limit is not None and no_limit:
        raise OptionError("--limit and --no-limit contradict each other", code="bad-option")
    if limit is not None and limit < 1:
        raise OptionError("--limit must be a positive number of points", code="bad-option")
    limit_value: int | None | _Default = DEFAULT
    if no_limit:
        limit_value = None
    elif limit is not None:
        limit_value = limit
    return ScoreOptions(
        hand=hand,
        ruleset=ruleset,
        seat=seat_w,
        round=wind(round, "--round"),
        win_by=how,
        discarder=from_w,
        original_hand=original_hand,
        last_tile=last_tile,
        first_discard=first_discard,
        loser=loser,
        limit=limit_value,
    )


FLAGS: dict[str, str] = {  # score's on/off options -> make() keyword
    "--drawn": "drawn",
    "--loose": "loose",
    "--original-hand": "original_hand",
    "--last-tile": "last_tile",
    "--first-discard": "first_discard",
    "--loser": "loser",
    "--no-limit": "no_limit",
}
VALUED: dict[str, str] = {  # score's options that take a value -> make() keyword
    "--ruleset": "ruleset",
    "-r": "ruleset",
    "--seat": "seat",
    "-s": "seat",
    "--round": "round",
    "-w": "round",
    "--win-by": "win_by_text",
    "--from": "discarder",
    "--limit": "limit",
}
OUTPUT_FLAGS = {"--json", "--ascii"}  # accepted in batch lines and ignored: batch picks the format


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


def _read_argv(argv: list[str], defaults: dict[str, Any] | None) -> tuple[str, dict[str, Any]]:
    """The hand and the make() keywords of an argument list; unknown options are refused."""
    values: dict[str, Any] = dict(defaults or {})
    hands: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        name, eq, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in FLAGS and not eq:
            values[FLAGS[name]] = True
        elif name in OUTPUT_FLAGS and not eq:
            pass
        elif name in VALUED:
            if eq:
                value = inline
            else:
                i += 1
                if i >= len(argv):
                    raise OptionError(f"{name} needs a value", code="bad-option")
                value = argv[i]
            values[VALUED[name]] = value
        elif arg.startswith("-") and len(arg) > 1 and not arg[1].isdigit():
            raise OptionError(f"unknown option {arg}", code="bad-option")
        else:
            hands.append(arg)
        i += 1
    if not hands:
        raise OptionError("no hand given", code="bad-option")
    if "limit" in values and values["limit"] is not None and not isinstance(values["limit"], int):
        text = str(values["limit"])
        if not text.isdigit():
            raise OptionError(f"--limit: {text!r} is not a whole number", code="bad-option")
        values["limit"] = int(text)
    # A hand may be given as one quoted argument or as several groups.
    return " ".join(hands), values
