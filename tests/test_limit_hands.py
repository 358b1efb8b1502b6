"""The limit ruleset (Part II) rule by rule: the seven limit hands, the bonus doublings, the bonus
scores, the completing-pair and sequence rows, the own-wind doublings and the "Other Hands" table."""

from __future__ import annotations

import shlex

import pytest
from cli_helpers import run, score_line
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.engine.errors import HandError

NON_EAST = {"east": 600, "south": 300, "west": 300, "north": 300}


def _score(args: str) -> dict:
    return score_line(args, "-r", "pung-chow-limit")


def _rules(result: dict) -> list[tuple[str, int, int]]:
    return [(x["rule"], x["points"], x["doublings"]) for x in result["lines"]]


def _others(seat: str) -> dict[str, int]:
    return {k: v for k, v in NON_EAST.items() if k != seat}


# --- the seven "Limit Hands" -------------------------------------------------------------------

LIMIT_HANDS = [
    pytest.param(
        "'1d9d 1b9b 1c9c EwSwWwNw RdGd WdWd!' --seat south --drawn", "single_heads", id="1-single-heads"
    ),
    pytest.param("'1d1d1d 9c9c9c* EwEwEw NwNwNw* Rd!Rd' --seat south", "heads_only", id="2-heads-only"),
    pytest.param("'EwEwEw* SwSwSw WwWwWw NwNw!Nw 2c2c' --seat south", "four_winds", id="3-four-winds"),
    pytest.param(
        "'EwEwEw* SwSwSw WwWwWw 2c3c4c Nw!Nw' --seat south",
        "three_winds_and_pair",
        id="4-three-winds-and-pair",
    ),
    pytest.param(
        "'2c2c2c2c* 3d3d3d3d* 4b4b4b4b# 6b6b6b6b* 5d!5d' --seat south", "all_kongs", id="5-all-kongs"
    ),
    pytest.param(
        "'2c3c4c 5c6c7c 3d4d5d 6b6b6b EwEw' --seat east --original-hand",
        "east_original_hand",
        id="6-east-original-draw",
    ),
    pytest.param("'RdRdRd* GdGdGd WdWdWd 2c3c4c 5d!5d' --seat south", "three_dragons", id="7-three-dragons"),
]


@pytest.mark.parametrize(("args", "rule"), LIMIT_HANDS)
def test_limit_hand_scores_the_limit(args, rule):
    result = _score(args)
    limit_lines = [x for x in result["lines"] if x["kind"] == "limit"]
    assert [x["rule"] for x in limit_lines] == [rule]  # one limit line, whatever else applies
    assert (limit_lines[0]["points"], limit_lines[0]["doublings"]) == (0, 0)
    assert result["limit_hand"] == limit_lines[0]["label"]
    assert result["payable"] == 300
    assert result["score"] == max(300, result["points"] * 2 ** result["doublings"])
    seat = result["seat"]
    expected = {s: 600 for s in ("south", "west", "north")} if seat == "east" else _others(seat)
    assert result["payments"] == expected


@pytest.mark.parametrize(("args", "rule"), LIMIT_HANDS)
def test_limit_hand_follows_the_limit_option(args, rule):
    result = _score(args + " --limit 600")
    assert (result["limit_hand"] is not None, result["payable"]) == (True, 600)
    payers = result["payments"]
    assert max(payers.values()) == 1200  # East pays, or collects, twice the limit


def test_east_collects_twice_the_limit_from_all_for_a_limit_hand():
    # "In all limit hand cases, East Wind, if winner, collects double limit from All players" (Ex 7).
    result = _score("'RdRdRd* GdGdGd WdWdWd 2c3c4c 5d!5d' --seat east")
    assert result["limit_hand"] == "Three sets of dragons (three Doctors)"
    assert result["payments"] == {"south": 600, "west": 600, "north": 600}


def test_limit_hand_never_scores_less_than_its_own_count():
    # All heads, three dragons, characters with honors: 58 points doubled 5 times is 1856, more than 300.
    args = "'RdRdRd GdGdGd WdWdWd 9c9c9c Ew!Ew' --seat east --drawn"
    capped, lifted = _score(args), _score(args + " --no-limit")
    assert (capped["points"], capped["doublings"], capped["score"], capped["payable"]) == (58, 5, 1856, 300)
    assert capped["limit_hand"] == "Sets of heads only"  # the first limit hand in the card that applies
    assert (lifted["score"], lifted["payable"]) == (1856, 1856)
    assert lifted["payments"] == {"south": 3712, "west": 3712, "north": 3712}


