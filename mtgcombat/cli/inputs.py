"""Declarations given on the command line: ``--attack``/``--band``/``--block`` strings, or a
JSON file (``--declaration FILE``, ``-`` for stdin) for ids those flags can't spell."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from mtgcombat.board.declaration import BlockDeclaration, Declaration
from mtgcombat.board.source import MAX_BYTES_ENV, max_board_bytes, read_board_text
from mtgcombat.errors import BoardError, DeclarationError

STDIN = "-"


def _label(name: str) -> str:
    return "<stdin>" if name == STDIN else name


def read_json(name: str) -> Any:
    """The JSON value in file ``name`` (``-``: stdin); a :class:`DeclarationError` naming the
    file when it can't be read or isn't JSON."""
    label = _label(name)
    text = _stdin_text(label) if name == STDIN else _file_text(name, label)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise DeclarationError(f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})",
                               path="", file=label) from None
    except RecursionError:
        raise DeclarationError("not JSON we can read: nested too deeply", path="",
                               file=label) from None
    except ValueError as err:  # an integer over Python's int-parsing digit limit
        why = "an integer has more than 4300 digits" if "digits" in str(err) else "bad value"
        raise DeclarationError(f"not JSON we can read: {why}", path="", file=label) from None


def _file_text(name: str, label: str) -> str:
    """A declaration file's text, with the same limits as a board file's."""
    try:
        return read_board_text(Path(name), label, what="declaration file")
    except BoardError as err:
        raise DeclarationError(err.message, path="", file=label) from None


def _stdin_text(label: str) -> str:
    """A declaration read from stdin, at most the board-file size limit."""
    limit = max_board_bytes()
    try:
        text = sys.stdin.read(limit + 1)
    except OSError as err:
        raise DeclarationError(f"can't read the declaration: {err.strerror or err}",
                               path="", file=label) from None
    except UnicodeDecodeError as err:
        raise DeclarationError(f"can't read the declaration: not UTF-8 ({err.reason})",
                               path="", file=label) from None
    if len(text) > limit:
        raise DeclarationError(f"the declaration is over the limit of {limit} characters "
                               f"(set {MAX_BYTES_ENV} to change it)", path="", file=label)
    return text


def _both(flag: str) -> click.UsageError:
    return click.UsageError(f"give the declaration with {flag} or with --declaration, not both")


def attack_declaration(attacks: tuple[str, ...], bands: tuple[str, ...],
                       file: str | None) -> Declaration:
    """The attack declaration from ``--attack`` (and ``--band``), or from ``--declaration``'s
    ``{"attacker": "target"}`` (with ``--band``)."""
    if file is None:
        return Declaration.parse(attacks, bands)
    if attacks:
        raise _both("--attack")
    data = read_json(file)
    try:
        pairs = Declaration.from_json(data)
    except DeclarationError as err:
        raise err.with_file(_label(file)) from None
    return Declaration(pairs, Declaration.parse((), bands).bands)


def block_declaration(blocks: tuple[str, ...], check_empty: bool,
                      file: str | None) -> BlockDeclaration | None:
    """The block declaration to check (from ``--block``, ``--check`` or ``--declaration``'s
    ``{"blocker": "attacker" | [...]}``), or ``None``: list them all."""
    if file is None:
        return BlockDeclaration.parse(blocks) if blocks or check_empty else None
    if blocks or check_empty:
        raise _both("--block/--check")
    data = read_json(file)
    try:
        return BlockDeclaration.from_json(data)
    except DeclarationError as err:
        raise err.with_file(_label(file)) from None
