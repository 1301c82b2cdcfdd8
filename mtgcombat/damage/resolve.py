"""Playing out combat damage (SPEC §12): both steps, the attacking player's divisions chosen by
an integer CP-SAT model, the blockers' divisions by the fixed rule "kill as many attackers as
it can, ties broken against the attacker".

With a first-strike step the attacking player's first-step division is chosen together with the
second step: for each set of blockers (and attacked planeswalkers/battles) the first step can
destroy, one model asks the first step to destroy exactly that set and plays the second step on
the board that results (so abilities granted by a destroyed permanent are gone, 510.4).
OR-Tools is imported only inside the functions that solve.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any, Literal

from mtgcombat.board.model import Board
from mtgcombat.damage.rules import (
    Assignment,
    Combat,
    StepResult,
    after,
    check_damage,
    choices,
    combat_at,
    deal,
    options,
)

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

Maximize = Literal["player", "kills"]
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

    def to_json(self) -> dict[str, Any]:
        return {"maximize": self.maximize, "player_damage": self.player_damage,
                "kills": self.kills, "life": dict(self.life),
                "destroyed": list(self.destroyed),
                "steps": [s.to_json() for s in self.steps]}


# -- the blocking player's divisions -----------------------------------------------------------


def blocker_outcomes(combat: Combat, who: Sequence[str]) -> list[Assignment]:
    """The blockers' divisions that destroy the most attackers, one per distinct set of
    destroyed attackers (first found first)."""
    blockers = [c for c in who if not combat.is_attacker(c)]
    per = [choices(options(combat, b)) for b in blockers]
    total = 1
    for p in per:
        total *= len(p)
    if total > BLOCKER_LIMIT:
        raise ValueError(f"too many ways ({total}) for the blockers to divide their damage")
    best = -1
    out: dict[frozenset[str], Assignment] = {}
    for combo in product(*per):
        asg = dict(zip(blockers, combo, strict=True))
        killed = frozenset(deal(combat, asg, "first").destroyed) & frozenset(combat.attack)
        if len(killed) > best:
            best, out = len(killed), {}
        if len(killed) == best and killed not in out:
            out[killed] = asg
    return list(out.values())


# -- the attacking player's divisions: a CP-SAT model -------------------------------------------


Expr = Any
"""A CP-SAT linear expression or an int."""


@dataclass
class _StepVars:
    x: dict[tuple[str, str], Any]
    player: list[Any]
    unprevented: dict[str, Expr]
    deathtouch_unprevented: dict[str, Expr]
    to_object: dict[str, Expr]


class _Model:
    """One CP-SAT model of the attackers' divisions over one or two steps."""

    def __init__(self) -> None:
        from ortools.sat.python import cp_model

        from mtgcombat.solver.cpsat import new_model

        self.cp = cp_model
        self.m: cp_model.CpModel = new_model()
        self.kills: list[Any] = []

    def step(self, combat: Combat, who: Iterable[str], marked: Mapping[str, Expr],
             tag: str) -> _StepVars:
        """Variables and 510.1 constraints for the attackers among ``who``."""
        m = self.m
        x: dict[tuple[str, str], Any] = {}
        tramplers = []
        for c in who:
            if not combat.is_attacker(c):
                continue
            opt = options(combat, c)
            if not opt.recipients:
                continue
            for r in opt.recipients:
                x[c, r] = m.new_int_var(0, opt.power, f"{tag}:{c}->{r}")
            m.add(sum(x[c, r] for r in opt.recipients) == opt.power)
            if opt.trample_target is not None:
                tramplers.append(opt)
        assigned: dict[str, list[Any]] = {}
        dt_assigned: dict[str, list[Any]] = {}
        unprevented: dict[str, list[Any]] = {}
        dt_unprevented: dict[str, list[Any]] = {}
        to_object: dict[str, list[Any]] = {}
        player: list[Any] = []
        for (c, r), var in x.items():
            src = combat.fighters[c]
            if r in combat.fighters:
                assigned.setdefault(r, []).append(var)
                if src.has("deathtouch"):
                    dt_assigned.setdefault(r, []).append(var)
                if not combat.fighters[r].protected_from(src):
                    unprevented.setdefault(r, []).append(var)
                    if src.has("deathtouch"):
                        dt_unprevented.setdefault(r, []).append(var)
            elif r in combat.players:
                player.append(var)
            else:
                to_object.setdefault(r, []).append(var)
        lethal: dict[str, Any] = {}
        for opt in tramplers:
            assert opt.trample_target is not None
            over = x[opt.creature, opt.trample_target]
            for b in opt.blockers:
                if b not in lethal:
                    lethal[b] = self._lethal(combat.fighters[b].toughness, marked.get(b, 0),
                                             assigned.get(b, []), dt_assigned.get(b, []),
                                             f"{tag}:lethal:{b}")
                m.add(over == 0).only_enforce_if(lethal[b].Not())
        return _StepVars(x, player, {b: sum(v) for b, v in unprevented.items()},
                         {b: sum(v) for b, v in dt_unprevented.items()},
                         {p: sum(v) for p, v in to_object.items()})

    def _lethal(self, toughness: int, marked: Expr, assigned: list[Any], dt: list[Any],
                name: str) -> Any:
        """A boolean that may be true only when the blocker is assigned lethal damage."""
        m = self.m
        lethal = m.new_bool_var(name)
        by_damage = m.new_bool_var(name + ":damage")
        m.add(marked + sum(assigned) >= toughness).only_enforce_if(by_damage)
        options_ = [by_damage]
        if dt:
            by_dt = m.new_bool_var(name + ":deathtouch")
            m.add(sum(dt) >= 1).only_enforce_if(by_dt)
            options_.append(by_dt)
        m.add_bool_or(options_).only_enforce_if(lethal)
        return lethal

    def may_destroy(self, combat: Combat, b: str, marked: Expr, sv: _StepVars, name: str) -> None:
        """Count ``b`` as killed when the step's damage destroys it (for "kills")."""
        f = combat.fighters[b]
        if f.has("indestructible") or f.toughness <= 0 or b not in sv.unprevented:
            return
        self.kills.append(self._dies(f.toughness, marked, sv, b, name))

    def _dies(self, toughness: int, marked: Expr, sv: _StepVars, b: str, name: str) -> Any:
        m = self.m
        dies = m.new_bool_var(name)
        by_damage = m.new_bool_var(name + ":damage")
        m.add(marked + sv.unprevented[b] >= toughness).only_enforce_if(by_damage)
        opts = [by_damage]
        if b in sv.deathtouch_unprevented:
            by_dt = m.new_bool_var(name + ":deathtouch")
            m.add(sv.deathtouch_unprevented[b] >= 1).only_enforce_if(by_dt)
            opts.append(by_dt)
        m.add_bool_or(opts).only_enforce_if(dies)
        return dies

    def solve(self, primary: list[Any], secondary: list[Any],
              fixed_primary: int = 0) -> tuple[int, cp_model.CpSolver] | None:
        """Maximise primary, then secondary; None when infeasible."""
        bound = sum(1 for _ in secondary) * 1000 + 1000
        self.m.maximize((sum(primary) + fixed_primary) * bound + sum(secondary))
        solver = self.cp.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = 0
        status = solver.solve(self.m)
        if status not in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return None
        value = round(solver.objective_value) // bound
        return value, solver


