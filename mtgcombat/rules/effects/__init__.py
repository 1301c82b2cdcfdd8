"""The effect vocabulary: every effect a card or a custom permanent can carry, as data.

Each effect is a frozen pydantic model with a ``kind`` discriminator and a ``role`` (the step
whose rules it feeds: declare attackers, declare blockers, derived characteristics, or mana
payment). Catalog cards (``data/cards*.json``), custom permanents and board-level effects are
all written in this vocabulary; :mod:`mtgcombat.compile` turns them into per-creature
*instances*. The models live by step: :mod:`.common` (selectors, scopes, costs),
:mod:`.attack`, :mod:`.block`, :mod:`.characteristic`; this module joins them in the
:data:`Effect` union and derives the registries from it.
"""

from __future__ import annotations

from typing import Annotated, get_args

from pydantic import BaseModel, Field

from mtgcombat.rules.effects.attack import (
    AttackCost,
    AttacksDespiteDefender,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackUnlessCastThisTurn,
    CantAttackUnlessDefendingPlayerControls,
    CantAttackUnlessOtherAttacks,
    CantAttackUnlessPermanents,
    ConditionalMustAttack,
    MaxAttackers,
    MustAttack,
    MustAttackGroup,
    OptionalAttackCost,
)
from mtgcombat.rules.effects.block import (
    BlockCost,
    CanBlockAdditional,
    CanBlockOnly,
    CantBeBlocked,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptBy,
    CantBeBlockedUnlessAllBlock,
    CantBlock,
    CantBlockAlone,
    CantBlockUnlessOtherBlocks,
    MaxBlockers,
    MustBeBlocked,
    MustBeBlockedByExactlyOne,
    MustBlock,
    MustBlockAttackers,
)
from mtgcombat.rules.effects.characteristic import (
    AddTypes,
    CounterCount,
    Devotion,
    GrantKeywords,
    GraveyardCount,
    LoseAllAbilities,
    ManaAbility,
    ModifyPowerToughness,
    NoActivatedAbilities,
    PowerToughnessFromCount,
    RemoveCounters,
    SetBasePowerToughness,
    SetColors,
    SetSubtypes,
)
from mtgcombat.rules.effects.common import (
    KEYWORDS,
    SELF,
    ControllerRel,
    Cost,
    CostPick,
    EffectRole,
    ScopeKind,
    Selector,
    XCount,
    XSource,
)
from mtgcombat.rules.effects.conditions import (
    Condition,
    Controls,
    Graveyard,
    HandSize,
    Life,
    SourceCounters,
    SourceState,
    YourTurn,
)
from mtgcombat.rules.effects.damage import (
    AssignsDamageByToughness,
    AssignsNoCombatDamage,
    DamageCantBePrevented,
    MayAssignAsThoughUnblocked,
    ModifyDamage,
    PlayerProtection,
    PreventCombatDamage,
    PreventDamageTo,
    PreventNextDamage,
)
from mtgcombat.rules.fields import Color

Effect = Annotated[
    CantAttack
    | CantAttackAlone
    | CanOnlyAttackAlone
    | AttacksDespiteDefender
    | CantAttackUnlessOtherAttacks
    | CantAttackUnlessDefendingPlayerControls
    | CantAttackUnlessPermanents
    | CantAttackUnlessCastThisTurn
    | MaxAttackers
    | MustAttack
    | MustAttackGroup
    | ConditionalMustAttack
    | AttackCost
    | OptionalAttackCost
    | GrantKeywords
    | ModifyPowerToughness
    | SetSubtypes
    | LoseAllAbilities
    | AddTypes
    | SetColors
    | SetBasePowerToughness
    | PowerToughnessFromCount
    | ManaAbility
    | NoActivatedAbilities
    | CantBlock
    | CantBlockAlone
    | MaxBlockers
    | CantBeBlocked
    | CantBeBlockedExceptBy
    | CanBlockAdditional
    | MustBlock
    | MustBlockAttackers
    | MustBeBlocked
    | MustBeBlockedByExactlyOne
    | BlockCost
    | CantBeBlockedByMoreThan
    | CantBeBlockedUnlessAllBlock
    | CanBlockOnly
    | CantBlockUnlessOtherBlocks
    | AssignsDamageByToughness
    | AssignsNoCombatDamage
    | MayAssignAsThoughUnblocked
    | PreventCombatDamage
    | PreventNextDamage
    | PreventDamageTo
    | DamageCantBePrevented
    | ModifyDamage
    | PlayerProtection,
    Field(discriminator="kind"),
]
"""Any effect of the vocabulary, discriminated by ``kind``."""

