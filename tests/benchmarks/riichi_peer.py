"""The peer for bench.py: the riichi `mahjong` package (the `bench` extra) timed on hands.py's closed hands.

`riichi_tiles` writes a closed hand as the peer reads it (a 136-tile array and the winning tile);
`time_peer` scores them all with `HandCalculator().estimate_hand_value` in this process.
"""

from __future__ import annotations

import time
from typing import Any

from hands import ClosedHand

# The peer's 34 tile kinds: characters (man) 0-8, dots (pin) 9-17, bamboo (sou) 18-26, then the winds
# east to north and the dragons white (haku), green (hatsu), red (chun). A 136 index is kind * 4 + copy.
SUIT_BASE = {"c": 0, "d": 9, "b": 18}
HONOR_KIND = {"Ew": 27, "Sw": 28, "Ww": 29, "Nw": 30, "Wd": 31, "Gd": 32, "Rd": 33}
SEAT_WIND = {"east": 27, "south": 28, "west": 29, "north": 30}


def _kind(tile: str) -> int:
    return HONOR_KIND[tile] if tile in HONOR_KIND else SUIT_BASE[tile[1]] + int(tile[0]) - 1


def riichi_tiles(hand: ClosedHand) -> tuple[list[int], int]:
    """The hand as the peer's 136-tile array (each copy of a kind its own index) and the winning tile."""
    copies: dict[int, int] = {}
    tiles: list[int] = []
    win_tile = -1
    for g, group in enumerate(hand.groups):
        for i, tile in enumerate(group):
            kind = _kind(tile)
            index = kind * 4 + copies.get(kind, 0)
            copies[kind] = copies.get(kind, 0) + 1
            tiles.append(index)
            if (g, i) == (hand.win_group, hand.win_index):
                win_tile = index
    return tiles, win_tile


def time_peer(hands: list[ClosedHand]) -> dict[str, Any]:
    """Time the peer's `HandCalculator().estimate_hand_value` in this process over the hands.

    Every hand is scored as a riichi declared: riichi gives no points for a closed hand won on a
    discard without a scoring pattern (it answers "no yaku"), and this way every hand is valued in full.
    The tile arrays and configs are made before the clock starts, as pungchow's batch file is.
    """
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig

    calls = []
    for hand in hands:
        tiles, win_tile = riichi_tiles(hand)
        config = HandConfig(
            is_tsumo=hand.drawn,
            is_riichi=True,
            player_wind=SEAT_WIND[hand.seat],
            round_wind=SEAT_WIND[hand.round],
        )
        calls.append((tiles, win_tile, config))
    calculator = HandCalculator()
    errors: dict[str, int] = {}
    cpu = time.process_time()
    start = time.perf_counter()
    for tiles, win_tile, config in calls:
        result = calculator.estimate_hand_value(tiles, win_tile, config=config)
        if result.error:
            errors[result.error] = errors.get(result.error, 0) + 1
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {"seconds": seconds, "cpu": cpu, "errors": errors}


def peer_version() -> str | None:
    """The installed riichi `mahjong` package's version, or None when it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mahjong")
    except PackageNotFoundError:
        return None
