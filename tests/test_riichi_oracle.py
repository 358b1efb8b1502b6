"""The riichi harness: the oracle (tests/riichi_oracle.py) and the hand strategy (tests/riichi_hands.py).

- Every generated hand reads as a winning hand in our notation, and the oracle scores it or refuses it as
  "no yaku", never otherwise (a few hundred hands in the `ci` profile, more in `long`).
- Hand-checked examples: han, fu and every payment worked out by hand under the EMA 2016 rules
  (docs/riichi.md), against `ema_score`; where the package departs from EMA, against `score` too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from riichi_hands import SHAPES, WINDS, RiichiCase, riichi_cases
from riichi_oracle import Facts, Refusal, Scored, ema_score, score

from pungchow_calc.engine.errors import HandError
from pungchow_calc.engine.hand import build, require_winning_size
from pungchow_calc.engine.notation import parse


@settings(max_examples=max(300, settings.default.max_examples))
@given(riichi_cases())
def test_generated_hands_read_and_score(case: RiichiCase) -> None:
    require_winning_size(build(parse(case.hand)))
    result = score(case.hand, case.facts)
    if isinstance(result, Refusal):
        assert result.code == "no-yaku", (case, result)
        assert ema_score(case.hand, case.facts) == result
        return
    assert result.han >= 1
    paid = sum(amount for _, amount in result.payments)
    assert result.total == paid + result.deposits == paid + 1000 * case.facts.deposits
    assert len(result.payments) == (3 if case.facts.tsumo else 1)
    assert all(amount % 100 == 0 and amount > 0 for _, amount in result.payments)
    if "Ura Dora" in result.yaku_names:
        assert case.facts.riichi or case.facts.double_riichi
    ema = ema_score(case.hand, case.facts)
    assert isinstance(ema, Scored)
    assert ema.payments == ema_payments(ema, case.facts), (case, ema)
    if not result.divergences:
        assert ema == result
    else:  # EMA's corrections only ever lower the value (a smaller pair, one yakuman at most)
        assert (ema.han, ema.fu, ema.total) <= (result.han, result.fu, result.total)


def test_thirteen_dora_houtei_1d_2d_3d_kongs_4d_5d_6d_is_a_sanbaiman_not_a_yakuman() -> None:
    # Found by the long profile: an open one-suit hand with three kongs and thirteen dora (three 3d
    # indicators on four 4d, one 1d on the 2d) counts 21 han: a kazoe count, capped at sanbaiman
    # (6,000 basic; the dealer's ron 36,000), not a yakuman, though its dora entry is 13 han.
    hand = "1d!2d3d 4d4d4d4d* 5d5d5d5d* 6d6d6d6d* 1d1d"
    facts = Facts(seat="east", round="east", houtei=True, dora=("3d", "3d", "3d", "1d"))
    ema = ema_score(hand, facts)
    assert isinstance(ema, Scored)
    assert ("Dora", 13) in ema.yaku and ema.limit == "sanbaiman"
    assert ema.payments == ema_payments(ema, facts) == (("discarder", 36000),)
    assert score(hand, facts) == ema


DORA = frozenset({"Dora", "Aka Dora", "Ura Dora"})  # the package's names for the dora han


def ema_payments(result: Scored, facts: Facts) -> tuple[tuple[str, int], ...]:
    """What each loser pays under EMA 2016 (docs/riichi.md, "Payments"), worked out from han and fu
    alone: the package's payment code is checked against the rules text, not against itself."""
    # A yakuman is a yaku of 13 han or more (dora are not yaku: thirteen of them are a kazoe count,
    # capped at sanbaiman, RCR 2016 §4.1.3), or the package's own word for the limit.
    yakuman = any(h >= 13 for name, h in result.yaku if name not in DORA) or result.limit == "yakuman"
    tiers = ((11, 6000), (8, 4000), (6, 3000), (5, 2000))
    if yakuman:
        basic = 8000
    else:
        basic = next((b for h, b in tiers if result.han >= h), min(result.fu * 2 ** (result.han + 2), 2000))

    def up(points: int) -> int:
        return -(-points // 100) * 100

    east_wins = facts.seat == "east"
    if not facts.tsumo:
        return (("discarder", up(basic * (6 if east_wins else 4)) + 300 * facts.honba),)
    out = []
    for seat in WINDS:
        if seat != facts.seat:
            share = 2 if east_wins or seat == "east" else 1
            out.append((seat, up(basic * share) + 100 * facts.honba))
    return tuple(out)


def _reached(case: RiichiCase) -> set[str]:
    """What of interest a generated case holds: its shape, its facts, its notation, its outcome."""
    result = score(case.hand, case.facts)
    facts = case.facts
    words = case.hand.split()
    flags = {
        "no-yaku": isinstance(result, Refusal),
        "ura": bool(facts.ura),
        "double": facts.double_riichi,
        "ippatsu": facts.ippatsu,
        "rinshan": facts.rinshan,
        "chankan": facts.chankan,
        "haitei": facts.haitei,
        "houtei": facts.houtei,
        "tenhou": facts.tenhou and "!" not in case.hand,
        "chiihou": facts.chiihou,
        "renhou": facts.renhou,
        "open-kong": any(len(w) >= 9 and w.endswith("*") for w in words),
        "concealed-kong": "#" in case.hand,
        "chow": any(w.endswith("*") and len({c for c in w[:-1:2] if c.isdigit()}) == 3 for w in words),
        "four-indicators": len(facts.dora) >= 4,
        "stacked-yakuman": "yakuman-stacking" in getattr(result, "divergences", ()),
        "double-wind-pair": "double-wind-pair" in getattr(result, "divergences", ()),
        "dealer": facts.seat == "east",
        "self-drawn": facts.tsumo,
    }
    winds = {f"seat-{facts.seat}", f"round-{facts.round}"}
    return {case.shape} | winds | {name for name, on in flags.items() if on}


FLAGS = (
    "no-yaku",
    "ura",
    "double",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "open-kong",
    "concealed-kong",
    "chow",
    "four-indicators",
    "stacked-yakuman",
    "double-wind-pair",
    "dealer",
    "self-drawn",
)


def test_the_strategy_reaches_every_shape_and_fact() -> None:
    # A strategy that never drew one of these would leave the differential test blind to it: 600
    # drawn cases must between them reach each. Derandomised in every profile: hypothesis's draws are
    # not independent (a rare shape came 9 to 44 times in 600), and under random seeds about one run
    # in five missed one shape or fact (the long profile), which says nothing of the strategy's reach.
    seen: set[str] = set()

    @settings(max_examples=600, database=None, phases=[Phase.generate], derandomize=True)
    @given(riichi_cases())
    def draw(case: RiichiCase) -> None:
        seen.update(_reached(case))

    draw()
    wanted = set(SHAPES) | {f"{what}-{w}" for what in ("seat", "round") for w in WINDS} | set(FLAGS)
    assert wanted - seen == set()


def test_no_yaku_refusal() -> None:
    # An open hand of chows and a plain pung, won on a discard: no yaku, and dora do not count as one.
    result = score("1c2c3c* 7d8d9d 2b3b4b 5d5d5d Nw!Nw", Facts(seat="south", dora=("4d",)))
    assert result == Refusal("no-yaku", "a complete hand, but no yaku: dora are not yaku")


def test_riichi_on_an_open_hand_is_refused_as_bad_facts() -> None:
    result = score("1c2c3c* 7d8d9d 2b3b4b 5d5d5d Nw!Nw", Facts(riichi=True))
    assert isinstance(result, Refusal) and result.code == "bad-facts"


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        ("1c2c3c 4c5c6c 7d8d9d 2b3b4b 5d5d= ", "unsupported"),
        ("1c2c3c 4c5c!6c* 7d8d9d 2b3b4b 5d5d", "unsupported"),
    ],
    ids=["exposed-pair", "win-in-exposed-set"],
)
def test_notation_riichi_has_no_use_for(hand: str, code: str) -> None:
    try:
        result = score(hand, Facts())
    except HandError:  # our notation refuses a winning hand with an exposed pair and four concealed sets
        return
    assert isinstance(result, Refusal) and result.code == code


