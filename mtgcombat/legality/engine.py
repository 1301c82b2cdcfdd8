"""The legality engine shared by attacks (CR 508.1) and blocks (CR 509.1): SPEC §4 and §5.

For a declaration A with committed costs C = costs(A), the universe is every declaration that
obeys every restriction and incurs no cost outside C. The conditional-requirement process of
SPEC §5 runs on that universe as states (history, pattern): one CP-SAT solve per state for its
maximum, more solves to find the other patterns its maximisers reach. Without conditional
requirements there is a single state and the process is §4.3's plain maximum.

:class:`Engine` knows declarations only as (creature, target) pairs; subclasses add what is
specific to attacks or blocks: the declaration type, the structural checks (CR 508.1a/b,
509.1a) and payment.
"""

from __future__ import annotations

import dataclasses
import heapq
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.compile.instances import Instances
from mtgcombat.legality.encode import Encoded, encode
from mtgcombat.legality.evaluate import (
    Pairs,
    as_pairs,
    commitment,
    existing,
    obeyed,
    pattern,
    violated_restrictions,
)
from mtgcombat.legality.verdict import Verdict
from mtgcombat.payment.search import PaymentResult, PaymentSearchTooLarge
from mtgcombat.solver import cpsat
from mtgcombat.solver.problem import (
    AnyOf,
    AtLeastVars,
    AtMost,
    Bound,
    Constraint,
    CountAtLeast,
    CountEquals,
    Fix,
    NotPattern,
    Term,
)

ASSUMED_PAYABLE = "costs assumed payable: paying them is not checked (--assume-payable)"
ENUMERATION_CAP = 5_000
"""Per cost commitment, collect at most this many declarations in one enumeration before
switching to one enumeration per declaration size (streams in canonical order without holding
everything; the capped first pass wastes at most this many solutions)."""
LEVEL_CAP = 2_000
"""Within one declaration size, enumerate at most this many at once before splitting on the
next (creature, target) pair (bounds memory and the delay to the first results)."""

History = tuple[tuple[frozenset[int], int], ...]
Pattern = tuple[bool, ...]
D = TypeVar("D", bound=DeclarationLike)


@dataclass
class State:
    """One state of SPEC §5's process: the history of bounds, the pattern of the declaration
    just chosen, the requirement set R(pattern) and its maximum under the history."""

    index: int
    history: History
    pattern: Pattern
    reqs: frozenset[int]
    maximum: int
    witness: Pairs
    parent: int | None
    children: list[int] = field(default_factory=list)


@dataclass
class Process:
    """All states visited for one cost commitment."""

    commitment: frozenset[int]
    states: list[State]
    solves: int

    def terminal_of(self, inst: Instances, decl: DeclarationLike | Pairs) -> State | None:
        """The first state in which ``decl`` is terminal, if any."""
        pairs = as_pairs(decl)
        pat = pattern(inst, pairs)
        for st in self.states:
            if st.pattern != pat:
                continue
            if all(len(obeyed(inst, pairs, r)) >= k for r, k in st.history) and len(
                    obeyed(inst, pairs, st.reqs)) == st.maximum:
                return st
        return None


