"""An evening's state, rebuilt by replaying its log: the seats, East and his streak, the rounds and sets,
each game as settled, and the running totals.

The deal (Harr, "Procedure of Play", A. East Wind): "if the player representing East Wind wins, or if
the game is a draw, he remains East Wind. If he loses, the player to his right becomes East Wind, he in
turn becoming North Wind." Part II: "The East Wind round is over as soon as the fourth player to be East
Wind in turn loses ... four games make up a round and four rounds make up a set", each round starting
from the original East. What may vary is the ruleset's `evening:` section (engine/rules.py EveningRules).
Every game is settled by `engine.table.settle_table` (a wash by `engine.wash`): there is one scoring.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.errors import OptionError, PungchowError, and_list, as_written, how_many
from ..engine.payments import MAX_POINTS
from ..engine.rules import Ruleset
from ..engine.situation import FACT
from ..engine.tiles import Wind
from .log import SUM, EveningError, Line, Log, content_sum, parse, repair_hint, repair_hints, tried
from .settle import check_record, game_result, ruleset_of

WINDS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
GAMES = ("hand", "draw", "wash", "penalty")  # the events that are a game of the evening
ROUNDS_PER_SET = 4  # "four rounds make up a set" (Part II)
UNSETTLED = object()  # a game whose details are not settled yet (Game.detail)


@dataclass(frozen=True, slots=True)
class Position:
    """Where the deal stands before a game: East (an index into the players), his streak, the passes."""

    east: int = 0
    streak: int = 0  # how many times in a row the present East has kept the deal
    passes: int = 0  # how many times the deal has passed since the first game
    wins: int = 0  # the present East's wins since the deal came to him (the setting east_win_cap)


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the evening as settled: what was recorded, the seats it was played at, the nets."""

    number: int
    record: dict[str, Any]  # the event's own fields: what was typed (docs/evening.md)
    seats: tuple[tuple[str, Wind], ...]  # each player's wind in that game, in table order
    round: Wind  # the prevailing wind the hands were scored in (East when the ruleset has no round wind)
    before: Position
    after: Position
    net: tuple[tuple[str, int], ...]  # in table order
    # The Settlement or Wash (None: a draw with no hands), or UNSETTLED until `detail` is first read;
    # with the ruleset and start event to settle it by then.
    settled: Any = field(default=None, compare=False, repr=False)
    rules: tuple[Ruleset, dict[str, Any], str] | None = field(default=None, compare=False, repr=False)
    # The facts the evening stated of the game itself, not typed (the setting east_win_cap_fact).
    stated: tuple[str, ...] = ()
    # The `evening:` cap that passed the deal after this game though East kept it (east_win_cap,
    # east_repeat_cap), or None: what every place saying "the deal passes" gives as why (cap_passed).
    capped: str | None = None

    @property
    def detail(self) -> Any:
        """The game's Settlement or Wash, settled on first use when its sealed record gave the nets;
        settling it must give the nets the evening counts, and settle at all (else the log is refused,
        naming its file and the game: a reader of several logs, `stats`, says which)."""
        if self.settled is UNSETTLED and self.rules is not None:
            ruleset, start, path = self.rules
            where = f"{path}: game {self.number}" if path else f"game {self.number}"
            try:
                record = with_stated(self.record, self.stated)
                detail, net = game_result(ruleset, start, record, dict(self.seats), self.round)
            except PungchowError as error:  # a sealed line whose game never settled so (edited, resealed)
                raise EveningError(
                    f"{where}: cannot be settled as recorded: {error}", code="evening-damaged"
                ) from None
            if net != dict(self.net):
                raise EveningError(
                    f"{where}: the result recorded ({_nets(dict(self.net))}) is not what "
                    f"settling it gives ({_nets(net)}): written by a pungchow that scored differently?",
                    code="evening-changed",
                )
            object.__setattr__(self, "settled", detail)  # frozen: settled once, then kept
        return self.settled

    @property
    def kind(self) -> str:
        """hand, draw, wash or penalty."""
        return str(self.record["event"])

    @property
    def east(self) -> str:
        """Who was East Wind."""
        return next(name for name, wind in self.seats if wind is Wind.EAST)


