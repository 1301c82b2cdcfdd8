"""HTTP plumbing of the API: the error shape, the exception handlers and the body-size limit.

Every error is ``{"error": {"path": "$.board...", "message": ...}}``: bad input is HTTP 422
with the JSON path of the bad value, a body over the limit is 413, too many requests waiting
for a solver thread is 503 with ``Retry-After``, an internal error is 500 with a generic
message (the detail goes to the log, never to the client), answered inside the other
middleware (:class:`CatchAll`) so that it carries the same headers as every answer."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mtgcombat.errors import BoardError, DeclarationError, json_path

log = logging.getLogger("mtgcombat.server.app")


def error_response(status: int, message: str, path: str | None = "$") -> JSONResponse:
    """``{"error": {"path": ..., "message": ...}}`` with ``status``."""
    return JSONResponse({"error": {"path": path, "message": message}}, status_code=status)


class Overloaded(Exception):
    """Too many requests are already waiting for a solver thread: answered HTTP 503 with
    ``Retry-After: retry_after`` (seconds)."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"server busy, retry after {retry_after} s")
        self.retry_after = retry_after


def _under(field: str, path: str) -> str:
    """``path`` (a JSON path inside the value of ``field``) as a path in the request body."""
    if path.startswith("$"):
        return f"$.{field}{path[1:]}"
    return f"$.{field}.{path}" if path else f"$.{field}"


def board_error(err: BoardError, field: str = "board") -> JSONResponse:
    """The 422 answer for a bad board, declaration or assignment, located in the body."""
    if isinstance(err, DeclarationError):
        field = "declaration"
    elif err.path.startswith("assignment"):
        return error_response(422, err.message, f"$.{err.path}")
    return error_response(422, err.message, _under(field, err.path))


def _validation_message(err: dict[str, Any]) -> str:
    msg = str(err.get("msg", "invalid value"))
    if err.get("type") == "extra_forbidden":
        return "unknown key"
    if err.get("type") == "missing":
        return "required key is missing"
    return msg


async def _on_validation(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    if not errors:
        return error_response(422, "invalid request")
    err = errors[0]
    loc = [p for p in err.get("loc", ()) if p != "body"]
    if err.get("type") == "json_invalid":
        return error_response(422, f"invalid JSON: {err.get('ctx', {}).get('error', '')}"
                              .rstrip(": "), "$")
    if err.get("loc", ("",))[0] == "query":
        return error_response(422, f"query parameter {loc[1] if len(loc) > 1 else ''}: "
                              f"{_validation_message(err)}", None)
    path = json_path(tuple(p for p in loc if isinstance(p, int | str)))
    more = f" (and {len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
    return error_response(422, _validation_message(err) + more, path)


async def _on_http(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    return error_response(exc.status_code, str(exc.detail), None)


async def _on_board_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BoardError)
    return board_error(exc)


async def _on_overloaded(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Overloaded)
    response = error_response(503, str(exc), None)
    response.headers["Retry-After"] = str(exc.retry_after)
    return response


def internal_error(exc: Exception) -> JSONResponse:
    """The generic HTTP 500 answer for ``exc`` (logged; nothing of it goes to the client)."""
    log.error("internal error: %s: %s", type(exc).__name__, exc)
    return error_response(500, "internal error", None)


async def _on_internal(_request: Request, exc: Exception) -> Response:
    return internal_error(exc)


def install_error_handlers(app: FastAPI) -> None:
    """Answer every error of ``app`` in the error shape."""
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_exception_handler(StarletteHTTPException, _on_http)
    app.add_exception_handler(BoardError, _on_board_error)
    app.add_exception_handler(Overloaded, _on_overloaded)
    app.add_exception_handler(Exception, _on_internal)


class CatchAll:
    """ASGI middleware: an exception the app let through, before its answer started, is
    answered with :func:`internal_error` here, inside the other middleware, so that the 500
    carries the security (and CORS) headers like every other answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            if started:
                raise
            await internal_error(exc)(scope, receive, send)


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is answered 413 (by its
    ``Content-Length``, or once the bytes received pass the limit); smaller bodies are read
    whole and replayed to the app."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._reject(scope, receive, send)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await self._reject(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        await self.app(scope, _replay([{"type": "http.request", "body": body,
                                        "more_body": False}], receive), send)

    async def _reject(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(
            413, f"request body too large (limit {self.limit} bytes)", None)
        await response(scope, receive, send)


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """A ``receive`` that returns ``messages`` first, then waits on ``then`` (a disconnect)."""
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive
