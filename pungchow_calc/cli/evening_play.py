"""`pungchow evening play`: the table mode a person uses all evening.

It shows where the evening stands, asks for the next game step by step, checks each part as it is
typed (asking that part again on a mistake; the parts are evening_parts.py's), shows the settlement,
asks to confirm, and records. A mistake never throws the entry away: an answer that is not understood
is asked again with a one-line reason, and after a refused settlement or "n" at "Record this game?"
the person changes only the part that was wrong. What is recorded is exactly the game shown: if another
terminal recorded meanwhile, the game is shown again as it now falls and asked again (docs/evening.md,
"evening play"). `undo`, `amend N`, `status`, `report` and `quit` are available at the main prompt.
Plain text: fine with NO_COLOR and in 60 or 80 columns; readline gives history and tab completion
where the terminal has it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

from .. import done_all_the_same
from ..engine.errors import PungchowError, printable
from ..evening import record as book
from ..evening.log import EveningError
from ..evening.names import player_named
from ..evening.report import describe, round_name, status
from ..evening.settle import FLAGS, who_sits
from ..evening.state import Evening
from ..render.ascii import fit_data
from ..render.evening import game_text, shown_game
from ..render.layout import hanging, terminal_width
from .evening_parts import Entry, Parts, play_words
from .evening_prompt import QUIT_COMMANDS, Cancel, Interrupted, Quit
from .evening_run import (
    change_text,
    deal_text,
    hand_record,
    idle_note,
    status_view,
    taken_back_anyway,
    written_anyway,
)

_NOT_A_GAME = frozenset({*QUIT_COMMANDS, "help", "?", "", "status", "report", "undo", "amend"})  # (_command)

_READ_AGAIN = frozenset({"status", "undo", "amend"})  # (run)
_GAME_UNDONE = "the game being entered was not recorded"  # end of input in a game's entry (Table.run)
# Errors whose message already says that nothing was recorded (logfile: a write the system refused, a
# lock held too long): an entry they end is not told so twice (run).
_SAYS_NOTHING_RECORDED = frozenset({"evening-write", "evening-locked", "evening-gone"})

# The commands that take nothing after them: a word more (`undo 1`, `draw 3`) is refused, never
# passed over, as what it meant is not done (docs/evening.md, "evening play").
_NO_ARGUMENT = (
    *("status", "report", "undo", "draw", "wash", "false", "false-mahjongg"),
    *("help", "?", *QUIT_COMMANDS),  # `quit now` left the table, `help me` passed the word over
)


def _no_argument(word: str, rest: str) -> str:
    """The refusal of a word typed after a command that takes none."""
    said = f"{word} {rest!r}"[:60]
    if word == "undo":
        return (
            f"{said}: nothing taken back; `undo` takes no number: type `undo` once for each "
            "game to take back, the last first, or `amend N` to change game N"
        )
    return f"{said}: nothing done; `{word}` takes nothing after it: type `{word}` alone"


def _command_word(command: str) -> tuple[str, str]:
    """The main prompt's command word (lower case) and what follows it, parted by any space: `amend 1`
    typed with a no-break space or a tab (pasted) is `amend` and 1, as a hand's spaces are read."""
    word, *rest = command.split(None, 1) or [""]
    return word.lower(), "".join(rest)


def _hand_first(typed: str, players: Sequence[str]) -> str:
    """ "; that is a hand: ..." for a hand typed where the winner is asked (the one-shot command's
    order, `evening hand HAND --winner NAME`), or a player's name and his hand on one line (`Bob
    2c3c4c ...`: the answers to two prompts), else ""."""
    from ..engine.notation import reads_as_hand

    if reads_as_hand(typed):
        return "; that is a hand: type who won first, and his hand when asked"
    words = typed.split()
    for cut in range(1, len(words)):
        try:
            who = player_named(" ".join(words[:cut]), players)
        except PungchowError:  # a name that could be two players: no hint to give
            return ""
        if who is not None and reads_as_hand(" ".join(words[cut:])):
            return f"; that is {who} and a hand: type who won alone ({who}), and his hand when asked"
    return ""


