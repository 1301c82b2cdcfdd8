"""A colour or creature type chosen as a permanent entered (CR 614.12): "Creatures you control
of the chosen type get +1/+1", "Enchanted creature has protection from the chosen color",
"Add one mana of the chosen color". The board records the choice in ``chosen``; a permanent
whose abilities read a choice the board doesn't record is refused. Expected effects are
written from the cards' printed text, expected boards from the rules."""

from __future__ import annotations

from typing import Any

from mtgcombat import legal_attacks, legal_blocks
from mtgcombat.board.characteristics import View
from mtgcombat.rules.effects import (
    SELF,
    GrantKeywords,
    ManaAbility,
    ModifyPowerToughness,
    PowerToughnessFromCount,
    Selector,
)
from mtgcombat.rules.text.phrases import selector

from .helpers import board, board_data, card, combat_board, creature, custom, pt, refused
from .text_golden import effects, unmodelled

CHOSEN_TYPE = Selector(types=["Creature"], chosen_type=True)
YOURS_OF_CHOSEN_TYPE = Selector(controller="you", types=["Creature"], chosen_type=True)


def _goblin(pid: str, **state: Any) -> dict[str, Any]:
    return card(pid, "Raging Goblin", **state)  # 1/1 red Goblin Berserker


def _elf(pid: str, **state: Any) -> dict[str, Any]:
    return card(pid, "Llanowar Elves", **state)  # 1/1 green Elf Druid


# -- the compiler ----------------------------------------------------------------------------


def test_phrases_of_the_chosen_type_and_color() -> None:
    assert selector("creatures you control of the chosen type") == YOURS_OF_CHOSEN_TYPE
    assert selector("other creatures you control of the chosen type") == Selector(
        which="others", controller="you", types=["Creature"], chosen_type=True)
    assert selector("creatures of the chosen color") == Selector(types=["Creature"],
                                                                 chosen_color=True)
    # A chosen card type or basic land type is no creature type.
    assert selector("permanents of the chosen type") is None
    assert selector("lands of the chosen type") is None


def test_patchwork_banner() -> None:
    # "Creatures you control of the chosen type get +1/+1. {T}: Add one mana of any color."
    assert effects("Patchwork Banner") == [
        ModifyPowerToughness(affects=YOURS_OF_CHOSEN_TYPE, power=1, toughness=1),
        ManaAbility(tap=True, produces=["{any}"])]


def test_engineered_plague_and_cover_of_darkness() -> None:
    # "All creatures of the chosen type get -1/-1." / "Creatures of the chosen type have fear."
    assert effects("Engineered Plague") == [
        ModifyPowerToughness(affects=CHOSEN_TYPE, power=-1, toughness=-1)]
    assert effects("Cover of Darkness") == [GrantKeywords(affects=CHOSEN_TYPE,
                                                          keywords=["fear"])]


def test_protection_from_the_chosen_color() -> None:
    # Pentarch Ward: "Enchanted creature has protection from the chosen color."
    assert GrantKeywords(affects=Selector(which="attached"), keywords=[],
                         chosen_color_protection=True) in effects("Pentarch Ward")
    # Voice of All: "Flying ... This creature has protection from the chosen color."
    assert effects("Voice of All") == [GrantKeywords(affects=SELF, keywords=[],
                                                     chosen_color_protection=True)]


def test_heraldic_banner_and_thriving_bluff() -> None:
    # "Creatures you control of the chosen color get +1/+0. {T}: Add one mana of the chosen
    # color."
    assert effects("Heraldic Banner") == [
        ModifyPowerToughness(affects=Selector(controller="you", types=["Creature"],
                                              chosen_color=True), power=1),
        ManaAbility(tap=True, produces=["{chosen}"])]
    # "{T}: Add {R} or one mana of the chosen color."
    assert effects("Thriving Bluff") == [ManaAbility(tap=True, produces=["{R}", "{chosen}"])]


def test_caller_of_the_hunt_counts_the_chosen_type() -> None:
    # "Caller of the Hunt's power and toughness are each equal to the number of creatures of
    # the chosen type on the battlefield."
    assert effects("Caller of the Hunt") == [PowerToughnessFromCount(count=CHOSEN_TYPE)]


def test_other_choices_stay_unmodelled() -> None:
    assert unmodelled("Camato Scout") == ["Camato Scout has landwalk of the chosen type."]
    assert any("noted" in u for u in unmodelled("Paliano Vanguard"))
    # A chosen card name: no such choice on the board.
    assert any("chosen card name" in u for u in unmodelled("Runed Halo"))