EFFECT_MODELS: tuple[type[BaseModel], ...] = get_args(get_args(Effect)[0])
"""Every model of the :data:`Effect` union, in union order."""


def _kind_of(model: type[BaseModel]) -> str:
    """The one ``kind`` a model's ``Literal`` discriminator admits."""
    (kind,) = get_args(model.model_fields["kind"].annotation)
    assert isinstance(kind, str)
    return kind


EFFECT_KINDS: tuple[str, ...] = tuple(_kind_of(m) for m in EFFECT_MODELS)
"""Every effect kind of the vocabulary, derived from the :data:`Effect` union."""

EFFECT_ROLES: dict[str, EffectRole] = {
    _kind_of(m): m.role for m in EFFECT_MODELS  # type: ignore[attr-defined]
}
"""Effect kind → the step whose rules it feeds (each model's ``role``)."""


def kinds_with_role(*roles: EffectRole) -> frozenset[str]:
    """The effect kinds whose role is one of ``roles``."""
    return frozenset(k for k, r in EFFECT_ROLES.items() if r in roles)

__all__ = [
    "AssignsDamageByToughness",
    "AssignsNoCombatDamage",
    "DamageCantBePrevented",
    "MayAssignAsThoughUnblocked",
    "ModifyDamage",
    "PlayerProtection",
    "PreventCombatDamage",
    "PreventNextDamage",
    "PreventDamageTo",
    "AttackCost",
    "AttacksDespiteDefender",
    "BlockCost",
    "CanBlockAdditional",
    "CanBlockOnly",
    "CanOnlyAttackAlone",
    "CantAttack",
    "CantAttackAlone",
    "CantAttackUnlessDefendingPlayerControls",
    "CantAttackUnlessOtherAttacks",
    "CantAttackUnlessCastThisTurn",
    "CantAttackUnlessPermanents",
    "CantBeBlocked",
    "CantBeBlockedByMoreThan",
    "CantBeBlockedExceptBy",
    "CantBeBlockedUnlessAllBlock",
    "CantBlock",
    "CantBlockAlone",
    "CantBlockUnlessOtherBlocks",
    "Color",
    "Condition",
    "Controls",
    "Graveyard",
    "GraveyardCount",
    "HandSize",
    "Life",
    "SourceCounters",
    "SourceState",
    "YourTurn",
    "ConditionalMustAttack",
    "ControllerRel",
    "Cost",
    "CostPick",
    "EffectRole",
    "GrantKeywords",
    "KEYWORDS",
    "LoseAllAbilities",
    "ManaAbility",
    "NoActivatedAbilities",
    "CounterCount",
    "Devotion",
    "MaxAttackers",
    "MaxBlockers",
    "ModifyPowerToughness",
    "MustAttack",
    "MustAttackGroup",
    "MustBeBlocked",
    "MustBeBlockedByExactlyOne",
    "MustBlock",
    "MustBlockAttackers",
    "OptionalAttackCost",
    "PowerToughnessFromCount",
    "RemoveCounters",
    "SELF",
    "ScopeKind",
    "Selector",
    "SetSubtypes",
    "AddTypes",
    "SetBasePowerToughness",
    "SetColors",
    "XCount",
    "XSource",
    "EFFECT_KINDS",
    "EFFECT_MODELS",
    "EFFECT_ROLES",
    "Effect",
    "kinds_with_role",
]
