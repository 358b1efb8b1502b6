"""Properties of random evenings: nets sum to zero, replaying the log is applying its events one by one,
undo restores the state before, and amending a game to itself changes nothing."""

from __future__ import annotations

import os
import tempfile
from functools import cache
from typing import Any

from evening_support import WASH_13, WINS
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.evening import record
from pungchow_calc.evening.log import read
from pungchow_calc.evening.state import Evening, apply, body, replay
from pungchow_calc.ruleset_files import load

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


@cache
def _ruleset(name: str) -> Any:
    return load(name)


def _game(data: st.DataObject, evening: Evening) -> dict[str, Any]:
    """A random game for the evening as it stands (a wash and a penalty only under Part II)."""
    kinds = ["hand", "hand", "hand", "draw"]
    if evening.ruleset.wash is not None:
        kinds += ["wash", "penalty"]
    kind = data.draw(st.sampled_from(kinds))
    players = list(evening.players)
    if kind == "wash":
        washer = data.draw(st.sampled_from(players))
        east = dict(evening.seats())[washer].word == "east"
        return {"event": "wash", "player": washer, "tiles": WASH_13 + (" 2b" if east else "")}
    if kind == "penalty":
        return {"event": "penalty", "type": "false_mahjongg", "player": data.draw(st.sampled_from(players))}
    scores = st.integers(min_value=0, max_value=400).map(str)
    if kind == "draw":
        if data.draw(st.booleans()):
            return {"event": "draw"}
        return {"event": "draw", "hands": {p: data.draw(scores) for p in players}}
    winner = data.draw(st.sampled_from(players))
    game: dict[str, Any] = {
        "event": "hand",
        "winner": winner,
        "hands": {winner: data.draw(st.sampled_from(WINS))},
    }
    game["hands"].update({p: data.draw(scores) for p in players if p != winner})
    how = data.draw(st.sampled_from(["discard", "wall", "loose"]))
    if how != "discard":
        game["win_by"] = how
    elif data.draw(st.booleans()):
        game["from"] = data.draw(st.sampled_from([p for p in players if p != winner]))
    return game


def _view(evening: Evening) -> tuple[Any, ...]:
    """What a game's outcome is: its seats, round, deal before and after, and nets."""
    return tuple((g.number, g.seats, g.round, g.before, g.after, g.net) for g in evening.games)


evenings = st.tuples(
    st.sampled_from(["pung-chow", "pung-chow-limit"]),
    st.integers(min_value=2, max_value=4),
    st.data(),
)


@given(evenings)
def test_random_evenings(case):
    name, seats, data = case
    players = PLAYERS[:seats]
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "e.jsonl")
        state = record.new(path, players, data.draw(st.sampled_from(players)), _ruleset(name))
        states = [state]
        for _ in range(data.draw(st.integers(min_value=1, max_value=9))):
            choice = data.draw(st.sampled_from(["game", "game", "game", "undo", "amend"]))
            if choice == "undo" and state.undo:
                change = record.undo(path)
            elif choice == "amend" and state.games:
                number = data.draw(st.integers(min_value=1, max_value=len(state.games)))
                change = record.amend(path, number, _game(data, state))
            else:
                change = record.add(path, _game(data, state))
            # Applying the event as written, one by one, with every game scored afresh ...
            state = apply(state, change.event, cached=False)
            assert state == change.after
            states.append(state)
            # ... nets always sum to zero, game by game and in total
            assert all(sum(n for _, n in g.net) == 0 for g in state.games)
            assert sum(state.totals().values()) == 0
            # ... undo after any game or amendment restores the state before it exactly
            if change.event["event"] != "undo":
                assert apply(state, {"v": 1, "event": "undo"}) == states[-2]
        # ... replaying the whole log (with its recorded nets) gives the same state
        assert replay(read(path)) == state
        assert replay(read(path), cached=False) == state
        # ... amending any game to its own value changes nothing
        for game in state.games:
            same = apply(state, {"v": 1, "event": "amend", "game": game.number, "record": body(game.record)})
            assert _view(same) == _view(state) and same.totals() == state.totals()
