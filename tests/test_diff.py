"""`pungchow diff`: one hand under several rulesets, line by line, with totals, payments and differences."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import json_of
from cli_helpers import run as run_main

from pungchow_calc.diff import diff_hand
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.ruleset_files import load

ROOT = Path(__file__).resolve().parent.parent
# A concealed pung of simples (5c), an exposed pung of ones, two chows and a pair of nines drawn
# to win: Part I gives the pung 4, Part II's winning-hand table 6 (and Mah-Jongg 20 against 10).
HAND = "5c5c5c 2d3d4d 6b7b8b 1c1c1c* 9d!9d"
EXAMPLE_7 = "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw"  # Part I's Example 7, North's hand


def run(*args: str):
    return run_main(*args, env={"COLUMNS": "200"})


def score_json(ruleset: str) -> dict:
    result = run("score", HAND, "--drawn", "-r", ruleset, "--json")
    assert result.exit_code == 0
    return json.loads(result.stdout)


def test_book_rulesets_json():
    result = run("diff", HAND, "-r", "pung-chow", "-r", "pung-chow-limit", "--drawn", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["hand"] == HAND and data["rulesets"] == ["pung-chow", "pung-chow-limit"]
    rows = {row["key"]: row for row in data["rows"]}
    mj = rows["rule:mah_jongg"]
    assert mj["label"] == "Mah-Jongg" and mj["differs"]
    assert mj["values"]["pung-chow"]["points"] == 20 and mj["values"]["pung-chow-limit"]["points"] == 10
    pung = rows["5c5c5c|points"]
    assert pung["set"] == "5c5c5c" and pung["differs"]
    # Each ruleset's own label for the line (the row's is the first's): the limit game's winning-hand table.
    assert pung["values"] == {
        "pung-chow": {
            "points": 4, "doublings": 0, "rule": "pung_simples", "label": "3 of a kind of twos to eights"
        },
        "pung-chow-limit": {
            "points": 6, "doublings": 0, "rule": "winner_pung_simples", "label": "Three of a kind of 2 to 8"
        },
    }  # fmt: skip
    ones = rows["1c1c1c*|points"]
    assert ones["values"]["pung-chow"]["points"] == 4 and ones["values"]["pung-chow-limit"]["points"] == 4
    assert not ones["differs"]
    drawn = rows["rule:drawing_winning_piece"]
    assert drawn["values"]["pung-chow"]["points"] == 2 and drawn["values"]["pung-chow-limit"] is None
    # Totals are exactly what `score` says under each ruleset; the difference is B - A.
    a, b = score_json("pung-chow"), score_json("pung-chow-limit")
    assert (a["points"], a["score"], a["payable"]) == (32, 32, 32)
    for name, single in (("pung-chow", a), ("pung-chow-limit", b)):
        totals = data["totals"][name]
        assert (totals["points"], totals["doublings"], totals["score"], totals["payable"]) == (
            single["points"],
            single["doublings"],
            single["score"],
            single["payable"],
        )
        assert totals["payments"] == single["payments"]
        assert data["scores"][name]["lines"] == single["lines"]
    diff = data["difference"]["pung-chow-limit"]
    assert diff["score"] == b["score"] - a["score"]
    assert diff["payments"] == {seat: b["payments"][seat] - a["payments"][seat] for seat in a["payments"]}
    # Every line of every breakdown is in exactly one row.
    for name, single in (("pung-chow", a), ("pung-chow-limit", b)):
        shown = [row["values"][name]["rule"] for row in data["rows"] if row["values"][name] is not None]
        assert sorted(shown) == sorted(line["rule"] for line in single["lines"])


def test_book_rulesets_table():
    result = run("diff", HAND, "-r", "pung-chow", "-r", "pung-chow-limit", "--drawn", "--ascii")
    assert result.exit_code == 0
    rows = {}
    for line in result.stdout.splitlines():
        cells = [cell.strip() for cell in line.split("|")]
        if len(cells) == 5:
            rows.setdefault((cells[0], cells[1]), cells[2:])
    assert rows[("Mah-Jongg", "")] == ["20", "10", "-10"]
    assert rows[("3 of a kind of twos to eights", "5c5c5c")] == ["4", "6", "+2"]
    assert rows[("Drawing the winning piece", "")] == ["2", "-", "-2"]
    assert rows[("points", "")][0] == "32"
    assert rows[("south pays", "")][0] == "64"


def _rows(*argv: str) -> dict[tuple[str, str], list[str]]:
    """`diff --ascii ARGV`'s table rows by (label, set), two rulesets': the two values and the difference."""
    result = run("diff", *argv, "--ascii")
    assert result.exit_code == 0, result.output
    rows: dict[tuple[str, str], list[str]] = {}
    for line in result.stdout.splitlines():
        cells = [cell.strip() for cell in line.split("|")]
        if len(cells) == 5:
            rows.setdefault((cells[0], cells[1]), cells[2:])
    return rows


def test_diff_example_7_north_pung_chow_pung_chow_limit_marks_a_doubling_that_differs():
    # Regression: a row that differs by a doubling or a limit hand (10 points against `double`) had a
    # blank difference, as an equal row has: read as "the same under both".
    rows = _rows(EXAMPLE_7, "-s", "n", "-r", "pung-chow", "-r", "pung-chow-limit")
    assert rows[("No sequences in hand or on table", "")] == ["10", "double", "!="]
    assert rows[("All honor pieces", "")] == ["double x3", "-", "!="]
    assert rows[("Sets of heads only", "")] == ["-", "limit", "!="]
    assert rows[("Three (or four) red dragons", "RdRdRdRd#")] == ["double", "double", ""]
    assert rows[("3 of a kind of ones, nines, winds or dragons", "GdGdGd")] == ["8", "10", "+2"]
    glyphs = run("diff", EXAMPLE_7, "-s", "n", "-r", "pung-chow", "-r", "pung-chow-limit")
    no_sequences = next(line for line in glyphs.stdout.splitlines() if line.startswith("No sequences"))
    assert no_sequences.split("│")[-1].strip() == "≠", no_sequences


def test_diff_example_7_north_pung_chow_classical_dmjl_lines_up_rules_of_the_same_conditions():
    # Regression: Part I's "No sequences" (10 points) and Kajongg's "No Chow" (a double), both
    # `when: [no_sequences]`, sat on two rows, each `-` under the other ruleset: read as "DMJL has no
    # score for no sequences". So did "All honor pieces" and DMJL's limit hand "Only Honors".
    rows = _rows(EXAMPLE_7, "-s", "n", "-r", "pung-chow", "-r", "classical-dmjl")
    assert rows[("No sequences in hand or on table", "")] == ["10", "double", "!="]
    assert rows[("All honor pieces", "")] == ["double x3", "limit", "!="]
    assert ("No Chow", "") not in rows and ("Only Honors", "") not in rows
    # Mah-Jongg (no conditions) and DMJL's Standard Mah Jongg (four sets) are not one rule: two rows.
    assert rows[("Mah-Jongg", "")] == ["20", "-", "-20"]
    assert rows[("Standard Mah Jongg", "")] == ["-", "20", "+20"]
    json_rows = json.loads(
        run("diff", EXAMPLE_7, "-s", "n", "-r", "pung-chow", "-r", "classical-dmjl", "--json").stdout
    )
    no_sequences = next(row for row in json_rows["rows"] if row["key"] == "rule:no_sequences")
    assert no_sequences["values"]["classical-dmjl"] == {
        "points": 0,
        "doublings": 1,
        "rule": "no_chow",
        "label": "No Chow",
    }


def test_diff_loser_of_16_tiles_and_bonus_pung_chow_classical_dmjl_shows_the_long_hand_whole():
    # Regression: Kajongg's Long Hand (long_hand_scores_zero) scored 0 shown as `Hand: 1f2s`, its bonus
    # tiles alone, and nothing said why it scored 0; the diff took that for the hand every ruleset read.
    long_hand = "EwEwEw 2b2b 2c3c4c SwSw 9d 7b 1b RdRdRd 1f 2s"
    result = run(
        "diff", long_hand, "--loser", "-s", "s", "-r", "pung-chow", "-r", "classical-dmjl", "--ascii"
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Hand: 9d 1b 2b 2b 7b 2c 3c 4c Ew Ew Ew Sw Sw Rd Rd Rd   1f2s", result.stdout
    assert "pung-chow refuses the hand: too many tiles" in result.stdout
    said = " ".join(result.stdout.split())
    note = "Note: --loser: 16 tiles, more than a loser's hand holds (13): a long hand, which scores 0"
    assert f"{note} under ruleset classical-dmjl" in said, result.stdout


def test_diff_2c2c2c_3c3c3c_4c4c4c_riichi_shows_riichis_three_chows():
    # Regression: riichi arranges 222333444 as three chows (iipeikou, tanyao), the book as three pungs;
    # only the book's arrangement was shown, and riichi's `2c3c4c*` row named a set the hand line lacked.
    hand = "2c2c2c 3c3c!3c 4c4c4c 6d7d8d 5b5b"
    result = run("diff", hand, "--riichi", "-r", "pung-chow", "-r", "riichi-ema-2016", "--ascii")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Hand: 2c2c2c   3c!3c3c*   4c4c4c   6d7d8d   5b5b"
    assert lines[1] == "riichi-ema-2016 arranges it: 2c3c!4c*   2c3c4c   2c3c4c   6d7d8d   5b5b"
    rows = _rows(hand, "--riichi", "-r", "pung-chow", "-r", "riichi-ema-2016")
    assert "2c3c4c*" in {set_ for _, set_ in rows}  # riichi's row names a set the lines above show
    # Arranged alike: the hand line alone, as before.
    same = run("diff", HAND, "--drawn", "-r", "pung-chow", "-r", "pung-chow-limit", "--ascii")
    assert "arranges it" not in same.stdout and same.stdout.startswith("Hand: "), same.stdout


def test_house_rules_against_the_book():
    house = str(ROOT / "samples" / "house-rules.yaml")
    result = run("diff", EXAMPLE_7, "-s", "n", "-r", "pung-chow", "-r", house, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["totals"]["pung-chow"]["score"] == 5760
    assert data["totals"][house]["points"] == 80 and data["totals"][house]["score"] == 5120
    assert data["totals"][house]["payable"] == 600  # the 600 limit
    assert data["totals"][house]["payments"] == {"east": 1200, "south": 600, "west": 600}
    assert data["difference"][house]["payable"] == 600 - 5760
    changed = [row["key"] for row in data["rows"] if row["differs"]]
    assert changed == ["rule:mah_jongg"]


def test_three_rulesets():
    house = str(ROOT / "samples" / "house-rules.yaml")
    result = run("diff", HAND, "--drawn", "-r", "pung-chow", "-r", "pung-chow-limit", "-r", house, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data["totals"]) == ["pung-chow", "pung-chow-limit", house]
    assert list(data["difference"]) == ["pung-chow-limit", house]
    assert data["difference"][house]["score"] == -10


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-r", "pung-chow"], "give two or more different rulesets"),
        (["-r", "pung-chow", "-r", "pung-chow"], "give two or more different rulesets"),
        (["-r", "pung-chow", "-r", "nope"], "no ruleset 'nope'"),
        (["-r", "pung-chow", "-r", "pung-chow-limit", "--seat", "x"], "--seat"),
    ],
    ids=["one", "same-twice", "unknown", "bad-seat"],
)
def test_errors(args: list[str], message: str):
    result = run("diff", HAND, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in result.stderr


def test_bad_hand_json():
    result = run("diff", "1d2d4d*", "-r", "pung-chow", "-r", "pung-chow-limit", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "not-a-set"


def test_rows_line_up_by_set_when_rule_ids_differ():
    a, b = load("pung-chow"), load("pung-chow-limit")
    scores = tuple(score_text(HAND, r, Situation(win_by=WinBy.WALL)) for r in (a, b))
    diff = diff_hand(("A", "B"), scores)
    by_key = {row.key: row for row in diff.rows}
    assert by_key["5c5c5c|points"].values[0].rule == "pung_simples"
    assert by_key["5c5c5c|points"].values[1].rule == "winner_pung_simples"
    assert len({row.key for row in diff.rows}) == len(diff.rows)


@pytest.mark.parametrize(
    ("rulesets", "row_label", "rules"),
    [
        pytest.param(
            ["pung-chow", "riichi-ema-2016"],
            "Three (or four) of own wind",
            {"pung-chow": "own_wind", "riichi-ema-2016": "seat_wind_pung"},
            id="own-wind-is-riichi-s-seat-wind",
        ),
        pytest.param(
            ["riichi-ema-2016", "classical-dmjl"],
            "Yakuhai (seat wind)",
            {"riichi-ema-2016": "seat_wind_pung", "classical-dmjl": "own_wind"},
            id="seat-wind-is-dmjl-s-own-wind",
        ),
    ],
)
def test_diff_east_wind_pung_east_seat_east_round_pairs_the_seat_wind_rows(
    rulesets: list[str], row_label: str, rules: dict[str, str]
) -> None:
    # East's pung of east winds in the east round: riichi has a seat and a round wind line, the book
    # one own wind line. By label alone "own wind" went beside riichi's round wind (difflib 0.51 vs 0.35).
    hand = "1c2c3c 4c5c6c 7c8c9c EwEwEw 5d5d!"
    args = [a for name in rulesets for a in ("-r", name)]
    result = run("diff", hand, *args, "--json")
    assert result.exit_code == 0, result.stderr
    row = next(r for r in json.loads(result.stdout)["rows"] if r["label"] == row_label)
    assert {name: (v or {}).get("rule") for name, v in row["values"].items()} == rules


# Counters and deposits stated (issue 21): each ruleset's row, what it does with them; the book's
# rulesets pay nothing for them (0). Pinfu, riichi, menzen tsumo: basic 640, counters 3 x 100.
RIICHI_HAND = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"


@pytest.mark.parametrize("columns", ["60", "80"])
@pytest.mark.parametrize(
    ("how", "counters"),
    [(["--drawn"], "300"), (["--from", "north"], "300")],  # North plays before East: a chow of his
    ids=["self-drawn", "on-a-discard"],
)
def test_diff_riichi_ema_2016_pung_chow_deposits_2_honba_1(
    how: list[str], counters: str, columns: str
) -> None:
    result = run_main(
        "diff", RIICHI_HAND, "-r", "riichi-ema-2016", "-r", "pung-chow", "--riichi", *how,
        "--deposits", "2", "--honba", "1", "--ascii", env={"COLUMNS": columns},
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert all(len(line) <= int(columns) for line in lines)
    words = [line.replace("|", " ").split() for line in lines]
    flat = [" ".join(w) for w in words]
    # Wide enough: one line each; at 60 columns the label stands above its values.
    at = flat.index(next(f for f in flat if f.startswith("honba (1)")))
    values = (words[at][2:] or words[at + 1])[:3]
    assert values == [counters, "0", f"-{counters}"]
    at = flat.index(next(f for f in flat if f.startswith("deposits (2)")))
    values = (words[at][2:] or words[at + 1])[:3]
    assert values == ["2000", "0", "-2000"]


def test_diff_json_totals_carry_counters_and_deposits_only_when_stated() -> None:
    argv = ("diff", RIICHI_HAND, "-r", "riichi-ema-2016", "-r", "pung-chow", "--riichi", "--drawn")
    data = json.loads(run(*argv, "--honba", "2", "--deposits", "1", "--json").stdout)
    riichi, book = data["totals"]["riichi-ema-2016"], data["totals"]["pung-chow"]
    assert (riichi["counters"], riichi["deposits"], book["counters"], book["deposits"]) == (600, 1000, 0, 0)
    assert data["difference"]["pung-chow"]["counters"] == -600
    assert data["difference"]["pung-chow"]["deposits"] == -1000
    plain = json.loads(run(*argv, "--json").stdout)
    assert (
        "counters" not in plain["totals"]["riichi-ema-2016"]
        and "deposits" not in plain["totals"]["pung-chow"]
    )
    table = run(*argv, "--ascii").stdout
    assert "counters" not in table and "deposits" not in table


# The notes `score` prints under each ruleset were left out of `diff`: --riichi under pung-chow, the
# dora of a yakuman, a riichi loser's hand scored 0 were shown without a word.
@pytest.mark.parametrize(
    ("hand", "args", "notes"),
    [
        pytest.param(
            "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
            ("-r", "pung-chow", "-r", "riichi-ema-2016", "--riichi"),
            ["Note: --riichi: no rule of ruleset pung-chow scores riichi"],
            id="riichi-under-pung-chow",
        ),
        pytest.param(
            "1c9c1d9d1b9bEwSwWwNwWdGdRd!Rd",
            ("-r", "classical-bmja", "-r", "riichi-ema-2016", "--dora", "8d"),
            [
                "Note: --dora: no rule of ruleset classical-bmja scores dora",
                "Note: --dora: no rule of ruleset riichi-ema-2016 can use dora in this hand "
                "(paid as the limit hand Kokushi Musou alone)",
            ],
            id="kokushi-dora",
        ),
        pytest.param(
            "2d2d2d 6b7b",
            ("-r", "pung-chow", "-r", "riichi-ema-2016", "--loser"),
            [
                "Note: --loser: the losers of ruleset riichi-ema-2016 do not settle among themselves, so a "
                "loser's hand has no score"
            ],
            id="riichi-loser",
        ),
        pytest.param(HAND, ("-r", "pung-chow", "-r", "pung-chow-limit", "--drawn"), [], id="none"),
    ],
)
def test_diff_prints_each_rulesets_notes(hand: str, args: tuple[str, ...], notes: list[str]) -> None:
    result = run("diff", hand, *args, "--ascii")
    assert result.exit_code == 0, result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("Note: ")] == notes


def test_diff_riichi_under_a_house_file_named_club_house_names_its_column(tmp_path: Path) -> None:
    """A file given by its path heads its column with its `name:`, which its note names (`no rule of
    ruleset club-house`); where two files of one name head theirs by their stems, the note is said
    under its column's heading."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: pung-chow-limit\nname: club-house\n", encoding="utf-8")
    result = run("diff", "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--riichi", "-r", "pung-chow", "-r", str(house))
    assert result.exit_code == 0, result.stderr
    notes = [line for line in result.stdout.splitlines() if line.startswith("Note: ")]
    assert notes == [
        "Note: --riichi: no rule of ruleset pung-chow scores riichi",
        "Note: --riichi: no rule of ruleset club-house scores riichi",
    ]
    other = tmp_path / "other.yaml"
    other.write_text("extends: pung-chow\nname: club-house\n", encoding="utf-8")
    result = run("diff", "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "--riichi", "-r", str(other), "-r", str(house))
    notes = [line for line in result.stdout.splitlines() if line.startswith("Note: ")]
    assert notes == ["Note: other: --riichi: no rule of ruleset club-house scores riichi"]


def _ruleset_files(tmp_path: Path) -> None:
    """Two files named club-house (one.yaml, two.yaml), and two named house-rules, both house.yaml."""
    for folder, stem, name in (("", "one", "club-house"), ("", "two", "club-house"), ("a", "house", "x")):
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / f"{stem}.yaml").write_text(
            f"extends: pung-chow\nname: {name}\n", encoding="utf-8"
        )
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "house.yaml").write_text("extends: pung-chow-limit\nname: x\n", encoding="utf-8")


