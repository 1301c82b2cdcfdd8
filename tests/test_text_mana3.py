"""Golden tests of mana abilities whose cost removes counters from the source (CR 118.3,
602.2b), "an additional" mana, two-colour combinations and cards exiled from hand. Expected
effects are written from each card's printed text (quoted); the boards check what the payment
search may activate, with answers worked out from the rules by hand."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.rules.effects import CounterCount, ManaAbility, RemoveCounters

from .test_text_mana2 import FIVE, mana, perm, run, tax
from .text_golden import unmodelled


def charge(n: int | None = 1) -> RemoveCounters:
    return RemoveCounters(counter="charge", count=n)


# --- "Remove a ... counter from ~" ------------------------------------------------------------


@pytest.mark.parametrize("name, tap", [
    # "{T}, Remove a charge counter from this land: Add one mana of any color."
    ("Vivid Crag", True), ("Vivid Creek", True), ("Vivid Grove", True), ("Vivid Marsh", True),
    ("Vivid Meadow", True), ("Mirrodin's Core", True), ("Tendo Ice Bridge", True),
    ("Sphere of the Suns", True),
    # "Remove a charge counter from this artifact: Add one mana of any color."
    ("Gemstone Array", False), ("Pentad Prism", False), ("Druids' Repository", False),
])
def test_remove_a_charge_counter_for_any_colour(name: str, tap: bool) -> None:
    assert ManaAbility(tap=tap, produces=["{any}"], remove_counters=charge()) in mana(name)


def test_mana_bloom_once_each_turn() -> None:
    # "Remove a charge counter from this enchantment: Add one mana of any color. Activate
    # only once each turn."
    assert mana("Mana Bloom") == [ManaAbility(produces=["{any}"], remove_counters=charge(),
                                              once_per_turn=True)]


@pytest.mark.parametrize("name, counter, tap", [
    ("Spell Satchel", "book", True),          # "{T}, Remove a book counter ...: Add {C}."
    ("Iceberg", "ice", False),                # "Remove an ice counter ...: Add {C}."
    ("Rasputin Dreamweaver", "dream", False),  # "Remove a dream counter from Rasputin: ..."
])
def test_remove_one_counter_for_colourless(name: str, counter: str, tap: bool) -> None:
    assert ManaAbility(tap=tap, produces=["{C}"],
                       remove_counters=RemoveCounters(counter=counter, count=1)) in mana(name)


def test_weather_maker_removes_two() -> None:
    # "{T}: Add one mana of any color." and "{T}, Remove two charge counters from this
    # artifact: Add {C}{C}."
    assert mana("Weather Maker") == [
        ManaAbility(tap=True, produces=["{any}"]),
        ManaAbility(tap=True, produces=["{C}{C}"], remove_counters=charge(2))]


@pytest.mark.parametrize("name, produces, counter", [
    # "{T}, Remove a depletion counter from this land: Add {B}{B}. If there are no depletion
    # counters on this land, sacrifice it."
    ("Peat Bog", "{B}{B}", "depletion"), ("Hickory Woodlot", "{G}{G}", "depletion"),
    ("Remote Farm", "{W}{W}", "depletion"), ("Sandstone Needle", "{R}{R}", "depletion"),
    ("Saprazzan Skerry", "{U}{U}", "depletion"),
    # "{T}, Remove a mining counter from this land: Add one mana of any color. If there are
    # no mining counters on this land, sacrifice it."
    ("Gemstone Mine", "{any}", "mining"),
])
def test_depletion_lands_are_sacrificed_when_empty(name: str, produces: str,
                                                   counter: str) -> None:
    assert mana(name) == [ManaAbility(tap=True, produces=[produces], sacrifice_when_empty=True,
                                      remove_counters=RemoveCounters(counter=counter, count=1))]


# --- "any number of" / X counters -----------------------------------------------------------


@pytest.mark.parametrize("name, colour", [
    ("Black Mana Battery", "{B}"), ("Blue Mana Battery", "{U}"), ("Green Mana Battery", "{G}"),
    ("Red Mana Battery", "{R}"), ("White Mana Battery", "{W}"),
])
def test_mana_batteries_add_one_more(name: str, colour: str) -> None:
    # "{T}, Remove any number of charge counters from this artifact: Add {B}, then add an
    # additional {B} for each charge counter removed this way."
    assert mana(name) == [ManaAbility(tap=True, produces=[colour], remove_counters=charge(None),
                                      amount=CounterCount(counter="charge"), additional=1)]


def test_famous_museum_counts_art_counters_plus_one() -> None:
    # "{T}: Add {C}, plus an additional {C} for each art counter on Famous Museum."
    assert mana("Famous Museum") == [ManaAbility(tap=True, produces=["{C}"], additional=1,
                                                 amount=CounterCount(counter="art"))]


@pytest.mark.parametrize("name, pair", [
    # "{1}, Remove X storage counters from this land: Add X mana in any combination of {W}
    # and/or {U}."
    ("Calciform Pools", "{W/U}"), ("Dreadship Reef", "{U/B}"), ("Fungal Reaches", "{R/G}"),
    ("Molten Slagheap", "{B/R}"), ("Saltcrusted Steppe", "{G/W}"),
])
def test_x_storage_counters_in_two_colours(name: str, pair: str) -> None:
    assert ManaAbility(mana_cost="{1}", produces=[pair], amount=CounterCount(counter="storage"),
                       remove_counters=RemoveCounters(counter="storage")) in mana(name)


def test_petalmane_baku_x_of_one_colour() -> None:
    # "{1}, Remove X ki counters from this creature: Add X mana of any one color."
    assert mana("Petalmane Baku") == [ManaAbility(
        mana_cost="{1}", produces=FIVE, amount=CounterCount(counter="ki"),
        remove_counters=RemoveCounters(counter="ki"))]


@pytest.mark.parametrize("name, colour", [
    ("Elvish Spirit Guide", "{G}"),   # "Exile this creature from your hand: Add {G}."
    ("Simian Spirit Guide", "{R}"),   # "Exile this card from your hand: Add {R}."
])
def test_spirit_guides_from_hand(name: str, colour: str) -> None:
    assert mana(name) == [ManaAbility(from_hand=True, produces=[colour])]


@pytest.mark.parametrize("name, sentence", [
    # +1/+1 and -1/-1 counters change power and toughness in combat
    ("Crystalline Crawler", "Add one mana of any color."),
    ("Channeler Initiate", "Add one mana of any color."),
    ("Morselhoarder", "Add one mana of any color."),
    ("Runaway Steam-Kin", "Add {R}{R}{R}."),
    ("Haruspex", "Add X mana of any one color."),
    # any player may activate it, but only during their turn before the end step
    ("Mana Cache", "Add {C}."),
    # a cost that puts a -0/-1 counter on it
    ("Wall of Roots", "Add {G}."),
    # its own activations decide which colours: not recorded on the board
    ("Component Pouch", "Add two mana of different colors."),
])
def test_near_misses_stay_unmodelled(name: str, sentence: str) -> None:
    assert sentence in unmodelled(name)


# --- boards ----------------------------------------------------------------------------------


def test_gemstone_array_spends_one_counter_per_activation() -> None:
    """Two charge counters: two activations, {W}{U}; a third needs a counter it hasn't."""
    def perms(cost: str, counters: int = 2) -> list[dict[str, Any]]:
        return [perm("array", "Gemstone Array", counters={"charge": counters}),
                perm("bears", "Grizzly Bears"), tax(cost)]
    assert run(perms("{W}{U}"), "bears").payable
    assert not run(perms("{3}"), "bears").payable
    assert not run(perms("{1}", counters=0), "bears").payable


