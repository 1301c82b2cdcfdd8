"""Differential test of combat damage legality (CR 510) against a brute-force reference.

The reference below is written from the rules text alone (510.1a-d, 702.19b/d, 702.2c, 702.7b,
702.4b, 506.4c) over a plain description of the combat, independently of
``mtgcombat.damage.assignment``. For each generated combat, every split of each assigning
creature's damage over its possible recipients (plus the defending player and a wrong total) is
enumerated, and the engine's verdict must agree with the reference on every one.
"""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgcombat import load_board
from mtgcombat.damage.assignment import check_damage
from mtgcombat.damage.combat import combat_at

KW_ATT = ["first strike", "double strike", "trample", "deathtouch"]
KW_BLK = ["first strike", "double strike", "deathtouch"]
MAX_SPLITS = 300


@st.composite
def combats(draw: st.DrawFn) -> dict[str, Any]:
    """A small combat: attackers (power, toughness, marked, keywords, target, removed) and
    blockers (same, plus the attackers they block)."""
    n_att = draw(st.integers(1, 3))
    pw_loyalty = draw(st.integers(0, 3))
    pw_removed = draw(st.booleans())
    attackers: list[dict[str, Any]] = []
    for i in range(n_att):
        t = draw(st.integers(1, 3))
        attackers.append({"id": f"a{i}", "power": draw(st.integers(-1, 3)), "toughness": t,
                          "marked": draw(st.integers(0, t - 1)),
                          "kw": sorted(draw(st.sets(st.sampled_from(KW_ATT), max_size=3))),
                          "target": draw(st.sampled_from(["opp", "opp", "pw"])),
                          "removed": draw(st.integers(0, 9)) == 0})
    blockers = []
    for i in range(draw(st.integers(0, 3))):
        t = draw(st.integers(1, 3))
        ids = [f"a{j}" for j in range(n_att)]
        blocks = sorted(draw(st.sets(st.sampled_from(ids), min_size=1, max_size=2)))
        blockers.append({"id": f"b{i}", "power": draw(st.integers(0, 2)), "toughness": t,
                         "marked": draw(st.integers(0, t - 1)),
                         "kw": sorted(draw(st.sets(st.sampled_from(KW_BLK), max_size=2))),
                         "blocks": blocks, "removed": draw(st.integers(0, 5)) == 0})
    return {"attackers": attackers, "blockers": blockers, "pw_loyalty": pw_loyalty,
            "pw_removed": pw_removed, "step": draw(st.sampled_from(["first", "regular"]))}


def to_board(spec: dict[str, Any]) -> dict[str, Any]:
    perms: list[dict[str, Any]] = [
        {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "controller": "opp",
         "loyalty": spec["pw_loyalty"]}]
    for c, who in [(a, "you") for a in spec["attackers"]] + [(b, "opp")
                                                             for b in spec["blockers"]]:
        perms.append({"id": c["id"], "name": c["id"], "types": ["Creature"], "controller": who,
                      "power": c["power"], "toughness": c["toughness"], "damage": c["marked"],
                      "keywords": c["kw"]})
    removed = [c["id"] for c in spec["attackers"] + spec["blockers"] if c["removed"]]
    if spec["pw_removed"]:
        removed.append("pw")
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": perms, "attack": {a["id"]: a["target"] for a in spec["attackers"]},
            "blocks": {b["id"]: b["blocks"] for b in spec["blockers"]},
            "removed_from_combat": removed}


# -- the reference --------------------------------------------------------------------------


def in_combat(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in spec["attackers"] + spec["blockers"] if not c["removed"]}


def ref_assigners(spec: dict[str, Any]) -> list[str]:
    """702.7b / 702.4b: who assigns in the step (keywords unchanged between steps)."""
    live = in_combat(spec)

    def fs(c: dict[str, Any]) -> bool:
        return "first strike" in c["kw"] or "double strike" in c["kw"]

    any_fs = any(fs(c) for c in live.values())
    if spec["step"] == "first":
        return [i for i, c in live.items() if fs(c) or not any_fs]
    return [i for i, c in live.items()
            if not ("first strike" in c["kw"] and "double strike" not in c["kw"])]


def ref_universe(spec: dict[str, Any], cid: str) -> list[str]:
    """Everything a creature might plausibly be told to assign to (legal or not)."""
    live = in_combat(spec)
    c = live[cid]
    if "target" in c:
        return [b["id"] for b in spec["blockers"] if cid in b["blocks"] and b["id"] in live] + [
            c["target"]] + (["opp"] if c["target"] != "opp" else [])
    return [a for a in c["blocks"] if a in live] + ["opp"]


