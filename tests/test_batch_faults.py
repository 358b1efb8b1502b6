"""`pungchow batch` under faults: bad files, bad bytes, overlong or unfinished lines, read errors and a
reader that leaves. Each gives a clear message or a clean exit, never a traceback, and every record
before the fault is written. Signals and dying workers: test_batch_signals and test_batch_workers."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import Result, read_terminal
from cli_helpers import run as run_main

from pungchow_calc.batch.input import Source
from pungchow_calc.batch.run import INLINE_ENTRIES

GOOD = '"1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"\n'
GOOD_SCORE = 48  # Part I: 20 + 10 no sequences + 2 only place + 8 + 4 + 2 + 2


def run(*args: str, input: bytes | None = None) -> Result:
    return run_main("batch", *args, input=input)


def records(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines()]


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_missing_file():
    result = run("no/such/file.txt", "--format", "jsonl")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "error: no/such/file.txt: cannot read: No such file or directory\n"


def test_directory(tmp_path):
    result = run(str(tmp_path), "--format", "jsonl")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"error: {tmp_path}: cannot read: Is a directory\n"


def test_unreadable_file(tmp_path, monkeypatch):
    """Permission denied (simulated: the tests may run as root, who reads anything)."""
    path = _write(tmp_path, "locked.txt", GOOD.encode())
    real_open = Path.open

    def refuse(self, *args, **kwargs):
        if self.name == "locked.txt":
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refuse)
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"error: {path}: cannot read: Permission denied\n"


def _open_as(monkeypatch, name: str, stream) -> None:
    """`Path.open` of the file called `name` gives `stream()` (a disk that fails), any other as it is."""
    real_open = Path.open

    def failing(self, *args, **kwargs):
        return stream() if self.name == name else real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", failing)


class _FailingStream(io.BytesIO):
    """A file whose disk fails after some lines (EIO), as a bad sector or a dropped network mount does."""

    def __init__(self, data: bytes, fail_after: int) -> None:
        super().__init__(data)
        self.fail_after = fail_after

    def readline(self, size: int | None = -1) -> bytes:
        if self.fail_after == 0:
            raise OSError(5, "Input/output error")
        self.fail_after -= 1
        return super().readline(size)

    def read1(self, size: int | None = -1) -> bytes:
        """A text file is read a block at a time (input.Source.blocks): here each block is a line."""
        return self.readline(size)

    def read(self, size: int | None = -1) -> bytes:
        if self.tell() > 0:
            raise OSError(5, "Input/output error")
        return super().read(min(size, 40) if size and size > 0 else 40)


@pytest.mark.parametrize("name", ["hands.txt", "hands.yaml"])
def test_read_error_midway_keeps_the_records_before_it(tmp_path, monkeypatch, name):
    text = GOOD * 3 if name.endswith(".txt") else '- hand: "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"\n' * 3
    path = _write(tmp_path, name, text.encode())
    _open_as(monkeypatch, name, lambda: _FailingStream(text.encode(), fail_after=2))
    result = run(str(path), "--format", "jsonl", "--workers", "1")
    assert result.exit_code == 2
    assert result.stderr == f"error: {path}: cannot read: Input/output error\n"
    if name.endswith(".txt"):
        assert [r["line"] for r in records(result.stdout)] == [1, 2]
        assert all(r["score"] == GOOD_SCORE for r in records(result.stdout))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_read_error_midway_format_json_array_is_closed(tmp_path, monkeypatch, workers):
    """The records before a read error were written as `[` and records, never `]`: no reader of JSON
    could take them; the array is closed, as after a stop, and still exit 2 with the one error line."""
    lines = 3 if workers == "1" else INLINE_ENTRIES + 700
    text = GOOD * (lines + 50)
    path = _write(tmp_path, "hands.txt", text.encode())
    _open_as(monkeypatch, "hands.txt", lambda: _FailingStream(text.encode(), fail_after=lines))
    result = run(str(path), "--format", "json", "--workers", workers)
    assert result.exit_code == 2
    assert result.stderr == f"error: {path}: cannot read: Input/output error\n"
    out = json.loads(result.stdout)
    assert [r["line"] for r in out] == list(range(1, lines + 1))


class _FailingAt(io.BytesIO):
    """A file whose disk fails once `good` bytes are read (EIO)."""

    def __init__(self, data: bytes, good: int) -> None:
        super().__init__(data)
        self.good = good

    def read(self, size: int | None = -1) -> bytes:
        if self.tell() >= self.good:
            raise OSError(5, "Input/output error")
        return super().read(min(size if size and size > 0 else 1 << 20, self.good - self.tell()))

    read1 = read  # the YAML reader reads what has come (listed._Reading), as a text file's reader does


def test_read_error_after_a_yaml_string_item_keeps_its_record(tmp_path, monkeypatch):
    """A string item is given once the event after it is read (listed.py _Lookahead): a read error there,
    after the item read whole, leaves it its record, as before the look ahead."""
    text = '- "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"\n- "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"\n'
    path = _write(tmp_path, "hands.yaml", text.encode())
    # The first item and a little of the second.
    _open_as(monkeypatch, "hands.yaml", lambda: _FailingAt(text.encode(), good=45))
    result = run(str(path), "--format", "jsonl", "--workers", "1")
    assert result.exit_code == 2
    assert result.stderr == f"error: {path}: cannot read: Input/output error\n"
    assert [(r["line"], r["score"]) for r in records(result.stdout)] == [(1, GOOD_SCORE)]


def test_read_error_midway_with_workers_keeps_every_record_read(tmp_path, monkeypatch):
    """Past the entries scored in-process, the chunks read before the fault are all scored and written."""
    lines = INLINE_ENTRIES + 700
    text = GOOD * (lines + 50)
    path = _write(tmp_path, "hands.txt", text.encode())
    _open_as(monkeypatch, "hands.txt", lambda: _FailingStream(text.encode(), fail_after=lines))
    result = run(str(path), "--format", "jsonl", "--workers", "2")
    assert result.exit_code == 2
    assert result.stderr == f"error: {path}: cannot read: Input/output error\n"
    out = records(result.stdout)
    assert [r["line"] for r in out] == list(range(1, lines + 1))
    assert all(r["score"] == GOOD_SCORE for r in out)


def test_binary_file(tmp_path):
    data = bytes(range(256)) * 40  # NUL, control bytes, invalid UTF-8, a few newlines
    path = _write(tmp_path, "noise.bin", data)
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 1
    out = records(result.stdout)
    assert len(out) == data.count(b"\n") + (not data.endswith(b"\n")) - _skipped_lines(data)
    assert all("error" in r and r["error"]["code"] for r in out)
    assert [r["line"] for r in out] == sorted(r["line"] for r in out)


def _zipped(name: str) -> bytes:
    """A zip archive holding one file, as an .xlsx or .ods sheet is."""
    import zipfile

    held = io.BytesIO()
    with zipfile.ZipFile(held, "w") as archive:
        archive.writestr(name, "<sheet/>")
    return held.getvalue()


def _gzipped(text: str) -> bytes:
    import gzip

    return gzip.compress(text.encode())


SHEET = (
    'export the sheet as a JSON list of rows ([{"hand": ..., "seat": ...}], the columns named as'
    " score's options)"
)


# Regression: a sheet saved as it is, or a file compressed, was an error record on every line of its
# bytes, each `line is not UTF-8 text (...): save the file as UTF-8`, a hint neither can follow (exit 1);
# it is refused in one line, what it is said, whatever its name (a .yaml, a .json too), exit 2.
@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        pytest.param(
            "evening.xlsx",
            _zipped("xl/workbook.xml"),
            f"not a zip archive, as an .xlsx or .ods sheet is: {SHEET}",
            id="evening.xlsx",
        ),
        pytest.param(
            "evening.xls",
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504),
            f"not an Excel .xls sheet: {SHEET}",
            id="evening.xls",
        ),
        pytest.param(
            "hands.txt.gz",
            _gzipped("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c\n"),
            "not a gzip-compressed file: unpack it first (gunzip -c {path} | pungchow batch -)",
            id="hands.txt.gz",
        ),
        pytest.param(
            "hands.yaml",
            _gzipped("- hand: 1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c\n"),
            "not a gzip-compressed file: unpack it first (gunzip -c {path} | pungchow batch -)",
            id="hands.yaml-gzipped",
        ),
        pytest.param(
            "hands.json",
            _zipped("hands.json"),
            f"not a zip archive, as an .xlsx or .ods sheet is: {SHEET}",
            id="hands.json-zipped",
        ),
    ],
)
@pytest.mark.parametrize("output_format", ["table", "json", "jsonl", "csv"])
def test_sheet_or_archive_is_refused_in_one_line(tmp_path, name, data, said, output_format):
    path = _write(tmp_path, name, data)
    result = run(str(path), "--format", output_format)
    assert (result.exit_code, result.stdout) == (2, "")
    said = said.replace("{path}", str(path))
    assert result.stderr == f"error: {path}: a batch file is text lines, a YAML list or a JSON list, {said}\n"


def test_gzipped_standard_input_is_refused_in_one_line():
    result = run("-", "--format", "jsonl", input=_gzipped("1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c\n"))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "error: standard input: a batch file is text lines, a YAML list or a JSON list, not a gzip-compressed"
        " file: unpack it first (... | gunzip | pungchow batch -)\n"
    )


def _skipped_lines(data: bytes) -> int:
    """Blank and comment lines make no record."""
    lines = data.split(b"\n")
    if data.endswith(b"\n"):
        lines = lines[:-1]
    skipped = 0
    for raw in lines:
        try:
            text = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            continue
        skipped += not text or text.startswith("#")
    return skipped


def test_invalid_utf8_line_is_one_record(tmp_path):
    path = _write(
        tmp_path, "latin1.txt", GOOD.encode() + b'"1b1b1b 3c3c3c \xe9 4b4b4b* 7c!7c"\n' + GOOD.encode()
    )
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 1
    out = records(result.stdout)
    assert [r["line"] for r in out] == [1, 2, 3]
    said = "line is not UTF-8 text (byte 0xe9 at column 16): save the file as UTF-8"
    assert out[1]["error"] == {"code": "bad-line", "message": said}
    assert out[0]["score"] == out[2]["score"] == GOOD_SCORE


# Regression: a Latin-1 file's `# Zo\xeb` (a player's name in a comment) made its line `line is not
# UTF-8 text`, unscored, and a byte in the hand was not named; in a YAML file the items before the byte,
# read in the same block, had no records at all, and the one record said `line 1`.
def test_latin1_zoe_in_a_comment_is_scored_and_a_byte_in_the_hand_is_named(tmp_path):
    hand = GOOD.rstrip("\n").encode()
    path = _write(tmp_path, "club.txt", hand + b" # Zo\xeb\n" + hand.replace(b"3c3c3c", b"3c\xe93c") + b"\n")
    out = records(run(str(path), "--format", "jsonl").stdout)
    assert out[0]["score"] == GOOD_SCORE
    said = "line is not UTF-8 text (byte 0xe9 at column 11): save the file as UTF-8"
    assert out[1] == {"line": 2, "error": {"code": "bad-line", "message": said}}


def test_latin1_zoe_on_line_6_of_a_yaml_file_leaves_items_1_to_5_scored(tmp_path):
    item = f"- hand: {GOOD.strip()[1:-1]}".encode()
    path = _write(tmp_path, "club.yaml", (item + b"\n") * 5 + item + b" # Zo\xeb\n" + (item + b"\n") * 3)
    out = records(run(str(path), "--format", "jsonl").stdout)
    assert [r.get("score") for r in out[:5]] == [GOOD_SCORE] * 5
    said = (
        "not valid YAML (the rest of the file, to line 9, is not read): not UTF-8 text (byte 0xeb at "
        "column 49): save the file as UTF-8"
    )
    assert out[5:] == [{"line": 6, "item": 6, "error": {"code": "bad-yaml", "message": said}}]


# Regression: a character YAML refuses (a NUL, a BEL) in a list's item 6 left items 1 to 5 unscored, the
# one record at `line 1, item 1`: the parser checks each read whole, and refused the read it stood in.
@pytest.mark.parametrize(
    ("char", "said"),
    [
        pytest.param("\x00", "U+0000 (a control character)", id="nul"),
        pytest.param("\x07", "U+0007 (a control character)", id="bel"),
        pytest.param("\x7f", "U+007F (a control character)", id="del"),
        pytest.param("\x9b", "U+009B (a control character)", id="c1-csi"),
        pytest.param("\ufffe", "U+FFFE", id="u-fffe"),
    ],
)
def test_a_nul_in_item_6_of_a_yaml_file_leaves_items_1_to_5_scored(tmp_path, char, said):
    item = f"- hand: {GOOD.strip()[1:-1]}\n  seat: south\n"
    text = item * 5 + f'- hand: "x{char}"\n' + item
    path = _write(tmp_path, "club.yaml", text.encode())
    out = records(run(str(path), "--format", "jsonl").stdout)
    assert [r.get("score") for r in out[:5]] == [GOOD_SCORE] * 5
    message = (
        f"not valid YAML (the rest of the file, to line 13, is not read): {said} at column 11: remove it"
    )
    assert out[5:] == [{"line": 11, "item": 6, "error": {"code": "bad-yaml", "message": message}}]


def test_a_nul_in_item_3_of_a_json_file_leaves_items_1_and_2_scored(tmp_path):
    item = json.dumps({"hand": GOOD.strip()[1:-1], "seat": "south"})
    path = _write(tmp_path, "club.json", f'[\n{item},\n{item},\n{{"hand": "x\x00"}},\n{item}\n]\n'.encode())
    out = records(run(str(path), "--format", "jsonl").stdout)
    assert [r.get("score") for r in out[:2]] == [GOOD_SCORE] * 2
    assert [(r["line"], r["item"], r["error"]["code"]) for r in out[2:]] == [(4, 3, "bad-yaml")]
    assert out[2]["error"]["message"] == (
        "not valid JSON (the rest of the file, to line 6, is not read): U+0000 (a control character) at "
        "column 12: remove it"
    )


# Regression: the parser's own depth limit (1,000), met on item 2's line while it read ahead past item 1,
# a block mapping, replaced item 1's record with the break's; depths below it were item 2's already.
@pytest.mark.parametrize("depth", [100, 1000, 5000])
def test_item_2_nested_1000_deep_leaves_item_1_scored(tmp_path, depth):
    item = f"- hand: {GOOD.strip()[1:-1]}\n"
    path = _write(tmp_path, "deep.yaml", (item + "- " + "[" * depth + "]" * depth + "\n" + item).encode())
    out = records(run(str(path), "--format", "jsonl").stdout)
    assert out[0]["score"] == GOOD_SCORE
    said = "not valid YAML (the rest of the file, to line 3, is not read): nested more than 64 deep"
    assert [(r["line"], r["item"], r["error"]["code"]) for r in out[1:]] == [(2, 2, "bad-yaml")]
    assert out[1]["error"]["message"].startswith(said)  # (at the 65th bracket's column, where ours stops)


def test_a_line_of_one_megabyte(tmp_path):
    path = _write(tmp_path, "long.txt", (GOOD + "1c" * (1 << 19) + "\n" + GOOD).encode())
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 1
    out = records(result.stdout)
    assert [r["line"] for r in out] == [1, 2, 3]
    assert out[1]["error"] == {"code": "bad-line", "message": f"line is too long ({(1 << 20) + 1} bytes)"}
    assert out[2]["score"] == GOOD_SCORE


@pytest.mark.parametrize("end", [b"\n", b"\r\n", b"\r"], ids=["lf", "crlf", "cr"])
@pytest.mark.parametrize(("length", "refused"), [(4095, None), (4096, 4097), (40000, 40001)], ids=str)
def test_crlf_line_of_4095_characters_is_read_as_its_lf_twin(tmp_path, end, length, refused):
    """A line's end counts as one byte against the limit, a CRLF's too: a file saved on Windows is
    refused at the length its LF twin is (a 4,095-character CRLF line was too long, 4097 bytes)."""
    line = (GOOD.rstrip("\n") + " #").ljust(length, "x").encode()
    path = _write(tmp_path, "hands.txt", GOOD.rstrip("\n").encode() + end + line + end + GOOD.encode())
    out = records(run(str(path), "--format", "jsonl").stdout)
    assert [r["line"] for r in out] == [1, 2, 3]
    if refused is None:
        assert out[1]["score"] == GOOD_SCORE
    else:
        assert out[1]["error"] == {"code": "bad-line", "message": f"line is too long ({refused} bytes)"}


def test_an_endless_line_is_not_held_in_memory(tmp_path):
    """A line with no end is read in pieces: its length is counted, never stored."""
    source = Source("-", stdin=io.BytesIO(GOOD.encode() + b"x" * (5 << 20)))
    entries = list(source.entries())
    assert [e.line for e in entries] == [1, 2]
    assert entries[1].error_message == f"line is too long ({5 << 20} bytes)"


@pytest.mark.parametrize(
    ("tail", "expected"),
    [
        ('"1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"', {"score": GOOD_SCORE}),
        (
            '"1b1b1b 3c3c',
            {
                "error": {
                    "code": "bad-line",
                    "message": 'cannot split line: " opens a quotation that is never closed (column 1)',
                    "column": 1,
                }
            },
        ),
        ("1b1b1b 3c3c", {"error": "any"}),
    ],
    ids=["whole-entry", "inside-quotes", "mid-hand"],
)
def test_file_ending_mid_line(tmp_path, tail, expected):
    path = _write(tmp_path, "cut.txt", (GOOD * 2 + tail).encode())
    result = run(str(path), "--format", "jsonl")
    out = records(result.stdout)
    assert [r["line"] for r in out] == [1, 2, 3]
    assert out[0]["score"] == out[1]["score"] == GOOD_SCORE
    if "score" in expected:
        assert result.exit_code == 0 and out[2]["score"] == expected["score"]
    else:
        assert result.exit_code == 1 and "error" in out[2]
        if expected["error"] != "any":
            assert out[2]["error"] == expected["error"]


def test_yaml_ending_mid_entry(tmp_path):
    path = _write(tmp_path, "cut.yaml", b'- hand: "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"\n- hand: "1b1b1b 3c')
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 1
    out = records(result.stdout)
    assert out[0]["score"] == GOOD_SCORE
    assert out[-1]["error"]["code"] == "bad-yaml"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "bad-yaml"),
        (b"- " * 50_000 + b"x\n", "bad-yaml"),
        (bytes(range(256)) * 8, "bad-yaml"),
        (b"- hand: !!python/object/apply:os.system ['true']\n", "bad-entry"),
    ],
    ids=["deep-flow", "deep-block", "binary", "python-tag"],
)
def test_hostile_yaml_batch(tmp_path, body, code):
    path = _write(tmp_path, "hostile.yaml", body)
    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "batch", str(path), "--format", "jsonl"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in done.stderr
    assert done.returncode == 1, done.stderr
    out = records(done.stdout)
    assert out and out[-1]["error"]["code"] == code


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(
    ("data", "lines"),
    [
        (GOOD.replace("\n", "\r").encode() * 3, [1, 2, 3]),
        # 200 lines of old Mac line ends were one "line is too long" record
        (GOOD.replace("\n", "\r").encode() * 200, list(range(1, 201))),
        (GOOD.replace("\n", "\r\n").encode() + GOOD.replace("\n", "\r").encode() + GOOD.encode(), [1, 2, 3]),
        (GOOD.encode() + b"\r\r\n" + GOOD.encode(), [1, 4]),
    ],
    ids=["cr-line-ends", "cr-line-ends-200-lines", "crlf-cr-lf-mixed", "cr-then-crlf"],
)
def test_lone_carriage_returns_end_lines(tmp_path, data, lines, workers):
    """A lone CR ends a line, as a text editor shows the file: one record per hand, never merged."""
    path = _write(tmp_path, "mac.txt", data)
    result = run(str(path), "--format", "jsonl", "--workers", workers)
    assert result.exit_code == 0, result.output
    out = records(result.stdout)
    assert [r["line"] for r in out] == lines
    assert all(r["score"] == GOOD_SCORE for r in out)


@pytest.mark.parametrize("count", [3, 1500])  # 1500: past the first entries, read by the workers too
@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-be-bom", "utf-32"])
def test_byte_order_marked_file_scores_as_utf8(tmp_path, encoding, count):
    """A UTF-8 file saved with a byte order mark (Notepad), or UTF-16 (Notepad's "Unicode", Windows
    PowerShell's `>`), reads as the same hands: its first line was an error, every line of a UTF-16
    file an error of NULs."""
    text = GOOD.replace("\n", "\r\n") * count
    data = ("\ufeff" + text).encode("utf-16-be") if encoding == "utf-16-be-bom" else text.encode(encoding)
    result = run(str(_write(tmp_path, "marked.txt", data)), "--format", "jsonl")
    assert result.exit_code == 0, result.output[:300]
    out = records(result.stdout)
    assert [r["line"] for r in out] == list(range(1, count + 1))
    assert all(r["score"] == GOOD_SCORE for r in out)


@pytest.mark.parametrize("count", [1, 1500])  # 1500: past the first entries, read by the workers too
def test_cat_of_two_notepad_files_bom_hash_table_2_line_is_a_comment(tmp_path, count):
    """Two files saved with a byte order mark and joined (`cat a.txt b.txt`): the second's mark starts a
    line, which an editor shows as `# table 2`; it was an error record (`\\ufeff# is not a tile
    group`), and so was every hand of the second file's first line."""
    one = ("\ufeff# table 1\r\n" + GOOD.replace("\n", "\r\n") * count).encode()
    two = ("\ufeff# table 2\r\n" + GOOD.replace("\n", "\r\n") * count).encode()
    result = run(str(_write(tmp_path, "joined.txt", one + two)), "--format", "jsonl")
    assert result.exit_code == 0, result.output[:300]
    out = records(result.stdout)
    assert [r["line"] for r in out] == [*range(2, count + 2), *range(count + 3, 2 * count + 3)]
    assert all(r["score"] == GOOD_SCORE for r in out)


def test_utf16_file_with_a_stray_byte_at_its_end(tmp_path):
    """Half a UTF-16 character at the end: that line's error record, the others scored."""
    path = _write(tmp_path, "cut16.txt", (GOOD * 2).encode("utf-16") + b"\x31")
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 1 and "Traceback" not in result.output
    out = records(result.stdout)
    assert [r["line"] for r in out] == [1, 2, 3]
    assert [r.get("score") for r in out[:2]] == [GOOD_SCORE, GOOD_SCORE]
    assert out[2]["error"]["code"] == "unknown-tile"


def test_nul_and_control_characters_are_refused_per_line(tmp_path):
    path = _write(tmp_path, "ctl.txt", GOOD.encode() + b"1c\x002c\x1b[2J\n" + GOOD.encode())
    result = run(str(path), "--format", "jsonl")
    out = records(result.stdout)
    assert [r["line"] for r in out] == [1, 2, 3]
    assert out[1]["error"]["code"] == "unknown-tile"


@pytest.mark.parametrize("output_format", ["jsonl", "json", "csv", "table"])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_output_to_a_closed_pipe(tmp_path, output_format, workers):
    """`pungchow batch f | head -1`: the reader leaves early; no traceback, no noise on stderr."""
    path = _write(tmp_path, "many.txt", (GOOD * 3000).encode())
    command = (
        f"{sys.executable} -m pungchow_calc batch {path} --format {output_format} --workers {workers}"
        " | head -1"
    )
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command}"], capture_output=True, text=True, timeout=120
    )
    assert done.stderr == ""
    assert done.returncode in (0, 1)  # the exit status of a writer whose reader left
    assert len(done.stdout.splitlines()) == 1


