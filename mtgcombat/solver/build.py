"""A :class:`~mtgcombat.solver.problem.Problem` plus query constraints as a CP-SAT model proto.

The model is written straight into OR-Tools' ``CpModelProto`` (repeated fields filled in
bulk) rather than through ``cp_model.CpModel`` objects: that module imports numpy and pandas,
and its expression objects cost more to build than the small models they describe. Literals
are proto references: variable index ``v`` for "v is true", ``~v`` (``-v - 1``) for "v is
false". Variables ``0..n-1`` are the problem's; every auxiliary literal is fixed by them
(linked both ways), so enumeration meets each solution of the problem once.

Every encoding is linear in the size of what it encodes: an indicator over a set of variables
is one variable and two constraints, shared by every constraint over the same set; a bound
under a condition ("if this creature attacks, at least two creatures attack") uses one count
variable per tuple of terms, shared by every bound over the same tuple.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from mtgcombat.solver.problem import (
    AnyOf,
    AtLeastVars,
    AtMost,
    Bound,
    Conditional,
    Constraint,
    CountAtLeast,
    CountAtMost,
    CountEquals,
    Fix,
    Implies,
    Lits,
    NotPattern,
    Problem,
    Term,
    ZeroOrAtLeast,
)

_cmh: Any = None
INT_MAX = 2**63 - 1
"""An open upper side of a linear domain (as OR-Tools writes it)."""
INT_MIN = -INT_MAX


def helper() -> Any:
    """OR-Tools' compiled ``cp_model_helper`` module, imported on first use (about 40 ms; it
    pulls in neither numpy nor pandas)."""
    global _cmh
    if _cmh is None:
        from ortools.sat.python import cp_model_helper

        _cmh = cp_model_helper
    return _cmh


class ProtoBuild:
    """One model proto for a problem, plus the indicator literals made so far (reused by
    every constraint over the same variables)."""

    def __init__(self, problem: Problem | None = None) -> None:
        self.proto: Any = helper().CpModelProto()
        self.n = 0
        self.size = 0
        """How many variables the proto has."""
        self.group_of: dict[int, int] = {}
        self._ind: dict[Lits, int] = {}
        self._and: dict[tuple[Lits, Lits, bool], int] = {}
        self._one: dict[Lits, int] = {}
        self._sum: dict[int, tuple[tuple[Term, ...], int]] = {}
        if problem is not None:
            self._problem(problem)

    def _problem(self, problem: Problem) -> None:
        self.n = problem.n
        self.new_vars(problem.n)
        for gi, g in enumerate(problem.groups):
            if len(g) > 1:
                self.proto.constraints.add().at_most_one.literals.extend(g)
            for i in g:
                self.group_of[i] = gi
        for c in problem.constraints:
            self.add(c)

    def copy(self) -> ProtoBuild:
        """An independent copy (the proto and the indicator caches)."""
        other = ProtoBuild()
        other.proto.copy_from(self.proto)
        other.n, other.size, other.group_of = self.n, self.size, self.group_of
        other._ind, other._and = dict(self._ind), dict(self._and)
        other._one, other._sum = dict(self._one), dict(self._sum)
        return other

    # -- variables and raw constraints -------------------------------------------------------

    def new_vars(self, count: int, hi: int = 1) -> range:
        """``count`` fresh variables with domain ``[0, hi]``."""
        first = self.size
        variables = self.proto.variables
        for _ in range(count):
            variables.add().domain.extend((0, hi))
        self.size += count
        return range(first, self.size)

    def new_bool(self) -> int:
        """A fresh auxiliary boolean variable."""
        return self.new_vars(1)[0]

    def clause(self, lits: Sequence[int], enforce: Sequence[int] = ()) -> None:
        """``OR(lits)`` (false when empty), only when every ``enforce`` literal holds."""
        ct = self.proto.constraints.add()
        ct.bool_or.literals.extend(lits)
        if enforce:
            ct.enforcement_literal.extend(enforce)

    def all_of(self, lits: Sequence[int], enforce: Sequence[int] = ()) -> None:
        """``AND(lits)``, only when every ``enforce`` literal holds."""
        ct = self.proto.constraints.add()
        ct.bool_and.literals.extend(lits)
        if enforce:
            ct.enforcement_literal.extend(enforce)

    def linear(self, variables: Sequence[int], domain: Sequence[int],
               enforce: Sequence[int] = (), coeffs: Sequence[int] | None = None) -> None:
        """``sum(coeffs * variables)`` in ``domain`` (flat ``[lo, hi, lo, hi, ...]``), only
        when every ``enforce`` literal holds; repeated variables are merged."""
        if coeffs is None and len(set(variables)) != len(variables):
            merged = Counter(variables)
            variables, coeffs = list(merged), list(merged.values())
        ct = self.proto.constraints.add()
        lin = ct.linear
        lin.vars.extend(variables)
        lin.coeffs.extend([1] * len(variables) if coeffs is None else coeffs)
        lin.domain.extend(domain)
        if enforce:
            ct.enforcement_literal.extend(enforce)

    # -- indicators --------------------------------------------------------------------------

    def ind(self, lits: Lits) -> int:
        """A literal equal to ``OR(lits)`` (linked both ways)."""
        if len(lits) == 1:
            return next(iter(lits))
        got = self._ind.get(lits)
        if got is not None:
            return got
        b = self.new_bool()
        if not lits:
            self.all_of([~b])
        else:
            xs = sorted(lits)
            self.clause(xs, enforce=[b])
            self.all_of([~x for x in xs], enforce=[~b])
        self._ind[lits] = b
        return b

    def exactly_one(self, lits: Lits) -> int:
        """A literal equal to ``sum(lits) == 1``."""
        got = self._one.get(lits)
        if got is not None:
            return got
        b = self.new_bool()
        xs = sorted(lits)
        self.linear(xs, (1, 1), enforce=[b])
        self.linear(xs, (0, 0, 2, INT_MAX), enforce=[~b])
        self._one[lits] = b
        return b

    def term(self, t: Term) -> int:
        """A literal equal to the term's indicator."""
        a = self.exactly_one(t.lits) if t.exactly_one else self.ind(t.lits)
        if t.given is None:
            return a
        key = (t.lits, t.given, t.exactly_one)
        got = self._and.get(key)
        if got is None:
            got = self._and[key] = self.new_bool()
            self.and_of(got, [a, self.ind(t.given)])
        return got

    def and_of(self, lit: int, lits: list[int]) -> None:
        """``lit <=> AND(lits)``."""
        self.all_of(lits, enforce=[lit])
        self.clause([*(~x for x in lits), lit])

    def total(self, terms: Sequence[Term]) -> list[int]:
        """The variables whose sum is the number of the terms' indicators that hold. A plain
        term whose variables lie in one at-most-one group is their sum itself."""
        out: list[int] = []
        for t in terms:
            if t.given is None and not t.exactly_one and len(t.lits) > 1 and len(
                    {self.group_of.get(i, -1 - i) for i in t.lits}) == 1:
                out.extend(t.lits)
            else:
                out.append(self.term(t))
        return out

    def count(self, terms: tuple[Term, ...]) -> list[int]:
        """Variables summing to the number of the terms that hold: for more than one, a single
        count variable kept for this tuple object and reused by every later bound over it."""
        got = self._sum.get(id(terms))
        if got is not None and got[0] is terms:
            return [got[1]]
        xs = self.total(terms)
        if len(xs) <= 1:
            return xs
        s = self.new_vars(1, hi=len(xs))[0]
        merged = Counter(xs)
        self.linear([*merged, s], (0, 0), coeffs=[*merged.values(), -1])
        self._sum[id(terms)] = (terms, s)
        return [s]

    # -- bounds ------------------------------------------------------------------------------

    def bound(self, bd: Bound) -> int:
        """A literal equal to ``lo <= sum(terms) <= hi`` (linked both ways)."""
        xs = self.count(bd.terms)
        lits = []
        if bd.lo is not None:
            b = self.new_bool()
            self.linear(xs, (bd.lo, INT_MAX), enforce=[b])
            self.linear(xs, (INT_MIN, bd.lo - 1), enforce=[~b])
            lits.append(b)
        if bd.hi is not None:
            b = self.new_bool()
            self.linear(xs, (INT_MIN, bd.hi), enforce=[b])
            self.linear(xs, (bd.hi + 1, INT_MAX), enforce=[~b])
            lits.append(b)
        if len(lits) == 1:
            return lits[0]
        both = self.new_bool()
        self.and_of(both, lits)
        return both

    def hard_bound(self, bd: Bound, enforce: int | None = None) -> None:
        """``lo <= sum(terms) <= hi`` as a hard constraint (only if ``enforce``, if given)."""
        xs = self.total(bd.terms) if enforce is None else self.count(bd.terms)
        domain = (INT_MIN if bd.lo is None else bd.lo, INT_MAX if bd.hi is None else bd.hi)
        self.linear(xs, domain, enforce=() if enforce is None else [enforce])

    def add(self, c: Constraint) -> None:
        """Add one constraint with its encoder from :data:`ENCODERS`."""
        encoder = ENCODERS.get(type(c))
        if encoder is None:
            raise NotImplementedError(type(c))
        encoder(self, c)

    def model_size(self) -> tuple[int, int]:
        """(constraints, terms): how many constraints the proto holds and how many literal or
        variable references they make (enforcement literals included)."""
        terms = 0
        for ct in self.proto.constraints:  # reading an unset field would set it: ask first
            terms += len(ct.enforcement_literal)
            if ct.has_linear():
                terms += len(ct.linear.vars)
            for kind in ("bool_or", "bool_and", "at_most_one"):
                if getattr(ct, f"has_{kind}")():
                    terms += len(getattr(ct, kind).literals)
        return len(self.proto.constraints), terms

    def true_vars(self, values: Sequence[int]) -> frozenset[int]:
        """The problem's variables set in a solution (``values``: the solution vector)."""
        return frozenset(i for i, v in zip(range(self.n), values, strict=False) if v)


