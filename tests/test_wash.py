"""Washing the tiles (Part II): different heads in an original hand, the table in the limit ruleset,
East neither collecting nor paying double, refusals, the `wash:` ruleset key and the `wash` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.engine.errors import RulesetError, WashError
from pungchow_calc.engine.rules import WashTable
from pungchow_calc.engine.tiles import PLAYING_TILES, Wind
from pungchow_calc.engine.wash import different_heads, original_hand, wash_text
from pungchow_calc.ruleset_files import load

LIMIT = load("pung-chow-limit")

# "9 Heads 50 points / 10 Heads 70 / 11 Heads 100 / 12 Heads 150 / 13 Heads 200", from each player.
TABLE = [
    pytest.param("1d9d1b9b1c9c EwSwWw 2c3c4c5c", 9, 50, id="9-heads"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw 2c3c4c", 10, 70, id="10-heads"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw Rd 2c3c", 11, 100, id="11-heads"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw RdGd 2c", 12, 150, id="12-heads"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw RdGdWd", 13, 200, id="13-heads"),
]


@pytest.mark.parametrize(("tiles", "heads", "each"), TABLE)
def test_wash_table_for_south(tiles, heads, each):
    result = wash_text(tiles, LIMIT, Wind.SOUTH)
    assert len(result.heads) == heads
    assert result.each == each
    # "not collecting double when he washes tiles does not have to pay ... double": East pays once.
    assert result.payments == {Wind.EAST: each, Wind.WEST: each, Wind.NORTH: each}
    assert result.total == 3 * each


@pytest.mark.parametrize(("tiles", "heads", "each"), TABLE)
def test_wash_table_for_east_with_fourteen_tiles(tiles, heads, each):
    result = wash_text(tiles + " 5d", LIMIT, Wind.EAST)  # East's original hand has 14 tiles
    assert len(result.heads) == heads
    assert result.payments == {Wind.SOUTH: each, Wind.WEST: each, Wind.NORTH: each}  # not doubled


def test_heads_must_be_different():
    # Three 1 dots, a pair of red dragons: each counts once; 9 different heads here.
    tiles = original_hand("1d1d1d 9d1b9b1c 9c EwSw RdRd Ww", Wind.SOUTH)
    assert [t.code for t in different_heads(tiles)] == [
        "1d",
        "9d",
        "1b",
        "9b",
        "1c",
        "9c",
        "Ew",
        "Sw",
        "Ww",
        "Rd",
    ]
    result = wash_text("1d1d1d 9d1b9b1c 9c EwSw RdRd 5c", LIMIT, Wind.SOUTH)
    assert (len(result.heads), result.each) == (9, 50)


REFUSED = [
    pytest.param("1d9d1b9b1c9c EwSw 2c3c4c5c6c", Wind.SOUTH, "wash-too-few-heads", id="8-heads"),
    pytest.param("1d1d1d1d 9d9d9d9d EwEwEwEw Rd", Wind.WEST, "wash-too-few-heads", id="4-different-heads"),
    pytest.param("2c3c4c5c6c7c8c 2d3d4d5d6d7d", Wind.NORTH, "wash-too-few-heads", id="no-heads"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw RdGdWd", Wind.EAST, "wash-tile-count", id="east-with-13"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw RdGdWd 5d", Wind.SOUTH, "wash-tile-count", id="south-with-14"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw RdGd", Wind.SOUTH, "wash-tile-count", id="south-with-12"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw RdGdWd* ", Wind.SOUTH, "wash-marker", id="exposed-set"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw RdGdWd!", Wind.SOUTH, "wash-marker", id="winning-tile"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw RdGd 1f", Wind.SOUTH, "wash-bonus-tile", id="flower"),
    pytest.param("1d1d1d1d1d 9d1b9b1c9c EwSwWw", Wind.SOUTH, "too-many-copies", id="five-copies"),
    pytest.param("1d9d1b9b1c9c EwSwWwNw RdGdWd 1d", Wind.EAST, "wash-complete-hand", id="east-single-heads"),
]


@pytest.mark.parametrize(("tiles", "seat", "code"), REFUSED)
def test_refusals_are_typed_errors(tiles, seat, code):
    with pytest.raises(WashError) as caught:
        wash_text(tiles, LIMIT, seat)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("tiles", "said"),
    [
        pytest.param(
            "1d9d1b9b1c9c EwSw 2c3c4c5c6c", "8 different heads (1d 9d 1b 9b 1c 9c Ew Sw)", id="eight"
        ),
        # Regression: `only 1 different heads (1b)`.
        pytest.param("1b 2c3c4c5c6c7c8c 2d3d4d5d6d", "1 different head (1b)", id="one"),
        pytest.param("2b3b4b 2c3c4c5c6c7c8c 2d3d4d", "0 different heads (none)", id="none"),
    ],
)
def test_fewer_than_nine_heads_names_them(tiles: str, said: str):
    with pytest.raises(WashError) as caught:
        wash_text(tiles, LIMIT, Wind.SOUTH)
    assert str(caught.value) == f"only {said}: washing the tiles needs at least 9"


def test_part_one_ruleset_has_no_wash_table():
    with pytest.raises(WashError) as caught:
        wash_text("1d9d1b9b1c9c EwSwWwNw RdGdWd", load("pung-chow"), Wind.SOUTH)
    assert caught.value.code == "no-wash-table"


def test_limit_ruleset_holds_the_table():
    assert LIMIT.wash == WashTable(((9, 50), (10, 70), (11, 100), (12, 150), (13, 200)), 1)
    assert LIMIT.wash.min_heads == 9
    assert (LIMIT.wash.amount(8), LIMIT.wash.amount(9), LIMIT.wash.amount(13)) == (None, 50, 200)


# --- the `wash:` key of a ruleset -------------------------------------------------------------


def _ruleset(tmp_path: Path, wash: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"name: house\nextends: pung-chow-limit\n{wash}")
    return path


def test_house_table_with_east_paying_double(tmp_path):
    path = _ruleset(tmp_path, "wash:\n  payments: {8: 20, 10: 100}\n  east_multiplier: 2\n")
    house = load(str(path))
    result = wash_text("1d9d1b9b1c9c EwSw 2c3c4c5c6c", house, Wind.SOUTH)  # 8 heads: the house allows it
    assert result.payments == {Wind.EAST: 40, Wind.WEST: 20, Wind.NORTH: 20}
    eleven = wash_text("1d9d1b9b1c9c EwSwWwNw Rd 2c3c", house, Wind.SOUTH)
    assert eleven.each == 100  # the highest row reached


BAD_WASH = [
    pytest.param("wash: 50\n", "wash must be a mapping", 3, id="not-a-mapping"),
    pytest.param(
        "wash:\n  payments: {9: 50}\n  double: true\n", "unknown wash key 'double'", 5, id="unknown-key"
    ),
    # The line of `wash:`, the section that lacks them (ruleset_yaml.line_of: a key's own line).
    pytest.param(
        "wash:\n  east_multiplier: 1\n", "wash has no payments: a washing table writes", 3, id="no-payments"
    ),
    pytest.param("wash:\n  payments: {}\n", "wash payments must map", 4, id="payments-empty"),
    pytest.param(
        "wash:\n  payments: {9: -5}\n", "wash points must be a whole number", 4, id="negative-points"
    ),
    pytest.param(
        "wash:\n  payments: {14: 300}\n", "wash heads must be at most 13, got 14", 4, id="too-many-heads"
    ),
    # Regression: `nine` was told "of 0 or more", and 0 then refused as outside 1 to 13: one bound now.
    pytest.param(
        "wash:\n  payments: {0: 10}\n",
        "wash heads must be a whole number of 1 or more, got 0",
        4,
        id="no-heads",
    ),
    pytest.param(
        "wash:\n  payments: {nine: 50}\n",
        "wash heads must be a whole number of 1 or more, got 'nine'",
        4,
        id="heads-not-a-number",
    ),
    pytest.param(
        "wash:\n  payments: {9: 50}\n  east_multiplier: 0\n",
        "east_multiplier must be a whole number of 1 or more, got 0",
        5,
        id="zero",
    ),
    # Paid uncapped: the book's table stays below every limit it names ("The Limit Hand", "Washing the
    # Tiles"), so whether a row above the limit is capped is not the book's to say.
    pytest.param(
        "wash:\n  payments: {9: 50, 13: 400}\n",
        "wash row 13: 400 from each player is above the limit of 300: the book does not say whether a wash "
        "is capped",
        4,
        id="payments-9-50-13-400-limit-300",
    ),
    # Paid: 11 heads collected less than 10 (the book's rows rise: 50, 70, 100, 150, 200).
    pytest.param(
        "wash:\n  payments: {9: 50, 10: 70, 11: 60}\n",
        "wash row 11 pays 60, less than row 10 (70) before it: a hand of more different heads would be paid "
        "less",
        4,
        id="payments-9-50-10-70-11-60",
    ),
    # The base's table under a house limit below its rows: at `extends:`, the table not written here.
    pytest.param(
        "settings: {limit: 150}\n",
        "wash row 13: 200 from each player is above the limit of 150",
        2,
        id="limit-150-the-book's-table",
    ),
]


@pytest.mark.parametrize(("wash", "message", "line"), BAD_WASH)
def test_bad_wash_table_is_a_ruleset_error(tmp_path, wash, message, line):
    path = _ruleset(tmp_path, wash)
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    assert caught.value.code == "ruleset-invalid"
    assert message in caught.value.message
    assert caught.value.line == line


def test_house_wash_east_multiplier_2_alone_is_told_the_table_is_written_whole(tmp_path):
    """Regression: a house file over pung-chow-limit writing only `wash: {east_multiplier: 2}` was told
    `wash payments must map different heads to points`, not that its wash: replaces the base's table."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: pung-chow-limit\nname: house\nwash: {east_multiplier: 2}\n", encoding="utf-8")
    result = run("wash", "1d9d1b9b1c9c EwSwWwNw Rd 2c3c", "-s", "s", "-r", str(path))
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {path}:3: wash has no payments: a washing table writes its rows under payments (different "
        "heads: points), and a house file's wash: replaces its base's table whole\n"
    )


