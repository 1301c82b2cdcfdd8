"""The CP-SAT backend: the only module that imports OR-Tools.

Solves a :class:`~mtgcombat.solver.problem.Problem` plus per-query constraints: maximise a
count of indicator terms, test feasibility, or enumerate every solution (projected on the
problem's variables, de-duplicated). Always one worker for enumeration: with more, CP-SAT can
lose solutions while still reporting OPTIMAL (measured with two workers on random attack
boards: 8 of 12 lost solutions, with occasional duplicates).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mtgcombat.errors import SolverFailure, TimeLimitReached
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
        self._one: dict[Lits, Any] = {}
        self._aux = 0
        for c in problem.constraints:
            self.add(c)

    def new_bool(self, prefix: str) -> Any:
        """A fresh auxiliary boolean variable."""
        self._aux += 1
        return self.model.new_bool_var(f"{prefix}{self._aux}")

    def ind(self, lits: Lits) -> Any:
        """A literal equal to OR(lits) (linked both ways)."""
        if len(lits) == 1:
            return self.x[next(iter(lits))]
        got = self._ind.get(lits)
        if got is not None:
            return got
        b = self.new_bool("or")
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
        got = self._one.get(lits)
        if got is not None:
            return got
        b = self.new_bool("one")
        total = sum((self.x[i] for i in lits), 0)
        self.model.add(total == 1).only_enforce_if(b)
        self.model.add(total != 1).only_enforce_if(b.Not())
        self._one[lits] = b
        return b

    def term(self, t: Term) -> Any:
        """A literal equal to the term's indicator."""
        a = self.exactly_one(t.lits) if t.exactly_one else self.ind(t.lits)
        if t.given is None:
            return a
        key = (t.lits, t.given, t.exactly_one)
        got = self._and.get(key)
        if got is not None:
            return got
        c = self.ind(t.given)
        b = self.new_bool("and")
        self.and_of(b, [a, c])
        self._and[key] = b
        return b

    def bound(self, bd: Bound) -> Any:
        """A literal equal to ``lo <= sum(terms) <= hi`` (linked both ways)."""
        expr = self.total(bd.terms)
        lits = []
        if bd.lo is not None:
            b = self.new_bool("lo")
            self.model.add(expr >= bd.lo).only_enforce_if(b)
            self.model.add(expr <= bd.lo - 1).only_enforce_if(b.Not())
            lits.append(b)
        if bd.hi is not None:
            b = self.new_bool("hi")
            self.model.add(expr <= bd.hi).only_enforce_if(b)
            self.model.add(expr >= bd.hi + 1).only_enforce_if(b.Not())
            lits.append(b)
        if len(lits) == 1:
            return lits[0]
        both = self.new_bool("in")
        self.and_of(both, lits)
        return both

    def hard_bound(self, bd: Bound, enforce: Any = None) -> None:
        """``lo <= sum(terms) <= hi`` as hard constraints (only if ``enforce``, if given)."""
        expr = self.total(bd.terms)
        for side in ([] if bd.lo is None else [expr >= bd.lo]) + (
                [] if bd.hi is None else [expr <= bd.hi]):
            ct = self.model.add(side)
            if enforce is not None:
                ct.only_enforce_if(enforce)

    def and_of(self, lit: Any, lits: list[Any]) -> None:
        """``lit <=> AND(lits)``."""
        self.model.add_bool_and(lits).only_enforce_if(lit)
        self.model.add_bool_or([x.Not() for x in lits] + [lit])

    def some(self, lits: list[Any]) -> None:
        """``OR(lits)`` (false when ``lits`` is empty)."""
        self.model.add_bool_or(lits or [self.model.new_constant(0)])

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
        """Add one constraint with its encoder from :data:`ENCODERS`."""
        encoder = ENCODERS.get(type(c))
        if encoder is None:
            raise NotImplementedError(type(c))
        encoder(self, c)

    def true_vars(self, values: Sequence[int]) -> frozenset[int]:
        """The declared variables set in a solution (``values``: the response's solution
        vector; the problem's variables are the model's first ``n``)."""
        n = len(self.x)
        return frozenset(i for i, v in zip(range(n), values, strict=False) if v)


# -- one encoder per constraint type ---------------------------------------------------------


def _fix(b: _Build, c: Fix) -> None:
    if c.value:
        b.some([b.x[i] for i in c.lits])
    else:
        for i in c.lits:
            b.model.add(b.x[i] == 0)


def _at_most(b: _Build, c: AtMost) -> None:
    if len(c.lits) > c.count:
        b.model.add(sum(b.x[i] for i in c.lits) <= c.count)


