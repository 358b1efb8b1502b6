"""Settling the table (Harr, "Settling the Scores", "Illustrations of Score Settling", Part II "The Limit
Hand", "Penalties", "Two and Three-Handed Games"; "Mah-Jongg or Mah-Diao" for the dead hand)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import EXAMPLE_13
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.engine.errors import NotationError, OptionError, RulesetError, TableError
from pungchow_calc.engine.payments import Payment, east_factor, winner_payments
from pungchow_calc.engine.penalties import wrong_size
from pungchow_calc.engine.situation import WinBy, stated
from pungchow_calc.engine.table import (
    Settlement,
    TableOptions,
    refuse_as_new,
    settle_scores,
    settle_table,
)
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.ruleset_files import load

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
SAMPLES = Path(__file__).resolve().parent.parent / "samples"
PART1 = load("pung-chow")
LIMIT = load("pung-chow-limit")


def flows(settlement: Settlement) -> list[tuple[str, str, int]]:
    """Every payment as (from, to, amount), in the engine's order."""
    return [(p.payer.name.lower(), p.payee.name.lower(), p.amount) for p in settlement.payments]


def nets(settlement: Settlement) -> dict[str, int]:
    """Each seat's net."""
    return {seat.name.lower(): amount for seat, amount in settlement.net.items()}


# --- "Illustrations of Score Settling", with the ERRATA page's totals -----------------------------

LAYOUTS = [
    pytest.param(
        # Page 46-47, errata: "East Wind scores 480 instead of 608; West Wind scores 272 instead of 400."
        # East collects double from each (960); West collects 272-64 and 272-16; South 64-16 from North.
        {E: 480, S: 64, W: 272, N: 16},
        E,
        [
            ("south", "east", 960),
            ("west", "east", 960),
            ("north", "east", 960),
            ("south", "west", 208),
            ("north", "west", 256),
            ("north", "south", 48),
        ],
        {"east": 2880, "south": -1120, "west": -496, "north": -1264},
        id="layout1-east-480",
    ),
    pytest.param(
        # Page 49, errata: "West Wind scores 2562 instead of 2816." North collects 22 (East 44); West
        # collects (2562-4) doubled from East and 2562-8 from South; South collects (8-4) doubled.
        {E: 4, S: 8, W: 2562, N: 22},
        N,
        [
            ("east", "north", 44),
            ("south", "north", 22),
            ("west", "north", 22),
            ("south", "west", 2554),
            ("east", "west", 5116),
            ("east", "south", 8),
        ],
        {"east": -5168, "south": -2568, "west": 7648, "north": 88},
        id="layout2-west-2562",
    ),
    pytest.param(
        # Page 50-51 as printed: 832 from East, 416 from West and South; West 54 from South and
        # (64-56) doubled = 16 from East; East (56-10) doubled = 92 from South.
        {E: 56, S: 10, W: 64, N: 416},
        N,
        [
            ("east", "north", 832),
            ("south", "north", 416),
            ("west", "north", 416),
            ("east", "west", 16),
            ("south", "west", 54),
            ("south", "east", 92),
        ],
        {"east": -756, "south": -562, "west": -346, "north": 1664},
        id="layout3-north-416",
    ),
    pytest.param(
        # Page 53-54, errata: read 368 for 304 and 184 for 152. East collects 16 and 32 doubled from
        # West and South; West 16 from South, "the loser all around".
        {E: 80, S: 48, W: 64, N: 184},
        N,
        [
            ("east", "north", 368),
            ("south", "north", 184),
            ("west", "north", 184),
            ("west", "east", 32),
            ("south", "east", 64),
            ("south", "west", 16),
        ],
        {"east": -272, "south": -264, "west": -200, "north": 736},
        id="layout4-north-184",
    ),
]


@pytest.mark.parametrize(("scores", "winner", "payments", "net"), LAYOUTS)
def test_illustrations_of_score_settling(
    scores: dict[Wind, int], winner: Wind, payments: list[tuple[str, str, int]], net: dict[str, int]
) -> None:
    result = settle_scores(scores, winner, east_multiplier=2)
    assert flows(result) == payments
    assert nets(result) == net
    assert result.balanced and sum(result.net.values()) == 0
    assert result.winner is winner
    assert dict(result.scores) == scores


def test_payment_reasons_say_why() -> None:
    result = settle_scores({E: 480, S: 64, W: 272, N: 16}, E)
    assert [p.reason for p in result.payments] == [
        "Mah-Jongg 480, East ×2",
        "Mah-Jongg 480, East ×2",
        "Mah-Jongg 480, East ×2",
        "difference 272−64",
        "difference 272−16",
        "difference 64−16",
    ]
    assert result.payments[0] == Payment(S, E, 960, "Mah-Jongg 480, East ×2")


@given(
    st.sampled_from(list(Wind)),
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=1, max_value=4),
    st.sets(st.sampled_from(list(Wind)), min_size=2).map(
        lambda seats: tuple(sorted(seats, key=lambda w: w.value))
    ),
)
def test_winner_payments_agree_with_east_factor(
    winner: Wind, payable: int, multiplier: int, seats: tuple[Wind, ...]
):
    # winner_payments applies East's factor in place: it must say what east_factor says.
    expected = {seat: payable * east_factor(seat, winner, multiplier) for seat in seats if seat is not winner}
    assert winner_payments(winner, payable, multiplier, seats) == expected


def test_winner_payments_unchanged() -> None:
    assert winner_payments(N, 384, 2) == {E: 768, S: 384, W: 384}
    assert winner_payments(E, 160, 2, (E, S, W)) == {S: 320, W: 320}
    assert east_factor(S, W, 2) == 1 and east_factor(W, E, 2) == 2


def test_east_multiplier_is_the_rulesets() -> None:
    result = settle_scores({E: 100, S: 40, W: 10}, E, east_multiplier=3)
    assert flows(result) == [("south", "east", 300), ("west", "east", 300), ("west", "south", 30)]


# --- the limit (Part II "The Limit Hand"; docs/rulings.md) -----------------------------------------

