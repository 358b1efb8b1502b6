"""Who pays whom: the winner's collection with the East double and the limit (Harr, "Settling the Scores"),
the losers' differences, draw games, two- and three-handed tables; the penalties are in `penalties`.

Pure functions returning frozen data: `settle_scores` (plain scores), `settle_table` (each seat a hand
in notation or a plain score, scored under a ruleset). How the hand ended is said, never guessed: a
winner (`!` or --winner), a draw game (--draw), or a false Mah-Jongg.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from .decomposition import complete_hand
from .errors import HandError, OptionError, TableError
from .fact_notes import number_notes, round_notes, settlement_notes, unread_options
from .hand import Hand
from .hand_scores import hand_scores, least_win, limit_scores, score_step
from .impossible import FROM_ORIGINAL, OWN_DISCARD, conflicting_facts, may_be_dealt, refusal, way_option
from .payments import (
    BOOK,
    Collect,
    Payment,
    SettlementRules,
    Share,
    capped,
    collection,
    east_factor,
    east_note,
    seat_name,
    winner_payments,
)
from .penalties import (
    dead_penalties,
    dead_reason,
    liable_for_all,
    penalty_of,
    settle_false_mahjongg,
    settle_pays_for_all,
    wrong_size_error,
)
from .plan import plan_for
from .rules import Ruleset
from .scoring import DEFAULT, Score, limit_in_force, no_winning_tile, score_hand
from .seats import check_copies, for_seat, read_seat, sign_refusal
from .situation import (
    FACT,
    OF_THE_SET,
    Situation,
    WinBy,
    on_discard,
    stated_situation,
)
from .table_types import AppliedPenalty, Settlement, TableOptions, build_settlement, seat_order
from .tiles import Wind

__all__ = [
    "AppliedPenalty",
    "Settlement",
    "TableOptions",
    "check_copies",
    "check_players",
    "read_seat",
    "settle_scores",
    "settle_table",
]


def check_players(ruleset: Ruleset, count: int, hint: str) -> None:
    """Refuse a table of `count` seats when the ruleset's game is played by another number (its setting
    `players`, riichi's 4): a seat left out would pay nothing (money never moves on a guess)."""
    wanted = ruleset.settings.players
    if wanted and count != wanted:
        raise OptionError(
            f"ruleset {ruleset.name} is played by {wanted}, not {count}: {hint}",
            code="too-few-seats" if count < wanted else "too-many-seats",
        )


# --- plain scores ------------------------------------------------------------------------

# Said where a table has fewer than two seats, with what to type (`settle --false-mahjongg south` alone).
_TOO_FEW_SEATS = (
    "settling needs at least two seats (two-handed game): give each player's hand or score by seat"
    " (--east HAND --south 0)"
)


def _check_seats(scores: Mapping[Wind, int], winner: Wind | None) -> tuple[Wind, ...]:
    seats = seat_order(scores)
    if len(seats) < 2:
        raise OptionError(_TOO_FEW_SEATS, code="too-few-seats")
    for seat in seats:
        if scores[seat] < 0:
            raise OptionError(f"--{seat_name(seat)}: a score cannot be negative", code="bad-score")
    if winner is not None and winner not in scores:
        raise OptionError(f"--winner {seat_name(winner)}: that seat is not at the table", code="bad-winner")
    return seats


