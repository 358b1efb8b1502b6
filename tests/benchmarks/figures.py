"""bench.py's arithmetic over rounds: each ratio is taken within one round, then its median and range.

On a shared machine the load moves from minute to minute. Two runs made one after the other in the
same round meet nearly the same load, so their ratio is steady where a ratio of two medians taken
minutes apart is not; the median over rounds then sets aside a round that a burst of load spoiled.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Spread:
    """One figure over the rounds: its median, its lowest and its highest value."""

    median: float
    low: float
    high: float

    def show(self, spec: str = ".2f", unit: str = "") -> str:
        """The median, then the range, e.g. `0.62x (0.55-0.70x)`."""
        return f"{self.median:{spec}}{unit} ({self.low:{spec}}-{self.high:{spec}}{unit})"


def spread(values: Sequence[float]) -> Spread:
    """The median and range of the values (one per round)."""
    if not values:
        raise ValueError("no rounds to summarise")
    return Spread(statistics.median(values), min(values), max(values))


def round_ratios(measured: Mapping[str, float]) -> dict[str, float]:
    """The ratios of one round, from that round's measurements alone (a ratio missing a part is left out).

    peer_ratio: pungchow batch hands/s over the peer's; peer_cpu_ratio: the same per CPU-second (the
    peer's CPU per hand over the batch's); startup_ratio and startup_cpu_ratio: `score --json` over
    the bare import, in wall-clock and in CPU time; riichi_ratio and riichi_cpu_ratio: the batch of
    riichi hands over the package on the same hands, in hands/s and per CPU-second.
    """
    ratios: dict[str, float] = {}
    if {"closed_batch", "peer_rate"} <= measured.keys():
        ratios["peer_ratio"] = measured["closed_batch"] / measured["peer_rate"]
        ratios["peer_cpu_ratio"] = measured["peer_cpu_us"] / measured["closed_cpu_us"]
    if {"riichi_batch", "riichi_peer_rate"} <= measured.keys():
        ratios["riichi_ratio"] = measured["riichi_batch"] / measured["riichi_peer_rate"]
        ratios["riichi_cpu_ratio"] = measured["riichi_peer_cpu_us"] / measured["riichi_cpu_us"]
    if {"startup_ms", "bare_ms"} <= measured.keys():
        ratios["startup_ratio"] = measured["startup_ms"] / measured["bare_ms"]
        ratios["startup_cpu_ratio"] = measured["startup_cpu_ms"] / measured["bare_cpu_ms"]
    return ratios


def over_rounds(rounds: Sequence[Mapping[str, float]]) -> dict[str, Spread]:
    """Each figure that every round has, as its median and range over the rounds."""
    if not rounds:
        raise ValueError("no rounds to summarise")
    return {key: spread([r[key] for r in rounds]) for key in rounds[0] if all(key in r for r in rounds)}


@dataclass(frozen=True, slots=True)
class Target:
    """A bound on one figure's median: at least `bound`, or at most when `at_most`."""

    figure: str
    label: str
    bound: float
    at_most: bool = False

    def met(self, value: float) -> bool:
        """Whether the value keeps to the bound."""
        return value <= self.bound if self.at_most else value >= self.bound

    def show(self) -> str:
        """The bound as printed, e.g. `>= 1.5x`."""
        return f"{'<=' if self.at_most else '>='} {self.bound:.1f}x"


def targets(kind: str) -> tuple[Target, ...]:
    """The targets for an engine of this kind ("pure" or "compiled").

    Per CPU-second, on the closed Harr hands and on the riichi hands, 1.0x the package (issue 21): what
    scoring costs, which a second worker hides in wall-clock.
    """
    name = "compiled" if kind == "compiled" else "plain"
    return (
        Target("peer_ratio", f"{name} batch / peer, hands/s", 1.5 if kind == "compiled" else 1.0),
        Target("peer_cpu_ratio", f"{name} batch / peer, hands per CPU-second", 1.0),
        Target("riichi_cpu_ratio", f"{name} batch / package, riichi hands per CPU-second", 1.0),
        Target("startup_ratio", "score --json start-up / bare import", 1.3, at_most=True),
    )
