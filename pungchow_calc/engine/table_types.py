"""A table as data: how the hand ended (TableOptions, what `settle_table` is told), and the settled
table (each seat's score, the winner, every payment, each seat's net, and the penalties and notes that
explain them). `build_settlement` is the one place a Settlement is made (settle_table adds to it
only the penalties whose liable player it lacks, by `replace`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .payments import Payment, seat_name
from .scoring import Score
from .situation import Stated, WinBy
from .tiles import Wind


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
    # What the winner takes from the table besides (deposits, the settlement's deposit_points): no seat
    # pays it in this hand (each deposit was put down when made), so it is not in `net`.
    deposits: int = 0
    limit_tiers: tuple[str, ...] = ()  # the ruleset's limits by doublings: they pay under a flat limit too
    # What a new game is refused on, as (code, message), first first (table.refuse_as_new): a winner's
    # number below what every win scores (hand_scores.least_win), then each penalty the winner's hand
    # meets whose liable player is not named, or whose exception turns on his hand given as a score
    # (penalties.liable_for_all). A game an evening recorded before is replayed past them; not in as_dict.
    refused_as_new: tuple[tuple[str, str], ...] = ()
    # False for a draw game under `draw_settles: false` (no hand scores without a winner): said as such
    # (render), its note saying why; not in as_dict (the note is).
    draw_settles: bool = True

    @property
    def balanced(self) -> bool:
        """True when the nets sum to zero (always: the engine asserts it)."""
        return sum(self.net.values()) == 0

    def as_dict(self) -> dict[str, Any]:
        """`settle --json` (docs/json.md): scores, winner, payments, net; extra keys explain them."""
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
        if self.deposits:
            out["deposits"] = self.deposits
        if self.hands:
            out["hands"] = {seat_name(s): score.as_dict() for s, score in self.hands.items()}
        return out


def seat_order(seats: Iterable[Wind]) -> tuple[Wind, ...]:
    """The seats at the table, East first, each once."""
    return tuple(sorted(set(seats), key=lambda w: w.value))


def _nets(seats: tuple[Wind, ...], payments: Iterable[Payment]) -> dict[Wind, int]:
    net = dict.fromkeys(seats, 0)
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    # Every point paid is a point received: the table's nets always sum to zero.
    assert sum(net.values()) == 0, net
    return net


def build_settlement(
    seats: tuple[Wind, ...],
    counted: Mapping[Wind, int],
    winner: Wind | None,
    payments: Iterable[Payment],
    *,
    limit: int | None,
    east_multiplier: int,
    scored: Mapping[Wind, int],
    payable: int | None = None,
    ruleset: str | None = None,
    hands: Mapping[Wind, Score] | None = None,
    dead: Mapping[Wind, str] | None = None,
    penalties: Iterable[AppliedPenalty] = (),
    notes: Iterable[str] = (),
    deposits: int = 0,
    limit_tiers: tuple[str, ...] = (),
    draw_settles: bool = True,
) -> Settlement:
    """The Settlement of these payments: each seat's net worked out, every mapping frozen."""
    paid = tuple(payments)
    return Settlement(
        seats=seats,
        scores=MappingProxyType(dict(counted)),
        winner=winner,
        payments=paid,
        net=MappingProxyType(_nets(seats, paid)),
        limit=limit,
        east_multiplier=east_multiplier,
        payable=payable,
        ruleset=ruleset,
        scored=MappingProxyType(dict(scored)),
        hands=MappingProxyType(dict(hands or {})),
        dead=MappingProxyType(dict(dead or {})),
        penalties=tuple(penalties),
        notes=tuple(notes),
        deposits=deposits,
        limit_tiers=limit_tiers,
        draw_settles=draw_settles,
    )


@dataclass(frozen=True, slots=True)
class TableOptions:
    """How the hand ended: the winner and how he won (`score` options), and the penalties' facts."""

    winner: Wind | None = None  # None: the hand marked with `!`, else a draw game
    round: Wind = Wind.EAST
    win_by: WinBy = WinBy.DISCARD
    discarder: Wind | None = None  # --from: who discarded the winning tile
    feeder: Wind | None = None  # --feeder: who discarded the tile that completed a dangerous set
    # The stated facts given (situation.stated(...)): the winner's (`--original-hand`, ...) and the
    # table's (`--no-choice`: the liable player had no choice in his discard, Penalties, note (a)).
    stated: Stated = ()
    limit: int | None = None  # None: the ruleset's limit
    no_limit: bool = False
    dead: frozenset[Wind] = frozenset()  # seats declared dead (needed for plain scores)
    false_mahjongg: Wind | None = None  # the seat that called Mah-Jongg on an incomplete hand
    draw: bool = False  # no hand won: said outright, so a forgotten `!` or --winner is never a draw

    def said(self, fact: str) -> Any:
        """The value of a stated fact (False when not given)."""
        return next((value for name, value in self.stated if name == fact), False)
