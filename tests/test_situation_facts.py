"""The stated facts are one table (engine/situation.py FACTS): every place that names a fact is built
from it, so adding a fact is its row (and its Situation field) plus the conditions that read it.

Each test below takes every row and finds it in one derived place: the options of `score` and `settle`,
the Situation they make, TableOptions, the refusals of a fact without a winner or with `--loser`, the
evening's record keys and fast options, the rule conditions, and the note when no rule reads it.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

from pungchow_calc import options as opts
from pungchow_calc.cli import spec
from pungchow_calc.cli.evening_run import hand_record
from pungchow_calc.engine.conditions import REGISTRY
from pungchow_calc.engine.errors import OptionError
from pungchow_calc.engine.fact_notes import settlement_notes
from pungchow_calc.engine.rules import compile_ruleset
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import (
    CORE,
    FACT,
    FACTS,
    SITUATION_FACTS,
    Fact,
    Refused,
    Situation,
    WinBy,
    flag_facts,
    read_tiles,
    stated,
    unmet_need,
)
from pungchow_calc.engine.table import _check_options, _situation
from pungchow_calc.engine.table_types import TableOptions
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.evening.settle import FLAGS, VALUED, table_options

# A closed hand: some facts only a closed hand can have (Fact.closed_only: riichi, ...).
HAND = "1b1b1b 3c3c3c 5d5d5d 4b4b4b 7c!7c"
# A sample value of each fact that takes one (Fact.metavar), as typed.
SAMPLES = {"honba": "2", "deposits": "1", "dora": "4c,Nw", "ura": "2b"}


def typed(fact: Fact, needed: bool = True) -> list[str]:
    """The fact's option as typed, with its sample value and (`needed`) the option of a fact it needs."""
    needed = [FACT[fact.needs[0]].option] if fact.needs and needed else []
    return [fact.option, *([] if fact.flag else [SAMPLES[fact.field]]), *needed]


def given(fact: Fact) -> dict[str, object]:
    """The fact (and one it needs) as keywords: True, or its sample value read."""
    out: dict[str, object] = {fact.field: True if fact.flag else fact.read(SAMPLES[fact.field])}
    if fact.needs:
        out[fact.needs[0]] = True
    return out


ids = [fact.field for fact in FACTS]


situation_facts = pytest.mark.parametrize("fact", SITUATION_FACTS, ids=[f.field for f in SITUATION_FACTS])
every_fact = pytest.mark.parametrize("fact", FACTS, ids=ids)


def test_the_situation_holds_exactly_the_stated_facts_of_the_table():
    names = [f.name for f in fields(Situation)]
    assert [n for n in names if n not in CORE] == [fact.field for fact in SITUATION_FACTS]
    assert flag_facts() == tuple(fact for fact in FACTS if fact.flag)
    assert set(FACT) == set(ids) and len(ids) == len(set(ids))


@situation_facts
def test_a_fact_is_stated_exactly_when_its_field_is_truthy(fact):
    # scoring.score_hand tells "no fact stated" (nearly every Harr hand: nothing to check or note) by
    # `any` over these fields: each must be falsy when not given and truthy when given.
    defaults = {f.name: f.default for f in fields(Situation)}
    assert not defaults[fact.field]
    assert given(fact)[fact.field]


def test_stated_keeps_the_table_order_and_refuses_an_unknown_fact():
    assert stated(no_choice=True, last_tile=True, first_discard=False) == (
        ("last_tile", True),
        ("no_choice", True),
    )
    with pytest.raises(KeyError):
        stated(nagashi_mangan=True)


@situation_facts
def test_each_fact_is_a_score_option_from_its_row(fact):
    option = opts.OPTION[fact.field]
    assert (option.spellings, option.help, option.flag) == ((fact.option,), fact.help, fact.flag)
    assert opts.SPELLING[fact.option] is option
    if fact.flag:
        assert opts.FLAGS[fact.option] == fact.field  # batch's YAML entries take the same names
    # ... and the option reaches the Situation the scorer reads, however it was typed.
    situation = opts.from_argv([HAND, *typed(fact)]).situation()
    assert getattr(situation, fact.field) == given(fact)[fact.field]
    assert situation.win_by is (fact.way or WinBy.DISCARD)


def test_a_fact_with_a_value_is_a_valued_option_read_by_its_reader():
    # e.g. a count of honba (issue 21): its option takes a value, read by the row's reader.
    honba = Fact("honba", "--honba", "Counters on the table.", metavar="N", read=opts.read_limit)
    option = opts.fact_option(honba)
    assert (option.name, option.spellings, option.metavar, option.flag) == ("honba", ("--honba",), "N", False)
    assert option.read("3") == 3
    with pytest.raises(OptionError):
        option.read("three")
    # An on/off fact's option is the flag it always was.
    flag = opts.fact_option(FACT["last_tile"])
    assert flag.flag and opts.OPTION["last_tile"] == flag


def test_a_fact_of_the_table_is_no_score_option():
    table_only = [fact for fact in FACTS if not fact.situation]
    assert table_only and all(fact.field not in opts.OPTION for fact in table_only)


