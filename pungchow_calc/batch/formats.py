"""A batch record as text, in each output format: JSON, a CSV row, a row of the plain table.

The table is plain text, no rich: fixed columns for a pipe or a file (the same bytes on any terminal,
so runs can be compared byte for byte), or sized to the terminal it is shown on (TerminalTable); a long
batch streams its rows as they are scored. JSON and CSV are encoded where the entry is scored, so in
the worker processes of a long batch.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..csv_safe import csv_cell
from ..engine.rule_types import Words
from ..engine.scoring import Score
from ..engine.tiles import Wind

# --- JSON ---------------------------------------------------------------------------------

# Records are trees the scorer builds itself, never cyclic: skipping json's cycle check (a dict
# insert and delete per nested object) makes encoding about a third cheaper, same text.
_JSON = json.JSONEncoder(check_circular=False)


def json_text(record: dict[str, Any]) -> str:
    """A record (an error, a comparison) as one line of JSON."""
    return _JSON.encode(record)


def score_json(line: int, score: Score, item: int | None = None) -> str:
    """A scored entry's record as JSON: the same text as json.dumps({**position, **score.as_dict()})
    (entry.position: its line, and its item in a list), from the score's cached pieces."""
    return score.as_json(f'{{"line": {line}, ' if item is None else f'{{"line": {line}, "item": {item}, ')


# --- where a record's entry stands ----------------------------------------------------------------

# A record's first keys (entry.position): `item` only for a list's entry, `column` only for a refused one
# (entry.refused_position).
POSITION = ("line", "item", "column")


def placed(record: dict[str, Any]) -> dict[str, int]:
    """A record's position keys (entry.position), for a record made from it (compare's biggest rise)."""
    return {key: record[key] for key in POSITION if key in record}


def refusal(record: dict[str, Any]) -> str:
    """An error record's row text in the table: `error [code]: message`, after where a list's item
    starts in the file (`line 4, column 3: `), which the row's number, its item, does not say; a list's
    record with no column (a `bad-yaml` break, a JSON line rewritten) still says its line (`line 12: `)."""
    err = record["error"]
    said = f"error [{err['code']}]: {err['message']}"
    if "column" in record:
        return f"line {record['line']}, column {record['column']}: {said}"
    return f"line {record['line']}: {said}" if "item" in record else said


def _number(record: dict[str, Any]) -> int:
    """The table's number of a record: its line, or in a list its item (the header says which)."""
    number: int = record.get("item", record["line"])
    return number


# --- a record as a line of JSONL or CSV output -------------------------------------------------


def output_line(encode: str, payload: Any) -> str:
    """A record encoded as the job asks (scoring.Job.encode "json": its JSON text, "csv": its row) as
    its line of `--format jsonl` or `--format csv` output, with its line ending."""
    return csv_text(payload) if encode == "csv" else f"{payload}\n"


def write_lines(write: Callable[[bytes], object], encode: str, payloads: list[Any]) -> None:
    """Records' lines of output (output_line of each), written one by one, encoded as UTF-8, by `write`."""
    if encode == "csv":
        # One writer writes every row straight to `write`, where csv_text would make each in its own
        # buffer: 1.55 us a row against 1.9 (measured 2026-11-26, c20k's rows).
        csv_writer(_Encoding(write)).writerows(payloads)
        return
    for payload in payloads:
        write(output_line(encode, payload).encode())


class _Encoding:
    """A text stream for the csv module, writing each text it is given as UTF-8 by a write of bytes."""

    __slots__ = ("write",)

    def __init__(self, write: Callable[[bytes], object]) -> None:
        self.write = lambda text: write(text.encode())