SAMPLE_HOUSE = str(ROOT / "samples" / "house-rules.yaml")
# (the -r values, the columns' headings): each ruleset's `name:`, a file's too; where two read alike,
# those by their paths' stems; where those too read alike, by the paths as given.
COLUMN_HEADINGS = {
    "shipped": (["pung-chow", "riichi-ema-2016"], ["pung-chow", "riichi-ema-2016"]),
    "pung-chow-samples-house-rules": (["pung-chow", SAMPLE_HOUSE], ["pung-chow", "house-rules"]),
    "two-files-named-club-house": (["one.yaml", "two.yaml"], ["one", "two"]),
    "shipped-and-two-of-one-name": (
        ["pung-chow", "one.yaml", "./two.yaml"],
        ["pung-chow", "one", "two"],
    ),
    "two-files-named-x-both-house-yaml": (["a/house.yaml", "b/house.yaml"], ["a/house.yaml", "b/house.yaml"]),
}


@pytest.mark.parametrize(("given", "headings"), list(COLUMN_HEADINGS.values()), ids=list(COLUMN_HEADINGS))
def test_diff_heads_each_column_by_its_ruleset_s_name(tmp_path, monkeypatch, given, headings):
    _ruleset_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    argv = ["diff", HAND, *(arg for name in given for arg in ("-r", name)), "--ascii"]
    header = run_main(*argv, env={"COLUMNS": "200"}).stdout.splitlines()[1]
    assert [cell.strip() for cell in header.split("|")][2 : 2 + len(given)] == headings
    as_json = json.loads(run_main(*argv, "--json").stdout)
    assert as_json["rulesets"] == given  # the data keep the rulesets as given


