"""The HTTP API and web calculator (``mtgcombat serve``), on FastAPI.

Endpoints (JSON in, JSON out; the shapes of SPEC §10-§12 and of the CLI's ``--json``):

* ``POST /v1/legal``, ``/v1/check``, ``/v1/explain``, ``/v1/show`` — attacks (CR 508.1);
* ``POST /v1/blocks``, ``/v1/blocks/check`` — blocks (CR 509.1, SPEC §11);
* ``POST /v1/damage/check``, ``/v1/damage/resolve`` — combat damage (CR 510, SPEC §12);
* ``GET /v1/cards?q=``, ``/v1/examples``, ``/v1/examples/{id}`` — the catalog and the article's
  boards; ``GET /`` — the web calculator.

Safety: bad input is HTTP 422 ``{"error": {"path": "$.board...", "message": ...}}``; a body
over ``max_body`` bytes is 413; an internal error is 500 with a generic message and no trace.
Solver work runs in a thread pool, one new engine per request, under a time limit: past it the
answer is HTTP 200 ``{"status": "unknown", "reason": "time limit"}``. No endpoint touches a
file named by the client.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mtgcombat import __version__
from mtgcombat.board.model import Board, parse_board
from mtgcombat.errors import BoardError, DeclarationError, json_path
from mtgcombat.server.examples import example_board, examples_index
from mtgcombat.server.models import (
    BlocksCheckRequest,
    BlocksRequest,
    BoardRequest,
    CheckRequest,
    DamageCheckRequest,
    DamageResolveRequest,
    LegalRequest,
)

if TYPE_CHECKING:
    from mtgcombat.legality.engine import Engine

log = logging.getLogger("mtgcombat.server.app")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_TIME_LIMIT = 10.0
"""Seconds of solver work per request."""
MAX_BODY = 1 << 20
"""Request body limit in bytes (1 MiB)."""
DEFAULT_WORKERS = 4
"""Threads that run solver work."""
GRACE = 2.0
"""Seconds past the time limit before the server stops waiting for a request's thread."""
TIME_LIMIT = "time limit"
CARDS_LIMIT = 50
"""``GET /v1/cards`` returns at most this many cards unless ``limit`` says otherwise."""

T = TypeVar("T")
E = TypeVar("E", bound="Engine[Any]")


class TimeLimit(Exception):  # noqa: N818 - an outcome, not an error
    """The request's solver budget is spent."""


# -- errors ----------------------------------------------------------------------------------


def error_response(status: int, message: str, path: str | None = "$") -> JSONResponse:
    """``{"error": {"path": ..., "message": ...}}`` with ``status``."""
    return JSONResponse({"error": {"path": path, "message": message}}, status_code=status)


def _under(field: str, path: str) -> str:
    """``path`` (a JSON path inside the value of ``field``) as a path in the request body."""
    if path.startswith("$"):
        return f"$.{field}{path[1:]}"
    return f"$.{field}.{path}" if path else f"$.{field}"


def _board_error(err: BoardError, field: str = "board") -> JSONResponse:
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
    return _board_error(exc)


async def _on_internal(_request: Request, exc: Exception) -> Response:
    log.error("internal error: %s: %s", type(exc).__name__, exc)
    return error_response(500, "internal error", None)


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


# -- solver work -----------------------------------------------------------------------------


def _deadline_engine(base: type[E], seconds: float) -> type[Any]:
    """A subclass of ``base`` whose CP-SAT limit is what is left of ``seconds`` from now (so the
    limit holds for the whole request, not per solve); past it every solve raises
    ``SolverTimeout``."""
    from mtgcombat.solver.cpsat import SolverTimeout

    deadline = time.monotonic() + seconds

    class DeadlineEngine(base):  # type: ignore[valid-type,misc]
        @property
        def time_limit(self) -> float:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SolverTimeout("the request's time budget is spent")
            return left

        @time_limit.setter
        def time_limit(self, _seconds: float | None) -> None:
            pass

    return DeadlineEngine


def _attack_engine(board: Board, seconds: float) -> Any:
    from mtgcombat.legality.attacks import AttackEngine

    return _deadline_engine(AttackEngine, seconds)(board)


def _block_engine(board: Board, seconds: float) -> Any:
    from mtgcombat.legality.blocks import BlockEngine

    return _deadline_engine(BlockEngine, seconds)(board)


