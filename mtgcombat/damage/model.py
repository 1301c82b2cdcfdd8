"""The integer model of the attacking player's combat damage divisions (CR 510.1) over one or
two steps, with what the damage does: damage to players, poison counters (infect, toxic),
loyalty/defense removed, blockers destroyed (with deathtouch, -1/-1 counters from infect and
wither, protection, fogs and prevention shields).

Prevention shields are modelled on totals: a shield of N on a recipient lets through
``max(0, S - N)`` of the ``S`` damage assigned to it, deathtouch damage first (as dealing does);
poison and -1/-1 counters behind a shield are counted as if the shield took them first, which
can only make a plan look worse than it is (the plan played is checked and dealt exactly).
Likewise, when both steps are planned together, the regular step is modelled with the shields
whole and an attacked planeswalker's loyalty as the first step began (trample over
planeswalkers then waits for that whole loyalty); the regular step actually played is solved
again on the combat the first step left. What a partial prevention takes of each source's
damage (Sphere of Law) comes off each division and what multiplies or increases it (Furnace
of Rath) applies next, both before the shields (dealing applies shields before increases);
a creature that loses +1/+1 counters as damage to it is prevented (Phantom Centaur) counts as
destroyed when the counters lost bring its toughness down to its damage (a regular step
planned with the first takes the counters it had as the first began).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from mtgcombat.damage.assignment import Options, options
from mtgcombat.damage.combat import Assignment, Combat
from mtgcombat.errors import Deadline
from mtgcombat.solver.integer import Expr, IntModel, IntSolution, Var

Maximize = Literal["player", "kills", "poison", "permanents"]
"""What the attacking player's divisions maximise first: damage dealt to players, blocking
creatures destroyed, poison counters given, or loyalty/defense removed from planeswalkers and
battles (damage to players second, kills second for ``player``)."""


@dataclass
class StepVars:
    """The variables of one step and the sums the objectives and outcomes use."""

    x: dict[tuple[str, str], Var]
    player: list[Expr]
    poison: list[Expr]
    unprevented: dict[str, Expr]
    deathtouch_unprevented: dict[str, Expr]
    wither_unprevented: dict[str, Expr]
    to_object: dict[str, Expr]
    shed: dict[str, Expr] = field(default_factory=dict)
    """+1/+1 counters a shedding creature loses in the step (Phantom Centaur)."""


@dataclass
class _Sums:
    """The division variables of one step grouped by what they add up to."""

    assigned: dict[str, list[Var]] = field(default_factory=dict)
    dt_assigned: dict[str, list[Var]] = field(default_factory=dict)
    through: dict[str, list[Expr]] = field(default_factory=dict)
    dt_through: dict[str, list[Expr]] = field(default_factory=dict)
    wither_through: dict[str, list[Expr]] = field(default_factory=dict)
    infect_to_player: dict[str, list[Expr]] = field(default_factory=dict)
    toxic: list[tuple[Expr, str, int]] = field(default_factory=list)
    dealt: dict[tuple[str, str], Expr] = field(default_factory=dict)
    """Each division's damage less what is prevented of it each step (Sphere of Law)."""

    def add(self, combat: Combat, c: str, r: str, var: Var, dealt: Expr) -> None:
        """File ``var`` (``c``'s damage to ``r``; ``dealt``: what a partial prevention lets
        through) under each sum it is part of."""
        src = combat.fighters[c]
        self.dealt[c, r] = dealt
        if r in combat.fighters:
            self.assigned.setdefault(r, []).append(var)
            if src.has("deathtouch"):
                self.dt_assigned.setdefault(r, []).append(var)
        if combat.prevents(c, r):
            return
        self.through.setdefault(r, []).append(dealt)
        if r in combat.fighters:
            if src.has("deathtouch"):
                self.dt_through.setdefault(r, []).append(dealt)
            if src.has("infect") or src.has("wither"):
                self.wither_through.setdefault(r, []).append(dealt)
        elif r in combat.players:
            if src.has("infect"):
                self.infect_to_player.setdefault(r, []).append(dealt)
            if src.toxic:
                self.toxic.append((dealt, r, src.toxic))


