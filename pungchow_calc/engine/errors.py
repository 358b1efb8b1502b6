"""Typed, expected failures: each carries a stable `code` that JSON output and tests rely on."""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Sequence
from typing import ClassVar

# What an error says is at most this many characters: a value pasted whole (a 200,000-character YAML
# value, an argument) is quoted by its start and end, as a batch text line is refused past 4,096 bytes
# (docs/batch.md) rather than echoed. The longest real reason (a ruleset's known names) is far shorter.
MOST_SHOWN = 1000
_SHOWN_HEAD, _SHOWN_TAIL = 600, 300


def printable(text: str) -> str:
    """`text` kept on one line and safe for a terminal: control characters shown as escapes (`\\x1b`),
    and the middle of a text over MOST_SHOWN characters left out (said how many)."""
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return shortened(text)


def shortened(text: str) -> str:
    """`text` whole when at most MOST_SHOWN characters, else its start and end and how much is left out."""
    if len(text) <= MOST_SHOWN:
        return text
    left_out = len(text) - _SHOWN_HEAD - _SHOWN_TAIL
    return f"{text[:_SHOWN_HEAD]}... ({left_out} characters left out) ...{text[-_SHOWN_TAIL:]}"


def as_written(value: object) -> str:
    """A value read from a YAML file, shown in a refusal as YAML writes it (`true`, `null`, `.nan`,
    `{a: 1}`, `2026-01-01`), not as Python prints it (`True`, `None`, `nan`, `{'a': 1}`,
    `datetime.date(2026, 1, 1)`): the reader wrote YAML. Text is quoted ('x'), as before."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else ("-.inf" if value < 0 else ".inf")
    if isinstance(value, list | tuple):
        return "[" + ", ".join(as_written(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = [f"{_key_as_written(key)}: {as_written(item)}" for key, item in value.items()]
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, datetime.date):  # YAML reads `2026-01-01` unquoted as a date
        return value.isoformat()
    return repr(value)


def _key_as_written(key: object) -> str:
    """A mapping's key as YAML writes it: a plain name bare (`{a: 1}`), any other as a value."""
    return key if isinstance(key, str) and key.isidentifier() else as_written(key)


def closest(word: object, known: list[str], *, ties: bool = False) -> str:
    """ " (did you mean 'x'?)" for the known name a word is closest to (a typo), else ""; with `ties`,
    every name as close as the closest (`est`: " (did you mean 'east' or 'west'?)"), in `known`'s order."""
    from difflib import SequenceMatcher, get_close_matches  # only when something is wrong

    if not isinstance(word, str):
        return ""
    close = get_close_matches(word, known, n=1, cutoff=0.75)
    if ties and close:
        ratio = SequenceMatcher(None, word, close[0]).ratio()
        close = [name for name in known if SequenceMatcher(None, word, name).ratio() == ratio]
    return f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""


def unknown(
    what: str, word: object, known: list[str], *, listed: bool = True, also: Sequence[object] = ()
) -> str:
    """ "unknown WHAT 'word'" and a hint: the known name it is closest to, else (`listed`) all of them.
    `also`: the other unknown words of the one mapping, each named with its own hint in the one line
    (`unknown settings 'limt' (did you mean 'limit'?) and 'east_multipler' (...)`): an author who
    misspelt three keys meets all three at once, not one per run."""
    words = [word, *also]
    hints = [closest(w, known) for w in words]
    listing = f" (known: {', '.join(known)})" if listed and not any(hints) else ""
    if len(words) == 1:
        return f"unknown {what} {as_written(word)}{hints[0] or listing}"
    named = and_list(f"{as_written(w)}{hint}" for w, hint in zip(words, hints, strict=True))
    return f"unknown {what}s {named}{listing}"


def one_of(key: str, value: object, choices: Iterable[str]) -> str:
    """ "KEY must be one of A, B, got 'x'" and the choice it is closest to (a typo: `discarer`)."""
    known = list(choices)
    return f"{key} must be one of {', '.join(known)}, got {as_written(value)}{closest(value, known)}"


def either(words: Sequence[str]) -> str:
    """`a`, `a or b`, `a, b or c`: the choices a hint offers."""
    *most, last = words
    return f"{', '.join(most)} or {last}" if most else last


