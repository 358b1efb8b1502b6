"""The reference scorer: a short, slow, obviously correct scorer kept in the tests as the oracle.

It reads the rules from the ruleset document itself (`Ruleset.data`, the merged YAML), builds each
condition from the registry by name, splits the concealed tiles into every arrangement it can find
by plain recursion, applies every rule to every arrangement and keeps the best (docs/rulings.md: the
winning tile goes where it scores best). No plan, no remembered lines, no fast paths, no caches.

What it borrows from the engine is what it cannot get wrong differently: reading a hand's text
(`parse`, `build`: the tiles, the marked groups, the winning tile), the ruleset loader and its
settings and special-shape tests, and the registry's individual condition functions. Every import
from the engine is in the block below, so that moving an engine module means changing one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

# --- everything taken from the engine (one place: engine modules are being moved) ----------------
from pungchow_calc.engine.conditions import REGISTRY, Context, lies_exposed
from pungchow_calc.engine.errors import PungchowError
from pungchow_calc.engine.hand import Hand, Meld, MeldKind, build
from pungchow_calc.engine.notation import Marker, parse
from pungchow_calc.engine.rules import Ruleset
from pungchow_calc.engine.situation import Situation, WinBy
from pungchow_calc.engine.tiles import PLAYING_TILES, Tile, Wind

# --------------------------------------------------------------------------------------------------

SETS = (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)
# Where a line stands in the breakdown (docs/json.md): bonus points, set and pair points, doublings,
# limit hands.
PHASE = {"bonus": 0, "set": 1, "pair": 1, "double": 2, "limit": 3}

LineTuple = tuple[str, str, int, int, str, "str | None", int]  # as engine Line fields, in order
MeldKey = tuple[str, tuple[str, ...], bool, bool, bool, bool]


# --- the rules, read from the ruleset document -----------------------------------------------------


@dataclass(frozen=True)
class RefRule:
    """One rule of the document: its test and what it is worth."""

    id: str
    label: str
    index: int
    scope: str
    who: str
    group: str | None
    test: Callable[[Context, Meld | None], bool]
    deferred: bool
    points: tuple[int, int] | float | None  # (exposed, concealed), a share of the limit, or None
    doublings: int
    limit: float | None  # a limit hand worth this share of the limit; None: not a limit hand

    @property
    def kind(self) -> str:
        """The line kind it writes (docs/json.md)."""
        if self.limit is not None:
            return "limit"
        if self.doublings:
            return "double"
        return {"hand": "bonus", "set": "set", "pair": "pair"}[self.scope]


def _condition(entry: Any) -> tuple[Callable[[Context, Meld | None], bool], bool]:
    """(test, deferred) of one `when:` entry, `not` and `any` included."""
    name, params = (entry, None) if isinstance(entry, str) else next(iter(entry.items()))
    params_: Any = params
    if name == "not":
        inner, deferred = _condition(params)
        return (lambda ctx, unit: not inner(ctx, unit)), deferred
    if name == "any":
        parts = [_condition(p) for p in params_]
        return (lambda ctx, unit: any(t(ctx, unit) for t, _ in parts)), any(d for _, d in parts)
    entry_ = REGISTRY[name]
    return entry_.build(params), entry_.deferred


def _all_of(
    tests: tuple[Callable[[Context, Meld | None], bool], ...],
) -> Callable[[Context, Meld | None], bool]:
    """A rule holds when every condition of its `when:` list holds."""
    return lambda ctx, unit: all(t(ctx, unit) for t in tests)


def _points(value: Any) -> tuple[int, int] | float:
    if isinstance(value, dict) and "limit_fraction" in value:
        return float(value["limit_fraction"])
    if isinstance(value, dict):
        return (value["exposed"], value["concealed"])
    return (value, value)


# Each ruleset's rules read once, by the ruleset's identity (a loaded ruleset is never mutated); the
# ruleset is kept beside them, so that no other takes its id while they are remembered.
_READ: dict[int, tuple[Ruleset, tuple[RefRule, ...]]] = {}


def read_rules(ruleset: Ruleset) -> tuple[RefRule, ...]:
    """Every rule of the ruleset's document, in file order (read once a ruleset: half the cost of a
    reference score was reading them again)."""
    kept = _READ.get(id(ruleset))
    if kept is None or kept[0] is not ruleset:
        kept = _READ[id(ruleset)] = (ruleset, _read_rules(ruleset))
    return kept[1]


def _read_rules(ruleset: Ruleset) -> tuple[RefRule, ...]:
    out = []
    for index, raw in enumerate(ruleset.data["rules"]):
        conditions = [_condition(c) for c in raw.get("when", [])]
        limit = raw.get("limit", False)
        out.append(
            RefRule(
                id=raw["id"],
                label=raw["label"],
                index=index,
                scope=raw.get("scope", "hand"),
                who=raw.get("who", "all"),
                group=raw.get("group"),
                test=_all_of(tuple(t for t, _ in conditions)),
                deferred=any(d for _, d in conditions),
                points=_points(raw["points"]) if "points" in raw else None,
                doublings=raw.get("doublings", 0),
                limit=None if limit is False else 1.0 if limit is True else float(limit),
            )
        )
    return tuple(out)


# --- arrangements ----------------------------------------------------------------------------------


def _chow_at(tile: Tile) -> tuple[Tile, Tile, Tile] | None:
    """The chow starting at this tile, if there is one."""
    if not tile.suit.is_numbered or tile.rank > 7:
        return None
    return (tile, PLAYING_TILES[tile.index + 1], PLAYING_TILES[tile.index + 2])


def _take(pool: Counter[Tile], tiles: tuple[Tile, ...]) -> Counter[Tile] | None:
    """The pool without these tiles, or None if it does not hold them."""
    need = Counter(tiles)
    if any(pool[t] < n for t, n in need.items()):
        return None
    rest = pool - need
    return rest


def splits(pool: Counter[Tile], sets: int, pairs: int) -> Iterator[list[tuple[MeldKind, tuple[Tile, ...]]]]:
    """Every way to split all of the pool into exactly `sets` sets and `pairs` pairs. The lowest tile
    left must start a pung, a pair or a chow: each split is found once."""
    if not pool:
        if sets == 0 and pairs == 0:
            yield []
        return
    low = min(pool, key=lambda t: t.index)
    options: list[tuple[MeldKind, tuple[Tile, ...], int, int]] = [(MeldKind.PUNG, (low,) * 3, 1, 0)]
    options.append((MeldKind.PAIR, (low,) * 2, 0, 1))
    chow = _chow_at(low)
    if chow:
        options.append((MeldKind.CHOW, chow, 1, 0))
    for kind, tiles, s, p in options:
        rest = _take(pool, tiles)
        if rest is not None and sets >= s and pairs >= p:
            for more in splits(rest, sets - s, pairs - p):
                yield [(kind, tiles), *more]


def partial_splits(pool: Counter[Tile], pairs: int) -> Iterator[list[tuple[MeldKind, tuple[Tile, ...]]]]:
    """Every way to lay some of the pool out as pungs, chows and at most `pairs` pairs, the rest single
    tiles (a non-winning hand)."""
    if not pool:
        yield []
        return
    low = min(pool, key=lambda t: t.index)
    options: list[tuple[MeldKind, tuple[Tile, ...], int]] = [
        (MeldKind.SINGLE, (low,), 0),
        (MeldKind.PUNG, (low,) * 3, 0),
        (MeldKind.PAIR, (low,) * 2, 1),
    ]
    chow = _chow_at(low)
    if chow:
        options.append((MeldKind.CHOW, chow, 0))
    for kind, tiles, p in options:
        rest = _take(pool, tiles)
        if rest is not None and pairs >= p:
            for more in partial_splits(rest, pairs - p):
                yield [(kind, tiles), *more]


def first_typed(hand: Hand) -> dict[Tile, int]:
    """For each concealed tile, the first typed group that holds it (sets are shown where typed)."""
    out: dict[Tile, int] = {}
    for order, group in enumerate(hand.parsed.groups):
        if group.marker is Marker.CONCEALED:
            for tile in group.tiles:
                if not tile.is_bonus:
                    out.setdefault(tile, order)
    return out


def shown(melds: list[Meld]) -> tuple[Meld, ...]:
    """Sets in the order typed, then pairs, then single tiles (the book lists sets, then the pair)."""
    rank = {MeldKind.PAIR: 1, MeldKind.SINGLE: 2}
    return tuple(sorted(melds, key=lambda m: (rank.get(m.kind, 0), m.order, m.tiles[0].index, len(m.tiles))))


def _pool(hand: Hand) -> Counter[Tile]:
    return Counter(hand.pool)


def winning_arrangements(hand: Hand, by_discard: bool) -> list[tuple[Meld, ...]]:
    """Every arrangement of a winner as four sets and a pair, the winning tile in each place it can go."""
    fixed = list(hand.fixed)
    pairs = 1 - sum(m.kind is MeldKind.PAIR for m in fixed)
    sets = 4 - sum(m.kind is not MeldKind.PAIR for m in fixed)
    if sets < 0 or pairs < 0:
        return []
    order = first_typed(hand)
    out: list[tuple[Meld, ...]] = []
    seen: set[tuple[Any, ...]] = set()
    for split in splits(_pool(hand), sets, pairs):
        units = [(kind, tiles, min(order[t] for t in tiles)) for kind, tiles in split]
        places: list[int | None] = [None]
        if hand.winning_tile is not None and not any(m.winning for m in fixed):
            places = [i for i, (_, tiles, _) in enumerate(units) if hand.winning_tile in tiles]
        for place in places:
            melds = fixed + [
                Meld(
                    kind,
                    tiles,
                    # A set completed by a claimed discard is exposed (docs/rulings.md).
                    exposed=i == place and by_discard and kind in SETS,
                    winning=i == place,
                    order=at,
                )
                for i, (kind, tiles, at) in enumerate(units)
            ]
            key = tuple(sorted(meld_key(m) for m in melds))
            if key not in seen:
                seen.add(key)
                out.append(shown(melds))
    return out


def shape_arrangement(hand: Hand) -> tuple[Meld, ...]:
    """A special-shape hand: its fixed sets, then each concealed tile held twice or more as one group,
    the rest single (as docs/json.md shows such a hand)."""
    melds = list(hand.fixed)
    for tile, n in sorted(_pool(hand).items(), key=lambda item: item[0].index):
        win = tile == hand.winning_tile
        if n >= 2:
            melds.append(Meld(MeldKind.PAIR, (tile,) * n, winning=win, order=99))
        else:
            melds.append(Meld(MeldKind.SINGLE, (tile,), winning=win))
    return shown(melds)


def loser_arrangements(hand: Hand, max_pairs: int) -> list[tuple[Meld, ...]]:
    """Every partial arrangement of a non-winning hand: pungs, chows, pairs (at most `max_pairs`, the
    exposed pairs included), the rest single tiles."""
    fixed = list(hand.fixed)
    room = max(0, max_pairs - sum(m.kind is MeldKind.PAIR for m in fixed))
    order = first_typed(hand)
    out = []
    for split in partial_splits(_pool(hand), room):
        melds = fixed + [
            Meld(kind, tiles, order=100 if kind is MeldKind.SINGLE else min(order[t] for t in tiles))
            for kind, tiles in split
        ]
        out.append(shown(melds))
    return out


def meld_key(meld: Meld) -> MeldKey:
    """What makes a set or pair itself (not where it is shown)."""
    return (
        meld.kind.value,
        tuple(t.code for t in meld.tiles),
        meld.exposed,
        meld.declared,
        meld.winning,
        meld.claimed_kong,
    )


def arrangement_key(melds: tuple[Meld, ...]) -> tuple[MeldKey, ...]:
    """An arrangement as a multiset of sets and pairs."""
    return tuple(sorted(meld_key(m) for m in melds))


# --- complete hands and waits ----------------------------------------------------------------------


def _counts(tiles: list[Tile] | tuple[Tile, ...]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile.index] += 1
    return counts


def _complete(fixed: list[Meld], pool: Counter[Tile], ruleset: Ruleset) -> bool:
    pairs = 1 - sum(m.kind is MeldKind.PAIR for m in fixed)
    sets = 4 - sum(m.kind is not MeldKind.PAIR for m in fixed)
    most = ruleset.settings.max_chows  # a hand of more chows is no win under it (BMJA: one)
    chows = sum(m.kind is MeldKind.CHOW for m in fixed)
    if sets >= 0 and pairs >= 0:
        for split in splits(pool, sets, pairs):
            if most is None or chows + [kind for kind, _ in split].count(MeldKind.CHOW) <= most:
                return True
    whole = _counts([t for m in fixed for t in m.tiles] + list(pool.elements()))
    return any(shape(whole, tuple(fixed)) for shape in ruleset.shapes)


def waits(hand: Hand, ruleset: Ruleset) -> tuple[Tile, ...]:
    """Every tile that would have completed the hand in place of the winning tile: take the winning
    tile away (a set on the table that held it goes back among the concealed tiles, except the fourth
    tile of a kong: that was the only way in) and try every tile of which a copy is left."""
    win = hand.winning_tile
    if win is None:
        return ()
    fixed = list(hand.fixed)
    pool = _pool(hand)
    holder = next((m for m in fixed if m.winning), None)
    if holder is not None:
        if holder.kind is MeldKind.KONG:
            return (win,)
        fixed.remove(holder)
        pool.update(holder.tiles)
    pool[win] -= 1
    held = Counter(t for m in fixed for t in m.tiles) + pool
    return tuple(
        tile for tile in PLAYING_TILES if held[tile] < 4 and _complete(fixed, pool + Counter([tile]), ruleset)
    )


# --- scoring ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One arrangement scored: what the engine's Score says of it."""

    arrangement: tuple[Meld, ...]
    lines: tuple[LineTuple, ...]
    points: int
    doublings: int
    score: int
    limit_hand: str | None


