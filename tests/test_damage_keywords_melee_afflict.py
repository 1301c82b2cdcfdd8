"""Melee (CR 702.121) and afflict (702.130): triggers with no choice that the damage engine
applies from the declared combat, as it does exalted and bushido. Expected values follow from
the rules and the cards' printed power and toughness."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.board.model import load_board
from mtgcombat.damage.assignment import check_damage
from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.errors import BoardError
from tests.helpers import combat_board as board
from tests.helpers import creature


def card(pid: str, name: str, **state: Any) -> dict[str, Any]:
    """A permanent of a printed card."""
    return {"id": pid, "card": name, **state}


def pt(b: Any, cid: str) -> tuple[int, int]:
    f = combat_at(b).fighters[cid]
    return f.power, f.toughness


def three_players(perms: list[dict[str, Any]], attack: dict[str, str],
                  blocks: dict[str, Any] | None = None) -> Any:
    """You attack two opponents, B and C."""
    return load_board({"active_player": "you",
                       "players": [{"name": "you"}, {"name": "B"}, {"name": "C"}],
                       "permanents": perms, "attack": attack, "blocks": blocks or {},
                       "blocking_player": "B"})


# -- melee (702.121) ------------------------------------------------------------------------------


def test_melee_counts_the_one_opponent_attacked() -> None:
    """Grenzo's Ruffians (2/2, melee) attacks the only opponent: +1/+1, so it survives the
    Bears' 2 damage and kills them."""
    b = board([card("gr", "Grenzo's Ruffians"), card("bears", "Grizzly Bears")],
              {"gr": "opp"}, {"bears": "gr"})
    assert pt(b, "gr") == (3, 3)
    assert resolve_combat(b).destroyed == ("bears",)


def test_melee_counts_each_opponent_attacked_once() -> None:
    """Attacking B with the Ruffians and C with two Bears: two opponents, +2/+2, however many
    creatures attacked each."""
    b = three_players([card("gr", "Grenzo's Ruffians", controller="you"),
                       card("x", "Grizzly Bears", controller="you"),
                       card("y", "Grizzly Bears", controller="you")],
                      {"gr": "B", "x": "C", "y": "C"})
    assert pt(b, "gr") == (4, 4)
    assert pt(b, "x") == (2, 2)  # melee gives its bonus only to its own creature
    alone = three_players([card("gr", "Grenzo's Ruffians", controller="you")], {"gr": "B"})
    assert pt(alone, "gr") == (3, 3)


def test_melee_does_not_count_planeswalkers() -> None:
    """Ruling on melee: it counts opponents attacked, not planeswalkers. The Ruffians attack
    the opponent's Jace Beleren and nothing attacks the opponent: no bonus."""
    walker = {"id": "jace", "card": "Jace Beleren", "controller": "opp", "loyalty": 3}
    on_walker = board([card("gr", "Grenzo's Ruffians"), walker], {"gr": "jace"})
    assert pt(on_walker, "gr") == (2, 2)
    both = board([card("gr", "Grenzo's Ruffians"), walker, creature("z", 1, 1)],
                 {"gr": "jace", "z": "opp"})
    assert pt(both, "gr") == (3, 3)  # the 1/1 attacked the opponent: one opponent


def test_melee_damage_to_the_player() -> None:
    """Deputized Protester (2/1, menace, melee) unblocked deals 3."""
    b = board([card("dp", "Deputized Protester")], {"dp": "opp"})
    assert check_damage(b, {"dp": {"opp": 3}}).legal
    assert not check_damage(b, {"dp": {"opp": 2}}).legal


# -- afflict (702.130) ----------------------------------------------------------------------------


def test_afflict_makes_the_defending_player_lose_life_when_blocked() -> None:
    """Ammit Eternal (5/5, afflict 3) blocked by the Bears: the opponent loses 3 life in the
    declare blockers step; no combat damage reaches them."""
    b = board([card("ae", "Ammit Eternal"), card("bears", "Grizzly Bears")],
              {"ae": "opp"}, {"bears": "ae"})
    result = resolve_combat(b)
    assert result.life == {"you": 20, "opp": 17}
    assert result.destroyed == ("bears",)


def test_afflict_does_nothing_unblocked() -> None:
    b = board([card("ae", "Ammit Eternal")], {"ae": "opp"})
    assert resolve_combat(b).life == {"you": 20, "opp": 15}  # just its 5 combat damage


def test_afflict_of_an_attack_on_a_planeswalker_hits_its_controller() -> None:
    """Khenra Eternal (2/2, afflict 1) attacks the opponent's Jace Beleren and is blocked: the
    defending player, Jace's controller, loses 1 life."""
    walker = {"id": "jace", "card": "Jace Beleren", "controller": "opp", "loyalty": 3}
    b = board([card("ke", "Khenra Eternal"), walker, card("bears", "Grizzly Bears")],
              {"ke": "jace"}, {"bears": "ke"})
    assert resolve_combat(b).life == {"you": 20, "opp": 19}


def test_afflict_and_master_of_cruelties_on_one_player_is_refused() -> None:
    """Master of Cruelties unblocked makes the player's life total 1 and an afflict attacker
    blocked makes them lose life, both in the declare blockers step: which resolves first is
    the active player's choice, not on the board."""
    b = board([card("mc", "Master of Cruelties"), card("ke", "Khenra Eternal"),
               card("bears", "Grizzly Bears")], {"mc": "opp", "ke": "opp"}, {"bears": "ke"})
    with pytest.raises(BoardError, match="afflict"):
        combat_at(b)