# -- boards ----------------------------------------------------------------------------------


def test_chosen_type_pumps_your_creatures_of_that_type() -> None:
    b = board([card("banner", "Patchwork Banner", chosen={"creature_type": "Goblin"}),
               _goblin("g"), _elf("e"), _goblin("og", controller="opp")])
    assert (pt(b, "g"), pt(b, "e"), pt(b, "og")) == ((2, 2), (1, 1), (1, 1))
    b = board([card("banner", "Patchwork Banner", chosen={"creature_type": "Elf"}),
               _goblin("g"), _elf("e")])
    assert (pt(b, "g"), pt(b, "e")) == ((1, 1), (2, 2))


def test_chosen_color_pumps_creatures_of_that_color() -> None:
    b = board([card("hall", "Hall of Triumph", chosen={"color": "red"}),
               _goblin("r"), _elf("g")])
    assert (pt(b, "r"), pt(b, "g")) == ((2, 2), (1, 1))


def test_protection_from_the_chosen_color_stops_blockers_of_that_color() -> None:
    ward = card("ward", "Pentarch Ward", controller="you", attached_to="a",
                chosen={"color": "red"})
    red, blue = creature("rb", 2, 2, colors=["R"]), creature("bb", 2, 2, colors=["U"])
    b = combat_board([creature("a", 2, 2), ward, red, blue], {"a": "opp"})
    assert "protection from red" in View(b).objects["a"].keywords
    blocks = [d.to_json() for d in legal_blocks(b, assume_payable=True)]
    # CR 702.16: a creature with protection from red can't be blocked by red creatures.
    assert {"bb": "a"} in blocks
    assert all("rb" not in d for d in blocks)


def _red_to_attack(banner_color: str) -> list[dict[str, str]]:
    # A creature that can't attack unless its controller pays {R}; the only mana is the
    # banner's, one mana of its chosen colour.
    cost = {"kind": "attack_cost", "affects": {"which": "self"}, "cost": {"mana": "{R}"}}
    perms = [custom("c", cost, power=1, toughness=1),
             card("banner", "Heraldic Banner", chosen={"color": banner_color})]
    return [d.to_json() for d in legal_attacks(board(perms))]


def test_mana_of_the_chosen_color_pays_only_that_color() -> None:
    assert {"c": "opp"} in _red_to_attack("red")
    assert {"c": "opp"} not in _red_to_attack("blue")


def test_a_missing_choice_is_refused() -> None:
    refused(board_data([card("banner", "Patchwork Banner")]), "$.permanents[0].chosen",
            "Patchwork Banner", "creature type")
    refused(board_data([card("banner", "Patchwork Banner", chosen={"color": "red"})]),
            "$.permanents[0].chosen", "creature type")
    refused(board_data([card("t", "Thriving Bluff")]), "$.permanents[0].chosen", "color")
    refused(board_data([creature("c", 1, 1), card("w", "Pentarch Ward", attached_to="c")]),
            "$.permanents[1].chosen", "Pentarch Ward", "color")


def test_bad_choices_are_refused() -> None:
    refused(board_data([card("b", "Patchwork Banner", chosen={"creature_type": "Forest"})]),
            "$.permanents[0].chosen.creature_type", "not a creature type")
    refused(board_data([card("b", "Hall of Triumph", chosen={"color": "purple"})]),
            "$.permanents[0].chosen.color")
    refused(board_data([card("b", "Hall of Triumph", chosen={"colour": "red"})]),
            "$.permanents[0].chosen.colour", "unknown key")


def test_a_choice_nothing_reads_is_accepted() -> None:
    b = board([creature("c", 2, 2, chosen={"color": "green", "creature_type": "Elf"})])
    assert pt(b, "c") == (2, 2)


def test_a_choice_made_as_a_spell_resolved_is_refused() -> None:
    # And They Shall Know No Fear: "Choose a creature type. Creatures you control of the chosen
    # type get +1/+0 and gain indestructible until end of turn." The record of a spell has no
    # source permanent to hold the choice.
    data = board_data([_goblin("g")],
                      effects=[{"card": "And They Shall Know No Fear", "controller": "you"}])
    refused(data, "$.effects[0]", "And They Shall Know No Fear", "creature_type")