@dataclass(frozen=True, slots=True)
class Evening:
    """The state of an evening: the table, the ruleset snapshot, the games in force, what undo takes back."""

    players: tuple[str, ...]  # table order: the first game's East, South, West, North when --east is first
    first: Position
    start: dict[str, Any] = field(compare=False)
    ruleset: Ruleset = field(compare=False)
    games: tuple[Game, ...] = ()
    undo: tuple[tuple[Any, ...], ...] = ()  # ("game",) or ("amend", number, the record it replaced)
    notes: tuple[str, ...] = field(default=(), compare=False)
    path: str = field(default="", compare=False)  # the log's, for a message about one of its games

    @property
    def position(self) -> Position:
        """Where the deal stands for the next game."""
        return self.games[-1].after if self.games else self.first

    @property
    def sets(self) -> int | None:
        """Sets in the evening: `evening new --sets`, else the ruleset's sets_per_evening, else open."""
        chosen = self.start.get("sets")
        return chosen if isinstance(chosen, int) else self.ruleset.evening.sets_per_evening

    def seats(self, position: Position | None = None) -> tuple[tuple[str, Wind], ...]:
        """Each player's wind at a position (the next game's by default), in table order."""
        east = (position or self.position).east
        n = len(self.players)
        return tuple((name, WINDS[(i - east) % n]) for i, name in enumerate(self.players))

    def round_index(self, position: Position | None = None) -> int:
        """Rounds completed: a round is over when the deal has passed once around the table."""
        return (position or self.position).passes // len(self.players)

    def round_wind(self, position: Position | None = None) -> Wind | None:
        """The prevailing wind of the round, or None when the ruleset plays without one (Part I)."""
        if not self.ruleset.evening.round_wind:
            return None
        return WINDS[self.round_index(position) % ROUNDS_PER_SET]

    @property
    def sets_played(self) -> str:
        """The sets agreed on, as said of an evening over (`1 set played`, `2 sets played`)."""
        return f"{how_many(self.sets or 0, 'set')} played"

    @property
    def over(self) -> bool:
        """True when the sets agreed on have all been played."""
        return self.sets is not None and self.round_index() >= self.sets * ROUNDS_PER_SET

    @property
    def east(self) -> str:
        """Who is East Wind for the next game."""
        return self.players[self.position.east]

    @property
    def next_east(self) -> str:
        """Who becomes East Wind if the present East loses: the player to his right (South)."""
        return self.players[(self.position.east + 1) % len(self.players)]

    def totals(self, upto: int | None = None) -> dict[str, int]:
        """Each player's running total after `upto` games (all by default)."""
        out = dict.fromkeys(self.players, 0)
        for game in self.games[:upto]:
            for name, amount in game.net:
                out[name] += amount
        return out


def _keeps_deal(evening: Evening, record: dict[str, Any], seats: dict[str, Wind]) -> bool | None:
    """Whether East keeps the deal after this game (a draw and another's false Mah-Jongg count as kept,
    toward `east_repeat_cap`); None for a wash, a game after which the deal stands exactly as it was."""
    rules = evening.ruleset.evening
    kind = record["event"]
    if kind == "wash":
        return None  # "East Wind retains the Cheung (wind box)" ("Washing the Tiles")
    if kind == "hand":
        keeps = seats[record["winner"]] is Wind.EAST
    elif kind == "draw":
        keeps = not rules.draw_passes_deal
    else:
        caller_east = seats[record["player"]] is Wind.EAST
        keeps = {"east_keeps": True, "deal_passes": False}.get(rules.after_false_mahjongg, not caller_east)
    return keeps


def _ninth_win(evening: Evening, before: Position, east_won: bool) -> bool:
    """Whether the game is East's win that reaches east_win_cap (Kajongg's ninth in a row): read by the
    deal (_cap) and by the fact the evening states of it (_cap_facts)."""
    cap = evening.ruleset.evening.east_win_cap
    return east_won and cap is not None and before.wins + 1 >= cap


def cap_passing(evening: Evening, before: Position, keeps: bool | None, east_won: bool) -> str | None:
    """The `evening:` cap that passes the deal after a game East keeps (the one check of both), or None:
    read by the deal (apply) and by what status says of the next game (report.east_run)."""
    if not keeps:
        return None
    rules = evening.ruleset.evening
    # Kajongg's "East won nine times in a row": "the winds rotate" after East's ninth win, though he won.
    if _ninth_win(evening, before, east_won):
        return "east_win_cap"
    if rules.east_repeat_cap is not None and before.streak >= rules.east_repeat_cap:
        return "east_repeat_cap"
    return None


def _next(before: Position, keeps: bool | None, east_won: bool, capped: str | None, players: int) -> Position:
    if keeps is None:
        return before
    if keeps and capped is None:
        return replace(before, streak=before.streak + 1, wins=before.wins + east_won)
    return Position((before.east + 1) % players, 0, before.passes + 1)


