"""Hypothesis strategies for riichi winning hands in our notation, with the stated facts of the win.

`riichi_cases()` draws a `RiichiCase`: the hand as text (docs/notation.md, docs/riichi.md), its `Facts`
(tests/riichi_oracle.py) and the shape it was built as. Shapes: four sets and a pair from every tile,
closed or open, with chows, pungs and open or concealed kongs (`standard`); one suit with or without
honors, the concealed tiles typed as one group so that they have many arrangements (`one-suit`,
`half-suit`); seven pairs; thirteen orphans; the yakuman shapes (big dragons, winds, all honors,
all terminals, all green, nine gates, four concealed pungs, four kongs); open hands won on a
discard with nothing else stated, most of which have no yaku (`plain`); and closed hands with no kong
won by renhou, many of which have no other yaku (`renhou`).

The facts follow the play: riichi, double riichi, ippatsu and ura dora only for a closed hand (ura dora
only under riichi); rinshan only self-drawn with a kong, never with haitei or ippatsu; a double riichi's
ippatsu only with no kong; chankan only on a discard of a tile the hand holds once, with a double
riichi's ippatsu only for thirteen orphans; haitei self-drawn, houtei on a discard, never for a double
riichi with ippatsu; tenhou for East and chiihou for another seat, self-drawn with no meld (tenhou's
hand has no `!`); renhou for another seat on a discard, with no meld (closed, no kong) and nothing else
stated of the win (no riichi, ippatsu, haitei, houtei, chankan), alone or with the hand's other yaku and
dora; one dora indicator and one more per kong declared at the table (the hand's own and up to four in
all: 1 to 5 indicators), and as many ura indicators under riichi; an indicator is a copy of a tile the
hand does not use up (four of each tile in all).

`cli_options(facts)` states the facts as the options of `score` (the cross-command tests' and the
benchmark's batch lines).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from hypothesis import assume
from hypothesis import strategies as st
from riichi_oracle import Facts, kind
from strategies import CHOWS, HONORS, NUMBERED, GenGroup, GenHand, fits, pick

WINDS = ("east", "south", "west", "north")
SHAPES = (
    "standard",
    "one-suit",
    "half-suit",
    "plain",
    "renhou",
    "seven-pairs",
    "orphans",
    "dragons",
    "winds",
    "honors",
    "terminals",
    "green",
    "nine-gates",
    "concealed-pungs",
    "four-kongs",
)
# How often each shape is drawn, against 1 for the others: the everyday hands most.
WEIGHT = {"standard": 6, "one-suit": 2, "half-suit": 2, "plain": 3}
TERMINALS = tuple(f"{r}{s}" for s in "dbc" for r in (1, 9))
ORPHANS = TERMINALS + HONORS
GREENS = ("2b", "3b", "4b", "6b", "8b", "Gd")
WIND_TILES = ("Ew", "Sw", "Ww", "Nw")
DRAGON_TILES = ("Rd", "Gd", "Wd")


@dataclass(frozen=True)
class RiichiCase:
    """A generated riichi win: the hand in our notation, its facts, the shape it was built as."""

    hand: str
    facts: Facts
    shape: str


@cache
def _sets_of(universe: tuple[str, ...], chows: bool, kongs: bool) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every set of tiles from `universe`, in the order drawn from: worked out once (a hand draws four
    sets, and a run draws thousands of hands)."""
    options: list[tuple[str, tuple[str, ...]]] = []
    if chows:
        options += [("chow", c) for c in CHOWS if all(t in universe for t in c)]
    options += [("pung", (t,) * 3) for t in universe]
    if kongs:
        options += [("kong", (t,) * 4) for t in universe]
    return tuple(options)


def _set(
    draw: st.DrawFn, counts: Counter[str], universe: tuple[str, ...], chows: bool, kongs: bool
) -> tuple[str, tuple[str, ...]]:
    """One set of tiles from `universe` that still fits the four copies of each tile."""
    options = [option for option in _sets_of(universe, chows, kongs) if fits(counts, option[1])]
    assume(options)
    chosen = pick(draw, options)
    counts.update(chosen[1])
    return chosen


def _pair(draw: st.DrawFn, counts: Counter[str], universe: tuple[str, ...]) -> tuple[str, ...]:
    # Half the pairs are of honors where the universe has some: their fu (seat, round, dragon, a wind
    # both seat and round) is where rulesets differ most.
    honors = tuple(t for t in universe if t in HONORS)
    if honors and honors != universe and draw(st.booleans()):
        universe = honors
    options = [(t, t) for t in universe if counts[t] <= 2]
    assume(options)
    pair = pick(draw, options)
    counts.update(pair)
    return pair


def _marker(draw: st.DrawFn, kind_: str, closed: bool) -> str:
    if kind_ == "kong":
        return "#" if closed else draw(st.sampled_from(("*", "#")))
    return "" if closed else draw(st.sampled_from(("", "*")))


