"""Golden tests: mana abilities (CR 605) compiled from real cards' text."""

from __future__ import annotations

from mtgcombat.rules.effects import CostPick, ManaAbility, Selector
from tests.text_golden import compiled, effects


def test_tap_for_one_colour() -> None:
    # Llanowar Elves: "{T}: Add {G}."
    assert effects("Llanowar Elves") == [ManaAbility(tap=True, produces=["{G}"])]


def test_tap_for_one_of_two_colours() -> None:
    # Karplusan Forest: "{T}: Add {C}." / "{T}: Add {R} or {G}. This land deals 1 damage to you."
    assert effects("Karplusan Forest") == [
        ManaAbility(tap=True, produces=["{C}"]),
        ManaAbility(tap=True, produces=["{R}", "{G}"]),
    ]


def test_tap_for_any_colour() -> None:
    # Birds of Paradise: "{T}: Add one mana of any color."
    assert ManaAbility(tap=True, produces=["{any}"]) in effects("Birds of Paradise")


def test_two_colourless() -> None:
    # Sol Ring: "{T}: Add {C}{C}."
    assert effects("Sol Ring") == [ManaAbility(tap=True, produces=["{C}{C}"])]


def test_sacrifice_a_creature_cost() -> None:
    # Phyrexian Tower: "{T}: Add {C}." / "{T}, Sacrifice a creature: Add {B}{B}."
    assert effects("Phyrexian Tower") == [
        ManaAbility(tap=True, produces=["{C}"]),
        ManaAbility(tap=True, produces=["{B}{B}"],
                    sacrifice=CostPick(filter=Selector(types=["Creature"]))),
    ]


def test_mana_cost_and_untap_symbol() -> None:
    # Pili-Pala: "{2}, {Q}: Add one mana of any color."
    assert ManaAbility(untap=True, mana_cost="{2}", produces=["{any}"]) in effects("Pili-Pala")


def test_sacrifice_self() -> None:
    # Lotus Petal: "{T}, Sacrifice this artifact: Add one mana of any color."
    assert effects("Lotus Petal") == [
        ManaAbility(tap=True, sacrifice_self=True, produces=["{any}"])]


def test_mana_only_for_spells_pays_no_cost_to_attack() -> None:
    # Mishra's Workshop: "{T}: Add {C}{C}{C}. Spend this mana only to cast artifact spells."
    c = compiled("Mishra's Workshop")
    assert c.effects == () and c.unmodelled == ()


def test_counts_and_other_costs_stay_unmodelled() -> None:
    # Cabal Stronghold: "{3}, {T}: Add {B} for each basic Swamp you control." ("basic" is no
    # filter of the vocabulary; Cabal Coffers' count is modelled: tests/test_text_mana2.py)
    assert [u.text for u in compiled("Cabal Stronghold").unmodelled] == [
        "Add {B} for each basic Swamp you control."]
    # Aether Hub: "{T}, Pay {E}: Add one mana of any color." (energy is not on the board)
    assert "Add one mana of any color." in [u.text for u in compiled("Aether Hub").unmodelled]


def test_several_of_one_colour_are_alternatives_per_colour() -> None:
    # Gilded Lotus: "{T}: Add three mana of any one color." — all three of the same colour.
    assert effects("Gilded Lotus") == [ManaAbility(
        tap=True, produces=["{W}{W}{W}", "{U}{U}{U}", "{B}{B}{B}", "{R}{R}{R}", "{G}{G}{G}"])]


def test_three_or_five_choices() -> None:
    # Savage Lands: "{T}: Add {B}, {R}, or {G}."
    assert effects("Savage Lands") == [ManaAbility(tap=True, produces=["{B}", "{R}", "{G}"])]


def test_any_combination_of_colours() -> None:
    # Great Hall of the Citadel: "{T}: Add {C}." / "{1}, {T}: Add two mana in any combination of
    # colors. Spend this mana only to cast legendary spells." — spell-only mana pays no cost
    # to attack, so only the first ability counts.
    assert effects("Great Hall of the Citadel") == [ManaAbility(tap=True, produces=["{C}"])]


def test_chosen_colour_and_commander_identity_stay_unmodelled() -> None:
    # Opal Palace: "{T}: Add one mana of any color in your commander's color identity."
    assert "Add one mana of any color in your commander's color identity." in [
        u.text for u in compiled("Opal Palace").unmodelled]
