"""Compiling a plain ruleset document into a Ruleset, and the keys and values a document may hold.

`compile_ruleset` checks every key and value of a document (already read and merged by
`pungchow_calc.ruleset_files`) and builds each condition from `conditions.REGISTRY` by name; nothing in
a ruleset is ever evaluated as code. The compiled types live in `rule_types` and are importable from
here too.
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
from .errors import as_written, closest, one_of, unknown
from .impossible import IMPOSSIBLE
from .payments import BOOK, MAX_POINTS, SettlementRules
from .rule_types import (
    MAX_SMALL,
    MAX_WORD,
    NOT_WRITTEN,
    EveningRules,
    Invalid,
    LimitTier,
    Penalty,
    Points,
    Rule,
    Ruleset,
    Settings,
    WashTable,
    Words,
    any_of,
)
from .situation import SITUATION_FACTS

__all__ = [
    "LIABLE",
    "PENALTY_KEYS",
    "PENALTY_TYPES",
    "RULE_KEYS",
    "RULE_KEY_ORDER",
    "SCOPES",
    "SETTING_KEYS",
    "SETTLEMENT_KEYS",
    "TOP_KEYS",
    "TRUE_OR_FALSE",
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

MAX_INT = MAX_POINTS  # no point value, limit or count needs more
MAX_DOUBLINGS = 32  # per rule: an exponent, so a huge one would take forever to compute
MAX_LOSER_PAIRS = 7  # fourteen tiles hold at most seven pairs
_SIDES = ("closed", "open")  # the keys of a value that differs closed/open
_TIER_KEYS = ("name", "doublings", "score")  # the keys of a limit tier
MAX_EVENING = 1000  # east_repeat_cap, east_win_cap, sets_per_evening
MAX_PLAYERS = 4  # one a wind
AFTER_FALSE_MAHJONGG = ("east_keeps_unless_caller", "east_keeps", "deal_passes")
# The facts an evening may state of the win that reaches east_win_cap: a winner's on/off facts.
CAP_FACTS = tuple(f.field for f in SITUATION_FACTS if f.flag and f.loser_refused)
EVENING_KEYS = {
    "round_wind": "true: the prevailing wind turns each round (Part II); false: no round wind (Part I)",
    "east_repeat_cap": "how many times in a row East may keep the deal, or null for no cap (the book)",
    "east_win_cap": "East's wins since the deal came to him (draws between do not count or break them) "
    "after which it passes although he won, or null for no cap (the book; Kajongg's classical: 9)",
    "east_win_cap_fact": "the stated on/off fact the evening gives the win that reaches east_win_cap "
    "itself (a winner's fact: Kajongg's east_ninth_win), or null for none",
    "draw_passes_deal": "whether a draw game passes the deal (the book: East stays)",
    "after_false_mahjongg": "who is East after a false Mah-Jongg: " + ", ".join(AFTER_FALSE_MAHJONGG),
    "sets_per_evening": "sets (four rounds each) in an evening, or null: the players decide",
    "playable": "false: `evening` cannot keep this ruleset's game yet (`evening new` refuses it)",
}
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
WASH_KEYS = {"payments", "east_multiplier"}
SETTING_KEYS = {
    "limit": "a whole number of points (1 or more), or null for no limit",
    "limit_hand_value": "what a limit hand scores when no limit is in force, or null",
    "east_multiplier": "how many times East pays or collects (the book: 2; at most 64)",
    "loser_max_pairs": "how many pairs a non-winning hand may score",
    "settle_losers": "whether the losers settle their differences among themselves",
    "limit_each_score": "whether the limit caps each non-winner's score before the differences are settled "
    "(Kajongg: a hand's total is capped), rather than each difference (the book)",
    "draw_settles": "whether a draw game settles the hands' differences (the book's reading); false: no hand "
    "scores without a winner, nothing settles (Kajongg)",
    "max_chows": "the most chows a winning hand of four sets and a pair may hold, or null for any",
    "limit_hand_counts": "whether a limit hand scores its own count when that is more (no limit in force)",
    "long_hand_scores_zero": "whether a non-winning hand with too many tiles (past 13 plus one per kong) "
    "scores 0; else it scores its sets, and is refused past a winning hand's count",
    "limit_hand_alone": "whether a limit hand paid as such is scored by its limit lines alone: the other "
    "rules' lines, points and doublings are left out (riichi: a yakuman is the yakuman alone)",
    "original_hand_drawn": "whether the original hand of a seat other than East is completed by its first "
    "draw, marked ! (riichi's chiihou); else every original hand is as dealt, no tile marked (the book)",
    "doubling_base": "the score is points x 2^(doublings + this) (riichi: 2, the basic points)",
    "round_points": "the points total is rounded up to a multiple of this (riichi: 10), or null",
    "limits": "limits by doublings: a list of {name, doublings, score}, ascending; a score above the "
    "first tier's is that tier",
    "min_doublings": "a winning hand needs this many doublings of rules that count for it, or a limit hand",
    "not_written": "what this ruleset's hands never hold, refused: " + ", ".join(NOT_WRITTEN),
    "impossible": "stated facts this ruleset's play never has, refused: " + ", ".join(IMPOSSIBLE),
    "players": "the seats its game is played by, 2 to 4 (riichi: 4), or 0 for any of them: `settle` and "
    "`evening new` refuse a table of another number",
    "round_winds": "the prevalent winds its game is played in, from East, 1 to 4 (the default: 4; riichi's "
    "hanchan: 2, East and South): a hand stated in another round is scored as stated, with a note",
    "words": "its players' words for the engine's, said in its refusals (a hand short of min_doublings), "
    "on its score card (rules show), in a score's breakdown and summary and in diff's columns: a "
    "mapping of " + ", ".join(Words.__dataclass_fields__) + " to text (riichi: han, han, yaku, yakuman, fu, "
    "open, closed)",
}
# The settings that are true or false (the loader's check and the schema's type).
TRUE_OR_FALSE = (
    "settle_losers",
    "draw_settles",
    "limit_each_score",
    "limit_hand_counts",
    "long_hand_scores_zero",
    "limit_hand_alone",
    "original_hand_drawn",
)
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
# The `settlement:` section: how the winner's collection is paid (docs/rulesets.md#settlement).
DISCARD_PAYS = {
    "each": "every loser pays his share, as on a self-draw (the book)",
    "discarder": "the discarder alone pays every loser's share, as one payment",
}
SETTLEMENT_KEYS = {
    "discard_pays": "who pays on a discard: " + ", ".join(DISCARD_PAYS),
    "round_payments": "each payment of the winner's collection rounded up to a multiple of this (1: none)",
    "counter_points": "what each counter (--honba N) adds to the winner's collection, split among the payers",
    "deposit_points": "what each deposit on the table (--deposits N) gives the winner",
}
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


def _int_value(
    value: Any,
    path: tuple[Any, ...],
    what: str,
    maximum: int = MAX_INT,
    minimum: int = 0,
    also: str = "",
    least: int | None = None,
) -> int:
    """A whole number from `minimum` to `maximum`. The refusal states the real bound, `least` where a
    value from `minimum` up to it is refused by a later check (authoring_mistakes: `limit: 0`), with
    `also` after it (`, or null for no limit`): a negative and a 0 are told the same bound."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        shown = as_written(value)
        bound = minimum if least is None else least
        raise Invalid(path, f"{what} must be a whole number of {bound} or more{also}, got {shown}"[:200])
    if value > maximum:
        raise Invalid(path, f"{what} must be at most {maximum}, got {value}"[:200])
    return value


