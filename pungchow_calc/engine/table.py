"""Who pays whom: the winner's collection with the East double and the limit (Harr, "Settling the Scores"),
the losers' differences, draw games, two- and three-handed tables, and the ruleset's penalties.

Pure functions returning frozen data: `winner_payments` (one winner), `settle_scores` (plain scores),
`settle_table` (each seat a hand in notation or a plain score, scored under a ruleset).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from .conditions import Context, Situation, Test, WinBy
from .decomposition import shape_arrangement, winning_arrangements
from .errors import HandError, OptionError, PungchowError, TableError
from .hand import Hand, build
from .notation import parse
from .payments import Payment, capped, east_factor, east_note, seat_name, winner_payments
from .rules import Penalty, Ruleset
from .scoring import DEFAULT, Score, limit_in_force, score_hand
from .tiles import PLAYING_TILES, Tile, Wind, counts_of


def _empty() -> Mapping[Any, Any]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class AppliedPenalty:
    """A penalty of the ruleset that changed the settlement."""

    id: str
    label: str
    type: str
    seat: Wind  # who pays
    detail: str

    def as_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "id": self.id,
            "label": self.label,
            "type": self.type,
            "seat": seat_name(self.seat),
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled table: each seat's score, the winner, every payment, and each seat's net."""

    seats: tuple[Wind, ...]
    scores: Mapping[Wind, int]  # what counts in settling: a dead hand's score does not count (0)
    winner: Wind | None
    payments: tuple[Payment, ...]
    net: Mapping[Wind, int]
    limit: int | None = None
    east_multiplier: int = 2
    payable: int | None = None  # the winner's score capped at the limit
    ruleset: str | None = None
    scored: Mapping[Wind, int] = field(default_factory=_empty)  # as scored, before a dead hand is cancelled
    hands: Mapping[Wind, Score] = field(default_factory=_empty)  # the seats given in notation
    dead: Mapping[Wind, str] = field(default_factory=_empty)  # dead hands and why
    penalties: tuple[AppliedPenalty, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def balanced(self) -> bool:
        """True when the nets sum to zero (always: the engine asserts it)."""
        return sum(self.net.values()) == 0

    def as_dict(self) -> dict[str, Any]:
        """SPEC §3 `settle --json`: scores, winner, payments, net; extra keys explain them."""
        out: dict[str, Any] = {
            "scores": {seat_name(s): self.scores[s] for s in self.seats},
            "winner": seat_name(self.winner) if self.winner is not None else None,
            "payments": [p.as_dict() for p in self.payments],
            "net": {seat_name(s): self.net[s] for s in self.seats},
            "net_sum": sum(self.net.values()),
            "ruleset": self.ruleset,
            "limit": self.limit,
            "east_multiplier": self.east_multiplier,
            "payable": self.payable,
            "dead": {seat_name(s): why for s, why in self.dead.items()},
            "penalties": [p.as_dict() for p in self.penalties],
            "notes": list(self.notes),
        }
        if self.scored:
            out["scored"] = {seat_name(s): self.scored[s] for s in self.seats if s in self.scored}
        if self.hands:
            out["hands"] = {seat_name(s): score.as_dict() for s, score in self.hands.items()}
        return out


# --- plain scores ------------------------------------------------------------------------


def _order(seats: Iterable[Wind]) -> tuple[Wind, ...]:
    return tuple(sorted(set(seats), key=lambda w: w.value))


def _nets(seats: tuple[Wind, ...], payments: Iterable[Payment]) -> dict[Wind, int]:
    net = dict.fromkeys(seats, 0)
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    # Every point paid is a point received: the table's nets always sum to zero.
    assert sum(net.values()) == 0, net
    return net


def _check_seats(scores: Mapping[Wind, int], winner: Wind | None) -> tuple[Wind, ...]:
    seats = _order(scores)
    if len(seats) < 2:
        raise OptionError("settling needs at least two seats (two-handed game)", code="too-few-seats")
    for seat in seats:
        if scores[seat] < 0:
            raise OptionError(f"--{seat_name(seat)}: a score cannot be negative", code="bad-score")
    if winner is not None and winner not in scores:
        raise OptionError(f"--winner {seat_name(winner)}: that seat is not at the table", code="bad-winner")
    return seats


def _winner_collects(
    winner: Wind, score: int, seats: tuple[Wind, ...], limit: int | None, east_multiplier: int
) -> list[Payment]:
    """ "The winner of the game collects full value of his score from each of the other players"."""
    payable, cap_note = capped(score, limit)
    out = []
    if payable <= 0:
        return []  # a winning score of 0 (given as a plain number) moves nothing
    for seat, amount in winner_payments(winner, payable, east_multiplier, seats).items():
        factor = east_factor(seat, winner, east_multiplier)
        out.append(Payment(seat, winner, amount, f"Mah-Jongg {score}{cap_note}{east_note(factor)}"))
    return out


def _differences(
    counted: Mapping[Wind, int],
    seats: tuple[Wind, ...],
    limit: int | None,
    east_multiplier: int,
    dead: Mapping[Wind, str],
) -> list[Payment]:
    """The others "settle among themselves the difference of their scores", the high hand first.

    The high hand collects from each lower hand (highest first), then leaves; equal scores pay nothing.
    Under a limit the difference is settled "up to the limit ... and up to double the limit if either
    is East Wind" (Part II "The Limit Hand"): the difference is capped, then East's factor applies.
    """
    ranked = sorted(seats, key=lambda w: (-counted[w], w.value))
    out = []
    for i, high in enumerate(ranked):
        for low in ranked[i + 1 :]:
            diff = counted[high] - counted[low]
            if diff <= 0:
                continue
            amount, cap_note = capped(diff, limit)
            factor = east_factor(high, low, east_multiplier)
            why = " (dead hand)" if low in dead else ""
            reason = f"difference {counted[high]}−{counted[low]}{why}{cap_note}{east_note(factor)}"
            out.append(Payment(low, high, amount * factor, reason))
    return out


def settle_scores(
    scores: Mapping[Wind, int],
    winner: Wind | None = None,
    *,
    limit: int | None = None,
    east_multiplier: int = 2,
    settle_losers: bool = True,
    dead: Mapping[Wind, str] | Iterable[Wind] = (),
) -> Settlement:
    """Settle a table of plain scores (SPEC §4.8): the winner collects, then the others settle differences.

    No winner is a draw game: every seat settles differences only. A dead hand's score does not count
    (it settles as 0), so it pays every other hand and collects nothing ("Mah-Jongg or Mah-Diao").
    """
    seats = _check_seats(scores, winner)
    dead_map = dict(dead) if isinstance(dead, Mapping) else dict.fromkeys(dead, "declared dead")
    if winner is not None and winner in dead_map:
        raise OptionError("a dead hand cannot win", code="dead-winner")
    counted = {s: 0 if s in dead_map else scores[s] for s in seats}
    payments: list[Payment] = []
    payable = None
    if winner is not None:
        payable = capped(counted[winner], limit)[0]
        payments += _winner_collects(winner, counted[winner], seats, limit, east_multiplier)
    if settle_losers:
        others = tuple(s for s in seats if s is not winner)
        payments += _differences(counted, others, limit, east_multiplier, dead_map)
    return Settlement(
        seats=seats,
        scores=MappingProxyType(counted),
        winner=winner,
        payments=tuple(payments),
        net=MappingProxyType(_nets(seats, payments)),
        limit=limit,
        east_multiplier=east_multiplier,
        payable=payable,
        scored=MappingProxyType({s: scores[s] for s in seats}),
        dead=MappingProxyType({s: dead_map[s] for s in seats if s in dead_map}),
    )


# --- a table of hands ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableOptions:
    """How the hand ended: the winner and how he won (`score` options), and the penalties' facts."""

    winner: Wind | None = None  # None: the hand marked with `!`, else a draw game
    round: Wind = Wind.EAST
    win_by: WinBy = WinBy.DISCARD
    discarder: Wind | None = None  # --from: who discarded the winning tile
    feeder: Wind | None = None  # --feeder: who discarded the tile that completed a dangerous set
    original_hand: bool = False
    last_tile: bool = False
    first_discard: bool = False
    limit: int | None = None  # None: the ruleset's limit
    no_limit: bool = False
    no_choice: bool = False  # the liable player had no choice in his discard (Penalties, note (a))
    dead: frozenset[Wind] = frozenset()  # seats declared dead (needed for plain scores)
    false_mahjongg: Wind | None = None  # the seat that called Mah-Jongg on an incomplete hand


_SCORE = re.compile(r"[+-]?\d+")


def read_seat(seat: Wind, text: str) -> int | Hand:
    """A seat's value: a plain whole-number score, or a hand in notation (errors name the seat)."""

    stripped = text.strip()
    if _SCORE.fullmatch(stripped):
        if len(stripped) > 18:  # no table scores a quintillion; int() refuses 4,300 digits anyway
            raise OptionError(
                f"--{seat_name(seat)}: a score of {len(stripped)} digits is too large", code="bad-score"
            )
        value = int(stripped)
        if value < 0:
            raise OptionError(f"--{seat_name(seat)}: a score cannot be negative", code="bad-score")
        return value
    try:
        return build(parse(stripped))
    except PungchowError as error:
        raise _for_seat(error, seat) from None


def _for_seat(error: PungchowError, seat: Wind) -> PungchowError:
    """The same error, its message naming the seat (`--south: 1d2d4d* is not a set (column 9)`)."""
    return type(error)(f"--{seat_name(seat)}: {error.message}", code=error.code, column=error.column)


def check_copies(hands: Mapping[Wind, Hand]) -> None:
    """The tiles of all hands together: four copies of each playing tile, one of each bonus tile."""
    per_seat: dict[Tile, Counter[Wind]] = {}
    for seat, hand in hands.items():
        for tile in (*hand.tiles, *hand.bonus):
            per_seat.setdefault(tile, Counter())[seat] += 1
    for tile, holders in sorted(per_seat.items(), key=lambda item: item[0].index):
        allowed = 1 if tile.is_bonus else 4
        total = sum(holders.values())
        if total > allowed:
            who = ", ".join(f"{seat_name(s)} {holders[s]}" for s in _order(holders))
            copies = "one copy" if allowed == 1 else "four copies"
            raise TableError(
                f"{tile.code} appears {total} times on the table ({who}); the set has {copies}",
                code="too-many-copies",
            )


def _winner_of(hands: Mapping[Wind, Hand], options: TableOptions) -> Wind | None:
    marked = [s for s in _order(hands) if hands[s].winning_tile is not None]
    if len(marked) > 1:
        raise TableError(
            f"more than one hand marks a winning tile with ! ({', '.join(seat_name(s) for s in marked)})",
            code="many-winners",
        )
    if options.winner is not None and marked and marked[0] is not options.winner:
        raise TableError(
            f"--winner {seat_name(options.winner)}, but the {seat_name(marked[0])} hand marks the "
            "winning tile with !",
            code="winner-mismatch",
        )
    return options.winner if options.winner is not None else (marked[0] if marked else None)


def _check_options(seats: tuple[Wind, ...], winner: Wind | None, options: TableOptions) -> None:
    def present(seat: Wind | None, option: str) -> None:
        if seat is not None and seat not in seats:
            raise OptionError(f"{option} {seat_name(seat)}: that seat is not at the table", code="bad-seat")

    present(options.winner, "--winner")
    present(options.discarder, "--from")
    present(options.feeder, "--feeder")
    for seat in options.dead:
        present(seat, "--dead")
    if winner is None:
        for flag, on in (
            ("--from", options.discarder is not None),
            ("--feeder", options.feeder is not None),
            ("--original-hand", options.original_hand),
            ("--last-tile", options.last_tile),
            ("--first-discard", options.first_discard),
            ("--no-choice", options.no_choice),
        ):
            if on:
                raise OptionError(
                    f"{flag} describes a win, but no hand won (give --winner)", code="no-winner"
                )
        return
    if options.discarder is not None:
        if options.win_by is not WinBy.DISCARD:
            raise OptionError(
                "--from names a discarder, but the hand was not won by discard", code="bad-option"
            )
        if options.discarder is winner:
            raise OptionError("--from: a player cannot win on his own discard", code="bad-option")
    if options.feeder is winner:
        raise OptionError("--feeder: a player cannot feed himself", code="bad-option")
    if winner in options.dead:
        raise OptionError("a dead hand cannot win", code="dead-winner")


def _penalty_of(ruleset: Ruleset, kind: str) -> Penalty | None:
    return next((p for p in ruleset.penalties if p.type == kind), None)


def _winner_context(hand: Hand, score: Score) -> Context:

    earlier = [line.rule for line in score.lines if line.points]
    return Context(
        score.situation, hand, score.arrangement, tuple(counts_of(hand.tiles)), score.waits, earlier
    )


def waiting_with(
    hand: Hand, tests: tuple[Test, ...], seat: Wind, round: Wind, ruleset: Ruleset
) -> Tile | None:
    """A tile this (non-winning) hand waits for whose completed hand meets every test, or None.

    The book's exception to "discarder pays for all": the discarder "had two complete doubling honors
    and was waiting for the winning tile or was waiting for the winning tile which would give him more
    than two doubling honors" — waiting meaning one tile from Mah-Jongg himself.
    """

    if hand.winning_tile is not None:
        return None
    held = counts_of(hand.tiles)
    situation = Situation(seat=seat, round=round, winner=True, win_by=WinBy.DISCARD)
    for index, tile in enumerate(PLAYING_TILES):
        if held[index] >= 4:
            continue
        completed = build(parse(f"{hand.code} {tile.code}!"))
        counts = tuple(counts_of(completed.tiles))
        arrangements = list(winning_arrangements(completed, by_discard=True))
        if not arrangements and any(shape(list(counts), completed.fixed) for shape in ruleset.shapes):
            arrangements = [shape_arrangement(completed)]
        for arrangement in arrangements:
            ctx = Context(situation, completed, arrangement, counts, (), [])
            if all(test(ctx, None) for test in tests):
                return tile
    return None


def _pays_for_all(
    ruleset: Ruleset,
    winner: Wind,
    winner_hand: Hand | None,
    winner_score: Score | None,
    values: Mapping[Wind, int | Hand],
    options: TableOptions,
    notes: list[str],
) -> tuple[Penalty, Wind] | None:
    """The first `pays_for_all` penalty whose conditions the winner's hand meets, and who is liable."""
    candidates = [p for p in ruleset.penalties if p.type == "pays_for_all"]
    if not candidates:
        return None
    if winner_hand is None or winner_score is None:
        if options.discarder is not None or options.feeder is not None:
            notes.append("the winner's score was given as a number: penalties on his hand were not assessed")
        return None
    ctx = _winner_context(winner_hand, winner_score)
    for penalty in candidates:
        if not all(test(ctx, None) for test in penalty.tests):
            continue
        if penalty.liable == "discarder":
            liable = options.discarder if options.win_by is WinBy.DISCARD else None
            missing = "--from (who discarded the winning tile)"
        else:
            liable = options.feeder
            missing = "--feeder (who discarded the tile that completed the set)"
        if liable is None:
            notes.append(
                f"{penalty.label}: the winning hand qualifies; name the liable player with {missing}"
            )
            continue
        who = seat_name(liable)
        if options.no_choice and penalty.excused_no_choice:
            notes.append(f"{penalty.label}: {who} is excused, having had no choice in his discard")
            continue
        if penalty.excused_waiting is not None:
            held = values[liable]
            if isinstance(held, int):
                notes.append(
                    f"{penalty.label}: {who}'s hand was given as a score, so his exception (waiting for a "
                    "hand of his own) could not be checked"
                )
            else:
                tile = waiting_with(held, penalty.excused_waiting, liable, options.round, ruleset)
                if tile is not None:
                    notes.append(
                        f"{penalty.label}: {who} is excused, waiting for {tile.code} with his own hand"
                    )
                    continue
        return penalty, liable
    return None


def settle_table(
    seats: Mapping[Wind, str], ruleset: Ruleset, options: TableOptions | None = None
) -> Settlement:
    """Score every seat (a hand in notation or a plain score) and settle the table under the ruleset."""

    options = options or TableOptions()
    order = _order(seats)
    if len(order) < 2:
        raise OptionError("settling needs at least two seats (two-handed game)", code="too-few-seats")
    values: dict[Wind, int | Hand] = {s: read_seat(s, seats[s]) for s in order}
    hands = {s: v for s, v in values.items() if not isinstance(v, int)}
    check_copies(hands)
    if options.false_mahjongg is not None:
        # A false Mah-Jongg ends the hand: the caller pays each other player and nothing else settles,
        # so no hand is scored (the caller's may well carry a `!`).
        if options.false_mahjongg not in order:
            raise OptionError(
                f"--false-mahjongg {seat_name(options.false_mahjongg)}: that seat is not at the table",
                code="bad-seat",
            )
        if options.winner is not None:
            raise OptionError(
                "--false-mahjongg ends the hand: there is no winner to settle with",
                code="false-mahjongg-winner",
            )
        cap = limit_in_force(
            ruleset, None if options.no_limit else (options.limit if options.limit is not None else DEFAULT)
        )
        given = {s: v for s, v in values.items() if isinstance(v, int)}
        return _false_mahjongg(ruleset, options.false_mahjongg, order, given, cap)
    winner = _winner_of(hands, options)
    _check_options(order, winner, options)
    limit_option = None if options.no_limit else (options.limit if options.limit is not None else DEFAULT)
    cap = limit_in_force(ruleset, limit_option)
    multiplier = ruleset.settings.east_multiplier
    notes: list[str] = []

    # --- score each seat: the winner with the win options, the others as non-winners (`--loser`)
    dead_rule = _penalty_of(ruleset, "dead_hand")
    if options.dead and dead_rule is None:
        raise OptionError(f"--dead: ruleset {ruleset.name} has no dead-hand penalty", code="no-penalty")
    dead: dict[Wind, str] = {s: "declared dead (--dead)" for s in order if s in options.dead}
    scored: dict[Wind, int] = {}
    scores: dict[Wind, Score] = {}
    for seat in order:
        value = values[seat]
        if isinstance(value, int):
            scored[seat] = value
            continue
        is_winner = seat is winner
        if not is_winner and dead_rule is not None:
            need = dead_rule.tiles + value.kongs
            have = len(value.tiles)
            if have != need and seat not in dead:
                dead[seat] = f"{have} tiles, not {need}"
        situation = Situation(
            seat=seat,
            round=options.round,
            winner=is_winner,
            win_by=options.win_by if is_winner else WinBy.DISCARD,
            original_hand=is_winner and options.original_hand,
            last_tile=is_winner and options.last_tile,
            first_discard=is_winner and options.first_discard,
            discarder=options.discarder if is_winner else None,
        )
        try:
            score = score_hand(value, ruleset, situation, limit_option, order)
        except HandError as error:
            if seat in dead and error.code == "tile-count":
                scored[seat] = 0  # too many tiles to arrange: dead, and its score does not count anyway
                continue
            raise _for_seat(error, seat) from None
        scores[seat] = score
        scored[seat] = score.score
    if winner is not None and winner in dead:
        raise OptionError("a dead hand cannot win", code="dead-winner")

    common: dict[str, Any] = {
        "ruleset": ruleset.name,
        "hands": MappingProxyType(scores),
    }
    found = (
        _pays_for_all(ruleset, winner, hands.get(winner), scores.get(winner), values, options, notes)
        if winner is not None
        else None
    )
    if found is not None and winner is not None:
        penalty, liable = found
        payable = capped(scored[winner], cap)[0]
        # "must bear the entire losses of all other players" and "all scores except that of the winning
        # hand are canceled" (Penalties 2 and note (b)): the liable player pays what each loser would
        # have paid the winner, his own loss first; the losers settle nothing among themselves.
        payments = [
            Payment(
                liable,
                winner,
                payable * east_factor(loser, winner, multiplier),
                f"{penalty.label}: {'own loss' if loser is liable else 'pays for ' + seat_name(loser)}"
                + east_note(east_factor(loser, winner, multiplier)),
                on_behalf_of=loser,
            )
            for loser in sorted(
                (s for s in order if s is not winner), key=lambda s: (s is not liable, s.value)
            )
        ]
        counted = {s: scored[s] if s is winner else 0 for s in order}
        applied = AppliedPenalty(
            penalty.id,
            penalty.label,
            penalty.type,
            liable,
            f"{seat_name(liable)} bears the entire losses of all other players; all scores but the "
            "winner's are cancelled",
        )
        notes.extend(f"{seat_name(s)}'s hand is dead ({why})" for s, why in dead.items())
        return Settlement(
            seats=order,
            scores=MappingProxyType(counted),
            winner=winner,
            payments=tuple(payments),
            net=MappingProxyType(_nets(order, payments)),
            limit=cap,
            east_multiplier=multiplier,
            payable=payable,
            scored=MappingProxyType(scored),
            dead=MappingProxyType(dead),
            penalties=(applied,),
            notes=tuple(notes),
            **common,
        )

    plain = settle_scores(
        scored,
        winner,
        limit=cap,
        east_multiplier=multiplier,
        settle_losers=ruleset.settings.settle_losers,
        dead=dead,
    )
    applied_dead = tuple(
        AppliedPenalty(
            dead_rule.id if dead_rule else "dead_hand",
            dead_rule.label if dead_rule else "Dead hand",
            "dead_hand",
            seat,
            f"{why}: its score does not count and it pays all",
        )
        for seat, why in plain.dead.items()
    )
    return replace(plain, penalties=applied_dead, notes=tuple(notes), **common)


def _false_mahjongg(
    ruleset: Ruleset,
    caller: Wind,
    order: tuple[Wind, ...],
    scored: Mapping[Wind, int],
    cap: int | None,
) -> Settlement:
    """Penalties 1: "pay to each of the other 3 players half of the limit. East Wind receiving full limit
    or paying full limit" — half the limit, times East's multiplier; all scores are cancelled."""
    penalty = _penalty_of(ruleset, "false_mahjongg")
    if penalty is None or penalty.pays is None:
        raise OptionError(
            f"--false-mahjongg: ruleset {ruleset.name} has no false Mah-Jongg penalty", code="no-penalty"
        )
    if penalty.pays.limit_fraction is not None and cap is None:
        raise OptionError(
            "--false-mahjongg: the penalty is a share of the limit, and no limit is in force", code="no-limit"
        )
    each = penalty.pays.value(False, cap)
    multiplier = ruleset.settings.east_multiplier
    payments = [
        Payment(
            caller,
            seat,
            each * east_factor(caller, seat, multiplier),
            f"{penalty.label}: {each}{east_note(east_factor(caller, seat, multiplier))}",
        )
        for seat in order
        if seat is not caller
    ]
    return Settlement(
        seats=order,
        scores=MappingProxyType(dict.fromkeys(order, 0)),
        winner=None,
        payments=tuple(payments),
        net=MappingProxyType(_nets(order, payments)),
        limit=cap,
        east_multiplier=multiplier,
        ruleset=ruleset.name,
        scored=MappingProxyType(dict(scored)),
        penalties=(
            AppliedPenalty(
                penalty.id,
                penalty.label,
                penalty.type,
                caller,
                f"{seat_name(caller)} called Mah-Jongg on an incomplete hand; the hand ends and no other "
                "score counts",
            ),
        ),
    )