@pytest.mark.parametrize(
    "house",
    [
        pytest.param("settings: {limit: 200}\n", id="limit-200-the-book's-table"),
        pytest.param("settings: {limit: 600}\nwash:\n  payments: {9: 50, 13: 400}\n", id="limit-600-13-400"),
        pytest.param("settings: {limit: null}\nwash:\n  payments: {9: 5000}\n", id="no-limit-9-5000"),
    ],
)
def test_a_wash_table_within_the_limit_or_without_one_is_read(tmp_path, house):
    assert load(str(_ruleset(tmp_path, house))).wash is not None


# --- `pungchow wash` ----------------------------------------------------------------------------


def _run(*args: str):
    return run("wash", *args)


def test_cli_wash_human_output():
    result = _run("1d9d1b9b1c9c EwSwWwNw 2c3c4c", "--seat", "south", "--ascii")
    assert result.exit_code == 0, result.output
    assert "Heads: 1d 9d 1b 9b 1c 9c Ew Sw Ww Nw" in result.output
    assert "10 different heads - 70 from each player (pung-chow-limit)" in result.output
    assert "Payments: east pays 70, west pays 70, north pays 70 - south collects 210" in result.output


def test_cli_wash_json_for_east():
    # A simple for the 14th tile: with a 14th head it is single heads, a win, not a wash (Limit Hands 6).
    result = _run("1d9d1b9b1c9c EwSwWwNw RdGdWd 5d", "--json")  # seat defaults to east: 14 tiles
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "ruleset": "pung-chow-limit",
        "hand": "1d9d1b9b1c9c EwSwWwNw RdGdWd 5d",
        "seat": "east",
        "heads": ["1d", "9d", "1b", "9b", "1c", "9c", "Ew", "Sw", "Ww", "Nw", "Rd", "Gd", "Wd"],
        "different_heads": 13,
        "each_pays": 200,
        "payments": {"south": 200, "west": 200, "north": 200},
        "total": 600,
    }


