"""Attack legality (CR 508.1): ``check``, ``legal_attacks``, ``max_requirements``,
``had_to_attack``.

:class:`AttackEngine` is the shared :class:`~mtgcombat.legality.engine.Engine` with what is
specific to declaring attackers: CR 508.1a/b (candidates and targets), bands (CR 702.22) and
paying the costs to attack (CR 508.1g-j, :mod:`mtgcombat.payment.search`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from mtgcombat.board.characteristics import View
from mtgcombat.board.declaration import Declaration
from mtgcombat.compile.attacks import compile_board
from mtgcombat.errors import Deadline, DeclarationError
from mtgcombat.legality.engine import ASSUMED_PAYABLE, Engine, Process, State
from mtgcombat.legality.evaluate import Pairs, commitment
from mtgcombat.legality.inputs import BoardLike, as_board, as_declaration
from mtgcombat.legality.verdict import Verdict
from mtgcombat.payment.search import PaymentResult, pay, total_cost, total_key
from mtgcombat.rules.catalog import Catalog

__all__ = [
    "ASSUMED_PAYABLE",
    "AttackEngine",
    "BoardLike",
    "Process",
    "State",
    "check",
    "had_to_attack",
    "legal_attacks",
    "max_requirements",
]


class AttackEngine(Engine[Declaration]):
    """One board's compiled attack model; reuse it to answer many questions about the board."""

    def __init__(self, board: BoardLike, *, catalog: Catalog | None = None,
                 deadline: Deadline | None = None, time_limit: float | None = None) -> None:
        self.board = as_board(board)
        self.catalog = catalog
        self._view: View | None = None
        self._payments: dict[tuple[frozenset[int], frozenset[str]], PaymentResult] = {}
        self._payable: dict[tuple[tuple[Any, ...], frozenset[str]], bool] = {}
        super().__init__(compile_board(self.board, catalog), deadline=deadline,
                         time_limit=time_limit)

    def make(self, pairs: Pairs) -> Declaration:
        return Declaration(dict(pairs))

    # -- questions ---------------------------------------------------------------------------

    def check(self, declaration: Declaration | Mapping[str, str], *,
              assume_payable: bool = False) -> Verdict:
        """Is ``declaration`` legal (restrictions, requirements, costs)? The verdict says why
        not."""
        return self.check_declaration(as_declaration(Declaration, declaration),
                                      assume_payable=assume_payable)

    def had_to_attack(self, declaration: Declaration | Mapping[str, str]) -> frozenset[str]:
        """CR 506.6: creatures some existing requirement required to attack."""
        return self.required(as_declaration(Declaration, declaration))

    # -- CR 508.1a/b, bands ------------------------------------------------------------------

    def structural(self, decl: Declaration) -> Verdict | None:
        """CR 508.1a/b and bands: unknown ids raise; the rest is an illegal verdict."""
        inst = self.inst
        for cid, target in decl.items():
            self.known_permanent(cid, f"$.{cid}")
            if target not in inst.permanent_ids and target not in inst.player_names:
                raise DeclarationError(f"no player or permanent called {target!r}",
                                       path=f"$.{cid}")
        for cid, target in decl.items():
            cand = inst.candidate(cid)
            if cand is None:
                return self.not_a_candidate(cid, "an attacker", "CR 508.1a", decl)
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

    # -- CR 508.1g-j -------------------------------------------------------------------------

    def pay_for(self, decl: Declaration, committed: frozenset[int]) -> PaymentResult:
        """Paying the costs to attack for ``decl`` (CR 508.1g-j); memoised on what payment
        depends on: the committed costs and which creatures are declared (their targets don't
        matter)."""
        key = (committed, frozenset(decl))
        got = self._payments.get(key)
        if got is None:
            got = pay(self.board, self.inst, decl, committed, self.catalog, view=self.view)
            self._payments[key] = got
        return got

    @property
    def view(self) -> View:
        """The board's derived characteristics (built on first use)."""
        if self._view is None:
            self._view = View(self.board, self.catalog)
        return self._view

    def payable(self, decl: Declaration) -> bool:
        """Can the total cost of ``decl`` be paid (CR 508.1h-j)? Memoised on the total (not which
        instances make it up) and the declared creatures."""
        committed = commitment(self.inst, decl)
        key = (total_key(total_cost(self.inst, committed, self.view)), frozenset(decl))
        got = self._payable.get(key)
        if got is None:
            got = self._payable[key] = self.pay_for(decl, committed).payable
        return got


# -- module-level API ------------------------------------------------------------------------


def check(board: BoardLike, declaration: Declaration | Mapping[str, str], *,
          assume_payable: bool = False) -> Verdict:
    """Is ``declaration`` a legal attack on ``board``? See :meth:`AttackEngine.check`."""
    return AttackEngine(board).check(declaration, assume_payable=assume_payable)


def legal_attacks(board: BoardLike, *, assume_payable: bool = False) -> Iterator[Declaration]:
    """Every legal attack declaration on ``board``, in canonical order."""
    return AttackEngine(board).legal(assume_payable=assume_payable)


def max_requirements(board: BoardLike) -> int:
    """The most requirement instances one restriction-obeying declaration can obey."""
    return AttackEngine(board).max_requirements()[0]


def had_to_attack(board: BoardLike,
                  declaration: Declaration | Mapping[str, str]) -> frozenset[str]:
    """The creatures that "had to attack" (CR 506.6) for ``declaration``."""
    return AttackEngine(board).had_to_attack(declaration)
