"""`pungchow evening play` driven as a person drives it: a transcript fed through a pipe, and live
sessions through a pipe or a pseudo-terminal (Ctrl-C, Ctrl-D, a second terminal recording meanwhile).
A transcript runs the entry point in this process, its standard input a real pipe (`play`:
evening_support.run); a live session runs it in a subprocess (`python -m pungchow_calc`), whose
terminal and signals are its own; the sessions at the end run it in this process (the `pungchow`
fixture), another terminal acting at one of its prompts."""

from __future__ import annotations

import builtins
import contextlib
import fcntl
import io
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import squeezed
from evening_support import PLAYERS, WASH_13, WINS, hand, new_evening, run, succeeds

from pungchow_calc.cli.evening_run import hand_record
from pungchow_calc.evening import record as book

# A robbed tile is held once (its other three are in the pung robbed): it completes a chow.
ROBBED = "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c!7c8c"
ANN_WINS = ["Ann", "1b1b1x", WINS[0], "d", "Bob", "", "10", "12", "8", "y"]  # one typo, asked again
BOB_WINS = ["Bob", WINS[2], "wall", "", "4", "4", "4", "maybe", "y"]  # a wrong answer to y/n
AGAIN = "(see `evening status`; do not enter it again)"
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80"}


def new(tmp_path: Path, ruleset: str = "pung-chow") -> Path:
    return new_evening(tmp_path, "-r", ruleset)


def play(path: Path, lines: list[str]) -> tuple[int, str]:
    result = run("evening", "play", str(path), stdin="\n".join(lines) + "\n", env=ENV)
    return result.returncode, result.stdout + result.stderr


def unwrapped(out: str) -> str:
    """A transcript with play's wrapped reasons and notes (`  ...`, later lines 6 spaces in) on one line."""
    return re.sub(r"\n {6}(?=\S)", " ", out)


def events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# --- transcripts through a pipe --------------------------------------------------------------------


def test_a_session_records_games_checks_hands_and_undoes(tmp_path):
    path = new(tmp_path)
    code, out = play(path, ["help", *ANN_WINS, *BOB_WINS, "undo", "y", "status", "quit"])
    assert code == 0, out
    assert (
        "1b1b1x is not a tile group: 'x' is no rank or suit (suits are b bamboo, c characters, d dots and"
        " dragons, w winds, f flowers, s seasons) (column 1) — type it again (or `cancel`)" in unwrapped(out)
    )
    assert "'maybe': answer y (yes) or n (no)" in out
    assert "Recorded game 1." in out and "Recorded game 2." in out and "Take back game 2?" in out
    assert all(len(line) <= 80 for line in out.splitlines()), [x for x in out.splitlines() if len(x) > 80]
    assert "\x1b[" not in out  # no colour codes
    assert [e["event"] for e in events(path)] == ["start", "hand", "hand", "undo"]


def test_play_on_a_missing_evening_fails_cleanly(tmp_path):
    code, out = play(tmp_path / "none.jsonl", [])
    assert code == 2 and "no such evening" in out and "Traceback" not in out


# Each mistake is said in one line and only that part is asked again; the game is then recorded.
# (inputs after the winner's name, what is said, what the recorded game holds)
MISTAKES = [
    pytest.param(
        ["1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c7c", "n", WINS[0], "d", "", "", "1", "2", "3", "y"],
        "then mark the winning tile with ! — type the hand again",
        {"hands": {"Ann": WINS[0]}},
        id="winning-hand-without-!",
    ),
    pytest.param(
        ["1b1b1b 3c3c3c 5d5d5d* 7c!7c", WINS[0], "d", "", "", "1", "2", "3", "y"],
        "the hand: a winning hand has 14 tiles plus one per kong: "
        "this one needs 14, but 11 were given (column 1)"
        " — type it again",
        {"hands": {"Ann": WINS[0]}},
        id="winning-hand-too-short",
    ),
    pytest.param(
        [WINS[0], "sideways", "self-drawn", "robbed-kong", "last-tile", "1", "2", "3", "y"],
        "'sideways': say discard, wall (or self-drawn, drawn) or loose",
        {"win_by": "wall"},
        id="unknown-how-then-self-drawn",
    ),
    pytest.param(
        [WINS[0], "drawn", "", "1", "2", "3", "y"], None, {"win_by": "wall"}, id="drawn-is-the-wall"
    ),
    pytest.param([WINS[0], "Wall", "", "1", "2", "3", "y"], None, {"win_by": "wall"}, id="wall"),
    pytest.param([WINS[0], "loose tile", "", "1", "2", "3", "y"], None, {"win_by": "loose"}, id="loose-tile"),
    # Regression: a score of other digits (`８`) or with a separator passed "hand or score" unread and
    # was refused only once the game was settled, with "Change what?" (each part is checked as typed).
    pytest.param(
        [WINS[0], "d", "", "", "８", "1", "2", "3", "y"],
        "Bob: '８': a score is plain digits 0-9 (no commas, points or spaces) — type it again",
        {"hands": {"Bob": "1", "Cy": "2", "Di": "3"}},
        id="score-full-width-8",
    ),
    pytest.param(
        [WINS[0], "d", "", "", "10", "1,000", "2", "3", "y"],
        "Cy: '1,000': a score is plain digits 0-9 (no commas, points or spaces) — type it again",
        {"hands": {"Bob": "10", "Cy": "2", "Di": "3"}},
        id="score-1,000",
    ),
    pytest.param(  # Regression: `+1` was recorded as 1; a number is plain digits (README)
        [WINS[0], "d", "", "", "+1", "1", "-0", "2", "3", "y"],
        "Bob: '+1': a score is plain digits 0-9, with no sign: type 1 — type it again",
        {"hands": {"Bob": "1", "Cy": "2", "Di": "3"}},
        id="score-+1-and-cy-0",
    ),
    pytest.param(
        [WINS[0], "d", "Zed", "cy", "robbed-kong", "", "1", "2", "3", "y"],
        "'robbed-kong' is not one of the words above — type them again (Enter: none)",
        {"from": "Cy"},
        id="also-typo-and-unknown-discarder",
    ),
    pytest.param(
        [WINS[0], "d", "", "", "1", "2", "3", "n", "nothing", "bob", "20", "y"],
        "'nothing' is not a part of this game: hand, how, from, also, Bob, Cy, Di",
        {"hands": {"Bob": "20", "Cy": "2", "Di": "3"}},
        id="no-at-record-then-change-a-hand",
    ),
    pytest.param(
        [WINS[0], "d", "", "", "1", "2", "3", "n", "how", "wall", "y"],
        None,
        {"win_by": "wall", "hands": {"Bob": "1"}},
        id="no-at-record-then-change-how",
    ),
    pytest.param(
        [WINS[0], "d", "", "", "1", "2d2d2d 6b7b8b* 5b!", "2d2d2d 6b7b8b* 9d9d 3c4c 1c Nw Sw", "3", "y"],
        "5b!: a non-winning hand has no winning tile: drop the ! (column 16) — type it again",
        {"hands": {"Cy": "2d2d2d 6b7b8b* 9d9d 3c4c 1c Nw Sw"}},
        id="loser-with-!",
    ),
]


@pytest.mark.parametrize(("lines", "said", "recorded"), MISTAKES)
def test_a_mistake_asks_again_only_the_part_that_was_wrong(tmp_path, lines, said, recorded):
    path = new(tmp_path)
    code, out = play(path, ["Ann", *lines, "quit"])
    assert code == 0, out
    if said is not None:
        assert any(line.startswith(f"  {said}") for line in unwrapped(out).splitlines())
    assert "Recorded game 1." in out and "cancelled" not in out
    game = events(path)[1]
    for key, value in recorded.items():
        if isinstance(value, dict):
            assert {k: game[key][k] for k in value} == value
        else:
            assert game[key] == value


