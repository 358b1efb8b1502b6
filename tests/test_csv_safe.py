"""The one guard of every CSV the commands write (pungchow_calc/csv_safe.py): the evening's report and
the batch's records."""

from __future__ import annotations

import pytest

from pungchow_calc.csv_safe import csv_cell


@pytest.mark.parametrize(
    ("cell", "shown"),
    [
        pytest.param("=1+1", "'=1+1", id="equals"),
        pytest.param("+1", "'+1", id="plus"),
        pytest.param("--seat: 'x' is not a wind", "'--seat: 'x' is not a wind", id="minus"),
        pytest.param("@SUM(A1)", "'@SUM(A1)", id="at"),
        pytest.param("\tTab", "'\tTab", id="tab"),
        pytest.param("\rCR", "'\rCR", id="cr"),
        pytest.param("A=B", "A=B", id="inner-equals"),
        pytest.param(-106, -106, id="negative-number"),
        pytest.param(-20, -20, id="negative-twenty"),
        pytest.param("", "", id="empty"),
    ],
)
def test_csv_cell_quotes_text_a_spreadsheet_would_read_as_a_formula(cell, shown):
    assert csv_cell(cell) == shown
