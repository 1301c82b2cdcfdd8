"""``/v1`` endpoints that run no solver: the card catalog, the article's example boards and
the liveness check."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from fastapi.responses import JSONResponse, Response

from mtgcombat import __version__
from mtgcombat.server.examples import example_board, examples_index
from mtgcombat.server.http import error_response
from mtgcombat.server.solving import Job, solver_of

CARDS_LIMIT = 50
"""``GET /v1/cards`` returns at most this many cards unless ``limit`` says otherwise."""

router = APIRouter()


@router.get("/v1/cards", tags=["catalog"], summary="Search the card catalog")
async def cards(q: str = Query("", max_length=200),
                limit: int = Query(CARDS_LIMIT, ge=1, le=1000)) -> dict[str, Any]:
    """Cards whose name starts with ``q``, then those that contain it (case-insensitive)."""
    from mtgcombat.rules.catalog import default_catalog

    cat = default_catalog()
    needle = q.strip().casefold()
    names = cat.names()
    hits = [n for n in names if n.casefold().startswith(needle)]
    hits += [n for n in names if needle in n.casefold() and n not in hits]
    out = []
    for name in hits[:limit]:
        c = cat.get(name)
        out.append({"name": c.name, "types": c.types, "subtypes": c.subtypes,
                    "power": c.power, "toughness": c.toughness, "keywords": c.keywords,
                    "text": c.text})
    return {"cards": out, "count": len(out), "total": len(hits)}


@router.get("/v1/examples", tags=["catalog"], summary="The article's example boards")
async def examples() -> dict[str, Any]:
    """Id, title and quote of every shipped example board."""
    return {"examples": list(examples_index())}


@router.get("/v1/examples/{example_id}", tags=["catalog"], summary="One example board")
async def example(example_id: str) -> Response:
    """The shipped board called ``example_id`` (404 for an id the index does not list)."""
    board = example_board(example_id)
    if board is None:
        return error_response(404, f"no example called {example_id!r}", "$.example_id")
    return JSONResponse({"id": example_id, "board": board})


@router.get("/v1/health", tags=["meta"], summary="Liveness")
async def health(solver: Annotated[Job, Depends(solver_of)]) -> dict[str, Any]:
    """The version and the time limit per request."""
    return {"status": "ok", "version": __version__, "time_limit": solver.time_limit}
