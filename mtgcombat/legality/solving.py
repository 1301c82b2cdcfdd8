"""One board's solver queries: every CP-SAT call the engine makes, counted, under a deadline."""

from __future__ import annotations

from collections.abc import Sequence

from mtgcombat.errors import NO_DEADLINE, Deadline
from mtgcombat.legality.encode import Encoded
from mtgcombat.legality.evaluate import Pairs
from mtgcombat.solver import cpsat
from mtgcombat.solver.problem import Constraint, Term


class Solving:
    """Solves ``enc``'s problem plus per-query constraints; each solve may use what is left of
    ``deadline`` and no more."""

    def __init__(self, enc: Encoded, deadline: Deadline = NO_DEADLINE) -> None:
        self.enc = enc
        self.deadline = deadline
        self.count = 0
        """How many solves (and enumerations) have run."""

    def best(self, extra: Sequence[Constraint],
             maximize: tuple[Term, ...] | None = None) -> cpsat.Solution | None:
        """One solution of the problem plus ``extra`` (maximising ``maximize``), or None."""
        self.count += 1
        return cpsat.solve(self.enc.problem, extra, maximize,
                           time_limit=self.deadline.remaining())

    def every(self, extra: Sequence[Constraint],
              cap: int | None = None) -> tuple[list[frozenset[int]], bool]:
        """Every solution of the problem plus ``extra`` (at most ``cap``), and whether that is
        all of them."""
        self.count += 1
        return cpsat.enumerate_solutions(self.enc.problem, extra, cap=cap,
                                         time_limit=self.deadline.remaining())

    def pairs(self, sol: cpsat.Solution) -> Pairs:
        """The (creature, target) pairs of a solution."""
        return self.enc.vm.declaration(sol.true)
