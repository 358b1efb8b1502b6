"""What a ruleset can hold but no one means: the authoring checks of a ruleset file.

`compile_ruleset` (rules.py) makes them for a file as it is written (`authored=True`), never for the
snapshot an evening recorded, which is read as it was (docs/rulesets.md; docs/evening.md): a `when:`
entry whose parameters no one means, an entry no set, pair or hand of its rule meets, two entries
that never both hold, a rule id named that the ruleset lacks, a name on two lines, a limit of 0, tiers
or wash rows out of order, a limit hand paid less than a counted hand.
"""

from __future__ import annotations

import json
from typing import Any

from .conditions import MELD_KINDS, REGISTRY, params_mistakes, rules_named
from .errors import closest
from .rule_types import MAX_EAST_MULTIPLIER, Invalid, Settings, WashTable


def _params_mistakes(when: list[Any], path: tuple[Any, ...], where: str) -> None:
    """Refuse an entry of a `when:` list (already compiled) whose parameters no one means (Spec.mistake),
    at its line: `{count: {min: 3, max: 2}}` never holds, `{count: {exactly: 3, min: 1}}` says two
    counts (read as 1 to 3)."""
    if not params_mistakes(when):  # the usual case: one walk of the list, not one per entry
        return
    for j, entry in enumerate(when):
        for name, why in params_mistakes([entry]):
            raise Invalid((*path, j), f"{where}: {path[-1]}: {name}: {why}")


# The kinds of unit a set or pair rule is asked of (plan.py: a pair rule each pair, a set rule each chow,
# pung and kong; a special shape's single tiles neither).
_SCOPE_KINDS = {"set": MELD_KINDS["set"], "pair": MELD_KINDS["pair"]}


def _out_of_reach(when: list[Any], path: tuple[Any, ...], where: str, scope: str, who: str) -> None:
    """Refuse an entry of a rule's `when:` that no hand of its `who` meets (Condition.whose: `who:
    others` beside `winner`, `who: winner` beside `calling_for`), or, in a set or pair rule, whose kinds
    (Condition.kinds) hold none of the units the scope judges: `scope: pair` beside `meld: pung` or
    `wait: open` (a chow's). As for _never_both, inside `any:` or `not:` nothing is judged."""
    judged = _SCOPE_KINDS.get(scope)
    for j, entry in enumerate(when):
        name, _ = _name_params(entry)
        condition = REGISTRY.get(name) if isinstance(name, str) else None
        whose = condition.whose if condition is not None else "all"
        if who != "all" and whose not in ("all", who):
            hands = "a hand that went Mah-Jongg" if whose == "winner" else "a hand that did not go Mah-Jongg"
            raise Invalid(
                (*path, j),
                f"{where}: {path[-1]}: {name} holds only for {hands}, and the rule is who: {who}: change "
                "who or the entry",
            )
        kinds = _kinds(*_name_params(entry))
        if judged is not None and kinds is not None and not kinds & judged:
            units = "pairs" if scope == "pair" else "chows, pungs and kongs"
            shown = _shown(*_name_params(entry))
            raise Invalid(
                (*path, j),
                f"{where}: {path[-1]}: {shown} never holds in a rule of scope: {scope}, which judges only "
                f"{units}: change the scope or the entry",
            )


def _never_both(when: list[Any], path: tuple[Any, ...], where: str) -> None:
    """Refuse a `when:` list (its conditions all must hold; already compiled) that no hand can meet, where
    that is certain from two of its entries alone (_never_both_hint), at the second of them
    (docs/rulesets.md#basic-conditions). Inside `any:` or `not:` nothing is judged."""
    entries = [_name_params(entry) for entry in when]
    for j, (name, params) in enumerate(entries):
        for i, (other, other_params) in enumerate(entries[:j]):
            hint = _never_both_hint(name, params, other, other_params)
            if hint is not None:
                raise Invalid(
                    (*path, j),
                    f"{where}: {path[-1]}: {_shown(other, other_params)} (entry {i + 1}) and "
                    f"{_shown(name, params)} never both hold, so it could never apply: {hint}",
                )


