"""Creatures whose own combat trigger, when its choice is made, makes them assign no combat
damage this turn ("If you do, this creature assigns no combat damage this turn."): the board
records such a resolution in the permanent's ``activations`` only when the choice was made.
Expected effects are written from the cards' printed text, expected results from CR 510.1."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.damage.assignment import check_damage
from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.rules.effects import AssignsNoCombatDamage
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import compiled, resolved, unmodelled

NONE = [AssignsNoCombatDamage()]


@pytest.mark.parametrize("name", [
    # "Whenever this creature attacks and isn't blocked, you may ... If you do, ..."
    "Ophidian", "Floral Spuzzem", "Farrel's Zealot", "Dwarven Vigilantes",
    # "Whenever this creature becomes blocked, you may have it deal damage equal to its
    # power to target creature. If you do, ..."
    "Laccolith Grunt", "Laccolith Titan", "Laccolith Warrior", "Laccolith Whelp",
    # "Whenever this creature attacks or blocks, any player may exile ... If a player does,
    # ..."
    "Carrion Rats", "Carrion Wurm",
])
def test_if_you_do_it_assigns_no_combat_damage(name: str) -> None:
    assert resolved(name) == NONE


def test_bone_dancer_sentence_is_modelled() -> None:
    """Bone Dancer's first sentence (a creature card put onto the battlefield) is reported on
    its own; the "If you do" sentence compiles."""
    c = compiled("Bone Dancer")
    assert list(c.resolved) == NONE
    assert "If you do, this creature assigns no combat damage this turn." not in [
        u.text for u in c.unmodelled]


@pytest.mark.parametrize(("name", "text"), [
    # Two effects in one sentence, one of them destroying an artifact.
    ("Goblin Vandal", "If you do, destroy target artifact defending player controls and this "
                      "creature assigns no combat damage this turn."),
    # "it": which of your creatures is not the card's own.
    ("Gaze of Pain", "If you do, it assigns no combat damage this turn."),
    # A delayed trigger made by an activated ability: its choice is not the activation.
    ("Delif's Cone", "If you do, it assigns no combat damage this turn."),
])
def test_near_misses(name: str, text: str) -> None:
    assert text in unmodelled(name)


# -- engine --------------------------------------------------------------------------------


def _card(pid: str, card: str, **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, **state}


def test_ophidian_drew_a_card() -> None:
    """Ophidian (1/3) unblocked, its trigger resolved with the card drawn (recorded): it
    assigns no combat damage; a 2/2 beside it deals 2: opp 18. Unrecorded: opp 17."""
    drew = board([_card("o", "Ophidian", activations=[0]), creature("a", 2, 2)],
                 {"o": "opp", "a": "opp"})
    assert combat_at(drew).assigns_none == frozenset({"o"})
    assert resolve_combat(drew).life["opp"] == 18
    plain = board([_card("o", "Ophidian"), creature("a", 2, 2)], {"o": "opp", "a": "opp"})
    assert resolve_combat(plain).life["opp"] == 17


def test_carrion_rats_blocking_deals_nothing() -> None:
    """Carrion Rats (2/1) blocks a 2/2 and a player exiled a card (recorded): the Rats deal no
    damage, the 2/2 survives, the Rats die."""
    b = board([creature("a", 2, 2), _card("r", "Carrion Rats", activations=[0])],
              {"a": "opp"}, {"r": "a"})
    r = resolve_combat(b)
    assert r.destroyed == ("r",)
    assert [(e.source, e.recipient) for e in r.steps[0].events] == [("a", "r")]


def test_assigning_damage_is_illegal() -> None:
    """Carrion Wurm (6/5, recorded) and a 2/2 trampler both blocked by a 3/3: the Wurm
    assigns nothing (assigning its 6 is illegal), so the trampler's 2 all goes to the
    blocker (its lethal 3 isn't reached, 702.19b)."""
    b = board([_card("w", "Carrion Wurm", activations=[0]), creature("t", 2, 2, "trample"),
               creature("b", 3, 3)], {"w": "opp", "t": "opp"}, {"b": ["w", "t"]})
    assert not check_damage(b, {"w": {"b": 6}, "t": {"b": 2}, "b": {"t": 3}}).legal
    assert not check_damage(b, {"t": {"b": 1, "opp": 1}, "b": {"t": 3}}).legal
    assert check_damage(b, {"t": {"b": 2}, "b": {"t": 3}}).legal


def test_both_steps() -> None:
    """A Laccolith Whelp (1/1) given double strike by the board, blocked, its trigger
    recorded: it assigns no combat damage in either step; the 2/2 blocker kills it."""
    b = board([_card("l", "Laccolith Whelp", activations=[0], keywords=["double strike"]),
               creature("b", 2, 2)], {"l": "opp"}, {"b": "l"})
    r = resolve_combat(b)
    assert all(e.source != "l" for s in r.steps for e in s.events)
    assert r.destroyed == ("l",)