def _east_won(record: dict[str, Any], seats: tuple[tuple[str, Wind], ...]) -> bool:
    """Whether the game is a hand East won (a winner not at the table is check_record's to refuse)."""
    winner = record.get("winner")
    return record.get("event") == "hand" and isinstance(winner, str) and dict(seats).get(winner) is Wind.EAST


def _cap_facts(evening: Evening, record: dict[str, Any], before: Position, east_won: bool) -> tuple[str, ...]:
    """The facts the evening states of a game itself: east_win_cap_fact of East's win that reaches
    east_win_cap (Kajongg's "East won nine times in a row": the evening knows the history a hand does not
    show, docs/evening.md#east-win-cap). The fact typed for another win of East's is refused, never paid
    on a guess; typed for that win, it is the same (record.idle_flags leaves it out)."""
    rules = evening.ruleset.evening
    fact, cap = rules.east_win_cap_fact, rules.east_win_cap
    if fact is None or cap is None or not east_won:
        return ()  # another seat's win stating it: the ruleset's `impossible` (ninth_win_not_easts)
    if _ninth_win(evening, before, east_won):
        return (fact,)
    if record.get(fact) is True:
        raise OptionError(
            f"{FACT[fact].option}: this is {evening.players[before.east]}'s win {before.wins + 1} as East "
            f"since the deal came to him, not win {cap} (the evening states it of win {cap} itself): "
            "leave it out",
            code="bad-option",
        )
    return ()


def with_stated(record: dict[str, Any], stated: tuple[str, ...]) -> dict[str, Any]:
    """A game's record as it is settled: with the facts the evening stated of it (Game.stated)."""
    return {**record, **dict.fromkeys(stated, True)} if stated else record


def play(evening: Evening, number: int, record: dict[str, Any], before: Position) -> Game:
    """Settle one game at a position: one result that `status`, `report` and the rest all read."""
    seats = evening.seats(before)
    wind = evening.round_wind(before) or Wind.EAST  # Part I: scored as in the East round, as `score` is
    east_won = _east_won(record, seats)
    stated = _cap_facts(evening, record, before, east_won)
    if _sealed(record, _played(seats, wind, stated), evening.players):
        # Sealed when it was settled at these very seats: its nets, settled again only when its
        # details are read (report, stats, play); `Game.detail` checks they agree. Its fields are
        # checked now all the same, so a bad one is refused naming its line (replay), not met by a reader.
        check_record(record, dict(seats))
        detail, net = UNSETTLED, record["net"]
    else:
        settled = with_stated(record, stated)
        detail, net = game_result(evening.ruleset, evening.start, settled, dict(seats), wind)
    keeps = _keeps_deal(evening, record, dict(seats))
    capped = cap_passing(evening, before, keeps, east_won)
    after = _next(before, keeps, east_won, capped, len(evening.players))
    nets = tuple((name, int(net[name])) for name in evening.players)
    rules = (evening.ruleset, evening.start, evening.path)
    return Game(number, record, seats, wind, before, after, nets, detail, rules, stated, capped)


def _sealed(record: dict[str, Any], where: dict[str, Any], players: tuple[str, ...]) -> bool:
    """The record carries its result for these seats, and its checksum shows it is as it was written
    (a line accepted after a change by hand has another, and is settled)."""
    net = record.get("net")
    return (
        record.get("played") == where
        and record.get(SUM) == content_sum(record)
        and isinstance(net, dict)
        and set(net) == set(players)
        and all(isinstance(v, int) and not isinstance(v, bool) for v in net.values())
        and sum(net.values()) == 0
    )


def _played(seats: tuple[tuple[str, Wind], ...], wind: Wind, stated: tuple[str, ...]) -> dict[str, Any]:
    where = {"seats": {name: w.word for name, w in seats}, "round": wind.word}
    # The facts the evening stated of the game (Game.stated), only when it stated one: a game settled
    # with another history is settled again, and a log written before there were any reads as it was.
    return {**where, "stated": list(stated)} if stated else where


def played(game: Game) -> dict[str, Any]:
    """The seats and round a game was settled at, and the facts the evening stated of it, as a game
    event records them (`played`)."""
    return _played(game.seats, game.round, game.stated)