def test_the_winning_hand_is_checked_before_anything_else_is_asked(tmp_path):
    path = new(tmp_path)
    code, out = play(path, ["Ann", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!8c", "cancel", "quit"])
    assert code == 0, out
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "7c!8c" in line)
    assert lines[at + 1].startswith("  the hand: not a winning hand")
    assert "Won by" not in out and "(cancelled; nothing recorded)" in out


def test_winning_hand_1b1b1b_3c3c3c_5d5d5d_4b4b4b_of_12_tiles_is_told_its_count_first(tmp_path):
    # No `!` and 12 tiles: its count is said at once, before the original-draw question, which a hand
    # of the wrong size could only be asked in vain (docs/evening.md, "evening play").
    path = new(tmp_path)
    code, out = play(path, ["Ann", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b*", "cancel", "quit"])
    assert code == 0, out
    assert "original draw" not in out
    assert "this one needs 14, but 12 were given" in unwrapped(out)


DEAD = [
    pytest.param(["y"], ["Bob"], "2d2d2d 6b7b8b*", id="dead"),
    pytest.param(
        ["n", "2d2d2d 6b7b8b* 9d9d 3c4c 1c Nw Sw"], [], "2d2d2d 6b7b8b* 9d9d 3c4c 1c Nw Sw", id="retyped"
    ),
]


@pytest.mark.parametrize(("answers", "dead", "kept"), DEAD)
def test_a_hand_of_the_wrong_size_is_asked_about(tmp_path, answers, dead, kept):
    path = new(tmp_path)
    lines = ["Ann", WINS[0], "d", "", "", "2d2d2d 6b7b8b*", *answers, "2", "3", "y", "quit"]
    code, out = play(path, lines)
    assert code == 0, out
    said = " ".join(out.split())  # the prompt wraps before [y/N] at 80 columns, leaving room for the answer
    assert "Bob's hand has 6 tiles, not 13: is it dead (scores nothing, pays all)? [y/N]" in said
    game = events(path)[1]
    assert game.get("dead", []) == dead and game["hands"]["Bob"] == kept
    if dead:
        # The line wraps at the pipe's 80 columns: read it as words.
        penalty = "penalty: Dead hand (Bob): 6 tiles, not 13: its score does not count and it pays all"
        assert penalty in " ".join(out.split())


def test_a_fact_no_rule_can_use_is_noted_and_left_out(tmp_path):
    # pung-chow (Part I) has no rule of the last tile or of robbing the kong; Bob wins as South.
    path = new(tmp_path)
    code, out = play(path, ["Bob", ROBBED, "d", "", "last-tile, robbing-kong", "1", "2", "3", "y", "quit"])
    assert code == 0, out
    for word in ("last-tile", "robbing-kong"):
        assert (
            f"  note: {word}: no rule of ruleset pung-chow can use it in this game; not recorded"
            in unwrapped(out)
        )
    game = events(path)[1]
    assert "last_tile" not in game and "robbing_kong" not in game


def test_ann_won_on_bobs_discard_also_original_hand_says_give_one_not_both(tmp_path):
    """Regression: play said `the discarder names a discarder, but a hand won on the original draw
    (original-hand) takes no discard`, the one-shot refusal with play's words for `--from`."""
    path = new(tmp_path, "pung-chow-limit")
    code, out = play(path, ["Ann", WINS[0], "d", "Bob", "original-hand", "1", "2", "3", "cancel", "quit"])
    assert code == 0, out
    said = (
        "  the discarder: a hand won on the original draw (original-hand) takes no discard: give the "
        "discarder or original-hand, not both"
    )
    assert said in unwrapped(out), out
    assert [e["event"] for e in events(path)] == ["start"]


ALSO = [
    # (ruleset, the facts offered after "Also": those its rules score, and no-choice, which scores nothing)
    pytest.param("pung-chow", ["  Also, any of: original-hand no-choice"], id="part1"),
    pytest.param(
        "pung-chow-limit",
        ["  Also, any of: original-hand last-tile first-discard", "    no-choice"],
        id="part2",
    ),
    pytest.param(
        "classical-bmja",
        [
            "  Also, any of: original-hand last-tile first-discard",
            "    robbing-kong original-call kong-after-kong",
            "    no-choice",
        ],
        id="bmja",
    ),
]


@pytest.mark.parametrize(("ruleset", "offered"), ALSO)
def test_also_offers_the_facts_the_evenings_ruleset_scores(tmp_path, ruleset, offered):
    """Every fact was offered, riichi and ippatsu under pung-chow too, where no rule scores them (typed,
    they are noted and left out: test_a_fact_no_rule_can_use_is_noted_and_left_out)."""
    path = new(tmp_path, ruleset)
    code, out = play(path, ["Bob", CLOSED_WIN, "d", "", "cancel", "quit"])
    assert code == 0, out
    assert _offered(out, len(offered)) == offered


CLOSED_WIN = "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c"  # nothing laid open, no kong: may be won before any call


def _offered(out: str, count: int) -> list[str]:
    """The `count` lines of facts play offered after "Also", checked to end where the prompt begins."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  Also, any of:"))
    assert lines[start + count].startswith("  [Enter: none]"), lines[start : start + count + 1]
    return lines[start : start + count]


@pytest.mark.parametrize(
    ("hand", "offered"),
    [
        pytest.param(WINS[0], ["  Also, any of: last-tile no-choice"], id="5d5d5d*-4b4b4b*-laid-open"),
        pytest.param(
            "1b1b1b1b# 3c3c3c 5d5d5d 4b4b4b 7c!7c",
            ["  Also, any of: last-tile no-choice"],
            id="1b1b1b1b#-kong",
        ),
    ],
)
def test_also_offers_no_original_hand_or_first_discard_to_hand_with(tmp_path, hand, offered):
    """Regression: a hand with a set laid open or a kong was offered original-hand and first-discard,
    which such a hand never has (docs/rulings.md#impossible), and refused only after every other hand."""
    path = new(tmp_path, "pung-chow-limit")
    code, out = play(path, ["Bob", hand, "d", "", "cancel", "quit"])
    assert code == 0, out
    assert _offered(out, len(offered)) == offered


@pytest.mark.parametrize(
    ("ruleset", "offered"),
    [
        pytest.param("pung-chow-limit", ["  Also, any of: no-choice"], id="pung-chow-limit"),
        pytest.param("classical-bmja", ["  Also, any of: original-call no-choice"], id="bmja"),
    ],
)
def test_also_after_bob_won_1b1b1b_3c3c3c_5d5d5d_4b4b4b_7c7c_on_the_original_draw(tmp_path, ruleset, offered):
    """Regression: a hand won on the original draw ("y") was offered original-hand, which the "y" said,
    and first-discard and last-tile, which the ruleset's play never has with it: typed, the game was
    refused once every hand was given (`first-discard and original-hand contradict each other`)."""
    path = new(tmp_path, ruleset)
    code, out = play(path, ["Bob", "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c7c", "y", "", "4", "5", "6", "y", "quit"])
    assert code == 0, out
    assert _offered(out, len(offered)) == offered
    assert events(path)[1]["original_hand"] is True and "Recorded game 1." in out


NO_WASH = "ruleset pung-chow has no washing table (washing the tiles is a Part II rule: an evening begun with"
NO_FALSE = (
    "ruleset pung-chow has no false Mah-Jongg penalty (a share of the limit, a Part II rule: an evening"
)
NO_LIMIT = (
    "a false Mah-Jongg pays a share of the limit, and this evening has no limit (it was begun with "
    "`evening new --no-limit`): nothing was recorded"
)
OFFERED = [
    # (evening new options, the game commands help lists, those refused: why, as the one-shot says it)
    pytest.param(
        ["-r", "pung-chow"],
        "draw, undo, amend N",
        {"wash": NO_WASH, "false": NO_FALSE, "false-mahjongg": NO_FALSE},
        id="part1-neither",
    ),
    pytest.param(["-r", "pung-chow-limit"], "draw, wash, false, undo, amend N", {}, id="limit-both"),
    # The false Mah-Jongg is paid in halves of the limit: with no limit it cannot be settled.
    pytest.param(
        ["-r", "pung-chow-limit", "--no-limit"],
        "draw, wash, undo, amend N",
        {"false": NO_LIMIT},
        id="no-limit",
    ),
]


@pytest.mark.parametrize(("options", "listed", "refused"), OFFERED)
def test_wash_and_false_are_offered_only_where_the_evening_has_them(tmp_path, options, listed, refused):
    """Refused where the evening has not them, with the reason `evening wash` and `evening false-mahjongg`
    give (regression: `'wash': not a player (Ann, Bob, Cy, Di) or a command`, a command it knows)."""
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", "Ann,Bob,Cy,Di", *options)
    code, out = play(path, ["help", *refused, "quit"])
    assert code == 0, out
    help_text = out.split("who won? help\n", 1)[1].split("\n\n")[0]
    assert re.sub(r"\n {4}", " ", help_text).splitlines()[0] == (
        f"Commands: a player's name (he went Mah-Jongg), {listed}, status, report, help, quit."
    )
    assert max(len(line) for line in help_text.splitlines()) <= 80
    for word, why in refused.items():
        assert f"who won? {word}\n  {word!r}: {why}" in unwrapped(out), out
    assert "not a player" not in out


def test_a_wash_and_a_false_mahjongg_are_recorded(tmp_path):
    limit = new(tmp_path, "pung-chow-limit")
    code, out = play(limit, ["wash", "Ann", WASH_13, WASH_13 + "5b", "y", "false", "Cy", "y", "quit"])
    assert code == 0, out
    assert "Ann's original hand (14 tiles, Ann being east): " in out
    said = " ".join(out.split())  # the reason wraps to the width (80 here), its later lines indented
    assert (
        "Ann's original hand is 14 tiles (13 for the other seats), but 13 were given — type it again" in said
    )
    assert [e["event"] for e in events(limit)] == ["start", "wash", "penalty"]


def test_play_wash_of_ann_s_single_heads_1d9d1b9b1c9c_EwSwWwNw_RdGdWd_1d_asks_again(tmp_path):
    """Regression: East's single heads as dealt was taken as a wash: his win has preference over washing
    (Part II, Limit Hands 6), so play says so and asks for the hand again."""
    limit = new(tmp_path, "pung-chow-limit")
    code, out = play(limit, ["wash", "Ann", "1d9d1b9b1c9c EwSwWwNw RdGdWd 1d", WASH_13 + "5b", "y", "quit"])
    assert code == 0, out
    said = " ".join(out.split())
    assert "East winning on the original draw has preference over washing the tiles" in said
    assert [e["event"] for e in events(limit)] == ["start", "wash"]
    assert events(limit)[1]["tiles"] == WASH_13 + "5b"


def test_messages_in_play_name_players_and_speak_of_play(tmp_path):
    # No seat for a person and no command-line option in what play says (issue 19, points 8 and 11).
    limit = tmp_path / "limit.jsonl"
    assert (
        run("evening", "new", str(limit), "--players", "Ann,Bob,Cy,Di", "-r", "pung-chow-limit").returncode
        == 0
    )
    lines = [
        "wash",
        "Bob",
        WASH_13 + "5b",
        WASH_13,
        "y",  # fmt: skip
        "Cy",
        WINS[0],
        "d",
        "Di",
        "",
        "2d2d2d 6b7b8b*",
        "y",
        "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c",
        "2",
        "3",
        "y",
        "quit",
    ]
    code, out = play(limit, lines)
    assert code == 0, out
    said = [line for line in out.splitlines() if line.startswith(("  ", "Record", "Recorded"))]
    assert not [line for line in said if "--" in line], said
    assert not [
        line for line in said if any(f"{w}'s" in line.lower() for w in ("east", "south", "west", "north"))
    ]


def test_a_session_amends_and_says_what_changed(tmp_path):
    path = new(tmp_path)
    amend = ["amend 1", "Cy", WINS[2], "wall", "", "4", "4", "4", "y"]
    code, out = play(path, [*ANN_WINS, *amend, "quit"])
    assert code == 0, out
    assert "Game 1 amended." in out and "If amended:" in out
    assert "East Wind is now Bob (was Ann)" in out
    assert "Ann     north (was east)" in out and "Bob     east (was south)" in out
    assert events(path)[2]["record"]["winner"] == "Cy"


def test_amend_1_to_cy_self_drawn_shows_what_it_changes_once(tmp_path):
    """Regression: the change (East, next game, seats and totals) was shown under "If amended:", and
    the same table again under "Game 1 amended.", seven lines said twice."""
    path = new(tmp_path)
    amend = ["amend 1", "Cy", WINS[2], "wall", "", "4", "4", "4", "y"]
    code, out = play(path, [*ANN_WINS, *amend, "quit"])
    assert code == 0, out
    preview, recorded = out.split("Game 1 amended.")
    assert "If amended:\nEast Wind is now Bob (was Ann)\n" in preview and "Record this amendment?" in preview
    assert "East Wind" not in recorded and "Before" not in recorded, out


def test_amend_1_who_won_it_cy_begun_as_c(tmp_path):
    """Regression: "Who won it?" of `amend N` took whole names only ('C': say a player), where every
    other prompt of play naming a player takes the start of one (docs/evening.md, "Naming a player")."""
    path = new(tmp_path)
    code, out = play(path, [*ANN_WINS, "amend 1", "C", WINS[2], "wall", "", "4", "4", "4", "y", "quit"])
    assert code == 0, out
    assert "say a player" not in out and "Game 1 amended." in out
    assert events(path)[2]["record"]["winner"] == "Cy"


def test_amend_1_that_breaks_bobs_wash_in_game_2_says_undo_as_play_takes_it(tmp_path):
    """Regression: the refusal said "take game 2 back (`evening undo` once)", a command play does not
    take (`'evening undo': not a player ... or a command`); at the table it is `undo`."""
    path = tmp_path / "e.jsonl"
    new_ = ["evening", "new", str(path), "--players", "Ann,Bob,Cy", "--east", "Bob", "-r", "pung-chow-limit"]
    succeeds(*new_)
    won = ["--winner", "Ann", WINS[0], "--from", "Bob", "--other", "Bob=4", "--other", "Cy=6"]
    succeeds("evening", "hand", str(path), *won)  # the deal passes to Cy
    succeeds("evening", "wash", str(path), "Bob", WASH_13)  # 13 tiles: Bob not East
    code, out = play(path, ["amend 1", "Bob", WINS[0], "d", "Ann", "", "4", "6", "cancel", "quit"])
    assert code == 0, out
    said = unwrapped(out)
    assert "take game 2 back (`undo` once), change game 1" in said and "evening undo" not in said


def test_hand_7c7c_as_dealt_changed_to_7c_marked_is_no_longer_the_original_draw(tmp_path):
    """Regression: a winning hand first typed with no `!` (won on the original draw: "y"), then changed
    at "Change what? hand" to one with its `!`, kept `original-hand`: the game was refused ("has no
    winning tile: drop the !") for the very tile just marked."""
    path = new(tmp_path, "pung-chow-limit")
    marked = "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c"  # as dealt: nothing laid open (docs/rulings.md)
    dealt = marked.replace("!", "")
    lines = ["Ann", dealt, "y", "", "4", "6", "8", "n", "hand", marked, "wall", "y", "quit"]
    code, out = play(path, lines)
    assert code == 0, out
    assert "drop the !" not in out and "Recorded game 1." in out
    game = events(path)[1]
    assert game["hands"]["Ann"] == marked and "original_hand" not in game


def test_ann_s_hand_as_dealt_1b1b1b_3c3c3c_5d5d5d_4b4b4b_7c7c_is_asked_no_way_of_winning(tmp_path):
    """Regression: after "y" (won on the original draw), play asked "Won by discard, wall (self-drawn) or
    loose tile? [discard]" and who discarded, of a hand that takes no discard (docs/rulings.md)."""
    path = new(tmp_path, "pung-chow-limit")
    code, out = play(path, ["Ann", "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c7c", "y", "", "4", "6", "8", "y", "quit"])
    assert code == 0, out
    assert "Won by" not in out and "Who discarded" not in out and "Recorded game 1." in out
    game = events(path)[1]
    assert game["original_hand"] is True and "from" not in game and "win_by" not in game


@pytest.mark.parametrize(
    "unmarked",
    ["1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c7c", "1b1b1b1b# 3c3c3c 5d5d5d 4b4b4b 7c7c"],
    ids=["5d5d5d*-laid-open", "1b1b1b1b#-a-kong"],
)
def test_ann_s_unmarked_hand_that_was_not_dealt_so_is_not_asked_about_the_original_draw(tmp_path, unmarked):
    """Regression: a hand with no `!` and a set laid open (or a kong) was asked "did Ann win on the
    original draw (the hand as dealt)?", and "y" was then refused as `nothing is claimed before the first
    draw`: a question whose one answer leading on was refused (score's hint offers --original-hand to a
    hand that may be as dealt only, impossible.may_be_dealt)."""
    path = new(tmp_path)
    code, out = play(path, ["Ann", unmarked, "cancel", "quit"])
    assert code == 0, out
    said = unwrapped(out)
    assert "original draw" not in said
    assert (
        "no tile is marked with !, and a hand with a set laid open or a kong was not won as dealt: mark "
        "the winning tile with ! — type the hand again (or `cancel`)"
    ) in said
    assert [e["event"] for e in events(path)] == ["start"]


def test_enter_at_change_what_after_n_shows_bobs_win_again_and_y_records_it(tmp_path):
    """Regression: Enter at "Change what?" said `'' is not a part of this game` and asked again, so
    nothing but a part or `cancel` left it; it changes nothing, and the game is asked about again."""
    path = new(tmp_path)
    code, out = play(path, ["Bob", WINS[1], "d", "Cy", "", "8", "0", "24", "n", "", "y", "quit"])
    assert code == 0, out
    assert "is not a part of this game" not in out and out.count("Record this game?") == 2
    assert "Recorded game 1." in out and [e["event"] for e in events(path)] == ["start", "hand"]


def test_undo_in_play_says_what_changed(tmp_path):
    path = new(tmp_path)
    succeeds(*hand(path, "Bob", PLAYERS))
    code, out = play(path, ["undo", "y", "quit"])
    assert code == 0, out
    assert "Took back game 1." in out and "East Wind is now Ann (was Bob)" in out
    assert "Ann     east (was north)" in out and "Before  After  Change" in out


def test_a_declined_draw_is_cancelled_and_end_of_input_ends(tmp_path):
    path = new(tmp_path)
    code, out = play(path, ["draw", "n", "n", "draw", "n", "y"])  # end of input ends it
    assert code == 0, out
    assert "(cancelled; nothing recorded)" in out and "Recorded game 1." in out
    assert out.endswith("who won? \n")  # a new line after the last prompt
    assert [e["event"] for e in events(path)] == ["start", "draw"]


def test_end_of_input_in_the_middle_of_a_game_says_it_was_not_recorded_and_exits_1(tmp_path):
    path = new(tmp_path)
    code, out = play(path, ["Ann", WINS[0], "d"])
    assert code == 1, out
    assert out.endswith("[Enter: not said] \n  (end of input: the game being entered was not recorded)\n")
    assert [e["event"] for e in events(path)] == ["start"]


# Regression: end of input at `Take back game 1?` said "the game being entered was not recorded", of
# an undo, and at `amend`'s prompts spoke of a game, not of the amendment.
@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (["undo"], "Take back game 1? [Y/n] \n  (end of input: nothing was taken back)\n"),
        (["amend 1"], "(a name, or draw) \n  (end of input: the amendment being entered was not recorded)\n"),
        (["amend", "1", "draw"], "(end of input: the amendment being entered was not recorded)\n"),
    ],
    ids=["undo", "amend-1", "amend-draw"],
)
def test_end_of_input_in_undo_or_amend_says_what_was_not_done_and_exits_1(tmp_path, typed, said):
    path = new(tmp_path)
    done = run(*hand(path, "Ann", PLAYERS))
    assert done.returncode == 0, done.stderr
    before = path.read_bytes()
    code, out = play(path, typed)
    assert code == 1 and out.endswith(said), out
    assert path.read_bytes() == before


# --- live sessions: a second terminal, Ctrl-C and Ctrl-D -------------------------------------------


def _wrapped(text: str) -> str:
    """A pattern finding `text` however the width wrapped it: whitespace between any two characters."""
    return r"\s*".join(r"\s+" if t.isspace() else re.escape(t) for t in re.findall(r"\s+|\S", text))


class Session:
    """A running `evening play`: read its output until some text, and type lines into it."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.read_fd, self.write_fd = read_fd, write_fd
        self.seen = ""

    def expect(self, text: str, timeout: float = 30) -> str:
        """Wait until `text` has been printed since the last expect; the output up to it."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            # The text wrapped to the width, a long path perhaps broken mid-word: whitespace anywhere, and
            # where the text has a space at least one (a prompt's last space is waited for).
            wrapped = squeezed(text) and re.search(_wrapped(text), self.seen)
            if wrapped:
                before, self.seen = self.seen[: wrapped.start()], self.seen[wrapped.end() :]
                return before + wrapped.group()
            left = deadline - time.monotonic()
            assert left > 0, f"waited for {text!r}; got:\n{self.seen}"
            ready, _, _ = select.select([self.read_fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.read_fd, 65536)
                except OSError:  # a pty reads EIO once the child has gone
                    chunk = b""
                assert chunk, f"the session ended before {text!r}:\n{self.seen}"
                self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        before, _, self.seen = self.seen.partition(text)
        return before + text

    def interrupt(self) -> None:
        """Ctrl-C at the prompt just shown, once readline is reading: a Ctrl-C typed in the few
        milliseconds while readline sets the terminal up for the line is readline's to lose (as at any
        readline prompt), so wait a moment as a person would."""
        time.sleep(0.5)
        self.type(b"\x03")

    def type(self, data: str | bytes) -> None:
        os.write(self.write_fd, data if isinstance(data, bytes) else (data + "\n").encode())


@contextlib.contextmanager
def _piped_session(path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Session]]:
    """`evening play` on a pipe, killed at the end whatever the test found."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "pungchow_calc", "evening", "play", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**ENV, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        yield proc, Session(proc.stdout.fileno(), proc.stdin.fileno())
    finally:
        proc.kill()
        proc.wait()


def test_a_game_recorded_by_another_terminal_meanwhile_is_shown_again_and_asked(tmp_path):
    # Ann previews game 1 at East; before she says y, another terminal records Bob's win (the deal passes
    # to Bob). The confirmed game must not be recorded at the seats it was not shown at.
    path = new(tmp_path)
    with _piped_session(path) as (proc, session):
        session.expect("who won? ")
        for line in ["Cy", WINS[2], "d", "Di", "", "4", "4", "4"]:
            session.type(line)
        first = session.expect("Record this game? [Y/n] ")
        assert "Game 1: Cy won on Di's discard (East: Ann" in first
        succeeds(*hand(path, "Bob", PLAYERS))  # the other terminal
        session.type("y")
        again = session.expect("Record this game? [Y/n] ")
        assert "Another terminal recorded meanwhile; this game would now be:" in again
        assert "Game 2: Cy won on Di's discard (East: Bob" in again
        session.type("y")
        session.expect("Recorded game 2.")
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    played = events(path)
    assert [(e["event"], e.get("winner")) for e in played] == [
        ("start", None),
        ("hand", "Bob"),
        ("hand", "Cy"),
    ]
    assert played[2]["played"]["seats"]["Bob"] == "east"  # settled at the seats it was shown at


def test_a_log_cut_short_while_a_draw_is_shown_says_so_not_another_terminal(tmp_path):
    """Regression: a log truncated while game 3 was on the screen (its last line, Bob's win, cut off
    mid-line) was "Another terminal recorded meanwhile", and the line skipped as a torn write was said
    only after the game was recorded on top of it."""
    path = new(tmp_path)
    succeeds(*hand(path, "Ann", PLAYERS))
    succeeds(*hand(path, "Bob", PLAYERS))
    with _piped_session(path) as (proc, session):
        session.expect("Game 3 — who won? ")
        session.type("draw")
        session.type("")
        assert "Game 3: draw game (East: Bob" in session.expect("Record this game? [Y/n] ")
        with open(path, "r+b") as log:
            log.truncate(os.path.getsize(path) - 40)
        session.type("y")
        again = unwrapped(session.expect("Record this game? [Y/n] "))
        assert squeezed(
            f"note: {path} line 3: a torn last line (an event cut off mid-write) was ignored"
        ) in squeezed(again)
        assert "The log changed meanwhile; this game would now be:" in again
        assert "Another terminal" not in again and "Game 2: draw game (East: Ann" in again
        session.type("n")
        session.type("cancel")
        session.type("quit")
        assert proc.wait(timeout=30) == 0


@pytest.mark.parametrize("leave", ["quit", "ctrl-d"])
def test_a_log_changed_by_hand_while_a_draw_is_shown_is_said_once(tmp_path, leave: str):
    """Regression: line 2 edited while game 2 was on the screen: "y" said the changed line twice, once
    for the game (" — nothing recorded") and again as the log was read for the next prompt. And at
    "Enter: try again; quit: leave", `quit` (and Ctrl-C) left with exit 2, the log left unreadable, but
    Ctrl-D (end of input) with 0, as if all were well. (A SIGINT sent the moment the prompt shows may come
    before input() reads, which then waits: not a test of Ctrl-C.)"""
    path = new(tmp_path)
    succeeds(*hand(path, "Ann", PLAYERS))
    with _piped_session(path) as (proc, session):
        session.expect("Game 2 — who won? ")
        session.type("draw")
        session.type("")
        session.expect("Record this game? [Y/n] ")
        lines = path.read_bytes().splitlines(keepends=True)
        path.write_bytes(lines[0] + lines[1].replace(b'"Bob": "4"', b'"Bob": "40"') + b"".join(lines[2:]))
        session.type("y")
        said = unwrapped(session.expect("Enter: try again; quit: leave "))
        assert said.count("line 2: changed since it was written") == 1 and "— nothing recorded" in said
        if leave == "quit":
            session.type("quit")
        else:
            assert proc.stdin is not None
            proc.stdin.close()
        assert proc.wait(timeout=30) == 2
    assert [e["event"] for e in events(path)] == ["start", "hand"]


@pytest.mark.parametrize("typed", [["draw", "", "y"], ["report"]], ids=["draw-y", "report"])
def test_another_evenings_log_put_in_place_while_a_draw_is_shown_records_nothing_in_it(tmp_path, typed):
    """Regression: another evening's log copied over the name while a draw of Ann, Bob, Cy and Di was
    on the screen: "Another terminal recorded meanwhile", and "y" recorded the draw in Xu and Yo's
    evening. The start line of an evening never changes: play refuses to go on in another. `report`
    showed Xu and Yo's evening as this table's, where `status` refused it."""
    path = new(tmp_path)
    other = tmp_path / "other.jsonl"
    succeeds("evening", "new", str(other), "--players", "Xu,Yo")
    with _piped_session(path) as (proc, session):
        session.expect("Game 1 — who won? ")
        for line in typed[:-1]:
            session.type(line)
        if typed[0] == "draw":
            session.expect("Record this game? [Y/n] ")
        os.replace(other, path)
        session.type(typed[-1])
        said = unwrapped(session.expect("Enter: try again; quit: leave "))
        assert said.count("no longer the evening this table opened (its start line changed") == 1, said
        assert "Another terminal" not in said and "Xu" not in said
        session.type("quit")
        assert proc.wait(timeout=30) == 2
    assert [e["event"] for e in events(path)] == ["start"]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        pytest.param(["status"], "e.jsonl · pung-chow · 1 game played", id="status"),
        pytest.param(["amend 1", "cancel"], "Game 1 was: Bob won on a discard", id="amend-1"),
        pytest.param(["undo", "n"], "Take back game 1? [Y/n] ", id="undo"),
    ],
)
def test_a_command_typed_after_another_terminal_recorded_game_1_sees_it(tmp_path, typed, said):
    """Regression: the main prompt's command acted on the evening read before the prompt: `status` said
    "0 games played" after another terminal had recorded game 1 (a table would enter it again), and
    `amend 1` and `undo` said there was no game."""
    path = new(tmp_path)
    with _piped_session(path) as (proc, session):
        session.expect("Game 1 — who won? ")
        succeeds(*hand(path, "Bob", PLAYERS))  # the other terminal
        for line in typed:
            session.type(line)
        session.expect(said)
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert [e["event"] for e in events(path)] == ["start", "hand"]


def test_bobs_win_recorded_by_another_terminal_while_it_is_typed_here_enter_records_nothing(tmp_path):
    """Regression: a game another terminal recorded while this one's hands were being typed was not
    said: the same win was shown as "Game 2" at the new seats, and Enter recorded it twice. Said, Enter
    still recorded it twice: the very game recorded meanwhile is named, and Enter records nothing."""
    path = new(tmp_path)
    with _piped_session(path) as (proc, session):
        session.expect("Game 1 — who won? ")
        session.type("Bob")
        session.type(WINS[1])
        session.expect("[discard] ")
        succeeds(*hand(path, "Bob", PLAYERS, WINS[1], drawn=""))  # the other terminal
        for line in ["wall", "", "4", "8", "12"]:
            session.type(line)
        shown = session.expect("Record this game? [y/N] ")
        assert "  Another terminal recorded meanwhile; this game would now be:\nGame 2: Bob won" in shown
        assert "  Game 1, recorded meanwhile, is this very game: Enter records nothing\nRecord" in shown
        session.type("")
        session.expect("(cancelled; nothing recorded)")
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert [e["event"] for e in events(path)] == ["start", "hand"]


def _bobs_win_recorded_meanwhile(path: Path, other: str, asked: str) -> str:
    """Bob's self-drawn win WINS[1] typed here while another terminal records his win typed as `other`
    (Ann 4, Cy 8, Di 12 at both): what play shows up to its question `asked`, answered with Enter; the
    log as the other terminal left it never rewritten."""
    with _piped_session(path) as (proc, session):
        session.expect("Game 1 — who won? ")
        session.type("Bob")
        session.type(WINS[1])
        session.expect("[discard] ")
        succeeds(*hand(path, "Bob", PLAYERS, other, again=False, drawn=""))
        before = path.read_bytes()
        for line in ["wall", "", "4", "8", "12"]:
            session.type(line)
        shown = session.expect(asked)
        session.type("")
        session.expect("Game 3 — who won? " if asked.endswith("[Y/n] ") else "(cancelled; nothing recorded)")
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert path.read_bytes().startswith(before)  # appended to, if at all: never rewritten
    return shown


@pytest.mark.parametrize(
    "other",
    [
        pytest.param("Rd!Rd 7d8d9d 4c5c6c 1b2b3b EwEwEw*", id="groups-reordered"),
        pytest.param("  ewewew*  3b1b2b 456c   9d8d7d rd!rd", id="spaces-runs-case-and-tile-order"),
    ],
)
def test_bobs_win_typed_another_way_at_another_terminal_meanwhile_enter_records_nothing(tmp_path, other):
    """Regression: the game recorded meanwhile was named the very game typed here only when typed alike
    character for character: the same win with its groups in another order, or other spacing, runs,
    case or tile order, was shown as game 2 with "[Y/n]", and Enter recorded it twice."""
    path = new(tmp_path)
    shown = _bobs_win_recorded_meanwhile(path, other, "Record this game? [y/N] ")
    assert "  Game 1, recorded meanwhile, is this very game: Enter records nothing\nRecord" in shown
    assert [e["event"] for e in events(path)] == ["start", "hand"]


def test_bobs_win_on_another_tile_recorded_meanwhile_is_another_game_enter_records_it(tmp_path):
    # The game recorded meanwhile is named only when it is the very game: Bob's win on 9d, not Rd, is not.
    path = new(tmp_path)
    shown = _bobs_win_recorded_meanwhile(
        path, "EwEwEw* 1b2b3b 4c5c6c 7d8d9d! RdRd", "Record this game? [Y/n] "
    )
    assert "Another terminal recorded meanwhile; this game would now be:" in shown
    assert "recorded meanwhile, is this very game" not in shown
    played = events(path)
    assert [e["event"] for e in played] == ["start", "hand", "hand"]
    assert [e["hands"]["Bob"] for e in played[1:]] == [
        "EwEwEw* 1b2b3b 4c5c6c 7d8d9d! RdRd",
        WINS[1],
    ]  # as typed


@contextlib.contextmanager
def _playing_after_two_games(path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Session]]:
    """A play session at its first "who won?", Ann and Bob having won games 1 and 2 (one-shot commands)."""
    for winner in ("Ann", "Bob"):
        succeeds(*hand(path, winner, PLAYERS))
    with _piped_session(path) as (proc, session):
        session.expect("who won? ")
        yield proc, session


def test_an_undo_is_not_taken_from_a_game_recorded_meanwhile(tmp_path):
    path = new(tmp_path)
    succeeds(*hand(path, "Ann", PLAYERS))
    with _piped_session(path) as (proc, session):
        session.expect("who won? ")
        session.type("undo")
        session.expect("Take back game 1? [Y/n] ")
        succeeds(*hand(path, "Bob", PLAYERS))
        session.type("y")
        session.expect("Another terminal recorded meanwhile.")
        session.expect("Take back game 2? [Y/n] ")
        session.type("n")
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert [e["event"] for e in events(path)] == ["start", "hand", "hand"]


def test_undo_y_after_another_terminal_took_back_game_2_takes_back_nothing_more(tmp_path):
    """Regression: "Take back game 2?" answered y after another terminal had taken game 2 back said
    "Another terminal recorded meanwhile." and asked "Take back game 1? [Y/n]": Enter took back a
    game no one meant to. What this table was to take back is gone: said, and nothing more is done."""
    path = new(tmp_path)
    with _playing_after_two_games(path) as (proc, session):
        session.type("undo")
        session.expect("Take back game 2? [Y/n] ")
        succeeds("evening", "undo", str(path))  # the other terminal
        session.type("y")
        said = session.expect("Game 2 — who won? ")
        assert "Another terminal took back game 2 meanwhile; nothing more was taken back." in said
        assert "Take back game 1" not in said
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert [e["event"] for e in events(path)] == ["start", "hand", "hand", "undo"]


@contextlib.contextmanager
def _amending_game_2(path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Session]]:
    """A play session at "Record this amendment?" for game 2 (Cy wins it), the log holding two games."""
    with _playing_after_two_games(path) as (proc, session):
        for line in ["amend 2", "Cy", WINS[2], "d", "Di", "", "4", "4", "4"]:
            session.type(line)
        session.expect("Record this amendment? [Y/n] ")
        yield proc, session


def test_an_amendment_of_game_2_taken_back_meanwhile_is_dropped_not_asked_to_change(tmp_path):
    # Regression: "y" said "there is no game 2 to amend (game 1)" and asked "Change what? (hand, how,
    # ...)", though no part could make game 2 exist again: only `cancel` left the question.
    path = new(tmp_path)
    with _amending_game_2(path) as (proc, session):
        succeeds("evening", "undo", str(path))  # the other terminal
        session.type("y")
        said = session.expect("(cancelled; nothing recorded)")
        assert "game 2 was taken back meanwhile: there is no game 2 to amend" in said
        assert "Change what?" not in said
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert [e["event"] for e in events(path)] == ["start", "hand", "hand", "undo"]


def test_an_amendment_of_game_2_replaced_meanwhile_says_which_game_it_now_replaces(tmp_path):
    # Game 2 was taken back and another recorded in its place: the amendment now replaces Di's win, and
    # play says so before asking again (it showed only the amended game and the totals).
    path = new(tmp_path)
    with _amending_game_2(path) as (proc, session):
        succeeds("evening", "undo", str(path))
        succeeds(*hand(path, "Di", PLAYERS, WINS[3]))
        session.type("y")
        said = session.expect("Record this amendment? [Y/n] ")
        assert "  Another terminal recorded meanwhile.\n  Game 2 is now: Di won on a discard\n" in said
        session.type("n")
        session.type("cancel")
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert [e["event"] for e in events(path)][-1] == "hand"


@pytest.mark.parametrize(
    ("answers", "asked", "typed", "kept", "lost"),
    [
        # Regression: after "another pungchow is writing this evening; gave up after 3 s", play said
        # "error: ... — nothing recorded" and went back to "who won?": the game typed was thrown away.
        pytest.param(
            ["Cy", WINS[2], "d", "Di", "", "4", "4", "4"],
            "Record this game? [Y/n] ",
            "y",
            "try to record it again",
            "recorded",
            id="confirmed",
        ),
        # Regression: the log is read again to show the game (another terminal may have recorded); held
        # longer than play waits, "gave up after 3 s (nothing was read)" threw the game typed away, as
        # the write once did. It is kept, and asked again.
        pytest.param(
            ["Cy", WINS[2], "d", "Di", "", "4", "4"],
            "Di's hand or score: ",
            "4",
            "try to read the evening again",
            "read",
            id="typed-before-it-is-shown",
        ),
    ],
)
def test_a_game_while_another_terminal_holds_the_log_is_kept_and_tried_again(
    tmp_path, answers: list[str], asked: str, typed: str, kept: str, lost: str
):
    path = new(tmp_path)
    held = os.open(path, os.O_RDONLY)
    try:
        with _piped_session(path) as (proc, session):
            session.expect("who won? ")
            for line in answers:
                session.type(line)
            session.expect(asked)
            fcntl.flock(held, fcntl.LOCK_EX)  # the other terminal, writing for longer than play waits
            session.type(typed)
            said = session.expect(f"The game typed is kept: {kept}? [Y/n] ")
            assert f"gave up after 3 s (nothing was {lost}); try again" in " ".join(said.split())
            fcntl.flock(held, fcntl.LOCK_UN)
            session.type("y")
            if lost == "read":  # the game is shown now, and confirmed
                assert "Game 1: Cy won on Di's discard" in session.expect("Record this game? [Y/n] ")
                session.type("y")
            session.expect("Recorded game 1.")
            session.type("quit")
            assert proc.wait(timeout=30) == 0
    finally:
        os.close(held)
    assert [(e["event"], e.get("winner")) for e in events(path)] == [("start", None), ("hand", "Cy")]


def _moved_away(path: Path) -> bytes:
    kept = path.read_bytes()
    path.rename(path.with_name("away.jsonl"))
    return kept


def _emptied(path: Path) -> bytes:
    kept = path.read_bytes()
    path.write_bytes(b"")
    return kept


# Regression: the log deleted, moved or emptied while a game waited at "Record this game?" said `no such
# evening (start one with `evening new`)` or `empty (...): no game was recorded in it; delete it and start
# the evening again`, of an evening whose games this table had shown, and threw the game typed away.
@pytest.mark.parametrize(
    ("accident", "how"), [(_moved_away, "deleted or moved"), (_emptied, "emptied")], ids=["moved", "emptied"]
)
def test_a_log_gone_while_a_game_is_shown_is_said_so_and_the_game_kept(tmp_path, accident, how):
    path = new(tmp_path)
    with _piped_session(path) as (proc, session):
        session.expect("who won? ")
        for line in ["Cy", WINS[2], "d", "Di", "", "4", "4", "4"]:
            session.type(line)
        session.expect("Record this game? [Y/n] ")
        kept = accident(path)
        session.type("y")
        said = " ".join(session.expect("The game typed is kept: try to record it again? [Y/n] ").split())
        assert f"no longer holds the evening this table opened ({how} meanwhile): put it back" in said
        assert "evening new" not in said and "delete it" not in said
        path.with_name("away.jsonl").unlink(missing_ok=True)
        path.write_bytes(kept)  # put back from a copy
        session.type("y")
        session.expect("Recorded game 1.")
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert [(e["event"], e.get("winner")) for e in events(path)] == [("start", None), ("hand", "Cy")]


# Regression: an `undo` the system would not write (the lock held too long; a read-only or full disk)
# said it twice: "...; gave up after 3 s (nothing was recorded); try again — nothing recorded".
def test_undo_while_another_terminal_holds_the_log_says_nothing_was_recorded_once(tmp_path):
    path = new(tmp_path)
    done = run(*hand(path, "Ann", PLAYERS))
    assert done.returncode == 0, done.stderr
    before = path.read_bytes()
    held = os.open(path, os.O_RDONLY)
    try:
        with _piped_session(path) as (proc, session):
            session.expect("who won? ")
            session.type("undo")
            session.expect("Take back game 1? [Y/n] ")
            fcntl.flock(held, fcntl.LOCK_EX)  # the other terminal, writing for longer than play waits
            session.type("y")
            said = session.expect("try again")
            fcntl.flock(held, fcntl.LOCK_UN)  # so that play reads the evening again at its prompt
            said = " ".join((said + session.expect("who won? ")).split())
            assert "gave up after 3 s (nothing was recorded); try again" in said
            assert "nothing recorded" not in said.replace("nothing was recorded", "")
            session.type("quit")
            assert proc.wait(timeout=30) == 0
    finally:
        os.close(held)
    assert path.read_bytes() == before


@pytest.fixture
def terminal(tmp_path):
    """`evening play` on a pseudo-terminal (its controlling terminal: Ctrl-C is a real SIGINT)."""
    path = new(tmp_path)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, with the pty as its terminal
        os.execve(sys.executable, [sys.executable, "-m", "pungchow_calc", "evening", "play", str(path)], ENV)
    session = Session(fd, fd)
    yield session, pid, path
    _reap(pid, fd)


def _reap(pid: int, fd: int) -> None:
    """Kill a play process on a pseudo-terminal if it still runs, wait for it, and close its terminal."""
    with contextlib.suppress(ProcessLookupError, ChildProcessError):
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)


def _read_until(fd: int, wanted: bytes, timeout: float = 30) -> bytes:
    """The bytes a pty shows until `wanted` (as bytes: readline there writes a letter a byte at a time)."""
    seen = b""
    deadline = time.monotonic() + timeout
    while wanted not in seen:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, (wanted, seen)
        seen += os.read(fd, 65536)
    return seen


@pytest.mark.parametrize("typed, named", [("李", "李小龍"), ("Zoë", "Zoë")], ids=["li", "zoe"])
def test_li_typed_under_lc_all_c_names_li_xiaolong(tmp_path, typed, named):
    """Regression: under LC_ALL=C (a plain Linux console) readline took each byte beyond ASCII for a
    Meta key: `李` was lost (an empty answer: play's help shown)."""
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", "李小龍,Zoë,Bob")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, with the pty as its terminal, in the C locale
        env = {**ENV, "LC_ALL": "C"}
        os.execve(sys.executable, [sys.executable, "-m", "pungchow_calc", "evening", "play", str(path)], env)
    try:
        _read_until(fd, b"who won? ")
        os.write(fd, f"{typed}\n".encode())
        shown = _read_until(fd, b"): ")
        assert f"{named}'s hand (mark the winning tile with !): ".encode() in shown, shown
        os.write(fd, b"cancel\nquit\n")
        assert _exit_code(pid) == 0
    finally:
        _reap(pid, fd)


def _exit_code(pid: int) -> int:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.05)
    raise AssertionError("the session did not end")


def test_ctrl_c_twice_at_the_main_prompt_quits(terminal):
    session, pid, path = terminal
    session.expect("who won? ")
    session.interrupt()
    session.expect("(Ctrl-C again, or `quit`, leaves the table)")
    session.expect("who won? ")
    session.interrupt()
    assert _exit_code(pid) == 0
    assert "Traceback" not in session.seen


def test_ctrl_c_in_an_entry_leaves_only_the_entry(terminal):
    session, pid, path = terminal
    session.expect("who won? ")
    session.type("Ann")
    session.expect("mark the winning tile with !): ")
    session.interrupt()
    session.expect("(cancelled; nothing recorded)")
    session.expect("who won? ")
    session.type("quit")
    assert _exit_code(pid) == 0
    assert [e["event"] for e in events(path)] == ["start"]


def test_ctrl_d_ends_the_session_on_a_new_line(terminal):
    session, pid, path = terminal
    session.expect("who won? ")
    session.type(b"\x04")
    # What it prints is read before the exit is awaited: a pty read once the child has gone may say EIO
    # with the last output still unread (seen once under a loaded machine).
    assert session.expect("\n") == "\n"
    assert _exit_code(pid) == 0


def test_a_log_that_cannot_be_read_meanwhile_is_said_and_tried_again(tmp_path):
    path = new(tmp_path)
    good = path.read_bytes()
    with _piped_session(path) as (proc, session):
        session.expect("who won? ")
        # Another hand changed it (a torn last line would be skipped as a torn write: docs/evening.md).
        path.write_bytes(good.replace(b'"Ann"', b'"Anx"', 1))
        session.type("status")
        session.expect("changed since it was written")
        session.expect("Enter: try again; quit: leave ")
        path.write_bytes(good)  # repaired
        session.type("")
        session.expect("Game 1 — who won? ")
        session.type("quit")
        assert proc.wait(timeout=30) == 0


def test_ann_typed_at_try_again_after_a_log_that_cannot_be_read_is_quoted_as_typed(tmp_path):
    """Regression: the refusal quoted it lowered ('ann'), a word nobody typed."""
    path = new(tmp_path)
    good = path.read_bytes()
    with _piped_session(path) as (proc, session):
        session.expect("who won? ")
        path.write_bytes(good.replace(b'"Ann"', b'"Anx"', 1))
        session.type("status")
        session.expect("Enter: try again; quit: leave ")
        session.type("Ann")
        said = session.expect("Enter: try again; quit: leave ")
        assert "'Ann': press Enter to try again, or type quit" in said
        session.type("QUIT")  # any case, as every command word
        assert proc.wait(timeout=30) == 2  # left with the log unread
    assert path.read_bytes() == good.replace(b'"Ann"', b'"Anx"', 1)


def test_ways_of_winning_that_contradict_are_said_and_one_part_changed(tmp_path):
    # Robbing the kong is a win by discard (options: the check `evening hand` makes): not from the wall.
    path = new(tmp_path, "pung-chow-limit")
    lines = ["Bob", ROBBED, "wall", "robbing-kong", "1", "2", "3", "how", "d", "Cy", "y", "quit"]
    code, out = play(path, lines)
    assert code == 0, out
    assert (
        "  robbing-kong is a win by discard, not from the wall: drop wall (how it was won) or robbing-kong\n"
        "  Change what?" in unwrapped(out)
    )
    game = events(path)[1]
    assert game["from"] == "Cy" and "win_by" not in game


@pytest.mark.parametrize(
    "name",
    ["Draw", "undo", "QUIT", "cancel", "Hand", "also"],
    ids=["draw", "undo", "quit", "cancel", "hand", "also"],
)
def test_a_player_named_as_a_word_of_play_is_refused(tmp_path, name):
    # A player named `draw` could never be named the winner in play (`draw` is the draw), nor one
    # named `hand` at "Change what?" (the winner's hand), nor `cancel` at any prompt.
    path = tmp_path / "e.jsonl"
    result = run("evening", "new", str(path), "--players", f"{name},Bob,Cy,Di")
    assert result.returncode == 2 and f"--players: {name!r} is a word of `evening play`" in result.stderr
    assert result.stderr.count("\n") == 1 and not path.exists()


@pytest.mark.parametrize(
    "name",
    ["amend 2", "Amend  12", "undo 1", "draw 3", "cancel 0"],
    ids=["amend-2", "Amend-12", "undo-1", "draw-3", "cancel-0"],
)
def test_a_player_named_as_a_command_with_its_number_is_refused(tmp_path, name):
    # A player `amend 2`, typed whole at the main prompt, is the player (Undo Smith, below): `amend 2`
    # there began his win, not the amendment of game 2; `undo 1` his win, not undo's hint.
    path = tmp_path / "e.jsonl"
    result = run("evening", "new", str(path), "--players", f"{name},Bob,Cy,Di")
    assert result.returncode == 2, result.stderr
    assert f"--players: {name!r} is a command of `evening play` with its number" in result.stderr
    assert result.stderr.count("\n") == 1 and not path.exists()


def test_an_evening_recorded_with_a_player_amend_2_still_opens(tmp_path):
    """A name `evening new` refuses now, in a log written before: the evening replays and plays on."""
    from pungchow_calc.evening import record
    from pungchow_calc.ruleset_files import load

    path = tmp_path / "e.jsonl"
    record.new(str(path), ["amend 2", "Bob", "Cy", "Di"], None, load("pung-chow"))
    code, out = play(path, ["amend 2", WINS[0], "d", "Bob", "", "1", "2", "3", "y", "quit"])
    assert code == 0 and "Recorded game 1." in out, out
    assert [e.get("winner") for e in events(path)] == [None, "amend 2"]
    succeeds("evening", "report", str(path))


def test_a_player_named_undo_smith_typed_whole_is_the_winner_not_undo(tmp_path):
    # "Undo Smith" began with the command `undo`, so typing his name took back the last game instead.
    players = ["Undo Smith", "Status Quo", "Cy", "Di"]
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", ",".join(players))
    code, out = play(path, ["Undo Smith", WINS[0], "d", "Status Quo", "", "1", "2", "3", "y", "quit"])
    assert code == 0 and "Recorded game 1." in out, out
    assert [e.get("winner") for e in events(path)] == [None, "Undo Smith"]


def test_every_word_play_reads_where_a_name_may_come_is_refused_as_a_player(tmp_path):
    """`evening new` refuses a player named as a word of play (names.PLAY_WORDS); that list is written
    apart from play's own words, so play's help and its "Change what?" are held to it here."""
    from pungchow_calc.evening.names import PLAY_WORDS

    path = new(tmp_path, "pung-chow-limit")  # draw, wash and false are all offered
    code, out = play(path, ["help", "Bob", WINS[0], "d", "", "", "1", "2", "3", "n", "cancel", "quit"])
    assert code == 0, out
    listed = out.split("(he went Mah-Jongg),", 1)[1].split(".", 1)[0]  # draw, ..., amend N, ..., quit
    commands = [w.split()[0] for w in listed.replace("\n", " ").split(",")]
    parts = out.split("Change what? (", 1)[1].split(";", 1)[0].split(", ")
    offered = {*commands, *(p for p in parts if p not in PLAYERS), "cancel"}
    assert {"draw", "wash", "false", "undo", "amend", "hand", "how", "also"} <= offered
    assert offered <= set(PLAY_WORDS), offered - set(PLAY_WORDS)


# A fresh interpreter runs `evening play` through main() with a Ctrl-C sent to itself at one moment:
# while the confirmed game's line is fsynced, while "Recorded game 1." is being said, or while the
# game is settled for showing (nothing written).
_CTRL_C_PROBE = """
import os, signal, sys
at = sys.argv[1]
sys.argv = ["pungchow", *sys.argv[2:]]
from pungchow_calc.cli import main
from pungchow_calc.cli import evening_play

def ctrl_c():
    os.kill(os.getpid(), signal.SIGINT)

def sending(function, when=lambda *args: True):
    def send(*args, **kwargs):
        if when(*args):
            ctrl_c()
        return function(*args, **kwargs)
    return send

if at == "fsync":
    os.fsync = sending(os.fsync)
elif at == "written":  # just after the write, its hold on Ctrl-C over, before play says it
    from pungchow_calc.evening import logfile
    write = logfile._write_line

    def write_then_ctrl_c(*args, **kwargs):
        write(*args, **kwargs)
        ctrl_c()

    logfile._write_line = write_then_ctrl_c
elif at in ("recorded", "took-back"):
    said = evening_play.Table.echo
    begun = "('Recorded" if at == "recorded" else "('Took back"
    evening_play.Table.echo = sending(said, lambda self, *parts: str(parts[:1]).startswith(begun))
else:
    evening_play.Table._preview = sending(evening_play.Table._preview)
main()
"""


@pytest.mark.parametrize(
    ("at", "said", "games"),
    [
        pytest.param("fsync", "Recorded game 1.", 1, id="while-written"),
        pytest.param(
            "written",
            f"interrupted; the change was recorded in {{path}} all the same {AGAIN}",
            1,
            id="just-written",
        ),
        pytest.param(
            "recorded", f"interrupted; game 1 was recorded all the same {AGAIN}", 1, id="while-said"
        ),
        pytest.param("preview", "(interrupted; nothing recorded)", 0, id="while-settled"),
    ],
)
def test_a_ctrl_c_in_play_after_record_this_game_y_says_whether_it_was_recorded(tmp_path, at, said, games):
    # Regression: a Ctrl-C as the game was written or said ended the table with "interrupted" (exit
    # 130) although the game was recorded; one while play settled a game ended the table too.
    path = new(tmp_path)
    lines = ANN_WINS if at != "preview" else ANN_WINS[:-1]  # the preview comes before "Record?"
    done = subprocess.run(
        [sys.executable, "-c", _CTRL_C_PROBE, at, "evening", "play", str(path)],
        input="\n".join([*lines, "status", "quit"]) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=ENV,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, ""), done.stdout + done.stderr
    said = said.format(path=path)
    assert squeezed(said) in squeezed(done.stdout)  # wrapped to the width, its later lines indented
    assert (
        f"{games} game{'' if games == 1 else 's'} played" in done.stdout.split("Game 2 — who won? status")[-1]
    )
    assert [e["event"] for e in events(path)] == ["start", *["hand"] * games]


def test_a_ctrl_c_in_play_while_took_back_game_1_is_said_says_not_to_undo_it_again(tmp_path):
    """Regression: a Ctrl-C while play said "Took back game 1." told "do not enter it again", as of a
    game; entered again, an undo takes back the game before it."""
    path = new(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", _CTRL_C_PROBE, "took-back", "evening", "play", str(path)],
        input="\n".join([*ANN_WINS, "undo", "y", "quit"]) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=ENV,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    said = "interrupted; game 1 was taken back all the same (see `evening status`; do not undo it again)"
    assert squeezed(said) in squeezed(done.stdout)
    assert [e["event"] for e in events(path)] == ["start", "hand", "undo"]


def test_ctrl_c_while_the_log_is_locked_by_another_terminal_leaves_the_entry(terminal):
    # Regression: a Ctrl-C while play waited for another terminal's lock on the log ended the table
    # ("interrupted", exit 130), where a Ctrl-C leaves the entry being made.
    import fcntl

    session, pid, path = terminal
    session.expect("who won? ")
    with open(path, "rb") as other:
        fcntl.flock(other, fcntl.LOCK_EX)  # another pungchow writing this evening
        session.type("Ann")
        session.expect("mark the winning tile with !): ")
        session.type(WINS[0])
        session.expect("[discard] ")
        session.type("")
        session.expect("Who discarded the winning tile? [Enter: not said] ")
        session.type("Bob")
        session.expect("[Enter: none] ")
        session.type("")
        for name in ("Bob", "Cy", "Di"):
            session.expect(f"{name}'s hand or score: ")
            session.type("4")
        session.expect("waiting...")
        session.interrupt()
        session.expect("(interrupted; nothing recorded)")
    session.expect("who won? ")
    session.type("quit")
    assert _exit_code(pid) == 0
    assert "Traceback" not in session.seen
    assert [e["event"] for e in events(path)] == ["start"]


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_zo_xeb_typed_where_the_input_cannot_read_it_is_asked_again(tmp_path, encoding):
    """Regression: a byte the input's encoding cannot read (Latin-1's ë at a UTF-8 terminal, or any
    letter beyond ASCII under PYTHONIOENCODING=ascii, a plain terminal) ended play in a traceback
    (UnicodeDecodeError). It is read as U+FFFD, and the answer asked again."""
    path = new(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "evening", "play", str(path)],
        input=b"Zo\xeb\nquit\n",
        capture_output=True,
        env={**ENV, "PYTHONIOENCODING": encoding},
        timeout=60,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert b"': not a player (Ann, Bob, Cy, Di)" in done.stdout


def test_cancel_typed_through_a_pipe_is_in_the_transcript(tmp_path):
    # Regression: the transcript read "Ann's hand (mark the winning tile with !):   (cancelled; ...)",
    # the word typed missing, unlike every other answer.
    code, out = play(new(tmp_path), ["Ann", "cancel", "quit"])
    assert code == 0
    assert "Ann's hand (mark the winning tile with !): cancel\n  (cancelled; nothing recorded)\n" in out


LONG = [f"{letter}{'x' * 29}" for letter in "ABCD"]  # four names of 30 letters, the most a name has


@pytest.mark.parametrize("columns", [60, 80])
def test_play_messages_with_30_letter_names_fit_the_width(tmp_path, columns):
    # Regression: play's reasons and notes were one line each ("'zz' is not one of Axxx..., Bxxx...,
    # Cxxx..., Dxxx...: type a name again", "Game 1 was: Bxxx... won on a discard"): 139 columns.
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", ",".join(LONG))
    succeeds(*hand(path, LONG[1], LONG))
    answers = ["zz", "amend 1", "zz", "cancel", "undo", "n", "quit"]
    result = run(
        "evening", "play", str(path), stdin="\n".join(answers) + "\n", env={**ENV, "COLUMNS": str(columns)}
    )
    assert result.returncode == 0, result.stderr
    assert max(len(line) for line in result.stdout.splitlines()) <= columns, result.stdout
    assert f"Game 1 was: {LONG[1]} won on a discard" in " ".join(result.stdout.split())


def test_play_on_an_evening_whose_one_set_is_played_asks_for_no_game_9(tmp_path):
    # Regression: play asked "Game 9 — who won?" of an evening that was over, and then for every
    # hand of the game, only to refuse it at the end ("the evening is over").
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", "Ann,Bob", "--sets", "1")
    for winner in ["Bob", "Ann"] * 4:  # the deal passes at every game: 8 games, one set
        succeeds(*hand(path, winner, ["Ann", "Bob"]))
    before = path.read_bytes()
    code, out = play(path, ["Ann", "draw", "status", "quit"])
    assert code == 0, out
    assert "Game 9" not in out and "mark the winning tile" not in out
    said = "  the evening is over (1 set played): `undo` or `amend` a game, `status`, `report`, or `quit`"
    assert unwrapped(out).count(said) == 2, out
    assert out.count("\nEvening over — undo, amend, status, report, quit? ") == 4
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "typed",
    ["²", "１", "٣", "9" * 5000, "+1", " 1 x"],
    ids=["superscript-2", "fullwidth-1", "arabic-3", "5000-nines", "+1", "1-x"],
)
def test_play_amend_superscript_2_is_asked_again_not_a_traceback(tmp_path, typed):
    """`amend ²` in play ended in a traceback: '²'.isdigit() is true, and int('²') refuses it."""
    path = new(tmp_path)
    succeeds(*hand(path, "Ann", PLAYERS))
    code, out = play(path, [f"amend {typed}", typed, "cancel", "quit"])
    assert code == 0 and "Traceback" not in out, out
    said = f"{typed.strip()!r}"[:40]
    assert f"  {said}" in out and "is not a game's number (game 1)" in unwrapped(out)
    assert [e["event"] for e in events(path)] == ["start", "hand"]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        pytest.param("5", "  there is no game 5 to amend (game 1)", id="5"),
        pytest.param("x", "  'x' is not a game's number (game 1)", id="x"),
    ],
)
def test_play_amend_5_is_told_as_evening_amend_tells_it(tmp_path, typed, said):
    """Regression: play said `'5': there is no such game (1 to 1)` where `evening amend FILE 5` says
    `there is no game 5 to amend (game 1)`: one wording for both (evening/record.no_game_to_amend)."""
    path = new(tmp_path)
    succeeds(*hand(path, "Ann", PLAYERS))
    code, out = play(path, ["amend", typed, "cancel", "quit"])
    assert code == 0 and said in out.splitlines(), out
    if typed == "5":
        one_shot = run("evening", "amend", str(path), "5", "--draw")
        assert one_shot.returncode == 2 and one_shot.stderr == f"error: {said.strip()}\n"


