"""The winner's collection: East's factor, the limit cap and the payments themselves (Harr, "Settling the
Scores"). A leaf module: scoring asks it what the losers pay, the table settles with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .tiles import Wind

ALL_SEATS: tuple[Wind, ...] = tuple(Wind)


def east_factor(a: Wind, b: Wind, east_multiplier: int) -> int:
    """East pays or collects `east_multiplier` times (the book: double), whichever side he is on."""
    return east_multiplier if Wind.EAST in (a, b) else 1


def winner_payments(
    winner: Wind,
    payable: int,
    east_multiplier: int,
    seats: tuple[Wind, ...] = ALL_SEATS,
) -> dict[Wind, int]:
    """What each other seat pays the winner: `payable` (already capped at the limit), East doubled.

    Capping before doubling is the book's "East Wind is liable for double the limit" (Part II).
    """
    east = Wind.EAST
    if winner is east:  # east_factor, in place: every hand scored asks this
        return {seat: payable * east_multiplier for seat in seats if seat is not winner}
    return {seat: payable * (east_multiplier if seat is east else 1) for seat in seats if seat is not winner}


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
    return f", East ×{factor}" if factor > 1 else ""