class DamageModel:
    """One integer model of the attackers' divisions over one or two steps."""

    def __init__(self, deadline: Deadline) -> None:
        self.m = IntModel()
        self.kills: list[Var] = []
        self.deadline = deadline
        self.removed: dict[str, list[Var]] = {}
        self.loyalty: dict[str, int] = {}

    def step(self, combat: Combat, who: Iterable[str], marked: Mapping[str, Expr],
             tag: str) -> StepVars:
        """Variables and 510.1 constraints for the attackers among ``who``."""
        x, tramplers, freed = self._divisions(combat, who, tag)
        sums = _Sums()
        for (c, r), var in x.items():
            sums.add(combat, c, r, var, self._dealt(combat, c, r, var, tag))
        self._walkers(combat, x, tramplers, tag)
        lethal: dict[str, Var] = {}
        for opt in tramplers:
            assert opt.trample_target is not None
            over = x[opt.creature, opt.trample_target] + (
                x[opt.creature, opt.beyond] if opt.beyond is not None else 0)
            for b in opt.blockers:
                if b not in lethal:
                    lethal[b] = self._lethal(combat.fighters[b].toughness, marked.get(b, 0),
                                             sums.assigned.get(b, []),
                                             sums.dt_assigned.get(b, []), f"{tag}:lethal:{b}")
                lits = [self.m.negation(lethal[b])]
                if opt.creature in freed:
                    lits.append(self.m.negation(freed[opt.creature]))
                self.m.add(over == 0).only_enforce_if(*lits)
        return self._outcomes(combat, sums, x, tag)

    def _dealt(self, combat: Combat, c: str, r: str, var: Var, tag: str) -> Expr:
        """What ``c``'s division ``var`` to ``r`` deals: less what a partial prevention takes,
        then multiplied and increased (Furnace of Rath, Torbran)."""
        red = combat.reduction(c, r)
        dealt: Expr = self.shielded(var, red, f"{tag}:reduced:{c}:{r}") if red else var
        mult, add = combat.prevention.increases.get((c, r), (1, 0))
        if add:
            hit = self.m.bool_var(f"{tag}:increased:{c}:{r}")
            self.m.add(dealt >= 1).only_enforce_if(hit)
            self.m.add(dealt <= 0).only_enforce_if(self.m.negation(hit))
            return mult * dealt + add * hit
        return mult * dealt if mult != 1 else dealt

    def _walkers(self, combat: Combat, x: Mapping[tuple[str, str], Var],
                 opts: Sequence[Options], tag: str) -> None:
        """Trample over planeswalkers: nothing to the planeswalker's controller unless the
        planeswalker is assigned damage equal to its loyalty in this step (702.19c)."""
        for opt in opts:
            if opt.beyond is None or opt.walker is None:
                continue
            full = self.m.bool_var(f"{tag}:walker:{opt.creature}")
            on_walker = sum(v for (_, r), v in x.items() if r == opt.walker)
            self.m.add(on_walker >= combat.counters[opt.walker]).only_enforce_if(full)
            self.m.add(x[opt.creature, opt.beyond] == 0).only_enforce_if(self.m.negation(full))

    def _outcomes(self, combat: Combat, sums: _Sums, x: dict[tuple[str, str], Var],
                  tag: str) -> StepVars:
        """What the step's divisions do, behind prevention shields."""
        shields = combat.prevention.shields
        through = {r: self.shielded(sum(v), shields.get(r, 0), f"{tag}:through:{r}")
                   for r, v in sums.through.items()}

        def behind(group: dict[str, list[Var]], name: str) -> dict[str, Expr]:
            return {r: self.shielded(sum(v), shields.get(r, 0), f"{tag}:{name}:{r}")
                    for r, v in group.items()}

        poison: list[Expr] = list(behind(sums.infect_to_player, "infect").values())
        for i, (var, p, n) in enumerate(sums.toxic):
            hit = self.m.bool_var(f"{tag}:toxic:{i}")
            self.m.add(var >= 1 + shields.get(p, 0)).only_enforce_if(hit)
            poison.append(n * hit)
        objects = {r: e for r, e in through.items() if r in combat.counters}
        for r, e in objects.items():
            self.loyalty.setdefault(r, combat.counters[r])
            gone = self.m.int_var(0, combat.counters[r], f"{tag}:removed:{r}")
            self.m.add(gone <= e)
            self.removed.setdefault(r, []).append(gone)
        return StepVars(x=x, player=[e for r, e in through.items() if r in combat.players],
                        poison=poison,
                        unprevented={r: e for r, e in through.items() if r in combat.fighters},
                        deathtouch_unprevented=behind(sums.dt_through, "dt"),
                        wither_unprevented=behind(sums.wither_through, "wither"),
                        to_object=objects, shed=self._shed(combat, sums.dealt, tag))

    def _shed(self, combat: Combat, x: Mapping[tuple[str, str], Expr], tag: str
              ) -> dict[str, Expr]:
        """The +1/+1 counters each shedding creature loses (as dealing counts them: one if
        any damage nothing else prevents would be dealt to it, or one per 1 damage), as many
        as it has."""
        have = {p.id: p.counters.get("+1/+1", 0) for p in combat.board.permanents}
        out: dict[str, Expr] = {}
        for r, how in combat.prevention.shedding.items():
            hits = [v for (c, rid), v in x.items()
                    if rid == r and not combat.prevents(c, r, shedding=False)]
            n = have.get(r, 0)
            if not hits or not n or r not in combat.fighters:
                continue
            total = sum(hits)
            if how == "that_many":
                out[r] = total - self.shielded(total, n, f"{tag}:shed:{r}")
                continue
            hit = self.m.bool_var(f"{tag}:shed:{r}")
            self.m.add(total >= 1).only_enforce_if(hit)
            self.m.add(total <= 0).only_enforce_if(self.m.negation(hit))
            out[r] = 1 * hit
        return out

    def shielded(self, total: Expr, shield: int, name: str) -> Expr:
        """``max(0, total - shield)``: what a shield of ``shield`` lets through."""
        if shield <= 0:
            return total
        m = self.m
        over = m.bool_var(name + ":over")
        out = m.int_var(0, 10_000, name)
        m.add(out == total - shield).only_enforce_if(over)
        m.add(total >= shield).only_enforce_if(over)
        m.add(out == 0).only_enforce_if(m.negation(over))
        m.add(total <= shield).only_enforce_if(m.negation(over))
        return out

    def _divisions(self, combat: Combat, who: Iterable[str], tag: str
                   ) -> tuple[dict[tuple[str, str], Var], list[Options], dict[str, Var]]:
        """One variable per attacker and recipient, summing to its power (510.1a); the
        attacking tramplers that may assign excess to what they attack; and for each attacker
        that may assign as though unblocked, the boolean that it does (510.1c)."""
        x: dict[tuple[str, str], Var] = {}
        tramplers, freed = [], {}
        for c in who:
            if not combat.is_attacker(c):
                continue
            opt = options(combat, c)
            if not opt.recipients:
                continue
            for r in opt.recipients:
                x[c, r] = self.m.int_var(0, opt.power, f"{tag}:{c}->{r}")
            total = sum(x[c, r] for r in opt.recipients)
            if opt.unblocked_target is not None:
                u = freed[c] = self.m.bool_var(f"{tag}:unblocked:{c}")
                to_target = x[c, opt.unblocked_target]
                self.m.add(to_target == opt.power).only_enforce_if(u)
                if not opt.blockers:
                    self.m.add(total == 0).only_enforce_if(self.m.negation(u))
                    continue
                if opt.trample_target is None:
                    self.m.add(to_target == 0).only_enforce_if(self.m.negation(u))
            self.m.add(total == opt.power)
            if opt.trample_target is not None:
                tramplers.append(opt)
        return x, tramplers, freed

    def _lethal(self, toughness: int, marked: Expr, assigned: list[Var], dt: list[Var],
                name: str) -> Var:
        """A boolean that may be true only when the blocker is assigned lethal damage."""
        m = self.m
        lethal = m.bool_var(name)
        by_damage = m.bool_var(name + ":damage")
        m.add(marked + sum(assigned) >= toughness).only_enforce_if(by_damage)
        options_ = [by_damage]
        if dt:
            by_dt = m.bool_var(name + ":deathtouch")
            m.add(sum(dt) >= 1).only_enforce_if(by_dt)
            options_.append(by_dt)
        m.add_bool_or(options_).only_enforce_if(lethal)
        return lethal

    def may_destroy(self, combat: Combat, b: str, marked: Expr, sv: StepVars, name: str) -> None:
        """Count ``b`` as killed when the step's damage destroys it (for "kills")."""
        f = combat.fighters[b]
        if f.toughness <= 0 or b not in sv.unprevented and b not in sv.shed:
            return
        if f.has("indestructible") and b not in sv.wither_unprevented and b not in sv.shed:
            return
        self.kills.append(self.dies(combat, b, marked, sv, name))

    def dies(self, combat: Combat, b: str, marked: Expr, sv: StepVars, name: str) -> Var:
        """A boolean that may be true only when the step's unprevented damage destroys ``b``
        (704.5f-h: -1/-1 counters, and +1/+1 counters removed, lower its toughness as damage
        would reach it; an indestructible creature dies only of toughness 0)."""
        m = self.m
        f = combat.fighters[b]
        dies = m.bool_var(name)
        opts = []
        shed = sv.shed.get(b, 0)
        if b in sv.wither_unprevented or b in sv.shed:
            by_counters = m.bool_var(name + ":counters")
            m.add(sv.wither_unprevented.get(b, 0) + shed >= f.toughness
                  ).only_enforce_if(by_counters)
            opts.append(by_counters)
        if not f.has("indestructible"):
            by_damage = m.bool_var(name + ":damage")
            m.add(marked + sv.unprevented.get(b, 0) + shed >= f.toughness
                  ).only_enforce_if(by_damage)
            opts.append(by_damage)
            if b in sv.deathtouch_unprevented:
                by_dt = m.bool_var(name + ":deathtouch")
                m.add(sv.deathtouch_unprevented[b] >= 1).only_enforce_if(by_dt)
                opts.append(by_dt)
        m.add_bool_or(opts).only_enforce_if(dies)
        return dies

    def objectives(self, maximize: Maximize,
                   steps: Sequence[StepVars]) -> tuple[list[Expr], list[Expr]]:
        """The primary and secondary sums to maximise for ``maximize``."""
        for r, gone in self.removed.items():
            self.m.add(sum(gone) <= self.loyalty[r])
        player = [v for sv in steps for v in sv.player]
        if maximize == "kills":
            return list(self.kills), player
        if maximize == "poison":
            return [v for sv in steps for v in sv.poison], player
        if maximize == "permanents":
            return [v for gone in self.removed.values() for v in gone], player
        return player, list(self.kills)

    def solve(self, primary: list[Expr], secondary: list[Expr],
              fixed_primary: int = 0) -> IntSolution | None:
        """Maximise primary, then secondary, within what is left of the deadline; None when
        infeasible."""
        return self.m.maximize_lexicographic(primary, secondary, primary_offset=fixed_primary,
                                             time_limit=self.deadline.remaining())


def read(solution: IntSolution, x: Mapping[tuple[str, str], Var]) -> Assignment:
    """The step's division in ``solution`` (a creature assigning nothing maps to {})."""
    out: Assignment = {}
    for (c, r), var in x.items():
        n = solution.value(var)
        split = out.setdefault(c, {})
        if n:
            split[r] = n
    return out
