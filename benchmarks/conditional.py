"""Section ``conditional``: all four conditional-requirement cards (their process) at
8, 16 and 32 attackers against three opponents: solves, states, ``check`` and ``legal`` times.

``legal`` runs in a forked child process with a time limit and an output cap: the first
declaration can take far longer than ``check`` (every terminal set is enumerated before the
canonical order is known)."""

from __future__ import annotations

import itertools
import multiprocessing as mp
from multiprocessing.connection import Connection
from typing import Any

from mtgcombat import AttackEngine, Board, Declaration, load_board

from .boards import conditional_army
from .common import Config, Table, empty_model_seconds, median, ms, ratio, seconds

SIZES = (8, 16, 32)
QUICK_SIZES = (8,)
LEGAL_CAP = 1000

COLUMNS = ["N", "conditions", "requirements", "check_illegal_ms", "check_legal_ms",
           "witness_steps", "check_solves", "states", "check_x_floor", "legal_ms", "legal_count",
           "legal_solves", "note", "runs"]


def _legal_child(data: dict[str, Any], cap: int, conn: Connection) -> None:
    """Child process: time the first ``cap`` legal declarations on a fresh engine."""
    board = load_board(data)
    engine = AttackEngine(board)
    got: list[Declaration]
    dt, got = seconds(list, itertools.islice(engine.legal(), cap))
    conn.send((dt, len(got), engine.solves))
    conn.close()


def timed_legal(data: dict[str, Any], cap: int,
                timeout_s: float) -> tuple[float, int, int] | None:
    """(seconds, count, solves) of ``legal()`` up to ``cap`` declarations, or None if it did
    not finish within ``timeout_s`` (the child is killed)."""
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_legal_child, args=(data, cap, child), daemon=True)
    proc.start()
    child.close()
    try:
        if parent.poll(timeout_s):
            result: tuple[float, int, int] = parent.recv()
            return result
        return None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()


def legal_by_witnesses(board: Board, start: Declaration,
                       max_steps: int = 6) -> tuple[Declaration, int]:
    """A legal declaration reached from ``start`` by following check witnesses, and the number
    of steps. On a conditional board the witness of an illegal declaration is a maximiser of
    some state of the process, not necessarily a terminal one, so one step may not suffice."""
    decl = start
    for steps in range(max_steps + 1):
        verdict = AttackEngine(board).check(decl)
        if verdict.legal:
            return decl, steps
        if verdict.witness is None:
            break
        decl = Declaration(verdict.witness.pairs())
    raise AssertionError(f"no legal declaration within {max_steps} witness steps of {start}")


def run(cfg: Config) -> Table:
    """Check and legal on each conditional board."""
    table = Table("conditional", "Conditional requirements: Viashino Bey, War's Toll (Carol's), "
                  "Ekundu Cyclops, Magnetic Web, 3 opponents (medians)", COLUMNS)
    floor = empty_model_seconds(cfg.reps(200))
    sizes = QUICK_SIZES if cfg.quick else SIZES
    timeout = 5.0 if cfg.quick else cfg.legal_timeout_s
    for n in sizes:
        data = conditional_army(n)
        board = load_board(data)
        reps = cfg.reps(5 if n <= 16 else 3)
        illegal, legal = [], []
        solves = states = 0
        good, steps = legal_by_witnesses(board, Declaration({}))
        engine = AttackEngine(board)
        for _ in range(reps):
            engine = AttackEngine(board)
            dt, bad = seconds(engine.check, {})
            illegal.append(dt)
            if bad.legal:
                raise AssertionError(f"N={n}: the empty declaration should be illegal")
            solves = engine.solves
            states = len(engine.process(frozenset()).states)
            fresh = AttackEngine(board)
            dt, _ = seconds(fresh.check, good)
            legal.append(dt)
        got = timed_legal(data, LEGAL_CAP, timeout)
        notes: list[str] = []
        if got is None:
            notes.append(f"legal: no {LEGAL_CAP} declarations within {timeout:.0f} s "
                         "(child killed)")
        elif got[1] < LEGAL_CAP:
            notes.append("legal: complete")
        table.add(N=n, conditions=len(engine.inst.conditions),
                  requirements=len(engine.inst.requirements),
                  check_illegal_ms=ms(median(illegal)), check_legal_ms=ms(median(legal)),
                  witness_steps=steps, check_solves=solves, states=states,
                  check_x_floor=ratio(median(illegal), floor),
                  legal_ms=ms(got[0]) if got else None, legal_count=got[1] if got else None,
                  legal_solves=got[2] if got else None, note="; ".join(notes), runs=reps)
    table.notes += [
        f"Empty-model floor this run: {ms(floor)} ms.",
        "Boards: conditional_army(N): Viashino Bey, Ekundu Cyclops, War's Toll (Carol's), "
        "Magnetic Web (magnet counters on every 4th creature), Crawlspace (Bob's), a Crazed "
        "Goblin and a Mogg Flunkies per 8 creatures, the rest Soldier tokens.",
        "check_illegal: the empty declaration; check_legal: a legal declaration found by "
        "following check witnesses from it (witness_steps checks: on these boards the witness "
        "maximises the first state of the process and is not itself legal); fresh engines. "
        "check_solves / states: CP-SAT solves and conditional-process states of the illegal check.",
        f"legal: first {LEGAL_CAP} declarations of engine.legal() on a fresh engine, one run "
        f"in a forked child, killed after {timeout:.0f} s.",
    ]
    return table
