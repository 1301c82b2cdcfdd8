"""Declare-attackers effects (CR 508.1): restrictions, requirements and costs to attack."""

from __future__ import annotations

from typing import ClassVar, Literal, Self

from pydantic import model_validator

from mtgcombat.rules.effects.common import (
    SELF,
    ControllerRel,
    Cost,
    EffectRole,
    ScopeKind,
    Selector,
    XSource,
    _Frozen,
)
from mtgcombat.rules.effects.conditions import Condition
from mtgcombat.rules.fields import (
    CardType,
    Count,
    Name,
    PositiveCount,
    x_without_source,
)

# --- restrictions ---------------------------------------------------------------------------


class CantAttack(_Frozen):
    """Affected creatures can't attack [targets in scope] (defender, Ensnaring Bridge)."""

    kind: Literal["cant_attack"] = "cant_attack"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    scope: ScopeKind = "any"
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""


class CantAttackAlone(_Frozen):
    """If an affected creature attacks, another creature attacks too (Mogg Flunkies)."""

    kind: Literal["cant_attack_alone"] = "cant_attack_alone"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF


class CanOnlyAttackAlone(_Frozen):
    """If an affected creature attacks, no other creature attacks (Master of Cruelties)."""

    kind: Literal["can_only_attack_alone"] = "can_only_attack_alone"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF


class AttacksDespiteDefender(_Frozen):
    """Affected creatures can attack as though they didn't have defender (Dark Maze: "this
    creature can attack this turn as though it didn't have defender"); they still have it."""

    kind: Literal["attacks_despite_defender"] = "attacks_despite_defender"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""


class CantAttackUnlessOtherAttacks(_Frozen):
    """Can't attack unless another creature matching ``other`` also attacks (Scarred Puma)."""

    kind: Literal["cant_attack_unless_other_attacks"] = "cant_attack_unless_other_attacks"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    other: Selector
    count: PositiveCount = 1
    """How many other matching creatures must attack ("at least two other creatures":
    Orcish Conscripts)."""


class CantAttackUnlessPermanents(_Frozen):
    """Can't attack unless at least ``count`` permanents on the battlefield match
    ``permanent``, relative to the source ("unless you control a creature with power 4 or
    greater": Lambholt Pacifist; "five or more Islands on the battlefield": Harbor Serpent)."""

    kind: Literal["cant_attack_unless_permanents"] = "cant_attack_unless_permanents"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    permanent: Selector
    count: PositiveCount = 1


class CantAttackUnlessDefendingPlayerControls(_Frozen):
    """Can't attack a target unless its defending player controls a permanent matching
    ``permanent`` (Armored Galleon: an Island). ``permanent.controller`` is ignored."""

    kind: Literal["cant_attack_unless_defending_player_controls"] = (
        "cant_attack_unless_defending_player_controls"
    )
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    permanent: Selector


class MaxAttackers(_Frozen):
    """No more than ``count`` creatures can attack [into scope] (Silent Arbiter, Crawlspace)."""

    kind: Literal["max_attackers"] = "max_attackers"
    role: ClassVar[EffectRole] = "attack"
    count: Count
    scope: ScopeKind = "any"


# --- requirements ---------------------------------------------------------------------------


class MustAttack(_Frozen):
    """Each affected creature attacks [a target in scope] each combat if able."""

    kind: Literal["must_attack"] = "must_attack"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    scope: ScopeKind = "any"
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""


class MustAttackGroup(_Frozen):
    """At least one creature of each affected player attacks into scope (Trove of Temptation).

    ``players``: whose attacks it constrains, relative to the source's controller."""

    kind: Literal["must_attack_group"] = "must_attack_group"
    role: ClassVar[EffectRole] = "attack"
    players: ControllerRel = "opponents"
    scope: ScopeKind = "you_and_planeswalkers"


class ConditionalMustAttack(_Frozen):
    """A conditional requirement: exists only for declarations in which a creature matching
    ``trigger`` attacks; then each creature matching ``affects`` attacks if able.

    With ``same_controller`` the affected creatures are restricted to the controller of the
    creature that triggers it (War's Toll: "all creatures *that opponent* controls")."""

    kind: Literal["conditional_must_attack"] = "conditional_must_attack"
    role: ClassVar[EffectRole] = "attack"
    trigger: Selector
    affects: Selector
    same_controller: bool = False


# --- costs ----------------------------------------------------------------------------------


class AttackCost(_Frozen):
    """Affected creatures can't attack [into scope] unless their controller pays ``cost``,
    individuated per creature (Propaganda). ``x`` says where ``{X}`` in the cost comes from:
    each ``activation`` (War Tax; one cost effect per activation) or the number of enchantments
    the source's controller controls (Sphere of Safety)."""

    kind: Literal["attack_cost"] = "attack_cost"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    scope: ScopeKind = "any"
    cost: Cost
    x: XSource | None = None
    condition: Condition | None = None
    """Only while this holds (Archangel of Tithes: "As long as this creature is untapped")."""

    @model_validator(mode="after")
    def _x_has_a_source(self) -> Self:
        x_without_source(self.cost.mana, self.x)
        return self


class OptionalAttackCost(_Frozen):
    """An optional cost to attack (exert, enlist): chosen after the set is legal; no effect on
    legality (CR 508.1g)."""

    kind: Literal["optional_attack_cost"] = "optional_attack_cost"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    name: Name


class CantAttackUnlessCastThisTurn(_Frozen):
    """Can't attack unless the source's controller has cast at least ``count`` spells of card
    type ``spell_type`` this turn (Goblin Cohort: a creature spell), as the board's
    ``this_turn`` records."""

    kind: Literal["cant_attack_unless_cast_this_turn"] = "cant_attack_unless_cast_this_turn"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    spell_type: CardType
    count: PositiveCount = 1
