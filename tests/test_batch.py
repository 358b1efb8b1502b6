"""`pungchow batch`: one record per entry, in order, every format, stdin, YAML, streaming, workers."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import queue
import re
import shlex
import subprocess
import sys
import threading
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import IO, Any

import pytest
from cli_helpers import Result, off_the_line, typer_probe
from cli_helpers import run as run_main
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pungchow_calc import options as opts
from pungchow_calc.batch import scoring
from pungchow_calc.batch import workers as bw
from pungchow_calc.batch.entry import Entry, FileError
from pungchow_calc.batch.formats import CSV_COLUMNS
from pungchow_calc.batch.input import Source
from pungchow_calc.batch.run import run as run_entries
from pungchow_calc.batch.scoring import Job, Scorer
from pungchow_calc.batch.words import split_line

ROOT = Path(__file__).resolve().parent.parent
PUNGS = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"  # Part I: 48 points, East collects 96 from each
NORTH_HAND = "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw"  # docs/json.md: north, 5760, East pays 11520

MIXED = f"""# club evening, table 1
{PUNGS}

"{NORTH_HAND}" --seat north
1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c7c
"unbalanced quote
{PUNGS} -r no-such-ruleset
{PUNGS} --bogus
   # an indented comment
"123c 456c 789c 234d 5d!5d" --drawn -s s   # a trailing comment
"""
# (line, error code or None) for every entry of MIXED, in order: blank and comment lines give none.
MIXED_RECORDS = [
    (2, None),
    (4, None),
    (5, "no-winning-tile"),
    (6, "bad-line"),
    (7, "ruleset-not-found"),
    (8, "bad-option"),
    (10, None),
]


def run(*args: str, input: str | None = None) -> Result:
    return run_main(*args, input=input)


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    path = tmp_path / "evening.txt"
    path.write_text(MIXED, encoding="utf-8")
    return path


def test_mixed_file_one_record_per_entry_with_line_numbers(mixed: Path):
    result = run("batch", str(mixed), "--format", "jsonl")
    assert result.exit_code == 1  # some entries failed
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["line"], r["error"]["code"] if "error" in r else None) for r in records] == MIXED_RECORDS
    first, north, *_ = records
    assert (first["points"], first["doublings"], first["score"], first["payable"]) == (48, 0, 48, 48)
    assert first["payments"] == {"south": 96, "west": 96, "north": 96}
    assert first["hand"] == PUNGS and first["seat"] == "east" and first["ruleset"] == "pung-chow"
    assert (north["points"], north["doublings"], north["score"]) == (90, 6, 5760)
    assert north["payments"] == {"east": 11520, "south": 5760, "west": 5760}
    last = records[-1]
    assert (last["seat"], last["win_by"], last["points"], last["score"]) == ("south", "wall", 22, 22)
    assert last["payments"] == {"east": 44, "west": 22, "north": 22}
    assert records[3]["error"] == {
        "code": "bad-line",
        "message": 'cannot split line: " opens a quotation that is never closed (column 1)',
        "column": 1,
    }
    assert "no-such-ruleset" in records[4]["error"]["message"]
    assert records[5]["error"] == {  # the word's column on its line, as a word besides the hand's
        "code": "bad-option",
        "message": "No such option: --bogus (column 37)",
        "column": 37,
    }


def test_all_good_exits_zero(tmp_path: Path):
    path = tmp_path / "good.txt"
    path.write_text(f"{PUNGS}\n'{NORTH_HAND}' -s n\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 0
    assert [json.loads(x)["score"] for x in result.stdout.splitlines()] == [48, 5760]


def test_json_format_is_one_array(mixed: Path):
    result = run("batch", str(mixed), "--format", "json")
    assert result.exit_code == 1
    records = json.loads(result.stdout)
    assert [r["line"] for r in records] == [line for line, _ in MIXED_RECORDS]
    assert records[1]["score"] == 5760


def test_json_format_empty_file(tmp_path: Path):
    path = tmp_path / "empty.txt"
    path.write_text("# nothing to score\n\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []
    assert result.stderr == f"batch: no entries in {path}: nothing was scored\n"


@pytest.mark.parametrize(
    ("name", "text", "args"),
    [
        ("empty.txt", "", ()),
        ("blank.txt", "# nothing\n\n   \n", ("--format", "jsonl")),
        ("comments.txt", "# a header\n", ("--format", "csv")),
        ("empty-list.yaml", "[]\n", ()),
        ("compare.txt", "", ("--compare", "pung-chow", "classical-bmja")),
    ],
    ids=["empty", "blank-jsonl", "comment-csv", "empty-yaml-list", "compare"],
)
def test_a_file_of_no_entries_is_said_on_stderr_and_exits_0(
    tmp_path: Path, name: str, text: str, args: tuple[str, ...]
):
    """An empty file is most likely the wrong file: the organiser is told, piped or not, in one line
    (docs/batch.md); the output is what it always was, and the exit code 0."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), *args)
    assert result.exit_code == 0
    assert result.stderr == f"batch: no entries in {path}: nothing was scored\n"


def test_no_entries_on_standard_input_says_standard_input():
    result = run("batch", "-", "--format", "jsonl", input="")
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == "batch: no entries in standard input: nothing was scored\n"


def test_csv_format_has_fixed_columns(mixed: Path):
    result = run("batch", str(mixed), "--format", "csv")
    assert result.exit_code == 1
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [int(r["line"]) for r in rows] == [line for line, _ in MIXED_RECORDS]
    first = rows[0]
    assert first["hand"] == PUNGS
    assert (first["points"], first["score"], first["payable"], first["limit"]) == ("48", "48", "48", "")
    assert (first["pay_east"], first["pay_south"], first["pay_west"], first["pay_north"]) == (
        "",
        "96",
        "96",
        "96",
    )
    assert first["winner"] == "true" and first["error_code"] == ""
    bad = rows[3]
    assert bad["hand"] == "" and bad["error_code"] == "bad-line"
    assert bad["error_message"].startswith("cannot split line")


# docs/batch.md: a riichi win on West's discard with 2 deposits on the table, which the winner takes.
DEPOSITS_2 = (
    "'1d2d3d 1d!2d3d 1d2d3d 1d2d3d 4d4d' -r riichi-ema-2016 -s south -w east --riichi --deposits 2 "
    "--honba 1 --from west"
)


def test_deposits_2_riichi_is_in_the_csv_and_the_table():
    """The 2,000 the winner takes from the table was in the JSON records only: the CSV had no column
    for it and the table did not show it, so a club scoring its riichi session to CSV lost it."""
    hands = f"{DEPOSITS_2}\n{PUNGS}\n"
    result = run("batch", "-", "--format", "csv", input=hands)
    assert result.exit_code == 0, result.stderr
    header, *_ = result.stdout.splitlines()
    assert header == (
        "line,hand,ruleset,seat,round,winner,win_by,points,doublings,score,limit,payable,"
        "pay_east,pay_south,pay_west,pay_north,deposits,error_code,error_message"
    )
    riichi, pungs = csv.DictReader(io.StringIO(result.stdout))
    assert (riichi["pay_west"], riichi["deposits"], riichi["error_code"]) == ("24300", "2000", "")
    assert (pungs["pay_south"], pungs["deposits"]) == ("96", "")  # none stated: empty, as `limit`
    table = run("batch", "-", input=hands).stdout.splitlines()  # piped: the fixed columns
    assert table[1].endswith("  W:24300 +2000 deposits") and table[2].endswith("  S:96 W:96 N:96")


def test_table_format(mixed: Path):
    result = run("batch", str(mixed))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["line", "hand", "seat"]
    assert lines[1].split()[0] == "2" and lines[1].rstrip().endswith("S:96 W:96 N:96")
    assert "48" in lines[1].split()
    assert lines[3].split()[:3] == ["5", "error", "[no-winning-tile]:"]
    assert len(lines) == 1 + len(MIXED_RECORDS)


def test_stdin(mixed: Path):
    result = run("batch", "-", "--format", "jsonl", input=mixed.read_text(encoding="utf-8"))
    assert result.exit_code == 1
    records = [json.loads(x) for x in result.stdout.splitlines()]
    assert [(r["line"], r["error"]["code"] if "error" in r else None) for r in records] == MIXED_RECORDS


def test_batch_dora_9z_error_record_has_its_column():
    # The column of a bad indicator was in the message only; the record's `column`, as a hand's
    # error has (docs/json.md), is its column on the line (it was its column in the option's value,
    # 4, which points at nothing on a line: docs/batch.md).
    line = f'"{PUNGS}" -r riichi-ema-2016 --dora 8d,9z\n'
    result = run("batch", "-", "--format", "jsonl", input=line)
    assert result.exit_code == 1
    column = line.index("9z") + 1
    assert json.loads(result.stdout)["error"] == {
        "code": "bad-option",
        "message": "--dora: 9z is not a tile group: winds are Ew Sw Ww Nw (riichi's 1z-4z), dragons Wd Gd Rd "
        f"(5z-7z) (column {column})",
        "column": column,
    }


STDIN_LISTS = {
    "json": f'[{{"hand": "{PUNGS}", "seat": "south"}},\n {{"hand": "{PUNGS}"}}]\n',
    "yaml": f"- hand: {PUNGS}\n  seat: south\n- hand: {PUNGS}\n",
}


@pytest.mark.parametrize("kind", ["json", "yaml"])
def test_stdin_json_list_is_refused_with_a_hint_not_an_error_on_every_line(kind: str):
    # Standard input is read as text lines: a JSON (or YAML) list piped to `batch -` was an error record
    # on every line; it is refused at once, the option that reads it named (docs/batch.md).
    result = run("batch", "-", "--format", "jsonl", input=STDIN_LISTS[kind])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: line 1: standard input is read as text lines, and this one starts a {kind.upper()} list:"
        f" give --input-format {kind} (or --input-format text)\n"
    )


@pytest.mark.parametrize("first", ["[1, 2]", "[1,", "[-3.5e2]", "[true, false]", "[null,"])
def test_stdin_json_list_of_numbers_is_refused_with_a_hint_not_an_error_record(first: str):
    # `echo '[1, 2]' | pungchow batch -` was the error record `groups are separated by spaces, not commas`
    # (exit 1): a JSON list whose first item is a number, true, false or null starts a JSON list as
    # `["...` does, and is refused at once with the option that reads it (docs/batch.md).
    result = run("batch", "-", "--format", "jsonl", input=f"{first}\n3]\n")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "error: line 1: standard input is read as text lines, and this one starts a JSON list:"
        " give --input-format json (or --input-format text)\n"
    )


@pytest.mark.parametrize("first", ["[1st table]", "[Table 1]", "[1b1b1b 3c3c3c]"])
def test_stdin_header_in_brackets_is_a_line_error_record_not_a_json_list(first: str):
    # A header a text file may start with is that line's error record, the lines after it scored.
    result = run("batch", "-", "--format", "jsonl", input=f"{first}\n{PUNGS}\n")
    assert result.exit_code == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["line"], "error" in r) for r in records] == [(1, True), (2, False)]


def test_stdin_json_lines_are_refused_with_a_hint_not_an_error_on_every_line():
    """JSON Lines piped in (`jq -c`, one mapping a line) were an error record on every line, each naming
    a word at column 10 (`a line takes the hand as one argument`), nothing said of JSON; as a JSON list
    is, they are refused at once, with how a batch reads them (docs/batch.md)."""
    jsonl = "".join(json.dumps({"hand": PUNGS, "seat": seat}) + "\n" for seat in ("south", "west"))
    result = run("batch", "-", "--format", "jsonl", input=jsonl)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "error: line 1: standard input is read as text lines, and this one is a JSON mapping, as JSON Lines"
        " hold: a batch reads them in one JSON list (jq -s . | pungchow batch - --input-format json)\n"
    )
    listed = run("batch", "-", "--format", "jsonl", "--input-format", "text", input=jsonl)
    assert listed.exit_code == 1 and len(listed.stdout.splitlines()) == 2  # read as lines, when said


@pytest.mark.parametrize(
    ("name", "kind", "text", "said"),
    [
        pytest.param(
            "hands.txt",
            "json",
            f"# table 2\n\n{PUNGS} --seat south\n",
            '{path} line 3: a JSON batch file is a list of mappings ([{{"hand": ...}}]), and this one starts'
            " with text: a text batch file is read with --input-format text",
            id="text-file-as-json",
        ),
        pytest.param(
            "hands.txt",
            "yaml",
            f"'{PUNGS}' --seat south\n",
            "{path} line 1: a YAML batch file is a list of mappings (- hand: ...), and this one starts with"
            " text: a text batch file is read with --input-format text",
            id="text-file-as-yaml",
        ),
        pytest.param(
            "hands.jsonl",
            "json",
            f'{{"hand": "{PUNGS}"}}\n{{"hand": "{PUNGS}"}}\n',
            '{path} line 1: a JSON batch file is a list of mappings ([{{"hand": ...}}]), and this one starts'
            " with a mapping, as JSON Lines do: put the mappings in one list (jq -s .)",
            id="json-lines-as-json",
        ),
        pytest.param(
            "-",
            "json",
            f'\n{{"hand": "{PUNGS}"}}\n',
            'standard input line 2: a JSON batch file is a list of mappings ([{{"hand": ...}}]), and this one'
            " starts with a mapping, as JSON Lines do: put the mappings in one list (jq -s .)",
            id="json-lines-piped-as-json",
        ),
        pytest.param(
            "hands.yaml",
            "yaml",
            f"hand: {PUNGS}\nseat: south\n",
            "{path} line 1: a YAML batch file is a list of mappings (- hand: ...), and this one starts with a"
            " mapping: begin each entry with `- `",
            id="yaml-entry-without-its-dash",
        ),
        pytest.param(
            "n.json",
            "json",
            "\n\n42\n",
            '{path} line 3: a JSON batch file is a list of mappings ([{{"hand": ...}}])',
            id="a-number",
        ),
    ],
)
def test_a_file_read_as_a_list_that_is_none_is_refused_at_its_line_with_what_it_is(
    tmp_path: Path, name: str, kind: str, text: str, said: str
):
    """`--input-format json` given a text hand file (or JSON Lines) said `a JSON batch file is a list of
    mappings` and no more: not where, nor what it held instead. One line, with the file and line."""
    path = "-" if name == "-" else str(tmp_path / name)
    if name != "-":
        Path(path).write_text(text, encoding="utf-8")
    result = run("batch", path, "--input-format", kind, input=text if name == "-" else None)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: {said.format(path=path)}\n"


@pytest.mark.parametrize("kind", ["json", "yaml"])
def test_stdin_json_list_with_input_format_json_is_read_as_a_json_file_is(kind: str, tmp_path: Path):
    path = tmp_path / f"hands.{kind}"
    path.write_text(STDIN_LISTS[kind], encoding="utf-8")
    from_file = run("batch", str(path), "--format", "jsonl")
    piped = run("batch", "-", "--format", "jsonl", "--input-format", kind, input=STDIN_LISTS[kind])
    assert (piped.exit_code, piped.stdout) == (0, from_file.stdout)
    assert [json.loads(x)["seat"] for x in piped.stdout.splitlines()] == ["south", "east"]


def test_stdin_yaml_list_with_input_format_text_is_read_as_lines():
    result = run("batch", "-", "--format", "jsonl", "--input-format", "text", input=STDIN_LISTS["yaml"])
    assert result.exit_code == 1
    assert [json.loads(x)["line"] for x in result.stdout.splitlines()] == [1, 2, 3]


@pytest.mark.parametrize(
    "first",
    ["[Table 1]", "[table-1] east round", "-s south", "--seat south", "# [{", f'"{PUNGS}"', f'-- "{PUNGS}"'],
    ids=["[Table 1]", "[table-1]-east-round", "-s-south", "--seat-south", "comment", "hand", "--hand"],
)
def test_stdin_first_line_like_no_list_is_still_read_as_text(first: str):
    # Only a line that starts a JSON or YAML list is refused: a header in brackets is an error record of
    # its own, as before, and the lines after it are scored.
    result = run("batch", "-", "--format", "jsonl", input=f"{first}\n{PUNGS}\n")
    assert result.exit_code in (0, 1) and json.loads(result.stdout.splitlines()[-1])["score"] == 48


