"""Where solver time goes: model building versus CP-SAT solving, recorded on request.

``with timing.recording() as t: ...`` collects every query the backend answers inside the
block into ``t`` (process-wide: queries of other threads count too); outside a block,
:func:`record` is a no-op (benchmarks use it; nothing else pays for it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass
class Timings:
    """Seconds spent building models (proto copy plus the query's constraints) and solving
    them (CP-SAT's solve call, enumeration callbacks included), and how many queries ran."""

    build: float = 0.0
    solve: float = 0.0
    queries: int = 0


_active: list[Timings] = []


@contextmanager
def recording() -> Iterator[Timings]:
    """Record the queries answered inside the block (nested blocks each record them)."""
    t = Timings()
    _active.append(t)
    try:
        yield t
    finally:
        _active.remove(t)


def record(build: float, solve: float) -> None:
    """Add one query's build and solve seconds to every active recording."""
    for t in _active:
        t.build += build
        t.solve += solve
        t.queries += 1
