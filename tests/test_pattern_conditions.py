"""Tiles named in the ruleset and one-suit patterns (engine/conditions/pattern.py)."""

from __future__ import annotations

import pytest
from family_helpers import MAH_JONGG, holds, one_rule, rule_ids, score
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.engine.errors import HandError
from pungchow_calc.engine.rules import Invalid, compile_ruleset

JADE = ["2b", "3b", "4b", "6b", "8b", "Gd"]
GATES = {"ranks": [3, 1, 1, 1, 1, 1, 1, 1, 3], "extra": [2, 3, 4, 5, 6, 7, 8]}


@pytest.mark.parametrize(
    ("hand", "params", "expected"),
    [
        ("2b2b2b2b* GdGdGd 6b6b6b 4b4b4b 8b!8b", JADE, True),
        ("1b1b1b1b* GdGdGd 6b6b6b 4b4b4b 8b!8b", JADE, False),
        ("1c1c1c* 9c9c9c* 1d1d1d 9d9d9d 1b!1b", "terminals", True),
        ("1c1c1c* 9c9c9c* 1d1d1d 9d9d9d Ew!Ew", "terminals", False),
        ("1c1c1c* 9c9c9c* 1d1d1d 9d9d9d Ew!Ew", ["terminals", "Ew"], True),  # classes and tiles mixed
    ],
    ids=["jade", "not-jade", "terminals", "a-wind", "terminals-and-east"],
)
def test_all_tiles(hand: str, params: object, expected: bool) -> None:
    assert holds(hand, {"all_tiles": params}) is expected


@pytest.mark.parametrize(
    ("hand", "params", "expected"),
    [
        ("2d2d2d* 5d!5d5d 1b1b1b 2b2b 9c9c9c9c#", "5d", True),
        ("2d!2d2d* 5d5d5d 1b1b1b 2b2b 9c9c9c9c#", "5d", False),
        ("2d!2d2d* 5d5d5d 1b1b1b 2b2b 9c9c9c9c#", ["5d", "simples"], True),
    ],
    ids=["five-of-dots", "another-tile", "a-class"],
)
def test_won_with(hand: str, params: object, expected: bool) -> None:
    assert holds(hand, {"won_with": params}, win_by="loose") is expected


@given(st.sampled_from(["2", "3", "4", "5", "6", "7", "8"]), st.sampled_from(["c", "b", "d"]))
def test_nine_gates_pattern_for_every_extra_tile_and_suit(extra: str, suit: str) -> None:
    tiles = [f"{r}{suit}" for r in "1112345678999"] + [f"{extra}{suit}"]
    hand = "".join(tiles[:-1]) + f"{extra}{suit}!"
    assert holds(hand, {"suit_pattern": GATES})
    assert holds(hand, {"suit_pattern": {**GATES, "extra_wins": True}})
    assert not holds(hand, {"suit_pattern": {**GATES, "extra": [1 if extra != "1" else 9]}})


@pytest.mark.parametrize(
    ("hand", "params", "expected"),
    [
        ("1c1c1c2c3c4c5c6c!7c8c9c9c9c5c", {**GATES, "extra_wins": True}, False),  # extra 5, won on 6
        ("1c1c1c2c3c4c5c6c!7c8c9c9c9c5c", GATES, True),
        ("1c1c1c* 2c3c4c5c6c!7c8c9c9c9c5c", {**GATES, "concealed": True}, False),
        ("1c1c1c* 3c4c5c* 9c9c9c* 6c7c8c* 2c!2c", {**GATES, "extra": [2, 5, 8]}, True),  # squirming snake
        ("1c1c1c* 4c5c6c* 9c9c9c* 6c7c8c* 2c!2c", {**GATES, "extra": [2, 5, 8]}, False),
        (
            "1c!1c2c3c4c5c6c7c8c9cEwWwSwNw",
            {"ranks": [2, 1, 1, 1, 1, 1, 1, 1, 1], "with": ["Ew", "Sw", "Ww", "Nw"]},
            True,
        ),
        (
            "1c!1c 2c3c4c* 5c6c7c* 7c8c9c EwEwEw",
            {"ranks": [2, 1, 1, 1, 1, 1, 1, 1, 1], "with": ["Ew", "Sw", "Ww", "Nw"]},
            False,
        ),
    ],
    ids=["extra-not-winning", "extra-any", "concealed", "snake", "no-snake", "wriggling", "not-wriggling"],
)
def test_suit_pattern(hand: str, params: dict[str, object], expected: bool) -> None:
    assert holds(hand, {"suit_pattern": params}) is expected


def test_suit_pattern_is_a_shape_beyond_max_chows() -> None:
    """With one chow allowed, the nine gates (two chows at least) wins only as a pattern."""
    hand = "1c1c1c2c3c4c5c!6c7c8c9c9c9c5c"
    plain = compile_ruleset({"settings": {"max_chows": 1}, "rules": [MAH_JONGG]}, "t", "<test>")
    with pytest.raises(HandError) as caught:
        score(hand, plain)
    assert caught.value.code == "not-winning"
    gates = {
        "id": "gates",
        "label": "Gates",
        "who": "winner",
        "when": [{"suit_pattern": GATES}],
        "doublings": 1,
    }
    shaped = compile_ruleset({"settings": {"max_chows": 1}, "rules": [MAH_JONGG, gates]}, "t", "<test>")
    assert "gates" in rule_ids(score(hand, shaped))