def how_many(count: int, noun: str) -> str:
    """`1 rule`, `21 rules`, `0 errors`: a count and its noun, plural but for one."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def and_list(words: Iterable[str]) -> str:
    """`a`, `a and b`, `a, b and c`: the things a line names together."""
    *most, last = words
    return f"{', '.join(most)} and {last}" if most else last


def plain_typed(text: str) -> str | None:
    """The text as plain ASCII when it was typed in full-width characters (an input method's `２ｃ`,
    `ｅａｓｔ`, `－－ｊｓｏｎ`: NFKC of its full-width forms), else None. Only for a hint: what was typed
    is refused, never read as a guess (docs/notation.md)."""
    import unicodedata  # only when something is wrong

    # Full-width forms only (east_asian_width F): NFKC makes `²` and `ｶ` ASCII or another script too.
    plain = "".join(
        unicodedata.normalize("NFKC", ch) if unicodedata.east_asian_width(ch) == "F" else ch for ch in text
    )
    return plain if plain != text and plain.isascii() else None


def wide_hint(text: str) -> str:
    """ ": it is typed in full-width characters; type 2c" for a word typed so (plain_typed), else ""."""
    plain = plain_typed(text)
    return f": it is typed in full-width characters; type {plain}" if plain is not None else ""


# A whole number written as a word at the table (`ten`): told in digits (in_digits), never read.
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_LETTER_DIGITS = str.maketrans("oil", "011")  # `1o`, `l0`, `I0`: a letter typed for a digit


def in_digits(text: str) -> str | None:
    """The digits a whole number stands for when typed as a word (`ten`) or with a letter for a digit
    (`1o`, `l0`, `2O`), else None. Only for a hint: what was typed is refused, never read as a guess
    (docs/notation.md)."""
    low = text.strip().lower()
    if low in _NUMBER_WORDS:
        return str(_NUMBER_WORDS.index(low))
    if in_decimal(low) is not None:  # `0o300` is octal, not 00300 with a letter o (digits_hint)
        return None
    digits = low.translate(_LETTER_DIGITS)
    if low.isdigit() or not (digits.isascii() and digits.isdigit()) or not any(ch.isdigit() for ch in low):
        return None
    return digits


_BASES = {"0x": ("hexadecimal", 16), "0o": ("octal", 8), "0b": ("binary", 2)}


def in_decimal(text: str) -> str | None:
    """What a number written with a base prefix is in decimal (`0o300 is octal for 192`; `0x12C`,
    `0b101`), else None. Only said: `0o300` may be octal 192 or a slip for 300, so it is never taken."""
    typed = text.strip()
    base = _BASES.get(typed[:2].lower())
    if base is None or not typed[2:] or len(typed) > 40:
        return None
    try:
        return f"{typed} is {base[0]} for {int(typed[2:], base[1])}"
    except ValueError:
        return None


def digits_hint(text: str) -> str:
    """ ": a number is typed in digits; type 10" for a number typed so (in_digits, plain_typed); for one
    in another base, what it is in decimal, never taken for it (`0o300` may be octal 192 or a slip for
    300: money never moves on a guess); else ""."""
    digits = in_digits(text)
    if digits is not None:
        return f": a number is typed in digits; type {digits}"
    based = in_decimal(text)
    if based is not None:
        return f": a number is typed in decimal digits ({based})"
    return wide_hint(text)


def not_utf8(byte: int, column: int | None = None) -> str:
    """ "not UTF-8 text (byte 0xeb at column 49): save the file as UTF-8": a file's first byte that is
    not UTF-8 (most often one accented letter saved as Latin-1 or Windows-1252), worded once for a
    batch's lines, its YAML or JSON list and a ruleset (docs/batch.md)."""
    where = f" at column {column}" if column is not None else ""
    return f"not UTF-8 text (byte 0x{byte:02x}{where}): save the file as UTF-8"


