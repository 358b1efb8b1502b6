"""Options a ruleset has no rule for are said in a note, never silently ignored.

Which facts of the situation a ruleset reads comes from its compiled rules: each registry condition
declares the facts it reads (conditions.REGISTRY, `reads`), and a plan knows the union of its rules'.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import cli
from cli_helpers import run as run_main
from hypothesis import given
from hypothesis import strategies as st
from riichi_hands import riichi_cases
from riichi_ours import RULESET as RIICHI
from riichi_ours import situation as riichi_situation
from strategies import seats, win_bys, winning_hands

from pungchow_calc.engine.conditions import READABLE, REGISTRY, facts_read
from pungchow_calc.engine.plan import plan_for
from pungchow_calc.engine.scoring import _TRIED, _read_flags, score_text
from pungchow_calc.engine.situation import Situation, WinBy, read_tiles
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.ruleset_files import builtin_names, load

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
# Nothing laid open: a win on the first discard or on the original draw has no set claimed before it
# (the setting `impossible`: first_discard_after_turn, original_hand_not_as_dealt).
CLOSED = "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c"
PART1 = load("pung-chow")
LIMIT = load("pung-chow-limit")


def _tiles(codes: str) -> tuple[Any, ...]:
    """Indicator tiles as the option reads them."""
    return read_tiles("--dora", codes)


# --- what each condition reads -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("when", "facts"),
    [
        pytest.param(["first_discard"], {"first_discard"}, id="flag"),
        pytest.param(["original_hand", "last_tile"], {"original_hand", "last_tile"}, id="two-flags"),
        pytest.param([{"won_by": "discard"}], {"win_by"}, id="won-by-discard"),
        pytest.param([{"won_by": "drawn"}], {"win_by"}, id="won-by-drawn"),
        pytest.param([{"won_by": "loose"}], {"win_by", "loose"}, id="won-by-loose"),
        pytest.param([{"won_by": ["wall", "discard"]}], {"win_by", "loose"}, id="won-by-wall"),
        pytest.param([{"not": "last_tile"}], {"last_tile"}, id="not"),
        pytest.param([{"any": ["first_discard", {"seat": "east"}]}], {"first_discard", "seat"}, id="any"),
        pytest.param([{"tiles": "own_wind"}], {"seat"}, id="own-wind"),
        pytest.param([{"tiles": ["dragons", "round_wind"]}], {"round"}, id="round-wind"),
        pytest.param(
            [{"count": {"melds": "pung", "tiles": "own_wind_in_own_round", "min": 1}}],
            {"seat", "round"},
            id="count",
        ),
        pytest.param(
            [{"count": {"melds": "pung", "tiles": "dragons", "min": 3}}], set(), id="count-fixed-class"
        ),
        pytest.param(["no_sequences", {"meld": "pung"}], set(), id="shape-only"),
        # A pair completed by a discard lies exposed (conditions.lies_exposed): how the hand was won.
        pytest.param(["exposed"], {"win_by"}, id="exposed-reads-win-by"),
        pytest.param([{"nosuch": 1}], READABLE, id="unknown-reads-all"),
    ],
)
def test_facts_read(when: list[Any], facts: set[str]) -> None:
    assert facts_read(when) == facts


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_condition_reads_only_known_facts(name: str) -> None:
    for params in (None, True, "own_wind", ["wall"], {"tiles": "round_wind"}):
        assert REGISTRY[name].reads(params) <= READABLE


@pytest.mark.parametrize(
    ("ruleset", "read", "unread"),
    [
        pytest.param(
            PART1, {"original_hand", "loose", "win_by"}, {"first_discard", "last_tile"}, id="pung-chow"
        ),
        pytest.param(
            LIMIT, {"original_hand", "loose", "first_discard", "last_tile"}, set(), id="pung-chow-limit"
        ),
    ],
)
def test_a_plan_knows_what_its_rules_read(ruleset: Any, read: set[str], unread: set[str]) -> None:
    facts = plan_for(ruleset, True).reads
    assert read <= facts and not unread & facts


# --- notes on a score ----------------------------------------------------------------------------


def _as_given(situation: Situation) -> str:
    """HAND as the situation has it written: an original hand marks no winning tile (docs/rulings.md),
    and neither it nor a win on the first discard lays a set open before the win (CLOSED)."""
    if situation.original_hand:
        return CLOSED.replace("!", "")
    return CLOSED if situation.first_discard else HAND


@pytest.mark.parametrize(
    ("situation", "notes"),
    [
        pytest.param(
            Situation(first_discard=True),
            ["--first-discard: no rule of ruleset pung-chow scores a win on the first discard"],
            id="first-discard",
        ),
        pytest.param(
            Situation(win_by=WinBy.WALL, last_tile=True),
            ["--last-tile: no rule of ruleset pung-chow scores a win with the last tile"],
            id="last-tile",
        ),
        pytest.param(Situation(original_hand=True), [], id="original-hand-has-a-rule"),
        pytest.param(Situation(win_by=WinBy.LOOSE), [], id="loose-has-a-rule"),
        pytest.param(Situation(), [], id="nothing-given"),
    ],
)
def test_score_notes(situation: Situation, notes: list[str]) -> None:
    result = score_text(_as_given(situation), PART1, situation)
    assert list(result.notes) == notes
    data = result.as_dict()
    # The key appears only with a note: every other record is byte for byte as before.
    assert data.get("notes", []) == notes and ("notes" in data) == bool(notes)
    assert result.as_json() == json.dumps(data)


def test_no_notes_under_a_ruleset_with_the_rules() -> None:
    situation = Situation(original_hand=True)
    assert score_text(_as_given(situation), LIMIT, situation).notes == ()
    assert score_text(HAND, LIMIT, Situation(win_by=WinBy.WALL, last_tile=True)).notes == ()
    # South: East plays the first card, and wins on no discard of his own (IDLE below).
    assert score_text(CLOSED, LIMIT, Situation(seat=Wind.SOUTH, first_discard=True)).notes == ()


# Options a rule reads but no rule can use in this hand (issue 19, point 12): pung-chow-limit scores
# the original hand only for East (limit hands, 6) and the last tile only when drawn (Bonus Scores 3).
# East's first discard, which he plays himself, is refused (docs/rulings.md#first-discard,
# tests/test_impossible.py); riichi's dealer renhou is noted (tests/test_riichi_mechanisms.py).
IDLE = [
    pytest.param(Situation(seat=Wind.SOUTH, original_hand=True), "--original-hand", id="south-original-hand"),
    pytest.param(Situation(last_tile=True), "--last-tile", id="last-tile-on-a-discard"),
]


@pytest.mark.parametrize(("situation", "option"), IDLE)
def test_an_option_no_rule_can_use_in_the_hand_is_noted(situation: Situation, option: str) -> None:
    how = "won on the original draw" if situation.original_hand else f"won by {situation.win_by.value}"
    where = f"{situation.seat.word} seat, {how}"  # as the breakdown's header says it
    (note,) = score_text(_as_given(situation), LIMIT, situation).notes
    assert note.startswith(f"{option}: no rule of ruleset pung-chow-limit can use ") and note.endswith(
        f" in this hand ({where})"
    )


def test_settle_notes_an_option_no_rule_can_use_in_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(
        capsys, "settle", "--south", CLOSED.replace("!", ""), "--east", "2", "--west", "4", "--north", "6",
        "-r", "pung-chow-limit", "--winner", "south", "--original-hand", "--json",
    )  # fmt: skip
    assert code == 0
    (note,) = json.loads(out)["notes"]
    assert note.startswith("--original-hand: no rule of ruleset pung-chow-limit can use")


def test_a_loser_is_never_noted() -> None:
    assert score_text("1b1b1b 2c3c4c 5d5d5d* 7c7c 9d9d", PART1, Situation(winner=False)).notes == ()


def test_loose_under_a_ruleset_that_only_knows_drawn(tmp_path: Path) -> None:
    # Without the loose-tile bonus, `won_by: drawn` cannot tell a loose tile from the wall.
    path = tmp_path / "no-loose.yaml"
    path.write_text("name: no-loose\nextends: pung-chow\nremove_rules: [loose_tile]\n", encoding="utf-8")
    result = score_text(
        "1b1b1b 3c3c3c 5d5d5d* 4b4b4b4b* 7c!7c", load(str(path)), Situation(win_by=WinBy.LOOSE)
    )
    assert result.notes == (
        "--loose: no rule of ruleset no-loose tells a loose tile from one drawn from the wall",
    )


# --- through the command line ------------------------------------------------------------------


def test_score_prints_a_note_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "score", CLOSED, "--first-discard", "--ascii")
    assert code == 0
    assert (
        "Note: --first-discard: no rule of ruleset pung-chow scores a win on the first discard"
        in " ".join(out.split())
    )


def test_score_json_has_notes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "score", HAND, "--last-tile", "--drawn", "--json")
    assert code == 0
    assert json.loads(out)["notes"] == [
        "--last-tile: no rule of ruleset pung-chow scores a win with the last tile"
    ]


def test_score_json_without_notes_has_no_key(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "score", HAND, "-r", "pung-chow-limit", "--last-tile", "--drawn", "--json")
    assert code == 0 and "notes" not in json.loads(out)


def test_settle_notes_the_winners_unread_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "settle", "--east", CLOSED, "--south", "20", "--first-discard", "--json")
    data = json.loads(out)
    note = "--first-discard: no rule of ruleset pung-chow scores a win on the first discard"
    assert code == 0 and data["notes"] == [note] and data["hands"]["east"]["notes"] == [note]


def test_batch_line_carries_its_notes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(f"'{CLOSED}' --first-discard\n'{HAND}'\n", encoding="utf-8")
    code, out, _ = cli(capsys, "batch", str(path), "--format", "jsonl")
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0 and first["notes"] == [
        "--first-discard: no rule of ruleset pung-chow scores a win on the first discard"
    ]
    assert "notes" not in second


def test_settle_notes_an_unread_option_for_a_winner_given_as_a_score(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(
        capsys, "settle", "--east", "300", "--south", "20", "--winner", "east", "--last-tile", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["notes"] == [
        "--last-tile: no rule of ruleset pung-chow scores a win with the last tile"
    ]


def test_settle_text_prints_the_note(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "settle", "--east", CLOSED, "--south", "20", "--first-discard", "--ascii")
    assert code == 0
    assert (
        "Note: --first-discard: no rule of ruleset pung-chow scores a win on the first discard"
        in " ".join(out.split())
    )


def test_two_options_that_count_together_are_never_both_noted() -> None:
    # One rule asks for either fact: each alone changes nothing when both are given, but not both.
    from family_helpers import one_rule, score

    either = one_rule({"any": ["last_tile", "first_discard"]})
    assert score(HAND, either, last_tile=True, first_discard=True).notes == (
        "--last-tile: no rule of ruleset test can use a win with the last tile in this hand "
        "(east seat, won by wall)",
    )


def _notes_both_ways(text: str, ruleset: Any, situation: Situation) -> tuple[Any, Any]:
    """The hand's notes as scored, and as scored when every fact is tried by scoring again (a plan
    without Rule.requires: _idle_facts' shortcut for a fact some line of the hand requires)."""
    from dataclasses import replace
    from unittest import mock

    from pungchow_calc.engine import scoring
    from pungchow_calc.engine.errors import PungchowError

    def notes() -> Any:
        try:
            return score_text(text, ruleset, situation).notes
        except PungchowError as exc:
            return exc.code

    quick = notes()
    slow_plan = replace(plan_for(ruleset, True), required_by={})
    with mock.patch.object(scoring, "plan_for", lambda r, w: slow_plan if w else plan_for(r, w)):
        return quick, notes()


