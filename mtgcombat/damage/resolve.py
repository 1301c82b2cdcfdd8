"""Playing out combat damage (CR 510): both steps, the attacking player's divisions chosen by an
integer model, the blockers' divisions by the fixed rule "kill as many attackers as it can, ties
broken against the attacker".

With a first-strike step the attacking player's first-step division is chosen together with the
second step: for each set of blockers (and attacked planeswalkers/battles) the first step can
destroy, one model asks the first step to destroy exactly that set and plays the second step on
the board that results (so abilities granted by a destroyed permanent are gone, 510.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Literal

from mtgcombat.board.model import Board
from mtgcombat.damage.assignment import DEADLINE_EVERY, check_damage, choices, options
from mtgcombat.damage.combat import Assignment, Combat, combat_at
from mtgcombat.damage.model import DamageModel, StepVars, read
from mtgcombat.damage.model import Maximize as Maximize
from mtgcombat.damage.results import StepResult, after, deal
from mtgcombat.errors import NO_DEADLINE, Deadline, SearchTooLarge
from mtgcombat.rules.catalog import Catalog

ENUMERATION_LIMIT = 12
"""At most 2**12 first-step outcomes are modelled; beyond, the board is too large."""
BLOCKER_LIMIT = 50_000
"""At most this many joint divisions of multi-blocking creatures are compared."""


@dataclass(frozen=True)
class CombatResult:
    """Both combat damage steps as played, with totals."""

    maximize: Maximize
    steps: tuple[StepResult, ...]
    player_damage: int
    kills: int
    """Blocking creatures destroyed by combat damage."""
    life: dict[str, int]
    destroyed: tuple[str, ...]
    poison: dict[str, int] = field(default_factory=dict)
    """Poison counters each player got in the combat (infect, toxic)."""
    object_damage: int = 0
    """Loyalty and defense removed from planeswalkers and battles."""

    def to_json(self) -> dict[str, Any]:
        """The result as JSON: totals, life, poison, destroyed creatures and each step."""
        return {"maximize": self.maximize, "player_damage": self.player_damage,
                "kills": self.kills, "life": dict(self.life), "poison": dict(self.poison),
                "object_damage": self.object_damage,
                "destroyed": list(self.destroyed),
                "steps": [s.to_json() for s in self.steps]}


# -- the blocking player's divisions -----------------------------------------------------------


def blocker_outcomes(combat: Combat, who: Sequence[str],
                     deadline: Deadline = NO_DEADLINE) -> list[Assignment]:
    """The blockers' divisions that destroy the most attackers, one per distinct set of
    destroyed attackers (first found first); :class:`~mtgcombat.errors.TimeLimitReached` once
    ``deadline`` passes."""
    blockers = [c for c in who if not combat.is_attacker(c)]
    per = [choices(options(combat, b)) for b in blockers]
    total = 1
    for p in per:
        total *= len(p)
    if total > BLOCKER_LIMIT:
        raise SearchTooLarge(f"too many ways ({total}) for the blockers to divide their damage "
                             f"(more than {BLOCKER_LIMIT} are not compared)")
    best = -1
    out: dict[frozenset[str], Assignment] = {}
    for n, combo in enumerate(product(*per)):
        if n % DEADLINE_EVERY == 0:
            deadline.check()
        asg = dict(zip(blockers, combo, strict=True))
        killed = frozenset(deal(combat, asg, "first").destroyed) & frozenset(combat.attack)
        if len(killed) > best:
            best, out = len(killed), {}
        if len(killed) == best and killed not in out:
            out[killed] = asg
    return list(out.values())


def _solve_one(combat: Combat, who: Sequence[str], maximize: Maximize,
               deadline: Deadline) -> Assignment:
    """The attackers' best division for a single step on a concrete combat."""
    mdl = DamageModel(deadline)
    marked = {c: f.marked for c, f in combat.fighters.items()}
    sv = mdl.step(combat, who, marked, "s")
    for b in combat.blocks:
        mdl.may_destroy(combat, b, marked[b], sv, f"dies:{b}")
    primary, secondary = mdl.objectives(maximize, [sv])
    got = mdl.solve(primary, secondary)
    if got is None:  # pragma: no cover - every step has a legal assignment
        raise RuntimeError("no legal combat damage assignment found")
    return read(got, sv.x)


# -- two steps ----------------------------------------------------------------------------------


