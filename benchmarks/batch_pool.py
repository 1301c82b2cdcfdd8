"""Section ``batch_pool``: the local batch backend (:mod:`mtgcombat.batch.pool`, a hand-written
process pool) against the same backend on ``pebble.ProcessPool`` (per-task timeouts, workers
replaced by the library), on the same items in the same run, the two pools taking turns.

The items are every board of ``models/article`` and ``models/cards`` (each listing its legal
declarations), replicated. Scenarios: ``clean``; ``crash``, with one item whose worker dies
(``os._exit``); ``faults``, that and one item that hangs past its time limit where no alarm
reaches it (SIGALRM blocked); ``stuck``, the same with a hang that ignores SIGTERM as well (a
C call that never returns to Python, where no signal handler runs: the case the kill is for).
``--quick`` runs ``crash`` alone on a few items, without warm-up. Both pools
must report the hang and the crash per item (``unknown``: ``time limit``, ``internal error:
the worker died``) and go on with the rest; every run must give the same answers. Each time
includes the pool's start-up (worker processes, OR-Tools, catalog); ``fault_cost_s`` is the
scenario's time minus the clean run's for the same pool.
"""

from __future__ import annotations

import math
import os
import pickle
import signal
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, TimeoutError

from mtgcombat.batch import pool
from mtgcombat.batch.items import BatchItem, BatchResult, Options
from mtgcombat.batch.pool import ItemTask
from mtgcombat.batch.run import read_inputs
from mtgcombat.batch.worker import init_worker, run_item
from mtgcombat.views.undecided import TIME_LIMIT

from .common import ROOT, Config, Table, median

FOLDERS = [ROOT / "models" / "article", ROOT / "models" / "cards"]
HANG, STUCK, CRASH = "hang", "stuck", "crash"
TIMEOUT = 0.5
"""Seconds per item (a hang is killed ``KILL_GRACE`` seconds after it)."""
JOBS = 2
DIED = "internal error: the worker died"
COLUMNS = ["pool", "scenario", "items", "seconds", "items_per_s", "x_hand_written",
           "fault_cost_s", "parent_cpu_ms_per_item", "median_item_ms", "hang_line",
           "crash_line", "agrees", "runs"]


def faulty(item: BatchItem, opts: Options) -> BatchResult:
    """:func:`~mtgcombat.batch.worker.run_item`, except for the fault items: ``hang`` sleeps
    with SIGALRM blocked, ``stuck`` with SIGTERM blocked too, ``crash`` ends its worker."""
    if item.id in (HANG, STUCK):
        blocked = {signal.SIGALRM} | ({signal.SIGTERM} if item.id == STUCK else set())
        signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
        time.sleep(60)
    if item.id == CRASH:
        os._exit(3)
    return run_item(item, opts)


# -- the local backend on pebble --------------------------------------------------------------


def _answer(task: ItemTask, item: BatchItem, opts: Options) -> bytes:
    """In a worker: the item's result, pickled there (an unpicklable result is still a line)."""
    result = task(item, opts)
    try:
        return pickle.dumps(result)
    except Exception as exc:  # noqa: BLE001
        return pickle.dumps(pool._unsendable(item, result.ms, exc, "result"))


Pending = tuple[BatchItem, float, "Future[bytes] | BatchResult"]


def _collect(pending: Pending, opts: Options) -> BatchResult:
    """The line of one pending item, waiting for it."""
    from pebble import ProcessExpired

    item, started, fut = pending
    if isinstance(fut, BatchResult):
        return fut
    try:
        data = fut.result()
    except TimeoutError:
        return BatchResult(id=item.id, source=item.source, status="unknown",
                           ms=round((opts.timeout + pool.KILL_GRACE) * 1000, 3),
                           reason=TIME_LIMIT)
    except ProcessExpired:
        return pool._unknown(item, started, DIED)
    result: BatchResult = pickle.loads(data)
    return result


def run_pebble(items: list[BatchItem], opts: Options, jobs: int,
               task: ItemTask = run_item) -> Iterator[BatchResult]:
    """:func:`mtgcombat.batch.pool.run_local` on ``pebble.ProcessPool``: same start method and
    worker start-up, one task per item with the time limit plus ``KILL_GRACE`` as its
    timeout, at most as many items in flight, results in input order."""
    from pebble import ProcessPool

    window = max(64, 16 * jobs)
    ppool = ProcessPool(max_workers=jobs, initializer=init_worker, context=pool._context())
    pending: deque[Pending] = deque()
    try:
        for item in items:
            fut = ppool.schedule(_answer, args=(task, item, opts),
                                 timeout=opts.timeout + pool.KILL_GRACE)
            pending.append((item, time.monotonic(), fut))
            while pending and (len(pending) >= window or _ready(pending[0])):
                yield _collect(pending.popleft(), opts)
        while pending:
            yield _collect(pending.popleft(), opts)
    finally:
        ppool.stop()
        ppool.join()


