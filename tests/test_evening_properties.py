"""Properties of random evenings: nets sum to zero, replaying the log is applying its events one by one,
undo restores the state before, amending a game to itself changes nothing, an amendment that would break
a later game is refused naming it, every report row is what `settle` gives, and `status` and `report`
read every log alike (damaged ones too)."""

from __future__ import annotations

import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

from cli_helpers import run
from evening_support import PLAYERS, WASH_13, WINS
from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.engine.errors import PungchowError
from pungchow_calc.evening import record
from pungchow_calc.evening.logfile import read
from pungchow_calc.evening.state import Evening, apply, body, replay
from pungchow_calc.ruleset_files import load


@cache
def _ruleset(name: str) -> Any:
    return load(name)


def _game(data: st.DataObject, evening: Evening, seats: dict[str, Any] | None = None) -> dict[str, Any]:
    """A random game for the evening as it stands, or at `seats` (a wash and a penalty only under
    Part II); a wash has East's 14 tiles when the washer is East at those seats."""
    kinds = ["hand", "hand", "hand", "draw"]
    if evening.ruleset.wash is not None:
        kinds += ["wash", "penalty"]
    kind = data.draw(st.sampled_from(kinds))
    players = list(evening.players)
    if kind == "wash":
        washer = data.draw(st.sampled_from(players))
        east = (seats or dict(evening.seats()))[washer].word == "east"
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


def _settle_args(row: dict[str, Any], game: dict[str, Any], name: str) -> list[str]:
    """`pungchow settle` for a report row: the same hands at the seats the row shows."""
    seats = row["seats"]
    args = ["settle", "-r", name, "--round", game["round"], "--json"]
    record_ = game["record"]
    hands = record_.get("hands") or dict.fromkeys(seats, "0")
    for player, text in hands.items():
        args += [f"--{seats[player]}", text]
    if record_["event"] == "hand":
        args += ["--winner", seats[record_["winner"]]]
        if record_.get("from"):
            args += ["--from", seats[record_["from"]]]
        if record_.get("win_by"):
            args += ["--win-by", {"wall": "drawn"}.get(record_["win_by"], record_["win_by"])]
    elif record_["event"] == "draw":
        args += ["--draw"]
    else:
        args += ["--false-mahjongg", seats[record_["player"]]]
    return args


def _check_rows_against_settle(path: Path, state: Evening, name: str) -> None:
    """Every report row (a game won, a draw with hands, a false Mah-Jongg) is what `settle` gives."""
    result = run("evening", "report", str(path), "--format", "json")
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)["history"]
    assert len(rows) == len(state.games)
    for row, game in zip(rows, state.games, strict=True):
        kind = game.kind
        if kind == "wash" or (kind == "draw" and "hands" not in game.record):
            continue
        args = _settle_args(row, {"record": game.record, "round": game.round.word}, name)
        settled = run(*args)
        assert settled.exit_code == 0, (args, settled.stderr)
        table = json.loads(settled.stdout)
        by_seat = {wind: player for player, wind in row["seats"].items()}
        scores = {by_seat[w]: v for w, v in (table["scored"] or table["scores"]).items()}
        if kind == "penalty":  # no hand given: null (docs/json.md), where settle scores each seat 0
            scores = dict.fromkeys(scores)
        assert row["scores"] == scores
        assert row["payments"] == [
            {**p, "from": by_seat[p["from"]], "to": by_seat[p["to"]]} for p in table["payments"]
        ]
        assert row["net"] == {by_seat[w]: v for w, v in table["net"].items()}


def _status_and_report(path: Path) -> tuple[Any, Any]:
    """What `status` and `report` say of a log: (exit code, totals or the error line) each."""
    out = []
    for args in (["status", str(path), "--json"], ["report", str(path), "--format", "json"]):
        result = run("evening", *args)
        if result.exit_code:  # with --json the error is {"error": {...}} on stdout
            out.append((result.exit_code, json.loads(result.stdout)["error"]["message"], result.stderr))
        else:
            data = json.loads(result.stdout)
            out.append((0, data["totals"], data.get("games", len(data.get("history", [])))))
    return out[0], out[1]


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
                change = record.undo(path, again=True)
            elif choice == "amend" and state.games:
                number = data.draw(st.integers(min_value=1, max_value=len(state.games)))
                new = _game(data, state, dict(state.games[number - 1].seats))
                before = Path(path).read_bytes()
                try:
                    change = record.amend(path, number, new)
                except PungchowError as error:
                    if error.code == "evening-repeat":  # the game already reads so: nothing written
                        kept = record.without(new, record.idle_flags(state, new, number))
                        assert body(state.games[number - 1].record) == body(kept)
                        assert Path(path).read_bytes() == before
                        continue
                    # ... an amendment that would leave a later game impossible is refused, naming
                    # that game and how to go on; nothing is written
                    assert error.code == "amend-breaks-later-game", error
                    assert f"game {number} cannot be changed so: game " in error.message
                    assert "To go on, amend game" in error.message and "evening undo" in error.message
                    assert Path(path).read_bytes() == before
                    continue
            else:
                change = record.add(path, _game(data, state), again=True)
            # Applying the event as written, one by one, with every game scored afresh ...
            state = apply(state, change.event)
            assert state == change.after
            states.append(state)
            # ... nets always sum to zero, game by game and in total
            assert all(sum(n for _, n in g.net) == 0 for g in state.games)
            assert sum(state.totals().values()) == 0
            # ... every game carries its settlement (an amended one too), but a draw with no hands
            assert all(g.detail is not None or g.kind == "draw" for g in state.games)
            # ... undo after any game or amendment restores the state before it exactly
            if change.event["event"] != "undo":
                assert apply(state, {"v": 1, "event": "undo"}) == states[-2]
        # ... replaying the whole log gives the same state
        assert replay(read(path)) == state
        # ... amending any game to its own value changes nothing
        for game in state.games:
            same = apply(state, {"v": 1, "event": "amend", "game": game.number, "record": body(game.record)})
            assert _view(same) == _view(state) and same.totals() == state.totals()
        # ... every report row shows the scores and payments `settle` gives for that game
        _check_rows_against_settle(Path(path), state, name)
        # ... and `status` and `report` read the log alike: the same totals and games
        status, report = _status_and_report(Path(path))
        assert status == report == (0, state.totals(), len(state.games))