def test_vivid_land_makes_any_colour_only_with_a_counter() -> None:
    """Vivid Crag: {R} always; another colour only by removing a charge counter."""
    def perms(counters: int) -> list[dict[str, Any]]:
        return [perm("crag", "Vivid Crag", counters={"charge": counters}),
                perm("bears", "Grizzly Bears"), tax("{U}")]
    assert run(perms(1), "bears").payable
    assert not run(perms(0), "bears").payable


def test_black_mana_battery_adds_one_more_than_the_counters() -> None:
    """Two charge counters: {B} plus {B}{B}; no counters: still {B}."""
    def perms(cost: str, counters: int) -> list[dict[str, Any]]:
        return [perm("battery", "Black Mana Battery", counters={"charge": counters}),
                perm("bears", "Grizzly Bears"), tax(cost)]
    assert run(perms("{B}{B}{B}", 2), "bears").payable
    assert not run(perms("{4}", 2), "bears").payable
    assert run(perms("{B}", 0), "bears").payable


def test_calciform_pools_x_mana_white_or_blue() -> None:
    """Three storage counters and a Plains. The Pools' {T}: {C} pays {1} for X=3 (three mana,
    each white or blue) and the Plains adds {W}: {W}{U}{U}{U}. Four blue would need the Plains
    to make blue; {5} is more than the four mana there are."""
    def perms(cost: str) -> list[dict[str, Any]]:
        return [perm("pools", "Calciform Pools", counters={"storage": 3}),
                perm("plains", "Plains"), perm("bears", "Grizzly Bears"), tax(cost)]
    assert run(perms("{W}{U}{U}{U}"), "bears").payable
    assert not run(perms("{U}{U}{U}{U}"), "bears").payable
    assert not run(perms("{5}"), "bears").payable


def test_peat_bog_is_sacrificed_with_its_last_counter() -> None:
    """One depletion counter: {B}{B}, and the land is sacrificed as the ability resolves."""
    res = run([perm("bog", "Peat Bog", counters={"depletion": 1}),
               perm("bears", "Grizzly Bears"), tax("{B}{B}")], "bears")
    assert res.payable
    assert any("bog" in getattr(step, "sacrificed", ()) for step in res.plan)
    res = run([perm("bog", "Peat Bog", counters={"depletion": 2}),
               perm("bears", "Grizzly Bears"), tax("{B}{B}")], "bears")
    assert res.payable
    assert not any("bog" in getattr(step, "sacrificed", ()) for step in res.plan)


def test_elvish_spirit_guide_from_hand_pays() -> None:
    """A Spirit Guide in hand pays {G}; without it nothing does."""
    from mtgcombat.board.model import load_board
    from mtgcombat.compile.attacks import compile_board
    from mtgcombat.legality.evaluate import commitment
    from mtgcombat.payment.search import pay

    def payable(hand: list[str]) -> bool:
        b = load_board({"active_player": "you",
                        "players": [{"name": "you", "hand": hand}, {"name": "opp"}],
                        "permanents": [perm("bears", "Grizzly Bears"), tax("{G}")]})
        inst = compile_board(b)
        decl = {"bears": "opp"}
        return pay(b, inst, decl, commitment(inst, decl)).payable
    assert payable(["Elvish Spirit Guide"])
    assert not payable([])
