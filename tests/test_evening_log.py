"""The record never loses a game: torn and damaged lines, newer logs, two writers, a disk that refuses."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from evening_support import WINS, cli, hand, ok, run, status

from pungchow_calc.evening import log

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture
def evening(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "e.jsonl"
    ok(capsys, "evening", "new", str(path), "--players", ",".join(PLAYERS))
    ok(capsys, *hand(path, "Ann", PLAYERS))
    ok(capsys, *hand(path, "Bob", PLAYERS, WINS[1]))
    return path


def test_every_event_is_one_line_of_json(evening):
    lines = evening.read_bytes().split(b"\n")
    assert lines[-1] == b"" and len(lines) == 4
    assert [json.loads(line)["event"] for line in lines[:-1]] == ["start", "hand", "hand"]


def test_a_torn_last_line_is_reported_and_skipped(evening, capsys):
    good = status(capsys, evening)
    with open(evening, "ab") as f:
        f.write(b'{"v": 1, "event": "hand", "winner": "Cy", "hands": {"Ann": "1b1')  # cut off mid-write
    code, out, err = cli(capsys, "evening", "status", str(evening), "--json")
    assert code == 0 and json.loads(out)["totals"] == good["totals"]
    assert err.count("\n") == 1 and "line 4: a torn last line" in err
    # Recording goes on: the new event ends the torn line and says it skips it.
    ok(capsys, *hand(evening, "Cy", PLAYERS, WINS[2]))
    last = json.loads(evening.read_text().splitlines()[-1])
    assert last["skips_torn_line"] == 4
    code, out, err = cli(capsys, "evening", "status", str(evening), "--json")
    assert code == 0 and json.loads(out)["games"] == 3 and "line 4: a torn event" in err


@pytest.mark.parametrize(
    "damage",
    [
        b"not json at all\n",
        b"\n",
        b'{"v": 1, "event": "hand", "winner": "Nobody", "hands": {}}\n',
        b"[1, 2]\n",
    ],
    ids=["garbage", "empty-line", "impossible-game", "not-an-object"],
)
def test_a_damaged_middle_line_is_an_error_naming_it(evening, capsys, damage):
    lines = evening.read_bytes().splitlines(keepends=True)
    evening.write_bytes(lines[0] + damage + lines[1] + lines[2])
    before = evening.read_bytes()
    code, _, err = cli(capsys, "evening", "status", str(evening))
    assert code == 2 and "line 2" in err and err.count("\n") == 1
    code, _, err = cli(capsys, *hand(evening, "Cy", PLAYERS))
    assert code == 2 and "line 2" in err
    assert evening.read_bytes() == before  # the file is left untouched


@pytest.mark.parametrize(
    "line, says",
    [
        ({"v": 2, "event": "hand"}, "log format 2"),
        ({"v": 1, "event": "teleport"}, "an event 'teleport'"),
    ],
    ids=["higher-version", "unknown-event"],
)
def test_a_log_from_a_newer_version_is_refused(evening, capsys, line, says):
    with open(evening, "a") as f:
        f.write(json.dumps(line) + "\n")
    before = evening.read_bytes()
    code, _, err = cli(capsys, "evening", "status", str(evening))
    assert code == 2 and says in err and "newer pungchow" in err
    code, _, _ = cli(capsys, *hand(evening, "Cy", PLAYERS))
    assert code == 2 and evening.read_bytes() == before


@pytest.mark.parametrize(
    "keep_sum, says",
    [(True, "line 1: changed since it was written"), (False, "does not match its hash")],
    ids=["sealed", "unsealed-old-start"],
)
def test_an_edited_ruleset_snapshot_is_refused(evening, capsys, keep_sum, says):
    lines = evening.read_text().splitlines(keepends=True)
    start = json.loads(lines[0])
    start["ruleset"]["document"]["settings"]["east_multiplier"] = 3
    if not keep_sum:
        del start["sum"]  # as a log of the first format: the snapshot's hash still guards it
    evening.write_text(json.dumps(start) + "\n" + "".join(lines[1:]))
    code, _, err = cli(capsys, "evening", "status", str(evening))
    assert code == 2 and says in err and err.count("\n") == 1


def test_replay_uses_the_snapshot_not_the_house_file(tmp_path, capsys):
    house = tmp_path / "house.yaml"
    house.write_text("extends: pung-chow\nname: house\nsettings:\n  east_multiplier: 2\n")
    path = tmp_path / "e.jsonl"
    ok(capsys, "evening", "new", str(path), "--players", "Ann,Bob", "-r", str(house))
    ok(capsys, *hand(path, "Ann", ["Ann", "Bob"]))
    totals = status(capsys, path)["totals"]
    house.write_text("extends: pung-chow\nname: house\nsettings:\n  east_multiplier: 5\n")
    assert status(capsys, path)["totals"] == totals
    house.unlink()
    assert json.loads(ok(capsys, "evening", "report", str(path), "--format", "json"))["totals"] == totals


_HOLD = """
import fcntl, sys, time
f = open(sys.argv[1], "rb")
fcntl.flock(f, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
"""


def _holder(path: Path, seconds: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(path), str(seconds)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    return proc


def test_a_writer_that_cannot_get_the_lock_gives_up_clearly(evening):
    before = evening.read_bytes()
    holder = _holder(evening, log.LOCK_WAIT + 3)
    try:
        result = run(*hand(evening, "Cy", PLAYERS))
    finally:
        holder.kill()
        holder.wait()
    assert result.returncode == 2
    assert "another pungchow is writing this evening; gave up" in result.stderr
    assert evening.read_bytes() == before


def test_a_writer_waits_for_the_other_to_finish(evening, capsys):
    holder = _holder(evening, 2.0)  # longer than the start-up of the writer, shorter than LOCK_WAIT
    try:
        result = run(*hand(evening, "Cy", PLAYERS))
    finally:
        holder.wait()
    assert result.returncode == 0, result.stderr
    assert "waiting" in result.stderr
    assert status(capsys, evening)["games"] == 3


def test_concurrent_writers_never_interleave(evening, capsys):
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "pungchow_calc", *hand(evening, "Ann", PLAYERS, WINS[i % 4])],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(6)
    ]
    for proc in procs:
        assert proc.wait(timeout=60) == 0, proc.stderr.read() if proc.stderr else ""
    lines = evening.read_text().splitlines()
    assert len(lines) == 3 + 6 and all(json.loads(line)["v"] == 1 for line in lines)
    assert status(capsys, evening)["games"] == 8


@pytest.mark.parametrize("err", [errno.EROFS, errno.EACCES], ids=["read-only-fs", "permission"])
def test_a_read_only_log_refuses_the_event(evening, capsys, monkeypatch, err):
    before = evening.read_bytes()
    real_open = os.open

    def refusing(path, flags, *args):
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(err, os.strerror(err), path)
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", refusing)
    code, _, error = cli(capsys, *hand(evening, "Cy", PLAYERS))
    assert code == 2 and os.strerror(err) in error and "nothing was recorded" in error
    monkeypatch.undo()
    assert evening.read_bytes() == before


def test_a_full_disk_refuses_the_event(evening, capsys, monkeypatch):
    before = evening.read_bytes()

    def full(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full)
    code, _, error = cli(capsys, *hand(evening, "Cy", PLAYERS))
    monkeypatch.undo()
    assert code == 2 and "No space left on device" in error and "nothing was recorded" in error
    assert evening.read_bytes() == before


def test_a_partial_write_is_taken_back(evening, capsys, monkeypatch):
    before = evening.read_bytes()
    real_write = os.write

    def half(fd, data):
        return real_write(fd, data[: len(data) // 2])  # the disk filled up half way through the line

    monkeypatch.setattr(os, "write", half)
    code, _, error = cli(capsys, *hand(evening, "Cy", PLAYERS))
    monkeypatch.undo()
    assert code == 2 and "nothing was recorded" in error
    assert evening.read_bytes() == before


def test_a_failed_fsync_is_refused_and_taken_back(evening, capsys, monkeypatch):
    before = evening.read_bytes()
    calls = []

    def failing(fd):
        calls.append(fd)
        if len(calls) == 1:
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", failing)
    code, _, error = cli(capsys, *hand(evening, "Cy", PLAYERS))
    monkeypatch.undo()
    assert code == 2 and "Input/output error" in error
    assert evening.read_bytes() == before


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/full"])
def test_a_device_is_not_an_evening(capsys, device):
    # Reading /dev/zero would never end: only a regular file is read or written.
    code, _, err = cli(capsys, "evening", "status", device)
    assert code == 2 and "not a regular file" in err
    code, _, err = cli(capsys, *hand(Path(device), "Ann", PLAYERS))
    assert code == 2 and "not a regular file" in err


def test_a_killed_writer_loses_at_most_its_own_event(evening, capsys):
    # A writer killed with SIGKILL before it finishes: the log still reads, with every earlier game.
    good = status(capsys, evening)
    proc = subprocess.Popen([sys.executable, "-m", "pungchow_calc", *hand(evening, "Cy", PLAYERS)])
    time.sleep(0.05)
    proc.kill()
    proc.wait()
    after = status(capsys, evening)
    assert after["games"] in (2, 3)
    if after["games"] == 2:
        assert after["totals"] == good["totals"]


def test_a_reader_waits_for_a_writer_then_gives_up(evening):
    holder = _holder(evening, log.LOCK_WAIT + 3)
    try:
        result = run("evening", "status", str(evening))
    finally:
        holder.kill()
        holder.wait()
    assert result.returncode == 2 and "gave up" in result.stderr and "nothing was read" in result.stderr
