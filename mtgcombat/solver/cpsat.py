"""The CP-SAT backend: the only module that imports OR-Tools.

Solves a :class:`~mtgcombat.problem.Problem` plus per-query constraints: maximise a count of
indicator terms, test feasibility, or enumerate every solution (projected on the problem's
variables, de-duplicated). Always one worker for enumeration: with more, CP-SAT can lose
solutions while still reporting OPTIMAL (see CPSAT-NOTES.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtgcombat.errors import TimeLimitReached
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

_cp: Any = None
_Model: Any = None


def _cp_model() -> Any:
    """Import ``ortools.sat.python.cp_model`` lazily (it costs ~0.4 s)."""
    global _cp, _Model
    if _cp is None:
        from ortools.sat.python import cp_model

        class Model(cp_model.CpModel):
            """A CpModel without the camelCase aliases ``CpModel()`` attaches to each new
            instance: that costs ~0.14 ms per model, about as much as a small solve, and this
            module uses the snake_case API only."""

            def _add_pre_pep8_methods(self) -> None:
                pass

        _cp, _Model = cp_model, Model
    return _cp


class SolverTimeout(TimeLimitReached):
    """The solver hit its time limit before proving an answer."""


@dataclass(frozen=True)
class Solution:
    """True variables of one solution, and the objective value (if maximising)."""

    true: frozenset[int]
    value: int


class _Build:
    """One CpModel for a problem plus query constraints."""

    def __init__(self, problem: Problem) -> None:
        cp = _cp_model()
        self.cp = cp
        self.model = _Model()
        m = self.model
        self.x = [m.new_bool_var(f"x{i}") for i in range(problem.n)]
        self.group_of: dict[int, int] = {}
        for gi, g in enumerate(problem.groups):
            if len(g) > 1:
                m.add_at_most_one(self.x[i] for i in g)
            for i in g:
                self.group_of[i] = gi
        self._ind: dict[Lits, Any] = {}
        self._and: dict[tuple[Lits, Lits, bool], Any] = {}
        self._misc: dict[tuple[str, Lits], Any] = {}
        for c in problem.constraints:
            self.add(c)

    def ind(self, lits: Lits) -> Any:
        """A literal equal to OR(lits) (linked both ways)."""
        if len(lits) == 1:
            return self.x[next(iter(lits))]
        got = self._ind.get(lits)
        if got is not None:
            return got
        b = self.model.new_bool_var(f"or{len(self._ind)}")
        if not lits:
            self.model.add(b == 0)
        else:
            xs = [self.x[i] for i in sorted(lits)]
            self.model.add_bool_or(xs).only_enforce_if(b)
            for v in xs:
                self.model.add_implication(v, b)
        self._ind[lits] = b
        return b

    def exactly_one(self, lits: Lits) -> Any:
        """A literal equal to ``sum(lits) == 1``."""
        key = ("one", lits)
        got = self._misc.get(key)
        if got is not None:
            return got
        b = self.model.new_bool_var(f"one{len(self._misc)}")
        total = sum((self.x[i] for i in lits), 0)
        self.model.add(total == 1).only_enforce_if(b)
        self.model.add(total != 1).only_enforce_if(b.Not())
        self._misc[key] = b
        return b

    def term(self, t: Term) -> Any:
        a = self.exactly_one(t.lits) if t.exactly_one else self.ind(t.lits)
        if t.given is None:
            return a
        key = (t.lits, t.given, t.exactly_one)
        got = self._and.get(key)
        if got is not None:
            return got
        c = self.ind(t.given)
        b = self.model.new_bool_var(f"and{len(self._and)}")
        self.model.add_bool_and([a, c]).only_enforce_if(b)
        self.model.add_bool_or([a.Not(), c.Not(), b])
        self._and[key] = b
        return b

    def bound(self, bd: Bound) -> Any:
        """A literal equal to ``lo <= sum(terms) <= hi`` (linked both ways)."""
        expr = self.total(bd.terms)
        lits = []
        for side, k in (("lo", bd.lo), ("hi", bd.hi)):
            if k is None:
                continue
            b = self.model.new_bool_var(f"{side}{len(self._misc)}")
            self._misc[(f"{side}{len(self._misc)}", frozenset())] = b
            if side == "lo":
                self.model.add(expr >= k).only_enforce_if(b)
                self.model.add(expr <= k - 1).only_enforce_if(b.Not())
            else:
                self.model.add(expr <= k).only_enforce_if(b)
                self.model.add(expr >= k + 1).only_enforce_if(b.Not())
            lits.append(b)
        if len(lits) == 1:
            return lits[0]
        both = self.model.new_bool_var(f"in{len(self._misc)}")
        self._misc[(f"in{len(self._misc)}", frozenset())] = both
        self._and_of(both, lits)
        return both

    def _and_of(self, lit: Any, lits: list[Any]) -> None:
        """``lit <=> AND(lits)``."""
        self.model.add_bool_and(lits).only_enforce_if(lit)
        self.model.add_bool_or([x.Not() for x in lits] + [lit])

    def total(self, terms: Sequence[Term]) -> Any:
        """The linear sum of the terms' indicators. A plain term whose variables lie in one
        at-most-one group is their sum itself: no auxiliary literal needed."""
        out: list[Any] = []
        for t in terms:
            if t.given is None and not t.exactly_one and len(t.lits) > 1 and len(
                    {self.group_of.get(i, -1 - i) for i in t.lits}) == 1:
                out.extend(self.x[i] for i in t.lits)
            else:
                out.append(self.term(t))
        return sum(out, 0)

    def add(self, c: Constraint) -> None:
        m = self.model
        if isinstance(c, Fix):
            if c.value:
                m.add_bool_or([self.x[i] for i in c.lits] or [m.new_constant(0)])
            else:
                for i in c.lits:
                    m.add(self.x[i] == 0)
        elif isinstance(c, AtMost):
            if len(c.lits) > c.count:
                m.add(sum(self.x[i] for i in c.lits) <= c.count)
        elif isinstance(c, AtLeastVars):
            m.add(sum((self.x[i] for i in c.lits), 0) >= c.count)
        elif isinstance(c, Implies):
            # A hard constraint: one clause per "when" variable, no indicator needed.
            then = [self.x[j] for j in sorted(c.then)]
            for i in c.when:
                m.add_bool_or([self.x[i].Not(), *then])
        elif isinstance(c, CountAtLeast):
            m.add(self.total(c.terms) >= c.count)
        elif isinstance(c, CountEquals):
            m.add(self.total(c.terms) == c.count)
        elif isinstance(c, CountAtMost):
            m.add(self.total(c.terms) <= c.count)
        elif isinstance(c, ZeroOrAtLeast):
            if c.count > 1 and c.lits:
                total = sum(self.x[i] for i in c.lits)
                m.add(total >= c.count).only_enforce_if(self.ind(c.lits))
        elif isinstance(c, AnyOf):
            if len(c.alternatives) == 1:
                for bd in c.alternatives[0]:
                    expr = self.total(bd.terms)
                    if bd.lo is not None:
                        m.add(expr >= bd.lo)
                    if bd.hi is not None:
                        m.add(expr <= bd.hi)
                return
            alts = []
            for alt in c.alternatives:
                a = m.new_bool_var(f"alt{len(self._misc)}")
                self._misc[(f"alt{len(self._misc)}", frozenset())] = a
                self._and_of(a, [self.bound(bd) for bd in alt])
                alts.append(a)
            m.add_bool_or(alts or [m.new_constant(0)])
        elif isinstance(c, Conditional):
            if c.when:
                when = self.ind(c.when)
                expr = self.total(c.bound.terms)
                if c.bound.lo is not None:
                    m.add(expr >= c.bound.lo).only_enforce_if(when)
                if c.bound.hi is not None:
                    m.add(expr <= c.bound.hi).only_enforce_if(when)
        elif isinstance(c, NotPattern):
            lits = [self.ind(ls).Not() if val else self.ind(ls) for ls, val in c.pattern]
            m.add_bool_or(lits or [m.new_constant(0)])
        else:  # pragma: no cover - exhaustive
            raise NotImplementedError(type(c).__name__)

    def true_vars(self, values: Sequence[int]) -> frozenset[int]:
        """The declared variables set in a solution (``values``: the response's solution
        vector; the problem's variables are the model's first ``n``)."""
        n = len(self.x)
        return frozenset(i for i, v in zip(range(n), values, strict=False) if v)


SMALL_PROBLEM = 16
"""Up to this many declared variables, a single solve skips CP-SAT's presolve: it costs more
than it saves there (measured: 15% more article boards per second). Enumerations and larger
problems keep it: without it, proving that no solution is left took 53 s on a 48-variable
board (CPSAT-NOTES: some boards of 128+ creatures went unsolved)."""


def _solver(time_limit: float | None, n: int | None = None) -> Any:
    """A one-worker solver; ``n``: the problem's size when presolve may be skipped."""
    cp = _cp_model()
    s = cp.CpSolver()
    s.parameters.num_workers = 1
    if n is not None and n <= SMALL_PROBLEM:
        s.parameters.cp_model_presolve = False
    if time_limit is not None:
        s.parameters.max_time_in_seconds = time_limit
    return s


