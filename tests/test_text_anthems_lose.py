"""Keywords lost: "Enchanted creature loses flying.", "Target creature loses flying until end of
turn.", "This creature loses defender until end of turn." (``grant_keywords`` with ``lose``),
and "can attack as though it didn't have defender" (``attacks_despite_defender``).
Expected effects are written from the cards' printed text; expected boards from the rules
(CR 613.1f: abilities are added and removed in layer 6, in timestamp order; CR 702.9b: a
creature with flying can be blocked only by creatures with flying or reach; CR 702.3b:
defender)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import Board
from mtgcombat.board.characteristics import View
from mtgcombat.legality.attacks import legal_attacks
from mtgcombat.legality.blocks import legal_blocks
from mtgcombat.rules.effects import (
    SELF,
    AttacksDespiteDefender,
    GrantKeywords,
    ModifyPowerToughness,
    Selector,
)

from .helpers import board, card
from .text_golden import compiled, effects, resolved, unmodelled

ATTACHED = Selector(which="attached")
TARGET = Selector(which="targets", types=["Creature"])


def lost(affects: Selector, *keywords: str) -> GrantKeywords:
    return GrantKeywords(affects=affects, keywords=list(keywords), lose=True)


def gained(affects: Selector, *keywords: str) -> GrantKeywords:
    return GrantKeywords(affects=affects, keywords=list(keywords))


@pytest.mark.parametrize(("name", "expected"), [
    ("Grounded", [lost(ATTACHED, "flying")]),  # Enchanted creature loses flying.
    # Colossus Hammer: "Equipped creature gets +10/+10 and loses flying."
    ("Colossus Hammer", [ModifyPowerToughness(affects=ATTACHED, power=10, toughness=10),
                         lost(ATTACHED, "flying")]),
    # Starforged Sword: "Equipped creature gets +3/+3 and loses flying." (its gift and attach
    # trigger are board state)
    ("Starforged Sword", [ModifyPowerToughness(affects=ATTACHED, power=3, toughness=3),
                          lost(ATTACHED, "flying")]),
])
def test_static_loss(name: str, expected: list[object]) -> None:
    assert effects(name) == expected


@pytest.mark.parametrize(("name", "expected"), [
    # Canopy Claws: "Target creature loses flying until end of turn." (flashback: a keyword)
    ("Canopy Claws", [lost(TARGET, "flying")]),
    # Downdraft: "{G}: Target creature loses flying until end of turn."
    ("Downdraft", [lost(TARGET, "flying")]),
    # Adarkar Windform: "{1}{S}: Target creature loses flying until end of turn."
    ("Adarkar Windform", [lost(TARGET, "flying")]),
    # Crash Landing: "Target creature with flying loses flying until end of turn." (then
    # noncombat damage)
    ("Crash Landing", [lost(Selector(which="targets", types=["Creature"],
                                     keywords_any=["flying"]), "flying")]),
    # Ribbon Snake: "{2}: This creature loses flying until end of turn."
    ("Ribbon Snake", [lost(SELF, "flying")]),
    # Grozoth, Tidewater Minion, Torpid Moloch: "... This creature loses defender until end of
    # turn."
    ("Grozoth", [lost(SELF, "defender")]),
    ("Tidewater Minion", [lost(SELF, "defender")]),
    ("Torpid Moloch", [lost(SELF, "defender")]),
    # Gargoyle Sentinel: "{3}: Until end of turn, this creature loses defender and gains
    # flying."
    ("Gargoyle Sentinel", [lost(SELF, "defender"), gained(SELF, "flying")]),
    # Canopy Dragon: "{1}{G}: This creature gains flying and loses trample until end of turn."
    ("Canopy Dragon", [gained(SELF, "flying"), lost(SELF, "trample")]),
    # Bonds of Mortality: "{G}: Creatures your opponents control lose hexproof and
    # indestructible until end of turn."
    ("Bonds of Mortality", [lost(Selector(controller="opponents", types=["Creature"]),
                                 "hexproof", "indestructible")]),
])
def test_loss_until_end_of_turn(name: str, expected: list[object]) -> None:
    assert resolved(name) == expected


def test_permanents_of_a_player_lose_keywords() -> None:
    # Shadowspear: "{1}: Permanents your opponents control lose hexproof and indestructible
    # until end of turn." — its equip line and static ability beside it.
    got = compiled("Shadowspear")
    assert not got.unmodelled
    assert lost(Selector(controller="opponents"), "hexproof", "indestructible") in got.resolved


NEAR_MISSES: list[tuple[str, str]] = [
    # All abilities: the effects of the card's text, not only keywords.
    ("Mystic Subdual", "loses all abilities"),
    # A protection quality: it may be one quality of a longer protection keyword.
    ("Cephalid Snitch", "loses protection from black"),
    # "can't have or gain": a rule on later effects, outside the vocabulary.
    ("Archetype of Aggression", "can't have or gain trample"),
    # A condition on a keyword the permanent may lose.
    ("Manor Gargoyle", "has indestructible as long as it has defender"),
]


@pytest.mark.parametrize(("name", "part"), NEAR_MISSES, ids=[c[0] for c in NEAR_MISSES])
def test_near_miss_stays_unmodelled(name: str, part: str) -> None:
    assert any(part in u for u in unmodelled(name)), unmodelled(name)


def _blocks(b: Board) -> list[dict[str, Any]]:
    return [d.to_json() for d in legal_blocks(b, assume_payable=True)]


def test_grounded_flier_can_be_blocked_by_a_ground_creature() -> None:
    # Wind Drake (flying) attacks; Grizzly Bears can't block it (CR 702.9b) until Grounded
    # takes its flying away.
    drake, bears = card("drake", "Wind Drake"), card("bears", "Grizzly Bears", controller="opp")
    plain = board([dict(drake), dict(bears)], attack={"drake": "opp"})
    assert {"bears": "drake"} not in _blocks(plain)
    grounded = board([dict(drake), dict(bears), card("g", "Grounded", attached_to="drake")],
                     attack={"drake": "opp"})
    assert {"bears": "drake"} in _blocks(grounded)
    assert "flying" not in View(grounded).objects["drake"].keywords


def test_downdraft_activation_takes_flying_from_its_target() -> None:
    # The opponent's Downdraft, activated this turn targeting the attacking Wind Drake.
    perms = [card("drake", "Wind Drake"), card("other", "Wind Drake", controller="opp"),
             card("bears", "Grizzly Bears", controller="opp"),
             card("dd", "Downdraft", controller="opp", activations=[{"targets": ["drake"]}])]
    b = board(perms, attack={"drake": "opp"})
    assert {"bears": "drake"} in _blocks(b)
    assert "flying" in View(b).objects["other"].keywords


def test_gargoyle_sentinel_activated_can_attack() -> None:
    # Gargoyle Sentinel has defender (CR 702.3b: it can't attack) until its ability resolves.
    idle = board([card("g", "Gargoyle Sentinel")])
    assert [set(d) for d in legal_attacks(idle, assume_payable=True)] == [set()]
    used = board([card("g", "Gargoyle Sentinel", activations=[0])])
    assert {"g"} in [set(d) for d in legal_attacks(used, assume_payable=True)]
    assert View(used).objects["g"].keywords >= {"flying"}
    assert "defender" not in View(used).objects["g"].keywords


def test_a_later_grant_gives_back_what_a_static_loss_took() -> None:
    # Layer 6 in timestamp order (CR 613.7): Grounded's static loss first, then a resolved
    # "gains flying until end of turn" this turn: the drake flies again.
    fly = {"kind": "grant_keywords", "affects": {"which": "targets"}, "keywords": ["flying"]}
    b = board([card("drake", "Wind Drake"), card("g", "Grounded", attached_to="drake")],
              effects=[{"name": "Jump", "controller": "you", "targets": ["drake"],
                        "effects": [fly]}])
    assert "flying" in View(b).objects["drake"].keywords


# -- can attack as though it didn't have defender --------------------------------------------

DESPITE = AttacksDespiteDefender(affects=SELF)


@pytest.mark.parametrize(("name", "expected"), [
    # Dark Maze: "{0}: This creature can attack this turn as though it didn't have defender.
    # Exile it at the beginning of the next end step."
    ("Dark Maze", [DESPITE]),
    ("Glade Watcher", [DESPITE]),  # "{G}: ... can attack this turn as though ..."
    ("Hightide Hermit", [DESPITE]),
    # Mobile Fort: "{3}: This creature gets +3/-1 until end of turn and can attack this turn as
    # though it didn't have defender. Activate only once each turn."
    ("Mobile Fort", [ModifyPowerToughness(affects=SELF, power=3, toughness=-1), DESPITE]),
    ("Wall of Wonder", [ModifyPowerToughness(affects=SELF, power=4, toughness=-4), DESPITE]),
])
def test_attack_despite_defender_this_turn(name: str, expected: list[object]) -> None:
    assert resolved(name) == expected


def test_attack_despite_defender_while_a_condition_holds() -> None:
    # Scuttlegator: "As long as this creature has a +1/+1 counter on it, it can attack as
    # though it didn't have defender."
    got = [e for e in effects("Scuttlegator") if isinstance(e, AttacksDespiteDefender)]
    assert len(got) == 1 and got[0].condition is not None


def _attackers(b: Board) -> list[set[str]]:
    return [set(d) for d in legal_attacks(b, assume_payable=True)]


def test_dark_maze_activated_attacks_and_keeps_defender() -> None:
    assert _attackers(board([card("maze", "Dark Maze")])) == [set()]
    used = board([card("maze", "Dark Maze", activations=[0])])
    assert {"maze"} in _attackers(used)
    assert "defender" in View(used).objects["maze"].keywords  # "as though": it still has it


def test_scuttlegator_attacks_only_with_a_counter() -> None:
    # Scuttlegator has defender; with a +1/+1 counter the condition holds (CR 702.3b lifted).
    assert _attackers(board([card("s", "Scuttlegator")])) == [set()]
    adapted = board([card("s", "Scuttlegator", counters={"+1/+1": 3})])
    assert {"s"} in _attackers(adapted)
