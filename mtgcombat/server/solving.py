"""Solver work for the HTTP API: a thread pool, a time limit per request counted from its
arrival, a bounded wait for a thread, and the two request kinds that attacks and blocks share
(list the legal declarations, check one).

Every request gets a new engine, built by the app's engine factory for its step with what is
left of the request's time limit. A request that ends without a verdict (an
:class:`~mtgcombat.errors.Undecided`, its time limit passing while it waits for a thread, or
the time limit plus a grace period passing while it runs) is answered HTTP 200
``{"status": "unknown", "reason": ...}`` (:mod:`mtgcombat.views.undecided`).

Work comes in two lanes: ``list`` (searches: every legal declaration, the explained process,
the played-out damage, a damage assignment with creatures left to fill in) and ``check`` (one
attack or block verdict, the board as read). Listings hold at most ``workers - 1`` threads, so
a check never waits for a listing to end. When ``max_queue`` requests of a lane are already
waiting for a thread, the next one is answered HTTP 503 with ``Retry-After``
(:class:`~mtgcombat.server.http.Overloaded`).

Every answer about a board whose cards have combat text the engine does not model carries the
``unmodelled`` list (:mod:`mtgcombat.views.unmodelled`); with the request's ``strict`` such a
board is bad input instead (:func:`read_board`).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

from fastapi import Request

from mtgcombat.board.declaration import BlockDeclaration, Declaration
from mtgcombat.board.model import Board, parse_board
from mtgcombat.board.unmodelled import Unmodelled, board_unmodelled, check_modelled
from mtgcombat.errors import Undecided
from mtgcombat.server.guard import ARRIVED
from mtgcombat.server.http import Overloaded
from mtgcombat.server.models import BlocksCheckRequest, BlocksRequest, CheckRequest, LegalRequest
from mtgcombat.views.listing import listing
from mtgcombat.views.summary import summarize
from mtgcombat.views.undecided import TIME_LIMIT, undecided_json, unknown_json
from mtgcombat.views.unmodelled import with_unmodelled

GRACE = 2.0
"""Seconds past the time limit before the server stops waiting for a request's thread."""
QUEUE_PER_WORKER = 4
"""Requests of a lane that may wait for a thread, per worker thread (``max_queue``'s default)."""
MIN_SECONDS = 1e-9
"""The least time handed to work whose deadline has already passed (it stops at once)."""

T = TypeVar("T")
Step = Literal["attacks", "blocks"]
"""The combat step a declaration belongs to: declare attackers or declare blockers."""
Lane = Literal["list", "check"]
"""The kind of work: an enumeration (``list``) or one answer (``check``)."""
LANES: tuple[Lane, ...] = ("list", "check")
EngineFactory = Callable[[Board, float], Any]
"""``factory(board, seconds)``: a new engine for ``board`` that stops after ``seconds``."""

DECLARATIONS: Mapping[Step, type[Declaration] | type[BlockDeclaration]] = {
    "attacks": Declaration, "blocks": BlockDeclaration}