LIMITS = [
    pytest.param(
        {E: 500, S: 40, W: 10, N: 0},
        E,
        [
            ("south", "east", 600),
            ("west", "east", 600),
            ("north", "east", 600),
            ("west", "south", 30),
            ("north", "south", 40),
            ("north", "west", 10),
        ],
        {"east": 1800, "south": -530, "west": -620, "north": -650},
        id="east-wins-over-the-limit-collects-twice-it",
    ),
    pytest.param(
        {E: 20, S: 700, W: 0, N: 8},
        S,
        [
            ("east", "south", 600),
            ("west", "south", 300),
            ("north", "south", 300),
            ("north", "east", 24),
            ("west", "east", 40),
            ("west", "north", 8),
        ],
        {"east": -536, "south": 1200, "west": -348, "north": -316},
        id="east-loses-over-the-limit-pays-twice-it",
    ),
    pytest.param(
        {E: 0, S: 10, W: 1000, N: 500},
        S,
        [
            ("east", "south", 20),
            ("west", "south", 10),
            ("north", "south", 10),
            ("north", "west", 300),
            ("east", "west", 600),
            ("east", "north", 600),
        ],
        {"east": -1220, "south": 40, "west": 890, "north": 290},
        id="losers-settle-differences-up-to-the-limit-east-paying",
    ),
    pytest.param(
        {E: 900, S: 10, W: 50, N: 20},
        W,
        [
            ("east", "west", 100),
            ("south", "west", 50),
            ("north", "west", 50),
            ("north", "east", 600),
            ("south", "east", 600),
            ("south", "north", 10),
        ],
        {"east": 1100, "south": -660, "west": 200, "north": -640},
        id="losers-settle-differences-up-to-the-limit-east-collecting",
    ),
]


@pytest.mark.parametrize(("scores", "winner", "payments", "net"), LIMITS)
def test_limit_caps_every_payment(
    scores: dict[Wind, int], winner: Wind, payments: list[tuple[str, str, int]], net: dict[str, int]
) -> None:
    result = settle_scores(scores, winner, limit=300, east_multiplier=2)
    assert flows(result) == payments
    assert nets(result) == net
    assert result.limit == 300
    assert result.payable == min(scores[winner], 300)


def test_limit_reason_names_the_cap() -> None:
    result = settle_scores({E: 500, S: 40}, E, limit=300)
    assert result.payments[0].reason == "Mah-Jongg 500, limit 300, East ×2"


seat_scores = st.dictionaries(
    st.sampled_from(list(Wind)), st.integers(min_value=0, max_value=50_000), min_size=2, max_size=4
)


@given(seat_scores, st.data(), st.one_of(st.none(), st.integers(min_value=1, max_value=2000)))
def test_properties_nets_balance_and_no_payment_exceeds_the_limit(
    scores: dict[Wind, int], data: st.DataObject, limit: int | None
) -> None:
    winner = data.draw(st.one_of(st.none(), st.sampled_from(sorted(scores, key=lambda w: w.value))))
    result = settle_scores(scores, winner, limit=limit, east_multiplier=2)
    assert sum(result.net.values()) == 0
    for p in result.payments:
        assert p.amount > 0 and p.payer is not p.payee
        if limit is not None:
            assert p.amount <= limit * east_factor(p.payer, p.payee, 2)
    if winner is not None and scores[winner] > 0:
        collected = [p for p in result.payments if p.payee is winner]
        assert {p.payer for p in collected} == set(scores) - {winner}
        assert not any(p.payer is winner for p in result.payments)


# --- draw games, two- and three-handed games -----------------------------------------------------


def test_draw_game_settles_differences_only() -> None:
    result = settle_scores({E: 40, S: 10, W: 20, N: 0}, None)
    assert result.winner is None and result.payable is None
    assert flows(result) == [
        ("west", "east", 40),
        ("south", "east", 60),
        ("north", "east", 80),
        ("south", "west", 10),
        ("north", "west", 20),
        ("north", "south", 10),
    ]
    assert nets(result) == {"east": 180, "south": -60, "west": -10, "north": -110}


def test_draw_game_equal_scores_pay_nothing() -> None:
    result = settle_scores({E: 8, S: 8, W: 8}, None)
    assert result.payments == () and nets(result) == {"east": 0, "south": 0, "west": 0}


def test_three_handed_game() -> None:
    # "Three or even two may play Pung Chow ... in exactly the same way": the dummy seat is left out.
    result = settle_scores({E: 56, S: 10, N: 416}, N)
    assert flows(result) == [("east", "north", 832), ("south", "north", 416), ("south", "east", 92)]
    assert nets(result) == {"east": -740, "south": -508, "north": 1248}
    assert result.seats == (E, S, N)


def test_two_handed_game() -> None:
    result = settle_scores({S: 64, W: 272}, W)
    assert flows(result) == [("south", "west", 272)]
    assert nets(result) == {"south": -272, "west": 272}


def test_two_handed_game_with_east() -> None:
    result = settle_scores({E: 30, W: 272}, E)
    assert flows(result) == [("west", "east", 60)]


@pytest.mark.parametrize(
    ("scores", "winner", "code"),
    [
        pytest.param({E: 10}, E, "too-few-seats", id="one-seat"),
        pytest.param({}, None, "too-few-seats", id="no-seat"),
        pytest.param({E: 10, S: 4}, W, "bad-winner", id="winner-not-at-table"),
        pytest.param({E: 10, S: -4}, E, "bad-score", id="negative"),
    ],
)
def test_bad_tables(scores: dict[Wind, int], winner: Wind | None, code: str) -> None:
    with pytest.raises(OptionError) as info:
        settle_scores(scores, winner)
    assert info.value.code == code


def test_settle_losers_false_skips_differences() -> None:
    result = settle_scores({E: 480, S: 64, W: 272, N: 16}, E, settle_losers=False)
    assert flows(result) == [("south", "east", 960), ("west", "east", 960), ("north", "east", 960)]


# --- from hands in notation -----------------------------------------------------------------------

TABLE = {Wind.parse(seat): hand for seat, hand in EXAMPLE_13.items()}  # Part I Example 13


def test_settle_hands_in_notation() -> None:
    result = settle_table(TABLE, PART1, TableOptions(discarder=S))
    # East: Example 13, 48 points doubled three times (own wind, red dragons, one suit with honors).
    # South: concealed pung of twos 4 + exposed pung of fives 2 + pair of dragons 2 = 8.
    # West: exposed pung of his own wind 4, doubled = 8.
    # North: concealed kong of his own wind 32, doubled for own wind and for one suit with honors = 128.
    assert dict(result.scores) == {E: 384, S: 8, W: 8, N: 128}
    assert result.winner is E
    assert flows(result) == [
        ("south", "east", 768),
        ("west", "east", 768),
        ("north", "east", 768),
        ("south", "north", 120),
        ("west", "north", 120),
    ]
    assert nets(result) == {"east": 2304, "south": -888, "west": -888, "north": -528}
    assert result.hands[S].situation.winner is False
    assert result.hands[E].situation.discarder is S
    assert result.penalties == () and result.dead == {}