def test_cli_wash_refuses_eight_heads_with_exit_2():
    result = _run("1d9d1b9b1c9c EwSw 2c3c4c5c6c", "--seat", "w")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip() == (
        "error: only 8 different heads (1d 9d 1b 9b 1c 9c Ew Sw): washing the tiles needs at least 9"
    )


def test_cli_wash_refusal_as_json():
    result = _run("1d9d1b9b1c9c EwSw 2c3c4c5c6c", "--seat", "w", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "wash-too-few-heads"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ["1d9d1b9b1c9c EwSwWwNw RdGdWd"],
            "error: East's original hand is 14 tiles (13 for the other seats), but 13 were given: for"
            " another seat's hand, give --seat south, west or north",
            id="tile-count",
        ),
        pytest.param(
            ["1d9d1b9b1c9c EwSwWwNw RdGdWd", "-s", "s", "-r", "pung-chow"],
            "error: ruleset pung-chow has no washing table (washing the tiles is a Part II rule:"
            " try -r pung-chow-limit)",
            id="no-table",
        ),
        pytest.param(
            ["1d9d1b9b1c9c EwSwWwNw RdGdXd", "-s", "s"],
            "error: RdGdXd is not a tile group: 'X' is no rank or suit (suits are b bamboo, c characters,"
            " d dots and dragons, w winds, f flowers, s seasons) (column 23)",
            id="bad-tile",
        ),
        pytest.param(
            ["1d9d1b9b1c9c EwSwWwNw RdGdWd", "-s", "up"], "error: --seat: 'up' is not a wind", id="bad-seat"
        ),
    ],
)
def test_cli_wash_errors(args, message):
    result = _run(*args)
    assert result.exit_code == 2
    assert result.stderr.strip().startswith(message)


