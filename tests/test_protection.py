"""Protection (CR 702.16) on blocking: an attacker with protection from a quality can't be
blocked by creatures that have it (702.16f) — colours, creatures, everything, creature types —
and a quality the library does not model is bad input, never ignored."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.board.declaration import BlockDeclaration
from mtgcombat.board.model import load_board
from mtgcombat.errors import BoardError
from mtgcombat.legality.blocks import BlockEngine
from mtgcombat.oracle.blocks import reference_legal_blocks
from mtgcombat.rules.protection import quality_matches


def _board(protection: str) -> dict[str, Any]:
    knight = {"id": "k", "name": "Knight", "types": ["Creature"], "power": 2, "toughness": 2,
              "controller": "you", "keywords": [protection]}
    goblin = {"id": "g", "name": "Goblin", "types": ["Creature"], "subtypes": ["Goblin"],
              "colors": ["R"], "power": 1, "toughness": 1, "controller": "opp"}
    elf = {"id": "e", "name": "Elf", "types": ["Creature"], "subtypes": ["Elf"],
           "colors": ["G"], "power": 1, "toughness": 1, "controller": "opp"}
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": [knight, goblin, elf], "attack": {"k": "opp"}}


def _blockers(protection: str) -> set[str]:
    """Who may block the knight alone, by the engine (checked against the oracle)."""
    board = _board(protection)
    legal = set(BlockEngine(board).legal())
    assert reference_legal_blocks(load_board(board)) == legal
    return {b for b in ("g", "e") if BlockDeclaration.from_json({b: "k"}) in legal}


@pytest.mark.parametrize(("protection", "can_block"), [
    ("protection from red", {"e"}),  # the red goblin has the quality
    ("protection from goblins", {"e"}),  # a creature type
    ("protection from elves", {"g"}),  # plural "elves" -> Elf
    ("protection from creatures", set()),  # every blocker is a creature
    ("protection from everything", set()),
    ("protection from multicolored", {"g", "e"}),  # both blockers are monocoloured
])
def test_protection_forbids_blockers_with_the_quality(protection: str,
                                                       can_block: set[str]) -> None:
    assert _blockers(protection) == can_block


def test_a_quality_not_modelled_is_bad_input() -> None:
    with pytest.raises(BoardError, match="not modelled"):
        BlockEngine(_board("protection from the chosen color")).legal()
    with pytest.raises(BoardError, match="not modelled"):
        quality_matches("nonblack", frozenset(), frozenset(), frozenset())
