"""The evening's one-line refusals name what the person typed: the option (`--winner`, `--other`,
`--from`, `--feeder`, `--dead`) or the PLAYER argument, and say plainly when no game is recorded yet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
OTHERS = ["--other", "Bob=10", "--other", "Cy=20", "--other", "Di=4"]
TABLE = "(Ann, Bob, Cy, Di)"


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "evening.jsonl"
    assert (
        run("evening", "new", str(path), "--players", "Ann,Bob,Cy,Di", "-r", "pung-chow-limit").exit_code == 0
    )
    return path


NOT_AT_THE_TABLE = [
    pytest.param(["hand", "{log}", HAND, "--winner", "Zed", *OTHERS], "--winner", id="winner"),
    pytest.param(
        ["hand", "{log}", HAND, "--winner", "Ann", *OTHERS[:4], "--other", "Zed=4"], "--other", id="other"
    ),
    pytest.param(["hand", "{log}", HAND, "--winner", "Ann", *OTHERS, "--from", "Zed"], "--from", id="from"),
    pytest.param(
        ["hand", "{log}", HAND, "--winner", "Ann", *OTHERS, "--feeder", "Zed"], "--feeder", id="feeder"
    ),
    pytest.param(["hand", "{log}", HAND, "--winner", "Ann", *OTHERS, "--dead", "Zed"], "--dead", id="dead"),
    pytest.param(["draw", "{log}", "--other", "Zed=2", *OTHERS], "--other", id="draw-other"),
    pytest.param(["wash", "{log}", "Zed", "1b9b1c9c1dEwSwWwNwRdGdWd5b"], "PLAYER", id="wash"),
    pytest.param(["false-mahjongg", "{log}", "Zed"], "PLAYER", id="false-mahjongg"),
    pytest.param(["amend", "{log}", "1", HAND, "--winner", "Zed", *OTHERS], "--winner", id="amend-winner"),
]


@pytest.mark.parametrize(("args", "typed"), NOT_AT_THE_TABLE)
def test_a_player_not_at_the_table_is_named_by_the_option_typed(log, args, typed):
    if args[0] == "amend":  # a game to amend
        assert run("evening", "hand", str(log), HAND, "--winner", "Ann", *OTHERS).exit_code == 0
    before = log.read_bytes()
    done = run("evening", *(a.format(log=log) for a in args))
    assert done.exit_code == 2
    assert done.stderr == f"error: {typed}: 'Zed' is not at the table {TABLE}\n"
    assert log.read_bytes() == before  # nothing recorded


def test_amend_before_any_game_says_none_is_recorded(log):
    done = run("evening", "amend", str(log), "7", HAND, "--winner", "Ann", *OTHERS)
    assert (done.exit_code, done.stderr) == (
        2,
        "error: no game has been recorded yet: there is nothing to amend\n",
    )
    done = run("evening", "amend", str(log), "1", "--draw", "--json")
    assert json.loads(done.stdout)["error"]["code"] == "evening-no-game"


@pytest.mark.parametrize(
    ("games", "shown"), [pytest.param(1, "game 1", id="one-game"), pytest.param(2, "games 1 to 2", id="two")]
)
def test_amend_of_a_game_not_played_names_the_games(log, games, shown):
    for _ in range(games):
        assert run("evening", "hand", str(log), HAND, "--winner", "Ann", *OTHERS, "--again").exit_code == 0
    done = run("evening", "amend", str(log), "7", "--draw")
    assert (done.exit_code, done.stderr) == (2, f"error: there is no game 7 to amend ({shown})\n")


EMPTY_FILE = [
    pytest.param(["new", "{file}", "--players", "Ann,Bob"], id="new"),
    pytest.param(["hand", "{file}", HAND, "--winner", "Ann", "--other", "Bob=2"], id="hand"),
    pytest.param(["draw", "{file}"], id="draw"),
    pytest.param(["undo", "{file}"], id="undo"),
    pytest.param(["status", "{file}"], id="status"),
    pytest.param(["report", "{file}"], id="report"),
    pytest.param(["stats", "{file}"], id="stats"),
    pytest.param(["chart", "{file}"], id="chart"),
    pytest.param(["repair", "{file}"], id="repair"),
    pytest.param(["play", "{file}"], id="play"),
]


@pytest.mark.parametrize("file", ["", "   ", "\t"], ids=["empty", "spaces", "tab"])
@pytest.mark.parametrize("args", EMPTY_FILE)
def test_evening_new_empty_file_name_says_what_is_wrong(tmp_path, monkeypatch, args, file):
    """`evening new ""` said `error: : cannot record: No such file or directory`, and `evening new "   "`
    made a file named three spaces: a FILE that is empty or only spaces names no evening."""
    monkeypatch.chdir(tmp_path)
    done = run("evening", *(a.format(file=file) for a in args))
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"error: FILE {file!r}: a name that is empty or only spaces names no file; give the evening's log, "
        "e.g. tonight.jsonl\n"
    )
    assert list(tmp_path.iterdir()) == []  # nothing was made


def test_evening_status_empty_file_name_json_code(tmp_path):
    done = run("evening", "status", "", "--json")
    assert done.exit_code == 2
    assert json.loads(done.stdout)["error"]["code"] == "evening-no-file"


def test_evening_new_in_a_folder_that_does_not_exist_names_the_folder(tmp_path):
    """`evening new nosuch/e.jsonl` said `cannot record: No such file or directory`, of a file it was
    asked to make: the folder is what is missing."""
    path = tmp_path / "nosuch" / "e.jsonl"
    done = run("evening", "new", str(path), "--players", "Ann,Bob")
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"error: {path}: cannot start an evening there: there is no folder {tmp_path / 'nosuch'}\n"
    )
    assert not (tmp_path / "nosuch").exists()


@pytest.mark.parametrize(
    ("args", "twice"),
    [
        pytest.param(
            ["hand", "{log}", HAND, "--winner", "Ann", *OTHERS, "--dead", "Cy", "--dead", "Cy"],
            "Cy",
            id="Cy-Cy",
        ),
        pytest.param(
            ["hand", "{log}", HAND, "--winner", "Ann", *OTHERS, "--dead", "Bob", "--dead", "bob"],
            "Bob",
            id="Bob-bob",
        ),
        pytest.param(
            ["draw", "{log}", *OTHERS, "--other", "Ann=8", "--dead", "Di", "--dead", "Di"],
            "Di",
            id="draw-Di-Di",
        ),
    ],
)
def test_a_dead_hand_named_twice_is_refused_and_nothing_recorded(log, args, twice):
    """`--dead Cy --dead Cy` (Di meant) recorded Cy's dead hand once and Di's not at all, without a word."""
    before = log.read_bytes()
    done = run("evening", *(a.format(log=log) for a in args))
    assert (done.exit_code, done.stderr) == (
        2,
        f"error: --dead: {twice} is given twice: give each player once\n",
    )
    assert log.read_bytes() == before


@pytest.mark.parametrize(
    ("given", "said"),
    [
        pytest.param(["--from", "Bob"], "--from", id="from-Bob"),
        pytest.param(["--drawn"], "--drawn", id="drawn"),
        pytest.param(["--win-by", "loose"], "--win-by", id="win-by-loose"),
        pytest.param(["--last-tile"], "--last-tile", id="last-tile"),
        pytest.param(["--feeder", "Cy"], "--feeder", id="feeder-Cy"),
    ],
)
def test_amend_to_a_draw_refuses_how_a_game_was_won(log, given, said):
    """`evening amend FILE 1 --draw --from Bob` recorded the draw and dropped --from without a word."""
    assert run("evening", "hand", str(log), HAND, "--winner", "Ann", *OTHERS).exit_code == 0
    before = log.read_bytes()
    done = run("evening", "amend", str(log), "1", "--draw", *given)
    assert (done.exit_code, done.stderr) == (
        2,
        f"error: {said} describes a win, but --draw says no hand won\n",
    )
    assert log.read_bytes() == before
    assert (
        run("evening", "amend", str(log), "1", "--draw", "--win-by", "discard").exit_code == 0
    )  # the default


LONG = "2b2b2b 6c6c6c 7d7d7d* 8b8b8b* 9c9c"  # 14 tiles and no `!`: a long hand, which Kajongg scores 0


@pytest.mark.parametrize("columns", ["60", "80"])
def test_classical_hand_other_bob_long_2b2b2b_6c6c6c_7d7d7d_8b8b8b_9c9c_hints_other_bob_0(
    tmp_path: Path, columns: str
) -> None:
    """Regression: the hint said `give its score (Bob 0)`, which no option reads (`--other 'Bob 0'` is
    refused): the evening gives a score as NAME=SCORE. At the table, `--Bob: ... (--Bob 0)`: play's
    prompt asks for the score itself (docs/evening.md, "Messages in play ... not of the command line")."""
    path = tmp_path / "e.jsonl"
    assert run("evening", "new", str(path), "--players", "Ann,Bob,Cy", "-r", "classical-dmjl").exit_code == 0
    before = path.read_bytes()
    others = ["--other", f"Bob={LONG}", "--other", "Cy=2"]
    refused = run("evening", "hand", str(path), "--winner", "Ann", HAND, *others)
    assert refused.exit_code == 2 and refused.stdout == ""
    hint = "; a long hand scores 0: give its score (--other Bob=0) (column 1)\n"
    assert refused.stderr.endswith(hint), refused.stderr
    assert refused.stderr.startswith("error: Bob: a hand holds 13 tiles"), refused.stderr
    typed = ["Ann", HAND, "", "", "", LONG, "0", "2", "y", "quit"]
    played = run("evening", "play", str(path), input="\n".join(typed) + "\n", env={"COLUMNS": columns})
    said = " ".join(played.stdout.split())
    assert "Bob: a hand holds 13 tiles plus one per kong (14 with the winning tile): 14 here;" in said
    again = "14 here; a long hand scores 0: give its score (0) (column 1) — type it again (or `cancel`)"
    assert again in said
    assert "--Bob" not in said and "--other" not in said, played.stdout  # no option named
    assert all(len(line) <= int(columns) for line in played.stdout.splitlines()), played.stdout
    recorded = path.read_bytes()
    assert recorded != before and json.loads(recorded.splitlines()[1])["hands"]["Bob"] == "0"


# The winner's hand refused as a whole names the player (`Ann: `), as settle names the seat (`--east: `):
# it read `the hand: Ann: ...`, and hinted `--winner naming who won`, which had been given.
@pytest.mark.parametrize(
    ("winner", "said"),
    [
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c7c",
            "Ann: a winning hand marks its winning tile with ! (or, if this hand did not win, change "
            "--winner to who did) (column 1)",
            id="no-bang-laid-open",
        ),
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c7c",
            "Ann: a winning hand marks its winning tile with ! (or use --original-hand; if this hand did not "
            "win, change --winner to who did) (column 1)",
            id="no-bang-as-dealt",
        ),
        pytest.param(
            "1b1b1b 3c3c3c 5d5d5d* 7c!7c",
            "Ann: a winning hand has 14 tiles plus one per kong: this one needs 14, but 11 were given "
            "(column 1)",
            id="too-few-tiles",
        ),
    ],
)
def test_the_winners_hand_refused_whole_is_named_by_the_player_alone(log, winner, said):
    before = log.read_bytes()
    done = run("evening", "hand", str(log), winner, "--winner", "Ann", *OTHERS)
    assert (done.exit_code, done.stderr) == (2, f"error: {said}\n")
    assert log.read_bytes() == before  # nothing recorded


@pytest.mark.parametrize("command", ["hand", "amend"])
def test_facts_with_values_no_rule_can_use_are_not_recorded(log, command):
    """Regression: `--honba 2 --dora 1b` under pung-chow-limit were noted as counting for nothing, and
    recorded all the same, where an on/off fact that counts for nothing (`--last-tile` of a win on a
    discard) is left out of the record with a note: a recorded fact is one that counted."""
    if command == "amend":  # a game to amend, Bob's score other than the amendment's
        other = ["--other", "Bob=12", *OTHERS[2:]]
        assert run("evening", "hand", str(log), HAND, "--winner", "Ann", *other).exit_code == 0
    where, again = (["1"], []) if command == "amend" else ([], ["--again"])
    facts = ["--honba", "2", "--dora", "1b", "--last-tile"]
    done = run("evening", command, str(log), *where, HAND, "--winner", "Ann", *OTHERS, *facts, *again)
    assert done.exit_code == 0, done.stderr
    notes = [line for line in done.stderr.splitlines() if line.startswith("note: ")]
    assert notes == [
        f"note: --{fact}: no rule of ruleset pung-chow-limit can use it in this game; not recorded"
        for fact in ("last-tile", "honba", "dora")
    ]
    last = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    recorded = last["record"] if command == "amend" else last
    assert recorded["event"] == "hand" and recorded["hands"]["Bob"] == "10"
    assert not {"honba", "dora", "last_tile"} & set(recorded)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        pytest.param(["--winner", "south"], "--winner: 'south' is not at the table", id="winner-south"),
        pytest.param(
            ["--winner", "Ann", "--from", "North"], "--from: 'North' is not at the table", id="from-North"
        ),
    ],
)
def test_a_seat_typed_for_a_player_says_who_sits_there_this_game(log, typed, said):
    # settle's way (`--winner south`) was told only the names: who sits there is said, never taken.
    before = log.read_bytes()
    done = run("evening", "hand", str(log), HAND, *typed, *OTHERS)
    seat = typed[-1].lower()
    sits = {"south": "Bob", "north": "Di"}[seat]
    assert done.exit_code == 2
    assert done.stderr == (
        f"error: {said} {TABLE}: an evening names players, and {seat} is {sits} this game\n"
    ), done.stderr
    assert log.read_bytes() == before


def test_a_seat_typed_for_a_player_after_the_deal_passed_names_the_new_east(log):
    # Bob (south) wins: the deal passes (Part II, the wind box), and east is Bob from the next game.
    assert (
        run("evening", "hand", str(log), HAND, "--winner", "Bob", "--other", "Ann=10", *OTHERS[2:]).exit_code
        == 0
    )
    done = run("evening", "hand", str(log), HAND, "--winner", "east", "--other", "Ann=10", *OTHERS[2:])
    assert done.exit_code == 2
    assert done.stderr.endswith(": an evening names players, and east is Bob this game\n"), done.stderr


@pytest.mark.parametrize("option", ["--east", "--south", "--west", "--north"])
def test_settles_seat_options_on_evening_hand_say_the_evening_names_players(log, option):
    # `settle`'s seat options on `evening hand` were told `Possible options: --ascii, --dead, ...`.
    done = run("evening", "hand", str(log), HAND, "--winner", "Ann", option, "10")
    assert done.exit_code == 2
    assert done.stderr.startswith(
        f"error: No such option: {option} (an evening knows each player's seat and the round: name the"
        " players, --winner NAME, --other NAME=HAND)"
    ), done.stderr


@pytest.mark.parametrize("command", ["status", "report", "undo"])
def test_status_nodir_x_jsonl_names_the_missing_folder(tmp_path: Path, command: str) -> None:
    """Regression (an evening host's trial): `status nodir/x.jsonl` said "start one with `evening new`",
    which then refused the same path for its missing folder: the folder is named."""
    path = tmp_path / "nodir" / "x.jsonl"
    done = run("evening", command, str(path))
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == f"error: {path}: no such evening: there is no folder {path.parent}\n"


def test_evening_new_proc_x_jsonl_does_not_say_proc_is_missing() -> None:
    """Regression (a trial on hostile paths): `/proc` takes no new files (ENOENT), and `evening new
    /proc/x.jsonl` said there was no folder /proc."""
    done = run("evening", "new", "/proc/x.jsonl", "--players", "Ann,Bob")
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        "error: /proc/x.jsonl: cannot start an evening there: the folder /proc takes no new files (No such "
        "file or directory); give a path in a folder of your own\n"
    )


def test_bartholomew_fitzgerald_washed_at_60_columns_breaks_between_phrases(tmp_path: Path) -> None:
    """Regression (a trial on narrow terminals): a payment's reason broke inside a phrase (`(washing
    the tiles, 12` / `heads)`) and the totals between a name and its total (`Bartholomew-Fitzgerald` /
    `-150`): each breaks after a comma where it fits."""
    import os

    path = tmp_path / "e.jsonl"
    players = "Ann,Bob,Cy,Bartholomew-Fitzgerald"
    assert run("evening", "new", str(path), "--players", players, "-r", "pung-chow-limit").exit_code == 0
    done = run(
        "evening", "wash", str(path), "Bob", "1d 9d 1b 9b 1c 9c Ew Sw Ww Nw Rd Gd 5b",
        env={**os.environ, "COLUMNS": "60"},
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert "  Bartholomew-Fitzgerald pays Bob 150 (washing the tiles," in lines
    assert "      12 heads)" in lines and "    Bartholomew-Fitzgerald -150" in lines


def test_players_with_a_300_letter_name_shows_its_start_and_length(tmp_path: Path) -> None:
    """Regression (an evening host's trial): a 5,000-letter name pasted into --players was echoed whole
    (a 942-byte error line): its start and its length are shown."""
    done = run("evening", "new", str(tmp_path / "e.jsonl"), "--players", "Ann," + "B" * 300 + ",Cy")
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"error: --players: '{'B' * 30}'... (300 characters) is not a name (1 to 30 characters, no comma "
        "or =)\n"
    )