def test_play_amend_with_no_game_says_what_evening_amend_says(tmp_path):
    """Regression: play said `there is no game to amend yet`, `evening amend` `no game has been recorded
    yet: there is nothing to amend`."""
    path = new(tmp_path)
    code, out = play(path, ["amend", "quit"])
    assert code == 0 and "  no game has been recorded yet: there is nothing to amend" in out.splitlines()


def test_play_amend_then_amend_1_at_amend_which_game_amends_game_1(tmp_path):
    """Regression: `amend` and then `amend 1` at "Amend which game (1 to 1)?" was told `'amend 1':
    there is no such game (1 to 1)`, though game 1 is there: the command typed again is game 1."""
    path = new(tmp_path)
    succeeds(*hand(path, "Ann", PLAYERS))
    code, out = play(path, ["amend", "amend 1", "cancel", "quit"])
    assert code == 0, out
    assert "game's number" not in out and "Game 1 was: " in out
    assert [e["event"] for e in events(path)] == ["start", "hand"]


@pytest.mark.parametrize("typed", ["1", "2", "all", " 1 x"], ids=["1", "2", "all", "1-x"])
def test_play_undo_1_is_refused_not_an_undo_of_the_last_game(tmp_path, typed):
    # Regression: `undo 1` took back the last game (game 2), whatever the number said: never on a guess.
    path = new(tmp_path)
    for winner in ("Bob", "Cy"):
        succeeds(*hand(path, winner, PLAYERS))
    before = path.read_bytes()
    code, out = play(path, [f"undo {typed}", "quit"])
    assert code == 0 and "Took back" not in out, out
    said = f"undo {typed.strip()!r}: nothing taken back; `undo` takes no number: type `undo` once for each"
    assert said in unwrapped(out) and "or `amend N` to change game N" in unwrapped(out), out
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("typed", "word"),
    [
        *(("draw 3", "draw"), ("status now", "status"), ("report all", "report"), ("DRAW x", "draw")),
        *(("quit now", "quit"), ("exit 0", "exit"), ("help me", "help")),
    ],
    ids=["draw-3", "status-now", "report-all", "upper-draw", "quit-now", "exit-0", "help-me"],
)
def test_play_a_command_with_a_word_after_it_is_refused_nothing_done(tmp_path, typed, word):
    # Regression: `draw 3` recorded a draw (asking its hands), `status now` passed over the word; `quit
    # now` left the table and `help me` passed the word over, where only `amend` takes a word after it.
    path = new(tmp_path)
    succeeds(*hand(path, "Bob", PLAYERS))
    before = path.read_bytes()
    code, out = play(path, [typed, "quit"])
    assert code == 0, out
    rest = typed.partition(" ")[2]
    said = f"{word} {rest!r}: nothing done; `{word}` takes nothing after it: type `{word}` alone"
    assert said in unwrapped(out), out
    assert path.read_bytes() == before