def _points(value: Any, path: tuple[Any, ...]) -> Points:
    if isinstance(value, dict):
        if set(value) == {"limit_fraction"}:
            frac = value["limit_fraction"]
            if isinstance(frac, bool) or not isinstance(frac, int | float) or not 0 < frac <= 1:
                raise Invalid(path, "limit_fraction must be a number above 0 and at most 1")
            return Points(limit_fraction=float(frac))
        if set(value) == {"exposed", "concealed"}:
            return Points(
                _int_value(value["exposed"], (*path, "exposed"), "points"),
                _int_value(value["concealed"], (*path, "concealed"), "points"),
            )
        # A typo of a column (`concealled`) is named with the key it is closest to.
        columns = ["exposed", "concealed", "limit_fraction"]
        typo = next((closest(k, columns) for k in value if k not in columns), "")
        raise Invalid(
            path,
            "points is a number, {exposed, concealed}, or {limit_fraction}, "
            f"got {as_written(value)}{typo}",
        )
    n = _int_value(value, path, "points")
    return Points(n, n)


def _true_or_false(key: str, value: Any) -> str:
    """A key that is true or false given anything else (`settle_losers: yes please`, `rounded: "no"`)."""
    return f"{key} must be true or false, got {as_written(value)}"[:200]


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
        head = f"{what} {raw.get('id', path[-1])!r}"
        said = unknown("key", key, sorted(keys), listed=False, also=others)
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
    values = [k for k in ("points", "doublings", "limit") if k in raw]
    if len(values) != 1:
        raise Invalid(path, f"{where}: give exactly one of points, doublings or limit")
    points = _points(raw["points"], (*path, "points")) if "points" in raw else None
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
            raise Invalid((*path, key), f"{where}: {_true_or_false(key, flags[key])}")
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
        reads=facts_read(when) | per_reads,
        tile_reads=facts_read(when) - facts_read(when, tile_reads=False) - per_reads,
        requires=facts_required(when) | per_requires,
        unit_reads=unit_fields_read(when),
        open_doublings=open_doublings,
        rounded=flags["rounded"],
        counts_for_minimum=flags["counts_for_minimum"],
        per=per,
    )


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
            _int_value(value["closed"], (*path, "closed"), "doublings", MAX_DOUBLINGS),
            _int_value(value["open"], (*path, "open"), "doublings", MAX_DOUBLINGS),
        )
    return _int_value(value, path, "doublings", MAX_DOUBLINGS), None


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


