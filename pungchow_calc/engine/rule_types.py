"""The compiled form of a ruleset: frozen Rule, Ruleset, Penalty, WashTable, Points and Settings.

`pungchow_calc.engine.rules.compile_ruleset` builds these from a ruleset document; a built Ruleset is
never mutated. `Invalid` is what compiling raises for a document that is not a valid ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .conditions import Context, Decide, Test
from .decomposition import Shape
from .hand import HAND_TILES, Meld
from .payments import BOOK, SettlementRules

MAX_SMALL = 64  # doubling_base, round_points, min_doublings: small numbers by nature
# East pays and collects a few times over (the book: 2). With a limit of at most MAX_POINTS, every payment
# then stays an integer every JSON reader holds exactly (below 2^53, docs/json.md); a multiplier of 10^9
# made East's payment 10^18. Refused when a ruleset is written, not in a recorded evening's snapshot.
MAX_EAST_MULTIPLIER = MAX_SMALL


@dataclass(frozen=True, slots=True)
class Points:
    """A point value: one number, a split by exposed/concealed, or a fraction of the limit."""

    exposed: int = 0
    concealed: int = 0
    limit_fraction: float | None = None

    def value(self, exposed: bool, limit: int | None) -> int:
        """Points for a set lying as given (limit fractions use the limit in force)."""
        if self.limit_fraction is not None:
            from fractions import Fraction  # only for a share of the limit, never at start-up

            # The share as written (0.29 is 29/100): a float product rounds 100 x 0.29 down to 28.
            return int((limit or 0) * Fraction(repr(self.limit_fraction)))
        return self.exposed if exposed else self.concealed


_POINT_KINDS = {"hand": "bonus", "set": "set", "pair": "pair"}
_LINE_BITS = 20
LINE_PLACES = 1 << _LINE_BITS  # the places line_at tells apart in each part of a line's place, from -1 on


def line_at(phase: int, first: int, second: int) -> int:
    """Where a line stands in a breakdown, ordered as (phase, first, second) and told as one integer:
    every hand sorts its lines, and integers compare faster than tuples. `first` and `second` (a slot,
    -1 for the hand's own; a position; a rule's index) run from -1 to LINE_PLACES - 2."""
    return (((phase << _LINE_BITS) + first + 1) << _LINE_BITS) + second + 1


UNITS_AT = 24  # more units than any arrangement holds (at most 18 tiles: 14 and a tile per kong)
# Where each kind of line stands in a breakdown: bonus points, set and pair points, doublings, limits.
KINDS_ORDER = {"bonus": 0, "set": 1, "pair": 1, "double": 2, "limit": 3, "penalty": 4}


# Never compared or shown: a line of one loaded ruleset, found by id (a test keys a dict by the rules of
# one plan: by identity). Its tests are functions compiled with it, so an equality of fields told two
# loads of one rule apart anyway (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
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
    limit_fraction: float = 1.0  # a limit hand worth this share of the limit (`limit: 0.5`)
    reads: frozenset[str] = frozenset()  # the situation facts its conditions read (situation.READABLE)
    # Those of `reads` read only to class its unit's own tiles (Condition.tile_reads): a unit holding
    # none of conditions.tile_classes.situated_tiles() gets the same lines whatever they are.
    tile_reads: frozenset[str] = frozenset()
    unit_reads: frozenset[str] = (
        frozenset()
    )  # the fields of its set or pair they read (conditions.UNIT_FIELDS)
    # Doublings when the hand is open (a set laid open before the win), where they differ from
    # `doublings` (`doublings: {closed: 2, open: 1}`); None: the same either way (docs/riichi.md).
    open_doublings: int | None = None
    rounded: bool = True  # false: a hand with this line keeps its points unrounded (round_points)
    counts_for_minimum: bool = True  # false: its doublings do not count towards min_doublings (dora)
    # The facts it requires given: the on/off facts its conditions require (conditions.facts_required)
    # and the fact whose tiles its `per:` count counts (Counter.of_fact): without one of them it gives
    # no line, whatever the hand.
    requires: frozenset[str] = frozenset()
    # `per:` a count (conditions.indicators.COUNTERS): the line is worth its value once per thing
    # counted, and gives no line for none.
    per: Callable[[Context], int] | None = None
    # What an arrangement's Tally tells of each test, beside `tests` (None: nothing; empty: nothing of
    # any): the plan skips the rule where one cannot hold and asks only the tests left (plan.Plan.tallied).
    tallies: tuple[Decide | None, ...] = ()
    # Which of `tests` read only the unit, the situation and the winning tile (Condition.local; empty:
    # none known): a set or pair rule read afresh whose other tests a tally settles as holding scores
    # a unit alike in every such arrangement (plan.Tallied.live_key).
    locals: tuple[bool, ...] = ()
    # The line kind (docs/json.md) this rule produces, and where its lines stand in a breakdown
    # (KINDS_ORDER): worked out once here, asked for every line of every hand.
    kind: str = field(init=False, repr=False, compare=False)
    phase: int = field(init=False, repr=False, compare=False)
    # Whether every condition holds, as one call (the test itself when there is one, the usual case).
    check: Test = field(init=False, repr=False, compare=False)
    # Its doublings in a hand that is open (a set laid open before the win): `open_doublings` where
    # given, else `doublings` (read by attribute, as for every line of every hand).
    doublings_open: int = field(init=False, repr=False, compare=False)
    # Where a line of it stands when it is the hand's (phase, index, 0): plan._line_key, kept here.
    hand_at: int = field(init=False, repr=False, compare=False)
    # Where a line of it stands when it is a set's or pair's: indexed by the unit's slot (a set or pair
    # line, phase 1) or its position among the sets or pairs (a doubling or limit), as plan._line_key
    # places it; made once, not for every line of every hand (no hand holds UNITS_AT units).
    unit_at: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def doublings_when(self, opened: bool) -> int:
        """Its doublings in a hand that is open (a set laid open before the win) or not."""
        return self.doublings_open if opened else self.doublings

    def __post_init__(self) -> None:
        if self.limit:
            kind = "limit"
        elif self.doublings:
            kind = "double"
        else:
            kind = _POINT_KINDS[self.scope]
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "phase", KINDS_ORDER[kind])
        assert 0 <= self.index < LINE_PLACES - 1, "a rule's index fits in a line's place (line_at)"
        object.__setattr__(self, "hand_at", line_at(self.phase, self.index, 0))
        at = (
            line_at(1, i, self.index) if self.phase == 1 else line_at(self.phase, self.index, i)
            for i in range(UNITS_AT)
        )
        object.__setattr__(self, "unit_at", tuple(at))
        opened = self.open_doublings
        object.__setattr__(self, "doublings_open", self.doublings if opened is None else opened)
        tests = self.tests
        assert not self.tallies or len(self.tallies) == len(tests), "one tally for each test"
        assert not self.locals or len(self.locals) == len(tests), "one flag for each test"
        object.__setattr__(self, "check", tests[0] if len(tests) == 1 else all_of(tests))


def all_of(tests: tuple[Test, ...]) -> Test:
    """A test that holds when every one of `tests` holds (in order, stopping at the first that fails)."""

    def check(ctx: Context, unit: Meld | None) -> bool:
        for test in tests:  # noqa: SIM110 - a loop, not all(): no generator per call
            if not test(ctx, unit):
                return False
        return True

    return check


def any_of(tests: tuple[Test, ...]) -> Test:
    """A test that holds when one of `tests` holds (in order, stopping at the first that does)."""

    def check(ctx: Context, unit: Meld | None) -> bool:
        for test in tests:  # noqa: SIM110 - a loop, not any(): no generator per call
            if test(ctx, unit):
                return True
        return False

    return check


BOOK_LIMIT_HAND = "limit hand"  # the engine's word (Words.limit_hand): its score card's line says `limit`


@dataclass(frozen=True, slots=True)
class Words:
    """A ruleset's words for the engine's, where its players say others (riichi: a doubling is a han, the
    rules a hand counts are its yaku, a limit hand is a yakuman, points are fu, an exposed set is open and
    a concealed one closed): its refusals say them (value.py), its score card (`rules show`), a score's
    breakdown and summary line, and `diff`'s columns (docs/rulesets.md, the setting `words`)."""

    doubling: str = "doubling"
    doublings: str = "doublings"
    rules: str = "rules"
    limit_hand: str = BOOK_LIMIT_HAND
    points: str = "points"  # riichi's fu: what its rules' points are called
    # A set's points as `rules show` heads its two columns (riichi's open and closed, RCR 2016 fu table).
    exposed: str = "exposed"
    concealed: str = "concealed"

    def of(self, count: int) -> str:
        """A number of doublings in these words: `1 han`, `5 doublings`, `1 doubling`."""
        return f"{count} {self.doubling if count == 1 else self.doublings}"

    def points_of(self, count: int) -> str:
        """A number of points in these words: `32 fu`, `20 points`."""
        return f"{count} {self.points}"

    @property
    def limit_line(self) -> str:
        """A limit hand's line's value on a score card: the book's `limit`, else this word (`yakuman`)."""
        return "limit" if self.limit_hand == BOOK_LIMIT_HAND else self.limit_hand


