"""Reading a text batch file a block at a time (batch/input.py: Source.blocks, block_entries,
Source.rest): the same entries, line numbers and error entries as reading it line by line, whatever
the file holds and however the reads cut it, in this process or sent to the workers as blocks."""

from __future__ import annotations

import codecs
import io
import json
import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from cli_helpers import run as run_main
from hypothesis import example, given
from hypothesis import strategies as st

from pungchow_calc.batch import input as bi
from pungchow_calc.batch import workers as bw
from pungchow_calc.batch.entry import Entry
from pungchow_calc.batch.formats import Lines
from pungchow_calc.batch.input import Source, block_entries
from pungchow_calc.batch.run import run
from pungchow_calc.batch.scoring import Job
from pungchow_calc.batch.words import strip_comment

GOOD = '"1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"'


def _reference(data: bytes, max_line: int) -> list[Entry]:
    """The entries as the line-by-line reader made them (up to 2026-11-26), read as a text editor reads
    the file: a UTF-8 byte order mark dropped, a UTF-16 or UTF-32 one decoding the file, a lone
    carriage return ending a line: the oracle."""
    marks = [  # UTF-32 first: its little-endian mark starts with UTF-16's
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ]
    codec = next((codec for mark, codec in marks if data.startswith(mark)), None)
    if codec is not None:
        data = data.decode(codec, "replace").encode()
    data = re.sub(rb"\r(?!\n)", b"\n", data.removeprefix(codecs.BOM_UTF8))
    stream = io.BytesIO(data)
    entries = []
    number = 0
    while raw := stream.readline(max_line + 1):
        size = len(raw)
        while not raw.endswith(b"\n") and size > max_line and (more := stream.readline(1 << 16)):
            size += len(more)
            raw = more if more.endswith(b"\n") else raw
        number += 1
        size -= raw.endswith(b"\r\n")  # a CRLF counts one byte, as a LF does
        if size > max_line:
            entries.append(
                Entry(number, error_code="bad-line", error_message=f"line is too long ({size} bytes)")
            )
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            # Bytes not UTF-8 in a comment alone are not read; else the first is named, with its column.
            text = strip_comment(raw.decode("utf-8", "surrogateescape"))
            if re.search("[\udc80-\udcff]", text):
                column = len(raw[: exc.start].decode("utf-8", "replace")) + 1
                said = f"line is not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {column})"
                said += ": save the file as UTF-8"
                entries.append(Entry(number, error_code="bad-line", error_message=said))
                continue
        stripped = text.removeprefix("\ufeff").strip()  # a mark starting a line: files joined
        if stripped and not stripped.startswith("#"):
            entries.append(Entry(number, text=stripped))
    return entries