# `batch --compare A B FILE 2>&1 >summary.txt | head -1` (the first failed entry): the reader of stderr
# left after one line, and the next failed entry's line ended the run as if stdout's reader had left:
# exit 0, and no summary written. Nothing more is said there; the summary is written, exit 1.
def test_compare_failures_to_a_left_stderr_reader(tmp_path):
    path = _write(tmp_path, "three-bad.txt", (GOOD + "9z9z9z\n" + GOOD + "1b1b\n" + "x\n").encode())
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pungchow_calc", "batch", str(path), "--compare", "pung-chow",
             "pung-chow-limit", "--format", "json"],
            stdout=subprocess.PIPE, stderr=write_end, timeout=60, check=False,
        )  # fmt: skip
    finally:
        os.close(write_end)
    assert done.returncode == 1
    summary = json.loads(done.stdout)
    assert (summary["entries"], summary["failed"]) == (5, 3)


# `batch FILE --compare A B 2>/dev/full`: the first failed entry's line could not be written, and the
# run ended there with exit 3: no summary at all on standard output. The list ends (as for a reader of
# stderr that left), the summary is written whole, and the exit code is 3: a line was lost.
@pytest.mark.parametrize("output_format", ["table", "json", "csv"])
def test_compare_failures_to_a_full_stderr(tmp_path, output_format):
    path = _write(tmp_path, "three-bad.txt", (GOOD + "9z9z9z\n" + GOOD + "1b1b\n" + "x\n").encode())
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "pungchow_calc", "batch", str(path), "--compare", "pung-chow",
             "pung-chow-limit", "--format", output_format],
            stdout=subprocess.PIPE, stderr=full, timeout=60, check=False,
        )  # fmt: skip
    assert done.returncode == 3
    alone = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "batch", str(path), "--compare", "pung-chow",
         "pung-chow-limit", "--format", output_format],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.stdout == alone.stdout and alone.returncode == 1 and alone.stdout
    assert alone.stderr.decode().splitlines()[0].startswith("line 2: error")


