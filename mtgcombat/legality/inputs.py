"""What the legality questions accept: a board (a :class:`Board`, a file path or a decoded
mapping) and a declaration (the value type or its JSON mapping)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from mtgcombat.board.declaration import BlockDeclaration, Declaration
from mtgcombat.board.model import Board, load_board

BoardLike = Board | str | Path | Mapping[str, Any]
K = TypeVar("K", Declaration, BlockDeclaration)


def as_board(board: BoardLike) -> Board:
    """A :class:`Board` from a board, a file path or a decoded mapping."""
    return board if isinstance(board, Board) else load_board(board)


def as_declaration(kind: type[K], decl: K | Mapping[str, Any]) -> K:
    """A declaration of type ``kind`` from itself or its JSON mapping."""
    if isinstance(decl, kind):
        return decl
    assert isinstance(decl, Mapping)
    return kind.from_json(dict(decl))
