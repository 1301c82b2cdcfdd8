"""Preventing a part of each source's damage ("If a red source would deal damage to you,
prevent 2 of that damage."): golden tests from the cards' printed text, and combats whose
results follow from CR 615 and the cards' rulings (Guardian Seraph: "This ability prevents 1
damage from each source an opponent controls each time that source would deal damage to
you"; "The effects from multiple Guardian Seraphs are cumulative")."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.rules.effects import Color, PreventDamageTo, Selector, SourceState
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import effects, unmodelled

OPPONENTS = Selector(controller="opponents")


def _you(n: int, sources: Selector | None) -> PreventDamageTo:
    return PreventDamageTo(affects=None, you=True, sources=sources, amount=n)


# -- golden --------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "color"), [
    ("Sphere of Duty", "G"), ("Sphere of Grace", "B"), ("Sphere of Law", "R"),
    ("Sphere of Reason", "U"), ("Sphere of Truth", "W"),
])
def test_spheres(name: str, color: Color) -> None:
    """"If a green (black, red, blue, white) source would deal damage to you, prevent 2 of
    that damage.\""""
    assert effects(name) == [_you(2, Selector(colors_any=[color]))]


@pytest.mark.parametrize(("name", "expected"), [
    # "If an artifact would deal damage to you, prevent 1 of that damage."
    ("Sphere of Purity", _you(1, Selector(types=["Artifact"]))),
    # "If a source an opponent controls would deal damage to you, prevent 1 of that damage."
    ("Guardian Seraph", _you(1, OPPONENTS)),
    ("Heart-Shaped Herb", _you(1, OPPONENTS)),
    ("Nothing Can Stop Me Now", _you(1, OPPONENTS)),
    ("Protection of the Hekma", _you(1, OPPONENTS)),
    # "If a source would deal damage to you, prevent 1 of that damage."
    ("Urza's Armor", _you(1, None)),
    # "If a creature would deal damage to you, prevent 1 of that damage." (after hexproof)
    ("Orbs of Warding", _you(1, Selector(types=["Creature"]))),
    # "If a source would deal damage to equipped creature, prevent 2 of that damage."
    ("Shield of the Realm", PreventDamageTo(affects=Selector(which="attached"), amount=2)),
    # "If a source would deal damage to a planeswalker you control, prevent 1 of that damage."
    ("Djeru, With Eyes Open", PreventDamageTo(
        affects=Selector(controller="you", types=["Planeswalker"]), amount=1)),
])
def test_part_of_each_source_s_damage(name: str, expected: PreventDamageTo) -> None:
    assert expected in effects(name)


@pytest.mark.parametrize(("name", "text"), [
    # One source may deal damage to several of its creatures at once (a blocker of two).
    ("Daunting Defender", "If a source would deal damage to a Cleric creature you control, "
                          "prevent 1 of that damage."),
    ("Hedron-Field Purists", "If a source would deal damage to you or a creature you control, "
                             "prevent 1 of that damage."),
    # X from counters, and "you and/or one or more creatures you control".
    ("Cover of Winter", "If a creature would deal combat damage to you and/or one or more "
                        "creatures you control, prevent X of that damage, where X is the "
                        "number of age counters on this enchantment."),
    # An optional prevention with a counted X.
    ("Battletide Alchemist", "If a source would deal damage to a player, you may prevent X of "
                             "that damage, where X is the number of Clerics you control."),
])
def test_near_misses(name: str, text: str) -> None:
    assert text in unmodelled(name)


def test_thunderstaff_while_untapped() -> None:
    """Thunderstaff: "As long as this artifact is untapped, if a creature would deal combat
    damage to you, prevent 1 of that damage." (the condition on the artifact itself)."""
    assert PreventDamageTo(affects=None, you=True, sources=Selector(types=["Creature"]),
                           amount=1, condition=SourceState(of="self", state="untapped")) in \
        effects("Thunderstaff")


def test_amount_is_no_shield_of_the_next_damage() -> None:
    with pytest.raises(ValidationError, match="amount"):
        PreventDamageTo(affects=None, you=True, amount=1, once=True)


# -- engine --------------------------------------------------------------------------------


