"""Hypothesis strategies for hands in docs/notation.md notation: valid winning hands, non-winning hands, and
the many ways a player may type the same hand.

A generated hand is kept as data (`GenHand`: its groups, where `!` stands, its bonus tiles) so that
tests can write it canonically, move a set between exposed and concealed, or retype its concealed
tiles, and compare the scores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

NUMBERED = tuple(f"{rank}{suit}" for suit in "dbc" for rank in range(1, 10))
HONORS = ("Ew", "Sw", "Ww", "Nw", "Rd", "Gd", "Wd")
PLAYING = NUMBERED + HONORS
BONUS = ("1f", "2f", "3f", "4f", "1s", "2s", "3s", "4s")
CHOWS = tuple(tuple(f"{start + k}{suit}" for k in range(3)) for suit in "dbc" for start in range(1, 8))
SEATS = ("east", "south", "west", "north")


@dataclass(frozen=True)
class GenGroup:
    """One set or pair as generated: its tiles (codes), kind and marker (`""`, `*`, `#`, `+` or `=`,
    docs/notation.md#markers)."""

    kind: str  # chow | pung | kong | pair | loose (tiles of a non-winning hand)
    tiles: tuple[str, ...]
    marker: str = ""

    @property
    def concealed(self) -> bool:
        """Still in the hand (pooled by the calculator)."""
        return self.marker == ""


@dataclass(frozen=True)
class GenHand:
    """A hand as data: groups, the `!` position (group, tile) or None, bonus tiles."""

    groups: tuple[GenGroup, ...]
    win: tuple[int, int] | None
    bonus: tuple[str, ...] = ()

    def text(self) -> str:
        """The hand written group by group in canonical tile codes."""
        words = []
        for g, group in enumerate(self.groups):
            word = "".join(code + ("!" if self.win == (g, i) else "") for i, code in enumerate(group.tiles))
            words.append(word + group.marker)
        words.extend(self.bonus)
        return " ".join(words)

    @property
    def win_tile(self) -> str | None:
        """The code of the `!` tile."""
        if self.win is None:
            return None
        g, i = self.win
        return self.groups[g].tiles[i]

    @property
    def kongs(self) -> int:
        """How many kongs the hand declares."""
        return sum(1 for g in self.groups if g.kind == "kong")

    def with_group(self, index: int, group: GenGroup) -> GenHand:
        """The same hand with one group replaced."""
        groups = list(self.groups)
        groups[index] = group
        return replace(self, groups=tuple(groups))


def fits(counts: Counter[str], tiles: tuple[str, ...]) -> bool:
    """Whether the tiles can join those counted without a fifth copy of any."""
    return all(counts[t] + n <= 4 for t, n in _copies(tiles))


@cache
def _copies(tiles: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Each tile of `tiles` and how many copies of it they hold (counted once: `fits` asks of the same
    sets for every set of every hand drawn)."""
    return tuple(Counter(tiles).items())


def pick(draw: st.DrawFn, choices: Sequence[T]) -> T:
    """One of `choices`, as `draw(st.sampled_from(choices))` draws it (the first shrinks best), without
    making and validating a strategy for a sequence met once (a hand's tiles left, its places)."""
    return choices[draw(st.integers(0, len(choices) - 1))]


def draw_pair(draw: st.DrawFn, counts: Counter[str]) -> str:
    """The tile of a pair that keeps every tile within its four copies, counted in `counts`."""
    tile = pick(draw, [t for t in PLAYING if counts[t] <= 2])
    counts.update((tile, tile))
    return tile


def draw_set(draw: st.DrawFn, counts: Counter[str], kongs: bool = True, exposed: bool = True) -> GenGroup:
    """One chow, pung or kong that keeps every tile within its four copies, with a marker: a kong is
    exposed (`*`), declared face down (`#`) or claimed onto a concealed pung (`+`). Drawn in the
    caller's strategy: a strategy made for each set would be validated afresh, most of a hand's cost."""
    options: list[tuple[str, tuple[str, ...]]] = [("chow", c) for c in CHOWS if fits(counts, c)]
    options += [("pung", (t,) * 3) for t in PLAYING if fits(counts, (t,) * 3)]
    if kongs:
        options += [("kong", (t,) * 4) for t in PLAYING if counts[t] == 0]
    kind = pick(draw, sorted({k for k, _ in options}))
    tiles = pick(draw, [t for k, t in options if k == kind])
    if kind == "kong":
        marker = draw(st.sampled_from(("*", "#", "+")))
    else:
        marker = draw(st.sampled_from(("", "*"))) if exposed else ""
    counts.update(tiles)
    return GenGroup(kind, tiles, marker)


@st.composite
def winning_hands(
    draw: st.DrawFn,
    kongs: bool = True,
    exposed: bool = True,
    bonus: bool = True,
    win_in_exposed: bool = True,
) -> GenHand:
    """A valid winning hand: four sets and a pair, any suits and honors, chows, pungs, kongs of the three
    kinds, the pair concealed or laid exposed (`=`), bonus tiles, the `!` on any tile not in a declared
    kong, no tile more than four times."""
    counts: Counter[str] = Counter()
    groups = [draw_set(draw, counts, kongs, exposed) for _ in range(4)]
    pair_tile = draw_pair(draw, counts)
    # The pair is laid exposed only where the `!` may stand in an exposed group: else it keeps a place.
    pair_marker = draw(st.sampled_from(("", "="))) if exposed and win_in_exposed else ""
    groups.append(GenGroup("pair", (pair_tile, pair_tile), pair_marker))
    groups = draw(st.permutations(groups))
    places = [
        (g, i)
        for g, group in enumerate(groups)
        for i in range(len(group.tiles))
        if group.marker != "#" and (win_in_exposed or group.concealed)
    ]
    win = pick(draw, places)
    extras = tuple(draw(st.lists(st.sampled_from(BONUS), unique=True, max_size=8))) if bonus else ()
    return GenHand(tuple(groups), win, extras)


@st.composite
def losing_hands(draw: st.DrawFn) -> GenHand:
    """A non-winning hand (`--loser`): some exposed or declared sets, perhaps a pair laid exposed (`=`),
    then up to the rest in loose tiles."""
    counts: Counter[str] = Counter()
    groups = [draw_set(draw, counts) for _ in range(draw(st.integers(0, 3)))]
    room = 13 - 3 * len(groups)
    if draw(st.booleans()):
        pair_tile = draw_pair(draw, counts)
        groups.append(GenGroup("pair", (pair_tile, pair_tile), "="))
        room -= 2
    loose: list[str] = []
    for _ in range(draw(st.integers(0, room))):
        choices = [t for t in PLAYING if counts[t] < 4]
        tile = pick(draw, choices)
        counts[tile] += 1
        loose.append(tile)
    # Never four identical loose tiles in one typed group: an undeclared kong (docs/notation.md#markers).
    for tile, n in Counter(loose).items():
        if n == 4:
            loose.remove(tile)
    if loose:
        groups.append(GenGroup("loose", tuple(loose)))
    if not groups:
        groups.append(GenGroup("loose", (draw(st.sampled_from(PLAYING)),)))
    extras = tuple(draw(st.lists(st.sampled_from(BONUS), unique=True, max_size=4)))
    return GenHand(tuple(draw(st.permutations(groups))), None, extras)


# --- typing the same hand in other ways ---------------------------------------------------------


def _suit_letter(code: str) -> str:
    return code[1]


def _write_chunk(tiles: list[tuple[str, bool]], compact: bool) -> str:
    """Tiles as one typed group; `compact` joins neighbours of one suit letter into runs (`34!5c`)."""
    if not compact:
        return "".join(code + ("!" if win else "") for code, win in tiles)
    out: list[str] = []
    run: list[str] = []
    letter = ""
    for code, win in tiles:
        if run and _suit_letter(code) != letter:
            out.append("".join(run) + letter)
            run = []
        letter = _suit_letter(code)
        run.append(code[0] + ("!" if win else ""))
    out.append("".join(run) + letter)
    return "".join(out)


def _recase(text: str, cases: list[bool]) -> str:
    return "".join(ch.upper() if up else ch.lower() for ch, up in zip(text, cases, strict=False))


@st.composite
def chunk_text(draw: st.DrawFn, tiles: list[tuple[str, bool]], marker: str = "") -> str:
    """One group typed in any of the accepted ways: tile by tile or compact, in any case.

    Winds and dragons share letters between ranks and suits (`W`, `w`, `d`, `s`), so a group holding
    them is recased as a whole (all small or all capitals) and compact honor runs keep their capital
    ranks: `EWEw` is read canonically as three winds, and `wwww` could be two west winds or three, so
    it is refused (docs/notation.md, Case): a group in one case that holds `www` (the west wind beside
    another W tile) keeps its capitals. Groups of numbered and bonus tiles take any mix of cases.
    """
    compact = draw(st.booleans())
    text = _write_chunk(tiles, compact)
    honors = any(code in HONORS for code, _ in tiles)
    if honors:
        if not compact and "www" not in text.lower().replace("!", ""):
            text = draw(st.sampled_from([text, text.lower(), text.upper()]))
    elif draw(st.booleans()):
        text = _recase(text, draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text))))
    return text + marker