def test_sample_table_file_runs() -> None:
    # samples/settle-table.txt holds the same table as one shell command.
    import shlex

    text = (SAMPLES / "settle-table.txt").read_text()
    lines = [line.rstrip("\\").strip() for line in text.splitlines() if line and not line.startswith("#")]
    argv = shlex.split(" ".join(lines))
    assert argv[:4] == ["pungchow", "settle", "--from", "south"]
    seats = {Wind.parse(argv[i][2:]): argv[i + 1] for i in range(4, len(argv), 2)}
    assert seats == TABLE


def test_winner_from_option_and_original_hand() -> None:
    # Part I Example 16: East wins on the original hand (no ! tile), so --winner names him.
    seats = {E: "4c4c4c RdRdRd 1b2b3b 5d6d7d 2d2d", S: "40", W: "12", N: "0"}
    result = settle_table(seats, PART1, TableOptions(winner=E, stated=stated(original_hand=True)))
    assert result.scores[E] == result.hands[E].score
    assert flows(result)[:3] == [(s, "east", 2 * result.scores[E]) for s in ("south", "west", "north")]


# Regression: `settle -r riichi-ema-2016 --east 960 ... --riichi --dora 9d` settled 960 and said nothing
# of the facts typed with it: the number is the whole score, so each fact a rule would score is noted as
# not scored on top of it; a fact no rule reads keeps its own note; a hand given says nothing of this.
@pytest.mark.parametrize(
    ("seats", "ruleset", "facts", "notes"),
    [
        pytest.param(
            {E: "960", S: "0", W: "0", N: "0"},
            "riichi-ema-2016",
            {"riichi": True, "dora": "9d"},
            [
                "--riichi: east's score is given as a number (960), so riichi is not scored on top of it: "
                "give the hand to have it scored",
                "--dora: east's score is given as a number (960), so dora is not scored on top of it: "
                "give the hand to have it scored",
            ],
            id="riichi-east-960-riichi-dora-9d",
        ),
        pytest.param(
            {E: "30", S: "8", W: "4", N: "2"},
            "pung-chow-limit",
            {"last_tile": True},
            [
                "--last-tile: east's score is given as a number (30), so a win with the last tile is not "
                "scored on top of it: give the hand to have it scored"
            ],
            id="limit-east-30-last-tile",
        ),
        pytest.param(
            {E: "30", S: "8", W: "4", N: "2"},
            "pung-chow",
            {"last_tile": True},
            ["--last-tile: no rule of ruleset pung-chow scores a win with the last tile"],
            id="part1-east-30-last-tile-unread",
        ),
        pytest.param(
            {E: "30", S: "8", W: "4", N: "2"}, "pung-chow-limit", {}, [], id="limit-east-30-no-facts"
        ),
    ],
)
def test_a_winner_given_as_a_number_notes_the_facts_it_cannot_score(
    seats: dict[Wind, str], ruleset: str, facts: dict[str, object], notes: list[str]
) -> None:
    way = WinBy.WALL if ruleset != "riichi-ema-2016" else WinBy.DISCARD
    discarder = S if way is WinBy.DISCARD else None
    options = TableOptions(winner=E, win_by=way, discarder=discarder, stated=stated(**facts))
    result = settle_table(seats, load(ruleset), options)
    assert list(result.notes) == notes
    assert result.scores[E] == int(seats[E])  # the number is settled as given


def test_plain_scores_mix_with_hands() -> None:
    seats = {E: "16", S: "9c9c9c* 1d2d3d 4d5d6d 7d!8d9d EwEw", W: "8"}
    result = settle_table(seats, PART1, TableOptions(round=E))
    assert result.winner is S and result.seats == (E, S, W)
    assert S in result.hands and E not in result.hands
    win = result.scores[S]
    assert flows(result) == [("east", "south", 2 * win), ("west", "south", win), ("west", "east", 16)]


def test_limit_option_and_no_limit() -> None:
    seats = {E: "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b", S: "0", W: "0"}
    capped = settle_table(seats, PART1, TableOptions(limit=100))
    assert capped.limit == 100 and capped.payable == 100
    assert flows(capped) == [("south", "east", 200), ("west", "east", 200)]
    free = settle_table({E: "0", N: "1000"}, LIMIT, TableOptions(winner=N, no_limit=True))
    assert free.limit is None and flows(free) == [("east", "north", 2000)]


def test_draw_game_from_hands() -> None:
    seats = {k: v for k, v in TABLE.items() if k is not E}
    seats[E] = "EwEwEw* 1b1b1b* 4b4b RdRdRd 7b7b"  # East one tile short of Mah-Jongg: no winner
    result = settle_table(seats, PART1, TableOptions(draw=True))
    assert result.winner is None
    # East (non-winning): exposed pungs of own wind 4 and ones 4, concealed red dragons 8 = 16,
    # doubled for own wind, red dragons and one suit with honors = 128 — level with North.
    assert dict(result.scores) == {E: 128, S: 8, W: 8, N: 128}
    assert flows(result) == [
        ("south", "east", 240),
        ("west", "east", 240),
        ("south", "north", 120),
        ("west", "north", 120),
    ]


def test_four_copies_across_the_table() -> None:
    seats = dict(TABLE)
    seats[S] = "2c2c2c 5d5d5d* 9c9c RdRd 3b4b 8d"  # East already holds three red dragons
    with pytest.raises(TableError) as info:
        settle_table(seats, PART1)
    assert info.value.code == "too-many-copies"
    assert str(info.value) == "Rd appears 5 times on the table (east 3, south 2); the set has four copies"


def test_bonus_tiles_once_across_the_table() -> None:
    seats = {E: "EwEwEw* 1b1b1b* 4b4b!4b RdRdRd 7b7b 1f", S: "2c2c2c 5d5d5d* 9c9c GdGd 3b4b 8d 1f"}
    with pytest.raises(
        TableError, match=r"^1f appears 2 times on the table \(east 1, south 1\); the set has one copy"
    ):
        settle_table(seats, PART1)


