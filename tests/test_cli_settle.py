"""`pungchow settle` through the entry point users run: the payment table, the JSON, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import EXAMPLE_13, Result, seat_args
from cli_helpers import run as run_main

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
TABLE = seat_args(EXAMPLE_13)


def run(*args: str) -> Result:
    return run_main("settle", *args, env={"COLUMNS": "160", "NO_COLOR": "1"})


def test_layout_one_json_exactly_spec() -> None:
    # "Illustrations of Score Settling", first layout, with the ERRATA's 480 and 272.
    result = run(
        "--east", "480", "--south", "64", "--west", "272", "--north", "16", "--winner", "e", "--json"
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["scores"] == {"east": 480, "south": 64, "west": 272, "north": 16}
    assert data["winner"] == "east"
    assert [{k: p[k] for k in ("from", "to", "amount")} for p in data["payments"]] == [
        {"from": "south", "to": "east", "amount": 960},
        {"from": "west", "to": "east", "amount": 960},
        {"from": "north", "to": "east", "amount": 960},
        {"from": "south", "to": "west", "amount": 208},
        {"from": "north", "to": "west", "amount": 256},
        {"from": "north", "to": "south", "amount": 48},
    ]
    assert data["net"] == {"east": 2880, "south": -1120, "west": -496, "north": -1264}
    assert sum(data["net"].values()) == 0 and data["net_sum"] == 0
    assert data["payments"][3]["reason"] == "difference 272−64"
    assert {"scores", "winner", "payments", "net"} <= set(data)
    assert data["limit"] is None and data["east_multiplier"] == 2 and data["payable"] == 480
    assert data["penalties"] == [] and data["dead"] == {} and data["notes"] == []


def test_table_output_from_hands() -> None:
    result = run(*TABLE, "--from", "south", "--ascii")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0] == "pung-chow - no limit - East pays and collects x2"
    assert "EwEwEw*   1b1b1b*   4b!4b4b*   RdRdRd   7b7b" in out
    assert "Winner: east, 384" in out
    for row in (
        "1 | south | east  |    768 | Mah-Jongg 384, East x2",
        "4 | south | north |    120 | difference 128-8",
        "5 | west  | north |    120 | difference 128-8",
        "east  |    0 |     2304 | +2304",
        "south |  888 |        0 |  -888",
        "north |  768 |      240 |  -528",
    ):
        assert row in out
    assert out.rstrip().endswith("Check: nets sum to 0 ok")


def test_table_json_from_hands() -> None:
    result = run(*TABLE, "--from", "south", "--json")
    data = json.loads(result.stdout)
    assert data["scores"] == {"east": 384, "south": 8, "west": 8, "north": 128}
    assert data["winner"] == "east"
    assert data["net"] == {"east": 2304, "south": -888, "west": -888, "north": -528}
    assert data["hands"]["east"]["arrangement"] == ["EwEwEw*", "1b1b1b*", "4b4b4b*", "RdRdRd", "7b7b"]
    assert data["hands"]["south"]["winner"] is False and "payments" not in data["hands"]["south"]


def test_sample_file_matches_the_cli_table() -> None:
    text = (SAMPLES / "settle-table.txt").read_text()
    for hand in TABLE[1::2]:
        assert f"'{hand}'" in text


def test_three_handed_draw_game() -> None:
    result = run("--east", "40", "--south", "10", "--west", "20", "--draw", "--json")
    data = json.loads(result.stdout)
    assert data["winner"] is None and set(data["net"]) == {"east", "south", "west"}
    assert [(p["from"], p["to"], p["amount"]) for p in data["payments"]] == [
        ("west", "east", 40),
        ("south", "east", 60),
        ("south", "west", 10),
    ]
    assert data["net"] == {"east": 100, "south": -70, "west": -30}


def test_two_handed_game_text() -> None:
    result = run("--east", "64", "--west", "272", "--winner", "west")
    assert result.exit_code == 0
    assert "east │  544 │        0 │ -544" in result.stdout
    assert "No winner" not in result.stdout


@pytest.mark.parametrize(
    "seats",
    [
        pytest.param(["--south", "64", "--west", "272"], id="--south 64 --west 272"),
        pytest.param(["--south", "64", "--west", "272", "--north", "8"], id="three-handed"),
    ],
)
def test_a_table_without_east_is_refused(seats: list[str]) -> None:
    """Regression: `settle --south 64 --west 272 --winner west` settled 272 with no East double: East
    plays at every table, two- and three-handed too ("East Wind acts for the dummy", "Two and
    Three-Handed Games"), so he was left out and his double was lost on a guess."""
    result = run(*seats, "--winner", "west")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "error: no --east: East Wind plays at every table, two- and three-handed too (he acts for the "
        "dummy): give his hand or his score (--east 0)\n"
    )
    assert json.loads(run(*seats, "--winner", "west", "--json").stdout)["error"]["code"] == "no-east"


def test_limit_caps_east() -> None:
    result = run(
        "--east", "0", "--south", "700", "--west", "20", "--winner", "s", "-r", "pung-chow-limit", "--json"
    )
    data = json.loads(result.stdout)
    assert data["limit"] == 300 and data["payable"] == 300
    assert [(p["from"], p["to"], p["amount"]) for p in data["payments"]] == [
        ("east", "south", 600),
        ("west", "south", 300),
        ("east", "west", 40),
    ]


