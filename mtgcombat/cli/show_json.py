"""``show --json``: how the engine understood a board, as the HTTP API's ``/v1/show`` says it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mtgcombat.errors import BoardError

if TYPE_CHECKING:
    from mtgcombat.board.model import Board


def show_json(board: Board) -> dict[str, Any]:
    """``{"players", "attack", "blocks"}``; when the board's declared attack can't be blocked
    as given (its blocks don't compile), ``"blocks"`` is null and ``"blocks_error"`` says why,
    as the human ``show`` does."""
    from mtgcombat.compile.attacks import compile_board
    from mtgcombat.views.json import show_json as view

    block = None
    why: str | None = None
    if board.attack is not None:
        from mtgcombat.compile.blocks import compile_blocks

        try:
            block = compile_blocks(board)
        except BoardError as err:
            why = err.one_line()
    out = view(board, compile_board(board), block)
    if why is not None:
        out["blocks_error"] = why
    return out
