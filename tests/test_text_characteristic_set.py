"""Golden and board tests: base power and toughness set (CR 613.4b), lands that become an
Island, and permanents that become creatures until end of turn (manlands, Vehicles, Gideon):
types added (CR 205.1b), colours set (613.1e), keywords granted (613.1f), base P/T set.
Expected effects are written from the cards' printed text, expected values from the layer
rules."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import legal_attacks, legal_blocks
from mtgcombat.board.characteristics import View
from mtgcombat.rules.effects import (
    SELF,
    AddTypes,
    GrantKeywords,
    ManaAbility,
    PreventDamageTo,
    Selector,
    SetBasePowerToughness,
    SetColors,
    SetSubtypes,
)
from tests.helpers import board, card
from tests.text_golden import compiled, effects, resolved, unmodelled

TARGETS = Selector(which="targets")


def _abilities(name: str) -> list[list[Any]]:
    return [list(a.resolved) for a in compiled(name).abilities]


# -- golden: base power and toughness ----------------------------------------------------------


def test_target_creature_other_than_itself() -> None:
    """Serendib Sorcerer: "{T}: Target creature other than this creature has base power and
    toughness 0/2 until end of turn.\""""
    assert resolved("Serendib Sorcerer") == [SetBasePowerToughness(
        affects=Selector(which="targets", types=["Creature"]), power=0, toughness=2)]


@pytest.mark.parametrize("name", ["Reduce in Stature", "Illusory Wrappings"])
def test_aura_sets_base_pt(name: str) -> None:
    """"Enchanted creature has base power and toughness 0/2." (static, no duration)."""
    assert effects(name) == [SetBasePowerToughness(affects=Selector(which="attached"),
                                                   power=0, toughness=2)]


@pytest.mark.parametrize(("name", "text"), [
    # Every creature losing all abilities (Humility's dependencies with other such effects),
    # "all other abilities" with a keyword kept: outside the shapes read.
    ("Humility", "All creatures lose all abilities and have base power and toughness 1/1."),
    ("Deep Freeze", "Enchanted creature has base power and toughness 0/4, has defender, loses "
                    "all other abilities, and is a blue Wall in addition to its other colors "
                    "and types."),
    # "Each unblocked creature": not a phrase the selector reads.
    ("Inkfathom Witch", "Each unblocked creature has base power and toughness 4/1 until end "
                        "of turn."),
    # A duration other than this turn.
    ("Orcish Farmer", "Target land becomes a Swamp until its controller's next untap step."),
    # A permanent animation with no duration.
    ("Tezzeret, Betrayer of Flesh", "Target artifact becomes an artifact creature."),
    # A granted triggered ability in quotes.
    ("Raging Ravine", "Until end of turn, this land becomes a 3/3 red and green Elemental "
                      "creature with \"Whenever this creature attacks, put a +1/+1 counter on "
                      "it.\" It's still a land."),
])
def test_near_misses(name: str, text: str) -> None:
    assert text in unmodelled(name)


@pytest.mark.parametrize(("name", "kind"), [("Tidal Warrior", "Island"),
                                            ("Slimy Kavu", "Swamp")])
def test_target_land_becomes_a_basic_type(name: str, kind: str) -> None:
    """"{T}: Target land becomes an Island (a Swamp) until end of turn.\""""
    assert resolved(name) == [SetSubtypes(affects=Selector(which="targets", types=["Land"]),
                                          subtypes=[kind])]


# -- golden: animations ------------------------------------------------------------------------


def test_mutavault() -> None:
    """"{1}: This land becomes a 2/2 creature with all creature types until end of turn. It's
    still a land.\""""
    assert resolved("Mutavault") == [
        AddTypes(affects=SELF, types=["Creature"], all_creature_types=True),
        SetBasePowerToughness(affects=SELF, power=2, toughness=2)]


def test_celestial_colonnade() -> None:
    """"Until end of turn, this land becomes a 4/4 white and blue Elemental creature with
    flying and vigilance. It's still a land.\""""
    assert resolved("Celestial Colonnade") == [
        AddTypes(affects=SELF, types=["Creature"], subtypes=["Elemental"]),
        SetColors(affects=SELF, colors=["W", "U"]),
        GrantKeywords(affects=SELF, keywords=["flying", "vigilance"]),
        SetBasePowerToughness(affects=SELF, power=4, toughness=4)]


def test_mishras_factory_is_an_artifact_creature() -> None:
    """"{1}: This land becomes a 2/2 Assembly-Worker artifact creature until end of turn." — its
    first of two abilities with lasting effects (the pump is the other)."""
    assert _abilities("Mishra's Factory")[0] == [
        AddTypes(affects=SELF, types=["Artifact", "Creature"], subtypes=["Assembly-Worker"]),
        SetBasePowerToughness(affects=SELF, power=2, toughness=2)]