@given(riichi_cases())
def test_a_fact_a_line_requires_is_never_tried_and_never_noted_riichi(case: Any) -> None:
    quick, slow = _notes_both_ways(case.hand, RIICHI, riichi_situation(case.facts))
    assert quick == slow


FACT_CONDITIONS = sorted(name for name, condition in REGISTRY.items() if condition.fact)


@pytest.mark.parametrize("fact", FACT_CONDITIONS)
def test_a_rule_asking_a_fact_requires_it(fact: str) -> None:
    # What the shortcut trusts: a rule whose `when:` holds the fact itself, at the top level.
    from family_helpers import one_rule

    for asked in (fact, {fact: True}, {fact: None}):
        assert one_rule(asked).rules[1].requires == {fact}
    assert one_rule({"not": fact}).rules[1].requires == frozenset()
    assert one_rule({"any": [fact, "no_sequences"]}).rules[1].requires == frozenset()


@given(winning_hands(), st.sampled_from(sorted(builtin_names())), st.data())
def test_a_fact_a_line_requires_is_never_tried_and_never_noted(hand: Any, name: str, data: Any) -> None:
    flags = ("original_hand", "last_tile", "robbing_kong", "first_discard", "kong_after_kong")
    given_flags = {flag: data.draw(st.booleans()) for flag in flags}
    win_by = WinBy(data.draw(win_bys))
    situation = Situation(seat=Wind.parse(data.draw(seats)), win_by=win_by, **given_flags)
    quick, slow = _notes_both_ways(hand.text(), load(name), situation)
    assert quick == slow