def _standard(
    draw: st.DrawFn,
    universe: tuple[str, ...],
    closed: bool,
    chows: bool = True,
    kongs: int = 3,
    fixed: tuple[tuple[str, tuple[str, ...]], ...] = (),
    pair_from: tuple[str, ...] | None = None,
) -> list[GenGroup]:
    """Four sets (the `fixed` ones first) and a pair from `universe`; at most `kongs` kongs."""
    counts: Counter[str] = Counter()
    sets = list(fixed)
    for _, tiles in sets:
        counts.update(tiles)
    while len(sets) < 4:
        made = sum(1 for k, _ in sets if k == "kong")
        sets.append(_set(draw, counts, universe, chows, kongs=made < kongs))
    pair = _pair(draw, counts, pair_from or universe)
    groups = [GenGroup(k, tiles, _marker(draw, k, closed)) for k, tiles in sets]
    if not closed and all(g.marker != "*" for g in groups):
        i = draw(st.integers(0, 3))
        groups[i] = GenGroup(groups[i].kind, groups[i].tiles, "*")
    order = draw(st.permutations(range(4)))
    return [groups[i] for i in order] + [GenGroup("pair", pair)]


def _shape_groups(draw: st.DrawFn, shape: str) -> list[GenGroup]:
    closed = draw(st.booleans())
    if shape == "standard":
        return _standard(draw, NUMBERED + HONORS, closed)
    if shape == "plain":
        return _standard(draw, NUMBERED + HONORS, closed=False, kongs=1)
    if shape in ("one-suit", "half-suit"):
        suit = draw(st.sampled_from("dbc"))
        tiles = tuple(f"{r}{suit}" for r in range(1, 10))
        return _standard(draw, tiles + (HONORS if shape == "half-suit" else ()), closed, kongs=1)
    if shape == "seven-pairs":
        honors_only = draw(st.booleans()) and draw(st.booleans())
        pairs = (
            HONORS
            if honors_only
            else draw(st.lists(st.sampled_from(NUMBERED + HONORS), min_size=7, max_size=7, unique=True))
        )
        return [GenGroup("pair", (t, t)) for t in pairs]
    if shape == "orphans":
        extra = draw(st.sampled_from(ORPHANS))
        return [GenGroup("loose", tuple(sorted(ORPHANS + (extra,), key=kind)))]
    if shape == "dragons":
        fixed = tuple(("pung", (d,) * 3) for d in DRAGON_TILES)
        return _standard(draw, NUMBERED + WIND_TILES, closed, fixed=fixed)
    if shape == "winds":
        big = draw(st.booleans())
        winds = list(WIND_TILES)
        pair_wind = None if big else pick(draw, winds)
        fixed = tuple(("pung", (w,) * 3) for w in winds if w != pair_wind)
        pair_from = (pair_wind,) if pair_wind else NUMBERED + DRAGON_TILES
        return _standard(draw, NUMBERED + DRAGON_TILES, closed, fixed=fixed, pair_from=pair_from)
    if shape == "honors":
        return _standard(draw, HONORS, closed, chows=False)
    if shape == "terminals":
        return _standard(draw, TERMINALS, closed, chows=False)
    if shape == "green":
        return _standard(draw, GREENS, closed)
    if shape == "nine-gates":
        suit = draw(st.sampled_from("dbc"))
        extra = draw(st.integers(1, 9))
        ranks = sorted([1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, extra])
        return [GenGroup("loose", tuple(f"{r}{suit}" for r in ranks))]
    if shape == "renhou":
        return _standard(draw, NUMBERED + HONORS, closed=True, kongs=0)
    if shape == "concealed-pungs":
        return _standard(draw, NUMBERED + HONORS, closed=True, chows=False)
    assert shape == "four-kongs"
    groups = _standard(draw, NUMBERED + HONORS, closed, chows=False, kongs=4)
    return [GenGroup("kong", g.tiles[:1] * 4, g.marker or "#") if g.kind != "pair" else g for g in groups]


def _indicators(draw: st.DrawFn, n: int, counts: Counter[str]) -> tuple[str, ...]:
    out = []
    for _ in range(n):
        options = [t for t in NUMBERED + HONORS if counts[t] < 4]
        tile = pick(draw, options)
        counts[tile] += 1
        out.append(tile)
    return tuple(out)


