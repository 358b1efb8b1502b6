"""A .json batch file (batch/input.py json_normalised): every valid JSON list of entries is read as
json.loads reads it, through the YAML reader, each item with its line number (docs/batch.md)."""

from __future__ import annotations

import csv as csv_module
import json
import math
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_helpers import run
from hypothesis import example, given
from hypothesis import strategies as st

from pungchow_calc.batch.input import Source
from pungchow_calc.batch.listed import json_normalised

PUNGS = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"

_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
    | st.sampled_from(["\U0001f004", "\x85", "\x7f", "\ufffe", "\u2028", "a/b", "\t"])
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)
_documents = st.lists(st.dictionaries(st.text() | st.just("k" * 1100), _values, max_size=4), max_size=4)


def _read(data: bytes, cuts: list[int]) -> Any:
    """The document as the batch reader's YAML reader reads it, its bytes read in blocks cut at `cuts`."""
    points = sorted({min(cut, len(data)) for cut in cuts})
    blocks = [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(b"".join(json_normalised(iter(blocks))), Loader=loader)  # noqa: S506 - a safe loader


def _same(ours: Any, theirs: Any) -> bool:
    """Equal, floats by their bits (-0.0 is not 0.0 to a reader of JSON, nor a float an int)."""
    if isinstance(theirs, float):
        return (
            isinstance(ours, float) and math.copysign(1, ours) == math.copysign(1, theirs) and ours == theirs
        )
    if isinstance(theirs, list):
        return isinstance(ours, list) and len(ours) == len(theirs) and all(map(_same, ours, theirs))
    if isinstance(theirs, dict):
        return (
            isinstance(ours, dict)
            and ours.keys() == theirs.keys()
            and all(_same(ours[k], v) for k, v in theirs.items())
        )
    return type(ours) is type(theirs) and ours == theirs


@given(
    _documents,
    st.booleans(),
    st.sampled_from([None, 0, 2, "\t"]),
    st.booleans(),
    st.lists(st.integers(0, 400), max_size=6),
)
@example([{"hand": "\U0001f004 a/b", "limit": 1e16, "x": -0.0}], True, None, True, [13])
@example([{"k" * 1100: 1e-7}], False, 2, False, [3, 1104])
@example([{"hand": "\\ud83c\\udc04 \\\\", "\\": ["\\u0085"]}], True, None, False, [12, 13])  # backslashes
def test_json_is_read_as_json_loads_reads_it(
    document: list[dict[str, Any]], ascii_only: bool, indent: int | str | None, compact: bool, cuts: list[int]
):
    """Dumped by json.dumps in any of its ways, and read in blocks cut anywhere, the same values."""
    separators = (",", ":") if compact else None
    text = json.dumps(
        document, ensure_ascii=ascii_only, indent=indent, separators=separators, allow_nan=False
    )
    data = text.encode()
    assert _same(_read(data, cuts), json.loads(data))


def _records(tmp_path: Path, text: str, encoding: str = "utf-8") -> list[dict[str, Any]]:
    path = tmp_path / "hands.json"
    path.write_bytes(text.encode(encoding))
    result = run("batch", str(path), "--format", "jsonl")
    return [json.loads(line) for line in result.stdout.splitlines()]


def _shown(record: dict[str, Any]) -> tuple[int, int | str]:
    return record["line"], record["error"]["code"] if "error" in record else record["score"]


def test_json_dumps_of_a_hand_in_glyphs_ud83c_udc04_is_scored(tmp_path: Path):
    """json.dumps writes a glyph past U+FFFF (🀄, the red dragon) as a surrogate pair, `\\ud83c\\udc04`,
    which YAML refused: one `bad-yaml` record, the entries after it never read."""
    hands = [{"hand": f"{PUNGS[:-5]}\U0001f004!\U0001f004"}, {"hand": PUNGS, "seat": "south"}]
    text = json.dumps(hands).replace("}, ", "},\n")
    assert [_shown(r) for r in _records(tmp_path, text)] == [(1, 50), (2, 50)]


# Each was not valid YAML to the reader (a `bad-yaml` record, the items after it never read); the
# entry is read now, and the entry after it scored.
@pytest.mark.parametrize(
    ("item", "code", "message"),
    [
        pytest.param(r'{"hand": "Rd\ud83c!"}', "unknown-tile", "Rd\ufffd! is not", id="ud83c-lone-surrogate"),
        pytest.param('{"hand": "Rd\x7f!"}', "unknown-tile", "Rd\\x7f! is not", id="x7f-DEL-in-a-hand"),
        pytest.param('{"hand": "Rd\ufffe!"}', "unknown-tile", "Rd\\ufffe! is not", id="ufffe-in-a-hand"),
        pytest.param(
            '{"' + "k" * 2000 + '": 1}', "bad-entry", "unknown option 'kkk", id="key-of-2000-letters"
        ),
    ],
)
def test_json_item_past_yaml_is_read(tmp_path: Path, item: str, code: str, message: str):
    text = f'[{{"hand": "{PUNGS}"}},\n {item},\n {{"hand": "{PUNGS}"}}]\n'
    records = _records(tmp_path, text)
    assert [_shown(r) for r in records] == [(1, 50), (2, code), (3, 50)]
    assert records[1]["error"]["message"].startswith(message)


# Regression: a value was shown as Python prints it (`got True`, `got None`); JSON's words for them,
# `true`, `false`, `null`, are YAML's too (engine.errors.as_written).
@pytest.mark.parametrize(
    ("item", "message"),
    [
        pytest.param('{"hand": true}', "hand: expects text, got true", id="hand-true"),
        pytest.param('{"hand": null}', "hand: expects text, got null", id="hand-null"),
        pytest.param(
            f'{{"hand": "{PUNGS}", "seat": false}}', "seat: expects a value, got false", id="seat-false"
        ),
        pytest.param(
            f'{{"hand": "{PUNGS}", "drawn": null}}', "drawn: expects true or false, got null", id="drawn-null"
        ),
    ],
)
def test_json_value_is_shown_as_json_writes_it(tmp_path: Path, item: str, message: str):
    text = f'[{{"hand": "{PUNGS}"}},\n {item},\n {{"hand": "{PUNGS}"}}]\n'
    records = _records(tmp_path, text)
    assert [_shown(r) for r in records] == [(1, 50), (2, "bad-entry"), (3, 50)]
    assert records[1]["error"]["message"] == message


def test_json_nel_x85_in_a_hand_is_not_a_space(tmp_path: Path):
    """A raw NEL (U+0085) in a JSON string is that character, as json.loads reads it; YAML took it for a
    line break and folded it to a space."""
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([{"hand": "a\x85b"}], ensure_ascii=False), encoding="utf-8")
    source = Source(str(path))
    assert [entry.argv for entry in source.entries()] == [("a\x85b",)]
    source.close()