def test_vehicle_becomes_an_artifact_creature() -> None:
    """Honeymoon Hearse: "Tap two untapped creatures you control: This Vehicle becomes an
    artifact creature until end of turn." — its printed 5/5 then applies."""
    assert resolved("Honeymoon Hearse") == [AddTypes(affects=SELF,
                                                     types=["Artifact", "Creature"])]


def test_gideon_jura_becomes_a_creature_and_prevents_damage_to_him() -> None:
    """Gideon Jura's [0]: "Until end of turn, Gideon Jura becomes a 6/6 Human Soldier creature
    that's still a planeswalker. Prevent all damage that would be dealt to him this turn.\""""
    assert list(compiled("Gideon Jura").resolved) == [
        AddTypes(affects=SELF, types=["Creature"], subtypes=["Human", "Soldier"]),
        SetBasePowerToughness(affects=SELF, power=6, toughness=6),
        PreventDamageTo(affects=SELF)]


def test_target_land_animation_affects_its_targets() -> None:
    """Kamahl, Fist of Krosa: "{G}: Target land becomes a 1/1 creature until end of turn. It's
    still a land." — the targets as it resolved (their later types don't matter)."""
    assert _abilities("Kamahl, Fist of Krosa")[0] == [
        AddTypes(affects=TARGETS, types=["Creature"]),
        SetBasePowerToughness(affects=TARGETS, power=1, toughness=1)]


def test_animation_with_another_retention_sentence_stays_unmodelled() -> None:
    """Cavernous Maw: "... becomes a 3/3 Elemental creature until end of turn. It's still a
    Cave land." — only "It's still a land." is read as keeping its types (CR 205.1b)."""
    assert "This land becomes a 3/3 Elemental creature until end of turn." in \
        unmodelled("Cavernous Maw")


# -- board: layers -----------------------------------------------------------------------------


def _view(perms: list[dict[str, Any]]) -> View:
    return View(board(perms))


def test_mutavault_activated_is_a_2_2_attacker() -> None:
    """An activated Mutavault is a 2/2 land creature with every creature type; it may attack
    (it has been under its controller's control since the turn began)."""
    plain = board([card("m", "Mutavault")])
    assert not View(plain).objects["m"].is_creature
    assert [set(d) for d in legal_attacks(plain, assume_payable=True)] == [set()]
    b = board([card("m", "Mutavault", activations=[0])])
    o = View(b).objects["m"]
    assert o.is_creature and o.is_land and (o.power, o.toughness) == (2, 2)
    assert {"Goblin", "Elf"} <= o.subtypes
    assert {"m"} in [set(d) for d in legal_attacks(b, assume_payable=True)]


def test_colonnade_is_white_and_blue_with_flying() -> None:
    o = _view([card("c", "Celestial Colonnade", activations=[0])]).objects["c"]
    assert o.colors == frozenset({"W", "U"}) and {"flying", "vigilance"} <= o.keywords
    assert (o.power, o.toughness) == (4, 4) and o.is_land


def test_vehicle_uses_its_printed_pt() -> None:
    """Honeymoon Hearse (5/5 Vehicle) after its ability: a 5/5 artifact creature, still a
    Vehicle; without it, not a creature."""
    assert not _view([card("h", "Honeymoon Hearse")]).objects["h"].is_creature
    o = _view([card("h", "Honeymoon Hearse", activations=[0])]).objects["h"]
    assert o.is_creature and "Vehicle" in o.subtypes and (o.power, o.toughness) == (5, 5)


def test_setting_comes_before_counters_and_pumps() -> None:
    """CR 613.4b-c: Serendib Sorcerer sets the Bears' base P/T to 0/2 after a Giant Growth
    resolved; the +3/+3 and a +1/+1 counter still apply on top: 4/6."""
    b = board([card("bear", "Grizzly Bears", counters={"+1/+1": 1}),
               card("s", "Serendib Sorcerer", controller="opp",
                    activations=[{"x": 0, "targets": ["bear"]}])],
              effects=[{"card": "Giant Growth", "controller": "you", "targets": ["bear"]}])
    o = View(b).objects["bear"]
    assert (o.power, o.toughness) == (4, 6)


def test_aura_base_pt_on_a_big_creature() -> None:
    """Reduce in Stature on a Craw Wurm (6/4): a 0/2."""
    o = _view([card("w", "Craw Wurm"),
               card("r", "Reduce in Stature", controller="opp", attached_to="w")]).objects["w"]
    assert (o.power, o.toughness) == (0, 2)


