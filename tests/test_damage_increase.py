"""Damage doubled, tripled or increased ("If a source would deal damage to a permanent or
player, it deals double that damage to that permanent or player instead."): golden tests from
the cards' printed text, and combats whose results follow from CR 614.1a, 616.1 (the
affected player orders prevention and these replacements: prevention first, multiplying
before adding, the least damage) and 702.19b (lethal damage is judged on damage assigned,
not on what effects make of it)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.rules.effects import SELF, HandSize, ModifyDamage, Selector
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import compiled, effects, resolved, unmodelled

YOURS = Selector(controller="you")
RED_YOURS = Selector(controller="you", colors_any=["R"])


@pytest.mark.parametrize(("name", "expected"), [
    # "If a source would deal damage to a permanent or player, it deals double that damage to
    # that permanent or player instead."
    ("Furnace of Rath", ModifyDamage(multiply=2)),
    ("Dictate of the Twin Gods", ModifyDamage(multiply=2)),
    ("Stronghold Furnace", ModifyDamage(multiply=2)),  # "... it deals double that damage instead."
    # "If a source you control would deal damage to a permanent or player, ..."
    ("Angrath's Marauders", ModifyDamage(sources=YOURS, multiply=2)),
    ("Fiery Emancipation", ModifyDamage(sources=YOURS, multiply=3)),
    ("City on Fire", ModifyDamage(sources=YOURS, multiply=3)),
    # "If a creature you control would deal damage ..., it deals double that damage instead."
    ("Gratuitous Violence", ModifyDamage(sources=Selector(controller="you", types=["Creature"]),
                                         multiply=2)),
    ("Calamity Bearer", ModifyDamage(sources=Selector(controller="you", subtypes_any=["Giant"]),
                                     multiply=2)),
    # "If a source would deal damage to an opponent, it deals double that damage to that
    # player instead."
    ("Fiendish Duo", ModifyDamage(recipients="opponents", multiply=2)),
    # "If a source you control would deal damage to an opponent or a permanent an opponent
    # controls, it deals double that damage instead."
    ("Twinflame Tyrant", ModifyDamage(sources=YOURS, recipients="opponents_and_theirs",
                                      multiply=2)),
    # "If a red source you control would deal damage to an opponent or a permanent an
    # opponent controls, it deals that much damage plus 2 instead."
    ("Torbran, Thane of Red Fell", ModifyDamage(sources=RED_YOURS,
                                                recipients="opponents_and_theirs", add=2)),
    # "If another red source you control would deal damage to a permanent or player, it
    # deals that much damage plus 1 to that permanent or player instead."
    ("Embermaw Hellion", ModifyDamage(sources=RED_YOURS.model_copy(update={"which": "others"}),
                                      add=1)),
    # "If this creature would deal combat damage to a player, it deals double ..."
    ("Charging Tuskodon", ModifyDamage(sources=SELF, recipients="players", multiply=2)),
    # "If enchanted creature would deal combat damage to a permanent or player, ..."
    ("The Sound of Drums", ModifyDamage(sources=Selector(which="attached"), multiply=2)),
    # "Hellbent — As long as you have no cards in hand, if a source you control would deal
    # damage to a permanent or player, it deals double that damage ..."
    ("Lyzolda, the Blood Witch Avatar", ModifyDamage(sources=YOURS, multiply=2,
                                                     condition=HandSize(at_most=0))),
])
def test_static_increases(name: str, expected: ModifyDamage) -> None:
    assert expected in effects(name)


def test_increases_this_turn() -> None:
    """Blind Fury: "If a creature would deal combat damage to a creature this turn, it deals
    double that damage to that creature instead."; Goblin Goliath's activation: "If a source
    you control would deal damage to an opponent this turn, ..." """
    assert resolved("Blind Fury")[-1] == ModifyDamage(
        sources=Selector(types=["Creature"]), recipients="creatures", multiply=2)
    assert ModifyDamage(sources=YOURS, recipients="opponents", multiply=2) in \
        compiled("Goblin Goliath").resolved


@pytest.mark.parametrize("name", ["Sulfuric Vapors", "Pyromancer's Swath", "Fire Servant"])
def test_a_spell_s_damage_increased_is_nothing_for_combat(name: str) -> None:
    """"If a red spell (an instant or sorcery source) would deal damage ..., it deals that
    much damage plus 1 (double that damage) ...": never combat damage."""
    c = compiled(name)
    assert not c.unmodelled
    assert not [e for e in (*c.effects, *c.resolved) if isinstance(e, ModifyDamage)]


@pytest.mark.parametrize(("name", "text"), [
    # A source quality the board doesn't give ("hot"), a choice of players, "a player or
    # battle", a recipient that is the creature itself.
    ("Don't Try This at Home", "If a hot source you control would deal damage to a permanent "
                               "or player, it deals that much damage plus 1 instead."),
    ("Rankle and Torbran", "If a source would deal damage to a player or battle this turn, it "
                           "deals that much damage plus 2 instead."),
    ("Goldnight Castigator", "If a source would deal damage to this creature, it deals double "
                             "that damage to this creature instead."),
    ("Curse of Bloodletting", "If a source would deal damage to enchanted player, it deals "
                              "double that damage to that player instead."),
])
def test_near_misses(name: str, text: str) -> None:
    assert text in unmodelled(name)