@dataclass(frozen=True)
class Reference:
    """The whole answer: the best (score, points), every arrangement reaching it, the waits; or the
    code of the HandError the hand must be refused with."""

    best: tuple[Result, ...] = ()
    waits: tuple[Tile, ...] = ()
    refused: str | None = None
    payable: int = 0


def _apply(
    rules: list[RefRule], ctx: Context, nominal: int | None
) -> tuple[list[tuple[tuple[int, int, int], RefRule, Meld | None, int]], list[str]]:
    """Every line the rules give one arrangement: hand rules, then each set and pair in the order
    shown, then the deferred rules ("no other score"), which read the point lines before them; a
    rule with a group gives no line to a set (or the hand) another rule of its group already took."""
    found = []
    taken: set[tuple[str, int]] = set()

    def line(rule: RefRule, unit: Meld | None, slot: int, position: int) -> None:
        if rule.group is not None and (rule.group, slot) in taken:
            return
        if not rule.test(ctx, unit):
            return
        if rule.group is not None:
            taken.add((rule.group, slot))
        if rule.points is None:
            worth = 0
        else:
            exposed = unit is not None and lies_exposed(unit, ctx.situation.win_by)
            if isinstance(rule.points, float):
                worth = int((nominal or 0) * rule.points)
            else:
                worth = rule.points[0] if exposed else rule.points[1]
            if worth == 0:
                return  # a row worth nothing here prints nothing
            ctx.earlier.append(rule.id)
        phase = PHASE[rule.kind]
        key = (phase, slot, rule.index) if phase == 1 else (phase, rule.index, position)
        found.append((key, rule, unit, worth))

    units = []
    sets = pairs = 0
    for slot, unit in enumerate(ctx.melds):
        if unit.kind is MeldKind.PAIR:
            units.append((slot, pairs, unit, "pair"))
            pairs += 1
        elif unit.kind in SETS:
            units.append((slot, sets, unit, "set"))
            sets += 1
    for rule in rules:
        if not rule.deferred and rule.scope == "hand":
            line(rule, None, -1, 0)
    for slot, position, unit, scope in units:
        for rule in rules:
            if not rule.deferred and rule.scope == scope:
                line(rule, unit, slot, position)
    for rule in rules:
        if rule.deferred and rule.scope == "hand":
            line(rule, None, -1, 0)
        elif rule.deferred:
            for slot, position, unit, scope in units:
                if rule.scope == scope:
                    line(rule, unit, slot, position)
    return found, ctx.earlier


