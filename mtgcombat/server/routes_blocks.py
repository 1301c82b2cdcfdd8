"""``/v1`` endpoints of the declare-blockers step (CR 509.1): list the legal block
declarations, check one."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from mtgcombat.server.models import BlocksCheckRequest, BlocksRequest
from mtgcombat.server.solving import Job, check_declaration, list_declarations, solver_of

router = APIRouter(tags=["blocks"])
SolverDep = Annotated[Job, Depends(solver_of)]


@router.post("/v1/blocks", summary="Every legal block declaration")
async def blocks(req: BlocksRequest, solver: SolverDep) -> dict[str, Any]:
    """The legal block declarations against the board's declared attack."""
    return await list_declarations(solver, "blocks", req)


@router.post("/v1/blocks/check", summary="Is this block declaration legal?")
async def blocks_check(req: BlocksCheckRequest, solver: SolverDep) -> dict[str, Any]:
    """The verdict on one block declaration, with its reason and witness."""
    return await check_declaration(solver, "blocks", req)