@pytest.mark.parametrize("columns", [60, 80])
def test_diff_pung_chow_samples_house_rules_at_60_and_80_columns(columns: int) -> None:
    """Regression: the file's column was headed by its path, wrapped (`/work/main/samples/house-`)."""
    shown = run_main(
        "diff", DRAGON_PAIR_HAND, "-r", "pung-chow", "-r", SAMPLE_HOUSE, env={"COLUMNS": str(columns)}
    )
    assert shown.exit_code == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert max(map(len, lines)) <= columns
    assert "samples" not in shown.stdout
    # The names, whole or broken after a hyphen (`house-` over `rules`), over their columns.
    heads = [[cell.strip() for cell in line.split("┃")] for line in lines[1:4] if "┃" in line]
    assert ["".join(parts) for parts in zip(*heads, strict=True)][2:4] == ["pung-chow", "house-rules"]


# The difference of the payments counted only the first ruleset's payers: riichi's discarder, who pays
# 3900, was left out, and the differences added up to -300 where the winner collects 3600 more.
def test_diff_1b1b1b_3c3c3c_5d5d5d_4b4b4b_rd_rd_pung_chow_riichi_ema_2016() -> None:
    argv = ("diff", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "-r", "pung-chow", "-r", "riichi-ema-2016")
    data = json.loads(run(*argv, "--json").stdout)
    paid = {name: data["totals"][name]["payments"] for name in data["rulesets"]}
    assert paid == {
        "pung-chow": {"south": 100, "west": 100, "north": 100},
        "riichi-ema-2016": {"discarder": 3900},
    }
    difference = data["difference"]["riichi-ema-2016"]["payments"]
    assert difference == {"south": -100, "west": -100, "north": -100, "discarder": 3900}
    assert sum(difference.values()) == sum(paid["riichi-ema-2016"].values()) - sum(paid["pung-chow"].values())
    # The table's difference column says the same, row by row.
    rows = [[cell.strip() for cell in line.split("|")] for line in run(*argv, "--ascii").stdout.splitlines()]
    shown = {row[0]: row[2:] for row in rows if len(row) == 5 and row[0].endswith(" pays")}
    assert shown == {
        "south pays": ["100", "-", "-100"],
        "west pays": ["100", "-", "-100"],
        "north pays": ["100", "-", "-100"],
        "discarder pays": ["-", "3900", "+3900"],
    }


