"""Score a hand under a ruleset: try every arrangement, apply the rules, keep the best."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import Any

from .cache import BoundedCache
from .conditions import Context
from .decomposition import loser_arrangements, shape_arrangement, waits, winning_arrangements
from .errors import HandError, OptionError, PungchowError, how_many
from .fact_notes import (
    FLAG_FACTS,
    STATED,
    beside_limit,
    check_facts,
    fields,
    paid_alone,
    round_notes,
    settlement_notes,
    unread_notes,
    unshown_notes,
)
from .hand import HAND_TILES, Hand, Meld, MeldKind, build, require_winning_size
from .impossible import may_be_dealt, original_mark
from .notation import parse, season_hint
from .payments import ALL_SEATS, BOOK, Collect, Payer, SettlementRules, collection, winner_payments
from .plan import Found, Plan, evaluate, lost_without, memo_for, plan_for
from .rule_sections import MAX_LOSER_PAIRS
from .rule_types import NOT_WRITTEN, Rule
from .rules import Ruleset
from .score_types import DEFAULT, Line, Score, _Default
from .situation import (
    DISCARD,
    SITUATION_FACTS,
    Fact,
    Situation,
    WinBy,
    how_won,
    on_discard,
    unmet_need,
)
from .tiles import PLAYING_TILES, Tile, Wind
from .value import best_arrangement

__all__ = [
    "DEFAULT",
    "Line",
    "Score",
    "limit_in_force",
    "score_hand",
    "score_text",
]


def limit_in_force(ruleset: Ruleset, limit: int | None | _Default) -> int | None:
    """The limit that caps payments: the option given, else the ruleset's."""
    return ruleset.settings.limit if isinstance(limit, _Default) else limit


