"""`evening stats` scores the games again (the log caches only their nets), as `evening report` does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import read_terminal, run

ROOT = Path(__file__).resolve().parent.parent

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"


def test_stats_and_report_agree_on_the_biggest_hand(tmp_path):
    log = tmp_path / "evening.jsonl"
    assert run("evening", "new", str(log), "--players", "Ann,Bob,Cy,Di").exit_code == 0
    others = ["--other", "Ann=2", "--other", "Cy=20", "--other", "Di=4"]
    assert run("evening", "hand", str(log), HAND, "--winner", "Bob", *others).exit_code == 0
    report = json.loads(run("evening", "report", str(log), "--format", "json").stdout)
    stats = json.loads(run("evening", "stats", str(log), "--json").stdout)["players"]
    assert stats["Bob"]["biggest_hand"] == report["stats"]["Bob"]["biggest_hand"] > 0


def test_stats_of_one_evening_of_1_game_says_1_game(tmp_path):
    # Regression: "1 evening, 1 games".
    path = tmp_path / "e.jsonl"
    assert run("evening", "new", str(path), "--players", "Ann,Bob").exit_code == 0
    assert run("evening", "draw", str(path)).exit_code == 0
    done = run("evening", "stats", str(path))
    assert done.exit_code == 0 and done.stdout.splitlines()[0] == "1 evening, 1 game"


# Shown as the JSON line writes it, as YAML does (`{Bob: 1}`, not Python's `{'Bob': 1}`).
@pytest.mark.parametrize(
    ("value", "shown"), [([1, "a"], "[1, 'a']"), ({"Bob": 1}, "{Bob: 1}")], ids=["from-list", "from-mapping"]
)
@pytest.mark.parametrize(
    "command", [("stats", "--json"), ("report", "--format", "json")], ids=["stats", "report"]
)
def test_stats_of_a_resealed_hand_from_list_is_refused_in_one_line(tmp_path, value, shown, command):
    # Regression (fuzz): a game line with `"from": [1, "a"]` and its checksums made again (a sealed
    # line's nets are trusted) ended `evening stats` in `TypeError: unhashable type: 'list'`; `report`
    # settled the game again first and refused the name in one line. Both now do.
    from pungchow_calc.evening.log import encode

    log = tmp_path / "e.jsonl"
    assert run("evening", "new", str(log), "--players", "Ann,Bob,Cy,Di").exit_code == 0
    others = ["--other", "Ann=2", "--other", "Cy=20", "--other", "Di=4"]
    assert run("evening", "hand", str(log), HAND, "--winner", "Bob", *others).exit_code == 0
    start, game = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(start + encode({**json.loads(game), "from": value}))
    done = run("evening", *command[:1], str(log), *command[1:])
    assert done.exit_code == 2 and "Traceback" not in done.output, done.output
    said = json.loads(done.stdout)["error"]["message"] if done.stdout else done.stderr
    assert f"--from: {shown} is not at the table (Ann, Bob, Cy, Di)" in said, done.output


# --- players across evenings, by the one rule that names a player (docs/evening.md, "Naming a player")


def _evening(path, players: str, winner: str, library: bool = False) -> str:
    """An evening of PLAYERS (comma-separated) with one game won by WINNER; its path."""
    names = players.split(",")
    if library:  # names `evening new` refuses (Ann and ann), as a start line accepted by a repair has them
        from pungchow_calc.evening import record
        from pungchow_calc.ruleset_files import load

        record.new(str(path), names, None, load("pung-chow"))
    else:
        assert run("evening", "new", str(path), "--players", players).exit_code == 0
    others = [arg for n in names if n != winner for arg in ("--other", f"{n}=4")]
    done = run("evening", "hand", str(path), HAND, "--winner", winner, *others)
    assert done.exit_code == 0, done.stderr
    return str(path)


def _stats(*files: str) -> dict:
    done = run("evening", "stats", *files, "--json")
    assert done.exit_code == 0, done.stderr
    return json.loads(done.stdout)["players"]


@pytest.mark.parametrize(
    ("second", "winner"),
    [
        pytest.param("ann,BOB", "ann", id="ann-BOB"),
        pytest.param("ANN,bob", "bob", id="ANN-bob"),
    ],
)
def test_stats_of_Ann_Bob_then_ann_BOB_is_one_row_each(tmp_path, second, winner):
    # "Ann" one evening and "ann" the next were two rows: the name in any other case is the player.
    jan = _evening(tmp_path / "jan.jsonl", "Ann,Bob", "Ann")
    feb = _evening(tmp_path / "feb.jsonl", second, winner)
    stats = _stats(jan, feb)
    assert list(stats) == ["Ann", "Bob"]  # as first seated
    assert stats["Ann"]["evenings"] == stats["Bob"]["evenings"] == 2
    assert stats["Ann"]["won"] + stats["Bob"]["won"] == 2
    assert stats["Ann"]["total"] + stats["Bob"]["total"] == 0


def test_stats_of_Zoe_composed_then_decomposed_is_one_row(tmp_path):
    jan = _evening(tmp_path / "jan.jsonl", "Zo\u00eb,Bob", "Bob")
    feb = _evening(tmp_path / "feb.jsonl", "Zoe\u0308,Bob", "Bob")
    assert list(_stats(jan, feb)) == ["Zo\u00eb", "Bob"]


def test_stats_of_one_evening_of_Ann_and_ann_keeps_two_rows(tmp_path):
    twins = _evening(tmp_path / "twins.jsonl", "Ann,ann,Bob", "Bob", library=True)
    again = _evening(tmp_path / "again.jsonl", "Ann,ann,Bob", "Ann", library=True)  # as seated: exact
    stats = _stats(twins, again)
    assert list(stats) == ["Ann", "ann", "Bob"] and stats["ann"]["evenings"] == 2


@pytest.mark.parametrize(
    ("first", "second", "said"),
    [
        pytest.param(
            "Ann,ann,Bob",
            "ANN,Bob",
            "'ANN' could be Ann or ann of {one}",
            id="Ann-ann-then-ANN",
        ),
        pytest.param(
            "ANN,Bob",
            "Ann,ann,Bob",
            "'Ann' and 'ann' could each be ANN of {one}",
            id="ANN-then-Ann-ann",
        ),
        pytest.param(
            "Ann,Bob",
            "Ann,ann,Bob",
            "'Ann' and 'ann' could each be Ann of {one}",
            id="Ann-then-Ann-ann",
        ),
    ],
)
def test_stats_of_a_name_that_could_be_two_players_is_refused(tmp_path, first, second, said):
    # Money never moves on a guess, nor does a player's record: refused with a hint, one line, exit 2.
    one = _evening(tmp_path / "twins.jsonl", first, "Bob", library=True)
    two = _evening(tmp_path / "feb.jsonl", second, "Bob", library=True)
    done = run("evening", "stats", one, two)
    assert done.exit_code == 2 and done.stdout == "", done
    said = f"error: {two}: {said.format(one=one)}"
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(said), done.stderr
    assert "names that differ only in case" in done.stderr and "separate `evening stats`" in done.stderr
    done = run("evening", "stats", one, two, "--json")
    assert json.loads(done.stdout)["error"]["code"] == "ambiguous-player"


# --- a copy of a log (docs/evening.md, `evening stats`) ---------------------------------------------


def _tonight(tmp_path) -> tuple[str, bytes]:
    """tonight.jsonl with two games; its bytes after the first."""
    tonight = _evening(tmp_path / "tonight.jsonl", "Ann,Bob", "Ann")
    first = (tmp_path / "tonight.jsonl").read_bytes()
    assert run("evening", "hand", tonight, HAND, "--winner", "Bob", "--other", "Ann=4").exit_code == 0
    return tonight, first


@pytest.mark.parametrize(
    ("taken", "said"),
    [
        pytest.param("end", "{tonight} and {backup} hold the same bytes", id="cp-tonight-backup"),
        pytest.param("mid", "{backup} holds the beginning of {tonight}", id="cp-tonight-backup-mid-evening"),
    ],
)
def test_stats_of_tonight_and_backup_copied_from_it_counts_the_evening_once(tmp_path, taken, said):
    # Regression: `cp tonight.jsonl backup.jsonl; evening stats *.jsonl` counted every game twice (only a
    # second name of the same file was told). A copy, whole or taken mid-evening, is the beginning of the
    # log, byte for byte: counted once, as the log, with a note naming both.
    tonight, first = _tonight(tmp_path)
    backup = tmp_path / "backup.jsonl"
    backup.write_bytes(Path(tonight).read_bytes() if taken == "end" else first)
    done = run("evening", "stats", str(backup), tonight, "--json")
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(run("evening", "stats", tonight, "--json").stdout)
    kept = tonight if taken == "mid" else str(backup)  # the longer, or the first given of two alike
    note = f"{said.format(tonight=tonight, backup=backup)} (a copy): the evening is counted once, as {kept}"
    assert done.stderr == f"note: {note}\n"


def test_stats_of_two_evenings_begun_in_the_same_second_by_ann_and_bob_counts_both(tmp_path):
    # Their start lines are alike, byte for byte; their games are not: two evenings, never one on a guess.
    tonight, first = _tonight(tmp_path)
    other = tmp_path / "other.jsonl"
    other.write_bytes(first.splitlines(keepends=True)[0])
    assert run("evening", "draw", str(other)).exit_code == 0
    done = run("evening", "stats", tonight, str(other), "--json")
    assert done.exit_code == 0 and done.stderr == "", done.stderr
    assert json.loads(done.stdout)["evenings"] == 2


def test_stats_of_tonight_and_a_copy_changed_since_is_refused(tmp_path):
    # A copy taken after game 1 and then given a draw of its own: which is the evening is not known.
    tonight, first = _tonight(tmp_path)
    branch = tmp_path / "branch.jsonl"
    branch.write_bytes(first)
    assert run("evening", "draw", str(branch)).exit_code == 0
    done = run("evening", "stats", tonight, str(branch))
    assert done.exit_code == 2 and done.stdout == ""
    assert done.stderr.startswith(f"error: {tonight}: its first 2 lines are those of {branch}, byte for byte")
    assert "give only one of them" in done.stderr


def _same_second(tmp_path, monkeypatch, *names: str) -> list[str]:
    """Evenings of Ann and Bob begun, and given a draw, all in one second; their paths."""
    from pungchow_calc.evening import record

    monkeypatch.setattr(record, "now", lambda: "2026-11-27T07:00:00Z")
    paths = []
    for name in names:
        path = str(tmp_path / name)
        assert run("evening", "new", path, "--players", "Ann,Bob").exit_code == 0
        assert run("evening", "draw", path).exit_code == 0
        paths.append(path)
    return paths


def test_stats_of_two_evenings_begun_and_drawn_in_the_same_second_counts_both(tmp_path, monkeypatch):
    # Regression: two evenings of a draw each, all in one second (a script), were "the same bytes (a
    # copy)" and counted once; given a game each after, refused as a copy changed since. `evening new`
    # writes the evening's id in its start line: two evenings are two, whatever their games.
    mon, tue = _same_second(tmp_path, monkeypatch, "mon.jsonl", "tue.jsonl")
    done = run("evening", "stats", mon, tue, "--json")
    assert done.exit_code == 0 and done.stderr == "", done
    assert (
        json.loads(done.stdout)["evenings"] == 2
        and json.loads(done.stdout)["players"]["Ann"]["evenings"] == 2
    )
    assert run("evening", "draw", mon, "--again").exit_code == 0
    done = run("evening", "stats", mon, tue, "--json")
    assert done.exit_code == 0 and json.loads(done.stdout)["evenings"] == 2, done


def _copy_note(copy, tonight, what: str) -> str:
    return (
        f"note: {copy} {what.format(tonight=tonight)} (a copy): the evening is counted once, as {tonight}\n"
    )


@pytest.mark.parametrize(
    ("make", "what"),
    [
        pytest.param(
            lambda data: data.splitlines(keepends=True)[0],
            "holds the beginning of {tonight}",
            id="before-game-1",
        ),
        pytest.param(
            lambda data: data.replace(b"\n", b"\r\n"),
            "and {tonight} hold the same lines (one saved with other line ends)",
            id="saved-with-crlf",
        ),
        pytest.param(
            lambda data: b"\xef\xbb\xbf" + data,
            "and {tonight} hold the same lines (one saved with a byte order mark)",
            id="bom",
        ),
        pytest.param(
            lambda data: b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n").rsplit(b"\r\n", 2)[0],
            "holds the beginning of {tonight}",
            id="crlf-mid-evening-no-last-newline",
        ),
        pytest.param(
            lambda data: b"".join(data.splitlines(keepends=True)[:2]).rstrip(b"\n"),
            "holds the beginning of {tonight}",
            id="game-1-no-last-newline",
        ),
        pytest.param(
            lambda data: _jq_c(data),
            "and {tonight} hold the same events (one written out again, spaced or escaped otherwise)",
            id="jq-c",
        ),
        pytest.param(
            lambda data: _jq_c(data.splitlines(keepends=True)[0]),
            "holds the beginning of {tonight}",
            id="jq-c-before-game-1",
        ),
    ],
)
def test_stats_of_tonight_and_its_backup_counts_the_evening_once(tmp_path, make, what):
    # Regression: a backup taken before the first game, or saved again by an editor (CRLF line ends, a
    # byte order mark, no newline after its last line), was counted as a second evening, its games
    # twice. A copy holds the evening's id, and its lines as written whatever their line ends.
    tonight, _ = _tonight(tmp_path)
    copy = tmp_path / "backup.jsonl"
    copy.write_bytes(make(Path(tonight).read_bytes()))
    done = run("evening", "stats", tonight, str(copy), "--json")  # alike: counted as the first given
    assert done.exit_code == 0, done
    assert json.loads(done.stdout) == json.loads(run("evening", "stats", tonight, "--json").stdout)
    assert done.stderr == _copy_note(copy, tonight, what)


def _jq_c(data: bytes, sort_keys: bool = False) -> bytes:
    """A log written out again by another program, `jq -c` (no spaces; `-S`: its keys sorted)."""
    lines = [json.loads(line) for line in data.splitlines()]
    return b"".join(json.dumps(e, separators=(",", ":"), sort_keys=sort_keys).encode() + b"\n" for e in lines)


def test_stats_of_tonight_and_a_copy_written_with_its_keys_sorted_is_refused_not_counted_twice(tmp_path):
    # Regression: a copy written out again by a program (`jq -c -S`) holds every event, but no line of it
    # byte for byte: it was counted as a second evening, every game twice. Its start line holds the
    # evening's id: one evening, which stats cannot tell which of the two is, so it refuses.
    tonight, _ = _tonight(tmp_path)
    copy = tmp_path / "backup.jsonl"
    copy.write_bytes(_jq_c(Path(tonight).read_bytes(), sort_keys=True))
    done = run("evening", "stats", tonight, str(copy))
    assert done.exit_code == 2 and done.stdout == ""
    assert done.stderr.startswith(f"error: {tonight}: its start line holds the evening id of {copy}'s")
    assert "give only one of them" in done.stderr
    # One evening given twice, as `evening-twice` says a log given twice: no option is at fault (a user
    # trial: `bad-option`, which a script took for a mistyped option).
    said = json.loads(run("evening", "stats", tonight, str(copy), "--json").stdout)
    assert said["error"]["code"] == "evening-twice"


def _unsealed(data: bytes) -> bytes:
    """The log as an older pungchow wrote it: no `id`, `sum` or `prev` on any line."""
    old = [json.loads(line) for line in data.splitlines()]
    drop = ("id", "sum", "prev")
    return b"".join((json.dumps({k: v for k, v in e.items() if k not in drop}) + "\n").encode() for e in old)


def test_stats_of_an_older_log_and_a_copy_of_its_start_counts_two_evenings(tmp_path):
    # An older log's start line holds no id: a copy of it taken before the first game cannot be told
    # from an evening begun in the same second, so it counts as an evening of no game, never a game.
    tonight, _ = _tonight(tmp_path)
    Path(tonight).write_bytes(_unsealed(Path(tonight).read_bytes()))
    copy = tmp_path / "backup.jsonl"
    copy.write_bytes(Path(tonight).read_bytes().splitlines(keepends=True)[0])
    done = run("evening", "stats", str(copy), tonight, "--json")
    assert done.exit_code == 0 and done.stderr == "", done
    stats = json.loads(done.stdout)
    assert stats["evenings"] == 2 and stats["players"]["Ann"]["won"] + stats["players"]["Bob"]["won"] == 2


def test_stats_reads_each_log_once(tmp_path, monkeypatch):
    # Regression: each log was read twice, once to tell copies and once to count it: one that grew
    # between the two could be told a copy by the one and counted by the other. One read, under the lock.
    import os

    tonight, first = _tonight(tmp_path)
    backup = tmp_path / "backup.jsonl"
    backup.write_bytes(first)
    opened: list[str] = []
    real = os.open

    def counted(path, *args, **kwargs):
        opened.append(os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", counted)
    done = run("evening", "stats", tonight, str(backup))
    monkeypatch.undo()
    assert done.exit_code == 0, done
    assert sorted(p for p in opened if p.endswith(".jsonl")) == sorted([str(backup), tonight])


@pytest.mark.parametrize(
    ("rulesets", "noted"),
    [
        (["pung-chow", "pung-chow-limit"], "(pung-chow: a.jsonl; pung-chow-limit: b.jsonl)"),
        (["pung-chow", "classical-bmja"], "(pung-chow: a.jsonl; classical-bmja: b.jsonl)"),
        (["pung-chow", "pung-chow"], None),
    ],
    ids=["part-1-and-part-2", "pung-chow-and-bmja", "one-ruleset"],
)
def test_stats_of_a_pung_chow_and_a_pung_chow_limit_evening_notes_the_rulesets(
    tmp_path, monkeypatch, rulesets, noted
):
    """Regression: evenings of different rulesets were summed with no word of it (a Part I total beside
    a Part II one); now a note on stderr names each ruleset's logs, the totals summed as before."""
    monkeypatch.chdir(tmp_path)
    for name, ruleset in zip(("a.jsonl", "b.jsonl"), rulesets, strict=True):
        assert run("evening", "new", name, "--players", "Ann,Bob", "-r", ruleset).exit_code == 0
        assert run("evening", "hand", name, HAND, "--winner", "Bob", "--other", "Ann=2").exit_code == 0
    totals = [
        json.loads(run("evening", "status", n, "--json").stdout)["totals"] for n in ("a.jsonl", "b.jsonl")
    ]
    for extra in ([], ["--json"]):
        done = run("evening", "stats", "a.jsonl", "b.jsonl", *extra)
        assert done.exit_code == 0
        if noted is None:
            assert "rulesets" not in done.stderr
        else:
            assert done.stderr == (
                f"note: the evenings were played under different rulesets {noted}: their points are "
                "summed as they are\n"
            )
    players = json.loads(done.stdout)["players"]
    assert players["Bob"]["total"] == totals[0]["Bob"] + totals[1]["Bob"] > 0