def _second_combat(c0: Combat, dead: frozenset[str], zeroed: frozenset[str],
                   minus: Mapping[str, int]) -> Combat:
    """The combat as the regular step begins when ``dead`` were destroyed, ``zeroed``
    planeswalkers/battles lost all loyalty/defense and the attackers got ``minus`` -1/-1
    counters from the blockers in the first step (the attackers' marked damage on blockers is
    the first step's, added by the model; shields are taken as still whole)."""
    fake = StepResult(step="first", assignment={}, events=(),
                      life={p.name: p.life for p in c0.board.players},
                      life_before={p.name: p.life for p in c0.board.players},
                      counters={k: (0 if k in zeroed else v) for k, v in c0.counters.items()},
                      marked={c: f.marked for c, f in c0.fighters.items() if c not in dead},
                      destroyed=tuple(dead), player_damage=0, minus_counters=dict(minus),
                      shields=dict(c0.prevention.shields))
    return after(c0, fake)


@dataclass(frozen=True)
class _Outcome:
    """One first-step outcome to model: which candidates it destroys."""

    dead_attackers: frozenset[str]
    """Attackers the blockers' first-step division destroys."""
    attacker_minus: Mapping[str, int]
    """-1/-1 counters the blockers' first-step division puts on attackers."""
    cand_b: Sequence[str]
    """Blockers the first step could destroy."""
    cand_p: Sequence[str]
    """Attacked planeswalkers/battles the first step could bring to 0."""
    dead: frozenset[str]
    """The candidate blockers this outcome destroys."""
    zeroed: frozenset[str]
    """The candidate planeswalkers/battles this outcome brings to 0."""


def _candidates(c0: Combat, first: Sequence[str]) -> tuple[list[str], list[str]]:
    """The blockers, and the attacked planeswalkers/battles, the first step's attackers could
    destroy."""
    reach: set[str] = set()
    for c in first:
        if c0.is_attacker(c):
            reach.update(r for r in options(c0, c).recipients if options(c0, c).power > 0)
    withering = any(c0.fighters[c].has("infect") or c0.fighters[c].has("wither")
                    for c in first if c0.is_attacker(c))
    cand_b = sorted(b for b in reach if b in c0.fighters and not c0.is_attacker(b)
                    and (withering or b in c0.prevention.shedding
                         or not c0.fighters[b].has("indestructible"))
                    and c0.fighters[b].toughness > 0)
    cand_p = sorted(p for p in reach if p in c0.counters)
    if len(cand_b) + len(cand_p) > ENUMERATION_LIMIT:
        raise SearchTooLarge(f"too many creatures and objects ({len(cand_b) + len(cand_p)}) the "
                             "first step can destroy to plan both steps (at most "
                             f"{ENUMERATION_LIMIT} are planned for)")
    return cand_b, cand_p


def _plan(c0: Combat, first: Sequence[str], blk: Assignment, maximize: Maximize,
          deadline: Deadline) -> tuple[int, Assignment]:
    """The attackers' best first-step division given the blockers' ``blk``, and its value over
    both steps."""
    by_blockers = deal(c0, blk, "first")
    dead_attackers = frozenset(by_blockers.destroyed) & frozenset(c0.attack)
    cand_b, cand_p = _candidates(c0, first)
    cands = cand_b + cand_p
    best: tuple[int, Assignment] | None = None
    for bits in product((False, True), repeat=len(cands)):
        deadline.check()
        chosen = {c for c, on in zip(cands, bits, strict=True) if on}
        minus = {a: n for a, n in by_blockers.minus_counters.items() if a in c0.attack}
        outcome = _Outcome(dead_attackers, minus, cand_b, cand_p,
                           frozenset(chosen & set(cand_b)), frozenset(chosen & set(cand_p)))
        got = _plan_one(c0, first, maximize, outcome, deadline)
        if got is not None and (best is None or got[0] > best[0]):
            best = got
    if best is None:  # pragma: no cover - the all-alive outcome of a legal division exists
        raise RuntimeError("no legal first-step division found")
    return best


def _require_outcome(mdl: DamageModel, c0: Combat, s1: StepVars, marked0: Mapping[str, int],
                     outcome: _Outcome) -> bool:
    """Constrain the first step to destroy exactly ``outcome``'s candidates; False when it
    can't."""
    m = mdl.m
    for b in outcome.cand_b:
        f = c0.fighters[b]
        shed = s1.shed.get(b, 0)
        if b in outcome.dead:
            if b not in s1.unprevented and b not in s1.shed:
                return False
            m.add(mdl.dies(c0, b, marked0[b], s1, f"d1:{b}") == 1)
        elif b in s1.unprevented or b in s1.shed:
            if b in s1.wither_unprevented or b in s1.shed:
                m.add(s1.wither_unprevented.get(b, 0) + shed <= f.toughness - 1)
            if f.has("indestructible"):
                continue
            m.add(marked0[b] + s1.unprevented.get(b, 0) + shed <= f.toughness - 1)
            if b in s1.deathtouch_unprevented:
                m.add(s1.deathtouch_unprevented[b] == 0)
    for p in outcome.cand_p:
        if p not in s1.to_object:
            if p in outcome.zeroed:
                return False
            continue
        hit = s1.to_object[p]
        if p in outcome.zeroed:
            m.add(hit >= c0.counters[p])
        else:
            m.add(hit <= c0.counters[p] - 1)
    return True


