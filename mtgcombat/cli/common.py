"""What the ``mtgcombat`` commands share: exit statuses, common options, printing, loading a
board (``--strict``), and the command class that turns "no verdict" into the answer
``unknown (<reason>)`` and reports the combat text the answer ignores."""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any

import click

from mtgcombat.errors import BoardError, DeclarationError, Undecided
from mtgcombat.views.text import safe

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from mtgcombat.board.model import Board
    from mtgcombat.board.unmodelled import Unmodelled

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_BAD_INPUT = 2
DEFAULT_SHOWN = 100
"""Rows of the human ``legal`` table when no ``--limit`` is given."""
PAYMENT_NOT_CHECKED = ("--assume-payable: costs are assumed payable; paying them "
                       "(CR 508.1h-j) is not checked")

BOARD = click.argument("board", metavar="BOARD.json", type=str)
JSON_FLAG = click.option("--json", "as_json", is_flag=True,
                         help="Print one JSON object (the HTTP API's shape) instead of tables.")
ASSUME_PAYABLE = click.option(
    "--assume-payable", is_flag=True,
    help="Skip the payment check (CR 508.1g-j, 509.1d-g): which declarations are legal if the "
         "costs can be paid.")
TIMEOUT = click.option(
    "--timeout", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
    help="Time limit for the whole command (default: none); past it the answer is "
         "\"unknown (time limit)\", and a listing says it is incomplete. Example: --timeout 5")
STRICT = click.option(
    "--strict", is_flag=True,
    help="Refuse a board whose cards have combat text the engine does not model (exit 2, "
         "naming the card and the sentence) instead of answering without it.")
UNMODELLED = "mtgcombat.unmodelled"
"""The click context's ``meta`` key of the loaded board's unmodelled combat text."""


def load(path: str, strict: bool = False) -> Board:
    """The board at ``path`` (``-``: standard input); :class:`BoardError` for a missing,
    unreadable or bad file and, with ``strict``, for combat text that is not modelled. Its
    unmodelled combat text is kept for the command's answer (:func:`print_json`,
    :class:`Command`)."""
    from mtgcombat.board.unmodelled import board_unmodelled, check_modelled
    from mtgcombat.cli.scripting import BOARD_META, read_board

    board, file = read_board(path)
    found = check_modelled(board, file=file) if strict else board_unmodelled(board)
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.meta[UNMODELLED] = found
        ctx.meta[BOARD_META] = board
    return board


def loaded_unmodelled(*, take: bool = False) -> list[Unmodelled]:
    """The unmodelled combat text of the board the current command loaded (``take``: and
    forget it, once a command has reported it itself)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return []
    found: list[Unmodelled] = ctx.meta.pop(UNMODELLED, []) if take else ctx.meta.get(
        UNMODELLED, [])
    return found


def console() -> Console:
    """A console on the current stdout (wide when not a terminal, so pipes don't wrap)."""
    from rich.console import Console

    width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 120
    return Console(file=sys.stdout, width=width, markup=False, highlight=False)


def print_out(renderable: RenderableType) -> None:
    """Print ``renderable`` on stdout."""
    console().print(renderable)


def print_json(data: object) -> None:
    """Print ``data`` as one line of JSON on stdout; an answer (an object) about a board with
    unmodelled combat text carries the ``unmodelled`` list."""
    if isinstance(data, dict):
        from mtgcombat.views.unmodelled import with_unmodelled

        data = with_unmodelled(data, loaded_unmodelled())
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def error_line(err: BoardError) -> str:
    """The one line (control characters escaped) that reports bad input ``err``."""
    if isinstance(err, DeclarationError) and not err.file:
        return safe(f"bad declaration ({err.path}): {err.message}")
    return safe(err.one_line())


def print_unknown(exc: Undecided, as_json: bool) -> None:
    """The answer "unknown" for ``exc``: ``unknown (<reason>)``, or its JSON."""
    from mtgcombat.views.undecided import undecided_json, undecided_reason

    if as_json:
        print_json(undecided_json(exc))
    else:
        click.echo(f"unknown ({safe(undecided_reason(exc))})")


class Command(click.Command):
    """A command whose "no verdict" (:class:`~mtgcombat.errors.Undecided`) is an answer:
    ``unknown (<reason>)`` (or its JSON with ``--json``) and exit status 0. Its human answer
    about a board with unmodelled combat text ends with one warning line."""

    def invoke(self, ctx: click.Context) -> Any:
        from mtgcombat.cli.scripting import EXIT_UNKNOWN, located

        as_json = bool(ctx.params.get("as_json"))
        try:
            rv = super().invoke(ctx)
        except Undecided as exc:
            print_unknown(exc, as_json=as_json)
            rv = EXIT_UNKNOWN if ctx.params.get("exit_code") else EXIT_OK
        except BoardError as err:
            raise located(err, ctx) from None
        if not as_json:
            from mtgcombat.views.unmodelled import warning

            line = warning(loaded_unmodelled(take=True))
            if line is not None:
                click.echo(safe(line))
        return rv