# -- engine --------------------------------------------------------------------------------


def _card(pid: str, card: str, **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, **state}


def test_furnace_doubles_to_players_and_creatures() -> None:
    """Furnace of Rath: an unblocked 3/3 deals opp 6; a 1/1 blocked by a 2/2 deals it 2 (it
    dies) and is dealt 4."""
    b = board([creature("u", 3, 3), creature("a", 1, 1), creature("b", 2, 2),
               _card("f", "Furnace of Rath", controller="opp")],
              {"u": "opp", "a": "opp"}, {"b": "a"})
    r = resolve_combat(b)
    assert r.life["opp"] == 14 and set(r.destroyed) == {"a", "b"}
    assert {(e.source, e.dealt) for e in r.steps[0].events} == {("u", 6), ("a", 2), ("b", 4)}
    assert {"source": "u", "recipient": "opp", "amount": 3, "increased": 3} in \
        r.steps[0].to_json()["damage"]


def test_lethal_is_judged_on_damage_assigned() -> None:
    """A 3/3 trampler blocked by a 2/2 under Furnace of Rath must still assign 2 to it
    (702.19b), so 1 tramples over, dealt as 2: opp 18; the blocker is dealt 4."""
    b = board([creature("a", 3, 3, "trample"), creature("b", 2, 2),
               _card("f", "Furnace of Rath", controller="opp")], {"a": "opp"}, {"b": "a"})
    r = resolve_combat(b)
    assert r.steps[0].assignment["a"] == {"b": 2, "opp": 1}
    assert r.life["opp"] == 18 and "b" in r.destroyed


def test_lifelink_gains_the_doubled_damage() -> None:
    """Furnace of Rath: an unblocked 2/2 lifelinker deals 4 and its controller gains 4."""
    b = board([creature("a", 2, 2, "lifelink"), _card("f", "Furnace of Rath")], {"a": "opp"})
    assert resolve_combat(b).life == {"you": 24, "opp": 16}


def test_torbran_adds_2_to_red_sources_only() -> None:
    """Your Torbran: a red 2/2 unblocked deals opp 4, a green 2/2 deals 2; a red 1/1 blocked
    by opp's 3/3 deals it 3 (dies). opp's 3/3's damage to your 1/1 is not increased."""
    b = board([_card("t", "Torbran, Thane of Red Fell", controller="you"),
               creature("r", 2, 2, colors=["R"]), creature("g", 2, 2, colors=["G"]),
               creature("s", 1, 1, colors=["R"]), creature("w", 3, 3)],
              {"r": "opp", "g": "opp", "s": "opp"}, {"w": "s"})
    r = resolve_combat(b)
    assert r.life["opp"] == 14
    assert set(r.destroyed) == {"s", "w"}
    assert {(e.source, e.dealt) for e in r.steps[0].events} >= {("w", 3), ("s", 3)}


def test_prevention_comes_first() -> None:
    """opp's Sphere of Law and your Torbran (CR 616.1, the least damage): a red 3/3 deals
    3 - 2 = 1, plus 2: opp takes 3; a red 2/2's 2 is all prevented, so no damage is dealt and
    nothing is added: opp takes 0 from it."""
    b = board([_card("t", "Torbran, Thane of Red Fell", controller="you"),
               creature("r", 3, 3, colors=["R"]), creature("s", 2, 2, colors=["R"]),
               _card("sp", "Sphere of Law", controller="opp")], {"r": "opp", "s": "opp"})
    assert resolve_combat(b).life["opp"] == 17


def test_kills_with_doubling() -> None:
    """A 3/3 blocked by a 2/2 and a 3/3 under Furnace of Rath, maximising kills: 1 to the
    2/2 and 2 to the 3/3 are dealt as 2 and 4, both die (undoubled, 1 + 2 kills neither)."""
    b = board([creature("a", 3, 3), creature("b1", 2, 2), creature("b2", 3, 3),
               _card("f", "Furnace of Rath", controller="opp")], {"a": "opp"},
              {"b1": "a", "b2": "a"})
    r = resolve_combat(b, "kills")
    assert r.steps[0].assignment["a"] == {"b1": 1, "b2": 2}
    assert r.kills == 2 and {"b1", "b2"} <= set(r.destroyed)


def test_charging_tuskodon_only_to_players() -> None:
    """Charging Tuskodon (4/4 trample) blocked by a 1/1: 1 to the blocker (not doubled), 3
    trample over, dealt to the player as 6."""
    b = board([_card("t", "Charging Tuskodon"), creature("b", 1, 1)], {"t": "opp"}, {"b": "t"})
    r = resolve_combat(b)
    assert r.life["opp"] == 14 and r.destroyed == ("b",)
