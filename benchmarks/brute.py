"""Section ``brute``: the reference oracle (every declaration enumerated) against the engine on
the same boards, N = 6..14 candidate attackers, T = 2; the oracle is skipped where its time
would pass the cap, estimated from the previous N."""

from __future__ import annotations

from functools import partial

from mtgcombat import AttackEngine, Board, Declaration, load_board
from mtgcombat.oracle.attacks import ReferenceOracle

from .boards import army
from .common import Config, Table, median, median_seconds, ms, ratio, seconds

SIZES = tuple(range(6, 15))
QUICK_SIZES = (6, 7)
COST_CREATURES = 2

COLUMNS = ["N", "declarations", "obeying", "legal", "oracle_legal_ms", "engine_legal_ms",
           "legal_ratio", "oracle_check_ms", "engine_check_ms", "check_ratio", "agree",
           "note"]


def _estimate(times: list[float]) -> float:
    """Next N's oracle time from the last two (growth ratio), or 3x the last one."""
    if len(times) >= 2 and times[-2] > 0:
        return times[-1] * max(times[-1] / times[-2], 3.0)
    return times[-1] * 3.0


def _engine_legal(board: Board) -> set[Declaration]:
    return set(AttackEngine(board).legal(assume_payable=True))


def _engine_check(board: Board) -> bool:
    return AttackEngine(board).check({}, assume_payable=True).legal


def _oracle_check(board: Board, n: int) -> bool:
    return ReferenceOracle(board, max_candidates=n).check({})


def run(cfg: Config) -> Table:
    """Oracle vs engine per N, until the oracle would take longer than ``cfg.oracle_cap_s``."""
    table = Table("brute", "Brute force: reference oracle vs engine (T=2, costs assumed "
                  "payable, medians)", COLUMNS)
    oracle_times: list[float] = []
    sizes = QUICK_SIZES if cfg.quick else SIZES
    skipped: list[int] = []
    for n in sizes:
        board = load_board(army(n, 2, cost_creatures=COST_CREATURES))
        reps = cfg.reps(5)
        engine_legal = median_seconds(partial(_engine_legal, board), reps, budget_s=3.0)
        engine_check = median_seconds(
            partial(_engine_check, board), reps, budget_s=3.0)
        ours = _engine_legal(board)
        engine_says = AttackEngine(board).check({}, assume_payable=True).legal
        estimate = _estimate(oracle_times) if oracle_times else 0.0
        if estimate > cfg.oracle_cap_s:
            skipped.append(n)
            oracle_times.append(estimate)
            table.add(N=n, declarations=3 ** n, legal=len(ours),
                      engine_legal_ms=ms(engine_legal), engine_check_ms=ms(engine_check),
                      note=f"oracle skipped: estimated {estimate:.0f} s "
                           f"> cap {cfg.oracle_cap_s:.0f} s")
            continue
        legal_times: list[float] = []
        check_times: list[float] = []
        oracle_legal: set[Declaration] = set()
        oracle_says = False
        rows = 0
        for _ in range(reps):
            dt, oracle = seconds(ReferenceOracle, board, max_candidates=n)
            dl, oracle_legal = seconds(oracle.legal)
            legal_times.append(dt + dl)
            rows = len(oracle.rows)
            dc, oracle_says = seconds(_oracle_check, board, n)
            check_times.append(dc)
            if sum(legal_times) + sum(check_times) > 2.0:
                break
        oracle_times.append(median(legal_times) + median(check_times))
        table.add(N=n, declarations=3 ** n, obeying=rows, legal=len(ours),
                  oracle_legal_ms=ms(median(legal_times)), engine_legal_ms=ms(engine_legal),
                  legal_ratio=ratio(median(legal_times), engine_legal),
                  oracle_check_ms=ms(median(check_times)), engine_check_ms=ms(engine_check),
                  check_ratio=ratio(median(check_times), engine_check),
                  agree=oracle_legal == ours and oracle_says == engine_says,
                  note=f"{len(legal_times)} oracle run(s)")
    table.notes += [
        f"Boards: army(N, 2, cost_creatures={COST_CREATURES}): Crawlspace (Bob's), an attack "
        f"cost ({{1}} per creature attacking Alice) on {COST_CREATURES} tokens only (so "
        f"{2 ** COST_CREATURES} cost commitments), goad, Crazed Goblins, Mogg Flunkies.",
        "oracle_legal = ReferenceOracle(board) + .legal(); engine_legal = AttackEngine(board) + "
        "list(.legal(assume_payable=True)) (the oracle assumes costs payable). Checks: the "
        "empty declaration (illegal), each side from a fresh object.",
        "ratio = oracle / engine (above 1: the engine is faster). agree: same legal set and same "
        "verdict.",
        f"The oracle is skipped for N whose estimated oracle time (legal + check, growth from "
        f"the previous N) exceeds {cfg.oracle_cap_s:.0f} s"
        + (f": skipped N = {', '.join(map(str, skipped))}." if skipped else "."),
    ]
    return table
