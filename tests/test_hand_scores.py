"""engine/hand_scores: the scores a hand of a ruleset can have, and `settle`'s refusal of a typed
number no hand scores (docs/settling.md "A score given as a number")."""

from __future__ import annotations

import pytest
import riichi_ours as ours
from evening_support import as_an_older_pungchow
from hypothesis import given, settings
from hypothesis import strategies as st
from riichi_hands import RiichiCase, riichi_cases
from strategies import winning_hands

from pungchow_calc.engine.errors import PungchowError
from pungchow_calc.engine.hand_scores import hand_scores, least_win, score_step
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.ruleset_files import load
from tests.cli_helpers import run

RIICHI = load("riichi-ema-2016")
POSSIBLE = hand_scores(RIICHI)
LIMITS = (2000, 3000, 4000, 6000, 8000)


def settle_south(score: str, *more: str):
    """`settle` with South's score typed as a number, a self-drawn win."""
    return run(
        "settle", "-r", "riichi-ema-2016", "--east", "0", "--south", score, "--west", "0", "--north", "0",
        "--winner", "south", "--drawn", *more,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("fu", "han"),
    [
        pytest.param(fu, han, id=f"{fu}fu-{han}han")
        for fu in (25, *range(20, 111, 10))
        for han in (1, 2, 3, 4)
    ],
)
def test_every_riichi_fu_and_han_is_a_score(fu, han):
    """The exhaustive table: every fu of a hand (20 to 110, seven pairs' 25) at 1 to 4 han, its basic
    points fu x 2^(han + 2) capped at mangan's 2000, is accepted typed as a number."""
    basic = min(fu * 2 ** (han + 2), 2000)
    assert POSSIBLE is not None and POSSIBLE.holds(basic)
    done = settle_south(str(basic))
    assert (done.exit_code, done.stderr) == (0, "")


@pytest.mark.parametrize("limit", LIMITS)
def test_every_riichi_limit_is_a_score(limit):
    done = settle_south(str(limit))
    assert (done.exit_code, done.stderr) == (0, "")


@settings(max_examples=200, deadline=None)
@given(riichi_cases(), st.sampled_from((None, 1000, 2000, 20000)))
def test_every_riichi_score_is_accepted_typed(case: RiichiCase, limit: int | None):
    """Never refused: the score the engine gives any riichi hand, also under --limit, holds (the score
    before the cap: a typed score is capped by --limit as a scored hand is)."""
    try:
        if limit is None:
            scored = score_text(case.hand, RIICHI, ours.situation(case.facts))
        else:
            scored = score_text(case.hand, RIICHI, ours.situation(case.facts), limit)
    except PungchowError:
        return
    assert POSSIBLE is not None
    assert POSSIBLE.holds(scored.score), (case.hand, scored.score)
    assert scored.payable in (scored.score, limit), (case.hand, scored.payable)


@pytest.mark.parametrize(
    ("score", "nearest"),
    [
        pytest.param("1300", "the nearest are 1280 and 1360", id="south-1300-a-payment-for-320"),
        pytest.param("3900", "the nearest are 3000 and 4000", id="south-3900-a-payment-for-960"),
        pytest.param("25", "the nearest is 80", id="south-25-fu-not-a-score"),
        pytest.param("1000", "the nearest are 960 and 1040", id="south-1000"),
    ],
)
def test_settle_riichi_south_score_no_hand_has(score, nearest):
    """A number no riichi hand scores (a payment typed for the basic points) moved money: refused, its
    score said in the ruleset's words (han), as `rules show` says it; on b216755 "2^(doublings + 2)"."""
    done = settle_south(score)
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"error: --south: no hand scores {score} under ruleset riichi-ema-2016: a score is fu x "
        "2^(han + 2) up to 2000, or a limit (2000, 3000, 4000, 6000, 8000); "
        f"{nearest} (the score is the hand's value before payment, not what is paid)\n"
    )


def test_settle_riichi_south_1300_json_code():
    done = settle_south("1300", "--json")
    assert done.exit_code == 2
    assert '"bad-score"' in done.stdout + done.stderr


@pytest.mark.parametrize("name", ["pung-chow", "pung-chow-limit", "classical-bmja", "classical-dmjl"])
def test_points_are_sums_so_no_set(name):
    """Where points are arbitrary sums the set is not decided: every number is settled as before."""
    assert hand_scores(load(name)) is None


@pytest.mark.parametrize("name", ["pung-chow", "classical-bmja"])
def test_settle_book_score_1300_still_settles(name):
    done = run("settle", "-r", name, "--east", "1300", "--south", "0", "--west", "0", "--north", "0",
               "--winner", "east")  # fmt: skip
    assert (done.exit_code, done.stderr) == (0, "")


