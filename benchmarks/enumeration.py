"""Section ``enumeration``: streaming ``legal_attacks`` on boards with very many legal
declarations (N vanilla tokens, 2 opponents: all 3**N declarations are legal)."""

from __future__ import annotations

import time

from mtgcombat import AttackEngine, load_board

from .boards import vanilla
from .common import Config, Table, median, ms

SIZES = ((10, None), (12, 10_000), (14, 10_000), (16, 10_000))
"""(N, stop after this many declarations; None = the whole enumeration)."""
QUICK_SIZES = ((6, None), (8, 2_000))
FIRST = 1000

COLUMNS = ["N", "legal_total", "measured", "first_ms", "first_1000_ms", "stream_us_per_decl",
           "overall_us_per_decl", "solves", "complete_count_ok", "runs"]


def _stream(n: int, stop: int | None) -> tuple[float, float, float, int, int]:
    """(time to the first declaration, to the first ``FIRST``, to the last counted;
    declarations counted; solves) on a fresh engine."""
    board = load_board(vanilla(n))
    t0 = time.perf_counter()
    engine = AttackEngine(board)
    first = at_first = 0.0
    count = 0
    for count, _ in enumerate(engine.legal(), start=1):
        if count == 1:
            first = time.perf_counter() - t0
        if count == FIRST:
            at_first = time.perf_counter() - t0
        if stop is not None and count >= stop:
            break
    return first, at_first, time.perf_counter() - t0, count, engine.solves


def run(cfg: Config) -> Table:
    """Time to first, to the first thousand, and the streaming rate after that."""
    table = Table("enumeration", "Enumeration: legal_attacks on N vanilla tokens, 2 targets "
                  "(every declaration legal, medians)", COLUMNS)
    for n, stop in QUICK_SIZES if cfg.quick else SIZES:
        reps = cfg.reps(3 if n <= 12 else 2)
        runs = [_stream(n, stop) for _ in range(reps)]
        count, solves = runs[0][3], runs[0][4]
        total = 3 ** n
        first = median([r[0] for r in runs])
        at_first = median([r[1] for r in runs])
        last = median([r[2] for r in runs])
        stream = (last - at_first) / (count - FIRST) if count > FIRST else None
        table.add(N=n, legal_total=total, measured=count, first_ms=ms(first),
                  first_1000_ms=ms(at_first) if count >= FIRST else None,
                  stream_us_per_decl=None if stream is None else round(stream * 1e6, 1),
                  overall_us_per_decl=round(last / count * 1e6, 1), solves=solves,
                  complete_count_ok=(count == total) if stop is None else None, runs=reps)
    table.notes += [
        "legal_total = 3**N by the rules (no restriction, requirement or cost: every "
        "declaration is legal); complete_count_ok checks the full enumeration returned exactly "
        "that many.",
        "Times include AttackEngine(board) (compile). stream_us_per_decl = time from the "
        "1,000th to the last counted declaration / their number; overall = total / count.",
    ]
    return table
