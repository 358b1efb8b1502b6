"""What the one-shot evening commands say once the log has changed: a game recorded (or taken back,
or amended) whose report cannot be written still says so (issue 19, point 5), and an amendment or
undo says who is East now, what moved in the seats and the round, and the totals (point 10).
Subprocesses on small evenings, since /dev/full is about the real standard output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import process
from cli_helpers import run as run_main
from evening_support import PLAYERS, WASH_13, WINS, hand, new_evening, run, succeeds

from pungchow_calc.cli.failure import EXIT_OUTPUT_FAILED
from pungchow_calc.evening import record as book
from pungchow_calc.render.layout import cell_width

AGAIN = "all the same (see `evening status`; do not enter it again)"


def _told(said: str) -> str:
    """What a change made all the same says: FULL_DISK's words, with AGAIN unless they end otherwise."""
    return said if "all the same" in said else f"{said} {AGAIN}"


def _evening(tmp_path: Path, games: int = 0, ruleset: str = "pung-chow-limit") -> Path:
    path = new_evening(tmp_path, "-r", ruleset)
    for _ in range(games):
        succeeds(*hand(path, "Ann", PLAYERS))
    return path


def _to_full_disk(*args: str) -> subprocess.CompletedProcess[bytes]:
    with open("/dev/full", "wb") as full:
        return process(*args, stdout=full, env=os.environ)


def _events(path: Path) -> list[str]:
    return [json.loads(line)["event"] for line in path.read_text().splitlines()]


FULL_DISK = [
    pytest.param(0, lambda p: hand(p, "Ann", PLAYERS), "game 1 was recorded", "hand", id="hand"),
    pytest.param(0, lambda p: [*hand(p, "Ann", PLAYERS), "--json"], "game 1 was recorded", "hand", id="json"),
    pytest.param(1, lambda p: ["evening", "draw", str(p)], "game 2 was recorded", "draw", id="draw"),
    pytest.param(
        0, lambda p: ["evening", "wash", str(p), "Bob", WASH_13], "game 1 was recorded", "wash", id="wash"
    ),
    pytest.param(
        0, lambda p: ["evening", "false-mahjongg", str(p), "Cy"], "game 1 was recorded", "penalty", id="false"
    ),
    # Not "do not enter it again": entered again, an undo takes back the game before it.
    pytest.param(
        2,
        lambda p: ["evening", "undo", str(p)],
        "game 2 was taken back all the same (see `evening status`; do not undo it again)",
        "undo",
        id="undo",
    ),
    pytest.param(
        1,
        lambda p: ["evening", "amend", str(p), "1", *hand(p, "Bob", PLAYERS, again=False)[3:]],
        "game 1 was amended",
        "amend",
        id="amend",
    ),
]


@pytest.mark.parametrize(("games", "args", "said", "event"), FULL_DISK)
def test_a_change_whose_report_cannot_be_written_says_it_was_made(tmp_path, games, args, said, event):
    path = _evening(tmp_path, games)
    done = _to_full_disk(*args(path))
    assert done.returncode == EXIT_OUTPUT_FAILED
    assert done.stderr.decode() == f"error: cannot write output: No space left on device; {_told(said)}\n"
    assert _events(path)[-1] == event  # it was written, once


def test_a_new_evening_whose_report_cannot_be_written_says_it_was_started(tmp_path):
    path = tmp_path / "e.jsonl"
    done = _to_full_disk("evening", "new", str(path), "--players", "Ann,Bob")
    assert done.returncode == EXIT_OUTPUT_FAILED
    # It said "do not enter it again", as of a game: the evening is there, and its games go in it.
    assert done.stderr.decode() == (
        f"error: cannot write output: No space left on device; {path}: the evening was started all the "
        "same (see `evening status`): record its games in it; `evening new` again would refuse the file\n"
    )
    assert _events(path) == ["start"]
    succeeds("evening", "status", str(path))  # ... and it reads