def test_limit_hand_with_the_limit_lifted_is_worth_the_usual_limit():
    result = _score("'RdRdRd* GdGdGd WdWdWd 2c3c4c 5d!5d' --seat south --no-limit")
    assert (result["points"], result["doublings"]) == (36, 3)  # 288 counted
    assert (result["limit"], result["score"], result["payable"]) == (None, 300, 300)


NOT_LIMIT = [
    pytest.param("'EwEwEw* SwSwSw WwWwWw 2c3c4c Rd!Rd' --seat north", id="three-winds-pair-of-dragons"),
    pytest.param("'RdRdRd* GdGdGd 2c3c4c 6b6b6b Wd!Wd' --seat north", id="two-dragon-sets-and-a-pair"),
    pytest.param("'2c2c2c2c* 3d3d3d3d* 4b4b4b4b# 6b6b6b 5d!5d' --seat north", id="three-kongs"),
    pytest.param("'1d1d1d 9c9c9c* EwEwEw 2b3b4b Rd!Rd' --seat north", id="heads-and-a-sequence"),
    pytest.param("'2c3c4c 5c6c7c 3d4d5d 6b6b6b SwSw' --seat south --original-hand", id="south-original-hand"),
]


@pytest.mark.parametrize("args", NOT_LIMIT)
def test_near_misses_are_not_limit_hands(args):
    result = _score(args)
    assert result["limit_hand"] is None
    assert not [x for x in result["lines"] if x["kind"] == "limit"]
    assert result["score"] == result["points"] * 2 ** result["doublings"]


def test_south_original_hand_scores_as_it_lies():
    # Part II names only East's original draw; another seat's hand has no extra score.
    result = _score("'2c3c4c 5c6c7c 3d4d5d 6b6b6b SwSw' --seat south --original-hand")
    assert _rules(result) == [("mah_jongg", 10, 0), ("winner_pung_simples", 6, 0), ("pair_own_wind", 2, 0)]
    assert result["score"] == 18


def test_twelve_heads_and_a_pair_of_simples_is_not_single_heads():
    with pytest.raises(HandError) as caught:
        _score("'1d9d 1b9b 1c9c EwSwWwNw RdGd 5d5d!' --seat south --drawn")
    assert caught.value.code == "not-winning"


# --- Bonus Scores 3, 4 and 6: the bonus doublings -----------------------------------------------

BASE = "'2c3c4c 5c6c7c 3d4d5d 6b6b6b Ww!Ww' --seat south"  # 22 drawn: 10 + 6 + pair of heads drawn 6

BONUS_DOUBLINGS = [
    pytest.param(f"{BASE} --drawn", [], 22, 0, id="plain-draw"),
    pytest.param(f"{BASE} --drawn --last-tile", ["last_tile"], 22, 1, id="last-tile"),
    pytest.param(f"{BASE} --last-tile", [], 20, 0, id="last-tile-by-discard-does-not-count"),
    pytest.param(f"{BASE} --loose", ["loose_tile"], 22, 1, id="loose-tile"),
    pytest.param(f"{BASE} --loose --last-tile", ["last_tile", "loose_tile"], 22, 2, id="loose-and-last-tile"),
    pytest.param(
        "'2c2c2c2c!* 3d3d3d* 4b5b6b 6b7b8b 5d5d' --seat south --drawn",
        ["fourth_of_exposed_pung"],
        20,
        1,
        id="fourth-tile-of-exposed-pung-drawn",
    ),
    pytest.param(
        "'2c2c2c2c!* 3d3d3d* 4b5b6b 6b7b8b 5d5d' --seat south",
        ["fourth_of_exposed_pung"],
        20,
        1,
        id="fourth-tile-of-exposed-pung-punged",
    ),
    pytest.param(
        "'2c2c2c2c* 3d3d3d* 4b5b6b 6b7b8b 5d!5d' --seat south",
        [],
        22,
        0,
        id="kong-not-holding-the-winning-tile",
    ),
]


@pytest.mark.parametrize(("args", "doubles", "points", "doublings"), BONUS_DOUBLINGS)
def test_bonus_doubling(args, doubles, points, doublings):
    result = _score(args)
    assert [x["rule"] for x in result["lines"] if x["kind"] == "double"] == doubles
    assert all(x["doublings"] == 1 for x in result["lines"] if x["kind"] == "double")
    assert (result["points"], result["doublings"]) == (points, doublings)
    assert result["score"] == points * 2**doublings


