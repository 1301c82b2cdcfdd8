"""Compiled instances: what the engine, the oracle and explanations work on.

Everything here is individuated: one requirement instance per affected creature (two per
goading player for goad), one cost instance per (effect, creature). Targets are concrete ids.
Each instance carries a :class:`Source` naming the card, permanent and rule it comes from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from mtgcombat.rules.effects import Cost
from mtgcombat.rules.wording import pick_words

TargetKind = Literal["player", "planeswalker", "battle", "creature"]
Verb = Literal["attack", "block"]
"""Which declaration an instance belongs to (for its wording)."""


@dataclass(frozen=True)
class Source:
    """Where an instance comes from: a card name, the permanent id (None for board-level
    effects and keyword/state sources) and the rule that governs it."""

    name: str
    permanent: str | None
    rule: str
    detail: str = ""

    def __str__(self) -> str:
        same = self.permanent in (None, self.name)
        who = self.name if same else f"{self.name} ({self.permanent})"
        return f"{who}{' — ' + self.detail if self.detail else ''}"


@dataclass(frozen=True)
class Target:
    """Something that can be attacked, and the defending player it belongs to."""

    id: str
    kind: TargetKind
    player: str


@dataclass(frozen=True)
class Candidate:
    """A creature that may be declared as an attacker (CR 508.1a) and its legal targets."""

    id: str
    name: str
    targets: tuple[str, ...]
    vigilance: bool = False
    banding: bool = False
    capacity: int | None = 1
    """How many targets it may be declared against at once: 1 for attackers and most blockers,
    more for "can block an additional creature", None for "any number"."""


# --- restrictions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Forbid:
    """``creature`` can't attack any target in ``targets``."""

    creature: str
    targets: frozenset[str]
    source: Source
    kind: Literal["forbid"] = "forbid"
    verb: Verb = "attack"

    def describe(self) -> str:
        return f"{self.creature} can't {self.verb} {_targets(self.targets)} ({self.source})"


@dataclass(frozen=True)
class NotAlone:
    """If ``creature`` attacks, another creature attacks too."""

    creature: str
    source: Source
    kind: Literal["not_alone"] = "not_alone"
    verb: Verb = "attack"

    def describe(self) -> str:
        return f"{self.creature} can't {self.verb} alone ({self.source})"


@dataclass(frozen=True)
class OnlyAlone:
    """If ``creature`` attacks, no other creature attacks."""

    creature: str
    source: Source
    kind: Literal["only_alone"] = "only_alone"

    def describe(self) -> str:
        return f"{self.creature} can only attack alone ({self.source})"


@dataclass(frozen=True)
class NeedsCompanion:
    """If ``creature`` attacks, at least ``count`` of ``companions`` attack too."""

    creature: str
    companions: frozenset[str]
    source: Source
    kind: Literal["needs_companion"] = "needs_companion"
    count: int = 1
    verb: Verb = "attack"

    def describe(self) -> str:
        who = ", ".join(sorted(self.companions)) or "no creature"
        many = "one" if self.count == 1 else f"{self.count}"
        return (f"{self.creature} can't {self.verb} unless {many} of [{who}] also "
                f"{self.verb}{'s' if self.count == 1 else ''} ({self.source})")


@dataclass(frozen=True)
class MaxAttackers:
    """At most ``count`` creatures attack a target in ``targets``."""

    count: int
    targets: frozenset[str]
    source: Source
    kind: Literal["max_attackers"] = "max_attackers"
    verb: Verb = "attack"
    """For blocks: at most ``count`` creatures block an attacker in ``targets`` ("can't be
    blocked by more than one creature")."""

    def describe(self) -> str:
        return (f"no more than {self.count} creature(s) can {self.verb} "
                f"{_targets(self.targets)} ({self.source})")


@dataclass(frozen=True)
class MaxCreatures:
    """At most ``count`` creatures are declared (counted once however many they block)."""

    count: int
    source: Source
    kind: Literal["max_creatures"] = "max_creatures"

    def describe(self) -> str:
        return f"no more than {self.count} creature(s) can block ({self.source})"


@dataclass(frozen=True)
class MinBlockers:
    """``target`` (an attacker) is blocked by no creature or by at least ``count`` (menace)."""

    target: str
    count: int
    source: Source
    kind: Literal["min_blockers"] = "min_blockers"

    def describe(self) -> str:
        return (f"{self.target} can't be blocked except by {self.count} or more creatures "
                f"({self.source})")


@dataclass(frozen=True)
class AllOrNone:
    """``target`` (an attacker) is blocked by no creature or by every one of ``creatures``,
    others possibly joining them (Tromokratis: "can't be blocked unless all creatures
    defending player controls block it"; with teams, the defending player's teammate's
    creatures may block it too, CR 805.10d-e)."""

    target: str
    creatures: frozenset[str]
    source: Source
    kind: Literal["all_or_none"] = "all_or_none"

    def describe(self) -> str:
        return (f"{self.target} can't be blocked unless all of {_targets(self.creatures)} "
                f"block it ({self.source})")


Restriction = (Forbid | NotAlone | OnlyAlone | NeedsCompanion | MaxAttackers | MaxCreatures
               | MinBlockers | AllOrNone)
RESTRICTION_KINDS: tuple[str, ...] = (
    "forbid", "not_alone", "only_alone", "needs_companion", "max_attackers", "max_creatures",
    "min_blockers", "all_or_none")