def test_evening_new_onto_a_file_size_limit_leaves_no_file(tmp_path):
    # A file system that cannot take the start event (the size limit stands in for a full disk).
    import resource
    import signal

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (10, 10))

    path = tmp_path / "e.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "evening", "new", str(path), "--players", "Ann,Bob"],
        capture_output=True,
        text=True,
        preexec_fn=limited,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.startswith(f"error: {path}: cannot record: ") and done.stderr.count("\n") == 1
    assert done.stderr.endswith("; nothing was recorded\n") and not path.exists()


def test_a_refused_game_to_a_full_disk_is_still_bad_input(tmp_path):
    path = _evening(tmp_path)
    done = _to_full_disk("evening", "hand", str(path), "--winner", "Ann", WINS[0], "--other", "Bob=2")
    assert done.returncode == 2 and b"recorded all the same" not in done.stderr
    assert _events(path) == ["start"]


def test_amend_says_who_is_east_what_moved_and_the_totals(tmp_path):
    # Game 1 Ann (East) wins: she keeps the deal. Amended so that Bob won it: the deal passes to Bob.
    path = _evening(tmp_path, games=1)
    done = run("evening", "amend", str(path), "1", *hand(path, "Bob", PLAYERS, again=False)[3:])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:3] == [
        "Game 1 amended; the evening was replayed from it.",
        "East Wind is now Bob (was Ann)",
        "Next game: East round of set 1, as before",
    ]
    assert lines[3].split() == ["Player", "Seat", "Before", "After", "Change"]
    assert [line.split()[:4] for line in lines[5:]] == [
        ["Ann", "north", "(was", "east)"],
        ["Bob", "east", "(was", "south)"],
        ["Cy", "south", "(was", "west)"],
        ["Di", "west", "(was", "north)"],
    ]


def test_undo_says_who_is_east_and_the_totals(tmp_path):
    path = _evening(tmp_path, games=0)
    succeeds(*hand(path, "Bob", PLAYERS))  # the deal passes to Bob
    done = run("evening", "undo", str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:3] == [
        "Took back game 1.",
        "East Wind is now Ann (was Bob)",
        "Next game: East round of set 1, as before",
    ]
    assert [line.split()[:2] for line in lines[5:]] == [
        ["Ann", "east"],
        ["Bob", "south"],
        ["Cy", "west"],
        ["Di", "north"],
    ]
    assert all(line.split()[-2] == "0" for line in lines[5:])  # after: nothing played
    assert all(len(line) <= 60 for line in lines)


def test_a_change_that_moves_no_seat_says_so(tmp_path):
    path = _evening(tmp_path, games=2)  # Ann keeps the deal twice
    done = run("evening", "undo", str(path))
    assert done.stdout.splitlines()[1:3] == [
        "East Wind is still Ann",
        "Next game: East round of set 1, as before",
    ]
    assert "(was" not in done.stdout


# An original hand marks no winning tile and lays nothing open (docs/rulings.md#original-hand).
DEALT = "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c7c"

IDLE = [
    # (winner, hand, facts given, the facts left out): under pung-chow-limit only East's original hand is
    # scored (the limit, Part II "The Limit Hand" 6), and the last tile only when drawn (Bonus Scores 3).
    # South's original hand scores as it lies, but its hand (no `!`, docs/rulings.md) stands only on it:
    # recorded. An original hand with the last tile was noted so too: it is refused since (no first draw
    # is the last tile, tests/test_impossible.py).
    pytest.param("Bob", DEALT, ["--original-hand"], [], id="south-original-hand"),
    pytest.param("Bob", WINS[0], ["--last-tile"], ["last_tile"], id="last-tile-on-a-discard"),
    pytest.param("Ann", DEALT, ["--original-hand"], [], id="east-original-hand-counts"),
]


@pytest.mark.parametrize(("winner", "text", "given", "left_out"), IDLE)
def test_a_fact_no_rule_can_use_in_the_game_is_noted_and_not_recorded(
    tmp_path, winner, text, given, left_out
):
    path = _evening(tmp_path)
    done = run(*hand(path, winner, PLAYERS, text), *given)
    assert done.returncode == 0, done.stderr
    notes = [line for line in done.stderr.splitlines() if line.startswith("note: ")]
    assert notes == [
        f"note: --{flag.replace('_', '-')}: no rule of ruleset pung-chow-limit can use it in this game; "
        "not recorded"
        for flag in left_out
    ]
    game = json.loads(path.read_text().splitlines()[-1])
    assert [flag for flag in ("original_hand", "last_tile") if game.get(flag)] == [
        f.removeprefix("--").replace("-", "_")
        for f in given
        if f.removeprefix("--").replace("-", "_") not in left_out
    ]