def test_a_hand_without_winning_tile_needs_tenhou() -> None:
    result = score("1c2c3c 4c5c6c 7d8d9d 2b3b4b 5d5d", Facts(tsumo=True))
    assert isinstance(result, Refusal) and result.code == "no-winning-tile"


# Worked by hand under EMA 2016 (docs/riichi.md): han, fu, what each loser pays (honba included), the
# deposits collected, the winner's total, the yaku. Basic points = fu x 2^(han+2); a discarder pays
# 4x (6x for East), on a self-draw East pays 2x and the others 1x (2x each when East wins), each
# rounded up to 100; 5 han mangan 2000 basic, 6-7 haneman 3000, 8-10 baiman 4000, 11+ sanbaiman 6000.
HAND_CHECKED = [
    pytest.param(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        Facts(seat="south", riichi=True, dora=("1c",), ura=("9c",), deposits=1),
        # riichi 1, pinfu 1 (all chows, plain pair, 6-7 waiting on 5 or 8), dora 1 (2c); closed on a
        # discard 30 fu. 30 x 2^5 = 960; x4 = 3840 -> 3900, + the deposit 1000.
        (3, 30, {"Riichi", "Pinfu", "Dora"}, (("discarder", 3900),), 1000, 4900),
        id="riichi-pinfu-dora-ron",
    ),
    pytest.param(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        Facts(seat="west", tsumo=True, dora=("1c",)),
        # menzen tsumo 1, pinfu 1, dora 1; pinfu self-drawn 20 fu (no self-draw fu). 20 x 2^5 = 640:
        # East 1280 -> 1300, the others 640 -> 700.
        (3, 20, {"Menzen Tsumo", "Pinfu", "Dora"}, (("east", 1300), ("south", 700), ("north", 700)), 0, 2700),
        id="pinfu-tsumo",
    ),
    pytest.param(
        "2c3c4c* 5d5d5d* 6b7b8b 3c4c5c! 8d8d",
        Facts(seat="north", round="south", dora=("9b",)),
        # open tanyao 1; 20 + open pung of simples 2 = 22 -> 30. 30 x 8 = 240; x4 = 960 -> 1000.
        (1, 30, {"Tanyao"}, (("discarder", 1000),), 0, 1000),
        id="open-tanyao",
    ),
    pytest.param(
        "SwSwSw 1c2c3c 4d5d6d 5b6b7b 7c!7c",
        Facts(seat="west", round="east", dora=("Ew",)),
        # no yaku: South is neither West's wind nor the round's, and the dora (South) is no yaku
        None,
        id="wind-of-no-one-no-yaku",
    ),
    pytest.param(
        "1c2c3c 4c5c6c 7d8d9d 2b3b4b! 5d5d",
        Facts(seat="south", tsumo=True, riichi=True, dora=("4d",), ura=("4d",), deposits=2),
        # riichi 1, menzen tsumo 1, pinfu 1, dora 2 (5d 5d), ura 2: 7 han haneman 3000 basic: East 6000,
        # the others 3000; + the two deposits.
        (
            7,
            20,
            {"Riichi", "Menzen Tsumo", "Pinfu", "Dora", "Ura Dora"},
            (("east", 6000), ("west", 3000), ("north", 3000)),
            2000,
            14000,
        ),
        id="riichi-tsumo-haneman",
    ),
    pytest.param(
        "1c1c 3d3d 5b5b 7c7c 9d9d EwEw Rd!Rd",
        Facts(seat="west", round="south", dora=("2d",)),
        # seven pairs 2, dora 2 (3d 3d): 4 han 25 fu (never rounded). 25 x 2^6 = 1600; x4 = 6400.
        (4, 25, {"Chiitoitsu", "Dora"}, (("discarder", 6400),), 0, 6400),
        id="seven-pairs-25-fu",
    ),
    pytest.param(
        "RdRdRd* 1b2b3b* 5b6b7b 8b8b8b 9b!9b",
        Facts(seat="south", round="east", dora=("Nw",)),
        # half flush open 2, red dragon pung 1; 20 + open honor pung 4 + concealed pung of simples 4
        # + single wait 2 = 30. 30 x 2^5 = 960; x4 = 3840 -> 3900.
        (3, 30, {"Honitsu", "Yakuhai (chun)"}, (("discarder", 3900),), 0, 3900),
        id="open-half-flush-dragon",
    ),
    pytest.param(
        "1c2c3c* 4c5c6c* 7c8c9c 2c2c2c 5c!5c",
        Facts(seat="north", round="south", dora=("Gd",)),
        # full flush open 5, pure straight open 1: 6 han haneman; a discarder pays 4 x 3000.
        (6, 30, {"Chinitsu", "Ittsu"}, (("discarder", 12000),), 0, 12000),
        id="open-flush-straight-haneman",
    ),
    pytest.param(
        "2b3b4b 2b3b4b 6b7b8b 6b6b6b 9b!9b",
        Facts(seat="west", tsumo=True, riichi=True, dora=("5b",), ura=("1c",), deposits=1),
        # riichi 1, menzen tsumo 1, full flush 6, pure double chow 1, dora 4 (6b x4) = 13 han: counted
        # yakuman do not exist under EMA, 11 han and more is a sanbaiman, 6000 basic: East 12000, others 6000.
        # 20 + concealed pung of simples 4 + single wait 2 + self-draw 2 = 28 -> 30.
        (
            13,
            30,
            {"Riichi", "Menzen Tsumo", "Chinitsu", "Iipeiko", "Dora"},
            (("east", 12000), ("south", 6000), ("north", 6000)),
            1000,
            25000,
        ),
        id="kazoe-is-sanbaiman",
    ),
    pytest.param(
        "3c4c5c* GdGdGd* 6d7d8d 2b3b4b! 9c9c",
        Facts(seat="east", tsumo=True, dora=("1b",), honba=2),
        # green dragon 1, dora 1 (2b); 20 + open honor pung 4 + self-draw 2 = 26 -> 30. 30 x 2^4 = 480;
        # East wins: each pays 2 x 480 = 960 -> 1000, + 100 a counter.
        (2, 30, {"Yakuhai (hatsu)", "Dora"}, (("south", 1200), ("west", 1200), ("north", 1200)), 0, 3600),
        id="dealer-tsumo-honba",
    ),
    pytest.param(
        "RdRdRdRd# 1c2c3c 4c5c6c 7d8d9d 2b!2b",
        Facts(seat="west", tsumo=True, rinshan=True, dora=("5c", "9b"), honba=2, deposits=1),
        # menzen tsumo 1, rinshan 1, red dragon 1, dora 1 (6c): 4 han; 20 + concealed honor kong 32
        # + single wait 2 + self-draw 2 = 56 -> 60; 60 x 2^6 = 3840 > 2000: mangan. East 4000, the others
        # 2000, each + 200 for two counters.
        (
            4,
            60,
            {"Menzen Tsumo", "Rinshan Kaihou", "Yakuhai (chun)", "Dora"},
            (("east", 4200), ("south", 2200), ("north", 2200)),
            1000,
            9600,
        ),
        id="rinshan-concealed-kong-mangan",
    ),
    pytest.param(
        "1d2d3d 6c7c8c 7d8d9d 3c4c5c! 2b2b",
        Facts(seat="south", round="south", chankan=True, dora=("1c",)),
        # robbing the kong 1, pinfu 1: 2 han 30 fu. 30 x 2^4 = 480; x4 = 1920 -> 2000.
        (2, 30, {"Chankan", "Pinfu"}, (("discarder", 2000),), 0, 2000),
        id="chankan-pinfu",
    ),
    pytest.param(
        "1c9c1d9d1b9bEwSwWwNwWdGdRd!Rd",
        Facts(seat="east", dora=("1c",)),
        # thirteen orphans on the thirteen-sided wait: one yakuman under EMA; East 6 x 8000.
        (13, 0, {"Kokushi Musou Juusanmen Matchi"}, (("discarder", 48000),), 0, 48000),
        id="thirteen-orphans-dealer",
    ),
    pytest.param(
        "EwEw 1c1c1c 4c5c6c 7d8d9d 2b3b4b!",
        Facts(seat="east", round="east", riichi=True, dora=("5b",), ura=("5b",), deposits=1),
        # EMA: a pair of a wind that is both seat and round wind is 2 fu (the package: 4). 30 + 2 +
        # concealed terminal pung 8 = 40 (the package 42 -> 50). riichi 1: 40 x 8 = 320; x6 = 1920 -> 2000.
        (1, 40, {"Riichi"}, (("discarder", 2000),), 1000, 3000),
        id="double-wind-pair-2-fu",
    ),
    pytest.param(
        "EwEwEw SwSwSw WwWwWw NwNw RdRd!Rd",
        Facts(seat="south", tsumo=True, dora=("Nw",)),
        # little four winds, four concealed pungs, all honors: EMA counts one yakuman (the package adds
        # them up to three). South self-draws: East 16000, the others 8000.
        (
            13,
            60,
            {"Shousuushii", "Suu Ankou", "Tsuu Iisou"},
            (("east", 16000), ("west", 8000), ("north", 8000)),
            0,
            32000,
        ),
        id="yakuman-do-not-add-up",
    ),
]


