"""What the commands print: the terminal's text and tables, apart from the engine that scores.

`layout` (column widths, wrapping and stacking, standard library only) and `ascii` (what a terminal
can encode) serve the rest; `evening` is plain text without rich, so the everyday evening commands
start fast; `terminal` (score, settle, diff) and `rules` (the score card) draw with rich. This file
imports nothing, so a command loads only the modules it prints with.
"""