# The book's dragon pair has one line, riichi's two (its dragon pair and the pair wait): the rows pair
# the book's line with riichi's like-labelled dragon pair, and the pair wait stands on a row of its own.
DRAGON_PAIR_HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"


def test_diff_1b1b1b_3c3c3c_5d5d5d_4b4b4b_rd_rd_pung_chow_riichi_ema_2016_rows() -> None:
    args = ("diff", DRAGON_PAIR_HAND, "-r", "pung-chow", "-r", "riichi-ema-2016")
    rows = json.loads(run(*args, "--json").stdout)["rows"]
    pair = [row for row in rows if row["set"] == "RdRd"]
    assert [(r["values"]["pung-chow"] or {}).get("rule") for r in pair] == ["scoring_pair", None]
    assert [r["label"] for r in pair][1] == "Pair wait (tanki)"
    assert pair[0]["values"]["riichi-ema-2016"]["points"] == 2
    assert "tanki" not in pair[0]["values"]["riichi-ema-2016"]["rule"]
    table = run(*args).stdout
    line = next(t for t in table.splitlines() if t.startswith("Pair wait (tanki)"))
    assert "—" in line and "+2" in line


def test_example_7_under_pung_chow_classical_bmja_riichi_ema_2016_at_80_columns_is_one_table():
    # Regression: the three rulesets' names, whole, left the labels 21 columns, the long ones three lines,
    # and the table was stacked at 80 as at 60; the names now break after a hyphen, the rows side by side.
    argv = ("diff", EXAMPLE_7, "-r", "pung-chow", "-r", "classical-bmja", "-r", "riichi-ema-2016", "--ascii")
    shown = run_main(*argv, env={"COLUMNS": "80"}).stdout.splitlines()
    assert max(len(line) for line in shown) <= 80
    assert [line.split("|")[3:] for line in shown[1:3]] == [
        [" classical- ", "  riichi-"],
        ["       bmja ", " ema-2016"],
    ]
    assert any(line.startswith("No sequences in hand or on table |") for line in shown), shown
    daisangen = next(line for line in shown if line.startswith("Daisangen"))
    assert [cell.strip() for cell in daisangen.split("|")] == ["Daisangen", "", "-", "-", "yakuman"]
    # At 60 the rows are stacked, each ruleset's name whole over its column.
    narrow = run_main(*argv, env={"COLUMNS": "60"}).stdout.splitlines()
    assert narrow[2].split() == ["pung-chow", "classical-bmja", "riichi-ema-2016"], narrow
    assert max(len(line) for line in narrow) <= 60


