"""Golden tests: characteristic-defining and type-changing text of real cards."""

from __future__ import annotations

from mtgcombat.rules.effects import PowerToughnessFromCount, Selector, SetSubtypes
from tests.text_golden import compiled, effects, unmodelled


def test_power_and_toughness_from_creatures_you_control() -> None:
    # Veteran Warleader: "~'s power and toughness are each equal to the number of creatures
    # you control."
    assert PowerToughnessFromCount(count=Selector(types=["Creature"], controller="you")) in \
        compiled("Veteran Warleader").effects


def test_power_only_from_a_count() -> None:
    # Sharpshooter Elf: "~'s power is equal to the number of creatures you control."
    assert effects("Sharpshooter Elf") == [PowerToughnessFromCount(
        count=Selector(types=["Creature"], controller="you"), toughness=False)]


def test_artifacts_you_control() -> None:
    # Master of Etherium: "... each equal to the number of artifacts you control."
    assert PowerToughnessFromCount(count=Selector(types=["Artifact"], controller="you")) in \
        effects("Master of Etherium")


def test_counts_of_cards_stay_unmodelled() -> None:
    # Cosmogoyf counts cards its controller owns in exile: the board holds no exile.
    assert len(unmodelled("Cosmogoyf")) == 1
    # Uchuulon: "Crabs, Oozes, and/or Horrors": a list the selector grammar doesn't read.
    assert unmodelled("Uchuulon") == [
        "Uchuulon's power is equal to the number of Crabs, Oozes, and/or Horrors you control."]


def test_aura_sets_a_basic_land_type() -> None:
    # Spreading Seas / Evil Presence: "Enchanted land is an Island." / "... is a Swamp."
    assert effects("Spreading Seas") == [SetSubtypes(affects=Selector(which="attached"),
                                                     subtypes=["Island"])]
    assert effects("Evil Presence") == [SetSubtypes(affects=Selector(which="attached"),
                                                    subtypes=["Swamp"])]


def test_other_type_changes_are_reported() -> None:
    # Blood Moon: "Nonbasic lands are Mountains." (land types matter to landwalk)
    assert unmodelled("Blood Moon") == ["Nonbasic lands are Mountains."]
