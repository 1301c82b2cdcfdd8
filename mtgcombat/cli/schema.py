"""The ``schema`` command: the board file's JSON Schema (Draft 2020-12), from the pydantic
model that reads boards."""

from __future__ import annotations

import json
from typing import Any

import click

from mtgcombat.board.model import Board

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect the schema is written in."""


def board_schema() -> dict[str, Any]:
    """The JSON Schema of a board file (Draft 2020-12)."""
    return {"$schema": DIALECT, **Board.model_json_schema()}


@click.command(short_help="Print the board file's JSON Schema (Draft 2020-12).",
               epilog="""\b
Examples:
  mtgcombat schema > board.schema.json
  mtgcombat schema | python -m json.tool --compact""")
def schema() -> None:
    """Print the JSON Schema (Draft 2020-12) that board files follow.

    Every bundled board validates against it. The schema says the shape (keys, types, ranges,
    the effect vocabulary); loading a board also checks what a schema can't say: names of
    cards, players and permanents, attachments, and the combat state.
    """
    click.echo(json.dumps(board_schema(), indent=2, sort_keys=True))
