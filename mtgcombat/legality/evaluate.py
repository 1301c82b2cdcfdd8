"""Evaluate instances on one explicit declaration (no solver): what it obeys, incurs, turns on.

A declaration is seen as its set of (creature, target) pairs — (attacker, attacked) or
(blocker, blocked attacker) — so the same functions serve attacks and blocks. Used by
``check`` to name the violated restriction and to count the requirements a declaration obeys;
the solver answers the questions about *all* declarations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from mtgcombat.compile.instances import (
    AttackRequirement,
    Condition,
    CostInstance,
    ExactlyOneRequirement,
    Forbid,
    Instances,
    MaxAttackers,
    MaxCreatures,
    MinBlockers,
    NeedsCompanion,
    NotAlone,
    OnlyAlone,
    Requirement,
    Restriction,
)

Pairs = frozenset[tuple[str, str]]


class HasPairs(Protocol):
    def pairs(self) -> Iterable[tuple[str, str]]: ...


Decl = Mapping[str, str] | HasPairs | Pairs


def as_pairs(decl: Decl) -> Pairs:
    """The (creature, target) pairs of a declaration."""
    if isinstance(decl, frozenset):
        return decl
    if isinstance(decl, Mapping):
        return frozenset(decl.items())
    return frozenset(decl.pairs())


def _declared(pairs: Pairs) -> set[str]:
    return {c for c, _t in pairs}


def obeys_restriction(r: Restriction, decl: Decl) -> bool:
    """Does ``decl`` obey restriction ``r``?"""
    pairs = as_pairs(decl)
    if isinstance(r, Forbid):
        return not any(c == r.creature and t in r.targets for c, t in pairs)
    if isinstance(r, MaxAttackers):
        return sum(1 for _c, t in pairs if t in r.targets) <= r.count
    if isinstance(r, MaxCreatures):
        return len(_declared(pairs)) <= r.count
    if isinstance(r, MinBlockers):
        n = sum(1 for _c, t in pairs if t == r.target)
        return n == 0 or n >= r.count
    declared = _declared(pairs)
    if r.creature not in declared:
        return True
    others = declared - {r.creature}
    if isinstance(r, NotAlone):
        return bool(others)
    if isinstance(r, OnlyAlone):
        return not others
    if isinstance(r, NeedsCompanion):
        return bool(others & r.companions)
    raise NotImplementedError(r.kind)  # pragma: no cover


def obeys_requirement(req: Requirement, decl: Decl) -> bool:
    """Does ``decl`` obey requirement instance ``req`` (whether or not it exists)?"""
    pairs = as_pairs(decl)
    if isinstance(req, AttackRequirement):
        return any(c == req.creature and t in req.targets for c, t in pairs)
    if isinstance(req, ExactlyOneRequirement):
        return sum(1 for _c, t in pairs if t == req.target) == 1
    return any(t in req.targets for _c, t in pairs)


def incurs(ci: CostInstance, decl: Decl) -> bool:
    """Does ``decl`` incur cost instance ``ci``?"""
    return any(c == ci.creature and t in ci.targets for c, t in as_pairs(decl))


def condition_on(cond: Condition, decl: Decl) -> bool:
    """Is the conditional requirement's trigger met by ``decl``?"""
    return any(c in cond.creatures for c, _t in as_pairs(decl))


def commitment(inst: Instances, decl: Decl) -> frozenset[int]:
    """costs(decl): the indices of the cost instances ``decl`` incurs."""
    pairs = as_pairs(decl)
    return frozenset(ci.index for ci in inst.costs if incurs(ci, pairs))


def pattern(inst: Instances, decl: Decl) -> tuple[bool, ...]:
    """The on/off pattern of the conditional requirements for ``decl``."""
    pairs = as_pairs(decl)
    return tuple(condition_on(c, pairs) for c in inst.conditions)


def existing(inst: Instances, pat: tuple[bool, ...]) -> frozenset[int]:
    """R(pattern): indices of the requirement instances that exist under ``pat``."""
    return frozenset(r.index for r in inst.requirements
                     if r.condition is None or pat[r.condition])


def obeyed(inst: Instances, decl: Decl, reqs: Iterable[int]) -> frozenset[int]:
    """The requirement instances among ``reqs`` that ``decl`` obeys."""
    pairs = as_pairs(decl)
    return frozenset(i for i in reqs if obeys_requirement(inst.requirements[i], pairs))


def violated_restrictions(inst: Instances, decl: Decl) -> list[Restriction]:
    """Every restriction ``decl`` disobeys."""
    pairs = as_pairs(decl)
    return [r for r in inst.restrictions if not obeys_restriction(r, pairs)]
