"""Oracle corpus lookups against catalog lookups, each in a fresh interpreter.

Usage: ``python benchmarks/corpus_lookup.py [--rounds 5]``. Per round, one new process times
importing the corpus module (after the catalog's), 10 catalog lookups (the first loads the
catalog), then the corpus's cold first lookup (opening the database), 9 more
lookups, and ``close_names`` for a misspelt name (cold: it reads the name list; then warm).
Then fresh processes load a board naming 10 catalog cards and one naming 10 corpus cards
(opening the corpus and compiling their text). Prints medians in ms and the extra cost of
the corpus board (goal: ≤ 50 ms).

The board processes read their modules' bytecode from a temporary cache that the first,
uncounted round writes (as an installed package's ``.pyc`` files are there from the start),
even where ``PYTHONDONTWRITEBYTECODE`` is set; with ``--source`` they write none, so modules
without ``.pyc`` files (a checkout run with ``PYTHONDONTWRITEBYTECODE``) are compiled from
source in every process, which adds the compiler's own source compilation to the uncached
corpus board.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

CATALOG = ["Grizzly Bears", "Crazed Goblin", "Avatar of Slaughter", "Bear Cub", "Glory Seeker",
           "Wall of Roots", "Crawlspace", "Silent Arbiter", "Master of Cruelties",
           "Scarred Puma"]
CORPUS = ["Air Elemental", "Tarmogoyf", "Delver of Secrets", "Fire // Ice", "White Knight",
          "Questing Beast", "Roaming Throne", "Blightsteel Colossus", "Segovian Leviathan",
          "Insectile Aberration"]

PROBE = """
import json, sys, time
from mtgcombat.rules import catalog
cat_names, corpus_names = json.loads(sys.argv[1])
t = time.perf_counter()
from mtgcombat.rules import corpus
import_corpus = time.perf_counter() - t
t = time.perf_counter()
cat = catalog.default_catalog()
for n in cat_names:
    cat.get(n)
catalog_10 = time.perf_counter() - t
t = time.perf_counter()
assert corpus.lookup(corpus_names[0]) is not None
cold = time.perf_counter() - t
t = time.perf_counter()
for n in corpus_names[1:]:
    assert corpus.lookup(n) is not None
warm_9 = time.perf_counter() - t
t = time.perf_counter()
corpus.close_names("Air Elemetal")
close_cold = time.perf_counter() - t
t = time.perf_counter()
corpus.close_names("Tarmogof")
close_warm = time.perf_counter() - t
print(json.dumps({"import_corpus": import_corpus, "catalog_10": catalog_10,
                  "corpus_cold_1": cold, "corpus_warm_9": warm_9,
                  "corpus_10": cold + warm_9, "close_names_cold": close_cold,
                  "close_names_warm": close_warm}))
"""


BOARD_PROBE = """
import json, sys, time
from mtgcombat.board.model import parse_board
names = json.loads(sys.argv[1])
board = {"players": [{"name": "A"}, {"name": "B"}], "active_player": "A",
         "permanents": [{"id": f"p{i}", "card": n, "controller": "A"}
                        for i, n in enumerate(names)]}
t = time.perf_counter()
parse_board(board)
print(json.dumps({"board": time.perf_counter() - t}))
"""
"""A fresh process loads a board naming the given cards (catalog load and, for corpus
cards, opening the corpus and compiling each card's text included)."""


def measure_boards(rounds: int, source: bool = False) -> dict[str, float]:
    """Median milliseconds to load a board of 10 catalog cards and of 10 corpus cards, each
    in fresh processes, alternating: the corpus board without the compiled-card cache
    (``_uncached``: every card's text compiled) and with it warm. ``source``: every module is
    compiled from source in every process (no bytecode is written or read)."""
    times: dict[str, list[float]] = {"board_catalog_10": [], "board_corpus_10_uncached": [],
                                     "board_corpus_10": []}
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "MTGCOMBAT_CACHE_DIR": cache}
        if source:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = os.path.join(cache, "pyc")
        runs = (("board_catalog_10", CATALOG, env),
                ("board_corpus_10_uncached", CORPUS, {**env, "MTGCOMBAT_COMPILE_CACHE": "0"}),
                ("board_corpus_10", CORPUS, env))
        for _ in range(rounds + 1):
            for key, names, run_env in runs:
                out = subprocess.run([sys.executable, "-c", BOARD_PROBE, json.dumps(names)],
                                     check=True, capture_output=True, text=True,
                                     env=run_env).stdout
                times[key].append(json.loads(out)["board"])
    # The first round warms the cache and the interpreter's bytecode: not counted.
    return {k: 1000 * statistics.median(v[1:]) for k, v in times.items()}


def measure(rounds: int) -> dict[str, float]:
    """Median milliseconds of each measurement over ``rounds`` fresh processes."""
    runs: list[dict[str, float]] = []
    for _ in range(rounds):
        out = subprocess.run([sys.executable, "-c", PROBE, json.dumps([CATALOG, CORPUS])],
                             check=True, capture_output=True, text=True).stdout
        runs.append(json.loads(out))
    return {k: 1000 * statistics.median(r[k] for r in runs) for k in runs[0]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--rounds", type=int, default=5, help="fresh processes (default 5)")
    p.add_argument("--source", action="store_true",
                   help="board processes write no bytecode (modules without .pyc files are "
                        "compiled from source each time)")
    args = p.parse_args()
    rounds = max(1, min(args.rounds, 50))
    result = {**measure(rounds), **measure_boards(rounds, args.source)}
    for key, ms in result.items():
        print(f"{key:>18}: {ms:8.2f} ms")
    for key, what in (("board_corpus_10", "compiled cards read from the cache"),
                      ("board_corpus_10_uncached", "every card's text compiled")):
        extra = result[key] - result["board_catalog_10"]
        print(f"a board naming 10 corpus cards loads {extra:.2f} ms slower than one naming 10 "
              f"catalog cards ({what}; goal: at most 50 ms)")


if __name__ == "__main__":
    main()