@pytest.mark.parametrize(
    ("seats", "options", "error", "code"),
    [
        pytest.param(
            {E: TABLE[E], S: "2c2c2c 5d5d!5d* 9c9c GdGd 3b4b 8d"},
            TableOptions(),
            TableError,
            "many-winners",
            id="two-winning-tiles",
        ),
        pytest.param(
            {E: TABLE[E], S: "0"}, TableOptions(winner=S), TableError, "winner-mismatch", id="mismatch"
        ),
        pytest.param(
            {E: TABLE[E], S: "0"}, TableOptions(discarder=E), OptionError, "bad-option", id="own-discard"
        ),
        pytest.param(
            {E: TABLE[E], S: "0"}, TableOptions(discarder=W), OptionError, "bad-seat", id="from-absent"
        ),
        pytest.param(
            {E: TABLE[E], S: "0"},
            TableOptions(discarder=S, win_by=WinBy.WALL),
            OptionError,
            "bad-option",
            id="from-but-drawn",
        ),
        pytest.param(
            {E: "8", S: "0"},
            TableOptions(discarder=S, draw=True),
            OptionError,
            "no-winner",
            id="from-in-draw",
        ),
        pytest.param(
            {E: "8", S: "0"}, TableOptions(winner=S, feeder=S), OptionError, "bad-option", id="feed"
        ),
        pytest.param(
            {E: "8", S: "0"},
            TableOptions(stated=stated(no_choice=True), draw=True),
            OptionError,
            "no-winner",
            id="no-choice-draw",
        ),
        pytest.param({E: "1d2d4d*", S: "0"}, TableOptions(), NotationError, "not-a-set", id="bad-notation"),
        pytest.param({E: TABLE[E]}, TableOptions(), OptionError, "too-few-seats", id="one-seat"),
        pytest.param({E: TABLE[E], S: "-5"}, TableOptions(), OptionError, "bad-score", id="negative"),
        pytest.param(
            {E: TABLE[E], S: "0"},
            TableOptions(dead=frozenset({E})),
            OptionError,
            "dead-winner",
            id="dead-wins",
        ),
    ],
)
def test_table_errors(seats: dict[Wind, str], options: TableOptions, error: type, code: str) -> None:
    with pytest.raises(error) as info:
        settle_table(seats, PART1, options)
    assert info.value.code == code


def test_notation_error_names_the_seat() -> None:
    with pytest.raises(NotationError) as info:
        settle_table({E: TABLE[E], S: "2c2c2c 1d2d4d*"}, PART1)
    assert str(info.value) == "--south: 1d2d4d* is not a set (column 8)"


# --- the dead hand ("Mah-Jongg or Mah-Diao") --------------------------------------------------------


def test_dead_hand_wrong_tile_count_pays_all() -> None:
    seats = dict(TABLE)
    seats[N] = "NwNwNwNw# 3c4c5c* 6c6c 7c8c Wd Sw"  # 13 tiles with a kong: one short of 14
    result = settle_table(seats, PART1, TableOptions(discarder=S, dead=frozenset({N})))
    assert dict(result.dead) == {N: "13 tiles, not 14"}
    assert result.scored[N] == 128 and result.scores[N] == 0  # "his score does not count"
    assert flows(result) == [
        ("south", "east", 768),
        ("west", "east", 768),
        ("north", "east", 768),
        ("north", "south", 8),
        ("north", "west", 8),
    ]
    assert result.payments[3].reason == "difference 8−0 (dead hand)"
    assert nets(result) == {"east": 2304, "south": -760, "west": -760, "north": -784}
    assert [(p.id, p.seat) for p in result.penalties] == [("dead_hand", N)]


def test_dead_hand_with_too_many_tiles() -> None:
    seats = {E: TABLE[E], S: "2c2c2c 5d5d5d* 9c9c GdGd 3b4b 8d 6c6c6c"}  # 16 tiles
    result = settle_table(seats, PART1, TableOptions(dead=frozenset({S})))
    assert result.dead == {S: "16 tiles, not 13"} and result.scores[S] == 0
    assert flows(result) == [("south", "east", 768)]


@pytest.mark.parametrize(
    "hand, says",
    [
        ("2d2d2d 6b7b8b*", "--north: 6 tiles, not 13"),
        ("NwNwNwNw# 3c4c5c* 6c6c 7c8c Wd Sw", "--north: 13 tiles, not 14"),
        ("1d1d1d 2d3d4d 6b6b6b 7b8b9b 5c5c 9b Ww", "--north: 16 tiles, not 13"),
    ],
    ids=["6-tiles", "kong-one-short", "16-tiles"],
)
def test_a_wrong_sized_hand_not_named_dead_is_refused(hand: str, says: str) -> None:
    # A mistyped hand must not become a penalty: it is dead only when named so (--dead).
    seats = {**TABLE, N: hand}
    with pytest.raises(TableError) as info:
        settle_table(seats, PART1, TableOptions(discarder=S))
    assert info.value.code == "wrong-size-hand" and str(info.value).startswith(says)
    assert "--dead north" in str(info.value)
    assert wrong_size(PART1, hand) == says.removeprefix("--north: ")
    assert wrong_size(PART1, TABLE[S]) is None and wrong_size(PART1, "12") is None


@pytest.mark.parametrize("name", ["classical-bmja", "classical-dmjl", "riichi-ema-2016"])
def test_a_wrong_sized_hand_without_a_dead_hand_penalty_is_refused(name: str) -> None:
    # No dead-hand penalty: nothing can make it settle, so it is a typo (docs/rulings.md#dead-hand).
    ruleset, twelve = load(name), "1d1d1d 2d3d4d 5b5b5b 6b7b8b"
    with pytest.raises(TableError) as info:
        settle_table({**TABLE, N: twelve}, ruleset, TableOptions(winner=E, discarder=S))
    assert info.value.code == "wrong-size-hand"
    said = "--north: a hand holds 13 tiles plus one per kong (14 with the winning tile): 12 here (column 1)"
    assert (str(info.value), info.value.column) == (said, 1)
    assert wrong_size(ruleset, twelve) == "12 tiles, not 13" and wrong_size(ruleset, "12") is None


def test_dead_declared_for_a_plain_score() -> None:
    result = settle_table({E: "40", S: "24", W: "16"}, LIMIT, TableOptions(winner=W, dead=frozenset({S})))
    assert result.scores[S] == 0 and result.scored[S] == 24
    assert flows(result) == [("east", "west", 32), ("south", "west", 16), ("south", "east", 80)]


def test_dead_hand_in_a_draw_game() -> None:
    result = settle_scores({E: 40, S: 24, W: 16}, None, dead={S: "declared"})
    assert flows(result) == [("west", "east", 48), ("south", "east", 80), ("south", "west", 16)]


