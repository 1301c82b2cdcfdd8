"""The local batch pool: a worker that dies mid-item is that item's ``unknown`` line, a new
worker takes over, and the run goes on in input order."""

from __future__ import annotations

import json
import os

from mtgcombat.batch.pool import run_local
from mtgcombat.batch.run import BatchItem, BatchResult, Options, run_item
from tests.conftest import MODELS

CUB = json.loads((MODELS / "article" / "ex_bear_cub_crazed_goblin.json").read_text())


def _crash(item: BatchItem, opts: Options) -> BatchResult:
    """``run_item``, except that the item ``crash`` ends its worker process at once."""
    if item.id == "crash":
        os._exit(3)
    return run_item(item, opts)


def test_dead_worker_is_one_unknown_line_and_the_run_goes_on() -> None:
    items = [BatchItem(id=i, board=CUB, declaration={}) for i in ("a", "crash", "b", "c")]
    got = list(run_local(items, Options(timeout=5), jobs=1, task=_crash))
    assert [(r.id, r.status) for r in got] == [
        ("a", "illegal"), ("crash", "unknown"), ("b", "illegal"), ("c", "illegal")]
    assert got[1].reason == "internal error: the worker died"
    # Crazed Goblin attacks each combat if able (the article's Complication #3)
    assert got[2].witness == {"goblin": "opp"}