def test_fourth_tile_of_exposed_pung_whole_result():
    result = _score("'2c2c2c2c!* 3d3d3d* 4b5b6b 6b7b8b 5d5d' --seat south --drawn")
    assert _rules(result) == [
        ("mah_jongg", 10, 0),
        ("winner_kong_simples", 8, 0),
        ("winner_pung_simples", 2, 0),
        ("fourth_of_exposed_pung", 0, 1),
    ]
    assert (result["score"], result["waits"]) == (40, ["2c"])
    assert result["payments"] == {"east": 80, "west": 40, "north": 40}


FIRST_DISCARD = [
    pytest.param(f"{BASE} --first-discard", 150, 170, id="half-of-300"),
    pytest.param(f"{BASE} --first-discard --limit 600", 300, 320, id="half-of-600"),
    pytest.param(f"{BASE} --first-discard --no-limit", 150, 170, id="no-limit-half-of-usual"),
]


@pytest.mark.parametrize(("args", "bonus", "points"), FIRST_DISCARD)
def test_first_discard_win_is_half_the_limit(args, bonus, points):
    result = _score(args)
    assert _rules(result) == [
        ("mah_jongg", 10, 0),
        ("first_discard", bonus, 0),
        ("winner_pung_simples", 6, 0),
        ("pair_heads_punged", 4, 0),
    ]
    assert (result["points"], result["score"]) == (points, points)


def test_first_discard_needs_a_claimed_discard():
    # Once noted and paid as a self-draw; refused since, one of the two on a guess (tests/test_impossible.py).
    result = run("score", *shlex.split(f"{BASE} -r pung-chow-limit --first-discard --drawn"))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "error: --first-discard is a win on a discard before one's own first draw, not self-drawn: drop "
        "--first-discard or --drawn\n"
    )


def test_first_discard_2c3c4c_5c6c7c_3d4d5d_6b6b6b_ww_ww_as_east_is_refused():
    """`'2c3c4c 5c6c7c 3d4d5d 6b6b6b Ww!Ww' --first-discard` (East, the default seat) was paid the
    half-limit bonus (150), then noted and paid without it; but East plays the first card and cannot win
    on his own discard: the seat or the fact is mistyped, and either payment is a guess."""
    result = run("score", "2c3c4c 5c6c7c 3d4d5d 6b6b6b Ww!Ww", "-r", "pung-chow-limit", "--first-discard")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "error: --first-discard is a win on the first card played, East's discard, but East's hand won, and "
        "no one wins on his own discard: drop --first-discard, or give the player who won it\n"
    )


def test_first_discard_does_not_cancel_no_other_score():
    # The chowed 2 character fills an open-ended 3-4: nothing else scores in hand or on table.
    result = _score("'2c!3c4c 5c6c7c 3d4d5d 7b8b9b 8d8d' --seat south --first-discard")
    assert _rules(result) == [("mah_jongg", 10, 0), ("no_other_score", 10, 0), ("first_discard", 150, 0)]
    assert (result["score"], result["payable"]) == (170, 170)


def test_first_discard_is_capped_with_the_doublings():
    # 10 + 150 + 10 (white dragons concealed) + 2 = 172, doubled for the dragons: 344 -> 300.
    result = _score("'WdWdWd 5c6c7c 3d4d5d 7b8b9b 8d!8d' --seat south --first-discard")
    assert (result["points"], result["doublings"], result["score"], result["payable"]) == (172, 1, 344, 300)


# --- Scoring Values: completing pair, sequences, other pairs -------------------------------------

CHOWS = "2c3c4c 5c6c7c 3d4d5d 7b8b9b"

