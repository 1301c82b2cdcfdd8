"""Prevention that removes +1/+1 counters (the Phantom cards, Protean Hydra, Undergrowth
Champion): golden tests from the cards' printed text, and combats whose results follow from
CR 510.2, 615, 615.12, 616.1 and 704.5f and the cards' rulings ("If this creature would be
dealt damage from multiple sources at the same time ..., all of the damage is prevented and
only one +1/+1 counter is removed"; "If damage that would be dealt to this creature can't be
prevented, the damage is dealt and a +1/+1 counter is removed")."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.rules.effects import SELF, PreventDamageTo
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import effects, unmodelled

ONE = PreventDamageTo(affects=SELF, remove_counters="one")
WHILE_ONE = PreventDamageTo(affects=SELF, remove_counters="one", while_counter=True)
THAT_MANY = PreventDamageTo(affects=SELF, remove_counters="that_many")
WHILE_THAT_MANY = PreventDamageTo(affects=SELF, remove_counters="that_many", while_counter=True)


def _card(pid: str, card: str, plus: int, **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "counters": {"+1/+1": plus} if plus else {}, **state}


# -- golden --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Phantom Centaur", "Phantom Flock", "Phantom Nantuko",
                                  "Phantom Nishoba", "Phantom Nomad", "Phantom Tiger",
                                  "Phantom Wurm"])
def test_phantoms(name: str) -> None:
    """"If damage would be dealt to this creature, prevent that damage. Remove a +1/+1
    counter from this creature." (two sentences of one ability)."""
    assert ONE in effects(name)


@pytest.mark.parametrize(("name", "expected"), [
    # "... while it has a +1/+1 counter on it, prevent that damage and remove a +1/+1
    # counter from it / from this creature."
    ("Oathsworn Knight", WHILE_ONE),
    ("Undergrowth Champion", WHILE_ONE),
    # "... prevent that damage and remove that many +1/+1 counters from it."
    ("Protean Hydra", THAT_MANY),
    ("Ugin's Conjurant", WHILE_THAT_MANY),
    ("Polukranos, Unchained", WHILE_THAT_MANY),
])
def test_counter_shedding_in_one_sentence(name: str, expected: PreventDamageTo) -> None:
    assert expected in effects(name)


@pytest.mark.parametrize(("name", "text"), [
    # A -1/-1 counter put for each 1 damage prevented: not a counter removed.
    ("Phyrexian Hydra", "If damage would be dealt to this creature, prevent that damage."),
    # The counters removed are then dealt as damage to any target.
    ("Magma Pummeler", "If damage would be dealt to this creature while it has a +1/+1 counter "
                       "on it, prevent that damage and remove that many +1/+1 counters from "
                       "it."),
    # Rad counters for each counter removed.
    ("Bloatfly Swarm", "If damage would be dealt to this creature while it has a +1/+1 counter "
                       "on it, prevent that damage, remove that many +1/+1 counters from it, "
                       "then give each player a rad counter for each +1/+1 counter removed "
                       "this way."),
])
def test_near_misses(name: str, text: str) -> None:
    assert text in unmodelled(name)


def test_counters_go_with_a_prevention_of_all_damage_to_permanents() -> None:
    with pytest.raises(ValidationError, match="remove_counters"):
        PreventDamageTo(affects=None, you=True, remove_counters="one")
    with pytest.raises(ValidationError, match="remove_counters"):
        PreventDamageTo(affects=SELF, while_counter=True)


# -- one counter per damage event ----------------------------------------------------------


def test_two_blocked_attackers_cost_one_counter() -> None:
    """Phantom Centaur (2/0, three counters: 5/3) blocks a 3/3 and a 2/2: all 5 damage to it
    is prevented in one event, one counter removed (4/2); its 5 kills both."""
    b = board([creature("a", 3, 3), creature("a2", 2, 2), _card("p", "Phantom Centaur", 3)],
              {"a": "opp", "a2": "opp"}, {"p": ["a", "a2"]})
    r = resolve_combat(b)
    assert r.destroyed == ("a", "a2")
    assert r.steps[0].plus_counters_removed == {"p": 1}
    assert r.steps[0].to_json()["plus_counters_removed"] == {"p": 1}


def test_the_last_counter_removed_kills_it() -> None:
    """Phantom Centaur with one counter (3/1) blocks a 2/2: the damage is prevented, the
    counter removed: a 2/0, it dies (704.5f); its 3 damage, dealt at the same time, kills the
    attacker."""
    b = board([creature("a", 2, 2), _card("p", "Phantom Centaur", 1)], {"a": "opp"}, {"p": "a"})
    assert set(resolve_combat(b).destroyed) == {"a", "p"}


def test_each_step_is_an_event() -> None:
    """A 1/1 double striker blocked by Phantom Centaur with two counters (4/2): the first
    step's 1 is prevented (a counter: 3/1); in the regular step the 1 is prevented again (the
    last counter: 2/0, dies) as the Centaur deals 3 to the attacker, which dies."""
    b = board([creature("a", 1, 1, "double strike"), _card("p", "Phantom Centaur", 2)],
              {"a": "opp"}, {"p": "a"})
    r = resolve_combat(b)
    assert [s.plus_counters_removed for s in r.steps] == [{"p": 1}, {"p": 1}]
    assert set(r.destroyed) == {"a", "p"}