def test_island_until_end_of_turn_enables_islandwalk() -> None:
    """Tidal Warrior's activation makes the defending player's Forest an Island (CR 305.7: only
    that land type): an islandwalker then can't be blocked (CR 702.14c)."""
    def perms(activations: list[Any]) -> list[dict[str, Any]]:
        return [card("f", "Forest", controller="opp"),
                card("bl", "Grizzly Bears", controller="opp"),
                {"id": "w", "name": "w", "types": ["Creature"], "power": 2, "toughness": 2,
                 "keywords": ["islandwalk"], "controller": "you"},
                card("t", "Tidal Warrior", controller="you", tapped=True,
                     activations=activations)]
    before = board(perms([]), attack={"w": "opp"})
    assert {"bl": "w"} in [d.to_json() for d in legal_blocks(before, assume_payable=True)]
    after = board(perms([{"x": 0, "targets": ["f"]}]), attack={"w": "opp"})
    assert View(after).objects["f"].subtypes == frozenset({"Island"})
    assert [d.to_json() for d in legal_blocks(after, assume_payable=True)] == [{}]


# -- "in addition to its other types" ----------------------------------------------------------


@pytest.mark.parametrize(("name", "kind"), [("Urborg, Tomb of Yawgmoth", "Swamp"),
                                            ("Yavimaya, Cradle of Growth", "Forest"),
                                            ("Blanket of Night", "Swamp")])
def test_each_land_is_also_a_basic_type(name: str, kind: str) -> None:
    """"Each land is a Swamp (Forest) in addition to its other land types.\""""
    assert AddTypes(affects=Selector(types=["Land"]), subtypes=[kind]) in effects(name)


def test_all_lands_are_islands() -> None:
    """Stormtide Leviathan: "All lands are Islands in addition to their other types.\""""
    assert AddTypes(affects=Selector(types=["Land"]), subtypes=["Island"]) in \
        effects("Stormtide Leviathan")


@pytest.mark.parametrize(("name", "n"), [("Ensoul Artifact", 5), ("Tezzeret's Touch", 5),
                                         ("Mightstone's Animation", 4)])
def test_enchanted_artifact_is_a_creature(name: str, n: int) -> None:
    """"Enchanted artifact is a creature with base power and toughness 5/5 in addition to its
    other types.\""""
    host = Selector(which="attached")
    found = compiled(name).effects
    assert AddTypes(affects=host, types=["Creature"]) in found
    assert SetBasePowerToughness(affects=host, power=n, toughness=n) in found


def test_urborg_makes_a_forest_a_swamp_that_taps_for_black() -> None:
    """CR 305.7: a land that gets a basic land type in addition keeps its abilities and gets
    that type's mana ability: the Forest is a Forest Swamp with {T}: Add {B} too."""
    v = _view([card("f", "Forest", controller="opp"),
               card("u", "Urborg, Tomb of Yawgmoth", controller="opp")])
    o = v.objects["f"]
    assert o.subtypes == frozenset({"Forest", "Swamp"})
    mana = [e.produces for e in o.effects if isinstance(e, ManaAbility)]
    assert ["{B}"] in mana


def test_ensoul_artifact_makes_a_noncreature_artifact_a_5_5() -> None:
    """Ensoul Artifact on Sol Ring: a 5/5 artifact creature; on Ornithopter (0/2): base 5/5."""
    v = _view([card("s", "Sol Ring"), card("e", "Ensoul Artifact", attached_to="s"),
               card("o", "Ornithopter"), card("e2", "Ensoul Artifact", attached_to="o")])
    s, o = v.objects["s"], v.objects["o"]
    assert s.is_creature and "Artifact" in s.types and (s.power, s.toughness) == (5, 5)
    assert (o.power, o.toughness) == (5, 5)


def test_hand_written_add_types_and_a_bad_type() -> None:
    """A board's own ``add_types`` effect (JSON) applies; an unknown card type is refused."""
    from mtgcombat import load_board
    from mtgcombat.errors import BoardError

    eff = {"kind": "add_types", "affects": {"which": "self"}, "types": ["Creature"],
           "subtypes": ["Golem"]}
    land = {"id": "l", "name": "l", "types": ["Land"], "effects": [eff],
            "controller": "you", "power": 3, "toughness": 3}
    o = View(board([land])).objects["l"]
    assert o.is_creature and o.is_land and "Golem" in o.subtypes
    bad = {**land, "effects": [{**eff, "types": ["Kreature"]}]}
    with pytest.raises(BoardError):
        load_board({"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
                    "permanents": [bad]})
