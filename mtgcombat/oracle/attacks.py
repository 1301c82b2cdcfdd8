"""A deliberately naive reference oracle for attack legality (individuation, maximality and
the conditional process of the article), for testing.

It enumerates every declaration explicitly ((T+1)^N over N candidate attackers and T
targets), evaluates each restriction, requirement, condition and cost instance from its own
definition (never through :mod:`mtgcombat.legality.evaluate` or the solver), and runs the article's
conditional process (its first, branch-by-branch description) over explicit declarations.

Only :func:`~mtgcombat.compile.compile_board` and the instance types are shared with the
engine: the oracle checks the engine's legality layer, not the compiler.

The process as a tree of branches can have factorially many paths (every tie is a branch and a
branch wanders until it repeats a declaration). :func:`_Commitment.terminals` explores it as a
graph over nodes (history, declaration) instead, which gives the same terminals:

* at step i the maximisers of sat_{R_i} over the declarations obeying the history H_i are
  exactly the declarations obeying H_i + (R_i, k_i), so the choices depend on that history only;
* a declaration S chosen at node (H, S) is a terminal of some branch iff S itself maximises
  sat_{R(S)} over the declarations obeying H (the branch may choose S again right away; and a
  declaration that is re-chosen later on a branch obeys the later, stronger history, hence
  maximised sat_{R(S)} where it was first chosen);
* a node reached by choosing an already chosen declaration has the same choices as its parent,
  so exploring it (instead of stopping) adds nothing.

:func:`literal_terminals` walks the tree branch by branch, exactly as written, for tiny
universes; the tests check both agree.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from mtgcombat.board.declaration import Declaration
from mtgcombat.board.model import Board
from mtgcombat.compile.attacks import compile_board
from mtgcombat.compile.instances import (
    AttackRequirement,
    Condition,
    CostInstance,
    Forbid,
    GroupRequirement,
    Instances,
    MaxAttackers,
    NeedsCompanion,
    NotAlone,
    OnlyAlone,
    Requirement,
    Restriction,
)

Decl = Mapping[str, str]
History = frozenset[tuple[int, int]]
"""A set of constraints "sat_R(S) >= k", R as a bit mask over requirement indices."""


# --- definitions, one per instance kind --------------------------------------------------------


def obeys(restriction: Restriction, decl: Decl) -> bool:
    """Does ``decl`` obey ``restriction`` (the effect vocabulary)?"""
    if isinstance(restriction, Forbid):
        return not (restriction.creature in decl
                    and decl[restriction.creature] in restriction.targets)
    if isinstance(restriction, NotAlone):
        if restriction.creature not in decl:
            return True
        return any(c != restriction.creature for c in decl)
    if isinstance(restriction, OnlyAlone):
        if restriction.creature not in decl:
            return True
        return all(c == restriction.creature for c in decl)
    if isinstance(restriction, NeedsCompanion):
        if restriction.creature not in decl:
            return True
        attending = [c for c in restriction.companions if c != restriction.creature and c in decl]
        return len(attending) >= restriction.count
    if isinstance(restriction, MaxAttackers):
        into_scope = [c for c, t in decl.items() if t in restriction.targets]
        return len(into_scope) <= restriction.count
    raise ValueError(f"unknown restriction kind {restriction.kind!r}")


def satisfies(requirement: Requirement, decl: Decl) -> bool:
    """Does ``decl`` do what ``requirement`` asks (whether or not it exists)?"""
    if isinstance(requirement, AttackRequirement):
        return (requirement.creature in decl
                and decl[requirement.creature] in requirement.targets)
    if isinstance(requirement, GroupRequirement):
        mine = requirement.creatures
        return any(t in requirement.targets and (mine is None or c in mine)
                   for c, t in decl.items())
    raise ValueError(f"unknown requirement kind {requirement!r}")


def triggered(condition: Condition, decl: Decl) -> bool:
    """Is a conditional requirement "on" for ``decl`` (one of its creatures attacks)?"""
    return any(c in decl for c in condition.creatures)


def incurred(cost: CostInstance, decl: Decl) -> bool:
    """Does ``decl`` incur ``cost`` (its creature attacks into the cost's scope)?"""
    return cost.creature in decl and decl[cost.creature] in cost.targets


def exists(requirement: Requirement, inst: Instances, decl: Decl) -> bool:
    """Does ``requirement`` exist for ``decl`` (the conditional process's R(S))?"""
    if requirement.condition is None:
        return True
    return triggered(inst.conditions[requirement.condition], decl)


def _mask(bits: Iterable[bool]) -> int:
    return sum(1 << i for i, b in enumerate(bits) if b)


def _sat(obeyed: int, reqs: int) -> int:
    return (obeyed & reqs).bit_count()


# --- the oracle ------------------------------------------------------------------------------


@dataclass
class _Row:
    """One restriction-obeying declaration with its cost, obeyed and existing masks."""

    decl: Declaration
    costs: int
    obeyed: int
    existing: int


@dataclass
class _Commitment:
    """The conditional process among the declarations incurring no cost outside
    ``committed``."""

    committed: int
    universe: list[_Row]
    _feasible: dict[History, list[int]] = field(default_factory=dict)
    _maximisers: dict[tuple[History, int], tuple[int, frozenset[int]]] = field(
        default_factory=dict)

    def feasible(self, history: History) -> list[int]:
        """Universe members (indices) obeying every constraint of ``history``."""
        got = self._feasible.get(history)
        if got is None:
            got = [i for i, row in enumerate(self.universe)
                   if all(_sat(row.obeyed, r) >= k for r, k in history)]
            self._feasible[history] = got
        return got

    def maximisers(self, history: History, reqs: int) -> tuple[int, frozenset[int]]:
        """k = max sat_reqs over the declarations obeying ``history``, and those reaching it."""
        key = (history, reqs)
        got = self._maximisers.get(key)
        if got is None:
            universe = self.universe
            scores = [((universe[j].obeyed & reqs).bit_count(), j)
                      for j in self.feasible(history)]
            k = max(score for score, _ in scores)
            chosen = frozenset(j for score, j in scores if score == k)
            got = (k, chosen)
            self._maximisers[key] = got
            self._feasible.setdefault(history | {(reqs, k)}, sorted(chosen))
        return got

    def empty(self) -> int:
        for i, row in enumerate(self.universe):
            if not row.decl:
                return i
        raise AssertionError("the empty declaration obeys every restriction")

    def terminals(self) -> set[int]:
        """Universe indices that end some branch of the process (see the module docstring).

        Nodes are (history, declaration). The root is (no history, the empty declaration);
        every other history H is reached by choosing among the maximisers, which are all the
        declarations obeying H, so each of them is a node (H, S)."""
        out: set[int] = set()
        start = self.empty()
        reqs = self.universe[start].existing
        k, chosen = self.maximisers(frozenset(), reqs)
        if start in chosen:
            out.add(start)
        first: History = frozenset({(reqs, k)})
        expanded: set[History] = {first}
        stack = [first]
        while stack:
            history = stack.pop()
            # every node (history, s): its maximisers depend on R(s) only, computed once
            steps: dict[int, frozenset[int]] = {}
            for s in self.feasible(history):
                reqs = self.universe[s].existing
                if reqs not in steps:
                    k, steps[reqs] = self.maximisers(history, reqs)
                    nxt = history | {(reqs, k)}
                    if nxt not in expanded:
                        expanded.add(nxt)
                        stack.append(nxt)
                if s in steps[reqs]:
                    out.add(s)
        return out

    def literal_terminals(self, max_universe: int = 12, *, start_chosen: bool = True) -> set[int]:
        """The same terminals, walking every branch of the tree exactly as the article writes it
        (history as a list, stop on a repeated declaration). Only for tiny universes.

        ``start_chosen``: whether the starting empty declaration counts as chosen before
        (it makes no difference to the result)."""
        if len(self.universe) > max_universe:
            raise ValueError(f"universe of {len(self.universe)} declarations is too large for "
                             f"the literal walk (max {max_universe})")
        out: set[int] = set()
        done: set[tuple[History, int, frozenset[int]]] = set()

        def walk(history: list[tuple[int, int]], s: int, chosen_before: frozenset[int]) -> None:
            key = (frozenset(history), s, chosen_before)
            if key in done:  # the same future: memoised, not pruned
                return
            done.add(key)
            reqs = self.universe[s].existing
            allowed = [j for j, row in enumerate(self.universe)
                       if all(_sat(row.obeyed, r) >= k for r, k in history)]
            k = max(_sat(self.universe[j].obeyed, reqs) for j in allowed)
            for j in allowed:
                if _sat(self.universe[j].obeyed, reqs) != k:
                    continue
                if j in chosen_before:
                    out.add(j)
                else:
                    walk([*history, (reqs, k)], j, chosen_before | {j})

        start = self.empty()
        walk([], start, frozenset({start}) if start_chosen else frozenset())
        return out


class ReferenceOracle:
    """Every declaration of one board, enumerated, with legality by the legality rule and the
    conditional process read literally."""

    def __init__(self, board: Board, *, max_candidates: int = 8) -> None:
        self.inst = compile_board(board)
        n = len(self.inst.candidates)
        if n > max_candidates:
            raise ValueError(f"the reference oracle enumerates every declaration: {n} candidate "
                             f"attackers is more than max_candidates={max_candidates}")
        self.rows: list[_Row] = []
        for decl in self.declarations():
            if all(obeys(r, decl) for r in self.inst.restrictions):
                self.rows.append(self._row(decl))
        self._commitments: dict[int, _Commitment] = {}

    def declarations(self) -> list[Declaration]:
        """Every declaration: each candidate stays home or attacks one of its targets."""
        cands = self.inst.candidates
        choices = [(None, *c.targets) for c in cands]
        out: list[Declaration] = []
        for picks in itertools.product(*choices):
            out.append(Declaration({c.id: t for c, t in zip(cands, picks, strict=True)
                                    if t is not None}))
        return out

    def _row(self, decl: Declaration) -> _Row:
        inst = self.inst
        return _Row(decl,
                    costs=_mask(incurred(c, decl) for c in inst.costs),
                    obeyed=_mask(satisfies(r, decl) for r in inst.requirements),
                    existing=_mask(exists(r, inst, decl) for r in inst.requirements))

    def commitment(self, committed: int) -> _Commitment:
        """The process for the cost commitment ``committed`` (memoised)."""
        got = self._commitments.get(committed)
        if got is None:
            universe = [row for row in self.rows if row.costs & ~committed == 0]
            got = _Commitment(committed, universe)
            self._commitments[committed] = got
        return got

    def legal(self) -> set[Declaration]:
        """The conditional process (maximality when nothing is conditional), costs assumed
        payable."""
        out: set[Declaration] = set()
        for committed in sorted({row.costs for row in self.rows}):
            proc = self.commitment(committed)
            for i in proc.terminals():
                if proc.universe[i].costs == committed:
                    out.add(proc.universe[i].decl)
        return out

    def legal_plain(self) -> set[Declaration]:
        """Maximality (and question 26's wording): A is legal iff no B incurring no cost
        outside costs(A) obeys more of the requirement instances that exist for A."""
        out: set[Declaration] = set()
        for row in self.rows:
            proc = self.commitment(row.costs)
            best, _ = proc.maximisers(frozenset(), row.existing)
            if _sat(row.obeyed, row.existing) >= best:
                out.add(row.decl)
        return out

    def row_of(self, decl: Decl) -> _Row | None:
        """The row of a restriction-obeying declaration, or None."""
        target = Declaration(dict(decl))
        for row in self.rows:
            if row.decl == target:
                return row
        return None

    def check(self, decl: Decl) -> bool:
        """Is ``decl`` legal (costs assumed payable)?"""
        row = self.row_of(decl)
        if row is None:
            return False
        proc = self.commitment(row.costs)
        return any(proc.universe[i].decl == row.decl for i in proc.terminals())

    def literal_legal(self, max_universe: int = 12, *,
                      start_chosen: bool = True) -> set[Declaration]:
        """:meth:`legal` with the branch-by-branch walk (tiny boards only)."""
        out: set[Declaration] = set()
        for committed in sorted({row.costs for row in self.rows}):
            proc = self.commitment(committed)
            for i in proc.literal_terminals(max_universe, start_chosen=start_chosen):
                if proc.universe[i].costs == committed:
                    out.add(proc.universe[i].decl)
        return out


def reference_legal(board: Board, *, max_candidates: int = 8) -> set[Declaration]:
    """Every legal attack declaration (costs assumed payable), by brute force."""
    return ReferenceOracle(board, max_candidates=max_candidates).legal()


def reference_legal_plain(board: Board, *, max_candidates: int = 8) -> set[Declaration]:
    """§4.3 without the conditional process: no B (costs within) obeys more instances of R(A)."""
    return ReferenceOracle(board, max_candidates=max_candidates).legal_plain()


def reference_check(board: Board, decl: Decl, *, max_candidates: int = 8) -> bool:
    """Is ``decl`` a legal attack on ``board`` (costs assumed payable)?"""
    return ReferenceOracle(board, max_candidates=max_candidates).check(decl)