def test_unpreventable_damage_is_dealt_and_a_counter_removed() -> None:
    """Skullcrack resolved (CR 615.12): Phantom Centaur (5/3) blocking a 3/3 is dealt 3 and
    loses a counter (4/2 with 3 damage): it dies; the attacker dies of its 5."""
    b = board([creature("a", 3, 3), _card("p", "Phantom Centaur", 3)], {"a": "opp"},
              {"p": "a"}, effects=[{"card": "Skullcrack", "controller": "you",
                                    "targets": ["opp"]}])
    r = resolve_combat(b)
    assert r.steps[0].plus_counters_removed == {"p": 1}
    assert set(r.destroyed) == {"a", "p"}


def test_other_prevention_is_applied_first() -> None:
    """Its controller applies protection from black first (CR 616.1): a black 2/2's damage to
    Phantom Centaur costs no counter; a Fog's prevention likewise."""
    black = board([creature("a", 2, 2, colors=["B"]), _card("p", "Phantom Centaur", 3)],
                  {"a": "opp"}, {"p": "a"})
    r = resolve_combat(black)
    assert r.steps[0].plus_counters_removed == {} and r.destroyed == ("a",)
    assert "plus_counters_removed" not in r.steps[0].to_json()
    fog = board([creature("a", 3, 3), _card("p", "Phantom Centaur", 3)], {"a": "opp"},
                {"p": "a"}, effects=[{"card": "Fog", "controller": "opp"}])
    assert resolve_combat(fog).steps[0].plus_counters_removed == {}


# -- that many; while it has a counter -----------------------------------------------------


def test_protean_hydra_loses_that_many() -> None:
    """Protean Hydra (0/0) with three counters blocks a 2/2: 2 prevented, two counters
    removed (1/1), it survives and its 3 kills the attacker. With two counters blocking a
    3/3: both counters are removed (no more than it has), a 0/0: it dies."""
    b = board([creature("a", 2, 2), _card("h", "Protean Hydra", 3)], {"a": "opp"}, {"h": "a"})
    r = resolve_combat(b)
    assert r.steps[0].plus_counters_removed == {"h": 2} and r.destroyed == ("a",)
    b = board([creature("a", 3, 3), _card("h", "Protean Hydra", 2)], {"a": "opp"}, {"h": "a"})
    r = resolve_combat(b)
    assert r.steps[0].plus_counters_removed == {"h": 2} and r.destroyed == ("h",)


def test_undergrowth_champion_without_a_counter_takes_the_damage() -> None:
    """Undergrowth Champion (2/2) prevents damage only while it has a +1/+1 counter: without
    one, a 2/2 attacker's damage kills it; with one (3/3) blocking a 5/5, the 5 is prevented
    and the counter removed (2/2): it survives."""
    b = board([creature("a", 2, 2), _card("u", "Undergrowth Champion", 0)], {"a": "opp"},
              {"u": "a"})
    assert set(resolve_combat(b).destroyed) == {"a", "u"}
    b = board([creature("a", 5, 5), _card("u", "Undergrowth Champion", 1)], {"a": "opp"},
              {"u": "a"})
    r = resolve_combat(b)
    assert r.destroyed == () and r.steps[0].plus_counters_removed == {"u": 1}


def test_board_power_and_toughness_lose_the_counter() -> None:
    """A board giving Phantom Centaur's power and toughness (5/3, counters included): after a
    first-strike step costs a counter it is 4/2, and its regular damage is 4 (a 4/4 blocked
    attacker with first strike dies)."""
    b = board([creature("a", 4, 4, "first strike"),
               _card("p", "Phantom Centaur", 3, power=5, toughness=3)], {"a": "opp"},
              {"p": "a"})
    r = resolve_combat(b)
    assert r.steps[1].assignment == {"p": {"a": 4}}
    assert r.destroyed == ("a",)


# -- the attacker's divisions count the counters ------------------------------------------------


def test_kills_count_a_phantom_losing_its_last_counter() -> None:
    """A 3/3 blocked by Phantom Centaur with one counter (3/1) and a 4/4, maximising kills:
    any damage to the Centaur removes its last counter (2/0, dies), the 4/4 can't be killed:
    the attacker assigns some damage to the Centaur."""
    b = board([creature("a", 3, 3), _card("p", "Phantom Centaur", 1), creature("w", 4, 4)],
              {"a": "opp"}, {"p": "a", "w": "a"})
    r = resolve_combat(b, "kills")
    assert r.kills == 1 and "p" in r.destroyed


def test_kills_planned_over_two_steps() -> None:
    """A 2/2 double striker blocked by Phantom Centaur with one counter (3/1) and a 5/5,
    maximising kills: its 2 + 2 can't kill the 5/5; 1 damage to the Centaur in either step
    removes its last counter and kills it. The 5/5's regular damage kills the attacker."""
    b = board([creature("a", 2, 2, "double strike"), _card("p", "Phantom Centaur", 1),
               creature("w", 5, 5)], {"a": "opp"}, {"p": "a", "w": "a"})
    r = resolve_combat(b, "kills")
    assert r.kills == 1
    assert set(r.destroyed) == {"p", "a"}
