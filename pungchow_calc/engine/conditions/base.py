"""What every rule condition is built from: the arrangement it reads (Context), the registry entry
that describes it (Condition), and the spec of its YAML parameters (which both checks a ruleset and
writes the JSON Schema, pungchow_calc/schema.py). The tile classes and meld kinds those parameters
name are tile_classes.py.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from ..errors import as_written, closest, unknown
from ..hand import PAIR, Hand, Meld, MeldKind
from ..situation import DISCARD, READABLE, Situation, WinBy
from ..tiles import Tile


# Never compared, hashed or shown: one per arrangement scored (no eq, repr: engine/__init__.py).
@dataclass(slots=True, eq=False, repr=False)
class Context:
    """One arrangement of one hand, as the conditions see it.

    Not frozen, unlike the domain types: one is made for every arrangement of every hand scored, and
    a frozen dataclass sets each field through a call; no condition assigns to it.
    """

    situation: Situation
    hand: Hand
    melds: tuple[Meld, ...]
    counts: tuple[int, ...]  # all playing tiles, 34 long
    waits: tuple[Tile, ...]
    earlier: list[str] = field(default_factory=list)  # ids of point rules already applied
    # A non-winner's hand: the rules its completions by one tile would score (computed when first asked).
    calling: Callable[[], frozenset[str]] | None = None


Test = Callable[[Context, Meld | None], bool]


# Never compared, hashed or shown: remembered by its key (plan._TallyKey), not by itself (no eq,
# repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Tally:
    """What an arrangement holds, told without its tiles: the kind of each meld (a multiset, in no set
    order: read only by `count`), the hand's numbered suits and honors (Hand.suits), whether a set
    was laid open (Hand.opened) and whether it holds a bonus tile (Hand.bonus).

    Arrangements alike in these share which hand rules could hold and which of their tests still need
    asking (Condition.tally): scoring works that out once per tally (plan.Plan.tallied).
    """

    kinds: tuple[MeldKind, ...]
    suits: int
    honors: bool
    opened: bool
    bonus: bool
    # Each count asked, by the kinds counted: a new tally asks the same few counts of rule after rule.
    counted: dict[frozenset[MeldKind], int] = field(default_factory=dict, compare=False, repr=False)

    def count(self, kinds: frozenset[MeldKind]) -> int:
        """How many melds of these kinds the arrangement holds."""
        n = self.counted.get(kinds)
        if n is None:
            n = self.counted[kinds] = sum(map(kinds.__contains__, self.kinds))  # told in C
        return n


# What an arrangement's Tally alone tells of a test: True (it holds), False (it cannot), None (ask it).
Decide = Callable[[Tally], bool | None]


def count_tally(kinds: frozenset[MeldKind], lo: int, hi: int, exact: bool) -> Decide:
    """The Tally of a test that counts melds of these kinds in lo..hi: all of them (`exact`), or some
    of them (those of a tile class, the concealed ones): then too few of the kinds rule it out, and
    with no least count, few enough of them settle it."""

    def decide(tally: Tally) -> bool | None:
        n = tally.count(kinds)
        if exact:
            return lo <= n <= hi
        if n < lo:
            return False
        return True if lo == 0 and n <= hi else None

    return decide


class ParamError(ValueError):
    """A condition's parameters are the wrong type or value; `param` names the one at fault, if one is
    (said by `refusal`); `more`, the other problems of the same parameters (Problems), said after it."""

    def __init__(self, message: str, param: str | None = None, more: tuple[ParamError, ...] = ()) -> None:
        super().__init__(message)
        self.param = param
        self.more = more

    def every(self) -> list[ParamError]:
        """This problem and each one after it, each alone."""
        return [ParamError(str(self), self.param), *self.more]


class Problems:
    """The problems of a condition's parameters, each check made once and every problem kept, refused
    together in one line (`done`): an author meets all of them at once, not one per run, as an unknown
    parameter is named with every other one beside it (count_range, errors.unknown's `also`)."""

    __slots__ = ("found",)

    def __init__(self) -> None:
        self.found: list[ParamError] = []

    def check(self, read: Callable[..., Any], *args: Any, default: Any = None) -> Any:
        """`read(*args)`, or `default` when it refuses them (its problems kept)."""
        try:
            return read(*args)
        except ParamError as exc:
            self.found += exc.every()
            return default

    def add(self, message: str, param: str | None = None) -> None:
        """Keep one more problem."""
        self.found.append(ParamError(message, param))

    def done(self) -> None:
        """Refuse the parameters with every problem kept, the first first; nothing when none was."""
        if self.found:
            first, *more = self.found
            raise ParamError(str(first), first.param, tuple(more))


def unknown_keys(params: dict[str, Any], known: Collection[str]) -> None:
    """Refuse the keys of a condition's mapping that are none of `known`, every one in the one line
    (`unknown parameters 'x' and 'y'`), each with its hint."""
    given = [key for key in params if key not in known]
    if given:
        raise ParamError(unknown("parameter", given[0], sorted(known), listed=False, also=given[1:]))


def refusal(what: str, exc: ParamError) -> str:
    """What a ruleset's refusal of a condition's parameters says: `what` (`condition 'x'`) and the
    reason, the parameter at fault named as its key is written (`its parameter with: ...`): a name that
    is also a word (`with`, `except`, `own`) read as part of the sentence; each further problem after
    a `;`, in the one line (Problems)."""
    first = f"{what}, its parameter {exc.param}: {exc}" if exc.param is not None else f"{what} {exc}"
    more = (f"its parameter {e.param}: {e}" if e.param is not None else str(e) for e in exc.more)
    return "; ".join((first, *more))


Reads = Callable[[Any], frozenset[str]]  # the facts a condition reads, given its YAML parameters


def reads(*facts: str) -> Reads:
    """The same facts whatever the parameters."""
    fixed = frozenset(facts)
    assert fixed <= READABLE, fixed - READABLE
    return lambda params: fixed


def lies_exposed(unit: Meld, win_by: WinBy) -> bool:
    """Whether a set or pair lies exposed: on the table, or completed by a claimed discard. A set so
    completed is made exposed where the hand is arranged (decomposition.py); the pair is not (it is
    shown as typed, `Rd!Rd`), so it is told here, for every condition and value that asks (a house
    rule's `exposed` pair paid as concealed: docs/rulesets.md)."""
    return unit.exposed or (unit.kind is PAIR and unit.winning and win_by is DISCARD)


# What a set or pair rule may read of its unit: the Meld fields, and `winning_tile` (which tile won,
# for the set or pair that holds it). A local condition declares those it reads (Condition.unit_reads).
UNIT_FIELDS = frozenset({"kind", "tiles", "exposed", "declared", "winning", "claimed_kong", "winning_tile"})


# The specs below but Flag (tests/test_registry_conditions.py compares it) are only asked to check and
# to describe, never compared, hashed or shown (no eq, repr: engine/__init__.py).
class Spec:
    """The parameters a condition takes: `check` refuses a wrong value (ParamError, the loader's
    message), `schema` describes the same values in JSON Schema (pungchow_calc/schema.py)."""

    __slots__ = ()

    def check(self, params: Any) -> None:
        """Raise ParamError unless the parameters are valid."""
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the parameters."""
        raise NotImplementedError

    def mistake(self, params: Any) -> str | None:
        """Why parameters `check` accepts are still no one's meaning (None: none): a refusal of writing a
        ruleset (authoring.py), never of a recorded evening's, which read them so."""
        return None


# Never compared, hashed or shown: a registry entry, found by name (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Condition:
    """A registry entry: how to build the test, its parameters, where it may be used, what it means."""

    build: Callable[[Any], Test]
    spec: Spec  # required: the only check of its parameters, and their JSON Schema
    scopes: frozenset[str]
    doc: str
    deferred: bool = False  # needs the other point lines first (e.g. "no other score")
    # Reads only the set or pair, the situation, whether the hand has a winning tile and which
    # tile it is when the set or pair holds it; never the rest of the hand (its other sets, its
    # bonus tiles). Scoring then reuses its answer for the same set in another arrangement or hand,
    # and a hand rule's answer for every hand of the same situation (plan.Plan).
    local: bool = False
    # Which facts of the situation it reads: `pungchow` notes an option no rule of a ruleset reads,
    # and scoring shares a local rule's remembered lines among situations alike in these facts
    # (plan.Plan.remembered_fields), so a fact read and not named here would be a wrong score (a
    # property test changes the unnamed facts and requires the same lines).
    reads: Reads = reads()
    # Which fields of its set or pair a local condition reads (UNIT_FIELDS): the plan keys a set's
    # remembered lines by exactly these (plan.Plan.unit_fields); tests/test_plan.py changes the others.
    unit_reads: frozenset[str] = frozenset()
    # It reads its facts (`reads`) only to tell the class of its set's or pair's own tiles (a situated
    # class, SITUATED_CLASSES): a unit holding none of situated_tiles() gets the same answer whatever
    # they are, so the plan shares its lines among such situations (plan.Plan.shared_facts);
    # tests/test_registry_conditions.py changes the seat and round under every such condition.
    tile_reads: bool = False
    # The on/off fact this condition is (fact_condition): it holds exactly when the fact is given, so
    # a rule that asks it cannot score without the fact (scoring._idle_facts need not try).
    fact: str = ""
    # What the arrangement's Tally alone tells of the test, given its parameters (None: nothing):
    # scoring skips a hand rule one of whose tests cannot hold, and asks no test the tally settles
    # (plan.Plan.tallied); tests/test_plan.py holds every answer to the test's own.
    tally: Callable[[Any], Decide | None] | None = None
    # The ids of the ruleset's own rules its parameters name (`calling_for`, `no_other_points`): the
    # loader refuses an id the ruleset lacks, which would leave the rule silently dead or wrong.
    names_rules: Callable[[Any], frozenset[str]] | None = None
    # The values of the one fact (or the one field of its set or pair) it holds for, given its
    # parameters: a hand is won one way, sits in one seat, a set is of one kind, its tiles in a seat and
    # round are of a class (`tiles`: (seat, round, tile), class_values). It holds whenever the fact is one
    # of them (its tiles all are), so two entries of it in one `when:` list whose values share none never
    # both hold, nor an entry beside `not:` one whose values hold all of its own; the loader refuses them.
    one_of: Callable[[Any], frozenset[Any]] | None = None
    # The kinds of set or pair it can hold for, given its parameters, where that is fewer than all (a
    # chow's `wait`; `tiles: honors`, which no chow holds): two entries of any conditions in one `when:`
    # list whose kinds share none never both hold, and the loader refuses them.
    kinds: Callable[[Any], frozenset[MeldKind]] | None = None
    # Whose hand it can hold for: "winner" (only a hand that went Mah-Jongg), "others" (only one that did
    # not: `calling_for`), or "all". A rule whose `who:` is the other one never meets it; the loader
    # refuses it (authoring.py _out_of_reach).
    whose: str = "all"

    def make(self, params: Any) -> Test:
        """The test for these parameters, once the spec has checked them."""
        self.spec.check(params)
        return self.build(params)


HAND = frozenset({"hand", "set", "pair"})
UNIT = frozenset({"set", "pair"})


# --- parameter helpers -------------------------------------------------------------------


def no_params(params: Any) -> None:
    """Refuse any parameters: the condition is written bare (`- name` or `- name: true`)."""
    if params not in (None, True):
        raise ParamError("takes no parameters")


def choice(params: Any, allowed: tuple[str, ...]) -> frozenset[str]:
    """The names given, one or a list, each one of `allowed`; ParamError with a hint otherwise."""
    items = params if isinstance(params, list) else [params]
    if not items or not all(isinstance(x, str) and x in allowed for x in items):
        wrong = next((x for x in items if not (isinstance(x, str) and x in allowed)), None)
        hint = closest(wrong, list(allowed))
        shown = as_written(params)
        raise ParamError(f"expects one of {', '.join(allowed)} (or a list of them), got {shown}{hint}")
    return frozenset(items)


def whole_number(params: Any, name: str) -> int:
    """The parameter as a whole number of at least 0; ParamError naming it otherwise."""
    if isinstance(params, bool) or not isinstance(params, int) or params < 0:
        raise ParamError(f"must be a whole number of 0 or more, got {as_written(params)}", name)
    return params


def flag(attr: str) -> Callable[[Any], Test]:
    """A builder whose test reads one stated fact of the situation, true or not."""

    def build(params: Any) -> Test:
        return lambda ctx, unit: bool(getattr(ctx.situation, attr))

    return build


# --- parameter specs ---------------------------------------------------------------------

FLAG_SCHEMA: dict[str, Any] = {"type": ["null", "boolean"], "enum": [None, True]}
_WHOLE_SCHEMA: dict[str, Any] = {"type": "integer", "minimum": 0}


@dataclass(frozen=True, slots=True)
class Flag(Spec):
    """No parameters: `- name`, `- name: true` or `- name:`."""

    def check(self, params: Any) -> None:
        """Refuse any parameters."""
        no_params(params)

    def schema(self) -> dict[str, Any]:
        """The JSON schema of a bare condition."""
        return dict(FLAG_SCHEMA)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Choice(Spec):
    """One of the names, or a list of them."""

    values: tuple[str, ...]
    doc: str

    def check(self, params: Any) -> None:
        """Refuse anything but one of the names or a list of them."""
        choice(params, self.values)

    def schema(self) -> dict[str, Any]:
        """The JSON schema: one of the names, or a non-empty list of them."""
        one = {"type": "string", "enum": list(self.values)}
        return {"description": self.doc, "anyOf": [one, {"type": "array", "minItems": 1, "items": one}]}


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Boolean(Spec):
    """true or false (a field of a mapping, which _check_fields names in a refusal)."""

    doc: str

    def check(self, params: Any) -> None:
        """Refuse anything but true or false."""
        if not isinstance(params, bool):
            raise ParamError(f"must be true or false, got {as_written(params)}")

    def schema(self) -> dict[str, Any]:
        """The JSON schema: a boolean."""
        return {"type": "boolean", "description": self.doc}


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Custom(Spec):
    """A value checked by its own function (the one its builder reads it with), described as given."""

    checker: Callable[[Any], object]  # raises ParamError; its result is not used
    document: dict[str, Any]

    def check(self, params: Any) -> None:
        """Refuse what the condition's own reading refuses."""
        self.checker(params)

    def schema(self) -> dict[str, Any]:
        """The JSON schema as given."""
        return dict(self.document)


Fields = tuple[tuple[str, Spec], ...]
# The most a counting condition counts in any hand, given its parameters, and why in words (Counter.most).
Most = Callable[[dict[str, Any]], tuple[int, str]]
# Fields of a mapping that each allow only some kinds of set or pair, and which (Condition.kinds of the
# one-value condition alike: `melds` as `meld`, `tiles` as `tiles`, a chow's `wait` as `wait`).
KindsOf = tuple[tuple[str, Callable[[Any], frozenset[MeldKind]]], ...]


def _check_fields(params: dict[str, Any], fields: Fields) -> None:
    """Check each field given, refusing every one at fault (Problems); each refusal names the field
    (ParamError.param) unless it names one itself."""
    problems = Problems()
    for name, spec in fields:
        if name in params:
            problems.check(_check_field, name, spec, params[name])
    problems.done()


def _check_field(name: str, spec: Spec, value: Any) -> None:
    """One field of a mapping checked, a refusal naming it unless it names one itself."""
    try:
        spec.check(value)
    except ParamError as exc:
        if exc.param is not None or exc.more:
            raise
        raise ParamError(str(exc), name) from None


def _object(fields: Fields, extra: dict[str, Any], **keys: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "additionalProperties": False, **keys}
    out["properties"] = {**{name: spec.schema() for name, spec in fields}, **extra}
    return out


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Counter(Spec):
    """A counting condition: its own fields and `min` / `max` / `exactly` (count_range)."""

    message: str  # the refusal of anything but a mapping
    # How many keys a useful mapping has at least: 2 is one of its fields beside the bound (`count`
    # names what it counts), 1 the bound alone (`exposed_tiles: {min: 3}` counts every tile).
    min_properties: int
    fields: Fields
    kinds_of: KindsOf = ()  # what the counted sets must all be (kinds_mistake)
    most: Most | None = None  # the most any hand counts, given the parameters (MOST_TILES ...)

    def check(self, params: Any) -> None:
        """Refuse anything but a mapping of the fields and a count range."""
        if not isinstance(params, dict):
            raise ParamError(self.message)
        problems = Problems()
        problems.check(count_range, params, {name for name, _ in self.fields})
        problems.check(_check_fields, params, self.fields)
        problems.done()

    def mistake(self, params: Any) -> str | None:
        """Why no hand ever meets the count, or why it names nothing to count; None when some hand may."""
        wrong = self._no_count(params)
        names = [name for name, _ in self.fields]
        if wrong is None and self.min_properties > 1 and not params.keys() & set(names):
            # As the schema says: `count: {min: 1}` names nothing to count (an authoring check, so
            # a recorded evening's ruleset written before it still opens).
            return f"names nothing to count: give {' or '.join(names)} beside min, max or exactly"
        return wrong

    def _no_count(self, params: Any) -> str | None:
        """Why no hand meets the count (None: some hand may)."""
        # A count of no set at all meets only a least of 0: `max: 0` beside such fields always holds
        # (said nothing, but a hand meets it), a least of 1 or more never does.
        least = params.get("min", params.get("exactly", 0))
        clash = kinds_mistake(params, self.kinds_of) if least else None
        if clash is not None:
            return f"{clash}, so none is counted and no hand meets a count of {least} or more"
        wrong = count_mistake(params)
        if wrong is None and self.most is not None:
            # A least above what any hand holds never holds either, as a min above the max does.
            most, why = self.most(params)
            if least > most:
                bound = "min" if "min" in params else "exactly"
                return f"{bound}: {least} is more than any hand counts ({why}), so no hand meets it"
        return wrong

    def schema(self) -> dict[str, Any]:
        """The JSON schema: the fields and min/max/exactly, with at least min_properties keys."""
        whole = _WHOLE_SCHEMA
        counts = {"min": dict(whole), "max": dict(whole), "exactly": dict(whole)}
        if self.min_properties > 1:  # one of its fields, beside the bound (check)
            named = [{"required": [name]} for name, _ in self.fields]
            return _object(self.fields, counts, minProperties=self.min_properties, anyOf=named)
        return _object(self.fields, counts, minProperties=self.min_properties)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Keys(Spec):
    """A mapping of the named fields (at least `min_properties` of them, the `required` ones given)."""

    message: str  # the refusal of anything else
    fields: Fields
    min_properties: int = 0
    required: tuple[str, ...] = ()
    kinds_of: KindsOf = ()  # what the one set or pair they describe must all be (kinds_mistake)

    def check(self, params: Any) -> None:
        """Refuse anything but a mapping of the named fields with the required ones given."""
        names = {name for name, _ in self.fields}
        if not isinstance(params, dict):
            raise ParamError(self.message)
        problems = Problems()
        problems.check(unknown_keys, params, names)
        if len(params) < self.min_properties or any(r not in params for r in self.required):
            problems.add(self.message)
        problems.check(_check_fields, params, self.fields)
        problems.done()

    def mistake(self, params: Any) -> str | None:
        """Why the kinds the fields allow leave no set or pair to describe; None otherwise."""
        clash = kinds_mistake(params, self.kinds_of)
        return None if clash is None else f"{clash}, so it never holds"

    def schema(self) -> dict[str, Any]:
        """The JSON schema: the named fields, as many and as required as the spec says."""
        keys: dict[str, Any] = {}
        if self.min_properties:
            keys["minProperties"] = self.min_properties
        if self.required:
            keys["required"] = list(self.required)
        return _object(self.fields, {}, **keys)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class FlagOr(Spec):
    """No parameters, or the mapping `inner` describes."""

    inner: Spec

    def check(self, params: Any) -> None:
        """Refuse anything but no parameters or the inner mapping."""
        if params not in (None, True):
            self.inner.check(params)

    def mistake(self, params: Any) -> str | None:
        """The inner mapping's mistake; None without parameters."""
        return None if params in (None, True) else self.inner.mistake(params)

    def schema(self) -> dict[str, Any]:
        """The JSON schema: bare, or the inner mapping."""
        return {"anyOf": [dict(FLAG_SCHEMA), self.inner.schema()]}


def any_tally(parts: list[Decide | None]) -> Decide | None:
    """What the tally tells of `any` of some tests: it holds if one surely does, not if none can."""
    if all(d is None for d in parts):
        return None

    def decide(tally: Tally) -> bool | None:
        verdicts = [None if d is None else d(tally) for d in parts]
        return True if True in verdicts else (False if all(v is False for v in verdicts) else None)

    return decide


def fact_condition(fact: str, doc: str) -> Condition:
    """A condition that is a fact of the situation itself (`original_hand`, `robbing_kong`, ...)."""
    return Condition(flag(fact), Flag(), HAND, doc, local=True, reads=reads(fact), fact=fact)


def count_range(params: dict[str, Any], extra: set[str]) -> tuple[int, int]:
    """`min`/`max`/`exactly` of a counting condition, refusing keys other than those and `extra`, every
    problem at once (Problems)."""
    problems = Problems()
    problems.check(unknown_keys, params, {"min", "max", "exactly", *extra})
    # Not beside an unknown key: a misspelt bound (`mni: 2`) is told its name, not that none is given.
    if not problems.found and not any(k in params for k in ("min", "max", "exactly")):
        problems.add("needs min, max or exactly")
    # Each bound named as it is given: `exactly: -1` is no `min` the user wrote.
    read = {
        key: problems.check(whole_number, params[key], key)
        for key in ("min", "max", "exactly")
        if key in params
    }
    problems.done()
    return read.get("min", read.get("exactly", 0)), read.get("max", read.get("exactly", 99))


def count_mistake(params: dict[str, Any]) -> str | None:
    """Why a count's `min`/`max`/`exactly` (checked by count_range) mean nothing one can count: a least
    above the most never holds, and `exactly` beside a `min` or `max` that differs from it says two
    things (count_range reads `{exactly: 3, min: 1}` as 1 to 3)."""
    exactly = params.get("exactly")
    for bound in ("min", "max"):
        if exactly is not None and bound in params and params[bound] != exactly:
            given = f"exactly: {exactly} and {bound}: {params[bound]}"
            return f"{given} say two counts: give exactly alone, or min and max"
    lo, hi = params.get("min"), params.get("max")
    if lo is not None and hi is not None and lo > hi:
        return f"min: {lo} is above max: {hi}, so no count meets it"
    return None


def kinds_mistake(params: dict[str, Any], kinds_of: KindsOf) -> str | None:
    """Why fields of one mapping that each allow only some kinds of set or pair (KindsOf) describe none
    together: `{melds: pung, wait: open}` (a wait is a chow's), `{melds: chow, tiles: honors}` (no chow
    is of honors). None where some kind is allowed by all of them (each alone allows one at least)."""
    given = [(name, params[name], of(params[name])) for name, of in kinds_of if name in params]
    if len(given) < 2 or frozenset.intersection(*(kinds for _, _, kinds in given)):
        return None
    shown = " and ".join(
        f"{name}: [{', '.join(map(str, value))}]" if isinstance(value, list) else f"{name}: {value}"
        for name, value, _ in given
    )
    return f"{shown} allow no kind of set or pair in common"
