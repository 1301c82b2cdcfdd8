"""``python -m benchmarks.run [--quick] [--only floor,scaling,...] [--out DIR]``: run the
benchmark sections, print their tables and write one CSV per section."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table as RichTable

from . import batch_pool, brute, conditional, counting, enumeration, floor, scaling, startup
from .common import RESULTS, Cell, Config, Table, git_revision, write_csv

SECTIONS: dict[str, Callable[[Config], Table]] = {
    "floor": floor.run,
    "scaling": scaling.run,
    "brute": brute.run,
    "conditional": conditional.run,
    "enumeration": enumeration.run,
    "batch_pool": batch_pool.run,
    "startup": startup.run,
    "counting": counting.run,
}
"""Section name → benchmark, in the order they run."""
WIDTH = 200
"""Tables are wide: print at least this many columns even on a narrow terminal."""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__)
    p.add_argument("--quick", action="store_true",
                   help="tiny sizes, one repetition: a smoke run of a few seconds")
    p.add_argument("--only", default=",".join(SECTIONS),
                   help=f"comma-separated sections (default: all of {', '.join(SECTIONS)})")
    p.add_argument("--out", type=Path, default=RESULTS,
                   help="directory for the CSV files (default: benchmarks/results)")
    p.add_argument("--oracle-cap", type=float, default=20.0,
                   help="brute: skip the oracle where its estimated time exceeds this (s)")
    p.add_argument("--legal-timeout", type=float, default=10.0,
                   help="conditional: stop legal() after this many seconds")
    return p.parse_args(argv)


def render(table: Table, console: Console) -> None:
    """Print a section's table and notes."""
    rt = RichTable(title=table.title, title_justify="left")
    for col in table.columns:
        rt.add_column(col, justify="left" if col in ("board", "declaration", "note")
                      else "right", overflow="fold")
    for row in table.rows:
        rt.add_row(*(_show(row.get(c)) for c in table.columns))
    console.print(rt)
    for note in table.notes:
        console.print(f"  - {note}", highlight=False)
    console.print()


def _show(v: Cell) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:,.3f}" if abs(v) < 10 else f"{v:,.1f}"
    return str(v)


def main(argv: Sequence[str] | None = None, console: Console | None = None) -> list[Path]:
    """Run the chosen sections; returns the CSV files written."""
    args = parse_args(argv)
    chosen = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = [s for s in chosen if s not in SECTIONS]
    if unknown:
        raise SystemExit(f"unknown section(s) {', '.join(unknown)}; "
                         f"choose from {', '.join(SECTIONS)}")
    if console is None:
        console = Console()
        if console.width < WIDTH:
            console = Console(width=WIDTH)
    cfg = Config(quick=args.quick, oracle_cap_s=args.oracle_cap,
                 legal_timeout_s=args.legal_timeout)
    rev = git_revision()
    t0 = time.perf_counter()
    from mtgcombat.solver import cpsat

    cpsat._cp_model()  # pay the OR-Tools import once, outside every measurement
    console.print(f"OR-Tools import: {time.perf_counter() - t0:.2f} s (once per process); "
                  f"rev {rev.short}{' (dirty)' if rev.dirty else ''}; "
                  f"{'quick' if cfg.quick else 'full'} run", highlight=False)
    written: list[Path] = []
    for name in [s for s in SECTIONS if s in chosen]:
        start = time.perf_counter()
        table = SECTIONS[name](cfg)
        table.notes.append(f"section time: {time.perf_counter() - start:.1f} s")
        render(table, console)
        written.append(write_csv(table, args.out, rev, cfg.quick))
    console.print(f"total {time.perf_counter() - t0:.1f} s; CSV files: "
                  + ", ".join(str(p) for p in written), highlight=False)
    return written


if __name__ == "__main__":
    main(sys.argv[1:])
