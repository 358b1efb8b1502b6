"""Where a batch refusal stands (docs/batch.md): `--compare`'s refusal by both rulesets, and a value of
tiles' mistake, at their column on the line; through `pungchow_calc.cli:main`."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from cli_helpers import run

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"
CHOWS = "1c2c3c 4c5c6c 7d8d9d 1b1b1b Rd!Rd"  # two chows: classical-bmja allows one
OPEN = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b Rd!Rd"  # a set laid open at column 15 of the hand
CLOSED = "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd"

_URA = "--ura needs --riichi or --double-riichi"
_BMJA_CHOWS = "classical-bmja refuses the hand: not a winning hand: this ruleset allows at most 1 chow"
_NO_LIMIT = (
    "--no-limit lifts only a flat limit: ruleset riichi-ema-2016 limits a hand by its doublings and score"
    " (Mangan to Sanbaiman), which stay; leave --no-limit out"
)
_OPEN = "--riichi needs a closed hand: no set laid open (*, +) before the win"


def _unread(fact: str, option: str, ruleset: str) -> str:
    return f", and no rule of ruleset {ruleset} scores {fact}: drop {option}"


@pytest.mark.parametrize(
    ("rulesets", "line", "code", "said", "column"),
    [
        pytest.param(
            ("classical-bmja", "classical-dmjl"),
            f"'{CLOSED}' -s south --ura 2c",
            "bad-option",
            # the same refusal but for the ruleset each names: said once, naming both
            f"{_URA}{_unread('ura dora', '--ura', 'classical-bmja or classical-dmjl')}",
            52,  # --ura's value, blamed by each refusal alike (it had none)
            id="both-refuse---ura-naming-both-once",
        ),
        pytest.param(
            ("pung-chow", "riichi-ema-2016"),
            f"'{CLOSED}' -s south --ura 2c",
            "bad-option",
            f"{_URA}{_unread('ura dora', '--ura', 'pung-chow')}; riichi-ema-2016 refuses the hand: {_URA}",
            52,
            id="both-refuse---ura-each-its-way",
        ),
        pytest.param(
            ("classical-bmja", "riichi-ema-2016"),
            f"'{CHOWS}' -s south --no-limit",
            "not-winning",
            f"{_BMJA_CHOWS}; {_NO_LIMIT}",
            1,  # the hand's (column 1) and --no-limit's (46): the first on the line
            id="two-chows-and---no-limit-the-first-on-the-line",
        ),
        pytest.param(
            ("classical-bmja", "classical-dmjl"),
            f"'{OPEN}' -s south --riichi",
            "open-hand",
            f"{_OPEN}{_unread('riichi', '--riichi', 'classical-bmja or classical-dmjl')}",
            15,  # said once: it was `... (column 15); ... (column 15) (column 15)`
            id="open-hand---riichi-its-column-said-once",
        ),
    ],
)
def test_compare_refused_by_both_has_its_column(
    tmp_path: Path, rulesets: tuple[str, str], line: str, code: str, said: str, column: int
):
    """A hand both rulesets refuse by their own rules has the column of the refusals (the first on the
    line where they differ): standard error's list of failed entries, the only place `--compare` writes
    an entry's refusal (its `--format` is the summary's)."""
    path = tmp_path / "hands.txt"
    path.write_text(f"{line}\n", encoding="utf-8")
    for fmt in ("table", "json", "jsonl", "csv"):
        result = run("batch", str(path), "--compare", *rulesets, "--format", fmt)
        assert result.exit_code == 1
        assert result.stderr == f"line 1: error [{code}]: {said} (column {column})\n"


def test_compare_record_has_the_column_key(tmp_path: Path):
    """The record behind that line keeps the column as every error record does (`column`, docs/json.md)."""
    from pungchow_calc.batch.entry import Entry
    from pungchow_calc.batch.run import run as run_entries
    from pungchow_calc.batch.scoring import Job

    line = f"'{CLOSED}' -s south --ura 2c"
    job = Job(compare=("pung-chow", "riichi-ema-2016"))
    ((_, record),) = list(run_entries(iter([Entry(1, text=line)]), job))
    assert record["error"]["column"] == line.index("2c") + 1 == 52  # --ura's value, as the refusal blames


# The values of tiles (--dora, --ura): a mistake is said at its column on the batch line, where `score`
# says it at its column in the value (docs/notation.md, as settle's --south).
_9Q = (
    "9q is not a tile group: 'q' is no rank or suit (suits are b bamboo, c characters, d dots and dragons,"
    " w winds, f flowers, s seasons)"
)
_9Z = "9z is not a tile group: winds are Ew Sw Ww Nw (riichi's 1z-4z), dragons Wd Gd Rd (5z-7z)"
_NONE = "no tile given: name the indicators (e.g. --dora 4c,Nw), or leave --dora out"
_MARKED = "8d*: an indicator is a plain tile, without * (e.g. --dora 4c,Nw)"


@pytest.mark.parametrize(
    ("options", "said", "column", "at", "in_value"),
    [
        pytest.param("--dora 9z", f"--dora: {_9Z}", 46, "9z", 1, id="dora-9z"),
        pytest.param("-s south --dora 1c,9q", f"--dora: {_9Q}", 58, "9q", 4, id="dora-1c,9q"),
        pytest.param("-s south --riichi --ura 1c,9q", f"--ura: {_9Q}", 66, "9q", 4, id="ura-1c,9q"),
        pytest.param("-s south --dora=1c,9q", f"--dora: {_9Q}", 58, "9q", 4, id="dora=1c,9q"),
        pytest.param('-s south --dora "1c,9q"', f"--dora: {_9Q}", 59, "9q", 4, id="dora-quoted-1c,9q"),
        pytest.param("-s south --dora 1c\\,9q", f"--dora: {_9Q}", 59, "9q", 4, id="dora-1c-escaped-comma-9q"),
        pytest.param("-s south --dora 1c,8d*", f"--dora: {_MARKED}", 58, "8d*", 4, id="dora-1c,8d*"),
        pytest.param(
            "-s south --dora 1c --dora 9q,1c", f"--dora: {_9Q}", 65, "9q", 1, id="dora-1c-dora-9q,1c"
        ),
        pytest.param("-s south --dora 9q --dora 1c", f"--dora: {_9Q}", 55, "9q", 1, id="dora-9q-dora-1c"),
        # No column in the value: the word of the value at fault, the first here (it was the last's).
        pytest.param(
            "-s south --dora '' --dora 1c", f"--dora: {_NONE}", 55, "''", None, id="dora-empty-dora-1c"
        ),
    ],
)
def test_a_value_of_tiles_is_refused_at_its_column_on_the_line(
    tmp_path: Path, options: str, said: str, column: int, at: str, in_value: int | None
):
    """`--dora 9z` on a batch line said `(column 1)`, its column in the value, a place on no line."""
    line = f"'{HAND}' {options}"
    assert line[column - 1 :].startswith(at)
    path = tmp_path / "hands.txt"
    path.write_text(f"{line}\n", encoding="utf-8")
    result = run("batch", str(path), "-r", "riichi-ema-2016", "--format", "jsonl")
    assert result.exit_code == 1
    error = json.loads(result.stdout)["error"]
    assert error == {"code": "bad-option", "message": f"{said} (column {column})", "column": column}
    # `score`, which has no line, says it in the value (docs/notation.md), as ever.
    scored = run("score", *shlex.split(line), "-r", "riichi-ema-2016", "--json")
    assert json.loads(scored.stdout)["error"] == {
        "code": "bad-option",
        "message": said if in_value is None else f"{said} (column {in_value})",
    } | ({} if in_value is None else {"column": in_value})


@pytest.mark.parametrize("fmt", ["table", "csv"])
def test_a_value_of_tiles_column_in_table_and_csv(tmp_path: Path, fmt: str):
    """The table's and CSV's error message carry the same column as JSON's."""
    path = tmp_path / "hands.txt"
    path.write_text(f"'{HAND}' -s south --dora 1c,9q\n", encoding="utf-8")
    result = run("batch", str(path), "-r", "riichi-ema-2016", "--format", fmt, env={"COLUMNS": "400"})
    assert result.exit_code == 1
    assert f"--dora: {_9Q} (column 58)" in result.stdout