ONE_SUIT_TABLE = [
    "-r",
    "pung-chow-limit",
    "--east",
    "1c2c3c 4c5c6c 7c8c9c 6c6c EwEw",
    "--south",
    "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 5d!5d",
    "--west",
    "1b2b3b 4b5b6b 7b8b9b 3c3c Nw 9d",
    "--north",
    "WdWdWd 2b2b 5b5b 6b7b8b 3d 4d Sw",
]


def test_penalty_discarder_pays_for_all_text() -> None:
    result = run(*ONE_SUIT_TABLE, "--from", "west", "--ascii")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Penalty: Discarder pays for all (nine tiles of one suit exposed) (west): west bears" in out
    assert (
        "2 | west | south |    288 | Discarder pays for all (nine tiles of one suit exposed): pays for east, "
        "East x2" in out
    )
    assert "west  |  576 |        0 | -576" in out


BIG_DRAGONS_TABLE = [
    "-r",
    str(SAMPLES / "taiwanese-insurance.yaml"),
    "--winner",
    "south",
    "--drawn",
    "--east",
    "1c2c3c4c5c6c7c8c9c1d2d3d4d",
    "--south",
    "RdRdRd* GdGdGd* WdWdWd* 5b6b7b 9d!9d",
    "--west",
    "1b2b3b4b8b8b5c5c6d7d8d9c9c",
    "--north",
    "2d3d4d6b7b8b2b2b2b7d8d9d3b",
]


@pytest.mark.parametrize(
    ("table", "message"),
    [
        pytest.param(
            ONE_SUIT_TABLE,
            "Discarder pays for all (nine tiles of one suit exposed): the winning hand qualifies, so who "
            "pays turns on who discarded the winning tile: give --from (or --drawn, if the winner drew it)",
            id="discarder",
        ),
        pytest.param(
            BIG_DRAGONS_TABLE,
            "Insurance, Big Three Dragons: the winning hand qualifies, so who pays turns on who discarded "
            "the tile that completed the set: give --feeder",
            id="feeder",
        ),
    ],
)
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_a_penalty_met_without_its_liable_player_named_is_refused(
    table: list[str], message: str, as_json: bool
) -> None:
    """Regression: a winner's hand meeting "the discarder pays for all" with no `--from` (or insurance
    with no `--feeder`) was settled as if nobody were liable, each loser paying, with a note asking for
    him: money moved on a guess. It is refused, exit 2, naming the option; nothing is settled."""
    result = run(*table, *(["--json"] if as_json else []))
    assert result.exit_code == 2
    if as_json:
        assert json.loads(result.stdout) == {"error": {"code": "liable-unnamed", "message": message}}
    else:
        assert result.stdout == "" and result.stderr == f"error: {message}\n"


DISCARDER_AS_SCORE = [*ONE_SUIT_TABLE[:-4], "--west", "0", *ONE_SUIT_TABLE[-2:], "--from", "west"]


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_west_0_from_west_one_suit_win_is_refused(as_json: bool) -> None:
    """Regression: a winner's hand meeting "the discarder pays for all" with its discarder given as a
    plain score (`--west 0 --from west`) charged him for all with a note that his exception (waiting
    for a hand of his own) could not be checked: money moved on a guess. Refused, naming his seat."""
    result = run(*DISCARDER_AS_SCORE, *(["--json"] if as_json else []))
    message = (
        "Discarder pays for all (nine tiles of one suit exposed): the winning hand qualifies, and whether "
        "--west pays for all turns on his hand, given as a score (he is excused if waiting for a hand of "
        "his own): give it in notation"
    )
    assert result.exit_code == 2
    if as_json:
        assert json.loads(result.stdout) == {"error": {"code": "liable-hand-unseen", "message": message}}
    else:
        assert result.stdout == "" and result.stderr == f"error: {message}\n"


@pytest.mark.parametrize(
    ("extra", "penalties"),
    [
        pytest.param(["--no-choice"], [], id="no-choice-excuses-him"),
        pytest.param(["--dead", "west"], ["discarder_one_suit"], id="dead-waits-for-nothing"),
    ],
)
def test_west_0_from_west_settles_where_his_hand_cannot_excuse_him(
    extra: list[str], penalties: list[str]
) -> None:
    """`--no-choice` excuses him whatever his hand; a dead hand cannot win, so waits for nothing: no hand
    is needed either way."""
    result = run(*DISCARDER_AS_SCORE, *extra, "--json")
    assert result.exit_code == 0, result.stderr
    settled = json.loads(result.stdout)
    assert [p["id"] for p in settled["penalties"]] == penalties
    assert not any("could not be checked" in note for note in settled["notes"])


# West's 13 tiles wait for 9d (three pungs and a chow: a tanki), the tile South won on: declared
# dead, his hand waits for nothing all the same, since a dead hand cannot win.
WAITING_WEST = "RdRdRd GdGdGd 7b8b9b 3c3c3c 9d"


@pytest.mark.parametrize("west", [WAITING_WEST, "80"], ids=["in-tiles", "as-a-score"])
def test_dead_west_waiting_in_tiles_pays_for_all_as_given_as_a_score(west: str) -> None:
    """Regression: a dead hand typed in tiles that looked like a wait for the winning tile was excused
    "the discarder pays for all" (`west is excused, waiting for 9d with his own hand`), and the same
    seat given as a score was charged: a dead hand cannot win (docs/rulings.md), so waits for nothing."""
    table = [
        *ONE_SUIT_TABLE[:5],
        "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 9d!9d",
        "--west",
        west,
        *ONE_SUIT_TABLE[-2:],
    ]
    result = run(*table, "--from", "west", "--dead", "west", "--json")
    assert result.exit_code == 0, result.stderr
    settled = json.loads(result.stdout)
    assert [p["id"] for p in settled["penalties"]] == ["discarder_one_suit"]
    assert not any("excused" in note for note in settled["notes"]), settled["notes"]
    assert {p["from"] for p in settled["payments"]} == {"west"}