# --- properties --------------------------------------------------------------------------------

WALL = [t for t in PLAYING_TILES for _ in range(4)]


@given(st.permutations(WALL), st.sampled_from(list(Wind)))
def test_any_original_hand_washes_by_the_table_or_is_refused(wall, seat):
    size = 14 if seat is Wind.EAST else 13
    text = " ".join(t.code for t in wall[:size])
    heads = len({t for t in wall[:size] if t.is_head})
    if heads < 9:
        with pytest.raises(WashError) as caught:
            wash_text(text, LIMIT, seat)
        assert caught.value.code == "wash-too-few-heads"
        return
    if seat is Wind.EAST and heads == 13 and all(t.is_head for t in wall[:size]):
        # Single heads as dealt: East's win has preference over washing (Limit Hands 6).
        with pytest.raises(WashError) as caught:
            wash_text(text, LIMIT, seat)
        assert caught.value.code == "wash-complete-hand"
        return
    result = wash_text(text, LIMIT, seat)
    each = {9: 50, 10: 70, 11: 100, 12: 150, 13: 200}[heads]
    assert len(result.heads) == heads
    assert result.payments == {w: each for w in Wind if w is not seat}  # nobody pays or collects double


@pytest.mark.parametrize(
    ("tiles", "seat", "message"),
    [
        pytest.param(
            "1d9d1b9b1c9c EwSwWwNw RdGdWd 5d",
            "south",
            "South's original hand is 13 tiles (14 for East), but 14 were given: for East's hand,"
            " give --seat east",
            id="south-with-14",
        ),
        pytest.param(
            "1d9d1b9b1c9c EwSwWwNw RdGdWd",
            "east",
            "East's original hand is 14 tiles (13 for the other seats), but 13 were given: for another"
            " seat's hand, give --seat south, west or north",
            id="east-with-13",
        ),
        pytest.param(
            "1d9d1b9b1c9c EwSwWwNw RdGd",
            "east",
            "East's original hand is 14 tiles (13 for the other seats), but 12 were given",
            id="east-with-12-no-seat-would-hold-it",
        ),
        pytest.param(
            "1d9d1b9b1c9c EwSwWwNw RdGdWd 5d5d",
            "west",
            "West's original hand is 13 tiles (14 for East), but 15 were given",
            id="west-with-15-no-seat-would-hold-it",
        ),
        pytest.param(  # regression: `but 1 were given`
            "Rd",
            "south",
            "South's original hand is 13 tiles (14 for East), but 1 was given",
            id="south-with-Rd-one-tile",
        ),
    ],
)
def test_wash_tile_count_is_one_line_without_a_column(tiles, seat, message):
    # The count is about the whole hand: no `(column 1)`, in the line or in the JSON error.
    result = _run(tiles, "--seat", seat)
    assert (result.exit_code, result.stderr) == (2, f"error: {message}\n")
    error = json.loads(_run(tiles, "--seat", seat, "--json").stdout)["error"]
    assert error == {"code": "wash-tile-count", "message": message}


