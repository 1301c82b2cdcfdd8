"""The conditional-requirement process: a fixed point over states (history, pattern).

For one cost commitment C, the universe is every declaration that obeys every restriction and
incurs no cost outside C. A state's *pattern* says which conditional requirements' conditions
are on (so which requirement instances exist); its *history* is the list of bounds "obey at
least k of these requirements" that the steps before it fixed. Each state has a maximum (the
most of its requirements one declaration can obey within the history), found with one solve;
more solves find the other patterns its maximisers reach, and each becomes a child state.
A declaration is *terminal* in a state when it has the state's pattern, keeps to its history
and reaches its maximum. Without conditional requirements there is a single state, and the
process is the plain maximum of obeyed requirements.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from mtgcombat.compile.instances import Instances
from mtgcombat.legality.encode import Encoded
from mtgcombat.legality.evaluate import (
    Decl,
    Pairs,
    as_pairs,
    condition_on,
    existing,
    obeyed,
    pattern,
)
from mtgcombat.legality.solving import Solving
from mtgcombat.solver.problem import (
    Bound,
    Constraint,
    CountAtLeast,
    CountEquals,
    NotPattern,
    Term,
)

History = tuple[tuple[frozenset[int], int], ...]
Pattern = tuple[bool, ...]


@dataclass(frozen=True)
class Tally:
    """One clause of a terminal condition: ``lo <= n <= hi``, where ``n`` is how many of
    ``requirements`` a declaration obeys, or (when ``condition`` is set) 1 if that condition
    is on and 0 if it is off."""

    lo: int
    hi: int | None
    requirements: frozenset[int] = frozenset()
    condition: int | None = None

    def holds(self, inst: Instances, pairs: Pairs) -> bool:
        """Does the declaration with these pairs satisfy the clause?"""
        if self.condition is not None:
            n = int(condition_on(inst.conditions[self.condition], pairs))
        else:
            n = len(obeyed(inst, pairs, self.requirements))
        return self.lo <= n and (self.hi is None or n <= self.hi)

    def bound(self, enc: Encoded) -> Bound:
        """The clause as a solver bound."""
        if self.condition is not None:
            terms: tuple[Term, ...] = (Term(enc.cond[self.condition]),)
        else:
            terms = enc.terms(sorted(self.requirements))
        return Bound(terms, self.lo, self.hi)


@dataclass
class State:
    """One state of the process: the history of bounds, the pattern of the declaration just
    chosen, the requirement set R(pattern) and its maximum under the history."""

    index: int
    history: History
    pattern: Pattern
    reqs: frozenset[int]
    maximum: int
    witness: Pairs
    parent: int | None
    children: list[int] = field(default_factory=list)

    def terminal(self) -> tuple[Tally, ...]:
        """The terminal condition: the state's pattern, its history, its maximum."""
        pat = tuple(Tally(int(v), int(v), condition=i) for i, v in enumerate(self.pattern))
        hist = tuple(Tally(k, None, requirements=r) for r, k in self.history)
        return (*pat, *hist, Tally(self.maximum, self.maximum, requirements=self.reqs))

    def is_terminal(self, inst: Instances, pairs: Pairs) -> bool:
        """Is the declaration with these pairs terminal in this state?"""
        return all(t.holds(inst, pairs) for t in self.terminal())

    def terminal_bounds(self, enc: Encoded) -> tuple[Bound, ...]:
        """The terminal condition as solver bounds (all of them must hold)."""
        return tuple(t.bound(enc) for t in self.terminal())


@dataclass
class Process:
    """All states visited for one cost commitment."""

    commitment: frozenset[int]
    states: list[State]
    solves: int

    def terminal_of(self, inst: Instances, decl: Decl) -> State | None:
        """The first state in which ``decl`` is terminal, if any."""
        pairs = as_pairs(decl)
        return next((st for st in self.states if st.is_terminal(inst, pairs)), None)


def history_constraints(enc: Encoded, history: History) -> list[Constraint]:
    """The history's bounds as hard constraints."""
    return [CountAtLeast(enc.terms(sorted(r)), k) for r, k in history]


def run_process(solving: Solving, committed: frozenset[int]) -> Process:
    """The process among declarations obeying every restriction and incurring no cost outside
    ``committed``: states in breadth-first order from the all-off pattern."""
    enc = solving.enc
    inst = enc.inst
    before = solving.count
    universe = enc.decline(committed)
    start: Pattern = tuple(False for _ in inst.conditions)
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
        extra = [*universe, *history_constraints(enc, history)]
        st = _new_state(solving, len(states), history, pat, parent, extra)
        index[key] = st.index
        states.append(st)
        if parent is not None:
            states[parent].children.append(st.index)
        if not inst.conditions:
            continue
        nxt = history if st.reqs in dict(history) else (*history, (st.reqs, st.maximum))
        queue.extend((nxt, q, st.index) for q in _next_patterns(solving, st, extra))
    return Process(committed, states, solving.count - before)


def _new_state(solving: Solving, index: int, history: History, pat: Pattern,
               parent: int | None, extra: list[Constraint]) -> State:
    """The state (history, pattern) with its maximum and a maximiser."""
    reqs = existing(solving.enc.inst, pat)
    best = solving.best(extra, maximize=solving.enc.terms(sorted(reqs)))
    if best is None:  # pragma: no cover - the declaration that led here obeys it all
        raise AssertionError("a state of the process has no declaration")
    return State(index, history, pat, reqs, best.value, solving.pairs(best), parent)


def _next_patterns(solving: Solving, st: State, extra: list[Constraint]) -> list[Pattern]:
    """The patterns other than ``st``'s that declarations reaching its maximum have."""
    enc = solving.enc
    found: list[Pattern] = []
    first = pattern(enc.inst, st.witness)  # the maximiser found is one already
    if first != st.pattern:
        found.append(first)
    at_max = [*extra, CountEquals(enc.terms(sorted(st.reqs)), st.maximum)]
    while True:
        block = [NotPattern(_pattern_lits(enc, q)) for q in (st.pattern, *found)]
        sol = solving.best([*at_max, *block])
        if sol is None:
            return found
        found.append(pattern(enc.inst, solving.pairs(sol)))


def _pattern_lits(enc: Encoded, pat: Pattern) -> tuple[tuple[frozenset[int], bool], ...]:
    return tuple((enc.cond[i], v) for i, v in enumerate(pat))
