"""What a ruleset's play never has (engine/impossible.py IMPOSSIBLE, the setting `impossible`) under the
book's rulesets, through `pungchow_calc.cli:main`: a hand that cannot have happened at a table is refused
in one line, never paid (docs/rulings.md#impossible)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import off_the_line, run

from pungchow_calc.engine.hand import build
from pungchow_calc.engine.impossible import IMPOSSIBLE
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.situation import FACT
from pungchow_calc.options import from_argv

BOOK = ("pung-chow", "pung-chow-limit", "classical-bmja", "classical-dmjl")


# What no rule of each ruleset scores (situation.FACTS' `scores`), of the facts these refusals blame: a
# refusal blaming one of them ends with the way out, to drop it (situation.UNREAD_HINT), in place of its
# own hint. `--kong-after-kong` is never told so: its loose tile would go with it.
UNREAD = {
    "pung-chow": {
        "--first-discard": "a win on the first discard",
        "--last-tile": "a win with the last tile",
        "--robbing-kong": "robbing a kong",
        "--dora": "dora",
    },
    "pung-chow-limit": {"--robbing-kong": "robbing a kong", "--dora": "dora"},
    "classical-bmja": {"--dora": "dora"},
    "classical-dmjl": {"--dora": "dora"},
}


def _told(message: str, ruleset: str, blamed: tuple[str, ...]) -> str:
    """The refusal MESSAGE (why: what to type) as said under RULESET: where facts it blames are ones no
    rule of the ruleset scores, its why and then the way out, to drop them."""
    unread = [option for option in blamed if option in UNREAD.get(ruleset, {})]
    if not unread:
        return message
    why = message.rsplit(": ", 1)[0]
    scores = " or ".join(UNREAD[ruleset][option] for option in unread)
    drop = " and ".join(unread)
    return f"{why}, and no rule of ruleset {ruleset} scores {scores}: drop {drop}"


def _last_on_line(line: str, words: tuple[str, ...]) -> int:
    """The column of the last of `words` on a batch line `'HAND' options...` (its options' words)."""
    hand_end = line.index("'", 1) + 1
    column, found = hand_end + 2, 0  # 1-based, after the quote and its space
    for word in line[hand_end:].split(" ")[1:]:
        if word in words:
            found = column
        column += len(word) + 1
    assert found, (line, words)
    return found


def _refused(argv: list[str], message: str, tmp_path: Path, blamed: tuple[str, ...]) -> None:
    """`score` refuses ARGV in one line (exit 2), and a batch line of it is refused the same way, its
    column the last on the line of the options BLAMED (by the spelling typed: the facts the refusal
    blames, and any other option it blames)."""
    human = run("score", *argv)
    assert (human.exit_code, human.stdout, human.stderr) == (2, "", f"error: {message}\n")
    hand, *options = argv
    path = tmp_path / "hands.txt"
    path.write_text(f"'{hand}' {' '.join(options)}\n", encoding="utf-8")
    batch = run("batch", str(path), "--format", "jsonl")
    record = json.loads(batch.stdout)
    line = path.read_text(encoding="utf-8").rstrip("\n")
    assert off_the_line(record["error"], line) == _last_on_line(line, blamed)
    assert record["error"] == {"code": "bad-option", "message": message}
    assert batch.exit_code == 1  # an entry failed


# --- robbed_tile_held: the robbed tile's other three lie in the pung robbed -----------------------------

ROBBED_HELD = [
    (
        "1b1b1b 3c3c3c 5d5d5d 4b4b4b* 7c!7c",
        (),
        "--robbing-kong: the other three 7c are in the kong robbed, so the hand holds one 7c, not 2: "
        "drop --robbing-kong",
        ("--robbing-kong",),
        (),
    ),
    (
        "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c6c6c!",
        (),
        "--robbing-kong: the other three 6c are in the kong robbed, so the hand holds one 6c, not 3: "
        "drop --robbing-kong",
        ("--robbing-kong",),
        (),
    ),
    (
        "6c6c6c* 3c3c3c 4b4b4b* 9d9d 6c!7c8c",
        (),
        "--robbing-kong: the other three 6c are in the kong robbed, so the hand holds one 6c, not 4: "
        "drop --robbing-kong",
        ("--robbing-kong",),
        (),
    ),
    (
        "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c!7c8c",
        ("--dora", "6c"),
        "--robbing-kong: the other three 6c are in the kong robbed, so the --dora indicators hold no 6c: "
        "drop --robbing-kong, or the 6c of --dora",
        ("--robbing-kong", "--dora"),
        (),
    ),
]


# Regression: a robbed tile held twice (a fifth with the three on the table) was paid under the book's
# rulesets, Robbing the Kong's doubling and all under the Classical ones; riichi alone refused it.
@pytest.mark.parametrize("ruleset", BOOK)
@pytest.mark.parametrize(
    ("hand", "extra", "message", "facts", "others"),
    [pytest.param(*case, id=f"{case[0]} --robbing-kong {' '.join(case[1])}".strip()) for case in ROBBED_HELD],
)
def test_robbing_kong_with_the_robbed_tile_held_again_is_refused(
    hand: str,
    extra: tuple[str, ...],
    message: str,
    facts: tuple[str, ...],
    others: tuple[str, ...],
    ruleset: str,
    tmp_path: Path,
) -> None:
    # Under the pung-chow rulesets no rule scores robbing a kong (nor dora under any of the book's): the
    # refusal ends with the way out, to drop it (regression: it said to drop it or the tile, as where it
    # scores). A batch line's column is the last on the line of the facts blamed.
    argv = [hand, "-r", ruleset, "--robbing-kong", "--from", "south", *extra]
    _refused(argv, _told(message, ruleset, facts), tmp_path, facts + others)


@pytest.mark.parametrize("ruleset", BOOK)
def test_robbing_kong_with_the_robbed_tile_held_once_is_paid(ruleset: str) -> None:
    result = run("score", "1b1b1b 3c3c3c 4b4b4b* 9d9d 6c!7c8c", "-r", ruleset, "--robbing-kong", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["score"] > 0


# --- first_discard_after_turn: the first card played is won before one's own first draw ----------------

CLOSED = "1b1b1b 3c3c3c 5d5d5d 7c7c 6b!7b8b"
KONG = "1b1b1b1b# 3c3c3c 5d5d5d 7c7c 6b!7b8b"
FIRST_DISCARD = [
    (
        CLOSED,
        ("--drawn",),
        "--first-discard is a win on a discard before one's own first draw, not self-drawn: drop "
        "--first-discard or --drawn",
        ("--first-discard",),
        ("--drawn",),
    ),
    (
        KONG,
        ("--loose",),
        "--first-discard is a win on a discard before one's own first draw, not on a loose tile: drop "
        "--first-discard or --loose",
        ("--first-discard",),
        ("--loose",),
    ),
    (
        KONG,
        (),
        "--first-discard: no kong is declared before one's own first draw, not even a concealed one (#): "
        "drop --first-discard",
        ("--first-discard",),
        (),
    ),
    (
        "1b1b1b 3c3c3c* 5d5d5d 7c7c 6b!7b8b",
        (),
        "--first-discard: nothing is claimed in the first uninterrupted go-around, but a set is laid "
        "open (*, +): drop --first-discard",
        ("--first-discard",),
        (),
    ),
    (
        CLOSED,
        ("--last-tile",),
        "--first-discard and --last-tile contradict each other: the first go-around is not the last tile: "
        "drop --first-discard or --last-tile",
        ("--first-discard", "--last-tile"),
        (),
    ),
    (
        CLOSED,
        ("--robbing-kong",),
        "--first-discard and --robbing-kong contradict each other: a kong ends the first uninterrupted "
        "go-around: drop --first-discard or --robbing-kong",
        ("--first-discard", "--robbing-kong"),
        (),
    ),
]


# Regression: a win on the first card played (East's first discard) stated self-drawn, on a loose tile, with
# a kong or a set laid open, the last tile or a kong robbed was paid: the limit (Blessing of Earth) under
# the Classical rulesets, half the limit under pung-chow-limit, as a self-draw under pung-chow.
@pytest.mark.parametrize("ruleset", BOOK)
@pytest.mark.parametrize(
    ("hand", "extra", "message", "facts", "others"),
    [
        pytest.param(*case, id=f"{case[0]} --first-discard -s south {' '.join(case[1])}".strip())
        for case in FIRST_DISCARD
    ],
)
def test_first_discard_after_ones_own_turn_is_refused(
    hand: str,
    extra: tuple[str, ...],
    message: str,
    facts: tuple[str, ...],
    others: tuple[str, ...],
    ruleset: str,
    tmp_path: Path,
) -> None:
    argv = [hand, "-r", ruleset, "--first-discard", "-s", "south", *extra]
    _refused(argv, _told(message, ruleset, facts), tmp_path, facts + others)


@pytest.mark.parametrize("ruleset", BOOK)
def test_first_discard_on_easts_discard_is_paid(ruleset: str) -> None:
    result = run("score", CLOSED, "-r", ruleset, "--first-discard", "-s", "south", "--from", "east", "--json")
    assert result.exit_code == 0, result.output


# --- original_hand_not_as_dealt: the original hand is the hand as dealt ---------------------------------

DEALT = "1b1b1b 3c3c3c 5d5d5d 7c7c 6b7b8b"
ORIGINAL = [
    (
        "1b1b1b 3c3c3c 5d5d5d 7c7c 6b7b8b*",
        ("--drawn",),
        "--original-hand: nothing is claimed before the first draw, but a set is laid open (*, +): drop "
        "--original-hand",
        ("--original-hand",),
        (),
    ),
    (
        "1b1b1b 3c3c3c 5d5d5d 7c7c 6b7b8b*",
        (),
        "--original-hand: nothing is claimed before the first draw, but a set is laid open (*, +): drop "
        "--original-hand",
        ("--original-hand",),
        (),
    ),
    (
        "1b1b1b1b# 3c3c3c 5d5d5d 7c7c 6b7b8b",
        (),
        "--original-hand: no kong is declared before the first draw, not even a concealed one (#): drop "
        "--original-hand",
        ("--original-hand",),
        (),
    ),
    (
        DEALT,
        ("--loose",),
        "--original-hand is a win on the first draw from the wall, not on a loose tile: drop --loose or "
        "--original-hand",
        ("--original-hand",),
        ("--loose",),
    ),
    (
        DEALT,
        ("--drawn", "--last-tile"),
        "--original-hand and --last-tile contradict each other: the first draw is not the last tile: drop "
        "--original-hand or --last-tile",
        ("--original-hand", "--last-tile"),
        (),
    ),
    (
        DEALT,
        ("--first-discard",),
        "--first-discard and --original-hand contradict each other: a win on a discard before one's own "
        "first draw, and a win on that draw: drop --first-discard or --original-hand",
        ("--first-discard", "--original-hand"),
        (),
    ),
]


# Regression: East's original hand (the hand as dealt: Limit Hands 6, Blessing of Heaven, Part I's three
# doublings) with a set laid open, a kong, on a loose tile or the last tile was paid, the limit and all.
@pytest.mark.parametrize("ruleset", BOOK)
@pytest.mark.parametrize(
    ("hand", "extra", "message", "facts", "others"),
    [pytest.param(*case, id=f"{case[0]} --original-hand {' '.join(case[1])}".strip()) for case in ORIGINAL],
)
def test_original_hand_not_as_dealt_is_refused(
    hand: str,
    extra: tuple[str, ...],
    message: str,
    facts: tuple[str, ...],
    others: tuple[str, ...],
    ruleset: str,
    tmp_path: Path,
) -> None:
    argv = [hand, "-r", ruleset, "--original-hand", *extra]
    _refused(argv, _told(message, ruleset, facts), tmp_path, facts + others)


# The book reads an original hand's default way (a discard) as the original draw (docs/rulings.md): not
# refused as riichi's is (original_hand_after_call: add --drawn).
@pytest.mark.parametrize("ruleset", BOOK)
@pytest.mark.parametrize("drawn", [(), ("--drawn",)], ids=["default-way", "drawn"])
def test_original_hand_as_dealt_is_paid(ruleset: str, drawn: tuple[str, ...]) -> None:
    result = run("score", DEALT, "-r", ruleset, "--original-hand", *drawn, "--json")
    assert result.exit_code == 0, result.output


# --- kong_after_kong_one_kong: Twofold Fortune's first loose tile was a kong's (or a flower's) --------


# Regression: a kong after a kong with one kong and no flower was paid the limit (Twofold Fortune).
@pytest.mark.parametrize("ruleset", ["classical-bmja", "classical-dmjl"])
def test_kong_after_kong_1b1b1b1b_with_one_kong_is_refused(ruleset: str, tmp_path: Path) -> None:
    message = (
        "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, itself drawn "
        "for a first kong (or a flower or season), and the hand has one kong: declare both, or give --loose "
        "in place of --kong-after-kong"
    )
    _refused([KONG, "-r", ruleset, "--kong-after-kong"], message, tmp_path, ("--kong-after-kong",))


@pytest.mark.parametrize("ruleset", ["classical-bmja", "classical-dmjl"])
@pytest.mark.parametrize("more", ["3c3c3c3c*", "3c3c3c 1f"], ids=["two-kongs", "a-kong-and-a-flower"])
def test_kong_after_kong_with_its_first_loose_tile_drawn_is_paid(ruleset: str, more: str) -> None:
    hand = KONG.replace("3c3c3c", more)
    result = run("score", hand, "-r", ruleset, "--kong-after-kong", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["limit_hand"] == "Twofold Fortune"


# --- every refusal of stated facts ends with what to type (REFUSALS: why, then the hint) ---------------

RIICHI = "riichi-ema-2016"
PINFU = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
KAN = "RdRdRdRd# 1c2c3c 4c5c6c 7d8d9d 2b!2b"
TENHOU = "2c3c4c 5c6c7c 3d4d5d 6b7b8b 9d9d"
# Each: the name in REFUSALS, the arguments of `score` (hand first), and the one line it prints after
# "error: ". Before these hints each line stopped at the reason (or, for a few, held its hint in
# parentheses or after a semicolon).
HINTED = [
    (
        "kong_after_kong_without_kong",
        [CLOSED, "-r", "classical-dmjl", "--kong-after-kong"],
        "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, and the hand "
        "has no kong: declare it (4b4b4b4b* or 4b4b4b4b#), or drop --kong-after-kong",
    ),
    (
        "kong_after_kong_one_kong",
        [KONG, "-r", "classical-bmja", "--kong-after-kong"],
        "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, itself drawn "
        "for a first kong (or a flower or season), and the hand has one kong: declare both, or give --loose "
        "in place of --kong-after-kong",
    ),
    (
        "loose_without_kong",
        [PINFU, "-r", RIICHI, "--loose"],
        "--loose: a loose tile is drawn only for a kong (or a flower or season), and the hand has none: "
        "declare the kong (4b4b4b4b# or 4b4b4b4b*), or drop --loose",
    ),
    (
        "last_tile_loose",
        [KAN, "-r", RIICHI, "--loose", "--last-tile"],
        "--last-tile and --loose contradict each other: a loose tile is never the last tile of the wall: "
        "drop --last-tile or --loose",
    ),
    (
        "riichi_twice",
        [PINFU, "-r", RIICHI, "--riichi", "--double-riichi"],
        "--riichi and --double-riichi: riichi is declared once: give --double-riichi alone for a riichi "
        "declared on the first uninterrupted turn, else --riichi",
    ),
    (
        "ippatsu_loose",
        [KAN, "-r", RIICHI, "--loose", "--riichi", "--ippatsu"],
        "--ippatsu and --loose contradict each other: the kong the loose tile is drawn for ends ippatsu: "
        "drop --ippatsu or --loose",
    ),
    (
        "double_riichi_ippatsu_last_tile",
        [PINFU, "-r", RIICHI, "--drawn", "--double-riichi", "--ippatsu", "--last-tile"],
        "--double-riichi, --ippatsu and --last-tile contradict each other: the ippatsu of a double riichi is "
        "won in the first go-arounds, not on the last tile: drop --ippatsu or --last-tile",
    ),
    (
        "double_riichi_ippatsu_kong",
        [KAN, "-r", RIICHI, "--drawn", "--double-riichi", "--ippatsu"],
        "--double-riichi and --ippatsu: no kong is declared before a double riichi nor before its ippatsu, "
        "not even a concealed one (#): drop --ippatsu, or give --riichi for a riichi declared after the kong",
    ),
    (
        "double_riichi_ippatsu_robbed",
        [PINFU, "-r", RIICHI, "--double-riichi", "--ippatsu", "--robbing-kong"],
        "--double-riichi, --ippatsu and --robbing-kong contradict each other: the kong robbed was added to a "
        "pung claimed after the double riichi, which ends ippatsu (only thirteen orphans robs a concealed "
        "kong): drop --ippatsu",
    ),
    (
        "last_tile_robbed",
        [PINFU, "-r", RIICHI, "--robbing-kong", "--last-tile"],
        "--last-tile and --robbing-kong contradict each other: no kong is declared once the last tile of the "
        "wall is drawn: drop --last-tile or --robbing-kong",
    ),
    (
        "first_discard_original_hand",
        [DEALT, "-r", "pung-chow", "--original-hand", "--first-discard"],
        "--first-discard and --original-hand contradict each other: a win on a discard before one's own "
        "first draw, and a win on that draw, and no rule of ruleset pung-chow scores a win on the first "
        "discard: drop --first-discard",
    ),
    (
        "first_discard_not_on_a_discard",
        [CLOSED, "-r", "pung-chow-limit", "-s", "south", "--first-discard", "--drawn"],
        "--first-discard is a win on a discard before one's own first draw, not self-drawn: drop "
        "--first-discard or --drawn",
    ),
    (
        "first_discard_riichi",
        [PINFU, "-r", RIICHI, "-s", "south", "--first-discard", "--riichi"],
        "--first-discard and --riichi contradict each other: riichi is declared with one's own discard, "
        "after one's own first draw: drop --first-discard or --riichi",
    ),
    (
        "first_discard_robbed",
        [CLOSED, "-r", "classical-dmjl", "-s", "south", "--first-discard", "--robbing-kong"],
        "--first-discard and --robbing-kong contradict each other: a kong ends the first uninterrupted "
        "go-around: drop --first-discard or --robbing-kong",
    ),
    (
        "first_discard_last_tile",
        [CLOSED, "-r", "classical-bmja", "-s", "south", "--first-discard", "--last-tile"],
        "--first-discard and --last-tile contradict each other: the first go-around is not the last tile: "
        "drop --first-discard or --last-tile",
    ),
    (
        "first_discard_laid_open",
        ["1b1b1b 3c3c3c* 5d5d5d 7c7c 6b!7b8b", "-r", "pung-chow-limit", "-s", "south", "--first-discard"],
        "--first-discard: nothing is claimed in the first uninterrupted go-around, but a set is laid open "
        "(*, +): drop --first-discard",
    ),
    (
        "first_discard_kong",
        [KONG, "-r", "pung-chow-limit", "-s", "south", "--first-discard"],
        "--first-discard: no kong is declared before one's own first draw, not even a concealed one (#): "
        "drop --first-discard",
    ),
    (
        "first_discard_not_easts",
        # Won by a pung: a chow from West for South would be refused as no chow of his (chow_from_left).
        [
            "1b1b1b 3c3c3c 5d5d5d 7c7c 6b!6b6b",
            "-r",
            "pung-chow-limit",
            "-s",
            "south",
            "--first-discard",
            "--from",
            "west",
        ],
        "--first-discard is a win on the first card played, East's discard, but --from names west: give "
        "--from east, or drop --first-discard",
    ),
    (
        "first_discard_by_east",
        [CLOSED, "-r", "classical-bmja", "--first-discard"],
        "--first-discard is a win on the first card played, East's discard, but East's hand won, and no "
        "one wins on his own discard: drop --first-discard, or give the player who won it",
    ),
    (
        "ninth_win_not_easts",
        [CLOSED, "-r", "classical-dmjl", "-s", "south", "--east-ninth-win"],
        "--east-ninth-win is East's ninth win in a row, but the winner sits south: drop it, or name "
        "East's hand",
    ),
    (
        "original_hand_riichi",
        [TENHOU, "-r", RIICHI, "--original-hand", "--drawn", "--riichi"],
        "--original-hand and --riichi contradict each other: riichi is declared with one's own discard, "
        "after the first draw: drop --original-hand or --riichi",
    ),
    (
        "original_hand_last_tile",
        [DEALT, "-r", "classical-dmjl", "--original-hand", "--drawn", "--last-tile"],
        "--original-hand and --last-tile contradict each other: the first draw is not the last tile: drop "
        "--original-hand or --last-tile",
    ),
    (
        "original_hand_robbed",
        [DEALT, "-r", "classical-bmja", "--original-hand", "--robbing-kong"],
        "--original-hand and --robbing-kong contradict each other: a win on the first draw, and a win on a "
        "tile another player adds to a kong: drop --original-hand or --robbing-kong",
    ),
    (
        "original_hand_loose",
        [
            "RdRdRdRd# 1c1c1c1c# 4c5c6c 7d8d9d 2b!2b",
            "-r",
            RIICHI,
            "-s",
            "south",
            "--original-hand",
            "--kong-after-kong",
        ],
        "--original-hand is a win on the first draw from the wall, not on a loose tile: drop "
        "--kong-after-kong or --original-hand",
    ),
    (
        "original_hand_on_a_discard",
        [PINFU, "-r", RIICHI, "-s", "south", "--original-hand"],
        "--original-hand is a win on the first draw from the wall, not by discard: add --drawn, or drop "
        "--original-hand",
    ),
    (
        "original_hand_laid_open",
        ["1b1b1b 3c3c3c 5d5d5d 7c7c 6b7b8b*", "-r", "classical-bmja", "--original-hand"],
        "--original-hand: nothing is claimed before the first draw, but a set is laid open (*, +): drop "
        "--original-hand",
    ),
    (
        "original_hand_kong",
        ["1b1b1b1b# 3c3c3c 5d5d5d 7c7c 6b7b8b", "-r", "pung-chow", "--original-hand"],
        "--original-hand: no kong is declared before the first draw, not even a concealed one (#): drop "
        "--original-hand",
    ),
    (
        "robbed_tile_held",
        ["2c3c4c 5c6c7c 3d4d5d 6b7b8b! 8b8b", "-r", RIICHI, "--robbing-kong"],
        "--robbing-kong: the other three 8b are in the kong robbed, so the hand holds one 8b, not 3: drop "
        "--robbing-kong",
    ),
    (
        "robbed_tile_shown",
        [PINFU, "-r", RIICHI, "--robbing-kong", "--riichi", "--dora", "1c", "--ura", "8b"],
        "--robbing-kong: the other three 8b are in the kong robbed, so the --ura indicators hold no 8b: drop "
        "--robbing-kong, or the 8b of --ura",
    ),
    (
        "from_not_on_a_discard",
        [PINFU, "-r", RIICHI, "--drawn", "--from", "south"],
        "--from: the hand was not won by discard, so it has no discarder: drop --from or --drawn",
    ),
    (
        "from_original",
        [DEALT, "-r", "pung-chow", "--original-hand", "--from", "south"],
        "--from: a hand won on the original draw (--original-hand) takes no discard: give --from or "
        "--original-hand, not both",
    ),
]


# What each refusal of HINTED blames, exactly (situation.Refused): the test of IMPOSSIBLE that refuses
# (None: options.make's, not a setting's), the stated facts by field, and the other options by spelling
# (the way won, --from, --seat). Found before by the options its text named: `give --loose in place of
# --kong-after-kong` blamed a --loose typed beside it, `--win-by loose` was blamed by none.
BLAMED: dict[str, tuple[str | None, tuple[str, ...], tuple[str, ...]]] = {
    "kong_after_kong_without_kong": ("kong_after_kong_without_kong", ("kong_after_kong",), ()),
    "kong_after_kong_one_kong": ("kong_after_kong_one_kong", ("kong_after_kong",), ()),
    "loose_without_kong": ("loose_without_kong", (), ("--loose", "--win-by")),
    "last_tile_loose": ("last_tile_loose", ("last_tile",), ("--loose", "--win-by")),
    "riichi_twice": ("riichi_twice", ("riichi", "double_riichi"), ()),
    "ippatsu_loose": ("ippatsu_loose", ("ippatsu",), ("--loose", "--win-by")),
    "double_riichi_ippatsu_last_tile": (
        "double_riichi_ippatsu",
        ("double_riichi", "ippatsu", "last_tile"),
        (),
    ),
    "double_riichi_ippatsu_kong": ("double_riichi_ippatsu", ("double_riichi", "ippatsu"), ()),
    "double_riichi_ippatsu_robbed": (
        "double_riichi_ippatsu",
        ("double_riichi", "ippatsu", "robbing_kong"),
        (),
    ),
    "last_tile_robbed": ("last_tile_robbed", ("last_tile", "robbing_kong"), ()),
    "first_discard_original_hand": ("first_discard_after_turn", ("first_discard", "original_hand"), ()),
    "first_discard_not_on_a_discard": (
        "first_discard_after_turn",
        ("first_discard",),
        ("--drawn", "--win-by"),
    ),
    "first_discard_riichi": ("first_discard_after_turn", ("first_discard", "riichi"), ()),
    "first_discard_robbed": ("first_discard_after_turn", ("first_discard", "robbing_kong"), ()),
    "first_discard_last_tile": ("first_discard_after_turn", ("first_discard", "last_tile"), ()),
    "first_discard_laid_open": ("first_discard_after_turn", ("first_discard",), ()),
    "first_discard_kong": ("first_discard_after_turn", ("first_discard",), ()),
    "first_discard_not_easts": ("first_discard_not_easts", ("first_discard",), ("--from",)),
    "first_discard_by_east": ("first_discard_not_easts", ("first_discard",), ("--seat",)),
    "ninth_win_not_easts": ("ninth_win_not_easts", ("east_ninth_win",), ("--seat",)),
    "original_hand_riichi": ("original_hand_after_call", ("original_hand", "riichi"), ()),
    "original_hand_last_tile": ("original_hand_not_as_dealt", ("original_hand", "last_tile"), ()),
    "original_hand_robbed": ("original_hand_not_as_dealt", ("original_hand", "robbing_kong"), ()),
    "original_hand_loose": (
        "original_hand_after_call",
        ("original_hand",),
        ("--kong-after-kong", "--loose", "--win-by"),
    ),
    "original_hand_on_a_discard": ("original_hand_after_call", ("original_hand",), ("--win-by",)),
    "original_hand_laid_open": ("original_hand_not_as_dealt", ("original_hand",), ()),
    "original_hand_kong": ("original_hand_not_as_dealt", ("original_hand",), ()),
    "robbed_tile_held": ("robbed_tile_held", ("robbing_kong",), ()),
    "robbed_tile_shown": ("robbed_tile_held", ("robbing_kong", "ura"), ()),
    "from_not_on_a_discard": (None, (), ("--from", "--drawn")),
    "from_original": (None, ("original_hand",), ("--from",)),
}


def _typed(facts: tuple[str, ...], others: tuple[str, ...]) -> tuple[str, ...]:
    """The words on a line of the options blamed: the facts' options, the others (--seat typed -s)."""
    spelt = tuple(FACT[name].option for name in facts) + others
    return spelt + ("-s",) * ("--seat" in others)


# Regression: these refusals said why the facts cannot be, not what to type instead. A batch line's
# column is the last on the line of the options the refusal blames.
@pytest.mark.parametrize(
    ("argv", "message", "blamed"),
    [pytest.param(argv, message, BLAMED[name], id=" ".join(argv)) for name, argv, message in HINTED],
)
def test_a_refusal_of_impossible_facts_ends_with_what_to_type(
    argv: list[str], message: str, blamed: tuple[str | None, tuple[str, ...], tuple[str, ...]], tmp_path: Path
) -> None:
    _refused(argv, message, tmp_path, _typed(*blamed[1:]))


@pytest.mark.parametrize(
    ("name", "argv", "message"),
    [pytest.param(name, argv, message, id=name) for name, argv, message in HINTED if BLAMED[name][0]],
)
def test_each_impossible_test_blames_exactly_the_facts_it_refuses(
    name: str, argv: list[str], message: str
) -> None:
    options = from_argv(argv)
    entry, facts, others = BLAMED[name]
    assert entry is not None
    refused = IMPOSSIBLE[entry].test(build(parse(options.hand)), options.situation())
    assert refused is not None and message.startswith(refused.why)
    assert (refused.facts, refused.others) == (facts, others)
    # The options a batch line's column is the last of: each once, the facts' first.
    assert refused.options == tuple(dict.fromkeys(FACT[field].option for field in facts)) + others


def test_every_impossible_test_has_a_refusal_whose_blame_is_tested() -> None:
    assert {entry for entry, _, _ in BLAMED.values() if entry} == set(IMPOSSIBLE)
    assert set(BLAMED) == {name for name, *_ in HINTED}


# The way won, blamed by whichever option said it: `--win-by loose` was blamed by none (the refusal names
# --loose), a --loose typed beside --kong-after-kong was blamed though the refusal is of a kong after a
# kong alone; the batch column is the last of those blamed on the line.
WAYS = {
    "--win-by loose": (
        [KAN.replace("RdRdRdRd#", "RdRdRd"), "-r", RIICHI, "--win-by", "loose"],
        "--loose: a loose tile is drawn only for a kong (or a flower or season), and the hand has none: "
        "declare the kong (4b4b4b4b# or 4b4b4b4b*), or drop --loose",
        ("--win-by",),
    ),
    "--last-tile --win-by loose": (
        [KAN, "-r", RIICHI, "--win-by", "loose", "--last-tile"],
        "--last-tile and --loose contradict each other: a loose tile is never the last tile of the wall: "
        "drop --last-tile or --loose",
        ("--last-tile", "--win-by"),
    ),
    "--kong-after-kong --loose, one kong": (
        [KONG, "-r", "classical-bmja", "--kong-after-kong", "--loose"],
        "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, itself drawn "
        "for a first kong (or a flower or season), and the hand has one kong: declare both, or give --loose "
        "in place of --kong-after-kong",
        ("--kong-after-kong",),
    ),
    "--first-discard --win-by wall": (
        [CLOSED, "-r", "classical-dmjl", "-s", "south", "--win-by", "wall", "--first-discard"],
        "--first-discard is a win on a discard before one's own first draw, not self-drawn: drop "
        "--first-discard or --drawn",
        ("--first-discard", "--win-by"),
    ),
    "--east-ninth-win -s south": (
        [CLOSED, "-r", "classical-dmjl", "--east-ninth-win", "-s", "south"],
        "--east-ninth-win is East's ninth win in a row, but the winner sits south: drop it, or name "
        "East's hand",
        ("--east-ninth-win", "-s"),
    ),
}


@pytest.mark.parametrize(("argv", "message", "blamed"), list(WAYS.values()), ids=list(WAYS))
def test_a_refusal_blames_the_options_that_said_what_it_refuses(
    argv: list[str], message: str, blamed: tuple[str, ...], tmp_path: Path
) -> None:
    _refused(argv, message, tmp_path, blamed)


def test_every_refusal_has_its_case_and_a_hint() -> None:
    from pungchow_calc.engine.impossible import REFUSALS

    assert sorted(name for name, *_ in HINTED) == sorted(REFUSALS)
    assert all(why and hint and not hint.endswith(".") for why, hint in REFUSALS.values())


# `settle` with the winner's score as a number tests the stated facts together, in the words of `score`.
SETTLED = {
    "last_tile_loose": ["-r", RIICHI, "--loose", "--last-tile"],
    "riichi_twice": ["-r", RIICHI, "--riichi", "--double-riichi", "--drawn"],
    "last_tile_robbed": ["-r", RIICHI, "--robbing-kong", "--last-tile", "--from", "east"],
    "first_discard_not_on_a_discard": ["-r", "pung-chow-limit", "--first-discard", "--drawn"],
}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(SETTLED[name], message, id=" ".join(SETTLED[name]))
        for name, _, message in HINTED
        if name in SETTLED
    ],
)
def test_settle_of_a_score_as_a_number_says_the_same_words(argv: list[str], message: str) -> None:
    table = ["--winner", "south", "--south", "2000", "--east", "4", "--west", "4", "--north", "4"]
    result = run("settle", *table, *argv)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {message}\n")


# Regression: `settle` with the winner's score as a number said the refusal's own hint where `score`
# said to drop a fact no rule of the ruleset reads (pung-chow scores no win on the first discard).
@pytest.mark.parametrize(
    ("ruleset", "tail"),
    [
        pytest.param(
            "pung-chow",
            ", and no rule of ruleset pung-chow scores a win on the first discard: drop --first-discard",
        ),
        pytest.param("pung-chow-limit", ": drop --first-discard or --drawn"),
    ],
)
def test_settle_of_a_score_as_a_number_ends_with_the_way_out_as_score_does(ruleset: str, tail: str) -> None:
    said = f"error: --first-discard is a win on a discard before one's own first draw, not self-drawn{tail}\n"
    facts = ["-r", ruleset, "-s", "south", "--first-discard", "--drawn"]
    assert run("score", CLOSED, *facts).stderr == said
    table = ["--winner", "south", "--south", "2000", "--east", "4", "--west", "4", "--north", "4"]
    result = run("settle", *table, *facts[:2], *facts[4:])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", said)