def _winner_collects(
    winner: Wind,
    score: int,
    seats: tuple[Wind, ...],
    limit: int | None,
    east_multiplier: int,
    terms: SettlementRules = BOOK,
    how: Collect | None = None,
    won: str = "Mah-Jongg",
) -> list[Payment]:
    """ "The winner of the game collects full value of his score from each of the other players", or
    as the ruleset's settlement says (the discarder for all, rounding, counters: payments.collection)."""
    payable, cap_note = capped(score, limit)
    out = []
    if payable <= 0:
        return []  # a winning score of 0 (given as a plain number) moves nothing
    if terms is BOOK and how is None:
        for seat, amount in winner_payments(winner, payable, east_multiplier, seats).items():
            factor = east_factor(seat, winner, east_multiplier)
            out.append(Payment(seat, winner, amount, f"{won} {score}{cap_note}{east_note(factor)}"))
        return out
    for share in collection(winner, payable, east_multiplier, seats, terms, how or Collect()):
        assert isinstance(share.payer, Wind)  # settle_table names the discarder (_check_options)
        reason = _share_reason(f"{won} {score}{cap_note}", share, terms, payable)
        out.append(Payment(share.payer, winner, share.amount, reason))
    return out


def _share_reason(reason: str, share: Share, terms: SettlementRules, payable: int) -> str:
    """Why a share is paid, e.g. `Mah-Jongg 320 ×4, the discarder pays for all, rounded up to 100`: the
    rounding said where it changed the amount (a limit of 500 under rounding to 10 is paid as it is)."""
    reason += f" ×{share.factor}, the discarder pays for all" if share.for_all else east_note(share.factor)
    parts = []
    if terms.round_payments > 1 and share.amount - share.counters != payable * share.factor:
        parts.append(f"rounded up to {terms.round_payments}")
    if share.counters:
        parts.append(f"counters {share.counters}")
    return reason + "".join(f", {part}" for part in parts)


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
    draw_settles: bool = True,
    limit_each_score: bool = False,
    terms: SettlementRules = BOOK,
    how: Collect | None = None,
    deposits: int = 0,
    dead: Mapping[Wind, str] | Iterable[Wind] = (),
    ruleset: str | None = None,
    hands: Mapping[Wind, Score] | None = None,
    penalties: Iterable[AppliedPenalty] = (),
    notes: Iterable[str] = (),
    limit_tiers: tuple[str, ...] = (),
    won: str = "Mah-Jongg",
) -> Settlement:
    """Settle a table of plain scores (docs/rulings.md): the winner collects, then the others settle
    differences.

    `terms` (the ruleset's settlement section) and `how` (a discard, the discarder, the counters) say
    how the winner collects (payments.collection); `deposits` are what he takes from the table besides.
    No winner is a draw game: every seat settles differences only (none under `draw_settles: false`,
    where no hand scores without a winner). A dead hand's score does not count
    (it settles as 0), so it pays every other hand and collects nothing ("Mah-Jongg or Mah-Diao").
    `ruleset`, `hands`, `penalties`, `notes` and `limit_tiers` only explain the settlement (`settle_table`
    gives them). `won`: what the winner's score is called in a payment's reason.
    """
    seats = _check_seats(scores, winner)
    dead_map = dict(dead) if isinstance(dead, Mapping) else dict.fromkeys(dead, "declared dead")
    if winner is not None and winner in dead_map:
        raise OptionError("a dead hand cannot win", code="dead-winner")
    counted = {s: 0 if s in dead_map else scores[s] for s in seats}
    if winner is None and not draw_settles:
        # No hand scores without a winner (Kajongg, src/player.py handTotal: "0 if not self.game.winner"):
        # each settles on 0, so no column or `scores` reads a hand's points as money owed.
        counted = dict.fromkeys(seats, 0)
    if limit_each_score and limit is not None:
        # Each non-winner settles on his score capped at the limit (Kajongg's hand total), so two hands
        # over it settle nothing between them; the winner's is capped as he collects.
        counted = {s: v if s is winner else min(v, limit) for s, v in counted.items()}
    payments: list[Payment] = []
    payable = None
    if winner is not None:
        payable = capped(counted[winner], limit)[0]
        payments += _winner_collects(winner, counted[winner], seats, limit, east_multiplier, terms, how, won)
    if settle_losers and (winner is not None or draw_settles):
        others = tuple(s for s in seats if s is not winner)
        payments += _differences(counted, others, limit, east_multiplier, dead_map)
    return build_settlement(
        seats,
        counted,
        winner,
        payments,
        limit=limit,
        east_multiplier=east_multiplier,
        payable=payable,
        ruleset=ruleset,
        scored={s: scores[s] for s in seats},
        hands=hands,
        dead={s: dead_map[s] for s in seats if s in dead_map},
        penalties=penalties,
        notes=notes,
        deposits=deposits if winner is not None else 0,
        limit_tiers=limit_tiers,
        draw_settles=winner is not None or draw_settles,
    )