class _Trickle(io.BytesIO):
    """A pipe: each read gives the next of `sizes` bytes at most (then what is asked)."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        super().__init__(data)
        self.sizes = iter(sizes)

    def read1(self, size: int | None = -1) -> bytes:
        return super().read1(min(next(self.sizes, size or -1), size or -1))


def _expanded(items: Iterator[Entry | bi.Block]) -> list[Entry]:
    return [e for item in items for e in ([item] if isinstance(item, Entry) else block_entries(*item))]


MAX = 16  # a small MAX_LINE: lines about it are cheap to make
PIECES = [
    b"1b 2b 3b",
    b"  padded \t",
    b"crlf line\r",
    b"",
    b"   ",
    b"# a comment",
    b"   # indented comment",
    b"kong #not-a-comment",
    "caf\u00e9 \u00e9".encode(),
    "\u00e9" * 8 + "x",  # 17 bytes, 9 characters: long in bytes only
    b"\xe9 latin-1",
    b"\xff\xfe",
    b"\x0c\x1c form feeds",
    b"lone \r inside",
    b"old mac\rline ends\r",
    b"\r",
    b"\xef\xbb\xbfbom",  # a byte order mark: dropped at the start of the file, a character elsewhere
    b"x" * (MAX - 1),  # with its newline, MAX bytes: not too long
    b"x" * MAX,
    b"x" * (MAX + 1),
    b"y" * (5 * MAX),
]
PIECES = [p.encode() if isinstance(p, str) else p for p in PIECES]


@pytest.mark.parametrize("live", [False, True], ids=["file", "live-feed"])
@given(
    st.lists(st.sampled_from(PIECES), max_size=30),
    st.booleans(),
    st.lists(st.integers(1, 40), max_size=40),
    st.integers(1, 64),
)
@example([b"x" * MAX], False, [], 8)  # the last line, no newline, exactly MAX bytes
@example([b"x" * (MAX + 1)], False, [], 8)
@example([b"a", b"y" * (5 * MAX), b"b"], True, [3, 1, 50], 5)
@example([b"a\r", b"b"], False, [2, 1, 1], 2)  # a CRLF cut between two reads stays one line end
@example([b"a\r"], False, [], 2)  # a lone CR at the end of a read: a line end
@example([b"\xef\xbb\xbfbom"], False, [1, 1, 1, 1], 64)  # the mark's bytes in reads of their own
def test_blocks_make_the_entries_lines_did(
    live: bool, pieces: list[bytes], final_newline: bool, reads: list[int], block: int
):
    """Live (a pipe with nothing more ready after each read: Source.idle_check), a CR ending a read
    ends its line at once, and a LF after it is dropped: the same entries."""
    data = b"\n".join(pieces) + (b"\n" if final_newline and pieces else b"")
    idle = mock.patch.object(Source, "idle_check", lambda self: (lambda: True) if live else None)
    with mock.patch.object(bi, "MAX_LINE", MAX), mock.patch.object(bi, "READ_BLOCK", block), idle:
        expected = _reference(data, MAX)
        assert list(Source("-", stdin=_Trickle(data, reads)).entries()) == expected
        for taken in range(len(expected) + 1):  # entries() for a while, then the rest as read
            source = Source("-", stdin=_Trickle(data, reads))
            entries = source.entries()
            head = [next(entries) for _ in range(taken)]
            assert head + _expanded(source.rest()) == expected


@pytest.mark.parametrize(
    "data",
    [
        b"\r\n".join([GOOD.encode()] * 3) + b"\r\n",
        b"\n\n# only\n\n" + GOOD.encode() + b"\n\n",
        GOOD.encode() + b"\n" + b"z" * 5000 + b"\n" + GOOD.encode(),
        GOOD.encode() + b"\n" + b"z" * 70_000,
        GOOD.encode() + b"\n" + b'"1b1b1b \xe9"\n' + GOOD.encode(),
        b"z" * 4095 + b"\n" + b"z" * 4096 + b"\n" + b"z" * 4096,
    ],
    ids=["crlf", "blank-and-comment", "overlong", "overlong-unended", "not-utf8", "at-the-limit"],
)
def test_awkward_files_read_as_line_by_line(data: bytes):
    assert list(Source("-", stdin=io.BytesIO(data)).entries()) == _reference(data, bi.MAX_LINE)


UTF16_TEXT = "\n# Zo\u00eb's table\r\n" + GOOD + "\r\n" + "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd\r\n"


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_byte_order_mark_is_read(tmp_path: Path, codec: str):
    """A UTF-16 file written without a byte order mark (NULs in every other byte of its first line,
    which UTF-8 text never holds) gave an error record for every line, full of `\\x00`."""
    path = tmp_path / "hands.txt"
    path.write_bytes(UTF16_TEXT.encode(codec))
    utf8 = tmp_path / "utf8.txt"
    utf8.write_bytes(UTF16_TEXT.encode())
    for fmt in ("jsonl", "table"):
        read = run_main("batch", str(path), "--format", fmt)
        assert (read.exit_code, read.stdout, read.stderr) == (
            0,
            run_main("batch", str(utf8), "--format", fmt).stdout,
            "",
        )
    with path.open("rb") as stream:  # a pipe: its reads cut anywhere
        source = Source("-", stdin=_Trickle(stream.read(), [1, 3, 2, 5]))
        assert list(source.entries()) == _reference(UTF16_TEXT.encode(), bi.MAX_LINE)
    assert Source(str(path)).estimated_entries() == 4


def _awkward_file(tmp_path: Path, lines: int) -> Path:
    kinds = [
        GOOD,
        GOOD + "\r",
        "",
        "# a comment",
        "9z9z9z",
        '"1b1b1b \xe9"',
        "z" * 5000,
        GOOD + "  # the rest is a comment",
    ]
    text = "\n".join(kinds[n % len(kinds)] if n % 3 == 0 else GOOD for n in range(lines))
    path = tmp_path / "awkward.txt"
    path.write_bytes(text.encode("utf-8").replace("\xe9".encode(), b"\xe9"))  # one line not UTF-8
    return path


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "json", "table"])
def test_workers_sent_blocks_write_what_one_process_writes(tmp_path: Path, fmt: str):
    """Past the entries scored in-process the workers get the file's blocks: the same records."""
    path = _awkward_file(tmp_path, 1500)
    alone = run_main("batch", str(path), "--format", fmt, "--workers", "1")
    parallel = run_main("batch", str(path), "--format", fmt, "--workers", "2")
    assert (parallel.exit_code, parallel.stdout) == (alone.exit_code, alone.stdout) == (1, alone.stdout)
    if fmt == "jsonl":
        lines = [json.loads(x)["line"] for x in parallel.stdout.splitlines()]
        expected = [e.line for e in _reference(path.read_bytes(), bi.MAX_LINE)]
        assert lines == expected