# Every prompt of a game, a wash, a false Mah-Jongg, an amendment and an undo, with four 30-letter names
# (the unmarked hand first typed lays nothing open: it may be as dealt, so it is asked about).
EVERY_PROMPT = [
    LONG[0], "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c7c", "n", WINS[0], "zz", "d", LONG[1], "",
    "2d2d2d 6b7b8b*", "n", "4", "4", "4", "n", "zz", LONG[2], "8", "y",
    "wash", LONG[1], WASH_13, "n", "cancel", "false", LONG[2], "n", "cancel",
    "amend", "1", LONG[3], WINS[2], "w", "", "4", "4", "4", "n", "cancel",
    "draw", "y", "2", "2", "2", "2", "n", "cancel", "undo", "n", "quit",
]  # fmt: skip


@pytest.mark.parametrize("columns", [60, 80])
def test_play_prompts_with_30_letter_names_fit_the_width(tmp_path, columns):
    # Regression: the prompts were printed whole ("  Axxx...'s hand (mark the winning tile with !): ",
    # "  Change what? (hand, how, from, also, Bxxx..., Cxxx..., Dxxx...; `cancel` drops it) "): up to
    # 156 columns. Each prompt now wraps, the answer typed on its last line (echoed under it in a pipe).
    path = tmp_path / "e.jsonl"
    names = ",".join(LONG)
    succeeds("evening", "new", str(path), "--players", names, "-r", "pung-chow-limit")
    typed = "\n".join(EVERY_PROMPT) + "\n"
    result = run("evening", "play", str(path), stdin=typed, env={**ENV, "COLUMNS": str(columns)})
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= columns, [line for line in lines if len(line) > columns]
    said = " ".join(result.stdout.split())
    for prompt in (
        f"{LONG[0]}'s hand (mark the winning tile with !):",
        f"did {LONG[0]} win on the original draw (the hand as dealt)? [y/N]",
        f"Change what? (hand, how, from, also, {', '.join(LONG[1:])}; `cancel` drops it)",
        f"{LONG[1]}'s original hand (13 tiles, {LONG[1]} being south):",
        "Record this amendment? [Y/n]",
        "Take back game 1? [Y/n]",
    ):
        assert prompt in said, prompt
    assert [e["event"] for e in events(path)] == ["start", "hand"]


