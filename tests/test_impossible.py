"""What a ruleset's play never has (engine/impossible.py IMPOSSIBLE, the setting `impossible`) under the
book's rulesets, through `pungchow_calc.cli:main`: a hand that cannot have happened at a table is refused
in one line, never paid (docs/rulings.md#impossible)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

BOOK = ("pung-chow", "pung-chow-limit", "classical-bmja", "classical-dmjl")


def _refused(argv: list[str], message: str, tmp_path: Path) -> None:
    """`score` refuses ARGV in one line (exit 2), and a batch line of it is refused the same way."""
    human = run("score", *argv)
    assert (human.exit_code, human.stdout, human.stderr) == (2, "", f"error: {message}\n")
    hand, *options = argv
    path = tmp_path / "hands.txt"
    path.write_text(f"'{hand}' {' '.join(options)}\n", encoding="utf-8")
    batch = run("batch", str(path), "--format", "jsonl")
    record = json.loads(batch.stdout)
    assert record["error"] == {"code": "bad-option", "message": message}
    assert batch.exit_code == 1  # an entry failed


# --- robbed_tile_held: the robbed tile's other three lie in the pung robbed -----------------------------

ROBBED_HELD = [
    (
        "1b1b1b 3c3c3c 5d5d5d 4b4b4b* 7c!7c",
        (),
        "--robbing-kong: the other three 7c are in the kong robbed, so the hand holds one 7c, not 2: "
        "drop --robbing-kong",
    ),
    (
        "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c6c6c!",
        (),
        "--robbing-kong: the other three 6c are in the kong robbed, so the hand holds one 6c, not 3: "
        "drop --robbing-kong",
    ),
    (
        "6c6c6c* 3c3c3c 4b4b4b* 9d9d 6c!7c8c",
        (),
        "--robbing-kong: the other three 6c are in the kong robbed, so the hand holds one 6c, not 4: "
        "drop --robbing-kong",
    ),
    (
        "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c!7c8c",
        ("--dora", "6c"),
        "--robbing-kong: the other three 6c are in the kong robbed, so the --dora indicators hold no 6c: "
        "drop --robbing-kong, or the 6c of --dora",
    ),
]


# Regression: a robbed tile held twice (a fifth with the three on the table) was paid under the book's
# rulesets, Robbing the Kong's doubling and all under the Classical ones; riichi alone refused it.
@pytest.mark.parametrize("ruleset", BOOK)
@pytest.mark.parametrize(
    ("hand", "extra", "message"),
    [pytest.param(*case, id=f"{case[0]} --robbing-kong {' '.join(case[1])}".strip()) for case in ROBBED_HELD],
)
def test_robbing_kong_with_the_robbed_tile_held_again_is_refused(
    hand: str, extra: tuple[str, ...], message: str, ruleset: str, tmp_path: Path
) -> None:
    _refused([hand, "-r", ruleset, "--robbing-kong", "--from", "south", *extra], message, tmp_path)


@pytest.mark.parametrize("ruleset", BOOK)
def test_robbing_kong_with_the_robbed_tile_held_once_is_paid(ruleset: str) -> None:
    result = run("score", "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c!7c8c", "-r", ruleset, "--robbing-kong", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["score"] > 0


# --- first_discard_after_turn: the first card played is won before one's own first draw ----------------

CLOSED = "1b1b1b 3c3c3c 5d5d5d 7c7c 6b!7b8b"
KONG = "1b1b1b1b# 3c3c3c 5d5d5d 7c7c 6b!7b8b"
FIRST_DISCARD = [
    (
        CLOSED,
        ("--drawn",),
        "--first-discard is a win on a discard before one's own first draw, not self-drawn: drop "
        "--first-discard or --drawn",
    ),
    (
        KONG,
        ("--loose",),
        "--first-discard is a win on a discard before one's own first draw, not on a loose tile: drop "
        "--first-discard or --loose",
    ),
    (
        KONG,
        (),
        "--first-discard: no kong is declared before one's own first draw, not even a concealed one (#): "
        "drop --first-discard",
    ),
    (
        "1b1b1b 3c3c3c* 5d5d5d 7c7c 6b!7b8b",
        (),
        "--first-discard: nothing is claimed in the first uninterrupted go-around, but a set is laid "
        "open (*, +): drop --first-discard",
    ),
    (
        CLOSED,
        ("--last-tile",),
        "--first-discard and --last-tile contradict each other: the first go-around is not the last tile: "
        "drop --first-discard or --last-tile",
    ),
    (
        CLOSED,
        ("--robbing-kong",),
        "--first-discard and --robbing-kong contradict each other: a kong ends the first uninterrupted "
        "go-around: drop --first-discard or --robbing-kong",
    ),
]


# Regression: a win on the first card played (East's first discard) stated self-drawn, on a loose tile, with
# a kong or a set laid open, the last tile or a kong robbed was paid: the limit (Blessing of Earth) under
# the Classical rulesets, half the limit under pung-chow-limit, as a self-draw under pung-chow.
@pytest.mark.parametrize("ruleset", BOOK)
@pytest.mark.parametrize(
    ("hand", "extra", "message"),
    [
        pytest.param(*case, id=f"{case[0]} --first-discard -s south {' '.join(case[1])}".strip())
        for case in FIRST_DISCARD
    ],
)
def test_first_discard_after_ones_own_turn_is_refused(
    hand: str, extra: tuple[str, ...], message: str, ruleset: str, tmp_path: Path
) -> None:
    _refused([hand, "-r", ruleset, "--first-discard", "-s", "south", *extra], message, tmp_path)


@pytest.mark.parametrize("ruleset", BOOK)
def test_first_discard_on_easts_discard_is_paid(ruleset: str) -> None:
    result = run("score", CLOSED, "-r", ruleset, "--first-discard", "-s", "south", "--from", "east", "--json")
    assert result.exit_code == 0, result.output


# --- original_hand_not_as_dealt: the original hand is the hand as dealt ---------------------------------

DEALT = "1b1b1b 3c3c3c 5d5d5d 7c7c 6b7b8b"
ORIGINAL = [
    (
        "1b1b1b 3c3c3c 5d5d5d 7c7c 6b7b8b*",
        ("--drawn",),
        "--original-hand: nothing is claimed before the first draw, but a set is laid open (*, +): drop "
        "--original-hand",
    ),
    (
        "1b1b1b 3c3c3c 5d5d5d 7c7c 6b7b8b*",
        (),
        "--original-hand: nothing is claimed before the first draw, but a set is laid open (*, +): drop "
        "--original-hand",
    ),
    (
        "1b1b1b1b# 3c3c3c 5d5d5d 7c7c 6b7b8b",
        (),
        "--original-hand: no kong is declared before the first draw, not even a concealed one (#): drop "
        "--original-hand",
    ),
    (
        DEALT,
        ("--loose",),
        "--original-hand is a win on the first draw from the wall, not on a loose tile: drop --loose or "
        "--original-hand",
    ),
    (
        DEALT,
        ("--drawn", "--last-tile"),
        "--original-hand and --last-tile contradict each other: the first draw is not the last tile: drop "
        "--original-hand or --last-tile",
    ),
    (
        DEALT,
        ("--first-discard",),
        "--first-discard and --original-hand contradict each other: a win on a discard before one's own "
        "first draw, and a win on that draw: drop --first-discard or --original-hand",
    ),
]


# Regression: East's original hand (the hand as dealt: Limit Hands 6, Blessing of Heaven, Part I's three
# doublings) with a set laid open, a kong, on a loose tile or the last tile was paid, the limit and all.
@pytest.mark.parametrize("ruleset", BOOK)
@pytest.mark.parametrize(
    ("hand", "extra", "message"),
    [pytest.param(*case, id=f"{case[0]} --original-hand {' '.join(case[1])}".strip()) for case in ORIGINAL],
)
def test_original_hand_not_as_dealt_is_refused(
    hand: str, extra: tuple[str, ...], message: str, ruleset: str, tmp_path: Path
) -> None:
    _refused([hand, "-r", ruleset, "--original-hand", *extra], message, tmp_path)


# The book reads an original hand's default way (a discard) as the original draw (docs/rulings.md): not
# refused as riichi's is (original_hand_after_call: add --drawn).
@pytest.mark.parametrize("ruleset", BOOK)
@pytest.mark.parametrize("drawn", [(), ("--drawn",)], ids=["default-way", "drawn"])
def test_original_hand_as_dealt_is_paid(ruleset: str, drawn: tuple[str, ...]) -> None:
    result = run("score", DEALT, "-r", ruleset, "--original-hand", *drawn, "--json")
    assert result.exit_code == 0, result.output


# --- kong_after_kong_one_kong: Twofold Fortune's first loose tile was a kong's (or a flower's) --------


# Regression: a kong after a kong with one kong and no flower was paid the limit (Twofold Fortune).
@pytest.mark.parametrize("ruleset", ["classical-bmja", "classical-dmjl"])
def test_kong_after_kong_1b1b1b1b_with_one_kong_is_refused(ruleset: str, tmp_path: Path) -> None:
    message = (
        "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, itself drawn "
        "for a first kong (or a flower or season), and the hand has one kong: declare both, or give --loose "
        "alone"
    )
    _refused([KONG, "-r", ruleset, "--kong-after-kong"], message, tmp_path)


@pytest.mark.parametrize("ruleset", ["classical-bmja", "classical-dmjl"])
@pytest.mark.parametrize("more", ["3c3c3c3c*", "3c3c3c 1f"], ids=["two-kongs", "a-kong-and-a-flower"])
def test_kong_after_kong_with_its_first_loose_tile_drawn_is_paid(ruleset: str, more: str) -> None:
    hand = KONG.replace("3c3c3c", more)
    result = run("score", hand, "-r", ruleset, "--kong-after-kong", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["limit_hand"] == "Twofold Fortune"