@st.composite
def riichi_cases(draw: st.DrawFn, shapes: tuple[str, ...] = SHAPES) -> RiichiCase:
    """A riichi winning hand in our notation with consistent facts (see the module docstring)."""
    shape = draw(st.sampled_from(tuple(s for s in shapes for _ in range(WEIGHT.get(s, 1)))))
    groups = _shape_groups(draw, shape)
    closed = all(g.marker != "*" for g in groups)
    kongs = sum(1 for g in groups if g.kind == "kong")
    concealed = [
        (g, i) for g, group in enumerate(groups) if group.marker == "" for i in range(len(group.tiles))
    ]
    held = Counter(t for g in groups for t in g.tiles)
    seat = draw(st.sampled_from(WINDS[1:] if shape == "renhou" else WINDS))
    # East in the East round, South in the South round: a wind both seat and round wind, often.
    wind_round = seat if draw(st.booleans()) else draw(st.sampled_from(WINDS))
    no_melds = all(g.marker == "" for g in groups)
    blessing = no_melds and shape not in ("plain", "renhou") and draw(st.integers(0, 9)) == 0
    if blessing:  # tenhou for East, chiihou for another seat: the first draw, nothing else stated
        tenhou = seat == "east"
        win = None if tenhou else pick(draw, concealed)
        facts = Facts(seat=seat, round=wind_round, tsumo=True, tenhou=tenhou, chiihou=not tenhou)
    else:
        win = pick(draw, concealed)
        win_tile = groups[win[0]].tiles[win[1]]
        # Renhou: another seat's win on a discard before its own first draw, so nothing called or
        # declared before it (docs/riichi.md "The facts of a win"); the hand's own yaku, if any, add up.
        renhou = no_melds and seat != "east" and (shape == "renhou" or draw(st.integers(0, 3)) == 0)
        if shape == "plain" or renhou:
            tsumo = riichi = double = ippatsu = rinshan = chankan = last = False
        else:
            tsumo = draw(st.booleans())
            declared = draw(st.sampled_from(("none", "riichi", "double"))) if closed else "none"
            riichi, double = declared == "riichi", declared == "double"
            rinshan = tsumo and kongs > 0 and draw(st.booleans())
            robbed = not tsumo and held[win_tile] == 1 and draw(st.booleans())
            # A double riichi's ippatsu is won in the first go-arounds with no call: with no kong, not on
            # the last tile, and robbing no kong but a concealed one, for thirteen orphans. Each is tested
            # after the draws, so that every other case draws as before.
            ippatsu = (riichi or double) and not rinshan and draw(st.booleans()) and not (double and kongs)
            first_turns = double and ippatsu
            last = not rinshan and not robbed and draw(st.integers(0, 4)) == 0 and not first_turns
            chankan = robbed and not (first_turns and shape != "orphans")
        counts = Counter(held)
        if chankan:  # the other three copies are in the robbed kong
            counts[win_tile] = 4
        # One indicator, and one more for each kong declared at the table (ours and the others'), at
        # most four kongs in a hand's play (RCR 2016 §3.3.10): 1 to 5 indicators.
        dora = _indicators(
            draw, 1 + kongs + draw(st.integers(0, max(0, 3 - kongs))) if kongs < 4 else 5, counts
        )
        ura = _indicators(draw, len(dora), counts) if (riichi or double) else ()
        facts = Facts(
            seat=seat,
            round=wind_round,
            tsumo=tsumo,
            riichi=riichi,
            double_riichi=double,
            ippatsu=ippatsu,
            rinshan=rinshan,
            chankan=chankan,
            haitei=last and tsumo,
            houtei=last and not tsumo,
            renhou=renhou,
            dora=dora,
            ura=ura,
            honba=draw(st.integers(0, 6)),
            deposits=draw(st.integers(0, 3)) + (1 if riichi or double else 0),
        )
    hand = GenHand(tuple(groups), win)
    if draw(st.booleans()):  # the concealed tiles typed as one group: pungchow and the package pool them
        hand = _pooled(hand)
    return RiichiCase(hand.text(), facts, shape)


def _pooled(hand: GenHand) -> GenHand:
    marked = [g for g in hand.groups if g.marker]
    loose = [
        (t, hand.win == (g, i))
        for g, group in enumerate(hand.groups)
        if not group.marker
        for i, t in enumerate(group.tiles)
    ]
    loose.sort(key=lambda item: kind(item[0]))
    win_at = next((i for i, (_, w) in enumerate(loose) if w), None)
    pool = GenGroup("loose", tuple(t for t, _ in loose))
    win = None if win_at is None else (len(marked), win_at)
    return GenHand(tuple(marked) + (pool,), win)


def cli_options(facts: Facts, seat: bool = True) -> list[str]:
    """The facts as the options of `score` (docs/riichi.md "The facts of a win"); `seat=False` leaves
    the seat out, for `settle`, which seats the hand by its option (`--south HAND`)."""
    options = ["-r", "riichi-ema-2016", *(["-s", facts.seat] if seat else []), "-w", facts.round]
    if facts.tsumo:
        options.append("--loose" if facts.rinshan else "--drawn")
    flags = {
        "--double-riichi": facts.double_riichi,
        "--riichi": facts.riichi and not facts.double_riichi,
        "--ippatsu": facts.ippatsu,
        "--robbing-kong": facts.chankan,
        "--last-tile": facts.haitei or facts.houtei,
        "--original-hand": facts.tenhou or facts.chiihou,
        "--first-discard": facts.renhou,
    }
    options += [flag for flag, given in flags.items() if given]
    for option, tiles in (("--dora", facts.dora), ("--ura", facts.ura)):
        options += [option, ",".join(tiles)] if tiles else []
    for option, count in (("--honba", facts.honba), ("--deposits", facts.deposits)):
        options += [option, str(count)] if count else []
    return options
