"""Section ``floor``: the empty CP-SAT model (per-call overhead nothing can beat) and
``check`` / ``legal`` end to end on every article board, split into load, compile and solve."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mtgcombat import AttackEngine, Board, Declaration, load_board

from .common import ROOT, Config, Table, empty_model_seconds, median, ms, ratio, seconds

ARTICLE = ROOT / "models" / "article"
QUICK_BOARDS = ("q22_goad_silent_arbiter", "ex_magnetic_web")

COLUMNS = ["board", "candidates", "targets", "declaration", "load_ms", "compile_ms", "check_ms",
           "check_solves", "check_x_floor", "legal_ms", "legal_count", "legal_x_floor",
           "agrees", "runs"]


def first_check(expected: Path) -> tuple[dict[str, str], bool, bool | None]:
    """The board's first ``checks`` declaration (or the empty one): declaration,
    assume_payable, expected verdict (None when the file gives none)."""
    data: dict[str, Any] = json.loads(expected.read_text()) if expected.exists() else {}
    checks = data.get("checks") or []
    if not checks:
        return {}, False, None
    first = checks[0]
    return dict(first["declaration"]), bool(first.get("assume_payable", False)), first["legal"]


def expected_legal_count(expected: Path) -> int | None:
    """How many legal declarations the article gives, if the file lists them."""
    if not expected.exists():
        return None
    listed = json.loads(expected.read_text()).get("legal")
    return None if listed is None else len(listed)


def _legal(board: Board) -> list[Declaration]:
    return list(AttackEngine(board).legal())


def run(cfg: Config) -> Table:
    """Measure the floor and every article board."""
    table = Table("floor", "Floor: empty CP-SAT model vs check/legal end to end "
                  "(models/article, medians)", COLUMNS)
    floor = empty_model_seconds(cfg.reps(300))
    table.add(board="(empty CpModel, num_workers=1)", check_ms=ms(floor), check_x_floor=1.0,
              runs=cfg.reps(300))
    boards = sorted(p for p in ARTICLE.glob("*.json") if not p.name.endswith(".expected.json"))
    if cfg.quick:
        boards = [p for p in boards if p.stem in QUICK_BOARDS]
    reps = cfg.reps(7)
    for path in boards:
        expected = path.with_name(path.stem + ".expected.json")
        decl, assume_payable, verdict = first_check(expected)
        loads, compiles, checks, legals = [], [], [], []
        solves = count = 0
        legal_ok = True
        for _ in range(reps):
            t, board = seconds(load_board, path)
            loads.append(t)
            t, engine = seconds(AttackEngine, board)
            compiles.append(t)
            t, v = seconds(engine.check, decl, assume_payable=assume_payable)
            checks.append(t)
            solves = engine.solves
            legal_ok = verdict is None or v.legal == verdict
            t, got = seconds(_legal, board)
            legals.append(t)
            count = len(got)
        want = expected_legal_count(expected)
        engine = AttackEngine(load_board(path))
        table.add(board=path.stem, candidates=len(engine.inst.candidates),
                  targets=len({t for c in engine.inst.candidates for t in c.targets}),
                  declaration=json.dumps(decl, sort_keys=True), load_ms=ms(median(loads)),
                  compile_ms=ms(median(compiles)), check_ms=ms(median(checks)),
                  check_solves=solves, check_x_floor=ratio(median(checks), floor),
                  legal_ms=ms(median(legals)), legal_count=count,
                  legal_x_floor=ratio(median(legals), floor),
                  agrees=legal_ok and (want is None or want == count), runs=reps)
    table.notes += [
        "check: the board's first `checks` declaration from its .expected.json (empty "
        "declaration if none), with that entry's assume_payable; legal: list(engine.legal()) "
        "on a fresh engine, payment checked.",
        "load = load_board, compile = AttackEngine(board), check_ms = the check call alone.",
        "x_floor = median time / median empty-model build+solve measured in this run.",
        "agrees: the check verdict and the number of legal declarations match the "
        ".expected.json (the article's answers).",
    ]
    return table
