"""Building verdicts: the legal verdict with its payment, the "obeys too few requirements"
verdict naming a better declaration, and the stages of re-checking conditional requirements a
verdict refers to. Reasons are written for a judge: plain words, citing the rule."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from mtgcombat.board.declaration import BlockDeclaration, DeclarationLike
from mtgcombat.compile.instances import Instances
from mtgcombat.legality.evaluate import Pairs, as_pairs, obeyed, pattern
from mtgcombat.legality.process import Process, State
from mtgcombat.legality.verdict import Verdict
from mtgcombat.payment.search import PaymentResult

ASSUMED_PAYABLE = "costs assumed payable: paying them is not checked (--assume-payable)"


def costs_of(inst: Instances, committed: frozenset[int]) -> tuple[str, ...]:
    """The committed cost instances, described."""
    return tuple(inst.costs[i].describe() for i in sorted(committed))


def rules_of(decl: DeclarationLike) -> tuple[str, str]:
    """The rules for restrictions and for requirements of ``decl``'s step: CR 508.1c and
    508.1d for attacks, 509.1b and 509.1c for blocks."""
    if isinstance(decl, BlockDeclaration):
        return "CR 509.1b", "CR 509.1c"
    return "CR 508.1c", "CR 508.1d"


def legal_verdict(inst: Instances, decl: DeclarationLike, proc: Process, st: State,
                  costs: tuple[str, ...]) -> Verdict:
    """The verdict for ``decl``, legal at stage ``st`` of the process (before payment)."""
    n_ok = len(obeyed(inst, as_pairs(decl), st.reqs))
    restrictions, requirements = rules_of(decl)
    reason = (f"obeys every restriction ({restrictions}) and as many requirements as any "
              f"declaration can without breaking a restriction or paying a cost it doesn't "
              f"pay ({n_ok} of {len(st.reqs)}, {requirements})")
    if inst.conditions:
        reason += ("; which requirements exist depends on what is declared, and it is still "
                   f"the best once they are re-checked ({_stages(len(proc.states))})")
    return Verdict(True, "legal", reason, decl, obeyed=n_ok, maximum=st.maximum,
                   costs=costs, branch=branch(inst, proc, st))


def _stages(n: int) -> str:
    return "1 stage" if n == 1 else f"{n} stages"


def assumed_payable(legal: Verdict) -> Verdict:
    """``legal`` noting that its costs (if any) were assumed payable."""
    if legal.costs:
        return dataclasses.replace(legal, notes=(ASSUMED_PAYABLE,))
    return legal


def with_payment(legal: Verdict, pay: Callable[[], PaymentResult | None], rule: str) -> Verdict:
    """``legal`` with its payment plan once the costs are paid (``pay``: None when no payment
    step is modelled), or the verdict that they can't be paid (citing ``rule``)."""
    paid = pay()  # PaymentSearchTooLarge (an Undecided) propagates: the answer is unknown
    if paid is None:
        return legal
    if not paid.payable:
        return dataclasses.replace(
            legal, legal=False, kind="payment",
            reason=f"the total cost {paid.total} can't be paid: {paid.unpaid} ({rule})",
            payment=paid.to_json())
    reason = legal.reason
    if legal.costs:
        reason += f"; the total cost {paid.total} can be paid"
    return dataclasses.replace(legal, reason=reason, payment=paid.to_json())


def branch(inst: Instances, proc: Process, st: State) -> tuple[str, ...]:
    """The states from the first to ``st``, described (empty without conditions)."""
    if not inst.conditions:
        return ()
    steps: list[str] = []
    cur: State | None = st
    while cur is not None:
        steps.append(describe_state(inst, cur))
        cur = proc.states[cur.parent] if cur.parent is not None else None
    return tuple(reversed(steps))


def describe_state(inst: Instances, st: State) -> str:
    """One stage of re-checking: the conditions met, the requirements that exist, what
    earlier stages still demand and how many can be obeyed."""
    met = [inst.conditions[i].source.name for i, v in enumerate(st.pattern) if v]
    kept = "; ".join(f"at least {k} of {req_names(inst, r)}" for r, k in st.history)
    return (f"stage {st.index}: conditions met: {', '.join(met) or 'none'}; "
            f"requirements {req_names(inst, st.reqs)}; still to obey from earlier stages: "
            f"{kept or 'nothing'}; at most {st.maximum} can be obeyed")


def req_names(inst: Instances, reqs: frozenset[int]) -> str:
    """``{goblin: Crazed Goblin, cyc: Ekundu Cyclops}``: whose requirement, from what."""
    parts = []
    for i in sorted(reqs):
        r = inst.requirements[i]
        parts.append(f"{r.creature or 'a creature'}: {r.source.name}")
    return "{" + ", ".join(parts) + "}"


def requirements_verdict(inst: Instances, make: Callable[[Pairs], DeclarationLike],
                         decl: DeclarationLike, proc: Process,
                         costs: tuple[str, ...]) -> Verdict:
    """Why a restriction-obeying declaration is not legal: a better declaration, found by the
    process, that obeys more of the requirements compared at some stage."""
    pairs = as_pairs(decl)
    pat = pattern(inst, pairs)
    same = [st for st in proc.states if st.pattern == pat]
    for st in [*same, proc.states[0]]:
        checks = [(r, k, True) for r, k in st.history] + [(st.reqs, st.maximum, False)]
        for reqs, bound, from_history in checks:
            ours = obeyed(inst, pairs, reqs)
            if len(ours) >= bound:
                continue
            better = make(st.witness)
            theirs = obeyed(inst, st.witness, reqs)
            extra = tuple(inst.requirements[i].describe() for i in sorted(theirs - ours))
            reason = _too_few(len(ours), len(theirs), better, rules_of(decl)[1],
                              from_history)
            if not same:
                reason = ("no declaration obeying the most requirements meets the same "
                          "conditions as this one; " + reason)
            return Verdict(False, "requirements", reason, decl, witness=better,
                           witness_obeys=extra, obeyed=len(ours), maximum=bound,
                           costs=costs, branch=branch(inst, proc, st),
                           compared=tuple(sorted(reqs)))
    raise AssertionError("an illegal declaration has no better one")  # pragma: no cover


def _too_few(ours: int, theirs: int, better: DeclarationLike, rule: str,
             from_history: bool) -> str:
    """The reason a declaration obeying ``ours`` requirements loses to ``better``."""
    head = (f"a better declaration exists: declaring {better} obeys more requirements "
            f"({theirs} instead of {ours}) without breaking a restriction or paying a cost "
            f"this one doesn't ({rule}: no player has to pay a cost to obey a requirement)")
    if from_history:
        return (head + "; these are the requirements of an earlier stage of re-checking, "
                "before the conditional requirements this declaration meets were counted, and "
                "the most of them that could be obeyed there must still be obeyed")
    return head