@dataclass(frozen=True, slots=True)
class Lines:
    """Consecutive records as their lines of JSONL or CSV output, encoded: how a worker process's chunk
    of them reaches the parent (batch/workers.py), for it to write as they are, to its output's bytes.

    Measured 2026-11-26 per hand, chunks of 400 (r20k's records of 1.6 kB, c20k's): sent as a list
    of (ok, text) pairs, the worker's pickling cost 1.5 / 1.1 us and the parent's unpickling and
    writing of each record 1.3; as a tuple of each record's line, the worker's share was 1.8 / 1.4 and
    the parent's 0.3: 0.7 us less in all. Joined and encoded into one bytes in the worker and sent
    through the pipe, the workers' page faults nearly doubled (14,400 to 25,200 on c20k: fresh
    allocations of half a megabyte, twice a chunk) for no gain in the parent: a worker writes each
    line into shared memory instead (workers._Slots), and Lines.of is for what cannot go there.
    """

    data: bytes | str  # output_line of each record, in order, joined: UTF-8, or text it cannot encode
    count: int  # the records
    failed: int  # error records among them

    @classmethod
    def of(cls, encode: str, results: list[tuple[bool, Any]]) -> Lines:
        """The lines of (ok, payload) results encoded as `encode` (Job.encode "json" or "csv")."""
        text = "".join([output_line(encode, payload) for _, payload in results])
        try:
            data: bytes | str = text.encode()
        except UnicodeEncodeError:  # a lone surrogate: left to the output's own error handler, as text
            data = text
        return cls(data, len(results), sum(not ok for ok, _ in results))

    @property
    def text(self) -> str:
        """The lines as text."""
        return self.data if isinstance(self.data, str) else self.data.decode()


# --- CSV ----------------------------------------------------------------------------------

CSV_COLUMNS = (
    "line",
    "hand",
    "ruleset",
    "seat",
    "round",
    "winner",
    "win_by",
    "points",
    "doublings",
    "score",
    "limit",
    "payable",
    "pay_east",
    "pay_south",
    "pay_west",
    "pay_north",
    "deposits",
    "error_code",
    "error_message",
)
SEAT_NAMES = tuple(seat.word for seat in Wind)  # the pay_ columns' order


def csv_columns(items: bool = False) -> list[str]:
    """The CSV header: CSV_COLUMNS, and for a YAML or JSON list (`items`) `item` after `line`."""
    return ["line", "item", *CSV_COLUMNS[1:]] if items else list(CSV_COLUMNS)


def csv_row(record: dict[str, Any]) -> list[Any]:
    """A record as the fixed CSV columns (CSV_COLUMNS); errors fill the last two. A text cell that
    could start a spreadsheet formula is written after a quote (csv_cell): an error message quoting a
    line (`--seat: 'x' is not a wind`), a ruleset's name; the seats, ways and codes are fixed words,
    the numbers stay numbers."""
    at = [record["line"], record["item"]] if "item" in record else [record["line"]]
    if "error" in record:
        err = record["error"]
        return [*at, *[""] * (len(CSV_COLUMNS) - 3), err["code"], csv_cell(err["message"])]
    pays = record.get("payments") or {}
    return [
        *at,
        csv_cell(record["hand"]),
        csv_cell(record["ruleset"]),
        record["seat"],
        record["round"],
        "true" if record["winner"] else "false",
        record["win_by"],
        record["points"],
        record["doublings"],
        record["score"],
        "" if record["limit"] is None else record["limit"],
        record["payable"],
        *[pays.get(seat, "") for seat in SEAT_NAMES],
        record.get("deposits", ""),  # what the winner takes from the table: no seat's payment
        "",
        "",
    ]


def csv_text(row: list[Any]) -> str:
    """One CSV row as text (the csv module's quoting), with its line ending."""
    buffer, writer = _csv_writer()
    buffer.seek(0)
    buffer.truncate()
    writer.writerow(row)
    return buffer.getvalue()


@lru_cache(maxsize=1)
def _csv_writer() -> tuple[io.StringIO, Any]:
    """One buffer and writer for every row (making them costs more than writing the row), made for the
    first row."""
    buffer = io.StringIO()
    return buffer, csv_writer(buffer)


def csv_writer(stream: Any) -> Any:
    """A writer of CSV rows onto a text stream: the csv module's quoting, a newline after each row.
    The csv module is imported by a CSV output alone (start-up of every other batch)."""
    import csv

    return csv.writer(stream, lineterminator="\n")


# --- the table ----------------------------------------------------------------------------

# The points and doublings columns are headed in the ruleset's own words (`words:`; riichi-ema-2016's fu
# and han), those of the table's first row (cli/batch_output.Output._head); a row whose ruleset says
# other words carries its own in those cells (`52 points`, `0 dbl` under `fu han`), so no number is read
# in another game's words (docs/batch.md). The book's `doublings` is headed `dbl`, as ever.
BOOK_HEADINGS = ("points", "dbl")
HEADINGS = "headings"  # a table record's key (scoring.Scorer.record): never written, JSON and CSV are apart
_HEADING_MOST = 7  # cells of a heading word (`payable`'s); a longer word is headed in the engine's word
_POINTS_WIDTH, _DOUBLINGS_WIDTH = 6, 3  # the columns' least widths: `points` and `dbl`, a 3-digit count