def _listing(stream: Iterator[Any], limit: int | None) -> dict[str, Any]:
    """SPEC §10's ``{"legal": [...], "count": n}`` (+ ``"complete": false`` when cut)."""
    got = list(stream if limit is None else islice(stream, limit + 1))
    shown = got if limit is None else got[:limit]
    out: dict[str, Any] = {"legal": [d.to_json() for d in shown], "count": len(shown)}
    if limit is not None and len(got) > limit:
        out["complete"] = False
    return out


def _verdict_json(v: Any) -> dict[str, Any]:
    """A verdict's SPEC §10 JSON, or the explicit "unknown" answer past the time limit."""
    if v.kind == "unknown":
        return {"status": "unknown", "reason": v.reason}
    result: dict[str, Any] = v.to_json()
    return result


def _parse(raw: object) -> Board:
    return parse_board(raw)


class Solver:
    """Runs one request's solver work in the thread pool under the time limit."""

    def __init__(self, time_limit: float, workers: int) -> None:
        self.time_limit = time_limit
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mtgcombat")

    async def run(self, work: Callable[[float], T]) -> T | dict[str, Any]:
        """``work(seconds)`` in a worker thread; the unknown answer if the budget runs out."""
        from mtgcombat.payment.search import PaymentSearchTooLarge
        from mtgcombat.solver.cpsat import SolverTimeout

        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool, work, self.time_limit)
        try:
            return await asyncio.wait_for(future, self.time_limit + GRACE)
        except (TimeoutError, SolverTimeout, TimeLimit):
            return {"status": "unknown", "reason": TIME_LIMIT}
        except PaymentSearchTooLarge as exc:
            return {"status": "unknown", "reason": f"payment search too large ({exc})"}


# -- the app ---------------------------------------------------------------------------------


def _web_file(name: str) -> bytes:
    return resources.files("mtgcombat.server").joinpath("web", name).read_bytes()


_STATIC = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}


def create_app(*, time_limit: float = DEFAULT_TIME_LIMIT, max_body: int = MAX_BODY,
               workers: int = DEFAULT_WORKERS) -> FastAPI:
    """The application: JSON endpoints, the web page, a body-size limit of ``max_body`` bytes
    (0: none), ``time_limit`` seconds of solver work per request on ``workers`` threads."""
    solver = Solver(time_limit, workers)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> Any:
        yield
        solver.pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(
        title="mtgcombat", version=__version__, lifespan=lifespan,
        description=("Exact legality of Magic: The Gathering combat declarations (CR 508.1, "
                     "509.1, 510). Bad input: HTTP 422 `{\"error\": {\"path\", \"message\"}}`. "
                     f"Solver time limit {time_limit:g} s per request: past it HTTP 200 "
                     "`{\"status\": \"unknown\", \"reason\": \"time limit\"}`."))
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_exception_handler(StarletteHTTPException, _on_http)
    app.add_exception_handler(BoardError, _on_board_error)
    app.add_exception_handler(Exception, _on_internal)
    _routes(app, solver)
    _pages(app)
    app.state.solver = solver
    if max_body:
        app.add_middleware(BodyLimit, limit=max_body)
    return app


