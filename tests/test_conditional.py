"""Conditional requirements: boards whose answers are derived by hand from the process.

Each docstring carries the derivation: states (history, pattern), their maxima, terminals.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgcombat import AttackEngine, Declaration
from mtgcombat.legality.evaluate import commitment, obeyed, violated_restrictions

from .helpers import board, card, custom, decls

OPP = "opp"


def legal(b) -> set[Declaration]:
    return set(AttackEngine(b).legal(assume_payable=True))


def test_lone_viashino_bey() -> None:
    """Article Complication #3: with the process, attacking or not are both legal."""
    assert legal(board([card("bey", "Viashino Bey")])) == decls({}, {"bey": OPP})


def test_bey_and_defender() -> None:
    """State 0 (off): R={} max 0, all tie; off-terminal {}; on-pattern {bey} →
    state 1: R={bey, wall}, max 1 → {bey}. Legal: {}, {bey}."""
    b = board([card("bey", "Viashino Bey"), card("wall", "Wall of Roots")])
    assert legal(b) == decls({}, {"bey": OPP})


def test_bey_and_vanilla() -> None:
    """State 0: R={} max 0; terminals off: {}, {cub}; state 1 (on): R={bey, cub}, max 2 →
    {bey, cub}. {bey} alone is never terminal (state 1 prefers both)."""
    b = board([card("bey", "Viashino Bey"), card("cub", "Bear Cub")])
    assert legal(b) == decls({}, {"cub": OPP}, {"bey": OPP, "cub": OPP})
    eng = AttackEngine(b)
    v = eng.check({"bey": OPP})
    assert not v.legal and v.witness == Declaration({"bey": OPP, "cub": OPP})
    assert v.branch  # the explanation names the states


def test_lone_cyclops() -> None:
    """Cyclops's trigger includes itself: state 0 R={} → {} terminal; on → R={cyc} max 1."""
    assert legal(board([card("cyc", "Ekundu Cyclops")])) == decls({}, {"cyc": OPP})


def test_cyclops_and_vanilla() -> None:
    """Off pattern only for {}; state 1: R={cyc}, max 1: {cyc}, {cyc, cub}. Not {cub}."""
    b = board([card("cyc", "Ekundu Cyclops"), card("cub", "Bear Cub")])
    assert legal(b) == decls({}, {"cyc": OPP}, {"cyc": OPP, "cub": OPP})


def test_wars_toll_with_defender() -> None:
    """Opponent's War's Toll: state 1 R={c1, c2, wall}, wall can't: max 2 → {c1, c2}."""
    b = board([card("toll", "War's Toll", controller=OPP), card("c1", "Bear Cub"),
               card("c2", "Bear Cub"), card("wall", "Wall of Roots")])
    assert legal(b) == decls({}, {"c1": OPP, "c2": OPP})


def test_wars_toll_with_arbiter() -> None:
    """At most one attacker: state 1 max 1: any single attacker is terminal."""
    b = board([card("toll", "War's Toll", controller=OPP), card("c1", "Bear Cub"),
               card("c2", "Bear Cub"), card("arb", "Silent Arbiter")])
    assert legal(b) == decls({}, {"c1": OPP}, {"c2": OPP}, {"arb": OPP})


def test_own_wars_toll_does_nothing() -> None:
    """War's Toll constrains its controller's opponents only."""
    b = board([card("toll", "War's Toll"), card("c1", "Bear Cub"), card("c2", "Bear Cub")])
    assert len(legal(b)) == 4


def test_magnetic_web_with_goblin() -> None:
    """State 0: R={goblin} max 1; off-terminal {goblin}; on patterns → state 1 with history
    goblin>=1: R={goblin, cub, bear} max 3 → {goblin, cub, bear}."""
    b = board([card("web", "Magnetic Web"), card("goblin", "Crazed Goblin"),
               card("cub", "Bear Cub", counters={"magnet": 1}),
               custom("bear", counters={"magnet": 1})])
    assert legal(b) == decls({"goblin": OPP}, {"goblin": OPP, "cub": OPP, "bear": OPP})


def test_bey_and_flunkies() -> None:
    """Flunkies can't attack alone: {}, {bey}, {bey, fl} obey restrictions; state 1 max 2."""
    b = board([card("bey", "Viashino Bey"), card("fl", "Mogg Flunkies")])
    assert legal(b) == decls({}, {"bey": OPP, "fl": OPP})


def test_cyclops_goblin_arbiter() -> None:
    """Opponent's Silent Arbiter: state 0 R={goblin} max 1 only by {goblin} (pattern on);
    state 1 history goblin>=1, R={goblin, cyc}: max 1 → {goblin}."""
    b = board([card("cyc", "Ekundu Cyclops"), card("goblin", "Crazed Goblin"),
               card("arb", "Silent Arbiter", controller=OPP)])
    assert legal(b) == decls({"goblin": OPP})