@lru_cache(maxsize=16)
def headings(words: Words) -> tuple[str, str]:
    """A ruleset's words for the table's points and doublings columns: `("fu", "han")` for riichi-ema-2016,
    BOOK_HEADINGS for the book's words; a word that is not one short printable ASCII word (a heading
    padded by its characters) keeps the engine's."""

    def fits(word: str) -> bool:
        return len(word) <= _HEADING_MOST and word.isascii() and word.isprintable() and " " not in word

    book = Words()
    points = words.points if words.points != book.points and fits(words.points) else BOOK_HEADINGS[0]
    doublings = words.doublings if words.doublings != book.doublings and fits(words.doublings) else None
    return points, doublings or BOOK_HEADINGS[1]


@lru_cache(maxsize=16)
def _widths(names: tuple[str, str]) -> tuple[int, int]:
    """The points and doublings columns' widths under these headings."""
    return max(_POINTS_WIDTH, len(names[0])), max(_DOUBLINGS_WIDTH, len(names[1]))


def _amounts(record: dict[str, Any], names: tuple[str, str]) -> tuple[str, str]:
    """A scored record's points and doublings cells under the table's headings `names`: bare where its
    ruleset's words are the heading's, else with its own word (`30 fu`; a record without its headings,
    read back from JSON, is taken as the table's)."""
    own = record.get(HEADINGS, names)
    points, doublings = str(record["points"]), str(record["doublings"])
    if own[0] != names[0]:
        points = f"{points} {own[0]}"
    if own[1] != names[1]:
        doublings = f"{doublings} {own[1]}"
    return points, doublings


def table_header(items: bool = False, names: tuple[str, str] = BOOK_HEADINGS) -> str:
    """The table's column names: the first `item` for a YAML or JSON list (its rows' numbers, _number);
    the points and doublings columns headed `names` (headings)."""
    first = "item" if items else "line"
    points, doublings = _widths(names)
    return (
        f"{first:>5}  {'hand':<48} {'seat':<5} {names[0]:>{points}} {names[1]:>{doublings}} {'score':>7} "
        f"{'payable':>7}  payments"
    )


TABLE_HEADER = table_header()  # the book's words' header


def _paid(record: dict[str, Any]) -> list[str]:
    """A batch record's payments as words, `E:104 W:52 N:52` (or `(loser)`), and what the winner takes
    from the table (`+2000 deposits`, one word: its number never parted from what it is) after them."""
    pays = record.get("payments")
    words = [f"{seat[0].upper()}:{amount}" for seat, amount in pays.items()] if pays else ["(loser)"]
    return [*words, _deposits(record)] if "deposits" in record else words


def _deposits(record: dict[str, Any]) -> str:
    """What the winner of a record takes from the table (`--deposits N`), `+2000 deposits`: no seat pays
    it, so it stands after the payments, not as one of them (docs/batch.md)."""
    return f"+{record['deposits']} deposits"


def table_row(record: dict[str, Any], names: tuple[str, str] = BOOK_HEADINGS) -> str:
    """One batch record as a plain text row (rows are written one by one, so a long file streams), under
    the points and doublings headings `names` (table_header)."""
    number = f"{_number(record):>5}  "
    if "error" in record:
        return number + refusal(record)
    # Past line 99,999 the number is wider than its column: the hand column gives up the room, as on a
    # terminal (TerminalTable.row), so the numbers stay under their names (a 100,000-line file's last
    # rows stood a column or two right of them).
    hand = 48 - (len(number) - _LEAD)
    wide, dwide = _widths(names)
    points, doublings = record["points"], record["doublings"]
    if record.get(HEADINGS, names) != names:  # rare: a row in other words than the headings'
        points, doublings = _amounts(record, names)
        # A cell with its own word (`52 points`) takes its room from the hand's column too: the amounts
        # after it stay under their names.
        hand -= sum(
            max(0, len(cell) - max(width, len(str(record[key]))))
            for cell, width, key in ((points, wide, "points"), (doublings, dwide, "doublings"))
        )
    return (
        f"{number}{record['hand']:<{hand}} {record['seat']:<5} {points:>{wide}} "
        f"{doublings:>{dwide}} {record['score']:>7} {record['payable']:>7}  {' '.join(_paid(record))}"
    )


