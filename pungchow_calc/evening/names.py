"""A player's name at an evening: the names an evening may seat (players_of: none a word of `evening
play`), and the one rule by which a typed name names a player (player_named), on the command line and
in `evening play` alike (docs/evening.md, "Naming a player"); a record's names as seated (seated);
the engine's text with each seat it names said by the player's name (by_name).
Split from record.py, which turns a command into an event of the log.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from ..engine.errors import OptionError
from ..options import first_repeat
from .settle import TYPED, seat_word

_NAME = re.compile(r"[^\s,=][^,=]{0,29}")
# The words `evening play` reads where a player may be named (docs/evening.md, `evening play`): its
# commands at the main prompt, the parts of a game at "Change what?", and `cancel` at every prompt. A
# player so named could not be told from the word.
PLAY_WORDS = (
    *("draw", "wash", "false", "false-mahjongg", "undo", "amend", "status", "report", "help", "quit"),
    *("exit", "q", "?", "cancel", "hand", "how", "from", "also", "player", "tiles"),
)


def _play_command(name: str) -> bool:
    """Whether a name is a word of play and a number, as play's main prompt reads a command and what
    follows it, parted by spaces (`amend 2`, game 2 amended; `undo 1`, refused with its hint): a
    player so named, typed whole, is the player there (docs/evening.md), so the command is lost.
    A word after the command that is no number (`Undo Smith`) is no command play reads."""
    word, _, rest = name.strip(" ").partition(" ")
    rest = rest.strip(" ")
    return word.casefold() in PLAY_WORDS and rest.isascii() and rest.isdigit()


def _variation_selector(c: str) -> bool:
    """Whether the character is a variation selector (U+FE0F after ❤ asks for the emoji's style)."""
    return unicodedata.name(c, "").startswith("VARIATION SELECTOR")


_SKIN_TONES = frozenset(map(chr, range(0x1F3FB, 0x1F400)))  # the emoji modifiers, Fitzpatrick 1-2 to 6


def folded(name: str) -> str:
    """A name as the table tells names apart: in any case, an accent however encoded (É as one character
    or as E and a combining accent: they look the same), with or without a variation selector (`Ann ❤️`
    of an evening recorded before `evening new` refused it is `Ann ❤`, as typed on a keyboard)."""
    return "".join(c for c in unicodedata.normalize("NFC", name) if not _variation_selector(c)).casefold()


def player_named(typed: str, players: Sequence[str], begun: bool = False) -> str | None:
    """The player a typed name names, the one rule of the command line and `evening play` alike
    (docs/evening.md, "Naming a player"): the name as seated (an accent however encoded), else the one
    it spells in another case, else (`begun`: play's prompts) the only one it begins; None for nobody.
    A start that begins two names (`A`: Ann or Al), or a name that could be two players (Ann and ann,
    which `evening new` refuses, seated by a start line edited and accepted by a repair), is refused:
    money never moves on a guess."""
    text = typed.strip()
    if not text:
        return None
    same = [p for p in players if unicodedata.normalize("NFC", p) == unicodedata.normalize("NFC", text)]
    if not same:
        same = [p for p in players if folded(p) == folded(text)]
    # A seat's word is no start of a name (`south` of Southey): it is refused saying who sits there.
    if not same and begun and not seat_word(text):
        same = [p for p in players if folded(p).startswith(folded(text))]
        if len(same) > 1:  # `A` for Ann or Al: asked again, never guessed nor told it names nobody
            raise OptionError(
                f"{text!r} could be {', '.join(same[:-1])} or {same[-1]} (it begins "
                f"{'both' if len(same) == 2 else 'each'}): type more of it",
                code="ambiguous-player",
            )
        return same[0] if same else None
    if len(same) > 1:
        alike = len({unicodedata.normalize("NFC", p) for p in same}) == 1
        raise OptionError(
            f"{text!r} could be either of two players whose names look the same (an accent encoded two "
            "ways): this evening cannot tell them apart by name"
            if alike
            else f"{text!r} could be {', '.join(same[:-1])} or {same[-1]}, whose names differ only in case: "
            "type the name exactly as seated",
            code="ambiguous-player",
        )
    return same[0] if same else None


def seated(record: dict[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """The record with every player named as the evening seats him (player_named), as the log keeps
    it; a name of nobody is left as typed, for the settling to refuse naming the option typed."""

    def name(value: Any, key: str) -> Any:
        if not isinstance(value, str):
            return value
        try:
            found = player_named(value, players)
        except OptionError as error:
            raise OptionError(f"{TYPED[key]}: {error.message}", code=error.code) from None
        return value if found is None else found

    out = dict(record)
    for key in ("winner", "from", "feeder", "player"):
        if key in out:
            out[key] = name(out[key], key)
    if isinstance(out.get("dead"), list):
        out["dead"] = [name(dead, "dead") for dead in out["dead"]]
        twice = first_repeat(out["dead"])
        if twice is not None:  # `--dead Bob --dead bob`, Cy meant: his dead hand would go unpaid
            raise OptionError(f"--dead: {twice} is given twice: give each player once", code="bad-option")
    hands = out.get("hands")
    if isinstance(hands, dict):
        typed: dict[Any, str] = {}  # the player: the name typed for him
        for key in hands:
            who = name(key, "hands")
            if who in typed:
                said = [
                    f"{'--winner' if n == record.get('winner') else '--other'} {n!r}"
                    for n in (typed[who], key)
                ]
                raise OptionError(
                    f"{said[0]} and {said[1]} name the same player, {who}: give each player once",
                    code="bad-option",
                )
            typed[who] = key
        out["hands"] = {who: hands[key] for who, key in typed.items()}
    return out


def players_of(text: str) -> list[str]:
    """Read `--players "Ann,Bob,Cy,Di"`: two to four different names, in seat order."""
    names = [n.strip() for n in text.split(",")]
    for name in names:
        hidden = next((c for c in name if not c.isprintable()), None)
        if hidden is not None and 0xDC80 <= ord(hidden) <= 0xDCFF:
            # A byte the system's encoding cannot read (a Latin-1 name on a UTF-8 system, `Zo\xeb`), held
            # as a lone surrogate: said as the byte it is, as docs/evening.md writes it.
            byte, shown = ord(hidden) - 0xDC00, repr(name.encode("utf-8", "surrogateescape"))[1:]
            raise OptionError(
                f"--players: {shown} holds the byte 0x{byte:02x}, which is not UTF-8 text (a name typed in "
                "another encoding?): give the name as UTF-8",
                code="bad-player",
            )
        if hidden is not None:  # the name reads well on screen; what is wrong with it does not show
            raise OptionError(
                f"--players: {name!r} holds U+{ord(hidden):04X}, a character that prints as nothing (a "
                "control, a joiner or an invisible space): give the name without it",
                code="bad-player",
            )
        # Terminals disagree on the width these give (docs/evening.md, "Plain terminals").
        shaped = next((c for c in name if _variation_selector(c) or c in _SKIN_TONES), None)
        if shaped is not None:
            plain = "".join(c for c in name if c != shaped)
            what = (
                "a variation selector: some terminals draw the character before it one cell wide, others two"
                if _variation_selector(shaped)
                else "a skin tone: some terminals draw it in the emoji before it, others beside it"
            )
            raise OptionError(
                f"--players: {name!r} holds U+{ord(shaped):04X}, {what}, and the tables' columns would not "
                f"line up: give the name without it ({plain!r})",
                code="bad-player",
            )
        if not _NAME.fullmatch(name):
            # A name far too long is shown by its start and length: a 5,000-letter paste was echoed whole.
            shown = repr(name) if len(name) <= 60 else f"{name[:30]!r}... ({len(name)} characters)"
            raise OptionError(
                f"--players: {shown} is not a name (1 to 30 characters, no comma or =)", code="bad-player"
            )
    for name in names:
        if name.casefold() in PLAY_WORDS:
            raise OptionError(
                f"--players: {name!r} is a word of `evening play`, which could not tell the player from it: "
                "give another name",
                code="bad-player",
            )
        if seat_word(name):
            # `--winner south` is refused, saying who sits there this game (docs/evening.md, "Naming a
            # player"): the seats move as the deal passes; a player South would be a guess between two.
            raise OptionError(
                f"--players: {name!r} is a seat's name, which the seats pass from player to player: "
                "give the player's own name",
                code="bad-player",
            )
        if _play_command(name):
            raise OptionError(
                f"--players: {name!r} is a command of `evening play` with its number (`amend 2` amends game"
                " 2), which a player so named would take over: give another name (`Amend Smith` is one)",
                code="bad-player",
            )
    if not 2 <= len(names) <= 4:
        spaced = len(names) == 1 and len(names[0].split()) > 1  # `'Ann Bob Cy Di'`: one name of four words
        how = f" (names are separated by commas: {','.join(names[0].split())!r})" if spaced else ""
        raise OptionError(f"--players: give two to four players, not {len(names)}{how}", code="bad-player")
    # Names that differ only in case, or in how an accent is encoded (É as one character or as E and a
    # combining accent: they look the same), could not be told apart at the table.
    twice = first_repeat([folded(n) for n in names])
    if twice is not None:  # named both, as typed: `Ann` and `ann`, or `Ann` twice (`Ann,Ann ,Bob`)
        first, second = [n for n in names if folded(n) == twice][:2]
        if first == second:
            how = "is given twice"
        elif unicodedata.normalize("NFC", first) == unicodedata.normalize("NFC", second):
            how = f"and {second!r} are one name (an accent encoded two ways)"
        else:
            how = f"and {second!r} differ only in case"
        raise OptionError(
            f"--players: {first!r} {how}: every player needs a different name", code="bad-player"
        )
    return names


# A seat as the engine's text names one (`west bears the entire losses`, `pays for east`, `East's
# original hand`), not `East ×2` or `East round`: at the table each is said by the player's name.
# A seat's word, not one an option begins (`--east-ninth-win`, which is no seat: play says `east-ninth-win`).
_SEAT_WORD = re.compile(r"\b(?:(east|south|west|north)(?!-)|(East|South|West|North)(?='s\b))\b")


def by_name(text: str, names: dict[Any, str], seated: bool = False) -> str:
    """The engine's text with each seat it names said by the player's name (`names`: Wind -> name);
    `seated`: a seat named as such (`--from names west`) said by the name and the seat, `Cy (west)`,
    where a refusal turns on the seat (the first card played is East's discard, docs/rulings.md)."""
    words = {wind.word: name for wind, name in names.items()}

    def said(m: re.Match[str]) -> str:
        name = words.get(m[0].lower(), m[0])
        if m.string.endswith(f"{name} (", 0, m.start()) and m.string.startswith(")", m.end()):
            return m[0]  # `Cy (west)`, said so already (evening/settle.py seats_named)
        # Not an option (`--south HAND`) nor a possessive (`south's hand`): those read by the name alone.
        alone = m.string[m.start() - 1 : m.start()] == "-" or m.string.startswith("'s", m.end())
        return f"{name} ({m[1]})" if seated and m[1] and name != m[0] and not alone else name

    return _SEAT_WORD.sub(said, text)
