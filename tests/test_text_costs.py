"""Golden tests: costs to attack (CR 508.1d, 508.1h) and to block (509.1d) compiled from real
cards' text, and the attack and cost templates checked against the hand-written catalog."""

from __future__ import annotations

import pytest

from mtgcombat.rules.catalog import default_catalog
from mtgcombat.rules.effects import (
    AttackCost,
    BlockCost,
    Cost,
    CostPick,
    Effect,
    Selector,
    XCount,
)
from tests.test_text_attacks import ATTACHED, CREATURES, FAMILIES, KINDS, TARGETS, ours
from tests.text_golden import compiled, unmodelled


@pytest.mark.parametrize(("name", "expected"), [
    # "Creatures can't attack you unless their controller pays {2} for each creature they
    # control that's attacking you."
    ("Windborn Muse", [AttackCost(affects=CREATURES, scope="you", cost=Cost(mana="{2}"))]),
    ("Koskun Falls", [AttackCost(affects=CREATURES, scope="you", cost=Cost(mana="{2}"))]),
    # "Black creatures can't attack you." / "Nonblack creatures can't attack you unless their
    # controller pays {2} for each creature they control that's attacking you."
    ("Elephant Grass", [
        AttackCost(affects=Selector(types=["Creature"], colors_none=["B"]), scope="you",
                   cost=Cost(mana="{2}"))]),
    # "Creatures can't attack you or planeswalkers you control unless their controller pays
    # {1} for each of those creatures."
    ("Baird, Steward of Argive", [AttackCost(affects=CREATURES, scope="you_and_planeswalkers",
                                             cost=Cost(mana="{1}"))]),
    # "Enchanted creature can't attack or block unless its controller pays {3}."
    ("Oppressive Rays", [AttackCost(affects=ATTACHED, cost=Cost(mana="{3}")),
                         BlockCost(affects=ATTACHED, cost=Cost(mana="{3}"))]),
    # "This creature can't attack unless you sacrifice a land."
    ("Exalted Dragon", [AttackCost(cost=Cost(sacrifice=[CostPick(
        filter=Selector(types=["Land"]))]))]),
    # "Black creatures can't attack unless their controller sacrifices a land of their choice
    # for each black creature they control that's attacking."
    ("Reclamation", [AttackCost(affects=Selector(types=["Creature"], colors_any=["B"]),
                                cost=Cost(sacrifice=[CostPick(
                                    filter=Selector(types=["Land"]))]))]),
])
def test_static_costs(name: str, expected: list[Effect]) -> None:
    assert [e for e in ours(name) if e.kind in ("attack_cost", "block_cost")] == expected


@pytest.mark.parametrize(("name", "expected"), [
    # "When this creature enters, until your next turn, creatures can't attack you or
    # planeswalkers you control unless their controller pays {2} for each of those creatures."
    ("Forbidding Spirit", [AttackCost(affects=CREATURES, scope="you_and_planeswalkers",
                                      cost=Cost(mana="{2}"))]),
    # Saga chapter: "II, III — Until your next turn, creatures can't attack you unless their
    # controller pays {2} for each of those creatures."
    ("Summon: Yojimbo", [AttackCost(affects=CREATURES, scope="you", cost=Cost(mana="{2}"))]),
    # "[+1]: Until your next turn, creatures can't attack you or planeswalkers you control
    # unless their controller pays 2 life for each of those creatures."
    ("Sivitri, Dragon Master", [AttackCost(affects=CREATURES, scope="you_and_planeswalkers",
                                           cost=Cost(life=2))]),
])
def test_costs_when_it_resolves(name: str, expected: list[Effect]) -> None:
    assert ours(name, resolved=True) == expected
    assert [e for e in ours(name) if e.kind == "attack_cost"] == []


def test_cost_x_counts_permanents() -> None:
    # Whipgrass Entangler: "{1}{W}: Until end of turn, target creature gains "This creature
    # can't attack or block unless its controller pays {1} for each Cleric on the
    # battlefield.""
    x = XCount(count=Selector(subtypes_any=["Cleric"]))
    assert ours("Whipgrass Entangler", resolved=True) == [
        AttackCost(affects=TARGETS, cost=Cost(mana="{X}"), x=x),
        BlockCost(affects=TARGETS, cost=Cost(mana="{X}"), x=x),
    ]


@pytest.mark.parametrize(("name", "sentence"), [
    # X counts counters on the creature, which no X source of the vocabulary does.
    ("Myr Prototype", "This creature can't attack or block unless you pay {1} for each "
                      "+1/+1 counter on it."),
    ("Nils, Discipline Enforcer", "Each creature with one or more counters on it can't "
                                  "attack you or planeswalkers you control unless its "
                                  "controller pays {X}, where X is the number of counters on "
                                  "that creature."),
    # A cost to block only some attackers: block costs have no attacker filter.
    ("Hipparion", "This creature can't block creatures with power 3 or greater unless you pay "
                  "{1}."),
    # Only planeswalkers you control: no such scope.
    ("Onakke Oathkeeper", "Creatures can't attack planeswalkers you control unless their "
                          "controller pays {1} for each creature they control that's "
                          "attacking a planeswalker you control."),
])
def test_cost_near_misses_stay_unmodelled(name: str, sentence: str) -> None:
    assert sentence in unmodelled(name)


# --- the hand-written catalog as reference ----------------------------------------------------

REFERENCE = [
    "Crazed Goblin", "Avatar of Slaughter", "Crawlspace", "Silent Arbiter",
    "Master of Cruelties", "Scarred Puma", "Viashino Bey", "War's Toll", "Ekundu Cyclops",
    "Magnetic Web", "Juggernaut", "Mogg Flunkies", "Bloodshed Fever", "Propaganda",
    "Ghostly Prison", "Sphere of Safety", "Norn's Annex", "Archon of Absolution", "War Tax",
    "Brainwash", "Qal Sisma Behemoth", "Floodtide Serpent", "Hollow Warrior", "Leviathan",
    "Flooded Woodlands", "Armored Galleon", "Ensnaring Bridge", "Trove of Temptation",
    "War Cadence", "Akron Legionnaire", "Lambholt Pacifist", "Harbor Serpent",
    "Collective Restraint", "Cowed by Wisdom", "Whipgrass Entangler", "Okk",
    "Orcish Conscripts", "Alluring Siren", "Endbringer", "Curse of the Nightly Hunt",
    "Kardur, Doomscourge", "Goblin Cohort",
]
"""Hand-written cards whose attack, cost (and "or block") text the templates model."""


@pytest.mark.parametrize("name", REFERENCE)
def test_compiled_equals_hand_written(name: str) -> None:
    hand = default_catalog().get(name)
    assert hand.origin == "catalog"
    c = compiled(name)
    assert not [u.text for u in c.unmodelled if u.family in FAMILIES]
    for mine, theirs in ((c.effects, hand.effects), (c.resolved, hand.resolved)):
        assert [e for e in mine if e.kind in KINDS] == [e for e in theirs if e.kind in KINDS]


def test_reference_is_not_empty_for_each_card() -> None:
    # Every reference card has some effect of the attack and cost kinds to compare.
    for name in REFERENCE:
        hand = default_catalog().get(name)
        assert [e for e in [*hand.effects, *hand.resolved] if e.kind in KINDS], name


def test_sentence_is_reported_with_its_family() -> None:
    # A cost sentence no template models is reported as an attack cost.
    c = compiled("Myr Prototype")
    assert [u.family for u in c.unmodelled if "pay {1}" in u.text] == ["attack_cost"]

