"""A player typed by name is found by one rule (evening.names.player_named), on the command line and in
`evening play` alike: the name as the evening seats it, or the same name in any other case; a name that
could be two players (Ann and ann, which `evening new` refuses, seated by a start line accepted by a
repair or through the library) is refused with a hint, never guessed (docs/evening.md, "Naming a player")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evening_support import LOSER, WASH_13, WINS, new_evening, run, succeeds

from pungchow_calc.engine.errors import OptionError
from pungchow_calc.evening import names, record
from pungchow_calc.ruleset_files import load

HAND = WINS[0]


def _games(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()][1:]


# (the command after `evening` with {log} for the file, the fields the recorded event must hold)
ANY_CASE = [
    pytest.param(
        ["hand", "{log}", HAND, "--winner", "ann", "--other", "BOB=4", "--other", "cy=8", "--other", "dI=2"],
        {"winner": "Ann", "hands": {"Ann": HAND, "Bob": "4", "Cy": "8", "Di": "2"}},
        id="hand-winner-ann-other-BOB",
    ),
    pytest.param(
        ["hand", "{log}", HAND, "--winner", "ANN", "--other", "Bob=4", "--other", "Cy=8", "--other", "Di=2"]
        + ["--from", "cy"],
        {"winner": "Ann", "from": "Cy"},
        id="hand-from-cy",
    ),
    pytest.param(
        ["hand", "{log}", WINS[1], "--winner", "bob", "--drawn", "--other", "Ann=4", "--other", "Cy=8"]
        + ["--other", f"di={LOSER[:-3]}", "--dead", "DI"],
        {"winner": "Bob", "dead": ["Di"]},
        id="hand-dead-DI",
    ),
    pytest.param(
        ["draw", "{log}", "--other", "ann=2", "--other", "bob=4", "--other", "cy=6", "--other", "di=8"],
        {"event": "draw", "hands": {"Ann": "2", "Bob": "4", "Cy": "6", "Di": "8"}},
        id="draw-other-ann",
    ),
    pytest.param(["wash", "{log}", "cy", WASH_13], {"player": "Cy"}, id="wash-cy"),
    pytest.param(["false-mahjongg", "{log}", "bOB"], {"player": "Bob"}, id="false-mahjongg-bOB"),
]


@pytest.mark.parametrize(("args", "held"), ANY_CASE)
def test_evening_hand_winner_ann_finds_ann(tmp_path, args, held):
    """`--winner ann` was refused (`'ann' is not at the table`) where play took `ann` for Ann."""
    path = new_evening(tmp_path, "-r", "pung-chow-limit")
    done = run("evening", *(a.format(log=path) for a in args))
    assert done.returncode == 0, done.stderr
    event = _games(path)[-1]
    assert {key: event[key] for key in held} == held  # the log keeps the names as seated


def test_evening_amend_winner_cy_finds_cy(tmp_path):
    path = new_evening(tmp_path)
    others = ["--other", "Bob=4", "--other", "Cy=8", "--other", "Di=2"]
    succeeds("evening", "hand", str(path), HAND, "--winner", "Ann", *others)
    done = run(
        "evening", "amend", str(path), "1", WINS[2], "--winner", "cy", "--other", "ann=4",
        "--other", "bob=8", "--other", "di=2", "--from", "DI",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    amended = _games(path)[-1]["record"]
    assert (amended["winner"], amended["from"], set(amended["hands"])) == (
        "Cy",
        "Di",
        {"Ann", "Bob", "Cy", "Di"},
    )


def test_evening_new_east_cy_seats_cy(tmp_path):
    path = new_evening(tmp_path, "--east", "cy")
    assert json.loads(path.read_text().splitlines()[0])["east"] == "Cy"


def test_winner_ann_and_other_ANN_are_one_player_given_twice(tmp_path):
    path = new_evening(tmp_path)
    before = path.read_bytes()
    done = run(
        "evening", "hand", str(path), HAND, "--winner", "ann", "--other", "ANN=4",
        "--other", "Bob=4", "--other", "Cy=8", "--other", "Di=2",
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (
        2,
        "error: --winner 'ann' and --other 'ANN' name the same player, Ann: give each player once\n",
    )
    assert path.read_bytes() == before


# --- an evening whose names differ only in case ------------------------------------------------------


@pytest.fixture
def twins(tmp_path: Path) -> Path:
    """An evening of Ann, ann and Bob: `evening new` refuses such names, but a start line edited and
    accepted by a repair, or an evening started through the library, may have them."""
    path = tmp_path / "twins.jsonl"
    record.new(str(path), ["Ann", "ann", "Bob"], None, load("pung-chow"))
    return path


AMBIGUOUS = "'ANN' could be Ann or ann, whose names differ only in case: type the name exactly as seated"


@pytest.mark.parametrize(
    ("args", "typed"),
    [
        pytest.param(
            ["--winner", "ANN", "--other", "ann=4", "--other", "Bob=2"], "--winner", id="winner-ANN"
        ),
        pytest.param(["--winner", "Bob", "--other", "ANN=4", "--other", "ann=2"], "--other", id="other-ANN"),
        pytest.param(
            ["--winner", "Bob", "--other", "Ann=4", "--other", "ann=2", "--from", "ANN"],
            "--from",
            id="from-ANN",
        ),
    ],
)
def test_evening_hand_winner_ANN_of_ann_and_Ann_is_refused_not_guessed(twins, args, typed):
    before = twins.read_bytes()
    hand = WINS[1] if args[1] == "Bob" else HAND
    done = run("evening", "hand", str(twins), hand, *args)
    assert (done.returncode, done.stderr) == (2, f"error: {typed}: {AMBIGUOUS}\n")
    assert twins.read_bytes() == before  # money never moves on a guess
    done = run("evening", "hand", str(twins), hand, *args, "--json")
    assert json.loads(done.stdout)["error"]["code"] == "ambiguous-player"


def test_the_name_typed_exactly_as_seated_is_that_player(twins):
    done = run("evening", "hand", str(twins), HAND, "--winner", "ann", "--other", "Ann=4", "--other", "Bob=2")
    assert done.returncode == 0, done.stderr
    assert _games(twins)[-1]["winner"] == "ann"


@pytest.mark.parametrize(
    ("typed", "players", "begun", "found"),
    [
        ("ann", ["Ann", "Bob"], False, "Ann"),
        ("  Bob ", ["Ann", "Bob"], False, "Bob"),
        ("b", ["Ann", "Bob"], False, None),
        ("b", ["Ann", "Bob"], True, "Bob"),
        ("", ["Ann", "Bob"], True, None),
        ("STRAUSS", ["Strauß", "Bob"], False, "Strauß"),  # any case, as casefold reads it
        ("E\u0301mile", ["\u00c9mile", "Bob"], False, "\u00c9mile"),  # an accent however encoded
        ("\u00e9MILE", ["E\u0301mile", "Bob"], False, "E\u0301mile"),
        ("ann", ["Ann", "ann"], False, "ann"),  # exactly as seated
        ("Zed", ["Ann", "Bob"], True, None),
    ],
    ids=["ann", "spaces", "b-whole", "b-begun", "empty", "STRAUSS", "Emile-decomposed",
         "eMILE", "ann-exact", "Zed"],
)  # fmt: skip
def test_player_named(typed, players, begun, found):
    assert names.player_named(typed, players, begun) == found


@pytest.mark.parametrize(
    ("typed", "players", "said"),
    [
        ("ANN", ["Ann", "ann"], "'ANN' could be Ann or ann, whose names differ only in case: type the name "
         "exactly as seated"),
        ("\u00c9mile", ["\u00c9mile", "E\u0301mile"], "could be either of two players whose names look the "
         "same (an accent encoded two ways): this evening cannot tell them apart by name"),
        # The start of two names, told so, not that it names nobody (`'a' is not one of Ann, Al`).
        ("a", ["Ann", "Al"], "'a' could be Ann or Al (it begins both): type more of it"),
        ("an", ["Ann", "ann"], "'an' could be Ann or ann (it begins both): type more of it"),
        ("a", ["Ann", "Al", "Amy"], "'a' could be Ann, Al or Amy (it begins each): type more of it"),
    ],
    ids=["ANN", "Emile-twins", "a-of-Ann-Al", "an-of-Ann-ann", "a-of-three"],
)  # fmt: skip
def test_player_named_refuses_a_name_that_could_be_two(typed, players, said):
    with pytest.raises(OptionError) as refused:
        names.player_named(typed, players, begun=True)
    assert refused.value.code == "ambiguous-player" and said in refused.value.message


# --- the same rule in play ----------------------------------------------------------------------------


def test_evening_play_ANN_of_ann_and_Ann_is_asked_again(twins):
    lines = ["ANN", "ann", HAND, "d", "", "", "4", "2", "y", "quit"]
    done = run("evening", "play", str(twins), stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert f"  {AMBIGUOUS}" in done.stdout.replace("\n      ", " ")
    assert _games(twins)[-1]["winner"] == "ann"


def test_evening_play_discarder_ANN_of_ann_and_Ann_is_asked_again(twins):
    lines = ["Bob", WINS[1], "d", "ANN", "Ann", "", "4", "2", "y", "quit"]
    done = run("evening", "play", str(twins), stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert f"  {AMBIGUOUS}" in done.stdout.replace("\n      ", " ")
    assert _games(twins)[-1]["from"] == "Ann"
