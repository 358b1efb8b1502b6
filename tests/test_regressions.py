"""Every failure the property, fuzz and hostile-input tests found, pinned by the input that found it.

Each test names the input and what used to happen (a crash, a hang or a traceback) in its docstring.
"""

from __future__ import annotations

import json
import time

import pytest
from cli_helpers import process, run

from pungchow_calc.batch.listed import mapping_argv
from pungchow_calc.engine.errors import OptionError, RulesetError
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import Situation
from pungchow_calc.engine.table import read_seat
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.ruleset_files import load

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
RULE = "rules:\n  - id: a\n    label: A\n    points: 1\n"


def _load_text(tmp_path, text: str, name: str = "r.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return load(str(path))


# --- rulesets ------------------------------------------------------------------------------------


def test_deeply_nested_ruleset_crashed_the_interpreter(tmp_path):
    """`rules: [[[...]]]` 50,000 deep: the C YAML loader overflowed the C stack (SIGSEGV, exit 139)."""
    path = tmp_path / "deep.yaml"
    path.write_text("rules: " + "[" * 50_000 + "]" * 50_000 + "\n")
    done = process("score", HAND, "-r", str(path))
    assert done.returncode == 2
    assert done.stderr.decode().startswith("error: ") and b"nested more than 32 deep" in done.stderr


def test_ruleset_with_a_5000_digit_number(tmp_path):
    """`limit: 999...9` (5,000 digits): int() refused it and a ValueError traceback escaped."""
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, "settings:\n  limit: " + "9" * 5000 + "\n" + RULE)
    assert caught.value.code == "ruleset-yaml"


def test_ruleset_with_an_impossible_date(tmp_path):
    """`name: 2020-13-45` is a YAML timestamp of month 13: a ValueError traceback escaped."""
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, "name: 2020-13-45\n" + RULE)
    assert caught.value.code == "ruleset-yaml"


def test_huge_doublings_hung_scoring(tmp_path):
    """`doublings: 100000000000`: scoring computed 2**100000000000 and never finished."""
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, "rules:\n  - id: a\n    label: A\n    doublings: 100000000000\n")
    assert caught.value.message == "doublings must be at most 32, got 100000000000"


def test_huge_loser_max_pairs_hung_loser_scoring(tmp_path):
    """`loser_max_pairs: 100000000000`: a `--loser` hand looped over that many pair counts."""
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, "settings:\n  loser_max_pairs: 100000000000\n" + RULE)
    assert caught.value.message == "loser_max_pairs must be at most 7, got 100000000000"


def test_alias_bomb_hung_loading(tmp_path):
    """Nine levels of `any: [*c, *c, ... x9]`: compiling 9**9 conditions never finished."""
    text = "rules:\n  - id: r0\n    label: R\n    points: 1\n    when: [&c0 {any: [winner]}]\n"
    for i in range(1, 10):
        refs = ", ".join([f"*c{i - 1}"] * 9)
        text += f"  - id: r{i}\n    label: R\n    points: 1\n    when: [&c{i} {{any: [{refs}]}}]\n"
    started = time.process_time()  # this process's CPU: a busy machine's waits are not a blow-up
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, text)
    assert caught.value.code == "ruleset-too-complex"
    assert time.process_time() - started < 2


def test_alias_cycle_overflowed_the_stack(tmp_path):
    """`when: [&c {any: [*c]}]` is a list that contains itself: RecursionError traceback."""
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, "rules:\n  - id: a\n    label: A\n    points: 1\n    when: [&c {any: [*c]}]\n")
    assert caught.value.message == "alias *c refers to a node that contains it"


def test_remove_rules_with_a_list_item(tmp_path):
    """`remove_rules: [[mah_jongg]]`: a list is unhashable, TypeError traceback."""
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, "extends: pung-chow\nremove_rules: [[mah_jongg]]\n")
    assert caught.value.message == "remove_rules names ['mah_jongg'], which the base lacks"


def test_rule_with_unknown_keys_of_mixed_types(tmp_path):
    """A rule with unknown keys `1` and `x`: sorting int and str keys raised TypeError. Both are named,
    as written (the first at its line)."""
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, "rules:\n  - id: a\n    label: A\n    points: 1\n    1: one\n    x: two\n")
    assert (caught.value.message, caught.value.line) == ("rule 'a': unknown keys 1 and 'x'", 5)


def test_penalty_type_given_as_a_list(tmp_path):
    """`penalties: [{id: p, label: P, type: []}]`: `[] in dict` raised TypeError."""
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, "extends: pung-chow\npenalties:\n  - id: p\n    label: P\n    type: []\n")
    assert caught.value.code == "ruleset-invalid" and "type must be one of" in caught.value.message


