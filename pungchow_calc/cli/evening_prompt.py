"""The questions of `evening play`: one line of input at a time, wrapped to the terminal's width,
echoed when piped (a transcript reads like a session), with readline's history and tab completion
where the terminal has it; `cancel` or Ctrl-C leaves the entry, end of input (Ctrl-D) the session.
"""

from __future__ import annotations

import sys
from typing import Any

from ..engine.errors import PungchowError, printable
from ..evening.names import player_named
from ..evening.settle import who_sits
from ..render.ascii import fit_data, is_ascii, output_stream
from ..render.layout import cell_width, hanging, prompt_lines, terminal_width

_TILE_WORDS = ["Ew", "Sw", "Ww", "Nw", "Rd", "Gd", "Wd", *(f"{n}{s}" for s in "bcd" for n in range(1, 10))]


class Cancel(Exception):
    """The person left the current entry (`cancel`, or Ctrl-C while typing one)."""


class Interrupted(Cancel):
    """Ctrl-C: leaves an entry; twice at the main prompt, the table."""


class Quit(Cancel):
    """`quit` (or `exit`) typed while an entry is asked: the entry is left and so is the table."""


# What leaves the table from any prompt (names.PLAY_WORDS: no player is named so); `q` too at the main
# prompt, where it is a command (QUIT_COMMANDS), not at the others, where it begins names (`Q` for Quentin).
QUIT_WORDS = ("quit", "exit")
QUIT_COMMANDS = (*QUIT_WORDS, "q")


class Prompt:
    """Asks and says, on the session's output (plain ASCII with --ascii, or where the terminal needs it):
    each question asked again, with a one-line reason, until it is answered."""

    def __init__(self, ascii_only: bool, completions: list[str]) -> None:
        """`completions`: words tab completes besides the players' (`words`) and the tiles."""
        self.words: list[str] = []  # the players' names, once the evening is read
        self.players: list[str] = []  # the evening's players (ask: `quit` begins no name of theirs)
        self.completions = completions
        self.out = output_stream(ascii_only)
        self.ascii = is_ascii(self.out)
        self._readline()

    def echo(self, *parts: object, sep: str = " ") -> None:
        """Print to the session's output (ASCII where it must be)."""
        print(*parts, sep=sep, file=self.out)

    # --- input -------------------------------------------------------------------------------

    def _readline(self) -> None:
        if not sys.stdin.isatty():
            return
        try:
            import readline
        except ImportError:  # no readline on this platform: plain input()
            return
        readline.parse_and_bind("tab: complete")
        # Under LC_ALL=C GNU readline took a byte beyond ASCII for a Meta key: `李` typed was lost (its
        # bytes read as Meta-f and others). Python reads the line as UTF-8 there (its UTF-8 mode).
        if "libedit" not in (readline.__doc__ or ""):  # macOS's libedit has no such settings
            for setting in ("input-meta on", "output-meta on", "convert-meta off"):
                readline.parse_and_bind(f"set {setting}")
        readline.set_completer_delims(" \t,")
        readline.set_completer(self._complete)

    def _complete(self, text: str, state: int) -> str | None:
        found = [w for w in self.words + self.completions + _TILE_WORDS if w.lower().startswith(text.lower())]
        return found[state] if state < len(found) else None

    def ask(self, prompt: str, leaves: bool = True) -> str:
        """One line of input: end of input (Ctrl-D) ends the session, `cancel` or Ctrl-C the entry, and
        where it `leaves` (every prompt but the main one, which reads `quit` as its command) `quit` both
        (Quit), unless it begins a player's name (`Quitterie`), which it is then taken for."""
        width = terminal_width()
        *above, last = prompt_lines(fit_data(prompt, self.out), width)
        if above:  # a long prompt (a 30-letter name) wraps: every line play prints fits the width
            self.echo(*above, sep="\n")
        try:
            answer = input(last)  # the answer's own line only: readline redraws one line, not a paragraph
        except EOFError:
            self.echo()  # the shell's prompt starts on a line of its own
            raise SystemExit(0) from None
        except KeyboardInterrupt:
            self.echo()
            raise Interrupted from None
        if not sys.stdin.isatty():  # echo piped input, so a transcript reads like a session (`cancel` too)
            # measured as written (a name's escapes); a control character shown as its escape, as in
            # the reason that refuses it, never sent to the terminal (`\x1b[2J` would clear it)
            shown = fit_data(printable(answer), self.out)
            if cell_width(last + shown) <= width:
                self.echo(shown)
            else:  # under its prompt, as a terminal would wrap it, so the transcript fits the width too
                self.echo("", *hanging(f"      {shown}", width), sep="\n")
        word = answer.strip().casefold()
        if word == "cancel":
            raise Cancel
        if leaves and word in QUIT_WORDS and not any(p.casefold().startswith(word) for p in self.players):
            raise Quit
        return answer.strip()

    def line(self, text: str) -> None:
        """Running text (a reason, a note), wrapped to the width, as the prompts are (ask; docs/evening.md,
        `evening play`), as any error is quoted: at most MOST_SHOWN characters (engine/errors.py), so a
        10,000-character line pasted at a prompt is refused by its start and end, not echoed whole."""
        self.echo(*hanging(fit_data(printable(text), self.out), terminal_width()), sep="\n")

    def retry(self, why: str) -> None:
        """Say in one line why an answer is asked again."""
        self.line(f"  {why}")

    def ask_name(
        self,
        prompt: str,
        seats: dict[str, Any],
        players: list[str] | None = None,
        optional: bool = False,
        left_out: tuple[str, str] | None = None,
    ) -> str | None:
        """One of `players` (default: all the game's `seats`, name -> Wind) by his name (any case, or the
        start of one: player_named), asked again until it is one; a seat typed is told who sits there;
        `left_out` is a player not asked for and why, said when he is named (the winner as discarder)."""
        players = list(seats) if players is None else players
        while True:
            answer = self.ask(prompt)
            if not answer and optional:
                return None
            try:
                found = player_named(answer, players, begun=True)
            except PungchowError as error:  # two players it could be: asked again, never guessed
                self.retry(error.message)
                continue
            if found is not None:
                return found
            if left_out is not None and player_named(answer, [left_out[0]], begun=True) is not None:
                self.retry(left_out[1])
                continue
            sits = who_sits(answer, seats)  # `west`, settle's way: who sits there (docs/evening.md)
            self.retry(f"{answer!r} is not one of {', '.join(players)}{sits or ': type a name again'}")

    def yes(self, prompt: str, default: bool = True) -> bool:
        """A yes/no question, asked again until answered."""
        while True:
            answer = self.ask(prompt + (" [Y/n] " if default else " [y/N] "))
            if not answer:
                return default
            if answer.lower() in ("y", "yes", "n", "no"):
                return answer.lower().startswith("y")
            self.retry(f"{answer!r}: answer y (yes) or n (no)")
