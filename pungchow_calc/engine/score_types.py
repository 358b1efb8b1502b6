"""What scoring returns: a breakdown Line and the Score of a hand, with their JSON (docs/json.md#score).

`Score.as_json` writes the same text as `json.dumps(score.as_dict())` from remembered pieces (a
property test holds them equal), because a long batch writes millions of them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from json.encoder import encode_basestring_ascii as _json_str  # the string encoder json.dumps uses
from typing import Any

from .cache import BoundedCache
from .conditions import Situation
from .hand import Meld, MeldKind
from .tiles import Tile, Wind


class _Default:
    """Marker: use the ruleset's own limit."""

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT = _Default()


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the breakdown, with the running total as the book prints it."""

    kind: str
    label: str
    points: int
    doublings: int
    rule: str
    meld: str | None
    running: int

    def as_dict(self) -> dict[str, Any]:
        """The JSON line object (docs/json.md)."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "label": self.label,
            "points": self.points,
            "doublings": self.doublings,
            "rule": self.rule,
            "running": self.running,
        }
        if self.meld is not None:
            out["set"] = self.meld
        return out


@dataclass(frozen=True, slots=True)
class Score:
    """The whole result for one hand."""

    ruleset: str
    hand: str
    situation: Situation
    arrangement: tuple[Meld, ...]
    bonus_tiles: tuple[Tile, ...]
    lines: tuple[Line, ...]
    points: int
    doublings: int
    score: int
    limit: int | None
    payable: int
    waits: tuple[Tile, ...]
    payments: dict[Wind, int] | None
    limit_hand: str | None
    notes: tuple[str, ...] = ()  # options this ruleset has no rule for (only when there are some)

    def as_dict(self) -> dict[str, Any]:
        """The `score --json` object (docs/json.md)."""
        s = self.situation
        out: dict[str, Any] = {
            "ruleset": self.ruleset,
            "hand": self.hand,
            "seat": s.seat.word,
            "round": s.round.word,
            "winner": s.winner,
            "win_by": s.win_by.value,
            "arrangement": [m.code for m in self.arrangement if m.kind is not MeldKind.SINGLE]
            + [m.code for m in self.arrangement if m.kind is MeldKind.SINGLE],
            "bonus_tiles": [t.code for t in self.bonus_tiles],
            "lines": [line.as_dict() for line in self.lines],
            "points": self.points,
            "doublings": self.doublings,
            "score": self.score,
            "limit": self.limit,
            "payable": self.payable,
            "limit_hand": self.limit_hand,
            "waits": [t.code for t in self.waits],
        }
        if self.payments is not None:
            out["payments"] = {seat.word: amount for seat, amount in self.payments.items()}
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    def as_json(self) -> str:
        """`json.dumps(self.as_dict())`, built from remembered pieces (a batch writes thousands)."""
        s = self.situation
        sets = [m.code for m in self.arrangement if m.kind is not MeldKind.SINGLE]
        singles = [m.code for m in self.arrangement if m.kind is MeldKind.SINGLE]
        parts = [
            '{"ruleset": ',
            _json_str(self.ruleset),
            ', "hand": ',
            _json_str(self.hand),
            ', "seat": ',
            _json_str(s.seat.word),
            ', "round": ',
            _json_str(s.round.word),
            ', "winner": ',
            "true" if s.winner else "false",
            ', "win_by": ',
            _json_str(s.win_by.value),
            ', "arrangement": ',
            _codes_json(sets + singles),
            ', "bonus_tiles": ',
            _codes_json([t.code for t in self.bonus_tiles]),
            ', "lines": [',
            ", ".join([_line_json(line) for line in self.lines]),
            '], "points": ',
            str(self.points),
            ', "doublings": ',
            str(self.doublings),
            ', "score": ',
            str(self.score),
            ', "limit": ',
            "null" if self.limit is None else str(self.limit),
            ', "payable": ',
            str(self.payable),
            ', "limit_hand": ',
            "null" if self.limit_hand is None else _json_str(self.limit_hand),
            ', "waits": ',
            _codes_json([t.code for t in self.waits]),
        ]
        if self.payments is not None:
            paid = [f"{_json_str(seat.word)}: {amount}" for seat, amount in self.payments.items()]
            parts += [', "payments": {', ", ".join(paid), "}"]
        if self.notes:
            parts += [', "notes": ', _codes_json(list(self.notes))]
        parts.append("}")
        return "".join(parts)


_LINE_HEADS: BoundedCache[tuple[Any, ...], str] = BoundedCache(65536)


def _line_json(line: Line) -> str:
    """`json.dumps(line.as_dict())`: the part before the running total is remembered per rule row."""
    key = (line.kind, line.label, line.points, line.doublings, line.rule)
    head = _LINE_HEADS.get(key)
    if head is None:
        whole = json.dumps({**line.as_dict(), "running": 0})
        head = _LINE_HEADS.put(key, whole[: whole.rindex('"running": ') + len('"running": ')])
    tail = "}" if line.meld is None else f', "set": {_json_str(line.meld)}}}'
    return f"{head}{line.running}{tail}"


def _codes_json(codes: list[str]) -> str:
    return "[" + ", ".join([_json_str(c) for c in codes]) + "]"