DEADLY = 300  # a line whose chunk kills its worker, twice
REAL_WORK = bw._work


def _killing(chunk: bw._Chunk, joined: bool = False, slot: int | None = None) -> bw._Results:
    if any(entry.line == DEADLY for entry in bw._unpacked(chunk)):
        os.kill(os.getpid(), signal.SIGKILL)
    return REAL_WORK(chunk, joined, slot)


@pytest.mark.parametrize("joined", [False, True], ids=["records", "joined"])
def test_a_block_that_kills_its_worker_gets_worker_died_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, joined: bool
):
    """A lost chunk of blocks: each entry of its lines gets its `worker-died` record, the rest scored."""
    monkeypatch.setattr(bw, "_work", _killing)
    monkeypatch.setattr(bw, "CHUNK", 20)
    monkeypatch.setattr(bi, "READ_BLOCK", 256)
    path = _awkward_file(tmp_path, 600)
    expected = [json.loads(text) for _, text in run(Source(str(path)).entries(), Job(encode="json"))]
    source = Source(str(path))
    deaths: list[tuple[int, int]] = []
    got = run(
        source.entries(),
        Job(encode="json"),
        workers=2,
        inline=10,
        joined=joined,
        rest=source.rest,
        on_worker_died=lambda rescored, lost: deaths.append((rescored, lost)),
    )
    texts = [
        line for item in got for line in (item.text.splitlines() if isinstance(item, Lines) else [item[1]])
    ]
    records = [json.loads(text) for text in texts]
    assert [r["line"] for r in records] == [r["line"] for r in expected]
    died = [r["line"] for r in records if r.get("error", {}).get("code") == bw.WORKER_DIED]
    assert DEADLY in died and len(died) == deaths[0][1] >= 2
    assert [r for r in records if r["line"] not in died] == [r for r in expected if r["line"] not in died]


def test_a_long_yaml_file_goes_to_the_workers_as_entries(tmp_path: Path):
    """A YAML file's items are entries (Source.rest gives them as such): the workers score them the same."""
    items = [f'- hand: "{GOOD[1:-1]}"\n' if n % 9 else "- hand: 9z9z9z\n  seat: up\n" for n in range(400)]
    path = tmp_path / "many.yaml"
    path.write_text("".join(items), encoding="utf-8")
    alone = run_main("batch", str(path), "--format", "jsonl", "--workers", "1")
    parallel = run_main("batch", str(path), "--format", "jsonl", "--workers", "2")
    assert (parallel.exit_code, parallel.stdout) == (alone.exit_code, alone.stdout)
    assert len(parallel.stdout.splitlines()) == 400 and parallel.exit_code == 1


_HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"
_PASTED = "1d" * 100_000  # a 200,000-character value, pasted whole


