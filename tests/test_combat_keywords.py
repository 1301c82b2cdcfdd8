"""Combat keywords whose triggers the damage engine applies: exalted (CR 702.83), battle cry
(702.91), bushido (702.45), rampage (702.23) and frenzy (702.68). Expected values follow from
the rules and the cards' printed power and toughness."""

from __future__ import annotations

from typing import Any

from mtgcombat.damage.assignment import check_damage
from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.damage.steps import check_after_first
from mtgcombat.rules.text.families.keywords import keyword_status
from tests.helpers import combat_board as board
from tests.helpers import creature


def card(pid: str, name: str, **state: Any) -> dict[str, Any]:
    """A permanent of a printed card."""
    return {"id": pid, "card": name, **state}


def grown(pid: str, size: int, *kw: str, **state: Any) -> dict[str, Any]:
    """A custom creature whose power and toughness come from ``size`` +1/+1 counters (so
    they are derived, not fixed by the board)."""
    return {"id": pid, "name": pid, "types": ["Creature"], "keywords": list(kw),
            "counters": {"+1/+1": size}, **state}


def pt(b: Any, cid: str) -> tuple[int, int]:
    f = combat_at(b).fighters[cid]
    return f.power, f.toughness


# -- exalted (702.83) ---------------------------------------------------------------------------


def test_exalted_counts_every_instance_its_controller_has() -> None:
    """702.83a-b: Akrasan Squire (1/1, exalted) attacks alone; it and Noble Hierarch (exalted)
    each trigger: 3/3, so it survives the Bears' 2 damage and kills them."""
    b = board([card("sq", "Akrasan Squire"), card("nh", "Noble Hierarch", controller="you"),
               card("bears", "Grizzly Bears")], {"sq": "opp"}, {"bears": "sq"})
    assert pt(b, "sq") == (3, 3)
    assert resolve_combat(b).destroyed == ("bears",)


def test_exalted_needs_the_creature_to_attack_alone() -> None:
    b = board([card("sq", "Akrasan Squire"), card("nh", "Noble Hierarch")],
              {"sq": "opp", "nh": "opp"})
    assert pt(b, "sq") == (1, 1) and pt(b, "nh") == (0, 1)


def test_exalted_of_the_opponent_does_not_count() -> None:
    b = board([card("sq", "Akrasan Squire"), card("nh", "Noble Hierarch", controller="opp")],
              {"sq": "opp"})
    assert pt(b, "sq") == (2, 2)
    assert check_damage(b, {"sq": {"opp": 2}}).legal
    assert not check_damage(b, {"sq": {"opp": 1}}).legal


def test_exalted_alone_counts_a_creature_removed_from_combat() -> None:
    """506.5: attacking alone is about the declaration; the removed one still attacked."""
    b = board([card("sq", "Akrasan Squire"), card("bears", "Grizzly Bears")],
              {"sq": "opp", "bears": "opp"}, removed_from_combat=["bears"])
    assert pt(b, "sq") == (1, 1)


# -- battle cry (702.91) ------------------------------------------------------------------------


def test_battle_cry_pumps_each_other_attacker() -> None:
    """702.91a: Goblin Wardriver (2/2) attacks with the Bears: the Bears get +1/+0, the
    Wardriver doesn't."""
    b = board([card("w", "Goblin Wardriver"), card("bears", "Grizzly Bears")],
              {"w": "opp", "bears": "opp"})
    assert pt(b, "bears") == (3, 2) and pt(b, "w") == (2, 2)
    assert resolve_combat(b).player_damage == 5


def test_two_battle_cries_pump_each_other() -> None:
    b = board([card("w1", "Goblin Wardriver"), card("w2", "Goblin Wardriver")],
              {"w1": "opp", "w2": "opp"})
    assert pt(b, "w1") == (3, 2) and pt(b, "w2") == (3, 2)


# -- bushido (702.45) ---------------------------------------------------------------------------


def test_bushido_when_blocking() -> None:
    """702.45a: Devoted Retainer (1/1, bushido 1) blocks the Bears: 2/2, both die."""
    b = board([card("bears", "Grizzly Bears"), card("dr", "Devoted Retainer")],
              {"bears": "opp"}, {"dr": "bears"})
    assert pt(b, "dr") == (2, 2)
    assert sorted(resolve_combat(b).destroyed) == ["bears", "dr"]