@pytest.mark.parametrize(
    "condition",
    [
        {"all_tiles": ["2b", "xx"]},
        {"all_tiles": []},
        {"won_with": "1f"},
        {"won_with": "5d*"},
        {"suit_pattern": {"ranks": [3, 1, 1]}},
        {"suit_pattern": {"ranks": [3, 1, 1, 1, 1, 1, 1, 1, 5]}},
        {"suit_pattern": {**GATES, "extra": [0]}},
        {"suit_pattern": {**GATES, "with": "Ew"}},
        {"suit_pattern": {**GATES, "concealed": "yes"}},
        {"suit_pattern": {"ranks": [3, 1, 1, 1, 1, 1, 1, 1, 3], "extra_wins": True}},
        {"suit_pattern": {"extra": [2]}},
    ],
    ids=[
        "unknown-tile",
        "empty",
        "bonus-tile",
        "marked-tile",
        "short-ranks",
        "five-of-a-rank",
        "extra-zero",
        "with-not-list",
        "concealed-not-bool",
        "extra-wins-no-extra",
        "no-ranks",
    ],
)
def test_pattern_bad_parameters(condition: object) -> None:
    with pytest.raises(Invalid):
        one_rule(condition)


@pytest.mark.parametrize(
    ("hand", "params", "expected"),
    [
        ("2d2b2c4d4b4c6d6b6c7d7b7c8d!8b", {"triples": 4, "pairs": 1}, True),
        ("2d2b2c4d4b4c6d6b6c7d7b7c8d!8d", {"triples": 4, "pairs": 1}, False),  # a pair of one suit
        ("2d2b3d3b4d4b5d5b6d6b7d7b9d!9b", {"pairs": 7}, True),
        ("2d2b3d3b5d5b4d4b6d6b7d7b9d!9c", {"pairs": 7}, False),  # pairs in three suits
        ("2d2b2d2b4d4b5d5b6d6b7d7b9d!9b", {"pairs": 7}, True),  # the same rank twice
    ],
    ids=["triple-knitting", "plain-pair", "knitting", "three-suits", "repeated-rank"],
)
def test_knitted(hand: str, params: dict[str, int], expected: bool) -> None:
    rules = compile_ruleset(
        {
            "settings": {"limit": 1000},
            "rules": [MAH_JONGG, {"id": "x", "label": "k", "when": [{"knitted": params}], "limit": 0.5}],
        },
        "t",
        "<test>",
    )
    if expected:
        result = score(hand, rules)
        assert (result.limit_hand, result.score) == ("k", 500)
    else:
        with pytest.raises(HandError):
            score(hand, rules)


@pytest.mark.parametrize(
    ("hand", "tiles", "expected"),
    [
        ("EwEw1d!1d9b9bGdGdRdRdSwSwWwWw", "heads", True),
        ("EwEw2d!2d9b9bGdGdRdRdSwSwWwWw", "heads", False),
        ("EwEw2d!2d9b9bGdGdRdRdSwSwWwWw", ["heads", "2d"], True),
    ],
    ids=["heads", "a-simple", "heads-and-a-tile"],
)
def test_seven_pairs(hand: str, tiles: object, expected: bool) -> None:
    rules = compile_ruleset(
        {
            "settings": {"limit": 500},
            "rules": [MAH_JONGG, {"id": "x", "label": "7", "when": [{"seven_pairs": tiles}], "limit": True}],
        },
        "t",
        "<test>",
    )
    if expected:
        assert score(hand, rules).limit_hand == "7"
    else:
        with pytest.raises(HandError):
            score(hand, rules)


@pytest.mark.parametrize(
    "condition",
    [
        {"knitted": {"pairs": 6}},
        {"knitted": {"triples": -1, "pairs": 8}},
        {"knitted": 7},
        {"seven_pairs": "own_wind"},
    ],
    ids=["not-fourteen", "negative", "not-a-mapping", "seat-dependent-shape"],
)
def test_knitted_and_pairs_bad_parameters(condition: object) -> None:
    with pytest.raises(Invalid):
        one_rule(condition, limit=500)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("10d", "nor a playing tile: ranks are 1-9"),
        ("D5", "nor a playing tile: a tile is written rank then suit (5D, not D5)"),
        ("5x", "nor a playing tile: 'x' is no rank or suit"),
        ("terminal", "nor a playing tile (did you mean 'terminals'?)"),
        ("5d5d", "nor a playing tile: a tile list names one tile an item"),
        ("1f", "nor a playing tile: a tile list names one tile an item"),
    ],
    ids=["rank-10", "suit-first", "no-suit", "class-typo", "two-tiles", "bonus-tile"],
)
def test_a_tile_list_item_that_is_no_tile_says_why(code: str, said: str) -> None:
    """Regression `won_with: 10d`: told only "neither a tile class (...) nor a playing tile", not why."""
    with pytest.raises(Invalid) as caught:
        one_rule({"won_with": code})
    assert said in str(caught.value)