def _at_least_vars(b: _Build, c: AtLeastVars) -> None:
    b.model.add(sum((b.x[i] for i in c.lits), 0) >= c.count)


def _implies(b: _Build, c: Implies) -> None:
    # A hard constraint: one clause per "when" variable, no indicator needed.
    then = [b.x[j] for j in sorted(c.then)]
    for i in c.when:
        b.model.add_bool_or([b.x[i].Not(), *then])


def _count_at_least(b: _Build, c: CountAtLeast) -> None:
    b.model.add(b.total(c.terms) >= c.count)


def _count_equals(b: _Build, c: CountEquals) -> None:
    b.model.add(b.total(c.terms) == c.count)


def _count_at_most(b: _Build, c: CountAtMost) -> None:
    b.model.add(b.total(c.terms) <= c.count)


def _zero_or_at_least(b: _Build, c: ZeroOrAtLeast) -> None:
    if c.count > 1 and c.lits:
        total = sum(b.x[i] for i in c.lits)
        b.model.add(total >= c.count).only_enforce_if(b.ind(c.lits))


def _any_of(b: _Build, c: AnyOf) -> None:
    if len(c.alternatives) == 1:
        for bd in c.alternatives[0]:
            b.hard_bound(bd)
        return
    alts = []
    for alt in c.alternatives:
        a = b.new_bool("alt")
        b.and_of(a, [b.bound(bd) for bd in alt])
        alts.append(a)
    b.some(alts)


def _conditional(b: _Build, c: Conditional) -> None:
    if c.when:
        b.hard_bound(c.bound, enforce=b.ind(c.when))


def _not_pattern(b: _Build, c: NotPattern) -> None:
    b.some([b.ind(ls).Not() if val else b.ind(ls) for ls, val in c.pattern])


ENCODERS: dict[type, Callable[[_Build, Any], None]] = {
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


# -- solving ---------------------------------------------------------------------------------


SMALL_PROBLEM = 16
"""Up to this many declared variables, a single solve skips CP-SAT's presolve: it costs more
than it saves there (measured: 15% more article boards per second). Enumerations and larger
problems keep it: without it, proving that no solution is left took 53 s on a 48-variable
board, and with presolve off some boards of 128+ creatures went unsolved after 2 s."""


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


def _stopped(b: _Build, s: Any, status: Any, time_limit: float | None) -> Exception:
    """The error for a solve that ended without the answer asked for: :class:`SolverTimeout`
    when it stopped for its time limit, :class:`~mtgcombat.errors.SolverFailure` otherwise."""
    cp = b.cp
    name = s.status_name(status)
    if status == cp.MODEL_INVALID:  # pragma: no cover - a bug in the encoding
        return SolverFailure(f"CP-SAT rejected the model: {b.model.validate()}")
    if time_limit is not None and status in (cp.UNKNOWN, cp.FEASIBLE):
        return SolverTimeout(f"CP-SAT stopped at its time limit with status {name}")
    return SolverFailure(f"CP-SAT stopped with status {name}")  # pragma: no cover


def _built(problem: Problem, extra: Sequence[Constraint]) -> _Build:
    b = _Build(problem)
    for c in extra:
        b.add(c)
    return b


def solve(problem: Problem, extra: Sequence[Constraint] = (),
          maximize: Sequence[Term] | None = None,
          time_limit: float | None = None) -> Solution | None:
    """One solution (the best one when ``maximize`` is given), or None if infeasible."""
    b = _built(problem, extra)
    if maximize is not None:
        b.model.maximize(b.total(maximize))
    s = _solver(time_limit, problem.n)
    status = s.solve(b.model)
    cp = b.cp
    if status == cp.INFEASIBLE:
        return None
    if status == cp.OPTIMAL or (status == cp.FEASIBLE and maximize is None):
        value = int(round(s.objective_value)) if maximize is not None else 0
        return Solution(b.true_vars(s.response_proto.solution), value)
    raise _stopped(b, s, status, time_limit)


def enumerate_solutions(problem: Problem, extra: Sequence[Constraint] = (),
                        cap: int | None = None,
                        time_limit: float | None = None) -> tuple[list[frozenset[int]], bool]:
    """Every distinct solution, projected on the problem's variables.

    Returns (solutions, complete); ``complete`` is False when ``cap`` stopped the search."""
    b = _built(problem, extra)
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
    if status not in (cp.OPTIMAL, cp.INFEASIBLE) and not state["capped"]:
        raise _stopped(b, s, status, time_limit)
    return out, not state["capped"]


def new_model() -> Any:
    """A fresh, empty CP-SAT model (for integer models built outside :class:`Problem`)."""
    _cp_model()
    return _Model()