# --- requirements ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Condition:
    """A conditional requirement's trigger: on iff any creature in ``creatures`` attacks."""

    index: int
    creatures: frozenset[str]
    source: Source

    def describe(self) -> str:
        who = ", ".join(sorted(self.creatures)) or "no creature"
        return f"if any of [{who}] attacks ({self.source})"


@dataclass(frozen=True)
class AttackRequirement:
    """Requirement instance: ``creature`` attacks a target in ``targets``. ``condition`` is the
    index of the :class:`Condition` under which it exists (None: always)."""

    index: int
    creature: str
    targets: frozenset[str]
    source: Source
    condition: int | None = None
    kind: Literal["attack"] = "attack"
    verb: Verb = "attack"

    def describe(self) -> str:
        if self.verb == "block":
            return f"{self.creature} blocks one of {_targets(self.targets)} ({self.source})"
        if not self.targets:
            return f"{self.creature} attacks into nothing: can't be obeyed ({self.source})"
        return f"{self.creature} attacks{_scope(self.targets)} ({self.source})"


@dataclass(frozen=True)
class GroupRequirement:
    """Requirement instance: at least one creature (of ``creatures``, when given: one
    player's creatures in a team's combined attack) attacks a target in ``targets``."""

    index: int
    targets: frozenset[str]
    source: Source
    condition: int | None = None
    kind: Literal["group"] = "group"
    verb: Verb = "attack"
    creatures: frozenset[str] | None = None

    @property
    def creature(self) -> None:
        return None

    def counts(self, creature: str) -> bool:
        """Can ``creature`` obey it (any creature, or one of ``creatures``)?"""
        return self.creatures is None or creature in self.creatures

    def describe(self) -> str:
        who = ("creature" if self.creatures is None
               else f"of {_targets(self.creatures)}")
        return (f"at least one {who} {self.verb}s {_targets(self.targets)} "
                f"({self.source})")


@dataclass(frozen=True)
class ExactlyOneRequirement:
    """Requirement instance: exactly one creature is declared against ``target`` (Nacatl
    War-Pride: "must be blocked by exactly one creature if able")."""

    index: int
    target: str
    source: Source
    condition: int | None = None
    kind: Literal["exactly_one"] = "exactly_one"

    @property
    def creature(self) -> None:
        return None

    def describe(self) -> str:
        return f"exactly one creature blocks {self.target} ({self.source})"


Requirement = AttackRequirement | GroupRequirement | ExactlyOneRequirement


# --- costs ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CostInstance:
    """Cost instance: incurred iff ``creature`` attacks a target in ``targets``.
    ``imposed_by``: the id of the permanent whose effect imposes the cost (None for a
    board-level effect); the cost's picks are relative to it ("another")."""

    index: int
    creature: str
    targets: frozenset[str]
    cost: Cost
    source: Source
    verb: Verb = "attack"
    imposed_by: str | None = field(kw_only=True)

    def describe(self) -> str:
        cost = describe_cost(self.cost)
        if self.verb == "block":
            return f"{cost} for {self.creature} to block ({self.source})"
        return f"{cost} for {self.creature}{_scope(self.targets)} ({self.source})"


def describe_cost(cost: Cost) -> str:
    """A short human form of a cost: ``{2}``, ``2 life``, ``sacrifice a land``."""
    parts: list[str] = []
    if cost.mana:
        parts.append(cost.mana)
    if cost.life:
        parts.append(f"{cost.life} life")
    for pick in cost.sacrifice:
        parts.append(f"sacrifice {pick.count} {pick_words(pick.filter)}")
    for pick in cost.return_to_hand:
        parts.append(f"return {pick.count} {pick_words(pick.filter)}")
    if cost.tap_untapped_creatures:
        parts.append(f"tap {cost.tap_untapped_creatures} untapped creature(s)")
    return " + ".join(parts) or "{0}"


def _targets(targets: frozenset[str]) -> str:
    return "[" + ", ".join(sorted(targets)) + "]" if targets else "[nothing]"


def _scope(targets: frozenset[str]) -> str:
    return f" into {_targets(targets)}" if targets else ""


@dataclass(frozen=True)
class Instances:
    """Everything the engine needs about one board's declare-attackers (or declare-blockers)
    step. For blocks, "candidates" are candidate blockers, "targets" blockable attackers and
    ``active_player`` the blocking player."""

    active_player: str
    targets: tuple[Target, ...]
    candidates: tuple[Candidate, ...]
    creatures: tuple[str, ...]
    restrictions: tuple[Restriction, ...]
    requirements: tuple[Requirement, ...]
    conditions: tuple[Condition, ...]
    costs: tuple[CostInstance, ...]
    not_candidates: dict[str, str] = field(default_factory=dict)
    """The active (blocking) player's creatures that can't be declared, with why."""
    names: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    permanent_ids: frozenset[str] = frozenset()
    """Every permanent of the board, phased-out ones included."""
    player_names: frozenset[str] = frozenset()
    """Every player of the board."""
    not_declarable: Mapping[str, str] = field(default_factory=dict)
    """Every permanent that isn't a candidate, with why it can't be declared (the reasons of
    ``not_candidates`` for creatures of the active player, a step-specific one otherwise)."""

    @property
    def target_ids(self) -> tuple[str, ...]:
        """The ids of the targets, in order."""
        return tuple(t.id for t in self.targets)

    def candidate(self, cid: str) -> Candidate | None:
        """The candidate with id ``cid`` (None if that creature can't be declared)."""
        for c in self.candidates:
            if c.id == cid:
                return c
        return None
