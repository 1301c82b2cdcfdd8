"""Colours (CR 105): the five colour letters and the words that name them in rules text."""

from __future__ import annotations

COLOR_WORDS: dict[str, str] = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
"""Colour word as printed ("protection from red") → its letter."""

COLOR_NAMES: dict[str, str] = {letter: word for word, letter in COLOR_WORDS.items()}
"""Colour letter → its word."""
