"""Counting legal attack declarations without listing them, by groups of interchangeable
creatures (token armies).

Two candidates are *interchangeable* when exchanging their ids maps every instance of the board
to an instance of the board: same legal targets, the same "can't attack" target sets, the same
"can't attack alone" / "can only attack alone", the same multiset of "attacks into X" target
sets, and no instance naming one of them that isn't one of these (companions, costs,
conditions). Same card, state and controller give that; a :func:`signature` checks it on the
compiled instances themselves.

Counting applies when every instance of the board depends on a declaration only through
per-creature choices and per-target attacker counts: forbidden targets, per-creature attack
requirements, "at least one creature attacks X" (without a creature set), "no more than k
creatures can attack X" (CR 508.1c), "no more than k creatures attack", "can't attack alone",
"can only attack alone". Conditional requirements, costs, companions, blocks-only kinds and
multi-target capacities fall back to enumeration (:func:`count_groups` returns None).

**Why the grouped count is the enumeration's count.** Let the groups be G_1..G_m with n_g
members and let a member's *options* be "doesn't attack" or "attacks t" for each target t it may
attack. A declaration A gives each group its count vector m_g (how many members take each
option). (1) Every restriction and requirement above is obeyed by A or not according to the
count vectors alone: a per-creature instance of a member of G_g holds for the option that
member takes, and by interchangeability every member of G_g has the same per-creature
instances, so the number of obeyed per-creature requirements of G_g is sum_o m_g(o) * r_g(o),
with r_g(o) the number of requirements one member obeys taking option o; the other instances
read sums of per-target attacker counts a_t = sum_g m_g(t), total declared D = sum_t a_t, and
"some member of G_g attacks" (m_g(none) < n_g). So the obeyed-requirement count S(A) and
"A obeys every restriction" are functions of (m_1..m_m). (2) Hence the maximum of S over
restriction-obeying declarations (CR 508.1d) is the maximum over restriction-obeying count
vectors, and A is legal iff its count vectors obey the restrictions and reach that maximum.
(3) The declarations with given count vectors are exactly the ways to assign options to the
members of each group with those multiplicities: prod_g n_g! / prod_o m_g(o)!, and distinct
count vectors give disjoint sets of declarations. Summing the multinomials over the legal count
vectors therefore counts each legal declaration exactly once.

The sum is computed by dynamic programming over groups and, inside a group, over options
(choosing m of the r members still unassigned: C(r, m), whose product is the multinomial). The
state keeps what the remaining choices can still change: members left in the group, each capped
sum that a restriction or group requirement reads, D capped, and whether a "can't attack alone"
or "can only attack alone" member attacks. For each state only the best partial score and the
number of ways reaching it are kept: future requirements add to the score independently of the
past, so a partial assignment below the best for its state can't end at the maximum.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb

from mtgcombat.compile.instances import (
    AttackRequirement,
    Forbid,
    GroupRequirement,
    Instances,
    MaxAttackers,
    MaxCreatures,
    NotAlone,
    OnlyAlone,
)

NONE = ""
"""The option "doesn't attack" (no target id is empty)."""


@dataclass(frozen=True)
class Group:
    """Interchangeable candidates: their ids (sorted), each member's options (targets it may
    attack, then :data:`NONE`), the requirements one member obeys per option, and whether its
    members can't attack alone / can only attack alone."""

    members: tuple[str, ...]
    options: tuple[str, ...]
    score: tuple[int, ...]
    not_alone: bool
    only_alone: bool


@dataclass(frozen=True)
class Sums:
    """The per-target sums the board's other instances read: for each, its target set and the
    cap above which the exact value no longer matters (a max-attackers count k: k + 1, prune
    above k; a group requirement: 1)."""

    targets: tuple[frozenset[str], ...]
    caps: tuple[int, ...]
    limits: tuple[int | None, ...]
    """Per sum, the largest value a declaration may reach (None: no limit)."""
    requirement: tuple[bool, ...]
    """Per sum, is it a group requirement (obeyed iff the sum is at least 1)?"""
    max_declared: int | None
    declared_cap: int
    """D is tracked up to this value (0: not tracked)."""


@dataclass(frozen=True)
class Counted:
    """The number of legal declarations, the most requirements obeyed, and per group (by its
    first member) the members' standing: ``in_every`` (every legal declaration declares every
    member), ``in_none`` (none declares any)."""

    count: int
    maximum: int
    in_every: frozenset[str]
    in_none: frozenset[str]
    groups: tuple[Group, ...]


