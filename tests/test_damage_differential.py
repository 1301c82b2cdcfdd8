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

KW_ATT = ["first strike", "double strike", "trample", "deathtouch", "infect", "wither",
          "toxic 1", "lifelink", "trample over planeswalkers", "trample over planeswalkers"]
KW_BLK = ["first strike", "double strike", "deathtouch", "wither", "infect",
          "protection from creatures", "indestructible"]
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
                          "removed": draw(st.integers(0, 9)) == 0,
                          "thorn": draw(st.integers(0, 5)) == 0})
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
            "pw_removed": pw_removed, "step": draw(st.sampled_from(["first", "regular"])),
            "doran": draw(st.integers(0, 5)) == 0, "fog": draw(st.integers(0, 7)) == 0,
            "shield": {"opp": draw(st.sampled_from([0, 0, 1, 2])),
                       "b0": draw(st.sampled_from([0, 0, 1]))}}


@st.composite
def team_combats(draw: st.DrawFn) -> dict[str, Any]:
    """A combat of :func:`combats` in Two-Headed Giant: you and ally attack, opp and mate
    block; each creature is controlled by one of its team's players."""
    spec = draw(combats())
    spec["teams"] = True
    for c in spec["attackers"] + spec["blockers"]:
        c["teammate"] = draw(st.booleans())
    return spec


def controller(spec: dict[str, Any], c: dict[str, Any]) -> str:
    """Who controls creature ``c``: an attacker you (or ally), a blocker opp (or mate)."""
    attacking = "target" in c
    if c.get("teammate"):
        return "ally" if attacking else "mate"
    return "you" if attacking else "opp"


def players_of(spec: dict[str, Any]) -> tuple[str, ...]:
    return ("you", "ally", "opp", "mate") if spec.get("teams") else ("you", "opp")


def to_board(spec: dict[str, Any]) -> dict[str, Any]:
    perms: list[dict[str, Any]] = [
        {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "controller": "opp",
         "loyalty": spec["pw_loyalty"]}]
    for c, who in [(c, controller(spec, c)) for c in spec["attackers"] + spec["blockers"]]:
        perms.append({"id": c["id"], "name": c["id"], "types": ["Creature"], "controller": who,
                      "power": c["power"], "toughness": c["toughness"], "damage": c["marked"],
                      "keywords": c["kw"],
                      "effects": [{"kind": "may_assign_as_though_unblocked"}]
                      if c.get("thorn") else []})
    effects: list[dict[str, Any]] = []
    if spec.get("doran"):
        effects.append({"name": "Doran", "controller": "you",
                        "effects": [{"kind": "assigns_damage_by_toughness"}]})
    if spec.get("fog"):
        effects.append({"name": "Fog", "controller": "opp",
                        "effects": [{"kind": "prevent_combat_damage"}]})
    for rid, n in spec.get("shield", {}).items():
        if n and rid in perm_ids(spec):
            effects.append({"name": f"Salve {rid}", "controller": "opp", "effects": [
                {"kind": "prevent_next_damage", "amount": n, "to": rid}]})
    removed = [c["id"] for c in spec["attackers"] + spec["blockers"] if c["removed"]]
    if spec["pw_removed"]:
        removed.append("pw")
    teams = {"teams": [["you", "ally"], ["opp", "mate"]]} if spec.get("teams") else {}
    return {"active_player": "you", "players": [{"name": p} for p in players_of(spec)],
            **teams, "permanents": perms,
            "attack": {a["id"]: a["target"] for a in spec["attackers"]},
            "blocks": {b["id"]: b["blocks"] for b in spec["blockers"]},
            "removed_from_combat": removed, "effects": effects}


def perm_ids(spec: dict[str, Any]) -> set[str]:
    return {"opp", "you"} | {c["id"] for c in spec["attackers"] + spec["blockers"]}


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


def ref_amount(spec: dict[str, Any], c: dict[str, Any]) -> int:
    """510.1a: combat damage equal to its power (its toughness under Doran), none below 1."""
    amount: int = c["toughness"] if spec.get("doran") else c["power"]
    return max(amount, 0)


