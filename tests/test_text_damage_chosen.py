"""Golden and engine tests: prevention of the damage of a source of the controller's choice
(the resolution names it in its ``targets``) and of combat damage to players (CR 615).
Expected effects are written from the cards' printed text, expected results from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.errors import BoardError
from mtgcombat.rules.effects import PreventCombatDamage, PreventDamageTo, Selector
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import compiled, resolved, unmodelled

CHOSEN = Selector(which="targets")


# -- golden --------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "chosen"), [
    # "Prevent all damage a source of your choice would deal this turn."
    ("Pay No Heed", CHOSEN),
    ("Prahv, Spires of Order", CHOSEN),  # its second ability, next to a mana ability
    # "Prevent all damage a red source of your choice would deal this turn."
    ("Burrenton Forge-Tender", Selector(which="targets", colors_any=["R"])),
    # "Prevent all combat damage a creature of your choice would deal this turn."
    ("Ajani's Aid", Selector(which="targets", types=["Creature"])),
])
def test_damage_a_chosen_source_would_deal(name: str, chosen: Selector) -> None:
    assert resolved(name) == [PreventCombatDamage(sources=chosen)]


def test_rith_s_charm_third_mode() -> None:
    """Rith's Charm: "• Prevent all damage a source of your choice would deal this turn.\""""
    (ability,) = compiled("Rith's Charm").abilities
    assert list(ability.modes[2].resolved) == [PreventCombatDamage(sources=CHOSEN)]


def test_damage_to_you_by_a_chosen_source() -> None:
    """Consulate Surveillance: "Pay {E}{E}: Prevent all damage that would be dealt to you this
    turn by a source of your choice.\""""
    assert resolved("Consulate Surveillance") == [
        PreventDamageTo(affects=None, you=True, sources=CHOSEN)]


def test_bone_mask_exiles_cards_only() -> None:
    """Bone Mask: "... The next time a source of your choice would deal damage to you this
    turn, prevent that damage. Exile cards from the top of your library equal to the damage
    prevented this way." (the exiling changes nothing in combat)."""
    assert resolved("Bone Mask") == [
        PreventDamageTo(affects=None, you=True, sources=CHOSEN, once=True)]


@pytest.mark.parametrize("name", ["Commencement of Festivities", "Defend the Hearth"])
def test_combat_damage_to_players(name: str) -> None:
    """"Prevent all combat damage that would be dealt to players this turn.\""""
    assert resolved(name) == [PreventDamageTo(affects=None, players=True)]


def test_damage_creatures_would_deal_to_players() -> None:
    """Chameleon Blur: "Prevent all damage that creatures would deal to players this turn.\""""
    assert resolved("Chameleon Blur") == [PreventDamageTo(
        affects=None, players=True, sources=Selector(types=["Creature"]))]


@pytest.mark.parametrize(("name", "text"), [
    # Life gained from the damage prevented this way.
    ("Samite Ministration", "Prevent all damage that would be dealt to you this turn by a "
                            "source of your choice."),
    ("Cho-Arrim Alchemist", "The next time a source of your choice would deal damage to you "
                            "this turn, prevent that damage."),
    # Damage dealt to the source's controller.
    ("Deflecting Palm", "The next time a source of your choice would deal damage to you this "
                        "turn, prevent that damage."),
    # "any target" and the chosen source would share the resolution's targets.
    ("Circle of Despair", "The next time a source of your choice would deal damage to any "
                          "target this turn, prevent that damage."),
    # A condition on the mana spent.
    ("Protective Sphere", "Prevent all damage that would be dealt to you this turn by a source "
                          "of your choice that shares a color with the mana spent on this "
                          "activation cost."),
])
def test_near_misses(name: str, text: str) -> None:
    assert text in unmodelled(name)


# -- engine --------------------------------------------------------------------------------


