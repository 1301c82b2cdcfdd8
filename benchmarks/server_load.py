"""Load figures of the HTTP server on loopback: cheap checks behind slow requests, the CPU the
server burns once the slow requests have answered, and /v1/check throughput and latency.

Usage: ``python benchmarks/server_load.py [--time-limit 2] [--workers 4] [--max-queue N]
[--rounds 25] [--per-client 30] [--settle 15] [--legal 5] [--damage 3]``.

Starts ``python -m mtgcombat serve`` as a subprocess on a free 127.0.0.1 port (so its CPU
time can be read from ``/proc/<pid>/stat``), then measures, every phase bounded in requests:

a. 8 slow requests at once (``/v1/legal`` on a board with 4**14 legal attacks, and
   ``/v1/damage/resolve`` on a double-striking trampler blocked by 12 creatures, 4096
   first-step outcomes to plan) while 4 streams send cheap ``/v1/check`` requests on the
   article boards (at most ``--rounds`` each, stopping once the slow ones have answered):
   p50/p95/p99 of the checks, and how many answered what the board's ``.expected.json`` says;
b. from the last slow answer: the server's CPU seconds (utime + stime) over the next 3 s,
   and how long until its CPU went quiet (no sample of 0.1 s using 20 ms or more);
c. ``/v1/check`` at 4, 16 and 32 concurrent clients, ``--per-client`` requests each:
   throughput (``ans/s``: answers other than 503 per second), p50/p95/p99 (of every
   request, 503s included), and how many were correct, wrong, unknown or 503 (queue full).

Client and server share the machine's cores, so the figures include the client's own load.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
ARTICLE = ROOT / "models" / "article"
HEADERS = {"Content-Type": "application/json"}
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
QUIET_CPU = 0.02
"""CPU seconds per 0.1 s sample below which the server counts as idle."""
IDLE_WINDOW = 3.0


# -- boards and requests ---------------------------------------------------------------------


@dataclass(frozen=True)
class Cheap:
    """One ``/v1/check`` body and the answer its board's expected file gives."""

    body: bytes
    legal: bool


def cheap_checks() -> list[Cheap]:
    """Every declaration the article boards' expected files rule on, as check requests."""
    out: list[Cheap] = []
    for exp_path in sorted(ARTICLE.glob("*.expected.json")):
        board = json.loads(exp_path.with_name(
            exp_path.name.replace(".expected.json", ".json")).read_text("utf-8"))
        exp = json.loads(exp_path.read_text("utf-8"))
        cases = [(c["declaration"], c["assume_payable"], c["legal"]) for c in exp.get("checks", [])]
        cases += [(d, False, True) for d in exp.get("legal") or []]
        cases += [(d, True, True) for d in exp.get("legal_if_payable") or []]
        for decl, payable, legal in cases:
            body = {"board": board, "declaration": decl, "assume_payable": payable}
            out.append(Cheap(json.dumps(body).encode(), legal))
    return out


def huge_attacks(creatures: int = 14) -> dict[str, Any]:
    """Vanilla creatures and three defending players: 4**creatures legal attacks."""
    return {"active_player": "you", "players": [{"name": n} for n in ("you", "A", "B", "C")],
            "permanents": [{"id": f"c{i}", "card": "Bear Cub", "controller": "you"}
                           for i in range(creatures)]}


def chump_wall(blockers: int = 12) -> dict[str, Any]:
    """A 30/30 double-striking trampler blocked by ``blockers`` 1/1-1/3 creatures: every
    subset of them may die in the first step, each a solve of its own."""
    perms: list[dict[str, Any]] = [
        {"id": "big", "name": "Big", "types": ["Creature"], "power": 30, "toughness": 30,
         "keywords": ["double strike", "trample"], "controller": "you"}]
    perms += [{"id": f"b{j}", "name": f"B{j}", "types": ["Creature"], "power": 1,
               "toughness": 1 + j % 3, "controller": "opp"} for j in range(blockers)]
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": perms, "attack": {"big": "opp"},
            "blocks": {f"b{j}": "big" for j in range(blockers)}}


def trample_gang(extra: int = 40) -> dict[str, Any]:
    """Four 3/3 tramplers blocked by the same three 3/2s, and ``extra`` unblocked 1/1s."""
    def creature(cid: str, controller: str, power: int, toughness: int,
                 **more: Any) -> dict[str, Any]:
        return {"id": cid, "name": cid.upper(), "types": ["Creature"], "power": power,
                "toughness": toughness, "controller": controller, **more}

    attackers = [creature(f"a{i}", "you", 3, 3, keywords=["trample"]) for i in range(4)]
    attackers += [creature(f"u{i}", "you", 1, 1) for i in range(extra)]
    blockers = [creature(f"b{j}", "opp", 3, 2,
                         effects=[{"kind": "can_block_additional", "count": None}])
                for j in range(3)]
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": attackers + blockers, "attack": {a["id"]: "opp" for a in attackers},
            "blocks": {b["id"]: [f"a{i}" for i in range(4)] for b in blockers}}


