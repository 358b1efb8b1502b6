"""Rulesets from untrusted files: every hostile document is a clear RulesetError (stable code) and exit 2.

Nothing in a ruleset may run code, read a file it does not name, or make loading hang or crash.
"""

from __future__ import annotations

import copy
import itertools
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_helpers import run
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.engine.errors import PungchowError, RulesetError
from pungchow_calc.engine.scoring import score_text
from pungchow_calc.engine.situation import Situation
from pungchow_calc.ruleset_files import builtin_dir, load
from pungchow_calc.ruleset_yaml import MAX_DEPTH, MAX_NODES

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
RULE = "rules:\n  - id: a\n    label: A\n    points: 1\n"
SENTINEL = "/tmp/pungchow-hostile-sentinel"  # a tag that ran code would create this file


def _write(tmp_path: Path, text: str, name: str = "hostile.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _bomb(levels: int = 9, width: int = 9) -> str:
    """A "billion laughs" ruleset: each anchor is `width` aliases of the one before (width**levels)."""
    text = "name: bomb\nrules:\n  - id: r0\n    label: R\n    points: 1\n    when: [&c0 {any: [winner]}]\n"
    for i in range(1, levels + 1):
        refs = ", ".join([f"*c{i - 1}"] * width)
        text += f"  - id: r{i}\n    label: R\n    points: 1\n    when: [&c{i} {{any: [{refs}]}}]\n"
    return text


def _laughs_in_description() -> str:
    """The classic billion laughs, as strings in a list: cheap to load, huge to walk or print."""
    lines = ['a0: &a0 ["lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    body = "\n".join("  " + line for line in lines)
    return f"name: laughs\nsettings:\n{body}\n{RULE}"


HOSTILE: list[tuple[str, str, str]] = [
    # (id, document, stable error code)
    (
        "python-object-apply",
        f"name: !!python/object/apply:os.system ['touch {SENTINEL}']\n{RULE}",
        "ruleset-yaml",
    ),
    (
        "python-object-new",
        f"name: !!python/object/new:subprocess.Popen [['touch', '{SENTINEL}']]\n{RULE}",
        "ruleset-yaml",
    ),
    ("python-name", f"name: !!python/name:os.system\n{RULE}", "ruleset-yaml"),
    ("python-module", f"name: !!python/module:os\n{RULE}", "ruleset-yaml"),
    ("python-tuple-in-rule", "rules:\n  - !!python/tuple [1, 2]\n", "ruleset-yaml"),
    ("unknown-local-tag", f"name: !shell 'rm -rf /'\n{RULE}", "ruleset-yaml"),
    ("billion-laughs-conditions", _bomb(), "ruleset-too-complex"),
    ("billion-laughs-strings", _laughs_in_description(), "ruleset-too-complex"),
    (
        "alias-cycle",
        "name: c\nrules:\n  - id: a\n    label: A\n    points: 1\n    when: [&c {any: [*c]}]\n",
        "ruleset-too-complex",
    ),
    (
        "alias-cycle-list",
        "name: c\nrules:\n  - id: a\n    label: A\n    points: 1\n    when: &w [{any: *w}]\n",
        "ruleset-too-complex",
    ),
    # No cycle and no size: YAML that is not valid (an alias to no anchor), said so at its place.
    ("alias-undefined", f"name: *nowhere\n{RULE}", "ruleset-yaml"),
    ("deep-flow-sequence", "rules: " + "[" * 60_000 + "]" * 60_000 + "\n", "ruleset-too-complex"),
    ("deep-flow-mapping", "rules: " + "{a: " * 30_000 + "1" + "}" * 30_000 + "\n", "ruleset-too-complex"),
    ("deep-block-sequence", "rules:\n" + "- " * 60_000 + "x\n", "ruleset-too-complex"),
    (
        "just-past-max-depth",
        "rules: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n",
        "ruleset-too-complex",
    ),
    (
        "too-many-values",
        "name: wide\nsettings: [" + ", ".join(["1"] * (MAX_NODES + 5)) + "]\n" + RULE,
        "ruleset-too-complex",
    ),
    ("huge-file", "# " + "x" * (300 * 1024) + "\n" + RULE, "ruleset-too-large"),
    ("huge-integer", "settings:\n  limit: " + "9" * 5000 + "\n" + RULE, "ruleset-yaml"),
    ("bad-timestamp", "name: 2020-13-45\n" + RULE, "ruleset-yaml"),
    ("binary-name", "name: !!binary '%%%'\n" + RULE, "ruleset-invalid"),
    ("not-yaml", "name: [unclosed\n" + RULE, "ruleset-yaml"),
    ("tabs", "name:\tx\nrules:\n\t- id: a\n", "ruleset-yaml"),
    ("duplicate-top-key", "rules: []\n" + RULE, "ruleset-duplicate-key"),
    (
        "duplicate-key-deep",
        "rules:\n  - {id: a, label: A, points: 1, when: [{any: [{not: {}, not: {}}]}]}\n",
        "ruleset-duplicate-key",
    ),
    (
        "duplicate-keys-many",
        "settings:\n" + "".join(f"  k{i}: 1\n" for i in range(5000)) + "  k0: 2\n" + RULE,
        "ruleset-duplicate-key",
    ),
    ("empty", "", "ruleset-invalid"),
    ("a-list", "- 1\n- 2\n", "ruleset-invalid"),
    ("a-scalar", "just text\n", "ruleset-invalid"),
    ("unknown-top-key", "exec: rm -rf /\n" + RULE, "ruleset-invalid"),
    ("rules-not-list", "rules: {a: 1}\n", "ruleset-invalid"),
    ("rules-empty", "rules: []\n", "ruleset-invalid"),
    ("rule-not-mapping", "rules: [42]\n", "ruleset-invalid"),
    ("rule-id-list", "rules:\n  - id: [1]\n    label: A\n    points: 1\n", "ruleset-invalid"),
    ("rule-label-int", "rules:\n  - id: a\n    label: 7\n    points: 1\n", "ruleset-invalid"),
    ("points-string", "rules:\n  - id: a\n    label: A\n    points: lots\n", "ruleset-invalid"),
    ("points-negative", "rules:\n  - id: a\n    label: A\n    points: -5\n", "ruleset-invalid"),
    ("points-float", "rules:\n  - id: a\n    label: A\n    points: 2.5\n", "ruleset-invalid"),
    ("points-nan", "rules:\n  - id: a\n    label: A\n    points: .nan\n", "ruleset-invalid"),
    ("points-bool", "rules:\n  - id: a\n    label: A\n    points: true\n", "ruleset-invalid"),
    ("points-huge", "rules:\n  - id: a\n    label: A\n    points: 10000000000000\n", "ruleset-invalid"),
    (
        "points-and-doublings",
        "rules:\n  - id: a\n    label: A\n    points: 1\n    doublings: 1\n",
        "ruleset-invalid",
    ),
    ("doublings-huge", "rules:\n  - id: a\n    label: A\n    doublings: 1000000000\n", "ruleset-invalid"),
    ("doublings-33", "rules:\n  - id: a\n    label: A\n    doublings: 33\n", "ruleset-invalid"),
    (
        "limit-fraction-2",
        "rules:\n  - id: a\n    label: A\n    points: {limit_fraction: 2}\n",
        "ruleset-invalid",
    ),
    ("scope-bad", "rules:\n  - id: a\n    label: A\n    scope: universe\n    points: 1\n", "ruleset-invalid"),
    ("who-bad", "rules:\n  - id: a\n    label: A\n    who: [winner]\n    points: 1\n", "ruleset-invalid"),
    (
        "when-not-list",
        "rules:\n  - id: a\n    label: A\n    when: winner\n    points: 1\n",
        "ruleset-invalid",
    ),
    (
        "unknown-condition",
        "rules:\n  - id: a\n    label: A\n    when: [__import__]\n    points: 1\n",
        "ruleset-invalid",
    ),
    (
        "unknown-condition-eval",
        "rules:\n  - id: a\n    label: A\n    when: [{eval: 'os.system(1)'}]\n    points: 1\n",
        "ruleset-invalid",
    ),
    (
        "condition-two-keys",
        "rules:\n  - id: a\n    label: A\n    when: [{meld: pung, tiles: red}]\n"
        "    scope: set\n    points: 1\n",
        "ruleset-invalid",
    ),
    (
        "condition-bad-param",
        "rules:\n  - id: a\n    label: A\n    scope: set\n    when: [{meld: dragon}]\n    points: 1\n",
        "ruleset-invalid",
    ),
    (
        "condition-wrong-scope",
        "rules:\n  - id: a\n    label: A\n    when: [exposed]\n    points: 1\n",
        "ruleset-invalid",
    ),
    (
        "any-empty",
        "rules:\n  - id: a\n    label: A\n    when: [{any: []}]\n    points: 1\n",
        "ruleset-invalid",
    ),
    (
        "count-garbage",
        "rules:\n  - id: a\n    label: A\n    when: [{count: {melds: pung, min: x}}]\n    points: 1\n",
        "ruleset-invalid",
    ),
    ("settings-list", "settings: [1]\n" + RULE, "ruleset-invalid"),
    ("setting-unknown", "settings:\n  shell: /bin/sh\n" + RULE, "ruleset-invalid"),
    ("setting-limit-text", "settings:\n  limit: lots\n" + RULE, "ruleset-invalid"),
    ("east-multiplier-zero", "settings:\n  east_multiplier: 0\n" + RULE, "ruleset-invalid"),
    (
        "east-multiplier-1000000000-limit-1000000000",  # East paid 10^18, past what JSON holds exactly
        "settings:\n  east_multiplier: 1000000000\n  limit: 1000000000\n" + RULE,
        "ruleset-invalid",
    ),
    ("loser-max-pairs-huge", "settings:\n  loser_max_pairs: 100000000000\n" + RULE, "ruleset-invalid"),
    ("settle-losers-text", "settings:\n  settle_losers: yes please\n" + RULE, "ruleset-invalid"),
    ("duplicate-id", RULE + "  - id: a\n    label: B\n    points: 2\n", "ruleset-invalid"),
    ("limit-without-limit", "rules:\n  - id: a\n    label: A\n    limit: true\n", "ruleset-invalid"),
    ("extends-int", "extends: 5\n" + RULE, "ruleset-invalid"),
    ("extends-list", "extends: [pung-chow]\n" + RULE, "ruleset-invalid"),
    ("extends-missing", "extends: no-such-ruleset\n" + RULE, "ruleset-not-found"),
    ("extends-etc-passwd", "extends: /etc/passwd\n" + RULE, "ruleset-extends"),
    ("extends-proc", "extends: /proc/self/environ\n" + RULE, "ruleset-extends"),
    ("extends-relative-non-yaml", "extends: ../../etc/hostname\n" + RULE, "ruleset-extends"),
    ("extends-nul", 'extends: "a\\0b.yaml"\n' + RULE, "ruleset-invalid"),  # a control character
    ("extends-long-name", "extends: " + "a/" * 3000 + "x.yaml\n" + RULE, "ruleset-not-found"),
    ("remove-rules-unhashable", "extends: pung-chow\nremove_rules: [[mah_jongg]]\n", "ruleset-invalid"),
    ("remove-rules-not-list", "extends: pung-chow\nremove_rules: mah_jongg\n", "ruleset-invalid"),
    ("remove-rules-missing", "extends: pung-chow\nremove_rules: [nope]\n", "ruleset-invalid"),
    ("child-rules-not-list", "extends: pung-chow\nrules: {a: 1}\n", "ruleset-invalid"),
]


@pytest.fixture(autouse=True)
def _no_sentinel():
    if os.path.exists(SENTINEL):
        os.unlink(SENTINEL)
    yield
    assert not os.path.exists(SENTINEL), "a ruleset ran code"


@pytest.mark.parametrize(("text", "code"), [(t, c) for _, t, c in HOSTILE], ids=[i for i, _, _ in HOSTILE])
def test_hostile_document_is_a_clear_error(tmp_path, text, code):
    path = _write(tmp_path, text)
    started = time.process_time()  # this process's CPU: a busy machine's waits are not a blow-up
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    assert time.process_time() - started < 5, "loading must stay cheap whatever the file holds"
    error = caught.value
    assert error.code == code, str(error)
    message = str(error)
    assert "\n" not in message
    assert message.startswith(str(path.resolve())) or message.startswith(str(path))


@pytest.mark.parametrize(
    "case",
    [
        "python-object-apply",
        "billion-laughs-conditions",
        "alias-cycle",
        "deep-flow-sequence",
        "huge-integer",
        "extends-etc-passwd",
        "unknown-condition",
        "doublings-huge",
    ],
)
def test_hostile_document_through_the_cli(tmp_path, case):
    text, code = next((t, c) for i, t, c in HOSTILE if i == case)
    path = _write(tmp_path, text)
    result = run("score", HAND, "-r", str(path))
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and str(path.name) in lines[0]
    json_result = run("score", HAND, "-r", str(path), "--json")
    assert json_result.exit_code == 2
    assert f'"code": "{code}"' in json_result.stdout


def test_deep_nesting_in_a_real_process(tmp_path):
    """The C loader crashed the interpreter (SIGSEGV) on ~50,000 nested brackets before the depth check."""
    path = _write(tmp_path, "rules: " + "[" * 100_000 + "]" * 100_000 + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "pungchow_calc", "score", HAND, "-r", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: {path.resolve()}:1: nested more than {MAX_DEPTH} deep"


def test_depth_and_aliases_within_bounds_still_load(tmp_path):
    """Anchors and aliases are allowed when they stay small: sharing conditions is a fair use."""
    text = (
        "extends: pung-chow\n"
        "rules:\n"
        "  - id: dragons_bonus\n    label: Dragon set\n    scope: set\n"
        "    when: &dragon_pung [{meld: pung_or_kong}, {tiles: dragons}]\n    points: 1\n"
        "  - id: dragons_again\n    label: Dragon set again\n    scope: set\n"
        "    when: *dragon_pung\n    points: 1\n"
    )
    rs = load(str(_write(tmp_path, text)))
    assert [r.id for r in rs.rules][-2:] == ["dragons_bonus", "dragons_again"]
    result = score_text("RdRdRd 3c3c3c 5d5d5d* 4b4b4b* 7c!7c", rs, Situation())
    assert [line.rule for line in result.lines if line.rule.startswith("dragons_")] == [
        "dragons_bonus",
        "dragons_again",
    ]


def test_shipped_rulesets_are_well_inside_the_bounds():
    for path in builtin_dir().glob("*.yaml"):
        events = list(yaml.parse(path.read_text(), Loader=yaml.SafeLoader))
        assert len(events) < MAX_NODES // 4, path
        load(str(path))


def _write_chain(tmp_path: Path, links: dict[str, str]) -> None:
    for name, parent in links.items():
        _write(tmp_path, f"extends: {parent}\nname: {Path(name).stem}\n", name)


@pytest.mark.parametrize(
    ("links", "start"),
    [
        ({"self.yaml": "self.yaml"}, "self.yaml"),
        ({"a.yaml": "b.yaml", "b.yaml": "a.yaml"}, "a.yaml"),
        ({"a.yaml": "b.yaml", "b.yaml": "c.yaml", "c.yaml": "./a.yaml"}, "a.yaml"),
    ],
    ids=["self", "two", "three-via-dot-path"],
)
def test_extends_cycles(tmp_path, links, start):
    _write_chain(tmp_path, links)
    with pytest.raises(RulesetError) as caught:
        load(str(tmp_path / start))
    assert caught.value.code == "ruleset-extends"
    assert "cycle" in caught.value.message


def test_extends_chain_too_long(tmp_path):
    _write_chain(tmp_path, {f"r{i}.yaml": f"r{i + 1}.yaml" for i in range(12)})
    _write(tmp_path, "name: r12\n" + RULE, "r12.yaml")
    with pytest.raises(RulesetError) as caught:
        load(str(tmp_path / "r0.yaml"))
    assert caught.value.code == "ruleset-extends"


def test_extends_binary_and_directory(tmp_path):
    (tmp_path / "binary.yaml").write_bytes(b"\xff\xfe\x00\x01" * 100)
    (tmp_path / "dir.yaml").mkdir()
    _write(tmp_path, "extends: binary.yaml\n", "child1.yaml")
    _write(tmp_path, "extends: dir.yaml\n", "child2.yaml")
    with pytest.raises(RulesetError) as caught:
        load(str(tmp_path / "child1.yaml"))
    assert caught.value.code == "ruleset-invalid" and "UTF-8" in caught.value.message
    with pytest.raises(RulesetError) as caught:
        load(str(tmp_path / "child2.yaml"))
    assert caught.value.code == "ruleset-not-found"


def test_a_fifo_is_not_opened(tmp_path):
    """A named pipe would block a reader forever: it is not a file, so it is not found."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(RulesetError) as caught:
        load(str(fifo))
    assert caught.value.code == "ruleset-not-found"


def test_unreadable_file_as_root_is_reported(tmp_path, monkeypatch):
    """An unreadable file, simulated (root reads files whatever their mode, and CI runs as root)."""
    path = _write(tmp_path, RULE, "eacces.yaml")

    def refuse(self, *args, **kwargs):
        if self.name == "eacces.yaml":
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)

    real_open = Path.open
    monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(RulesetError) as caught:
        load(str(path))
    assert caught.value.code == "ruleset-unreadable"
    assert caught.value.message == "cannot read: Permission denied"


def test_only_named_files_are_opened(tmp_path, monkeypatch):
    """Loading opens the named file and what its `extends:` names, and nothing else."""
    secret = tmp_path / "secret.txt"
    secret.write_text("password: hunter2\n")
    _write(tmp_path, "extends: pung-chow\nname: mid\n", "mid.yaml")
    _write(
        tmp_path,
        f"extends: mid.yaml\nname: top\nrules:\n  - id: x\n    label: X\n    points: 1\n    note: {secret}\n",
        "top.yaml",
    )
    _write(tmp_path, f"extends: {secret}\nname: bad\n", "bad.yaml")
    opened: list[str] = []
    real_open = Path.open

    def spy(self, *args, **kwargs):
        opened.append(self.name)
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", spy)
    load(str(tmp_path / "top.yaml"))
    assert opened == ["top.yaml", "mid.yaml", "pung-chow.yaml"]
    opened.clear()
    with pytest.raises(RulesetError) as caught:
        load(str(tmp_path / "bad.yaml"))
    assert opened == ["bad.yaml"]
    assert "hunter2" not in str(caught.value)


# --- wrong types everywhere: mutate the shipped score card at a random place ---------------------

WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.sampled_from([10**30, -1, 0, 33, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["winner", "pung", "set", "hand", "exposed", "limit_fraction", "any", "not", "red"]),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=5)), max_size=3),
    st.dictionaries(st.sampled_from(["any", "not", "meld", "tiles", "min", "x"]), st.integers(), max_size=2),
)
_COUNTER = itertools.count()
# libyaml's safe loader where PyYAML has it (as the ruleset loader does): the pure-Python one took a
# second of every test process's collection for these six files.
_BASES = {
    p.stem: yaml.load(p.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    for p in sorted(builtin_dir().glob("*.yaml"))
}
PROBE_HANDS = [
    (HAND, Situation()),
    ("RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw", Situation()),
    ("1c2c3c 4c5c6c 7c8c9c 1c1c1c 9c!9c", Situation()),
    ("1b1b 3c4c 9d Ew Rd Gd", Situation(winner=False)),
]


def _mutate(doc: Any, data: st.DataObject) -> Any:
    """Replace (or delete) one value somewhere in the document."""
    node = doc
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return doc
        key = data.draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and data.draw(st.booleans()):
            node = child
            continue
        if isinstance(node, dict) and data.draw(st.integers(0, 4)) == 0:
            del node[key]
        else:
            node[key] = data.draw(WRONG)
        return doc


@given(st.data())
def test_mutated_score_card_loads_or_fails_cleanly(tmp_path_factory, data):
    doc = copy.deepcopy(_BASES[data.draw(st.sampled_from(sorted(_BASES)))])
    for _ in range(data.draw(st.integers(1, 3))):
        doc = _mutate(doc, data)
    path = tmp_path_factory.mktemp("mut") / f"m{next(_COUNTER)}.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True))
    check = run("rules", "check", str(path))  # the loader, and a report
    assert check.exit_code in (0, 2), check.output
    try:
        rs = load(str(path))
    except RulesetError as error:
        assert error.code.startswith("ruleset-")
        assert "\n" not in str(error)
        assert (check.exit_code, check.stdout, check.stderr) == (2, "", f"error: {error}\n")
        return
    assert check.exit_code == 0 and check.stdout.startswith(f"ok: {rs.source}: "), check.output
    for hand, situation in PROBE_HANDS:
        try:
            result = score_text(hand, rs, situation)
        except PungchowError:
            continue
        assert result.score >= 0 and result.payable >= 0


# Every problem of one condition's parameters in the one line (conditions/base.py Problems), as `count`
# named every unknown parameter at once: the others stopped at their first problem, so an author met
# them one run at a time. Each house ruleset holds two problems in one condition's parameters.
TWO_PROBLEMS = [
    pytest.param(
        "{count: {melds: pungg, min: -1}}",
        ("its parameter min: must be a whole number", "its parameter melds: expects one of", "'pungg'"),
        id="count-min-and-melds",
    ),
    pytest.param(
        "{count: {melds: pung, mn: 1, exactly: -2}}",
        ("unknown parameter 'mn' (did you mean 'min'?)", "its parameter exactly: must be a whole number"),
        id="count-unknown-and-exactly",
    ),
    pytest.param(
        "{winning_meld: {melds: pungg, tiles: honours}}",
        (
            "its parameter melds: expects one of",
            "'pungg'",
            "its parameter tiles: expects one of",
            "'honours'",
        ),
        id="winning_meld-melds-and-tiles",
    ),
    pytest.param(
        "{winning_meld: {meld: pung, wait: opn}}",
        ("unknown parameter 'meld' (did you mean 'melds'?)", "its parameter wait: expects one of", "'opn'"),
        id="winning_meld-unknown-and-wait",
    ),
    pytest.param(
        "{all_concealed: {claimed_kongs: yes please, declared_kongs: 1}}",
        ("its parameter declared_kongs: must be true or false", "its parameter claimed_kongs: must be true"),
        id="all_concealed-two-kong-fields",
    ),
    pytest.param(
        "{suit_pattern: {ranks: [1, 1, 1, 2, 3, 4, 5, 6, 7], concealed: 2, with: [9z]}}",
        (
            "its parameter ranks: must give nine counts",
            "'9z'",
            "its parameter concealed: must be true or false",
        ),
        id="suit_pattern-ranks-with-and-concealed",
    ),
    pytest.param(
        "{knitted: {triples: -1, pairs: two}}",
        ("its parameter triples: must be a whole number", "its parameter pairs: must be a whole number"),
        id="knitted-triples-and-pairs",
    ),
    pytest.param(
        "{all_tiles: [honors, 10d, Xw]}",
        ("'10d' is neither a tile class", "'Xw' is neither a tile class"),
        id="all_tiles-two-bad-tiles",
    ),
]


@pytest.mark.parametrize(("when", "said"), TWO_PROBLEMS)
@pytest.mark.parametrize("command", ["rules-show", "score"])
def test_every_problem_of_a_conditions_parameters_is_said_in_one_line(
    tmp_path: Path, when: str, said: tuple[str, ...], command: str
) -> None:
    path = _write(
        tmp_path,
        f"extends: pung-chow\nname: house\n{RULE}    when: [{when}]\n",
        "house.yaml",
    )
    argv = ["rules", "show", str(path)] if command == "rules-show" else ["score", HAND, "-r", str(path)]
    result = run(*argv)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {path}:7: condition ") and result.stderr.count("\n") == 1
    missing = [part for part in said if part not in result.stderr]
    assert not missing, result.stderr