def test_example_7_under_pung_chow_classical_bmja_riichi_ema_2016_names_a_line_scored_otherwise():
    # Regression: the row `All honor pieces` (pung-chow double x3) showed `limit` under classical-bmja and
    # riichi-ema-2016 with no word of their own rules, Only Honors and Tsuu Iisou, to look them up by.
    argv = ("diff", EXAMPLE_7, "-r", "pung-chow", "-r", "classical-bmja", "-r", "riichi-ema-2016", "--ascii")
    named = [line for line in run(*argv).stdout.splitlines() if line.startswith("Named otherwise: ")]
    assert named == [
        "Named otherwise: No sequences in hand or on table is No Chow in classical-bmja",
        "Named otherwise: All honor pieces is Only Honors in classical-bmja, Tsuu Iisou in riichi-ema-2016",
    ]  # not the kongs, pungs and dragons, which BMJA names otherwise but scores alike
    rows = {row["label"]: row for row in json_of(*argv[:-1])["rows"]}
    values = rows["All honor pieces"]["values"]
    assert [v["label"] for v in values.values()] == ["All honor pieces", "Only Honors", "Tsuu Iisou"]


@pytest.mark.parametrize(
    ("hand", "facts", "rulesets", "said"),
    [
        pytest.param(
            "EwEwEw SwSwSw WwWwWw NwNwNw Rd!Rd", ("--drawn", "--seat", "west"),
            ("pung-chow-limit", "classical-dmjl"),
            "Pair of heads drawn to complete hand (pung-chow-limit), Pair of Dragons in classical-dmjl",
            id="four-winds-rd-drawn",
        ),
        pytest.param(
            "1c2c3c 4c5c6c 7d8d9d 2b2b2b 5b!5b", ("--seat", "south", "--from", "east", "--riichi"),
            ("pung-chow-limit", "riichi-ema-2016"),
            "Pair of 2 to 8 punged to complete hand (pung-chow-limit), Pair wait (tanki) in riichi-ema-2016",
            id="tanki-5b",
        ),
    ],
)  # fmt: skip
def test_four_winds_rd_drawn_pair_rows_are_one_set_other_rules(hand, facts, rulesets, said):
    """Regression (a rules enthusiast's trial): a set's lines are paired in order across rulesets, and
    the pair's row said `Named otherwise: Pair of heads drawn to complete hand is Pair of Dragons in
    classical-dmjl`, two rules (a completion bonus, a pair's value) named as one; riichi's tanki fu sat on
    the book's row unsaid. Another rule scoring the same set is said as such, whatever its value."""
    argv = ("diff", hand, *[word for name in rulesets for word in ("-r", name)], *facts, "--ascii")
    lines = run_main(*argv, env={"COLUMNS": "200"}).stdout.splitlines()
    assert f"One set, other rules: {said}" in lines, lines
    assert not any(line.startswith("Named otherwise: Pair") for line in lines), lines


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_pung_chow_against_riichi_points_less_fu_is_no_number(ascii_only: bool) -> None:
    """Regression (a rules enthusiast's trial): the `Δ` column of `points / fu` said `+14`, fu less the
    book's points, a number of neither: marked as unlike, as a doubling's row is; the money's rows keep
    their numbers."""
    argv = ["diff", "1c2c3c 4c5c6c 7d8d9d 2b2b2b 5b!5b", "-r", "pung-chow", "-r", "riichi-ema-2016"]
    argv += ["--seat", "south", "--from", "east", "--riichi", *(["--ascii"] if ascii_only else [])]
    lines = run_main(*argv, env={"COLUMNS": "100"}).stdout.splitlines()
    split = "|" if ascii_only else "│"
    cells = {line.split(split)[0].strip(): line.split(split)[-1].strip() for line in lines if split in line}
    unlike = "!=" if ascii_only else "≠"
    assert (cells["points / fu"], cells["doublings / han"]) == (unlike, unlike), cells
    assert cells["east pays"] == "+1248"