def test_input_format_yaml_reads_a_file_of_any_name(tmp_path: Path):
    path = tmp_path / "hands.list"
    path.write_text(STDIN_LISTS["yaml"], encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl", "--input-format", "yaml")
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 2


def test_input_format_JSON_in_capitals_is_refused():
    result = run("batch", "-", "--input-format", "JSON", input=STDIN_LISTS["json"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "error: --input-format: 'JSON' is not one of text, yaml, json\n"


def test_default_ruleset_and_line_override(tmp_path: Path):
    path = tmp_path / "r.txt"
    path.write_text(f"{PUNGS}\n{PUNGS} -r pung-chow\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl", "--ruleset", "pung-chow-limit")
    assert result.exit_code == 0
    first, second = (json.loads(x) for x in result.stdout.splitlines())
    assert first["ruleset"] == "pung-chow-limit" and first["limit"] == 300
    mahjongg = next(line for line in first["lines"] if line["rule"] == "mah_jongg")
    assert mahjongg["points"] == 10
    assert second["ruleset"] == "pung-chow" and second["score"] == 48


@pytest.mark.parametrize(
    ("name", "text"),
    [
        pytest.param("secret.txt", "{PUNGS} -r {path}\n", id="text-line"),
        pytest.param("htpasswd", "{PUNGS} -r {path}\n", id="text-line-no-suffix"),
        pytest.param("secret.txt", "- hand: {PUNGS}\n  ruleset: {path}\n", id="yaml-item"),
    ],
)
def test_a_line_r_etc_passwd_is_not_read_and_its_lines_are_not_quoted(tmp_path: Path, name: str, text: str):
    """Regression: a line's `-r /etc/shadow` read the file as a ruleset, and its record quoted every line
    of it (each refused as an unknown key): a batch file from elsewhere opens no file but a .yaml/.yml
    one (docs/batch.md). The batch's own -r reads the path typed, as score's does."""
    secret = tmp_path / name
    secret.write_text("bob:$apr1$x$secretHASH\n", encoding="utf-8")
    batch = tmp_path / ("b.yaml" if text.startswith("-") else "b.txt")
    batch.write_text(text.format(PUNGS=PUNGS, path=secret), encoding="utf-8")
    result = run("batch", str(batch), "--format", "jsonl")
    assert result.exit_code == 1 and "secretHASH" not in result.stdout + result.stderr
    (record,) = (json.loads(line) for line in result.stdout.splitlines())
    assert (record["error"]["code"], record["error"]["file"]) == ("ruleset-not-yaml", str(secret))
    assert record["error"]["message"].startswith(f"{secret}: a line's ruleset file is read only if its name")
    own = run("batch", str(batch), "--format", "jsonl", "-r", str(secret))
    assert own.exit_code == 2 and "ruleset-not-yaml" not in own.stderr  # read, and refused as a ruleset


@pytest.mark.parametrize(
    ("line", "column"),
    [
        pytest.param(f"'{PUNGS}' -seat east --drawn", 39, id="quoted"),
        pytest.param(f"{PUNGS} --drawn -seat east", 45, id="unquoted"),
    ],
)
def test_a_line_with_seat_typed_with_one_hyphen_is_told_so_as_score_tells_it(
    tmp_path: Path, line: str, column: int
):
    """Regression (a tournament trial): `-seat east`, read as `-s eat`, left `east` standing, and the
    record blamed the hand (`east follows the quoted hand`) where `score` says what is wrong."""
    path = tmp_path / "t.txt"
    path.write_text(line + "\n", encoding="utf-8")
    (record,) = (json.loads(x) for x in run("batch", str(path), "--format", "jsonl").stdout.splitlines())
    said = "-seat is not an option: type --seat (a long option takes two hyphens)"
    assert record["error"] == {"code": "bad-option", "message": f"{said} (column {column})", "column": column}
    score = run("score", PUNGS, "-seat", "east")
    assert said in score.stderr


YAML_ENTRIES = f"""# a YAML batch file
- hand: {PUNGS}
- hand: "{NORTH_HAND}"
  seat: north
  win-by: discard
- hand: 123c 456c 789c 234d 5d!5d
  drawn: true
  seat: s
- hand: {PUNGS}
  seat: [east]
- seat: east
- hand: {PUNGS}
  colour: red
- hand: {PUNGS}
  limit: null
  loser: false
- "{PUNGS} -s w"
- 42
"""


# Regression: `[1, 2]`'s items (and `- [1b1b1b]`, `- null`) were `an entry is a mapping (hand: ...)`: the
# string of score's arguments an entry may also be left unsaid, and what the item was not named.
@pytest.mark.parametrize(
    ("name", "text", "got"),
    [
        pytest.param("hands.json", "[1, 2]\n", ["1", "2"], id="json-1-2"),
        pytest.param("hands.json", '[["1b1b1b"], null]\n', ["a list", "null"], id="json-list-null"),
        pytest.param("hands.yaml", "- true\n- [1b1b1b]\n", ["true", "a list"], id="yaml-true-list"),
    ],
)
def test_list_item_neither_mapping_nor_text_says_what_an_entry_is(tmp_path: Path, name, text, got):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    said = [json.loads(x)["error"]["message"] for x in result.stdout.splitlines()]
    shape = '{"hand": ...}' if name.endswith(".json") else "hand: ..."  # as its file writes a mapping
    assert said == [f"an entry is a mapping ({shape}) or a string of score's arguments, got {g}" for g in got]


# Regression: a JSON file's items were told their shapes in YAML (`no hand given (hand: ...)`).
@pytest.mark.parametrize(
    ("item", "message"),
    [
        pytest.param('{"seat": "north"}', 'no hand given ({"hand": ...})', id="seat-north-no-hand"),
        pytest.param(
            '{"hand": "1b1b1b", "dora": [1]}', 'dora: expects tiles, e.g. ["4c", "Nw"], got 1', id="dora-1"
        ),
        pytest.param(
            '{"hand": "1b1b1b", "ura": {"a": 1}}',
            'ura: expects tiles, as text or a list (e.g. ["4c", "Nw"]), not a mapping or a nested list',
            id="ura-mapping",
        ),
    ],
)
def test_json_item_refusals_show_json_shapes(tmp_path: Path, item: str, message: str) -> None:
    path = tmp_path / "hands.json"
    path.write_text(f"[{item}]\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl", "-r", "riichi-ema-2016")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"]["message"] == message


def test_yaml_file(tmp_path: Path):
    path = tmp_path / "evening.yaml"
    path.write_text(YAML_ENTRIES, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    records = [json.loads(x) for x in result.stdout.splitlines()]
    got = [(r["line"], r.get("score"), r["error"]["code"] if "error" in r else None) for r in records]
    assert got == [
        (2, 48, None),
        (3, 5760, None),
        (6, 22, None),
        (9, None, "bad-entry"),
        (11, None, "bad-entry"),
        (12, None, "bad-entry"),
        (14, 48, None),
        (17, 48, None),  # west wins: East pays double (below)
        (18, None, "bad-entry"),
    ]
    messages = [r["error"]["message"] for r in records if "error" in r]
    assert messages == [
        "seat: expects a single value, not a list or mapping",
        "no hand given (hand: ...)",
        "unknown option 'colour'",
        "an entry is a mapping (hand: ...) or a string of score's arguments, got 42",
    ]
    assert records[7]["payments"] == {"east": 96, "south": 48, "north": 48}


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        # YAML keeps the last of a key written twice: this entry was scored for north, on a guess
        (f"hand: {PUNGS}\n  seat: south\n  seat: north", "seat: given twice in this entry"),
        (
            f"hand: {PUNGS}\n  win-by: wall\n  win_by: discard",
            "win_by: given twice (also as win-by) in this entry",
        ),
        (f"hand: {PUNGS}\n  from: s\n  discarder: n", "discarder: given twice (also as from) in this entry"),
        (f"hand: 9z9z\n  hand: {PUNGS}", "hand: given twice in this entry"),
        (f"hand: {PUNGS}\n  drawn: false\n  Drawn: true", "Drawn: given twice (also as drawn) in this entry"),
        # a key that is itself a list was shown as an internal class's repr
        (f"{{? [a] : b, hand: {PUNGS}}}", "option names are text, got a list or mapping"),
    ],
    ids=[
        "seat-south-seat-north",
        "win-by-and-win_by",
        "from-and-discarder",
        "hand-twice",
        "drawn-Drawn",
        "list-key",
    ],
)
def test_yaml_entry_saying_one_thing_twice(tmp_path: Path, entry: str, message: str):
    twice, good = _yaml_records(tmp_path, f"- {entry}\n- hand: {PUNGS}\n")
    assert twice == {"line": 1, "error": {"code": "bad-entry", "message": message}}
    assert good["score"] == 48


def _yaml_records(tmp_path: Path, text: str) -> list[dict[str, Any]]:
    """The JSONL records of `batch` over a YAML file holding `text`, one of them an error (exit 1)."""
    path = tmp_path / "entries.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    return _unnumbered([json.loads(x) for x in result.stdout.splitlines()])


def _unnumbered(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A list's records, each checked to name its item (1, 2, ...) and that key then left out; a refused
    one's `column`, where the item starts on its line (tests/test_batch_columns.py), too."""
    assert [record.pop("item") for record in records] == list(range(1, len(records) + 1))
    for record in records:
        column = record.pop("column", None)
        assert column is None or ("error" in record and column >= 1), record
    return records


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("seat: *s", "seat: *s is a YAML alias, which a batch entry does not read: write the value"),
        # An alias as a key is no option name, whatever its anchor is called.
        ("*s : west", "option names are text, got *s, a YAML alias"),
    ],
    ids=["seat-*s", "*s-key"],
)
def test_yaml_entry_seat_alias_is_refused_as_an_alias(tmp_path: Path, entry: str, message: str):
    # `seat: *s` was refused as "expects a single value, not a list or mapping", which it is not.
    good, alias = _yaml_records(tmp_path, f"- hand: {PUNGS}\n  seat: &s south\n- hand: {PUNGS}\n  {entry}\n")
    assert good["seat"] == "south"
    assert alias == {"line": 3, "error": {"code": "bad-entry", "message": message}}


# Regression: a value was shown as Python prints it (`got True`, `got None`, `datetime.date(2026, 1, 1)`),
# not as the YAML the user wrote (engine.errors.as_written, as a ruleset's refusals show theirs).
@pytest.mark.parametrize(
    ("entry", "message"),
    [
        pytest.param("hand: true", "hand: expects text, got true", id="hand-true"),
        pytest.param("hand: ~", "hand: expects text, got null", id="hand-tilde"),
        pytest.param("hand: 2026-01-01", "hand: expects text, got 2026-01-01", id="hand-2026-01-01"),
        pytest.param("hand: .nan", "hand: expects text, got .nan", id="hand-.nan"),
        pytest.param(
            f"hand: {PUNGS}\n  drawn: null", "drawn: expects true or false, got null", id="drawn-null"
        ),
        pytest.param(f"hand: {PUNGS}\n  seat: false", "seat: expects a value, got false", id="seat-false"),
        pytest.param(f"hand: {PUNGS}\n  seat: null", "seat: expects a value, got null", id="seat-null"),
        pytest.param(
            f"hand: {PUNGS}\n  limit: true",
            "limit: expects a whole number (or null for no limit), got true",
            id="limit-true",
        ),
        pytest.param(
            f"hand: {PUNGS}\n  limit: -.inf",
            "limit: expects a whole number (or null for no limit), got -.inf",
            id="limit--.inf",
        ),
        pytest.param(f"hand: {PUNGS}\n  true: x", "option names are text, got true", id="true-key"),
        pytest.param(f"hand: {PUNGS}\n  ~: x", "option names are text, got null", id="tilde-key"),
    ],
)
def test_yaml_entry_value_is_shown_as_yaml_writes_it(tmp_path: Path, entry: str, message: str):
    bad, good = _yaml_records(tmp_path, f"- {entry}\n- hand: {PUNGS}\n")
    assert bad == {"line": 1, "error": {"code": "bad-entry", "message": message}}
    assert good["score"] == 48


# Regression: a number or date given to an option that takes text was passed on as Python prints it:
# `seat: .nan` was the text `nan`, riichi's word for south, and hinted so.
@pytest.mark.parametrize(
    ("entry", "message"),
    [
        pytest.param(
            "seat: .nan",
            "--seat: '.nan' is not a wind (east, south, west, north or e, s, w, n)",
            id="seat-.nan",
        ),
        pytest.param(
            "seat: .inf",
            "--seat: '.inf' is not a wind (east, south, west, north or e, s, w, n)",
            id="seat-.inf",
        ),
    ],
)
def test_yaml_entry_seat_dot_nan_is_read_as_yaml_writes_it(tmp_path: Path, entry: str, message: str):
    bad, good = _yaml_records(tmp_path, f"- hand: {PUNGS}\n  {entry}\n- hand: {PUNGS}\n")
    assert bad == {"line": 1, "error": {"code": "bad-option", "message": message}}
    assert good["score"] == 48


ITEM_ALIAS = "*a is a YAML alias, which a batch entry does not read: write the entry"


def _what(record: dict[str, Any]) -> Any:
    """A record as the alias table says it: a bad entry's message, another error's code, or the score."""
    error = record.get("error")
    if error is None:
        return record["score"]
    return error["message"] if error["code"] == "bad-entry" else error["code"]


@pytest.mark.parametrize(
    ("name", "text", "records"),
    [
        ("hands.yaml", f"- *a\n- hand: {PUNGS}\n", [(1, ITEM_ALIAS), (2, 48)]),
        ("hands.yaml", f"- &a {PUNGS}\n- *a\n- {PUNGS}\n", [(1, 48), (2, ITEM_ALIAS), (3, 48)]),
        ("hands.json", f'[*a, "{PUNGS}"]', [(1, ITEM_ALIAS), (1, 48)]),
        ("hands.yaml", f"- *a -s south\n- {PUNGS}\n", [(1, "bad-yaml")]),
    ],
    ids=["item-*a", "anchored-item-then-*a", "json-*a", "item-*a-s-south"],
)
def test_yaml_item_alias_is_one_bad_entry_record(
    tmp_path: Path, name: str, text: str, records: list[tuple[int, Any]]
):
    # Regression: an alias as a list item (`- *a`) was an AttributeError traceback ('AliasEvent' object
    # has no attribute 'flow_style') that ended the batch, every entry after it lost.
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    said = [(r["line"], _what(r)) for r in map(json.loads, result.stdout.splitlines())]
    assert (result.exit_code, said) == (1, records)


LIMIT_HAND = "RdRdRd GdGdGd WdWdWd 1b1b1b 2b!2b"  # 1664 under pung-chow-limit: 300 with its limit


@pytest.mark.parametrize(
    ("entry", "payable"),
    [
        # YAML reads an empty value as null, and `limit: null` is no limit: a value left to fill in lifted
        # the limit, East collecting 9,984 where the ruleset's limit pays him 1,800.
        pytest.param("  limit:\n", None, id="limit-empty"),
        pytest.param("  limit:   # to fill in\n", None, id="limit-empty-then-a-comment"),
        pytest.param("  limit: null\n", 1664, id="limit-null"),
        pytest.param("  limit: ~\n", 1664, id="limit-tilde"),
        pytest.param("", 300, id="no-limit-key"),
    ],
)
def test_an_empty_limit_in_a_yaml_entry_is_refused_not_read_as_no_limit(
    tmp_path: Path, entry: str, payable: int | None
):
    path = tmp_path / "hands.yaml"
    path.write_text(f"- hand: {LIMIT_HAND}\n  ruleset: pung-chow-limit\n{entry}", encoding="utf-8")
    record = json.loads(run("batch", str(path), "--format", "jsonl").stdout)
    if payable is None:
        message = "limit: is empty: give a whole number, or null for no limit"
        assert record == {
            "line": 1,
            "item": 1,
            "column": 3,
            "error": {"code": "bad-entry", "message": message},
        }
    else:
        assert record["payable"] == payable


@pytest.mark.parametrize(
    ("written", "payable"),
    [
        # YAML 1.1 read these as 192, 1000, 100 and 500: `limit: 0300` capped the hand at 192 where a text
        # line's `--limit 0300` caps it at 300.
        pytest.param("0300", None, id="0300"),
        pytest.param("1_000", None, id="1_000"),
        pytest.param("1:40", None, id="1:40"),
        pytest.param("0x1f4", None, id="0x1f4"),
        pytest.param("+500", None, id="+500"),
        pytest.param("500", 500, id="500"),
    ],
)
def test_a_yaml_limit_written_as_yaml_reads_no_number_is_refused(
    tmp_path: Path, written: str, payable: int | None
):
    path = tmp_path / "hands.yaml"
    path.write_text(
        f"- hand: {LIMIT_HAND}\n  ruleset: pung-chow-limit\n  limit: {written}\n", encoding="utf-8"
    )
    record = json.loads(run("batch", str(path), "--format", "jsonl").stdout)
    if payable is None:
        message = (
            f"limit: {written} is a number YAML reads in its own way (0300 as octal 192, 1:40 as 100): write"
            " the digits alone, with no leading 0"
        )
        assert record == {
            "line": 1,
            "item": 1,
            "column": 3,
            "error": {"code": "bad-entry", "message": message},
        }
    else:
        assert record["payable"] == payable


def test_a_yaml_count_with_a_leading_0_reads_as_a_text_line_reads_it(tmp_path: Path):
    # `honba: 010` was 8 counters (octal), where `--honba 010` is 10: the discarder paid 5,300, not 5,900.
    hand = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
    path = tmp_path / "hands.yaml"
    path.write_text(
        f"- hand: {hand}\n  ruleset: riichi-ema-2016\n  riichi: true\n  honba: 010\n"
        f"- {hand} -r riichi-ema-2016 --riichi --honba 010\n",
        encoding="utf-8",
    )
    yaml_record, text_record = map(
        json.loads, run("batch", str(path), "--format", "jsonl").stdout.splitlines()
    )
    assert yaml_record["payments"] == text_record["payments"] == {"discarder": 5900}


@pytest.mark.parametrize(
    ("key", "message"),
    [
        pytest.param("sead: south", "unknown option 'sead' (did you mean 'seat'?)", id="sead"),
        pytest.param(
            "last-tiel: true", "unknown option 'last-tiel' (did you mean 'last-tile'?)", id="last-tiel"
        ),
        pytest.param(
            "last_tiel: true", "unknown option 'last_tiel' (did you mean 'last_tile'?)", id="last_tiel"
        ),
        pytest.param("dicarder: s", "unknown option 'dicarder' (did you mean 'discarder'?)", id="dicarder"),
        pytest.param("colour: red", "unknown option 'colour'", id="colour"),
        # Regression: a key no option has, given a list, a mapping or an alias, was told "colour: expects
        # a single value, not a list or mapping" (or of the alias), as if it were an option.
        pytest.param("colour: [red]", "unknown option 'colour'", id="colour-list"),
        pytest.param("colour: {red: 1}", "unknown option 'colour'", id="colour-mapping"),
        pytest.param(
            "kandora: [1c]",
            "unknown option 'kandora' (riichi's kandora is --dora 4c,Nw: every indicator, kan dora ones "
            "after the first, not the dora they show)",
            id="kandora-list",
        ),
        # Regression: riichi's word as a key said only `unknown option 'tsumo'`.
        pytest.param(
            "tsumo: true", "unknown option 'tsumo' (riichi's tsumo is --drawn, or --win-by wall)", id="tsumo"
        ),
        # Regression: riichi's word for a stated fact said only `unknown option 'chankan'`.
        pytest.param(
            "chankan: true", "unknown option 'chankan' (riichi's chankan is --robbing-kong)", id="chankan"
        ),
        # Regression: riichi's ron was told "did you mean 'round'?" (a close name came before another
        # game's word, where a command line's `--ron` puts that word first).
        pytest.param(
            "ron: true",
            "unknown option 'ron' (riichi's ron is --win-by discard, the default; name the discarder with "
            "--from)",
            id="ron",
        ),
        # Regression: a rule EMA 2016 does not have was told "did you mean 'double_riichi'?" or nothing.
        pytest.param(
            "open_riichi: true",
            "unknown option 'open_riichi' (EMA 2016 has no open riichi: a riichi is --riichi)",
            id="open_riichi",
        ),
        pytest.param(
            "nagashi: true",
            "unknown option 'nagashi' (EMA 2016 has no nagashi mangan: no ruleset here scores it)",
            id="nagashi",
        ),
        # Regression: open tanyao turned off as a key, `kuitan: false`, was told "(riichi's kuitan is open
        # tanyao, ...: nothing to type)", as if turned on, and `kuitan-nashi: true` nothing, on b216755:
        # now both as `--no-kuitan` is (docs/riichi.md "Rules EMA 2016 does not have").
        pytest.param(
            "kuitan: false",
            "unknown option 'kuitan' (EMA 2016 has no closed-only tanyao: riichi-ema-2016 scores tanyao open"
            " as well, nothing to turn off)",
            id="kuitan-false",
        ),
        pytest.param(
            "kuitan-nashi: true",
            "unknown option 'kuitan-nashi' (EMA 2016 has no closed-only tanyao: riichi-ema-2016 scores tanyao"
            " open as well, nothing to turn off)",
            id="kuitan-nashi-true",
        ),
        pytest.param(
            "kuitan: true",
            "unknown option 'kuitan' (riichi's kuitan is open tanyao, which riichi-ema-2016 scores as EMA"
            " 2016 has it: nothing to type)",
            id="kuitan-true",
        ),
        # A word false whose `--no-` word has no hint of its own keeps its own: riichi's pao.
        pytest.param(
            "pao: false",
            "unknown option 'pao' (riichi's pao is settle --feeder SEAT, which riichi-ema-2016 only notes: "
            "settle the liability by hand)",
            id="pao-false",
        ),
        pytest.param(
            "nagashi: false",
            "unknown option 'nagashi' (EMA 2016 has no nagashi mangan: no ruleset here scores it)",
            id="nagashi-false",
        ),
        # Regression: a line's one-letter spelling as a key (`s: south`, `-r: ...`) said only `unknown
        # option 's'`: no name is close to one letter.
        pytest.param("s: south", "unknown option 's' (did you mean 'seat'?)", id="s-south"),
        pytest.param("-w: south", "unknown option '-w' (did you mean 'round'?)", id="-w-south"),
        pytest.param(
            "R: pung-chow-limit", "unknown option 'R' (did you mean 'ruleset'?)", id="R-pung-chow-limit"
        ),
    ],
)
def test_a_mistyped_yaml_key_is_refused_with_a_hint(tmp_path: Path, key: str, message: str):
    """`sead: south` said only `unknown option 'sead'`, where a text line's `--sead` names the options
    it is closest to: the key meant is named, as the entry spells its keys (never taken)."""
    path = tmp_path / "hands.yaml"
    path.write_text(f"- hand: {PUNGS}\n  {key}\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert (result.exit_code, json.loads(result.stdout)) == (
        1,
        {"line": 1, "item": 1, "column": 3, "error": {"code": "bad-entry", "message": message}},
    )


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param('[{"hand": "Rd!Rd"}', 1, id="one-line-no-line-end"),
        pytest.param('[\n{"hand": "Rd!Rd"},\n{"hand": "1b\n', 3, id="three-lines-cut-in-the-last"),
        pytest.param('[\n{"hand": "Rd!Rd"},\n{"hand": "1b', 3, id="three-lines-no-line-end"),
    ],
)
def test_json_batch_cut_short_is_refused_at_its_last_line(tmp_path: Path, text: str, line: int):
    """Regression: a JSON list cut off at the end was refused at a line past the file's last (`line 2`
    of a file of one line): the record says the last line, where the parser gave up, and no entry
    before it is dropped."""
    path = tmp_path / "cut.json"
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    first, broken = [json.loads(x) for x in result.stdout.splitlines()]
    assert (first["line"], first["item"], first["error"]["code"]) == (1 if line == 1 else 2, 1, "tile-count")
    assert (broken["line"], broken["item"], broken["error"]["code"]) == (line, 2, "bad-yaml")


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        pytest.param(b"- hand: Rd!Rd\n\xeb- hand: x\n", 2, None, id="latin-1-byte-starting-line-2"),
        pytest.param(
            "- hand: Rd!Rd\n- hand: [x\n- hand: y\n".encode("utf-16"), 3, 7, id="utf-16-break-on-line-3"
        ),
    ],
)
def test_a_break_before_the_end_keeps_its_line(tmp_path: Path, data: bytes, line: int, column: int | None):
    """A break before the file's end is said where the parser gave up, as before the cut-short mend:
    a byte that is not UTF-8 at the start of line 2 (the lines before it ended), a UTF-16 file's break
    (its lines are not counted as they pass)."""
    path = tmp_path / "hands.yaml"
    path.write_bytes(data)
    result = run("batch", str(path), "--format", "jsonl")
    broken = json.loads(result.stdout.splitlines()[-1])
    assert (broken["line"], broken["error"].get("column"), broken["error"]["code"]) == (
        line,
        column,
        "bad-yaml",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hand: 1b1b1b\n", "a YAML batch file is a list of mappings"),
        (f"- hand: {PUNGS}\n- hand: [unclosed\n", "not valid YAML"),
    ],
    ids=["not-a-list", "broken-yaml"],
)
def test_yaml_file_errors(tmp_path: Path, text: str, message: str):
    path = tmp_path / "bad.yml"
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    if "list" in message:
        assert result.exit_code == 2  # the file as a whole is wrong: no records
        assert result.stdout == ""
        assert message in result.stderr
    else:
        # The entries before the break are scored; one record says where the parser gave up: the end
        # of the file, where the flow list was still open, said at its last line (it said line 3 of a
        # file of two), with no column of it.
        assert result.exit_code == 1
        good, record = [json.loads(x) for x in result.stdout.splitlines()]
        assert (good["line"], good["score"]) == (1, 48)
        assert record["line"] == 2 and record["error"]["code"] == "bad-yaml" and "column" not in record
        assert message in record["error"]["message"]


