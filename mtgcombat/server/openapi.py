"""The OpenAPI schema of the HTTP API: each route's documented answers, and the board schema.

Every route documents its 200 answer (:mod:`~mtgcombat.server.responses`) and each error
status it can send, all with the one error shape ``{"error": {"path", "message"}}``
(:mod:`~mtgcombat.server.http`): 400 for a ``Host`` that is not allowed
(:mod:`~mtgcombat.server.guard`), 404 for an unknown example, 413 for a body over the limit,
422 for bad input, 500 for an internal error, 503 (with ``Retry-After``) when too many
requests wait for a solver thread. FastAPI's own 422 schema (``HTTPValidationError``) is not
what the server sends, so it is left out.

The board's components are the board file's JSON Schema itself (the one ``mtgcombat schema``
prints, from the same pydantic model), with its ``$defs`` as sibling components.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from mtgcombat.board.model import Board
from mtgcombat.server.responses import ErrorAnswer

REF_TEMPLATE = "#/components/schemas/{model}"
"""Where OpenAPI keeps named schemas."""
FASTAPI_VALIDATION = ("HTTPValidationError", "ValidationError")
"""FastAPI's 422 components, which describe a body this server never sends."""

ERRORS: dict[int, str] = {
    400: "The `Host` header names a host that is not allowed (start the server with "
         "`--allow-host HOST`).",
    404: "No such example board.",
    413: "The request body is over the size limit.",
    422: "Bad input: `error.path` is the JSON path of the bad value in the request (null for "
         "a bad query parameter).",
    500: "Internal error (the details go to the server's log, not to the client).",
    503: "Too many requests are waiting for a solver thread; retry after `Retry-After` "
         "seconds.",
}
"""Each error status the app sends, and when."""
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before retrying.",
                               "schema": {"type": "integer", "minimum": 1}}}

SOLVER_ERRORS = (400, 413, 422, 500, 503)
"""The errors of a route that reads a JSON body and runs solver work."""


def answers(ok: Any, description: str, errors: tuple[int, ...] = SOLVER_ERRORS
            ) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses``: ``ok`` (a type) as the 200 answer, and ``errors`` in the error
    shape."""
    out: dict[int | str, dict[str, Any]] = {200: {"model": ok, "description": description}}
    for status in errors:
        out[status] = {"model": ErrorAnswer, "description": ERRORS[status]}
        if status == 503:
            out[status]["headers"] = RETRY_AFTER
    return out


def board_components() -> dict[str, Any]:
    """The board file's JSON Schema as OpenAPI components: ``Board`` and its definitions."""
    board = Board.model_json_schema(ref_template=REF_TEMPLATE)
    defs: dict[str, Any] = board.pop("$defs", {})
    return {**defs, "Board": board}


def _finish(schema: dict[str, Any]) -> None:
    """Put the board's own schema in ``schema`` and drop FastAPI's unused 422 schema."""
    components: dict[str, Any] = schema.setdefault("components", {}).setdefault("schemas", {})
    components.update(board_components())
    unused = {f"#/components/schemas/{name}" for name in FASTAPI_VALIDATION}
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.get("responses", {})
            body = responses.get("422", {}).get("content", {}).get("application/json", {})
            if body.get("schema", {}).get("$ref") in unused:
                del responses["422"]  # FastAPI's guess, for a route that can't send a 422
    for name in FASTAPI_VALIDATION:
        components.pop(name, None)


def install_openapi(app: FastAPI) -> None:
    """Make ``app``'s OpenAPI schema use the board's JSON Schema and the real error shape."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if not app.openapi_schema:
            _finish(generate())
        return generate()

    app.openapi = openapi  # type: ignore[method-assign]
