"""Benchmarks, run by hand (pytest does not collect this file): batch throughput, the peer ratio, start-up.

    python tests/benchmarks/bench.py         # 5 rounds of 20,000 hands, seed 1923, the installed engine
    python tests/benchmarks/bench.py --rounds 3 --hands 10000 --seed 7 --profile
    python tests/benchmarks/bench.py --pure /tmp/pure/bin/python --compiled /tmp/comp/bin/python
    python tests/benchmarks/bench.py --hands 100000 --rounds 1   # one long throughput run
    python tests/benchmarks/bench.py --riichi-only --hands 10000 --rounds 3   # the riichi hands alone

Each engine named (`--pure`, `--compiled`: the interpreter of a venv holding that install; neither: the
one installed where this script runs) is timed on the same hands. The whole comparison is made
`--rounds` times (default 5), interleaved, so that the load of a shared machine, which moves from
minute to minute, falls alike on the figures that are divided by one another. Each round:

1. the riichi `mahjong` peer (`pip install '.[bench]'`; riichi_peer.py) scores the closed winning
   hands with `HandCalculator().estimate_hand_value` in this process;
2. each engine's `pungchow batch --format jsonl` (whole process, default workers) scores the same
   closed hands;
3. each engine's batch over the mixed hands (hands.py: kongs, bonus tiles, options), default workers;
4. each engine's start-up: `pungchow score HAND --json` and `python -c "import typer, rich, yaml"`
   in its venv, `--runs` times each, the two commands alternating one run at a time;
5. with `--riichi` (or `--riichi-only`, which leaves out steps 1-4 and the `--workers 1` run): the
   package's `HandCalculator().estimate_hand_value` on `--hands` riichi hands in this process, then
   each engine's `pungchow batch --format jsonl` (whole process, default workers) on the same hands
   written as batch lines with `-r riichi-ema-2016` and their facts (riichi_work.py: drawn once, with
   the seed, from tests/riichi_hands.py; the oracle's conversion of each hand made before timing).

The ratios are taken within each round (batch hands/s over the peer's hands/s of the same round, and
per CPU-second: the peer's CPU per hand over the batch's, whose CPU counts its whole process and
workers; start-up: the round's median `score --json` over its median bare import) and the report
gives each figure's median and range over the rounds, the CPU microseconds per hand beside each rate.
After the rounds, each engine's batch over the mixed hands with `--workers 1` is timed once (unless
`--skip-single`): it is divided by nothing, and leaving it out of the rounds keeps the default run
short: with both engines, 5 minutes (3.6 CPU-minutes) on the 2-core build machine at load average 5
on 2026-11-23, less on a quiet one. The last line is JSON: per engine, the medians (and the ratios'
lowest and highest), and the `--workers 1` figures of that run.

Targets (2-core build machine), judged on the medians: the plain engine's batch >= 1.0x the peer's
hands/s, the compiled engine's >= 1.5x; >= 1.0x the peer's hands per CPU-second on the closed hands
and on the riichi hands (issue 21); `score --json` start-up <= 1.3x the bare import.

The batch figures include the batch's own start-up (a fixed cost of a few tenths of a second); with
the default 20,000 hands per round it weighs a few percent, so the hands/s read a little lower than
over 100,000 hands (`--hands 100000 --rounds 1` makes the one long run; expect several minutes).
Without the peer installed the script says so and times pungchow alone.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from figures import Spread, over_rounds, round_ratios, targets
from hands import ClosedHand, pungchow_line, random_closed_hand, write_hands
from riichi_peer import peer_version, time_peer
from riichi_work import RiichiCase, draw_hands, time_riichi_peer, write_riichi_hands

# Where the subprocesses run: a new empty folder, never the checkout (whose pungchow_calc/ would
# shadow the installed one) nor the shared temporary folder (where any stray `nt.py` or `typer.py`
# would shadow a module for `python -m` and `python -c`, which put their folder first on the path).
NEUTRAL = tempfile.mkdtemp(prefix="pungchow-bench-")
atexit.register(shutil.rmtree, NEUTRAL, ignore_errors=True)
PROBE = "import pungchow_calc as p, pungchow_calc.engine.scoring as s; print(s.__file__); print(p.__file__)"
HAND = "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw"  # the start-up hand: four kongs' worth of work
WARM_UP = 500  # hands each engine's batch and the peer score once before the first round


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


def profile(path: Path, limit: int) -> None:
    """cProfile the in-process scoring of the first `limit` hands (the pungchow this script imports)."""
    import cProfile
    import pstats
    from itertools import islice

    from pungchow_calc.batch.input import Source
    from pungchow_calc.batch.run import run
    from pungchow_calc.batch.scoring import Job

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


def children_cpu() -> float:
    """CPU seconds, user and system, of the finished subprocesses (and their workers) so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_batch(engine: Engine, path: Path, count: int, extra: list[str]) -> dict[str, float]:
    """Hands/s through `batch --format jsonl` over the file, and the CPU us per hand it and its workers used.

    On a shared machine the wall clock shows what other work left over, the CPU time what scoring
    itself costs. Every hand must come back as a record; an error record is reported, as every hand
    is a winning hand.
    """
    with tempfile.TemporaryFile("w+") as out:
        before = children_cpu()
        start = time.perf_counter()
        argv = [*engine.command, "batch", str(path), "--format", "jsonl", *extra]
        proc = subprocess.run(argv, stdout=out, cwd=NEUTRAL)
        seconds = time.perf_counter() - start
        cpu = children_cpu() - before
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
    if records != count:
        raise SystemExit(f"batch wrote {records} records for {count} hands")
    if errors:
        print(f"  batch {' '.join(extra)}: {errors} of the {count} hands came back as errors")
    return {"rate": count / seconds, "cpu_us": cpu / count * 1e6}


