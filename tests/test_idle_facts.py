"""scoring._idle_facts tries a hand without each stated fact to see whether it changes nothing (the note
"--x: no rule of ruleset R can use ..."). Its shortcuts must decide each trial as the full path would:
here they are held to it.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pungchow_calc.engine.situation import SITUATION_FACTS, Situation, unmet_need
from pungchow_calc.engine.tiles import PLAYING_TILES

# Each stated field's value when not given (its default): False, 0 or no tiles.
NOT_GIVEN: dict[str, Any] = {
    f.name: f.default for f in fields(Situation) if f.name in {x.field for x in SITUATION_FACTS}
}


def _value(field: str) -> st.SearchStrategy[Any]:
    """Any value of a stated field, by the kind of its default: on/off, a count, or tiles."""
    empty = NOT_GIVEN[field]
    if isinstance(empty, bool):
        return st.booleans()
    if isinstance(empty, int):
        return st.integers(0, 3)
    return st.lists(st.sampled_from(PLAYING_TILES), max_size=7).map(tuple)


stated_situations = st.fixed_dictionaries({field: _value(field) for field in NOT_GIVEN}).map(
    lambda values: Situation(**values)
)


@given(stated_situations, st.sets(st.sampled_from(sorted(NOT_GIVEN))))
def test_unmet_need_of_dropped_facts_is_that_of_the_situation_without_them(
    situation: Situation, dropped: set[str]
):
    # _idle_facts knows a trial refused from the facts alone (unmet_need with `dropped`) before it
    # makes the trial's situation: the answer must be the one the situation without them gets.
    without = replace(situation, **{field: NOT_GIVEN[field] for field in dropped})
    assert unmet_need(situation, dropped) == unmet_need(without)
