"""Golden tests of the mana templates beyond the simple ones: amounts counted on the board,
hybrid and sacrifice costs, mana that never pays in combat, and "its activated abilities can't
be activated". Expected effects are written from each card's printed text (quoted); the boards
check what the payment search may activate, with answers worked out from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import legal_attacks
from mtgcombat.board.model import load_board
from mtgcombat.compile.attacks import compile_board
from mtgcombat.legality.evaluate import commitment
from mtgcombat.payment.search import PaymentResult, pay
from mtgcombat.rules.effects import (
    CantAttack,
    CantBlock,
    Controls,
    CostPick,
    CounterCount,
    ManaAbility,
    ModifyPowerToughness,
    NoActivatedAbilities,
    RemoveCounters,
    Selector,
    XCount,
)

from .text_golden import compiled, effects, unmodelled

ATT = Selector(which="attached")
FIVE = ["{W}", "{U}", "{B}", "{R}", "{G}"]


def mana(name: str) -> list[ManaAbility]:
    """The card's mana abilities (its other effects are checked elsewhere)."""
    return [e for e in effects(name) if isinstance(e, ManaAbility)]


def yours(**kw: Any) -> XCount:
    return XCount(count=Selector(controller="you", **kw))


# --- amounts counted on the board -------------------------------------------------------------


def test_cabal_coffers_counts_swamps_you_control() -> None:
    # "{2}, {T}: Add {B} for each Swamp you control."
    assert mana("Cabal Coffers") == [ManaAbility(tap=True, mana_cost="{2}", produces=["{B}"],
                                                 amount=yours(subtypes_any=["Swamp"]))]


def test_elvish_archdruid_counts_elves_and_keeps_its_anthem() -> None:
    # "Other Elf creatures you control get +1/+1. {T}: Add {G} for each Elf you control."
    assert effects("Elvish Archdruid") == [
        ModifyPowerToughness(affects=Selector(which="others", controller="you",
                                              types=["Creature"], subtypes_any=["Elf"]),
                             power=1, toughness=1),
        ManaAbility(tap=True, produces=["{G}"], amount=yours(subtypes_any=["Elf"]))]


def test_circle_of_dreams_druid_counts_creatures() -> None:
    # "{T}: Add {G} for each creature you control."
    assert mana("Circle of Dreams Druid") == [
        ManaAbility(tap=True, produces=["{G}"], amount=yours(types=["Creature"]))]


def test_cloudpost_counts_every_locus() -> None:
    # "{T}: Add {C} for each Locus on the battlefield." — anyone's Locus counts.
    assert mana("Cloudpost") == [ManaAbility(
        tap=True, produces=["{C}"], amount=XCount(count=Selector(subtypes_any=["Locus"])))]


def test_overgrown_battlement_counts_defenders() -> None:
    # "{T}: Add {G} for each creature you control with defender."
    assert mana("Overgrown Battlement") == [ManaAbility(
        tap=True, produces=["{G}"], amount=yours(types=["Creature"], keywords_any=["defender"]))]


def test_counters_on_the_source() -> None:
    # Gyre Sage: "{T}: Add {G} for each +1/+1 counter on this creature."
    assert mana("Gyre Sage") == [ManaAbility(tap=True, produces=["{G}"],
                                             amount=CounterCount(counter="+1/+1"))]
    # Everflowing Chalice: "{T}: Add {C} for each charge counter on this artifact."
    assert mana("Everflowing Chalice") == [ManaAbility(tap=True, produces=["{C}"],
                                                       amount=CounterCount(counter="charge"))]
    # City of Shadows: "{T}: Add {C} for each storage counter on City of Shadows." (the
    # counters stay: nothing is removed)
    assert ManaAbility(tap=True, produces=["{C}"], amount=CounterCount(counter="storage")) in \
        mana("City of Shadows")


def test_x_mana_of_any_one_colour() -> None:
    # Harabaz Druid: "{T}: Add X mana of any one color, where X is the number of Allies you
    # control."
    assert mana("Harabaz Druid") == [ManaAbility(tap=True, produces=FIVE,
                                                 amount=yours(subtypes_any=["Ally"]))]
    # Baldur's Gate: "{2}, {T}: Add X mana of any one color, where X is the number of other
    # Gates you control."
    assert ManaAbility(tap=True, mana_cost="{2}", produces=FIVE,
                       amount=XCount(count=Selector(which="others", controller="you",
                                                    subtypes_any=["Gate"]))) \
        in mana("Baldur's Gate")
    # Empowered Autogenerator: "... where X is the number of charge counters on this artifact."
    assert ManaAbility(tap=True, produces=FIVE, amount=CounterCount(counter="charge")) \
        in mana("Empowered Autogenerator")