@pytest.mark.parametrize(("winner", "text", "given", "left_out"), IDLE)
def test_json_a_fact_no_rule_can_use_is_a_note_of_the_object_not_of_stderr(
    tmp_path, winner, text, given, left_out
):
    """Regression: with --json the note was said on standard error only, and a program reading the object
    never learned that an option it sent was left out (docs/json.md, "A game recorded with --json")."""
    path = _evening(tmp_path)
    done = run(*hand(path, winner, PLAYERS, text), *given, "--json")
    assert done.returncode == 0 and "note: " not in done.stderr, done.stderr
    said = [
        f"--{flag.replace('_', '-')}: no rule of ruleset pung-chow-limit can use it in this game; "
        "not recorded"
        for flag in left_out
    ]
    assert json.loads(done.stdout).get("notes", []) == said, done.stdout


def test_amend_leaves_out_a_fact_that_changes_nothing(tmp_path):
    path = _evening(tmp_path, games=1)
    done = run(
        "evening", "amend", str(path), "1", *hand(path, "Bob", PLAYERS, again=False)[3:], "--last-tile"
    )
    assert done.returncode == 0, done.stderr
    assert "note: --last-tile: no rule of ruleset pung-chow-limit can use it" in done.stderr
    assert "last_tile" not in json.loads(path.read_text().splitlines()[-1])["record"]


WRITERS = [
    pytest.param(lambda p, e: book.add(str(p), {"event": "draw"}, expect=e), id="add"),
    pytest.param(lambda p, e: book.undo(str(p), expect=e), id="undo"),
    pytest.param(lambda p, e: book.amend(str(p), 1, {"event": "draw"}, expect=e), id="amend"),
]


@pytest.mark.parametrize("write", WRITERS)
def test_a_write_against_an_evening_that_changed_is_refused(tmp_path, write):
    # What `evening play` showed was made from `seen`; another terminal has recorded since.
    path = _evening(tmp_path, games=1)
    seen = book.load(str(path))
    succeeds(*hand(path, "Bob", PLAYERS))
    before = path.read_bytes()
    with pytest.raises(book.EveningChanged) as refused:
        write(path, seen)
    assert refused.value.code == "evening-changed" and "nothing was recorded" in str(refused.value)
    assert path.read_bytes() == before
    write(path, book.load(str(path)))  # against the evening as it stands: written
    assert path.read_bytes() != before


@pytest.mark.parametrize("write", WRITERS)
def test_a_write_against_another_evening_of_the_same_games_is_refused(tmp_path, write):
    # Regression: another evening's log put in its place, of the same players and games (Ann's win in
    # each), compared equal to the one shown: the write went into the other evening.
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    path, other = _evening(tmp_path / "a", games=1), _evening(tmp_path / "b", games=1)
    seen = book.load(str(path))
    os.replace(other, path)
    before = path.read_bytes()
    with pytest.raises(book.EveningChanged):
        write(path, seen)
    assert path.read_bytes() == before


def test_idle_flags_are_those_whose_absence_changes_nothing(tmp_path):
    path = _evening(tmp_path)
    evening = book.load(str(path))
    record = {"event": "hand", "winner": "Bob", "hands": {"Bob": DEALT, "Ann": "2", "Cy": "4", "Di": "6"}}
    # South's original hand changes no score, but its hand marks no `!`: it does not stand without it.
    assert book.idle_flags(evening, {**record, "original_hand": True}) == ()
    # The last tile on a discard changes nothing under pung-chow-limit (Bonus Scores 3: drawn).
    won = {**record, "hands": {**record["hands"], "Bob": WINS[0]}}
    assert book.idle_flags(evening, {**won, "last_tile": True}) == ("last_tile",)
    east = {**record, "winner": "Ann", "hands": {"Ann": DEALT, "Bob": "2", "Cy": "4", "Di": "6"}}
    assert book.idle_flags(evening, {**east, "original_hand": True}) == ()  # East's original hand: the limit


