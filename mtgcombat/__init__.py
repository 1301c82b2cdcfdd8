"""mtgcombat: exact legality of Magic: The Gathering combat declarations.

The public API lives here; the packages below it each own one concern (``docs/architecture.md``
draws the flow): ``rules`` (effect vocabulary, catalog), ``board`` (format, loading,
declarations, characteristics), ``compile`` (board → instances), ``solver`` (problem language,
CP-SAT), ``legality`` (attacks and blocks), ``payment``, ``damage``, ``oracle`` (brute-force
references), ``views`` (shared JSON), ``forge`` (Forge puzzle files as boards), and the front
ends ``cli``, ``server`` and ``batch``.

>>> from mtgcombat import load_board, legal_attacks
>>> # board_unmodelled(board): the combat text of its cards the engine does not model
"""

from __future__ import annotations

from importlib import metadata as _metadata

from mtgcombat.board.declaration import BlockDeclaration, Declaration
from mtgcombat.board.model import Board, load_board
from mtgcombat.board.unmodelled import Unmodelled, board_unmodelled, check_modelled
from mtgcombat.compile.attacks import compile_board
from mtgcombat.compile.instances import Instances
from mtgcombat.damage.assignment import DamageVerdict, check_damage
from mtgcombat.damage.resolve import CombatResult, resolve_combat
from mtgcombat.errors import BoardError, DeclarationError
from mtgcombat.forge import ImportedPuzzle, import_puzzle
from mtgcombat.legality.attacks import (
    AttackEngine,
    check,
    had_to_attack,
    legal_attacks,
    max_requirements,
)
from mtgcombat.legality.blocks import BlockEngine, check_blocks, legal_blocks
from mtgcombat.legality.verdict import Verdict
from mtgcombat.rules.catalog import Card, Catalog, default_catalog

__all__ = [
    "AttackEngine",
    "BlockDeclaration",
    "BlockEngine",
    "Board",
    "BoardError",
    "Card",
    "Catalog",
    "CombatResult",
    "DamageVerdict",
    "Declaration",
    "DeclarationError",
    "ImportedPuzzle",
    "Instances",
    "Unmodelled",
    "Verdict",
    "board_unmodelled",
    "check",
    "check_blocks",
    "check_damage",
    "check_modelled",
    "compile_board",
    "default_catalog",
    "had_to_attack",
    "import_puzzle",
    "legal_attacks",
    "legal_blocks",
    "load_board",
    "max_requirements",
    "resolve_combat",
]

try:  # the one source is ``project.version`` in pyproject.toml, read from the installed metadata
    __version__ = _metadata.version("mtgcombat")
except _metadata.PackageNotFoundError:  # a source tree on sys.path that was never installed
    __version__ = "0+unknown"
