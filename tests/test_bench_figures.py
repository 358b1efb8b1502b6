"""tests/benchmarks/figures.py: bench.py's ratios per round, their median and range, its targets."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def load_figures() -> ModuleType:
    """figures.py from tests/benchmarks/, which is a folder of scripts and not a package."""
    path = Path(__file__).resolve().parent / "benchmarks" / "figures.py"
    spec = importlib.util.spec_from_file_location("bench_figures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # The dataclasses look their module up by name while they are made.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


figures = load_figures()


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        pytest.param([2.0], (2.0, 2.0, 2.0), id="one-round"),
        pytest.param([3.0, 1.0, 2.0], (2.0, 1.0, 3.0), id="odd-unsorted"),
        pytest.param([4.0, 1.0, 2.0, 3.0], (2.5, 1.0, 4.0), id="even-middle-two"),
        pytest.param([1.0, 1.0, 9.0], (1.0, 1.0, 9.0), id="one-spoiled-round"),
    ],
)
def test_spread_is_median_lowest_highest(values, expected):
    s = figures.spread(values)
    assert (s.median, s.low, s.high) == expected


def test_spread_of_no_rounds_is_refused():
    with pytest.raises(ValueError):
        figures.spread([])


def test_ratios_are_taken_within_each_round_not_from_the_medians():
    # The load doubles in round 2 and halves in round 3: each round's two runs share it.
    rounds = [
        {"closed_batch": 100.0, "closed_cpu_us": 200.0, "peer_rate": 100.0, "peer_cpu_us": 100.0},
        {"closed_batch": 50.0, "closed_cpu_us": 200.0, "peer_rate": 40.0, "peer_cpu_us": 100.0},
        {"closed_batch": 300.0, "closed_cpu_us": 100.0, "peer_rate": 200.0, "peer_cpu_us": 100.0},
    ]
    for r in rounds:
        r.update(figures.round_ratios(r))
    spreads = figures.over_rounds(rounds)
    assert [r["peer_ratio"] for r in rounds] == [1.0, 1.25, 1.5]
    assert spreads["peer_ratio"] == figures.Spread(1.25, 1.0, 1.5)
    # The ratio of the medians would say 100 / 100 = 1.0.
    assert spreads["closed_batch"].median / spreads["peer_rate"].median == 1.0
    assert [r["peer_cpu_ratio"] for r in rounds] == [0.5, 0.5, 1.0]
    assert spreads["peer_cpu_ratio"].median == 0.5


@pytest.mark.parametrize(
    ("measured", "expected"),
    [
        pytest.param({}, {}, id="nothing"),
        pytest.param(
            {"startup_ms": 130.0, "bare_ms": 100.0, "startup_cpu_ms": 90.0, "bare_cpu_ms": 100.0},
            {"startup_ratio": 1.3, "startup_cpu_ratio": 0.9},
            id="start-up-only-no-peer",
        ),
        pytest.param(
            {"closed_batch": 30.0, "closed_cpu_us": 50.0, "peer_rate": 20.0, "peer_cpu_us": 75.0},
            {"peer_ratio": 1.5, "peer_cpu_ratio": 1.5},
            id="peer-only",
        ),
        pytest.param(
            {
                "riichi_batch": 10.0,
                "riichi_cpu_us": 400.0,
                "riichi_peer_rate": 40.0,
                "riichi_peer_cpu_us": 100.0,
            },
            {"riichi_ratio": 0.25, "riichi_cpu_ratio": 0.25},
            id="riichi-only",
        ),
        pytest.param(
            {
                "closed_batch": 30.0,
                "closed_cpu_us": 50.0,
                "peer_rate": 20.0,
                "peer_cpu_us": 75.0,
                "riichi_batch": 20.0,
                "riichi_cpu_us": 100.0,
                "riichi_peer_rate": 10.0,
                "riichi_peer_cpu_us": 50.0,
            },
            {"peer_ratio": 1.5, "peer_cpu_ratio": 1.5, "riichi_ratio": 2.0, "riichi_cpu_ratio": 0.5},
            id="harr-and-riichi-apart",
        ),
    ],
)
def test_round_ratios_take_only_what_was_measured(measured, expected):
    assert figures.round_ratios(measured) == pytest.approx(expected)


def test_over_rounds_keeps_only_figures_every_round_has():
    spreads = figures.over_rounds([{"batch": 1.0, "extra": 5.0}, {"batch": 3.0}])
    assert spreads == {"batch": figures.Spread(2.0, 1.0, 3.0)}


@pytest.mark.parametrize(
    ("kind", "figure", "value", "met"),
    [
        pytest.param("pure", "peer_ratio", 1.0, True, id="plain-at-1.0"),
        pytest.param("pure", "peer_ratio", 0.99, False, id="plain-under-1.0"),
        pytest.param("compiled", "peer_ratio", 1.49, False, id="compiled-under-1.5"),
        pytest.param("compiled", "peer_ratio", 1.5, True, id="compiled-at-1.5"),
        pytest.param("pure", "startup_ratio", 1.3, True, id="start-up-at-1.3"),
        pytest.param("compiled", "startup_ratio", 1.31, False, id="start-up-over-1.3"),
        pytest.param("pure", "peer_cpu_ratio", 0.99, False, id="harr-cpu-under-1.0"),
        pytest.param("compiled", "peer_cpu_ratio", 1.0, True, id="harr-cpu-at-1.0"),
        pytest.param("pure", "riichi_cpu_ratio", 0.99, False, id="riichi-cpu-under-1.0"),
        pytest.param("pure", "riichi_cpu_ratio", 1.0, True, id="riichi-cpu-at-1.0"),
        pytest.param("compiled", "riichi_cpu_ratio", 1.0, True, id="riichi-cpu-compiled-at-1.0"),
    ],
)
def test_targets(kind, figure, value, met):
    (target,) = [t for t in figures.targets(kind) if t.figure == figure]
    assert target.met(value) is met
