"""A batch file's entry, as every reader of one gives it (input.py's text lines, listed.py's YAML and
JSON items), and the failure of a whole file."""

from __future__ import annotations

from typing import NamedTuple

from ..engine.errors import PungchowError


class Entry(NamedTuple):
    """One entry of a batch file: its line number and its arguments, or why it cannot be read.

    A named tuple, not a frozen dataclass: a worker makes one for every line it is sent, and a frozen
    dataclass is made field by field through object.__setattr__ (measured 2026-11-26: 0.9 us an entry
    against 0.35 for the tuple, whose fields read about as fast).
    """

    line: int
    argv: tuple[str, ...] = ()
    error_code: str | None = None
    error_message: str | None = None
    text: str | None = None  # a text line not yet split: split where it is scored (in a worker)
    # Its number in a YAML or JSON list, from 1 (listed.py); None for a text line. A list written on one
    # line (a web form's export) starts every item on line 1: the item names which (docs/batch.md).
    item: int | None = None
    column: int | None = None  # where on its line an entry that cannot be read broke (a bad-yaml record)
    # Where on its line an item of a YAML or JSON list starts (listed.py), from 1: a refused one's record
    # says it (refused_position). None for a text line, which starts its line, and where not known exactly.
    at: int | None = None


def position(entry: Entry) -> dict[str, int]:
    """Where an entry stands, as its record says it first: `line`, and `item` for one of a list."""
    return {"line": entry.line} if entry.item is None else {"line": entry.line, "item": entry.item}


def refused_position(entry: Entry) -> dict[str, int]:
    """Where a refused entry stands, as its error record says it first: its position, and for an item
    of a list the `column` where it starts on its line, when known (docs/json.md#batch): a list written
    on one line (a web form's export) starts every item on line 1, and a person looks for it there."""
    if entry.at is None:
        return position(entry)
    return {"line": entry.line, "item": entry.item, "column": entry.at}  # type: ignore[dict-item]


Block = tuple[int, bytes]  # whole lines of a text file: the number of the first, their bytes


class FileError(PungchowError):
    """The batch file as a whole cannot be read (missing, not a YAML list): exit 2, no records."""

    default_code = "batch-file"