def test_a_yaml_item_string_says_the_column_in_the_string(tmp_path: Path):
    """An item of a YAML list written as one string of arguments: its column in that string, as a word
    besides the hand is (docs/batch.md)."""
    item = f"'{HAND}' -s south --dora 1c,9q"
    path = tmp_path / "hands.yaml"
    path.write_text(f'- "{item}"\n', encoding="utf-8")
    record = json.loads(run("batch", str(path), "-r", "riichi-ema-2016", "--format", "jsonl").stdout)
    assert record["error"]["column"] == item.index("9q") + 1 == 58


# A refused item of a YAML or JSON list: where it starts in the file, its line and column (docs/json.md).
_YAML = f"""# table 1
- hand: {HAND}
  seat: south
- hand: 1d2d4d* 5c5c5c 6c6c6c 9c!9c 1c2c3c
-   sead: south
    hand: {HAND}
- "'{HAND}' --bogus"
"""
_ONE_LINE = (
    f'[{{"hand": "{HAND}"}}, {{"hand": "1d2d4d* 5c5c5c 6c6c6c 9c!9c 1c2c3c"}}, "\'{HAND}\' --bogus"]\n'
)


@pytest.mark.parametrize(
    ("name", "text", "places"),
    [
        pytest.param("hands.yaml", _YAML, [(2, 1, None), (4, 2, 3), (5, 3, 5), (7, 4, 3)], id="yaml-list"),
        pytest.param(
            "hands.json",
            _ONE_LINE,
            [(1, 1, None), (1, 2, _ONE_LINE.index('{"hand": "1d') + 1), (1, 3, _ONE_LINE.index("\"'") + 1)],
            id="json-on-one-line",
        ),
    ],
)
def test_a_refused_item_says_where_it_starts_in_the_file(tmp_path: Path, name: str, text: str, places):
    """`{"line": 1, "item": 2, "column": 42, "error": ...}`: a list on one line starts every item on
    line 1; the column finds it. A scored item's record has no such key."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["line"], r["item"], r.get("column")) for r in records] == places
    assert [list(r)[:4] for r in records[1:]] == [["line", "item", "column", "error"]] * (len(records) - 1)
    for line, _, column in places[1:]:  # each column is where an item starts: `{`, a key, a quote
        assert text.splitlines()[line - 1][column - 1] in '{s"h'


def test_a_one_line_json_list_column_is_the_items_first_character(tmp_path: Path):
    path = tmp_path / "hands.json"
    path.write_text(_ONE_LINE, encoding="utf-8")
    records = [json.loads(line) for line in run("batch", str(path), "--format", "jsonl").stdout.splitlines()]
    assert _ONE_LINE[records[2]["column"] - 1 :].startswith(f"\"'{HAND}' --bogus\"")
    assert records[2]["error"]["column"] == len(f"'{HAND}' ") + 1  # in the item's string, as ever


@pytest.mark.parametrize(
    ("line_2", "columns"),
    [
        pytest.param('{"hand": "x", "limit": 1e3},', [None, None], id="1e3-on-its-line"),
        pytest.param(
            '{"hand": "x", "seat": "\\ud83c\\udc04"},', [None, None], id="surrogate-pair-on-its-line"
        ),
        pytest.param('{"hand": "x"},', [1, 16], id="nothing-rewritten"),
    ],
)
def test_a_json_line_rewritten_before_it_is_read_gives_no_column(tmp_path: Path, line_2: str, columns):
    """A JSON item's column is the YAML reader's mark on the file as mended (listed.json_normalised): on
    a line where something was rewritten (`1e3` as `!!float 1e3`) its columns may have moved, and no
    item there has one said; the items of other lines keep theirs."""
    path = tmp_path / "hands.json"
    path.write_text(f'[{{"hand": "1e3"}},\n{line_2} {{"hand": "y"}}\n]\n', encoding="utf-8")
    records = [json.loads(line) for line in run("batch", str(path), "--format", "jsonl").stdout.splitlines()]
    assert [(r["line"], r.get("column")) for r in records] == [(1, 2), *((2, c) for c in columns)]


def test_a_refused_items_place_in_the_table_and_compares_list(tmp_path: Path):
    """The table's row (numbered by item) and `--compare`'s list on standard error say it too."""
    path = tmp_path / "hands.yaml"
    path.write_text(_YAML, encoding="utf-8")
    table = run("batch", str(path))
    assert "    2  line 4, column 3: error [not-a-set]: 1d2d4d* is not a set (column 1)\n" in table.stdout
    compared = run("batch", str(path), "--compare", "pung-chow", "pung-chow-limit", "--format", "json")
    assert compared.stderr.splitlines() == [
        "item 2 (line 4, column 3): error [not-a-set]: 1d2d4d* is not a set (column 1)",
        "item 3 (line 5, column 5): error [bad-entry]: unknown option 'sead' (did you mean 'seat'?)",
        "item 4 (line 7, column 3): error [bad-option]: No such option: --bogus (column 39)",
    ]


@pytest.mark.parametrize(
    ("name", "text", "row"),
    [
        pytest.param(
            "hands.yaml",
            f"- hand: {HAND}\n- hand: {HAND}\n  other: [\n",
            # The break is at the end of the file: said at its last line, with no column (it said
            # `line 4 ... (column 1)` of a file of three lines).
            "    2  line 3: error [bad-yaml]: not valid YAML: did not find expected node content\n",
            id="yaml-other-bracket-left-open",
        ),
        pytest.param(
            "hands.json",
            f'[{{"hand": "{HAND}"}}, {{"hand": "x"]\n',
            "    2  line 1: error [bad-yaml]: not valid JSON: did not find expected ',' or '}'\n",
            id="json-brace-closed-by-bracket",
        ),
    ],
)
def test_a_list_break_with_no_item_column_names_its_line_in_the_table(tmp_path: Path, name, text, row):
    """A list's table is numbered by item: a `bad-yaml` row, which has no item column, says the line the
    parser gave up on, as `--compare`'s list does (`item 2 (line 4)`), or its `(column 1)` reads nowhere."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    table = run("batch", str(path))
    assert table.exit_code == 1
    assert row in table.stdout