def test_two_dead_hands_settle_nothing_between_them() -> None:
    result = settle_scores({E: 40, S: 24, W: 16, N: 8}, E, dead=[S, W])
    assert flows(result) == [
        ("south", "east", 80),
        ("west", "east", 80),
        ("north", "east", 80),
        ("south", "north", 8),
        ("west", "north", 8),
    ]


# --- false Mah-Jongg (Part II "Penalties" 1) ------------------------------------------------------


def test_false_mahjongg_half_the_limit_east_the_full_limit() -> None:
    seats = {E: "0", S: "2c2c2c 5d5d5d* 9c9c GdGd 3b4b 8d 8d", W: "0", N: "0"}
    result = settle_table(seats, LIMIT, TableOptions(false_mahjongg=S))
    assert flows(result) == [("south", "east", 300), ("south", "west", 150), ("south", "north", 150)]
    assert nets(result) == {"east": 300, "south": -600, "west": 150, "north": 150}
    assert result.winner is None
    assert [(p.id, p.seat) for p in result.penalties] == [("false_mahjongg", S)]
    assert result.payments[0].reason == "False Mah-Jongg: 150, East ×2"


def test_false_mahjongg_by_east_pays_the_full_limit_to_each() -> None:
    result = settle_table({E: "0", S: "0", W: "0"}, LIMIT, TableOptions(false_mahjongg=E, limit=600))
    assert flows(result) == [("east", "south", 600), ("east", "west", 600)]


@pytest.mark.parametrize(
    ("ruleset", "options", "code"),
    [
        pytest.param(PART1, TableOptions(false_mahjongg=S), "no-penalty", id="part-one-has-none"),
        pytest.param(LIMIT, TableOptions(false_mahjongg=S, no_limit=True), "no-limit", id="no-limit"),
        pytest.param(LIMIT, TableOptions(false_mahjongg=W), "bad-seat", id="absent"),
        pytest.param(LIMIT, TableOptions(false_mahjongg=S, winner=E), "false-mahjongg-winner", id="winner"),
    ],
)
def test_false_mahjongg_errors(ruleset: object, options: TableOptions, code: str) -> None:
    with pytest.raises(OptionError) as info:
        settle_table({E: "0", S: "0"}, ruleset, options)  # type: ignore[arg-type]
    assert info.value.code == code


def test_false_mahjongg_south_beside_east_rd_bang_rd_is_refused() -> None:
    """Regression: `--false-mahjongg south` beside East's `... Rd!Rd` settled the false call and
    showed East's hand as a score given: his `!` names a winner as --winner does (refused)."""
    seats = {E: "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", S: "8"}
    with pytest.raises(OptionError) as info:
        settle_table(seats, LIMIT, TableOptions(false_mahjongg=S))
    assert info.value.code == "false-mahjongg-winner"
    assert info.value.message.endswith("(the ! in the east hand names a winner)")


def test_false_mahjongg_caller_may_mark_his_false_call() -> None:
    """The caller's own `!` is his false call, not a win: settled as the penalty (his hand incomplete:
    a complete one is refused, test_cli_settle.test_false_mahjongg_on_a_complete_hand_is_refused)."""
    seats = {E: "8", S: "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Gd"}
    result = settle_table(seats, LIMIT, TableOptions(false_mahjongg=S))
    assert flows(result) == [("south", "east", 300)]


def test_dead_option_needs_the_penalty(tmp_path: Path) -> None:
    bare = tmp_path / "bare.yaml"
    bare.write_text("name: bare\nextends: pung-chow\nremove_penalties: [dead_hand]\n")
    with pytest.raises(OptionError) as info:
        settle_table({E: "4", S: "8"}, load(str(bare)), TableOptions(dead=frozenset({S}), draw=True))
    assert info.value.code == "no-penalty"


# --- "discarder pays for all" (Part II "Penalties" 2) ---------------------------------------------

# 1. Nine dots exposed, South wins on an all-dot hand with West's discard.
ONE_SUIT = {
    E: "1c2c3c 4c5c6c 7c8c9c 6c6c EwEw",
    S: "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 5d!5d",
    W: "1b2b3b 4b5b6b 7b8b9b 3c3c Nw 9d",
    N: "WdWdWd 2b2b 5b5b 6b7b8b 3d 4d Sw",
}
ONE_SUIT_NORMAL = [
    ("east", "south", 288),
    ("west", "south", 144),
    ("north", "south", 144),
    ("east", "north", 16),
    ("west", "north", 16),
    ("west", "east", 16),
]


def test_discarder_pays_for_all_nine_of_one_suit() -> None:
    result = settle_table(ONE_SUIT, LIMIT, TableOptions(discarder=W))
    # South: Mah-Jongg 10 + concealed pung of twos 6 + pair of 2-8 punged 2 = 18, all one suit ×8 = 144.
    # East (a loser) holds a pung of sixes 4 and a pair of his own wind in his own round 4 = 8.
    assert dict(result.scored) == {E: 8, S: 144, W: 0, N: 16}
    assert flows(result) == [("west", "south", 144), ("west", "south", 288), ("west", "south", 144)]
    assert [p.on_behalf_of for p in result.payments] == [W, E, N]
    assert [p.reason for p in result.payments] == [
        "Discarder pays for all (nine tiles of one suit exposed): own loss",
        "Discarder pays for all (nine tiles of one suit exposed): pays for east, East ×2",
        "Discarder pays for all (nine tiles of one suit exposed): pays for north",
    ]
    # "all scores except that of the winning hand are canceled"
    assert dict(result.scores) == {E: 0, S: 144, W: 0, N: 0}
    assert nets(result) == {"east": 0, "south": 576, "west": -576, "north": 0}
    assert [(p.id, p.seat) for p in result.penalties] == [("discarder_one_suit", W)]


def test_no_choice_excuses_the_discarder() -> None:
    result = settle_table(ONE_SUIT, LIMIT, TableOptions(discarder=W, stated=stated(no_choice=True)))
    assert result.penalties == ()
    assert flows(result) == ONE_SUIT_NORMAL
    assert result.notes == (
        "Discarder pays for all (nine tiles of one suit exposed): west is excused, having had no choice "
        "in his discard",
    )


