"""Combat damage effects (CR 510, 615): how much a creature assigns and where, and damage
prevention (fogs, prevention shields, a player's protection)."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from mtgcombat.rules.effects.common import SELF, EffectRole, Selector, _Frozen
from mtgcombat.rules.fields import Name, PositiveCount


class AssignsDamageByToughness(_Frozen):
    """Affected creatures assign combat damage equal to their toughness rather than their
    power (CR 510.1a; Doran, the Siege Tower: "Each creature assigns combat damage equal to
    its toughness rather than its power.")."""

    kind: Literal["assigns_damage_by_toughness"] = "assigns_damage_by_toughness"
    role: ClassVar[EffectRole] = "damage"
    affects: Selector = Field(default_factory=Selector)


class MayAssignAsThoughUnblocked(_Frozen):
    """The attacking player may have an affected blocked attacker assign all its combat damage
    to what it attacks, as though it weren't blocked (CR 510.1c; Thorn Elemental)."""

    kind: Literal["may_assign_as_though_unblocked"] = "may_assign_as_though_unblocked"
    role: ClassVar[EffectRole] = "damage"
    affects: Selector = SELF


class PreventCombatDamage(_Frozen):
    """Prevent all combat damage that would be dealt this turn (CR 615; Fog, Holy Day), or
    only the combat damage dealt by creatures matching ``sources``."""

    kind: Literal["prevent_combat_damage"] = "prevent_combat_damage"
    role: ClassVar[EffectRole] = "damage"
    sources: Selector = Field(default_factory=Selector)


class PreventNextDamage(_Frozen):
    """Prevent the next ``amount`` damage that would be dealt to ``to`` this turn (a prevention
    shield, CR 615.7): ``to`` is a player's name or a permanent's id (None: the effect's own
    permanent)."""

    kind: Literal["prevent_next_damage"] = "prevent_next_damage"
    role: ClassVar[EffectRole] = "damage"
    amount: PositiveCount
    to: Name | None = None
    to_targets: bool = False
    """The shield is on each player or permanent its spell or ability targeted ("to any
    target", "to target creature"), instead of on ``to``."""
    to_you: bool = False
    """The shield is on the effect's controller ("dealt to you"), instead of on ``to``."""


class PreventDamageTo(_Frozen):
    """Prevent all combat damage that would be dealt to the permanents ``affects`` selects
    (None: none), and to the effect's controller with ``you`` (CR 615; Dawn Elemental: "Prevent
    all damage that would be dealt to this creature."); with ``sources``, only the damage dealt
    by creatures it selects (Champion Lancer: "... dealt to this creature by creatures.")."""

    kind: Literal["prevent_damage_to"] = "prevent_damage_to"
    role: ClassVar[EffectRole] = "damage"
    affects: Selector | None = SELF
    you: bool = False
    sources: Selector | None = None
    once: bool = False
    """Only the next time each of those sources would deal damage to them this turn: in the
    first combat damage step it deals them damage (Circle of Protection: Red: "The next time
    a red source of your choice would deal damage to you this turn, prevent that damage.",
    the chosen source named in the resolution's ``targets``)."""


class DamageCantBePrevented(_Frozen):
    """Combat damage can't be prevented (CR 615.12; Leyline of Punishment: "Damage can't be
    prevented."; Skullcrack: "Damage can't be prevented this turn."): fogs, prevention shields
    and protection prevent none of it."""

    kind: Literal["damage_cant_be_prevented"] = "damage_cant_be_prevented"
    role: ClassVar[EffectRole] = "damage"


class PlayerProtection(_Frozen):
    """The effect's controller has protection from ``quality`` (CR 702.16j: damage from
    sources with that quality is prevented; Teferi's Protection: "you gain protection from
    everything")."""

    kind: Literal["player_protection"] = "player_protection"
    role: ClassVar[EffectRole] = "damage"
    quality: Literal["everything", "creatures"] = "everything"
