"""Every table of every command at 60 and 80 columns, through the entry point with COLUMNS set: no
line wider than the terminal (in cells, glyphs counted as the terminal draws them), nothing cut (no
`…`), every set of the hand, every ruleset and every player's name whole on some line; and
`evening report`'s presentation (local time, amended games, signed totals, the score card)."""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cli_helpers import on_a_terminal, run, squeezed
from evening_support import WINS
from evening_support import hand as hand_args
from evening_support import run as subprocess_run
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.batch.formats import TerminalTable
from pungchow_calc.render.layout import (
    ANSWER_ROOM,
    Grid,
    cell_width,
    hanging,
    hanging_phrases,
    header_lines,
    prompt_lines,
    wrap,
    wrap_phrases,
)
from pungchow_calc.render.terminal import set_text

WIDTHS = [60, 80]
HAND = "RdRdRd GdGdGd* WdWdWd 2b3b4b 9c!9c"
KONGS = "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw"
LOSER = "EwEwEw 2b2b 2c3c4c SwSw 9d 7b 1b"
FOUR = ("pung-chow", "pung-chow-limit", "classical-dmjl", "classical-bmja")
LONG = "Bartholomew-Featherstonehaugh"
PLAYERS = [LONG, "Bob", "Cy", "Di"]


def _rulesets(n: int) -> list[str]:
    return [arg for name in FOUR[:n] for arg in ("-r", name)]


