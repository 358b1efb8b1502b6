"""`pungchow batch`'s table heads its points and doublings columns in the ruleset's own words (`words:`;
riichi-ema-2016's fu and han), those of its first row (the batch's `-r` when that is an error); a row
whose ruleset says other words carries its own in those cells (docs/batch.md). JSON and CSV never see
them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import on_a_terminal, run

from pungchow_calc.batch.formats import BOOK_HEADINGS, CSV_COLUMNS, TerminalTable, headings
from pungchow_calc.engine.rule_types import Words

RIICHI = "'1d2d3d* 1d!2d3d 1d2d3d 1d2d3d 4d4d' -r riichi-ema-2016 -s east -w east --dora 4d"
BOOK = "'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' --seat south --drawn"
BAD = "'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* RdRd' --seat south"  # no winning tile: an error record
FAN = "extends: pung-chow\nname: fan-house\nsettings: {words: {doubling: fan, doublings: fan}}\n"
LONG = "extends: pung-chow\nname: long-house\nsettings: {words: {doublings: doublings-hand}}\n"


def _table(tmp_path: Path, lines: list[str], *args: str) -> list[str]:
    (tmp_path / "fan.yaml").write_text(FAN, encoding="utf-8")
    (tmp_path / "long.yaml").write_text(LONG, encoding="utf-8")
    hands = tmp_path / "hands.txt"
    hands.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    result = run("batch", str(hands), *args)
    assert result.exit_code in (0, 1), result.stderr
    return result.stdout.splitlines()


SEATS = ("east", "south", "west", "north")


def _cells(row: str) -> list[str]:
    """A scored row's words after its hand (seat, points, doublings, ...), its cells' words run together."""
    words = row.split()
    return words[next(i for i, word in enumerate(words) if word in SEATS) :]


# (lines, batch args, the header's points and doublings headings, each scored row's cells from the seat on)
HEADED = {
    "riichi-lines": ([RIICHI, RIICHI], [], ("fu", "han"), [["east", "40", "5"]] * 2),
    "riichi-batch-r": ([BOOK], ["-r", "riichi-ema-2016"], ("fu", "han"), [["south", "50", "2"]]),
    "book": ([BOOK], [], BOOK_HEADINGS, [["south", "52", "0"]]),
    "book-then-riichi": (
        [BOOK, RIICHI],
        [],
        BOOK_HEADINGS,
        [["south", "52", "0"], ["east", "40", "fu", "5", "han"]],
    ),
    "riichi-then-book": (
        [RIICHI, BOOK],
        [],
        ("fu", "han"),
        [["east", "40", "5"], ["south", "52", "points", "0", "dbl"]],
    ),
    "error-first-then-riichi": ([BAD, RIICHI], [], BOOK_HEADINGS, [["east", "40", "fu", "5", "han"]]),
    "error-first-batch-r": ([BAD, BOOK], ["-r", "riichi-ema-2016"], ("fu", "han"), [["south", "50", "2"]]),
    "errors-only-batch-r": ([BAD], ["-r", "riichi-ema-2016"], ("fu", "han"), []),
    "errors-only": ([BAD], [], BOOK_HEADINGS, []),
    "empty-batch-r": ([], ["-r", "riichi-ema-2016"], ("fu", "han"), []),
    "house-fan": ([BOOK], ["-r", "fan.yaml"], ("points", "fan"), [["south", "52", "0"]]),
    "house-fan-line": (
        [f"{BOOK} -r fan.yaml", BOOK],
        [],
        ("points", "fan"),
        [["south", "52", "0"], ["south", "52", "0", "dbl"]],
    ),
    "house-word-too-long": ([BOOK], ["-r", "long.yaml"], BOOK_HEADINGS, [["south", "52", "0"]]),
}


@pytest.mark.parametrize(("lines", "args", "names", "cells"), list(HEADED.values()), ids=list(HEADED))
def test_the_table_is_headed_in_the_first_row_s_words(tmp_path, monkeypatch, lines, args, names, cells):
    monkeypatch.chdir(tmp_path)  # the house files named on a line are found from here
    header, *rows = _table(tmp_path, lines, *args)
    assert header.split() == ["line", "hand", "seat", *names, "score", "payable", "payments"]
    scored = [row for row in rows if "error [" not in row]
    assert [_cells(row)[: len(want)] for row, want in zip(scored, cells, strict=True)] == cells
    assert len(rows) == len(lines)  # a row for every entry, errors too


def test_a_row_in_other_words_keeps_its_amounts_under_their_headings(tmp_path):
    """The cells with their words take their room from the hand's column: the doublings, score and
    payable columns stay under their names, the pipe's fixed table as the terminal's."""
    header, book, riichi = _table(tmp_path, [BOOK, RIICHI])
    assert riichi.index("5 han") + len("5 han") == header.index("dbl") + len("dbl")
    end = header.index("payable") + len("payable")
    assert book[:end].endswith(" 52") and riichi[:end].endswith(" 2000")
    assert book[end : end + 2] == riichi[end : end + 2] == "  "


@pytest.mark.parametrize("output_format", ["jsonl", "json", "csv"])
def test_json_and_csv_never_carry_the_headings(tmp_path, output_format):
    out = "\n".join(_table(tmp_path, [RIICHI, BOOK], "--format", output_format))
    assert "headings" not in out
    if output_format == "csv":
        assert out.splitlines()[0] == ",".join(CSV_COLUMNS)
    elif output_format == "jsonl":
        first = json.loads(out.splitlines()[0])
        assert sorted(first)[:2] == ["arrangement", "bonus_tiles"] and first["points"] == 40


HEADINGS_OF = {
    "book": (Words(), BOOK_HEADINGS),
    "riichi": (Words("han", "han", "yaku", "yakuman", "fu"), ("fu", "han")),
    "fan": (Words(doubling="fan", doublings="fan"), ("points", "fan")),
    "seven-cells": (Words(doublings="doubles", points="minipts"), ("minipts", "doubles")),
    "too-long": (Words(points="minipoints"), BOOK_HEADINGS),
    "two-words": (Words(doublings="big han"), BOOK_HEADINGS),
    "not-ascii": (Words(doubling="番", doublings="番"), BOOK_HEADINGS),
}


@pytest.mark.parametrize(("words", "names"), list(HEADINGS_OF.values()), ids=list(HEADINGS_OF))
def test_headings(words, names):
    assert headings(words) == names


FILES = {"riichi": [RIICHI] * 3, "mixed": [BOOK, RIICHI, BAD, BOOK], "riichi-first": [RIICHI, BOOK, BOOK]}


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("lines", list(FILES.values()), ids=list(FILES))
def test_headed_tables_fit_60_and_80_columns(tmp_path, width, lines):
    hands = tmp_path / "hands.txt"
    hands.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    shown = on_a_terminal(["batch", str(hands)], str(width)).splitlines()
    assert shown and all(len(line) <= width for line in shown), max(shown, key=len)
    assert shown[0].split()[3:5] == (["fu", "han"] if lines[0] == RIICHI else ["points", "dbl"])
    words = " ".join(shown).split()
    for hand in (BOOK, RIICHI):  # every set whole
        if hand in lines:
            assert set(hand.split("'")[1].split()) <= set(words)


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("names", [("fu", "han"), ("minipts", "doubles")], ids=["fu-han", "seven-cells"])
def test_terminal_table_headings_fit(width, names):
    """The widest headings (seven cells each) widen their columns, taken from the hand's."""
    table = TerminalTable(width, names=names)
    record = {"line": 1, "hand": BOOK.split("'")[1], "seat": "south", "points": 52, "doublings": 0}
    record |= {"score": 52, "payable": 52, "payments": {"east": 104}, "headings": BOOK_HEADINGS}
    lines = [*table.header().splitlines(), *table.row(record).splitlines()]
    assert all(len(line) <= width for line in lines), lines
    assert table.header().split()[3:5] == list(names)
    assert "52 points" in lines[1] or "52 points" in " ".join(lines)