def time_peer_hands(hands: list[ClosedHand]) -> dict[str, float]:
    """The peer's hands/s and CPU us per hand on the closed hands, scored in this process."""
    peer = time_peer(hands)
    if peer["errors"]:
        raise SystemExit(f"the peer refused some hands ({peer['errors']}): not the same winning hands")
    return {"peer_rate": len(hands) / peer["seconds"], "peer_cpu_us": peer["cpu"] / len(hands) * 1e6}


def time_startup(engine: Engine, runs: int) -> dict[str, float]:
    """Median wall-clock and CPU ms of `score HAND --json` and of the bare import, runs alternating."""
    commands = {
        "startup": [*engine.command, "score", HAND, "-s", "n", "--json"],
        "bare": [engine.python, "-c", "import typer, rich, yaml"],
    }
    wall: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            before = children_cpu()
            start = time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, check=True, cwd=NEUTRAL)
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(children_cpu() - before)
    figures: dict[str, float] = {}
    for name in commands:
        figures[f"{name}_ms"] = statistics.median(wall[name]) * 1000
        figures[f"{name}_cpu_ms"] = statistics.median(cpu[name]) * 1000
    return figures


def warm_up(
    engines: list[Engine],
    warm: Path | None,
    peer_hands: list[ClosedHand] | None,
    riichi: tuple[Path, list[RiichiCase]] | None,
) -> None:
    """Compile each install's bytecode, and run every timed command once, before the first round."""
    for engine in engines:
        # pip compiles an installed package's bytecode; a checkout (this one runs with
        # PYTHONDONTWRITEBYTECODE set) has none, so compile it once, as pip would, before timing.
        subprocess.run([engine.python, "-m", "compileall", "-q", engine.package], check=True, cwd=NEUTRAL)
        if warm is not None:
            time_batch(engine, warm, WARM_UP, [])
            time_startup(engine, 1)
        if riichi is not None:
            time_batch(engine, riichi[0], len(riichi[1]), [])
    if peer_hands is not None:
        time_peer_hands(peer_hands[:WARM_UP])
    if riichi is not None:
        time_riichi_peer(riichi[1])


def run_round(
    engines: list[Engine],
    args: argparse.Namespace,
    mixed: Path,
    closed: Path,
    peer_hands: list[ClosedHand] | None,
    riichi: Path | None,
    riichi_hands: list[RiichiCase] | None,
) -> dict[str, dict[str, float]]:
    """One round: the peer, each engine on the same closed hands, then the mixed hands and start-up;
    then the package and each engine on the same riichi hands (with `--riichi`)."""
    measured: dict[str, dict[str, float]] = {engine.kind: {} for engine in engines}
    notes: list[str] = []
    if riichi is not None and riichi_hands is not None:
        package = time_riichi_peer(riichi_hands)
        notes.append(
            f"riichi package {package['riichi_peer_rate']:,.0f}/s {package['riichi_peer_cpu_us']:.0f}us"
        )
        for engine in engines:
            riichi_batch = time_batch(engine, riichi, len(riichi_hands), [])
            measured[engine.kind].update(package)
            measured[engine.kind]["riichi_batch"] = riichi_batch["rate"]
            measured[engine.kind]["riichi_cpu_us"] = riichi_batch["cpu_us"]
    if args.riichi_only:
        for engine in engines:
            figures = measured[engine.kind]
            figures.update(round_ratios(figures))
            notes.append(
                f"{engine.kind}: riichi {figures['riichi_batch']:,.0f}/s {figures['riichi_cpu_us']:.0f}us "
                f"= {figures['riichi_cpu_ratio']:.2f}x per CPU-second"
            )
        print("  " + "; ".join(notes))
        return measured
    if peer_hands is not None:
        peer = time_peer_hands(peer_hands)
        notes.append(f"peer {peer['peer_rate']:,.0f}/s {peer['peer_cpu_us']:.0f}us")
        for engine in engines:
            closed_batch = time_batch(engine, closed, args.hands, [])
            measured[engine.kind].update(peer)
            measured[engine.kind]["closed_batch"] = closed_batch["rate"]
            measured[engine.kind]["closed_cpu_us"] = closed_batch["cpu_us"]
    for engine in engines:
        batch = time_batch(engine, mixed, args.hands, [])
        measured[engine.kind]["batch"], measured[engine.kind]["batch_cpu_us"] = batch["rate"], batch["cpu_us"]
    for engine in engines:
        measured[engine.kind].update(time_startup(engine, args.runs))
    for engine in engines:
        figures = measured[engine.kind]
        figures.update(round_ratios(figures))
        text = f"{engine.kind}: batch {figures['batch']:,.0f}/s"
        if "peer_ratio" in figures:
            text += f", closed {figures['closed_batch']:,.0f}/s = {figures['peer_ratio']:.2f}x peer"
        if "riichi_cpu_ratio" in figures:
            text += f", riichi {figures['riichi_cpu_ratio']:.2f}x per CPU-second"
        notes.append(text + f", start-up {figures['startup_ratio']:.2f}x")
    print("  " + "; ".join(notes))
    return measured