def test_holds_no_zero_for_a_winner_and_not_between_limits():
    """Under riichi only a winner's score is checked (settle_losers: false), and he needs a han."""
    assert POSSIBLE is not None
    assert not POSSIBLE.holds(0)
    assert not POSSIBLE.holds(2500)
    assert POSSIBLE.holds(1920) and not POSSIBLE.holds(2040)


@pytest.mark.parametrize(
    "more", [(), ("--honba", "2", "--deposits", "1")], ids=["plain", "honba-2-deposits-1"]
)
def test_settle_riichi_winner_east_0_drawn(more):
    """Regression: a riichi winner's score typed as 0 settled "No payments", yet east took the deposits
    while the counters of --honba were silently not paid; no riichi hand wins with nothing."""
    done = run("settle", "-r", "riichi-ema-2016", "--east", "0", "--south", "0", "--west", "0",
               "--north", "0", "--winner", "east", "--drawn", *more)  # fmt: skip
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr.startswith("error: --east: no hand scores 0 under ruleset riichi-ema-2016: ")


def test_settle_book_loser_0_still_settles():
    """Where losers settle (the book's rulesets) a 0 is any loser's."""
    done = run("settle", "--east", "0", "--south", "20", "--west", "0", "--north", "0", "--winner", "south")
    assert (done.exit_code, done.stderr) == (0, "")


BOOK_WINNERS = [
    pytest.param("pung-chow", "0", (), 2, 20, id="pung-chow-east-0"),
    pytest.param("pung-chow", "19", (), 2, 20, id="pung-chow-east-19"),
    pytest.param("pung-chow", "20", (), 0, 20, id="pung-chow-east-20-mah-jongg-alone"),
    pytest.param("pung-chow-limit", "5", (), 2, 10, id="pung-chow-limit-east-5-a-slip-for-50"),
    pytest.param("pung-chow-limit", "10", (), 0, 10, id="pung-chow-limit-east-10"),
    pytest.param("pung-chow-limit", "5", ("--limit", "5"), 0, 10, id="pung-chow-limit-east-5-the-cap"),
    pytest.param("classical-bmja", "6", (), 0, 0, id="classical-bmja-east-6-no-rule-every-win-scores"),
]


@pytest.mark.parametrize(("name", "score", "more", "code", "least"), BOOK_WINNERS)
def test_settle_book_winner_below_what_every_win_scores(name, score, more, code, least):
    """Regression: a winner's 5 under pung-chow-limit (Mah-Jongg alone is 10) was paid by every loser,
    and a winner's 0 settled; the limit in force, typed, is still taken (a hand reaching it is paid it)."""
    done = run("settle", "-r", name, "--east", score, "--south", "8", "--west", "4", "--north", "0",
               "--winner", "east", *more)  # fmt: skip
    assert done.exit_code == code, done.output
    if code:
        assert done.stderr == (
            f"error: --east: no winning hand scores {score} under ruleset {name}: every win scores at least"
            f" {least} (Mah-Jongg)\n"
        )
    assert least_win(load(name))[0] == least


def test_evening_hand_winner_below_what_every_win_scores_names_the_player(tmp_path):
    log = tmp_path / "e.jsonl"
    assert (
        run("evening", "new", str(log), "--players", "Ann,Bob,Cy,Di", "-r", "pung-chow-limit").exit_code == 0
    )
    before = log.read_bytes()
    done = run("evening", "hand", str(log), "5", "--winner", "Ann", "--other", "Bob=4", "--other", "Cy=0",
               "--other", "Di=8")  # fmt: skip
    assert (done.exit_code, done.stderr) == (
        2,
        "error: Ann: no winning hand scores 5 under ruleset pung-chow-limit: every win scores at least 10"
        " (Mah-Jongg)\n",
    )
    assert log.read_bytes() == before


BOOK = {name: load(name) for name in ("pung-chow", "pung-chow-limit")}


@given(winning_hands(), st.sampled_from(sorted(BOOK)), st.sampled_from(("east", "south")), st.booleans())
def test_every_book_winners_score_is_at_least_what_every_win_scores(hand, name, seat, drawn):
    """Never refused: the score the engine gives a book winner is at least least_win's."""
    situation = Situation(seat=Wind.parse(seat), win_by=WinBy.WALL if drawn else WinBy.DISCARD)
    try:
        scored = score_text(hand.text(), BOOK[name], situation)
    except PungchowError:
        return
    assert scored.score >= least_win(BOOK[name])[0], (hand.text(), name, scored.score)


def test_settle_riichi_loser_east_5_is_noted_not_refused():
    """A loser's score under settle_losers: false pays nothing: noted as before, not refused."""
    done = run("settle", "-r", "riichi-ema-2016", "--east", "5", "--south", "320", "--west", "0",
               "--north", "0", "--winner", "south", "--drawn")  # fmt: skip
    assert done.exit_code == 0
    assert "a loser's score pays nothing" in done.stdout + done.stderr