def test_a_game_names_players_not_seats(tmp_path):
    # The discarder pays for all (Part II, Penalties 2): the engine says "west bears ... pays for east";
    # the evening says who (issue 19, point 11).
    path = _evening(tmp_path)
    done = run(
        "evening", "hand", str(path), "--winner", "Bob", "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 5d!5d",
        "--from", "Cy", "--other", "Ann=1c2c3c 4c5c6c 7c8c9c 6c6c EwEw",
        "--other", "Cy=1b2b3b 4b5b6b 7b8b9b 3c3c Nw 9d", "--other", "Di=WdWdWd 2b2b 5b5b 6b7b8b 3d 4d Sw",
        env={**os.environ, "COLUMNS": "200"},  # each payment and penalty on one line, to read whole
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stdout.splitlines() if line.startswith(("  penalty:", "  Cy pays"))]
    assert said and "Cy bears the entire losses" in done.stdout and "pays for Ann" in done.stdout
    assert not [line for line in said if any(w in line for w in ("east", "south", "west", "north"))], said


# A fresh interpreter runs `pungchow ARGV...` through main() with a Ctrl-C sent to itself at one moment:
# `fsync` (the record's line written, not yet on disk: docs/evening.md, "Safety") or the first write of
# the command's output (the record on disk, its report not yet out).
_CTRL_C_PROBE = """
import os, signal, sys
at = sys.argv[1]
sys.argv = ["pungchow", *sys.argv[2:]]
from pungchow_calc.cli import main

def ctrl_c():
    os.kill(os.getpid(), signal.SIGINT)

if at == "fsync":
    real_fsync = os.fsync
    def fsync(fd):
        ctrl_c()
        real_fsync(fd)
    os.fsync = fsync
else:
    class Output:
        def __init__(self, stream):
            self.stream, self.sent = stream, False
        def write(self, text):
            if not self.sent:
                self.sent = True
                ctrl_c()
            return self.stream.write(text)
        def __getattr__(self, name):
            return getattr(self.stream, name)
    sys.stdout = Output(sys.stdout)
main()
"""


