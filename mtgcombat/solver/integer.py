"""A small integer model for problems that are not a :class:`~mtgcombat.solver.problem.Problem`:
bounded integer and boolean variables, linear constraints that may be enforced only when some
booleans hold, clauses, and a lexicographic maximisation of two sums.

Callers build linear expressions with ``+``, ``sum`` and comparisons on the variables it hands
out and never touch the backend (CP-SAT) themselves. The backend is imported only when the first
model is made.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mtgcombat.errors import SolverFailure
from mtgcombat.solver import cpsat

Var = Any
"""A variable of the model (integer or boolean); opaque to callers."""
Expr = Any
"""A linear expression over the model's variables, or an int."""
Relation = Any
"""A linear (in)equality between expressions, as built with ``==``, ``<=``, ``>=``."""

SECONDARY_WEIGHT = 1000
"""Each secondary term is assumed at most this large when weighting primary over secondary."""


class Enforceable:
    """A constraint just added to a model; :meth:`only_enforce_if` makes it conditional."""

    def __init__(self, constraint: Any) -> None:
        self._constraint = constraint

    def only_enforce_if(self, *lits: Var) -> Enforceable:
        """Require the constraint only when every boolean in ``lits`` is true."""
        self._constraint.only_enforce_if(list(lits))
        return self


@dataclass(frozen=True)
class IntSolution:
    """Values of one optimal solution and the primary objective's value."""

    primary: int
    _solver: Any

    def value(self, var: Var) -> int:
        """The value of ``var`` (a variable of the solved model) in this solution."""
        return int(self._solver.value(var))


def _run(solver: Any, model: Any) -> str:
    """Solve ``model``; the name of the resulting status (``OPTIMAL``, ``FEASIBLE``,
    ``INFEASIBLE``, ``MODEL_INVALID`` or ``UNKNOWN``)."""
    return str(solver.status_name(solver.solve(model)))


class IntModel:
    """One integer model: variables, constraints, then one :meth:`maximize_lexicographic`."""

    def __init__(self) -> None:
        self._cp = cpsat._cp_model()
        self._model = cpsat.new_model()
    def int_var(self, lo: int, hi: int, name: str) -> Var:
        """A new integer variable in ``[lo, hi]``."""
        return self._model.new_int_var(lo, hi, name)

    def bool_var(self, name: str) -> Var:
        """A new boolean variable (0 or 1)."""
        return self._model.new_bool_var(name)

    @staticmethod
    def negation(lit: Var) -> Var:
        """The literal true exactly when boolean ``lit`` is false."""
        return lit.Not()

    def add(self, relation: Relation) -> Enforceable:
        """Require a linear (in)equality."""
        return Enforceable(self._model.add(relation))

    def add_bool_or(self, lits: Iterable[Var]) -> Enforceable:
        """Require at least one of the booleans ``lits``."""
        return Enforceable(self._model.add_bool_or(list(lits)))

    def maximize_lexicographic(self, primary: Sequence[Expr], secondary: Sequence[Expr], *,
                               primary_offset: int = 0,
                               time_limit: float | None = None) -> IntSolution | None:
        """Maximise ``sum(primary) + primary_offset``, then ``sum(secondary)``; None when
        infeasible.

        Raises :class:`~mtgcombat.errors.TimeLimitReached` when ``time_limit`` (seconds) runs
        out before the optimum is proven, :class:`~mtgcombat.errors.SolverFailure` on any other
        status than optimal, feasible or infeasible."""
        weight = len(secondary) * SECONDARY_WEIGHT + SECONDARY_WEIGHT
        self._model.maximize((sum(primary) + primary_offset) * weight + sum(secondary))
        solver = self._cp.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = 0
        if time_limit is not None:
            solver.parameters.max_time_in_seconds = time_limit
        status = _run(solver, self._model)
        if status == "INFEASIBLE":
            return None
        if status == "OPTIMAL" or (status == "FEASIBLE" and time_limit is None):
            return IntSolution(round(solver.objective_value) // weight, solver)
        if time_limit is not None and status in ("FEASIBLE", "UNKNOWN"):
            raise cpsat.SolverTimeout(f"CP-SAT stopped with status {status} at its time limit")
        detail = self._model.validate() if status == "MODEL_INVALID" else ""
        raise SolverFailure(f"CP-SAT stopped with status {status}"
                            + (f": {detail}" if detail else ""))
