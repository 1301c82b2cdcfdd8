"""Section ``startup``: what a command pays before it answers (figure (e) of the benchmarks):
``mtgcombat check`` on an article board as a fresh process, against ``python -c pass``
measured in the same run, and the two ways of importing OR-Tools' CP-SAT (the public
``cp_model`` module, which pulls in numpy and pandas, and the compiled ``cp_model_helper``
that the solver uses)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence

from .common import ROOT, Config, Table, median, ms, ratio, seconds

BOARD = ROOT / "models" / "article" / "q26_goad_wars_toll_propaganda_brainwash.json"

COLUMNS = ["command", "wall_ms", "x_python", "imports_cp_model", "imports_numpy",
           "imports_pandas", "runs"]

COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("python -c pass", ("-c", "pass")),
    ("mtgcombat check q26 (no declaration)", ("-m", "mtgcombat", "check", str(BOARD))),
    ("import mtgcombat", ("-c", "import mtgcombat")),
    ("import ortools.sat.python.cp_model", ("-c", "import ortools.sat.python.cp_model")),
    ("import ortools.sat.python.cp_model_helper",
     ("-c", "import ortools.sat.python.cp_model_helper")),
)
"""(label, interpreter arguments) of each fresh process timed."""


def _wall(args: Sequence[str]) -> float:
    """Wall time of one fresh interpreter running ``args`` (its output discarded); a failing
    command is an error naming it, with its stderr."""
    dt, done = seconds(subprocess.run, [sys.executable, *args], cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"`python {' '.join(args)}` exited with {done.returncode}: "
                           f"{done.stderr.strip()[-2000:]}")
    return dt


def _imported(args: Sequence[str]) -> set[str]:
    """The top-level modules of interest the process imports (``python -X importtime``)."""
    err = subprocess.run([sys.executable, "-X", "importtime", *args], cwd=ROOT, check=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    names = {line.rsplit("|", 1)[-1].strip() for line in err.splitlines() if "|" in line}
    return names & {"ortools.sat.python.cp_model", "numpy", "pandas"}


def run(cfg: Config) -> Table:
    """Time each command in fresh processes, interleaved, and note what each imports."""
    table = Table("startup", "Start-up: fresh processes, wall time (medians) against "
                  "`python -c pass`", COLUMNS)
    reps = cfg.reps(9)
    commands = COMMANDS[:2] if cfg.quick else COMMANDS
    walls: dict[str, list[float]] = {label: [] for label, _ in commands}
    for _label, args in commands:  # warm the file cache once
        _wall(args)
    for _ in range(reps):
        for label, args in commands:
            walls[label].append(_wall(args))
    base = median(walls[commands[0][0]])
    for label, args in commands:
        got = _imported(args)
        table.add(command=label, wall_ms=ms(median(walls[label])),
                  x_python=ratio(median(walls[label]), base),
                  imports_cp_model="ortools.sat.python.cp_model" in got,
                  imports_numpy="numpy" in got, imports_pandas="pandas" in got, runs=reps)
    table.notes += [
        f"Board: {BOARD.relative_to(ROOT)}; `python -m mtgcombat check BOARD` (the empty "
        "declaration), output discarded.",
        f"Interpreter: {sys.executable}; every command runs {reps} times, interleaved, after "
        "one warm-up run each; x_python = wall / `python -c pass` of this run.",
        "imports_*: whether `python -X importtime` lists the module for that command.",
    ]
    return table