def _routes(app: FastAPI, solver: Solver) -> None:
    """The ``/v1`` JSON endpoints."""

    @app.post("/v1/legal", tags=["attacks"], summary="Every legal attack declaration")
    async def legal(req: LegalRequest) -> dict[str, Any]:
        board = _parse(req.board)

        def work(seconds: float) -> dict[str, Any]:
            engine = _attack_engine(board, seconds)
            stream = engine.legal(assume_payable=req.assume_payable)
            if not req.summary:
                return _listing(stream, req.limit)
            from mtgcombat.views.json import summary_json

            every = list(stream)
            out = _listing(iter(every), req.limit)
            out["summary"] = summary_json(engine.inst.creatures, every)
            return out

        return await solver.run(work)

    @app.post("/v1/check", tags=["attacks"], summary="Is this attack declaration legal?")
    async def check(req: CheckRequest) -> dict[str, Any]:
        from mtgcombat.board.declaration import Declaration

        board = _parse(req.board)
        decl = Declaration.from_json(req.declaration)

        def work(seconds: float) -> dict[str, Any]:
            return _verdict_json(
                _attack_engine(board, seconds).check(decl, assume_payable=req.assume_payable))

        return await solver.run(work)

    @app.post("/v1/explain", tags=["attacks"],
              summary="The conditional-requirement process (SPEC §5)")
    async def explain(req: BoardRequest) -> dict[str, Any]:
        from mtgcombat.legality.explain import commitment_views, view_json

        board = _parse(req.board)

        def work(seconds: float) -> dict[str, Any]:
            views = commitment_views(_attack_engine(board, seconds))
            return {"commitments": [view_json(cv) for cv in views]}

        return await solver.run(work)

    @app.post("/v1/show", tags=["attacks"], summary="How the engine understood the board")
    async def show(req: BoardRequest) -> dict[str, Any]:
        from mtgcombat.compile.attacks import compile_board
        from mtgcombat.views.json import show_json

        board = _parse(req.board)

        def work(_seconds: float) -> dict[str, Any]:
            block = None
            if board.attack is not None:
                from mtgcombat.compile.blocks import compile_blocks

                block = compile_blocks(board)
            return show_json(board, compile_board(board), block)

        return await solver.run(work)

    @app.post("/v1/blocks", tags=["blocks"], summary="Every legal block declaration")
    async def blocks(req: BlocksRequest) -> dict[str, Any]:
        board = _parse(req.board)

        def work(seconds: float) -> dict[str, Any]:
            engine = _block_engine(board, seconds)
            return _listing(engine.legal(assume_payable=req.assume_payable), req.limit)

        return await solver.run(work)

    @app.post("/v1/blocks/check", tags=["blocks"], summary="Is this block declaration legal?")
    async def blocks_check(req: BlocksCheckRequest) -> dict[str, Any]:
        from mtgcombat.board.declaration import BlockDeclaration

        board = _parse(req.board)
        decl = BlockDeclaration.from_json(req.declaration)

        def work(seconds: float) -> dict[str, Any]:
            return _verdict_json(
                _block_engine(board, seconds).check(decl, assume_payable=req.assume_payable))

        return await solver.run(work)

    @app.post("/v1/damage/check", tags=["damage"],
              summary="Is this combat damage assignment legal?")
    async def damage_check(req: DamageCheckRequest) -> dict[str, Any]:
        from mtgcombat.damage.rules import check_damage

        board = _parse(req.board)

        def work(_seconds: float) -> dict[str, Any]:
            return check_damage(board, req.assignment, req.step).to_json()

        return await solver.run(work)

    @app.post("/v1/damage/resolve", tags=["damage"], summary="Play out combat damage")
    async def damage_resolve(req: DamageResolveRequest) -> dict[str, Any]:
        from mtgcombat.damage.resolve import resolve_combat

        board = _parse(req.board)

        def work(_seconds: float) -> dict[str, Any]:
            return resolve_combat(board, req.maximize).to_json()

        return await solver.run(work)

    @app.get("/v1/cards", tags=["catalog"], summary="Search the card catalog")
    async def cards(q: str = Query("", max_length=200),
                    limit: int = Query(CARDS_LIMIT, ge=1, le=1000)) -> dict[str, Any]:
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

    @app.get("/v1/examples", tags=["catalog"], summary="The article's example boards")
    async def examples() -> dict[str, Any]:
        return {"examples": list(examples_index())}

    @app.get("/v1/examples/{example_id}", tags=["catalog"], summary="One example board")
    async def example(example_id: str) -> Response:
        board = example_board(example_id)
        if board is None:
            return error_response(404, f"no example called {example_id!r}", "$.example_id")
        return JSONResponse({"id": example_id, "board": board})

    @app.get("/v1/health", tags=["meta"], summary="Liveness")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__, "time_limit": solver.time_limit}


def _pages(app: FastAPI) -> None:
    """The web calculator: three fixed files shipped in the package."""

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return HTMLResponse(_web_file("index.html"))

    def static(name: str, media: str) -> Callable[[], Awaitable[Response]]:
        async def serve_file() -> Response:
            return Response(_web_file(name), media_type=media,
                            headers={"Cache-Control": "no-cache"})
        return serve_file

    for name, media in _STATIC.items():
        app.add_api_route(f"/{name}", static(name, media), methods=["GET"],
                          include_in_schema=False)


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *,
          time_limit: float = DEFAULT_TIME_LIMIT, workers: int = DEFAULT_WORKERS) -> None:
    """Run the server with uvicorn until interrupted."""
    import uvicorn

    uvicorn.run(create_app(time_limit=time_limit, workers=workers), host=host, port=port,
                log_level="info", server_header=False)