def _display_order(arrangement: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """Sets in the order typed, then the pair, then leftovers (the book lists sets, then the pair)."""
    return tuple(sorted(arrangement, key=_SHOWN))


_SHOWN = attrgetter("shown")
_RULE = attrgetter("rule")  # a Line's rule id
_FIRST = itemgetter(0)  # a found line's place in the breakdown (plan._line_key)


def _lines(found: list[Found]) -> tuple[Line, ...]:
    """The breakdown as the book prints it: point lines, then doublings, with the running total."""
    lines: list[Line] = []
    running = 0
    shared = _LINES.get
    for _, rule, unit, points, doublings in sorted(found, key=_FIRST):
        if rule.limit:
            points = doublings = 0
        elif doublings:
            running <<= doublings  # times 2**doublings: point lines sort first, running is their total
        else:
            running += points
        # The Line of this rule with these figures, shared: the same lines recur hand after hand in a
        # batch. A rule (frozen, hashed by identity) fixes the line's kind, label and id, so they are
        # read only when the line is first made.
        key = (rule, None if unit is None else unit.code, points, doublings, running)
        line = shared(key)
        if line is None:
            kind = "limit" if rule.limit else rule.kind
            line = _LINES.put(key, Line(kind, rule.label, points, doublings, rule.id, key[1], running))
        lines.append(line)
    return tuple(lines)


# Keyed by (rule, set code, points, doublings, running total): 20,000 in 400,000 mixed hands.
_LINES: BoundedCache[tuple[Any, ...], Line] = BoundedCache(16384)


def score_hand(
    hand: Hand,
    ruleset: Ruleset,
    situation: Situation,
    limit: int | None | _Default = DEFAULT,
    seats: tuple[Wind, ...] = ALL_SEATS,
) -> Score:
    """Score a built hand; raise HandError when it is not the kind of hand the situation says."""
    if ruleset.settings.not_written:
        _written(hand, ruleset)
    plan = plan_for(ruleset, situation.winner)
    stated = any(STATED(situation))  # nearly never, on a Harr hand: then no fact to check or note
    if not situation.winner:
        return _score_hand(hand, ruleset, plan, situation, limit, seats, None, stated)
    arranged = _winning(hand, ruleset, situation, seats)
    tried = stated and any(_FLAGS(situation))  # on/off facts to try without (_idle_facts): rarely
    return _score_hand(hand, ruleset, plan, situation, limit, seats, arranged, stated, tried)


# A winning hand's waits and its arrangements (in display order): the same whatever on/off facts
# are stated, so worked out once for the hand and its trials without a fact (_idle_facts).
_Arranged = tuple[tuple[Tile, ...], list[tuple[Meld, ...]]]


def _drop_the_mark(hand: Hand, why: str, code: str) -> HandError:
    """The refusal of a `!` a hand should not have, named by the group that holds it and its column
    (docs/notation.md, bad input): in a hand of fourteen groups, "drop the !" alone leaves it to be found."""
    order = next(n for n, group in enumerate(hand.parsed.groups) if group.winning is not None)
    return HandError(f"{hand.parsed.groups[order].text}: {why}", code=code, column=hand.parsed.column(order))


def no_winning_tile(hand: Hand, table: bool = False) -> HandError:
    """The refusal of a winning hand with no `!`: what to do instead, --original-hand first where the
    hand may be as dealt; then `score`'s --loser, or at a `table` (settle, an evening), whose winner was
    named with --winner, the one who did win, for the one named may be the wrong one (the message is
    said of his seat or name, seats.for_seat); a table's hand short of a winning hand's tiles is told its
    count, which a `!` would not mend."""
    dealt = may_be_dealt(hand)
    if not table:
        ways = "or use --original-hand, or --loser" if dealt else "or use --loser"
    else:
        other = "if this hand did not win, change --winner to who did"
        if hand.size < HAND_TILES + 1 + hand.kongs:  # short of any win: its count is what is wrong, not a !
            try:
                require_winning_size(hand)
            except HandError as short:
                return HandError(f"{short.message} ({other})", code=short.code, column=short.column)
        ways = f"or use --original-hand; {other}" if dealt else f"or, {other}"
    return HandError(
        f"a winning hand marks its winning tile with ! ({ways})", code="no-winning-tile", column=1
    )


def _winning(
    hand: Hand, ruleset: Ruleset, situation: Situation, seats: tuple[Wind, ...] = ALL_SEATS
) -> _Arranged:
    """A winning hand's waits and every arrangement the ruleset allows; HandError when there is none.
    `seats`: the table's (the player on the winner's left is the one before him among them)."""
    if hand.winning_tile is None and not situation.original_hand:
        raise no_winning_tile(hand)
    marked = original_mark(hand, situation, ruleset.settings.original_hand_drawn)
    if marked is not None:
        if hand.winning_tile is not None:  # a `!` that should not be there: told where it stands
            raise _drop_the_mark(hand, marked[0], marked[1])
        raise HandError(marked[0], code=marked[1], column=1)
    require_winning_size(hand)
    hand_waits = waits(hand, ruleset.shapes, ruleset.settings.max_chows)
    candidates = list(winning_arrangements(hand, situation.win_by is DISCARD))
    most = ruleset.settings.max_chows
    sets_found = bool(candidates)
    if most is not None:  # e.g. a hand of four sets and a pair may hold one chow at most
        candidates = [a for a in candidates if [m.kind for m in a].count(MeldKind.CHOW) <= most]
    candidates = _claimable(candidates, ruleset, situation, seats)
    if not candidates and any(shape(list(hand.counts), hand.fixed) for shape in ruleset.shapes):
        candidates = [shape_arrangement(hand)]
    if not candidates:
        raise HandError(
            f"not a winning hand: this ruleset allows at most {how_many(most, 'chow')}"
            if sets_found and most is not None
            else "not a winning hand: the tiles do not make four sets and a pair"
            + (" or a special hand of this ruleset" if ruleset.shapes else ""),
            code="not-winning",
            column=1,
        )
    return hand_waits, list(map(_display_order, candidates))


def _claimable(
    candidates: list[tuple[Meld, ...]], ruleset: Ruleset, situation: Situation, seats: tuple[Wind, ...]
) -> list[tuple[Meld, ...]]:
    """The arrangements whose winning set the discarder named could give: under `chow_from_left`, a chow
    only from the player on the winner's left ("he may 'Chow' only tiles discarded by the player to his
    left"; "a player may at any time 'Pung' a discard which will complete his hand", To Chow and Rule 2);
    OptionError where none is left but chows, as the discarder is mistyped or the tile was no chow's."""
    discarder = situation.discarder
    if not ruleset.settings.chow_from_left or discarder is None or situation.win_by is not DISCARD:
        return candidates
    if situation.robbing_kong:  # a tile robbed from a kong is no discard claimed in turn
        return candidates
    # Who plays before him at this table: East before South; at a table of three, West before East.
    order = sorted(seats, key=attrgetter("value"))
    seat = situation.seat
    left = order[order.index(seat) - 1] if seat in order else seat.after(3)
    if discarder is left:
        return candidates
    kept = [a for a in candidates if not any(m.winning and m.kind is MeldKind.CHOW for m in a)]
    if candidates and not kept:
        raise OptionError(
            f"--from names {discarder.word}, but the winning tile completes a chow, which is claimed only "
            f"from the player on the winner's left: give --from {left.word}, or drop --from",
            code="bad-option",
            options=("--from",),
        )
    return kept


def _score_hand(
    hand: Hand,
    ruleset: Ruleset,
    plan: Plan,
    situation: Situation,
    limit: int | None | _Default,
    seats: tuple[Wind, ...],
    arranged: _Arranged | None,
    stated: bool,
    tried: bool = False,
) -> Score:
    """score_hand: `plan`: the ruleset's for the side (plan_for), `arranged`: a winner's (_winning),
    `stated`: whether the situation states any fact, `tried`: whether to note the on/off facts that
    change nothing (_idle_facts; not in its trials)."""
    cap = limit_in_force(ruleset, limit)
    counts = hand.counts
    if arranged is not None:
        hand_waits, candidates = arranged
    else:
        if hand.winning_tile is not None:
            raise _drop_the_mark(
                hand, "a non-winning hand (--loser) has no winning tile: drop the !", "loser-winning-tile"
            )
        long_scores_zero = ruleset.settings.long_hand_scores_zero
        # Kajongg's Long Hand (src/rulecode.py LongHand: a hand not won is long past 13 tiles plus one per
        # kong, its "lenOffset > 0"), as the table counts a loser's hand (engine/penalties.py); without it
        # a non-winning hand is refused only past a winning hand's count.
        most = HAND_TILES + hand.kongs + (0 if long_scores_zero else 1)
        if sum(counts) > most:
            if long_scores_zero:
                # Shown whole, its pool as leftover tiles, and said why it has no score: only its marked
                # sets and bonus tiles were shown, `Score: 0` with nothing about the count.
                note = _LONG_HAND.format(have=hand.size, most=most, name=ruleset.name)
                pool = tuple(Meld(MeldKind.SINGLE, (tile,), order=100) for tile in hand.pool)
                return _long_hand(hand, ruleset, situation, cap, (note,), hand.fixed + pool)
            raise HandError(
                f"too many tiles: a hand holds at most {14 + hand.kongs} here, {len(hand.tiles)} given",
                code="tile-count",
                column=1,
            )
        hand_waits = ()
        settles = ruleset.settings.settle_losers
        # loser_max_pairs limits the pairs that score; where losers never settle none scores, so every
        # pair the hand holds may be one.
        pairs = ruleset.settings.loser_max_pairs if settles else MAX_LOSER_PAIRS
        candidates = list(map(_display_order, loser_arrangements(hand, pairs)))
        if not settles:
            # Its losers never settle among themselves, so a loser's hand is worth nothing (riichi's
            # losers pay the winner alone, docs/riichi.md#payments): scored 0, shown as its sets, said so;
            # in its fewest groups (a pair typed RdRd shown as one, not as Rd Rd), the first of those.
            note = _NO_LOSER_SCORE.format(name=ruleset.name)
            shown = min(candidates, key=len) if candidates else None
            return _long_hand(hand, ruleset, situation, cap, (note,), shown)

    settings = ruleset.settings
    if situation.winner and (stated or settings.impossible):  # nothing stated: nothing to refuse
        check_facts(hand, situation, settings.impossible, (ruleset.name, plan.reads))
    # Limit-fraction points (Part II) count from the limit in force, else the ruleset's own.
    nominal = cap if cap is not None else (settings.limit or settings.limit_hand_value)
    memo = memo_for(plan, situation, hand.winning_tile is not None, nominal) if plan.local else None
    calling = None if situation.winner else _calling(hand, ruleset, situation)
    evaluated: list[list[Found]] = []  # the lines each arrangement finds
    for arrangement in candidates:  # a loop, not a comprehension: no closure over the locals
        ctx = Context(situation, hand, arrangement, counts, hand_waits, [], calling)
        evaluated.append(evaluate(plan, ctx, nominal, memo))
    minimum = settings.min_doublings if situation.winner else 0
    value, arrangement, found, points, doublings, limit_label = best_arrangement(
        ruleset, cap, minimum, candidates, evaluated
    )
    lines = _lines(found)
    payable = value if cap is None else min(value, cap)
    payments: dict[Any, int] | None = None
    deposits = counters = 0
    east = 1
    notes = unread_notes(ruleset.name, plan.reads, situation, stated)
    if situation.winner:
        notes += round_notes(ruleset, situation)
        terms = ruleset.settlement
        # The book's terms and no counters nor deposits (every hand but riichi's): as it always was.
        if terms is BOOK and not (situation.honba or situation.deposits):
            payments = _book_payments(situation.seat, payable, settings.east_multiplier, seats)
            east = settings.east_multiplier
        else:
            payments, counters = _collected(terms, settings.east_multiplier, seats, situation, payable)
            deposits = terms.deposit_points * situation.deposits
            if situation.honba or situation.deposits:
                notes += settlement_notes(ruleset, situation)
        alone = paid_alone(ruleset, lines, limit_label) if stated else None
        if tried and arranged is not None:
            notes += _idle_facts(
                hand, ruleset, plan, situation, limit, seats, (value, lines), arranged, evaluated, alone
            )
        if stated:
            beside = beside_limit(ruleset, plan, situation, alone) if alone is not None else ()
            # Indicators no rule could use here are said so already; else those that show no tile held.
            notes += beside or unshown_notes(plan, situation, counts)
    # Positional: one Score per hand, and keywords cost more (Score's field order).
    return Score(
        ruleset.name,
        hand.code,
        situation,
        arrangement,
        hand.bonus,
        lines,
        points,
        doublings,
        value,
        cap,
        payable,
        hand_waits,
        payments,
        limit_label,
        notes,
        deposits,
        settings.doubling_base,
        settings.words,
        east,
        counters,
    )


def _collected(
    terms: SettlementRules, multiplier: int, seats: tuple[Wind, ...], situation: Situation, payable: int
) -> tuple[dict[Payer, int], int]:
    """What each payer pays the winner under the settlement's terms (payments.collection), and how much
    of it all is for the counters (`--honba N`)."""
    discard = on_discard(situation.win_by, situation.original_hand)
    # The terms by identity (their dataclass hash runs Python for each field; _remembered keeps them
    # beside the amounts, so that no other object takes their id while the entry lives).
    key = (
        id(terms),
        multiplier,
        seats,
        situation.seat,
        payable,
        discard,
        situation.discarder,
        situation.honba,
    )

    def paid() -> tuple[dict[Payer, int], int]:
        how = Collect(discard, situation.discarder, situation.honba)
        shares = collection(situation.seat, payable, multiplier, seats, terms, how)
        return {share.payer: share.amount for share in shares}, sum(share.counters for share in shares)

    payments, counters = _remembered(key, paid, terms)
    return dict(payments), counters


def _book_payments(winner: Wind, payable: int, multiplier: int, seats: tuple[Wind, ...]) -> dict[Wind, int]:
    """The book's terms, no counters nor deposits: payments.winner_payments."""
    return dict(
        _remembered(
            (winner, payable, multiplier, seats), lambda: winner_payments(winner, payable, multiplier, seats)
        )
    )


def _remembered(key: tuple[Any, ...], paid: Callable[[], Any], owner: object = None) -> Any:
    """What each payer pays, remembered by what it is worked out from (a batch pays the same few
    hundred amounts hand after hand; a lookup takes half the time of working it out): the callers
    give each Score its own dict. `owner`: the object whose id the key holds (None: none), kept with
    the amounts and asked to be the very one."""
    found = _PAID.get(key)
    if found is None or found[0] is not owner:
        found = _PAID.put(key, (owner, paid()))
    return found[1]


# The keys: _collected's start with the id of the terms (an int), _book_payments' with the winner's wind.
_PAID: BoundedCache[tuple[Any, ...], tuple[object, Any]] = BoundedCache(4096)


def _written(hand: Hand, ruleset: Ruleset) -> None:
    """Refuse a hand that holds what the ruleset's hands never hold (the setting `not_written`), at the
    column of the group that holds it (docs/notation.md, bad input)."""
    for what, holds in _holds(ruleset.settings.not_written):
        order = holds(hand)
        if order is not None:
            # Seasons typed as riichi's souzu (`1s2s3s`) are most often under riichi, which has none.
            hint = season_hint(hand.parsed.groups[order : order + 1]) if what == "bonus_tiles" else ""
            raise HandError(
                f"{ruleset.name}: {NOT_WRITTEN[what]}{hint}",
                code="not-written",
                column=hand.parsed.column(order),
            )


@lru_cache(maxsize=64)  # one per ruleset's setting: the same few, hand after hand
def _holds(never: frozenset[str]) -> tuple[tuple[str, Callable[[Hand], int | None]], ...]:
    """The tests of _HOLDS that `never` names, in _HOLDS' order."""
    return tuple((what, holds) for what, holds in _HOLDS.items() if what in never)


def _exposed_pair(fixed: tuple[Meld, ...]) -> int | None:
    """The typed place of the first pair lying exposed among the fixed sets, or None."""
    for meld in fixed:  # a loop, not next(): no generator for each hand
        if meld.kind is MeldKind.PAIR and meld.exposed:
            return meld.order
    return None


def _bonus_group(hand: Hand) -> int | None:
    """The typed place of the hand's first group of flowers or seasons, or None."""
    if not hand.bonus:
        return None
    return next(order for order, group in enumerate(hand.parsed.groups) if group.tiles[0].is_bonus)


# Where a hand holds each thing a ruleset may say its hands never hold (NOT_WRITTEN): the typed place
# of the group that holds it, or None; in the order they are checked (by name), asked only of the
# things the ruleset names.
_HOLDS: dict[str, Callable[[Hand], int | None]] = {
    "bonus_tiles": _bonus_group,
    "exposed_pair": lambda hand: _exposed_pair(hand.fixed),
    "winning_tile_laid": lambda hand: (
        None if hand.winning_fixed is None else hand.fixed[hand.winning_fixed].order
    ),
}
assert list(_HOLDS) == sorted(NOT_WRITTEN), "a test for each of NOT_WRITTEN, by name"


_FLAGS = fields(FLAG_FACTS)  # its on/off facts: any given? (rarely)
_TRIED = tuple(f for f in FLAG_FACTS if f.scores)  # those _idle_facts may try without


def _idle_facts(
    hand: Hand,
    ruleset: Ruleset,
    plan: Plan,
    situation: Situation,
    limit: int | None | _Default,
    seats: tuple[Wind, ...],
    scored: tuple[int, tuple[Line, ...]],
    arranged: _Arranged,
    evaluated: list[list[Found]],
    alone: str | None,
) -> tuple[str, ...]:
    """A note for each win option given that some rule reads but none can use in this hand (issue 19:
    `--original-hand` for a South winner under pung-chow-limit, whose only such rule is East's): the
    hand scores the same lines without it. Facts are left out in turn and stay out only while the
    score holds, so two that count together (a rule asking for either) are never both noted.
    `scored`: the hand's score and lines, `evaluated`: the lines each arrangement found (_score_hand);
    `alone`: why no rule but the limit hand counts (fact_notes.paid_alone), the reason each note gives,
    else the seat and the way of winning."""
    # Read by some rule (else noted already as read by no rule, unread_notes), and given.
    readable, stated = _read_flags(plan.reads)
    given = stated(situation)
    if not any(given):
        return ()
    required_by = plan.required_by
    gone: list[str] = []  # the facts left out so far: the hand scores the same without them
    notes: list[str] = []
    for fact, on in zip(readable, given, strict=True):
        if not on:
            continue
        # A fact that a line of the hand requires counts: without it that rule gives no line (no trial).
        needing = required_by.get(fact.field)
        if needing and not needing.isdisjoint(map(_RULE, scored[1])):
            continue
        off = [fact.field]
        # A fact that needs this one goes with it (ippatsu, ura indicators with riichi): alone it would
        # be refused, and riichi never noted beside the ippatsu of a yakuman (docs/riichi.md "The facts
        # of a win").
        for other_fact in _NEEDING:
            if fact.field in other_fact.needs and not any(
                getattr(situation, n) and n not in gone for n in other_fact.needs if n != fact.field
            ):
                off.append(other_fact.field)
        without = frozenset([*gone, *off])
        if unmet_need(situation, without) is not None:
            continue  # refused without it (--ura needs --riichi ...): check_facts would, before scoring
        # Where the facts left out only take their rules' lines away (plan.lost_without), each
        # arrangement scores its lines less those: no need to evaluate it again. Nor to check the facts:
        # the rest of check_facts refuses no fact left out (IMPOSSIBLE's tests refuse facts given) and
        # reads the others as the hand's score did.
        lost = lost_without(plan, without)
        if lost is not None and not all(_unmet(situation, guard) for guard in lost[1]):
            lost = None  # a rule it spares, or one sharing a group with those it takes, may give a line
        try:
            if lost is None:
                # A fact left out is its default: off, or no indicators (ura with riichi).
                left_out: dict[str, Any] = {name: _UNSTATED[name] for name in without}
                trial = replace(situation, **left_out)
                other = _score_hand(hand, ruleset, plan, trial, limit, seats, arranged, True)
                same = (other.score, other.lines) == scored
            else:
                less = [_less(found, lost[0]) for found in evaluated]
                cap = limit_in_force(ruleset, limit)
                value, _, found, _, _, _ = best_arrangement(
                    ruleset, cap, ruleset.settings.min_doublings, arranged[1], less
                )
                same = (value, _lines(found)) == scored
        except PungchowError:
            continue  # the hand does not stand without it (won on the original draw, no `!`)
        if same:
            gone.extend(off)
            where = alone or f"{situation.seat.word} seat, {how_won(situation)}"
            use = f"no rule of ruleset {ruleset.name} can use {fact.scores}"
            notes.append(f"{fact.option}: {use} in this hand ({where})")
    return tuple(notes)


_NEEDING = tuple(f for f in SITUATION_FACTS if f.needs)  # facts given only with another (Fact.needs)
_UNSTATED = {f.field: Situation.__dataclass_fields__[f.field].default for f in SITUATION_FACTS}


def _unmet(situation: Situation, guard: frozenset[str]) -> bool:
    """Whether some fact of the guard is not given in the situation (plan.lost_without)."""
    return any(not getattr(situation, name) for name in guard)


def _less(found: list[Found], lost: frozenset[Rule]) -> list[Found]:
    """An arrangement's lines less those of `lost` rules (plan.lost_without)."""
    for line in found:  # a loop, not any(): nearly always no line of theirs, and no new list
        if line[1] in lost:
            return [line for line in found if line[1] not in lost]
    return found


@lru_cache(maxsize=256)  # one per plan's facts read: the same few, hand after hand
def _read_flags(reads: frozenset[str]) -> tuple[tuple[Fact, ...], Callable[[Situation], tuple[Any, ...]]]:
    """The on/off facts _idle_facts may try without that some rule reads (in FACTS order), and what a
    situation states of them, as a tuple (one call: most hands state none of them)."""
    readable = tuple(f for f in _TRIED if f.field in reads)
    return readable, fields(readable)


def _calling(hand: Hand, ruleset: Ruleset, situation: Situation) -> Callable[[], frozenset[str]]:
    """The rules that would score the hand completed by one more tile from the wall (asked lazily)."""
    found: list[frozenset[str]] = []

    def rules() -> frozenset[str]:
        if not found:
            found.append(_completions(hand, ruleset, situation))
        return found[0]

    return rules


def _completions(hand: Hand, ruleset: Ruleset, situation: Situation) -> frozenset[str]:
    held = hand.counts
    won = replace(situation, winner=True, win_by=WinBy.WALL)
    out: set[str] = set()
    for tile in PLAYING_TILES:
        if held[tile.index] >= 4:
            continue
        try:
            result = score_hand(build(parse(f"{hand.code} {tile.code}!")), ruleset, won, None)
        except PungchowError:
            continue  # not a winning hand with this tile
        # A limit hand is paid as that limit hand alone.
        out.update(
            line.rule
            for line in result.lines
            if result.limit_hand is None or (line.kind == "limit" and line.label == result.limit_hand)
        )
    return frozenset(out)


# The note of a long hand: Kajongg's "Long Hand" (setting long_hand_scores_zero; docs/rulings.md#dead-hand).
_LONG_HAND = (
    "--loser: {have} tiles, more than a loser's hand holds ({most}): a long hand, which scores 0 under "
    "ruleset {name}"
)
# The note of a loser's hand under a ruleset whose losers do not settle among themselves.
_NO_LOSER_SCORE = (
    "--loser: the losers of ruleset {name} do not settle among themselves, so a loser's hand has no score"
)


def _long_hand(
    hand: Hand,
    ruleset: Ruleset,
    situation: Situation,
    cap: int | None,
    notes: tuple[str, ...] = (),
    arrangement: tuple[Meld, ...] | None = None,
) -> Score:
    """A non-winning hand that scores 0: with too many tiles under `long_hand_scores_zero`, or any under
    `settle_losers: false` (with its note, shown as `arrangement`)."""
    return Score(
        ruleset=ruleset.name,
        hand=hand.code,
        situation=situation,
        arrangement=hand.fixed if arrangement is None else arrangement,
        bonus_tiles=hand.bonus,
        lines=(),
        points=0,
        doublings=0,
        score=0,
        limit=cap,
        payable=0,
        waits=(),
        payments=None,
        limit_hand=None,
        notes=notes,
        words=ruleset.settings.words,
    )


def score_text(
    text: str,
    ruleset: Ruleset,
    situation: Situation,
    limit: int | None | _Default = DEFAULT,
    seats: tuple[Wind, ...] = ALL_SEATS,
) -> Score:
    """Parse, build and score a hand written in the notation of docs/notation.md; a winner's notes say
    a penalty that would make one player pay for all (pays_for_all_note): scored alone, the hand
    cannot say who pays (`settle` does)."""
    hand = build(parse(text))
    score = score_hand(hand, ruleset, situation, limit, seats)
    if ruleset.penalties and situation.winner:
        note = pays_for_all_note(hand, ruleset, score)
        if note is not None:
            return replace(score, notes=(*score.notes, note))
    return score


def winner_context(hand: Hand, score: Score) -> Context:
    """The winning hand as its score arranged it, for a penalty's tests (Ruleset.penalties)."""
    earlier = [line.rule for line in score.lines if line.points]
    return Context(score.situation, hand, score.arrangement, hand.counts, score.waits, earlier)


# A pays_for_all penalty's liable player (Penalty.liable): what he is called, the option naming him, and
# who he is, for `score`'s note (pays_for_all_note) and settle's refusals (penalties.liable_for_all).
LIABLE = {
    "discarder": ("the discarder", "--from", "who discarded the winning tile"),
    "feeder": ("the feeder", "--feeder", "who discarded the tile that completed the set"),
}


def pays_for_all_note(hand: Hand, ruleset: Ruleset, score: Score) -> str | None:
    """The note of the first `pays_for_all` penalty the winning hand meets ("The first penalty that
    applies is the one imposed", docs/rulings.md#pays-for-all), or None: its payments shown are each
    loser's share, which the liable player pays for all unless he is excused, and only the table
    (`settle`, with his hand) says whether he is."""
    situation = score.situation
    ctx: Context | None = None
    for penalty in ruleset.penalties:
        if penalty.type != "pays_for_all" or not penalty.tests:
            continue  # one with no `when:` turns on the table's word (a feeder named), not on this hand
        if penalty.liable == "discarder" and not on_discard(situation.win_by, situation.original_hand):
            continue  # nobody discarded the winning tile
        if ctx is None:  # built once, for the first penalty that can apply
            ctx = winner_context(hand, score)
        if all(test(ctx, None) for test in penalty.tests):
            who, option, _ = LIABLE[penalty.liable]
            return (
                f"{penalty.label}: the winning hand qualifies, so {who} pays these amounts for all "
                f"unless excused: settle the table to know who pays (settle ... {option} SEAT)"
            )
    return None