PAIRS = [
    pytest.param(f"'{CHOWS} 8d!8d' --seat south", "pair_simples_punged", 2, id="2-8-punged"),
    pytest.param(f"'{CHOWS} 8d!8d' --seat south --drawn", "pair_simples_drawn", 4, id="2-8-drawn"),
    pytest.param(f"'{CHOWS} Rd!Rd' --seat south", "pair_heads_punged", 4, id="heads-punged"),
    pytest.param(f"'{CHOWS} 1d!1d' --seat south --loose", "pair_heads_drawn", 6, id="heads-drawn-loose"),
    pytest.param(f"'{CHOWS} Sw!Sw' --seat south --round east", "pair_heads_punged", 4, id="own-wind-punged"),
    pytest.param(
        f"'{CHOWS} Sw!Sw' --seat south --round south", "pair_own_wind_round_punged", 6, id="own-in-own-punged"
    ),
    pytest.param(
        f"'{CHOWS} Sw!Sw' --seat south --round south --drawn",
        "pair_own_wind_round_drawn",
        8,
        id="own-in-own-drawn",
    ),
    # The winning tile is elsewhere (an open chow by discard scores nothing): "Other Hands" pair rows.
    pytest.param("'2c!3c4c 5c6c7c 3d4d5d 7b8b9b RdRd' --seat south", "pair_dragons", 2, id="other-dragons"),
    pytest.param(
        "'2c!3c4c 5c6c7c 3d4d5d 7b8b9b SwSw' --seat south --round east",
        "pair_own_wind",
        2,
        id="other-own-wind",
    ),
    pytest.param(
        "'2c!3c4c 5c6c7c 3d4d5d 7b8b9b SwSw' --seat north --round south",
        "pair_round_wind",
        2,
        id="other-round-wind",
    ),
    pytest.param(
        "'2c!3c4c 5c6c7c 3d4d5d 7b8b9b SwSw' --seat south --round south",
        "pair_own_wind_in_own_round",
        4,
        id="other-own-in-own",
    ),
]


@pytest.mark.parametrize(("args", "rule", "points"), PAIRS)
def test_pair_rows(args, rule, points):
    result = _score(args)
    pair_lines = [x for x in result["lines"] if x["kind"] == "pair"]
    assert [(x["rule"], x["points"]) for x in pair_lines] == [(rule, points)]  # one row per pair
    assert result["points"] == 10 + points


def test_plain_wind_pair_scores_nothing_and_leaves_no_other_score():
    result = _score("'2c!3c4c 5c6c7c 3d4d5d 7b8b9b WwWw' --seat south --round east")
    assert _rules(result) == [("mah_jongg", 10, 0), ("no_other_score", 10, 0)]
    assert (result["score"], result["payments"]) == (20, {"east": 40, "west": 20, "north": 20})


SEQUENCES = [
    pytest.param("'2c3c4c 5c6c7c 3d4d5d 7b8b!9b 8d8d'", "", "sequence_closed_chowed", 2, id="middle-chowed"),
    pytest.param(
        "'2c3c4c 5c6c7c 3d4d5d 7b8b!9b 8d8d'", "--drawn", "sequence_closed_drawn", 4, id="middle-drawn"
    ),
    pytest.param(
        "'2c3c4c 5c6c7c 3d4d5d 1b2b3b! 8d8d'", "", "sequence_closed_chowed", 2, id="only-end-3-chowed"
    ),
    pytest.param(
        "'2c3c4c 5c6c7c 3d4d5d 7b!8b9b 8d8d'", "--drawn", "sequence_closed_drawn", 4, id="only-end-7-drawn"
    ),
    pytest.param("'2c3c4c! 5c6c7c 3d4d5d 7b8b9b 8d8d'", "--drawn", "sequence_open_drawn", 4, id="open-drawn"),
]


@pytest.mark.parametrize(("hand", "how", "rule", "points"), SEQUENCES)
def test_sequence_completion(hand, how, rule, points):
    result = _score(f"{hand} --seat south {how}")
    assert _rules(result) == [("mah_jongg", 10, 0), (rule, points, 0)]


def test_open_sequence_chowed_scores_nothing():
    result = _score("'2c3c4c! 5c6c7c 3d4d5d 7b8b9b 8d8d' --seat south")
    assert _rules(result) == [("mah_jongg", 10, 0), ("no_other_score", 10, 0)]
    assert result["waits"] == ["1c", "4c"]


# --- Doubling Honor Scores: own wind, and own wind in own wind round --------------------------------
# (docs/rulings.md#own-wind-in-own-round)

OWN_WIND = "'SwSwSw 2c3c4c 5c6c7c 3d4d5d 8b!8b'"  # 10 + 10 (concealed heads) + 2 (pair punged) = 22

OWN_WIND_CASES = [
    pytest.param("--seat south --round east", [("own_wind", 1)], 44, id="own-wind-once"),
    pytest.param("--seat south --round south", [("own_wind_in_own_round", 2)], 88, id="own-in-own-twice"),
    pytest.param("--seat west --round south", [], 22, id="round-wind-only-no-double"),
]


