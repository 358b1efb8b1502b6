"""Washing the tiles (Part II, "Washing the Tiles"): nine or more different heads in an original hand.

"A Head is a one, nine, wind or a dragon, and a hand containing 9 or more different 'Heads' on
the original hand drawn from the wall entitles the player to 'Wash Tiles.' He calls out 'no
play' and exposes his hand, collecting" from each player by the table, which lives in the
ruleset (`wash:`). Pure: the engine returns data, `render` prints it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .decomposition import complete_hand
from .errors import NotationError, WashError, how_many
from .hand import HAND_TILES, _too_many_copies, build, given
from .notation import Marker, parse, season_hint
from .payments import ALL_SEATS, east_factor
from .rules import Ruleset, WashTable
from .tiles import PLAYING_TILES, Tile, Wind


@dataclass(frozen=True, slots=True)
class Wash:
    """A hand that washes the tiles, and what each other player pays its holder."""

    ruleset: str
    hand: str  # canonical notation as typed
    seat: Wind
    heads: tuple[Tile, ...]  # the different heads held, in tile order
    each: int  # the table's points "from each player", before any East multiplier
    payments: dict[Wind, int]

    @property
    def total(self) -> int:
        """What the washer collects in all."""
        return sum(self.payments.values())

    def times(self, amount: int) -> int:
        """How many times `each` a payment of `amount` is: East's multiplier for East's payment, or the
        washer East's for each of the others, under a house table's `east_multiplier` (1 in the book)."""
        return amount // self.each if self.each else 1

    @property
    def east_times(self) -> int:
        """The multiplier East's side of the wash pays or collects by (1: none, as in the book)."""
        return max((self.times(amount) for amount in self.payments.values()), default=1)

    def as_dict(self) -> dict[str, Any]:
        """The `wash --json` object."""
        return {
            "ruleset": self.ruleset,
            "hand": self.hand,
            "seat": self.seat.word,
            "heads": [t.code for t in self.heads],
            "different_heads": len(self.heads),
            "each_pays": self.each,
            "payments": {seat.word: amount for seat, amount in self.payments.items()},
            "total": self.total,
        }


def original_hand(text: str, seat: Wind) -> tuple[Tile, ...]:
    """Read an original hand: concealed playing tiles only, 13 of them (14 for East)."""
    parsed = parse(text)
    tiles: list[Tile] = []
    for order, group in enumerate(parsed.groups):
        if group.marker is not Marker.CONCEALED or group.winning is not None:
            raise WashError(
                f"{group.text}: an original hand has no exposed sets, kongs or winning tile (no * # !)",
                code="wash-marker",
                column=parsed.column(order),
            )
        if any(t.is_bonus for t in group.tiles):
            # Drawn mandarins are exposed and replaced by loose tiles: they are no part of the 13.
            raise WashError(
                f"{group.text}: flowers and seasons are not part of the original hand; leave them out"
                + season_hint((group,)),  # `1s2s3s`: riichi's souzu, meant as bamboo
                code="wash-bonus-tile",
                column=parsed.column(order),
            )
        tiles.extend(group.tiles)
    try:  # as a hand to score says it: the group, its column
        _too_many_copies(parsed, len(parsed.groups))
    except NotationError as error:  # a wash's refusal all the same
        raise WashError(error.message, code=error.code, column=error.column) from None
    east = seat is Wind.EAST
    need = HAND_TILES + (1 if east else 0)
    if len(tiles) != need:
        # About the hand as a whole, so no column: "13 tiles (14 in case of East Wind)".
        others = f"{HAND_TILES} for the other seats" if east else f"{HAND_TILES + 1} for East"
        raise WashError(
            f"{seat.word.capitalize()}'s original hand is {need} tiles ({others}), but {given(len(tiles))}",
            code="wash-tile-count",
            seat_hint=(
                (("east",) if len(tiles) == HAND_TILES + 1 else ())
                if not east
                else (("south", "west", "north") if len(tiles) == HAND_TILES else ())
            ),
        )
    return tuple(tiles)


def different_heads(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The different heads (ones, nines, winds, dragons) among the tiles, in tile order."""
    held = set(tiles)
    return tuple(t for t in PLAYING_TILES if t.is_head and t in held)


PART_II = "try -r pung-chow-limit"  # the way to a Part II rule a ruleset lacks, where -r is read


def wash_table(ruleset: Ruleset, instead: str = PART_II) -> WashTable:
    """The ruleset's washing table, or a clear error when it has none; `instead`: the way to one where
    the command is (an evening's ruleset is chosen by `evening new`, which alone reads -r)."""
    if ruleset.wash is None:
        raise WashError(
            f"ruleset {ruleset.name} has no washing table (washing the tiles is a Part II rule: {instead})",
            code="no-wash-table",
        )
    return ruleset.wash


def wash(
    tiles: tuple[Tile, ...],
    ruleset: Ruleset,
    seat: Wind,
    hand: str = "",
    seats: tuple[Wind, ...] = ALL_SEATS,
) -> Wash:
    """Wash the tiles: refuse fewer different heads than the table's least row, else price each payer."""
    table = wash_table(ruleset)
    heads = different_heads(tiles)
    each = table.amount(len(heads))
    if each is None:
        shown = " ".join(t.code for t in heads) or "none"
        held = how_many(len(heads), "different head")
        raise WashError(
            f"only {held} ({shown}): washing the tiles needs at least {table.min_heads}",
            code="wash-too-few-heads",
        )
    # "East Wind ... not collecting double when he 'washes tiles' does not have to pay any of the
    # other players double": the table's own East multiplier (1), not the ruleset's.
    payments = {
        payer: each * east_factor(payer, seat, table.east_multiplier) for payer in seats if payer is not seat
    }
    return Wash(ruleset.name, hand, seat, heads, each, payments)


def refuse_a_win(washed: Wash, ruleset: Ruleset) -> None:
    """Refuse a wash of East's original hand when it is already a Mah-Jongg: it is a win, not "no play"."""
    # Limit Hands 6, "East Wind winning on original draw from the wall. This wind [hand, or win: the
    # transcriber's note] has preference over washing cards." Only East's 14 tiles can be complete; a
    # game recorded before this refusal replays as it was (evening/record.py checks new games only).
    if washed.seat is not Wind.EAST or not complete_hand(build(parse(washed.hand)), ruleset.shapes):
        return
    raise WashError(
        "East's original hand is a Mah-Jongg: East winning on the original draw has preference over"
        " washing the tiles (Part II, Limit Hands 6); score it as a win (--original-hand)",
        code="wash-complete-hand",
    )


def wash_text(text: str, ruleset: Ruleset, seat: Wind, seats: tuple[Wind, ...] = ALL_SEATS) -> Wash:
    """Read an original hand in the notation of docs/notation.md and wash the tiles with it."""
    wash_table(ruleset)  # a ruleset without the table is the first thing to say
    tiles = original_hand(text, seat)
    washed = wash(tiles, ruleset, seat, parse(text).code, seats)
    refuse_a_win(washed, ruleset)
    return washed
