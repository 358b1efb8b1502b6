"""A child ruleset applied over its base (`extends:`, docs/rulesets.md "House rules with `extends:`"):
settings by key, rules and penalties by id, `remove_rules:`, `remove_penalties:` and `remove_wash:`
drop, each drop and each id checked. Split from ruleset_files.py, which finds and reads the files
and compiles what this merges.
"""

from __future__ import annotations

import copy
from dataclasses import asdict
from typing import Any

from .engine.errors import as_written, closest
from .engine.rule_types import Words
from .engine.rules import RULE_KEYS, Invalid, entries_hint, unique_ids


def _hashable_id(entry: Any) -> Any:
    """An entry's id as unique_ids compares it (None: no id, or one no set can hold, which the loader
    refuses in its own words)."""
    found = entry.get("id") if isinstance(entry, dict) else None
    return found if isinstance(found, str | int | float | bool) else None


def _section(child: dict[str, Any], key: str) -> Any:
    """A child's list section as written, `[]` when absent or empty (`rules:` with only comments under
    it is YAML null): any other value is left for the caller to refuse, a false one too (`rules: {}`,
    `remove_rules: no`, `penalties: ""` dropped nothing and changed nothing without a word)."""
    found = child.get(key)
    return [] if found is None else found


def _dropped(child: dict[str, Any], key: str, what: str, entries: list[Any]) -> list[Any]:
    """The ids a child's `remove_rules:` or `remove_penalties:` (`key`) drops from the base's `entries`,
    each one the base has, named once: an id named twice is a slip (a typo for another id, or a line
    pasted twice) that would pass unnoticed, as the second drop drops nothing."""
    removed = _section(child, key)
    if not isinstance(removed, list):
        raise Invalid((key,), f"{key} must be a list of {what} ids")
    known = {e.get("id") for e in entries if isinstance(e, dict) and isinstance(e.get("id"), str)}
    for n, entry_id in enumerate(removed):
        if entry_id is None:  # `-` alone, or `[a, , b]`
            raise Invalid((key, n), f"{key} has an empty entry: each names a {what} id")
        if not isinstance(entry_id, str) or entry_id not in known:
            hint = closest(entry_id, sorted(str(k) for k in known))
            raise Invalid((key, n), f"{key} names {as_written(entry_id)}, which the base lacks{hint}")
        if entry_id in removed[:n]:
            first = removed.index(entry_id) + 1
            raise Invalid(
                (key, n), f"{key} names {entry_id!r} twice (entries {first} and {n + 1}): delete one"
            )
    return removed


def _kept_and_given(
    child: dict[str, Any], section: str, what: str, entries: list[Any]
) -> tuple[list[Any], list[Any]]:
    """The base's `entries` of `section` (rules, penalties) less those the child's `remove_<section>`
    drops, and the child's own entries: a list, each id once (a second entry of an id would silently
    merge into, or replace, the first)."""
    removed = _dropped(child, f"remove_{section}", what, entries)
    kept = [e for e in entries if not (isinstance(e, dict) and e.get("id") in removed)]
    given = _section(child, section)
    if not isinstance(given, list):
        raise Invalid((section,), f"{section} must be a list{entries_hint(given, what)}")
    unique_ids(section, what, [_hashable_id(entry) for entry in given])
    return kept, given


def _wash_dropped(base: dict[str, Any], child: dict[str, Any]) -> bool:
    """Whether a child drops its base's washing table (`remove_wash: true`). `wash:` is replaced whole
    (docs/rulesets.md), so an empty one would read as "no table", while an empty section changes nothing:
    refused where the base has a table, naming both ways; `remove_wash` where there is none to drop."""
    has_table = base.get("wash") is not None
    if "wash" in child and child["wash"] is None and has_table:
        raise Invalid(
            ("wash",),
            "wash: is empty, and an empty section changes nothing: to play without the base's washing "
            "table write remove_wash: true instead; to keep it, delete wash:",
        )
    if "remove_wash" not in child:
        return False
    if child["remove_wash"] is not True:
        raise Invalid(("remove_wash",), "remove_wash is true (drop the base's washing table), or left out")
    if not has_table:
        raise Invalid(("remove_wash",), "remove_wash drops the base's washing table, and the base has none")
    if child.get("wash") is not None:
        raise Invalid(("remove_wash",), "remove_wash drops the base's washing table, and wash: writes one")
    return True


def _words_merged(base_words: Any, words: Any) -> dict[str, Any] | None:
    """A child's `words:` over its base's, word by word (None: nothing to merge, the child's stands as
    written, for the loader to check): an author naming one word (`words: {limit_hand: yakuman hand}`
    over riichi's) keeps the base's others, as settings merge by key. An empty mapping over a base with
    words could mean either, keep them or go back to the engine's: refused, naming both."""
    if not (isinstance(base_words, dict) and base_words and isinstance(words, dict)):
        return None
    if not words:
        engine = ", ".join(f"{key}: {value}" for key, value in asdict(Words()).items())
        raise Invalid(
            ("settings", "words"),
            "words: is empty, and the base's words are kept word by word: to say the engine's, write "
            f"them (words: {{{engine}}}); to keep the base's, delete words:",
        )
    return {**copy.deepcopy(base_words), **copy.deepcopy(words)}