class Solver:
    """Runs requests' solver work in the thread pool, under the time limit, in two lanes."""

    def __init__(self, time_limit: float, workers: int,
                 engines: Mapping[Step, EngineFactory], max_queue: int | None = None) -> None:
        self.time_limit = time_limit
        self.engines = engines
        self.workers = workers
        self.max_queue = QUEUE_PER_WORKER * workers if max_queue is None else max_queue
        self.retry_after = max(1, math.ceil(time_limit))
        self.waiting: dict[Lane, int] = dict.fromkeys(LANES, 0)
        self.pool = self._new_pool()
        self._new_gates()
        self.closed = False

    def _new_pool(self) -> ThreadPoolExecutor:
        return ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="mtgcombat")

    def _new_gates(self) -> None:
        self.threads = asyncio.Semaphore(self.workers)
        self.listings = asyncio.Semaphore(max(1, self.workers - 1))

    def open(self) -> None:
        """Start a new thread pool if :meth:`close` stopped the last one (the app's lifespan
        may start again after a shutdown), with new gates for the running event loop."""
        if self.closed:
            self.pool = self._new_pool()
            self.closed = False
        self._new_gates()

    def close(self) -> None:
        """Stop the thread pool, dropping work that has not started."""
        self.closed = True
        self.pool.shutdown(wait=False, cancel_futures=True)

    def engine(self, step: Step, board: Board, seconds: float) -> Any:
        """A new engine for ``step`` on ``board`` with ``seconds`` of solver time."""
        if step not in self.engines:
            raise NotImplementedError(step)
        return self.engines[step](board, seconds)

    def _gates(self, lane: Lane) -> tuple[asyncio.Semaphore, ...]:
        if lane == "list":
            return (self.listings, self.threads)
        if lane == "check":
            return (self.threads,)
        raise NotImplementedError(lane)

    async def _enter(self, lane: Lane, deadline: float) -> list[asyncio.Semaphore] | None:
        """Take a thread for ``lane``, waiting until ``deadline`` at most (``None``: it
        passed); :class:`Overloaded` when too many requests of the lane already wait."""
        gates = self._gates(lane)
        if any(g.locked() for g in gates) and self.waiting[lane] >= self.max_queue:
            raise Overloaded(self.retry_after)
        held: list[asyncio.Semaphore] = []
        self.waiting[lane] += 1
        try:
            for gate in gates:
                if gate.locked():
                    await asyncio.wait_for(gate.acquire(), max(0.0, deadline - time.monotonic()))
                else:
                    await gate.acquire()
                held.append(gate)
        except TimeoutError:
            _release(held)
            return None
        except BaseException:
            _release(held)
            raise
        finally:
            self.waiting[lane] -= 1
        return held

    async def run(self, work: Callable[[float], T], lane: Lane,
                  arrived: float | None = None) -> T | dict[str, Any]:
        """``work(seconds)`` in a worker thread, ``seconds`` being what is left of the time
        limit counted from ``arrived`` (default: now); the unknown answer if no verdict is
        reached."""
        deadline = (time.monotonic() if arrived is None else arrived) + self.time_limit
        held = await self._enter(lane, deadline)
        if held is None:
            return unknown_json(TIME_LIMIT)
        loop = asyncio.get_running_loop()

        def timed() -> T:
            return work(max(MIN_SECONDS, deadline - time.monotonic()))

        try:
            future = loop.run_in_executor(self.pool, timed)
        except BaseException:
            _release(held)
            raise
        future.add_done_callback(lambda _done: _release(held))  # when the thread is free
        try:
            return await asyncio.wait_for(asyncio.shield(future),
                                          deadline + GRACE - time.monotonic())
        except TimeoutError:
            return unknown_json(TIME_LIMIT)
        except Undecided as exc:
            return undecided_json(exc)


def _release(gates: list[asyncio.Semaphore]) -> None:
    for gate in reversed(gates):
        gate.release()


@dataclass(frozen=True)
class Job:
    """One request's view of the :class:`Solver`: its work counts time from its arrival."""

    solver: Solver
    arrived: float

    @property
    def time_limit(self) -> float:
        """Seconds of solver work per request."""
        return self.solver.time_limit

    def engine(self, step: Step, board: Board, seconds: float) -> Any:
        """A new engine for ``step`` on ``board`` with ``seconds`` of solver time."""
        return self.solver.engine(step, board, seconds)

    async def run(self, work: Callable[[float], T], lane: Lane) -> T | dict[str, Any]:
        """:meth:`Solver.run` of ``work`` in ``lane`` with this request's deadline."""
        return await self.solver.run(work, lane, self.arrived)


def solver_of(request: Request) -> Job:
    """The app's :class:`Solver` for this request (a FastAPI dependency)."""
    arrived = request.scope.get(ARRIVED)
    solver = cast(Solver, request.app.state.solver)
    return Job(solver, time.monotonic() if arrived is None else float(arrived))


def read_board(req: Any) -> tuple[Board, list[Unmodelled]]:
    """The request's board and its unmodelled combat text; a :class:`BoardError` for a bad
    board and, when the request is ``strict``, for unmodelled combat text."""
    board = parse_board(req.board)
    return board, check_modelled(board) if req.strict else board_unmodelled(board)


def verdict_json(v: Any) -> dict[str, Any]:
    """A verdict's JSON."""
    result: dict[str, Any] = v.to_json()
    return result


async def list_declarations(solver: Job, step: Step, req: LegalRequest | BlocksRequest,
                            summary: bool = False) -> dict[str, Any]:
    """The listing of the legal declarations of ``step`` (with the judge's summary over all
    of them when ``summary``)."""
    board, found = read_board(req)

    def work(seconds: float) -> dict[str, Any]:
        engine = solver.engine(step, board, seconds)
        stream = engine.legal(assume_payable=req.assume_payable)
        if not summary:
            return listing(stream, req.limit)
        every = list(stream)
        out = listing(every, req.limit)
        out["summary"] = summarize(engine.inst.creatures, every).to_json()
        return out

    return with_unmodelled(await solver.run(work, "list"), found)


async def check_declaration(solver: Job, step: Step,
                            req: CheckRequest | BlocksCheckRequest) -> dict[str, Any]:
    """The verdict on the declaration of ``step`` in ``req``."""
    board, found = read_board(req)
    if step not in DECLARATIONS:
        raise NotImplementedError(step)
    decl = DECLARATIONS[step].from_json(req.declaration)

    def work(seconds: float) -> dict[str, Any]:
        engine = solver.engine(step, board, seconds)
        return verdict_json(engine.check(decl, assume_payable=req.assume_payable))

    return with_unmodelled(await solver.run(work, "check"), found)