@pytest.mark.parametrize(
    ("name", "text", "records"),
    [
        ("hands.yaml", f'- "{PUNGS}" -s south\n', [(1, "bad-yaml")]),
        ("hands.yaml", f'- "{PUNGS}"\n- "{PUNGS}" -s south\n- "{PUNGS}"\n', [(1, 48), (2, "bad-yaml")]),
        ("hands.json", f'["{PUNGS}" -s south, "{PUNGS}"]', [(1, "bad-yaml")]),
        ("hands.json", f'["{PUNGS}",\n "{PUNGS}" -s south]', [(1, 48), (2, "bad-yaml")]),
        # A break on a later line than the item's: the item is scored, as any before the break.
        ("hands.yaml", f'- "{PUNGS}"\n x: [\n', [(1, 48), (2, "bad-yaml")]),
        # Regression: an item in braces or brackets, or a list's last item, the break after its `}` or
        # `]`: scored as East, then the break's record on the same line.
        ("hands.yaml", f'- {{hand: "{PUNGS}"}} -s south\n- "{PUNGS}"\n', [(1, "bad-yaml")]),
        ("hands.json", f'[{{"hand": "{PUNGS}"}}] -s south\n', [(1, "bad-yaml")]),
        ("hands.json", f'["{PUNGS}"] -s south\n', [(1, "bad-yaml")]),
        ("hands.yaml", "- [a b] c\n", [(1, "bad-yaml")]),
        (
            "hands.yaml",
            f'- {{hand: "{PUNGS}"}}\n- [a b]\n- {{hand: "{PUNGS}"}} x\n',
            [(1, 48), (2, "bad-entry"), (3, "bad-yaml")],
        ),
        # Regression: an item refused as it was read (its quote left open, or no text) was given its
        # record at once, before its line was read to its end: then the break's, a second record.
        ("hands.yaml", f'- "\'{PUNGS}" -s south\n- "{PUNGS}"\n', [(1, "bad-yaml")]),
        ("hands.json", f'["\'{PUNGS}" -s south, "{PUNGS}"]', [(1, "bad-yaml")]),
        ("hands.yaml", f'- "\'{PUNGS}"\n- ~\n- "{PUNGS}"\n', [(1, "bad-line"), (2, "bad-entry"), (3, 48)]),
    ],
    ids=[
        "quoted-hand-s-south",
        "second-item",
        "json",
        "json-second-line",
        "break-on-the-next-line",
        "braces-s-south",
        "json-list-end-s-south",
        "json-hand-list-end-s-south",
        "list-item-a-b-c",
        "braces-lists-then-a-break",
        "open-quote-hand-s-south",
        "json-open-quote-s-south",
        "open-quote-and-null-items-then-a-hand",
    ],
)
def test_yaml_item_quoted_hand_then_s_south_is_one_bad_yaml_record_not_scored_as_east(
    tmp_path: Path, name: str, text: str, records: list[tuple[int, Any]]
):
    # A text line pasted as an item, `- "HAND" -s south`, is YAML only up to the closing quote: the
    # parser gave the item "HAND" before finding the words after it invalid, and it was scored as East,
    # its -s south dropped, then its line had a second record, the bad-yaml one.
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    got = [json.loads(x) for x in result.stdout.splitlines()]
    assert [(r["line"], r["error"]["code"] if "error" in r else r["score"]) for r in got] == records


@pytest.mark.parametrize(
    ("text", "records"),
    [
        pytest.param(
            f"- hand: {PUNGS}\n  seat: south\n-   hand: {PUNGS}\n  seat: west\n- hand: {PUNGS}\n",
            [(1, 1, 48), (4, 2, "bad-yaml")],
            id="seat-west-under-the-dash-of-an-item-indented-4",
        ),
        pytest.param(f"- hand: {PUNGS}\nseat: west\n", [(2, 1, "bad-yaml")], id="seat-west-at-column-1"),
        # The break is the second item's (a text line's option under it), the first still scored.
        pytest.param(
            f"- hand: {PUNGS}\n  seat: west\n# c\n\n- hand: {PUNGS}\n -s south\n",
            [(1, 1, 48), (6, 2, "bad-yaml")],
            id="s-south-under-the-dash-of-the-second-item",
        ),
    ],
)
def test_yaml_item_with_seat_west_indented_less_than_its_hand_is_one_bad_yaml_record_not_scored_as_east(
    tmp_path: Path, text: str, records: list[tuple[int, int, Any]]
):
    # `-   hand: ...` then `  seat: west`, typed under the dash: the parser ends the mapping at the
    # seat's line, gave the item (scored as East, its seat dropped), and only then broke on that line.
    path = tmp_path / "hands.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    got = [json.loads(x) for x in result.stdout.splitlines()]
    said = [(r["line"], r["item"], r["error"]["code"] if "error" in r else r["score"]) for r in got]
    assert said == records


@pytest.mark.parametrize(
    ("item", "word", "column"),
    [
        pytest.param(f"\"'{PUNGS}' 4f\"", "4f follows the quoted hand", 39, id="quoted-hand-4f"),
        pytest.param(
            "1b1b1b 3c3c3c --drawn 5d5d5d* 4b4b4b* 7c!7c",
            "5d5d5d* is apart from the groups before it",
            23,
            id="groups-either-side-of-an-option",
        ),
        pytest.param(
            "\"'1b1b1b' 3c3c3c 5d5d5d* 4b4b4b* 7c!7c\"",
            "3c3c3c follows the quoted hand",
            10,
            id="'1b1b1b'-3c3c3c",
        ),
        pytest.param(f'["{PUNGS}", "-s s {PUNGS}"]', "3c3c3c is another word after an option", 13, id="json"),
    ],
)
def test_a_word_besides_the_hand_in_a_yaml_item_is_named_with_its_column(
    tmp_path: Path, item: str, word: str, column: int
):
    """A YAML (or JSON) item written as a line of `score` arguments named the stray word but not where
    it stands; its column in the item's text is named as a text line's is (docs/batch.md)."""
    path = tmp_path / "hands.yaml"
    path.write_text(item if item.startswith("[") else f"- {PUNGS}\n- {item}\n", encoding="utf-8")
    _word_refused_after_a_good_hand(path, word, column)


