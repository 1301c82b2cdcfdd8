"""Latency of ``POST /v1/check`` on the article boards against a running server.

Usage: ``mtgcombat serve`` in one shell, then
``python benchmarks/server_latency.py [--url http://127.0.0.1:8000] [--rounds 5]``.
Checks the empty declaration on every models/article board ``rounds`` times, first from one
client, then from 4 concurrent clients; prints the median and 95th percentile in ms. Only
loopback URLs are accepted; the request count is bounded (boards x rounds per phase).
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx

ROOT = Path(__file__).resolve().parent.parent
BOARDS = sorted(p for p in (ROOT / "models" / "article").glob("*.json")
                if not p.name.endswith(".expected.json"))


def _bodies() -> list[bytes]:
    return [json.dumps({"board": json.loads(p.read_text("utf-8")), "declaration": {}})
            .encode() for p in BOARDS]


def _client_run(url: str, bodies: list[bytes], out: list[float]) -> None:
    with httpx.Client(base_url=url, timeout=60) as c:
        for body in bodies:
            t0 = time.perf_counter()
            r = c.post("/v1/check", content=body, headers={"Content-Type": "application/json"})
            out.append((time.perf_counter() - t0) * 1000)
            r.raise_for_status()


def _report(label: str, ms: list[float], wall: float) -> None:
    q = statistics.quantiles(ms, n=20)
    print(f"{label}: {len(ms)} requests, median {statistics.median(ms):.1f} ms, "
          f"p95 {q[18]:.1f} ms, throughput {len(ms) / wall:.1f} req/s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--clients", type=int, default=4)
    args = ap.parse_args()
    host = urlparse(args.url).hostname or ""
    if not (host.startswith("127.") or host in ("localhost", "::1")):
        raise SystemExit("only loopback servers are measured")
    bodies = _bodies() * max(1, min(args.rounds, 50))
    _client_run(args.url, _bodies(), [])  # warm-up: imports, catalog
    one: list[float] = []
    t0 = time.perf_counter()
    _client_run(args.url, bodies, one)
    _report("1 client ", one, time.perf_counter() - t0)
    many: list[float] = []
    threads = [threading.Thread(target=_client_run, args=(args.url, bodies, many))
               for _ in range(max(1, min(args.clients, 16)))]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    _report(f"{len(threads)} clients", many, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