def test_discarder_waiting_with_two_doubling_honors_is_excused() -> None:
    seats = dict(ONE_SUIT)
    seats[W] = "RdRdRd GdGdGd 1b2b3b 5b6b 9b9b"  # two dragon sets, waiting for 4b or 7b
    result = settle_table(seats, LIMIT, TableOptions(discarder=W))
    assert result.penalties == ()
    assert result.notes == (
        "Discarder pays for all (nine tiles of one suit exposed): west is excused, waiting for 4b with his "
        "own hand",
    )
    assert result.scores[W] == 64  # two concealed pungs of heads 16, doubled twice: his score counts
    assert flows(result)[:3] == [("east", "south", 288), ("west", "south", 144), ("north", "south", 144)]


@pytest.mark.parametrize(
    "west",
    [
        pytest.param("RdRdRd 1b2b3b 4b5b6b 9b9b 3c4c", id="waiting-with-one-doubling-honor"),
        pytest.param("RdRdRd GdGdGd 1b2b3b 5b 9b 2c 7c", id="two-doubling-honors-not-waiting"),
    ],
)
def test_discarder_not_excused(west: str) -> None:
    seats = dict(ONE_SUIT)
    seats[W] = west
    result = settle_table(seats, LIMIT, TableOptions(discarder=W))
    assert [(p.id, p.seat) for p in result.penalties] == [("discarder_one_suit", W)]
    assert flows(result) == [("west", "south", 144), ("west", "south", 288), ("west", "south", 144)]


def test_discarder_given_as_a_score_cannot_be_excused_by_his_hand() -> None:
    """Settled as recorded (an evening's game of before the refusal replays so, charged, with its note),
    and refused as a new game: whether he pays for all turns on his hand."""
    seats = dict(ONE_SUIT)
    seats[W] = "0"
    result = settle_table(seats, LIMIT, TableOptions(discarder=W))
    assert [p.id for p in result.penalties] == ["discarder_one_suit"]
    assert "could not be checked" in result.notes[0]
    with pytest.raises(OptionError, match="whether --west pays for all turns on his hand") as refused:
        refuse_as_new(result)
    assert refused.value.code == "liable-hand-unseen"


def test_no_penalty_without_the_exposed_danger() -> None:
    seats = dict(ONE_SUIT)
    seats[S] = "1d2d3d* 4d5d6d 7d8d9d* 2d2d2d 5d!5d"  # only six dots on the table
    result = settle_table(seats, LIMIT, TableOptions(discarder=W))
    assert result.penalties == () and result.notes == ()
    assert flows(result)[:3] == [
        ("east", "south", 2 * result.scores[S]),
        ("west", "south", result.scores[S]),
        ("north", "south", result.scores[S]),
    ]


def test_no_penalty_when_won_by_draw() -> None:
    result = settle_table(ONE_SUIT, LIMIT, TableOptions(win_by=WinBy.WALL))
    assert result.penalties == () and result.notes == ()


def test_penalty_needs_the_discarder_named() -> None:
    """Settled as recorded (an evening's game of before the refusal replays so, with its note), and
    refused as a new game: who pays turns on the discarder."""
    result = settle_table(ONE_SUIT, LIMIT)
    assert result.penalties == ()
    assert result.notes == (
        "Discarder pays for all (nine tiles of one suit exposed): the winning hand qualifies; name the "
        "liable player with --from (who discarded the winning tile)",
    )
    assert len(result.refused_as_new) == 1
    with pytest.raises(OptionError, match="give --from") as refused:
        refuse_as_new(result)
    assert refused.value.code == "liable-unnamed"
    refuse_as_new(settle_table(ONE_SUIT, LIMIT, TableOptions(discarder=W)))  # named: settled


# 2. Nine heads exposed, North wins on heads only (a limit hand) with East's discard.
HEADS = {
    E: "2c3c4c 5c6c7c 2d3d4d 6d6d 5b5b",
    S: "2b3b4b 6b7b8b 5d6d7d 8c8c 3d 4c",
    W: "3b4b5b 6c7c8c 7d8d 2c2c RdRd Gd",
    N: "1c1c1c* 9b9b9b* EwEwEw* 9d9d9d 1b!1b",
}


def test_discarder_pays_for_all_nine_heads() -> None:
    result = settle_table(HEADS, LIMIT, TableOptions(discarder=E))
    assert result.scores[N] == 300 and result.hands[N].limit_hand == "Sets of heads only"
    assert flows(result) == [("east", "north", 600), ("east", "north", 300), ("east", "north", 300)]
    assert [p.on_behalf_of for p in result.payments] == [E, S, W]
    assert nets(result) == {"east": -1200, "south": 0, "west": 0, "north": 1200}
    assert [p.id for p in result.penalties] == ["discarder_heads"]


def test_six_heads_exposed_is_no_danger() -> None:
    seats = dict(HEADS)
    seats[N] = "1c1c1c* 9b9b9b* EwEwEw 9d9d9d 1b!1b"
    result = settle_table(seats, LIMIT, TableOptions(discarder=E))
    assert result.penalties == ()
    assert flows(result)[:3] == [("east", "north", 600), ("south", "north", 300), ("west", "north", 300)]


# 3. Two dragon sets exposed, West wins with the third (South's discard); Example 3's other pair.
DRAGONS = {
    E: "1c2c3c 4c5c6c 7c8c9c 6c6c EwEw",
    S: "1d2d3d 4d5d6d 7d8d9d 2d2d NwNw",
    W: "RdRdRd* GdGdGd* 2b3b4b WdWd!Wd 5c5c",
    N: "1b1b1b 5b6b7b 8b8b 9b9b Sw WwWw",
}


def test_discarder_pays_for_all_third_dragons() -> None:
    result = settle_table(DRAGONS, LIMIT, TableOptions(discarder=S))
    assert result.scores[W] == 300
    assert flows(result) == [("south", "west", 300), ("south", "west", 600), ("south", "west", 300)]
    assert [p.on_behalf_of for p in result.payments] == [S, E, N]
    assert [p.id for p in result.penalties] == ["discarder_third_dragons"]


def test_discard_to_the_other_pair_is_not_penalized() -> None:
    # Example 3: "anyone may discard a one of dot which, though permitting the player ... to win, would
    # not bring a penalty" — here the winner's other pair is the fives of characters.
    seats = dict(DRAGONS)
    seats[W] = "RdRdRd* GdGdGd* 2b3b4b WdWd 5c5c!5c"
    result = settle_table(seats, LIMIT, TableOptions(discarder=S))
    assert result.penalties == ()
    # Mah-Jongg 10 + exposed red 4 + exposed green 4 + fives punged 2 + pair of dragons 2 = 22, ×4 = 88.
    assert result.scores[W] == 88
    assert flows(result)[:3] == [("east", "west", 176), ("south", "west", 88), ("north", "west", 88)]