@situation_facts
def test_loser_refuses_a_fact_that_describes_only_a_win(fact):
    if fact.loser_refused:
        with pytest.raises(OptionError, match=f"{fact.option} describes a win, but --loser"):
            opts.from_argv([HAND, *typed(fact, needed=False), "--loser"])
    else:
        options = opts.from_argv([HAND, *typed(fact, needed=False), "--loser"])
        assert getattr(options.situation(), fact.field) is True


@every_fact
def test_table_options_carry_each_fact_to_the_winner_only(fact):
    value = given(fact)[fact.field] if fact.situation else True
    options = TableOptions(winner=Wind.EAST, stated=stated(**{fact.field: value}))
    assert options.said(fact.field) == value
    if fact.situation:
        assert getattr(_situation(Wind.EAST, True, options), fact.field) == value
        assert not getattr(_situation(Wind.SOUTH, False, options), fact.field)
    # Without a winner, every fact is refused by its own option's name.
    with pytest.raises(OptionError, match=f"^{fact.option} describes a win, but no hand won"):
        _check_options((Wind.EAST, Wind.SOUTH), None, options)


@every_fact
def test_each_fact_is_an_evening_record_key_and_option(fact):
    assert fact.field in (FLAGS if fact.flag else VALUED)
    assert spec.COMMAND[("evening", "hand")].spelling[fact.option].name == fact.field
    typed_value = True if fact.flag else SAMPLES[fact.field]
    needed = {fact.needs[0]: True} if fact.needs else {}
    record = hand_record("Ann", HAND, {"Bob": "0"}, **{fact.field: typed_value}, **needed)
    assert record[fact.field] == typed_value
    assert record.get("win_by", "discard") == (fact.way or WinBy.DISCARD).value
    base = dict.fromkeys(["winner", "discarder", "feeder", "limit", "false_mahjongg"])
    given = {"round": Wind.EAST, "win_by": "discard", "no_limit": False, "dead": frozenset(), "draw": False}
    built = table_options(**base, **given, **{fact.field: typed_value}, **needed)
    assert built.said(fact.field)


def _as_given(said: Situation) -> str:
    """HAND as the situation has it written: an original hand marks no winning tile (docs/rulings.md)."""
    return HAND.replace("!", "") if said.original_hand else HAND


@situation_facts
def test_each_fact_with_a_condition_is_a_registry_condition_that_reads_it(fact):
    if not fact.condition:
        return
    entry = REGISTRY[fact.field]
    assert entry.doc == fact.condition and entry.reads(None) == {fact.field}
    rule = {"id": "f", "label": "F", "when": [fact.field], "points": 5}
    ruleset = compile_ruleset({"rules": [rule]}, "t", "<test>")
    said = Situation(win_by=fact.way or WinBy.DISCARD, **given(fact))
    assert [line.rule for line in score_text(_as_given(said), ruleset, said).lines] == ["f"]
    assert score_text(HAND, ruleset, Situation(win_by=fact.way or WinBy.DISCARD)).lines == ()


@situation_facts
def test_the_note_when_no_rule_reads_a_fact_comes_from_its_row(fact):
    ruleset = compile_ruleset({"rules": [{"id": "mj", "label": "MJ", "points": 20}]}, "bare", "<test>")
    said = Situation(win_by=fact.way or WinBy.DISCARD, **given(fact))
    notes = score_text(_as_given(said), ruleset, said).notes
    expected = [
        f"{f.option}: no rule of ruleset bare scores {f.scores}"
        for f in SITUATION_FACTS
        if f.field in given(fact) and f.scores
    ]
    # Counters and deposits are paid by the settlement, not scored: its note says they paid nothing.
    expected += settlement_notes(ruleset, said)
    # A fact that implies the loose tile says enough: no second note for the loose tile.
    assert list(notes) == expected


@every_fact
@pytest.mark.parametrize("path", [("settle",), ("evening", "hand"), ("evening", "amend")], ids=" ".join)
def test_each_fact_is_an_option_of_the_commands_that_take_the_win(fact, path):
    # The commands that take a win are declared from the table of facts (cli/spec.py): a row added
    # is an option of each, with its spelling and help, for the reader and for typer alike.
    option = spec.COMMAND[path].spelling[fact.option]
    assert (option.name, option.spellings, option.help) == (fact.field, (fact.option,), fact.help)


@pytest.mark.parametrize(
    ("value", "column"),
    [("9z", 1), ("8d,9z", 4), ("8d*", 1), ("Nw,8d!", 4)],
    ids=["dora-9z", "dora-8d,9z", "dora-8d*", "dora-Nw,8d!"],
)
def test_dora_9z_refusal_carries_its_column_as_the_json_column(value, column):
    # Its column in the value was in the message only: the JSON error object (a batch record, `score
    # --json`) had no `column`, where a hand's error and settle's `--south` have one (docs/json.md).
    with pytest.raises(OptionError) as refused:
        read_tiles("--dora", value)
    assert refused.value.code == "bad-option"
    assert refused.value.to_dict()["column"] == column
    assert str(refused.value).endswith(f" (column {column})")


