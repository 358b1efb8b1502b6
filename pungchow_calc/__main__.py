"""`python -m pungchow_calc`: the same as the `pungchow` command."""

from .cli import main

try:
    main()
finally:
    # CPython 3.11 run with -m: a KeyboardInterrupt that passed through exec() of source text (a
    # dataclass or named tuple being built while a module imports) marks the process as interrupted
    # without a handler, even once main has handled it (one line, exit 130), and the interpreter then
    # ends itself by SIGINT. A successful exec() of text clears the mark; the console script is run as
    # a file and never has it.
    exec("pass")