@st.composite
def retyped(draw: st.DrawFn, hand: GenHand) -> str:
    """The same hand typed another way: concealed tiles shuffled and regrouped, groups reordered,
    compact runs, any case; sets on the table keep their tiles (in any order) and marker."""
    words: list[str] = []
    pool: list[tuple[str, bool]] = []
    for g, group in enumerate(hand.groups):
        tiles = [(code, hand.win == (g, i)) for i, code in enumerate(group.tiles)]
        if group.concealed:
            pool.extend(tiles)
        else:
            words.append(draw(chunk_text(draw(st.permutations(tiles)), group.marker)))
    pool = list(draw(st.permutations(pool)))
    while pool:
        size = draw(st.integers(1, max(1, min(len(pool), 6))))
        chunk, pool = pool[:size], pool[size:]
        if len(chunk) == 4 and len({code for code, _ in chunk}) == 1:
            # four alike untagged would be an undeclared kong (docs/notation.md#markers)
            pool = chunk[3:] + pool
            chunk = chunk[:3]
        words.append(draw(chunk_text(chunk)))
    bonus = list(draw(st.permutations(hand.bonus)))
    while bonus:
        size = draw(st.integers(1, len(bonus)))
        words.append(draw(chunk_text([(code, False) for code in bonus[:size]])))
        bonus = bonus[size:]
    words = list(draw(st.permutations(words)))
    spaces = draw(st.lists(st.sampled_from([" ", "  ", "\t"]), min_size=len(words), max_size=len(words)))
    return "".join(word + space for word, space in zip(words, spaces, strict=True)).strip()


