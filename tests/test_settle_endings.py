"""How a settled hand ended, said outright: a draw game needs --draw, a winner needs --winner or a `!`,
and a complete hand with no winner named is refused (money never moves on a guess).

Through the entry point users run, `pungchow_calc.cli:main`.
"""

from __future__ import annotations

import json

import pytest
from cli_helpers import EXAMPLE_13, cli, seat_args

# A complete Mah-Jongg (Part I Example 13's tiles) with its `!` forgotten, and three losing hands.
COMPLETE = EXAMPLE_13["east"].replace("!", "")
LOSERS = seat_args({seat: hand for seat, hand in EXAMPLE_13.items() if seat != "east"})
SHORT = "EwEwEw* 1b1b1b* 4b4b RdRdRd 7b7b"  # one tile short of Mah-Jongg: no winner


def complete(seat: str, dealt: bool = False) -> str:
    """The refusal of a complete hand with no winner named, and its hint: `dealt`, a hand that lays
    nothing open and declares no kong, as an original hand may be, is offered --original-hand."""
    hint = f" (won on the original draw: --winner {seat} --original-hand)" if dealt else ""
    return f"{seat}'s hand is complete: mark its winning tile with !{hint}"


def settle(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run `pungchow settle ARGS` through main(): (exit code, stdout, stderr)."""
    return cli(capsys, "settle", *args)


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        pytest.param(
            ["--east", "10", "--south", "1", "--west", "2", "--north", "3"],
            "no-winner",
            "no hand won: mark the winning tile with !, name --winner, or say --draw for a draw game",
            id="scores-no-winner",
        ),
        pytest.param(
            ["--east", SHORT, *LOSERS],
            "no-winner",
            "no hand won: mark the winning tile with !, name --winner, or say --draw for a draw game",
            id="hands-no-winner",
        ),
        pytest.param(
            ["--east", "10", "--south", "1", "--winner", "east", "--draw"],
            "draw-with-winner",
            "--draw says no hand won, but --winner names east the winner",
            id="draw-and-winner",
        ),
        pytest.param(
            ["--east", "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b", "--south", "8", "--draw"],
            "draw-with-winner",
            "--draw says no hand won, but the ! in the hand of --east names it the winner",
            id="draw-and-bang",
        ),
        pytest.param(
            ["--east", COMPLETE, *LOSERS],
            "complete-hand-no-winner",
            complete("east"),
            id="bang-forgotten",
        ),
        pytest.param(
            ["--east", COMPLETE, *LOSERS, "--draw"],
            "complete-hand-no-winner",
            complete("east"),
            id="bang-forgotten-draw",
        ),
        pytest.param(
            ["--east", "30", "--west", "1b2b3b 4c5c6c 7d8d9d* EwEwEw 5b5b", "--draw"],
            "complete-hand-no-winner",
            complete("west"),
            id="complete-beside-a-score",
        ),
        pytest.param(
            ["-r", "pung-chow-limit", "--east", "30", "--south", "1c9c1d9d1b9bEwSwWwNwRdGdWdWd"],
            "complete-hand-no-winner",
            complete("south", dealt=True),
            id="special-shape",
        ),
        pytest.param(
            ["--east", "1b2b3b 4c5c6c 7d8d9d EwEwEw 5b5b", *LOSERS],
            "complete-hand-no-winner",
            complete("east", dealt=True),
            id="complete-nothing-laid-open",
        ),
        pytest.param(
            ["--east", "1b1b1b1b# 4c5c6c 7d8d9d EwEwEw 5b5b", *LOSERS],
            "complete-hand-no-winner",
            complete("east"),
            id="complete-a-concealed-kong",
        ),
    ],
)
def test_an_ending_not_said_is_refused(
    capsys: pytest.CaptureFixture[str], args: list[str], code: str, message: str
) -> None:
    status, out, err = settle(capsys, *args)
    assert (status, out, err) == (2, "", f"error: {message}\n")
    status, out, err = settle(capsys, *args, "--json")
    assert status == 2 and err == ""
    assert json.loads(out) == {"error": {"code": code, "message": message}}


def test_draw_game_said_outright_settles_differences(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = settle(
        capsys, "--east", "10", "--south", "1", "--west", "2", "--north", "3", "--draw", "--json"
    )
    data = json.loads(out)
    assert status == 0 and data["winner"] is None
    # The differences, East's doubled: 18 + 16 + 14 to East; North 2 and 1, West 1 (Settling the Scores).
    assert data["net"] == {"east": 48, "south": -21, "west": -16, "north": -11}


def test_draw_game_of_hands_with_draw(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = settle(capsys, "--east", SHORT, *LOSERS, "--draw", "--json")
    assert status == 0 and json.loads(out)["winner"] is None


@pytest.mark.parametrize(
    "remedy",
    [
        pytest.param(["--east", "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b"], id="bang"),
        # As dealt, nothing laid open (an original hand with a set laid open is refused, docs/rulings.md).
        pytest.param(
            ["--east", COMPLETE.replace("*", ""), "--winner", "east", "--original-hand"], id="original-hand"
        ),
    ],
)
def test_the_hints_remedies_settle(capsys: pytest.CaptureFixture[str], remedy: list[str]) -> None:
    status, out, _ = settle(capsys, *remedy, *LOSERS, "--json")
    data = json.loads(out)
    assert status == 0 and data["winner"] == "east" and data["dead"] == {}


def test_a_complete_hand_declared_dead_is_not_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # --dead says outright what the hand is: no guess is made, so it settles as the dead hand it was.
    status, out, _ = settle(capsys, "--east", COMPLETE, *LOSERS, "--dead", "east", "--draw", "--json")
    data = json.loads(out)
    assert status == 0 and data["winner"] is None and "east" in data["dead"]


def test_false_mahjongg_needs_no_draw(capsys: pytest.CaptureFixture[str]) -> None:
    # A false Mah-Jongg ends the hand by itself: no winner, and no --draw to say.
    status, out, _ = settle(
        capsys, "-r", "pung-chow-limit", "--east", "40", "--south", "24", "--false-mahjongg", "s", "--json"
    )
    assert status == 0 and json.loads(out)["penalties"][0]["type"] == "false_mahjongg"