class Engine(Generic[D]):
    """One board's compiled model; reuse it to answer many questions about the board."""

    def __init__(self, inst: Instances, *, time_limit: float | None = None) -> None:
        self.inst = inst
        self.enc: Encoded = encode(inst)
        self.time_limit = time_limit
        self._processes: dict[frozenset[int], Process] = {}
        self.solves = 0

    # -- hooks -------------------------------------------------------------------------------

    def make(self, pairs: Pairs) -> D:
        """The declaration with these (creature, target) pairs."""
        raise NotImplementedError

    def structural(self, decl: D) -> Verdict | None:
        """An illegal verdict for a declaration that can't even be declared, else None."""
        return None

    payment_rule = "CR 508.1h-j"

    def pay_for(self, decl: D, committed: frozenset[int]) -> PaymentResult | None:
        """Paying the total of ``committed`` after declaring ``decl`` (None: no payment step
        is modelled, everything is payable)."""
        return None

    def payment_verdict(self, decl: D, committed: frozenset[int], legal: Verdict) -> Verdict:
        """``legal`` with its payment plan once the costs are paid, or the payment verdict."""
        try:
            paid = self.pay_for(decl, committed)
        except PaymentSearchTooLarge as exc:
            return Verdict(False, "unknown", f"unknown: payment search too large ({exc})",
                           decl, costs=legal.costs, branch=legal.branch)
        if paid is None:
            return legal
        if not paid.payable:
            return dataclasses.replace(
                legal, legal=False, kind="payment",
                reason=f"the total cost {paid.total} can't be paid: {paid.unpaid} "
                       f"({self.payment_rule})", payment=paid.to_json())
        reason = legal.reason
        if legal.costs:
            reason += f"; the total cost {paid.total} can be paid"
        return dataclasses.replace(legal, reason=reason, payment=paid.to_json())

    def payable(self, decl: D) -> bool:
        """Can the total cost of ``decl`` be paid?"""
        paid = self.pay_for(decl, commitment(self.inst, as_pairs(decl)))
        return paid is None or paid.payable

    # -- solver plumbing ---------------------------------------------------------------------

    def _solve(self, extra: list[Constraint],
               maximize: tuple[Term, ...] | None = None) -> cpsat.Solution | None:
        self.solves += 1
        return cpsat.solve(self.enc.problem, extra, maximize, time_limit=self.time_limit)

    def _pairs(self, sol: cpsat.Solution) -> Pairs:
        return self.enc.vm.declaration(sol.true)

    def _history(self, history: History) -> list[Constraint]:
        return [CountAtLeast(self.enc.terms(sorted(r)), k) for r, k in history]

    def _pattern_lits(self, pat: Pattern) -> tuple[tuple[frozenset[int], bool], ...]:
        return tuple((self.enc.cond[i], v) for i, v in enumerate(pat))

    def _fix_pattern(self, pat: Pattern) -> list[Constraint]:
        return [Fix(self.enc.cond[i], v) for i, v in enumerate(pat)]

    # -- SPEC §5 -----------------------------------------------------------------------------

    @property
    def conditional(self) -> bool:
        """Does the board have conditional requirements (SPEC §5)?"""
        return bool(self.inst.conditions)

    def process(self, committed: frozenset[int]) -> Process:
        """SPEC §5's process among declarations obeying every restriction and incurring no cost
        outside ``committed`` (memoised per commitment)."""
        got = self._processes.get(committed)
        if got is not None:
            return got
        before = self.solves
        universe = self.enc.decline(committed)
        start: Pattern = tuple(False for _ in self.inst.conditions)
        states: list[State] = []
        index: dict[tuple[frozenset[tuple[frozenset[int], int]], Pattern], int] = {}
        queue: deque[tuple[History, Pattern, int | None]] = deque([((), start, None)])
        while queue:
            history, pat, parent = queue.popleft()
            key = (frozenset(history), pat)
            if key in index:
                if parent is not None and index[key] not in states[parent].children:
                    states[parent].children.append(index[key])
                continue
            reqs = existing(self.inst, pat)
            extra = [*universe, *self._history(history)]
            terms = self.enc.terms(sorted(reqs))
            best = self._solve(extra, maximize=terms)
            if best is None:  # pragma: no cover - the declaration that led here obeys it all
                raise AssertionError("a state of the process has no declaration")
            st = State(len(states), history, pat, reqs, best.value, self._pairs(best), parent)
            index[key] = st.index
            states.append(st)
            if parent is not None:
                states[parent].children.append(st.index)
            if not self.inst.conditions:
                continue
            known = dict(history)
            nxt = history if reqs in known else (*history, (reqs, best.value))
            found: list[Pattern] = []
            first = pattern(self.inst, st.witness)  # the maximiser found is one already
            if first != pat:
                found.append(first)
                queue.append((nxt, first, st.index))
            at_max = [*extra, CountEquals(terms, best.value)]
            while True:
                block = [NotPattern(self._pattern_lits(q)) for q in (pat, *found)]
                sol = self._solve([*at_max, *block])
                if sol is None:
                    break
                q = pattern(self.inst, self._pairs(sol))
                found.append(q)
                queue.append((nxt, q, st.index))
        proc = Process(committed, states, self.solves - before)
        self._processes[committed] = proc
        return proc

    def commitments(self) -> list[frozenset[int]]:
        """Every cost commitment costs(A) of a restriction-obeying declaration A.

        Each solve finds one commitment C; the commitments not yet found are split into
        disjoint subproblems by the first cost instance where they differ from C (so no solve
        carries a growing list of blocking clauses)."""
        if not self.inst.costs:
            return [frozenset()]
        n = len(self.inst.costs)
        found: list[frozenset[int]] = []
        stack: list[dict[int, bool]] = [{}]
        while stack:
            fixed = stack.pop()
            sol = self._solve([Fix(self.enc.cost[i], v) for i, v in fixed.items()])
            if sol is None:
                continue
            c = commitment(self.inst, self._pairs(sol))
            found.append(c)
            prefix = dict(fixed)
            for i in range(n):
                if i in fixed:
                    continue
                stack.append({**prefix, i: i not in c})
                prefix[i] = i in c
        return found

    # -- check -------------------------------------------------------------------------------

    def check_declaration(self, decl: D, *, assume_payable: bool = False) -> Verdict:
        """Is ``decl`` legal (SPEC §4, §5, and §8 unless ``assume_payable``)?"""
        early = self.structural(decl)
        if early is not None:
            return early
        inst = self.inst
        pairs = as_pairs(decl)
        committed = commitment(inst, pairs)
        costs = tuple(inst.costs[i].describe() for i in sorted(committed))
        broken = violated_restrictions(inst, pairs)
        if broken:
            return Verdict(False, "restriction",
                           f"violates a restriction: {broken[0].describe()}", decl,
                           violated=tuple(r.describe() for r in broken), costs=costs)
        proc = self.process(committed)
        st = proc.terminal_of(inst, pairs)
        if st is None:
            return self._requirements_verdict(decl, proc, costs)
        n_ok = len(obeyed(inst, pairs, st.reqs))
        reason = ("obeys every restriction and the most requirements possible "
                  f"({n_ok} of {len(st.reqs)}) with its costs")
        if self.conditional:
            reason += f"; terminal of the conditional process ({len(proc.states)} state(s))"
        legal = Verdict(True, "legal", reason, decl, obeyed=n_ok, maximum=st.maximum,
                        costs=costs, branch=self._branch(proc, st))
        if assume_payable:
            if costs:
                return dataclasses.replace(legal, notes=(ASSUMED_PAYABLE,))
            return legal
        return self.payment_verdict(decl, committed, legal)

    def _branch(self, proc: Process, st: State) -> tuple[str, ...]:
        if not self.conditional:
            return ()
        steps: list[str] = []
        cur: State | None = st
        while cur is not None:
            steps.append(self._describe_state(cur))
            cur = proc.states[cur.parent] if cur.parent is not None else None
        return tuple(reversed(steps))

    def _describe_state(self, st: State) -> str:
        on = [self.inst.conditions[i].source.name for i, v in enumerate(st.pattern) if v]
        hist = "; ".join(f"sat({self._req_names(r)}) >= {k}" for r, k in st.history)
        return (f"state {st.index}: conditions on: {', '.join(on) or 'none'}; "
                f"requirements {self._req_names(st.reqs)}; history: {hist or 'none'}; "
                f"maximum {st.maximum}")

    def _req_names(self, reqs: frozenset[int]) -> str:
        """``{goblin: Crazed Goblin, cyc: Ekundu Cyclops}``: whose requirement, from what."""
        parts = []
        for i in sorted(reqs):
            r = self.inst.requirements[i]
            parts.append(f"{r.creature or 'a creature'}: {r.source.name}")
        return "{" + ", ".join(parts) + "}"

    def _requirements_verdict(self, decl: D, proc: Process,
                              costs: tuple[str, ...]) -> Verdict:
        """Why a restriction-obeying declaration is not terminal: a witness from the process
        that obeys strictly more of some requirement set the process compares on."""
        inst = self.inst
        pairs = as_pairs(decl)
        pat = pattern(inst, pairs)
        same = [st for st in proc.states if st.pattern == pat]
        for st in [*same, proc.states[0]]:
            witness = self.make(st.witness)
            checks = [(r, k, True) for r, k in st.history] + [(st.reqs, st.maximum, False)]
            for reqs, bound, from_history in checks:
                ours = obeyed(inst, pairs, reqs)
                if len(ours) >= bound:
                    continue
                theirs = obeyed(inst, st.witness, reqs)
                extra = tuple(inst.requirements[i].describe() for i in sorted(theirs - ours))
                if from_history:
                    reason = (f"an earlier step of the conditional process (SPEC §5) requires "
                              f"obeying at least {bound} of {len(reqs)} requirement(s); it obeys "
                              f"{len(ours)}, while {witness} obeys {len(theirs)}")
                else:
                    reason = (f"obeys {len(ours)} requirement(s) but {bound} can be obeyed "
                              "without breaking a restriction or paying a cost it does not pay: "
                              f"{witness}")
                if not same:
                    reason = ("no branch of the conditional process reaches its set of "
                              "requirements; " + reason)
                return Verdict(False, "requirements", reason, decl, witness=witness,
                               witness_obeys=extra, obeyed=len(ours), maximum=bound,
                               costs=costs, branch=self._branch(proc, st),
                               compared=tuple(sorted(reqs)))
        raise AssertionError("a non-terminal declaration has no witness")  # pragma: no cover

    # -- enumeration -------------------------------------------------------------------------

    def _terminal_spec(self, committed: frozenset[int], st: State) -> list[Constraint]:
        """Constraints whose solutions are exactly the terminals of ``st`` with costs
        ``committed``: pattern ``st.pattern``, obeying the history, reaching the maximum."""
        return [*self.enc.commit_exactly(committed), *self._history(st.history),
                *self._fix_pattern(st.pattern),
                CountEquals(self.enc.terms(sorted(st.reqs)), st.maximum)]

    def _terminal_bounds(self, st: State) -> tuple[Bound, ...]:
        """``st``'s terminal condition as bounds: its pattern, its history, its maximum."""
        pat = tuple(Bound((Term(self.enc.cond[i]),), int(v), int(v))
                    for i, v in enumerate(st.pattern))
        hist = tuple(Bound(self.enc.terms(sorted(r)), k) for r, k in st.history)
        return (*pat, *hist, Bound(self.enc.terms(sorted(st.reqs)), st.maximum, st.maximum))

    def _commitment_spec(self, committed: frozenset[int]) -> list[Constraint]:
        """Constraints whose solutions are exactly the declarations terminal in some state of
        ``process(committed)`` and incurring exactly ``committed``: each solution once."""
        states = self.process(committed).states
        return [*self.enc.commit_exactly(committed),
                AnyOf(tuple(self._terminal_bounds(st) for st in states))]

    def _sorted(self, sols: set[frozenset[int]] | list[frozenset[int]]) -> list[D]:
        vm = self.enc.vm
        return sorted((self.make(vm.declaration(s)) for s in sols), key=lambda d: d.sort_key())

    def terminals(self, committed: frozenset[int], st: State,
                  limit: int | None = None) -> tuple[list[D], bool]:
        """The declarations terminal in state ``st`` of ``process(committed)`` that incur
        exactly ``committed`` (legal if payable), canonical order; at most ``limit`` of them.
        Returns (declarations, complete)."""
        self.solves += 1
        sols, complete = cpsat.enumerate_solutions(
            self.enc.problem, self._terminal_spec(committed, st), cap=limit,
            time_limit=self.time_limit)
        return self._sorted(sols), complete

    def legal(self, *, assume_payable: bool = False) -> Iterator[D]:
        """Every legal declaration in canonical order, streamed by size; with
        ``assume_payable`` the payment step (SPEC §8) is skipped."""
        for decl in self.legal_if_payable():
            if assume_payable or not self.inst.costs or self.payable(decl):
                yield decl

    def legal_if_payable(self) -> Iterator[D]:
        """Every declaration that passes SPEC §4.1-4.3 (§5), canonical order."""
        specs = [self._commitment_spec(c) for c in self.commitments()]
        collected: set[frozenset[int]] = set()
        big: list[list[Constraint]] = []
        for spec in specs:
            self.solves += 1
            sols, complete = cpsat.enumerate_solutions(self.enc.problem, spec,
                                                       cap=ENUMERATION_CAP,
                                                       time_limit=self.time_limit)
            if complete:
                collected.update(sols)
            else:
                big.append(spec)
        if not big:
            yield from self._sorted(collected)
            return
        everything = self.enc.vm.all()
        largest = sum(len(c.targets) if c.capacity is None else min(c.capacity, len(c.targets))
                      for c in self.inst.candidates)
        units = self._split_units()
        for k in range(largest + 1):
            size: list[Constraint] = [AtMost(everything, k), AtLeastVars(everything, k)]
            level = self._sorted([s for s in collected if len(s) == k])
            streams = [self._lexicographic([*spec, *size], units, 0) for spec in big]
            yield from heapq.merge(level, *streams, key=lambda d: d.sort_key())

    def _split_units(self) -> list[list[list[Constraint]]]:
        """How to split a set of declarations into parts that follow each other in canonical
        order: creature by creature in id order, "attacks its first target" before "its
        second" ... before "doesn't attack" (pairs sort by creature, then target); a creature
        that may be declared against several targets splits pair by pair, "in" before "out"."""
        vm = self.enc.vm
        units: list[list[list[Constraint]]] = []
        for cid in sorted(vm.by_creature):
            cand = self.inst.candidate(cid)
            idx = sorted(vm.by_creature[cid], key=lambda i: vm.pairs[i])
            if cand is not None and cand.capacity == 1:
                attacks: list[list[Constraint]] = [[Fix(frozenset({i}), True)] for i in idx]
                units.append([*attacks, [Fix(vm.creature(cid), False)]])
            else:
                units.extend([[Fix(frozenset({i}), True)], [Fix(frozenset({i}), False)]]
                             for i in idx)
        return units

    def _lexicographic(self, spec: list[Constraint], units: list[list[list[Constraint]]],
                       depth: int) -> Iterator[D]:
        """The solutions of ``spec`` (all of one size) in canonical order without holding them
        all: when more than :data:`LEVEL_CAP`, split by :meth:`_split_units`."""
        self.solves += 1
        sols, complete = cpsat.enumerate_solutions(self.enc.problem, spec, cap=LEVEL_CAP,
                                                   time_limit=self.time_limit)
        if complete or depth >= len(units):
            yield from self._sorted(sols)
            return
        for alternative in units[depth]:
            yield from self._lexicographic([*spec, *alternative], units, depth + 1)

    # -- other questions ---------------------------------------------------------------------

    def max_requirements(self) -> tuple[int, D]:
        """The most requirement instances that exist and are obeyed by one restriction-obeying
        declaration, every cost paid; and such a declaration."""
        terms = tuple(
            Term(t.lits, None if r.condition is None else self.enc.cond[r.condition],
                 t.exactly_one)
            for r, t in zip(self.inst.requirements, self.enc.req, strict=True))
        sol = self._solve([], maximize=terms)
        assert sol is not None
        return sol.value, self.make(self._pairs(sol))

    def required(self, decl: D) -> frozenset[str]:
        """Creatures some requirement existing for ``decl`` applies to (CR 506.6)."""
        reqs = existing(self.inst, pattern(self.inst, as_pairs(decl)))
        return frozenset(c for i in reqs
                         if (c := self.inst.requirements[i].creature) is not None)
