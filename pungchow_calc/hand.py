"""A hand as the table sees it: fixed sets on the table, the pool of concealed tiles, bonus tiles."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum

from .errors import HandError, NotationError
from .notation import Group, Marker, ParsedHand
from .tiles import Tile


class MeldKind(Enum):
    """What a group of tiles is in an arrangement."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    SINGLE = "single"  # a leftover tile of a loser, or one tile of a special shape


@dataclass(frozen=True, slots=True)
class Meld:
    """A set, a pair or a leftover tile in an arrangement."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    exposed: bool = False  # on the table, or completed by a claimed discard (SPEC §4.1)
    declared: bool = False  # a kong declared with its ends face down: scores as concealed
    winning: bool = False  # holds the winning tile
    order: int = 0  # typed position, to show the arrangement in the player's order

    @property
    def is_set(self) -> bool:
        """A chow, pung or kong (one of the four sets)."""
        return self.kind in (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)

    @property
    def tile(self) -> Tile:
        """The first (lowest) tile."""
        return self.tiles[0]

    @property
    def code(self) -> str:
        """Notation of the meld as shown in an arrangement (`*` exposed, `#` declared kong)."""
        mark = "#" if self.declared else ("*" if self.exposed and self.is_set else "")
        return "".join(t.code for t in self.tiles) + mark


@dataclass(frozen=True, slots=True)
class Hand:
    """A parsed and checked hand."""

    parsed: ParsedHand
    fixed: tuple[Meld, ...]  # `*` and `#` groups, as typed
    pool: tuple[Tile, ...]  # every unmarked playing tile, sorted
    bonus: tuple[Tile, ...]  # flowers and seasons
    winning_tile: Tile | None
    winning_fixed: int | None  # index into `fixed` when `!` stands in a marked group
    pool_order: tuple[tuple[Tile, int], ...]  # first typed group of each pooled tile kind

    @property
    def code(self) -> str:
        """Canonical notation as typed."""
        return self.parsed.code

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every playing tile of the hand (fixed sets and pool)."""
        return tuple(t for m in self.fixed for t in m.tiles) + self.pool

    @property
    def kongs(self) -> int:
        """How many kongs are declared."""
        return sum(1 for m in self.fixed if m.kind is MeldKind.KONG)


def _fixed_meld(group: Group, order: int) -> Meld:
    """Check a `*` or `#` group is a set and build it (SPEC §1 markers)."""
    tiles = tuple(sorted(group.tiles))
    same = len(set(tiles)) == 1
    if group.marker is Marker.DECLARED:
        if not (len(tiles) == 4 and same):
            raise NotationError(
                f"{group.text} is not a kong (# is for four identical tiles)",
                code="not-a-kong",
                column=group.column,
            )
        if group.winning is not None:
            raise NotationError(
                f"{group.text}: the winning tile cannot be in a kong declared face down",
                code="bad-winning-tile",
                column=group.column,
            )
        return Meld(MeldKind.KONG, tiles, exposed=False, declared=True, order=order)
    winning = group.winning is not None
    if same and len(tiles) in (3, 4):
        kind = MeldKind.PUNG if len(tiles) == 3 else MeldKind.KONG
        return Meld(kind, tiles, exposed=True, winning=winning, order=order)
    if (
        len(tiles) == 3
        and tiles[0].suit.is_numbered
        and all(t.suit_order == tiles[0].suit_order for t in tiles)
        and [t.rank for t in tiles] == [tiles[0].rank, tiles[0].rank + 1, tiles[0].rank + 2]
    ):
        return Meld(MeldKind.CHOW, tiles, exposed=True, winning=winning, order=order)
    raise NotationError(f"{group.text} is not a set", code="not-a-set", column=group.column)


def build(parsed: ParsedHand) -> Hand:
    """Turn typed groups into a hand, enforcing SPEC §1: markers, declared kongs, tile counts."""
    fixed: list[Meld] = []
    pool: list[Tile] = []
    bonus: list[Tile] = []
    first_group: dict[Tile, int] = {}
    winning_tile: Tile | None = None
    winning_fixed: int | None = None
    seen: Counter[Tile] = Counter()
    for order, group in enumerate(parsed.groups):
        kinds = {t.is_bonus for t in group.tiles}
        if kinds == {True, False}:
            raise NotationError(
                f"{group.text} mixes bonus tiles with playing tiles",
                code="mixed-bonus",
                column=group.column,
            )
        for tile in group.tiles:
            seen[tile] += 1
            limit = 1 if tile.is_bonus else 4
            if seen[tile] > limit:
                times = "once" if limit == 1 else "four times"
                raise NotationError(
                    f"{group.text}: {tile.code} may appear at most {times} in a hand",
                    code="too-many-copies",
                    column=group.column,
                )
        if group.winning is not None:
            if winning_tile is not None:
                raise NotationError(
                    f"{group.text}: only one tile may be marked ! as the winning tile",
                    code="many-winning",
                    column=group.column,
                )
            winning_tile = group.tiles[group.winning]
        if True in kinds:
            if group.marker is not Marker.CONCEALED:
                raise NotationError(
                    f"{group.text}: bonus tiles take no marker",
                    code="bad-marker",
                    column=group.column,
                )
            if group.winning is not None:
                raise NotationError(
                    f"{group.text}: a bonus tile cannot be the winning tile",
                    code="bad-winning-tile",
                    column=group.column,
                )
            bonus.extend(group.tiles)
            continue
        if group.marker is Marker.CONCEALED:
            if len(group.tiles) == 4 and len(set(group.tiles)) == 1:
                raise NotationError(
                    f"{group.text} is a kong: declare it with * (exposed) or # (concealed)",
                    code="undeclared-kong",
                    column=group.column,
                )
            pool.extend(group.tiles)
            for tile in group.tiles:
                first_group.setdefault(tile, order)
        else:
            meld = _fixed_meld(group, order)
            if group.winning is not None:
                winning_fixed = len(fixed)
            fixed.append(meld)
    return Hand(
        parsed=parsed,
        fixed=tuple(fixed),
        pool=tuple(sorted(pool)),
        bonus=tuple(sorted(bonus)),
        winning_tile=winning_tile,
        winning_fixed=winning_fixed,
        pool_order=tuple(sorted(first_group.items())),
    )


def require_winning_size(hand: Hand) -> None:
    """A winner holds four sets and a pair: 14 tiles plus one per kong (Harr, "Mah-Jongg")."""
    need = 14 + hand.kongs
    have = len(hand.tiles)
    if have != need:
        raise HandError(
            f"a winning hand has 14 tiles plus one per kong: {need} here, but {have} were given",
            code="tile-count",
            column=1,
        )