@given(evenings, st.data())
def test_status_and_report_agree_on_a_changed_log(case, change):
    """Any one digit of any line changed (valid JSON still): `status` and `report` both refuse it with
    the same one line naming that line (the time and the evening's id are fixed, so the lines drawn from
    are the same: a random id made the digits drawn from differ between runs of one example)."""
    name, seats, data = case
    players = PLAYERS[:seats]
    with (
        tempfile.TemporaryDirectory() as directory,
        mock.patch.object(record, "now", lambda: "2026-11-25T20:00:00Z"),
        mock.patch.object(record, "new_id", lambda: "0123456789abcdef"),
    ):
        path = Path(directory, "e.jsonl")
        state = record.new(str(path), players, players[0], _ruleset(name))
        for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
            state = record.add(str(path), _game(data, state), again=True).after
        lines = path.read_bytes().split(b"\n")[:-1]
        number = change.draw(st.integers(min_value=1, max_value=len(lines)))
        digits = [i for i, c in enumerate(lines[number - 1]) if chr(c).isdigit()]
        at = change.draw(st.sampled_from(digits))
        old = chr(lines[number - 1][at])
        new = change.draw(st.sampled_from([d for d in "0123456789" if d != old]))
        line = bytearray(lines[number - 1])
        line[at] = ord(new)
        lines[number - 1] = bytes(line)
        path.write_bytes(b"\n".join(lines) + b"\n")
        status, report = _status_and_report(path)
        assert status == report
        assert status[0] == 2 and f"line {number}:" in status[1] and "\n" not in status[1]


@given(evenings, st.data())
def test_an_amended_evening_is_the_evening_recorded_with_the_amended_game(case, data):
    """Amending game N, then `status`, is what recording the evening afresh with the amended game in
    place of game N says: the same seats, deals, nets and totals, and the totals are the sums of the
    games' nets. An amendment refused for breaking a later game is a later game that, recorded
    afresh, cannot be recorded either."""
    name, seats, data_ = case
    players = PLAYERS[:seats]
    first_east = data.draw(st.sampled_from(players))
    with tempfile.TemporaryDirectory() as directory:
        path, fresh = Path(directory, "amended.jsonl"), Path(directory, "fresh.jsonl")
        state = record.new(str(path), players, first_east, _ruleset(name))
        games = []
        for _ in range(data_.draw(st.integers(min_value=1, max_value=6))):
            games.append(_game(data_, state))
            state = record.add(str(path), games[-1], again=True).after
        number = data.draw(st.integers(min_value=1, max_value=len(games)))
        new = _game(data, state, dict(state.games[number - 1].seats))
        games[number - 1] = new
        again = record.new(str(fresh), players, first_east, _ruleset(name))
        try:
            amended = record.amend(str(path), number, new).after
        except PungchowError as error:
            if error.code == "evening-repeat":  # game N already reads so: the evening stands as it is
                amended = state
            else:
                assert error.code == "amend-breaks-later-game", error
                later = int(error.message.split("game ")[2].split()[0].rstrip(":,"))
                for game in games[: later - 1]:
                    again = record.add(str(fresh), game, again=True).after
                try:
                    record.add(str(fresh), games[later - 1], again=True)
                except PungchowError:
                    return
                raise AssertionError(
                    f"game {later} was recorded afresh after game {number} amended"
                ) from None
        for game in games:
            again = record.add(str(fresh), game, again=True).after
        assert _view(amended) == _view(again)
        totals = {p: sum(dict(g.net).get(p, 0) for g in amended.games) for p in players}
        assert amended.totals() == again.totals() == totals
        assert _status_and_report(path) == _status_and_report(fresh) == ((0, totals, len(games)),) * 2
