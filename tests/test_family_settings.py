"""The settings other rule families need: max_chows, limit_hand_counts, limit_hand_alone,
long_hand_scores_zero, original_hand_drawn."""

from __future__ import annotations

import pytest
from family_helpers import MAH_JONGG, score

from pungchow_calc.engine.errors import HandError
from pungchow_calc.engine.rules import Invalid, Ruleset, compile_ruleset

TWO_CHOWS = "1b2b3b* 4c5c6c* 7d7d7d EwEwEw Gd!Gd"
LIMIT_HAND = {"id": "honors", "label": "All honors", "who": "winner", "when": ["all_honors"], "limit": True}
RICH = "RdRdRdRd# GdGdGdGd# WdWdWdWd# EwEwEw Sw!Sw"  # all honors, counting far above 500
BIG = {"id": "big", "label": "Kong", "scope": "set", "when": [{"meld": "kong"}], "points": 32}
DRAGONS = {
    "id": "dragons",
    "label": "Dragons",
    "scope": "set",
    "when": [{"tiles": "dragons"}],
    "doublings": 2,
}


def ruleset(*rules: dict[str, object], **settings: object) -> Ruleset:
    return compile_ruleset({"settings": settings, "rules": [MAH_JONGG, *rules]}, "t", "<test>")


@pytest.mark.parametrize(("most", "wins"), [(None, True), (2, True), (1, False), (0, False)])
def test_max_chows(most: int | None, wins: bool) -> None:
    rules = ruleset(max_chows=most)
    if wins:
        assert score(TWO_CHOWS, rules).points == 20
    else:
        with pytest.raises(HandError) as caught:
            score(TWO_CHOWS, rules)
        assert caught.value.code == "not-winning"


@pytest.mark.parametrize(
    ("counts", "limit", "expected"),
    [(True, None, None), (False, None, 500), (False, 300, 300), (True, 300, None)],
    ids=["counts-no-limit", "fixed-no-limit", "fixed-limit", "counts-limit"],
)
def test_limit_hand_counts(counts: bool, limit: int | None, expected: int | None) -> None:
    rules = ruleset(LIMIT_HAND, BIG, DRAGONS, limit=500, limit_hand_value=500, limit_hand_counts=counts)
    result = score(RICH, rules, limit=limit)
    assert result.limit_hand == "All honors"
    count = result.points * 2**result.doublings
    assert count > 500  # the hand's own count is more than the limit hand value
    assert result.score == (expected if expected is not None else count)
    assert result.payable == (result.score if limit is None else min(result.score, limit))


@pytest.mark.parametrize(
    ("alone", "rules", "points", "doublings"),
    [
        (True, ["honors"], 0, 0),
        (False, ["mj", "big", "big", "big", "dragons", "dragons", "dragons", "honors"], 116, 6),
    ],
    ids=["alone-the-limit-line", "not-alone-every-line"],
)
def test_limit_hand_alone(alone: bool, rules: list[str], points: int, doublings: int) -> None:
    ruleset_ = ruleset(
        LIMIT_HAND, BIG, DRAGONS, limit_hand_value=500, limit_hand_counts=False, limit_hand_alone=alone
    )
    result = score(RICH, ruleset_)
    assert (result.score, result.limit_hand) == (500, "All honors")  # paid the same either way
    assert [line.rule for line in result.lines] == rules
    assert (result.points, result.doublings) == (points, doublings)


def test_limit_hand_alone_keeps_a_hand_below_its_limit_hand_whole() -> None:
    """A hand that is no limit hand is scored line by line whatever limit_hand_alone says."""
    ruleset_ = ruleset(LIMIT_HAND, BIG, DRAGONS, limit_hand_value=500, limit_hand_alone=True)
    result = score("RdRdRdRd# 1c1c1c 2b3b4b 5d6d7d 9c!9c", ruleset_)
    assert result.limit_hand is None
    assert [line.rule for line in result.lines] == ["mj", "big", "dragons"]


@pytest.mark.parametrize("zero", [True, False])
def test_long_hand_scores_zero(zero: bool) -> None:
    rules = ruleset(long_hand_scores_zero=zero)
    long_hand = "1b1b1b 2b2b2b 3b3b3b 4b4b4b 5b5b 6b"  # 15 tiles, no kong
    if zero:
        result = score(long_hand, rules, winner=False)
        assert (result.score, result.payable, result.lines) == (0, 0, ())
        # Shown whole (its pool as leftover tiles, not only its marked sets), and said why it is 0.
        assert sorted(t.code for m in result.arrangement for t in m.tiles) == sorted(
            ["1b", "1b", "1b", "2b", "2b", "2b", "3b", "3b", "3b", "4b", "4b", "4b", "5b", "5b", "6b"]
        )
        long_note = "15 tiles, more than a loser's hand holds (13): a long hand"
        assert any(long_note in note for note in result.notes)
    else:
        with pytest.raises(HandError) as caught:
            score(long_hand, rules, winner=False)
        assert caught.value.code == "tile-count"