def _section(raw: Any, name: str, what: str, known: list[str]) -> dict[Any, Any]:
    """The `name:` section as a mapping of known keys, before any value is read (`what`: a key's name)."""
    if not isinstance(raw, dict):
        raise Invalid((name,), f"{name} must be a mapping{_not_a_mapping(raw)}")
    strange = [key for key in raw if key not in known]
    for key in strange:
        # A key of another section (`round_payments:` under settings:) is told where it belongs,
        # before any key of this one it is merely close to (`round_points`).
        home = _home_of(key, name)
        if home is not None:
            raise Invalid(
                (name, key), f"unknown {what} {key!r}: it is a key of {home}: write it under {home}:"
            )
    if strange:  # every one in the one line (unknown), at the first one's line
        raise Invalid((name, strange[0]), unknown(what, strange[0], known, also=strange[1:]))
    return raw


def _not_a_mapping(raw: Any) -> str:
    """What a section read as something other than key: value lines was, and what to write: `limit:500`
    (no space after the colon) and `limit = 500` are text to YAML, and `- limit: 500` a list."""
    if isinstance(raw, str) and ":" in raw and ": " not in raw:
        key, _, value = raw.partition(":")
        return f", got {as_written(raw)}: write a space after the colon ({key.strip()}: {value.strip()})"
    if isinstance(raw, str) and "=" in raw:
        key, _, value = raw.partition("=")
        return f", got {as_written(raw)}: write key: value ({key.strip()}: {value.strip()})"[:200]
    if isinstance(raw, list):
        return ", got a list: write its keys without '- ' before them"
    return f", got {as_written(raw)}"[:200]


def _settings(raw: Any) -> Settings:
    if raw is None:
        return Settings()
    raw = _section(raw, "settings", "setting", list(SETTING_KEYS))
    out: dict[str, Any] = {}
    for key in ("limit", "limit_hand_value", "max_chows"):
        if key in raw:
            value = raw[key]
            # A limit of 0 is refused as an authoring mistake (authoring.py): its bound, 1, said here too.
            least, also = (1, ", or null for no limit") if key != "max_chows" else (None, "")
            out[key] = (
                None if value is None else _int_value(value, ("settings", key), key, also=also, least=least)
            )
    for key in ("east_multiplier", "loser_max_pairs"):
        if key in raw:
            most = MAX_LOSER_PAIRS if key == "loser_max_pairs" else MAX_INT
            out[key] = _int_value(raw[key], ("settings", key), key, most, int(key == "east_multiplier"))
    for key in TRUE_OR_FALSE:
        if key in raw:
            if not isinstance(raw[key], bool):
                raise Invalid(("settings", key), _true_or_false(key, raw[key]))
            out[key] = raw[key]
    for key in ("doubling_base", "round_points", "min_doublings"):
        if key in raw:
            value = raw[key]
            rounds = key == "round_points"
            out[key] = (
                None
                if value is None and rounds
                else _int_value(
                    value, ("settings", key), key, MAX_SMALL, int(rounds), ", or null" if rounds else ""
                )
            )
    if "limits" in raw:
        out["limits"] = _limits(raw["limits"])
    for key, known in (("not_written", NOT_WRITTEN), ("impossible", IMPOSSIBLE)):
        if key in raw:
            given = raw[key]
            entries = given if isinstance(given, list) else []
            wrong = [i for i, x in enumerate(entries) if not (isinstance(x, str) and x in known)]
            if not isinstance(given, list) or wrong:  # named at the entry: `-` alone is null
                shown = as_written(entries[wrong[0]] if wrong else given)
                # A typo gets its closest name; one name written alone, the list it should be.
                hint = closest(entries[wrong[0]], list(known)) if wrong else ""
                if isinstance(given, str) and given in known:
                    hint = f": write one as a list too, [{given}]"
                raise Invalid(
                    ("settings", key, *wrong[:1]), f"{key} is a list of {', '.join(known)}, got {shown}{hint}"
                )
            out[key] = frozenset(given)
    if "players" in raw:
        out["players"] = _int_value(raw["players"], ("settings", "players"), "players", MAX_PLAYERS)
        if out["players"] == 1:
            raise Invalid(("settings", "players"), "players must be 2 to 4, or 0 for any of them")
    if "round_winds" in raw:
        out["round_winds"] = _int_value(
            raw["round_winds"], ("settings", "round_winds"), "round_winds", MAX_PLAYERS, 1
        )
    if "words" in raw:
        out["words"] = _words(raw["words"])
    return Settings(**out)


