"""Reading a table's seats: each a plain score or a hand in notation, and all hands' tiles together."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from .errors import OptionError, PungchowError, TableError, in_decimal, in_digits
from .hand import Hand, build
from .notation import parse
from .payments import MAX_POINTS, seat_name
from .table_types import seat_order
from .tiles import Tile, Wind

_SCORE = re.compile(r"[+-]?[0-9]+")  # ASCII digits: `\d` would read "١٢" (Arabic-Indic) as 12
# What only a score can be (a hand's every group has a suit letter): digits of any script, or ASCII
# digits with separators.
_NUMBER_LIKE = re.compile(r"[+-]?\d+")
_SEPARATED = re.compile(r"[+-]?[0-9]+(?:[,._' ][0-9]+)+")
# A score written with its unit (`10pts`, `120 points`): only a score, so refused as one, as above.
_WITH_UNIT = re.compile(r"[+-]?[0-9]+ ?(?:pts?|points?)\.?", re.IGNORECASE)


def read_seat(seat: Wind, text: str) -> int | Hand:
    """A seat's value: a plain whole-number score, or a hand in notation (errors name the seat)."""

    stripped = text.strip()
    if not stripped:  # `--east ''`: a slip of the shell or the script, named as the option's, not the hand's
        raise OptionError(f"--{seat_name(seat)}: empty: give a hand or a whole-number score", code="empty")
    if _SCORE.fullmatch(stripped):
        digits = stripped.lstrip("+-").lstrip("0") or "0"
        if stripped[0] == "-" and digits != "0":
            raise OptionError(f"--{seat_name(seat)}: a score cannot be negative", code="bad-score")
        # Counted before int(), which refuses 4,300 digits; at most a limit's most (MAX_POINTS).
        if len(digits) > len(str(MAX_POINTS)) or int(digits) > MAX_POINTS:
            size = digits if len(digits) <= 18 else f"{len(digits)} digits"
            raise OptionError(
                f"--{seat_name(seat)}: a score of {size} is more than {MAX_POINTS}", code="bad-score"
            )
        return int(digits)
    spelled = in_digits(stripped)
    based = in_decimal(stripped)  # `0o300`: octal 192, or a slip for 300
    if (
        (_NUMBER_LIKE.fullmatch(stripped) and not stripped.isascii())
        or _SEPARATED.fullmatch(stripped)
        or _WITH_UNIT.fullmatch(stripped)
        or spelled is not None
        or based is not None
    ):
        # `1,000`, `2.5`, `1 000`, `５`, `ten`, `1o`: meant as a score (no hand is digits alone, nor one
        # word of letters but tiles), so refused as one, not read as a guess nor told as a hand
        # (`groups are separated by spaces, not commas`).
        typed = f": type {spelled}" if spelled is not None else ""
        typed = f" ({based})" if based is not None else typed
        raise OptionError(
            f"--{seat_name(seat)}: {stripped!r}: a score is plain digits 0-9 (no commas, points or spaces)"
            + typed,
            code="bad-score",
        )
    try:
        return build(parse(text))  # as typed: a column counts from the value's first character
    except PungchowError as error:
        raise for_seat(error, seat) from None


def sign_refusal(seat: Wind, text: str, value: int) -> OptionError | None:
    """The refusal of a seat's score typed with a sign (`+8`, `-0`, which read_seat reads as 8 and 0) in
    a new game, or None. A number is plain digits, as every option's is (README, "Help and conventions");
    read_seat still reads the sign, so that a game an evening recorded so before is replayed."""
    typed = text.strip()
    if typed[:1] not in ("+", "-"):
        return None
    return OptionError(
        f"--{seat_name(seat)}: {typed!r}: a score is plain digits 0-9, with no sign: type {value}",
        code="bad-score",
    )


def for_seat(error: PungchowError, seat: Wind) -> PungchowError:
    """The same error, its message naming the seat (`--south: 1d2d4d* is not a set (column 9)`)."""
    seated = type(error)(f"--{seat_name(seat)}: {error.message}", code=error.code, column=error.column)
    seated.seated = True
    return seated


def check_copies(hands: Mapping[Wind, Hand], shown: Mapping[str, tuple[Tile, ...]] | None = None) -> None:
    """The tiles of all hands together, and the indicator tiles `shown` by their option (`--dora`: the
    stated facts of the set's own tiles, situation.OF_THE_SET): four copies of each playing tile, one of
    each bonus tile."""
    per_seat: dict[Tile, Counter[Wind]] = {}
    per_option: dict[Tile, Counter[str]] = {}
    for seat, hand in hands.items():
        for tile in (*hand.tiles, *hand.bonus):
            per_seat.setdefault(tile, Counter())[seat] += 1
    for option, tiles in (shown or {}).items():
        for tile in tiles:
            per_seat.setdefault(tile, Counter())
            per_option.setdefault(tile, Counter())[option] += 1
    for tile, holders in sorted(per_seat.items(), key=lambda item: item[0].index):
        allowed = 1 if tile.is_bonus else 4
        turned = per_option.get(tile, Counter())
        total = sum(holders.values()) + sum(turned.values())
        if total > allowed:
            who = ", ".join(
                [f"{seat_name(s)} {holders[s]}" for s in seat_order(holders)]
                + [f"{option} {n}" for option, n in turned.items()]
            )
            copies = "one copy" if allowed == 1 else "four copies"
            raise TableError(
                f"{tile.code} appears {total} times on the table ({who}); the set has {copies}",
                code="too-many-copies",
            )
