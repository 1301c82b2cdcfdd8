"""``/v1`` endpoints of the declare-blockers step (CR 509.1): list the legal block
declarations, check one."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from mtgcombat.server.models import BlocksCheckRequest, BlocksRequest
from mtgcombat.server.openapi import answers
from mtgcombat.server.responses import BlockListing, BlockVerdict, UnknownAnswer
from mtgcombat.server.solving import Job, check_declaration, list_declarations, solver_of

router = APIRouter(tags=["blocks"])
SolverDep = Annotated[Job, Depends(solver_of)]


@router.post("/v1/blocks", summary="Every legal block declaration", response_model=None,
             responses=answers(BlockListing | UnknownAnswer, "The legal block declarations."))
async def blocks(req: BlocksRequest, solver: SolverDep) -> dict[str, Any]:
    """The legal block declarations against the board's declared attack."""
    return await list_declarations(solver, "blocks", req)


@router.post("/v1/blocks/check", summary="Is this block declaration legal?",
             response_model=None,
             responses=answers(BlockVerdict | UnknownAnswer, "The verdict."))
async def blocks_check(req: BlocksCheckRequest, solver: SolverDep) -> dict[str, Any]:
    """The verdict on one block declaration, with its reason and any better declaration."""
    return await check_declaration(solver, "blocks", req)
