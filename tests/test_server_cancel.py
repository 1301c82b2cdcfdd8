"""Solver work stops at its deadline: the damage searches written as Python loops (the blockers'
divisions, filling in a left-out creature) look at the deadline as they go, and on a server with
one solver thread every kind of slow request answers "unknown" at its time limit and leaves the
thread free for the next request at once."""

from __future__ import annotations

import asyncio
import json
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.board.model import parse_board
from mtgcombat.damage.assignment import check_damage
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.errors import Deadline, TimeLimitReached

ROOT = Path(__file__).resolve().parent.parent
Q26 = ROOT / "models" / "article" / "q26_goad_wars_toll_propaganda_brainwash.json"
SHORT = 0.05
"""A time limit far below what the searches below need without one."""
GRACE = 0.4
"""How long past its deadline a search may take to notice it (a loaded 2-core machine)."""
LIMIT = 0.5
"""The server's time limit in the server tests."""


def _creature(cid: str, controller: str, power: int, toughness: int,
              keywords: tuple[str, ...] = (), *, any_number: bool = False) -> dict[str, Any]:
    """A creature card of its own; ``any_number``: it can block any number of creatures."""
    effects = [{"kind": "can_block_additional", "count": None}] if any_number else []
    return {"id": cid, "name": cid.upper(), "types": ["Creature"], "power": power,
            "toughness": toughness, "keywords": list(keywords), "controller": controller,
            "effects": effects}


def _combat(attackers: list[dict[str, Any]], blockers: list[dict[str, Any]],
            blocks: dict[str, Any]) -> dict[str, Any]:
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": attackers + blockers,
            "attack": {a["id"]: "opp" for a in attackers}, "blocks": blocks}


def first_strike_gang() -> dict[str, Any]:
    """Four double strikers each blocked by the same three first-striking 4/2s that can block
    any number of creatures: each blocker has 35 ways to divide its 4 damage among the four
    (510.1c), 35**3 joint divisions for the blocking player to compare."""
    attackers = [_creature(f"a{i}", "you", 3, 3, ("double strike",)) for i in range(4)]
    blockers = [_creature(f"b{j}", "opp", 4, 2, ("first strike",), any_number=True)
                for j in range(3)]
    return _combat(attackers, blockers,
                   {b["id"]: [a["id"] for a in attackers] for b in blockers})


def trample_gang(extra: int = 10) -> dict[str, Any]:
    """Four 3/3 tramplers blocked by the same three 3/2s (any number of blocks each), and
    ``extra`` unblocked 1/1s: a trampler may split its 3 among three blockers and the player
    (20 ways), so leaving the four out leaves 20**4 completions to try."""
    attackers = [_creature(f"a{i}", "you", 3, 3, ("trample",)) for i in range(4)]
    attackers += [_creature(f"u{i}", "you", 1, 1) for i in range(extra)]
    blockers = [_creature(f"b{j}", "opp", 3, 2, any_number=True) for j in range(3)]
    return _combat(attackers, blockers, {b["id"]: [f"a{i}" for i in range(4)] for b in blockers})


BAD_BLOCKERS = {"b0": {"a0": 3}, "b1": {"a0": 3}, "b2": {"a0": 1}}
"""The blockers' assignment with b2 assigning 1 of its 3 power: illegal (510.1a), so no
completion of the attackers' divisions is legal and every one is tried."""


def huge_attacks(creatures: int = 14) -> dict[str, Any]:
    """Vanilla creatures and three defending players: 4**creatures legal attacks."""
    return {"active_player": "you", "players": [{"name": n} for n in ("you", "A", "B", "C")],
            "permanents": [{"id": f"c{i}", "card": "Bear Cub", "controller": "you"}
                           for i in range(creatures)]}


def chump_wall(blockers: int = 12) -> dict[str, Any]:
    """A double-striking trampler blocked by ``blockers`` creatures: 2**blockers first-step
    outcomes to plan, one solve each."""
    big = _creature("big", "you", 30, 30, ("double strike", "trample"))
    chumps = [_creature(f"b{j}", "opp", 1, 1 + j % 3) for j in range(blockers)]
    return _combat([big], chumps, {c["id"]: "big" for c in chumps})


# -- in-process: the searches raise at their deadline ------------------------------------------


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    """Load the catalog and the solver once, so no deadline below pays for the imports."""
    board = parse_board(json.loads((ROOT / "models" / "damage" / "first_strike_kills_blocker.json")
                                   .read_text("utf-8")))
    resolve_combat(board)


