"""Section ``scaling``: ``check`` (an illegal and a legal declaration) and
``max_requirements`` for growing token armies (:func:`benchmarks.boards.army`), with the solver
time of each ``check`` split into model building and CP-SAT solving
(:mod:`mtgcombat.solver.timing`), every figure also as a ratio to the empty-model floor
measured in the same run (figure (b) of the benchmarks: 256 creatures, 5 targets)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mtgcombat import AttackEngine, Declaration, load_board
from mtgcombat.solver import timing

from .boards import army
from .common import Config, Table, empty_model_seconds, median, ms, ratio, seconds

SIZES = (10, 20, 40, 80, 160, 256)
QUICK_SIZES = (10, 20)
TARGETS = (2, 4, 5)

COLUMNS = ["N", "T", "variables", "requirements", "costs", "load_ms", "compile_ms",
           "check_illegal_ms", "illegal_build_ms", "illegal_solve_ms", "check_illegal_x_floor",
           "check_legal_ms", "legal_build_ms", "legal_solve_ms", "check_legal_x_floor",
           "build_x_floor", "solve_x_floor", "max_req_ms", "max_req", "check_solves",
           "check_legal_vs_N10", "runs"]


@dataclass
class _Times:
    """Per-repetition wall times of one measurement, with its build and solve parts."""

    wall: list[float] = field(default_factory=list)
    build: list[float] = field(default_factory=list)
    solve: list[float] = field(default_factory=list)

    def timed(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Call ``fn(*args)``, recording its wall, build and solve time."""
        with timing.recording() as rec:
            dt, out = seconds(fn, *args)
        self.wall.append(dt)
        self.build.append(rec.build)
        self.solve.append(rec.solve)
        return out


def _measure(data: dict[str, Any], n: int, t: int, reps: int) -> dict[str, Any]:
    """Time load, compile, both checks and ``max_requirements`` ``reps`` times."""
    loads, compiles, maxreq = [], [], []
    illegal, legal = _Times(), _Times()
    best = solves = 0
    engine: AttackEngine | None = None
    for _ in range(reps):
        dt, board = seconds(load_board, data)
        loads.append(dt)
        dt, eng = seconds(AttackEngine, board)
        compiles.append(dt)
        bad = illegal.timed(eng.check, {})
        solves = eng.solves
        engine = eng
        if bad.legal or bad.kind != "requirements" or bad.witness is None:
            raise AssertionError(f"N={n} T={t}: the empty declaration should break a "
                                 f"requirement, got {bad.kind}")
        witness = Declaration(bad.witness.pairs())
        good = legal.timed(AttackEngine(board).check, witness)
        if not good.legal:
            raise AssertionError(f"N={n} T={t}: the witness {witness} is not legal: "
                                 f"{good.reason}")
        dt, (best, _) = seconds(AttackEngine(board).max_requirements)
        maxreq.append(dt)
    assert engine is not None
    return {"engine": engine, "loads": loads, "compiles": compiles, "illegal": illegal,
            "legal": legal, "maxreq": maxreq, "best": best, "solves": solves}


def run(cfg: Config) -> Table:
    """Time each size and target count on fresh engines (no cached process)."""
    table = Table("scaling", "Scaling: token army under Crawlspace + Propaganda + goad, "
                  "Crazed Goblins, Mogg Flunkies (medians)", COLUMNS)
    floor = empty_model_seconds(cfg.reps(200))
    sizes = QUICK_SIZES if cfg.quick else SIZES
    for t in TARGETS:
        smallest: float | None = None
        for n in sizes:
            reps = cfg.reps(5 if n <= 80 else 3)
            got = _measure(army(n, t), n, t, reps)
            engine: AttackEngine = got["engine"]
            ill: _Times = got["illegal"]
            leg: _Times = got["legal"]
            if smallest is None:
                smallest = median(leg.wall)
            table.add(N=n, T=t, variables=len(engine.enc.vm.pairs),
                      requirements=len(engine.inst.requirements), costs=len(engine.inst.costs),
                      load_ms=ms(median(got["loads"])), compile_ms=ms(median(got["compiles"])),
                      check_illegal_ms=ms(median(ill.wall)),
                      illegal_build_ms=ms(median(ill.build)),
                      illegal_solve_ms=ms(median(ill.solve)),
                      check_illegal_x_floor=ratio(median(ill.wall), floor),
                      check_legal_ms=ms(median(leg.wall)), legal_build_ms=ms(median(leg.build)),
                      legal_solve_ms=ms(median(leg.solve)),
                      check_legal_x_floor=ratio(median(leg.wall), floor),
                      build_x_floor=ratio(median(ill.build), floor),
                      solve_x_floor=ratio(median(ill.solve), floor),
                      max_req_ms=ms(median(got["maxreq"])), max_req=got["best"],
                      check_solves=got["solves"],
                      check_legal_vs_N10=ratio(median(leg.wall), smallest), runs=reps)
    table.notes += _notes(floor)
    return table


def _notes(floor: float) -> list[str]:
    return [
        f"Empty-model floor this run: {ms(floor)} ms (cp_model.CpModel() built and solved with "
        "one worker); every x_floor column divides by it.",
        "Boards: benchmarks/boards.py army(N, T): Crawlspace (Bob's), Propaganda (Alice's, {2} "
        "per creature attacking Alice), every 8th creature goaded by Alice, a Crazed Goblin "
        "per 8 creatures, a Mogg Flunkies per 16, the rest Soldier tokens; T=4 adds a "
        "planeswalker for each of the two opponents, T=5 a third opponent as well.",
        "Illegal declaration: the empty one (it breaks the goblins' and goad's requirements; "
        "asserted kind == 'requirements'). Legal declaration: that verdict's witness, which is "
        "maximal for the empty cost commitment (asserted legal by check, payment included: it "
        "pays nothing).",
        "build_ms / solve_ms: the check's solver time split into building the CP-SAT model "
        "(compiling the board's problem into a model proto, copying it, adding the query's "
        "constraints) and CP-SAT's solve call; the rest of check_ms is evaluating the "
        "declaration, explaining the verdict and payment. build_x_floor, solve_x_floor: the "
        "illegal check's two parts / floor.",
        "Each timing uses a fresh AttackEngine (the per-commitment process cache starts empty); "
        "check_solves = CP-SAT solves of the illegal check.",
    ]