def _word_refused_after_a_good_hand(path: Path, word: str, column: int) -> dict[str, Any]:
    """The batch of `path`, a good hand then one with a stray `word`: that one's bad-line record, which
    names the word and its column."""
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    good, refused = map(json.loads, result.stdout.splitlines())
    assert good["score"] == 48
    error = refused["error"]
    assert (error["code"], error["column"]) == ("bad-line", column)
    assert error["message"].startswith(f"a line takes the hand as one argument: {word}")
    assert error["message"].endswith(f"(column {column})")
    return refused


def test_a_json_file_of_entries_is_read_as_yaml_is(tmp_path: Path):
    """A .json list of entries was read as text lines: `[ is not a tile group`, every entry an error."""
    entries = [{"hand": PUNGS, "seat": "west"}, {"hand": PUNGS, "drawn": True, "limit": None}, "x"]
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(entries, indent=2), encoding="utf-8")
    records = [json.loads(line) for line in run("batch", str(path), "--format", "jsonl").stdout.splitlines()]
    assert [(r["line"], r.get("seat"), r.get("win_by"), r.get("error", {}).get("code")) for r in records] == [
        (2, "west", "discard", None),
        (6, "east", "wall", None),
        (11, None, None, "unknown-tile"),
    ]


@pytest.mark.parametrize(
    "keys",
    [
        pytest.param("json: true", id="json-true"),
        pytest.param("ascii: true", id="ascii-true"),
        pytest.param("json: false\n  ascii: true", id="json-false-ascii-true"),
    ],
)
def test_yaml_entry_json_true_or_ascii_true_is_ignored_as_a_lines_is(tmp_path: Path, keys: str):
    """`json: true` / `ascii: true` was `unknown option 'json'` while a line's `--json` / `--ascii` is
    taken and ignored: the batch's --format says how each record is written (docs/batch.md)."""
    path = tmp_path / "hands.yaml"
    path.write_text(
        f"- hand: {PUNGS}\n  {keys}\n- {PUNGS} --json --ascii\n- hand: {PUNGS}\n", encoding="utf-8"
    )
    first, line, plain = (
        json.loads(x) for x in run("batch", str(path), "--format", "jsonl").stdout.splitlines()
    )
    assert [first.pop("item"), line.pop("item"), plain.pop("item")] == [1, 2, 3]
    assert {**first, "line": 0} == {**line, "line": 0} == {**plain, "line": 0}
    assert "error" not in first


def test_yaml_entry_ascii_1_is_refused_as_a_flag_of_1_is(tmp_path: Path):
    """An output option's value is checked as a flag's is (`drawn: 1`): true or false, not a guess."""
    path = tmp_path / "hands.yaml"
    path.write_text(f"- hand: {PUNGS}\n  ascii: 1\n", encoding="utf-8")
    (record,) = (json.loads(x) for x in run("batch", str(path), "--format", "jsonl").stdout.splitlines())
    assert record["error"] == {"code": "bad-entry", "message": "ascii: expects true or false, got 1"}