# -- one encoder per constraint type ---------------------------------------------------------


def _fix(b: ProtoBuild, c: Fix) -> None:
    if c.value:
        b.clause(sorted(c.lits))
    elif c.lits:
        b.all_of([~i for i in sorted(c.lits)])


def _at_most(b: ProtoBuild, c: AtMost) -> None:
    if len(c.lits) > c.count:
        b.linear(sorted(c.lits), (INT_MIN, c.count))


def _at_least_vars(b: ProtoBuild, c: AtLeastVars) -> None:
    b.linear(sorted(c.lits), (c.count, INT_MAX))


def _implies(b: ProtoBuild, c: Implies) -> None:
    # One clause; several "when" variables share one indicator (linear, not |when| * |then|).
    if c.when:
        b.clause([~b.ind(c.when), *sorted(c.then)])


def _count_at_least(b: ProtoBuild, c: CountAtLeast) -> None:
    b.hard_bound(Bound(c.terms, lo=c.count))


def _count_equals(b: ProtoBuild, c: CountEquals) -> None:
    b.hard_bound(Bound(c.terms, lo=c.count, hi=c.count))


def _count_at_most(b: ProtoBuild, c: CountAtMost) -> None:
    b.hard_bound(Bound(c.terms, hi=c.count))


def _zero_or_at_least(b: ProtoBuild, c: ZeroOrAtLeast) -> None:
    if c.count > 1 and c.lits:
        b.linear(sorted(c.lits), (c.count, INT_MAX), enforce=[b.ind(c.lits)])