def test_mana_that_only_spells_refuse_still_pays() -> None:
    # Vhal, Candlekeep Researcher: "{T}: Add an amount of {C} equal to Vhal's toughness. This
    # mana can't be spent to cast spells from your hand." — a cost to attack is no spell.
    assert mana("Vhal, Candlekeep Researcher") == [ManaAbility(tap=True, produces=["{C}"],
                                                               amount="toughness")]


def test_power_of_the_source() -> None:
    # Cradle Clearcutter: "{T}: Add an amount of {G} equal to this creature's power."
    assert mana("Cradle Clearcutter") == [ManaAbility(tap=True, produces=["{G}"],
                                                      amount="power")]


# --- costs and choices ------------------------------------------------------------------------


def test_filter_land_pays_a_hybrid_cost() -> None:
    # Cascade Bluffs: "{T}: Add {C}. {U/R}, {T}: Add {U}{U}, {U}{R}, or {R}{R}."
    assert mana("Cascade Bluffs") == [
        ManaAbility(tap=True, produces=["{C}"]),
        ManaAbility(tap=True, mana_cost="{U/R}", produces=["{U}{U}", "{U}{R}", "{R}{R}"])]


def test_four_alternatives_in_a_list() -> None:
    # Crystal, Inhuman Princess: "{T}: Add {R}, {G}, {W}, or {U}."
    assert ManaAbility(tap=True, produces=["{R}", "{G}", "{W}", "{U}"]) in \
        [e for e in compiled("Crystal, Inhuman Princess").effects if isinstance(e, ManaAbility)]


def test_sacrifice_a_permanent_of_a_type() -> None:
    # Lake of the Dead: "{T}, Sacrifice a Swamp: Add {B}{B}{B}{B}."
    assert ManaAbility(tap=True, sacrifice=CostPick(filter=Selector(subtypes_any=["Swamp"])),
                       produces=["{B}{B}{B}{B}"]) in mana("Lake of the Dead")
    # Krark-Clan Ironworks: "Sacrifice an artifact: Add {C}{C}."
    assert mana("Krark-Clan Ironworks") == [ManaAbility(
        sacrifice=CostPick(filter=Selector(types=["Artifact"])), produces=["{C}{C}"])]


def test_any_combination_of_two_colours() -> None:
    # Goblin Clearcutter: "{T}, Sacrifice a Forest: Add three mana in any combination of {R}
    # and/or {G}."
    assert mana("Goblin Clearcutter") == [ManaAbility(
        tap=True, sacrifice=CostPick(filter=Selector(subtypes_any=["Forest"])),
        produces=["{R}{R}{R}", "{R}{R}{G}", "{R}{G}{G}", "{G}{G}{G}"])]


# --- mana that never pays a cost to attack or block -------------------------------------------


@pytest.mark.parametrize("name", [
    "Dark Ritual",  # a spell: "Add {B}{B}{B}."
    "Cabal Ritual",  # "... Threshold — Add {B}{B}{B}{B}{B} instead if ..."
    "Jeska's Will",  # "Add {R} for each card in target opponent's hand."
    "Burning-Tree Emissary",  # "When this creature enters, add {R}{G}."
    "Cathodion",  # "When this creature dies, add {C}{C}{C}." (on the stack, CR 605.1b)
    "Lotus Cobra",  # "Landfall — Whenever a land you control enters, add one mana ..."
    "Chandra, Bold Pyromancer",  # a loyalty ability: "+1: Add {R}{R}. ..."
    "Arni Slays the Troll",  # a Saga chapter: "II — Add {R}. ..."
    "Grinning Ignus",  # "... Add {C}{C}{R}. Activate only as a sorcery."
    "Adarkar Unicorn",  # "... Spend this mana only to pay cumulative upkeep costs."
])
def test_mana_added_outside_the_payment_has_no_effect(name: str) -> None:
    c = compiled(name)
    assert not [u for u in c.unmodelled if u.family == "mana"], name
    assert not [e for e in (*c.effects, *c.resolved) if isinstance(e, ManaAbility)]
    assert any(family == "mana" for family, _ in c.modelled)


