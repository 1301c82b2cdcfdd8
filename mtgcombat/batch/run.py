"""Batch legality checks (and combat damage) over many boards: the entry point
:func:`check_many` and the choice of backend (in this process, local worker processes, or a
Dask cluster).

The pieces: :mod:`~mtgcombat.batch.items` (inputs and result models),
:mod:`~mtgcombat.batch.worker` (one item under its time limit), :mod:`~mtgcombat.batch.pool`
(local worker processes), :mod:`~mtgcombat.batch.cluster` (Dask) and
:mod:`~mtgcombat.batch.report` (the ``mtgcombat batch`` command). The names most callers need
are re-exported here. How to run a batch, the input and result line formats: ``docs/batch.md``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from mtgcombat.batch.items import (
    DEFAULT_TIMEOUT,
    EXPECTED_SUFFIX,
    BatchItem,
    BatchResult,
    ErrorInfo,
    JsonId,
    Kind,
    Options,
    Status,
    as_item,
    input_files,
    item_from_mapping,
    parse_line,
    read_board_file,
    read_inputs,
    read_jsonl,
)
from mtgcombat.batch.output import done_ids, id_key
from mtgcombat.batch.pool import KILL_GRACE, ItemTask, run_local
from mtgcombat.batch.worker import init_worker, run_item, run_items
from mtgcombat.views.undecided import TIME_LIMIT

__all__ = [
    "DEFAULT_TIMEOUT", "EXPECTED_SUFFIX", "KILL_GRACE", "TIME_LIMIT", "BatchItem", "BatchResult",
    "ErrorInfo", "ItemTask", "JsonId", "Kind", "Options", "Status", "as_item", "check_many",
    "default_jobs", "done_ids", "id_key", "init_worker", "input_files", "item_from_mapping",
    "parse_line", "read_board_file", "read_inputs", "read_jsonl", "run_inline", "run_item",
    "run_items", "run_local",
]


def run_inline(items: Iterable[BatchItem], opts: Options) -> Iterator[BatchResult]:
    """Run ``items`` one by one in this process (no worker to kill: budget and alarm only)."""
    init_worker()
    for item in items:
        yield run_item(item, opts)


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


# -- the API -------------------------------------------------------------------------------


def check_many(items: Iterable[BatchItem | Mapping[str, Any]], jobs: int | None = None,
               timeout: float = DEFAULT_TIMEOUT, assume_payable: bool = False,
               limit: int | None = None, client: Any = None,
               strict: bool = False, kind: Kind = "auto") -> Iterator[BatchResult]:
    """Check or list every item, yielding one :class:`BatchResult` per item in input order.

    ``items``: :class:`BatchItem` objects or ``{"id", "board", "declaration"}`` mappings
    (``declaration`` ``None`` or missing: list the legal declarations). ``jobs``: worker
    processes (default: the cores; ``0``: in this process). ``timeout``: seconds per item,
    after which its result is ``unknown`` with reason ``"time limit"``. ``limit``: list at
    most this many declarations. ``client``: a ``dask.distributed.Client`` to run on a Dask
    cluster instead (see :func:`mtgcombat.batch.cluster.check_many_dask`). ``strict``: a
    board with combat text that is not modelled is ``bad_input`` (else its result carries the
    ``unmodelled`` list). ``kind``: ``"attacks"`` or ``"blocks"`` declarations (CR 508.1,
    509.1), or ``"damage"``: play out the combat damage (CR 510; ``resolved`` results);
    ``"auto"``: damage for a board that declares ``blocks``, blocks for one that declares an
    ``attack``, else attacks."""
    opts = Options(timeout=timeout, assume_payable=assume_payable, limit=limit, strict=strict,
                   kind=kind)
    stream = (as_item(obj, i) for i, obj in enumerate(items))
    if client is not None:
        from mtgcombat.batch.cluster import run_dask

        return run_dask(stream, opts, client)
    n = default_jobs() if jobs is None else jobs
    if n <= 0:
        return run_inline(stream, opts)
    return run_local(stream, opts, n)
