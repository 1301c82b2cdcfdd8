"""Declarations given on the command line: ``--attack``/``--band``/``--block`` strings, or a
JSON file (``--declaration FILE``, ``-`` for stdin) for ids those flags can't spell."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from mtgcombat.board.declaration import BlockDeclaration, Declaration
from mtgcombat.errors import DeclarationError

STDIN = "-"


def _label(name: str) -> str:
    return "<stdin>" if name == STDIN else name


def read_json(name: str) -> Any:
    """The JSON value in file ``name`` (``-``: stdin); a :class:`DeclarationError` naming the
    file when it can't be read or isn't JSON."""
    label = _label(name)
    try:
        text = sys.stdin.read() if name == STDIN else Path(name).read_text(encoding="utf-8")
    except OSError as err:
        raise DeclarationError(f"can't read the declaration: {err.strerror or err}",
                               path="", file=label) from None
    except UnicodeDecodeError as err:
        raise DeclarationError(f"can't read the declaration: not UTF-8 ({err.reason})",
                               path="", file=label) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise DeclarationError(f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})",
                               path="", file=label) from None


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
