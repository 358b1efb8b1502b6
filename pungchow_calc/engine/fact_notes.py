"""The stated facts of a win beside its score: the refusals of facts that cannot be (ippatsu without
riichi, a fifth copy of a tile, riichi on an open hand, what the ruleset's play never has), and the notes
of facts that count for nothing (no rule reads them, an indicator shows no tile held, a counter the
settlement pays nothing for). `scoring.score_hand` asks these; docs/riichi.md "The facts of a win".
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from .cache import BoundedCache
from .conditions.indicators import INDICATORS, unshown
from .errors import HandError, OptionError, and_list
from .hand import Hand, MeldKind
from .impossible import conflicting_facts
from .plan import Plan, plan_for
from .rules import Ruleset
from .score_types import Line
from .situation import (
    CLOSED_ONLY,
    FACT,
    LOOSE,
    LOOSE_NOTE,
    OF_THE_SET,
    SITUATION_FACTS,
    Fact,
    Situation,
    WinBy,
    unmet_need,
    unread_facts,
    unread_hint,
)
from .tiles import Tile, Wind

__all__ = [
    "STATED",
    "beside_limit",
    "paid_alone",
    "check_facts",
    "fields",
    "number_notes",
    "round_notes",
    "settlement_notes",
    "unread_notes",
    "unread_options",
    "unshown_notes",
]


def check_facts(
    hand: Hand, situation: Situation, impossible: frozenset[str], read_by: tuple[str, frozenset[str]]
) -> None:
    """Refuse stated facts that cannot go together (Fact.needs: ippatsu without riichi, ...; more
    indicators than a hand turns), facts only a closed hand can have (riichi, ...) with a set laid open,
    indicator tiles that would make a fifth copy of a tile with the hand's, and what the ruleset's play
    never has (its setting `impossible`: rinshan without a kong, ...; docs/riichi.md "The facts of a
    win"); `read_by`: the ruleset's name and the facts its rules read, for the hint to drop one. Each
    refusal blames the facts it names (situation.Refused): a batch line's column is the last of them."""
    # A fact no rule of the ruleset reads is asked about first: whatever else is wrong with it, the way out
    # is to drop it, which the refusal says (situation.UNREAD_HINT), before any other fact's refusal.
    unread = unread_facts(situation, read_by)
    if unread:
        unmet = unmet_need(situation, (), only=unread)
        if unmet is not None:
            raise OptionError(unmet.said(read_by), code="bad-option", options=unmet.options)
        _check_each_fact(hand, situation, read_by, unread)
    unmet = conflicting_facts(hand, situation, impossible)
    if unmet is not None:
        raise OptionError(unmet.said(read_by), code="bad-option", options=unmet.options)
    _check_each_fact(hand, situation, read_by)


def _check_each_fact(
    hand: Hand, situation: Situation, read_by: tuple[str, frozenset[str]], only: frozenset[str] | None = None
) -> None:
    """Refuse an indicator that would make a fifth copy of a tile with the hand's and those before it,
    and the facts only a closed hand can have with a set laid open, all of those given in one line (of
    the facts `only`, else any)."""
    seen: list[int] | None = None
    for fact in OF_THE_SET:
        for tile in getattr(situation, fact.field):
            if seen is None:
                seen = list(hand.counts)
            seen[tile.index] += 1
            if seen[tile.index] > 4 and (only is None or fact.field in only):
                why = f"{fact.option}: {_fifth(hand, situation, tile)}{unread_hint((fact,), read_by)}"
                raise OptionError(why, code="bad-option", options=(fact.option,))
    for fact in CLOSED_ONLY if hand.opened else ():  # a loop as before: no tuple made for each hand
        if getattr(situation, fact.field) and (only is None or fact.field in only):
            raise _open_hand(hand, situation, read_by, only)


def _open_hand(
    hand: Hand, situation: Situation, read_by: tuple[str, frozenset[str]], only: frozenset[str] | None
) -> HandError:
    """The refusal of the facts only a closed hand can have given with a set laid open: every one given
    named (`--riichi and --ippatsu need a closed hand`; told one at a time, the second came after the
    first was dropped), at the first set or pair laid open."""
    closed = tuple(
        f for f in CLOSED_ONLY if getattr(situation, f.field) and (only is None or f.field in only)
    )
    first = next(meld for meld in hand.fixed if meld.exposed)
    what = "no pair laid open (=)" if first.kind is MeldKind.PAIR else "no set laid open (*, +)"
    need = "needs" if len(closed) == 1 else "need"
    return HandError(
        f"{and_list(f.option for f in closed)} {need} a closed hand: {what} before the win"
        + unread_hint(closed, read_by),
        code="open-hand",
        column=hand.parsed.column(first.order),
    )


def _fifth(hand: Hand, situation: Situation, tile: Tile) -> str:
    """Why an indicator is refused as a fifth copy, and where the five are (`9d would be a fifth 9d (the
    hand 2, --dora 3)`), as settle counts the table's: `--dora 8d,8d,8d,8d,8d` on a hand holding no 8d
    was told "with the hand's tiles"."""
    held = hand.counts[tile.index]
    where = [f"the hand {held}"] if held else []
    for fact in OF_THE_SET:
        given = getattr(situation, fact.field).count(tile)
        if given:
            where.append(f"{fact.option} {given}")
    return f"{tile.code} would be a fifth {tile.code} ({', '.join(where)})"


def unread_options(ruleset: Ruleset, situation: Situation) -> tuple[str, ...]:
    """A note for each win option of this situation that no rule of the ruleset reads."""
    reads = plan_for(ruleset, situation.winner).reads
    return unread_notes(ruleset.name, reads, situation, any(STATED(situation)))


def number_notes(ruleset: Ruleset, situation: Situation, score: int) -> tuple[str, ...]:
    """A note for each stated fact a rule scores, given with a winner's score typed as a number (settle
    and the evening: `--east 960 --dora 9d`): the number is the hand's whole score, so nothing is scored
    on top of it; said, for a player may have meant it added (docs/settling.md "A score given as a
    number"). Facts no rule reads get unread_options' note instead; the settlement still reads the way
    of winning and the original hand's, as it does for a hand."""
    if not any(STATED(situation)):  # nearly always: no fact stated
        return ()
    reads = plan_for(ruleset, situation.winner).reads
    seat = situation.seat.word
    return tuple(
        f"{fact.option}: {seat}'s score is given as a number ({score}), so {fact.scores} is not scored on "
        "top of it: give the hand to have it scored"
        for fact in SITUATION_FACTS
        if fact.scores and fact.field in reads and getattr(situation, fact.field)
    )


def round_notes(ruleset: Ruleset, situation: Situation) -> tuple[str, ...]:
    """A note for a win stated in a round the ruleset's game is not played in (the setting round_winds:
    riichi's hanchan has no West or North round, docs/riichi.md "The facts of a win"): scored as
    stated, for a house game may play one, and said, for it is most often the seat's wind mistyped; or
    in a round other than East where no rule reads the round (Part I)."""
    played = ruleset.settings.round_winds
    if situation.round is Wind.EAST:  # nearly always (the default): no note
        return ()
    if "round" not in plan_for(ruleset, situation.winner).reads:
        # Part I has no wind of the round: `--round south` changes nothing, said as an unread fact is
        # (a tournament trial: echoed in every record, as if it counted).
        return (f"--round {situation.round.word}: no rule of ruleset {ruleset.name} reads the round's wind",)
    if situation.round.value <= played:
        return ()
    names = [wind.word for wind in Wind][:played]
    winds = and_list(names)
    wind = situation.round.word
    return (
        f"--round {wind}: ruleset {ruleset.name} plays the {winds} rounds only (round_winds: {played}): "
        f"scored with {wind} as the prevalent wind, as given",
    )


def settlement_notes(ruleset: Ruleset, situation: Situation) -> tuple[str, ...]:
    """A note for counters or deposits stated when the ruleset's settlement pays nothing for them; a
    count of them as many as one of them pays or more refused, the points typed for the count."""
    terms = ruleset.settlement
    notes: tuple[str, ...] = ()
    for name, what, setting in _PAID_FOR:  # a loop, not a comprehension: nearly always no note
        count, each = getattr(situation, name), getattr(terms, setting)
        if each and count >= each:
            # The points typed for the count (`--honba 300` for one counter, `--deposits 1000` for one
            # stick): paid, they moved 300 or 1,000 times the money (a riichi referee's trial).
            option = FACT[name].option
            meant = f": give {option} {count // each}" if count % each == 0 else ""
            raise OptionError(
                f"{option} {count}: {option} counts the {what} on the table, not their points: each is worth "
                f"{each} under ruleset {ruleset.name} ({setting}), so no table has {count} of them{meant}",
                code="bad-option",
                options=(option,),
            )
        if count and not each:
            notes += (
                f"{FACT[name].option}: ruleset {ruleset.name} pays nothing for {what} "
                f"(no {setting} in its settlement)",
            )
    return notes


# The facts of the table the settlement pays for: (fact, what it counts, the setting that pays for it).
_PAID_FOR = (("honba", "counters", "counter_points"), ("deposits", "deposits", "deposit_points"))


def fields(facts: tuple[Fact, ...]) -> Callable[[Situation], tuple[Any, ...]]:
    """A situation's values of these facts, as a tuple read in C (for any number of facts)."""
    if len(facts) > 1:
        return attrgetter(*(f.field for f in facts))
    return lambda situation: tuple([getattr(situation, f.field) for f in facts])


FLAG_FACTS = tuple(f for f in SITUATION_FACTS if f.flag)


STATED = fields(SITUATION_FACTS)  # every stated fact: is any given? (rarely, on a Harr hand)


def unread_notes(name: str, facts: frozenset[str], situation: Situation, stated: bool) -> tuple[str, ...]:
    """A note for each stated fact given that no rule reads (none: the usual case, and for a loser);
    the facts, their options and what they say are the table of engine/situation.py. `stated`:
    whether the situation states any fact (score_hand reads it once)."""
    loose = situation.win_by is LOOSE  # the loose tile is stated by the way of winning
    if not situation.winner or not (stated or loose):
        return ()
    found = _UNREAD.get(facts)
    if found is None:
        found = _UNREAD.put(facts, _unread(facts))
    unread, read = found
    given = read(situation)
    notes = (
        [
            f"{fact.option}: no rule of ruleset {name} scores {fact.scores}"
            for fact, on in zip(unread, given, strict=True)
            if on
        ]
        if any(given)  # nearly always none: no list made
        else []
    )
    # A fact that implies the loose tile (options.make): its own note, if any, says enough.
    if loose and "loose" not in facts and not any(getattr(situation, fact.field) for fact in _LOOSE_FACTS):
        notes.append(LOOSE_NOTE.format(name=name))
    return tuple(notes)


def _unread(facts: frozenset[str]) -> tuple[tuple[Fact, ...], Callable[[Situation], tuple[Any, ...]]]:
    """The facts given a note when stated, with these facts read (in FACTS order), and what a
    situation states of them, as a tuple (one call: nearly always none is stated)."""
    unread = tuple(f for f in SITUATION_FACTS if f.scores and f.field not in facts)
    return unread, fields(unread)


# For each set of facts read (a plan's `reads`): _unread's.
_UNREAD: BoundedCache[frozenset[str], tuple[tuple[Fact, ...], Callable[[Situation], tuple[Any, ...]]]] = (
    BoundedCache(256)
)


_LOOSE_FACTS = tuple(f for f in SITUATION_FACTS if f.way is WinBy.LOOSE)  # facts implying the loose tile


_VALUED = tuple(f for f in SITUATION_FACTS if f.scores and not f.flag)  # indicators: never tried


def paid_alone(ruleset: Ruleset, lines: tuple[Line, ...], limit_hand: str | None) -> str | None:
    """`paid as the limit hand X alone`, the reason no other rule counts in a hand paid as a limit hand
    alone (the setting `limit_hand_alone`: a yakuman, docs/riichi.md "Han, basic points and limits"),
    else None: the reason a fact's note gives (beside_limit, scoring's idle facts)."""
    if limit_hand is None or not ruleset.settings.limit_hand_alone:
        return None
    for line in lines:  # a loop, not any(): a hand paid by its count (a mangan) leaves at its first line
        if line.kind != "limit":
            return None
    return f"paid as the limit hand {limit_hand} alone"


def beside_limit(ruleset: Ruleset, plan: Plan, situation: Situation, alone: str) -> tuple[str, ...]:
    """A note for each fact with a value (dora indicators, ...) given for a hand paid as a limit hand
    alone (`alone`: paid_alone's reason), when only rules other than limit hands read it: no indicator
    could count in this hand. On/off facts are tried instead (scoring's idle facts); a value left out
    would say only whether these indicators counted."""
    reads, limit_reads = plan.reads, plan.limit_reads
    given = [
        f for f in _VALUED if f.field in reads and f.field not in limit_reads and getattr(situation, f.field)
    ]
    return tuple(
        f"{fact.option}: no rule of ruleset {ruleset.name} can use {fact.scores} in this hand ({alone})"
        for fact in given
    )


def unshown_notes(plan: Plan, situation: Situation, counts: tuple[int, ...]) -> tuple[str, ...]:
    """A note for each fact of indicators given (riichi's --dora, --ura) that a rule reads, naming the
    indicators held whose tiles shown the hand holds none of: scored rightly as nothing, but a player
    who typed the dora he holds for its indicator (`--dora 9d` meaning 9d) sees what 9d shows
    (docs/riichi.md "Dora")."""
    notes: tuple[str, ...] = ()
    for field in INDICATORS:  # a loop, not a comprehension: nearly always no note
        tiles = getattr(situation, field)
        if tiles and field in plan.reads:
            found = unshown(tiles, counts)
            if found:
                notes += (_unshown_note(FACT[field], found),)
    return notes


def _unshown_note(fact: Fact, found: tuple[tuple[Tile, Tile], ...]) -> str:
    """The one wording of unshown_notes: `--dora: indicator 7c shows the dora 8c, none in the hand`."""
    indicators, shown = and_list(t.code for t, _ in found), and_list(t.code for _, t in found)
    many = len(found) > 1
    return (
        f"{fact.option}: indicator{'s' * many} {indicators} show{'s' * (not many)} the {fact.scores} "
        f"{shown}, none in the hand"
    )
