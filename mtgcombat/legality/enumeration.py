"""Listing declarations: the cost commitments, the terminals of one state, and every legal
declaration in canonical order (streamed by size, split when one enumeration would be big)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.legality.evaluate import Pairs, commitment
from mtgcombat.legality.process import Process, State
from mtgcombat.legality.solving import Solving
from mtgcombat.solver.problem import AnyOf, AtLeastVars, AtMost, Constraint, Fix

ENUMERATION_CAP = 5_000
"""Per cost commitment, collect at most this many declarations in one enumeration before
switching to one enumeration per declaration size (streams in canonical order without holding
everything; the capped first pass wastes at most this many solutions)."""
LEVEL_CAP = 2_000
"""Within one declaration size, enumerate at most this many at once before splitting on the
next (creature, target) pair (bounds memory and the delay to the first results)."""

D = TypeVar("D", bound=DeclarationLike)
Units = list[list[list[Constraint]]]
"""Per split level, the alternatives (each a list of constraints) that partition it."""


class Enumeration(Generic[D]):
    """Enumerations over one board's problem; ``make`` turns pairs into declarations and
    ``process`` gives the (memoised) process of a cost commitment."""

    def __init__(self, solving: Solving, make: Callable[[Pairs], D],
                 process: Callable[[frozenset[int]], Process]) -> None:
        self.solving = solving
        self.make = make
        self.process = process

    def commitments(self) -> list[frozenset[int]]:
        """Every cost commitment costs(A) of a restriction-obeying declaration A.

        Each solve finds one commitment C; the commitments not yet found are split into
        disjoint subproblems by the first cost instance where they differ from C (so no solve
        carries a growing list of blocking clauses)."""
        enc = self.solving.enc
        if not enc.inst.costs:
            return [frozenset()]
        n = len(enc.inst.costs)
        found: list[frozenset[int]] = []
        stack: list[dict[int, bool]] = [{}]
        while stack:
            fixed = stack.pop()
            sol = self.solving.best([Fix(enc.cost[i], v) for i, v in fixed.items()])
            if sol is None:
                continue
            c = commitment(enc.inst, self.solving.pairs(sol))
            found.append(c)
            prefix = dict(fixed)
            for i in range(n):
                if i in fixed:
                    continue
                stack.append({**prefix, i: i not in c})
                prefix[i] = i in c
        return found

    def terminals(self, committed: frozenset[int], st: State,
                  limit: int | None = None) -> tuple[list[D], bool]:
        """The declarations terminal in state ``st`` of ``process(committed)`` that incur
        exactly ``committed`` (legal if payable), canonical order; at most ``limit`` of them.
        Returns (declarations, complete)."""
        enc = self.solving.enc
        spec = [*enc.commit_exactly(committed), AnyOf((st.terminal_bounds(enc),))]
        sols, complete = self.solving.every(spec, cap=limit)
        return self._sorted(sols), complete

    def legal_if_payable(self) -> Iterator[D]:
        """Every declaration that obeys every restriction and is terminal in its cost
        commitment's process, canonical order."""
        specs = [self._commitment_spec(c) for c in self.commitments()]
        collected: set[frozenset[int]] = set()
        big: list[list[Constraint]] = []
        for spec in specs:
            sols, complete = self.solving.every(spec, cap=ENUMERATION_CAP)
            if complete:
                collected.update(sols)
            else:
                big.append(spec)
        if not big:
            yield from self._sorted(collected)
            return
        inst = self.solving.enc.inst
        everything = self.solving.enc.vm.all()
        largest = sum(len(c.targets) if c.capacity is None else min(c.capacity, len(c.targets))
                      for c in inst.candidates)
        units = self._split_units()
        for k in range(largest + 1):
            size: list[Constraint] = [AtMost(everything, k), AtLeastVars(everything, k)]
            level = self._sorted([s for s in collected if len(s) == k])
            streams = [self._lexicographic([*spec, *size], units, 0) for spec in big]
            yield from heapq.merge(level, *streams, key=lambda d: d.sort_key())

    def _commitment_spec(self, committed: frozenset[int]) -> list[Constraint]:
        """Constraints whose solutions are exactly the declarations terminal in some state of
        ``process(committed)`` and incurring exactly ``committed``: each solution once."""
        enc = self.solving.enc
        states = self.process(committed).states
        return [*enc.commit_exactly(committed),
                AnyOf(tuple(st.terminal_bounds(enc) for st in states))]

    def _sorted(self, sols: set[frozenset[int]] | list[frozenset[int]]) -> list[D]:
        vm = self.solving.enc.vm
        return sorted((self.make(vm.declaration(s)) for s in sols), key=lambda d: d.sort_key())

    def _split_units(self) -> Units:
        """How to split a set of declarations into parts that follow each other in canonical
        order: creature by creature in id order, "attacks its first target" before "its
        second" ... before "doesn't attack" (pairs sort by creature, then target); a creature
        that may be declared against several targets splits pair by pair, "in" before "out"."""
        vm = self.solving.enc.vm
        inst = self.solving.enc.inst
        units: Units = []
        for cid in sorted(vm.by_creature):
            cand = inst.candidate(cid)
            idx = sorted(vm.by_creature[cid], key=lambda i: vm.pairs[i])
            if cand is not None and cand.capacity == 1:
                attacks: list[list[Constraint]] = [[Fix(frozenset({i}), True)] for i in idx]
                units.append([*attacks, [Fix(vm.creature(cid), False)]])
            else:
                units.extend([[Fix(frozenset({i}), True)], [Fix(frozenset({i}), False)]]
                             for i in idx)
        return units

    def _lexicographic(self, spec: list[Constraint], units: Units, depth: int) -> Iterator[D]:
        """The solutions of ``spec`` (all of one size) in canonical order without holding them
        all: when more than :data:`LEVEL_CAP`, split by :meth:`_split_units`."""
        sols, complete = self.solving.every(spec, cap=LEVEL_CAP)
        if complete or depth >= len(units):
            yield from self._sorted(sols)
            return
        for alternative in units[depth]:
            yield from self._lexicographic([*spec, *alternative], units, depth + 1)