HOUSE_ONE_SUIT_ANY_WIN = """\
extends: pung-chow-limit
name: house-one-suit
penalties:
  - id: discarder_one_suit_any
    label: Discarder pays for all (one suit, however won)
    type: pays_for_all
    liable: discarder
    when:
      - {exposed_tiles: {tiles: numbered, same_suit: true, min: 9}}
      - one_suit
"""


def test_drawn_one_suit_win_under_a_discarder_penalty_without_won_by_discard_settles(tmp_path: Path) -> None:
    """Regression: a house penalty on the discarder whose `when` does not say `won_by: discard`, met by a
    self-drawn win (`--drawn`), was refused asking for `--from (or --drawn ...)`, which `--drawn` refuses:
    nobody discarded, so nobody is liable, and each loser pays his own."""
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE_ONE_SUIT_ANY_WIN, encoding="utf-8")
    result = run(*ONE_SUIT_TABLE[2:], "-r", str(house), "--drawn", "--json")
    assert result.exit_code == 0, result.stderr
    settled = json.loads(result.stdout)
    assert settled["penalties"] == [] and settled["notes"] == []
    assert [(p["from"], p["amount"]) for p in settled["payments"][:3]] == [
        ("east", 320),
        ("west", 160),
        ("north", 160),
    ]


def test_no_choice_flag() -> None:
    args = [*ONE_SUIT_TABLE, "--from", "west", "--json"]
    penalised = json.loads(run(*args).stdout)
    excused = json.loads(run(*args, "--no-choice").stdout)
    assert [p["id"] for p in penalised["penalties"]] == ["discarder_one_suit"]
    assert penalised["payments"][0]["for"] == "west"
    assert excused["penalties"] == [] and "no choice" in excused["notes"][0]
    assert len(excused["notes"]) == 1  # it was used: no note that it changed nothing


@pytest.mark.parametrize(
    "ruleset",
    [pytest.param("pung-chow-limit", id="no-penalty-applies"), pytest.param("pung-chow", id="no-penalty")],
)
def test_no_choice_that_excuses_nobody_is_noted(ruleset: str) -> None:
    """`settle ... --no-choice` where no penalty makes anyone pay for all settled without a word of it
    (the evening says it and leaves it out; `score` notes a fact no rule uses)."""
    args = ["--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", "--south", "4", "-r", ruleset, "--json"]
    plain = json.loads(run(*args).stdout)
    noted = json.loads(run(*args, "--no-choice").stdout)
    assert noted["payments"] == plain["payments"]
    assert noted["notes"] == [f"--no-choice: no rule of ruleset {ruleset} can use it in this hand"]


def test_false_mahjongg_and_dead_options() -> None:
    data = json.loads(
        run(
            "-r",
            "pung-chow-limit",
            "--east",
            "0",
            "--south",
            "0",
            "--west",
            "0",
            "--false-mahjongg",
            "e",
            "--json",
        ).stdout
    )
    assert [(p["from"], p["to"], p["amount"]) for p in data["payments"]] == [
        ("east", "south", 300),
        ("east", "west", 300),
    ]
    data = json.loads(
        run("--east", "40", "--south", "24", "--west", "36", "--winner", "w", "--dead", "s", "--json").stdout
    )
    assert data["scores"] == {"east": 40, "south": 0, "west": 36}
    assert data["scored"]["south"] == 24 and data["dead"] == {"south": "declared dead (--dead)"}