@given(
    st.sampled_from(sorted(builtin_names())),
    st.booleans(),
    st.fixed_dictionaries({flag.field: st.booleans() for flag in _TRIED}),
)
def test_the_facts_tried_are_those_given_and_read(name: str, winner: bool, flags: dict[str, bool]) -> None:
    # _idle_facts reads the given facts through a getter remembered per plan (_read_flags): the facts
    # it tries are the plain reading's, in the same order, for every ruleset's facts read.
    situation = Situation(**flags)
    reads = plan_for(load(name), winner).reads
    readable, stated = _read_flags(reads)
    tried = [fact for fact, on in zip(readable, stated(situation), strict=True) if on]
    assert tried == [fact for fact in _TRIED if getattr(situation, fact.field) and fact.field in reads]
    assert _read_flags(reads) is _read_flags(frozenset(reads))  # remembered by the facts read


# Under riichi a yakuman's breakdown holds the yakuman alone: riichi and its ippatsu both count for
# nothing. Ippatsu alone was noted (riichi left out with ippatsu still given was refused, not tried).
def test_1c9c1d9d1b9bEwSwWwNwWdGdRd_Rd_riichi_ippatsu_notes_both() -> None:
    situation = Situation(riichi=True, ippatsu=True)
    notes = score_text("1c9c1d9d1b9bEwSwWwNwWdGdRd!Rd", load("riichi-ema-2016"), situation).notes
    assert [note.split(":")[0] for note in notes] == ["--riichi", "--ippatsu"]


