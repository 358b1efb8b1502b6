"""`pungchow batch` on a terminal: the table sized to its width (60, 80 columns, or wide), no line wider,
no set split across lines; to a pipe or a file, the fixed columns byte for byte, whatever COLUMNS says."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from cli_helpers import on_a_terminal, process, run, without_columns
from test_batch import DEPOSITS_2

from pungchow_calc.batch.formats import TABLE_HEADER, TerminalTable, table_row
from pungchow_calc.engine.rule_sections import MAX_INT

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "club-evening.txt"


def _piped(args: list[str], columns: str | None) -> bytes:
    return process(*args, env=without_columns(columns)).stdout


@pytest.fixture(scope="module")
def records() -> list[dict[str, object]]:
    return [
        json.loads(line) for line in _piped(["batch", str(SAMPLE), "--format", "jsonl"], None).splitlines()
    ]


def _assert_fits(text: str, width: int, records: list[dict[str, object]]) -> None:
    lines = text.splitlines()
    assert lines and all(len(line) <= width for line in lines), max(lines, key=len)
    words = set(text.split())
    for record in records:  # every set whole, on one line; every word of a refusal whole
        if "error" in record:
            error = record["error"]
            assert set(f"error [{error['code']}]: {error['message']}".split()) <= words  # type: ignore[index]
        else:
            assert set(str(record["hand"]).split()) <= words, record["hand"]


@pytest.mark.parametrize("width", [60, 80])
def test_the_table_fits_a_narrow_terminal(records, width):
    shown = on_a_terminal(["batch", str(SAMPLE)], str(width))
    _assert_fits(shown, width, records)
    assert shown.splitlines()[0].split() == ["line", "hand", "seat", "points", "dbl", "score", "payable"]
    assert sum(line[:5].strip().isdigit() for line in shown.splitlines()) == len(records)  # one row each


def test_a_wide_terminal_shows_the_fixed_columns_and_the_payments(records):
    shown = on_a_terminal(["batch", str(SAMPLE)], "200")
    assert shown.encode() == _piped(["batch", str(SAMPLE)], None)  # nothing here needs more room


@pytest.mark.parametrize("columns", [None, "60", "80", "200"], ids=["unset", "60", "80", "200"])
def test_piped_output_is_the_fixed_columns_whatever_the_width(records, columns):
    out = _piped(["batch", str(SAMPLE)], columns).decode()
    expected = "".join(f"{line}\n" for line in [TABLE_HEADER, *(table_row(r) for r in records)])
    assert out == expected


@pytest.mark.parametrize("output_format", ["json", "jsonl", "csv"])
def test_other_formats_ignore_the_terminal(output_format):
    args = ["batch", str(SAMPLE), "--format", output_format]
    assert on_a_terminal(args, "60").encode() == _piped(args, None).replace(b"\r\n", b"\n")


@pytest.mark.parametrize("width", [50, 60, 72, 80, 96, 100, 107, 108, 120, 160])
def test_batch_table_rows_fit_every_width(records, width):
    table = TerminalTable(width)
    text = "\n".join([table.header(), *(table.row(r) for r in records)])
    _assert_fits(text, width, records)
    assert table.payments == (width >= 96)  # room for a 36-column hand beside them
    lines = text.splitlines()
    if table.payments:
        assert "E:104 W:52 N:52" in text and lines[0].endswith("payable  payments")
    else:  # on each row's next line, under the seat, as the header's second line says
        at = table.numbers_at
        assert lines[1] == " " * at + "payments" and lines[0][at : at + 4] == "seat"
        paid = next(i for i, line in enumerate(lines) if "E:104" in line)  # line 12's, South's win
        assert lines[paid][at:] == "E:104 W:52 N:52" and lines[paid - 1][at:].startswith("south")


@pytest.fixture(scope="module")
def deposits_2() -> dict[str, object]:
    from cli_helpers import run

    record = json.loads(run("batch", "-", "--format", "jsonl", input=DEPOSITS_2).stdout)
    assert record["deposits"] == 2000, record
    return record


@pytest.mark.parametrize("width", [60, 80, 96, 120])
def test_deposits_2_riichi_are_shown_at_every_width(deposits_2, width):
    """The 2,000 the winner takes from the table was not in the table: after the payments where they
    are shown (96 columns and more), on the row's next line under the amounts where they are not."""
    table = TerminalTable(width)
    rows = table.row(deposits_2).splitlines()
    _assert_fits("\n".join([table.header(), *rows]), width, [deposits_2])
    amounts = 7 + table.hand + 33  # where the payable column ends
    if table.payments:  # in the payments cell, whole, on W:24300's line when it has room (120)
        assert [row[amounts + 2 :] for row in rows] == (
            ["W:24300 +2000 deposits"] if width >= 120 else ["W:24300", "+2000 deposits"]
        )
    else:  # with the payments, on the row's next line under the seat
        assert len(rows) == 2 and rows[0].endswith("6000    6000")
        assert rows[1][table.numbers_at :] == "W:24300 +2000 deposits"