def _words(raw: Any) -> Words:
    """The `words:` setting: each of Words' keys given, a word or two of text."""
    path: tuple[Any, ...] = ("settings", "words")
    keys = list(Words.__dataclass_fields__)
    if not isinstance(raw, dict):
        raise Invalid(path, f"words is a mapping of {', '.join(keys)} to text")
    strange = [key for key in raw if key not in keys]
    if strange:  # a typo of a key: name the key it is closest to
        raise Invalid((*path, strange[0]), unknown("word", strange[0], keys, also=strange[1:]))
    for key, value in raw.items():
        if not (isinstance(value, str) and value.strip() and value.isprintable() and len(value) <= MAX_WORD):
            raise Invalid((*path, key), f"words: {key} must be text of 1 to {MAX_WORD} characters")
    return Words(**raw)


def _limits(raw: Any) -> tuple[LimitTier, ...]:
    """The `limits:` tiers: each {name, doublings, score}, doublings ascending."""
    path: tuple[Any, ...] = ("settings", "limits")
    if not isinstance(raw, list):
        raise Invalid(path, "limits must be a list of {name, doublings, score}")
    tiers = []
    for i, tier in enumerate(raw):
        strange = [key for key in tier if key not in _TIER_KEYS] if isinstance(tier, dict) else []
        if strange:  # a typo of a key: name the key it is closest to
            said = unknown("limit key", strange[0], list(_TIER_KEYS), also=strange[1:])
            raise Invalid((*path, i, strange[0]), said)
        if not isinstance(tier, dict) or set(tier) != set(_TIER_KEYS):
            raise Invalid((*path, i), "a limit is a mapping of name, doublings and score")
        if not isinstance(tier["name"], str) or not tier["name"]:
            raise Invalid((*path, i, "name"), "a limit's name must be text")
        named = f"limit {tier['name']!r}: "  # which tier, as authoring's checks of a tier name it
        tiers.append(
            LimitTier(
                tier["name"],
                _int_value(tier["doublings"], (*path, i, "doublings"), f"{named}doublings", MAX_DOUBLINGS),
                _int_value(tier["score"], (*path, i, "score"), f"{named}score", least=1),  # 0: authoring.py
            )
        )
    if [t.doublings for t in tiers] != sorted({t.doublings for t in tiers}):
        raise Invalid(path, "limits must be in ascending order of doublings, each once")
    return tuple(tiers)


def _evening(raw: Any) -> EveningRules:
    """Validate the `evening:` section (see EVENING_KEYS); a missing key keeps the book's behaviour."""
    if raw is None:
        return EveningRules()
    out: dict[str, Any] = {}
    for key, value in _section(raw, "evening", "evening key", list(EVENING_KEYS)).items():
        path = ("evening", key)
        if key in ("round_wind", "draw_passes_deal", "playable"):
            if not isinstance(value, bool):
                raise Invalid(path, _true_or_false(key, value))
            out[key] = value
        elif key == "after_false_mahjongg":
            if value not in AFTER_FALSE_MAHJONGG:
                raise Invalid(path, one_of("after_false_mahjongg", value, AFTER_FALSE_MAHJONGG))
            out[key] = value
        elif key == "east_win_cap_fact":
            if value is not None and value not in CAP_FACTS:
                facts = ", ".join(CAP_FACTS)
                hint = closest(value, list(CAP_FACTS))
                raise Invalid(
                    path, f"east_win_cap_fact must be null or one of {facts}, got {as_written(value)}{hint}"
                )
            out[key] = value
        else:
            # An evening of 0 sets would be over before its first game, and a cap of 0 wins would pass
            # the deal before East won: at least one, or null.
            least = 1 if key in ("sets_per_evening", "east_win_cap") else 0
            out[key] = None if value is None else _int_value(value, path, key, MAX_EVENING, least)
    if out.get("east_win_cap_fact") is not None and out.get("east_win_cap") is None:
        raise Invalid(
            ("evening", "east_win_cap_fact"), "east_win_cap_fact needs east_win_cap: the win it is stated of"
        )
    return EveningRules(**out)