def test_stdin_closed_pipe_and_records_before_it():
    """Records already written reach the reader in order, whatever happens after."""
    data = (GOOD * 5).encode()
    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "batch", "-", "--format", "jsonl"],
        input=data,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == b""
    out = records(done.stdout.decode())
    assert [r["line"] for r in out] == [1, 2, 3, 4, 5]


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs Linux /proc")
def test_a_file_that_fails_on_read():
    """/proc/self/mem opens but every read at offset 0 fails with EIO: a real read error."""
    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "batch", "/proc/self/mem", "--format", "jsonl"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr == "error: /proc/self/mem: cannot read: Input/output error\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_as_the_file_with_stderr_on_a_terminal_loses_no_entry(tmp_path):
    """`batch hands.fifo > out.jsonl` (or `batch <(zcat hands.gz)`), stderr on a terminal: the
    progress bar's count opened the pipe a second time and read most of its lines there, so they were
    never scored (559 records of 6,000, exit 0). A pipe has no count: every line is the batch's."""
    import pty
    import threading

    fifo = tmp_path / "hands.fifo"
    os.mkfifo(fifo)
    count = 3000
    threading.Thread(target=fifo.write_text, args=(GOOD * count,), daemon=True).start()
    master, slave = pty.openpty()
    out = tmp_path / "out.jsonl"
    with out.open("wb") as stdout:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pungchow_calc", "batch", str(fifo), "--format", "jsonl"],
            stdout=stdout,
            stderr=slave,
            cwd=Path(__file__).resolve().parent.parent,
        )
        os.close(slave)
        shown = read_terminal(master)
        proc.wait(timeout=120)
    os.close(master)
    lines = [json.loads(text)["line"] for text in out.read_text(encoding="utf-8").splitlines()]
    assert (proc.returncode, lines) == (0, list(range(1, count + 1))), shown[-300:]


# Regression: a spreadsheet exported as CSV (`hand,seat,win_by` and a row per hand) gave every row the
# error record `groups are separated by spaces, not commas`, and its header one too: refused once.
def test_sheet_csv_with_a_hand_seat_header_is_refused_once_with_the_ways_to_read_it(tmp_path):
    rows = "hand,seat,win_by\n1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd,south,wall\n"
    path = _write(tmp_path, "Sheet.CSV", rows.encode())
    result = run(str(path), "--format", "jsonl")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: {path}: a batch file is text lines, a YAML list or a JSON list, not CSV: export the sheet"
        ' as a JSON list of rows ([{"hand": ..., "seat": ...}], the columns named as score\'s options), or'
        " give --input-format text to read its lines as score's arguments\n"
    )
    assert len(records(run(str(path), "--format", "jsonl", "--input-format", "text").stdout)) == 2
