"""The riichi comparison for bench.py: the same riichi hands for `pungchow batch` and for the package.

`draw_hands` draws the hands once, with a fixed seed, from tests/riichi_hands.py (the differential
test's strategy: closed and open hands, kongs, seven pairs, yakuman, riichi, dora, ...), keeping the
ones the package scores (a hand without a yaku is refused by both, and is no scoring work).
`batch_line` writes one as a batch line with its facts as options (docs/batch.md, docs/riichi.md);
`prepare` converts them with the oracle's conversion (tests/riichi_oracle.py) before the clock
starts, and `time_riichi_peer` times `HandCalculator().estimate_hand_value` on them in this process.
"""

from __future__ import annotations

import contextlib
import shlex
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/: the strategy and the oracle

from riichi_hands import RiichiCase, cli_options, riichi_cases  # noqa: E402
from riichi_oracle import Refusal, _indicators, score, to_package  # noqa: E402

Call = tuple[list[int], int, list[Any], list[int], list[int], Any]  # tiles, win, melds, dora, ura, config


def draw_hands(count: int, seed: int) -> list[RiichiCase]:
    """`count` riichi winning hands with a yaku, drawn from riichi_cases() with the seed (repeatable)."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as fix_seed

    drawn: list[RiichiCase] = []

    class Enough(Exception):
        """Stops the drawing once there are enough hands."""

    # About one hand in ten has no yaku (mostly the open "plain" shape): draw a fifth more, stop early.
    @fix_seed(seed)
    @settings(
        max_examples=count * 6 // 5 + 100,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
    )
    @given(riichi_cases())
    def draw(case: RiichiCase) -> None:
        if len(drawn) >= count:
            raise Enough
        if not isinstance(score(case.hand, case.facts), Refusal):
            drawn.append(case)

    with contextlib.suppress(Enough):
        draw()
    if len(drawn) < count:
        raise SystemExit(f"drew only {len(drawn)} riichi hands with a yaku of the {count} asked")
    return drawn


def batch_line(case: RiichiCase) -> str:
    """The hand and its facts as a pungchow batch line (the options of docs/riichi.md, "The facts")."""
    options = cli_options(case.facts)
    return " ".join([shlex.quote(case.hand), *options])


def write_riichi_hands(path: Path, cases: list[RiichiCase]) -> None:
    """Write the hands as batch lines, one per line."""
    path.write_text("".join(batch_line(case) + "\n" for case in cases), encoding="utf-8")


def prepare(cases: list[RiichiCase]) -> list[Call]:
    """Each hand as the package's calls, converted as the oracle converts it (before any timing).

    A hand with a `!` is one call; an original hand (tenhou, chiihou) has no winning tile, and the
    oracle, as a player would, tries each kind of concealed tile as the last one drawn: one call each.
    """
    calls: list[Call] = []
    for case in cases:
        made = to_package(case.hand, case.facts)
        assert not isinstance(made, Refusal), case
        dora = _indicators(case.facts.dora, made.tiles)
        ura = _indicators(case.facts.ura, made.tiles + tuple(dora))
        config = case.facts.config()
        for win in made.win_tiles:
            calls.append((list(made.tiles), win, list(made.melds), dora, ura, config))
    return calls


def time_riichi_peer(cases: list[RiichiCase]) -> dict[str, float]:
    """The package's hands/s and CPU us per hand on the hands, in this process (converted first)."""
    from mahjong.hand_calculating.hand import HandCalculator

    calls = prepare(cases)
    calculator = HandCalculator()
    refused = 0
    cpu = time.process_time()
    start = time.perf_counter()
    for tiles, win, melds, dora, ura, config in calls:
        result = calculator.estimate_hand_value(
            tiles, win, melds=melds, dora_indicators=dora, ura_dora_indicators=ura, config=config
        )
        refused += result.error is not None
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    if refused > len(calls) - len(cases):  # an original hand may be refused on some of its tiles
        raise SystemExit(f"the package refused {refused} of {len(calls)} riichi calls")
    return {"riichi_peer_rate": len(cases) / seconds, "riichi_peer_cpu_us": cpu / len(cases) * 1e6}
