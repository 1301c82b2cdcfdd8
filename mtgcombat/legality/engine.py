"""The legality engine shared by attacks (CR 508.1) and blocks (CR 509.1).

For a declaration A with committed costs C = costs(A), the universe is every declaration that
obeys every restriction and incurs no cost outside C; A is legal when it obeys every
restriction, is terminal in the conditional-requirement process on that universe
(:mod:`~mtgcombat.legality.process`; without conditional requirements: obeys the most
requirements possible) and its total cost can be paid.

:class:`Engine` knows declarations only as (creature, target) pairs; subclasses add what is
specific to attacks or blocks: the declaration type, the structural checks (CR 508.1a/b,
509.1a) and payment.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.compile.instances import Instances
from mtgcombat.errors import Deadline, DeclarationError
from mtgcombat.legality.encode import Encoded, encode
from mtgcombat.legality.enumeration import Enumeration
from mtgcombat.legality.evaluate import (
    Pairs,
    as_pairs,
    commitment,
    existing,
    pattern,
    violated_restrictions,
)
from mtgcombat.legality.process import Process, State, run_process
from mtgcombat.legality.reasons import (
    ASSUMED_PAYABLE,
    assumed_payable,
    costs_of,
    legal_verdict,
    requirements_verdict,
    with_payment,
)
from mtgcombat.legality.solving import Solving
from mtgcombat.legality.verdict import Verdict
from mtgcombat.payment.search import PaymentResult
from mtgcombat.solver.problem import Term

__all__ = ["ASSUMED_PAYABLE", "Engine", "Process", "State"]

D = TypeVar("D", bound=DeclarationLike)


class Engine(Generic[D]):
    """One board's compiled model; reuse it to answer many questions about the board.

    Every solve is limited to what is left of ``deadline``; ``time_limit`` (seconds) is short
    for ``deadline=Deadline.after(time_limit)``, a deadline for the engine's whole life."""

    def __init__(self, inst: Instances, *, deadline: Deadline | None = None,
                 time_limit: float | None = None) -> None:
        self.inst = inst
        self.enc: Encoded = encode(inst)
        self.deadline = deadline if deadline is not None else Deadline.after(time_limit)
        self.solving = Solving(self.enc, self.deadline)
        self._processes: dict[frozenset[int], Process] = {}
        self.enumeration: Enumeration[D] = Enumeration(self.solving, self.make, self.process)

    @property
    def solves(self) -> int:
        """How many solves (and enumerations) this engine has run."""
        return self.solving.count

    # -- hooks -------------------------------------------------------------------------------

    def make(self, pairs: Pairs) -> D:
        """The declaration with these (creature, target) pairs."""
        raise NotImplementedError

    def structural(self, decl: D) -> Verdict | None:
        """An illegal verdict for a declaration that can't even be declared, else None."""
        return None

    def known_permanent(self, pid: str, path: str) -> None:
        """Raise :class:`DeclarationError` (at ``path``) unless ``pid`` is a permanent of the
        board, phased out or not."""
        if pid not in self.inst.permanent_ids:
            raise DeclarationError(f"no permanent with id {pid!r}", path=path)

    def not_a_candidate(self, cid: str, role: str, rule: str, decl: D) -> Verdict:
        """The illegal verdict for declaring ``cid``, which isn't a candidate, as ``role``
        ("an attacker", "a blocker")."""
        return Verdict(False, "not_a_candidate", f"{cid} can't be declared as {role}: "
                       f"{self.inst.not_declarable[cid]} ({rule})", decl)

    payment_rule = "CR 508.1h-j"

    def pay_for(self, decl: D, committed: frozenset[int]) -> PaymentResult | None:
        """Paying the total of ``committed`` after declaring ``decl`` (None: no payment step
        is modelled, everything is payable)."""
        return None

    def payable(self, decl: D) -> bool:
        """Can the total cost of ``decl`` be paid?"""
        paid = self.pay_for(decl, commitment(self.inst, as_pairs(decl)))
        return paid is None or paid.payable

    # -- the process -------------------------------------------------------------------------

    @property
    def conditional(self) -> bool:
        """Does the board have conditional requirements?"""
        return bool(self.inst.conditions)

    def process(self, committed: frozenset[int]) -> Process:
        """The conditional-requirement process among declarations obeying every restriction
        and incurring no cost outside ``committed`` (memoised per commitment)."""
        got = self._processes.get(committed)
        if got is None:
            got = self._processes[committed] = run_process(self.solving, committed)
        return got

    def commitments(self) -> list[frozenset[int]]:
        """Every cost commitment costs(A) of a restriction-obeying declaration A."""
        return self.enumeration.commitments()

    # -- check -------------------------------------------------------------------------------

    def check_declaration(self, decl: D, *, assume_payable: bool = False) -> Verdict:
        """Is ``decl`` legal (restrictions, requirements, and payment unless
        ``assume_payable``)?"""
        early = self.structural(decl)
        if early is not None:
            return early
        inst = self.inst
        pairs = as_pairs(decl)
        committed = commitment(inst, pairs)
        costs = costs_of(inst, committed)
        broken = violated_restrictions(inst, pairs)
        if broken:
            return Verdict(False, "restriction",
                           f"violates a restriction: {broken[0].describe()}", decl,
                           violated=tuple(r.describe() for r in broken), costs=costs)
        proc = self.process(committed)
        st = proc.terminal_of(inst, pairs)
        if st is None:
            return requirements_verdict(inst, self.make, decl, proc, costs)
        legal = legal_verdict(inst, decl, proc, st, costs)
        if assume_payable:
            return assumed_payable(legal)
        return with_payment(legal, lambda: self.pay_for(decl, committed), self.payment_rule)

    # -- enumeration -------------------------------------------------------------------------

    def terminals(self, committed: frozenset[int], st: State,
                  limit: int | None = None) -> tuple[list[D], bool]:
        """The declarations terminal in state ``st`` of ``process(committed)`` that incur
        exactly ``committed``, canonical order; at most ``limit``. Returns (declarations,
        complete)."""
        return self.enumeration.terminals(committed, st, limit)

    def legal(self, *, assume_payable: bool = False) -> Iterator[D]:
        """Every legal declaration in canonical order, streamed by size; with
        ``assume_payable`` the payment step is skipped."""
        for decl in self.legal_if_payable():
            if assume_payable or not self.inst.costs or self.payable(decl):
                yield decl

    def legal_if_payable(self) -> Iterator[D]:
        """Every declaration that is legal if its costs can be paid, canonical order."""
        return self.enumeration.legal_if_payable()

    # -- other questions ---------------------------------------------------------------------

    def max_requirements(self) -> tuple[int, D]:
        """The most requirement instances that exist and are obeyed by one restriction-obeying
        declaration, every cost paid; and such a declaration."""
        terms = tuple(
            Term(t.lits, None if r.condition is None else self.enc.cond[r.condition],
                 t.exactly_one)
            for r, t in zip(self.inst.requirements, self.enc.req, strict=True))
        sol = self.solving.best([], maximize=terms)
        assert sol is not None
        return sol.value, self.make(self.solving.pairs(sol))

    def required(self, decl: D) -> frozenset[str]:
        """Creatures some requirement existing for ``decl`` applies to (CR 506.6)."""
        reqs = existing(self.inst, pattern(self.inst, as_pairs(decl)))
        return frozenset(c for i in reqs
                         if (c := self.inst.requirements[i].creature) is not None)
