"""Section ``scaling``: ``check`` (an illegal and a legal declaration) and
``max_requirements`` for growing token armies (:func:`benchmarks.boards.army`)."""

from __future__ import annotations

from mtgcombat import AttackEngine, Declaration, load_board

from .boards import army
from .common import Config, Table, empty_model_seconds, median, ms, ratio, seconds

SIZES = (10, 20, 40, 80, 160, 256)
QUICK_SIZES = (10, 20)
TARGETS = (2, 4)

COLUMNS = ["N", "T", "variables", "requirements", "costs", "load_ms", "compile_ms",
           "check_illegal_ms", "check_legal_ms", "max_req_ms", "max_req", "check_solves",
           "check_legal_x_floor", "check_legal_vs_N10", "runs"]


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
            data = army(n, t)
            loads, compiles, illegal, legal, maxreq = [], [], [], [], []
            solves = best = 0
            engine: AttackEngine | None = None
            for _ in range(reps):
                dt, board = seconds(load_board, data)
                loads.append(dt)
                dt, eng = seconds(AttackEngine, board)
                compiles.append(dt)
                dt, bad = seconds(eng.check, {})
                illegal.append(dt)
                solves = eng.solves
                engine = eng
                if bad.legal or bad.kind != "requirements" or bad.witness is None:
                    raise AssertionError(f"N={n} T={t}: the empty declaration should break a "
                                         f"requirement, got {bad.kind}")
                witness = Declaration(bad.witness.pairs())
                fresh = AttackEngine(board)
                dt, good = seconds(fresh.check, witness)
                legal.append(dt)
                if not good.legal:
                    raise AssertionError(f"N={n} T={t}: the witness {witness} is not legal: "
                                         f"{good.reason}")
                fresh = AttackEngine(board)
                dt, (best, _) = seconds(fresh.max_requirements)
                maxreq.append(dt)
            assert engine is not None
            if smallest is None:
                smallest = median(legal)
            table.add(N=n, T=t, variables=len(engine.enc.vm.pairs),
                      requirements=len(engine.inst.requirements), costs=len(engine.inst.costs),
                      load_ms=ms(median(loads)), compile_ms=ms(median(compiles)),
                      check_illegal_ms=ms(median(illegal)), check_legal_ms=ms(median(legal)),
                      max_req_ms=ms(median(maxreq)), max_req=best, check_solves=solves,
                      check_legal_x_floor=ratio(median(legal), floor),
                      check_legal_vs_N10=ratio(median(legal), smallest), runs=reps)
    table.notes += [
        f"Empty-model floor this run: {ms(floor)} ms.",
        "Boards: benchmarks/boards.py army(N, T): Crawlspace (Bob's), Propaganda (Alice's, {2} "
        "per creature attacking Alice), every 8th creature goaded by Alice, a Crazed Goblin "
        "per 8 creatures, a Mogg Flunkies per 16, the rest Soldier tokens; T=4 adds a "
        "planeswalker per opponent.",
        "Illegal declaration: the empty one (it breaks the goblins' and goad's requirements; "
        "asserted kind == 'requirements'). Legal declaration: that verdict's witness, which is "
        "maximal for the empty cost commitment (asserted legal by check, payment included: it "
        "pays nothing).",
        "Each timing uses a fresh AttackEngine (the per-commitment process cache starts empty); "
        "check_solves = CP-SAT solves of the illegal check.",
    ]
    return table
