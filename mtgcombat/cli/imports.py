"""The ``import`` commands: other programs' saved game states as boards (``import forge``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from mtgcombat.cli.common import EXIT_BAD_INPUT, EXIT_OK
from mtgcombat.errors import BoardError
from mtgcombat.views.text import safe


@click.group(name="import", short_help="Import other programs' saved game states as boards.",
             epilog="""\b
Examples:
  mtgcombat import forge PS_WAR1.pzl -o war1.json
  mtgcombat import forge PP05.pzl | mtgcombat blocks -
  mtgcombat import forge PC_072115.pzl --json""")
def import_group() -> None:
    """Turn a saved game state of another program into a board file."""


@import_group.command(short_help="A Forge puzzle file (.pzl) as a board.", epilog="""\b
Examples:
  mtgcombat import forge PS_WAR1.pzl -o war1.json
  mtgcombat import forge PP05.pzl | mtgcombat blocks -
\b
Writes the board JSON (standard output without -o) and prints on standard error the
question the puzzle's state is at (attacks, blocks or damage) and one line per note: what the
board does not hold (precast spells, scripts, merged cards, choices, unknown names, zones the
board has no field for). A note marked '!' may change the answer; '-' does not. With --json
the output is {"name", "goal", "question", "board", "notes"}. --strict: exit status 2 when any
note may change the answer (the board is still written).""")
@click.argument("file", metavar="FILE.pzl", type=str)
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="BOARD.json", help="Write the board here instead of standard output.")
@click.option("--json", "as_json", is_flag=True,
              help="Write the whole import (question, notes and board) as one JSON object.")
@click.option("--strict", is_flag=True,
              help="Exit with status 2 when a note may change the answer.")
def forge(file: str, out: Path | None, as_json: bool, strict: bool) -> int:
    """Import a Forge puzzle file as a board."""
    from mtgcombat.forge import import_puzzle

    imported = import_puzzle(file)
    data = imported.to_json() if as_json else imported.board
    text = json.dumps(data, ensure_ascii=False, indent=None if as_json else 2) + "\n"
    if out is None:
        sys.stdout.write(text)
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise BoardError(f"can't write: {exc.strerror or exc}", path="",
                             file=str(out)) from None
    name = f" ({imported.name})" if imported.name else ""
    click.echo(safe(f"{file}: question: {imported.question}{name}"), err=True)
    for note in sorted(imported.notes, key=lambda n: not n.matters):
        click.echo(safe(f"  {note.line()}"), err=True)
    return EXIT_BAD_INPUT if strict and imported.changes_answer else EXIT_OK
