"""What scripts rely on: ``-`` as a board path (standard input), the ``--exit-code`` statuses,
errors that name the board file, and "did you mean" for an id the board doesn't have."""

from __future__ import annotations

import ast
import difflib
import re
from typing import TYPE_CHECKING

import click

from mtgcombat.errors import BoardError, DeclarationError

if TYPE_CHECKING:
    from mtgcombat.board.model import Board

EXIT_UNKNOWN = 3
"""With ``--exit-code``: no verdict (e.g. the time limit ran out), or a listing cut short."""
EXIT_ILLEGAL = 4
"""With ``--exit-code``: the declaration (or damage assignment) checked is illegal."""
BOARD_META = "mtgcombat.board"
"""The click context's ``meta`` key of the board the command loaded."""

EXIT_CODE = click.option(
    "--exit-code", "exit_code", is_flag=True,
    help="Exit with the verdict: 0 legal (a listing: complete), 4 illegal, 3 unknown "
         "(time limit; a listing cut short), 2 bad input, 1 internal error.")
EXIT_EPILOG = """\b
Exit status: 0 when the command ran (whatever the verdict), 2 for bad input (a bad board
file, a missing file, a bad --attack/--block/--band/--assign argument or --declaration file),
1 for an internal error. With --exit-code (legal, check, blocks, damage): 4 for an illegal
declaration or assignment, 3 for unknown (no verdict within --timeout; a listing cut short).
BOARD.json may be '-': the board is read from standard input."""
COMPLETION_EPILOG = """\b
Shell completion: eval "$(_MTGCOMBAT_COMPLETE=bash_source mtgcombat)" in ~/.bashrc
(zsh_source in ~/.zshrc; fish: _MTGCOMBAT_COMPLETE=fish_source mtgcombat | source)."""


def verdict_status(legal: bool, exit_code: bool) -> int:
    """The exit status of a checked verdict (``exit_code``: ``--exit-code`` was given)."""
    return EXIT_ILLEGAL if exit_code and not legal else 0


def listing_status(complete: bool, exit_code: bool) -> int:
    """The exit status of a listing (``complete``: not cut short by the time limit)."""
    return EXIT_UNKNOWN if exit_code and not complete else 0


def one_stdin(board: str, declaration: str | None) -> None:
    """A usage error when both the board and the declaration would be read from stdin."""
    if board == "-" and declaration == "-":
        raise click.UsageError("the board and --declaration can't both be '-' (stdin)")


def batch_inputs(inputs: tuple[str, ...]) -> tuple[str, ...]:
    """``batch``'s INPUTS, once each exists (``-``, standard input, at most once); a
    :class:`BoardError` (exit status 2) naming the first that doesn't."""
    from pathlib import Path

    if inputs.count("-") > 1:
        raise click.UsageError("'-' (standard input) can be given once")
    for name in inputs:
        if name != "-" and not Path(name).exists():
            raise BoardError("no such file or directory", path="", file=name)
    return inputs


def read_board(path: str) -> tuple[Board, str]:
    """The board at ``path`` (``-``: standard input) and the name messages give its file."""
    from mtgcombat.board.model import load_board, parse_board
    from mtgcombat.board.source import STDIN, STDIN_LABEL, decode_board, read_stdin_text

    if path != STDIN:
        return load_board(path), path
    data = decode_board(read_stdin_text(), STDIN_LABEL)
    return parse_board(data, file=STDIN_LABEL), STDIN_LABEL


_UNKNOWN_ID = re.compile(r"^no (?:player or )?permanent (?:with id|called) "
                         r"('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")


def _unknown_id(message: str) -> str | None:
    """The id an "unknown id" message names, else ``None``."""
    m = _UNKNOWN_ID.match(message)
    if m is None:
        return None
    try:
        value = ast.literal_eval(m.group(1))
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


def suggestions(wrong: str, board: Board, players: bool) -> list[str]:
    """The board's permanent ids (and, with ``players``, player names) closest to ``wrong``."""
    names = [p.id for p in board.permanents]
    if players:
        names += [p.name for p in board.players]
    folded = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(wrong.casefold(), list(folded), n=3, cutoff=0.6)
    return [folded[c] for c in close]


def did_you_mean(err: BoardError, board: Board | None) -> BoardError:
    """``err`` with "did you mean ...?" when it names an id ``board`` doesn't have."""
    wrong = None if board is None else _unknown_id(err.message)
    if board is None or wrong is None:
        return err
    close = suggestions(wrong, board, players="player" in err.message)
    if not close:
        return err
    hint = " or ".join(repr(c) for c in close)
    return type(err)(f"{err.message}; did you mean {hint}?", path=err.path, file=err.file)


def located(err: BoardError, ctx: click.Context) -> BoardError:
    """``err`` of a command on a board: an error about the board (a ``$`` path, no file)
    names the board file; an unknown id gets "did you mean"."""
    board = ctx.meta.get(BOARD_META)
    err = did_you_mean(err, board)
    path = ctx.params.get("board")
    if (board is not None and isinstance(path, str) and err.file is None
            and not isinstance(err, DeclarationError) and err.path.startswith("$")):
        from mtgcombat.board.source import STDIN, STDIN_LABEL

        return err.with_file(STDIN_LABEL if path == STDIN else path)
    return err
