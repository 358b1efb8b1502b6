"""Rulings of the evening at the table (docs/evening.md): what a wash counts as, the seating of two and
three players, draws and false Mah-Jongg against `east_repeat_cap`, a finished evening's status, a
loser's mistyped hand, and the amended games' details."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run
from evening_support import WASH_13, WINS, cli, hand, ok, status
from test_evening_rules import _house

from pungchow_calc.evening.record import load
from pungchow_calc.evening.report import running
from pungchow_calc.evening.report import status as status_of
from pungchow_calc.render.evening import status_text
from pungchow_calc.render.layout import cell_width

FOUR = ["Ann", "Bob", "Cy", "Di"]


def _new(tmp_path: Path, capsys: pytest.CaptureFixture[str], players: list[str], *args: str) -> Path:
    path = tmp_path / "e.jsonl"
    ok(capsys, "evening", "new", str(path), "--players", ",".join(players), *args)
    return path


def _report(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> dict:
    return json.loads(ok(capsys, "evening", "report", str(path), "--format", "json", *args))


def test_issue_19_amended_game_keeps_scores_payments_and_breakdown(tmp_path, capsys):
    # The issue's reproduction: amend game 1 (Bob's discard becomes Cy's).
    path = _new(tmp_path, capsys, FOUR)
    win = "RdRdRd GdGdGd* WdWdWd 2b3b4b 9c!9c"
    others = ["--other", "Bob=2", "--other", "Cy=4", "--other", "Di=6"]
    ok(capsys, "evening", "hand", str(path), win, "--winner", "Ann", "--from", "Bob", *others)
    ok(capsys, *hand(path, "Bob", FOUR, WINS[0]))
    ok(capsys, "evening", "amend", str(path), "1", win, "--winner", "Ann", "--from", "Cy", *others)
    data = _report(capsys, path, "--breakdown")
    for row in data["history"]:
        assert None not in row["scores"].values() and row["payments"] and row["breakdown"]
    assert data["history"][0]["scores"] == {"Ann": 336, "Bob": 2, "Cy": 4, "Di": 6}
    assert data["history"][0]["what"] == "Ann won on Cy's discard"
    assert data["stats"]["Ann"]["biggest_hand"] == 336
    stats = json.loads(ok(capsys, "evening", "stats", str(path), "--json"))
    assert stats["players"]["Ann"]["biggest_hand"] == 336


def test_sample_evening_amended_game_3_has_its_details(capsys):
    data = _report(capsys, Path("samples/evening-part1.jsonl"), "--breakdown")
    game3 = data["history"][2]
    assert game3["kind"] == "draw" and game3["scores"] == {"Ann": 4, "Bob": 8, "Cy": 2, "Di": 0}
    assert game3["payments"] and sum(game3["net"].values()) == 0
    assert all(row["breakdown"] or row["kind"] == "draw" for row in data["history"])
    bob = [row["scores"]["Bob"] for row in data["history"] if row["what"].startswith("Bob won")]
    assert len(bob) == 2 and data["stats"]["Bob"]["biggest_hand"] == max(bob) > 0


@pytest.mark.parametrize(
    "args",
    [
        ["--other", "Bob=2d2d2d 6b7b8b*", "--other", "Cy=4", "--other", "Di=6"],
        ["--other", "Bob=4", "--other", "Cy=2d2d2d 6b7b8b*", "--other", "Di=6"],
    ],
    ids=["Bob-6-tiles", "Cy-6-tiles"],
)
def test_a_losers_mistyped_hand_is_an_error_unless_named_dead(tmp_path, capsys, args):
    path = _new(tmp_path, capsys, FOUR)
    player = next(a.split("=")[0] for a in args if "2d2d2d" in a)
    before = path.read_bytes()
    code, _, err = cli(capsys, "evening", "hand", str(path), WINS[3], "--winner", "Ann", *args)
    assert code == 2 and err.count("\n") == 1
    assert f"{player}: 6 tiles, not 13" in err and f"--dead {player}" in err
    assert path.read_bytes() == before
    # `settle` refuses the same hand the same way (one check)
    code, _, err = cli(capsys, "settle", "--east", WINS[3], "--south", "2d2d2d 6b7b8b*", "--west", "4")
    assert code == 2 and "--south: 6 tiles, not 13" in err and "--dead south" in err
    # named dead, it settles as a dead hand
    out = ok(capsys, "evening", "hand", str(path), WINS[3], "--winner", "Ann", *args, "--dead", player)
    assert "Dead hand" in out or "dead" in out
    game = _report(capsys, path)["history"][0]
    assert not [p for p in game["payments"] if p["to"] == player]  # a dead hand collects nothing
    assert any("dead hand" in p["reason"] for p in game["payments"] if p["from"] == player)


def test_a_wash_is_a_game_that_leaves_the_deal_as_it_was(tmp_path, capsys):
    path = _new(tmp_path, capsys, FOUR, "-r", "pung-chow-limit")
    ok(capsys, *hand(path, "Ann", FOUR))  # East wins: streak 1
    ok(capsys, "evening", "wash", str(path), "Bob", WASH_13)
    s = status(capsys, path)
    assert (s["games"], s["east"], s["streak"]) == (2, "Ann", 1)  # numbered and counted; deal unchanged
    stats = _report(capsys, path)["stats"]
    assert stats["Ann"]["times_east"] == 2 and stats["Bob"]["won"] == 0


@pytest.mark.parametrize(
    "players, seats_after, old_east",
    [
        (["Ann", "Bob"], {"Ann": "south", "Bob": "east"}, "south"),
        (["Ann", "Bob", "Cy"], {"Ann": "west", "Bob": "east", "Cy": "south"}, "west"),
        (FOUR, {"Ann": "north", "Bob": "east", "Cy": "south", "Di": "west"}, "north"),
    ],
    ids=["two", "three", "four"],
)
def test_two_and_three_players_rotate_and_the_old_east_goes_last(
    tmp_path, capsys, players, seats_after, old_east
):
    path = _new(tmp_path, capsys, players)
    first = status(capsys, path)["seats"]
    assert list(first.values()) == ["east", "south", "west", "north"][: len(players)]
    ok(capsys, *hand(path, "Bob", players, WINS[1]))  # East (Ann) loses: the deal passes to Bob
    s = status(capsys, path)
    assert s["seats"] == seats_after and s["seats"]["Ann"] == old_east


@pytest.mark.parametrize(
    "event",
    [["draw"], ["false-mahjongg", "Bob"]],
    ids=["draw", "another-false-mahjongg"],
)
def test_a_draw_or_anothers_false_mahjongg_counts_toward_the_cap(tmp_path, capsys, event):
    ruleset = _house(tmp_path, round_wind=True, east_repeat_cap=1)
    path = _new(tmp_path, capsys, ["Ann", "Bob", "Cy"], "-r", ruleset)
    ok(capsys, "evening", event[0], str(path), *event[1:], "--again")
    s = status(capsys, path)
    assert (s["east"], s["streak"]) == ("Ann", 1)  # kept the deal once: the streak grows
    ok(capsys, "evening", event[0], str(path), *event[1:], "--again")
    assert status(capsys, path)["east"] == "Bob"  # a second keep is over the cap: the deal passes


def test_a_finished_evening_reads_as_its_last_set(tmp_path, capsys):
    path = _new(tmp_path, capsys, ["Ann", "Bob"], "-r", "pung-chow-limit", "--sets", "1")
    for i in range(8):  # two players: two passes a round, four rounds a set
        east = status(capsys, path)["east"]
        ok(capsys, *hand(path, "Bob" if east == "Ann" else "Ann", ["Ann", "Bob"], WINS[i % 4]))
    s = status(capsys, path)
    assert s["over"] and (s["set"], s["sets"], s["round"]) == (1, 1, "north")
    text = ok(capsys, "evening", "status", str(path))
    assert "Set 1 of 1, North round" in text and "Set 2" not in text
    evening = load(str(path))
    assert "Set 1 of 1" in status_text(status_of(evening), running(evening), str(path))


def test_status_json_of_a_finished_evening_names_no_next_east(tmp_path, capsys):
    """`evening status F --json` of a finished evening gave `next_east`, a dealer for a game that will
    not be played: it is null once the evening is over (docs/evening.md), and back after an undo."""
    path = _new(tmp_path, capsys, ["Ann", "Bob"], "--sets", "1")
    for i in range(8):
        s = status(capsys, path)
        assert s["next_east"] == ("Bob" if s["east"] == "Ann" else "Ann") and not s["over"]
        ok(capsys, *hand(path, s["next_east"], ["Ann", "Bob"], WINS[i % 4]))
    s = status(capsys, path)
    assert s["over"] and "next_east" in s and s["next_east"] is None
    assert s["east"] == "Ann" and s["seats"] == {"Ann": "east", "Bob": "south"}  # where the deal ended
    ok(capsys, "evening", "undo", str(path))
    s = status(capsys, path)
    assert not s["over"] and (s["east"], s["next_east"]) == ("Bob", "Ann")


def test_issue_20_amend_that_makes_a_later_wash_impossible_is_refused(tmp_path, capsys):
    # Three players, Bob East under pung-chow-limit; game 1 Ann wins on Bob's discard (the deal passes
    # to Cy); game 2 Bob washes with 13 tiles; amending game 1 so that Bob wins makes Bob East at game 2.
    path = _new(tmp_path, capsys, ["Ann", "Bob", "Cy"], "--east", "Bob", "-r", "pung-chow-limit")
    ok(capsys, "evening", "hand", str(path), WINS[3], "--winner", "Ann", "--from", "Bob",
       "--other", "Bob=2", "--other", "Cy=4")  # fmt: skip
    ok(capsys, "evening", "wash", str(path), "Bob", WASH_13)
    before = path.read_bytes()
    code, _, err = cli(capsys, "evening", "amend", str(path), "1", WINS[3], "--winner", "Bob",
                       "--other", "Ann=2", "--other", "Cy=4")  # fmt: skip
    assert code == 2 and err.count("\n") == 1 and path.read_bytes() == before
    assert "game 1 cannot be changed so: game 2 (Bob's wash) would no longer settle" in err
    assert "Bob would be East Wind at game 2, not Cy" in err and "14 tiles" in err
    assert "amend game 2 first, or take game 2 back (`evening undo` once)" in err
    # ... and going on as it says works: take game 2 back, amend game 1, record the wash again
    ok(capsys, "evening", "undo", str(path))
    ok(capsys, "evening", "amend", str(path), "1", WINS[3], "--winner", "Bob", "--other", "Ann=2",
       "--other", "Cy=4")  # fmt: skip
    ok(capsys, "evening", "wash", str(path), "Bob", WASH_13 + " 2b")
    assert status(capsys, path)["games"] == 2


def test_details_that_no_longer_settle_to_the_recorded_nets_are_refused(tmp_path, capsys, monkeypatch):
    # A sealed game's nets are taken from the log; its details are settled when read and must agree
    # (as if a later pungchow scored the game differently): `report` refuses, naming the game.
    from pungchow_calc.evening import state

    path = _new(tmp_path, capsys, FOUR)
    ok(capsys, *hand(path, "Ann", FOUR))
    real = state.game_result

    def other(*args):
        detail, net = real(*args)
        return detail, {name: -value for name, value in net.items()}

    monkeypatch.setattr(state, "game_result", other)
    code, _, err = cli(capsys, "evening", "report", str(path))
    assert code == 2 and "game 1: the result recorded" in err and "is not what settling it gives" in err


@pytest.mark.parametrize(
    "first",
    [pytest.param("王", id="wide-initial-王"), pytest.param("ßen", id="initial-ß-upper-cased-to-SS")],
)
def test_chart_marks_fill_one_cell_for_name(tmp_path, capsys, first):
    # A player whose initial is wide (王) or upper-cases to two letters (ß: SS) was marked by it, so
    # his points took two cells and the rows of the chart came apart: he gets a digit, as clashes do.
    players = [first, "Bob", "Cy", "Di"]
    path = _new(tmp_path, capsys, players)
    ok(capsys, *hand(path, first, players))
    ok(capsys, *hand(path, "Bob", players))
    chart = ok(capsys, "evening", "chart", str(path), "--width", "60", "--height", "8")
    grid = [line for line in chart.splitlines() if "|" in line or "+-" in line]
    axis = grid[-1]  # the rows end at their last mark, none past the axis, each mark one cell
    assert all(cell_width(line) == len(line) <= len(axis) for line in grid), chart
    assert f"1 {first} " in chart and "2 Bob " in chart


@pytest.mark.parametrize(
    "first, ascii_only",
    [
        pytest.param("|Pipe", False, id="initial-bar-|Pipe"),
        pytest.param("+Plus", False, id="initial-plus-+Plus"),
        pytest.param("李小龍", True, id="ascii-escape-李小龍"),
    ],
)
def test_chart_marks_a_player_whose_initial_is_no_letter_by_a_digit(tmp_path, capsys, first, ascii_only):
    # `|Pipe` was marked `|` and `+Plus` `+`, the chart's own axis and corner; under --ascii 李小龍 was
    # marked `\`, the first character of his escape (`\u674e...`), not of his name: a digit each.
    players = [first, "Bob", "Cy", "Di"]
    path = _new(tmp_path, capsys, players)
    ok(capsys, *hand(path, first, players))
    chart = ok(capsys, "evening", "chart", str(path), "--height", "8", *(["--ascii"] if ascii_only else []))
    legend = chart.split("+---")[1]
    assert "\n1 " in legend and "2 Bob " in legend and "\\ " not in legend, chart
    rows = chart.split("+---")[0].splitlines()[:-1]  # the grid's rows, above the axis
    assert rows and all(set(row.partition("|")[2]) <= set("1234*- ") for row in rows), chart


def test_markdown_report_escapes_a_bar_in_the_name_a_b_in_its_header_too(tmp_path, capsys):
    # "A|B" was escaped in the rows but not in the header, which so had one column more than the rows.
    players = ["A|B", "Bob", "Cy", "Di"]
    path = _new(tmp_path, capsys, players)
    ok(capsys, *hand(path, "A|B", players))
    md = ok(capsys, "evening", "report", str(path), "--format", "markdown")
    tables = [line for line in md.splitlines() if line.startswith("|")]
    cells = [len(line.replace("\\|", "").split("|")) for line in tables]
    assert len(tables) == 10 and len(set(cells[:4])) == 1 and len(set(cells[4:])) == 1, md
    assert "| A\\|B |" in md


def test_amending_game_8_so_the_one_set_ends_before_game_9_is_refused(tmp_path, capsys):
    # Two players, one set: the deal passes 7 times, East keeps it at game 8, and game 9 ends the set.
    # Amending game 8 so that East loses ended the set there, and game 9 was left after the end
    # ("Set 2 of 1, round 1 · the evening is over"): refused, as a change that breaks a later game.
    two = ["Ann", "Bob"]
    path = _new(tmp_path, capsys, two, "--sets", "1")
    for _ in range(7):
        ok(capsys, *hand(path, status(capsys, path)["next_east"], two))
    ok(capsys, *hand(path, status(capsys, path)["east"], two))
    east, loser = status(capsys, path)["east"], status(capsys, path)["next_east"]
    ok(capsys, *hand(path, loser, two))
    assert status(capsys, path)["over"] and status(capsys, path)["set"] == 1
    before = path.read_bytes()
    code, _, err = cli(
        capsys, "evening", "amend", str(path), "8", WINS[0], "--winner", loser, "--other", f"{east}=2"
    )
    assert code == 2 and path.read_bytes() == before and err.count("\n") == 1
    assert f"game 8 cannot be changed so: game 9 ({loser}'s win) would no longer settle" in err
    assert "the evening would be over before it (1 set played)" in err
    assert "take game 9 back (`evening undo` once), then change game 8: the evening ends before game 9" in err
    out = ok(capsys, "evening", "undo", str(path))  # ... and going on as it says works
    assert "Next game: round 4 of set 1 (was none, the evening is over)" in out  # not "set 2"
    out = ok(capsys, "evening", "amend", str(path), "8", WINS[0], "--winner", loser, "--other", f"{east}=2")
    assert "Next game: none, the evening is over (was round 4 of set 1)" in out
    assert status(capsys, path)["over"] and status(capsys, path)["set"] == 1


def test_status_of_two_players_after_their_one_set_names_nobody_to_deal(tmp_path, capsys):
    # An evening whose agreed sets are played deals no more: `status` said "East: Ann; if East loses,
    # Bob deals next" under "the evening is over".
    two = ["Ann", "Bob"]
    path = _new(tmp_path, capsys, two, "--sets", "1")
    for _ in range(8):
        ok(capsys, *hand(path, status(capsys, path)["next_east"], two))
    assert status(capsys, path)["over"]
    out = ok(capsys, "evening", "status", str(path))
    assert "if East loses" not in out and "East:" not in out
    assert "Nobody deals next: the 1 set agreed on has been played" in out


def _html(text: str) -> str:
    """Text as markdown-it writes it into HTML (& < > " escaped)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


# A name must appear in the Markdown report exactly as typed: a Markdown-special character in it made
# it code (`Ann`), emphasis (*Cy*, _Di_, ~~Z~~), a link, an HTML tag or entity, a heading or a list
# in the settling-up list (a name at the start of its line), or broke a table row.
MARKDOWN_NAMES = [
    "`Ann`",
    "A|B",
    "A\\|B",
    "*Cy*",
    "_Di_",
    "~~Z~~",
    "<b>Jo</b>",
    "[Al](x)",
    "![Al](x)",
    "&amp;",
    "Ann \\",
    "# Hash",
    "> Quote",
    "- Dash",
    "+ Plus",
    "1. One",
    "2) Two",
    "O'Brien-Smith (Jr.)",
    "$x$",
]


@pytest.mark.parametrize("name", MARKDOWN_NAMES, ids=MARKDOWN_NAMES)
def test_markdown_report_shows_the_name_as_typed(tmp_path, capsys, name):
    from markdown_it import MarkdownIt

    players = [name, "Bob", "Cy", "Di"]  # the name is East, feeds Bob's win and pays first below
    path = _new(tmp_path, capsys, players)
    ok(capsys, *hand(path, "Bob", players, **{"from": name}))
    md = ok(capsys, "evening", "report", str(path), "--format", "markdown")
    page = MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(md)
    shown = _html(name)
    header = "\n".join(f'<th style="text-align:right">{_html(p)}</th>' for p in players)
    assert f"<th>Game</th>\n{header}\n</tr>" in page, (md, page)
    assert f"<td>{shown}</td>\n<td>round 1</td>\n<td>Bob won on {shown}'s discard</td>" in page, (md, page)
    assert f"<li>{shown} pays Bob " in page, (md, page)
    assert f'<tr>\n<td>{shown}</td>\n<td style="text-align:right">0</td>' in page, (md, page)
    assert page.count("<table>") == 2 and page.count("<ul>") == 1, (md, page)


def test_markdown_report_escapes_a_dollar_x_dollar_name_math_renderers_read_as_tex(tmp_path, capsys):
    # Regression: `$x$` was written as it is, and a renderer with math (GitHub's) showed an italic x.
    players = ["$x$", "Bob", "Cy", "Di"]
    path = _new(tmp_path, capsys, players)
    ok(capsys, *hand(path, "Bob", players, **{"from": "$x$"}))
    md = ok(capsys, "evening", "report", str(path), "--format", "markdown")
    assert "| \\$x\\$ |" in md and "- \\$x\\$ pays Bob " in md and "$x$" not in md.replace("\\$", ""), md


# A name a spreadsheet could read as a formula (OWASP "CSV injection"): `-`, `+` and `@` were written
# as they are, so `@Sum won on Bob's discard` opened as a formula. Each text cell that begins so is
# written after a single quote (docs/evening.md); a quote in a name is CSV-quoted and reads back whole.
CSV_NAMES = [
    pytest.param("-Dash", "'-Dash", id="-Dash"),
    pytest.param("+Plus", "'+Plus", id="+Plus"),
    pytest.param("@Sum", "'@Sum", id="@Sum"),
    pytest.param('O"Neil', 'O"Neil', id="O-quote-Neil"),
    pytest.param("Ann", "Ann", id="Ann"),
]


@pytest.mark.parametrize(("name", "shown"), CSV_NAMES)
def test_csv_report_keeps_a_name_from_reading_as_a_formula(tmp_path, capsys, name, shown):
    import csv
    import io

    players = [name, "Bob", "Cy", "Di"]
    path = _new(tmp_path, capsys, players)
    others = ["--other", "Bob=4", "--other", "Cy=8", "--other", "Di=2"]
    ok(capsys, "evening", "hand", str(path), WINS[0], f"--winner={name}", "--from", "Bob", *others)
    rows = list(csv.reader(io.StringIO(ok(capsys, "evening", "report", str(path), "--format", "csv"))))
    assert rows[0][5:] == [f"{shown} net", "Bob net", "Cy net", "Di net", f"{shown} total", *rows[0][10:]]
    assert rows[1][2] == shown and rows[1][4] == f"{shown} won on Bob's discard"
    assert rows[1][5:9] == [str(n) for n in _report(capsys, path)["history"][0]["net"].values()]
    assert rows[1][6].startswith("-")  # a net is a number, never quoted


def test_evening_wash_of_east_s_single_heads_1d9d1b9b1c9c_EwSwWwNw_RdGdWd_1d_is_refused(
    tmp_path, capsys, monkeypatch
):
    """Regression: East (Ann) washing a single heads as dealt was recorded for 200 from each player: his
    win "has preference over washing cards" (Part II, Limit Hands 6), as `wash` says. A wash recorded so
    before the refusal replays as it was."""
    path = _new(tmp_path, capsys, FOUR, "-r", "pung-chow-limit")
    single_heads = "1d9d1b9b1c9c EwSwWwNw RdGdWd 1d"
    code, out, err = cli(capsys, "evening", "wash", str(path), "Ann", single_heads)
    assert (code, out) == (2, "")
    assert "East's original hand is a Mah-Jongg: East winning on the original draw has preference" in err
    assert status(capsys, path)["games"] == 0
    monkeypatch.setattr("pungchow_calc.evening.record.refuse_a_win", lambda washed, ruleset: None)
    ok(capsys, "evening", "wash", str(path), "Ann", single_heads)  # as an older pungchow recorded it
    monkeypatch.undo()
    assert status(capsys, path)["games"] == 1
    assert _report(capsys, path)["history"][0]["payments"][0]["amount"] == 200


# by_name(seated=True), play's refusals: a seat named as such is said by player and seat; an option
# (`--south HAND`) and a possessive (`south's hand`, `East's discard`) by the name alone.
SEATED = [
    pytest.param("but --from names west", "but --from names Cy (west)", id="names-west"),
    pytest.param("--south: a hand holds 13 tiles", "--Bob: a hand holds 13 tiles", id="option-south"),
    pytest.param("south's hand is complete", "Bob's hand is complete", id="possessive-south"),
    pytest.param("East's discard", "Ann's discard", id="possessive-east"),
    pytest.param("the East round", "the East round", id="east-round"),
    # Regression: said `--Ann-ninth-win` in play (the option's first word taken for East's seat).
    pytest.param("--east-ninth-win: this is", "--east-ninth-win: this is", id="east-ninth-win"),
]


@pytest.mark.parametrize(("text", "said"), SEATED)
def test_by_name_seated_names_a_seat_by_player_and_seat(text: str, said: str) -> None:
    from pungchow_calc.engine.tiles import Wind
    from pungchow_calc.render.evening import by_name

    names = {Wind.EAST: "Ann", Wind.SOUTH: "Bob", Wind.WEST: "Cy", Wind.NORTH: "Di"}
    assert by_name(text, names, seated=True) == said
    assert by_name(text, names) == said.replace(" (west)", "")


@pytest.mark.parametrize(
    ("washer", "tiles", "hint"),
    [
        pytest.param(
            "Ann",
            "1d9d1b9b1c9c EwSwWwNw RdGdWd",
            "Ann is East; for another player's hand, name Bob, Cy or Di instead of Ann",
            id="Ann-east-13",
        ),
        pytest.param(
            "Bob",
            "1d9d1b9b1c9c EwSwWwNw RdGdWd 5d",
            "Bob is South; for East's hand, name Ann instead of Bob",
            id="Bob-south-14",
        ),
    ],
)
def test_evening_wash_1d9d1b9b1c9c_EwSwWwNw_RdGdWd_at_the_wrong_seat_names_whom_to_give(
    tmp_path, capsys, washer, tiles, hint
):
    # Regression: `wash` hints `--seat` for a count another seat holds, which an evening has no use for:
    # the evening said the count only. Now it names the player whose hand that count is, as typed.
    path = _new(tmp_path, capsys, FOUR, "-r", "pung-chow-limit")
    code, out, err = cli(capsys, "evening", "wash", str(path), washer, tiles)
    assert (code, out) == (2, "") and err.startswith("error: ") and err.rstrip().endswith(hint), err
    assert "--seat" not in err and status(capsys, path)["games"] == 0
    # A count no seat holds has nothing to name but the washer, by name and seat (a user trial: it said
    # `South's original hand is 13 tiles` of Bob's wash, as the engine says a seat's).
    code, _, err = cli(capsys, "evening", "wash", str(path), washer, "1d9d1b")
    seat, need = (
        ("East", "14 tiles (13 for the other seats)")
        if washer == "Ann"
        else ("South", "13 tiles (14 for East)")
    )
    assert (code, err) == (2, f"error: {washer}'s original hand, as {seat}, is {need}, but 3 were given\n")


# House files an evening keeps that score by a doubling base (docs/evening.md#settlement): one extending
# the book with a base and words of its own, and riichi with its counters, deposits and `playable:
# false` turned off (the three things an evening refuses).
HOUSE_BASES = {
    "pung-chow-fan": (
        "name: house-fan\nextends: pung-chow\nsettings:\n  doubling_base: 1\n"
        "  words: {doubling: fan, doublings: fan, points: fu}\n",
        "EwEwEw* 1b2b3b 4c5c6c 7d8d9d Rd!Rd",
    ),
    "riichi-kept": (
        "name: house-riichi\nextends: riichi-ema-2016\nsettlement: {counter_points: 0, deposit_points: 0}\n"
        "evening: {playable: true}\n",
        "1b2b3b 1c2c3c 1d2d3d 7c8c9c 9d!9d",
    ),
}


def _values_and_totals(text: str) -> list[list[str]]:
    """The Value and Total cells of each line of the first score card in `text` (after its rule of
    dashes, to the first blank line or `Score:`): the last two cells, two spaces or `|` apart."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Score line")) + 2
    rows = []
    for line in lines[start:]:
        if not line.strip() or line.startswith("Score:"):
            break
        cells = [cell.strip() for cell in re.split(r"\s*\|\s*|\s{2,}", line.strip()) if cell.strip()]
        if len(cells) >= 3:  # a label wrapped onto a line of its own carries no value
            rows.append(cells[-2:])
    return rows


@pytest.mark.parametrize("columns", ["60", "80"])
@pytest.mark.parametrize("house", list(HOUSE_BASES))
def test_report_breakdown_under_a_house_doubling_base_counts_as_score_does(tmp_path, capsys, house, columns):
    """Regression: `evening report --breakdown` rebuilt the lines without the ruleset's doubling base
    and words, so a house file's hand read `double` with a doubled running total (`56`) where
    `score` says `1 fan` and `28 fu`."""
    text, win = HOUSE_BASES[house]
    ruleset = tmp_path / "house.yaml"
    ruleset.write_text(text)
    path = _new(tmp_path, capsys, FOUR, "-r", str(ruleset))
    others = ["--other", "Bob=0", "--other", "Cy=0", "--other", "Di=0"]
    ok(capsys, "evening", "hand", str(path), win, "--winner", "Ann", "--from", "Bob", *others)
    env = {"COLUMNS": columns}
    scored = run("score", win, "-r", str(ruleset), "--ascii", env=env)
    reported = run("evening", "report", str(path), "--breakdown", env=env)
    assert scored.exit_code == 0 and reported.exit_code == 0, (scored.output, reported.output)
    card = reported.stdout[reported.stdout.index("Game 1, Ann's hand:") :]
    expected = _values_and_totals(scored.stdout)
    assert _values_and_totals(card) == expected
    assert any(total.endswith((" fu", " fan", " han")) for _, total in expected)
    assert max(map(cell_width, reported.stdout.splitlines())) <= int(columns)


# A game's card and `score` say how the score was reached alike (layout.score_summary): the book's
# doublings, a doubling base in the house file's words, and a limit hand. (hand, ruleset, summary)
GAME_CARD_SUMMARIES = [
    pytest.param(
        "1b1b1b 2b2b2b 5b5b5b* 4b4b4b* Rd!Rd", "pung-chow", "52 points, doubled 1 time", id="book-doubled"
    ),
    pytest.param(*HOUSE_BASES["pung-chow-fan"][::-1], "x 2^(", id="house-base"),
    pytest.param(
        "1b1b1b 9b9b9b 2b2b2b* 4b4b4b* 5b!5b", "pung-chow-limit", "38 points, doubled 4 times", id="part-ii"
    ),
    pytest.param(
        "EwEwEw SwSwSw WwWwWw* NwNwNw* Rd!Rd",
        "pung-chow-limit",
        "limit hand: Sets of heads only",
        id="limit-hand",
    ),
]


@pytest.mark.parametrize("columns", ["60", "80"])
@pytest.mark.parametrize("win, ruleset, summary", GAME_CARD_SUMMARIES)
def test_a_games_card_says_how_its_score_was_reached_as_score_does(
    tmp_path, capsys, win, ruleset, summary, columns
):
    """Regression: `evening hand`'s card ended `Score: 416` where `score` says `Score: 416  (52 fu x
    2^(1 fan + 2))`: the game's card now gives the same account, wrapped to the width."""
    if ruleset.startswith("name:"):  # a house file's text
        house = tmp_path / "house.yaml"
        house.write_text(ruleset)
        ruleset = str(house)
    path = _new(tmp_path, capsys, FOUR, "-r", ruleset)
    others = ["--other", "Bob=0", "--other", "Cy=0", "--other", "Di=0"]
    env = {"COLUMNS": columns}
    game = run("evening", "hand", str(path), win, "--winner", "Ann", "--drawn", *others, env=env)
    scored = run("score", win, "-r", ruleset, "--drawn", "--seat", "east", "--ascii", env=env)
    assert game.exit_code == 0 and scored.exit_code == 0, (game.output, scored.output)
    said = next(line for line in scored.stdout.splitlines() if line.startswith("Score: "))
    card = " ".join(game.stdout[game.stdout.index("Score: ") :].split("\n\n")[0].split())
    assert summary in said.replace("×", "x") and card == " ".join(said.replace("×", "x").split())
    assert max(map(cell_width, game.stdout.splitlines())) <= int(columns)
