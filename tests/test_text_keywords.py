"""Golden tests of keyword lines on real cards: the printed keywords (CR 702) a card's text
compiles to, which of them the engine applies (modelled) and which are reported. Expected
values are read off the printed cards."""

from __future__ import annotations

import pytest

from mtgcombat.rules.effects import CantBlock, OptionalAttackCost, Selector
from mtgcombat.rules.protection import qualities, quality_matches
from tests.text_golden import compiled, effects, unmodelled

MODELLED: list[tuple[str, tuple[str, ...]]] = [
    ("Serra Angel", ("flying", "vigilance")),
    ("Vampire Nighthawk", ("flying", "deathtouch", "lifelink")),
    ("Knight of Meadowgrain", ("first strike", "lifelink")),
    ("Boros Swiftblade", ("double strike",)),
    ("Acid Web Spider", ("reach",)),
    ("Angelic Wall", ("defender", "flying")),
    ("Agent Venom", ("flash", "menace")),
    ("Accursed Spirit", ("intimidate",)),
    ("Dross Prowler", ("fear",)),
    ("Dauthi Marauder", ("shadow",)),
    ("Barbarian General", ("horsemanship",)),
    ("Furtive Homunculus", ("skulk",)),
    ("Boggart Ram-Gang", ("haste", "wither")),
    ("Benalish Hero", ("banding",)),
    ("Benalish Cavalry", ("flanking",)),
    ("Bassara Tower Archer", ("hexproof", "reach")),
    ("Archmage of Echoes", ("flying", "ward {2}")),
    ("Blightsteel Colossus", ("trample", "infect", "indestructible")),
    # landwalk of a basic land type (CR 702.14)
    ("Shanodin Dryads", ("forestwalk",)),
    ("Bog Wraith", ("swampwalk",)),
    ("Mountain Goat", ("mountainwalk",)),
    ("Mirri, Cat Warrior", ("first strike", "forestwalk", "vigilance")),
    # protection from colours and qualities the engine knows (CR 702.16)
    ("White Knight", ("first strike", "protection from black")),
    ("Abbey Gargoyles", ("flying", "protection from red")),
    ("Angelic Curator", ("flying", "protection from artifacts")),
    ("Progenitus", ("protection from everything",)),
    ("Baneslayer Angel", ("flying", "first strike", "lifelink",
                          "protection from demons and from dragons")),
    # toxic N (CR 702.164)
    ("Bilious Skulldweller", ("deathtouch", "toxic 1")),
    ("Branchblight Stalker", ("toxic 2",)),
]


@pytest.mark.parametrize(("name", "keywords"), MODELLED, ids=[m[0] for m in MODELLED])
def test_keyword_line_is_modelled(name: str, keywords: tuple[str, ...]) -> None:
    c = compiled(name)
    assert c.keywords == keywords
    assert c.unmodelled == ()
    assert c.keyword_only


def test_two_protections_on_one_line_are_both_applied() -> None:
    """Akroma's "protection from black and from red" is one canonical keyword whose two
    qualities the engine applies (CR 702.16g: "from A and from B" is two protections)."""
    c = compiled("Akroma, Angel of Wrath")
    assert c.keywords == ("flying", "first strike", "vigilance", "trample", "haste",
                          "protection from black and from red")
    assert c.unmodelled == ()
    assert qualities(c.keywords) == ("black", "red")
    assert quality_matches("black", frozenset({"B"}), frozenset({"Creature"}), frozenset())
    assert quality_matches("red", frozenset({"R"}), frozenset({"Creature"}), frozenset())
    assert not quality_matches("red", frozenset({"W"}), frozenset({"Creature"}), frozenset())
    auriok = compiled("Auriok Champion")
    assert qualities(auriok.keywords) == ("black", "red")
    assert qualities(compiled("Animar, Soul of Elements").keywords) == ("white", "black")


def test_decayed_cant_block() -> None:
    """Decayed (CR 702.147a): "This creature can't block." — Rot-Curse Rakshasa's keyword
    line; its other ability (decayed counters on other creatures) is reported."""
    c = compiled("Rot-Curse Rakshasa")
    assert c.keywords == ("trample", "decayed")
    assert list(c.effects) == [CantBlock()]
    assert unmodelled("Rot-Curse Rakshasa") == ["Put a decayed counter on each of X target "
                                                "creatures."]


def test_unleash_cant_block_with_a_counter() -> None:
    """Unleash (CR 702.98a): it can't block as long as it has a +1/+1 counter on it."""
    assert effects("Gore-House Chainwalker") == [
        CantBlock(affects=Selector(which="self", counter="+1/+1"))]
    assert compiled("Carnival Hellsteed").keywords == ("first strike", "haste", "unleash")


def test_enlist_is_an_optional_cost_to_attack() -> None:
    """Enlist (CR 702.154a): as it attacks, you may tap a non-attacking creature."""
    assert effects("Argivian Cavalier") == [OptionalAttackCost(name="enlist")]
    assert compiled("Argivian Cavalier").keywords == ("enlist",)


@pytest.mark.parametrize(("name", "keyword"), [
    ("Dryad Sophisticate", "nonbasic landwalk"),
    ("Ayumi, the Last Visitor", "legendary landwalk"),
    ("Legions of Lim-Dûl", "snow swampwalk"),
    ("Rime Dryad", "snow forestwalk"),
])
def test_landwalk_of_a_non_basic_quality_stays_unmodelled(name: str, keyword: str) -> None:
    """Only landwalk of a basic land type is applied; nonbasic, legendary and snow landwalk
    are listed and reported (CR 702.14c)."""
    c = compiled(name)
    assert c.keywords == (keyword,)
    assert [u.text for u in c.unmodelled] == [keyword]
    assert not c.fully_modelled


@pytest.mark.parametrize(("name", "keyword"), [
    ("Hunter Sliver", "All Sliver creatures have provoke."),  # granted: no resolution record
    ("Livonya Silone", "legendary landwalk"),
])
def test_combat_keywords_not_applied_are_reported(name: str, keyword: str) -> None:
    assert keyword in unmodelled(name)


def test_an_unknown_protection_is_reported_and_the_line_keeps_its_other_keywords() -> None:
    """Mistmeadow Skulk: "Lifelink, protection from mana value 3 or greater". That quality is
    one the engine doesn't apply, so it is reported; lifelink still applies."""
    assert unmodelled("Mistmeadow Skulk") == ["protection from mana value 3 or greater"]
    assert compiled("Mistmeadow Skulk").keywords == ("lifelink",)


def test_noncombat_keywords_are_listed_not_reported() -> None:
    """Flash and cycling don't act in combat: listed, not reported, no effects."""
    c = compiled("Agent Venom")
    assert "flash" in c.keywords and c.unmodelled == () and c.effects == ()
    ravager = compiled("Eldrazi Ravager")
    assert "cycling {2}" in ravager.keywords
    assert "cycling {2}" not in [u.text for u in ravager.unmodelled]


def test_an_ability_word_with_an_activated_ability_is_not_a_keyword_line() -> None:
    """Noctis's "Warp-Strike — {3}: Exile Noctis. ..." is an activated ability; its sentences
    are read as such (and reported), not taken as one long keyword."""
    c = compiled("Noctis, Heir Apparent")
    assert c.keywords == ()
    assert "It can't be blocked that combat." in [u.text for u in c.unmodelled]