# --- situations ---------------------------------------------------------------------------------

seats = st.sampled_from(SEATS)
win_bys = st.sampled_from(["wall", "loose", "discard"])


def ninth_wins(winner: bool) -> st.SearchStrategy[bool]:
    """Kajongg's "East won nine times in a row" (`--east-ninth-win`), a winner's fact: stated now and
    then (one hand in four), so the other facts still meet hands it does not make a limit hand; stated
    for any seat, East's or another's (refused: the setting `impossible`, ninth_win_not_easts)."""
    return st.sampled_from([False, False, False, True]) if winner else st.just(False)


# --- special shapes ------------------------------------------------------------------------------

HEADS = tuple(t for t in PLAYING if t in HONORS or t[0] in "19")
SHAPE_NAMES = ("seven_pairs", "knitted_pairs", "knitted_triples", "single_heads", "nine_gates")


@st.composite
def special_hands(draw: st.DrawFn) -> GenHand:
    """A concealed winning hand of one of the special shapes the shipped rulesets name (seven pairs,
    knitted pairs or triples, single heads, the nine gates), each tile typed apart, `!` on any tile; a
    ruleset without that shape refuses it unless the tiles also make four sets and a pair."""
    shape = draw(st.sampled_from(SHAPE_NAMES))
    suits = draw(st.permutations("dbc"))
    tiles: list[str]
    if shape == "seven_pairs":
        tiles = [
            t
            for t in draw(st.lists(st.sampled_from(PLAYING), min_size=7, max_size=7, unique=True))
            for _ in "12"
        ]
    elif shape == "knitted_pairs":
        ranks = draw(st.lists(st.integers(1, 9), min_size=7, max_size=7, unique=True))
        tiles = [f"{r}{s}" for r in ranks for s in suits[:2]]
    elif shape == "knitted_triples":
        ranks = draw(st.lists(st.integers(1, 9), min_size=4, max_size=4, unique=True))
        pair = draw(st.integers(1, 9))
        tiles = [f"{r}{s}" for r in ranks for s in suits] + [f"{pair}{s}" for s in suits[:2]]
    elif shape == "single_heads":
        tiles = [*HEADS, draw(st.sampled_from(HEADS))]
    else:
        ranks = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, draw(st.integers(1, 9))]
        tiles = [f"{r}{suits[0]}" for r in ranks]
    tiles = list(draw(st.permutations(tiles)))
    groups = tuple(GenGroup("loose", (t,)) for t in tiles)
    win = (draw(st.integers(0, len(groups) - 1)), 0)
    extras = tuple(draw(st.lists(st.sampled_from(BONUS), unique=True, max_size=2)))
    return GenHand(groups, win, extras)