def _plan_one(c0: Combat, first: Sequence[str], maximize: Maximize, outcome: _Outcome,
              deadline: Deadline) -> tuple[int, Assignment] | None:
    """The attackers' best first-step division that ends in ``outcome``, and its value over
    both steps; None when no division does."""
    mdl = DamageModel(deadline)
    marked0 = {c: f.marked for c, f in c0.fighters.items()}
    s1 = mdl.step(c0, first, marked0, "1")
    if not _require_outcome(mdl, c0, s1, marked0, outcome):
        return None
    c2 = _second_combat(c0, outcome.dead | outcome.dead_attackers, outcome.zeroed,
                        outcome.attacker_minus)
    second = c2.assigners("regular", before=c0)
    marked2 = {c: marked0.get(c, 0) + s1.unprevented.get(c, 0) for c in c2.fighters}
    s2 = mdl.step(c2, second, marked2, "2")
    for b in c2.blocks:
        mdl.may_destroy(c2, b, marked2[b], s2, f"d2:{b}")
    primary, secondary = mdl.objectives(maximize, [s1, s2])
    fixed = len(outcome.dead) if maximize == "kills" else 0
    got = mdl.solve(primary, secondary, fixed_primary=fixed)
    if got is None:
        return None
    return got.primary, read(got, s1.x)


# -- the whole combat ---------------------------------------------------------------------------


def _play(combat: Combat, attackers: Assignment, blockers: Assignment, step: Literal[
        "first", "regular"], before: Combat | None = None) -> StepResult:
    """Check (as a judge would) and deal one step's assignment."""
    verdict = check_damage(combat, {**attackers, **blockers}, step, before=before)
    if not verdict.legal or verdict.result is None:  # pragma: no cover - solver invariant
        raise RuntimeError(f"the chosen assignment is illegal: {verdict.reason}")
    return verdict.result


def _two_steps(c0: Combat, maximize: Maximize, deadline: Deadline) -> list[StepResult]:
    """The first-strike step planned together with the regular step, then the regular step."""
    first = c0.assigners("first")
    plans = [(_plan(c0, first, blk, maximize, deadline), blk)
             for blk in blocker_outcomes(c0, first, deadline)]
    (_, att1), blk1 = min(plans, key=lambda p: p[0][0])
    r1 = _play(c0, att1, blk1, "first")
    c1 = after(c0, r1)
    second = c1.assigners("regular", before=c0)
    blk2 = blocker_outcomes(c1, second, deadline)[0]
    r2 = _play(c1, _solve_one(c1, second, maximize, deadline), blk2, "regular", before=c0)
    return [r1, r2]


def resolve_combat(board: Board, maximize: Maximize = "player", *,
                   deadline: Deadline | None = None,
                   catalog: Catalog | None = None) -> CombatResult:
    """Play every combat damage step of ``board``'s combat (CR 510).

    The attacking player's divisions maximise damage to players' life (``player``) or the
    number of blocking creatures destroyed (``kills``) over the whole combat; each blocker that
    blocks several attackers divides to destroy as many as it can, ties broken against the
    attacker. Every solve is limited to what is left of ``deadline`` (default: none):
    :class:`~mtgcombat.errors.TimeLimitReached` once it has passed; ``catalog``: where printed
    values come from (None: the default catalog)."""
    deadline = deadline or NO_DEADLINE
    deadline.check()
    c0 = combat_at(board, catalog)
    steps: list[StepResult]
    if not c0.first_step_exists():
        first = c0.assigners("first")
        blk = blocker_outcomes(c0, first, deadline)[0]
        steps = [_play(c0, _solve_one(c0, first, maximize, deadline), blk, "first")]
    else:
        steps = _two_steps(c0, maximize, deadline)
    blockers = set(c0.blocks)
    destroyed = tuple(c for s in steps for c in s.destroyed)
    poison: dict[str, int] = {}
    for s in steps:
        for who, n in s.poison.items():
            poison[who] = poison.get(who, 0) + n
    return CombatResult(maximize=maximize, steps=tuple(steps), poison=poison,
                        object_damage=sum(s.object_damage for s in steps),
                        player_damage=sum(s.player_damage for s in steps),
                        kills=sum(1 for c in destroyed if c in blockers),
                        life=dict(steps[-1].life) if steps else
                        {p.name: p.life for p in c0.board.players},
                        destroyed=destroyed)
