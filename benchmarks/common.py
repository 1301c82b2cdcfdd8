"""Shared benchmark plumbing: timing (medians of ``time.perf_counter``), the empty-model
floor, tables, CSV output and the git revision."""

from __future__ import annotations

import csv
import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"

Cell = str | int | float | bool | None


@dataclass
class Config:
    """How hard to measure: ``quick`` shrinks every section to a few-second smoke run."""

    quick: bool = False
    oracle_cap_s: float = 20.0
    legal_timeout_s: float = 10.0

    def reps(self, full: int) -> int:
        """Repetitions for a measurement: ``full`` normally, 1 in quick mode."""
        return 1 if self.quick else full


@dataclass
class Table:
    """One section's results: rows of named cells, printed and written as one CSV."""

    section: str
    title: str
    columns: list[str]
    rows: list[dict[str, Cell]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, **cells: Cell) -> None:
        """Append a row (unknown columns are an error: they would be silently dropped)."""
        unknown = set(cells) - set(self.columns)
        if unknown:
            raise KeyError(f"{self.section}: unknown columns {sorted(unknown)}")
        self.rows.append(cells)


@dataclass(frozen=True)
class Revision:
    """The git revision the numbers were measured on."""

    short: str
    dirty: bool


def git_revision() -> Revision:
    """``git rev-parse --short HEAD`` and whether tracked files differ from it."""
    try:
        short = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                                cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return Revision("unknown", False)
    return Revision(short or "unknown", bool(status.strip()))


def seconds(fn: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[float, T]:
    """Wall time of one call ``fn(*args, **kwargs)`` and its result."""
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    return time.perf_counter() - t0, out


def median_seconds(fn: Callable[[], object], reps: int, budget_s: float = 5.0) -> float:
    """Median wall time of ``fn`` over up to ``reps`` calls (fewer once ``budget_s`` is spent,
    always at least one)."""
    times: list[float] = []
    spent = 0.0
    for _ in range(max(1, reps)):
        dt, _ = seconds(fn)
        times.append(dt)
        spent += dt
        if spent > budget_s:
            break
    return statistics.median(times)


def median(values: list[float]) -> float:
    """Median of measured values."""
    return statistics.median(values)


def ms(s: float | None) -> float | None:
    """Seconds → milliseconds rounded for the tables (None stays None)."""
    return None if s is None else round(s * 1e3, 3)


def ratio(a: float | None, b: float | None) -> float | None:
    """a / b rounded, or None when either is missing."""
    if a is None or b is None or b <= 0:
        return None
    return round(a / b, 1)


def empty_model_seconds(reps: int) -> float:
    """The floor: build an empty ``CpModel`` and solve it with one worker (median)."""
    from ortools.sat.python import cp_model

    def once() -> None:
        model = cp_model.CpModel()
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.solve(model)

    once()  # warm-up
    return median_seconds(once, reps, budget_s=2.0)


def write_csv(table: Table, out_dir: Path, rev: Revision, quick: bool) -> Path:
    """``<out_dir>/<section>-<rev>.csv`` with the revision in every row."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{table.section}-{rev.short}.csv"
    head = ["rev", "dirty", "quick", *table.columns]
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(head)
        for row in table.rows:
            w.writerow([rev.short, rev.dirty, quick, *(_csv(row.get(c)) for c in table.columns)])
    return path


def _csv(v: Cell) -> str:
    return "" if v is None else str(v)