# --- activated abilities that can't be activated ----------------------------------------------


def test_arrest() -> None:
    # "Enchanted creature can't attack or block, and its activated abilities can't be
    # activated."
    expected = [CantAttack(affects=ATT), CantBlock(affects=ATT),
                NoActivatedAbilities(affects=ATT)]
    assert effects("Arrest") == expected
    assert effects("Arachnus Web")[:3] == expected
    # Detention Vortex: "Enchanted permanent can't attack or block, and ..."
    assert effects("Detention Vortex")[:3] == expected


def test_demotion_can_block_no_more() -> None:
    # "Enchanted creature can't block, and its activated abilities can't be activated."
    assert effects("Demotion") == [CantBlock(affects=ATT), NoActivatedAbilities(affects=ATT)]


def test_only_the_activated_abilities() -> None:
    # Detainment Spell: "Enchanted creature's activated abilities can't be activated."
    assert NoActivatedAbilities(affects=ATT) in effects("Detainment Spell")
    # Encrust: "Enchanted permanent doesn't untap during its controller's untap step and its
    # activated abilities can't be activated." (what is tapped is on the board)
    assert effects("Encrust") == [NoActivatedAbilities(affects=ATT)]
    # Viper's Kiss: "Enchanted creature gets -1/-1, and its activated abilities can't be
    # activated."
    assert effects("Viper's Kiss") == [
        ModifyPowerToughness(affects=ATT, power=-1, toughness=-1),
        NoActivatedAbilities(affects=ATT)]


def test_activated_abilities_of_a_kind_of_permanent() -> None:
    # Collector Ouphe: "Activated abilities of artifacts can't be activated."
    assert effects("Collector Ouphe") == [
        NoActivatedAbilities(affects=Selector(types=["Artifact"]))]
    # Clarion Conqueror: "Activated abilities of artifacts, creatures, and planeswalkers can't
    # be activated."
    assert [e for e in effects("Clarion Conqueror") if isinstance(e, NoActivatedAbilities)] == [
        NoActivatedAbilities(affects=Selector(types=[t]))
        for t in ("Artifact", "Creature", "Planeswalker")]
    # Drana and Linvala: "Activated abilities of creatures your opponents control can't be
    # activated."
    assert NoActivatedAbilities(affects=Selector(controller="opponents", types=["Creature"])) \
        in compiled("Drana and Linvala").effects


@pytest.mark.parametrize("name, sentence", [
    # a triggered mana ability adds mana while costs are paid (CR 605.1b)
    ("Mirari's Wake", "Whenever you tap a land for mana, add one mana of any type that land "
                      "produced."),
    # counters may be put on it by a mana ability's cost (Wall of Roots): not ruled out
    ("Berta, Wise Extrapolator", "Whenever one or more +1/+1 counters are put on Berta, add "
                                 "one mana of any color."),
    # coloured symbols of a cost to attack (Norn's Annex's {W/P}) could take this mana
    ("Jegantha, the Wellspring", "Add {W}{U}{B}{R}{G}."),
    # "basic" Swamps: the supertype is not a filter of the vocabulary
    ("Cabal Stronghold", "Add {B} for each basic Swamp you control."),
    # power can change while costs are paid (a lord sacrificed)
    ("Leafkin Avenger", "Add {G} for each creature with power 4 or greater you control."),
    # removing +1/+1 counters changes its power and toughness in combat
    ("Workhorse", "Add {C}."),
    # only {T} abilities are stopped: not the vocabulary's effect
    ("Serra Bestiary", "Enchanted creature can't attack or block, and its activated abilities "
                       "with {T} in their costs can't be activated."),
    # its amount depends on a sacrificed card
    ("Illuminor Szeras", "Add an amount of {B} equal to the sacrificed creature's mana "
                         "value."),
])
def test_near_misses_stay_unmodelled(name: str, sentence: str) -> None:
    assert sentence in unmodelled(name)


# --- paying with them -------------------------------------------------------------------------


def perm(pid: str, card: str, controller: str = "you", **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **state}


