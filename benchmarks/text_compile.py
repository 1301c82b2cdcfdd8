"""Compiling printed cards' text: how long the combat-text compiler takes per card.

Usage: ``python benchmarks/text_compile.py [--cards 2000] [--rounds 3]``. Per round, one new
process compiles every face of the first CARDS cards of the oracle corpus (the corpus is
read before timing starts), once cold (the first compile of each template) and once warm.
Prints the medians: total seconds, microseconds per card and per compiled sentence, and
the share of cards with combat text that is fully modelled.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

PROBE = """
import json, sys, time
from mtgcombat.rules import corpus
from mtgcombat.rules.text.coverage import Coverage, compile_card
db = corpus.corpus()
cards = [db.lookup(n) for n in db.names()[:int(sys.argv[1])]]
def run():
    report = Coverage()
    t = time.perf_counter()
    for card in cards:
        report.add(card.name, compile_card(card))
    return time.perf_counter() - t, report
cold, report = run()
warm, _ = run()
sentences = sum(v["modelled"] + v["unmodelled"] for v in report.families.values())
print(json.dumps({"cards": len(cards), "cold_s": cold, "warm_s": warm,
                  "combat_sentences": sentences,
                  "fully_share": report.fully_modelled / max(1, report.combat_cards)}))
"""


def measure(cards: int, rounds: int) -> dict[str, float]:
    """Medians over ``rounds`` fresh processes of compiling the first ``cards`` cards."""
    runs: list[dict[str, float]] = []
    for _ in range(rounds):
        out = subprocess.run([sys.executable, "-c", PROBE, str(cards)], check=True,
                             capture_output=True, text=True).stdout
        runs.append(json.loads(out))
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--cards", type=int, default=2000, help="first N cards (default 2000)")
    p.add_argument("--rounds", type=int, default=3, help="fresh processes (default 3)")
    args = p.parse_args()
    r = measure(max(1, args.cards), max(1, min(args.rounds, 20)))
    n = r["cards"]
    print(f"{int(n)} cards: cold {r['cold_s']:.2f} s ({1e6 * r['cold_s'] / n:.0f} µs/card), "
          f"warm {r['warm_s']:.2f} s ({1e6 * r['warm_s'] / n:.0f} µs/card)")
    print(f"{int(r['combat_sentences'])} combat sentences and keywords; "
          f"{r['fully_share']:.1%} of cards with combat text fully modelled")


if __name__ == "__main__":
    main()
