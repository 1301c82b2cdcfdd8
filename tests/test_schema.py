"""``mtgcombat schema``: a valid Draft 2020-12 schema that every bundled board validates
against, and that refuses boards of the wrong shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtgcombat.cli.main import cli

jsonschema = pytest.importorskip("jsonschema")

MODELS = Path(__file__).resolve().parent.parent / "models"
BOARDS = sorted(p for p in MODELS.rglob("*.json")
                if not p.name.endswith(".expected.json") and p.parent.name not in ("bad", "batch"))


@pytest.fixture(scope="module")
def validator() -> Any:
    out = CliRunner().invoke(cli, ["schema"])
    assert out.exit_code == 0, out.output
    schema = json.loads(out.output)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_there_are_bundled_boards() -> None:
    assert len(BOARDS) >= 100


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_board_validates(validator: Any, path: Path) -> None:
    errors = [e.message for e in validator.iter_errors(json.loads(path.read_text("utf-8")))]
    assert errors == []


@pytest.mark.parametrize("board", [
    {"active_player": "you", "players": [{"name": "you"}]},  # fewer than two players
    {"active_player": "you", "players": [{"name": "you"}, {"name": "b"}], "colour": "W"},
    {"active_player": "you", "players": [{"name": "you"}, {"name": "b"}],
     "permanents": [{"id": "x", "controller": "you", "tapped": "yes"}]},
    {"active_player": "you", "players": [{"name": "you"}, {"name": "b"}],
     "effects": [{"name": "e", "controller": "you", "effects": [{"kind": "no_such_kind"}]}]},
])
def test_wrong_shapes_are_refused(validator: Any, board: dict[str, Any]) -> None:
    assert not validator.is_valid(board)
