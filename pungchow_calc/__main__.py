"""`python -m pungchow_calc`: the same as the `pungchow` command."""

from .cli import main

main()
