"""Benchmark, run by hand (pytest does not collect this file): `pungchow evening` on a long evening.

    python tests/benchmarks/evening_bench.py              # 500 games, 7 runs each
    python tests/benchmarks/evening_bench.py --games 2000 --runs 3

Builds an evening of N games (Part II, four players, hands in notation and plain scores), then times,
as a user meets them (a fresh process each time, start-up included): `evening status FILE`, `evening
status FILE --json`, and recording one more game with `evening hand`; and, in one process, the
recording alone (read, replay, settle, append, fsync). Targets: status < 0.3 s; one game < 0.2 s.
Run it with bytecode caching on (unset PYTHONDONTWRITEBYTECODE), as an installed pungchow has.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
WINS = (
    "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c",
    "EwEwEw* 1b2b3b 4c5c6c 7d8d9d Rd!Rd",
    "2c3c4c 5c6c7c* 8d8d8d GdGdGd* 9b!9b",
    "RdRdRd GdGdGd* WdWdWd 2b3b4b 9c!9c",
)
LOSER = "2d2d2d 6b7b8b* 9d9d 3c4c 1c Nw Sw"


def game(i: int) -> dict[str, object]:
    """The i-th game of the evening: a win (every fifth a draw), one loser in notation."""
    if i % 5 == 4:
        return {"event": "draw"}
    winner = PLAYERS[(i * 7) % 4]
    others = [p for p in PLAYERS if p != winner]
    hands = {winner: WINS[i % 4], others[0]: LOSER, others[1]: str(i % 40), others[2]: str((i * 3) % 50)}
    return {"event": "hand", "winner": winner, "hands": hands, **({"win_by": "wall"} if i % 3 == 0 else {})}


def timed(args: list[str], runs: int) -> str:
    """Median wall time and CPU time (user + system) of a fresh `python -m pungchow_calc ARGS`.

    On a busy machine the wall time waits for a CPU; the CPU time is what the command itself costs.
    """
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pungchow_calc", *args], check=True, capture_output=True)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return f"{statistics.median(walls):.3f} s wall, {statistics.median(cpus):.3f} s CPU"


def timed_python(runs: int) -> str:
    """The same measure for a bare interpreter: how busy the machine is."""
    walls = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        walls.append(time.perf_counter() - t)
    return f"{statistics.median(walls):.3f} s wall"


def main() -> None:
    """Build the evening and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    from pungchow_calc.evening import record
    from pungchow_calc.ruleset_files import load

    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "evening.jsonl")
        record.new(path, PLAYERS, None, load("pung-chow-limit"))
        t = time.perf_counter()
        for i in range(args.games):
            record.add(path, game(i))
        built = time.perf_counter() - t
        size = os.path.getsize(path)
        print(f"evening of {args.games} games ({size / 1024:.0f} KiB) built in {built:.1f} s")
        python = timed_python(args.runs)
        baseline = timed(["--help"], args.runs)
        status = timed(["evening", "status", path], args.runs)
        status_json = timed(["evening", "status", path, "--json"], args.runs)
        hand = ["evening", "hand", path, "--winner", "Bob", WINS[0], "--other", f"Ann={LOSER}"]
        hand += ["--other", "Cy=4", "--other", "Di=8"]
        recorded = timed(hand, args.runs)
        inside = []
        for i in range(args.runs):
            t = time.perf_counter()
            record.add(path, game(i))
            inside.append(time.perf_counter() - t)
        print(f"python -c pass                            {python}")
        print(f"pungchow --help (typer start-up)          {baseline}")
        print(f"evening status FILE                       {status}   (target < 0.3 s)")
        print(f"evening status FILE --json                {status_json}")
        print(f"evening hand FILE ... (one game, command) {recorded}")
        print(
            f"recording one game in process             {statistics.median(inside):.3f} s   (target < 0.2 s)"
        )


if __name__ == "__main__":
    main()
