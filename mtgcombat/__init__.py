"""mtgcombat: exact legality of Magic: The Gathering combat declarations.

>>> from mtgcombat import load_board, legal_attacks
"""

from __future__ import annotations

from .blocks import BlockEngine, check_blocks, legal_blocks
from .board import Board, load_board
from .catalog import Card, Catalog, default_catalog
from .compile import compile_board
from .damage import DamageVerdict, check_damage
from .damage_solve import CombatResult, resolve_combat
from .declaration import BlockDeclaration, Declaration
from .errors import BoardError, DeclarationError
from .instances import Instances
from .legality import (
    AttackEngine,
    check,
    had_to_attack,
    legal_attacks,
    max_requirements,
)
from .verdict import Verdict

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
    "Instances",
    "Verdict",
    "check",
    "check_blocks",
    "check_damage",
    "compile_board",
    "default_catalog",
    "had_to_attack",
    "legal_attacks",
    "legal_blocks",
    "load_board",
    "max_requirements",
    "resolve_combat",
]

__version__ = "0.1.0"