def tax(mana_cost: str) -> dict[str, Any]:
    """The opponent's custom enchantment: each creature attacking costs ``mana_cost``."""
    return {"id": "tax", "name": "Tax", "types": ["Enchantment"], "controller": "opp",
            "effects": [{"kind": "attack_cost", "affects": {"types": ["Creature"]},
                         "scope": "you", "cost": {"mana": mana_cost}}]}


def run(perms: list[dict[str, Any]], *attackers: str) -> PaymentResult:
    b = load_board({"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
                    "permanents": perms})
    inst = compile_board(b)
    decl = {a: "opp" for a in attackers}
    return pay(b, inst, decl, commitment(inst, decl))


def test_ghostly_prison_with_cabal_coffers() -> None:
    """Three Swamps tap for {B}{B}{B}; two of them pay Coffers' {2} and Coffers adds {B} for
    each of the three Swamps (tapped ones still count): four mana in all, so two attackers
    ({4}) but not three ({6}); without Coffers, three mana pay for one attacker only."""
    def perms(coffers: bool) -> list[dict[str, Any]]:
        return [*(perm(f"s{i}", "Swamp") for i in range(3)),
                *([perm("coffers", "Cabal Coffers")] if coffers else []),
                *(perm(f"b{i}", "Grizzly Bears") for i in range(3)),
                perm("prison", "Ghostly Prison", "opp")]
    assert run(perms(True), "b0", "b1").payable
    assert not run(perms(True), "b0", "b1", "b2").payable
    assert not run(perms(False), "b0", "b1").payable


def test_a_count_is_taken_as_the_ability_resolves() -> None:
    """Three tapped Swamps make no mana. Lake of the Dead sacrifices one for {B}{B}{B}{B};
    that pays Coffers' {2}, and Coffers then finds two Swamps: {B}{B}{B}{B} in the end, never
    five (Coffers before the sacrifice has nothing to pay its {2} with)."""
    perms = [*(perm(f"s{i}", "Swamp", tapped=True) for i in range(3)),
             perm("coffers", "Cabal Coffers"), perm("lake", "Lake of the Dead"),
             perm("bears", "Grizzly Bears")]
    assert run([*perms, tax("{4}")], "bears").payable
    assert not run([*perms, tax("{5}")], "bears").payable


def test_counters_on_the_source_make_the_amount() -> None:
    """Gyre Sage (a 1/1) with three +1/+1 counters taps for {G}{G}{G}: {3}, not {4}."""
    perms = [perm("sage", "Gyre Sage", counters={"+1/+1": 3}), perm("bears", "Grizzly Bears")]
    assert run([*perms, tax("{3}")], "bears").payable
    assert not run([*perms, tax("{4}")], "bears").payable
    assert not run([perm("sage", "Gyre Sage"), perm("bears", "Grizzly Bears"), tax("{1}")],
                   "bears").payable


def test_filter_land_turns_blue_into_red_red() -> None:
    """An Island's {U} pays Cascade Bluffs' {U/R}, which adds {R}{R}; alone the Bluffs make
    only {C}."""
    perms = [perm("bluffs", "Cascade Bluffs"), perm("bears", "Grizzly Bears"), tax("{R}{R}")]
    assert run([*perms, perm("island", "Island")], "bears").payable
    assert not run(perms, "bears").payable


def test_compiled_mana_creature_needs_no_summoning_sickness() -> None:
    """Fyndhorn Elves (compiled from its text: "{T}: Add {G}.") can't use {T} the turn it
    came under your control (CR 302.6)."""
    def perms(sick: bool) -> list[dict[str, Any]]:
        return [perm("elves", "Fyndhorn Elves", summoning_sick=sick),
                perm("bears", "Grizzly Bears"), tax("{G}")]
    assert run(perms(False), "bears").payable
    assert not run(perms(True), "bears").payable


def test_arrested_llanowar_elves_cannot_pay() -> None:
    """Arrest: the enchanted Elves' mana ability can't be activated (CR 602.5), so a Forest
    alone is short of Ghostly Prison's {2}."""
    perms = [perm("elves", "Llanowar Elves"), perm("forest", "Forest"),
             perm("bears", "Grizzly Bears"), perm("prison", "Ghostly Prison", "opp")]
    assert run(perms, "bears").payable
    arrest = perm("arrest", "Arrest", "opp", attached_to="elves")
    assert not run([*perms, arrest], "bears").payable