def _raises_in_time(call: Any) -> float:
    start = time.monotonic()
    with pytest.raises(TimeLimitReached):
        call()
    elapsed = time.monotonic() - start
    assert elapsed < SHORT + GRACE, f"stopped {elapsed:.2f} s after a {SHORT} s deadline"
    return elapsed


def test_blockers_divisions_stop_at_the_deadline() -> None:
    board = parse_board(first_strike_gang())
    _raises_in_time(lambda: resolve_combat(board, deadline=Deadline.after(SHORT)))


def test_planning_the_first_step_stops_at_the_deadline() -> None:
    board = parse_board(chump_wall())
    _raises_in_time(lambda: resolve_combat(board, deadline=Deadline.after(SHORT)))


def test_filling_in_left_out_creatures_stops_at_the_deadline() -> None:
    board = parse_board(trample_gang())
    _raises_in_time(lambda: check_damage(board, BAD_BLOCKERS, "regular",
                                         deadline=Deadline.after(SHORT)))


def test_filling_in_without_a_deadline_still_finds_the_broken_rule() -> None:
    board = parse_board(trample_gang(extra=0))
    v = check_damage(board, BAD_BLOCKERS, "regular")
    assert not v.legal
    assert v.reason.startswith("510.1a") and "(3), got 1" in v.reason


# -- the server: one solver thread, free again right after each answer --------------------------


SLOW: dict[str, tuple[str, dict[str, Any]]] = {
    "attack listing": ("/v1/legal", {"board": huge_attacks()}),
    "attack listing with summary": ("/v1/legal", {"board": huge_attacks(), "summary": True}),
    "damage resolve, blockers' divisions": ("/v1/damage/resolve",
                                            {"board": first_strike_gang()}),
    "damage resolve, first-step plans": ("/v1/damage/resolve", {"board": chump_wall()}),
    "damage check, filling in": ("/v1/damage/check",
                                 {"board": trample_gang(40), "assignment": BAD_BLOCKERS,
                                  "step": "regular"}),
}


async def _timed(app: Any, slow: tuple[str, dict[str, Any]], check: dict[str, Any]
                 ) -> tuple[tuple[Any, float], tuple[Any, float]]:
    """The slow request, then the check: each answer and its latency."""
    import httpx

    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost",
                                 timeout=60) as ac:
        async def one(path: str, body: dict[str, Any]) -> tuple[Any, float]:
            start = time.monotonic()
            r = await ac.post(path, json=body)
            return r, time.monotonic() - start

        first = await one(*slow)
        return first, await one("/v1/check", check)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("kind", list(SLOW))
def test_one_thread_is_free_again_at_the_time_limit(kind: str) -> None:
    """The slow request answers "unknown" at the time limit, and its work has stopped by then:
    a check sent next finds the only thread free (a busy thread would make it wait out its own
    time limit and answer "unknown") and is answered, correctly, at once."""
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from mtgcombat.server.app import create_app

    q26 = json.loads(Q26.read_text("utf-8"))
    check = {"board": q26, "assume_payable": True,
             "declaration": {"flunkies": "Alice", "cub": "Alice"}}  # Q26 option 4: illegal
    app = create_app(time_limit=LIMIT, workers=1)
    (slow, t_slow), (cheap, t_cheap) = asyncio.run(_timed(app, SLOW[kind], check))
    assert slow.json() == {"status": "unknown", "reason": "time limit"}
    assert t_slow < LIMIT + GRACE, f"answered after {t_slow:.2f} s"
    assert cheap.status_code == 200 and cheap.json()["legal"] is False
    assert t_cheap < LIMIT / 2, f"the check took {t_cheap:.2f} s: the thread was busy"


# -- the load benchmark still runs -------------------------------------------------------------


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_load_benchmark_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    """``benchmarks/server_load.py`` at its smallest: a real server subprocess, every phase;
    every cheap check answered as the expected files say, and no CPU burnt once idle."""
    pytest.importorskip("uvicorn")
    from benchmarks import server_load

    server_load.main(["--time-limit", "0.5", "--rounds", "2", "--per-client", "1",
                      "--legal", "1", "--damage", "1", "--settle", "4"])
    out = capsys.readouterr().out
    rows = {line.split()[1]: line.split() for line in out.splitlines()
            if line.startswith(("a:", "c:"))}
    assert set(rows) == {"cheap", "4", "16", "32"}
    for cells in rows.values():
        assert cells[-3:-1] == ["0", "0"], out  # none wrong, none unknown
    idle = float(out.split("after the last slow answer: ")[1].split()[0])
    assert idle < 0.5, out
