"""The effect vocabulary: every effect a card or a custom permanent can carry, as data.

Each effect is a frozen pydantic model with a ``kind`` discriminator and a ``role`` (the step
whose rules it feeds: declare attackers, declare blockers, derived characteristics, or mana
payment). Catalog cards
(``data/cards.json``), custom permanents and board-level effects are all written in this
vocabulary; :mod:`mtgcombat.compile.attacks` turns them into per-creature *instances*.

Relative words are relative to the effect's source: ``"you"`` is the source's controller,
``"self"`` the source permanent, ``"attached"`` the permanent the source is attached to.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Self, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from mtgcombat.rules.fields import (
    PT,
    CardType,
    Count,
    Keyword,
    ManaCost,
    ManaCostX,
    Name,
    PositiveCount,
    ProducedMana,
    Subtype,
    x_without_source,
)
from mtgcombat.rules.fields import Color as Color  # re-exported: the colour field type

ControllerRel = Literal["any", "you", "opponents"]
EffectRole = Literal["attack", "block", "characteristic", "payment"]
"""The step whose rules an effect feeds: ``attack`` (declare attackers, CR 508.1),
``block`` (declare blockers, CR 509.1), ``characteristic`` (derived characteristics, CR 613)
or ``payment`` (mana abilities used to pay costs, CR 605)."""

KEYWORDS: frozenset[str] = frozenset(
    {
        "flying", "reach", "first strike", "double strike", "deathtouch", "trample", "lifelink",
        "vigilance", "haste", "defender", "menace", "shadow", "horsemanship", "fear",
        "intimidate", "skulk", "banding", "indestructible", "flanking",
        "islandwalk", "forestwalk", "swampwalk", "mountainwalk", "plainswalk",
        "protection from white", "protection from blue", "protection from black",
        "protection from red", "protection from green",
    }
)
"""Keywords whose combat rules are modeled (lower case, as printed); every other CR 702
keyword is accepted (:mod:`mtgcombat.rules.keywords`) and listed, but has no combat effect."""


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Selector(_Frozen):
    """Which permanents an effect applies to, relative to the effect's source.

    ``which``: ``all`` (every permanent matching the filters), ``self`` (the source),
    ``attached`` (what the source is attached to), ``others`` (all but the source).
    The remaining fields are filters that must all hold.
    """

    which: Literal["all", "self", "attached", "others"] = "all"
    controller: ControllerRel = "any"
    types: list[CardType] = Field(default_factory=list)
    subtypes_any: list[Subtype] = Field(default_factory=list)
    colors_any: list[Color] = Field(default_factory=list)
    keywords_any: list[Keyword] = Field(default_factory=list)
    counter: Name | None = None
    power_greater_than: PT | Literal["your_hand_size"] | None = None
    tapped: bool | None = None
    attacking: Literal["any", "you"] | None = None
    """Only creatures in the board's ``attack`` (``"you"``: attacking the source's controller,
    the player)."""


SELF = Selector(which="self")

ScopeKind = Literal[
    "any",  # every target
    "you",  # the source's controller (the player only)
    "you_and_planeswalkers",  # that player and planeswalkers they control
    "you_and_permanents",  # that player, planeswalkers they control, battles they protect
    "chosen_player",  # the source's chosen player (Ruhan of the Fomori)
    "players",  # any player, no planeswalker or battle
]


class CostPick(_Frozen):
    """Pick ``count`` permanents you control matching ``filter`` (sacrifice, return, tap)."""

    count: PositiveCount = 1
    filter: Selector = Field(default_factory=Selector)


class Cost(_Frozen):
    """A cost to attack (or block) paid for one creature. ``mana`` in braces: ``{2}``, ``{W/P}``."""

    mana: ManaCostX | None = None
    life: Count = 0
    sacrifice: list[CostPick] = Field(default_factory=list)
    return_to_hand: list[CostPick] = Field(default_factory=list)
    tap_untapped_creatures: Count = 0


XSource = Literal["activation", "your_enchantments"]


# --- restrictions ---------------------------------------------------------------------------


class CantAttack(_Frozen):
    """Affected creatures can't attack [targets in scope] (defender, Ensnaring Bridge)."""

    kind: Literal["cant_attack"] = "cant_attack"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    scope: ScopeKind = "any"


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


