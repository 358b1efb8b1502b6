"""The ruleset's penalties at a settled table (Harr, "Penalties"; "Mah-Jongg or Mah-Diao"): the player
liable for a winning hand pays for all, a hand of the wrong size is dead, and a false Mah-Jongg ends
the hand. Each is data in the ruleset (`penalties:`); this module applies them.
"""

from __future__ import annotations

from collections.abc import Mapping

from .conditions import Context, Test
from .decomposition import complete_hand, shape_arrangement, winning_arrangements
from .errors import OptionError, TableError
from .hand import HAND_TILES, Hand, build, size_hint
from .notation import parse
from .payments import Payment, east_factor, east_note, seat_name
from .rules import Penalty, Points, Ruleset
from .scoring import LIABLE, Score, winner_context
from .seats import read_seat
from .situation import Situation, WinBy, on_discard
from .table_types import AppliedPenalty, Settlement, TableOptions, build_settlement
from .tiles import PLAYING_TILES, Tile, Wind
from .wash import PART_II


def penalty_of(ruleset: Ruleset, kind: str) -> Penalty | None:
    """The ruleset's first penalty of this type, or None."""
    return next((p for p in ruleset.penalties if p.type == kind), None)


# --- a dead hand ("Mah-Jongg or Mah-Diao") --------------------------------------------------------


def dead_reason(rule: Penalty | None, hand: Hand) -> str | None:
    """Why a non-winning hand is the wrong size (the wrong number of tiles for its kongs), or None: dead
    under the ruleset's dead-hand `rule`, a typo under a ruleset without one (None)."""
    need = (rule.tiles if rule else HAND_TILES) + hand.kongs
    have = len(hand.tiles)
    return f"{have} tiles, not {need}" if have != need else None


def wrong_size_error(
    seat: Wind, why: str, hand: Hand, rule: Penalty | None, long_scores_zero: bool = False
) -> TableError:
    """A non-winning hand of the wrong size not named dead: refused, naming the seat and the count (and
    what it may have been meant as: hand.size_hint). Under a ruleset with no dead-hand penalty (`rule`
    None) nothing can make it settle: it is refused as mistyped (docs/rulings.md#dead-hand)."""
    name = seat_name(seat)
    need = (rule.tiles if rule else HAND_TILES) + hand.kongs
    if rule is None:
        # A ruleset whose long hand scores 0 (Kajongg's "Long Hand", setting long_hand_scores_zero): a
        # real one is settled by its score given as 0, said, never guessed from a typo.
        long = (
            f"; a long hand scores 0: give its score (--{name} 0)"
            if long_scores_zero and len(hand.tiles) > need
            else ""
        )
        return TableError(
            f"--{name}: a hand holds {HAND_TILES} tiles plus one per kong ({HAND_TILES + 1} with the "
            f"winning tile): {len(hand.tiles)} here{size_hint(hand, need)}{long}",
            code="wrong-size-hand",
            column=1,
        )
    return TableError(
        f"--{name}: {why} (a hand holds {HAND_TILES} tiles, one more for each kong): check the hand, or "
        f"name it dead (--dead {name}){size_hint(hand, need)}",
        code="wrong-size-hand",
        column=1,  # about the hand as a whole: its start (docs/notation.md, "Bad input")
    )


def wrong_size(ruleset: Ruleset, text: str) -> str | None:
    """Why a non-winning hand typed as `text` is the wrong size (`6 tiles, not 13`), or None: the right
    size or a plain score. Under a dead-hand penalty such a hand settles only when its player is named
    dead (`--dead`; `evening play` asks); under a ruleset without one it never settles. Notation errors
    are raised."""
    value = read_seat(Wind.EAST, text)
    return None if isinstance(value, int) else dead_reason(penalty_of(ruleset, "dead_hand"), value)


def dead_penalties(rule: Penalty | None, dead: Mapping[Wind, str]) -> tuple[AppliedPenalty, ...]:
    """The dead-hand penalty as applied to each dead seat, in seat order as given."""
    return tuple(
        AppliedPenalty(
            rule.id if rule else "dead_hand",
            rule.label if rule else "Dead hand",
            "dead_hand",
            seat,
            f"{why}: its score does not count and it pays all",
        )
        for seat, why in dead.items()
    )


# --- the discarder (or feeder) pays for all ("Penalties" 2) ------------------------------------------


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
    held = hand.counts
    situation = Situation(seat=seat, round=round, winner=True, win_by=WinBy.DISCARD)
    for index, tile in enumerate(PLAYING_TILES):
        if held[index] >= 4:
            continue
        completed = build(parse(f"{hand.code} {tile.code}!"))
        counts = completed.counts
        arrangements = list(winning_arrangements(completed, by_discard=True))
        if not arrangements and any(shape(list(counts), completed.fixed) for shape in ruleset.shapes):
            arrangements = [shape_arrangement(completed)]
        for arrangement in arrangements:
            ctx = Context(situation, completed, arrangement, counts, (), [])
            if all(test(ctx, None) for test in tests):
                return tile
    return None