def test_bushido_when_blocked_but_not_unblocked() -> None:
    b = board([card("dr", "Devoted Retainer"), card("bears", "Grizzly Bears")],
              {"dr": "opp"}, {"bears": "dr"})
    assert pt(b, "dr") == (2, 2)
    unblocked = board([card("dr", "Devoted Retainer")], {"dr": "opp"})
    assert pt(unblocked, "dr") == (1, 1)


def test_bushido_instances_add_up() -> None:
    """702.45b: each instance triggers."""
    b = board([grown("s", 1, "bushido 1", "bushido 2"), card("bears", "Grizzly Bears")],
              {"s": "opp"}, {"bears": "s"})
    assert pt(b, "s") == (4, 4)


# -- rampage (702.23) ---------------------------------------------------------------------------


def test_rampage_counts_blockers_beyond_the_first() -> None:
    """702.23a: Wolverine Pack (2/4, rampage 2) blocked by two Bears gets +2/+2: 4/6, takes
    4 and survives, and kills both."""
    b = board([card("wp", "Wolverine Pack"), card("b1", "Grizzly Bears"),
               card("b2", "Grizzly Bears")], {"wp": "opp"}, {"b1": "wp", "b2": "wp"})
    assert pt(b, "wp") == (4, 6)
    assert sorted(resolve_combat(b, "kills").destroyed) == ["b1", "b2"]


def test_rampage_with_one_blocker_gives_nothing() -> None:
    b = board([card("wp", "Wolverine Pack"), card("b1", "Grizzly Bears")],
              {"wp": "opp"}, {"b1": "wp"})
    assert pt(b, "wp") == (2, 4)


def test_rampage_bonus_is_kept_when_a_blocker_dies_in_the_first_step() -> None:
    """702.23b: the bonus is computed once, as the trigger resolves. A 2/2 double striker
    with rampage 1 blocked by two Bears is 3/3; the first Bears die in the first step, and it
    still assigns 3 in the regular step."""
    b = board([grown("r", 2, "double strike", "trample", "rampage 1"),
               card("b1", "Grizzly Bears"), card("b2", "Grizzly Bears")],
              {"r": "opp"}, {"b1": "r", "b2": "r"})
    first = {"r": {"b1": 2, "b2": 1}}
    assert check_after_first(b, first, {"r": {"b2": 1, "opp": 2}, "b2": {"r": 2}}).legal
    assert not check_after_first(b, first, {"r": {"b2": 1, "opp": 1}, "b2": {"r": 2}}).legal


# -- frenzy (702.68) ----------------------------------------------------------------------------


def test_frenzy_only_when_unblocked() -> None:
    """702.68a: +N/+0 when it attacks and isn't blocked."""
    unblocked = board([grown("f", 2, "frenzy 2")], {"f": "opp"})
    assert pt(unblocked, "f") == (4, 2)
    assert check_damage(unblocked, {"f": {"opp": 4}}).legal
    blocked = board([grown("f", 2, "frenzy 2"), card("bears", "Grizzly Bears")],
                    {"f": "opp"}, {"bears": "f"})
    assert pt(blocked, "f") == (2, 2)


# -- what the board fixes, and the keyword report --------------------------------------------


def test_board_power_and_toughness_already_include_the_bonus() -> None:
    """Like flanking: a creature whose power and toughness the board gives is final."""
    b = board([creature("sq", 1, 1, "exalted")], {"sq": "opp"})
    assert pt(b, "sq") == (1, 1)


def test_bonus_assigned_by_toughness_under_doran() -> None:
    """510.1a with Doran: Wolverine Pack blocked by two Bears is 4/6 and assigns its
    toughness, 6."""
    b = board([card("wp", "Wolverine Pack"), card("b1", "Grizzly Bears"),
               card("b2", "Grizzly Bears"),
               card("doran", "Doran, the Siege Tower", controller="opp")],
              {"wp": "opp"}, {"b1": "wp", "b2": "wp"})
    assert pt(b, "wp") == (6, 6)


def test_these_keywords_are_reported_as_modelled() -> None:
    for kw in ("exalted", "battle cry", "bushido 2", "rampage 1", "frenzy 1", "melee",
               "afflict 2"):
        assert keyword_status(kw) == "modelled", kw
    for kw in ("bushido X", "provoke", "afflict X"):
        assert keyword_status(kw) == "unmodelled", kw
