"""Evaluate instances on one explicit declaration (no solver): what it obeys, incurs, turns on.

Used by ``check`` to name the violated restriction and to count the requirements a declaration
obeys; the solver answers the questions about *all* declarations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .instances import (
    AttackRequirement,
    Condition,
    CostInstance,
    Forbid,
    Instances,
    MaxAttackers,
    NeedsCompanion,
    NotAlone,
    OnlyAlone,
    Requirement,
    Restriction,
)

Decl = Mapping[str, str]


def obeys_restriction(r: Restriction, decl: Decl) -> bool:
    """Does ``decl`` obey restriction ``r``?"""
    if isinstance(r, Forbid):
        return decl.get(r.creature) not in r.targets
    attacking = r.creature in decl if not isinstance(r, MaxAttackers) else True
    if isinstance(r, NotAlone):
        return not attacking or len(decl) >= 2
    if isinstance(r, OnlyAlone):
        return not attacking or len(decl) == 1
    if isinstance(r, NeedsCompanion):
        return not attacking or any(c in decl for c in r.companions if c != r.creature)
    if isinstance(r, MaxAttackers):
        return sum(1 for t in decl.values() if t in r.targets) <= r.count
    raise NotImplementedError(r.kind)  # pragma: no cover


def obeys_requirement(req: Requirement, decl: Decl) -> bool:
    """Does ``decl`` obey requirement instance ``req`` (whether or not it exists)?"""
    if isinstance(req, AttackRequirement):
        return decl.get(req.creature) in req.targets
    return any(t in req.targets for t in decl.values())


def incurs(ci: CostInstance, decl: Decl) -> bool:
    """Does ``decl`` incur cost instance ``ci``?"""
    return decl.get(ci.creature) in ci.targets


def condition_on(cond: Condition, decl: Decl) -> bool:
    """Is the conditional requirement's trigger met by ``decl``?"""
    return any(c in decl for c in cond.creatures)


def commitment(inst: Instances, decl: Decl) -> frozenset[int]:
    """costs(decl): the indices of the cost instances ``decl`` incurs."""
    return frozenset(ci.index for ci in inst.costs if incurs(ci, decl))


def pattern(inst: Instances, decl: Decl) -> tuple[bool, ...]:
    """The on/off pattern of the conditional requirements for ``decl``."""
    return tuple(condition_on(c, decl) for c in inst.conditions)


def existing(inst: Instances, pat: tuple[bool, ...]) -> frozenset[int]:
    """R(pattern): indices of the requirement instances that exist under ``pat``."""
    return frozenset(r.index for r in inst.requirements
                     if r.condition is None or pat[r.condition])


def obeyed(inst: Instances, decl: Decl, reqs: Iterable[int]) -> frozenset[int]:
    """The requirement instances among ``reqs`` that ``decl`` obeys."""
    return frozenset(i for i in reqs if obeys_requirement(inst.requirements[i], decl))


def violated_restrictions(inst: Instances, decl: Decl) -> list[Restriction]:
    """Every restriction ``decl`` disobeys."""
    return [r for r in inst.restrictions if not obeys_restriction(r, decl)]
