"""Section ``counting``: ``legal --count`` on token armies (figure (f) of the benchmarks): the
exact number of legal attack declarations of N interchangeable 1/1 tokens against 3 opponents,
counted by groups without enumerating, in-process (board loading, compiling and counting) and as
a fresh ``python -m mtgcombat legal --count --json`` process. The goal is under a second for 200
tokens. Each count is checked against its closed form where the rules give one."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mtgcombat.board.model import load_board
from mtgcombat.compile.attacks import compile_board
from mtgcombat.legality.counting import count_groups

from .common import ROOT, Config, Table, median, ms

COLUMNS = ["board", "tokens", "count_digits", "closed_form_ok", "in_process_ms", "cli_wall_ms"]
OPPONENTS = ("Alice", "Bob", "Carol")


def army(n: int, extra: tuple[dict[str, Any], ...] = (), **state: object) -> dict[str, Any]:
    """A board: ``n`` 1/1 Soldier tokens of "you" against three opponents, plus ``extra``."""
    tokens = [{"id": f"t{i:03d}", "name": "Soldier token", "types": ["Creature"],
               "subtypes": ["Soldier"], "power": 1, "toughness": 1, "controller": "you",
               **state} for i in range(n)]
    return {"active_player": "you",
            "players": [{"name": "you"}, *({"name": p} for p in OPPONENTS)],
            "permanents": [*extra, *tokens]}


def boards(n: int) -> list[tuple[str, dict[str, Any], int | None]]:
    """(label, board, closed-form count or None) of each army measured."""
    k = len(OPPONENTS)
    crawl = ({"id": "crawl", "card": "Crawlspace", "controller": "Bob"},)
    return [
        ("plain", army(n), (k + 1) ** n),  # each token: no attack or one of k players
        ("goaded by Alice", army(n, goaded_by=["Alice"]), (k - 1) ** n),  # CR 701.15b
        ("Crawlspace (Bob: at most 2)", army(n, crawl), None),
    ]


def run(cfg: Config) -> Table:
    """Count each army in-process and as a fresh CLI process; note the goal."""
    n = 20 if cfg.quick else 200
    table = Table("counting", f"legal --count: {n} tokens against 3 opponents", COLUMNS)
    reps = cfg.reps(5)
    for label, data, closed in boards(n):
        times: list[float] = []
        count = 0
        for _ in range(reps):
            t0 = time.perf_counter()
            got = count_groups(compile_board(load_board(data)))
            times.append(time.perf_counter() - t0)
            if got is None:
                raise RuntimeError(f"{label}: the board is outside what counting supports")
            count = got.count
        table.add(board=label, tokens=n, count_digits=len(str(count)),
                  closed_form_ok=None if closed is None else count == closed,
                  in_process_ms=ms(median(times)), cli_wall_ms=ms(_cli(data, reps)))
    table.notes += [
        "in_process_ms: load_board + compile_board + count_groups (median); cli_wall_ms: a "
        "fresh `python -m mtgcombat legal BOARD --count --json` (median), start-up included.",
        "closed_form_ok: the count equals (k+1)^N (plain) or (k-1)^N (goaded: each token "
        "must attack, and not the goading player); '-' where no closed form is used.",
        "Goal: under 1 s for 200 tokens.",
    ]
    return table


def _cli(data: dict[str, Any], reps: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "army.json"
        path.write_text(json.dumps(data), "utf-8")
        walls: list[float] = []
        for _ in range(reps):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "mtgcombat", "legal", str(path), "--count",
                            "--json"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - t0)
    return median(walls)