def test_json_limit_1e3_is_the_float_json_reads(tmp_path: Path):
    """`"limit": 1e3` is 1000.0 to JSON (YAML 1.1 read the text "1e3"): refused as not a whole number."""
    (record,) = _records(tmp_path, f'[{{"hand": "{PUNGS}", "limit": 1e3}}]')
    assert record["error"]["code"] == "bad-entry"
    assert "got 1000.0" in record["error"]["message"]


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-32"])
def test_json_file_with_a_byte_order_mark_is_read(tmp_path: Path, encoding: str):
    """A JSON file with a byte order mark: UTF-32's was not read by the YAML reader at all."""
    text = f'[\n  {{"hand": "{PUNGS}", "seat": "west"}},\n  {{"hand": "{PUNGS}\\/"}}\n]\n'
    assert [_shown(r) for r in _records(tmp_path, text, encoding)] == [(2, 50), (3, "unknown-tile")]


def test_json_on_one_very_long_line_reads_every_item(tmp_path: Path):
    """500 entries on one line of 30 kB, read in several blocks: each has its record, all on line 1."""
    records = _records(tmp_path, json.dumps([{"hand": PUNGS, "seat": "south"}] * 500))
    assert len(records) == 500 and {_shown(r) for r in records} == {(1, 50)}


def test_invalid_json_is_one_record_where_it_breaks(tmp_path: Path):
    """A JSON file that stops being valid: the items before, then one `bad-yaml` record at its line."""
    records = _records(tmp_path, f'[{{"hand": "{PUNGS}"}},\n\n {{"hand": "x" "seat"}}]\n')
    assert [_shown(r) for r in records] == [(1, 50), (3, "bad-yaml")]