def _ready(p: Pending) -> bool:
    fut = p[2]
    return isinstance(fut, BatchResult) or fut.done()


Runner = Callable[[list[BatchItem], Options, int], Iterator[BatchResult]]
POOLS: dict[str, Runner] = {
    "hand-written": lambda items, opts, jobs: pool.run_local(items, opts, jobs, task=faulty),
    "pebble": lambda items, opts, jobs: run_pebble(items, opts, jobs, task=faulty),
}


# -- the measurement -------------------------------------------------------------------------


def items(n: int, faults: tuple[str, ...] = ()) -> list[BatchItem]:
    """The model boards repeated to at least ``n`` items (the first ``n`` of them when there
    are more boards), the ``faults`` items spread evenly among them (the k-th of m after
    k/(m+1) of the items)."""
    base = list(read_inputs(FOLDERS))
    reps = math.ceil(n / len(base))
    out = [it.model_copy(update={"id": f"{r}:{it.id}"}) for r in range(reps) for it in base]
    if n < len(base):
        out = out[:n]
    for k, fault in enumerate(faults, start=1):
        out.insert(k * len(out) // (len(faults) + 1),
                   BatchItem(id=fault, board=base[0].board, source=fault))
    return out


def _line(rs: list[BatchResult], *ids: str) -> str | None:
    got = [r for r in rs if r.id in ids]
    return f"{got[0].status}: {got[0].reason}" if got else None


def answers(rs: list[BatchResult]) -> list[tuple[object, ...]]:
    return [(r.id, r.status, r.reason if r.status == "unknown" else None, r.legal, r.count)
            for r in rs]


def run(cfg: Config) -> Table:
    """Time both pools on the same items, clean and with faults."""
    table = Table("batch_pool", f"Batch pool: hand-written vs pebble ProcessPool ({JOBS} "
                  f"workers, --timeout {TIMEOUT}, start-up included, medians)", COLUMNS)
    opts = Options(timeout=TIMEOUT)
    scenarios: dict[str, tuple[str, ...]] = {"crash": (CRASH,)}
    if not cfg.quick:
        scenarios = {"clean": (), "crash": (CRASH,), "faults": (HANG, CRASH),
                     "stuck": (STUCK, CRASH)}
        for runner in POOLS.values():  # start the forkserver, warm the caches: unmeasured
            list(runner(items(2), opts, JOBS))
    clean: dict[str, float] = {}
    for scenario, faults in scenarios.items():
        work = items(20 if cfg.quick else 4000, faults)
        timed = _time(work, opts, cfg.reps(3))
        reference = answers(timed["hand-written"][2])
        base_s = median(timed["hand-written"][0])
        for name, (times, cpu, last) in timed.items():
            secs = median(times)
            if not faults:
                clean[name] = secs
            table.add(pool=name, scenario=scenario, items=len(work), seconds=round(secs, 2),
                      items_per_s=round(len(work) / secs, 1),
                      x_hand_written=round(secs / base_s, 2),
                      fault_cost_s=round(secs - clean[name], 2) if name in clean and faults
                      else None,
                      parent_cpu_ms_per_item=round(median(cpu) * 1000 / len(work), 3),
                      median_item_ms=median([r.ms for r in last]),
                      hang_line=_line(last, HANG, STUCK), crash_line=_line(last, CRASH),
                      agrees=answers(last) == reference and _faults_reported(last, faults),
                      runs=len(times))
    table.notes.append("x_hand_written: seconds / the hand-written pool's seconds on the same "
                       "items (below 1: faster); parent_cpu: this process, all its threads")
    table.notes.append(f"a hang is killed {pool.KILL_GRACE} s after its {TIMEOUT} s limit; "
                       "pebble sends SIGTERM first and SIGKILL 3 s later, holding its task "
                       "channel's lock meanwhile (stuck)")
    return table


def _faults_reported(rs: list[BatchResult], faults: tuple[str, ...]) -> bool:
    """Did the run report each fault item as such (a hang: time limit; the crash: the worker
    died) and answer every other item?"""
    by_id = {r.id: r for r in rs}
    want = {f: DIED if f == CRASH else TIME_LIMIT for f in faults}
    return (all(by_id[f].reason == why for f, why in want.items())
            and sum(r.status == "unknown" for r in rs) == len(faults))


Timed = tuple[list[float], list[float], list[BatchResult]]


def _time(work: list[BatchItem], opts: Options, reps: int) -> dict[str, Timed]:
    """Per pool: the wall times and this process's CPU times over ``reps`` whole runs (pool
    start-up included; the pools take turns), and its last run's lines."""
    out: dict[str, Timed] = {n: ([], [], []) for n in POOLS}
    for _ in range(reps):
        for name, runner in POOLS.items():
            start, cpu = time.perf_counter(), time.process_time()
            lines = list(runner(work, opts, JOBS))
            out[name][0].append(time.perf_counter() - start)
            out[name][1].append(time.process_time() - cpu)
            out[name] = (out[name][0], out[name][1], lines)
    return out