class PungchowError(Exception):
    """Base of every expected failure; `code` is stable, `message` is one line for a person."""

    # Each class's code, set on every instance by __init__: a plain class attribute overridden in a
    # subclass (`code = "hand"`) is lost when mypyc compiles an exception class (README, Speed), so
    # the engine compiled would raise AttributeError where it should name the error.
    default_code: ClassVar[str] = "error"

    def __init__(self, message: str, *, code: str | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code: str = self.default_code if code is None else code
        self.column = column
        # Whether the message begins by naming whose hand it is (`--south: ...`, set by seats.for_seat; a
        # player's name in an evening): no `the hand: ` is put before it (cli/failure.reason).
        self.seated = False

    def __str__(self) -> str:
        # The message may quote what was typed (a newline, an escape sequence): it stays one line.
        if self.column is not None:
            return f"{printable(self.message)} (column {self.column})"
        return printable(self.message)

    def to_dict(self) -> dict[str, object]:
        """The JSON error object body (docs/json.md)."""
        out: dict[str, object] = {"code": self.code, "message": str(self)}
        if self.column is not None:
            out["column"] = self.column
        return out


class NotationError(PungchowError):
    """The hand text cannot be read (docs/notation.md)."""

    default_code: ClassVar[str] = "notation"


class HandError(PungchowError):
    """The hand reads but is not a hand that can be scored as asked."""

    default_code: ClassVar[str] = "hand"


class RulesetError(PungchowError):
    """A ruleset file is missing or invalid; names the file, the line when known, and the rule."""

    default_code: ClassVar[str] = "ruleset"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message, code=code, column=column)
        self.file = file
        self.line = line

    def __str__(self) -> str:
        # file:line:column, as compilers write it (the column only where YAML's reader gives one).
        if self.file == "":  # an empty name given (`-r ''`): the message says so, no file to name
            return printable(self.message)
        where = self.file or "<ruleset>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return printable(f"{where}: {self.message}")

    def to_dict(self) -> dict[str, object]:
        """The JSON error object body (docs/json.md), with file and line."""
        out = super().to_dict()
        # As the message quotes it: JSON holds no lone surrogate (a file name that is not UTF-8).
        out["file"] = None if self.file is None else printable(self.file)
        out["line"] = self.line
        return out


class OptionError(PungchowError):
    """Options that contradict each other or the hand (e.g. `--from` naming the winner).

    Where it stands on a batch line (docs/batch.md, the column of the word at fault): `index`, the place
    of that word in the argument list, set by the one reader of an argument list (arguments.read_args);
    else `options`, the options at fault by spelling, set by a reader of their values: one, its value's
    word; several that contradict each other, the option word of the last of them on the line
    (options.word_at_fault). Its `column`, when a reader of a value sets it (a value of tiles, settle's
    `--south`), counts in that value, which is all `score` has; a batch line says it on the line
    (options.value_at_fault). `part`: for an option given more than once and read as one list (`--dora
    8d --dora 9z`, arguments.Joined), which of its values (from 0) the mistake is in."""

    default_code: ClassVar[str] = "option"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        column: int | None = None,
        options: tuple[str, ...] = (),
        index: int | None = None,
        part: int | None = None,
    ) -> None:
        super().__init__(message, code=code, column=column)
        self.options = options
        self.index = index
        self.part = part


class RepeatedOption(OptionError):
    """An option that takes one value given more than once (`-s south -s west`): which was meant is a
    guess, and money never moves on a guess (click would count the last one silently)."""

    default_code: ClassVar[str] = "option-twice"

    def __init__(self, message: str, given: dict[str, object]) -> None:
        super().__init__(message)
        self.given = given  # every option of the line as read: the command answers as asked (--json)


class UnknownOption(OptionError):
    """A word that names no option of the command (`--bogus`), or a value given to an on/off flag
    (`--drawn=1`): a mistyped command line, said in the same words by `score` and a batch line
    (arguments.unknown_option)."""

    default_code: ClassVar[str] = "bad-option"

    def __init__(self, message: str, name: str, index: int | None = None) -> None:
        super().__init__(message, index=index)
        self.name = name  # the option as named (`--bogus`, `-X` of `-Xn`): `--help` is typer's to show


class ValueMissing(OptionError):
    """A valued option whose value is another option of the command (`--seat --seat south`, `-s --json`):
    the option was typed without its value, or twice; the next word taken for its value would be a
    guess (click's), and its refusal a muddle (`Got unexpected extra argument(s) (480)`)."""

    default_code: ClassVar[str] = "bad-option"

    def __init__(self, message: str, name: str, index: int | None = None) -> None:
        super().__init__(message, index=index)
        self.name = name  # the option given no value, as spelt (`-s`)


class StrayWord(PungchowError):
    """A word of a batch line that is not part of its hand (`'HAND' 4f`: a word after the quoted
    hand), where `score` refuses every word after its hand: joined to the hand it would be scored on a
    guess. `index` is the word's place in the line's words; the batch adds its column."""

    default_code: ClassVar[str] = "bad-line"

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


class TableError(PungchowError):
    """The hands of a table contradict each other (`settle`): too many copies of a tile, two winners."""

    default_code: ClassVar[str] = "table"


class WashError(PungchowError):
    """A hand that cannot wash the tiles (Part II): wrong tile count, or fewer than nine heads."""

    default_code: ClassVar[str] = "wash"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        column: int | None = None,
        seat_hint: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message, code=code, column=column)
        # A tile count that fits another seat's hand: the seats (their words) that would take it, for the
        # hints of `wash` (its --seat defaults to East) and of an evening's wash; () when none would.
        self.seat_hint = seat_hint
