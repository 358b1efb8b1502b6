"""engine/errors.py: every expected failure carries its stable `code`, compiled or not."""

from __future__ import annotations

import inspect

import pytest

from pungchow_calc.batch.entry import FileError
from pungchow_calc.engine import errors
from pungchow_calc.evening.log import EveningError
from pungchow_calc.evening.record import EveningChanged

# Every class of expected failure (a new one must be added here: the test below then holds it too).
ERRORS: dict[type[errors.PungchowError], str] = {
    errors.PungchowError: "error",
    errors.NotationError: "notation",
    errors.HandError: "hand",
    errors.RulesetError: "ruleset",
    errors.OptionError: "option",
    errors.RepeatedOption: "option-twice",
    errors.UnknownOption: "bad-option",
    errors.ValueMissing: "bad-option",
    errors.StrayWord: "bad-line",
    errors.TableError: "table",
    errors.WashError: "wash",
    EveningError: "evening",
    EveningChanged: "evening-changed",
    FileError: "batch-file",
}


def _subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


def test_the_table_names_every_error_class():
    assert _subclasses(errors.PungchowError) | {errors.PungchowError} == set(ERRORS)


_OWN_ARGUMENTS = (
    errors.RepeatedOption,
    errors.UnknownOption,
    errors.ValueMissing,
    errors.StrayWord,
)  # no code= to give


def _made(cls: type[errors.PungchowError]) -> errors.PungchowError:
    if cls is errors.RepeatedOption:
        return errors.RepeatedOption("--seat is given 2 times", {})
    if cls is errors.UnknownOption:
        return errors.UnknownOption("No such option: --bogus", "--bogus")
    if cls is errors.ValueMissing:
        return errors.ValueMissing("--seat needs a value (the next word, --json, is an option)", "--seat")
    if cls is errors.StrayWord:
        return errors.StrayWord("a line takes the hand as one argument", 1)
    return cls("what went wrong")


@pytest.mark.parametrize(("cls", "code"), list(ERRORS.items()), ids=lambda v: getattr(v, "__name__", v))
def test_an_error_carries_its_class_code(cls: type[errors.PungchowError], code: str):
    error = _made(cls)
    assert error.code == code
    assert error.to_dict()["code"] == code


@pytest.mark.parametrize("cls", [c for c in ERRORS if c not in _OWN_ARGUMENTS], ids=lambda c: c.__name__)
def test_a_code_given_is_the_code(cls: type[errors.PungchowError]):
    assert cls("what went wrong", code="bad-score").code == "bad-score"


@pytest.mark.parametrize("cls", list(ERRORS), ids=lambda c: c.__name__)
def test_no_error_class_writes_its_code_as_a_plain_class_attribute(cls: type[errors.PungchowError]):
    # mypyc (PUNGCHOW_COMPILE=1) drops `code = "hand"` written in a compiled exception subclass's
    # body, and its instances then had no `code` at all: every such error was a traceback.
    # `default_code` (a ClassVar) is kept, and __init__ sets `code` from it.
    assert "code" not in vars(cls), inspect.getsourcefile(cls)


@pytest.mark.parametrize(
    ("byte", "column", "said"),
    [
        (0xEB, 49, "not UTF-8 text (byte 0xeb at column 49): save the file as UTF-8"),
        (0x9C, None, "not UTF-8 text (byte 0x9c): save the file as UTF-8"),
    ],
    ids=["with-column", "column-apart"],
)
def test_not_utf8_is_worded_once(byte: int, column: int | None, said: str):
    """One wording for a batch's line, its YAML or JSON list and a ruleset (docs/batch.md)."""
    assert errors.not_utf8(byte, column) == said


@pytest.mark.parametrize(
    ("words", "said"),
    [
        pytest.param(("east",), "east", id="one"),
        pytest.param(("Bob", "Cy"), "Bob or Cy", id="two"),
        pytest.param(("south", "west", "north"), "south, west or north", id="three"),
    ],
)
def test_either_offers_the_choices_of_a_hint(words: tuple[str, ...], said: str) -> None:
    from pungchow_calc.engine.errors import either

    assert either(words) == said


@pytest.mark.parametrize(
    ("count", "noun", "said"),
    [
        pytest.param(0, "error", "0 errors", id="none"),
        pytest.param(1, "rule", "1 rule", id="one"),
        pytest.param(2, "set", "2 sets", id="two"),
        pytest.param(1, "different head", "1 different head", id="one-of-two-words"),
    ],
)
def test_how_many_says_the_noun_plural_but_for_one(count: int, noun: str, said: str) -> None:
    """The one wording of a count (`1 set(s) played`, `1 rules`, `1 different heads` each said its own)."""
    assert errors.how_many(count, noun) == said