@pytest.mark.parametrize("columns", [60, 80])
def test_play_prompts_with_30_letter_names_fit_a_terminal_stty_cols_60_or_80(tmp_path, columns):
    # The same through a pseudo-terminal of that size (`stty cols`, no COLUMNS): readline is given only
    # the prompt's last line, the lines above printed before it.
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", ",".join(LONG))
    env = {k: v for k, v in ENV.items() if k not in ("COLUMNS", "LINES")}
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program on a terminal `columns` wide
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        os.execve(sys.executable, [sys.executable, "-m", "pungchow_calc", "evening", "play", str(path)], env)
    session, seen = Session(fd, fd), ""
    answers = [
        ("who won? ", LONG[0]),
        ("with !): ", WINS[0]),
        ("[discard] ", "d"),
        ("[Enter: not said] ", LONG[1]),
        ("[Enter: none] ", ""),
        *((f"{name}'s hand or score: ", "4") for name in LONG[1:]),
        ("Record this game? [Y/n] ", "n"),
        ("drops it) ", "cancel"),
        ("who won? ", "quit"),
    ]
    try:
        for prompt, answer in answers:
            seen += session.expect(prompt.split()[-1] + " ")
            session.type(answer)
        assert _exit_code(pid) == 0
    finally:
        _reap(pid, fd)
    # What was typed is the terminal's echo, and the terminal's to wrap: play's own part of each line fits.
    typed = tuple(answer for _, answer in answers if answer)
    printed = [next((line[: -len(a)] for a in typed if line.endswith(a)), line) for line in seen.splitlines()]
    assert max(len(line) for line in printed) <= columns, [line for line in printed if len(line) > columns]
    said = " ".join(seen.split())
    assert f"Change what? (hand, how, from, also, {', '.join(LONG[1:])}; `cancel` drops it)" in said