TOP = "trample over planeswalkers"


def ref_over_walkers(spec: dict[str, Any], cid: str, given: dict[str, int], p: int,
                     lethal: Any, on_walker: int) -> bool:
    """702.19c-e for an attacker with trample over planeswalkers attacking the planeswalker
    "pw" (controlled by "opp"): lethal to every blocker before anything goes past them; "opp"
    only once "pw" is assigned its loyalty in the step (by everyone); with "pw" out of combat,
    "opp" as though attacked; blocked with no blocker left, as though all were assigned
    lethal."""
    live = in_combat(spec)
    blockers = [b["id"] for b in spec["blockers"] if cid in b["blocks"] and b["id"] in live]
    pw_open = spec["pw_loyalty"] > 0 and not spec["pw_removed"]
    if p == 0:
        return not given
    allowed = set(blockers) | ({"pw", "opp"} if pw_open else {"opp"})
    if not set(given) <= allowed or sum(given.values()) != p:
        return False
    past = given.get("pw", 0) + given.get("opp", 0)
    if past and not all(lethal(b) for b in blockers):
        return False
    return not (pw_open and given.get("opp", 0) and on_walker < spec["pw_loyalty"])


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
        p = ref_amount(spec, c)
        given = {r: n for r, n in split.items() if n}
        if "target" in c and c.get("thorn") and p > 0 and (
                c["target"] == "opp" or pw_open) and any(
                cid in b["blocks"] for b in spec["blockers"]):
            # 510.1c: "as though it weren't blocked": all to what it attacks (also with no
            # blocker left, when it may instead assign nothing)
            blockers = [b["id"] for b in spec["blockers"] if cid in b["blocks"]
                        and b["id"] in live]
            if given == {c["target"]: p} or (not blockers and not given):
                continue
        thorn_blocked = c.get("thorn") and any(cid in b["blocks"] for b in spec["blockers"])
        if "target" in c and c["target"] == "pw" and TOP in c["kw"] and not thorn_blocked:
            ok = ref_over_walkers(spec, cid, given, p, lethal, total_to.get("pw", 0))
        elif "target" in c:
            target_open = c["target"] == "opp" or pw_open
            declared_blocked = any(cid in b["blocks"] for b in spec["blockers"])
            blockers = [b["id"] for b in spec["blockers"] if cid in b["blocks"]
                        and b["id"] in live]
            trample = "trample" in c["kw"] or TOP in c["kw"]
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
        p = ref_amount(spec, live[cid])
        uni = ref_universe(spec, cid)
        opts = splits(p, uni) + ([{uni[0]: p + 1}] if uni else [])
        per.append([(cid, s) for s in opts])
    out = []
    for combo in product(*per):
        out.append(dict(combo))
        if len(out) >= MAX_SPLITS:
            break
    return out


SHIELD_ORDER = ["deathtouch", "infect", "wither", "toxic 1", "lifelink"]
"""Which simultaneous damage a shield takes first (the library's fixed choice, CR 615.7)."""


def ref_events(spec: dict[str, Any], asg: dict[str, dict[str, int]]) -> list[list[Any]]:
    """[source, recipient, damage dealt] after fogs, protection from creatures and shields."""
    live = in_combat(spec)
    shield = {r: n for r, n in spec.get("shield", {}).items() if n}
    events = [[src, r, 0 if spec.get("fog") or (
        r in live and "protection from creatures" in live[r]["kw"]) else n]
        for src, split in asg.items() for r, n in split.items() if n > 0]

    def rank(e: list[Any]) -> int:
        kw = live[e[0]]["kw"]
        return next((i for i, k in enumerate(SHIELD_ORDER) if k in kw), len(SHIELD_ORDER))

    for e in sorted(events, key=rank):
        take = min(shield.get(e[1], 0), e[2])
        if take:
            shield[e[1]] -= take
            e[2] -= take
    return events


