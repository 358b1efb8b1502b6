"""pungchow: a scoring calculator for Pung Chow, the mahjong of L. L. Harr's book (1923)."""

__version__ = "0.1.0"
