"""Benchmarks, run by hand (pytest does not collect this file): batch throughput and start-up time.

    python tests/benchmarks/bench.py                 # 100,000 hands, seed 1923
    python tests/benchmarks/bench.py --hands 20000 --seed 7 --profile

Prints hands per second through `pungchow batch --format jsonl` (with the default workers and with
`--workers 1`), and the start-up of `pungchow score ... --json` against `python -c "import typer,
rich, yaml"`. Targets are in the README, Speed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
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


def pungchow() -> list[str]:
    """The console script if installed, else `python -m pungchow_calc`."""
    found = shutil.which("pungchow")
    return [found] if found else [sys.executable, "-m", "pungchow_calc"]


def engine() -> str:
    """Whether the installed engine is the mypyc-compiled one (setup.py) or plain Python."""
    probe = "import pungchow_calc.engine.scoring as s; print(s.__file__)"
    command = pungchow()
    python = command[0] if len(command) > 1 else _script_python(command[0])
    found = subprocess.run([python, "-c", probe], capture_output=True, text=True, cwd=tempfile.gettempdir())
    path = found.stdout.strip()
    return f"plain Python ({path})" if path.endswith(".py") else f"compiled with mypyc ({path})"


def _script_python(script: str) -> str:
    """The interpreter named on a console script's #! line."""
    with open(script, encoding="utf-8", errors="replace") as handle:
        first = handle.readline()
    return first[2:].strip() if first.startswith("#!") else sys.executable


def time_batch(path: Path, count: int, extra: list[str]) -> tuple[float, int, int]:
    """Seconds for `batch --format jsonl` over the file, with the records and errors it printed.

    Also prints the CPU seconds the batch and its workers used: on a shared machine the wall clock
    shows what other work left over, the CPU time what scoring itself costs.
    """
    import resource

    with tempfile.TemporaryFile("w+") as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run([*pungchow(), "batch", str(path), "--format", "jsonl", *extra], stdout=out)
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print(
            f"  CPU {cpu:.2f} s in all: {cpu / count * 1e6:.0f} us per hand, "
            f"{count / cpu:,.0f} hands per CPU-second"
        )
        out.seek(0)
        records = errors = 0
        for line in out:
            records += 1
            if '"error"' in line[:40]:
                errors += 1
                if errors <= 3:
                    print("  error record:", line.strip()[:200])
    if proc.returncode not in (0, 1):
        raise SystemExit(f"batch failed with exit code {proc.returncode}")
    assert records == count, f"{records} records for {count} hands"
    return seconds, records, errors


def time_command(argv: list[str], runs: int) -> list[float]:
    """Wall-clock seconds of each of `runs` runs (after one warm-up run)."""
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return times


def profile(path: Path, limit: int) -> None:
    """cProfile the in-process scoring of the first `limit` hands."""
    import cProfile
    import pstats
    from itertools import islice

    from pungchow_calc.batch import Job, Source, run

    source = Source(str(path))
    entries = list(islice(source.entries(), limit))
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in run(iter(entries), Job(encode="json"), workers=1):
        pass
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    """Generate the hands, run the timings and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1923)
    parser.add_argument("--runs", type=int, default=15, help="start-up runs (median reported)")
    parser.add_argument("--profile", action="store_true", help="cProfile 5,000 hands in-process")
    parser.add_argument("--skip-single", action="store_true", help="skip the --workers 1 run")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"engine: {engine()}; command: {' '.join(pungchow())}")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        write_hands(path, args.hands, args.seed)
        print(f"{args.hands} random winning hands (seed {args.seed}), {path.stat().st_size // 1024} KiB")
        if args.profile:
            profile(path, 5000)
        figures = {}
        seconds, records, errors = time_batch(path, args.hands, [])
        figures["batch"] = args.hands / seconds
        print(f"batch --format jsonl (default workers): {seconds:.2f} s, {figures['batch']:,.0f} hands/s")
        print(f"  {records} records, {errors} errors")
        if not args.skip_single:
            seconds, _, _ = time_batch(path, args.hands, ["--workers", "1"])
            figures["batch_single"] = args.hands / seconds
            print(
                f"batch --format jsonl --workers 1: {seconds:.2f} s, {figures['batch_single']:,.0f} hands/s"
            )

    # An installed package has its bytecode compiled at install time; this checkout runs with
    # PYTHONDONTWRITEBYTECODE set, so compile it once, as pip would, before timing start-up.
    package = Path(__file__).resolve().parents[2] / "pungchow_calc"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)
    hand = "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw"
    score = time_command([*pungchow(), "score", hand, "-s", "n", "--json"], args.runs)
    bare = time_command([sys.executable, "-c", "import typer, rich, yaml"], args.runs)
    ratio = statistics.median(score) / statistics.median(bare)
    print(
        f"start-up: score --json median {statistics.median(score) * 1000:.0f} ms "
        f"(min {min(score) * 1000:.0f}); import typer, rich, yaml median "
        f"{statistics.median(bare) * 1000:.0f} ms (min {min(bare) * 1000:.0f}); ratio {ratio:.2f}x"
    )
    figures["startup_ratio"] = ratio
    print(json.dumps({k: round(v, 2) for k, v in figures.items()}))


if __name__ == "__main__":
    main()
