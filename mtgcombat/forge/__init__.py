"""Forge puzzles: import the rules engine's saved game states (``.pzl`` files) as boards.

:func:`import_puzzle` reads a puzzle file (:mod:`~mtgcombat.forge.parse`), builds the board
its state describes and the combat question it is at (:mod:`~mtgcombat.forge.convert`), and
lists what the board can't hold as notes (:mod:`~mtgcombat.forge.report`). How the format maps
onto boards: ``docs/forge.md``.
"""

from mtgcombat.forge.convert import import_puzzle, import_text
from mtgcombat.forge.parse import CardEntry, Puzzle, parse_puzzle
from mtgcombat.forge.report import ImportedPuzzle, Note, Question

__all__ = ["CardEntry", "ImportedPuzzle", "Note", "Puzzle", "Question", "import_puzzle",
           "import_text", "parse_puzzle"]
