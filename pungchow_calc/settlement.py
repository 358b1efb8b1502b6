"""Who pays whom: the winner's collection with the East double and the limit (Harr, "Settling the Scores")."""

from __future__ import annotations

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
    return {
        seat: payable * east_factor(seat, winner, east_multiplier) for seat in seats if seat is not winner
    }