# The batch table on a terminal: table_row's columns, the hand's narrowed to fit (its sets wrapped onto
# more lines, never split) and the payments kept while they have room.
_LEAD = 7  # the line number, `{line:>5}`, and two spaces
_NUMBERS = 33  # ` seat  points dbl   score payable`, as table_row writes them (the book's headings)
_PAYMENTS = 18  # `E:1920 S:960 W:960`: what the payments column wants
_HAND_BESIDE_PAYMENTS = 36  # a hand column narrower than this takes the payments' room instead
_HAND_LEAST = 10  # a kong with its markers, `RdRd!RdRd#`


_MARKERS = "*#+="  # a group's marker after its tiles (notation.Marker): stays with the last tile
_TILE = re.compile(r"[^!*#+=]{2}!?")


def _tiles_cut(word: str, width: int) -> list[str]:
    """A hand's word longer than `width` (its concealed tiles written together, `5c5c3d3d3d2b2b2bNwNwNw!`)
    cut between tiles, each piece as long as fits; a word of another shape, or one that fits, whole."""
    if len(word) <= width or not word.isascii():
        return [word]
    body = word.rstrip(_MARKERS)
    tiles = _TILE.findall(body)  # a tile is two characters (tiles.py), its `!` after it
    if not tiles or "".join(tiles) != body:
        return [word]
    tiles[-1] += word[len(body) :]
    pieces = [tiles[0]]
    for tile in tiles[1:]:
        if len(pieces[-1]) + len(tile) > width:
            pieces.append(tile)
        else:
            pieces[-1] += tile
    return pieces


def _lines(words: list[str], width: int) -> list[str]:
    """Words packed into lines of at most `width` characters (a longer word alone on its line); at
    least one."""
    lines = [""]
    used = 0  # characters of the last line
    for word in words:
        size = len(word)
        if not lines[-1]:
            lines[-1], used = word, size
        elif used + 1 + size > width:
            lines.append(word)
            used = size
        else:
            lines[-1] = f"{lines[-1]} {word}"
            used += 1 + size
    return lines