def test_ruleset_name_too_long_for_the_file_system():
    """`-r a/a/.../x.yaml` (6,000 characters): Path.is_file() raised OSError ENAMETOOLONG."""
    with pytest.raises(RulesetError) as caught:
        load("a/" * 3000 + "x.yaml")
    assert caught.value.code == "ruleset-not-found"


def test_extends_etc_passwd_is_not_read(tmp_path):
    """`extends: /etc/passwd` was opened and parsed; only ruleset files are followed now."""
    with pytest.raises(RulesetError) as caught:
        _load_text(tmp_path, "extends: /etc/passwd\n" + RULE)
    assert caught.value.code == "ruleset-extends"
    assert "is not a ruleset" in caught.value.message


# --- the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "-x"], "error: No such option: -x (see 'pungchow score --help')"),
        (["score"], "error: Missing argument 'HAND'. (see 'pungchow score --help')"),
        (
            ["score", HAND, "--limit", "9" * 5000],
            "error: --limit: a number of 5000 digits is more than 1000000000",
        ),
        (["score", HAND, "--limit", "²"], "error: --limit: '²' is not a whole number"),
        (["score", HAND, "--limit", "١٢", "--"], "error: --limit: '١٢' is not a whole number"),
    ],
    ids=["unknown-option", "missing-hand", "5000-digit-limit", "superscript-limit", "arabic-digits-limit"],
)
def test_usage_errors_were_boxed_or_a_traceback(args, message):
    """`pungchow score -x` printed a six-line boxed usage panel; `--limit 999...9` (5,000 digits) a
    ValueError traceback; `--limit ²` (str.isdigit takes it, int refuses it) a traceback from the
    start-up path, `--limit ١٢` another through typer. All are bad input: one line and exit 2."""
    done = process(*args)
    assert done.returncode == 2
    assert done.stderr.decode().replace("python -m pungchow_calc", "pungchow") == message + "\n"


def test_control_characters_reached_the_terminal():
    """`pungchow score $'\\x1b[2J1c'` echoed the escape sequence raw and cleared the screen."""
    result = run("score", "\x1b[2J1c")
    assert result.exit_code == 2
    assert result.stderr == "error: \\x1b[2J1c is not a tile group (column 1)\n"


@pytest.mark.parametrize(
    "group",
    ["\x1b[0m1b1b1b", "\x1b[31m", "1b1b1b\x1b[5p"],
    ids=["esc-0m-1b1b1b", "esc-31m", "1b1b1b-esc-5p"],
)
def test_terminal_junk_read_as_riichi_notation(group):
    """`\\x1b[0m1b1b1b` (a colour reset pasted with the hand) was told `dots are d, characters c,
    bamboo b; s is a season; ranks are 1-9 (a red five ...)`, its `0m` taken for riichi's red five:
    a group holding a control character gets no hint (docs/notation.md, errors of the notation)."""
    result = run("score", group + " 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd")
    shown = group.replace("\x1b", "\\x1b")
    assert (result.exit_code, result.stderr) == (2, f"error: {shown} is not a tile group (column 1)\n")


def test_settle_score_of_5000_digits():
    """`settle --east 999...9` (5,000 digits): int() refused it with a ValueError traceback."""
    with pytest.raises(OptionError) as caught:
        read_seat(Wind.EAST, "9" * 5000)
    assert caught.value.message == "--east: a score of 5000 digits is more than 1000000000"


# --- batch ---------------------------------------------------------------------------------------


def test_batch_read_error_midway():
    """`pungchow batch /proc/self/mem`: the EIO of the first read escaped as an OSError traceback."""
    done = process("batch", "/proc/self/mem", "--format", "jsonl")
    assert done.returncode == 2
    assert done.stderr == b"error: /proc/self/mem: cannot read: Input/output error\n"


def test_batch_deeply_nested_yaml_hung(tmp_path):
    """A `.yaml` batch of `[[[...]]]` 100,000 deep: the event parser ran for minutes."""
    path = tmp_path / "deep.yaml"
    path.write_text("[" * 100_000 + "]" * 100_000)
    started = time.perf_counter()
    done = process("batch", str(path), "--format", "jsonl")
    assert time.perf_counter() - started < 30
    assert done.returncode == 1
    assert json.loads(done.stdout) == {
        "line": 1,
        "item": 1,
        "error": {"code": "bad-yaml", "message": "not valid YAML: nested more than 64 deep"},
    }