def keeps_game(ruleset: Ruleset) -> None:
    """Refuse a ruleset whose game an evening cannot keep yet (docs/evening.md#settlement): one check,
    made by `evening new` and by every read of a log (`begin`), so that a start line `new` did not
    write (made through the library, or accepted by `repair`) is refused alike, never played."""
    if not ruleset.evening.playable:
        raise OptionError(
            f"ruleset {ruleset.name}: `evening` cannot keep its game yet (its evening: playable: false): "
            "settle each hand with `pungchow settle`",  # as the refusal of counters says, below
            code="not-playable",
        )
    terms = ruleset.settlement
    if terms.counter_points or terms.deposit_points:
        # Counters and deposits carry from hand to hand (a hanchan's, docs/riichi.md#hanchan), which an
        # evening does not keep yet: refused outright rather than settled without them.
        paid = and_list(
            what
            for what, points in (("counters", terms.counter_points), ("deposits", terms.deposit_points))
            if points
        )  # what it pays: a house ruleset may pay one of them alone
        raise OptionError(
            f"ruleset {ruleset.name} pays {paid}, which an evening does not carry from hand to hand yet: "
            'settle each hand with `pungchow settle` (`pungchow docs riichi`, "The game")',
            code="no-hanchan",
        )


def begin(start: dict[str, Any], path: str = "") -> Evening:
    """The evening before any game, from its start event (the ruleset compiled from its snapshot)."""
    players = start.get("players")
    if (
        not isinstance(players, list)
        or not 2 <= len(players) <= 4
        or not all(isinstance(p, str) and p for p in players)
        or len(set(players)) != len(players)
        or start.get("east") not in players
    ):
        raise EveningError(f"{path} line 1: the start event's players are damaged", code="evening-damaged")
    sets = start.get("sets")
    if sets is not None and (isinstance(sets, bool) or not isinstance(sets, int) or sets < 1):
        # `evening new --sets` takes 1 or more: 0 would end the evening before its first game, and a
        # `true` would read as 1 set (a line 1 edited by hand, and accepted by `repair`).
        raise EveningError(
            f"{path} line 1: the start event's sets ({as_written(sets)}) are damaged: a number of sets, 1 or"
            " more, or null; put the line back from a copy",
            code="evening-damaged",
        )
    limit, no_limit = start.get("limit"), start.get("no_limit", False)
    if not (limit is None or (type(limit) is int and 0 <= limit <= MAX_POINTS)) or type(no_limit) is not bool:
        # What `evening new --limit/--no-limit` writes (record.new); a hand-edited `"limit": "500"`,
        # accepted by `repair`, was compared with the points (a TypeError traceback in every report).
        raise EveningError(
            f"{path} line 1: the start event's limit ({as_written(limit)}, no_limit {as_written(no_limit)})"
            " is damaged: a whole number of points or null, and true or false; put the line back from a copy",
            code="evening-damaged",
        )
    ruleset = ruleset_of(start, path)
    try:
        keeps_game(ruleset)
    except OptionError as error:
        raise EveningError(f"{path} line 1: {error.message}", code=error.code) from None
    first = Position(east=players.index(start["east"]))
    return Evening(tuple(players), first, start, ruleset, path=path)


def body(record: dict[str, Any]) -> dict[str, Any]:
    """A game event without its bookkeeping (version, time, cached seats and nets)."""
    bookkeeping = ("v", "at", "played", "net", "skips_torn_line", "prev", "sum")
    return {k: v for k, v in record.items() if k not in bookkeeping}


def _what(record: dict[str, Any]) -> str:
    """A recorded game in a few words, for a message."""
    kind = record.get("event")
    if kind == "hand":
        return f"{record.get('winner')}'s win"
    if kind == "wash":
        return f"{record.get('player')}'s wash"
    if kind == "penalty":
        return f"{record.get('player')}'s false Mah-Jongg"
    return "the draw"


def _refold(evening: Evening, start: int, records: list[dict[str, Any]]) -> tuple[Game, ...]:
    """The games from index `start` on, replayed after a change (later seats may change). A later game
    that cannot be settled at the seats it now falls to refuses the change, naming that game."""
    games = list(evening.games[:start])
    old = evening.games
    for i in range(start, len(records)):
        before = games[-1].after if games else evening.first
        if i < len(old) and old[i].record is records[i] and old[i].before == before:
            games.append(old[i])  # played at the same seats: the same result
            continue
        at = replace(evening, games=tuple(games))
        try:
            games.append(play(at, i + 1, records[i], before))
        except PungchowError as error:
            if i == start:
                raise
            raise _breaks_later(evening, start + 1, i + 1, records[i], at, before, error) from None
    return tuple(games)