class TerminalTable:
    """The batch table sized to a terminal `width` columns wide: no line wider (but a single set longer
    than the hand column), no set split across lines (concealed tiles written as one word longer than
    the column are cut between tiles); the payments on the row's next lines where they have no column."""

    __slots__ = ("hand", "names", "numbers", "payments", "width", "wrap")

    def __init__(
        self,
        width: int,
        wrap: Callable[[str, int], list[str]] | None = None,
        names: tuple[str, str] = BOOK_HEADINGS,
    ) -> None:
        """`wrap`: a refusal's text in lines of at most so many terminal cells (render.layout.wrap, which
        this layer does not import): it quotes what was typed, full-width (`１ｂ１ｂ１ｂ`) too, two cells
        a character, and a path longer than the line, broken after a `/`; packed by its length, or
        with its long words whole, it ran past the terminal's width. `names`: the points and doublings
        columns' headings (headings), as wide as they need."""
        self.names = names
        self.numbers = _NUMBERS + sum(_widths(names)) - _POINTS_WIDTH - _DOUBLINGS_WIDTH
        room = width - _LEAD - self.numbers  # for the hand and, two spaces after it, the payments
        self.width = width
        self.wrap = wrap or (lambda text, size: _lines(text.split(), size))
        self.payments = room - 2 - _PAYMENTS >= _HAND_BESIDE_PAYMENTS
        self.hand = max(_HAND_LEAST, min(48, room - 2 - _PAYMENTS if self.payments else room))

    def header(self, items: bool = False) -> str:
        """The column names: the first `item` for a YAML or JSON list (table_header)."""
        first = "item" if items else "line"
        points, doublings = _widths(self.names)
        names = (
            f"{first:>5}  {'hand':<{self.hand}} {'seat':<5} {self.names[0]:>{points}} "
            f"{self.names[1]:>{doublings}} {'score':>7} {'payable':>7}"
        )
        # Without their column the payments stand on each row's next line, under the seat: the heading
        # says so there (riichi's `payable` is the basic points, not what anyone pays: docs/batch.md).
        return names + "  payments" if self.payments else f"{names}\n{'payments':>{self.numbers_at + 8}}"

    @property
    def numbers_at(self) -> int:
        """Where the seat column starts (the amounts before it: `line  hand`)."""
        return _LEAD + self.hand + 1

    def row(self, record: dict[str, Any]) -> str:
        """One record as one line or more: the hand wrapped between sets, a message between words."""
        number = f"{_number(record):>5}  "
        # Past line 99,999 the number is wider than its column: the hand column gives up the room, so
        # the row stays within the width and the numbers stay under their names.
        lead = len(number)
        if "error" in record:
            text = self.wrap(refusal(record), self.width - lead)
            return "\n".join([number + text[0], *(" " * lead + line for line in text[1:])])
        points, doublings = _amounts(record, self.names)
        wide, dwide = _widths(self.names)
        numbers = (
            f" {record['seat']:<5} {points:>{wide}} {doublings:>{dwide}} {record['score']:>7} "
            f"{record['payable']:>7}"
        )
        amounts = _LEAD + self.hand + self.numbers  # where the payable column ends
        # Amounts wider than their columns (a house ruleset without a limit: 18 digits) take room from
        # the hand column as well; past its least they go under the hand, each whole and named
        # (docs/batch.md): run past the width, the terminal wrapped them across the table.
        width = self.hand - (lead - _LEAD) - max(0, len(numbers) - self.numbers)
        beside = len(numbers) <= self.numbers or width >= _HAND_LEAST
        width = width if beside else self.hand - (lead - _LEAD)
        hand = _lines([piece for word in record["hand"].split() for piece in _tiles_cut(word, width)], width)
        left = [(number if i == 0 else " " * lead) + line.ljust(width) for i, line in enumerate(hand)]
        room = self.width - amounts - 2  # the payments column's, where it is shown
        under = self.width - self.numbers_at  # under the seat and the amounts, where it is not
        words = _paid(record)
        if not self.payments and beside and max(map(len, words)) <= under:
            # The money on the row's next lines, under the seat (the header's second line says so).
            below = _lines(words, under)
            rows = [left[0] + numbers]
            for i in range(1, max(len(left), len(below) + 1)):
                line = left[i] if i < len(left) else ""
                rows.append(line.ljust(self.numbers_at) + below[i - 1] if i <= len(below) else line.rstrip())
            return "\n".join(rows)
        if beside:
            left[0] += numbers
        else:
            named = [piece for word in _named(record, self.names) for piece in _cut(word, self.width - lead)]
            left += [" " * lead + line for line in _lines(named, self.width - lead)]
        paid: list[str] = []
        words = [part for word in words for part in _parts(word, room if self.payments else under)]
        if self.payments and max(map(len, words)) <= room:  # `+2000 deposits` whole while it has room
            paid = _lines(words, room)
        else:  # an amount wider than its room, or no room beside the amounts: under the row, whole
            under_row = [piece for word in words for piece in _cut(word, self.width - lead)]
            left += [" " * lead + line for line in _lines(under_row, self.width - lead)]
        rows = []
        for i in range(max(len(left), len(paid))):
            line = left[i] if i < len(left) else ""
            if i < len(paid):
                line = line.ljust(amounts) + "  " + paid[i]
            rows.append(line.rstrip())
        return "\n".join(rows)


def _named(record: dict[str, Any], headed: tuple[str, str] = BOOK_HEADINGS) -> list[str]:
    """A record's seat and amounts, each with its column's name (`score 167772160402653184`; `fu 30`
    under the headings `headed`, and a cell with its own word as it is, `30 fu`): written under the
    hand when they are too wide for their columns."""
    points, doublings = _amounts(record, headed)
    return [
        str(record["seat"]),
        points if points != str(record["points"]) else f"{headed[0]} {points}",
        doublings if doublings != str(record["doublings"]) else f"{headed[1]} {doublings}",
        f"score {record['score']}",
        f"payable {record['payable']}",
    ]


def _parts(word: str, width: int) -> list[str]:
    """A word of the payments cell (`+2000 deposits`), whole, or its words when wider than `width`."""
    return [word] if len(word) <= width else word.split()


def _cut(word: str, width: int) -> list[str]:
    """A word under the hand (`score 3705...`), whole, or, wider than `width`, its number cut in pieces
    that fit, the first after its name, as `score` wraps one: no line wider than the terminal (a house
    ruleset without a limit can score 80 digits)."""
    if len(word) <= width:
        return [word]
    name, _, number = word.rpartition(" ")
    head = f"{name} " if name else ""
    first = max(1, width - len(head))
    return [head + number[:first], *(number[i : i + width] for i in range(first, len(number), width))]