_SUPPORTED = (Forbid, NotAlone, OnlyAlone, MaxAttackers, MaxCreatures)


def signature(inst: Instances, cid: str) -> tuple[object, ...] | None:
    """What a candidate's instances are, with its id left out: equal signatures mean the two
    candidates are interchangeable."""
    cand = inst.candidate(cid)
    if cand is None or cand.capacity != 1:
        return None
    forbid = sorted(sorted(r.targets) for r in inst.restrictions
                    if isinstance(r, Forbid) and r.creature == cid)
    alone = sum(1 for r in inst.restrictions if isinstance(r, NotAlone) and r.creature == cid)
    only = sum(1 for r in inst.restrictions if isinstance(r, OnlyAlone) and r.creature == cid)
    reqs = sorted(sorted(r.targets) for r in inst.requirements
                  if isinstance(r, AttackRequirement) and r.creature == cid)
    return (tuple(sorted(cand.targets)), cand.vigilance, cand.banding,
            tuple(map(tuple, forbid)), alone > 0, only > 0, tuple(map(tuple, reqs)))


def supported(inst: Instances) -> bool:
    """Does every instance depend on a declaration only through per-creature choices and
    per-target counts (see the module docstring)?"""
    if inst.conditions or inst.costs:
        return False
    if any(c.capacity != 1 for c in inst.candidates):
        return False
    if not all(isinstance(r, _SUPPORTED) and getattr(r, "verb", "attack") == "attack"
               for r in inst.restrictions):
        return False
    for q in inst.requirements:
        if q.condition is not None:
            return False
        if isinstance(q, GroupRequirement):
            if q.creatures is not None or q.verb != "attack":
                return False
        elif not (isinstance(q, AttackRequirement) and q.verb == "attack"):
            return False
    return True


def groups_of(inst: Instances) -> tuple[Group, ...]:
    """The candidates split into groups of interchangeable ones, in id order of first member."""
    by_sig: dict[tuple[object, ...], list[str]] = {}
    for c in sorted(inst.candidates, key=lambda c: c.id):
        sig = signature(inst, c.id)
        assert sig is not None
        by_sig.setdefault(sig, []).append(c.id)
    out: list[Group] = []
    for members in by_sig.values():
        first = members[0]
        cand = inst.candidate(first)
        assert cand is not None
        banned = {t for r in inst.restrictions
                  if isinstance(r, Forbid) and r.creature == first for t in r.targets}
        options = (*sorted(t for t in cand.targets if t not in banned), NONE)
        reqs = [r.targets for r in inst.requirements
                if isinstance(r, AttackRequirement) and r.creature == first]
        score = tuple(sum(1 for ts in reqs if o in ts) for o in options)
        out.append(Group(tuple(members), options, score,
                         any(isinstance(r, NotAlone) and r.creature == first
                             for r in inst.restrictions),
                         any(isinstance(r, OnlyAlone) and r.creature == first
                             for r in inst.restrictions)))
    return tuple(out)


def sums_of(inst: Instances, groups: tuple[Group, ...]) -> Sums:
    """The per-target sums and the declared count the board's instances read."""
    targets: list[frozenset[str]] = []
    caps: list[int] = []
    limits: list[int | None] = []
    requirement: list[bool] = []
    max_declared: int | None = None
    for r in inst.restrictions:
        if isinstance(r, MaxAttackers):
            targets.append(r.targets)
            caps.append(r.count + 1)
            limits.append(r.count)
            requirement.append(False)
        elif isinstance(r, MaxCreatures):
            max_declared = r.count if max_declared is None else min(max_declared, r.count)
    for q in inst.requirements:
        if isinstance(q, GroupRequirement):
            targets.append(q.targets)
            caps.append(1)
            limits.append(None)
            requirement.append(True)
    alone = any(g.not_alone or g.only_alone for g in groups)
    declared_cap = max(2 if alone else 0, 0 if max_declared is None else max_declared + 1)
    return Sums(tuple(targets), tuple(caps), tuple(limits), tuple(requirement), max_declared,
                declared_cap)