def _one_set_of_two(path: Path, games: int) -> None:
    """Ann and Bob, one set: the deal passes at every game, so the eighth game ends the evening."""
    succeeds("evening", "new", str(path), "--players", "Ann,Bob", "--sets", "1")
    for winner in (["Bob", "Ann"] * 4)[:games]:
        succeeds(*hand(path, winner, ["Ann", "Bob"]))


def test_ann_typed_at_evening_over_after_another_terminal_took_back_game_8_is_the_winner(tmp_path):
    """Regression: play said "Evening over"; another terminal took back game 8; the name typed then was
    refused as if the evening were still over (typed again, it was taken)."""
    path = tmp_path / "e.jsonl"
    _one_set_of_two(path, 8)
    with _piped_session(path) as (proc, session):
        session.expect("Evening over — undo, amend, status, report, quit? ")
        succeeds("evening", "undo", str(path))  # the other terminal
        session.type("Ann")
        shown = session.expect("Ann's hand (mark the winning tile with !): ")
        assert "the evening is over" not in shown
        said = "Another terminal changed the evening meanwhile: it is no longer over, and this is game 8"
        assert said in unwrapped(shown)
        session.type("cancel")
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert [e["event"] for e in events(path)][-1] == "undo"


def test_bobs_game_8_recorded_by_another_terminal_while_anns_is_typed_says_the_evening_is_over(tmp_path):
    """Regression: another terminal recorded game 8, the last, while Ann's game 8 was typed here: it was
    refused at the end with the engine's words and a part to change, which no change could mend."""
    path = tmp_path / "e.jsonl"
    _one_set_of_two(path, 7)
    with _piped_session(path) as (proc, session):
        session.expect("Game 8 — who won? ")
        session.type("Ann")
        session.type(WINS[0])
        session.expect("[discard] ")
        succeeds(*hand(path, "Ann", ["Ann", "Bob"]))  # the other terminal: game 8
        for line in ["d", "", "", "4"]:
            session.type(line)
        shown = unwrapped(session.expect("Evening over — undo, amend, status, report, quit? "))
        said = "Another terminal recorded meanwhile, and the evening is now over (1 set played): this game"
        assert f"{said} was not recorded" in shown
        assert "nothing recorded" in shown and "Change what?" not in shown
        session.type("quit")
        assert proc.wait(timeout=30) == 0
    assert len(events(path)) == 9


