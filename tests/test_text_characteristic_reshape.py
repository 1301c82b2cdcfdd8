"""A creature made into another creature: "loses all abilities", a new colour and creature
type, new base power and toughness. Expected effects come from the cards' printed text,
expected boards from the rules: CR 205.1a (a new creature type replaces the creature types,
other card types and subtypes stay; Eaten by Piranhas' reminder: "It loses all other colors
and creature types."), CR 613.1f with 613.7-613.8 (abilities are lost in layer 6 in timestamp
order; the creature's own abilities depend on the removal), CR 613.4b-c (base P/T set, then
counters)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import legal_blocks
from mtgcombat.board.characteristics import View
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.rules.effects import (
    AddTypes,
    Effect,
    GrantKeywords,
    LoseAllAbilities,
    ModifyPowerToughness,
    Selector,
    SetBasePowerToughness,
    SetColors,
    SetSubtypes,
)
from mtgcombat.rules.fields import Color
from tests.helpers import board, card, combat_board, creature
from tests.text_golden import compiled, effects, resolved, unmodelled

HOST = Selector(which="attached")
TARGETS = Selector(which="targets")


def _reshaped(sel: Selector, lose: bool, color: Color | None, kind: str | None, p: int,
              t: int) -> list[Effect]:
    out: list[Effect] = [LoseAllAbilities(affects=sel)] if lose else []
    if color is not None:
        out.append(SetColors(affects=sel, colors=[color]))
    if kind is not None:
        out.append(SetSubtypes(affects=sel, subtypes=[kind], creature_types=True))
    return [*out, SetBasePowerToughness(affects=sel, power=p, toughness=t)]


@pytest.mark.parametrize(("name", "expected"), [
    # "Enchanted creature loses all abilities and is a blue Frog creature with base power and
    # toughness 1/1."
    ("Frogify", _reshaped(HOST, True, "U", "Frog", 1, 1)),
    ("Amphibian Downpour", _reshaped(HOST, True, "U", "Frog", 1, 1)),
    # "... is a black Skeleton creature with base power and toughness 1/1."
    ("Eaten by Piranhas", _reshaped(HOST, True, "B", "Skeleton", 1, 1)),
    # "... is a Bird creature with base power and toughness 1/1." (its colours stay)
    ("Fowl Play", _reshaped(HOST, True, None, "Bird", 1, 1)),
    ("Reprobation", _reshaped(HOST, True, None, "Coward", 0, 1)),
    # "Enchanted creature loses all abilities and has base power and toughness 1/1."
    ("Kasmina's Transmutation", _reshaped(HOST, True, None, None, 1, 1)),
    ("Utter Insignificance", _reshaped(HOST, True, None, None, 1, 1)),
])
def test_auras(name: str, expected: list[Effect]) -> None:
    assert [e for e in effects(name) if e.kind != "grant_keywords"] == expected


@pytest.mark.parametrize(("name", "expected"), [
    # "Until end of turn, target creature loses all abilities and has base power and
    # toughness 0/1."
    ("Humble", _reshaped(TARGETS, True, None, None, 0, 1)),
    ("Ovinize", _reshaped(TARGETS, True, None, None, 0, 1)),
    # "... loses all abilities and becomes a green Snake with base power and toughness 1/1."
    ("Snakeform", _reshaped(TARGETS, True, "G", "Snake", 1, 1)),
    ("Turn // Burn", _reshaped(TARGETS, True, "R", "Weird", 0, 1)),
    # "Until end of turn, target creature becomes a blue Serpent with base power and
    # toughness 5/5." (abilities kept)
    ("Serpentine Ambush", _reshaped(TARGETS, False, "U", "Serpent", 5, 5)),
])
def test_spells(name: str, expected: list[Effect]) -> None:
    assert resolved(name) == expected


def test_near_misses_stay_unmodelled() -> None:
    # Astroquarium: a later sentence may replace the Shark with an Octopus ("instead").
    assert any("becomes a blue Shark" in u for u in unmodelled("Astroquarium"))
    # Polymorphous Rush: "becomes a copy": copiable values the board doesn't hold.
    assert unmodelled("Polymorphous Rush")


# -- boards ----------------------------------------------------------------------------------


def _frog(host: str, pid: str = "frogify", **state: Any) -> dict[str, Any]:
    return card(pid, "Frogify", attached_to=host, **state)


def test_frogify_makes_a_blue_1_1_frog_without_abilities() -> None:
    # Serra Angel (4/4 flying, vigilance, white Angel) with Frogify and a +1/+1 counter: a blue
    # Frog 2/2 (base 1/1, then the counter) with no keywords.
    b = board([card("angel", "Serra Angel", counters={"+1/+1": 1}), _frog("angel")])
    o = View(b).objects["angel"]
    assert (o.power, o.toughness) == (2, 2)
    assert o.keywords == frozenset()
    assert o.colors == {"U"} and "Frog" in o.subtypes and "Angel" not in o.subtypes
    assert "Creature" in o.types


def test_other_subtypes_stay() -> None:
    # Dryad Arbor is a Forest land creature (a Dryad); as a Frog it stays a Forest land
    # (CR 205.1a: only the creature types are replaced).
    b = board([card("arbor", "Dryad Arbor"), _frog("arbor")])
    o = View(b).objects["arbor"]
    assert o.subtypes == {"Forest", "Frog"}
    assert {"Land", "Creature"} <= o.types


@pytest.mark.parametrize("frog_first", [True, False])
def test_a_frogified_lord_grants_nothing(frog_first: bool) -> None:
    # Lord of Atlantis ("Other Merfolk get +1/+1 and have islandwalk") loses its abilities:
    # the other Merfolk (Merfolk of the Pearl Trident, 1/1) is a plain 1/1 whatever the order.
    lord, frog = card("lord", "Lord of Atlantis"), _frog("lord")
    perms = [frog, lord] if frog_first else [lord, frog]
    o = View(board([*perms, card("m", "Merfolk of the Pearl Trident")])).objects["m"]
    assert (o.power, o.toughness) == (1, 1)
    assert "islandwalk" not in o.keywords


@pytest.mark.parametrize(("flight_later", "flies"), [(True, True), (False, False)])
def test_abilities_granted_by_others_follow_timestamps(flight_later: bool, flies: bool) -> None:
    # Flight ("Enchanted creature has flying") on a frogified creature: it flies only when
    # Flight came later (CR 613.7: timestamp order within layer 6).
    flight = card("flight", "Flight", attached_to="bears")
    auras = [_frog("bears"), flight] if flight_later else [flight, _frog("bears")]
    o = View(board([card("bears", "Grizzly Bears"), *auras])).objects["bears"]
    assert ("flying" in o.keywords) == flies


def test_humble_resolved_on_an_attacker() -> None:
    # Colossal Dreadmaw (6/6 trample) attacks; Humble resolved on it: a 0/1 without trample,
    # blocked by a 2/2: it deals nothing to the player, and the 2/2 destroys it.
    b = combat_board([card("big", "Colossal Dreadmaw"), creature("wall", 2, 2)],
                     {"big": "opp"}, {"wall": "big"},
                     effects=[{"card": "Humble", "controller": "opp", "targets": ["big"]}])
    r = resolve_combat(b)
    assert r.life["opp"] == 20
    assert r.steps[-1].destroyed == ("big",)


def test_a_frogified_creature_loses_its_combat_text() -> None:
    # Jungle Lion: "This creature can't block." As a Frog without abilities it can.
    def blockers(*extra: dict[str, Any]) -> list[dict[str, Any]]:
        perms = [creature("a", 2, 2, controller="you"),
                 card("lion", "Jungle Lion", controller="opp"), *extra]
        return [d.to_json() for d in legal_blocks(board(perms, attack={"a": "opp"}),
                                                  assume_payable=True)]
    assert {"lion": "a"} not in blockers()
    assert {"lion": "a"} in blockers(_frog("lion", controller="you"))


# -- creature types added or set -------------------------------------------------------------


@pytest.mark.parametrize(("name", "p", "t", "keywords", "kind"), [
    # "Equipped creature gets +3/+0 and is a Knight in addition to its other types."
    ("Dark Knight's Greatsword", 3, 0, [], "Knight"),
    ("Monk's Fist", 1, 0, [], "Monk"),
    # "Enchanted creature gets +3/+1, has flying, and is a Demon in addition to its other
    # types."
    ("Demonic Embrace", 3, 1, ["flying"], "Demon"),
    # "Enchanted creature gets +4/+4, has flying and first strike, and is an Angel in
    # addition to its other types."
    ("Angelic Destiny", 4, 4, ["flying", "first strike"], "Angel"),
])
def test_attached_creature_also_a_type(name: str, p: int, t: int, keywords: list[str],
                                       kind: str) -> None:
    expected: list[Effect] = [ModifyPowerToughness(affects=HOST, power=p, toughness=t)]
    if keywords:
        expected.append(GrantKeywords(affects=HOST, keywords=keywords))
    expected.append(AddTypes(affects=HOST, subtypes=[kind]))
    assert effects(name) == expected


def test_target_creature_becomes_a_type() -> None:
    # Boldwyr Intimidator: "{R}: Target creature becomes a Coward until end of turn." (its
    # creature types replaced, CR 205.1a)
    abilities = [a for a in compiled("Boldwyr Intimidator").abilities if a.resolved]
    assert [list(a.resolved) for a in abilities] == [
        [SetSubtypes(affects=TARGETS, subtypes=["Coward"], creature_types=True)],
        [SetSubtypes(affects=TARGETS, subtypes=["Warrior"], creature_types=True)]]
    # Olivia Voldaren: "... deals 1 damage to another target creature. That creature becomes
    # a Vampire in addition to its other types."
    assert AddTypes(affects=TARGETS, subtypes=["Vampire"]) in resolved("Olivia Voldaren")


def test_types_of_an_object_the_board_cannot_name_stay_unmodelled() -> None:
    # Spawning Pod's "That creature" is the card it put onto the battlefield, no target.
    assert unmodelled("Spawning Pod") == [
        "That creature is a Phyrexian in addition to its other types."]
    # Alien Symbiosis: Symbiote is no creature type the rules list.
    assert unmodelled("Alien Symbiosis")


def test_a_coward_cant_block_boldwyr() -> None:
    # Boldwyr Intimidator (a Giant Warrior: "Cowards can't block Warriors.") attacks; its
    # first ability resolved on opp's Grizzly Bears: a Coward (no more a Bear), it can't block.
    def blockers(activations: list[Any]) -> list[dict[str, Any]]:
        perms = [card("boldwyr", "Boldwyr Intimidator", controller="you",
                      activations=activations),
                 card("bears", "Grizzly Bears", controller="opp")]
        b = board(perms, attack={"boldwyr": "opp"})
        assert ("Coward" in View(b).objects["bears"].subtypes) == bool(activations)
        return [d.to_json() for d in legal_blocks(b, assume_payable=True)]
    assert {"bears": "boldwyr"} in blockers([])
    assert {"bears": "boldwyr"} not in blockers([{"ability": 1, "targets": ["bears"]}])


# -- animations: an Aura's land, base power and toughness ------------------------------------


def test_an_auras_land_becomes_a_creature() -> None:
    # Genju of the Cedars: "{2}: Enchanted Forest becomes a 4/4 green Spirit creature until
    # end of turn. It's still a land."
    assert resolved("Genju of the Cedars") == [
        AddTypes(affects=HOST, types=["Creature"], subtypes=["Spirit"]),
        SetColors(affects=HOST, colors=["G"]),
        SetBasePowerToughness(affects=HOST, power=4, toughness=4)]
    # Activated this turn: the Forest it enchants is a 4/4 green Spirit creature land.
    b = board([card("forest", "Forest"),
               card("genju", "Genju of the Cedars", attached_to="forest", activations=[0])])
    o = View(b).objects["forest"]
    assert (o.power, o.toughness) == (4, 4) and o.colors == {"G"}
    assert {"Land", "Creature"} <= o.types and {"Forest", "Spirit"} <= o.subtypes


def test_an_animation_with_base_power_and_toughness() -> None:
    # Dire Mimic: "{2}: This artifact becomes a Shapeshifter artifact creature with base power
    # and toughness 5/5 until end of turn."
    self_ = Selector(which="self")
    assert resolved("Dire Mimic") == [
        AddTypes(affects=self_, types=["Artifact", "Creature"], subtypes=["Shapeshifter"]),
        SetBasePowerToughness(affects=self_, power=5, toughness=5)]


def test_an_animation_granting_a_quoted_ability_stays_unmodelled() -> None:
    # Genju of the Fens: the Spirit gets "{B}: This creature gets +1/+1 until end of turn."
    assert any("enchanted Swamp becomes a 2/2 black Spirit" in u
               for u in unmodelled("Genju of the Fens"))
