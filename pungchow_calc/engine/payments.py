"""The winner's collection: East's factor, the limit cap and the payments themselves (Harr, "Settling the
Scores"), and how a ruleset's `settlement:` section changes them (the discarder paying for all, rounding,
counters and deposits; docs/rulesets.md#settlement). A leaf module: scoring asks it what the losers pay,
the table settles with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .tiles import EAST, Wind

ALL_SEATS: tuple[Wind, ...] = tuple(Wind)


def east_factor(a: Wind, b: Wind, east_multiplier: int) -> int:
    """East pays or collects `east_multiplier` times (the book: double), whichever side he is on."""
    return east_multiplier if EAST in (a, b) else 1


def winner_payments(
    winner: Wind,
    payable: int,
    east_multiplier: int,
    seats: tuple[Wind, ...] = ALL_SEATS,
) -> dict[Wind, int]:
    """What each other seat pays the winner: `payable` (already capped at the limit), East doubled.

    Capping before doubling is the book's "East Wind is liable for double the limit" (Part II).
    """
    east = EAST
    if winner is east:  # east_factor, in place: every hand scored asks this
        return {seat: payable * east_multiplier for seat in seats if seat is not winner}
    return {seat: payable * (east_multiplier if seat is east else 1) for seat in seats if seat is not winner}


# The payer on a discard when the discarder pays for all but was not named (`score` without --from).
DISCARDER = "discarder"
Payer = Wind | str  # a seat, or DISCARDER


@dataclass(frozen=True, slots=True)
class SettlementRules:
    """How the winner's collection is paid (a ruleset's `settlement:` section, docs/rulesets.md#settlement).

    The defaults are the book's: every loser pays his share, no rounding, no counters nor deposits.
    """

    discard_pays: str = "each"  # "discarder": on a discard the discarder pays every share, as one payment
    round_payments: int = 1  # each payment of the collection rounded up to a multiple of this
    counter_points: int = 0  # what each counter on the table (`--honba N`) adds to the collection
    deposit_points: int = 0  # what each deposit on the table (`--deposits N`) gives the winner

    @property
    def discarder_pays(self) -> bool:
        """True when the discarder alone pays on a discard."""
        return self.discard_pays == "discarder"


# The most points a limit or a score given as a number may be (`--limit N`, a ruleset's `limit`, `settle
# --east N`): no table plays to more, and what a table pays from it, summed over a million hands, stays
# an integer every JSON reader holds exactly (2^53; docs/json.md).
MAX_POINTS = 10**9

# The book's terms: a ruleset without a `settlement:` section (or one that changes nothing) holds this
# very object, so scoring can tell by identity that `winner_payments` says everything.
BOOK = SettlementRules()


# Never compared, hashed or shown: made into the winner's payments and their reasons (no eq, repr:
# engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Share:
    """What one payer pays the winner: `amount` in all, `counters` of it for the counters, and the payable
    score times `factor` (East's factor, or the sum of every loser's when the discarder pays for all)."""

    payer: Payer
    amount: int
    factor: int
    counters: int = 0
    for_all: bool = False  # the discarder paying every loser's share


# Never compared, hashed or shown: how one hand was won (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Collect:
    """How the hand was won, as the collection needs it: on a discard (by whom, if named), the counters."""

    discard: bool = False
    discarder: Wind | None = None
    honba: int = 0


def round_up(amount: int, multiple: int) -> int:
    """`amount` rounded up to a multiple of `multiple` (1: as it is)."""
    return -(-amount // multiple) * multiple


def collection(
    winner: Wind,
    payable: int,
    east_multiplier: int,
    seats: tuple[Wind, ...],
    terms: SettlementRules,
    how: Collect,
) -> tuple[Share, ...]:
    """Every payment of the winner's collection under the settlement's terms (docs/rulesets.md#settlement).

    Each loser's share is `winner_payments`' (East's factor included). When the discarder pays for all on
    a discard, he pays the sum of the shares every loser would have paid on a self-draw, as one payment
    (riichi: 2+1+1 = 4 times the basic points, 2+2+2 = 6 times when East wins). Each payment is rounded
    up once, as a whole; then the counters (`counter_points` × honba) are added: in full by the
    discarder paying for all, else split equally among the payers (rounded up to a whole point).
    """
    shares = winner_payments(winner, payable, east_multiplier, seats)
    if not shares:
        return ()
    counters = terms.counter_points * how.honba
    multiple = terms.round_payments
    if how.discard and terms.discarder_pays:
        factor = sum(east_factor(seat, winner, east_multiplier) for seat in shares)
        payer: Payer = how.discarder if how.discarder is not None else DISCARDER
        return (Share(payer, round_up(sum(shares.values()), multiple) + counters, factor, counters, True),)
    each = -(-counters // len(shares))
    return tuple(
        Share(seat, round_up(amount, multiple) + each, east_factor(seat, winner, east_multiplier), each)
        for seat, amount in shares.items()
        if amount or each
    )


def payer_name(payer: Payer) -> str:
    """A payer's name: the seat's word (`east`), or `discarder` when the discarder was not named."""
    return payer if isinstance(payer, str) else payer.word


def seat_name(seat: Wind) -> str:
    """`east`, `south`, `west`, `north`: seat names on the command line and JSON keys (docs/json.md)."""
    return seat.word


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer of points: `payer` pays `payee` `amount`, and why."""

    payer: Wind
    payee: Wind
    amount: int
    reason: str
    on_behalf_of: Wind | None = None  # a liable player paying another player's loss (Part II "Penalties")

    def as_dict(self) -> dict[str, Any]:
        """A JSON payment (docs/json.md): `from`, `to`, `amount`, `reason`; `for` when paid for another."""
        out: dict[str, Any] = {
            "from": seat_name(self.payer),
            "to": seat_name(self.payee),
            "amount": self.amount,
            "reason": self.reason,
        }
        if self.on_behalf_of is not None:
            out["for"] = seat_name(self.on_behalf_of)
        return out


def capped(amount: int, limit: int | None) -> tuple[int, str]:
    """The amount under the limit ("up to the limit", Part II "The Limit Hand") and a note when capped."""
    if limit is not None and amount > limit:
        return limit, f", limit {limit}"
    return amount, ""


def east_note(factor: int) -> str:
    """A payment's note of East's factor (`, East ×2`), empty when East pays as the others."""
    return f", East ×{factor}" if factor > 1 else ""