def test_pay_no_heed_stops_the_chosen_attacker() -> None:
    """Pay No Heed (opp's) choosing the 3/3 of two unblocked attackers: opp takes the 2/2's 2."""
    b = board([creature("a", 3, 3), creature("b", 2, 2)], {"a": "opp", "b": "opp"},
              effects=[{"card": "Pay No Heed", "controller": "opp", "targets": ["a"]}])
    assert combat_at(b).prevention.fogged == frozenset({"a"})
    assert resolve_combat(b).life["opp"] == 18


def test_a_chosen_source_must_be_named() -> None:
    b = board([creature("a", 3, 3)], {"a": "opp"},
              effects=[{"card": "Pay No Heed", "controller": "opp"}])
    with pytest.raises(BoardError, match="names no chosen source"):
        combat_at(b)
    b = board([creature("a", 3, 3)], {"a": "opp"},
              effects=[{"card": "Consulate Surveillance", "controller": "opp"}])
    with pytest.raises(BoardError, match="names no chosen source"):
        combat_at(b)


def test_consulate_surveillance_spares_its_controller_only() -> None:
    """Its activation (opp's) naming a 3/3 trampler blocked by a 1/1: the damage to opp is
    prevented, the damage to the blocker isn't: the 1/1 dies, opp stays at 20."""
    b = board([creature("a", 3, 3, "trample"), creature("b", 1, 1),
               {"id": "cs", "card": "Consulate Surveillance", "controller": "opp",
                "activations": [{"x": 0, "targets": ["a"]}]}], {"a": "opp"}, {"b": "a"})
    r = resolve_combat(b)
    assert r.life["opp"] == 20 and r.destroyed == ("b",)


def _player_fog(card: str) -> list[dict[str, Any]]:
    return [{"card": card, "controller": "opp"}]


@pytest.mark.parametrize("card", ["Defend the Hearth", "Chameleon Blur"])
def test_no_combat_damage_to_players(card: str) -> None:
    """An unblocked 3/3 deals opp nothing; a 2/2 blocked by a 2/2 still trades (the damage
    to creatures is not prevented)."""
    b = board([creature("u", 3, 3), creature("a", 2, 2), creature("b", 2, 2)],
              {"u": "opp", "a": "opp"}, {"b": "a"}, effects=_player_fog(card))
    r = resolve_combat(b)
    assert r.life == {"you": 20, "opp": 20}
    assert set(r.destroyed) == {"a", "b"}


def test_defend_the_hearth_covers_every_player() -> None:
    """"Players" is every player, its controller's opponent too: the combat damage of the
    attacker is prevented to both."""
    b = board([creature("u", 3, 3)], {"u": "opp"}, effects=_player_fog("Defend the Hearth"))
    assert combat_at(b).prevention.warded == {"you": frozenset({"u"}),
                                              "opp": frozenset({"u"})}


def test_auriok_replica() -> None:
    """"Sacrifice Auriok Replica: Prevent all damage a source of your choice would deal to you
    this turn.\""""
    assert resolved("Auriok Replica") == [
        PreventDamageTo(affects=None, you=True, sources=CHOSEN)]


def test_greater_realm_of_preservation() -> None:
    """"{1}{W}: The next time a black or red source of your choice would deal damage to you
    this turn, prevent that damage.\""""
    assert resolved("Greater Realm of Preservation") == [PreventDamageTo(
        affects=None, you=True, sources=Selector(which="targets", colors_any=["B", "R"]),
        once=True)]


@pytest.mark.parametrize(("color", "life"), [("B", 20), ("R", 20), ("G", 17)])
def test_greater_realm_needs_black_or_red(color: str, life: int) -> None:
    """Its activation (opp's) naming an unblocked 3/3: prevented if black or red only."""
    b = board([creature("a", 3, 3, colors=[color]),
               {"id": "g", "card": "Greater Realm of Preservation", "controller": "opp",
                "activations": [{"x": 0, "targets": ["a"]}]}], {"a": "opp"})
    assert resolve_combat(b).life["opp"] == life