def _settlement(raw: Any) -> SettlementRules:
    """Validate the `settlement:` section (see SETTLEMENT_KEYS); a missing key keeps the book's way."""
    if raw is None:
        return BOOK
    out: dict[str, Any] = {}
    for key, value in _section(raw, "settlement", "settlement key", list(SETTLEMENT_KEYS)).items():
        path = ("settlement", key)
        if key == "discard_pays":
            if not isinstance(value, str) or value not in DISCARD_PAYS:  # a list would not hash
                raise Invalid(path, one_of("discard_pays", value, DISCARD_PAYS)[:200])
            out[key] = value
            continue
        rounds = key == "round_payments"
        out[key] = _int_value(value, path, key, MAX_INT, int(rounds), " (1: no rounding)" if rounds else "")
    terms = SettlementRules(**out)
    return BOOK if terms == BOOK else terms


def _wash(raw: Any) -> WashTable | None:
    """Validate the `wash:` table: different heads -> points from each player, East's multiplier."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise Invalid(("wash",), "wash must be a mapping with payments (and east_multiplier)")
    strange = [key for key in raw if key not in WASH_KEYS]
    if strange:
        raise Invalid(
            ("wash", strange[0]), unknown("wash key", strange[0], sorted(WASH_KEYS), also=strange[1:])
        )
    table = raw.get("payments")
    if not isinstance(table, dict) or not table:
        raise Invalid(("wash", "payments"), "wash payments must map different heads to points")
    rows: list[tuple[int, int]] = []
    for heads, points in table.items():
        # 1 to 13: there are thirteen different heads (Part II, limit hand 1); one bound, told alike to
        # `nine`, 0 and 14.
        need = _int_value(heads, ("wash", "payments", heads), "wash heads", 13, 1)
        rows.append((need, _int_value(points, ("wash", "payments", heads), "wash points")))
    multiplier = _int_value(
        raw.get("east_multiplier", 1), ("wash", "east_multiplier"), "east_multiplier", MAX_INT, 1
    )
    return WashTable(tuple(sorted(rows)), multiplier)


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
        tiles = _int_value(raw.get("tiles", 13), (*path, "tiles"), "tiles")
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
        raise Invalid((*path, "excused", "no_choice"), f"{where}: {_true_or_false('no_choice', no_choice)}")
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


def _home_of(key: object, besides: str = "") -> str | None:
    """The section a key belongs to (the first that has it), other than `besides`, or None."""
    sections = (
        ("settings", SETTING_KEYS),
        ("evening", EVENING_KEYS),
        ("settlement", SETTLEMENT_KEYS),
        ("wash", WASH_KEYS),
    )
    return next((section for section, keys in sections if section != besides and key in keys), None)


def _top_keys_unknown(keys: list[Any]) -> tuple[Any, str]:
    """The top-level key refused first, and why: a key of a section written at the left margin (`limit:`
    not indented under `settings:`) is told where it belongs; else every unknown key, with the known."""
    for key in keys:
        section = _home_of(key)
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
    settings = _settings(doc.get("settings"))
    wash = _wash(doc.get("wash"))
    raw_rules = doc.get("rules")
    if not isinstance(raw_rules, list) or not raw_rules:
        raise Invalid(("rules",), f"rules must be a non-empty list{entries_hint(raw_rules, 'rule')}")
    rules = tuple(_rule(r, i) for i, r in enumerate(raw_rules))
    unique_ids("rules", "rule", [r.id for r in rules])
    if authored:
        authoring_mistakes(doc.get("name"), settings, wash, raw_rules, {r.id for r in rules})
    for i, rule in enumerate(rules):
        if rule.limit and settings.limit is None and settings.limit_hand_value is None:
            raise Invalid(
                ("rules", i),
                f"rule {rule.id!r} is a limit hand, but no limit or limit_hand_value is set",
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
        evening=_evening(doc.get("evening")),
        settlement=_settlement(doc.get("settlement")),
    )