def test_riichi_and_ippatsu_that_count_are_not_noted() -> None:
    situation = Situation(riichi=True, ippatsu=True)
    assert score_text("2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", load("riichi-ema-2016"), situation).notes == ()


# A yakuman is paid alone (limit_hand_alone): the indicators typed count nothing in it, and are told so.
# Riichi with ura indicators was never noted either (riichi left out with --ura still given was refused).
KOKUSHI = "1c9c1d9d1b9bEwSwWwNwWdGdRd!Rd"
RIICHI_YAKUMAN_NOTES = [
    pytest.param(KOKUSHI, Situation(dora=_tiles("8d")), ["--dora"], id="kokushi-dora"),
    pytest.param(
        KOKUSHI,
        Situation(riichi=True, dora=_tiles("8d"), ura=_tiles("1c")),
        ["--riichi", "--dora", "--ura"],
        id="kokushi-riichi-dora-ura",
    ),
    pytest.param(
        KOKUSHI,
        Situation(double_riichi=True, ippatsu=True, ura=_tiles("Nw")),
        ["--double-riichi", "--ippatsu", "--ura"],
        id="kokushi-double-riichi-ippatsu-ura",
    ),
    pytest.param(
        "1c1c1c 2d2d2d 3b3b3b EwEw!Ew WdWd",
        Situation(win_by=WinBy.WALL, dora=_tiles("8d")),
        ["--dora"],
        id="suu-ankou-drawn-dora",
    ),
    # Not a yakuman: the indicators may count (here the pair is two dora): no note; or, held, show no tile
    # held: noted as such (test_an_indicator_showing_no_tile_held_is_noted), not as a rule that cannot use
    # them; not held and showing none held: no note.
    pytest.param(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", Situation(riichi=True, dora=_tiles("8d")), [], id="pinfu"
    ),
    pytest.param(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        Situation(riichi=True, dora=_tiles("7c"), ura=_tiles("9d")),
        ["--dora", "--ura"],
        id="pinfu-no-dora-held",
    ),
    pytest.param(
        "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d",
        Situation(riichi=True, dora=_tiles("Nw"), ura=_tiles("Ew")),
        [],
        id="pinfu-indicators-not-held",
    ),
]


