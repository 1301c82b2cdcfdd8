"""Triggered abilities with lasting effects, applied per resolution the board records."""

from __future__ import annotations

from typing import Any

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import load_board
from mtgcombat.rules.effects import SELF, ModifyPowerToughness, Selector
from tests.text_golden import compiled, resolved


def test_landfall_pump_is_resolved_on_the_creature_itself() -> None:
    # Steppe Lynx: "Landfall — Whenever a land you control enters, this creature gets +2/+2
    # until end of turn." (the ability word has no rules meaning, CR 207.2c)
    assert resolved("Steppe Lynx") == [ModifyPowerToughness(affects=SELF, power=2,
                                                            toughness=2)]


def test_cast_trigger_pump() -> None:
    # Kiln Fiend: "Whenever you cast an instant or sorcery spell, this creature gets +3/+0
    # until end of turn."
    assert resolved("Kiln Fiend") == [ModifyPowerToughness(affects=SELF, power=3)]


def test_enters_trigger_pumping_a_group() -> None:
    # Ampryn Tactician: "When this creature enters, creatures you control get +1/+1 until end
    # of turn."
    got = compiled("Ampryn Tactician")
    assert got.resolved == (ModifyPowerToughness(
        affects=Selector(types=["Creature"], controller="you"), power=1, toughness=1),)


def test_may_and_intervening_if_stay_unmodelled() -> None:
    # Ajani's Pridemate puts a counter (a state the board records): nothing to report.
    assert compiled("Ajani's Pridemate").unmodelled == ()
    # Kor Skyfisher returns a permanent: not combat text at all.
    assert compiled("Kor Skyfisher").resolved == ()


def _board(activations: list[Any]) -> dict[str, Any]:
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": [{"id": "lynx", "card": "Steppe Lynx", "controller": "you",
                            "activations": activations}]}


def test_each_recorded_resolution_applies_once() -> None:
    # Steppe Lynx is a 0/1; two lands entered this turn: two landfall resolutions, +4/+4.
    for entries, pt in (([], (0, 1)), ([0], (2, 3)), ([0, 0], (4, 5))):
        lynx = View(load_board(_board(entries))).objects["lynx"]
        assert (lynx.power, lynx.toughness) == pt


def test_beginning_of_combat_trigger_resolves_before_attackers() -> None:
    # Eidolon of Inspiration: "At the beginning of combat on your turn, target creature you
    # control gets +2/+0 until end of turn." It resolves before attackers are declared, so the
    # board records it.
    assert resolved("Eidolon of Inspiration") == [ModifyPowerToughness(
        affects=Selector(which="targets", controller="you", types=["Creature"]), power=2)]


def test_trigger_conditions_with_commas_and_reflexive_triggers() -> None:
    # Umara Mystic's condition holds a comma: "Whenever you cast an instant, sorcery, or Wizard
    # spell, this creature gets +2/+0 until end of turn."
    assert resolved("Umara Mystic") == [ModifyPowerToughness(affects=SELF, power=2)]
    # Forgehammer Centurion: "When you do, target creature can't block this turn." — a
    # reflexive trigger after a choice: not compiled as a recorded resolution.
    assert "When you do, target creature can't block this turn." in [
        u.text for u in compiled("Forgehammer Centurion").unmodelled]
