"""How the requirements are re-checked, described for people (what ``mtgcombat explain`` and
``POST /v1/explain`` show): per choice of which costs to pay (a cost commitment), every stage
(state) with the conditions met, the requirements that exist, what earlier stages still demand
(history), how many can be obeyed (maximum), a declaration obeying that many (witness) and the
declarations legal at that point (terminals). The field names are the JSON's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgcombat.board.declaration import Declaration
from mtgcombat.legality.attacks import AttackEngine

EXPLAIN_TERMINALS = 10_000
"""List at most this many terminals per state."""


@dataclass(frozen=True)
class StateView:
    """One state of the conditional-requirement process, described for people."""

    index: int
    parent: int | None
    children: tuple[int, ...]
    conditions_on: tuple[str, ...]
    requirements: tuple[str, ...]
    history: tuple[tuple[tuple[str, ...], int], ...]
    maximum: int
    witness: Declaration
    terminals: tuple[Declaration, ...]
    terminals_complete: bool


@dataclass(frozen=True)
class CommitmentView:
    """One cost commitment and the states of its process."""

    costs: tuple[str, ...]
    states: tuple[StateView, ...]



def commitment_views(engine: AttackEngine) -> list[CommitmentView]:
    """Describe, for each cost commitment, every state of its process and its terminals."""
    inst = engine.inst
    views: list[CommitmentView] = []

    def names(reqs: frozenset[int]) -> tuple[str, ...]:
        return tuple(inst.requirements[i].describe() for i in sorted(reqs))

    for c in engine.commitments():
        proc = engine.process(c)
        states: list[StateView] = []
        for st in proc.states:
            found, complete = engine.terminals(c, st, limit=EXPLAIN_TERMINALS)
            terminals = tuple(found)
            on = tuple(cond.describe() for cond in inst.conditions if st.pattern[cond.index])
            states.append(StateView(
                st.index, st.parent, tuple(st.children), on, names(st.reqs),
                tuple((names(r), k) for r, k in st.history), st.maximum,
                Declaration(st.witness), terminals, complete))
        costs = tuple(inst.costs[i].describe() for i in sorted(c))
        views.append(CommitmentView(costs, tuple(states)))
    return views


def view_json(cv: CommitmentView) -> dict[str, Any]:
    """``explain --json``'s object for one commitment."""
    return {
        "costs": list(cv.costs),
        "states": [{
            "index": s.index,
            "parent": s.parent,
            "children": list(s.children),
            "conditions_on": list(s.conditions_on),
            "requirements": list(s.requirements),
            "history": [{"requirements": list(r), "at_least": k} for r, k in s.history],
            "maximum": s.maximum,
            "witness": s.witness.to_json(),
            "terminals": [d.to_json() for d in s.terminals],
            "terminals_complete": s.terminals_complete,
        } for s in cv.states],
    }
