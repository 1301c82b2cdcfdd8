"""Combat damage (CR 510): who assigns in which combat damage step (first strike and double
strike, 702.7 and 702.4), whether a proposed assignment is legal (510.1: power divided among
blockers freely, trample's lethal-damage condition 702.19, deathtouch's lethal 702.2c, attacked
planeswalkers and battles that left combat 506.4c, trample over planeswalkers 702.19c-e,
Doran's toughness 510.1a and Thorn Elemental's "as though it weren't blocked" 510.1c), what
dealing it does (lifelink 702.15, prevention by protection, fogs and shields 615 and 702.16,
infect, wither and toxic 702.90, 702.80, 702.164, destruction by state-based actions
704.5f-h), and resolving a whole combat with the attacking player's best divisions.
:mod:`~mtgcombat.damage.combat` is the combat as a step begins,
:mod:`~mtgcombat.damage.prevention` what is prevented, :mod:`~mtgcombat.damage.assignment` the
legality of an assignment, :mod:`~mtgcombat.damage.results` dealing it,
:mod:`~mtgcombat.damage.steps` the regular step after a given first step,
:mod:`~mtgcombat.damage.model` the integer model of the attacker's divisions,
:mod:`~mtgcombat.damage.resolve` playing every step.
"""

from __future__ import annotations

from mtgcombat.damage.assignment import DamageVerdict, check_damage, parse_assign
from mtgcombat.damage.combat import Assignment, Combat, Step, combat_at
from mtgcombat.damage.model import Maximize
from mtgcombat.damage.resolve import CombatResult, resolve_combat
from mtgcombat.damage.results import StepResult
from mtgcombat.damage.steps import check_after_first

__all__ = [
    "Assignment",
    "Combat",
    "CombatResult",
    "DamageVerdict",
    "Maximize",
    "Step",
    "StepResult",
    "check_after_first",
    "check_damage",
    "combat_at",
    "parse_assign",
    "resolve_combat",
]