# The totals' points and doublings rows say each ruleset's word for them (its `words:`) where they differ:
# riichi's fu and han are never labelled the book's points and doublings; --json keeps its keys.
@pytest.mark.parametrize("ascii_only", [(), ("--ascii",)], ids=["unicode", "ascii"])
@pytest.mark.parametrize("columns", ["60", "80"])
@pytest.mark.parametrize(
    ("rulesets", "labels"),
    [
        (("pung-chow", "classical-bmja", "riichi-ema-2016"), ("points / fu", "doublings / han")),
        (("riichi-ema-2016", "pung-chow"), ("fu / points", "han / doublings")),
        (("pung-chow", "pung-chow-limit"), ("points", "doublings")),
    ],
    ids=["book-bmja-riichi", "riichi-book", "book-only"],
)
def test_diff_1b2b3b_4b5b6b_7b8b9b_2c3c4c_5d5d_totals_say_each_rulesets_words(
    rulesets: tuple[str, ...], labels: tuple[str, str], columns: str, ascii_only: tuple[str, ...]
) -> None:
    hand = "1b2b3b 4b5b6b 7b8b9b 2c3c4c 5d!5d"
    named = [arg for name in rulesets for arg in ("-r", name)]
    result = run_main("diff", hand, *named, *ascii_only, env={"COLUMNS": columns})
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    first_cells = [line.replace("│", "|").split("|")[0].strip() for line in lines]
    totals = [cell for cell in first_cells if cell.split(" ")[0] in ("points", "doublings", "fu", "han")]
    assert totals == list(labels)
    assert all(len(line) <= int(columns) for line in lines)
    # --json keeps the engine's keys under every ruleset that scores the hand (classical-bmja refuses it).
    totals_json = json_of("diff", hand, *named)["totals"]
    scored = [totals_json[name] for name in rulesets if totals_json[name] is not None]
    assert scored and all({"points", "doublings"} <= set(t) and "fu" not in t for t in scored)


@pytest.mark.parametrize("columns", ["60", "80"])
@pytest.mark.parametrize("ascii_only", [True, False], ids=["ascii", "unicode"])
def test_diff_1b2b3b_1c2c3c_1d2d3d_7c8c9c_9d_9d_riichi_column_says_han(columns: str, ascii_only: bool):
    # Regression: riichi's column read `double x2`, the book's words; its players say `2 han`, and the
    # book's column beside it keeps its own (docs/riichi.md "Reading the breakdown").
    hand = "1b2b3b 1c2c3c 1d2d3d 7c8c9c 9d!9d"
    argv = ["diff", hand, "-r", "pung-chow", "-r", "riichi-ema-2016", "--riichi"]
    result = run_main(*argv, *(["--ascii"] if ascii_only else []), env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    cells = {
        parts[0]: parts[3]
        for line in result.stdout.splitlines()
        if len(parts := [cell.strip() for cell in line.replace("│", "|").split("|")]) == 5
    }
    assert (cells["Riichi"], cells["Sanshoku Doujun"], cells["Junchan"]) == ("1 han", "2 han", "3 han")
    assert "double" not in result.stdout
    assert all(len(line) <= int(columns) for line in result.stdout.splitlines())
