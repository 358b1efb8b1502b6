"""Rulesets: load YAML safely, follow `extends:`, validate, and compile conditions from the registry.

A ruleset is data only. Loading is YAML's safe loader plus the checks below; conditions are
looked up by name in `predicates.REGISTRY`; nothing in a file is ever evaluated as code.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .decomposition import ShapeTest
from .errors import RulesetError
from .predicates import REGISTRY, SHAPES, Condition, Context, ParamError, Test

MAX_FILE_BYTES = 256 * 1024  # a score card is a few kilobytes; refuse anything absurd
MAX_EXTENDS_DEPTH = 8
# Untrusted files: the C loader builds nested collections recursively (tens of thousands of levels
# crash the interpreter) and shares aliased nodes, so a "billion laughs" file loads small but makes
# every walk over it explode. Both are refused from the event stream, before anything is built.
MAX_DEPTH = 32  # the shipped score cards nest under ten deep
MAX_NODES = 20_000  # nodes with every alias expanded; the shipped score cards have about 1,000
MAX_INT = 10**9  # no point value, limit or count needs more
MAX_DOUBLINGS = 32  # per rule: an exponent, so a huge one would take forever to compute
MAX_LOSER_PAIRS = 7  # fourteen tiles hold at most seven pairs
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
}
WASH_KEYS = {"payments", "east_multiplier"}
SETTING_KEYS = {
    "limit": "a whole number of points, or null for no limit",
    "limit_hand_value": "what a limit hand scores when no limit is in force, or null",
    "east_multiplier": "how many times East pays or collects (the book: 2)",
    "loser_max_pairs": "how many pairs a non-winning hand may score",
    "settle_losers": "whether the losers settle their differences among themselves",
}
RULE_KEYS = {"id", "label", "scope", "who", "group", "when", "points", "doublings", "limit", "note"}
SCOPES = ("hand", "set", "pair")
WHO = ("winner", "others", "all")


@dataclass(frozen=True, slots=True)
class Points:
    """A point value: one number, a split by exposed/concealed, or a fraction of the limit."""

    exposed: int = 0
    concealed: int = 0
    limit_fraction: float | None = None

    def value(self, exposed: bool, limit: int | None) -> int:
        """Points for a set lying as given (limit fractions use the limit in force)."""
        if self.limit_fraction is not None:
            return int((limit or 0) * self.limit_fraction)
        return self.exposed if exposed else self.concealed


_POINT_KINDS = {"hand": "bonus", "set": "set", "pair": "pair"}


@dataclass(frozen=True, slots=True)
class Rule:
    """One line of the score card: when it applies and what it is worth."""

    id: str
    label: str
    scope: str
    who: str
    group: str | None
    tests: tuple[Test, ...]
    points: Points | None
    doublings: int
    limit: bool
    deferred: bool
    index: int
    local: bool = False  # every condition reads only the unit, the situation and the winning tile

    @property
    def kind(self) -> str:
        """The SPEC §3 line kind this rule produces."""
        if self.limit:
            return "limit"
        if self.doublings:
            return "double"
        return _POINT_KINDS[self.scope]

    def applies(self, ctx: Context, unit: Any) -> bool:
        """True when every condition holds for this arrangement and unit."""
        for test in self.tests:  # noqa: SIM110 - all(genexpr) costs a generator per call on a hot path
            if not test(ctx, unit):
                return False
        return True


@dataclass(frozen=True, slots=True)
class Settings:
    """Ruleset-wide values: the limit, the East multiplier and the like."""

    limit: int | None = None
    limit_hand_value: int | None = None
    east_multiplier: int = 2
    loser_max_pairs: int = 1
    settle_losers: bool = True


@dataclass(frozen=True, slots=True)
class WashTable:
    """Part II "Washing the Tiles": what each player pays for so many different heads."""

    payments: tuple[tuple[int, int], ...]  # (different heads, points from each player), ascending
    east_multiplier: int = 1

    @property
    def min_heads(self) -> int:
        """The fewest different heads that wash the tiles."""
        return self.payments[0][0]

    def amount(self, heads: int) -> int | None:
        """Points from each player for `heads` different heads (the highest row reached), or None."""
        reached = [points for need, points in self.payments if heads >= need]
        return reached[-1] if reached else None


PENALTY_TYPES = {
    "dead_hand": "a hand with the wrong number of tiles: its score does not count and it pays all",
    "false_mahjongg": "a player who calls Mah-Jongg on an incomplete hand pays each other player",
    "pays_for_all": "the player liable for the winning hand pays the winner for everyone",
}
PENALTY_KEYS = {"id", "label", "type", "note", "tiles", "pays", "liable", "when", "excused"}
LIABLE = ("discarder", "feeder")


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty of the ruleset (Harr, "Penalties"; "Mah-Jongg or Mah-Diao"): data, with its tests."""

    id: str
    label: str
    type: str  # one of PENALTY_TYPES
    tiles: int = 13  # dead_hand: tiles a non-winner holds, plus one per kong
    pays: Points | None = None  # false_mahjongg: paid to each other player (East: times east_multiplier)
    liable: str = "discarder"  # pays_for_all: --from (discarder) or --feeder (feeder)
    tests: tuple[Test, ...] = ()  # pays_for_all: on the winner's hand, all must hold
    excused_no_choice: bool = True  # pays_for_all: --no-choice excuses the liable player
    excused_waiting: tuple[Test, ...] | None = None  # the liable hand, completed by a tile it waits for
    index: int = 0


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A loaded, validated, immutable ruleset."""

    name: str
    title: str
    source: str
    settings: Settings
    rules: tuple[Rule, ...]
    shapes: tuple[ShapeTest, ...]
    data: MappingProxyType[str, Any]  # the merged document, for `rules show` and `rules diff`
    penalties: tuple[Penalty, ...] = ()  # "Penalties" and the dead hand, in file order
    wash: WashTable | None = None  # Part II "Washing the Tiles"; None when the ruleset has no table


def builtin_dir() -> Path:
    """Where the shipped rulesets live (installed package data, or the source checkout)."""
    try:
        found = Path(str(resources.files("pungchow_calc.rulesets")))
        if found.is_dir():
            return found
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent / "rulesets"


def builtin_names() -> list[str]:
    """Names of the shipped rulesets."""
    return sorted(p.stem for p in builtin_dir().glob("*.yaml"))


def resolve(name_or_path: str, relative_to: Path | None = None) -> Path:
    """Find a ruleset file by path (absolute, or relative to the extending file) or by name."""
    candidates: list[Path] = []
    looks_like_path = name_or_path.endswith((".yaml", ".yml")) or "/" in name_or_path
    if looks_like_path:
        if relative_to is not None:
            candidates.append(relative_to / name_or_path)
        candidates.append(Path(name_or_path))
    else:
        candidates.append(builtin_dir() / f"{name_or_path}.yaml")
    for path in candidates:
        try:
            if path.is_file():
                return path
        except (OSError, ValueError):  # a name too long, a directory we may not enter, a NUL
            continue
    known = ", ".join(builtin_names())
    raise RulesetError(
        f"no ruleset {name_or_path!r} (shipped: {known}; or give a .yaml path)",
        code="ruleset-not-found",
        file=name_or_path,
    )


def _read(path: Path) -> tuple[str, Any]:
    import yaml  # imported here so commands that never load a ruleset start faster

    try:
        with path.open("rb") as stream:  # never read more than the limit, whatever the file is
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise RulesetError(
            f"cannot read: {exc.strerror}", code="ruleset-unreadable", file=str(path)
        ) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RulesetError(
            f"file is over {MAX_FILE_BYTES} bytes, more than a ruleset needs",
            code="ruleset-too-large",
            file=str(path),
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesetError("not UTF-8 text", code="ruleset-invalid", file=str(path)) from None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C build of safe_load
    try:
        _check_structure(text, path, loader)
        return text, yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise RulesetError(
            f"not valid YAML: {problem}",
            code="ruleset-yaml",
            file=str(path),
            line=mark.line + 1 if mark is not None else None,
        ) from None
    except RecursionError:
        raise RulesetError("nested too deeply", code="ruleset-invalid", file=str(path)) from None
    except (ValueError, OverflowError) as exc:  # e.g. a 5,000-digit number, a date of month 13
        raise RulesetError(
            f"not valid YAML: a value cannot be read ({str(exc).splitlines()[0][:80]})",
            code="ruleset-yaml",
            file=str(path),
        ) from None


def _check_structure(text: str, path: Path, loader: Any) -> None:
    """Refuse a document nested deeper than MAX_DEPTH, or over MAX_NODES with aliases expanded.

    Reads the parser's event stream (no objects are built) and stops at the first excess, so the
    cost is bounded whatever the file holds. An alias inside the node it names is a cycle.
    """
    import yaml

    def too_complex(message: str, event: Any) -> RulesetError:
        mark = getattr(event, "start_mark", None)
        line = mark.line + 1 if mark is not None else None
        return RulesetError(message, code="ruleset-too-complex", file=str(path), line=line)

    sizes: dict[str, int] = {}  # anchor -> nodes it stands for, once complete
    frames: list[list[Any]] = []  # [anchor, nodes so far] of each open collection
    total = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
            if len(frames) >= MAX_DEPTH:
                raise too_complex(f"nested more than {MAX_DEPTH} deep", event)
            if event.anchor is not None:
                sizes.pop(event.anchor, None)  # an alias to it from inside would be a cycle
            frames.append([event.anchor, 1])
            continue
        if isinstance(event, yaml.AliasEvent):
            size = sizes.get(event.anchor) if event.anchor is not None else None
            if size is None:
                raise too_complex(f"alias *{event.anchor} refers to a node that contains it", event)
        elif isinstance(event, yaml.ScalarEvent):
            size = 1
            if event.anchor is not None:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
            anchor, size = frames.pop()
            if anchor is not None:
                sizes[anchor] = size
        else:
            continue
        if frames:
            frames[-1][1] += size
            size = frames[-1][1]
        else:
            total += size
            size = total
        if size > MAX_NODES:
            raise too_complex(f"more than {MAX_NODES} values once aliases are expanded", event)


def line_of(text: str, path: tuple[Any, ...]) -> int | None:
    """The line of the node at a key/index path in a YAML document (for error messages)."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):
        return None
    line = node.start_mark.line + 1 if node is not None else None
    for step in path:
        if isinstance(node, yaml.MappingNode):
            match = next((v for k, v in node.value if getattr(k, "value", None) == step), None)
            if match is None:
                break
            node = match
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            break
        line = node.start_mark.line + 1
    return line