def _never_both_hint(name: Any, params: Any, other: Any, other_params: Any) -> str | None:
    """What to write instead of two condition entries that never both hold, or None where that is not
    certain: one condition of a single value (Condition.one_of) asked twice with values that share none
    (`won_by: wall` and `won_by: discard`; `tiles: honors` and `tiles: simples`), or beside a `not:` of
    it whose values hold all of its own (`meld: pung` and `not: {meld: pung_or_kong}`); a condition
    beside its own `not` written alike; two whose kinds of set or pair share none (Condition.kinds:
    `meld: chow` and `tiles: honors`)."""
    same = REGISTRY.get(name) if isinstance(name, str) and other == name else None
    one_of = same.one_of if same is not None else None
    if one_of is not None and not one_of(params) & one_of(other_params):
        return f"for either, write one {name}: [{_listed(other_params)}, {_listed(params)}]"
    if (
        _negates(name, params, other, other_params)
        or _excludes(name, params, other, other_params)
        or _excludes(other, other_params, name, params)
    ):
        return "delete one"
    kinds, other_kinds = _kinds(name, params), _kinds(other, other_params)
    if kinds is not None and other_kinds is not None and not kinds & other_kinds:
        return "no set or pair is of a kind both allow"
    return None


def _excludes(name: Any, params: Any, other: Any, other_params: Any) -> bool:
    """Whether an entry is `not:` one of a condition of a single value (Condition.one_of) whose values
    hold all of the other entry's, of the same condition: then the other holding, it holds too."""
    if name != "not":
        return False
    inner, inner_params = _name_params(params)
    condition = REGISTRY.get(inner) if isinstance(inner, str) and inner == other else None
    one_of = condition.one_of if condition is not None else None
    return one_of is not None and one_of(other_params) <= one_of(inner_params)


def _kinds(name: Any, params: Any) -> frozenset[Any] | None:
    """The kinds of set or pair a condition entry can hold for (Condition.kinds), or None: any."""
    condition = REGISTRY.get(name) if isinstance(name, str) else None
    return condition.kinds(params) if condition is not None and condition.kinds is not None else None


def _name_params(entry: Any) -> tuple[Any, Any]:
    """(name, parameters) of a compiled condition entry: `- exposed` is ("exposed", None)."""
    if isinstance(entry, dict) and len(entry) == 1:
        return next(iter(entry.items()))
    return entry, None


def _negates(name: Any, params: Any, other: Any, other_params: Any) -> bool:
    """Whether one of two condition entries is `not:` the other, written alike."""
    return (name == "not" and _same(*_name_params(params), other, other_params)) or (
        other == "not" and _same(name, params, *_name_params(other_params))
    )


def _same(name: Any, params: Any, other: Any, other_params: Any) -> bool:
    """Whether two condition entries are written alike (parameters compared as data)."""
    return bool(
        name == other
        and json.dumps(params, sort_keys=True, default=str)
        == json.dumps(other_params, sort_keys=True, default=str)
    )


def _listed(params: Any) -> str:
    """A choice's values as a flow list holds them: `wall` or `wall, loose`."""
    return ", ".join(map(str, params)) if isinstance(params, list) else str(params)


def _shown(name: Any, params: Any) -> str:
    """A condition entry as written in one line: `won_by: wall`, `not: exposed`, `exposed`."""
    if params is None:
        return str(name)
    if name == "not":
        inner = _shown(*_name_params(params))
        return f"not: {{{inner}}}" if isinstance(params, dict) else f"not: {inner}"
    shown = f"[{_listed(params)}]" if isinstance(params, list) else _listed(params)
    return f"{name}: {json.dumps(params) if isinstance(params, dict) else shown}"


