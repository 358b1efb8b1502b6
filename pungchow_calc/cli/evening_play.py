"""`pungchow evening play`: the table mode a person uses all evening.

It shows where the evening stands, asks for the next game step by step, checks each hand as it is typed
(asking again on a mistake), shows the settlement, asks to confirm, and records. `undo`, `amend N`,
`status`, `report` and `quit` are available at the main prompt. Plain text: fine with NO_COLOR and in
80 columns; readline gives history and tab completion where the terminal has it.
"""

from __future__ import annotations

import sys
from typing import Any

from ..ascii_output import ascii_text, is_ascii, output_stream
from ..engine.errors import OptionError, PungchowError
from ..evening import record as book
from ..evening.report import describe, round_name, running, status
from ..evening.settle import FLAGS
from ..evening.state import Evening
from ..render_evening import game_text, status_text, totals_change
from .common import printable

_EXTRAS = [flag.replace("_", "-") for flag in FLAGS]  # as typed at the prompt

HELP = """Commands: a player's name (he went Mah-Jongg), draw, wash, false, undo,
amend N, status, report, help, quit; `cancel` leaves an entry. Hands in notation
(1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c); a player with no hand to show may
be given a plain score (12)."""

_TILE_WORDS = ["Ew", "Sw", "Ww", "Nw", "Rd", "Gd", "Wd", *(f"{n}{s}" for s in "bcd" for n in range(1, 10))]


class Cancel(Exception):
    """The person left the current entry (Ctrl-C, or `cancel`)."""