class Table(Parts):
    """One `evening play` session over one log (a game's parts asked as Parts asks them)."""

    def __init__(self, path: str, ascii_only: bool = False) -> None:
        super().__init__(ascii_only)
        self.path = path
        # What end of input leaves undone in the command being answered (run): set by _undo and _amend.
        self.undone = _GAME_UNDONE

    # --- the session ---------------------------------------------------------------------------

    def run(self) -> int:
        """The session: show the state, take a command, until `quit`, end of input or Ctrl-C twice."""
        try:
            evening = book.load(self.path, self._say)
        except PungchowError as error:
            print(f"error: {printable(str(error))}", file=sys.stderr)
            return 2
        self.start = evening.start  # the evening this table opened: its start line never changes
        self.words = [*evening.players, *self._commands(evening), "status", "report", "help", "quit"]
        self.players = list(evening.players)
        self._show(evening)
        self.echo("Type `help` for the commands.")
        interrupted = False
        told: str | None = None  # the error the last entry ended with
        while True:
            try:
                evening = self.evening = self._load()  # another terminal may have recorded
                asked = (
                    "Evening over — undo, amend, status, report, quit"
                    if evening.over
                    else f"Game {len(evening.games) + 1} — who won"
                )
                command = self.ask(f"\n{asked}? ", leaves=False)
                if _command_word(command)[0] in _READ_AGAIN:
                    # Another terminal may have recorded while the prompt waited: these show or change
                    # recorded games, so they read the evening as it now stands. (A game entered is
                    # settled against the evening as it stands when it is shown: _settle.)
                    evening = self.evening = self._load()
            except (Interrupted, KeyboardInterrupt):  # at the prompt, or while the log is read
                if interrupted:
                    return 0
                self.echo("  (Ctrl-C again, or `quit`, leaves the table)")
                interrupted = True
                continue
            except Cancel:
                continue  # `cancel` at the main prompt: there is no entry to leave
            except PungchowError as error:  # the log is locked a while, or damaged meanwhile
                if str(error) != told:  # said once: the entry it ended said it, " — nothing recorded"
                    self.line(f"  error: {printable(str(error))}")
                told = None
                if self._leave_after_error():
                    return 2
                continue
            interrupted = False
            told = None
            try:
                if not self._command(command, evening):
                    return 0
            except SystemExit:  # end of input in the middle of a command: say what became of it
                self.echo(f"  (end of input: {self.undone})")
                # Not 0: a script feeding the table learns that what it began was not done (a game or an
                # amendment not recorded, nothing taken back); end of input at the main prompt is 0.
                return 1
            except Quit:  # `quit` while a game was entered: it is not recorded, and play ends as asked
                self.echo(f"  (quit: {self.undone})")
                return 0
            except Cancel:
                self.echo("  (cancelled; nothing recorded)")
            except KeyboardInterrupt as stop:
                # Ctrl-C while play works (a game settled, the log's lock awaited): it leaves the entry,
                # as at a prompt; a change already written says so (written_anyway).
                done = done_all_the_same(stop)
                self.echo()
                self.line(f"  interrupted; {done[0]}" if done else "  (interrupted; nothing recorded)")
            except PungchowError as error:
                ended = "" if error.code in _SAYS_NOTHING_RECORDED else " — nothing recorded"
                self.line(f"  error: {self._error(error, dict(evening.seats()))}{ended}")
                told = str(error)  # a log damaged meanwhile: the next reading of it need not say it again

    def _load(self) -> Evening:
        """The evening as it now stands, still the one this table opened: a log whose start line is no
        longer the one it was opened with (another evening's log put in its place, a start line edited
        and accepted) is refused, never recorded into on a guess (docs/evening.md, `evening play`)."""
        try:
            current = book.load(self.path, self._say)
        except EveningError as error:
            raise _gone(self.path, error) from None
        if current.start != self.start:
            raise EveningError(
                f"{self.path}: no longer the evening this table opened (its start line changed: another "
                "log put in its place?): put it back, or open the log again with `evening play`",
                code="evening-changed",
            )
        return current

    def _leave_after_error(self) -> bool:
        """After the log could not be read: True to leave, False to try again. However the person leaves
        (`quit`, Ctrl-C, end of input), the log is left as it could not be read: exit 2 (run)."""
        while True:
            try:
                answer = self.ask("  Enter: try again; quit: leave ", leaves=False)
            except (Cancel, SystemExit):
                return True
            if answer.lower() in ("", *QUIT_COMMANDS):
                return bool(answer)
            self.retry(f"{answer!r}: press Enter to try again, or type quit")  # quoted as typed, as elsewhere

    def _say(self, message: str) -> None:
        self.line(message)

    def _show(self, evening: Evening) -> None:
        self.echo(
            status_view({**status(evening), "notes": list(evening.notes)}, evening, self.path, self.out)
        )

    @staticmethod
    def _lacks(evening: Evening) -> dict[str, str]:
        """Why this evening has no `wash` or no `false`, as `evening wash` and `evening false-mahjongg`
        refuse them: no washing table; no false Mah-Jongg penalty, or no limit to pay it in."""
        from ..engine.wash import wash_table
        from ..evening.settle import EVENING_PART_II

        lacks: dict[str, str] = {}
        try:
            wash_table(evening.ruleset, EVENING_PART_II)
        except PungchowError as error:
            lacks["wash"] = error.message
        try:  # settled as it would be: the one place its conditions are checked
            book.preview(evening, {"event": "penalty", "type": "false_mahjongg", "player": evening.east})
        except PungchowError as error:
            lacks["false"] = error.message
        return lacks

    @classmethod
    def _commands(cls, evening: Evening) -> list[str]:
        """The game commands this evening has: `wash` only under a ruleset with a washing table, `false`
        only where a false Mah-Jongg can be settled (the ruleset's penalty, and the limit it is paid in)."""
        lacks = cls._lacks(evening)
        return ["draw", *(word for word in ("wash", "false") if word not in lacks), "undo", "amend"]

    def _help(self, evening: Evening) -> str:
        games = ", ".join(self._commands(evening))
        # A paragraph a line, each wrapped to the terminal's width where it is said (it broke at fixed
        # places, 52 columns on an 80-column terminal).
        return (
            f"Commands: a player's name (he went Mah-Jongg), {games} N, status, report, help, quit.\n"
            "`cancel` leaves the game being entered, `quit` it and the table.\n"
            "Hands in notation (1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c); a player with no hand to show may "
            "be given a plain score."
        )

    def _command(self, command: str, evening: Evening) -> bool:
        self.undone = _GAME_UNDONE
        word, rest = _command_word(command)
        games = self._commands(evening)
        try:
            named = player_named(command, evening.players)
        except PungchowError as error:  # two players it could be: asked again, never guessed
            self.retry(error.message)
            return True
        game = word not in _NOT_A_GAME or (named is not None and rest.strip())
        if evening.over and game:  # another terminal may have taken the last game back meanwhile
            # Read only here: a game begun is settled against the log as it is shown (_current, which
            # says a game recorded meanwhile that ended the evening), so a name never waits for a lock.
            evening = self.evening = self._load()
            if not evening.over:
                self.line(
                    "  Another terminal changed the evening meanwhile: it is no longer over, and this is "
                    f"game {len(evening.games) + 1}"
                )
        if evening.over and game:  # asked of no part: record.add would refuse it at the end
            self.retry(
                f"the evening is over ({evening.sets_played}): `undo` or `amend` a game, `status`, "
                "`report`, or `quit`"
            )
            return True
        if named is not None and rest.strip():  # "Undo Smith" typed whole is the player, not `undo`
            self._settle(evening, self._won(dict(evening.seats()), named))
            return True
        known = word in games or word in _NOT_A_GAME or (word == "false-mahjongg" and "false" in games)
        if rest.strip() and word in _NO_ARGUMENT and known:
            # `undo 1` took back the last game, whatever its number; `draw 3` recorded a draw
            self.retry(_no_argument(word, rest.strip()))
        elif word in QUIT_COMMANDS:
            return False
        elif word in ("help", "?", ""):
            for line in self._help(evening).split("\n"):  # each wrapped to the width (40 columns)
                self.line(line)
        elif word == "status":
            self._show(evening)
        elif word == "report":
            self._report()
        elif word == "undo":
            self._undo(evening)
        elif word == "amend":
            self._amend(evening, rest)
        elif word == "draw":
            self._settle(evening, self._draw(dict(evening.seats())))
        elif word == "wash" and word in games:
            self._settle(evening, self._wash(evening))
        elif word in ("false", "false-mahjongg") and "false" in games:
            self._settle(evening, self._false(dict(evening.seats())))
        elif named is None:
            # The start of one name (`C` for Cy, `張` for 張偉), as every prompt of play naming a player
            # takes it (docs/evening.md, "Naming a player"); last, so a command typed whole stays one.
            try:
                begun = player_named(command, evening.players, begun=True)
            except PungchowError as error:  # the start of two names (`A`, Ann or Al): never guessed
                self.retry(error.message)
                return True
            if begun is not None:
                self._settle(evening, self._won(dict(evening.seats()), begun))
                return True
            lacks = self._lacks(evening).get("false" if word == "false-mahjongg" else word)
            if lacks is not None and not rest.strip():  # `wash` under Part I: why, as `evening wash` says
                self.retry(f"{command!r}: {play_words(lacks)}")
                return True
            self.retry(
                f"{command!r}: not a player ({', '.join(evening.players)}) or a command (`help`)"
                + (who_sits(command, dict(evening.seats())) or _hand_first(command, evening.players))
            )
        else:
            self._settle(evening, self._won(dict(evening.seats()), named))
        return True

    def _report(self) -> None:
        from ..evening.report import report
        from ..render.evening import report_text

        scored = self._load()  # this table's evening, never another log put in its place
        self.echo(report_text(fit_data(report(scored), self.out)))  # as `evening report` lays it out

    # --- settling, confirming, recording -----------------------------------------------------------

    def _change(self, entry: Entry) -> None:
        """Ask which part to change and ask it again; `cancel` drops the game."""
        names = entry.offered()
        if not names:
            raise Cancel
        while True:
            answer = self.ask(f"  Change what? ({', '.join(names)}; `cancel` drops it) ")
            if not answer.strip():  # Enter: nothing to change, the game is shown (or refused) again
                return
            try:  # a part or a player, named by the one rule of a player's name
                found = player_named(answer, names, begun=True)
            except PungchowError as error:  # two players it could be: asked again, never guessed
                self.retry(error.message)
                continue
            if found is not None:
                entry.parts[found]()
                return
            self.retry(f"{answer!r} is not a part of this game: {', '.join(names)}")

    def _settle(self, evening: Evening, entry: Entry, number: int | None = None) -> None:
        """Show the game as it would be recorded, ask, and record exactly that (or change a part)."""
        typed = evening  # the evening the game was typed against
        while True:
            try:
                evening = self._current(evening, entry, number)
            except PungchowError as error:  # held by another terminal too long: the game typed is kept
                self._kept(error, "read the evening again", "evening-gone")
                continue
            try:
                entry.record = _checked(entry.record)
            except PungchowError as error:
                self.retry(self._error(error, entry.seats))
                self._change(entry)
                continue
            idle = book.idle_flags(evening, entry.record, number)
            stated = book.stated_itself(evening, entry.record, number) if idle else ()
            for flag in idle:
                self.line(f"  note: {idle_note(flag, evening.ruleset.name, '', stated)}")
                entry.record.pop(flag, None)
            try:
                shown = self._preview(evening, entry, number)
            except PungchowError as error:
                if error.code == "evening-repeat":  # the game already reads so: nothing to record
                    self.line(f"  {self._error(error, entry.seats)}")
                    return
                self.retry(f"{self._error(error, entry.seats)}")
                self._change(entry)
                continue
            self.echo(shown)
            twin = _recorded_meanwhile(typed, evening, entry.record) if number is None else None
            if twin is not None:  # the same game typed at two terminals: recorded again only when said so
                self.line(f"  Game {twin}, recorded meanwhile, is this very game: Enter records nothing")
            if not self.yes(
                "Record this game?" if number is None else "Record this amendment?", default=twin is None
            ):
                if twin is not None:
                    raise Cancel
                self._change(entry)
                continue
            if self._record(evening, entry, number):
                return

    def _record(self, evening: Evening, entry: Entry, number: int | None) -> bool:
        """Record the game shown; False when another terminal recorded meanwhile (it is shown again). A log
        another pungchow holds too long, or a write the system refuses, records nothing and keeps the
        entry, asked to try again; an amendment another terminal recorded meanwhile, so that the game
        already reads so, is said so, and the entry ends (docs/evening.md, `evening play`)."""
        while True:
            try:
                self._write(evening, entry, number)
                return True
            except book.EveningChanged:
                return False  # said by _current, which reads the evening again
            except PungchowError as error:
                if error.code == "evening-repeat":  # record.check_changes: nothing more to record
                    self.line(f"  {self._error(error, entry.seats)}")
                    return True
                self._kept(error, "record it again", "evening-write", "evening-gone")

    def _kept(self, error: PungchowError, what: str, *also: str) -> None:
        """A log another pungchow holds too long (or an `also` error) keeps the entry: said, and asked
        whether to try again ("n" drops it); any other error is the entry's end (docs/evening.md)."""
        if error.code not in ("evening-locked", *also):
            raise error
        self.line(f"  error: {printable(str(error))}")
        if not self.yes(f"  The game typed is kept: try to {what}?"):
            raise Cancel from None

    def _current(self, evening: Evening, entry: Entry, number: int | None) -> Evening:
        """The evening as it stands now (another terminal may have recorded), and the entry's seats in it."""
        current = self.evening = self._load()
        # What reading it now says that it did not (a line cut short, as a truncated file leaves it,
        # skipped as a torn write; a line another terminal's repair accepted): said here, where the
        # game it changes is shown again, never only after it is recorded on top of it.
        fresh = [note for note in current.notes if note not in evening.notes]
        for note in fresh:
            self.line(f"  note: {note}")
        if current != evening:
            meanwhile = "The log changed meanwhile" if fresh else "Another terminal recorded meanwhile"
            if number is None and current.over:  # no part of this entry could make it a game to record
                self.retry(
                    f"{meanwhile}, and the evening is now over "
                    f"({current.sets_played}): this game was not recorded; `undo` or `amend` a game "
                    "to go on"
                )
                raise Cancel
            # Said whenever it happened: while the game was typed too, or the game shown would be the
            # one the other terminal recorded, typed again at its new number (money moved twice).
            said = "; this game would now be:" if number is None else "."
            self.echo(f"  {meanwhile}{said}")
            if number is None:
                entry.seats = dict(current.seats())
            elif number <= len(current.games):
                entry.seats = dict(current.games[number - 1].seats)
                game = current.games[number - 1]
                if number > len(evening.games) or game != evening.games[number - 1]:
                    self.line(f"  Game {number} is now: {describe(game)}")  # the game the amendment replaces
            else:  # taken back meanwhile: no part of this entry could make it a game to amend again
                self.retry(f"game {number} was taken back meanwhile: there is no game {number} to amend")
                raise Cancel
        return current

    def _preview(self, evening: Evening, entry: Entry, number: int | None) -> str:
        if number is not None:
            book.check_changes(evening, number, entry.record)  # as `amend` will: never one changing nothing
            after = book.preview_amend(evening, number, entry.record)
            game = after.games[number - 1]
            text = self._game_text(game, round_name(after, game))
            return f"{text}\n\nIf amended:\n{change_text(evening, after, self.out)}"
        after = book.preview_add(evening, entry.record)
        game = after.games[-1]
        text = self._game_text(game, round_name(evening, game))
        if game.capped is None or after.over:
            return text
        # A cap passes the deal though East keeps it: said before "Record this game?", once, in the
        # words of `evening hand` (deal_text); any other pass is the game's own (East lost).
        return "\n".join([text, "", *hanging(deal_text(evening, after, self.out), terminal_width())])

    def _game_text(self, game: Any, where: str) -> str:
        """A game as the session's output writes its names (under ASCII their escapes, laid out so), its
        notes and penalties in the prompts' words, put in before the lines are wrapped (a name or word
        put in after, under ASCII as its escapes, ran past the width; a seat word in a name, `jack west`,
        was named again)."""
        shown = fit_data(describe(game), self.out)
        return game_text(shown_game(game, self.out), shown, where, said=play_words, out=self.out)

    def _write(self, evening: Evening, entry: Entry, number: int | None) -> None:
        try:
            self._written(evening, entry, number)
        except EveningError as error:
            raise _gone(self.path, error) from None

    def _written(self, evening: Evening, entry: Entry, number: int | None) -> None:
        if number is None:
            change = book.add(self.path, entry.record, self._say, expect=evening)
            recorded = change.game.number if change.game else len(change.after.games)
            with written_anyway(f"game {recorded} was recorded"):
                # Why a cap passed the deal was said in the preview, which is what was recorded (the
                # check and the write share the lock): said once, never again above the status.
                self.echo(f"Recorded game {recorded}.")
                self._show(change.after)
            return
        book.amend(self.path, number, entry.record, self._say, expect=evening)
        with written_anyway(f"game {number} was amended"):
            # What it changed was shown under "If amended:" (_preview), which is what was recorded (the
            # check and the write share the lock): said once, never the same table again.
            self.echo(f"Game {number} amended.")

    def _undo(self, evening: Evening) -> None:
        self.undone = "nothing was taken back"
        while True:
            if not evening.undo:
                self.echo("  there is nothing to undo")
                return
            last = evening.undo[-1]
            what = f"game {len(evening.games)}" if last[0] == "game" else f"the amendment of game {last[1]}"
            if not self.yes(f"  Take back {what}?"):
                return
            try:
                change = book.undo(self.path, self._say, expect=evening)
            except book.EveningChanged:
                current = self._load()
                if _taken_back(evening, current):  # what this one was to take back
                    self.echo(f"  Another terminal took back {what} meanwhile; nothing more was taken back.")
                    return
                evening = current
                self.echo("  Another terminal recorded meanwhile.")
                continue
            with taken_back_anyway(what):
                self.echo(f"Took back {what}.")
                self.echo(change_text(change.before, change.after, self.out))
            return

    def _amend(self, evening: Evening, rest: str) -> None:
        self.undone = "the amendment being entered was not recorded"
        if not evening.games:
            self.echo(f"  {book.no_game_to_amend('', 0)}")
            return
        count = len(evening.games)
        number = _game_number(rest, count)
        while number is None:
            if rest.strip():
                typed = rest.strip()  # `amend two`: the number in digits said (digits_hint)
                self.retry(book.no_game_to_amend(typed, count))
            rest = self.ask(f"  Amend which game (1 to {count})? ")
            word, after = _command_word(rest)
            if word == "amend" and after.strip():  # the command typed again, with its number
                rest = after
            number = _game_number(rest, count)
        game = evening.games[number - 1]
        self.line(f"  Game {number} was: {describe(game)}")
        seats = dict(game.seats)
        while True:
            answer = self.ask("  Who won it? (a name, or draw) ")
            if answer.lower() == "draw":
                entry = self._draw(seats)
                break
            try:
                winner = player_named(answer, evening.players, begun=True)  # as every name prompt
            except PungchowError as error:  # two players it could be: asked again, never guessed
                self.retry(error.message)
                continue
            if winner is not None:
                entry = self._won(seats, winner)
                break
            sits = who_sits(answer, seats)  # `south`, settle's way: who sat there that game
            self.retry(f"{answer!r}: say a player ({', '.join(evening.players)}) or draw{sits}")
        self._settle(evening, entry, number)