def authoring_mistakes(
    written: str | None, settings: Settings, wash: WashTable | None, raw_rules: list[Any], ids: set[str]
) -> None:
    """Refuse what a ruleset can hold but no one means: a `name:` written (`written`) on more than one
    line or with spaces around it, a limit of 0 (every payment capped at nothing:
    money would never move; `--limit` refuses 0 too, options.py; no limit is written null), a tier of
    `limits:` of 0 or below the tier before it, a limit hand valued below the last tier, an East
    multiplier past MAX_EAST_MULTIPLIER (payments past what JSON holds exactly), a wash row paying less
    than the row before or more than the limit (the book does not say it is capped), a condition's
    parameters that say nothing one can meet (Spec.mistake: a count of min 3 and max 2), a condition
    naming a rule id the ruleset lacks (a typo, or a rule `remove_rules` dropped: `calling_for` would
    never hold, `no_other_points` would let no line through), and a `when:` no hand can meet
    (_when_mistakes; the penalties' are judged alike once compiled, compile_ruleset)."""
    if written is not None and (written.strip() != written or len(written.splitlines()) != 1):
        # `name: |` keeps its line break: the name heads the breakdown, names a JSON record and a column
        # of `diff`, each one line (a file without a name is named by its stem, never refused).
        raise Invalid(("name",), f"name must be one line of text, without spaces around it, got {written!r}")
    for key in ("limit", "limit_hand_value"):
        if getattr(settings, key) == 0:
            said = f"{key} must be a whole number of 1 or more, or null for no limit, got 0"
            raise Invalid(("settings", key), said)  # as a negative is told (rule_sections.int_value)
    for i, tier in enumerate(settings.limits):
        # A tier of 0 pays a hand that reaches it nothing, as `limit: 0` would; a tier below the one
        # before pays a hand of more doublings less (riichi's tiers rise, docs/riichi.md#limits).
        below = settings.limits[i - 1] if i else None
        if tier.score == 0:
            said = f"limit {tier.name!r}: score must be a whole number of 1 or more, got 0"
            raise Invalid(("settings", "limits", i), said)  # as a negative is told (rule_sections.int_value)
        if below is not None and tier.score < below.score:
            raise Invalid(
                ("settings", "limits", i),
                f"limit {tier.name!r} scores {tier.score}, less than {below.name!r} ({below.score}) before "
                "it: a hand of more doublings would be paid less (scores rise with the doublings)",
            )
    top = settings.limits[-1] if settings.limits else None
    if top is not None and settings.limit_hand_value is not None and settings.limit_hand_value < top.score:
        # A limit hand (a yakuman) paid less than the highest tier a counted hand reaches (sanbaiman):
        # the rarest hand would be paid below an ordinary one (docs/riichi.md#limits).
        raise Invalid(
            ("settings", "limit_hand_value"),
            f"limit_hand_value {settings.limit_hand_value} is less than limit {top.name!r} ({top.score}):"
            " a limit hand would be paid less than a hand of counted doublings",
            also=(("settings", "limits", len(settings.limits) - 1),),
        )
    for path, multiplier in (
        (("settings", "east_multiplier"), settings.east_multiplier),
        (("wash", "east_multiplier"), wash.east_multiplier if wash is not None else 1),
    ):
        if multiplier > MAX_EAST_MULTIPLIER:
            raise Invalid(
                path,
                f"east_multiplier must be at most {MAX_EAST_MULTIPLIER}, got {multiplier} (East pays and "
                "collects a few times over; more would pay past what JSON readers hold exactly)",
            )
    rows = wash.payments if wash is not None else ()
    for (fewer, less), (heads, points) in zip(rows, rows[1:], strict=False):
        # As a limit tier below the one before: the book's rows rise with the heads ("B--Washing the
        # tiles", p. 61: 50, 70, 100, 150, 200), so a row paying less than the one before is a slip.
        if points < less:
            raise Invalid(
                ("wash", "payments", heads),
                f"wash row {heads} pays {points}, less than row {fewer} ({less}) before it: a hand of more "
                "different heads would be paid less (the book's rows rise with the heads)",
            )
    limit = settings.limit
    above = wash.above(limit) if wash and limit else None
    if above is not None:  # not paid on a guess (WashTable.above)
        heads, points = above
        raise Invalid(
            ("wash", "payments", heads),
            f"wash row {heads}: {points} from each player is above the limit of {limit}: the book "
            "does not say whether a wash is capped (its table stays below its limits); lower the row or "
            "raise the limit",
        )
    for i, raw in enumerate(raw_rules):
        where = f"rule {raw['id']!r}"
        reach = (raw.get("scope", "hand"), raw.get("who", "all"))
        when_mistakes(raw.get("when", []), ("rules", i, "when"), where, ids, reach)
    _shadowed(raw_rules)


