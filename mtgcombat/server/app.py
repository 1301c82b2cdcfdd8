"""The HTTP API and web calculator (``mtgcombat serve``), on FastAPI.

Endpoints (JSON in, JSON out; the shapes of the CLI's ``--json``), one router module each:

* ``POST /v1/legal``, ``/v1/check``, ``/v1/explain``, ``/v1/show`` — attacks (CR 508.1;
  :mod:`~mtgcombat.server.routes_attacks`);
* ``POST /v1/blocks``, ``/v1/blocks/check`` — blocks (CR 509.1;
  :mod:`~mtgcombat.server.routes_blocks`);
* ``POST /v1/damage/check``, ``/v1/damage/resolve`` — combat damage (CR 510;
  :mod:`~mtgcombat.server.routes_damage`);
* ``GET /v1/cards?q=``, ``/v1/examples``, ``/v1/examples/{id}``, ``/v1/health`` — the catalog
  and the article's boards (:mod:`~mtgcombat.server.routes_cards`);
* ``GET /`` — the web calculator (:mod:`~mtgcombat.server.pages`).

Safety: bad input is HTTP 422 ``{"error": {"path": "$.board...", "message": ...}}``; a body
over ``max_body`` bytes is 413; an internal error is 500 with a generic message and no trace
(:mod:`~mtgcombat.server.http`). Solver work runs in a thread pool, one new engine per request,
under a time limit counted from the request's arrival (:mod:`~mtgcombat.server.solving`): past
it, or with no verdict for another reason, the answer is HTTP 200
``{"status": "unknown", "reason": "time limit"}``; too many requests waiting for a thread is
503 with ``Retry-After``. Only requests whose ``Host`` is a loopback name or an allowed host are
answered (else 400), every answer carries the security headers, and the interactive docs
(``/docs``, ``/redoc``, which load their scripts from a CDN) are off unless asked for
(:mod:`~mtgcombat.server.guard`). No endpoint touches a file named by the client. Cross-origin
reads (CORS) are refused unless ``cors_origins`` lists the origin. The OpenAPI schema
documents each answer and error status (:mod:`~mtgcombat.server.openapi`).

Every answer about a board whose cards have combat text the engine does not model carries the
``unmodelled`` list; a request with ``"strict": true`` makes such a board bad input (422).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from starlette.middleware.cors import CORSMiddleware

from mtgcombat import __version__
from mtgcombat.board.model import Board
from mtgcombat.errors import Deadline
from mtgcombat.server import routes_attacks, routes_blocks, routes_cards, routes_damage
from mtgcombat.server.guard import (
    CORS_HEADERS,
    CORS_MAX_AGE,
    CORS_METHODS,
    HostGuard,
    SecurityHeaders,
    StampArrival,
    cors_origin,
)
from mtgcombat.server.guard import allowed_hosts as host_allow_list
from mtgcombat.server.http import BodyLimit, CatchAll, error_response, install_error_handlers
from mtgcombat.server.openapi import install_openapi
from mtgcombat.server.pages import WebFiles
from mtgcombat.server.routes_cards import CARDS_LIMIT
from mtgcombat.server.solving import GRACE, EngineFactory, Solver, Step
from mtgcombat.views.undecided import TIME_LIMIT

__all__ = ["CARDS_LIMIT", "DEFAULT_HOST", "DEFAULT_PORT", "DEFAULT_TIME_LIMIT",
           "DEFAULT_WORKERS", "DOCS_PATHS", "GRACE", "MAX_BODY", "TIME_LIMIT", "UvicornLimits",
           "create_app", "error_response", "serve"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_TIME_LIMIT = 10.0
"""Seconds of solver work per request."""
MAX_BODY = 1 << 20
"""Request body limit in bytes (1 MiB)."""
DEFAULT_WORKERS = 4
"""Threads that run solver work."""
DOCS_PATHS = ("/docs", "/docs/oauth2-redirect", "/redoc")
"""The interactive docs (Swagger UI, ReDoc: their scripts come from a CDN)."""

ROUTERS = (routes_attacks.router, routes_blocks.router, routes_damage.router,
           routes_cards.router)
"""The ``/v1`` JSON endpoints, in the order of the OpenAPI schema."""


# -- solver work -----------------------------------------------------------------------------


def _attack_engine(board: Board, seconds: float) -> Any:
    from mtgcombat.legality.attacks import AttackEngine

    return AttackEngine(board, deadline=Deadline.after(seconds))


def _block_engine(board: Board, seconds: float) -> Any:
    from mtgcombat.legality.blocks import BlockEngine

    return BlockEngine(board, deadline=Deadline.after(seconds))


def _engines() -> dict[Step, EngineFactory]:
    """The engine factory of each step (looked up at call time, so tests can replace one)."""
    return {"attacks": lambda board, seconds: _attack_engine(board, seconds),
            "blocks": lambda board, seconds: _block_engine(board, seconds)}


# -- the app ---------------------------------------------------------------------------------


def create_app(*, time_limit: float = DEFAULT_TIME_LIMIT, max_body: int = MAX_BODY,
               workers: int = DEFAULT_WORKERS, allowed_hosts: Iterable[str] = (),
               docs: bool = False, max_queue: int | None = None,
               cors_origins: Iterable[str] = ()) -> FastAPI:
    """The application: JSON endpoints, the web page, a body-size limit of ``max_body`` bytes
    (0: none), ``time_limit`` seconds per request (counted from its arrival) of solver work on
    ``workers`` threads, at most ``max_queue`` requests per lane waiting for a thread (default
    four per worker; more: 503). Requests must name a loopback host or one of
    ``allowed_hosts`` (``"*"``: any) in their ``Host`` header. ``docs``: serve ``/docs`` and
    ``/redoc``, which load their scripts and styles from a CDN. ``cors_origins``: the origins
    (``http(s)://host[:port]``, ``"*"``: any) whose pages may call the API from a browser
    (default none: no CORS headers at all; a bad origin is a :class:`ValueError`)."""
    origins = sorted({cors_origin(o) for o in cors_origins})
    solver = Solver(time_limit, workers, _engines(), max_queue)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        solver.open()
        yield
        solver.close()

    app = FastAPI(
        title="mtgcombat", version=__version__, lifespan=lifespan,
        docs_url="/docs" if docs else None, redoc_url="/redoc" if docs else None,
        separate_input_output_schemas=False,  # one Board schema, for requests and answers
        description=("Exact legality of Magic: The Gathering combat declarations (CR 508.1, "
                     "509.1, 510). Bad input: HTTP 422 `{\"error\": {\"path\", \"message\"}}`. "
                     f"Solver time limit {time_limit:g} s per request: past it HTTP 200 "
                     "`{\"status\": \"unknown\", \"reason\": \"time limit\"}`."))
    install_error_handlers(app)
    install_openapi(app)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/", WebFiles(), name="web")
    app.state.solver = solver
    app.add_middleware(CatchAll)  # the innermost: a 500 passes through every other one
    if max_body:
        app.add_middleware(BodyLimit, limit=max_body)
    if origins:
        app.add_middleware(CORSMiddleware, allow_origins=origins, allow_methods=CORS_METHODS,
                           allow_headers=CORS_HEADERS, max_age=CORS_MAX_AGE)
    app.add_middleware(HostGuard, hosts=host_allow_list(allowed_hosts))
    app.add_middleware(SecurityHeaders, no_policy=DOCS_PATHS if docs else ())
    app.add_middleware(StampArrival)  # the outermost: the time budget starts here
    return app


@dataclass(frozen=True)
class UvicornLimits:
    """The connection limits of uvicorn in :func:`serve`."""

    timeout_keep_alive: int = 5
    """Seconds an idle keep-alive connection stays open."""
    limit_concurrency: int = 64
    """Connections and tasks at once; past it uvicorn answers 503."""
    h11_max_incomplete_event_size: int = 16 * 1024
    """Bytes of request line and headers uvicorn buffers before answering 400."""


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *,
          time_limit: float = DEFAULT_TIME_LIMIT, workers: int = DEFAULT_WORKERS,
          allowed_hosts: Iterable[str] = (), docs: bool = False,
          max_queue: int | None = None, limits: UvicornLimits | None = None,
          cors_origins: Iterable[str] = ()) -> None:
    """Run the server with uvicorn until interrupted; ``host`` (unless a wildcard address)
    joins the allowed hosts."""
    import uvicorn

    limits = limits or UvicornLimits()
    app = create_app(time_limit=time_limit, workers=workers, docs=docs, max_queue=max_queue,
                     allowed_hosts=(*allowed_hosts, host), cors_origins=cors_origins)
    uvicorn.run(app, host=host, port=port, log_level="info", server_header=False,
                timeout_keep_alive=limits.timeout_keep_alive,
                limit_concurrency=limits.limit_concurrency,
                h11_max_incomplete_event_size=limits.h11_max_incomplete_event_size)
