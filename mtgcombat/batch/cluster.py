"""The Dask backend of :mod:`mtgcombat.batch.run` (``pip install 'mtgcombat[cluster]'``).

Items are sent in chunks as ordinary Dask tasks (``client.submit`` of
:func:`mtgcombat.batch.worker.run_items`); results come back in input order, with at most
``window`` chunks in flight. A worker plugin imports OR-Tools and loads the catalog once per
worker. Time limit: the per-item budget of :mod:`mtgcombat.batch.worker` (CP-SAT limit = remaining
budget, result discarded as ``unknown`` past it); Dask runs tasks in threads, so there is no
SIGALRM and no process to kill: a board stuck in Python code past its budget still ends as
``unknown``/``"time limit"``, but only when that code returns.

>>> from dask.distributed import Client                      # doctest: +SKIP
>>> from mtgcombat.batch.cluster import check_many_dask         # doctest: +SKIP
>>> with Client("tcp://scheduler:8786") as client:           # doctest: +SKIP
...     for r in check_many_dask(items, client, timeout=10):
...         print(r.id, r.status)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from itertools import islice
from typing import Any

from mtgcombat.batch.items import DEFAULT_TIMEOUT, BatchItem, BatchResult, Options, as_item
from mtgcombat.batch.worker import init_worker, run_items

CHUNK = 16
"""Items per Dask task (amortises the per-task overhead of the scheduler)."""
PLUGIN_NAME = "mtgcombat-batch-init"


class ClusterError(RuntimeError):
    """The Dask cluster can't be used: Dask is not installed, or the scheduler can't be
    reached (the message says which, in plain words)."""


def connect(address: str) -> Any:
    """A ``dask.distributed.Client`` of the scheduler at ``address``; :class:`ClusterError`
    when Dask is missing or the scheduler can't be reached."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--scheduler needs Dask, which is not installed: "
                           "pip install 'mtgcombat[cluster]'") from None
    try:
        return Client(address)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as exc:
        why = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise ClusterError(f"can't reach the Dask scheduler at {address} ({why}); is it "
                           "running, and is the address right?") from None
    except ValueError as exc:
        raise ClusterError(f"not a Dask scheduler address: {address} "
                           f"({' '.join(str(exc).split())[:200]})") from None


def _plugin() -> Any:
    """A worker plugin that runs :func:`init_worker` on every (current and future) worker."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class InitWorker(WorkerPlugin):
        name = PLUGIN_NAME

        def setup(self, worker: Any) -> None:
            init_worker()

    return InitWorker()


def run_dask(items: Iterable[BatchItem], opts: Options, client: Any, chunk: int = CHUNK,
             window: int | None = None) -> Iterator[BatchResult]:
    """Run ``items`` on the Dask cluster of ``client``; results in input order."""
    client.register_plugin(_plugin(), name=PLUGIN_NAME)
    if window is None:
        threads = sum(client.nthreads().values()) or 1
        window = 4 * threads
    source = iter(items)
    inflight: deque[tuple[Any, list[BatchItem]]] = deque()

    def submit() -> bool:
        part = list(islice(source, chunk))
        if not part:
            return False
        inflight.append((client.submit(run_items, part, opts, pure=False), part))
        return True

    more = True
    try:
        while more and len(inflight) < window:
            more = submit()
        while inflight:
            fut, part = inflight.popleft()
            results = _chunk_results(fut, part)
            if more:
                more = submit()
            yield from results
    finally:
        for fut, _part in inflight:
            fut.cancel()


def _chunk_results(fut: Any, part: list[BatchItem]) -> list[BatchResult]:
    """The results of one chunk; a chunk that failed as a task (its items could not be
    sent, say) is an ``unknown`` line per item, never the end of the run."""
    try:
        results: list[BatchResult] = fut.result()
    except Exception as exc:  # noqa: BLE001 - one failed task never stops the run
        one = " ".join(str(exc).split())[:200] or "(no message)"
        return [BatchResult(id=it.id, source=it.source, status="unknown", ms=0.0,
                            reason=f"internal error: {type(exc).__name__}: {one}")
                for it in part]
    return results


def check_many_dask(items: Iterable[BatchItem | Mapping[str, Any]], client: Any,
                    timeout: float = DEFAULT_TIMEOUT, assume_payable: bool = False,
                    limit: int | None = None, chunk: int = CHUNK,
                    strict: bool = False) -> Iterator[BatchResult]:
    """:func:`mtgcombat.batch.check_many` on a Dask cluster: ``client`` is a
    ``dask.distributed.Client``; results are yielded in input order."""
    opts = Options(timeout=timeout, assume_payable=assume_payable, limit=limit, strict=strict)
    stream = (as_item(obj, i) for i, obj in enumerate(items))
    return run_dask(stream, opts, client, chunk=chunk)
