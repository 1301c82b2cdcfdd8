"""Combat damage effects (CR 510, 615): how much a creature assigns and where, and damage
prevention (fogs, prevention shields, a player's protection)."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from mtgcombat.rules.effects.common import SELF, EffectRole, Selector, _Frozen
from mtgcombat.rules.effects.conditions import Condition
from mtgcombat.rules.fields import Count, Name, PositiveCount


class AssignsDamageByToughness(_Frozen):
    """Affected creatures assign combat damage equal to their toughness rather than their
    power (CR 510.1a; Doran, the Siege Tower: "Each creature assigns combat damage equal to
    its toughness rather than its power.")."""

    kind: Literal["assigns_damage_by_toughness"] = "assigns_damage_by_toughness"
    role: ClassVar[EffectRole] = "damage"
    affects: Selector = Field(default_factory=Selector)
    only_if_greater: bool = False
    """Only while its toughness is greater than its power (Ancient Lumberknot: "Each creature
    you control with toughness greater than its power assigns combat damage equal to its
    toughness rather than its power.")."""
    condition: Condition | None = None
    """Only while this holds ("during your turn": Baldin, Century Herdmaster)."""


class AssignsNoCombatDamage(_Frozen):
    """Affected creatures assign no combat damage this turn (CR 510.1a; Bone Dancer: "If you
    do, this creature assigns no combat damage this turn."): they deal none, in either
    step, and none of theirs counts toward lethal damage for others (510.1c)."""

    kind: Literal["assigns_no_combat_damage"] = "assigns_no_combat_damage"
    role: ClassVar[EffectRole] = "damage"
    affects: Selector = SELF


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
    times_x: bool = False
    """The amount is multiplied by the X the board records for the resolution (Panacea:
    "Prevent the next X damage that would be dealt to any target this turn." is ``amount``
    1)."""


class PreventDamageTo(_Frozen):
    """Prevent all combat damage that would be dealt to the permanents ``affects`` selects
    (None: none), and to the effect's controller with ``you`` (CR 615; Dawn Elemental: "Prevent
    all damage that would be dealt to this creature."); with ``sources``, only the damage dealt
    by creatures it selects (Champion Lancer: "... dealt to this creature by creatures."; a
    source of the controller's choice is named in the resolution's ``targets``: Consulate
    Surveillance)."""

    kind: Literal["prevent_damage_to"] = "prevent_damage_to"
    role: ClassVar[EffectRole] = "damage"
    affects: Selector | None = SELF
    you: bool = False
    players: bool = False
    """To every player too (Defend the Hearth: "Prevent all combat damage that would be dealt
    to players this turn.")."""
    sources: Selector | None = None
    remove_counters: Literal["one", "that_many"] | None = None
    """Each affected permanent loses +1/+1 counters when damage would be dealt to it, even
    damage that can't be prevented (CR 615.12): ``one`` per damage event, all of a combat
    damage step's damage being one event (Phantom Centaur: "If damage would be dealt to this
    creature, prevent that damage. Remove a +1/+1 counter from this creature."), or
    ``that_many``, one per 1 damage (Protean Hydra)."""
    while_counter: bool = False
    """Only while the affected permanent has a +1/+1 counter on it (Oathsworn Knight)."""
    once: bool = False
    """Only the next time each of those sources would deal damage to them this turn: in the
    first combat damage step it deals them damage (Circle of Protection: Red: "The next time
    a red source of your choice would deal damage to you this turn, prevent that damage.",
    the chosen source named in the resolution's ``targets``)."""
    amount: PositiveCount | None = None
    """Prevent only this much of each source's damage each time it would deal damage to them
    (Sphere of Law: "If a red source would deal damage to you, prevent 2 of that damage.";
    several such effects add up)."""
    condition: Condition | None = None
    """Only while this holds ("During your turn, prevent all damage that would be dealt to
    this creature.": Guardian Naga; "As long as this artifact is untapped": Thunderstaff)."""

    @model_validator(mode="after")
    def _counters_alone(self) -> PreventDamageTo:
        """Counters are removed only by a prevention of all damage to permanents; a part of
        each source's damage is prevented neither once nor with counters."""
        if (self.remove_counters is not None or self.while_counter) and (
                self.remove_counters is None or self.affects is None or self.you
                or self.players or self.sources is not None or self.once):
            raise ValueError("remove_counters (and while_counter) need 'affects' alone: no "
                             "'you', 'players', 'sources' or 'once'")
        if self.amount is not None and (self.once or self.remove_counters is not None):
            raise ValueError("'amount' goes with neither 'once' nor 'remove_counters'")
        return self


class ModifyDamage(_Frozen):
    """Combat damage a matching source would deal to a matching recipient is multiplied by
    ``multiply``, then ``add`` more is dealt (a replacement effect, CR 614.1a; Furnace of Rath:
    "If a source would deal damage to a permanent or player, it deals double that damage to
    that permanent or player instead."; Torbran, Thane of Red Fell: "... that much damage
    plus 2 instead."). ``sources``: None for every source; ``recipients``: ``any``,
    ``players``, ``you`` (the effect's controller), ``opponents`` (its controller's),
    ``opponents_and_theirs`` (them and the permanents they control) or ``creatures``."""

    kind: Literal["modify_damage"] = "modify_damage"
    role: ClassVar[EffectRole] = "damage"
    sources: Selector | None = None
    recipients: Literal["any", "players", "you", "opponents", "opponents_and_theirs",
                        "creatures"] = "any"
    multiply: PositiveCount = 1
    add: Count = 0
    condition: Condition | None = None
    """Only while this holds (Anthem of Rakdos: "Hellbent — As long as you have no cards in
    hand, ...")."""


class DamageCantBePrevented(_Frozen):
    """Combat damage can't be prevented (CR 615.12; Leyline of Punishment: "Damage can't be
    prevented."; Skullcrack: "Damage can't be prevented this turn."): fogs, prevention shields
    and protection prevent none of it."""

    kind: Literal["damage_cant_be_prevented"] = "damage_cant_be_prevented"
    role: ClassVar[EffectRole] = "damage"
    sources: Selector | None = None
    """Only the damage of the creatures it selects (Excruciator: "Damage that would be dealt
    by this creature can't be prevented."); None: all damage."""


class PlayerProtection(_Frozen):
    """The effect's controller has protection from ``quality`` (CR 702.16j: damage from
    sources with that quality is prevented; Teferi's Protection: "you gain protection from
    everything")."""

    kind: Literal["player_protection"] = "player_protection"
    role: ClassVar[EffectRole] = "damage"
    quality: Literal["everything", "creatures"] = "everything"