class CantAttackUnlessOtherAttacks(_Frozen):
    """Can't attack unless another creature matching ``other`` also attacks (Scarred Puma)."""

    kind: Literal["cant_attack_unless_other_attacks"] = "cant_attack_unless_other_attacks"
    role: ClassVar[EffectRole] = "attack"
    affects: Selector = SELF
    other: Selector


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


# --- blocks (CR 509.1) -----------------------------------------------------------------------


class CantBlock(_Frozen):
    """Affected creatures can't block [attackers matching ``attackers``]."""

    kind: Literal["cant_block"] = "cant_block"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    attackers: Selector | None = None


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


class CantBeBlockedExceptBy(_Frozen):
    """Affected attackers can't be blocked except by ``count`` or more creatures."""

    kind: Literal["cant_be_blocked_except_by"] = "cant_be_blocked_except_by"
    role: ClassVar[EffectRole] = "block"
    affects: Selector = SELF
    count: PositiveCount


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


# --- characteristics ------------------------------------------------------------------------


class GrantKeywords(_Frozen):
    """Affected permanents have ``keywords`` (Avatar of Slaughter: double strike)."""

    kind: Literal["grant_keywords"] = "grant_keywords"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector
    keywords: list[Keyword]


class ModifyPowerToughness(_Frozen):
    """Affected creatures get +power/+toughness, optionally only while the permanent the source
    is attached to is tapped / untapped (Sword of the Paruns) or while the source is untapped
    (Watchdog: creatures attacking you get -1/-0)."""

    kind: Literal["modify_pt"] = "modify_pt"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector
    power: PT = 0
    toughness: PT = 0
    while_attached_tapped: bool | None = None
    while_untapped: bool = False
    """Only while the source itself is untapped (Watchdog)."""


class SetSubtypes(_Frozen):
    """Affected permanents' subtypes become ``subtypes`` (Spreading Seas: an Island)."""

    kind: Literal["set_subtypes"] = "set_subtypes"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector
    subtypes: list[Subtype]


class PowerToughnessFromCount(_Frozen):
    """The source's power and toughness are each the number of permanents matching ``count``
    (Gaea's Liege while not attacking: Forests you control)."""

    kind: Literal["pt_from_count"] = "pt_from_count"
    role: ClassVar[EffectRole] = "characteristic"
    count: Selector
    power: bool = True
    toughness: bool = True


# --- resources ------------------------------------------------------------------------------


class ManaAbility(_Frozen):
    """A mana ability (CR 605). ``produces`` lists the alternatives for one activation
    (``["{R}", "{G}"]``, ``"{any}"`` for one mana of any colour); ``amount`` multiplies it
    (an integer, or ``"toughness"``). Costs: ``{T}`` (``tap``), ``{Q}`` (``untap``), a mana
    cost, life, sacrificing the source or a permanent matching ``sacrifice``, exiling the card
    from its owner's hand (``from_hand``, Simian Spirit Guide)."""

    kind: Literal["mana_ability"] = "mana_ability"
    role: ClassVar[EffectRole] = "payment"
    tap: bool = False
    untap: bool = False
    mana_cost: ManaCost | None = None
    life: Count = 0
    sacrifice_self: bool = False
    sacrifice: CostPick | None = None
    from_hand: bool = False
    produces: list[ProducedMana] = Field(min_length=1)
    amount: PositiveCount | Literal["toughness", "power"] = 1
    once_per_turn: bool = False
    """"Activate only once each turn" (Wall of Roots)."""


Effect = Annotated[
    CantAttack
    | CantAttackAlone
    | CanOnlyAttackAlone
    | CantAttackUnlessOtherAttacks
    | CantAttackUnlessDefendingPlayerControls
    | MaxAttackers
    | MustAttack
    | MustAttackGroup
    | ConditionalMustAttack
    | AttackCost
    | OptionalAttackCost
    | GrantKeywords
    | ModifyPowerToughness
    | SetSubtypes
    | PowerToughnessFromCount
    | ManaAbility
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
    | BlockCost,
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