MAX_WORD = 40  # a ruleset's word (Words): a word or two, never a paragraph in a one-line refusal


@dataclass(frozen=True, slots=True)
class Settings:
    """Ruleset-wide values: the limit, the East multiplier and the like."""

    limit: int | None = None
    limit_hand_value: int | None = None
    east_multiplier: int = 2
    loser_max_pairs: int = 1
    settle_losers: bool = True
    # A draw game settles the hands' differences (docs/rulings.md#draw); false: a hand scores nothing
    # without a winner, so a draw moves no money (Kajongg's handTotal, docs/rulesets.md#classical).
    draw_settles: bool = True
    # The limit caps each non-winner's score before the differences are settled (Kajongg's hand total is
    # capped, src/rule.py Score.total), rather than each difference (the book, docs/rulings.md).
    limit_each_score: bool = False
    max_chows: int | None = None
    limit_hand_counts: bool = True
    long_hand_scores_zero: bool = False
    # A limit hand paid as such is its limit lines alone (riichi: "yakuman is not connected with other
    # yaku"; docs/riichi.md "Yakuman"): no other line, points or doublings in its breakdown.
    limit_hand_alone: bool = False
    # The original hand of a seat other than East is completed by its first draw, marked ! (riichi's
    # chiihou, docs/riichi.md "The facts of a win"); else every original hand is the hand as dealt, no
    # tile marked (the book's "Drawing the original hand", docs/rulings.md). impossible.original_mark.
    original_hand_drawn: bool = False
    # A discard completes a winning chow only when the player on the winner's left, who plays just before
    # him, discarded it (the book's "To Chow"; any discard may be punged to go out): with another
    # discarder named, the winning tile is placed in a pung or the pair, or the hand is refused.
    chow_from_left: bool = False
    # The riichi family's settings (docs/riichi.md "Han, basic points and limits"), any ruleset's to use:
    doubling_base: int = 0  # the score is points x 2^(doublings + doubling_base)
    round_points: int | None = None  # the points total rounded up to a multiple of this
    limits: tuple[LimitTier, ...] = ()  # limits chosen by doublings as well as by score, ascending
    min_doublings: int = 0  # a winning hand needs this many doublings of rules that count (or a limit)
    # What this ruleset's hands never hold (NOT_WRITTEN): such a hand is refused, not scored on a guess.
    not_written: frozenset[str] = frozenset()
    # Stated facts its play never has together, or with such a hand (impossible.IMPOSSIBLE): refused.
    impossible: frozenset[str] = frozenset()
    # The seats its game is played by (riichi: 4), or 0 for two to four (the book's two- and
    # three-handed tables, docs/rulings.md): a table of another number is refused, not settled short.
    players: int = 0
    # The prevalent winds its game is played in, from East: 4, all of them (the book's four rounds), or
    # riichi's 2, an East round and a South round (RCR 2016 §2.2, §3.6). A hand stated in another round
    # is scored as stated, with a note (fact_notes.round_notes): a house game may play one.
    round_winds: int = 4
    # Its words for a doubling, the rules and a limit hand, as its players say them (`words:`).
    words: Words = Words()

    @property
    def most_score(self) -> int | None:
        """The most a hand can score, or None where no bound: a counted hand is capped by the highest of
        `limits` and a limit hand is worth `limit_hand_value` alone (`limit_hand_counts: false`;
        riichi's yakuman, docs/riichi.md "Han, basic points and limits")."""
        if not self.limits or self.limit_hand_counts:
            return None
        return max(self.limit_hand_value or 0, *(tier.score for tier in self.limits))