class _Invalid(Exception):
    def __init__(self, path: tuple[Any, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def _merge(base: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """Apply a child ruleset over its base: settings by key, rules by id, `remove_rules` drops."""
    out = copy.deepcopy(base)
    # An empty section (`settings:` with only comments under it is YAML null) changes nothing.
    child = {k: v for k, v in child.items() if not (v is None and k in ("settings", "wash", "penalties"))}
    for key, value in child.items():
        if key in ("extends", "rules", "remove_rules", "penalties", "remove_penalties"):
            continue
        if key == "settings" and isinstance(value, dict):
            out.setdefault("settings", {})
            if not isinstance(out["settings"], dict):
                out["settings"] = {}
            out["settings"].update(copy.deepcopy(value))
        else:
            out[key] = copy.deepcopy(value)
    rules = list(out.get("rules") or [])
    removed = child.get("remove_rules") or []
    if not isinstance(removed, list):
        raise _Invalid(("remove_rules",), "remove_rules must be a list of rule ids")
    known = {r.get("id") for r in rules if isinstance(r, dict) and isinstance(r.get("id"), str)}
    for n, rule_id in enumerate(removed):
        if not isinstance(rule_id, str) or rule_id not in known:
            raise _Invalid(("remove_rules", n), f"remove_rules names {rule_id!r}, which the base lacks")
    rules = [r for r in rules if not (isinstance(r, dict) and r.get("id") in removed)]
    child_rules = child.get("rules") or []
    if not isinstance(child_rules, list):
        raise _Invalid(("rules",), "rules must be a list")
    child_ids: set[Any] = set()
    for n, rule in enumerate(child_rules):
        # Two entries with one id in the same file would silently merge into one rule.
        rule_id = rule.get("id") if isinstance(rule, dict) else None
        if rule_id is not None and rule_id in child_ids:
            raise _Invalid(("rules", n, "id"), f"rule id {rule_id!r} appears twice")
        child_ids.add(rule_id)
        at = next(
            (
                i
                for i, r in enumerate(rules)
                if isinstance(r, dict) and isinstance(rule, dict) and r.get("id") == rule.get("id")
            ),
            None,
        )
        if at is None:
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
                if exclusive in rule:
                    for other in ("points", "doublings", "limit"):
                        if other != exclusive and other not in rule:
                            merged.pop(other, None)
            rules[at] = merged
    out["rules"] = rules
    _merge_penalties(out, base, child)
    return out


def _merge_penalties(out: dict[str, Any], base: dict[str, Any], child: dict[str, Any]) -> None:
    """Penalties merge like rules: by id (a child entry replaces the base's), `remove_penalties` drops."""
    penalties = list(base.get("penalties") or []) if isinstance(base.get("penalties"), list) else []
    removed = child.get("remove_penalties") or []
    if not isinstance(removed, list):
        raise _Invalid(("remove_penalties",), "remove_penalties must be a list of penalty ids")
    known = {p.get("id") for p in penalties if isinstance(p, dict) and isinstance(p.get("id"), str)}
    for n, penalty_id in enumerate(removed):
        if not isinstance(penalty_id, str) or penalty_id not in known:
            raise _Invalid(
                ("remove_penalties", n), f"remove_penalties names {penalty_id!r}, which the base lacks"
            )
    penalties = [p for p in penalties if not (isinstance(p, dict) and p.get("id") in removed)]
    child_penalties = child.get("penalties") or []
    if not isinstance(child_penalties, list):
        raise _Invalid(("penalties",), "penalties must be a list")
    for penalty in child_penalties:
        ids = [p.get("id") if isinstance(p, dict) else None for p in penalties]
        key = penalty.get("id") if isinstance(penalty, dict) else None
        if key is not None and key in ids:
            penalties[ids.index(key)] = copy.deepcopy(penalty)
        else:
            penalties.append(copy.deepcopy(penalty))
    if penalties or "penalties" in base:
        out["penalties"] = penalties


def _document(path: Path, chain: tuple[Path, ...]) -> tuple[dict[str, Any], str]:
    """Read a file and everything it extends into one merged document."""
    if len(chain) > MAX_EXTENDS_DEPTH:
        raise RulesetError("extends: chain is too long", code="ruleset-extends", file=str(path))
    text, doc = _read(path)
    if not isinstance(doc, dict):
        raise RulesetError(
            "a ruleset is a mapping (name:, settings:, rules: ...)",
            code="ruleset-invalid",
            file=str(path),
            line=1,
        )
    parent = doc.get("extends")
    if parent is None:
        return doc, text
    if not isinstance(parent, str):
        raise RulesetError(
            "extends: must name one ruleset",
            code="ruleset-invalid",
            file=str(path),
            line=line_of(text, ("extends",)),
        )
    if not parent.endswith((".yaml", ".yml")) and ("/" in parent or "\\" in parent):
        # Only ruleset files are followed: a path to anything else is refused without reading it.
        raise RulesetError(
            f"extends: {parent!r} is not a ruleset (a shipped name or a .yaml/.yml file)",
            code="ruleset-extends",
            file=str(path),
            line=line_of(text, ("extends",)),
        )
    try:
        base_path = resolve(parent, path.parent).resolve()
    except RulesetError as missing:
        # Name the extending file and its `extends:` line, not just the missing name.
        raise RulesetError(
            f"extends: {missing.message}",
            code=missing.code,
            file=str(path),
            line=line_of(text, ("extends",)),
        ) from None
    if base_path in chain or base_path == path.resolve():
        raise RulesetError(
            f"extends: {parent!r} makes a cycle",
            code="ruleset-extends",
            file=str(path),
            line=line_of(text, ("extends",)),
        )
    base, base_text = _document(base_path, (*chain, path.resolve()))
    try:
        # A base must be a whole ruleset on its own: its mistakes are named in its own file.
        _validate(base, base_path)
    except _Invalid as bad:
        raise RulesetError(
            bad.message,
            code="ruleset-invalid",
            file=str(base_path),
            line=_merged_line(base_text, base, bad.path),
        ) from None
    try:
        merged = _merge(base, doc)
        for own in ("name", "title", "description"):
            # A house-rules file is not its base: unnamed, it is named after its file (_validate).
            if own not in doc:
                merged.pop(own, None)
        return merged, text
    except _Invalid as bad:
        raise RulesetError(
            bad.message, code="ruleset-invalid", file=str(path), line=line_of(text, bad.path)
        ) from None


def _compile_condition(entry: Any, scope: str, path: tuple[Any, ...]) -> tuple[Test, bool, bool]:
    """(test, deferred, local): `not` and `any` are deferred if a part is, local if all parts are."""
    if isinstance(entry, str):
        name, params = entry, None
    elif isinstance(entry, dict) and len(entry) == 1:
        ((name, params),) = entry.items()
    else:
        raise _Invalid(path, f"a condition is a name or a one-key mapping, got {entry!r}")
    if name == "not":
        inner, deferred, local = _compile_condition(params, scope, (*path, "not"))
        return (lambda ctx, unit: not inner(ctx, unit)), deferred, local
    if name == "any":
        if not isinstance(params, list) or not params:
            raise _Invalid(path, "any: takes a list of conditions")
        parts = [_compile_condition(p, scope, (*path, "any", i)) for i, p in enumerate(params)]
        tests = [t for t, _, _ in parts]
        return (
            (lambda ctx, unit: any(t(ctx, unit) for t in tests)),
            any(d for _, d, _ in parts),
            all(loc for _, _, loc in parts),
        )
    condition: Condition | None = REGISTRY.get(name) if isinstance(name, str) else None
    if condition is None:
        raise _Invalid(path, f"unknown condition {name!r} (known: {', '.join(sorted(REGISTRY))})")
    if scope not in condition.scopes:
        raise _Invalid(path, f"condition {name!r} needs a set or pair rule (scope: set or pair)")
    try:
        return condition.build(params), condition.deferred, condition.local
    except ParamError as exc:
        raise _Invalid(path, f"condition {name!r} {exc}") from None


def _int_value(value: Any, path: tuple[Any, ...], what: str, maximum: int = MAX_INT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _Invalid(path, f"{what} must be a whole number of 0 or more, got {value!r}"[:200])
    if value > maximum:
        raise _Invalid(path, f"{what} must be at most {maximum}, got {value}"[:200])
    return value


def _points(value: Any, path: tuple[Any, ...]) -> Points:
    if isinstance(value, dict):
        if set(value) == {"limit_fraction"}:
            frac = value["limit_fraction"]
            if isinstance(frac, bool) or not isinstance(frac, int | float) or not 0 < frac <= 1:
                raise _Invalid(path, "limit_fraction must be a number above 0 and at most 1")
            return Points(limit_fraction=float(frac))
        if set(value) == {"exposed", "concealed"}:
            return Points(
                _int_value(value["exposed"], (*path, "exposed"), "points"),
                _int_value(value["concealed"], (*path, "concealed"), "points"),
            )
        raise _Invalid(path, "points is a number, {exposed, concealed}, or {limit_fraction}")
    n = _int_value(value, path, "points")
    return Points(n, n)


def _entry_head(
    raw: Any, path: tuple[Any, ...], what: str, value: str, keys: set[str] | frozenset[str]
) -> tuple[str, str, str]:
    """Check the common head of a rule or penalty: a mapping of known keys with an id and a label.

    Returns (id, "rule 'x'" for messages, label).
    """
    if not isinstance(raw, dict):
        raise _Invalid(path, f"a {what} is a mapping with id, label and {value}")
    unknown = set(raw) - keys
    if unknown:
        key = sorted(unknown, key=str)[0]
        raise _Invalid((*path, key), f"{what} {raw.get('id', path[-1])!r}: unknown key {key!r}")
    entry_id = raw.get("id")
    if not isinstance(entry_id, str) or not entry_id:
        raise _Invalid(path, f"every {what} needs an id (a name)")
    where = f"{what} {entry_id!r}"
    label = raw.get("label")
    if not isinstance(label, str) or not label:
        raise _Invalid((*path, "label"), f"{where}: needs a label")
    return entry_id, where, label


def _rule(raw: Any, index: int) -> Rule:
    path: tuple[Any, ...] = ("rules", index)
    rule_id, where, label = _entry_head(raw, path, "rule", "a value", RULE_KEYS)
    scope = raw.get("scope", "hand")
    if scope not in SCOPES:
        raise _Invalid((*path, "scope"), f"{where}: scope must be one of {', '.join(SCOPES)}")
    who = raw.get("who", "all")
    if who not in WHO:
        raise _Invalid((*path, "who"), f"{where}: who must be one of {', '.join(WHO)}")
    group = raw.get("group")
    if group is not None and not isinstance(group, str):
        raise _Invalid((*path, "group"), f"{where}: group must be a name")
    values = [k for k in ("points", "doublings", "limit") if k in raw]
    if len(values) != 1:
        raise _Invalid(path, f"{where}: give exactly one of points, doublings or limit")
    points = _points(raw["points"], (*path, "points")) if "points" in raw else None
    doublings = (
        _int_value(raw["doublings"], (*path, "doublings"), "doublings", MAX_DOUBLINGS)
        if "doublings" in raw
        else 0
    )
    limit = raw.get("limit", False)
    if not isinstance(limit, bool):
        raise _Invalid((*path, "limit"), f"{where}: limit must be true or false")
    when = raw.get("when", [])
    if not isinstance(when, list):
        raise _Invalid((*path, "when"), f"{where}: when must be a list of conditions")
    compiled = [_compile_condition(c, scope, (*path, "when", i)) for i, c in enumerate(when)]
    note = raw.get("note")
    if note is not None and not isinstance(note, str):
        raise _Invalid((*path, "note"), f"{where}: note must be text")
    return Rule(
        id=rule_id,
        label=label,
        scope=scope,
        who=who,
        group=group,
        tests=tuple(t for t, _, _ in compiled),
        points=points,
        doublings=doublings,
        limit=limit,
        deferred=any(d for _, d, _ in compiled),
        index=index,
        local=all(loc for _, _, loc in compiled),
    )


def _settings(raw: Any) -> Settings:
    if raw is None:
        return Settings()
    if not isinstance(raw, dict):
        raise _Invalid(("settings",), "settings must be a mapping")
    for key in raw:
        if key not in SETTING_KEYS:
            raise _Invalid(("settings", key), f"unknown setting {key!r} (known: {', '.join(SETTING_KEYS)})")
    out: dict[str, Any] = {}
    for key in ("limit", "limit_hand_value"):
        if key in raw:
            value = raw[key]
            out[key] = None if value is None else _int_value(value, ("settings", key), key)
    for key in ("east_multiplier", "loser_max_pairs"):
        if key in raw:
            most = MAX_LOSER_PAIRS if key == "loser_max_pairs" else MAX_INT
            out[key] = _int_value(raw[key], ("settings", key), key, most)
    if "settle_losers" in raw:
        if not isinstance(raw["settle_losers"], bool):
            raise _Invalid(("settings", "settle_losers"), "settle_losers must be true or false")
        out["settle_losers"] = raw["settle_losers"]
    if out.get("east_multiplier") == 0:
        raise _Invalid(("settings", "east_multiplier"), "east_multiplier must be at least 1")
    return Settings(**out)


def _wash(raw: Any) -> WashTable | None:
    """Validate the `wash:` table: different heads -> points from each player, East's multiplier."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _Invalid(("wash",), "wash must be a mapping with payments (and east_multiplier)")
    for key in raw:
        if key not in WASH_KEYS:
            raise _Invalid(("wash", key), f"unknown wash key {key!r} (known: {', '.join(sorted(WASH_KEYS))})")
    table = raw.get("payments")
    if not isinstance(table, dict) or not table:
        raise _Invalid(("wash", "payments"), "wash payments must map different heads to points")
    rows: list[tuple[int, int]] = []
    for heads, points in table.items():
        need = _int_value(heads, ("wash", "payments"), "wash heads")
        if not 1 <= need <= 13:  # there are thirteen different heads (Part II, limit hand 1)
            raise _Invalid(("wash", "payments", heads), f"wash heads must be 1 to 13, got {need}")
        rows.append((need, _int_value(points, ("wash", "payments", heads), "wash points")))
    multiplier = _int_value(raw.get("east_multiplier", 1), ("wash", "east_multiplier"), "east_multiplier")
    if multiplier == 0:
        raise _Invalid(("wash", "east_multiplier"), "east_multiplier must be at least 1")
    return WashTable(tuple(sorted(rows)), multiplier)


def _conditions(raw: Any, path: tuple[Any, ...], where: str) -> tuple[Test, ...]:
    if not isinstance(raw, list):
        raise _Invalid(path, f"{where}: must be a list of conditions")
    return tuple(_compile_condition(c, "hand", (*path, i))[0] for i, c in enumerate(raw))


def _penalty(raw: Any, index: int) -> Penalty:
    """Validate one `penalties:` entry (see PENALTY_TYPES)."""
    path: tuple[Any, ...] = ("penalties", index)
    penalty_id, where, label = _entry_head(raw, path, "penalty", "type", PENALTY_KEYS)
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in PENALTY_TYPES:
        raise _Invalid((*path, "type"), f"{where}: type must be one of {', '.join(PENALTY_TYPES)}")
    note = raw.get("note")
    if note is not None and not isinstance(note, str):
        raise _Invalid((*path, "note"), f"{where}: note must be text")
    allowed = {
        "dead_hand": {"tiles"},
        "false_mahjongg": {"pays"},
        "pays_for_all": {"liable", "when", "excused"},
    }[kind]
    for key in sorted(set(raw) & {"tiles", "pays", "liable", "when", "excused"} - allowed):
        raise _Invalid((*path, key), f"{where}: {key!r} does not apply to type {kind}")
    if kind == "dead_hand":
        tiles = _int_value(raw.get("tiles", 13), (*path, "tiles"), "tiles")
        return Penalty(penalty_id, label, kind, tiles=tiles, index=index)
    if kind == "false_mahjongg":
        if "pays" not in raw:
            raise _Invalid(path, f"{where}: needs pays (points, or {{limit_fraction}})")
        return Penalty(penalty_id, label, kind, pays=_points(raw["pays"], (*path, "pays")), index=index)
    liable = raw.get("liable", "discarder")
    if liable not in LIABLE:
        raise _Invalid((*path, "liable"), f"{where}: liable must be one of {', '.join(LIABLE)}")
    tests = _conditions(raw.get("when", []), (*path, "when"), where)
    if not tests:
        raise _Invalid((*path, "when"), f"{where}: needs when: conditions on the winner's hand")
    excused = raw.get("excused", {})
    if not isinstance(excused, dict) or set(excused) - {"no_choice", "waiting_with"}:
        raise _Invalid((*path, "excused"), f"{where}: excused is a mapping of no_choice and waiting_with")
    no_choice = excused.get("no_choice", True)
    if not isinstance(no_choice, bool):
        raise _Invalid((*path, "excused", "no_choice"), f"{where}: no_choice must be true or false")
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


def _unique_ids(section: str, what: str, ids: list[str]) -> None:
    """Refuse an id given twice in a section, naming the second place."""
    seen: set[str] = set()
    for i, item_id in enumerate(ids):
        if item_id in seen:
            raise _Invalid((section, i, "id"), f"{what} id {item_id!r} appears twice")
        seen.add(item_id)


def _penalties(raw: Any) -> tuple[Penalty, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _Invalid(("penalties",), "penalties must be a list")
    penalties = tuple(_penalty(p, i) for i, p in enumerate(raw))
    _unique_ids("penalties", "penalty", [p.id for p in penalties])
    for kind in ("dead_hand", "false_mahjongg"):
        found = [i for i, p in enumerate(penalties) if p.type == kind]
        if len(found) > 1:
            raise _Invalid(("penalties", found[1]), f"only one penalty of type {kind} may be given")
    return penalties


def _validate(doc: dict[str, Any], path: Path) -> Ruleset:
    for key in doc:
        if key not in TOP_KEYS:
            raise _Invalid((key,), f"unknown key {key!r} (known: {', '.join(sorted(TOP_KEYS))})")
    name = doc.get("name", path.stem)
    if not isinstance(name, str) or not name:
        raise _Invalid(("name",), "name must be text")
    title = doc.get("title", name)
    if not isinstance(title, str):
        raise _Invalid(("title",), "title must be text")
    settings = _settings(doc.get("settings"))
    wash = _wash(doc.get("wash"))
    raw_rules = doc.get("rules")
    if not isinstance(raw_rules, list) or not raw_rules:
        raise _Invalid(("rules",), "rules must be a non-empty list")
    rules = tuple(_rule(r, i) for i, r in enumerate(raw_rules))
    _unique_ids("rules", "rule", [r.id for r in rules])
    for i, rule in enumerate(rules):
        if rule.limit and settings.limit is None and settings.limit_hand_value is None:
            raise _Invalid(
                ("rules", i),
                f"rule {rule.id!r} is a limit hand, but no limit or limit_hand_value is set",
            )
    shapes = tuple(
        SHAPES[name]
        for r in doc["rules"]
        for c in r.get("when", [])
        if isinstance(c, dict) and "shape" in c
        for name in ([c["shape"]] if isinstance(c["shape"], str) else c["shape"])
    )
    return Ruleset(
        name=name,
        title=title,
        source=str(path),
        settings=settings,
        rules=rules,
        shapes=shapes,
        data=MappingProxyType(doc),
        penalties=_penalties(doc.get("penalties")),
        wash=wash,
    )


def load(name_or_path: str) -> Ruleset:
    """Load a ruleset by shipped name or by path; raise RulesetError naming file, line and reason."""
    path = resolve(name_or_path).resolve()
    return _load_path(str(path), path.stat().st_mtime_ns)


@lru_cache(maxsize=32)
def _load_path(path_text: str, _mtime: int) -> Ruleset:
    path = Path(path_text)
    doc, text = _document(path, ())
    try:
        return _validate(doc, path)
    except _Invalid as bad:
        # Name the line in this file when the offending key is written here; inherited values
        # have no line of their own in it.
        raise RulesetError(
            bad.message, code="ruleset-invalid", file=str(path), line=_merged_line(text, doc, bad.path)
        ) from None


def _merged_line(text: str, merged: dict[str, Any], path: tuple[Any, ...]) -> int | None:
    """The line in a file of a problem found in its merged document (extends puts the base's rules
    first, so rule N of the merge is found in the file by its id)."""
    if len(path) >= 2 and path[0] in ("rules", "penalties") and isinstance(path[1], int):
        import yaml

        items = merged.get(path[0]) or []
        item = items[path[1]] if path[1] < len(items) else None
        wanted = item.get("id") if isinstance(item, dict) else None
        try:
            own = yaml.safe_load(text)
        except yaml.YAMLError:
            own = None
        own_items = own.get(path[0]) if isinstance(own, dict) else None
        if isinstance(own_items, list) and wanted is not None:
            # The k-th item of that id in the merge is the k-th in the file (an id written twice).
            k = sum(1 for x in items[: path[1]] if isinstance(x, dict) and x.get("id") == wanted)
            same = [i for i, x in enumerate(own_items) if isinstance(x, dict) and x.get("id") == wanted]
            if not same:
                return None  # inherited from the base: no line of its own here
            path = (path[0], same[min(k, len(same) - 1)], *path[2:])
    return line_of(text, path)