@pytest.mark.parametrize(("hand", "situation", "options"), RIICHI_YAKUMAN_NOTES)
def test_facts_a_yakuman_cannot_use_are_noted(hand: str, situation: Situation, options: list[str]) -> None:
    notes = score_text(hand, load("riichi-ema-2016"), situation).notes
    assert [note.split(":")[0] for note in notes] == options


def test_1c9c1d9d1b9bEwSwWwNwWdGdRd_Rd_dora_note_text() -> None:
    notes = score_text(KOKUSHI, load("riichi-ema-2016"), Situation(dora=_tiles("8d"))).notes
    assert notes == (
        "--dora: no rule of ruleset riichi-ema-2016 can use dora in this hand "
        "(paid as the limit hand Kokushi Musou alone)",
    )


def test_2c2c2c_5d5d5d_8b8b8b_3c3c_6d6d6d_drawn_double_riichi_ippatsu_notes_why_the_yakuman() -> None:
    """Regression: a yakuman's unused facts were said unused "(west seat, won by wall)", its dora
    "(paid as the limit hand Suu Ankou alone)": haitei with `won by wall` beside it read as a
    contradiction. Every fact a yakuman paid alone leaves unused gives that one reason."""
    won = Situation(seat=Wind.WEST, win_by=WinBy.WALL, double_riichi=True, ippatsu=True, dora=_tiles("4d"))
    notes = score_text("2c2c2c 5d5d5d 8b8b8b 3c3c 6d6d!6d", load("riichi-ema-2016"), won).notes
    assert [note.split(":")[0] for note in notes] == ["--double-riichi", "--ippatsu", "--dora"]
    assert all(note.endswith("in this hand (paid as the limit hand Suu Ankou alone)") for note in notes), (
        notes
    )


def test_indicators_of_a_limit_hand_are_noted_only_where_it_is_paid_alone() -> None:
    # The setting, not the ruleset: without limit_hand_alone the yakuman's breakdown keeps its other
    # lines, and no note is made for the indicators.
    from dataclasses import replace

    riichi = load("riichi-ema-2016")
    counted = replace(riichi, settings=replace(riichi.settings, limit_hand_alone=False))
    assert score_text(KOKUSHI, counted, Situation(dora=_tiles("8d"))).notes == ()


def test_settle_notes_a_yakumans_dora() -> None:
    result = run_main(
        "settle",
        "-r",
        "riichi-ema-2016",
        "--east",
        KOKUSHI,
        "--south",
        "0",
        "--west",
        "0",
        "--north",
        "0",
        "--from",
        "south",
        "--dora",
        "8d",
        "--ascii",
    )
    assert result.exit_code == 0
    assert "--dora: no rule of ruleset riichi-ema-2016 can use dora in this hand" in " ".join(
        result.stdout.split()
    )


