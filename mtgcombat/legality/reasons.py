"""Building verdicts: the legal verdict with its payment, the "obeys too few requirements"
verdict with its witness, and the branch of the conditional process a verdict refers to."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.compile.instances import Instances
from mtgcombat.legality.evaluate import Pairs, as_pairs, obeyed, pattern
from mtgcombat.legality.process import Process, State
from mtgcombat.legality.verdict import Verdict
from mtgcombat.payment.search import PaymentResult

ASSUMED_PAYABLE = "costs assumed payable: paying them is not checked (--assume-payable)"


def costs_of(inst: Instances, committed: frozenset[int]) -> tuple[str, ...]:
    """The committed cost instances, described."""
    return tuple(inst.costs[i].describe() for i in sorted(committed))


def legal_verdict(inst: Instances, decl: DeclarationLike, proc: Process, st: State,
                  costs: tuple[str, ...]) -> Verdict:
    """The verdict for ``decl``, terminal in state ``st`` (before payment)."""
    n_ok = len(obeyed(inst, as_pairs(decl), st.reqs))
    reason = ("obeys every restriction and the most requirements possible "
              f"({n_ok} of {len(st.reqs)}) with its costs")
    if inst.conditions:
        reason += f"; terminal of the conditional process ({len(proc.states)} state(s))"
    return Verdict(True, "legal", reason, decl, obeyed=n_ok, maximum=st.maximum,
                   costs=costs, branch=branch(inst, proc, st))


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
    """One state: its conditions on, requirements, history and maximum."""
    on = [inst.conditions[i].source.name for i, v in enumerate(st.pattern) if v]
    hist = "; ".join(f"sat({req_names(inst, r)}) >= {k}" for r, k in st.history)
    return (f"state {st.index}: conditions on: {', '.join(on) or 'none'}; "
            f"requirements {req_names(inst, st.reqs)}; history: {hist or 'none'}; "
            f"maximum {st.maximum}")


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
    """Why a restriction-obeying declaration is not terminal: a witness from the process
    that obeys strictly more of some requirement set the process compares on."""
    pairs = as_pairs(decl)
    pat = pattern(inst, pairs)
    same = [st for st in proc.states if st.pattern == pat]
    for st in [*same, proc.states[0]]:
        checks = [(r, k, True) for r, k in st.history] + [(st.reqs, st.maximum, False)]
        for reqs, bound, from_history in checks:
            ours = obeyed(inst, pairs, reqs)
            if len(ours) >= bound:
                continue
            witness = make(st.witness)
            theirs = obeyed(inst, st.witness, reqs)
            extra = tuple(inst.requirements[i].describe() for i in sorted(theirs - ours))
            reason = _too_few(len(ours), bound, len(reqs), len(theirs), witness, from_history)
            if not same:
                reason = ("no branch of the conditional process reaches its set of "
                          "requirements; " + reason)
            return Verdict(False, "requirements", reason, decl, witness=witness,
                           witness_obeys=extra, obeyed=len(ours), maximum=bound,
                           costs=costs, branch=branch(inst, proc, st),
                           compared=tuple(sorted(reqs)))
    raise AssertionError("a non-terminal declaration has no witness")  # pragma: no cover


def _too_few(ours: int, bound: int, of: int, theirs: int, witness: DeclarationLike,
             from_history: bool) -> str:
    if from_history:
        return (f"an earlier step of the conditional process requires obeying at least "
                f"{bound} of {of} requirement(s); it obeys {ours}, while {witness} obeys "
                f"{theirs}")
    return (f"obeys {ours} requirement(s) but {bound} can be obeyed without breaking a "
            f"restriction or paying a cost it does not pay: {witness}")
