"""The effect vocabulary (SPEC §6): every effect a card or a custom permanent can carry, as data.

Each effect is a frozen pydantic model with a ``kind`` discriminator. Catalog cards
(``data/cards.json``), custom permanents and board-level effects are all written in this
vocabulary; :mod:`mtgcombat.compile.attacks` turns them into per-creature *instances*.

Relative words are relative to the effect's source: ``"you"`` is the source's controller,
``"self"`` the source permanent, ``"attached"`` the permanent the source is attached to.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt

Color = Literal["W", "U", "B", "R", "G"]
ControllerRel = Literal["any", "you", "opponents"]

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
"""Keywords a board or catalog may write (lower case, as printed)."""


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
    types: list[str] = Field(default_factory=list)
    subtypes_any: list[str] = Field(default_factory=list)
    colors_any: list[Color] = Field(default_factory=list)
    keywords_any: list[str] = Field(default_factory=list)
    counter: str | None = None
    power_greater_than: int | Literal["your_hand_size"] | None = None
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

    count: PositiveInt = 1
    filter: Selector = Field(default_factory=Selector)


class Cost(_Frozen):
    """A cost to attack (or block) paid for one creature. ``mana`` in braces: ``{2}``, ``{W/P}``."""

    mana: str | None = None
    life: NonNegativeInt = 0
    sacrifice: list[CostPick] = Field(default_factory=list)
    return_to_hand: list[CostPick] = Field(default_factory=list)
    tap_untapped_creatures: NonNegativeInt = 0


XSource = Literal["activation", "your_enchantments"]


# --- restrictions ---------------------------------------------------------------------------


class CantAttack(_Frozen):
    """Affected creatures can't attack [targets in scope] (defender, Ensnaring Bridge)."""

    kind: Literal["cant_attack"] = "cant_attack"
    affects: Selector = SELF
    scope: ScopeKind = "any"


class CantAttackAlone(_Frozen):
    """If an affected creature attacks, another creature attacks too (Mogg Flunkies)."""

    kind: Literal["cant_attack_alone"] = "cant_attack_alone"
    affects: Selector = SELF


class CanOnlyAttackAlone(_Frozen):
    """If an affected creature attacks, no other creature attacks (Master of Cruelties)."""

    kind: Literal["can_only_attack_alone"] = "can_only_attack_alone"
    affects: Selector = SELF


class CantAttackUnlessOtherAttacks(_Frozen):
    """Can't attack unless another creature matching ``other`` also attacks (Scarred Puma)."""

    kind: Literal["cant_attack_unless_other_attacks"] = "cant_attack_unless_other_attacks"
    affects: Selector = SELF
    other: Selector


class CantAttackUnlessDefendingPlayerControls(_Frozen):
    """Can't attack a target unless its defending player controls a permanent matching
    ``permanent`` (Armored Galleon: an Island). ``permanent.controller`` is ignored."""

    kind: Literal["cant_attack_unless_defending_player_controls"] = (
        "cant_attack_unless_defending_player_controls"
    )
    affects: Selector = SELF
    permanent: Selector


class MaxAttackers(_Frozen):
    """No more than ``count`` creatures can attack [into scope] (Silent Arbiter, Crawlspace)."""

    kind: Literal["max_attackers"] = "max_attackers"
    count: NonNegativeInt
    scope: ScopeKind = "any"


# --- requirements ---------------------------------------------------------------------------


class MustAttack(_Frozen):
    """Each affected creature attacks [a target in scope] each combat if able."""

    kind: Literal["must_attack"] = "must_attack"
    affects: Selector = SELF
    scope: ScopeKind = "any"


class MustAttackGroup(_Frozen):
    """At least one creature of each affected player attacks into scope (Trove of Temptation).

    ``players``: whose attacks it constrains, relative to the source's controller."""

    kind: Literal["must_attack_group"] = "must_attack_group"
    players: ControllerRel = "opponents"
    scope: ScopeKind = "you_and_planeswalkers"


class ConditionalMustAttack(_Frozen):
    """A conditional requirement (SPEC §5): exists only for declarations in which a creature
    matching ``trigger`` attacks; then each creature matching ``affects`` attacks if able.

    With ``same_controller`` the affected creatures are restricted to the controller of the
    creature that triggers it (War's Toll: "all creatures *that opponent* controls")."""

    kind: Literal["conditional_must_attack"] = "conditional_must_attack"
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
    affects: Selector = SELF
    scope: ScopeKind = "any"
    cost: Cost
    x: XSource | None = None


class OptionalAttackCost(_Frozen):
    """An optional cost to attack (exert, enlist): chosen after the set is legal; no effect on
    legality (CR 508.1g)."""

    kind: Literal["optional_attack_cost"] = "optional_attack_cost"
    affects: Selector = SELF
    name: str


# --- blocks (SPEC §11) -----------------------------------------------------------------------


class CantBlock(_Frozen):
    """Affected creatures can't block [attackers matching ``attackers``]."""

    kind: Literal["cant_block"] = "cant_block"
    affects: Selector = SELF
    attackers: Selector | None = None


