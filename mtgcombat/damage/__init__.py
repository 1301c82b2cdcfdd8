"""Combat damage (CR 510): who assigns in which combat damage step (first strike and double
strike, 702.7 and 702.4), whether a proposed assignment is legal (510.1: power divided among
blockers freely, trample's lethal-damage condition 702.19, deathtouch's lethal 702.2c, attacked
planeswalkers and battles that left combat 506.4c), what dealing it does (lifelink 702.15,
protection's prevention 702.16e, destruction by state-based actions 704.5f-h), and resolving a
whole combat with the attacking player's best divisions. :mod:`~mtgcombat.damage.combat` is the
combat as a step begins, :mod:`~mtgcombat.damage.assignment` the legality of an assignment,
:mod:`~mtgcombat.damage.results` dealing it, :mod:`~mtgcombat.damage.resolve` playing every step.
"""

from __future__ import annotations

from mtgcombat.damage.assignment import DamageVerdict, check_damage, parse_assign
from mtgcombat.damage.combat import Assignment, Combat, Step, combat_at
from mtgcombat.damage.resolve import CombatResult, Maximize, resolve_combat
from mtgcombat.damage.results import StepResult

__all__ = [
    "Assignment",
    "Combat",
    "CombatResult",
    "DamageVerdict",
    "Maximize",
    "Step",
    "StepResult",
    "check_damage",
    "combat_at",
    "parse_assign",
    "resolve_combat",
]