@pytest.mark.parametrize(
    ("key", "code"),
    [("seat", "bad-option"), ("drawn", "bad-entry"), ("ruleset", "ruleset-not-found")],
    ids=["seat", "drawn", "ruleset"],
)
def test_a_yaml_value_of_200000_characters_is_quoted_by_its_ends(tmp_path: Path, key: str, code: str):
    """Regression: the value was echoed whole in its record (200 KB of one line), where a text line
    over 4,096 bytes is refused unquoted: every error quotes at most errors.MOST_SHOWN characters."""
    path = tmp_path / "long.yaml"
    path.write_text(f"- hand: {_HAND}\n  {key}: '{_PASTED}'\n- hand: {_HAND}\n")
    result = run_main("batch", str(path), "-f", "jsonl")
    first, second = map(json.loads, result.stdout.splitlines())
    error = first["error"]
    assert error["code"] == code
    assert len(error["message"]) <= 1000 and "characters left out" in error["message"]
    assert len(error.get("file") or "") <= 1000
    assert second["score"] == 50  # the batch goes on


def test_a_file_cut_short_while_it_is_read_is_an_error_not_its_last_line_in_part(tmp_path: Path):
    """A batch file emptied or cut by another program while it is read (a sheet saved again) ended
    the batch at the cut without a word, exit 0 or 1, and its line cut in half was scored as what was
    left of it (`... Rd!Rd --seat south` as `... Rd!Rd`, East's). A FileError now (exit 2)."""
    from pungchow_calc.batch.entry import FileError

    line = f"{GOOD} --seat south\n"
    path = tmp_path / "hands.txt"
    path.write_text(line * 10_000)
    source = Source(str(path))
    entries = source.entries()
    assert next(entries).text == line.strip()  # the first block read
    cut = bi.READ_BLOCK * 2 + len(line) // 2  # half way through a line of the third block
    os.truncate(path, cut)
    read: list[Entry] = []
    with pytest.raises(FileError, match=r"cannot read: it was cut short while it was read \(65,5\d\d of its"):
        read.extend(entries)
    source.close()
    assert all(entry.text == line.strip() for entry in read)  # no line in part
    assert len(read) < cut // len(line)


@pytest.mark.parametrize("grown", [False, True], ids=["saved-again-longer", "appended"])
def test_a_file_saved_again_longer_while_it_is_read_is_an_error_a_file_grown_is_not(tmp_path: Path, grown):
    """Regression: a batch file saved again in place, longer (`> hands.txt` from another program), was
    read on from where it was: the records were two files' spliced, exit 1, nothing said. Its start is
    compared at its end: a FileError (exit 2). A file that only grew keeps its start, and is read whole."""
    from pungchow_calc.batch.entry import FileError

    line, other = f"{GOOD} --seat south\n", f"{GOOD} --seat west\n"
    path = tmp_path / "hands.txt"
    path.write_text(line * 10_000)
    source = Source(str(path))
    entries = source.entries()
    assert next(entries).text == line.strip()  # the first block read
    if grown:
        with path.open("a") as file:
            file.write(other * 1_000)
        assert len(list(entries)) == 10_999
    else:
        path.write_text(other * 12_000)  # in place: the same file, emptied and written again
        with pytest.raises(FileError, match=r"cannot read: it was saved again while it was read"):
            list(entries)
    source.close()


def test_a_yaml_file_cut_short_while_it_is_read_is_an_error_not_its_last_item_in_part(tmp_path: Path):
    """The same for a YAML list: cut in the middle of an item, the item's half was read as an entry
    (`- ... Rd!Rd --se`), or the cut said as bad YAML at a line that was never wrong. A FileError now."""
    from pungchow_calc.batch.entry import FileError

    item = "- 1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c --seat south\n"
    path = tmp_path / "hands.yaml"
    path.write_text(item * 20_000)
    source = Source(str(path))
    entries = source.entries()
    assert next(entries).text == item[2:].strip()
    cut = bi.READ_BLOCK * 3 + len(item) // 2
    os.truncate(path, cut)
    read: list[Entry] = []
    with pytest.raises(FileError, match=r"cannot read: it was cut short while it was read"):
        read.extend(entries)
    source.close()
    assert all(entry.text == item[2:].strip() for entry in read)  # no item in part
