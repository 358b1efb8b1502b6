"""Compiling a plain ruleset document into a Ruleset: its rules and penalties, and the keys they may hold.

`compile_ruleset` checks every key and value of a document (already read and merged by
`pungchow_calc.ruleset_files`) and builds each condition from `conditions.REGISTRY` by name; nothing in
a ruleset is ever evaluated as code. The other sections (settings, evening, settlement, wash) are read
by `rule_sections`; the compiled types live in `rule_types` and are importable from here too.
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

from .authoring import authoring_mistakes, when_mistakes
from .conditions import (
    PATTERN_SHAPES,
    REGISTRY,
    SHAPES,
    Condition,
    Decide,
    ParamError,
    Tally,
    Test,
    any_tally,
    facts_read,
    facts_required,
    unit_fields_read,
)
from .conditions.base import refusal
from .conditions.indicators import COUNTERS
from .errors import as_written, closest, one_of, printable, unknown
from .payments import SettlementRules
from .rule_sections import (
    MAX_DOUBLINGS,
    home_of,
    int_value,
    read_evening,
    read_settings,
    read_settlement,
    read_wash,
    true_or_false,
)
from .rule_types import (
    Invalid,
    Penalty,
    Points,
    Rule,
    Ruleset,
    Settings,
    WashTable,
    any_of,
)

__all__ = [
    "LIABLE",
    "PENALTY_KEYS",
    "PENALTY_TYPES",
    "RULE_KEYS",
    "RULE_KEY_ORDER",
    "SCOPES",
    "TOP_KEYS",
    "WHO",
    "Invalid",
    "Penalty",
    "Points",
    "Rule",
    "Ruleset",
    "SettlementRules",
    "Settings",
    "WashTable",
    "compile_ruleset",
]

_SIDES = ("closed", "open")  # the keys of a value that differs closed/open
TOP_KEYS = {
    "$schema",
    "name",
    "title",
    "description",
    "extends",
    "settings",
    "rules",
    "remove_rules",
    "penalties",
    "remove_penalties",
    "wash",
    "remove_wash",
    "evening",
    "settlement",
}
# A rule's keys in the order they are written and shown (rules diff compares all but id and note).
RULE_KEY_ORDER = (
    "id",
    "label",
    "scope",
    "who",
    "group",
    "when",
    "points",
    "doublings",
    "limit",
    "note",
    "per",
    "rounded",
    "counts_for_minimum",
)
RULE_KEYS = frozenset(RULE_KEY_ORDER)
SCOPES = ("hand", "set", "pair")
WHO = ("winner", "others", "all")

PENALTY_TYPES = {
    "dead_hand": "a hand with the wrong number of tiles: its score does not count and it pays all",
    "false_mahjongg": "a player who calls Mah-Jongg on an incomplete hand pays each other player",
    "pays_for_all": "the player liable for the winning hand pays the winner for everyone",
}
PENALTY_KEYS = {"id", "label", "type", "note", "tiles", "pays", "liable", "when", "excused"}
LIABLE = ("discarder", "feeder")


def _compile_condition(
    entry: Any, scope: str, path: tuple[Any, ...]
) -> tuple[Test, bool, bool, Decide | None]:
    """(test, deferred, local, what an arrangement's Tally tells of it): `not` and `any` are deferred if
    a part is, local if all parts are, and told by the tally as their parts are."""
    # A mapping's key may be any YAML scalar (`2026-01-01:`), refused as unknown below: typed Any, or a
    # compiled engine (mypyc) checks it as text where it is bound and fails with a TypeError.
    name: Any
    if isinstance(entry, str):
        name, params = entry, None
    elif isinstance(entry, dict) and len(entry) == 1:
        ((name, params),) = entry.items()
    else:
        shown = as_written(entry)
        names = {*REGISTRY, "not", "any"}
        if isinstance(entry, dict) and entry and all(isinstance(k, str) and k in names for k in entry):
            # `{won_by: drawn, seat: east}`: two conditions in one entry, which YAML reads as one mapping.
            each = ", ".join(as_written({k: v}) for k, v in entry.items())
            shown += f": write each condition as its own entry, [{each}]"
        raise Invalid(path, f"a condition is a name or a one-key mapping, got {shown}")
    if name == "not":
        if isinstance(params, list):
            raise Invalid(
                path,
                "not: takes one condition, got a list: for none of them write {not: {any: [...]}}, "
                "for one of them not holding, {any: [{not: ...}, ...]}",
            )
        inner, deferred, local, inner_tally = _compile_condition(params, scope, (*path, "not"))
        return (lambda ctx, unit: not inner(ctx, unit)), deferred, local, _not_tally(inner_tally)
    if name == "any":
        if not isinstance(params, list) or not params:
            raise Invalid(path, "any: takes a list of conditions")
        parts = [_compile_condition(p, scope, (*path, "any", i)) for i, p in enumerate(params)]
        return (
            any_of(tuple(t for t, _, _, _ in parts)),
            any(d for _, d, _, _ in parts),
            all(loc for _, _, loc, _ in parts),
            any_tally([d for _, _, _, d in parts]),
        )
    condition: Condition | None = REGISTRY.get(name) if isinstance(name, str) else None
    if condition is None:
        # `not` and `any` combine conditions: named among them, and `nto`, `nay` (a letter swapped in
        # a word too short for closest) get their hint too.
        swapped = [w for w in ("not", "any") if isinstance(name, str) and sorted(name) == sorted(w)]
        if swapped:
            raise Invalid(path, f"unknown condition {as_written(name)} (did you mean {swapped[0]!r}?)")
        raise Invalid(path, unknown("condition", name, sorted({*REGISTRY, "not", "any"})))
    if scope not in condition.scopes:
        raise Invalid(path, f"condition {name!r} needs a set or pair rule (scope: set or pair)")
    try:
        test = condition.make(params)
    except ParamError as exc:
        # A name written alone gives no value to a condition that needs one (`when: [won_by]`).
        alone = f": a name alone gives it none, write {{{name}: ...}}" if isinstance(entry, str) else ""
        if params is False:  # `{no_sequences: false}`, meant as its opposite (a ruleset author's trial)
            alone = f": false does not turn it off; for its opposite write {{not: {name}}}"
        raise Invalid(path, refusal(f"condition {name!r}", exc) + alone) from None
    tally = condition.tally(params) if condition.tally is not None else None
    return test, condition.deferred, condition.local, tally


def _not_tally(inner: Decide | None) -> Decide | None:
    """What the tally tells of `not` a test: the opposite of what it tells of the test."""
    if inner is None:
        return None

    def decide(tally: Tally) -> bool | None:
        verdict = inner(tally)
        return None if verdict is None else not verdict

    return decide


def _points(value: Any, path: tuple[Any, ...]) -> Points:
    if isinstance(value, dict):
        if set(value) == {"limit_fraction"}:
            frac = value["limit_fraction"]
            if isinstance(frac, bool) or not isinstance(frac, int | float) or not 0 < frac <= 1:
                raise Invalid(
                    path, f"limit_fraction must be a number above 0 and at most 1, got {as_written(frac)}"
                )
            return Points(limit_fraction=float(frac))
        if set(value) == {"exposed", "concealed"}:
            return Points(
                int_value(value["exposed"], (*path, "exposed"), "points"),
                int_value(value["concealed"], (*path, "concealed"), "points"),
            )
        # A typo of a column (`concealled`) is named with the key it is closest to.
        columns = ["exposed", "concealed", "limit_fraction"]
        typo = next((closest(k, columns) for k in value if k not in columns), "")
        raise Invalid(
            path,
            "points is a number, {exposed, concealed}, or {limit_fraction}, "
            f"got {as_written(value)}{typo}",
        )
    n = int_value(value, path, "points")
    return Points(n, n)


def _unquoted(value: Any) -> str:
    """Why a value written as text is not: YAML reads `No`, `off`, `1923` unquoted as false and a
    number (a label "No" would be refused as no label at all)."""
    if isinstance(value, bool):
        return (
            f", got {str(value).lower()}: YAML reads yes, no, on and off as true or false; put it in quotes"
        )
    if isinstance(value, int | float):
        return f", got {as_written(value)}: YAML reads it as a number; put it in quotes"
    return ""


def _entry_head(
    raw: Any, path: tuple[Any, ...], what: str, value: str, keys: set[str] | frozenset[str]
) -> tuple[str, str, str]:
    """Check the common head of a rule or penalty: a mapping of known keys with an id and a label.

    Returns (id, "rule 'x'" for messages, label).
    """
    if not isinstance(raw, dict):
        raise Invalid(path, f"a {what} is a mapping with id, label and {value}")
    strange = [key for key in raw if key not in keys]  # every one, as the file writes them (unknown)
    if strange:
        key, *others = strange
        # Named by its id; with none, by its line alone (Invalid's place): its place in the list merged
        # with a base's was no number of the author's file (`rule 45`).
        head = f"{what} {raw['id']!r}" if "id" in raw else f"a {what} with no id"
        said = unknown("key", key, sorted(keys), listed=False, also=others)
        if "id" not in raw and len(raw) == 1 and isinstance(raw[key], dict):  # `- mah_jongg: {points: 5}`
            said += f" (a {what} is written `- id: {printable(str(key))}`, its keys beside the id)"
        raise Invalid((*path, key), f"{head}: {said}")
    entry_id = raw.get("id")
    if not isinstance(entry_id, str) or not entry_id:
        raise Invalid(
            path if entry_id is None else (*path, "id"),
            f"every {what} needs an id (a name){_unquoted(entry_id)}",
        )
    where = f"{what} {entry_id!r}"
    label = raw.get("label")
    if not isinstance(label, str) or not label:
        raise Invalid((*path, "label"), f"{where}: needs a label{_unquoted(label)}")
    return entry_id, where, label


# A rule's `limit:` as the refusal of any other value says it (one sentence for a word and a number).
_LIMIT_VALUE = "limit must be true, false or a share of the limit above 0 and below 1 (0.5: half the limit)"


def _rule(raw: Any, index: int) -> Rule:
    path: tuple[Any, ...] = ("rules", index)
    rule_id, where, label = _entry_head(raw, path, "rule", "a value", RULE_KEYS)
    scope = raw.get("scope", "hand")
    if scope not in SCOPES:
        raise Invalid((*path, "scope"), f"{where}: {one_of('scope', scope, SCOPES)}")
    who = raw.get("who", "all")
    if who not in WHO:
        raise Invalid((*path, "who"), f"{where}: {one_of('who', who, WHO)}")
    group = raw.get("group")
    if group is not None and not isinstance(group, str):
        raise Invalid((*path, "group"), f"{where}: group must be a name{_unquoted(group)}")
    # `limit: false` (the default) is no value: a rule of it alone scored nothing, silently.
    values = [k for k in ("points", "doublings", "limit") if k in raw and raw[k] is not False]
    if len(values) != 1:
        alone = " (limit: false is no value: it says the rule is no limit hand)" if "limit" in raw else ""
        raise Invalid(path, f"{where}: give exactly one of points, doublings or limit{alone}")
    points = _points(raw["points"], (*path, "points")) if "points" in raw else None
    if points is not None and scope == "hand" and points.exposed != points.concealed:
        # A hand is neither: its line always paid the concealed value, an open hand's too.
        raise Invalid(
            (*path, "points"),
            f"{where}: points {{exposed, concealed}} is the value of a set or a pair (scope: set or "
            "pair); a hand's rule has one value (doublings {closed, open} differ by an open hand)",
        )
    doublings, open_doublings = _doublings(raw.get("doublings", 0), (*path, "doublings"))
    given: Any = raw.get("limit", False)
    fraction = 1.0
    if isinstance(given, bool):
        limit = given
    elif isinstance(given, int | float):
        # A share of the limit, paid when it is more than the hand's count (e.g. Kajongg's half limits).
        if not 0 < given < 1:
            raise Invalid((*path, "limit"), f"{where}: {_LIMIT_VALUE}, got {as_written(given)}")
        limit, fraction = True, float(given)
    else:
        raise Invalid((*path, "limit"), f"{where}: {_LIMIT_VALUE}, got {as_written(given)}")
    when = raw.get("when", [])
    if not isinstance(when, list):
        raise Invalid((*path, "when"), _not_a_list(when, "when", where))
    compiled = [_compile_condition(c, scope, (*path, "when", i)) for i, c in enumerate(when)]
    note = raw.get("note")
    if note is not None and not isinstance(note, str):
        raise Invalid((*path, "note"), f"{where}: note must be text{_unquoted(note)}")
    flags = {}
    for key in ("rounded", "counts_for_minimum"):
        flags[key] = raw.get(key, True)
        if not isinstance(flags[key], bool):
            raise Invalid((*path, key), f"{where}: {true_or_false(key, flags[key])}")
    per, per_reads, per_requires = (
        _per(raw["per"], (*path, "per"), where, scope) if "per" in raw else (None, frozenset(), frozenset())
    )
    return Rule(
        id=rule_id,
        label=label,
        scope=scope,
        who=who,
        group=group,
        tests=tuple(t for t, _, _, _ in compiled),
        tallies=tuple(d for _, _, _, d in compiled),
        locals=tuple(loc for _, _, loc, _ in compiled),
        points=points,
        doublings=doublings,
        limit=limit,
        deferred=any(d for _, d, _, _ in compiled),
        index=index,
        local=all(loc for _, _, loc, _ in compiled) and per is None,
        limit_fraction=fraction,
        reads=facts_read(when) | per_reads | _worth_reads(scope, points),
        tile_reads=facts_read(when) - facts_read(when, tile_reads=False) - per_reads,
        requires=facts_required(when) | per_requires,
        unit_reads=unit_fields_read(when),
        open_doublings=open_doublings,
        rounded=flags["rounded"],
        counts_for_minimum=flags["counts_for_minimum"],
        per=per,
    )


def _worth_reads(scope: str, points: Points | None) -> frozenset[str]:
    """The facts a rule's worth reads beside its conditions: a pair's split value, how the hand was won
    (a pair a discard completed lies exposed: conditions.lies_exposed)."""
    split = points is not None and points.exposed != points.concealed
    return frozenset({"win_by"}) if split and scope == "pair" else frozenset()


def _doublings(value: Any, path: tuple[Any, ...]) -> tuple[int, int | None]:
    """(doublings, doublings when the hand is open or None): a number, or `{closed: N, open: M}`."""
    if isinstance(value, dict):
        strange = [key for key in value if key not in _SIDES]
        if strange:  # a typo of closed/open: name the key it is closest to
            said = unknown("doublings key", strange[0], list(_SIDES), also=strange[1:])
            raise Invalid((*path, strange[0]), said)
        if set(value) != set(_SIDES):
            raise Invalid(path, "doublings is a number or {closed, open}")
        return (
            int_value(value["closed"], (*path, "closed"), "doublings", MAX_DOUBLINGS),
            int_value(value["open"], (*path, "open"), "doublings", MAX_DOUBLINGS),
        )
    return int_value(value, path, "doublings", MAX_DOUBLINGS), None


def _per(
    raw: Any, path: tuple[Any, ...], where: str, scope: str
) -> tuple[Any, frozenset[str], frozenset[str]]:
    """A rule's `per:` count (conditions.indicators.COUNTERS), the facts it reads, and those it requires
    given (a count of one fact's tiles counts nothing without them: the rule then gives no line)."""
    if scope != "hand":
        raise Invalid(path, f"{where}: per is for a hand rule (scope: hand)")
    if not (isinstance(raw, dict) and len(raw) == 1):
        raise Invalid(path, f"{where}: per is a one-key mapping, e.g. {{indicated: dora}}")
    ((name, params),) = raw.items()
    counter = COUNTERS.get(name) if isinstance(name, str) else None
    if counter is None:
        raise Invalid(path, f"{where}: {unknown('count', name, sorted(COUNTERS))}")
    try:
        counter.spec.check(params)
    except ParamError as exc:
        raise Invalid(path, refusal(f"{where}: per {name!r}", exc)) from None
    reads = counter.reads(params)
    return counter.build(params), reads, reads if counter.of_fact and len(reads) == 1 else frozenset()


def _not_a_list(value: Any, key: str, where: str) -> str:
    """A `when:` (or `waiting_with:`) that is not a list: one condition written alone is told the list."""
    one = f": write one as a list too, [{as_written(value)}]" if isinstance(value, str | dict) else ""
    return f"{where}: {key} must be a list of conditions{one}"


def _conditions(raw: Any, path: tuple[Any, ...], where: str) -> tuple[Test, ...]:
    if not isinstance(raw, list):
        raise Invalid(path, _not_a_list(raw, path[-1], where))
    return tuple(_compile_condition(c, "hand", (*path, i))[0] for i, c in enumerate(raw))


def _penalty(raw: Any, index: int) -> Penalty:
    """Validate one `penalties:` entry (see PENALTY_TYPES)."""
    path: tuple[Any, ...] = ("penalties", index)
    penalty_id, where, label = _entry_head(raw, path, "penalty", "type", PENALTY_KEYS)
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in PENALTY_TYPES:
        raise Invalid((*path, "type"), f"{where}: {one_of('type', kind, PENALTY_TYPES)}")
    note = raw.get("note")
    if note is not None and not isinstance(note, str):
        raise Invalid((*path, "note"), f"{where}: note must be text{_unquoted(note)}")
    allowed = {
        "dead_hand": {"tiles"},
        "false_mahjongg": {"pays"},
        "pays_for_all": {"liable", "when", "excused"},
    }[kind]
    for key in sorted(set(raw) & {"tiles", "pays", "liable", "when", "excused"} - allowed):
        raise Invalid((*path, key), f"{where}: {key!r} does not apply to type {kind}")
    if kind == "dead_hand":
        tiles = int_value(raw.get("tiles", 13), (*path, "tiles"), "tiles")
        return Penalty(penalty_id, label, kind, tiles=tiles, index=index)
    if kind == "false_mahjongg":
        if "pays" not in raw:
            raise Invalid(path, f"{where}: needs pays (points, or {{limit_fraction}})")
        return Penalty(penalty_id, label, kind, pays=_points(raw["pays"], (*path, "pays")), index=index)
    liable = raw.get("liable", "discarder")
    if liable not in LIABLE:
        raise Invalid((*path, "liable"), f"{where}: {one_of('liable', liable, LIABLE)}")
    tests = _conditions(raw.get("when", []), (*path, "when"), where)
    # A feeder penalty with no `when:` is imposed on the table's word alone, whenever a feeder is named
    # (Kajongg's "Dangerous Game": the discarder of a tile the table calls dangerous pays for all). A
    # discarder is named by every win on a discard (--from), so his penalty says which hands it covers.
    if not tests and liable == "discarder":
        raise Invalid((*path, "when"), f"{where}: needs when: conditions on the winner's hand")
    excused = raw.get("excused", {})
    excuses = ["no_choice", "waiting_with"]
    if not isinstance(excused, dict):
        raise Invalid((*path, "excused"), f"{where}: excused is a mapping of no_choice and waiting_with")
    strange = [key for key in excused if key not in excuses]
    if strange:  # a typo: named at its line, the closest
        said = unknown("key", strange[0], excuses, also=strange[1:])
        raise Invalid((*path, "excused", strange[0]), f"{where}: excused has {said}")
    no_choice = excused.get("no_choice", True)
    if not isinstance(no_choice, bool):
        raise Invalid((*path, "excused", "no_choice"), f"{where}: {true_or_false('no_choice', no_choice)}")
    waiting = (
        _conditions(excused["waiting_with"], (*path, "excused", "waiting_with"), where)
        if "waiting_with" in excused
        else None
    )
    return Penalty(
        penalty_id,
        label,
        kind,
        liable=liable,
        tests=tests,
        excused_no_choice=no_choice,
        excused_waiting=waiting,
        index=index,
    )


def unique_ids(section: str, what: str, ids: list[Any]) -> None:
    """Refuse an id given twice in a section, naming the second place (None: an entry with no id, which
    its own check refuses)."""
    seen: dict[Any, int] = {}
    for i, item_id in enumerate(ids):
        if item_id is not None and item_id in seen:
            raise Invalid(
                (section, i, "id"),
                f"{what} id {item_id!r} appears twice (entries {seen[item_id] + 1} and {i + 1} of "
                f"{section}): give each {what} an id of its own",
            )
        seen.setdefault(item_id, i)


def _penalties(raw: Any) -> tuple[Penalty, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise Invalid(("penalties",), f"penalties must be a list{entries_hint(raw, 'penalty')}")
    penalties = tuple(_penalty(p, i) for i, p in enumerate(raw))
    unique_ids("penalties", "penalty", [p.id for p in penalties])
    for kind in ("dead_hand", "false_mahjongg"):
        found = [i for i, p in enumerate(penalties) if p.type == kind]
        if len(found) > 1:
            raise Invalid(("penalties", found[1]), f"only one penalty of type {kind} may be given")
    return penalties


def entries_hint(value: Any, what: str) -> str:
    """For a list section written as a mapping (its entries without `- `): what it got and what to write."""
    if isinstance(value, dict) and value:
        return f", got a mapping: begin each {what} with '- ' (- id: ...)"
    return ""


def _top_keys_unknown(keys: list[Any]) -> tuple[Any, str]:
    """The top-level key refused first, and why: a key of a section written at the left margin (`limit:`
    not indented under `settings:`) is told where it belongs; else every unknown key, with the known."""
    for key in keys:
        section = home_of(key)
        if section is not None:
            return key, f"unknown key {key!r}: it is a key of {section}: write it indented under {section}:"
    return keys[0], unknown("key", keys[0], sorted(TOP_KEYS), also=keys[1:])


def compile_ruleset(doc: dict[str, Any], default_name: str, source: str, *, authored: bool = True) -> Ruleset:
    """Validate a merged ruleset document and compile it; raise Invalid naming the offending node.

    `authored=False`: a snapshot an evening recorded, compiled as it was then (evening/settle.py):
    mistakes of writing a ruleset (authoring.py) refused since then do not lose the evening.
    """
    strange = [key for key in doc if key not in TOP_KEYS]
    if strange:
        key, said = _top_keys_unknown(strange)
        raise Invalid((key,), said)
    name = doc.get("name", default_name)
    if not isinstance(name, str) or not name:
        raise Invalid(("name",), f"name must be text{_unquoted(name)}")
    title = doc.get("title", name)
    if not isinstance(title, str):
        raise Invalid(("title",), f"title must be text{_unquoted(title)}")
    settings = read_settings(doc.get("settings"))
    wash = read_wash(doc.get("wash"))
    raw_rules = doc.get("rules")
    if not isinstance(raw_rules, list) or not raw_rules:
        raise Invalid(("rules",), f"rules must be a non-empty list{entries_hint(raw_rules, 'rule')}")
    rules = tuple(_rule(r, i) for i, r in enumerate(raw_rules))
    unique_ids("rules", "rule", [r.id for r in rules])
    if authored:
        authoring_mistakes(doc.get("name"), settings, wash, raw_rules, {r.id for r in rules})
    for i, rule in enumerate(rules):
        if settings.limit is not None or settings.limit_hand_value is not None:
            break  # a limit hand, and a share of the limit, have what they are measured by
        if rule.limit:
            raise Invalid(
                ("rules", i),
                f"rule {rule.id!r} is a limit hand, but no limit or limit_hand_value is set: give what it is "
                "worth (settings: {limit_hand_value: 500}, or a limit: 500 for every hand)",
            )
        if authored and rule.points is not None and rule.points.limit_fraction is not None:
            # Worth a share of no limit, it would score 0 on every hand, its line noted as counting for
            # nothing: refused as a limit hand is (an evening's snapshot, recorded before, still reads).
            raise Invalid(
                ("rules", i, "points"),
                f"rule {rule.id!r} is worth a share of the limit (points: {{limit_fraction: "
                f"{rule.points.limit_fraction}}}), but no limit or limit_hand_value is set: it would score 0",
            )
    named = {
        name: SHAPES[name]
        for r in doc["rules"]
        for c in r.get("when", [])
        if isinstance(c, dict) and "shape" in c
        for name in ([c["shape"]] if isinstance(c["shape"], str) else c["shape"])
    }
    # Conditions that are special shapes too (e.g. suit_pattern), each written once however many
    # rules ask it (seven pairs for its fu and for its han): the waits try every shape.
    patterns = {
        json.dumps([name, params], sort_keys=True, default=str): (name, params)
        for r in doc["rules"]
        for c in r.get("when", [])
        if isinstance(c, dict) and len(c) == 1
        for name, params in c.items()
        if name in PATTERN_SHAPES
    }
    shapes = (*named.values(), *(PATTERN_SHAPES[name](params) for name, params in patterns.values()))
    penalties = _penalties(doc.get("penalties"))
    if authored:
        ids = {r.id for r in rules}
        for i, raw in enumerate(doc.get("penalties") or []):  # each compiled: a mapping, lists of conditions
            where, excused = f"penalty {raw['id']!r}", raw.get("excused") or {}
            when_mistakes(raw.get("when", []), ("penalties", i, "when"), where, ids)
            waiting = ("penalties", i, "excused", "waiting_with")
            when_mistakes(excused.get("waiting_with", []), waiting, where, ids)
    return Ruleset(
        name=name,
        title=title,
        source=source,
        settings=settings,
        rules=rules,
        shapes=shapes,
        data=MappingProxyType(doc),
        penalties=penalties,
        wash=wash,
        evening=read_evening(doc.get("evening")),
        settlement=read_settlement(doc.get("settlement")),
    )