def draw_settles_nothing(ruleset: str) -> str:
    """Why a draw game moves no money under `draw_settles: false`: its note, and the settle table's line."""
    return (
        f"no hand of ruleset {ruleset} scores without a winner (draw_settles: false), so a draw game "
        "settles nothing"
    )


# --- a table of hands ----------------------------------------------------------------------


def _winner_of(hands: Mapping[Wind, Hand], options: TableOptions) -> Wind | None:
    marked = [s for s in seat_order(hands) if hands[s].winning_tile is not None]
    if len(marked) > 1:
        # Each hand by the option it was given with (`--east`), which an evening says by the player's
        # name (evening/settle.py seats_named), as it was typed there: `--other Ann=...`.
        given = ", ".join(f"--{seat_name(s)}" for s in marked)
        raise TableError(
            f"more than one hand marks a winning tile with ! ({given})",
            code="many-winners",
        )
    if options.winner is not None and marked and marked[0] is not options.winner:
        raise TableError(
            f"--winner {seat_name(options.winner)}, but the hand of --{seat_name(marked[0])} marks the "
            "winning tile with !",
            code="winner-mismatch",
        )
    return options.winner if options.winner is not None else (marked[0] if marked else None)


def _no_win_described(options: TableOptions, because: str) -> None:
    """Refuse an option that describes a win where none is settled (a draw, a false Mah-Jongg)."""
    for flag, on in (
        ("--from", options.discarder is not None),
        ("--feeder", options.feeder is not None),
        *((FACT[name].option, bool(value)) for name, value in options.stated),  # every fact: a win's
        # How the winning tile came: `settle --draw --drawn` settled the draw and said nothing of it.
        ("--drawn (--win-by wall)", options.win_by is WinBy.WALL),
        ("--loose (--win-by loose)", options.win_by is WinBy.LOOSE),
    ):
        if on:
            raise OptionError(f"{flag} describes a win, but {because}", code="no-winner")


def _at_the_table(seats: tuple[Wind, ...], seat: Wind | None, option: str) -> None:
    """Refuse a seat an option names that is not at the table (`--from west` at a table of three)."""
    if seat is not None and seat not in seats:
        raise OptionError(f"{option} {seat_name(seat)}: that seat is not at the table", code="bad-seat")


def _check_options(seats: tuple[Wind, ...], winner: Wind | None, options: TableOptions) -> None:
    _at_the_table(seats, options.winner, "--winner")
    _at_the_table(seats, options.discarder, "--from")
    _at_the_table(seats, options.feeder, "--feeder")
    for seat in options.dead:
        _at_the_table(seats, seat, "--dead")
    if winner is None:
        _no_win_described(options, "no hand won (give --winner)")
        return
    if options.discarder is not None:
        if options.win_by is not WinBy.DISCARD:
            given = way_option(options.win_by, [name for name, value in options.stated if value])
            raise OptionError(refusal("from_not_on_a_discard", given=given), code="bad-option")
        if options.said("original_hand"):
            raise OptionError(FROM_ORIGINAL, code="bad-option")
        if options.discarder is winner:
            raise OptionError(OWN_DISCARD, code="bad-option")
    if options.feeder is winner:
        raise OptionError("--feeder: a player cannot feed himself", code="bad-option")
    if winner in options.dead:
        raise OptionError("a dead hand cannot win", code="dead-winner")