def liable_for_all(
    ruleset: Ruleset,
    winner_hand: Hand | None,
    winner_score: Score | None,
    values: Mapping[Wind, int | Hand],
    options: TableOptions,
    notes: list[str],
    unnamed_liable: list[tuple[str, str]],
) -> tuple[Penalty, Wind] | None:
    """The first `pays_for_all` penalty whose conditions the winner's hand meets, and who is liable;
    each penalty met whose liable player is not named, or whose exception turns on his hand given as a
    score, is said in `unnamed_liable` as (code, message) (a new game is refused on it:
    table.refuse_as_new)."""
    excused: list[Wind] = []  # each liable player `--no-choice` excuses
    unnamed: list[Penalty] = []  # penalties the hand meets whose liable player is not named
    fed: list[Penalty] = []  # penalties on a feeder the hand meets (imposed, excused or not reached)

    def first() -> tuple[Penalty, Wind] | None:
        candidates = [p for p in ruleset.penalties if p.type == "pays_for_all"]
        if options.feeder is not None and not any(p.liable == "feeder" for p in candidates):
            # A feeder named where no penalty makes one pay (riichi's pao is not worked out): said, not
            # passed over in silence while the payments stand as if he had not been named.
            notes.append(
                f"--feeder {seat_name(options.feeder)}: ruleset {ruleset.name} has no penalty that makes a "
                "feeder pay, so nobody pays for him (settle any liability by hand)"
            )
        if not candidates:
            return None
        if winner_hand is None or winner_score is None:
            if options.discarder is not None or options.feeder is not None:
                notes.append(
                    "the winner's score was given as a number: penalties on his hand were not assessed"
                )
            return None
        ctx = winner_context(winner_hand, winner_score)
        for penalty in candidates:
            if not penalty.tests and options.feeder is None:
                continue  # imposed on the table's word alone (no `when:`), and no feeder was named
            if not all(test(ctx, None) for test in penalty.tests):
                continue
            if penalty.liable == "feeder":
                fed.append(penalty)
            if penalty.liable == "discarder":
                if not on_discard(options.win_by, options.said("original_hand")):
                    # Nobody discarded the winning tile, so nobody is liable (a ruleset's `when` that does
                    # not say `won_by: discard`): asking for --from would ask what cannot be given.
                    continue
                liable, other = options.discarder, " (or --drawn, if the winner drew it)"
            else:
                liable, other = options.feeder, ""
            _, option, who = LIABLE[penalty.liable]
            if liable is None:
                # Kept as a note for a game an evening recorded so before it was refused (replayed as it
                # was accepted); a new one is refused, since who pays turns on him.
                notes.append(
                    f"{penalty.label}: the winning hand qualifies; name the liable player with {option} "
                    f"({who})"
                )
                unnamed_liable.append(
                    (
                        "liable-unnamed",
                        f"{penalty.label}: the winning hand qualifies, so who pays turns on {who}: "
                        f"give {option}{other}",
                    )
                )
                unnamed.append(penalty)
                continue
            who = seat_name(liable)
            if options.said("no_choice") and penalty.excused_no_choice:
                notes.append(f"{penalty.label}: {who} is excused, having had no choice in his discard")
                excused.append(liable)
                continue
            # A dead hand cannot win, so it waits for nothing ("Mah-Jongg or Mah-Diao"): given as a score or
            # in tiles, there is nothing to check (its tiles may look like a wait: they are not one).
            held = values[liable]
            if penalty.excused_waiting is not None and liable not in options.dead:
                if isinstance(held, int):
                    # Kept as a note for a game an evening recorded so before it was refused (replayed as
                    # it was accepted); a new one is refused: whether he pays for all turns on his hand.
                    notes.append(
                        f"{penalty.label}: {who}'s hand was given as a score, so his exception (waiting "
                        "for a hand of his own) could not be checked"
                    )
                    unnamed_liable.append(
                        (
                            "liable-hand-unseen",
                            f"{penalty.label}: the winning hand qualifies, and whether --{who} pays for all "
                            "turns on his hand, given as a score (he is excused if waiting for a hand of his "
                            "own): give it in notation",
                        )
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

    found = first()
    feeds = any(p.liable == "feeder" for p in ruleset.penalties if p.type == "pays_for_all")
    if options.feeder is not None and feeds and winner_hand is not None and winner_score is not None:
        # A feeder named where a penalty could make him pay, but none does: said, never dropped in silence
        # (a feeder's penalty met is said already: imposed, excused or its discarder's before it).
        feeder = seat_name(options.feeder)
        if found is not None and found[0].liable != "feeder":
            notes.append(
                f"--feeder {feeder}: {found[0].label} is imposed on {seat_name(found[1])}, the first penalty "
                "that applies, so the feeder pays nothing"
            )
        elif found is None and not fed:
            notes.append(
                f"--feeder {feeder}: no penalty of ruleset {ruleset.name} that makes a feeder pay applies to "
                "this hand, so nobody pays for him"
            )
    # A penalty met whose liable player is unnamed could use `--no-choice` once he is: its note asks for
    # him, and "no rule can use it" beside it would contradict it.
    if options.said("no_choice") and not excused and not any(p.excused_no_choice for p in unnamed):
        # `--no-choice` excuses a liable player (Penalties, note (a)); with no penalty it excused, it was
        # passed over without a word (the evening says so and leaves it out: evening.record.idle_flags).
        notes.append(f"--no-choice: no rule of ruleset {ruleset.name} can use it in this hand")
    return found


def settle_pays_for_all(
    penalty: Penalty,
    liable: Wind,
    winner: Wind,
    order: tuple[Wind, ...],
    scored: Mapping[Wind, int],
    payable: int,
    *,
    limit: int | None,
    east_multiplier: int,
    ruleset: str,
    hands: Mapping[Wind, Score],
    dead: Mapping[Wind, str],
    notes: list[str],
) -> Settlement:
    """ "must bear the entire losses of all other players" and "all scores except that of the winning
    hand are canceled" (Penalties 2 and note (b)): the liable player pays what each loser would have
    paid the winner, his own loss first; the losers settle nothing among themselves."""
    payments = [
        Payment(
            liable,
            winner,
            payable * east_factor(loser, winner, east_multiplier),
            f"{penalty.label}: {'own loss' if loser is liable else 'pays for ' + seat_name(loser)}"
            + east_note(east_factor(loser, winner, east_multiplier)),
            on_behalf_of=loser,
        )
        for loser in sorted((s for s in order if s is not winner), key=lambda s: (s is not liable, s.value))
    ]
    applied = AppliedPenalty(
        penalty.id,
        penalty.label,
        penalty.type,
        liable,
        f"{seat_name(liable)} bears the entire losses of all other players; all scores but the "
        "winner's are cancelled",
    )
    return build_settlement(
        order,
        {s: scored[s] if s is winner else 0 for s in order},
        winner,
        payments,
        limit=limit,
        east_multiplier=east_multiplier,
        scored=scored,
        payable=payable,
        ruleset=ruleset,
        hands=hands,
        dead=dead,
        penalties=(applied,),
        notes=[*notes, *(f"{seat_name(s)}'s hand is dead ({why})" for s, why in dead.items())],
    )


# --- a false Mah-Jongg ("Penalties" 1) ---------------------------------------------------------------


def false_mahjongg_penalty(
    ruleset: Ruleset, said: str = "--false-mahjongg: ", instead: str = PART_II
) -> tuple[Penalty, Points]:
    """The ruleset's false Mah-Jongg penalty and what it pays, or a clear error when it has none; `said`
    and `instead`: the option that asked for it and the way to a ruleset that has it, where the command
    is (`evening false-mahjongg`'s ruleset is chosen by `evening new`)."""
    penalty = penalty_of(ruleset, "false_mahjongg")
    if penalty is None or penalty.pays is None:
        # The book's penalty is Part II's ("Penalties" 1, half the limit): told where it is, as washing the
        # tiles is (wash.wash_table), never charged under a ruleset that has none.
        raise OptionError(
            f"{said}ruleset {ruleset.name} has no false Mah-Jongg penalty (a share of the limit, a Part II"
            f" rule: {instead})",
            code="no-penalty",
        )
    return penalty, penalty.pays


def settle_false_mahjongg(
    ruleset: Ruleset,
    caller: Wind,
    order: tuple[Wind, ...],
    scored: Mapping[Wind, int],
    cap: int | None,
    hand: Hand | None = None,
) -> Settlement:
    """Penalties 1: "pay to each of the other 3 players half of the limit. East Wind receiving full limit
    or paying full limit" — half the limit, times East's multiplier; all scores are cancelled. `hand`:
    the caller's, when given in notation."""
    penalty, pays = false_mahjongg_penalty(ruleset)
    if pays.limit_fraction is not None and cap is None:
        raise OptionError(
            "--false-mahjongg: the penalty is a share of the limit, and no limit is in force", code="no-limit"
        )
    if hand is not None and complete_hand(hand, ruleset.shapes):
        # The penalty is for "announcing Mah-Jongg when his hand is not complete": a complete hand is a
        # win (or the wrong seat named), and which of the two it was would be a guess.
        name = seat_name(caller)
        raise TableError(
            f"--false-mahjongg {name}: {name}'s hand is complete (a false Mah-Jongg is called on an "
            f"incomplete hand); if {name} won, settle the win: --winner {name}, without --false-mahjongg",
            code="false-mahjongg-complete",
        )
    each = pays.value(False, cap)
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
    applied = AppliedPenalty(
        penalty.id,
        penalty.label,
        penalty.type,
        caller,
        f"{seat_name(caller)} called Mah-Jongg on an incomplete hand; the hand ends and no other "
        "score counts",
    )
    return build_settlement(
        order,
        dict.fromkeys(order, 0),
        None,
        payments,
        limit=cap,
        east_multiplier=multiplier,
        ruleset=ruleset.name,
        scored=scored,
        penalties=(applied,),
    )