@pytest.mark.parametrize(("options", "doubles", "score"), OWN_WIND_CASES)
def test_own_wind_set_doubles(options, doubles, score):
    result = _score(f"{OWN_WIND} {options}")
    assert [(x["rule"], x["doublings"]) for x in result["lines"] if x["kind"] == "double"] == doubles
    assert (result["points"], result["score"]) == (22, score)


def test_own_flower_and_season_double_as_in_part_one():
    # The bonus tiles inside the hand's quotes: a word after it is refused (options.StrayWord).
    result = _score("'2c3c4c 5c6c7c 3d4d5d 6b6b6b Ww!Ww 2f 2s 3f' --seat south --drawn")
    assert [x["rule"] for x in result["lines"] if x["kind"] == "double"] == ["own_flower", "own_season"]
    assert (result["points"], result["score"]) == (22, 88)


# --- "Other Hands": a non-winner's sets and pair ----------------------------------------------


def test_non_winner_uses_the_other_hands_table():
    result = _score("'5c5c5c 9d9d9d 2b2b2b* RdRdRdRd* SwSw' --seat south --round south --loser")
    assert _rules(result) == [
        ("pung_simples", 4, 0),
        ("pung_heads", 8, 0),
        ("pung_simples", 2, 0),
        ("kong_heads", 16, 0),
        ("pair_own_wind_in_own_round", 4, 0),
        ("red_dragons", 0, 1),
    ]
    assert (result["points"], result["doublings"], result["score"]) == (34, 1, 68)
    assert "payments" not in result


def test_non_winner_gets_no_winner_only_doublings():
    # All one suit with no sequences: both winner-only doublings, neither for a loser.
    result = _score("'2c2c2c 5c5c5c 7c7c7c 9c9c' --seat west --loser")
    assert _rules(result) == [("pung_simples", 4, 0), ("pung_simples", 4, 0), ("pung_simples", 4, 0)]
    assert result["score"] == 12


# --- properties --------------------------------------------------------------------------------

BOOK_HANDS = [
    "'9c9c9c NwNwNw 5b5b!5b RdRdRd* 2d2d' --seat north --round north --drawn",
    "'RdRdRd* GdGdGd 9b9b9b 4c4c4c EwEw!' --seat east --round east --drawn",
    "'1d9d 1b9b 1c9c EwSwWwNw RdGd WdWd!' --seat south --drawn",
    "'WdWdWd 4d4d4d* 9d9d9d* 5d6d!7d SwSw' --seat south --round south --drawn",
]


@given(st.sampled_from(BOOK_HANDS), st.integers(min_value=1, max_value=5000))
def test_the_limit_caps_what_changes_hands_and_east_pays_twice(args, limit):
    result = _score(f"{args} --limit {limit}")
    unlimited = _score(f"{args} --no-limit")
    assert result["lines"] == unlimited["lines"]  # the breakdown never depends on the limit
    assert result["payable"] == min(result["score"], limit)
    for seat, amount in result["payments"].items():
        assert amount == result["payable"] * (2 if "east" in (seat, result["seat"]) else 1)


@pytest.mark.parametrize("ruleset", ["pung-chow-limit", "classical-bmja", "classical-dmjl"])
def test_first_discard_from_south_is_refused(ruleset: str):
    """Regression: `--first-discard --from south` was paid the first-discard bonus (pung-chow-limit: half
    the limit, south paying for all under Harr's penalties), though the first card played is East's
    discard (docs/rulings.md#first-discard): refused in one line, nothing paid; from East it is scored."""
    from cli_helpers import run

    hand = (
        "2c3c4c 5c6c7c 3d4d5d 6b6b6b Ww!Ww"
        if ruleset == "pung-chow-limit"
        else "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c"  # nothing laid open before the first discard
    )
    args = ["score", hand, "-r", ruleset, "--seat", "west", "--first-discard"]
    refused = run(*args, "--from", "south")
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: --first-discard is a win on the first card played, East's discard, but --from names south: "
        "give --from east, or drop --first-discard\n"
    )
    assert run(*args, "--from", "east").exit_code == 0
    settled = run(
        "settle",
        "--west",
        hand,
        "--east",
        "4",
        "--south",
        "8",
        "--north",
        "2",
        "-r",
        ruleset,
        "--first-discard",
        "--from",
        "south",
    )
    assert settled.exit_code == 2 and "but --from names south" in settled.stderr
