"""``/v1`` endpoints of the declare-attackers step (CR 508.1): list, check, explain, show."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from mtgcombat.server.models import BoardRequest, CheckRequest, LegalRequest
from mtgcombat.server.openapi import answers
from mtgcombat.server.responses import (
    AttackListing,
    AttackVerdict,
    ExplainAnswer,
    ShowAnswer,
    UnknownAnswer,
)
from mtgcombat.server.solving import (
    Job,
    check_declaration,
    list_declarations,
    read_board,
    solver_of,
)
from mtgcombat.views.unmodelled import with_unmodelled

router = APIRouter(tags=["attacks"])
SolverDep = Annotated[Job, Depends(solver_of)]


@router.post("/v1/legal", summary="Every legal attack declaration", response_model=None,
             responses=answers(AttackListing | UnknownAnswer, "The legal attack declarations."))
async def legal(req: LegalRequest, solver: SolverDep) -> dict[str, Any]:
    """The legal attack declarations in canonical order (``limit``: the first N)."""
    return await list_declarations(solver, "attacks", req, summary=req.summary)


@router.post("/v1/check", summary="Is this attack declaration legal?", response_model=None,
             responses=answers(AttackVerdict | UnknownAnswer, "The verdict."))
async def check(req: CheckRequest, solver: SolverDep) -> dict[str, Any]:
    """The verdict on one attack declaration, with its reason and any better declaration."""
    return await check_declaration(solver, "attacks", req)


@router.post("/v1/explain",
             summary="The conditional-requirement process (CR 508.1d, docs/architecture.md)",
             response_model=None,
             responses=answers(ExplainAnswer | UnknownAnswer,
                               "The stages, per choice of costs to pay."))
async def explain(req: BoardRequest, solver: SolverDep) -> dict[str, Any]:
    """For each choice of which costs to pay, the stages of re-checking the conditional
    requirements (CR 508.1d)."""
    from mtgcombat.legality.explain import commitment_views, view_json

    board, found = read_board(req)

    def work(seconds: float) -> dict[str, Any]:
        views = commitment_views(solver.engine("attacks", board, seconds))
        return {"commitments": [view_json(cv) for cv in views]}

    return with_unmodelled(await solver.run(work, "list"), found)


@router.post("/v1/show", summary="How the engine understood the board", response_model=None,
             responses=answers(ShowAnswer | UnknownAnswer, "The board as compiled."))
async def show(req: BoardRequest, solver: SolverDep) -> dict[str, Any]:
    """Players, targets, candidates and every instance, as ``mtgcombat show`` prints them,
    and the combat text not modelled."""
    from mtgcombat.compile.attacks import compile_board
    from mtgcombat.views.json import show_json

    board, found = read_board(req)

    def work(_seconds: float) -> dict[str, Any]:
        block = None
        if board.attack is not None:
            from mtgcombat.compile.blocks import compile_blocks

            block = compile_blocks(board)
        return show_json(board, compile_board(board), block)

    return with_unmodelled(await solver.run(work, "check"), found)
