"""Boards per second of ``mtgcombat batch``: local worker processes (``--jobs 1``, ``--jobs 2``)
and a Dask ``LocalCluster`` (2 worker processes, 1 thread each, on 127.0.0.1), side by side.

Input: every board in ``models/article`` and ``models/cards`` (listing its legal declarations),
replicated to at least ``--items`` items (default 10,000). Run::

    python benchmarks/batch_throughput.py [--items N] [--timeout S]

Each backend's time includes its start-up (worker processes, cluster). Every backend must
give the same statuses and answers; the script stops with an error otherwise.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from mtgcombat.batch.run import BatchItem, BatchResult, Options, read_inputs, run_local

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = [ROOT / "models" / "article", ROOT / "models" / "cards"]


def replicated(n: int) -> list[BatchItem]:
    """The model boards, repeated until there are at least ``n`` items (ids made unique)."""
    base = list(read_inputs(FOLDERS))
    reps = math.ceil(n / len(base))
    return [it.model_copy(update={"id": f"{r}:{it.id}"}) for r in range(reps) for it in base]


def timed(run: Callable[[], Iterator[BatchResult]]) -> tuple[float, list[BatchResult]]:
    start = time.perf_counter()
    out = list(run())
    return time.perf_counter() - start, out


def answers(rs: list[BatchResult]) -> list[tuple[object, ...]]:
    return [(r.id, r.status, r.legal, r.count) for r in rs]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--items", type=int, default=10_000)
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    items = replicated(args.items)
    opts = Options(timeout=args.timeout)
    rows: list[tuple[str, float, list[BatchResult]]] = []
    for jobs in (1, 2):
        secs, rs = timed(lambda jobs=jobs: run_local(items, opts, jobs))  # type: ignore[misc]
        rows.append((f"local --jobs {jobs}", secs, rs))
    try:
        from distributed import Client, LocalCluster

        from mtgcombat.batch.cluster import run_dask
    except ImportError:
        print("(dask.distributed not installed: no Dask row)")
    else:
        start = time.perf_counter()
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address=None) as cluster, Client(cluster) as client:
            rs = list(run_dask(items, opts, client))
        rows.append(("dask LocalCluster 2x1", time.perf_counter() - start, rs))
    reference = answers(rows[0][2])
    for name, _, rs in rows:
        if answers(rs) != reference:
            raise SystemExit(f"{name}: answers differ from local --jobs 1")
    statuses: dict[str, int] = {}
    for r in rows[0][2]:
        statuses[r.status] = statuses.get(r.status, 0) + 1
    print(f"{len(items)} items ({len(items) // len(list(read_inputs(FOLDERS)))} x "
          f"{len(list(read_inputs(FOLDERS)))} boards), statuses {statuses}")
    print(f"{'backend':<24}{'seconds':>10}{'boards/s':>12}{'median ms':>12}")
    for name, secs, rs in rows:
        ms = sorted(r.ms for r in rs)
        print(f"{name:<24}{secs:>10.1f}{len(rs) / secs:>12.1f}{ms[len(ms) // 2]:>12.2f}")


if __name__ == "__main__":
    main()