# A text line pasted as an item breaks the file at line 3; the five items after it (lines 4-13) are never
# read. The record said only the parser's problem, so a reader could not tell that hands were left.
BROKEN = f'- hand: {HAND}\n  seat: south\n- "{HAND}" -s west\n' + f"- hand: {HAND}\n  seat: north\n" * 5


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        pytest.param(
            "brk.yaml",
            BROKEN,
            "not valid YAML (the rest of the file, to line 13, is not read): did not find expected '-' "
            "indicator (column 41)",
            id="yaml-line-3-of-13",
        ),
        pytest.param(
            "brk.yaml",
            BROKEN.replace("\n", "\r\n").rstrip("\n") + "\n\n# the end",
            "not valid YAML (the rest of the file, to line 15, is not read): did not find expected '-' "
            "indicator (column 41)",
            id="yaml-crlf-a-comment-last-unended",
        ),
        pytest.param(
            "brk.json",
            f'[{{"hand": "{HAND}"}},\n {{"hand": "x"]\n,\n{{"hand": "{HAND}"}}]\n',
            "not valid JSON (the rest of the file, to line 4, is not read): did not find expected ',' or '}'",
            id="json-line-2-of-4",
        ),
    ],
)
def test_a_break_says_how_far_the_file_goes_on_unread(tmp_path: Path, name: str, text: str, said: str):
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    result = run("batch", str(path), "--format", "jsonl")
    assert result.exit_code == 1
    assert json.loads(result.stdout.splitlines()[-1])["error"]["message"] == said
    # Standard input is not read on to its end (a feed still being written would keep the record
    # waiting): how far it goes is not known.
    kind = "json" if name.endswith(".json") else "yaml"
    result = run("batch", "-", "--input-format", kind, "--format", "jsonl", input=text)
    assert result.exit_code == 1
    unread = re.sub(
        r"the rest of the file, to line \d+, is not read", "the rest of the input is not read", said
    )
    assert json.loads(result.stdout.splitlines()[-1])["error"]["message"] == unread


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_yaml_break_past_800_items_keeps_its_column_in_a_worker(tmp_path: Path, workers: str):
    """Regression: a bad-yaml record scored in a worker process lost its column (the entry was sent
    without it): `not valid YAML: ... (column 15)` in one process, no column with `--workers 2`."""
    path = tmp_path / "big.yaml"
    path.write_text(f"- hand: {HAND}\n" * 900 + "- hand: 1b1b1b: seat\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl", "--workers", workers)
    last = json.loads(result.stdout.splitlines()[-1])
    assert last == {
        "line": 901,
        "item": 901,
        "error": {
            "code": "bad-yaml",
            "message": "not valid YAML: mapping values are not allowed in this context (column 15)",
            "column": 15,
        },
    }
