"""``/v1/damage`` endpoints (CR 510): check one combat damage step's assignment, or play out
every combat damage step."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from mtgcombat.errors import BoardError, Deadline
from mtgcombat.server.models import DamageCheckRequest, DamageResolveRequest
from mtgcombat.server.openapi import answers
from mtgcombat.server.responses import CombatResultView, DamageCheckAnswer, UnknownAnswer
from mtgcombat.server.solving import Job, read_board, solver_of
from mtgcombat.views.unmodelled import with_unmodelled

router = APIRouter(tags=["damage"])
SolverDep = Annotated[Job, Depends(solver_of)]


@router.post("/v1/damage/check", summary="Is this combat damage assignment legal?",
             response_model=None,
             responses=answers(DamageCheckAnswer | UnknownAnswer, "The verdict."))
async def damage_check(req: DamageCheckRequest, solver: SolverDep) -> dict[str, Any]:
    """The verdict on one step's damage assignment (CR 510.1)."""
    from mtgcombat.damage.assignment import check_damage
    from mtgcombat.damage.steps import check_after_first

    board, found = read_board(req)
    if req.first_assignment and not req.after_first:
        raise BoardError("first_assignment needs after_first", path="$.first_assignment")
    if req.after_first and req.step != "regular":
        raise BoardError("after_first checks the regular step: give step 'regular'",
                         path="$.after_first")

    def work(seconds: float) -> dict[str, Any]:
        if req.after_first:
            return check_after_first(board, req.first_assignment, req.assignment,
                                     deadline=Deadline.after(seconds)).to_json()
        return check_damage(board, req.assignment, req.step,
                            deadline=Deadline.after(seconds)).to_json()

    # filling in the creatures an assignment leaves out is a search (up to seconds): it runs
    # in the list lane, so it never holds the thread kept for attack and block checks
    return with_unmodelled(await solver.run(work, "list"), found)


@router.post("/v1/damage/resolve", summary="Play out combat damage", response_model=None,
             responses=answers(CombatResultView | UnknownAnswer, "Both steps as played."))
async def damage_resolve(req: DamageResolveRequest, solver: SolverDep) -> dict[str, Any]:
    """Both combat damage steps with the best divisions for the attacking player."""
    from mtgcombat.damage.resolve import resolve_combat

    board, found = read_board(req)

    def work(seconds: float) -> dict[str, Any]:
        return resolve_combat(board, req.maximize, deadline=Deadline.after(seconds)).to_json()

    return with_unmodelled(await solver.run(work, "list"), found)
