"""The parts of a game in `evening play`, each asked until it is right: the winner's hand, how it was
won and the discarder, the facts after "Also", the other players' hands or scores, a wash's tiles and a
false Mah-Jongg's caller. Each part is checked as it is typed, completely, and a refusal is said in the
prompts' words (docs/evening.md, "evening play"); settling, confirming and recording are
evening_play.Table's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..engine.errors import NotationError, PungchowError
from ..engine.situation import flag_facts
from ..evening.settle import FLAGS, seats_named
from ..evening.state import Evening
from ..render.evening import by_name
from .evening_prompt import Prompt
from .failure import reason

EXTRAS = [flag.replace("_", "-") for flag in FLAGS]  # every fact typed after "Also"

# How a hand was won: the prompt's own words first (so `d` is a discard), then the documented
# synonyms (docs/notation.md: `drawn` = `wall`; "self-drawn" is the word of `evening report`).
_HOW = (
    ("discard", "discard"),
    ("wall", "wall"),
    ("loose", "loose"),
    ("self-drawn", "wall"),
    ("drawn", "wall"),
    ("loose-tile", "loose"),
)

# The engine and the log speak of command-line options; at the table the same things have the words
# of the prompts. Applied to every message shown in play (one place: play_words).
_OPTION_WORDS = {
    "--from": "the discarder",
    "--feeder": "the feeder",
    "--winner": "the winner",
    "--other": "the hands",
    "--dead": "a dead hand",
    "--draw": "draw",
    "--false-mahjongg": "false",
    "--win-by": "how it was won",
    # A refusal's hint names the way to drop or give (`drop --first-discard or --drawn`): said by its answer.
    "--drawn": "wall (how it was won)",
    "--loose": "loose (how it was won)",
    **{f"--{word}": word for word in EXTRAS},
    "`evening undo`": "`undo`",  # how to go on after an amendment refused (state._breaks_later)
}
# `(--other Bob=0)`, a score hinted (evening/settle.py seats_named): at the prompt for Bob's hand or
# score, the score alone, `(0)`.
_OPTION = re.compile(
    r" ?\(--(?:loser|dead)\)|\(--other [^\n]*?=[0-9]+\)|--[a-z][a-z-]*|\bPLAYER\b|`evening undo`"
)


def _extras(ruleset: Any) -> list[str]:
    """The on/off facts offered after "Also", as typed: those some rule of the ruleset reads, and those
    that score nothing of themselves (engine/situation.py's table); not the one the evening states
    itself (its `east_win_cap_fact`, docs/evening.md#east-win-cap), which typed is noted or refused."""
    from ..engine.plan import plan_for

    reads = plan_for(ruleset, True).reads
    itself = ruleset.evening.east_win_cap_fact
    return [
        fact.field.replace("_", "-")
        for fact in flag_facts()
        if (not fact.scores or fact.field in reads) and fact.field != itself
    ]


@dataclass
class Entry:
    """A game being typed: its record, the seats it is played at, and how to ask each part again."""

    record: dict[str, Any]
    seats: dict[str, Any]  # name -> Wind, for the game being entered (or amended)
    parts: dict[str, Callable[[], None]] = field(default_factory=dict)

    def offered(self) -> list[str]:
        """The parts that can be changed now (the discarder only of a game won on a discard; neither it
        nor how of a hand as dealt, won on the original draw)."""
        if self.record.get("original_hand"):
            return [name for name in self.parts if name not in ("how", "from")]
        on_discard = self.record.get("win_by", "discard") == "discard"
        return [name for name in self.parts if name != "from" or on_discard]


class Parts(Prompt):
    """The questions of one game's parts, asked as Prompt asks them, over the evening being played."""

    def __init__(self, ascii_only: bool) -> None:
        super().__init__(ascii_only, EXTRAS)
        self.evening: Evening | None = None  # read by Table.run before any game is entered

    def _words(self, message: str, seats: dict[str, Any]) -> str:
        """A refusal as play speaks: players by name (and seat, which it may turn on), and the prompts'
        words for the options."""
        return play_words(by_name(message, {wind: name for name, wind in seats.items()}, seated=True))

    def _error(self, error: PungchowError, seats: dict[str, Any]) -> str:
        if isinstance(error, NotationError):  # it quotes what was typed (`west` in a hand): no seat to name
            return play_words(reason(error))
        return self._words(reason(error), seats)

    def _won(self, seats: dict[str, Any], winner: str) -> Entry:
        entry = Entry({"event": "hand", "winner": winner, "hands": {}}, seats)
        others = [name for name in seats if name != winner]
        entry.parts = {
            "hand": lambda: self._hand_again(entry),
            "how": lambda: self._how(entry),
            "from": lambda: self._discarder(entry),
            "also": lambda: self._also(entry),
            **{name: partial(self._other_hand, entry, name) for name in others},
        }
        self._winning_hand(entry)
        self._how(entry)
        self._also(entry)
        for name in others:
            self._other_hand(entry, name)
        return entry

    def _draw(self, seats: dict[str, Any]) -> Entry:
        entry = Entry({"event": "draw"}, seats)
        if self.yes("  Settle the hands of the draw?", default=False):
            entry.record["hands"] = {}
            entry.parts = {name: partial(self._other_hand, entry, name) for name in seats}
            for name in seats:
                self._other_hand(entry, name)
        return entry

    def _wash(self, evening: Evening) -> Entry:
        entry = Entry({"event": "wash"}, dict(evening.seats()))
        entry.parts = {"player": lambda: self._washer(entry), "tiles": lambda: self._wash_tiles(entry)}
        self._washer(entry)
        return entry

    def _washer(self, entry: Entry) -> None:
        entry.record["player"] = self.ask_name("  Who washes the tiles? ", entry.seats)
        self._wash_tiles(entry)

    def _wash_tiles(self, entry: Entry) -> None:
        from ..engine.notation import parse
        from ..engine.wash import original_hand, refuse_a_win, wash, wash_table

        player = entry.record["player"]
        seat = entry.seats[player]
        count = 14 if seat.word == "east" else 13  # "the original 13 tiles (14 in case of East Wind)"
        while True:
            tiles = self.ask(f"  {player}'s original hand ({count} tiles, {player} being {seat.word}): ")
            try:
                order = tuple(sorted(entry.seats.values(), key=lambda w: w.value))
                ruleset = self._ruleset()
                wash_table(ruleset)
                refuse_a_win(
                    wash(original_hand(tiles, seat), ruleset, seat, parse(tiles).code, order), ruleset
                )
            except PungchowError as error:
                self.retry(f"{self._error(error, entry.seats)} — type it again (or `cancel`)")
                continue
            entry.record["tiles"] = tiles
            return

    def _false(self, seats: dict[str, Any]) -> Entry:
        entry = Entry({"event": "penalty", "type": "false_mahjongg"}, seats)
        entry.parts = {"player": lambda: self._caller(entry)}
        self._caller(entry)
        return entry

    def _caller(self, entry: Entry) -> None:
        entry.record["player"] = self.ask_name("  Who called a false Mah-Jongg? ", entry.seats)

    def _winning_hand(self, entry: Entry) -> None:
        """The winner's hand, checked completely at once: notation, size, a `!` (or the original draw)."""
        from ..engine.hand import require_winning_size
        from ..engine.impossible import may_be_dealt

        winner = entry.record["winner"]
        while True:
            text = self.ask(f"  {winner}'s hand (mark the winning tile with !): ")
            try:
                hand = _built(text)
                original = hand.winning_tile is None
                if original:  # its tile count first: a 13-tile hand is told so, not asked how it was won
                    require_winning_size(hand)
                if original and not may_be_dealt(hand):
                    # Not asked whether it was dealt so, which "y" could only be refused for: the hint of
                    # `score` offers --original-hand to such a hand alone (docs/rulings.md#original-hand).
                    self.retry(
                        "no tile is marked with !, and a hand with a set laid open or a kong was not won "
                        "as dealt: mark the winning tile with ! — type the hand again (or `cancel`)"
                    )
                    continue
                if original and not self.yes(
                    f"  No tile is marked with !: did {winner} win on the original draw (the hand as dealt)?",
                    default=False,
                ):
                    self.retry("then mark the winning tile with ! — type the hand again (or `cancel`)")
                    continue
                self._score(hand, entry, winner, winner=True, original=original)
            except PungchowError as error:
                self.retry(f"{self._error(error, entry.seats)} — type it again (or `cancel`)")
                continue
            entry.record["hands"][winner] = text
            # The hand as dealt (no `!`, docs/notation.md) or not: said by the hand typed last, so a hand
            # typed again with its `!` is no longer taken as won on the original draw.
            entry.record.pop("original_hand", None)
            if original:
                entry.record["original_hand"] = True
            return

    def _hand_again(self, entry: Entry) -> None:
        """The winning hand typed again; a hand as dealt now marked is asked how it was won."""
        dealt = entry.record.get("original_hand")
        self._winning_hand(entry)
        if dealt and not entry.record.get("original_hand"):
            self._how(entry)

    def _how(self, entry: Entry) -> None:
        if entry.record.get("original_hand"):
            # A hand as dealt is won on the original draw and takes no discard (engine FROM_ORIGINAL;
            # docs/rulings.md#original-hand): there is no way of winning or discarder to ask.
            entry.record.pop("win_by", None)
            entry.record.pop("from", None)
            return
        while True:
            answer = self.ask("  Won by discard, wall (self-drawn) or loose tile? [discard] ")
            how = _how(answer or "discard")
            if how is not None:
                break
            self.retry(f"{answer!r}: say discard, wall (or self-drawn, drawn) or loose")
        entry.record.pop("win_by", None)
        if how != "discard":
            entry.record["win_by"] = how
            entry.record.pop("from", None)
        else:
            self._discarder(entry)

    def _discarder(self, entry: Entry) -> None:
        if entry.record.get("win_by", "discard") != "discard":
            self.retry("the hand was not won on a discard: change `how` to say it was")
            return
        winner = entry.record["winner"]
        others = [name for name in entry.seats if name != winner]
        # The winner named: a self-drawn win told as a discard, as `--from` the winner is (OWN_DISCARD).
        own = f"{winner} won: a player cannot win on his own discard (a tile he drew himself: change `how`"
        own += " to wall)"
        found = self.ask_name(
            "  Who discarded the winning tile? [Enter: not said] ",
            entry.seats,
            others,
            optional=True,
            left_out=(winner, own),
        )
        entry.record.pop("from", None)
        if found is not None:
            entry.record["from"] = found

    def _also(self, entry: Entry) -> None:
        # The on/off facts of a hand, as `evening hand` takes them (evening.settle.FLAGS): those listed
        # are the ones the evening's ruleset scores, and those that score nothing but are checked (no
        # riichi under pung-chow); any other is still taken, with a note that nothing scores it.
        from ..engine.impossible import BEFORE_ANY_CALL, may_be_dealt

        listed = _extras(self._ruleset())
        winner = entry.record["winner"]
        built = _built(entry.record["hands"][winner])
        if not may_be_dealt(built):  # a set laid open or a kong: not won before any call (still taken)
            listed = [word for word in listed if word.replace("-", "_") not in BEFORE_ANY_CALL]
        if built.winning_tile is None:  # won on the original draw, the "y" said: not offered again
            listed = [word for word in listed if word != "original-hand" and self._with_dealt(entry, word)]
        self.echo(f"  Also, any of: {' '.join(listed[:3])}")
        for at in range(3, len(listed), 3):  # three a line: every line fits 60 columns
            self.echo(f"    {' '.join(listed[at : at + 3])}")
        while True:
            answer = self.ask("  [Enter: none] ")
            words = answer.replace(",", " ").split()
            keys = [word.lower().replace("-", "_") for word in words]
            wrong = [word for word, key in zip(words, keys, strict=True) if key not in FLAGS]
            if not wrong:
                break
            self.retry(f"{wrong[0]!r} is not one of the words above — type them again (Enter: none)")
        dealt = built.winning_tile is None  # no `!`: the original draw
        for flag in FLAGS:
            entry.record.pop(flag, None)
            if flag in keys or (flag == "original_hand" and dealt):
                entry.record[flag] = True

    def _with_dealt(self, entry: Entry, word: str) -> bool:
        """Whether the fact `word` may go with a win on the original draw under the evening's ruleset:
        one its play never has with it (its setting `impossible`: `first-discard`, `last-tile` under the
        book's) is not offered for such a hand, as it would be refused once the game is shown."""
        from dataclasses import replace

        from ..engine.impossible import conflicting_facts
        from ..engine.situation import Situation, WinBy

        winner = entry.record["winner"]
        hand = _built(entry.record["hands"][winner])
        names = self._ruleset().settings.impossible
        dealt = Situation(seat=entry.seats[winner], win_by=WinBy.WALL, original_hand=True)
        key = word.replace("-", "_")
        if not hasattr(dealt, key) or conflicting_facts(hand, dealt, names) is not None:
            return True  # no fact of a hand, or the hand refused as dealt already: the settling says why
        stated: dict[str, Any] = {key: True}  # an on/off fact: a field of Situation (hasattr above)
        return conflicting_facts(hand, replace(dealt, **stated), names) is None

    def _other_hand(self, entry: Entry, name: str) -> None:
        """A hand that did not win (or a plain score), checked at once; a hand of the wrong size is
        asked about: dead (it scores nothing and pays all, Part I "Mah-Jongg or Mah-Diao") or mistyped."""
        from ..engine.hand import size_hint
        from ..engine.penalties import dead_reason, penalty_of, wrong_size_error

        dead_rule = penalty_of(self._ruleset(), "dead_hand")
        while True:
            text = self.ask(f"  {name}'s hand or score: ")
            dead = False
            try:
                hand = self._seat(entry, name, text)
                why = None if isinstance(hand, int) else dead_reason(dead_rule, hand)
                if why is not None and dead_rule is None and hand.winning_tile is None:
                    # No dead-hand penalty: nothing makes it settle, so it is mistyped (as `settle` says),
                    # its seat (`--south`) said by the player's name, as _seat says a score's error.
                    error = wrong_size_error(
                        entry.seats[name], why, hand, None, self._ruleset().settings.long_hand_scores_zero
                    )
                    raise seats_named(error, {wind.word: n for n, wind in entry.seats.items()})
                if why is not None and dead_rule is not None and hand.winning_tile is None:
                    # What the hand may have been meant as (seasons typed as riichi's souzu, a kong
                    # undeclared), said as `settle` says it.
                    hint = size_hint(hand, dead_rule.tiles + hand.kongs)
                    dead = self.yes(
                        f"  {name}'s hand has {why}{hint}: is it dead (scores nothing, pays all)?",
                        default=False,
                    )
                    if not dead:
                        self.retry("then type the hand again (or `cancel`)")
                        continue
                elif not isinstance(hand, int):  # a plain score is taken as it is
                    self._score(hand, entry, name, winner=False, original=False)
            except PungchowError as error:
                self.retry(f"{self._error(error, entry.seats)} — type it again (or `cancel`)")
                continue
            entry.record.setdefault("hands", {})[name] = text
            marked = [n for n in entry.record.get("dead", []) if n != name] + ([name] if dead else [])
            entry.record.pop("dead", None)
            if marked:
                entry.record["dead"] = [n for n in entry.seats if n in marked]  # in table order
            return

    @staticmethod
    def _seat(entry: Entry, name: str, text: str) -> Any:
        """A score or a hand, read as the settlement reads every seat (`８`, `1,000` and `+4` refused as
        scores, as a new game is), its errors naming the player as settling does (`Bob: ...`)."""
        from ..engine.seats import read_seat, sign_refusal

        try:
            value = read_seat(entry.seats[name], text)
            signed = None if not isinstance(value, int) else sign_refusal(entry.seats[name], text, value)
            if signed is not None:
                raise signed
            return value
        except PungchowError as error:
            raise seats_named(error, {wind.word: n for n, wind in entry.seats.items()}) from None

    def _score(self, hand: Any, entry: Entry, name: str, *, winner: bool, original: bool) -> None:
        """Score one hand as the settlement will (raising its error), so a mistake is found as typed."""
        from ..engine.scoring import score_hand
        from ..engine.situation import Situation

        seat = entry.seats[name]
        score_hand(hand, self._ruleset(), Situation(seat=seat, winner=winner, original_hand=original))

    def _ruleset(self) -> Any:
        assert self.evening is not None  # loaded by run() before any entry
        return self.evening.ruleset


def _how(answer: str) -> str | None:
    """discard, wall or loose from the answer: a prompt word or a synonym, whole or begun."""
    typed = answer.strip().lower().replace(" ", "-").replace("_", "-")
    for word, how in _HOW:
        if word == typed:
            return how
    for word, how in _HOW:  # the prompt's words come first: `d` is a discard, `dr` drawn
        if word.startswith(typed):
            return how
    return None


def play_words(text: str) -> str:
    """The engine's text with the prompts' words for the options it names (`--from`: the discarder)."""
    return _OPTION.sub(lambda m: _play_word(m[0]), text)


def _play_word(option: str) -> str:
    if option.startswith("(--other "):
        return f"({option.rpartition('=')[2]}"  # the score hinted, asked for by the prompt itself
    if option.strip().startswith("("):
        return ""  # `(--loser)`, `(--dead)`: said by the question itself in play
    if option == "PLAYER":
        return "the player"
    return _OPTION_WORDS.get(option, option)


def _built(text: str) -> Any:
    from ..engine.hand import build
    from ..engine.notation import parse

    return build(parse(text))
