"""Attack legality (SPEC §4, §5): ``check``, ``legal_attacks``, ``max_requirements``,
``had_to_attack``.

For a declaration A with committed costs C = costs(A), the universe is every declaration that
obeys every restriction and incurs no cost outside C. The conditional-requirement process of
SPEC §5 runs on that universe as states (history, pattern): one CP-SAT solve per state for its
maximum, more solves to find the other patterns its maximisers reach. Without conditional
requirements there is a single state and the process is §4.3's plain maximum.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import cpsat
from .board import Board, load_board
from .catalog import Catalog
from .compile import compile_board
from .declaration import Declaration
from .encode import Encoded, encode
from .errors import DeclarationError
from .evaluate import (
    commitment,
    existing,
    obeyed,
    pattern,
    violated_restrictions,
)
from .instances import Instances
from .payment import PaymentSearchTooLarge, pay
from .problem import (
    AtLeastVars,
    AtMost,
    Constraint,
    CountAtLeast,
    CountEquals,
    Fix,
    NotPattern,
    Term,
)
from .verdict import Verdict

ASSUMED_PAYABLE = "costs assumed payable: paying them (CR 508.1h-j) is not checked"
ENUMERATION_CAP = 20_000
"""Per state, collect at most this many declarations in one enumeration before switching to
one enumeration per number of attackers (keeps canonical order without holding everything)."""

History = tuple[tuple[frozenset[int], int], ...]
Pattern = tuple[bool, ...]
BoardLike = Board | str | Path | Mapping[str, Any]


@dataclass
class State:
    """One state of SPEC §5's process: the history of bounds, the pattern of the declaration
    just chosen, the requirement set R(pattern) and its maximum under the history."""

    index: int
    history: History
    pattern: Pattern
    reqs: frozenset[int]
    maximum: int
    witness: dict[str, str]
    parent: int | None
    children: list[int] = field(default_factory=list)


@dataclass
class Process:
    """All states visited for one cost commitment."""

    commitment: frozenset[int]
    states: list[State]
    solves: int

    def terminal_of(self, inst: Instances, decl: Mapping[str, str]) -> State | None:
        """The state in which ``decl`` is terminal, if any."""
        pat = pattern(inst, decl)
        for st in self.states:
            if st.pattern != pat:
                continue
            if all(len(obeyed(inst, decl, r)) >= k for r, k in st.history) and len(
                    obeyed(inst, decl, st.reqs)) == st.maximum:
                return st
        return None


def _as_board(board: BoardLike) -> Board:
    return board if isinstance(board, Board) else load_board(board)


def _as_declaration(decl: Declaration | Mapping[str, str]) -> Declaration:
    return decl if isinstance(decl, Declaration) else Declaration.from_json(dict(decl))


class AttackEngine:
    """One board's compiled attack model; reuse it to answer many questions about the board."""

    def __init__(self, board: BoardLike, *, catalog: Catalog | None = None,
                 time_limit: float | None = None) -> None:
        self.board = _as_board(board)
        self.catalog = catalog
        self.inst: Instances = compile_board(self.board, catalog)
        self.enc: Encoded = encode(self.inst)
        self.time_limit = time_limit
        self._processes: dict[frozenset[int], Process] = {}
        self.solves = 0

    # -- solver plumbing -------------------------------------------------------------------

    def _solve(self, extra: list[Constraint],
               maximize: tuple[Term, ...] | None = None) -> cpsat.Solution | None:
        self.solves += 1
        return cpsat.solve(self.enc.problem, extra, maximize, time_limit=self.time_limit)

    def _decl(self, sol: cpsat.Solution) -> dict[str, str]:
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
            st = State(len(states), history, pat, reqs, best.value, self._decl(best), parent)
            index[key] = st.index
            states.append(st)
            if parent is not None:
                states[parent].children.append(st.index)
            if not self.inst.conditions:
                continue
            known = dict(history)
            nxt = history if reqs in known else (*history, (reqs, best.value))
            found: list[Pattern] = []
            at_max = [*extra, CountEquals(terms, best.value)]
            while True:
                block = [NotPattern(self._pattern_lits(q)) for q in (pat, *found)]
                sol = self._solve([*at_max, *block])
                if sol is None:
                    break
                q = pattern(self.inst, self._decl(sol))
                found.append(q)
                queue.append((nxt, q, st.index))
        proc = Process(committed, states, self.solves - before)
        self._processes[committed] = proc
        return proc

    def commitments(self) -> list[frozenset[int]]:
        """Every cost commitment costs(A) of a restriction-obeying declaration A."""
        if not self.inst.costs:
            return [frozenset()]
        found: list[frozenset[int]] = []
        n = len(self.inst.costs)
        while True:
            block: list[Constraint] = [
                NotPattern(tuple((self.enc.cost[i], i in c) for i in range(n))) for c in found]
            sol = self._solve(block)
            if sol is None:
                return found
            found.append(commitment(self.inst, self._decl(sol)))

    # -- questions -------------------------------------------------------------------------

    def check(self, declaration: Declaration | Mapping[str, str], *,
              assume_payable: bool = False) -> Verdict:
        """Is ``declaration`` legal (SPEC §4, §5)? The verdict says why not."""
        decl = _as_declaration(declaration)
        early = self._structural(decl)
        if early is not None:
            return early
        inst = self.inst
        committed = commitment(inst, decl)
        costs = tuple(inst.costs[i].describe() for i in sorted(committed))
        broken = violated_restrictions(inst, decl)
        if broken:
            return Verdict(False, "restriction",
                           f"violates a restriction: {broken[0].describe()}", decl,
                           violated=tuple(r.describe() for r in broken), costs=costs)
        proc = self.process(committed)
        st = proc.terminal_of(inst, decl)
        if st is None:
            return self._requirements_verdict(decl, proc, costs)
        n_ok = len(obeyed(inst, decl, st.reqs))
        reason = ("obeys every restriction and the most requirements possible "
                  f"({n_ok} of {len(st.reqs)}) with its costs")
        if self.conditional:
            reason += f"; terminal of the conditional process ({len(proc.states)} state(s))"
        branch = self._branch(proc, st)
        if assume_payable:
            return Verdict(True, "legal", reason, decl, obeyed=n_ok, maximum=st.maximum,
                           costs=costs, branch=branch, notes=(ASSUMED_PAYABLE,))
        try:
            paid = pay(self.board, inst, decl, committed, self.catalog)
        except PaymentSearchTooLarge as exc:
            return Verdict(False, "unknown", f"unknown: payment search too large ({exc})",
                           decl, costs=costs, branch=branch)
        if not paid.payable:
            return Verdict(False, "payment",
                           f"the total cost {paid.total} can't be paid: {paid.unpaid} "
                           "(CR 508.1h-j)", decl, obeyed=n_ok, maximum=st.maximum, costs=costs,
                           branch=branch, payment=paid.to_json())
        if costs:
            reason += f"; the total cost {paid.total} can be paid"
        return Verdict(True, "legal", reason, decl, obeyed=n_ok, maximum=st.maximum,
                       costs=costs, branch=branch, payment=paid.to_json())

    def payable(self, declaration: Declaration | Mapping[str, str]) -> bool:
        """Can the total cost of ``declaration`` be paid (SPEC §8)?"""
        decl = _as_declaration(declaration)
        committed = commitment(self.inst, decl)
        return pay(self.board, self.inst, decl, committed, self.catalog).payable

    def _structural(self, decl: Declaration) -> Verdict | None:
        """CR 508.1a/b and bands: unknown ids raise; the rest is an illegal verdict."""
        perms = {p.id for p in self.board.permanents}
        players = {p.name for p in self.board.players}
        for cid, target in decl.items():
            if cid not in perms:
                raise DeclarationError(f"no permanent with id {cid!r}", path=f"$.{cid}")
            if target not in perms and target not in players:
                raise DeclarationError(f"no player or permanent called {target!r}",
                                       path=f"$.{cid}")
        for cid, target in decl.items():
            cand = self.inst.candidate(cid)
            if cand is None:
                why = self.inst.not_candidates.get(cid)
                if why is None:
                    perm = self.board.permanent(cid)
                    why = ("not a creature the active player controls"
                           if perm.controller == self.inst.active_player or perm.phased_out
                           else f"controlled by {perm.controller}, not the active player")
                    if perm.phased_out:
                        why = "phased out"
                return Verdict(False, "not_a_candidate",
                               f"{cid} can't be declared as an attacker: {why} (CR 508.1a)", decl)
            if target not in cand.targets:
                return Verdict(False, "illegal_target",
                               f"{cid} can't attack {target}: not a defending player, a "
                               "planeswalker a defending player controls or a battle a "
                               "defending player protects (CR 508.1b)", decl)
        return self._bands(decl)

    def _bands(self, decl: Declaration) -> Verdict | None:
        seen: set[str] = set()
        for band in decl.bands:
            members = sorted(band)
            if len(members) < 2:
                return Verdict(False, "band", f"a band needs two or more creatures: {members}",
                               decl)
            for m in members:
                if m not in decl:
                    return Verdict(False, "band", f"{m} is in a band but is not attacking",
                                   decl)
                if m in seen:
                    return Verdict(False, "band", f"{m} is in two bands", decl)
                seen.add(m)
            if len({decl[m] for m in members}) > 1:
                return Verdict(False, "band", "creatures in a band must attack the same "
                               f"target (CR 702.22c): {members}", decl)
            plain = [m for m in members
                     if not (c := self.inst.candidate(m)) or not c.banding]
            if len(plain) > 1:
                return Verdict(False, "band", "a band may contain at most one creature without "
                               f"banding (CR 702.22c): {plain}", decl)
        return None

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

    def _requirements_verdict(self, decl: Declaration, proc: Process,
                              costs: tuple[str, ...]) -> Verdict:
        """Why a restriction-obeying declaration is not terminal: a witness from the process
        that obeys strictly more of some requirement set the process compares on."""
        inst = self.inst
        pat = pattern(inst, decl)
        same = [st for st in proc.states if st.pattern == pat]
        for st in [*same, proc.states[0]]:
            witness = Declaration(st.witness)
            checks = [(r, k, True) for r, k in st.history] + [(st.reqs, st.maximum, False)]
            for reqs, bound, from_history in checks:
                ours = obeyed(inst, decl, reqs)
                if len(ours) >= bound:
                    continue
                theirs = obeyed(inst, witness, reqs)
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

    def _terminal_spec(self, committed: frozenset[int], st: State) -> list[Constraint]:
        """Constraints whose solutions are exactly the terminals of ``st`` with costs
        ``committed``: pattern ``st.pattern``, obeying the history, reaching the maximum."""
        return [*self.enc.commit_exactly(committed), *self._history(st.history),
                *self._fix_pattern(st.pattern),
                CountEquals(self.enc.terms(sorted(st.reqs)), st.maximum)]

    def terminals(self, committed: frozenset[int], st: State,
                  limit: int | None = None) -> tuple[list[Declaration], bool]:
        """The declarations terminal in state ``st`` of ``process(committed)`` that incur
        exactly ``committed`` (legal if payable), canonical order; at most ``limit`` of them.
        Returns (declarations, complete)."""
        self.solves += 1
        sols, complete = cpsat.enumerate_solutions(
            self.enc.problem, self._terminal_spec(committed, st), cap=limit,
            time_limit=self.time_limit)
        vm = self.enc.vm
        out = sorted((Declaration(vm.declaration(s)) for s in sols), key=Declaration.sort_key)
        return out, complete

    def legal(self, *, assume_payable: bool = False) -> Iterator[Declaration]:
        """Every legal declaration in canonical order, streamed by number of attackers;
        with ``assume_payable`` the payment step (SPEC §8) is skipped."""
        for decl in self._legal_if_payable():
            if assume_payable or not self.inst.costs or self.payable(decl):
                yield decl

    def _legal_if_payable(self) -> Iterator[Declaration]:
        specs = [self._terminal_spec(c, st)
                 for c in self.commitments() for st in self.process(c).states]
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
        vm = self.enc.vm
        if not big:
            yield from sorted((Declaration(vm.declaration(s)) for s in collected),
                              key=Declaration.sort_key)
            return
        everything = vm.all()
        for k in range(len(self.inst.candidates) + 1):
            level = {s for s in collected if len(s) == k}
            for spec in big:
                self.solves += 1
                sols, _ = cpsat.enumerate_solutions(
                    self.enc.problem, [*spec, AtMost(everything, k),
                                       AtLeastVars(everything, k)],
                    time_limit=self.time_limit)
                level.update(sols)
            yield from sorted((Declaration(vm.declaration(s)) for s in level),
                              key=Declaration.sort_key)

    def max_requirements(self) -> tuple[int, Declaration]:
        """The most requirement instances that exist and are obeyed by one restriction-obeying
        declaration, every cost paid; and such a declaration."""
        terms = tuple(
            Term(self.enc.req[r.index],
                 None if r.condition is None else self.enc.cond[r.condition])
            for r in self.inst.requirements)
        sol = self._solve([], maximize=terms)
        assert sol is not None
        return sol.value, Declaration(self._decl(sol))

    def had_to_attack(self, declaration: Declaration | Mapping[str, str]) -> frozenset[str]:
        """CR 506.6: creatures some existing requirement required to attack."""
        decl = _as_declaration(declaration)
        reqs = existing(self.inst, pattern(self.inst, decl))
        return frozenset(c for i in reqs
                         if (c := self.inst.requirements[i].creature) is not None)


# -- module-level API ------------------------------------------------------------------------


def check(board: BoardLike, declaration: Declaration | Mapping[str, str], *,
          assume_payable: bool = False) -> Verdict:
    """Is ``declaration`` a legal attack on ``board``? See :meth:`AttackEngine.check`."""
    return AttackEngine(board).check(declaration, assume_payable=assume_payable)


def legal_attacks(board: BoardLike, *, assume_payable: bool = False) -> Iterator[Declaration]:
    """Every legal attack declaration on ``board``, in canonical order (SPEC §10)."""
    return AttackEngine(board).legal(assume_payable=assume_payable)


def max_requirements(board: BoardLike) -> int:
    """The most requirement instances one restriction-obeying declaration can obey."""
    return AttackEngine(board).max_requirements()[0]


def had_to_attack(board: BoardLike, declaration: Declaration | Mapping[str, str]) -> frozenset[str]:
    """The creatures that "had to attack" (CR 506.6) for ``declaration``."""
    return AttackEngine(board).had_to_attack(declaration)