def _any_of(b: ProtoBuild, c: AnyOf) -> None:
    if len(c.alternatives) == 1:
        for bd in c.alternatives[0]:
            b.hard_bound(bd)
        return
    alts = []
    for alt in c.alternatives:
        a = b.new_bool()
        b.and_of(a, [b.bound(bd) for bd in alt])
        alts.append(a)
    b.clause(alts)


def _conditional(b: ProtoBuild, c: Conditional) -> None:
    if c.when:
        b.hard_bound(c.bound, enforce=b.ind(c.when))


def _not_pattern(b: ProtoBuild, c: NotPattern) -> None:
    b.clause([~b.ind(ls) if val else b.ind(ls) for ls, val in c.pattern])


ENCODERS: dict[type, Callable[[ProtoBuild, Any], None]] = {
    Fix: _fix,
    AtMost: _at_most,
    AtLeastVars: _at_least_vars,
    Implies: _implies,
    CountAtLeast: _count_at_least,
    CountEquals: _count_equals,
    CountAtMost: _count_at_most,
    ZeroOrAtLeast: _zero_or_at_least,
    AnyOf: _any_of,
    Conditional: _conditional,
    NotPattern: _not_pattern,
}
"""Constraint type → its CP-SAT encoding. A test proves every constraint type has one."""