@pytest.mark.parametrize(
    ("value", "shown"),
    [(10**5000, "a number too large"), ("2020-13-45", "'2020-13-45'")],
    ids=["hex-number-of-4800-digits", "impossible-date-as-text"],
)
def test_batch_yaml_limit_values_that_int_and_repr_refuse(value, shown):
    """`limit: 0xfff...` (4,000 hex digits) made repr() raise; `limit: 2020-13-45` made the YAML
    constructor raise ValueError: both escaped as tracebacks from a batch entry."""
    with pytest.raises(ValueError) as caught:
        mapping_argv([("hand", HAND), ("limit", value)])
    assert str(caught.value) == f"limit: expects a whole number (or null for no limit), got {shown}"


def test_batch_yaml_limit_of_5000_digits(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text(f'- hand: "{HAND}"\n  limit: {"9" * 5000}\n- hand: "{HAND}"\n')
    done = process("batch", str(path), "--format", "jsonl")
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["error"]["code"] == "bad-entry" and second["score"] == 48


# --- notation ------------------------------------------------------------------------------------


def test_mixed_case_honors_read_canonically():
    """Found by the typing property: `EWEwEw` is the compact run E, W, E of winds plus `Ew` (canonical
    capitals are ranks), not three east winds; tile by tile in one case (`ewewew`, `EWEWEW`) is."""
    assert [t.code for g in parse("EWEwEw").groups for t in g.tiles] == ["Ew", "Ww", "Ew", "Ew"]
    assert [t.code for g in parse("ewewew").groups for t in g.tiles] == ["Ew", "Ew", "Ew"]
    assert [t.code for g in parse("EWEWEW").groups for t in g.tiles] == ["Ew", "Ew", "Ew"]


def test_scoring_a_valid_hand_from_the_generator():
    """A generated hand with four kongs of both kinds and the `!` in an exposed kong scores."""
    result = score_text("EwEwEwEw# 4d!4d4d4d* 1d2d3d* 1d2d3d 1d1d", load("pung-chow"), Situation())
    assert result.score == result.points * 2**result.doublings
    assert [t.code for t in result.waits] == ["4d"]


def test_error_messages_quoting_a_newline_stay_one_line():
    """`score '' -r $'\\n' --json`: the JSON message held a raw newline (found by the CLI fuzz test)."""
    result = run("score", "1c", "-r", "\n", "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "ruleset-not-found"
    assert error["message"].startswith("-r '\\n' names no ruleset") and "\n" not in error["message"]


def test_claimed_kong_1b1b1b1b_plus_is_shown_with_its_plus():
    # A kong claimed onto a concealed pung (`+`) was drawn as `*`: pasted back, it scored differently.
    from cli_helpers import run

    for style in ((), ("--ascii",)):
        result = run("score", "1b1b1b1b+ 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd", "-r", "classical-dmjl", *style)
        assert result.exit_code == 0, result.stderr
        hand_line = result.stdout.splitlines()[0]
        assert hand_line.split()[1].endswith("+"), hand_line


# House rulesets with one slip each (truleset2's fuzzing: one edit at a time to the shipped and sample
# rulesets), refused with no place: the refusal named only the file (or nothing at all), or, for a
# bidirectional override in a name, was no refusal; a forgotten `extends:` value was refused
# as the file's own rules' fault, at their line. Each now says its line (and column where YAML
# knows it) in one line, exit 2, with a stable code: (id, document, line:column or line, code, words).
UNPLACED_RULESETS = [
    (
        "nul-byte-in-a-name",
        "extends: pung-chow\nname: house\x00rules\n",
        "2:12",
        "ruleset-yaml",
        "not valid YAML: a control character ('\\x00') cannot be written in a YAML file",
    ),
    (
        "bell-pasted-before-a-key",
        "extends: pung-chow\nname: café\n\x07settings: {}\n",
        "3:1",
        "ruleset-yaml",
        "not valid YAML: a control character ('\\x07') cannot be written in a YAML file",
    ),
    (
        "name-2026-13-01",
        "extends: pung-chow\nname: 2026-13-01\n",
        "2:7",
        "ruleset-yaml",
        "not valid YAML: YAML reads 2026-13-01 as a date, and month must be in 1..12: quote it if it is text",
    ),
    (
        "label-2026-02-30-in-a-rule",
        "extends: pung-chow\nrules:\n  - id: mah_jongg\n    label: 2026-02-30\n",
        "4:12",
        "ruleset-yaml",
        "not valid YAML: YAML reads 2026-02-30 as a date, and day is out of range for month:"
        " quote it if it is text",
    ),
    (
        "limit-of-5000-digits",
        "extends: pung-chow\nsettings:\n  limit: " + "9" * 5000 + "\n",
        "3:10",
        "ruleset-yaml",
        "not valid YAML: a number of 5000 characters is too long to read",
    ),
    (
        "rule-id-dot-nan",
        "name: nan-id\nrules:\n  - id: a\n    label: A\n    points: 1\n"
        "  - id: .nan\n    label: B\n    points: 2\n",
        "6",
        "ruleset-invalid",
        "every rule needs an id (a name), got .nan: YAML reads it as a number; put it in quotes",
    ),
    (
        "extends-with-its-value-forgotten",
        "# house rules\nname: house\nextends:\nrules:\n  - id: mah_jongg\n    points: 10\n",
        "3",
        "ruleset-invalid",
        "extends: must name one ruleset (it names none: write a shipped name or a .yaml file, or delete"
        " the line)",
    ),
    (
        "name-with-right-to-left-override",
        'extends: pung-chow\nname: "house\\u202erules"\n',
        "2",
        "ruleset-invalid",
        "a control character ('\\u202e') in 'house\\u202erules': text that is printed cannot hold one",
    ),
    (
        "label-with-left-to-right-isolate-typed-raw",
        "extends: pung-chow\nrules:\n  - id: mah_jongg\n    label: Mah\u2066-Jongg\n",
        "4",
        "ruleset-invalid",
        "a control character ('\\u2066') in 'Mah\\u2066-Jongg': text that is printed cannot hold one",
    ),
]


@pytest.mark.parametrize(
    ("text", "place", "code", "words"),
    [case[1:] for case in UNPLACED_RULESETS],
    ids=[case[0] for case in UNPLACED_RULESETS],
)
@pytest.mark.parametrize("command", ["rules check", "rules show", "score"])
def test_house_ruleset_slip_is_refused_at_its_place(tmp_path, command, text, place, code, words):
    """Each slip: one line naming file, line (and column), exit 2; `--json` gives its stable code."""
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    argv = [*command.split(), str(path)] if command != "score" else ["score", HAND, "-r", str(path)]
    result = run(*argv)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: {path}:{place}: {words}\n"
    if command == "score":
        answer = json.loads(run(*argv, "--json").stdout)["error"]
        assert (answer["code"], answer["line"]) == (code, int(place.split(":")[0]))


# A refusal showed the value as Python prints it, not as the file wrote it: `True`, `None`, `{'a': 1}`,
# `nan`, `datetime.date(2026, 1, 1)` (truleset2's fuzzing). (id, document, line, reason as said now.)
NEW_RULE = "extends: pung-chow\nrules:\n  - id: x\n    label: X\n    points: 2\n"
PYTHON_SHOWN = [
    (
        "won-by-true",
        NEW_RULE + "    when:\n      - won_by: true\n",
        7,
        "condition 'won_by' expects one of wall, loose, discard, drawn (or a list of them), got true",
    ),
    (
        "counter-points-null",
        "extends: pung-chow-limit\nsettlement:\n  counter_points: null\n",
        3,
        "counter_points must be a whole number of 0 or more, got null",
    ),
    (
        "in-every-suit-a-mapping",
        NEW_RULE + "    when: [{in_every_suit: {a: 1}}]\n",
        6,
        "condition 'in_every_suit' expects one of chow, pung, kong, pair, pung_or_kong, set (or a list of"
        " them), got {a: 1}",
    ),
    (
        "remove-rules-true",
        "extends: pung-chow\nremove_rules: [true]\n",
        2,
        "remove_rules names true, which the base lacks",
    ),
    (
        "calling-for-dot-nan",
        NEW_RULE + "    when: [{calling_for: [.nan]}]\n",
        6,
        "condition 'calling_for' expects rule ids (a name or a list), got [.nan]",
    ),
    (
        "settings-true-and-yes",
        "extends: pung-chow\nsettings:\n  true: 1\n  yes: 2\n",
        4,
        "key true is written twice (first on line 3)",
    ),
    (
        "settings-tilde-and-null",
        "extends: pung-chow\nsettings:\n  ~: 1\n  null: 2\n",
        4,
        "key null is written twice (first on line 3)",
    ),
    (
        "settings-2026-01-01-twice",
        "extends: pung-chow\nsettings:\n  2026-01-01: 1\n  2026-01-01: 2\n",
        4,
        "key 2026-01-01 is written twice (first on line 3)",
    ),
    (
        "condition-named-2026-01-01",
        NEW_RULE + "    when: [{2026-01-01: 1}]\n",
        6,
        "unknown condition 2026-01-01 (known: ",
    ),
]


# A setting whose least is 1 told a negative value "a whole number of 0 or more" and a 0 "at least 1":
# both are told the real bound now (rule_sections.int_value). (id, document, line, reason less its "got".)
LEAST_ONE = [
    (
        "round-payments--100",
        "extends: pung-chow\nsettlement:\n  round_payments: {}\n",
        3,
        "round_payments must be a whole number of 1 or more (1: no rounding)",
    ),
    (
        "round-points--1",
        "extends: pung-chow\nsettings:\n  round_points: {}\n",
        3,
        "round_points must be a whole number of 1 or more, or null",
    ),
    (
        "east-multiplier--1",
        "extends: pung-chow\nsettings:\n  east_multiplier: {}\n",
        3,
        "east_multiplier must be a whole number of 1 or more",
    ),
    (
        "wash-east-multiplier--1",
        "extends: pung-chow\nwash:\n  payments: {{9: 50}}\n  east_multiplier: {}\n",
        4,
        "east_multiplier must be a whole number of 1 or more",
    ),
    (
        "limit--1",
        "extends: pung-chow-limit\nsettings:\n  limit: {}\n",
        3,
        "limit must be a whole number of 1 or more, or null for no limit",
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "reason"), [case[1:] for case in LEAST_ONE], ids=[case[0] for case in LEAST_ONE]
)
def test_setting_of_least_1_says_so_to_a_negative_and_a_0(tmp_path, text, line, reason):
    path = tmp_path / "house.yaml"
    for value in ("-1", "0"):
        path.write_text(text.format(value), encoding="utf-8")
        result = run("rules", "check", str(path))
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == f"error: {path}:{line}: {reason}, got {value}\n"


# A condition's parameter was named bare, read as a word of the sentence ("condition 'suit_pattern' with
# must be a list of tiles"), two named for one at fault ("concealed and extra_wins must be"), and
# `exactly: -1` was refused as `min`: each is named now as its key is written (conditions/base.py
# refusal). (id, when:, reason as said now.)
PARAMETER_NAMED = [
    (
        "suit-pattern-with-5",
        "{suit_pattern: {ranks: [3, 1, 1, 1, 1, 1, 1, 1, 3], with: 5}}",
        "condition 'suit_pattern', its parameter with: must be a list of tiles, got 5",
    ),
    (
        "suit-pattern-concealed-1",
        "{suit_pattern: {ranks: [3, 1, 1, 1, 1, 1, 1, 1, 3], concealed: 1}}",
        "condition 'suit_pattern', its parameter concealed: must be true or false, got 1",
    ),
    (
        "no-other-points-except-true",
        "{no_other_points: {except: true}}",
        "condition 'no_other_points', its parameter except: must be a list of rule ids, got true",
    ),
    (
        "bonus-tiles-own-1",
        "{bonus_tiles: {exactly: 1, own: 1}}",
        "condition 'bonus_tiles', its parameter own: must be true or false, got 1",
    ),
    (
        "bonus-tiles-exactly--1",
        "{bonus_tiles: {exactly: -1}}",
        "condition 'bonus_tiles', its parameter exactly: must be a whole number of 0 or more, got -1",
    ),
    (
        "knitted-pairs-1.5",
        "{knitted: {triples: 4, pairs: 1.5}}",
        "condition 'knitted', its parameter pairs: must be a whole number of 0 or more, got 1.5",
    ),
    (
        "concealed-sets-declared-kongs-2",
        "{concealed_sets: {min: 1, declared_kongs: 2}}",
        "condition 'concealed_sets', its parameter declared_kongs: must be true or false, got 2",
    ),
]


@pytest.mark.parametrize(
    ("when", "reason"), [case[1:] for case in PARAMETER_NAMED], ids=[case[0] for case in PARAMETER_NAMED]
)
def test_condition_parameter_is_named_as_its_key(tmp_path, when, reason):
    """`rules check` names the parameter at fault as `its parameter NAME:`, one name, the one given."""
    path = tmp_path / "house.yaml"
    path.write_text(NEW_RULE + f"    when: [{when}]\n", encoding="utf-8")
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: {path}:6: {reason}\n"


@pytest.mark.parametrize(
    ("text", "line", "reason"), [case[1:] for case in PYTHON_SHOWN], ids=[case[0] for case in PYTHON_SHOWN]
)
def test_ruleset_refusal_shows_the_value_as_yaml_wrote_it(tmp_path, text, line, reason):
    """The value in `rules check`'s one line is YAML's (`true`, `null`, `.nan`), never Python's."""
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("rules", "check", str(path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {path}:{line}: {reason}")
    assert result.stderr.count("\n") == 1
