"""Benchmarks, run by hand (pytest does not collect this file): batch throughput and start-up time.

    python tests/benchmarks/bench.py                 # 100,000 hands, seed 1923, the installed engine
    python tests/benchmarks/bench.py --hands 20000 --seed 7 --profile
    python tests/benchmarks/bench.py --hands 20000 \
        --pure /tmp/venv-pure/bin/python --compiled /tmp/venv-compiled/bin/python

Each engine named (`--pure`, `--compiled`: the interpreter of a venv holding that install; neither: the
one installed where this script runs) is timed on the same hands: hands per second through
`pungchow batch --format jsonl` (with the default workers and with `--workers 1`), and the start-up of
`pungchow score ... --json` against `python -c "import typer, rich, yaml"` in that venv. Targets (on
the 2-core build machine): >= 10,000 hands/s, start-up <= 1.3x.

With the riichi `mahjong` package installed (`pip install '.[bench]'`), the same closed winning hands
(riichi_peer.py) are also scored by its `HandCalculator().estimate_hand_value` in this process, and
each engine's batch hands/s on them (whole process, default workers) is divided by the peer's; so are
the hands per CPU-second, which the load of a shared machine moves much less.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from hands import ClosedHand, pungchow_line, random_closed_hand, write_hands
from riichi_peer import peer_version, time_peer

# Where the subprocesses run: never the checkout, whose pungchow_calc/ would shadow the installed one.
NEUTRAL = tempfile.gettempdir()
PROBE = "import pungchow_calc as p, pungchow_calc.engine.scoring as s; print(s.__file__); print(p.__file__)"


@dataclass(frozen=True, slots=True)
class Engine:
    """One installed pungchow to time: its interpreter, its command and where its engine lives."""

    kind: str  # "pure" or "compiled", as its scoring module shows
    python: str
    command: tuple[str, ...]
    scoring: str  # the file pungchow_calc.engine.scoring was imported from
    package: str  # the installed pungchow_calc/ folder


def find_engine(python: str | None, expected: str | None) -> Engine:
    """The pungchow installed for `python` (None: the one this script finds), checked to be `expected`."""
    if python is None:
        found = shutil.which("pungchow")
        command = (found,) if found else (sys.executable, "-m", "pungchow_calc")
        python = _script_python(found) if found else sys.executable
    else:
        # A venv's console script sits beside its interpreter; do not resolve the venv's symlink.
        script = Path(python).parent / "pungchow"
        command = (str(script),) if script.exists() else (python, "-m", "pungchow_calc")
    probe = subprocess.run([python, "-c", PROBE], capture_output=True, text=True, cwd=NEUTRAL)
    if probe.returncode != 0:
        raise SystemExit(f"{python}: cannot import pungchow_calc ({probe.stderr.strip().splitlines()[-1:]})")
    scoring, init = probe.stdout.split()
    kind = "pure" if scoring.endswith(".py") else "compiled"
    if expected is not None and kind != expected:
        raise SystemExit(f"--{expected} {python}: that install's engine is {kind} ({scoring})")
    return Engine(kind, python, command, scoring, str(Path(init).parent))


def _script_python(script: str) -> str:
    """The interpreter named on a console script's #! line."""
    with open(script, encoding="utf-8", errors="replace") as handle:
        first = handle.readline()
    return first[2:].strip() if first.startswith("#!") else sys.executable


def time_batch(engine: Engine, path: Path, count: int, extra: list[str]) -> dict[str, float]:
    """Hands/s through `batch --format jsonl` over the file, with the CPU time it and its workers used.

    On a shared machine the wall clock shows what other work left over, the CPU time what scoring
    itself costs. Every hand must come back as a record, and none as an error.
    """
    import resource

    with tempfile.TemporaryFile("w+") as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        argv = [*engine.command, "batch", str(path), "--format", "jsonl", *extra]
        proc = subprocess.run(argv, stdout=out, cwd=NEUTRAL)
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
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
    print(
        f"  {seconds:.2f} s, {count / seconds:,.0f} hands/s; CPU {cpu:.2f} s in all: "
        f"{cpu / count * 1e6:.0f} us per hand, {count / cpu:,.0f} hands per CPU-second; {errors} errors"
    )
    return {"rate": count / seconds, "cpu_us": cpu / count * 1e6}


def time_command(argv: list[str], runs: int) -> list[float]:
    """Wall-clock seconds of each of `runs` runs (after one warm-up run)."""
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True, cwd=NEUTRAL)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=True, cwd=NEUTRAL)
        times.append(time.perf_counter() - start)
    return times


def startup_ratio(engine: Engine, runs: int) -> float:
    """Median start-up of `score --json` over that of importing typer, rich and yaml, in its venv."""
    # pip compiles an installed package's bytecode; a checkout (this one runs with
    # PYTHONDONTWRITEBYTECODE set) has none, so compile it once, as pip would, before timing.
    subprocess.run([engine.python, "-m", "compileall", "-q", engine.package], check=True, cwd=NEUTRAL)
    hand = "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw"
    score = time_command([*engine.command, "score", hand, "-s", "n", "--json"], runs)
    bare = time_command([engine.python, "-c", "import typer, rich, yaml"], runs)
    ratio = statistics.median(score) / statistics.median(bare)
    print(
        f"start-up: score --json median {statistics.median(score) * 1000:.0f} ms "
        f"(min {min(score) * 1000:.0f}); import typer, rich, yaml median "
        f"{statistics.median(bare) * 1000:.0f} ms (min {min(bare) * 1000:.0f}); ratio {ratio:.2f}x"
    )
    return ratio


def profile(path: Path, limit: int) -> None:
    """cProfile the in-process scoring of the first `limit` hands (the pungchow this script imports)."""
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


