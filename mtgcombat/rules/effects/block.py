"""Declare-blockers effects (CR 509.1): restrictions, requirements and costs to block."""

from __future__ import annotations

from typing import ClassVar, Literal, Self

from pydantic import Field, model_validator

from mtgcombat.rules.effects.common import (
    SELF,
    Cost,
    EffectRole,
    Selector,
    XSource,
    _Frozen,
)
from mtgcombat.rules.effects.conditions import Condition
from mtgcombat.rules.fields import (
    Count,
    PositiveCount,
    x_without_source,
)

# --- blocks (CR 509.1) -----------------------------------------------------------------------


class CantBlock(_Frozen):
    """Affected creatures can't block [attackers matching ``attackers``]."""

    kind: Literal["cant_block"] = "cant_block"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    attackers: Selector | None = None
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""


class CantBlockAlone(_Frozen):
    """If an affected creature blocks, another creature blocks too (Mogg Flunkies)."""

    kind: Literal["cant_block_alone"] = "cant_block_alone"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF


class MaxBlockers(_Frozen):
    """No more than ``count`` creatures can block (Silent Arbiter)."""

    kind: Literal["max_blockers"] = "max_blockers"
    role: ClassVar[EffectRole] = "block"
    count: Count


class CantBeBlocked(_Frozen):
    """Affected attackers can't be blocked [by creatures matching ``by``] (Juggernaut: Walls)."""

    kind: Literal["cant_be_blocked"] = "cant_be_blocked"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    by: Selector | None = None
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""


class CantBeBlockedExceptBy(_Frozen):
    """Affected attackers can't be blocked except by ``count`` or more creatures."""

    kind: Literal["cant_be_blocked_except_by"] = "cant_be_blocked_except_by"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    count: PositiveCount
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""


class CantBeBlockedByMoreThan(_Frozen):
    """Affected attackers can't be blocked by more than ``count`` creatures (Charging Rhino,
    Challenger Troll's grant, Wolfrider's Saddle); with menace, such a creature with
    ``count`` 1 can't be blocked at all (CR 702.111b)."""

    kind: Literal["cant_be_blocked_by_more_than"] = "cant_be_blocked_by_more_than"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    count: PositiveCount = 1
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""


class CantBeBlockedUnlessAllBlock(_Frozen):
    """Affected attackers can't be blocked unless all creatures the defending player controls
    block them (Tromokratis): if any of those creatures doesn't block, none can."""

    kind: Literal["cant_be_blocked_unless_all_block"] = "cant_be_blocked_unless_all_block"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF


class CanBlockOnly(_Frozen):
    """Affected creatures can block only attackers matching ``attackers`` (Vaporkin: "can
    block only creatures with flying")."""

    kind: Literal["can_block_only"] = "can_block_only"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    attackers: Selector


class CantBlockUnlessOtherBlocks(_Frozen):
    """Affected creatures can't block unless at least ``count`` other creatures matching
    ``other`` also block (Okk: one with greater power; Orcish Conscripts: two others)."""

    kind: Literal["cant_block_unless_other_blocks"] = "cant_block_unless_other_blocks"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    other: Selector = Field(default_factory=Selector)
    count: PositiveCount = 1


class CanBlockAdditional(_Frozen):
    """Affected creatures can block ``count`` additional creatures (None: any number)."""

    kind: Literal["can_block_additional"] = "can_block_additional"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    count: PositiveCount | None = 1


class MustBlock(_Frozen):
    """Each affected creature blocks each combat if able (any attacker)."""

    kind: Literal["must_block"] = "must_block"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF


class MustBlockAttackers(_Frozen):
    """Each creature matching ``blockers`` blocks each attacker matching ``attackers`` if able:
    one requirement instance per (blocker, attacker). Lure: all creatures, the enchanted
    attacker; Magnetic Web: magnet-counter creatures, magnet-counter attackers."""

    kind: Literal["must_block_attackers"] = "must_block_attackers"
    role: ClassVar[EffectRole] = "block"
    blockers: Selector = Field(default_factory=Selector)
    attackers: Selector = SELF


class MustBeBlocked(_Frozen):
    """Affected attackers must be blocked if able (one group instance per attacker)."""

    kind: Literal["must_be_blocked"] = "must_be_blocked"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""


class MustBeBlockedByExactlyOne(_Frozen):
    """Affected attackers must be blocked by exactly one creature if able (Nacatl War-Pride)."""

    kind: Literal["must_be_blocked_by_exactly_one"] = "must_be_blocked_by_exactly_one"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF


class BlockCost(_Frozen):
    """Affected creatures can't block unless their controller pays ``cost``, per creature
    (War Cadence's ``{X}`` per activation, Qal Sisma Behemoth, Hollow Warrior)."""

    kind: Literal["block_cost"] = "block_cost"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    cost: Cost
    x: XSource | None = None

    @model_validator(mode="after")
    def _x_has_a_source(self) -> Self:
        x_without_source(self.cost.mana, self.x)
        return self