# 4. Three wind sets exposed, East wins with the fourth wind (North's discard); Example 4's other pair.
WINDS = {
    E: "SwSwSw* WwWwWw* NwNwNw* 3b4b5b Ew!Ew",
    S: "1c2c3c 4c5c6c 7c8c9c 6c6c RdRd",
    W: "1d2d3d 4d5d6d 7d8d9d 2d2d GdGd",
    N: "1b1b1b 5b6b7b 8b8b 9b9b WdWd 2c",
}


def test_discarder_pays_for_all_fourth_wind_east_collects_double() -> None:
    result = settle_table(WINDS, LIMIT, TableOptions(discarder=N))
    assert result.scores[E] == 300
    # Every covered payment is the limit doubled: East collects twice the limit from each player.
    assert flows(result) == [("north", "east", 600), ("north", "east", 600), ("north", "east", 600)]
    assert nets(result) == {"east": 1800, "south": 0, "west": 0, "north": -1800}
    assert [p.id for p in result.penalties] == ["discarder_fourth_wind"]


def test_discard_to_the_other_pair_with_three_winds_is_not_penalized() -> None:
    seats = dict(WINDS)
    seats[E] = "SwSwSw* WwWwWw* NwNwNw* EwEw 3b3b!3b"
    result = settle_table(seats, LIMIT, TableOptions(discarder=N))
    assert result.penalties == ()
    assert flows(result)[:3] == [("south", "east", 600), ("west", "east", 600), ("north", "east", 600)]


def test_penalty_not_assessed_on_a_plain_winning_score() -> None:
    result = settle_table({E: "300", S: "0", N: "0"}, LIMIT, TableOptions(winner=E, discarder=N))
    assert result.penalties == ()
    assert result.notes == (
        "the winner's score was given as a number: penalties on his hand were not assessed",
    )


# --- penalties as data: the Taiwanese insurance sample ------------------------------------------------

TAIWAN = SAMPLES / "taiwanese-insurance.yaml"
BIG_DRAGONS = {
    E: "1c2c3c4c5c6c7c8c9c1d2d3d4d",
    S: "RdRdRd* GdGdGd* WdWdWd* 5b6b7b 9d!9d",
    W: "1b2b3b4b8b8b 5c5c6d7d8d9c9c",
    N: "2d3d4d6b7b8b 2b2b2b 7d8d9d3b",
}


def test_taiwanese_sample_extends_the_limit_ruleset() -> None:
    ruleset = load(str(TAIWAN))
    assert ruleset.settings.limit == 300
    assert [p.id for p in ruleset.penalties] == [
        "dead_hand",
        "false_mahjongg",
        "discarder_one_suit",
        "discarder_heads",
        "discarder_third_dragons",
        "discarder_fourth_wind",
        "insurance_big_three_dragons",
        "insurance_big_four_winds",
        "insurance_little_three_dragons",
    ]


def test_insurance_big_three_dragons_feeder_pays_even_when_self_drawn() -> None:
    result = settle_table(BIG_DRAGONS, load(str(TAIWAN)), TableOptions(win_by=WinBy.WALL, feeder=W))
    assert result.scores[S] == 300
    assert flows(result) == [("west", "south", 300), ("west", "south", 600), ("west", "south", 300)]
    assert [p.on_behalf_of for p in result.payments] == [W, E, N]
    assert [(p.id, p.seat) for p in result.penalties] == [("insurance_big_three_dragons", W)]
    assert nets(result) == {"east": 0, "south": 1200, "west": -1200, "north": 0}


def test_insurance_needs_the_feeder_named() -> None:
    result = settle_table(BIG_DRAGONS, load(str(TAIWAN)), TableOptions(win_by=WinBy.WALL))
    assert result.penalties == ()
    with pytest.raises(OptionError, match="give --feeder"):
        refuse_as_new(result)
    assert flows(result)[:3] == [("east", "south", 600), ("west", "south", 300), ("north", "south", 300)]
    assert result.notes == (
        "Insurance, Big Three Dragons: the winning hand qualifies; name the liable player with --feeder (who "
        "discarded the tile that completed the set)",
    )


def test_insurance_no_choice_without_the_feeder_named() -> None:
    """Regression: `--no-choice` with no `--feeder` noted both "the winning hand qualifies; name the liable
    player with --feeder" and "--no-choice: no rule of ruleset taiwanese-insurance can use it in this
    hand", which contradicts it: the insurance uses it once its player is named."""
    options = TableOptions(win_by=WinBy.WALL, stated=stated(no_choice=True))
    result = settle_table(BIG_DRAGONS, load(str(TAIWAN)), options)
    assert result.penalties == ()
    assert result.notes == (
        "Insurance, Big Three Dragons: the winning hand qualifies; name the liable player with --feeder (who "
        "discarded the tile that completed the set)",
    )


def test_insurance_no_choice() -> None:
    options = TableOptions(win_by=WinBy.WALL, feeder=W, stated=stated(no_choice=True))
    result = settle_table(BIG_DRAGONS, load(str(TAIWAN)), options)
    assert result.penalties == ()


def test_the_limit_ruleset_alone_has_no_insurance() -> None:
    result = settle_table(BIG_DRAGONS, LIMIT, TableOptions(win_by=WinBy.WALL, feeder=W))
    # No penalty, and the feeder named is said to change nothing (not passed over in silence).
    assert result.penalties == ()
    assert result.notes == (
        "--feeder west: ruleset pung-chow-limit has no penalty that makes a feeder pay, so nobody pays "
        "for him (settle any liability by hand)",
    )


# Regression: a feeder named where the hand meets no penalty on a feeder (a discarder's imposed first, or
# none at all) was dropped in silence: given options that do nothing are said (docs/settling.md).
FEEDER_UNUSED = [
    pytest.param(
        ["RdRdRd* GdGdGd* WdWdWd! 5b6b7b 9d9d", "--from", "east"],
        "--feeder west: Discarder pays for all (third set of dragons) is imposed on east, the first penalty "
        "that applies, so the feeder pays nothing",
        id="RdRdRd* GdGdGd* WdWdWd! 5b6b7b 9d9d --from east --feeder west",
    ),
    pytest.param(
        ["1b1b1b 3c3c3c 5d5d5d 7c7c 6b!7b8b", "--from", "east"],
        "--feeder west: no penalty of ruleset taiwanese-insurance that makes a feeder pay applies to this "
        "hand, so nobody pays for him",
        id="1b1b1b 3c3c3c 5d5d5d 7c7c 6b!7b8b --from east --feeder west",
    ),
]


