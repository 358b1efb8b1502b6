"""Scoring engine behaviour beyond the book examples: losers, mandarins, errors, options."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from pungchow_calc.engine.errors import HandError, OptionError
from pungchow_calc.engine.payments import winner_payments
from pungchow_calc.engine.rule_types import NOT_WRITTEN
from pungchow_calc.engine.scoring import _HOLDS, _holds, score_text
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.ruleset_files import load

RS = load("pung-chow")


def _rules(result):
    return [(line.rule, line.meld, line.points, line.doublings) for line in result.lines]


def test_loser_scores_combinations_and_doublings_but_no_bonus():
    # Score Card: bonus scores are the winner's alone; combinations and doubling honors are everyone's.
    result = score_text("RdRdRd 1b1b 2c3c4c SwSw 9d 7b", RS, Situation(seat=Wind.SOUTH, winner=False))
    assert _rules(result) == [
        ("pung_heads", "RdRdRd", 8, 0),
        ("scoring_pair", "SwSw", 2, 0),
        ("red_dragons", "RdRdRd", 0, 1),
    ]
    assert (result.points, result.doublings, result.score) == (10, 1, 20)
    assert result.payments is None
    assert result.waits == ()


def test_loser_with_exposed_kong_and_one_suit():
    result = score_text("9b9b9b9b* 1b1b1b 2b3b 5b 5b GdGd", RS, Situation(seat=Wind.WEST, winner=False))
    assert _rules(result) == [
        ("kong_heads", "9b9b9b9b*", 16, 0),
        ("pung_heads", "1b1b1b", 8, 0),
        ("scoring_pair", "GdGd", 2, 0),
        ("one_suit_with_honors", None, 0, 1),
    ]
    assert result.score == 52


def test_loser_may_not_mark_a_winning_tile():
    with pytest.raises(HandError) as info:
        score_text("1b1b!1b", RS, Situation(winner=False))
    assert info.value.code == "loser-winning-tile"


def test_loser_with_too_many_tiles():
    with pytest.raises(HandError) as info:
        score_text("1b1b1b 2b2b2b 3b3b3b 4b4b4b 5b5b5b", RS, Situation(winner=False))
    assert info.value.code == "tile-count"


@pytest.mark.parametrize(
    ("bonus", "seat", "doublings"),
    [
        pytest.param("2f", Wind.SOUTH, 1, id="own-flower"),
        pytest.param("2s", Wind.SOUTH, 1, id="own-season"),
        pytest.param("2f 2s", Wind.SOUTH, 2, id="both-double-twice"),
        pytest.param("1f 4f 3s", Wind.SOUTH, 0, id="others-nothing"),
        pytest.param("1f 1s", Wind.EAST, 2, id="east-both"),
    ],
)
def test_mandarins(bonus, seat, doublings):
    # "One's own Season will double the value of his hand, as will his own Flower. Both of them
    # will double the value twice." (Use of the Mandarins)
    result = score_text(f"1b2b3b 4c5c6c 7b8b9b* 2d2d!2d 8c8c {bonus}", RS, Situation(seat=seat))
    assert result.points == 22
    assert result.doublings == doublings
    assert result.score == 22 * 2**doublings
    assert [t.code for t in result.bonus_tiles] == bonus.split()


@pytest.mark.parametrize(
    ("text", "situation", "code"),
    [
        pytest.param("1b2b3b 4c5c6c 7b8b9b 2d2d2d 8c8c", Situation(), "no-winning-tile", id="no-bang"),
        pytest.param("1b2b3b 4c5c6c 7b8b9b 2d2d!2d", Situation(), "tile-count", id="too-few"),
        pytest.param("1b2b3b 4c5c6c 7b8b9b 2d2d!2d 8c9c", Situation(), "not-winning", id="not-complete"),
        pytest.param(
            "1b2b3b* 4c5c6c* 7b8b9b* 2d2d2d* 3d3d3d* 8c!8c", Situation(), "tile-count", id="five-sets"
        ),
    ],
)
def test_hand_errors(text, situation, code):
    with pytest.raises(HandError) as info:
        score_text(text, RS, situation)
    assert info.value.code == code
    assert info.value.column == 1


def test_original_hand_needs_no_winning_tile():
    result = score_text("4c4c4c RdRdRd 1b2b3b 5d6d7d 2d2d", RS, Situation(seat=Wind.EAST, original_hand=True))
    assert result.score == 512


def test_limit_override_caps_payable_only():
    result = score_text("RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw", RS, Situation(seat=Wind.NORTH), limit=1000)
    assert (result.score, result.limit, result.payable) == (5760, 1000, 1000)
    assert result.payments == {Wind.EAST: 2000, Wind.SOUTH: 1000, Wind.WEST: 1000}


@pytest.mark.parametrize("seat", list(Wind), ids=lambda w: w.word)
def test_book_payments_are_winner_payments_and_each_scores_own(seat):
    # scoring remembers the book's payments by their arguments (scoring._book_payments): a hand scored
    # again pays what winner_payments pays, in a dict of its own.
    first, again = (score_text("4c4c4c RdRdRd 1b2b3b 5d6d7d 2d!2d", RS, Situation(seat=seat)) for _ in "12")
    assert first.payments == again.payments == winner_payments(seat, first.payable, 2)
    assert first.payments is not again.payments


def test_drawn_winning_tile_keeps_pung_concealed():
    discard = score_text("5c5c!5c 1b1b1b 9d9d9d 2b3b4b 6b6b", RS, Situation(win_by=WinBy.DISCARD))
    drawn = score_text("5c5c!5c 1b1b1b 9d9d9d 2b3b4b 6b6b", RS, Situation(win_by=WinBy.WALL))
    assert ("pung_simples", "5c5c5c*", 2, 0) in _rules(discard)
    assert ("pung_simples", "5c5c5c", 4, 0) in _rules(drawn)


# --- the exposed pair `=` (docs/notation.md#markers): fixed as typed, never the start of a pung ----


@pytest.mark.parametrize(
    ("text", "waits", "pair"),
    [
        pytest.param(
            "EwEw 1b1b1b* 2c2c2c* 5d5d5d* 7d7d!7d", ("7d", "Ew"), "EwEw", id="pooled-pair-may-be-a-pung"
        ),
        pytest.param(
            "EwEw= 1b1b1b* 2c2c2c* 5d5d5d* 7d7d!7d", ("7d",), "EwEw=", id="exposed-pair-stays-a-pair"
        ),
        pytest.param("Ew!Ew= 1b1b1b* 2c2c2c* 5d5d5d* 7d7d7d", ("Ew",), "EwEw=", id="won-on-the-exposed-pair"),
    ],
)
def test_exposed_pair_is_the_pair_of_a_winning_hand(text, waits, pair):
    result = score_text(text, RS, Situation(win_by=WinBy.WALL))
    assert tuple(t.code for t in result.waits) == waits
    assert pair in [m.code for m in result.arrangement]


def test_two_exposed_pairs_make_no_winning_hand():
    with pytest.raises(HandError) as info:
        score_text("EwEw= 1b1b= 2c2c2c* 5d5d5d* 7d7d7d 9c!", RS, Situation(win_by=WinBy.WALL))
    assert info.value.code == "not-winning"


@pytest.mark.parametrize(
    ("text", "points"),
    [
        pytest.param("5c5c GdGd 1b1b1b", 10, id="pooled-the-dragon-pair-scores"),
        pytest.param("5c5c= GdGd 1b1b1b", 8, id="exposed-pair-takes-the-one-pair"),
    ],
)
def test_exposed_pair_counts_towards_loser_max_pairs(text, points):
    assert score_text(text, RS, Situation(winner=False)).points == points


@pytest.mark.parametrize(
    ("text", "calling"),
    [
        pytest.param("EwEw SwSwSw* WwWwWwWw* 1b1b NwNwNw", True, id="pooled-east-pair-may-become-a-pung"),
        pytest.param("EwEw= SwSwSw* WwWwWwWw* 1b1b= NwNwNw", False, id="exposed-pairs-stay-pairs"),
        pytest.param("EwEw= SwSwSw* WwWwWwWw* 1b1b NwNwNw", False, id="exposed-east-pair-stays-a-pair"),
        pytest.param("EwEw SwSwSw* WwWwWwWw* 1b1b= NwNwNw", True, id="exposed-bamboo-pair-is-the-pair"),
    ],
)
def test_calling_respects_exposed_pairs(text, calling):
    """A loser one tile from a limit hand (Kajongg's calling rules): the tile is added to the
    concealed tiles, so an exposed pair cannot become the pung the limit hand needs."""
    result = score_text(text, load("classical-bmja"), Situation(seat=Wind.NORTH, winner=False))
    assert (result.limit_hand is not None) is calling


# --- not_written: what a ruleset's hands never hold -------------------------------------------------
_HOLDING = {  # a winning hand holding each thing NOT_WRITTEN names, and one holding none
    "bonus_tiles": "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c 1f",
    "exposed_pair": "1b1b1b 3c3c3c 5d5d5d 4b!4b4b 7c7c=",
    "winning_tile_laid": "1b1b1b 3c3c3c 5d5d5d 4b4b!4b* 7c7c",
    "": "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c",
}


@pytest.mark.parametrize("held", sorted(_HOLDING), ids=lambda h: h or "none")
@pytest.mark.parametrize(
    "never",
    [
        frozenset(c)
        for n in range(len(NOT_WRITTEN) + 1)
        for c in itertools.combinations(sorted(NOT_WRITTEN), n)
    ],
    ids=lambda never: "+".join(sorted(never)) or "nothing",
)
def test_a_hand_is_refused_exactly_when_it_holds_what_its_ruleset_never_holds(
    held: str, never: frozenset[str]
) -> None:
    # _written asks the tests of _HOLDS the setting names (remembered per setting, _holds).
    base = load("pung-chow")
    ruleset = replace(base, settings=replace(base.settings, not_written=never))
    assert [what for what, _ in _holds(never)] == [what for what in _HOLDS if what in never]
    if held in never:
        with pytest.raises(HandError) as refused:
            score_text(_HOLDING[held], ruleset, Situation())
        assert refused.value.code == "not-written"
        assert NOT_WRITTEN[held] in str(refused.value)
    else:
        assert score_text(_HOLDING[held], ruleset, Situation()).score > 0


# The book's "To Chow": a chow is claimed only from the player on the left (who plays before the winner),
# a pung or a pair's tile from anyone (Rule 2). A user trial: `--from north` for West's winning chow was
# taken, and under Part II's "discarder pays for all" North paid for all.
CHOW_OR_PUNG = "2d3d4d!4d4d4d 5b5b5b 6c6c6c 7b7b"  # the 4d completes the chow (32) or the pung (30)
CHOW_ONLY = "2d3d4d! 5d5d5d 5b5b5b 6c6c6c 7b7b"  # the 4d completes the chow alone


@pytest.mark.parametrize(
    ("name", "hand", "seat", "discarder", "score"),
    [
        pytest.param("pung-chow", CHOW_OR_PUNG, Wind.SOUTH, Wind.EAST, 32, id="south-from-east-the-chow"),
        pytest.param("pung-chow", CHOW_OR_PUNG, Wind.SOUTH, Wind.NORTH, 30, id="south-from-north-the-pung"),
        pytest.param("pung-chow", CHOW_OR_PUNG, Wind.SOUTH, None, 32, id="south-from-unnamed-the-chow"),
        pytest.param("pung-chow", CHOW_OR_PUNG, Wind.EAST, Wind.NORTH, 32, id="east-from-north-the-chow"),
        pytest.param("pung-chow", CHOW_ONLY, Wind.WEST, Wind.SOUTH, 32, id="west-from-south-the-chow"),
        pytest.param("pung-chow-limit", CHOW_ONLY, Wind.NORTH, Wind.WEST, 28, id="limit-north-from-west"),
        pytest.param("classical-dmjl", CHOW_ONLY, Wind.SOUTH, Wind.WEST, None, id="dmjl-any-discard"),
    ],
)
def test_a_winning_chow_is_claimed_from_the_left(name, hand, seat, discarder, score):
    ruleset = load(name)
    situation = Situation(seat=seat, discarder=discarder)
    scored = score_text(hand, ruleset, situation).score
    if score is None:  # no chow_from_left: the same as with no discarder named
        assert scored == score_text(hand, ruleset, Situation(seat=seat)).score
    else:
        assert scored == score


@pytest.mark.parametrize(
    ("name", "seat", "discarder", "left"),
    [
        pytest.param("pung-chow", Wind.SOUTH, Wind.WEST, "east", id="south-from-west"),
        pytest.param("pung-chow", Wind.EAST, Wind.SOUTH, "north", id="east-from-south"),
        pytest.param("pung-chow-limit", Wind.WEST, Wind.NORTH, "south", id="limit-west-from-north"),
    ],
)
def test_a_winning_chow_from_another_player_is_refused(name, seat, discarder, left):
    with pytest.raises(OptionError) as refused:
        score_text(CHOW_ONLY, load(name), Situation(seat=seat, discarder=discarder))
    assert refused.value.code == "bad-option" and str(refused.value) == (
        f"--from names {discarder.word}, but the winning tile completes a chow, which is claimed only from "
        f"the player on the winner's left: give --from {left}, or drop --from"
    )


def test_settle_of_a_chow_fed_from_across_the_table_is_refused_not_paid_for_all():
    from cli_helpers import run

    table = [
        "--west",
        "5d6d7d* 6d6d6d* 8d8d8d* 2d3d4d! 9d9d",
        "--east",
        "10",
        "--south",
        "10",
        "--north",
        "10",
    ]
    refused = run("settle", "-r", "pung-chow-limit", "--from", "north", *table)
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert "--from names north, but the winning tile completes a chow" in refused.stderr


def test_at_a_table_of_three_easts_left_is_west():
    """East, South and West at the table: West plays before East, so East's chow is West's discard (the
    left seat is the one before the winner among the table's, not North, who is not there)."""
    from cli_helpers import run

    table = ["--east", CHOW_ONLY, "--south", "4", "--west", "6"]
    assert run("settle", *table, "--from", "west").exit_code == 0
    refused = run("settle", *table, "--from", "south")
    assert refused.exit_code == 2 and "give --from west, or drop --from" in refused.stderr
    three = (Wind.EAST, Wind.SOUTH, Wind.WEST)
    assert score_text(CHOW_ONLY, RS, Situation(discarder=Wind.WEST), seats=three).score == 32