@pytest.mark.parametrize(
    ("tiles", "code"),
    [
        # Regression: East's single heads as dealt washed for 200 from each player, where Limit Hands 6
        # says "East Wind winning on original draw from the wall. This wind has preference over washing
        # cards": it is a limit hand (600 from each), `score --original-hand`.
        pytest.param("1d9d1b9b1c9c EwSwWwNw RdGdWd 1d", 2, id="east-1d9d1b9b1c9c-EwSwWwNw-RdGdWd-1d"),
        # Thirteen different heads and a simple: no Mah-Jongg, so East washes as the table says.
        pytest.param("1d9d1b9b1c9c EwSwWwNw RdGdWd 5d", 0, id="east-1d9d1b9b1c9c-EwSwWwNw-RdGdWd-5d"),
    ],
)
def test_wash_of_easts_complete_original_hand_is_refused_as_a_win(tiles, code):
    result = _run(tiles, "--seat", "east")
    assert result.exit_code == code
    if code:
        message = (
            "East's original hand is a Mah-Jongg: East winning on the original draw has preference over"
            " washing the tiles (Part II, Limit Hands 6); score it as a win (--original-hand)"
        )
        assert result.stderr == f"error: {message}\n"
        error = json.loads(_run(tiles, "--seat", "east", "--json").stdout)["error"]
        assert error == {"code": "wash-complete-hand", "message": message}
        won = run("score", tiles, "-r", "pung-chow-limit", "--seat", "east", "--original-hand", "--json")
        assert json.loads(won.stdout)["payments"] == {"south": 600, "west": 600, "north": 600}


@pytest.mark.parametrize(
    ("seat", "said", "paid"),
    [
        ("south", "70 from each player, East ×2 (house-wash)", "east pays 140, west pays 70, north pays 70"),
        ("north", "70 from each player, East ×2 (house-wash)", "east pays 140, south pays 70, west pays 70"),
    ],
    ids=["south-washes", "north-washes"],
)
def test_wash_under_a_house_east_multiplier_2_says_east_pays_double(tmp_path: Path, seat, said, paid) -> None:
    """Regression: `10 different heads — 70 from each player` above `east pays 140`, with no word of why:
    a house washing table's East multiplier is said beside the row, as `rules show` says it."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "name: house-wash\nextends: pung-chow-limit\n"
        "wash:\n  payments: {9: 50, 10: 70, 11: 100, 12: 150, 13: 200}\n  east_multiplier: 2\n"
    )
    done = run(
        "wash", "1d9d1b9b1c9c EwSwWwNw 2c3c4c", "--seat", seat, "-r", str(house), env={"COLUMNS": "120"}
    )
    assert done.exit_code == 0 and said in done.stdout and paid in done.stdout, done.stdout
    book = run("wash", "1d9d1b9b1c9c EwSwWwNw 2c3c4c", "--seat", seat, env={"COLUMNS": "120"})
    assert "70 from each player (pung-chow-limit)" in book.stdout and "×" not in book.stdout
