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

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    __version__: str
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

_MODULES: dict[str, str] = {
    "AttackEngine": "mtgcombat.legality.attacks",
    "BlockDeclaration": "mtgcombat.board.declaration",
    "BlockEngine": "mtgcombat.legality.blocks",
    "Board": "mtgcombat.board.model",
    "BoardError": "mtgcombat.errors",
    "Card": "mtgcombat.rules.catalog",
    "Catalog": "mtgcombat.rules.catalog",
    "CombatResult": "mtgcombat.damage.resolve",
    "DamageVerdict": "mtgcombat.damage.assignment",
    "Declaration": "mtgcombat.board.declaration",
    "DeclarationError": "mtgcombat.errors",
    "ImportedPuzzle": "mtgcombat.forge",
    "Instances": "mtgcombat.compile.instances",
    "Unmodelled": "mtgcombat.board.unmodelled",
    "Verdict": "mtgcombat.legality.verdict",
    "board_unmodelled": "mtgcombat.board.unmodelled",
    "check": "mtgcombat.legality.attacks",
    "check_blocks": "mtgcombat.legality.blocks",
    "check_damage": "mtgcombat.damage.assignment",
    "check_modelled": "mtgcombat.board.unmodelled",
    "compile_board": "mtgcombat.compile.attacks",
    "default_catalog": "mtgcombat.rules.catalog",
    "had_to_attack": "mtgcombat.legality.attacks",
    "import_puzzle": "mtgcombat.forge",
    "legal_attacks": "mtgcombat.legality.attacks",
    "legal_blocks": "mtgcombat.legality.blocks",
    "load_board": "mtgcombat.board.model",
    "max_requirements": "mtgcombat.legality.attacks",
    "resolve_combat": "mtgcombat.damage.resolve",
}
"""Public name → the module defining it, imported on first use so that a command pays only
for the parts it uses."""

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



def __getattr__(name: str) -> Any:
    """The public name ``name``, imported on first use (PEP 562); ``__version__`` is the
    installed distribution's version (``project.version`` in pyproject.toml)."""
    if name == "__version__":
        from importlib import metadata

        try:
            version = metadata.version("mtgcombat")
        except metadata.PackageNotFoundError:  # a source tree never installed
            version = "0+unknown"
        globals()["__version__"] = version
        return version
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'mtgcombat' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*__all__, "__version__"])