class CantBlockAlone(_Frozen):
    """If an affected creature blocks, another creature blocks too (Mogg Flunkies)."""

    kind: Literal["cant_block_alone"] = "cant_block_alone"
    affects: Selector = SELF


class MaxBlockers(_Frozen):
    """No more than ``count`` creatures can block (Silent Arbiter)."""

    kind: Literal["max_blockers"] = "max_blockers"
    count: NonNegativeInt


class CantBeBlocked(_Frozen):
    """Affected attackers can't be blocked [by creatures matching ``by``] (Juggernaut: Walls)."""

    kind: Literal["cant_be_blocked"] = "cant_be_blocked"
    affects: Selector = SELF
    by: Selector | None = None


class CantBeBlockedExceptBy(_Frozen):
    """Affected attackers can't be blocked except by ``count`` or more creatures."""

    kind: Literal["cant_be_blocked_except_by"] = "cant_be_blocked_except_by"
    affects: Selector = SELF
    count: PositiveInt


class CanBlockAdditional(_Frozen):
    """Affected creatures can block ``count`` additional creatures (None: any number)."""

    kind: Literal["can_block_additional"] = "can_block_additional"
    affects: Selector = SELF
    count: PositiveInt | None = 1


class MustBlock(_Frozen):
    """Each affected creature blocks each combat if able (any attacker)."""

    kind: Literal["must_block"] = "must_block"
    affects: Selector = SELF


class MustBlockAttackers(_Frozen):
    """Each creature matching ``blockers`` blocks each attacker matching ``attackers`` if able:
    one requirement instance per (blocker, attacker). Lure: all creatures, the enchanted
    attacker; Magnetic Web: magnet-counter creatures, magnet-counter attackers."""

    kind: Literal["must_block_attackers"] = "must_block_attackers"
    blockers: Selector = Field(default_factory=Selector)
    attackers: Selector = SELF


class MustBeBlocked(_Frozen):
    """Affected attackers must be blocked if able (one group instance per attacker)."""

    kind: Literal["must_be_blocked"] = "must_be_blocked"
    affects: Selector = SELF


class MustBeBlockedByExactlyOne(_Frozen):
    """Affected attackers must be blocked by exactly one creature if able (Nacatl War-Pride)."""

    kind: Literal["must_be_blocked_by_exactly_one"] = "must_be_blocked_by_exactly_one"
    affects: Selector = SELF


class BlockCost(_Frozen):
    """Affected creatures can't block unless their controller pays ``cost``, per creature
    (War Cadence's ``{X}`` per activation, Qal Sisma Behemoth, Hollow Warrior)."""

    kind: Literal["block_cost"] = "block_cost"
    affects: Selector = SELF
    cost: Cost
    x: XSource | None = None


# --- characteristics ------------------------------------------------------------------------


class GrantKeywords(_Frozen):
    """Affected permanents have ``keywords`` (Avatar of Slaughter: double strike)."""

    kind: Literal["grant_keywords"] = "grant_keywords"
    affects: Selector
    keywords: list[str]


class ModifyPowerToughness(_Frozen):
    """Affected creatures get +power/+toughness, optionally only while the permanent the source
    is attached to is tapped / untapped (Sword of the Paruns) or while the source is untapped
    (Watchdog: creatures attacking you get -1/-0)."""

    kind: Literal["modify_pt"] = "modify_pt"
    affects: Selector
    power: int = 0
    toughness: int = 0
    while_attached_tapped: bool | None = None
    while_untapped: bool = False
    """Only while the source itself is untapped (Watchdog)."""


class SetSubtypes(_Frozen):
    """Affected permanents' subtypes become ``subtypes`` (Spreading Seas: an Island)."""

    kind: Literal["set_subtypes"] = "set_subtypes"
    affects: Selector
    subtypes: list[str]


class PowerToughnessFromCount(_Frozen):
    """The source's power and toughness are each the number of permanents matching ``count``
    (Gaea's Liege while not attacking: Forests you control)."""

    kind: Literal["pt_from_count"] = "pt_from_count"
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
    tap: bool = False
    untap: bool = False
    mana_cost: str | None = None
    life: NonNegativeInt = 0
    sacrifice_self: bool = False
    sacrifice: CostPick | None = None
    from_hand: bool = False
    produces: list[str]
    amount: PositiveInt | Literal["toughness", "power"] = 1
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

EFFECT_KINDS: tuple[str, ...] = (
    "cant_attack",
    "cant_attack_alone",
    "can_only_attack_alone",
    "cant_attack_unless_other_attacks",
    "cant_attack_unless_defending_player_controls",
    "max_attackers",
    "must_attack",
    "must_attack_group",
    "conditional_must_attack",
    "attack_cost",
    "optional_attack_cost",
    "grant_keywords",
    "modify_pt",
    "set_subtypes",
    "pt_from_count",
    "mana_ability",
    "cant_block",
    "cant_block_alone",
    "max_blockers",
    "cant_be_blocked",
    "cant_be_blocked_except_by",
    "can_block_additional",
    "must_block",
    "must_block_attackers",
    "must_be_blocked",
    "must_be_blocked_by_exactly_one",
    "block_cost",
)
