"""What the ``mtgcombat`` commands share: exit statuses, common options, printing, and the
command class that turns "no verdict" into the answer ``unknown (<reason>)``."""

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


def console() -> Console:
    """A console on the current stdout (wide when not a terminal, so pipes don't wrap)."""
    from rich.console import Console

    width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 120
    return Console(file=sys.stdout, width=width, markup=False, highlight=False)


def print_out(renderable: RenderableType) -> None:
    """Print ``renderable`` on stdout."""
    console().print(renderable)


def print_json(data: object) -> None:
    """Print ``data`` as one line of JSON on stdout."""
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
    ``unknown (<reason>)`` (or its JSON with ``--json``) and exit status 0."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Undecided as exc:
            print_unknown(exc, as_json=bool(ctx.params.get("as_json")))
            return EXIT_OK