def _breaks_later(
    evening: Evening,
    changed: int,
    number: int,
    record: dict[str, Any],
    at: Evening,
    before: Position,
    error: PungchowError,
    over: bool = False,
) -> OptionError:
    """Why a change of game `changed` is refused: game `number` cannot be settled at its new seats (or,
    `over`, would come after the evening's end: then it can only be taken back)."""
    east, was = at.players[before.east], evening.games[number - 1].east
    seats = f"{east} would be East Wind at game {number}" + (f", not {was}" if east != was else "")
    last, undos, games = len(evening.games), 0, len(evening.games)
    for entry in reversed(evening.undo):  # undo takes back the latest game or amendment first
        if games < number:
            break
        undos += 1
        games -= entry[0] == "game"
    times = "once" if undos == 1 else f"{undos} times"
    them = "it" if number == last else "them"
    which = f"game {number} back" if number == last else f"back games {number} to {last}"
    again = (
        f"then change game {changed}: the evening ends before game {number}"
        if over
        else (f"change game {changed}, and record {them} again")
    )
    first = "" if over else f"amend game {number} first, or "
    return OptionError(
        f"game {changed} cannot be changed so: game {number} ({_what(record)}) would no longer settle "
        f"({seats}): {error}. To go on, {first}take {which} (`evening undo` {times}), {again}",
        code="amend-breaks-later-game",
    )


def check_end(evening: Evening, after: Evening, changed: int) -> None:
    """Refuse a change of game `changed` (evening: before it; after: with it) that would end the
    evening before a later game: the sets agreed on would be over before that game was played."""
    sets = after.sets
    late = next(
        (
            g
            for g in after.games[changed:]
            if sets is not None and after.round_index(g.before) >= sets * ROUNDS_PER_SET
        ),
        None,
    )
    if late is not None:
        why = OptionError(f"the evening would be over before it ({after.sets_played})")
        raise _breaks_later(evening, changed, late.number, late.record, after, late.before, why, over=True)


def apply(evening: Evening, event: dict[str, Any]) -> Evening:
    """The evening after one more event of its log."""
    kind = event["event"]
    if kind in GAMES:
        game = play(evening, len(evening.games) + 1, event, evening.position)
        return replace(evening, games=(*evening.games, game), undo=(*evening.undo, ("game",)))
    if kind == "amend":
        number, record = event.get("game"), event.get("record")
        # `true` is no game number, though Python counts it as 1: a line holding it is refused, not
        # read as an amendment of game 1 on a guess.
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(evening.games):
            raise EveningError(f"amend: there is no game {number!r} to amend", code="evening-no-game")
        if not isinstance(record, dict) or record.get("event") not in GAMES:
            raise EveningError("amend: the new record is not a game", code="evening-damaged")
        records = [g.record for g in evening.games]
        previous = records[number - 1]
        records[number - 1] = record
        games = _refold(evening, number - 1, records)
        return replace(evening, games=games, undo=(*evening.undo, ("amend", number, previous)))
    if kind == "undo":
        if not evening.undo:
            raise EveningError("there is nothing to undo", code="evening-nothing-to-undo")
        last = evening.undo[-1]
        if last[0] == "game":
            return replace(evening, games=evening.games[:-1], undo=evening.undo[:-1])
        number, previous = last[1], last[2]
        records = [g.record for g in evening.games]
        records[number - 1] = previous
        return replace(evening, games=_refold(evening, number - 1, records), undo=evening.undo[:-1])
    if kind == "repair":
        return evening  # accepts changed lines of the log (log.parse); the games are as they read
    raise EveningError(f"a second start event ({kind})", code="evening-damaged")


def replay(log: Log) -> Evening:
    """Rebuild the evening from its log; an event that cannot be replayed is an error naming its line."""
    evening = begin(log.lines[0].event, log.path)
    for line in log.lines[1:]:
        evening = _apply_line(evening, line, log.path)
        if not line.accepted:
            _check_result(evening, line, log.path)
    return replace(evening, notes=log.notes)


def replayed(path: str, data: bytes) -> Evening:
    """The evening a log's bytes hold (parse, then replay), every reader's one way to it; a line refused
    with the hint to accept it that `evening repair` would refuse to accept is refused as it would be."""
    try:
        return replay(parse(path, data))
    except EveningError as error:
        raise unmendable(error, path, data) from None