# The report's lines: (figure, label, format of its median and range, the CPU figure printed beside).
RATES = [
    ("batch", "batch --format jsonl, mixed hands, default workers", "hands/s", "batch_cpu_us"),
    ("closed_batch", "batch --format jsonl, closed hands, default workers", "hands/s", "closed_cpu_us"),
    ("peer_rate", "peer estimate_hand_value, closed hands, in-process", "hands/s", "peer_cpu_us"),
    (
        "riichi_batch",
        "batch --format jsonl -r riichi-ema-2016, riichi hands, default workers",
        "hands/s",
        "riichi_cpu_us",
    ),
    (
        "riichi_peer_rate",
        "package estimate_hand_value, riichi hands, in-process",
        "hands/s",
        "riichi_peer_cpu_us",
    ),
]
RATIOS = [
    ("peer_ratio", "batch / peer, hands/s (same round)"),
    ("peer_cpu_ratio", "batch / peer, hands per CPU-second (same round)"),
    ("riichi_ratio", "riichi batch / package, hands/s (same round)"),
    ("riichi_cpu_ratio", "riichi batch / package, hands per CPU-second (same round)"),
    ("startup_ratio", "score --json start-up / bare import, wall clock"),
    ("startup_cpu_ratio", "score --json start-up / bare import, CPU time"),
]


def report(kind: str, spreads: dict[str, Spread], rounds: int, single: dict[str, float] | None) -> None:
    """Print one engine's figures over the rounds, then its targets with pass or fail."""
    print(f"\n== {kind} engine: median (lowest-highest) over {rounds} round{'s' * (rounds != 1)}")
    for figure, label, unit, cpu in RATES:
        if figure in spreads:
            print(
                f"  {label}: {spreads[figure].show(',.0f', ' ' + unit)}; "
                f"CPU {spreads[cpu].show('.0f', ' us')} per hand"
            )
    if single is not None:
        print(
            f"  batch --format jsonl --workers 1, mixed hands, one run after the rounds: "
            f"{single['rate']:,.0f} hands/s; CPU {single['cpu_us']:.0f} us per hand"
        )
    for key, unit in [("startup_ms", "wall"), ("startup_cpu_ms", "CPU")]:
        if key not in spreads:
            continue
        bare = key.replace("startup", "bare")
        print(
            f"  start-up ({unit}): score --json {spreads[key].show('.0f', ' ms')}; "
            f"import typer, rich, yaml {spreads[bare].show('.0f', ' ms')}"
        )
    for figure, label in RATIOS:
        if figure in spreads:
            print(f"  {label}: {spreads[figure].show('.2f', 'x')}")
    for target in targets(kind):
        if target.figure not in spreads:
            print(f"  target {target.label} {target.show()}: not measured")
            continue
        value = spreads[target.figure]
        verdict = "PASS" if target.met(value.median) else "FAIL"
        every = " in every round" if target.met(value.low) and target.met(value.high) else ""
        print(f"  target {target.label} {target.show()}: median {value.median:.2f}x {verdict}{every}")


def closed_hands(path: Path, count: int, seed: int) -> list[ClosedHand] | None:
    """Write `count` closed hands for pungchow and return them for the peer (None: peer not installed)."""
    version = peer_version()
    if version is None:
        print(
            "riichi mahjong package not installed (pip install '.[bench]'): pungchow alone, no peer figures"
        )
        return None
    rng = random.Random(seed)
    hands = [random_closed_hand(rng) for _ in range(count)]
    path.write_text("".join(pungchow_line(hand) + "\n" for hand in hands), encoding="utf-8")
    print(
        f"peer: riichi mahjong {version}, HandCalculator().estimate_hand_value in this process "
        f"(Python {sys.version.split()[0]}), on {count} random closed winning hands (seed {seed})"
    )
    return hands