def merge(base: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """Apply a child ruleset over its base: settings by key, rules by id, `remove_rules` drops."""
    out = copy.deepcopy(base)
    if _wash_dropped(base, child):
        del out["wash"]
    # An empty section (`settings:` with only comments under it is YAML null) changes nothing.
    child = {
        k: v
        for k, v in child.items()
        if not (v is None and k in ("settings", "evening", "settlement", "wash", "penalties"))
    }
    for key, value in child.items():
        if key in ("extends", "rules", "remove_rules", "penalties", "remove_penalties", "remove_wash"):
            continue
        if key in ("settings", "evening", "settlement") and isinstance(value, dict):
            # Each is key: value settings: a house file changes the keys it names and keeps the rest.
            if not isinstance(out.get(key), dict):
                out[key] = {}
            words = _words_merged(out[key].get("words"), value.get("words")) if key == "settings" else None
            out[key].update(copy.deepcopy(value))
            if words is not None:
                out[key]["words"] = words
        else:
            out[key] = copy.deepcopy(value)
    rules, child_rules = _kept_and_given(child, "rules", "rule", list(out.get("rules") or []))
    removed = _section(child, "remove_rules")  # a list: _kept_and_given has checked it
    for n, rule in enumerate(child_rules):
        at = next(
            (
                i
                for i, r in enumerate(rules)
                if isinstance(r, dict) and isinstance(rule, dict) and r.get("id") == rule.get("id")
            ),
            None,
        )
        if at is None:
            if isinstance(rule, dict) and rule.get("id") in removed:
                raise Invalid(
                    ("rules", n, "id"),
                    f"rule {rule['id']!r} is changed here and removed by remove_rules: keep one of them",
                )
            # A key the rule does not take (`lable:`) is named by the compiler, with the key it is
            # closest to, rather than read as a missing label.
            unknown_keys = isinstance(rule, dict) and any(key not in RULE_KEYS for key in rule)
            if (
                isinstance(rule, dict)
                and isinstance(rule.get("id"), str)
                and "label" not in rule
                and not unknown_keys
            ):
                # Meant as a change to a base rule (no label: it would inherit one), but no base rule
                # has that id: name the id it is closest to, not only the missing label.
                ids = sorted(str(r.get("id")) for r in rules if isinstance(r, dict) and r.get("id"))
                hint = closest(rule["id"], ids)
                raise Invalid(
                    ("rules", n, "id"),
                    f"rule {rule['id']!r} is not a rule of the base{hint}: a new rule needs a label",
                )
            rules.append(copy.deepcopy(rule))
        else:
            merged = dict(rules[at])
            base_points = merged.get("points")
            merged.update(copy.deepcopy(rule))
            split = {"exposed", "concealed"}
            # `points: {concealed: 6}` changes one column of a split value and keeps the other.
            if (
                isinstance(base_points, dict)
                and isinstance(rule.get("points"), dict)
                and set(base_points) == split
                and set(rule["points"]) < split
            ):
                merged["points"] = {**base_points, **rule["points"]}
            for exclusive in ("points", "doublings", "limit"):
                # `limit: false` says the rule is no limit hand: no value, so the base's points stay.
                if exclusive in rule and rule[exclusive] is not False:
                    for other in ("points", "doublings", "limit"):
                        if other != exclusive and other not in rule:
                            merged.pop(other, None)
            rules[at] = merged
    out["rules"] = rules
    _merge_penalties(out, base, child)
    return out


def _merge_penalties(out: dict[str, Any], base: dict[str, Any], child: dict[str, Any]) -> None:
    """Penalties merge like rules: by id, the keys given replacing the base's and the others kept
    (`pays:` alone changes what a false Mah-Jongg pays); a `type:` other than the base's is a new
    penalty under that id, replacing it whole (a dead hand's `tiles` would not apply to a false
    Mah-Jongg). `remove_penalties` drops."""
    base_penalties = list(base.get("penalties") or []) if isinstance(base.get("penalties"), list) else []
    penalties, child_penalties = _kept_and_given(child, "penalties", "penalty", base_penalties)
    for n, penalty in enumerate(child_penalties):
        ids = [p.get("id") if isinstance(p, dict) else None for p in penalties]
        key = penalty.get("id") if isinstance(penalty, dict) else None
        if key is not None and key in ids:
            was = penalties[ids.index(key)]
            same_type = isinstance(was, dict) and penalty.get("type", was.get("type")) == was.get("type")
            if not same_type and "label" not in penalty and isinstance(was, dict):
                raise Invalid(
                    ("penalties", n, "type"),
                    f"penalty {key!r} changes type ({as_written(was.get('type'))} to "
                    f"{as_written(penalty.get('type'))}), so it is written whole: give its label and "
                    "every key of its type",
                )
            merged = {**was, **penalty} if same_type else penalty
            penalties[ids.index(key)] = copy.deepcopy(merged)
        else:
            if isinstance(key, str) and "label" not in penalty:
                # Meant as a change to a base penalty (no label: it would inherit one), as for rules.
                known = sorted(str(i) for i in ids if i)
                raise Invalid(
                    ("penalties", n, "id"),
                    f"penalty {key!r} is not a penalty of the base{closest(key, known)}: a new penalty "
                    "needs a label",
                )
            penalties.append(copy.deepcopy(penalty))
    if penalties or "penalties" in base:
        out["penalties"] = penalties