def ref_legal(spec: dict[str, Any], asg: dict[str, dict[str, int]]) -> bool:
    """Is ``asg`` (every assigner present) legal under 510.1 / 702.19 / 702.2c / 506.4c?"""
    live = in_combat(spec)
    pw_open = spec["pw_loyalty"] > 0 and not spec["pw_removed"]
    total_to: dict[str, int] = {}
    dt_to: set[str] = set()
    for src, split in asg.items():
        for r, n in split.items():
            total_to[r] = total_to.get(r, 0) + n
            if n > 0 and "deathtouch" in live[src]["kw"]:
                dt_to.add(r)

    def lethal(b: str) -> bool:
        c = live[b]
        return b in dt_to or c["marked"] + total_to.get(b, 0) >= c["toughness"]

    for cid, split in asg.items():
        c = live[cid]
        p = max(c["power"], 0)
        given = {r: n for r, n in split.items() if n}
        if "target" in c:
            target_open = c["target"] == "opp" or pw_open
            declared_blocked = any(cid in b["blocks"] for b in spec["blockers"])
            blockers = [b["id"] for b in spec["blockers"] if cid in b["blocks"]
                        and b["id"] in live]
            trample = "trample" in c["kw"]
            if p == 0:
                ok = not given
            elif not declared_blocked:
                ok = given == ({c["target"]: p} if target_open else {})
            elif not blockers:
                ok = given == ({c["target"]: p} if trample and target_open else {})
            else:
                allowed = set(blockers) | ({c["target"]} if trample and target_open else set())
                ok = set(given) <= allowed and sum(given.values()) == p
                if ok and given.get(c["target"], 0) > 0:
                    ok = all(lethal(b) for b in blockers)
        else:
            atts = [a for a in c["blocks"] if a in live]
            if p == 0 or not atts:
                ok = not given
            else:
                ok = set(given) <= set(atts) and sum(given.values()) == p
        if not ok:
            return False
    return True


def splits(total: int, recipients: list[str]) -> list[dict[str, int]]:
    if not recipients:
        return [{}]
    out = []
    for combo in product(range(total + 1), repeat=len(recipients)):
        if sum(combo) == total:
            out.append({r: n for r, n in zip(recipients, combo, strict=True) if n})
    return out


def candidates(spec: dict[str, Any]) -> list[dict[str, dict[str, int]]]:
    """Every split of each assigner's power over its universe (plus one wrong total)."""
    live = in_combat(spec)
    per = []
    for cid in ref_assigners(spec):
        p = max(live[cid]["power"], 0)
        uni = ref_universe(spec, cid)
        opts = splits(p, uni) + ([{uni[0]: p + 1}] if uni else [])
        per.append([(cid, s) for s in opts])
    out = []
    for combo in product(*per):
        out.append(dict(combo))
        if len(out) >= MAX_SPLITS:
            break
    return out


def compare(spec: dict[str, Any]) -> tuple[int, int]:
    board = load_board(to_board(spec))
    combat = combat_at(board)
    legal = 0
    for asg in candidates(spec):
        want = ref_legal(spec, asg)
        got = check_damage(combat, asg, spec["step"])
        assert got.legal == want, (spec, asg, got.reason)
        legal += want
    return legal, len(candidates(spec))


@settings(max_examples=2000, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(combats())
def test_engine_agrees_with_reference(spec: dict[str, Any]) -> None:
    compare(spec)


@pytest.mark.slow
@settings(max_examples=20000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combats())
def test_engine_agrees_with_reference_large(spec: dict[str, Any]) -> None:
    compare(spec)


def test_reference_is_not_trivial() -> None:
    """The reference accepts and rejects: a 3/3 trampler blocked by a 1/1 may send 2 over,
    not 3 (702.19b)."""
    spec = {"attackers": [{"id": "a0", "power": 3, "toughness": 3, "marked": 0,
                           "kw": ["trample"], "target": "opp", "removed": False}],
            "blockers": [{"id": "b0", "power": 0, "toughness": 1, "marked": 0, "kw": [],
                          "blocks": ["a0"], "removed": False}],
            "pw_loyalty": 0, "pw_removed": False, "step": "first"}
    assert ref_legal(spec, {"a0": {"b0": 1, "opp": 2}, "b0": {}})
    assert not ref_legal(spec, {"a0": {"opp": 3}, "b0": {}})
    legal, total = compare(spec)
    assert legal == 3 and total > legal