# Regression: `--dora 9d` typed by a player meaning "9d is a dora" (not the indicator) on a hand without
# 1d scored no dora and said nothing on b216755. The indicator reading stays (RCR 2016 §2.7); each
# indicator the hand holds that shows no tile held is named with the tile it shows (docs/riichi.md "Dora").
_PINFU_TANYAO = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 5b5b"  # riichi, pinfu, tanyao: 3 han 30 fu, 960


@pytest.mark.parametrize(
    ("options", "notes", "score"),
    [
        pytest.param(
            ["--dora", "7c"],
            ["--dora: indicator 7c shows the dora 8c, none in the hand"],
            960,
            id="--dora 7c",
        ),
        # 4c shows 5c, held and counted (4 han, 1920): only 7c and 5d are named, each once; Nw is not
        # held, so no slip to show.
        pytest.param(
            ["--dora", "7c,4c,Nw,5d,7c"],
            ["--dora: indicators 7c and 5d show the dora 8c and 6d, none in the hand"],
            1920,
            id="--dora 7c,4c,Nw,5d,7c",
        ),
        pytest.param(
            ["--dora", "8b,7c", "--ura", "5d"],
            [
                "--dora: indicators 8b and 7c show the dora 9b and 8c, none in the hand",
                "--ura: indicator 5d shows the ura dora 6d, none in the hand",
            ],
            960,
            id="--dora 8b,7c --ura 5d",
        ),
        # An indicator not held showing no tile held is most hands' dora: nothing to say.
        pytest.param(["--dora", "9d", "--ura", "Rd"], None, 960, id="--dora 9d --ura Rd"),
        # The pair 5b5b is two dora, a mangan: nothing to say.
        pytest.param(["--dora", "4b"], None, 2000, id="--dora 4b"),
    ],
)
def test_an_indicator_showing_no_tile_held_is_noted(
    options: list[str], notes: list[str] | None, score: int
) -> None:
    argv = ["score", _PINFU_TANYAO, "-r", "riichi-ema-2016", "--riichi", *options]
    scored = json.loads(run_main(*argv, "--json").stdout)
    # The score is the indicators' reading: the note changes nothing.
    assert (scored.get("notes"), scored["score"]) == (notes, score)
    shown = run_main(*argv, "--ascii", env={"COLUMNS": "60"})
    said = " ".join(shown.stdout.split())
    assert shown.exit_code == 0 and said.count("Note:") == len(notes or [])
    assert all(f"Note: {note}" in said for note in notes or [])
    assert max(map(len, shown.stdout.splitlines())) <= 60


def test_settle_south_dora_7c_notes_the_dora_shown() -> None:
    """settle says it of the winner's hand, in its notes (docs/json.md) and under its table."""
    argv = ["settle", "-r", "riichi-ema-2016", "--south", _PINFU_TANYAO, "--east", "0", "--west", "0",
            "--north", "0", "--from", "east", "--dora", "7c"]  # fmt: skip
    note = "--dora: indicator 7c shows the dora 8c, none in the hand"
    assert note in json.loads(run_main(*argv, "--json").stdout)["notes"]
    assert f"Note: {note}" in " ".join(run_main(*argv, "--ascii", env={"COLUMNS": "60"}).stdout.split())


def test_diff_dora_7c_under_riichi_and_a_house_riichi_says_the_dora_shown_once(tmp_path: Path) -> None:
    """What an indicator shows is the same under every ruleset reading it: said once, not per column."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: riichi-ema-2016\n", encoding="utf-8")
    shown = run_main(
        "diff", _PINFU_TANYAO, "-r", "classical-dmjl", "-r", "riichi-ema-2016", "-r", str(house),
        "--riichi", "--dora", "7c", "--ascii", env={"COLUMNS": "60"},
    )  # fmt: skip
    said = " ".join(shown.stdout.split())
    assert shown.exit_code == 0
    assert said.count("indicator 7c shows the dora 8c") == 1
    assert "Note: --dora: indicator 7c shows the dora 8c, none in the hand" in said
    assert "Note: --dora: no rule of ruleset classical-dmjl scores dora" in said