# Each command that prints a table, and what must appear whole in its output.
COMMANDS: dict[str, tuple[list[str], list[str]]] = {
    "score": (["score", KONGS, "-s", "n"], []),
    "score-loser": (["score", "RdRdRd 2b2b 2c3c4c SwSw 9d 7b", "--loser", "-s", "s"], []),
    "diff-2": (["diff", HAND, *_rulesets(2)], list(FOUR[:2])),
    "diff-3": (["diff", HAND, *_rulesets(3)], list(FOUR[:3])),
    "diff-4": (["diff", HAND, *_rulesets(4)], list(FOUR)),
    "diff-4-kongs": (["diff", KONGS, *_rulesets(4), "-s", "n"], list(FOUR)),
    # Riichi arranges 222333444 as chows, the book as pungs: both arrangements are shown, each whole.
    "diff-arranged": (
        ["diff", "2c2c2c 3c3c!3c 4c4c4c 6d7d8d 5b5b", "--riichi", "-r", "pung-chow", "-r", "riichi-ema-2016"],
        ["pung-chow", "riichi-ema-2016", "arranges it:"],
    ),
    # Notes and a refusal under the table, wrapped by rich: no line of them ends in a space either.
    "diff-riichi-notes": (
        ["diff", "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "-r", "pung-chow-limit", "-r", "riichi-ema-2016"]
        + ["-r", "classical-bmja", "--honba", "2", "--deposits", "1"],
        ["pung-chow-limit", "riichi-ema-2016", "classical-bmja"],
    ),
    "settle": (
        ["settle", "--east", HAND, "--south", LOSER, "--west", "8", "--north", "12", "--dead", "west"],
        [],
    ),
    # A payment's reason wraps between its phrases: `rounded up to 100` was split from its `100`.
    "settle-riichi": (
        ["settle", "-r", "riichi-ema-2016", "--winner", "south"]
        + ["--south", "1b2b3b 4c5c6c 7d8d9d 2b3b4b 5d5d!", "--riichi", "--honba", "2", "--drawn"]
        + ["--east", "0", "--west", "0", "--north", "0"],
        ["rounded up to 100", "counters 200"],
    ),
    "wash": (["wash", "1b9b1c9c1d9dEwSwWwNwRdGdWd", "-s", "s"], []),
    "rules-list": (["rules", "list"], list(FOUR)),
    **{f"rules-show-{name}": (["rules", "show", name], [name]) for name in FOUR},
    "rules-diff": (
        ["rules", "diff", "pung-chow", "classical-dmjl"],
        ["standard_mah_jongg", "zero_point_hand"],
    ),
    "rules-diff-limit": (["rules", "diff", "pung-chow", "pung-chow-limit"], ["pair_heads_punged"]),
    # The topics: riichi's title is 77 letters, and was printed on one line past 60 and 80 columns.
    "docs": (["docs"], ["limit-game", "riichi", "the ruleset", "riichi-ema-2016"]),
}

EVENING: dict[str, tuple[list[str], list[str]]] = {
    "status": (["evening", "status", "{log}"], PLAYERS),
    "report": (["evening", "report", "{log}"], PLAYERS),
    "report-breakdown": (["evening", "report", "{log}", "--breakdown"], PLAYERS),
    "stats": (["evening", "stats", "{log}", "{copy}"], PLAYERS),  # the same file twice is refused
    "chart": (["evening", "chart", "{log}"], PLAYERS),
}


def _header_cells(lines: list[str]) -> list[str]:
    """A drawn table's column names, each put together from the header's lines (a diff's ruleset
    broken after its hyphens, `classical-` over `bmja`): the cells between `┃`/`|` above its rule."""
    rule = next((n for n, line in enumerate(lines) if re.fullmatch(r"[━╇+|-]+", line.replace(" ", ""))), 0)
    rows = [re.split(r"\s*[┃|]\s*", line.strip()) for line in lines[:rule] if "┃" in line or "|" in line]
    if not rows or len({len(row) for row in rows}) != 1:
        return []
    return ["".join(row[i] for row in rows) for i in range(len(rows[0]))]


def _check(lines: list[str], width: int, whole: list[str], hands: list[str], glyphs: bool) -> None:
    text = "\n".join(lines)
    wide = [line for line in lines if cell_width(line.rstrip()) > width]
    assert not wide, (wide, text)
    assert "…" not in text and "..." not in text, text  # rich's mark of a cut cell
    names = _header_cells(lines)
    for name in whole:
        # Whole on a line, or a column's name broken only after its hyphens in the header.
        assert any(name in line for line in lines) or name in names, (name, text)
    for hand in hands:
        for group in hand.split():
            shown = set_text(group.replace("!", ""), ascii_only=not glyphs)
            assert any(shown in line.replace("!", "") for line in lines), (group, text)


@pytest.mark.parametrize("glyphs", [False, True], ids=["ascii", "glyphs"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_table_fits(name: str, width: int, glyphs: bool) -> None:
    argv, whole = COMMANDS[name]
    ascii_flag = [] if glyphs or argv[0] in ("rules", "docs") else ["--ascii"]
    env = {"COLUMNS": str(width), "PYTHONIOENCODING": "utf-8" if glyphs else "ascii"}
    result = run(*argv, *ascii_flag, env=env)
    assert result.exit_code == 0, result.output
    hands = [a for a in argv if "!" in a]  # a winning hand's sets are shown as typed
    _check(result.stdout.splitlines(), width, whole, hands, glyphs)
    # Nor a line that ends in spaces (a table's empty last cell, a wrapped note's gap): padding.
    ended = [line for line in result.stdout.splitlines() if line != line.rstrip(" ")]
    assert not ended, (ended, result.stdout)


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An evening of four, one player with a long name; game 1 amended."""
    path = tmp_path_factory.mktemp("screens") / "e.jsonl"
    log = str(path)
    steps = [
        ["evening", "new", log, "--players", ",".join(PLAYERS)],
        ["evening", "hand", log, HAND, "--winner", LONG, "--from", "Bob"]
        + ["--other", "Bob=2", "--other", "Cy=4", "--other", "Di=6"],
        ["evening", "hand", log, WINS[0], "--winner", "Cy", "--from", "Di"]
        + ["--other", "Bob=2", "--other", f"{LONG}=4", "--other", "Di=6"],
        ["evening", "amend", log, "1", HAND, "--winner", LONG, "--from", "Cy"]
        + ["--other", "Bob=2", "--other", "Cy=4", "--other", "Di=6"],
        ["evening", "hand", log, WINS[1], "--winner", "Bob", "--drawn"]
        + ["--other", "Cy=2", "--other", f"{LONG}=4", "--other", "Di=6"],
    ]
    for argv in steps:
        result = run(*argv)
        assert result.exit_code == 0, result.output
    path.with_name("copy.jsonl").write_bytes(path.read_bytes())
    return path


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", list(EVENING))
def test_every_evening_table_fits(evening: Path, name: str, width: int) -> None:
    argv, whole = EVENING[name]
    copy = evening.with_name("copy.jsonl")
    copy.write_bytes(evening.read_bytes())
    files = {"{log}": str(evening), "{copy}": str(copy)}
    result = run(*(files.get(a, a) for a in argv), env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    _check(result.stdout.splitlines(), width, whole, [], glyphs=False)


@pytest.mark.parametrize("width", WIDTHS)
def test_recording_a_game_fits(tmp_path: Path, width: int) -> None:
    """`evening hand` (the game, its breakdown, the payments), then `amend` and `undo` (the totals)."""
    log = str(tmp_path / "e.jsonl")
    env = {"COLUMNS": str(width)}
    started = run("evening", "new", log, "--players", ",".join(PLAYERS), env=env)
    assert started.exit_code == 0, started.output
    _check(started.stdout.splitlines(), width, PLAYERS, [], glyphs=False)
    others = ["--other", "Bob=2", "--other", "Cy=4", "--other", "Di=6"]
    shown = run("evening", "hand", log, KONGS, "--winner", LONG, "--from", "Bob", *others, env=env)
    assert shown.exit_code == 0, shown.output
    _check(shown.stdout.splitlines(), width, PLAYERS, [KONGS], glyphs=False)
    assert re.search(r"^Score line\s+Set\s+Value\s+Total$", shown.stdout, re.M), shown.stdout
    amended = run("evening", "amend", log, "1", KONGS, "--winner", LONG, "--from", "Cy", *others, env=env)
    undone = run("evening", "undo", log, env=env)
    for result in (amended, undone):
        assert result.exit_code == 0, result.output
        _check(result.stdout.splitlines(), width, PLAYERS, [], glyphs=False)


def test_play_fits_60_columns(tmp_path: Path) -> None:
    """`evening play` through a pipe at 60 columns: the game shown, its breakdown, the status."""
    path = tmp_path / "e.jsonl"
    assert subprocess_run("evening", "new", str(path), "--players", ",".join(PLAYERS)).returncode == 0
    game = [LONG, KONGS, "d", "Bob", "", "2", "4", "6", "y", "status", "quit"]
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "60", "PYTHONIOENCODING": "utf-8"}
    result = subprocess_run("evening", "play", str(path), stdin="\n".join(game) + "\n", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Recorded game 1." in result.stdout
    # The prompts, each followed by the answer piped in, are not tables: left out.
    answers = tuple(f" {answer}" for answer in game if answer)
    shown = [line for line in result.stdout.splitlines() if not line.endswith(answers)]
    _check(shown, 60, PLAYERS, [KONGS], glyphs=False)


@pytest.mark.parametrize("width", WIDTHS)
def test_repair_totals_of_li_si_under_ascii_fit(tmp_path: Path, width: int) -> None:
    """`evening repair --accept 2 --ascii`: its lines were wrapped with 李四 measured as 4 columns, then
    written as its escapes, 12: the totals ran past the width."""
    log = str(tmp_path / "e.jsonl")
    players = [LONG, "李四", "张三丰", "Di"]
    assert run("evening", "new", log, "--players", ",".join(players)).exit_code == 0
    others = ["--other", f"{LONG}=2", "--other", "张三丰=4", "--other", "Di=6"]
    assert run("evening", "hand", log, HAND, "--winner", "李四", "--from", LONG, *others).exit_code == 0
    lines = Path(log).read_text(encoding="utf-8").splitlines(keepends=True)
    lines[1] = lines[1].replace('"Di": "6"', '"Di": "8"')  # changed since written: accepted below
    Path(log).write_text("".join(lines), encoding="utf-8")
    result = run("evening", "repair", log, "--accept", "2", "--ascii", env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    assert "\\u674e\\u56db" in result.stdout
    _check(result.stdout.splitlines(), width, [LONG], [], glyphs=False)


@pytest.mark.parametrize("width", WIDTHS)
def test_play_false_mahjongg_of_jack_west_under_ascii_fits(tmp_path: Path, width: int) -> None:
    """`evening play --ascii`: a penalty line was wrapped, then its seat words named again with the names
    as typed: `jack west`'s `west` became the West player's name (李四李四李四李四), escaped past the
    width."""
    path = tmp_path / "e.jsonl"
    players = ["Ann", "jack west", "李四李四李四李四", "Di"]
    new = subprocess_run("evening", "new", str(path), "--players", ",".join(players), "-r", "pung-chow-limit")
    assert new.returncode == 0
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": str(width)}
    game = ["false", "jack west", "y", "y", "quit"]
    result = subprocess_run("evening", "play", str(path), "--ascii", stdin="\n".join(game) + "\n", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    said = " ".join(result.stdout.split())
    assert "penalty: False Mah-Jongg (jack west): jack west called Mah-Jongg" in said, result.stdout
    answers = tuple(f" {answer}" for answer in game if answer)  # the prompts, with the answers piped in
    _check([line for line in result.stdout.splitlines() if not line.endswith(answers)], width, [], [], False)


RIICHI_DEPOSITS = "'1d2d3d 1d!2d3d 1d2d3d 1d2d3d 4d4d' -s south -w east --riichi --deposits 2 --from west"


@pytest.mark.parametrize(
    ("lines", "rulesets"),
    [
        pytest.param([HAND, KONGS], ("pung-chow", "classical-bmja"), id="book"),
        # The summary line then ends `winners collect +22848 and +2000 in deposits` (docs/batch.md).
        pytest.param([RIICHI_DEPOSITS], ("pung-chow", "riichi-ema-2016"), id="riichi-deposits"),
    ],
)
@pytest.mark.parametrize("width", WIDTHS)
def test_batch_compare_fits(tmp_path: Path, width: int, lines: list[str], rulesets: tuple[str, str]) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("".join(f"{line}\n" for line in lines))
    argv = ["batch", str(hands), "--compare", *rulesets]
    result = run(*argv, env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    _check(result.stdout.splitlines(), width, [rulesets[1]], [], glyphs=False)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_batch_table_fits_a_terminal(width: int) -> None:
    """On a terminal the batch table is sized to it (piped, it keeps fixed columns: docs/batch.md)."""
    record = {
        "line": 12,
        "hand": "RdRdRdRd#   EwEwEwEw*   GdGdGd   Wd!WdWd*   SwSw",
        "seat": "north",
        "points": 90,
        "doublings": 6,
        "score": 5760,
        "payable": 5760,
        "payments": {"east": 11520, "south": 5760, "west": 5760},
    }
    table = TerminalTable(width)
    lines = [*table.header().splitlines(), *table.row(record).splitlines()]
    _check(lines, width, [], [KONGS], glyphs=False)


# --- the layout itself ----------------------------------------------------------------------------

LABELS = (
    "3 of a kind of ones, nines, winds or dragons",
    "Last Tile Completes Pair of Terminals or Honors",
    "Mah-Jongg",
)


@pytest.mark.parametrize("width", [30, 40, 60, 80, 120])
@pytest.mark.parametrize("columns", [1, 2, 4, 6])
def test_a_grid_fits_or_stacks_and_keeps_every_cell(width: int, columns: int) -> None:
    names = tuple(f"ruleset-number-{i}" for i in range(columns))
    rows = tuple((label, "RdRdRd", *(str(10 * i) for i in range(columns))) for label in LABELS)
    grid = Grid(("Score line", "Set", *names), rows, frozenset(range(2, columns + 2)), frozenset({0}))
    lines = grid.lines(width)
    assert all(cell_width(line) <= width for line in lines), "\n".join(lines)
    words = " ".join(lines).split()
    for cell in {c for row in rows for c in row} | set(names):
        assert all(word in words for word in cell.split()), (cell, "\n".join(lines))


@pytest.mark.parametrize(
    "text",
    [
        "no_other_points: {except: standard_mah_jongg/last_tile_completes_pair_minor/last_tile_from_wall}",
        "RdRdRd   GdGdGd*   WdWdWd   2b3b4b   9c!9c",
        "Bartholomew-Featherstonehaugh pays Cy 96 (Mah-Jongg 48, East x2)",
    ],
    ids=["long-condition", "hand", "payment"],
)
@pytest.mark.parametrize("width", [24, 40, 60])
def test_wrapping_keeps_the_text(text: str, width: int) -> None:
    """Wrapped lines fit and, put back together, are the text (a long word breaks after a `/`)."""
    lines = hanging(text, width)
    assert all(cell_width(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert wrap(text, 400) == [text]


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        ("Bob pays Cy 96 (Mah-Jongg 48, East ×2)", 36, ["Bob pays Cy 96 (Mah-Jongg 48,", "East ×2)"]),
        ("Bob pays Cy 96 (Mah-Jongg 48, East x2)", 36, ["Bob pays Cy 96 (Mah-Jongg 48,", "East x2)"]),
        ("a double ×2 here", 10, ["a", "double ×2", "here"]),
        ("a double ×2 here", 7, ["a", "double", "×2 here"]),  # no line holds the two: as words
        # Regression (the long profile): the two fitted the first line, not the later one they went to,
        # and were cut there (`000000000000 x` over `000`).
        ("0 000000000000 x000", 18, ["0", "000000000000", "x000"]),
    ],
    ids=["east-x2-kept-together", "ascii-x2", "double-x2", "too-narrow-for-both", "0-000000000000-x000"],
)
def test_a_multiplier_stays_with_its_word(text: str, width: int, lines: list[str]) -> None:
    assert wrap(text, width, 14 if text.startswith("0 ") else None) == lines


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        (
            "basic points 480, rounded up to 100, counters 200",
            31,
            ["basic points 480,", "rounded up to 100, counters 200"],
        ),
        ("basic points 480, rounded up to 100", 60, ["basic points 480, rounded up to 100"]),
        ("a phrase longer than the line, b", 12, ["a phrase", "longer than", "the line, b"]),
    ],
    ids=["riichi-reason", "fits-whole", "long-phrase-by-words"],
)
def test_phrases_wrap_between_them_first(text: str, width: int, lines: list[str]) -> None:
    assert wrap_phrases(text, width) == lines


@pytest.mark.parametrize(
    "prompt",
    [
        "\nGame 2 — who won? ",
        "  Won by discard, wall (self-drawn) or loose tile? [discard] ",
        f"  {'A' + 'x' * 29}'s hand (mark the winning tile with !): ",
        f"  Change what? (hand, how, {', '.join('龍' * 30 for _ in range(3))}; `cancel` drops it) ",
    ],
    ids=["main-prompt", "how-won", "30-letter-hand", "three-wide-names"],
)
@pytest.mark.parametrize("width", [20, 60, 80])
def test_a_prompt_fits_with_room_for_its_answer(prompt: str, width: int) -> None:
    """Every line of a prompt fits, its last (the answer's) keeps its trailing space and leaves room for a
    short answer, a leading newline is kept, and no word is lost."""
    lines = prompt_lines(prompt, width)
    assert all(cell_width(line) <= width for line in lines)
    assert cell_width(lines[-1]) + ANSWER_ROOM <= width or lines == prompt.split("\n")
    assert lines[-1].endswith(" ") and lines[0] == ("" if prompt.startswith("\n") else lines[0])
    assert "".join(lines).replace(" ", "") == prompt.replace("\n", "").replace(" ", "")


# --- evening report's presentation (issue 19, point 14) ------------------------------------------


def test_report_shows_local_time(evening: Path) -> None:
    """The log's UTC time in the reader's zone (TZ respected), in the text and markdown reports."""
    at = json.loads(evening.read_text().splitlines()[0])["at"]
    moment = datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone(UTC) + timedelta(hours=3)
    expected = f"{moment:%Y-%m-%d %H:%M} XYZ"
    for fmt in ("table", "markdown"):
        result = run("evening", "report", str(evening), "--format", fmt, env={"TZ": "XYZ-3", "COLUMNS": "80"})
        assert result.exit_code == 0, result.output
        assert f"Evening of {expected}" in result.stdout, result.stdout
        assert at not in result.stdout
    data = json.loads(run("evening", "report", str(evening), "--format", "json").stdout)
    assert data["started"] == at  # the data keeps UTC


def test_report_marks_amended_games(evening: Path) -> None:
    data = json.loads(run("evening", "report", str(evening), "--format", "json").stdout)
    assert [g["amended"] for g in data["history"]] == [True, False, False]
    text = run("evening", "report", str(evening), env={"COLUMNS": "120"}).stdout
    assert "won on Cy's discard (amended)" in text and text.count("(amended)") == 1, text
    markdown = run("evening", "report", str(evening), "--format", "markdown").stdout
    assert markdown.count("(amended)") == 1, markdown


def test_undoing_an_amendment_unmarks_the_game(tmp_path: Path) -> None:
    log = str(tmp_path / "e.jsonl")
    others = ["--other", "Bob=2", "--other", "Cy=4", "--other", "Di=6"]
    assert run("evening", "new", log, "--players", "Ann,Bob,Cy,Di").exit_code == 0
    assert run("evening", "hand", log, HAND, "--winner", "Ann", "--from", "Bob", *others).exit_code == 0
    assert run("evening", "amend", log, "1", HAND, "--winner", "Ann", "--from", "Cy", *others).exit_code == 0
    assert json.loads(run("evening", "report", log, "--format", "json").stdout)["history"][0]["amended"]
    assert run("evening", "undo", log).exit_code == 0
    assert not json.loads(run("evening", "report", log, "--format", "json").stdout)["history"][0]["amended"]


def test_report_totals_are_signed_and_numbers_right_aligned(evening: Path) -> None:
    data = json.loads(run("evening", "report", str(evening), "--format", "json").stdout)
    totals = data["totals"]
    signed = [f"{v:+d}" if v else "0" for v in totals.values()]
    text = run("evening", "report", str(evening), env={"COLUMNS": "200"}).stdout
    players = text[text.index("Player") :]
    for name, total in zip(totals, signed, strict=True):
        assert re.search(rf"^{re.escape(name)}\s.*\s{re.escape(total)}$", players, re.M), (name, players)
    markdown = run("evening", "report", str(evening), "--format", "markdown").stdout
    assert "|---:|---|---|---|---:|---:|---:|---:|" in markdown  # game number and nets
    assert "|---|---:|---:|---:|---:|---:|---:|" in markdown  # the players' numbers
    for name, total in zip(totals, signed, strict=True):
        assert re.search(rf"^\| {re.escape(name)} \|.* \| {re.escape(total)} \|$", markdown, re.M), markdown


def test_report_breakdown_reads_as_the_score_card(evening: Path) -> None:
    """`--breakdown`: each hand as score lines (label, set, value, running total), like `score`."""
    text = run("evening", "report", str(evening), "--breakdown", env={"COLUMNS": "100"}).stdout
    assert "Game 2, Cy's hand:" in text, text
    assert re.search(r"^Score line\s+Set\s+Value\s+Total$", text, re.M), text
    assert re.search(r"^Mah-Jongg\s+20\s+20$", text, re.M), text
    assert re.search(r"^3 of a kind of ones, nines, winds or dragons\s+1b1b1b\s+8\s+40$", text, re.M), text


# `×` and `x`: a multiplier (`×2`, `x2`) is kept with the word before it (layout.wrap).
WORD = st.text(alphabet="abcdefghij-/,!*#0123456789×x", min_size=1, max_size=12)
CELL = st.lists(WORD, min_size=0, max_size=6).map(" ".join)


@given(
    width=st.integers(min_value=20, max_value=140),
    columns=st.integers(min_value=1, max_value=7),
    data=st.data(),
)
def test_a_grid_never_exceeds_its_width_nor_cuts_a_word(
    width: int, columns: int, data: st.DataObject
) -> None:
    """Whatever its cells, a grid's lines fit the width and every word of every cell is whole, and
    so is the name of each column of values that has any."""
    headers = tuple(data.draw(WORD) for _ in range(columns))
    rows = tuple(tuple(data.draw(CELL) for _ in range(columns)) for _ in range(data.draw(st.integers(1, 5))))
    wraps = frozenset(data.draw(st.sets(st.integers(0, columns - 1))))
    phrases = frozenset(data.draw(st.sets(st.sampled_from(sorted(wraps))))) if wraps else frozenset()
    grid = Grid(headers, rows, frozenset(range(1, columns)), wraps, phrases=phrases)
    lines = grid.lines(width)
    assert all(cell_width(line) <= width for line in lines), "\n".join(lines)
    words = set(" ".join(lines).split())
    named = [h for i, h in enumerate(headers) if i and any(row[i] for row in rows)]  # a value's name
    for cell in [*named, *(c for row in rows for c in row)]:
        assert all(word in words or any(word in w for w in words) for word in cell.split()), lines


@given(text=st.lists(WORD, max_size=30).map(" ".join), width=st.integers(min_value=13, max_value=100))
def test_wrapped_text_fits_and_keeps_every_character(text: str, width: int) -> None:
    lines = hanging(text, width)
    assert all(cell_width(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@given(text=st.lists(WORD, max_size=30).map(" ".join), width=st.integers(min_value=1, max_value=100))
def test_phrases_wrapped_fit_and_keep_every_character(text: str, width: int) -> None:
    """Wrapped between phrases first, the lines fit (a word longer than the line is cut, as wrap cuts
    it) and hold the text."""
    lines = wrap_phrases(text, width)
    assert all(cell_width(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@given(
    text=st.lists(WORD, max_size=30).map(
        lambda words: ", ".join(" ".join(words[i : i + 2]) for i in range(0, len(words), 2))
    ),
    width=st.integers(min_value=13, max_value=100),
)
def test_hanging_phrases_fit_and_keep_every_character(text: str, width: int) -> None:
    """Wrapped between phrases first, later lines indented: the lines fit and hold the text."""
    lines = hanging_phrases(text, width)
    assert all(cell_width(line) <= width for line in lines)
    assert all(line.startswith("    ") for line in lines[1:])
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@pytest.mark.parametrize("width", WIDTHS)
def test_evening_new_keeps_each_player_with_his_seat(tmp_path: Path, width: int) -> None:
    # Regression: `ev.log: a new evening under my-club: Ann east, Bob south, Cy` over `west, Di north`
    # at 60 columns: a player and his seat parted.
    path = tmp_path / "evening-of-the-club.jsonl"
    done = run("evening", "new", str(path), "--players", "Annabelle Smith,Bob,Cyrus the Great,Di",
               env={"COLUMNS": str(width)})  # fmt: skip
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert all(cell_width(line) <= width for line in lines), done.stdout
    seats = " ".join(line.strip() for line in lines).split("pung-chow: ", 1)[1]
    assert seats == "Annabelle Smith east, Bob south, Cyrus the Great west, Di north"
    for line in lines:  # every line that names a seat ends after one, or with a comma
        assert not line.rstrip().endswith(("Annabelle", "Smith", "Bob", "Cyrus", "Great", "Di")), done.stdout


@pytest.mark.parametrize(
    "word", ["a" * 3_000, "張" * 1_500, "a/" * 1_500], ids=["letters", "wide", "slashes"]
)
def test_a_pasted_line_of_3000_characters_wraps_reading_each_once(monkeypatch, word: str) -> None:
    # Regression: a word longer than the line was cut by measuring every prefix of all that was left,
    # once for each line: `evening play` echoing a pasted 100,000-letter answer hung for minutes.
    from pungchow_calc.render import layout

    measured = [0]

    def counted(text: str) -> int:
        measured[0] += len(text)
        return cell_width(text)

    monkeypatch.setattr(layout, "cell_width", counted)
    lines = hanging(f"  {word!r}: not a player (Ann, Bob, Cy, Di)", 60)
    assert all(cell_width(line) <= 60 for line in lines)
    assert "".join(lines).replace(" ", "") == f"{word!r}:notaplayer(Ann,Bob,Cy,Di)"
    assert measured[0] < 5 * len(word)


CJK_PLAYERS = ["張三豐張三豐張三豐", "李四", "王五五五五五五五五五五五五", "Zoë"]


@pytest.mark.parametrize("width", WIDTHS)
def test_cjk_names_under_ascii_fit_status_chart_and_plays_status_and_report(tmp_path, width):
    # Regression: under --ascii a name is written as its escapes (\u674e\u56db, six letters for one
    # wide character), and status, chart and play's status and report laid it out unescaped: 122
    # columns at 80 (`report` and `stats` already laid out the escapes: fit_data).
    path = tmp_path / "e.jsonl"
    env = {"COLUMNS": str(width)}
    for args in (
        ["evening", "new", str(path), "--players", ",".join(CJK_PLAYERS)],
        hand_args(path, CJK_PLAYERS[0], CJK_PLAYERS),
    ):
        assert run(*args, env=env).exit_code == 0
    shown = [run("evening", command, str(path), "--ascii", env=env) for command in ("status", "chart")]
    shown.append(run("evening", "play", str(path), "--ascii", env=env, input="status\nreport\nquit\n"))
    for result in shown:
        assert result.exit_code == 0, result.stderr
        assert "\\u674e\\u56db" in result.stdout
        assert max(len(line) for line in result.stdout.splitlines()) <= width, result.stdout


@pytest.mark.parametrize("width", WIDTHS)
def test_cjk_names_under_ascii_fit_new_hand_amend_undo_and_plays_game_views(tmp_path, width):
    # Regression: the seats `new` names, a game (its seats, payments and totals), an amendment's or
    # undo's table, and play's echo of a piped answer laid a name out unescaped and wrote its escapes:
    # 143 columns at 60.
    path = tmp_path / "e.jsonl"
    env = {"COLUMNS": str(width)}
    first, second = CJK_PLAYERS[0], CJK_PLAYERS[1]
    shown = [
        run("evening", "new", str(path), "--players", ",".join(CJK_PLAYERS), "--ascii", env=env),
        run(*hand_args(path, first, CJK_PLAYERS), "--ascii", env=env),
        run(
            "evening",
            "amend",
            str(path),
            "1",
            *hand_args(path, second, CJK_PLAYERS, again=False)[3:],
            "--ascii",
            env=env,
        ),
        run("evening", "undo", str(path), "--ascii", env=env),
    ]
    typed = [first, WINS[0], "discard", second, "", "4", "8", "2", "n", CJK_PLAYERS[2], "10", "y"]
    typed += ["amend 1", second, WINS[0], "wall", "", "4", "8", "2", "y", "undo", "y", "quit"]
    shown.append(run("evening", "play", str(path), "--ascii", env=env, input="\n".join(typed) + "\n"))
    for result in shown:
        assert result.exit_code == 0, result.stderr
        assert "\\u674e\\u56db" in result.stdout and "Traceback" not in result.stderr
        assert max(len(line) for line in result.stdout.splitlines()) <= width, result.stdout


KANJI_HOUSE = """\
name: house-kanji
extends: pung-chow
rules:
  - id: pung_simples
    label: "碰 of simples 漢字漢字漢字漢字漢字漢字 Tsūīsō"
"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    "command",
    [
        pytest.param(["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "-r", "{house}"], id="score"),
        pytest.param(["rules", "show", "{house}"], id="rules-show"),
        pytest.param(
            ["diff", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "-r", "{house}", "-r", "pung-chow"], id="diff"
        ),
        pytest.param(["rules", "diff", "{house}", "pung-chow"], id="rules-diff"),
    ],
)
def test_a_house_label_in_kanji_under_ascii_fits(tmp_path: Path, width: int, command: list[str]) -> None:
    # Regression: under --ascii `漢字` is written `\u6f22\u5b57`, six letters for two cells, and the
    # breakdown, the score card, diff and rules diff laid the label out unescaped: 139 columns at 60.
    house = tmp_path / "house.yaml"
    house.write_text(KANJI_HOUSE, encoding="utf-8")
    args = [arg.format(house=house) for arg in command]
    result = run(*args, "--ascii", env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.stderr
    assert "\\u6f22\\u5b57" in result.stdout and "Ts\\u016b\\u012bs\\u014d" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= width, result.stdout


HUGE_HOUSE = """\
name: house-huge
extends: pung-chow
rules:
  - id: mah_jongg
    points: 1000000000
  - id: kong_heads
    points: {exposed: 1000000000, concealed: 1000000000}
  - id: all_honors
    doublings: 20
"""
HUGE_KONGS = "RdRdRdRd# EwEwEwEw* GdGdGdGd# WdWdWdWd# Sw!Sw"
KANJI_LABELS = """\
name: house-kanji-labels
extends: pung-chow
rules:
  - id: pung_simples
    label: "碰碰胡 碰碰胡 碰碰胡 碰碰胡 碰碰胡 碰碰胡 碰碰胡 碰碰胡 碰碰胡"
"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    ("house", "command", "whole"),
    [
        pytest.param(
            KANJI_LABELS,
            ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "-r", "{house}"],
            ["碰碰胡 碰碰胡"],
            id="score-kanji-label",
        ),
        pytest.param(
            HUGE_HOUSE,
            ["settle", "-r", "{house}", "--north", HUGE_KONGS, "--south", "1b1b1b 2b2b 2c3c4c 5d5d 9d 7b 8c"]
            + ["--west", "8", "--east", "12"],
            ["167772160402653184"],
            id="settle-167772160402653184",
        ),
    ],
)
def test_a_wrapped_line_of_wide_characters_as_wide_as_its_column_is_whole(
    tmp_path: Path, width: int, house: str, command: list[str], whole: list[str]
) -> None:
    # Regression: rich measures a wrapped line's trailing gap in characters, not cells: a line of 漢字 or
    # 🀄 as wide as its column came out with its last character made `…` (`碰碰胡 … 碰碰 …` at 80; the
    # 18-digit settle's `🀅🀅🀅🀅…`, its kong's `#` lost). The grid now breaks its cells itself.
    path = tmp_path / "house.yaml"
    path.write_text(house, encoding="utf-8")
    args = [arg.format(house=path) for arg in command]
    result = run(*args, env={"COLUMNS": str(width), "PYTHONIOENCODING": "utf-8"})
    assert result.exit_code == 0, result.stderr
    hands = [HUGE_KONGS] if "settle" in command else []
    _check(result.stdout.splitlines(), width, whole, hands, glyphs=True)


KANJI_LIMIT_HOUSE = """\
name: house-kanji-limit
extends: pung-chow-limit
rules:
  - id: mah_jongg
    label: "麻雀 of simples 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字 Tsūīsō"
penalties:
  - id: false_mahjongg
    label: "詐和 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字"
    type: false_mahjongg
    pays: {limit_fraction: 0.5}
"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    "game",
    [
        pytest.param(
            ["hand", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "--winner", "Ann", "--drawn"], id="hand"
        ),
        pytest.param(["false-mahjongg", "Cy"], id="false-mahjongg"),
    ],
)
def test_a_house_label_in_kanji_under_ascii_fits_the_evening(
    tmp_path: Path, width: int, game: list[str]
) -> None:
    # Regression: `evening hand` and `play` laid the breakdown out, and wrapped the payments' reasons
    # and the penalty, with the label unescaped, then wrote its escapes: 172 columns at 60.
    house = tmp_path / "house.yaml"
    house.write_text(KANJI_LIMIT_HOUSE, encoding="utf-8")
    log = str(tmp_path / "e.jsonl")
    assert run("evening", "new", log, "--players", "Ann,Bob,Cy,Di", "-r", str(house)).exit_code == 0
    others = ["--other", "Bob=2", "--other", "Cy=4", "--other", "Di=6"] if game[0] == "hand" else []
    result = run("evening", game[0], log, *game[1:], *others, "--ascii", env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.stderr
    assert "\\u6f22\\u5b57" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= width, result.stdout


TRIGRAM_HOUSE = """\
name: "☰☱☲☳☴☵☶☷"
extends: pung-chow
rules:
  - id: pung_simples
    label: "☰☱☲☳☴☵☶☷ ䷀䷁䷂䷃䷄䷅䷆䷇䷈䷉ ䷀䷁䷂䷃䷄䷅䷆䷇䷈䷉ ䷀䷁䷂䷃䷄䷅䷆䷇䷈䷉"
"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    "command",
    [
        pytest.param(["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "-r", "{house}"], id="score"),
        pytest.param(["rules", "show", "{house}"], id="rules-show"),
    ],
)
def test_a_ruleset_named_in_trigrams_fits(tmp_path: Path, width: int, command: list[str]) -> None:
    # Regression: ☰ and ䷀ are wide since Unicode 16 (rich draws them two cells) but were counted one,
    # this Python's unicodedata being older: `score`'s title line ran to 66 columns at 60.
    from rich.cells import cell_len

    house = tmp_path / "house.yaml"
    house.write_text(TRIGRAM_HOUSE, encoding="utf-8")
    result = run(*(arg.format(house=house) for arg in command), env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.stderr
    assert "☰☱☲☳☴☵☶☷" in result.stdout and "…" not in result.stdout
    assert max(cell_len(line.rstrip()) for line in result.stdout.splitlines()) <= width, result.stdout


@pytest.mark.parametrize("width", [0, -6])
def test_wrapping_to_no_room_ends(width: int) -> None:
    """A line of no room (a refusal beside a line number wider than the terminal): one cell a line,
    where a word longer than it was cut into nothing, for ever."""
    assert wrap("error: /a/b", width) == list("error:/a/b")


# A club's names: a Thai vowel sign above (ั ิ ์, marks of no combining class), a decomposed accent,
# wide characters, and a Hangul name typed decomposed (as macOS writes it).
CLUB = ["สมศักดิ์", "Jose\u0301", "李小龍", "\u1100\u1175\u11b7"]


def _starts(lines: list[str], names: list[str], word: str) -> set[int]:
    """The cell (as rich counts it) where `word` begins on each line beginning with one of `names`."""
    from rich.cells import cell_len

    rows = [line for line in lines if any(line.startswith(name + " ") for name in names)]
    assert len(rows) >= len(names), lines
    found = [re.search(rf"\s(?:{word})\b", row) for row in rows]
    assert all(found), rows
    return {cell_len(row[: m.start() + 1]) for row, m in zip(rows, found, strict=True) if m}


def _club_evening(tmp_path: Path, names: list[str]) -> str:
    """An evening of these names (through the library when `evening new` would refuse one), a game won."""
    from pungchow_calc.evening.record import new
    from pungchow_calc.ruleset_files import load

    log = str(tmp_path / "club.jsonl")
    new(log, names, None, load("pung-chow"))
    others = [arg for name in names[1:] for arg in ("--other", f"{name}=4")]
    won = run("evening", "hand", log, "--winner", names[0], WINS[0], *others)
    assert won.exit_code == 0, won.output
    return log


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    "names",
    [
        pytest.param(CLUB, id="thai-somsak-jose-decomposed-hangul-decomposed"),
        pytest.param(
            ["Ann \u2764\ufe0f", "Zo\u00eb", "Bob", "Cy"], id="ann-heart-variation-selector-recorded-before"
        ),
    ],
)
def test_a_clubs_names_keep_the_columns(tmp_path: Path, width: int, names: list[str]) -> None:
    # Regression: a Thai name's vowel signs and a decomposed Hangul name's letters were counted a cell
    # each (the terminal draws them in the letter before), so `สมศักดิ์` (5 cells) padded as 8 and
    # shifted its row's columns 3 cells left. An evening recorded with `Ann ❤️` still reads, aligned.
    log = _club_evening(tmp_path, names)
    env = {"COLUMNS": str(width)}
    for command in ("status", "undo"):  # the Seat column of the totals
        result = run("evening", command, log, env=env)
        assert result.exit_code == 0, result.output
        assert len(_starts(result.stdout.splitlines(), names, "east|south|west|north")) == 1, result.stdout


@pytest.mark.parametrize(
    "text",
    [
        "สมศักดิ์",
        "Jose\u0301",
        "\u1100\u1175\u11b7",
        "Ann \u2764\ufe0f",
        "e\u20dd",
        "a\u200bb",
        "soft\u00adhyphen",
    ],
    ids=[
        "thai-somsak",
        "jose-decomposed",
        "hangul-kim-decomposed",
        "heart-vs16",
        "enclosing-circle",
        "zero-width-space",
        "soft-hyphen",
    ],
)
def test_cell_width_counts_as_rich_does(text: str) -> None:
    from rich.cells import cell_len

    assert cell_width(text) == cell_len(text)


@given(st.text(st.characters(max_codepoint=127)))
def test_ascii_text_is_a_cell_a_character_as_the_loop_counts_it(text: str) -> None:
    """cell_width's shortcut for ASCII (wrap measures each line many times) agrees with its loop, which a
    character beyond ASCII put first makes it take."""
    assert cell_width(text) == len(text) == cell_width("\u00e9" + text) - 1


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["score", KONGS, "-s", "n"], id="score"),
        pytest.param(["diff", HAND, *_rulesets(3)], id="diff-3"),
        pytest.param(["rules", "show", "pung-chow"], id="rules-show"),
        pytest.param(["docs", "riichi"], id="docs-riichi"),
        pytest.param(["batch", "samples/part1-examples.txt"], id="batch"),
        pytest.param(["--help"], id="help"),
        pytest.param(["evening", "hand", "--help"], id="evening-hand-help"),
    ],
)
def test_term_dumb_on_a_terminal_60_columns_fits(argv: list[str]) -> None:
    # Regression: under TERM=dumb (Emacs' shell, a serial console) rich takes the terminal as 80 columns
    # whatever its width: the score card ran to 76 columns, rules show, docs and help to 80, at 60.
    from rich.cells import cell_len

    shown = on_a_terminal(argv, "60", env={"TERM": "dumb"})
    assert "\x1b" not in shown
    lines = shown.splitlines()
    assert len(lines) > 5 and max(cell_len(line.rstrip()) for line in lines) <= 60, shown


def test_amend_1_at_40_columns_fits(tmp_path: Path) -> None:
    # Regression: `Game 1 amended; the evening was replayed from it.` was printed whole, 49 cells on a
    # phone's 40 columns; the rest of amend's output wrapped.
    from rich.cells import cell_len

    log = str(tmp_path / "e.jsonl")
    env = {"COLUMNS": "40"}
    assert run("evening", "new", log, "--players", "Ann,Bob,Cy,Di").exit_code == 0
    others = ["--other", "Bob=2", "--other", "Cy=4", "--other", "Di=6"]
    assert run("evening", "hand", log, HAND, "--winner", "Ann", *others).exit_code == 0
    amended = run("evening", "amend", log, "1", HAND, "--winner", "Ann", "--from", "Cy", *others, env=env)
    assert amended.exit_code == 0, amended.output
    assert "Game 1 amended; the evening was replayed" in amended.stdout
    assert max(cell_len(line) for line in amended.stdout.splitlines()) <= 40, amended.stdout


@pytest.mark.parametrize("command", ["status", "report"])
def test_thai_somsak_under_ascii_at_40_columns_wraps_between_escapes(tmp_path: Path, command: str) -> None:
    # Regression: `สมศักดิ์` under --ascii is 48 characters of escapes, longer than a phone's 40 columns,
    # and was cut at the width inside an escape (`\u0e` and `34\u0e4c` on the next line).
    log = _club_evening(tmp_path, CLUB)
    result = run("evening", command, log, "--ascii", env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 40, result.stdout
    assert not [line for line in lines if re.search(r"\\u[0-9a-f]{0,3}$|^\s*[0-9a-f]{1,3}\\u", line)], (
        result.stdout
    )
    assert "\\u0e2a\\u0e21\\u0e28\\u0e31\\u0e01\\u0e14\\u0e34\\u0e4c" in squeezed(result.stdout)


@pytest.mark.parametrize(
    ("segments", "shading", "expected"),
    [
        ([("a   ", None), ("\n", None)], True, "a\n"),
        ([("a", "bold"), ("   ", "bold"), ("\nb  \n", None)], True, "a\nb\n"),
        # A code block's background is seen: its spaces stay; under NO_COLOR (no shading) it is blank.
        ([("code  ", "on blue"), ("\n", None)], True, "code  \n"),
        ([("code  ", "on blue"), ("\n", None)], False, "code\n"),
        # A prompt's last line is not ended: kept.
        ([("Who won? ", None)], True, "Who won? "),
    ],
    ids=["cell-padding", "styled-gap-and-two-lines", "shaded-kept", "no-color-shaded-trimmed", "prompt-kept"],
)
def test_no_printed_line_ends_in_spaces(
    segments: list[tuple[str, str | None]], shading: bool, expected: str
) -> None:
    from rich.segment import Segment
    from rich.style import Style

    from pungchow_calc.render.terminal import _trimmed

    given = (Segment(text, None if style is None else Style.parse(style)) for text, style in segments)
    trimmed = _trimmed(given, shading)
    assert "".join(segment.text for segment in trimmed) == expected


@pytest.mark.parametrize("width", WIDTHS)
def test_batch_compare_part1_examples_pung_chow_riichi_ema_2016_keeps_each_number_by_its_words(
    width: int,
) -> None:
    # Regression: at 60 columns rich broke the summary between any two words: `winners collect` on one
    # line and `+135872` alone on the next, `480` and `→ 8000 (+7520)` apart.
    examples = str(Path(__file__).resolve().parent.parent / "samples" / "part1-examples.txt")
    result = run("batch", examples, "--compare", "pung-chow", "riichi-ema-2016", env={"COLUMNS": str(width)})
    lines = result.stdout.splitlines()
    _check(lines, width, ["riichi-ema-2016"], [], glyphs=False)
    for phrase in ("total +36076,", "winners collect +135872", "480 → 8000 (+7520)", "22016 → 8000 (-14016)"):
        assert any(phrase in line for line in lines), (phrase, result.stdout)
    rise = next(n for n, line in enumerate(lines) if line.startswith("Biggest rise: line 25"))
    fall = next(n for n, line in enumerate(lines) if line.startswith("Biggest fall:"))
    said = "Biggest rise: line 25 NwNwNw RdRdRd 2b2b!2b 9b9b9b 5b5b: 480 → 8000 (+7520)"
    assert " ".join(lines[rise:fall]) == said, result.stdout


@pytest.mark.parametrize(
    ("name", "width", "lines"),
    [
        pytest.param("riichi-ema-2016", 15, ["riichi-ema-2016"], id="fits"),
        pytest.param("riichi-ema-2016", 11, ["riichi-ema-", "2016"], id="riichi-ema-"),
        pytest.param("riichi-ema-2016", 8, ["riichi-", "ema-2016"], id="ema-2016"),
        pytest.param("classical-bmja", 4, ["classical-", "bmja"], id="a-piece-wider-than-the-column"),
        pytest.param("my house-rules", 6, ["my", "house-", "rules"], id="words-and-hyphens"),
        pytest.param("", 5, [""], id="empty"),
    ],
)
def test_a_column_name_breaks_between_words_and_after_hyphens(
    name: str, width: int, lines: list[str]
) -> None:
    assert header_lines(name, width) == lines


def test_a_stacked_reports_describing_cells_line_up_under_its_heading() -> None:
    """Regression (a user trial): `evening report` at 60 columns stacked each game as `1  Ann  round 1
    ...` and `10  Ann  round 2 ...`, each cell where the one before ended, under `#  East  Round  Game`:
    the describing cells are padded to their columns, as the heading is, the last one as it is."""
    from pungchow_calc.render.evening import table

    players = ["Annabel", "Bob", "Cy", "Di"]
    rows = [
        [n, east, f"round {r}", f"{east} won on Cy's discard", *(f"{v:+d}" for v in (288, -106, -82, -100))]
        for n, east, r in ((1, "Ann", 1), (10, "Annabel", 2), (11, "Bob", 2))
    ]
    rows.append(["", "", "", "total", "+1", "-1", "0", "0"])
    shown = table(["#", "East", "Round", "Game", *players], rows, {0, 4, 5, 6, 7}, 60, {2, 3}, {0, 1, 2, 3})
    lines = shown.splitlines()
    assert lines[0] == " #  East     Round    Game"
    assert lines[3] == " 1  Ann      round 1  Ann won on Cy's discard"
    assert lines[5] == "10  Annabel  round 2  Annabel won on Cy's discard"
    assert lines[-2] == " " * 22 + "total"
    assert all(len(line) <= 60 for line in lines)


def test_a_terminal_of_size_0_by_0_lays_out_at_80(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (a tournament trial): under `script` with no size set, standard error's terminal said
    0 columns, and the batch's summary was laid out 20 columns wide, a place to a line: no size is the
    default width, as shutil takes it for standard output."""
    import io

    from pungchow_calc.render.layout import terminal_width

    class Tty(io.StringIO):
        def fileno(self) -> int:
            return 2

    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(os, "get_terminal_size", lambda fd=1: os.terminal_size((0, 0)))
    assert terminal_width(stream=Tty()) == 80
    monkeypatch.setattr(os, "get_terminal_size", lambda fd=1: os.terminal_size((30, 10)))
    assert terminal_width(stream=Tty()) == 30
