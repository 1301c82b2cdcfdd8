"""Assigning combat damage equal to toughness rather than power (CR 510.1a): only while the
toughness is greater (Ancient Lumberknot), with a toughness bonus (Treefolk Umbra), for a
resolution's target (Bill the Pony). Expected effects are written from the cards' printed
text, expected damage from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.rules.effects import AssignsDamageByToughness, ModifyPowerToughness, Selector
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import effects, resolved

ATTACHED = Selector(which="attached")
YOURS = Selector(controller="you", types=["Creature"])


@pytest.mark.parametrize("name", ["Ancient Lumberknot", "Bedrock Tortoise", "Tapestry Warden"])
def test_each_creature_with_toughness_greater(name: str) -> None:
    """"Each creature you control with toughness greater than its power assigns combat damage
    equal to its toughness rather than its power.\""""
    assert AssignsDamageByToughness(affects=YOURS, only_if_greater=True) in effects(name)


def test_bark_of_doran() -> None:
    """"Equipped creature gets +0/+1." and "As long as equipped creature's toughness is
    greater than its power, it assigns combat damage equal to its toughness rather than its
    power.\""""
    assert effects("Bark of Doran") == [
        ModifyPowerToughness(affects=ATTACHED, toughness=1),
        AssignsDamageByToughness(affects=ATTACHED, only_if_greater=True)]


@pytest.mark.parametrize("name", ["Gauntlets of Light", "Treefolk Umbra"])
def test_gets_0_2_and_assigns_by_toughness(name: str) -> None:
    """"Enchanted creature gets +0/+2 and assigns combat damage equal to its toughness rather
    than its power.\""""
    got = effects(name)
    assert got[:2] == [ModifyPowerToughness(affects=ATTACHED, toughness=2),
                       AssignsDamageByToughness(affects=ATTACHED)]


@pytest.mark.parametrize("name", ["Bill the Pony", "Plagon, Lord of the Beach"])
def test_target_creature_you_control(name: str) -> None:
    """Bill the Pony: "Until end of turn, target creature you control assigns combat damage
    equal to its toughness rather than its power."; Plagon: "Target creature you control
    assigns ... this turn.\""""
    assert resolved(name) == [AssignsDamageByToughness(
        affects=Selector(which="targets", controller="you", types=["Creature"]))]


# -- engine --------------------------------------------------------------------------------


def _card(pid: str, card: str, **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, **state}


def test_lumberknot_only_where_toughness_is_greater() -> None:
    """Ancient Lumberknot (1/4) with a 3/3 and a 5/2 attacking: it assigns 4 (toughness
    greater), the 3/3 its power 3 (equal), the 5/2 its power 5: opp takes 12."""
    b = board([_card("k", "Ancient Lumberknot"), creature("c", 3, 3), creature("d", 5, 2)],
              {"k": "opp", "c": "opp", "d": "opp"})
    c = combat_at(b)
    assert {f: c.fighters[f].power for f in ("k", "c", "d")} == {"k": 4, "c": 3, "d": 5}
    assert c.fighters["k"].assigns_by == "toughness" and c.fighters["d"].assigns_by == "power"
    assert resolve_combat(b).life["opp"] == 8


def test_lumberknot_spares_the_opponent_s_creatures() -> None:
    """"Each creature you control": opp's 1/4 blocker assigns its power 1 to the Lumberknot."""
    b = board([_card("k", "Ancient Lumberknot"), creature("w", 1, 4)], {"k": "opp"},
              {"w": "k"})
    assert combat_at(b).fighters["w"].power == 1


def test_flanked_warden_assigns_its_lowered_toughness() -> None:
    """opp's Tapestry Warden (3/4; its rule covers its controller's creatures) blocks a
    flanker: -1/-1 (702.25) makes it 2/3, toughness still greater: it assigns 3."""
    b = board([creature("f", 1, 1, "flanking"),
               _card("t", "Tapestry Warden", controller="opp")], {"f": "opp"}, {"t": "f"})
    t = combat_at(b).fighters["t"]
    assert (t.power, t.toughness, t.assigns_by) == (3, 3, "toughness")


def test_treefolk_umbra_on_a_bear() -> None:
    """Treefolk Umbra on Grizzly Bears (2/2): a 2/4 that assigns 4: opp takes 4."""
    b = board([_card("g", "Grizzly Bears"), _card("u", "Treefolk Umbra", attached_to="g")],
              {"g": "opp"})
    assert resolve_combat(b).life["opp"] == 16


@pytest.mark.parametrize(("creature_card", "damage"), [
    ("Grizzly Bears", 3),  # 2/2 + 0/+1 = 2/3: toughness
    ("Craw Wurm", 6),  # 6/4 + 0/+1 = 6/5: power
])
def test_bark_of_doran_when_greater(creature_card: str, damage: int) -> None:
    b = board([_card("c", creature_card), _card("e", "Bark of Doran", attached_to="c")],
              {"c": "opp"})
    assert resolve_combat(b).life["opp"] == 20 - damage


def test_bill_the_pony_targets_one_creature() -> None:
    """Bill the Pony's activation targeting a 1/4 wall-like attacker: it assigns 4; another
    1/4 attacker not targeted assigns 1."""
    b = board([creature("w", 1, 4), creature("x", 1, 4),
               _card("bill", "Bill the Pony", controller="you",
                     activations=[{"x": 0, "targets": ["w"]}])],
              {"w": "opp", "x": "opp"})
    c = combat_at(b)
    assert (c.fighters["w"].power, c.fighters["x"].power) == (4, 1)


def test_battle_cry_bonus_is_compared_too() -> None:
    """Grizzly Bears with Bark of Doran (2/3: assigns 3) attacks with two Goblin Wardrivers:
    two battle cry triggers make it 4/3 (702.91a), power now greater: it assigns 4; each
    Wardriver gets +1/+0 from the other (3/2). opp takes 4 + 3 + 3."""
    b = board([_card("g", "Grizzly Bears"), _card("e", "Bark of Doran", attached_to="g"),
               _card("w1", "Goblin Wardriver"), _card("w2", "Goblin Wardriver")],
              {"g": "opp", "w1": "opp", "w2": "opp"})
    g = combat_at(b).fighters["g"]
    assert (g.power, g.toughness, g.assigns_by) == (4, 3, "power")
    assert resolve_combat(b).life["opp"] == 10