def _shadowed(raw_rules: list[Any]) -> None:
    """Refuse a rule that never scores: an earlier rule of its `group`, of its scope and for its hands
    (`who`), holds wherever it does, and a set, a pair or a hand takes the first rule of its group that
    matches (plan.py). Certain only where each entry of the earlier rule's `when:` is implied by one of
    its own (_implies): a house file's `dragon_pung` appended to the book's `set_value` after
    `pung_heads` (a trial: `rules show` listed it, no hand ever paid it; docs/rulesets.md). A rule that
    waits for the other lines (`no_other_points`) is asked after them, but one implied by it asks the
    same condition, and waits too: asked in file order among them, as the others are."""
    for j, rule in enumerate(raw_rules):
        group = rule.get("group")
        if group is None:
            continue
        scope, who, when = rule.get("scope", "hand"), rule.get("who", "all"), rule.get("when", [])
        for earlier in raw_rules[:j]:
            if (
                earlier.get("group") == group
                and earlier.get("scope", "hand") == scope
                and earlier.get("who", "all") in ("all", who)
                and all(any(_implies(mine, entry) for mine in when) for entry in earlier.get("when", []))
            ):
                raise Invalid(
                    ("rules", j),
                    f"rule {rule['id']!r} never scores: rule {earlier['id']!r} comes before it in group "
                    f"{group!r} and holds wherever it does (a {scope if scope != 'hand' else 'hand'} takes "
                    f"the first rule of its group that matches): change {earlier['id']!r} instead, or "
                    "remove it (remove_rules) and write both, this one first",
                )


def _implies(entry: Any, other: Any) -> bool:
    """Whether a compiled `when:` entry holding makes `other` hold: the two written alike, or one
    condition of a single value (Condition.one_of) whose values are among the other's (`tiles:
    dragons` makes `tiles: heads` hold)."""
    name, params = _name_params(entry)
    other_name, other_params = _name_params(other)
    if _same(name, params, other_name, other_params):
        return True
    condition = REGISTRY.get(name) if isinstance(name, str) and name == other_name else None
    one_of = condition.one_of if condition is not None else None
    return one_of is not None and one_of(params) <= one_of(other_params)


def when_mistakes(
    when: list[Any],
    path: tuple[Any, ...],
    where: str,
    ids: set[str],
    reach: tuple[str, str] = ("hand", "all"),
) -> None:
    """Refuse a compiled `when:` list (a rule's of `reach`, its scope and who; a penalty's, or its
    `waiting_with:`) that no one means: an entry's parameters (_params_mistakes), an entry no set or
    pair of the scope or no hand of `who` meets (_out_of_reach), two entries that never both hold
    (_never_both), a rule id named that the ruleset lacks."""
    _params_mistakes(when, path, where)
    _out_of_reach(when, path, where, *reach)
    _never_both(when, path, where)
    for condition, named in rules_named(when):
        if named not in ids:
            raise Invalid(
                path,
                f"{where}: {condition} names rule {named!r}, which this ruleset does not have"
                + closest(named, sorted(ids)),
                names=named,
            )