def _objectives(maximize: Maximize, mdl: _Model,
                steps: Sequence[_StepVars]) -> tuple[list[Any], list[Any]]:
    player = [v for sv in steps for v in sv.player]
    return (player, mdl.kills) if maximize == "player" else (mdl.kills, player)


def _read(solver: Any, sv: _StepVars) -> Assignment:
    out: Assignment = {}
    for (c, r), var in sv.x.items():
        n = int(solver.value(var))
        split = out.setdefault(c, {})
        if n:
            split[r] = n
    return out


def _solve_one(combat: Combat, who: Sequence[str], maximize: Maximize) -> Assignment:
    """The attackers' best division for a single step on a concrete combat."""
    mdl = _Model()
    marked = {c: f.marked for c, f in combat.fighters.items()}
    sv = mdl.step(combat, who, marked, "s")
    for b in combat.blocks:
        mdl.may_destroy(combat, b, marked[b], sv, f"dies:{b}")
    primary, secondary = _objectives(maximize, mdl, [sv])
    got = mdl.solve(primary, secondary)
    if got is None:  # pragma: no cover - every step has a legal assignment
        raise RuntimeError("no legal combat damage assignment found")
    return _read(got[1], sv)


# -- two steps ----------------------------------------------------------------------------------


def _second_combat(c0: Combat, dead: frozenset[str], zeroed: frozenset[str]) -> Combat:
    """The combat as the regular step begins when ``dead`` were destroyed and ``zeroed``
    planeswalkers/battles lost all loyalty/defense in the first step (marked damage is
    the first step's, added by the model)."""
    fake = StepResult(step="first", assignment={}, events=(),
                      life={p.name: p.life for p in c0.board.players},
                      life_before={p.name: p.life for p in c0.board.players},
                      counters={k: (0 if k in zeroed else v) for k, v in c0.counters.items()},
                      marked={c: f.marked for c, f in c0.fighters.items() if c not in dead},
                      destroyed=tuple(dead), player_damage=0)
    return after(c0, fake)


