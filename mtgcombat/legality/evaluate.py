"""Evaluate instances on one explicit declaration (no solver): what it obeys, incurs, turns on.

A declaration is seen as its set of (creature, target) pairs — (attacker, attacked) or
(blocker, blocked attacker) — so the same functions serve attacks and blocks. Used by
``check`` to name the violated restriction and to count the requirements a declaration obeys;
the solver answers the questions about *all* declarations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, KeysView, Mapping
from functools import lru_cache
from typing import Protocol, TypeVar

from mtgcombat.compile.instances import (
    AllOrNone,
    AttackRequirement,
    Condition,
    CostInstance,
    ExactlyOneRequirement,
    Forbid,
    GroupRequirement,
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


@lru_cache(maxsize=16)
def _by_creature(pairs: Pairs) -> dict[str, frozenset[str]]:
    """Each declared creature → what it is declared against (computed once per declaration:
    every check below is then independent of the declaration's size)."""
    out: dict[str, set[str]] = {}
    for c, t in pairs:
        out.setdefault(c, set()).add(t)
    return {c: frozenset(ts) for c, ts in out.items()}


@lru_cache(maxsize=16)
def _by_target(pairs: Pairs) -> dict[str, frozenset[str]]:
    """Each target → the creatures declared against it."""
    out: dict[str, set[str]] = {}
    for c, t in pairs:
        out.setdefault(t, set()).add(c)
    return {t: frozenset(cs) for t, cs in out.items()}


def _declared(pairs: Pairs) -> KeysView[str]:
    return _by_creature(pairs).keys()


def _declared_against(creature: str, targets: frozenset[str], pairs: Pairs) -> bool:
    """Is ``creature`` declared against one of ``targets``?"""
    against = _by_creature(pairs).get(creature)
    return against is not None and not against.isdisjoint(targets)


def _against(target: str, pairs: Pairs) -> frozenset[str]:
    """The creatures declared against ``target``."""
    return _by_target(pairs).get(target, frozenset())


X = TypeVar("X")


def _by_type(checks: Mapping[type, Callable[[X, Pairs], bool]], x: X, decl: Decl) -> bool:
    """The check registered for the type of ``x``, on ``decl``; an unknown type raises."""
    check = checks.get(type(x))
    if check is None:
        raise NotImplementedError(type(x))
    return check(x, as_pairs(decl))


def _forbid(r: Restriction, pairs: Pairs) -> bool:
    assert isinstance(r, Forbid)
    return not _declared_against(r.creature, r.targets, pairs)


def _max_attackers(r: Restriction, pairs: Pairs) -> bool:
    assert isinstance(r, MaxAttackers)
    return sum(len(_against(t, pairs)) for t in r.targets) <= r.count


def _max_creatures(r: Restriction, pairs: Pairs) -> bool:
    assert isinstance(r, MaxCreatures)
    return len(_declared(pairs)) <= r.count


def _min_blockers(r: Restriction, pairs: Pairs) -> bool:
    assert isinstance(r, MinBlockers)
    n = len(_against(r.target, pairs))
    return n == 0 or n >= r.count


def _not_alone(r: Restriction, pairs: Pairs) -> bool:
    assert isinstance(r, NotAlone)
    declared = _declared(pairs)
    return r.creature not in declared or len(declared) > 1


def _only_alone(r: Restriction, pairs: Pairs) -> bool:
    assert isinstance(r, OnlyAlone)
    declared = _declared(pairs)
    return r.creature not in declared or len(declared) == 1


def _needs_companion(r: Restriction, pairs: Pairs) -> bool:
    assert isinstance(r, NeedsCompanion)
    declared = _declared(pairs)
    if r.creature not in declared:
        return True
    own = 1 if r.creature in r.companions else 0
    return sum(1 for c in r.companions if c in declared) - own >= r.count


def _all_or_none(r: Restriction, pairs: Pairs) -> bool:
    assert isinstance(r, AllOrNone)
    blockers = _against(r.target, pairs)
    return not blockers or blockers >= r.creatures


RESTRICTION_CHECKS: dict[type, Callable[[Restriction, Pairs], bool]] = {
    Forbid: _forbid,
    NotAlone: _not_alone,
    OnlyAlone: _only_alone,
    NeedsCompanion: _needs_companion,
    MaxAttackers: _max_attackers,
    MaxCreatures: _max_creatures,
    MinBlockers: _min_blockers,
    AllOrNone: _all_or_none,
}
"""Restriction type → "is it obeyed?". A test proves every restriction type has one."""


def obeys_restriction(r: Restriction, decl: Decl) -> bool:
    """Does ``decl`` obey restriction ``r``?"""
    return _by_type(RESTRICTION_CHECKS, r, decl)


def _attack_obeyed(req: Requirement, pairs: Pairs) -> bool:
    assert isinstance(req, AttackRequirement)
    return _declared_against(req.creature, req.targets, pairs)


def _group_obeyed(req: Requirement, pairs: Pairs) -> bool:
    assert isinstance(req, GroupRequirement)
    return any(req.counts(c) for t in req.targets for c in _against(t, pairs))


def _exactly_one_obeyed(req: Requirement, pairs: Pairs) -> bool:
    assert isinstance(req, ExactlyOneRequirement)
    return len(_against(req.target, pairs)) == 1


REQUIREMENT_CHECKS: dict[type, Callable[[Requirement, Pairs], bool]] = {
    AttackRequirement: _attack_obeyed,
    GroupRequirement: _group_obeyed,
    ExactlyOneRequirement: _exactly_one_obeyed,
}
"""Requirement instance type → "is it obeyed?". A test proves every type has one."""


def obeys_requirement(req: Requirement, decl: Decl) -> bool:
    """Does ``decl`` obey requirement instance ``req`` (whether or not it exists)?"""
    return _by_type(REQUIREMENT_CHECKS, req, decl)


def incurs(ci: CostInstance, decl: Decl) -> bool:
    """Does ``decl`` incur cost instance ``ci``?"""
    return _declared_against(ci.creature, ci.targets, as_pairs(decl))


def condition_on(cond: Condition, decl: Decl) -> bool:
    """Is the conditional requirement's trigger met by ``decl``?"""
    return not cond.creatures.isdisjoint(_declared(as_pairs(decl)))


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
