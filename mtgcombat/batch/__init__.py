"""Batch: legality checks over many boards at once (``mtgcombat batch``, :func:`check_many`).

This package owns everything about running many items: reading board files and JSON Lines
inputs into items, running each item under its time limit in a worker, the local process pool
and the Dask backend, the result lines (one :class:`BatchResult` per item, in input order,
``--resume`` included) and the command's progress bar and summary. The legality itself comes
from :mod:`mtgcombat.legality`; the listing and "unknown" answers from :mod:`mtgcombat.views`.
How to run it: ``docs/batch.md``.
"""

from mtgcombat.batch.items import BatchItem, BatchResult, read_inputs
from mtgcombat.batch.run import check_many

__all__ = ["BatchItem", "BatchResult", "check_many", "read_inputs"]
