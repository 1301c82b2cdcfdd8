"""The local backend of batch: ``jobs`` worker processes, one item at a time each.

Workers start with ``forkserver`` (``spawn`` where it is missing) and load OR-Tools and the
catalog once (:func:`~mtgcombat.batch.worker.init_worker`). Results come back in input order.
A worker that has not answered ``KILL_GRACE`` seconds after an item's time limit is killed and
replaced; that item's result is ``unknown`` / ``"time limit"``.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from typing import Any

from mtgcombat.batch.items import BatchItem, BatchResult, Options
from mtgcombat.batch.worker import init_worker, run_item
from mtgcombat.views.undecided import TIME_LIMIT

KILL_GRACE = 2.0
"""Seconds past the budget after which the local backend kills a silent worker."""

ItemTask = Callable[[BatchItem, Options], BatchResult]


def _worker_main(conn: Connection, task: ItemTask, opts: Options) -> None:
    """A worker process: answer ``(seq, item)`` messages until ``None``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    init_worker()
    conn.send("ready")
    while True:
        try:
            msg = conn.recv()
        except EOFError:
            return
        if msg is None:
            return
        seq, item = msg
        result = task(item, opts)
        try:
            data = ForkingPickler.dumps((seq, result))
        except Exception as exc:  # noqa: BLE001 - an unsendable result is still a line
            data = ForkingPickler.dumps((seq, _unsendable(item, result.ms, exc, "result")))
        conn.send_bytes(data)


def _unsendable(item: BatchItem, ms: float, exc: Exception, what: str) -> BatchResult:
    """The ``unknown`` line of an item whose ``what`` could not be pickled."""
    return BatchResult(id=item.id, source=item.source, status="unknown", ms=ms,
                       reason=f"internal error: can't send the {what} between processes: "
                              f"{type(exc).__name__}")


class _Worker:
    """One worker process and the item it is working on."""

    def __init__(self, ctx: Any, task: ItemTask, opts: Options) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, task, opts), daemon=True)
        self.proc.start()
        child.close()
        self.job: tuple[int, BatchItem, float] | None = None

    def wait_ready(self) -> _Worker:
        """Wait for the worker's start-up (imports, catalog); raise if it died."""
        try:
            ready = self.conn.recv()
        except (EOFError, OSError):
            ready = None
        if ready != "ready":
            self.stop(kill=True)
            raise RuntimeError("a batch worker process could not start (exit code "
                               f"{self.proc.exitcode}); see its error output above")
        return self

    def give(self, seq: int, item: BatchItem) -> None:
        """Send ``item``; an item that can't be pickled raises before anything is sent."""
        data = ForkingPickler.dumps((seq, item))
        self.conn.send_bytes(data)
        self.job = (seq, item, time.monotonic())

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.proc.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.proc.join(timeout=None if kill else 2)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


def _context() -> Any:
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(["mtgcombat.batch.run", "mtgcombat.legality.attacks"])
    return ctx


def _unknown(item: BatchItem, started: float, reason: str) -> BatchResult:
    return BatchResult(id=item.id, source=item.source, status="unknown",
                       ms=round((time.monotonic() - started) * 1000, 3), reason=reason)


def run_local(items: Iterable[BatchItem], opts: Options, jobs: int,
              task: ItemTask = run_item) -> Iterator[BatchResult]:
    """Run ``items`` on ``jobs`` worker processes; results in input order. A worker silent
    ``KILL_GRACE`` seconds past the budget is killed and replaced (result: time limit)."""
    ctx = _context()
    window = max(64, 16 * jobs)
    source = iter(items)
    workers = [w.wait_ready() for w in [_Worker(ctx, task, opts) for _ in range(jobs)]]
    ready: dict[int, BatchResult] = {}
    issued = next_out = 0
    exhausted = False
    limit = opts.timeout + KILL_GRACE
    try:
        while True:
            for w in workers:
                while w.job is None and not exhausted and issued - next_out < window:
                    item = next(source, None)
                    if item is None:
                        exhausted = True
                    else:
                        ready.update(_issue(w, issued, item, task, opts))
                        issued += 1
            while next_out in ready:
                yield ready.pop(next_out)
                next_out += 1
            busy = [w for w in workers if w.job is not None]
            if not busy:
                if exhausted and next_out == issued:
                    return
                continue
            now = time.monotonic()
            wait_for = max(0.0, min(w.job[2] + limit - now for w in busy if w.job))
            for conn in wait([w.conn for w in busy], timeout=wait_for):
                w = next(x for x in busy if x.conn is conn)
                assert w.job is not None
                seq, item, started = w.job
                try:
                    rseq, result = w.conn.recv()
                    ready[rseq] = result
                    w.job = None
                except (EOFError, OSError):
                    ready[seq] = _unknown(item, started, "internal error: the worker died")
                    _replace(workers, w, ctx, task, opts)
            now = time.monotonic()
            for w in list(workers):
                if w.job is not None and now - w.job[2] > limit:
                    seq, item, started = w.job
                    ready[seq] = _unknown(item, started, TIME_LIMIT)
                    _replace(workers, w, ctx, task, opts)
    finally:
        for w in workers:
            w.stop(kill=w.job is not None)


def _issue(w: _Worker, seq: int, item: BatchItem, task: ItemTask,
           opts: Options) -> dict[int, BatchResult]:
    """Give ``item`` to ``w``, or answer it here (bad input; an item that can't be sent)."""
    if item.error is not None:  # nothing to compute
        return {seq: task(item, opts)}
    try:
        w.give(seq, item)
    except Exception as exc:  # noqa: BLE001 - one unsendable item never stops the run
        return {seq: _unsendable(item, 0.0, exc, "item")}
    return {}


def _replace(workers: list[_Worker], w: _Worker, ctx: Any, task: ItemTask, opts: Options) -> None:
    w.job = None
    w.stop(kill=True)
    workers[workers.index(w)] = _Worker(ctx, task, opts).wait_ready()