def _check_ending(
    winner: Wind | None, hands: Mapping[Wind, Hand], ruleset: Ruleset, options: TableOptions
) -> None:
    """Money never moves on a guess: a draw game is said with --draw, and a complete hand with no
    winner named is a forgotten `!` (or --winner), not a dead hand nor a draw."""
    if winner is not None:
        if options.draw:
            given = (
                f"--winner names {seat_name(winner)}"
                if options.winner is not None
                else f"the ! in the hand of --{seat_name(winner)} names it"  # an evening: of Ann
            )
            raise OptionError(
                f"--draw says no hand won, but {given} the winner",
                code="draw-with-winner",
            )
        return
    for seat, hand in hands.items():
        if seat not in options.dead and complete_hand(hand, ruleset.shapes):
            name = seat_name(seat)
            original = FACT["original_hand"].option
            if options.said("original_hand"):  # the hand as dealt names no winning tile: who won is said
                raise TableError(
                    f"{name}'s hand is complete: a hand won on the original draw ({original}) marks no "
                    f"winning tile, so name its winner: --winner {name}",
                    code="complete-hand-no-winner",
                )
            dealt = f" (won on the original draw: --winner {name} {original})" if may_be_dealt(hand) else ""
            raise TableError(
                f"{name}'s hand is complete: mark its winning tile with !{dealt}",
                code="complete-hand-no-winner",
            )
    if not options.draw:
        raise OptionError(
            "no hand won: mark the winning tile with !, name --winner, or say --draw for a draw game",
            code="no-winner",
        )
    if not ruleset.settings.settle_losers:
        # A draw settles only the differences between the hands, which this ruleset's players never
        # settle: "No payments" would pass over its own draw payments (riichi's tenpai payments,
        # docs/riichi.md#hanchan), so the table is told instead.
        raise OptionError(
            f"ruleset {ruleset.name}: its losers do not settle among themselves, so a draw settles "
            "nothing here; pay what its rules pay at a draw by hand",
            code="no-draw-settlement",
        )


def _situation(seat: Wind, is_winner: bool, options: TableOptions) -> Situation:
    """A seat's situation: the winner's with the win options, the others' as non-winners (`--loser`)."""
    return Situation(
        seat=seat,
        round=options.round,
        winner=is_winner,
        win_by=options.win_by if is_winner else WinBy.DISCARD,
        discarder=options.discarder if is_winner else None,
        **(stated_situation(options.stated) if is_winner else {}),
    )


