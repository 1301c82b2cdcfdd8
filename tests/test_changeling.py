"""Changeling (CR 702.73a): "This object is every creature type." The derived characteristics
give a creature with changeling every creature type, so effects about creature types (lords,
"can't be blocked by Walls", protection from Goblins) see it."""

from __future__ import annotations

from typing import Any

from mtgcombat import legal_blocks
from mtgcombat.board.characteristics import EVERY_CREATURE_TYPE, View
from mtgcombat.rules.text.families.keywords import keyword_status

from .helpers import board, card, creature
from .text_golden import compiled


def _blocks(perms: list[dict[str, Any]], attack: dict[str, str]) -> list[dict[str, Any]]:
    return [d.to_json() for d in legal_blocks(board(perms, attack=attack), assume_payable=True)]


def test_a_changeling_is_every_creature_type() -> None:
    v = View(board([card("w", "Woodland Changeling")]))
    subtypes = v.objects["w"].subtypes
    assert {"Goblin", "Wall", "Sliver", "Time Lord", "Shapeshifter"} <= subtypes
    assert subtypes == EVERY_CREATURE_TYPE


def test_custom_creature_with_the_keyword_too() -> None:
    v = View(board([creature("c", 1, 1, "changeling"), creature("plain", 1, 1)]))
    assert "Elf" in v.objects["c"].subtypes
    assert v.objects["plain"].subtypes == frozenset()


def test_a_noncreature_permanent_gets_no_creature_types() -> None:
    # Creature types belong to creatures and kindred permanents only (CR 205.3m).
    art = {"id": "art", "name": "art", "types": ["Artifact"], "keywords": ["changeling"]}
    kindred = {"id": "k", "name": "k", "types": ["Kindred", "Enchantment"],
               "keywords": ["changeling"]}
    v = View(board([art, kindred]))
    assert v.objects["art"].subtypes == frozenset()
    assert "Goblin" in v.objects["k"].subtypes


def test_lords_pump_a_changeling() -> None:
    # Goblin King: "Other Goblins get +1/+1 and have mountainwalk." Woodland Changeling: 2/2.
    v = View(board([card("king", "Goblin King"), card("w", "Woodland Changeling")]))
    w = v.objects["w"]
    assert (w.power, w.toughness) == (3, 3) and "mountainwalk" in w.keywords


def test_a_changeling_cant_block_juggernaut() -> None:
    # Juggernaut: "This creature can't be blocked by Walls." A changeling is a Wall.
    perms = [card("jug", "Juggernaut", controller="you"),
             creature("ch", 1, 1, "changeling", controller="opp"),
             creature("bear", 2, 2, controller="opp")]
    got = _blocks(perms, {"jug": "opp"})
    assert {"bear": "jug"} in got
    assert all("ch" not in d for d in got)


def test_protection_from_goblins_stops_a_changeling_blocker() -> None:
    perms = [creature("knight", 2, 2, "protection from Goblins", controller="you"),
             creature("ch", 1, 1, "changeling", controller="opp"),
             creature("bear", 2, 2, controller="opp")]
    got = _blocks(perms, {"knight": "opp"})
    assert {"bear": "knight"} in got and all("ch" not in d for d in got)


def test_changeling_keyword_is_modelled() -> None:
    assert keyword_status("changeling") == "modelled"
    c = compiled("Woodland Changeling")  # Changeling
    assert c.keywords == ("changeling",) and not c.unmodelled and c.fully_modelled