def unheeded_nets(evening: Evening) -> list[tuple[int, dict[str, Any], dict[str, int]]]:
    """The games whose `net`, as their line now reads, is not what they settle: a line accepted by a
    repair after its net was edited by hand (a line read as written is refused so: _check_result). The
    evening counts what each game settles (docs/evening.md, "Damage and repair"): (game, written, settled)."""
    found = []
    for game in evening.games:
        written = game.record.get("net")
        # A game an amendment before it moved (its winner's or a deal's) is settled at other seats than
        # its line was: its net is rightly another, as _check_result lets it be (an evening host's trial
        # was told to amend game 2 after amending game 1).
        if game.record.get("played") != played(game):
            continue
        if isinstance(written, dict) and written != dict(game.net):
            found.append((game.number, written, dict(game.net)))
    return found


def unmendable(error: EveningError, path: str, data: bytes) -> EveningError:
    """`error`, or, when it hints `evening repair --accept N`, what repair would do: where accepting
    line N (and the lines found after it) would still leave the log refused (a winner not at the table,
    a start line's `sets: 0`, an amendment of the game a deleted line held), that refusal; where more
    lines must be accepted with it, the hint naming them all. A reader never hints a repair that repair
    then refuses (docs/evening.md, "Damage and repair"); what repair tries, tried alike (log.tried)."""
    number = error.line
    if number is None or repair_hint(path, number) not in error.message:
        return error
    try:
        _, _, found = tried(path, data, replay)
    except EveningError as refusal:
        return refusal
    lines = [n for n, _ in found]
    if len(lines) < 2:
        return error
    what = error.message.split(repair_hint(path, number))[0]
    return EveningError(what + repair_hints(path, lines), code=error.code, line=number)


def _check_result(evening: Evening, line: Line, path: str) -> None:
    """The result a game event recorded (`played`, `net`) must be what settling it again gives, when
    it is settled at the same seats: a log changed by hand (or an older one, with no checksums) whose
    recorded result no longer matches its game is refused, naming the line."""
    kind = line.event.get("event")
    if kind in GAMES:
        record, game = line.event, evening.games[-1]
    elif kind == "amend":
        record, game = line.event["record"], evening.games[line.event["game"] - 1]
    else:
        return
    net, where = record.get("net"), record.get("played")
    if where is not None and where != played(game) and SUM not in line.event:
        # Replayed in order, a game is reached at the seats it was written at (an amendment before it
        # is replayed before it too). An older pungchow's line has no `prev` to find a line before it
        # deleted or moved by: the deal it was played at gives it away.
        raise EveningError(
            f"{path} line {line.number}: out of place: it was played at {_where(where)}, but the lines "
            f"before it reach it at {_where(played(game))} (this line or one before it changed, deleted "
            "or moved?)"
            f"{repair_hint(path, line.number)}",
            code="evening-changed",
            line=line.number,
        )
    if net is None or where != played(game):
        return  # nothing recorded (an older log), or a line accepted as changed moved the seats
    if net != dict(game.net):
        raise EveningError(
            f"{path} line {line.number}: the result it records ({_nets(net)}) is not what settling its "
            f"game gives ({_nets(dict(game.net))}){repair_hint(path, line.number)}",
            code="evening-changed",
            line=line.number,
        )


def _where(played: Any) -> str:
    """Seats and round as a game event records them (`played`): `Ann east, Bob south (east round)`."""
    if not isinstance(played, dict) or not isinstance(played.get("seats"), dict):
        return as_written(played)
    seats = ", ".join(f"{name} {wind}" for name, wind in played["seats"].items())
    return f"{seats} ({played.get('round')} round)"


def _nets(net: Any) -> str:
    if not isinstance(net, dict):
        return as_written(net)
    return ", ".join(
        f"{name} {value:+d}" if isinstance(value, int) else f"{name} {as_written(value)}"
        for name, value in net.items()
    )


def _apply_line(evening: Evening, line: Line, path: str) -> Evening:
    try:
        return apply(evening, line.event)
    except EveningError as error:
        if error.code == "evening-damaged" or error.code.startswith("evening-no"):
            raise EveningError(
                f"{path} line {line.number}: {error.message}", code="evening-damaged"
            ) from None
        raise
    except PungchowError as error:
        raise EveningError(
            f"{path} line {line.number}: cannot be replayed: {error}", code="evening-damaged"
        ) from None
    except (KeyError, TypeError, ValueError) as error:
        raise EveningError(
            f"{path} line {line.number}: damaged event ({type(error).__name__}: {error})",
            code="evening-damaged",
        ) from None
