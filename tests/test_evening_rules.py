"""The ruleset's `evening:` section: the book's defaults, each setting's effect, and its validation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run, squeezed
from evening_support import WINS, cli, hand, ok, status

from pungchow_calc.engine.rule_sections import read_evening
from pungchow_calc.engine.rule_types import EveningRules, Invalid
from pungchow_calc.ruleset_files import load


def test_the_shipped_rulesets_follow_the_book():
    assert load("pung-chow").evening == EveningRules(round_wind=False)
    assert load("pung-chow-limit").evening == EveningRules(round_wind=True)
    # Kajongg's DMJL "East won nine times in a row" (docs/rulings.md#east-nine-wins), not the book's; its
    # BMJA deletes the rule, and East keeps the deal as the book's East does.
    assert load("classical-dmjl").evening == EveningRules(east_win_cap=9, east_win_cap_fact="east_ninth_win")
    assert load("classical-bmja").evening == EveningRules()
    book = EveningRules()
    assert (book.east_repeat_cap, book.draw_passes_deal, book.sets_per_evening) == (None, False, None)
    assert book.after_false_mahjongg == "east_keeps_unless_caller"


@pytest.mark.parametrize(
    "raw, message",
    [
        ([], "must be a mapping"),
        ({"east_repeats": 3}, "unknown evening key 'east_repeats'"),
        ({"round_wind": "yes"}, "round_wind must be true or false"),
        ({"east_repeat_cap": -1}, "east_repeat_cap must be a whole number"),
        ({"after_false_mahjongg": "east_loses"}, "after_false_mahjongg must be one of"),
        ({"sets_per_evening": 0}, "sets_per_evening must be a whole number of 1 or more, got 0"),
        # said "of 0 or more" (0 is refused): the least it takes, as the schema's minimum has it
        ({"sets_per_evening": 1.5}, "sets_per_evening must be a whole number of 1 or more, got 1.5"),
        # a cap of 0 wins would pass the deal before East won
        ({"east_win_cap": 0}, "east_win_cap must be a whole number of 1 or more, got 0"),
        ({"east_win_cap": 9, "east_win_cap_fact": "ninth_win"}, "east_win_cap_fact must be null or one of"),
        # a fact of the table, not of a win
        ({"east_win_cap": 9, "east_win_cap_fact": "no_choice"}, "east_win_cap_fact must be null or one of"),
        ({"east_win_cap_fact": "east_ninth_win"}, "east_win_cap_fact needs east_win_cap"),
    ],
    ids=[
        "not-mapping",
        "unknown-key",
        "bool",
        "negative",
        "choice",
        "zero-sets",
        "sets-1.5",
        "zero-wins",
        "unknown-fact",
        "table-fact",
        "fact-without-cap",
    ],
)
def test_bad_evening_sections_are_refused(raw, message):
    with pytest.raises(Invalid) as found:
        read_evening(raw)
    assert message in found.value.message and found.value.path[0] == "evening"


def _house(tmp_path: Path, **settings: object) -> str:
    lines = ["extends: pung-chow-limit", "name: house", "evening:"]
    lines += [f"  {key}: {'null' if v is None else str(v).lower()}" for key, v in settings.items()]
    path = tmp_path / "house.yaml"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


PLAYERS = ["Ann", "Bob", "Cy"]


def _start(tmp_path: Path, capsys: pytest.CaptureFixture[str], **settings: object) -> Path:
    path = tmp_path / "e.jsonl"
    ruleset = _house(tmp_path, round_wind=True, **settings)
    ok(capsys, "evening", "new", str(path), "--players", ",".join(PLAYERS), "-r", ruleset)
    return path


def test_a_cap_on_east_repeats(tmp_path, capsys):
    path = _start(tmp_path, capsys, east_repeat_cap=2)
    for _ in range(2):
        ok(capsys, *hand(path, "Ann", PLAYERS))  # East wins twice: kept the deal twice
    assert status(capsys, path)["east"] == "Ann"
    ok(capsys, *hand(path, "Ann", PLAYERS))  # a third win: the cap passes the deal all the same
    assert status(capsys, path)["east"] == "Bob"


@pytest.mark.parametrize("columns", [60, 80])
def test_a_cap_on_east_repeats_says_why_the_deal_passes(tmp_path, capsys, monkeypatch, columns):
    """Regression: the cap passed the deal after Ann's third win, and `evening hand` said only "The deal
    passes: Bob is East Wind"; status showed her streak, never the cap it runs toward."""
    monkeypatch.setenv("COLUMNS", str(columns))
    path = _start(tmp_path, capsys, east_repeat_cap=2)
    ok(capsys, *hand(path, "Ann", PLAYERS))
    run = {"kept": 1, "wins": 1, "east_repeat_cap": 2, "east_win_cap": None, "passes_on": None}
    assert status(capsys, path)["east_run"] == run
    shown = ok(capsys, "evening", "status", str(path))
    assert "\nAnn as East: kept the deal 1 time in a row (2 at most)\n" in shown
    assert squeezed("East: Ann (has kept the deal 1 time); if East loses, Bob deals next") in squeezed(shown)
    ok(capsys, "evening", "draw", str(path), "--again")  # a draw keeps the deal too: the 2nd time
    # At the cap any game of East's passes the deal, a win as well: "if East loses" alone said otherwise.
    assert status(capsys, path)["east_run"] == {**run, "kept": 2, "passes_on": "any"}
    shown = ok(capsys, "evening", "status", str(path))
    assert squeezed("East: Ann (has kept the deal 2 times); Bob deals next, whatever the game") in squeezed(
        shown
    )
    said = ok(capsys, *hand(path, "Ann", PLAYERS))
    why = "The deal passes (Ann has kept it 2 times in a row, the most allowed): Bob is East Wind"
    assert squeezed(why) in squeezed(said)
    shown = ok(capsys, "evening", "status", str(path))
    assert "Bob as East: kept the deal 0 times in a row (2 at most)" in shown
    assert all(len(line) <= columns for text in (said, shown) for line in text.splitlines())
    report = ok(capsys, "evening", "report", str(path))
    passed = "Game 3: the deal passes (Ann has kept it 2 times in a row, the most allowed)"
    assert squeezed(passed) in squeezed(report)
    assert all(len(line) <= columns for line in report.splitlines())