def _gone(path: str, error: EveningError) -> EveningError:
    """A log that no longer holds the evening the table opened (deleted, moved or emptied meanwhile) is
    said so, the game typed kept: told what a log never begun is told (`start one with evening new`,
    `no game was recorded in it; delete it`), a person would throw away the evening's record."""
    try:
        emptied = os.path.getsize(path) == 0
    except FileNotFoundError:
        emptied = False
    except OSError:
        return error
    if error.code not in ("evening-missing", "evening-damaged") or os.path.lexists(path) and not emptied:
        return error
    how = "emptied" if emptied else "deleted or moved"
    return EveningError(
        f"{path}: no longer holds the evening this table opened ({how} meanwhile): put it back from a "
        "copy; nothing was recorded",
        code="evening-gone",
    )


def _checked(record: dict[str, Any]) -> dict[str, Any]:
    """A won game's record as `evening hand` makes it (evening_run.hand_record): the ways of winning
    checked together (`robbing-kong` is a win by discard) and `kong-after-kong` taken as a loose tile."""
    if record.get("event") != "hand":
        return record
    winner = record["winner"]
    others = {name: text for name, text in record["hands"].items() if name != winner}
    facts: dict[str, Any] = {flag: bool(record.get(flag)) for flag in FLAGS}
    return hand_record(
        winner,
        record["hands"][winner],
        others,
        win_by=record.get("win_by"),
        discarder=record.get("from"),
        dead=record.get("dead"),
        **facts,
    )


