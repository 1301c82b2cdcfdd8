"""Block legality (CR 509.1) on the shared engine: ``check_blocks``, ``legal_blocks``.

Blocks mirror attacks: a boolean per (candidate blocker, blockable attacker); restrictions
(evasion, "can't block", "can block only", "can't block alone" and "unless other creatures
also block", "no more than N creatures can block", "can't be blocked by more than N
creatures", menace, "can't be blocked unless all creatures defending player controls block
it"), requirements to maximise ("blocks each combat if able", Lure, "must be blocked", Nacatl
War-Pride's "exactly one") and costs to block that the blocking player may decline. The
instances come from :mod:`mtgcombat.compile.blocks`; legality is
:class:`~mtgcombat.legality.engine.Engine`'s.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from mtgcombat.board.declaration import BlockDeclaration
from mtgcombat.compile.blocks import compile_blocks
from mtgcombat.errors import Deadline
from mtgcombat.legality.engine import Engine
from mtgcombat.legality.evaluate import Pairs
from mtgcombat.legality.inputs import BoardLike, as_board, as_declaration
from mtgcombat.legality.verdict import Verdict
from mtgcombat.payment.search import PaymentResult, pay
from mtgcombat.rules.catalog import Catalog


class BlockEngine(Engine[BlockDeclaration]):
    """One board's compiled block model (CR 509.1)."""

    def __init__(self, board: BoardLike, *, catalog: Catalog | None = None,
                 deadline: Deadline | None = None, time_limit: float | None = None) -> None:
        self.board = as_board(board)
        self.catalog = catalog
        super().__init__(compile_blocks(self.board, catalog), deadline=deadline,
                         time_limit=time_limit)

    def make(self, pairs: Pairs) -> BlockDeclaration:
        return BlockDeclaration(pairs)

    def check(self, declaration: BlockDeclaration | Mapping[str, Any], *,
              assume_payable: bool = False) -> Verdict:
        """Is this block declaration legal (CR 509.1)? The verdict says why not."""
        return self.check_declaration(as_declaration(BlockDeclaration, declaration),
                                      assume_payable=assume_payable)

    def structural(self, decl: BlockDeclaration) -> Verdict | None:
        """CR 509.1a: unknown ids raise; a creature that can't block, or blocking something
        that isn't a blockable attacker, or too many attackers, is an illegal verdict."""
        for blocker, attacker in decl.pairs():
            for pid in (blocker, attacker):
                self.known_permanent(pid, f"$.{blocker}")
        per_blocker: dict[str, int] = {}
        for blocker, attacker in decl.pairs():
            cand = self.inst.candidate(blocker)
            if cand is None:
                return self.not_a_candidate(blocker, "a blocker", "CR 509.1a", decl)
            if attacker not in cand.targets:
                teams = self.board.teams is not None
                who = "a player of the defending team" if teams else self.inst.active_player
                return Verdict(False, "illegal_target",
                               f"{blocker} can't block {attacker}: not a creature attacking "
                               f"{who}, a planeswalker they control or a battle they protect "
                               f"(CR 509.1a{', 805.10d' if teams else ''})", decl)
            per_blocker[blocker] = per_blocker.get(blocker, 0) + 1
            if cand.capacity is not None and per_blocker[blocker] > cand.capacity:
                return Verdict(False, "restriction",
                               f"{blocker} can block at most {cand.capacity} creature(s) "
                               "(CR 509.1a)", decl)
        return None

    payment_rule = "CR 509.1e-g"

    def pay_for(self, decl: BlockDeclaration, committed: frozenset[int]) -> PaymentResult:
        """The blocking player pays; blockers don't become tapped (CR 509.1)."""
        blockers = {b: a for b, a in decl.pairs()}
        return pay(self.board, self.inst, blockers, committed, self.catalog,
                   declared_tap=False)


def check_blocks(board: BoardLike, declaration: BlockDeclaration | Mapping[str, Any], *,
                 assume_payable: bool = False) -> Verdict:
    """Is ``declaration`` a legal block on ``board`` (CR 509.1)?"""
    return BlockEngine(board).check(declaration, assume_payable=assume_payable)


def legal_blocks(board: BoardLike, *, assume_payable: bool = False) -> Iterator[BlockDeclaration]:
    """Every legal block declaration on ``board``, in canonical order."""
    return BlockEngine(board).legal(assume_payable=assume_payable)