def test_arrest_on_the_mana_creature_through_the_engine() -> None:
    """The whole engine: with Ghostly Prison ({2} per attacker), a Forest and Llanowar Elves
    pay for the Bears alone (attacking taps the Elves, CR 508.1f, so they can't attack and
    pay). With the Elves Arrested, they can neither attack nor pay, and the Forest alone pays
    for no attacker: only the empty declaration is legal."""
    perms = [perm("elves", "Llanowar Elves"), perm("forest", "Forest"),
             perm("bears", "Grizzly Bears"), perm("prison", "Ghostly Prison", "opp")]

    def attacks(extra: list[dict[str, Any]]) -> list[set[str]]:
        b = load_board({"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
                        "permanents": [*perms, *extra]})
        return [set(d) for d in legal_attacks(b)]
    assert attacks([]) == [set(), {"bears"}]
    assert attacks([perm("arrest", "Arrest", "opp", attached_to="elves")]) == [set()]


def test_collector_ouphe_stops_artifacts_not_lands() -> None:
    """Collector Ouphe stops Sol Ring ({T}: Add {C}{C}) whoever controls it; a Forest still
    taps."""
    perms = [perm("ring", "Sol Ring"), perm("bears", "Grizzly Bears"), tax("{2}")]
    assert run(perms, "bears").payable
    assert not run([*perms, perm("ouphe", "Collector Ouphe", "opp")], "bears").payable
    assert not run([*perms, perm("ouphe", "Collector Ouphe")], "bears").payable
    assert run([*perms, perm("ouphe", "Collector Ouphe"), perm("f1", "Forest"),
                perm("f2", "Forest")], "bears").payable


def test_drana_and_linvala_stop_only_opponents_creatures() -> None:
    """"Activated abilities of creatures your opponents control can't be activated": the
    opponent's Drana and Linvala stops your Llanowar Elves; your own doesn't."""
    perms = [perm("elves", "Llanowar Elves"), perm("bears", "Grizzly Bears"), tax("{G}")]
    assert not run([*perms, perm("dl", "Drana and Linvala", "opp")], "bears").payable
    assert run([*perms, perm("dl", "Drana and Linvala")], "bears").payable


def test_tap_an_untapped_creature_costs() -> None:
    # Springleaf Drum: "{T}, Tap an untapped creature you control: Add one mana of any color."
    assert mana("Springleaf Drum") == [ManaAbility(
        tap=True, tap_untapped=CostPick(filter=Selector(controller="you", types=["Creature"])),
        produces=["{any}"])]
    # Heritage Druid: "Tap three untapped Elves you control: Add {G}{G}{G}."
    assert mana("Heritage Druid") == [ManaAbility(
        tap_untapped=CostPick(count=3, filter=Selector(controller="you", subtypes_any=["Elf"])),
        produces=["{G}{G}{G}"])]


def test_springleaf_drum_taps_a_creature_for_any_colour() -> None:
    """Llanowar Elves only make {G}, but tapped for Springleaf Drum's cost they give {W}; that
    tapping isn't {T}, so a summoning-sick creature may be tapped (CR 302.6). The attacking
    Bears are tapped already and can't be."""
    def perms(sick: bool) -> list[dict[str, Any]]:
        return [perm("drum", "Springleaf Drum"), perm("elves", "Llanowar Elves",
                                                      summoning_sick=sick),
                perm("bears", "Grizzly Bears"), tax("{W}")]
    for sick in (False, True):
        r = run(perms(sick), "bears")
        assert r.payable
        [act] = [s.to_json() for s in r.plan if s.to_json()["action"] == "activate"]
        assert act["permanent"] == "drum" and act["tapped"] == ["elves"]
    assert not run([p for p in perms(False) if p["id"] != "elves"], "bears").payable


def test_birchlore_rangers_need_two_untapped_elves() -> None:
    """Birchlore Rangers: "Tap two untapped Elves you control: Add one mana of any color."
    With Llanowar Elves, either the Elves tap for {G} or both Elves give one mana of any
    colour — never both: {U} or {G} can be paid, {G}{U} can't."""
    perms = [perm("rangers", "Birchlore Rangers", summoning_sick=True),
             perm("elves", "Llanowar Elves"), perm("bears", "Grizzly Bears")]
    assert run([*perms, tax("{U}")], "bears").payable
    assert run([*perms, tax("{G}")], "bears").payable
    assert not run([*perms, tax("{G}{U}")], "bears").payable