def _recorded_meanwhile(typed: Evening, current: Evening, record: dict[str, Any]) -> int | None:
    """The number of a game another terminal recorded since the entry was begun that is the very game
    typed, however either was typed (record.same_game), or None: recorded again on Enter, it would count
    twice (docs/evening.md, `evening play`)."""
    before = [game.record for game in typed.games]
    for game in current.games:
        if game.record not in before and book.same_game(game.record, record):
            return game.number
    return None


def _taken_back(shown: Evening, current: Evening) -> bool:
    """Whether what `undo` would take back of the evening `shown` (its last game or amendment in force)
    is no longer in force in `current`, whatever another terminal recorded after taking it back (a
    game in its place, at the same number: asked "Take back game 2?" again, "y" took that one back)."""
    index = len(shown.undo) - 1
    if current.undo[: index + 1] != shown.undo:  # ("game",) entries alike: the record tells them apart
        return True
    last = shown.undo[index]
    number = len(shown.games) if last[0] == "game" else last[1]
    # The record game `number` had once that entry was made: in force still, or replaced by a later
    # amendment of it (the first one after it holds what it replaced).
    later = [entry[2] for entry in current.undo[index + 1 :] if entry[0] == "amend" and entry[1] == number]
    return (later[0] if later else current.games[number - 1].record) != shown.games[number - 1].record


def _game_number(text: str, count: int) -> int | None:
    """The game a typed number names (1 to count), or None: plain ASCII digits, as every number of the
    command line (arguments.whole_number; `²` and `١` are digits to Python, and int() refuses the one)."""
    from ..arguments import whole_number

    try:
        return whole_number(text.strip(), 1, count)
    except ValueError:
        return None