def test_play_draw_after_ann_kept_the_deal_twice_under_a_cap_of_2_says_why_once(tmp_path, capsys):
    """Regression: play said "The deal passes (Ann has kept it 2 times ...)" in its preview, then again
    under "Recorded game 3.", above a status that shows Bob East."""
    path = _start(tmp_path, capsys, east_repeat_cap=2)
    ok(capsys, *hand(path, "Ann", PLAYERS))
    ok(capsys, "evening", "draw", str(path), "--again")
    played = run(
        "evening", "play", str(path), input="draw\nn\ny\nquit\n", env={"COLUMNS": "60"}
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    said = squeezed(played.stdout)
    why = squeezed("The deal passes (Ann has kept it 2 times in a row, the most allowed): Bob is East Wind")
    preview, recorded = said.split(squeezed("Recorded game 3."))
    assert preview.endswith(why + squeezed("Record this game? [Y/n] y")), played.stdout
    assert why not in recorded and "BobasEast:keptthedeal0times" in recorded, played.stdout
    assert all(len(line) <= 60 for line in played.stdout.splitlines()), played.stdout


def test_amend_2_to_bob_s_win_before_a_draw_that_hit_a_cap_of_2_says_the_deal_no_longer_passes(
    tmp_path, capsys
):
    """Regression: Ann won twice and drew (the cap passed the deal to Bob); game 2 amended to Bob's win
    leaves Bob East, keeping it by the draw: amend said only "East Wind is still Bob"."""
    path = _start(tmp_path, capsys, east_repeat_cap=2)
    ok(capsys, *hand(path, "Ann", PLAYERS))
    ok(capsys, *hand(path, "Ann", PLAYERS))
    ok(capsys, "evening", "draw", str(path), "--again")
    said = ok(capsys, "evening", "amend", str(path), "2", *hand(path, "Bob", PLAYERS, again=False)[3:])
    why = "the deal no longer passes (Ann has kept it 2 times in a row, the most allowed)"
    assert squeezed(f"East Wind is still Bob: {why} Next game") in squeezed(said)


def test_a_cap_of_no_repeat_says_east_may_not_keep_it(tmp_path, capsys):
    path = _start(tmp_path, capsys, east_repeat_cap=0)
    said = ok(capsys, *hand(path, "Ann", PLAYERS))
    assert squeezed("The deal passes (Ann may not keep it): Bob is East Wind") in squeezed(said)


def test_a_cap_on_east_wins_a_draw_between_keeps_the_count(tmp_path, capsys):
    """`east_win_cap` counts East's wins since the deal came to him: a draw between neither counts nor
    breaks them (Kajongg's "in a row", docs/rulings.md#east-nine-wins); his Nth win passes the deal."""
    path = _start(tmp_path, capsys, east_win_cap=2)
    ok(capsys, *hand(path, "Ann", PLAYERS))
    ok(capsys, "evening", "draw", str(path), "--again")
    assert status(capsys, path)["east"] == "Ann"
    ok(capsys, *hand(path, "Ann", PLAYERS))  # his second win: the deal passes though he won
    assert status(capsys, path)["east"] == "Bob"
    ok(capsys, *hand(path, "Bob", PLAYERS))  # the count starts again with the new East
    assert status(capsys, path)["east"] == "Bob"


def test_a_draw_that_passes_the_deal_and_three_players_in_a_round(tmp_path, capsys):
    path = _start(tmp_path, capsys, draw_passes_deal=True)
    ok(capsys, "evening", "draw", str(path), "--again")
    s = status(capsys, path)
    assert s["east"] == "Bob" and s["seats"] == {"Ann": "west", "Bob": "east", "Cy": "south"}
    ok(capsys, "evening", "draw", str(path), "--again")
    ok(capsys, "evening", "draw", str(path), "--again")  # three players: three passes make a round
    s = status(capsys, path)
    assert (s["east"], s["round"]) == ("Ann", "south")


@pytest.mark.parametrize(
    "setting, caller, east_after",
    [
        ("east_keeps_unless_caller", "Bob", "Ann"),
        ("east_keeps_unless_caller", "Ann", "Bob"),
        ("east_keeps", "Ann", "Ann"),
        ("deal_passes", "Bob", "Bob"),
    ],
    ids=["book-other-calls", "book-east-calls", "east-keeps", "deal-passes"],
)
def test_who_is_east_after_a_false_mahjongg(tmp_path, capsys, setting, caller, east_after):
    path = _start(tmp_path, capsys, after_false_mahjongg=setting)
    ok(capsys, "evening", "false-mahjongg", str(path), caller)
    assert status(capsys, path)["east"] == east_after


def test_sets_per_evening_ends_the_evening(tmp_path, capsys):
    path = _start(tmp_path, capsys, sets_per_evening=1)
    players = PLAYERS
    for i in range(12):  # four rounds of three passes
        east = status(capsys, path)["east"]
        ok(capsys, *hand(path, next(p for p in players if p != east), players, WINS[i % 4]))
    s = status(capsys, path)
    assert s["over"] and s["sets"] == 1
    code, _, err = cli(capsys, "evening", "draw", str(path))
    assert code == 2 and "the evening is over" in err


@pytest.mark.parametrize(
    ("ruleset", "settlement", "message"),
    [
        pytest.param("riichi-ema-2016", "", "`evening` cannot keep its game yet", id="riichi-ema-2016"),
        pytest.param(  # it said `pays counters and deposits` of a ruleset that pays counters alone
            "pung-chow",
            "settlement:\n  counter_points: 100\n",
            "ruleset house pays counters, which an evening does not carry",
            id="counter_points",
        ),
        pytest.param(
            "pung-chow",
            "settlement:\n  deposit_points: 1000\n",
            "ruleset house pays deposits, which an evening does not carry",
            id="deposit_points",
        ),
        pytest.param(
            "pung-chow",
            "settlement:\n  counter_points: 100\n  deposit_points: 1000\n",
            "ruleset house pays counters and deposits, which an evening does not carry",
            id="both",
        ),
    ],
)
@pytest.mark.parametrize("command", ["status", "report", "chart", "play", "draw", "repair"])
def test_a_start_line_new_did_not_write_with_an_unplayable_ruleset(
    tmp_path, capsys, ruleset: str, settlement: str, message: str, command: str
) -> None:
    """Regression: a start line with a ruleset `evening new` refuses (made through the library, or
    accepted by `repair`) was played by every other command; the one check is made on every read."""
    from pungchow_calc.evening import logfile, record
    from pungchow_calc.evening.settle import snapshot

    house = tmp_path / "house.yaml"
    house.write_text(f"extends: {ruleset}\nname: house\n{settlement}", encoding="utf-8")
    start = {
        **{"v": 1, "event": "start", "at": record.now(), "players": ["Ann", "Bob", "Cy", "Di"]},
        **{"east": "Ann", "sets": None, "limit": None, "no_limit": False},
        "ruleset": snapshot(load(str(house)), "house"),
    }
    path = tmp_path / "e.jsonl"
    logfile.create(str(path), start)
    before = path.read_bytes()
    code, out, err = cli(capsys, "evening", command, str(path))
    assert code == 2 and err.count("\n") == 1 and out == "", (out, err)
    assert f"{path} line 1: ruleset house" in err and message in err
    assert path.read_bytes() == before  # nothing written


@pytest.mark.parametrize(
    ("limit", "refused"),
    [
        pytest.param("150", "--limit 150: the washing table pays 200 from each player for 13", id="150"),
        pytest.param("100", "--limit 100: the washing table pays 150 from each player for 12", id="100"),
        pytest.param("200", None, id="200-within-the-table"),
    ],
)
def test_evening_new_limit_below_the_washing_table_of_pung_chow_limit(
    tmp_path, capsys, limit: str, refused: str | None
) -> None:
    # Regression: `--limit 150` under pung-chow-limit began the evening, and a wash of 13 heads paid
    # 200 from each player past it, uncapped: the book does not say, so it is refused as a ruleset's
    # own limit below a wash row is (docs/rulings.md#washing).
    path = tmp_path / "e.jsonl"
    code, _, err = cli(
        capsys,
        "evening",
        "new",
        str(path),
        "--players",
        "Ann,Bob,Cy,Di",
        "-r",
        "pung-chow-limit",
        "--limit",
        limit,
    )
    if refused is None:
        assert code == 0 and path.exists(), err
        return
    assert code == 2 and refused in err and f"give --limit {200 if limit == '150' else 150} or more" in err, (
        err
    )
    assert err.count("\n") == 1 and not path.exists()


def test_two_evenings_of_one_ruleset_compile_its_snapshot_once(tmp_path, capsys) -> None:
    """`evening stats` over a club's evenings compiled each log's snapshot anew (16 ms each): it is
    compiled once a process, whichever log recorded it; a damaged one is still said at its own log."""
    from pungchow_calc.evening.log import EveningError
    from pungchow_calc.evening.settle import digest, ruleset_of

    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (first, second):
        ok(capsys, "evening", "new", str(path), "--players", "Ann,Bob,Cy,Di", "-r", "pung-chow-limit")
    starts = [json.loads(p.read_text(encoding="utf-8").splitlines()[0]) for p in (first, second)]
    assert ruleset_of(starts[0], str(first)) is ruleset_of(starts[1], str(second))
    document = {**starts[1]["ruleset"]["document"], "rules": []}
    broken = {
        **starts[1],
        "ruleset": {**starts[1]["ruleset"], "document": document, "hash": digest(document)},
    }
    with pytest.raises(EveningError) as refused:
        ruleset_of(broken, str(second))
    assert refused.value.message.startswith(f"{second} line 1: the ruleset snapshot cannot be read: rules")