def slow_requests(legal: int, damage: int, checks: int) -> list[tuple[str, bytes]]:
    """``legal`` huge listings, ``damage`` slow damage resolutions and ``checks`` slow damage
    checks (an illegal blockers' assignment with four tramplers left out: 20**4 completions
    to try; these run in the check lane, beside the cheap checks)."""
    listing = json.dumps({"board": huge_attacks()}).encode()
    resolve = json.dumps({"board": chump_wall()}).encode()
    fill = json.dumps({"board": trample_gang(), "step": "regular",
                       "assignment": {"b0": {"a0": 3}, "b1": {"a0": 3}, "b2": {"a0": 1}}})
    return ([("/v1/legal", listing)] * legal + [("/v1/damage/resolve", resolve)] * damage
            + [("/v1/damage/check", fill.encode())] * checks)


# -- the server --------------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of process ``pid`` (all its threads)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(time_limit: float, workers: int,
           max_queue: int | None = None) -> Iterator[tuple[str, int]]:
    """``mtgcombat serve`` on a free loopback port: yields its URL and pid."""
    port = _free_port()
    cmd = [sys.executable, "-m", "mtgcombat", "serve", "--port", str(port),
           "--time-limit", str(time_limit), "--workers", str(workers)]
    if max_queue is not None:
        cmd += ["--max-queue", str(max_queue)]
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise SystemExit(f"the server did not start: {log.read().decode()}")
            try:
                if httpx.get(url + "/v1/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield url, proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


# -- measuring ---------------------------------------------------------------------------------


@dataclass
class Tally:
    """Latencies (ms) and outcomes of a batch of check requests."""

    ms: list[float] = field(default_factory=list)
    correct: int = 0
    wrong: int = 0
    unknown: int = 0
    busy: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, ms: float, response: httpx.Response, expected: bool) -> None:
        """File one answer: its latency and whether it was right."""
        with self.lock:
            self.ms.append(ms)
            if response.status_code == 503:
                self.busy += 1
                return
            got = response.json()
            if got.get("status") == "unknown":
                self.unknown += 1
            elif response.status_code == 200 and got.get("legal") is expected:
                self.correct += 1
            else:
                self.wrong += 1


def percentiles(ms: list[float]) -> tuple[float, float, float]:
    """p50, p95, p99 of ``ms`` (nan when empty)."""
    if len(ms) < 2:
        return (ms[0],) * 3 if ms else (float("nan"),) * 3
    q = statistics.quantiles(ms, n=100, method="inclusive")
    return q[49], q[94], q[98]


@contextmanager
def clients(url: str, n: int) -> Iterator[list[httpx.Client]]:
    """``n`` HTTP clients of ``url``, made before any clock starts (plain HTTP on loopback:
    no certificates to load)."""
    with ExitStack() as stack:
        yield [stack.enter_context(httpx.Client(base_url=url, timeout=120, verify=False))
               for _ in range(n)]


def _check_stream(c: httpx.Client, pool: list[Cheap], offset: int, count: int, tally: Tally,
                  stop: threading.Event | None = None) -> None:
    for i in range(count):
        if stop is not None and stop.is_set():
            return
        case = pool[(offset + i * 7) % len(pool)]
        t0 = time.perf_counter()
        r = c.post("/v1/check", content=case.body, headers=HEADERS)
        tally.record((time.perf_counter() - t0) * 1000, r, case.legal)


@dataclass
class SlowRun:
    """What the slow requests answered, and when."""

    started: float
    answered: list[float] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _slow_one(c: httpx.Client, path: str, body: bytes, run: SlowRun) -> None:
    r = c.post(path, content=body, headers=HEADERS)
    got = r.json() if r.status_code == 200 else {}
    label = f"{r.status_code} {got.get('status') or got.get('reason') or 'answer'}"
    with run.lock:
        run.answered.append(time.monotonic())
        run.statuses.append(f"{path} {label}")


def slow_and_cheap(url: str, pool: list[Cheap], slow: list[tuple[str, bytes]], streams: int,
                   rounds: int) -> tuple[Tally, SlowRun]:
    """Phase a: the slow requests at once, and meanwhile ``streams`` of cheap checks."""
    tally = Tally()
    stop = threading.Event()
    with clients(url, len(slow) + streams) as cs:
        run = SlowRun(time.monotonic())
        slow_threads = [threading.Thread(target=_slow_one, args=(c, p, b, run))
                        for c, (p, b) in zip(cs, slow, strict=False)]
        for t in slow_threads:
            t.start()
        time.sleep(0.3)  # the slow requests take their threads first
        cheap = [threading.Thread(target=_check_stream, args=(c, pool, i, rounds, tally, stop))
                 for i, c in enumerate(cs[len(slow):])]
        for t in cheap:
            t.start()
        for t in slow_threads:
            t.join()
        stop.set()
        for t in cheap:
            t.join()
    return tally, run


@dataclass(frozen=True)
class Idle:
    """The server's CPU from the last slow answer on."""

    first_window: float
    """CPU seconds in the IDLE_WINDOW seconds right after the last slow answer."""
    quiet_after: float
    """Seconds from the last slow answer to the start of a quiet IDLE_WINDOW."""
    until_quiet: float
    """CPU seconds from the last slow answer until then."""


