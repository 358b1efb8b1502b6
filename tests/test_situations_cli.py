"""The situations the tiles cannot show, stated on the command line: --robbing-kong, --original-call
and --kong-after-kong, from `score`, `diff`, a batch text line, a batch YAML entry, `settle`,
`evening hand` and `evening amend`; how options.make refuses them with a way of winning they
contradict; and the note when no rule of the ruleset reads them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import json_of, run

from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.ruleset_files import load

# A concealed-pung hand with two exposed sets at most (Kajongg's original call needs fewer than
# three exposed melds), and one with two kongs for the kong after a kong.
PUNGS = "1b1b1b 3c3c3c 5d5d5d 4b4b4b* 7c!7c"
# A robbed tile is the fourth of another player's pung, its other three on the table: the hand holds it
# once, so it completes a chow (a pair or pung would hold a fifth: robbed_tile_held).
ROBBED = "1b1b1b 3c3c3c 4b4b4b* 6c!7c8c 9d9d"
KONGS = "1b1b1b1b# 3c3c3c3c* 5d5d5d 4b4b4b* 7c!7c"

# option -> (hand, the classical-dmjl rule it scores, the way of winning it implies)
SCORED = {
    "--robbing-kong": (ROBBED, "robbing_the_kong", "discard"),
    "--original-call": (PUNGS, "original_call", "discard"),
    "--kong-after-kong": (KONGS, "twofold_fortune", "loose"),
}
NOTES = {
    "--robbing-kong": "--robbing-kong: no rule of ruleset pung-chow scores robbing a kong",
    "--original-call": "--original-call: no rule of ruleset pung-chow scores a win on an original call",
    "--kong-after-kong": (
        "--kong-after-kong: no rule of ruleset pung-chow scores"
        " a win on the loose tile of a kong after a kong"
    ),
}


def _rules(score: dict[str, Any]) -> list[str]:
    return [line["rule"] for line in score["lines"]]


# --- score ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("option", list(SCORED))
def test_score_scores_the_option_under_classical_dmjl(option: str) -> None:
    hand, rule, way = SCORED[option]
    stated = json_of("score", hand, "-r", "classical-dmjl", option)
    assert rule in _rules(stated)
    assert stated["win_by"] == way
    assert "notes" not in stated  # the ruleset has the rule


@pytest.mark.parametrize("option", list(SCORED))
def test_score_without_the_option_does_not_score_its_rule(option: str) -> None:
    hand, rule, _ = SCORED[option]
    assert rule not in _rules(json_of("score", hand, "-r", "classical-dmjl"))


def test_robbing_the_kong_golden() -> None:
    """Kajongg's "Robbing the Kong" (rule robbing_the_kong of rulesets/classical-dmjl.yaml) doubles
    the hand: 34 without the option, 68 with it."""
    plain = json_of("score", ROBBED, "-r", "classical-dmjl")
    robbed = json_of("score", ROBBED, "-r", "classical-dmjl", "--robbing-kong")
    assert (plain["score"], robbed["score"]) == (34, 68)
    assert robbed["doublings"] == plain["doublings"] + 1
    line = next(line for line in robbed["lines"] if line["rule"] == "robbing_the_kong")
    assert (line["label"], line["kind"], line["doublings"]) == ("Robbing the Kong", "double", 1)


def test_twofold_fortune_is_a_limit_hand() -> None:
    stated = json_of("score", KONGS, "-r", "classical-dmjl", "--kong-after-kong")
    assert stated["limit_hand"] == "Twofold Fortune"
    assert json_of("score", KONGS, "-r", "classical-dmjl", "--loose")["limit_hand"] is None


def test_score_human_output_shows_the_rule() -> None:
    result = run("score", ROBBED, "-r", "classical-dmjl", "--robbing-kong", "--ascii")
    assert result.exit_code == 0
    assert "Robbing the Kong" in result.stdout
    assert "Note:" not in result.stdout


@pytest.mark.parametrize("option", list(SCORED))
def test_the_json_situation_is_unchanged_by_the_option(option: str) -> None:
    """The facts are not echoed in the JSON (nor are --original-hand's and --last-tile's): the keys
    are those of a hand scored without the option."""
    hand, _, _ = SCORED[option]
    stated = json_of("score", hand, "-r", "classical-dmjl", option)
    way = ["--loose"] if option == "--kong-after-kong" else []
    plain = json_of("score", hand, "-r", "classical-dmjl", *way)
    assert list(stated) == list(plain)


def test_as_json_is_json_dumps_of_as_dict_with_the_facts() -> None:
    ruleset = load("pung-chow")
    for hand, situation in (
        (ROBBED, Situation(robbing_kong=True, original_call=True)),
        (KONGS, Situation(win_by=WinBy.LOOSE, kong_after_kong=True)),
    ):
        result = score_text(hand, ruleset, situation)
        assert result.as_json() == json.dumps(result.as_dict())
        assert result.notes  # pung-chow reads none of them


# --- notes ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("option", list(NOTES))
def test_an_option_no_rule_reads_is_noted(option: str) -> None:
    hand, _, _ = SCORED[option]
    assert json_of("score", hand, option)["notes"] == [NOTES[option]]
    human = run("score", hand, option, "--ascii", env={"COLUMNS": "200"})
    assert human.exit_code == 0
    assert f"Note: {NOTES[option]}" in human.stdout


def test_kong_after_kong_is_noted_once_not_as_loose() -> None:
    """Under a ruleset that reads neither, the implied loose tile is not noted as a second --loose."""
    ruleset = load("pung-chow")
    situation = Situation(win_by=WinBy.LOOSE, kong_after_kong=True)
    notes = score_text(KONGS, ruleset, situation).notes
    assert notes == (NOTES["--kong-after-kong"],)


def test_several_options_are_noted_in_table_order() -> None:
    stated = json_of("score", ROBBED, "--original-call", "--robbing-kong")
    assert stated["notes"] == [NOTES["--robbing-kong"], NOTES["--original-call"]]


def test_no_note_under_a_ruleset_with_the_rules() -> None:
    stated = json_of("score", ROBBED, "-r", "classical-bmja", "--robbing-kong", "--original-call")
    assert "notes" not in stated


# --- diff -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("option", list(SCORED))
def test_diff_takes_the_option(option: str) -> None:
    hand, rule, way = SCORED[option]
    compared = json_of("diff", hand, "-r", "pung-chow", "-r", "classical-dmjl", option)
    dmjl, harr = compared["scores"]["classical-dmjl"], compared["scores"]["pung-chow"]
    assert rule in _rules(dmjl) and dmjl["win_by"] == way
    assert harr["notes"] == [NOTES[option]]
    row = next(row for row in compared["rows"] if row["key"] == f"rule:{rule}")
    assert row["values"]["pung-chow"] is None and row["differs"]


def test_diff_human_shows_the_rule_row() -> None:
    result = run("diff", ROBBED, "-r", "pung-chow", "-r", "classical-dmjl", "--robbing-kong", "--ascii")
    assert result.exit_code == 0
    assert "Robbing the Kong" in result.stdout


# --- batch ----------------------------------------------------------------------------------------


def _batch(path: Path) -> list[dict[str, Any]]:
    result = run("batch", str(path), "--format", "jsonl")
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_batch_text_lines_take_the_options(tmp_path: Path) -> None:
    lines = [f"'{SCORED[o][0]}' -r classical-dmjl {o}" for o in SCORED]
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    records = _batch(path)
    assert [r["line"] for r in records] == [1, 2, 3]
    for record, (_, rule, way) in zip(records, SCORED.values(), strict=True):
        assert rule in _rules(record) and record["win_by"] == way


@pytest.mark.parametrize("spelling", ["underscore", "hyphen"])
def test_batch_yaml_entries_take_the_table_names(tmp_path: Path, spelling: str) -> None:
    entries = []
    for option, (hand, _, _) in SCORED.items():
        name = option[2:].replace("-", "_") if spelling == "underscore" else option[2:]
        entries.append(f"- hand: '{hand}'\n  ruleset: classical-dmjl\n  {name}: true\n")
    entries.append(f"- hand: '{ROBBED}'\n  ruleset: classical-dmjl\n  robbing_kong: false\n")
    path = tmp_path / "hands.yaml"
    path.write_text("".join(entries), encoding="utf-8")
    records = _batch(path)
    assert len(records) == 4
    for record, (_, rule, way) in zip(records[:3], SCORED.values(), strict=True):
        assert rule in _rules(record) and record["win_by"] == way
    assert "robbing_the_kong" not in _rules(records[3])


def test_batch_reports_a_refused_line_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(f"'{ROBBED}' --robbing-kong --drawn\n'{ROBBED}' --robbing-kong\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "jsonl")
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["error"]["code"] == "bad-option"
    assert first["error"]["message"] == (  # at --drawn, the later of the two (column 1 is the quote)
        "--robbing-kong is a win by discard, not from the wall: drop --drawn or --robbing-kong"
        f" (column {len(ROBBED) + 19})"
    )
    assert second["notes"] == [NOTES["--robbing-kong"]]
    assert result.exit_code == 1  # an entry failed


# --- refusals (options.make) ----------------------------------------------------------------------

REFUSALS = [
    pytest.param(
        ["--robbing-kong", "--drawn"],
        "--robbing-kong is a win by discard, not from the wall: drop --drawn or --robbing-kong",
        id="rob-drawn",
    ),
    pytest.param(
        ["--robbing-kong", "--loose"],
        "--robbing-kong is a win by discard, not on a loose tile: drop --loose or --robbing-kong",
        id="rob-loose",
    ),
    pytest.param(
        ["--robbing-kong", "--win-by", "wall"],
        "--robbing-kong is a win by discard, not from the wall: drop --drawn or --robbing-kong",
        id="rob-wall",
    ),
    pytest.param(
        ["--robbing-kong", "--win-by", "loose"],
        "--robbing-kong is a win by discard, not on a loose tile: drop --loose or --robbing-kong",
        id="rob-win-by-loose",
    ),
    pytest.param(
        ["--kong-after-kong", "--drawn"],
        "--kong-after-kong is a win on a loose tile, not from the wall: drop --drawn or --kong-after-kong",
        id="kak-drawn",
    ),
    pytest.param(
        ["--kong-after-kong", "--win-by", "discard"],
        "--kong-after-kong is a win on a loose tile, not by discard: drop --win-by discard or "
        "--kong-after-kong",
        id="kak-discard",
    ),
    # Regression: the ways typed were named, not that one of them is to be given.
    pytest.param(
        ["--drawn", "--loose"], "conflicting ways to win: loose, wall: give one of them", id="drawn-loose"
    ),
    pytest.param(
        ["--kong-after-kong", "--from", "s"],
        "--from: the hand was not won by discard, so it has no discarder: drop --from or --kong-after-kong",
        id="kak-from",
    ),
    pytest.param(
        ["--robbing-kong", "--kong-after-kong"],
        "--robbing-kong and --kong-after-kong contradict each other: a robbed tile is not a loose tile: "
        "drop --robbing-kong or --kong-after-kong",
        id="rob-and-kak",
    ),
    *[
        pytest.param(
            ["--loser", option],
            f"{option} describes a win, but --loser scores a non-winning hand: drop {option} or --loser",
            id=f"loser{option}",
        )
        for option in SCORED
    ],
]
LOSER = "1b1b1b 2c3c4c 5d5d5d* 7c7c 9d9d"


@pytest.mark.parametrize(("argv", "message"), REFUSALS)
def test_score_refuses(argv: list[str], message: str) -> None:
    hand = LOSER if "--loser" in argv else ROBBED if "--robbing-kong" in argv else PUNGS
    human = run("score", hand, *argv)
    assert (human.exit_code, human.stdout, human.stderr) == (2, "", f"error: {message}\n")
    machine = run("score", hand, *argv, "--json")
    assert machine.exit_code == 2
    assert json.loads(machine.stdout) == {"error": {"code": "bad-option", "message": message}}


@pytest.mark.parametrize(("argv", "message"), REFUSALS)
def test_diff_refuses_alike(argv: list[str], message: str) -> None:
    hand = LOSER if "--loser" in argv else ROBBED if "--robbing-kong" in argv else PUNGS
    result = run("diff", hand, "-r", "pung-chow", "-r", "classical-dmjl", *argv, "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {"error": {"code": "bad-option", "message": message}}


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["--robbing-kong", "--win-by", "discard", "--from", "s"], id="rob-discard-from"),
        pytest.param(["--kong-after-kong", "--loose"], id="kak-loose"),
        pytest.param(["--kong-after-kong", "--win-by", "loose"], id="kak-win-by-loose"),
        pytest.param(["--original-call", "--drawn"], id="call-drawn"),
        pytest.param(["--original-call", "--robbing-kong"], id="call-rob"),
    ],
)
def test_agreeing_ways_are_accepted(argv: list[str]) -> None:
    hand = KONGS if "--kong-after-kong" in argv else ROBBED if "--robbing-kong" in argv else PUNGS
    assert run("score", hand, *argv, "--json").exit_code == 0


# --- settle ---------------------------------------------------------------------------------------


def _settle(hand: str, *argv: str) -> dict[str, Any]:
    return json_of("settle", "--east", hand, "--south", "8", "--west", "10", "--north", "2", *argv)


@pytest.mark.parametrize("option", list(SCORED))
def test_settle_scores_the_winner_with_the_option(option: str) -> None:
    hand, rule, way = SCORED[option]
    stated = _settle(hand, "-r", "classical-dmjl", option)
    east = stated["hands"]["east"]
    assert rule in _rules(east) and east["win_by"] == way
    assert stated["notes"] == []
    plain = _settle(hand, "-r", "classical-dmjl", *(["--loose"] if way == "loose" else []))
    assert rule not in _rules(plain["hands"]["east"])
    assert stated["scored"]["east"] > plain["scored"]["east"]


def test_settle_robbing_the_kong_golden() -> None:
    """The same hand as `score`'s golden: 68 with the option, East collects it twice from each of the
    others (Harr's East double, under classical-dmjl's limit)."""
    stated = _settle(ROBBED, "-r", "classical-dmjl", "--robbing-kong")
    assert stated["scored"]["east"] == 68
    assert stated["net"]["east"] == 3 * 2 * 68


@pytest.mark.parametrize("option", list(NOTES))
def test_settle_notes_an_option_no_rule_reads(option: str) -> None:
    hand, _, _ = SCORED[option]
    assert _settle(hand, option)["notes"] == [NOTES[option]]
    human = run("settle", "--east", hand, "--south", "8", option, "--ascii", env={"COLUMNS": "200"})
    assert human.exit_code == 0
    assert f"Note: {NOTES[option]}" in human.stdout


@pytest.mark.parametrize(("argv", "message"), [p for p in REFUSALS if "--loser" not in p.values[0]])
def test_settle_refuses_alike(argv: list[str], message: str) -> None:
    hand = KONGS if "--kong-after-kong" in argv else ROBBED if "--robbing-kong" in argv else PUNGS
    human = run("settle", "--east", hand, "--south", "8", *argv)
    assert (human.exit_code, human.stdout, human.stderr) == (2, "", f"error: {message}\n")
    machine = run("settle", "--east", hand, "--south", "8", *argv, "--json")
    assert json.loads(machine.stdout) == {"error": {"code": "bad-option", "message": message}}


@pytest.mark.parametrize("option", list(SCORED))
def test_settle_refuses_the_option_in_a_draw(option: str) -> None:
    result = run("settle", "--east", LOSER, "--south", "8", "--draw", option)
    assert result.exit_code == 2
    assert result.stderr == f"error: {option} describes a win, but no hand won (give --winner)\n"


# --- evening hand and amend -----------------------------------------------------------------------

PLAYERS = ("Ann", "Bob", "Cy", "Di")
OTHERS = ("--other", "Bob=8", "--other", "Cy=10", "--other", "Di=2")


def _evening(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.jsonl")
    result = run("evening", "new", path, "--players", ",".join(PLAYERS), "-r", "classical-dmjl")
    assert result.exit_code == 0, result.output
    return path


def _recorded(path: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("option", list(SCORED))
def test_evening_hand_records_and_scores_the_option(tmp_path: Path, option: str) -> None:
    hand, rule, way = SCORED[option]
    path = _evening(tmp_path)
    stated = json_of("evening", "hand", path, "--winner", "Ann", hand, *OTHERS, option)
    event = _recorded(path)[-1]
    assert event[option[2:].replace("-", "_")] is True
    assert event.get("win_by", "discard") == way
    settle = _settle(hand, "-r", "classical-dmjl", option)
    assert stated["totals"]["Ann"] == settle["net"]["east"]


@pytest.mark.parametrize("option", list(SCORED))
def test_evening_amend_takes_the_option(tmp_path: Path, option: str) -> None:
    hand, _, way = SCORED[option]
    path = _evening(tmp_path)
    plain = json_of(
        "evening", "hand", path, "--winner", "Ann", hand, *OTHERS, *(["--loose"] if way == "loose" else [])
    )
    amended = json_of("evening", "amend", path, "1", "--winner", "Ann", hand, *OTHERS, option)
    assert amended["before"] == plain["totals"]
    assert amended["after"]["Ann"] == _settle(hand, "-r", "classical-dmjl", option)["net"]["east"]
    assert amended["after"]["Ann"] > amended["before"]["Ann"] or way == "loose"
    assert _recorded(path)[-1]["record"][option[2:].replace("-", "_")] is True


def test_evening_hand_refuses_a_contradicting_way(tmp_path: Path) -> None:
    path = _evening(tmp_path)
    result = run("evening", "hand", path, "--winner", "Ann", ROBBED, *OTHERS, "--robbing-kong", "--drawn")
    assert (result.exit_code, result.stderr) == (
        2,
        "error: --robbing-kong is a win by discard, not from the wall: drop --drawn or --robbing-kong\n",
    )
    assert len(_recorded(path)) == 1  # nothing recorded


# The header said "won by discard" for a hand won on the original draw: discard is only the option's default.
@pytest.mark.parametrize(
    ("hand", "args", "header"),
    [
        pytest.param(
            "RdRdRd GdGdGd WdWdWd 2b3b4b 9c9c",
            ("-r", "pung-chow"),
            "east seat · east round · winner, won on the original draw",
            id="pung-chow",
        ),
        pytest.param(
            "RdRdRd GdGdGd WdWdWd 2b3b4b 9c9c",
            ("-r", "classical-dmjl"),
            "east seat · east round · winner, won on the original draw",
            id="classical-dmjl",
        ),
        pytest.param(
            "1c1c1c 2d2d2d 3b3b3b EwEw!Ew WdWd",
            ("-r", "riichi-ema-2016", "--drawn", "--seat", "south"),
            "south seat · east round · winner, won on the original draw",
            id="riichi-chiihou",
        ),
        pytest.param(
            "RdRdRd GdGdGd WdWdWd 2b3b4b 9c!9c",
            ("-r", "pung-chow"),
            "east seat · east round · winner, won by discard",
            id="not-original",
        ),
    ],
)
def test_score_original_hand_header(hand: str, args: tuple[str, ...], header: str) -> None:
    original = () if "!" in hand and "--drawn" not in args else ("--original-hand",)
    result = run("score", hand, *args, *original)
    assert result.exit_code == 0, result.stderr
    assert header in result.stdout.splitlines()[1]


# The note for a stated fact that changes nothing said "(east seat, won by discard)" of a hand won on the
# original draw, and then "(east seat, won on the original draw)", as if East's original hand could be won
# on the first discard or with the last tile in another hand: it cannot (the hand as dealt is won on the
# first draw, docs/rulings.md#original-hand), and both are refused, not paid as an original hand.
@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ("--first-discard", "-r", "classical-bmja"),
            "--first-discard and --original-hand contradict each other: a win on a discard before one's "
            "own first draw, and a win on that draw: drop --first-discard or --original-hand",
            id="1b1b1b 3c3c3c 5d5d5d 4b4b4b RdRd --original-hand --first-discard -r classical-bmja",
        ),
        pytest.param(
            ("--last-tile", "-r", "classical-dmjl"),
            "--original-hand and --last-tile contradict each other: the first draw is not the last tile: "
            "drop --original-hand or --last-tile",
            id="1b1b1b 3c3c3c 5d5d5d 4b4b4b RdRd --original-hand --last-tile -r classical-dmjl",
        ),
    ],
)
def test_score_original_hand_with_a_later_fact_is_refused(args: tuple[str, ...], message: str) -> None:
    hand = "1b1b1b 3c3c3c 5d5d5d 4b4b4b RdRd"
    result = run("score", hand, "--original-hand", *args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {message}\n")


# --- a kong after a kong with no kong ---------------------------------------------------------------

TWOFOLD_REFUSED = (
    "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, and the hand "
    "has no kong: declare it (4b4b4b4b* or 4b4b4b4b#), or drop --kong-after-kong"
)


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["score", PUNGS, "-r", "classical-bmja", "--kong-after-kong"], id="score-bmja"),
        pytest.param(["score", PUNGS, "-r", "classical-dmjl", "--kong-after-kong"], id="score-dmjl"),
        pytest.param(["score", PUNGS, "-r", "classical-dmjl", "--kong-after-kong", "--json"], id="json"),
        pytest.param(
            [
                "settle",
                "-r",
                "classical-bmja",
                "--east",
                PUNGS,
                "--south",
                "8",
                "--west",
                "0",
                "--north",
                "0",
                "--kong-after-kong",
            ],
            id="settle",
        ),
    ],
)
def test_kong_after_kong_1b1b1b_3c3c3c_5d5d5d_4b4b4b_7c7c_is_refused(argv: list[str]) -> None:
    """`'1b1b1b 3c3c3c 5d5d5d 4b4b4b* 7c!7c' -r classical-bmja --kong-after-kong`: no kong in the hand,
    yet Twofold Fortune (`when: [kong_after_kong]`) paid it the limit (1000, 6000 collected); the kong
    declared on a loose tile is the winner's, so it is refused in one line (setting `impossible:`
    kong_after_kong_without_kong, docs/riichi.md)."""
    result = run(*argv)
    assert result.exit_code == 2
    if "--json" in argv:
        assert json.loads(result.stdout)["error"] == {"code": "bad-option", "message": TWOFOLD_REFUSED}
    else:
        assert result.stderr.strip().splitlines() == [f"error: {TWOFOLD_REFUSED}"]