# What a ruleset may say its hands never hold (`not_written`), and why a hand that does is refused.
NOT_WRITTEN = {
    "bonus_tiles": "this ruleset has no flowers or seasons",
    "exposed_pair": "this ruleset has no exposed pair (=)",
    "winning_tile_laid": "the winning tile stands among the concealed tiles, not in a set marked * or +",
}


@dataclass(frozen=True, slots=True)
class LimitTier:
    """A limit reached by doublings (`doublings` or more), or by a score above the first tier's."""

    name: str
    doublings: int
    score: int


def limit_words(limit: int | None, tiers: tuple[str, ...] = ()) -> str:
    """How the limit in force reads: "limit 1000", "limits Mangan to Sanbaiman" (tiers by doublings,
    docs/riichi.md), both when both are in force ("limit 1500, limits Mangan to Sanbaiman": the tiers
    still pay a hand of many doublings, capped at the flat limit), or "no limit"."""
    words = [f"limit {limit}"] if limit is not None else []
    if tiers:
        words.append(f"{'limits' if len(tiers) > 1 else 'limit'} {tier_span(tiers)}")
    return ", ".join(words) or "no limit"


def tier_span(tiers: tuple[str, ...]) -> str:
    """The limits by doublings from lowest to highest ("Mangan to Sanbaiman"), or the one there is."""
    return f"{tiers[0]} to {tiers[-1]}" if len(tiers) > 1 else tiers[0]


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

    def above(self, limit: int) -> tuple[int, int] | None:
        """The first row (heads, points) paying more than `limit` from each player, or None.

        The book's limit caps "the number of points that can be scored in a hand" (Part II, "A--The
        limit hand", p. 60); a wash is "no play", paid by its table ("B--Washing the tiles", p. 61),
        whose rows (at most 200) stay below every limit the book names (300, 400, 600): whether a row
        above the limit is capped, the book does not say, so such a row is refused wherever a limit
        is set (a ruleset's `limit:`, `evening new --limit`) rather than paid on a guess
        (docs/rulings.md#washing)."""
        return next(((n, points) for n, points in self.payments if points > limit), None)