def solve(problem: Problem, extra: Sequence[Constraint] = (),
          maximize: Sequence[Term] | None = None,
          time_limit: float | None = None) -> Solution | None:
    """One solution (the best one when ``maximize`` is given), or None if infeasible."""
    b = _Build(problem)
    for c in extra:
        b.add(c)
    objective = None
    if maximize is not None:
        objective = b.total(maximize)
        b.model.maximize(objective)
    s = _solver(time_limit, problem.n)
    status = s.solve(b.model)
    cp = b.cp
    if status == cp.INFEASIBLE:
        return None
    if status == cp.OPTIMAL or (status == cp.FEASIBLE and maximize is None):
        value = int(round(s.objective_value)) if maximize is not None else 0
        return Solution(b.true_vars(s.response_proto.solution), value)
    if status == cp.MODEL_INVALID:  # pragma: no cover - a bug in the encoding
        raise RuntimeError(b.model.validate())
    raise SolverTimeout(f"CP-SAT stopped with status {s.status_name(status)}")


def enumerate_solutions(problem: Problem, extra: Sequence[Constraint] = (),
                        cap: int | None = None,
                        time_limit: float | None = None) -> tuple[list[frozenset[int]], bool]:
    """Every distinct solution, projected on the problem's variables.

    Returns (solutions, complete); ``complete`` is False when ``cap`` stopped the search."""
    b = _Build(problem)
    for c in extra:
        b.add(c)
    cp = b.cp
    seen: set[frozenset[int]] = set()
    out: list[frozenset[int]] = []
    state = {"capped": False}

    class _Collect(cp.CpSolverSolutionCallback):  # type: ignore[misc, name-defined]
        def on_solution_callback(self) -> None:
            sol = b.true_vars(self.response_proto.solution)
            if sol not in seen:
                if cap is not None and len(out) >= cap:
                    state["capped"] = True
                    self.stop_search()
                    return
                seen.add(sol)
                out.append(sol)

    s = _solver(time_limit)
    s.parameters.enumerate_all_solutions = True
    status = s.solve(b.model, _Collect())
    if status == cp.MODEL_INVALID:  # pragma: no cover
        raise RuntimeError(b.model.validate())
    if status not in (cp.OPTIMAL, cp.INFEASIBLE) and not state["capped"]:
        raise SolverTimeout("CP-SAT stopped before enumerating every solution")
    return out, not state["capped"]


def new_model() -> Any:
    """A fresh, empty CP-SAT model (for integer models built outside :class:`Problem`)."""
    _cp_model()
    return _Model()