def test_cy_0_from_cy_one_suit_win_asks_again_for_cys_hand(tmp_path):
    """Regression: a win the discarder pays for all with the discarder typed as a score (Cy: 0) was
    recorded with him charged for all, his exception unchecked. Play says why and asks again."""
    path = new(tmp_path, "pung-chow-limit")
    others = ["1c2c3c 4c5c6c 7c8c9c 6c6c EwEw", "0", "WdWdWd 2b2b 5b5b 6b7b8b 3d 4d Sw"]
    lines = ["Bob", "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 5d!5d", "discard", "Cy", "", *others]
    code, out = play(path, [*lines, "Cy", "1b2b3b 4b5b6b 7b8b9b 3c3c Nw 9d", "y", "quit"])
    assert code == 0, out
    assert "and whether Cy pays for all turns on his hand, given as a score" in unwrapped(out)
    assert "Recorded game 1." in out and events(path)[1]["hands"]["Cy"] == "1b2b3b 4b5b6b 7b8b9b 3c3c Nw 9d"


# --- in this process: play's prompts answered from a script, another terminal acting meanwhile ------


def at_the_table(pungchow, monkeypatch, path: Path, answers: list[str], meanwhile=None) -> tuple[int, str]:
    """`evening play` in this process, its prompts answered from `answers` in order, as through a pipe;
    `meanwhile` ({the start of a prompt: what another terminal does}) is done once, when that prompt is
    first asked, before it is answered. The exit code and the transcript."""
    script, pending = iter(answers), dict(meanwhile or {})

    def answer(prompt: str = "") -> str:
        for start in [start for start in pending if prompt.lstrip().startswith(start)]:
            pending.pop(start)()
        print(prompt, end="")
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", answer)
    monkeypatch.setattr(sys, "stdin", io.StringIO())  # not a terminal: answers are echoed, no readline
    code, out, err = pungchow("evening", "play", str(path))
    assert not pending, f"never asked {list(pending)}:\n{out}{err}"
    return code, out + err


def _two_games(pungchow, tmp_path: Path) -> Path:
    path = tmp_path / "e.jsonl"
    assert pungchow("evening", "new", str(path), "--players", ",".join(PLAYERS))[0] == 0
    for winner in ("Ann", "Bob"):
        assert pungchow(*hand(path, winner, PLAYERS))[0] == 0
    return path


CY_WINS_GAME_2 = ["amend 2", "Cy", WINS[2], "d", "Di", "", "4", "4", "4"]  # play's answers
CY_WON_GAME_2 = hand_record("Cy", WINS[2], {"Ann": "4", "Bob": "4", "Di": "4"}, discarder="Di")


def test_amend_2_cy_won_confirmed_after_another_terminal_recorded_it_is_not_recorded_twice(
    tmp_path, pungchow, monkeypatch
):
    # Regression: "y" at "Record this amendment?", after another terminal had recorded the very same
    # amendment of game 2, said "Another terminal recorded meanwhile.", showed it again and asked again,
    # and "y" recorded it a second time (an `undo` then took back only one of the two).
    path = _two_games(pungchow, tmp_path)
    other = {"Record this amendment?": lambda: book.amend(str(path), 2, CY_WON_GAME_2)}
    answers = [*CY_WINS_GAME_2, "y", "y", "quit"]  # the second "y": to the question asked again, as it was
    code, said = at_the_table(pungchow, monkeypatch, path, answers, other)
    assert code == 0, said
    refused = "\n  game 2 already reads so (amended at another terminal?); nothing was recorded\n"
    assert refused in unwrapped(said), said
    assert "Game 2 amended." not in said and "give --again" not in said
    assert [e["event"] for e in events(path)] == ["start", "hand", "hand", "amend"]


DI_WON_GAME_3 = hand_record("Di", WINS[3], {"Ann": "4", "Bob": "4", "Cy": "4"}, discarder="Ann")


@pytest.mark.parametrize(
    ("asked", "later", "then"),
    [
        # Regression: the repeat was checked only against the log's last event: another game recorded
        # after the same amendment made "y" show the amendment again, and a second "y" recorded it twice.
        pytest.param("Record this amendment?", False, True, id="and-then-game-3"),
        # Regression: held more than 5 minutes at "Record this amendment?", the same.
        pytest.param("Record this amendment?", True, False, id="confirmed-6-minutes-later"),
        # Regression: recorded at another terminal while Di's score was typed, it was shown as an
        # amendment to confirm; 6 minutes on, "y" recorded it a second time.
        pytest.param("Di's hand or score:", True, False, id="while-it-is-typed"),
    ],
)
def test_amend_2_cy_won_after_another_terminal_amended_it_so_records_nothing(
    tmp_path, pungchow, monkeypatch, asked: str, later: bool, then: bool
):
    path = _two_games(pungchow, tmp_path)
    clock = {"now": "2026-11-27T10:00:00Z"}
    monkeypatch.setattr(book, "now", lambda: clock["now"])

    def other() -> None:
        book.amend(str(path), 2, CY_WON_GAME_2)
        if then:
            book.add(str(path), DI_WON_GAME_3)
        if later:
            clock["now"] = "2026-11-27T10:06:00Z"

    answers = [*CY_WINS_GAME_2, "y", "y", "quit"]  # the second "y": to the question asked again, as it was
    code, said = at_the_table(pungchow, monkeypatch, path, answers, {asked: other})
    assert code == 0, said
    refused = "\n  game 2 already reads so (amended at another terminal?); nothing was recorded\n"
    assert refused in unwrapped(said), said
    assert "Game 2 amended." not in said and said.count("Record this amendment?") == asked.startswith(
        "Record"
    )
    played = [e["event"] for e in events(path)]
    assert played == ["start", "hand", "hand", "amend", *(["hand"] if then else [])]


def test_amend_2_typed_as_game_2_reads_is_not_asked_to_record(tmp_path, pungchow, monkeypatch):
    # Regression: an amendment leaving game 2 as it was recorded was shown, asked and recorded: an
    # amendment changing nothing, which `undo` then took back instead of what the table meant.
    path = tmp_path / "e.jsonl"
    assert pungchow("evening", "new", str(path), "--players", ",".join(PLAYERS))[0] == 0
    assert pungchow(*hand(path, "Ann", PLAYERS))[0] == 0
    assert pungchow(*hand(path, "Bob", PLAYERS, **{"from": "Ann"}))[0] == 0
    bob = ["amend 2", "Bob", WINS[0], "d", "Ann", "", "4", "8", "12", "y", "quit"]
    code, said = at_the_table(pungchow, monkeypatch, path, bob)
    assert code == 0, said
    assert "\n  game 2 already reads so; nothing was recorded\n" in said, said
    assert "Record this amendment?" not in said
    assert [e["event"] for e in events(path)] == ["start", "hand", "hand"]


@pytest.mark.parametrize(
    ("meanwhile", "said", "played"),
    [
        # Regression: game 2 taken back at another terminal and Di's win recorded in its place: play
        # said "Another terminal recorded meanwhile." and asked "Take back game 2?" again, in the same
        # words, and "y" took back Di's win, the game the other terminal had just put right.
        pytest.param(
            ["undo", "Di"],
            "Another terminal took back game 2 meanwhile; nothing more was taken back.",
            ["hand", "hand", "undo", "hand"],
            id="taken-back-and-another-game-2",
        ),
        pytest.param(
            ["undo"],
            "Another terminal took back game 2 meanwhile; nothing more was taken back.",
            ["hand", "hand", "undo"],
            id="taken-back",
        ),
        # Game 2 amended meanwhile: what undo would take back now is the amendment, asked so.
        pytest.param(
            ["amend"],
            "Another terminal recorded meanwhile.\n  Take back the amendment of game 2?",
            ["hand", "hand", "amend", "undo"],
            id="amended",
        ),
        # Game 1 amended meanwhile: what undo would take back now is that amendment, asked so.
        pytest.param(
            ["amend 1"],
            "Another terminal recorded meanwhile.\n  Take back the amendment of game 1?",
            ["hand", "hand", "amend", "undo"],
            id="game-1-amended",
        ),
        pytest.param(
            ["Di"],
            "Another terminal recorded meanwhile.\n  Take back game 3?",
            ["hand", "hand", "hand", "undo"],
            id="game-3-recorded",
        ),
    ],
)
def test_take_back_game_2_after_another_terminal_changed_the_evening(
    tmp_path, pungchow, monkeypatch, meanwhile: list[str], said: str, played: list[str]
):
    path = _two_games(pungchow, tmp_path)
    does = {
        "undo": lambda: book.undo(str(path)),
        "Di": lambda: book.add(str(path), DI_WON_GAME_3),
        "amend": lambda: book.amend(str(path), 2, CY_WON_GAME_2),
        "amend 1": lambda: book.amend(
            str(path), 1, hand_record("Cy", WINS[2], {"Ann": "4", "Bob": "4", "Di": "4"})
        ),
    }

    def other() -> None:
        for step in meanwhile:
            does[step]()

    code, out = at_the_table(
        pungchow, monkeypatch, path, ["undo", "y", "y", "quit"], {"Take back game 2?": other}
    )
    assert code == 0, out
    assert said in out, out
    assert [e["event"] for e in events(path)][1:] == played


@pytest.mark.parametrize(
    ("typed", "other"),
    [
        pytest.param(["draw", ""], {"event": "draw"}, id="draw"),
        pytest.param(
            ["wash", "Ann", WASH_13 + "5b"],
            {"event": "wash", "player": "Ann", "tiles": WASH_13 + "5b"},
            id="wash",
        ),
        pytest.param(
            ["false", "Cy"], {"event": "penalty", "type": "false_mahjongg", "player": "Cy"}, id="false"
        ),
    ],
)
@pytest.mark.parametrize("then", ["6-minutes-later", "and-then-game-2"])
def test_a_game_recorded_at_another_terminal_while_it_is_confirmed_here_is_named_and_enter_records_nothing(
    tmp_path, pungchow, monkeypatch, typed: list[str], other: dict[str, Any], then: str
):
    path = tmp_path / "e.jsonl"
    assert (
        pungchow("evening", "new", str(path), "--players", ",".join(PLAYERS), "-r", "pung-chow-limit")[0] == 0
    )
    clock = {"now": "2026-11-27T10:00:00Z"}
    monkeypatch.setattr(book, "now", lambda: clock["now"])

    def meanwhile() -> None:
        book.add(str(path), other)
        if then == "and-then-game-2":
            book.add(str(path), {"event": "draw"}, again=True)
        clock["now"] = "2026-11-27T10:06:00Z"

    answers = [*typed, "y", "", "quit"]
    code, out = at_the_table(pungchow, monkeypatch, path, answers, {"Record this game?": meanwhile})
    assert code == 0, out
    assert "  Game 1, recorded meanwhile, is this very game: Enter records nothing\n" in out, out
    assert len(events(path)) == 2 + (then == "and-then-game-2")


@pytest.mark.parametrize(
    "lines",
    [
        pytest.param(["x" * 10_000], id="who-won"),
        pytest.param(["Ann", WINS[0], "x" * 10_000, "cancel"], id="how-won"),
        pytest.param(["Ann", WINS[0], "d", "x" * 10_000, "cancel"], id="who-discarded"),
        pytest.param(["Ann", WINS[0], "d", "", "x" * 10_000, "cancel"], id="also"),
    ],
)
def test_a_line_of_10000_xs_at_a_prompt_is_quoted_by_its_start_and_end(tmp_path, lines):
    """Regression: play's reason for asking again quoted a 10,000-character answer whole (some 200 lines
    at 60 columns), where every error quotes at most MOST_SHOWN characters (engine/errors.py)."""
    code, out = play(new(tmp_path), [*lines, "quit"])
    assert code == 0, out
    reason = unwrapped(out).split("\n  '", 1)[1]
    assert "characters left out" in reason and reason.count("x") < 1_000