def test_insurance_sample_with_feeder() -> None:
    result = run(
        "-r",
        str(SAMPLES / "taiwanese-insurance.yaml"),
        "--winner",
        "south",
        "--drawn",
        "--feeder",
        "west",
        "--east",
        "1c2c3c4c5c6c7c8c9c1d2d3d4d",
        "--south",
        "RdRdRd* GdGdGd* WdWdWd* 5b6b7b 9d!9d",
        "--west",
        "1b2b3b4b8b8b 5c5c6d7d8d9c9c",
        "--north",
        "2d3d4d6b7b8b 2b2b2b 7d8d9d3b",
        "--json",
    )
    data = json.loads(result.stdout)
    assert data["net"] == {"east": 0, "south": 1200, "west": -1200, "north": 0}
    assert data["penalties"][0]["id"] == "insurance_big_three_dragons"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ["--east", "480"],
            "error: settling needs at least two seats (two-handed game): give each player's hand or score by"
            " seat (--east HAND --south 0)",
            id="one-seat",
        ),
        pytest.param(
            [],
            "error: settling needs at least two seats (two-handed game): give each player's hand or score by"
            " seat (--east HAND --south 0)",
            id="no-seat",
        ),
        pytest.param(
            ["--east", "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b", "--south", "2c2c2c RdRd 1d2d4d*"],
            "error: --south: 1d2d4d* is not a set (column 13)",
            id="bad-notation",
        ),
        pytest.param(
            ["--east", "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b", "--south", "2c2c2c 5d5d5d* 9c9c RdRd 3b4b 8d"],
            "error: Rd appears 5 times on the table (east 3, south 2); the set has four copies",
            id="four-copies",
        ),
        pytest.param(
            ["--east", "4", "--south", "8", "--winner", "west"],
            "error: --winner west: that seat",
            id="absent",
        ),
        pytest.param(
            ["--east", "4", "--south", "8", "--winner", "x"], "error: --winner: 'x' is not a wind", id="wind"
        ),
        pytest.param(
            ["--east", "4", "--south", "8", "--draw", "--from", "e"],
            "error: --from describes a win",
            id="from",
        ),
        pytest.param(
            ["--east", "4", "--south", "8", "--winner", "e", "--drawn", "--loose"],
            "error: conflicting ways to win",
            id="ways",
        ),
        pytest.param(
            ["--east", "4", "--south", "8", "--winner", "e", "--limit", "5", "--no-limit"],
            "error: --limit and --no-limit contradict each other",
            id="limits",
        ),
        pytest.param(
            ["--east", "4", "--south", "8", "--false-mahjongg", "s"],
            "error: --false-mahjongg: ruleset",
            id="fmj",
        ),
        # The last one counted, and the table settled without west's hand: money moved on a guess.
        pytest.param(
            ["--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "--south", "10"]
            + ["--south", "20", "--north", "5"],
            "error: --south is given 2 times ('10', '20'): give it once",
            id="--south 10 --south 20",
        ),
        pytest.param(
            ["--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "--south", "10", "--south", "10", "--"],
            "error: --south is given 2 times ('10', '10'): give it once",
            id="--south 10 --south 10 --",
        ),
        # How the winning tile came, at a draw: settled as the draw, the option said nothing of.
        pytest.param(
            ["--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 9d", "--south", "10", "--draw", "--drawn"],
            "error: --drawn (--win-by wall) describes a win, but no hand won (give --winner)",
            id="--draw --drawn",
        ),
        pytest.param(
            ["--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 9d", "--south", "10", "--draw", "--win-by", "loose"],
            "error: --loose (--win-by loose) describes a win, but no hand won (give --winner)",
            id="--draw --win-by loose",
        ),
        # Beside a false Mah-Jongg nothing else settles: these were passed over without a word.
        *(
            pytest.param(
                ["--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 9d", "--south", "4", "--west", "3"]
                + ["--false-mahjongg", "s", "-r", "pung-chow-limit", *extra],
                f"error: {said}",
                id=f"--false-mahjongg s {' '.join(extra)}",
            )
            for extra, said in (
                (["--drawn"], "--drawn (--win-by wall) describes a win, but --false-mahjongg ends the hand"),
                (["--from", "w"], "--from describes a win, but --false-mahjongg ends the hand without one"),
                (["--last-tile"], "--last-tile describes a win, but --false-mahjongg ends the hand"),
                (["--draw"], "--draw: --false-mahjongg ends the hand, and only the caller pays"),
                (["--dead", "w"], "--dead: --false-mahjongg ends the hand, and only the caller pays"),
            )
        ),
        # `--dead s --dead south` (west meant) settled west's dead hand as a live one, without a word.
        pytest.param(
            ["--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "--south", "10", "--west", "4", "--north", "2"]
            + ["--dead", "s", "--dead", "south", "-r", "pung-chow-limit"],
            "error: --dead south is given twice: give each seat once",
            id="--dead s --dead south",
        ),
        # `--false-mahjongg "$WHO"` with WHO unset settled the hand as if no penalty were given.
        pytest.param(
            ["--south", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "--east", "0", "--false-mahjongg", ""],
            "error: --false-mahjongg: '' is not a wind",
            id="--false-mahjongg ''",
        ),
        pytest.param(
            ["--east", "4", "--south", "8", "-r", "nope"], "error: nope: no ruleset 'nope'", id="ruleset"
        ),
        # The book's false Mah-Jongg is Part II's penalty (regression: refused under Part I with no hint
        # where it is, as `wash -r pung-chow` is told).
        pytest.param(
            ["--east", "40", "--south", "20", "--west", "10", "--north", "8", "--false-mahjongg", "south"],
            "error: --false-mahjongg: ruleset pung-chow has no false Mah-Jongg penalty (a share of the "
            "limit, a Part II rule: try -r pung-chow-limit)\n",
            id="--false-mahjongg south",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_bad_input_json_error_object() -> None:
    result = run("--east", "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b", "--south", "RdRd 2c2c", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "error": {
            "code": "too-many-copies",
            "message": "Rd appears 5 times on the table (east 3, south 2); the set has four copies",
        }
    }


RIICHI_TABLE = [
    *("-r", "riichi-ema-2016", "--south", "1c2c3c 4c5c6c 7d8d9d 2b3b4b 5d!5d"),
    *("--east", "0", "--west", "0", "--north", "0", "--drawn", "--riichi", "--ascii"),
]


@pytest.mark.parametrize(
    ("extra", "head"),
    [
        ([], "riichi-ema-2016 - limits Mangan to Sanbaiman - East pays and collects x2"),
        (
            ["--limit", "5000"],
            "riichi-ema-2016 - limit 5000, limits Mangan to Sanbaiman - East pays and collects x2",
        ),
    ],
    ids=["its-limits-by-han", "a-limit-given"],
)
def test_riichi_settlement_head_names_its_limits(extra: list[str], head: str) -> None:
    """The head said "no limit" for riichi, whose hands are capped by han (mangan to sanbaiman)."""
    result = run(*RIICHI_TABLE, *extra)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == head


def test_rules_check_names_the_limits_by_han() -> None:
    result = run_main("rules", "check", "riichi-ema-2016")
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("riichi-ema-2016 (55 rules, limits Mangan to Sanbaiman)\n")


# A winner's score given as a number skipped the ruleset's `impossible` facts, which a hand's are refused
# by: `--first-discard --drawn` (renhou is a win on a discard) was paid as a self-draw, 4000/2000/2000.
@pytest.mark.parametrize(
    ("facts", "message"),
    [
        (["--first-discard", "--drawn"], "--first-discard is a win on a discard before one's own first draw"),
        (["--riichi", "--double-riichi", "--drawn"], "--riichi and --double-riichi: riichi is declared once"),
        (["--last-tile", "--loose"], "--last-tile and --loose contradict each other"),
        (["--original-hand", "--riichi", "--drawn"], "--original-hand and --riichi contradict each other"),
        # Regression: the rows' `needs`, `most` and `under`, which need no hand either, were not tested.
        (["--ippatsu", "--drawn"], "--ippatsu needs --riichi or --double-riichi"),
        (["--ura", "4c", "--drawn"], "--ura needs --riichi or --double-riichi"),
        (["--riichi", "--dora", "1c,2c,3c,4c,5c,6c", "--drawn"], "--dora: 6 tiles, but at most 5 are turned"),
        (
            ["--riichi", "--dora", "3c", "--ura", "1c,2c", "--drawn"],
            "--ura: 2 tiles, but one lies under each",
        ),
    ],
    ids=[
        "first-discard-drawn",
        "riichi-double-riichi",
        "last-tile-loose",
        "original-hand-riichi",
        "ippatsu-drawn",
        "ura-4c-drawn",
        "riichi-dora-1c,2c,3c,4c,5c,6c",
        "riichi-dora-3c-ura-1c,2c",
    ],
)
def test_settle_riichi_south_2000_winner_south(facts: list[str], message: str) -> None:
    seats = ("--east", "0", "--south", "2000", "--west", "0", "--north", "0", "--winner", "south")
    result = run("-r", "riichi-ema-2016", *seats, *facts)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {message}") and result.stderr.count("\n") == 1
    # What no hand shows is not asked of a number: renhou on a discard, chiihou self-drawn are paid.
    for possible in (["--first-discard", "--from", "east"], ["--original-hand", "--drawn"]):
        assert run("-r", "riichi-ema-2016", *seats, *possible).exit_code == 0


# An indicator that is a fifth copy of a tile with the hands at the table was refused only against the
# winner's own hand (scoring): with another seat's tiles, the dora turned were read as given.
@pytest.mark.parametrize(
    ("facts", "said"),
    [
        pytest.param(["--dora", "1b"], "east 3, south 1, --dora 1", id="dora-1b"),
        pytest.param(["--riichi", "--dora", "2c", "--ura", "1b"], "east 3, south 1, --ura 1", id="ura-1b"),
        pytest.param(["--dora", "2c", "--dora", "1b"], "east 3, south 1, --dora 1", id="dora-2c-dora-1b"),
    ],
)
def test_settle_riichi_east_1b1b1b_south_1b_and_an_indicator_1b(facts: list[str], said: str) -> None:
    seats = (
        "--east",
        "2c3c4c 5c6c7c 3d4d5d 1b1b1b 9d!9d",
        "--south",
        "1b 2b 3b 4b 5b 6b 7b 8b 9b 1c 1c 1c 1d",
    )
    result = run("-r", "riichi-ema-2016", *seats, "--west", "0", "--north", "0", "--drawn", *facts, "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "error": {
            "code": "too-many-copies",
            "message": f"1b appears 5 times on the table ({said}); the set has four copies",
        }
    }
    # The winner's own hand with the indicators is refused as `score` refuses it, as before.
    own = run("-r", "riichi-ema-2016", *seats[:2], "--south", "0", "--west", "0", "--north", "0", "--drawn",
              "--dora", "1b,1b")  # fmt: skip
    assert own.stderr == "error: --dora: 1b would be a fifth 1b (the hand 3, --dora 2)\n"


def test_settle_pung_chow_indicators_no_rule_reads_are_not_counted_with_the_table() -> None:
    """Under a ruleset that reads no indicator (every ruleset an evening keeps), `--dora` moves no money and
    is noted: a recorded evening's games replay as they were accepted."""
    seats = (
        "--east",
        "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd",
        "--south",
        "1b 2b 3b 4b 5b 6b 7b 8b 9b 1c 1c 1c 1d",
    )
    result = run(*seats, "--west", "0", "--north", "0", "--dora", "1b", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["notes"] == ["--dora: no rule of ruleset pung-chow scores dora"]


def test_south_1s2s3s_a_riichi_souzu_is_told_it_reads_as_seasons():
    # Regression: a loser's riichi bamboo `1s2s3s` reads as three seasons (never as bamboo), and his
    # hand's wrong size said nothing of it (docs/notation.md, "Hints for common slips").
    result = run_main(
        "settle",
        "--east",
        "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd",
        "--south",
        "1s2s3s 4d5d6d 7c8c9c 1b2b3b RdRd",
        "--west",
        "10",
        "--north",
        "10",
    )
    assert (result.exit_code, result.stderr) == (
        2,
        "error: --south: 11 tiles, not 13 (a hand holds 13 tiles, one more for each kong): check the hand, "
        "or name it dead (--dead south); 1s2s3s: s is a season, bamboo is b (1b2b3b) (column 1)\n",
    )


def test_json_south_2c2c2c_5b5b_7c8c_wrong_size_is_at_column_1():
    """Regression: a loser's hand of the wrong size gave no `column` in JSON, where every error about a hand
    as a whole is at column 1 (docs/notation.md, "Bad input"), as the winner's wrong count was."""
    result = run_main(
        "settle", "--east", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "--south", "2c2c2c 5b5b 7c8c", "--json"
    )
    error = json.loads(result.stdout)["error"]
    assert (result.exit_code, error["code"], error["column"]) == (2, "wrong-size-hand", 1), result.stdout
    assert error["message"].startswith("--south: 7 tiles, not 13 (a hand holds 13 tiles")


def test_riichi_east_12000_winner_east_without_from_is_told_the_score_first():
    """Regression: the refusal named the missing --from (`no-discarder`) and, once it was given, the
    score (`bad-score`): which error a program got hung on an option beside the one that was wrong."""
    for extra in ([], ["--drawn"], ["--from", "south"]):
        result = run_main(
            "settle", "-r", "riichi-ema-2016", "--east", "12000", "--south", "0", "--west", "0",
            "--north", "0", "--winner", "east", "--json", *extra,
        )  # fmt: skip
        error = json.loads(result.stdout)["error"]
        assert (result.exit_code, error["code"]) == (2, "bad-score"), (extra, result.stdout)
        assert error["message"].startswith("--east: 12000: no hand scores more than 8000")


# South's hand below is a complete Mah-Jongg (three exposed chows of dots, a pung of twos, the pair).
COMPLETE_SOUTH = "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 5d!5d"


@pytest.mark.parametrize(
    "south",
    [
        pytest.param(COMPLETE_SOUTH, id="1d2d3d* ... 5d!5d"),
        pytest.param(COMPLETE_SOUTH.replace("!", ""), id="1d2d3d* ... 5d5d"),
        pytest.param("1d9d1b9b1c9cEwSwWwNwRdGdWd Wd", id="thirteen-heads"),
    ],
)
def test_false_mahjongg_on_a_complete_hand_is_refused(south: str) -> None:
    """Regression: `--false-mahjongg south` with South's complete hand charged him the false call's
    600: the penalty is for "announcing Mah-Jongg when his hand is not complete" (Part II, "Penalties"
    1), so the complete hand is a win or a wrong seat, and which would be a guess."""
    result = run("-r", "pung-chow-limit", "--east", "0", "--south", south, "--false-mahjongg", "south")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "error: --false-mahjongg south: south's hand is complete (a false Mah-Jongg is called on an "
        "incomplete hand); if south won, settle the win: --winner south, without --false-mahjongg\n"
    )
    again = run("-r", "pung-chow-limit", "--east", "0", "--south", south, "--false-mahjongg", "s", "--json")
    data = json.loads(again.stdout)
    assert data["error"]["code"] == "false-mahjongg-complete"


def test_false_mahjongg_table_says_no_difference_settles() -> None:
    """Regression: a false Mah-Jongg's table said `No winner: the hands settle their differences only`
    (none settle: "the hand ends") and showed each hand given in notation as `(score given)`, 0."""
    result = run(
        "-r", "pung-chow-limit", "--ascii", "--false-mahjongg", "south",
        "--east", "1c2c3c 4c5c6c 7c8c9c 6c6c EwEw", "--south", "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 5d",
        "--west", "8",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[3:7] == [
        "east  | (not scored)  |       |          0",
        "south | (not scored)  |       |          0",
        "west  | (score given) |     8 |          0",
        "No winner: a false Mah-Jongg ends the hand; no score counts",
    ]
    assert "differences" not in result.stdout


def test_rules_check_riichi_house_file_limit_1500_names_both(tmp_path: Path) -> None:
    """A house file writing `limit:` beside riichi's tiers was checked as "limit 1500" alone, while its
    hands are still counted by the tiers (a baiman is 4,000, then capped at 1,500)."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: riichi-ema-2016\nname: house\nsettings:\n  limit: 1500\n", encoding="utf-8")
    result = run_main("rules", "check", str(house))
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("house (55 rules, limit 1500, limits Mangan to Sanbaiman)\n")


# Kajongg's "Dangerous Game" (classical-dmjl, classical-bmja): the discarder of a tile the table calls
# dangerous pays the winner for all, his total times 4, or 6 when East wins (Kajongg src/game.py), and
# no other score is settled. On c23a0e8 the classical rulesets had no such penalty: `--feeder west` was
# noted as making nobody pay, and the losers paid their own.
_SOUTH = "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b"
_DANGEROUS = ("--south", _SOUTH, "--east", "120", "--west", "8", "--north", "300")


@pytest.mark.parametrize(
    ("ruleset", "paid"),
    [("classical-dmjl", 500 * 4), ("classical-bmja", 304 * 4)],  # south's total (DMJL: the limit) x 4
    ids=["-r classical-dmjl --feeder west", "-r classical-bmja --feeder west"],
)
def test_classical_feeder_west_pays_for_all_as_kajongg_dangerous_game(ruleset: str, paid: int) -> None:
    result = run("-r", ruleset, *_DANGEROUS, "--from", "north", "--feeder", "west", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["net"] == {"east": 0, "south": paid, "west": -paid, "north": 0}
    assert {p["from"] for p in data["payments"]} == {"west"}


def test_classical_east_wins_feeder_west_pays_six_times() -> None:
    result = run(
        "-r", "classical-dmjl", "--east", "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b", "--south", "120",
        "--west", "8", "--north", "300", "--from", "south", "--feeder", "west", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["net"]["west"] == -500 * 6


def test_classical_feeder_west_no_choice_is_excused() -> None:
    result = run(
        "-r", "classical-dmjl", *_DANGEROUS, "--from", "north", "--feeder", "west", "--no-choice", "--ascii",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "Dangerous Game: west is excused, having had no choice in his discard" in result.stdout
    assert "difference 300-8" in result.stdout  # the losers settle among themselves as usual


def test_classical_without_feeder_is_neither_refused_nor_noted() -> None:
    """Dangerous Game turns on the table's word alone: with no --feeder nobody is asked for."""
    result = run("-r", "classical-bmja", *_DANGEROUS, "--from", "north", "--ascii")
    assert result.exit_code == 0, result.stderr
    assert "Dangerous" not in result.stdout


# A loser's hand of the wrong size under a ruleset with no dead-hand penalty: on 0bab6cc the size was
# checked only where the ruleset has one (pung-chow's "Mah-Diao"), so classical-bmja settled west's
# 12 tiles (and riichi its 15) as typed, and money moved on a typo (docs/rulings.md#dead-hand).
_TWELVE = "1c2c3c 4c5c6c 7c8c9c 1d2d3d"
_FIFTEEN = "1c2c3c 4c5c6c 7c8c9c 1d2d3d 6d6d6d"
_KONG_SHORT = "NwNwNwNw# 1c2c3c 4c5c6c 7c8c9c"
_LOSERS = ("--south", _SOUTH, "--east", "120", "--north", "300")  # west typed by each test


@pytest.mark.parametrize(
    ("ruleset", "west", "count"),
    [
        ("classical-bmja", _TWELVE, 12),
        ("classical-dmjl", _TWELVE, 12),
        ("classical-bmja", _FIFTEEN, 15),
        ("classical-dmjl", _KONG_SHORT, 13),
        ("riichi-ema-2016", _TWELVE, 12),
    ],
    ids=[
        "-r classical-bmja --west 12-tiles",
        "-r classical-dmjl --west 12-tiles",
        "-r classical-bmja --west 15-tiles-no-kong",
        "-r classical-dmjl --west kong-one-short",
        "-r riichi-ema-2016 --west 12-tiles",
    ],
)
def test_a_wrong_sized_loser_without_a_dead_hand_penalty_is_refused(ruleset: str, west: str, count: int):
    result = run("-r", ruleset, *_LOSERS, "--west", west, "--from", "north")
    assert (result.exit_code, result.stdout) == (2, ""), result.stdout
    # A hand too long under Kajongg's Long Hand (long_hand_scores_zero) is told how to settle a real one.
    long = "; a long hand scores 0: give its score (--west 0)" if count > 13 else ""
    assert result.stderr == (
        f"error: --west: a hand holds 13 tiles plus one per kong (14 with the winning tile): {count} here"
        f"{long} (column 1)\n"  # about the hand as a whole: column 1 (docs/notation.md, "Bad input")
    )


def test_classical_bmja_west_15_tiles_given_as_0_settles_as_a_long_hand() -> None:
    """The way the refusal of a long hand names (Kajongg's Long Hand scores 0) settles the table."""
    result = run("-r", "classical-bmja", *_LOSERS, "--west", "0", "--from", "north")
    assert result.exit_code == 0, result.stderr


def test_classical_draw_with_a_12_tile_hand_is_refused() -> None:
    seats = ("--east", "8", "--south", "16", "--west", _TWELVE, "--north", "4")
    result = run("-r", "classical-bmja", "--draw", *seats)
    assert result.exit_code == 2 and "--west: a hand holds 13 tiles plus one per kong" in result.stderr


def test_classical_13_tile_loser_still_settles() -> None:
    result = run("-r", "classical-bmja", *_LOSERS, "--west", _TWELVE + " Ew", "--from", "north")
    assert result.exit_code == 0, result.stderr


# The book's and the table's words, typed as players say them, are refused with the option meant, never
# told a near spelling that means something else (regression: `--mahjongg east` was told "Possible
# options: --false-mahjongg", the penalty; `--self-drawn` "--draw, --drawn", a draw game first;
# `--winner 'East Wind'`, `--from banker` and `--win-by 'robbed the kong'` were told nothing).
_PLAIN_TABLE = ["--east", "480", "--south", "64", "--west", "272", "--north", "16"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["settle", *_PLAIN_TABLE, "--mahjongg", "east"],
            "error: No such option: --mahjongg (mahjongg, who won, is --winner SEAT, or a ! on its winning "
            "tile)",
            id="settle --mahjongg east",
        ),
        pytest.param(
            ["settle", *_PLAIN_TABLE, "--Mah-Diao", "east"],
            "error: No such option: --Mah-Diao (mah-diao, who won, is --winner SEAT, or a ! on its winning "
            "tile)",
            id="settle --Mah-Diao east",
        ),
        pytest.param(
            ["score", EXAMPLE_13["east"], "--mah-jongg"],
            "error: No such option: --mah-jongg (mah-jongg, the winning hand, is what score scores unless "
            "--loser)",
            id="score --mah-jongg",
        ),
        pytest.param(
            ["evening", "hand", "x.jsonl", "--mahjongg", "ann"],
            "error: No such option: --mahjongg (mahjongg, who won, is --winner NAME)",
            id="evening hand --mahjongg ann",
        ),
        pytest.param(
            ["settle", *_PLAIN_TABLE, "--winner", "east", "--self-drawn"],
            "error: No such option: --self-drawn (self-drawn is --drawn, or --win-by wall)",
            id="settle --self-drawn",
        ),
        pytest.param(
            ["settle", *_PLAIN_TABLE, "--winner", "east", "--robbed-the-kong"],
            "error: No such option: --robbed-the-kong (robbed-the-kong is --robbing-kong, a win by discard)",
            id="settle --robbed-the-kong",
        ),
        pytest.param(
            ["settle", *_PLAIN_TABLE, "--winner", "east", "--win-by", "robbed the kong"],
            "error: --win-by: 'robbed the kong' is not one of wall, loose, discard (robbed-the-kong is "
            "--robbing-kong, a win by discard)",
            id="settle --win-by 'robbed the kong'",
        ),
        pytest.param(
            ["score", EXAMPLE_13["east"], "--win-by", "Mah-Jongg"],
            "error: --win-by: 'Mah-Jongg' is not one of wall, loose, discard (mah-jongg is the win itself: "
            "--win-by says how its winning tile came)",
            id="score --win-by Mah-Jongg",
        ),
        pytest.param(
            ["settle", *_PLAIN_TABLE, "--winner", "East Wind"],
            "error: --winner: 'East Wind' is not a wind (east, south, west, north or e, s, w, n) (the "
            "book's East Wind is east: type east or e)",
            id="settle --winner 'East Wind'",
        ),
        pytest.param(
            ["settle", *_PLAIN_TABLE, "--winner", "north", "--from", "banker"],
            "error: --from: 'banker' is not a wind (east, south, west, north or e, s, w, n) (the banker, "
            "East Wind, is east)",
            id="settle --from banker",
        ),
        pytest.param(
            ["settle", *_PLAIN_TABLE, "--winner", "east", "--punged"],
            "error: No such option: --punged (punged is --win-by discard, the default; name the discarder "
            "with --from)",
            id="settle --punged",
        ),
        pytest.param(
            ["evening", "hand", "night.jsonl", "--no-winner"],
            "error: No such option: --no-winner (no-winner: a game nobody won is recorded with evening draw)",
            id="evening hand --no-winner",  # was offered --no-choice
        ),
        pytest.param(
            ["settle", *_PLAIN_TABLE, "--no-winner"],
            "error: No such option: --no-winner (no-winner is --draw, a game nobody won)",
            id="settle --no-winner",
        ),
        pytest.param(
            ["settle", "--banker", "480", "--south", "64", "--winner", "east"],
            "error: No such option: --banker (the banker, East Wind, is --east)",
            id="settle --banker 480",
        ),
        pytest.param(
            ["settle", "--east-wind", "480", "--south", "64", "--winner", "east"],
            "error: No such option: --east-wind (the book's East Wind is --east)",
            id="settle --east-wind 480",
        ),
        pytest.param(
            ["score", EXAMPLE_13["east"], "--west-wind"],
            "error: No such option: --west-wind (the book's West Wind is --seat west)",
            id="score --west-wind",
        ),
        pytest.param(
            ["score", EXAMPLE_13["east"], "--seat", "north-wind"],
            "error: --seat: 'north-wind' is not a wind (east, south, west, north or e, s, w, n) (the "
            "book's North Wind is north: type north or n)",
            id="score --seat north-wind",
        ),
    ],
)
def test_the_books_words_are_refused_with_the_option_meant(argv: list[str], message: str) -> None:
    result = run_main(*argv, env={"COLUMNS": "160", "NO_COLOR": "1"})
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == message + (
        f" (see 'pungchow {' '.join(argv[:2] if argv[0] == 'evening' else argv[:1])} --help')\n"
        if "No such option" in message
        else "\n"
    )


# A table's winner named without a `!` was told `score`'s way out, "(or use --loser)", no option of a
# table: its other hands are the losers, and the seat named the winner may be the wrong one. Then
# "(or use --winner naming who won)", as though --winner had not been given.
@pytest.mark.parametrize(
    ("east", "hint"),
    [
        pytest.param(
            "EwEwEw* 1b1b1b* 4b4b4b RdRdRd 7b7b",
            "or, if this hand did not win, change --winner to who did",
            id="laid-open",
        ),
        pytest.param(
            "EwEwEw 1b1b1b 4b4b4b RdRdRd 7b7b",
            "or use --original-hand; if this hand did not win, change --winner to who did",
            id="as-dealt",
        ),
    ],
)
def test_winner_east_with_no_bang_is_told_settles_options(east: str, hint: str) -> None:
    result = run("--east", east, "--south", "8", "--west", "8", "--north", "4", "--winner", "east")
    assert result.exit_code == 2
    assert result.stdout == ""
    said = f"--east: a winning hand marks its winning tile with ! ({hint}) (column 1)"
    assert result.stderr == f"error: {said}\n"


@pytest.mark.parametrize(
    ("east", "count"),
    [
        pytest.param(
            "2c2c2c 5d5d5d* 9c9c GdGd 3b4b 8d", "this one needs 14, but 13 were given", id="13-tiles"
        ),
        pytest.param(
            "2c2c2c2c# 5d5d5d* 9c9c GdGd 3b4b 8d",
            "this one needs 15, but 14 were given",
            id="kong-14-tiles",
        ),
    ],
)
def test_winner_east_2c2c2c_5d5d5d_13_tiles_is_told_its_count(east: str, count: str) -> None:
    """`--winner east` with a hand short of a winning hand's tiles and no `!` was told to mark the `!`,
    which would then be refused for its count: the count is said first (engine/scoring.no_winning_tile)."""
    result = run("--east", east, "--south", "10", "--west", "0", "--north", "5", "--winner", "east")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: --east: a winning hand has 14 tiles plus one per kong: {count} (if this hand did not win,"
        " change --winner to who did) (column 1)\n"
    )