def test_missing_file_and_bad_format(tmp_path: Path):
    result = run("batch", str(tmp_path / "nope.txt"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and "cannot read" in result.stderr
    result = run("batch", str(tmp_path), "--format", "xml")
    assert result.exit_code == 2
    assert "--format: 'xml' is not one of table, json, jsonl, csv" in result.stderr


# Regression: `batch -f JSON` said `--format must be one of table, json, jsonl, csv`, json among them,
# not what was typed; `evening report --format xml` says `--format: 'xml' is not one of ...`.
def test_format_JSON_in_capitals_is_refused_naming_what_was_typed(tmp_path: Path):
    result = run("batch", "-", "-f", "JSON", input=f"{PUNGS}\n")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "error: --format: 'JSON' is not one of table, json, jsonl, csv\n"


def test_batch_empty_name_says_it_names_no_file():
    # `batch "$HANDS"` with HANDS unset was refused as `: cannot read: Is a directory` (Path("") is the
    # folder the command runs in), as `-r ''` names no ruleset.
    result = run("batch", "", "--format", "jsonl")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "error: '' names no file: give the batch file, or - for standard input\n"


def test_workers_keep_input_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(bw, "CHUNK", 7)
    lines = [PUNGS if i % 5 else "9z9z9z" for i in range(1, 61)]
    entries = [Entry(i, text=line) for i, line in enumerate(lines, start=1)]
    single = list(run_entries(iter(entries), Job(encode="json"), workers=1))
    parallel = list(run_entries(iter(entries), Job(encode="json"), workers=2, inline=3))
    assert parallel == single
    assert [json.loads(p)["line"] for _, p in parallel] == list(range(1, 61))
    assert [ok for ok, _ in parallel] == [i % 5 != 0 for i in range(1, 61)]


def test_batch_with_workers_on_the_command_line(tmp_path: Path):
    path = tmp_path / "many.txt"
    path.write_text("".join(f"{PUNGS}\n" if i % 3 else "bad\n" for i in range(1, 2101)), encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl", "--workers", "2")
    assert result.exit_code == 1
    records = [json.loads(x) for x in result.stdout.splitlines()]
    assert [r["line"] for r in records] == list(range(1, 2101))
    assert sum("error" in r for r in records) == 700


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_workers_send_joined_lines_the_same_output(tmp_path: Path, fmt: str):
    """JSONL and CSV chunks come from the workers joined (formats.Lines): the same bytes as in-process,
    and an error past the entries scored in-process still makes the exit code 1."""
    path = tmp_path / "many.txt"
    lines = [PUNGS if i % 997 else "9z9z9z  # a bad hand, far down" for i in range(1, 2101)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    alone = run("batch", str(path), "--format", fmt, "--workers", "1")
    parallel = run("batch", str(path), "--format", fmt, "--workers", "2")
    assert (parallel.exit_code, alone.exit_code) == (1, 1)
    assert parallel.stdout == alone.stdout
    if fmt == "jsonl":
        records = [json.loads(line) for line in parallel.stdout.splitlines()]
        assert [r["line"] for r in records if "error" in r] == [997, 1994]
    else:
        rows = list(csv.DictReader(io.StringIO(parallel.stdout)))
        assert [row["line"] for row in rows if row["error_code"]] == ["997", "1994"]


@pytest.mark.parametrize("encode", ["json", "csv"])
def test_lines_are_the_output_lines_of_their_records(encode: str):
    """formats.Lines.of joins the records as output_line writes each, one by one."""
    from pungchow_calc.batch.formats import Lines, output_line

    scorer = Scorer(Job(encode=encode))
    entries = [
        Entry(1, text=PUNGS),
        Entry(2, text="9z9z9z"),
        Entry(3, error_code="bad-line", error_message='a "quote"\nand a newline'),
    ]
    results = [scorer.encoded(entry) for entry in entries]
    lines = Lines.of(encode, results)
    assert lines.data == "".join(output_line(encode, payload) for _, payload in results).encode()
    assert lines.text == lines.data.decode()
    assert (lines.count, lines.failed) == (3, 2)
    assert Lines.of(encode, []) == Lines(b"", 0, 0)


def test_reading_is_lazy():
    """The reader takes entries one at a time: scoring the first needs only the first block."""
    data = (PUNGS + "\n").encode() * 200_000  # 7 MB
    stdin = io.BytesIO(data)
    source = Source("-", stdin=stdin)
    first = next(run_entries(source.entries(), Job()))
    assert first[1]["score"] == 48
    assert stdin.tell() < 64 * 1024


def test_runs_on_an_endless_input():
    """Records come out while the input is still going: the first 100 of an endless stream."""

    def endless():
        n = 0
        while True:
            n += 1
            yield Entry(n, text=PUNGS)

    got = list(islice(run_entries(endless(), Job(), workers=1), 100))
    assert [r["line"] for _, r in got] == list(range(1, 101))


def test_records_appear_as_scored():
    """Through a pipe, a record is printed (flushed) before the next line has even been written."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "pungchow_calc", "batch", "-", "--format", "jsonl"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(PUNGS + "\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["score"] == 48
        proc.stdin.write("bad\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["line"] == 2
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert proc.returncode == 1


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "table"])
def test_a_live_feed_past_the_first_100_lines_gets_each_record_as_its_line_comes(fmt: str):
    """`tail -f hands.txt | pungchow batch -`: past the 100 entries scored in-process, the workers take
    chunks of 400 lines; a line of a slow pipe is sent to them when nothing more is ready, and its
    record comes out before the next line is written (it waited for 400 more lines, or the end)."""
    import queue
    import threading

    proc = subprocess.Popen(
        [sys.executable, "-m", "pungchow_calc", "batch", "-", "--format", fmt, "--workers", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdin is not None and proc.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(text) for text in proc.stdout], daemon=True).start()  # type: ignore[union-attr]

    def record_of(line: int) -> str:
        while True:
            text = lines.get(timeout=60)  # queue.Empty: the record did not come
            if text.startswith(f"{line},") or re.match(rf'\s*{line}\s|{{"line": {line},', text):
                return text

    try:
        proc.stdin.write((PUNGS + "\n") * 100)
        proc.stdin.flush()
        record_of(100)
        for line in range(101, 106):  # one line at a time, as a player enters them
            proc.stdin.write(PUNGS + "\n")
            proc.stdin.flush()
            assert "48" in record_of(line)
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert proc.returncode == 0


def test_rulesets_are_loaded_once_per_name(monkeypatch: pytest.MonkeyPatch):
    import pungchow_calc.ruleset_files as ruleset_module

    calls: list[str] = []
    real = ruleset_module.load

    def counting(name: str):
        calls.append(name)
        return real(name)

    monkeypatch.setattr(ruleset_module, "load", counting)
    entries = [
        Entry(i, text=f"{PUNGS} -r {name}") for i, name in enumerate(["pung-chow", "nope", "pung-chow"] * 5)
    ]
    records = [r for _, r in run_entries(iter(entries), Job())]
    assert len(records) == 15
    assert sorted(calls) == ["nope", "pung-chow"]
    assert sum("error" in r for r in records) == 5


@pytest.mark.parametrize(
    ("target", "name"),
    [(scoring, "score_text"), (Scorer, "_known_options")],
    ids=["scoring", "quick-options-reading"],
)
def test_an_unexpected_failure_still_gives_one_record(
    monkeypatch: pytest.MonkeyPatch, target: Any, name: str
):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(target, name, broken)
    ((ok, record),) = list(run_entries(iter([Entry(3, text=f"'{PUNGS}' -s n")]), Job()))
    assert not ok
    assert record == {"line": 3, "error": {"code": "internal", "message": "RuntimeError: boom"}}


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('"1b1b1b 3c3c3c" -s n --drawn', ["1b1b1b 3c3c3c", "-s", "n", "--drawn"]),
        ("RdRdRdRd# EwEwEwEw* -s n", ["RdRdRdRd#", "EwEwEwEw*", "-s", "n"]),
        ("'single quoted hand' -s w", ["single quoted hand", "-s", "w"]),
        ('a"b c"', ["ab c"]),
        ("1b1b1b  # a comment", ["1b1b1b"]),
        ('"" x', ["", "x"]),
        ("'1b1b1b 9d9d' --loser  # a loser's hand", ["1b1b1b 9d9d", "--loser"]),
        ('"a # b" c # d', ["a # b", "c"]),
    ],
    ids=[
        "double-quoted",
        "kong-marker",
        "single-quoted",
        "glued-quote",
        "trailing-comment",
        "empty-quoted",
        "apostrophe-in-comment",
        "hash-in-quotes",
    ],
)
def test_split_line(line: str, words: list[str]):
    assert split_line(line) == words


def _split_both(line: str) -> tuple[list[str] | str, list[str] | str]:
    """(split_line's words, shlex's words after Unicode spaces outside quotes are read as spaces and the
    comment is cut), each error as its message."""
    import shlex

    from pungchow_calc.batch.words import spaced, strip_comment

    try:
        expected: list[str] | str = shlex.split(strip_comment(spaced(line)))
    except ValueError as exc:
        expected = str(exc)
    try:
        got: list[str] | str = split_line(line)
    except ValueError as exc:
        got = str(exc)
    return got, expected


LINE_TEXT = st.lists(
    st.sampled_from(
        list("1b3c5dEwRd!*#\"' -\t\\\r\x0c\u2028\xa0\u3000") + ["--seat", "--bogus", "-r", "x", "1b1b1b"]
    ),
    max_size=20,
).map("".join)


@given(LINE_TEXT)
def test_split_line_is_shlex_after_the_comment(line: str):
    """The quick path for plain lines splits exactly as shlex does, or leaves the line to it."""
    line_split, shlex_split = _split_both(line)
    assert line_split == shlex_split


# Options after a quoted hand: words of printable ASCII (split_line's quickest path) and the
# whitespace only str.split or only shlex takes for one.
PLAIN_TEXT = st.lists(
    st.sampled_from(
        [" ", "\t", "\r", "\n", "\x0b", "\x0c", "\x1c", "\x85", "\xa0", "-s", "n", "--dora", "4c,Nw", "~"]
    ),
    max_size=20,
).map("".join)


@settings(max_examples=300)  # cheap: the quick paths' edges all met
@given(st.sampled_from(["", " ", "\t", "'", '"']), LINE_TEXT, st.sampled_from(["", "'", '"']), PLAIN_TEXT)
@example("'", "1b1b1b", "'", "-s n")  # glued to the quote: one word
@example('"', "1b\\\\", '"', " -s n")  # an escaped backslash in double quotes: one backslash
@example('"', "1b1b1b # x", '"', " -s n")  # a hash in the quoted hand
@example(" '", "", "'", "\t-s\x0bn")  # an empty hand; a vertical tab is part of a word to shlex
def test_split_line_of_plain_words_is_shlex(lead: str, head: str, quote: str, rest: str):
    """Plain words, after a quoted hand or not, split as shlex splits them (split_line's quick paths)."""
    line = f"{lead}{head}{quote}{rest}"
    line_split, shlex_split = _split_both(line)
    assert line_split == shlex_split


@given(st.lists(LINE_TEXT, max_size=12), st.sampled_from([None, "text"]))
@example(["-"], None)  # standard input whose first line starts a YAML list: refused whole, with the hint
def test_every_entry_gives_exactly_one_record(lines: list[str], kind: str | None):
    """Every entry of standard input gets one record; without --input-format, input whose first entry
    starts a JSON or YAML list is refused whole before any record (input.py _first), never in part."""
    data = "\n".join(lines).encode()
    source = Source("-", stdin=io.BytesIO(data), kind=kind)
    read = re.split(r"\r(?!\n)|\n", "\n".join(lines))  # the lines a text editor shows: a lone CR ends one
    expected = [
        n for n, line in enumerate(read, start=1) if line.strip() and not line.strip().startswith("#")
    ]
    try:
        records = [r for _, r in run_entries(source.entries(), Job())]
    except FileError as refused:
        assert kind is None and "give --input-format" in refused.message
        assert read[expected[0] - 1].lstrip().startswith(("-", "[", "%YAML"))
        return
    assert [r["line"] for r in records] == expected


def test_compare_summary(tmp_path: Path):
    path = tmp_path / "c.txt"
    hands = [
        "5c5c5c 2d3d4d 6b7b8b 1c1c1c* 9d!9d --drawn",
        PUNGS,
        f"'{NORTH_HAND}' -s n",
        "bad",
    ]
    path.write_text("\n".join(hands) + "\n", encoding="utf-8")
    result = run("batch", str(path), "--compare", "pung-chow", "pung-chow-limit", "--format", "json")
    assert result.exit_code == 1
    summary = json.loads(result.stdout)
    scores = []
    for hand in hands[:3]:
        pair = []
        for name in ("pung-chow", "pung-chow-limit"):
            one = run("batch", "-", "--format", "jsonl", "-r", name, input=hand + "\n")
            pair.append(json.loads(one.stdout)["score"])
        scores.append(pair)
    assert scores[0] == [32, 26]
    diffs = [bb - a for a, bb in scores]
    assert summary["rulesets"] == ["pung-chow", "pung-chow-limit"]
    assert (summary["entries"], summary["scored"], summary["failed"]) == (4, 3, 1)
    assert summary["changed"] == sum(1 for d in diffs if d) and summary["changed"] >= 2
    assert summary["higher"] == sum(d > 0 for d in diffs)
    assert summary["lower"] == sum(d < 0 for d in diffs)
    assert summary["score_difference"] == sum(diffs)
    assert summary["biggest_fall"]["difference"] == min(diffs)
    assert "line 4: error [hand]" in result.stderr or "line 4: error" in result.stderr
    table = run("batch", str(path), "--compare", "pung-chow", "pung-chow-limit")
    assert table.exit_code == 1
    assert "pung-chow → pung-chow-limit" in table.stdout
    assert "scored under both" in table.stdout


# East plays before South: under pung-chow too the 1d may complete a chow (chow_from_left).
RIICHI_DEPOSITS = (
    "'1d2d3d 1d!2d3d 1d2d3d 1d2d3d 4d4d' -s south -w east --riichi --deposits 2 --honba 1 --from east"
)


@pytest.mark.parametrize(
    ("rulesets", "fmt", "shown"),
    [
        pytest.param(
            ("pung-chow", "riichi-ema-2016"),
            "table",
            "winners collect +23148 and +2000 in deposits\n",
            id="table",
        ),
        pytest.param(
            ("riichi-ema-2016", "pung-chow"),
            "table",
            "winners collect -23148 and -2000 in deposits\n",
            id="table-reversed",
        ),
        pytest.param(
            ("pung-chow", "riichi-ema-2016"),
            "json",
            '"collects_difference": 23148, "deposits_difference": 2000, ',
            id="json",
        ),
        pytest.param(
            ("pung-chow", "riichi-ema-2016"),
            "jsonl",
            '"collects_difference": 23148, "deposits_difference": 2000, ',
            id="jsonl",
        ),
        pytest.param(
            ("pung-chow", "riichi-ema-2016"),
            "csv",
            "collects_difference,23148\ndeposits_difference,2000\n",
            id="csv",
        ),
    ],
)
def test_compare_riichi_deposits_2_honba_1_from_west(
    tmp_path: Path, rulesets: tuple[str, str], fmt: str, shown: str
):
    """`--compare pung-chow riichi-ema-2016` over a riichi win with `--deposits 2 --honba 1`: the
    summary added up the payments only, so the 2000 the riichi winner takes from the table went
    unsaid and the organiser was told a wrong difference. Said beside what winners collect, which
    holds the counters already: 24300 (24000 + 300 for one honba) against the book's 576 + 288 + 288."""
    path = tmp_path / "riichi.txt"
    path.write_text(RIICHI_DEPOSITS + "\n", encoding="utf-8")
    result = run("batch", str(path), "--compare", *rulesets, "--format", fmt)
    assert result.exit_code == 0, result.stderr
    assert shown in result.stdout


def test_compare_without_deposits_says_none(tmp_path: Path):
    """No line states deposits: `deposits_difference` is 0 (always there: the summary keeps its
    shape) and the table's line reads as it always did."""
    path = tmp_path / "riichi.txt"
    path.write_text(RIICHI_DEPOSITS.replace("--deposits 2 ", "") + "\n", encoding="utf-8")
    compared = run("batch", str(path), "--compare", "pung-chow", "riichi-ema-2016", "--format", "json")
    summary = json.loads(compared.stdout)
    assert (summary["collects_difference"], summary["deposits_difference"]) == (23148, 0)
    table = run("batch", str(path), "--compare", "pung-chow", "riichi-ema-2016")
    assert "winners collect +23148\n" in table.stdout and "deposits" not in table.stdout


MINUS_ONE = "name: minus-one\nextends: pung-chow\nrules:\n  - id: pung_simples\n    points: {exposed: 1}\n"


@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
def test_compare_total_minus_1_over_301_hands_has_mean_0(tmp_path: Path, fmt: str):
    """Regression: one hand 1 point lower and 300 the same (`5d5d5d* 1c 3b --loser`, an exposed pung of
    simples worth 1 instead of 2): the mean, -1/301, rounded to `-0.0`, printed so in JSON and CSV
    (`"mean_score_difference": -0.0`) and the table (`mean -0.0 per hand`): 0.0, as a rise as small."""
    (tmp_path / "minus1.yaml").write_text(MINUS_ONE, encoding="utf-8")
    path = tmp_path / "hands.txt"
    path.write_text("'5d5d5d* 1c 3b' --loser\n" + "'1c 3b 7d' --loser\n" * 300, encoding="utf-8")
    rulesets = ("pung-chow", str(tmp_path / "minus1.yaml"))
    result = run("batch", str(path), "--compare", *rulesets, "--format", fmt)
    assert result.exit_code == 0, result.stderr
    if fmt == "json":
        summary = json.loads(result.stdout)
        assert (summary["score_difference"], summary["mean_score_difference"]) == (-1, 0.0)
        assert '"mean_score_difference": 0.0,' in result.stdout
    elif fmt == "csv":
        assert "\nmean_score_difference,0.0\n" in result.stdout
    else:
        assert "total -1, mean +0.0 per hand" in " ".join(result.stdout.split())
    assert "-0.0" not in result.stdout


CHOWS = "1c!2c3c 4b5b6b 7d8d9d* 2c3c4c 5b5b"  # three chows: classical-bmja allows one


@pytest.mark.parametrize(
    ("rulesets", "line", "said"),
    [
        pytest.param(
            ("pung-chow", "classical-bmja"),
            CHOWS,
            "line 1: error [not-winning]: classical-bmja refuses the hand: not a winning hand: this ruleset"
            " allows at most 1 chow (column 1)",
            id="B-refuses",
        ),
        pytest.param(
            ("classical-bmja", "pung-chow"),
            CHOWS,
            "line 1: error [not-winning]: classical-bmja refuses the hand: not a winning hand: this ruleset"
            " allows at most 1 chow (column 1)",
            id="A-refuses",
        ),
        pytest.param(
            ("pung-chow", "classical-bmja"),
            "1d2d4d* 1b1b1b 2b2b2b 3b3b3b 5b!5b",
            "line 1: error [not-a-set]: 1d2d4d* is not a set (column 1)",
            id="both-the-hands-fault",
        ),
        pytest.param(
            ("classical-dmjl", "classical-bmja"),
            "2c2c 5c5c 3d3d 6b6b 9d9d EwEw Rd!Rd",
            "line 1: error [not-winning]: classical-dmjl and classical-bmja both refuse the hand: not a "
            "winning hand: the tiles do not make four sets and a pair or a special hand of this ruleset "
            "(column 1)",
            id="2c2c-5c5c-3d3d-6b6b-9d9d-EwEw-Rd!Rd-both-refuse-alike",
        ),
        pytest.param(
            ("pung-chow", "classical-dmjl"),
            "2c2c 5c5c 3d3d 6b6b 9d9d EwEw Rd!Rd",
            "line 1: error [not-winning]: pung-chow refuses the hand: not a winning hand: the tiles do "
            "not make four sets and a pair; classical-dmjl refuses the hand: not a winning hand: the tiles "
            "do not make four sets and a pair or a special hand of this ruleset (column 1)",
            id="2c2c-5c5c-3d3d-6b6b-9d9d-EwEw-Rd!Rd-both-refuse-each-its-way",
        ),
        pytest.param(  # the same refusal but for the ruleset each names: once, naming both
            ("pung-chow", "classical-bmja"),
            "'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' -s south --ura 2c",
            "line 1: error [bad-option]: --ura needs --riichi or --double-riichi, and no rule of ruleset"
            " pung-chow or classical-bmja scores ura dora: drop --ura (column 54)",
            id="ura-2c-no-rule-of-either",
        ),
        pytest.param(  # a name matched whole: pung-chow inside pung-chow-limit is not it
            ("pung-chow", "pung-chow-limit"),
            "'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' -s south --ura 2c",
            "line 1: error [bad-option]: --ura needs --riichi or --double-riichi, and no rule of ruleset"
            " pung-chow or pung-chow-limit scores ura dora: drop --ura (column 54)",
            id="ura-2c-pung-chow-or-pung-chow-limit",
        ),
    ],
)
def test_compare_names_the_ruleset_that_refuses_a_hand(
    tmp_path: Path, rulesets: tuple[str, str], line: str, said: str
):
    """`--compare pung-chow classical-bmja`: a hand one ruleset refuses was listed as `not a winning
    hand: this ruleset allows at most 1 chow`, which of the two unsaid; named as `diff` names it. A
    hand both refuse alike (a bad tile) is the hand's fault: no ruleset named; both refusing it by their
    own rules (seven pairs: "... a special hand of this ruleset") names both."""
    path = tmp_path / "hands.txt"
    path.write_text(f"{line}\n{PUNGS}\n", encoding="utf-8")
    result = run("batch", str(path), "--compare", *rulesets, "--format", "json")
    assert result.exit_code == 1
    assert result.stderr == said + "\n"
    summary = json.loads(result.stdout)
    assert (summary["entries"], summary["scored"], summary["failed"]) == (2, 1, 1)


def test_same_sets_in_other_seats_and_ways_in_one_run():
    """Scores cached per kind of set must still follow the seat, round and way of winning."""
    hand = "1b2b3b 4c5c6c 7d8d9d 2c3c4c Ew!Ew"
    lines = [f"'{hand}' -s {seat}" for seat in ("east", "south", "east", "west")]
    lines += [f"'{hand}' -s south -w east -r pung-chow-limit {how}" for how in ("", "--drawn", "")]
    records = [r for _, r in run_entries(iter([Entry(i, text=t) for i, t in enumerate(lines, 1)]), Job())]
    pair_points = [
        sum(line["points"] for line in r["lines"] if line.get("set") == "EwEw") for r in records[:4]
    ]
    assert pair_points == [2, 0, 2, 0]  # a pair of own wind scores 2 (Part I score card)
    limit = [
        [(line["rule"], line["points"]) for line in r["lines"] if line.get("set") == "EwEw"]
        for r in records[4:]
    ]
    assert limit[0] == limit[2] != limit[1]  # punged or drawn to complete: different rows (docs/rulings.md)


@pytest.mark.parametrize("sample", ["part1-examples.txt", "part2-examples.txt", "club-evening.txt"])
def test_json_records_are_json_dumps_of_the_dict_records(sample):
    # jsonl/json write each score from cached pieces (Score.as_json): the same text json.dumps gives.
    source = Source(str(ROOT / "samples" / sample))
    try:
        entries = list(source.entries())
    finally:
        source.close()
    as_text, as_dict = Scorer(Job(encode="json")), Scorer(Job())
    assert entries
    for entry in entries:
        ok, text = as_text.encoded(entry)
        record = as_dict.record(entry)
        assert text == json.dumps(record), entry.line
        assert ok == ("error" not in record)


@pytest.mark.parametrize(
    ("name", "data", "expected"),
    [
        ("hands.txt", f"{PUNGS}\n# a comment\n\n{PUNGS}\n", 4),
        ("hands.txt", f"{PUNGS}\n{PUNGS}", 2),
        ("hands.txt", "", 0),
        ("hands.yaml", f'- hand: "{PUNGS}"\n  seat: south\n- hand: "{PUNGS}"\n', 2),
        ("long.txt", f"{PUNGS}\n" * 50_000, 50_000),
        ("long.yaml", "- hand: 1b\n" * 200_000, 200_000),
        ("cr-only.txt", f"{PUNGS}\r" * 5000, 5000),
        ("crlf.txt", f"{PUNGS}\r\n" * 5000, 5000),
        ("utf16.txt", f"\ufeff{PUNGS}\r\n" + f"{PUNGS}\r\n" * 4999, 5000),
        ("crlf-over-blocks.txt", "x" * ((1 << 20) - 1) + "\r\n" + f"{PUNGS}\n", 2),
        ("hands.json", json.dumps([{"hand": PUNGS, "seat": "south"}, {"hand": PUNGS}], indent=2), 2),
        ("long.json", json.dumps([{"hand": "1b"}] * 100_000), 100_000),  # one line, read in blocks
        ("utf16.json", f'\ufeff[{{"hand": "{PUNGS}"}},\r\n {{"hand": "{PUNGS}"}}]', 2),
        ("lines.json", json.dumps([f"'{PUNGS}' -s south"] * 100_000), 100_000),  # no `{`: counted 0
        ("quoted.json", json.dumps([f'"{PUNGS}" -s south', PUNGS, f'"{PUNGS}"'], indent=1), 3),
    ],
    ids=[
        "lines",
        "no-final-newline",
        "empty",
        "yaml-items",
        "text-over-blocks",
        "yaml-over-blocks",
        "cr-only",
        "crlf",
        "utf16-crlf",
        "crlf-over-blocks",
        "json-2-mappings",
        "json-100000-on-one-line",
        "utf16-json",
        "json-100000-lines-as-strings",
        "json-strings-quoting-hands",
    ],
)
def test_estimated_entries_for_the_progress_bar(tmp_path: Path, name: str, data: str, expected: int):
    """A cheap count before scoring: lines of a text file (comments too), items of a YAML list. A
    CR-only file counted 1 (no bar at all), a UTF-16 one a line too many: only LF bytes were counted;
    a JSON list, read as YAML, 0 (no `-` items: no bar however long): its mappings are counted; a JSON
    list of lines as strings (`json.dumps(lines)`) 0 too (no `{`): its strings ending an item are."""
    path = tmp_path / name
    path.write_bytes(data.encode("utf-16" if name.startswith("utf16") else "utf-8"))
    source = Source(str(path))
    assert source.estimated_entries() == expected
    source.close()


@given(
    ends=st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=1, max_size=30),
    last=st.booleans(),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-32"]),
)
def test_estimated_entries_are_the_lines_the_batch_reads(ends: list[str], last: bool, encoding: str):
    """The progress bar's total is the number of lines the reader numbers, whatever their ends."""
    import tempfile

    data = "".join(f"{PUNGS}{end}" for end in ends) + (PUNGS if last else "")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        path.write_bytes(data.encode(encoding))
        source = Source(str(path))
        try:
            lines = [entry.line for entry in source.entries()]
            assert source.estimated_entries() == len(lines) == lines[-1]
        finally:
            source.close()


def test_estimated_entries_of_a_stream_is_unknown():
    assert Source("-", stdin=io.BytesIO(PUNGS.encode())).estimated_entries() is None


# A line `"hand" options` has its options read once per spelling (Scorer._known_options): the same
# hand, ruleset, situation and limit as splitting and reading the whole line each time.
KNOWN_OPTIONS_LINES = [
    f'"{NORTH_HAND}" --seat north',
    f'"{PUNGS}"',
    f'"{PUNGS}" -s w -w s --drawn -r pung-chow-limit --limit 300',
    f'"{PUNGS}"\t--no-limit  # a comment, with an apostrophe\'s',
    '"" -s east',
    f'"{PUNGS}" --from east -s south',
    f"'{PUNGS}' -s n --drawn",
    "'' -s east",
    f"'{PUNGS}' -s w  # the loser's \"hand\"",
]


@pytest.mark.parametrize(
    "line",
    KNOWN_OPTIONS_LINES,
    ids=[
        "seat",
        "no-options",
        "many-options",
        "tab-and-comment",
        "empty-hand",
        "from",
        "single-quoted",
        "single-quoted-empty",
        "single-quoted-comment",
    ],
)
def test_known_options_read_as_the_whole_line(line: str):
    scorer = Scorer(Job())
    for _ in range(2):  # read, then remembered
        assert scorer._known_options(line) == opts.scoring_args(split_line(line))


@pytest.mark.parametrize(
    "line",
    [
        f'"{PUNGS}" --seat',  # fails: read in full, which gives the error record
        f'"{PUNGS}" --bogus',
        f'"{PUNGS}" "unbalanced',
        '"--seat" north',  # the quoted word is an option, not a hand
        f'"{PUNGS}"-s n',  # glued: one word
        '"1b1b1b\\" 3c3c3c" -s n',  # a backslash in the hand
        f"'{PUNGS}'-s n",  # glued, in single quotes
        f"'{PUNGS} -s n",  # no closing quote
        f"{PUNGS} -s n",
        f'"{PUNGS}" 1c!1c1c -s n',  # a word after the quoted hand: refused (StrayWord), with its column
        '"1b1b1b" 3c3c3c',  # a word after a quoted group: an unquoted hand, read in full
    ],
    ids=[
        "needs-value",
        "unknown-option",
        "bad-quote",
        "option-quoted",
        "glued",
        "backslash",
        "single-glued",
        "single-unclosed",
        "bare",
        "more-groups",
        "more-groups-of-a-quoted-group",
    ],
)
def test_known_options_leave_other_lines_to_the_full_reading(line: str):
    assert Scorer(Job())._known_options(line) is None


@given(
    st.lists(LINE_TEXT, min_size=1, max_size=6),
    st.sampled_from(["json", "csv", "dict"]),
    st.sampled_from("\"'"),
)
def test_known_options_give_the_records_of_split_arguments(tails: list[str], encode: str, quote: str):
    scorer, split = Scorer(Job(encode=encode)), Scorer(Job(encode=encode))
    split._known_options = lambda text: None  # type: ignore[method-assign]  # every line split whole
    for n, tail in enumerate(tails, start=1):
        line = f"{quote}{PUNGS}{quote} {tail}"
        assert scorer.encoded(Entry(n, text=line)) == split.encoded(Entry(n, text=line))


def test_a_scorer_starts_with_the_rulesets_given(monkeypatch: pytest.MonkeyPatch):
    """A forked worker starts with the rulesets its parent loaded: it loads none again."""
    import pungchow_calc.ruleset_files as ruleset_module

    parent = Scorer(Job())
    parent.record(Entry(1, text=PUNGS))
    parent.record(Entry(2, text=f"{PUNGS} -r nope"))

    def refused(name: str):
        raise AssertionError(f"{name} loaded again")

    monkeypatch.setattr(ruleset_module, "load", refused)
    worker = Scorer(Job(), parent.loaded())
    assert worker.record(Entry(1, text=PUNGS)) == parent.record(Entry(1, text=PUNGS))
    assert worker.record(Entry(2, text=f"{PUNGS} -r nope"))["error"]["code"] == "ruleset-not-found"


@pytest.mark.parametrize(
    "argv",
    [
        ["--format", "jsonl"],
        ["-f", "csv", "-r", "pung-chow-limit"],
        ["--format", "json", "--compare", "pung-chow", "pung-chow-limit"],
        ["--workers", "1", "--format", "jsonl"],
        ["--workers", "0"],
        ["--format", "xml"],
        ["--compare", "pung-chow", "pung-chow"],
        ["--ruleset", "nope", "--format", "csv"],
        ["--format=jsonl", "--workers=1"],
    ],
    ids=[
        "jsonl",
        "short-options",
        "compare",
        "workers",
        "no-workers",
        "bad-format",
        "same-twice",
        "no-ruleset",
        "inline-values",
    ],
)
def test_batch_without_typer_reads_as_typer_does(
    mixed: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]
):
    """`batch` plainly written skips typer (cli/spec.py's reader); the same output and exit code."""
    from pungchow_calc.cli import spec

    assert spec.read(["batch", "--help"]) is None
    assert spec.read(["batch", str(mixed), "--workers", "two"]) is None
    direct = run("batch", str(mixed), *argv)
    monkeypatch.setattr(spec, "read", lambda argv: None)
    assert run("batch", str(mixed), *argv) == direct


# Importing typer costs a batch a tenth of a second before any hand is scored: a plainly written
# `batch FILE ...` (cli/spec.py's reader) runs without it, whatever the outcome.
@pytest.mark.parametrize(
    ("args", "code", "typer"),
    [
        pytest.param(["--format", "jsonl"], 1, "no typer", id="jsonl"),
        pytest.param(["--format", "csv", "--workers", "1"], 1, "no typer", id="csv"),
        pytest.param(["--format", "xml"], 2, "no typer", id="bad-format"),
        pytest.param(["--help"], 0, "typer imported", id="help-goes-to-typer"),
    ],
)
def test_a_plain_batch_never_imports_typer(mixed: Path, args: list[str], code: int, typer: str):
    stderr = typer_probe("batch", str(mixed), *args)
    assert stderr.endswith(f"exit {code}; {typer}"), stderr


def test_progress_counts_the_records_of_joined_chunks():
    """The progress bar counts records, a worker's joined chunk (formats.Lines) as all of its."""
    from pungchow_calc.batch.formats import Lines
    from pungchow_calc.cli.batch_run import PROGRESS_EVERY, _tick

    class Progress:
        task_ids = [0]
        shown: list[int] = []

        def update(self, task: int, completed: int) -> None:
            self.shown.append(completed)

    items: list[Any] = [(True, "{}")] * 3 + [Lines(b"{}\n" * 600, 600, 0), Lines(b"{}\n" * 100, 100, 1)]
    progress = Progress()
    assert list(_tick(iter(items), progress)) == items
    assert PROGRESS_EVERY <= 603
    assert progress.shown == [603, 703]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--compare", "pung-chow", "pung-chow-limt"], "no ruleset 'pung-chow-limt'"),
        (["--compare", "nosuch.yaml", "pung-chow"], "nosuch.yaml"),
        (["-r", "pung-chow-limt"], "no ruleset 'pung-chow-limt'"),
        (["-r", "pung-chow-limt", "--format", "csv"], "no ruleset 'pung-chow-limt'"),
        # `-r "$RULES"` with RULES unset scored every line under pung-chow, exit 0: money on a guess.
        (["-r", "", "--format", "jsonl"], "-r '' names no ruleset"),
    ],
    ids=[
        "compare-pung-chow-limt",
        "compare-nosuch-yaml",
        "r-pung-chow-limt",
        "r-pung-chow-limt-csv",
        "r-empty",
    ],
)
def test_a_ruleset_misspelt_on_the_command_line_is_refused_at_once(
    tmp_path: Path, args: list[str], said: str
):
    """`batch hands.txt --compare pung-chow pung-chow-limt`: every entry failed, each printed on
    stderr (20,000 lines for 20,000 hands) above a summary of zeros; `-r pung-chow-limt` gave an error
    record for every line. Refused in one line, exit 2, as `score -r` refuses it."""
    path = tmp_path / "hands.txt"
    path.write_text(f"{PUNGS}\n" * 3, encoding="utf-8")
    result = run("batch", str(path), *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ") and said in result.stderr


# Every form `score` reads, as a batch line (after the hand, or around it): the same reader
# (arguments.read_args), so the same record. A refusal is the same error object, with its line.
SCORE_FORMS = [
    pytest.param([PUNGS, "-ssouth"], id="short-with-value-attached"),
    pytest.param([PUNGS, "-s", "south"], id="short-then-value"),
    pytest.param([PUNGS, "--seat=south"], id="long-with-equals"),
    pytest.param([PUNGS, "-wsouth", "-rclassical-bmja"], id="two-short-attached"),
    pytest.param(["-s", "west", "--", PUNGS], id="double-dash-before-the-hand"),
    pytest.param([PUNGS, "--drawn", "--"], id="double-dash-at-the-end"),
    pytest.param([PUNGS, "--drawn", "--drawn"], id="flag-twice"),
    pytest.param([PUNGS, "-s", "south", "-s", "west"], id="seat-twice"),
    pytest.param([PUNGS, "-ssouth", "--seat=west"], id="seat-twice-two-forms"),
    pytest.param([PUNGS, "-r", "pung-chow", "-r", "classical-bmja"], id="ruleset-twice"),
    pytest.param([PUNGS, "--limit", "100", "--limit=200"], id="limit-twice"),
    pytest.param([PUNGS, "--from", "s", "--from", "s"], id="same-value-twice"),
]


@pytest.mark.parametrize("words", SCORE_FORMS)
def test_a_batch_line_reads_as_score_reads_it(tmp_path: Path, words: list[str]):
    """A batch line refused `-ssouth` and `--`, which `score` takes, and `score -s south -s west`
    was scored for west (click's last value): one reader now, refusing an option given twice."""
    import shlex

    scored = run("score", "--json", *words)
    path = tmp_path / "one.txt"
    path.write_text(shlex.join(words) + "\n", encoding="utf-8")
    batch = run("batch", str(path), "-f", "jsonl")
    record = json.loads(batch.stdout)
    assert record.pop("line") == 1
    if "error" in record:  # the option given again, at its column on the line: `score` has no line
        assert off_the_line(record["error"], shlex.join(words)) == shlex.join(words).rindex(" -") + 2
    assert record == json.loads(scored.stdout)
    assert (scored.exit_code, batch.exit_code) == ((2, 1) if "error" in record else (0, 0))


def test_a_batch_line_giving_an_option_twice_is_refused_and_the_rest_scored(tmp_path: Path):
    """`-s south -s west` on a line was scored for west: refused with its line, every entry reported."""
    path = tmp_path / "hands.txt"
    path.write_text(f"'{PUNGS}' -s south -s west\n'{PUNGS}' -s south\n", encoding="utf-8")
    result = run("batch", str(path), "-f", "jsonl")
    twice, good = map(json.loads, result.stdout.splitlines())
    message = "--seat is given 2 times ('south', 'west'): give it once (column 48)"  # the second -s
    assert twice == {"line": 1, "error": {"code": "option-twice", "message": message, "column": 48}}
    assert (good["line"], good["seat"], result.exit_code) == (2, "south", 1)


# Regression: a line's option whose value is another option was given it for its value (`-s --json`:
# "'--json' is not a wind"), or the line blamed a word after it (`--seat --seat south`: "south is apart
# from the groups before it"); said as `score` says it (arguments.read_args, ValueMissing).
@pytest.mark.parametrize(
    ("words", "message", "column"),
    [
        pytest.param("-s --json", "-s needs a value (the next word, --json, is an option)", 39, id="s-json"),
        pytest.param(
            "--seat --seat south",
            "--seat needs a value (the next word, --seat, is an option)",
            39,
            id="seat-seat-south",
        ),
        # The value not read, at its own column.
        pytest.param("--honba -1", "--honba: '-1' is not a whole number of 0 or more", 47, id="honba--1"),
        # Last on the line: its own value missing too was said instead (`--seat needs a value`).
        pytest.param(
            "--seat --seat", "--seat needs a value (the next word, --seat, is an option)", 39, id="seat-seat"
        ),
        pytest.param("--drawn --seat", "--seat needs a value", 47, id="seat-at-the-end"),
    ],
)
def test_a_batch_line_option_valued_by_an_option_is_refused(
    tmp_path: Path, words: str, message: str, column: int
):
    path = tmp_path / "hands.txt"
    path.write_text(f"'{PUNGS}' {words}\n'{PUNGS}' -s south\n", encoding="utf-8")
    result = run("batch", str(path), "-f", "jsonl")
    refused, good = map(json.loads, result.stdout.splitlines())
    said = f"{message} (column {column})"  # the option without its value, or the value, on its line
    assert refused == {"line": 1, "error": {"code": "bad-option", "message": said, "column": column}}
    assert (good["line"], good["seat"], result.exit_code) == (2, "south", 1)


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(
            ["-r", "classical-bmja", "--compare", "pung-chow", "classical-dmjl"], id="r-and-compare"
        ),
        pytest.param(["--compare", "pung-chow", "classical-dmjl", "--ruleset=pung-chow"], id="compare-and-r"),
    ],
)
def test_a_ruleset_beside_compare_is_refused(tmp_path: Path, args: list[str]):
    """`batch FILE -r X --compare A B` compared A and B and said nothing of X: refused, one line, exit 2."""
    path = tmp_path / "hands.txt"
    path.write_text(f"{PUNGS}\n", encoding="utf-8")
    result = run("batch", str(path), *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1
    assert "does nothing beside --compare" in result.stderr and "leave it out" in result.stderr


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param("pung-chow", "pung-chow", id="one-name-twice"),
        pytest.param("house.yaml", "./house.yaml", id="dot-slash"),
        pytest.param("house.yaml", "link.yaml", id="symlink"),
    ],
)
def test_compare_refuses_one_ruleset_twice(tmp_path: Path, monkeypatch, first: str, second: str):
    """`batch FILE --compare house.yaml ./house.yaml` compared one file with itself ("unchanged 20")
    without a word: refused as `--compare A A` is, one line, exit 2, no records."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("extends: pung-chow\nname: house\n", encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "house.yaml")
    (tmp_path / "hands.txt").write_text(f"{PUNGS}\n", encoding="utf-8")
    result = run("batch", "hands.txt", "--compare", first, second)
    said = (
        "--compare needs two different rulesets"
        if first == second
        else f"--compare {second}: the same ruleset as {first} (give two different rulesets)"
    )
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {said}\n")
    assert run("batch", "hands.txt", "--compare", first, "classical-bmja").exit_code == 0


@pytest.mark.parametrize(
    ("args", "said"),
    [
        pytest.param(["-f", "json", "-f", "csv"], "--format is given 2 times ('json', 'csv')", id="format"),
        pytest.param(["-r", "pung-chow", "-r", "classical-bmja"], "--ruleset is given 2 times", id="ruleset"),
        pytest.param(
            ["--compare", "pung-chow", "classical-bmja", "--compare", "pung-chow", "classical-dmjl"],
            "--compare is given 2 times (pung-chow classical-bmja, pung-chow classical-dmjl)",
            id="compare",
        ),
        pytest.param(["--workers", "1", "--workers=2"], "--workers is given 2 times (1, 2)", id="workers"),
    ],
)
def test_a_batch_option_given_twice_is_refused(tmp_path: Path, args: list[str], said: str):
    path = tmp_path / "hands.txt"
    path.write_text(f"{PUNGS}\n", encoding="utf-8")
    result = run("batch", str(path), *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {said}") and result.stderr.count("\n") == 1


_FORMS = [
    ["-s", "south"],
    ["-ssouth"],
    ["--seat=w"],
    ["-wn"],
    ["-rpung-chow-limit"],
    ["-r", "classical-bmja"],
    ["--drawn"],
    ["--win-by=wall"],
    ["--from", "w"],
    ["--limit", "100"],
    ["--no-limit"],
    ["--last-tile"],
    ["--json"],
    ["-s", "south", "-s", "west"],
    ["--dora", "8d"],
    ["--dora=Nw"],
    ["--loser"],
]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([PUNGS, NORTH_HAND, "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"]),
    st.lists(st.sampled_from(_FORMS), max_size=4),
    st.booleans(),
)
def test_any_score_line_reads_the_same_in_a_batch(tmp_path_factory, hand, forms, dashed):
    """`score --json WORDS` and a batch of the one line WORDS give the same object (the batch's with its
    line), a refusal included: one reader for both (arguments.read_args)."""
    import shlex

    options = [word for form in forms for word in form]
    words = [*options, "--", hand] if dashed else [hand, *options]
    path = tmp_path_factory.mktemp("line") / "one.txt"
    path.write_text(shlex.join(words) + "\n", encoding="utf-8")
    record = json.loads(run("batch", str(path), "-f", "jsonl").stdout)
    assert record.pop("line") == 1
    scored = json.loads(run("score", "--json", *words).stdout)
    if "column" in record.get("error", {}) and "column" not in scored.get("error", {}):
        # An option's error, at its word's column on the line (docs/batch.md): `score` has no line.
        off_the_line(record["error"], shlex.join(words))
    assert record == scored


# Each option as an entry's key takes it and a text line writes it (`--win-by wall`, `--drawn`): a few
# values each, right and wrong, so that refusals are compared as well as scores.
_ENTRY_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "seat": st.sampled_from(["south", "W", "n", "up"]),
        "round": st.sampled_from(["west", "s"]),
        "ruleset": st.sampled_from(["pung-chow-limit", "riichi-ema-2016", "classical-bmja", "no-such"]),
        "win_by": st.sampled_from(["wall", "loose", "discard"]),
        "from": st.sampled_from(["w", "north"]),
        "limit": st.sampled_from([100, 500]),
        "honba": st.sampled_from([1, 3]),
        "deposits": st.just(2),
        "dora": st.sampled_from(["8d", "Nw,1b", ["8d", "Nw"]]),
        "drawn": st.just(True),
        "loser": st.just(True),
        "no_limit": st.just(True),
        "riichi": st.just(True),
        "last_tile": st.just(True),
        "original_hand": st.just(True),
    },
)


def _as_line(entry: dict[str, Any]) -> str:
    """An entry as a text batch line: the hand quoted, each key as its option."""
    words = [entry["hand"]]
    for key, value in entry.items():
        option = "--" + key.replace("_", "-")
        if value is True:
            words.append(option)
        elif key != "hand":
            words += [option, ",".join(value) if isinstance(value, list) else str(value)]
    return shlex.join(words)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.builds(
            # A list copied: one list in two entries, YAML writes as an anchor and an alias, not read.
            lambda hand, options: {
                "hand": hand,
                **{k: list(v) if isinstance(v, list) else v for k, v in options.items()},
            },
            st.sampled_from([PUNGS, NORTH_HAND, "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "1d2d4d* 5d!5d"]),
            _ENTRY_OPTIONS,
        ),
        min_size=1,
        max_size=6,
    )
)
def test_the_same_entries_as_text_yaml_and_json_give_the_same_records(tmp_path_factory, entries):
    """A batch of text lines, the YAML list of the same entries as mappings, and the JSON list of them
    give the same records, refusals included, but for the line each stands on (docs/batch.md)."""
    import yaml

    folder = tmp_path_factory.mktemp("alike")
    files = {
        "hands.txt": "".join(f"{_as_line(entry)}\n" for entry in entries),
        "hands.yaml": yaml.safe_dump(entries, sort_keys=False, width=1000),
        "hands.json": json.dumps(entries, indent=1),
    }
    records = {}
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        out = run("batch", str(folder / name), "-f", "jsonl").stdout
        got = [json.loads(line) for line in out.splitlines()]
        records[name] = [
            # (and a refused item's column, where it starts in the file: tests/test_batch_columns.py)
            {key: value for key, value in record.items() if key not in ("line", "item", "column")}
            for record in got
        ]
    for record, entry in zip(records["hands.txt"], entries, strict=True):
        error = record.get("error", {})
        if error.get("code") in ("bad-option", "option-twice") and "column" in error:
            # A text line's option at fault has its word's column (docs/batch.md); a mapping has no line.
            off_the_line(record["error"], _as_line(entry))
    assert len(records["hands.txt"]) == len(entries)
    assert records["hands.txt"] == records["hands.yaml"] == records["hands.json"]


# --- regressions of 2026-11-27 (tbatch6) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "cell"),
    [
        pytest.param(f"'{PUNGS}' --seat bogus", "'--seat: 'bogus' is not a wind", id="seat-bogus"),
        pytest.param("'=1+1 3c3c3c'", "'=1+1: a group ends", id="equals-hand"),
        pytest.param("'@SUM(A1) 3c3c3c'", "'@SUM(A1) is not a tile group", id="at-hand"),
        pytest.param("-- +1b1b1b", "'+1b1b1b: a group ends", id="plus-hand"),
    ],
)
def test_csv_cell_a_spreadsheet_would_run_is_quoted(tmp_path: Path, line: str, cell: str):
    """A batch CSV cell beginning with = + - @ was written as it stood: a spreadsheet opening the file
    runs it as a formula. It gets the evening's guard (csv_safe.csv_cell), the numbers untouched."""
    path = tmp_path / "hands.txt"
    path.write_text(f"{PUNGS}\n{line}\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "csv")
    scored, refused = list(csv.DictReader(io.StringIO(result.stdout)))
    assert refused["error_message"].startswith(cell)
    assert scored["hand"] == PUNGS and scored["pay_south"] == "96"


@pytest.mark.parametrize(
    ("entry", "payable"),
    [
        pytest.param(
            '{"hand": "HAND", "ruleset": "pung-chow-limit", "limit": "250"}', 250, id="limit-250-text"
        ),
        pytest.param(
            '{"hand": "HAND", "ruleset": "pung-chow-limit", "limit": "0250"}', 250, id="limit-0250-text"
        ),
        pytest.param('{"hand": "HAND", "ruleset": "pung-chow-limit", "limit": 250}', 250, id="limit-250"),
    ],
)
def test_a_yaml_or_json_limit_given_as_text_250_is_read_as_a_lines_limit_250(
    tmp_path: Path, entry: str, payable: int
):
    """`"limit": "250"` (a number as text, as a spreadsheet's JSON writes it) was refused: `limit: expects
    a whole number (or null for no limit), got '250'`, while `"honba": "2"` and a line's `--limit 250`
    are read. Read as --limit reads the line's text; `"0250"` as `--limit 0250`, 250."""
    path = tmp_path / "hands.json"
    path.write_text(f"[{entry.replace('HAND', LIMIT_HAND)}]\n", encoding="utf-8")
    record = json.loads(run("batch", str(path), "--format", "jsonl").stdout)
    line = json.loads(run("score", LIMIT_HAND, "-r", "pung-chow-limit", "--limit", "250", "--json").stdout)
    assert record == {"line": 1, "item": 1, **line} and record["payable"] == payable


@contextlib.contextmanager
def _live_batch(
    *args: str,
) -> Iterator[tuple[subprocess.Popen[bytes], IO[bytes], queue.Queue[dict[str, Any]]]]:
    """`batch - --format jsonl ARGS` fed live: its stdin to write to, and each record on a queue as it
    comes (`lines.get(timeout=...)` raises queue.Empty when one waits); stdin is closed and the batch
    waited for on the way out."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "pungchow_calc", "batch", "-", "--format", "jsonl", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdin is not None and proc.stdout is not None
    lines: queue.Queue[dict[str, Any]] = queue.Queue()
    out = proc.stdout
    threading.Thread(target=lambda: [lines.put(json.loads(text)) for text in out], daemon=True).start()
    try:
        yield proc, proc.stdin, lines
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)


@pytest.mark.parametrize("before", [0, 100], ids=["first-lines", "past-100-workers"])
def test_a_live_feed_of_lone_cr_lines_gets_each_record_as_its_line_comes(before: int):
    """`PUNGS\\r` written to a live `batch -` (an old Mac program writing a line at a time) was scored
    only when the next line came: the CR could be a CRLF's first half. With nothing more ready it ends
    its line at once, and a LF that follows (`\\r` now, `\\n` later: one CRLF) is not a line of its own."""
    hand = PUNGS.encode()
    with _live_batch("--workers", "2") as (proc, stdin, lines):
        if before:
            stdin.write((hand + b"\r") * before)
            stdin.flush()
            assert [lines.get(timeout=60)["line"] for _ in range(before)] == list(range(1, before + 1))
        for sent in (hand + b"\r", b"\n" + hand + b"\r", hand + b"\r"):  # the second ends a CRLF first
            stdin.write(sent)
            stdin.flush()
            record = lines.get(timeout=30)  # queue.Empty: the record waited for the next line
            assert record["score"] == 48
        assert record["line"] == before + 3
    assert proc.returncode == 0 and lines.empty()


@pytest.mark.parametrize(
    ("kind", "item"),
    [
        pytest.param("yaml", f"- hand: {PUNGS}\n  seat: south\n", id="yaml-mapping"),
        pytest.param("yaml", f"- {PUNGS} -s south\n", id="yaml-plain-line"),
        pytest.param("json", f'{{"hand": "{PUNGS}", "seat": "south"}},\n', id="json-mapping"),
    ],
)
def test_a_live_yaml_feed_gets_each_record_once_the_next_item_starts(kind: str, item: str):
    """A script writing YAML items one at a time into `batch - --input-format yaml`: no record came
    until 64 kB more, or the end (a buffered pipe's read(size) waits for all of it), and an item written
    as a plain line waited for two items after it. An item is known whole only when the next line
    starts (YAML: a mapping may take another key, a plain line go on), so each comes then; an item in
    braces once the item after it starts, its line read to its end first (`{...} -s south` breaks the
    file on its line, and is not scored without its words: docs/batch.md)."""
    with _live_batch("--input-format", kind) as (_, stdin, lines):
        stdin.write((("[" if kind == "json" else "") + item * (2 if item.startswith("{") else 1)).encode())
        for number in range(3):
            stdin.write(item.encode())  # the next item starts: the one before it is whole
            stdin.flush()
            record = lines.get(timeout=30)  # queue.Empty: the record waited for more
            line = 1 + number * item.count("\n")  # where the item starts
            assert (record["line"], record["seat"], record["score"]) == (line, "south", 48)


@pytest.mark.parametrize(
    "options",
    [
        pytest.param(["--bogus"], id="bogus"),
        pytest.param(["--sear", "south"], id="sear-south"),
        pytest.param(["-Xn"], id="Xn"),
        pytest.param(["--drawn=1"], id="drawn-1"),
        pytest.param(["--seat=south", "--limt", "3"], id="limt-3"),
        pytest.param(["--seat", "south", "--drawn", "--bogus"], id="seat-south-drawn-bogus"),
    ],
)
def test_an_unknown_option_is_refused_in_the_words_score_refuses_it_in(tmp_path: Path, options: list[str]):
    """A batch line said `unknown option --sear` where `score` says `No such option: --sear (Possible
    options: --loose, --loser, --seat)`: one refusal (arguments.unknown_option), the batch adding its
    line number, `score` where its help is."""
    score = run("score", PUNGS, *options)
    assert score.exit_code == 2
    said = score.stderr.removeprefix("error: ").removesuffix(" (see 'pungchow score --help')\n")
    assert said != score.stderr
    path = tmp_path / "hands.txt"
    line = f"'{PUNGS}' {' '.join(options)}"
    path.write_text(f"{PUNGS}\n{line}\n", encoding="utf-8")
    batch = run("batch", str(path), "--format", "jsonl")
    column = line.index(options[-2] if options[-1].isalnum() else options[-1]) + 1  # the unknown word's
    assert json.loads(batch.stdout.splitlines()[1]) == {
        "line": 2,
        "error": {"code": "bad-option", "message": f"{said} (column {column})", "column": column},
    }


# Regression: a line's option refusal named its line but not its word's column (`No such option:
# --bogus`), where a word besides the hand had one. Each kind of option refusal, and the word it is at.
@pytest.mark.parametrize(
    ("options", "at"),
    [
        pytest.param("--seat south --drawn --bogus", "--bogus", id="unknown"),
        pytest.param("--seat nowhere --drawn", "nowhere", id="bad-value"),
        pytest.param("--seat=nowhere --drawn", "--seat=nowhere", id="bad-value-inline"),
        pytest.param("--drawn --limit ten", "ten", id="not-a-number"),
        pytest.param("--drawn --seat", "--seat", id="missing-value-at-the-end"),
        pytest.param("--seat --drawn", "--seat", id="missing-value"),
        pytest.param("-s south --drawn -s west", "-s west", id="given-again"),
        pytest.param("--limit 500 --no-limit", "--no-limit", id="contradiction"),
        pytest.param("--no-limit --limit 500", "--limit", id="contradiction-other-order"),
        pytest.param("--drawn --loose", "--loose", id="two-ways"),
        pytest.param("--loser --drawn", "--drawn", id="loser-drawn"),
        pytest.param("--drawn --from south", "--from", id="from-drawn"),
        pytest.param("-r riichi-ema-2016 --ippatsu", "--ippatsu", id="fact-needs-another"),
        pytest.param("--no-limit -r riichi-ema-2016", "--no-limit", id="no-limit-under-riichi"),
        pytest.param("-s south —drawn", "—drawn", id="misspelt"),
    ],
)
def test_a_batch_lines_option_refusal_names_the_column_of_its_word(tmp_path: Path, options: str, at: str):
    hand = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"
    line = f"'{hand}' {options}"
    path = tmp_path / "hands.txt"
    path.write_text(f"{line}\n{PUNGS}\n", encoding="utf-8")
    result = run("batch", str(path), "-f", "jsonl")
    refused, good = map(json.loads, result.stdout.splitlines())
    error = refused["error"]
    said = json.loads(run("score", "--json", hand, *shlex.split(options)).stdout)["error"]["message"]
    assert off_the_line(error, line) == line.index(at) + 1
    # The same words as `score`'s, without the column (`score` adds where its help is, to a usage error).
    assert error["message"] == said.removesuffix(" (see 'pungchow score --help')")
    assert error["code"] in ("bad-option", "option-twice") and "error" not in good


# Lines typed with a plain space, and pasted from a web page or a word processor (a no-break space,
# U+00A0), or typed with an input method's ideographic space (U+3000) or another Unicode space.
SPACED_LINES = {
    "nbsp-in-the-hand": "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c",
    "nbsp-before-an-option": f"{PUNGS} -s south",
    "nbsp-between-option-and-value": f"'{PUNGS}' --seat south --drawn",
    "nbsp-after-the-quoted-hand": f"'{PUNGS}' --seat south",
    "nbsp-before-a-comment": f"'{PUNGS}' -s west # paid at once",
    "nbsp-before-a-kong": "1b1b1b 3c3c3c 5d5d5d* RdRdRdRd# 7c!7c",
    "nbsp-indented": f"  '{PUNGS}' -s north",
}
_PASTED = {
    "nbsp-in-the-hand": ("1b1b1b\xa03c3c3c 5d5d5d* 4b4b4b* 7c!7c",),
    "nbsp-before-an-option": (f"{PUNGS}\xa0-s\xa0south",),
    "nbsp-between-option-and-value": (f"'{PUNGS}' --seat\xa0south\u3000--drawn",),
    "nbsp-after-the-quoted-hand": (f"'{PUNGS}'\xa0--seat south", f"'{PUNGS}'\u2003--seat south"),
    "nbsp-before-a-comment": (f"'{PUNGS}' -s west\xa0# paid at once", f"'{PUNGS}'\u3000-s west\u3000# x"),
    "nbsp-before-a-kong": ("1b1b1b 3c3c3c 5d5d5d*\xa0RdRdRdRd# 7c!7c",),
    "nbsp-indented": (f"\xa0\xa0'{PUNGS}'\xa0-s north",),
}


@pytest.mark.parametrize("input_format", ["text", "yaml", "json"])
@pytest.mark.parametrize("name", list(SPACED_LINES))
def test_a_unicode_space_outside_quotes_is_a_space(tmp_path: Path, name: str, input_format: str):
    """A line pasted with no-break spaces was read apart from the same line typed: `'HAND'<NBSP>--seat
    south` as the hand `HAND<NBSP>--seat` and a stray south (`south follows the quoted hand`),
    `--seat<NBSP>south` as `No such option: --seat\xa0south`, `1b1b1b<NBSP>3c3c3c 5d5d5d* ...` refused,
    while `\xa0# comment` started a comment and a hand all in no-break spaces was scored. Outside quotes
    each Unicode space is a space (batch/words.py): the records are those of the line typed, in each
    input format (a YAML or JSON item written as one string is split as a text line is)."""

    def records(lines: list[str]) -> str:
        path = tmp_path / f"hands.{'txt' if input_format == 'text' else input_format}"
        if input_format == "text":
            path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        else:  # JSON is YAML: one list of strings, written by json.dumps for both
            path.write_text(json.dumps(lines), encoding="utf-8")
        result = run("batch", str(path), "--format", "jsonl")
        assert result.exit_code == 0, result.stdout
        return result.stdout

    pasted = _PASTED[name]
    assert records(list(pasted)) == records([SPACED_LINES[name]] * len(pasted))


@pytest.mark.parametrize("output_format", ["table", "json", "csv"])
def test_a_pasted_line_is_written_as_the_typed_one_in_each_format(tmp_path: Path, output_format: str):
    typed, pasted = tmp_path / "typed.txt", tmp_path / "pasted.txt"
    typed.write_text("".join(f"{line}\n" for line in SPACED_LINES.values()), encoding="utf-8")
    pasted.write_text("".join(f"{lines[-1]}\n" for lines in _PASTED.values()), encoding="utf-8")
    shown = [run("batch", str(p), "--format", output_format) for p in (typed, pasted)]
    assert shown[0].exit_code == 0 and shown[0] == shown[1]


def test_a_no_break_space_inside_quotes_is_kept(tmp_path: Path):
    """Inside quotes a word is as written: a ruleset file whose name holds a no-break space is found."""
    house = tmp_path / "house\xa0rules.yaml"
    house.write_text("extends: pung-chow\nname: house\n", encoding="utf-8")
    path = tmp_path / "hands.txt"
    path.write_text(
        f"'{PUNGS}' -r '{house}'\n'{PUNGS}' -r {str(house).replace(chr(0xA0), ' ')}\n", encoding="utf-8"
    )
    first, second = (
        json.loads(line) for line in run("batch", str(path), "--format", "jsonl").stdout.splitlines()
    )
    assert first["ruleset"] == "house" and first["score"] == 48
    assert second["error"]["code"] == "bad-line"  # unquoted, the name is two words: the second is stray


def test_a_no_break_space_glued_in_quotes_to_an_unquoted_word_is_named(tmp_path: Path):
    """The one way left for a bare word to hold a Unicode space: quoted inside it (`1b1b1b'<NBSP>'3c3c3c`,
    as a shell joins them); it is named, never read as a quoted hand."""
    path = tmp_path / "hands.txt"
    path.write_text("1b1b1b'\xa0'3c3c3c 5d5d5d* 4b4b4b* 7c!7c\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert (result.exit_code, json.loads(result.stdout)["error"]["message"]) == (
        1,
        "a line takes the hand as one argument: 1b1b1b\\xa03c3c3c holds U+00A0, a space that parts no"
        " words on a line: type a plain space (or put the whole hand in quotes) (column 1)",
    )


@pytest.mark.parametrize(
    ("line", "word", "column"),
    [
        pytest.param(f"'{PUNGS}' 4f", "4f follows the quoted hand", 39, id="quoted-hand-4f"),
        pytest.param(f'"{PUNGS}" -s s 4f', "4f follows the quoted hand", 44, id="quoted-hand-seat-4f"),
        pytest.param(f"-- '{PUNGS}' 4f", "4f follows the quoted hand", 42, id="double-dash-quoted-hand-4f"),
        # A quoted first word is the hand as one argument, one group or five: these were scored as the
        # unquoted hand of all five groups.
        pytest.param(
            "'1b1b1b' 3c3c3c 5d5d5d* 4b4b4b* 7c!7c",
            "3c3c3c follows the quoted hand",
            10,
            id="'1b1b1b'-3c3c3c",
        ),
        pytest.param(
            '"1b1b1b" 3c3c3c 5d5d5d* 4b4b4b* 7c!7c',
            "3c3c3c follows the quoted hand",
            10,
            id='"1b1b1b"-3c3c3c',
        ),
        pytest.param(
            "-- '1b1b1b' 3c3c3c 5d5d5d* 4b4b4b* 7c!7c",
            "3c3c3c follows the quoted hand",
            13,
            id="double-dash-'1b1b1b'-3c3c3c",
        ),
        pytest.param(
            "1b1b1b 3c3c3c --drawn 5d5d5d* 4b4b4b* 7c!7c",
            "5d5d5d* is apart from the groups before it",
            23,
            id="groups-either-side-of-an-option",
        ),
        pytest.param(
            f"-s s {PUNGS}", "3c3c3c is another word after an option", 13, id="groups-after-an-option"
        ),
        # A command pasted whole from a shell: was told its hand "is apart from the groups before it".
        pytest.param(f"score '{PUNGS}'", "score names the command", 1, id="score-'HAND'"),
        pytest.param(
            f"pungchow score '{PUNGS}'", "pungchow names the command", 1, id="pungchow-score-'HAND'"
        ),
    ],
)
def test_a_word_besides_the_hand_is_refused_where_it_stands(
    tmp_path: Path, line: str, word: str, column: int
):
    """`'HAND' 4f` was scored as the hand with a flower joined to it, where `pungchow score 'HAND' 4f`
    refuses the word: which was meant is a guess. Refused (bad-line), naming the word and its column."""
    assert run("score", *shlex.split(line)).exit_code == 2
    path = tmp_path / "hands.txt"
    path.write_text(f"{PUNGS}\n{line}\n", encoding="utf-8")
    assert _word_refused_after_a_good_hand(path, word, column)["line"] == 2
    assert line[column - 1 :].startswith(word.split()[0])


@pytest.mark.parametrize(
    "line",
    [
        pytest.param(PUNGS, id="unquoted"),
        pytest.param(f"{PUNGS} --seat east", id="unquoted-then-options"),
        pytest.param(f"-- {PUNGS}", id="unquoted-after-double-dash"),
        pytest.param(f"'{PUNGS}' --seat east", id="quoted"),
        # Quoting a later group alone is the shell's business: it is still one of the groups.
        pytest.param("1b1b1b '3c3c3c' 5d5d5d* 4b4b4b* 7c!7c", id="a-later-group-quoted-alone"),
        pytest.param(f"{PUNGS} # East's", id="unquoted-then-a-comment-with-a-quote"),
    ],
)
def test_an_unquoted_hand_is_still_its_groups_before_the_options(tmp_path: Path, line: str):
    """docs/batch.md: the hand may be written unquoted, its groups as several words (before the options)."""
    path = tmp_path / "hands.txt"
    path.write_text(f"{line}\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 0 and json.loads(result.stdout)["hand"] == PUNGS


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        pytest.param("'a b c' 4f", [1, 9, None], id="quoted-then-word"),
        pytest.param("a  b\t c", [1, 4, 7, None], id="blanks"),
        pytest.param("x 'y z' w", [1, 3, 9, None], id="quoted-between"),
        pytest.param("a\\ b c", [1, 6, None], id="escaped-blank"),
        pytest.param('"q"r s', [1, 6, None], id="quote-inside-a-word"),
        pytest.param("a b # c d", [1, 3, 5], id="comment-after"),
    ],
)
def test_word_column_is_where_split_lines_word_starts(text: str, columns: list[int | None]):
    from pungchow_calc.batch.words import word_column

    assert [word_column(text, i) for i in range(len(columns))] == columns


@pytest.mark.parametrize("compare", [False, True], ids=["records", "compare"])
@pytest.mark.parametrize("mode", ["ab", "wb"], ids=[">>", ">"])
@pytest.mark.parametrize("named", [True, False], ids=["named", "stdin"])
def test_a_batch_file_that_is_also_the_output_is_refused(
    tmp_path: Path, mode: str, named: bool, compare: bool
):
    """`batch hands.txt > hands.txt`: the shell had emptied the file, and the batch said nothing (0
    records, exit 0); `>> hands.txt`: the records were read back as lines, each an error record of its
    own. Refused in one line (exit 2), the file left as it was. Regression (`batch --compare A B
    hands.txt >> hands.txt`): the refusal said `> or >>` and `the records` whichever it was, and
    never that `>` had emptied the file: it says which, what would be written, and where to instead."""
    path = tmp_path / "hands.txt"
    path.write_text(f"{PUNGS}\n" * 3, encoding="utf-8")
    before = path.read_bytes() if mode == "ab" else b""
    extra = ["--compare", "pung-chow", "pung-chow-limit"] if compare else ["-f", "csv"]
    with path.open("rb") as hands, path.open(mode) as out:
        done = subprocess.run(
            [sys.executable, "-m", "pungchow_calc", "batch", str(path) if named else "-", *extra],
            stdin=hands,
            stdout=out,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=60,
            check=False,
        )
    name, where = (str(path), str(path)) if named else ("standard input", "the same file")
    what, them, kind = ("the summary", "it", "summary") if compare else ("the records", "them", "records")
    assert (done.returncode, path.read_bytes()) == (2, before)
    if mode == "ab":
        said = (
            f"(>> {where}): {what} would be added to its hands, and be read as hands; append {them} to"
            f" another file (>> {kind}.txt)"
        )
    else:
        said = (
            f"(> {where}): the shell emptied it before the batch started, so it holds no hands now"
            f" (restore it from a copy); write {what} to another file (> {kind}.txt)"
        )
    assert done.stderr.decode() == f"error: {name} is also the output {said}\n"


# Regression: a line shlex cannot split was `cannot split line: No escaped character` (a shell command's
# continued line, `... --seat south \`) or `No closing quotation`, in Python's words and with no column.
_SEAT_SOUTH_BACKSLASH = f"'{PUNGS}' --seat south \\"
_SEAT_QUOTE_SOUTH = f"'{PUNGS}' --seat \"south"
_ESCAPED_SPACE = f"'{PUNGS}' -s s \\ # the loser's hand"  # `\ ` escapes the space: no comment begins


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        pytest.param(
            _SEAT_SOUTH_BACKSLASH,
            "\\ at the end of the line escapes nothing (a line is one entry: join a command's lines)",
            len(_SEAT_SOUTH_BACKSLASH),
            id="seat-south-backslash",
        ),
        pytest.param(
            f"'{PUNGS} --seat south", "' opens a quotation that is never closed", 1, id="hand-quote-unclosed"
        ),
        pytest.param(
            _SEAT_QUOTE_SOUTH,
            '" opens a quotation that is never closed',
            _SEAT_QUOTE_SOUTH.index('"') + 1,
            id="seat-quote-south-unclosed",
        ),
        pytest.param(
            _ESCAPED_SPACE,
            "' opens a quotation that is never closed",
            _ESCAPED_SPACE.index("'s hand") + 1,
            id="escaped-space-then-comment-apostrophe",
        ),
        # Regression (a user trial): a word processor's closing quote after a straight opening one was
        # told the opening quote at column 1, not the mark to mend.
        pytest.param(
            f"'{PUNGS}\u2019 --seat south",
            "' opens a quotation that is never closed: the \u2019 (U+2019) is a typographic quote, which "
            "closes nothing: type '",
            len(PUNGS) + 2,
            id="hand-closed-by-a-curly-quote",
        ),
        pytest.param(
            f'"{PUNGS}\u201d -s south',
            '" opens a quotation that is never closed: the \u201d (U+201D) is a typographic quote, which '
            'closes nothing: type "',
            len(PUNGS) + 2,
            id="hand-closed-by-a-curly-double-quote",
        ),
    ],
)
def test_a_line_that_cannot_be_split_names_why_and_its_column(
    tmp_path: Path, line: str, message: str, column: int
):
    path = tmp_path / "hands.txt"
    path.write_text(f"{line}\n'{PUNGS}' -s south\n", encoding="utf-8")
    result = run("batch", str(path), "-f", "jsonl")
    refused, good = map(json.loads, result.stdout.splitlines())
    assert refused == {
        "line": 1,
        "error": {
            "code": "bad-line",
            "message": f"cannot split line: {message} (column {column})",
            "column": column,
        },
    }
    assert (good["line"], good["seat"], result.exit_code) == (2, "south", 1)


def test_a_yaml_item_that_cannot_be_split_names_why_and_its_column(tmp_path: Path):
    """`- "'HAND -s south"` (a quote left open in the item's text) was `cannot split entry: No closing
    quotation`: said now as a text line's is, with the column in the item's text."""
    path = tmp_path / "hands.yaml"
    path.write_text(f'- "\'{PUNGS} -s south"\n- {PUNGS}\n', encoding="utf-8")
    result = run("batch", str(path), "-f", "jsonl")
    refused, good = map(json.loads, result.stdout.splitlines())
    message = "cannot split line: ' opens a quotation that is never closed (column 1)"
    assert refused == {
        "line": 1,
        "item": 1,
        "column": 3,
        "error": {"code": "bad-line", "message": message, "column": 1},
    }
    assert (good["line"], good["score"], result.exit_code) == (2, 48, 1)


@pytest.mark.parametrize(
    ("name", "text", "error"),
    [
        pytest.param(
            "hands.yaml",
            f'- hand: "{PUNGS}"\n- hand: 1b1b1b: seat\n',
            {
                "code": "bad-yaml",
                "message": "not valid YAML: mapping values are not allowed in this context (column 15)",
                "column": 15,
            },
            id="yaml-column",
        ),
        pytest.param(
            "hands.json",
            f'[{{"hand": "{PUNGS}"}},\n {{"hand": 1b1b1b: 2}}]\n',
            {"code": "bad-yaml", "message": "not valid JSON: did not find expected ',' or '}'"},
            id="json-no-column",
        ),
    ],
)
def test_a_list_that_breaks_mid_line_says_the_column(tmp_path: Path, name: str, text: str, error: dict):
    """Regression: a bad-yaml record gave the line alone, though the parser knows the column."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records[0]["score"] == 48
    assert records[1] == {"line": 2, "item": 2, "error": error}


# (--compare's A and B, the summary's title): each ruleset by its `name:`, a file's too; two files of one
# name by their paths' stems (ruleset_files.column_names, as `diff` heads its columns).
COMPARE_TITLES = {
    "shipped": (["pung-chow", "pung-chow-limit"], "pung-chow → pung-chow-limit"),
    "pung-chow-samples-house-rules": (
        ["pung-chow", str(Path(__file__).resolve().parent.parent / "samples" / "house-rules.yaml")],
        "pung-chow → house-rules",
    ),
    "two-files-named-club": (["one.yaml", "two.yaml"], "one → two"),
}


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize(("rulesets", "title"), list(COMPARE_TITLES.values()), ids=list(COMPARE_TITLES))
def test_compare_summary_names_each_ruleset_by_its_name(tmp_path, monkeypatch, rulesets, title, columns):
    """Regression: a ruleset given by its path was named by it in the summary's title and rows, wrapped."""
    for stem, base in (("one", "pung-chow"), ("two", "pung-chow-limit")):
        (tmp_path / f"{stem}.yaml").write_text(f"extends: {base}\nname: club\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "c.txt"
    path.write_text(f"{PUNGS}\n", encoding="utf-8")
    table = run_main("batch", str(path), "--compare", *rulesets, env={"COLUMNS": str(columns)})
    assert table.exit_code == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[0] == title and max(map(len, lines)) <= columns
    assert f"score lower under {title.split(' → ')[1]}" in table.stdout
    assert "/" not in table.stdout and ".yaml" not in table.stdout
    data = json.loads(run("batch", str(path), "--compare", *rulesets, "--format", "json").stdout)
    assert data["rulesets"] == rulesets  # the data keep them as given


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(
    ("option", "column"),
    [
        ("--format csv", 44),
        ("-f csv", 44),
        ("--compare a b", 44),
        ("--workers 2", 44),
        ("--input-format text", 44),
    ],
    ids=["format", "f", "compare", "workers", "input-format"],
)
def test_a_batch_option_on_a_line_is_told_where_it_goes(
    tmp_path: Path, option: str, column: int, workers: str
):
    """Regression (a user trial): `'HAND' -s s --format csv` on a line was `No such option: --format
    (Possible options: --dora, --from, --ura)`: the batch command's own option is said to be so."""
    path = tmp_path / "hands.txt"
    lines = [f"'{PUNGS}' -s s"] * (900 if workers == "2" else 1) + [f"'{PUNGS}' -s s {option}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl", "--workers", workers)
    name = option.split()[0]
    assert json.loads(result.stdout.splitlines()[-1])["error"] == {
        "code": "bad-option",
        "message": f"{name} is an option of the batch command, not of a line: give it once, after the file "
        f"(pungchow batch FILE {name} ...) (column {column})",
        "column": column,
    }


def test_line_r_club_yaml_beside_the_batch_file_run_from_another_folder(tmp_path, monkeypatch):
    """A line's `-r club.yaml` is read from the current folder (docs/batch.md); run from another folder,
    a ruleset author was told a bare `file not found` though club.yaml lay beside the batch file."""
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "club.yaml").write_text((ROOT / "samples" / "house-rules.yaml").read_text("utf-8"), "utf-8")
    (folder / "hands.txt").write_text("'1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd' -r club.yaml\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    record = json.loads(run("batch", "sub/hands.txt", "-f", "jsonl").stdout)
    assert record["error"]["message"] == (
        "club.yaml: file not found (a line's path is read from the current folder, not the batch file's: "
        f"the file beside it is {os.path.join('sub', 'club.yaml')})"
    )
    monkeypatch.chdir(folder)  # from the batch file's folder it is found
    assert json.loads(run("batch", "hands.txt", "-f", "jsonl").stdout)["ruleset"] == "house-rules"