@pytest.mark.parametrize("columns", [60, 80])
def test_stats_note_of_two_rulesets_on_a_terminal_fits_its_width(tmp_path, monkeypatch, columns):
    """Regression: the note of evenings under different rulesets was one stderr line of 142 characters
    on a 60-column terminal; there it wraps, its later lines indented, as the batch summary does (a
    program reading stderr still gets one line: the test above)."""
    monkeypatch.chdir(tmp_path)
    for name, ruleset in (("club-evening-of-monday.jsonl", "pung-chow"), ("b.jsonl", "pung-chow-limit")):
        assert run("evening", "new", name, "--players", "Ann,Bob", "-r", ruleset).exit_code == 0
        assert run("evening", "hand", name, HAND, "--winner", "Bob", "--other", "Ann=2").exit_code == 0
    master, slave = os.openpty()
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pungchow_calc",
            "evening",
            "stats",
            "club-evening-of-monday.jsonl",
            "b.jsonl",
        ],
        stdout=subprocess.DEVNULL,
        stderr=slave,
        env={**os.environ, "COLUMNS": str(columns), "PYTHONPATH": str(ROOT)},
    ) as child:
        os.close(slave)
        shown = read_terminal(master).decode().replace("\r\n", "\n")
        assert child.wait(timeout=60) == 0
    os.close(master)
    lines = shown.splitlines()
    assert len(lines) > 1 and all(len(line) <= columns for line in lines), shown
    assert lines[0].startswith("note: the evenings were played under different rulesets")
    assert all(line.startswith("      ") for line in lines[1:]), shown
    assert " ".join(shown.split()) == (
        "note: the evenings were played under different rulesets (pung-chow: club-evening-of-monday.jsonl;"
        " pung-chow-limit: b.jsonl): their points are summed as they are"
    )