def _ctrl_c_at(at: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _CTRL_C_PROBE, at, *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(("games", "args", "said", "event"), FULL_DISK)
def test_a_ctrl_c_while_the_record_is_written_waits_and_the_change_is_reported(
    tmp_path, games, args, said, event
):
    # Regression: a Ctrl-C between the line's write and its fsync said "interrupted" (exit 130), though
    # the game was recorded: the player typed it again and it counted twice.
    path = _evening(tmp_path, games)
    done = _ctrl_c_at("fsync", *args(path))
    assert done.returncode == 0 and "interrupted" not in done.stderr, done.stderr
    assert done.stdout  # the change reported as usual
    assert _events(path)[-1] == event and len(_events(path)) == 1 + games + 1  # written, once


def test_a_ctrl_c_while_a_new_evening_is_written_waits_and_it_is_started(tmp_path):
    path = tmp_path / "e.jsonl"
    done = _ctrl_c_at("fsync", "evening", "new", str(path), "--players", "Ann,Bob")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert "a new evening" in " ".join(done.stdout.split()) and _events(path) == ["start"]


@pytest.mark.parametrize("typer", [False, True], ids=["reader", "typer"])  # `--` leaves the line to typer
@pytest.mark.parametrize(("games", "args", "said", "event"), FULL_DISK)
def test_a_ctrl_c_while_the_change_is_reported_says_it_was_made(tmp_path, games, args, said, event, typer):
    path = _evening(tmp_path, games)
    done = _ctrl_c_at("output", *args(path), *(["--"] if typer else []))
    assert done.returncode == 130
    assert done.stderr.splitlines()[-1] == f"interrupted; {_told(said)}"
    assert _events(path)[-1] == event and len(_events(path)) == 1 + games + 1


def test_a_ctrl_c_while_a_repair_is_reported_says_it_was_recorded(tmp_path):
    path = _evening(tmp_path, 1)
    lines = path.read_text().splitlines()
    lines[1] = lines[1].replace('"Bob": "4"', '"Bob": "40"')
    path.write_text("\n".join(lines) + "\n")
    done = _ctrl_c_at("output", "evening", "repair", str(path), "--accept", "2")
    assert done.returncode == 130
    assert done.stderr.splitlines()[-1] == f"interrupted; the repair was recorded on line 3 {AGAIN}"
    assert _events(path)[-1] == "repair"


LONG = [f"{letter}{'x' * 29}" for letter in "ABCD"]  # four names of 30 letters, the most a name has


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize("command", ["undo", "amend"])
def test_undo_and_amend_with_30_letter_names_fit_the_width(tmp_path, columns, command):
    # Regression: "East Wind is now Axxx... (was Bxxx...)" was one line of 84 columns, at 60 or 80.
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", ",".join(LONG))
    succeeds(*hand(path, LONG[1], LONG))  # the deal passes to LONG[1]
    args = (
        ["evening", "undo", str(path)]
        if command == "undo"
        else ["evening", "amend", str(path), "1", "--draw"]
    )
    done = run(*args, env={**os.environ, "COLUMNS": str(columns)})
    assert done.returncode == 0, done.stderr
    assert f"East Wind is now {LONG[0]}" in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= columns, done.stdout


# A fresh interpreter runs a command through main() with a Ctrl-C sent to itself just after the log's
# line is written and the hold on Ctrl-C is over: before the command has said what it recorded.
_AFTER_THE_WRITE = """
import os, signal, sys
sys.argv = ["pungchow", *sys.argv[1:]]
from pungchow_calc.evening import logfile
from pungchow_calc.cli import main

write = logfile._write_line

def write_then_ctrl_c(*args, **kwargs):
    write(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGINT)

logfile._write_line = write_then_ctrl_c
main()
"""


@pytest.mark.parametrize(
    ("games", "args", "event"),
    [
        pytest.param(0, lambda p: hand(p, "Ann", PLAYERS), "hand", id="hand"),
        pytest.param(2, lambda p: ["evening", "undo", str(p)], "undo", id="undo"),
        pytest.param(
            1,
            lambda p: ["evening", "amend", str(p), "1", *hand(p, "Bob", PLAYERS, again=False)[3:]],
            "amend",
            id="amend",
        ),
    ],
)
def test_a_ctrl_c_just_after_the_write_says_the_change_was_made(tmp_path, games, args, event):
    # Regression: a Ctrl-C after the held write, before the command added its "recorded all the same"
    # note, said plain "interrupted" (exit 130) though the change was in the log: typed again, twice.
    path = _evening(tmp_path, games)
    done = subprocess.run(
        [sys.executable, "-c", _AFTER_THE_WRITE, *args(path)],
        capture_output=True,
        env=os.environ,
        timeout=60,
        check=False,
    )
    assert done.returncode == 130
    assert done.stderr.decode() == f"interrupted; the change was recorded in {path} {AGAIN}\n"
    assert _events(path) == ["start", *["hand"] * games, event]  # written, once


WIDE = [character * 30 for character in "龍鳳虎亀"]  # four names of 30 wide characters: 60 cells each


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize("winner", [WIDE[1], WIDE[0]], ids=["the-deal-passes", "east-stays"])
def test_evening_hand_with_30_wide_character_names_says_the_deal_within_the_width(tmp_path, columns, winner):
    # Regression: "The deal passes: 鳳鳳...鳳 is East Wind" was printed whole: 90 cells, at 60 or 80.
    path = tmp_path / "e.jsonl"
    assert run_main("evening", "new", str(path), "--players", ",".join(WIDE)).exit_code == 0
    done = run_main(*hand(path, winner, WIDE), env={"COLUMNS": str(columns), "NO_COLOR": "1"})
    assert done.exit_code == 0, done.stderr
    assert max(cell_width(line) for line in done.stdout.splitlines()) <= columns, done.stdout
    said = "".join(done.stdout.split())
    assert (f"Thedealpasses:{winner}isEastWind" if winner != WIDE[0] else f"{winner}staysEastWind") in said