def test_invalid_json_is_said_to_be_json(tmp_path: Path):
    """`{"hand": "x" "seat"}` in a .json file was `not valid YAML`, to a writer of JSON."""
    (_, record) = _records(tmp_path, f'[{{"hand": "{PUNGS}"}},\n {{"hand": "x" "seat"}}]\n')
    assert record["error"]["message"].startswith("not valid JSON: ")


def test_a_json_object_not_a_list_is_refused_in_json_words(tmp_path: Path):
    """`{"hand": ...}` alone: the file is refused (exit 2), in JSON's notation, not YAML's `- hand:`."""
    path = tmp_path / "hands.json"
    path.write_text(json.dumps({"hand": PUNGS}), encoding="utf-8")
    result = run("batch", str(path))
    assert result.exit_code == 2
    assert 'a JSON batch file is a list of mappings ([{"hand": ...}])' in result.stderr


def test_a_json_string_of_20_mb_is_read_in_little_memory(tmp_path: Path):
    """A hand of 20 MB in a .json file (a paste gone wrong): the reader's pattern kept a mark for each
    of its characters (2.7 GB, 6 s), a MemoryError traceback under a limit of 800 MB. Now one
    `too-long` record, and the entry after it scored."""
    import resource
    import subprocess
    import sys

    path = tmp_path / "hands.json"
    path.write_text(json.dumps([{"hand": "x" * 20_000_000}, {"hand": PUNGS}]).replace("}, ", "},\n"))

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (800 << 20, 800 << 20))

    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "batch", str(path), "--format", "jsonl"],
        capture_output=True,
        preexec_fn=limited,  # noqa: PLW1509 - only a limit, set before the exec
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (1, b"")
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [_shown(r) for r in records] == [(1, "too-long"), (2, 50)]


# Regression: a JSON list written on one line (a web form's export, `json.dumps`) gave every record
# `line 1`: an organiser with 500 hands could not tell which was refused. Each record names its item.
_ONE_LINE_500 = [{"hand": PUNGS, "seat": "south"}] * 316 + [{"hand": PUNGS.replace("!", "")}]
_ONE_LINE_500 += [{"hand": PUNGS, "seat": "south"}] * 183


@pytest.mark.parametrize("indent", [None, 1], ids=["one-line", "pretty"])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_one_line_json_of_500_hands_names_entry_317_by_its_item(
    tmp_path: Path, indent: int | None, workers: str
):
    """Every format and standard error's --compare list name the item (its number in the list, from
    1) after the line it starts on, which is 1 for every item of a one-line list."""
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(_ONE_LINE_500, indent=indent), encoding="utf-8")
    lines = [1] * 500 if indent is None else [2 + 4 * n for n in range(500)]
    lines[316] = 1 if indent is None else 2 + 4 * 316  # (its mapping has one key less: 3 lines)
    # Where the refused item starts on its line: its `{`, after the 316 before it and their `, `.
    column = len(json.dumps(_ONE_LINE_500[:316])[:-1] + ", ") + 1 if indent is None else 2
    assert path.read_text(encoding="utf-8").splitlines()[lines[316] - 1][column - 1] == "{"
    out = [
        json.loads(x)
        for x in run("batch", str(path), "-f", "jsonl", "--workers", workers).stdout.splitlines()
    ]
    assert [(r["line"], r["item"]) for r in out][:317] == list(zip(lines, range(1, 501), strict=True))[:317]
    assert [r["item"] for r in out] == list(range(1, 501))
    assert list(out[316])[:4] == ["line", "item", "column", "error"] and out[316]["column"] == column
    assert out[316]["error"]["code"] == "no-winning-tile"
    csv = run("batch", str(path), "-f", "csv", "--workers", workers).stdout.splitlines()
    assert csv[0].startswith("line,item,hand,") and csv[317].startswith(f"{lines[316]},317,,")
    assert len(csv) == 501 and {len(row) for row in csv_module.reader(csv)} == {20}
    table = run("batch", str(path), "--workers", workers).stdout.splitlines()
    assert table[0].startswith(" item  hand")
    assert table[317].startswith(f"  317  line {lines[316]}, column {column}: error [no-winning-tile]")
    compared = run("batch", str(path), "--compare", "pung-chow", "pung-chow-limit", "--workers", workers)
    assert f"item 317 (line {lines[316]}, column {column}): error [no-winning-tile]" in compared.stderr