def idle_cpu(pid: int, since: float, settle: float) -> Idle:
    """Phase b: sample the server's CPU every 0.1 s from ``since`` until it has been quiet for
    IDLE_WINDOW seconds (at most ``settle`` seconds)."""
    samples = [(time.monotonic(), cpu_seconds(pid))]
    quiet_from = samples[0]
    while samples[-1][0] - since < settle:
        time.sleep(0.1)
        now = (time.monotonic(), cpu_seconds(pid))
        if now[1] - samples[-1][1] >= QUIET_CPU:
            quiet_from = now
        samples.append(now)
        if now[0] - quiet_from[0] >= IDLE_WINDOW and now[0] - since >= IDLE_WINDOW:
            break
    start = samples[0][1]
    window = [c for t, c in samples if t - since <= IDLE_WINDOW]
    return Idle(window[-1] - start, quiet_from[0] - since, quiet_from[1] - start)


def throughput(url: str, pool: list[Cheap], n: int, per_client: int) -> tuple[Tally, float]:
    """Phase c: ``n`` concurrent clients sending checks; the tally and the wall time."""
    tally = Tally()
    with clients(url, n) as cs:
        threads = [threading.Thread(target=_check_stream, args=(c, pool, i * 11, per_client, tally))
                   for i, c in enumerate(cs)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return tally, time.perf_counter() - t0


# -- report ------------------------------------------------------------------------------------


def _row(label: str, tally: Tally, wall: float | None = None) -> str:
    p50, p95, p99 = percentiles(tally.ms)
    rate = f"{(len(tally.ms) - tally.busy) / wall:7.1f}" if wall else "      -"
    return (f"{label:<24} {len(tally.ms):5d} {rate} {p50:8.1f} {p95:8.1f} {p99:8.1f} "
            f"{tally.correct:5d} {tally.wrong:5d} {tally.unknown:5d} {tally.busy:5d}")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time-limit", type=float, default=2.0, help="server --time-limit")
    ap.add_argument("--workers", type=int, default=4, help="server --workers")
    ap.add_argument("--max-queue", type=int, default=None,
                    help="server --max-queue (default: the server's, 4 x workers)")
    ap.add_argument("--rounds", type=int, default=25, help="checks per stream in phase a")
    ap.add_argument("--per-client", type=int, default=30, help="checks per client in phase c")
    ap.add_argument("--settle", type=float, default=15.0,
                    help="longest wait for the server's CPU to go quiet (s)")
    ap.add_argument("--legal", type=int, default=5, help="slow /v1/legal requests")
    ap.add_argument("--damage", type=int, default=3, help="slow /v1/damage/resolve requests")
    ap.add_argument("--slow-checks", type=int, default=0,
                    help="slow /v1/damage/check requests (check lane) among the slow ones")
    args = ap.parse_args(argv)
    args.rounds, args.per_client = min(args.rounds, 200), min(args.per_client, 200)
    return args


def _report(args: argparse.Namespace, pool: list[Cheap], tally: Tally, run: SlowRun,
            idle: Idle, phases: list[tuple[int, Tally, float]]) -> None:
    queue = 4 * args.workers if args.max_queue is None else args.max_queue
    print(f"server: --time-limit {args.time_limit:g} --workers {args.workers} "
          f"--max-queue {queue}; {os.cpu_count()} cores; {len(pool)} distinct cheap checks")
    answers = sorted(a - run.started for a in run.answered)
    print(f"slow requests: {len(run.answered)}, answered after "
          f"{answers[0]:.2f}-{answers[-1]:.2f} s; " + ", ".join(sorted(set(run.statuses))))
    print(f"{'phase':<24} {'reqs':>5} {'ans/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
          f"{'ok':>5} {'wrong':>5} {'unkn':>5} {'503':>5}")
    print(_row(f"a: cheap behind {len(run.answered)} slow", tally))
    for n, t, wall in phases:
        print(_row(f"c: {n} clients", t, wall))
    print(f"b: server CPU in the {IDLE_WINDOW:g} s after the last slow answer: "
          f"{idle.first_window:.2f} s; quiet {idle.quiet_after:.2f} s after it "
          f"({idle.until_quiet:.2f} CPU s until then)")


def main(argv: list[str] | None = None) -> None:
    """Run the three phases against a fresh server and print the table."""
    args = _arguments(argv)
    pool = cheap_checks()
    slow = slow_requests(args.legal, args.damage, args.slow_checks)
    with server(args.time_limit, args.workers, args.max_queue) as (url, pid):
        with clients(url, 1) as (c,):
            _check_stream(c, pool[::8], 0, len(pool[::8]), Tally())  # warm-up: imports
        tally, run = slow_and_cheap(url, pool, slow, 4, args.rounds)
        idle = idle_cpu(pid, max(run.answered), args.settle)
        phases = [(n, *throughput(url, pool, n, args.per_client)) for n in (4, 16, 32)]
    _report(args, pool, tally, run, idle, phases)


if __name__ == "__main__":
    main()