def settle_table(
    seats: Mapping[Wind, str], ruleset: Ruleset, options: TableOptions | None = None
) -> Settlement:
    """Score every seat (a hand in notation or a plain score) and settle the table under the ruleset."""

    options = options or TableOptions()
    order = seat_order(seats)
    # Each seat read first: a seat given but unreadable (`--east ''`) is named, not counted as missing.
    values: dict[Wind, int | Hand] = {s: read_seat(s, seats[s]) for s in order}
    # A game of a set number of players (riichi's 4) says so first: the winner's seat alone, as a riichi
    # player gives it, was told of a two-handed game, which that game does not have.
    check_players(ruleset, len(order), "give each player's seat, a loser's score as 0 (--west 0)")
    if len(order) < 2:
        raise OptionError(_TOO_FEW_SEATS, code="too-few-seats")
    if Wind.EAST not in order:
        # "East Wind acts for the dummy" ("Two and Three-Handed Games"): every table has an East, so a
        # table without one left him out, and settled without his double money would move on a guess.
        raise OptionError(
            "no --east: East Wind plays at every table, two- and three-handed too (he acts for the "
            "dummy): give his hand or his score (--east 0)",
            code="no-east",
        )
    hands = {s: v for s, v in values.items() if not isinstance(v, int)}
    check_copies(hands)
    limit_option = None if options.no_limit else (options.limit if options.limit is not None else DEFAULT)
    cap = limit_in_force(ruleset, limit_option)
    if options.false_mahjongg is not None:
        # A false Mah-Jongg ends the hand: the caller pays each other player and nothing else settles,
        # so no hand is scored (the caller's may well carry a `!`).
        _at_the_table(order, options.false_mahjongg, "--false-mahjongg")
        # Another seat's `!` names a winner as --winner does (the caller's own may mark his false call):
        # which ended the hand, his win or the false call, would be a guess.
        marked = [
            s for s, h in hands.items() if s is not options.false_mahjongg and h.winning_tile is not None
        ]
        if options.winner is not None or marked:
            named = (
                ""
                if options.winner is not None
                else f" (the ! in the {seat_name(marked[0])} hand names a winner)"
            )
            raise OptionError(
                f"--false-mahjongg ends the hand: there is no winner to settle with{named}",
                code="false-mahjongg-winner",
            )
        # Nothing else settles (Penalties 1): a win's options, a draw or a dead hand beside it were
        # passed over without a word, as if they had counted.
        _no_win_described(options, "--false-mahjongg ends the hand without one")
        for said, on in (("--draw", options.draw), ("--dead", bool(options.dead))):
            if on:
                raise OptionError(
                    f"{said}: --false-mahjongg ends the hand, and only the caller pays", code="bad-option"
                )
        given = {s: v for s, v in values.items() if isinstance(v, int)}
        caller = hands.get(options.false_mahjongg)
        return settle_false_mahjongg(ruleset, options.false_mahjongg, order, given, cap, caller)
    winner = _winner_of(hands, options)
    _check_ending(winner, hands, ruleset, options)
    _check_options(order, winner, options)
    most = ruleset.settings.most_score
    for seat in order:  # before what the win lacks (--from): the number typed is what is wrong first
        value = values[seat]
        if most is not None and isinstance(value, int) and value > most:
            # No hand is worth it: a payment typed for the score (riichi's 12000 for a mangan's 2000)
            # would be paid over again, so money never moves on it.
            raise OptionError(
                f"--{seat.word}: {value}: no hand scores more than {most} under ruleset {ruleset.name} "
                "(the score is the hand's value before payment, not what is paid)",
                code="bad-score",
            )
    on_a_discard = on_discard(options.win_by, options.said("original_hand"))
    discarder_pays = winner is not None and ruleset.settlement.discarder_pays and on_a_discard
    if discarder_pays and options.discarder is None:  # money never moves on a guess: who discarded is said
        # (a seat named that is not at the table is refused with the options, _check_options)
        raise OptionError(
            f"ruleset {ruleset.name}: the discarder pays for all on a discard: name him with --from SEAT "
            "(or say --drawn for a self-drawn win)",
            code="no-discarder",
        )
    impossible = ruleset.settings.impossible
    if winner is not None and impossible and isinstance(values[winner], int):
        # A winner's score given as a number: the stated facts are still tested together, as a hand's
        # are (scoring): `--ippatsu` without riichi, six dora indicators, and what the ruleset's play
        # never has; `--first-discard --drawn` would be paid as one of the two on a guess
        # (docs/riichi.md "The facts of a win").
        unmet = conflicting_facts(None, _situation(winner, True, options), impossible)
        if unmet is not None:
            # Ending with the way out, to drop facts no rule of the ruleset reads, as `score` does.
            said = unmet.said((ruleset.name, plan_for(ruleset, True).reads))
            raise OptionError(said, code="bad-option", options=unmet.options)
    multiplier = ruleset.settings.east_multiplier
    notes: list[str] = []

    # --- score each seat: the winner with the win options, the others as non-winners (`--loser`)
    dead_rule = penalty_of(ruleset, "dead_hand")
    if options.dead and dead_rule is None:
        raise OptionError(f"--dead: ruleset {ruleset.name} has no dead-hand penalty", code="no-penalty")
    dead: dict[Wind, str] = {s: "declared dead (--dead)" for s in order if s in options.dead}
    scored: dict[Wind, int] = {}
    scores: dict[Wind, Score] = {}
    as_new: list[tuple[str, str]] = []  # what a new game is refused on (Settlement.refused_as_new)
    for seat in order:
        value = values[seat]
        if isinstance(value, int):
            signed = sign_refusal(seat, seats[seat], value)
            if signed is not None:  # refused in a new game; one an evening recorded before is replayed
                as_new.append((signed.code, signed.message))
            possible = hand_scores(ruleset)
            moves = seat is winner or ruleset.settings.settle_losers  # else noted: it pays nothing
            # The cap in force (`--limit`) is what a hand that reaches it is paid: typed, it is no guess.
            if possible is not None and moves and value != cap and not possible.holds(value):
                # No hand scores it either (a payment typed for the score: riichi's 1300 for 320).
                raise OptionError(
                    f"--{seat.word}: no hand scores {value} under ruleset {ruleset.name}: "
                    + possible.hint(value),
                    code="bad-score",
                )
            least, always = least_win(ruleset) if seat is winner else (0, ())
            if value < least and value != cap:
                # Below what every win scores (Part II's Mah-Jongg alone is 10): a slip (5 for 50), which
                # every loser would pay (docs/settling.md "A score given as a number"). A new game is
                # refused on it (refuse_as_new); one an evening recorded before this check is replayed.
                as_new.append(
                    (
                        "bad-score",
                        f"--{seat.word}: no winning hand scores {value} under ruleset {ruleset.name}: every "
                        f"win scores at least {least} ({' and '.join(always)})",
                    )
                )
            step = score_step(ruleset, cap) if possible is None and seat is winner else 1
            below = value - value % step
            if step > 1 and value % step and value != cap and value not in limit_scores(ruleset):
                # 15 for 14, 21 for 22: no hand scores it (every point even), which every other player
                # would pay on (a user trial). Refused in a new game as the least above is.
                as_new.append(
                    (
                        "bad-score",
                        f"--{seat.word}: no hand scores {value} under ruleset {ruleset.name}: every score is "
                        f"a multiple of {step}, as all its points are (the nearest are {below} and "
                        f"{below + step})",
                    )
                )
            scored[seat] = value
            continue
        is_winner = seat is winner
        why = None if is_winner else dead_reason(dead_rule, value)
        if why is not None:
            # Money never moves on a guess: a hand of the wrong size is far more often mistyped than
            # dead, so it is dead only when the player is named so, and never settles under a ruleset
            # with no dead-hand penalty, whose loser would pay on it (docs/rulings.md#dead-hand).
            if seat not in dead:
                raise wrong_size_error(seat, why, value, dead_rule, ruleset.settings.long_hand_scores_zero)
            dead[seat] = why
        try:
            score = score_hand(value, ruleset, _situation(seat, is_winner, options), limit_option, order)
        except HandError as error:
            if seat in dead and error.code == "tile-count":
                scored[seat] = 0  # too many tiles to arrange: dead, and its score does not count anyway
                continue
            if error.code == "no-winning-tile" and isinstance(value, Hand):
                # `score`'s way out, --loser, is no option of a table: its other hands are the losers, and
                # the one named the winner (--winner) without a `!` may be the wrong seat named.
                error = no_winning_tile(value, table=True)
            raise for_seat(error, seat) from None
        scores[seat] = score
        scored[seat] = score.score
    if winner is not None and winner in dead:
        raise OptionError("a dead hand cannot win", code="dead-winner")
    # The indicators turned, with every hand at the table (each hand's own: as it was scored), where the
    # ruleset's rules read them and money moves on them: no evening's ruleset does (riichi's is refused,
    # evening.record), so a recorded game is replayed as it was accepted.
    read = plan_for(ruleset, True).reads
    shown = {f.option: options.said(f.field) for f in OF_THE_SET if f.field in read and options.said(f.field)}
    if shown:
        check_copies(hands, shown)
    if winner is not None:  # the win options no rule can use: the winner's hand says (scoring), or his score
        won = scores.get(winner)
        if won is not None:
            notes.extend(won.notes)
        else:
            situation = _situation(winner, True, options)
            notes.extend((*unread_options(ruleset, situation), *round_notes(ruleset, situation)))
            notes.extend(number_notes(ruleset, situation, scored[winner]))

    if winner is not None and not ruleset.settings.settle_losers:
        # The losers do not settle among themselves: a loser's score moves nothing, and the table is told.
        # A loser's hand scores 0 under such a ruleset (scoring), its note said here by seat.
        notes.extend(
            f"--{s.word}: {'' if s in scores else f'{scored[s]}: '}the losers of ruleset {ruleset.name} do "
            "not settle among themselves, so a loser's "
            + ("hand has no score" if s in scores else "score pays nothing")
            for s in order
            if s is not winner and s not in dead and (scored[s] or s in scores)
        )
    if winner is None and not ruleset.settings.draw_settles:
        # A draw under a ruleset whose hands score nothing without a winner: every hand was still read
        # and checked (a typo is refused), and the table is told why no money moves.
        notes.append(draw_settles_nothing(ruleset.name))
    found = (
        liable_for_all(ruleset, hands.get(winner), scores.get(winner), values, options, notes, as_new)
        if winner is not None
        else None
    )
    if found is not None and winner is not None:
        settled = settle_pays_for_all(
            *found,
            winner,
            order,
            scored,
            capped(scored[winner], cap)[0],
            limit=cap,
            east_multiplier=multiplier,
            ruleset=ruleset.name,
            hands=scores,
            dead=dead,
            notes=notes,
        )
    else:
        in_order = {s: dead[s] for s in order if s in dead}
        terms = ruleset.settlement
        honba, deposits = options.said("honba") or 0, options.said("deposits") or 0
        if winner is not None and winner not in scores:  # a scored hand's notes say it already (scoring)
            notes.extend(settlement_notes(ruleset, _situation(winner, True, options)))
        settled = settle_scores(
            scored,
            winner,
            limit=cap,
            east_multiplier=multiplier,
            settle_losers=ruleset.settings.settle_losers,
            draw_settles=ruleset.settings.draw_settles,
            limit_each_score=ruleset.settings.limit_each_score,
            terms=terms,
            how=Collect(on_a_discard, options.discarder, honba),
            deposits=terms.deposit_points * deposits,
            dead=in_order,
            ruleset=ruleset.name,
            hands=scores,
            penalties=dead_penalties(dead_rule, in_order),
            notes=notes,
            limit_tiers=tuple(tier.name for tier in ruleset.settings.limits),
            # A doubling base makes the score the basic points (riichi: fu x 2^(han + 2), docs/riichi.md),
            # not the book's Mah-Jongg score.
            won="basic points" if ruleset.settings.doubling_base else "Mah-Jongg",
        )
    # Money never moves on a guess: a new game is refused on it (refuse_as_new).
    return replace(settled, refused_as_new=tuple(as_new)) if as_new else settled


def refuse_as_new(settlement: Settlement) -> None:
    """Refuse a new game (settle's, an evening's new or amended one) on the first of its
    Settlement.refused_as_new: a winner's number below what every win scores (`bad-score`), payments
    that turn on a liable player not named (`liable-unnamed`) or on the hand of one given as a score
    (`liable-hand-unseen`): money would move on a guess. A game an evening recorded so before these
    refusals is still replayed as it was accepted, with its note (docs/settling.md)."""
    if settlement.refused_as_new:
        code, message = settlement.refused_as_new[0]
        raise OptionError(message, code=code)