def main() -> None:
    """Generate the hands, run the rounds and print each figure's median and range over them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per batch run (default 20,000)")
    parser.add_argument("--seed", type=int, default=1923)
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--runs", type=int, default=10, help="start-up runs of each command per round")
    parser.add_argument("--pure", metavar="PYTHON", help="interpreter of a venv with the plain install")
    parser.add_argument("--compiled", metavar="PYTHON", help="interpreter of a venv with the compiled one")
    parser.add_argument("--profile", action="store_true", help="cProfile 5,000 hands in-process")
    parser.add_argument("--skip-single", action="store_true", help="skip the one --workers 1 run")
    parser.add_argument("--no-peer", action="store_true", help="skip the riichi mahjong comparison")
    parser.add_argument("--riichi", action="store_true", help="also time riichi hands against the package")
    parser.add_argument("--riichi-only", action="store_true", help="time only the riichi hands")
    args = parser.parse_args()
    args.riichi = args.riichi or args.riichi_only
    if args.riichi and peer_version() is None:
        parser.error("--riichi needs the riichi mahjong package (pip install '.[bench]')")
    if args.rounds < 1 or args.hands < 1 or args.runs < 1:
        parser.error("--rounds, --hands and --runs must be at least 1")
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
    for engine in engines:
        print(f"  {engine.kind}: {engine.scoring}\n    command: {' '.join(engine.command)}")

    rounds: dict[str, list[dict[str, float]]] = {engine.kind: [] for engine in engines}
    with tempfile.TemporaryDirectory() as tmp:
        mixed, closed, warm = Path(tmp) / "hands.txt", Path(tmp) / "closed.txt", Path(tmp) / "warm.txt"
        riichi, warm_riichi = Path(tmp) / "riichi.txt", Path(tmp) / "warm-riichi.txt"
        peer_hands = riichi_hands = None
        if not args.riichi_only:
            write_hands(mixed, args.hands, args.seed)
            write_hands(warm, WARM_UP, args.seed + 1)
            print(f"{args.hands} random winning hands (seed {args.seed}), {mixed.stat().st_size // 1024} KiB")
            if args.profile:
                profile(mixed, 5000)
            peer_hands = None if args.no_peer else closed_hands(closed, args.hands, args.seed)
        if args.riichi:
            riichi_hands = draw_hands(args.hands, args.seed)
            write_riichi_hands(riichi, riichi_hands)
            write_riichi_hands(warm_riichi, riichi_hands[:WARM_UP])
            print(
                f"riichi: {args.hands} riichi winning hands with a yaku "
                f"(tests/riichi_hands.py, seed {args.seed}), "
                f"{riichi.stat().st_size // 1024} KiB; package mahjong {peer_version()}, "
                "HandCalculator().estimate_hand_value in this process"
            )
            if args.profile:
                profile(riichi, 5000)
        warm_up(
            engines,
            None if args.riichi_only else warm,
            peer_hands,
            (warm_riichi, riichi_hands[:WARM_UP]) if riichi_hands is not None else None,
        )
        for number in range(1, args.rounds + 1):
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
            print(f"round {number}/{args.rounds} (load average {load})")
            measured = run_round(
                engines, args, mixed, closed, peer_hands, riichi if args.riichi else None, riichi_hands
            )
            for kind, figures in measured.items():
                rounds[kind].append(figures)
        singles: dict[str, dict[str, float]] = {}
        if not args.skip_single and not args.riichi_only:
            print("after the rounds: batch --format jsonl --workers 1 over the mixed hands, once")
            for engine in engines:
                singles[engine.kind] = time_batch(engine, mixed, args.hands, ["--workers", "1"])

    summary: dict[str, dict[str, float]] = {}
    for kind, measured in rounds.items():
        spreads = over_rounds(measured)
        single = singles.get(kind)
        report(kind, spreads, len(measured), single)
        figures = {key: value.median for key, value in spreads.items()}
        figures["rounds"] = len(measured)
        if single is not None:
            figures["batch_single"], figures["batch_single_cpu_us"] = single["rate"], single["cpu_us"]
        for key, _label in RATIOS:
            if key in spreads:
                figures[f"{key}_min"], figures[f"{key}_max"] = spreads[key].low, spreads[key].high
        summary[kind] = figures
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        json.dumps({name: {k: round(v, 2) for k, v in figures.items()} for name, figures in summary.items()})
    )


if __name__ == "__main__":
    main()