# Never compared, hashed or shown: a penalty of a ruleset, found by id (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Penalty:
    """A penalty of the ruleset (Harr, "Penalties"; "Mah-Jongg or Mah-Diao"): data, with its tests."""

    id: str
    label: str
    type: str  # one of PENALTY_TYPES
    tiles: int = HAND_TILES  # dead_hand: tiles a non-winner holds, plus one per kong
    pays: Points | None = None  # false_mahjongg: paid to each other player (East: times east_multiplier)
    liable: str = "discarder"  # pays_for_all: --from (discarder) or --feeder (feeder)
    tests: tuple[Test, ...] = ()  # pays_for_all: on the winner's hand, all must hold
    excused_no_choice: bool = True  # pays_for_all: --no-choice excuses the liable player
    excused_waiting: tuple[Test, ...] | None = None  # the liable hand, completed by a tile it waits for
    index: int = 0


@dataclass(frozen=True, slots=True)
class EveningRules:
    """How the deal passes over an evening (Harr, "Procedure of Play" A; Part II, the wind box)."""

    round_wind: bool = False
    east_repeat_cap: int | None = None
    # Kajongg's "East won nine times in a row" (docs/evening.md#east-win-cap): East's Nth win since the deal
    # came to him passes it, and the evening states this fact of that win itself (None: none).
    east_win_cap: int | None = None
    east_win_cap_fact: str | None = None
    draw_passes_deal: bool = False
    after_false_mahjongg: str = "east_keeps_unless_caller"
    sets_per_evening: int | None = None
    playable: bool = True  # false: `evening` cannot keep this ruleset's game (refused in one line)


# Never compared, hashed or shown: one per loaded file, found by name (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Ruleset:
    """A loaded, validated, immutable ruleset."""

    name: str
    title: str
    source: str
    settings: Settings
    rules: tuple[Rule, ...]
    shapes: tuple[Shape, ...]
    data: MappingProxyType[str, Any]  # the merged document, for `rules show` and `rules diff`
    penalties: tuple[Penalty, ...] = ()  # "Penalties" and the dead hand, in file order
    wash: WashTable | None = None  # Part II "Washing the Tiles"; None when the ruleset has no table
    evening: EveningRules = EveningRules()  # `pungchow evening`: how the deal passes
    settlement: SettlementRules = BOOK  # how the winner is paid (discarder, rounding, counters)


class Invalid(Exception):
    """A document is not a valid ruleset: `path` is the key/index path of the offending node; `names`,
    the rule id it names that the ruleset lacks (the file's `remove_rules:` line may be where it went)."""

    def __init__(
        self,
        path: tuple[Any, ...],
        message: str,
        *,
        names: str | None = None,
        also: tuple[tuple[Any, ...], ...] = (),
    ) -> None:
        super().__init__(message)
        self.path = path
        self.message = message
        self.names = names
        # Other nodes that make the same mistake (a limit hand's value and the tier above it): a house
        # file is refused at the one of them it writes.
        self.also = also
