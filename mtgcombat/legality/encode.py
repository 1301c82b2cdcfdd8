"""Instances → solver-neutral :class:`~mtgcombat.solver.problem.Problem`.

One boolean per (candidate attacker, legal target); at most one target per creature; each
restriction kind has one encoder in :data:`RESTRICTION_ENCODERS`. Requirement instances,
cost instances and conditions become indicator sets over those booleans.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

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
from mtgcombat.solver.problem import (
    AtMost,
    Bound,
    Conditional,
    Constraint,
    CountAtMost,
    Fix,
    Implies,
    Lits,
    Problem,
    Term,
    ZeroOrAtLeast,
)


@dataclass
class VarMap:
    """(creature, target) pairs ↔ variable indices."""

    pairs: list[tuple[str, str]]
    index: dict[tuple[str, str], int]
    by_creature: dict[str, list[int]]
    by_target: dict[str, list[int]] = field(default_factory=dict)
    named: Counter[frozenset[str]] = field(default_factory=Counter, repr=False, compare=False)
    """How many restrictions name each set of companions (with and without themselves)."""
    _counted: dict[frozenset[str] | None, tuple[Term, ...]] = field(
        default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, inst: Instances) -> VarMap:
        pairs = [(c.id, t) for c in inst.candidates for t in c.targets]
        index = {p: i for i, p in enumerate(pairs)}
        by_creature: dict[str, list[int]] = {c.id: [] for c in inst.candidates}
        by_target: dict[str, list[int]] = {}
        for i, (c, t) in enumerate(pairs):
            by_creature[c].append(i)
            by_target.setdefault(t, []).append(i)
        return cls(pairs, index, by_creature, by_target)

    def creature(self, cid: str) -> Lits:
        """Variables of ``cid`` attacking anything."""
        return frozenset(self.by_creature.get(cid, ()))

    def into(self, cid: str, targets: Iterable[str]) -> Lits:
        """Variables of ``cid`` attacking one of ``targets``."""
        return frozenset(i for t in targets if (i := self.index.get((cid, t))) is not None)

    def any_into(self, targets: frozenset[str]) -> Lits:
        """Variables of any creature attacking one of ``targets``."""
        return frozenset(i for t in targets for i in self.by_target.get(t, ()))

    def creatures(self, cids: Iterable[str]) -> Lits:
        out: set[int] = set()
        for c in cids:
            out.update(self.by_creature.get(c, ()))
        return frozenset(out)

    def declared(self, among: frozenset[str] | None = None) -> tuple[Term, ...]:
        """One indicator term per creature (of ``among``, default every candidate), "it is
        declared", in id order. The same tuple object for the same ``among``: the solver
        keeps one count variable per tuple, shared by every bound over it."""
        got = self._counted.get(among)
        if got is None:
            cids = sorted(self.by_creature if among is None else among & self.by_creature.keys())
            got = self._counted[among] = tuple(Term(self.creature(c)) for c in cids)
        return got

    def all(self) -> Lits:
        return frozenset(range(len(self.pairs)))

    def lits_of(self, decl: Mapping[str, str]) -> frozenset[int]:
        """The variables a declaration sets (pairs outside the map are ignored)."""
        return frozenset(i for p in decl.items() if (i := self.index.get(p)) is not None)

    def declaration(self, true: Iterable[int]) -> frozenset[tuple[str, str]]:
        """The (creature, target) pairs of a solution."""
        return frozenset(self.pairs[i] for i in true)


Encoder = Callable[[Restriction, VarMap], list[Constraint]]


def _forbid(r: Restriction, vm: VarMap) -> list[Constraint]:
    assert isinstance(r, Forbid)
    return [Fix(vm.into(r.creature, r.targets), False)]


def _not_alone(r: Restriction, vm: VarMap) -> list[Constraint]:
    # The creature is declared, so "another creature is declared" is "at least 2 declared":
    # one bound on the board's shared count of declared creatures (linear in board size).
    assert isinstance(r, NotAlone)
    return [Conditional(vm.creature(r.creature), Bound(vm.declared(), lo=2))]


def _only_alone(r: Restriction, vm: VarMap) -> list[Constraint]:
    assert isinstance(r, OnlyAlone)
    return [Conditional(vm.creature(r.creature), Bound(vm.declared(), hi=1))]


def _needs_companion(r: Restriction, vm: VarMap) -> list[Constraint]:
    # Counted over the companions with or without the creature itself, whichever set more
    # restrictions of the board name (Orcish Conscripts: "two other creatures" share the set
    # of every creature; Scarred Puma: the black or green creatures): one count per set, so the
    # encoding stays linear. The declared creature counts once when it is in the set.
    assert isinstance(r, NeedsCompanion)
    with_self = r.companions | {r.creature}
    among = with_self if vm.named[with_self] > vm.named[r.companions] else r.companions
    own = 1 if r.creature in among else 0
    return [Conditional(vm.creature(r.creature), Bound(vm.declared(among), lo=r.count + own))]


def _max_attackers(r: Restriction, vm: VarMap) -> list[Constraint]:
    assert isinstance(r, MaxAttackers)
    return [AtMost(vm.any_into(r.targets), r.count)]


def _max_creatures(r: Restriction, vm: VarMap) -> list[Constraint]:
    assert isinstance(r, MaxCreatures)
    return [CountAtMost(vm.declared(), r.count)]


def _min_blockers(r: Restriction, vm: VarMap) -> list[Constraint]:
    assert isinstance(r, MinBlockers)
    return [ZeroOrAtLeast(vm.any_into(frozenset({r.target})), r.count)]


def _all_or_none(r: Restriction, vm: VarMap) -> list[Constraint]:
    assert isinstance(r, AllOrNone)
    blocked = vm.any_into(frozenset({r.target}))
    return [Implies(blocked, vm.into(c, {r.target})) for c in sorted(r.creatures)]


RESTRICTION_ENCODERS: dict[str, Encoder] = {
    "forbid": _forbid,
    "not_alone": _not_alone,
    "only_alone": _only_alone,
    "needs_companion": _needs_companion,
    "max_attackers": _max_attackers,
    "max_creatures": _max_creatures,
    "min_blockers": _min_blockers,
    "all_or_none": _all_or_none,
}
"""Restriction kind → encoder. A test proves every restriction kind has one."""


def _attack_term(req: Requirement, vm: VarMap) -> Term:
    assert isinstance(req, AttackRequirement)
    return Term(vm.into(req.creature, req.targets))


def _group_term(req: Requirement, vm: VarMap) -> Term:
    assert isinstance(req, GroupRequirement)
    lits = vm.any_into(req.targets)
    return Term(lits if req.creatures is None else lits & vm.creatures(req.creatures))


def _exactly_one_term(req: Requirement, vm: VarMap) -> Term:
    assert isinstance(req, ExactlyOneRequirement)
    return Term(vm.any_into(frozenset({req.target})), exactly_one=True)


REQUIREMENT_ENCODERS: dict[type, Callable[[Requirement, VarMap], Term]] = {
    AttackRequirement: _attack_term,
    GroupRequirement: _group_term,
    ExactlyOneRequirement: _exactly_one_term,
}
"""Requirement instance type → the indicator of "obeyed". A test proves every type has one."""


def requirement_term(req: Requirement, vm: VarMap) -> Term:
    """The indicator that is true iff ``req`` is obeyed."""
    encoder = REQUIREMENT_ENCODERS.get(type(req))
    if encoder is None:
        raise NotImplementedError(type(req))
    return encoder(req, vm)


def cost_lits(ci: CostInstance, vm: VarMap) -> Lits:
    """Variables whose truth incurs ``ci``."""
    return vm.into(ci.creature, ci.targets)


def condition_lits(cond: Condition, vm: VarMap) -> Lits:
    """Variables whose truth turns ``cond`` on."""
    return vm.creatures(cond.creatures)


@dataclass
class Encoded:
    """A board's problem and the indicator sets the engine's queries use."""

    inst: Instances
    vm: VarMap
    problem: Problem
    req: list[Term]
    cost: list[Lits]
    cond: list[Lits]

    def terms(self, reqs: Iterable[int]) -> tuple[Term, ...]:
        return tuple(self.req[i] for i in reqs)

    def decline(self, committed: frozenset[int]) -> list[Constraint]:
        """Every cost instance not in ``committed`` acts as a restriction (a cost the
        declaration does not commit to is a cost it may not incur)."""
        return [Fix(self.cost[i], False) for i in range(len(self.cost)) if i not in committed]

    def commit_exactly(self, committed: frozenset[int]) -> list[Constraint]:
        """The incurred cost instances are exactly ``committed``."""
        return [*self.decline(committed), *(Fix(self.cost[i], True) for i in committed)]


def encode(inst: Instances) -> Encoded:
    """The restriction-obeying declarations of a board as a :class:`Problem`."""
    vm = VarMap.of(inst)
    for r in inst.restrictions:
        if isinstance(r, NeedsCompanion):
            vm.named.update((r.companions, r.companions | {r.creature}))
    problem = Problem(n=len(vm.pairs), groups=[
        vm.by_creature[c.id] for c in inst.candidates if c.capacity == 1])
    for c in inst.candidates:
        if c.capacity is not None and c.capacity > 1:
            problem.constraints.append(AtMost(vm.creature(c.id), c.capacity))
    for r in inst.restrictions:
        encoder = RESTRICTION_ENCODERS.get(r.kind)
        if encoder is None:
            raise NotImplementedError(r.kind)
        problem.constraints.extend(encoder(r, vm))
    return Encoded(
        inst=inst,
        vm=vm,
        problem=problem,
        req=[requirement_term(r, vm) for r in inst.requirements],
        cost=[cost_lits(c, vm) for c in inst.costs],
        cond=[condition_lits(c, vm) for c in inst.conditions],
    )