@pytest.mark.parametrize(("south", "note"), FEEDER_UNUSED)
def test_a_feeder_no_penalty_makes_pay_is_noted(south: list[str], note: str, tmp_path: Path) -> None:
    from cli_helpers import run

    hand, *how = south
    table = ["--east", BIG_DRAGONS[E], "--south", hand, "--west", BIG_DRAGONS[W], "--north", BIG_DRAGONS[N]]
    settled = run(
        "settle", "-r", str(TAIWAN), "--winner", "south", *how, "--feeder", "west", *table, "--json"
    )
    assert settled.exit_code == 0, settled.output
    assert note in json.loads(settled.stdout)["notes"]
    # An evening's game says it too, by the players' names.
    path = str(tmp_path / "e.jsonl")
    assert run("evening", "new", path, "--players", "Ann,Bob,Cy,Di", "-r", str(TAIWAN)).exit_code == 0
    others = [f"--other={name}={BIG_DRAGONS[seat]}" for name, seat in (("Ann", E), ("Cy", W), ("Di", N))]
    game = run("evening", "hand", path, "--winner", "Bob", hand, *how[:1], "Ann", "--feeder", "Cy", *others)
    assert game.exit_code == 0, game.output
    said = note.replace("--feeder west", "--feeder Cy").replace("imposed on east", "imposed on Ann")
    assert said in " ".join(game.output.split())


def test_insurance_little_three_dragons_liable_discarder() -> None:
    seats = dict(BIG_DRAGONS)
    seats[S] = "RdRdRd* GdGdGd* 5b6b7b 9d9d9d Wd!Wd"
    result = settle_table(seats, load(str(TAIWAN)), TableOptions(discarder=N))
    assert [(p.id, p.seat) for p in result.penalties] == [("insurance_little_three_dragons", N)]
    win = result.scores[S]
    assert flows(result) == [("north", "south", win), ("north", "south", 2 * win), ("north", "south", win)]


def test_docs_say_samples_taiwanese_insurance_yaml_liable_per_penalty() -> None:
    """Regression: docs/rulings.md#insurance said the sample carries its three insurance penalties "as data
    with `liable: feeder`" (and settling.md "those entries say `liable: feeder`"), the sample's header
    "two of" them: Little Three Dragons is `liable: discarder` (named with --from). Each doc names each
    penalty with its own `liable:`, and the header counts them."""
    insurance = [p for p in load(str(TAIWAN)).penalties if p.id.startswith("insurance_")]
    docs = SAMPLES.parent / "docs"
    rulings = (docs / "rulings.md").read_text(encoding="utf-8").split('<a id="insurance"></a>')[1]
    settling = (docs / "settling.md").read_text(encoding="utf-8").split("taiwanese-insurance.yaml")[1]
    for text in (rulings.split("<a id=")[0], settling.split("```")[0]):
        flat = " ".join(text.split())
        for penalty in insurance:
            # Within one sentence of its name, every `liable:` said of a penalty is its own.
            said = re.findall(
                re.escape(penalty.label.removeprefix("Insurance, ")) + r"[^.]*?`liable: (\w+)`", flat
            )
            assert set(said) == {penalty.liable}, penalty.id
    count = ["one", "two", "three", "four", "five"][len(insurance) - 1]
    assert f"plus {count} of the Taiwanese" in " ".join(TAIWAN.read_text(encoding="utf-8").split())


# --- ruleset validation of penalties ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param("- {id: x, label: X, type: nope}", "type must be one of", id="type"),
        pytest.param("- {id: x, label: X, type: dead_hand, pays: 3}", "'pays' does not apply", id="key"),
        pytest.param("- {id: x, label: X, type: pays_for_all}", "needs when", id="when"),
        pytest.param("- {id: x, label: X, type: pays_for_all, when: [nope]}", "unknown condition", id="cond"),
        pytest.param(
            "- {id: x, label: X, type: pays_for_all, liable: east, when: [winner]}",
            "liable must be",
            id="liable",
        ),
        pytest.param("- {id: x, label: X, type: false_mahjongg}", "needs pays", id="pays"),
        pytest.param(
            "- {id: x, label: X, type: pays_for_all, when: [{exposed_tiles: {min: 9, wrong: 1}}]}",
            "unknown parameter 'wrong'",
            id="params",
        ),
        pytest.param(
            "- {id: x, label: X, type: dead_hand}\n- {id: x, label: Y, type: dead_hand}", "twice", id="dup"
        ),
    ],
)
def test_penalty_validation(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: bad\nrules:\n  - {id: mj, label: MJ, points: 10}\npenalties:\n" + body + "\n")
    with pytest.raises(RulesetError, match=message) as info:
        load(str(path))
    assert info.value.line is not None and info.value.line >= 4


def test_false_mahjongg_limit_fraction_0_29_of_limit_100_is_29(tmp_path: Path) -> None:
    """Regression: a house penalty of `limit_fraction: 0.29` under `--limit 100` paid 28 (the float
    100 x 0.29 is 28.999..., rounded down): a share of the limit is taken as written."""
    house = tmp_path / "fm29.yaml"
    house.write_text(
        "extends: pung-chow-limit\nname: fm29\npenalties:\n  - id: false_mahjongg\n"
        "    label: False Mah-Jongg\n    type: false_mahjongg\n    pays: {limit_fraction: 0.29}\n"
    )
    result = settle_table(
        {E: "0", S: "0", W: "0"}, load(str(house)), TableOptions(false_mahjongg=S, limit=100)
    )
    assert flows(result) == [("south", "east", 58), ("south", "west", 29)]


def test_feeder_penalty_without_when_is_read(tmp_path: Path) -> None:
    """A `liable: feeder` penalty with no `when:` is imposed on the table's word alone (Kajongg's
    Dangerous Game); a discarder's still needs `when:` (every win on a discard names one)."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "name: house\nrules:\n  - {id: mj, label: MJ, points: 10}\npenalties:\n"
        "  - {id: x, label: X, type: pays_for_all, liable: feeder}\n"
    )
    (penalty,) = load(str(path)).penalties
    assert (penalty.liable, penalty.tests) == ("feeder", ())
