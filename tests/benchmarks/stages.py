"""Where the time of one batch entry goes, stage by stage, in this process (run by hand; pytest does
not collect it).

    python tests/benchmarks/stages.py                  # 20,000 closed hands, seed 1923
    python tests/benchmarks/stages.py --hands 5000 --mixed --rounds 5
    python tests/benchmarks/stages.py --file /tmp/riichi.txt   # lines of a file (riichi_work.py's)

Each stage is run over all the hands before the next (the same work `pungchow batch` does for each
entry, in the same order): splitting the line, reading its options, reading the hand, building it,
finding its waits, arranging it, showing each arrangement in order, applying the rules, writing the
breakdown, the rest of `score_hand` (best arrangement, payments, the Score), and the JSON record. The
figure is CPU microseconds per hand, the least of `--rounds` runs (the caches are warm after the first),
so a loaded machine moves it little. The whole pipeline is timed the same way, for comparison with the
sum of its parts.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from hands import pungchow_line, random_closed_hand, random_line

from pungchow_calc import options as opts
from pungchow_calc.batch.entry import Entry
from pungchow_calc.batch.scoring import Job, Scorer, quiet_gc
from pungchow_calc.batch.words import split_line
from pungchow_calc.engine.conditions import Context
from pungchow_calc.engine.decomposition import waits, winning_arrangements
from pungchow_calc.engine.hand import build
from pungchow_calc.engine.notation import parse
from pungchow_calc.engine.plan import evaluate, memo_for, plan_for
from pungchow_calc.engine.scoring import _display_order, _lines, limit_in_force, score_hand
from pungchow_calc.engine.situation import WinBy


def _timed(rounds: int, count: int, work: Callable[[], Any]) -> tuple[float, Any]:
    """(least CPU microseconds per hand over `rounds` runs, the last run's result)."""
    best = float("inf")
    result = None
    for _ in range(rounds):
        start = time.process_time()
        result = work()
        best = min(best, time.process_time() - start)
    return best / count * 1e6, result


def main() -> None:
    """Print the CPU time per hand of each stage of a batch entry."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1923)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--mixed", action="store_true", help="any hand (exposed sets, kongs, bonus tiles)")
    parser.add_argument("--file", help="the batch lines of this file instead (e.g. riichi_work.py's)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    make = (lambda: random_line(rng)) if args.mixed else (lambda: pungchow_line(random_closed_hand(rng)))
    if args.file:
        with open(args.file, encoding="utf-8") as handle:
            lines = [line.rstrip("\n") for line in handle if line.strip()][: args.hands]
    else:
        lines = [make() for _ in range(args.hands)]
    n, r = len(lines), args.rounds
    scorer = Scorer(Job(encode="json"))
    quiet_gc()  # the collector as a batch tunes it
    stages = _stage_costs(lines, r, scorer)  # its results are gone before the whole is timed
    entries = [Entry(i, (), None, None, line) for i, line in enumerate(lines, start=1)]
    whole, _ = _timed(r, n, lambda: [scorer.encoded(e) for e in entries])

    kind = args.file or ("mixed" if args.mixed else "closed")
    print(f"{n} {kind} hands (seed {args.seed}), least of {r} runs, CPU us per hand:")
    for name, cost in stages:
        print(f"  {name:24s} {cost:7.1f}")
    print(f"  {'sum of the stages':24s} {sum(c for _, c in stages):7.1f}")
    print(f"  {'one entry, whole':24s} {whole:7.1f}")


def _stage_costs(lines: list[str], r: int, scorer: Scorer) -> list[tuple[str, float]]:
    """(stage, CPU microseconds per hand) for each stage of scoring the lines."""
    n = len(lines)
    stages: list[tuple[str, float]] = []

    def stage(name: str, work: Callable[[], Any]) -> Any:
        cost, result = _timed(r, n, work)
        stages.append((name, cost))
        return result

    argvs = stage("split the line", lambda: [split_line(line) for line in lines])
    read = stage("read its options", lambda: [opts.scoring_args(argv, None) for argv in argvs])
    jobs = [(hand, scorer.ruleset(name), situation, limit) for hand, name, situation, limit in read]
    parsed = stage("read the hand", lambda: [parse(hand) for hand, *_ in jobs])
    built = stage("build it", lambda: [build(p) for p in parsed])
    stage("find its waits", lambda: [waits(h, job[1].shapes) for h, job in zip(built, jobs, strict=True)])
    arranged = stage(
        "arrange it",
        lambda: [
            list(winning_arrangements(h, job[2].win_by is WinBy.DISCARD))
            for h, job in zip(built, jobs, strict=True)
        ],
    )
    shown = stage("show the arrangements", lambda: [[_display_order(a) for a in many] for many in arranged])
    all_waits = [waits(h, job[1].shapes) for h, job in zip(built, jobs, strict=True)]

    def apply_rules() -> list[Any]:
        out = []
        for h, (_, ruleset, situation, limit), many, hand_waits in zip(
            built, jobs, shown, all_waits, strict=True
        ):
            plan = plan_for(ruleset, situation.winner)
            cap = limit_in_force(ruleset, limit)
            nominal = (
                cap if cap is not None else (ruleset.settings.limit or ruleset.settings.limit_hand_value)
            )
            memo = memo_for(plan, situation, h.winning_tile is not None, nominal) if plan.local else None
            for arrangement in many:
                ctx = Context(situation, h, arrangement, h.counts, hand_waits, [], None)
                out.append(evaluate(plan, ctx, nominal, memo))
        return out

    evaluated = stage("apply the rules", apply_rules)
    stage("write the breakdown", lambda: [_lines(found) for found in evaluated])
    whole_score = _timed(
        r, n, lambda: [score_hand(h, job[1], job[2], job[3]) for h, job in zip(built, jobs, strict=True)]
    )
    scores = whole_score[1]
    accounted = sum(cost for name, cost in stages[4:])  # waits to breakdown: the parts of score_hand
    stages.append(("the rest of score_hand", whole_score[0] - accounted))
    stage("the JSON record", lambda: [s.as_json() for s in scores])
    return stages


if __name__ == "__main__":
    main()
