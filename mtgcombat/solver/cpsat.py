"""The CP-SAT backend: the only package that imports OR-Tools.

Solves a :class:`~mtgcombat.solver.problem.Problem` plus per-query constraints: maximise a
count of indicator terms, test feasibility, or enumerate every solution (projected on the
problem's variables, de-duplicated). The problem is compiled into a model proto once
(:mod:`~.build`) and each query solves a copy of it with its own constraints appended, through
OR-Tools' low-level solve wrapper: queries never import ``cp_model`` (and with it numpy and
pandas). Always one worker for enumeration: with more, CP-SAT can lose solutions while still
reporting OPTIMAL (measured with two workers on random attack boards: 8 of 12 lost solutions,
with occasional duplicates).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtgcombat.errors import SolverFailure, TimeLimitReached
from mtgcombat.solver import timing
from mtgcombat.solver.build import ENCODERS, ProtoBuild, helper
from mtgcombat.solver.problem import Constraint, Problem, Term

__all__ = ["ENCODERS", "SMALL_PROBLEM", "Solution", "SolverTimeout", "enumerate_solutions",
           "new_model", "solve"]

_cp: Any = None
_Model: Any = None


def _cp_model() -> Any:
    """Import ``ortools.sat.python.cp_model`` lazily (it costs ~0.25-0.4 s: numpy, pandas).
    Only :mod:`~.integer` models need it."""
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


# -- solving ---------------------------------------------------------------------------------


SMALL_PROBLEM = 16
"""Up to this many declared variables, a single solve skips CP-SAT's presolve: it costs more
than it saves there (measured: 15% more article boards per second). Enumerations and larger
problems keep it: without it, proving that no solution is left took 53 s on a 48-variable
board, and with presolve off some boards of 128+ creatures went unsolved after 2 s."""


def _parameters(time_limit: float | None, n: int | None = None,
                enumerate_all: bool = False) -> Any:
    """One-worker parameters; ``n``: the problem's size when presolve may be skipped."""
    prm = helper().SatParameters()
    prm.num_workers = 1
    if n is not None and n <= SMALL_PROBLEM:
        prm.cp_model_presolve = False
    if time_limit is not None:
        prm.max_time_in_seconds = time_limit
    if enumerate_all:
        prm.enumerate_all_solutions = True
    return prm


def _stopped(b: ProtoBuild, status: Any, time_limit: float | None) -> Exception:
    """The error for a solve that ended without the answer asked for: :class:`SolverTimeout`
    when it stopped for its time limit, :class:`~mtgcombat.errors.SolverFailure` otherwise."""
    cmh = helper()
    name = status.name
    if status == cmh.MODEL_INVALID:  # pragma: no cover - a bug in the encoding
        detail = cmh.CpSatHelper.validate_model(b.proto)
        return SolverFailure(f"CP-SAT rejected the model: {detail}")
    if time_limit is not None and status in (cmh.UNKNOWN, cmh.FEASIBLE):
        return SolverTimeout(f"CP-SAT stopped at its time limit with status {name}")
    return SolverFailure(f"CP-SAT stopped with status {name}")  # pragma: no cover


def _base(problem: Problem) -> ProtoBuild:
    """The problem's compiled model (built once, kept in ``problem.compiled``)."""
    got = problem.compiled.get("cpsat")
    if isinstance(got, tuple) and got[0] == problem.shape():
        base: ProtoBuild = got[1]
        return base
    base = ProtoBuild(problem)
    problem.compiled["cpsat"] = (problem.shape(), base)
    return base


def _built(problem: Problem, extra: Sequence[Constraint]) -> ProtoBuild:
    """A copy of the problem's model with ``extra`` added."""
    b = _base(problem).copy()
    for c in extra:
        b.add(c)
    return b


def _run(b: ProtoBuild, prm: Any, callback: Any = None) -> Any:
    """Solve ``b``'s proto with parameters ``prm``; the response."""
    wrapper = helper().SolveWrapper()
    wrapper.set_parameters(prm)
    if callback is not None:
        wrapper.add_solution_callback(callback)
    try:
        return wrapper.solve(b.proto)
    finally:
        if callback is not None:
            wrapper.clear_solution_callback(callback)


def solve(problem: Problem, extra: Sequence[Constraint] = (),
          maximize: Sequence[Term] | None = None,
          time_limit: float | None = None) -> Solution | None:
    """One solution (the best one when ``maximize`` is given), or None if infeasible."""
    t0 = time.perf_counter()
    b = _built(problem, extra)
    if maximize is not None:  # CP-SAT minimises: the negated count
        merged = Counter(b.total(maximize))
        b.proto.objective.vars.extend(list(merged))
        b.proto.objective.coeffs.extend([-k for k in merged.values()])
    t1 = time.perf_counter()
    response = _run(b, _parameters(time_limit, problem.n))
    timing.record(t1 - t0, time.perf_counter() - t1)
    status, cmh = response.status, helper()
    if status == cmh.INFEASIBLE:
        return None
    if status == cmh.OPTIMAL or (status == cmh.FEASIBLE and maximize is None):
        value = -int(round(response.objective_value)) if maximize is not None else 0
        return Solution(b.true_vars(response.solution), value)
    raise _stopped(b, status, time_limit)


def enumerate_solutions(problem: Problem, extra: Sequence[Constraint] = (),
                        cap: int | None = None,
                        time_limit: float | None = None) -> tuple[list[frozenset[int]], bool]:
    """Every distinct solution, projected on the problem's variables.

    Returns (solutions, complete); ``complete`` is False when ``cap`` stopped the search."""
    t0 = time.perf_counter()
    b = _built(problem, extra)
    t1 = time.perf_counter()
    cmh = helper()
    seen: set[frozenset[int]] = set()
    out: list[frozenset[int]] = []
    state = {"capped": False}

    class _Collect(cmh.SolutionCallback):  # type: ignore[misc, name-defined]
        def __init__(self) -> None:
            cmh.SolutionCallback.__init__(self)

        def OnSolutionCallback(self) -> None:  # noqa: N802 - the wrapper's name
            sol = b.true_vars(self.Response().solution)
            if sol not in seen:
                if cap is not None and len(out) >= cap:
                    state["capped"] = True
                    self.StopSearch()
                    return
                seen.add(sol)
                out.append(sol)

    response = _run(b, _parameters(time_limit, enumerate_all=True), _Collect())
    timing.record(t1 - t0, time.perf_counter() - t1)
    status = response.status
    if status not in (cmh.OPTIMAL, cmh.INFEASIBLE) and not state["capped"]:
        raise _stopped(b, status, time_limit)
    return out, not state["capped"]


def new_model() -> Any:
    """A fresh, empty ``cp_model`` model (for :mod:`~.integer` models built outside
    :class:`Problem`)."""
    _cp_model()
    return _Model()