def _score_arrangement(ruleset: Ruleset, rules: list[RefRule], ctx: Context, cap: int | None) -> Result:
    settings = ruleset.settings
    nominal = cap if cap is not None else (settings.limit or settings.limit_hand_value)
    found, _ = _apply(rules, ctx, nominal)
    found.sort(key=lambda f: f[0])
    lines: list[LineTuple] = []
    running = points = doublings = 0
    for _, rule, unit, worth in found:
        code = unit.code if unit is not None else None
        if rule.limit is not None:
            lines.append(("limit", rule.label, 0, 0, rule.id, code, running))
            continue
        if rule.doublings:
            running *= 2**rule.doublings
            doublings += rule.doublings
        else:
            running += worth
            points += worth
        lines.append((rule.kind, rule.label, worth, rule.doublings, rule.id, code, running))
    count = points * 2**doublings
    limits = [(rule.limit, -key[0], key, rule.label) for key, rule, _, _ in found if rule.limit is not None]
    if not limits:
        return Result(ctx.melds, tuple(lines), points, doublings, count, None)
    # The largest share of the limit counts, then the first line (docs/rulesets.md).
    share = max(limits, key=lambda x: x[0])[0]
    label = min((x for x in limits if x[0] == share), key=lambda x: x[2])[3]
    limit_nominal = cap if cap is not None else (settings.limit_hand_value or settings.limit)
    if share < 1:
        part = round((limit_nominal or 0) * share)
        if part > count:
            return Result(ctx.melds, tuple(lines), points, doublings, part, label)
        return Result(ctx.melds, tuple(lines), points, doublings, count, None)
    value = max(limit_nominal or 0, count) if settings.limit_hand_counts else (limit_nominal or 0)
    return Result(ctx.melds, tuple(lines), points, doublings, value, label)


