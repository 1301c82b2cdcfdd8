"""Coverage of the Forge puzzle importer: how many puzzles of a folder import, how many are
fully modelled, and the time per puzzle.

"Fully modelled": the puzzle imports, no note may change the answer (a precast spell, a
script, a merged card, a choice, a card left out ...) and no card on the board has combat text
the engine does not model. Each puzzle is imported twice: the first import may compile cards
missing from the compiled-card cache, the second shows the import itself. With ``--solve``
each imported attack or block question is also answered (legal declarations counted up to
``--cap``, under ``--timeout`` seconds).

    python -m benchmarks.forge_import                  # models/forge/
    python -m benchmarks.forge_import DIR --solve --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from benchmarks.common import ROOT

FOLDER = ROOT / "models" / "forge"


@dataclass
class Row:
    """One puzzle's figures."""

    file: str
    imported: bool
    question: str = ""
    import_ms: float = 0.0
    """The second import in this process (the puzzle's cards already compiled)."""
    first_ms: float = 0.0
    """The first import: it may compile cards not in the compiled-card cache."""
    notes_matter: int = 0
    notes_other: int = 0
    unmodelled: int = 0
    error: str = ""
    legal: int | None = None
    complete: bool | None = None
    solve_ms: float | None = None
    reasons: list[str] = field(default_factory=list)

    @property
    def fully_modelled(self) -> bool:
        return self.imported and not self.notes_matter and not self.unmodelled


def _solve(board: Any, question: str, cap: int, timeout: float) -> tuple[int, bool, float]:
    """Legal declarations counted up to ``cap``: the count, whether it is all, the time."""
    from mtgcombat.errors import Deadline
    from mtgcombat.legality.attacks import AttackEngine
    from mtgcombat.legality.blocks import BlockEngine

    t0 = time.perf_counter()
    deadline = Deadline.after(timeout)
    engine = (BlockEngine(board, deadline=deadline) if question == "blocks"
              else AttackEngine(board, deadline=deadline))
    got = sum(1 for _ in islice(engine.legal(), cap + 1))
    return min(got, cap), got <= cap, (time.perf_counter() - t0) * 1e3


def measure(path: Path, solve: bool = False, cap: int = 10_000,
            timeout: float = 10.0) -> Row:
    """Import one puzzle (and answer its question with ``solve``)."""
    from mtgcombat.board.model import parse_board
    from mtgcombat.board.unmodelled import board_unmodelled
    from mtgcombat.errors import BoardError, Undecided
    from mtgcombat.forge import import_puzzle

    t0 = time.perf_counter()
    try:
        import_puzzle(path)
    except BoardError as err:
        return Row(path.name, False, error=err.message)
    t1 = time.perf_counter()
    imported = import_puzzle(path)
    row = Row(path.name, True, question=imported.question, first_ms=(t1 - t0) * 1e3,
              import_ms=(time.perf_counter() - t1) * 1e3,
              notes_matter=len(imported.changes_answer),
              notes_other=len(imported.notes) - len(imported.changes_answer),
              reasons=[n.kind for n in imported.changes_answer])
    board = parse_board(imported.board)
    row.unmodelled = len(board_unmodelled(board))
    if solve and imported.question in ("attacks", "blocks"):
        try:
            row.legal, row.complete, row.solve_ms = _solve(board, imported.question, cap,
                                                           timeout)
        except Undecided as exc:
            row.error = f"unknown: {exc}"
    return row


def summary(rows: Sequence[Row]) -> dict[str, Any]:
    """The coverage figures over ``rows``."""
    ok = [r for r in rows if r.imported]
    times = [r.import_ms for r in ok]
    first = [r.first_ms for r in ok]
    return {
        "puzzles": len(rows), "imported": len(ok),
        "fully_modelled": sum(r.fully_modelled for r in rows),
        "with_notes_that_matter": sum(bool(r.notes_matter) for r in ok),
        "with_unmodelled_text": sum(bool(r.unmodelled) for r in ok),
        "import_ms_median": round(statistics.median(times), 2) if times else None,
        "import_ms_max": round(max(times), 2) if times else None,
        "first_import_ms_median": round(statistics.median(first), 2) if first else None,
        "first_import_ms_max": round(max(first), 2) if first else None,
        "questions": {q: sum(r.question == q for r in ok) for q in ("attacks", "blocks",
                                                                    "damage")},
        "not_imported": {r.file: r.error for r in rows if not r.imported},
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=FOLDER)
    parser.add_argument("--solve", action="store_true", help="answer each question too")
    parser.add_argument("--cap", type=int, default=10_000)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    from mtgcombat.rules.catalog import default_catalog

    default_catalog()  # the catalog load is not a puzzle's time
    rows = [measure(p, args.solve, args.cap, args.timeout)
            for p in sorted(args.folder.glob("*.pzl"))]
    figures = summary(rows)
    if args.json:
        figures["rows"] = [vars(r) for r in rows]
        print(json.dumps(figures, indent=2))
        return 0
    for r in rows:
        legal = "" if r.legal is None else f" legal {r.legal}{'' if r.complete else '+'}"
        solve = "" if r.solve_ms is None else f" ({r.solve_ms:.0f} ms)"
        state = "full" if r.fully_modelled else ("partial" if r.imported else "FAILED")
        print(f"{r.file:32} {state:8} {r.question:8} {r.import_ms:7.1f} ms  "
              f"notes {r.notes_matter}/{r.notes_other} unmodelled {r.unmodelled}{legal}{solve}"
              f" {r.error}")
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