def machine() -> str:
    """The machine and the moment, for the figures' record."""
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"{when}; {os.cpu_count()} CPUs, {platform.machine()}, {platform.system()} {platform.release()}; "
        f"load average before: {load}"
    )


def closed_hands(path: Path, count: int, seed: int) -> list[ClosedHand] | None:
    """Write `count` closed hands for pungchow and return them for the peer (None: peer not installed)."""
    version = peer_version()
    if version is None:
        print("riichi mahjong package not installed (pip install '.[bench]'): no peer figures")
        return None
    rng = random.Random(seed)
    hands = [random_closed_hand(rng) for _ in range(count)]
    path.write_text("".join(pungchow_line(hand) + "\n" for hand in hands), encoding="utf-8")
    print(
        f"peer: riichi mahjong {version}, HandCalculator().estimate_hand_value in this process "
        f"(Python {sys.version.split()[0]}), on {count} random closed winning hands (seed {seed})"
    )
    return hands


def time_peer_hands(hands: list[ClosedHand]) -> dict[str, float]:
    """The peer's hands/s and CPU per hand on the closed hands, scored in this process."""
    peer = time_peer(hands)
    count = len(hands)
    rate = count / peer["seconds"]
    print(
        f"  peer: {peer['seconds']:.2f} s, {rate:,.0f} hands/s; {peer['cpu'] / count * 1e6:.0f} us CPU per "
        f"hand; errors: {peer['errors'] or 'none'}"
    )
    if peer["errors"]:
        raise SystemExit("the peer refused some hands: they are not the same winning hands")
    return {"peer_rate": rate, "peer_cpu_us": peer["cpu"] / count * 1e6}


def time_engine(
    engine: Engine, args: argparse.Namespace, mixed: Path, closed: Path, peer_hands: list[ClosedHand] | None
) -> dict[str, float]:
    """One engine's figures: batch on the mixed and on the closed hands, the peer ratio, start-up.

    The peer is timed again beside each engine, just before its closed-hands batch, so that each
    ratio compares two runs made under the same load on this shared machine.
    """
    print(f"\n== {engine.kind} engine: {engine.scoring}\n   command: {' '.join(engine.command)}")
    figures: dict[str, float] = {}
    print("batch --format jsonl (default workers):")
    batch = time_batch(engine, mixed, args.hands, [])
    figures["batch"], figures["batch_cpu_us"] = batch["rate"], batch["cpu_us"]
    if not args.skip_single:
        print("batch --format jsonl --workers 1:")
        single = time_batch(engine, mixed, args.hands, ["--workers", "1"])
        figures["batch_single"], figures["batch_single_cpu_us"] = single["rate"], single["cpu_us"]
    if peer_hands is not None:
        print(f"the {args.hands} closed hands (seed {args.seed}):")
        figures.update(time_peer_hands(peer_hands))
        print("  pungchow batch --format jsonl (default workers):")
        closed_figures = time_batch(engine, closed, args.hands, [])
        figures["closed_batch"] = closed_figures["rate"]
        figures["closed_cpu_us"] = closed_figures["cpu_us"]
        figures["peer_ratio"] = closed_figures["rate"] / figures["peer_rate"]
        # Hands per CPU-second, the batch's whole process and workers against the peer's scoring
        # loop: the wall-clock ratio swings with what else the machine runs, this one much less.
        figures["peer_cpu_ratio"] = figures["peer_cpu_us"] / closed_figures["cpu_us"]
        print(
            f"  ratio: pungchow batch {closed_figures['rate']:,.0f} hands/s / peer "
            f"{figures['peer_rate']:,.0f} hands/s = {figures['peer_ratio']:.2f}x; per CPU-second "
            f"{figures['peer_cpu_ratio']:.2f}x ({closed_figures['cpu_us']:.0f} us per hand against "
            f"{figures['peer_cpu_us']:.0f} us)"
        )
    figures["startup_ratio"] = startup_ratio(engine, args.runs)
    return figures


def main() -> None:
    """Generate the hands, run the timings for each engine and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1923)
    parser.add_argument("--runs", type=int, default=15, help="start-up runs (median reported)")
    parser.add_argument("--pure", metavar="PYTHON", help="interpreter of a venv with the plain install")
    parser.add_argument("--compiled", metavar="PYTHON", help="interpreter of a venv with the compiled one")
    parser.add_argument("--profile", action="store_true", help="cProfile 5,000 hands in-process")
    parser.add_argument("--skip-single", action="store_true", help="skip the --workers 1 run")
    parser.add_argument("--no-peer", action="store_true", help="skip the riichi mahjong comparison")
    args = parser.parse_args()
    if args.pure or args.compiled:
        engines = [
            find_engine(python, kind)
            for kind, python in [("pure", args.pure), ("compiled", args.compiled)]
            if python
        ]
    else:
        engines = [find_engine(None, None)]
    print(machine())
    print(f"engines: {', '.join(e.kind for e in engines)}; this script: Python {sys.version.split()[0]}")

    summary: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        mixed, closed = Path(tmp) / "hands.txt", Path(tmp) / "closed.txt"
        write_hands(mixed, args.hands, args.seed)
        print(f"{args.hands} random winning hands (seed {args.seed}), {mixed.stat().st_size // 1024} KiB")
        if args.profile:
            profile(mixed, 5000)
        peer_hands = None if args.no_peer else closed_hands(closed, args.hands, args.seed)
        for engine in engines:
            summary[engine.kind] = time_engine(engine, args, mixed, closed, peer_hands)
    print(
        json.dumps({name: {k: round(v, 2) for k, v in figures.items()} for name, figures in summary.items()})
    )


if __name__ == "__main__":
    main()