@pytest.mark.parametrize(("hand", "facts", "expected"), HAND_CHECKED)
def test_hand_checked(hand: str, facts: Facts, expected: tuple[Any, ...] | None) -> None:
    result = ema_score(hand, facts)
    if expected is None:
        assert isinstance(result, Refusal) and result.code == "no-yaku"
        return
    han, fu, yaku, payments, deposits, total = expected
    assert isinstance(result, Scored), result
    assert (result.han, result.fu, result.yaku_names, result.payments) == (han, fu, yaku, payments)
    assert (result.deposits, result.total) == (deposits, total)


@pytest.mark.parametrize(("hand", "facts", "expected"), HAND_CHECKED)
def test_the_cli_reads_the_hand_checked_hands(
    pungchow: Callable[..., tuple[int, str, str]], hand: str, facts: Facts, expected: object
) -> None:
    # A riichi hand is written in our notation: today's `score` reads it (pung-chow scores the four
    # sets and a pair; it has no seven pairs or thirteen orphans, and says so), never a notation error.
    code, out, _ = pungchow("score", hand, "--json")
    if code != 0:
        assert code == 2 and json.loads(out)["error"]["code"] == "not-winning", out
        assert "1c1c 3d3d" in hand or "1c9c1d9d" in hand


def test_the_package_departs_from_ema_where_the_doc_says() -> None:
    # docs/riichi.md, "Where the package and the EMA text disagree": the two hand-checked departures.
    pair = score(
        "EwEw 1c1c1c 4c5c6c 7d8d9d 2b3b4b!", Facts(riichi=True, dora=("5b",), ura=("5b",), deposits=1)
    )
    assert isinstance(pair, Scored)
    assert (pair.fu, pair.payments, pair.divergences) == (50, (("discarder", 2400),), ("double-wind-pair",))
    stacked = score("EwEwEw SwSwSw WwWwWw NwNw RdRd!Rd", Facts(seat="south", tsumo=True))
    assert isinstance(stacked, Scored)
    assert (stacked.han, stacked.total, stacked.divergences) == (39, 96000, ("yakuman-stacking",))