def test_article_magnetic_web_example() -> None:
    """Article Complication #3 example, opponent's Crawlspace: only Goblin + Cyclops."""
    b = board([card("crawl", "Crawlspace", controller=OPP), card("goblin", "Crazed Goblin"),
               card("web", "Magnetic Web"),
               card("cyc", "Ekundu Cyclops", counters={"magnet": 1}),
               card("cub", "Bear Cub", counters={"magnet": 1})])
    eng = AttackEngine(b)
    assert set(eng.legal(assume_payable=True)) == decls({"goblin": OPP, "cyc": OPP})
    v = eng.check({"cyc": OPP, "cub": OPP})
    assert not v.legal and v.kind == "requirements"


def test_article_q26() -> None:
    """Article Q26: legal options 1 (no attack), 5 (both → Bob), 7 (Flunkies → Bob, Cub →
    Alice)."""
    b = board([card("prop", "Propaganda", controller="Alice"),
               card("toll", "War's Toll", controller="Bob"),
               card("flunkies", "Mogg Flunkies", goaded_by=["Alice"]),
               card("cub", "Bear Cub"), card("bw", "Brainwash", controller="Bob",
                                             attached_to="cub")],
              players=("you", "Alice", "Bob"))
    eng = AttackEngine(b)
    assert set(eng.legal(assume_payable=True)) == decls({}, {"flunkies": "Bob", "cub": "Bob"},
                                     {"flunkies": "Bob", "cub": "Alice"})
    for bad in ({"cub": "Alice"}, {"cub": "Bob"}, {"flunkies": "Alice", "cub": "Alice"},
                {"flunkies": "Alice", "cub": "Bob"}):
        v = eng.check(bad)
        assert not v.legal and v.witness is not None


def test_article_q7_wars_toll_propaganda() -> None:
    """Article Q7: any number of Glory Seekers (each paid for separately)."""
    b = board([card("toll", "War's Toll", controller=OPP),
               card("prop", "Propaganda", controller=OPP),
               card("s1", "Bear Cub"), card("s2", "Bear Cub"), card("s3", "Bear Cub")])
    got = legal(b)
    assert len(got) == 8
    assert all(set(d.values()) <= {OPP} for d in got)


# -- property: without conditional requirements the process is the plain maximum ----------------

_KINDS: list[dict[str, Any]] = [
    {"kind": "must_attack"},
    {"kind": "cant_attack_alone"},
    {"kind": "can_only_attack_alone"},
    {"kind": "cant_attack", "scope": "you"},
    {"kind": "attack_cost", "cost": {"mana": "{1}"}},
    {"kind": "attack_cost", "scope": "you", "cost": {"mana": "{1}"}},
    {"kind": "must_attack", "scope": "chosen_player"},
]


@st.composite
def plain_boards(draw: st.DrawFn):
    n = draw(st.integers(1, 4))
    perms = []
    for i in range(n):
        effects: list[dict[str, Any]] = draw(st.lists(st.sampled_from(_KINDS), max_size=2))
        goad = draw(st.sampled_from([[], ["a"], ["a", "b"]]))
        perms.append(custom(f"c{i}", *effects, goaded_by=goad, chosen_player="a"))
    if draw(st.booleans()):
        perms.append(custom("cap", {"kind": "max_attackers",
                                    "count": draw(st.integers(0, 2)), "scope": "you"},
                            types=("Artifact",), controller=draw(st.sampled_from(["a", "b"]))))
    return board(perms, players=("me", "a", "b"))


def _plain_legal(b) -> set[Declaration]:
    """comparison by brute force: A legal iff no B (obeying restrictions, costs(B) ⊆ costs(A))
    obeys more requirement instances."""
    eng = AttackEngine(b)
    inst = eng.inst
    options = [[None, *c.targets] for c in inst.candidates]
    everything = []
    for choice in itertools.product(*options):
        d = Declaration({c.id: t for c, t in zip(inst.candidates, choice, strict=True) if t})
        if not violated_restrictions(inst, d):
            everything.append(d)
    reqs = range(len(inst.requirements))
    out = set()
    for a in everything:
        ca, sa = commitment(inst, a), len(obeyed(inst, a, reqs))
        if not any(commitment(inst, b_) <= ca and len(obeyed(inst, b_, reqs)) > sa
                   for b_ in everything):
            out.add(a)
    return out


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(plain_boards())
def test_process_without_conditions_is_plain_maximum(b) -> None:
    eng = AttackEngine(b)
    assert set(eng.legal(assume_payable=True)) == _plain_legal(b)
    assert all(len(eng.process(c).states) == 1 for c in eng.commitments())
