"""Random winning hands for bench.py, seeded so that every run and every engine reads the same ones.

`random_line` makes any hand pungchow scores (exposed and concealed groups, kongs, bonus tiles, options),
written as a batch line (docs/notation.md). `random_closed_hand` makes the hands a riichi calculator can
score too, which has no flowers or seasons: four concealed chows or pungs and a pair, no kongs, no bonus
tiles; `pungchow_line` writes one in pungchow's notation and riichi_peer.py in the peer's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

SUITS = "dbc"
WINDS = ["Ew", "Sw", "Ww", "Nw"]
DRAGONS = ["Rd", "Gd", "Wd"]
HONORS = WINDS + DRAGONS
NUMBERED = [f"{rank}{suit}" for suit in SUITS for rank in range(1, 10)]
BONUS = [f"{n}f" for n in range(1, 5)] + [f"{n}s" for n in range(1, 5)]
SEATS = ["east", "south", "west", "north"]


def random_line(rng: random.Random) -> str:
    """One random valid winning hand with random options, as a batch line (seeded: repeatable)."""
    while True:
        line = _try_line(rng)
        if line is not None:
            return line


def _try_line(rng: random.Random) -> str | None:
    used: dict[str, int] = {}

    def take(tiles: list[str]) -> bool:
        for t in tiles:
            if used.get(t, 0) + tiles.count(t) > 4:
                return False
        for t in tiles:
            used[t] = used.get(t, 0) + 1
        return True

    groups: list[tuple[list[str], str]] = []  # (tiles, marker)
    for _ in range(4):
        for _attempt in range(20):
            kind = rng.choices(["chow", "pung", "kong"], weights=[45, 40, 15])[0]
            if kind == "chow":
                suit = rng.choice(SUITS)
                start = rng.randint(1, 7)
                tiles = [f"{start + i}{suit}" for i in range(3)]
                marker = "*" if rng.random() < 0.3 else ""
            else:
                tile = rng.choice(NUMBERED + HONORS * 2)  # honors often, as in real play
                tiles = [tile] * (3 if kind == "pung" else 4)
                # A pung lies exposed now and then; a kong is exposed or declared face down.
                marker = ("*" if rng.random() < 0.35 else "") if kind == "pung" else rng.choice(["*", "#"])
            if take(tiles):
                groups.append((tiles, marker))
                break
        else:
            return None
    for _attempt in range(20):
        tile = rng.choice(NUMBERED + HONORS)
        if take([tile, tile]):
            groups.append(([tile, tile], ""))
            break
    else:
        return None
    # The winning tile: anywhere in the hand except a kong declared face down.
    places = [
        (g, i)
        for g, (tiles, marker) in enumerate(groups)
        if marker != "#" and not (marker == "*" and len(tiles) == 4 and rng.random() < 0.8)
        for i in range(len(tiles))
    ]
    win_group, win_index = rng.choice(places)
    groups_order = list(range(len(groups)))
    rng.shuffle(groups_order)
    words = []
    for g in groups_order:
        tiles, marker = groups[g]
        text = "".join(t + ("!" if g == win_group and i == win_index else "") for i, t in enumerate(tiles))
        words.append(text + marker)
    bonus = rng.sample(BONUS, rng.choices([0, 1, 2, 3], weights=[50, 25, 15, 10])[0])
    if bonus:
        words.append("".join(bonus))
    claimed = groups[win_group][1] == "*"
    has_kong = any(len(t) == 4 for t, _ in groups)
    options = []
    if not claimed:
        how = rng.choices(["discard", "wall", "loose"], weights=[60, 30, 10 if has_kong else 0])[0]
        if how != "discard":
            options.append(f"--win-by {how}")
    options.append(f"-s {rng.choice(SEATS)}")
    options.append(f"-w {rng.choice(SEATS)}")
    if rng.random() < 0.2:
        options.append("-r pung-chow-limit")
    return f'"{" ".join(words)}" {" ".join(options)}'


def write_hands(path: Path, count: int, seed: int) -> None:
    """Write `count` random hands, one per line."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for _ in range(count):
            out.write(random_line(rng) + "\n")


@dataclass(frozen=True, slots=True)
class ClosedHand:
    """A closed winning hand: four chows or pungs then the pair, the winning tile's place, seat and round."""

    groups: tuple[tuple[str, ...], ...]
    win_group: int
    win_index: int
    seat: str
    round: str
    drawn: bool  # won from the wall (the peer's tsumo), else on a discard (ron)


def random_closed_hand(rng: random.Random) -> ClosedHand:
    """One random closed winning hand (seeded: repeatable)."""
    while True:
        hand = _try_closed_hand(rng)
        if hand is not None:
            return hand


def _try_closed_hand(rng: random.Random) -> ClosedHand | None:
    used: dict[str, int] = {}

    def take(tiles: tuple[str, ...]) -> bool:
        if any(used.get(t, 0) + tiles.count(t) > 4 for t in tiles):
            return False
        for t in tiles:
            used[t] = used.get(t, 0) + 1
        return True

    groups: list[tuple[str, ...]] = []
    for _ in range(4):
        for _attempt in range(20):
            if rng.random() < 0.55:
                suit = rng.choice(SUITS)
                start = rng.randint(1, 7)
                tiles = tuple(f"{start + i}{suit}" for i in range(3))
            else:
                tiles = (rng.choice(NUMBERED + HONORS * 2),) * 3
            if take(tiles):
                groups.append(tiles)
                break
        else:
            return None
    for _attempt in range(20):
        pair = (rng.choice(NUMBERED + HONORS),) * 2
        if take(pair):
            groups.append(pair)
            break
    else:
        return None
    win_group = rng.randrange(len(groups))
    return ClosedHand(
        groups=tuple(groups),
        win_group=win_group,
        win_index=rng.randrange(len(groups[win_group])),
        seat=rng.choice(SEATS),
        round=rng.choice(SEATS),
        drawn=rng.random() < 0.4,
    )


def pungchow_line(hand: ClosedHand) -> str:
    """The hand as a pungchow batch line: concealed groups, `!` after the winning tile, options."""
    words = [
        "".join(t + ("!" if (g, i) == (hand.win_group, hand.win_index) else "") for i, t in enumerate(tiles))
        for g, tiles in enumerate(hand.groups)
    ]
    options = ["--win-by wall"] if hand.drawn else []
    options += [f"-s {hand.seat}", f"-w {hand.round}"]
    return f'"{" ".join(words)}" {" ".join(options)}'