@pytest.mark.parametrize("space", ["\u00a0", "\t", "\u3000"], ids=["no-break-space", "tab", "ideographic"])
def test_amend_1_typed_with_a_no_break_space_amends_game_1(tmp_path, space):
    """Regression: the main prompt parted its command from the number at an ASCII space only: `amend 1`
    pasted with a no-break space (or a tab) was `'amend\\xa01': not a player`, where a hand's no-break
    space is read as a space."""
    code, out = play(new(tmp_path), [*ANN_WINS, f"amend{space}1", "cancel", "quit"])
    assert code == 0, out
    assert "  Game 1 was: Ann won on Bob's discard\n" in out and "not a player" not in out


def test_bob_and_his_hand_on_one_line_at_who_won_is_told_to_type_bob_alone(tmp_path):
    """Regression: `Bob 2c3c4c ... 9b!9b` (the answers to two prompts on one line, as pasted) was refused
    as `not a player ... or a command` with no hint, where a hand alone is told to name the winner first."""
    path = new(tmp_path)
    code, out = play(path, [f"Bob {WINS[2]}", "quit"])
    assert code == 0, out
    assert "that is Bob and a hand: type who won alone (Bob), and his hand when asked" in unwrapped(out)
    assert [e["event"] for e in events(path)] == ["start"]


def test_who_won_c_begun_for_cy_at_the_main_prompt(tmp_path):
    """Regression: the main prompt took whole names only (`'C': not a player`, `'張': not a player` for
    張偉), where every other prompt of play naming a player takes the start of one (docs/evening.md,
    "Naming a player"); a command typed whole is still the command (`draw`, not a player Drew)."""
    path = new(tmp_path)
    code, out = play(path, ["C", WINS[2], "wall", "", "4", "4", "4", "y", "quit"])
    assert code == 0, out
    assert "not a player" not in out and "Recorded game 1." in out
    assert events(path)[1]["winner"] == "Cy"


def test_draw_at_the_main_prompt_with_a_player_drawson_is_the_draw(tmp_path):
    """A command typed whole is the command, though it begins a player's name (the start of a name is
    read last at the main prompt)."""
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", "Drawson,Bob")
    code, out = play(path, ["draw", "", "y", "quit"])
    assert code == 0, out
    assert [e["event"] for e in events(path)] == ["start", "draw"]


def test_b_esc_2j_ob_piped_is_echoed_as_its_escape(tmp_path):
    """Regression: a piped answer was echoed as typed, its control characters sent to the terminal
    (`\\x1b[2J` clears the screen); the echo shows them as escapes, as the reason refusing it does."""
    code, out = play(new(tmp_path), ["B\x1b[2Job", "quit"])
    assert code == 0, out
    assert "\x1b" not in out and "who won? B\\x1b[2Job\n" in out


def test_play_help_at_40_columns_fits(tmp_path):
    """Regression: play's help was printed as written for 60 columns; on a phone's 40 its lines ran to
    57. Each line now wraps to the width, as play's other running text does."""
    from cli_helpers import run as in_process
    from rich.cells import cell_len

    path = new(tmp_path)
    result = in_process("evening", "play", str(path), input="help\nquit\n", env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.output
    help_text = result.stdout.split("who won? ", 1)[1].split("\n\n")[0]
    assert "a plain score." in " ".join(help_text.split())
    assert max(cell_len(line) for line in help_text.splitlines()) <= 40, help_text


def test_classical_bob_types_12_tiles_is_told_to_type_it_again(tmp_path):
    """Regression: on 0bab6cc play took Bob's 12 tiles under classical-bmja (no dead-hand penalty, so no
    question) and the game was recorded with his loss paid on a typo; now refused as `settle` refuses it."""
    path = new(tmp_path, "classical-bmja")
    code, out = play(path, ["Ann", WINS[0], "d", "", "", "1c2c3c 4c5c6c 7c8c9c 1d2d3d", "cancel", "quit"])
    assert code == 0, out
    said = unwrapped(out)
    assert "Bob: a hand holds 13 tiles plus one per kong (14 with the winning tile): 12 here" in said
    assert "type it again" in said and len(events(path)) == 1


# Refusals of stated facts, as play says them at 60 columns: what to type after why, in the prompts' words,
# and a seat the refusal turns on said by player and seat. Each: the ruleset, Bob's answers from his hand
# to the Also question, and the refusal's line (unwrapped).
FACT_REFUSALS = [
    pytest.param(
        "pung-chow-limit",
        ["1b1b1b 3c3c3c 5d5d5d 7c7c 6b!6b6b", "d", "Cy", "first-discard"],
        "  first-discard is a win on the first card played, Ann's discard, but the discarder names "
        "Cy (west): give the discarder Ann, or drop first-discard",
        id="bob-first-discard-from-cy",
    ),
    pytest.param(
        "pung-chow-limit",
        ["1b1b1b 3c3c3c 5d5d5d 7c7c 6b!7b8b", "wall", "first-discard"],
        "  first-discard is a win on a discard before one's own first draw, not self-drawn: drop "
        "first-discard or wall (how it was won)",
        id="bob-first-discard-self-drawn",
    ),
    # No rule of pung-chow scores a win on the first discard (play does not offer it): the way out is to
    # drop it, as `score` and `settle` say (situation.UNREAD_HINT).
    pytest.param(
        "pung-chow",
        ["1b1b1b 3c3c3c 5d5d5d 7c7c 6b!7b8b", "wall", "first-discard"],
        "  first-discard is a win on a discard before one's own first draw, not self-drawn, and no rule "
        "of ruleset pung-chow scores a win on the first discard: drop first-discard",
        id="bob-first-discard-self-drawn-pung-chow",
    ),
    pytest.param(
        "classical-dmjl",
        ["1b1b1b 3c3c3c 5d5d5d 7c7c 6b7b8b", "y", "last-tile"],
        "  original-hand and last-tile contradict each other: the first draw is not the last tile: drop "
        "original-hand or last-tile",
        id="bob-original-hand-last-tile",
    ),
    pytest.param(
        "classical-dmjl",
        ["1b1b1b1b# 3c3c3c 5d5d5d 7c7c 6b!7b8b", "d", "Cy", "kong-after-kong"],
        "  the discarder: the hand was not won by discard, so it has no discarder: drop the discarder or "
        "kong-after-kong",
        id="bob-kong-after-kong-from-cy",
    ),
    pytest.param(
        "classical-bmja",
        ["1b1b1b1b# 3c3c3c 5d5d5d 7c7c 6b!7b8b", "loose", "kong-after-kong"],
        "  kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, itself drawn "
        "for a first kong (or a flower or season), and the hand has one kong: declare both, or give loose "
        "(how it was won) in place of kong-after-kong",
        id="bob-kong-after-kong-one-kong",
    ),
]


@pytest.mark.parametrize(("ruleset", "answers", "said"), FACT_REFUSALS)
def test_a_refusal_of_stated_facts_says_what_to_type_at_60_columns(tmp_path, ruleset, answers, said):
    """Regression: the refusal stopped at why (`... but the discarder names Cy`), naming no seat and
    nothing to type; nothing is recorded."""
    path = new(tmp_path, ruleset)
    lines = ["Bob", *answers, "1", "2", "3", "cancel", "quit"]
    result = run("evening", "play", str(path), stdin="\n".join(lines) + "\n", env={**ENV, "COLUMNS": "60"})
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert f"{said}\n  Change what?" in unwrapped(out), out
    assert all(len(line) <= 60 for line in out.splitlines()), out
    assert [e["event"] for e in events(path)] == ["start"]


def test_a_at_every_prompt_of_ann_and_al_is_told_it_begins_both(tmp_path):
    """Regression: the start of two names was told it names nobody (`'A': not a player (Ann, Al, Bob,
    Cy)`, `'A' is not one of Ann, Al, Cy`), where it begins both; asked again, never guessed."""
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", "Ann,Al,Bob,Cy")
    lines = ["A", "Bob", WINS[0], "d", "A", "Al", "", "4", "6", "8", "n", "A", "An", "2", "y", "quit"]
    code, out = play(path, lines)
    assert code == 0, out
    said = "'A' could be Ann or Al (it begins both): type more of it"
    assert unwrapped(out).count(said) == 2, out  # who won, who discarded
    assert "'A' could be also, Ann or Al (it begins each): type more of it" in unwrapped(out)  # change what
    assert "not a player" not in out and "is not one of" not in out and "not a part" not in out
    game = events(path)[1]
    assert (game["winner"], game["from"], game["hands"]["Ann"]) == ("Bob", "Al", "2")


def test_change_what_a_of_also_and_ann_and_h_of_hand_and_how_are_told_they_begin_both(tmp_path):
    """Regression: `a` at "Change what?" (also, Ann) was `'a' is not a part of this game: hand, how,
    also, Ann, ...`, which it begins two of."""
    path = new(tmp_path)
    code, out = play(path, [*BOB_WINS[:-2], "n", "a", "h", "cancel", "quit"])
    assert code == 0, out
    assert "'a' could be also or Ann (it begins both): type more of it" in unwrapped(out)
    assert "'h' could be hand or how (it begins both): type more of it" in unwrapped(out)
    assert "not a part of this game" not in out
    assert [e["event"] for e in events(path)] == ["start"]


QUIT_AT = [
    pytest.param(["Ann", "quit"], id="at-the-hand"),
    pytest.param(["Ann", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", "EXIT"], id="at-how-won"),
    pytest.param(["Ann", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", "discard", "quit"], id="at-who-discarded"),
]


@pytest.mark.parametrize("answers", QUIT_AT)
def test_quit_typed_while_a_game_is_entered_leaves_the_table_recording_nothing(tmp_path, answers):
    # Regression: `quit` at "Ann's hand" was refused as a tile group (`'q' is no rank or suit`) and
    # asked again; only `cancel`, then `quit`, left the table.
    path = new(tmp_path)
    before = path.read_bytes()
    code, out = play(path, answers)  # nothing after the quit: end of input would exit 1
    assert code == 0, out
    assert out.rstrip().endswith("(quit: the game being entered was not recorded)"), out
    assert path.read_bytes() == before


def test_quit_that_begins_a_players_name_is_her_name_not_the_command(tmp_path):
    # `Quitterie` at the table: `quit` at a prompt taking a name is the start of hers, as `Q` would be.
    path = tmp_path / "e.jsonl"
    succeeds("evening", "new", str(path), "--players", "Ann,Bob,Cy,Quitterie")
    code, out = play(
        path, ["Ann", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", "discard", "quit", "cancel", "quit"]
    )
    assert code == 0, out
    assert "(quit:" not in out and "(cancelled; nothing recorded)" in out, out
    assert "winning tile? [Enter: not said] quit\n  Also, any of:" in out, out  # taken: the next asked


@pytest.mark.parametrize(
    ("answers", "said"),
    [
        pytest.param(["undo", "quit"], "(quit: nothing was taken back)", id="undo"),
        pytest.param(
            ["amend", "1", "quit"], "(quit: the amendment being entered was not recorded)", id="amend"
        ),
    ],
)
def test_quit_at_undos_or_amends_question_leaves_the_table_changing_nothing(tmp_path, answers, said):
    path = new(tmp_path)
    succeeds(*hand(path, PLAYERS[1], PLAYERS))
    before = path.read_bytes()
    code, out = play(path, answers)
    assert code == 0, out
    assert out.rstrip().endswith(said), out
    assert path.read_bytes() == before


@pytest.mark.parametrize("columns", ["40", "60", "80"])
def test_help_fills_the_width_it_has(tmp_path, columns):
    """Regression: `help` broke its lines at fixed places, about 52 columns on an 80-column terminal:
    each paragraph wraps to the width, its later lines indented."""
    path = new(tmp_path)
    result = run("evening", "play", str(path), stdin="help\nquit\n", env={**ENV, "COLUMNS": columns})
    said = result.stdout.split("who won? help\n")[1].split("\n\n")[0].splitlines()
    assert all(len(line) <= int(columns) for line in said), said
    paragraphs = re.sub(r"\n {4}", " ", "\n".join(said)).splitlines()
    assert paragraphs[0] == (
        "Commands: a player's name (he went Mah-Jongg), draw, undo, amend N, status, report, help, quit."
    )
    assert len(paragraphs) == 3 and (columns != "80" or len(said) == 5), said
