"""Damage rules that hold only during their controller's turn ("During your turn, prevent
all damage that would be dealt to this creature.") or while their source is untapped. Expected
effects are written from the cards' printed text, expected results from CR 615 and 510.1a."""

from __future__ import annotations

from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.rules.effects import (
    SELF,
    AssignsDamageByToughness,
    PreventDamageTo,
    Selector,
    YourTurn,
)
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import compiled, effects

MINE = YourTurn(yours=True)


def test_guardian_naga_and_frodo() -> None:
    """"During your turn, prevent all damage that would be dealt to this creature (Frodo).\""""
    assert PreventDamageTo(affects=SELF, condition=MINE) in effects("Guardian Naga")
    assert PreventDamageTo(affects=SELF, condition=MINE) in effects("Frodo, Determined Hero")


def test_personal_sanctuary() -> None:
    """"During your turn, prevent all damage that would be dealt to you.\""""
    assert effects("Personal Sanctuary") == [
        PreventDamageTo(affects=None, you=True, condition=MINE)]


def test_baldin_during_your_turn() -> None:
    """Baldin: "During your turn, each creature assigns combat damage equal to its toughness
    rather than its power." (its attack trigger stays reported)."""
    assert AssignsDamageByToughness(affects=Selector(types=["Creature"]), condition=MINE) in \
        compiled("Baldin, Century Herdmaster").effects


def test_guardian_naga_attacking_on_its_controller_s_turn() -> None:
    """Your Guardian Naga (5/6) attacks and is blocked by a 7/7: it is your turn, the 7 is
    prevented; the Naga deals 5 and survives."""
    b = board([{"id": "n", "card": "Guardian Naga"}, creature("b", 7, 7)], {"n": "opp"},
              {"b": "n"})
    assert resolve_combat(b).destroyed == ()


def test_guardian_naga_blocking_on_the_opponent_s_turn() -> None:
    """opp's Guardian Naga blocks your 7/7 on your turn: nothing is prevented, it dies."""
    b = board([creature("a", 7, 7), {"id": "n", "card": "Guardian Naga", "controller": "opp"}],
              {"a": "opp"}, {"n": "a"})
    assert resolve_combat(b).destroyed == ("n",)


def test_thunderstaff_only_untapped() -> None:
    """opp's Thunderstaff prevents 1 of each creature's combat damage to opp while untapped:
    an unblocked 3/3 deals 2; with the Thunderstaff tapped, 3."""
    for tapped, life in ((False, 18), (True, 17)):
        b = board([creature("a", 3, 3),
                   {"id": "t", "card": "Thunderstaff", "controller": "opp", "tapped": tapped}],
                  {"a": "opp"})
        assert resolve_combat(b).life["opp"] == life