State = tuple[int, tuple[int, ...], int, bool, bool]
"""(members left in the current group, capped sums, capped D, a "can't attack alone" member
attacks, a "can only attack alone" member attacks)."""
Table = dict[State, tuple[int, int]]
"""State → (best partial score, number of ways reaching it)."""
Allowed = Callable[[Group, str], bool]


def _merge(table: Table, key: State, score: int, ways: int) -> None:
    got = table.get(key)
    if got is None or score > got[0]:
        table[key] = (score, ways)
    elif score == got[0]:
        table[key] = (score, got[1] + ways)


def _step(table: Table, g: Group, i: int, sums: Sums, allowed: Allowed) -> Table:
    """Assign option ``i`` of ``g`` to some of the members left (all of them for the last)."""
    o = g.options[i]
    last = i == len(g.options) - 1
    into = tuple(o != NONE and o in ts for ts in sums.targets)
    out: Table = {}
    for (left, sm, d, na, oa), (score, ways) in table.items():
        lo = left if last else 0
        hi = left if allowed(g, o) else 0
        for m in range(lo, hi + 1):
            attack = m > 0 and o != NONE
            new = tuple(min(s + m, c) if f else s
                        for s, f, c in zip(sm, into, sums.caps, strict=True))
            if any(lim is not None and v > lim for v, lim in zip(new, sums.limits, strict=True)):
                break  # larger m only adds more
            nd = min(d + m, sums.declared_cap) if attack else d
            if sums.max_declared is not None and nd > sums.max_declared:
                break
            key = (left - m, new, nd, na or (attack and g.not_alone),
                   oa or (attack and g.only_alone))
            _merge(out, key, score + m * g.score[i], ways * comb(left, m))
    return out


def _final(key: State, sums: Sums) -> tuple[bool, int]:
    """(does the declaration obey the restrictions, group requirements obeyed)."""
    _left, sm, d, na, oa = key
    if na and d < 2:
        return False, 0
    if oa and d > 1:
        return False, 0
    return True, sum(1 for v, r in zip(sm, sums.requirement, strict=True) if r and v >= 1)


def best_and_count(groups: tuple[Group, ...], sums: Sums,
                   allowed: Allowed = lambda g, o: True) -> tuple[int, int] | None:
    """(the most requirements a restriction-obeying declaration obeys, how many reach it),
    among declarations whose members take only ``allowed`` options; None if there is none."""
    table: Table = {(0, tuple(0 for _ in sums.caps), 0, False, False): (0, 1)}
    for g in groups:
        table = {(len(g.members), *k[1:]): v for k, v in table.items()}
        for i in range(len(g.options)):
            table = _step(table, g, i, sums, allowed)
    best: tuple[int, int] | None = None
    for key, (score, ways) in table.items():
        ok, extra = _final(key, sums)
        if not ok:
            continue
        total = score + extra
        if best is None or total > best[0]:
            best = (total, ways)
        elif total == best[0]:
            best = (total, best[1] + ways)
    return best


def count_groups(inst: Instances) -> Counted | None:
    """The exact number of legal attack declarations of ``inst`` by groups, and who is in
    every / no legal declaration; None when the board is outside what counting supports."""
    if not supported(inst):
        return None
    groups = groups_of(inst)
    sums = sums_of(inst, groups)
    got = best_and_count(groups, sums)
    assert got is not None  # declaring no creature obeys every supported restriction
    maximum, count = got
    in_every: set[str] = set()
    in_none: set[str] = set()
    for g in groups:
        if g.options == (NONE,):
            in_none.update(g.members)
            continue
        idle = _count_at(groups, sums, maximum, _only(g, idle=True))
        busy = _count_at(groups, sums, maximum, _only(g, idle=False))
        if idle == count:
            in_none.update(g.members)
        if busy == count:
            in_every.update(g.members)
    return Counted(count, maximum, frozenset(in_every), frozenset(in_none), groups)


def _only(g: Group, *, idle: bool) -> Allowed:
    """Members of ``g`` all stay out (``idle``) or all attack; other groups are free."""
    def allowed(h: Group, o: str) -> bool:
        return h is not g or (o == NONE) == idle
    return allowed


def _count_at(groups: tuple[Group, ...], sums: Sums, maximum: int, allowed: Allowed) -> int:
    """How many legal declarations (reaching ``maximum``) keep to ``allowed``."""
    got = best_and_count(groups, sums, allowed)
    return got[1] if got is not None and got[0] == maximum else 0