class Table:
    """One `evening play` session over one log."""

    def __init__(self, path: str, ascii_only: bool = False) -> None:
        self.path = path
        self.words: list[str] = []
        self.out = output_stream(ascii_only)  # plain ASCII with --ascii, or where the terminal needs it
        self.ascii = is_ascii(self.out)
        self._readline()

    def echo(self, *parts: object) -> None:
        """Print to the session's output (ASCII where it must be)."""
        print(*parts, file=self.out)

    # --- input -------------------------------------------------------------------------------

    def _readline(self) -> None:
        if not sys.stdin.isatty():
            return
        try:
            import readline
        except ImportError:  # no readline on this platform: plain input()
            return
        readline.parse_and_bind("tab: complete")
        readline.set_completer_delims(" \t")
        readline.set_completer(self._complete)

    def _complete(self, text: str, state: int) -> str | None:
        found = [w for w in self.words + _TILE_WORDS if w.lower().startswith(text.lower())]
        return found[state] if state < len(found) else None

    def ask(self, prompt: str) -> str:
        """One line of input; end of input ends the session, `cancel` or Ctrl-C the entry."""
        try:
            answer = input(ascii_text(prompt) if self.ascii else prompt)
        except EOFError:
            raise SystemExit(0) from None
        except KeyboardInterrupt:
            self.echo()
            raise Cancel from None
        if answer.strip().lower() == "cancel":
            raise Cancel
        if not sys.stdin.isatty():
            self.echo(answer)  # echo piped input, so a transcript reads like a session
        return answer.strip()

    def ask_name(self, prompt: str, evening: Evening, optional: bool = False) -> str | None:
        """A player's name (any case), asked again until it is one."""
        while True:
            answer = self.ask(prompt)
            if not answer and optional:
                return None
            found = [p for p in evening.players if p.lower() == answer.lower()]
            if found:
                return found[0]
            self.echo(f"  {answer!r} is not at the table: {', '.join(evening.players)}")

    def ask_hand(self, prompt: str, score_allowed: bool) -> str:
        """A hand in notation (or a plain score), checked as typed; asked again on a mistake."""
        from ..engine.hand import build
        from ..engine.notation import parse

        while True:
            answer = self.ask(prompt)
            if score_allowed and answer.isdigit() and len(answer) <= 9:
                return answer
            try:
                build(parse(answer))
                return answer
            except PungchowError as error:
                self.echo(f"  {printable(str(error))} — try again (or `cancel`)")

    def yes(self, prompt: str, default: bool = True) -> bool:
        """A yes/no question."""
        while True:
            answer = self.ask(prompt + (" [Y/n] " if default else " [y/N] ")).lower()
            if not answer:
                return default
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self.echo("  answer y or n")

    # --- the session ---------------------------------------------------------------------------

    def run(self) -> int:
        """The session: show the state, take a command, until `quit` or end of input."""
        try:
            evening = book.load(self.path, self._say)
        except PungchowError as error:
            print(f"error: {printable(str(error))}", file=sys.stderr)
            return 2
        self.words = [*evening.players, "draw", "wash", "false", "undo", "amend", "status", "quit"]
        self._show(evening)
        self.echo("Type `help` for the commands.")
        while True:
            try:
                evening = book.load(self.path, self._say)  # another terminal may have recorded meanwhile
                command = self.ask(f"\nGame {len(evening.games) + 1} — who won? ")
                if not self._command(command, evening):
                    return 0
            except Cancel:
                self.echo("  (cancelled; nothing recorded)")
            except PungchowError as error:
                self.echo(f"  error: {printable(str(error))} — nothing recorded")

    def _say(self, message: str) -> None:
        self.echo(message)

    def _show(self, evening: Evening) -> None:
        shown = {**status(evening), "notes": list(evening.notes)}
        self.echo(status_text(shown, running(evening), self.path, self.ascii))

    def _command(self, command: str, evening: Evening) -> bool:
        word, _, rest = command.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?", ""):
            self.echo(HELP)
        elif word == "status":
            self._show(evening)
        elif word == "report":
            from ..evening.log import read
            from ..evening.report import report
            from ..evening.state import replay
            from ..render_evening import report_text

            scored = replay(read(self.path, self._say), cached=False)  # the biggest hands need the scores
            self.echo(report_text(report(scored)))
        elif word == "undo":
            self._undo(evening)
        elif word == "amend":
            self._amend(evening, rest)
        elif word == "draw":
            self._record(evening, self._draw(evening))
        elif word == "wash":
            player = self.ask_name("  Who washes the tiles? ", evening)
            tiles = self.ask_hand(f"  {player}'s original hand (13 tiles, 14 for East): ", False)
            self._record(evening, {"event": "wash", "player": player, "tiles": tiles})
        elif word in ("false", "false-mahjongg"):
            player = self.ask_name("  Who called a false Mah-Jongg? ", evening)
            self._record(evening, {"event": "penalty", "type": "false_mahjongg", "player": player})
        else:
            names = [p for p in evening.players if p.lower() == command.lower()]
            if not names:
                self.echo(f"  {command!r}: not a player ({', '.join(evening.players)}) or a command (`help`)")
                return True
            self._record(evening, self._hand(evening, names[0]))
        return True

    def _others(self, evening: Evening, skip: str | None) -> dict[str, str]:
        return {p: self.ask_hand(f"  {p}'s hand or score: ", True) for p in evening.players if p != skip}

    def _hand(self, evening: Evening, winner: str) -> dict[str, Any]:
        hand = self.ask_hand(f"  {winner}'s hand (mark the winning tile with !): ", False)
        how = ""
        while how not in ("discard", "wall", "loose"):
            answer = self.ask("  Won by discard, wall (self-drawn) or loose tile? [discard] ").lower() or "d"
            how = next((w for w in ("discard", "wall", "loose") if w.startswith(answer)), "")
        record: dict[str, Any] = {"event": "hand", "winner": winner, "hands": {winner: hand}}
        if how != "discard":
            record["win_by"] = how
        else:
            discarder = self.ask_name("  Who discarded the winning tile? [Enter: not said] ", evening, True)
            if discarder is not None:
                record["from"] = discarder
        # The on/off facts of a hand, as `evening hand` takes them (evening.settle.FLAGS).
        self.echo(f"  Also, any of: {' '.join(_EXTRAS[:3])}")
        for at in range(3, len(_EXTRAS), 3):  # three a line: every line fits 60 columns
            self.echo(f"    {' '.join(_EXTRAS[at : at + 3])}")
        extras = self.ask("  [Enter: none] ")
        for word in extras.replace(",", " ").split():
            key = word.strip().lower().replace("-", "_")
            if key not in FLAGS:
                raise OptionError(f"{word!r} is not one of the words above", code="bad-option")
            record[key] = True
        record["hands"].update(self._others(evening, winner))
        return record

    def _draw(self, evening: Evening) -> dict[str, Any]:
        if self.yes("  Settle the hands of the draw?", default=False):
            return {"event": "draw", "hands": self._others(evening, None)}
        return {"event": "draw"}

    def _record(self, evening: Evening, record: dict[str, Any]) -> None:
        game = book.preview(evening, record)
        self.echo(game_text(game, describe(game), round_name(evening, game)))
        if not self.yes("Record this game?"):
            raise Cancel
        change = book.add(self.path, record, self._say)
        self.echo(f"Recorded game {change.game.number if change.game else '?'}.")
        self._show(change.after)

    def _undo(self, evening: Evening) -> None:
        if not evening.undo:
            self.echo("  there is nothing to undo")
            return
        last = evening.undo[-1]
        what = f"game {len(evening.games)}" if last[0] == "game" else f"the amendment of game {last[1]}"
        if self.yes(f"  Take back {what}?"):
            change = book.undo(self.path, self._say)
            self.echo(totals_change(change.before.totals(), change.after.totals()))

    def _amend(self, evening: Evening, rest: str) -> None:
        if not evening.games:
            self.echo("  there is no game to amend yet")
            return
        number = int(rest) if rest.strip().isdigit() else None
        while number is None or not 1 <= number <= len(evening.games):
            answer = self.ask(f"  Amend which game (1 to {len(evening.games)})? ")
            number = int(answer) if answer.isdigit() else None
        self.echo(f"  Game {number} was: {describe(evening.games[number - 1])}")
        winner = None
        while winner is None:
            answer = self.ask("  Who won it? (a name, or draw) ")
            if answer.lower() == "draw":
                break
            winner = next((p for p in evening.players if p.lower() == answer.lower()), None)
        record = self._draw(evening) if winner is None else self._hand(evening, winner)
        after = book.preview_amend(evening, number, record)
        self.echo(totals_change(evening.totals(), after.totals()))
        if not self.yes("Record this amendment?"):
            raise Cancel
        change = book.amend(self.path, number, record, self._say)
        self.echo(
            f"Game {number} amended; totals now: "
            + ", ".join(f"{n} {v:+d}" for n, v in change.after.totals().items())
        )