@pytest.mark.parametrize(
    ("limit", "score", "code"),
    [
        pytest.param("1000", "1000", 0, id="limit-1000-south-1000-the-cap"),
        pytest.param("1000", "1300", 2, id="limit-1000-south-1300"),
    ],
)
def test_settle_riichi_south_score_under_limit(limit, score, code):
    """The cap in force is what a hand reaching it is paid: typed, it is taken; other numbers not."""
    done = settle_south(score, "--limit", limit)
    assert done.exit_code == code


@pytest.mark.parametrize(
    ("words", "said"),
    [
        pytest.param("", "fu x 2^(han + 2)", id="riichi-ema-2016-han"),
        pytest.param("settings: {words: {doublings: fan}}\n", "fu x 2^(fan + 2)", id="house-words-fan"),
        pytest.param(
            "settings:\n  words: {doubling: doubling, doublings: doublings, rules: rules,"
            " limit_hand: limit hand, points: points}\n",
            "points x 2^(doublings + 2)",
            id="house-words-doublings",
        ),
    ],
)
def test_settle_south_1300_says_the_score_in_the_rulesets_words(tmp_path, words: str, said: str):
    """Regression: `settle --south 1300` under riichi said "2^(doublings + 2)" where `rules show` says
    han; a house file's own `words:` are said as well."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: riichi-ema-2016\n{words}", encoding="utf-8")
    done = run(
        "settle", "-r", str(path), "--east", "0", "--south", "1300", "--west", "0", "--north", "0",
        "--winner", "south", "--drawn",
    )  # fmt: skip
    assert (done.exit_code, done.stdout) == (2, "")
    assert f"no hand scores 1300 under ruleset house: a score is {said} up to 2000" in done.stderr


def test_an_evening_recorded_with_a_winners_5_before_the_check_still_reads(tmp_path):
    """A recorded evening is never lost: a winner's 5 an older pungchow recorded under pung-chow-limit
    is replayed as recorded (report, stats), while a new or amended game is refused on it."""
    log = tmp_path / "e.jsonl"
    assert (
        run("evening", "new", str(log), "--players", "Ann,Bob,Cy,Di", "-r", "pung-chow-limit").exit_code == 0
    )
    game = ["5", "--winner", "Bob", "--other", "Ann=10", "--other", "Cy=20", "--other", "Di=4"]
    with as_an_older_pungchow():
        assert run("evening", "hand", str(log), *game).exit_code == 0
    recorded = log.read_bytes()
    for view in (["report"], ["report", "--breakdown"], ["stats"], ["status"], ["chart"]):
        done = run("evening", *view, str(log))
        assert (done.exit_code, done.stderr) == (0, ""), (view, done.stderr)
    amended = run("evening", "amend", str(log), "1", *game)
    assert amended.exit_code == 2 and "Bob: no winning hand scores 5" in amended.stderr
    assert log.read_bytes() == recorded


# Every point of the book's rulesets (and Kajongg's) is even and doublings keep it so: an odd winner's
# score is no hand's (Part I: "A player may win with a score as low as 22 points"), a slip every loser
# would pay on (a user trial: 21 and 23 settled). A limit in force, typed, is a hand's that reaches it.
ODD_WINNERS = [
    pytest.param("pung-chow", "21", (), 2, id="pung-chow-21"),
    pytest.param("pung-chow", "23", (), 2, id="pung-chow-23"),
    pytest.param("pung-chow", "22", (), 0, id="pung-chow-22-the-books-least"),
    pytest.param("pung-chow-limit", "11", (), 2, id="pung-chow-limit-11"),
    pytest.param("pung-chow-limit", "301", ("--limit", "301"), 0, id="pung-chow-limit-301-the-cap"),
    pytest.param("classical-bmja", "5", (), 2, id="classical-bmja-5"),
    pytest.param("classical-dmjl", "499", (), 2, id="classical-dmjl-499"),
    pytest.param("classical-dmjl", "500", (), 0, id="classical-dmjl-500-its-limit"),
]


@pytest.mark.parametrize(("name", "score", "more", "code"), ODD_WINNERS)
def test_settle_book_winner_of_an_odd_score_is_refused(name, score, more, code):
    done = run("settle", "-r", name, "--east", score, "--south", "8", "--west", "4", "--north", "0",
               "--winner", "east", *more)  # fmt: skip
    assert done.exit_code == code, done.output
    if code:
        value = int(score)
        assert done.stderr == (
            f"error: --east: no hand scores {score} under ruleset {name}: every score is a multiple of 2, as "
            f"all its points are (the nearest are {value - 1} and {value + 1})\n"
        )


def test_score_step_of_the_shipped_rulesets():
    assert [score_step(load(name), None) for name in ("pung-chow", "pung-chow-limit", "classical-dmjl")] == [
        2,
        2,
        2,
    ]
    assert score_step(load("riichi-ema-2016"), None) == 1  # rounded points: hand_scores decides its scores