@pytest.mark.parametrize("width", [60, 96])
def test_deposits_of_the_largest_ruleset_fit_the_terminal(deposits_2, width):
    """9,999 deposits of a house ruleset's largest deposit_points: wider than the payments cell at 96
    columns (18), `+N deposits` is parted there between its two words, never run past the width."""
    record = {**deposits_2, "deposits": 9999 * MAX_INT}
    table = TerminalTable(width)
    text = table.row(record)
    _assert_fits(text, width, [record])
    assert text.split()[-2:] == [f"+{9999 * MAX_INT}", "deposits"]


@pytest.mark.parametrize("width", [60, 80])
def test_deposits_2_riichi_on_a_narrow_terminal(tmp_path: Path, width: int):
    """The same through the command on a terminal 60 and 80 columns wide, where the payments have no
    column: riichi's `payable` is the basic points (6000), and the 24,300 West pays stood nowhere (a
    riichi player's trial: an 80-column terminal never showed the money)."""
    hands = tmp_path / "deposits.txt"
    hands.write_text(f"{DEPOSITS_2}\n", encoding="utf-8")
    rows = on_a_terminal(["batch", str(hands)], str(width)).splitlines()
    assert len(rows) == 4 and all(len(row) <= width for row in rows), rows
    assert rows[1].split() == ["payments"] and rows[3].split()[-3:] == ["W:24300", "+2000", "deposits"]
    assert rows[1].index("payments") == rows[0].index("seat") == rows[3].index("W:24300")


@pytest.mark.parametrize("width", [60, 80])
def test_full_width_1b1b1b_refusal_fits_the_terminal(tmp_path: Path, width: int):
    """A refusal quoting what was typed in full-width characters, two cells each, was packed by its
    length: its rows ran 5 cells past a 60-column terminal, which wrapped them across the table."""
    from pungchow_calc.render.layout import cell_width

    hands = tmp_path / "wide.txt"
    hands.write_text(
        '"１ｂ１ｂ１ｂ ３ｃ３ｃ３ｃ ５ｄ５ｄ５ｄ＊ ４ｂ４ｂ４ｂ＊ ７ｃ！７ｃ"\n', encoding="utf-8"
    )
    shown = on_a_terminal(["batch", str(hands)], str(width))
    rows = shown.splitlines()[2:]  # the header above (two lines: payments under the seat)
    assert rows and max(map(cell_width, rows)) <= width, rows
    message = "１ｂ１ｂ１ｂ is not a tile group: it is typed in full-width characters; type 1b1b1b (column 1)"
    assert " ".join(" ".join(rows).split()) == f"1 error [unknown-tile]: {message}"


@pytest.mark.parametrize("line", [123_456, 1_234_567], ids=["line-123456", "line-1234567"])
@pytest.mark.parametrize("width", [60, 80, 120])
def test_line_1234567_fits_the_terminal(records, width, line):
    """A file of over 99,999 entries on a terminal: the line number, wider than its column, pushed the
    row past the width (61 columns at 60); the hand column gives up the room, the numbers stay put."""
    table = TerminalTable(width)
    far = [{**record, "line": line} for record in records]
    text = "\n".join([table.header(), *(table.row(r) for r in far)])
    _assert_fits(text, width, far)
    header = table.header()
    for record in far:
        if "error" not in record:
            first = table.row(record).splitlines()[0]
            assert first.index(" " + str(record["seat"]) + " ") == header.index(" seat ")


@pytest.mark.parametrize("lines", [100_000, 1_234_567], ids=["line-100000", "line-1234567"])
def test_line_100000_piped_keeps_the_numbers_under_their_names(tmp_path, lines):
    """A 100,000-line file's table to a pipe or a file: row 100000 stood a column right of the header
    (row 1234567 two), every number out from under its name; its hand column gives up the room, as on
    a terminal (test_line_1234567_fits_the_terminal), and rows before it are as they were."""
    hand = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"
    path = tmp_path / "far.txt"
    path.write_text(f"{hand} -s s\n" + "\n" * (lines - 2) + f"{hand} -s s\n", encoding="utf-8")
    header, first, far = _piped(["batch", str(path), "--workers", "1"], None).decode().splitlines()
    assert far.startswith(f"{lines}  {hand} ")
    for name in ("seat", "points", "dbl", "score", "payable", "payments"):
        end = header.index(name) + len(name)
        assert first[:end].split()[-1] == far[:end].split()[-1], (name, first, far)
    assert len(far) == len(first)