def reference_score(hand: Hand, ruleset: Ruleset, situation: Situation, cap: int | None) -> Reference:
    """Score a built hand by brute force under a ruleset, with `cap` the limit in force."""
    settings = ruleset.settings
    tiles = list(hand.tiles)
    kongs = sum(m.kind is MeldKind.KONG for m in hand.fixed)
    side = ("winner", "all") if situation.winner else ("others", "all")
    rules = [r for r in read_rules(ruleset) if r.who in side]
    calling: Callable[[], frozenset[str]] | None = None
    if situation.winner:
        if hand.winning_tile is None and not situation.original_hand:
            return Reference(refused="no-winning-tile")
        # The hand as dealt names no winning tile (docs/rulings.md); riichi's chiihou marks its first draw.
        marks = settings.original_hand_drawn and situation.seat is not Wind.EAST
        if situation.original_hand and hand.winning_tile is not None and not marks:
            return Reference(refused="original-hand-winning-tile")
        if situation.original_hand and hand.winning_tile is None and marks:
            return Reference(refused="no-winning-tile")
        if len(tiles) != 14 + kongs:
            return Reference(refused="tile-count")
        arrangements = [
            a
            for a in winning_arrangements(hand, situation.win_by is WinBy.DISCARD)
            if settings.max_chows is None or sum(m.kind is MeldKind.CHOW for m in a) <= settings.max_chows
        ]
        # The book's "To Chow": a discard completes a winning chow only from the player on the winner's
        # left (docs/rulings.md#chow-from-the-left); from another named, the tile goes in a pung or pair.
        named = situation.discarder
        left = Wind((situation.seat.value + 2) % 4 + 1)  # who plays before the winner
        claimed = situation.win_by is WinBy.DISCARD and not situation.robbing_kong
        if settings.chow_from_left and claimed and named not in (None, left):
            kept = [a for a in arrangements if not any(m.winning and m.kind is MeldKind.CHOW for m in a)]
            if arrangements and not kept:
                return Reference(refused="bad-option")
            arrangements = kept
        # A special shape's arrangement is the hand's only when its tiles make no four sets and a pair
        # (docs/rulings.md, "Special shapes"): beside a set arrangement it would hide the set a discard
        # completed, and "concealed" rules would hold on a hand won on a discard.
        if not arrangements and any(shape(_counts(tiles), hand.fixed) for shape in ruleset.shapes):
            arrangements.append(shape_arrangement(hand))
        if not arrangements:
            return Reference(refused="not-winning")
        # A kong after a kong is won on the loose tile of a kong in the hand: with none, refused where the
        # ruleset says its play never has it (its setting `impossible`, docs/riichi.md), after the hand.
        if "kong_after_kong_without_kong" in settings.impossible and situation.kong_after_kong and not kongs:
            return Reference(refused="bad-option")
        # ... and of another kong's (or a flower's) loose tile: one kong and no flower is one loose tile.
        one_loose = kongs == 1 and not hand.bonus
        if "kong_after_kong_one_kong" in settings.impossible and situation.kong_after_kong and one_loose:
            return Reference(refused="bad-option")
        # A loose tile is drawn for a kong or a flower (or season).
        no_loose = not kongs and not hand.bonus
        if "loose_without_kong" in settings.impossible and situation.win_by is WinBy.LOOSE and no_loose:
            return Reference(refused="bad-option")
        # The first card played is East's discard (docs/rulings.md#first-discard): another discarder named
        # with it, or East's own hand winning it, is refused where the ruleset says so.
        first_by = situation.discarder if situation.first_discard else None
        easts_own = situation.first_discard and situation.seat is Wind.EAST
        if "first_discard_not_easts" in settings.impossible and (
            easts_own or first_by not in (None, Wind.EAST)
        ):
            return Reference(refused="bad-option")
        # Kajongg's "East won nine times in a row" is East's win (src/rulecode.py, "the winner is East"):
        # stated of another seat's, refused where the ruleset says so; East's scores its limit rule.
        ninth_not_easts = situation.east_ninth_win and situation.seat is not Wind.EAST
        if "ninth_win_not_easts" in settings.impossible and ninth_not_easts:
            return Reference(refused="bad-option")
        # A robbed tile is the fourth of another player's pung, three on the table: held twice, a fifth.
        robbed = hand.winning_tile if situation.robbing_kong else None
        if "robbed_tile_held" in settings.impossible and robbed is not None and tiles.count(robbed) > 1:
            return Reference(refused="bad-option")
        # The first discard is won before one's own first draw, and an original hand is the hand as
        # dealt: neither after a call, a kong, a loose tile, nor with the last tile or a kong robbed.
        laid = any(m.exposed and not m.winning for m in hand.fixed)  # the winning set is laid at the win
        played = laid or kongs > 0 or situation.last_tile or situation.robbing_kong
        first = played or situation.original_hand or situation.win_by is not WinBy.DISCARD
        if "first_discard_after_turn" in settings.impossible and situation.first_discard and first:
            return Reference(refused="bad-option")
        dealt = played or situation.win_by is WinBy.LOOSE
        if "original_hand_not_as_dealt" in settings.impossible and situation.original_hand and dealt:
            return Reference(refused="bad-option")
        hand_waits = waits(hand, ruleset)
    else:
        if hand.winning_tile is not None:
            return Reference(refused="loser-winning-tile")
        # Kajongg's Long Hand: a hand not won is long past 13 tiles plus one per kong; others refuse past 14.
        if len(tiles) > 13 + kongs + (0 if settings.long_hand_scores_zero else 1):
            if settings.long_hand_scores_zero:
                # Shown whole: the marked sets, then each tile of the pool as a leftover.
                leftovers = tuple(Meld(MeldKind.SINGLE, (tile,), order=100) for tile in hand.pool)
                return Reference(best=(Result(hand.fixed + leftovers, (), 0, 0, 0, None),))
            return Reference(refused="tile-count")
        arrangements = loser_arrangements(hand, settings.loser_max_pairs)
        hand_waits = ()
        calling = _calling(hand, ruleset, situation)
    counts = tuple(_counts(tiles))
    results = [
        _score_arrangement(ruleset, rules, Context(situation, hand, a, counts, hand_waits, [], calling), cap)
        for a in arrangements
    ]
    top = max((r.score, r.points) for r in results)
    best = tuple(r for r in results if (r.score, r.points) == top)
    payable = top[0] if cap is None else min(top[0], cap)
    return Reference(best=best, waits=hand_waits, payable=payable)


def _calling(hand: Hand, ruleset: Ruleset, situation: Situation) -> Callable[[], frozenset[str]]:
    """The rules that would score the hand completed by one more tile from the wall (asked lazily):
    when the completed hand is a limit hand, only that limit hand's rule."""
    known: list[frozenset[str]] = []

    def ask() -> frozenset[str]:
        if not known:
            won = replace(situation, winner=True, win_by=WinBy.WALL)
            out: set[str] = set()
            held = Counter(hand.tiles)
            for tile in PLAYING_TILES:
                if held[tile] >= 4:
                    continue
                try:
                    grown = build(parse(f"{hand.code} {tile.code}!"))
                except PungchowError:
                    continue
                ref = reference_score(grown, ruleset, won, None)
                for result in ref.best:  # scored by a rule in some best arrangement
                    out.update(
                        rule
                        for kind, label, _, _, rule, _, _ in result.lines
                        if result.limit_hand is None or (kind == "limit" and label == result.limit_hand)
                    )
            known.append(frozenset(out))
        return known[0]

    return ask


def score_text(text: str, ruleset: Ruleset, situation: Situation, cap: int | None) -> Reference:
    """Parse, build and score a hand's text by brute force."""
    return reference_score(build(parse(text)), ruleset, situation, cap)
