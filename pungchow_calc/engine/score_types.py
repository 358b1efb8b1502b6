"""What scoring returns: a breakdown Line and the Score of a hand, with their JSON (docs/json.md#score).

`Score.as_json` writes the same text as `json.dumps(score.as_dict())` from remembered pieces (a
property test holds them equal), because a long batch writes millions of them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from json.encoder import encode_basestring_ascii as _json_str  # the string encoder json.dumps uses
from operator import attrgetter
from typing import Any

from .cache import BoundedCache
from .hand import SINGLE, Meld, MeldKind
from .payments import Payer, payer_name
from .rule_types import Words
from .situation import Situation
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
    # `json.dumps(self.as_dict())`, written once when the line is made: the same lines recur hand after
    # hand (scoring._lines shares them), and a batch writes each in every record that has it.
    json_text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        tail = "}" if self.meld is None else f', "set": {_json_str(self.meld)}}}'
        head = _line_head(self.kind, self.label, self.points, self.doublings, self.rule)
        object.__setattr__(self, "json_text", f"{head}{self.running}{tail}")

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
    payments: dict[Payer, int] | None  # payer -> amount; `discarder` when he pays for all and was not named
    limit_hand: str | None
    notes: tuple[str, ...] = ()  # options this ruleset has no rule for (only when there are some)
    deposits: int = 0  # what the winner takes of the deposits on the table (the ruleset's deposit_points)
    base: int = 0  # the ruleset's doubling_base: the score is points x 2^(doublings + base)
    # The ruleset's words (its `words:`, riichi's han and fu), as the summary line says them.
    words: Words = Words()
    # East's factor in `payments` where they are the book's (East pays and collects it, "Settling the
    # Scores"), said beside his payment; 1 where no payment is so multiplied (riichi's terms: their own).
    east_factor: int = 1
    # How much of the payments is for the counters on the table (`--honba N`, the settlement's
    # counter_points), said beside what the winner collects.
    counters: int = 0

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
            out["payments"] = {payer_name(payer): amount for payer, amount in self.payments.items()}
        if self.deposits:
            out["deposits"] = self.deposits
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    def as_json(self, head: str = "{") -> str:
        """`json.dumps(self.as_dict())`, built from remembered pieces (a batch writes thousands); `head`
        opens the object in its place (a batch record's: `{"line": N, `)."""
        arrangement = self.arrangement
        if SINGLE in map(_KIND, arrangement):  # as_dict's two lists: sets, then single tiles
            shown = [m.code for m in arrangement if m.kind is not SINGLE]
            shown += [m.code for m in arrangement if m.kind is SINGLE]
        else:
            shown = [m.code for m in arrangement]
        limit = "null" if self.limit is None else self.limit
        limit_hand = "null" if self.limit_hand is None else _json_str(self.limit_hand)
        # The keys after "waits", as given: made first, so that the whole record (a kilobyte) is
        # written once, not copied again for each.
        tail = "" if self.payments is None else f', "payments": {_payments_json(self.payments)}'
        if self.deposits:
            tail = f'{tail}, "deposits": {self.deposits}'
        if self.notes:
            tail = f'{tail}, "notes": {_codes_json(list(self.notes))}'
        return (
            f'{head}"ruleset": {_json_str(self.ruleset)}, "hand": {_json_str(self.hand)}'
            f'{_situation_json(self.situation)}, "arrangement": {_codes(shown)}, '
            f'"bonus_tiles": {_tiles_json(self.bonus_tiles)}, '
            f'"lines": [{", ".join([line.json_text for line in self.lines])}], '
            f'"points": {self.points}, "doublings": {self.doublings}, "score": {self.score}, '
            f'"limit": {limit}, "payable": {self.payable}, "limit_hand": {limit_hand}, '
            f'"waits": {_tiles_json(self.waits)}{tail}}}'
        )


_KIND = attrgetter("kind")


@lru_cache(maxsize=4096)  # one per row of a ruleset's score card (a line differs in its running total)
def _line_head(kind: str, label: str, points: int, doublings: int, rule: str) -> str:
    """A line's JSON up to its running total."""
    fields = {"kind": kind, "label": label, "points": points, "doublings": doublings, "rule": rule}
    return json.dumps(fields)[:-1] + ', "running": '  # as_dict's keys, in its order


def _codes(codes: list[str]) -> str:
    """The JSON list of tile or set codes (docs/notation.md): letters, digits and markers only, so each
    is its JSON string once quoted."""
    return '["' + '", "'.join(codes) + '"]' if codes else "[]"


# The JSON of a situation's part of a score, remembered by the four fields it shows (a tuple of
# enums and a bool, hashed in C where hashing the dataclass runs Python for each field): a riichi
# batch makes a new Situation for nearly every line (its stated facts differ), but these four take at
# most 4 * 4 * 2 * 3 values.
_SITUATIONS: BoundedCache[tuple[Any, ...], str] = BoundedCache(256)
_WIND_KEYS = {wind: f"{_json_str(wind.word)}: " for wind in Wind}  # a payment's JSON key


def _payer_key(payer: Payer) -> str:
    """A payment's JSON key: the seat's, or the unnamed discarder's."""
    return _WIND_KEYS[payer] if isinstance(payer, Wind) else f"{_json_str(payer)}: "


def _tiles_json(tiles: tuple[Tile, ...]) -> str:
    """The JSON list of the tiles' codes (a hand's waits, its bonus tiles), remembered: a batch meets
    the same few hundred waits again and again (a tile hashes by identity, so the key is cheap)."""
    found = _TILES.get(tiles)
    if found is None:
        found = _TILES.put(tiles, _codes([t.code for t in tiles]))
    return found


def _payments_json(payments: dict[Payer, int]) -> str:
    """The JSON object of the payments, remembered by (payer, amount) pairs: the same few hundred
    collections recur hand after hand."""
    key = tuple(payments.items())
    found = _PAYMENTS.get(key)
    if found is None:
        paid = ", ".join([f"{_payer_key(payer)}{amount}" for payer, amount in key])
        found = _PAYMENTS.put(key, f"{{{paid}}}")
    return found


_TILES: BoundedCache[tuple[Tile, ...], str] = BoundedCache(16384)
_PAYMENTS: BoundedCache[tuple[tuple[Payer, int], ...], str] = BoundedCache(16384)


def _situation_json(s: Situation) -> str:
    """`, "seat": ..., "win_by": ...`: the situation's part of a score's JSON."""
    key = (s.seat, s.round, s.winner, s.win_by)
    found = _SITUATIONS.get(key)
    if found is None:
        found = _SITUATIONS.put(
            key,
            f', "seat": {_json_str(s.seat.word)}, "round": {_json_str(s.round.word)}, '
            f'"winner": {"true" if s.winner else "false"}, "win_by": {_json_str(s.win_by.value)}',
        )
    return found


def _codes_json(codes: list[str]) -> str:
    return "[" + ", ".join([_json_str(c) for c in codes]) + "]"