@pytest.mark.parametrize("width", [60, 80])
def test_zoe_rulesets_fit_an_ascii_terminal(tmp_path, width):
    """On an ASCII terminal `-r Zoë.yaml` is shown `Zo\\xeb.yaml`, three characters more than the
    row was laid out with: a refusal naming it ran past 60 columns. Escaped first, it wraps in time."""
    path = tmp_path / "zoe.txt"
    path.write_text(
        "".join(f"'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' -r {'x' * n}Zoë.yaml\n" for n in range(40)),
        encoding="utf-8",
    )
    shown = on_a_terminal(["batch", str(path)], str(width), encoding="ascii")
    lines = shown.splitlines()
    assert len(lines) > 40 and all(len(line) <= width for line in lines), max(lines, key=len)
    assert shown.count("Zo\\xeb.yaml") == 40


@pytest.mark.parametrize("width", [60, 80])
def test_compare_with_a_long_house_ruleset_path_keeps_it_whole(tmp_path: Path, width: int):
    """`batch --compare /a/long/path/house-rules-of-the-tuesday-club.yaml` and another of that name, whose
    paths name them (their `name:`s and stems alike: ruleset_files.column_names), at 60 columns: the rows
    `score higher under …` cut the path (`house-rul…`); they fold it, whole."""
    from cli_helpers import run

    folder = tmp_path / "a-very-long-folder-name-for-the-club" / "rulesets-of-the-tuesday-evenings"
    folder.mkdir(parents=True)
    house = folder / "house-rules-of-the-tuesday-club.yaml"
    house.write_text((ROOT / "samples" / "house-rules.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "old").mkdir()
    old = tmp_path / "old" / house.name
    old.write_text(house.read_text(encoding="utf-8").replace("limit: 600", "limit: 500"), encoding="utf-8")
    hands = tmp_path / "hands.txt"
    hands.write_text((ROOT / "samples" / "club-evening.txt").read_text(encoding="utf-8"), encoding="utf-8")
    result = run("batch", str(hands), "--compare", str(old), str(house), env={"COLUMNS": str(width)})
    assert result.exit_code == 1  # the sample's two deliberate mistakes
    lines = result.stdout.splitlines()
    assert all(len(line.rstrip()) <= width for line in lines), result.stdout
    assert "…" not in result.stdout
    rows = [line.split("│")[0].strip() for line in lines if "│" in line]
    assert "".join(rows).count(str(house)) == 2  # higher under, lower under: each whole
    # The title and the sentences wrap between words with no trailing space (rich padded the title
    # to the table's width and left a wrapped sentence's last space).
    said = [line for line in lines if "│" not in line and "━" not in line]
    assert said and all(line == line.rstrip() for line in said), said


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize(
    ("hand", "facts"),
    [
        ("7b8b9b* 5c5c3d3d3d2b2b2bNwNwNw!", "-s north"),
        ("1c1c1c2c3c4c5c6c7c8c9c9c9c5c!", "--riichi"),
        ("1d1d1d1d# 2d3d4d5d6d7d8d8d8d9d9d!", "--riichi"),
    ],
    ids=["riichi-pool-open", "nine-gates-pool", "pool-after-a-kong"],
)
def test_concealed_tiles_written_together_fit_the_terminal(tmp_path: Path, width: int, hand: str, facts: str):
    """A riichi hand's concealed tiles written as one word (docs/riichi.md) is longer than the hand column
    at 60 columns (20): the row ran to 69. It is cut between tiles, never inside one, in order."""
    hands = tmp_path / "pooled.txt"
    hands.write_text(f"'{hand}' -r riichi-ema-2016 {facts}\n", encoding="utf-8")
    record = json.loads(_piped(["batch", str(hands), "-f", "jsonl"], None))
    assert "error" not in record, record
    shown = on_a_terminal(["batch", str(hands)], str(width))
    rows = shown.splitlines()[2:]  # the header, payments on its second line
    assert rows and all(len(line) <= width for line in rows), max(rows, key=len)
    column = slice(7, 7 + TerminalTable(width).hand)
    pieces = [row[column].strip() for row in rows]
    assert " ".join(pieces).split() != [] and "".join(" ".join(pieces).split()) == "".join(
        record["hand"].split()
    )
    for piece in " ".join(pieces).split():  # whole tiles: two characters each, a `!` after one
        assert len(piece.replace("!", "").rstrip("*#+=")) % 2 == 0, piece


SCORE_167772160402653184 = {
    "line": 1,
    "hand": "RdRdRdRd# EwEwEwEw* GdGdGdGd# WdWdWdWd# Sw!Sw 1f 2f 3f 4f 1s 2s 3s 4s",
    "seat": "north",
    "points": 5000000012,
    "doublings": 25,
    "score": 167772160402653184,
    "payable": 167772160402653184,
    "payments": {"east": 335544320805306368, "south": 167772160402653184, "west": 167772160402653184},
}


@pytest.mark.parametrize("width", [60, 80, 100, 120])
@pytest.mark.parametrize("score", [1280000003072, 167772160402653184], ids=["13-digits", "18-digits"])
def test_score_167772160402653184_fits_the_terminal(width: int, score: int) -> None:
    """A house ruleset without a limit scores 18 digits: wider than their columns, the amounts pushed the
    row to 76 columns at 60 (the terminal wrapped them across the table) and the payments to 102 at 100.
    The hand column gives up the room, and past its least the amounts go under the hand, each named."""
    record = {**SCORE_167772160402653184, "score": score, "payable": score}
    table = TerminalTable(width)
    text = "\n".join([table.header(), table.row(record)])
    _assert_fits(text, width, [record])
    words = text.split()
    assert {"5000000012", "25", str(score)} <= set(words) and words.count(str(score)) == 2, text
    if table.payments:
        assert {"E:335544320805306368", "S:167772160402653184", "W:167772160402653184"} <= set(words)


# Two rules of 31 doublings on every pung (within the loader's bounds): Rd Gd Wd Ew pungs and a pair.
_BIG = """extends: pung-chow
name: big
rules:
  - {id: d1, label: d1, scope: set, when: [{meld: pung}], doublings: 31}
  - {id: d2, label: d2, scope: set, when: [{meld: pung}], doublings: 31}
"""
_BIG_SCORE = 64 * 2**255  # 79 digits


@pytest.mark.parametrize("width", [60, 80, 100, 120])
def test_score_of_79_digits_under_the_hand_fits_the_terminal(tmp_path: Path, width: int) -> None:
    """Regression: the amounts under the hand were each one word, `score 3705...952` 92 columns wide on a
    terminal of 60, 80 or 100 (a house ruleset without a limit): the number is cut to fit, after its
    name, as `score` wraps it, and reads whole again joined."""
    ruleset, hands = tmp_path / "big.yaml", tmp_path / "hands.txt"
    ruleset.write_text(_BIG, encoding="utf-8")
    hands.write_text("'RdRdRd GdGdGd WdWdWd EwEwEw Sw!Sw'\n", encoding="utf-8")
    rows = on_a_terminal(["batch", str(hands), "-r", str(ruleset)], str(width)).splitlines()
    assert rows and all(len(row) <= width for row in rows), max(rows, key=len)
    words = " ".join(rows[1:]).split()  # below the header
    for name in ("score", "payable"):  # its pieces follow its name, on the lines after it
        at = words.index(name)
        digits = "".join(itertools.takewhile(str.isdigit, words[at + 1 :]))
        assert digits == str(_BIG_SCORE), (name, rows)


@pytest.mark.parametrize("width", [60, 80])
def test_ruleset_not_found_at_a_path_of_150_letters_fits_the_terminal(tmp_path: Path, width: int) -> None:
    """A refusal naming a path longer than the line (`-r /…/nonexistent-xxx…x.yaml`): the path was kept
    whole on a line of its own, 180 columns on a terminal 60 wide. It breaks after a `/`, then at the
    width, every letter kept in order."""
    missing = tmp_path / "rulesets" / f"nonexistent-{'x' * 150}.yaml"
    hands = tmp_path / "hands.txt"
    hands.write_text(f"'RdRdRd GdGdGd* WdWdWd 2b3b4b 9c!9c' -r {missing}\n", encoding="utf-8")
    rows = on_a_terminal(["batch", str(hands)], str(width)).splitlines()[2:]
    assert rows and all(len(row) <= width for row in rows), max(rows, key=len)
    assert "".join("".join(rows).split()) == f"1error[ruleset-not-found]:{missing}:filenotfound"


@pytest.mark.parametrize("width", [60, 80])
def test_compare_errors_on_a_terminal_fit_its_width(tmp_path: Path, width: int) -> None:
    """Regression (a user trial): `batch --compare`'s list of errors on standard error ran to 172
    characters on a 60-column terminal (the table and summaries wrapped); wrapped there, later lines
    indented, and one line each for a program reading it."""
    path = tmp_path / "hands.txt"
    path.write_text("'1b2b3b 4b5b6b 7c8c9c 2d3d4d Rd!Rd' -s=north\n", encoding="utf-8")
    args = ["batch", str(path), "--compare", "pung-chow", "classical-bmja"]
    shown = on_a_terminal(args, str(width), stderr=True)
    lines = [line for line in shown.splitlines() if line]
    assert len(lines) >= 2 and all(len(line) <= width for line in lines), shown
    assert "line 1: error [bad-option]" in shown
    piped = run(*args)
    said = [line for line in piped.stderr.splitlines() if line.startswith("line 1: error")]
    assert len(said) == 1 and len(said[0]) > 80, piped.stderr