# (the table's headings, the record's, the amounts beside the hand at 80 columns, and under it at 60,
# where they are too wide for their columns (a house ruleset without a limit): each named by its
# heading, or saying its own word.
NAMED = {
    "riichi-table-riichi-row": (("fu", "han"), ("fu", "han"), "north     30  23 ", ["fu 30", "han 23"]),
    "book-table-book-row": (BOOK_HEADINGS, BOOK_HEADINGS, "north     30  23 ", ["points 30", "dbl 23"]),
    "riichi-table-book-row": (
        ("fu", "han"),
        BOOK_HEADINGS,
        "north 30 points 23 dbl ",
        ["30 points", "23 dbl"],
    ),
}


@pytest.mark.parametrize(("names", "own", "beside", "under"), list(NAMED.values()), ids=list(NAMED))
def test_wide_amounts_are_named_in_the_headings_words(names, own, beside, under):
    huge = 167772160402653184
    record = {"line": 1, "hand": BOOK.split("'")[1], "seat": "north", "points": 30, "doublings": 23}
    record |= {"score": huge, "payable": huge, "payments": {"east": huge}, "headings": own}
    wide, narrow = TerminalTable(80, names=names).row(record), TerminalTable(60, names=names).row(record)
    assert all(len(line) <= width for text, width in ((wide, 80), (narrow, 60)) for line in text.splitlines())
    assert beside in wide.splitlines()[0], wide
    assert all(phrase in narrow for phrase in [*under, f"score {huge}"]), narrow