@pytest.mark.parametrize("option", ["--dora", "--ura"])
def test_dora_of_150_tiles_is_a_list_too_long_not_a_hand(option):
    # Regression: a list over 400 characters was refused as "hand is too long", a word the player
    # never typed: it says the list and how many tiles a hand turns (docs/riichi.md).
    with pytest.raises(OptionError) as refused:
        read_tiles(option, ",".join(["1d"] * 150))
    assert str(refused.value) == (
        f"{option}: the list is too long (449 characters): at most 5 tiles are turned in a hand"
        f" (e.g. {option} 4c,Nw) (column 401)"
    )
    assert refused.value.code == "bad-option"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("00002", "2"), ("0000000000003", "3"), ("09999", "9999"), ("00000", "0")],
    ids=["00002", "0000000000003", "09999", "00000"],
)
@pytest.mark.parametrize("option", ["--honba", "--deposits"])
def test_a_count_with_leading_zeros_is_read_as_its_number(pungchow, option, typed, meant):
    # Regression: a count of five characters or more was refused by its length, leading zeros
    # included (`--honba 00002 is too many (at most 9999)`), where every other number reads them.
    riichi = ("2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "-r", "riichi-ema-2016", "--from", "west", "--json")
    assert pungchow("score", *riichi, option, typed) == pungchow("score", *riichi, option, meant)


@pytest.mark.parametrize(
    ("typed", "said"),
    [("010000", "10000"), ("0000123456", "123456")],
    ids=["--honba-010000", "--honba-0000123456"],
)
def test_a_count_too_many_is_said_as_its_number(pungchow, typed, said):
    code, out, err = pungchow(
        "score", "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d", "-r", "riichi-ema-2016", "--honba", typed
    )
    assert (code, out, err) == (2, "", f"error: --honba: {said} is too many (at most 9999)\n")


# --- unmet_need: what each refusal blames, exactly (situation.Refused) ------------------------------------

# Each branch of unmet_need: the situation, why it is refused, and the facts it blames (by field). Found
# before by the options its text named: `--ippatsu needs --riichi or --double-riichi` named two it does not
# blame, the ura refusal one (--dora) it does.
UNMET = {
    "needs: --ippatsu without riichi": (
        Situation(ippatsu=True),
        "--ippatsu needs --riichi or --double-riichi",
        ("ippatsu",),
    ),
    "needs: --ura without riichi": (
        Situation(ura=read_tiles("--ura", "2b")),
        "--ura needs --riichi or --double-riichi",
        ("ura",),
    ),
    "most: six dora indicators": (
        Situation(dora=read_tiles("--dora", "1b,2b,3b,4b,5b,6b")),
        "--dora: 6 tiles, but at most 5 are turned in a hand",
        ("dora",),
    ),
    "under: more ura than dora indicators": (
        Situation(riichi=True, dora=read_tiles("--dora", "3c"), ura=read_tiles("--ura", "1b,2b")),
        "--ura: 2 tiles, but one lies under each --dora indicator: at most 1",
        ("ura", "dora"),
    ),
}


@pytest.mark.parametrize(("situation", "why", "facts"), list(UNMET.values()), ids=list(UNMET))
def test_unmet_need_blames_exactly_the_facts_it_refuses(situation, why, facts):
    refused = unmet_need(situation)
    assert refused is not None
    assert (refused.why, refused.hint, refused.facts, refused.others) == (why, "", facts, ())
    assert refused.options == tuple(FACT[name].option for name in facts)
    assert refused.said() == why  # its why says what to type


@pytest.mark.parametrize(
    ("read", "said"),
    [
        pytest.param(frozenset({"ura", "dora"}), "", id="both-read"),
        pytest.param(
            frozenset({"dora"}), ", and no rule of ruleset R scores ura dora: drop --ura", id="ura-unread"
        ),
        pytest.param(
            frozenset(),
            ", and no rule of ruleset R scores ura dora or dora: drop --ura and --dora",
            id="neither",
        ),
    ],
)
def test_a_refusal_ends_with_the_way_out_for_each_fact_it_blames_that_no_rule_reads(read, said):
    situation, why, _ = UNMET["under: more ura than dora indicators"]
    refused = unmet_need(situation)
    assert refused is not None and refused.said(("R", read)) == why + said


def test_a_fact_that_implies_its_way_is_not_told_to_be_dropped():
    # Dropping --kong-after-kong drops its loose tile too: the refusal keeps its own hint.
    refused = Refused("why", "give --loose in place of --kong-after-kong", ("kong_after_kong",))
    assert refused.said(("R", frozenset())) == "why: give --loose in place of --kong-after-kong"
    assert Refused("why", "drop it", ("robbing_kong",)).said(("R", frozenset())) == (
        "why, and no rule of ruleset R scores robbing a kong: drop --robbing-kong"
    )


def test_unmet_need_refuses_nothing_of_facts_that_go_together():
    assert unmet_need(Situation(riichi=True, ippatsu=True, dora=read_tiles("--dora", "3c"))) is None