@pytest.mark.parametrize(
    "settings",
    [
        {"max_chows": -1},
        {"max_chows": "one"},
        {"limit_hand_counts": 1},
        {"long_hand_scores_zero": "yes"},
        {"limit_hand_alone": "yes"},
    ],
    ids=["negative-chows", "text-chows", "counts-not-bool", "zero-not-bool", "alone-not-bool"],
)
def test_bad_settings(settings: dict[str, object]) -> None:
    with pytest.raises(Invalid):
        ruleset(**settings)


@pytest.mark.parametrize(
    ("share", "limit", "expected"),
    [(0.5, None, 250), (0.5, 300, 150), (0.01, None, 20)],  # the count (20 points) is more than 5
    ids=["half-of-value", "half-of-limit-given", "count-wins"],
)
def test_limit_share(share: float, limit: int | None, expected: int) -> None:
    honors = {**LIMIT_HAND, "limit": share}
    rules = ruleset(honors, limit=500, limit_hand_value=500)
    result = score("EwEwEw* SwSwSw* WdWdWd RdRdRd Nw!Nw", rules, limit=limit)
    assert result.score == expected
    assert result.limit_hand == (None if expected == 20 else "All honors")


TIERS = [
    {"name": "Mangan", "doublings": 5, "score": 2000},
    {"name": "Haneman", "doublings": 6, "score": 3000},
]


@pytest.mark.parametrize(
    ("dragon_doublings", "expected", "paid_as"),
    [(0, 2000, "All honors"), (6, 3000, "Haneman")],
    ids=["the-share-when-more", "the-count-by-its-tier"],
)
def test_limit_share_against_a_count_under_limits_by_doublings(
    dragon_doublings: int, expected: int, paid_as: str
) -> None:
    # With limits by doublings (riichi's mangan, haneman), the count a share is set against is the
    # count's own value: 20 x 2^(6+2) = 5,120 points is a haneman, 3,000, not 5,120.
    honors = {**LIMIT_HAND, "limit": 0.25}
    dragons = {**DRAGONS, "scope": "hand", "when": ["all_honors"], "doublings": dragon_doublings}
    rules = ruleset(honors, dragons, doubling_base=2, limits=TIERS, limit_hand_value=8000)
    result = score("EwEwEw* SwSwSw* WdWdWd RdRdRd Nw!Nw", rules)
    assert (result.score, result.limit_hand) == (expected, paid_as)


@pytest.mark.parametrize("share", [0, 1.5, -0.5, "half"], ids=["zero", "more-than-one", "negative", "text"])
def test_bad_limit_share(share: object) -> None:
    with pytest.raises(Invalid, match="limit"):
        ruleset({**LIMIT_HAND, "limit": share}, limit=500)


ORIGINAL = "1b1b1b 3c3c3c 5d5d5d 4b4b4b RdRd"  # complete as dealt: no tile marked


@pytest.mark.parametrize(
    ("drawn", "seat", "marked", "refused"),
    [
        (False, "east", False, None),
        (False, "south", False, None),
        (False, "east", True, "original-hand-winning-tile"),
        (False, "south", True, "original-hand-winning-tile"),
        (True, "east", False, None),
        (True, "east", True, "original-hand-winning-tile"),
        (True, "south", True, None),
        (True, "south", False, "no-winning-tile"),
    ],
    ids=[
        "as-dealt-east",
        "as-dealt-south",
        "as-dealt-east-marked",
        "as-dealt-south-marked",
        "drawn-east-as-dealt",
        "drawn-east-marked",
        "drawn-south-marks-its-first-draw",
        "drawn-south-unmarked",
    ],
)
def test_original_hand_drawn(drawn: bool, seat: str, marked: bool, refused: str | None) -> None:
    """original_hand_drawn: another seat than East marks the first draw that completed its original
    hand (riichi's chiihou); else every original hand is as dealt, no tile marked (the book)."""
    hand = ORIGINAL.replace("3c3c3c", "3c3c!3c") if marked else ORIGINAL
    rules = ruleset(original_hand_drawn=drawn)
    if refused is None:
        assert score(hand, rules, seat=seat, original_hand=True).points == 20
    else:
        with pytest.raises(HandError) as caught:
            score(hand, rules, seat=seat, original_hand=True)
        assert caught.value.code == refused


def test_original_hand_drawn_is_true_or_false() -> None:
    with pytest.raises(Invalid, match="original_hand_drawn must be true or false"):
        ruleset(original_hand_drawn="yes")
