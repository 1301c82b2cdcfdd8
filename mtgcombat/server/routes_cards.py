"""``/v1`` endpoints that run no solver: the card catalog, the article's example boards and
the liveness check."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from fastapi.responses import JSONResponse, Response

from mtgcombat import __version__
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import Card
from mtgcombat.server.examples import example_board, examples_index
from mtgcombat.server.http import error_response
from mtgcombat.server.openapi import answers
from mtgcombat.server.responses import CardsAnswer, ExampleAnswer, ExamplesAnswer, HealthAnswer
from mtgcombat.server.solving import Job, solver_of

CARDS_LIMIT = 50
"""``GET /v1/cards`` returns at most this many cards unless ``limit`` says otherwise."""

router = APIRouter()


@router.get("/v1/cards", tags=["catalog"], summary="Search every printed card",
            response_model=None,
            responses=answers(CardsAnswer, "The cards found.", (400, 422, 500)))
async def cards(q: str = Query("", max_length=200),
                limit: int = Query(CARDS_LIMIT, ge=1, le=1000)) -> dict[str, Any]:
    """Cards whose name starts with ``q``, then those that contain it (case- and
    punctuation-insensitive): the hand-written catalog's cards first, then every printed card
    of the oracle corpus. Each card shows its characteristics, the effects its text compiles
    to, and its combat text that is not modelled."""
    from mtgcombat.rules.catalog import default_catalog
    from mtgcombat.rules.corpus import search
    from mtgcombat.rules.names import fold

    cat = default_catalog()
    needle = fold(q)
    names = cat.names()
    hits = [n for n in names if fold(n).startswith(needle)]
    hits += [n for n in names if needle in fold(n) and n not in hits]
    found, total = search(q, limit + len(hits))
    seen = {fold(n) for n in hits}
    hits += [n for n in found if fold(n) not in seen]
    out: list[dict[str, Any]] = []
    shown: set[str] = set()
    for name in hits:
        if len(out) >= limit:
            break
        try:
            card = cat.get(name)
        except BoardError as exc:  # a corpus entry the catalog can't use (an Un-card's type)
            out.append({"name": name, "origin": "corpus", "error": exc.message})
            continue
        if card.name.casefold() not in shown:  # "A // A" (a reversible printing) is A
            shown.add(card.name.casefold())
            out.append(_card_view(card))
    return {"cards": out, "count": len(out),
            "total": max(total, len(hits)) if needle else len(names) + total}


def _effect(effect: Any) -> dict[str, Any]:
    """An effect in the board format, its ``kind`` kept (a default, but what names it)."""
    return {"kind": effect.kind, **effect.model_dump(mode="json", exclude_defaults=True)}


def _card_view(card: Card) -> dict[str, Any]:
    """A card as the card search shows it."""
    return {"name": card.name, "origin": card.origin, "types": card.types,
            "subtypes": card.subtypes, "supertypes": card.supertypes, "colors": card.colors,
            "mana_cost": card.mana_cost, "power": card.power, "toughness": card.toughness,
            "loyalty": card.loyalty, "defense": card.defense, "keywords": card.keywords,
            "text": card.text,
            "effects": [_effect(e) for e in card.effects],
            "resolved": [_effect(e) for e in card.resolved],
            "abilities": [{**a.model_dump(mode="json", exclude_defaults=True),
                           "resolved": [_effect(e) for e in a.resolved]}
                          for a in card.abilities],
            "unmodelled": [u.model_dump() for u in card.unmodelled]}


@router.get("/v1/examples", tags=["catalog"], summary="The article's example boards",
            response_model=None,
            responses=answers(ExamplesAnswer, "The example boards.", (400, 500)))
async def examples() -> dict[str, Any]:
    """Id, title and quote of every shipped example board."""
    return {"examples": list(examples_index())}


@router.get("/v1/examples/{example_id}", tags=["catalog"], summary="One example board",
            response_model=None,
            responses=answers(ExampleAnswer, "The example board.", (400, 404, 500)))
async def example(example_id: str) -> Response:
    """The shipped board called ``example_id`` (404 for an id the index does not list)."""
    board = example_board(example_id)
    if board is None:
        return error_response(404, f"no example called {example_id!r}", "$.example_id")
    return JSONResponse({"id": example_id, "board": board})


@router.get("/v1/health", tags=["meta"], summary="Liveness: the version and time limit",
            response_model=None,
            responses=answers(HealthAnswer, "The server is up.", (400, 500)))
async def health(solver: Annotated[Job, Depends(solver_of)]) -> dict[str, Any]:
    """The version and the time limit per request."""
    return {"status": "ok", "version": __version__, "time_limit": solver.time_limit}