def ref_result(spec: dict[str, Any], asg: dict[str, dict[str, int]]
               ) -> tuple[dict[str, int], dict[str, int], list[str]]:
    """Life, poison and destroyed creatures after dealing ``asg`` (510.2, 702.80, 702.90,
    702.164, 702.15, 704.5f-h)."""
    live = in_combat(spec)
    life, gain = {p: 20 for p in players_of(spec)}, {p: 0 for p in players_of(spec)}
    poison: dict[str, int] = {}
    marked = {c: live[c]["marked"] for c in live}
    minus = {c: 0 for c in live}
    deathtouched = set()
    for src, r, dealt in ref_events(spec, asg):
        kw = live[src]["kw"]
        if dealt <= 0:
            continue
        if "lifelink" in kw:
            gain[controller(spec, live[src])] += dealt
        if r in live:
            if "infect" in kw or "wither" in kw:
                minus[r] += dealt
            else:
                marked[r] += dealt
            if "deathtouch" in kw:
                deathtouched.add(r)
        elif r in life:
            got = (dealt if "infect" in kw else 0) + (1 if "toxic 1" in kw else 0)
            if got:
                poison[r] = poison.get(r, 0) + got
            if "infect" not in kw:
                life[r] -= dealt
    life = {p: life[p] + gain[p] for p in life}
    if spec.get("teams"):  # CR 810.9a: one life total per team, changed by either teammate
        for team in (("you", "ally"), ("opp", "mate")):
            total = 20 + sum(life[p] - 20 for p in team)
            life.update({p: total for p in team})
    dead = []
    for c, f in live.items():
        t = f["toughness"] - minus[c]
        if t <= 0 or ("indestructible" not in f["kw"] and (marked[c] >= t
                                                         or c in deathtouched)):
            dead.append(c)
    return life, poison, sorted(dead)


def compare(spec: dict[str, Any]) -> tuple[int, int]:
    board = load_board(to_board(spec))
    combat = combat_at(board)
    legal = 0
    for asg in candidates(spec):
        want = ref_legal(spec, asg)
        got = check_damage(combat, asg, spec["step"])
        assert got.legal == want, (spec, asg, got.reason)
        legal += want
        if want:
            assert got.result is not None
            life, poison, dead = ref_result(spec, {c: got.assignment.get(c, {}) for c in asg})
            assert (got.result.life, got.result.poison, sorted(got.result.destroyed)) == (
                life, poison, dead), (spec, asg)
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


@settings(max_examples=500, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(team_combats())
def test_engine_agrees_with_reference_on_team_boards(spec: dict[str, Any]) -> None:
    """Two-Headed Giant: the same combats with each creature controlled by either teammate;
    life totals are the teams' (CR 810.9a), lifelink gains for its controller's team."""
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


def test_reference_knows_the_new_rules() -> None:
    """The reference's own answers on hand-made combats: an unblocked 2/2 infect + toxic 1
    attacker behind a 1-damage shield on opp deals 1 (1 poison, +1 toxic); a blocked 3/3
    Thorn Elemental-like attacker may send all 3 to opp, not 1 and 2."""
    infect = {"attackers": [{"id": "a0", "power": 2, "toughness": 2, "marked": 0,
                             "kw": ["infect", "toxic 1"], "target": "opp", "removed": False}],
              "blockers": [], "pw_loyalty": 0, "pw_removed": False, "step": "first",
              "shield": {"opp": 1}}
    assert ref_result(infect, {"a0": {"opp": 2}}) == ({"you": 20, "opp": 20}, {"opp": 2}, [])
    compare(infect)
    thorn = {"attackers": [{"id": "a0", "power": 3, "toughness": 3, "marked": 0, "kw": [],
                            "target": "opp", "removed": False, "thorn": True}],
             "blockers": [{"id": "b0", "power": 1, "toughness": 1, "marked": 0, "kw": [],
                           "blocks": ["a0"], "removed": False}],
             "pw_loyalty": 0, "pw_removed": False, "step": "first"}
    assert ref_legal(thorn, {"a0": {"opp": 3}, "b0": {"a0": 1}})
    assert not ref_legal(thorn, {"a0": {"b0": 1, "opp": 2}, "b0": {"a0": 1}})
    compare(thorn)