def _opp(pid: str, card: str, **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": "opp", **state}


def test_sphere_of_law_takes_2_of_each_red_source() -> None:
    """opp's Sphere of Law; a red 3/3 and a green 2/2 unblocked: opp takes 1 + 2."""
    b = board([creature("r", 3, 3, colors=["R"]), creature("g", 2, 2, colors=["G"]),
               _opp("s", "Sphere of Law")], {"r": "opp", "g": "opp"})
    r = resolve_combat(b)
    assert r.life["opp"] == 17
    assert [(e.source, e.prevented_amount) for e in r.steps[0].events] == [("r", 2), ("g", 0)]


def test_guardian_seraphs_add_up_and_apply_to_each_source() -> None:
    """Two Guardian Seraphs (opp's): each of two unblocked 3/3s deals 3 - 2: opp takes 2."""
    b = board([creature("a", 3, 3), creature("b", 3, 3), _opp("g1", "Guardian Seraph"),
               _opp("g2", "Guardian Seraph")], {"a": "opp", "b": "opp"})
    assert resolve_combat(b).life["opp"] == 18


def test_each_step_is_a_time_it_would_deal_damage() -> None:
    """A red 3/3 double striker unblocked against Sphere of Law: 1 in each step: opp 18."""
    b = board([creature("r", 3, 3, "double strike", colors=["R"]),
               _opp("s", "Sphere of Law")], {"r": "opp"})
    assert resolve_combat(b).life["opp"] == 18


def test_partial_prevention_before_a_shield() -> None:
    """Sphere of Law and Conservator's shield of 2 on opp: the red 3/3's 3 less 2 is 1, the
    shield takes it (its controller's best order, CR 616.1): opp 20, 1 shield left."""
    b = board([creature("r", 3, 3, colors=["R"]), _opp("s", "Sphere of Law"),
               _opp("c", "Conservator", tapped=True, activations=[{"x": 0}])], {"r": "opp"})
    r = resolve_combat(b)
    assert r.life["opp"] == 20 and r.steps[0].shields == {"opp": 1}


def test_no_lifelink_from_prevented_damage() -> None:
    """A red 2/2 lifelinker against Sphere of Law deals nothing, gains nothing; a red 3/3
    lifelinker deals 1 and gains 1 (702.15b)."""
    small = board([creature("r", 2, 2, "lifelink", colors=["R"]), _opp("s", "Sphere of Law")],
                  {"r": "opp"})
    assert resolve_combat(small).life == {"you": 20, "opp": 20}
    big = board([creature("r", 3, 3, "lifelink", colors=["R"]), _opp("s", "Sphere of Law")],
                {"r": "opp"})
    assert resolve_combat(big).life == {"you": 21, "opp": 19}


def test_unpreventable_damage_is_all_dealt() -> None:
    """Skullcrack resolved: Sphere of Law prevents nothing (615.12): opp takes 3."""
    b = board([creature("r", 3, 3, colors=["R"]), _opp("s", "Sphere of Law")], {"r": "opp"},
              effects=[{"card": "Skullcrack", "controller": "you", "targets": ["opp"]}])
    assert resolve_combat(b).life["opp"] == 17


def _realm_block(maximize: str) -> Any:
    b = board([creature("a", 4, 4, "trample"), creature("b", 2, 2),
               _opp("sh", "Shield of the Realm", attached_to="b")], {"a": "opp"}, {"b": "a"})
    return resolve_combat(b, maximize)  # type: ignore[arg-type]


def test_shield_of_the_realm_lethal_counts_assigned_damage() -> None:
    """A 4/4 trampler blocked by a 2/2 wearing Shield of the Realm: lethal damage is judged on
    damage assigned (702.19b), so 2 to the blocker lets 2 trample over (opp 18) and the
    blocker, dealt 0, survives; to kill it the attacker must assign all 4 (4 - 2 = 2)."""
    r = _realm_block("player")
    assert r.life["opp"] == 18 and r.destroyed == ()
    r = _realm_block("kills")
    assert r.destroyed == ("b",) and r.life["opp"] == 20


def test_djeru_spares_a_planeswalker_one_damage() -> None:
    """A 3/3 attacks opp's planeswalker (loyalty 3) while opp controls Djeru, With Eyes Open:
    1 of the 3 is prevented: loyalty 1."""
    pw = {"id": "pw", "name": "pw", "types": ["Planeswalker"], "loyalty": 3,
          "controller": "opp"}
    b = board([creature("a", 3, 3), pw, _opp("dj", "Djeru, With Eyes Open")], {"a": "pw"})
    assert resolve_combat(b).steps[0].counters == {"pw": 1}