def test_activate_only_if_you_control() -> None:
    # Blazemire Verge: "{T}: Add {B}." / "{T}: Add {R}. Activate only if you control a Swamp
    # or a Mountain."
    assert mana("Blazemire Verge") == [
        ManaAbility(tap=True, produces=["{B}"]),
        ManaAbility(tap=True, produces=["{R}"],
                    only_if=Controls(permanent=Selector(subtypes_any=["Swamp", "Mountain"])))]
    # Mox Opal: "Metalcraft — {T}: Add one mana of any color. Activate only if you control
    # three or more artifacts." (Metalcraft is an ability word)
    assert mana("Mox Opal") == [ManaAbility(
        tap=True, produces=["{any}"],
        only_if=Controls(permanent=Selector(types=["Artifact"]), at_least=3))]
    # Lys Alana Dignitary: "... Activate only if there is an Elf card in your graveyard."
    assert "Add {G}{G}." in unmodelled("Lys Alana Dignitary")


def test_verge_makes_red_only_with_a_swamp_or_mountain() -> None:
    perms = [perm("verge", "Blazemire Verge"), perm("bears", "Grizzly Bears")]
    assert not run([*perms, tax("{R}")], "bears").payable
    assert run([*perms, tax("{B}")], "bears").payable
    swamp = perm("swamp", "Swamp", tapped=True)  # tapped: it makes no mana, but it counts
    assert run([*perms, swamp, tax("{R}")], "bears").payable


def test_mox_opal_needs_three_artifacts() -> None:
    """Mox Opal counts itself: with two Sol Rings it makes {U}; with one it doesn't."""
    def perms(rings: int) -> list[dict[str, Any]]:
        return [perm("opal", "Mox Opal"), *(perm(f"r{i}", "Sol Ring") for i in range(rings)),
                perm("bears", "Grizzly Bears"), tax("{U}")]
    assert run(perms(2), "bears").payable
    assert not run(perms(1), "bears").payable


def test_storage_land_removes_every_counter() -> None:
    # Bottomless Vault: "{T}, Remove any number of storage counters from this land: Add {B}
    # for each storage counter removed this way." It taps, so it is activated once; removing
    # all of them gives the most mana.
    assert mana("Bottomless Vault") == [ManaAbility(
        tap=True, produces=["{B}"], amount=CounterCount(counter="storage"),
        remove_counters=RemoveCounters(counter="storage"))]
    perms = [perm("vault", "Bottomless Vault", counters={"storage": 3}),
             perm("bears", "Grizzly Bears")]
    assert run([*perms, tax("{B}{B}{B}")], "bears").payable
    assert not run([*perms, tax("{4}")], "bears").payable
    # three counters: three {B}, never four
    assert not run([perm("vault", "Bottomless Vault", counters={"storage": 3}),
                    perm("bears", "Grizzly Bears"), tax("{B}{B}{B}{B}")], "bears").payable


def test_a_resolved_effect_stops_mana_abilities_too() -> None:
    """A board-level effect that resolved this turn ("that permanent's activated abilities
    can't be activated this turn", written in the vocabulary) stops the targeted Elves."""
    def payable(target: str) -> bool:
        b = load_board({
            "active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": [perm("elves", "Llanowar Elves"), perm("bears", "Grizzly Bears"),
                           tax("{G}")],
            "effects": [{"name": "interdict", "controller": "opp", "targets": [target],
                         "effects": [{"kind": "no_activated_abilities",
                                      "affects": {"which": "targets"}}]}]})
        inst = compile_board(b)
        return pay(b, inst, {"bears": "opp"}, commitment(inst, {"bears": "opp"})).payable
    assert not payable("elves")
    assert payable("bears")


def test_an_arrested_twin_does_not_hide_the_free_one() -> None:
    """Two Llanowar Elves, the first Arrested: the other still taps for {G}."""
    perms = [perm("e1", "Llanowar Elves"), perm("e2", "Llanowar Elves"),
             perm("arrest", "Arrest", "opp", attached_to="e1"), perm("bears", "Grizzly Bears")]
    assert run([*perms, tax("{G}")], "bears").payable
    assert not run([*perms, tax("{G}{G}")], "bears").payable