def _plan(c0: Combat, first: Sequence[str], blk: Assignment,
          maximize: Maximize) -> tuple[int, Assignment]:
    """The attackers' best first-step division given the blockers' ``blk``, and its value over
    both steps."""
    dead_attackers = frozenset(deal(c0, blk, "first").destroyed) & frozenset(c0.attack)
    reach: set[str] = set()
    for c in first:
        if c0.is_attacker(c):
            reach.update(r for r in options(c0, c).recipients if options(c0, c).power > 0)
    cand_b = sorted(b for b in reach if b in c0.fighters and not c0.is_attacker(b)
                    and not c0.fighters[b].has("indestructible") and c0.fighters[b].toughness > 0)
    cand_p = sorted(p for p in reach if p in c0.counters)
    cands = cand_b + cand_p
    if len(cands) > ENUMERATION_LIMIT:
        raise ValueError(f"too many creatures and objects ({len(cands)}) the first step can "
                         "destroy to plan both steps")
    best: tuple[int, Assignment] | None = None
    for bits in product((False, True), repeat=len(cands)):
        chosen = {c for c, on in zip(cands, bits, strict=True) if on}
        got = _plan_one(c0, first, blk, maximize, dead_attackers,
                        frozenset(chosen & set(cand_b)), frozenset(chosen & set(cand_p)),
                        cand_b, cand_p)
        if got is not None and (best is None or got[0] > best[0]):
            best = got
    if best is None:  # pragma: no cover - the all-alive outcome of a legal division exists
        raise RuntimeError("no legal first-step division found")
    return best


def _plan_one(c0: Combat, first: Sequence[str], blk: Assignment, maximize: Maximize,
              dead_attackers: frozenset[str], dead: frozenset[str], zeroed: frozenset[str],
              cand_b: Sequence[str], cand_p: Sequence[str]) -> tuple[int, Assignment] | None:
    mdl = _Model()
    m = mdl.m
    marked0 = {c: f.marked for c, f in c0.fighters.items()}
    s1 = mdl.step(c0, first, marked0, "1")
    for b in cand_b:
        f = c0.fighters[b]
        u = s1.unprevented.get(b, 0)
        dt = s1.deathtouch_unprevented.get(b, 0)
        if b in dead:
            die = mdl._dies(f.toughness, marked0[b], s1, b, f"d1:{b}") if b in s1.unprevented \
                else None
            if die is None:
                return None
            m.add(die == 1)
        elif b in s1.unprevented:
            m.add(marked0[b] + u <= f.toughness - 1)
            if b in s1.deathtouch_unprevented:
                m.add(dt == 0)
    for p in cand_p:
        if p not in s1.to_object:
            if p in zeroed:
                return None
            continue
        hit = s1.to_object[p]
        if p in zeroed:
            m.add(hit >= c0.counters[p])
        else:
            m.add(hit <= c0.counters[p] - 1)
    c2 = _second_combat(c0, dead | dead_attackers, zeroed)
    second = c2.assigners("regular", before=c0)
    marked2 = {c: marked0.get(c, 0) + s1.unprevented.get(c, 0) for c in c2.fighters}
    s2 = mdl.step(c2, second, marked2, "2")
    for b in c2.blocks:
        mdl.may_destroy(c2, b, marked2[b], s2, f"d2:{b}")
    primary, secondary = _objectives(maximize, mdl, [s1, s2])
    fixed = len(dead) if maximize == "kills" else 0
    got = mdl.solve(primary, secondary, fixed_primary=fixed)
    if got is None:
        return None
    return got[0], _read(got[1], s1)


# -- the whole combat ---------------------------------------------------------------------------


def _play(combat: Combat, attackers: Assignment, blockers: Assignment, step: Literal[
        "first", "regular"], before: Combat | None = None) -> StepResult:
    """Check (as a judge would) and deal one step's assignment."""
    verdict = check_damage(combat, {**attackers, **blockers}, step, before=before)
    if not verdict.legal or verdict.result is None:  # pragma: no cover - solver invariant
        raise RuntimeError(f"the chosen assignment is illegal: {verdict.reason}")
    return verdict.result


def resolve_combat(board: Board, maximize: Maximize = "player") -> CombatResult:
    """Play every combat damage step of ``board``'s combat (SPEC §12).

    The attacking player's divisions maximise damage to players' life (``player``) or the
    number of blocking creatures destroyed (``kills``) over the whole combat; each blocker that
    blocks several attackers divides to destroy as many as it can, ties broken against the
    attacker."""
    c0 = combat_at(board)
    first = c0.assigners("first")
    steps: list[StepResult] = []
    if not c0.first_step_exists():
        blk = blocker_outcomes(c0, first)[0]
        steps.append(_play(c0, _solve_one(c0, first, maximize), blk, "first"))
    else:
        plans = [(_plan(c0, first, blk, maximize), blk) for blk in blocker_outcomes(c0, first)]
        (_, att1), blk1 = min(plans, key=lambda p: p[0][0])
        r1 = _play(c0, att1, blk1, "first")
        steps.append(r1)
        c1 = after(c0, r1)
        second = c1.assigners("regular", before=c0)
        blk2 = blocker_outcomes(c1, second)[0]
        steps.append(_play(c1, _solve_one(c1, second, maximize), blk2, "regular", before=c0))
    blockers = set(c0.blocks)
    destroyed = tuple(c for s in steps for c in s.destroyed)
    return CombatResult(maximize=maximize, steps=tuple(steps),
                        player_damage=sum(s.player_damage for s in steps),
                        kills=sum(1 for c in destroyed if c in blockers),
                        life=dict(steps[-1].life) if steps else
                        {p.name: p.life for p in board.players},
                        destroyed=destroyed)
