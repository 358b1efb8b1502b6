"""The riichi differential run by hand: `PYTHONPATH=$PWD python tests/riichi_differential.py 100000`.

Draws that many hands with tests/riichi_hands.py, scores each with rulesets/riichi-ema-2016.yaml and
with the oracle (tests/riichi_oracle.py `ema_score`), and prints how many differ, grouped by shape and
by what differs (han, fu, basic points, yaku, or a refusal), with one example of each. The CI test
(tests/test_riichi_ruleset.py) compares 2,000 the same way.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from riichi_hands import RiichiCase, riichi_cases  # noqa: E402
from riichi_oracle import ema_score  # noqa: E402
from riichi_ours import View, expected, ours  # noqa: E402


def main(count: int) -> int:
    """Run `count` hands; print the differences; 0 when there are none."""
    differ: Counter[tuple[str, ...]] = Counter()
    shapes: Counter[str] = Counter()
    example: dict[tuple[str, ...], tuple[RiichiCase, object, object]] = {}

    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(riichi_cases())
    def run(case: RiichiCase) -> None:
        shapes[case.shape] += 1
        want = expected(ema_score(case.hand, case.facts))
        got = ours(case.hand, case.facts)
        if want == got:
            return
        if isinstance(want, View) and isinstance(got, View):
            fields = ("han", "fu", "basic", "yaku", "payments", "deposits")
            what = tuple(f for f in fields if getattr(want, f) != getattr(got, f))
        else:
            what = ("refusal",)
        key = (case.shape, *what)
        differ[key] += 1
        example.setdefault(key, (case, want, got))

    start = time.process_time()
    run()
    seconds = time.process_time() - start
    total = sum(shapes.values())
    print(f"{total} hands ({seconds:.0f} CPU s), {sum(differ.values())} differ")
    print("by shape: " + ", ".join(f"{shape} {n}" for shape, n in sorted(shapes.items())))
    for key, n in differ.most_common():
        case, want, got = example[key]
        print(f"{n} {key}\n    {case.hand} {case.facts}\n    oracle {want}\n    ours   {got}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10000))
